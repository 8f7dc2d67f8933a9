#pragma once
/// Hell Broke Loose's ruleset and army files (docs/data-format.md): TOML in, hbl::Ruleset and
/// hbl::ArmyList out, with every error at once, each with file, line and column.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "data/data_files.hpp"
#include "hbl/data.hpp"

namespace tercio::data {

/// Parses and checks a Hell Broke Loose ruleset (`engine = "hell-broke-loose"`).
Loaded<hbl::Ruleset> load_hbl_ruleset(std::string_view file, std::string_view text);

/// Parses and checks a Hell Broke Loose army list against the ruleset it names.
Loaded<hbl::ArmyList> load_hbl_army(std::string_view file, std::string_view text,
                                    const HblRulesetResolver& resolve);

}  // namespace tercio::data
