// Shooting and what follows it: who may shoot and at what (PS-SHOOT, PS-LEADER-12), the modifier
// lines (PS-SHOOT-7, PS-SHOOT-8, PS-TERRAIN-12, PS-TERRAIN-14, PS-DICE-4), the results
// (PS-SHOOT-9 .. PS-SHOOT-18, PS-DICE-5, PS-DICE-7), hits and stands (PS-HITS, PS-UNIT-5),
// CANNON (PS-CANNON), shooting out of turn (PS-OPP), morale checks on the Courage card
// (PS-MORALE, PS-FEAR, PS-CARD-11), chipping (PS-CHIP), reloading (PS-CARD-7) and the Leader
// Check roll (PS-LEADER-9). Dice are scripted in the order of PS-DICE-8: a scripted die of the
// wrong type fails the test, so each script also checks the final die type.
#include <algorithm>
#include <string>
#include <vector>

#include "rules/combat.hpp"
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
using tercio::test::back_to_active;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;

/// A reaction window of the non-active side (PS-OPP-3).
bool reacting(const Position& p, ReactWindow window) {
    return p.s.decision == Decision::React && p.s.react_window == window &&
           p.s.decider == other(p.s.active);
}

bool chip_offered_to(const Position& p, Side chipper) {
    return p.s.decision == Decision::Chip && p.s.decider == chipper;
}

/// The one shot in the events.
ShotResolved the_shot(const Events& ev) {
    const auto shots = events_of<ShotResolved>(ev);
    REQUIRE(shots.size() == 1);
    return shots[0];
}

std::vector<ModifierId> mods(const ModifiedRoll& r) {
    return {r.modifiers.begin(), r.modifiers.begin() + r.modifier_count};
}

bool has_mod(const ModifiedRoll& r, ModifierId m) {
    const auto v = mods(r);
    return std::find(v.begin(), v.end(), m) != v.end();
}

/// Index of the first event of type E at or after `from`, or ev.size().
template <class E>
std::size_t index_of(const Events& ev, std::size_t from = 0) {
    for (std::size_t i = from; i < ev.size(); ++i) {
        if (std::holds_alternative<E>(ev[i])) return i;
    }
    return ev.size();
}

/// The shooter's modifiers against a target, as the engine works them out (PS-SHOOT-7).
ModifiedRoll preview(Position& p, std::size_t shooter, std::size_t target) {
    return shot_roll(p.ctx, p.s, shooter, target);
}

}  // namespace

// --- who may shoot, at what (PS-SHOOT-1 .. PS-SHOOT-6, PS-SHOOT-15, PS-LEADER-12) --------------

TEST_CASE("the worked example PS-EX-8: flank shot beyond half range, 1 hit and Disordered",
          "[rules][combat][PS-SHOOT-7][PS-SHOOT-8][PS-SHOOT-9][PS-SHOOT-10][PS-SHOOT-11]"
          "[PS-SHOOT-2][PS-DICE-8][PS-AMB-21][PS-AMB-15]") {
    Position p = board();
    const auto s = p.add(A, "arquebus", "h8");
    const auto t = p.add(B, "pike", "h10", Facing::E);
    const auto ev = p.play("shoot h8 h10", "d8:7 d6:2");
    const ShotResolved shot = the_shot(ev);
    CHECK(shot.shooter == s);
    CHECK(shot.target == t);
    CHECK_FALSE(shot.opportunity);
    CHECK(shot.roll.base == DieType::D8);
    CHECK(mods(shot.roll) ==
          std::vector<ModifierId>{ModifierId::ShotFlankOrFormation, ModifierId::BeyondHalfRange});
    CHECK(shot.roll.final == DieType::D8);
    CHECK(shot.roll.natural == 7);
    CHECK(shot.defence == 2);
    CHECK(shot.diff == 5);
    CHECK(shot.band_min == 3);
    CHECK(shot.new_hits == 1);
    CHECK(shot.status == Status::Disordered);
    CHECK(p.unit(t).hits == 1);
    CHECK(p.unit(t).stand_count() == 2);
    CHECK(p.unit(t).status == UnitStatus::Disordered);
    CHECK(p.unit(s).fired);
    CHECK(p.s.pips == 9);
    CHECK(chip_offered_to(p, A));
    // The script "d8:7 d6:2" only plays back if the shooter's D8 is asked before the D6.
}

TEST_CASE("only a unit with a Shoot value, not Routed and without an F marker may shoot",
          "[rules][combat][PS-SHOOT-1][PS-UNIT-4][PS-SHOOT-11][PS-ROUT-6][PS-AMB-49]") {
    Position p = board();
    p.add(B, "pike", "h10");
    p.add(A, "pike", "g8");
    p.add(A, "light_horse", "i8");  // French light horse: no Shoot value
    p.add(A, "arquebus", "h8");
    p.add(A, "arquebus", "j8", Facing::S, UnitStatus::Routed);
    CHECK(contains(p.refusal("shoot g8 h10"), "PS-SHOOT-1"));
    CHECK(contains(p.refusal("shoot i8 h10"), "PS-SHOOT-1"));
    CHECK(contains(p.refusal("shoot j8 h10"), "PS-ROUT-6"));
    CHECK(p.legal("shoot h8 h10"));
    p.play("shoot h8 h10", "d6:1 d6:6");
    CHECK(contains(p.refusal("shoot h8 h10"), "PS-SHOOT-11"));
}

TEST_CASE("the active player shoots for 1 pip, with or without a card, and it is no activation",
          "[rules][combat][PS-SHOOT-2][PS-CARD-4][PS-AMB-63]") {
    SECTION("on any card, or before the first card") {
        for (CardKind c : {CardKind::MillingAround, CardKind::Melee, CardKind::Reload}) {
            Position p = board();
            p.add(A, "arquebus", "h8");
            p.add(B, "pike", "h10");
            p.act(A, c, 3);
            p.play("shoot h8 h10", "d6:1 d6:6");
            CHECK(p.s.pips == 2);
        }
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(B, "pike", "h10");
        p.act(A, CardKind::InfantryMove, 3);
        p.s.has_current_card = false;
        p.play("shoot h8 h10", "d6:1 d6:6");
        CHECK(p.s.pips == 2);
    }
    SECTION("a unit that moved on the card may still shoot, and one that shot may still move") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h5");
        const auto s = p.add(A, "arquebus", "c5");
        p.add(B, "pike", "h9");
        p.add(B, "pike", "c8");
        p.play("move h5 h6");
        REQUIRE(back_to_active(p));
        CHECK(p.unit(m).acted);
        p.play("shoot h6 h9", "d6:1 d6:6");
        p.play("shoot c5 c8", "d6:1 d6:6");
        CHECK_FALSE(p.unit(s).acted);
        CHECK(p.legal("move c5 c6"));
        CHECK(p.s.pips == 7);
    }
    SECTION("no pips, no shot") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(B, "pike", "h10");
        p.s.pips = 0;
        CHECK(contains(p.refusal("shoot h8 h10"), "no pips"));
    }
}

TEST_CASE("the target must be an enemy unit in arc, in range and in sight, leaders are never targets",
          "[rules][combat][PS-SHOOT-3][PS-SHOOT-4][PS-SHOOT-15][PS-LEADER-12][PS-AMB-24][PS-AMB-25][PS-LOS-2][PS-LOS-4]"
          "[PS-TERRAIN-14]") {
    SECTION("a leader alone is no target, and takes no hits") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.leader(B, "h10");
        CHECK(contains(p.refusal("shoot h8 h10"), "PS-SHOOT-15"));
        p.add(A, "pike", "h9");
        CHECK(contains(p.refusal("shoot h8 h9"), "PS-SHOOT-15"));  // a friend is no target
    }
    SECTION("range: distance at most the range, a diagonal step counting 1.5") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(B, "pike", "h11");  // 3
        p.add(B, "pike", "g10");  // 2.5
        p.add(B, "pike", "f10");  // 3
        p.add(B, "pike", "j11");  // 3 + 1 = 4: out
        p.add(B, "pike", "i12");  // 4.5: out
        CHECK(p.legal("shoot h8 h11"));
        CHECK(p.legal("shoot h8 g10"));
        CHECK(p.legal("shoot h8 f10"));
        CHECK(contains(p.refusal("shoot h8 j11"), "PS-SHOOT-4"));
        p.add(B, "pike", "h12");
        CHECK(contains(p.refusal("shoot h8 h12"), "PS-SHOOT-4"));
    }
    SECTION("REITERS (range 1) cannot hit a diagonally adjacent square") {
        Position p = board("imperialist", "spanish");
        p.add(A, "reiters", "h8");
        p.add(B, "pike", "h9");
        p.add(B, "pike", "i9");
        CHECK(p.legal("shoot h8 h9"));
        CHECK(contains(p.refusal("shoot h8 i9"), "PS-SHOOT-4"));
    }
    SECTION("arc: front and 45 degrees either side") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(B, "pike", "j10");  // (2,2): in the cone
        p.add(B, "pike", "j9");   // (2,1): outside
        p.add(B, "pike", "i8");   // flank square
        CHECK(p.legal("shoot h8 j10"));
        CHECK(contains(p.refusal("shoot h8 j9"), "PS-GRID-12"));
        CHECK(contains(p.refusal("shoot h8 i8"), "PS-GRID-12"));
    }
    SECTION("line of sight: units, woods and buildings block; leaders and hills do not") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(B, "pike", "h10");
        p.leader(A, "h9");
        p.leader(B, "h9");
        CHECK(p.legal("shoot h8 h10"));  // PS-LEADER-12: leaders never block
        p.piece(TerrainKind::Hill, {"h9"});
        CHECK(p.legal("shoot h8 h10"));  // PS-TERRAIN-14: hills do not block
        Position q = board();
        q.add(A, "arquebus", "h8");
        q.add(B, "pike", "h10");
        q.piece(TerrainKind::Wood, {"h9"});
        // The refusal names what blocks (issue 40).
        CHECK(q.refusal("shoot h8 h10") == "no line of sight to h10: blocked by a wood in h9 (PS-LOS-2)");
        Position r = board();
        r.add(A, "arquebus", "h8");
        r.add(B, "pike", "h10");
        r.add(A, "pike", "h9");
        CHECK(r.refusal("shoot h8 h10") == "no line of sight to h10: blocked by your Pike in h9 (PS-LOS-2)");
        // Through a corner only both squares block (PS-LOS-4).
        Position c = board();
        c.add(A, "arquebus", "h8");
        c.add(B, "pike", "j10");
        c.add(B, "pike", "i9");
        CHECK(c.refusal("shoot h8 j10") == "no line of sight to j10: blocked by the enemy Pike in i9 (PS-LOS-2)");
        Position k = board();
        k.add(A, "arquebus", "h8");
        k.add(B, "pike", "j10");
        k.add(A, "pike", "i8");
        CHECK(k.legal("shoot h8 j10"));  // one square of the corner pair does not block
        k.piece(TerrainKind::Wood, {"h9"});
        CHECK(k.refusal("shoot h8 j10") ==
              "no line of sight to j10: blocked at a corner by your Pike in i8 and a wood in h9 (PS-LOS-4)");
    }
    SECTION("LIGHT HORSE fire all round, CARABINS only in their arc") {
        Position p = board("imperialist", "spanish");
        p.add(A, "light_horse", "h8");
        p.add(A, "carabins", "c8");
        p.add(B, "pike", "h7");  // behind the light horse
        p.add(B, "pike", "c7");  // behind the carabins
        CHECK(p.legal("shoot h8 h7"));
        CHECK(contains(p.refusal("shoot c8 c7"), "PS-GRID-12"));
    }
}

TEST_CASE("a unit in a contested square may shoot the enemy there, or any other target, and reload",
          "[rules][combat][PS-SHOOT-5][PS-SHOOT-8][PS-CARD-7]") {
    Position p = board();
    const auto s = p.add(A, "arquebus", "h8");
    p.add(B, "pike", "h8", Facing::E);  // own square: neither flank nor beyond half range
    p.add(B, "pike", "h10");
    CHECK(p.legal("shoot h8 h10"));
    const auto shot = the_shot(p.play("shoot h8 h8", "d8:1 d6:6"));
    CHECK(mods(shot.roll).empty());
    CHECK(shot.roll.final == DieType::D8);
    CHECK(p.unit(s).fired);
    p.act(A, CardKind::Reload, 3);
    p.play("reload h8");
    CHECK_FALSE(p.unit(s).fired);
}

TEST_CASE("a unit in contact may be shot at, the friend in its square is not touched",
          "[rules][combat][PS-SHOOT-6][PS-AMB-50]") {
    Position p = board();
    p.add(A, "arquebus", "h8");
    const auto friend_ = p.add(A, "militia", "h9");
    const auto t = p.add(B, "pike", "h9");
    const auto shot = the_shot(p.play("shoot h8 h9", "d8:6 d6:3"));
    CHECK(shot.new_hits == 1);
    CHECK(p.unit(t).hits == 1);
    CHECK(p.unit(t).status == UnitStatus::Disordered);
    CHECK(p.unit(friend_).hits == 0);
    CHECK(p.unit(friend_).status == UnitStatus::Ok);
    CHECK(p.unit(friend_).stand_count() == 2);
}

// --- the modifier lines (PS-SHOOT-7, PS-SHOOT-8, PS-DICE-3, PS-DICE-4, PS-TERRAIN-12/14) --------

TEST_CASE("shooting on a flank or rear, or at a PHALANX or TERCIO, is one UP 1 line",
          "[rules][combat][PS-SHOOT-7][PS-SHOOT-14][PS-DICE-4][PS-GRID-14][PS-AMB-15]") {
    SECTION("front: no modifier") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(B, "pike", "h9", Facing::S);
        const auto shot = the_shot(p.play("shoot h8 h9", "d8:1 d6:6"));
        CHECK(mods(shot.roll).empty());
        CHECK(shot.roll.final == DieType::D8);
    }
    SECTION("flank and rear") {
        for (Facing f : {Facing::E, Facing::W, Facing::N, Facing::NE, Facing::NW}) {
            Position p = board();
            p.add(A, "arquebus", "h8");
            p.add(B, "pike", "h9", f);
            const auto shot = the_shot(p.play("shoot h8 h9", "d10:1 d6:6"));
            CHECK(mods(shot.roll) == std::vector<ModifierId>{ModifierId::ShotFlankOrFormation});
        }
    }
    SECTION("a distant shooter on the target's flank row counts too") {
        Position p = board();
        p.add(A, "arquebus", "f8");
        p.add(B, "pike", "h10", Facing::S);  // f8 is (-2,-2) from h10: front of a unit facing S
        p.add(A, "arquebus", "e10", Facing::E);
        const auto front = the_shot(p.play("shoot f8 h10", "d6:1 d6:6"));
        CHECK(mods(front.roll) == std::vector<ModifierId>{ModifierId::BeyondHalfRange});
        const auto flank = the_shot(p.play("shoot e10 h10", "d8:1 d6:6"));  // same row: flank
        CHECK(mods(flank.roll) ==
              std::vector<ModifierId>{ModifierId::ShotFlankOrFormation, ModifierId::BeyondHalfRange});
    }
    SECTION("at a TERCIO, from any side, once") {
        for (Facing f : {Facing::S, Facing::N, Facing::E}) {
            Position p = board();
            p.add(A, "arquebus", "h8");
            p.add(B, "tercio", "h9", f);
            const auto shot = the_shot(p.play("shoot h8 h9", "d10:1 d6:6"));
            CHECK(mods(shot.roll) == std::vector<ModifierId>{ModifierId::ShotFlankOrFormation});
            CHECK(shot.roll.final == DieType::D10);
        }
    }
    SECTION("at the flank of a PHALANX: still one line, UP 1") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add_type(B, "phalanx", "h9", Facing::E);
        const auto shot = the_shot(p.play("shoot h8 h9", "d10:1 d6:6"));
        CHECK(mods(shot.roll) == std::vector<ModifierId>{ModifierId::ShotFlankOrFormation});
        CHECK(shot.roll.final == DieType::D10);
    }
}

TEST_CASE("LONGBOWMEN shooting at mounted troops are UP 1",
          "[rules][combat][PS-SHOOT-7][PS-TYPE-5][PS-AMB-53]") {
    Position p = board();
    // No list gives LONGBOWMEN statistics (PS-AMB-53): a D8 at range 3 for the test.
    const auto lb = p.add_type(A, "longbowmen", "h8");
    p.unit(lb).shoot_die = DieType::D8;
    p.unit(lb).range_half = 6;
    const auto lb2 = p.add_type(A, "longbowmen", "c8");
    p.unit(lb2).shoot_die = DieType::D8;
    p.unit(lb2).range_half = 6;
    p.add(B, "lancers", "h9");
    p.add(B, "pike", "c9");
    const auto at_horse = the_shot(p.play("shoot h8 h9", "d10:1 d6:6"));
    CHECK(mods(at_horse.roll) == std::vector<ModifierId>{ModifierId::LongbowVsMounted});
    const auto at_foot = the_shot(p.play("shoot c8 c9", "d8:1 d6:6"));
    CHECK(mods(at_foot.roll).empty());
    // An arquebus at horse has no such line.
    Position q = board();
    q.add(A, "arquebus", "h8");
    q.add(B, "lancers", "h9");
    CHECK(mods(the_shot(q.play("shoot h8 h9", "d8:1 d6:6")).roll).empty());
}

TEST_CASE("a Disordered shooter is DOWN 1, and different lines add up",
          "[rules][combat][PS-SHOOT-7][PS-DICE-4][PS-DICE-3][PS-AMB-13]") {
    Position p = board();
    p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Disordered);
    p.add(A, "arquebus", "c8", Facing::N, UnitStatus::Disordered);
    p.add(A, "arquebus", "l8", Facing::N, UnitStatus::Disordered);
    p.add(B, "pike", "h9");
    p.add(B, "pike", "c10");
    p.add(B, "pike", "l9", Facing::E);
    const auto near = the_shot(p.play("shoot h8 h9", "d6:1 d6:6"));
    CHECK(mods(near.roll) == std::vector<ModifierId>{ModifierId::ShooterDisordered});
    const auto far = the_shot(p.play("shoot c8 c10", "d4:1 d6:6"));  // D8 DOWN 2
    CHECK(mods(far.roll) ==
          std::vector<ModifierId>{ModifierId::ShooterDisordered, ModifierId::BeyondHalfRange});
    CHECK(far.roll.net() == -2);
    const auto flank = the_shot(p.play("shoot l8 l9", "d8:1 d6:6"));  // UP 1, DOWN 1
    CHECK(flank.roll.net() == 0);
    CHECK(flank.roll.final == DieType::D8);
}

TEST_CASE("more than half range: dist2 > range, never for the own or an orthogonally adjacent square",
          "[rules][combat][PS-SHOOT-8][PS-AMB-10]") {
    struct Case {
        std::string army, line, from, to;
        bool beyond;
    };
    // PS-EX-6 and the table of PS-SHOOT-8.
    for (const Case& c : {Case{"french", "arquebus", "h8", "h9", false},   // range 3, 1
                          Case{"french", "arquebus", "h8", "i9", false},   // 1.5
                          Case{"french", "arquebus", "h8", "h10", true},   // 2
                          Case{"french", "arquebus", "h8", "i10", true},   // 2.5
                          Case{"french", "arquebus", "h8", "h11", true},   // 3
                          Case{"french", "carabins", "h8", "h9", false},   // range 2, 1
                          Case{"french", "carabins", "h8", "i9", true},    // 1.5
                          Case{"french", "carabins", "h8", "h10", true},   // 2
                          Case{"imperialist", "reiters", "h8", "h9", false},  // range 1, 1
                          Case{"french", "cannon", "h2", "h5", false},     // range 6, 3
                          Case{"french", "cannon", "h2", "i5", true},      // 3.5
                          Case{"french", "cannon", "h2", "j4", false},     // 3 (2 + 1)
                          Case{"french", "cannon", "h2", "h8", true}}) {   // 6
        INFO(c.line << " " << c.from << " -> " << c.to);
        Position p = board(c.army, "spanish");
        const auto s = p.add(A, c.line, c.from);
        const auto t = p.add(B, "pike", c.to, Facing::S);  // every shot here is on its front
        REQUIRE(p.legal("shoot " + c.from + " " + c.to));
        const auto r = preview(p, s, t);
        CHECK(has_mod(r, ModifierId::BeyondHalfRange) == c.beyond);
        // And the shot itself rolls that die.
        const auto ev = p.play("shoot " + c.from + " " + c.to,
                               "d" + std::to_string(core::faces(r.final)) + ":1 d6:6");
        CHECK(has_mod(the_shot(ev).roll, ModifierId::BeyondHalfRange) == c.beyond);
    }
}

TEST_CASE("ordinary bows at KNIGHTS, PIKE, PHALANX or TERCIO are DOWN 1",
          "[rules][combat][PS-SHOOT-7][PS-TYPE-4][PS-AMB-36][PS-DICE-3]") {
    Position p = board("ottoman", "french");
    p.add(A, "skirmishers", "b8");  // Ottoman skirmishers: bow, D4 at 3
    p.add(A, "skirmishers", "e8");
    p.add(A, "light_horse", "h8");  // Akinjis: bow, D4 at 2
    p.add(A, "arquebus", "k8");     // Janissaries: no bow
    p.add(B, "knights", "b9", Facing::E);
    p.add(B, "lancers", "e9", Facing::E);
    p.add(B, "pike", "h9", Facing::E);
    p.add(B, "knights", "k9", Facing::E);
    // UP 1 (flank) and DOWN 1 (bow at armour): D4.
    const auto at_knights = the_shot(p.play("shoot b8 b9", "d4:1 d6:6"));
    CHECK(mods(at_knights.roll) ==
          std::vector<ModifierId>{ModifierId::ShotFlankOrFormation, ModifierId::BowVsArmour});
    CHECK(at_knights.roll.final == DieType::D4);
    // Lancers are not on the list: UP 1 only, D6.
    const auto at_lancers = the_shot(p.play("shoot e8 e9", "d6:1 d6:6"));
    CHECK(mods(at_lancers.roll) == std::vector<ModifierId>{ModifierId::ShotFlankOrFormation});
    const auto at_pike = the_shot(p.play("shoot h8 h9", "d4:1 d6:6"));
    CHECK(has_mod(at_pike.roll, ModifierId::BowVsArmour));
    const auto gun = the_shot(p.play("shoot k8 k9", "d10:1 d6:6"));
    CHECK_FALSE(has_mod(gun.roll, ModifierId::BowVsArmour));
    // At a PHALANX and a TERCIO.
    Position q = board("ottoman", "spanish");
    q.add(A, "skirmishers", "b8");
    q.add(A, "skirmishers", "e8");
    q.add_type(B, "phalanx", "b9");
    const auto tercio = q.add(B, "tercio", "e9");
    q.unit(tercio).fired = true;  // no shot back in R4
    const auto at_phalanx = the_shot(q.play("shoot b8 b9", "d4:1 d6:6"));
    CHECK(mods(at_phalanx.roll) ==
          std::vector<ModifierId>{ModifierId::ShotFlankOrFormation, ModifierId::BowVsArmour});
    const auto at_tercio = the_shot(q.play("shoot e8 e9", "d4:1 d6:6"));
    CHECK(has_mod(at_tercio.roll, ModifierId::BowVsArmour));
}

TEST_CASE("a target in woods or a building, or in or behind WAR WAGONS, is one DOWN 1 line",
          "[rules][combat][PS-SHOOT-7][PS-TERRAIN-12][PS-TERRAIN-14][PS-LOS-5][PS-DICE-4]") {
    SECTION("wood and building") {
        for (TerrainKind k : {TerrainKind::Wood, TerrainKind::Building}) {
            Position p = board();
            p.add(A, "arquebus", "h8");
            p.add(B, "arquebus", "h9", Facing::N);
            p.piece(k, {"h9", "h10"});
            const auto shot = the_shot(p.play("shoot h8 h9", "d8:1 d6:6"));
            // Rear (UP 1) and cover (DOWN 1).
            CHECK(mods(shot.roll) ==
                  std::vector<ModifierId>{ModifierId::ShotFlankOrFormation, ModifierId::TargetInCover});
        }
    }
    SECTION("hills and streams change nothing") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(A, "arquebus", "c8");
        p.add(B, "pike", "h9");
        p.add(B, "pike", "c9");
        p.piece(TerrainKind::Hill, {"h9"});
        p.stream({"c9"});
        CHECK(mods(the_shot(p.play("shoot h8 h9", "d8:1 d6:6")).roll).empty());
        CHECK(mods(the_shot(p.play("shoot c8 c9", "d8:1 d6:6")).roll).empty());
    }
    SECTION("a WAR WAGON target, and a target behind its own side's WAR WAGON") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(A, "arquebus", "c8");
        p.add_type(B, "war_wagons", "h9");
        p.add_type(B, "war_wagons", "c9");
        p.add(B, "pike", "c10", Facing::E);
        const auto at_wagon = the_shot(p.play("shoot h8 h9", "d6:1 d6:6"));
        CHECK(mods(at_wagon.roll) == std::vector<ModifierId>{ModifierId::TargetInCover});
        // c10 behind the wagon in c9 (which does not block), on its flank, beyond half range,
        // and in a wood as well: the wood and the wagon are one line, so D8 +1 -1 -1 = D6.
        p.piece(TerrainKind::Wood, {"c10"});
        const auto behind = the_shot(p.play("shoot c8 c10", "d6:1 d6:6"));
        CHECK(mods(behind.roll) == std::vector<ModifierId>{ModifierId::ShotFlankOrFormation,
                                                           ModifierId::BeyondHalfRange,
                                                           ModifierId::TargetInCover});
    }
    SECTION("a WAR WAGON of the shooter's own side gives no cover") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add_type(A, "war_wagons", "h9");
        p.add(B, "pike", "h10");
        const auto shot = the_shot(p.play("shoot h8 h10", "d6:1 d6:6"));
        CHECK(mods(shot.roll) == std::vector<ModifierId>{ModifierId::BeyondHalfRange});
    }
}

// --- results (PS-SHOOT-9 .. PS-SHOOT-13, PS-DICE-5 .. PS-DICE-7) ---------------------------------

TEST_CASE("a tie or a lower roll has no effect, but the shooter has fired",
          "[rules][combat][PS-SHOOT-9][PS-DICE-6][PS-AMB-20][PS-SHOOT-12]") {
    for (const std::string dice : {"d8:4 d6:4", "d8:2 d6:5"}) {
        Position p = board();
        const auto s = p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "pike", "h9");
        p.unit(t).shot_sum = 1;  // an earlier shot this phase
        const auto ev = p.play("shoot h8 h9", dice);
        const auto shot = the_shot(ev);
        CHECK(shot.diff <= 0);
        CHECK(shot.band_min == 0);
        CHECK(shot.new_hits == 0);
        CHECK(shot.status == Status::None);
        CHECK(shot.sum == 1);  // nothing added
        CHECK(p.unit(t).shot_sum == 1);
        CHECK(p.unit(t).hits == 0);
        CHECK(p.unit(t).status == UnitStatus::Ok);
        CHECK(events_of<HitsTaken>(ev).empty());
        CHECK(p.unit(s).fired);
        CHECK(back_to_active(p));  // no chip window
    }
}

TEST_CASE("the result bands, doubles and quadruples of a single shot",
          "[rules][combat][PS-SHOOT-10][PS-DICE-5][PS-DICE-7][PS-CHIP-10][PS-ROUT-1][PS-ROUT-2]"
          "[PS-CHIP-2][PS-HITS-4]") {
    struct Case {
        int roll, d6, diff, band, hits;
        Status status;
        bool chip;
    };
    // From behind the target: D8 UP 1 = D10. The difference is of the natural results: the UP 1
    // adds nothing to the roll (PS-DICE-5).
    for (const Case c : {Case{3, 1, 2, 1, 0, Status::None, true},
                         Case{2, 1, 1, 1, 0, Status::None, true},
                         Case{6, 3, 3, 3, 1, Status::Disordered, true},  // exactly x2
                         Case{7, 4, 3, 3, 1, Status::None, true},        // not x2
                         Case{10, 5, 5, 3, 1, Status::Disordered, true},
                         Case{9, 3, 6, 6, 2, Status::Disordered, true},  // x2, not x4
                         Case{10, 4, 6, 6, 2, Status::Disordered, true},
                         Case{8, 2, 6, 6, 2, Status::Routed, false},     // exactly x4
                         Case{9, 2, 7, 6, 2, Status::Routed, false},
                         Case{7, 1, 6, 6, 2, Status::Routed, false},
                         Case{10, 1, 9, 9, 3, Status::Routed, false}}) {
        INFO("roll " << c.roll << " against " << c.d6);
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "pike", "h9", Facing::N);
        const auto ev = p.play("shoot h8 h9", "d10:" + std::to_string(c.roll) + " d6:" + std::to_string(c.d6));
        const auto shot = the_shot(ev);
        CHECK(shot.roll.final == DieType::D10);
        CHECK(shot.diff == c.diff);
        CHECK(shot.sum == c.diff);
        CHECK(shot.band_min == c.band);
        CHECK(shot.new_hits == c.hits);
        CHECK(shot.status == c.status);
        CHECK(p.unit(t).hits == c.hits);  // 4 hits per PIKE stand: none destroyed
        CHECK(p.unit(t).stand_count() == 2);
        CHECK(chip_offered_to(p, A) == c.chip);
        if (c.status == Status::Routed) {
            CHECK(p.unit(t).status == UnitStatus::Routed);
            CHECK(p.unit(t).facing == Facing::N);  // home direction
            CHECK(p.unit(t).square.y > sq("h9").y);  // a full move toward its own edge
            CHECK(p.s.morale_chips[1] == 10);       // 1 chip per stand at the rout
            CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 2);
        } else {
            CHECK(p.unit(t).status ==
                  (c.status == Status::Disordered ? UnitStatus::Disordered : UnitStatus::Ok));
            CHECK(p.unit(t).square == sq("h9"));
            CHECK(p.s.morale_chips[1] == 12);
        }
    }
}

TEST_CASE("the worked example PS-EX-9: a CANNON routs LANCERS on a quadruple",
          "[rules][combat][PS-SHOOT-10][PS-CANNON-6][PS-DICE-7][PS-CHIP-2]") {
    Position p = board();
    p.add(A, "cannon", "h5");
    const auto t = p.add(B, "lancers", "h8");
    const auto ev = p.play("shoot h5 h8", "d8:8 d6:2");
    const auto shot = the_shot(ev);
    CHECK(mods(shot.roll).empty());
    CHECK(shot.diff == 6);
    CHECK(shot.new_hits == 2);
    CHECK(shot.status == Status::Routed);
    CHECK(p.unit(t).hits == 2);  // 2 of 3 on stand 1
    CHECK(p.unit(t).stand_count() == 2);
    CHECK(p.unit(t).status == UnitStatus::Routed);
    CHECK(p.s.morale_chips[1] == 10);
    CHECK(p.unit(t).square == sq("h12"));  // 8 points toward home: four squares north
    CHECK(p.s.pips == 9);
}

TEST_CASE("the effects of a shot come in order: hits, state, rout move, chip window",
          "[rules][combat][PS-SHOOT-13][PS-HITS-1][PS-HITS-4]") {
    SECTION("a rout") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "arquebus", "h9", Facing::N);
        p.unit(t).hits = 2;
        const auto ev = p.play("shoot h8 h9", "d10:8 d6:2");  // 2 hits, Routed
        const std::size_t shot = index_of<ShotResolved>(ev);
        const std::size_t hits = index_of<HitsTaken>(ev);
        const std::size_t lost = index_of<MoraleChipsLost>(ev);
        const std::size_t state = index_of<StatusChanged>(ev);
        const std::size_t moved = index_of<UnitMoved>(ev);
        CHECK(shot < hits);
        CHECK(hits < lost);  // the stand destroyed is paid for first
        CHECK(lost < state);
        CHECK(state < moved);
        CHECK(moved < ev.size());
        CHECK(std::get<StatusChanged>(ev[state]).to == UnitStatus::Routed);
        CHECK(p.unit(t).stand_count() == 1);
        CHECK(p.unit(t).hits == 1);
        CHECK(p.s.morale_chips[1] == 12 - 1 - 1);  // a stand destroyed, then 1 stand routs
    }
    SECTION("a unit destroyed by the hits gets no new state and no chip window") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "arquebus", "h9", Facing::N);
        p.unit(t).stands = {1, 0};
        p.unit(t).hits = 1;
        const auto ev = p.play("shoot h8 h9", "d10:9 d6:3");  // 2 hits, x2
        CHECK(p.unit(t).status == UnitStatus::Destroyed);
        const auto changes = events_of<StatusChanged>(ev);
        REQUIRE(changes.size() == 1);
        CHECK(changes[0].to == UnitStatus::Destroyed);
        CHECK(back_to_active(p));
        CHECK(p.s.morale_chips[1] == 11);
    }
    SECTION("the chip window opens only after the state is set") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "pike", "h9", Facing::N);
        p.play("shoot h8 h9", "d10:6 d6:3");
        CHECK(p.unit(t).status == UnitStatus::Disordered);
        REQUIRE(chip_offered_to(p, A));
        p.play("chip", "d8:1 d6:2");  // Disordered: D10 DOWN 1
        CHECK(p.unit(t).status == UnitStatus::Routed);
    }
}

TEST_CASE("several shots at one target in a phase add their differences (PS-EX-10)",
          "[rules][combat][PS-SHOOT-12][PS-AMB-26][PS-CHIP-10]") {
    SECTION("the worked example") {
        Position p = board();
        p.add(A, "arquebus", "g9");
        p.add(A, "arquebus", "h9");
        p.add(A, "arquebus", "i9");
        const auto t = p.add_type(B, "militia", "h10");
        auto shot = the_shot(p.play("shoot h9 h10", "d8:4 d6:2"));
        CHECK(shot.sum == 2);
        CHECK(shot.band_min == 1);
        CHECK(shot.new_hits == 0);
        REQUIRE(chip_offered_to(p, A));
        p.play("decline");
        shot = the_shot(p.play("shoot g9 h10", "d8:5 d6:3"));
        CHECK(shot.diff == 2);
        CHECK(shot.sum == 4);
        CHECK(shot.band_min == 3);
        CHECK(shot.new_hits == 1);
        CHECK(shot.status == Status::None);  // 5 is not double 3
        REQUIRE(chip_offered_to(p, A));
        p.play("decline");
        shot = the_shot(p.play("shoot i9 h10", "d8:6 d6:2"));
        CHECK(shot.diff == 4);
        CHECK(shot.sum == 8);
        CHECK(shot.band_min == 6);
        CHECK(shot.new_hits == 1);                 // 2 - 1
        CHECK(shot.status == Status::Disordered);  // 6 >= 4, but 6 < 8
        CHECK(p.unit(t).hits == 2);
        CHECK(p.unit(t).stand_count() == 2);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
        REQUIRE(chip_offered_to(p, A));
        p.play("decline");
        // The sums count only this phase.
        p.play("pass");
        CHECK(p.s.active == B);
        CHECK(p.unit(t).shot_sum == 0);
        CHECK(p.unit(t).shot_hits == 0);
        CHECK(p.unit(t).hits == 2);  // the hits stay (PS-UNIT-5)
    }
    SECTION("a sum reaching 9 routs the target, whatever this shot's roll") {
        Position p = board();
        p.add(A, "arquebus", "g9");
        p.add(A, "arquebus", "h9");
        const auto t = p.add_type(B, "militia", "h10");
        auto shot = the_shot(p.play("shoot h9 h10", "d8:6 d6:1"));
        CHECK(shot.new_hits == 1);
        CHECK(shot.status == Status::Disordered);
        p.play("decline");
        const auto ev = p.play("shoot g9 h10", "d8:5 d6:1");
        shot = the_shot(ev);
        CHECK(shot.sum == 9);
        CHECK(shot.band_min == 9);
        CHECK(shot.new_hits == 2);  // 3 - 1
        CHECK(shot.status == Status::Routed);
        CHECK(p.unit(t).status == UnitStatus::Routed);
        CHECK(p.unit(t).stand_count() == 1);  // stand 1 reached 3 hits
        CHECK(chips_lost(ev, B, ChipLoss::StandDestroyed) == 1);
        CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 1);
        CHECK_FALSE(chip_offered_to(p, A));
    }
    SECTION("the hits never go past those of the band reached") {
        Position p = board();
        p.add(A, "arquebus", "h9");
        const auto t = p.add(B, "pike", "h10");
        p.play("shoot h9 h10", "d8:8 d6:1");  // 7: 2 hits, x4: Routed
        REQUIRE(p.unit(t).status == UnitStatus::Routed);
        // Two more shooters behind the routed unit, which now faces north (rear: D10).
        const Square at = p.unit(t).square;
        const std::string target = core::to_string(at);
        const std::string s1 = core::to_string(core::make_square(at.x, at.y - 1));
        const std::string s2 = core::to_string(core::make_square(at.x - 1, at.y - 1));
        p.add(A, "arquebus", s1);
        p.add(A, "arquebus", s2);
        auto shot = the_shot(p.play("shoot " + s1 + " " + target, "d10:4 d6:2"));
        CHECK(shot.sum == 9);
        CHECK(shot.new_hits == 1);
        shot = the_shot(p.play("shoot " + s2 + " " + target, "d10:10 d6:1"));
        CHECK(shot.sum == 18);
        CHECK(shot.new_hits == 0);
        CHECK(p.unit(t).hits == 3);
    }
}

// --- PHALANX, TERCIO, routed and disordered targets (PS-SHOOT-14 .. PS-SHOOT-18) ----------------

TEST_CASE("a Routed result from shooting costs a TERCIO an arquebus stand, and it is not Disordered",
          "[rules][combat][PS-SHOOT-14][PS-TERCIO-6][PS-TERCIO-7][PS-TERCIO-11][PS-AMB-12][PS-AMB-41]"
          "[PS-HITS-1][PS-CHIP-2]") {
    SECTION("9+: three hits on the first arquebus stand, then the second is removed (PS-EX-19)") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "tercio", "h9");
        const auto ev = p.play("shoot h8 h9", "d10:10 d6:1");
        const auto shot = the_shot(ev);
        CHECK(shot.status == Status::Routed);
        CHECK(shot.new_hits == 3);
        CHECK(p.unit(t).stands[0] == 0);  // both arquebus stands gone
        CHECK(p.unit(t).stands[1] == 4);  // every pike stand left
        CHECK(p.unit(t).hits == 0);
        CHECK(p.unit(t).status == UnitStatus::Ok);
        CHECK(p.unit(t).square == sq("h9"));
        CHECK(events_of<StandRemoved>(ev).size() == 1);
        CHECK(chips_lost(ev, B, ChipLoss::StandDestroyed) == 2);
        CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 0);
        CHECK(p.s.morale_chips[1] == 10);
        // With no arquebus stand left it cannot shoot.
        p.act(B, CardKind::MillingAround, 3);
        CHECK(contains(p.refusal("shoot h9 h8"), "PS-SHOOT-1"));
    }
    SECTION("a single hit lands on an arquebus stand") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "tercio", "h9");
        p.play("shoot h8 h9", "d10:5 d6:2");  // 3: 1 hit, and 5 >= 2 x 2: Disordered
        CHECK(p.unit(t).hits == 1);
        CHECK(p.unit(t).stands[0] == 2);
        CHECK(p.unit(t).stands[1] == 4);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
    }
}

TEST_CASE("a Routed result costs a PHALANX its damaged stand and Disorders it, a Swiss PHALANX is only Disordered",
          "[rules][combat][PS-SHOOT-14][PS-PHALANX-2][PS-PHALANX-4][PS-PHALANX-5][PS-PHALANX-6]"
          "[PS-AMB-40][PS-CHIP-2]") {
    SECTION("PHALANX") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add_type(B, "phalanx", "h9");
        const auto ev = p.play("shoot h8 h9", "d10:10 d6:1");
        CHECK(mods(the_shot(ev).roll) == std::vector<ModifierId>{ModifierId::ShotFlankOrFormation});
        CHECK(p.unit(t).stand_count() == 3);  // the stand with the 3 hits was removed
        CHECK(p.unit(t).hits == 0);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
        CHECK(p.unit(t).square == sq("h9"));
        CHECK(p.s.morale_chips[1] == 11);
        CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 0);
    }
    SECTION("Swiss PHALANX") {
        Position p = board("spanish", "french");
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "swiss_phalanx", "h9");
        const auto ev = p.play("shoot h8 h9", "d10:10 d6:1");
        CHECK(p.unit(t).stand_count() == 4);
        CHECK(p.unit(t).hits == 3);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
        CHECK(p.s.morale_chips[1] == 12);
        CHECK(events_of<StandRemoved>(ev).empty());
    }
}

TEST_CASE("routed units may be shot at, a Routed result on them adds only its hits",
          "[rules][combat][PS-SHOOT-16][PS-SHOOT-17][PS-AMB-27]") {
    Position p = board();
    p.add(A, "arquebus", "h8");
    const auto t = p.add(B, "pike", "h9", Facing::N, UnitStatus::Routed);
    const auto ev = p.play("shoot h8 h9", "d10:10 d6:1");
    CHECK(the_shot(ev).new_hits == 3);
    CHECK(p.unit(t).hits == 3);
    CHECK(p.unit(t).status == UnitStatus::Routed);
    CHECK(p.unit(t).square == sq("h9"));  // no second rout move
    CHECK(p.s.morale_chips[1] == 12);     // no chips for routing again
    CHECK(events_of<StatusChanged>(ev).empty());
    CHECK(back_to_active(p));  // a routed unit cannot be chipped
}

TEST_CASE("a Disordered result on a Disordered unit changes nothing, a chip can rout it",
          "[rules][combat][PS-SHOOT-17][PS-AMB-27][PS-CHIP-9][PS-CHIP-10][PS-AMB-29]") {
    SECTION("x2 in band 3-5") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "pike", "h9", Facing::S, UnitStatus::Disordered);
        const auto ev = p.play("shoot h8 h9", "d8:6 d6:3");
        CHECK(the_shot(ev).status == Status::Disordered);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
        CHECK(p.unit(t).square == sq("h9"));
        CHECK(events_of<StatusChanged>(ev).empty());
        REQUIRE(chip_offered_to(p, A));
        const auto chip = p.play("chip", "d8:2 d6:5");  // D10 DOWN 1
        const auto c = events_of<Chipped>(chip);
        REQUIRE(c.size() == 1);
        CHECK(c[0].success);
        CHECK(p.unit(t).status == UnitStatus::Routed);
        CHECK(p.s.morale_chips[0] == 11);  // the chipper's chip
        CHECK(p.s.morale_chips[1] == 10);  // 2 stands routed
        CHECK(events_of<PursuitRolled>(chip).empty());
    }
    SECTION("a 1-2 result against a Disordered unit opens a chip that tries to rout it") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "pike", "h9", Facing::S, UnitStatus::Disordered);
        p.play("shoot h8 h9", "d8:3 d6:2");
        REQUIRE(chip_offered_to(p, A));
        p.play("chip", "d8:4 d6:5");
        CHECK(p.unit(t).status == UnitStatus::Routed);
    }
}

TEST_CASE("an evade by a unit already Disordered leaves it Disordered, with no chip window",
          "[rules][combat][PS-SHOOT-18][PS-AMB-27][PS-CHIP-10][PS-OPP-9]") {
    for (UnitStatus before : {UnitStatus::Ok, UnitStatus::Disordered}) {
        Position p = board();
        p.add(A, "pike", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::E, before);
        p.unit(e).fired = true;  // so that it has no shot to offer in the windows
        p.play("move h4 h5");
        REQUIRE(reacting(p, rules::ReactWindow::Evade));
        p.play("evade");
        CHECK(p.unit(e).status == UnitStatus::Disordered);
        CHECK(p.unit(e).square != sq("h5"));
        // PS-CHIP-10 (b): only a unit that became Disordered may be chipped.
        CHECK(chip_offered_to(p, A) == (before == UnitStatus::Ok));
    }
}

// --- shooting out of turn (PS-SHOOT-2, PS-OPP) --------------------------------------------------

TEST_CASE("the non-active player shoots for an opportunity chip in R1, R2 and R4",
          "[rules][combat][PS-SHOOT-2][PS-OPP-2][PS-OPP-3][PS-OPP-10][PS-AMB-16]") {
    SECTION("R1: after a card is turned, any number of shots") {
        Position p = board();
        p.add(A, "pike", "h8");
        p.add(A, "pike", "c8");
        const auto b1 = p.add(B, "arquebus", "h10");
        p.add(B, "arquebus", "c10");
        p.next_card(CardKind::MillingAround);
        p.play("turn");
        REQUIRE(reacting(p, rules::ReactWindow::Card));
        const auto shot = the_shot(p.play("shoot h10 h8", "d6:1 d6:6"));
        CHECK(shot.opportunity);
        CHECK(p.unit(b1).fired);
        CHECK(p.s.opportunity_chips[1] == 2);
        CHECK(p.s.pips == 9);  // the active player pays nothing
        REQUIRE(reacting(p, rules::ReactWindow::Card));
        p.play("shoot c10 c8", "d6:1 d6:6");
        CHECK(p.s.opportunity_chips[1] == 1);
        CHECK(back_to_active(p));  // nothing left to shoot with: the window closes
    }
    SECTION("R2: after a step, at the mover or at any other target") {
        Position p = board();
        const auto m = p.add(A, "pike", "h4");
        const auto other_target = p.add(A, "pike", "c7");
        p.add(B, "arquebus", "h9");
        p.add(B, "arquebus", "c9");
        p.play("move h4 h6");
        REQUIRE(reacting(p, rules::ReactWindow::Step));
        CHECK(p.unit(m).square == sq("h5"));
        CHECK_FALSE(p.legal("shoot h9 h5"));  // 4 squares: out of range
        const auto at_other = the_shot(p.play("shoot c9 c7", "d6:3 d6:2"));
        CHECK(at_other.opportunity);
        CHECK(at_other.target == other_target);
        REQUIRE(chip_offered_to(p, B));
        p.play("decline");
        CHECK(p.unit(m).square == sq("h6"));  // the move went on
        REQUIRE(reacting(p, rules::ReactWindow::Step));
        p.play("shoot h9 h6", "d6:1 d6:6");
        CHECK(p.s.opportunity_chips[1] == 1);
        CHECK(back_to_active(p));
        CHECK(p.unit(m).square == sq("h6"));
        CHECK(p.s.pips == 9);
    }
    SECTION("R2: a shot that routs the mover ends its move") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h4");
        p.add(B, "arquebus", "e5", Facing::E);
        const auto ev1 = p.play("move h4 h6");
        REQUIRE(reacting(p, rules::ReactWindow::Step));
        CHECK(path_of(ev1, m) == std::vector<std::string>{"h5"});
        // On its flank, beyond half range: D8 UP 1 DOWN 1.
        const auto ev = p.play("shoot e5 h5", "d8:8 d6:2");
        CHECK(the_shot(ev).status == Status::Routed);
        CHECK(p.unit(m).status == UnitStatus::Routed);
        const auto path = path_of(ev, m);
        CHECK(std::find(path.begin(), path.end(), "h6") == path.end());
        CHECK(p.unit(m).square.y < sq("h5").y);  // routed toward its own edge
        CHECK_FALSE(p.s.move.active);
        CHECK(back_to_active(p));
    }
    SECTION("R3, the evade decision, is no window for shooting") {
        Position p = board();
        p.add(A, "pike", "h4");
        const auto sk = p.add(B, "skirmishers", "h5", Facing::E);
        p.unit(sk).fired = true;
        p.add(B, "arquebus", "c7");
        p.add(A, "pike", "c5");
        p.play("move h4 h5");
        REQUIRE(reacting(p, rules::ReactWindow::Evade));
        CHECK(contains(p.refusal("shoot c7 c5"), "may not shoot now"));
        p.play("decline");
        REQUIRE(reacting(p, rules::ReactWindow::Step));  // R2 for the same step comes next
        CHECK(p.legal("shoot c7 c5"));
    }
    SECTION("R4: after an action of the active player") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        p.add(B, "arquebus", "h10");
        p.play("shoot h8 h10", "d6:1 d6:6");
        REQUIRE(reacting(p, rules::ReactWindow::Action));
        const auto back = the_shot(p.play("shoot h10 h8", "d6:1 d6:6"));
        CHECK(back.opportunity);
        CHECK(p.s.opportunity_chips[1] == 2);
        CHECK(back_to_active(p));
        CHECK(p.s.pips == 9);
    }
}

TEST_CASE("three opportunity chips per phase, routed and fired units offer no shot",
          "[rules][combat][PS-OPP-1][PS-OPP-2][PS-OPP-10][PS-AMB-4][PS-ROUT-6]") {
    SECTION("the fourth loaded shooter must wait") {
        Position p = board();
        for (const std::string c : {"c", "e", "h", "l"}) {
            p.add(A, "pike", c + "8");
            p.add(B, "arquebus", c + "10");
        }
        p.next_card(CardKind::MillingAround);
        p.play("turn");
        for (const std::string c : {"c", "e", "h"}) {
            REQUIRE(reacting(p, rules::ReactWindow::Card));
            p.play("shoot " + c + "10 " + c + "8", "d6:1 d6:6");
        }
        CHECK(p.s.opportunity_chips[1] == 0);
        CHECK(back_to_active(p));
        CHECK_FALSE(p.unit(p.at(B, "l10")).fired);
        // The next phase, the other side gets its own 3.
        p.s.opportunity_chips[0] = 0;
        p.play("pass");
        CHECK(p.s.active == B);
        CHECK(p.s.opportunity_chips[0] == 3);
    }
    SECTION("no window for a routed or a fired unit") {
        Position p = board();
        p.add(A, "pike", "h8");
        p.add(A, "pike", "c8");
        p.add(B, "arquebus", "h10", Facing::S, UnitStatus::Routed);
        const auto f = p.add(B, "arquebus", "c10");
        p.unit(f).fired = true;
        p.next_card(CardKind::MillingAround);
        p.play("turn");
        CHECK(back_to_active(p));
    }
    SECTION("no chips, no window") {
        Position p = board();
        p.add(A, "pike", "h8");
        p.add(B, "arquebus", "h10");
        p.s.opportunity_chips[1] = 0;
        p.next_card(CardKind::MillingAround);
        p.play("turn");
        CHECK(back_to_active(p));
    }
}

TEST_CASE("chipping after an opportunity shot is no reaction: it costs a morale chip, not an opportunity chip",
          "[rules][combat][PS-OPP-4][PS-CHIP-4][PS-CHIP-10][PS-CHIP-9]") {
    Position p = board();
    const auto a = p.add(A, "arquebus", "h8");
    p.add(B, "arquebus", "h10");
    p.play("shoot h8 h10", "d6:1 d6:6");
    REQUIRE(reacting(p, rules::ReactWindow::Action));
    p.play("shoot h10 h8", "d6:3 d6:1");  // 2: band 1-2
    REQUIRE(chip_offered_to(p, B));
    const auto ev = p.play("chip", "d6:1 d6:4");  // the target's Fight D6, then the chipper's D6
    const auto c = events_of<Chipped>(ev);
    REQUIRE(c.size() == 1);
    CHECK(c[0].chipper == B);
    CHECK(c[0].success);
    CHECK(p.unit(a).status == UnitStatus::Disordered);
    CHECK(p.s.morale_chips[1] == 11);
    CHECK(p.s.opportunity_chips[1] == 2);
    CHECK(back_to_active(p));
}

// --- reloading (PS-CARD-7, PS-SHOOT-11, PS-UNIT-4) -----------------------------------------------

TEST_CASE("reloading on a Reload card removes the F marker: 1 pip, 2 for CROSSBOWS and CANNON",
          "[rules][combat][PS-CARD-7][PS-SHOOT-11][PS-UNIT-4][PS-CANNON-3][PS-CARD-4][PS-ROUT-6]") {
    Position p = board();
    const auto a = p.add(A, "arquebus", "h8");
    const auto c = p.add(A, "crossbows", "c8");
    const auto g = p.add(A, "cannon", "l5");
    p.add(A, "arquebus", "e8");
    p.add(A, "arquebus", "j8", Facing::S, UnitStatus::Routed);
    p.add(B, "pike", "h10");
    for (auto u : {a, c, g}) p.unit(u).fired = true;
    p.unit(p.at(A, "j8")).fired = true;
    CHECK(contains(p.refusal("reload h8"), "PS-CARD-7"));  // an Infantry Move card
    p.act(A, CardKind::Reload, 6);
    CHECK(contains(p.refusal("reload e8"), "has not fired"));
    CHECK(contains(p.refusal("reload j8"), "PS-ROUT-6"));
    auto ev = p.play("reload h8");
    CHECK(events_of<UnitReloaded>(ev).size() == 1);
    CHECK_FALSE(p.unit(a).fired);
    CHECK(p.s.pips == 5);
    p.play("reload c8");
    CHECK_FALSE(p.unit(c).fired);
    CHECK(p.s.pips == 3);
    // The arquebus fires again, and may not reload a second time on this card.
    p.play("shoot h8 h10", "d6:1 d6:6");
    CHECK(p.s.pips == 2);
    CHECK(contains(p.refusal("reload h8"), "PS-CARD-4"));
    p.s.pips = 1;
    CHECK(contains(p.refusal("reload l5"), "2 pips"));
    p.s.pips = 2;
    p.play("reload l5");
    CHECK_FALSE(p.unit(g).fired);
}

// --- hits and stands (PS-HITS, PS-UNIT-5) --------------------------------------------------------

TEST_CASE("hits fill the damaged stand, then the next, a full stand is destroyed for 1 chip (PS-EX-11)",
          "[rules][combat][PS-HITS-1][PS-HITS-2][PS-HITS-3][PS-HITS-4][PS-CHIP-2][PS-AMB-6]") {
    SECTION("2 hits on a stand with 2 of 3") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "arquebus", "h9", Facing::N);
        p.unit(t).hits = 2;
        const auto ev = p.play("shoot h8 h9", "d10:9 d6:3");  // 6: 2 hits, x2
        const auto h = events_of<HitsTaken>(ev);
        REQUIRE(h.size() == 2);
        CHECK(h[0].hits == 1);
        CHECK(h[0].stands_lost == 1);
        CHECK(h[1].hits == 1);
        CHECK(h[1].stands_lost == 0);
        CHECK(p.unit(t).stand_count() == 1);
        CHECK(p.unit(t).hits == 1);
        CHECK(p.s.morale_chips[1] == 11);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
    }
    SECTION("hits left over after the last stand are lost; the unit is Destroyed") {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto t = p.add(B, "arquebus", "h9", Facing::N);
        p.unit(t).stands = {1, 0};
        p.unit(t).hits = 2;
        const auto ev = p.play("shoot h8 h9", "d10:10 d6:1");  // 3 hits, Routed
        const auto h = events_of<HitsTaken>(ev);
        REQUIRE(h.size() == 1);
        CHECK(h[0].hits == 1);
        CHECK(h[0].stands_lost == 1);
        CHECK(p.unit(t).status == UnitStatus::Destroyed);
        CHECK_FALSE(p.unit(t).on_table());
        CHECK(p.s.morale_chips[1] == 11);  // the stand; nothing for a rout
        CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 0);
        CHECK_FALSE(p.legal("shoot h8 h9"));
    }
}

TEST_CASE("damaged stands count in full", "[rules][combat][PS-HITS-5][PS-AMB-52][PS-VICTORY-5]") {
    Position p = board();
    const auto a = p.add(A, "arquebus", "h8");
    const auto b = p.add(B, "arquebus", "h8");
    const int points = victory_points(p.ctx, p.s, A);
    p.unit(a).hits = 2;
    CHECK(victory_points(p.ctx, p.s, A) == points);
    // 2 damaged stands against 2: neither has more.
    auto m = melee_setup(p.ctx, p.s, b, a);
    CHECK_FALSE(has_mod(m.initiator, ModifierId::MoreStands));
    CHECK_FALSE(has_mod(m.defender, ModifierId::MoreStands));
    // 2 damaged stands against 1: more.
    p.unit(b).stands = {1, 0};
    m = melee_setup(p.ctx, p.s, b, a);
    CHECK(has_mod(m.defender, ModifierId::MoreStands));
}

TEST_CASE("hits are never removed, not by a new phase and not by a rally",
          "[rules][combat][PS-UNIT-5][PS-RALLY-8][PS-CHIP-3][PS-CHIP-6]") {
    Position p = board();
    const auto u = p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Disordered);
    p.unit(u).hits = 2;
    p.unit(u).fired = true;
    p.leader(A, "h5");
    p.act(A, CardKind::LeaderCheck, 4);
    const auto ev = p.play("rally h8", "d4:4 d6:1");  // D6 DOWN 1
    const auto r = events_of<RallyAttempted>(ev);
    REQUIRE(r.size() == 1);
    CHECK(r[0].success);
    CHECK(p.unit(u).status == UnitStatus::Ok);
    CHECK(p.unit(u).hits == 2);
    CHECK(p.unit(u).fired);
    CHECK(p.s.morale_chips[0] == 11);  // spent, and not given back on a success
    p.play("pass");
    CHECK(p.unit(u).hits == 2);
}

// --- CANNON (PS-CANNON) ----------------------------------------------------------------------------

TEST_CASE("a CANNON is one stand of 3 hits", "[rules][combat][PS-CANNON-1][PS-UNIT-1][PS-UNIT-2]") {
    {
        Position p = board();
        p.add(A, "arquebus", "h8");
        const auto g = p.add(B, "cannon", "h9", Facing::N);
        CHECK(p.unit(g).stand_count() == 1);
        p.play("shoot h8 h9", "d10:9 d6:3");  // 2 hits
        CHECK(p.unit(g).on_table());
        CHECK(p.unit(g).hits == 2);
    }
    Position p = board();
    p.add(A, "arquebus", "h8");
    const auto g = p.add(B, "cannon", "h9", Facing::N);
    p.play("shoot h8 h9", "d10:10 d6:1");  // 3 hits
    CHECK(p.unit(g).status == UnitStatus::Destroyed);
    CHECK(p.s.morale_chips[1] == 11);
}

TEST_CASE("a CANNON moves 1.5 on an Infantry Move card for 3 pips, turning 45 degrees, never marching, into woods",
          "[rules][combat][PS-CANNON-2][PS-CANNON-4][PS-CANNON-7][PS-AMB-38]") {
    Position p = board();
    p.add(A, "cannon", "h3");
    p.piece(TerrainKind::Wood, {"h4"});
    CHECK_FALSE(p.legal("move h3 h5"));
    CHECK_FALSE(p.legal("move h3 face E"));
    CHECK(p.legal("move h3 face NE"));
    p.play("move h3 h4");  // into the wood
    CHECK(p.s.pips == 7);
    Position q = board();
    q.add(A, "cannon", "h3");
    q.act(A, CardKind::CavalryMove, 10);
    CHECK_FALSE(q.legal("move h3 h4"));
    q.act(A, CardKind::InfantryMove, 10);
    q.play("march");
    CHECK(contains(q.refusal("move h3 h4"), "PS-CANNON-4"));
}

TEST_CASE("a CANNON counts as infantry against cavalry: the cavalry always charge, and the X2 rule applies",
          "[rules][combat][PS-CANNON-5][PS-AMB-38]") {
    Position p = board();
    const auto g = p.add(A, "cannon", "h8");
    const auto l = p.add(B, "lancers", "h8");
    auto m = melee_setup(p.ctx, p.s, g, l);  // the CANNON starts it
    CHECK_FALSE(has_mod(m.initiator, ModifierId::Charging));
    CHECK(has_mod(m.defender, ModifierId::Charging));
    CHECK(m.x2_on_initiator);
    m = melee_setup(p.ctx, p.s, l, g);
    CHECK(has_mod(m.initiator, ModifierId::Charging));
    CHECK(m.x2_on_defender);
}

TEST_CASE("CANNON statistics: Fight D4, range 6, Shoot D8, D6 (Ottoman) or D4 (Moorish)",
          "[rules][combat][PS-CANNON-6]") {
    struct Case {
        std::string army;
        DieType shoot;
    };
    for (const Case& c : {Case{"french", DieType::D8}, Case{"italian", DieType::D8}, Case{"spanish", DieType::D8},
                          Case{"imperialist", DieType::D8}, Case{"ottoman", DieType::D6},
                          Case{"moorish", DieType::D4}}) {
        INFO(c.army);
        Position p = board(c.army, "spanish");
        const auto g = p.add(A, "cannon", "h2");
        CHECK(p.unit(g).fight == DieType::D4);
        CHECK(p.unit(g).shoot_die == c.shoot);
        CHECK(p.unit(g).range_half == 12);
        p.add(B, "pike", "h8");
        p.add(B, "pike", "i8");
        CHECK(p.legal("shoot h2 h8"));                          // 6
        CHECK(contains(p.refusal("shoot h2 i8"), "PS-SHOOT-4"));  // 6.5
    }
}

TEST_CASE("every army has exactly one CANNON", "[rules][combat][PS-CANNON-8]") {
    for (const std::string army : {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"}) {
        const RulesContext ctx = test::Armies::get().context(army, army);
        core::SeededDice dice(7);
        GameState s;
        new_game(ctx, s, dice);
        for (Side side : {A, B}) {
            int cannons = 0;
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                if (s.units[i].side == side && ctx.type(s.units[i]).id == "cannon") ++cannons;
            }
            INFO(army);
            CHECK(cannons == 1);
        }
    }
}

// --- morale checks on the Courage card (PS-MORALE, PS-CARD-11) --------------------------------------

namespace {

/// Turns a Courage card for side A.
Events turn_courage(Position& p) {
    p.next_card(CardKind::Courage);
    return p.play("turn");
}

}  // namespace

TEST_CASE("on the Courage card units in contact check morale, free and compulsorily",
          "[rules][combat][PS-MORALE-1][PS-MORALE-3][PS-MORALE-4][PS-CARD-11][PS-CHIP-10][PS-DICE-6]") {
    SECTION("a failure Disorders an OK unit, and the opponent may chip it") {
        Position p = board();
        const auto u = p.add(A, "pike", "h8");
        p.add(A, "arquebus", "d5");  // not in contact: no check
        p.add(B, "pike", "h8");
        turn_courage(p);
        REQUIRE(p.s.decision == Decision::Courage);
        CHECK(p.s.decider == A);
        CHECK(p.legal("check h8"));
        CHECK_FALSE(p.legal("check d5"));
        CHECK_FALSE(p.legal("pass"));
        CHECK_FALSE(p.legal("turn"));
        const auto ev = p.play("check h8", "d8:3 d6:5");
        const auto m = events_of<MoraleChecked>(ev);
        REQUIRE(m.size() == 1);
        CHECK(m[0].roll.base == DieType::D8);
        CHECK(mods(m[0].roll).empty());
        CHECK(m[0].roll.natural == 3);
        CHECK(m[0].opponent == 5);
        CHECK(m[0].failed);
        CHECK(p.unit(u).status == UnitStatus::Disordered);
        CHECK(p.s.pips == 9);  // only the card cost a pip
        REQUIRE(chip_offered_to(p, B));
        p.play("decline");
        CHECK(back_to_active(p));
    }
    SECTION("a tie passes") {
        Position p = board();
        const auto u = p.add(A, "pike", "h8");
        p.add(B, "pike", "h8");
        turn_courage(p);
        const auto ev = p.play("check h8", "d8:4 d6:4");
        CHECK_FALSE(events_of<MoraleChecked>(ev)[0].failed);
        CHECK(p.unit(u).status == UnitStatus::Ok);
        CHECK(back_to_active(p));
    }
    SECTION("a Disordered unit checks DOWN 1 and routs on a failure, with no chip window") {
        Position p = board();
        const auto u = p.add(A, "pike", "h8", Facing::N, UnitStatus::Disordered);
        p.add(B, "pike", "h8");
        turn_courage(p);
        const auto ev = p.play("check h8", "d6:1 d6:2");
        const auto m = events_of<MoraleChecked>(ev);
        CHECK(mods(m[0].roll) == std::vector<ModifierId>{ModifierId::TestDisordered});
        CHECK(p.unit(u).status == UnitStatus::Routed);
        CHECK(p.unit(u).square != sq("h8"));
        CHECK(p.s.morale_chips[0] == 10);
        CHECK(back_to_active(p));
    }
}

TEST_CASE("the worked example PS-EX-14: a Disordered PIKE with the leader attached fails and routs",
          "[rules][combat][PS-MORALE-2][PS-MORALE-3][PS-DICE-3][PS-LEADER-13]") {
    Position p = board();
    const auto u = p.add(A, "pike", "h8", Facing::N, UnitStatus::Disordered);
    p.add(B, "pike", "h8");
    p.leader(A, "h8", true);
    turn_courage(p);
    // The check, then the roll-off of the leader left alone with the enemy (PS-LEADER-11).
    const auto ev = p.play("check h8", "d10:3 d6:5 d6:4 d6:2");
    const auto m = events_of<MoraleChecked>(ev);
    REQUIRE(m.size() == 1);
    CHECK(m[0].roll.modifier_count == 2);
    CHECK(has_mod(m[0].roll, ModifierId::LeaderAttached));
    CHECK(has_mod(m[0].roll, ModifierId::TestDisordered));
    CHECK(m[0].roll.final == DieType::D10);
    CHECK(m[0].failed);
    CHECK(p.unit(u).status == UnitStatus::Routed);
    CHECK(chips_lost(ev, A, ChipLoss::UnitRouted) == 2);
    CHECK(p.leader_of(A).attached == kNone);
    CHECK(p.leader_of(A).alive);
    CHECK(events_of<LeaderDetached>(ev).size() == 1);
}

TEST_CASE("a PHALANX or TERCIO that fails while Disordered loses a stand and holds, Disordered",
          "[rules][combat][PS-MORALE-3][PS-PHALANX-4][PS-TERCIO-8][PS-AMB-12]") {
    {
        Position p = board();
        const auto u = p.add_type(A, "phalanx", "h8", Facing::N, UnitStatus::Disordered);
        p.unit(u).fight = DieType::D10;
        p.add(B, "pike", "h8");
        turn_courage(p);
        p.play("check h8", "d8:1 d6:6");
        CHECK(p.unit(u).stand_count() == 3);
        CHECK(p.unit(u).status == UnitStatus::Disordered);
        CHECK(p.unit(u).square == sq("h8"));
        CHECK(p.s.morale_chips[0] == 11);
    }
    Position p = board("spanish", "french");
    const auto u = p.add(A, "tercio", "h8", Facing::N, UnitStatus::Disordered);
    p.add(B, "pike", "h8");
    turn_courage(p);
    p.play("check h8", "d8:1 d6:6");
    CHECK(p.unit(u).stands[0] == 1);  // an arquebus stand goes first
    CHECK(p.unit(u).stands[1] == 4);
    CHECK(p.unit(u).status == UnitStatus::Disordered);
    CHECK(p.unit(u).square == sq("h8"));
    CHECK(p.s.morale_chips[0] == 11);
}

TEST_CASE("each unit checks at most once per Courage card, in the order its owner picks, routed units do not",
          "[rules][combat][PS-MORALE-5][PS-AMB-46][PS-MORALE-4]") {
    Position p = board();
    p.add(A, "pike", "h8");
    p.add(A, "pike", "d8");
    p.add(A, "arquebus", "k8", Facing::S, UnitStatus::Routed);
    p.add(B, "pike", "h8");
    p.add(B, "pike", "d8");
    p.add(B, "pike", "k8");
    const auto fs = p.add(B, "skirmishers", "h10");  // FEARSOME, within reach of h8 too
    p.unit(fs).fired = true;
    turn_courage(p);
    CHECK(p.legal("check h8"));
    CHECK(p.legal("check d8"));
    CHECK_FALSE(p.legal("check k8"));
    p.play("check d8", "d8:1 d6:2");  // fails: the chip window comes before the next check
    REQUIRE(chip_offered_to(p, B));
    p.play("decline");
    REQUIRE(p.s.decision == Decision::Courage);
    CHECK_FALSE(p.legal("check d8"));
    p.play("check h8", "d8:6 d6:1");
    CHECK(back_to_active(p));
}

TEST_CASE("morale checks happen only on the Courage card", "[rules][combat][PS-MORALE-6][PS-FEAR-4]") {
    Position p = board();
    p.add(A, "pike", "h8");
    p.add(B, "pike", "h8");
    p.add(B, "skirmishers", "h10");
    CHECK_FALSE(p.legal("check h8"));
    for (CardKind c : {CardKind::Melee, CardKind::MillingAround, CardKind::InfantryMove}) {
        p.next_card(c);
        p.play("turn");
        if (p.s.decision == Decision::React) p.play("decline");
        CHECK(back_to_active(p));
    }
}

// --- FEARSOME units (PS-FEAR) ----------------------------------------------------------------------

TEST_CASE("the FEARSOME units of the lists", "[rules][combat][PS-FEAR-1][PS-TYPE-7]") {
    struct Case {
        std::string army, line;
        bool fearsome;
    };
    for (const Case& c : {Case{"french", "knights", true}, Case{"french", "swiss_phalanx", true},
                          Case{"spanish", "skirmishers", true}, Case{"ottoman", "arquebus", true},
                          Case{"french", "lancers", false}, Case{"spanish", "arquebus", false},
                          Case{"ottoman", "skirmishers", false}, Case{"spanish", "tercio", false}}) {
        INFO(c.army << " " << c.line);
        Position p = board(c.army, "spanish");
        const auto u = p.add(A, c.line, "h5");
        CHECK(p.unit(u).traits.contains(Trait::Fearsome) == c.fearsome);
    }
}

TEST_CASE("a unit within a FEARSOME unit's reach checks on the Courage card",
          "[rules][combat][PS-FEAR-2][PS-FEAR-3][PS-MORALE-4][PS-AMB-51]") {
    const auto due_after_courage = [](Position& p, const std::string& square) {
        turn_courage(p);
        return p.s.decision == Decision::Courage && p.legal("check " + square);
    };
    SECTION("within its move distance, with or without opportunity chips") {
        Position p = board();
        p.add(A, "pike", "h8");
        const auto f = p.add(B, "skirmishers", "h10");  // Move 2.5: h8 is 4 points away
        p.unit(f).fired = true;
        p.s.opportunity_chips[1] = 0;
        CHECK(due_after_courage(p, "h8"));
    }
    SECTION("beyond its move distance") {
        Position p = board();
        p.add(A, "pike", "h7");  // 6 points
        const auto f = p.add(B, "skirmishers", "h10");
        p.unit(f).fired = true;
        turn_courage(p);
        CHECK(p.s.decision != Decision::Courage);
    }
    SECTION("not where it could not charge: a wood it would enter on its second step") {
        Position p = board();
        p.add(A, "pike", "h8");
        p.piece(TerrainKind::Wood, {"h8"});
        const auto f = p.add(B, "skirmishers", "h10");
        p.unit(f).fired = true;
        turn_courage(p);
        CHECK(p.s.decision != Decision::Courage);
    }
    SECTION("not when the FEARSOME unit is Disordered or Routed") {
        for (UnitStatus st : {UnitStatus::Disordered, UnitStatus::Routed}) {
            Position p = board();
            p.add(A, "pike", "h8");
            const auto f = p.add(B, "skirmishers", "h10", Facing::S, st);
            p.unit(f).fired = true;
            turn_courage(p);
            CHECK(p.s.decision != Decision::Courage);
        }
    }
    SECTION("not when the unit is FEARSOME itself") {
        Position p = board();
        p.add(A, "knights", "h8");
        const auto f = p.add(B, "skirmishers", "h10");
        p.unit(f).fired = true;
        turn_courage(p);
        CHECK(p.s.decision != Decision::Courage);
    }
}

TEST_CASE("FEARSOME changes nothing in shooting", "[rules][combat][PS-FEAR-4]") {
    Position p = board("ottoman", "spanish");
    p.add(A, "arquebus", "h8");  // Janissaries: FEARSOME
    p.add(B, "skirmishers", "h9");  // FEARSOME as well
    const auto shot = the_shot(p.play("shoot h8 h9", "d8:1 d6:6"));
    CHECK(mods(shot.roll).empty());
}

// --- chipping (PS-CHIP) ------------------------------------------------------------------------------

TEST_CASE("each side starts with D10 + 8 morale chips", "[rules][combat][PS-CHIP-1]") {
    // Italians: no set-up choice stops new_game before the chips are rolled.
    const RulesContext ctx = test::Armies::get().context("italian", "italian");
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        core::SeededDice dice(seed);
        GameState s;
        const Events ev = new_game(ctx, s, dice);
        const auto rolled = events_of<MoraleChipsRolled>(ev);
        REQUIRE(rolled.size() == 2);
        for (const auto& r : rolled) {
            CHECK(r.chips == r.roll + 8);
            CHECK(s.morale_chips[idx(r.side)] == r.chips);
            CHECK(r.chips >= 9);
            CHECK(r.chips <= 18);
        }
    }
}

TEST_CASE("the worked example PS-EX-15: a chip Disorders an OK MILITIA, a second one is at DOWN 1",
          "[rules][combat][PS-CHIP-9][PS-CHIP-4][PS-CHIP-11][PS-CHIP-10][PS-DICE-3][PS-DICE-8]") {
    Position p = board("spanish", "french");
    p.add(A, "arquebus", "h8");
    p.add(A, "arquebus", "g8");
    const auto t = p.add(B, "militia", "h9");  // French militia: D4
    p.play("shoot h8 h9", "d8:4 d6:2");
    REQUIRE(chip_offered_to(p, A));
    auto ev = p.play("chip", "d4:2 d6:4");
    auto c = events_of<Chipped>(ev);
    REQUIRE(c.size() == 1);
    CHECK(c[0].roll.base == DieType::D4);
    CHECK(mods(c[0].roll).empty());
    CHECK(c[0].chipper_roll == 4);
    CHECK(c[0].success);
    CHECK(p.unit(t).status == UnitStatus::Disordered);  // one step only
    CHECK(p.s.morale_chips[0] == 11);
    CHECK(chips_lost(ev, A, ChipLoss::Chipping) == 1);
    CHECK(back_to_active(p));  // one attempt per window
    // A second chip, after another hit: DOWN 1 for Disordered, still D4.
    p.play("shoot g8 h9", "d8:4 d6:3");  // sum 3: 1 hit, not x2
    REQUIRE(chip_offered_to(p, A));
    ev = p.play("chip", "d4:3 d6:3");  // a tie: no effect, the chip is spent
    c = events_of<Chipped>(ev);
    REQUIRE(c.size() == 1);
    CHECK(mods(c[0].roll) == std::vector<ModifierId>{ModifierId::TestDisordered});
    CHECK(c[0].roll.final == DieType::D4);
    CHECK_FALSE(c[0].success);
    CHECK(p.unit(t).status == UnitStatus::Disordered);
    CHECK(p.s.morale_chips[0] == 10);
}

TEST_CASE("a chip against a unit with the leader attached is UP 2",
          "[rules][combat][PS-CHIP-9][PS-LEADER-4][PS-DICE-3][PS-AMB-13]") {
    Position p = board();
    p.add(A, "arquebus", "h8");
    const auto t = p.add(B, "pike", "h9");  // D10
    p.leader(B, "h9", true);
    p.play("shoot h8 h9", "d8:3 d6:2");
    const auto ev = p.play("chip", "d12:5 d6:6");  // D10 UP 2, clamped to D12
    const auto c = events_of<Chipped>(ev);
    REQUIRE(c.size() == 1);
    CHECK(mods(c[0].roll) == std::vector<ModifierId>{ModifierId::LeaderAttached});
    CHECK(c[0].roll.final == DieType::D12);
    CHECK(c[0].success);
    CHECK(p.unit(t).status == UnitStatus::Disordered);
}

TEST_CASE("a window not used at once is gone", "[rules][combat][PS-CHIP-10][PS-AMB-29]") {
    Position p = board();
    p.add(A, "arquebus", "h8");
    p.add(B, "pike", "h9");
    p.play("shoot h8 h9", "d8:3 d6:2");
    REQUIRE(chip_offered_to(p, A));
    p.play("decline");
    CHECK(back_to_active(p));
    CHECK_FALSE(p.legal("chip"));
}

TEST_CASE("a side with no morale chips cannot chip or rally, and plays on",
          "[rules][combat][PS-CHIP-8][PS-AMB-8][PS-CHIP-7]") {
    Position p = board();
    p.add(A, "arquebus", "h8");
    p.add(A, "arquebus", "c8", Facing::N, UnitStatus::Disordered);
    p.add(B, "pike", "h9");
    p.s.morale_chips[0] = 0;
    p.play("shoot h8 h9", "d8:3 d6:2");  // band 1-2
    CHECK(back_to_active(p));             // no chip offered
    CHECK(p.s.decision != Decision::GameOver);
    p.leader(A, "c6");
    p.act(A, CardKind::LeaderCheck, 3);
    CHECK(contains(p.refusal("rally c8"), "PS-CHIP-8"));
    // Losses beyond what is left are ignored (PS-CHIP-7).
    Position q = board();
    q.add(A, "arquebus", "h8");
    q.add(B, "pike", "h9", Facing::N);
    q.s.morale_chips[1] = 1;
    const auto ev = q.play("shoot h8 h9", "d10:8 d6:2");  // Routed: 2 stands
    CHECK(q.s.morale_chips[1] == 0);
    CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 1);
    CHECK(q.s.decision != Decision::GameOver);
}

TEST_CASE("routing and destroyed stands add up: each rout and each stand costs again",
          "[rules][combat][PS-CHIP-2][PS-AMB-6][PS-ROUT-5][PS-HITS-4]") {
    Position p = board();
    p.add(A, "arquebus", "h8");
    const auto t = p.add(B, "arquebus", "h9", Facing::N);
    p.unit(t).stands = {1, 0};  // one stand lost earlier
    auto ev = p.play("shoot h8 h9", "d10:8 d6:2");  // 2 hits, Routed
    CHECK(chips_lost(ev, B, ChipLoss::UnitRouted) == 1);
    REQUIRE(p.unit(t).status == UnitStatus::Routed);
    const Square at = p.unit(t).square;
    const std::string target = core::to_string(at);
    const std::string from = core::to_string(core::make_square(at.x, at.y - 1));
    p.add(A, "arquebus", from);
    ev = p.play("shoot " + from + " " + target, "d10:5 d6:2");  // sum 9: 1 more hit
    CHECK(p.unit(t).status == UnitStatus::Destroyed);
    CHECK(chips_lost(ev, B, ChipLoss::StandDestroyed) == 1);
    CHECK(p.s.morale_chips[1] == 10);
}

TEST_CASE("a failed rally still costs its chip", "[rules][combat][PS-CHIP-3][PS-RALLY-6]") {
    Position p = board();
    const auto u = p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Disordered);
    p.leader(A, "h5");
    p.act(A, CardKind::LeaderCheck, 4);
    const auto ev = p.play("rally h8", "d4:1 d6:6");
    CHECK_FALSE(events_of<RallyAttempted>(ev)[0].success);
    CHECK(p.unit(u).status == UnitStatus::Disordered);
    CHECK(p.s.morale_chips[0] == 11);
    CHECK(chips_lost(ev, A, ChipLoss::Rallying) == 1);
}

// --- the Leader Check roll (PS-LEADER-9, PS-CHIP-5) -------------------------------------------------

TEST_CASE("the Leader Check test: due in range of enemy weapons, lost on a strictly lower D6",
          "[rules][combat][PS-LEADER-9][PS-LEADER-10][PS-CHIP-5][PS-CARD-9][PS-LOS-6][PS-AMB-34]"
          "[PS-DICE-6]") {
    const auto leader_check = [](Position& p, const std::string& dice) {
        p.next_card(CardKind::LeaderCheck);
        return p.play("turn", dice);
    };
    SECTION("hit: the leader dies and D6 chips are lost") {
        Position p = board();
        p.leader(A, "h5");
        const auto b = p.add(B, "arquebus", "h8");  // 3 squares, in its arc
        p.unit(b).fired = true;                       // loaded or not
        const auto ev = leader_check(p, "d6:2 d6:5 d6:4");
        const auto c = events_of<LeaderChecked>(ev);
        REQUIRE(c.size() == 1);
        CHECK(c[0].due);
        CHECK(c[0].hit);
        // (b), and the unit that made it so, for the player to be told
        CHECK(c[0].trigger == LeaderChecked::Trigger::EnemyFire);
        CHECK(c[0].shooter == b);
        CHECK_FALSE(p.leader_of(A).alive);
        const auto k = events_of<LeaderKilled>(ev);
        REQUIRE(k.size() == 1);
        CHECK(k[0].chips_lost == 4);
        CHECK(p.s.morale_chips[0] == 8);
    }
    SECTION("hit with fewer chips left than the die: the event says what was lost (PS-CHIP-7)") {
        Position p = board();
        p.leader(A, "h5");
        p.add(B, "arquebus", "h8");
        p.s.morale_chips[0] = 2;
        const auto k = events_of<LeaderKilled>(leader_check(p, "d6:2 d6:5 d6:4"));
        REQUIRE(k.size() == 1);
        CHECK(k[0].rolled == 4);
        CHECK(k[0].chips_lost == 2);
        CHECK(p.s.morale_chips[0] == 0);
    }
    SECTION("a tie: he survives") {
        Position p = board();
        p.leader(A, "h5");
        p.add(B, "arquebus", "h8");
        const auto ev = leader_check(p, "d6:3 d6:3");
        CHECK_FALSE(events_of<LeaderChecked>(ev)[0].hit);
        CHECK(p.leader_of(A).alive);
    }
    SECTION("not due: out of range, out of arc, out of sight, or only routed enemies") {
        for (int k = 0; k < 4; ++k) {
            Position p = board();
            p.leader(A, "h5");
            if (k == 0) p.add(B, "arquebus", "h9");
            if (k == 1) p.add(B, "arquebus", "h8", Facing::N);
            if (k == 2) {
                p.add(B, "arquebus", "h8");
                p.piece(TerrainKind::Wood, {"h6"});
            }
            if (k == 3) p.add(B, "arquebus", "h8", Facing::S, UnitStatus::Routed);
            INFO("case " << k);
            const auto ev = leader_check(p, "");
            const auto c = events_of<LeaderChecked>(ev);
            REQUIRE(c.size() == 1);
            CHECK_FALSE(c[0].due);
            CHECK(c[0].trigger == LeaderChecked::Trigger::None);
            CHECK(p.leader_of(A).alive);
        }
    }
    SECTION("the Sultan lost takes every chip") {
        Position p = board("ottoman", "spanish");
        p.leader(A, "h5");
        p.leader_of(A).sultan = true;
        p.add(B, "arquebus", "h8");
        leader_check(p, "d6:1 d6:2 d6:1");
        CHECK_FALSE(p.leader_of(A).alive);
        CHECK(p.s.morale_chips[0] == 0);
    }
}

TEST_CASE("the Leader Check test is due after his unit's melee, and with an enemy in his square",
          "[rules][combat][PS-LEADER-9][PS-CARD-9][PS-AMB-34]") {
    // No enemy here has a Shoot value, so (b), "in range of enemy weapons", never holds: each
    // case turns on (a) or (c) alone.
    LeaderChecked::Trigger trigger = LeaderChecked::Trigger::None;  // of the last check, for the player's words
    const auto check_due = [&trigger](Position& p, const std::string& dice) {
        p.next_card(CardKind::LeaderCheck);
        const auto c = events_of<LeaderChecked>(p.play("turn", dice));
        REQUIRE(c.size() == 1);
        trigger = c[0].trigger;
        return c[0].due;
    };
    // A's PIKE at h5 with the leader attached; B's PIKE entered h5 from h6 (its front).
    const auto contact = [](Position& p) {
        const auto a = p.add(A, "pike", "h5", Facing::N);
        p.leader(A, "h5", true);
        const auto b = p.add(B, "pike", "h5", Facing::S);
        p.unit(b).entrant = true;
        p.unit(b).entry = sq("h6");
        p.act(A, CardKind::Melee, 10);
        p.s.opportunity_chips = {0, 0};
        return std::pair{a, b};
    };
    SECTION("(a) his unit fought a melee since the last check: due once") {
        Position p = board();
        const auto [a, b] = contact(p);
        // On a Melee card the initiator is charging: UP 1, a D12.
        const auto m = events_of<MeleeResolved>(p.play("fight h5", "d12:5 d10:4"));
        REQUIRE(m.size() == 1);
        CHECK(m[0].winner == a);
        CHECK(p.unit(b).square == sq("h6"));  // fell back: no enemy in his square now
        p.play("stay");
        p.play("decline");  // no chip
        REQUIRE(p.leader_of(A).attached == a);
        CHECK(check_due(p, "d6:4 d6:3"));
        CHECK(trigger == LeaderChecked::Trigger::Fought);
        CHECK(p.leader_of(A).alive);
        // The check clears it: the next Leader Check card finds nothing.
        CHECK_FALSE(check_due(p, ""));
    }
    SECTION("(a) the unit that defended in a melee counts too") {
        Position p = board();
        const auto [a, b] = contact(p);
        p.act(B, CardKind::Melee, 10);
        p.s.opportunity_chips = {0, 0};
        const auto m = events_of<MeleeResolved>(p.play("fight h5", "d12:4 d12:5"));  // the leader: UP 1 for his unit
        REQUIRE(m.size() == 1);
        CHECK(m[0].winner == a);
        p.play("stay");     // A won at home: it may follow or stay
        p.play("decline");  // then its chip window
        p.act(A, CardKind::InfantryMove, 10);
        CHECK(check_due(p, "d6:4 d6:3"));
    }
    SECTION("(a) a melee of another unit of his side does not count") {
        Position p = board();
        p.add(A, "pike", "c5", Facing::N);
        p.leader(A, "c5", true);
        const auto a = p.add(A, "pike", "h5", Facing::N);
        const auto b = p.add(B, "pike", "h5", Facing::S);
        p.unit(b).entrant = true;
        p.unit(b).entry = sq("h6");
        p.act(A, CardKind::Melee, 10);
        p.s.opportunity_chips = {0, 0};
        REQUIRE(events_of<MeleeResolved>(p.play("fight h5", "d10:5 d10:4")).at(0).winner == a);
        p.play("stay");
        p.play("decline");
        CHECK_FALSE(check_due(p, ""));
    }
    SECTION("(c) an enemy unit in his square, and not next to it") {
        Position p = board();
        contact(p);
        CHECK(check_due(p, "d6:4 d6:3"));
        CHECK(trigger == LeaderChecked::Trigger::EnemyInSquare);
        Position q = board();
        q.add(A, "pike", "h5", Facing::N);
        q.leader(A, "h5", true);
        q.add(B, "pike", "h6", Facing::S);
        CHECK_FALSE(check_due(q, ""));
    }
}

TEST_CASE("a shot at a unit never touches its attached leader", "[rules][combat][PS-LEADER-12][PS-LEADER-13]") {
    Position p = board();
    p.add(A, "arquebus", "h8");
    const auto t = p.add(B, "pike", "h9", Facing::N);
    p.leader(B, "h9", true);
    p.play("shoot h8 h9", "d10:10 d6:1");  // 3 hits, Routed
    CHECK(p.unit(t).status == UnitStatus::Routed);
    CHECK(p.leader_of(B).alive);
    CHECK(p.leader_of(B).attached == kNone);
    CHECK(p.leader_of(B).square == sq("h9"));
}
