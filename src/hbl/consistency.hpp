#pragma once
/// The invariants every Hell Broke Loose GameState the engine reaches holds: the position loader
/// refuses a position that breaks one (the engine would read out of bounds or stall on it), and
/// the random-play test checks them after every command. Pure: no I/O.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hbl/game.hpp"

namespace tercio::hbl {

/// The field of the state an inconsistency is about, so that a reader of files can point at the
/// key it came from. Per-side fields take the side's index, per-unit fields the unit's index,
/// per-melee fields the melee's slot.
enum class Field : std::uint8_t {
    // The game as a whole.
    Turn,
    Pips,
    Decision,
    Decider,
    Card,
    Activated,
    Rallied,
    Nominated,
    PendingUnit,
    RallyMax,
    PendingMelee,
    PendingLoser,
    End,
    // Per side.
    Chips,
    Deck,
    // Per unit.
    UnitLine,
    UnitSquare,
    UnitLost,
    UnitMelee,
    // Per melee slot.
    MeleeUnits,
};

/// One broken invariant: where, and what is wrong in words.
struct Inconsistency {
    Field field = Field::Decision;
    std::size_t index = 0;
    std::string message;
};

/// Every broken invariant of `s`, or none. Checks the references first (unit lines and commands
/// of `ctx`'s armies, unit and melee indexes, squares on the board, decks of the armies' cards),
/// then the board (one unit of a side a square, two only in a melee between them, none in type
/// III terrain), chips, the turn, and that each decision has every field it reads set and in
/// range. Only when all that holds, it also checks that the deciding side has something to do
/// besides conceding (legal_commands).
std::vector<Inconsistency> check_consistent(const Context& ctx, const GameState& s);

}  // namespace tercio::hbl
