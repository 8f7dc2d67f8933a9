// How `tercio check` reads Pikette Squared's files (data::check_text dispatches to it).
#include "data/check.hpp"

#include "kits/pikette/data/files.hpp"
#include "kits/pikette/data/position.hpp"
#include "kits/pikette/data/save.hpp"
#include "rules/engine.hpp"

namespace tercio::rules {

using namespace tercio::data;

data::FileChecker file_checker(const RulesetResolver& resolve, const ContextResolver& context) {
    data::FileChecker c;
    c.engine = std::string(Engine::name);
    c.title = "Pikette Squared";
    c.ruleset = [](std::string_view file, std::string_view text,
                   const std::vector<std::string>& engines) {
        return load_ruleset(file, text, engines).errors;
    };
    c.army = [resolve](std::string_view file, std::string_view text) {
        return load_army(file, text, resolve).errors;
    };
    c.claims_position = {};
    c.position = [context](std::string_view file, std::string_view text) {
        return load_position(file, text, context).errors;
    };
    if (context) {
        c.save = [context](std::string_view file, const SaveFile& save,
                           std::optional<SaveRepair>& repair) {
            const SaveHeader& h = save.header;
            std::string why;
            LoadErrors errors;
            if (const auto ctx = context(h.ruleset, {h.sides[0].army, h.sides[1].army}, why)) {
                errors = replay_save(file, save, *ctx).errors;
                if (!errors.empty()) repair = repair_save(file, save, *ctx);
            } else {
                errors.push_back(LoadError{std::string(file), 1, 1, why});
            }
            return errors;
        };
    }
    c.army_keys = {"extra_unit", "extra_card", "upgrade"};
    c.army_needs = {"extra_card"};
    return c;
}

data::CheckOutcome check_text(std::string_view file, std::string_view text,
                              const RulesetResolver& resolve, const ContextResolver& context,
                              std::string_view file_name) {
    return data::check_text(file, text, data::FileCheckers{{file_checker(resolve, context)}, {}},
                            file_name);
}

}  // namespace tercio::rules
