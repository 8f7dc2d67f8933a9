// The hard level at its default budget repeats its choices from its seed. In the long tests'
// executable (tests/CMakeLists.txt), without the sanitizers: under them this one test took 46 s of
// the suite's run for a check of the search's determinism, not of memory or undefined behaviour,
// which the smaller budgets of tests/ai/hard_test.cpp take through the same code.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "kits/pikette/ai/hard.hpp"
#include "kits/pikette/ai/players.hpp"
#include "tests/ai/positions.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;

TEST_CASE("Hard with its default budget makes the same choices in the same order", "[ai]") {
    // Two players from one seed, each choosing at the same positions in turn: hard's own stream
    // moves on with every search, so this checks the whole sequence, not each choice alone.
    auto ctx = test::Armies::get().context("ottoman", "spanish");
    const auto positions = test::act_positions(ctx, 23, 12);
    REQUIRE(positions.size() == 12);
    auto first = ai::make_hard(31, ai::hard_budget());
    auto second = ai::make_hard(31, ai::hard_budget());
    std::vector<std::string> a, b;
    for (const auto& s : positions) a.push_back(rules::print(first->choose(ai::make_view(ctx, s, s.decider))));
    for (const auto& s : positions) b.push_back(rules::print(second->choose(ai::make_view(ctx, s, s.decider))));
    CHECK(a == b);
    CHECK(first->evaluated() == second->evaluated());
    // A third player seeded differently searches on other samples: the checks above are not
    // comparing what could not differ.
    auto other = ai::make_hard(32, ai::hard_budget());
    for (const auto& s : positions) static_cast<void>(other->choose(ai::make_view(ctx, s, s.decider)));
    REQUIRE(first->evaluated() > 0);
    CHECK(other->evaluated() != first->evaluated());
}
