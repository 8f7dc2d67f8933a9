#pragma once
/// A ruleset's rules text, `rulesets/<id>/rules.toml` (docs/data-format.md, "Rules text"): one
/// table per rule, named by its ID, with a title and a text. Generic: every ruleset's reads the same.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_text.hpp"
#include "data/data_files.hpp"

namespace tercio::data {

/// rulesets/<ruleset>/rules.toml under the data directory `dir`.
std::filesystem::path rules_text_file(const std::filesystem::path& dir, std::string_view ruleset);

/// A ruleset's rules text as read.
struct RulesText {
    std::string ruleset;                ///< the id of the ruleset it is for
    std::vector<core::RuleText> rules;  ///< in the file's order
};

/// Reads a rules text: `schema_version`, `kind = "rules"`, `ruleset` (an id), then tables named by
/// rule IDs (SYSTEM-AREA-n in capitals and digits) each with a `title` (at most 60 characters) and a
/// `text` (at most 2000), both one line of printable ASCII or "\n" breaks. The rules in the file's order.
Loaded<RulesText> read_rules_text(std::string_view file, std::string_view text);

/// Loads rulesets/<ruleset>/rules.toml of `dir`, which must name that ruleset; a missing file is an
/// error like any other.
Loaded<RulesText> load_rules_text(const std::filesystem::path& dir, std::string_view ruleset);

/// Whether `id` is a rule ID: capital letters, '-', capital letters, '-', digits (PS-MOVE-3).
bool valid_rule_id(std::string_view id);

}  // namespace tercio::data
