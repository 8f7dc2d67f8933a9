#include "kits/pikette/kit.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/data/files.hpp"
#include "kits/pikette/data/save.hpp"

namespace tercio::kits {

data::FileChecker PiketteFiles::checker(data::DataCatalog& catalog) {
    return rules::file_checker(rules::resolver(catalog), rules::context_resolver(catalog));
}

std::optional<rules::RulesContext> PiketteFiles::context(data::DataCatalog& catalog, std::string_view ruleset,
                                                         const std::array<std::string, 2>& armies, std::string& why) {
    return rules::context(catalog, ruleset, armies, why);
}

std::optional<std::string> PiketteFiles::ruleset_name(data::DataCatalog& catalog, std::string_view ruleset) {
    std::string why;
    const rules::Ruleset* rs = rules::ruleset(catalog, ruleset, why);
    if (!rs) return std::nullopt;
    return rs->name;
}

std::vector<ui::ArmyChoice> PiketteFiles::army_choices(data::DataCatalog& catalog, std::string_view ruleset) {
    std::vector<ui::ArmyChoice> out;
    for (const std::string& id : catalog.army_ids(ruleset)) {
        std::string why;
        const rules::ArmyList* a = rules::army(catalog, ruleset, id, why);
        if (!a) continue;
        const rules::Ruleset* rs = rules::ruleset(catalog, a->ruleset, why);
        ui::ArmyChoice c{id, a->name, a->period, ""};
        for (const rules::UnitLine& line : a->units) {
            if (line.units <= 0) continue;
            const rules::TroopType* t = rs ? rs->find_type(line.type) : nullptr;
            if (!c.units.empty()) c.units += ", ";
            c.units += std::to_string(line.units) + " " + (!line.name.empty() ? line.name : t ? t->name : line.type);
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::optional<std::string> PiketteFiles::army_name(data::DataCatalog& catalog, std::string_view ruleset,
                                                   std::string_view army) {
    std::string why;
    const rules::ArmyList* a = rules::army(catalog, ruleset, army, why);
    if (!a) return std::nullopt;
    return a->name;
}

data::Loaded<data::ReplayedOf<rules::Engine>> PiketteFiles::replay(
    std::string_view file, const data::SaveFile& save, const rules::RulesContext& ctx,
    const data::ReplayObserverOf<rules::Engine>& observer) {
    return rules::replay_save(file, save, ctx, observer);
}

std::optional<data::SaveRepair> PiketteFiles::repair(std::string_view file, const data::SaveFile& save,
                                                     const rules::RulesContext& ctx) {
    return rules::repair_save(file, save, ctx);
}

std::string PiketteFiles::lines_after(const data::SaveHeader& h, const rules::RulesContext& ctx,
                                      const rules::Command& c, const rules::GameState& before,
                                      const rules::GameState& after, std::uint64_t calls, std::size_t commands) {
    return rules::save_lines_after(h, ctx, c, before, after, calls, commands);
}

std::unique_ptr<ai::PlayerOf<rules::Engine>> PiketteComputer::make_player(ai::Level level, std::uint64_t seed) {
    return ai::make_player(level, seed);
}

}  // namespace tercio::kits
