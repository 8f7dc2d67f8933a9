#pragma once
/// One rule of a ruleset's rules text (data/rulesets/<id>/rules.toml): what `tercio rules ID`, the
/// screen's `?` and the plain mode's `rule ID` show for a rule ID cited in a message.
#include <string>

namespace tercio::core {

struct RuleText {
    std::string id;     ///< "PS-MOVE-3": SYSTEM-AREA-n
    std::string title;  ///< a few words
    std::string text;   ///< plain ASCII sentences; "\n\n" between paragraphs
};

}  // namespace tercio::core
