// Data for fitting the weights of The Sword and the Pike's hard, where it reads a play-out's end
// (ai::tsp_search_value; bench/fit-leaf.py --ruleset the-sword-and-the-pike, docs/computer.md):
// seeded games of `normal` against `normal` over the 36 pairings of the shipped armies and, at
// the start of every turn (where the search's play-outs end), the parts of that reading for side
// A (ai::tsp_search_terms), each side's spirit limit and failed tests, and how the game ended.
// One CSV line per turn.
//
//   cmake --build build/release --target tercio_tsp_leaf_data
//   build/release/src/app/tercio_tsp_leaf_data data 2000 200001 > /tmp/tsp-leaf.csv
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ai/player.hpp"
#include "bench/leaf_args.hpp"
#include "core/dice.hpp"
#include "kits/tsp/ai/players.hpp"
#include "kits/tsp/kit.hpp"
#include "tsp/resolve.hpp"

using namespace tercio;

int main(int argc, char** argv) {
    int code = 0;
    const auto run = bench::leaf_run<kits::TspKit>(argc, argv, "the-sword-and-the-pike", code);
    if (!run) return code;
    const auto& pairings = run->pairings;
    const long games = run->games;
    const std::uint64_t first = run->first_seed;
    std::printf(
        "seed,pairing,turn,units,fire,fights,placing,charges,race,near_me,facing_me,near_them,facing_them,"
        "limit_a,limit_b,failed_a,failed_b,winner,vp\n");
    using E = tsp::Engine;
    for (long g = 0; g < games; ++g) {
        const std::uint64_t seed = first + static_cast<std::uint64_t>(g);
        const std::size_t pairing = static_cast<std::size_t>(g) % pairings.size();
        const tsp::Context& ctx = pairings[pairing];
        auto a = ai::make_tsp_player(ai::Level::Normal, ai::player_seed(seed, core::Side::A));
        auto b = ai::make_tsp_player(ai::Level::Normal, ai::player_seed(seed, core::Side::B));
        ai::TspPlayer* players[2] = {a.get(), b.get()};
        core::SeededDice dice(seed);
        tsp::GameState s;
        E::new_game(ctx, s, dice);
        std::string lines;
        int turn = -1;
        while (!E::over(s)) {
            if (s.turn != turn) {
                turn = s.turn;
                const ai::TspLeafTerms t = ai::tsp_search_terms(ctx, s, core::Side::A);
                int limit[2];
                for (const core::Side side : {core::Side::A, core::Side::B}) {
                    const std::size_t i = core::idx(side);
                    limit[i] = tsp::spirit_limit(tsp::spirit_points2(ctx, s, side), s.start_units[i]);
                }
                char buf[400];
                std::snprintf(buf, sizeof buf,
                              "%llu,%zu,%d,%.5f,%.5f,%.5f,%.5f,%.5f,%.5f,%.4f,%.4f,%.4f,%.4f,%d,%d,%d,%d",
                              static_cast<unsigned long long>(seed), pairing, s.turn, t.units, t.fire, t.fights,
                              t.placing, t.charges, t.race, t.near_me, t.facing_me, t.near_them, t.facing_them,
                              limit[0], limit[1], s.spirit_failures[0], s.spirit_failures[1]);
                lines += buf;
                lines += '\n';
            }
            const core::Side side = E::deciding_side(s);
            const tsp::Command c = players[core::idx(side)]->choose(ai::view_of<E>(ctx, s, side));
            if (const E::Played p = E::play(ctx, s, c, dice); !p.ok()) {
                std::fprintf(stderr, "game %llu: %s\n", static_cast<unsigned long long>(seed), p.refused->c_str());
                return 70;
            }
        }
        const int w = E::winner(ctx, s);
        const int vp = E::victory_points(ctx, s, core::Side::A) - E::victory_points(ctx, s, core::Side::B);
        char tail[40];
        std::snprintf(tail, sizeof tail, ",%d,%d\n", w == 0 ? 1 : w == 1 ? -1 : 0, vp);
        for (std::size_t at = 0, nl; (nl = lines.find('\n', at)) != std::string::npos; at = nl + 1) {
            std::fwrite(lines.data() + at, 1, nl - at, stdout);
            std::fputs(tail, stdout);
        }
    }
    return 0;
}
