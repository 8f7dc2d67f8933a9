#pragma once
/// The parts every game screen shares, whatever the ruleset: the keys as a screen sees them, the
/// smallest layout, the "too small" notice, the history page and its scroll keys, rows drawn over
/// the log, key tables, and the odds column. Pure drawing on a Surface; nothing here names a
/// ruleset.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "ui/log.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// The smallest terminal the screen is laid out for.
inline constexpr int kMinWidth = 80;
inline constexpr int kMinHeight = 24;

struct ScreenOptions {
    bool color = true;
    bool ascii = false;
};

/// A key as the screen sees it (the curses front end maps its codes to these).
struct KeyPress {
    /// Interrupt: Ctrl-C at the terminal (SIGINT), which asks before quitting as Q does.
    enum class Kind {
        Char,
        Up,
        Down,
        Left,
        Right,
        Enter,
        Backspace,
        Escape,
        Tab,
        Resize,
        CtrlP,
        CtrlR,
        PageUp,
        PageDown,
        Home,
        End,
        Interrupt
    };
    Kind kind = Kind::Char;
    char32_t ch = 0;
    static KeyPress character(char32_t c) { return KeyPress{Kind::Char, c}; }
    static KeyPress of(Kind k) { return KeyPress{k, 0}; }
};

/// Below kMinWidth x kMinHeight: says so, with the size and the keys that quit, and returns
/// true (the caller draws nothing else).
bool too_small(Surface& out, std::string_view quit_keys);

/// The history full screen, `scroll` lines up from its end, under a bold title (Ctrl-P in the
/// game and the replay). Returns how far up it can go.
int draw_history_page(Surface& out, const Log& log, int scroll, std::string_view title);
/// The history's scroll keys: PgUp/PgDn a page, k/j a line, Home/End its ends, `scroll` kept
/// within 0 and `most`. False for any other key.
bool scroll_history(const KeyPress& k, int& scroll, int page, int most);

/// Rows drawn over the log pane, bottom-aligned; the first is the heading (bold). If they do not
/// all fit, the first rows after the heading give way, keeping row `highlight` (if >= 1, shown
/// in reverse video) in view, and the last row says how many more lie above and below
/// ("more: 2 above, 3 below").
void draw_rows_over_log(Surface& out, int x, const std::vector<std::string>& rows,
                        int highlight = -1);

/// Rows of the side pane's status, above the log (the game and the replay).
inline constexpr int kStatusRows = 9;

/// One line of a key table: the keys and what they do.
struct KeyLine {
    const char* keys;
    const char* what;
};

/// A key table as help lines: the keys padded to 16 columns, then what they do.
std::vector<std::string> key_help_lines(const KeyLine* begin, const KeyLine* end);

/// A command's odds as a ruleset's words give them: one line to stand first (whole percentages)
/// and every line (dice, modifiers and rule IDs, each outcome's exact chance).
struct Odds {
    std::string summary;
    std::vector<std::string> lines;
};

/// A reaction offered out of turn, as its prompt names it (K::Text::reaction_offer): the command
/// with the odds summary of its dice ("shoot d5 d11 - hit or worse 30%, Routed 6%") and what y
/// does ("fires").
struct ReactionOffer {
    std::string text;
    std::string verb;
};

/// Draws odds in the side column from x over the log (and the status rows when the log's rows
/// are not enough): the summary bold, then the lines from `scroll` (clamped). Returns how far
/// they scroll (0 when all fit).
int draw_odds_column(Surface& out, int x, const Odds& odds, int scroll);

/// Removes the last character of valid UTF-8 text: all its bytes.
void drop_last_character(std::string& text);

/// `near SQUARE` in --plain, for any ruleset: the square, then each of the eight around it on the
/// board (those `words` calls "open ground, empty" together at the end), in sentences; or why
/// `rest` names no square of a `files` x `ranks` board. `words` is the kit's description of a square.
std::vector<std::string> near_lines(int files, int ranks, const std::string& rest,
                                    const std::function<std::string(core::Square)>& words);

}  // namespace tercio::ui
