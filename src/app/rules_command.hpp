#pragma once
/// `tercio rules [ID]`, and the rules text the game's screens read (rulesets/<id>/rules.toml).
#include <filesystem>
#include <string>
#include <vector>

#include "ui/rule_book.hpp"

namespace tercio::app {

/// Every ruleset's rules text in the data directory (`only`: that ruleset's alone), in the order of
/// the rulesets' ids; what could not be read is said in `problems` (file:line:column: message).
ui::RuleBook load_rule_book(const std::filesystem::path& data_dir, const std::string& only = {},
                            std::vector<std::string>* problems = nullptr);

/// A shelf that reads every ruleset's rules text when the player first asks for a rule.
ui::RuleShelf rule_shelf(const std::filesystem::path& data_dir);

/// `tercio rules [ID|AREA|list] [--ruleset ID]`: prints the answer (ui::look_up_rule), wrapped to
/// the terminal when the output is one, a paragraph a line when not. Exit 0 when a rule or an area
/// was found, 1 when not, 65 when a rules file is broken, 66 when the ruleset is not installed.
int run_rules(const std::string& query, const std::string& ruleset, const std::filesystem::path& data_dir);

}  // namespace tercio::app
