#pragma once
/// Hell Broke Loose's ruleset and army files (docs/data-format.md): TOML in, hbl::Ruleset and
/// hbl::ArmyList out, with every error at once, each with file, line and column; and the typed
/// look-ups of them in a data directory (data::DataCatalog keeps what it loaded).
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "data/data_files.hpp"
#include "hbl/data.hpp"
#include "hbl/game.hpp"

namespace tercio::data {
struct FileChecker;
}

namespace tercio::hbl {

/// Finds a Hell Broke Loose ruleset by id for an army list; nullptr and why if it cannot.
using HblRulesetResolver = std::function<const hbl::Ruleset*(std::string_view id, std::string& why)>;

/// What checking a Hell Broke Loose army needs: which engine the ruleset it names has, and
/// that ruleset.
struct HblResolvers {
    data::EngineResolver engine;
    HblRulesetResolver ruleset;
    /// An army of a Hell Broke Loose ruleset (for a save's replay); none: saves of that engine
    /// are checked for their syntax only.
    std::function<const hbl::ArmyList*(std::string_view ruleset, std::string_view id, std::string& why)> army;
};

/// Parses and checks a Hell Broke Loose ruleset (`engine = "hell-broke-loose"`).
data::Loaded<hbl::Ruleset> load_hbl_ruleset(std::string_view file, std::string_view text);

/// Parses and checks a Hell Broke Loose army list against the ruleset it names.
data::Loaded<hbl::ArmyList> load_hbl_army(std::string_view file, std::string_view text,
                                          const HblRulesetResolver& resolve);

/// The Hell Broke Loose ruleset `rulesets/<id>/ruleset.toml` of a catalog; nullptr with a reason
/// if it is missing, broken or of another engine.
const hbl::Ruleset* ruleset(data::DataCatalog& catalog, std::string_view id, std::string& why);
/// A Hell Broke Loose army, `rulesets/<ruleset id>/armies/<id>.toml`, checked against its ruleset.
const hbl::ArmyList* army(data::DataCatalog& catalog, std::string_view ruleset_id, std::string_view id,
                          std::string& why);
/// The look-ups above as resolvers, for the loaders and check_text.
HblResolvers resolvers(data::DataCatalog& catalog);

/// How `tercio check` reads its files (data::check_text): its rulesets, armies, positions and
/// saves from `catalog`, and its armies' own keys.
data::FileChecker file_checker(data::DataCatalog& catalog);

}  // namespace tercio::hbl
