// TEMPORARY stub while the level is written: plays like the random baseline.
#include "ai/levels.hpp"

namespace tercio::ai {
std::unique_ptr<Player> make_normal(std::uint64_t seed) { return make_random(seed); }
}  // namespace tercio::ai
