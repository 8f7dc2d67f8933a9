#include "kits/pikette/map_pane.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "kits/pikette/control/event_text.hpp"

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

class SquarePainter {
  public:
    SquarePainter(const RulesContext& ctx, const GameState& s, bool ascii, bool color)
        : ctx_(ctx), s_(s), color_(color), marks_(ascii ? kAscii : kUnicode) {}

    SquareCells cells(core::Square q) const {
        SquareCells c;
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
        const auto a = unit_in(s_, q, Side::A);
        const auto b = unit_in(s_, q, Side::B);
        c.empty = false;
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
            c.narrow_side = static_cast<int>(arrow);
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
            c.empty = true;
            if (!terrain) {
                c.text[1] = marks_.open;
                c.style[1] = Style{};
            }
        }
        c.fill = fill;
        c.fill_style = fill_style;
        return c;
    }

  private:
    Style colored(Color c) const { return Style{color_ ? c : Color::Default}; }

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

    const RulesContext& ctx_;
    const GameState& s_;
    bool color_;
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
    std::string out = brevity >= 2 ? std::string(1, rules::side_letter(u.side)) + " " +
                                         rules::unit_label(ctx, s, unit)
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

SquareCells square_cells(const RulesContext& ctx, const GameState& s, core::Square q, bool ascii, bool color) {
    return SquarePainter(ctx, s, ascii, color).cells(q);
}

void draw_map(Surface& out, Rect area, const RulesContext& ctx, const GameState& s, const MapView& view) {
    const SquarePainter painter(ctx, s, view.ascii, view.color);
    draw_board(out, area, s.files, s.ranks, view, [&painter](core::Square q) { return painter.cells(q); });
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
