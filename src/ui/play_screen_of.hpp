#pragma once
/// The game screen of `tercio play`, written once for every ruleset: the map with a cursor, the
/// side pane, the log, a hint under the map, the square's status line and a command line, driven
/// by keys. What differs by ruleset comes from its kit K (screen_kit.hpp: K::Text and K::Screen).
/// Pure: it draws on any Surface and takes decoded keys, so the tests feed it key sequences and
/// read a TextSurface; the app gives it the terminal. The member definitions are in
/// play_screen_play.hpp, play_screen_keys.hpp and play_screen_draw.hpp; each kit compiles the
/// screen once (an explicit instantiation in its folder).
#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "control/session.hpp"
#include "ui/board_view.hpp"
#include "ui/log.hpp"
#include "ui/rule_book.hpp"
#include "ui/screen_kit.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// The game screen of a Session: it maps keys to commands for the session to play and draws
/// what the session holds. It observes the session, so commands played by others (the computer,
/// a save being resumed) reach its log too.
template <ScreenKit K>
class PlayScreenOf final : public control::ObserverOf<typename K::Engine> {
  public:
    using E = typename K::Engine;
    using Session = control::SessionOf<E>;
    using Entry = control::EntryOf<E>;
    using Context = typename E::Context;
    using State = typename E::State;
    using Command = typename E::Command;
    using Events = typename E::Events;
    using Text = typename K::Text;
    using Kit = typename K::Screen;

    PlayScreenOf(Session& session, ScreenOptions options);
    ~PlayScreenOf() override;
    PlayScreenOf(const PlayScreenOf&) = delete;
    PlayScreenOf& operator=(const PlayScreenOf&) = delete;

    /// The key help, generated from the key table and the kit's action keys (`?`, the manual).
    static std::vector<std::string> key_help();

    /// Handles one key. Returns false when the player has confirmed quitting.
    bool handle(const KeyPress& key);
    /// Draws everything on the surface (the caller clears and presents it).
    void draw(Surface& out) const;

    /// Adds events that happened outside the screen to the log.
    void record(const Events& ev) { add_log(nullptr, nullptr, ev); }
    /// Logs the session's set-up rolls and every command of its history at once (a resumed
    /// game).
    void show_history();
    /// Logs the session's set-up rolls only (a save's commands follow with show_replayed).
    void show_setup_log() { add_log(nullptr, nullptr, session_.setup_events()); }
    /// Logs a command of a save being resumed, as if played now: `before` and `after` are the
    /// states around it (the session records it without telling its observers), so its dice
    /// are explained.
    void show_replayed(const Command& c, const Events& events, const State& before,
                       const State& after);
    /// Shows the set-up rolls of new_game one at a time, a key press each, before play.
    void reveal(const Events& setup);
    /// Plays a command as if typed at the command line; the reason if it is refused.
    std::optional<std::string> play(const std::string& text);
    /// The rules text `?` and `:rule ID` show (every ruleset's the data folder has); without it
    /// they say that none is installed.
    void set_rules(RuleShelf rules) { rules_ = std::move(rules); }
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
    bool computer(core::Side side) const { return session_.seat(side).computer(); }
    /// Whether the game waits for a side the computer plays.
    bool computer_decides() const { return session_.computer_decides(); }
    /// "B (Spanish, normal)".
    std::string computer_name(core::Side side) const {
        return control::computer_name(session_, side);
    }
    /// Whether a computer's command may be played now: not while the player answers a question
    /// (quit? the odds?) or steps through the set-up rolls.
    bool ready_for_computer() const;
    /// Lets go the reaction windows of a person at this keyboard that offer nothing new (the
    /// kit's filter): call before each draw. How many were let go.
    int pass_reactions();
    /// One of the kit's command-line options (ui::KitOption) set on its reaction filter; false
    /// when it is not the kit's or the value is not one it takes.
    bool set_option(const std::string& name, const std::string& value) {
        return Kit::set_option(reactions_, name, value);
    }
    const typename Kit::Reactions& reactions() const { return reactions_; }
    /// The session's version: changes whenever a command is played or taken back.
    std::uint64_t version() const { return session_.version(); }
    /// Takes back the last command if no dice were rolled and no card turned since it; the
    /// reason if not.
    std::optional<std::string> undo() { return session_.undo(); }
    /// How many commands could be taken back now.
    std::size_t undoable() const { return session_.undoable(); }

    // control::ObserverOf: what the session tells the screen.
    std::optional<std::string> played(const Session& session, const Entry& entry,
                                      const State& before) override;
    void undone(const Session& session) override;
    void seated(const Session& session, core::Side side, const std::string& why) override;
    void notice(const Session& session, const std::string& text) override;

    const State& state() const { return s_; }
    /// The selected unit's square, if a unit is selected (Space).
    std::optional<core::Square> selected() const { return selected_; }
    const Log& log() const { return log_; }
    core::Square cursor() const { return cursor_; }
    /// The message line: the last refusal, hint or question.
    const std::string& message() const { return message_; }

  private:
    enum class Mode {
        Map,
        Prompt,
        Help,
        History,
        ConfirmQuit,
        ConfirmAction,
        ConfirmUndo,
        Choose,
        Reveal
    };
    core::Side decider() const { return E::deciding_side(s_); }
    bool over() const { return E::over(s_); }
    std::string print(const Command& c) const { return E::print(ctx_, s_, c); }
    void add_log(const State* before, const Command* c, const Events& ev);
    /// "Now A French decides[, out of turn]."
    std::string now_decides() const;
    /// Whether nobody at this keyboard plays a side (a spectator of a network game, or two
    /// computers): the commands are all others'.
    bool watching() const;
    /// Whether the command line holds a chat line ("say " and the text), which takes any letters.
    bool chat_line() const { return chat_ && prompt_.starts_with("say "); }
    /// 'U': takes back the last command, asking the other player first if need be.
    void ask_undo();
    /// Takes back the last command and says so on the message line.
    void take_back();
    /// "\"move h5 h7\"", or "the last command" when its text is not known.
    std::string last_undoable() const;
    /// Refuses a command key while the computer decides; true if it did.
    bool wait_for_computer();
    void move_cursor(int dx, int dy);
    /// Plays the command, or asks first with its odds when it rolls dice.
    void act(const Command& command);
    /// Logs the next `n` set-up rolls (the rest, if fewer): Mode::Reveal while any is still
    /// hidden, the map once all are shown.
    void show_setup(std::size_t n);
    void select_here();
    /// Plays the command and puts its refusal, if any, on the message line.
    void play_and_report(const Command& command, const std::string& shown);
    void complete();
    /// Opens the Enter menu: the legal commands at the cursor (the kit's menu_commands).
    void open_menu();
    void handle_menu(const KeyPress& key);
    /// Q, :quit or Ctrl-C: asks before quitting.
    void ask_quit();
    /// D or `:decline all` at a reaction: lets every reaction go until the side's own phase.
    void decline_all();
    /// What the out-of-turn stop open now offers for one key (the kit's filter), or nothing.
    std::vector<Command> stop_offers() const;
    /// y, n or 1-9 at an out-of-turn stop: true if the key answered it.
    bool answer_stop(char32_t ch);
    // The keys of each mode (play_screen_keys.hpp).
    void handle_confirm_action(const KeyPress& k);
    void handle_page(const KeyPress& k);
    void handle_prompt(const KeyPress& k);
    void enter_prompt();
    /// A typed word of the screen's own (help, quit, save, decline all, the kit's); true if it was.
    bool typed_word(const std::string& text);
    void handle_map(const KeyPress& k);
    void handle_map_char(char32_t ch);
    void open_help();
    // Drawing (play_screen_draw.hpp).
    void draw_prompt(Surface& out, int y) const;
    void draw_help(Surface& out) const;
    void draw_legend(Surface& out) const;
    void draw_rules(Surface& out) const;
    void draw_history(Surface& out) const;
    void draw_hint(Surface& out, const Rect& map) const;
    /// The hint of the decision now: an out-of-turn stop's prompt with its offers and their odds
    /// (ui::reaction_prompt), or the kit's hint.
    std::string stop_hint() const;
    void draw_side_over_log(Surface& out, int side_w) const;

    Session& session_;
    const Context& ctx_;
    /// The session's state (a reference: the screen draws the game, it does not hold one).
    const State& s_;
    ScreenOptions opt_;
    typename Kit::Reactions reactions_;
    typename Kit::Tips tips_{};
    Log log_;
    core::Square cursor_{};
    Mode mode_ = Mode::Map;
    std::string prompt_;
    std::string message_;
    /// The message as it was when the cursor last moved: while it is still the message, the line
    /// under the map is the cursor's square's again, and a message too long for its own row is
    /// cut there instead of taking that line too (the news stays in the log).
    std::string yielded_;
    int history_scroll_ = 0;
    // What the last draw saw, for the keys: a screen too small to show the game, and the
    // history's page and how far up it goes.
    mutable bool too_small_ = false;
    mutable int history_page_ = 20;
    mutable int history_max_ = 0;
    mutable int side_x_ = 49;       ///< where the side pane began at the last draw
    Mode quit_return_ = Mode::Map;  ///< where "not quitting" goes back to
    int log_scroll_ = 0;
    std::optional<std::size_t> expanded_;
    std::vector<std::string> completions_;
    std::size_t completion_index_ = 0;
    std::optional<core::Square> selected_;
    std::optional<Command> pending_;        ///< the command waiting for confirmation
    Odds odds_;                             ///< its odds, shown while asking
    int odds_scroll_ = 0;                   ///< rows of the odds scrolled off the top
    mutable int odds_max_ = 0;              ///< how far they scroll (the last draw)
    std::vector<Command> choices_;          ///< the Enter menu's commands
    std::size_t choice_ = 0;                ///< the highlighted one
    std::vector<int> choice_numbers_;       ///< each one's number key (0: none)
    /// Where the menu was opened (the cursor and the selection), and the numbers its commands
    /// have had there: kept while it is opened there again.
    struct MenuAnchor {
        core::Square cursor{};
        std::optional<core::Square> selected;
        int turn = 0;
        friend bool operator==(const MenuAnchor&, const MenuAnchor&) = default;
    };
    struct MenuNumbers {
        std::optional<MenuAnchor> anchor;
        std::vector<std::pair<std::string, int>> given;  ///< at the last opening, by command text
        std::vector<int> gone;  ///< numbers of the opening before whose commands are gone
    };
    std::array<MenuNumbers, 2> menu_numbers_;  ///< a side each
    bool pending_y_only_ = false;  ///< the pending command's question takes y only (not Enter)
    std::optional<std::size_t> help_unit_;  ///< `?` on a unit: its rules first, then the keys
    /// `?` where the screen cites rule IDs, or `:rule ID`: those rules' text first (look_up_rule).
    std::vector<std::string> help_rules_;
    int rules_scroll_ = 0;          ///< rows of the rules page scrolled off its top
    mutable int rules_page_ = 20;   ///< a page of it, and how far it scrolls (the last draw)
    mutable int rules_max_ = 0;
    RuleShelf rules_;
    bool help_legend_ = false;  ///< `?` on the keys: what the map's marks and the pane mean
    std::string quit_question_;
    std::function<std::string()> save_;
    std::function<void(const std::string&)> chat_;
    std::function<void(bool)> answer_;
    std::string question_;
    std::chrono::seconds thinking_{0};
    std::string away_hint_;
    bool undo_asks_ = true;
    bool passing_ = false;  ///< pass_reactions() is playing declines for the player
    /// Commands played elsewhere since the player's last command (a spectator's last key).
    int others_since_mine_ = 0;
    bool key_pressed_ = false;  ///< a key other than a resize has come since the screen began
    std::vector<std::size_t>
        log_at_;         ///< per command of the session's history: the log's length before it
    Events unrevealed_;  ///< the set-up rolls being shown (Mode::Reveal)
    std::size_t revealed_ = 0;  ///< how many of them are shown: always fewer in Mode::Reveal
};

}  // namespace tercio::ui

#include "ui/play_screen_draw.hpp"
#include "ui/play_screen_keys.hpp"
#include "ui/play_screen_play.hpp"
