#pragma once
/// Plain-words descriptions of rules events, one line each, for the runner and the log.
#include <string>
#include <vector>

#include "rules/event.hpp"
#include "rules/game.hpp"

namespace tercio::control {

/// One line describing the event. `s` is the state after the command that produced it (unit
/// labels and names come from it).
std::string describe(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Event& e);

/// "Side A (French)".
std::string side_name(const rules::RulesContext& ctx, rules::Side side);

/// "A K1 Gendarmes": its side, label, and the list's name for the unit. The side comes first
/// always, since both sides may have a K1.
std::string unit_name(const rules::RulesContext& ctx, const rules::GameState& s, std::size_t unit);

/// "Gendarmes": the list's name for the unit (its upgrade's, its line's, or its troop type's).
std::string unit_title(const rules::RulesContext& ctx, const rules::GameState& s, std::size_t unit);

/// The die a modified roll uses and why: "d8, UP 1 charging (PS-MELEE-7): net UP 1 -> d10".
std::string dice_text(const rules::ModifiedRoll& r);

/// Why a modified roll came out as it did: the base die, each modifier with its steps, name and
/// rule ID, the net, the final die (PS-DICE-3) and the natural result, e.g. "d8, UP 1 charging
/// (PS-MELEE-7), DOWN 1 disordered (PS-MELEE-8): net 0 -> d8, rolled 7".
std::string explain_roll(const rules::ModifiedRoll& r);

/// The "why" of an event, shown when a player expands its log line: for events with modified
/// rolls (shots, melees, morale checks, chips, rallies) one line per roll, named by the unit that
/// rolled, then one line naming the result and its rule; empty for every other event.
std::vector<std::string> explain(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Event& e);

}  // namespace tercio::control
