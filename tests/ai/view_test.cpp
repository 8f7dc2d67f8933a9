// What a computer player may see (issue 6): the order of face-down cards never reaches it, and
// its choices do not depend on it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "kits/pikette/ai/hard.hpp"
#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/ai/scoring.hpp"
#include "tests/ai/positions.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;

namespace {

/// Deals the face-down cards of both decks again, in an order drawn from `seed`.
void reshuffle_unseen(rules::GameState& s, std::uint64_t seed) {
    core::SeededDice d(seed);
    for (auto& deck : s.decks) {
        for (int i = deck.size - 1; i > deck.drawn; --i) {
            const int j = deck.drawn + d.pick(i - deck.drawn + 1, core::RollPurpose::Shuffle);
            std::swap(deck.cards[static_cast<std::size_t>(i)], deck.cards[static_cast<std::size_t>(j)]);
        }
    }
}

}  // namespace

TEST_CASE("A view puts the face-down cards in one order and keeps the turned ones", "[ai]") {
    auto ctx = test::Armies::get().context("french", "spanish");
    const auto positions = test::act_positions(ctx, 7, 5);
    REQUIRE(positions.size() == 5);
    for (const auto& s : positions) {
        rules::GameState other = s;
        reshuffle_unseen(other, 99);
        const auto v1 = ai::make_view(ctx, s, s.decider);
        const auto v2 = ai::make_view(ctx, other, s.decider);
        CHECK(v1.state == v2.state);
        for (std::size_t side = 0; side < 2; ++side) {
            const auto& d = v1.state.decks[side];
            // The turned cards (the discards and the current card) are as in the game.
            CHECK(std::equal(d.cards.begin(), d.cards.begin() + d.drawn, s.decks[side].cards.begin()));
            CHECK(std::is_sorted(d.cards.begin() + d.drawn, d.cards.begin() + d.size));
            // The same cards remain, only their order is gone.
            auto real = s.decks[side].cards;
            std::sort(real.begin() + d.drawn, real.begin() + d.size);
            CHECK(real == d.cards);
        }
    }
}

TEST_CASE("Normal and hard decide the same whatever order the unseen cards are in", "[ai]") {
    auto ctx = test::Armies::get().context("imperialist", "ottoman");
    const auto positions = test::act_positions(ctx, 3, 40);
    REQUIRE(positions.size() == 40);
    int differing_decks = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const auto& s = positions[i];
        rules::GameState shuffled = s;
        reshuffle_unseen(shuffled, 1000 + i);
        if (!(shuffled.decks == s.decks)) ++differing_decks;
        for (auto level : {ai::Level::Normal, ai::Level::Hard}) {
            // Fresh players with the same seed: only the game differs, in its hidden order.
            auto p1 = level == ai::Level::Hard ? ai::make_hard(5, ai::HardBudget{3, 2, 1, 8})
                                               : ai::make_player(level, 5);
            auto p2 = level == ai::Level::Hard ? ai::make_hard(5, ai::HardBudget{3, 2, 1, 8})
                                               : ai::make_player(level, 5);
            const auto c1 = p1->choose(ai::make_view(ctx, s, s.decider));
            const auto c2 = p2->choose(ai::make_view(ctx, shuffled, s.decider));
            INFO("position " << i << " level " << ai::level_name(level));
            CHECK(rules::print(c1) == rules::print(c2));
        }
    }
    // The test means something only if the hidden orders really differed.
    CHECK(differing_decks > 30);
}

TEST_CASE("The evaluation of a position is the same for both sides with the sign changed", "[ai]") {
    auto ctx = test::Armies::get().context("moorish", "italian");
    ai::Scorer scorer(ctx);
    for (const auto& s : test::act_positions(ctx, 11, 12)) {
        CHECK(scorer.evaluate(s, rules::Side::A) == Approx(-scorer.evaluate(s, rules::Side::B)).margin(1e-9));
    }
}

TEST_CASE("Normal scores every legal command but a concession", "[ai]") {
    auto ctx = test::Armies::get().context("spanish", "french");
    ai::Scorer scorer(ctx);
    for (const auto& s : test::act_positions(ctx, 5, 8)) {
        const auto legal = rules::legal_commands(ctx, s);
        const auto scored = scorer.score_all(s);
        CHECK(scored.size() + 1 == legal.size());
        for (const auto& sc : scored) CHECK_FALSE(std::holds_alternative<rules::Concede>(sc.command));
    }
}
