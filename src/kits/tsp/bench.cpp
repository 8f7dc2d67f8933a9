// The Sword and the Pike's computer bench (kits/tsp/bench.hpp).
#include "kits/tsp/bench.hpp"

#include <array>

#include "kits/tsp/kit.hpp"

namespace tercio::kits {

namespace {

/// Each played kAiGames times (scaled by --games / 60), the levels changing sides every other game.
constexpr std::array<BenchMatch, 2> kMatches = {{{ai::Level::Normal, ai::Level::Random},
                                                 {ai::Level::Normal, ai::Level::Normal}}};
constexpr int kAiGames = 2;

}  // namespace

int TspBench::computer_bench(const std::vector<tsp::Context>& pairings, int games) {
    static constexpr std::array<ai::Level, 2> kLevels = {ai::Level::Random, ai::Level::Normal};
    return play_computer_bench<TspKit>(pairings, kMatches, kAiGames, kLevels, games);
}

}  // namespace tercio::kits
