// What `tercio run` needs of The Sword and the Pike (kits/tsp/run.hpp).
#include "kits/tsp/run.hpp"

#include "kits/tsp/control/event_text.hpp"

namespace tercio::kits {

bool TspRun::claims_position(std::string_view text, data::DataCatalog& catalog) {
    return tsp::is_tsp_position(text, catalog.engine_resolver());
}

data::Loaded<tsp::TspPosition> TspRun::load_position(std::string_view file, std::string_view text,
                                                      data::DataCatalog& catalog) {
    return tsp::load_tsp_position(file, text, tsp::tsp_context_resolver(tsp::resolvers(catalog)));
}

std::optional<std::string> TspRun::new_game_ruleset(data::DataCatalog& catalog, std::string_view ruleset,
                                                    std::string_view, std::string& why) {
    std::string reason;
    if (!tsp::ruleset(catalog, ruleset, reason)) {
        why = "ruleset \"" + std::string(ruleset) + "\": " + reason;
        return std::nullopt;
    }
    return std::string(ruleset);
}

std::vector<std::string> TspRun::setup_lines(const tsp::Context& ctx, const tsp::GameState& s, const tsp::Events& ev,
                                             bool) {
    std::vector<std::string> out;
    for (const auto& e : ev) out.push_back(control::describe(ctx, s, e));
    return out;
}

std::vector<std::string> TspRun::event_lines(const tsp::Context& ctx, const tsp::GameState& before,
                                             const tsp::GameState& after, const tsp::Command& c,
                                             const tsp::Events& ev, bool why) {
    return event_lines_of(
        ctx, before, after, c, ev, why,
        [](const tsp::Context& x, const tsp::GameState& s, const tsp::Event& e) { return control::describe(x, s, e); },
        [](const tsp::Context& x, const tsp::GameState& s, const tsp::Command& cmd) { return control::explain(x, s, cmd); },
        [](const tsp::Event& e) { return control::rolled_dice(e); });
}

std::optional<std::vector<std::string>> TspRun::page(const tsp::Context& ctx, const tsp::GameState& s,
                                                     std::string_view word) {
    if (word == "map") return control::board_lines(ctx, s);
    if (word == "units") return control::unit_lines(ctx, s);
    if (word == "status") return control::status_lines(ctx, s);
    return std::nullopt;
}

std::vector<std::string> TspRun::odds(const tsp::Context& ctx, const tsp::GameState& s,
                                      const std::vector<std::string>& commands, OddsRefusal& refusal) {
    return odds_of(ctx, s, commands, refusal,
                   [](const tsp::Context& x, const tsp::GameState& st, const std::string& text, std::string& why,
                      bool& illegal) { return control::odds_lines(x, st, text, why, illegal); });
}

}  // namespace tercio::kits
