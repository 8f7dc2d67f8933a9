// How `tercio check` reads The Sword and the Pike's files (data::check_text): its kit's checker.
#include "data/check.hpp"
#include "kits/tsp/data/files.hpp"
#include "kits/tsp/data/position.hpp"
#include "kits/tsp/data/save.hpp"

namespace tercio::tsp {

data::FileChecker file_checker(data::DataCatalog& catalog) {
    data::FileChecker c;
    c.engine = std::string(tsp::kEngine);
    c.title = "The Sword and the Pike";
    c.ruleset = [](std::string_view file, std::string_view text, const std::vector<std::string>&) {
        return tsp::load_tsp_ruleset(file, text).errors;
    };
    c.army = [&catalog](std::string_view file, std::string_view text) {
        return tsp::load_tsp_army(file, text, tsp::resolvers(catalog).ruleset).errors;
    };
    c.claims_position = [&catalog](std::string_view text) {
        return tsp::is_tsp_position(text, catalog.engine_resolver());
    };
    c.position = [&catalog](std::string_view file, std::string_view text) {
        return tsp::load_tsp_position(file, text, tsp::tsp_context_resolver(tsp::resolvers(catalog))).errors;
    };
    c.save = [&catalog](std::string_view file, const data::SaveFile& save, std::optional<data::SaveRepair>& repair) {
        // Replayed by its own rules.
        const data::SaveHeader& h = save.header;
        std::string why;
        data::LoadErrors errors;
        const tsp::Context ctx{tsp::ruleset(catalog, h.ruleset, why),
                               {tsp::army(catalog, h.ruleset, h.sides[0].army, why),
                                tsp::army(catalog, h.ruleset, h.sides[1].army, why)}};
        if (ctx.ruleset && ctx.armies[0] && ctx.armies[1]) {
            errors = tsp::replay_tsp_save(file, save, ctx).errors;
            if (!errors.empty()) repair = tsp::repair_tsp_save(file, save, ctx);
        } else {
            errors.push_back(data::LoadError{std::string(file), 1, 1, why});
        }
        return errors;
    };
    c.army_keys = {"officer"};
    c.army_needs = {};
    return c;
}

}  // namespace tercio::tsp
