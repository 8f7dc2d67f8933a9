#pragma once
/// The Sword and the Pike's kit: what the generic code above the rules needs of this ruleset
/// (kits/kit.hpp). The engine is `tsp::Engine` (src/tsp).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ai/player.hpp"
#include "data/check.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "kits/kit.hpp"
#include "kits/tsp/bench.hpp"
#include "kits/tsp/plain.hpp"
#include "kits/tsp/run.hpp"
#include "kits/tsp/screen.hpp"
#include "kits/tsp/text.hpp"
#include "tsp/engine.hpp"
#include "ui/start_menu.hpp"

namespace tercio::kits {

/// Its files: a ruleset file with `engine = "the-sword-and-the-pike"` (`rulesets/<id>/ruleset.toml`)
/// and its armies, `rulesets/<id>/armies/`.
struct TspFiles {
    using E = tsp::Engine;
    /// With none of the optional rules (tsp::Context::options): with_options sets those a game
    /// is played with (kits::game_context).
    static std::optional<tsp::Context> context(data::DataCatalog& catalog, std::string_view ruleset,
                                               const std::array<std::string, 2>& armies, std::string& why);
    /// French (side A) against Spanish when no armies are named.
    static std::array<std::string, 2> default_armies() { return {"french", "spanish"}; }
    /// The six Italian Wars armies the other rulesets have too, in the order the benches pair
    /// them (its Swiss are left out of the pairings).
    static std::array<std::string_view, kPairedArmies> paired_armies() {
        return {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};
    }
    /// The source's optional rules it plays (tsp::Option): quicker movement (TSP-CARD-2) and
    /// light rain (TSP-FIRE-4).
    static std::vector<ui::RuleOption> rule_options();
    static bool with_options(tsp::Context& ctx, const std::vector<std::string>& options, std::string& why);
    /// The names of the optional rules a context has, in rule_options' order.
    static std::vector<std::string> options_of(const tsp::Context& ctx);
    /// How `tercio check` reads its files (data::check_text).
    static data::FileChecker checker(data::DataCatalog& catalog);
    static std::optional<std::string> ruleset_name(data::DataCatalog& catalog, std::string_view ruleset);
    static std::vector<ui::ArmyChoice> army_choices(data::DataCatalog& catalog, std::string_view ruleset);
    static std::optional<std::string> army_name(data::DataCatalog& catalog, std::string_view ruleset,
                                                std::string_view army);
    static data::Loaded<data::ReplayedOf<E>> replay(std::string_view file, const data::SaveFile& save,
                                                    const tsp::Context& ctx,
                                                    const data::ReplayObserverOf<E>& observer);
    static std::optional<data::SaveRepair> repair(std::string_view file, const data::SaveFile& save,
                                                  const tsp::Context& ctx);
    /// The turn of the game replayed.
    static int turn_reached(const data::SaveFile&, const tsp::GameState& s) { return s.turn; }
    static std::string lines_after(const data::SaveHeader& h, const tsp::Context& ctx, const tsp::Command& c,
                                   const tsp::GameState& before, const tsp::GameState& after, std::uint64_t calls,
                                   std::size_t commands);
};

/// Its computer: random, easy and normal (docs/computer.md, "The Sword and the Pike").
struct TspComputer {
    static bool has_level(ai::Level level);
    static std::unique_ptr<ai::PlayerOf<tsp::Engine>> make_player(ai::Level level, std::uint64_t seed);
};

/// Its net group. The engine pulls the cards itself, from two decks that are no side's: the
/// activation deck (TSP-CARD-1) and the casualty deck (TSP-FIRE-9, TSP-AMB-21). Each pull is a pick
/// among the cards left, which are kept in order (tsp::Deck), and a pick is a result the server
/// sends, so a copy pulls the same card as the server without any card being face down in an order
/// only the server knows: there are no face-down cards to turn or arrange.
struct TspNet {
    static std::vector<std::pair<core::Side, int>> turned_cards(const tsp::Events&) { return {}; }
    static bool put_face_down(tsp::GameState&, core::Side, int, int) { return false; }
    static int decision(const tsp::GameState& s) { return static_cast<int>(s.decision); }
    static std::string ruleset_id(const tsp::Context& ctx) { return ctx.ruleset->id; }
    static std::string army_id(const tsp::Context& ctx, core::Side side) { return ctx.army(side).id; }
    static std::string army_name(const tsp::Context& ctx, core::Side side) { return ctx.army(side).name; }
    static std::vector<std::string> rule_options(const tsp::Context& ctx) { return TspFiles::options_of(ctx); }
};

struct TspKit {
    using Engine = tsp::Engine;
    static constexpr std::string_view engine = tsp::Engine::name;
    static constexpr std::string_view title = "The Sword and the Pike";
    static constexpr std::string_view ruleset = "the-sword-and-the-pike";
    using Files = TspFiles;
    static std::vector<std::pair<tsp::EndReason, const char*>> end_phrases() {
        return {{tsp::EndReason::TurnLimit, "at the turn limit"},
                {tsp::EndReason::SpiritFailed, "with three spirit tests failed in a row"},
                {tsp::EndReason::SpiritGone, "with a side's spirit gone"},
                {tsp::EndReason::NoUnits, "with an army gone"},
                {tsp::EndReason::Conceded, "by concession"}};
    }
    using Computer = TspComputer;
    using Bench = TspBench;
    using Run = TspRun;
    using Net = TspNet;
    /// Its words and its screen (docs/rulesets.md, "The kit: Text and Screen groups").
    using Text = tsp_kit::Text;
    using Screen = tsp_kit::Screen;
    /// What `--plain` needs beside them (ui::PlainKit).
    using Plain = tsp_kit::Plain;
};

}  // namespace tercio::kits
