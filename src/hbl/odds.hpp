#pragma once
/// Exact odds of Hell Broke Loose's opposed rolls: a melee round, a shot, a rally and a march
/// activation. Each function enumerates every equally likely pair of natural rolls and asks the
/// resolution arithmetic (resolve.hpp) what it gives, so the rules live in one place only. Every
/// figure is an integer count of outcomes: nothing here rolls, keeps state, does I/O or uses
/// floating point. A chance is `count / outcomes` and an expected UI loss `ui_sum / outcomes`;
/// the caller divides (the preview for display, the computer to rank its choices).
///
/// Under HBL-DICE-4 no result passes 12 and no natural roll is below 1, so no difference passes 11
/// and no single roll costs more than 3 UI: the "4 or more" bin of a UiHistogram is kept for the
/// table's shape and is always 0 (odds_test checks it over the whole ladder).
#include <array>
#include <cstddef>

#include "core/die.hpp"
#include "core/side.hpp"
#include "hbl/resolve.hpp"

namespace tercio::hbl {

/// Outcomes by UI lost (or rallied back): [0] none, [1] one, [2] two, [3] three, [4] four or more.
using UiHistogram = std::array<int, 5>;

/// The bin of a UiHistogram that `ui` falls in: ui itself, 4 for four or more.
constexpr std::size_t ui_bin(int ui) {
    return static_cast<std::size_t>(ui < 0 ? 0 : (ui > 4 ? 4 : ui));
}

// --- Melee (HBL-MELEE-4, HBL-FIERCE-1, HBL-FIERCE-2, HBL-SKIRM-4, HBL-MELEE-9) -----------------

/// One side's part of a melee round's odds: counts of outcomes, out of MeleeOdds::outcomes.
struct MeleeSideOdds {
    int loses = 0;  ///< its total was the lower (RoundSide::lost); draws are neither side's
    // Its Fate after the round, before any stubborn chip or pinning (settle): the four sum to
    // MeleeOdds::outcomes.
    int holds = 0;        ///< Fate::Holds
    int pushed_back = 0;  ///< Fate::PushedBack: 3-5 pips, or a Fierce marginal win (HBL-MELEE-7)
    int routed = 0;       ///< Fate::Routed: 6 pips or more (HBL-MELEE-10)
    int withdraws = 0;    ///< Fate::Withdraws: its close skirmish ended (HBL-SKIRM-4)
    /// Of pushed_back, the Fierce push backs that stubborn UI cannot prevent (HBL-FIERCE-1,
    /// HBL-UI-7)
    int fierce_pushed = 0;
    int follows_up = 0;   ///< it counts as following up next round (HBL-MELEE-5, HBL-FIERCE-2)
    int must_follow = 0;  ///< it won on an odd natural roll and must pursue or follow (HBL-MELEE-9)
    int ui_sum = 0;       ///< the UI the result table takes, summed over every outcome
    UiHistogram ui{};     ///< outcomes by the UI the result table takes (HBL-MELEE-4)
    friend bool operator==(const MeleeSideOdds&, const MeleeSideOdds&) = default;
};

/// A melee round's odds.
struct MeleeOdds {
    int outcomes = 0;  ///< faces(A's die) x faces(B's die), all equally likely
    int draws = 0;     ///< difference 0: "hard fought, no advantage"
    int ends = 0;      ///< a close skirmish ended the melee (Round::ends)
    std::array<MeleeSideOdds, 2> side{};
    const MeleeSideOdds& of(Side s) const { return side[core::idx(s)]; }
    friend bool operator==(const MeleeOdds&, const MeleeOdds&) = default;
};

/// The odds of one melee round between A and B: each Fighter's `die` (after its factors,
/// melee_steps), `fierce` and `close_skirmish` are used; its `natural` is ignored, every face being
/// tried. Every pair of faces goes through melee_round.
MeleeOdds melee_odds(const Fighter& a, const Fighter& b);

// --- Shooting (HBL-SHOOT-3 .. HBL-SHOOT-6, HBL-UNDEF-8) -----------------------------------------

/// A shot's odds: counts of outcomes, out of `outcomes`.
struct ShotOdds {
    int outcomes = 0;    ///< faces(shooter's die) x faces(the Defence Die)
    int effect = 0;      ///< the shooter's result beat the Defence Die (HBL-SHOOT-5)
    int vexes = 0;       ///< ... and the Defence Die's natural roll was odd (HBL-SHOOT-4)
    int costs_move = 0;  ///< six pips or more: a pending move lost (HBL-SHOOT-6, HBL-UNDEF-8)
    int ui_sum = 0;      ///< the UI taken, one per three pips (HBL-SHOOT-3), summed
    UiHistogram ui{};
    friend bool operator==(const ShotOdds&, const ShotOdds&) = default;
};

/// The odds of a shot of `shooter` (its Combat Die after its factors, shot_steps) against the
/// target's `defence` die, never modified (HBL-SHOOT-2). Every pair of faces goes through shoot.
ShotOdds shot_odds(LadderDie shooter, DieType defence);

// --- Rallying (HBL-RALLY-2 .. HBL-RALLY-4) ------------------------------------------------------

/// A rally roll's odds: counts of outcomes, out of `outcomes`.
struct RallyOdds {
    int outcomes = 0;    ///< faces(officer's die) x 8
    int rallies = 0;     ///< a positive result: vexation ends (HBL-RALLY-3)
    int ui_max_sum = 0;  ///< Rally::ui_max, one per three pips (HBL-RALLY-4), summed
    UiHistogram ui_max{};
    friend bool operator==(const RallyOdds&, const RallyOdds&) = default;
};

/// The odds of a rally of `officer` (after its factors, rally_steps) against the unadjusted D8
/// (HBL-RALLY-2). Every pair of faces goes through rally.
RallyOdds rally_odds(LadderDie officer);

// --- March activation (HBL-MARCH-1 .. HBL-MARCH-8) ----------------------------------------------

/// A march activation's odds: counts of outcomes, out of `outcomes`.
struct MarchOdds {
    int outcomes = 0;            ///< faces(officer's die) x 8
    std::array<int, 4> moves{};  ///< outcomes by moves per unit: 0 .. 3 (March::moves)
    int fierce_melee = 0;        ///< an even natural roll: one melee without a card (HBL-MARCH-8)
    friend bool operator==(const MarchOdds&, const MarchOdds&) = default;
};

/// The odds of a command's activation on `officer`'s die against the enemy's D8 (HBL-MARCH-1).
/// Every pair of faces goes through march.
MarchOdds march_odds(DieType officer);

}  // namespace tercio::hbl
