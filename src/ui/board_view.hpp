#pragma once
/// The board pane of every ruleset's screen: the squares in rows, north at the top, file letters
/// above and below, rank numbers on the left, the cursor, the selected unit and its reach and
/// targets. What stands in a square (its three cells: a unit's glyph and marks, terrain) is the
/// ruleset's (its kit's Screen group gives SquareCells); the layout, the square sizes that fit a
/// terminal and the highlights are drawn here, once. Pure drawing on a Surface.
#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// What to draw besides the position itself.
struct MapView {
    std::optional<core::Square> cursor;  ///< none: no cursor
    std::vector<core::Square> reach;     ///< the selected unit's move reach
    std::vector<core::Square> arc;       ///< the selected unit's fire arc
    /// The selected unit's square: underlined and bold, its file and rank labels reversed.
    std::optional<core::Square> selected;
    /// Cells per square, across and down: 3 x 1 at 80x24; larger terminals get 5 x 2 or 7 x 3
    /// (fit_map). A larger square keeps the three cells of its picture in its middle and fills
    /// the rest with its terrain (or blank); highlights cover the whole square. A board too wide
    /// for three cells a square (a ruleset's kit says which sizes it takes) shows two or one.
    int cell_w = 3;
    int cell_h = 1;
    bool ascii = false;  ///< no character above 0x7F at all
    bool color = true;   ///< false: every Style keeps Color::Default
};

/// Cells of a square's picture, and the width of the rank labels at the left.
inline constexpr int kSquareCells = 3;
inline constexpr int kRankLabelCells = 3;

/// One square's picture, as a ruleset draws it: three cells (a unit's glyph in the middle, its
/// facing and its most urgent mark beside it; terrain or the open mark when empty), and what
/// fills the rest of a larger square.
struct SquareCells {
    std::array<std::string, kSquareCells> text{" ", " ", " "};
    std::array<Style, kSquareCells> style{};
    std::string fill = " ";
    Style fill_style{};
    /// No unit or leader stands there: the reach and target marks take the middle cell.
    bool empty = true;
    /// In a square two cells wide, the side cell shown with the middle one: 0 left, 2 right.
    int narrow_side = 2;
};

/// A square's size in cells, across and down.
using SquareSize = std::pair<int, int>;

/// The size the map needs (x = y = 0): 3 + cell_w * files wide, cell_h * ranks + 2 tall (file
/// labels above and below); 48 x 17 for the standard 15 x 15 board at 3 x 1.
Rect map_rect(const MapView& view, int files = core::kBoardFiles, int ranks = core::kBoardRanks);

/// The largest of `sizes` (largest first: the kit's Screen::square_sizes()) whose map leaves
/// `side_w` columns beside it and `below` rows under it on a width x height screen; the last
/// (smallest) when none does. Sets view.cell_w and view.cell_h.
void fit_map(MapView& view, int width, int height, int files, int ranks, int side_w, int below,
             std::span<const SquareSize> sizes);

/// Draws a files x ranks board into `area`, top left at (area.x, area.y), each square's picture
/// from `cells`; the view's reach and target marks, selection and cursor over them. Nothing is
/// written outside `area`.
void draw_board(Surface& out, Rect area, int files, int ranks, const MapView& view,
                const std::function<SquareCells(core::Square)>& cells);

}  // namespace tercio::ui
