#pragma once
/// The Sword and the Pike's ruleset and army files (docs/data-format.md): TOML in, tsp::Ruleset
/// and tsp::ArmyList out, with every error at once, each with file, line and column; and the typed
/// look-ups of them in a data directory (data::DataCatalog keeps what it loaded). Its positions
/// and saves are position.hpp and save.hpp beside this.
#include <functional>
#include <string>
#include <string_view>

#include "data/data_files.hpp"
#include "tsp/data.hpp"

namespace tercio::data {
struct FileChecker;
}

namespace tercio::tsp {

/// Finds a Sword and the Pike ruleset by id for an army list; nullptr and why if it cannot.
using TspRulesetResolver = std::function<const tsp::Ruleset*(std::string_view id, std::string& why)>;

/// What checking a Sword and the Pike army needs: which engine the ruleset it names has, and
/// that ruleset.
struct TspResolvers {
    data::EngineResolver engine;
    TspRulesetResolver ruleset;
    /// An army of a Sword and the Pike ruleset (for a position or a save's replay); none: saves
    /// of that engine are checked for their syntax only.
    std::function<const tsp::ArmyList*(std::string_view ruleset, std::string_view id, std::string& why)> army;
};

/// Parses and checks a Sword and the Pike ruleset (`engine = "the-sword-and-the-pike"`).
data::Loaded<tsp::Ruleset> load_tsp_ruleset(std::string_view file, std::string_view text);

/// Parses and checks a Sword and the Pike army list against the ruleset it names.
data::Loaded<tsp::ArmyList> load_tsp_army(std::string_view file, std::string_view text,
                                          const TspRulesetResolver& resolve);

/// The Sword and the Pike ruleset `rulesets/<id>/ruleset.toml` of a catalog; nullptr with a
/// reason if it is missing, broken or of another engine.
const tsp::Ruleset* ruleset(data::DataCatalog& catalog, std::string_view id, std::string& why);
/// A Sword and the Pike army, `rulesets/<ruleset id>/armies/<id>.toml`, checked against its ruleset.
const tsp::ArmyList* army(data::DataCatalog& catalog, std::string_view ruleset_id, std::string_view id,
                          std::string& why);
/// The look-ups above as resolvers, for the loaders.
TspResolvers resolvers(data::DataCatalog& catalog);

/// How `tercio check` reads its files (data::check_text): its rulesets, armies, positions and
/// saves from `catalog`, and its armies' own keys.
data::FileChecker file_checker(data::DataCatalog& catalog);

}  // namespace tercio::tsp
