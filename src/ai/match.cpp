#include "ai/match.hpp"

#include <chrono>

#include "rules/state_hash.hpp"

namespace tercio::ai {

int winner_of(const rules::RulesContext& ctx, const rules::GameState& s) {
    if (s.end == rules::GameEnd::Concession) return s.conceded == rules::Side::A ? 1 : 0;
    const int a = rules::victory_points(ctx, s, rules::Side::A);
    const int b = rules::victory_points(ctx, s, rules::Side::B);
    return a > b ? 0 : b > a ? 1 : -1;
}

GameResult play_game(const rules::RulesContext& ctx, std::uint64_t seed, Player& a, Player& b,
                     const MatchOptions& options) {
    using Clock = std::chrono::steady_clock;
    GameResult r;
    core::SeededDice dice(seed);
    rules::GameState s;
    rules::new_game(ctx, s, dice);
    Player* players[2] = {&a, &b};
    while (s.decision != rules::Decision::GameOver) {
        if (r.decisions >= options.max_decisions) {
            throw std::runtime_error("game seeded " + std::to_string(seed) + " passed " +
                                     std::to_string(options.max_decisions) + " decisions");
        }
        const rules::Side side = rules::deciding_side(s);
        const GameView view = make_view(ctx, s, side);
        const auto t0 = Clock::now();
        const rules::Command c = players[rules::idx(side)]->choose(view);
        if (options.time_decisions) {
            r.decide_ms[rules::idx(side)].push_back(
                std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        }
        // The one checked step of a game (rules::play), as every front end takes.
        if (const rules::Played p = rules::play(ctx, s, c, dice); !p.ok()) {
            throw IllegalChoice(std::string("side ") + rules::side_letter(side) + " chose \"" + rules::print(c) +
                                "\" in the game seeded " + std::to_string(seed) + ": " + *p.refused);
        }
        ++r.decisions;
    }
    r.end = s.end;
    r.vp = {rules::victory_points(ctx, s, rules::Side::A), rules::victory_points(ctx, s, rules::Side::B)};
    r.winner = winner_of(ctx, s);
    r.turns = s.turn;
    r.evaluated = {a.evaluated(), b.evaluated()};
    r.final_hash = rules::state_hash(s);
    return r;
}

}  // namespace tercio::ai
