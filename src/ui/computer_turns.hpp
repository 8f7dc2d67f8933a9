#pragma once
/// The computer's turns in `tercio play`: when the game waits for a side the computer plays, its
/// ai::Player decides on a worker thread while the front end goes on taking keys, and its command
/// is played on the Session like a typed one (the session's observers, the screen and the save,
/// are told). One decision at a time; each Player is only ever used by one thread at a time. No
/// terminal, so the tests drive it headless.
#include <array>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/session.hpp"
#include "rules/game.hpp"

namespace tercio::ui {

class ComputerTurns {
  public:
    using Clock = std::chrono::steady_clock;
    /// How often a thought in progress is looked at (the read of a key waits no longer).
    static constexpr int kPollMs = 20;

    /// The computer plays no side until seat(). `delay`: the least time from one command (anyone's)
    /// to the computer's next, so the player sees each one.
    ComputerTurns(control::Session& session, std::chrono::milliseconds delay);
    /// Waits for a thought in progress (stop()).
    ~ComputerTurns();
    ComputerTurns(const ComputerTurns&) = delete;
    ComputerTurns& operator=(const ComputerTurns&) = delete;

    /// The computer plays `side` with `player`, shown as `level` ("normal"): the session's seat
    /// for that side. A decision being made is waited for and dropped first.
    void seat(rules::Side side, std::unique_ptr<ai::Player> player, std::string level);
    bool plays(rules::Side side) const { return players_[rules::idx(side)] != nullptr; }
    /// Asked before a decided command is played: false holds it back (the screen asks the player
    /// something). Without it, a command is played as soon as its delay has passed.
    void set_ready(std::function<bool()> ready) { ready_ = std::move(ready); }

    struct Update {
        /// How long the caller may wait for a key before calling again (ms); nothing: until a key
        /// comes (the game waits for a person, is over, or asks the player something).
        std::optional<int> wait_ms;
        bool changed = false;  ///< something to draw: a command played, a failure told
    };
    /// Call before each draw: takes a finished decision and plays it when the delay since the last
    /// command has passed (and the screen asks the player nothing), then starts the next decision
    /// if the computer is to decide. A decision made for a game that has changed since (U) is
    /// dropped. If the computer fails (throws, or gives a command the rules refuse), the message
    /// session's observers are told and that side is handed to the keyboard.
    Update update(Clock::time_point now = Clock::now());
    /// update(), with the reaction windows a front end lets go for its player (`pass` plays them
    /// and says how many: PlayScreen::pass_reactions) let go before it and after it, and the
    /// computer asked again for what follows: the front end never waits for a key on a window
    /// its player is not asked about.
    Update update(Clock::time_point now, const std::function<int()>& pass);
    /// Whether a decision is being made on the worker thread.
    bool thinking() const;
    /// Blocks until the decision being made, if any, is made; update() then plays it (tests).
    void wait();
    /// Blocks until the decision being made, if any, is made, and drops it (quitting).
    void stop();

  private:
    void fail(rules::Side side, const std::string& why);

    control::Session& session_;
    std::function<bool()> ready_;
    std::chrono::milliseconds delay_;
    std::array<std::unique_ptr<ai::Player>, 2> players_;
    std::future<rules::Command> thought_;  ///< the decision being made
    rules::Side thinker_ = rules::Side::A;
    std::uint64_t asked_at_ = 0;           ///< the session's version() when it was asked for
    std::optional<rules::Command> decided_;  ///< made, waiting for the delay or the screen
    std::uint64_t seen_version_ = 0;
    Clock::time_point last_command_;         ///< when the last command (anyone's) was seen
};

}  // namespace tercio::ui
