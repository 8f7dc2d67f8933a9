// The baseline for Pikette Squared: the generic random player (src/ai/player.hpp).
#include "kits/pikette/ai/levels.hpp"

namespace tercio::ai {

std::unique_ptr<Player> make_random(std::uint64_t seed) {
    return std::make_unique<RandomPlayer<rules::Engine>>(seed);
}

}  // namespace tercio::ai
