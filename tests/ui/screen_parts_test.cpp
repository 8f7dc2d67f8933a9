// The parts every ruleset's screen draws with (src/ui/screen_parts.hpp), on a text surface.
#include "ui/screen_parts.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/rules/position_fixture.hpp"
#include "ui/surface.hpp"

using namespace tercio::ui;
using tercio::test::contains;

namespace {

/// A menu as the play screen shows it over the log: a heading and `n` choices.
std::vector<std::string> menu(int n) {
    std::vector<std::string> rows{"e5: Enter plays, Esc cancels"};
    for (int i = 1; i <= n; ++i) rows.push_back("choice " + std::to_string(i));
    rows.back() = "terrain pass";
    return rows;
}

std::string drawn(const std::vector<std::string>& rows, int highlight) {
    TextSurface s(80, 24);
    draw_rows_over_log(s, 48, rows, highlight);
    return s.to_string();
}

}  // namespace

TEST_CASE("rows over the log: a cut menu says how many more lie above and below",
          "[ui][menu][issue-40]") {
    // At 80x24 the log's room is 13 rows (kStatusRows to 21): the heading, 11 choices and the mark.
    const std::vector<std::string> rows = menu(40);
    const std::string top = drawn(rows, 1);
    CHECK(contains(top, "choice 1"));
    CHECK_FALSE(contains(top, "terrain pass"));
    CHECK(contains(top, "more: 29 below"));
    CHECK_FALSE(contains(top, "above"));
    const std::string middle = drawn(rows, 20);
    CHECK(contains(middle, "choice 20"));
    CHECK(contains(middle, " above, "));
    CHECK(contains(middle, " below"));
    const std::string bottom = drawn(rows, 40);
    CHECK(contains(bottom, "terrain pass"));
    CHECK(contains(bottom, "more: 29 above"));
    CHECK_FALSE(contains(bottom, "below"));
    // A menu that fits has no mark.
    const std::string fits = drawn(menu(5), 1);
    CHECK(contains(fits, "terrain pass"));
    CHECK_FALSE(contains(fits, "more:"));
}
