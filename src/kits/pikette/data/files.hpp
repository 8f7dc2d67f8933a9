#pragma once
/// Pikette Squared's typed look-ups of its rulesets and armies in a data directory
/// (data::DataCatalog keeps what it loaded), in the engine's namespace as Hell Broke Loose's are
/// in hbl:: (kits/hbl/data/files.hpp).
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "data/data_files.hpp"
#include "rules/game.hpp"
#include "rules/ruleset.hpp"

namespace tercio::rules {

/// The ruleset `rulesets/<id>/ruleset.toml` of a catalog; nullptr with a reason if it is missing
/// or broken.
const Ruleset* ruleset(data::DataCatalog& catalog, std::string_view id, std::string& why);
/// The look-up above as a resolver, for load_army and check_text.
data::RulesetResolver resolver(data::DataCatalog& catalog);
/// The army list `rulesets/<ruleset id>/armies/<id>.toml`, checked against its ruleset (which it
/// must name); nullptr with a reason if it is missing or broken.
const ArmyList* army(data::DataCatalog& catalog, std::string_view ruleset_id, std::string_view id,
                     std::string& why);
/// The army `id` of the first ruleset played by Pikette Squared's rules that has one.
const ArmyList* army(data::DataCatalog& catalog, std::string_view id, std::string& why);
/// The ruleset and two armies that use it; nothing with a reason if one cannot be loaded or an
/// army belongs to another ruleset.
std::optional<RulesContext> context(data::DataCatalog& catalog, std::string_view ruleset,
                                    const std::array<std::string, 2>& armies, std::string& why);
/// The look-up above as a resolver, for load_position and check_text.
data::ContextResolver context_resolver(data::DataCatalog& catalog);

}  // namespace tercio::rules
