#pragma once
/// Hell Broke Loose's kit: what the generic code above the rules needs of this ruleset
/// (kits/kit.hpp). The engine is `hbl::Engine` (src/hbl).
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
#include "data/check.hpp"
#include "data/save.hpp"
#include "kits/hbl/bench.hpp"
#include "kits/kit.hpp"
#include "kits/hbl/run.hpp"
#include "hbl/engine.hpp"
#include "kits/hbl/screen.hpp"
#include "kits/hbl/plain.hpp"
#include "kits/hbl/text.hpp"
#include "ui/start_menu.hpp"

namespace tercio::kits {

/// Its files: a ruleset file with `engine = "hell-broke-loose"` (`rulesets/<id>/ruleset.toml`) and
/// its armies, `rulesets/<id>/armies/`.
struct HblFiles {
    using E = hbl::Engine;
    static std::optional<hbl::Context> context(data::DataCatalog& catalog, std::string_view ruleset,
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
    static bool with_options(hbl::Context&, const std::vector<std::string>& options, std::string& why) {
        return no_rule_options("Hell Broke Loose", options, why);
    }
    static std::optional<std::string> ruleset_name(data::DataCatalog& catalog, std::string_view ruleset);
    static std::vector<ui::ArmyChoice> army_choices(data::DataCatalog& catalog, std::string_view ruleset);
    static std::optional<std::string> army_name(data::DataCatalog& catalog, std::string_view ruleset,
                                                std::string_view army);
    static data::Loaded<data::ReplayedOf<E>> replay(std::string_view file, const data::SaveFile& save,
                                                    const hbl::Context& ctx,
                                                    const data::ReplayObserverOf<E>& observer);
    static std::optional<data::SaveRepair> repair(std::string_view file, const data::SaveFile& save,
                                                  const hbl::Context& ctx);
    /// The turn of the game replayed (its older saves have no keyframes).
    static int turn_reached(const data::SaveFile&, const hbl::GameState& s) { return s.turn; }
    static std::string lines_after(const data::SaveHeader& h, const hbl::Context& ctx, const hbl::Command& c,
                                   const hbl::GameState& before, const hbl::GameState& after, std::uint64_t calls,
                                   std::size_t commands);
};

/// Its computer: random, easy, normal, hard and expert (docs/computer.md, "Hell Broke Loose").
struct HblComputer {
    static bool has_level(ai::Level level);
    static std::unique_ptr<ai::PlayerOf<hbl::Engine>> make_player(ai::Level level, std::uint64_t seed);
};

/// Its net group: the cards a command turned are its CardTurned events.
struct HblNet {
    static std::vector<std::pair<core::Side, int>> turned_cards(const hbl::Events& events) {
        std::vector<std::pair<core::Side, int>> out;
        for (const hbl::Event& e : events) {
            if (e.kind == hbl::EventKind::CardTurned && e.side) out.emplace_back(*e.side, static_cast<int>(e.card));
        }
        return out;
    }
    static bool put_face_down(hbl::GameState& s, core::Side side, int kind, int depth) {
        if (depth < 0 || kind < 0 || kind >= hbl::kCardKindCount) return false;
        hbl::Deck& d = s.decks[core::idx(side)];
        for (int i = d.next + depth; i < d.size; ++i) {
            if (d.cards[static_cast<std::size_t>(i)] == static_cast<hbl::CardKind>(kind)) {
                std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(d.next + depth)]);
                return true;
            }
        }
        return false;
    }
    static int decision(const hbl::GameState& s) { return static_cast<int>(s.decision); }
    static std::string ruleset_id(const hbl::Context& ctx) { return ctx.ruleset->id; }
    static std::string army_id(const hbl::Context& ctx, core::Side side) { return ctx.army(side).id; }
    static std::string army_name(const hbl::Context& ctx, core::Side side) { return ctx.army(side).name; }
    static std::vector<std::string> rule_options(const hbl::Context&) { return {}; }
};

struct HblKit {
    using Engine = hbl::Engine;
    static constexpr std::string_view engine = hbl::Engine::name;
    static constexpr std::string_view title = "Hell Broke Loose";
    static constexpr std::string_view ruleset = "hell-broke-loose";
    using Files = HblFiles;
    static std::vector<std::pair<hbl::EndReason, const char*>> end_phrases() {
        return {{hbl::EndReason::TurnLimit, "at the turn limit"},
                {hbl::EndReason::ChipsGone, "with a side's chips gone"},
                {hbl::EndReason::NoUnits, "with an army gone"},
                {hbl::EndReason::Conceded, "by concession"}};
    }
    using Computer = HblComputer;
    using Bench = HblBench;
    using Run = HblRun;
    using Net = HblNet;
    /// Its words and its screen (docs/rulesets.md, "The kit: Text and Screen groups").
    using Text = hbl_kit::Text;
    using Screen = hbl_kit::Screen;
    /// What `--plain` needs beside them (ui::PlainKit).
    using Plain = hbl_kit::Plain;
};

}  // namespace tercio::kits
