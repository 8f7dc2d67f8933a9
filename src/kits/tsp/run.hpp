#pragma once
/// What `tercio run` needs of The Sword and the Pike (kits/kit.hpp, the Run group): its position
/// files, the words of its events, its odds and the pages typed at a prompt.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_files.hpp"
#include "kits/run.hpp"
#include "kits/tsp/data/position.hpp"
#include "tsp/engine.hpp"

namespace tercio::kits {

struct TspRun {
    using Position = tsp::TspPosition;
    /// The ruleset it names has this engine, or it cannot be found and the file has the `[decks]`
    /// table only these positions have (tsp::is_tsp_position).
    static bool claims_position(std::string_view text, data::DataCatalog& catalog);
    static data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                                data::DataCatalog& catalog);
    static std::string write_position(const Position& p, const tsp::Context& ctx) {
        return tsp::write_tsp_position(p, ctx);
    }
    /// The ruleset given, if its file loads (its armies are in a folder of its own: they do not
    /// name it).
    static std::optional<std::string> new_game_ruleset(data::DataCatalog& catalog, std::string_view ruleset,
                                                       std::string_view red, std::string& why);
    /// The set-up's events in words (its shuffles and its first card; it rolls no dice to explain).
    static std::vector<std::string> setup_lines(const tsp::Context& ctx, const tsp::GameState& s,
                                                const tsp::Events& ev, bool why);
    /// With `why`, the dice of a volley, an activation or a break-off explained after the event
    /// that rolled them.
    static std::vector<std::string> event_lines(const tsp::Context& ctx, const tsp::GameState& before,
                                                const tsp::GameState& after, const tsp::Command& c,
                                                const tsp::Events& ev, bool why);
    /// `map`, `units` and `status`: the board, the units and the turn.
    static std::optional<std::vector<std::string>> page(const tsp::Context& ctx, const tsp::GameState& s,
                                                        std::string_view word);
    /// What the prompt's `help` says of them and of `odds`.
    static constexpr std::string_view pages =
        "map, units,\nstatus: the board, the units, the turn. odds activate P1, odds shoot A1 P2:\nthe exact odds. ";
    /// The exact odds of each `shoot UNIT TARGET`, `activate UNIT` or `break UNIT`, in turn.
    static std::vector<std::string> odds(const tsp::Context& ctx, const tsp::GameState& s,
                                         const std::vector<std::string>& commands, OddsRefusal& refusal);
};

}  // namespace tercio::kits
