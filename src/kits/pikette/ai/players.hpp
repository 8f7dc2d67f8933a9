#pragma once
/// Pikette Squared's computer: its levels (easy.cpp, normal.cpp, hard.cpp and the random baseline)
/// behind the generic Player interface (ai/player.hpp), and the short names the rest of its code
/// uses for the generic views, players and matches.
#include <cstdint>
#include <memory>

#include "ai/match.hpp"
#include "ai/player.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"

namespace tercio::ai {

using GameView = View<rules::Engine>;
using Player = PlayerOf<rules::Engine>;
using GameResult = GameResultOf<rules::Engine>;

/// The view of `side` (normally the deciding side) of a game.
GameView make_view(const rules::RulesContext& ctx, const rules::GameState& s, rules::Side side);

/// Puts each deck's face-down cards in the canonical order: what make_view does to its copy.
void hide_unseen_cards(rules::GameState& s);

/// A computer player of `level` whose own random choices are drawn from `seed`.
std::unique_ptr<Player> make_player(Level level, std::uint64_t seed);

inline GameResult play_game(const rules::RulesContext& ctx, std::uint64_t seed, Player& a, Player& b,
                            const MatchOptions& options = {}) {
    return play_match<rules::Engine>(ctx, seed, a, b, options);
}

/// The winner of a finished game: -1 for a draw, 0 for A, 1 for B.
inline int winner_of(const rules::RulesContext& ctx, const rules::GameState& s) {
    return rules::Engine::winner(ctx, s);
}

}  // namespace tercio::ai
