#pragma once
/// Events: what happened, as data. The rules never print; the control and UI layers choose the
/// words (control/event_text).
#include <cstdint>
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
    int chips_lost = 0;
};
struct GameEnded {
    GameEnd why = GameEnd::Nightfall;
    int points_a = 0;
    int points_b = 0;
    bool draw = false;
    Side winner = Side::A;
};

using Event = std::variant<DiceRolled, UpgradeRolled, ExtraUnitRolled, ExtraCardChosen,
                           MoraleChipsRolled, NightfallRolled, DeckShuffled, TerrainAllotted,
                           TerrainPlaced, TerrainAdjusted, UnitDeployed, LeaderDeployed,
                           InitiativeRolled, OrderChosen, PhaseStarted, CardTurned, PhaseEnded,
                           TurnEnded, UnitMoved, UnitTurned, MarchStarted, MarchLost, LeaderMoved,
                           LeaderKilled, GameEnded>;

using Events = std::vector<Event>;

}  // namespace tercio::rules
