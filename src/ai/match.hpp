#pragma once
/// Computer-vs-computer (or any Player vs Player) games, headless: for `tercio sim`, `tercio
/// bench` and the tests.
#include <array>
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

struct GameResult {
    std::array<int, 2> vp{};  ///< victory points of A and B (PS-VICTORY-3)
    rules::GameEnd end = rules::GameEnd::None;
    /// -1: a draw; 0: A won; 1: B won (more points, or the other side conceded: PS-VICTORY-4).
    int winner = -1;
    int turns = 0;
    long decisions = 0;                     ///< commands given, both sides
    std::array<std::uint64_t, 2> evaluated{};  ///< Player::evaluated() at the end, per side
    std::uint64_t final_hash = 0;           ///< rules::state_hash of the final state
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
GameResult play_game(const rules::RulesContext& ctx, std::uint64_t seed, Player& a, Player& b,
                     const MatchOptions& options = {});

/// The winner of a finished game: -1 for a draw, 0 for A, 1 for B.
int winner_of(const rules::RulesContext& ctx, const rules::GameState& s);

}  // namespace tercio::ai
