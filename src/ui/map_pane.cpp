#include "ui/map_pane.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "control/event_text.hpp"

namespace tercio::ui {

using rules::GameState;
using rules::Leader;
using rules::RulesContext;
using rules::Side;
using rules::TerrainKind;
using rules::Unit;
using rules::UnitStatus;

namespace {

/// The characters of one mode. Every entry is one code point (one cell).
struct Marks {
    std::string_view open;
    std::string_view reach;
    std::string_view arc;
    std::string_view both;
    std::string_view contested;
    std::array<std::string_view, 4> terrain;  ///< by TerrainKind: wood, building, hill, stream
    std::array<std::string_view, core::kFacings> facing;  ///< by Facing: N, NE, ... NW
};

constexpr Marks kUnicode{
    "·", "+", "-", "±", "×", {"♣", "#", "^", "≈"}, {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}};
// ASCII: no mark may stand for two things. The facing north is ^, so a hill is %; a square to
// move to is +, so a melee square is = and a square to move to and shoot at is :.
constexpr Marks kAscii{
    ".", "+", "-", ":", "=", {"&", "#", "%", "~"}, {"^", "/", ">", "\\", "v", "/", "<", "\\"}};

constexpr Color kSideColor[2] = {Color::Red, Color::Blue};

/// The westward facings put their mark left of the glyph, so that the ASCII slants read right.
bool mark_on_left(core::Facing f) {
    return f == core::Facing::W || f == core::Facing::NW || f == core::Facing::SW;
}

bool contains(const std::vector<core::Square>& v, core::Square q) {
    return std::find(v.begin(), v.end(), q) != v.end();
}

/// The terrain kind of a square, if any.
std::optional<TerrainKind> terrain_at(const GameState& s, core::Square q) {
    if (s.stream_at(q)) return TerrainKind::Stream;
    if (const rules::TerrainPiece* p = s.piece_at(q)) return p->kind;
    return std::nullopt;
}

/// The first unit of `side` on the table in a square.
std::optional<std::size_t> unit_in(const GameState& s, core::Square q, Side side) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.on_table() && u.side == side && u.square == q) return i;
    }
    return std::nullopt;
}

/// The leader standing alone (not attached) in a square, if any.
std::optional<Side> lone_leader_in(const GameState& s, core::Square q) {
    for (const Side side : {Side::A, Side::B}) {
        const Leader& l = s.leaders[rules::idx(side)];
        if (l.alive && l.deployed && l.attached == rules::kNone && l.square == q) return side;
    }
    return std::nullopt;
}

bool leader_attached_to(const GameState& s, std::size_t unit) {
    const Leader& l = s.leaders[rules::idx(s.units[unit].side)];
    return l.alive && l.deployed && l.attached == unit;
}

/// One square's three cells.
struct Cells {
    std::array<std::string, kSquareCells> text{" ", " ", " "};
    std::array<Style, kSquareCells> style{};
    /// The rest of a larger square: its terrain (or blank), with the square's highlights.
    std::string fill = " ";
    Style fill_style{};
};

class MapPainter {
  public:
    MapPainter(Surface& out, Rect area, const RulesContext& ctx, const GameState& s,
               const MapView& view)
        : out_(out),
          area_(area),
          ctx_(ctx),
          s_(s),
          view_(view),
          marks_(view.ascii ? kAscii : kUnicode) {}

    void draw() {
        const int files = s_.files;
        const int ranks = s_.ranks;
        const int cw = view_.cell_w;
        const int ch = view_.cell_h;
        const int pad = (cw - kSquareCells) / 2;  // cells left of the picture in a larger square
        const int mid = (ch - 1) / 2;             // the picture's row in a larger square
        draw_file_labels(0);
        for (int r = 0; r < ranks; ++r) {
            const int y0 = 1 + ch * (ranks - 1 - r);
            draw_rank_label(y0 + mid, r);
            for (int f = 0; f < files; ++f) {
                const core::Square q = core::make_square(f, r);
                const Cells c = square_cells(q);
                const int x0 = kRankLabelCells + cw * f;
                for (int dy = 0; dy < ch; ++dy) {
                    for (int dx = 0; dx < cw; ++dx) {
                        const int k = dx - pad;
                        if (dy == mid && k >= 0 && k < kSquareCells) {
                            put(x0 + dx, y0 + dy, c.text[static_cast<std::size_t>(k)],
                                c.style[static_cast<std::size_t>(k)]);
                        } else {
                            put(x0 + dx, y0 + dy, c.fill, c.fill_style);
                        }
                    }
                }
            }
        }
        draw_file_labels(1 + ch * ranks);
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
        for (int f = 0; f < s_.files; ++f) {
            const char letter = static_cast<char>('a' + f);
            Style st;
            st.reverse = view_.selected && view_.selected->x == f;
            put(kRankLabelCells + view_.cell_w * f + view_.cell_w / 2, y, std::string_view(&letter, 1), st);
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

    /// The glyph of a unit, cased by side, styled by side and status.
    void unit_glyph(std::size_t unit, std::string& text, Style& st) const {
        const Unit& u = s_.units[unit];
        const auto g = static_cast<unsigned char>(ctx_.type(u).glyph);
        text.assign(1, static_cast<char>(u.side == Side::A ? std::toupper(g) : std::tolower(g)));
        st = colored(kSideColor[rules::idx(u.side)]);
        st.reverse = u.status == UnitStatus::Routed;
        st.dim = st.underline = u.status == UnitStatus::Disordered;
        st.bold = leader_attached_to(s_, unit);
    }

    /// The most urgent marker of a unit, or "" if none.
    std::string_view unit_marker(std::size_t unit) const {
        const Unit& u = s_.units[unit];
        if (u.status == UnitStatus::Routed) return "!";
        if (u.status == UnitStatus::Disordered) return "?";
        if (leader_attached_to(s_, unit)) return "@";
        if (u.fired) return "*";
        return "";
    }

    Cells square_cells(core::Square q) const {
        Cells c;
        const auto terrain = terrain_at(s_, q);
        std::string_view fill = " ";
        Style fill_style;
        if (terrain) {
            const auto t = static_cast<std::size_t>(*terrain);
            constexpr std::array<Color, 4> kTerrainColor = {Color::Green, Color::Default,
                                                            Color::Yellow, Color::Cyan};
            fill = marks_.terrain[t];
            fill_style = colored(kTerrainColor[t]);
        }
        for (std::size_t k = 0; k < c.text.size(); ++k) {
            c.text[k] = fill;
            c.style[k] = fill_style;
        }
        const bool reach = contains(view_.reach, q);
        const bool arc = contains(view_.arc, q);
        const auto a = unit_in(s_, q, Side::A);
        const auto b = unit_in(s_, q, Side::B);
        if (a && b) {
            unit_glyph(*a, c.text[0], c.style[0]);
            c.text[1] = marks_.contested;
            c.style[1] = Style{};
            c.style[1].bold = true;
            unit_glyph(*b, c.text[2], c.style[2]);
        } else if (a || b) {
            const std::size_t u = a ? *a : *b;
            const Unit& unit = s_.units[u];
            const Style side_style = colored(kSideColor[rules::idx(unit.side)]);
            unit_glyph(u, c.text[1], c.style[1]);
            const std::size_t arrow = mark_on_left(unit.facing) ? 0 : 2;
            const std::size_t free = 2 - arrow;
            c.text[arrow] = marks_.facing[static_cast<std::size_t>(unit.facing)];
            c.style[arrow] = side_style;
            c.style[arrow].dim = unit.fired;
            const std::string_view marker = unit_marker(u);
            if (!marker.empty()) {
                c.text[free] = marker;
                c.style[free] = side_style;
                c.style[free].bold = true;
            }
        } else if (const auto leader = lone_leader_in(s_, q)) {
            c.text[1] = "@";
            c.style[1] = colored(kSideColor[rules::idx(*leader)]);
            c.style[1].bold = true;
        } else {
            if (!terrain) {
                c.text[1] = marks_.open;
                c.style[1] = Style{};
            }
            if (reach || arc) {
                c.text[1] = reach && arc ? marks_.both : (reach ? marks_.reach : marks_.arc);
                c.style[1] = colored(reach ? Color::Magenta : Color::Yellow);
            }
        }
        c.fill = fill;
        c.fill_style = fill_style;
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
    const RulesContext& ctx_;
    const GameState& s_;
    const MapView& view_;
    const Marks& marks_;
};

std::string plural(int n, std::string_view word) {
    return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}
}  // namespace

namespace {

/// A unit in words at a level of brevity: 0 in full, 1 without "facing" and with "st" for
/// stands, 2 also without the troop name.
std::string unit_words(const RulesContext& ctx, const GameState& s, std::size_t unit, int brevity) {
    const Unit& u = s.units[unit];
    std::string out = brevity >= 2 ? rules::unit_label(ctx, s, unit) + " (" + rules::side_letter(u.side) + ")"
                                   : control::unit_name(ctx, s, unit);
    out += (brevity >= 1 ? " " : " facing ") + std::string(core::to_string(u.facing));
    out += u.status == UnitStatus::Routed       ? ", routed"
           : u.status == UnitStatus::Disordered ? ", disordered"
                                                : ", ok";
    out += ", " + (brevity >= 1 ? std::to_string(u.stand_count()) + " st" : plural(u.stand_count(), "stand"));
    if (u.hits > 0) out += ", " + plural(u.hits, "hit");
    if (u.fired) out += ", fired";
    return out;
}

std::string square_words(const RulesContext& ctx, const GameState& s, core::Square sq, int brevity);

}  // namespace

std::string unit_status(const RulesContext& ctx, const GameState& s, std::size_t unit) {
    return unit_words(ctx, s, unit, 0);
}

Rect map_rect(const MapView& view, int files, int ranks) {
    return Rect{0, 0, kRankLabelCells + view.cell_w * files, view.cell_h * ranks + 2};
}

void fit_map(MapView& view, int width, int height, int files, int ranks, int side_w, int below) {
    constexpr std::array<std::pair<int, int>, 3> kSizes{{{7, 3}, {5, 2}, {3, 1}}};
    for (const auto& [cw, ch] : kSizes) {
        view.cell_w = cw;
        view.cell_h = ch;
        const Rect r = map_rect(view, files, ranks);
        if (r.w + side_w <= width && r.h + below <= height) return;
    }
}

void draw_map(Surface& out, Rect area, const RulesContext& ctx, const GameState& s,
              const MapView& view) {
    MapPainter(out, area, ctx, s, view).draw();
}

std::string square_status(const RulesContext& ctx, const GameState& s, core::Square sq) {
    return square_words(ctx, s, sq, 0);
}

std::string square_status(const RulesContext& ctx, const GameState& s, core::Square sq, int width) {
    for (int brevity = 0; brevity <= 2; ++brevity) {
        std::string line = square_words(ctx, s, sq, brevity);
        if (static_cast<int>(code_points(line).size()) <= width) return line;
        if (brevity == 2) {
            const auto cells = code_points(line);
            line.clear();
            for (int i = 0; i + 3 < width && i < static_cast<int>(cells.size()); ++i) line += cells[static_cast<std::size_t>(i)];
            return line + "...";
        }
    }
    return {};
}

namespace {

std::string square_words(const RulesContext& ctx, const GameState& s, core::Square sq, int brevity) {
    if (!s.on_board(sq)) return "off the board";
    const auto terrain = terrain_at(s, sq);
    std::string out = core::to_string(sq) + " " +
                      (terrain ? std::string(rules::to_string(*terrain)) : "open") + ":";
    bool any = false;
    const auto add = [&](const std::string& part) {
        out += (any ? "; " : " ") + part;
        any = true;
    };
    for (const Side side : {Side::A, Side::B}) {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            if (u.on_table() && u.side == side && u.square == sq) add(unit_words(ctx, s, i, brevity));
        }
    }
    for (const Side side : {Side::A, Side::B}) {
        const Leader& l = s.leaders[rules::idx(side)];
        if (!l.alive || !l.deployed || l.square != sq) continue;
        std::string part = std::string(1, rules::side_letter(side)) + " leader";
        if (l.attached != rules::kNone)
            part += " attached to " + rules::unit_label(ctx, s, l.attached);
        add(part);
    }
    if (!any) out += " empty";
    return out;
}

}  // namespace

}  // namespace tercio::ui
