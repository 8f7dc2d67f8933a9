// What `tercio run` needs of Pikette Squared (kits/pikette/run.hpp).
#include "kits/pikette/run.hpp"
#include "kits/pikette/data/files.hpp"

#include <variant>

#include "kits/pikette/control/event_text.hpp"
#include "kits/pikette/control/odds_text.hpp"
#include "rules/game.hpp"
#include "rules/preview.hpp"

namespace tercio::kits {

namespace {

/// Each event in words; with `why`, the dice of each roll under it.
std::vector<std::string> lines_of(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Events& ev,
                                  bool why) {
    std::vector<std::string> out;
    for (const auto& e : ev) {
        out.push_back(control::describe(ctx, s, e));
        if (why) {
            for (const auto& line : control::explain(ctx, s, e)) out.push_back("    " + line);
        }
    }
    return out;
}

}  // namespace

data::Loaded<rules::Position> PiketteRun::load_position(std::string_view file, std::string_view text,
                                                       data::DataCatalog& catalog) {
    return rules::load_position(file, text, rules::context_resolver(catalog));
}

std::optional<std::string> PiketteRun::new_game_ruleset(data::DataCatalog& catalog, std::string_view ruleset,
                                                        std::string_view red, std::string& why) {
    if (!ruleset.empty()) return std::string(ruleset);
    std::string reason;
    const rules::ArmyList* a = rules::army(catalog, red, reason);
    if (!a) {
        why = "army \"" + std::string(red) + "\": " + reason;
        return std::nullopt;
    }
    return a->ruleset;
}

std::vector<std::string> PiketteRun::setup_lines(const rules::RulesContext& ctx, const rules::GameState& s,
                                                 const rules::Events& ev, bool why) {
    return lines_of(ctx, s, ev, why);
}

std::vector<std::string> PiketteRun::event_lines(const rules::RulesContext& ctx, const rules::GameState&,
                                                 const rules::GameState& after, const rules::Command&,
                                                 const rules::Events& ev, bool why) {
    return lines_of(ctx, after, ev, why);
}

std::vector<std::string> PiketteRun::odds(const rules::RulesContext& ctx, const rules::GameState& s,
                                          const std::vector<std::string>& commands, OddsRefusal& refusal) {
    std::vector<rules::Command> cmds;
    for (const std::string& part : commands) {
        std::string err;
        const auto c = rules::parse_command(part, err);
        if (!c) {
            refusal = {part, err, false};
            return {};
        }
        cmds.push_back(*c);
    }
    const auto p = rules::preview(ctx, s, cmds);
    if (const std::string* why = std::get_if<std::string>(&p)) {
        refusal = {"", *why, true};
        return {};
    }
    return control::odds_lines(ctx, s, std::get<rules::Preview>(p));
}

}  // namespace tercio::kits
