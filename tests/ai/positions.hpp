#pragma once
// Positions for the computer's tests: taken from seeded games between normal players.
#include <vector>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "core/dice.hpp"
#include "rules/game.hpp"

namespace tercio::test {

/// States met in a seeded normal-vs-normal game where the deciding side must act on a card.
inline std::vector<rules::GameState> act_positions(const rules::RulesContext& ctx, std::uint64_t seed, std::size_t want) {
    std::vector<rules::GameState> out;
    core::SeededDice dice(seed);
    rules::GameState s;
    rules::new_game(ctx, s, dice);
    auto a = ai::make_player(ai::Level::Normal, 1);
    auto b = ai::make_player(ai::Level::Normal, 2);
    while (s.decision != rules::Decision::GameOver && out.size() < want) {
        if (s.decision == rules::Decision::Act && s.decks[rules::idx(s.active)].left() > 3) out.push_back(s);
        const auto side = rules::deciding_side(s);
        rules::apply(ctx, s, (side == rules::Side::A ? a : b)->choose(ai::make_view(ctx, s, side)), dice);
    }
    return out;
}

}  // namespace tercio::test
