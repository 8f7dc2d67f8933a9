#pragma once
/// What `tercio run` needs of Pikette Squared (kits/kit.hpp, the Run group): its position files,
/// the words of its events and its odds.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_files.hpp"
#include "kits/pikette/data/position.hpp"
#include "kits/run.hpp"
#include "rules/engine.hpp"

namespace tercio::kits {

struct PiketteRun {
    using Position = rules::Position;
    /// None: Pikette Squared is the default kit, which reads the positions no other kit claims.
    static bool claims_position(std::string_view, data::DataCatalog&) { return false; }
    static data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                                data::DataCatalog& catalog);
    static std::string write_position(const Position& p, const rules::RulesContext& ctx) {
        return rules::write_position(p, ctx);
    }
    /// The ruleset given, or, when none is, the one the side A army's file names.
    static std::optional<std::string> new_game_ruleset(data::DataCatalog& catalog, std::string_view ruleset,
                                                       std::string_view red, std::string& why);
    static std::vector<std::string> setup_lines(const rules::RulesContext& ctx, const rules::GameState& s,
                                                const rules::Events& ev, bool why);
    static std::vector<std::string> event_lines(const rules::RulesContext& ctx, const rules::GameState& before,
                                                const rules::GameState& after, const rules::Command& c,
                                                const rules::Events& ev, bool why);
    /// None: the map and the units are the screen's.
    static std::optional<std::vector<std::string>> page(const rules::RulesContext&, const rules::GameState&,
                                                        std::string_view) {
        return std::nullopt;
    }
    /// What the prompt's `help` says of `odds`.
    static constexpr std::string_view pages = "\nodds shoot h5 h8: the exact odds. ";
    /// The odds of the proposed commands together (a move and the shot after it).
    static std::vector<std::string> odds(const rules::RulesContext& ctx, const rules::GameState& s,
                                         const std::vector<std::string>& commands, OddsRefusal& refusal);
};

}  // namespace tercio::kits
