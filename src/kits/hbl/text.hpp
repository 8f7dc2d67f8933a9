#pragma once
/// Hell Broke Loose's Text group (docs/rulesets.md, "The kit: Text and Screen groups"): its words
/// for the screen. The events, their dice explained, the board and unit lines are
/// control/hbl_event_text.hpp's; the odds of a fight, a shot, a rally, an activation and a
/// move that fights at once are counted by hbl/odds.hpp.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "hbl/engine.hpp"
#include "hbl/game.hpp"
#include "ui/log.hpp"
#include "ui/screen_parts.hpp"

namespace tercio::kits::hbl_kit {

struct Text {
    using Context = hbl::Context;
    using State = hbl::GameState;
    using Command = hbl::Command;

    static std::string side_label(const Context& ctx, core::Side side);
    static std::string side_name(const Context& ctx, core::Side side);
    static std::string unit_name(const Context& ctx, const State& s, std::size_t unit);
    /// Every event's words (of the turn of `after`; the set-up's, turn 0); the command's dice
    /// explained under the first event that rolled them, when `before` is known.
    static std::vector<ui::LogEntry> log_entries(const Context& ctx, const State* before,
                                                 const State& after, const Command* c,
                                                 const hbl::Events& events);
    /// The exact odds (hbl/odds.hpp) of `fight`, `shoot`, `rally`, `activate`, and of a move
    /// whose contact is fought at once (HBL-MELEE-1 b, HBL-SKIRM-3); nothing for the rest.
    static std::optional<ui::Odds> odds(const Context& ctx, const State& s, const Command& c);
    static std::string decision_hint(const Context& ctx, const State& s, const std::string& why);
    static std::string square_status(const Context& ctx, const State& s, core::Square sq,
                                     int width);
    static std::vector<std::string> unit_reference(const Context& ctx, const State& s,
                                                   std::size_t unit);
    static std::vector<std::string> game_summary(const Context& ctx, const State& s);
    /// The command's text, and for `activate` the units of the command it activates.
    static std::string menu_label(const Context& ctx, const State& s, const Command& c);
    /// A shot at an activated command (HBL-SHOOT-1) with its odds' summary ("shoot ... - shot at
    /// A K1: an effect 42%, about 0.50 UI"), which y fires.
    static ui::ReactionOffer reaction_offer(const Context& ctx, const State& s, const Command& c);
    static const char* setup_hint();
    static const char* setup_name() { return "the initiative roll"; }
};

}  // namespace tercio::kits::hbl_kit
