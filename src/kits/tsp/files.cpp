// The Sword and the Pike's files group and computer (kits/tsp/kit.hpp).
#include "kits/tsp/kit.hpp"

#include <algorithm>

#include "kits/tsp/ai/players.hpp"
#include "kits/tsp/data/files.hpp"
#include "kits/tsp/data/position.hpp"
#include "kits/tsp/data/save.hpp"

namespace tercio::kits {

namespace {

/// "2 Gendarmes, 4 Swiss pike, ...": an army's units in a few words.
std::string units_in_words(const tsp::Ruleset& rs, const tsp::ArmyList& a) {
    std::string out;
    for (const tsp::UnitLine& line : a.units) {
        if (line.units <= 0) continue;
        const tsp::TroopType* t = rs.find_type(line.type);
        if (!out.empty()) out += ", ";
        out += std::to_string(line.units) + " " + (!line.name.empty() ? line.name : t ? t->name : line.type);
    }
    return out;
}

}  // namespace

std::optional<tsp::Context> TspFiles::context(data::DataCatalog& catalog, std::string_view ruleset,
                                              const std::array<std::string, 2>& armies, std::string& why) {
    tsp::Context ctx;
    ctx.ruleset = tsp::ruleset(catalog, ruleset, why);
    if (!ctx.ruleset) return std::nullopt;
    for (std::size_t s = 0; s < 2; ++s) {
        ctx.armies[s] = tsp::army(catalog, ruleset, armies[s], why);
        if (!ctx.armies[s]) {
            why = "army \"" + armies[s] + "\": " + why;
            return std::nullopt;
        }
    }
    return ctx;
}

std::optional<std::string> TspFiles::ruleset_name(data::DataCatalog& catalog, std::string_view ruleset) {
    std::string why;
    const tsp::Ruleset* rs = tsp::ruleset(catalog, ruleset, why);
    if (!rs) return std::nullopt;
    return rs->name;
}

std::vector<ui::ArmyChoice> TspFiles::army_choices(data::DataCatalog& catalog, std::string_view ruleset) {
    std::vector<ui::ArmyChoice> out;
    std::string why;
    const tsp::Ruleset* rs = tsp::ruleset(catalog, ruleset, why);
    if (!rs) return out;
    for (const std::string& id : catalog.army_ids(ruleset)) {
        const tsp::ArmyList* a = tsp::army(catalog, ruleset, id, why);
        if (a) out.push_back(ui::ArmyChoice{id, a->name, a->period, units_in_words(*rs, *a)});
    }
    return out;
}

std::optional<std::string> TspFiles::army_name(data::DataCatalog& catalog, std::string_view ruleset,
                                               std::string_view army) {
    std::string why;
    const tsp::ArmyList* a = tsp::army(catalog, ruleset, army, why);
    if (!a) return std::nullopt;
    return a->name;
}

data::Loaded<data::ReplayedOf<tsp::Engine>> TspFiles::replay(std::string_view file, const data::SaveFile& save,
                                                             const tsp::Context& ctx,
                                                             const data::ReplayObserverOf<tsp::Engine>& observer) {
    return tsp::replay_tsp_save(file, save, ctx, observer);
}

std::optional<data::SaveRepair> TspFiles::repair(std::string_view file, const data::SaveFile& save,
                                                 const tsp::Context& ctx) {
    return tsp::repair_tsp_save(file, save, ctx);
}

std::string TspFiles::lines_after(const data::SaveHeader& h, const tsp::Context& ctx, const tsp::Command& c,
                                  const tsp::GameState& before, const tsp::GameState& after, std::uint64_t calls,
                                  std::size_t commands) {
    return tsp::tsp_save_lines_after(h, ctx, c, before, after, calls, commands);
}

data::FileChecker TspFiles::checker(data::DataCatalog& catalog) {
    data::FileChecker c = tsp::file_checker(catalog);
    // A save is replayed with the optional rules its header names, which only the kit can set.
    c.save = [&catalog](std::string_view file, const data::SaveFile& save, std::optional<data::SaveRepair>& repair) {
        const data::SaveHeader& h = save.header;
        std::string why;
        data::LoadErrors errors;
        const auto ctx = game_context<TspKit>(catalog, h.ruleset, {h.sides[0].army, h.sides[1].army}, h.options, why);
        if (!ctx) {
            errors.push_back(data::LoadError{std::string(file), 1, 1, why});
            return errors;
        }
        errors = tsp::replay_tsp_save(file, save, *ctx).errors;
        if (!errors.empty()) repair = tsp::repair_tsp_save(file, save, *ctx);
        return errors;
    };
    return c;
}

bool TspComputer::has_level(ai::Level level) { return ai::tsp_has_level(level); }

std::unique_ptr<ai::PlayerOf<tsp::Engine>> TspComputer::make_player(ai::Level level, std::uint64_t seed) {
    return ai::make_tsp_player(level, seed);
}

namespace {

/// The optional rules, each with its bit of tsp::Option.
struct RuleBit {
    tsp::Option bit;
    ui::RuleOption option;
};

const std::vector<RuleBit>& rule_bits() {
    static const std::vector<RuleBit> bits = {
        {tsp::kQuickerMovement,
         {"quicker-movement", "Quicker movement",
          "a D4 of units move on each card (TSP-CARD-2)."}},
        {tsp::kLightRain, {"light-rain", "Light rain", "+2 on every fire die (TSP-FIRE-4)."}},
        {tsp::kBrigadeMovement,
         {"brigade-movement", "Brigade movement",
          "a Colonel's brigade moves on one card at one roll while he lives (TSP-CARD-3)."}},
        {tsp::kDismounting,
         {"dismounting", "Dismounting",
          "light horse with arquebus or crossbow may get off their horses, and on again, for a D6 of their move "
          "(TSP-MOVE-4)."}},
    };
    return bits;
}

}  // namespace

std::vector<ui::RuleOption> TspFiles::rule_options() {
    std::vector<ui::RuleOption> out;
    for (const RuleBit& b : rule_bits()) out.push_back(b.option);
    return out;
}

bool TspFiles::with_options(tsp::Context& ctx, const std::vector<std::string>& options, std::string& why) {
    std::uint8_t bits = 0;
    for (const std::string& name : options) {
        const auto it = std::find_if(rule_bits().begin(), rule_bits().end(),
                                     [&](const RuleBit& b) { return b.option.name == name; });
        if (it == rule_bits().end()) {
            return known_options<TspKit>({name}, why);  // false, saying which it has
        }
        bits = static_cast<std::uint8_t>(bits | it->bit);
    }
    ctx.options = bits;
    return true;
}

std::vector<std::string> TspFiles::options_of(const tsp::Context& ctx) {
    std::vector<std::string> out;
    for (const RuleBit& b : rule_bits()) {
        if ((ctx.options & b.bit) != 0) out.push_back(b.option.name);
    }
    return out;
}

}  // namespace tercio::kits
