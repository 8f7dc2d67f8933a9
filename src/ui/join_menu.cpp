#include "ui/join_menu.hpp"

#include <algorithm>

namespace tercio::ui {

namespace {

/// A join code: 2 letters naming its game, then 7 secret ones (net::kCodeLength; ui does not link net).
constexpr std::size_t kCodeLength = 9;

/// "join", "back" or "watch": the tag in front of a game.
std::string tag(const GameListing& g) {
    if (g.over) return "over";
    if (g.yours) return "back";
    if (g.open_seat) return "join";
    return "watch";
}

}  // namespace

JoinMenu::JoinMenu(std::string where) : where_(std::move(where)) {
    message_ = "Choose a game with Up/Down; type the join code the host gave you.";
}

void JoinMenu::set_games(std::vector<GameListing> games) {
    const GameListing* before = chosen();
    const std::string id = before ? before->id : std::string();
    const bool on_back = row_ == back_row();
    games_ = std::move(games);
    const auto it = std::find_if(games_.begin(), games_.end(), [&](const GameListing& g) { return g.id == id; });
    if (it != games_.end()) {
        row_ = static_cast<int>(it - games_.begin());
    } else if (on_back) {
        row_ = back_row();
    } else {
        // The first game that takes a player, else the first game, else Refresh.
        const auto open = std::find_if(games_.begin(), games_.end(),
                                       [](const GameListing& g) { return !g.over && (g.open_seat || g.yours); });
        row_ = open != games_.end() ? static_cast<int>(open - games_.begin()) : 0;
    }
}

const GameListing* JoinMenu::chosen() const {
    return row_ < refresh_row() ? &games_[static_cast<std::size_t>(row_)] : nullptr;
}

std::string JoinMenu::action(const GameListing& g) {
    if (g.over) return "this game is over: Enter watches its end";
    if (g.yours) return "you hold a seat here: Enter takes it back (no code needed), Right watches";
    if (g.open_seat) return "a seat is open: type the host's code, then Enter; Right watches";
    return "both seats are taken: Enter watches";
}

JoinMenu::Outcome JoinMenu::handle(const KeyPress& k) {
    using K = KeyPress::Kind;
    if (k.kind == K::Up || k.kind == K::Down || k.kind == K::Tab) {
        row_ = (row_ + rows() + (k.kind == K::Up ? -1 : 1)) % rows();
        const GameListing* g = chosen();
        message_ = g ? action(*g) : row_ == refresh_row() ? "Enter asks the server's games again." : "Enter goes back to the start menu.";
        return Outcome::Open;
    }
    if (k.kind == K::Escape) return Outcome::Back;
    // Right watches the game whatever its seats: one waiting for its second player, or one's own
    // seat's game from outside. Not a letter (`w`, say): the letters type the code, W among them.
    if (k.kind == K::Right) return chosen() ? Outcome::Watch : Outcome::Open;
    if (k.kind == K::Backspace) {
        if (!code_.empty()) code_.pop_back();
        return Outcome::Open;
    }
    if (k.kind == K::Char) {
        const char32_t c = k.ch;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
            if (code_.size() < kCodeLength) code_ += static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c);
            message_ = code_.size() < kCodeLength ? "Join code: " + std::to_string(kCodeLength - code_.size()) + " letters to go."
                                                  : "Enter joins the chosen game with code " + code_ + ".";
        } else if (c != ' ' && c != '-') {
            message_ = "A join code is 9 letters, such as KXMPRTABC.";
        }
        return Outcome::Open;
    }
    if (k.kind != K::Enter) return Outcome::Open;
    if (row_ == refresh_row()) return Outcome::Refresh;
    if (row_ == back_row()) return Outcome::Back;
    const GameListing& g = games_[static_cast<std::size_t>(row_)];
    if (g.over || (!g.yours && !g.open_seat)) return Outcome::Watch;
    if (g.yours) return Outcome::Join;
    if (code_.size() != kCodeLength) {
        message_ = "Type the join code the host gave you (9 letters), then Enter.";
        return Outcome::Open;
    }
    return Outcome::Join;
}

void JoinMenu::draw(Surface& out) const {
    const int h = out.height();
    if (too_small(out, "Esc")) return;
    out.put(1, 0, "tercio: join a game on this server", Style{Color::Default, true});
    out.put(1, 1, games_.empty() ? "No game is running in " + where_ + "."
                                 : "Games running in " + where_ + ":");
    int y = 3;
    if (games_.empty()) {
        out.put(3, y++, "A friend hosts one with Host a game in the start menu (or tercio host),");
        out.put(3, y++, "then tells you its join code.");
    }
    // The games, scrolled so that the chosen one shows; Refresh, Back and the code below them.
    const int room = std::max(1, h - 11);
    const int n = static_cast<int>(games_.size());
    const int first = row_ < n ? std::clamp(row_ - room + 1, 0, std::max(0, n - room)) : std::max(0, n - room);
    for (int i = first; i < n && i < first + room; ++i) {
        const GameListing& g = games_[static_cast<std::size_t>(i)];
        const bool on = i == row_;
        out.put(1, y, on ? ">" : " ", Style{Color::Default, true});
        std::string t = tag(g);
        t.resize(5, ' ');
        out.put(3, y, "[" + t + "]", Style{Color::Default, g.open_seat || g.yours, on});
        std::string text = g.army_a + " v " + g.army_b + ", turn " + g.turn + "; A " + g.seat_a + ", B " + g.seat_b;
        if (g.watchers > 0) text += "; " + std::to_string(g.watchers) + " watching";
        // The host first, unless the line would not fit: the host holds one of the seats, where
        // their name shows anyway, and the idle times after the names are worth the room more.
        const std::string hosted = g.host + ": " + text;
        out.put(12, y, static_cast<int>(code_points(hosted).size()) <= out.width() - 12 ? hosted : text);
        ++y;
    }
    if (first + room < n) out.put(12, y++, "(" + std::to_string(n - first - room) + " more below)", kDim);
    ++y;
    const auto button = [&](int row, const std::string& text) {
        out.put(1, y, row_ == row ? ">" : " ", Style{Color::Default, true});
        out.put(3, y++, "[ " + text + " ]", Style{Color::Default, false, row_ == row});
    };
    button(refresh_row(), "Refresh the list");
    button(back_row(), "Back to the start menu");
    ++y;
    std::string shown = code_;
    shown.resize(kCodeLength, '_');
    out.put(3, y, "Join code  " + shown, Style{Color::Default, true});
    out.put(25, y, "9 letters, from the host (a seat you hold needs none)", kDim);
    out.put(1, h - 2, "Up/Down choose, letters: join code, Enter join or watch, Right watch, Esc back", kDim);
    out.put(1, h - 1, message_);
}

}  // namespace tercio::ui
