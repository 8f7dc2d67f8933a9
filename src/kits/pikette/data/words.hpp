#pragma once
/// Pikette Squared's words its loaders' messages list (ruleset, army and position files).
/// Private to its data library, defined in ruleset_loader.cpp.
#include <string>

#include "rules/game_state.hpp"

namespace tercio::rules::detail {

/// The longest distance a file may give, in half-squares: 30 squares (rulesets, army lists and
/// positions alike).
inline constexpr int kMaxHalf = 60;
/// A move in progress holds at most MoveInProgress::kMaxSteps steps, each at least a square.
inline constexpr int kMaxMoveHalf = 2 * MoveInProgress::kMaxSteps;

/// "a, b ... or z": the names a file may use, for "use ..." hints in messages.
std::string card_kind_choices();
std::string ability_choices();

}  // namespace tercio::rules::detail
