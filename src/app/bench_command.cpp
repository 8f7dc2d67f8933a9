#include "app/bench_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "app/exit_codes.hpp"
#include "app/game_contexts.hpp"
#include "kits/bench.hpp"
#include "kits/registry.hpp"

namespace tercio::app {

static_assert(kits::kBenchIllegal == kExitIllegal);
static_assert(kits::kBenchGames == 60, "tercio bench --games' default (main.cpp)");

namespace {

using kits::BenchClock;
using kits::fold;
using kits::ms_since;

// ---- Random play ----

/// Random legal play: game g pits army g % 6 against army (g / 6) % 6, dice seeded g + 1,
/// choices from a separate stream; concessions are left out. The same for every engine.
template <core::RulesEngine E>
void bench_random(const std::vector<typename E::Context>& pairings, int games) {
    using State = typename E::State;
    std::uint64_t signature = kits::kFnvOffset;
    long decisions = 0;
    long legal_listed = 0;
    std::vector<double> game_ms;
    const double cpu0 = kits::cpu_seconds();
    for (int g = 0; g < games; ++g) {
        const auto t0 = BenchClock::now();
        const typename E::Context& ctx = pairings[static_cast<std::size_t>((g % 6) * 6 + (g / 6) % 6)];
        core::SeededDice dice(static_cast<std::uint64_t>(g) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(g) * 7919 + 13);
        State s;
        E::new_game(ctx, s, dice);
        while (!E::over(s)) {
            std::size_t listed = 0;
            const auto c = E::random_legal(ctx, s, chooser, &listed);
            legal_listed += static_cast<long>(listed);
            if (!c) break;  // only conceding is left (none of the shipped armies come to it)
            // The one checked step, as every game takes (it validates once, as apply does).
            E::play(ctx, s, *c, dice);
            ++decisions;
        }
        signature = fold(signature, E::hash(s));
        game_ms.push_back(ms_since(t0));
    }
    const double cpu = kits::cpu_seconds() - cpu0;
    std::sort(game_ms.begin(), game_ms.end());
    double total_ms = 0;
    for (double ms : game_ms) total_ms += ms;

    // The cost of copying a state, which the computer opponent will do very often.
    State probe;
    {
        core::SeededDice dice(1);
        E::new_game(pairings[2], probe, dice);  // french v spanish
    }
    constexpr int kCopies = 200000;
    std::vector<State> sink(2);
    const auto c0 = BenchClock::now();
    for (int i = 0; i < kCopies; ++i) sink[static_cast<std::size_t>(i & 1)] = probe;
    const double copy_ns =
        std::chrono::duration<double, std::nano>(BenchClock::now() - c0).count() / kCopies;

    std::printf("games %d  decisions %ld  legal commands listed %ld\n", games, decisions,
                legal_listed);
    std::printf("signature %016llx\n", static_cast<unsigned long long>(signature));
    std::printf("game time: median %.2f ms, p95 %.2f ms; %.1f games/s, %.0f decisions/s\n",
                game_ms[game_ms.size() / 2], game_ms[game_ms.size() * 95 / 100],
                1000.0 * games / total_ms, 1000.0 * static_cast<double>(decisions) / total_ms);
    std::printf("cpu time %.3f s: %.1f games per CPU-second, %.0f decisions per CPU-second\n", cpu, games / cpu,
                static_cast<double>(decisions) / cpu);
    std::printf("GameState: %zu bytes, copy %.0f ns (%d copies; probe hash %016llx)\n",
                sizeof(State), copy_ns, kCopies,
                static_cast<unsigned long long>(E::hash(sink[0])));
}

/// The 36 pairings of the armies of `ruleset` (of kit K), or nothing after saying why on standard
/// error.
template <class K>
std::optional<std::vector<typename K::Engine::Context>> bench_pairings(GameContexts& contexts,
                                                                       const std::string& ruleset) {
    std::string why;
    auto pairings = contexts.all_pairings<K>(ruleset, why);
    if (!pairings) std::cerr << "tercio bench: " << why << '\n';
    return pairings;
}

/// Calls `f(KitTag<K>{})` for the kit of `ruleset` (the default's when empty); kExitDataError,
/// saying why, when there is no such ruleset or this program lacks its engine.
template <class F>
int with_ruleset_kit(GameContexts& contexts, const std::string& ruleset, F&& f) {
    if (ruleset.empty()) return f(kits::KitTag<kits::DefaultKit>{});
    std::string why;
    const auto engine = contexts.engine(ruleset, why);
    if (!engine) {
        std::cerr << "tercio bench: --ruleset " << ruleset << ": " << why << '\n';
        return kExitDataError;
    }
    const auto code = kits::with_kit(*engine, f);
    if (!code) {
        std::cerr << "tercio bench: --ruleset " << ruleset << ": " << kits::unknown_engine(*engine) << '\n';
        return kExitDataError;
    }
    return *code;
}

/// A bench of the default ruleset's own, run instead of the standard one (`--reactions`).
int run_other_bench(std::string_view flag, int n, const std::filesystem::path& data_dir) {
    GameContexts contexts(data_dir);
    return with_ruleset_kit(contexts, {}, [&]<class K>(kits::KitTag<K>) {
        for (const auto& bench : K::Bench::other_benches()) {
            if (bench.flag != flag) continue;
            const auto pairings = bench_pairings<K>(contexts, std::string(rules::Engine::name));
            if (!pairings) return kExitDataError;
            return bench.run(*pairings, n);
        }
        std::cerr << "tercio bench: --" << flag << ": " << K::title << " has no such bench\n";
        return kExitUsage;
    });
}

}  // namespace

int run_reaction_bench(int games, const std::filesystem::path& data_dir) {
    return run_other_bench("reactions", games, data_dir);
}

int run_scale_bench(int games, const std::filesystem::path& data_dir) {
    return run_other_bench("scale", games, data_dir);
}

int run_bench(int games, const std::filesystem::path& data_dir, const std::string& ruleset) {
    GameContexts contexts(data_dir);
    const std::string id = ruleset.empty() ? std::string(rules::Engine::name) : ruleset;
    return with_ruleset_kit(contexts, ruleset, [&]<class K>(kits::KitTag<K>) {
        const auto pairings = bench_pairings<K>(contexts, id);
        if (!pairings) return kExitDataError;
        if (!std::is_same_v<K, kits::DefaultKit>) std::printf("ruleset %s\n", id.c_str());
        bench_random<typename K::Engine>(*pairings, games);
        std::fflush(stdout);
        return K::Bench::computer_bench(*pairings, games);
    });
}

}  // namespace tercio::app
