#pragma once
/// Hell Broke Loose's events in plain words, one line each, for `tercio run --ruleset
/// hell-broke-loose` (and the screen's log, step 6 of docs/rulesets.md). Pure.
#include <string>

#include "hbl/game.hpp"

namespace tercio::control {

/// One event as a line: "A P1 shoots at B H2: 9 against its Defence Die's 4, 1 UI." Unit labels
/// are read from `s`, the state after the command (a unit that has left the battle keeps its
/// label).
std::string describe(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Event& e);

}  // namespace tercio::control
