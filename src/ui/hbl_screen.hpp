#pragma once
/// The game screen of Hell Broke Loose in `tercio play --ruleset hell-broke-loose`: the map, a
/// side pane with what matters in this ruleset (the turn, whose phase and pips, the card in play,
/// each army's die, morale chips and deck, each unit's UI and vexation), the log, a message line
/// and a command line where commands are typed (Tab completes a legal one). Pure, as the Pikette
/// Squared screen (play_screen.hpp): it draws on any Surface and takes decoded keys, so the tests
/// drive it headless.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "control/session.hpp"
#include "hbl/engine.hpp"
#include "ui/log.hpp"
#include "ui/play_screen.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

using HblSession = control::SessionOf<hbl::Engine>;

class HblScreen final : public control::ObserverOf<hbl::Engine> {
  public:
    HblScreen(HblSession& session, ScreenOptions options);
    ~HblScreen() override;
    HblScreen(const HblScreen&) = delete;
    HblScreen& operator=(const HblScreen&) = delete;

    /// Handles one key. Returns false when the player has confirmed quitting.
    bool handle(const KeyPress& key);
    /// Draws everything on the surface (the caller clears and presents it).
    void draw(Surface& out) const;
    /// Logs the set-up rolls of new_game (the initiative).
    void show_setup(const hbl::Events& setup);
    /// Plays a command as if typed and entered; the reason if it is refused.
    std::optional<std::string> enter(const std::string& text);
    /// Puts a message of the program's own on the message line.
    void show_message(std::string text) { message_ = std::move(text); }
    /// What the typed word `save` does (saves, and says what to tell the player); without it,
    /// the game is not saved and `save` says so.
    void set_save_action(std::function<std::string()> save) { save_ = std::move(save); }
    /// Logs a command of a save being resumed, as if played now: `before` and `after` are the
    /// states around it (the session records it without telling its observers).
    void show_replayed(const hbl::Command& c, const hbl::Events& events, const hbl::GameState& before,
                       const hbl::GameState& after);
    /// What quitting asks (by default: the game is not saved, and ends here).
    void set_quit_question(std::string text) { quit_question_ = std::move(text); }
    /// Whether a computer's command may be played now: not while the player reads a page or
    /// answers the quit question.
    bool ready_for_computer() const { return mode_ == Mode::Game; }

    // control::ObserverOf: what the session tells the screen.
    std::optional<std::string> played(const HblSession& session,
                                      const control::EntryOf<hbl::Engine>& entry,
                                      const hbl::GameState& before) override;
    void undone(const HblSession& session) override;
    void notice(const HblSession& session, const std::string& text) override;

    const Log& log() const { return log_; }
    const std::string& message() const { return message_; }
    const std::string& line() const { return line_; }

  private:
    enum class Mode { Game, Help, Legal, Units, History, ConfirmQuit };
    /// Logs a command's events (and its dice explained) with the states around it.
    void log_command(const hbl::Command& c, const hbl::Events& events, const hbl::GameState& before,
                     const hbl::GameState& after);
    /// Tab: completes the command line to the longest text every matching legal command shares,
    /// and lists the matches on the message line.
    void complete();
    /// `undo`: takes back the last command, and with the computer playing, the computer's after
    /// the person's last.
    void take_back();
    void ask_quit();
    /// Opens a page of the screen at its top.
    void open_page(Mode mode);
    /// The legal commands of the side deciding, as text, without the concession.
    std::vector<std::string> legal_texts() const;
    /// A page over the whole screen: a bold title, its rows from `scroll`, a key hint.
    void draw_page(Surface& out, const std::string& title,
                   const std::vector<std::string>& rows) const;
    /// The command line: the prompt naming who decides, or what the game waits for.
    std::string prompt() const;

    HblSession& session_;
    const hbl::Context& ctx_;
    const hbl::GameState& s_;
    ScreenOptions opt_;
    Log log_;
    Mode mode_ = Mode::Game;
    std::string line_;  ///< the command being typed
    std::string message_;
    std::string quit_question_;
    std::function<std::string()> save_;
    int log_scroll_ = 0;
    /// A page's rows scrolled up from its end, as the history's (scroll_history's keys); a page
    /// opens at its top (kTop, clamped when drawn).
    mutable int page_scroll_ = 0;
    static constexpr int kTop = 1 << 20;
    mutable int page_rows_ = 20;  ///< rows a page showed at the last draw
    mutable int page_max_ = 0;    ///< how far it scrolls
    std::vector<std::size_t>
        log_at_;  ///< per command of the session's history: the log's length before it
};

/// The units of one side in the side pane's short form, one a row: "P1  l2  N  10/10 s6 V".
std::vector<std::string> hbl_unit_rows(const hbl::Context& ctx, const hbl::GameState& s,
                                       core::Side side);

/// What the side deciding decides now, in a line: "B activated a command: A may shoot at it
/// before it moves (shoot), or hold."
std::string hbl_decision_hint(const hbl::Context& ctx, const hbl::GameState& s);

/// The map (top left) and the side pane beside it, as both Hell Broke Loose screens show them;
/// returns the first row under them.
int draw_hbl_board(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color);

/// The key and word help of the Hell Broke Loose screen (for `?` and the manual).
std::vector<std::string> hbl_key_help();

}  // namespace tercio::ui
