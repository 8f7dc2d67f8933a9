// Hell Broke Loose through the generic code (src/core/engine.hpp): the headless match and the
// random player are the templates Pikette Squared uses, and they play HBL's random games exactly
// as the rules' own random-play test does; `normal` gives only legal commands and beats random.
#include <catch2/catch.hpp>

#include "kits/hbl/ai/players.hpp"
#include "ai/match.hpp"
#include "hbl/engine.hpp"
#include "rules/engine.hpp"
#include "tests/hbl/fixture.hpp"

using namespace tercio;

static_assert(core::RulesEngine<rules::Engine>);
static_assert(core::RulesEngine<hbl::Engine>);

// The signature pinned in tests/hbl/random_play_test.cpp: the same 30 games, played by the rules'
// own loop there and here by the generic match (E::play on each command, each side seeing its
// view) with one random player choosing for both sides from the same stream.
TEST_CASE("The generic match plays Hell Broke Loose's random games exactly as the rules' own loop",
          "[hbl][ai]") {
    std::uint64_t signature = 0;
    long commands = 0;
    for (int game = 0; game < 30; ++game) {
        const hbl::Context ctx = test::hbl_game_context(game);
        ai::RandomPlayer<hbl::Engine> chooser(static_cast<std::uint64_t>(game) + 100001);
        const auto r = ai::play_match<hbl::Engine>(ctx, static_cast<std::uint64_t>(game) + 1, chooser, chooser);
        commands += r.decisions;
        signature = signature * 1099511628211ULL ^ r.final_hash;
    }
    CHECK(commands == 36011);
    CHECK(signature == 0xf2f7282d1f589fd1ULL);
}

TEST_CASE("Hell Broke Loose's play refuses an illegal command and leaves the game as it was", "[hbl][ai]") {
    const hbl::Context ctx = test::hbl_game_context(0);
    core::SeededDice dice(7);
    hbl::GameState s;
    hbl::new_game(ctx, s, dice);
    const hbl::GameState before = s;
    const auto p = hbl::Engine::play(ctx, s, hbl::cmd::Done{}, dice);  // nothing to be done with yet
    REQUIRE_FALSE(p.ok());
    CHECK(hbl::state_hash(s) == hbl::state_hash(before));
    CHECK(p.events.empty());
    // Choosing to go first draws nothing; turning a card reveals it.
    REQUIRE(s.decision == hbl::Decision::Choose);
    const auto first = hbl::Engine::play(ctx, s, hbl::cmd::First{}, dice);
    REQUIRE(first.ok());
    CHECK_FALSE(first.random);
    const auto turned = hbl::Engine::play(ctx, s, hbl::cmd::Turn{}, dice);
    REQUIRE(turned.ok());
    CHECK(turned.random);
}

TEST_CASE("Hell Broke Loose's levels: random and easy and normal and hard - and normal beats random",
          "[hbl][ai][long]") {
    for (const ai::Level l : ai::kLevels) {
        CHECK(ai::hbl_has_level(l));
        CHECK(ai::make_hbl_player(l, 1) != nullptr);
    }
    // Six games, normal on each side in turn: every command normal gives is legal (play_match
    // throws IllegalChoice otherwise), and it wins them all.
    int won = 0;
    for (int game = 0; game < 6; ++game) {
        const hbl::Context ctx = test::hbl_game_context(game * 7);
        auto normal = ai::make_hbl_player(ai::Level::Normal, 11);
        auto random = ai::make_hbl_player(ai::Level::Random, 12);
        const bool normal_a = game % 2 == 0;
        const auto r = normal_a ? ai::play_match<hbl::Engine>(ctx, 500 + game, *normal, *random)
                                : ai::play_match<hbl::Engine>(ctx, 500 + game, *random, *normal);
        won += r.winner == (normal_a ? 0 : 1);
    }
    CHECK(won == 6);
}
