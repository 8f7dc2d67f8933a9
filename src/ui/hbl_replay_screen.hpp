#pragma once
/// The replay screen of `tercio replay` for a Hell Broke Loose save: the map and side pane of its
/// game screen (draw_hbl_board), the log as it stood, stepped through command by command, by card
/// turned, by turn, or played on by itself, with the keys of Pikette Squared's replay
/// (replay_screen.hpp). Pure: it draws on any Surface and takes decoded keys; the app gives it the
/// terminal and calls tick() when autoplay's time has passed. Every position's state is kept (a
/// Hell Broke Loose state is about 2 KB, a game about a thousand commands).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "hbl/engine.hpp"
#include "ui/hbl_board.hpp"
#include "ui/log.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

class HblReplayScreen {
  public:
    /// `setup` and `setup_events`: what new_game made from the save's seed. The commands come
    /// after, one add() each, as the save's replay (data::replay_hbl_save, which checks them)
    /// goes through them.
    HblReplayScreen(const hbl::Context& ctx, hbl::GameState setup, const hbl::Events& setup_events,
                    ScreenOptions options, int speed_ms = 500);

    /// The next command of the save as replayed: who gave it, what it did, the states around it.
    void add(const hbl::Command& c, core::Side by, const hbl::Events& events, const hbl::GameState& before,
             const hbl::GameState& after);

    /// Handles one key. Returns false when the viewer quits.
    bool handle(const KeyPress& key);
    /// Autoplay's time has passed: one command forward (autoplay stops at the end).
    void tick();
    /// While autoplay is on, how long to wait for a key before calling tick(); none: until a key.
    std::optional<int> wait_ms() const;
    void draw(Surface& out) const;

    /// Goes to position `p` (the game after its first p commands), clamped to 0..size().
    void seek(std::size_t p);
    /// Goes to the first position of turn `turn` or later; false (staying put) if the save does
    /// not reach it.
    bool go_to_turn(int turn);
    std::size_t position() const { return pos_; }
    std::size_t size() const { return text_.size(); }
    const hbl::GameState& state() const { return states_[pos_]; }
    const std::string& message() const { return message_; }
    bool playing() const { return playing_; }
    /// "REPLAY  command 12 of 340: move K1 h3 N by A, turn 2".
    std::string status_line() const;

    void set_title(std::string title) { title_ = std::move(title); }
    /// A problem with the save (it went out of sync after the commands shown).
    void set_problem(std::string problem) { problem_ = std::move(problem); }
    void show_message(std::string text) { message_ = std::move(text); }
    void set_options(ScreenOptions options) { opt_ = options; }

  private:
    enum class Mode { View, TurnPrompt, Help, History };
    void step(int delta);
    /// Forward (+1) or back (-1) to the next position just after a card was turned.
    void to_card(int direction);

    const hbl::Context& ctx_;
    ScreenOptions opt_;
    std::vector<hbl::GameState> states_;  ///< per position
    std::vector<std::string> text_;       ///< per command: its text
    std::vector<core::Side> by_;          ///< per command: the side that gave it
    std::vector<bool> card_;              ///< per command: it turned a card
    std::vector<std::size_t> log_end_;    ///< per position: entries of the log then
    Log log_;                             ///< every event of the save
    std::size_t pos_ = 0;
    Mode mode_ = Mode::View;
    std::string digits_;
    std::string title_;
    std::string problem_;
    std::string message_;
    bool playing_ = false;
    int speed_ms_ = 500;
    int log_scroll_ = 0;
    mutable int history_scroll_ = 0;
    mutable int history_max_ = 0;
    mutable int history_page_ = 20;
};

/// The keys of the Hell Broke Loose replay (for `?`).
std::vector<std::string> hbl_replay_key_help();

}  // namespace tercio::ui
