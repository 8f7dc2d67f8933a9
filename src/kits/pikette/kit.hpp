#pragma once
/// Pikette Squared's kit: what the generic code above the rules needs of this ruleset
/// (kits/kit.hpp). The engine is `rules::Engine` (src/rules).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ai/player.hpp"
#include "data/data_files.hpp"
#include "data/check.hpp"
#include "data/save.hpp"
#include "kits/kit.hpp"
#include "kits/pikette/bench.hpp"
#include "kits/pikette/control/session.hpp"
#include "kits/pikette/run.hpp"
#include "rules/engine.hpp"
#include "kits/pikette/screen.hpp"
#include "kits/pikette/plain.hpp"
#include "kits/pikette/text.hpp"
#include "ui/start_menu.hpp"

namespace tercio::kits {

/// Its files: a ruleset file (`rulesets/<id>/ruleset.toml`, no `engine` key or "pikette-squared")
/// and its armies, `rulesets/<id>/armies/`.
struct PiketteFiles {
    using E = rules::Engine;
    static std::optional<rules::RulesContext> context(data::DataCatalog& catalog, std::string_view ruleset,
                                                      const std::array<std::string, 2>& armies, std::string& why);
    /// How `tercio check` reads its files (data::check_text).
    static data::FileChecker checker(data::DataCatalog& catalog);
    /// French (side A) against Spanish when no armies are named.
    static std::array<std::string, 2> default_armies() { return {"french", "spanish"}; }
    /// The six Italian Wars armies, in the order the benches pair them.
    static std::array<std::string_view, kPairedArmies> paired_armies() {
        return {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};
    }
    /// It has no optional rules.
    static std::vector<ui::RuleOption> rule_options() { return {}; }
    static bool with_options(rules::RulesContext&, const std::vector<std::string>& options, std::string& why) {
        return no_rule_options("Pikette Squared", options, why);
    }
    static std::optional<std::string> ruleset_name(data::DataCatalog& catalog, std::string_view ruleset);
    static std::vector<ui::ArmyChoice> army_choices(data::DataCatalog& catalog, std::string_view ruleset);
    static std::optional<std::string> army_name(data::DataCatalog& catalog, std::string_view ruleset,
                                                std::string_view army);
    static data::Loaded<data::ReplayedOf<E>> replay(std::string_view file, const data::SaveFile& save,
                                                    const rules::RulesContext& ctx,
                                                    const data::ReplayObserverOf<E>& observer);
    static std::optional<data::SaveRepair> repair(std::string_view file, const data::SaveFile& save,
                                                  const rules::RulesContext& ctx);
    /// A keyframe starts every turn after the first (the set-up ends in turn 1 without one):
    /// their number.
    static int turn_reached(const data::SaveFile& save, const rules::GameState&) {
        return static_cast<int>(save.keyframes.size());
    }
    static std::string lines_after(const data::SaveHeader& h, const rules::RulesContext& ctx, const rules::Command& c,
                                   const rules::GameState& before, const rules::GameState& after, std::uint64_t calls,
                                   std::size_t commands);
};

/// Its computer: every level (random, easy, normal, hard, expert).
struct PiketteComputer {
    static bool has_level(ai::Level) { return true; }
    static std::unique_ptr<ai::PlayerOf<rules::Engine>> make_player(ai::Level level, std::uint64_t seed);
};

/// Its net group: the cards a command turned are its CardTurned events.
struct PiketteNet {
    static std::vector<std::pair<core::Side, int>> turned_cards(const rules::Events& events) {
        std::vector<std::pair<core::Side, int>> out;
        for (const rules::Event& e : events) {
            if (const auto* turned = std::get_if<rules::CardTurned>(&e)) {
                out.emplace_back(turned->side, static_cast<int>(turned->card));
            }
        }
        return out;
    }
    static bool put_face_down(rules::GameState& s, core::Side side, int kind, int depth) {
        if (depth < 0 || kind < 0 || kind >= rules::kCardKindCount) return false;
        rules::Deck& d = s.decks[core::idx(side)];
        for (int i = d.drawn + depth; i < d.size; ++i) {
            if (d.cards[static_cast<std::size_t>(i)] == static_cast<rules::CardKind>(kind)) {
                std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(d.drawn + depth)]);
                return true;
            }
        }
        return false;
    }
    static int decision(const rules::GameState& s) { return static_cast<int>(s.decision); }
    static std::string ruleset_id(const rules::RulesContext& ctx) { return ctx.ruleset->id; }
    static std::string army_id(const rules::RulesContext& ctx, core::Side side) { return ctx.army(side).id; }
    static std::string army_name(const rules::RulesContext& ctx, core::Side side) { return ctx.army(side).name; }
    static std::vector<std::string> rule_options(const rules::RulesContext&) { return {}; }
};

struct PiketteKit {
    using Engine = rules::Engine;
    static constexpr std::string_view engine = rules::Engine::name;
    static constexpr std::string_view title = "Pikette Squared";
    static constexpr std::string_view ruleset = "pikette-squared";
    using Files = PiketteFiles;
    static std::vector<std::pair<rules::GameEnd, const char*>> end_phrases() {
        return {{rules::GameEnd::Nightfall, "at nightfall"},
                {rules::GameEnd::ArmyGone, "with an army gone"},
                {rules::GameEnd::Concession, "by concession"}};
    }
    using Computer = PiketteComputer;
    using Bench = PiketteBench;
    using Run = PiketteRun;
    using Net = PiketteNet;
    /// Its words and its screen (docs/rulesets.md, "The kit: Text and Screen groups").
    using Text = pikette::Text;
    using Screen = pikette::Screen;
    /// What `--plain` needs beside them (ui::PlainKit).
    using Plain = pikette::Plain;
};

}  // namespace tercio::kits
