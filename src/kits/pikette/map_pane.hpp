#pragma once
/// The map pane: the board as text, rank 15 at the top (side B is north), file letters above and
/// below, rank numbers on the left. Pure drawing on a Surface.
///
/// A square is 3 x 1 cells at 80x24 (5 x 2 and 7 x 3 in larger terminals). Every mark has a fixed
/// place in its own square, from the top left cell (under the file letter): `[letter][facing]
/// [marks]`, never a mark left of the letter it belongs to.
///   - A unit: its troop type glyph first, upper case for side A, lower case for side B (and red
///     / blue when colour is on). Its facing next: `K↑ K↗ K→ K↘ K↓ K↙ K← K↖`, in ASCII
///     `K^ K/ K> K\ Kv K, K< K'`.
///   - Its marks after the facing, in this order: its status (`!` Routed, `?` Disordered), `*`
///     fired (F marker), `@` its leader is attached. A 3 x 1 square has one cell for them and
///     shows the first (so `!` or `?` before `*` before `@`); the others still show as attributes
///     (a fired unit's facing is dim, the leader's unit bold) and in the line under the map. A
///     larger square gives each its own cell: `K↑?*@`. The glyph is also styled: routed reverse,
///     disordered dim and underlined, attached leader bold. A cell without a mark shows the
///     square's terrain.
///   - A larger square adds rows: its name as the log gives it and its stands (`T1 6` at 5 x 2,
///     `T1 6st` at 7 x 3), then at 7 x 3 its hits (`1 hit`); terrain fills the cells left.
///   - A contested square (a unit of each side) shows both glyphs: `K×p` (ASCII `K=p`), with
///     their facings in a larger square (`K→×p←`) and their names under them.
///   - A leader alone: `@` in the first cell, bold, in his side's colour (without colour, the
///     status line names his side).
///   - A square without unit or leader: `·` (ASCII `.`) in its first cell in the open; terrain
///     fills every cell: hill `^^^` (ASCII `%%%`, as `^` faces north), wood `♣♣♣` (ASCII `&&&`),
///     building `###`, stream `≈≈≈` (ASCII `~~~`).
///   - Highlights: a square in the move reach shows `+` in its first cell when empty and all its
///     cells are underlined (the mark magenta with colour); a square in the fire arc shows `-`
///     and is bold (yellow); in both, `±` (ASCII `:`), underlined and bold.
///   - The selected unit's square: all its cells underlined and bold, and its file and rank
///     labels reversed, so that the selection shows wherever the cursor is.
///   - The cursor: the square's cells in reverse video (toggled, so a routed glyph under the
///     cursor still differs); the file and rank labels stay plain (the status line names the
///     square, and a highlighted label cost 48 bytes a cursor move).
/// Colour only repeats what case, marks and attributes already say.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "rules/game.hpp"
#include "rules/game_state.hpp"
#include "ui/board_view.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// Its square sizes, largest first: 7 x 3, 5 x 2, 3 x 1.
inline constexpr std::array<SquareSize, 3> kSquareSizes{{{7, 3}, {5, 2}, {3, 1}}};

/// The map's size at 80x24 (3 x 1 cells a square, 15 x 15 squares): what a larger terminal
/// must leave beside and under a larger map (fit_map).
inline constexpr int kMapWidth80 = 48;
inline constexpr int kMapHeight80 = 17;

/// One square's picture at `size` without the view's highlights: a unit's glyph with its facing
/// and marks (and in a larger square its name, stands and hits), a contested square, a lone
/// leader, terrain or the open mark (the marks above).
SquareCells square_cells(const rules::RulesContext& ctx, const rules::GameState& s, core::Square q,
                         SquareSize size, bool ascii, bool color);

/// Draws the board of `s` into `area`, top left at (area.x, area.y). Nothing is written outside
/// `area`; a smaller area shows the top left part (a 16-row area drops the bottom file labels).
void draw_map(Surface& out, Rect area, const rules::RulesContext& ctx, const rules::GameState& s,
              const MapView& view);

/// One line describing a square for the status line: the square and its terrain, then each unit
/// (label, name, side, facing, status, stands, hits, fired) and leader in it, e.g.
/// "e5 hill: K1 Gendarmes (A) facing N, disordered, 2 stands, 1 hit, fired; A leader attached
/// to K1".
std::string square_status(const rules::RulesContext& ctx, const rules::GameState& s,
                          core::Square sq);
/// The same in at most `width` columns: shorter forms first ("SW" for "facing SW", "2 st" for
/// "2 stands"), then without the troop names, and cut with "..." only if even that is too long.
std::string square_status(const rules::RulesContext& ctx, const rules::GameState& s, core::Square sq,
                          int width);

/// One unit in words: "K1 Gendarmes (A) facing N, disordered, 2 stands, 1 hit, fired".
std::string unit_status(const rules::RulesContext& ctx, const rules::GameState& s, std::size_t unit);

}  // namespace tercio::ui
