#pragma once
/// The start menu's *Join a game*: the games running on this server (host, armies, turn, seats
/// with their players' idle times), one chosen with Up/Down, and the join code typed beside them.
/// Enter joins a game with an open seat (with the code), goes back to a seat this player holds
/// (no code needed), or watches a game whose seats are taken; Right watches any game. Pure: the
/// app lists the games and joins the one chosen.
#include <optional>
#include <string>
#include <vector>

#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// A game on offer, as its server describes it (text already made printable by the app).
struct GameListing {
    std::string id;       ///< the game id, 8 hex digits
    std::string host;     ///< the host's player name
    std::string army_a;   ///< side A's army, by name
    std::string army_b;
    std::string turn;     ///< "3"
    /// Who sits there (net::seat_words): "alice", "alice (idle 4m)", "open seat", "bob (away 12m)",
    /// "the computer, hard".
    std::string seat_a;
    std::string seat_b;
    int watchers = 0;
    bool open_seat = false;  ///< a seat waits for a player with the code
    bool yours = false;      ///< this player holds a seat of it (a token from an earlier join)
    bool over = false;
};

class JoinMenu {
  public:
    enum class Outcome { Open, Join, Watch, Refresh, Back };
    /// `where`: the game directory, named on the screen.
    explicit JoinMenu(std::string where);

    /// The games now running; the cursor stays on the same game when it is still there.
    void set_games(std::vector<GameListing> games);
    void show_message(std::string text) { message_ = std::move(text); }

    Outcome handle(const KeyPress& key);
    void draw(Surface& out) const;

    /// The game under the cursor (none on Refresh or Back).
    const GameListing* chosen() const;
    /// The join code as typed (capital letters, at most 7).
    const std::string& code() const { return code_; }
    const std::string& message() const { return message_; }

  private:
    int rows() const { return static_cast<int>(games_.size()) + 2; }  // the games, Refresh, Back
    int refresh_row() const { return static_cast<int>(games_.size()); }
    int back_row() const { return refresh_row() + 1; }
    /// What Enter does on a game, in a few words.
    static std::string action(const GameListing& g);

    std::string where_;
    std::vector<GameListing> games_;
    int row_ = 0;
    std::string code_;
    std::string message_;
};

}  // namespace tercio::ui
