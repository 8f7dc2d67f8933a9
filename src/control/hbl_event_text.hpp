#pragma once
/// Hell Broke Loose's events in plain words, one line each, for `tercio run --ruleset
/// hell-broke-loose` (and the screen's log, step 6 of docs/rulesets.md). Pure.
#include <string>
#include <vector>

#include "hbl/game.hpp"

namespace tercio::control {

/// One event as a line: "A P1 shoots at B H2: 9 against its Defence Die's 4, 1 UI." Unit labels
/// are read from `s`, the state after the command (a unit that has left the battle keeps its
/// label).
std::string describe(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Event& e);

/// Why the dice of `c` are what they are, in the state `s` it is given in (`tercio run --why`): for
/// a fight, each unit's Combat Die with its Ups and Downs; for a shot, the shooter's and the
/// Defence Die; for a rally or an activation, the officer's die against the D8. Nothing for a
/// command that rolls no such dice.
std::vector<std::string> explain(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Command& c);

}  // namespace tercio::control
