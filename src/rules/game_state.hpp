#pragma once
/// The complete state of one game of Pikette Squared: plain values only, cheap to copy (the
/// computer opponent copies it thousands of times a second). Static data (troop types, army
/// names) stays in the Ruleset and ArmyList; units refer to it by index.
#include <array>
#include <cstdint>

#include "core/die.hpp"
#include "core/grid.hpp"
#include "core/side.hpp"
#include "rules/ruleset.hpp"

namespace tercio::rules {

using core::Facing;
using core::Square;

/// The two armies (core/side.hpp, shared with every ruleset): A deploys at the south edge
/// (rank 1), B at the north edge (PS-GRID-2).
using core::enemy_direction;
using core::home_direction;
using core::idx;
using core::other;
using core::Side;
using core::side_letter;

/// PS-UNIT-3: OK, Disordered or Routed while on the table; Destroyed or LeftTable once gone.
enum class UnitStatus : std::uint8_t { Ok, Disordered, Routed, Destroyed, LeftTable };

inline constexpr int kMaxUnitsPerSide = 16;
inline constexpr int kMaxUnits = 2 * kMaxUnitsPerSide;
inline constexpr int kMaxStandGroups = 2;
inline constexpr int kMaxDeck = 24;
inline constexpr int kMaxTerrainPieces = 8;
inline constexpr int kMaxSquares = core::kMaxBoardSide * core::kMaxBoardSide;
inline constexpr std::uint8_t kNone = 0xFF;

/// One unit on (or once on) the table.
struct Unit {
    std::uint8_t type = 0;  ///< index into Ruleset::troop_types
    std::uint8_t line = 0;  ///< index into the army's roster lines (see roster_line())
    std::uint8_t upgrade = kNone;  ///< the army upgrade that changed this unit, if any
    Side side = Side::A;
    UnitStatus status = UnitStatus::Ok;
    bool deployed = false;
    Square square{};
    Facing facing = Facing::N;
    core::DieType fight = core::DieType::D6;
    core::DieType shoot_die = core::DieType::D6;
    std::uint8_t range_half = 0;  ///< 0: cannot shoot (PS-TYPE-6)
    std::uint8_t move_half = 0;
    EnumSet<Trait> traits;
    /// Stands left in each stand group of the troop type (PS-UNIT-1), in hit order.
    std::array<std::uint8_t, kMaxStandGroups> stands{};
    /// Hits on the one damaged stand: the first stand of the first group with stands left
    /// (PS-HITS-1).
    std::uint8_t hits = 0;
    bool fired = false;               ///< F marker (PS-UNIT-4)
    bool moved_through = false;       ///< passed through this phase (PS-MOVE-7)
    bool acted = false;               ///< activated on the current card (PS-CARD-4)
    bool fought_since_check = false;  ///< PS-LEADER-9 (a)
    /// PS-SHOOT-12: the sum of positive shooting differences against this unit this phase, and
    /// the hits already applied from it.
    std::uint8_t shot_sum = 0;
    std::uint8_t shot_hits = 0;
    /// PS-MELEE-6 engagement record: the unit entered its square while an enemy held it
    /// (`entrant`), coming from `entry`. Meaningful only while an enemy shares its square.
    bool entrant = false;
    Square entry{};
    bool routed_this_phase = false;  ///< PS-MELEE-21: cannot be destroyed by melee this phase
    bool rallied = false;            ///< rallied on the current card (PS-RALLY-7)
    bool courage_due = false;        ///< still to check morale on this Courage card (PS-MORALE-5)

    bool on_table() const {
        return deployed && (status == UnitStatus::Ok || status == UnitStatus::Disordered ||
                            status == UnitStatus::Routed);
    }
    int stand_count() const { return stands[0] + stands[1]; }
    friend bool operator==(const Unit&, const Unit&) = default;
};

/// The army's commander (PS-LEADER-1).
struct Leader {
    bool alive = true;
    bool deployed = false;
    bool sultan = false;                  ///< PS-ARMY-12
    Square square{};                      ///< where he stands (with his unit if attached)
    std::uint8_t attached = kNone;        ///< unit index, or kNone when alone
    bool acted = false;                   ///< moved on the current card (PS-LEADER-2)
    friend bool operator==(const Leader&, const Leader&) = default;
};

/// A side's 20 cards: cards[0..drawn) have been turned (the discard pile, the current card
/// last), cards[drawn..size) are still face down, top first (PS-CARD-1, PS-CARD-13).
struct Deck {
    std::array<CardKind, kMaxDeck> cards{};
    std::uint8_t size = 0;
    std::uint8_t drawn = 0;
    int left() const { return size - drawn; }
    friend bool operator==(const Deck&, const Deck&) = default;
};

/// A placed terrain piece (PS-TERRAIN-1): 1 or 2 squares, or a stream across the board.
struct TerrainPiece {
    TerrainKind kind = TerrainKind::Wood;
    Side owner = Side::A;
    std::uint8_t count = 0;  ///< squares (a stream keeps its squares only on the board)
    std::array<Square, 2> squares{};
    friend bool operator==(const TerrainPiece&, const TerrainPiece&) = default;
};

/// A voluntary move carried out one step at a time (PS-MOVE-15), kept while the opponent may
/// react after a step (PS-OPP-3 R2, R3).
struct MoveInProgress {
    static constexpr int kMaxSteps = 12;
    bool active = false;
    std::uint8_t unit = kNone;
    std::array<Square, kMaxSteps> steps{};  ///< the squares still to enter
    std::uint8_t step_count = 0;
    std::uint8_t next = 0;         ///< index of the next step
    bool turn_after = false;       ///< a facing change after the last step (PS-MOVE-5)
    Facing final_facing = Facing::N;
    Square previous{};             ///< the square left by the last step taken
    bool attack = false;           ///< a move-and-attack: fight on contact (PS-MELEE-3)
    friend bool operator==(const MoveInProgress&, const MoveInProgress&) = default;
};

/// What the game waits for, and from whom.
enum class Decision : std::uint8_t {
    ExtraUnitChoice,  ///< PS-ARMY-4: pick one of two types rolled
    ExtraCardChoice,  ///< PS-CARD-2 (Moorish)
    PlaceTerrain,     ///< PS-TERRAIN-6
    AdjustTerrain,    ///< PS-TERRAIN-8
    Deploy,           ///< PS-SETUP-5
    InitiativeChoice, ///< PS-INIT-2: the higher roller goes first or second
    Act,              ///< the active player spends pips
    React,            ///< the non-active player may react to a step (PS-OPP-3 R2, R3)
    LeaderEscape,     ///< a leader who won the roll-off may move to safety (PS-LEADER-11)
    Chip,             ///< the decider may chip `chip_target` (PS-CHIP-10)
    FollowUp,         ///< an infantry winner may follow or stay (PS-MELEE-18)
    Pursue,           ///< a winner who won the pursuit roll may pursue or stay (PS-MELEE-20)
    Courage,          ///< the active player picks the next unit to check morale (PS-MORALE-5)
    GameOver,
};

/// The reaction window open with Decision::React (PS-OPP-3), or due once the current action is
/// settled. The numbers are those of the position format's words (data/position_names.hpp).
enum class ReactWindow : std::uint8_t {
    None,
    Step,    ///< R2: after a step (opportunity charge or shots)
    Evade,   ///< R3: on entering an evader's square (evade)
    Card,    ///< R1: after a card is turned (shots)
    Action,  ///< R4: after an action (shots)
};

/// Why the game ended (PS-VICTORY-1, PS-VICTORY-2).
enum class GameEnd : std::uint8_t { None, Nightfall, ArmyGone, Concession };

struct GameState {
    // Board and terrain.
    std::uint8_t files = core::kBoardFiles;
    std::uint8_t ranks = core::kBoardRanks;
    std::uint8_t deployment_ranks = 5;
    /// Per square: 0 = open, otherwise 1 + index into terrain_pieces; streams use kStreamCell.
    std::array<std::uint8_t, kMaxSquares> terrain{};
    std::array<TerrainPiece, kMaxTerrainPieces> terrain_pieces{};
    std::uint8_t terrain_piece_count = 0;
    bool has_stream = false;

    // Forces.
    std::array<Unit, kMaxUnits> units{};
    std::uint8_t unit_count = 0;
    std::array<Leader, 2> leaders{};

    // Cards and chips.
    std::array<Deck, 2> decks{};
    std::array<std::int16_t, 2> morale_chips{};      ///< PS-CHIP-1
    std::array<std::uint8_t, 2> opportunity_chips{};  ///< PS-OPP-1
    std::array<bool, 2> march_option{true, true};    ///< PS-MARCH-1

    // Set-up progress.
    std::array<std::uint8_t, 2> terrain_to_place{};  ///< pieces each side may still place
    std::array<bool, 2> terrain_adjusted{};          ///< used its PS-TERRAIN-8 attempt
    Side terrain_first = Side::A;                    ///< won the terrain D4 roll (or A on a tie)
    std::array<std::uint8_t, 2> extra_unit_roll{};   ///< the D6, kept while a choice is due
    std::array<bool, 2> extra_card_due{};            ///< the side must still choose its card

    // Turn, initiative and phase.
    std::uint8_t turn = 0;            ///< 1.. once play starts (PS-TURN-1)
    std::uint8_t nightfall_turn = 0;  ///< the game ends when this turn ends (PS-SETUP-6)
    std::array<std::uint8_t, 2> initiative_roll{};
    Side active = Side::A;
    std::uint8_t phase = 0;         ///< 0: first phase of the initiative, 1: second
    std::uint8_t pips = 0;          ///< left to the active player
    std::uint8_t second_pips = 0;   ///< for the second phase
    bool has_current_card = false;  ///< the active side's top discard is the current card

    bool marching = false;        ///< a march is under way on the current card (PS-MARCH-3)
    bool marched_on_card = false;  ///< a march was made on the current card (PS-MARCH-5 b)
    MoveInProgress move{};
    /// The reaction window open with Decision::React (PS-OPP-3).
    ReactWindow react_window = ReactWindow::None;
    /// An R1 or R4 window due once the current action is settled (PS-OPP-3): Card, Action or None.
    ReactWindow window_due = ReactWindow::None;
    /// A chip window against this unit is open or due (PS-CHIP-10), or kNone.
    std::uint8_t chip_target = kNone;
    /// A follow-up or pursuit choice is due (Decision::FollowUp / Pursue): the winner, the unit
    /// it would follow, and that unit's path (start square, then the squares it entered).
    std::uint8_t choice_unit = kNone;
    std::uint8_t choice_other = kNone;
    bool choice_pursuit = false;
    Square trail_start{};
    std::array<Square, 12> trail{};
    std::uint8_t trail_len = 0;
    /// A headstrong unit that must charge in this window (PS-OPP-7), or kNone.
    std::uint8_t forced_charger = kNone;
    /// Leaders who won a roll-off and may move to safety once the current action ends
    /// (PS-LEADER-11).
    std::array<bool, 2> escape_due{};

    // Whose decision, and of what kind.
    Decision decision = Decision::ExtraUnitChoice;
    Side decider = Side::A;

    GameEnd end = GameEnd::None;
    Side conceded = Side::A;  ///< with GameEnd::Concession

    Unit& unit(std::size_t i) { return units[i]; }
    const Unit& unit(std::size_t i) const { return units[i]; }
    /// The current card of the active player, if one is turned this phase.
    const CardKind* current_card() const {
        const Deck& d = decks[idx(active)];
        return has_current_card && d.drawn > 0 ? &d.cards[d.drawn - 1u] : nullptr;
    }
    int square_index(Square s) const { return s.y * files + s.x; }
    bool on_board(Square s) const { return core::on_board(s, files, ranks); }
    /// Terrain kind at a square, if any.
    const TerrainPiece* piece_at(Square s) const;
    bool stream_at(Square s) const;

    friend bool operator==(const GameState&, const GameState&) = default;
};

inline constexpr std::uint8_t kStreamCell = 0xFE;

}  // namespace tercio::rules
