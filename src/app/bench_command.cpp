#include "app/bench_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <variant>
#include <vector>

#include "app/exit_codes.hpp"
#include "data/data_files.hpp"
#include "rules/game.hpp"
#include "rules/state_hash.hpp"

namespace tercio::app {

namespace {

using Clock = std::chrono::steady_clock;

const char* const kArmies[] = {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};

}  // namespace

int run_bench(int games, const std::filesystem::path& data_dir) {
    data::DataCatalog catalog(data_dir);
    std::map<std::string, rules::ArmyList> armies;
    for (const char* id : kArmies) {
        const auto file = data_dir / "armies" / (std::string(id) + ".toml");
        auto loaded = data::load_army(file.string(), data::read_file(file).text, catalog.resolver());
        if (!loaded.ok()) {
            for (const auto& e : loaded.errors) std::cerr << e.to_string() << '\n';
            return kExitDataError;
        }
        armies.emplace(id, std::move(*loaded.value));
    }
    std::string why;
    const rules::Ruleset* rs = catalog.ruleset("pikette-squared", why);
    if (!rs) {
        std::cerr << why << '\n';
        return kExitDataError;
    }

    // Random legal play: game g pits army g % 6 against army (g / 6) % 6, dice seeded g + 1,
    // choices from a separate stream; concessions are left out.
    std::uint64_t signature = 0xCBF29CE484222325ULL;
    long decisions = 0;
    long legal_listed = 0;
    std::vector<double> game_ms;
    for (int g = 0; g < games; ++g) {
        const auto t0 = Clock::now();
        const rules::RulesContext ctx{rs, {&armies.at(kArmies[g % 6]), &armies.at(kArmies[(g / 6) % 6])}};
        core::SeededDice dice(static_cast<std::uint64_t>(g) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(g) * 7919 + 13);
        rules::GameState s;
        rules::new_game(ctx, s, dice);
        while (s.decision != rules::Decision::GameOver) {
            auto legal = rules::legal_commands(ctx, s);
            legal_listed += static_cast<long>(legal.size());
            legal.erase(std::remove_if(legal.begin(), legal.end(),
                                       [](const rules::Command& c) { return std::holds_alternative<rules::Concede>(c); }),
                        legal.end());
            const auto& c = legal[static_cast<std::size_t>(chooser.pick(static_cast<int>(legal.size()), core::RollPurpose::Other))];
            rules::apply(ctx, s, c, dice);
            ++decisions;
        }
        signature = (signature ^ rules::state_hash(s)) * 0x100000001B3ULL;
        game_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    std::sort(game_ms.begin(), game_ms.end());
    double total_ms = 0;
    for (double ms : game_ms) total_ms += ms;

    // The cost of copying a state, which the computer opponent will do very often.
    rules::GameState probe;
    {
        const rules::RulesContext ctx{rs, {&armies.at("french"), &armies.at("spanish")}};
        core::SeededDice dice(1);
        rules::new_game(ctx, probe, dice);
    }
    constexpr int kCopies = 200000;
    std::vector<rules::GameState> sink(2);
    const auto c0 = Clock::now();
    for (int i = 0; i < kCopies; ++i) sink[static_cast<std::size_t>(i & 1)] = probe;
    const double copy_ns = std::chrono::duration<double, std::nano>(Clock::now() - c0).count() / kCopies;

    std::printf("games %d  decisions %ld  legal commands listed %ld\n", games, decisions, legal_listed);
    std::printf("signature %016llx\n", static_cast<unsigned long long>(signature));
    std::printf("game time: median %.2f ms, p95 %.2f ms; %.1f games/s, %.0f decisions/s\n",
                game_ms[game_ms.size() / 2], game_ms[game_ms.size() * 95 / 100], 1000.0 * games / total_ms,
                1000.0 * static_cast<double>(decisions) / total_ms);
    std::printf("GameState: %zu bytes, copy %.0f ns (%d copies; probe hash %016llx)\n", sizeof(rules::GameState),
                copy_ns, kCopies, static_cast<unsigned long long>(rules::state_hash(sink[0])));
    return kExitOk;
}

}  // namespace tercio::app
