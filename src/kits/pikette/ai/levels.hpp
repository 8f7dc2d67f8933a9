#pragma once
/// The factories behind make_player, one per level (src/ai/<level>.cpp).
#include <memory>

#include "kits/pikette/ai/players.hpp"

namespace tercio::ai {

std::unique_ptr<Player> make_random(std::uint64_t seed);
std::unique_ptr<Player> make_easy(std::uint64_t seed);
std::unique_ptr<Player> make_normal(std::uint64_t seed);
std::unique_ptr<Player> make_hard(std::uint64_t seed);
/// `hard` with expert_budget (ai/search.hpp): ten times the samples, on the machine's threads.
std::unique_ptr<Player> make_expert(std::uint64_t seed);

}  // namespace tercio::ai
