#include "ui/curses_surface.hpp"

#include <clocale>
#include <cstdio>
#include <cstdlib>

#include <curses.h>

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

}  // namespace

std::unique_ptr<CursesSurface> CursesSurface::open(bool color, std::string& why) {
    std::setlocale(LC_ALL, "");
    const char* term = std::getenv("TERM");
    if (!term || !*term) {
        why = "TERM is not set; set it to your terminal type, e.g. TERM=xterm-256color";
        return nullptr;
    }
    SCREEN* scr = newterm(nullptr, stdout, stdin);
    if (!scr) {
        why = std::string("the terminal type \"") + term +
              "\" is unknown here; try TERM=xterm-256color (or TERM=vt100)";
        return nullptr;
    }
    std::unique_ptr<CursesSurface> s(new CursesSurface());
    s->screen_ = scr;
    set_term(scr);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    s->color_ = color && has_colors();
    if (s->color_) {
        start_color();
        use_default_colors();
        const short fg[] = {-1, COLOR_RED, COLOR_GREEN, COLOR_YELLOW, COLOR_BLUE, COLOR_MAGENTA, COLOR_CYAN, COLOR_WHITE};
        for (short i = 1; i < 8; ++i) init_pair(i, fg[i], -1);
    }
    return s;
}

CursesSurface::~CursesSurface() {
    endwin();
    delscreen(static_cast<SCREEN*>(screen_));
}

int CursesSurface::width() const { return COLS; }
int CursesSurface::height() const { return LINES; }

void CursesSurface::put(int x, int y, std::string_view text, Style style) {
    if (y < 0 || y >= LINES) return;
    const attr_t a = attrs_of(style, color_);
    attrset(a);
    for (const std::string& cp : code_points(text)) {
        if (x >= COLS) break;
        // The bottom-right cell cannot be written with addstr without scrolling: leave it.
        if (x >= 0 && !(y == LINES - 1 && x == COLS - 1)) mvaddstr(y, x, cp.c_str());
        ++x;
    }
    attrset(A_NORMAL);
}

void CursesSurface::clear() { erase(); }

void CursesSurface::present() { refresh(); }

void CursesSurface::redraw_all() { clearok(stdscr, TRUE); }

Key CursesSurface::read_key() {
    wint_t ch = 0;
    const int r = get_wch(&ch);
    if (r == KEY_CODE_YES) return Key{static_cast<int>(ch), true};
    if (r == ERR) return Key{0, false};
    return Key{static_cast<int>(ch), false};
}

}  // namespace tercio::ui
