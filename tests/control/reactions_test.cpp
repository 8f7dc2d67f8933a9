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
        filter.set_shot_threshold(0);  // whatever the shot's odds
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

TEST_CASE("a shot at the unit that moves stops the game once a move for each shooter, even with never",
          "[control][reactions][PS-OPP-3]") {
    Position p = board();
    p.add(A, "pike", "h5");
    p.add(B, "arquebus", "h9");   // in range of h6 and h7 (PS-SHOOT), not of h5
    p.add(B, "arquebus", "j9");  // in range of h7 only
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session, UnmovedShots::Never);
    filter.set_shot_threshold(0);  // every shot, whatever its odds
    play(session, "move h5 h7");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    CHECK(contains(filter.reason().value_or(""), "a shot at a unit that moved (shoot h9 h6)"));
    play(session, "decline");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    // h9 was asked about this mover in this move: only the shooter new to it is offered.
    CHECK(filter.offers() == std::vector<Command>{Shoot{sq("j9"), sq("h7")}});
    CHECK(contains(filter.reason().value_or(""), "shoot j9 h7"));
}

TEST_CASE("a shot into a square where the side's own unit fights never stops the game",
          "[control][reactions][PS-OPP-3]") {
    Position p = board();
    p.add(A, "pike", "a3");  // moves, far from everything
    p.add(A, "pike", "h5");
    p.add(B, "pike", "h5");  // a melee square
    p.add(B, "arquebus", "h8", Facing::S);
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session);
    filter.set_shot_threshold(0);
    play(session, "move a3 a4");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    const std::vector<Command> legal = legal_commands(session.context(), session.state());
    REQUIRE(std::find(legal.begin(), legal.end(), Command{Shoot{sq("h8"), sq("h5")}}) != legal.end());
    CHECK_FALSE(filter.reason());
    CHECK(filter.offers().empty());
    CHECK(filter.pass() >= 1);
    CHECK(back_to_a(session));
}

TEST_CASE("a shot less likely than the threshold to do harm never stops the game, and the first such is "
          "said once",
          "[control][reactions][PS-OPP-3]") {
    Position p = board();
    p.add(A, "pike", "h3");  // moves two squares, far from any enemy
    p.add(A, "pike", "c7");
    p.add(B, "arquebus", "c9");
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session);
    CHECK(filter.shot_threshold() == control::kDefaultShotThreshold);
    play(session, "move h3 h5");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    const auto harm = control::harm_percent(session.context(), session.state(), Shoot{sq("c9"), sq("c7")});
    REQUIRE(harm);
    REQUIRE(*harm > 0);
    REQUIRE(*harm < 100);
    CHECK_FALSE(filter.take_note());
    SECTION("at the threshold: a stop") {
        filter.set_shot_threshold(*harm);
        CHECK(contains(filter.reason().value_or(""), "shoot c9 c7"));
        CHECK(filter.pass() == 0);
        CHECK_FALSE(filter.take_note());
    }
    SECTION("above it: let go, and said once") {
        filter.set_shot_threshold(*harm + 1);
        CHECK_FALSE(filter.reason());
        CHECK(filter.pass() == 3);  // after each step, and R4 after the move
        CHECK(back_to_a(session));
        const auto note = filter.take_note();
        REQUIRE(note);
        CHECK(contains(*note, "shoot c9 c7 (harm " + std::to_string(*harm) + "%) was let go"));
        CHECK(contains(*note, "(to be asked for every shot: shot-threshold 0)"));
        CHECK_FALSE(filter.take_note());
    }
}

TEST_CASE("the shot threshold and the harm of a shot", "[control][reactions]") {
    CHECK(control::parse_percent("20") == 20);
    CHECK(control::parse_percent("0%") == 0);
    CHECK(control::parse_percent("100") == 100);
    CHECK_FALSE(control::parse_percent("101"));
    CHECK_FALSE(control::parse_percent("-1"));
    CHECK_FALSE(control::parse_percent("ten"));
    CHECK_FALSE(control::parse_percent(""));
    // A shot that is not legal now has no harm to tell.
    Position p = board();
    p.add(A, "pike", "h3");
    CHECK_FALSE(control::harm_percent(p.ctx, p.s, Shoot{sq("h3"), sq("h6")}));
}

TEST_CASE("a charge at the mover stops the game once a move for each charger, unless the side declines all until its phase",
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

    SECTION("one offer for the charging unit, with no facing named") {
        CHECK(filter.offers() == std::vector<Command>{Charge{sq("h8"), std::nullopt}});
    }
    SECTION("the same unit's charge at the same mover is asked once a move") {
        play(session, "decline");
        REQUIRE(reacting(session, rules::ReactWindow::Step));
        CHECK_FALSE(filter.reason());
        CHECK(filter.pass() == 1);  // the window after the second step
        CHECK(back_to_a(session));
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
    filter.set_shot_threshold(0);  // whatever the shots' odds
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

TEST_CASE("a filter made on a game waiting at a window (resumed, joined) stops there whatever it offers",
          "[control][reactions][PS-OPP-3]") {
    Position p = board();
    p.add(A, "pike", "a3");  // moves, far from everything
    p.add(A, "pike", "h5");
    p.add(B, "pike", "h5");  // a melee square: its shot never stops the game
    p.add(B, "arquebus", "h8", Facing::S);
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    play(session, "move a3 a4");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    ReactionFilter filter(session);  // as a resumed game's screen makes it
    CHECK(contains(filter.reason().value_or(""), "resumed at this window"));
    CHECK(filter.pass() == 0);
    play(session, "decline");  // the person lets it go: the filter is itself again
    CHECK(filter.pass() >= 1);
    CHECK(back_to_a(session));
}

TEST_CASE("a charge less likely than the charge threshold to win never stops the game, a forced one always does (issue 40)",
          "[control][reactions][PS-OPP-5][PS-OPP-6]") {
    Position p = board("french", "imperialist");
    p.add(A, "pike", "h3");
    p.add(B, "light_horse", "h8", Facing::S);
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    Session session(p.ctx, p.s, dice);
    ReactionFilter filter(session);
    CHECK(filter.charge_threshold() == control::kDefaultChargeThreshold);
    play(session, "move h3 h5");
    REQUIRE(reacting(session, rules::ReactWindow::Step));
    const auto win = control::win_percent(p.ctx, session.state(), Charge{sq("h8"), std::nullopt});
    REQUIRE(win);
    INFO("light horse charging a pike wins " << *win << "%");
    REQUIRE(*win < control::kDefaultChargeThreshold);
    SECTION("under the threshold: let go") {
        CHECK_FALSE(filter.reason());
        CHECK(filter.offers().empty());
    }
    SECTION("threshold 0: every charge may stop the game") {
        filter.set_charge_threshold(0);
        CHECK(contains(filter.reason().value_or(""), "the moving unit can be charged (charge h8"));
    }
    SECTION("a threshold at its chance: it stops") {
        filter.set_charge_threshold(*win);
        CHECK(filter.reason());
    }
}
