#pragma once
/// Exact odds of The Sword and the Pike's rolls: a volley of D20s, a morale test on a D10, a
/// company match-up of two D6s, and a unit's movement dice. Every figure is an integer count of
/// equally likely outcomes, counted through the resolution arithmetic (resolve.hpp) so the rules
/// live in one place: nothing here rolls, keeps state, does I/O or uses floating point. A chance is
/// `count / outcomes`; percent_tenths and percent_text divide, in integers, for the screen.
///
/// The volley's counts are exact in unsigned __int128 (Count): at most 24 dice, and 20^24 is about
/// 1.7 x 10^31, far inside 2^128 (3.4 x 10^38), with room for the x2000 of percent_tenths.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tsp/resolve.hpp"

namespace tercio::tsp {

/// An exact count of outcomes (GCC's and Clang's 128-bit unsigned integer).
__extension__ typedef unsigned __int128 Count;

/// The most D20s a volley's odds are counted for: 4 ranks of Reiters' 3, 2 ranks of 5 foot with an
/// attached company, a heavy gun's 12; 24 leaves room.
inline constexpr int kMaxVolleyDice = 24;

/// A count as a percentage in tenths, rounded half up: 1 of 3 is 333 (33.3%). 0 if `outcomes` is 0.
int percent_tenths(Count count, Count outcomes);

/// "33.3%".
std::string percent_text(Count count, Count outcomes);

/// A count in decimal (the screen's and the tests' way to show a Count).
std::string count_text(Count c);

// --- Fire (TSP-FIRE-1, TSP-FIRE-3, TSP-FIRE-4)
// ----------------------------------------------------

/// A volley's odds: `ways[h]` of the `outcomes` = 20^dice equally likely rolls give h hits.
struct VolleyOdds {
    int dice = 0;
    int hits_on = 0;  ///< each die hits on a natural 1 to this (hits_on in resolve.hpp)
    Count outcomes = 1;
    std::vector<Count> ways;  ///< dice + 1 entries
    /// The rolls giving at least `h` hits.
    Count at_least(int h) const;
    /// The expected hits in tenths, rounded half up (dice x hits_on / 20).
    int expected_tenths() const;
};

/// The odds of `dice` D20s (0 .. kMaxVolleyDice) each hitting on a natural 1 .. `natural_hits`
/// (0 .. 20), counted die by die through resolve.hpp's `hits` (the closed form, C(n,h) k^h
/// (20-k)^(n-h), is the tests'). Throws std::invalid_argument outside those bounds.
VolleyOdds volley_odds(int dice, int natural_hits);

/// The same from the table: the hit number and the modifier added to each die.
VolleyOdds volley_odds(int dice, int hit_number, int modifier);

// --- Morale (TSP-MORALE-1, TSP-MORALE-2, TSP-RALLY-1)
// ---------------------------------------------

/// A D10 test's odds: `pass` of the 10 faces pass.
struct TestOdds {
    int pass = 0;
    int outcomes = 10;
};

/// The odds of a morale test with its modifiers (each face through `passes`).
TestOdds morale_odds(const MoraleTest& t);

/// The odds of a rally on the Rally table (TSP-RALLY-1: no modifiers), or of the spirit test
/// (TSP-SPIRIT-2: a face at most `limit`): faces at or above `threshold` pass.
TestOdds threshold_odds(int threshold);
TestOdds spirit_odds(int limit);

// --- Close combat (TSP-CC-3, TSP-CC-4, TSP-AMB-15)
// ------------------------------------------------

/// A company match-up's odds over the 36 pairs of D6s: who wins, ties, and the figures each side
/// loses (0, 1, 2).
struct MatchUpOdds {
    int outcomes = 36;
    int a_wins = 0;
    int b_wins = 0;
    int ties = 0;                  ///< no result (TSP-AMB-15)
    std::array<int, 3> a_loses{};  ///< by figures A loses: none (a win, tie or a loss to 4 or
                                   ///< less), 1, 2
    std::array<int, 3> b_loses{};
};

/// The odds of a match-up with these modifiers added to each side's D6 (a field officer's +1,
/// TSP-CC-4); each pair through match_up.
MatchUpOdds match_up_odds(int a_modifier = 0, int b_modifier = 0);

// --- Movement (TSP-MOVE-1, TSP-GRID-1)
// ------------------------------------------------------------

/// A move's odds: `ways[p]` of the 6^count rolls give p half-square points.
struct MoveOdds {
    std::int64_t outcomes = 1;
    std::vector<std::int64_t> ways;
};

/// The odds of a unit's movement dice (at most 6 D6) after a penalty, through move_inches and
/// move_points. Throws std::invalid_argument for more than 6 dice.
MoveOdds move_odds(const MoveDice& d, Penalty p = Penalty::None);

}  // namespace tercio::tsp
