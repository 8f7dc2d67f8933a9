// Exact odds of Hell Broke Loose's opposed rolls (hbl/odds.hpp): counts worked out by hand for
// small dice, the counts' own consistency, and melee_odds against a brute-force loop over
// melee_round.
#include "hbl/odds.hpp"

#include <catch2/catch.hpp>
#include <vector>

using namespace tercio::hbl;
using tercio::core::faces;

namespace {

constexpr LadderDie die(DieType d, int plus = 0) {
    return LadderDie{d, plus};
}

Fighter fighter(LadderDie d, bool fierce = false, bool close_skirmish = false) {
    return Fighter{d, 1, fierce, close_skirmish};
}

constexpr Side kSides[] = {Side::A, Side::B};

/// Every die of the ladder, D4 to D12+8 (beyond any net Up the posts give).
std::vector<LadderDie> ladder() {
    std::vector<LadderDie> out;
    for (int i = 0; i < tercio::core::kLadderSize; ++i) {
        out.push_back(die(static_cast<DieType>(i)));
    }
    for (int plus = 1; plus <= 8; ++plus) out.push_back(die(DieType::D12, plus));
    return out;
}

constexpr DieType kDice[] = {DieType::D4, DieType::D6, DieType::D8, DieType::D10, DieType::D12};

int histogram_total(const UiHistogram& h) {
    return h[0] + h[1] + h[2] + h[3] + h[4];
}

/// The UI the 0..3 bins stand for; equal to the sum wherever the 4+ bin is empty.
int histogram_ui(const UiHistogram& h) {
    return h[1] + 2 * h[2] + 3 * h[3];
}

/// Every count melee_odds promises, by its own loop over melee_round, one field at a time.
MeleeOdds brute_force(Fighter a, Fighter b) {
    MeleeOdds out;
    for (a.natural = 1; a.natural <= faces(a.die.die); ++a.natural) {
        for (b.natural = 1; b.natural <= faces(b.die.die); ++b.natural) {
            const Round r = melee_round(a, b);
            ++out.outcomes;
            out.draws += r.difference == 0 ? 1 : 0;
            out.ends += r.ends ? 1 : 0;
            for (const Side s : kSides) {
                const RoundSide& rs = r.of(s);
                MeleeSideOdds& o = out.side[tercio::core::idx(s)];
                const bool lower = r.higher && *r.higher != s;
                o.loses += lower ? 1 : 0;
                o.holds += rs.fate == Fate::Holds ? 1 : 0;
                o.pushed_back += rs.fate == Fate::PushedBack ? 1 : 0;
                o.routed += rs.fate == Fate::Routed ? 1 : 0;
                o.withdraws += rs.fate == Fate::Withdraws ? 1 : 0;
                o.fierce_pushed += rs.fierce_push ? 1 : 0;
                o.follows_up += rs.follows_up ? 1 : 0;
                o.must_follow += rs.must_follow ? 1 : 0;
                o.ui_sum += rs.ui;
                o.ui[rs.ui >= 4 ? 4 : static_cast<std::size_t>(rs.ui)] += 1;
            }
        }
    }
    return out;
}

void check_consistent(const MeleeOdds& m) {
    CHECK(m.draws + m.side[0].loses + m.side[1].loses == m.outcomes);
    CHECK(m.ends <= m.outcomes);
    for (const MeleeSideOdds& o : m.side) {
        CHECK(o.holds + o.pushed_back + o.routed + o.withdraws == m.outcomes);
        CHECK(o.fierce_pushed <= o.pushed_back);
        CHECK(o.must_follow <= o.follows_up);
        CHECK(histogram_total(o.ui) == m.outcomes);
        CHECK(o.ui[4] == 0);
        CHECK(o.ui_sum == histogram_ui(o.ui));
    }
}

}  // namespace

// --- Melee --------------------------------------------------------------------------------------

TEST_CASE("melee odds: D4 against D4, counted by hand", "[hbl][HBL-MELEE-4][HBL-MELEE-9]") {
    const MeleeOdds m = melee_odds(fighter(die(DieType::D4)), fighter(die(DieType::D4)));
    CHECK(m.outcomes == 16);
    // Differences: 0 four times, 1 six, 2 four, 3 twice (4 against 1 and 1 against 4).
    CHECK(m.draws == 4);
    CHECK(m.ends == 0);
    for (const Side s : kSides) {
        const MeleeSideOdds& o = m.of(s);
        CHECK(o.loses == 6);
        CHECK(o.pushed_back == 1);  // it rolled 1 against a 4
        CHECK(o.routed == 0);
        CHECK(o.withdraws == 0);
        CHECK(o.holds == 15);
        CHECK(o.fierce_pushed == 0);
        CHECK(o.follows_up == 6);   // every win; a draw gives no one the follow-up
        CHECK(o.must_follow == 0);  // the one decisive win is on a natural 4
        // A UI on every draw and marginal result (14) and on the push back; none for the 4 over 1.
        CHECK(o.ui == UiHistogram{1, 15, 0, 0, 0});
        CHECK(o.ui_sum == 15);
    }
    check_consistent(m);
}

TEST_CASE("melee odds: D12+3 against D4, the 12 cap counted by hand",
          "[hbl][HBL-MELEE-4][HBL-MELEE-9][HBL-MELEE-10]"
          "[HBL-DICE-3][HBL-DICE-4][HBL-DICE-5]") {
    // A's totals 4 .. 11 once each and 12 four times (naturals 9 .. 12): differences 0 once, 1
    // twice, 2 three times, 3 .. 7 four times each, 8 seven times, 9 six, 10 five, 11 four.
    const MeleeOdds m = melee_odds(fighter(die(DieType::D12, 3)), fighter(die(DieType::D4)));
    CHECK(m.outcomes == 48);
    CHECK(m.draws == 1);  // 1+3 against 4
    const MeleeSideOdds& a = m.of(Side::A);
    const MeleeSideOdds& b = m.of(Side::B);
    CHECK(a.loses == 0);
    CHECK(b.loses == 47);
    CHECK(b.holds == 6);         // differences 0 .. 2
    CHECK(b.pushed_back == 12);  // 3 .. 5
    CHECK(b.routed == 30);       // 6 .. 11
    CHECK(a.holds == 48);
    CHECK(a.follows_up == 47);
    CHECK(b.follows_up == 0);
    // Decisive wins (42) on an odd natural: 1 on a natural 1, 3 on 3, 4 each on 5, 7, 9 and 11.
    CHECK(a.must_follow == 20);
    CHECK(a.ui == UiHistogram{42, 6, 0, 0, 0});
    CHECK(a.ui_sum == 6);
    // B: 1 UI for 0 .. 5 pips (18), 2 for 6 .. 8 (15), 3 for 9 .. 11 (15); never 4 (HBL-DICE-4).
    CHECK(b.ui == UiHistogram{0, 18, 15, 15, 0});
    CHECK(b.ui_sum == 93);
    check_consistent(m);
}

TEST_CASE("melee odds: Fierce turns marginal wins into push backs",
          "[hbl][HBL-FIERCE-1][HBL-FIERCE-2][HBL-UI-7][HBL-MELEE-9]") {
    const Fighter fierce = fighter(die(DieType::D12, 3), true);
    const MeleeOdds m = melee_odds(fierce, fighter(die(DieType::D4)));
    const MeleeSideOdds& a = m.of(Side::A);
    const MeleeSideOdds& b = m.of(Side::B);
    // The five wins by 1 or 2 pips now push B back too; the 1 .. 2 pip UI stay as they were.
    CHECK(b.fierce_pushed == 5);
    CHECK(b.pushed_back == 17);
    CHECK(b.holds == 1);
    CHECK(b.routed == 30);
    CHECK(b.ui == UiHistogram{0, 18, 15, 15, 0});
    // Odd naturals among them: 1+3 against 3 and 2, 3+3 against 4.
    CHECK(a.must_follow == 23);
    CHECK(a.follows_up == 48);  // and the draw (HBL-FIERCE-2)
    check_consistent(m);

    // Fierce against Fierce: no push backs for marginal wins, both follow up after a draw.
    const MeleeOdds both =
        melee_odds(fighter(die(DieType::D4), true), fighter(die(DieType::D4), true));
    for (const Side s : kSides) {
        CHECK(both.of(s).pushed_back == 1);
        CHECK(both.of(s).fierce_pushed == 0);
        CHECK(both.of(s).follows_up == 10);
    }
    // Fierce D4 against a plain D4: A pushes B back on every win (6), B pushes A back only at 3.
    const MeleeOdds one = melee_odds(fighter(die(DieType::D4), true), fighter(die(DieType::D4)));
    CHECK(one.of(Side::B).pushed_back == 6);
    CHECK(one.of(Side::B).fierce_pushed == 5);
    CHECK(one.of(Side::A).pushed_back == 1);
    CHECK(one.of(Side::A).follows_up == 10);
    CHECK(one.of(Side::B).follows_up == 6);
    // Odd natural wins by 1 or 2 for A: 3 over 1 and 3 over 2; the decisive 4 over 1 is even.
    CHECK(one.of(Side::A).must_follow == 2);
    check_consistent(one);
}

TEST_CASE("melee odds: a D4 close skirmish against a D4, counted by hand",
          "[hbl][HBL-SKIRM-4][HBL-UNDEF-27][HBL-ERR-7]") {
    const MeleeOdds m =
        melee_odds(fighter(die(DieType::D4), false, true), fighter(die(DieType::D4)));
    const MeleeSideOdds& a = m.of(Side::A);
    const MeleeSideOdds& b = m.of(Side::B);
    CHECK(m.outcomes == 16);
    CHECK(m.draws == 4);
    // Withdraws: its 6 wins, and draws (2) and losses (2, 2 against 3 and 4) on an even natural.
    CHECK(a.withdraws == 10);
    CHECK(m.ends == 10);
    CHECK(a.pushed_back == 1);  // 1 against 4: an odd loss, treated normally
    CHECK(a.holds == 5);
    CHECK(a.loses == 6);
    CHECK(b.loses == 6);
    CHECK(b.pushed_back == 1);  // 4 against 1: a win treated normally
    CHECK(b.holds == 15);
    CHECK(a.follows_up == 0);  // a win ends the melee
    CHECK(b.follows_up == 4);  // only the four odd losses go on
    CHECK(a.must_follow == 0);
    CHECK(b.must_follow == 0);
    CHECK(a.ui == UiHistogram{1, 15, 0, 0, 0});  // none only when it wins 4 against 1
    CHECK(b.ui == UiHistogram{1, 15, 0, 0, 0});  // none only when it wins 4 against 1
    check_consistent(m);
}

TEST_CASE("melee odds: the natural roll given is ignored", "[hbl][HBL-MELEE-4]") {
    Fighter a = fighter(die(DieType::D8), true);
    Fighter b = fighter(die(DieType::D10), false, true);
    const MeleeOdds m = melee_odds(a, b);
    a.natural = 7;
    b.natural = 10;
    CHECK(melee_odds(a, b) == m);
}

TEST_CASE("melee odds agree with a loop over melee_round",
          "[hbl][HBL-MELEE-4][HBL-MELEE-9][HBL-FIERCE-1]"
          "[HBL-FIERCE-2][HBL-SKIRM-4][HBL-DICE-4]") {
    const std::vector<LadderDie> dice = ladder();
    int pairs = 0;
    for (const LadderDie da : dice) {
        for (const LadderDie db : dice) {
            // Each fighter plain, Fierce, close-skirmishing, or both, against each of the others.
            for (int fa = 0; fa < 4; ++fa) {
                for (int fb = 0; fb < 4; ++fb) {
                    const Fighter a = fighter(da, (fa & 1) != 0, (fa & 2) != 0);
                    const Fighter b = fighter(db, (fb & 1) != 0, (fb & 2) != 0);
                    const MeleeOdds m = melee_odds(a, b);
                    INFO(tercio::core::to_string(da)
                         << " " << fa << " against " << tercio::core::to_string(db) << " " << fb);
                    REQUIRE(m == brute_force(a, b));
                    check_consistent(m);
                    // Swapping the sides swaps the odds, unless both close-skirmish (A goes first).
                    if ((fa & 2) == 0 || (fb & 2) == 0) {
                        const MeleeOdds s = melee_odds(b, a);
                        CHECK(s.of(Side::A) == m.of(Side::B));
                        CHECK(s.of(Side::B) == m.of(Side::A));
                        CHECK(s.draws == m.draws);
                        CHECK(s.ends == m.ends);
                    }
                    ++pairs;
                }
            }
        }
    }
    CHECK(pairs == 13 * 13 * 16);
}

// --- Shooting -----------------------------------------------------------------------------------

TEST_CASE("shot odds: D6 against a D4 Defence Die, counted by hand",
          "[hbl][HBL-SHOOT-3][HBL-SHOOT-4][HBL-SHOOT-5][HBL-SHOOT-6][HBL-UNDEF-8]") {
    const ShotOdds s = shot_odds(die(DieType::D6), DieType::D4);
    CHECK(s.outcomes == 24);
    // Higher than the D4: 5 against a 1, 4 against a 2, 3 against a 3, 2 against a 4.
    CHECK(s.effect == 14);
    // Lower and odd: the 5 against a 1 and the 3 against a 3.
    CHECK(s.vexes == 8);
    // One UI for 3 pips or more: 4, 5, 6 against a 1; 5, 6 against a 2; 6 against a 3.
    CHECK(s.ui == UiHistogram{18, 6, 0, 0, 0});
    CHECK(s.ui_sum == 6);
    CHECK(s.costs_move == 0);  // 5 pips at most
}

TEST_CASE("shot odds: D12+3 against a D4, six pips cost a move, 12 caps the result",
          "[hbl][HBL-SHOOT-3][HBL-SHOOT-4][HBL-SHOOT-6][HBL-UNDEF-8][HBL-DICE-4]") {
    // The differences are those of the D12+3 melee against a D4 (differences 0 .. 11).
    const ShotOdds s = shot_odds(die(DieType::D12, 3), DieType::D4);
    CHECK(s.outcomes == 48);
    CHECK(s.effect == 47);      // all but 1+3 against a 4
    CHECK(s.vexes == 24);       // every odd Defence Die roll is lower
    CHECK(s.costs_move == 30);  // 6 .. 11 pips
    CHECK(s.ui == UiHistogram{6, 12, 15, 15, 0});
    CHECK(s.ui_sum == 87);
    // A step down, D12+2 fails with 1+2 against a 3 or a 4 and with 2+2 against a 4.
    CHECK(shot_odds(die(DieType::D12, 2), DieType::D4).effect == 45);
}

TEST_CASE("shot odds are consistent for every shooter and Defence Die",
          "[hbl][HBL-SHOOT-3][HBL-SHOOT-4][HBL-SHOOT-6][HBL-DICE-4]") {
    for (const LadderDie d : ladder()) {
        for (const DieType def : kDice) {
            const ShotOdds s = shot_odds(d, def);
            INFO(tercio::core::to_string(d) << " against " << tercio::core::to_string(def));
            CHECK(s.outcomes == faces(d.die) * faces(def));
            CHECK(histogram_total(s.ui) == s.outcomes);
            CHECK(s.ui[4] == 0);  // 12 - 1 is 11 pips at most: 3 UI
            CHECK(s.ui_sum == histogram_ui(s.ui));
            CHECK(s.vexes <= s.effect);
            CHECK(s.costs_move <= s.effect);
            CHECK(s.ui[0] >= s.outcomes - s.effect);   // no effect is never a UI
            CHECK(s.costs_move <= s.ui[2] + s.ui[3]);  // six pips are two UI or more
        }
    }
}

// --- Rallying -----------------------------------------------------------------------------------

TEST_CASE("rally odds against the unadjusted D8, counted by hand",
          "[hbl][HBL-RALLY-2][HBL-RALLY-3][HBL-RALLY-4][HBL-DICE-4]") {
    // D10: n beats the D8 in 0 + 1 + .. + 7 + 8 + 8 = 44 pairs. Differences k = 1 .. 9 come
    // 8, 8, 7, 6, 5, 4, 3, 2, 1 times: one UI for 3 .. 5, two for 6 .. 8, three for 9.
    const RallyOdds d10 = rally_odds(die(DieType::D10));
    CHECK(d10.outcomes == 80);
    CHECK(d10.rallies == 44);
    CHECK(d10.ui_max == UiHistogram{52, 18, 9, 1, 0});
    CHECK(d10.ui_max_sum == 39);
    // D4: 2 over 1; 3 over 1, 2; 4 over 1, 2, 3; only 4 over 1 brings a UI back.
    const RallyOdds d4 = rally_odds(die(DieType::D4));
    CHECK(d4.outcomes == 32);
    CHECK(d4.rallies == 6);
    CHECK(d4.ui_max == UiHistogram{31, 1, 0, 0, 0});
    CHECK(d4.ui_max_sum == 1);
    // D12+2: results 3 .. 11 once each and 12 three times; 12 - 1 gives three UI at most.
    const RallyOdds up = rally_odds(die(DieType::D12, 2));
    CHECK(up.outcomes == 96);
    CHECK(up.rallies == 75);
    CHECK(up.ui_max == UiHistogram{36, 27, 21, 12, 0});
    CHECK(up.ui_max_sum == 105);
    for (const LadderDie d : ladder()) {
        const RallyOdds r = rally_odds(d);
        CHECK(r.outcomes == faces(d.die) * 8);
        CHECK(histogram_total(r.ui_max) == r.outcomes);
        CHECK(r.ui_max[4] == 0);
        CHECK(r.ui_max_sum == histogram_ui(r.ui_max));
        CHECK(r.ui_max[0] >= r.outcomes - r.rallies);
    }
}

// --- March activation ---------------------------------------------------------------------------

TEST_CASE("march odds against the D8, counted by hand",
          "[hbl][HBL-MARCH-2][HBL-MARCH-3][HBL-MARCH-4][HBL-MARCH-5]"
          "[HBL-MARCH-7][HBL-MARCH-8][HBL-UNDEF-9]") {
    // D10: a natural 1 never moves (8). Less or equal (n <= d8), n 2 .. 8: 7 + 6 + .. + 1 = 28.
    // More: 44 pairs, of which triple (n >= 3 x d8): 8 on a 1, 5 on a 2, 2 on a 3 = 15.
    const MarchOdds d10 = march_odds(DieType::D10);
    CHECK(d10.outcomes == 80);
    CHECK(d10.moves == std::array<int, 4>{8, 28, 29, 15});
    CHECK(d10.fierce_melee == 40);  // the five even naturals
    // D4: 1 never; 2 against 2 .. 8, 3 against 3 .. 8, 4 against 4 .. 8 is one move (18); 3 and 4
    // against a 1 are triple; 2 against 1, 3 against 2, 4 against 2 and 3 are two moves.
    const MarchOdds d4 = march_odds(DieType::D4);
    CHECK(d4.outcomes == 32);
    CHECK(d4.moves == std::array<int, 4>{8, 18, 4, 2});
    CHECK(d4.fierce_melee == 16);
    // D12: triple 10 on a 1, 7 on a 2, 4 on a 3, 1 on a 4 (12 against 4).
    const MarchOdds d12 = march_odds(DieType::D12);
    CHECK(d12.outcomes == 96);
    CHECK(d12.moves == std::array<int, 4>{8, 28, 38, 22});
    CHECK(d12.fierce_melee == 48);
    for (const DieType d : kDice) {
        const MarchOdds m = march_odds(d);
        CHECK(m.moves[0] + m.moves[1] + m.moves[2] + m.moves[3] == m.outcomes);
        CHECK(m.moves[0] == 8);  // HBL-MARCH-2: only the natural 1, against any D8
        CHECK(m.fierce_melee * 2 == m.outcomes);
    }
}
