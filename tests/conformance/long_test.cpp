// The conformance suite's long runs: 1,000 seeded random games of each ruleset, in four parts so
// that ctest can run them side by side, with the ruleset's own invariants (hooks.hpp) after every
// command and the counts of what the games reached judged at the end. These are the former
// random-play tests of each ruleset (tests/rules/random_play_test.cpp,
// tests/hbl/random_play_test.cpp), folded in: the same checks, the same number of games and
// pairings of armies, the suite's own seeds.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "tests/conformance/random_games.hpp"

using namespace tercio;
using namespace tercio::conformance;

namespace {

template <class Kit>
void long_run(int first, int count) {
    using E = typename Kit::Engine;
    using Command = typename E::Command;
    RulesetHooks<E> hooks;
    core::SeededDice r(static_cast<std::uint64_t>(first) + 77);
    long commands = 0;
    // The command played, and in the first 3 games of the part every listed one, is legal and
    // reads back as itself (every one of every game costs more than the games: the [text] and
    // [validate] tests do that for fewer games).
    const auto check_command = [](const RandomGame<Kit>& g, const typename E::State& s, const Command& c) {
        if (const auto why = E::validate(g.ctx, s, c)) FAIL(E::print(g.ctx, s, c) << " is listed but refused: " << *why);
        const auto back = E::parse(g.ctx, s, E::deciding_side(s), E::print(g.ctx, s, c));
        if (!std::holds_alternative<Command>(back) || !(std::get<Command>(back) == c))
            FAIL(E::print(g.ctx, s, c) << " does not read back as itself");
    };
    play_random_games<Kit>(
        first, count, Choice::FromList,
        [&](RandomGame<Kit>& g, const StepOf<E>& st) {
            const auto& legal = *st.legal;
            hooks.on_state(g.ctx, st.before, legal, st.walk);
            if (g.index < first + 3) {
                // A deployment lists thousands: of a long list, every 16th.
                const std::size_t stride = legal.size() > 1000 ? 16 : 1;
                for (std::size_t i = 0; i < legal.size(); i += stride) check_command(g, st.before, legal[i]);
            }
            check_command(g, st.before, st.command);
            hooks.on_chosen(g.ctx, st.before, st.command, st.walk);
            // The probes: one that validates is listed. (The list is searched only then: a
            // deployment lists thousands. A listed command that is refused, the [validate] test.)
            for (const Command& p : hooks.probes(g.ctx, st.before, r, st.walk)) {
                if (E::validate(g.ctx, st.before, p)) continue;
                if (std::find(legal.begin(), legal.end(), p) == legal.end() &&
                    !RulesetHooks<E>::legal_unlisted(g.ctx, st.before, p))
                    FAIL("validates but is not listed: " << E::print(g.ctx, st.before, p));
            }
            hooks.on_played(g.ctx, st.before, g.s, st.played.events, st.walk);
            ++commands;
        },
        [&](const RandomGame<Kit>& g) { hooks.on_game_end(g.ctx, g.s); }, true);
    INFO(E::name << " games " << first << "-" << first + count - 1 << ": " << commands << " commands");
    CHECK(commands > count);
    hooks.finish(count);
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("conformance: random legal play holds every invariant: games 0-249",
                        "[conformance][random][long][HBL-SEQ-2][HBL-INIT-6][HBL-GRID-2][HBL-GRID-3][HBL-UI-2]"
                        "[TSP-GRID-1][TSP-GRID-3][TSP-CARD-1]",
                        ConformanceKits) {
    long_run<TestType>(0, 250);
}
TEMPLATE_LIST_TEST_CASE("conformance: random legal play holds every invariant: games 250-499",
                        "[conformance][random][long]", ConformanceKits) {
    long_run<TestType>(250, 250);
}
TEMPLATE_LIST_TEST_CASE("conformance: random legal play holds every invariant: games 500-749",
                        "[conformance][random][long]", ConformanceKits) {
    long_run<TestType>(500, 250);
}
TEMPLATE_LIST_TEST_CASE("conformance: random legal play holds every invariant: games 750-999",
                        "[conformance][random][long]", ConformanceKits) {
    long_run<TestType>(750, 250);
}
