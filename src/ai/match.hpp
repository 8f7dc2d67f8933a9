#pragma once
/// Computer-vs-computer (or any Player vs Player) games, headless: for `tercio sim`, `tercio
/// bench` and the tests. Written once for every rules engine (src/core/engine.hpp).
#include <array>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "ai/player.hpp"

namespace tercio::ai {

/// A player answered with a command the rules refuse.
class IllegalChoice : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

template <core::RulesEngine E>
struct GameResultOf {
    std::array<int, 2> vp{};  ///< victory points of A and B (E::victory_points)
    typename E::End end{};
    /// -1: a draw; 0: A won; 1: B won (E::winner: more points, or the other side conceded).
    int winner = -1;
    int turns = 0;
    long decisions = 0;                        ///< commands given, both sides
    std::array<std::uint64_t, 2> evaluated{};  ///< Player::evaluated() at the end, per side
    std::uint64_t final_hash = 0;              ///< E::hash of the final state
    /// Per side, the wall time of each choose() call in milliseconds (only when asked).
    std::array<std::vector<double>, 2> decide_ms;
};

struct MatchOptions {
    bool time_decisions = false;
    long max_decisions = 200000;  ///< a safety stop: a game that long throws std::runtime_error
};

/// Plays a whole game seeded `seed` (the game's dice) between `a` (side A, red) and `b` (side B,
/// blue). Each player sees only its own view. Throws IllegalChoice naming the command, the side
/// and the reason if a player gives an illegal command.
template <core::RulesEngine E>
GameResultOf<E> play_match(const typename E::Context& ctx, std::uint64_t seed, PlayerOf<E>& a, PlayerOf<E>& b,
                           const MatchOptions& options = {}) {
    using Clock = std::chrono::steady_clock;
    GameResultOf<E> r;
    core::SeededDice dice(seed);
    typename E::State s;
    E::new_game(ctx, s, dice);
    PlayerOf<E>* players[2] = {&a, &b};
    while (!E::over(s)) {
        if (r.decisions >= options.max_decisions) {
            throw std::runtime_error("game seeded " + std::to_string(seed) + " passed " +
                                     std::to_string(options.max_decisions) + " decisions");
        }
        const core::Side side = E::deciding_side(s);
        const View<E> view = view_of<E>(ctx, s, side);
        const auto t0 = Clock::now();
        const typename E::Command c = players[core::idx(side)]->choose(view);
        if (options.time_decisions) {
            r.decide_ms[core::idx(side)].push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
        // The one checked step of a game (E::play), as every front end takes.
        if (const typename E::Played p = E::play(ctx, s, c, dice); !p.ok()) {
            throw IllegalChoice(std::string("side ") + core::side_letter(side) + " chose \"" + E::print(ctx, s, c) +
                                "\" in the game seeded " + std::to_string(seed) + ": " + *p.refused);
        }
        ++r.decisions;
    }
    r.end = E::end(s);
    r.vp = {E::victory_points(ctx, s, core::Side::A), E::victory_points(ctx, s, core::Side::B)};
    r.winner = E::winner(ctx, s);
    r.turns = E::turn(s);
    r.evaluated = {a.evaluated(), b.evaluated()};
    r.final_hash = E::hash(s);
    return r;
}

}  // namespace tercio::ai
