#pragma once
/// Exact odds of the opposed rolls of Pikette Squared (PS-DICE-6). Every probability is a count of
/// equally likely dice outcomes over their total, computed with integer arithmetic only: nothing
/// here rolls, allocates state or does I/O. For display (the UI's "chance of" hints) and tests.
///
/// Limits: enumeration totals must fit in 64 bits (combined_shots: about 10 D12 shooters);
/// beyond that the functions throw std::overflow_error rather than return a wrong fraction.
#include <cstdint>
#include <string>
#include <vector>

#include "core/die.hpp"
#include "rules/ruleset.hpp"

namespace tercio::rules::odds {

/// A non-negative exact rational num/den, always reduced (gcd 1) with den > 0. As a probability
/// it is `num` equally likely outcomes out of `den`; expected values use the same type.
struct Chance {
    std::uint64_t num = 0;
    std::uint64_t den = 1;

    /// num/den reduced. Throws std::invalid_argument if den is 0.
    static Chance of(std::uint64_t num, std::uint64_t den);
    /// For display only: the nearest double.
    double approx() const;
    /// "41.7%": 100 * num / den rounded half up to one decimal, in integer arithmetic.
    std::string percent_text() const;
    friend bool operator==(const Chance&, const Chance&) = default;
};

/// Status order used for "worst": None < Disordered < Routed.
constexpr Status worst(Status a, Status b) { return a < b ? b : a; }

// --- Shooting (PS-SHOOT-9, PS-SHOOT-10, PS-SHOOT-12) --------------------------------------------

/// One distinct result of a shot with d > 0.
struct ShotOutcome {
    int new_hits = 0;  ///< max(0, hits(band(S)) - prior_hits) (PS-SHOOT-12 step 2)
    Status status = Status::None;
    /// The band allows a chip and the shot did not rout the target (PS-SHOOT-12 step 4). The
    /// caller must still exclude a target that was already Routed or has been destroyed.
    bool chip_window = false;
    Chance chance;
    friend bool operator==(const ShotOutcome&, const ShotOutcome&) = default;
};

struct ShotOdds {
    Chance no_effect;                   ///< roll <= D6 (PS-SHOOT-9)
    std::vector<ShotOutcome> outcomes;  ///< sorted by (new_hits, status, chip_window)
    Chance expected_hits;               ///< mean new hits over all rolls, no-effect included
};

/// One shot of `final_die` against the target's D6, when the target has already taken
/// `prior_sum` positive differences and `prior_hits` hits from them in this phase (both 0 for a
/// first shot, PS-SHOOT-12). S = prior_sum + d selects the band. Status (PS-SHOOT-12 step 3): the
/// worst of the band's own status, on_quadruple if roll >= 4 x D6 and on_double if roll >= 2 x D6,
/// comparing THIS shot's roll and D6 (PS-DICE-7). A difference beyond every band counts as a band
/// with no effect.
ShotOdds shot(DieType final_die, int prior_sum, int prior_hits, const std::vector<ResultBand>& bands);

/// One distinct end state of several shots at one target in one phase.
struct CombinedOutcome {
    int new_hits = 0;              ///< total hits taken over all the shots
    Status status = Status::None;  ///< worst status any shot imposed
    Chance chance;
    friend bool operator==(const CombinedOutcome&, const CombinedOutcome&) = default;
};

struct CombinedOdds {
    std::vector<CombinedOutcome> outcomes;  ///< sorted by (new_hits, status); chances sum to 1
    Chance expected_hits;
};

/// `dice` shoot in that order at one target, each against its own D6, accumulating S_T and H_T
/// exactly as PS-SHOOT-12 (steps 1-3 per shot). Exact: dynamic programming over
/// (S_T, H_T, hits so far, worst status), since statuses depend on the individual rolls.
CombinedOdds combined_shots(const std::vector<DieType>& dice, int prior_sum, int prior_hits,
                            const std::vector<ResultBand>& bands);

// --- Melee (PS-MELEE-12 .. PS-MELEE-16, PS-MELEE-25) --------------------------------------------

struct MeleeFlags {
    bool initiator_void_on_loss = false;  ///< PS-MELEE-15: the initiator's losing results are void
    bool defender_void_on_loss = false;   ///< PS-MELEE-15: the defender's losing results are void
    bool x2_routs_defender = false;       ///< PS-MELEE-14: a defender losing at x2 or more is Routed
    bool x2_routs_initiator = false;      ///< PS-MELEE-14: an initiator losing at x2 or more is Routed
};

/// One distinct result for the loser of a melee (PS-MELEE-13).
struct MeleeOutcome {
    int band_min = 0;   ///< the band's lower difference (1, 3, 6, 9 with the shipped table)
    int hits = 0;
    int fall_back = 0;  ///< squares; 0 when Routed: a routed loser makes its rout move (PS-MELEE-19)
    Status status = Status::None;
    bool chip_window = false;  ///< band allows a chip and the loser is not Routed (PS-MELEE-22)
    Chance chance;
    friend bool operator==(const MeleeOutcome&, const MeleeOutcome&) = default;
};

/// One side winning the roll.
struct MeleeSide {
    Chance wins;    ///< this side rolls strictly higher, void results included
    Chance voided;  ///< ... and the loser's result is void (PS-MELEE-15)
    std::vector<MeleeOutcome> outcomes;  ///< the loser's results, sorted; sum + voided = wins
};

struct MeleeOdds {
    Chance tie;  ///< PS-MELEE-16: both stay; attached leaders are killed
    MeleeSide initiator_wins;
    MeleeSide defender_wins;
};

/// Both final Fight dice rolled (PS-MELEE-12); diff = winner - loser picks the band from `bands`
/// (the melee table). Loser's status: the worst of the band status, on_quadruple at x4, on_double
/// at x2 (winner's natural vs loser's natural, PS-MELEE-25) and Routed at x2 when PS-MELEE-14
/// applies to the loser. PS-PHALANX-4 / PS-TERCIO-8 conversions are not modelled here.
MeleeOdds melee(DieType initiator_die, DieType defender_die, const std::vector<ResultBand>& bands,
                MeleeFlags flags = {});

// --- Single opposed tests (PS-DICE-6) ----------------------------------------------------------

/// P(a's roll > b's roll), each die rolled once.
Chance strictly_higher(DieType a, DieType b);
/// P(a's roll == b's roll).
Chance tie(DieType a, DieType b);
/// Morale check fails: the opponent's D6 strictly higher than the unit's die (PS-MORALE-1).
Chance test_fails(DieType unit_die);
/// Chip succeeds: the chipper's D6 strictly higher than the target's die (PS-CHIP-9).
Chance chip_succeeds(DieType target_die);
/// Rally succeeds: the unit's die strictly higher than the opponent's D6 (PS-RALLY-4).
Chance rally_succeeds(DieType unit_die);
/// One D6 strictly higher than another: 15/36. Leader Check hit (owner strictly lower,
/// PS-LEADER-9), pursuit "may stay" (PS-MELEE-20) and French Knights restraint (PS-OPP-7).
Chance d6_strictly_higher();

}  // namespace tercio::rules::odds
