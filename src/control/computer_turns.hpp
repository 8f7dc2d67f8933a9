#pragma once
/// The computer's turns, one driver for every ruleset and front end (Stockfish's go/stop: the
/// search runs apart, the front end stays live and collects the result when it is ready). When
/// the game waits for a side the computer plays, that side's ai::PlayerOf<E> decides, and its
/// command is played on the Session like a typed one (the session's observers, the screen, the
/// save, a network's players, are told). Two ways to use it:
/// - non-blocking (the curses screen): update(), called before each draw, starts a decision on a
///   worker thread and plays it once made and shown for long enough; the screen takes keys all
///   the while;
/// - blocking (`--plain`, a game server that waits): play_now() decides on the caller's thread and
///   plays the command.
/// One decision at a time; each player is only ever used by one thread at a time. A computer
/// that throws, or gives a command the rules refuse, is not played: its side goes to the keyboard
/// (or to what set_on_failure says). No terminal and no I/O: the tests drive it headless.
#include <array>
#include <chrono>
#include <exception>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include "ai/player.hpp"
#include "control/session.hpp"
#include "core/engine.hpp"
#include "core/side.hpp"

namespace tercio::control {

template <core::RulesEngine E>
class ComputerTurnsOf {
  public:
    using Clock = std::chrono::steady_clock;
    using Command = typename E::Command;
    using Player = ai::PlayerOf<E>;
    /// How often a thought in progress is looked at (the read of a key waits no longer).
    static constexpr int kPollMs = 20;

    /// The computer plays no side until seat(). `delay`: the least time from one command (anyone's)
    /// to the computer's next, so the player sees each one (update() only; play_now() does not
    /// wait).
    ComputerTurnsOf(SessionOf<E>& session, std::chrono::milliseconds delay)
        : session_(session), delay_(delay), seen_version_(session.version()), last_command_(Clock::now()) {}
    /// Waits for a thought in progress (stop()).
    ~ComputerTurnsOf() { stop(); }
    ComputerTurnsOf(const ComputerTurnsOf&) = delete;
    ComputerTurnsOf& operator=(const ComputerTurnsOf&) = delete;

    /// The computer plays `side` with `player`, shown as `level` ("normal"): the session's seat
    /// for that side (unless `take_seat` is false: a game server keeps its own seats). A decision
    /// being made is waited for and dropped first.
    void seat(core::Side side, std::unique_ptr<Player> player, std::string level, bool take_seat = true) {
        stop();  // the player replaced may be deciding
        players_[core::idx(side)] = std::move(player);
        if (take_seat) session_.set_seat(side, Seat::computer_at(std::move(level)));
    }
    /// The computer no longer plays `side` (its seat is left as it is).
    void unseat(core::Side side) {
        stop();
        players_[core::idx(side)].reset();
    }
    bool plays(core::Side side) const { return players_[core::idx(side)] != nullptr; }
    /// Whether the game waits for a side the computer plays here.
    bool to_decide() const { return !session_.over() && plays(session_.decider()); }

    /// Asked before a decided command is played: false holds it back (the screen asks the player
    /// something). Without it, a command is played as soon as its delay has passed.
    void set_ready(std::function<bool()> ready) { ready_ = std::move(ready); }
    /// What is done when the computer playing a side fails (`why`: what it did). Without it, the
    /// side is handed to the keyboard: the session's seat becomes a person's, and its observers
    /// are told "The computer playing B (Spanish, normal) failed: ... You play B from here."
    void set_on_failure(std::function<void(core::Side side, const std::string& why)> on_failure) {
        on_failure_ = std::move(on_failure);
    }

    struct Update {
        /// How long the caller may wait for a key before calling again (ms); nothing: until a key
        /// comes (the game waits for a person, is over, or asks the player something).
        std::optional<int> wait_ms;
        bool changed = false;  ///< something to draw: a command played, a failure told
    };
    /// Call before each draw: takes a finished decision and plays it when the delay since the last
    /// command has passed (and ready() allows), then starts the next decision if the computer is
    /// to decide. A decision made for a game that has changed since (an undo) is dropped.
    Update update(Clock::time_point now = Clock::now());
    /// update(), with the reaction windows a front end lets go for its player (`pass` plays them
    /// and says how many) let go before it and after it, and the computer asked again for what
    /// follows: the front end never waits for a key on a window its player is not asked about.
    Update update(Clock::time_point now, const std::function<int()>& pass);

    /// Blocking: if the computer is to decide, its player decides on this thread and the command
    /// is played (a thought in progress on the worker is dropped first). Whether a command was
    /// played (false: nothing to decide, or the computer failed and its side was handed over).
    bool play_now();
    /// Blocking: play_now() until the game waits for someone else or is over, with `pass` (the
    /// reaction windows a front end lets go) tried after each; how many commands were played.
    /// Bounded, as every command moves the game towards its end.
    int play_all(const std::function<int()>& pass = {});

    /// Whether a decision is being made on the worker thread.
    bool thinking() const { return thought_.valid(); }
    /// Blocks until the decision being made, if any, is made; update() then plays it (tests).
    void wait() {
        if (thought_.valid()) thought_.wait();
    }
    /// Blocks until the decision being made, if any, is made, and drops it (quitting).
    void stop() {
        if (!thought_.valid()) return;
        thought_.wait();
        try {
            thought_.get();
        } catch (...) {
            // Dropped with the decision.
        }
        decided_.reset();
    }

  private:
    void fail(core::Side side, const std::string& why) {
        players_[core::idx(side)].reset();
        if (on_failure_) {
            on_failure_(side, why);
            return;
        }
        const std::string name = computer_name(session_, side);
        session_.set_seat(side, Seat::person(),
                          "The computer playing " + name + " failed: " + why + ". You play " +
                              std::string(1, core::side_letter(side)) + " from here.");
    }
    /// Plays `c` for `side`; false (and the side handed over) if the rules refuse it.
    bool play_decided(core::Side side, const Command& c) {
        const std::string text = E::print(session_.context(), session_.state(), c);
        const auto played = session_.play(c);
        if (!played.ok()) {
            fail(side, "it gave \"" + text + "\", which the rules refuse (" + *played.refused + ")");
            return false;
        }
        return true;
    }

    SessionOf<E>& session_;
    std::function<bool()> ready_;
    std::function<void(core::Side, const std::string&)> on_failure_;
    std::chrono::milliseconds delay_;
    std::array<std::unique_ptr<Player>, 2> players_;
    std::future<Command> thought_;  ///< the decision being made
    core::Side thinker_ = core::Side::A;
    std::uint64_t asked_at_ = 0;       ///< the session's version() when it was asked for
    std::optional<Command> decided_;   ///< made, waiting for the delay or the screen
    std::uint64_t seen_version_ = 0;
    Clock::time_point last_command_;  ///< when the last command (anyone's) was seen
};

template <core::RulesEngine E>
typename ComputerTurnsOf<E>::Update ComputerTurnsOf<E>::update(Clock::time_point now,
                                                              const std::function<int()>& pass) {
    const bool passed = pass() > 0;
    Update u = update(now);
    u.changed = u.changed || passed;
    // Bounded: each pass plays at least one decline, and the game ends.
    for (int i = 0; i < 10000 && pass() > 0; ++i) {
        u.wait_ms = update(now).wait_ms;
        u.changed = true;
    }
    return u;
}

template <core::RulesEngine E>
typename ComputerTurnsOf<E>::Update ComputerTurnsOf<E>::update(Clock::time_point now) {
    using namespace std::chrono_literals;
    Update u;
    if (session_.version() != seen_version_) {
        seen_version_ = session_.version();
        last_command_ = now;
    }
    // A decision made: kept if the game is still the one it was made for.
    if (thought_.valid() && thought_.wait_for(0ms) == std::future_status::ready) {
        const bool current = asked_at_ == session_.version();
        try {
            Command c = thought_.get();
            if (current) decided_ = std::move(c);
        } catch (const std::exception& e) {
            if (current) {
                fail(thinker_, std::string("it stopped with an error (") + e.what() + ")");
                u.changed = true;
            }
        } catch (...) {
            if (current) {
                fail(thinker_, "it stopped with an unknown error");
                u.changed = true;
            }
        }
    }
    if (decided_ && (asked_at_ != session_.version() || !plays(thinker_))) decided_.reset();
    if (decided_) {
        // Played once the screen asks the player nothing, and the last command has been seen.
        if (ready_ && !ready_()) return u;
        const Clock::time_point due = last_command_ + delay_;
        if (now < due) {
            const auto left = std::chrono::ceil<std::chrono::milliseconds>(due - now).count();
            u.wait_ms = static_cast<int>(left);
            return u;
        }
        const Command c = *decided_;
        decided_.reset();
        play_decided(thinker_, c);
        seen_version_ = session_.version();
        last_command_ = now;
        u.changed = true;
    }
    // The next decision, if the computer is to make it. Never two at once: a dropped one still
    // running is waited for first.
    if (!thought_.valid() && !decided_ && to_decide()) {
        const core::Side side = session_.decider();
        thinker_ = side;
        asked_at_ = session_.version();
        Player* player = players_[core::idx(side)].get();
        try {
            thought_ = std::async(std::launch::async,
                                  [player, view = ai::view_of<E>(session_.context(), session_.state(), side)] {
                                      return player->choose(view);
                                  });
        } catch (const std::system_error& e) {
            fail(side, std::string("no thread to think in (") + e.what() + ")");
            u.changed = true;
        }
    }
    if (thought_.valid()) u.wait_ms = kPollMs;
    return u;
}

template <core::RulesEngine E>
bool ComputerTurnsOf<E>::play_now() {
    stop();
    if (!to_decide()) return false;
    const core::Side side = session_.decider();
    std::optional<Command> c;
    try {
        c = players_[core::idx(side)]->choose(ai::view_of<E>(session_.context(), session_.state(), side));
    } catch (const std::exception& e) {
        fail(side, std::string("it stopped with an error (") + e.what() + ")");
        return false;
    } catch (...) {
        fail(side, "it stopped with an unknown error");
        return false;
    }
    const bool ok = play_decided(side, *c);
    seen_version_ = session_.version();
    last_command_ = Clock::now();
    return ok;
}

template <core::RulesEngine E>
int ComputerTurnsOf<E>::play_all(const std::function<int()>& pass) {
    int played = 0;
    for (int i = 0; i < 100000; ++i) {
        if (play_now()) {
            ++played;
            continue;
        }
        if (!pass || pass() == 0) break;
    }
    return played;
}

}  // namespace tercio::control
