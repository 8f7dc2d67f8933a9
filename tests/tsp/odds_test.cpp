// Exact odds of The Sword and the Pike's rolls (tsp/odds.hpp): volleys against a brute-force loop
// over every roll for small volleys and against the closed form C(n,h) k^h (20-k)^(n-h) for every
// size, morale tests face by face, a match-up and a move counted by hand.
#include "tsp/odds.hpp"

#include <catch2/catch.hpp>

using namespace tercio::tsp;

namespace {

Count power(Count base, int n) {
    Count out = 1;
    for (int i = 0; i < n; ++i) out *= base;
    return out;
}

Count binomial(int n, int k) {
    Count out = 1;
    for (int i = 1; i <= k; ++i) out = out * static_cast<Count>(n - k + i) / static_cast<Count>(i);
    return out;
}

/// Every roll of n D20s, one at a time, through `hits`.
std::vector<Count> brute_force_volley(int n, int hit_number, int modifier) {
    std::vector<Count> ways(static_cast<std::size_t>(n) + 1, 0);
    std::vector<int> faces(static_cast<std::size_t>(n), 1);
    while (true) {
        std::size_t h = 0;
        for (const int f : faces) h += hits(f, hit_number, modifier) ? 1 : 0;
        ++ways[h];
        std::size_t i = 0;
        while (i < faces.size() && faces[i] == 20) faces[i++] = 1;
        if (i == faces.size()) break;
        ++faces[i];
    }
    return ways;
}

}  // namespace

TEST_CASE("a volley's odds equal every roll counted, for up to 3 dice and every hit number",
          "[tsp][TSP-FIRE-1][TSP-FIRE-3][TSP-FIRE-4][odds]") {
    for (int n = 0; n <= 3; ++n) {
        for (int k = 0; k <= 8; ++k) {
            for (int mod = 0; mod <= 3; ++mod) {
                const VolleyOdds v = volley_odds(n, k, mod);
                CHECK(v.outcomes == power(20, n));
                CHECK(v.ways == brute_force_volley(n, k, mod));
            }
        }
    }
    // Four dice, 160,000 rolls: an arquebus's short range at class II.
    CHECK(volley_odds(4, 5, 0).ways == brute_force_volley(4, 5, 0));
}

TEST_CASE("a volley's odds equal the closed form, up to 24 dice", "[tsp][TSP-FIRE-1][odds]") {
    for (int n = 0; n <= kMaxVolleyDice; ++n) {
        for (int k = 0; k <= 20; k += (n > 12 ? 3 : 1)) {
            const VolleyOdds v = volley_odds(n, k);
            REQUIRE(v.ways.size() == static_cast<std::size_t>(n) + 1);
            Count sum = 0;
            for (int h = 0; h <= n; ++h) {
                const Count expected =
                    binomial(n, h) * power(static_cast<Count>(k), h) * power(20 - k, n - h);
                CHECK(v.ways[static_cast<std::size_t>(h)] == expected);
                sum += v.ways[static_cast<std::size_t>(h)];
            }
            CHECK(sum == v.outcomes);
            CHECK(v.at_least(0) == v.outcomes);
        }
    }
    // 24 dice: 20^24 = 16777216 x 10^24.
    CHECK(count_text(volley_odds(24, 6).outcomes) == "16777216000000000000000000000000");
    CHECK_THROWS_AS(volley_odds(25, 6), std::invalid_argument);
    CHECK_THROWS_AS(volley_odds(-1, 6), std::invalid_argument);
    CHECK_THROWS_AS(volley_odds(3, 21), std::invalid_argument);
}

TEST_CASE("the heavy gun's 12 dice at pikes, and ten arquebusiers shaken or not, in percent",
          "[tsp][TSP-TV-4][TSP-TV-5][TSP-FIRE-1][odds]") {
    // TSP-TV-5: 12 D20 hitting on 1-6: no hit (14/20)^12 = 1.38%.
    const VolleyOdds gun = volley_odds(fire_dice(Kind::HeavyGun, Weapon::HeavyCannon, 4, 2), 6, 0);
    CHECK(gun.dice == 12);
    CHECK(gun.hits_on == 6);
    CHECK(gun.ways[0] == power(14, 12));
    CHECK(percent_text(gun.ways[0], gun.outcomes) == "1.4%");
    CHECK(gun.expected_tenths() == 36);  // 3.6 hits
    // TSP-TV-4: 10 dice on 1-5 (expected 2.5), shaken on 1-4 (2.0).
    const VolleyOdds steady = volley_odds(10, 5, 0);
    const VolleyOdds shaken = volley_odds(10, 5, 1);
    CHECK(steady.hits_on == 5);
    CHECK(shaken.hits_on == 4);
    CHECK(steady.expected_tenths() == 25);
    CHECK(shaken.expected_tenths() == 20);
    // P(at least one hit) = 1 - 0.75^10 = 94.4%; shaken 1 - 0.8^10 = 89.3%.
    CHECK(percent_text(steady.at_least(1), steady.outcomes) == "94.4%");
    CHECK(percent_text(shaken.at_least(1), shaken.outcomes) == "89.3%");
    CHECK(steady.at_least(11) == 0);
}

TEST_CASE("percent in tenths, rounded half up", "[tsp][odds]") {
    CHECK(percent_tenths(1, 3) == 333);
    CHECK(percent_tenths(2, 3) == 667);
    CHECK(percent_tenths(1, 2000) == 1);  // 0.05% rounds up
    CHECK(percent_tenths(1, 2001) == 0);
    CHECK(percent_tenths(5, 5) == 1000);
    CHECK(percent_tenths(0, 0) == 0);
    CHECK(percent_text(1, 8) == "12.5%");
    CHECK(percent_text(0, 7) == "0.0%");
    CHECK(percent_text(7, 7) == "100.0%");
    CHECK(count_text(Count{0}) == "0");
    CHECK(count_text(Count{1234567}) == "1234567");
}

TEST_CASE("a morale test's pass chance, face by face, with its modifiers",
          "[tsp][TSP-TV-6][TSP-MORALE-1][TSP-MORALE-2][odds]") {
    MoraleFactors f;
    f.shaken = true;
    f.leaderless = true;
    const MoraleTest t =
        morale_test(TroopRow::LandsknechtFoot, Occasion::LostMelee, Opponent::Swiss, f);
    CHECK(morale_odds(t).pass == 5);  // 6 to 10
    CHECK(morale_odds(t).outcomes == 10);
    for (int threshold = 1; threshold <= 10; ++threshold) {
        for (int mod = -12; mod <= 12; ++mod) {
            MoraleTest m;
            m.threshold = threshold;
            if (mod != 0) m.modifiers.push_back({mod, "TSP-MORALE-2", "test"});
            int pass = 0;
            for (int d10 = 1; d10 <= 10; ++d10) pass += d10 + mod >= threshold ? 1 : 0;
            CHECK(morale_odds(m).pass == pass);
            const int needed = threshold - mod;
            CHECK(pass == (needed <= 1 ? 10 : (needed > 10 ? 0 : 11 - needed)));
        }
    }
}

TEST_CASE("rally and spirit chances",
          "[tsp][TSP-TV-10][TSP-TV-1][TSP-RALLY-1][TSP-SPIRIT-2][odds]") {
    CHECK(threshold_odds(rally_threshold(TroopRow::OtherFoot, false)).pass == 5);  // 6-10
    CHECK(threshold_odds(rally_threshold(TroopRow::OtherFoot, true)).pass == 6);   // 5-10
    CHECK(spirit_odds(spirit_limit(28, 16)).pass == 9);
    CHECK(spirit_odds(0).pass == 0);
    CHECK(spirit_odds(10).pass == 10);
}

TEST_CASE("a company match-up's 36 pairs, counted by hand",
          "[tsp][TSP-TV-7][TSP-CC-3][TSP-CC-4][odds]") {
    const MatchUpOdds even = match_up_odds();
    CHECK(even.outcomes == 36);
    CHECK(even.ties == 6);
    CHECK(even.a_wins == 15);
    CHECK(even.b_wins == 15);
    // A loses 1 to a 5 over its 1-4, 2 to a 6 over its 1-5.
    CHECK(even.a_loses == std::array<int, 3>{27, 4, 5});
    CHECK(even.b_loses == std::array<int, 3>{27, 4, 5});
    // A field officer's +1.
    const MatchUpOdds officer = match_up_odds(1, 0);
    CHECK(officer.ties == 5);
    CHECK(officer.a_wins == 21);
    CHECK(officer.b_wins == 10);
    CHECK(officer.b_loses == std::array<int, 3>{21, 4, 11});
    CHECK(officer.a_loses == std::array<int, 3>{29, 3, 4});
    // Against a brute-force loop over match_up.
    for (int am = -2; am <= 3; ++am) {
        for (int bm = -2; bm <= 3; ++bm) {
            MatchUpOdds bf;
            for (int a = 1; a <= 6; ++a) {
                for (int b = 1; b <= 6; ++b) {
                    const int at = a + am, bt = b + bm;
                    if (at == bt) {
                        ++bf.ties;
                    } else if (at > bt) {
                        ++bf.a_wins;
                    } else {
                        ++bf.b_wins;
                    }
                    ++bf.a_loses[bt > at ? static_cast<std::size_t>(bt >= 6 ? 2 : (bt == 5 ? 1 : 0))
                                         : 0];
                    ++bf.b_loses[at > bt ? static_cast<std::size_t>(at >= 6 ? 2 : (at == 5 ? 1 : 0))
                                         : 0];
                }
            }
            const MatchUpOdds o = match_up_odds(am, bm);
            CHECK(o.ties == bf.ties);
            CHECK(o.a_wins == bf.a_wins);
            CHECK(o.b_wins == bf.b_wins);
            CHECK(o.a_loses == bf.a_loses);
            CHECK(o.b_loses == bf.b_loses);
        }
    }
}

TEST_CASE("a pike square's move in points, counted by hand",
          "[tsp][TSP-TV-8][TSP-MOVE-1][TSP-GRID-1][odds]") {
    // 2D6 halved up: 1" (total 2) 0 points; 2" (3-4) 1; 3" and 4" (5-8) 2; 5" (9-10) 3; 6"
    // (11-12) 4.
    const MoveOdds m = move_odds(move_dice(Kind::Pikemen, Order::Closed, true));
    CHECK(m.outcomes == 36);
    CHECK(m.ways == std::vector<std::int64_t>{1, 5, 20, 7, 3});
    const MoveOdds heavy = move_odds(move_dice(Kind::HeavyGun, Order::Open));
    CHECK(heavy.outcomes == 1);
    CHECK(heavy.ways == std::vector<std::int64_t>{1});
    CHECK_THROWS_AS(move_odds(MoveDice{7, false}), std::invalid_argument);
}

TEST_CASE("a move's points against every roll counted",
          "[tsp][TSP-MOVE-1][TSP-MOVE-2][TSP-GRID-1][odds]") {
    for (const Penalty p : {Penalty::None, Penalty::Quarter, Penalty::Half}) {
        for (const MoveDice d : {MoveDice{3, false}, MoveDice{2, true}, MoveDice{5, false}}) {
            std::vector<std::int64_t> bf;
            std::int64_t outcomes = 0;
            std::vector<int> faces(static_cast<std::size_t>(d.count), 1);
            while (true) {
                int sum = 0;
                for (const int f : faces) sum += f;
                const int in = d.halve ? (sum + 1) / 2 : sum;
                const int quarters =
                    p == Penalty::Half ? 2 * in : (p == Penalty::Quarter ? 3 * in : 4 * in);
                const auto points =
                    static_cast<std::size_t>(2 * quarters / 12);  // floor(2 x inches / 3)
                if (bf.size() <= points) bf.resize(points + 1, 0);
                ++bf[points];
                ++outcomes;
                std::size_t i = 0;
                while (i < faces.size() && faces[i] == 6) faces[i++] = 1;
                if (i == faces.size()) break;
                ++faces[i];
            }
            const MoveOdds m = move_odds(d, p);
            CHECK(m.outcomes == outcomes);
            CHECK(m.ways == bf);
        }
    }
    // 6D6, light horse: 46656 rolls, 36" at most is 24 points.
    const MoveOdds horse = move_odds(move_dice(Kind::LightHorse, Order::Open));
    CHECK(horse.outcomes == 46656);
    CHECK(horse.ways.size() == 25);
    CHECK(horse.ways[24] == 1);
}
