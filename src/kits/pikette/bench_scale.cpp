// `tercio bench --scale`: how a decision's cost grows with the board and the armies. The shipped
// ruleset and armies are copied and changed in memory (a square board of 15, 20 or 26 files, each
// army's unit lines resized to 6, 10 or 14 units before its rolls), then seeded games are played:
// random legal play (the engine: listing the legal commands and playing one), `normal` against
// `normal` (its scorer), and `hard` asked at positions taken from those games. CPU time, so
// that a loaded machine does not distort it.
#include <algorithm>
#include <array>
#include <cstdio>
#include <deque>
#include <memory>
#include <vector>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/bench.hpp"
#include "rules/game.hpp"

namespace tercio::kits {

namespace {

/// The army with its unit lines' counts changed so that they add up to `target` before the
/// rolls: one unit more or fewer at a time, the largest line first when cutting, the lines in
/// turn when adding. Lines the extra-unit roll alone gives ("0-1") stay so.
rules::ArmyList resized(rules::ArmyList army, int target) {
    const auto total = [&] {
        int n = 0;
        for (const auto& l : army.units) n += l.units;
        return n;
    };
    while (total() > target) {
        auto it = std::max_element(army.units.begin(), army.units.end(),
                                   [](const rules::UnitLine& a, const rules::UnitLine& b) { return a.units < b.units; });
        --it->units;
    }
    for (std::size_t i = 0; total() < target; i = (i + 1) % army.units.size()) {
        if (army.units[i].units > 0) ++army.units[i].units;
    }
    return army;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int PiketteBench::scale_bench(const std::vector<rules::RulesContext>& pairings, int games) {
    // Six pairings, each army on each side once: french-spanish, italian-imperialist, ...
    constexpr std::array<std::size_t, 6> kPairings = {2, 9, 16, 23, 30, 1};
    constexpr std::array<int, 3> kBoards = {15, 20, 26};
    constexpr std::array<int, 3> kUnits = {6, 10, 14};  // the extra unit may add one, the limit is 16
    std::printf("board  units/side  random: us/decision  legal/decision | normal: us/decision | hard: ms/decision (median)\n");
    for (const int board : kBoards) {
        for (const int units : kUnits) {
            // Each variant's ruleset and armies, kept where the contexts can point at them.
            std::deque<rules::Ruleset> rulesets;
            std::deque<rules::ArmyList> armies;
            std::vector<rules::RulesContext> ctxs;
            for (const std::size_t p : kPairings) {
                const rules::RulesContext& base = pairings[p % pairings.size()];
                rules::Ruleset& rs = rulesets.emplace_back(base.rs());
                rs.board_files = board;
                rs.board_ranks = board;
                const int target = units;
                rules::RulesContext c;
                c.ruleset = &rs;
                c.armies = {&armies.emplace_back(resized(base.army(rules::Side::A), target)),
                            &armies.emplace_back(resized(base.army(rules::Side::B), target))};
                ctxs.push_back(c);
            }
            // The engine: random legal play.
            long decisions = 0;
            long listed = 0;
            const double r0 = cpu_seconds();
            for (int g = 0; g < games; ++g) {
                const rules::RulesContext& ctx = ctxs[static_cast<std::size_t>(g) % ctxs.size()];
                core::SeededDice dice(static_cast<std::uint64_t>(g) + 1);
                core::SeededDice chooser(static_cast<std::uint64_t>(g) * 7919 + 13);
                rules::GameState s;
                rules::new_game(ctx, s, dice);
                while (s.decision != rules::Decision::GameOver && decisions < 50'000'000) {
                    auto legal = rules::legal_commands(ctx, s);
                    listed += static_cast<long>(legal.size());
                    legal.pop_back();  // conceding, always last
                    if (legal.empty()) break;
                    const auto k = static_cast<std::size_t>(
                        chooser.pick(static_cast<int>(legal.size()), core::RollPurpose::Other));
                    rules::play(ctx, s, legal[k], dice);
                    ++decisions;
                }
            }
            const double random_us = 1e6 * (cpu_seconds() - r0) / static_cast<double>(std::max(1L, decisions));
            // The scorer: normal against normal, one game per pairing in use.
            long normal_decisions = 0;
            const double n0 = cpu_seconds();
            std::vector<std::pair<std::size_t, rules::GameState>> positions;
            for (int g = 0; g < std::max(1, games / 10); ++g) {
                const std::size_t ci = static_cast<std::size_t>(g) % ctxs.size();
                const rules::RulesContext& ctx = ctxs[ci];
                const auto seed = static_cast<std::uint64_t>(g) + 1;
                auto a = ai::make_player(ai::Level::Normal, ai::player_seed(seed, rules::Side::A));
                auto b = ai::make_player(ai::Level::Normal, ai::player_seed(seed, rules::Side::B));
                // Positions for hard: the state at every 25th decision of a phase's active side.
                core::SeededDice dice(seed);
                rules::GameState s;
                rules::new_game(ctx, s, dice);
                long n = 0;
                while (s.decision != rules::Decision::GameOver && n < 20000) {
                    const rules::Side side = rules::deciding_side(s);
                    ai::Player& p = side == rules::Side::A ? *a : *b;
                    const rules::Command c = p.choose(ai::make_view(ctx, s, side));
                    if (s.decision == rules::Decision::Act && n % 25 == 0 && positions.size() < 12) positions.emplace_back(ci, s);
                    rules::play(ctx, s, c, dice);
                    ++n;
                }
                normal_decisions += n;
            }
            const double normal_us = 1e6 * (cpu_seconds() - n0) / static_cast<double>(std::max(1L, normal_decisions));
            // Look-ahead: hard at those positions.
            std::vector<double> hard_ms;
            for (const auto& [ci, s] : positions) {
                auto h = ai::make_player(ai::Level::Hard, 99);
                const double h0 = cpu_seconds();
                (void)h->choose(ai::make_view(ctxs[ci], s, rules::deciding_side(s)));
                hard_ms.push_back(1e3 * (cpu_seconds() - h0));
            }
            std::printf("%2dx%-2d  %10d  %19.1f  %14.0f | %19.1f | %8.1f (%zu positions)\n", board, board,
                        units, random_us, static_cast<double>(listed) / static_cast<double>(std::max(1L, decisions)), normal_us,
                        median(hard_ms), hard_ms.size());
            std::fflush(stdout);
        }
    }
    return 0;
}

}  // namespace tercio::kits
