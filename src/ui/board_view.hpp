#pragma once
/// The board pane of every ruleset's screen: the squares in rows, north at the top, file letters
/// above and below, rank numbers on the left, the cursor, the selected unit and its reach and
/// targets. What stands in a square (its picture: a unit's glyph and marks, terrain) is the
/// ruleset's (its kit's Screen group gives SquareCells); the layout, the square sizes that fit a
/// terminal and the highlights are drawn here, once. Pure drawing on a Surface.
///
/// A square's picture starts at its top left cell, under its file letter and beside its rank
/// number, at every size: a unit's letter there, its facing in the next cell, its marks after it
/// (no mark stands left of the letter it belongs to).
#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// A square's size in cells, across and down.
using SquareSize = std::pair<int, int>;

/// What to draw besides the position itself.
struct MapView {
    std::optional<core::Square> cursor;  ///< none: no cursor
    std::vector<core::Square> reach;     ///< the selected unit's move reach
    std::vector<core::Square> arc;       ///< the selected unit's fire arc
    /// The way the selected unit would take to the cursor, its squares in order (o, or a dot).
    std::vector<core::Square> way;
    /// The selected unit's square: underlined and bold, its file and rank labels reversed.
    std::optional<core::Square> selected;
    /// Cells per square, across and down: 3 x 1 at 80x24; larger terminals get 5 x 2 or 7 x 3
    /// (fit_map), where the kit's picture shows more of a unit. A board too wide for three cells
    /// a square (a ruleset's kit says which sizes it takes) shows two or one.
    int cell_w = 3;
    int cell_h = 1;
    bool ascii = false;  ///< no character above 0x7F at all
    bool color = true;   ///< false: every Style keeps Color::Default
};

/// Width of the rank labels at the left.
inline constexpr int kRankLabelCells = 3;

/// One cell of a square's picture: one code point and its style.
struct Cell {
    std::string text = " ";
    Style style{};
};

/// One square's picture at the size it is drawn, as a ruleset draws it: its cells from the top
/// left, row by row. Every square keeps the same places: a unit's glyph in the top left cell
/// (under the file letter, beside the rank number), then its facing, then its marks, always in
/// that order; a larger square adds rows under them (the kit's: a unit's name, stands...). Cells
/// nothing is written to show `fill` (the terrain, or blank).
class SquareCells {
  public:
    explicit SquareCells(SquareSize size = {3, 1}, Cell fill = {});
    int width() const { return w_; }
    int height() const { return h_; }
    /// The cell at column x, row y; the fill outside the square.
    const Cell& at(int x, int y) const;
    /// Sets a cell; nothing outside the square (a narrower square shows its first cells only).
    void set(int x, int y, std::string_view text, Style st);
    /// Writes `text` a code point a cell from column x of row y on, as much as fits; returns the
    /// column after it.
    int write(int x, int y, std::string_view text, Style st);
    /// Applies `f` to the style of every cell, the fill's included.
    template <class F>
    void restyle(F f) {
        for (Cell& c : cells_) f(c.style);
        f(fill_.style);
    }
    /// No unit or leader stands there: the reach and target marks take the top left cell.
    bool empty = true;

  private:
    int w_;
    int h_;
    Cell fill_;
    std::vector<Cell> cells_;
};

/// The size the map needs (x = y = 0): 3 + cell_w * files wide, cell_h * ranks + 2 tall (file
/// labels above and below); 48 x 17 for the standard 15 x 15 board at 3 x 1.
Rect map_rect(const MapView& view, int files = core::kBoardFiles, int ranks = core::kBoardRanks);

/// The largest of `sizes` (largest first: the kit's Screen::square_sizes()) whose map leaves
/// `side_w` columns beside it and `below` rows under it on a width x height screen; the last
/// (smallest) when none does. Sets view.cell_w and view.cell_h.
void fit_map(MapView& view, int width, int height, int files, int ranks, int side_w, int below,
             std::span<const SquareSize> sizes);

/// Draws a files x ranks board into `area`, top left at (area.x, area.y), each square's picture
/// from `cells` (given the square's size, view.cell_w x view.cell_h); the view's reach and target
/// marks, selection and cursor over them. Nothing is written outside `area`.
void draw_board(Surface& out, Rect area, int files, int ranks, const MapView& view,
                const std::function<SquareCells(core::Square, SquareSize)>& cells);

}  // namespace tercio::ui
