// Saved games cut and resumed, a thousand of them (docs/saves.md): each random game is saved as it
// goes, cut at a random command, reloaded and played on to the same end. A long series: it runs
// in tercio_long_tests (tests/CMakeLists.txt).
#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <string>

#include "core/dice.hpp"
#include "data/save.hpp"
#include "kits/pikette/data/save.hpp"
#include "rules/state_hash.hpp"
#include "tests/data/recorded_game.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::test;

namespace {

/// Plays games with seeds [first, first + count): each saved, cut at a random command, reloaded,
/// and carried on to the same end; and every fourth whole save reloaded.
void save_cut_and_resume(int first, int count) {
    long total_commands = 0;
    int cut_mid_game = 0;
    int keyframes = 0;
    for (int seed = first; seed < first + count; ++seed) {
        const std::string a = kArmyIds[static_cast<std::size_t>(seed) % kArmyIds.size()];
        const std::string b = kArmyIds[static_cast<std::size_t>(seed / 6) % kArmyIds.size()];
        const rules::RulesContext ctx = test::Armies::get().context(a, b);
        INFO("seed " << seed << " (" << a << " v " << b << ")");
        // The players' choices and the cut point, a stream of their own for each game.
        std::mt19937_64 choose(static_cast<std::uint64_t>(seed) * 0x9E3779B97F4A7C15ULL + 1);
        const Recorded g = record_game(ctx, a, b, static_cast<std::uint64_t>(seed), choose);
        const std::size_t n = g.commands.size();
        total_commands += static_cast<long>(n);

        // The save of the first k commands, as it stood on the disk then.
        const std::size_t k = static_cast<std::size_t>(choose() % (n + 1));
        INFO("cut after " << k << " of " << n << " commands");
        if (k > 0 && k < n) ++cut_mid_game;
        const std::string prefix = g.text.substr(0, g.ends[k]);
        data::SaveFile parsed;
        const rules::Replayed r = load_good(prefix, ctx, &parsed);
        REQUIRE(parsed.header == g.header);
        REQUIRE(parsed.commands.size() == k);
        REQUIRE(parsed.over == (k == n));
        REQUIRE(parsed.good_bytes == prefix.size());
        REQUIRE_FALSE(parsed.cut_line.has_value());
        REQUIRE(r.commands.size() == k);
        REQUIRE(rules::state_hash(r.state) == rules::state_hash(g.states[k]));
        REQUIRE(r.state == g.states[k]);
        REQUIRE(r.calls == g.calls[k]);

        // Carried on from the reloaded game with the dice where they were, the same commands end
        // in the same game.
        core::SeededDice dice(static_cast<std::uint64_t>(seed), r.calls);
        GameState s = r.state;
        for (std::size_t i = k; i < n; ++i) {
            REQUIRE_FALSE(rules::validate(ctx, s, g.commands[i]).has_value());
            rules::apply(ctx, s, g.commands[i], dice);
        }
        REQUIRE(rules::state_hash(s) == rules::state_hash(g.states[n]));
        REQUIRE(dice.calls() == g.calls[n]);

        // The whole save replays to the end, and says the game is over (every fourth game: the
        // others were replayed in part above, and time in CI is short).
        if (k != n && seed % 4 != 0) continue;
        data::SaveFile whole;
        const rules::Replayed all = k == n ? r : load_good(g.text, ctx, &whole);
        if (k == n) whole = parsed;
        REQUIRE(whole.over);
        REQUIRE(whole.commands.size() == n);
        REQUIRE(all.state == g.states[n]);
        REQUIRE(all.state.decision == rules::Decision::GameOver);
        REQUIRE(all.calls == g.calls[n]);
        keyframes += static_cast<int>(whole.keyframes.size());
    }
    // The games are real ones: long, cut in the middle, with keyframes to check.
    INFO("commands " << total_commands << ", cut mid-game " << cut_mid_game << ", keyframes " << keyframes);
    CHECK(total_commands > count * 100L);
    CHECK(cut_mid_game > count * 9 / 10);
    CHECK(keyframes > count / 4 * 3);  // of the whole saves reloaded
}

void timed_round_trip(int first, int count) {
    const auto t0 = std::chrono::steady_clock::now();
    save_cut_and_resume(first, count);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    WARN("games " << first << "-" << first + count - 1 << " saved, cut, reloaded and played on in " << ms.count()
                  << " ms");
}

}  // namespace

// 1,000 games (seeds 1 to 1,000, every pairing of the six armies) in four parts, so that ctest
// can run them side by side.
TEST_CASE("saves of random games cut at a random command reload and play on to the same end (seeds 1-250)",
          "[save][data][slow][long]") {
    timed_round_trip(1, 250);
}
TEST_CASE("saves of random games cut at a random command reload and play on to the same end (seeds 251-500)",
          "[save][data][slow][long]") {
    timed_round_trip(251, 250);
}
TEST_CASE("saves of random games cut at a random command reload and play on to the same end (seeds 501-750)",
          "[save][data][slow][long]") {
    timed_round_trip(501, 250);
}
TEST_CASE("saves of random games cut at a random command reload and play on to the same end (seeds 751-1000)",
          "[save][data][slow][long]") {
    timed_round_trip(751, 250);
}
