#include "app/terminal.hpp"

#include <csignal>
#include <string_view>

#include <langinfo.h>

namespace tercio::app {

namespace {

// Set by the stop signals; a handler may do nothing more than this.
volatile std::sig_atomic_t g_stop_signal = 0;

volatile std::sig_atomic_t g_interrupt = 0;
volatile std::sig_atomic_t g_interrupt_asks = 0;

extern "C" void on_stop_signal(int sig) {
    if (sig == SIGINT && g_interrupt_asks) {
        g_interrupt = 1;
        return;
    }
    g_stop_signal = sig;
}

}  // namespace

ui::KeyPress translate(const ui::Key& k) {
    using K = ui::KeyPress::Kind;
    if (k.function) {
        if (k.code == ui::keys::kUp) return ui::KeyPress::of(K::Up);
        if (k.code == ui::keys::kDown) return ui::KeyPress::of(K::Down);
        if (k.code == ui::keys::kLeft) return ui::KeyPress::of(K::Left);
        if (k.code == ui::keys::kRight) return ui::KeyPress::of(K::Right);
        if (k.code == ui::keys::kResize) return ui::KeyPress::of(K::Resize);
        if (k.code == ui::keys::kBackspace) return ui::KeyPress::of(K::Backspace);
        if (k.code == ui::keys::kEnter) return ui::KeyPress::of(K::Enter);
        if (k.code == ui::keys::kPageUp) return ui::KeyPress::of(K::PageUp);
        if (k.code == ui::keys::kPageDown) return ui::KeyPress::of(K::PageDown);
        if (k.code == ui::keys::kHome) return ui::KeyPress::of(K::Home);
        if (k.code == ui::keys::kEnd) return ui::KeyPress::of(K::End);
        return ui::KeyPress::of(K::Resize);  // anything else: just redraw
    }
    switch (k.code) {
        case '\r':
        case '\n': return ui::KeyPress::of(K::Enter);
        case 27: return ui::KeyPress::of(K::Escape);
        case '\t': return ui::KeyPress::of(K::Tab);
        case 8:
        case 127: return ui::KeyPress::of(K::Backspace);
        case 16: return ui::KeyPress::of(K::CtrlP);
        case 18: return ui::KeyPress::of(K::CtrlR);
        default: return ui::KeyPress::character(static_cast<char32_t>(k.code));
    }
}

void install_stop_signals() {
    struct sigaction sa {};
    sa.sa_handler = on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    // SIGQUIT (Ctrl-\) too: its default ends the program with the terminal left raw.
    for (int sig : {SIGHUP, SIGTERM, SIGINT, SIGQUIT}) sigaction(sig, &sa, nullptr);
    std::signal(SIGPIPE, SIG_IGN);
    // Past a file-size limit (ulimit -f) a write fails with EFBIG instead of killing the game:
    // the save says NOT SAVED and keeps the lines, as on a full disk.
    std::signal(SIGXFSZ, SIG_IGN);
}

int stop_signal() { return g_stop_signal; }

void set_interrupt_asks(bool asks) {
    g_interrupt = 0;
    g_interrupt_asks = asks ? 1 : 0;
}

bool take_interrupt() {
    if (!g_interrupt) return false;
    g_interrupt = 0;
    return true;
}

std::optional<ui::KeyPress> next_key(ui::CursesSurface& term) {
    for (int errors = 0; errors < 100 && !g_stop_signal; ++errors) {
        const ui::Key k = term.read_key();
        if (g_stop_signal) break;
        if (!k.none) return translate(k);
    }
    return std::nullopt;
}

std::string printable(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c >= 0x20 && c < 0x7f && c != '\\') {
            out += ch;
        } else {
            out += "\\x";
            out += kHex[c >> 4];
            out += kHex[c & 15];
        }
    }
    return out;
}

bool utf8_locale() {
    const std::string_view codeset = nl_langinfo(CODESET);
    return codeset == "UTF-8" || codeset == "utf8";
}

}  // namespace tercio::app
