#include "ui/curses_surface.hpp"

#include <clocale>
#include <cstdio>
#include <cstdlib>
#include <cwchar>
#include <iterator>

#include <curses.h>
#include <term.h>

namespace tercio::ui {

namespace keys {
const int kUp = KEY_UP, kDown = KEY_DOWN, kLeft = KEY_LEFT, kRight = KEY_RIGHT, kHome = KEY_HOME, kEnd = KEY_END,
          kPageUp = KEY_PPAGE, kPageDown = KEY_NPAGE, kResize = KEY_RESIZE, kBackspace = KEY_BACKSPACE,
          kEnter = KEY_ENTER;
}

namespace {

short pair_of(Color c) { return static_cast<short>(static_cast<int>(c)); }  // pair n: colour n

attr_t attrs_of(const Style& s, bool color) {
    attr_t a = A_NORMAL;
    if (s.bold) a |= A_BOLD;
    if (s.reverse) a |= A_REVERSE;
    if (s.underline) a |= A_UNDERLINE;
    if (s.dim) a |= A_DIM;
    if (color && s.fg != Color::Default) a |= static_cast<attr_t>(COLOR_PAIR(pair_of(s.fg)));
    return a;
}

/// The code point of the UTF-8 sequence at text[i], advancing i past it; a malformed byte is '?'
/// (as in code_points()).
char32_t next_code_point(std::string_view text, std::size_t& i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[i + k]); };
    const unsigned char c = byte(0);
    const std::size_t n =
        c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (n == 1) {
        ++i;
        return c;
    }
    bool ok = n > 0 && i + n <= text.size();
    for (std::size_t k = 1; ok && k < n; ++k) ok = (byte(k) >> 6) == 0x2;
    if (!ok) {
        ++i;
        return U'?';
    }
    char32_t cp = c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (byte(k) & 0x3F);
    i += n;
    return cp;
}

}  // namespace

std::unique_ptr<CursesSurface> CursesSurface::open(bool color, std::string& why) {
    // ncursesw needs only the character type of the player's locale (UTF-8 or not). LC_ALL would
    // load a file for every other category too (~0.3 ms of the first frame here), and LC_NUMERIC
    // could change how printf-style code writes numbers into save files.
    std::setlocale(LC_CTYPE, "");
    const char* term = std::getenv("TERM");
    if (!term || !*term) {
        why =
            "TERM is not set, so the screen cannot be drawn; in a full-screen terminal such as "
            "xterm, set it to that terminal's type, e.g. TERM=xterm-256color; `tercio run` "
            "plays headless";
        return nullptr;
    }
    const auto unknown = [&] {
        why = std::string("the terminal type \"") + term +
              "\" is unknown here; try TERM=xterm-256color (or TERM=vt100)";
        return nullptr;
    };
    // The game places every character itself: a terminal without cursor addressing (TERM=dumb, a
    // printing terminal) would get the curses screen as one scrolling line. Its terminfo entry is
    // read first, with nothing sent to the terminal, so that it is refused before being taken over.
    int err = 0;
    const bool found = setupterm(term, fileno(stdout), &err) == OK;
    if (!found && err != 1) return unknown();  // 1: found, but a printing (hardcopy) terminal
    const char* cup = found ? tigetstr("cup") : nullptr;
    // nullptr: absent or cancelled; (char*)-1 would mean "cup" is not a string capability.
    const bool addressable = cup != nullptr && cup != reinterpret_cast<const char*>(-1);
    if (cur_term) del_curterm(cur_term);  // newterm reads the entry again for its own screen
    if (!addressable) {
        why = std::string("this terminal (TERM=") + term +
              ") cannot place text on the screen; run it in a full-screen terminal such as xterm, "
              "or set TERM=xterm-256color if yours is one; `tercio play --plain` plays in plain text lines";
        return nullptr;
    }
    SCREEN* scr = newterm(nullptr, stdout, stdin);
    if (!scr) return unknown();
    std::unique_ptr<CursesSurface> s(new CursesSurface());
    s->screen_ = scr;
    set_term(scr);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    // The cursor is hidden: leave it where the last change was drawn rather than sending a motion
    // back to the window's cursor at the end of every update (8 bytes a keystroke).
    leaveok(stdscr, TRUE);
    s->color_ = color && has_colors();
    if (s->color_) {
        start_color();
        use_default_colors();
        const short fg[] = {-1, COLOR_RED, COLOR_GREEN, COLOR_YELLOW, COLOR_BLUE, COLOR_MAGENTA, COLOR_CYAN, COLOR_WHITE};
        for (short i = 1; i < 8; ++i) init_pair(i, fg[i], -1);
    }
    // ncurses 6.4 flushes its output after every cursor motion until the screen has been through
    // one endwin() (after newterm the SCREEN stays "initial", and lib_mvcur.c's _nc_mvcur flushes
    // for terminfo-level callers in that state). An update would go out as one write() per
    // motion: five for a cursor move, thirty for the first frame, and over SSH a packet each.
    // One endwin() now, before anything is drawn, and the first refresh() resumes the screen in
    // the ordinary running state: each update is then a single write (up to ncurses' 2 KB buffer).
    endwin();
    return s;
}

CursesSurface::~CursesSurface() {
    endwin();
    delscreen(static_cast<SCREEN*>(screen_));
}

int CursesSurface::width() const { return COLS; }
int CursesSurface::height() const { return LINES; }

void CursesSurface::put(int x, int y, std::string_view text, Style style) {
    if (y < 0 || y >= LINES || x >= COLS) return;
    const attr_t a = attrs_of(style, color_);
    const short pair = static_cast<short>(PAIR_NUMBER(a));
    // The cells are built here and copied into the window in one call: add_wchnstr neither moves
    // the cursor nor wraps nor scrolls (so the bottom-right cell can be written too), and this
    // costs no allocation and no multibyte decoding per cell in curses (the map alone is ~700
    // cells a frame).
    cchar_t cells[256];
    int n = 0;
    int first = x < 0 ? 0 : x;
    std::size_t i = 0;
    while (i < text.size() && x < COLS) {
        const char32_t cp = next_code_point(text, i);
        if (x++ < 0) continue;
        // One cell per code point, as on every Surface: a character that is not one column wide
        // (a control character, a combining or a double-width one) would shift or break the row.
        wchar_t w[2] = {static_cast<wchar_t>(cp), L'\0'};
        if (wcwidth(w[0]) != 1) w[0] = L'?';
        setcchar(&cells[n++], w, a & ~A_COLOR, pair, nullptr);
        if (n == static_cast<int>(std::size(cells))) {  // a very wide terminal: copy this part
            mvadd_wchnstr(y, first, cells, n);
            first += n;
            n = 0;
        }
    }
    if (n > 0) mvadd_wchnstr(y, first, cells, n);
}

void CursesSurface::clear() { erase(); }

void CursesSurface::present() { refresh(); }

void CursesSurface::redraw_all() { clearok(stdscr, TRUE); }

Key CursesSurface::read_key() {
    wint_t ch = 0;
    const int r = get_wch(&ch);
    if (r == KEY_CODE_YES) return Key{static_cast<int>(ch), true};
    if (r == ERR) return Key{0, false, true};
    return Key{static_cast<int>(ch), false};
}

Key CursesSurface::read_key(int timeout_ms) {
    timeout(timeout_ms);
    const Key k = read_key();
    timeout(-1);  // back to blocking reads
    return k;
}

}  // namespace tercio::ui
