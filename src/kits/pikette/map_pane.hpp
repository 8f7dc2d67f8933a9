#pragma once
/// The map pane: the board as text, three cells per square, rank 15 at the top (side B is north),
/// file letters above and below, rank numbers on the left. Pure drawing on a Surface.
///
/// A square is three cells: `[side][middle][side]`.
///   - A unit: its troop type glyph in the middle, upper case for side A, lower case for side B
///     (and red / blue when colour is on). Its facing is a mark beside it: on the left for the
///     westward facings (W, NW, SW), on the right for all others (N, NE, E, SE, S):
///     `K↑ K↗ K→ K↘ K↓ ↙K ←K ↖K`, in ASCII `K^ K/ K> K\ Kv /K <K \K` (the slant and the side
///     together tell NE from SW and SE from NW).
///   - The other side cell holds the unit's most urgent marker: `!` routed, `?` disordered, `@`
///     its leader is attached, `*` fired (F marker); else the terrain mark. The glyph is also
///     styled: routed reverse, disordered dim and underlined, attached leader bold.
///   - A contested square (a unit of each side) shows both glyphs: `K×p` (ASCII `K=p`).
///   - A leader alone: `@` in the middle, bold, in his side's colour (without colour, the status
///     line names his side). A fired unit's facing mark is also dim.
///   - A square without unit or leader: ` · ` (ASCII ` . `) in the open; terrain fills all three
///     cells: hill `^^^` (ASCII `%%%`, as `^` faces north), wood `♣♣♣` (ASCII `&&&`), building `###`, stream `≈≈≈` (ASCII `~~~`).
///     Under a unit the terrain mark stays in the free side cell when no marker needs it.
///   - Highlights: a square in the move reach shows `+` in its middle cell when empty and all its
///     cells are underlined (the mark magenta with colour); a square in the fire arc shows `-`
///     and is bold (yellow); in both, `±` (ASCII `:`), underlined and bold.
///   - The selected unit's square: all three cells underlined and bold, and its file and rank
///     labels reversed, so that the selection shows wherever the cursor is.
///   - The cursor: the square's three cells in reverse video (toggled, so a routed glyph under
///     the cursor still differs); the file and rank labels stay plain (the status line names the
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

/// One square's picture without the view's highlights: a unit's glyph with its facing and most
/// urgent mark, a contested square, a lone leader, terrain or the open mark (the marks above).
SquareCells square_cells(const rules::RulesContext& ctx, const rules::GameState& s, core::Square q,
                             bool ascii, bool color);

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
