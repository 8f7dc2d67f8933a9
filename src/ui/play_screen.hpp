#pragma once
/// The game screen of `tercio play`: the map, the side pane, the log, a status line and a
/// command line, driven by keys. Pure: it draws on any Surface and takes decoded keys, so the
/// tests feed it key sequences and read a TextSurface; the app gives it the terminal.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <chrono>
#include <functional>

#include "control/reactions.hpp"
#include "control/session.hpp"
#include "rules/game.hpp"
#include "ui/log.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// The smallest terminal the screen is laid out for.
inline constexpr int kMinWidth = 80;
inline constexpr int kMinHeight = 24;

struct ScreenOptions {
    bool color = true;
    bool ascii = false;
};

/// A key as the screen sees it (the curses front end maps its codes to these).
struct KeyPress {
    /// Interrupt: Ctrl-C at the terminal (SIGINT), which asks before quitting as Q does.
    enum class Kind { Char, Up, Down, Left, Right, Enter, Backspace, Escape, Tab, Resize, CtrlP, CtrlR, PageUp, PageDown,
                      Home, End, Interrupt };
    Kind kind = Kind::Char;
    char32_t ch = 0;
    static KeyPress character(char32_t c) { return KeyPress{Kind::Char, c}; }
    static KeyPress of(Kind k) { return KeyPress{k, 0}; }
};

/// The game screen of a Session: it maps keys to commands for the session to play and draws
/// what the session holds. It observes the session, so commands played by others (the computer,
/// a save being resumed) reach its log too.
class PlayScreen final : public control::Observer {
  public:
    PlayScreen(control::Session& session, ScreenOptions options);
    ~PlayScreen() override;
    PlayScreen(const PlayScreen&) = delete;
    PlayScreen& operator=(const PlayScreen&) = delete;

    /// Handles one key. Returns false when the player has confirmed quitting.
    bool handle(const KeyPress& key);
    /// Draws everything on the surface (the caller clears and presents it).
    void draw(Surface& out) const;

    /// Adds events that happened outside the screen to the log.
    void record(const rules::Events& ev) { log_.add(ctx_, s_, ev); }
    /// Logs the session's set-up rolls and every command of its history at once (a resumed
    /// game).
    void show_history();
    /// Shows the set-up rolls of new_game one at a time, a key press each, before play.
    void reveal(const rules::Events& setup);
    /// Plays a command as if typed at the command line; the reason if it is refused.
    std::optional<std::string> play(const std::string& text);
    /// Puts a message of the program's own on the message line.
    void show_message(std::string text) { message_ = std::move(text); }
    /// What `S` does (saves, and says what to tell the player); without it, the game is not saved.
    void set_save_action(std::function<std::string()> save) { save_ = std::move(save); }
    /// What Q asks before quitting, instead of the words on this screen's own save (a game on
    /// a server goes on without this terminal).
    void set_quit_question(std::string text) { quit_question_ = std::move(text); }
    /// Whether taking a command back asks the other player first (two players at one keyboard).
    /// Never asked when the computer plays a side.
    void set_undo_asks(bool asks) { undo_asks_ = asks; }
    /// What `"` and `:say TEXT` do (a network game's chat); without it they are not offered. The
    /// chat line takes any printable character (UTF-8), and is given the text byte for byte;
    /// control and invisible format characters (core::hidden_or_control) are not taken.
    void set_chat(std::function<void(const std::string&)> chat) { chat_ = std::move(chat); }
    /// A question from elsewhere for this player (the other player asks to take back a command),
    /// answered with y or n; empty: none.
    void set_question(const std::string& question);
    /// What answering the question does.
    void set_answer(std::function<void(bool)> answer) { answer_ = std::move(answer); }
    /// How long the side deciding elsewhere has been thinking (shown under the map).
    void set_thinking(std::chrono::seconds thinking) { thinking_ = thinking; }
    /// Said under the map instead, while the side deciding has nobody to decide (the seat is
    /// open, or its player away); empty: the thinking time.
    void set_away_hint(std::string hint) { away_hint_ = std::move(hint); }
    /// Whether the computer plays `side` (the session's seat). While a computer side decides,
    /// keys give no command ("wait for the computer"), the line under the map says it is
    /// thinking, and U takes back the person's last command with the computer's replies after it.
    bool computer(rules::Side side) const { return session_.seat(side).computer(); }
    /// Whether the game waits for a side the computer plays.
    bool computer_decides() const { return session_.computer_decides(); }
    /// "B (Spanish, normal)".
    std::string computer_name(rules::Side side) const;
    /// Whether a computer's command may be played now: not while the player answers a question
    /// (quit? the odds?) or steps through the set-up rolls.
    bool ready_for_computer() const;
    /// Lets go the reaction windows of a person at this keyboard that offer nothing new
    /// (control::ReactionFilter): call before each draw. How many were let go.
    int pass_reactions();
    /// Whether shots at units that did not move stop the game for a reaction (`--unmoved-shots`,
    /// `:unmoved-shots ask|never`).
    void set_unmoved_shots(control::UnmovedShots u) { reactions_.set_unmoved_shots(u); }
    const control::ReactionFilter& reactions() const { return reactions_; }
    /// The session's version: changes whenever a command is played or taken back.
    std::uint64_t version() const { return session_.version(); }
    /// Takes back the last command if no dice were rolled and no card turned since it; the
    /// reason if not.
    std::optional<std::string> undo() { return session_.undo(); }
    /// How many commands could be taken back now.
    std::size_t undoable() const { return session_.undoable(); }

    // control::Observer: what the session tells the screen.
    std::optional<std::string> played(const control::Session& session, const control::Entry& entry,
                                      const rules::GameState& before) override;
    void undone(const control::Session& session) override;
    void seated(const control::Session& session, rules::Side side, const std::string& why) override;
    void notice(const control::Session& session, const std::string& text) override;

    const rules::GameState& state() const { return s_; }
    /// The selected unit's square, if a unit is selected (Space).
    std::optional<core::Square> selected() const { return selected_; }
    const Log& log() const { return log_; }
    core::Square cursor() const { return cursor_; }
    /// The message line: the last refusal, hint or question.
    const std::string& message() const { return message_; }

  private:
    enum class Mode { Map, Prompt, Help, History, ConfirmQuit, ConfirmAction, ConfirmUndo, Choose, Reveal };
    /// Whether nobody at this keyboard plays a side (a spectator of a network game, or two
    /// computers): the commands are all others'.
    bool watching() const;
    /// Whether the command line holds a chat line ("say " and the text), which takes any letters.
    bool chat_line() const;
    /// 'U': takes back the last command, asking the other player first if need be.
    void ask_undo();
    /// Takes back the last command and says so on the message line.
    void take_back();
    /// "\"move h5 h7\"", or "the last command" when its text is not known.
    std::string last_undoable() const;
    /// U with the computer playing: takes back the person's last command and the computer's
    /// after it.
    void take_back_to_person();
    /// Refuses a command key while the computer decides; true if it did.
    bool wait_for_computer();
    void move_cursor(int dx, int dy);
    /// The legal command for an action key with the selection and the cursor, or why none.
    std::optional<rules::Command> action_for(char32_t key, std::string& why) const;
    /// Plays the command, or asks first with its odds when it rolls dice.
    void act(const rules::Command& command);
    /// Logs the next `n` set-up rolls (the rest, if fewer): Mode::Reveal while any is still
    /// hidden, the map once all are shown.
    void show_setup(std::size_t n);
    void select_here();
    /// Plays the command and puts its refusal, if any, on the message line.
    void play_and_report(const rules::Command& command, const std::string& shown);
    void complete();
    /// Opens the Enter menu: the legal commands at the cursor (guide.hpp's menu_commands).
    void open_menu();
    void handle_menu(const KeyPress& key);
    /// Rows drawn over the log pane, bottom-aligned; the first is the heading (bold). If they
    /// do not all fit, the first rows after the heading give way.
    void draw_over_log(Surface& out, const std::vector<std::string>& rows, int highlight = -1) const;
    mutable int side_x_ = 49;  ///< where the side pane began at the last draw
    void draw_prompt(Surface& out, int y) const;
    void draw_help(Surface& out) const;
    void draw_history(Surface& out) const;
    void draw_legend(Surface& out) const;
    /// The odds of the command asked about, in the side column from x: the one-line summary
    /// first, then every line, scrolled by odds_scroll_ when they do not all fit.
    void draw_odds(Surface& out, int x) const;
    /// Q, :quit or Ctrl-C: asks before quitting.
    void ask_quit();
    /// D or `:decline all` at a reaction: lets every reaction go until the side's own phase.
    void decline_all();

    control::Session& session_;
    const rules::RulesContext& ctx_;
    /// The session's state (a reference: the screen draws the game, it does not hold one).
    const rules::GameState& s_;
    ScreenOptions opt_;
    control::ReactionFilter reactions_;
    Log log_;
    core::Square cursor_{};
    Mode mode_ = Mode::Map;
    std::string prompt_;
    std::string message_;
    int history_scroll_ = 0;
    // What the last draw saw, for the keys: a screen too small to show the game, and the
    // history's page and how far up it goes.
    mutable bool too_small_ = false;
    mutable int history_page_ = 20;
    mutable int history_max_ = 0;
    Mode quit_return_ = Mode::Map;  ///< where "not quitting" goes back to
    int log_scroll_ = 0;
    std::optional<std::size_t> expanded_;
    std::vector<std::string> completions_;
    std::optional<core::Square> selected_;
    std::optional<rules::Command> pending_;  ///< the command waiting for confirmation
    std::vector<std::string> odds_lines_;  ///< its odds, shown while asking
    std::string odds_summary_;             ///< and their one-line summary
    int odds_scroll_ = 0;                  ///< rows of the odds scrolled off the top
    mutable int odds_max_ = 0;             ///< how far they scroll (the last draw)
    std::size_t completion_index_ = 0;
    std::vector<rules::Command> choices_;  ///< the Enter menu's commands
    std::size_t choice_ = 0;            ///< the highlighted one
    std::optional<std::size_t> help_unit_;  ///< `?` on a unit: its rules first, then the keys
    bool help_legend_ = false;              ///< `?` on the keys: what the map's marks and the pane mean
    std::string quit_question_;
    std::function<std::string()> save_;
    std::function<void(const std::string&)> chat_;
    std::function<void(bool)> answer_;
    std::string question_;
    std::chrono::seconds thinking_{0};
    std::string away_hint_;
    bool undo_asks_ = true;
    /// The one-line tips already logged (turn, phase, marching option): each once a screen.
    bool tip_turn_ = false;
    bool passing_ = false;          ///< pass_reactions() is playing declines for the player
    /// Commands played elsewhere since the player's last command (a spectator's last key).
    int others_since_mine_ = 0;
    bool key_pressed_ = false;  ///< a key other than a resize has come since the screen began
    bool tip_phase_ = false;
    bool tip_march_ = false;
    /// Logs the tips the change from `before` to now makes timely.
    void tips(const rules::GameState& before);
    std::vector<std::size_t> log_at_;  ///< per command of the session's history: the log's length before it
    rules::Events unrevealed_;  ///< the set-up rolls being shown (Mode::Reveal)
    std::size_t revealed_ = 0;  ///< how many of them are shown: always fewer in Mode::Reveal
};

/// Below kMinWidth x kMinHeight: says so, with the size and the keys that quit, and returns
/// true (the caller draws nothing else).
bool too_small(Surface& out, std::string_view quit_keys);

/// The whole history, scrolled back `scroll` rows, under a bold title (Ctrl-P in the game and
/// the replay).
/// The history full screen, `scroll` lines up from its end. Returns how far up it can go.
int draw_history_page(Surface& out, const Log& log, int scroll, std::string_view title);
/// The history's scroll keys: PgUp/PgDn a page, k/j a line, Home/End its ends, `scroll` kept
/// within 0 and `most`. False for any other key.
bool scroll_history(const KeyPress& k, int& scroll, int page, int most);

/// Rows drawn over the log pane, bottom-aligned; the first is the heading (bold). If they do not
/// all fit, the first rows after the heading give way, keeping row `highlight` (if >= 1, shown
/// in reverse video) in view.
void draw_rows_over_log(Surface& out, int x, const std::vector<std::string>& rows, int highlight = -1);

/// The map's size at 80x24 (3 x 1 cells a square, 15 x 15 squares): what a larger terminal
/// must leave beside and under a larger map (fit_map).
inline constexpr int kMapWidth80 = 48;
inline constexpr int kMapHeight80 = 17;

/// Rows of the side pane's status, above the log (the game and the replay).
inline constexpr int kStatusRows = 9;

/// One line of a key table: the keys and what they do.
struct KeyLine {
    const char* keys;
    const char* what;
};

/// A key table as help lines: the keys padded to 16 columns, then what they do.
std::vector<std::string> key_help_lines(const KeyLine* begin, const KeyLine* end);

/// The key help, generated from the key table (for `?` and the manual).
std::vector<std::string> key_help();

}  // namespace tercio::ui
