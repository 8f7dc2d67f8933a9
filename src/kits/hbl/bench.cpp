// Hell Broke Loose's computer bench (kits/hbl/bench.hpp).
#include "kits/hbl/bench.hpp"

#include <array>

#include "kits/hbl/kit.hpp"

namespace tercio::kits {

namespace {

/// Each played kAiGames times (scaled by --games / 60), the levels changing sides every other game.
constexpr std::array<BenchMatch, 2> kMatches = {{{ai::Level::Normal, ai::Level::Random},
                                                 {ai::Level::Normal, ai::Level::Normal}}};
constexpr int kAiGames = 2;

}  // namespace

int HblBench::computer_bench(const std::vector<hbl::Context>& pairings, int games) {
    static constexpr std::array<ai::Level, 2> kLevels = {ai::Level::Random, ai::Level::Normal};
    return play_computer_bench<HblKit>(pairings, kMatches, kAiGames, kLevels, games);
}

}  // namespace tercio::kits
