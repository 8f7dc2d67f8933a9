// Hell Broke Loose, random play: the signature of its random games. The 1,000 random games with
// the invariants after every command (cards conserved, stacking, chips paid, the list complete,
// the turn limit) are the conformance suite's now: tests/conformance/long_test.cpp runs them with
// the ruleset's checks in tests/conformance/hbl_hooks.hpp.
#include "tests/hbl/fixture.hpp"

using namespace tercio;
using namespace tercio::hbl;

// The same games, whatever is changed in how they are played: the final state of 30 random games
// (the random-play test's own choices), hashed together. A change of the rules moves it, and the
// commit that moves it says why; a change of structure (step 5 of docs/rulesets.md, the
// templates) must keep it, as Pikette Squared's bench signatures are kept.
TEST_CASE("Hell Broke Loose random play gives the same games: the signature of 30 games", "[hbl]") {
    std::uint64_t signature = 0;
    long commands = 0;
    for (int game = 0; game < 30; ++game) {
        const Context ctx = test::hbl_game_context(game);
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 100001);
        GameState s;
        new_game(ctx, s, dice);
        while (!s.over()) {
            const auto legal = legal_commands(ctx, s);
            const Command c = legal[static_cast<std::size_t>(
                chooser.pick(static_cast<int>(legal.size()) - 1, core::RollPurpose::Other))];
            apply(ctx, s, c, dice);
            ++commands;
        }
        signature = signature * 1099511628211ULL ^ state_hash(s);
    }
    INFO("commands " << commands);
    CHECK(commands == 36011);
    CHECK(signature == 0xf2f7282d1f589fd1ULL);
}
