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
    return event_lines_of(
        ctx, before, after, c, ev, why,
        [](const hbl::Context& x, const hbl::GameState& s, const hbl::Event& e) { return control::describe(x, s, e); },
        [](const hbl::Context& x, const hbl::GameState& s, const hbl::Command& cmd) { return control::explain(x, s, cmd); },
        [](const hbl::Event& e) { return control::rolled_dice(e); });
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
    return odds_of(ctx, s, commands, refusal,
                   [](const hbl::Context& x, const hbl::GameState& st, const std::string& text, std::string& why,
                      bool& illegal) { return control::odds_lines(x, st, text, why, illegal); });
}

}  // namespace tercio::kits
