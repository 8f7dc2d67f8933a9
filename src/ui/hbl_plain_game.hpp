#pragma once
/// `tercio play --plain` of a Hell Broke Loose game: the line front end of plain_game.hpp for
/// this ruleset. It prints what the game waits for and from whom, every event in the log's words
/// (control::describe), and a prompt; it reads commands in Hell Broke Loose's command text plus
/// help, legal [START], a number from the last list, odds, why, map, units, status, undo, save and
/// quit. Nothing it prints moves the cursor or sets a colour. Pure: it reads and writes the
/// streams it is given.
#include <array>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "ai/player.hpp"
#include "control/session.hpp"
#include "hbl/engine.hpp"

namespace tercio::ui {

class HblPlainGame final : public control::ObserverOf<hbl::Engine> {
  public:
    using Session = control::SessionOf<hbl::Engine>;
    HblPlainGame(Session& session, std::ostream& out);
    ~HblPlainGame() override;
    HblPlainGame(const HblPlainGame&) = delete;
    HblPlainGame& operator=(const HblPlainGame&) = delete;

    /// The computer plays `side` with `player`, shown as `level` (the session's seat).
    void seat(core::Side side, std::unique_ptr<ai::PlayerOf<hbl::Engine>> player, std::string level);
    /// What `save` does; without it, the game is not saved.
    void set_save_action(std::function<std::string()> save) { save_ = std::move(save); }
    /// Repeat each line read after the prompt (input that is not a terminal).
    void set_echo(bool echo) { echo_ = echo; }

    /// The opening lines: the armies, then the set-up rolls (a new game) or the history's size (a
    /// resumed one), and `note` if not empty.
    void start(const std::string& note);
    /// Reads and plays lines until `quit`, the end of the game, or the end of the input. Returns
    /// true if the input ended (or the game did) rather than the player quitting.
    bool run(std::istream& in);
    /// One line typed at the prompt. Returns false on `quit`.
    bool handle_line(const std::string& line);
    /// Lets the computer play while the game waits for one of its sides.
    void play_computer();
    /// What the game waits for and from whom (or that it is over), and the prompt: for a front end
    /// that reads its lines itself (`tercio join --plain`).
    void print_waiting();
    void print_prompt();

    // control::ObserverOf
    std::optional<std::string> played(const Session& session, const control::EntryOf<hbl::Engine>& entry,
                                      const hbl::GameState& before) override;
    void undone(const Session& session) override;
    void seated(const Session& session, core::Side side, const std::string& why) override;
    void notice(const Session& session, const std::string& text) override;

  private:
    void say(const std::string& line);
    void print_legal(const std::string& start);

    Session& session_;
    std::ostream& out_;
    std::array<std::unique_ptr<ai::PlayerOf<hbl::Engine>>, 2> players_;
    std::function<std::string()> save_;
    bool echo_ = false;
    std::vector<std::string> why_;     ///< the explanation of the newest roll
    std::vector<std::string> listed_;  ///< the last `legal` list, for its numbers
};

}  // namespace tercio::ui
