#pragma once
/// The Sword and the Pike's Text group (docs/rulesets.md, "The kit: Text and Screen groups"): its
/// words for the screen. The events, their dice explained, the board and unit lines are
/// control/event_text.hpp's; the odds of a volley, a movement roll, a Shaken unit's rally and a
/// break-off test are counted by tsp/odds.hpp.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "tsp/engine.hpp"
#include "tsp/game.hpp"
#include "ui/log.hpp"
#include "ui/screen_parts.hpp"

namespace tercio::kits::tsp_kit {

struct Text {
    using Context = tsp::Context;
    using State = tsp::GameState;
    using Command = tsp::Command;

    /// "A Swiss": the side's letter and army.
    static std::string side_label(const Context& ctx, core::Side side);
    /// "Side A (Swiss)".
    static std::string side_name(const Context& ctx, core::Side side);
    /// "A P1 Swiss Pike": the side first, the label, the army's name for the unit.
    static std::string unit_name(const Context& ctx, const State& s, std::size_t unit);
    /// Every event's words (of the turn of `after`; the set-up's, turn 0); the command's dice
    /// explained under the first event that rolled them, when `before` is known.
    static std::vector<ui::LogEntry> log_entries(const Context& ctx, const State* before,
                                                 const State& after, const Command* c,
                                                 const tsp::Events& events);
    /// The exact odds (tsp/odds.hpp) of `shoot` (the distribution of hits), `activate` (the
    /// movement points, and a Shaken unit's rally first) and `break` (the break-off test); nothing
    /// for the rest, which roll no dice of the player's choosing.
    static std::optional<ui::Odds> odds(const Context& ctx, const State& s, const Command& c);
    /// What the side deciding should do now, and with which keys (two rows of 51 columns at 80x24).
    static std::string decision_hint(const Context& ctx, const State& s, const std::string& why);
    static std::string square_status(const Context& ctx, const State& s, core::Square sq,
                                     int width);
    /// A unit's rules: its companies, figures and leaders, Fresh / Worn / Spent, Steady / Shaken /
    /// Routed, its move dice, its weapon's ranges in squares and reload, its morale and rally rows.
    static std::vector<std::string> unit_reference(const Context& ctx, const State& s,
                                                   std::size_t unit);
    static std::vector<std::string> game_summary(const Context& ctx, const State& s);
    /// The command's text, and for `activate`, `break` and `hold` the unit's name.
    static std::string menu_label(const Context& ctx, const State& s, const Command& c);
    /// Its rules have no reaction out of turn (the cards decide who acts, TSP-CARD-1): the command
    /// with its odds' summary, as any command would be shown.
    static ui::ReactionOffer reaction_offer(const Context& ctx, const State& s, const Command& c);
    static const char* setup_hint();
    static const char* setup_name() { return "the first cards"; }
};

}  // namespace tercio::kits::tsp_kit
