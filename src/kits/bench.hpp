#pragma once
/// What the benches of every ruleset share (`tercio bench`, docs/performance.md): the signature
/// fold, the clocks, the seeded matches between the computer's levels and the lines that print
/// their decision times. The generic bench (src/app/bench_command.cpp) and each kit's own benches
/// (its `Bench` group, kits/kit.hpp) use them, so that a figure means the same in each.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ai/match.hpp"
#include "ai/player.hpp"
#include "ai/stats.hpp"
#include "core/engine.hpp"

namespace tercio::kits {

/// How many of a ruleset's armies `tercio bench` and `tercio sim --all-armies` pair, each against
/// each (36 pairings; the kit's Files::paired_armies).
inline constexpr std::size_t kPairedArmies = 6;

using BenchClock = std::chrono::steady_clock;

/// The signatures are FNV-1a folds of the final states' hashes (and of the commands' text).
inline constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ULL;
inline std::uint64_t fold(std::uint64_t signature, std::uint64_t value) {
    return (signature ^ value) * 0x100000001B3ULL;
}

inline double ms_since(BenchClock::time_point t0) {
    return std::chrono::duration<double, std::milli>(BenchClock::now() - t0).count();
}

/// The CPU time this process has used, in seconds: what a loaded, shared machine does not
/// distort as wall time is. The benches report it.
inline double cpu_seconds() {
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

/// `tercio bench --games` when not given; a computer's bench plays its usual number of games at it.
inline constexpr int kBenchGames = 60;

/// The games a computer's bench plays per match when `tercio bench` plays `games` random ones:
/// `at_default` scaled by games / kBenchGames, at least one.
inline int games_per_match(int games, int at_default) {
    return std::max(1, at_default * games / kBenchGames);
}

/// One match of a computer's bench: the level of side A (red) and of side B (blue) in its first
/// game; they change sides every other game.
struct BenchMatch {
    ai::Level red;
    ai::Level blue;
};

/// What a computer's bench counts.
struct BenchTotals {
    std::uint64_t signature = kFnvOffset;
    std::uint64_t evaluated = 0;
    long decisions = 0;
    int games = 0;
    double ms = 0;  ///< wall time of the games (and of any decisions the bench times itself)
    std::array<ai::TimeHistogram, ai::kLevels.size()> times;
};

/// Plays `per_match` seeded games of each match with kit K's computer (`K::Computer`), the
/// levels changing sides every other game: game k (counted over all the matches) is seeded
/// 101 + k between pairing (13k + 2) mod the pairings (13 is prime to 36: the games go through all
/// of them). Each final state's hash is folded into the signature. Throws what the match throws
/// (ai::IllegalChoice, or a game that never ends).
template <class K>
void play_bench_matches(const std::vector<typename K::Engine::Context>& pairings, std::span<const BenchMatch> matches,
                        int per_match, BenchTotals& t) {
    using E = typename K::Engine;
    ai::MatchOptions mo;
    mo.time_decisions = true;
    int k = 0;
    for (const BenchMatch& m : matches) {
        for (int g = 0; g < per_match; ++g, ++k) {
            std::array<ai::Level, 2> levels = {m.red, m.blue};
            if (g % 2 == 1) std::swap(levels[0], levels[1]);
            const std::size_t pairing = static_cast<std::size_t>(k * 13 + 2) % pairings.size();
            const std::uint64_t seed = 101 + static_cast<std::uint64_t>(k);
            auto a = K::Computer::make_player(levels[0], ai::player_seed(seed, core::Side::A));
            auto b = K::Computer::make_player(levels[1], ai::player_seed(seed, core::Side::B));
            const auto t0 = BenchClock::now();
            const ai::GameResultOf<E> r = ai::play_match<E>(pairings[pairing], seed, *a, *b, mo);
            t.ms += ms_since(t0);
            t.signature = fold(t.signature, r.final_hash);
            t.evaluated += r.evaluated[0] + r.evaluated[1];
            t.decisions += r.decisions;
            ++t.games;
            for (std::size_t s = 0; s < 2; ++s) {
                for (double ms : r.decide_ms[s]) t.times[static_cast<std::size_t>(levels[s])].add(ms);
            }
        }
    }
}

/// "ai normal  median 0.123 ms, p95 0.456 ms per decision (789 decisions)".
inline void print_level_times(ai::Level level, const ai::TimeHistogram& h) {
    std::printf("ai %-7s median %.3f ms, p95 %.3f ms per decision (%llu decisions)\n",
                std::string(ai::level_name(level)).c_str(), h.quantile(0.5), h.quantile(0.95),
                static_cast<unsigned long long>(h.count()));
}

/// The exit code of a bench whose player chose an illegal command or whose game never ended (the
/// program's kExitIllegal, src/app/exit_codes.hpp).
inline constexpr int kBenchIllegal = 1;

/// A `Bench::computer_bench` that plays `matches` (`at_default` games of each at `tercio bench`'s
/// default --games, scaled by games / 60) and prints the games, the signature, the CPU time and
/// each of `levels`' decision times: what a kit whose computer bench is a list of matches calls.
template <class K>
int play_computer_bench(const std::vector<typename K::Engine::Context>& pairings, std::span<const BenchMatch> matches,
                        int at_default, std::span<const ai::Level> levels, int games) {
    const int per_match = games_per_match(games, at_default);
    BenchTotals t;
    const double cpu0 = cpu_seconds();
    try {
        play_bench_matches<K>(pairings, matches, per_match, t);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tercio bench: %s\n", e.what());
        return kBenchIllegal;
    }
    const double cpu = cpu_seconds() - cpu0;
    std::printf("ai games %d (%zu matches x %d)  decisions %ld\n", t.games, matches.size(), per_match, t.decisions);
    std::printf("ai signature %016llx\n", static_cast<unsigned long long>(t.signature));
    std::printf("ai cpu time %.2f s\n", cpu);
    for (const ai::Level l : levels) print_level_times(l, t.times[static_cast<std::size_t>(l)]);
    return 0;
}

/// A bench a ruleset has beside the standard one (`tercio bench --reactions`): run instead of it,
/// over the 36 pairings of the ruleset's armies, with a count N; it prints what it measures and
/// returns the exit code (kits::kBenchIllegal when a game goes wrong).
template <class E>
struct OtherBench {
    std::string_view flag;  ///< its option, without the dashes: "reactions"
    int (*run)(const std::vector<typename E::Context>& pairings, int n);
};

}  // namespace tercio::kits
