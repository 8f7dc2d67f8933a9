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

std::optional<std::string> GameContexts::engine(const std::string& ruleset, std::string& why) {
    if (auto e = catalog_.engine(ruleset)) return e;
    why = "no ruleset \"" + ruleset + "\" (rulesets/" + ruleset + ".toml cannot be read)";
    return std::nullopt;
}

std::optional<hbl::Context> GameContexts::hbl_context(const std::string& ruleset, const std::string& red,
                                                      const std::string& blue, std::string& why) {
    std::string reason;
    const hbl::Ruleset* rs = catalog_.hbl_ruleset(ruleset, reason);
    if (!rs) {
        why = "ruleset \"" + ruleset + "\": " + reason;
        return std::nullopt;
    }
    hbl::Context ctx{rs, {}};
    const std::array<const std::string*, 2> ids = {&red, &blue};
    for (std::size_t s = 0; s < 2; ++s) {
        ctx.armies[s] = catalog_.hbl_army(ruleset, *ids[s], reason);
        if (!ctx.armies[s]) {
            why = "army \"" + *ids[s] + "\": " + reason;
            return std::nullopt;
        }
    }
    return ctx;
}

}  // namespace tercio::app
