#include "app/game_contexts.hpp"

namespace tercio::app {

std::optional<rules::RulesContext> GameContexts::context(const std::string& red,
                                                         const std::string& blue,
                                                         std::string& why) {
    std::string reason;
    const rules::ArmyList* a = catalog_.army(red, reason);
    if (!a) {
        why = "army \"" + red + "\": " + reason;
        return std::nullopt;
    }
    return catalog_.context(a->ruleset, {red, blue}, why);
}

std::optional<std::vector<rules::RulesContext>> GameContexts::all_pairings(std::string& why) {
    std::vector<rules::RulesContext> out;
    for (const char* red : kArmyIds) {
        for (const char* blue : kArmyIds) {
            auto ctx = context(red, blue, why);
            if (!ctx) return std::nullopt;
            out.push_back(*ctx);
        }
    }
    return out;
}

}  // namespace tercio::app
