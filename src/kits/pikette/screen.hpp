#pragma once
/// Pikette Squared's Screen group (docs/rulesets.md, "The kit: Text and Screen groups"): its
/// board (map_pane.hpp's square pictures on the 15 x 15 board, 3 x 1 to 7 x 3 cells a square),
/// the side pane's status (side_pane.hpp), the Enter menu (guide.hpp), its action keys (m f a r,
/// t P, d c, F s, D), the legend, its tips and its reaction filter (control/reactions.hpp).
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "kits/pikette/control/reactions.hpp"
#include "kits/pikette/control/session.hpp"
#include "kits/pikette/map_pane.hpp"
#include "core/grid.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"
#include "ui/board_view.hpp"
#include "ui/screen_kit.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::kits::pikette {

struct Screen {
    using Context = rules::RulesContext;
    using State = rules::GameState;
    using Command = rules::Command;
    /// The tips already logged: the turn, the phase, the marching option (each once a screen).
    struct Tips {
        bool turn = false;
        bool phase = false;
        bool march = false;
    };
    /// PS-OPP-3: a window opens after every enemy step; the filter stops only for new ones.
    using Reactions = control::ReactionFilter;

    /// What 80x24 leaves beside and under the 48 x 17 map.
    static constexpr int kSideMin = ui::kMinWidth - ui::kMapWidth80;
    static constexpr int kBelowMin = ui::kMinHeight - ui::kMapHeight80;
    static std::span<const ui::SquareSize> square_sizes() { return ui::kSquareSizes; }
    static int files(const State& s) { return s.files; }
    static int ranks(const State& s) { return s.ranks; }
    static ui::SquareCells square_cells(const Context& ctx, const State& s, core::Square q,
                                        ui::SquareSize size, bool ascii, bool color);
    static void draw_status(ui::Surface& out, ui::Rect area, const Context& ctx, const State& s,
                            bool colour);
    static std::optional<std::size_t> unit_at(const State& s, core::Square q, core::Side side);
    /// Its moves (not attacks) and shots, from the legal commands.
    static void mark_reach(const Context& ctx, const State& s, core::Square selected,
                           ui::MapView& view);
    /// Where a move, a shot, a fight, a deployment ... was made.
    static void mark_command(const Context& ctx, const State& after, const Command& c,
                             ui::MapView& view);
    /// The way `m` would move the selected unit to the cursor (rules::move_way).
    static void mark_way(const Context& ctx, const State& s, core::Square selected, core::Square cursor,
                         ui::MapView& view);
    /// An offered reaction: where an evade would go (its planned path, PS-INVOL-4), the
    /// charger or shooter and its target.
    static void mark_offer(const Context& ctx, const State& s, const Command& c, ui::MapView& view);
    /// A card-turned event among its events.
    static bool turned_card(const Command& c, const rules::Events& events);
    static std::vector<Command> menu_commands(const Context& ctx, const State& s,
                                              core::Square cursor,
                                              std::optional<core::Square> selected);
    static ui::KeyAction<Command> action(const Context& ctx, const State& s, char32_t key,
                                         std::optional<core::Square> selected, core::Square cursor);
    /// `move a7 c8` refused because the unit must turn first: the move `m` plays (the least turn
    /// that reaches the square); any other command as it is.
    static Command typed(const Context& ctx, const State& s, const Command& c);
    /// `turn` or `pass` while the card in play has not been used and still offers commands of its
    /// own (not a shot or a march, which need no card): "Turn the next card? The Melee card ...".
    static std::optional<std::string> forfeits(const Context& ctx, const State& s, const Command& c);
    static std::span<const ui::KeyLine> action_keys();
    static std::vector<std::string> legend(bool ascii);
    /// In the other side's phase: a reaction, a chip, an escape (not the initiative choice).
    static bool out_of_turn(const State& s);
    static std::vector<std::string> tips(const control::Session& session, const State& before,
                                         Tips& shown);
    /// Commands to show in the help's line for `:`.
    static constexpr const char* kSelectedKeys = "m, f, a";
    static constexpr const char* kCommandExamples = "turn, move h5 h7, shoot h5 h8, pass";
    /// `unmoved-shots ask|never`, `shot-threshold PERCENT`, `charge-threshold PERCENT`.
    static std::optional<std::string> command_word(Reactions& reactions, const std::string& text);
    /// Its command-line options `--unmoved-shots ask|never`, `--shot-threshold PERCENT` and
    /// `--charge-threshold PERCENT`, the same settings as the words.
    static std::vector<ui::KitOption> options();
    static bool set_option(Reactions& reactions, const std::string& name, const std::string& value);
};

}  // namespace tercio::kits::pikette
