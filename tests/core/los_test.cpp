#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/dice.hpp"
#include "core/grid.hpp"
#include "core/los.hpp"

using namespace tercio::core;

namespace {

Square sq(const char* name) {
    const auto s = parse_square(name);
    REQUIRE(s.has_value());
    return *s;
}

/// A corner pair with its two squares in a fixed order (west first, then south), so that pairs
/// can be compared as the unordered sets they are.
LosStep normalised(LosStep s) {
    if (s.b && (s.b->x < s.a.x || (s.b->x == s.a.x && s.b->y < s.a.y))) std::swap(s.a, *s.b);
    return s;
}

std::string describe(const LosStep& s) {
    return s.b ? "{" + to_string(s.a) + "," + to_string(*s.b) + "}" : to_string(s.a);
}

/// "b1 {c1,b2} c2": crossed squares by name, corner pairs in braces, in path order.
template <class Steps>
std::string describe(const Steps& steps) {
    std::string out;
    for (const LosStep& s : steps) out += (out.empty() ? "" : " ") + describe(s);
    return out;
}

std::string path_text(const char* from, const char* to) {
    return describe(los_path(sq(from), sq(to)));
}

std::vector<LosStep> normalised_steps(const LosPath& p) {
    std::vector<LosStep> out;
    for (const LosStep& s : p) out.push_back(normalised(s));
    return out;
}

/// A set of blocking squares on a board of up to kMaxBoardSide x kMaxBoardSide.
struct Blockers {
    std::array<std::array<bool, kMaxBoardSide>, kMaxBoardSide> at{};
    Blockers& add(const char* name) {
        const Square s = sq(name);
        at[static_cast<std::size_t>(s.x)][static_cast<std::size_t>(s.y)] = true;
        return *this;
    }
    bool operator()(Square s) const {
        return at[static_cast<std::size_t>(s.x)][static_cast<std::size_t>(s.y)];
    }
};

bool clear(const char* from, const char* to, const Blockers& blockers) {
    return los_clear(sq(from), sq(to), blockers);
}

/// PS-LOS-4 applied to a finished path, independently of los_clear's early exit.
bool clear_by_path(const LosPath& p, const Blockers& blocks) {
    for (const LosStep& s : p) {
        if (s.b ? blocks(s.a) && blocks(*s.b) : blocks(s.a)) return false;
    }
    return true;
}

Blockers random_layout(SeededDice& dice, int side, int percent) {
    Blockers b;
    for (int x = 0; x < side; ++x) {
        for (int y = 0; y < side; ++y) {
            b.at[static_cast<std::size_t>(x)][static_cast<std::size_t>(y)] =
                dice.pick(100, RollPurpose::Other) < percent;
        }
    }
    return b;
}

// --- An independent geometric oracle -------------------------------------------------------
// Works in doubled coordinates, where square (i, j) is the open box (2i, 2i+2) x (2j, 2j+2), its
// centre is (2i+1, 2j+1) and square corners are the points with both coordinates even. The
// segment is P(t) = A + t*D for t in [0, 1]. Times are exact fractions.

struct Frac {
    long num = 0;
    long den = 1;  // > 0
};
bool operator<(Frac a, Frac b) {
    return a.num * b.den < b.num * a.den;
}
bool operator==(Frac a, Frac b) {
    return a.num * b.den == b.num * a.den;
}
Frac frac(long num, long den) {
    return den < 0 ? Frac{-num, -den} : Frac{num, den};
}

/// The open interval of t during which one coordinate, moving from `a` at rate `d`, lies strictly
/// between `lo` and `lo + 2`. Empty (lo >= hi) if it never does.
void open_interval(int a, int d, int lo, Frac& from, Frac& until) {
    if (d == 0) {
        const bool inside = lo < a && a < lo + 2;
        from = inside ? Frac{-1, 1} : Frac{1, 1};
        until = inside ? Frac{2, 1} : Frac{0, 1};
        return;
    }
    Frac p = frac(lo - a, d);
    Frac q = frac(lo + 2 - a, d);
    if (q < p) std::swap(p, q);
    from = p;
    until = q;
}

struct Event {
    Frac t;
    int kind;  // 0: corner pair, 1: square (a corner comes before the square entered through it)
    LosStep step;
};

/// The crossed squares and corner pairs of the segment between the two centres, found by
/// intersecting it with every square's interior and every corner point, sorted along the segment.
std::vector<LosStep> oracle_path(Square from, Square to) {
    const int ax = 2 * from.x + 1, ay = 2 * from.y + 1;
    const int dx = 2 * (to.x - from.x), dy = 2 * (to.y - from.y);
    std::vector<Event> events;
    const int x_lo = std::min<int>(from.x, to.x), x_hi = std::max<int>(from.x, to.x);
    const int y_lo = std::min<int>(from.y, to.y), y_hi = std::max<int>(from.y, to.y);
    for (int i = x_lo; i <= x_hi; ++i) {
        for (int j = y_lo; j <= y_hi; ++j) {
            const Square s = make_square(i, j);
            if (s == from || s == to) continue;
            Frac fx, ux, fy, uy;
            open_interval(ax, dx, 2 * i, fx, ux);
            open_interval(ay, dy, 2 * j, fy, uy);
            const Frac enter = std::max({Frac{0, 1}, fx, fy});
            const Frac leave = std::min({Frac{1, 1}, ux, uy});
            if (enter < leave) events.push_back({enter, 1, LosStep{s, std::nullopt}});
        }
    }
    // Corners strictly between the two centres lie at (2p, 2q) with x_lo < p <= x_hi, etc.
    for (int p = x_lo + 1; p <= x_hi; ++p) {
        for (int q = y_lo + 1; q <= y_hi; ++q) {
            if (dx * (2 * q - ay) != dy * (2 * p - ax)) continue;  // not on the line
            // The segment runs through the two squares diagonal to each other along its
            // direction; the corner pair is the other two of the four around the corner.
            const bool rising = (dx > 0) == (dy > 0);
            const LosStep pair = rising ? LosStep{make_square(p, q - 1), make_square(p - 1, q)}
                                        : LosStep{make_square(p - 1, q - 1), make_square(p, q)};
            events.push_back({frac(2 * p - ax, dx), 0, pair});
        }
    }
    std::sort(events.begin(), events.end(), [](const Event& l, const Event& r) {
        return l.t == r.t ? l.kind < r.kind : l.t < r.t;
    });
    std::vector<LosStep> out;
    for (const Event& e : events) out.push_back(normalised(e.step));
    return out;
}

}  // namespace

TEST_CASE("PS-EX-20: a1 to c2 and a1 to c3", "[core][los][PS-EX-20][PS-LOS-3]") {
    CHECK(path_text("a1", "c2") == "b1 b2");
    // a1 to c3 is an exact diagonal: the pair is taken before x and y advance, then the
    // diagonal square b2 is itself crossed.
    const LosPath p = los_path(sq("a1"), sq("c3"));
    REQUIRE(p.size() == 3);
    CHECK(p[0] == LosStep{sq("b1"), sq("a2")});
    CHECK(p[1] == LosStep{sq("b2"), std::nullopt});
    CHECK(p[2] == LosStep{sq("c2"), sq("b3")});
    CHECK(p[0].is_corner_pair());
    CHECK_FALSE(p[1].is_corner_pair());
}

TEST_CASE("a square and its neighbours", "[core][los][PS-LOS-3][PS-LOS-4]") {
    const Square h8 = sq("h8");
    CHECK(los_path(h8, h8).empty());
    // Orthogonal neighbours share an edge: nothing between them.
    for (const char* n : {"h9", "i8", "h7", "g8"}) {
        INFO(n);
        CHECK(los_path(h8, sq(n)).empty());
    }
    // Diagonal neighbours share only a corner: the segment passes through it, so the path is
    // that one corner pair (the other two squares at the corner) and no crossed square.
    CHECK(path_text("h8", "i9") == "{i8,h9}");
    CHECK(path_text("h8", "g9") == "{g8,h9}");
    CHECK(path_text("h8", "g7") == "{g8,h7}");
    CHECK(path_text("h8", "i7") == "{i8,h7}");
}

TEST_CASE("straight orthogonal lines cross every square between", "[core][los][PS-LOS-3]") {
    CHECK(path_text("a1", "a5") == "a2 a3 a4");
    CHECK(path_text("a5", "a1") == "a4 a3 a2");
    CHECK(path_text("h8", "c8") == "g8 f8 e8 d8");
    CHECK(path_text("c8", "h8") == "d8 e8 f8 g8");
    CHECK(path_text("a1", "o1") == "b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1");
    // Squares beside the line are never crossed.
    const Blockers beside = Blockers().add("b2").add("b3").add("b4").add("b1");
    CHECK(clear("a1", "a5", beside));
}

TEST_CASE("exact diagonals alternate corner pairs and diagonal squares",
          "[core][los][PS-LOS-3][PS-LOS-4]") {
    CHECK(path_text("a1", "d4") == "{b1,a2} b2 {c2,b3} c3 {d3,c4}");
    // Running back, each pair is the same two squares, x-step neighbour first.
    CHECK(path_text("d4", "a1") == "{c4,d3} c3 {b3,c2} b2 {a2,b1}");
    // North-west: from d1, sx = -1 and sy = +1.
    CHECK(path_text("d1", "a4") == "{c1,d2} c2 {b2,c3} b3 {a3,b4}");
    CHECK(path_text("h8", "e5") == "{g8,h7} g7 {f7,g6} f6 {e6,f5}");
}

TEST_CASE("hand-worked segments between square centres", "[core][los][PS-LOS-3]") {
    // a1 (0.5,0.5) to c4 (2.5,3.5): x = 0.5 + (y - 0.5) * 2/3. It meets y = 1 at x = 0.83 (into
    // a2), x = 1 at y = 1.25 (b2), y = 2 at x = 1.5 (b3), x = 2 at y = 2.75 (c3), y = 3 at
    // x = 2.17 (c4, the target). No corner: x and y are never whole together.
    CHECK(path_text("a1", "c4") == "a2 b2 b3 c3");

    // The same shape mirrored west: h8 (7.5,7.5) to f11 (5.5,10.5), x = 7.5 - (y - 7.5) * 2/3.
    // y = 8 at x = 7.17 (h9), x = 7 at y = 8.25 (g9), y = 9 at x = 6.5 (g10), x = 6 at y = 9.75
    // (f10), y = 10 at x = 5.83 (f11, the target).
    CHECK(path_text("h8", "f11") == "h9 g9 g10 f10");

    // a1 (0.5,0.5) to d2 (3.5,1.5): y = 0.5 + (x - 0.5) / 3. x = 1 at y = 0.67 (b1), x = 2 at
    // y = 1 exactly: the corner (2,1) of b1, c1, b2 and c2. The segment goes from b1 to c2
    // through it, so the pair is {c1, b2}, then c2; x = 3 at y = 1.33 is d2, the target.
    CHECK(path_text("a1", "d2") == "b1 {c1,b2} c2");

    // b4 (1.5,3.5) to h2 (7.5,1.5): y = 3.5 - (x - 1.5) / 3. x = 2 at y = 3.33 (c4); x = 3 at
    // y = 3 exactly: corner (3,3) between c4 and d3, pair {d4, c3}, then d3; x = 4 at 2.67 (e3);
    // x = 5 at 2.33 (f3); x = 6 at y = 2 exactly: corner (6,2) between f3 and g2, pair {g3, f2},
    // then g2; x = 7 at 1.67 is h2, the target.
    CHECK(path_text("b4", "h2") == "c4 {d4,c3} d3 e3 f3 {g3,f2} g2");

    // b2 (1.5,1.5) to h5 (7.5,4.5): y = 1.5 + (x - 1.5) / 2. x = 2 at 1.75 (c2); y = 2 at
    // x = 2.5 (c3); x = 3 at 2.25 (d3); x = 4 at 2.75 (e3); y = 3 at x = 4.5 (e4); x = 5 at
    // 3.25 (f4); x = 6 at 3.75 (g4); y = 4 at x = 6.5 (g5); x = 7 at 4.25 is h5. Corners would
    // need x = 2y - 1.5 whole: never.
    CHECK(path_text("b2", "h5") == "c2 c3 d3 e3 e4 f4 g4 g5");
}

TEST_CASE("every path on the board matches the geometry of the segment", "[core][los][PS-LOS-3]") {
    // Against the oracle above, which knows nothing of PS-LOS-3's loop: same squares, same
    // corner pairs, same order, for every ordered pair of squares on the standard board.
    int mismatches = 0;
    for (int x0 = 0; x0 < kBoardFiles; ++x0) {
        for (int y0 = 0; y0 < kBoardRanks; ++y0) {
            for (int x1 = 0; x1 < kBoardFiles; ++x1) {
                for (int y1 = 0; y1 < kBoardRanks; ++y1) {
                    const Square from = make_square(x0, y0), to = make_square(x1, y1);
                    const LosPath p = los_path(from, to);
                    const std::vector<LosStep> want = oracle_path(from, to);
                    const std::vector<LosStep> got = normalised_steps(p);
                    const int n = abs_int(x1 - x0) + abs_int(y1 - y0) - 1;
                    if (got != want || p.size() != std::max(n, 0)) {
                        if (++mismatches <= 5) {
                            INFO(to_string(from) << " to " << to_string(to));
                            CHECK(describe(got) == describe(want));
                            CHECK(p.size() == std::max(n, 0));
                        }
                    }
                }
            }
        }
    }
    CHECK(mismatches == 0);
}

TEST_CASE("the traced path is the same both ways", "[core][los][PS-LOS-3]") {
    // The spec's algorithm is symmetric: from `to` back to `from` gives the same elements in
    // reverse order, each corner pair the same two squares.
    int mismatches = 0;
    for (int x0 = 0; x0 < kBoardFiles; ++x0) {
        for (int y0 = 0; y0 < kBoardRanks; ++y0) {
            for (int x1 = 0; x1 < kBoardFiles; ++x1) {
                for (int y1 = 0; y1 < kBoardRanks; ++y1) {
                    const Square from = make_square(x0, y0), to = make_square(x1, y1);
                    std::vector<LosStep> there = normalised_steps(los_path(from, to));
                    std::vector<LosStep> back = normalised_steps(los_path(to, from));
                    std::reverse(back.begin(), back.end());
                    if (there != back && ++mismatches <= 5) {
                        INFO(to_string(from) << " to " << to_string(to));
                        CHECK(describe(there) == describe(back));
                    }
                }
            }
        }
    }
    CHECK(mismatches == 0);
}

TEST_CASE("a crossed square blocks, a corner pair blocks only when both squares do",
          "[core][los][PS-LOS-4][PS-EX-20]") {
    const Blockers none;
    CHECK(clear("a1", "c3", none));
    // a1 to c3: {b1,a2} b2 {c2,b3}.
    CHECK(clear("a1", "c3", Blockers().add("b1")));
    CHECK(clear("a1", "c3", Blockers().add("a2")));
    CHECK_FALSE(clear("a1", "c3", Blockers().add("b1").add("a2")));
    CHECK_FALSE(clear("a1", "c3", Blockers().add("b2")));
    CHECK(clear("a1", "c3", Blockers().add("c2")));
    CHECK_FALSE(clear("a1", "c3", Blockers().add("c2").add("b3")));
    // One square of each pair is not a blocked pair.
    CHECK(clear("a1", "c3", Blockers().add("b1").add("b3")));
    CHECK(clear("a1", "c3", Blockers().add("a2").add("c2").add("c1").add("a3")));
    // a1 to c2: b1 and b2 are crossed squares, so either alone blocks; c1 and a2 are not on it.
    CHECK_FALSE(clear("a1", "c2", Blockers().add("b1")));
    CHECK_FALSE(clear("a1", "c2", Blockers().add("b2")));
    CHECK(clear("a1", "c2", Blockers().add("c1").add("a2")));
    // A shot to a diagonal neighbour passes between the two squares at the shared corner.
    CHECK(clear("h8", "i9", Blockers().add("i8")));
    CHECK(clear("h8", "i9", Blockers().add("h9")));
    CHECK_FALSE(clear("h8", "i9", Blockers().add("i8").add("h9")));
    // A corner pair in the middle of a non-diagonal line: a1 to d2 is b1 {c1,b2} c2.
    CHECK(clear("a1", "d2", Blockers().add("c1")));
    CHECK(clear("a1", "d2", Blockers().add("b2")));
    CHECK_FALSE(clear("a1", "d2", Blockers().add("c1").add("b2")));
}

TEST_CASE("blockers on the shooter's or the target's square never block",
          "[core][los][PS-LOS-3][PS-LOS-4]") {
    int blocked = 0;
    bool asked_about_ends = false;
    for (int x0 = 0; x0 < kBoardFiles; ++x0) {
        for (int y0 = 0; y0 < kBoardRanks; ++y0) {
            for (int x1 = 0; x1 < kBoardFiles; ++x1) {
                for (int y1 = 0; y1 < kBoardRanks; ++y1) {
                    const Square from = make_square(x0, y0), to = make_square(x1, y1);
                    const auto ends_block = [&](Square s) {
                        if (s == from || s == to) asked_about_ends = true;
                        return s == from || s == to;
                    };
                    if (!los_clear(from, to, ends_block)) ++blocked;
                }
            }
        }
    }
    CHECK(blocked == 0);
    CHECK_FALSE(asked_about_ends);
    // With every square blocking, only paths with nothing between them stay clear.
    const auto all = [](Square) { return true; };
    CHECK(los_clear(sq("h8"), sq("h9"), all));
    CHECK(los_clear(sq("h8"), sq("h8"), all));
    CHECK_FALSE(los_clear(sq("h8"), sq("i9"), all));
    CHECK_FALSE(los_clear(sq("h8"), sq("h10"), all));
}

TEST_CASE("blocking is symmetric and agrees with the path on random layouts",
          "[core][los][PS-LOS-3][PS-LOS-4]") {
    SeededDice dice(20240517);
    int asymmetric = 0, disagreements = 0, blocked = 0, clear_count = 0;
    for (int layout = 0; layout < 40; ++layout) {
        const Blockers b = random_layout(dice, kBoardFiles, 10 + layout);
        for (int x0 = 0; x0 < kBoardFiles; ++x0) {
            for (int y0 = 0; y0 < kBoardRanks; ++y0) {
                for (int x1 = 0; x1 < kBoardFiles; ++x1) {
                    for (int y1 = 0; y1 < kBoardRanks; ++y1) {
                        const Square from = make_square(x0, y0), to = make_square(x1, y1);
                        const bool there = los_clear(from, to, b);
                        if (there != los_clear(to, from, b)) ++asymmetric;
                        if (there != clear_by_path(los_path(from, to), b)) ++disagreements;
                        ++(there ? clear_count : blocked);
                    }
                }
            }
        }
    }
    CHECK(asymmetric == 0);
    CHECK(disagreements == 0);
    // The layouts exercise both answers.
    CHECK(blocked > 10000);
    CHECK(clear_count > 10000);
}

TEST_CASE("tracing stops at the first element the visitor rejects", "[core][los][PS-LOS-3]") {
    int visits = 0;
    CHECK_FALSE(trace_los(sq("a1"), sq("a9"), [&](const LosStep&) { return ++visits < 3; }));
    CHECK(visits == 3);
    visits = 0;
    CHECK(trace_los(sq("a1"), sq("a9"), [&](const LosStep&) { return ++visits > 0; }));
    CHECK(visits == 7);
    // los_clear stops too: one blocked square ends the walk.
    int asked = 0;
    CHECK_FALSE(los_clear(sq("a1"), sq("a9"), [&](Square) { return ++asked > 0; }));
    CHECK(asked == 1);
}

TEST_CASE("the fixed path holds the longest line of the largest board", "[core][los][PS-LOS-3]") {
    const Square corner = make_square(0, 0);
    const Square far = make_square(kMaxBoardSide - 1, kMaxBoardSide - 1);
    const LosPath p = los_path(corner, far);
    CHECK(p.size() == kMaxLosSteps);
    CHECK(p[kMaxLosSteps - 1] == LosStep{make_square(kMaxBoardSide - 1, kMaxBoardSide - 2),
                                         make_square(kMaxBoardSide - 2, kMaxBoardSide - 1)});
    CHECK(los_path(make_square(0, kMaxBoardSide - 1), make_square(kMaxBoardSide - 1, 0)).size() ==
          kMaxLosSteps);
    CHECK_THROWS_AS(los_path(corner, make_square(kMaxBoardSide, kMaxBoardSide - 1)),
                    std::length_error);
}
