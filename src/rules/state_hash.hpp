#pragma once
/// A 64-bit fingerprint of a game state (FNV-1a over its fields, not its bytes, so padding
/// never matters): the same game always gives the same hash, on every platform.
#include <cstdint>

#include "rules/game_state.hpp"

namespace tercio::rules {

std::uint64_t state_hash(const GameState& s);

}  // namespace tercio::rules
