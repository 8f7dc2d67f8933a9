#include "ui/board_view.hpp"

#include <algorithm>
#include <string_view>

namespace tercio::ui {

namespace {

bool contains(const std::vector<core::Square>& v, core::Square q) {
    return std::find(v.begin(), v.end(), q) != v.end();
}

class BoardPainter {
  public:
    BoardPainter(Surface& out, Rect area, int files, int ranks, const MapView& view,
                 const std::function<SquareCells(core::Square)>& cells)
        : out_(out), area_(area), files_(files), ranks_(ranks), view_(view), cells_(cells) {}

    void draw() {
        const int cw = view_.cell_w;
        const int ch = view_.cell_h;
        const int mid = (ch - 1) / 2;  // the picture's row in a larger square
        draw_file_labels(0);
        for (int r = 0; r < ranks_; ++r) {
            const int y0 = 1 + ch * (ranks_ - 1 - r);
            draw_rank_label(y0 + mid, r);
            for (int f = 0; f < files_; ++f) {
                const core::Square q = core::make_square(f, r);
                const SquareCells c = highlighted(q, cells_(q));
                const int x0 = kRankLabelCells + cw * f;
                for (int dy = 0; dy < ch; ++dy) {
                    for (int dx = 0; dx < cw; ++dx) {
                        const int k = dy == mid ? picture_cell(c, dx) : -1;
                        if (k >= 0) {
                            put(x0 + dx, y0 + dy, c.text[static_cast<std::size_t>(k)],
                                c.style[static_cast<std::size_t>(k)]);
                        } else {
                            put(x0 + dx, y0 + dy, c.fill, c.fill_style);
                        }
                    }
                }
            }
        }
        draw_file_labels(1 + ch * ranks_);
    }

  private:
    /// Which of the picture's cells column dx of a square shows, or -1 for the fill.
    int picture_cell(const SquareCells& c, int dx) const {
        const int cw = view_.cell_w;
        if (cw == 1) return 1;
        if (cw == 2) return c.narrow_side == 0 ? dx : dx + 1;
        const int k = dx - (cw - kSquareCells) / 2;
        return k >= 0 && k < kSquareCells ? k : -1;
    }

    /// Writes one cell, relative to the area, only if it lies inside the area.
    void put(int x, int y, std::string_view cell, Style st) {
        if (x < 0 || y < 0 || x >= area_.w || y >= area_.h) return;
        out_.put(area_.x + x, area_.y + y, cell, st);
    }

    Style colored(Color c) const { return Style{view_.color ? c : Color::Default}; }

    // The labels stay plain for the cursor: the status line under the map names its square, and
    // a reversed letter and number cost two attribute changes and a cursor motion for each label
    // that changes: 48 of the 98 bytes a cursor move used to send (bench/terminal.sh).
    // The selected unit's file and rank labels are reversed, so that the selection shows from
    // the edges of the map wherever the cursor is.
    void draw_file_labels(int y) {
        for (int f = 0; f < files_; ++f) {
            const char letter = static_cast<char>('a' + f);
            Style st;
            st.reverse = view_.selected && view_.selected->x == f;
            put(kRankLabelCells + view_.cell_w * f + view_.cell_w / 2, y,
                std::string_view(&letter, 1), st);
        }
    }

    void draw_rank_label(int y, int rank) {
        const std::string n = std::to_string(rank + 1);
        const std::string text = (n.size() < 2 ? " " : "") + n;
        Style st;
        st.reverse = view_.selected && view_.selected->y == rank;
        put(0, y, text.substr(0, 1), st);
        put(1, y, text.substr(1, 1), st);
    }

    /// The square's picture with the view's marks: the reach (+) and target (-) marks in an
    /// empty square's middle, underlined reach, bold targets, the selection and the cursor.
    SquareCells highlighted(core::Square q, SquareCells c) const {
        const bool reach = contains(view_.reach, q);
        const bool arc = contains(view_.arc, q);
        if (c.empty && (reach || arc)) {
            c.text[1] = reach && arc ? (view_.ascii ? ":" : "±") : (reach ? "+" : "-");
            c.style[1] = colored(reach ? Color::Magenta : Color::Yellow);
        }
        const auto highlight = [&](Style& st) {
            if (reach) st.underline = true;
            if (arc) st.bold = true;
            if (view_.selected && *view_.selected == q) st.underline = st.bold = true;
            if (view_.cursor && *view_.cursor == q) st.reverse = !st.reverse;
        };
        for (Style& st : c.style) highlight(st);
        highlight(c.fill_style);
        return c;
    }

    Surface& out_;
    Rect area_;
    int files_;
    int ranks_;
    const MapView& view_;
    const std::function<SquareCells(core::Square)>& cells_;
};

}  // namespace

Rect map_rect(const MapView& view, int files, int ranks) {
    return Rect{0, 0, kRankLabelCells + view.cell_w * files, view.cell_h * ranks + 2};
}

void fit_map(MapView& view, int width, int height, int files, int ranks, int side_w, int below,
             std::span<const SquareSize> sizes) {
    for (const auto& [cw, ch] : sizes) {
        view.cell_w = cw;
        view.cell_h = ch;
        const Rect r = map_rect(view, files, ranks);
        if (r.w + side_w <= width && r.h + below <= height) return;
    }
}

void draw_board(Surface& out, Rect area, int files, int ranks, const MapView& view,
                const std::function<SquareCells(core::Square)>& cells) {
    BoardPainter(out, area, files, ranks, view, cells).draw();
}

}  // namespace tercio::ui
