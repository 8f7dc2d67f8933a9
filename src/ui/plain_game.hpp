#pragma once
/// `tercio play --plain`: a line-oriented front end on a Session, with no curses at all. It
/// prints plain lines (what the game waits for and from whom, every event in the log's words, a
/// prompt) and reads commands in the command language plus a few words of its own (help, legal,
/// a number, odds, why, map, units, cards, undo, save, quit). Nothing it prints moves the cursor
/// or sets a colour, so a screen reader, a dumb terminal or a script can follow it. Pure: it
/// reads and writes the streams it is given.
#include <array>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/reactions.hpp"
#include "kits/pikette/control/session.hpp"

namespace tercio::ui {

/// A line as a plain front end prints it: every byte below 0x20 and DEL made '?', so that no
/// escape sequence reaches the terminal whatever a data file's names hold.
std::string plain_line(std::string_view s);

class PlainGame final : public control::Observer {
  public:
    PlainGame(control::Session& session, std::ostream& out);
    ~PlainGame() override;
    PlainGame(const PlainGame&) = delete;
    PlainGame& operator=(const PlainGame&) = delete;

    /// The computer plays `side` with `player`, shown as `level`: it decides whenever the game
    /// waits for that side (the session's seat).
    void seat(rules::Side side, std::unique_ptr<ai::Player> player, std::string level);
    /// What `save` does (saves, and says what to tell the player); without it, the game is not
    /// saved.
    void set_save_action(std::function<std::string()> save) { save_ = std::move(save); }
    /// Repeat each line read after the prompt (when the input is not a terminal, so that the
    /// output reads as a transcript).
    void set_echo(bool echo) { echo_ = echo; }

    /// Words of a front end's own, tried before the game's (a network game's `say`, `yes`,
    /// `no`): given the first word and the rest of the line, returns true if it took the line.
    void set_words(std::function<bool(const std::string& word, const std::string& rest)> words) {
        words_ = std::move(words);
    }

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
    /// Lets go the reaction windows of a person here that offer nothing new; how many.
    int pass_reactions() { return reactions_.pass(); }
    /// Whether shots at units that did not move stop the game for a reaction.
    void set_unmoved_shots(control::UnmovedShots u) { reactions_.set_unmoved_shots(u); }
    /// What the game waits for and from whom ("Turn 2: A turns a card (A, French).").
    void print_waiting();
    /// The prompt of the side deciding ("A> ").
    void print_prompt();

    // control::Observer
    std::optional<std::string> played(const control::Session& session, const control::Entry& entry,
                                      const rules::GameState& before) override;
    void undone(const control::Session& session) override;
    void seated(const control::Session& session, rules::Side side, const std::string& why) override;
    void notice(const control::Session& session, const std::string& text) override;

  private:
    void say(const std::string& line);
    void print_events(const rules::Events& events);
    void print_help();
    void print_legal(const std::string& start);
    void print_map();
    void print_units();
    void print_cards();
    void print_odds(const std::string& text);
    void print_why();
    void play_text(const std::string& text);

    control::Session& session_;
    std::ostream& out_;
    /// Lets go the reactions that offer nothing new (the game waits for the others).
    control::ReactionFilter reactions_;
    std::array<std::unique_ptr<ai::Player>, 2> players_;
    std::function<std::string()> save_;
    bool echo_ = false;
    std::function<bool(const std::string&, const std::string&)> words_;
    std::vector<std::string> why_;  ///< the explanation of the newest roll
};

}  // namespace tercio::ui
