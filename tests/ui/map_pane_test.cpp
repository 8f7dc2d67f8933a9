// The map pane on a text surface: snapshots in Unicode and ASCII, styles, the square status line.
#include "kits/pikette/map_pane.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::ui;
using rules::Side;
using rules::UnitStatus;
using test::sq;

namespace {

/// A small position with every kind of thing the map shows.
test::Position sample() {
    test::Position p = test::board();  // A militia o1, B arquebus a15
    p.add(Side::A, "knights", "e3", core::Facing::N);
    const auto arq = p.add(Side::A, "arquebus", "g4", core::Facing::NE);
    p.unit(arq).fired = true;
    p.add(Side::A, "pike", "h5", core::Facing::W, UnitStatus::Disordered);
    p.add(Side::B, "lancers", "j9", core::Facing::SW, UnitStatus::Routed);
    p.add(Side::A, "crossbows", "k8", core::Facing::E);
    p.add(Side::B, "pike", "k8", core::Facing::W);
    p.add(Side::B, "tercio", "f12", core::Facing::S);
    p.add(Side::B, "light_horse", "c13", core::Facing::SE);
    p.add(Side::A, "carabins", "n6", core::Facing::NW);
    p.piece(rules::TerrainKind::Hill, {"c5", "d5"});
    p.piece(rules::TerrainKind::Wood, {"l11"});
    p.piece(rules::TerrainKind::Building, {"m3"});
    p.piece(rules::TerrainKind::Wood, {"f12"});
    p.stream({"a7", "b7", "c7"});
    p.leader(Side::A, "e3", true);
    p.leader(Side::B, "h13");
    return p;
}

MapView sample_view(bool ascii) {
    MapView v;
    v.cursor = sq("e3");
    v.reach = {sq("e4"), sq("e5"), sq("d4"), sq("c5")};
    v.arc = {sq("e5"), sq("e6"), sq("f6")};
    v.ascii = ascii;
    return v;
}

/// A raw string literal that starts on its own line.
std::string snapshot(const char* text) {
    return std::string(text).substr(1);
}

TextSurface draw_sample(const MapView& view) {
    test::Position p = sample();
    TextSurface t(48, 17);
    draw_map(t, Rect{0, 0, 48, 17}, p.ctx, p.s, view);
    return t;
}

/// The cell of a square's glyph (the first of its three) on a map drawn at (0, 0).
int glyph_x(const std::string& square) {
    return 3 + 3 * sq(square).x;
}
int row_y(const std::string& square) {
    return 1 + (14 - sq(square).y);
}

}  // namespace

TEST_CASE("the map fits beside a side pane in 80 x 24", "[ui][map]") {
    const Rect r = map_rect(MapView{});
    CHECK(r.w == 48);
    CHECK(r.h == 17);
}

TEST_CASE("the map in Unicode: glyphs, facings, markers, terrain, leaders, highlights",
          "[ui][map]") {
    // a15 B arquebus facing S, c13 B light horse SE, h13 the B leader alone, f12 B tercio in a
    // wood, l11 wood, j9 B lancers routed facing SW, k8 A crossbows and B pike contested, a7-c7
    // stream, n6 A carabins facing NW, c5-d5 hill, h5 A pike disordered facing W, g4 A arquebus
    // fired facing NE, e3 A knights with the A leader attached, m3 building, o1 A militia.
    // Reach: d4 e4 e5 c5 (+), arc: e5 e6 f6 (-), both at e5 (±).
    CHECK(draw_sample(sample_view(false)).to_string() == snapshot(R"(
   a  b  c  d  e  f  g  h  i  j  k  l  m  n  o
15 a↓ ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
14 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
13 ·  ·  h↘ ·  ·  ·  ·  @  ·  ·  ·  ·  ·  ·  ·
12 ·  ·  ·  ·  ·  t↓♣·  ·  ·  ·  ·  ·  ·  ·  ·
11 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ♣♣♣·  ·  ·
10 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
 9 ·  ·  ·  ·  ·  ·  ·  ·  ·  l↙!·  ·  ·  ·  ·
 8 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  X×p·  ·  ·  ·
 7 ≈≈≈≈≈≈≈≈≈·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
 6 ·  ·  ·  ·  -  -  ·  ·  ·  ·  ·  ·  ·  C↖ ·
 5 ·  ·  +^^^^^±  ·  ·  P←?·  ·  ·  ·  ·  ·  ·
 4 ·  ·  ·  +  +  ·  A↗*·  ·  ·  ·  ·  ·  ·  ·
 3 ·  ·  ·  ·  K↑@·  ·  ·  ·  ·  ·  ·  ###·  ·
 2 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·
 1 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  M↑
   a  b  c  d  e  f  g  h  i  j  k  l  m  n  o)"));
}

TEST_CASE("the map in ASCII: the same picture with ASCII marks only", "[ui][map]") {
    const TextSurface t = draw_sample(sample_view(true));
    CHECK(t.to_string() == snapshot(R"(
   a  b  c  d  e  f  g  h  i  j  k  l  m  n  o
15 av .  .  .  .  .  .  .  .  .  .  .  .  .  .
14 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
13 .  .  h\ .  .  .  .  @  .  .  .  .  .  .  .
12 .  .  .  .  .  tv&.  .  .  .  .  .  .  .  .
11 .  .  .  .  .  .  .  .  .  .  .  &&&.  .  .
10 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 9 .  .  .  .  .  .  .  .  .  l,!.  .  .  .  .
 8 .  .  .  .  .  .  .  .  .  .  X=p.  .  .  .
 7 ~~~~~~~~~.  .  .  .  .  .  .  .  .  .  .  .
 6 .  .  .  .  -  -  .  .  .  .  .  .  .  C' .
 5 .  .  +%%%%%:  .  .  P<?.  .  .  .  .  .  .
 4 .  .  .  +  +  .  A/*.  .  .  .  .  .  .  .
 3 .  .  .  .  K^@.  .  .  .  .  .  .  ###.  .
 2 .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 1 .  .  .  .  .  .  .  .  .  .  .  .  .  .  M^
   a  b  c  d  e  f  g  h  i  j  k  l  m  n  o)"));
    for (const char c : t.to_string()) CHECK(static_cast<unsigned char>(c) < 0x80);
}

TEST_CASE("ASCII mode writes no byte above 0x7F for any facing, status or terrain", "[ui][map]") {
    test::Position p = sample();
    int n = 0;
    for (const core::Facing f : core::kAllFacings) {
        p.add(Side::B, "arquebus", std::string(1, static_cast<char>('a' + n)) + "14", f,
              n % 2 == 0 ? UnitStatus::Disordered : UnitStatus::Routed);
        ++n;
    }
    MapView v = sample_view(true);
    v.arc.push_back(sq("e4"));
    TextSurface t(48, 17);
    draw_map(t, Rect{0, 0, 48, 17}, p.ctx, p.s, v);
    for (int y = 0; y < t.height(); ++y) {
        for (int x = 0; x < t.width(); ++x) {
            for (const char c : t.cell(x, y)) CHECK(static_cast<unsigned char>(c) < 0x80);
        }
    }
    // Each facing and marker of a14..h14 (disordered and routed in turn): the letter, its facing
    // (eight marks, none for two facings), its mark, always in that order.
    const std::string text = t.to_string();
    CHECK(text.substr(text.find("14 "), 27) == R"(14 a^?a/!a>?a\!av?a,!a<?a'!)");
}

namespace {

/// The text of a square's cells, row by row ("|" between rows), on a map drawn at (0, 0) with
/// squares of w x h cells.
std::string square_text(const TextSurface& t, const std::string& square, int w, int h) {
    const core::Square q = sq(square);
    const int x0 = 3 + w * q.x;
    const int y0 = 1 + h * (14 - q.y);
    std::string out;
    for (int y = y0; y < y0 + h; ++y) {
        if (y > y0) out += "|";
        for (int x = x0; x < x0 + w; ++x) out += t.cell(x, y);
    }
    return out;
}

TextSurface draw_sized(const test::Position& p, int w, int h, bool ascii = false) {
    MapView v;
    v.cell_w = w;
    v.cell_h = h;
    v.ascii = ascii;
    const Rect r = map_rect(v);
    TextSurface t(r.w, r.h);
    draw_map(t, r, p.ctx, p.s, v);
    return t;
}

}  // namespace

TEST_CASE("every mark has its place in its unit's square: the letter, its facing, then its marks (issue 40)",
          "[ui][map]") {
    // g3 is fired and its leader is with it; h3, disordered too. Facing west or east, each mark
    // stays right of its letter, in its own square.
    test::Position p = test::board();
    const auto g3 = p.add(Side::A, "arquebus", "g3", core::Facing::W);
    p.unit(g3).fired = true;
    p.leader(Side::A, "g3", true);
    const auto h3 = p.add(Side::B, "arquebus", "h3", core::Facing::SW, UnitStatus::Disordered);
    p.unit(h3).fired = true;
    p.add(Side::B, "pike", "i3", core::Facing::E);
    const TextSurface small = draw_sized(p, 3, 1);
    // 3 x 1: one cell for the marks, the first of ? (or !), *, @: the others are attributes.
    CHECK(square_text(small, "g3", 3, 1) == "A←*");
    CHECK(square_text(small, "h3", 3, 1) == "a↙?");
    CHECK(square_text(small, "i3", 3, 1) == "p→ ");
    CHECK(small.style(glyph_x("g3"), row_y("g3")).bold);     // the leader's unit
    CHECK(small.style(glyph_x("g3") + 1, row_y("g3")).dim);  // fired: its facing dim
    CHECK(small.style(glyph_x("h3") + 1, row_y("h3")).dim);
    // 5 x 2: each mark in a cell of its own (status, fired, leader), the name and stands under.
    const TextSurface mid = draw_sized(p, 5, 2);
    CHECK(square_text(mid, "g3", 5, 2) == "A← *@|A1 2 ");
    CHECK(square_text(mid, "h3", 5, 2) == "a↙?* |A2 2 ");  // B's second arquebus (a15 holds A1)
    CHECK(square_text(mid, "i3", 5, 2) == "p→   |P1 2 ");
    // ASCII: eight facing marks, none standing for two.
    const TextSurface ascii = draw_sized(p, 3, 1, true);
    CHECK(square_text(ascii, "g3", 3, 1) == "A<*");
    CHECK(square_text(ascii, "h3", 3, 1) == "a,?");
}

TEST_CASE("a large square shows its unit's name, facing, marks, stands and hits, terrain in the cells left "
          "(issue 40)",
          "[ui][map]") {
    test::Position p = sample();
    p.unit(p.at(Side::A, "h5")).hits = 1;
    p.piece(rules::TerrainKind::Hill, {"h5"});
    const TextSurface big = draw_sized(p, 7, 3);
    CHECK(square_text(big, "h5", 7, 3) == "P←?^^^^|P1 2st^|1 hit^^");
    CHECK(square_text(big, "f12", 7, 3) == "t↓♣♣♣♣♣|T1 6st♣|♣♣♣♣♣♣♣");
    CHECK(square_text(big, "e3", 7, 3) == "K↑  @  |K1 2st |       ");
    CHECK(square_text(big, "g4", 7, 3) == "A↗ *   |A1 2st |       ");
    CHECK(square_text(big, "k8", 7, 3) == "X→×p←  |X1 P1  |       ");
    CHECK(square_text(big, "h13", 7, 3) == "@      |       |       ");
    CHECK(square_text(big, "b2", 7, 3) == "·      |       |       ");
    CHECK(square_text(big, "c5", 7, 3) == "^^^^^^^|^^^^^^^|^^^^^^^");
    // The rank number beside the first row, the file letter over the first column.
    CHECK(big.cell(1, row_y("h5") * 3 - 2) == "5");
    CHECK(big.cell(3 + 7 * 7, 0) == "h");
    // 5 x 2 in ASCII: the same places, ASCII marks only.
    const TextSurface mid = draw_sized(p, 5, 2, true);
    CHECK(square_text(mid, "h5", 5, 2) == "P<?%%|P1 2%");
    CHECK(square_text(mid, "k8", 5, 2) == "X>=p<|X1 P1");
    for (const char c : mid.to_string()) CHECK(static_cast<unsigned char>(c) < 0x80);
}

TEST_CASE("map styles: side colours, status attributes, cursor and highlights", "[ui][map]") {
    const TextSurface t = draw_sample(sample_view(false));
    const Style knights = t.style(glyph_x("e3"), row_y("e3"));
    CHECK(t.cell(glyph_x("e3"), row_y("e3")) == "K");
    CHECK(knights.fg == Color::Red);
    CHECK(knights.reverse);  // the cursor
    CHECK(knights.bold);     // the leader is attached
    CHECK(t.style(glyph_x("e3") + 1, row_y("e3")).reverse);
    CHECK(t.style(glyph_x("e3") + 2, row_y("e3")).reverse);
    // The labels stay plain, the cursor's file letter and rank number too (the status line names
    // the square; a highlight there cost bytes on every cursor move).
    CHECK(t.cell(glyph_x("e3"), 0) == "e");
    CHECK(t.style(glyph_x("e3"), 0) == Style{});
    CHECK(t.style(glyph_x("e3"), 16) == Style{});
    CHECK(t.cell(1, row_y("e3")) == "3");
    CHECK(t.style(1, row_y("e3")) == Style{});

    const Style tercio = t.style(glyph_x("f12"), row_y("f12"));
    CHECK(t.cell(glyph_x("f12"), row_y("f12")) == "t");
    CHECK(tercio.fg == Color::Blue);
    CHECK_FALSE(tercio.reverse);

    const Style routed = t.style(glyph_x("j9"), row_y("j9"));
    CHECK(routed.reverse);
    CHECK(routed.fg == Color::Blue);
    const Style disordered = t.style(glyph_x("h5"), row_y("h5"));
    CHECK(disordered.underline);
    CHECK(disordered.dim);
    CHECK_FALSE(disordered.reverse);
    CHECK(t.style(glyph_x("g4") + 1, row_y("g4")).dim);  // the fired unit's facing mark

    // Contested: each glyph in its side's colour.
    CHECK(t.style(glyph_x("k8"), row_y("k8")).fg == Color::Red);
    CHECK(t.style(glyph_x("k8") + 2, row_y("k8")).fg == Color::Blue);
    // The lone leader.
    CHECK(t.style(glyph_x("h13"), row_y("h13")).fg == Color::Blue);

    // Highlights are attributes as well as marks: reach underlined, arc bold.
    CHECK(t.style(glyph_x("e4"), row_y("e4")).underline);
    CHECK_FALSE(t.style(glyph_x("e4"), row_y("e4")).bold);
    CHECK(t.style(glyph_x("e6"), row_y("e6")).bold);
    CHECK(t.style(glyph_x("e5") + 2, row_y("e5")).underline);
    CHECK(t.style(glyph_x("e5") + 2, row_y("e5")).bold);
    CHECK(t.style(glyph_x("b2"), row_y("b2")) == Style{});
}

TEST_CASE("without colour no cell has a colour and the picture is the same", "[ui][map]") {
    MapView v = sample_view(false);
    const TextSurface coloured = draw_sample(v);
    v.color = false;
    const TextSurface plain = draw_sample(v);
    CHECK(plain.to_string() == coloured.to_string());
    for (int y = 0; y < plain.height(); ++y) {
        for (int x = 0; x < plain.width(); ++x) {
            INFO("cell " << x << "," << y);
            CHECK(plain.style(x, y).fg == Color::Default);
            Style without = coloured.style(x, y);
            without.fg = Color::Default;
            CHECK(plain.style(x, y) == without);
        }
    }
    CHECK(plain.style(glyph_x("j9"), row_y("j9")).reverse);
}

TEST_CASE("the map never draws outside its area", "[ui][map]") {
    test::Position p = sample();
    const std::string fill(60, '%');
    for (const Rect area :
         {Rect{5, 3, 20, 8}, Rect{2, 1, 48, 17}, Rect{0, 0, 0, 0}, Rect{58, 20, 10, 10}}) {
        TextSurface t(60, 22);
        for (int y = 0; y < t.height(); ++y) t.put(0, y, fill);
        draw_map(t, area, p.ctx, p.s, sample_view(false));
        for (int y = 0; y < t.height(); ++y) {
            for (int x = 0; x < t.width(); ++x) {
                const bool inside =
                    x >= area.x && y >= area.y && x < area.x + area.w && y < area.y + area.h;
                if (!inside) {
                    INFO("cell " << x << "," << y << " outside the area");
                    CHECK(t.cell(x, y) == "%");
                }
            }
        }
    }
    // A shifted full area shows the whole map, shifted.
    TextSurface t(60, 22);
    draw_map(t, Rect{2, 1, 48, 17}, p.ctx, p.s, sample_view(false));
    CHECK(t.cell(2 + glyph_x("e3"), 1 + row_y("e3")) == "K");
    CHECK(t.cell(2 + glyph_x("a1"), 1 + 16) == "a");
}

TEST_CASE("a 16-row area keeps the top file letters and drops the bottom ones", "[ui][map]") {
    test::Position p = sample();
    TextSurface t(48, 17);
    draw_map(t, Rect{0, 0, 48, 16}, p.ctx, p.s, sample_view(false));
    const std::string text = t.to_string();
    CHECK(text.rfind("   a  b  c", 0) == 0);
    CHECK(text.substr(text.rfind('\n')) == "\n");
}

TEST_CASE("the square status line lists units, markers, leaders and terrain", "[ui][map]") {
    test::Position p = sample();
    p.unit(p.at(Side::A, "h5")).hits = 1;
    CHECK(square_status(p.ctx, p.s, sq("e3")) ==
          "e3 open: A K1 Gendarmes facing N, ok, 2 stands; A leader attached to K1");
    CHECK(square_status(p.ctx, p.s, sq("g4")) ==
          "g4 open: A A1 Arquebus facing NE, ok, 2 stands, fired");
    CHECK(square_status(p.ctx, p.s, sq("h5")) ==
          "h5 open: A P1 Pike facing W, disordered, 2 stands, 1 hit");
    CHECK(square_status(p.ctx, p.s, sq("j9")) ==
          "j9 open: B L1 Lancers facing SW, routed, 2 stands");
    CHECK(square_status(p.ctx, p.s, sq("k8")) ==
          "k8 open: A X1 Crossbows facing E, ok, 2 stands; B P1 Pike facing W, ok, 2 stands");
    CHECK(square_status(p.ctx, p.s, sq("f12")) == "f12 wood: B T1 Tercio facing S, ok, 6 stands");
    // In fewer columns than the whole line needs: shorter forms before anything is cut, the
    // side always first (both sides may have an X1).
    CHECK(square_status(p.ctx, p.s, sq("k8"), 80) == square_status(p.ctx, p.s, sq("k8")));
    CHECK(square_status(p.ctx, p.s, sq("k8"), 70) == "k8 open: A X1 Crossbows E, ok, 2 st; B P1 Pike W, ok, 2 st");
    CHECK(square_status(p.ctx, p.s, sq("k8"), 56) == "k8 open: A X1 E, ok, 2 st; B P1 W, ok, 2 st");
    CHECK(square_status(p.ctx, p.s, sq("k8"), 30) == "k8 open: A X1 E, ok, 2 st; ...");
    CHECK(square_status(p.ctx, p.s, sq("e3"), 80) == square_status(p.ctx, p.s, sq("e3")));  // fits: unchanged
    CHECK(square_status(p.ctx, p.s, sq("h13")) == "h13 open: B leader");
    CHECK(square_status(p.ctx, p.s, sq("m3")) == "m3 building: empty");
    CHECK(square_status(p.ctx, p.s, sq("b7")) == "b7 stream: empty");
    CHECK(square_status(p.ctx, p.s, sq("b2")) == "b2 open: empty");
    CHECK(square_status(p.ctx, p.s, core::make_square(20, 3)) == "off the board");
}
