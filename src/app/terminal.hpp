#pragma once
/// What the terminal front ends (`tercio play`, `tercio replay`) share: curses keys as the screens
/// see them, the stop signals, and the locale check.
#include <optional>
#include <string>
#include <string_view>

#include "ui/curses_surface.hpp"
#include "ui/screen_parts.hpp"

namespace tercio::app {

/// The curses key as the screens see it; a function key they do not know is a redraw.
ui::KeyPress translate(const ui::Key& k);

/// Makes SIGHUP (the connection dropped), SIGTERM, SIGINT and SIGQUIT only set a flag, which ends
/// the blocking read at once (no SA_RESTART). Call before curses starts, so curses leaves them
/// alone. SIGPIPE and SIGXFSZ are ignored (a write past `ulimit -f` then fails with EFBIG).
void install_stop_signals();

/// The stop signal received, or 0.
int stop_signal();

/// While a game's screen is up, Ctrl-C (SIGINT) does not stop the program: it is kept for the
/// screen, which asks before quitting (a second Ctrl-C quits). Other stop signals still stop.
void set_interrupt_asks(bool asks);
/// Whether a Ctrl-C came since the last call (only while set_interrupt_asks is on).
bool take_interrupt();

/// The next key; nothing once the input has ended (a closed terminal gives errors without end:
/// never spin on them) or a stop signal came.
std::optional<ui::KeyPress> next_key(ui::CursesSurface& term);

/// Text safe to print on a terminal: bytes outside printable ASCII, and the backslash, become
/// `\\xNN`, so that a name from the command line cannot send escape sequences.
std::string printable(std::string_view text);

/// Whether the player's locale writes UTF-8 (otherwise the screens keep to ASCII).
bool utf8_locale();

}  // namespace tercio::app
