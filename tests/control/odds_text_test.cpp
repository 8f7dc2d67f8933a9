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
    CHECK(contains(lines[0], "rally of A1"));
    CHECK(contains(lines[2], "succeeds, in good order: "));
}
