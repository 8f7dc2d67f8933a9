#include "ui/login_screen.hpp"

#include <algorithm>
#include <array>

namespace tercio::ui {

namespace {

/// The same limits as the accounts' (lobby/accounts.hpp; ui does not link the lobby): a name is
/// at most 32 characters, a password at most 128 bytes.
constexpr std::size_t kMaxName = 32;
constexpr std::size_t kMaxPassword = 128;
const Style kBold{Color::Default, true};

bool name_char(char32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/// Overwrites a string's bytes before it is emptied, so the password does not linger in the
/// memory this process frees (as far as a std::string lets us: its buffer is reused in place).
void wipe(std::string& s) {
    std::fill(s.begin(), s.end(), '\0');
    s.clear();
}

struct MenuLine {
    char key;
    const char* text;
};
constexpr std::array<MenuLine, 3> kMenu{{{'l', "Log in"}, {'r', "Register a new player"}, {'q', "Quit"}}};

}  // namespace

LoginScreen::LoginScreen(std::string server) : server_(std::move(server)) {
    message_ = "Press l to log in, r to register a new player, q to quit.";
}

void LoginScreen::start(bool log_in) {
    registering_ = !log_in;
    row_ = log_in ? 0 : 1;
    field_ = Field::Name;
    forget_password();
    message_ = log_in ? "Your name, then Enter (Esc goes back)."
                      : "Choose a name: 1 to 32 of A-Z, a-z, 0-9, _ and -, then Enter (Esc goes back).";
}

void LoginScreen::forget_password() {
    wipe(password_);
    wipe(again_);
}

void LoginScreen::refused(std::string why, Retry retry) {
    forget_password();
    if (retry != Retry::Password) name_.clear();
    field_ = retry == Retry::Menu ? Field::Menu : retry == Retry::Name || name_.empty() ? Field::Name : Field::Password;
    message_ = std::move(why);
}

LoginScreen::Outcome LoginScreen::enter() {
    switch (field_) {
        case Field::Menu:
            if (row_ == 2) return Outcome::Quit;
            start(row_ == 0);
            return Outcome::Open;
        case Field::Name:
            if (name_.empty()) {
                message_ = "Type a name first.";
                return Outcome::Open;
            }
            field_ = Field::Password;
            message_ = registering_ ? "Choose a password: 6 to 128 characters, then Enter. It is not shown."
                                    : "Your password, then Enter. It is not shown.";
            return Outcome::Open;
        case Field::Password:
            if (password_.empty()) {
                message_ = "Type the password first.";
                return Outcome::Open;
            }
            if (!registering_) return Outcome::LogIn;
            if (password_.size() < 6) {
                wipe(password_);
                message_ = "A password has at least 6 characters: type another.";
                return Outcome::Open;
            }
            field_ = Field::Again;
            message_ = "The same password again, then Enter.";
            return Outcome::Open;
        case Field::Again:
            if (again_ != password_) {
                forget_password();
                field_ = Field::Password;
                message_ = "The two passwords differ: choose the password again.";
                return Outcome::Open;
            }
            return Outcome::Register;
    }
    return Outcome::Open;
}

LoginScreen::Outcome LoginScreen::handle(const KeyPress& k) {
    using K = KeyPress::Kind;
    if (k.kind == K::Interrupt) return Outcome::Quit;
    if (k.kind == K::Resize || k.kind == K::CtrlR) return Outcome::Open;
    if (field_ == Field::Menu) {
        if (k.kind == K::Up || k.kind == K::Down || k.kind == K::Tab) {
            row_ = (row_ + 3 + (k.kind == K::Up ? -1 : 1)) % 3;
            return Outcome::Open;
        }
        if (k.kind == K::Enter) return enter();
        if (k.kind == K::Escape) return Outcome::Open;
        if (k.kind == K::Char) {
            for (std::size_t i = 0; i < kMenu.size(); ++i) {
                if (k.ch == static_cast<char32_t>(kMenu[i].key) || k.ch == static_cast<char32_t>(kMenu[i].key - 'a' + 'A')) {
                    row_ = static_cast<int>(i);
                    return enter();
                }
            }
            message_ = "Press l to log in, r to register a new player, q to quit.";
        }
        return Outcome::Open;
    }
    if (k.kind == K::Escape) {
        // Back to the menu; nothing typed is kept.
        forget_password();
        name_.clear();
        field_ = Field::Menu;
        message_ = "Press l to log in, r to register a new player, q to quit.";
        return Outcome::Open;
    }
    if (k.kind == K::Enter || k.kind == K::Tab) return enter();
    std::string& typed = field_ == Field::Name ? name_ : field_ == Field::Password ? password_ : again_;
    if (k.kind == K::Backspace) {
        if (field_ == Field::Name) {
            if (!typed.empty()) typed.pop_back();
        } else {
            // A password's last character, whole (it may be several bytes of UTF-8).
            while (!typed.empty() && (static_cast<unsigned char>(typed.back()) & 0xC0) == 0x80) typed.pop_back();
            if (!typed.empty()) typed.pop_back();
        }
        return Outcome::Open;
    }
    if (k.kind != K::Char) return Outcome::Open;
    if (field_ == Field::Name) {
        if (!name_char(k.ch) || (name_.empty() && k.ch == '-')) {
            message_ = "A name is made of A-Z, a-z, 0-9, _ and - (not starting with -).";
        } else if (name_.size() < kMaxName) {
            name_ += static_cast<char>(k.ch);
        } else {
            message_ = "A name has at most 32 characters.";
        }
        return Outcome::Open;
    }
    if (k.ch < 0x20 || k.ch == 0x7f || (k.ch >= 0x80 && k.ch < 0xa0)) return Outcome::Open;
    const std::string bytes = utf8(k.ch);
    if (typed.size() + bytes.size() > kMaxPassword) {
        message_ = "A password has at most 128 bytes.";
        return Outcome::Open;
    }
    typed += bytes;
    return Outcome::Open;
}

void LoginScreen::draw(Surface& out) const {
    if (too_small(out, "q")) return;
    out.put(1, 0, "tercio: Renaissance battles on a grid, over SSH", kBold);
    if (!server_.empty()) out.put(1, 1, server_, kDim);
    out.put(1, 3, "Play the computer or another player here, watch a game, or replay one.");
    out.put(1, 4, "A name and a password keep your games and seats yours.");
    int y = 6;
    for (std::size_t i = 0; i < kMenu.size(); ++i) {
        const bool on = static_cast<int>(i) == row_;
        out.put(1, y, on ? ">" : " ", kBold);
        out.put(3, y, std::string(1, kMenu[i].key), Style{Color::Default, true});
        out.put(6, y, kMenu[i].text, Style{Color::Default, on && field_ == Field::Menu, on && field_ == Field::Menu});
        ++y;
    }
    y = 11;
    if (field_ != Field::Menu) {
        out.put(1, y, registering_ ? "Register a new player" : "Log in", kBold);
        const auto field = [&](int row, const char* label, const std::string& text, Field f, bool secret) {
            const bool on = field_ == f;
            out.put(3, row, label, Style{Color::Default, on});
            // A password shows as one * a character; the name as typed.
            std::string shown;
            if (secret) {
                for (const unsigned char c : text) {
                    if ((c & 0xC0) != 0x80) shown += '*';
                }
            } else {
                shown = text;
            }
            out.put(14, row, shown + (on ? "_" : ""), Style{Color::Default, false, false, on});
        };
        field(y + 2, "Name:", name_, Field::Name, false);
        if (field_ != Field::Name) field(y + 3, "Password:", password_, Field::Password, true);
        if (registering_ && field_ == Field::Again) field(y + 4, "Again:", again_, Field::Again, true);
    }
    out.put(1, out.height() - 2, message_);
    out.put(1, out.height() - 1, field_ == Field::Menu ? "l log in   r register   q quit" : "Enter next   Esc back   Backspace erases",
            kDim);
}

}  // namespace tercio::ui
