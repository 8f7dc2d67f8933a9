#pragma once
/// Position files: a complete snapshot of a game in TOML, like FEN for chess (docs/positions.md).
/// Tests, puzzles and bug reports start from one; loading then writing a position is lossless.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "kits/pikette/data/files.hpp"
#include "rules/game.hpp"
#include "rules/game_state.hpp"

namespace tercio::rules {

/// A game as a position file holds it: the static data it uses, named by id, the dice stream's
/// place and the whole GameState.
struct Position {
    std::string ruleset;                ///< ruleset id
    std::array<std::string, 2> armies;  ///< army ids, side A then side B
    std::uint64_t seed = 0;             ///< SeededDice state (core/dice.hpp): the seed ...
    std::uint64_t calls = 0;            ///< ... and the draws made so far
    rules::GameState state;
    friend bool operator==(const Position&, const Position&) = default;
};

/// Writes a complete, human-readable position (TOML, kind = "position", schema_version = 1).
/// `ctx` must be the ruleset and armies the position names (it gives the ids of troop types and
/// unit lines, and the unit labels); a unit or reference that does not fit it throws
/// std::invalid_argument or std::out_of_range. The state must keep unused array slots at their
/// defaults (units past unit_count, cards past a deck's size...): those are not written. See
/// "What the format relies on" in docs/positions.md.
std::string write_position(const Position& p, const rules::RulesContext& ctx);

/// Parses and checks a position. `resolve` loads the ruleset and armies it names (the caller owns
/// them); every error found is reported with its line and column (an inconsistency of the state
/// at the key it is about, see docs/positions.md).
data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                     const ContextResolver& resolve,
                                     data::PositionCheck check = data::PositionCheck::Playable);

}  // namespace tercio::rules
