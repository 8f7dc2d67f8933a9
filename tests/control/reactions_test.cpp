// control::ReactionFilter: which out-of-turn reaction windows stop the game for a person at this
// keyboard. The rules open every window (PS-OPP-3); the filter plays `decline` for the person on
// the windows that offer nothing new, so these tests check both what stops and that the game
// underneath still saw each window (a `decline` in the history for each one let go).
#include "kits/pikette/control/reactions.hpp"

#include "tests/rules/position_fixture.hpp"
#include "kits/pikette/control/session.hpp"

using namespace tercio;
using namespace tercio::rules;
using control::ReactionFilter;
using control::Session;
using control::UnmovedShots;
using core::Facing;
using tercio::test::board;
using tercio::test::contains;
using tercio::test::Position;
using tercio::test::sq;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;

void play(Session& s, const std::string& text) {
    std::string err;
    const auto c = parse_command(text, err);
    INFO(text << ": " << err);
    REQUIRE(c);
    const auto out = s.play(*c);
    INFO(text << ": " << out.refused.value_or(""));
    REQUIRE(out.ok());
}

bool reacting(const Session& s, ReactWindow window) {
    return s.state().decision == Decision::React && s.state().react_window == window && s.state().decider == B;
}

bool back_to_a(const Session& s) { return s.state().decision == Decision::Act && s.state().decider == A; }

std::size_t declines(const Session& s) {
    std::size_t n = 0;
    for (const auto& e : s.history()) n += std::holds_alternative<Decline>(e.command) ? 1 : 0;
    return n;
}

}  // namespace

TEST_CASE("a reaction whose only offer is a shot already let go does not stop the game again",
          "[control][reactions][PS-OPP-3]") {
    Position p = board();
    p.add(A, "pike", "h3");                 // moves two squares, far from any enemy
    const auto still = p.add(A, "pike", "c7");  // does not move
    p.add(B, "arquebus", "c9");             // can shoot c7 after every step (R2)
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);

    SECTION("asked once in the phase, then let go") {
        ReactionFilter filter(session);
        play(session, "move h3 h5");
        REQUIRE(reacting(session, rules::ReactWindow::Step));
        const auto why = filter.reason();
        REQUIRE(why);
        CHECK(contains(*why, "a new shot (shoot c9 c7)"));
        CHECK(filter.pass() == 0);  // worth a stop: nothing is played
        play(session, "decline");   // the person lets it go
        REQUIRE(reacting(session,
                         rules::ReactWindow::Step));  // the second step: the same shot, nothing new
        CHECK_FALSE(filter.reason());
        // Let go: this window and R4 after the move (the same shot again).
        CHECK(filter.pass() == 2);
        CHECK(back_to_a(session));
        CHECK(session.state().units[still].square == sq("c7"));
        CHECK(declines(session) == 3);  // the engine saw all three windows
        CHECK(filter.passed(B) == 2);
    }
    SECTION("never: shots at units that did not move never stop it") {
        ReactionFilter filter(session, UnmovedShots::Never);
        play(session, "move h3 h5");
        REQUIRE(reacting(session, rules::ReactWindow::Step));
        CHECK_FALSE(filter.reason());
        CHECK(filter.pass() == 3);  // after each step, and R4 after the move
        CHECK(back_to_a(session));
        CHECK(declines(session) == 3);
    }
    SECTION("the computer's windows are not the filter's") {
        ReactionFilter filter(session, UnmovedShots::Never);
        session.set_seat(B, control::Seat::computer_at("normal"));
        play(session, "move h3 h5");
        REQUIRE(reacting(session, rules::ReactWindow::Step));
        CHECK_FALSE(filter.would_pass());
        CHECK(filter.pass() == 0);
        CHECK(reacting(session, rules::ReactWindow::Step));
    }
    SECTION("a window taken back with U stops, whatever it offers") {
        ReactionFilter filter(session, UnmovedShots::Never);
        play(session, "move h3 h5");
        CHECK(filter.pass() == 3);
        REQUIRE_FALSE(session.undo());
        REQUIRE(
            reacting(session, rules::ReactWindow::Action));  // back to R4, the last window let go
        CHECK(contains(filter.reason().value_or(""), "taken back"));
        CHECK(filter.pass() == 0);
        play(session, "decline");
        CHECK(back_to_a(session));
    }
}

TEST_CASE("a shot at the unit that moves stops the game at each new square, even with never",
          "[control][reactions][PS-OPP-3]") {
    Position p = board();
    p.add(A, "pike", "h5");
    p.add(B, "arquebus", "h9");  // in range of h6 and h7 (PS-SHOOT), not of h5
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session, UnmovedShots::Never);
    play(session, "move h5 h7");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    CHECK(contains(filter.reason().value_or(""), "a shot at a unit that moved (shoot h9 h6)"));
    play(session, "decline");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    CHECK(contains(filter.reason().value_or(""), "shoot h9 h7"));  // a new square: a new shot
}

TEST_CASE("a charge at the mover always stops the game, unless the side declines all until its phase",
          "[control][reactions][PS-OPP-5]") {
    Position p = board();
    p.add(A, "arquebus", "h3");
    p.add(B, "lancers", "h8", Facing::S);  // can charge h4 and h5 (Move 4)
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session);
    play(session, "move h3 h5");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    CHECK(contains(filter.reason().value_or(""), "the moving unit can be charged (charge h8"));

    SECTION("a charge after a decline is still asked") {
        play(session, "decline");
        REQUIRE(reacting(session, rules::ReactWindow::Step));
        CHECK(filter.reason());
        CHECK(filter.pass() == 0);
    }
    SECTION("decline all lets every window go until the side's own phase") {
        REQUIRE_FALSE(filter.decline_until_my_phase());
        CHECK(filter.waiting(B));
        // The window after the second step offers the charge again: let go.
        CHECK(filter.pass() == 1);
        CHECK(back_to_a(session));
        CHECK(declines(session) == 2);
        play(session, "pass");  // A's phase ends; B's begins
        REQUIRE(session.state().active == B);
        CHECK_FALSE(filter.waiting(B));
    }
}

TEST_CASE("an evade always stops the game, even after decline all", "[control][reactions][PS-OPP-9]") {
    Position p = board();
    p.add(A, "pike", "a3");
    p.add(B, "arquebus", "a6", Facing::S);  // can shoot a4
    p.add(A, "pike", "h4");
    const auto sk = p.add(B, "skirmishers", "h5", Facing::E);
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session);
    play(session, "move a3 a4");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    REQUIRE_FALSE(filter.decline_until_my_phase());
    filter.pass();
    REQUIRE(back_to_a(session));
    play(session, "move h4 h5");  // into the skirmishers' square
    REQUIRE(reacting(session, rules::ReactWindow::Evade));
    CHECK(filter.waiting(B));
    CHECK(contains(filter.reason().value_or(""), "evade"));
    CHECK(filter.pass() == 0);
    CHECK(session.state().units[sk].square == sq("h5"));
}

TEST_CASE("after an opportunity shot the window stays asked, for the next shot", "[control][reactions][PS-OPP-10]") {
    Position p = board();
    p.add(A, "pike", "h8");
    p.add(A, "pike", "c8");
    p.add(B, "arquebus", "h10");
    p.add(B, "arquebus", "c10");
    p.next_card(CardKind::MillingAround);
    core::ScriptedDice dice = core::ScriptedDice::parse("d6:1 d6:6");  // the first shot: no effect
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session);
    play(session, "turn");
    REQUIRE(reacting(session, rules::ReactWindow::Card));  // R1
    REQUIRE(filter.reason());
    play(session, "shoot h10 h8");
    REQUIRE(reacting(session, rules::ReactWindow::Card));  // any number of shots in R1
    CHECK(contains(filter.reason().value_or(""), "shoot c10 c8"));
    CHECK(filter.pass() == 0);
    play(session, "decline");
    CHECK(back_to_a(session));
}
