#include "kits/hbl/kit.hpp"

#include "kits/hbl/ai/players.hpp"
#include "kits/hbl/data/files.hpp"
#include "kits/hbl/data/position.hpp"
#include "kits/hbl/data/save.hpp"

namespace tercio::kits {

namespace {

/// "2 Gendarmes, 4 Swiss pike, ...": an army's units in a few words.
std::string units_in_words(const hbl::Ruleset& rs, const hbl::ArmyList& a) {
    std::string out;
    for (const hbl::UnitLine& line : a.units) {
        if (line.units <= 0) continue;
        const hbl::TroopType* t = rs.find_type(line.type);
        if (!out.empty()) out += ", ";
        out += std::to_string(line.units) + " " + (!line.name.empty() ? line.name : t ? t->name : line.type);
    }
    return out;
}

}  // namespace

std::optional<hbl::Context> HblFiles::context(data::DataCatalog& catalog, std::string_view ruleset,
                                              const std::array<std::string, 2>& armies, std::string& why) {
    hbl::Context ctx;
    ctx.ruleset = hbl::ruleset(catalog, ruleset, why);
    if (!ctx.ruleset) return std::nullopt;
    for (std::size_t s = 0; s < 2; ++s) {
        ctx.armies[s] = hbl::army(catalog, ruleset, armies[s], why);
        if (!ctx.armies[s]) {
            why = "army \"" + armies[s] + "\": " + why;
            return std::nullopt;
        }
    }
    return ctx;
}

std::optional<std::string> HblFiles::ruleset_name(data::DataCatalog& catalog, std::string_view ruleset) {
    std::string why;
    const hbl::Ruleset* rs = hbl::ruleset(catalog, ruleset, why);
    if (!rs) return std::nullopt;
    return rs->name;
}

std::vector<ui::ArmyChoice> HblFiles::army_choices(data::DataCatalog& catalog, std::string_view ruleset) {
    std::vector<ui::ArmyChoice> out;
    std::string why;
    const hbl::Ruleset* rs = hbl::ruleset(catalog, ruleset, why);
    if (!rs) return out;
    for (const std::string& id : catalog.army_ids(ruleset)) {
        const hbl::ArmyList* a = hbl::army(catalog, ruleset, id, why);
        if (a) out.push_back(ui::ArmyChoice{id, a->name, a->period, units_in_words(*rs, *a)});
    }
    return out;
}

std::optional<std::string> HblFiles::army_name(data::DataCatalog& catalog, std::string_view ruleset,
                                               std::string_view army) {
    std::string why;
    const hbl::ArmyList* a = hbl::army(catalog, ruleset, army, why);
    if (!a) return std::nullopt;
    return a->name;
}

data::Loaded<data::ReplayedOf<hbl::Engine>> HblFiles::replay(std::string_view file, const data::SaveFile& save,
                                                             const hbl::Context& ctx,
                                                             const data::ReplayObserverOf<hbl::Engine>& observer) {
    return hbl::replay_hbl_save(file, save, ctx, observer);
}

std::optional<data::SaveRepair> HblFiles::repair(std::string_view file, const data::SaveFile& save,
                                                 const hbl::Context& ctx) {
    return hbl::repair_hbl_save(file, save, ctx);
}

std::string HblFiles::lines_after(const data::SaveHeader& h, const hbl::Context& ctx, const hbl::Command& c,
                                  const hbl::GameState& before, const hbl::GameState& after, std::uint64_t calls,
                                  std::size_t commands) {
    return hbl::hbl_save_lines_after(h, ctx, c, before, after, calls, commands);
}

data::FileChecker HblFiles::checker(data::DataCatalog& catalog) { return hbl::file_checker(catalog); }

bool HblComputer::has_level(ai::Level level) { return ai::hbl_has_level(level); }

std::unique_ptr<ai::PlayerOf<hbl::Engine>> HblComputer::make_player(ai::Level level, std::uint64_t seed) {
    return ai::make_hbl_player(level, seed);
}

}  // namespace tercio::kits
