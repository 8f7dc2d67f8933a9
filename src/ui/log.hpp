#pragma once
/// The game log: one entry per rules event, in plain words, with the "why" of each roll that a
/// player may expand under it (the kit's Text::log_entries gives both). Pure: it draws on a
/// Surface and gives the full history as text (Ctrl-P).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ui/surface.hpp"

namespace tercio::ui {

/// "1 hit", "3 hits": a count and its noun, plural by an s.
inline std::string plural(int n, std::string_view word) {
    return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

/// One log entry.
struct LogEntry {
    std::string text;              ///< one line in plain words (wrapped when drawn)
    std::vector<std::string> why;  ///< the explanation lines; empty for most events
    int turn = 0;                  ///< the game turn it happened in (0: set-up)
};

/// How the log is shown: the view belongs to the caller (the log itself never changes).
struct LogView {
    /// Rows scrolled back from the newest; 0 shows the newest entry on the bottom row. Values
    /// beyond the oldest row are clamped.
    int scroll = 0;
    /// The entry whose explanation lines are shown beneath it, if any.
    std::optional<std::size_t> expanded;
    /// Show the mark column: `+` before an entry with an explanation, `-` when it is expanded.
    bool show_marks = true;
};

class Log {
  public:
    /// Adds an entry: an event in the kit's words (Text::log_entries), or a message of the
    /// program's own (a refused command, a save), not from the rules.
    void add(LogEntry entry);

    std::size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }
    const LogEntry& operator[](std::size_t i) const { return entries_[i]; }
    const std::vector<LogEntry>& entries() const { return entries_; }
    /// The newest entry with an explanation, if any (what a "why?" key would expand).
    std::optional<std::size_t> last_explained() const;
    void clear() { entries_.clear(); }
    /// Keeps only the first `n` entries (a command taken back).
    void truncate(std::size_t n) {
        if (n < entries_.size()) entries_.resize(n);
    }

    /// All the rows the log takes at `width` with this view (every entry, wrapped).
    int row_count(int width, const LogView& view) const;
    /// The largest useful `LogView::scroll` for an area of `width` x `height`.
    int max_scroll(int width, int height, const LogView& view) const;

    /// Draws the newest rows at the bottom of `area`, word-wrapped to its width: continuation
    /// rows are indented by 2, explanation lines (dim) by 2 more. When scrolled back, the bottom
    /// row says how many newer rows are hidden. Nothing is written outside `area`.
    void draw(Surface& out, Rect area, const LogView& view) const;

    /// The whole history as text rows of at most `width` code points, oldest first, a
    /// "-- Turn N --" row where the turn changes, every explanation shown (for Ctrl-P).
    std::vector<std::string> history_lines(int width) const;

  private:
    std::vector<LogEntry> entries_;
};

/// Splits `text` into rows of at most `width` code points at blanks (a word longer than a row is
/// cut); rows after the first are indented by `indent` blanks and the first by `first_indent`.
std::vector<std::string> wrap(std::string_view text, int width, int first_indent, int indent);

}  // namespace tercio::ui
