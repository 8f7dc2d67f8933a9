// Involuntary movement (PS-INVOL-1 .. PS-INVOL-8): fall-backs, rout moves, evades, pursuits and
// follow-ups, called directly on hand-built positions (the melee results that trigger most of
// them are tested in melee_test.cpp). The evade as a reaction is tested in reaction_test.cpp.
#include "rules/involuntary.hpp"

#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::Facing;
using core::Offset;
using tercio::test::events_of;
using tercio::test::path_of;
using tercio::test::Position;
using tercio::test::sq;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;

/// A board with one far-away unit per side, so that neither army is ever gone.
Position board() {
    Position p("french", "spanish");
    p.add(A, "militia", "o1");
    p.add(B, "arquebus", "a15");
    return p;
}

/// The squares of a path as text, "off" for leaving the table.
std::vector<std::string> squares(const InvoluntaryPath& path) {
    std::vector<std::string> out;
    for (const Square q : path.squares) out.push_back(core::to_string(q));
    if (path.left_table) out.push_back("off");
    return out;
}

using Names = std::vector<std::string>;

/// Dice that fail the test if anything is rolled.
core::ScriptedDice no_dice() {
    return core::ScriptedDice::parse("");
}

/// A loser in `melee` falls back `n` squares, the winner having entered from `winner_from`.
InvoluntaryPath fall_back_from(Position& p, std::size_t loser, int n,
                               const std::string& winner_from, Events& ev) {
    core::ScriptedDice dice = no_dice();
    const Square m = p.unit(loser).square;
    return fall_back(p.ctx, p.s, loser, n, away_vector(m, sq(winner_from), Entrant::Winner), dice,
                     ev);
}

}  // namespace

// --- PS-INVOL-2: the away vector
// ------------------------------------------------------------------

TEST_CASE("the away vector: on in the winner's direction, or back the way the loser came",
          "[rules][involuntary][PS-INVOL-2]") {
    SECTION("the winner entered") {
        CHECK(away_vector(sq("h8"), sq("h7"), Entrant::Winner) == Offset{0, 1});
        CHECK(away_vector(sq("h8"), sq("i9"), Entrant::Winner) == Offset{-1, -1});
    }
    SECTION("the loser entered") {
        CHECK(away_vector(sq("h8"), sq("h7"), Entrant::Loser) == Offset{0, -1});
        CHECK(away_vector(sq("h8"), sq("i9"), Entrant::Loser) == Offset{1, 1});
    }
    SECTION("a loser that entered from g7 falls back toward g7 and beyond") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8");
        p.add(B, "pike", "h8", Facing::S);
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = fall_back(p.ctx, p.s, loser, 2,
                                    away_vector(sq("h8"), sq("g7"), Entrant::Loser), dice, ev);
        CHECK(squares(path) == Names{"g7", "f6"});
    }
    SECTION("step directions of vectors") {
        CHECK(direction_of(Offset{0, 1}) == Facing::N);
        CHECK(direction_of(Offset{-1, -1}) == Facing::SW);
        CHECK(direction_of(Offset{3, -2}) == Facing::SE);
        CHECK_FALSE(direction_of(Offset{0, 0}).has_value());
    }
}

// --- PS-INVOL-6: deviation
// -------------------------------------------------------------------------

TEST_CASE("deviation: D, then 45 degrees counter-clockwise, then clockwise",
          "[rules][involuntary][PS-INVOL-6][PS-INVOL-3][PS-GRID-16]") {
    SECTION("D blocked, both sides open and equally far from R: counter-clockwise") {
        Position p = board();
        const auto loser = p.add(B, "arquebus", "h8", Facing::S);
        p.add(A, "pike", "h8");
        p.add(A, "militia", "h9");  // an enemy unit is never entered
        Events ev;
        // Pushed north (the winner came from h7). NW g9 and NE i9 are both 1.5 from h8: NW.
        const auto path = fall_back_from(p, loser, 2, "h7", ev);
        CHECK(squares(path) == Names{"g9", "g10"});
        CHECK(p.unit(loser).square == sq("g10"));
    }
    SECTION("D blocked, both sides open: the one farther from R, even if clockwise") {
        Position p = board();
        const auto loser = p.add(B, "arquebus", "h8", Facing::S);
        p.add(A, "pike", "h8");
        for (const char* q : {"h9", "g9", "i10"}) p.add(A, "militia", q);
        Events ev;
        // h9 and g9 blocked: the only open side, NE to i9. Then i10 blocked: h10 is 2 from the
        // start h8, j10 is 3, so NE to j10 although NW comes first. Then N again.
        const auto path = fall_back_from(p, loser, 3, "h7", ev);
        CHECK(squares(path) == Names{"i9", "j10", "j11"});
    }
    SECTION("no candidate legal: the move stops, still in contact") {
        Position p = board();
        const auto loser = p.add(B, "arquebus", "h8", Facing::S);
        p.add(A, "pike", "h8");
        for (const char* q : {"h9", "g9", "i9"}) p.add(A, "militia", q);
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h7", ev);
        CHECK(path.squares.empty());
        CHECK_FALSE(path.moved());
        CHECK(p.unit(loser).square == sq("h8"));
        CHECK(events_of<UnitMoved>(ev).empty());
    }
    SECTION("a step that would overspend the points is not a candidate") {
        Position p = board();
        // An evade NE with 5 points: NE (3) to i9, then NE would cost 3 of the 2 left, and N and
        // E are equally far from g7: N.
        const auto e = p.add(B, "skirmishers", "h8", Facing::S);
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = evade(p.ctx, p.s, e, sq("g7"), dice, ev);
        CHECK(squares(path) == Names{"i9", "i10"});
    }
}

// --- PS-INVOL-1: what every involuntary move obeys
// -------------------------------------------------

TEST_CASE("an involuntary move obeys prohibited terrain but not the stop rule",
          "[rules][involuntary][PS-INVOL-1][PS-TERRAIN-11][PS-TERRAIN-10][PS-INVOL-6]") {
    SECTION("cavalry go round a wood") {
        Position p = board();
        const auto loser = p.add(A, "knights", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        p.piece(TerrainKind::Wood, {"h7", "g7"});
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h9", ev);
        // S (h7) and its clockwise side SW (g7) are wood: the counter-clockwise side SE, then S.
        CHECK(squares(path) == Names{"i7", "i6"});
    }
    SECTION("cavalry hemmed in by woods stay") {
        Position p = board();
        const auto loser = p.add(A, "knights", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        p.piece(TerrainKind::Wood, {"g7", "h7"});
        p.piece(TerrainKind::Wood, {"i7"});
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h9", ev);
        CHECK_FALSE(path.moved());
        CHECK(p.unit(loser).square == sq("h8"));
    }
    SECTION("infantry go into and through the wood in one move") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        p.piece(TerrainKind::Wood, {"h7", "h6"});
        p.piece(TerrainKind::Hill, {"h5"});
        Events ev;
        const auto path = fall_back_from(p, loser, 3, "h9", ev);
        CHECK(squares(path) == Names{"h7", "h6", "h5"});
    }
}

TEST_CASE("an involuntary move passes friends, except pike-type units, and marks them",
          "[rules][involuntary][PS-INVOL-1][PS-MOVE-6][PS-MOVE-7][PS-GRID-4]") {
    SECTION("other units pass a friend, which is marked moved-through") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        const auto f = p.add(A, "crossbows", "h7");
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h9", ev);
        CHECK(squares(path) == Names{"h7", "h6"});
        CHECK(p.unit(f).moved_through);
    }
    SECTION("a pike unit does not pass a friend: it goes round") {
        Position p = board();
        const auto loser = p.add(A, "pike", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        const auto f = p.add(A, "crossbows", "h7");
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h9", ev);
        // S blocked; SE (i7) and SW (g7) equally far from h8: SE, counter-clockwise from S.
        CHECK(squares(path) == Names{"i7", "i6"});
        CHECK_FALSE(p.unit(f).moved_through);
    }
    SECTION("a pike phalanx does not pass one either") {
        Position p = board();
        const auto loser = p.add(A, "swiss_phalanx", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        for (const char* q : {"h7", "g7", "i7"}) p.add(A, "crossbows", q);
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h9", ev);
        CHECK_FALSE(path.moved());
    }
}

TEST_CASE("an involuntary move is not an activation and costs nothing",
          "[rules][involuntary][PS-INVOL-1][PS-CARD-4]") {
    Position p = board();
    const auto loser = p.add(A, "arquebus", "h8", Facing::E);
    p.add(B, "arquebus", "h8", Facing::S);
    const int pips = p.s.pips;
    const int chips = p.s.opportunity_chips[1];
    Events ev;
    fall_back_from(p, loser, 1, "h9", ev);
    CHECK(p.unit(loser).square == sq("h7"));
    CHECK_FALSE(p.unit(loser).acted);
    CHECK(p.s.pips == pips);
    CHECK(p.s.opportunity_chips[1] == chips);
    CHECK(p.s.morale_chips == std::array<std::int16_t, 2>{12, 12});
}

TEST_CASE("entering squares: the attached leader goes along, a lone enemy leader rolls off",
          "[rules][involuntary][PS-INVOL-1][PS-LEADER-6][PS-LEADER-11][PS-LEADER-13]") {
    SECTION("an attached leader moves with a falling-back unit") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        p.leader(A, "h8", true);
        Events ev;
        fall_back_from(p, loser, 2, "h9", ev);
        CHECK(p.leader_of(A).square == sq("h6"));
        CHECK(p.leader_of(A).attached == loser);
    }
    SECTION("a lone enemy leader passed rolls off (and here loses)") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        p.leader(B, "h7");
        core::ScriptedDice dice = core::ScriptedDice::parse("d6:2 d6:5 d6:3");
        Events ev;
        fall_back(p.ctx, p.s, loser, 2, Offset{0, -1}, dice, ev);
        CHECK(dice.remaining() == 0);
        CHECK_FALSE(p.leader_of(B).alive);
        CHECK(p.s.morale_chips[1] == 9);
    }
    SECTION("a unit that falls back off the table leaves its leader in the last square held") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h2");
        p.add(B, "arquebus", "h2", Facing::S);
        p.leader(A, "h2", true);
        Events ev;
        const auto path = fall_back_from(p, loser, 3, "h3", ev);
        CHECK(squares(path) == Names{"h1", "off"});
        CHECK(p.unit(loser).status == UnitStatus::LeftTable);
        CHECK(p.leader_of(A).attached == kNone);
        CHECK(p.leader_of(A).square == sq("h1"));
        CHECK(p.s.morale_chips[0] == 12);  // PS-MOVE-11: leaving costs no chips
    }
}

// --- PS-INVOL-3: fall back
// -------------------------------------------------------------------------

TEST_CASE("fall back N squares: N steps, diagonal ones counting one, keeping facing",
          "[rules][involuntary][PS-INVOL-3][PS-MELEE-17]") {
    SECTION("straight back, facing kept") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8", Facing::N);
        p.add(B, "arquebus", "h8", Facing::S);
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h9", ev);
        CHECK(squares(path) == Names{"h7", "h6"});
        CHECK(p.unit(loser).facing == Facing::N);
        CHECK(events_of<UnitTurned>(ev).empty());
        CHECK(path_of(ev, loser) == Names{"h7", "h6"});
    }
    SECTION("diagonal steps count one square each") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8", Facing::NE);
        p.add(B, "arquebus", "h8", Facing::S);
        Events ev;
        // 4 diagonal steps: 12 half-squares, more than any Move here, but a fall-back counts steps.
        const auto path = fall_back_from(p, loser, 4, "i9", ev);
        CHECK(squares(path) == Names{"g7", "f6", "e5", "d4"});
        CHECK(p.unit(loser).facing == Facing::NE);
    }
    SECTION(
        "the last square holds a friend: it stops in the last square of its path that does not") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        const auto f = p.add(A, "crossbows", "h5");
        const auto g = p.add(A, "crossbows", "h6");
        Events ev;
        const auto path = fall_back_from(p, loser, 3, "h9", ev);
        CHECK(squares(path) == Names{"h7"});
        CHECK(p.unit(loser).square == sq("h7"));
        // Squares beyond the stop are not entered, so their units are not passed through.
        CHECK_FALSE(p.unit(f).moved_through);
        CHECK_FALSE(p.unit(g).moved_through);
    }
    SECTION("friends all the way: it stays where it is") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h8");
        p.add(B, "arquebus", "h8", Facing::S);
        p.add(A, "crossbows", "h7");
        Events ev;
        const auto path = fall_back_from(p, loser, 1, "h9", ev);
        CHECK_FALSE(path.moved());
        CHECK(p.unit(loser).square == sq("h8"));
    }
    SECTION("a fall-back may take the unit off the table") {
        Position p = board();
        const auto loser = p.add(B, "arquebus", "c14", Facing::S);
        p.add(A, "arquebus", "c14");
        Events ev;
        const auto path = fall_back_from(p, loser, 4, "b13", ev);
        CHECK(squares(path) == Names{"d15", "off"});
        CHECK(path_of(ev, loser) == Names{"d15", "off"});
        CHECK(p.unit(loser).status == UnitStatus::LeftTable);
    }
    SECTION("a friend in the last square before the edge was passed through") {
        Position p = board();
        const auto loser = p.add(A, "arquebus", "h2");
        p.add(B, "arquebus", "h2", Facing::S);
        const auto f = p.add(A, "crossbows", "h1");
        Events ev;
        const auto path = fall_back_from(p, loser, 2, "h3", ev);
        CHECK(squares(path) == Names{"h1", "off"});
        CHECK(p.unit(f).moved_through);
    }
}

// --- PS-INVOL-4: evade
// -----------------------------------------------------------------------------

TEST_CASE("evade: the full Move in points along the entry vector, keeping facing",
          "[rules][involuntary][PS-INVOL-4][PS-INVOL-6][PS-OPP-9][PS-AMB-35]") {
    SECTION("diagonally away, 10 points for light horse") {
        Position p = board();
        const auto e = p.add(B, "light_horse", "h8", Facing::E);
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = evade(p.ctx, p.s, e, sq("g7"), dice, ev);
        CHECK(squares(path) == Names{"i9", "j10", "k11"});  // 9 of 10 points
        CHECK(p.unit(e).facing == Facing::E);
    }
    SECTION("the friendly-ending rule applies") {
        Position p = board();
        const auto e = p.add(B, "skirmishers", "h8", Facing::S);
        p.add(B, "arquebus", "h10");
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = evade(p.ctx, p.s, e, sq("h7"), dice, ev);
        CHECK(squares(path) == Names{"h9"});
    }
}

// --- PS-INVOL-5: rout move
// -------------------------------------------------------------------------

TEST_CASE("rout move: face home and move 2 x max(Move, fall-back) points toward it",
          "[rules][involuntary][PS-INVOL-5][PS-ROUT-1][PS-ROUT-2][PS-ROUT-3]") {
    SECTION("turns its back to the enemy and moves its Move") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Routed);
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = rout_move(p.ctx, p.s, u, 0, std::nullopt, dice, ev);
        CHECK(p.unit(u).facing == Facing::S);
        REQUIRE(events_of<UnitTurned>(ev).size() == 1);
        CHECK(events_of<UnitTurned>(ev)[0].to == Facing::S);
        CHECK(squares(path) == Names{"h7", "h6"});  // 5 points: two steps, 1 lost
    }
    SECTION("side B's home is north") {
        Position p = board();
        const auto u = p.add(B, "arquebus", "h8", Facing::S, UnitStatus::Routed);
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = rout_move(p.ctx, p.s, u, 0, std::nullopt, dice, ev);
        CHECK(p.unit(u).facing == Facing::N);
        CHECK(squares(path) == Names{"h9", "h10"});
    }
    SECTION("a longer fall-back distance of the melee band counts instead of Move") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Routed);
        core::ScriptedDice dice = no_dice();
        Events ev;
        // 2 x max(2.5, 3) = 6 points.
        const auto path = rout_move(p.ctx, p.s, u, 3, sq("h8"), dice, ev);
        CHECK(squares(path) == Names{"h7", "h6", "h5"});
    }
    SECTION("and a shorter one does not") {
        Position p = board();
        const auto u = p.add(A, "knights", "h8", Facing::N, UnitStatus::Routed);
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = rout_move(p.ctx, p.s, u, 2, sq("h8"), dice, ev);  // max(3, 2): 6
        CHECK(squares(path) == Names{"h7", "h6", "h5"});
    }
    SECTION("it leaves the table, at no chip cost") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h2", Facing::N, UnitStatus::Routed);
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto path = rout_move(p.ctx, p.s, u, 0, std::nullopt, dice, ev);
        CHECK(squares(path) == Names{"h1", "off"});
        CHECK(path_of(ev, u) == Names{"h1", "off"});
        CHECK(p.unit(u).status == UnitStatus::LeftTable);
        CHECK_FALSE(p.unit(u).on_table());
        CHECK(p.s.morale_chips[0] == 12);
    }
    SECTION("an automatic rout move deviates away from the nearest enemy unit") {
        Position p = board();
        const auto u = p.add(A, "knights", "h8", Facing::N, UnitStatus::Routed);
        p.add(B, "arquebus", "j8", Facing::S);  // the nearest enemy
        p.piece(TerrainKind::Wood, {"h7"});
        core::ScriptedDice dice = no_dice();
        Events ev;
        // S blocked by the wood. SE i7 is 1.5 from j8, SW g7 3.5: SW, although SE comes first.
        const auto path = rout_move(p.ctx, p.s, u, 0, std::nullopt, dice, ev);
        CHECK(squares(path) == Names{"g7", "g6"});  // 3 + 2 of 6 points
    }
    SECTION("after a melee R is the square the move began in, as given") {
        Position p = board();
        const auto u = p.add(A, "knights", "h8", Facing::N, UnitStatus::Routed);
        p.add(B, "arquebus", "j8", Facing::S);
        p.piece(TerrainKind::Wood, {"h7"});
        core::ScriptedDice dice = no_dice();
        Events ev;
        // Both sides are equally far from h8: SE, counter-clockwise first.
        const auto path = rout_move(p.ctx, p.s, u, 0, sq("h8"), dice, ev);
        CHECK(squares(path) == Names{"i7", "i6"});
    }
    SECTION("an attached leader stays behind in the square the unit routed in") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Routed);
        p.leader(A, "h8", true);
        core::ScriptedDice dice = no_dice();
        Events ev;
        rout_move(p.ctx, p.s, u, 0, std::nullopt, dice, ev);
        CHECK(p.unit(u).square == sq("h6"));
        CHECK(p.leader_of(A).attached == kNone);
        CHECK(p.leader_of(A).square == sq("h8"));
    }
    SECTION("a routed unit passing a lone enemy leader does not make him roll off") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Routed);
        p.leader(B, "h7");
        core::ScriptedDice dice = no_dice();
        Events ev;
        rout_move(p.ctx, p.s, u, 0, std::nullopt, dice, ev);
        CHECK(p.unit(u).square == sq("h6"));
        CHECK(p.leader_of(B).alive);
    }
}

// --- PS-INVOL-7: pursuit
// ---------------------------------------------------------------------------

namespace {

/// B's unit routs from the melee square it shares with A's pursuer (R = that square), then the
/// pursuer pursues it.
struct Pursuit {
    InvoluntaryPath routed;
    InvoluntaryPath pursuer;
};

Pursuit rout_and_pursue(Position& p, std::size_t routed, std::size_t pursuer,
                        int fall_back_squares) {
    core::ScriptedDice dice = no_dice();
    Events ev;
    Pursuit r;
    p.unit(routed).status = UnitStatus::Routed;
    r.routed = rout_move(p.ctx, p.s, routed, fall_back_squares, p.unit(routed).square, dice, ev);
    r.pursuer = pursue(p.ctx, p.s, pursuer, routed, r.routed, dice, ev);
    return r;
}

}  // namespace

TEST_CASE("pursuit: along the routed unit's path, into its square, facing the last step",
          "[rules][involuntary][PS-INVOL-7][PS-INVOL-1][PS-MELEE-20]") {
    SECTION("it stops on entering the routed unit's square, points or not") {
        Position p = board();
        const auto k = p.add(A, "knights", "h8", Facing::E);
        const auto r = p.add(B, "arquebus", "h8", Facing::S);
        const auto res = rout_and_pursue(p, r, k, 2);
        CHECK(squares(res.routed) == Names{"h9", "h10"});
        CHECK(squares(res.pursuer) == Names{"h9", "h10"});  // 4 of 6 points
        CHECK(p.unit(k).square == sq("h10"));
        CHECK(p.unit(k).facing == Facing::N);
        CHECK(p.unit(r).square == sq("h10"));
    }
    SECTION("it pays each step's cost and stops when its points run out") {
        Position p = board();
        const auto k = p.add(A, "knights", "h8", Facing::N);
        const auto r = p.add(B, "lancers", "h8", Facing::S);
        p.add(A, "crossbows", "h9");  // the routed lancers go round it
        const auto res = rout_and_pursue(p, r, k, 0);
        CHECK(squares(res.routed) == Names{"g9", "g10", "g11"});  // 3 + 2 + 2 of 8
        // 6 points: g9 (3) and g10 (2); g11 would need 2 of the 1 left.
        CHECK(squares(res.pursuer) == Names{"g9", "g10"});
        CHECK(p.unit(k).facing == Facing::N);
        CHECK(p.unit(k).square != p.unit(r).square);
    }
    SECTION("a diagonal last step sets a diagonal facing") {
        Position p = board();
        const auto k = p.add(A, "knights", "h8", Facing::N);
        const auto r = p.add(B, "arquebus", "h8", Facing::S);
        p.add(A, "crossbows", "h9");
        p.add(A, "crossbows", "g10");
        const auto res = rout_and_pursue(p, r, k, 0);
        // The arquebus (5 points): h9 blocked, NW to g9 (3); g10 blocked and a diagonal would
        // cost 3 of the 2 left, so it stops there.
        CHECK(squares(res.routed) == Names{"g9"});
        CHECK(squares(res.pursuer) == Names{"g9"});
        CHECK(p.unit(k).facing == Facing::NW);
    }
    SECTION("a path move ends in the chased unit's square even where the path goes on") {
        Position p = board();
        const auto k = p.add(A, "knights", "h8", Facing::N);
        const auto r = p.add(B, "arquebus", "h10", Facing::N, UnitStatus::Routed);
        const std::vector<Square> path{sq("h9"), sq("h10"), sq("h11")};
        InvoluntaryOrder o;
        o.kind = InvoluntaryKind::Pursuit;
        o.follow = path;
        o.chased = static_cast<std::uint8_t>(r);
        o.points = 6;
        InvoluntaryOrder unchased = o;
        unchased.chased = kNone;
        // Without a chased unit there, an enemy square stops a path move before it.
        CHECK(squares(plan_involuntary(p.ctx, p.s, k, unchased)) == Names{"h9"});
        core::ScriptedDice dice = no_dice();
        Events ev;
        const auto taken = involuntary_move(p.ctx, p.s, k, o, dice, ev);
        CHECK(squares(taken) == Names{"h9", "h10"});
        CHECK(p.unit(k).square == sq("h10"));
    }
    SECTION("it never leaves the table: it stops at the edge") {
        Position p = board();
        const auto k = p.add(A, "knights", "h13", Facing::N);
        const auto r = p.add(B, "light_horse", "h13", Facing::S);
        const auto res = rout_and_pursue(p, r, k, 0);
        CHECK(squares(res.routed) == Names{"h14", "h15", "off"});
        CHECK(p.unit(r).status == UnitStatus::LeftTable);
        CHECK(squares(res.pursuer) == Names{"h14", "h15"});
        CHECK_FALSE(res.pursuer.left_table);
        CHECK(p.unit(k).on_table());
        CHECK(p.unit(k).square == sq("h15"));
    }
    SECTION(
        "it never enters another enemy unit's square: it stops before one the routed unit passed") {
        Position p = board();
        const auto k = p.add(A, "knights", "h8", Facing::N);
        const auto r = p.add(B, "arquebus", "h8", Facing::S);
        const auto f = p.add(B, "pike", "h9");
        const auto res = rout_and_pursue(p, r, k, 0);
        CHECK(squares(res.routed) == Names{"h9", "h10"});
        CHECK(p.unit(f).moved_through);
        CHECK_FALSE(res.pursuer.moved());
        CHECK(p.unit(k).square == sq("h8"));
    }
}

// --- PS-INVOL-8: follow-up
// -------------------------------------------------------------------------

namespace {

/// B's loser in a melee square falls back `n` squares (A's winner entered from `winner_from`),
/// then A's winner follows up.
struct FollowUp {
    InvoluntaryPath loser;
    InvoluntaryPath winner;
};

FollowUp fall_back_and_follow(Position& p, std::size_t loser, std::size_t winner, int n,
                              const std::string& winner_from) {
    core::ScriptedDice dice = no_dice();
    Events ev;
    FollowUp r;
    r.loser = fall_back_from(p, loser, n, winner_from, ev);
    r.winner = follow_up(p.ctx, p.s, winner, loser, r.loser, dice, ev);
    return r;
}

}  // namespace

TEST_CASE("follow-up: into the loser's final square, keeping facing",
          "[rules][involuntary][PS-INVOL-8][PS-INVOL-1][PS-MELEE-18][PS-MELEE-6]") {
    SECTION("along the path into the loser's square; the entry square is the one before") {
        Position p = board();
        const auto w = p.add(A, "arquebus", "h8", Facing::NE);
        const auto l = p.add(B, "arquebus", "h8", Facing::S);
        const auto res = fall_back_and_follow(p, l, w, 2, "h7");
        CHECK(squares(res.loser) == Names{"h9", "h10"});
        CHECK(squares(res.winner) == Names{"h9", "h10"});
        CHECK(p.unit(w).square == p.unit(l).square);
        CHECK(p.unit(w).facing == Facing::NE);
        CHECK(res.winner.entry() == sq("h9"));
    }
    SECTION("with no limit of points: four diagonal squares for an infantry unit") {
        Position p = board();
        const auto w = p.add(A, "arquebus", "h8", Facing::NE);
        const auto l = p.add(B, "arquebus", "h8", Facing::SW);
        const auto res = fall_back_and_follow(p, l, w, 4, "g7");
        CHECK(squares(res.loser) == Names{"i9", "j10", "k11", "l12"});
        CHECK(squares(res.winner) == squares(res.loser));
        CHECK(res.winner.entry() == sq("k11"));
    }
    SECTION("cavalry stop short of a wood on the path") {
        Position p = board();
        const auto w = p.add(A, "knights", "h8", Facing::N);
        const auto l = p.add(B, "arquebus", "h8", Facing::S);
        p.piece(TerrainKind::Wood, {"h10"});
        const auto res = fall_back_and_follow(p, l, w, 2, "h7");
        CHECK(squares(res.loser) == Names{"h9", "h10"});
        CHECK(squares(res.winner) == Names{"h9"});
        CHECK(p.unit(w).square == sq("h9"));
        CHECK(p.unit(w).facing == Facing::N);
    }
    SECTION("a loser that could not fall back is not followed") {
        Position p = board();
        const auto w = p.add(A, "arquebus", "h8");
        const auto l = p.add(B, "arquebus", "h8", Facing::S);
        for (const char* q : {"h9", "g9", "i9"}) p.add(A, "militia", q);
        const auto res = fall_back_and_follow(p, l, w, 2, "h7");
        CHECK_FALSE(res.loser.moved());
        CHECK_FALSE(res.winner.moved());
    }
    SECTION("a loser that fell back off the table is followed to the edge only") {
        Position p = board();
        const auto w = p.add(A, "arquebus", "h14");
        const auto l = p.add(B, "arquebus", "h14", Facing::S);
        const auto res = fall_back_and_follow(p, l, w, 3, "h13");
        CHECK(squares(res.loser) == Names{"h15", "off"});
        CHECK(squares(res.winner) == Names{"h15"});
        CHECK(p.unit(w).on_table());
    }
}
