#pragma once
/// The replay screen of `tercio replay`: a saved game shown in the panes of the game screen (the
/// map, the side pane, the log), stepped through command by command, by card, by turn, or played
/// on by itself. Pure: it draws on any Surface and takes decoded keys; the app gives it the
/// terminal and calls tick() when autoplay's time has passed.
///
/// Positions: position p is the game after its first p commands (0: the set-up, N: the end of
/// the save). Seeking re-applies the commands from the nearest stored state at or before p (one
/// before every turn and at least every 32 commands, with its dice state), so a long game costs
/// a few dozen states, not one per command.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "rules/command.hpp"
#include "rules/game.hpp"
#include "ui/log.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// How often, at least, a state is stored to seek from.
inline constexpr std::size_t kReplayKeyframeEvery = 32;

class ReplayScreen {
  public:
    /// `setup` and `setup_events` are what rules::new_game made from `seed`, which left the dice
    /// at `calls` draws. The commands come after, one add() each, as the save's replay
    /// (data::replay_save, which checks them) goes through them: the game is replayed once.
    ReplayScreen(const rules::RulesContext& ctx, rules::GameState setup, const rules::Events& setup_events,
                 std::uint64_t seed, std::uint64_t calls, ScreenOptions options, int speed_ms = 500);

    /// The next command of the save as replayed: who gave it, what it did, the states around it
    /// and the dice draws made once it was played.
    void add(const rules::Command& c, rules::Side by, const rules::Events& events, const rules::GameState& before,
             const rules::GameState& after, std::uint64_t calls_after);

    /// Handles one key. Returns false when the viewer quits.
    bool handle(const KeyPress& key);
    /// Autoplay's time has passed: one command forward (autoplay stops at the end).
    void tick();
    /// While autoplay is on, how long to wait for a key before calling tick(); none: wait for a
    /// key as long as it takes.
    std::optional<int> wait_ms() const;
    /// Draws everything on the surface (the caller clears and presents it).
    void draw(Surface& out) const;

    /// Goes to position `p` (clamped to 0..size()).
    void seek(std::size_t p);
    /// The first position of turn `turn` (0: the set-up), if the save reaches it; for a turn that
    /// ended as it began (an initiative tie), the first position after it.
    std::optional<std::size_t> turn_start(int turn) const;

    /// What the replay is of, shown under the map beside REPLAY ("french v spanish, seed 12...").
    void set_title(std::string title) { title_ = std::move(title); }
    /// A problem with the save (it went out of sync after the commands shown), shown under the
    /// map for as long as the screen is open.
    void set_problem(std::string problem) { problem_ = std::move(problem); }
    /// Puts a message of the program's own on the message line.
    void show_message(std::string text) { message_ = std::move(text); }
    void set_options(ScreenOptions options) { opt_ = options; }

    /// The position shown: how many commands have been applied.
    std::size_t position() const { return pos_; }
    /// How many commands the replay holds (the last position).
    std::size_t size() const { return commands_.size(); }
    const rules::GameState& state() const { return s_; }
    const Log& log() const { return log_; }
    const std::string& message() const { return message_; }
    const std::string& problem() const { return problem_; }
    bool playing() const { return playing_; }
    int speed_ms() const { return speed_ms_; }
    /// The turn at position `p` (0: the set-up).
    int turn_at(std::size_t p) const { return turn_at_.at(p); }
    /// Whether command `p` (1-based: the one that leads to position `p`) turned a card.
    bool turned_card(std::size_t p) const { return p > 0 && p <= commands_.size() && card_[p - 1]; }
    /// "REPLAY  command 12 of 340: move h5 h7 by A French, turn 2".
    std::string status_line() const;
    /// How many states are stored to seek from.
    std::size_t stored_states() const { return keyframes_.size(); }

  private:
    enum class Mode { View, TurnPrompt, Help, History };
    struct Stored {
        std::size_t pos = 0;
        rules::GameState state;
        std::uint64_t calls = 0;
    };
    void step(int delta);
    void next_card();
    void previous_card();
    void go_to_turn(const std::string& digits);
    void toggle_autoplay();
    void change_speed(bool faster);
    /// Where the replay stands, said when a step is refused at either end.
    std::string at_end_text() const;
    void sync_log();
    void draw_help(Surface& out) const;
    void draw_history(Surface& out) const;
    void draw_over_log(Surface& out, const std::vector<std::string>& rows) const;
    mutable int side_x_ = 49;  ///< where the side pane began at the last draw

    const rules::RulesContext& ctx_;
    ScreenOptions opt_;
    std::uint64_t seed_ = 0;
    std::uint64_t last_calls_ = 0;    ///< the dice draws made after the last command added
    std::vector<rules::Command> commands_;
    std::vector<std::string> text_;   ///< per command: rules::print
    std::vector<rules::Side> by_;     ///< per command: the side that gave it
    std::vector<bool> card_;          ///< per command: it turned a card
    std::vector<int> turn_at_;        ///< per position
    std::vector<std::size_t> log_end_;  ///< per position: entries of the full log then
    std::vector<Stored> keyframes_;   ///< by position, the first at 0
    Log full_log_;                    ///< every event of the save
    // The position shown.
    std::size_t pos_ = 0;
    rules::GameState s_;
    std::uint64_t calls_ = 0;
    Log log_;  ///< the first log_end_[pos_] entries of full_log_
    // The view.
    Mode mode_ = Mode::View;
    std::string digits_;  ///< the turn being typed after `t`
    std::string title_;
    std::string problem_;
    std::string message_;
    bool playing_ = false;
    int speed_ms_ = 500;
    int log_scroll_ = 0;
    int history_scroll_ = 0;
    mutable int history_page_ = 20;  ///< the last drawn history's page, for the scroll keys
    mutable int history_max_ = 0;    ///< and how far up it goes
    std::optional<std::size_t> expanded_;
};

/// The replay's key help (for `?` and the manual).
std::vector<std::string> replay_key_help();

}  // namespace tercio::ui
