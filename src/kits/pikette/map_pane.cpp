#include "kits/pikette/map_pane.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "kits/pikette/control/event_text.hpp"
#include "ui/log.hpp"

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
// move to is +, so a melee square is = and a square to move to and shoot at is :. The facing is
// always right of the letter, so the slants are north-east and south-east only: south-west and
// north-west are the low and the high tick (, and ').
constexpr Marks kAscii{
    ".", "+", "-", ":", "=", {"&", "#", "%", "~"}, {"^", "/", ">", "\\", "v", ",", "<", "'"}};

constexpr Color kSideColor[2] = {Color::Red, Color::Blue};

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

    SquareCells cells(core::Square q, SquareSize size) const {
        const auto terrain = terrain_at(s_, q);
        Cell fill;
        if (terrain) {
            const auto t = static_cast<std::size_t>(*terrain);
            constexpr std::array<Color, 4> kTerrainColor = {Color::Green, Color::Default,
                                                            Color::Yellow, Color::Cyan};
            fill = Cell{std::string(marks_.terrain[t]), colored(kTerrainColor[t])};
        }
        SquareCells c(size, fill);
        const int w = size.first;
        const int h = size.second;
        const auto a = unit_in(s_, q, Side::A);
        const auto b = unit_in(s_, q, Side::B);
        c.empty = false;
        if (a && b) {
            // A melee square: A's letter, the melee mark, B's letter (with their facings when
            // there is room); the mark alone in a square of one cell.
            Style melee;
            melee.bold = true;
            if (w == 1) {
                c.set(0, 0, marks_.contested, melee);
            } else if (w >= 5) {
                unit_glyph(*a, c, 0);
                facing_mark(*a, c, 1);
                c.set(2, 0, marks_.contested, melee);
                unit_glyph(*b, c, 3);
                facing_mark(*b, c, 4);
            } else {
                unit_glyph(*a, c, 0);
                c.set(1, 0, marks_.contested, melee);
                unit_glyph(*b, c, 2);
            }
            if (h >= 2) {
                const int x = c.write(0, 1, rules::unit_label(ctx_, s_, *a), side_style(*a));
                c.write(x + 1, 1, rules::unit_label(ctx_, s_, *b), side_style(*b));
            }
        } else if (a || b) {
            const std::size_t u = a ? *a : *b;
            unit_glyph(u, c, 0);
            facing_mark(u, c, 1);
            Style mark = side_style(u);
            mark.bold = true;
            const auto marks = unit_marks(u);
            if (w >= 5) {
                // Each mark in a cell of its own: the status, fired, the leader.
                for (std::size_t k = 0; k < marks.size(); ++k) {
                    if (!marks[k].empty()) c.set(2 + static_cast<int>(k), 0, marks[k], mark);
                }
            } else {
                // One cell for a mark: the first there is.
                for (const std::string_view m : marks) {
                    if (m.empty()) continue;
                    c.set(2, 0, m, mark);
                    break;
                }
            }
            const Unit& unit = s_.units[u];
            if (h >= 2) {
                // Its name as the log gives it (in its side's colour) and its stands: "T1 6st",
                // "T1 6" where "st" would leave no cell free before the next square.
                const std::string label = rules::unit_label(ctx_, s_, u);
                std::string stands = " " + std::to_string(unit.stand_count());
                if (static_cast<int>(label.size() + stands.size()) + 2 < w) stands += "st";
                c.write(c.write(0, 1, label, side_style(u)), 1, stands, Style{});
            }
            if (h >= 3 && unit.hits > 0) c.write(0, 2, plural(unit.hits, "hit"), Style{});
        } else if (const auto leader = lone_leader_in(s_, q)) {
            Style st = colored(kSideColor[rules::idx(*leader)]);
            st.bold = true;
            c.set(0, 0, "@", st);
        } else {
            c.empty = true;
            if (!terrain) c.set(0, 0, marks_.open, Style{});
        }
        return c;
    }

  private:
    Style colored(Color c) const { return Style{color_ ? c : Color::Default}; }

    Style side_style(std::size_t unit) const {
        return colored(kSideColor[rules::idx(s_.units[unit].side)]);
    }

    /// The glyph of a unit in cell (x, 0), cased by side, styled by side and status.
    void unit_glyph(std::size_t unit, SquareCells& c, int x) const {
        const Unit& u = s_.units[unit];
        const auto g = static_cast<unsigned char>(ctx_.type(u).glyph);
        Style st = side_style(unit);
        st.reverse = u.status == UnitStatus::Routed;
        st.dim = st.underline = u.status == UnitStatus::Disordered;
        st.bold = leader_attached_to(s_, unit);
        c.set(x, 0,
              std::string(1,
                          static_cast<char>(u.side == Side::A ? std::toupper(g) : std::tolower(g))),
              st);
    }

    /// The facing of a unit in cell (x, 0), dim once it has fired.
    void facing_mark(std::size_t unit, SquareCells& c, int x) const {
        const Unit& u = s_.units[unit];
        Style st = side_style(unit);
        st.dim = u.fired;
        c.set(x, 0, marks_.facing[static_cast<std::size_t>(u.facing)], st);
    }

    /// A unit's marks in their order, "" for each it has not: its status (! Routed, ?
    /// Disordered), * fired, @ its leader attached. A square of three cells shows the first.
    std::array<std::string_view, 3> unit_marks(std::size_t unit) const {
        const Unit& u = s_.units[unit];
        return {u.status == UnitStatus::Routed       ? "!"
                : u.status == UnitStatus::Disordered ? "?"
                                                     : "",
                u.fired ? "*" : "", leader_attached_to(s_, unit) ? "@" : ""};
    }

    const RulesContext& ctx_;
    const GameState& s_;
    bool color_;
    const Marks& marks_;
};

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

SquareCells square_cells(const RulesContext& ctx, const GameState& s, core::Square q,
                         SquareSize size, bool ascii, bool color) {
    return SquarePainter(ctx, s, ascii, color).cells(q, size);
}

void draw_map(Surface& out, Rect area, const RulesContext& ctx, const GameState& s, const MapView& view) {
    const SquarePainter painter(ctx, s, view.ascii, view.color);
    draw_board(out, area, s.files, s.ranks, view,
               [&painter](core::Square q, SquareSize size) { return painter.cells(q, size); });
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
