// What `tercio run` needs of Hell Broke Loose (kits/hbl/run.hpp).
#include "kits/hbl/run.hpp"

#include "kits/hbl/control/event_text.hpp"

namespace tercio::kits {

bool HblRun::claims_position(std::string_view text, data::DataCatalog& catalog) {
    return hbl::is_hbl_position(text, catalog.engine_resolver());
}

data::Loaded<hbl::HblPosition> HblRun::load_position(std::string_view file, std::string_view text,
                                                      data::DataCatalog& catalog) {
    return hbl::load_hbl_position(file, text, hbl::hbl_context_resolver(hbl::resolvers(catalog)));
}

std::optional<std::string> HblRun::new_game_ruleset(data::DataCatalog& catalog, std::string_view ruleset,
                                                    std::string_view, std::string& why) {
    std::string reason;
    if (!hbl::ruleset(catalog, ruleset, reason)) {
        why = "ruleset \"" + std::string(ruleset) + "\": " + reason;
        return std::nullopt;
    }
    return std::string(ruleset);
}

std::vector<std::string> HblRun::setup_lines(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Events& ev,
                                             bool) {
    std::vector<std::string> out;
    for (const auto& e : ev) out.push_back(control::describe(ctx, s, e));
    return out;
}

std::vector<std::string> HblRun::event_lines(const hbl::Context& ctx, const hbl::GameState& before,
                                             const hbl::GameState& after, const hbl::Command& c,
                                             const hbl::Events& ev, bool why) {
    std::vector<std::string> dice_why = why ? control::explain(ctx, before, c) : std::vector<std::string>{};
    std::vector<std::string> out;
    for (const auto& e : ev) {
        out.push_back(control::describe(ctx, after, e));
        if (control::rolled_dice(e)) {
            for (const auto& line : dice_why) out.push_back("    " + line);
            dice_why.clear();
        }
    }
    return out;
}

std::optional<std::vector<std::string>> HblRun::page(const hbl::Context& ctx, const hbl::GameState& s,
                                                     std::string_view word) {
    if (word == "map") return control::board_lines(ctx, s);
    if (word == "units") return control::unit_lines(ctx, s);
    if (word == "status") return control::status_lines(ctx, s);
    return std::nullopt;
}

std::vector<std::string> HblRun::odds(const hbl::Context& ctx, const hbl::GameState& s,
                                      const std::vector<std::string>& commands, OddsRefusal& refusal) {
    std::vector<std::string> out;
    for (const std::string& part : commands) {
        std::string why;
        bool illegal = false;
        const auto lines = control::odds_lines(ctx, s, part, why, illegal);
        if (!lines) {
            refusal = {part, why, illegal};
            return out;
        }
        out.insert(out.end(), lines->begin(), lines->end());
    }
    return out;
}

}  // namespace tercio::kits
