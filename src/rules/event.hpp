#pragma once
/// Events: what happened, as data. The rules never print; the control and UI layers choose the
/// words (control/event_text).
#include <array>
#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

#include "core/dice.hpp"
#include "core/grid.hpp"
#include "rules/game_state.hpp"

namespace tercio::rules {

/// Any die rolled, with why (PS-DICE-8 order is the order of these events).
struct DiceRolled {
    Side side = Side::A;  ///< whose roll
    core::RollPurpose purpose = core::RollPurpose::Other;
    core::DieType die = core::DieType::D6;
    int natural = 0;
};
/// An army's upgrade roll (PS-ARMY-5) and whether it succeeded.
struct UpgradeRolled {
    Side side = Side::A;
    std::uint8_t upgrade = 0;  ///< index into ArmyList::upgrades
    int roll = 0;
    bool success = false;
};
/// The extra unit gained (PS-ARMY-4), or offered as a choice when `chosen` is false.
struct ExtraUnitRolled {
    Side side = Side::A;
    int roll = 0;
    std::uint8_t line = 0;  ///< roster line gained (when chosen)
    bool chosen = true;
};
struct ExtraCardChosen {
    Side side = Side::A;
    CardKind card = CardKind::InfantryMove;
};
struct MoraleChipsRolled {
    Side side = Side::A;
    int roll = 0;
    int chips = 0;
};
struct NightfallRolled {
    int roll = 0;
    int turn = 0;  ///< the game ends when this turn ends
};
struct DeckShuffled {
    Side side = Side::A;
};
struct TerrainAllotted {
    int roll_a = 0;
    int roll_b = 0;
    std::uint8_t pieces_a = 0;
    std::uint8_t pieces_b = 0;
};
struct TerrainPlaced {
    Side side = Side::A;
    TerrainKind kind = TerrainKind::Wood;
    Square first{};
    std::uint8_t count = 0;
};
struct TerrainAdjusted {
    Side side = Side::A;
    bool removed = false;  ///< otherwise moved to the centre
    Square from{};
    Square to{};
    int roll = 0;
    bool success = false;
};
struct UnitDeployed {
    std::uint8_t unit = 0;
    Square square{};
    Facing facing = Facing::N;
};
struct LeaderDeployed {
    Side side = Side::A;
    Square square{};
    bool attached = false;
};
struct InitiativeRolled {
    int roll_a = 0;
    int roll_b = 0;
};
/// The higher roller chose; `first` goes first with `first_pips`.
struct OrderChosen {
    Side chooser = Side::A;
    Side first = Side::A;
    int first_pips = 0;
    int second_pips = 0;
};
struct PhaseStarted {
    Side side = Side::A;
    int pips = 0;
    bool second = false;
};
struct CardTurned {
    Side side = Side::A;
    CardKind card = CardKind::InfantryMove;
    int left = 0;  ///< cards left in the deck
};
struct PhaseEnded {
    Side side = Side::A;
    int pips_lost = 0;
};
struct TurnEnded {
    enum class Why : std::uint8_t { InitiativeTie, DeckOut, Phases };
    int turn = 0;
    Why why = Why::Phases;
};
struct UnitMoved {
    std::uint8_t unit = 0;
    Square from{};
    Square to{};
};
struct UnitTurned {
    std::uint8_t unit = 0;
    Facing from = Facing::N;
    Facing to = Facing::N;
};
struct MarchStarted {
    Side side = Side::A;
};
struct MarchLost {
    Side side = Side::A;
};
struct LeaderMoved {
    Side side = Side::A;
    Square from{};
    Square to{};
    bool attached = false;  ///< attached to the unit in `to`
};
struct LeaderKilled {
    Side side = Side::A;
    int chips_lost = 0;  ///< as many as the die says, or as the side had left (PS-CHIP-7)
    int rolled = 0;      ///< the D6 for the chips lost (the Sultan's loss takes them all)
};
struct GameEnded {
    GameEnd why = GameEnd::Nightfall;
    int points_a = 0;
    int points_b = 0;
    bool draw = false;
    Side winner = Side::A;
};

// --- combat ---------------------------------------------------------------------------------------

/// Every Up/Down modifier the engine applies, each one line of a modifier table (PS-DICE-4).
/// modifier_name() and modifier_rule() give its words and rule ID.
enum class ModifierId : std::uint8_t {
    // shooting (PS-SHOOT-7)
    ShotFlankOrFormation,  ///< UP 1: on the target's flank or rear, or at a PHALANX or TERCIO
    LongbowVsMounted,      ///< UP 1
    ShooterDisordered,     ///< DOWN 1
    BeyondHalfRange,       ///< DOWN 1 (PS-SHOOT-8)
    BowVsArmour,           ///< DOWN 1: ordinary bows at KNIGHTS, PIKE, PHALANX or TERCIO
    TargetInCover,         ///< DOWN 1: in woods or building, or in or behind WAR WAGONS
    // melee (PS-MELEE-8)
    Charging,              ///< UP 1 (PS-MELEE-7, -9, -10)
    AttackingFlank,        ///< UP 1 (PS-MELEE-6)
    MoreStands,            ///< UP 1 (PS-HITS-5)
    LeaderAttached,        ///< UP 2 (PS-MELEE-8, PS-MORALE-2, PS-CHIP-9)
    AttackedInFlank,       ///< DOWN 1
    BetterTerrainOrWagon,  ///< DOWN 1 (PS-TERRAIN-13, PS-WW-6)
    Disordered,            ///< DOWN 1 (melee, morale, chip)
    // rally (PS-RALLY-4)
    RallyDisordered,       ///< DOWN 1
    RallyRouted,           ///< DOWN 2
    Sultan,                ///< UP 1 (PS-ARMY-12)
    // morale checks and chips (PS-MORALE-2, PS-CHIP-9); leader attached is LeaderAttached
    TestDisordered,        ///< DOWN 1
};
std::string_view modifier_name(ModifierId m);
std::string_view modifier_rule(ModifierId m);
/// The steps a modifier moves the die: +1, +2, -1 or -2.
int modifier_steps(ModifierId m);

/// A die rolled with modifiers: base die, the modifiers that applied, the final die (PS-DICE-3)
/// and the natural result.
struct ModifiedRoll {
    static constexpr int kMaxModifiers = 8;
    Side side = Side::A;
    core::DieType base = core::DieType::D6;
    std::array<ModifierId, kMaxModifiers> modifiers{};
    std::uint8_t modifier_count = 0;
    core::DieType final = core::DieType::D6;
    int natural = 0;
    int net() const {
        int n = 0;
        for (std::size_t i = 0; i < modifier_count; ++i) n += modifier_steps(modifiers[i]);
        return n;
    }
};

/// A shot (PS-SHOOT-9 .. PS-SHOOT-13). `band_min` is the band of the accumulated sum (0: no
/// effect); `new_hits` the hits this shot added; `status` the state it imposed (None, Disordered
/// or Routed, before the PHALANX/TERCIO conversions).
struct ShotResolved {
    std::uint8_t shooter = 0;
    std::uint8_t target = 0;
    bool opportunity = false;  ///< paid with an opportunity chip
    ModifiedRoll roll;
    int defence = 0;  ///< the target's D6
    int diff = 0;     ///< roll - D6 (<= 0: no effect)
    int sum = 0;      ///< S_T after this shot (PS-SHOOT-12)
    int band_min = 0;
    int new_hits = 0;
    Status status = Status::None;
};
/// A melee roll-off (PS-MELEE-12 .. PS-MELEE-16). `winner` is kNone on a tie.
struct MeleeResolved {
    std::uint8_t initiator = 0;
    std::uint8_t defender = 0;
    ModifiedRoll initiator_roll;
    ModifiedRoll defender_roll;
    std::uint8_t winner = kNone;
    std::uint8_t loser = kNone;
    int diff = 0;
    int band_min = 0;
    bool void_result = false;  ///< PHALANX or TERCIO against cavalry (PS-MELEE-15)
    Status status = Status::None;
    bool x2_rout = false;      ///< PS-MELEE-14
};
/// A routed unit destroyed without a roll (PS-MELEE-21).
struct RoutedUnitCut {
    std::uint8_t attacker = 0;
    std::uint8_t target = 0;
};
/// A morale check (PS-MORALE-1): the unit's roll against the opponent's D6.
struct MoraleChecked {
    std::uint8_t unit = 0;
    ModifiedRoll roll;
    int opponent = 0;
    bool failed = false;
};
/// A chip (PS-CHIP-9): the target's roll against the chipper's D6.
struct Chipped {
    Side chipper = Side::A;
    std::uint8_t target = 0;
    ModifiedRoll roll;
    int chipper_roll = 0;
    bool success = false;
};
/// A rally attempt (PS-RALLY-4).
struct RallyAttempted {
    std::uint8_t unit = 0;
    ModifiedRoll roll;
    int opponent = 0;
    bool success = false;
};
/// The Leader Check test (PS-LEADER-9): `due` says whether it was made, `trigger` which of the
/// rule's three cases made it (the first that holds), and for (b) the enemy unit that could shoot.
struct LeaderChecked {
    enum class Trigger : std::uint8_t { None, Fought, EnemyFire, EnemyInSquare };
    Side side = Side::A;
    bool due = false;
    int owner_roll = 0;
    int opponent_roll = 0;
    bool hit = false;
    Trigger trigger = Trigger::None;
    std::uint8_t shooter = kNone;  ///< EnemyFire: the unit that could shoot at his square
};
/// The pursuit roll (PS-MELEE-20): the winner's owner may stay if `may_stay`.
struct PursuitRolled {
    std::uint8_t winner = 0;
    int winner_roll = 0;
    int loser_roll = 0;
    bool may_stay = false;
    /// A pursuit that had to be made but could not take a step, and why (PS-INVOL-7).
    enum class Halt : std::uint8_t { None, NoPath, Closed };
    Halt halted = Halt::None;
};
/// Hits marked on a unit (PS-HITS-1): `stands_lost` stands were destroyed by them.
struct HitsTaken {
    std::uint8_t unit = 0;
    int hits = 0;
    int stands_lost = 0;
};
/// A stand removed instead of a rout (PS-PHALANX-4, PS-TERCIO-7, PS-TERCIO-8).
struct StandRemoved {
    std::uint8_t unit = 0;
};
/// Why morale chips were lost (PS-CHIP-2 .. PS-CHIP-5).
enum class ChipLoss : std::uint8_t { StandDestroyed, UnitRouted, Chipping, Rallying };
struct MoraleChipsLost {
    Side side = Side::A;
    int chips = 0;  ///< actually lost (never below 0, PS-CHIP-7)
    ChipLoss why = ChipLoss::StandDestroyed;
};
struct StatusChanged {
    std::uint8_t unit = 0;
    UnitStatus from = UnitStatus::Ok;
    UnitStatus to = UnitStatus::Ok;
};
struct UnitReloaded {
    std::uint8_t unit = 0;
};
struct LeaderDetached {
    Side side = Side::A;
    std::uint8_t unit = 0;
};

using Event = std::variant<DiceRolled, UpgradeRolled, ExtraUnitRolled, ExtraCardChosen,
                           MoraleChipsRolled, NightfallRolled, DeckShuffled, TerrainAllotted,
                           TerrainPlaced, TerrainAdjusted, UnitDeployed, LeaderDeployed,
                           InitiativeRolled, OrderChosen, PhaseStarted, CardTurned, PhaseEnded,
                           TurnEnded, UnitMoved, UnitTurned, MarchStarted, MarchLost, LeaderMoved,
                           LeaderKilled, GameEnded, ShotResolved, MeleeResolved, RoutedUnitCut,
                           MoraleChecked, Chipped, RallyAttempted, LeaderChecked, PursuitRolled,
                           HitsTaken, StandRemoved, MoraleChipsLost, StatusChanged, UnitReloaded,
                           LeaderDetached>;

using Events = std::vector<Event>;

}  // namespace tercio::rules
