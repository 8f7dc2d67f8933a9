#pragma once
/// Hell Broke Loose's resolution arithmetic: initiative and the Lull, march activation, the Up and
/// Down factors, a melee round (with Fierce troops, close skirmishes, stubborn UI and vexation), a
/// shot and a rally. Pure functions of plain values: the natural rolls come in as numbers, so the
/// sequence of play (which rolls them through a core::Dice) and the tests (which give the source's
/// own rolls) use the same code. docs/rulesets.md says where this sits.
#include <array>
#include <optional>
#include <stdexcept>

#include "core/die.hpp"
#include "core/side.hpp"

namespace tercio::hbl {

using core::DieType;
using core::LadderDie;
using core::Side;

/// A resolution asked for something the rules do not allow (a stubborn chip the unit cannot pay).
class ResolveError : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

// --- Initiative and the Lull (HBL-INIT, HBL-LULL) ---------------------------------------------

/// What one initiative roll of both army dice gave (HBL-INIT-2 .. HBL-INIT-4).
struct Initiative {
    int pips = 0;                 ///< each side's pips: the difference of the rolls
    std::optional<Side> chooser;  ///< the higher roller, who goes first or second as he chooses
    bool turn_ends = false;       ///< equal rolls end the turn and the decks are regathered
};

/// HBL-INIT-2 .. 4: side A rolled `a`, side B rolled `b` on their army dice.
Initiative initiative(int a, int b);

/// HBL-LULL-2, HBL-LULL-3 (HBL-UNDEF-24): whether the side that did not turn the Lull steals a pip:
/// only if its army die roll beats the turner's.
constexpr bool lull_steals(int turner_roll, int other_roll) {
    return other_roll > turner_roll;
}

// --- Movement (HBL-MARCH, HBL-MOVE) -----------------------------------------------------------

/// What a command's activation roll on a March or Cavalry March card gave.
struct March {
    int moves = 0;  ///< moves each unit of the command may make: 0 to 3
    /// Its Fierce units may fight one melee without a card (HBL-MARCH-8)
    bool fierce_melee = false;
};

/// HBL-MARCH-1 .. 8: the command's natural roll on its officer's die against the enemy's
/// unmodified D8.
March march(int command_natural, int d8);

/// HBL-MOVE-1, HBL-GRID-1: one move is the unit's Defence Die in inches, at 1 square = 2 inches:
/// D4 2 squares .. D12 6; in half-squares, the grid's unit of distance, as many as the faces.
constexpr int move_half_squares(DieType defence) {
    return core::faces(defence);
}

// --- Factors (HBL-MOD) --------------------------------------------------------------------------

/// Everything the posts use to modify a unit's Combat Die in melee (HBL-MOD-1).
struct MeleeFactors {
    bool initiating = false;              ///< Up 1, first round only (HBL-MELEE-6)
    bool following_up = false;            ///< Up 1 (HBL-MELEE-5)
    bool formed_cavalry_open = false;     ///< Up 1: formed cavalry in type I terrain
    bool close_formed_open = false;       ///< Up 1: close-formed infantry in type I terrain
    bool pike_square_frontal = false;     ///< Up 1: a pike square fighting frontally
    bool superior_armour = false;         ///< Up 1
    bool superior_weapon = false;         ///< Up 1: pike against cavalry, lance against skirmishers
    bool flanking = false;                ///< Up 1 (HBL-MELEE-8)
    bool against_fully_armoured = false;  ///< Down 1: the enemy is fully armoured
    bool flanked = false;                 ///< Down 1 (HBL-MELEE-8)
    bool facing_frontal_pike = false;     ///< Down 1: cavalry against a pike front
    bool vexed = false;                   ///< Down 1 (HBL-VEX-4)
    int ui_lost = 0;  ///< Down 1 per UI lost beyond the stubborn ones (HBL-UI-3, 4)
    int stubborn_ui = 0;
};

/// The net steps (Ups minus Downs) of a melee die (HBL-MOD-1, HBL-UI-3, HBL-UI-4).
int melee_steps(const MeleeFactors& f);

/// Everything the posts use to modify a shooter's Combat Die (HBL-MOD-2). The target's Defence
/// Die is never modified (HBL-SHOOT-2).
struct ShotFactors {
    bool artillery_close = false;  ///< Up 2: artillery at close range
    bool long_range = false;       ///< Down 1
    bool at_pike_square = false;   ///< Up 2
    bool at_colonela = false;      ///< Up 1: depth
    bool at_flank = false;         ///< Up 1
    bool at_own_side = false;      ///< Down 1: firing at one's own side in a melee (HBL-SHOOT-7)
};

int shot_steps(const ShotFactors& f);

/// The rally modifiers of an officer's die (HBL-MOD-3). The D8 against it is never modified.
struct RallyFactors {
    bool officer_attached = false;  ///< Up 1
    bool d8_defence = false;        ///< Up 1: the unit's Defence Die is a D8
    bool in_contact = false;        ///< Down 1: the unit is in contact with the enemy
};

int rally_steps(const RallyFactors& f);

// --- Unit integrity, vexation and morale chips (HBL-UI, HBL-VEX, HBL-CHIP) ----------------------

/// A unit's unit integrity and vexation.
struct Integrity {
    int ui = 4;          ///< UI it starts with (HBL-UI-1)
    int stubborn = 0;    ///< how many of them are stubborn (HBL-UI-4)
    int lost = 0;        ///< UI lost so far
    bool vexed = false;  ///< HBL-VEX-1

    /// HBL-UI-5: it still has stubborn UI while fewer UI are lost than it has stubborn ones.
    bool stubborn_left() const { return lost < stubborn; }
    /// HBL-UNDEF-4: a unit with no UI left is removed.
    bool gone() const { return lost >= ui; }
    /// HBL-UI-3, HBL-UI-4: the UI that count against its melee die.
    int melee_downs() const { return lost > stubborn ? lost - stubborn : 0; }
    friend bool operator==(const Integrity&, const Integrity&) = default;
};

/// What a result cost a side (HBL-CHIP-2): UI lost and morale chips paid.
struct Cost {
    int ui = 0;
    int chips = 0;
    friend bool operator==(const Cost&, const Cost&) = default;
};

/// HBL-UI-2: `n` UI lost, one morale chip each.
void lose_ui(Integrity& u, Cost& cost, int n);

/// HBL-VEX-2, HBL-VEX-3: a cause of vexation. The first vexes the unit; every one after it, while
/// vexed, costs one more UI and one more chip.
void vex(Integrity& u, Cost& cost);

// --- Melee (HBL-MELEE, HBL-FIERCE, HBL-SKIRM) ---------------------------------------------------

/// One side of a melee round, as rolled.
struct Fighter {
    LadderDie die;        ///< the Combat Die after its factors (melee_steps)
    int natural = 1;      ///< the face rolled
    bool fierce = false;  ///< HBL-FIERCE
    /// Skirmish cavalry fighting a close skirmish round (HBL-SKIRM-3)
    bool close_skirmish = false;
    int total() const { return core::result(die, natural); }
};

/// Where a side of a melee ends up after a round.
enum class Fate : std::uint8_t {
    Holds,       ///< stays in position
    PushedBack,  ///< falls back 3" (one step) vexed (HBL-MELEE-7)
    Routed,      ///< turns and routs 12" (HBL-MELEE-10)
    Withdraws,   ///< skirmish cavalry pull back 3" and the melee ends (HBL-SKIRM-4)
};

/// One side's part of a round's result, before the choices that follow it (settle).
struct RoundSide {
    int ui = 0;  ///< UI the result table takes (HBL-MELEE-4)
    Fate fate = Fate::Holds;
    /// Counts as following up in the next round, if the melee goes on (HBL-MELEE-5): the higher
    /// roller, and a Fierce side after a draw (HBL-FIERCE-2).
    bool follows_up = false;
    /// A winner whose natural roll is odd must pursue or follow up (HBL-MELEE-9)
    bool must_follow = false;
    /// Pushed back by HBL-FIERCE-1: stubborn UI cannot prevent it (HBL-UI-7)
    bool fierce_push = false;
    bool lost = false;  ///< its total was the lower (HBL-VEX-2 b needs it)
    friend bool operator==(const RoundSide&, const RoundSide&) = default;
};

/// A melee round's result (HBL-MELEE-4).
struct Round {
    int difference = 0;          ///< |total A - total B|
    std::optional<Side> higher;  ///< the higher total; none on a draw
    std::array<RoundSide, 2> side{};
    bool ends = false;  ///< a close skirmish ended it; otherwise it goes on while the units touch
    const RoundSide& of(Side s) const { return side[core::idx(s)]; }
    friend bool operator==(const Round&, const Round&) = default;
};

/// HBL-MELEE-4, HBL-FIERCE-1, HBL-FIERCE-2, HBL-SKIRM-4, HBL-MELEE-9: the result of a round in
/// which A and B rolled as given.
Round melee_round(const Fighter& a, const Fighter& b);

/// The choices and circumstances that settle one side's part of a round on its unit.
struct SettleChoice {
    bool stubborn = false;  ///< pay a chip: a rout becomes a push back, or a push back is cancelled
                            ///< (HBL-UI-6 a, b)
    bool lost_to_flank = false;  ///< it lost a melee delivered against its flank (HBL-VEX-2 b)
    bool can_fall_back =
        true;  ///< false: pinned (type III terrain behind), vexed again instead (HBL-VEX-2 d)
};

/// Whether a unit that had stubborn UI when the round began may pay for HBL-UI-6 against this
/// result: only against a push back or a rout, and never against a Fierce push back (HBL-UI-7,
/// HBL-MELEE-11).
bool may_be_stubborn(bool stubborn_at_start, const RoundSide& r);

/// What settling a side's part of a round did.
struct Settled {
    Cost cost;
    Fate fate = Fate::Holds;  ///< where it ends: a pinned unit that could not fall back holds
};

/// Applies one side's part of a round to its unit: the table's UI, the stubborn chip, the push back
/// and its vexation (again if it cannot fall back), the vexation of losing to a flank attack.
/// `stubborn_at_start` is Integrity::stubborn_left() as it was when the round began (HBL-UI-5).
/// Throws ResolveError if a stubborn chip is asked for where may_be_stubborn says no.
Settled settle(Integrity& u, const RoundSide& r, bool stubborn_at_start,
               const SettleChoice& choice);

// --- Shooting and rallying (HBL-SHOOT, HBL-RALLY) -----------------------------------------------

/// A shot's rolls: the shooter's Combat Die after its factors against the target's Defence Die.
struct ShotRoll {
    LadderDie die;
    int natural = 1;
    int defence_natural = 1;  ///< the target's Defence Die, never modified
};

/// What a shot does to its target (HBL-SHOOT-3 .. 6).
struct Shot {
    int difference = 0;  ///< the shooter's result minus the Defence Die
    int ui = 0;          ///< one UI per three pips
    bool vexes = false;  ///< the Defence Die was lower and odd
    /// Six pips or more take one of the target's pending moves (HBL-UNDEF-8)
    bool costs_move = false;
    bool effect() const { return difference > 0; }
};

Shot shoot(const ShotRoll& roll);

/// Applies a shot to its target: its UI and chips, and its vexation.
Cost take_shot(Integrity& u, const Shot& shot);

/// HBL-UI-6 c: a unit that still has stubborn UI pays one chip to keep the move a shot took.
/// Returns the chip paid; throws ResolveError if it has no stubborn UI left.
int keep_move(const Integrity& u);

/// A rally roll: the officer's die after its factors against an unmodified D8 (HBL-RALLY-2).
struct Rally {
    int difference = 0;
    bool rallies = false;  ///< a positive result: vexation ends (HBL-RALLY-3)
    int ui_max = 0;        ///< UI that may come back: one per three pips (HBL-RALLY-4)
};

Rally rally(LadderDie officer, int natural, int d8);

/// HBL-RALLY-3, HBL-RALLY-4 (HBL-UNDEF-19): ends the vexation of a positive rally and brings back
/// `ui_back` UI (at most ui_max and the UI lost), one morale chip each. Returns the chips paid.
int take_rally(Integrity& u, const Rally& r, int ui_back);

}  // namespace tercio::hbl
