#include "ui/replay_menu.hpp"

#include <algorithm>

namespace tercio::ui {

namespace {

/// Rows above the games (the heading, what they are, a blank) and below them (a blank, where the
/// page is, a blank, the keys, the message).
constexpr int kRowsAbove = 3;
constexpr int kRowsBelow = 5;

}  // namespace

ReplayMenu::ReplayMenu(bool everyone) : everyone_(everyone) {}

void ReplayMenu::set_games(std::vector<std::string> names, std::string keep) {
    names_ = std::move(names);
    games_.assign(names_.size(), FinishedChoice{});
    described_.assign(names_.size(), false);
    const auto it = keep.empty() ? names_.end() : std::find(names_.begin(), names_.end(), keep);
    at_ = it == names_.end() ? 0 : static_cast<std::size_t>(it - names_.begin());
    for (std::size_t i = 0; i < names_.size(); ++i) games_[i].title = names_[i];
    message_ = names_.empty() ? "Esc goes back to the start menu."
                              : "Enter replays the game chosen; Esc goes back to the start menu.";
}

void ReplayMenu::describe(std::size_t i, FinishedChoice game) {
    if (i >= games_.size()) return;
    games_[i] = std::move(game);
    described_[i] = true;
}

void ReplayMenu::set_height(int rows) {
    height_ = std::max(rows, kMinHeight);
}

std::size_t ReplayMenu::per_page() const {
    return static_cast<std::size_t>(std::max(1, (height_ - kRowsAbove - kRowsBelow) / 2));
}

std::pair<std::size_t, std::size_t> ReplayMenu::page() const {
    // Whole pages: the first game of the cursor's page, and as many as a page holds.
    const std::size_t first = at_ / per_page() * per_page();
    return {first, std::min(names_.size(), first + per_page())};
}

void ReplayMenu::move(long delta) {
    if (names_.empty()) return;
    const long last = static_cast<long>(names_.size()) - 1;
    at_ = static_cast<std::size_t>(std::clamp(static_cast<long>(at_) + delta, 0L, last));
    const FinishedChoice& g = games_[at_];
    message_ =
        g.blocked.empty() ? "Enter replays " + g.title + "." : g.title + ": " + g.blocked + ".";
}

ReplayMenu::Outcome ReplayMenu::handle(const KeyPress& k) {
    using K = KeyPress::Kind;
    const bool ch = k.kind == K::Char;
    const long page = static_cast<long>(per_page());
    if (k.kind == K::Escape || (ch && (k.ch == 'q' || k.ch == 'Q'))) return Outcome::Back;
    if (k.kind == K::Up || (ch && k.ch == 'k')) {
        move(-1);
    } else if (k.kind == K::Down || k.kind == K::Tab || (ch && k.ch == 'j')) {
        move(1);
    } else if (k.kind == K::PageUp) {
        move(-page);
    } else if (k.kind == K::PageDown) {
        move(page);
    } else if (k.kind == K::Home || (ch && k.ch == 'g')) {
        move(-static_cast<long>(names_.size()));
    } else if (k.kind == K::End || (ch && k.ch == 'G')) {
        move(static_cast<long>(names_.size()));
    } else if (k.kind == K::Enter) {
        if (names_.empty()) return Outcome::Back;
        const FinishedChoice& g = games_[at_];
        if (g.blocked.empty()) return Outcome::Replay;
        message_ = g.title + ": " + g.blocked + ".";
    }
    return Outcome::Open;
}

void ReplayMenu::draw(Surface& out) const {
    const int h = out.height();
    if (too_small(out, "Esc")) return;
    out.put(1, 0,
            everyone_ ? "tercio: replay a finished game of this server"
                      : "tercio: replay a finished game",
            Style{Color::Default, true});
    out.put(1, 1,
            names_.empty() ? std::string(everyone_ ? "No finished games yet: every player's"
                                                   : "No finished games yet: your") +
                                 " games are listed here once they end."
                           : std::string(everyone_ ? "Every player's" : "Your") +
                                 " finished games, the last played first:");
    int y = kRowsAbove;
    const auto [first, last] = page();
    for (std::size_t i = first; i < last; ++i) {
        const FinishedChoice& g = games_[i];
        const bool on = i == at_;
        out.put(1, y, on ? ">" : " ", Style{Color::Default, true});
        out.put(3, y++, g.title, Style{Color::Default, g.blocked.empty(), on});
        out.put(5, y++, g.blocked.empty() ? g.detail : g.blocked, kDim);
    }
    if (!names_.empty()) {
        const std::size_t pages = (names_.size() + per_page() - 1) / per_page();
        out.put(3, h - 4,
                "Games " + std::to_string(first + 1) + "-" + std::to_string(last) + " of " +
                    std::to_string(names_.size()) + ", page " +
                    std::to_string(first / per_page() + 1) + " of " + std::to_string(pages),
                kDim);
    }
    out.put(1, h - 2, "Up/Down a game, PgUp/PgDn a page, Enter replays it, Esc or q back", kDim);
    out.put(1, h - 1, message_);
}

}  // namespace tercio::ui
