#pragma once
/// Pikette Squared's ruleset and army files (docs/data-format.md): TOML in, rules::Ruleset and
/// rules::ArmyList out, with every error at once, each with file, line and column; and the typed
/// look-ups of them in a data directory (data::DataCatalog keeps what it loaded). In the engine's
/// namespace, as Hell Broke Loose's are in hbl:: (kits/hbl/data/files.hpp).
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_files.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"
#include "rules/ruleset.hpp"

namespace tercio::data {
struct FileChecker;
struct CheckOutcome;
}  // namespace tercio::data

namespace tercio::rules {

/// Parses and checks a ruleset. `file` names the file in messages. `engines`: the engines this
/// program has (the default first), which a ruleset of another engine is told to use when it
/// names none of them; none: any other engine's ruleset is one "where a pikette-squared one is
/// needed".
data::Loaded<Ruleset> load_ruleset(std::string_view file, std::string_view text,
                                   const std::vector<std::string>& engines = {});

/// Finds a ruleset by id for an army list; on failure returns nullptr and says why.
using RulesetResolver = std::function<const Ruleset*(std::string_view id, std::string& why)>;

/// Parses and checks an army list, cross-checking it against the ruleset it names.
data::Loaded<ArmyList> load_army(std::string_view file, std::string_view text,
                                 const RulesetResolver& resolve);

/// Loads a ruleset and the armies of side A and side B (ids) for a position, and returns them as
/// a RulesContext whose pointers stay valid as long as their owner; or nothing, saying why.
using ContextResolver = std::function<std::optional<RulesContext>(
    const std::string& ruleset, const std::array<std::string, 2>& armies, std::string& why)>;

/// The ruleset `rulesets/<id>/ruleset.toml` of a catalog; nullptr with a reason if it is missing
/// or broken.
const Ruleset* ruleset(data::DataCatalog& catalog, std::string_view id, std::string& why);
/// The look-up above as a resolver, for load_army and check_text.
RulesetResolver resolver(data::DataCatalog& catalog);
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
ContextResolver context_resolver(data::DataCatalog& catalog);

/// How `tercio check` reads its files (data::check_text): armies find their ruleset with
/// `resolve`, positions and saves their ruleset and armies with `context` (without one, a position
/// is reported as unable to load them, and a save is only read, not replayed).
data::FileChecker file_checker(const RulesetResolver& resolve, const ContextResolver& context = {});
/// data::check_text with this checker alone (data/check.hpp has CheckOutcome).
data::CheckOutcome check_text(std::string_view file, std::string_view text,
                              const RulesetResolver& resolve, const ContextResolver& context = {},
                              std::string_view file_name = {});

}  // namespace tercio::rules
