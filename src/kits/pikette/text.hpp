#pragma once
/// Pikette Squared's Text group (docs/rulesets.md, "The kit: Text and Screen groups"): its words
/// for the screen, from control/event_text.hpp (events and their why), control/odds_text.hpp
/// (a preview's odds), guide.hpp (the hint for each decision, the after-action summary),
/// map_pane.hpp (a square in words) and unit_reference.hpp, all in this folder.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"
#include "ui/log.hpp"
#include "ui/screen_parts.hpp"

namespace tercio::kits::pikette {

struct Text {
    using Context = rules::RulesContext;
    using State = rules::GameState;
    using Command = rules::Command;

    static std::string side_label(const Context& ctx, core::Side side);
    static std::string side_name(const Context& ctx, core::Side side);
    static std::string unit_name(const Context& ctx, const State& s, std::size_t unit);
    /// One entry per event, in order, its words and why read in the state after (PS's
    /// explanations need no other), under the turn the event belongs to (the turn that ends in
    /// the same batch, else the turn of `after`).
    static std::vector<ui::LogEntry> log_entries(const Context& ctx, const State* before,
                                                 const State& after, const Command* c,
                                                 const rules::Events& events);
    /// The preview's odds (rules/preview.hpp) of a command that rolls dice.
    static std::optional<ui::Odds> odds(const Context& ctx, const State& s, const Command& c);
    static std::string decision_hint(const Context& ctx, const State& s, const std::string& why);
    static std::string square_status(const Context& ctx, const State& s, core::Square sq,
                                     int width);
    static std::vector<std::string> unit_reference(const Context& ctx, const State& s,
                                                   std::size_t unit);
    static std::vector<std::string> game_summary(const Context& ctx, const State& s);
    /// The command's text (`tercio run`'s language).
    static std::string menu_label(const Context& ctx, const State& s, const Command& c);
    /// "shoot d5 d11 - hit or worse 30%, Routed 6%" (fires), "charge h8 - L1 Lancers (B) wins
    /// 35%, ..." (charges), "evade with S1 Skirmishers (B) from h5" (evades).
    static ui::ReactionOffer reaction_offer(const Context& ctx, const State& s, const Command& c);
    static const char* setup_hint();
    static const char* setup_name() { return "the set-up rolls"; }
};

}  // namespace tercio::kits::pikette
