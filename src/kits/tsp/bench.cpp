// The Sword and the Pike's computer bench (kits/tsp/bench.hpp).
#include "kits/tsp/bench.hpp"

#include <array>
#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "kits/tsp/kit.hpp"

namespace tercio::kits {

namespace {

/// Each played kAiGames times (scaled by --games / 60), the levels changing sides every other game.
constexpr std::array<BenchMatch, 2> kMatches = {{{ai::Level::Normal, ai::Level::Random},
                                                 {ai::Level::Normal, ai::Level::Normal}}};
constexpr int kAiGames = 2;

}  // namespace

int TspBench::computer_bench(const std::vector<tsp::Context>& pairings, int games) {
    const int per_match = games_per_match(games, kAiGames);
    BenchTotals t;
    const double cpu0 = cpu_seconds();
    try {
        play_bench_matches<TspKit>(pairings, kMatches, per_match, t);
    } catch (const std::exception& e) {
        std::cerr << "tercio bench: " << e.what() << '\n';
        return kBenchIllegal;
    }
    const double cpu = cpu_seconds() - cpu0;
    std::printf("ai games %d (%zu matches x %d)  decisions %ld\n", t.games, kMatches.size(), per_match, t.decisions);
    std::printf("ai signature %016llx\n", static_cast<unsigned long long>(t.signature));
    std::printf("ai cpu time %.2f s\n", cpu);
    for (ai::Level l : {ai::Level::Random, ai::Level::Normal}) print_level_times(l, t.times[static_cast<std::size_t>(l)]);
    return 0;
}

}  // namespace tercio::kits
