// Data for fitting the weights of hard's leaf evaluation (bench/fit-leaf.py, docs/computer.md):
// seeded games of `normal` against `normal` over the 36 pairings of the shipped armies, and at
// the start of every phase (and whose it is: active 1 for side A, -1 for B) the terms of the normal
// level's evaluation for side A (ai::Scorer::terms), with how the game ended. One CSV line per
// phase.
//
//   cmake --build build/release --target tercio_leaf_data
//   build/release/tercio_leaf_data data 4000 100001 > /tmp/leaf.csv
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ai/match.hpp"
#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/ai/scoring.hpp"
#include "bench/leaf_args.hpp"
#include "core/dice.hpp"

using namespace tercio;

int main(int argc, char** argv) {
    int code = 0;
    const auto run = bench::leaf_run<kits::PiketteKit>(argc, argv, std::string(rules::Engine::name), code);
    if (!run) return code;
    const auto& pairings = run->pairings;
    const long games = run->games;
    const std::uint64_t first = run->first_seed;
    std::printf(
        "seed,pairing,turn,active,ok,disordered,routed,leader,chips,shots,melees,nearness,facing,"
        "winner,vp\n");
    for (long g = 0; g < games; ++g) {
        const std::uint64_t seed = first + static_cast<std::uint64_t>(g);
        const std::size_t pairing = static_cast<std::size_t>(g) % pairings.size();
        const rules::RulesContext& ctx = pairings[pairing];
        ai::Scorer scorer(ctx);
        auto a = ai::make_player(ai::Level::Normal, ai::player_seed(seed, rules::Side::A));
        auto b = ai::make_player(ai::Level::Normal, ai::player_seed(seed, rules::Side::B));
        ai::Player* players[2] = {a.get(), b.get()};
        core::SeededDice dice(seed);
        rules::GameState s;
        rules::new_game(ctx, s, dice);
        std::string lines;
        int turn = -1, phase = -1;
        rules::Side active = rules::Side::B;
        while (s.decision != rules::Decision::GameOver) {
            if (s.turn >= 1 && (s.turn != turn || s.phase != phase || s.active != active)) {
                turn = s.turn;
                phase = s.phase;
                active = s.active;
                const ai::EvalTerms t = scorer.terms(s, rules::Side::A);
                char buf[400];
                std::snprintf(buf, sizeof buf,
                              "%llu,%zu,%d,%d,%.4f,%.4f,%.4f,%g,%g,%.4f,%.4f,%.2f,%g",
                              static_cast<unsigned long long>(seed), pairing, s.turn,
                              s.active == rules::Side::A ? 1 : -1, t.ok_stands, t.disordered_stands,
                              t.routed_stands, t.leader, t.chips, t.shot_threats, t.melee_threats,
                              t.nearness, t.facing);
                lines += buf;
                lines += '\n';
            }
            const rules::Side side = rules::deciding_side(s);
            const rules::Command c = players[rules::idx(side)]->choose(ai::make_view(ctx, s, side));
            rules::apply(ctx, s, c, dice);
        }
        const int w = ai::winner_of(ctx, s);
        const int vp = rules::victory_points(ctx, s, rules::Side::A) -
                       rules::victory_points(ctx, s, rules::Side::B);
        char tail[40];
        std::snprintf(tail, sizeof tail, ",%d,%d\n", w == 0 ? 1 : w == 1 ? -1 : 0, vp);
        for (std::size_t at = 0, nl; (nl = lines.find('\n', at)) != std::string::npos;
             at = nl + 1) {
            std::fwrite(lines.data() + at, 1, nl - at, stdout);
            std::fputs(tail, stdout);
        }
    }
    return 0;
}
