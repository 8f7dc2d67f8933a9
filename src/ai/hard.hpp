#pragma once
/// The `hard` level's budget (see src/ai/hard.cpp): counts, never times, so games repeat.
#include <memory>

#include "ai/player.hpp"

namespace tercio::ai {

struct HardBudget {
    int candidates = 4;   ///< the normal level's best commands compared
    int samples = 6;      ///< deals of the unseen cards and dice, each played out for every candidate
    int phases = 1;       ///< play on until this many phases have ended (1: the current one)
    int depth = 12;       ///< decisions played after the candidate, at most
    double margin = 1.0;  ///< candidates scored this far below the best are left out
};

std::unique_ptr<Player> make_hard(std::uint64_t seed, HardBudget budget);

}  // namespace tercio::ai
