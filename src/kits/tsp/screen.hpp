#pragma once
/// The Sword and the Pike's Screen group (docs/rulesets.md, "The kit: Text and Screen groups"): its
/// 24 x 16 board (two cells a square at 80x24, three at 120x40, up to seven), the side pane's
/// status (the turn and card phase, the card in play and whose it is, the unit activated and its
/// roll, each side's units, spirit and failed tests), the Enter menu, its action keys, the legend.
/// It has no tips and no reaction filter: the cards decide who acts (TSP-CARD-1), and the side
/// deciding is always the one whose card is in play, so nothing is ever asked out of turn
/// (ui::NoReactions).
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "control/session.hpp"
#include "core/grid.hpp"
#include "tsp/engine.hpp"
#include "ui/board_view.hpp"
#include "ui/screen_kit.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::kits::tsp_kit {

struct Screen {
    using Context = tsp::Context;
    using State = tsp::GameState;
    using Command = tsp::Command;
    struct Tips {};
    /// Nothing out of turn: the side whose card is in play decides every decision.
    using Reactions = ui::NoReactions<tsp::Engine>;

    /// At 80x24 the board is 51 x 18 (two cells a square): the side pane's 28 columns beside it,
    /// and under it four rows of hint and selection and the two bottom lines.
    static constexpr int kSideMin = 28;
    static constexpr int kBelowMin = 6;
    static std::span<const ui::SquareSize> square_sizes();
    static int files(const State& s) { return s.files; }
    static int ranks(const State& s) { return s.ranks; }
    /// A unit's letter, its facing, then its marks (Shaken, Routed, reload markers, charging);
    /// two units in a square (a close combat) A's letter, the mark, B's; under them in a larger
    /// square the labels and figures left; the ground in the cells left.
    static ui::SquareCells square_cells(const Context& ctx, const State& s, core::Square q,
                                        ui::SquareSize size, bool ascii, bool color);
    static void draw_status(ui::Surface& out, ui::Rect area, const Context& ctx, const State& s,
                            bool colour);
    static std::optional<std::size_t> unit_at(const State& s, core::Square q, core::Side side);
    /// The activated unit's reach (the squares of its legal moves, an enemy's a charge), or the
    /// targets the selected unit may shoot at in the fire phase.
    static void mark_reach(const Context& ctx, const State& s, core::Square selected,
                           ui::MapView& view);
    /// Where a move went (reach) and whom it charged (arc), a shot's shooter and target, the unit
    /// an activation, a hold, a break-off or a turn named.
    static void mark_command(const Context& ctx, const State& after, const Command& c,
                             ui::MapView& view);
    /// The squares `m` would take the activated unit through to the cursor (a straight line of
    /// steps, as the rules search them: the engine's legal moves on the way).
    static void mark_way(const Context& ctx, const State& s, core::Square selected, core::Square cursor,
                         ui::MapView& view);
    /// Never called with an offer (there are none); as mark_command.
    static void mark_offer(const Context& ctx, const State& s, const Command& c, ui::MapView& view);
    /// A card pulled that puts a unit to act (a CardPulled event not set aside).
    static bool turned_card(const Command& c, const tsp::Events& events);
    /// With a unit selected elsewhere, the commands naming it and the cursor (the activated unit's
    /// moves there, its shot at the unit there); otherwise those of the unit at the cursor
    /// (activate, dismount or mount, break, hold, shoot), the moves into the cursor, then the commands naming no
    /// square (stay, face); every legal one but concede when that leaves nothing.
    static std::vector<Command> menu_commands(const Context& ctx, const State& s,
                                              core::Square cursor,
                                              std::optional<core::Square> selected);
    static ui::KeyAction<Command> action(const Context& ctx, const State& s, char32_t key,
                                         std::optional<core::Square> selected, core::Square cursor);
    /// A move names its facing, so a typed command means what it says.
    static Command typed(const Context&, const State&, const Command& c) { return c; }
    /// Nothing is given up unasked: `hold` and `stay` say what they do.
    static std::optional<std::string> forfeits(const Context&, const State&, const Command&) {
        return std::nullopt;
    }
    static std::span<const ui::KeyLine> action_keys();
    static std::vector<std::string> legend(bool ascii);
    /// Never: the side whose card is in play decides.
    static bool out_of_turn(const State&) { return false; }
    static std::vector<std::string> tips(const control::SessionOf<tsp::Engine>&, const State&,
                                         Tips&) {
        return {};
    }
    /// Commands to show in the help's line for `:`.
    /// Only fire takes a selected unit: m, t and s act on the activated one, a, d and o on the cursor's.
    static constexpr const char* kSelectedKeys = "f";
    static constexpr const char* kCommandExamples = "activate P1, move h5 face NE, shoot A1 P2";
    static std::optional<std::string> command_word(Reactions&, const std::string&) {
        return std::nullopt;
    }
    /// No command-line options: it has no reaction filter to set.
    static std::vector<ui::KitOption> options() { return {}; }
    static bool set_option(Reactions&, const std::string&, const std::string&) { return false; }
};

}  // namespace tercio::kits::tsp_kit
