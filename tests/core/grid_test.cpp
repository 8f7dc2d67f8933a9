#include <catch2/catch.hpp>

#include <array>
#include <string>

#include "core/grid.hpp"

using namespace tercio::core;

namespace {
Square sq(const char* name) {
    const auto s = parse_square(name);
    REQUIRE(s.has_value());
    return *s;
}
}  // namespace

TEST_CASE("squares are named file letter then rank, a1 to o15", "[core][grid][PS-GRID-1]") {
    CHECK(sq("a1") == make_square(0, 0));
    CHECK(sq("o15") == make_square(14, 14));
    CHECK(sq("h8") == make_square(7, 7));  // the centre square
    CHECK(sq("c12") == make_square(2, 11));
    CHECK(to_string(make_square(7, 7)) == "h8");
    CHECK(to_string(make_square(14, 14)) == "o15");
    for (const char* bad : {"", "a", "p1", "a16", "a0", "a01", "A1", "1a", "h8x", "h-1"}) {
        INFO(bad);
        CHECK_FALSE(parse_square(bad).has_value());
    }
    // Smaller boards reject squares beyond their edge.
    CHECK_FALSE(parse_square("o15", 14, 14).has_value());
    CHECK(parse_square("n14", 14, 14).has_value());
}

TEST_CASE("side A's base edge is rank 1", "[core][grid][PS-GRID-2]") {
    // Rank 1 is y = 0, the south edge, where side A deploys; north is +y.
    CHECK(sq("a1").y == 0);
    CHECK(vector(Facing::N) == Offset{0, 1});
    CHECK(sq("a2") - sq("a1") == vector(Facing::N));
}

TEST_CASE("the 8 facings and their vectors", "[core][grid][PS-GRID-5][PS-GRID-16]") {
    CHECK(vector(Facing::N) == Offset{0, 1});
    CHECK(vector(Facing::NE) == Offset{1, 1});
    CHECK(vector(Facing::E) == Offset{1, 0});
    CHECK(vector(Facing::SE) == Offset{1, -1});
    CHECK(vector(Facing::S) == Offset{0, -1});
    CHECK(vector(Facing::SW) == Offset{-1, -1});
    CHECK(vector(Facing::W) == Offset{-1, 0});
    CHECK(vector(Facing::NW) == Offset{-1, 1});
    CHECK_FALSE(is_diagonal(Facing::N));
    CHECK(is_diagonal(Facing::SW));
    // Clockwise goes N -> NE -> E; counter-clockwise N -> NW -> W.
    CHECK(rotated(Facing::N, 1) == Facing::NE);
    CHECK(rotated(Facing::N, 2) == Facing::E);
    CHECK(rotated(Facing::N, -1) == Facing::NW);
    CHECK(rotated(Facing::N, -2) == Facing::W);
    CHECK(rotated(Facing::NW, 1) == Facing::N);
    CHECK(turn_steps(Facing::N, Facing::S) == 4);
    CHECK(turn_steps(Facing::NW, Facing::NE) == 2);
    CHECK(turn_steps(Facing::SW, Facing::SW) == 0);
    for (Facing f : kAllFacings) CHECK(parse_facing(to_string(f)) == f);
    CHECK(parse_facing("ne") == Facing::NE);
    CHECK_FALSE(parse_facing("X").has_value());
}

TEST_CASE("front, flank and rear of every neighbour for all 8 facings",
          "[core][grid][PS-GRID-6][PS-GRID-7][PS-GRID-8]") {
    // Each diagram is the 3x3 block around the unit, north at the top: F front, L flank
    // (beside), R rear. Orthogonal facings follow the seed's N diagram (PS-GRID-6), diagonal ones
    // the adapter's NE diagram (PS-GRID-7), turned.
    struct Case {
        Facing facing;
        std::array<const char*, 3> rows;
    };
    const std::array<Case, 8> cases = {{
        {Facing::N, {"FFF", "L.L", "RRR"}},
        {Facing::NE, {"LFF", "R.F", "RRL"}},
        {Facing::E, {"RLF", "R.F", "RLF"}},
        {Facing::SE, {"RRL", "R.F", "LFF"}},
        {Facing::S, {"RRR", "L.L", "FFF"}},
        {Facing::SW, {"LRR", "F.R", "FFL"}},
        {Facing::W, {"FLR", "F.R", "FLR"}},
        {Facing::NW, {"FFL", "F.R", "LRR"}},
    }};
    for (const auto& c : cases) {
        for (int row = 0; row < 3; ++row) {
            for (int col = 0; col < 3; ++col) {
                const Offset d{col - 1, 1 - row};
                const char want = c.rows[static_cast<std::size_t>(row)][col];
                if (want == '.') continue;
                const Aspect expected =
                    want == 'F' ? Aspect::Front : (want == 'L' ? Aspect::Flank : Aspect::Rear);
                INFO("facing " << to_string(c.facing) << " offset (" << d.dx << "," << d.dy << ")");
                CHECK(aspect(c.facing, d) == expected);
            }
        }
    }
}

TEST_CASE("PS-EX-3: classification of near and distant squares from h8",
          "[core][grid][PS-EX-3][PS-GRID-8]") {
    const Square h8 = sq("h8");
    const auto at = [&](Facing f, const char* other) { return aspect(f, sq(other) - h8); };
    // Facing N: h9 i9 i8 g9 i7 g8 g7 h10 k8.
    CHECK(at(Facing::N, "h9") == Aspect::Front);
    CHECK(at(Facing::N, "i9") == Aspect::Front);
    CHECK(at(Facing::N, "i8") == Aspect::Flank);
    CHECK(at(Facing::N, "g9") == Aspect::Front);
    CHECK(at(Facing::N, "i7") == Aspect::Rear);
    CHECK(at(Facing::N, "g8") == Aspect::Flank);
    CHECK(at(Facing::N, "g7") == Aspect::Rear);
    CHECK(at(Facing::N, "h10") == Aspect::Front);
    CHECK(at(Facing::N, "k8") == Aspect::Flank);
    // Facing NE.
    CHECK(at(Facing::NE, "h9") == Aspect::Front);
    CHECK(at(Facing::NE, "i9") == Aspect::Front);
    CHECK(at(Facing::NE, "i8") == Aspect::Front);
    CHECK(at(Facing::NE, "g9") == Aspect::Flank);
    CHECK(at(Facing::NE, "i7") == Aspect::Flank);
    CHECK(at(Facing::NE, "g8") == Aspect::Rear);
    CHECK(at(Facing::NE, "g7") == Aspect::Rear);
    CHECK(at(Facing::NE, "h10") == Aspect::Front);
    CHECK(at(Facing::NE, "k8") == Aspect::Front);
}

TEST_CASE("distance counts a diagonal step as 1.5 squares", "[core][grid][PS-GRID-10][PS-EX-4]") {
    const Square h8 = sq("h8");
    CHECK(dist2(h8, h8) == 0);
    CHECK(dist2(h8, sq("h9")) == 2);   // 1 square
    CHECK(dist2(h8, sq("i9")) == 3);   // 1.5
    CHECK(dist2(h8, sq("j9")) == 5);   // (2,1): 2.5
    CHECK(dist2(h8, sq("k11")) == 9);  // (3,3): 4.5
    CHECK(dist2(h8, sq("k9")) == 7);   // (3,1): 3.5
    CHECK(dist2(sq("k9"), h8) == 7);   // symmetric
    CHECK(dist2(sq("a1"), sq("o15")) == 42);  // 14 diagonal steps: 21 squares
    CHECK(dist2(sq("a1"), sq("a15")) == 28);
}

TEST_CASE("fire arcs: the 90-degree cone and the diagonal quadrant",
          "[core][grid][PS-GRID-11][PS-GRID-12][PS-EX-5]") {
    CHECK(in_arc(Facing::N, {1, 2}));
    CHECK_FALSE(in_arc(Facing::N, {2, 1}));
    CHECK(in_arc(Facing::N, {2, 2}));
    CHECK_FALSE(in_arc(Facing::N, {0, -1}));
    CHECK(in_arc(Facing::NE, {3, 0}));
    CHECK_FALSE(in_arc(Facing::NE, {2, -1}));
    CHECK_FALSE(in_arc(Facing::NE, {-1, 2}));
    // The unit's own square is always in its arc (range 0, PS-GRID-11).
    for (Facing f : kAllFacings) CHECK(in_arc(f, {0, 0}));
    // The square in front is in the arc of every facing, the one behind never.
    for (Facing f : kAllFacings) {
        const Offset v = vector(f);
        CHECK(in_arc(f, v));
        CHECK_FALSE(in_arc(f, Offset{-v.dx, -v.dy}));
    }
    // Facing E: the cone is (dx >= |dy|).
    CHECK(in_arc(Facing::E, {3, 3}));
    CHECK(in_arc(Facing::E, {3, -3}));
    CHECK_FALSE(in_arc(Facing::E, {2, 3}));
    // Facing SW: the quadrant dx <= 0 and dy <= 0.
    CHECK(in_arc(Facing::SW, {0, -4}));
    CHECK(in_arc(Facing::SW, {-4, 0}));
    CHECK_FALSE(in_arc(Facing::SW, {1, -4}));
}
