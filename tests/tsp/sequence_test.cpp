// The Sword and the Pike's sequence of play (src/tsp/game.hpp) against the specification (Part B):
// the cards (TSP-CARD), movement (TSP-MOVE, TSP-GRID-1), fire (TSP-FIRE), and the automatic end of
// the turn (morale, close combat, rallies, reloads, the spirit of the army). Red (A) against Black
// (B) of tests/tsp/fixture.hpp, every deck in a chosen order and every die scripted: a command
// that draws other dice than the test expects fails loudly.
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
using test::sq;
using test::hold_turn;

namespace {

/// The whole deck in its plain order: hearts, diamonds (red), clubs, spades (black).
std::vector<std::uint8_t> plain() {
    return {};
}

std::string d20s(std::initializer_list<int> naturals) {
    std::string out;
    for (const int n : naturals) out += tsp_d20(n);
    return out;
}

}  // namespace

// --- Cards -----------------------------------------------------------------------------------------

TEST_CASE("a card whose side has no unit left to act is discarded, and the phase ends when no one is left",
          "[tsp][TSP-CARD-1][TSP-AMB-1][TSP-SEQ-1]") {
    // The plain order: 26 red cards, then the black. Red holds its 4 units on the first 4; the
    // other 22 red cards are discarded; Black holds its 4 on the first 4 black cards.
    TspGame g(plain());
    CHECK(g.s.decider == Side::A);
    g.play("hold P1");
    g.play("hold A1");
    g.play("hold G1");
    const Events ev = g.play("hold H1");
    CHECK(g.s.decider == Side::B);
    CHECK(g.s.card == tsp_card(1, 'C'));
    int discarded = 0;
    for (const Event& e : ev) discarded += e.kind == EventKind::CardPulled && e.a == 1;
    CHECK(discarded == 22);
    g.play("hold P1");
    g.play("hold C1");
    g.play("hold R1");
    // The last hold ends the movement phase: the deck is reshuffled for the fire phase, whose
    // first card is red: only Red's heavy gun reaches an enemy (long range, 16 squares).
    Events end = g.play("hold L1", tsp_deck());
    CHECK(g.s.step == Step::Fire);
    CHECK(g.s.decider == Side::A);
    CHECK(g.refusal("hold A1") == "that unit cannot fire now (reloading, routed, or no target in range and arc)");
    // Its hold ends the fire phase, and the turn: the spirit tests, Red then Black, and turn 2's
    // movement deck.
    end = g.play("hold H1", "d10:1 d10:1 " + tsp_deck({tsp_card(5, 'S')}));
    CHECK(count(end, EventKind::Shuffled) == 1);
    CHECK(count(end, EventKind::Spirit) == 2);
    CHECK(count(end, EventKind::TurnEnded) == 1);
    CHECK(g.s.turn == 2);
    CHECK(g.s.step == Step::Movement);
    CHECK(g.s.decider == Side::B);
    CHECK(g.s.card == tsp_card(5, 'S'));
}

TEST_CASE("quicker movement: a D4 of units on a card that activates", "[tsp][TSP-CARD-2][TSP-AMB-24]") {
    TspGame g({tsp_card(3, 'H'), tsp_card(4, 'C')}, {}, kQuickerMovement, "d4:2");
    CHECK(g.s.activations_left == 2);
    g.play("hold P1");
    CHECK(g.s.card == tsp_card(3, 'H'));  // the same card moves a second unit
    CHECK(g.s.decider == Side::A);
    g.play("hold A1", "d4:4");  // the next card, black, activates 4
    CHECK(g.s.card == tsp_card(4, 'C'));
    CHECK(g.s.activations_left == 4);
}

// --- Movement --------------------------------------------------------------------------------------

TEST_CASE("movement is rolled each time: inches to half-square points", "[tsp][TSP-MOVE-1][TSP-GRID-1][TSP-SEQ-1]") {
    TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H')});
    // Gendarmes roll 5D6: 10" is 6 points, 3 squares (TSP-GRID-1).
    const Events ev = g.play("activate G1", d6s({2, 2, 2, 2, 2}));
    const Event* a = first(ev, EventKind::Activated);
    REQUIRE(a);
    CHECK(a->a == 10);
    CHECK(a->b == 10);
    CHECK(a->c == 6);
    CHECK(g.refusal("move m6") == "the unit cannot reach m6 facing N with its roll");
    CHECK(g.refusal("face E") == "it cannot turn that far in one move");
    CHECK(g.refusal("move n4 face NE") == "");  // oblique 45 degrees, then a turn
    g.play("move m5");
    CHECK(g.at(Side::A, "G1").sq == sq(g, "m5"));
    CHECK(g.at(Side::A, "G1").moved_this_turn);
    CHECK(g.refusal("activate G1") == "that unit has had its chance in this phase");
    // Closed-order pike roll 2D6; 7" is 4 points.
    g.play("activate P1", d6s({3, 4}));
    CHECK(g.refusal("move k5") == "the unit cannot reach k5 facing N with its roll");
    g.play("move k4");
}

TEST_CASE("a heavy gun rolls nothing and may only pivot", "[tsp][TSP-MOVE-1][TSP-FIRE-6]") {
    TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H')});
    const Events ev = g.play("activate H1");
    CHECK(first(ev, EventKind::Activated)->c == 0);
    CHECK(g.refusal("move n3") != "");
    g.play("face NE");
    CHECK(g.at(Side::A, "H1").facing == Facing::NE);
    CHECK_FALSE(g.at(Side::A, "H1").moved_this_turn);  // pivoting is not moving
}

TEST_CASE("terrain penalties apply to the whole roll if the path enters that ground", "[tsp][TSP-MOVE-2][TSP-AMB-18]") {
    TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H')});
    g.s.set_terrain(sq(g, "l3"), Terrain::Wood);
    // Open-order arquebusiers roll 3D6: 11" is 7 points in the open, 8.25" (5 points) through
    // the wood (TSP-TV-8).
    g.play("activate A1", d6s({3, 4, 4}));
    CHECK(g.refusal("move l4") == "");                // through the wood: 4 of 5 points
    CHECK(g.refusal("move k5") == "");                // round it: 3 + 2 + 2 of 7
    CHECK(g.refusal("move l5") != "");                // through it 6 of 5; round it 8 of 7
    g.play("move l4");
    CHECK(g.at(Side::A, "A1").sq == sq(g, "l4"));
}

TEST_CASE("arquebusiers on foot loading move at most half", "[tsp][TSP-FIRE-6][TSP-FIRE-8]") {
    TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H')});
    g.at(Side::A, "A1").reload = 1;
    g.play("activate A1", d6s({3, 4, 4}));  // 11", half: 3 points
    CHECK(g.refusal("move l3") == "");
    CHECK(g.refusal("move l4") != "");
}

TEST_CASE("a Shaken unit tests to rally when its card is pulled, and stays put on a failure",
          "[tsp][TSP-AMB-5][TSP-AMB-22][TSP-SHAKEN-1]") {
    TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H'), tsp_card(3, 'H')});
    g.at(Side::A, "A1").status = Status::Shaken;
    // Other Foot, Stand and Fight against Other: 3 or more; no -1 for Shaken when rallying.
    Events ev = g.play("activate A1", "d10:2");
    const Event* m = first(ev, EventKind::Morale);
    REQUIRE(m);
    CHECK(m->b == 3);
    CHECK(m->c == 0);
    CHECK(count(ev, EventKind::Activated) == 0);
    CHECK(g.at(Side::A, "A1").status == Status::Shaken);
    CHECK(g.s.decision == Decision::Activate);
    CHECK(g.refusal("activate A1") == "that unit has had its chance in this phase");
    // Another Shaken unit passes and moves on the same card.
    g.at(Side::A, "G1").status = Status::Shaken;
    ev = g.play("activate G1", "d10:4 " + d6s({1, 1, 1, 1, 1}));
    CHECK(g.at(Side::A, "G1").status == Status::Steady);
    CHECK(count(ev, EventKind::Rallied) == 1);
    CHECK(g.s.decision == Decision::Move);
}

TEST_CASE("routed units and units in close combat are not offered a move", "[tsp][TSP-ROUT-1][TSP-AMB-17]") {
    TspGame g({tsp_card(1, 'H')});
    g.at(Side::A, "A1").status = Status::Routed;
    g.at(Side::A, "G1").combat = 6;
    g.at(Side::B, "R1").combat = 2;
    CHECK(g.refusal("activate A1") == "a routed unit cannot move (TSP-ROUT-1)");
    CHECK(g.refusal("activate G1") ==
          "a unit in close combat cannot move (TSP-AMB-17), nor break off before 6 die rolls (TSP-CC-6)");
    CHECK(g.refusal("break G1") == g.refusal("activate G1"));
    for (const Command& c : legal_commands(g.ctx, g.s)) {
        if (const auto* a = std::get_if<cmd::Activate>(&c)) CHECK((a->unit == 0 || a->unit == 3));
    }
}

TEST_CASE("a move into an enemy's square is a charge: the unit stops before it", "[tsp][TSP-SEQ-1][tsp-charge]") {
    TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H')});
    g.place(Side::A, "G1", "l3", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::S);
    g.play("activate G1", d6s({2, 2, 2, 2, 2}));  // 6 points: l4, l5, l6
    const Events ev = g.play("move l6");
    const Event* c = first(ev, EventKind::Charges);
    REQUIRE(c);
    CHECK(g.at(Side::A, "G1").sq == sq(g, "l5"));
    CHECK(g.at(Side::A, "G1").charging == static_cast<std::int8_t>(g.unit(Side::B, "P1")));
}

// --- Fire --------------------------------------------------------------------------------------------

namespace {

/// A game whose movement phase is held through, the fire phase's deck given: Red's arquebusiers
/// at l8 facing north, Black's crossbowmen at l11 (3 squares: the arquebus's short range).
TspGame at_fire(const std::vector<std::uint8_t>& fire_deck, const std::vector<std::uint8_t>& casualty = {}) {
    TspGame g(plain(), casualty);
    g.place(Side::A, "A1", "l8", Facing::N);
    g.place(Side::B, "C1", "l11", Facing::S);
    hold_turn(g, tsp_deck(fire_deck), true);
    REQUIRE(g.s.step == Step::Fire);
    return g;
}

}  // namespace

TEST_CASE("a volley: a D20 for each eligible figure against the hit table, casualties by card",
          "[tsp][TSP-FIRE-1][TSP-FIRE-2][TSP-FIRE-3][TSP-GRID-3][TSP-FIRE-9][TSP-AMB-6][TSP-TV-4]") {
    TspGame g = at_fire({tsp_card(1, 'H')}, {tsp_card(2, 'S'), tsp_card(3, 'S'), tsp_card(4, 'S')});
    CHECK(g.s.decider == Side::A);
    // 2 ranks of 5: 10 dice; short range at open foot (class II): 1-5 hit.
    const Events ev = g.play("shoot A1 C1", d20s({1, 5, 6, 20, 3, 9, 10, 11, 12, 13}));
    const Event* shot = first(ev, EventKind::Shot);
    REQUIRE(shot);
    CHECK(shot->a == 10);
    CHECK(shot->b == 3);
    CHECK(shot->c == 5);
    CHECK(count(ev, EventKind::Casualty) == 3);
    const Unit& c1 = g.at(Side::B, "C1");
    CHECK(c1.total() == 17);
    // The front company without a leader first (the leader is with the first): company 2.
    CHECK(c1.figures == std::array<std::uint8_t, kAllCompanies>{5, 2, 5, 5, 0, 0});
    CHECK(c1.hit_this_turn);
    CHECK(g.at(Side::A, "A1").reload == 2);  // TSP-FIRE-8, TSP-AMB-13
}

TEST_CASE("a Shaken firer adds 1 to each die: light rain 2", "[tsp][TSP-FIRE-4][TSP-TV-4]") {
    {
        TspGame g = at_fire({tsp_card(1, 'H')});
        g.at(Side::A, "A1").status = Status::Shaken;
        const Events ev = g.play("shoot A1 C1", d20s({5, 5, 5, 5, 5, 4, 4, 20, 20, 20}) + "");
        CHECK(first(ev, EventKind::Shot)->b == 2);
        CHECK(first(ev, EventKind::Shot)->c == 4);
    }
    {
        TspGame g(plain(), {}, kLightRain);
        g.place(Side::A, "A1", "l8", Facing::N);
        g.place(Side::B, "C1", "l11", Facing::S);
        hold_turn(g, tsp_deck({tsp_card(1, 'H')}), true);
        const Events ev = g.play("shoot A1 C1", d20s({3, 4, 5, 20, 20, 20, 20, 20, 20, 20}));
        CHECK(first(ev, EventKind::Shot)->b == 1);
        CHECK(first(ev, EventKind::Shot)->c == 3);
    }
}

TEST_CASE("an ace hits the unit leader, then an attached field officer", "[tsp][TSP-FIRE-9][TSP-AMB-21][TSP-CC-9]") {
    TspGame g = at_fire({tsp_card(1, 'C'), tsp_card(1, 'H')}, {tsp_card(1, 'S'), tsp_card(1, 'D'), tsp_card(1, 'C'), tsp_card(5, 'C')});
    // Black's crossbows at l11 shoot Red's pike (two leaders, and the Colonel) put at l8.
    g.place(Side::A, "A1", "a1", Facing::N);
    g.place(Side::A, "P1", "l8", Facing::N);
    REQUIRE(g.s.decider == Side::B);
    // Crossbow at closed pike (class I): 1-5.
    const Events ev = g.play("shoot C1 P1", d20s({1, 1, 1, 1, 20, 20, 20, 20, 20, 20}));
    const Unit& p = g.at(Side::A, "P1");
    CHECK(p.leaders == 0);                      // two aces: both leaders
    CHECK_FALSE(g.s.officers[0].alive);         // the third: the Colonel
    CHECK(p.total() == 24);                     // the fourth card, a 5: one figure
    CHECK(p.start_figures == 25);               // leaders are not figures (TSP-AMB-21)
    CHECK(count(ev, EventKind::Casualty) == 4);
}

TEST_CASE("a target must be in range and in the arc: a unit with reload markers cannot fire",
          "[tsp][TSP-AMB-17][TSP-GRID-2][TSP-FIRE-8]") {
    TspGame g = at_fire({tsp_card(1, 'H')});
    CHECK(g.refusal("shoot A1 P1") == "that target is not in range and arc");
    g.at(Side::B, "C1").sq = sq(g, "l15");  // 7 squares: beyond the arquebus's 6
    CHECK(g.refusal("shoot A1 C1") != "");
    g.at(Side::B, "C1").sq = sq(g, "l14");  // 6 squares: long range
    CHECK(g.refusal("shoot A1 C1") == "");
    g.at(Side::A, "A1").facing = Facing::S;  // behind it
    CHECK(g.refusal("shoot A1 C1") != "");
    g.at(Side::A, "A1").facing = Facing::N;
    g.at(Side::A, "A1").reload = 1;
    CHECK(g.refusal("shoot A1 C1") == "that unit cannot fire now (reloading, routed, or no target in range and arc)");
}

TEST_CASE("a heavy gun rolls 3 dice a gunner", "[tsp][TSP-FIRE-1][TSP-TV-5]") {
    TspGame g(plain(), {tsp_card(2, 'S'), tsp_card(3, 'S')});
    g.place(Side::A, "H1", "l8", Facing::N);
    g.place(Side::B, "P1", "l12", Facing::S);  // 4 squares: short range; closed pike: class I
    hold_turn(g, tsp_deck({tsp_card(1, 'H')}), true);
    // 12 dice, 1-6 hit. No one else can fire: the turn ends in the same command: Black's pike
    // tests against fire (Landsknechts: 3 or more), the spirit tests, turn 2's deck.
    const Events ev = g.play("shoot H1 P1", d20s({6, 7, 1, 20, 20, 20, 20, 20, 20, 20, 20, 20}) + "d10:5 d10:1 d10:1 " + tsp_deck());
    const Event* shot = first(ev, EventKind::Shot);
    REQUIRE(shot);
    CHECK(shot->a == 12);
    CHECK(shot->b == 2);
    CHECK(shot->c == 6);
    CHECK(g.at(Side::B, "P1").total() == 18);
    CHECK(g.at(Side::A, "H1").reload == 2);  // 3 markers, one off at the end of the turn
    CHECK(g.s.turn == 2);
}

TEST_CASE("Reiters shoot twice a turn, each on its own card, 4 ranks deep, then are out of fire",
          "[tsp][TSP-FIRE-7][TSP-AMB-16]") {
    TspGame g(plain());
    g.place(Side::A, "A1", "l8", Facing::N);
    g.place(Side::B, "R1", "l9", Facing::S);
    hold_turn(g, tsp_deck({tsp_card(1, 'C'), tsp_card(2, 'C'), tsp_card(1, 'H')}), true);
    const std::string misses = d20s({20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20});
    const Events ev = g.play("shoot R1 A1", misses);
    CHECK(first(ev, EventKind::Shot)->a == 12);  // 4 ranks of 3
    CHECK(g.s.card == tsp_card(2, 'C'));
    CHECK(g.at(Side::B, "R1").reload == 0);  // no markers for Reiters
    g.play("shoot R1 A1", misses);
    CHECK(g.at(Side::B, "R1").out_of_fire);
    CHECK(g.at(Side::B, "R1").acted);
    CHECK(g.s.decider == Side::A);
}

TEST_CASE("after 6 die rolls a unit may break off a close combat: Stand and Fight with its own modifiers",
          "[tsp][TSP-CC-6][tsp-break]") {
    TspGame g({tsp_card(1, 'C'), tsp_card(2, 'C'), tsp_card(3, 'C')});
    g.place(Side::A, "G1", "l5", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::S);
    const auto g1 = g.unit(Side::A, "G1");
    const auto p1 = g.unit(Side::B, "P1");
    g.s.units[g1].combat = static_cast<std::int8_t>(p1);
    g.s.units[p1].combat = static_cast<std::int8_t>(g1);
    g.s.units[g1].combat_rolls = g.s.units[p1].combat_rolls = 5;
    CHECK(g.refusal("break P1") != "");
    g.s.units[g1].combat_rolls = g.s.units[p1].combat_rolls = 6;
    CHECK(g.refusal("activate P1") == "a unit in close combat may only break off (TSP-CC-6)");
    CHECK(g.refusal("break C1") == "that unit is not in close combat");
    bool listed = false;
    for (const Command& c : legal_commands(g.ctx, g.s)) listed = listed || c == Command{cmd::BreakOff{static_cast<std::uint8_t>(p1)}};
    CHECK(listed);
    // Landsknechts: 2 or more, -2 foot breaking off from horse: a natural 4. A 3 fights on.
    Events ev = g.play("break P1", "d10:3");
    CHECK(first(ev, EventKind::Morale)->b == 4);
    CHECK(g.at(Side::B, "P1").combat == static_cast<std::int8_t>(g1));
    CHECK(g.at(Side::B, "P1").acted);
    // Given its chance again (as on a later turn): a 4 breaks off, with a normal move to the rear
    // (2D6 of 6": two squares), not Shaken (our reading).
    g.at(Side::B, "P1").acted = false;
    ev = g.play("break P1", "d10:4 d6:3 d6:3");
    CHECK(count(ev, EventKind::BrokeOff) == 1);
    CHECK(g.at(Side::B, "P1").combat == -1);
    CHECK(g.at(Side::A, "G1").combat == -1);
    CHECK(g.at(Side::B, "P1").sq == sq(g, "l8"));
    CHECK(g.at(Side::B, "P1").status == Status::Steady);
}

// --- The odds of a decision now ------------------------------------------------------------------

TEST_CASE("the odds of a shot, a rally and a move now are those of the roll", "[tsp][tsp-odds-now][TSP-FIRE-4][TSP-AMB-22]") {
    TspGame g = at_fire({tsp_card(1, 'H')});
    const auto a1 = g.unit(Side::A, "A1");
    const auto c1 = g.unit(Side::B, "C1");
    auto p = shot_now(g.ctx, g.s, a1, c1);
    REQUIRE(p);
    CHECK(p->band == Band::Short);
    CHECK(p->target_class == TargetClass::II);
    CHECK(p->dice == 10);
    CHECK(p->hit_number == 5);
    CHECK(p->modifiers.empty());
    CHECK(p->hits_on() == 5);
    const auto odds = shot_odds_now(g.ctx, g.s, a1, c1);
    REQUIRE(odds);
    CHECK(odds->dice == 10);
    CHECK(odds->hits_on == 5);
    CHECK_FALSE(shot_now(g.ctx, g.s, a1, g.unit(Side::B, "P1")));  // out of range
    g.s.units[a1].status = Status::Shaken;
    p = shot_now(g.ctx, g.s, a1, c1);
    REQUIRE(p);
    CHECK(p->modifiers.size() == 1);
    CHECK(p->hits_on() == 4);
    // Other Foot rallying: 3 or more, no -1 for Shaken.
    CHECK(rally_test_now(g.ctx, g.s, a1).natural_needed() == 3);
    // Gendarmes: 5D6, 6^5 rolls; 5 (all ones) gives 3 points.
    const MoveOdds m = move_odds_now(g.ctx, g.s, g.unit(Side::A, "G1"));
    CHECK(m.outcomes == 7776);
    CHECK(m.ways[3] == 1);
    // Arquebusiers holding a marker move half: 3D6 of 3" to 5" give 1 point (1 + 3 + 6 rolls),
    // where unloaded none gives 1, and 3" or 4" give 2 (1 + 3 rolls).
    CHECK(move_odds_now(g.ctx, g.s, a1).ways[1] == 0);
    CHECK(move_odds_now(g.ctx, g.s, a1).ways[2] == 4);
    g.s.units[a1].reload = 1;
    CHECK(move_odds_now(g.ctx, g.s, a1).ways[1] == 10);
}
