// The Sword and the Pike's optional brigade movement (TSP-CARD-3, the option `brigade-movement`):
// a Colonel's brigade of 3 or 4 units of one type moves on one card at one roll while he lives.
// Red of tests/tsp/fixture.hpp is given a brigade of three pike units (its pike line, with the
// Colonel, and two more pike units in place of its arquebusiers and gendarmes); every deck in a
// chosen order and every die scripted.
#include "tests/tsp/fixture.hpp"

using namespace tercio;
using namespace tercio::tsp;
using core::Facing;
using test::count;
using test::first;
using test::tsp_card;
using test::TspGame;
using test::d6s;
using test::sq;

namespace {

/// Red's lines with a brigade: the Swiss pike (with the Colonel), two more pike units, the gun.
const ArmyList& brigade_red() {
    static const ArmyList a = [] {
        ArmyList l = test::tsp_red();
        const UnitLine gun = l.units[3];
        UnitLine more = test::tsp_line("pike-2", "pikemen", Order::Closed, Weapon::None, 20);
        more.units = 2;
        l.units = {l.units[0], more, gun};
        l.officers[0].brigade = {"pike", "pike-2"};
        return l;
    }();
    return a;
}

/// A game of Red with its brigade (P1 with the Colonel, P2, P3; H1 the gun) against Black: the
/// fixture's game with side A's arquebusiers and gendarmes made the two pike units of line 2, in
/// the same squares (the deck and the draws are the fixture's).
TspGame brigade_game(std::uint8_t options, const std::string& more = "") {
    TspGame g({}, {}, options, more);
    g.ctx.armies[0] = &brigade_red();
    for (std::size_t u = 1; u <= 3; ++u) {
        Unit& unit = g.s.units[u];
        REQUIRE(unit.side == Side::A);
        unit.line = static_cast<std::uint8_t>(u == 3 ? 2 : 1);
        if (u == 3) continue;
        unit.type = 0;  // pikemen
        unit.order = Order::Closed;
        unit.figures = {5, 5, 5, 5, 0, 0};
        unit.leaders = 1;
        unit.start_figures = 20;
    }
    REQUIRE(unit_label(g.ctx, g.s, 1) == "P2");
    REQUIRE(unit_label(g.ctx, g.s, 2) == "P3");
    REQUIRE(unit_label(g.ctx, g.s, 3) == "H1");
    return g;
}

}  // namespace

TEST_CASE("a brigade moves on one card with one roll, each member in turn", "[tsp][TSP-CARD-3][TSP-MOVE-1]") {
    TspGame g = brigade_game(kBrigadeMovement);
    CHECK(brigade_of(g.ctx, g.s, g.unit(Side::A, "P1")) == 0);
    CHECK(brigade_of(g.ctx, g.s, g.unit(Side::A, "P3")) == 0);
    CHECK(brigade_of(g.ctx, g.s, g.unit(Side::A, "H1")) == -1);
    // P2 is activated: closed-order pike roll 2D6, 5 + 4 = 9 inches, 6 points (TSP-GRID-1), for
    // the whole brigade.
    Events ev = g.play("activate P2", d6s({5, 4}));
    const Event* a = first(ev, EventKind::Activated);
    REQUIRE(a);
    CHECK(a->b == 9);
    CHECK(a->d == 1);
    CHECK(g.s.brigade == 0);
    CHECK(g.s.active == static_cast<std::int8_t>(g.unit(Side::A, "P2")));
    // P2 (in l2, facing north) moves three squares ahead.
    g.play("move l5");
    CHECK(g.at(Side::A, "P2").sq == sq(g, "l5"));
    // Then P1, with the same roll and no dice: three squares are still in reach, four are not.
    CHECK(g.s.active == static_cast<std::int8_t>(g.unit(Side::A, "P1")));
    CHECK(g.s.decision == Decision::Move);
    CHECK(g.s.move_inches == 9);
    CHECK(g.refusal("move k6") != "");
    ev = g.play("move k5");
    CHECK(count(ev, EventKind::BrigadeMoves) == 1);
    CHECK(first(ev, EventKind::BrigadeMoves)->unit == static_cast<std::int8_t>(g.unit(Side::A, "P3")));
    // P3 stays; the card is spent on the whole brigade: the next red card is the gun's.
    ev = g.play("stay");
    CHECK(g.s.brigade == -1);
    CHECK(count(ev, EventKind::CardPulled) == 1);
    CHECK(g.s.card == tsp_card(2, 'H'));
    CHECK(g.s.decision == Decision::Activate);
    CHECK(g.at(Side::A, "P1").acted);
    CHECK(g.at(Side::A, "P3").acted);
    CHECK_FALSE(g.at(Side::A, "H1").acted);
    const auto legal = legal_commands(g.ctx, g.s);
    CHECK(legal.size() == 3);  // activate H1, hold H1, concede
}

TEST_CASE("without the option, or once the Colonel is lost, the brigade's units move separately",
          "[tsp][TSP-CARD-3]") {
    SECTION("the option off") {
        TspGame g = brigade_game(0);
        CHECK(brigade_of(g.ctx, g.s, g.unit(Side::A, "P2")) == -1);
        const Events ev = g.play("activate P2", d6s({5, 4}));
        CHECK(first(ev, EventKind::Activated)->d == 0);
        g.play("move l5");
        CHECK(g.s.decision == Decision::Activate);
        CHECK(g.s.card == tsp_card(2, 'H'));
        CHECK_FALSE(g.at(Side::A, "P1").acted);
    }
    SECTION("the Colonel killed or captured") {
        TspGame g = brigade_game(kBrigadeMovement);
        g.s.officers[0].alive = false;
        CHECK(brigade_of(g.ctx, g.s, g.unit(Side::A, "P1")) == -1);
        g.play("activate P2", d6s({5, 4}));
        CHECK(g.s.brigade == -1);
        g.play("stay");
        CHECK(g.s.decision == Decision::Activate);
        CHECK_FALSE(g.at(Side::A, "P1").acted);
    }
}

TEST_CASE("a Shaken member tests to rally on its turn in the brigade and stays put if it fails",
          "[tsp][TSP-CARD-3][TSP-AMB-5][TSP-AMB-22]") {
    TspGame g = brigade_game(kBrigadeMovement);
    g.at(Side::A, "P1").status = Status::Shaken;
    g.at(Side::A, "P3").status = Status::Shaken;
    // P1 (Swiss, with the Colonel) and P3 test on their own rows and modifiers.
    const MoraleTest t1 = rally_test_now(g.ctx, g.s, g.unit(Side::A, "P1"));
    const MoraleTest t3 = rally_test_now(g.ctx, g.s, g.unit(Side::A, "P3"));
    const int pass = std::max(t1.natural_needed(), 1);
    const int fail = t3.natural_needed() - 1;
    REQUIRE(pass <= 10);
    REQUIRE(fail >= 1);
    REQUIRE(passes(t1, pass));
    REQUIRE_FALSE(passes(t3, fail));
    // P2 is steady and rolls for the brigade.
    g.play("activate P2", d6s({3, 3}));
    // P1 rallies and moves at the brigade's roll (TSP-AMB-22).
    Events ev = g.play("stay", "d10:" + std::to_string(pass));
    CHECK(count(ev, EventKind::Morale) == 1);
    CHECK(g.at(Side::A, "P1").status == Status::Steady);
    CHECK(g.s.active == static_cast<std::int8_t>(g.unit(Side::A, "P1")));
    CHECK(first(ev, EventKind::BrigadeMoves)->b == 6);
    // P3 fails its rally: it stays Shaken where it is, and the card goes on to the gun.
    const Square p3 = g.at(Side::A, "P3").sq;
    ev = g.play("stay", "d10:" + std::to_string(fail));
    CHECK(count(ev, EventKind::Morale) == 1);
    CHECK(count(ev, EventKind::BrigadeMoves) == 0);
    CHECK(g.at(Side::A, "P3").status == Status::Shaken);
    CHECK(g.at(Side::A, "P3").acted);
    CHECK(g.at(Side::A, "P3").sq == p3);
    CHECK(g.s.brigade == -1);
    CHECK(g.s.card == tsp_card(2, 'H'));
}

TEST_CASE("if the unit activated fails to rally, the brigade's next member rolls for it", "[tsp][TSP-CARD-3]") {
    TspGame g = brigade_game(kBrigadeMovement);
    g.at(Side::A, "P2").status = Status::Shaken;
    const MoraleTest t = rally_test_now(g.ctx, g.s, g.unit(Side::A, "P2"));
    REQUIRE(t.natural_needed() >= 2);
    const Events ev = g.play("activate P2", "d10:1 " + d6s({6, 2}));
    CHECK(g.at(Side::A, "P2").status == Status::Shaken);
    const Event* a = first(ev, EventKind::Activated);
    REQUIRE(a);
    CHECK(a->unit == static_cast<std::int8_t>(g.unit(Side::A, "P1")));
    CHECK(a->d == 1);
    CHECK(g.s.move_inches == 8);
}

TEST_CASE("routed members, members in close combat and those that have acted do not go with the brigade",
          "[tsp][TSP-CARD-3][TSP-ROUT-1][TSP-AMB-17]") {
    TspGame g = brigade_game(kBrigadeMovement);
    const std::size_t p1 = g.unit(Side::A, "P1");
    const std::size_t foe = g.unit(Side::B, "P1");
    SECTION("routed") {
        g.at(Side::A, "P1").status = Status::Routed;
        g.at(Side::A, "P1").routed_turn = 1;
    }
    SECTION("in close combat") {
        g.s.units[p1].combat = static_cast<std::int8_t>(foe);
        g.s.units[foe].combat = static_cast<std::int8_t>(p1);
        g.s.units[foe].sq = g.s.units[p1].sq;
    }
    SECTION("already had its chance in this phase") {
        g.at(Side::A, "P1").acted = true;
    }
    g.play("activate P2", d6s({1, 1}));
    const Events ev = g.play("stay");
    CHECK(count(ev, EventKind::BrigadeMoves) == 1);
    CHECK(first(ev, EventKind::BrigadeMoves)->unit == static_cast<std::int8_t>(g.unit(Side::A, "P3")));
}

TEST_CASE("holding a unit of a brigade holds the brigade", "[tsp][TSP-CARD-3][TSP-AMB-17]") {
    TspGame g = brigade_game(kBrigadeMovement);
    const Events ev = g.play("hold P3");
    CHECK(count(ev, EventKind::Held) == 3);
    CHECK(g.at(Side::A, "P1").acted);
    CHECK(g.at(Side::A, "P2").acted);
    CHECK(g.s.card == tsp_card(2, 'H'));
    CHECK_FALSE(g.at(Side::A, "H1").acted);
}

TEST_CASE("with quicker movement a brigade is one of the units the D4 activates", "[tsp][TSP-CARD-3][TSP-CARD-2]") {
    TspGame g = brigade_game(kBrigadeMovement | kQuickerMovement, "d4:2 ");
    CHECK(g.s.activations_left == 2);
    g.play("activate P1", d6s({2, 2}));
    g.play("stay");
    g.play("stay");
    g.play("stay");
    // The card still activates one more unit: the gun.
    CHECK(g.s.card == tsp_card(1, 'H'));
    CHECK(g.s.activations_left == 1);
    CHECK(g.s.decision == Decision::Activate);
}
