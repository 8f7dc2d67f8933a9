#pragma once
/// The invariants every Sword and the Pike GameState the engine reaches holds: the position loader
/// refuses a position that breaks one (the engine would read out of bounds or stall on it), and
/// the conformance suite's random games check them after commands (tests/conformance/tsp_hooks.hpp).
/// Pure: no I/O. (Hell Broke Loose keeps its own beside its rules, src/hbl/consistency.hpp; this
/// one is in the kit's data library, the reader of positions, until the rules take it.)
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tsp/game.hpp"

namespace tercio::tsp {

/// The field of the state an inconsistency is about, so that a reader of files can point at the
/// key it came from. Per-side fields take the side's index, per-deck fields the deck's (0 the
/// activation deck, 1 the casualty deck), per-unit and per-officer fields the unit's or officer's.
enum class Field : std::uint8_t {
    // The game as a whole.
    Options,
    Turn,
    Step,
    Card,
    ActivationsLeft,
    Active,
    Brigade,
    Decision,
    Decider,
    End,
    // Per side.
    StartUnits,
    SpiritFailures,
    // Per deck.
    Deck,
    // Per unit.
    UnitLine,
    UnitOrder,
    UnitSquare,
    UnitFigures,
    UnitRoutedTurn,
    UnitShots,
    UnitCharging,
    UnitCombat,
    UnitDismounted,
    // Per field officer.
    Officer,
};

/// One broken invariant: where, and what is wrong in words.
struct Inconsistency {
    Field field = Field::Decision;
    std::size_t index = 0;
    std::string message;
};

/// The field officers a game of `ctx` holds, in the state's order (side A's army list's, then side
/// B's, as new_game places them): each one's side and his index in his army's list.
struct OfficerSlot {
    Side side = Side::A;
    std::size_t index = 0;
};
std::vector<OfficerSlot> officer_slots(const Context& ctx);

/// The figures a unit of `line` starts with (its own companies and the attached ones; leaders are
/// not figures, TSP-AMB-21), its own companies (the type's, 1 to kMaxCompanies) and its attached
/// companies (up to kMaxAttached): what new_game gives it.
struct LineShape {
    int start_figures = 0;
    int companies = 1;
    int attached = 0;
};
LineShape line_shape(const Ruleset& rs, const UnitLine& line);

/// Every broken invariant of `s`, or none. Checks the references first (unit lines of `ctx`'s
/// armies and what they fix: type, start figures, companies; unit indexes; field officers of the
/// armies), then the board (units on it, no two units of a side in a square, two of opposite
/// sides only in close combat with each other, TSP-GRID-3), figures (from nothing to the start,
/// none left only off the field), close combats (pairs of units of opposite sides on the field,
/// neither Routed), charges, both decks (each of the 52 cards once, TSP-CARD-1), the turn, each
/// side's start units, and that each decision has every field it reads set and in range. Only
/// when all that holds, it also checks that the deciding side has something to do besides
/// conceding (legal_commands).
std::vector<Inconsistency> check_consistent(const Context& ctx, const GameState& s);

}  // namespace tercio::tsp
