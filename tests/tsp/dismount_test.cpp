// The Sword and the Pike's optional dismounting (TSP-MOVE-4, the option `dismounting`): light
// horse with arquebus or crossbow may get off their horses to fight on foot, and on again, each
// change costing one D6 of the move it is made on. Black of tests/tsp/fixture.hpp is given mounted
// arquebusiers in open order (L1, in place of its crossbowmen) beside its light horse crossbows in
// skirmish order (L2); every deck in a chosen order and every die scripted.
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

/// The fixture's ruleset with light horse that may carry the arquebus as well as the crossbow.
const Ruleset& riders_ruleset() {
    static const Ruleset r = [] {
        Ruleset rs = test::tsp_ruleset();
        REQUIRE(rs.troop_types[5].kind == Kind::LightHorse);
        rs.troop_types[5].weapons = {Weapon::Crossbow, Weapon::Arquebus};
        return rs;
    }();
    return r;
}

/// Black with its crossbowmen made mounted arquebusiers in open order (`weapon`: their weapon).
ArmyList riders(Weapon weapon) {
    ArmyList l = test::tsp_black();
    l.units[1] = test::tsp_line("shot", "light-horse", Order::Open, weapon, 12);
    return l;
}
const ArmyList& riders_arquebus() {
    static const ArmyList a = riders(Weapon::Arquebus);
    return a;
}
const ArmyList& riders_spears() {
    static const ArmyList a = riders(Weapon::None);
    return a;
}

/// The unit of Black's second line: 12 light horse in 4 companies of 3, a leader in the first.
void make_rider(Unit& u, std::uint8_t line) {
    u.line = line;
    u.type = 5;  // light-horse
    u.order = Order::Open;
    u.figures = {3, 3, 3, 3, 0, 0};
    u.leaders = 1;
    u.start_figures = 12;
}

/// A game of Red against Black with its riders (B L1 at l15, the mounted arquebusiers; B L2 at
/// n15, the light horse crossbows in skirmish order); the first card Black's (the ace of spades),
/// then the fixture's order.
TspGame riders_game(std::uint8_t options, const ArmyList& black = riders_arquebus()) {
    TspGame g({tsp_card(1, 'S')}, {}, options);
    g.ctx.ruleset = &riders_ruleset();
    g.ctx.armies[1] = &black;
    Unit& u = g.s.units[5];
    REQUIRE(u.side == Side::B);
    make_rider(u, 1);
    REQUIRE(unit_label(g.ctx, g.s, 5) == "L1");
    REQUIRE(unit_label(g.ctx, g.s, 7) == "L2");
    REQUIRE(g.s.decider == Side::B);
    return g;
}

bool has(const std::vector<Command>& legal, const Command& c) {
    return std::find(legal.begin(), legal.end(), c) != legal.end();
}

}  // namespace

TEST_CASE("only light horse with arquebus or crossbow may dismount, and only with the option", "[tsp][TSP-MOVE-4][TSP-TYPE-1]") {
    TspGame g = riders_game(kDismounting);
    const auto l1 = static_cast<std::uint8_t>(g.unit(Side::B, "L1"));
    const auto l2 = static_cast<std::uint8_t>(g.unit(Side::B, "L2"));
    CHECK(may_dismount(g.ctx, g.s.units[l1]));
    CHECK(may_dismount(g.ctx, g.s.units[l2]));
    CHECK_FALSE(may_dismount(g.ctx, g.at(Side::B, "R1")));  // Reiters
    CHECK_FALSE(may_dismount(g.ctx, g.at(Side::B, "P1")));
    CHECK_FALSE(may_dismount(g.ctx, g.at(Side::A, "G1")));  // Gendarmes never dismount (TSP-TYPE-1)
    const auto legal = legal_commands(g.ctx, g.s);
    CHECK(has(legal, Command{cmd::Dismount{l1, false}}));
    CHECK(has(legal, Command{cmd::Dismount{l2, false}}));
    CHECK_FALSE(has(legal, Command{cmd::Dismount{l1, true}}));  // mounted already
    int offered = 0;
    for (const Command& c : legal) offered += std::holds_alternative<cmd::Dismount>(c);
    CHECK(offered == 2);
    const std::string only = "only light horse with arquebus or crossbow may dismount and mount (TSP-MOVE-4)";
    CHECK(g.refusal("dismount R1") == only);
    CHECK(g.refusal("dismount P1") == only);
    CHECK(g.refusal("mount L1") == "that unit is already mounted");
    CHECK(g.refusal("dismount L1") == "");
    CHECK(print(g.ctx, g.s, cmd::Dismount{l1, false}) == "dismount L1");
    CHECK(print(g.ctx, g.s, cmd::Dismount{l1, true}) == "mount L1");

    SECTION("light horse with spears do not") {
        g.ctx.armies[1] = &riders_spears();
        CHECK_FALSE(may_dismount(g.ctx, g.s.units[l1]));
        CHECK(g.refusal("dismount L1") == only);
    }
    SECTION("Gendarmes on their own card") {
        TspGame red(std::vector<std::uint8_t>{}, {}, kDismounting);
        REQUIRE(red.s.decider == Side::A);
        CHECK(red.refusal("dismount G1") == only);
    }
    SECTION("the option off") {
        TspGame off = riders_game(0);
        CHECK(off.refusal("dismount L1") == "dismounting is an optional rule this game is not played with (TSP-MOVE-4)");
        for (const Command& c : legal_commands(off.ctx, off.s)) CHECK_FALSE(std::holds_alternative<cmd::Dismount>(c));
    }
}

TEST_CASE("dismounting costs a D6: the unit rolls its dice on foot, one fewer, and moves as foot",
          "[tsp][TSP-MOVE-4][TSP-MOVE-1][TSP-GRID-1]") {
    TspGame g = riders_game(kDismounting);
    const auto l1 = g.unit(Side::B, "L1");
    // Mounted, light horse roll 6 D6 (TSP-MOVE-1); on foot in open order they would roll 3, and
    // dismounting costs one of them: 2 D6, 6 + 5 = 11 inches, 7 points.
    const Events ev = g.play("dismount L1", d6s({6, 5}));
    REQUIRE(ev.size() >= 2);
    CHECK(ev[0].kind == EventKind::Dismounts);
    CHECK(ev[0].unit == static_cast<std::int8_t>(l1));
    const Event* a = first(ev, EventKind::Activated);
    REQUIRE(a);
    CHECK(a->a == 11);
    CHECK(a->b == 11);
    CHECK(a->c == 7);
    CHECK(g.s.units[l1].dismounted);
    CHECK(g.s.units[l1].acted);
    CHECK(kind_of(g.ctx, g.s.units[l1]) == Kind::Arquebusiers);
    CHECK(g.s.decision == Decision::Move);
    CHECK(g.s.active == static_cast<std::int8_t>(l1));
    // On foot it turns one step at a time (light horse turn any way, TSP-AMB-17): south-west yes,
    // west no.
    CHECK(g.refusal("face SW") == "");
    CHECK(g.refusal("face W") == "it cannot turn that far in one move");
    // 7 points: three squares straight ahead, not four.
    CHECK(g.refusal("move l11") != "");
    g.play("move l12");
    CHECK(g.at(Side::B, "L1").sq == sq(g, "l12"));
    CHECK(g.at(Side::B, "L1").dismounted);
}

TEST_CASE("the crossbows of light horse dismount as crossbowmen, and mounting again costs a D6",
          "[tsp][TSP-MOVE-4][TSP-MOVE-1]") {
    TspGame g = riders_game(kDismounting);
    Unit& l2 = g.at(Side::B, "L2");
    l2.dismounted = true;
    CHECK(kind_of(g.ctx, l2) == Kind::Crossbowmen);
    CHECK(l2.order == Order::Skirmish);  // it keeps its order: foot crossbowmen may skirmish too
    CHECK(g.refusal("dismount L2") == "that unit has already dismounted");
    // Mounted again it rolls the light horse's 6 D6 less one: 5 D6.
    const Events ev = g.play("mount L2", d6s({1, 2, 3, 4, 5}));
    CHECK(ev[0].kind == EventKind::Mounts);
    CHECK(first(ev, EventKind::Activated)->b == 15);
    CHECK_FALSE(g.at(Side::B, "L2").dismounted);
    CHECK(kind_of(g.ctx, g.at(Side::B, "L2")) == Kind::LightHorse);
}

TEST_CASE("a Shaken unit tests to rally first and stays as it is if it fails", "[tsp][TSP-MOVE-4][TSP-AMB-5]") {
    TspGame g = riders_game(kDismounting);
    Unit& l1 = g.at(Side::B, "L1");
    l1.status = Status::Shaken;
    const MoraleTest t = rally_test_now(g.ctx, g.s, g.unit(Side::B, "L1"));
    REQUIRE(t.natural_needed() >= 2);
    const Events ev = g.play("dismount L1", "d10:1");
    CHECK(count(ev, EventKind::Morale) == 1);
    CHECK(count(ev, EventKind::Dismounts) == 0);
    CHECK(count(ev, EventKind::Activated) == 0);
    CHECK_FALSE(g.at(Side::B, "L1").dismounted);
    CHECK(g.at(Side::B, "L1").acted);
    CHECK(g.s.decision == Decision::Activate);
}

TEST_CASE("dismounted, the unit shoots, is shot at, tests and reloads as foot",
          "[tsp][TSP-MOVE-4][TSP-FIRE-1][TSP-FIRE-2][TSP-FIRE-6][TSP-MORALE-1][TSP-AMB-22][TSP-GRID-3]") {
    TspGame g = riders_game(kDismounting);
    const auto l1 = g.unit(Side::B, "L1");
    const auto a1 = g.unit(Side::A, "A1");
    // B L1 three squares in front of A A1 (l2, facing north), facing it, on a wood square.
    g.place(Side::B, "L1", "l5", Facing::S);
    g.s.set_terrain(sq(g, "l5"), Terrain::Wood);
    const auto mounted_shot = shot_now(g.ctx, g.s, l1, a1);
    const auto mounted_target = shot_now(g.ctx, g.s, a1, l1);
    REQUIRE(mounted_shot);
    REQUIRE(mounted_target);
    g.s.units[l1].dismounted = true;
    const auto foot_shot = shot_now(g.ctx, g.s, l1, a1);
    const auto foot_target = shot_now(g.ctx, g.s, a1, l1);
    REQUIRE(foot_shot);
    REQUIRE(foot_target);
    // TSP-FIRE-1, TSP-GRID-3: 2 ranks of 3 horse roll 6 dice; 2 ranks of 5 foot 10 of its 12.
    CHECK(mounted_shot->dice == 6);
    CHECK(foot_shot->dice == 10);
    // TSP-FIRE-2: horse in open order are class II even in a wood; foot there have light cover.
    CHECK(mounted_target->target_class == TargetClass::II);
    CHECK(foot_target->target_class == TargetClass::III);
    g.s.set_terrain(sq(g, "l5"), Terrain::Open);
    CHECK(shot_now(g.ctx, g.s, a1, l1)->target_class == TargetClass::II);
    // TSP-MORALE-1, TSP-AMB-22: Shaken, it rallies on Stand and Fight against others as Other
    // Foot (3 or more), not as lighter mounted units (4 or more).
    g.s.units[l1].status = Status::Shaken;
    CHECK(rally_test_now(g.ctx, g.s, l1).natural_needed() == 3);
    g.s.units[l1].dismounted = false;
    CHECK(rally_test_now(g.ctx, g.s, l1).natural_needed() == 4);
    // TSP-FIRE-6: arquebusiers on foot holding reload markers move at most half; mounted
    // arquebus move freely. On foot, 3 D6 of 6 are 18 inches, halved 9, 6 points: 3 squares.
    g.s.units[l1].status = Status::Steady;
    g.s.units[l1].dismounted = true;
    g.s.units[l1].reload = 1;
    g.place(Side::B, "L1", "l15", Facing::S);
    g.play("activate L1", d6s({6, 6, 6}));
    CHECK(g.refusal("move l11") != "");
    g.play("move l12");
}

TEST_CASE("a dismounted unit shot at in the fire phase", "[tsp][TSP-MOVE-4][TSP-FIRE-3][TSP-FIRE-9]") {
    TspGame g = riders_game(kDismounting);
    const auto l1 = g.unit(Side::B, "L1");
    g.place(Side::B, "L1", "l5", Facing::S);
    g.s.units[l1].dismounted = true;
    // Everyone holds the movement phase; the fire phase's first card is Red's (card order).
    test::hold_turn(g, "", true);
    REQUIRE(g.s.step == Step::Fire);
    REQUIRE(g.s.decider == Side::A);
    // A A1's arquebus at short range at a class II target: hits on 1 to 5 (TSP-FIRE-3); 10 dice,
    // two hits. The casualty deck is in card order: the ace of hearts takes L1's leader, the two
    // of hearts a figure (TSP-FIRE-9).
    std::string script;
    for (const int n : {1, 5, 6, 20, 9, 8, 7, 12, 15, 18}) script += test::tsp_d20(n);
    const Events ev = g.play("shoot A1 L1", script);
    const Event* shot = first(ev, EventKind::Shot);
    REQUIRE(shot);
    CHECK(shot->a == 10);
    CHECK(shot->b == 2);
    CHECK(shot->c == 5);
    CHECK(g.s.units[l1].total() == 11);
    CHECK(g.s.units[l1].leaders == 0);
}

TEST_CASE("a unit of a moving brigade may not dismount", "[tsp][TSP-MOVE-4][TSP-CARD-3]") {
    // Black's three light horse (L1 to L3) are one line of mounted arquebusiers, a Colonel's
    // brigade with him on L1.
    static const ArmyList brigade = [] {
        ArmyList l = riders_arquebus();
        l.units = {l.units[0], l.units[1]};
        l.units[1].units = 3;
        l.officers.push_back(FieldOfficer{"captain", "Captain", Rank::Colonel, "shot", {"shot"}});
        return l;
    }();
    for (const std::uint8_t options : {std::uint8_t(kDismounting | kBrigadeMovement), std::uint8_t(kDismounting)}) {
        TspGame g = riders_game(options, brigade);
        for (std::size_t u = 5; u <= 7; ++u) make_rider(g.s.units[u], 1);
        g.s.officers[1] = FieldOfficerState{Rank::Colonel, 5, true};
        g.s.officer_count = 2;
        REQUIRE(unit_label(g.ctx, g.s, 7) == "L3");
        if (options & kBrigadeMovement) {
            CHECK(brigade_of(g.ctx, g.s, 6) == 1);
            CHECK(g.refusal("dismount L2") ==
                  "a unit of a brigade moves with its brigade, and may not dismount or mount (TSP-CARD-3)");
        } else {
            CHECK(g.refusal("dismount L2") == "");
        }
    }
}

TEST_CASE("the state hash changes with a dismounted unit only", "[tsp][TSP-MOVE-4]") {
    TspGame g = riders_game(kDismounting);
    const std::uint64_t before = state_hash(g.s);
    g.at(Side::B, "L1").dismounted = true;
    CHECK(state_hash(g.s) != before);
    g.at(Side::B, "L1").dismounted = false;
    CHECK(state_hash(g.s) == before);
}
