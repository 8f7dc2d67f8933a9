#pragma once
/// Hell Broke Loose's position files: a complete snapshot of one of its games in TOML, as
/// position.hpp is for Pikette Squared (docs/positions.md, "Hell Broke Loose positions").
/// Loading then writing a position is lossless.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "data/data_files.hpp"
#include "kits/hbl/data/files.hpp"
#include "hbl/game.hpp"

namespace tercio::hbl {

/// A Hell Broke Loose game as a position file holds it.
struct HblPosition {
    std::string ruleset;                ///< ruleset id
    std::array<std::string, 2> armies;  ///< army ids, side A then side B
    std::uint64_t seed = 0;             ///< SeededDice state: the seed ...
    std::uint64_t calls = 0;            ///< ... and the draws made so far
    hbl::GameState state;
    friend bool operator==(const HblPosition&, const HblPosition&) = default;
};

/// Loads the ruleset and two armies a Hell Broke Loose position names; nothing, saying why.
using HblContextResolver = std::function<std::optional<hbl::Context>(
    const std::string& ruleset, const std::array<std::string, 2>& armies, std::string& why)>;

/// Writes a complete position (TOML, kind = "position", schema_version = 1). `ctx` must be the
/// ruleset and armies the position names; a state that does not fit it throws
/// std::invalid_argument. Array slots past the ones in use (units past unit_count, cards past a
/// deck's size, melees past the last one ever used) must be at their defaults: they are not written.
std::string write_hbl_position(const HblPosition& p, const hbl::Context& ctx);

/// Parses and checks a Hell Broke Loose position; every error with its line and column, an
/// inconsistency of the state (hbl::check_consistent) at the key it is about.
data::Loaded<HblPosition> load_hbl_position(std::string_view file, std::string_view text,
                                      const HblContextResolver& resolve,
                                      data::PositionCheck check = data::PositionCheck::Playable);

/// The context resolver made of a catalog's Hell Broke Loose resolvers (ruleset and army).
HblContextResolver hbl_context_resolver(const HblResolvers& hbl);

/// Whether a position file is Hell Broke Loose's: the ruleset it names has this engine, or, when
/// that ruleset cannot be found, it has the `[pending]` table only these positions have (so that
/// a mistyped ruleset is reported alone, not with every key the other format lacks).
bool is_hbl_position(std::string_view text, const data::EngineResolver& engine);

}  // namespace tercio::hbl
