#pragma once
/// The start menu's *Replay a game*: the finished games, newest first, a page at a time (Up/Down
/// a game, PgUp/PgDn a page, Home/End the ends); Enter opens the one chosen in the replay screen,
/// Esc or q goes back. Pure: the app lists the games, describes those a page shows (describing one
/// replays it, so only the games shown are described) and opens the one chosen.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// A finished game on offer (text already made printable by the app).
struct FinishedChoice {
    std::string title;   ///< "French v Spanish, turn 7, A won" (in front, whose game: "alice: ...")
    std::string detail;  ///< "alice v the computer (normal), finished 11-26 07:55"
    /// Why it cannot be replayed (damaged): shown instead of the detail, and said when Enter is
    /// pressed on it.
    std::string blocked;
};

class ReplayMenu {
  public:
    enum class Outcome { Open, Replay, Back };
    /// `everyone`: the games are every player's, not only this player's (the title says so).
    explicit ReplayMenu(bool everyone = false);

    /// The games on offer, newest first, not yet described (each shows `names[i]`, a name that
    /// tells it from the others, until it is). The cursor goes back to the game named `keep` if it
    /// is still there, else to the first.
    void set_games(std::vector<std::string> names, std::string keep = {});
    /// Game `i` described.
    void describe(std::size_t i, FinishedChoice game);
    bool described(std::size_t i) const { return described_[i]; }
    /// The terminal's rows: how many games a page shows.
    void set_height(int rows);
    /// The games the page shows: [first, last).
    std::pair<std::size_t, std::size_t> page() const;
    void show_message(std::string text) { message_ = std::move(text); }

    Outcome handle(const KeyPress& key);
    void draw(Surface& out) const;

    /// The game under the cursor, an index into those given; meaningless when there are none.
    std::size_t chosen() const { return at_; }
    std::size_t size() const { return names_.size(); }
    /// The name of game `i`, as given.
    const std::string& name(std::size_t i) const { return names_[i]; }
    /// Game `i` as described (its name as its title until it is).
    const FinishedChoice& game(std::size_t i) const { return games_[i]; }
    const std::string& message() const { return message_; }

  private:
    /// Games a page holds: two rows each between the heading and the bottom lines.
    std::size_t per_page() const;
    /// Moves the cursor by `delta` games, kept within the list; says what Enter does there.
    void move(long delta);

    bool everyone_;
    std::vector<std::string> names_;
    std::vector<FinishedChoice> games_;
    std::vector<bool> described_;
    std::size_t at_ = 0;
    int height_ = kMinHeight;
    std::string message_;
};

}  // namespace tercio::ui
