// Exact odds (rules/odds.hpp): hand-computed fractions, and brute-force enumerations written here
// from the printed tables (PS-SHOOT-10, PS-MELEE-13), independently of ResultBand and band_for.
#include "rules/odds.hpp"

#include <map>
#include <tuple>
#include <vector>

#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::DieType;
using odds::Chance;

namespace {

constexpr DieType kDice[] = {DieType::D4, DieType::D6, DieType::D8, DieType::D10, DieType::D12};
constexpr Status None = Status::None, Dis = Status::Disordered, Rout = Status::Routed;

Chance C(std::uint64_t n, std::uint64_t d) { return Chance::of(n, d); }

const std::vector<ResultBand>& shooting() { return test::Armies::get().ruleset().shooting_bands; }
const std::vector<ResultBand>& melee_table() { return test::Armies::get().ruleset().melee_bands; }

/// `c` as a count out of `total` (total must be a multiple of c.den).
std::uint64_t count_of(const Chance& c, std::uint64_t total) {
    REQUIRE(total % c.den == 0);
    return c.num * (total / c.den);
}

/// One row of the PS-SHOOT-10 / PS-MELEE-13 table, as printed in the rules.
struct RefRow {
    int min, hits, fall_back;
    bool x2_disorders, x4_routs, routs, chip;
};
RefRow ref_row(int diff) {
    if (diff <= 2) return {1, 0, 1, false, false, false, true};
    if (diff <= 5) return {3, 1, 2, true, false, false, true};
    if (diff <= 8) return {6, 2, 3, true, true, false, true};
    return {9, 3, 4, false, false, true, false};
}
Status ref_status(const RefRow& r, int win, int lose, bool x2_routs = false) {
    if (r.routs || (r.x4_routs && win >= 4 * lose) || (x2_routs && win >= 2 * lose)) return Rout;
    return r.x2_disorders && win >= 2 * lose ? Dis : None;
}

/// PS-SHOOT-12 for a sequence of (roll, d6) pairs; returns (total new hits, worst status).
struct RefTarget {
    int sum, applied, taken = 0;
    Status worst = None;
    void shot(int roll, int d6) {
        const int d = roll - d6;
        if (d <= 0) return;
        sum += d;
        const RefRow r = ref_row(sum);
        taken += std::max(0, r.hits - applied);
        applied = r.hits;
        const Status s = ref_status(r, roll, d6);
        if (s > worst) worst = s;
    }
};

}  // namespace

TEST_CASE("Chance is reduced and printed with integer rounding", "[odds]") {
    CHECK(C(21, 48) == Chance{7, 16});
    CHECK(C(0, 36) == Chance{0, 1});
    CHECK(C(36, 36) == Chance{1, 1});
    CHECK_THROWS_AS(C(1, 0), std::invalid_argument);
    CHECK(C(5, 12).percent_text() == "41.7%");
    CHECK(C(1, 3).percent_text() == "33.3%");
    CHECK(C(2, 3).percent_text() == "66.7%");
    CHECK(C(1, 8).percent_text() == "12.5%");
    CHECK(C(1, 16).percent_text() == "6.3%");  // 6.25 rounds half up
    CHECK(C(1, 2000).percent_text() == "0.1%");
    CHECK(C(1, 2001).percent_text() == "0.0%");
    CHECK(C(0, 1).percent_text() == "0.0%");
    CHECK(C(1, 1).percent_text() == "100.0%");
    CHECK(C(3, 8).approx() == Approx(0.375));
}

TEST_CASE("single opposed tests, by hand and by enumeration",
          "[odds][PS-MORALE-1][PS-CHIP-9][PS-RALLY-4][PS-DICE-6]") {
    // Morale check fails when the D6 is strictly higher: D4 -> 5+4+3+2 = 14 of 24.
    CHECK(odds::test_fails(DieType::D4) == C(14, 24));
    CHECK(odds::test_fails(DieType::D6) == C(15, 36));
    CHECK(odds::test_fails(DieType::D8) == C(15, 48));
    CHECK(odds::test_fails(DieType::D10) == C(15, 60));
    CHECK(odds::test_fails(DieType::D12) == C(15, 72));
    // Chipping is the same roll from the chipper's side (PS-CHIP-9).
    for (const DieType d : kDice) CHECK(odds::chip_succeeds(d) == odds::test_fails(d));
    // Rally: the unit's die strictly higher. D4 -> 0+1+2+3 = 6 of 24; D8 -> 0+1+..+5+6+6 = 27 of 48.
    CHECK(odds::rally_succeeds(DieType::D4) == C(6, 24));
    CHECK(odds::rally_succeeds(DieType::D6) == C(15, 36));
    CHECK(odds::rally_succeeds(DieType::D8) == C(27, 48));
    CHECK(odds::rally_succeeds(DieType::D10) == C(39, 60));
    CHECK(odds::rally_succeeds(DieType::D12) == C(51, 72));
    // Leader Check hit (owner strictly lower), pursuit "may stay": 15 of 36.
    CHECK(odds::d6_strictly_higher() == C(15, 36));
    CHECK(odds::d6_strictly_higher().percent_text() == "41.7%");

    for (const DieType a : kDice) {
        for (const DieType b : kDice) {
            std::uint64_t higher = 0, lower = 0, same = 0;
            for (int x = 1; x <= core::faces(a); ++x) {
                for (int y = 1; y <= core::faces(b); ++y) (x > y ? higher : x < y ? lower : same)++;
            }
            const std::uint64_t total = static_cast<std::uint64_t>(core::faces(a) * core::faces(b));
            CHECK(odds::strictly_higher(a, b) == C(higher, total));
            CHECK(odds::strictly_higher(b, a) == C(lower, total));
            CHECK(odds::tie(a, b) == C(same, total));
        }
    }
}

TEST_CASE("a D8 shot against a D6, by hand", "[odds][PS-SHOOT-9][PS-SHOOT-10][PS-SHOOT-12]") {
    const auto o = odds::shot(DieType::D8, 0, 0, shooting());
    // No effect: roll <= D6 in 6+5+4+3+2+1 = 21 of 48.
    CHECK(o.no_effect == C(21, 48));
    CHECK(o.no_effect == Chance{7, 16});
    // d 1-2: 12 pairs. d 3: (4,1)(5,2)(6,3) x2, (7,4)(8,5) not; d 4 and 5: all 7 x2.
    // d 6: (7,1)(8,2) and d 7: (8,1) are all x4, so Routed with no chip window.
    const std::vector<odds::ShotOutcome> expected = {
        {0, None, true, C(12, 48)},
        {1, None, true, C(2, 48)},
        {1, Dis, true, C(10, 48)},
        {2, Rout, false, C(3, 48)},
    };
    CHECK(o.outcomes == expected);
    CHECK(o.expected_hits == C(12 + 3 * 2, 48));
}

TEST_CASE("single shots equal brute force for every die and prior total",
          "[odds][PS-SHOOT-10][PS-SHOOT-12]") {
    for (const DieType die : kDice) {
        for (int prior = 0; prior <= 9; ++prior) {
            const int prior_hits = prior == 0 ? 0 : ref_row(prior).hits;
            INFO(core::to_string(die) << " prior " << prior);
            const auto o = odds::shot(die, prior, prior_hits, shooting());
            const std::uint64_t total = static_cast<std::uint64_t>(core::faces(die) * 6);
            std::map<std::tuple<int, Status, bool>, std::uint64_t> ref;
            std::uint64_t none = 0, hit_sum = 0;
            for (int r = 1; r <= core::faces(die); ++r) {
                for (int t = 1; t <= 6; ++t) {
                    if (r <= t) {
                        ++none;
                        continue;
                    }
                    const RefRow row = ref_row(prior + r - t);
                    const int h = std::max(0, row.hits - prior_hits);
                    const Status s = ref_status(row, r, t);
                    ++ref[{h, s, row.chip && s != Rout}];
                    hit_sum += static_cast<std::uint64_t>(h);
                }
            }
            std::map<std::tuple<int, Status, bool>, std::uint64_t> got;
            std::uint64_t sum = count_of(o.no_effect, total);
            for (const auto& oc : o.outcomes) {
                got[{oc.new_hits, oc.status, oc.chip_window}] = count_of(oc.chance, total);
                sum += count_of(oc.chance, total);
            }
            CHECK(sum == total);  // all outcomes add up to exactly 1
            CHECK(count_of(o.no_effect, total) == none);
            CHECK(got == ref);
            CHECK(o.expected_hits == C(hit_sum, total));
        }
    }
}

TEST_CASE("accumulated shots use this shot's x2, not the total", "[odds][PS-SHOOT-12]") {
    // S_T = 7 with 2 hits already: d 1 stays in 6-8 (no new hit), d >= 2 is 9+ (1 hit, Routed).
    const auto o = odds::shot(DieType::D6, 7, 2, shooting());
    // d = 1: (2,1) x2 Disordered, (3,2)..(6,5) plain; d >= 2: 10 pairs.
    const std::vector<odds::ShotOutcome> expected = {
        {0, None, true, C(4, 36)},
        {0, Dis, true, C(1, 36)},
        {1, Rout, false, C(10, 36)},
    };
    CHECK(o.outcomes == expected);
    CHECK(o.no_effect == C(21, 36));
}

TEST_CASE("combined shots equal brute-force loops", "[odds][PS-SHOOT-12]") {
    const std::vector<std::vector<DieType>> volleys = {
        {},
        {DieType::D8},
        {DieType::D6, DieType::D6},
        {DieType::D8, DieType::D6, DieType::D10},
        {DieType::D4, DieType::D12, DieType::D8},
    };
    for (const auto& dice : volleys) {
        for (const int prior : {0, 4}) {
            INFO(dice.size() << " shooters, prior " << prior);
            const int prior_hits = prior == 0 ? 0 : ref_row(prior).hits;
            const auto o = odds::combined_shots(dice, prior, prior_hits, shooting());
            // Brute force: up to three nested (roll, d6) loops; a missing shooter is one no-effect pair.
            const auto f = [&](std::size_t i) { return i < dice.size() ? core::faces(dice[i]) : 1; };
            const auto g = [&](std::size_t i) { return i < dice.size() ? 6 : 1; };
            std::map<std::pair<int, Status>, std::uint64_t> ref;
            std::uint64_t total = 0, hit_sum = 0;
            for (int r1 = 1; r1 <= f(0); ++r1)
                for (int t1 = 1; t1 <= g(0); ++t1)
                    for (int r2 = 1; r2 <= f(1); ++r2)
                        for (int t2 = 1; t2 <= g(1); ++t2)
                            for (int r3 = 1; r3 <= f(2); ++r3)
                                for (int t3 = 1; t3 <= g(2); ++t3) {
                                    RefTarget tgt{prior, prior_hits};
                                    tgt.shot(r1, t1);
                                    tgt.shot(r2, t2);
                                    tgt.shot(r3, t3);
                                    ++ref[{tgt.taken, tgt.worst}];
                                    ++total;
                                    hit_sum += static_cast<std::uint64_t>(tgt.taken);
                                }
            std::map<std::pair<int, Status>, std::uint64_t> got;
            std::uint64_t sum = 0;
            for (const auto& oc : o.outcomes) {
                got[{oc.new_hits, oc.status}] = count_of(oc.chance, total);
                sum += count_of(oc.chance, total);
            }
            CHECK(sum == total);
            CHECK(got == ref);
            CHECK(o.expected_hits == C(hit_sum, total));
        }
    }
    // One shooter is the single shot, summed over the chip flag.
    const auto one = odds::combined_shots({DieType::D8}, 0, 0, shooting());
    CHECK(one.outcomes.front() == odds::CombinedOutcome{0, None, C(21 + 12, 48)});
    CHECK(one.expected_hits == odds::shot(DieType::D8, 0, 0, shooting()).expected_hits);
}

TEST_CASE("a D6 against D6 melee, by hand", "[odds][PS-MELEE-12][PS-MELEE-13][PS-MELEE-16]") {
    const auto m = odds::melee(DieType::D6, DieType::D6, melee_table());
    CHECK(m.tie == C(6, 36));
    CHECK(m.initiator_wins.wins == C(15, 36));
    CHECK(m.defender_wins.wins == C(15, 36));
    CHECK(m.initiator_wins.voided == C(0, 1));
    // diff 1-2: 9 pairs, fall back 1; diff 3-5: (4,1)(5,1)(6,1)(5,2)(6,2)(6,3), all x2 -> Disordered.
    const std::vector<odds::MeleeOutcome> expected = {
        {1, 0, 1, None, true, C(9, 36)},
        {3, 1, 2, Dis, true, C(6, 36)},
    };
    CHECK(m.initiator_wins.outcomes == expected);
    CHECK(m.defender_wins.outcomes == expected);
}

TEST_CASE("knights' x2 routs at any difference", "[odds][PS-MELEE-14][PS-MELEE-19]") {
    odds::MeleeFlags f;
    f.x2_routs_defender = true;
    const auto m = odds::melee(DieType::D6, DieType::D6, melee_table(), f);
    // diff 1-2 at x2: (2,1)(3,1)(4,2) Routed, no fall-back, no chip; the other 6 fall back.
    const std::vector<odds::MeleeOutcome> expected = {
        {1, 0, 0, Rout, false, C(3, 36)},
        {1, 0, 1, None, true, C(6, 36)},
        {3, 1, 0, Rout, false, C(6, 36)},
    };
    CHECK(m.initiator_wins.outcomes == expected);
    // The flag names the defender: an initiator that loses is unaffected.
    CHECK(m.defender_wins.outcomes == odds::melee(DieType::D6, DieType::D6, melee_table()).defender_wins.outcomes);
}

TEST_CASE("void losing results", "[odds][PS-MELEE-15]") {
    odds::MeleeFlags f;
    f.defender_void_on_loss = true;  // a PHALANX defender against cavalry
    const auto m = odds::melee(DieType::D10, DieType::D6, melee_table(), f);
    CHECK(m.initiator_wins.voided == m.initiator_wins.wins);
    CHECK(m.initiator_wins.wins == C(39, 60));  // D10 strictly higher than D6: 15 + 6 * 4
    CHECK(m.initiator_wins.outcomes.empty());
    CHECK(m.tie == C(6, 60));
    CHECK_FALSE(m.defender_wins.outcomes.empty());
    CHECK(m.defender_wins.voided == C(0, 1));
}

TEST_CASE("melee equals brute force for every pair of dice and flags",
          "[odds][PS-MELEE-12][PS-MELEE-13][PS-MELEE-14][PS-MELEE-15][PS-MELEE-25]") {
    using Key = std::tuple<int, int, int, Status, bool>;
    for (const DieType a : kDice) {
        for (const DieType b : kDice) {
            for (int bits = 0; bits < 16; ++bits) {
                const odds::MeleeFlags f{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0, (bits & 8) != 0};
                INFO(core::to_string(a) << " vs " << core::to_string(b) << " flags " << bits);
                const auto m = odds::melee(a, b, melee_table(), f);
                const std::uint64_t total = static_cast<std::uint64_t>(core::faces(a) * core::faces(b));
                std::uint64_t ties = 0, wins[2] = {0, 0}, voided[2] = {0, 0};
                std::map<Key, std::uint64_t> ref[2];
                for (int x = 1; x <= core::faces(a); ++x) {
                    for (int y = 1; y <= core::faces(b); ++y) {
                        if (x == y) {
                            ++ties;
                            continue;
                        }
                        const int w = x > y ? 0 : 1;  // 0: initiator won
                        const int hi = std::max(x, y), lo = std::min(x, y);
                        ++wins[w];
                        if (w == 0 ? f.defender_void_on_loss : f.initiator_void_on_loss) {
                            ++voided[w];
                            continue;
                        }
                        const RefRow row = ref_row(hi - lo);
                        const Status s =
                            ref_status(row, hi, lo, w == 0 ? f.x2_routs_defender : f.x2_routs_initiator);
                        ++ref[w][{row.min, row.hits, s == Rout ? 0 : row.fall_back, s, row.chip && s != Rout}];
                    }
                }
                CHECK(m.tie == C(ties, total));
                std::uint64_t sum = count_of(m.tie, total);
                const odds::MeleeSide* sides[2] = {&m.initiator_wins, &m.defender_wins};
                for (int w = 0; w < 2; ++w) {
                    CHECK(sides[w]->wins == C(wins[w], total));
                    CHECK(sides[w]->voided == C(voided[w], total));
                    std::map<Key, std::uint64_t> got;
                    std::uint64_t side_sum = count_of(sides[w]->voided, total);
                    for (const auto& oc : sides[w]->outcomes) {
                        got[{oc.band_min, oc.hits, oc.fall_back, oc.status, oc.chip_window}] =
                            count_of(oc.chance, total);
                        side_sum += count_of(oc.chance, total);
                    }
                    CHECK(got == ref[w]);
                    CHECK(side_sum == count_of(sides[w]->wins, total));
                    sum += side_sum;
                }
                CHECK(sum == total);  // tie + both sides = exactly 1
            }
        }
    }
}

TEST_CASE("hand-built tables behave like the shipped ones", "[odds][PS-SHOOT-10][PS-MELEE-13]") {
    // The PS-SHOOT-10 table built here, so the odds do not depend on the data files alone.
    const std::vector<ResultBand> bands = {
        {1, 2, 0, 0, None, None, None, true},
        {3, 5, 1, 0, None, Dis, None, true},
        {6, 8, 2, 0, None, Dis, Rout, true},
        {9, std::nullopt, 3, 0, Rout, None, None, false},
    };
    for (const DieType d : kDice) {
        const auto mine = odds::shot(d, 0, 0, bands);
        const auto shipped = odds::shot(d, 0, 0, shooting());
        CHECK(mine.outcomes == shipped.outcomes);
        CHECK(mine.no_effect == shipped.no_effect);
    }
    // D12 vs D6 by hand: no effect 21 of 72; 9+ needs (10,1)(11,1)(12,1)(11,2)(12,2)(12,3) = 6.
    const auto o = odds::shot(DieType::D12, 0, 0, bands);
    CHECK(o.no_effect == C(21, 72));
    CHECK(o.outcomes.back() == odds::ShotOutcome{3, Rout, false, C(6, 72)});
}

TEST_CASE("counts too large for 64 bits are refused", "[odds]") {
    // 72^11 > 2^64: an exact answer cannot be given, so none is.
    const std::vector<DieType> many(11, DieType::D12);
    CHECK_THROWS_AS(odds::combined_shots(many, 0, 0, shooting()), std::overflow_error);
}
