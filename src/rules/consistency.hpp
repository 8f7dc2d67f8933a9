#pragma once
/// The invariants every GameState the engine reaches holds: one list, used by the position loader
/// (a position that breaks one is refused, since the engine would read out of bounds or stall on
/// it) and by the random-play test (which checks it after every command). Pure: no I/O.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/command.hpp"
#include "rules/game.hpp"
#include "rules/game_state.hpp"

namespace tercio::rules {

/// The field of the state an inconsistency is about, so that a reader of files can point at the
/// key it came from. Per-side fields take the side's index (idx), per-unit fields the unit's
/// index, TerrainSquares the piece's index.
enum class Field : std::uint8_t {
    // The game as a whole.
    Decision,
    Decider,
    Turn,
    End,
    HasCurrentCard,
    Marching,
    ReactWindow,
    ForcedCharger,
    WindowDue,
    ChipTarget,
    ChoiceUnit,
    ChoiceOther,
    ChoicePursuit,
    MoveActive,
    MoveUnit,
    MoveSteps,
    // Per side.
    MoraleChips,
    OpportunityChips,
    EscapeDue,
    TerrainToPlace,
    TerrainAdjusted,
    ExtraUnitRoll,
    ExtraCardDue,
    Deck,
    LeaderAlive,
    LeaderAttached,
    // Per unit.
    UnitStatus,
    UnitSquare,
    UnitStands,
    UnitMarkers,
    // Per terrain piece.
    TerrainSquares,
};

/// One broken invariant: where, and what is wrong in words.
struct Inconsistency {
    Field field = Field::Decision;
    std::size_t index = 0;
    std::string message;
};

/// Every broken invariant of `s`, or none. Needs only what a position file guarantees by itself:
/// unit types, lines and upgrades that exist in `ctx`, unit references below unit_count, squares
/// on the board, counts within the arrays of GameState. Checks the board (stacking, PS-GRID-4;
/// prohibited terrain, PS-TERRAIN-11; terrain pieces, PS-TERRAIN-5 and PS-TERRAIN-7), leaders,
/// decks and chips, and that each decision has every field it reads set and in range. Only when
/// all that holds, it also checks that the side to decide has something to do (legal_commands).
std::vector<Inconsistency> check_consistent(const RulesContext& ctx, const GameState& s);

/// The same, with `legal` = legal_commands(ctx, s) already listed (for callers that list them
/// anyway, such as the random-play test); `s` must then be a state the engine reached.
std::vector<Inconsistency> check_consistent(const RulesContext& ctx, const GameState& s,
                                            const std::vector<Command>& legal);

}  // namespace tercio::rules
