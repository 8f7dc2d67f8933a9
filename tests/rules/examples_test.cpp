#include <catch2/catch.hpp>
// The worked examples of §26 of the rules specification that involve combat (PS-EX-6, PS-EX-8
// to PS-EX-16, PS-EX-18, PS-EX-19, PS-EX-21), each set up as the example describes and played
// through the engine with scripted dice in the order of PS-DICE-8: shooting, the shooter's final
// die then the target's D6; melee, the initiator's then the defender's; morale, chip and rally,
// the unit's die then the D6; pursuit, the winner's owner's D6 then the loser's owner's D6.
// Scripted dice name their die type ("d10:3"), so a roll asked for on any other die fails the
// test: every final die type an example states is checked that way as well as in the events.
// None of these examples states a probability, so the odds module is not needed here.
// The examples without combat are tested elsewhere (grep PS-EX- tests/).
#include <algorithm>
#include <string>
#include <vector>

#include "rules/geometry.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::DieType;
using core::Facing;
using tercio::test::board;
using tercio::test::contains;
using tercio::test::events_of;
using tercio::test::path_of;
using tercio::test::Position;
using tercio::test::sq;
using tercio::test::chips_lost;
using tercio::test::deciding;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;

/// The modifiers of a roll, sorted, to compare with a list regardless of order.
std::vector<ModifierId> mods(const ModifiedRoll& r) {
    std::vector<ModifierId> out(r.modifiers.begin(), r.modifiers.begin() + r.modifier_count);
    std::sort(out.begin(), out.end());
    return out;
}
std::vector<ModifierId> sorted(std::vector<ModifierId> v) {
    std::sort(v.begin(), v.end());
    return v;
}

/// The one event of a kind in `ev` (the test fails unless there is exactly one).
template <class E>
E only(const Events& ev) {
    const auto all = events_of<E>(ev);
    REQUIRE(all.size() == 1);
    return all[0];
}

}  // namespace

// --- PS-EX-6 ------------------------------------------------------------------------------------

namespace {

/// A shot that misses (1 against 6) from `line` of army A in h8 (facing N) at a B ARQUEBUS in
/// `target` facing S (so the shot is from its front); `final_die` is scripted, so the shooter's
/// final die type must be exactly that.
ShotResolved half_range_shot(const std::string& army, const std::string& line, const std::string& target,
                             const std::string& final_die) {
    Position p = board(army, "spanish");
    p.add(A, line, "h8", Facing::N);
    p.add(B, "arquebus", target, Facing::S);
    const auto ev = p.play("shoot h8 " + target, final_die + ":1 d6:6");
    return only<ShotResolved>(ev);
}

}  // namespace

TEST_CASE("PS-EX-6: more than half range is dist2 > range, never orthogonally adjacent",
          "[rules][example][PS-EX-6][PS-SHOOT-8][PS-SHOOT-7][PS-GRID-10]") {
    const std::vector<ModifierId> beyond{ModifierId::BeyondHalfRange};
    const std::vector<ModifierId> none{};
    SECTION("range 3 (ARQUEBUS, D8)") {
        // Distance 2 (dist2 4 > 3): beyond, DOWN 1 gives D6.
        auto shot = half_range_shot("french", "arquebus", "h10", "d6");
        CHECK(core::dist2(sq("h8"), sq("h10")) == 4);
        CHECK(mods(shot.roll) == beyond);
        CHECK(shot.roll.base == DieType::D8);
        CHECK(shot.roll.final == DieType::D6);
        // Distance 1.5 (3 > 3 is false): not beyond.
        shot = half_range_shot("french", "arquebus", "i9", "d8");
        CHECK(core::dist2(sq("h8"), sq("i9")) == 3);
        CHECK(mods(shot.roll) == none);
        CHECK(shot.roll.final == DieType::D8);
        // Orthogonally adjacent: never beyond.
        shot = half_range_shot("french", "arquebus", "h9", "d8");
        CHECK(mods(shot.roll) == none);
    }
    SECTION("an orthogonally adjacent target is never beyond half range, even at range 1") {
        // REITERS (range 1): dist2 2 > 1, but the exception of PS-SHOOT-8 holds.
        const auto shot = half_range_shot("imperialist", "reiters", "h9", "d6");
        CHECK(core::dist2(sq("h8"), sq("h9")) == 2);
        CHECK(mods(shot.roll) == none);
        CHECK(shot.roll.final == DieType::D6);
    }
    SECTION("range 2 (CARABINS, D6)") {
        // Distance 1.5 (3 > 2): beyond, DOWN 1 gives D4.
        const auto shot = half_range_shot("spanish", "carabins", "i9", "d4");
        CHECK(mods(shot.roll) == beyond);
        CHECK(shot.roll.base == DieType::D6);
        CHECK(shot.roll.final == DieType::D4);
    }
    SECTION("range 6 (CANNON, D8)") {
        // Distance 3 (6 > 6 is false): not beyond.
        auto shot = half_range_shot("french", "cannon", "h11", "d8");
        CHECK(core::dist2(sq("h8"), sq("h11")) == 6);
        CHECK(mods(shot.roll) == none);
        CHECK(shot.roll.final == DieType::D8);
        // Distance 3.5 (7 > 6): beyond.
        shot = half_range_shot("french", "cannon", "i11", "d6");
        CHECK(core::dist2(sq("h8"), sq("i11")) == 7);
        CHECK(mods(shot.roll) == beyond);
        CHECK(shot.roll.final == DieType::D6);
    }
}

// --- PS-EX-8 ------------------------------------------------------------------------------------

TEST_CASE("PS-EX-8: an ARQUEBUS shoots a PIKE in the flank from beyond half range",
          "[rules][example][PS-EX-8][PS-SHOOT-7][PS-SHOOT-8][PS-SHOOT-10][PS-SHOOT-11][PS-SHOOT-2]"
          "[PS-GRID-14][PS-HITS-1][PS-CHIP-10]") {
    Position p = board();
    const auto shooter = p.add(A, "arquebus", "h8", Facing::N);
    const auto pike = p.add(B, "pike", "h10", Facing::E);
    REQUIRE(p.empty(A, "h9"));
    REQUIRE(p.empty(B, "h9"));

    const auto check_shot = [&](const Events& ev) {
        const auto shot = only<ShotResolved>(ev);
        // (1,0).(0,-2) = 0: the shooter is on the PIKE's Flank, UP 1; distance 2 is beyond half
        // range, DOWN 1; net 0 gives D8.
        CHECK(shot.roll.base == DieType::D8);
        CHECK(mods(shot.roll) == sorted({ModifierId::ShotFlankOrFormation, ModifierId::BeyondHalfRange}));
        CHECK(shot.roll.net() == 0);
        CHECK(shot.roll.final == DieType::D8);
        CHECK(shot.roll.natural == 7);
        CHECK(shot.defence == 2);
        CHECK(shot.diff == 5);
        CHECK(shot.band_min == 3);  // band 3-5
        CHECK(shot.new_hits == 1);
        CHECK(shot.status == Status::Disordered);  // 7 >= 2 x 2
        // 1 hit on a PIKE stand: 1 of 4, no stand lost.
        CHECK(p.unit(pike).hits == 1);
        CHECK(p.unit(pike).stand_count() == 2);
        CHECK(p.unit(pike).status == UnitStatus::Disordered);
        // The F marker, and its owner may chip.
        CHECK(p.unit(shooter).fired);
        CHECK(deciding(p, Decision::Chip, A));
        CHECK(p.s.chip_target == pike);
    };
    SECTION("active: 1 pip") {
        const auto ev = p.play("shoot h8 h10", "d8:7 d6:2");
        CHECK_FALSE(only<ShotResolved>(ev).opportunity);
        CHECK(p.s.pips == 9);
        check_shot(ev);
    }
    SECTION("not active: 1 opportunity chip") {
        p.act(B, CardKind::MillingAround, 5);
        p.next_card(CardKind::MillingAround);
        p.play("turn");
        REQUIRE(deciding(p, Decision::React, A));  // R1 (PS-OPP-3)
        const auto ev = p.play("shoot h8 h10", "d8:7 d6:2");
        CHECK(only<ShotResolved>(ev).opportunity);
        CHECK(p.s.opportunity_chips[idx(A)] == 2);
        CHECK(p.s.pips == 4);  // B paid only for the card
        check_shot(ev);
    }
}

// --- PS-EX-9 ------------------------------------------------------------------------------------

TEST_CASE("PS-EX-9: a CANNON routs LANCERS with a quadruple",
          "[rules][example][PS-EX-9][PS-SHOOT-10][PS-SHOOT-8][PS-SHOOT-13][PS-HITS-1][PS-CHIP-2]"
          "[PS-ROUT-1][PS-ROUT-2][PS-INVOL-5]") {
    Position p = board();
    const auto cannon = p.add(A, "cannon", "h5", Facing::N);
    const auto lancers = p.add(B, "lancers", "h8", Facing::S);  // the cannon is to its front
    REQUIRE(core::dist2(sq("h5"), sq("h8")) == 6);             // distance 3, not beyond half range
    const auto ev = p.play("shoot h5 h8", "d8:8 d6:2");
    const auto shot = only<ShotResolved>(ev);
    CHECK(shot.roll.base == DieType::D8);
    CHECK(shot.roll.modifier_count == 0);
    CHECK(shot.roll.final == DieType::D8);
    CHECK(shot.roll.natural == 8);
    CHECK(shot.defence == 2);
    CHECK(shot.diff == 6);
    CHECK(shot.band_min == 6);  // band 6-8
    CHECK(shot.new_hits == 2);
    CHECK(shot.status == Status::Routed);  // 8 >= 4 x 2
    // 2 hits on stand 1 (2 of 3).
    CHECK(p.unit(lancers).hits == 2);
    CHECK(p.unit(lancers).stand_count() == 2);
    const auto hits = only<HitsTaken>(ev);
    CHECK(hits.hits == 2);
    CHECK(hits.stands_lost == 0);
    // Routed: 2 chips for its 2 stands, and a rout move of 8 points toward home (N).
    CHECK(p.unit(lancers).status == UnitStatus::Routed);
    CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 2);
    CHECK(chips_lost(ev, B, ChipLoss::StandDestroyed) == 0);
    CHECK(p.s.morale_chips[idx(B)] == 10);
    CHECK(p.unit(lancers).facing == Facing::N);
    CHECK(path_of(ev, lancers) == std::vector<std::string>{"h9", "h10", "h11", "h12"});
    CHECK(p.unit(lancers).square == sq("h12"));
    CHECK(p.unit(cannon).fired);
    // No chip window: the LANCERS are Routed.
    CHECK(deciding(p, Decision::Act, A));
    CHECK(p.s.chip_target == kNone);
}

// --- PS-EX-10 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-10: three shots at one MILITIA in one phase add their differences",
          "[rules][example][PS-EX-10][PS-SHOOT-12][PS-SHOOT-10][PS-CHIP-10][PS-DICE-7]") {
    Position p = board("spanish", "french");
    p.add(A, "arquebus", "h8", Facing::N);
    p.add(A, "arquebus", "g8", Facing::N);
    p.add(A, "arquebus", "i8", Facing::N);
    const auto militia = p.add(B, "militia", "h9", Facing::S);

    // Shot 1: 4 vs 2, d 2, S 2, band 1-2: no hit, a chip window.
    auto ev = p.play("shoot h8 h9", "d8:4 d6:2");
    auto shot = only<ShotResolved>(ev);
    CHECK(shot.roll.modifier_count == 0);
    CHECK(shot.diff == 2);
    CHECK(shot.sum == 2);
    CHECK(shot.band_min == 1);
    CHECK(shot.new_hits == 0);
    CHECK(shot.status == Status::None);
    CHECK(events_of<HitsTaken>(ev).empty());
    REQUIRE(deciding(p, Decision::Chip, A));
    p.play("decline");

    // Shot 2: 5 vs 3, d 2, S 4, band 3-5: 1 hit; 5 >= 6 is false, so not Disordered.
    ev = p.play("shoot g8 h9", "d8:5 d6:3");
    shot = only<ShotResolved>(ev);
    CHECK(shot.roll.modifier_count == 0);
    CHECK(shot.diff == 2);
    CHECK(shot.sum == 4);
    CHECK(shot.band_min == 3);
    CHECK(shot.new_hits == 1);
    CHECK(shot.status == Status::None);
    CHECK(p.unit(militia).hits == 1);
    CHECK(p.unit(militia).status == UnitStatus::Ok);
    REQUIRE(deciding(p, Decision::Chip, A));
    p.play("decline");

    // Shot 3: 6 vs 2, d 4, S 8, band 6-8: 2 - 1 = 1 new hit; 6 >= 4 (x2) Disordered, 6 >= 8 (x4)
    // false.
    ev = p.play("shoot i8 h9", "d8:6 d6:2");
    shot = only<ShotResolved>(ev);
    CHECK(shot.roll.modifier_count == 0);
    CHECK(shot.diff == 4);
    CHECK(shot.sum == 8);
    CHECK(shot.band_min == 6);
    CHECK(shot.new_hits == 1);
    CHECK(shot.status == Status::Disordered);
    CHECK(p.unit(militia).status == UnitStatus::Disordered);
    REQUIRE(deciding(p, Decision::Chip, A));
    p.play("decline");

    // Total: 2 hits on stand 1 (capacity 3).
    CHECK(p.unit(militia).hits == 2);
    CHECK(p.unit(militia).stand_count() == 2);
    CHECK(p.unit(militia).shot_sum == 8);
    CHECK(p.unit(militia).shot_hits == 2);
    CHECK(p.s.morale_chips[idx(B)] == 12);
    CHECK(p.s.pips == 7);
}

// --- PS-EX-11 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-11: hits fill one stand at a time, the last stand destroyed destroys the unit",
          "[rules][example][PS-EX-11][PS-HITS-1][PS-HITS-2][PS-HITS-3][PS-HITS-4][PS-CHIP-2]") {
    Position p = board();
    p.add(A, "arquebus", "h9", Facing::N);
    p.add(A, "arquebus", "g9", Facing::N);
    // Facing E, the B ARQUEBUS has h9 on its flank and g9 on its rear: each shot is UP 1, D10.
    const auto target = p.add(B, "arquebus", "h10", Facing::E);
    p.unit(target).hits = 2;  // 2 hits on stand 1

    // 2 more hits (10 vs 4: band 6-8, x2): stand 1 reaches 3 and is destroyed (1 chip), and 1 hit
    // passes to stand 2.
    auto ev = p.play("shoot h9 h10", "d10:10 d6:4");
    CHECK(only<ShotResolved>(ev).new_hits == 2);
    auto hits = events_of<HitsTaken>(ev);
    REQUIRE(hits.size() == 2);
    CHECK(hits[0].hits == 1);
    CHECK(hits[0].stands_lost == 1);
    CHECK(hits[1].hits == 1);
    CHECK(hits[1].stands_lost == 0);
    CHECK(p.unit(target).stand_count() == 1);
    CHECK(p.unit(target).hits == 1);
    CHECK(chips_lost(ev, B, ChipLoss::StandDestroyed) == 1);
    CHECK(p.s.morale_chips[idx(B)] == 11);
    REQUIRE(deciding(p, Decision::Chip, A));
    p.play("decline");

    // "Later": in B's phase the sums of PS-SHOOT-12 start again, and A shoots with an
    // opportunity chip after B turns a card.
    p.play("pass");
    REQUIRE(p.s.active == B);
    REQUIRE(p.unit(target).shot_sum == 0);
    p.next_card(CardKind::MillingAround);
    p.play("turn");
    REQUIRE(deciding(p, Decision::React, A));
    // Two more hits: stand 2 reaches 3 and is destroyed (1 chip): the unit is Destroyed.
    ev = p.play("shoot g9 h10", "d10:10 d6:4");
    CHECK(only<ShotResolved>(ev).new_hits == 2);
    hits = events_of<HitsTaken>(ev);
    REQUIRE(hits.size() == 1);
    CHECK(hits[0].hits == 2);
    CHECK(hits[0].stands_lost == 1);
    CHECK(p.unit(target).stand_count() == 0);
    CHECK(p.unit(target).status == UnitStatus::Destroyed);
    CHECK_FALSE(p.unit(target).on_table());
    CHECK(chips_lost(ev, B, ChipLoss::StandDestroyed) == 1);
    CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 0);
    CHECK(p.s.morale_chips[idx(B)] == 10);
    CHECK(p.s.chip_target == kNone);  // nothing left to chip
}

// --- PS-EX-12 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-12: KNIGHTS move into an ARQUEBUS's flank and attack at once, X2 routs it",
          "[rules][example][PS-EX-12][PS-MELEE-3][PS-MELEE-6][PS-MELEE-8][PS-MELEE-14][PS-MELEE-19]"
          "[PS-MELEE-20][PS-PIP-3][PS-INVOL-5][PS-INVOL-7][PS-CHIP-2][PS-DICE-3]") {
    Position p = board();
    p.act(A, CardKind::CavalryMove, 10);
    const auto knights = p.add(A, "knights", "g8", Facing::E);
    const auto arq = p.add(B, "arquebus", "h8", Facing::S);  // g8 is on its flank
    auto ev = p.play("move g8 h8 attack");
    // After the step the ARQUEBUS may shoot at the KNIGHTS in its square (R2); it does not, and
    // the attack follows.
    REQUIRE(deciding(p, Decision::React, B));
    const auto more = p.play("decline", "d12:6 d4:3 d6:3 d6:5");
    ev.insert(ev.end(), more.begin(), more.end());
    CHECK(p.s.pips == 8);  // 1 pip to move + 1 pip to fight
    const auto m = only<MeleeResolved>(ev);
    CHECK(m.initiator == knights);
    // KNIGHTS: D12, UP 1 charging, UP 1 flank: D12 (clamped).
    CHECK(m.initiator_roll.base == DieType::D12);
    CHECK(mods(m.initiator_roll) == sorted({ModifierId::Charging, ModifierId::AttackingFlank}));
    CHECK(m.initiator_roll.final == DieType::D12);
    CHECK(m.initiator_roll.natural == 6);
    // ARQUEBUS: D6, DOWN 1 attacked in the flank: D4. The stands are equal.
    CHECK(m.defender_roll.base == DieType::D6);
    CHECK(mods(m.defender_roll) == std::vector<ModifierId>{ModifierId::AttackedInFlank});
    CHECK(m.defender_roll.final == DieType::D4);
    CHECK(m.defender_roll.natural == 3);
    // Difference 3, band 3-5: 1 hit; 6 >= 6 (x2), and X2 routs non-pike infantry.
    CHECK(m.winner == knights);
    CHECK(m.loser == arq);
    CHECK(m.diff == 3);
    CHECK(m.band_min == 3);
    CHECK(m.status == Status::Routed);
    CHECK(m.x2_rout);
    CHECK(p.unit(arq).hits == 1);
    CHECK(p.unit(arq).stand_count() == 2);
    CHECK(p.unit(arq).status == UnitStatus::Routed);
    // Its owner loses 2 chips.
    CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 2);
    CHECK(p.s.morale_chips[idx(B)] == 10);
    // Rout move: 2 x max(2.5, 2) = 5 points toward home (N): two orthogonal steps (4).
    CHECK(p.unit(arq).facing == Facing::N);
    CHECK(path_of(ev, arq) == std::vector<std::string>{"h9", "h10"});
    // Pursuit: French D6 3 against 5, so the KNIGHTS must pursue with 6 points along the routed
    // unit's path; they stop on entering its square.
    const auto pursuit = only<PursuitRolled>(ev);
    CHECK(pursuit.winner == knights);
    CHECK(pursuit.winner_roll == 3);
    CHECK(pursuit.loser_roll == 5);
    CHECK_FALSE(pursuit.may_stay);
    CHECK(path_of(ev, knights) == std::vector<std::string>{"h8", "h9", "h10"});
    CHECK(p.unit(knights).square == sq("h10"));
    CHECK(p.unit(knights).facing == Facing::N);
    CHECK(p.s.chip_target == kNone);  // no chip against a Routed unit
    CHECK(deciding(p, Decision::Act, A));
}

// --- PS-EX-13 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-13: PIKE against LANCERS: only the cavalry counts as charging",
          "[rules][example][PS-EX-13][PS-MELEE-9][PS-MELEE-7][PS-MELEE-13][PS-MELEE-17][PS-MELEE-18]"
          "[PS-MELEE-22][PS-MELEE-23][PS-CHIP-10][PS-INVOL-2][PS-INVOL-3][PS-INVOL-8]") {
    Position p = board();
    const auto pike = p.add(A, "pike", "h7", Facing::N);
    const auto lancers = p.add(B, "lancers", "h8", Facing::S);
    p.play("move h7 h8");  // into contact from the LANCERS' front
    REQUIRE(deciding(p, Decision::Act, A));
    p.next_card(CardKind::Melee);
    p.play("turn");
    REQUIRE(deciding(p, Decision::Act, A));
    const auto ev = p.play("fight h8", "d8:7 d12:5");
    CHECK(p.s.pips == 7);  // move, card, melee
    const auto m = only<MeleeResolved>(ev);
    CHECK(m.initiator == pike);
    // The PIKE does not count as charging (D8); the LANCERS do (D10 UP 1: D12).
    CHECK(m.initiator_roll.base == DieType::D8);
    CHECK(m.initiator_roll.modifier_count == 0);
    CHECK(m.initiator_roll.final == DieType::D8);
    CHECK(m.defender_roll.base == DieType::D10);
    CHECK(mods(m.defender_roll) == std::vector<ModifierId>{ModifierId::Charging});
    CHECK(m.defender_roll.final == DieType::D12);
    // The LANCERS roll 5 and the PIKE 7: the PIKE wins by 2.
    CHECK(m.initiator_roll.natural == 7);
    CHECK(m.defender_roll.natural == 5);
    CHECK(m.winner == pike);
    CHECK(m.loser == lancers);
    CHECK(m.diff == 2);
    CHECK(m.band_min == 1);
    CHECK(m.status == Status::None);
    CHECK(events_of<HitsTaken>(ev).empty());
    // The LANCERS fall back 1 square, pushed on in the PIKE's direction, keeping their facing.
    CHECK(path_of(ev, lancers) == std::vector<std::string>{"h9"});
    CHECK(p.unit(lancers).facing == Facing::S);
    CHECK(p.unit(lancers).status == UnitStatus::Ok);
    // The PIKE, being infantry, may follow or stay; then its owner may chip (PS-CHIP-10 (a): the
    // window opens after the fall-back and follow-up).
    REQUIRE(deciding(p, Decision::FollowUp, A));
    SECTION("follow") {
        const auto ev2 = p.play("follow");
        CHECK(path_of(ev2, pike) == std::vector<std::string>{"h9"});
        CHECK(p.unit(pike).facing == Facing::N);
        CHECK(p.unit(pike).entrant);
        CHECK(p.unit(pike).entry == sq("h8"));
    }
    SECTION("stay") {
        p.play("stay");
        CHECK(p.unit(pike).square == sq("h8"));
    }
    REQUIRE(deciding(p, Decision::Chip, A));
    CHECK(p.s.chip_target == lancers);
    p.play("decline");
    CHECK(p.s.morale_chips[idx(A)] == 12);
}

// --- PS-EX-14 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-14: a Disordered PIKE with the leader fails its Courage check and routs",
          "[rules][example][PS-EX-14][PS-MORALE-1][PS-MORALE-2][PS-MORALE-3][PS-MORALE-4][PS-CARD-11]"
          "[PS-CHIP-2][PS-ROUT-2][PS-LEADER-13][PS-LEADER-11][PS-INVOL-5]") {
    Position p = board();
    p.act(A, CardKind::MillingAround, 10);
    const auto pike = p.add(A, "pike", "h8", Facing::N, UnitStatus::Disordered);
    p.leader(A, "h8", true);
    p.add(B, "arquebus", "h8", Facing::S);  // an enemy in its square
    p.next_card(CardKind::Courage);
    p.play("turn");
    REQUIRE(deciding(p, Decision::Courage, A));
    REQUIRE(p.unit(pike).courage_due);
    // The example does not mention it, but PS-LEADER-13 leaves the detached leader in the square
    // the PIKE held, with the enemy ARQUEBUS, so the roll-off of PS-LEADER-11 follows at once
    // (owner's D6, then the opponent's): here he wins it, 5 against 2.
    const auto ev = p.play("check h8", "d10:3 d6:5 d6:5 d6:2");
    const auto c = only<MoraleChecked>(ev);
    CHECK(c.unit == pike);
    // DOWN 1 (Disordered) and UP 2 (leader): D8 becomes D10.
    CHECK(c.roll.base == DieType::D8);
    CHECK(mods(c.roll) == sorted({ModifierId::TestDisordered, ModifierId::LeaderAttached}));
    CHECK(c.roll.final == DieType::D10);
    // 3 against a D6 of 5: it fails, and a Disordered unit routs.
    CHECK(c.roll.natural == 3);
    CHECK(c.opponent == 5);
    CHECK(c.failed);
    CHECK(p.unit(pike).status == UnitStatus::Routed);
    // The owner loses 2 chips; the unit makes its rout move (5 points toward home, S).
    CHECK(chips_lost(ev, A, ChipLoss::UnitRouted) == 2);
    CHECK(p.s.morale_chips[idx(A)] == 10);
    CHECK(p.unit(pike).facing == Facing::S);
    CHECK(path_of(ev, pike) == std::vector<std::string>{"h7", "h6"});
    // The leader detaches, in h8.
    CHECK(only<LeaderDetached>(ev).unit == pike);
    CHECK(p.leader_of(A).attached == kNone);
    CHECK(p.leader_of(A).square == sq("h8"));
    CHECK(p.leader_of(A).alive);
    REQUIRE(deciding(p, Decision::LeaderEscape, A));
    p.play("escape h5");
    CHECK(p.leader_of(A).square == sq("h5"));
}

// --- PS-EX-15 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-15: chipping an OK MILITIA after a 1-2 melee result, then again Disordered",
          "[rules][example][PS-EX-15][PS-CHIP-9][PS-CHIP-4][PS-CHIP-10][PS-CHIP-11][PS-MELEE-22]"
          "[PS-DICE-3]") {
    Position p = board("spanish", "french");
    const auto pike = p.add(A, "pike", "h7", Facing::N);
    p.add(A, "arquebus", "g8", Facing::N);
    const auto militia = p.add(B, "militia", "h8", Facing::S);  // French MILITIA: Fight D4
    p.play("move h7 h8");
    p.next_card(CardKind::Melee);
    p.play("turn");
    REQUIRE(deciding(p, Decision::Act, A));
    // A melee result of 1-2 against the MILITIA: the PIKE (D10, UP 1 charging: D12) rolls 4 and
    // the MILITIA 3.
    auto ev = p.play("fight h8", "d12:4 d4:3");
    const auto m = only<MeleeResolved>(ev);
    REQUIRE(m.winner == pike);
    REQUIRE(m.band_min == 1);
    CHECK(p.unit(militia).status == UnitStatus::Ok);
    REQUIRE(deciding(p, Decision::FollowUp, A));
    p.play("stay");
    // The winner chips: he pays 1 chip, the MILITIA rolls D4 and gets 2, the chipper's D6 gives 4.
    REQUIRE(deciding(p, Decision::Chip, A));
    REQUIRE(p.s.chip_target == militia);
    ev = p.play("chip", "d4:2 d6:4");
    auto c = only<Chipped>(ev);
    CHECK(c.chipper == A);
    CHECK(c.target == militia);
    CHECK(c.roll.base == DieType::D4);
    CHECK(c.roll.modifier_count == 0);
    CHECK(c.roll.final == DieType::D4);
    CHECK(c.roll.natural == 2);
    CHECK(c.chipper_roll == 4);
    CHECK(c.success);
    CHECK(chips_lost(ev, A, ChipLoss::Chipping) == 1);
    CHECK(p.s.morale_chips[idx(A)] == 11);
    CHECK(p.s.morale_chips[idx(B)] == 12);
    // The MILITIA is Disordered.
    CHECK(p.unit(militia).status == UnitStatus::Disordered);
    CHECK(deciding(p, Decision::Act, A));

    // A second chip against it later is made at DOWN 1, which is still D4: after a 1-2 shot (4
    // against 2) from the ARQUEBUS.
    ev = p.play("shoot g8 h9", "d8:4 d6:2");
    REQUIRE(only<ShotResolved>(ev).band_min == 1);
    REQUIRE(deciding(p, Decision::Chip, A));
    ev = p.play("chip", "d4:3 d6:3");
    c = only<Chipped>(ev);
    CHECK(c.roll.base == DieType::D4);
    CHECK(mods(c.roll) == std::vector<ModifierId>{ModifierId::TestDisordered});
    CHECK(c.roll.net() == -1);
    CHECK(c.roll.final == DieType::D4);
    CHECK_FALSE(c.success);  // a tie has no effect, and the chip is spent
    CHECK(p.s.morale_chips[idx(A)] == 10);
    CHECK(p.unit(militia).status == UnitStatus::Disordered);
}

// --- PS-EX-16 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-16: the unattached leader rallies a Routed ARQUEBUS 4 squares away",
          "[rules][example][PS-EX-16][PS-RALLY-1][PS-RALLY-2][PS-RALLY-3][PS-RALLY-4][PS-RALLY-5]"
          "[PS-CARD-9][PS-LEADER-9]") {
    Position p = board();
    p.act(A, CardKind::MillingAround, 10);
    const auto arq = p.add(A, "arquebus", "h8", Facing::S, UnitStatus::Routed);
    p.leader(A, "h4");
    REQUIRE(core::dist2(sq("h4"), sq("h8")) == 8);  // distance 4
    p.next_card(CardKind::LeaderCheck);
    SECTION("no test is due") {
        const auto ev = p.play("turn");
        CHECK_FALSE(only<LeaderChecked>(ev).due);
    }
    SECTION("the leader survives the test") {
        p.add(B, "arquebus", "h6", Facing::S);  // the leader is in range of its weapons
        const auto ev = p.play("turn", "d6:4 d6:4");
        const auto lc = only<LeaderChecked>(ev);
        CHECK(lc.due);
        CHECK_FALSE(lc.hit);  // a tie: he survives
    }
    REQUIRE(deciding(p, Decision::Act, A));
    REQUIRE(p.leader_of(A).alive);
    REQUIRE(p.leader_of(A).attached == kNone);
    const int pips = p.s.pips;
    // The owner pays 1 chip; DOWN 2 gives D4; 4 against a D6 of 3 succeeds: Disordered, and it
    // may be given any facing.
    const auto ev = p.play("rally h8 face N", "d4:4 d6:3");
    const auto r = only<RallyAttempted>(ev);
    CHECK(r.unit == arq);
    CHECK(r.roll.base == DieType::D6);
    CHECK(mods(r.roll) == std::vector<ModifierId>{ModifierId::RallyRouted});
    CHECK(r.roll.final == DieType::D4);
    CHECK(r.roll.natural == 4);
    CHECK(r.opponent == 3);
    CHECK(r.success);
    CHECK(chips_lost(ev, A, ChipLoss::Rallying) == 1);
    CHECK(p.s.morale_chips[idx(A)] == 11);
    CHECK(p.s.pips == pips);  // no pips
    CHECK(p.unit(arq).status == UnitStatus::Disordered);
    CHECK(p.unit(arq).facing == Facing::N);
}

// --- PS-EX-18 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-18: LANCERS cannot beat a PHALANX from the front",
          "[rules][example][PS-EX-18][PS-PHALANX-3][PS-MELEE-15][PS-MELEE-9][PS-MELEE-8][PS-MELEE-13]"
          "[PS-HITS-5][PS-DICE-3]") {
    Position p = board("french", "imperialist");
    p.act(A, CardKind::CavalryMove, 10);
    const auto lancers = p.add(A, "lancers", "h7", Facing::N);
    const auto phalanx = p.add(B, "phalanx", "h8", Facing::S);
    REQUIRE(p.unit(phalanx).stand_count() == 4);
    p.play("move h7 h8");  // enters from the PHALANX's front
    REQUIRE(deciding(p, Decision::Act, A));
    p.next_card(CardKind::Melee);
    p.play("turn");
    REQUIRE(deciding(p, Decision::Act, A));
    const auto check_dice = [&](const MeleeResolved& m) {
        CHECK(m.initiator == lancers);
        // LANCERS D10, UP 1 charging: D12. PHALANX D10, UP 1 more stands: D12.
        CHECK(m.initiator_roll.base == DieType::D10);
        CHECK(mods(m.initiator_roll) == std::vector<ModifierId>{ModifierId::Charging});
        CHECK(m.initiator_roll.final == DieType::D12);
        CHECK(m.defender_roll.base == DieType::D10);
        CHECK(mods(m.defender_roll) == std::vector<ModifierId>{ModifierId::MoreStands});
        CHECK(m.defender_roll.final == DieType::D12);
    };
    SECTION("the LANCERS roll 10 and the PHALANX 4: void") {
        const auto ev = p.play("fight h8", "d12:10 d12:4");
        const auto m = only<MeleeResolved>(ev);
        check_dice(m);
        CHECK(m.winner == lancers);
        CHECK(m.diff == 6);
        CHECK(m.void_result);
        // No hits, no fall-back, no chip window.
        CHECK(events_of<HitsTaken>(ev).empty());
        CHECK(events_of<UnitMoved>(ev).empty());
        CHECK(events_of<StatusChanged>(ev).empty());
        CHECK(p.unit(phalanx).hits == 0);
        CHECK(p.unit(phalanx).stand_count() == 4);
        CHECK(p.unit(phalanx).status == UnitStatus::Ok);
        CHECK(p.unit(phalanx).square == sq("h8"));
        CHECK(p.unit(lancers).square == sq("h8"));
        CHECK(p.s.chip_target == kNone);
        CHECK(deciding(p, Decision::Act, A));
        CHECK(p.s.morale_chips == std::array<std::int16_t, 2>{12, 12});
    }
    SECTION("the PHALANX rolls higher: the normal result applies against the LANCERS") {
        // 10 against 4: difference 6, 2 hits, fall back 3, 10 >= 8 (x2) Disordered, 10 < 16.
        const auto ev = p.play("fight h8", "d12:4 d12:10");
        const auto m = only<MeleeResolved>(ev);
        check_dice(m);
        CHECK(m.winner == phalanx);
        CHECK(m.loser == lancers);
        CHECK_FALSE(m.void_result);
        CHECK(m.diff == 6);
        CHECK(m.status == Status::Disordered);
        CHECK(p.unit(lancers).hits == 2);
        CHECK(p.unit(lancers).stand_count() == 2);
        CHECK(p.unit(lancers).status == UnitStatus::Disordered);
        // The LANCERS had entered from h7: they go back the way they came (PS-INVOL-2).
        CHECK(path_of(ev, lancers) == std::vector<std::string>{"h7", "h6", "h5"});
        CHECK(p.unit(lancers).facing == Facing::N);
        REQUIRE(deciding(p, Decision::FollowUp, B));
        p.play("stay");
        REQUIRE(deciding(p, Decision::Chip, B));
        CHECK(p.s.chip_target == lancers);
    }
}

// --- PS-EX-19 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-19: a 9+ shot at a TERCIO removes both arquebus stands and nothing else",
          "[rules][example][PS-EX-19][PS-TERCIO-6][PS-TERCIO-7][PS-TERCIO-5][PS-TERCIO-11][PS-TERCIO-9]"
          "[PS-SHOOT-10][PS-HITS-1][PS-CHIP-2][PS-GRID-13]") {
    Position p = board();
    p.add(A, "arquebus", "h8", Facing::N);
    const auto tercio = p.add(B, "tercio", "h9", Facing::S);
    REQUIRE(p.unit(tercio).stands == std::array<std::uint8_t, 2>{2, 4});  // arquebus, pike
    REQUIRE(in_fire_arc(p.ctx, p.unit(tercio), sq("h10")));              // all-round fire
    REQUIRE(has_shoot_value(p.ctx, p.unit(tercio)));
    // UP 1 at a TERCIO gives D10: 10 against 1 is a difference of 9.
    const auto ev = p.play("shoot h8 h9", "d10:10 d6:1");
    const auto shot = only<ShotResolved>(ev);
    CHECK(mods(shot.roll) == std::vector<ModifierId>{ModifierId::ShotFlankOrFormation});
    CHECK(shot.roll.final == DieType::D10);
    CHECK(shot.diff == 9);
    CHECK(shot.band_min == 9);
    CHECK(shot.new_hits == 3);
    CHECK(shot.status == Status::Routed);
    // The 3 hits go to arquebus stand 1, which is destroyed (1 chip).
    const auto hits = only<HitsTaken>(ev);
    CHECK(hits.hits == 3);
    CHECK(hits.stands_lost == 1);
    // The Routed result becomes a stand removal: arquebus stand 2 goes (1 chip).
    CHECK(only<StandRemoved>(ev).unit == tercio);
    CHECK(chips_lost(ev, B, ChipLoss::StandDestroyed) == 2);
    CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 0);
    CHECK(p.s.morale_chips[idx(B)] == 10);
    CHECK(p.unit(tercio).stands == std::array<std::uint8_t, 2>{0, 4});
    CHECK(p.unit(tercio).hits == 0);
    // Not Disordered, no rout move, no chip window.
    CHECK(p.unit(tercio).status == UnitStatus::Ok);
    CHECK(events_of<StatusChanged>(ev).empty());
    CHECK(events_of<UnitMoved>(ev).empty());
    CHECK(p.unit(tercio).square == sq("h9"));
    CHECK(p.unit(tercio).facing == Facing::S);
    CHECK(p.s.chip_target == kNone);
    CHECK(deciding(p, Decision::Act, A));
    // 4 pike stands: it cannot shoot, and has lost its all-round arc.
    CHECK(p.unit(tercio).stand_count() == 4);
    CHECK_FALSE(has_shoot_value(p.ctx, p.unit(tercio)));
    CHECK_FALSE(in_fire_arc(p.ctx, p.unit(tercio), sq("h10")));
    CHECK(in_fire_arc(p.ctx, p.unit(tercio), sq("h8")));
    p.act(B, CardKind::MillingAround, 5);
    CHECK(contains(p.refusal("shoot h9 h8"), "PS-SHOOT-1"));
}

// --- PS-EX-21 -----------------------------------------------------------------------------------

TEST_CASE("PS-EX-21: MILITIA that entered an ARQUEBUS's wood fight at DOWN 1, whoever starts",
          "[rules][example][PS-EX-21][PS-TERRAIN-13][PS-MELEE-6][PS-MELEE-8][PS-MELEE-7]") {
    // Italian MILITIA (citizens) fight with a D6, so the DOWN 1 shows in the final die.
    Position p = board("italian", "spanish");
    p.piece(TerrainKind::Wood, {"c8"});
    const auto militia = p.add(A, "militia", "c7", Facing::N);  // on an open square
    const auto arq = p.add(B, "arquebus", "c8", Facing::S);     // OK, holding the wood
    p.play("move c7 c8");
    // The ARQUEBUS could shoot at the MILITIA in its square after each step and action: it does
    // not.
    const auto decline_shots = [&] {
        while (p.s.decision == Decision::React) {
            REQUIRE(p.s.decider == B);
            p.play("decline");
        }
    };
    decline_shots();
    REQUIRE(p.unit(militia).square == sq("c8"));
    p.next_card(CardKind::Melee);
    p.play("turn");
    decline_shots();
    SECTION("the MILITIA starts it") {
        const auto ev = p.play("fight c8", "d6:3 d6:3");
        const auto m = only<MeleeResolved>(ev);
        CHECK(m.initiator == militia);
        // D6, UP 1 charging, DOWN 1 better terrain: D6.
        CHECK(mods(m.initiator_roll) == sorted({ModifierId::Charging, ModifierId::BetterTerrainOrWagon}));
        CHECK(m.initiator_roll.final == DieType::D6);
        // The holder never gets it.
        CHECK(m.defender == arq);
        CHECK(m.defender_roll.modifier_count == 0);
        CHECK(m.defender_roll.final == DieType::D6);
    }
    SECTION("the ARQUEBUS starts it") {
        p.act(B, CardKind::Melee, 5);
        const auto ev = p.play("fight c8", "d8:3 d4:3");
        const auto m = only<MeleeResolved>(ev);
        CHECK(m.initiator == arq);
        CHECK(mods(m.initiator_roll) == std::vector<ModifierId>{ModifierId::Charging});
        CHECK(m.initiator_roll.final == DieType::D8);
        // D6, DOWN 1 better terrain: D4.
        CHECK(m.defender == militia);
        CHECK(mods(m.defender_roll) == std::vector<ModifierId>{ModifierId::BetterTerrainOrWagon});
        CHECK(m.defender_roll.final == DieType::D4);
    }
}
