// The odds of a preview in plain words (control::odds_lines), as the screen and `tercio run
// --odds` show them.
#include <variant>

#include "kits/pikette/control/odds_text.hpp"
#include "rules/preview.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using tercio::test::board;
using tercio::test::contains;
using tercio::test::Position;

TEST_CASE("the odds of a rally in words: what is rolled, then the outcome and its chance",
          "[control][odds][PS-RALLY-4]") {
    Position p = board();
    p.act(Side::A, CardKind::LeaderCheck, 5);
    p.add(Side::A, "arquebus", "h5", std::nullopt, UnitStatus::Disordered);
    p.leader(Side::A, "h3");
    std::string err;
    const auto c = parse_command("rally h5", err);
    REQUIRE(c);
    const std::vector<Command> one{*c};
    const auto result = preview(p.ctx, p.s, one);
    REQUIRE(std::holds_alternative<Preview>(result));
    const auto lines = control::odds_lines(p.ctx, p.s, std::get<Preview>(result));
    REQUIRE(lines.size() == 3);
    CHECK(contains(lines[0], "rally of A A1"));
    CHECK(contains(lines[2], "succeeds, in good order: "));
}

TEST_CASE("the odds of a shot at a target already shot this phase say what the total means",
          "[control][odds][PS-SHOOT-12][issue-40]") {
    Position p = board();
    p.add(Side::A, "arquebus", "h8");
    const std::size_t t = p.add(Side::B, "pike", "h9");
    p.unit(t).shot_sum = 5;   // earlier shots beat its d6 by 5 in all
    p.unit(t).shot_hits = 1;  // and the band 3-5 gave it 1 hit
    std::string err;
    const auto c = parse_command("shoot h8 h9", err);
    REQUIRE(c);
    const std::vector<Command> one{*c};
    const auto result = preview(p.ctx, p.s, one);
    REQUIRE(std::holds_alternative<Preview>(result));
    const auto lines = control::odds_lines(p.ctx, p.s, std::get<Preview>(result));
    REQUIRE(lines.size() > 2);
    CHECK(lines[2] == "  earlier shots this phase beat the target's d6 by 5 in all and gave it 1 hit; this shot's "
                      "difference adds to that total (PS-SHOOT-12)");
    for (const std::string& l : lines) CHECK_FALSE(contains(l, "a total of 5 and 1 hit"));
}
