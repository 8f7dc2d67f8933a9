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
#include <vector>

#include "ai/player.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "kits/pikette/bench.hpp"
#include "kits/pikette/run.hpp"
#include "rules/engine.hpp"
#include "kits/pikette/screen.hpp"
#include "kits/pikette/text.hpp"
#include "ui/start_menu.hpp"

namespace tercio::kits {

/// Its files: a ruleset file (`rulesets/<id>/ruleset.toml`, no `engine` key or "pikette-squared")
/// and its armies, `rulesets/<id>/armies/`.
struct PiketteFiles {
    using E = rules::Engine;
    static std::optional<rules::RulesContext> context(data::DataCatalog& catalog, std::string_view ruleset,
                                                      const std::array<std::string, 2>& armies, std::string& why);
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

/// Its computer: every level (random, easy, normal, hard).
struct PiketteComputer {
    static bool has_level(ai::Level) { return true; }
    static std::unique_ptr<ai::PlayerOf<rules::Engine>> make_player(ai::Level level, std::uint64_t seed);
};

struct PiketteKit {
    using Engine = rules::Engine;
    static constexpr std::string_view engine = rules::Engine::name;
    static constexpr std::string_view title = "Pikette Squared";
    static constexpr std::string_view no_hosting = "";
    using Files = PiketteFiles;
    static std::vector<std::pair<rules::GameEnd, const char*>> end_phrases() {
        return {{rules::GameEnd::Nightfall, "at nightfall"},
                {rules::GameEnd::ArmyGone, "with an army gone"},
                {rules::GameEnd::Concession, "by concession"}};
    }
    using Computer = PiketteComputer;
    using Bench = PiketteBench;
    using Run = PiketteRun;
    /// Its words and its screen (docs/rulesets.md, "The kit: Text and Screen groups").
    using Text = pikette::Text;
    using Screen = pikette::Screen;
};

}  // namespace tercio::kits
