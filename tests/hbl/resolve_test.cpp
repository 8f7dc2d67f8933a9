// Hell Broke Loose's resolution arithmetic against the worked examples of the source's three
// play-test posts (HBL-TV-n): the factors each example lists give the die, the example's own
// natural rolls give the result, and the running totals of UI and chips are the example's.
#include "hbl/resolve.hpp"

#include <catch2/catch.hpp>

using namespace tercio::hbl;
using tercio::core::ladder_die;
using tercio::core::result;

namespace {

constexpr LadderDie die(DieType d, int plus = 0) {
    return LadderDie{d, plus};
}

Fighter fighter(DieType base, const MeleeFactors& f, int natural, bool fierce = false) {
    return Fighter{ladder_die(base, melee_steps(f)), natural, fierce, false};
}

}  // namespace

// --- Initiative, the Lull and the march (15 January post) ---------------------------------------

TEST_CASE("initiative: both sides get the difference, the higher roller chooses",
          "[hbl][HBL-TV-1][HBL-TV-2][HBL-INIT-2][HBL-INIT-3][HBL-ERR-1][HBL-DICE-6]") {
    // HBL-TV-1: the French (A) roll 9, the Imperials (B) 8 on their D10s. The post says the
    // Imperials chose; by the rule (HBL-ERR-1) it is the French, who rolled higher.
    const Initiative t1 = initiative(9, 8);
    CHECK(t1.pips == 1);
    REQUIRE(t1.chooser);
    CHECK(*t1.chooser == Side::A);
    CHECK_FALSE(t1.turn_ends);
    // HBL-TV-2: the Imperials (B) roll 8 and the French (A) 2: six pips each, the Imperials choose.
    const Initiative t2 = initiative(2, 8);
    CHECK(t2.pips == 6);
    REQUIRE(t2.chooser);
    CHECK(*t2.chooser == Side::B);
}

TEST_CASE("equal initiative rolls end the turn", "[hbl][HBL-INIT-4]") {
    const Initiative t = initiative(7, 7);
    CHECK(t.turn_ends);
    CHECK(t.pips == 0);
    CHECK_FALSE(t.chooser);
}

TEST_CASE("a Lull is stolen only by a higher army die roll",
          "[hbl][HBL-TV-8][HBL-TV-18][HBL-LULL-1][HBL-LULL-2][HBL-LULL-3][HBL-UNDEF-24]") {
    // The posts give no numbers: HBL-TV-8 the French roll higher than the Imperials who turned it,
    // HBL-TV-18 the Imperials roll lower than the French.
    CHECK(lull_steals(5, 8));
    CHECK_FALSE(lull_steals(8, 5));
    CHECK_FALSE(lull_steals(6, 6));  // "They must beat the French roll"
}

TEST_CASE("march activation: less is one move, more two, more and triple three",
          "[hbl][HBL-TV-3][HBL-TV-4][HBL-TV-7][HBL-TV-9][HBL-TV-10][HBL-TV-12][HBL-TV-14]"
          "[HBL-MARCH-1][HBL-MARCH-3][HBL-MARCH-4][HBL-MARCH-5][HBL-MARCH-6]") {
    CHECK(march(10, 4).moves == 2);  // HBL-TV-3: more, and a double is nothing of its own (10 < 12)
    CHECK(march(8, 2).moves == 3);   // HBL-TV-4: more and triple (8 >= 6)
    CHECK(march(9, 7).moves == 2);   // HBL-TV-7
    CHECK(march(6, 8).moves == 1);   // HBL-TV-9: less
    CHECK(march(6, 5).moves == 2);   // HBL-TV-10
    CHECK(march(7, 4).moves == 2);   // HBL-TV-12
    CHECK(march(8, 3).moves == 2);   // HBL-TV-14: 8 < 9, not triple
    CHECK(march(9, 3).moves == 3);   // exactly triple
}

TEST_CASE("a natural 1 on the command die does not activate",
          "[hbl][HBL-TV-11][HBL-TV-13][HBL-MARCH-2]") {
    CHECK(march(1, 1).moves == 0);  // HBL-TV-11: even against the lowest D8
    CHECK(march(1, 8).moves == 0);  // HBL-TV-13 (Cavalry March)
    CHECK_FALSE(march(1, 1).fierce_melee);
}

TEST_CASE("an equal command roll is one move", "[hbl][HBL-MARCH-7][HBL-UNDEF-9]") {
    CHECK(march(5, 5).moves == 1);
}

TEST_CASE("an even command roll lets Fierce units fight one melee without a card",
          "[hbl][HBL-TV-33][HBL-MARCH-8][HBL-FIERCE-3]") {
    // HBL-TV-33 gives no numbers: "more than and even" is two moves and an automatic melee.
    const March m = march(6, 5);
    CHECK(m.moves == 2);
    CHECK(m.fierce_melee);
    CHECK_FALSE(march(7, 4).fierce_melee);
    CHECK(march(4, 8).fierce_melee);  // even and less: one move, and the melee still
}

TEST_CASE("a move is the Defence Die in inches: 2 inches a square",
          "[hbl][HBL-MOVE-1][HBL-GRID-1][HBL-TV-3][HBL-TV-12]") {
    CHECK(move_half_squares(DieType::D4) == 4);  // HBL-TV-12: 4" is 2 squares
    CHECK(move_half_squares(DieType::D6) == 6);  // HBL-TV-3: 6" is 3 squares
    CHECK(move_half_squares(DieType::D8) == 8);
    CHECK(move_half_squares(DieType::D12) == 12);
}

// --- Genitors against Borgia's Gendarmes (15 January post) --------------------------------------

TEST_CASE(
    "Genitors close-skirmish Borgia's Gendarmes, are fought on a Melee card and are pushed back",
    "[hbl][HBL-TV-15][HBL-TV-16][HBL-TV-19][HBL-SKIRM-3][HBL-SKIRM-4][HBL-ERR-3]"
    "[HBL-ERR-6][HBL-ERR-7][HBL-FIERCE-1][HBL-FIERCE-2][HBL-MELEE-9][HBL-UNDEF-27]") {
    Integrity gendarmes{4, 0, 0, false};
    Integrity genitors1{4, 0, 0, false};
    Integrity genitors2{4, 0, 0, false};

    // HBL-TV-15: Genitors (A) D8, Up 1 initiating, Down 1 fully armoured; natural 8.
    MeleeFactors gen;
    gen.initiating = gen.against_fully_armoured = true;
    Fighter a = fighter(DieType::D8, gen, 8);
    a.close_skirmish = true;
    CHECK(a.die == die(DieType::D8));
    // Gendarmes (B) D12, Fierce: Up 1 formed in the open, Up 1 armour, Up 1 weapon; natural 8.
    MeleeFactors gd;
    gd.formed_cavalry_open = gd.superior_armour = gd.superior_weapon = true;
    Fighter b = fighter(DieType::D12, gd, 8, true);
    CHECK(b.die == die(DieType::D12, 3));
    CHECK(b.total() == 11);
    Round r = melee_round(a, b);
    CHECK(r.difference == 3);  // the post says 4 (HBL-ERR-3)
    // A close-skirmish loss on an even roll: hard fought, no advantage; the melee ends and the
    // Genitors pull back.
    CHECK(r.of(Side::A).ui == 1);
    CHECK(r.of(Side::B).ui == 1);
    CHECK(r.of(Side::A).fate == Fate::Withdraws);
    CHECK(r.of(Side::B).fate == Fate::Holds);
    CHECK(r.ends);
    CHECK_FALSE(r.of(Side::B).follows_up);
    CHECK(settle(genitors1, r.of(Side::A), false, {}).cost == Cost{1, 1});
    CHECK(settle(gendarmes, r.of(Side::B), false, {}).cost == Cost{1, 1});

    // HBL-TV-16: the second Genitors, natural 7; the Gendarmes now Down 1 for the UI lost, D12+2,
    // natural 5, total 7. A draw on odd rolls: embroiled, the melee goes on.
    gd.ui_lost = gendarmes.lost;
    a.natural = 7;
    b = fighter(DieType::D12, gd, 5, true);
    CHECK(b.die == die(DieType::D12, 2));
    r = melee_round(a, b);
    CHECK(r.difference == 0);
    CHECK_FALSE(r.higher);
    CHECK_FALSE(r.ends);
    CHECK(r.of(Side::A).fate == Fate::Holds);
    // HBL-ERR-6: the post awards no follow-up; the later Fierce amendment (HBL-FIERCE-2) does.
    CHECK(r.of(Side::B).follows_up);
    CHECK_FALSE(r.of(Side::A).follows_up);
    CHECK(settle(genitors2, r.of(Side::A), false, {}).cost == Cost{1, 1});
    CHECK(settle(gendarmes, r.of(Side::B), false, {}).cost == Cost{1, 1});

    // HBL-TV-19: the French Melee card; the ongoing melee is an ordinary round now. Gendarmes
    // Down 2 for 2 UI lost: D12+1, natural 3, total 4. Genitors Down 1 armoured, Down 1 UI: D4, 2.
    gd.ui_lost = gendarmes.lost;
    b = fighter(DieType::D12, gd, 3, true);
    CHECK(b.die == die(DieType::D12, 1));
    MeleeFactors gen2;
    gen2.against_fully_armoured = true;
    gen2.ui_lost = genitors2.lost;
    a = fighter(DieType::D8, gen2, 2);
    CHECK(a.die == die(DieType::D4));
    r = melee_round(a, b);
    CHECK(r.difference == 2);
    REQUIRE(r.higher);
    CHECK(*r.higher == Side::B);
    // Hard fought marginal, and the Fierce Gendarmes push the Genitors back vexed.
    CHECK(r.of(Side::A).fate == Fate::PushedBack);
    CHECK(r.of(Side::A).fierce_push);
    CHECK(r.of(Side::B).must_follow);  // natural 3 is odd
    CHECK(r.of(Side::B).follows_up);
    const Settled genitors = settle(genitors2, r.of(Side::A), false, {});
    CHECK(genitors.cost == Cost{1, 1});
    CHECK(genitors2.vexed);
    CHECK(settle(gendarmes, r.of(Side::B), false, {}).cost == Cost{1, 1});
    CHECK(gendarmes.lost == 3);  // the three UI HBL-TV-23 finds
}

TEST_CASE("a close skirmish won, or drawn on an even roll, ends with the skirmishers pulling back",
          "[hbl][HBL-SKIRM-4][HBL-UNDEF-27]") {
    Fighter skirm{die(DieType::D8), 8, false, true};
    const Fighter formed{die(DieType::D8), 3, false, false};
    Round r = melee_round(skirm, formed);  // won by 5: treated normally, then they withdraw
    CHECK(r.ends);
    CHECK(r.of(Side::A).fate == Fate::Withdraws);
    CHECK(r.of(Side::B).fate == Fate::PushedBack);
    CHECK(r.of(Side::B).ui == 1);
    CHECK_FALSE(r.of(Side::A).must_follow);
    skirm.natural = 4;
    r = melee_round(skirm, Fighter{die(DieType::D8), 4, false, false});  // a draw on an even roll
    CHECK(r.ends);
    CHECK(r.of(Side::A).fate == Fate::Withdraws);
    CHECK(r.of(Side::A).ui == 1);
    CHECK(r.of(Side::B).ui == 1);
    skirm.natural = 3;
    r = melee_round(skirm, Fighter{die(DieType::D8), 8, false, false});  // lost on an odd roll
    CHECK_FALSE(r.ends);
    CHECK(r.of(Side::A).fate == Fate::PushedBack);  // embroiled: treated normally
}

// --- Shooting and rallying (15 January post) ----------------------------------------------------

TEST_CASE("the French guns shoot the Colonelas and the pike block",
          "[hbl][HBL-TV-20][HBL-TV-21][HBL-TV-22][HBL-SHOOT-2][HBL-SHOOT-3][HBL-SHOOT-4]"
          "[HBL-SHOOT-5][HBL-MOD-2]") {
    // HBL-TV-20: artillery D6, Down 1 long range, Up 1 against a Colonela: D6, natural 2; the
    // Colonela's Defence Die (D8) natural 1. One pip: no UI, but lower and odd: vexed.
    ShotFactors f;
    f.long_range = f.at_colonela = true;
    const LadderDie gun = ladder_die(DieType::D6, shot_steps(f));
    CHECK(gun == die(DieType::D6));
    Shot s = shoot({gun, 2, 1});
    CHECK(s.difference == 1);
    CHECK(s.ui == 0);
    CHECK(s.vexes);
    Integrity colonela{4, 0, 0, false};
    CHECK(take_shot(colonela, s) == Cost{0, 0});
    CHECK(colonela.vexed);
    // HBL-TV-21: "same factors and same overall result" against the second Colonela; the rolls
    // are not given, so any that win by under 3 against an odd Defence Die.
    s = shoot({gun, 5, 3});
    CHECK(s.ui == 0);
    CHECK(s.vexes);
    // HBL-TV-22: against the pike block, Down 1 long range, Up 2 pike square: D8. The gun rolls
    // lower (the rolls are not given): no effect; an equal roll is none either.
    ShotFactors pike;
    pike.long_range = pike.at_pike_square = true;
    const LadderDie at_pike = ladder_die(DieType::D6, shot_steps(pike));
    CHECK(at_pike == die(DieType::D8));
    s = shoot({at_pike, 3, 5});
    CHECK_FALSE(s.effect());
    CHECK_FALSE(s.vexes);
    CHECK_FALSE(shoot({at_pike, 5, 5}).effect());
    Integrity block{8, 4, 0, false};
    CHECK(take_shot(block, s) == Cost{0, 0});
    CHECK_FALSE(block.vexed);
}

TEST_CASE("Borgia's Gendarmes rally one UI on a Command card",
          "[hbl][HBL-TV-23][HBL-RALLY-1][HBL-RALLY-2][HBL-RALLY-4][HBL-MOD-3][HBL-UNDEF-19]") {
    // Commander D10, Down 1 in contact, Up 1 for the unit's D8 Defence Die: D10, natural 7,
    // against an unadjusted D8 of 3. Four pips: one UI back, for a chip.
    RallyFactors f;
    f.in_contact = f.d8_defence = true;
    const LadderDie officer = ladder_die(DieType::D10, rally_steps(f));
    CHECK(officer == die(DieType::D10));
    const Rally r = rally(officer, 7, 3);
    CHECK(r.difference == 4);
    CHECK(r.rallies);
    CHECK(r.ui_max == 1);
    Integrity gendarmes{4, 0, 3, true};
    CHECK(take_rally(gendarmes, r, 1) == 1);
    CHECK(gendarmes.lost == 2);
    CHECK_FALSE(gendarmes.vexed);  // HBL-RALLY-3: any vexation ends too
    CHECK_THROWS_AS(take_rally(gendarmes, r, 2), ResolveError);
}

TEST_CASE("a rally that does not beat the D8 does nothing", "[hbl][HBL-RALLY-3]") {
    const Rally r = rally(die(DieType::D10), 4, 4);
    CHECK_FALSE(r.rallies);
    Integrity u{4, 0, 1, true};
    CHECK(take_rally(u, r, 0) == 0);
    CHECK(u.vexed);
}

// --- Combat 1: Lance Spezzate against archer cavalry (18 January post) --------------------------

TEST_CASE("Combat 1: the Lance Spezzate rout the archer cavalry in three rounds",
          "[hbl][HBL-TV-24][HBL-TV-25][HBL-TV-26][HBL-TV-27][HBL-MELEE-3][HBL-MELEE-4]"
          "[HBL-MELEE-5][HBL-MELEE-6][HBL-MELEE-9][HBL-MELEE-10][HBL-MOD-1][HBL-UI-2]"
          "[HBL-UI-3][HBL-UI-8][HBL-UNDEF-4][HBL-FIERCE-2][HBL-ERR-4][HBL-ERR-6]"
          "[HBL-UNDEF-5][HBL-UNDEF-6]") {
    Integrity red{4, 0, 0, false};   // class C archer cavalry, CD D8
    Integrity blue{4, 0, 0, false};  // Fierce class B Lance Spezzate, CD D10

    // HBL-TV-24, round 1: Red initiates. Red D8 Up 1 initiating, Up 1 formed, Down 1 armoured:
    // D10, natural 8. Blue D10 Up 1 formed, Up 1 armour: D12+1, natural 6, total 7.
    MeleeFactors rf;
    rf.initiating = rf.formed_cavalry_open = rf.against_fully_armoured = true;
    MeleeFactors bf;
    bf.formed_cavalry_open = bf.superior_armour = true;
    Fighter a = fighter(DieType::D8, rf, 8);
    Fighter b = fighter(DieType::D10, bf, 6, true);
    CHECK(a.die == die(DieType::D10));
    CHECK(b.die == die(DieType::D12, 1));
    Round r = melee_round(a, b);
    CHECK(r.difference == 1);
    CHECK(*r.higher == Side::A);
    CHECK(r.of(Side::A).follows_up);
    CHECK(r.of(Side::B).fate == Fate::Holds);  // the Fierce side lost: no push back
    CHECK(settle(red, r.of(Side::A), false, {}).cost == Cost{1, 1});
    CHECK(settle(blue, r.of(Side::B), false, {}).cost == Cost{1, 1});

    // HBL-TV-25, round 2: Red Up 1 following up, Up 1 formed, Down 1 armoured, Down 1 UI: D8, 7.
    // Blue Up 1 formed, Up 1 armour, Down 1 UI: D12, 7. A draw.
    rf.initiating = false;
    rf.following_up = true;
    rf.ui_lost = red.lost;
    bf.ui_lost = blue.lost;
    a = fighter(DieType::D8, rf, 7);
    b = fighter(DieType::D10, bf, 7, true);
    CHECK(a.die == die(DieType::D8));
    CHECK(b.die == die(DieType::D12));
    r = melee_round(a, b);
    CHECK(r.difference == 0);
    CHECK_FALSE(r.of(Side::A).follows_up);
    CHECK(r.of(Side::B).follows_up);  // HBL-FIERCE-2 (the post, earlier, says neither: HBL-ERR-6)
    CHECK(settle(red, r.of(Side::A), false, {}).cost == Cost{1, 1});
    CHECK(settle(blue, r.of(Side::B), false, {}).cost == Cost{1, 1});

    // HBL-TV-26, round 3: Red Up 1 formed, Down 1 armoured, Down 2 UI: D4, natural 3. Blue Up 1
    // formed, Up 1 armour, Down 2 UI (the post lists Down 1: HBL-ERR-4): D10, natural 9.
    rf.following_up = false;
    rf.ui_lost = red.lost;
    bf.ui_lost = blue.lost;
    a = fighter(DieType::D8, rf, 3);
    b = fighter(DieType::D10, bf, 9, true);
    CHECK(a.die == die(DieType::D4));
    CHECK(b.die == die(DieType::D10));
    r = melee_round(a, b);
    CHECK(r.difference == 6);
    CHECK(r.of(Side::A).ui == 2);
    CHECK(r.of(Side::A).fate == Fate::Routed);
    CHECK(r.of(Side::B).must_follow);  // natural 9 is odd: Blue must pursue
    CHECK(settle(red, r.of(Side::A), false, {}).cost == Cost{2, 2});
    CHECK(settle(blue, r.of(Side::B), false, {}).cost == Cost{0, 0});
    // With HBL-FIERCE-2's follow-up from round 2, Blue is D12 on the same 9: the same result.
    bf.following_up = true;
    const Fighter b2 = fighter(DieType::D10, bf, 9, true);
    CHECK(b2.die == die(DieType::D12));
    const Round r2 = melee_round(a, b2);
    CHECK(r2.difference == 6);
    CHECK(r2.of(Side::A).fate == Fate::Routed);

    // HBL-TV-27: Red has lost all 4 UI and 4 chips; Blue 2 and 2.
    CHECK(red.lost == 4);
    CHECK(red.gone());
    CHECK(blue.lost == 2);
}

TEST_CASE("a winner on an even roll need not pursue or follow up",
          "[hbl][HBL-MELEE-9][HBL-UNDEF-10]") {
    const Round r = melee_round(Fighter{die(DieType::D10), 10, false, false},
                                Fighter{die(DieType::D4), 2, false, false});
    CHECK(r.of(Side::B).fate == Fate::Routed);
    CHECK_FALSE(r.of(Side::A).must_follow);
}

TEST_CASE("Fierce troops push other troops back on a marginal win, but not other Fierce troops",
          "[hbl][HBL-FIERCE-1][HBL-UNDEF-26][HBL-MELEE-9]") {
    const Fighter fierce{die(DieType::D10), 7, true, false};
    Round r = melee_round(fierce, Fighter{die(DieType::D10), 6, false, false});
    CHECK(r.of(Side::B).fate == Fate::PushedBack);
    CHECK(r.of(Side::B).ui == 1);  // the hard-fought UI only, not another for the push back
    CHECK(r.of(Side::A).ui == 1);
    CHECK(r.of(Side::A).must_follow);  // natural 7 is odd: it must follow up (HBL-MELEE-9)
    r = melee_round(fierce, Fighter{die(DieType::D10), 6, true, false});
    CHECK(r.of(Side::B).fate == Fate::Holds);
}

TEST_CASE("after a draw, Fierce troops count as following up", "[hbl][HBL-FIERCE-2][HBL-MELEE-4]") {
    const Round r = melee_round(Fighter{die(DieType::D10), 6, true, false},
                                Fighter{die(DieType::D10), 6, false, false});
    CHECK(r.of(Side::A).follows_up);
    CHECK_FALSE(r.of(Side::B).follows_up);
    CHECK(r.of(Side::A).ui == 1);
    CHECK(r.of(Side::B).ui == 1);
    CHECK_FALSE(r.ends);
}

// --- Combat 2: Gendarmes against the flank of a Landsknecht block (18 January post) -------------

TEST_CASE("Combat 2: the Landsknechts pay stubborn chips, rally, and push the Gendarmes back",
          "[hbl][HBL-TV-28][HBL-TV-29][HBL-TV-30][HBL-TV-31][HBL-TV-32][HBL-MELEE-1]"
          "[HBL-MELEE-7][HBL-MELEE-8][HBL-MELEE-11][HBL-MELEE-13][HBL-UI-4][HBL-UI-5]"
          "[HBL-UI-6][HBL-VEX-2][HBL-VEX-3][HBL-VEX-4][HBL-VEX-5][HBL-CHIP-2][HBL-RALLY-5]"
          "[HBL-ERR-5][HBL-DICE-4][HBL-UNDEF-25]") {
    Integrity red{8, 4, 0, false};   // class B Landsknechts, CD D10, 8 UI of which 4 stubborn
    Integrity blue{4, 0, 0, false};  // Fierce class A Gendarmes, CD D12
    int red_chips = 0;
    int blue_chips = 0;

    // HBL-TV-28, round 1, a flank attack (no Melee card). Blue Up 1 initiating, Up 1 formed, Up 1
    // flanking, Up 1 armour: D12+4, natural 10, 14 capped to 12. Red Up 1 close-formed, Up 1
    // weapon, Down 1 armoured, Down 1 flanked: D10, natural 9.
    MeleeFactors bf;
    bf.initiating = bf.formed_cavalry_open = bf.flanking = bf.superior_armour = true;
    MeleeFactors rf;
    rf.close_formed_open = rf.superior_weapon = rf.against_fully_armoured = rf.flanked = true;
    rf.stubborn_ui = red.stubborn;
    Fighter a = fighter(DieType::D10, rf, 9);
    Fighter b = fighter(DieType::D12, bf, 10, true);
    CHECK(b.die == die(DieType::D12, 4));
    CHECK(b.total() == 12);
    CHECK(a.die == die(DieType::D10));
    Round r = melee_round(a, b);
    CHECK(r.difference == 3);
    CHECK(r.of(Side::A).fate == Fate::PushedBack);
    CHECK(r.of(Side::B).follows_up);
    // Red still has stubborn UI and pays a chip to cancel the push back; it is vexed anyway, for
    // losing against its flank (a first vexation, free).
    REQUIRE(may_be_stubborn(red.stubborn_left(), r.of(Side::A)));
    SettleChoice flank;
    flank.lost_to_flank = true;
    SettleChoice stubborn_flank = flank;
    stubborn_flank.stubborn = true;
    Settled s = settle(red, r.of(Side::A), red.stubborn_left(), stubborn_flank);
    CHECK(s.cost == Cost{1, 2});
    CHECK(s.fate == Fate::Holds);
    CHECK(red.vexed);
    red_chips += s.cost.chips;
    blue_chips += settle(blue, r.of(Side::B), false, {}).cost.chips;

    // HBL-TV-29, round 2 (Melee card). The Landsknechts have turned their flank stands: no longer
    // flanked, but Blue still flanking. Blue Up 1 following up, formed, flanking, armour, Down 1
    // frontal pike: D12+3, natural 10, 13 capped to 12. Red Up 1 close-formed, Up 1 weapon, Down 1
    // armoured, Down 1 vexed, no UI Down (1 lost, 4 stubborn): D10, natural 3.
    bf.initiating = false;
    bf.following_up = bf.facing_frontal_pike = true;
    rf.flanked = false;
    rf.vexed = red.vexed;
    rf.ui_lost = red.lost;
    a = fighter(DieType::D10, rf, 3);
    b = fighter(DieType::D12, bf, 10, true);
    CHECK(b.die == die(DieType::D12, 3));
    CHECK(b.total() == 12);
    CHECK(a.die == die(DieType::D10));
    r = melee_round(a, b);
    CHECK(r.difference == 9);
    CHECK(r.of(Side::A).ui == 3);
    CHECK(r.of(Side::A).fate == Fate::Routed);
    // Red started with stubborn UI (1 < 4): a chip turns the rout into a push back vexed, which
    // as it is already vexed costs a UI and a chip; losing to the flank attack is another.
    // "OUCH!": 5 UI and 6 chips.
    s = settle(red, r.of(Side::A), red.stubborn_left(), stubborn_flank);
    CHECK(s.cost == Cost{5, 6});
    CHECK(s.fate == Fate::PushedBack);
    CHECK(r.of(Side::B).follows_up);
    red_chips += s.cost.chips;
    CHECK(red.lost == 6);
    CHECK(red_chips == 8);

    // HBL-TV-30, Red's Command card: the officer is moved and attached. D10 Up 1 attached, Up 1
    // for the D8 Defence Die, Down 1 in contact: D12, natural 11, against Blue's D8 of 2. Nine
    // pips: three UI back, a chip each, and the vexation is gone.
    RallyFactors rally_f;
    rally_f.officer_attached = rally_f.d8_defence = rally_f.in_contact = true;
    const LadderDie officer = ladder_die(DieType::D10, rally_steps(rally_f));
    CHECK(officer == die(DieType::D12));
    const Rally rally_roll = rally(officer, 11, 2);
    CHECK(rally_roll.ui_max == 3);
    red_chips += take_rally(red, rally_roll, 3);
    CHECK(red.lost == 3);
    CHECK(red_chips == 11);
    CHECK_FALSE(red.vexed);

    // HBL-TV-31, round 3. Blue as before: D12+3, natural 4 (the post's "7 (4+3 = 7) 12" is
    // garbled: HBL-ERR-5), total 7. Red Up 1 close-formed, Up 1 weapon, Down 1 armoured; no
    // vexation, 3 UI lost within its 4 stubborn, nothing for the attached officer (HBL-MELEE-13):
    // D12, natural 11.
    rf.vexed = red.vexed;
    rf.ui_lost = red.lost;
    a = fighter(DieType::D10, rf, 11);
    b = fighter(DieType::D12, bf, 4, true);
    CHECK(a.die == die(DieType::D12));
    CHECK(b.total() == 7);
    r = melee_round(a, b);
    CHECK(r.difference == 4);
    CHECK(*r.higher == Side::A);
    CHECK(r.of(Side::B).fate == Fate::PushedBack);
    s = settle(blue, r.of(Side::B), false, {});
    CHECK(s.cost == Cost{1, 1});
    CHECK(blue.vexed);
    blue_chips += s.cost.chips;

    // HBL-TV-32: Red 3 UI lost net and 11 chips; Blue 1 UI and 1 chip, vexed.
    CHECK(red.lost == 3);
    CHECK(red_chips == 11);
    CHECK(blue.lost == 1);
    CHECK(blue_chips == 1);
}

// --- Combat 3: a Swiss pike square against two Landsknecht blocks and a gun (18 January post) ---

TEST_CASE("Combat 3: the Swiss square is shot, fights two blocks, is shot again and routs",
          "[hbl][HBL-TV-34][HBL-TV-35][HBL-TV-36][HBL-TV-37][HBL-TV-38][HBL-TV-39]"
          "[HBL-TV-40][HBL-TV-41][HBL-TV-42][HBL-SHOOT-1][HBL-SHOOT-6][HBL-SHOOT-7]"
          "[HBL-UI-1][HBL-UI-6][HBL-UI-7][HBL-MELEE-2][HBL-MELEE-11][HBL-VEX-2][HBL-VEX-3]"
          "[HBL-ERR-2][HBL-UNDEF-8]") {
    Integrity swiss{10, 6, 0, false};  // Fierce class A, CD D12, 10 UI of which 6 stubborn
    Integrity l1{8, 4, 0, false};      // class B Landsknechts, CD D10
    Integrity l2{8, 4, 0, false};
    Cost blue;
    Cost red;
    const auto add = [](Cost& total, const Cost& c) {
        total.ui += c.ui;
        total.chips += c.chips;
    };

    // HBL-TV-34 (E2): the loaded gun fires in Blue's phase. D6 Up 2 close range, Up 2 pike square:
    // D12+1, natural 9, total 10; the Swiss Defence Die (D8) natural 3. Seven pips: 2 UI, a move
    // lost, and lower and odd: vexed. The Swiss pay the chips (the post says Red: HBL-ERR-2).
    ShotFactors at_swiss;
    at_swiss.artillery_close = at_swiss.at_pike_square = true;
    const LadderDie gun = ladder_die(DieType::D6, shot_steps(at_swiss));
    CHECK(gun == die(DieType::D12, 1));
    const Shot shot1 = shoot({gun, 9, 3});
    CHECK(shot1.difference == 7);
    CHECK(shot1.ui == 2);
    CHECK(shot1.costs_move);
    CHECK(shot1.vexes);
    add(blue, take_shot(swiss, shot1));
    CHECK(blue == Cost{2, 2});
    CHECK(swiss.vexed);

    // HBL-TV-35 (E3): L1 is 9" away, one 8" move short; the Swiss still have stubborn UI (2 < 6)
    // and pay a chip to keep the move.
    blue.chips += keep_move(swiss);
    CHECK(blue == Cost{2, 3});

    // HBL-TV-36 (E4): the automatic Fierce melee against L1. Swiss Up 1 initiating, close-formed,
    // pike square frontal, Down 1 vexed, no UI Down: D12+2, natural 8, total 10. L1 Up 1
    // close-formed, Up 1 pike square: D12+1, natural 3, total 4.
    MeleeFactors sf;
    sf.initiating = sf.close_formed_open = sf.pike_square_frontal = true;
    sf.vexed = swiss.vexed;
    sf.ui_lost = swiss.lost;
    sf.stubborn_ui = swiss.stubborn;
    MeleeFactors lf;
    lf.close_formed_open = lf.pike_square_frontal = true;
    lf.stubborn_ui = 4;
    Fighter s = fighter(DieType::D12, sf, 8, true);
    Fighter l = fighter(DieType::D10, lf, 3);
    CHECK(s.die == die(DieType::D12, 2));
    CHECK(l.die == die(DieType::D12, 1));
    Round r = melee_round(s, l);
    CHECK(r.difference == 6);
    CHECK(r.of(Side::B).fate == Fate::Routed);
    CHECK(r.of(Side::B).ui == 2);
    SettleChoice stubborn;
    stubborn.stubborn = true;
    Settled st = settle(l1, r.of(Side::B), l1.stubborn_left(), stubborn);
    CHECK(st.fate == Fate::PushedBack);  // a chip made the rout a push back, vexed
    CHECK(st.cost == Cost{2, 3});
    CHECK(l1.vexed);
    add(red, st.cost);
    add(blue, settle(swiss, r.of(Side::A), true, {}).cost);

    // HBL-TV-37 (E5): Blue's Melee card, a new melee with L2. Swiss D12+2, natural 4, total 6; L2
    // D12+1, natural 3, total 4. Hard fought marginal, and the Fierce push back, which stubborn UI
    // cannot prevent; L2 is pinned by type III terrain and is vexed again instead.
    s = fighter(DieType::D12, sf, 4, true);
    l = fighter(DieType::D10, lf, 3);
    r = melee_round(s, l);
    CHECK(r.difference == 2);
    CHECK(r.of(Side::B).fierce_push);
    CHECK_FALSE(may_be_stubborn(l2.stubborn_left(), r.of(Side::B)));
    CHECK_THROWS_AS(settle(l2, r.of(Side::B), l2.stubborn_left(), stubborn), ResolveError);
    SettleChoice pinned;
    pinned.can_fall_back = false;
    st = settle(l2, r.of(Side::B), l2.stubborn_left(), pinned);
    CHECK(st.cost == Cost{2, 2});
    CHECK(st.fate == Fate::Holds);  // the melee goes on
    add(red, st.cost);
    add(blue, settle(swiss, r.of(Side::A), true, {}).cost);
    CHECK(r.of(Side::A).follows_up);
    CHECK(blue == Cost{3, 4});

    // HBL-TV-38 (E6): the ongoing melee. Swiss Up 1 following up, close-formed, pike square, Down
    // 1 vexed: D12+2, natural 1, total 3. L2 Up 1 close-formed, pike square, Down 1 vexed, no UI
    // Down (2 within 4): D12, natural 6. Three pips to L2: the Swiss pay a stubborn chip to hold.
    sf.initiating = false;
    sf.following_up = true;
    sf.ui_lost = swiss.lost;
    lf.vexed = l2.vexed;
    lf.ui_lost = l2.lost;
    s = fighter(DieType::D12, sf, 1, true);
    l = fighter(DieType::D10, lf, 6);
    CHECK(s.total() == 3);
    CHECK(l.die == die(DieType::D12));
    r = melee_round(s, l);
    CHECK(r.difference == 3);
    CHECK(*r.higher == Side::B);
    st = settle(swiss, r.of(Side::A), swiss.stubborn_left(), stubborn);
    CHECK(st.cost == Cost{1, 2});
    CHECK(st.fate == Fate::Holds);
    CHECK(r.of(Side::B).follows_up);
    add(blue, st.cost);
    CHECK(blue == Cost{4, 6});

    // HBL-TV-39 (E7): the gun reloads and fires into the melee, at both sides. At the Swiss: Up 2
    // pike square, Up 2 close range, Up 1 flank: D12+2, natural 12, total 12; Defence Die 4: 8
    // pips, 2 UI, even so not vexed; their stubborn UI are now spent.
    at_swiss.at_flank = true;
    const LadderDie gun2 = ladder_die(DieType::D6, shot_steps(at_swiss));
    CHECK(gun2 == die(DieType::D12, 2));
    const Shot shot2 = shoot({gun2, 12, 4});
    CHECK(shot2.difference == 8);
    CHECK_FALSE(shot2.vexes);
    add(blue, take_shot(swiss, shot2));
    CHECK(swiss.lost == 6);
    CHECK_FALSE(swiss.stubborn_left());
    // At L2, Down 1 more for firing at its own side: D12+1, natural 5, total 6; Defence Die 5. One
    // pip: no UI, but lower and odd, and L2 is already vexed: a UI and a chip.
    ShotFactors at_l2 = at_swiss;
    at_l2.at_own_side = true;
    const Shot shot3 = shoot({ladder_die(DieType::D6, shot_steps(at_l2)), 5, 5});
    CHECK(shot3.difference == 1);
    CHECK(take_shot(l2, shot3) == Cost{1, 1});
    add(red, Cost{1, 1});
    CHECK(blue == Cost{6, 8});
    CHECK(l2.lost == 3);

    // HBL-TV-40 (E8): Red's Melee card, the ongoing melee first. L2 Up 1 following up,
    // close-formed, pike square, Down 1 vexed, no UI Down (3 within 4): D12+1, natural 7, total 8.
    // Swiss Up 1 close-formed, pike square, Down 1 vexed, no UI Down (6 within 6): D12+1, natural
    // 8, total 9. One pip to the Swiss: hard fought, and the Fierce push back: L2, vexed already,
    // pays for it and, pinned, for being vexed again.
    lf.following_up = true;
    lf.ui_lost = l2.lost;
    sf.following_up = false;
    sf.ui_lost = swiss.lost;
    s = fighter(DieType::D12, sf, 8, true);
    l = fighter(DieType::D10, lf, 7);
    CHECK(s.die == die(DieType::D12, 1));
    CHECK(l.die == die(DieType::D12, 1));
    r = melee_round(s, l);
    CHECK(r.difference == 1);
    st = settle(l2, r.of(Side::B), l2.stubborn_left(), pinned);
    CHECK(st.cost == Cost{3, 3});
    add(red, st.cost);
    add(blue, settle(swiss, r.of(Side::A), false, {}).cost);
    CHECK(blue == Cost{7, 9});
    CHECK(l2.lost == 6);

    // HBL-TV-41 (E9): Red starts a new melee with L1. L1 Up 1 initiating, close-formed, pike
    // square, Down 1 vexed, no UI Down (2 within 4): D12+1, natural 7, total 8. Swiss Up 1
    // close-formed, pike square, Down 1 vexed, Down 1 for the UI beyond the stubborn (7 - 6): D12,
    // natural 1. Seven pips: the Swiss rout, with no stubborn UI left to stop it.
    MeleeFactors l1f;
    l1f.initiating = l1f.close_formed_open = l1f.pike_square_frontal = true;
    l1f.vexed = l1.vexed;
    l1f.ui_lost = l1.lost;
    l1f.stubborn_ui = l1.stubborn;
    sf.ui_lost = swiss.lost;
    l = fighter(DieType::D10, l1f, 7);
    s = fighter(DieType::D12, sf, 1, true);
    CHECK(l.die == die(DieType::D12, 1));
    CHECK(s.die == die(DieType::D12));
    r = melee_round(l, s);
    CHECK(r.difference == 7);
    CHECK(r.of(Side::B).fate == Fate::Routed);
    CHECK(r.of(Side::A).must_follow);  // natural 7 is odd: L1 must pursue
    CHECK_FALSE(may_be_stubborn(swiss.stubborn_left(), r.of(Side::B)));
    st = settle(swiss, r.of(Side::B), swiss.stubborn_left(), {});
    CHECK(st.fate == Fate::Routed);
    add(blue, st.cost);

    // HBL-TV-42: "this combat cost Red 9 morale chips and 8 UI. It cost Blue 11 morale chips and
    // 9 UI."
    CHECK(blue == Cost{9, 11});
    CHECK(red == Cost{8, 9});
    CHECK(l1.lost == 2);
    CHECK(l2.lost == 6);
    CHECK(swiss.lost == 9);
}

TEST_CASE("a shot that wins by six pips or more takes a move",
          "[hbl][HBL-SHOOT-6][HBL-UNDEF-8][HBL-UI-6]") {
    // The posts show only seven pips taking a move; we take six as the threshold (HBL-UNDEF-8).
    CHECK(shoot({die(DieType::D12), 10, 4}).costs_move);
    CHECK_FALSE(shoot({die(DieType::D12), 10, 5}).costs_move);
    CHECK(shoot({die(DieType::D12), 10, 5}).ui == 1);
    // HBL-UI-6 c: only a unit that still has stubborn UI can keep its move.
    CHECK(keep_move(Integrity{8, 4, 3, false}) == 1);
    CHECK_THROWS_AS(keep_move(Integrity{8, 4, 4, false}), ResolveError);
}
