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
                 const std::function<SquareCells(core::Square, SquareSize)>& cells)
        : out_(out), area_(area), files_(files), ranks_(ranks), view_(view), cells_(cells) {}

    void draw() {
        const int cw = view_.cell_w;
        const int ch = view_.cell_h;
        draw_file_labels(0);
        for (int r = 0; r < ranks_; ++r) {
            const int y0 = 1 + ch * (ranks_ - 1 - r);
            draw_rank_label(y0, r);  // beside the picture's first row
            for (int f = 0; f < files_; ++f) {
                const core::Square q = core::make_square(f, r);
                const SquareCells c = highlighted(q, cells_(q, SquareSize{cw, ch}));
                const int x0 = kRankLabelCells + cw * f;
                for (int dy = 0; dy < ch; ++dy) {
                    for (int dx = 0; dx < cw; ++dx) {
                        const Cell& cell = c.at(dx, dy);
                        put(x0 + dx, y0 + dy, cell.text, cell.style);
                    }
                }
            }
        }
        draw_file_labels(1 + ch * ranks_);
    }

  private:
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
            put(kRankLabelCells + view_.cell_w * f, y,  // over the picture's first cell
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

    /// The square's picture with the view's marks: the way to the cursor (o), the reach (+) and
    /// target (-) marks in an empty square's first cell, underlined reach, bold targets, the
    /// selection and the cursor.
    SquareCells highlighted(core::Square q, SquareCells c) const {
        const bool reach = contains(view_.reach, q);
        const bool arc = contains(view_.arc, q);
        if (c.empty && contains(view_.way, q)) {
            c.set(0, 0, view_.ascii ? "o" : "\u2022", colored(Color::Magenta));
        } else if (c.empty && (reach || arc)) {
            c.set(0, 0, reach && arc ? (view_.ascii ? ":" : "±") : (reach ? "+" : "-"),
                  colored(reach ? Color::Magenta : Color::Yellow));
        }
        c.restyle([&](Style& st) {
            if (reach) st.underline = true;
            if (arc) st.bold = true;
            if (view_.selected && *view_.selected == q) st.underline = st.bold = true;
            if (view_.cursor && *view_.cursor == q) st.reverse = !st.reverse;
        });
        return c;
    }

    Surface& out_;
    Rect area_;
    int files_;
    int ranks_;
    const MapView& view_;
    const std::function<SquareCells(core::Square, SquareSize)>& cells_;
};

}  // namespace

SquareCells::SquareCells(SquareSize size, Cell fill)
    : w_(std::max(0, size.first)),
      h_(std::max(0, size.second)),
      fill_(std::move(fill)),
      cells_(static_cast<std::size_t>(w_ * h_), fill_) {}

const Cell& SquareCells::at(int x, int y) const {
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return fill_;
    return cells_[static_cast<std::size_t>(y * w_ + x)];
}

void SquareCells::set(int x, int y, std::string_view text, Style st) {
    if (x < 0 || y < 0 || x >= w_ || y >= h_) return;
    Cell& c = cells_[static_cast<std::size_t>(y * w_ + x)];
    c.text = std::string(text);
    c.style = st;
}

int SquareCells::write(int x, int y, std::string_view text, Style st) {
    for (const std::string& cp : code_points(text)) set(x++, y, cp, st);
    return x;
}

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
                const std::function<SquareCells(core::Square, SquareSize)>& cells) {
    BoardPainter(out, area, files, ranks, view, cells).draw();
}

}  // namespace tercio::ui
