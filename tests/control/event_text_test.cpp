// Event text for the combat events: the one-line descriptions (describe) and the "why" lines
// (explain, explain_roll) a player sees when expanding a log line. Events are built by hand; no
// engine is involved.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>
#include <vector>

#include "kits/pikette/control/event_text.hpp"
#include "tests/rules/fixture.hpp"

namespace tercio::test {
namespace {

using core::DieType;
using rules::ModifierId;
using rules::Side;
using Lines = std::vector<std::string>;

/// French (A) against Spanish (B) with a few units from their roster lines:
/// 0 A K1 Gendarmes, 1 A A1 Arquebus, 2 A L1 Archers, 3 A G1 Cannon,
/// 4 B P1 Pike, 5 B T1 Tercio, 6 B A1 Arquebus.
struct Combat {
    rules::RulesContext ctx = Armies::get().context("french", "spanish");
    rules::GameState s;

    enum : std::uint8_t { kGendarmes, kArquebusA, kArchers, kCannon, kPike, kTercio, kArquebusB };

    Combat() {
        add(Side::A, "knights");
        add(Side::A, "arquebus");
        add(Side::A, "lancers");
        add(Side::A, "cannon");
        add(Side::B, "pike");
        add(Side::B, "tercio");
        add(Side::B, "arquebus");
    }

    void add(Side side, const std::string& line_id) {
        const rules::ArmyList& army = ctx.army(side);
        for (std::size_t i = 0; i < rules::roster_size(army); ++i) {
            const rules::UnitLine& l = rules::roster_line(army, i);
            if (l.id != line_id) continue;
            const rules::TroopType* t = ctx.rs().find_type(l.type);
            REQUIRE(t != nullptr);
            rules::Unit u;
            u.type = static_cast<std::uint8_t>(t - ctx.rs().troop_types.data());
            u.line = static_cast<std::uint8_t>(i);
            u.side = side;
            u.deployed = true;
            s.units[s.unit_count++] = u;
            return;
        }
        FAIL("no roster line " << line_id);
    }

    std::string text(const rules::Event& e) const { return control::describe(ctx, s, e); }
    Lines why(const rules::Event& e) const { return control::explain(ctx, s, e); }
};

/// A roll of `base` with these modifiers; the final die is the clamped total (PS-DICE-3).
rules::ModifiedRoll roll(DieType base, std::initializer_list<ModifierId> mods, int natural,
                         Side side = Side::A) {
    rules::ModifiedRoll r;
    r.side = side;
    r.base = base;
    for (ModifierId m : mods) r.modifiers[r.modifier_count++] = m;
    r.final = core::shifted(base, r.net());
    r.natural = natural;
    return r;
}

}  // namespace

TEST_CASE("Unit names in combat lines", "[event_text]") {
    Combat c;
    CHECK(control::unit_name(c.ctx, c.s, Combat::kGendarmes) == "A K1 Gendarmes");
    CHECK(control::unit_name(c.ctx, c.s, Combat::kArquebusA) == "A A1 Arquebus");
    CHECK(control::unit_name(c.ctx, c.s, Combat::kArchers) == "A L1 Archers");
    CHECK(control::unit_name(c.ctx, c.s, Combat::kCannon) == "A G1 Cannon");
    CHECK(control::unit_name(c.ctx, c.s, Combat::kPike) == "B P1 Pike");
    CHECK(control::unit_name(c.ctx, c.s, Combat::kTercio) == "B T1 Tercio");
    CHECK(control::unit_name(c.ctx, c.s, Combat::kArquebusB) == "B A1 Arquebus");
}

TEST_CASE("explain_roll names every modifier and the final die", "[event_text][PS-DICE-3][PS-DICE-4]") {
    SECTION("no modifiers") {
        CHECK(control::explain_roll(roll(DieType::D6, {}, 3)) == "d6, no modifiers -> d6, rolled 3");
    }
    SECTION("an Up and a Down cancel out") {
        CHECK(control::explain_roll(roll(DieType::D8,
                                         {ModifierId::ShotFlankOrFormation, ModifierId::BeyondHalfRange}, 7)) ==
              "d8, UP 1 on the target's flank or rear, or at a phalanx or tercio (PS-SHOOT-7), "
              "DOWN 1 beyond half range (PS-SHOOT-8): net 0 -> d8, rolled 7");
    }
    SECTION("one Down") {
        CHECK(control::explain_roll(roll(DieType::D8, {ModifierId::ShooterDisordered}, 2)) ==
              "d8, DOWN 1 shooter disordered (PS-SHOOT-7): net DOWN 1 -> d6, rolled 2");
    }
    SECTION("D12 with UP 2 and DOWN 1: the total is clamped, not each step") {
        const auto r = roll(DieType::D12, {ModifierId::LeaderAttached, ModifierId::Disordered}, 9);
        REQUIRE(r.final == DieType::D12);
        CHECK(control::explain_roll(r) ==
              "d12, UP 2 leader attached (PS-LEADER-4), DOWN 1 disordered (PS-MELEE-8): "
              "net UP 1 -> d12 (clamped, PS-DICE-3), rolled 9");
    }
    SECTION("D4 with DOWN 1 and UP 2 is a net UP 1: D6, nothing clamped") {
        const auto r = roll(DieType::D4, {ModifierId::Disordered, ModifierId::LeaderAttached}, 5);
        REQUIRE(r.final == DieType::D6);
        CHECK(control::explain_roll(r) ==
              "d4, DOWN 1 disordered (PS-MELEE-8), UP 2 leader attached (PS-LEADER-4): net UP 1 -> d6, rolled 5");
    }
    SECTION("clamped at the bottom") {
        CHECK(control::explain_roll(roll(DieType::D4, {ModifierId::RallyRouted}, 1)) ==
              "d4, DOWN 2 routed (PS-RALLY-4): net DOWN 2 -> d4 (clamped, PS-DICE-3), rolled 1");
    }
    SECTION("three modifiers above the top of the ladder") {
        CHECK(control::explain_roll(roll(DieType::D10,
                                         {ModifierId::Charging, ModifierId::AttackingFlank, ModifierId::MoreStands},
                                         12)) ==
              "d10, UP 1 charging (PS-MELEE-7), UP 1 attacking flank or rear (PS-MELEE-6), UP 1 more stands "
              "(PS-MELEE-8): net UP 3 -> d12 (clamped, PS-DICE-3), rolled 12");
    }
}

TEST_CASE("A shot: dice, difference, hits and status", "[event_text][PS-SHOOT-9][PS-SHOOT-10]") {
    Combat c;
    rules::ShotResolved x;
    x.shooter = Combat::kArquebusA;
    x.target = Combat::kPike;
    x.roll = roll(DieType::D8, {ModifierId::ShotFlankOrFormation, ModifierId::BeyondHalfRange}, 7);
    x.defence = 2;
    x.diff = 5;
    x.sum = 5;
    x.band_min = 3;
    x.new_hits = 1;
    x.status = rules::Status::Disordered;
    CHECK(c.text(x) == "A A1 Arquebus shoots B P1 Pike: d8 7 vs d6 2, difference 5: 1 hit, Disordered");
    CHECK(c.why(x) ==
          Lines{"A A1 Arquebus: d8, UP 1 on the target's flank or rear, or at a phalanx or tercio (PS-SHOOT-7), "
                "DOWN 1 beyond half range (PS-SHOOT-8): net 0 -> d8, rolled 7",
                "result: band 3-5 of the shooting table (PS-SHOOT-10)"});
}

TEST_CASE("A shot that does not beat the D6 has no effect", "[event_text][PS-SHOOT-9]") {
    Combat c;
    rules::ShotResolved x;
    x.shooter = Combat::kArquebusA;
    x.target = Combat::kPike;
    x.opportunity = true;
    x.roll = roll(DieType::D8, {ModifierId::ShooterDisordered}, 3);
    x.defence = 3;
    CHECK(c.text(x) == "A A1 Arquebus shoots B P1 Pike with an opportunity chip: d6 3 vs d6 3: no effect");
    CHECK(c.why(x) == Lines{"A A1 Arquebus: d8, DOWN 1 shooter disordered (PS-SHOOT-7): net DOWN 1 -> d6, rolled 3",
                            "result: no effect, the shooter's roll is not higher than the d6 (PS-SHOOT-9)"});
}

TEST_CASE("Shots add up in a phase: the band of the total", "[event_text][PS-SHOOT-10][PS-SHOOT-12]") {
    Combat c;
    rules::ShotResolved x;
    x.shooter = Combat::kCannon;
    x.target = Combat::kTercio;
    x.roll = roll(DieType::D8, {ModifierId::ShotFlankOrFormation}, 8);
    x.defence = 4;
    x.diff = 4;
    x.sum = 10;
    x.band_min = 9;
    x.new_hits = 2;  // 3 for 9+, 1 already applied at 3-5
    x.status = rules::Status::Routed;
    // A Routed result on a tercio: the line says what it does instead (the status line after it
    // says no "becomes Routed").
    CHECK(c.text(x) == "A G1 Cannon shoots B T1 Tercio: d10 8 vs d6 4, difference 4, total 10 this phase: "
                       "2 hits, Routed, but a tercio does not rout: it loses a stand, not Disordered (PS-TERCIO-7)");
    CHECK(c.why(x).back() == "result: band 9+ of the shooting table for the total 10 this phase "
                             "(PS-SHOOT-10, PS-SHOOT-12)");

    SECTION("a band 1-2 shot: no hits") {
        x.roll = roll(DieType::D8, {}, 5);
        x.defence = 3;
        x.diff = 2;
        x.sum = 2;
        x.band_min = 1;
        x.new_hits = 0;
        x.status = rules::Status::None;
        CHECK(c.text(x) == "A G1 Cannon shoots B T1 Tercio: d8 5 vs d6 3, difference 2: no hits");
        CHECK(c.why(x).back() == "result: band 1-2 of the shooting table (PS-SHOOT-10)");
    }
    SECTION("band 6-8") {
        x.sum = 7;
        x.band_min = 6;
        x.new_hits = 1;
        x.status = rules::Status::Disordered;
        CHECK(c.why(x).back() == "result: band 6-8 of the shooting table for the total 7 this phase "
                                 "(PS-SHOOT-10, PS-SHOOT-12)");
    }
}

TEST_CASE("A melee won: both rolls, the loser's hits and status", "[event_text][PS-MELEE-8][PS-MELEE-13]") {
    Combat c;
    rules::MeleeResolved x;
    x.initiator = Combat::kGendarmes;
    x.defender = Combat::kPike;
    x.initiator_roll = roll(DieType::D12, {ModifierId::Charging, ModifierId::LeaderAttached}, 10);
    x.defender_roll = roll(DieType::D10, {ModifierId::Disordered}, 4, Side::B);
    x.winner = Combat::kGendarmes;
    x.loser = Combat::kPike;
    x.diff = 6;
    x.band_min = 6;
    x.status = rules::Status::Disordered;
    CHECK(c.text(x) == "A K1 Gendarmes attacks B P1 Pike: d12 10 vs d8 4, difference 6: B P1 Pike loses, "
                       "2 hits, Disordered");
    CHECK(c.why(x) == Lines{"A K1 Gendarmes: d12, UP 1 charging (PS-MELEE-7), UP 2 leader attached (PS-LEADER-4): "
                            "net UP 3 -> d12 (clamped, PS-DICE-3), rolled 10",
                            "B P1 Pike: d10, DOWN 1 disordered (PS-MELEE-8): net DOWN 1 -> d8, rolled 4",
                            "result: band 6-8 of the melee table (PS-MELEE-13)"});

    SECTION("the defender wins") {
        x.initiator_roll = roll(DieType::D12, {}, 2);
        x.defender_roll = roll(DieType::D10, {}, 9, Side::B);
        x.winner = Combat::kPike;
        x.loser = Combat::kGendarmes;
        x.diff = 7;
        x.band_min = 6;
        x.status = rules::Status::Routed;
        CHECK(c.text(x) == "A K1 Gendarmes attacks B P1 Pike: d12 2 vs d10 9, difference 7: A K1 Gendarmes "
                           "loses, 2 hits, Routed");
    }
}

TEST_CASE("A melee tie", "[event_text][PS-MELEE-13][PS-MELEE-16]") {
    Combat c;
    rules::MeleeResolved x;
    x.initiator = Combat::kArchers;
    x.defender = Combat::kArquebusB;
    x.initiator_roll = roll(DieType::D10, {ModifierId::Charging}, 5);
    x.defender_roll = roll(DieType::D6, {}, 5, Side::B);
    x.winner = rules::kNone;
    x.loser = rules::kNone;
    CHECK(c.text(x) == "A L1 Archers attacks B A1 Arquebus: d12 5 vs d6 5: a tie, both stay");
    CHECK(c.why(x) == Lines{"A L1 Archers: d10, UP 1 charging (PS-MELEE-7): net UP 1 -> d12, rolled 5",
                            "B A1 Arquebus: d6, no modifiers -> d6, rolled 5",
                            "result: a tie on the melee table (PS-MELEE-13)"});
}

TEST_CASE("A melee lost by a tercio to cavalry is void", "[event_text][PS-MELEE-15]") {
    Combat c;
    rules::MeleeResolved x;
    x.initiator = Combat::kGendarmes;
    x.defender = Combat::kTercio;
    x.initiator_roll = roll(DieType::D12, {}, 9);
    x.defender_roll = roll(DieType::D10, {}, 3, Side::B);
    x.winner = Combat::kGendarmes;
    x.loser = Combat::kTercio;
    x.diff = 6;
    x.band_min = 6;
    x.void_result = true;
    CHECK(c.text(x) == "A K1 Gendarmes attacks B T1 Tercio: d12 9 vs d10 3, difference 6: B T1 Tercio loses, "
                       "but the result is void (a phalanx or tercio cannot be beaten by cavalry)");
    CHECK(c.why(x).back() == "result: void, a phalanx or tercio cannot be beaten by cavalry (PS-MELEE-15)");
}

TEST_CASE("Lancers doubling infantry rout it at any difference", "[event_text][PS-MELEE-14]") {
    Combat c;
    rules::MeleeResolved x;
    x.initiator = Combat::kArchers;
    x.defender = Combat::kArquebusB;
    x.initiator_roll = roll(DieType::D10, {ModifierId::Charging}, 4);
    x.defender_roll = roll(DieType::D6, {}, 2, Side::B);
    x.winner = Combat::kArchers;
    x.loser = Combat::kArquebusB;
    x.diff = 2;
    x.band_min = 1;
    x.status = rules::Status::Routed;
    x.x2_rout = true;
    CHECK(c.text(x) == "A L1 Archers attacks B A1 Arquebus: d12 4 vs d6 2, difference 2: B A1 Arquebus loses, "
                       "no hits, Routed (knights or lancers doubled infantry)");
    CHECK(c.why(x).back() == "result: band 1-2 of the melee table (PS-MELEE-13); knights or lancers doubling "
                             "infantry rout it (PS-MELEE-14)");
}

TEST_CASE("A morale check", "[event_text][PS-MORALE-1][PS-MORALE-2]") {
    Combat c;
    rules::MoraleChecked x;
    x.unit = Combat::kPike;
    x.roll = roll(DieType::D10, {ModifierId::TestDisordered}, 3, Side::B);
    x.opponent = 5;
    x.failed = true;
    CHECK(c.text(x) == "B P1 Pike checks morale: d8 3 vs d6 5: fails");
    CHECK(c.why(x) == Lines{"B P1 Pike: d10, DOWN 1 disordered (PS-MORALE-2, PS-CHIP-9): net DOWN 1 -> d8, rolled 3",
                            "result: the opponent's d6 is higher, the check fails (PS-MORALE-1)"});

    SECTION("a tie passes") {
        x.roll = roll(DieType::D10, {}, 4, Side::B);
        x.opponent = 4;
        x.failed = false;
        CHECK(c.text(x) == "B P1 Pike checks morale: d10 4 vs d6 4: a tie, passes");
        CHECK(c.why(x).back() == "result: the opponent's d6 is not higher, the check passes (PS-MORALE-1)");
    }
}

TEST_CASE("A chip", "[event_text][PS-CHIP-9]") {
    Combat c;
    rules::Chipped x;
    x.chipper = Side::A;
    x.target = Combat::kPike;
    x.roll = roll(DieType::D10, {ModifierId::TestDisordered}, 2, Side::B);
    x.chipper_roll = 5;
    x.success = true;
    CHECK(c.text(x) == "A chips B P1 Pike: d8 2 vs d6 5: succeeds");
    CHECK(c.why(x) == Lines{"B P1 Pike: d10, DOWN 1 disordered (PS-MORALE-2, PS-CHIP-9): net DOWN 1 -> d8, rolled 2",
                            "result: the chipper's d6 is higher, the chip succeeds (PS-CHIP-9)"});

    SECTION("a tie has no effect") {
        x.chipper = Side::B;
        x.target = Combat::kGendarmes;
        x.roll = roll(DieType::D12, {ModifierId::LeaderAttached}, 3);
        x.chipper_roll = 3;
        x.success = false;
        CHECK(c.text(x) == "B chips A K1 Gendarmes: d12 3 vs d6 3: a tie, no effect");
        CHECK(c.why(x).back() == "result: the chipper's d6 is not higher, the chip has no effect (PS-CHIP-9)");
    }
}

TEST_CASE("A rally", "[event_text][PS-RALLY-4]") {
    Combat c;
    rules::RallyAttempted x;
    x.unit = Combat::kTercio;
    x.roll = roll(DieType::D10, {ModifierId::RallyRouted}, 5, Side::B);
    x.opponent = 4;
    x.success = true;
    CHECK(c.text(x) == "B rallies B T1 Tercio: d6 5 vs d6 4: succeeds");
    CHECK(c.why(x) == Lines{"B T1 Tercio: d10, DOWN 2 routed (PS-RALLY-4): net DOWN 2 -> d6, rolled 5",
                            "result: the unit's die is higher than the d6, the rally succeeds (PS-RALLY-4)"});

    SECTION("a tie fails") {
        x.opponent = 5;
        x.success = false;
        CHECK(c.text(x) == "B rallies B T1 Tercio: d6 5 vs d6 5: a tie, fails");
        CHECK(c.why(x).back() == "result: the unit's die is not higher than the d6, the rally fails (PS-RALLY-4)");
    }
}

TEST_CASE("The other combat events: one line each and nothing to explain", "[event_text]") {
    Combat c;
    const auto check = [&](const rules::Event& e, const std::string& line) {
        CHECK(c.text(e) == line);
        CHECK(c.why(e).empty());
    };
    check(rules::RoutedUnitCut{Combat::kGendarmes, Combat::kPike}, "A K1 Gendarmes cuts down the routed B P1 Pike (no roll)");
    check(rules::LeaderChecked{Side::A, false, 0, 0, false},
          "A leader check: no test (his unit has not fought, no enemy can shoot at him or stands in his square)");
    check(rules::PursuitRolled{Combat::kArchers, 3, 3, false},
          "Pursuit test for A L1 Archers: A rolls 3, B rolls 3 - must pursue");
    check(rules::PursuitRolled{Combat::kArchers, 5, 2, true},
          "Pursuit test for A L1 Archers: A rolls 5, B rolls 2 - may stay");
    // A pursuit that must be made but makes no step says why.
    check(rules::PursuitRolled{Combat::kArchers, 1, 4, false, rules::PursuitRolled::Halt::NoPath},
          "Pursuit test for A L1 Archers: A rolls 1, B rolls 4 - must pursue, but the routed unit left no square to "
          "follow");
    check(rules::PursuitRolled{Combat::kArchers, 1, 4, false, rules::PursuitRolled::Halt::Closed},
          "Pursuit test for A L1 Archers: A rolls 1, B rolls 4 - must pursue, but the first square of its path is "
          "closed to it");
    // The chips a lost leader costs: what was really lost, never more than the side had.
    check(rules::LeaderKilled{Side::A, 3, 3}, "A leader is killed or captured: 3 morale chips lost");
    check(rules::LeaderKilled{Side::A, 1, 5}, "A leader is killed or captured: 1 morale chip lost (all it had left)");
    check(rules::LeaderKilled{Side::B, 0, 3}, "B leader is killed or captured: no morale chips left to lose");
    // A move off the board names the edge, not a square that does not exist.
    check(rules::UnitMoved{Combat::kPike, core::make_square(3, 0), core::make_square(3, -1)},
          "B P1 Pike moves d1 off the south edge");
    check(rules::UnitMoved{Combat::kPike, core::make_square(14, 14), core::make_square(14, 15)},
          "B P1 Pike moves o15 off the north edge");
    check(rules::UnitMoved{Combat::kPike, core::make_square(0, 4), core::make_square(-1, 4)},
          "B P1 Pike moves a5 off the west edge");
    check(rules::UnitMoved{Combat::kPike, core::make_square(3, 3), core::make_square(3, 4)}, "B P1 Pike moves d4 -> d5");
    check(rules::HitsTaken{Combat::kPike, 1, 0}, "B P1 Pike takes 1 hit");
    check(rules::HitsTaken{Combat::kPike, 3, 1}, "B P1 Pike takes 3 hits, 1 stand destroyed");
    check(rules::StandRemoved{Combat::kTercio}, "B T1 Tercio removes a stand instead of routing");
    check(rules::MoraleChipsLost{Side::B, 2, rules::ChipLoss::UnitRouted}, "B loses 2 morale chips (unit routed)");
    check(rules::MoraleChipsLost{Side::B, 1, rules::ChipLoss::StandDestroyed}, "B loses 1 morale chip (stand destroyed)");
    check(rules::MoraleChipsLost{Side::A, 1, rules::ChipLoss::Chipping}, "A loses 1 morale chip (chipping)");
    check(rules::MoraleChipsLost{Side::A, 0, rules::ChipLoss::Rallying}, "A loses no morale chips (rallying)");
    check(rules::StatusChanged{Combat::kPike, rules::UnitStatus::Ok, rules::UnitStatus::Disordered},
          "B P1 Pike becomes Disordered (was OK)");
    check(rules::StatusChanged{Combat::kPike, rules::UnitStatus::Routed, rules::UnitStatus::Destroyed},
          "B P1 Pike is destroyed");
    check(rules::StatusChanged{Combat::kPike, rules::UnitStatus::Routed, rules::UnitStatus::LeftTable},
          "B P1 Pike leaves the table");
    check(rules::UnitReloaded{Combat::kArquebusA}, "A A1 Arquebus reloads");
    check(rules::LeaderDetached{Side::A, Combat::kGendarmes}, "A leader detaches from A K1 Gendarmes");
}

}  // namespace tercio::test

namespace tercio::test {

TEST_CASE("pips are counted in words: 1 pip, 11 pips", "[event-text]") {
    const rules::RulesContext ctx = Armies::get().context("french", "spanish");
    rules::GameState s;
    s.turn = 1;
    CHECK(control::describe(ctx, s, rules::OrderChosen{rules::Side::A, rules::Side::A, 1, 11}) ==
          "A chooses: A goes first with 1 pip, B second with 11");
    CHECK(control::describe(ctx, s, rules::PhaseStarted{rules::Side::B, 1, false}) ==
          "Turn 1, 1st phase: B (Spanish) acts with 1 pip");
    // The second phase's side acts second, whoever won the roll (PS-INIT-3, PS-INIT-4).
    CHECK(control::describe(ctx, s, rules::PhaseStarted{rules::Side::A, 4, true}) ==
          "Turn 1, 2nd phase: A (French) acts with 4 pips");
    CHECK(control::describe(ctx, s, rules::PhaseEnded{rules::Side::A, 1}) == "A ends its phase (1 pip unused)");
}

}  // namespace tercio::test

namespace tercio::test {

TEST_CASE("terrain adjustments read as what was tried", "[event-text]") {
    const rules::RulesContext ctx = Armies::get().context("french", "spanish");
    rules::GameState s;
    const auto c8 = *core::parse_square("c8");
    const auto h8 = *core::parse_square("h8");
    CHECK(control::describe(ctx, s, rules::TerrainAdjusted{rules::Side::B, true, c8, c8, 1, false}) ==
          "B tries to remove the piece at c8: rolled 1 - stays (6 needed)");
    CHECK(control::describe(ctx, s, rules::TerrainAdjusted{rules::Side::A, false, c8, h8, 6, true}) ==
          "A tries to move its piece at c8 to the centre: rolled 6 - moved to h8");
}

TEST_CASE("A leader check says which of the three cases made the test, and x explains it", "[event_text][PS-LEADER-9]") {
    Combat c;
    using T = rules::LeaderChecked::Trigger;
    rules::LeaderChecked fought{Side::B, true, 2, 5, true, T::Fought};
    CHECK(c.text(fought) ==
          "B leader check: tested because his unit has fought since the last check (PS-LEADER-9 a); B rolls 2, A "
          "rolls 5 - the leader is hit");
    rules::LeaderChecked fire{Side::A, true, 4, 4, false, T::EnemyFire, Combat::kArquebusB};
    CHECK(c.text(fire) ==
          "A leader check: tested because B A1 Arquebus in a1 can shoot at his square (PS-LEADER-9 b); A rolls 4, "
          "B rolls 4 - the leader is safe");
    const auto why = c.why(fire);
    REQUIRE(why.size() == 3);
    CHECK(why[0].starts_with("a Leader Check card tests the leader if (a) his unit fought"));
    CHECK(why[1] == "here (b): B A1 Arquebus in a1 has his square in range, arc and sight (PS-LOS-6)");
    CHECK(why[2] == "result: his side's d6 is not lower, the leader is safe (PS-LEADER-9)");
    rules::LeaderChecked in_square{Side::A, true, 1, 6, true, T::EnemyInSquare};
    CHECK(c.text(in_square) ==
          "A leader check: tested because an enemy unit stands in his square (PS-LEADER-9 c); A rolls 1, B rolls 6 - "
          "the leader is hit");
    CHECK(c.why(in_square)[1] == "here (c): an enemy unit is in his square");
}

TEST_CASE("Both sides may have an L1: every unit is named side first", "[event_text][issue-40]") {
    Combat c;
    c.add(Side::B, "lancers");  // B L1 Lancers, against A's L1 Archers
    const std::uint8_t lancers = static_cast<std::uint8_t>(c.s.unit_count - 1);
    rules::MeleeResolved x;
    x.initiator = lancers;
    x.defender = Combat::kArchers;
    x.initiator_roll = roll(DieType::D10, {}, 5, Side::B);
    x.defender_roll = roll(DieType::D10, {}, 5);
    CHECK(c.text(x) == "B L1 Lancers attacks A L1 Archers: d10 5 vs d10 5: a tie, both stay");
}

TEST_CASE("A Routed result on a unit that does not rout says what it does instead",
          "[event_text][issue-40][PS-PHALANX-4][PS-PHALANX-5][PS-TERCIO-8]") {
    Combat c;
    rules::ShotResolved x;
    x.shooter = Combat::kArquebusB;
    x.target = Combat::kPike;  // made a Swiss pike below: it never routs (PS-PHALANX-5)
    x.roll = roll(DieType::D8, {}, 8, Side::B);
    x.defence = 1;
    x.diff = 7;
    x.sum = 7;
    x.band_min = 6;
    x.new_hits = 2;
    x.status = rules::Status::Routed;
    c.s.units[Combat::kPike].traits.insert(rules::Trait::NeverRouts);
    // The next line is "B P1 Pike becomes Disordered (was OK)": the two agree.
    CHECK(c.text(x) == "B A1 Arquebus shoots B P1 Pike: d8 8 vs d6 1, difference 7: 2 hits, Routed, but it never "
                       "routs: Disordered instead (PS-PHALANX-5)");
    SECTION("a tercio beaten in melee loses a stand and is Disordered") {
        rules::MeleeResolved m;
        m.initiator = Combat::kGendarmes;
        m.defender = Combat::kTercio;
        m.initiator_roll = roll(DieType::D12, {}, 12);
        m.defender_roll = roll(DieType::D10, {}, 1, Side::B);
        m.winner = Combat::kGendarmes;
        m.loser = Combat::kTercio;
        m.diff = 11;
        m.band_min = 9;
        m.status = rules::Status::Routed;
        CHECK(control::describe(c.ctx, c.s, m) ==
              "A K1 Gendarmes attacks B T1 Tercio: d12 12 vs d10 1, difference 11: B T1 Tercio loses, 3 hits, Routed, "
              "but a tercio does not rout: it loses a stand and is Disordered (PS-TERCIO-8)");
    }
    SECTION("a unit that routs: nothing added") {
        c.s.units[Combat::kPike].traits = {};
        CHECK(c.text(x) == "B A1 Arquebus shoots B P1 Pike: d8 8 vs d6 1, difference 7: 2 hits, Routed");
    }
}

TEST_CASE("An upgrade roll in the player's words, never a file's ids", "[event_text][issue-40][PS-ARMY-5]") {
    Combat c;
    // Spanish: on a 6 the Genitors (line light_horse) fight with d6.
    rules::UpgradeRolled up{Side::B, 0, 6, true};
    CHECK(c.text(up) == "B (Spanish) upgrade roll d6: 6 (6-6 needed) - yes: Genitors fight with d6");
    // French: on 4-6 both pike become one Swiss phalanx (line pike, a replacement named Swiss).
    rules::UpgradeRolled swiss{Side::A, 0, 5, true};
    CHECK(c.text(swiss) == "A (French) upgrade roll d6: 5 (4-6 needed) - yes: replace Pike with Swiss");
    for (const rules::UpgradeRolled& x : {up, swiss}) {
        CHECK(c.text(x).find("light_horse") == std::string::npos);
        CHECK(c.text(x).find("upgrade pike") == std::string::npos);
    }
}

}  // namespace tercio::test
