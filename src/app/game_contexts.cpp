#include "app/game_contexts.hpp"

namespace tercio::app {

std::optional<std::string> GameContexts::engine(const std::string& ruleset, std::string& why) {
    if (auto e = catalog_.engine(ruleset)) return e;
    why = "no ruleset \"" + ruleset + "\" (rulesets/" + ruleset + "/ruleset.toml cannot be read)";
    return std::nullopt;
}

}  // namespace tercio::app
