#include "ui/hbl_board.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "ui/log.hpp"

namespace tercio::ui {

namespace {

std::string side_name(core::Side s) {
    return std::string(1, core::side_letter(s));
}

Color side_color(core::Side s) {
    return s == core::Side::A ? Color::Red : Color::Blue;
}

std::string upper(std::string text) {
    for (char& ch : text) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return text;
}

std::string pad(std::string text, std::size_t width) {
    if (text.size() < width) text.resize(width, ' ');
    return text;
}

}  // namespace

namespace {

void draw_map(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color, int x0,
              int y0, int cell) {
    const Style dim{Color::Default, false, false, false, true};
    for (int y = s.ranks - 1; y >= 0; --y) {
        const int row = y0 + (s.ranks - 1 - y);
        char label[8];
        std::snprintf(label, sizeof label, "%2d", y + 1);
        out.put(x0, row, label, dim);
        for (int x = 0; x < s.files; ++x) {
            const core::Square q = core::make_square(x, y);
            const auto a = hbl::unit_at(s, q, core::Side::A);
            const auto b = hbl::unit_at(s, q, core::Side::B);
            std::string ch = ".";
            Style st = dim;
            if (a && b) {
                ch = "*";
                st = Style{color ? Color::Yellow : Color::Default, true};
            } else if (a || b) {
                const hbl::Unit& u = s.units[a ? *a : *b];
                const auto g = static_cast<unsigned char>(ctx.rs().troop_types[u.type].glyph);
                ch = std::string(1, static_cast<char>(u.side == core::Side::A ? std::toupper(g)
                                                                              : std::tolower(g)));
                st = Style{color ? side_color(u.side) : Color::Default, true};
                if (u.integrity.vexed) st.underline = true;
            } else if (s.terrain_at(q) == hbl::Terrain::II) {
                ch = ":";
            } else if (s.terrain_at(q) == hbl::Terrain::III) {
                ch = "#";
            }
            out.put(x0 + 3 + x * cell, row, ch, st);
        }
    }
    std::string files;
    for (int x = 0; x < s.files; ++x) {
        files += static_cast<char>('a' + x);
        if (cell > 1 && x + 1 < s.files)
            files += std::string(static_cast<std::size_t>(cell - 1), ' ');
    }
    out.put(x0 + 3, y0 + s.ranks, files, dim);
}

void draw_pane(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color, int x,
               int y0, int w, int h) {
    int y = y0;
    const int bottom = y0 + h;
    const auto put_wrapped = [&](const std::string& text, Style st) {
        for (const std::string& row : wrap(text, w, 0, 2)) {
            if (y >= bottom) return;
            out.put(x, y++, row, st);
        }
    };
    std::string now = "Turn " + std::to_string(s.turn);
    if (s.over()) {
        now += ": game over";
        if (s.winner)
            now += ", " + side_name(*s.winner) + " (" + ctx.army(*s.winner).name + ") wins";
        now += ".";
    } else if (s.decision == hbl::Decision::Choose) {
        now += ": " + side_name(s.chooser) + " chooses first or second, " + std::to_string(s.pips) +
               " pips each.";
    } else {
        now += ": " + side_name(s.active) + "'s " + (s.second_phase ? "second" : "first") +
               " phase, " + std::to_string(s.pips_left) + (s.pips_left == 1 ? " pip" : " pips") +
               " left.";
    }
    put_wrapped(now, Style{Color::Default, true});
    if (!s.over()) put_wrapped(hbl_decision_hint(ctx, s), Style{});
    if (!s.over()) {
        put_wrapped(s.card ? "Card: " + side_name(s.card_side) + "'s " +
                                 std::string(hbl::card_title(*s.card))
                           : std::string("Card: none in play."),
                    Style{});
    }
    // Each side: its army die, chips and deck, then its units two to a row.
    const int col = std::max(1, (w - 1) / 2);
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        if (y >= bottom) return;
        const hbl::ArmyList& army = ctx.army(side);
        const hbl::Deck& d = s.decks[core::idx(side)];
        const std::string head =
            side_name(side) + " " + army.name + ": die " + upper(core::to_string(army.army_die)) +
            ", chips " + std::to_string(s.chips[core::idx(side)]) + "/" +
            std::to_string(s.chips_start[core::idx(side)]) + ", deck " + std::to_string(d.left());
        out.put(x, y++, head, Style{color ? side_color(side) : Color::Default, true});
        const auto rows = hbl_unit_rows(ctx, s, side);
        for (std::size_t i = 0; i < rows.size() && y < bottom; i += 2) {
            out.put(x, y, rows[i]);
            if (i + 1 < rows.size()) out.put(x + col + 1, y, rows[i + 1]);
            ++y;
        }
    }
    if (y < bottom) {
        out.put(x, bottom - 1, "n/n UI  s stubborn  V vexed  u unloaded  * melee",
                Style{Color::Default, false, false, false, true});
    }
}

}  // namespace

int draw_hbl_board(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color) {
    // A blank between squares when there is room beside the map for the pane.
    const int cell = out.width() >= 3 + s.files * 2 + 54 ? 2 : 1;
    const int map_w = 3 + (s.files - 1) * cell + 1;
    const int map_h = s.ranks + 1;
    draw_map(out, ctx, s, color, 0, 0, cell);
    const int pane_x = map_w + 2;
    draw_pane(out, ctx, s, color, pane_x, 0, out.width() - pane_x, map_h);
    return map_h;
}

std::vector<std::string> hbl_unit_rows(const hbl::Context& ctx, const hbl::GameState& s,
                                       core::Side side) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const hbl::Unit& u = s.units[i];
        if (u.side != side || !u.on_board) continue;
        const hbl::TroopType& type = ctx.rs().troop_types[u.type];
        std::string row = pad(hbl::unit_label(ctx, s, i), 4) + pad(core::to_string(u.sq), 4) +
                          pad(std::string(core::to_string(u.facing)), 3) +
                          std::to_string(u.integrity.ui - u.integrity.lost) + "/" +
                          std::to_string(u.integrity.ui);
        if (u.integrity.stubborn > 0) row += " s" + std::to_string(u.integrity.stubborn);
        if (u.integrity.vexed) row += " V";
        if (type.shoots() && !u.loaded) row += " u";
        if (u.melee >= 0) row += " *";
        out.push_back(row);
    }
    return out;
}

std::string hbl_decision_hint(const hbl::Context& ctx, const hbl::GameState& s) {
    (void)ctx;
    const std::string who = side_name(s.decider);
    switch (s.decision) {
        case hbl::Decision::Choose:
            return who + " goes first or second (first, second).";
        case hbl::Decision::Act:
            if (!s.card) return who + " may turn a card for a pip (turn), or end the phase (done).";
            return who + " acts on the " + std::string(hbl::card_title(*s.card)) +
                   " card (legal lists how), then done.";
        case hbl::Decision::React:
            return side_name(s.card_side) + " activated a command: " + who +
                   " may shoot at it before it moves (shoot), or hold.";
        case hbl::Decision::Stubborn:
            return who + "'s stubborn unit may pay a chip to stand (stubborn), or accept.";
        case hbl::Decision::KeepMove:
            return who + "'s stubborn unit may pay a chip to keep its move (stubborn), or accept.";
        case hbl::Decision::Follow:
            return who + "'s winner may follow up (follow), or stay.";
        case hbl::Decision::RallyBack:
            return who +
                   " chooses how many UI the rally brings back, a chip each (back 0 to back " +
                   std::to_string(s.rally_max) + ").";
        case hbl::Decision::Over:
            break;
    }
    return "";
}

}  // namespace tercio::ui
