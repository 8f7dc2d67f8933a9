// The in-memory text surface that the pane snapshot tests draw on.
#include <catch2/catch.hpp>

#include "ui/surface.hpp"

using namespace tercio::ui;

TEST_CASE("a text surface clips, never wraps, and trims trailing blanks", "[ui][surface]") {
    TextSurface s(6, 3);
    s.put(1, 0, "abc");
    s.put(4, 1, "wxyz");   // clipped at the right edge
    s.put(-2, 2, "12345");  // clipped at the left edge
    s.put(0, 3, "never");   // below the surface
    CHECK(s.to_string() == " abc\n    wx\n345");
    s.clear();
    CHECK(s.to_string() == "\n\n");
}

TEST_CASE("a text surface keeps one code point and one style per cell", "[ui][surface]") {
    TextSurface s(4, 1);
    const Style bold_red{Color::Red, true};
    s.put(0, 0, "·K─", bold_red);
    CHECK(s.cell(0, 0) == "·");
    CHECK(s.cell(1, 0) == "K");
    CHECK(s.cell(2, 0) == "─");
    CHECK(s.style(1, 0) == bold_red);
    CHECK(s.style(3, 0) == Style{});
    CHECK(s.cell(9, 9).empty());
    CHECK(code_points("a\xffz") == std::vector<std::string>{"a", "?", "z"});
}
