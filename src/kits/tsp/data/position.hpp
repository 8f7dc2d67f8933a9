#pragma once
/// The Sword and the Pike's position files: a complete snapshot of one of its games in TOML, as
/// Hell Broke Loose's are of its games (docs/positions.md, "The Sword and the Pike positions").
/// Loading then writing a position is lossless.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "data/data_files.hpp"
#include "kits/tsp/data/files.hpp"
#include "tsp/game.hpp"

namespace tercio::tsp {

/// A Sword and the Pike game as a position file holds it.
struct TspPosition {
    std::string ruleset;                ///< ruleset id
    std::array<std::string, 2> armies;  ///< army ids, side A then side B
    std::uint64_t seed = 0;             ///< SeededDice state: the seed ...
    std::uint64_t calls = 0;            ///< ... and the draws made so far
    tsp::GameState state;
    friend bool operator==(const TspPosition&, const TspPosition&) = default;
};

/// Loads the ruleset and two armies a Sword and the Pike position names; nothing, saying why.
using TspContextResolver = std::function<std::optional<tsp::Context>(
    const std::string& ruleset, const std::array<std::string, 2>& armies, std::string& why)>;

/// Writes a complete position (TOML, kind = "position", schema_version = 1). `ctx` must be the
/// ruleset and armies the position names; a state that does not fit it throws
/// std::invalid_argument. Array slots past the ones in use (units past unit_count, officers past
/// officer_count, companies past those of a unit's line) must be at their defaults: they are not
/// written. A unit's type and start figures are its line's, and not written either.
std::string write_tsp_position(const TspPosition& p, const tsp::Context& ctx);

/// Parses and checks a Sword and the Pike position; every error with its line and column, an
/// inconsistency of the state (tsp::check_consistent) at the key it is about.
data::Loaded<TspPosition> load_tsp_position(std::string_view file, std::string_view text,
                                            const TspContextResolver& resolve,
                                            data::PositionCheck check = data::PositionCheck::Playable);

/// The context resolver made of a catalog's Sword and the Pike resolvers (ruleset and army).
TspContextResolver tsp_context_resolver(const TspResolvers& tsp);

/// Whether a position file is The Sword and the Pike's: the ruleset it names has this engine, or,
/// when that ruleset cannot be found, it has the `[decks]` table only these positions have (so
/// that a mistyped ruleset is reported alone, not with every key the other formats lack).
bool is_tsp_position(std::string_view text, const data::EngineResolver& engine);

/// "AH", "10D", "KS" back to a card (0..51), or nothing.
std::optional<std::uint8_t> parse_card(std::string_view text);

}  // namespace tercio::tsp
