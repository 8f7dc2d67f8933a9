#pragma once
/// Hell Broke Loose's Screen group (docs/rulesets.md, "The kit: Text and Screen groups"): its
/// 24 x 18 board (1 to 7 cells a square: two at 80x24, three at 120x40), the side pane's status
/// (turn, phase and pips, the card, each army's die, chips and deck), the Enter menu, its action
/// keys, the legend. It has no tips, and no reaction filter: its rules ask for a reaction (a shot
/// at a command activated to move, HBL-SHOOT-1) only when one of the side's loaded units has a
/// target, so every window offers something (ui::NoReactions, with the shots offered for y).
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "control/session.hpp"
#include "core/grid.hpp"
#include "hbl/engine.hpp"
#include "ui/board_view.hpp"
#include "ui/screen_kit.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::kits::hbl_kit {

struct Screen {
    using Context = hbl::Context;
    using State = hbl::GameState;
    using Command = hbl::Command;
    struct Tips {};
    /// Its rules stop for a reaction only when one can be made: nothing is let go, and a stop
    /// offers its shots for one key (y, 1-9), n holds.
    class Reactions : public ui::NoReactions<hbl::Engine> {
      public:
        explicit Reactions(control::SessionOf<hbl::Engine>& session)
            : ui::NoReactions<hbl::Engine>(session), session_(session) {}
        /// The shots at the command activated (HBL-SHOOT-1) while a person here decides.
        std::vector<Command> offers() const;
        /// Plays `hold`.
        std::optional<std::string> let_go();

      private:
        control::SessionOf<hbl::Engine>& session_;
    };

    /// The side pane's 28 columns beside a board of two cells a square at 80x24, and under it two
    /// rows of hint and the two bottom lines.
    static constexpr int kSideMin = 28;
    static constexpr int kBelowMin = 4;
    static std::span<const ui::SquareSize> square_sizes();
    static int files(const State& s) { return s.files; }
    static int ranks(const State& s) { return s.ranks; }
    static ui::SquareCells square_cells(const Context& ctx, const State& s, core::Square q,
                                        ui::SquareSize size, bool ascii, bool color);
    static void draw_status(ui::Surface& out, ui::Rect area, const Context& ctx, const State& s,
                            bool colour);
    static std::optional<std::size_t> unit_at(const State& s, core::Square q, core::Side side);
    static void mark_reach(const Context& ctx, const State& s, core::Square selected,
                           ui::MapView& view);
    /// Where a move went, the units a fight, a shot, a rally, a reload or a facing named.
    static void mark_command(const Context& ctx, const State& after, const Command& c,
                             ui::MapView& view);
    /// The way `m` would move the selected unit to the cursor (hbl::move_way).
    static void mark_way(const Context& ctx, const State& s, core::Square selected, core::Square cursor,
                         ui::MapView& view);
    /// An offered reaction: the units it names, as mark_command (a unit's square is the same
    /// before it).
    static void mark_offer(const Context& ctx, const State& s, const Command& c, ui::MapView& view);
    /// `turn`.
    static bool turned_card(const Command& c, const hbl::Events& events);
    /// With a unit selected elsewhere, the commands naming it and the cursor (a move there, a shot
    /// at the unit there); otherwise those of the unit at the cursor (its moves, wheels, fight,
    /// shots, reload, rally, facing, its command's activation), the shots and moves at the cursor,
    /// then the commands naming no unit (first, turn, done, hold, stubborn ...); every legal one
    /// but concede when that leaves nothing.
    static std::vector<Command> menu_commands(const Context& ctx, const State& s,
                                              core::Square cursor,
                                              std::optional<core::Square> selected);
    static ui::KeyAction<Command> action(const Context& ctx, const State& s, char32_t key,
                                         std::optional<core::Square> selected, core::Square cursor);
    /// A move names its facing, so a typed command means what it says.
    static Command typed(const Context&, const State&, const Command& c) { return c; }
    /// `turn` or `done` while the card in play still offers an activation not yet used.
    static std::optional<std::string> forfeits(const Context& ctx, const State& s, const Command& c);
    static std::span<const ui::KeyLine> action_keys();
    static std::vector<std::string> legend(bool ascii);
    /// The side deciding is not the one in its phase (a reaction, a stubborn chip, a follow-up).
    static bool out_of_turn(const State& s);
    static std::vector<std::string> tips(const control::SessionOf<hbl::Engine>&, const State&,
                                         Tips&) {
        return {};
    }
    /// Commands to show in the help's line for `:`.
    static constexpr const char* kSelectedKeys = "m, f, a";
    static constexpr const char* kCommandExamples = "turn, activate CMD, move K1 h3 N, fight K1";
    static std::optional<std::string> command_word(Reactions&, const std::string&) {
        return std::nullopt;
    }
    /// No command-line options: its reaction filter has no settings.
    static std::vector<ui::KitOption> options() { return {}; }
    static bool set_option(Reactions&, const std::string&, const std::string&) { return false; }
};

}  // namespace tercio::kits::hbl_kit
