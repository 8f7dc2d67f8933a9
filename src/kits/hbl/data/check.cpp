// How `tercio check` reads Hell Broke Loose's files (data::check_text): its kit's checker.
#include "data/check.hpp"
#include "kits/hbl/data/files.hpp"
#include "kits/hbl/data/position.hpp"
#include "kits/hbl/data/save.hpp"

namespace tercio::hbl {

data::FileChecker file_checker(data::DataCatalog& catalog) {
    data::FileChecker c;
    c.engine = std::string(hbl::kEngine);
    c.title = "Hell Broke Loose";
    c.ruleset = [](std::string_view file, std::string_view text, const std::vector<std::string>&) {
        return hbl::load_hbl_ruleset(file, text).errors;
    };
    c.army = [&catalog](std::string_view file, std::string_view text) {
        return hbl::load_hbl_army(file, text, hbl::resolvers(catalog).ruleset).errors;
    };
    c.claims_position = [&catalog](std::string_view text) {
        return hbl::is_hbl_position(text, catalog.engine_resolver());
    };
    c.position = [&catalog](std::string_view file, std::string_view text) {
        return hbl::load_hbl_position(file, text, hbl::hbl_context_resolver(hbl::resolvers(catalog))).errors;
    };
    c.save = [&catalog](std::string_view file, const data::SaveFile& save, std::optional<data::SaveRepair>& repair) {
        // Replayed by its own rules.
        const data::SaveHeader& h = save.header;
        std::string why;
        data::LoadErrors errors;
        const hbl::Context ctx{hbl::ruleset(catalog, h.ruleset, why),
                               {hbl::army(catalog, h.ruleset, h.sides[0].army, why),
                                hbl::army(catalog, h.ruleset, h.sides[1].army, why)}};
        if (ctx.ruleset && ctx.armies[0] && ctx.armies[1]) {
            errors = hbl::replay_hbl_save(file, save, ctx).errors;
            if (!errors.empty()) repair = hbl::repair_hbl_save(file, save, ctx);
        } else {
            errors.push_back(data::LoadError{std::string(file), 1, 1, why});
        }
        return errors;
    };
    c.army_keys = {"army_die", "morale_chips", "deck", "command"};
    c.army_needs = {"army_die", "deck"};
    return c;
}

}  // namespace tercio::hbl
