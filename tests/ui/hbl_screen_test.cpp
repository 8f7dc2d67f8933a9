// The Hell Broke Loose screen (src/ui/hbl_screen.hpp): what its side pane shows at 80x24, commands
// typed and completed, refusals, undo, its pages, the computer's turn and quitting, driven by keys
// on a text surface.
#include "ui/hbl_screen.hpp"

#include <catch2/catch.hpp>

#include "ai/hbl_players.hpp"
#include "core/dice.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using ui::KeyPress;
using K = KeyPress::Kind;
using test::contains;

namespace {

hbl::Context french_v_ottoman() {
    return test::HblArmies::get().context("french", "ottoman");
}

std::string screen_of(const ui::HblScreen& screen, int w = 80, int h = 24) {
    ui::TextSurface s(w, h);
    screen.draw(s);
    return s.to_string();
}

void type(ui::HblScreen& screen, const std::string& text) {
    for (const char c : text) screen.handle(KeyPress::character(static_cast<char32_t>(c)));
}

void enter(ui::HblScreen& screen, const std::string& text) {
    type(screen, text);
    screen.handle(KeyPress::of(K::Enter));
}

}  // namespace

TEST_CASE("the Hell Broke Loose screen at 80x24: map, side pane, log and prompt", "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    ui::HblSession session(ctx, 5);
    ui::HblScreen screen(session, ui::ScreenOptions{});
    screen.show_setup(session.setup_events());
    const std::string s = screen_of(screen);
    // The map: side A's units on rank 2 in capitals, side B's on rank 17 in small letters.
    CHECK(contains(s, " 2 .......KKMHPPAAG........"));
    CHECK(contains(s, "17 .......mmhhhaabbg......."));
    CHECK(contains(s, "   abcdefghijklmnopqrstuvwx"));
    // The pane: the turn and who decides, each army's die, chips and deck, each unit's UI.
    CHECK(contains(s, "Turn 1: A chooses first or second, 6 pips each."));
    CHECK(contains(s, "A French: die D10, chips 21/21, deck 30"));
    CHECK(contains(s, "B Ottoman: die D10, chips 21/21, deck 29"));
    CHECK(contains(s, "P1  l2  N  10/10 s6"));
    CHECK(contains(s, "A1  m17 S  6/6 s2"));
    CHECK(contains(s, "n/n UI  s stubborn  V vexed  u unloaded  * melee"));
    // The log under them, the prompt naming the side that decides.
    CHECK(contains(
        s, "Initiative: A rolls 7, B rolls 1: 6 pips each; A chooses to go first or second."));
    CHECK(contains(s, "A (French)>"));
    // Too small a terminal is told so.
    CHECK(contains(screen_of(screen, 79, 24), "terminal too small: need 80x24, have 79x24"));
    // With room, a blank between squares.
    CHECK(contains(screen_of(screen, 110, 30), " 2 . . . . . . . K K M H P P A A G"));
}

TEST_CASE(
    "the Hell Broke Loose screen plays typed commands, completes them and says why one is refused",
    "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    ui::HblSession session(ctx, 5);
    ui::HblScreen screen(session, ui::ScreenOptions{});
    enter(screen, "first");
    REQUIRE(session.history().size() == 1);
    CHECK(contains(screen_of(screen), "A's phase: 6 pips."));
    CHECK(contains(screen_of(screen), "Turn 1: A's first phase, 6 pips left."));

    // Nothing legal starts so; Tab with nothing typed offers the legal commands in turn.
    type(screen, "xyz");
    screen.handle(KeyPress::of(K::Tab));
    CHECK(screen.message() == "No legal command starts with \"xyz\" (legal lists them).");
    screen.handle(KeyPress::character(21));  // Ctrl-U clears the line
    CHECK(screen.line().empty());
    type(screen, "tu");
    screen.handle(KeyPress::of(K::Tab));
    CHECK(screen.line() == "turn");
    CHECK(screen.message() == "The one legal command: Enter plays it.");
    screen.handle(KeyPress::of(K::Enter));
    REQUIRE(session.history().size() == 2);
    CHECK(contains(screen_of(screen), "A turns Command."));
    CHECK(contains(screen_of(screen), "Card: A's Command"));
    CHECK(contains(screen_of(screen), "5 pips left"));

    // A command the rules refuse changes nothing and says why on the message line.
    enter(screen, "fight K1");
    CHECK(session.history().size() == 2);
    CHECK(screen.message().rfind("fight K1: ", 0) == 0);
    CHECK(screen.message().size() > std::string("fight K1: ").size());

    // A card was turned: nothing before it can be taken back.
    enter(screen, "undo");
    CHECK(session.history().size() == 2);
    CHECK(screen.message() ==
          "Nothing to take back: dice were rolled or a card turned since your last command.");
}

TEST_CASE("the Hell Broke Loose screen takes back a command that rolled nothing, and its log lines",
          "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    ui::HblSession session(ctx, 5);
    ui::HblScreen screen(session, ui::ScreenOptions{});
    screen.show_setup(session.setup_events());
    const std::size_t log_at_start = screen.log().size();
    enter(screen, "second");
    CHECK(screen.log().size() > log_at_start);
    CHECK(session.decider() == core::Side::B);
    CHECK(contains(screen_of(screen), "B (Ottoman)>"));
    enter(screen, "undo");
    CHECK(session.history().empty());
    CHECK(screen.log().size() == log_at_start);
    CHECK(screen.message() == "Took back \"second\".");
}

TEST_CASE("the Hell Broke Loose screen's pages: keys, legal commands, every unit", "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    ui::HblSession session(ctx, 5);
    ui::HblScreen screen(session, ui::ScreenOptions{});
    type(screen, "?");
    std::string s = screen_of(screen);
    CHECK(contains(s, "Hell Broke Loose: keys and words"));
    CHECK(contains(s, "complete the command from the legal ones"));
    CHECK(contains(s, "* two units in one square (a melee)"));
    screen.handle(KeyPress::of(K::Escape));  // any key goes back
    CHECK(contains(screen_of(screen), "A (French)>"));

    enter(screen, "legal");
    s = screen_of(screen);
    CHECK(contains(s, "2 legal commands for A (and concede):"));
    CHECK(contains(s, "first"));
    CHECK(contains(s, "second"));
    screen.handle(KeyPress::character('x'));
    CHECK(screen.line().empty());  // the key closed the page and typed nothing

    enter(screen, "units");
    s = screen_of(screen);
    INFO(s);
    CHECK(contains(s, "A P1 l2 N Swiss pike, UI 10/10 (6 stubborn)."));
    CHECK(contains(s, "PgUp/PgDn, j/k scroll"));
    CHECK_FALSE(contains(s, "B Ottoman: army die D10"));
    // The page scrolls down to the armies' status under the units.
    screen.handle(KeyPress::of(K::PageDown));
    s = screen_of(screen);
    CHECK(contains(s, "B Ottoman: army die D10, morale chips 21 of 21"));
    CHECK_FALSE(contains(s, "A K1 h2 N Gendarmes"));
    screen.handle(KeyPress::of(K::Enter));
    CHECK(contains(screen_of(screen), "A (French)>"));
}

TEST_CASE(
    "the Hell Broke Loose screen waits for the computer and takes back the person's command with "
    "its reply",
    "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    ui::HblSession session(ctx, 5);
    session.set_seat(core::Side::B, control::Seat::computer_at("normal"));
    ui::HblScreen screen(session, ui::ScreenOptions{});
    enter(screen, "second");
    CHECK(contains(screen_of(screen), "B (Ottoman, normal) is thinking..."));
    CHECK(screen.ready_for_computer());
    // Typed commands wait while the computer decides.
    enter(screen, "first");
    CHECK(screen.message() == "Wait: the computer decides now.");
    CHECK(session.history().size() == 1);
    // The computer's reply turns a card: the person's command before it stays.
    auto player = ai::make_hbl_player(ai::Level::Normal, 1);
    REQUIRE(
        session.play(player->choose(ai::view_of<hbl::Engine>(ctx, session.state(), core::Side::B)))
            .ok());
    enter(screen, "undo");
    CHECK(session.history().size() == 2);
    CHECK(screen.message() ==
          "Nothing to take back: dice were rolled or a card turned since your last command.");
    // A page open holds the computer back.
    type(screen, "?");
    CHECK_FALSE(screen.ready_for_computer());
}

TEST_CASE("the Hell Broke Loose screen asks before quitting, and shows the end of a game",
          "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    ui::HblSession session(ctx, 5);
    ui::HblScreen screen(session, ui::ScreenOptions{});
    CHECK(screen.handle(KeyPress::of(K::Interrupt)));
    CHECK(contains(screen_of(screen), "Quit? This game is not saved: it ends here. y or n"));
    CHECK(screen.handle(KeyPress::character('n')));
    CHECK(screen.message() == "Not quitting.");

    // Random play to the end: the pane and the prompt say the game is over.
    core::SeededDice chooser(9);
    for (int i = 0; i < 20000 && !session.over(); ++i) {
        const auto c = hbl::random_legal(ctx, session.state(), chooser, nullptr);
        REQUIRE(c);
        REQUIRE(session.play(*c).ok());
    }
    REQUIRE(session.over());
    const std::string s = screen_of(screen);
    CHECK(contains(s, "game over"));
    CHECK(contains(s, "game over>"));
    CHECK(screen.message() == "The game is over. Ctrl-P shows the whole log; quit leaves.");
    enter(screen, "turn");
    CHECK(screen.message() == "The game is over: quit leaves.");
    enter(screen, "quit");
    CHECK_FALSE(screen.handle(KeyPress::character('y')));
}

TEST_CASE("the Hell Broke Loose screen says what is to decide", "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    ui::HblSession session(ctx, 5);
    ui::HblScreen screen(session, ui::ScreenOptions{});
    CHECK(contains(screen_of(screen), "A goes first or second (first, second)."));
    enter(screen, "second");
    CHECK(ui::hbl_decision_hint(ctx, session.state()) ==
          "B may turn a card for a pip (turn), or end the phase (done).");
    CHECK(contains(screen_of(screen), "B may turn a card for a pip (turn), or end the"));
    // B turns cards until its March (seed 5: the fourth).
    for (int i = 0; i < 6 && session.state().card != hbl::CardKind::March; ++i) {
        if (session.state().card) enter(screen, "done");
        enter(screen, "turn");
    }
    REQUIRE(session.state().card == hbl::CardKind::March);
    CHECK(ui::hbl_decision_hint(ctx, session.state()) ==
          "B acts on the March card (legal lists how), then done.");
    // The other decisions, each in its words.
    hbl::GameState s = session.state();
    s.decision = hbl::Decision::React;
    s.decider = core::Side::A;
    CHECK(ui::hbl_decision_hint(ctx, s) ==
          "B activated a command: A may shoot at it before it moves (shoot), or hold.");
    s.decision = hbl::Decision::Stubborn;
    CHECK(ui::hbl_decision_hint(ctx, s) ==
          "A's stubborn unit may pay a chip to stand (stubborn), or accept.");
    s.decision = hbl::Decision::KeepMove;
    CHECK(ui::hbl_decision_hint(ctx, s) ==
          "A's stubborn unit may pay a chip to keep its move (stubborn), or accept.");
    s.decision = hbl::Decision::Follow;
    CHECK(ui::hbl_decision_hint(ctx, s) == "A's winner may follow up (follow), or stay.");
    s.decision = hbl::Decision::RallyBack;
    s.rally_max = 2;
    CHECK(ui::hbl_decision_hint(ctx, s) ==
          "A chooses how many UI the rally brings back, a chip each (back 0 to back 2).");
}
