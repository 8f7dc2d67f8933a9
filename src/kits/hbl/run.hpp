#pragma once
/// What `tercio run` needs of Hell Broke Loose (kits/kit.hpp, the Run group): its position files,
/// the words of its events, its odds and the pages typed at a prompt.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_files.hpp"
#include "kits/hbl/data/position.hpp"
#include "hbl/engine.hpp"
#include "kits/run.hpp"

namespace tercio::kits {

struct HblRun {
    using Position = hbl::HblPosition;
    /// The ruleset it names has this engine, or it cannot be found and the file has the
    /// `[pending]` table only these positions have (hbl::is_hbl_position).
    static bool claims_position(std::string_view text, data::DataCatalog& catalog);
    static data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                                data::DataCatalog& catalog);
    static std::string write_position(const Position& p, const hbl::Context& ctx) {
        return hbl::write_hbl_position(p, ctx);
    }
    /// The ruleset given, if its file loads (its armies are in a folder of its own: they do not
    /// name it).
    static std::optional<std::string> new_game_ruleset(data::DataCatalog& catalog, std::string_view ruleset,
                                                       std::string_view red, std::string& why);
    /// The set-up's events in words (its rolls are not explained).
    static std::vector<std::string> setup_lines(const hbl::Context& ctx, const hbl::GameState& s,
                                                const hbl::Events& ev, bool why);
    /// With `why`, the dice of a fight, a shot, a rally or an activation explained after the event
    /// that rolled them.
    static std::vector<std::string> event_lines(const hbl::Context& ctx, const hbl::GameState& before,
                                                const hbl::GameState& after, const hbl::Command& c,
                                                const hbl::Events& ev, bool why);
    /// `map`, `units` and `status`: the board, the units and the turn.
    static std::optional<std::vector<std::string>> page(const hbl::Context& ctx, const hbl::GameState& s,
                                                        std::string_view word);
    /// What the prompt's `help` says of them and of `odds`.
    static constexpr std::string_view pages =
        "map, units,\nstatus: the board, the units, the turn. odds fight K1, odds shoot A1 H2:\nthe exact odds. ";
    /// The exact odds of each `fight UNIT` or `shoot UNIT TARGET`, in turn.
    static std::vector<std::string> odds(const hbl::Context& ctx, const hbl::GameState& s,
                                         const std::vector<std::string>& commands, OddsRefusal& refusal);
};

}  // namespace tercio::kits
