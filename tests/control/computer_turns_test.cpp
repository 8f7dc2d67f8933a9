// The computer's turns, one driver for every ruleset (src/control/computer_turns.hpp), on a Hell
// Broke Loose game (Pikette Squared's screen drives it in tests/ui/vs_computer_test.cpp): the
// non-blocking update() a screen polls and the blocking play_now() of `--plain` play the same
// game; a computer that throws or gives an illegal command is not played, and its side is handed
// over.
#include <catch2/catch.hpp>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "control/computer_turns.hpp"
#include "control/session.hpp"
#include "hbl/engine.hpp"
#include "tests/hbl/fixture.hpp"

using namespace tercio;
using namespace std::chrono_literals;
using E = hbl::Engine;
using Turns = control::ComputerTurnsOf<E>;
using Session = control::SessionOf<E>;

namespace {

struct Seen final : control::ObserverOf<E> {
    std::vector<std::string> commands;
    std::vector<std::string> seated_why;
    std::optional<std::string> played(const Session& s, const Entry& e, const hbl::GameState& before) override {
        commands.push_back(E::print(s.context(), before, e.command));
        return std::nullopt;
    }
    void seated(const Session&, core::Side, const std::string& why) override {
        if (!why.empty()) seated_why.push_back(why);
    }
};

/// A player that always throws, or always gives a command the rules refuse.
struct Broken final : ai::PlayerOf<E> {
    bool throws = true;
    explicit Broken(bool t) : throws(t) {}
    E::Command choose(const ai::View<E>& view) override {
        if (throws) throw std::runtime_error("out of ideas");
        // A command of a later state that the rules refuse in this one.
        for (const E::Command& c : E::legal_commands(view.rules(), view.state)) {
            auto later = view.state;
            core::SeededDice d(1);
            (void)E::apply(view.rules(), later, c, d);
            for (const E::Command& next : E::legal_commands(view.rules(), later)) {
                if (E::validate(view.rules(), view.state, next)) return next;
            }
        }
        throw std::runtime_error("no illegal command found");
    }
};

void seat_random(Turns& t, std::uint64_t seed) {
    t.seat(core::Side::A, std::make_unique<ai::RandomPlayer<E>>(seed), "random");
    t.seat(core::Side::B, std::make_unique<ai::RandomPlayer<E>>(seed + 1), "random");
}

}  // namespace

TEST_CASE("The computer's turns play a Hell Broke Loose game to its end, polled or blocking, alike",
          "[control][computer]") {
    const hbl::Context ctx = test::hbl_game_context(0);
    // Polled, as the screen does: a decision on the worker thread, the caller told to come back.
    Session polled(ctx, 7);
    Seen seen_polled;
    polled.add_observer(&seen_polled);
    {
        Turns turns(polled, 0ms);
        seat_random(turns, 40);
        CHECK(turns.to_decide());
        bool waited = false;
        for (int i = 0; i < 200000 && !polled.over(); ++i) {
            const Turns::Update u = turns.update();
            // The computer plays both sides: never wait for a key until the game is over.
            REQUIRE((u.wait_ms || polled.over()));
            waited = waited || turns.thinking();
            turns.wait();
        }
        CHECK(waited);
        CHECK_FALSE(turns.to_decide());
        CHECK_FALSE(turns.update().wait_ms);  // over: nothing to come back for
    }
    REQUIRE(polled.over());
    // Blocking, as --plain does: the same players, the same game.
    Session blocking(ctx, 7);
    Seen seen_blocking;
    blocking.add_observer(&seen_blocking);
    Turns turns(blocking, 0ms);
    seat_random(turns, 40);
    CHECK(turns.play_now());
    CHECK(blocking.history().size() == 1);
    const int played = turns.play_all();
    CHECK(blocking.over());
    CHECK(played + 1 == static_cast<int>(blocking.history().size()));
    CHECK(seen_blocking.commands == seen_polled.commands);
    CHECK(E::hash(blocking.state()) == E::hash(polled.state()));
    CHECK_FALSE(turns.play_now());  // nothing to decide
}

TEST_CASE("The computer's turns wait for a person, and for the delay after each command",
          "[control][computer]") {
    const hbl::Context ctx = test::hbl_game_context(0);
    Session s(ctx, 3);
    Turns turns(s, 500ms);
    turns.seat(core::Side::B, std::make_unique<ai::RandomPlayer<E>>(5), "random");
    // Whoever decides first: play until B is asked.
    for (int i = 0; i < 1000 && !s.over() && s.decider() != core::Side::B; ++i) {
        CHECK_FALSE(turns.play_now());  // A is a person's
        CHECK_FALSE(turns.update().wait_ms);
        core::SeededDice pick(static_cast<std::uint64_t>(i));
        auto c = E::random_legal(ctx, s.state(), pick, nullptr);
        REQUIRE(c);
        REQUIRE(s.play(*c).ok());
    }
    REQUIRE(s.decider() == core::Side::B);
    const auto t0 = Turns::Clock::now();
    auto u = turns.update(t0);
    REQUIRE(u.wait_ms);
    turns.wait();
    const std::size_t before = s.history().size();
    u = turns.update(t0);  // made, but the last command was just now: held for the delay
    CHECK(s.history().size() == before);
    REQUIRE(u.wait_ms);
    CHECK(*u.wait_ms > 0);
    CHECK(*u.wait_ms <= 500);
    // ready() false holds it back even after the delay.
    bool ready = false;
    turns.set_ready([&ready] { return ready; });
    u = turns.update(t0 + 1s);
    CHECK(s.history().size() == before);
    ready = true;
    u = turns.update(t0 + 1s);
    CHECK(s.history().size() == before + 1);
    CHECK(u.changed);
}

TEST_CASE("A computer that fails is not played: its side is handed over, saying why", "[control][computer]") {
    const hbl::Context ctx = test::hbl_game_context(0);
    for (const bool throws : {true, false}) {
        DYNAMIC_SECTION((throws ? "it throws" : "it gives an illegal command")) {
            for (const bool blocking : {true, false}) {
                Session s(ctx, 3);
                Seen seen;
                s.add_observer(&seen);
                Turns turns(s, 0ms);
                const core::Side side = s.decider();
                turns.seat(side, std::make_unique<Broken>(throws), "normal");
                if (blocking) {
                    CHECK_FALSE(turns.play_now());
                } else {
                    for (int i = 0; i < 10 && turns.plays(side); ++i) {
                        turns.update();
                        turns.wait();
                    }
                }
                CHECK_FALSE(turns.plays(side));
                CHECK(s.seat(side).here());
                REQUIRE(seen.seated_why.size() == 1);
                const std::string& why = seen.seated_why[0];
                CHECK(why.rfind("The computer playing " + std::string(1, core::side_letter(side)) + " (", 0) == 0);
                CHECK(why.find(throws ? "it stopped with an error (out of ideas)" : "which the rules refuse") !=
                      std::string::npos);
                CHECK(why.find("from here.") != std::string::npos);
                CHECK(s.history().empty());
            }
        }
    }
    SECTION("set_on_failure decides what becomes of the side") {
        Session s(ctx, 3);
        Turns turns(s, 0ms);
        const core::Side side = s.decider();
        turns.seat(side, std::make_unique<Broken>(true), "normal");
        std::string told;
        turns.set_on_failure([&](core::Side failed, const std::string& why) {
            CHECK(failed == side);
            told = why;
        });
        CHECK_FALSE(turns.play_now());
        CHECK(told == "it stopped with an error (out of ideas)");
        CHECK(s.seat(side).computer());  // left as it was: the caller's to change
        CHECK_FALSE(turns.plays(side));
    }
}
