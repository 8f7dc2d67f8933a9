#include "ui/log.hpp"

#include <algorithm>

namespace tercio::ui {

namespace {

/// One drawn row of the log.
struct Row {
    std::string text;
    Style style;
};

constexpr int kContinuation = 2;  // extra indent of wrapped rows
constexpr int kWhyIndent = 2;     // extra indent of explanation lines

int mark_width(const LogView& v) {
    return v.show_marks ? 2 : 0;
}

/// The rows of entry `i` at `width`, top to bottom.
std::vector<Row> entry_rows(const LogEntry& e, std::size_t i, int width, const LogView& view) {
    const int m = mark_width(view);
    const bool expanded = view.expanded == i && !e.why.empty();
    std::vector<Row> rows;
    const Style text_style{Color::Default, expanded};
    for (std::string& r : wrap(e.text, width, m, m + kContinuation))
        rows.push_back({std::move(r), text_style});
    if (m > 0 && !e.why.empty() && !rows.empty()) {
        // The mark replaces the first of the blanks wrap() put before the text.
        std::string& first = rows.front().text;
        if (!first.empty() && first[0] == ' ') first[0] = expanded ? '-' : '+';
    }
    if (expanded) {
        const Style why_style{Color::Default, false, false, false, true};
        for (const std::string& line : e.why) {
            for (std::string& r :
                 wrap(line, width, m + kWhyIndent, m + kWhyIndent + kContinuation)) {
                rows.push_back({std::move(r), why_style});
            }
        }
    }
    return rows;
}

/// The largest scroll for `total` rows in `height` rows: when scrolled back, the bottom row is
/// the "newer rows below" line (if the area has at least 3 rows).
int max_scroll_for(int total, int height) {
    if (height <= 0 || total <= height) return 0;
    return height >= 3 ? total - height + 1 : total - height;
}

/// "-- Turn 3 --", or "-- Set-up --" before turn 1.
std::string turn_header(int turn) {
    return turn <= 0 ? std::string("-- Set-up --") : "-- Turn " + std::to_string(turn) + " --";
}

}  // namespace

std::vector<std::string> wrap(std::string_view text, int width, int first_indent, int indent) {
    std::vector<std::string> rows;
    if (width <= 0) return rows;
    // An indent that leaves no room for text is dropped.
    const auto usable = [&](int in) { return in < 0 || in >= width ? 0 : in; };
    first_indent = usable(first_indent);
    indent = usable(indent);

    std::string row(static_cast<std::size_t>(first_indent), ' ');
    int col = first_indent;
    bool bare = true;  // nothing but the indent on this row yet
    const auto next_row = [&] {
        rows.push_back(std::move(row));
        row.assign(static_cast<std::size_t>(indent), ' ');
        col = indent;
        bare = true;
    };
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find(' ', pos), text.size());
        const std::string_view word = text.substr(pos, end - pos);
        pos = end + 1;
        if (word.empty()) continue;
        const std::vector<std::string> cps = code_points(word);
        const auto len = static_cast<int>(cps.size());
        if (!bare && col + 1 + len > width) next_row();
        if (!bare) {
            row += ' ';
            ++col;
        }
        for (const std::string& cp : cps) {
            if (col >= width) next_row();  // a word longer than a row is cut
            row += cp;
            ++col;
            bare = false;
        }
    }
    rows.push_back(std::move(row));
    return rows;
}

void Log::add(LogEntry entry) {
    entries_.push_back(std::move(entry));
}

std::optional<std::size_t> Log::last_explained() const {
    for (std::size_t i = entries_.size(); i-- > 0;) {
        if (!entries_[i].why.empty()) return i;
    }
    return std::nullopt;
}

int Log::row_count(int width, const LogView& view) const {
    if (width <= 0) return 0;
    int n = 0;
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        n += static_cast<int>(entry_rows(entries_[i], i, width, view).size());
    }
    return n;
}

int Log::max_scroll(int width, int height, const LogView& view) const {
    return max_scroll_for(row_count(width, view), height);
}

void Log::draw(Surface& out, Rect area, const LogView& view) const {
    if (area.w <= 0 || area.h <= 0) return;
    const std::string blank(static_cast<std::size_t>(area.w), ' ');
    for (int r = 0; r < area.h; ++r) out.put(area.x, area.y + r, blank);
    int scroll = std::max(0, view.scroll);
    // Rows from the newest backward, only as many as the view can reach: back[0] is the newest.
    const auto need = static_cast<std::size_t>(scroll) + static_cast<std::size_t>(area.h);
    std::vector<Row> back;
    std::size_t i = entries_.size();
    while (i > 0 && back.size() < need) {
        --i;
        std::vector<Row> rows = entry_rows(entries_[i], i, area.w, view);
        for (auto r = rows.rbegin(); r != rows.rend(); ++r) back.push_back(std::move(*r));
    }
    if (i == 0) scroll = std::min(scroll, max_scroll_for(static_cast<int>(back.size()), area.h));

    int y = area.y + area.h - 1;  // drawn bottom up
    const int top = area.y;
    if (scroll > 0 && area.h >= 3) {
        const std::string more = "-- " + std::to_string(scroll) +
                                 (scroll == 1 ? " newer row" : " newer rows") + " below --";
        std::string line;
        int n = 0;
        for (const std::string& cp : code_points(more)) {
            if (n++ >= area.w) break;
            line += cp;
        }
        out.put(area.x, y--, line, Style{Color::Default, false, true});
    }
    for (std::size_t k = static_cast<std::size_t>(scroll); k < back.size() && y >= top; ++k, --y) {
        out.put(area.x, y, back[k].text, back[k].style);
    }
}

std::vector<std::string> Log::history_lines(int width) const {
    std::vector<std::string> out;
    if (width <= 0) return out;
    std::optional<int> turn;
    for (const LogEntry& e : entries_) {
        if (turn != e.turn) {
            turn = e.turn;
            for (std::string& r : wrap(turn_header(e.turn), width, 0, 0))
                out.push_back(std::move(r));
        }
        for (std::string& r : wrap(e.text, width, 0, kContinuation)) out.push_back(std::move(r));
        for (const std::string& line : e.why) {
            for (std::string& r : wrap(line, width, kWhyIndent, kWhyIndent + kContinuation)) {
                out.push_back(std::move(r));
            }
        }
    }
    return out;
}

}  // namespace tercio::ui
