#include "kits/pikette/data/files.hpp"

#include <filesystem>

#include "data/toml_reader.hpp"

namespace tercio::rules {

namespace fs = std::filesystem;

const Ruleset* ruleset(data::DataCatalog& catalog, std::string_view id, std::string& why) {
    return catalog.ruleset_as<Ruleset>(
        id, why, [](const std::string& file, std::string_view text) { return rules::load_ruleset(file, text); });
}

rules::RulesetResolver resolver(data::DataCatalog& catalog) {
    return [&catalog](std::string_view id, std::string& why) { return ruleset(catalog, id, why); };
}

const ArmyList* army(data::DataCatalog& catalog, std::string_view ruleset_id, std::string_view id,
                     std::string& why) {
    return catalog.army_as<ArmyList>(ruleset_id, id, why, [&catalog](const std::string& file, std::string_view text) {
        return rules::load_army(file, text, resolver(catalog));
    });
}

const ArmyList* army(data::DataCatalog& catalog, std::string_view id, std::string& why) {
    // The armies of the rulesets played by the default engine, the first that has one by this id.
    std::string first_why;
    for (const std::string& rs : catalog.ruleset_ids()) {
        if (catalog.engine(rs) != std::string(Engine::name)) continue;
        if (!fs::exists(data::army_file(catalog.dir(), rs, id))) {
            if (first_why.empty()) army(catalog, rs, id, first_why);
            continue;
        }
        return army(catalog, rs, id, why);
    }
    if (first_why.empty() && !data::detail::valid_id(id)) first_why = "not a valid army id";
    why = first_why.empty() ? "no ruleset of " + std::string(Engine::name) + " has an army \"" +
                                  std::string(id) + "\""
                            : first_why;
    return nullptr;
}

std::optional<RulesContext> context(data::DataCatalog& catalog, std::string_view ruleset_id,
                                    const std::array<std::string, 2>& armies, std::string& why) {
    RulesContext ctx;
    std::string reason;
    ctx.ruleset = ruleset(catalog, ruleset_id, reason);
    if (!ctx.ruleset) {
        why = "ruleset \"" + std::string(ruleset_id) + "\": " + reason;
        return std::nullopt;
    }
    for (std::size_t s = 0; s < 2; ++s) {
        ctx.armies[s] = army(catalog, ruleset_id, armies[s], reason);
        if (!ctx.armies[s]) {
            why = "army \"" + armies[s] + "\": " + reason;
            return std::nullopt;
        }
    }
    return ctx;
}

rules::ContextResolver context_resolver(data::DataCatalog& catalog) {
    return [&catalog](const std::string& ruleset_id, const std::array<std::string, 2>& armies, std::string& why) {
        return context(catalog, ruleset_id, armies, why);
    };
}

}  // namespace tercio::rules
