#pragma once
/// The factories behind make_player, one per level (src/ai/<level>.cpp).
#include <memory>

#include "kits/pikette/ai/players.hpp"

namespace tercio::ai {

std::unique_ptr<Player> make_random(std::uint64_t seed);
std::unique_ptr<Player> make_easy(std::uint64_t seed);
std::unique_ptr<Player> make_normal(std::uint64_t seed);
std::unique_ptr<Player> make_hard(std::uint64_t seed);

}  // namespace tercio::ai
