// The Sword and the Pike: the automatic end of the turn (TSP-SEQ-1 steps 4 to 9 and the spirit
// test, then step 1 of the next turn) and the end of the game, with every draw scripted. The game
// is Red against Black of tests/tsp/fixture.hpp; Red's heavy gun faces its own edge, so that no
// one fires unless a test puts a target before someone.
#include "tests/tsp/fixture.hpp"

using namespace tercio;
using namespace tercio::tsp;
using core::Facing;
using test::count;
using test::first;
using test::tsp_card;
using test::tsp_d20;
using test::tsp_deck;
using test::TspGame;
using test::d6s;
using test::hold_turn;

namespace {

/// A game in the deck's plain order (Red's cards first), the gun turned away.
TspGame quiet(const std::vector<std::uint8_t>& casualty = {}) {
    TspGame g({}, casualty);
    g.at(Side::A, "H1").facing = Facing::S;
    return g;
}

const Event* morale_of(const Events& ev, std::size_t unit) {
    for (const Event& e : ev) {
        if (e.kind == EventKind::Morale && e.unit == static_cast<std::int8_t>(unit)) return &e;
    }
    return nullptr;
}

}  // namespace


/// The spirit rolls of a turn both sides pass (Red, Black) and the next turn's movement deck.
std::string good_spirits() {
    return "d10:1 d10:1 " + tsp_deck();
}

TEST_CASE("step 4: a unit that took fire casualties tests against fire: failing, it is Shaken and moves to the rear",
          "[tsp][TSP-SEQ-1][TSP-AMB-14][TSP-SHAKEN-1][TSP-AMB-19][TSP-FIRE-8]") {
    TspGame g = quiet({tsp_card(2, 'S'), tsp_card(3, 'S'), tsp_card(4, 'S')});
    g.place(Side::A, "A1", "l8", Facing::N);
    g.place(Side::B, "C1", "l11", Facing::S);
    hold_turn(g, tsp_deck(), true);  // the movement phase; the fire deck in its plain order
    REQUIRE(g.s.step == Step::Fire);
    g.play("shoot A1 C1", tsp_d20(1) + tsp_d20(2) + tsp_d20(3) +
                              "u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 u20:19");
    REQUIRE(g.at(Side::B, "C1").total() == 17);
    // Black's crossbows hold; the turn ends. Other Foot against fire: 4 or more; a 3 fails: it
    // is Shaken and makes a normal move (3D6: 3" is 2 points, one square) to the rear, keeping
    // its facing. Then the spirit: Red 8 of 8 (10), Black 7 of 8 (9).
    const Events ev = hold_turn(g, "d10:3 " + d6s({1, 1, 1}) + "d10:10 d10:9 " + tsp_deck());
    const std::size_t c1 = g.unit(Side::B, "C1");
    const Event* m = morale_of(ev, c1);
    REQUIRE(m);
    CHECK(m->b == 4);
    CHECK(m->c == 0);
    CHECK(m->d == static_cast<int>(Occasion::FireCasualties));
    CHECK(g.s.units[c1].status == Status::Shaken);
    CHECK(g.s.units[c1].sq == *core::parse_square("l12", 24, 16));
    CHECK(g.s.units[c1].facing == Facing::S);
    CHECK(g.at(Side::A, "A1").reload == 1);  // 2 markers, one off in step 9
    CHECK(g.s.turn == 2);
    CHECK(g.s.spirit_failures == std::array<std::uint8_t, 2>{0, 0});
}

TEST_CASE("step 4: a Shaken unit failing its fire test routs: a D4 of casualties and a move to the rear facing home",
          "[tsp][TSP-AMB-14][TSP-ROUT-1][TSP-AMB-19]") {
    TspGame g = quiet({tsp_card(2, 'S'), tsp_card(3, 'S'), tsp_card(4, 'S')});
    g.place(Side::A, "A1", "l8", Facing::N);
    g.place(Side::B, "C1", "l11", Facing::S);
    g.at(Side::B, "C1").status = Status::Shaken;
    hold_turn(g, tsp_deck(), true);
    g.play("shoot A1 C1", tsp_d20(1) + tsp_d20(2) + tsp_d20(3) + "u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 u20:19");
    // A D4 of 2 and 3D6 of 6": 4 points, two squares toward Black's edge.
    const Events ev = hold_turn(g, "d10:3 d4:2 " + d6s({2, 2, 2}) + "d10:1 d10:1 " + tsp_deck());
    const Unit& c1 = g.at(Side::B, "C1");
    CHECK(c1.status == Status::Routed);
    CHECK(c1.routed_turn == 1);
    CHECK(c1.total() == 15);
    CHECK(c1.sq == *core::parse_square("l13", 24, 16));
    CHECK(c1.facing == Facing::N);
    CHECK(first(ev, EventKind::Routed)->a == 2);
}

TEST_CASE("a charge: To Close, To Stand, a round company against company, the loser's Stand and Fight",
          "[tsp][TSP-SEQ-1][TSP-MORALE-1][TSP-CC-1][TSP-CC-3][TSP-CC-5][TSP-AMB-8][TSP-AMB-15][TSP-ROUT-1][TSP-GRID-3]") {
    TspGame g = quiet();
    g.place(Side::A, "A1", "a1", Facing::S);
    g.place(Side::A, "G1", "l3", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::S);
    g.play("activate G1", d6s({2, 2, 2, 2, 2}));
    g.play("move l6");
    REQUIRE(g.at(Side::A, "G1").sq == *core::parse_square("l5", 24, 16));
    // The rest hold; no one can fire. Step 5: Gendarmes To Close against Other, 2 or more (a 2).
    // Step 6: the Landsknecht pike To Stand against Other, 2 or more (a 5). Step 7: Gendarmes
    // fight 2 companies (the leader's last), the closed pike 4: the pairs (6 v 1: B loses 2;
    // 5 v 2: B loses 1), then B's extra companies: (3 v 4: A's first beaten, 0 lost), (2 v 2:
    // no result). Black lost 2 match-ups to 1: its Stand and Fight (2 or more) fails on a 1: it
    // routs, a D4 of 3, 2D6 of 6" (4 points) to the rear.
    const std::string end = "d10:2 d10:5 " + d6s({6, 1, 5, 2, 3, 4, 2, 2}) + "d10:1 d4:3 " + d6s({3, 3}) + "d10:1 d10:1 " + tsp_deck();
    const Events ev = hold_turn(g, end);
    CHECK(count(ev, EventKind::CombatBegan) == 1);
    // TSP-GRID-3: at contact the charger enters its enemy's square; the combat is fought there.
    REQUIRE(first(ev, EventKind::CombatBegan));
    CHECK(first(ev, EventKind::CombatBegan)->sq == *core::parse_square("l6", 24, 16));
    CHECK(count(ev, EventKind::MatchUp) == 4);
    const Unit& p1 = g.at(Side::B, "P1");
    CHECK(p1.status == Status::Routed);
    CHECK(p1.figures == std::array<std::uint8_t, kAllCompanies>{5, 0, 4, 5, 0, 0});
    CHECK(p1.sq == *core::parse_square("l8", 24, 16));
    CHECK(p1.combat == -1);
    CHECK(g.at(Side::A, "G1").combat == -1);
    CHECK(g.at(Side::A, "G1").sq == *core::parse_square("l6", 24, 16));
    const Event* lost = first(ev, EventKind::CombatLost);
    REQUIRE(lost);
    CHECK(lost->side == Side::B);

    SECTION("step 8: routed in an earlier turn, it rallies (Landsknechts without an officer: 5 or more) and stands Shaken") {
        // Turn 2: it may not move (not offered), no one fires; step 8 rallies it on a 5.
        for (const Command& c : legal_commands(g.ctx, g.s)) {
            if (const auto* a = std::get_if<cmd::Activate>(&c)) CHECK(a->unit != g.unit(Side::B, "P1"));
        }
        const Events t2 = hold_turn(g, "d10:5 d10:1 d10:1 " + tsp_deck());
        const Event* r = first(t2, EventKind::Rally);
        REQUIRE(r);
        CHECK(r->b == 5);
        CHECK(g.at(Side::B, "P1").status == Status::Shaken);
        CHECK(g.at(Side::B, "P1").on_board);
    }
    SECTION("step 8: failing the rally, it is removed from the field") {
        hold_turn(g, "d10:4 d10:1 d10:1 " + tsp_deck());
        CHECK_FALSE(g.at(Side::B, "P1").on_board);
    }
}

TEST_CASE("charging the rear needs no To Close test: a unit failing To Stand is Shaken and the charger halts",
          "[tsp][TSP-MORALE-2][TSP-AMB-14][TSP-SEQ-1]") {
    TspGame g = quiet();
    g.place(Side::A, "G1", "l5", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::N);  // its back to the Gendarmes
    g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
    // Step 6 only: To Stand 2 or more, -2 attacked in the rear: a natural 4; a 3 fails. Its
    // Shaken move: 2D6 of 2" is 1 point: it stays.
    const Events ev = hold_turn(g, tsp_deck() + "d10:3 " + d6s({1, 1}) + "d10:1 d10:1 " + tsp_deck());
    CHECK(morale_of(ev, g.unit(Side::A, "G1")) == nullptr);
    const Event* m = morale_of(ev, g.unit(Side::B, "P1"));
    REQUIRE(m);
    CHECK(m->b == 4);
    CHECK(g.at(Side::B, "P1").status == Status::Shaken);
    CHECK(count(ev, EventKind::Halted) == 1);
    CHECK(count(ev, EventKind::CombatBegan) == 0);
}

TEST_CASE("a charger failing To Close halts short of contact and is not Shaken", "[tsp][TSP-AMB-14][TSP-SEQ-1]") {
    TspGame g = quiet();
    g.place(Side::A, "G1", "l5", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::S);
    g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
    const Events ev = hold_turn(g, tsp_deck() + "d10:1 d10:1 d10:1 " + tsp_deck());
    const Event* m = morale_of(ev, g.unit(Side::A, "G1"));
    REQUIRE(m);
    CHECK(m->c == 0);
    CHECK(g.at(Side::A, "G1").status == Status::Steady);
    CHECK(g.at(Side::A, "G1").combat == -1);
    CHECK(morale_of(ev, g.unit(Side::B, "P1")) == nullptr);
}

TEST_CASE("skirmishers contacted are destroyed without dice or a To Stand test", "[tsp][TSP-AMB-23][TSP-ORDER-1]") {
    TspGame g = quiet();
    g.place(Side::A, "G1", "n13", Facing::N);
    g.place(Side::B, "L1", "n14", Facing::S);
    g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "L1"));
    // Red's gun is turned away, but Black's light horse can shoot the Gendarmes: it holds.
    // Step 5: To Close against Other, 2 or more. Black has 3 of 4 left, fresh: 6 of 8, 8.
    const Events ev = hold_turn(g, tsp_deck() + "d10:6 d10:1 d10:1 " + tsp_deck());
    CHECK_FALSE(g.at(Side::B, "L1").on_board);
    CHECK(count(ev, EventKind::MatchUp) == 0);
    CHECK(count(ev, EventKind::Destroyed) == 1);
}

TEST_CASE("step 1: a Spent unit without a field officer tests To Stand, -2 for Spent, and leaves on a failure",
          "[tsp][TSP-SEQ-1][TSP-AMB-11][TSP-AMB-26][TSP-STATE-1]") {
    TspGame g = quiet();
    Unit& c1 = g.at(Side::B, "C1");
    c1.figures = {3, 2, 2, 2, 0, 0};  // 9 of 20: Spent
    // Spirit: Black 6 of 8 (a spent unit counts nothing): 8. Turn 2's step 1: Other Foot, Stand
    // and Fight against Other, 3 or more, -2: a natural 5; a 4 fails.
    const Events ev = hold_turn(g, "d10:1 d10:8 d10:4 " + tsp_deck());
    const Event* sp = nullptr;
    for (const Event& e : ev) {
        if (e.kind == EventKind::Spirit && e.side == Side::B) sp = &e;
    }
    REQUIRE(sp);
    CHECK(sp->b == 8);
    CHECK(sp->c == 1);
    const Event* m = morale_of(ev, g.unit(Side::B, "C1"));
    REQUIRE(m);
    CHECK(m->b == 5);
    CHECK(m->d == static_cast<int>(Occasion::SpentStays));
    CHECK_FALSE(g.at(Side::B, "C1").on_board);
    CHECK(g.s.turn == 2);
}

TEST_CASE("poor spirit removes the Routed and the Spent, then routs the Shaken", "[tsp][TSP-SPIRIT-2][TSP-SPIRIT-3][TSP-AMB-26][TSP-AMB-19]") {
    TspGame g = quiet();
    g.at(Side::B, "C1").figures = {3, 2, 2, 2, 0, 0};  // Spent
    g.at(Side::B, "R1").status = Status::Routed;
    g.at(Side::B, "R1").routed_turn = 1;  // routed this turn: no rally in step 8
    g.at(Side::B, "L1").status = Status::Shaken;
    // Black: pike 2, crossbows 0, Reiters 2, light horse 2: 6 of 8, 8; a 9 is poor. The light
    // horse rout: a D4 of 1, 6D6 of 6" (4 points): one square, then off the table: removed.
    const Events ev = hold_turn(g, "d10:1 d10:9 d4:1 " + d6s({1, 1, 1, 1, 1, 1}) + tsp_deck());
    CHECK_FALSE(g.at(Side::B, "R1").on_board);
    CHECK_FALSE(g.at(Side::B, "C1").on_board);
    CHECK_FALSE(g.at(Side::B, "L1").on_board);
    CHECK(count(ev, EventKind::Routed) == 1);
    CHECK(g.at(Side::B, "P1").on_board);
    CHECK(g.s.spirit_failures[1] == 1);
    CHECK_FALSE(g.s.over());
}

TEST_CASE("the end: three failed spirit tests running, no units, a draw, the turn limit",
          "[tsp][TSP-SPIRIT-4][TSP-AMB-9][TSP-AMB-20][tsp-end]") {
    SECTION("a side failing its spirit test three turns running loses") {
        TspGame g = quiet();
        g.at(Side::B, "P1").figures = {5, 5, 5, 0, 0, 0};  // Worn: Black 7 of 8, 9
        g.s.spirit_failures[1] = 2;
        hold_turn(g, "d10:1 d10:10");
        CHECK(g.s.over());
        CHECK(g.s.end == EndReason::SpiritFailed);
        CHECK(g.s.winner == Side::A);
    }
    SECTION("both at once: a draw") {
        TspGame g = quiet();
        g.at(Side::A, "A1").figures = {5, 5, 5, 0, 0, 0};
        g.at(Side::B, "P1").figures = {5, 5, 5, 0, 0, 0};
        g.s.spirit_failures = {2, 2};
        hold_turn(g, "d10:10 d10:10");
        CHECK(g.s.over());
        CHECK_FALSE(g.s.winner.has_value());
    }
    SECTION("a side with no units on the field loses; its spirit is not rolled") {
        TspGame g = quiet();
        for (std::size_t u = 4; u < 8; ++u) g.s.units[u].on_board = false;
        const Events ev = hold_turn(g, "d10:1");
        CHECK(g.s.end == EndReason::NoUnits);
        CHECK(g.s.winner == Side::A);
        CHECK(count(ev, EventKind::GameOver) == 1);
        CHECK(victory_points(g.ctx, g.s, Side::A) == 8);
    }
    SECTION("after turn 12 the larger part of the spirit kept wins (our resolution)") {
        TspGame g = quiet();
        g.s.turn = kTurnLimit;
        g.at(Side::B, "P1").figures = {5, 5, 5, 0, 0, 0};
        hold_turn(g, "d10:1 d10:1");
        CHECK(g.s.end == EndReason::TurnLimit);
        CHECK(g.s.winner == Side::A);
        CHECK(victory_points(g.ctx, g.s, Side::A) == 1);
        CHECK(victory_points(g.ctx, g.s, Side::B) == 0);
    }
}

TEST_CASE("a scenario's objectives decide at the turn limit: the side holding more wins, whatever its spirit",
          "[tsp][TSP-SPIRIT-4][TSP-AMB-9][tsp-end]") {
    // The tests' ruleset with two objectives: the hill at l8 and the farm at d3.
    static const Ruleset rs = [] {
        Ruleset r = test::tsp_ruleset();
        r.objectives = {{"the hill", core::make_square(11, 7)}, {"the farm", core::make_square(3, 2)}};
        return r;
    }();
    TspGame g = quiet();
    g.ctx.ruleset = &rs;
    g.s.turn = kTurnLimit;
    // Black is worse off in spirit (its pike Worn), which alone would give Red the game.
    g.at(Side::B, "P1").figures = {5, 5, 5, 0, 0, 0};
    SECTION("Black on the hill, nobody at the farm: Black wins") {
        g.place(Side::B, "C1", "l8", Facing::S);
        CHECK(objective_holder(g.ctx, g.s, 0) == Side::B);
        CHECK_FALSE(objective_holder(g.ctx, g.s, 1).has_value());
        CHECK(objectives_held(g.ctx, g.s, Side::B) == 1);
        hold_turn(g, "d10:1 d10:1");
        CHECK(g.s.end == EndReason::TurnLimit);
        CHECK(g.s.winner == Side::B);
    }
    SECTION("one each: the spirit kept decides, as without objectives") {
        g.place(Side::B, "C1", "l8", Facing::S);
        g.place(Side::A, "A1", "d3", Facing::N);
        hold_turn(g, "d10:1 d10:1");
        CHECK(g.s.winner == Side::A);
    }
    SECTION("a Routed unit holds nothing") {
        g.place(Side::B, "C1", "l8", Facing::S);
        g.at(Side::B, "C1").status = Status::Routed;
        CHECK_FALSE(objective_holder(g.ctx, g.s, 0).has_value());
        CHECK(objectives_held(g.ctx, g.s, Side::B) == 0);
    }
    SECTION("two enemies in one square, a close combat: nobody holds it") {
        g.place(Side::B, "C1", "l8", Facing::S);
        g.place(Side::A, "A1", "l8", Facing::N);
        CHECK_FALSE(objective_holder(g.ctx, g.s, 0).has_value());
    }
    CHECK(objective_at(g.ctx, core::make_square(3, 2))->name == "the farm");
    CHECK(objective_at(g.ctx, core::make_square(3, 3)) == nullptr);
}

TEST_CASE("an attached Colonel fights last, +1, and a casualty card decides his fate when he loses",
          "[tsp][TSP-CC-4][TSP-AMB-15][TSP-AMB-25][TSP-MORALE-2]") {
    TspGame g = quiet({tsp_card(7, 'H')});
    g.place(Side::A, "P1", "l5", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::S);
    g.at(Side::A, "P1").charging = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
    // Step 5: Swiss pike To Close against Other, 2 or more, +1 Swiss pike against pike, +1 the
    // Colonel: every roll passes. Step 6: Landsknechts To Stand against Swiss, 3 or more: a 5.
    // Step 7: 4 companies a side tie (3 v 3); then the Colonel, 4 + 1, against Black's first
    // company's 6: he loses to a 6, and the 7 of hearts kills him. Red lost the round: its Stand
    // and Fight (Swiss against Other, 2 or more, no Colonel now) passes on a 2: it falls back
    // Shaken (2D6 of 2": it stays).
    const std::string end =
        tsp_deck() + "d10:1 d10:5 " + d6s({3, 3, 3, 3, 3, 3, 3, 3, 4, 6}) + "d10:2 " + d6s({1, 1}) + "d10:1 d10:1 " + tsp_deck();
    const Events ev = hold_turn(g, end);
    const Event* m = morale_of(ev, g.unit(Side::A, "P1"));
    REQUIRE(m);
    CHECK(m->b == 0);  // 2 - 1 - 1
    int matchups = 0;
    const Event* last = nullptr;
    for (const Event& e : ev) {
        if (e.kind == EventKind::MatchUp) {
            ++matchups;
            last = &e;
        }
    }
    CHECK(matchups == 5);
    REQUIRE(last);
    CHECK(last->a == 5);
    CHECK(last->b == 6);
    const Event* lost = first(ev, EventKind::OfficerLost);
    REQUIRE(lost);
    CHECK(lost->a == 1);  // a heart: killed
    CHECK_FALSE(g.s.officers[0].alive);
    CHECK(g.at(Side::A, "P1").status == Status::Shaken);
    CHECK(g.at(Side::A, "P1").total() == 25);  // his loss cost only him
}

TEST_CASE("a charger reaching a routed unit destroys it", "[tsp][TSP-CC-8]") {
    TspGame g = quiet();
    g.place(Side::A, "G1", "l5", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::N);
    g.at(Side::B, "P1").status = Status::Routed;
    g.at(Side::B, "P1").routed_turn = 1;
    g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
    // Into its rear: no To Close test; no To Stand test for a routed unit.
    const Events ev = hold_turn(g, tsp_deck() + "d10:1 d10:1 " + tsp_deck());
    CHECK_FALSE(g.at(Side::B, "P1").on_board);
    CHECK(count(ev, EventKind::Destroyed) == 1);
    CHECK(count(ev, EventKind::Morale) == 0);
}

TEST_CASE("Gendarmes add 1 To Close against lighter cavalry: gunners charged fire and fall back or rout",
          "[tsp][TSP-MORALE-2][TSP-MORALE-3][TSP-AMB-16][TSP-AMB-20]") {
    SECTION("Gendarmes against Reiters") {
        TspGame g = quiet();
        g.place(Side::A, "G1", "l5", Facing::N);
        g.place(Side::B, "R1", "l6", Facing::E);  // on its flank: it tests To Stand
        g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "R1"));
        // Reiters can shoot the Gendarmes next to them: they hold. Step 5: 2 or more, +1: a
        // natural 1. Step 6: lighter mounted To Stand, 4 or more: a 3 fails: Shaken, a move
        // to the rear (6D6 of 6": 4 points, two squares north), the Gendarmes halt.
        const Events ev = hold_turn(g, tsp_deck() + "d10:1 d10:3 " + d6s({1, 1, 1, 1, 1, 1}) + "d10:1 d10:1 " + tsp_deck());
        CHECK(morale_of(ev, g.unit(Side::A, "G1"))->b == 1);
        CHECK(morale_of(ev, g.unit(Side::B, "R1"))->b == 4);
        CHECK(g.at(Side::B, "R1").status == Status::Shaken);
        CHECK(g.at(Side::B, "R1").sq == *core::parse_square("l8", 24, 16));
        CHECK(g.at(Side::A, "G1").combat == -1);
    }
    SECTION("a charged gun passing fires at the charger, then falls back (a heavy gun cannot move)") {
        TspGame g = quiet({tsp_card(2, 'S')});
        g.place(Side::A, "H1", "l5", Facing::N);
        g.place(Side::B, "R1", "l6", Facing::S);
        g.at(Side::B, "R1").charging = static_cast<std::int8_t>(g.unit(Side::A, "H1"));
        // The gun and the Reiters may shoot each other in the fire phase: both hold (Red first
        // on the plain deck). Step 5: lighter mounted To Close 4 or more: a 6. Step 6: gunners
        // against Other, fire and fall back on 5 or more: a 5. Its volley: 12 D20, short range
        // at horse (class II) 1-4: one hit, a 2 of spades.
        const std::string volley = tsp_d20(1) + "u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 ";
        const Events ev = hold_turn(g, tsp_deck() + "d10:6 d10:5 " + volley + "d10:1 d10:1 " + tsp_deck());
        CHECK(morale_of(ev, g.unit(Side::A, "H1"))->b == 5);
        CHECK(first(ev, EventKind::Shot)->a == 12);
        CHECK(g.at(Side::B, "R1").total() == 11);
        CHECK(g.at(Side::A, "H1").reload == 2);
        CHECK(g.at(Side::B, "R1").combat == -1);
        CHECK(g.at(Side::A, "H1").status == Status::Steady);
    }
    SECTION("a charged gun failing routs") {
        TspGame g = quiet();
        g.place(Side::A, "H1", "l5", Facing::N);
        g.place(Side::B, "R1", "l6", Facing::S);
        g.at(Side::B, "R1").charging = static_cast<std::int8_t>(g.unit(Side::A, "H1"));
        hold_turn(g, tsp_deck() + "d10:6 d10:4 d4:1 d10:1 d10:1 " + tsp_deck());
        CHECK(g.at(Side::A, "H1").status == Status::Routed);
        CHECK(g.at(Side::A, "H1").total() == 3);
    }
}

TEST_CASE("Reiters charged by cavalry fire a D4 of ranks before the close combat, without a card",
          "[tsp][TSP-FIRE-7][TSP-AMB-16][TSP-TV-9][TSP-FIRE-2]") {
    TspGame g = quiet({tsp_card(2, 'S'), tsp_card(3, 'S'), tsp_card(4, 'S')});
    g.place(Side::A, "G1", "l5", Facing::N);
    g.place(Side::B, "R1", "l6", Facing::S);
    g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "R1"));
    // Step 5: a 1 passes (2, +1 against lighter cavalry). Step 6: the Reiters stand on a 6.
    // Then their D4 of 3: 3 ranks of 3, 9 dice; Gendarmes under pistol fire are class III, 1-3:
    // three hits, the second company's 3 figures. Step 7: the Gendarmes' third company and the
    // leader's first win both match-ups on 6s: the Reiters lose 4 figures and the round, pass
    // Stand and Fight (lighter mounted, 4 or more) on a 4 and fall back Shaken, 6D6 of 6": two
    // squares.
    const std::string volley = tsp_d20(1) + tsp_d20(2) + tsp_d20(3) + "u20:19 u20:19 u20:19 u20:19 u20:19 u20:19 ";
    const Events ev = hold_turn(g, tsp_deck() + "d10:1 d10:6 d4:3 " + volley + d6s({6, 1, 6, 1}) + "d10:4 " +
                                       d6s({1, 1, 1, 1, 1, 1}) + "d10:1 d10:1 " + tsp_deck());
    const Event* shot = first(ev, EventKind::Shot);
    REQUIRE(shot);
    CHECK(shot->d == 3);
    CHECK(shot->a == 9);
    CHECK(shot->b == 3);
    CHECK(shot->c == 3);
    CHECK(g.at(Side::A, "G1").total() == 9);
    CHECK(g.at(Side::B, "R1").total() == 8);
    CHECK(g.at(Side::B, "R1").status == Status::Shaken);
    CHECK(g.at(Side::B, "R1").sq == *core::parse_square("l8", 24, 16));
    CHECK(g.at(Side::B, "R1").reload == 0);
    CHECK(g.at(Side::B, "R1").shots == 0);
}

TEST_CASE("a round neither side loses goes on next turn: its die rolls count toward breaking off",
          "[tsp][TSP-AMB-8][TSP-AMB-15][TSP-CC-6]") {
    TspGame g = quiet();
    g.place(Side::A, "G1", "l5", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::S);
    g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
    // Gendarmes 2 companies against the pike's 4: 2 pairs and 2 extra match-ups, all ties.
    const Events ev = hold_turn(g, tsp_deck() + "d10:2 d10:5 " + d6s({3, 3, 3, 3, 3, 3, 3, 3}) + "d10:1 d10:1 " + tsp_deck());
    CHECK(count(ev, EventKind::CombatGoesOn) == 1);
    CHECK(g.at(Side::A, "G1").combat == static_cast<std::int8_t>(g.unit(Side::B, "P1")));
    CHECK(g.at(Side::A, "G1").combat_rolls == 4);
    CHECK(g.at(Side::B, "P1").combat_rolls == 4);
    CHECK(g.refusal("activate G1") != "");
}

TEST_CASE("charging pistol cavalry that close fire their front rank before the close combat", "[tsp][TSP-FIRE-7]") {
    TspGame g = quiet({tsp_card(2, 'S'), tsp_card(3, 'S')});
    g.place(Side::A, "A1", "l5", Facing::N);
    g.place(Side::B, "R1", "l6", Facing::S);
    g.at(Side::B, "R1").charging = static_cast<std::int8_t>(g.unit(Side::A, "A1"));
    // Both hold in the fire phase. Step 5: Reiters To Close (lighter mounted, 4 or more) on a 4;
    // step 6: the arquebusiers stand (Other Foot, 3 or more) on a 5. The Reiters' front rank, 3
    // pistols at open foot (class II, 1-5): two hits. Step 7: 2 companies a side tie twice.
    const Events ev = hold_turn(g, tsp_deck() + "d10:4 d10:5 " + tsp_d20(1) + tsp_d20(5) + tsp_d20(6) +
                                       d6s({3, 3, 3, 3}) + "d10:1 d10:1 " + tsp_deck());
    const Event* shot = first(ev, EventKind::Shot);
    REQUIRE(shot);
    CHECK(shot->unit == static_cast<std::int8_t>(g.unit(Side::B, "R1")));
    CHECK(shot->a == 3);
    CHECK(shot->b == 2);
    CHECK(g.at(Side::A, "A1").total() == 18);
    CHECK(g.at(Side::B, "R1").shots == 0);
    CHECK(g.at(Side::B, "R1").reload == 0);
    CHECK(count(ev, EventKind::CombatGoesOn) == 1);
}

TEST_CASE("routed Other Foot rally on 6 or more without an officer, 5 with one", "[tsp][TSP-TV-10][TSP-RALLY-1][TSP-SEQ-1]") {
    TspGame g = quiet();
    const auto a1 = g.unit(Side::A, "A1");
    const auto c1 = g.unit(Side::B, "C1");
    for (const auto u : {a1, c1}) {
        g.s.units[u].status = Status::Routed;
        g.s.units[u].routed_turn = 0;  // in an earlier turn
    }
    g.s.officers[0].unit = static_cast<std::int8_t>(a1);  // the Colonel rides to the arquebusiers
    // Step 8, Red first: the arquebusiers with the Colonel on a 5, the crossbows without on a 5.
    const Events ev = hold_turn(g, "d10:5 d10:5 d10:1 d10:1 " + tsp_deck());
    std::vector<const Event*> rallies;
    for (const Event& e : ev) {
        if (e.kind == EventKind::Rally) rallies.push_back(&e);
    }
    REQUIRE(rallies.size() == 2);
    CHECK(rallies[0]->unit == static_cast<std::int8_t>(a1));
    CHECK(rallies[0]->b == 5);
    CHECK(rallies[1]->b == 6);
    CHECK(g.s.units[a1].status == Status::Shaken);
    CHECK_FALSE(g.s.units[c1].on_board);
}

TEST_CASE("a loser that cannot leave the close combat's square stays in contact, or is destroyed if Routed",
          "[tsp][TSP-GRID-3][TSP-CC-5][TSP-CC-8][TSP-AMB-19]") {
    // The first round of the charge above, won by the Gendarmes: Black lost 2 match-ups to 1.
    const std::string round = "d10:2 d10:5 " + d6s({6, 1, 5, 2, 3, 4, 2, 2});
    SECTION("Shaken at the table's edge: it cannot step back, and the combat goes on") {
        TspGame g = quiet();
        g.place(Side::B, "P1", "a16", Facing::S);
        g.place(Side::A, "G1", "a15", Facing::N);
        g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
        // Stand and Fight passes on a 2: the pike fall back Shaken, 2D6 rolled, but the edge
        // is behind them.
        const Events ev = hold_turn(g, round + "d10:2 " + d6s({3, 3}) + good_spirits());
        const Unit& p1 = g.at(Side::B, "P1");
        CHECK(p1.status == Status::Shaken);
        CHECK(p1.sq == *core::parse_square("a16", 24, 16));
        CHECK(g.at(Side::A, "G1").sq == *core::parse_square("a16", 24, 16));
        CHECK(p1.combat == static_cast<std::int8_t>(g.unit(Side::A, "G1")));
        CHECK(g.at(Side::A, "G1").combat == static_cast<std::int8_t>(g.unit(Side::B, "P1")));
        REQUIRE(count(ev, EventKind::CombatBegan) == 2);
        const Event* again = nullptr;
        for (const Event& e : ev) {
            if (e.kind == EventKind::CombatBegan && e.a == 1) again = &e;
        }
        REQUIRE(again);
        CHECK(again->unit == static_cast<std::int8_t>(g.unit(Side::B, "P1")));
    }
    SECTION("Routed with its friends behind it: it is destroyed where it stands") {
        TspGame g = quiet();
        g.place(Side::B, "P1", "e10", Facing::S);
        g.place(Side::B, "C1", "e11", Facing::S);
        g.place(Side::B, "R1", "d11", Facing::S);
        g.place(Side::B, "L1", "f11", Facing::S);
        g.place(Side::A, "G1", "e9", Facing::N);
        g.at(Side::A, "G1").charging = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
        // Stand and Fight fails on a 1: a D4 of 3 casualties, then nowhere to go.
        const Events ev = hold_turn(g, tsp_deck() + round + "d10:1 d4:3 " + d6s({3, 3}) + good_spirits());
        CHECK_FALSE(g.at(Side::B, "P1").on_board);
        CHECK(count(ev, EventKind::Routed) == 1);
        CHECK(count(ev, EventKind::Destroyed) == 1);
        CHECK(g.at(Side::A, "G1").sq == *core::parse_square("e10", 24, 16));
        CHECK(g.at(Side::A, "G1").combat == -1);
    }
}

TEST_CASE("no one shoots into a close combat's square", "[tsp][TSP-GRID-3][TSP-AMB-17]") {
    TspGame g = quiet();
    g.place(Side::A, "A1", "l6", Facing::N);
    g.place(Side::A, "G1", "l10", Facing::N);
    g.place(Side::B, "P1", "l10", Facing::S);
    g.at(Side::A, "G1").combat = static_cast<std::int8_t>(g.unit(Side::B, "P1"));
    g.at(Side::B, "P1").combat = static_cast<std::int8_t>(g.unit(Side::A, "G1"));
    CHECK_FALSE(shot_now(g.ctx, g.s, g.unit(Side::A, "A1"), g.unit(Side::B, "P1")));
    // Out of the combat, the same pike in the same square are a target.
    g.at(Side::A, "G1").combat = -1;
    g.at(Side::B, "P1").combat = -1;
    g.place(Side::A, "G1", "a10", Facing::N);
    CHECK(shot_now(g.ctx, g.s, g.unit(Side::A, "A1"), g.unit(Side::B, "P1")));
}
