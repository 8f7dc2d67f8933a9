#include "ui/screen_parts.hpp"

#include <algorithm>

namespace tercio::ui {

bool too_small(Surface& out, std::string_view quit_keys) {
    const int w = out.width();
    const int h = out.height();
    if (w >= kMinWidth && h >= kMinHeight) return false;
    out.put(0, 0,
            "terminal too small: need " + std::to_string(kMinWidth) + "x" +
                std::to_string(kMinHeight) + ", have " + std::to_string(w) + "x" +
                std::to_string(h));
    out.put(0, 1, "make the window larger, or press " + std::string(quit_keys) + " to quit");
    return true;
}

std::vector<std::string> key_help_lines(const KeyLine* begin, const KeyLine* end) {
    std::vector<std::string> out;
    for (const KeyLine* k = begin; k != end; ++k) {
        std::string keys = k->keys;
        keys.resize(std::max<std::size_t>(keys.size(), 16), ' ');
        out.push_back(keys + " " + k->what);
    }
    return out;
}

bool scroll_history(const KeyPress& k, int& scroll, int page, int most) {
    using K = KeyPress::Kind;
    int step = 0;
    if (k.kind == K::PageUp)
        step = page;
    else if (k.kind == K::PageDown)
        step = -page;
    else if (k.kind == K::Home)
        step = most;
    else if (k.kind == K::End)
        step = -most;
    else if (k.kind == K::Char && k.ch == 'k')
        step = 1;
    else if (k.kind == K::Char && k.ch == 'j')
        step = -1;
    else
        return false;
    scroll = std::clamp(scroll + step, 0, most);
    return true;
}

int draw_history_page(Surface& out, const Log& log, int scroll, std::string_view title) {
    const auto lines = log.history_lines(out.width());
    const int rows = out.height() - 2;
    const int most = std::max(0, static_cast<int>(lines.size()) - rows);
    scroll = std::clamp(scroll, 0, most);
    const int last = static_cast<int>(lines.size()) - scroll;
    const int first = std::max(0, last - rows);
    out.put(0, 0, std::string(title), Style{Color::Default, true});
    int y = 1;
    for (int i = first; i < last && i >= 0; ++i)
        out.put(0, y++, lines[static_cast<std::size_t>(i)]);
    return most;
}

void draw_rows_over_log(Surface& out, int x, const std::vector<std::string>& rows, int highlight) {
    const int w = out.width() - x;
    const int top = kStatusRows;
    const int bottom = out.height() - 2;  // the rows above the status and message lines
    const int room = bottom - top;
    if (room < 2 || rows.empty()) return;
    // The heading stays; below it a window of the other rows, the highlighted one in view.
    const int body = static_cast<int>(rows.size()) - 1;
    // Cut: the last row says how many more lie above and below (a menu's last choices are not
    // lost from sight without a word).
    const bool cut = body > room - 1 && room >= 3;
    const int shown = cut ? std::max(1, room - 2) : body;
    int first = body - shown;  // by default the last rows (the outcomes of an odds preview)
    if (highlight >= 1) first = std::clamp(highlight - 1 - shown / 2, 0, body - shown);
    const int y0 = bottom - 1 - shown - (cut ? 1 : 0);
    const std::string blank(static_cast<std::size_t>(std::max(0, w)), ' ');
    for (int r = y0; r < bottom; ++r) out.put(x, r, blank);
    out.put(x, y0, rows[0], Style{Color::Default, true});
    for (int i = 0; i < shown; ++i) {
        const int row = first + 1 + i;
        out.put(x, y0 + 1 + i, rows[static_cast<std::size_t>(row)],
                Style{Color::Default, false, row == highlight});
    }
    if (cut) {
        const int above = first;
        const int below = body - first - shown;
        std::string more = "more: ";
        if (above > 0) more += std::to_string(above) + " above";
        if (above > 0 && below > 0) more += ", ";
        if (below > 0) more += std::to_string(below) + " below";
        out.put(x, y0 + 1 + shown, more, Style{Color::Default, false, false, false, true});
    }
}

int draw_odds_column(Surface& out, int x, const Odds& odds, int scroll) {
    if (odds.lines.empty()) return 0;
    const int w = out.width() - x;
    const int bottom = out.height() - 2;  // the rows above the status and message lines
    const std::vector<std::string> head = wrap(odds.summary, w, 0, 2);
    std::vector<std::string> body;
    for (const std::string& line : odds.lines) {
        for (std::string& row : wrap(line, w, 0, 2)) body.push_back(std::move(row));
    }
    const int need = static_cast<int>(head.size() + body.size());
    // Over the log, where the player looks for results; over the side pane's status too when
    // the log's rows are not enough; scrolled when even the whole column is not.
    const int top = need <= bottom - kStatusRows ? bottom - need : 0;
    const int room = bottom - top - static_cast<int>(head.size());
    const bool scrolls = static_cast<int>(body.size()) > room;
    const int shown = scrolls ? room - 1 : static_cast<int>(body.size());
    const int most = std::max(0, static_cast<int>(body.size()) - shown);
    const int first = std::clamp(scroll, 0, most);
    const std::string blank(static_cast<std::size_t>(std::max(0, w)), ' ');
    for (int r = top; r < bottom; ++r) out.put(x, r, blank);
    int y = top;
    for (const std::string& row : head) out.put(x, y++, row, Style{Color::Default, true});
    for (int i = 0; i < shown && first + i < static_cast<int>(body.size()); ++i) {
        out.put(x, y++, body[static_cast<std::size_t>(first + i)]);
    }
    if (scrolls) {
        const int below = static_cast<int>(body.size()) - first - shown;
        out.put(
            x, y,
            "j/k scroll: " + std::to_string(first) + " above, " + std::to_string(below) + " below",
            Style{Color::Default, false, true});
    }
    return most;
}

void drop_last_character(std::string& text) {
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
        text.pop_back();
    if (!text.empty()) text.pop_back();
}

std::vector<std::string> near_lines(int files, int ranks, const std::string& rest,
                                    const std::function<std::string(core::Square)>& words) {
    const auto q = core::parse_square(rest, files, ranks);
    if (!q) {
        return {rest.empty() ? std::string("near: give a square, as in: near h8.")
                             : "near: " + rest + " is not a square of the board (a1 to " +
                                   core::to_string(core::make_square(files - 1, ranks - 1)) + ")."};
    }
    std::vector<std::string> out{"At " + core::to_string(*q) + ", " + words(*q) + "."};
    std::vector<std::string> empty;
    for (const core::Facing f : core::kAllFacings) {
        const core::Offset v = core::vector(f);
        const core::Square n = core::make_square(q->x + v.dx, q->y + v.dy);
        if (!core::on_board(n, files, ranks)) continue;
        const std::string where = std::string(core::facing_words(f)) + ", " + core::to_string(n);
        const std::string what = words(n);
        if (what == "open ground, empty") {
            empty.push_back(where);
        } else {
            out.push_back("To the " + where + ", " + what + ".");
        }
    }
    if (!empty.empty()) {
        std::string line = "Open and empty around it:";
        for (std::size_t k = 0; k < empty.size(); ++k) line += (k == 0 ? " " : "; ") + empty[k];
        out.push_back(line + ".");
    }
    return out;
}

}  // namespace tercio::ui
