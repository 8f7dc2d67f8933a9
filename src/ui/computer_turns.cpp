#include "ui/computer_turns.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/session.hpp"

#include <exception>
#include <system_error>

namespace tercio::ui {

using namespace std::chrono_literals;

ComputerTurns::ComputerTurns(control::Session& session, std::chrono::milliseconds delay)
    : session_(session), delay_(delay), seen_version_(session.version()), last_command_(Clock::now()) {}

ComputerTurns::~ComputerTurns() { stop(); }

void ComputerTurns::seat(rules::Side side, std::unique_ptr<ai::Player> player, std::string level) {
    stop();  // the player replaced may be deciding
    players_[rules::idx(side)] = std::move(player);
    session_.set_seat(side, control::Seat::computer_at(std::move(level)));
}

bool ComputerTurns::thinking() const { return thought_.valid(); }

void ComputerTurns::wait() {
    if (thought_.valid()) thought_.wait();
}

void ComputerTurns::stop() {
    if (!thought_.valid()) return;
    thought_.wait();
    try {
        thought_.get();
    } catch (...) {
        // Dropped with the decision.
    }
    decided_.reset();
}

void ComputerTurns::fail(rules::Side side, const std::string& why) {
    const std::string name = control::computer_name(session_, side);
    players_[rules::idx(side)].reset();
    session_.set_seat(side, control::Seat::person(),
                      "The computer playing " + name + " failed: " + why + ". You play " +
                          std::string(1, rules::side_letter(side)) + " from here.");
}

ComputerTurns::Update ComputerTurns::update(Clock::time_point now, const std::function<int()>& pass) {
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

ComputerTurns::Update ComputerTurns::update(Clock::time_point now) {
    Update u;
    if (session_.version() != seen_version_) {
        seen_version_ = session_.version();
        last_command_ = now;
    }
    // A decision made: kept if the game is still the one it was made for.
    if (thought_.valid() && thought_.wait_for(0ms) == std::future_status::ready) {
        const bool current = asked_at_ == session_.version();
        try {
            rules::Command c = thought_.get();
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
        const rules::Command c = *decided_;
        decided_.reset();
        const control::Session::Outcome played = session_.play(c);
        if (!played.ok()) {
            fail(thinker_, "it gave \"" + rules::print(c) + "\", which the rules refuse (" + *played.refused + ")");
        }
        seen_version_ = session_.version();
        last_command_ = now;
        u.changed = true;
    }
    // The next decision, if the computer is to make it. Never two at once: a dropped one still
    // running is waited for first.
    const rules::GameState& s = session_.state();
    const rules::Side side = rules::deciding_side(s);
    if (!thought_.valid() && !decided_ && s.decision != rules::Decision::GameOver && plays(side)) {
        thinker_ = side;
        asked_at_ = session_.version();
        ai::Player* player = players_[rules::idx(side)].get();
        try {
            thought_ = std::async(std::launch::async,
                                  [player, view = ai::make_view(session_.context(), s, side)] { return player->choose(view); });
        } catch (const std::system_error& e) {
            fail(side, std::string("no thread to think in (") + e.what() + ")");
            u.changed = true;
        }
    }
    if (thought_.valid()) u.wait_ms = kPollMs;
    return u;
}

}  // namespace tercio::ui
