#pragma once
/// Plain-words descriptions of rules events, one line each, for the runner and the log.
#include <string>

#include "rules/event.hpp"
#include "rules/game.hpp"

namespace tercio::control {

/// One line describing the event. `s` is the state after the command that produced it (unit
/// labels and names come from it).
std::string describe(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Event& e);

/// "Side A (French)".
std::string side_name(const rules::RulesContext& ctx, rules::Side side);

/// "K1 Gendarmes (A)": label, the list's name for the unit, and its side.
std::string unit_name(const rules::RulesContext& ctx, const rules::GameState& s, std::size_t unit);

}  // namespace tercio::control
