// The game screen driven by key sequences, drawn on a text surface: the controller part of the
// terminal game, without a terminal.
#include <map>

#include "kits/pikette/control/event_text.hpp"
#include "tests/rules/position_fixture.hpp"
#include "kits/pikette/play_screen.hpp"
#include "kits/pikette/control/odds_text.hpp"
#include "rules/preview.hpp"
#include "kits/pikette/side_pane.hpp"
#include "kits/pikette/unit_reference.hpp"
#include "kits/pikette/control/session.hpp"

using namespace tercio;
using namespace tercio::ui;
using K = KeyPress::Kind;
using tercio::test::contains;

namespace {

struct Game {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice{12};
    rules::GameState start() {
        rules::GameState s;
        rules::new_game(ctx, s, dice);
        return s;
    }
};

void type(PlayScreen& p, const std::string& text) {
    for (char c : text) REQUIRE(p.handle(KeyPress::character(static_cast<char32_t>(c))));
}

void command(PlayScreen& p, const std::string& text) {
    REQUIRE(p.handle(KeyPress::character(':')));
    type(p, text);
    REQUIRE(p.handle(KeyPress::of(K::Enter)));
}

/// t or P, and y when the screen asks first (the card in play not used yet).
void card_key(PlayScreen& p, char key) {
    REQUIRE(p.handle(KeyPress::character(static_cast<char32_t>(key))));
    if (contains(p.message(), " card in play is not used yet")) REQUIRE(p.handle(KeyPress::character('y')));
}

std::string screen_of(const PlayScreen& p, int w = 80, int h = 24) {
    TextSurface s(w, h);
    p.draw(s);
    return s.to_string();
}

/// Walks the cursor to `to` with the vi keys.
void cursor_to(PlayScreen& p, core::Square to) {
    while (p.cursor() != to) {
        p.handle(KeyPress::character(p.cursor().x < to.x   ? 'l'
                                     : p.cursor().x > to.x ? 'h'
                                     : p.cursor().y < to.y ? 'k'
                                                           : 'j'));
    }
}


}  // namespace

TEST_CASE("typed commands are played, refused ones say why and change nothing", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    const rules::Side first = p.state().decider;
    command(p, "terrain pass");
    CHECK(p.state().decider != first);  // the other side places terrain now
    // Hot seat: the keyboard changes hands, and the message line says so.
    CHECK(p.message() == "Now " + side_label(g.ctx, p.state().decider) + " decides.");
    command(p, "terrain pass");
    command(p, "deploy auto");
    CHECK(p.log().size() > 0);
    const rules::GameState after = p.state();
    command(p, "march");
    CHECK(contains(p.message(), "march: "));
    CHECK(p.state().decision == after.decision);
    CHECK(p.state().decider == after.decider);
    command(p, "no such thing");
    CHECK(contains(p.message(), "unknown command"));
}

TEST_CASE("Tab completes the command line from the legal commands", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    REQUIRE(p.handle(KeyPress::character(':')));
    type(p, "terrain p");
    REQUIRE(p.handle(KeyPress::of(K::Tab)));
    CHECK(contains(p.message(), "1 of 1 legal commands"));
    CHECK(contains(screen_of(p), "> terrain pass"));
    REQUIRE(p.handle(KeyPress::of(K::Escape)));
    CHECK_FALSE(contains(screen_of(p), "> terrain pass"));
    // After Esc, Tab completes from the decision now, not from the list of an earlier one.
    command(p, "terrain pass");
    command(p, "terrain pass");
    REQUIRE(p.handle(KeyPress::character(':')));
    REQUIRE(p.handle(KeyPress::of(K::Tab)));
    CHECK(contains(screen_of(p), "> deploy auto"));
    REQUIRE(p.handle(KeyPress::of(K::Escape)));
    REQUIRE(p.handle(KeyPress::character('D')));
    REQUIRE(p.handle(KeyPress::character(':')));
    REQUIRE(p.handle(KeyPress::of(K::Tab)));
    CHECK(contains(screen_of(p), "> deploy auto"));
}

TEST_CASE("the cursor moves with vi-keys and arrows and stays on the board", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    const core::Square c = p.cursor();
    p.handle(KeyPress::character('k'));
    CHECK(p.cursor().y == c.y + 1);  // k is north: toward rank 15
    p.handle(KeyPress::character('u'));
    CHECK(p.cursor().x == c.x + 1);
    CHECK(p.cursor().y == c.y + 2);
    p.handle(KeyPress::of(K::Left));
    p.handle(KeyPress::of(K::Down));
    CHECK(p.cursor().x == c.x);
    CHECK(p.cursor().y == c.y + 1);
    // The keypad's digits with Num Lock on: 9 north-east, 1 south-west, 6 east, 4 west.
    p.handle(KeyPress::character('9'));
    CHECK(p.cursor().x == c.x + 1);
    CHECK(p.cursor().y == c.y + 2);
    p.handle(KeyPress::character('1'));
    p.handle(KeyPress::character('6'));
    p.handle(KeyPress::character('4'));
    p.handle(KeyPress::character('8'));
    p.handle(KeyPress::character('2'));
    CHECK(p.cursor().x == c.x);
    CHECK(p.cursor().y == c.y + 1);
    for (int i = 0; i < 30; ++i) p.handle(KeyPress::character('b'));
    CHECK(p.cursor().x == 0);
    CHECK(p.cursor().y == 0);
}

TEST_CASE("quitting asks first, and only y quits", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    CHECK(p.handle(KeyPress::character('Q')));
    CHECK(contains(p.message(), "Really quit?"));
    CHECK(p.handle(KeyPress::character('n')));
    CHECK(p.handle(KeyPress::character('Q')));
    CHECK_FALSE(p.handle(KeyPress::character('y')));
    // A screen on a game served elsewhere asks its own question: the game goes on without it.
    PlayScreen remote(p_session, {});
    remote.set_quit_question("Stop watching? (y/N)");
    CHECK(remote.handle(KeyPress::character('Q')));
    CHECK(remote.message() == "Stop watching? (y/N)");
    CHECK(remote.handle(KeyPress::character('n')));
    CHECK(remote.handle(KeyPress::character('Q')));
    CHECK_FALSE(remote.handle(KeyPress::character('y')));
}

TEST_CASE("the screen at 80x24: map, side pane, log, hints, status and message lines", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    command(p, "terrain pass");
    command(p, "terrain pass");
    command(p, "deploy auto");
    command(p, "deploy auto");
    const std::string s = screen_of(p);
    // Under the map, what the side to decide should do, with the keys.
    CHECK(contains(s, "Spanish: you won the initiative. Enter, then"));
    CHECK(contains(s, "to nightfall"));
    CHECK(contains(s, " a  b  c"));  // file labels
    // Never wider or taller than the terminal.
    int rows = 1;
    for (char c : s) rows += c == '\n';
    CHECK(rows == 24);
    TextSurface small(79, 24);
    p.draw(small);
    CHECK(small.to_string().rfind("terminal too small: need 80x24, have 79x24", 0) == 0);
}

TEST_CASE("? shows the key help generated from the key table, Ctrl-P the history", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    p.handle(KeyPress::character('?'));
    const std::string help = screen_of(p);
    for (const std::string& line : key_help()) {
        REQUIRE(line.size() <= 76);  // the help fits an 80-column terminal
        CHECK(contains(help, line));
    }
    p.handle(KeyPress::of(K::Escape));
    CHECK(contains(screen_of(p), "place terrain"));
    p.handle(KeyPress::of(K::CtrlP));
    CHECK(contains(screen_of(p), "History"));
}

TEST_CASE("x shows the why of the newest roll", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    p.handle(KeyPress::character('x'));
    CHECK(p.message() == "no roll to explain yet");
}

TEST_CASE("Space selects a unit of the side to decide, f shows the odds and y shoots", "[ui][screen]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h6");
    core::ScriptedDice dice = core::ScriptedDice::parse("d8:6 d6:2");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    // Walk the cursor from the centre (h8) to h5 and select the arquebus there.
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    REQUIRE(p.cursor() == test::sq("h5"));
    p.handle(KeyPress::character(' '));
    REQUIRE(p.selected() == test::sq("h5"));
    // The enemy in h6 is a target: shown on the map as part of the fire arc.
    p.handle(KeyPress::character('k'));
    p.handle(KeyPress::character('f'));
    CHECK(contains(p.message(), "shoot h5 h6? y or Enter plays it"));
    const std::string s = screen_of(p);
    CHECK(contains(s, "shot at B A2 Arquebus"));
    CHECK(contains(s, "no effect: 43.8% (7/16)"));
    CHECK(dice.remaining() == 2);  // nothing rolled yet
    p.handle(KeyPress::character('y'));
    CHECK(dice.remaining() == 0);
    CHECK(p.state().units[0 + 2].fired);  // board() adds two units first
    CHECK(contains(screen_of(p), "shoots"));
}

TEST_CASE("the odds at 80x24 come whole: a summary line first, every line by scrolling", "[ui][screen]") {
    test::Position pos = test::board();
    pos.act(rules::Side::A, rules::CardKind::Melee, 10);
    pos.add(rules::Side::A, "pike", "h5");
    pos.add(rules::Side::B, "pike", "h5", core::Facing::S);
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    REQUIRE(p.cursor() == test::sq("h5"));
    p.handle(KeyPress::of(K::Enter));  // the menu at h5: fight h5 first
    p.handle(KeyPress::of(K::Enter));
    REQUIRE(contains(p.message(), "fight h5? y or Enter plays it"));
    const rules::Command fight = rules::Fight{test::sq("h5")};
    const auto preview = std::get<rules::Preview>(rules::preview(pos.ctx, p.state(), std::vector<rules::Command>{fight}));
    const std::string summary = control::odds_summary(pos.ctx, p.state(), preview);
    CHECK(contains(summary, " wins "));
    CHECK(contains(summary, ", tie "));
    // Every line is on one of the screens scrolled through with j, and the summary on each.
    std::string seen;
    for (int i = 0; i < 60; ++i) {
        const std::string screen = screen_of(p);
        CHECK(contains(screen, summary.substr(0, 20)));
        seen += screen;
        p.handle(KeyPress::character('j'));
    }
    REQUIRE(contains(p.message(), "fight h5? y or Enter plays it"));  // scrolling asked nothing
    for (const std::string& line : control::odds_lines(pos.ctx, p.state(), preview)) {
        // The lines are wrapped at the pane's width: their first words are on a row.
        const std::string start = line.substr(0, std::min<std::size_t>(line.size(), 24));
        INFO(line);
        CHECK(contains(seen, start));
    }
    CHECK(contains(seen, "j/k scroll:"));
    p.handle(KeyPress::character('x'));  // any other key cancels
    CHECK(p.message() == "Cancelled.");
}

TEST_CASE("m finds the move that turns first when the square is reached only that way", "[ui][screen]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");  // facing N
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    REQUIRE_FALSE(test::refusal(pos.ctx, pos.s, "move h5 i5").empty());  // sideways facing N: refused
    bool reachable = false;
    for (const rules::Command& c : rules::legal_commands(pos.ctx, pos.s)) {
        const auto* m = std::get_if<rules::Move>(&c);
        reachable = reachable || (m && m->from == test::sq("h5") && m->to == test::sq("i5") && m->face_before);
    }
    REQUIRE(reachable);  // shown with + on the map
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    p.handle(KeyPress::character(' '));
    REQUIRE(p.selected() == test::sq("h5"));
    p.handle(KeyPress::character('l'));
    p.handle(KeyPress::character('m'));
    INFO(p.message());
    CHECK(p.state().units[2].square == test::sq("i5"));
    CHECK(p.state().units[2].facing == core::Facing::NE);
    CHECK(rules::print(p_session.history().back().command) == "move h5 face NE i5");
    CHECK_FALSE(p.selected());  // a command played ends the selection
}

TEST_CASE("a typed move finds the same turn-then-move as m, and says what it played", "[ui][screen][PS-MOVE-5]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");  // facing N
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    REQUIRE_FALSE(test::refusal(pos.ctx, pos.s, "move h5 i5").empty());  // as written: refused
    command(p, "move h5 i5");
    CHECK(p.state().units[2].square == test::sq("i5"));
    CHECK(rules::print(p_session.history().back().command) == "move h5 face NE i5");
    CHECK(contains(p.message(), "move h5 i5 is played as move h5 face NE i5."));
    // A move that names its facing means it: refused as written.
    command(p, "move i5 face N i9");
    CHECK(p.state().units[2].square == test::sq("i5"));
    CHECK(contains(p.message(), "move i5 face N i9: "));
}

TEST_CASE("the selection shows on the map, Esc clears it, and it never hides the cursor's commands",
          "[ui][screen]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::A, "pike", "c5");
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    p.handle(KeyPress::character(' '));
    REQUIRE(p.selected() == test::sq("h5"));
    TextSurface out(80, 24);
    p.draw(out);
    CHECK(contains(out.to_string(), "Selected: A A1 Arquebus in h5 (Esc unselects)"));
    // h5's cells are underlined and bold, and file h and rank 5 are reversed at the edges.
    const int x = 3 + 3 * 7;
    const int y = 1 + (15 - 5);
    CHECK(out.style(x + 1, y).underline);
    CHECK(out.style(x + 1, y).bold);
    CHECK(out.style(x, 0).reverse);      // the file label h above the map, over its first cell
    CHECK(out.style(1, y).reverse);      // the rank label 5
    // The cursor on the pike in c5: Enter offers the pike's moves, not nothing.
    for (int i = 0; i < 5; ++i) p.handle(KeyPress::character('h'));
    REQUIRE(p.cursor() == test::sq("c5"));
    p.handle(KeyPress::of(K::Enter));
    INFO(screen_of(p));
    CHECK(contains(screen_of(p), "move c5"));
    p.handle(KeyPress::of(K::Escape));  // closes the menu
    p.handle(KeyPress::of(K::Escape));  // clears the selection
    CHECK_FALSE(p.selected());
    CHECK(p.message() == "Nothing selected.");
    CHECK_FALSE(contains(screen_of(p), "Selected:"));
}

TEST_CASE("action keys refuse with the reason, and cancel leaves the game alone", "[ui][screen]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h6");
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    p.handle(KeyPress::character('f'));
    CHECK(contains(p.message(), "select a unit first"));
    p.handle(KeyPress::character(' '));  // h8: nobody there
    CHECK(contains(p.message(), "No unit of side A"));
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    p.handle(KeyPress::character(' '));
    p.handle(KeyPress::character('l'));  // i5: no target there
    p.handle(KeyPress::character('f'));
    CHECK(contains(p.message(), "shoot h5 i5: "));
    p.handle(KeyPress::character('k'));
    p.handle(KeyPress::character('h'));  // h6
    p.handle(KeyPress::character('f'));
    p.handle(KeyPress::of(K::Escape));
    CHECK(p.message() == "Cancelled.");
    CHECK_FALSE(p.state().units[2].fired);
    // m moves the selected unit to the cursor: h5 to g6, one step forward and left.
    p.handle(KeyPress::character('h'));
    p.handle(KeyPress::character('m'));
    INFO(p.message());
    CHECK(p.state().units[2].square == test::sq("g6"));
}

TEST_CASE("Enter shows the legal commands at the cursor, and a pick plays it", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    REQUIRE(p.state().decision == rules::Decision::PlaceTerrain);
    const rules::Side placer = p.state().decider;
    // h8, the centre: a straight stream, and the pass.
    p.handle(KeyPress::of(K::Enter));
    std::string s = screen_of(p);
    CHECK(contains(s, "h8: Enter plays, Esc cancels\n"));  // whole, not cut at the edge
    CHECK(contains(s, "1 terrain stream a8 b8"));
    CHECK(contains(s, "2 terrain pass"));
    p.handle(KeyPress::of(K::Escape));
    CHECK(p.message() == "Cancelled.");
    CHECK_FALSE(contains(screen_of(p), "At h8:"));
    // Down to the second line, Enter: the pass is played.
    p.handle(KeyPress::of(K::Enter));
    p.handle(KeyPress::of(K::Down));
    p.handle(KeyPress::of(K::Enter));
    CHECK(p.state().decider != placer);
    // A digit picks directly: the other side's pass.
    p.handle(KeyPress::of(K::Enter));
    p.handle(KeyPress::character('2'));
    CHECK(p.state().decision == rules::Decision::Deploy);
    // D deploys the rest of the army in the standard layout.
    const rules::Side deployer = p.state().decider;
    p.handle(KeyPress::character('D'));
    CHECK(p.state().decider != deployer);
    CHECK(p.message() == "Now " + side_label(g.ctx, p.state().decider) + " decides.");
}

TEST_CASE("the Enter menu keeps each command's number while it is opened on the same square", "[ui][screen]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "g5");
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h7");
    core::ScriptedDice dice = core::ScriptedDice::parse("d6:1 d6:1 d6:1 d6:1 d6:1 d6:1");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    cursor_to(p, test::sq("h7"));
    p.handle(KeyPress::of(K::Enter));
    std::string s = screen_of(p);
    // The moves into h7 first, then the two shots at it: g5's, then h5's.
    REQUIRE(contains(s, "6 shoot g5 h7"));
    REQUIRE(contains(s, "7 shoot h5 h7"));
    p.handle(KeyPress::character('6'));
    p.handle(KeyPress::character('y'));  // the odds first
    INFO(p.message());
    REQUIRE(p.state().units[2].fired);
    if (p.state().decider == rules::Side::B) p.handle(KeyPress::character('d'));  // B lets its reaction go
    REQUIRE(p.state().decider == rules::Side::A);
    // Opened there again: h5's shot is still 7, and 6, g5's shot that is gone, plays nothing.
    p.handle(KeyPress::of(K::Enter));
    s = screen_of(p);
    INFO(s);
    CHECK(contains(s, "7 shoot h5 h7"));
    CHECK_FALSE(contains(s, "6 shoot h5 h7"));
    CHECK(contains(s, "1 move g5 h7"));
    p.handle(KeyPress::character('6'));
    CHECK(contains(p.message(), "6 was a command that is no longer possible here"));
    CHECK_FALSE(p.state().units[3].fired);
    // Elsewhere the numbers start again at 1.
    p.handle(KeyPress::of(K::Escape));
    p.handle(KeyPress::character('j'));
    p.handle(KeyPress::of(K::Enter));
    CHECK(contains(screen_of(p), "1 "));
}

TEST_CASE("turn and pass ask first while the card in play is not used yet and offers commands", "[ui][screen][PS-CARD-4]") {
    test::Position pos = test::board();  // A holds an Infantry Move card
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.next_card(rules::CardKind::Reload);
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    const std::size_t played = p_session.history().size();
    p.handle(KeyPress::character('t'));
    CHECK(contains(p.message(), "Turn the next card? The "));
    CHECK(contains(p.message(), " card in play is not used yet and offers "));
    CHECK(contains(p.message(), "Infantry Move card in play is not used yet and offers"));
    CHECK(contains(p.message(), "(move "));
    p.handle(KeyPress::of(K::Enter));  // only y gives it up
    CHECK(p_session.history().size() == played);
    CHECK(p.message() == "Cancelled.");
    p.handle(KeyPress::character('P'));
    CHECK(contains(p.message(), "Pass? The "));
    p.handle(KeyPress::character('n'));
    CHECK(p_session.history().size() == played);
    // Once the card is used, t turns the next at once.
    command(p, "move h5 h6");
    REQUIRE(p_session.history().size() == played + 1);
    p.handle(KeyPress::character('t'));
    CHECK(std::holds_alternative<rules::TurnCard>(p_session.history().back().command));
    // y gives it up when asked.
    p.handle(KeyPress::character('t'));
    if (contains(p.message(), "not used yet")) p.handle(KeyPress::character('y'));
}

TEST_CASE("with a unit selected, the way m would take it to the cursor is marked before the move (issue 40)",
          "[ui][screen][PS-MOVE-2]") {
    test::Position pos = test::board();  // A holds an Infantry Move card
    pos.add(rules::Side::A, "arquebus", "h4", core::Facing::N);
    pos.add(rules::Side::A, "pike", "h5", core::Facing::N);  // in the way: the cheapest way goes round
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    cursor_to(p, test::sq("h4"));
    p.handle(KeyPress::character(' '));
    REQUIRE(p.selected() == test::sq("h4"));
    CHECK_FALSE(contains(screen_of(p), "\u2022"));  // the cursor on the unit: no way
    cursor_to(p, test::sq("h6"));
    const std::vector<core::Square> way =
        rules::move_way(pos.ctx, pos.s, rules::Move{test::sq("h4"), std::nullopt, test::sq("h6"), std::nullopt, false});
    REQUIRE_FALSE(way.empty());
    CHECK(way.back() == test::sq("h6"));
    ui::MapView view;
    kits::pikette::Screen::mark_way(pos.ctx, pos.s, test::sq("h4"), test::sq("h6"), view);
    CHECK(view.way == way);
    CHECK(contains(screen_of(p), "\u2022"));
    // Played, the move goes that way.
    p.handle(KeyPress::character('m'));
    const auto moved = test::path_of(p_session.history().back().events, 2);
    std::vector<std::string> expected;
    for (const core::Square q : way) expected.push_back(core::to_string(q));
    CHECK(moved == expected);
}

TEST_CASE("a roll typed after : shows its odds first, as its key does (issue 40)", "[ui][screen]") {
    test::Position pos = test::board();  // A holds an Infantry Move card
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h7");
    core::ScriptedDice dice = core::ScriptedDice::parse("d6:1 d6:6");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    const std::size_t before = p_session.history().size();
    command(p, "shoot h5 h7");
    CHECK(p.message() == "shoot h5 h7? y or Enter plays it, any other key cancels.");
    CHECK(p_session.history().size() == before);
    CHECK(contains(screen_of(p), "no effect"));
    p.handle(KeyPress::character('y'));
    INFO(p.message());
    REQUIRE(p_session.history().size() == before + 1);
    CHECK(std::holds_alternative<rules::Shoot>(p_session.history().back().command));
    // What rolls nothing is played at once: B lets its reaction go.
    REQUIRE(p.state().decider == rules::Side::B);
    command(p, "decline");
    CHECK(std::holds_alternative<rules::Decline>(p_session.history().back().command));
}

TEST_CASE("a card a unit rallied on is used: turn and pass no longer ask (issue 40)", "[ui][screen][PS-RALLY-7]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h8", core::Facing::N, rules::UnitStatus::Disordered);
    pos.add(rules::Side::A, "arquebus", "c8", core::Facing::N, rules::UnitStatus::Disordered);
    pos.leader(rules::Side::A, "h5");
    pos.act(rules::Side::A, rules::CardKind::LeaderCheck, 4);
    using kits::pikette::Screen;
    CHECK(Screen::forfeits(pos.ctx, pos.s, rules::Command{rules::TurnCard{}}));
    pos.play("rally h8", "d4:4 d6:1");
    // The card still offers the leader's moves and another rally, but it has been used.
    CHECK_FALSE(Screen::forfeits(pos.ctx, pos.s, rules::Command{rules::TurnCard{}}));
    CHECK_FALSE(Screen::forfeits(pos.ctx, pos.s, rules::Command{rules::Pass{}}));
}

TEST_CASE("the set-up rolls are shown one key at a time, Esc shows the rest", "[ui][screen]") {
    Game g;
    rules::GameState s;
    const rules::Events setup = rules::new_game(g.ctx, s, g.dice);
    REQUIRE(setup.size() >= 4);
    control::Session p_session(g.ctx, s, g.dice);
    PlayScreen p(p_session, {});
    p.reveal(setup);
    CHECK(p.log().size() == 1);
    CHECK(contains(screen_of(p), "Before the battle each army rolls"));
    p.handle(KeyPress::character(' '));
    CHECK(p.log().size() == 2);
    CHECK(p.message() == "Set-up roll 2 of " + std::to_string(setup.size()) + ": Space for the next, Esc shows them all.");
    // Keys do not reach the game while the rolls are shown.
    const core::Square c = p.cursor();
    p.handle(KeyPress::character('k'));
    CHECK(p.cursor() == c);
    CHECK(p.log().size() == 3);
    p.handle(KeyPress::of(K::Escape));
    CHECK(p.log().size() == setup.size());
    CHECK(contains(p.message(), "Set-up rolled."));
    CHECK(contains(screen_of(p), "place terrain"));
}

TEST_CASE("a reaction out of turn is shown in reverse video, with the side to act", "[ui][screen][PS-OPP-3]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h7");
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    pos.next_card(rules::CardKind::Reload);
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    REQUIRE(p.set_option("shot-threshold", "0"));  // the shot stops the game, whatever its odds
    card_key(p, 't');  // A turns a card: B may shoot out of turn (R1)
    REQUIRE(p.state().decision == rules::Decision::React);
    REQUIRE(p.state().decider == rules::Side::B);
    CHECK(p.message() == "Now B Spanish decides, out of turn.");
    TextSurface out(80, 24);
    p.draw(out);
    const std::string s = out.to_string();
    INFO(s);
    // The shot offered with its odds, and the one-key answers.
    CHECK(contains(s, "B Spanish: OUT OF TURN: shoot h7 h5 - hit or\n"));
    CHECK(contains(s, "worse 17%: y fires, n lets it go, D lets all go\n"));
    // The hint's first row, under the map, is in reverse video and B's colour.
    const int row = 17;
    CHECK(out.cell(0, row) == "B");
    CHECK(out.style(0, row).reverse);
    CHECK(out.style(0, row).fg == Color::Blue);
    // d declines: A acts again.
    p.handle(KeyPress::character('d'));
    CHECK(p.state().decider == rules::Side::A);
}

TEST_CASE("D at a reaction lets every reaction go until the side's phase, and unmoved-shots never lets "
          "shots at still units go",
          "[ui][screen][PS-OPP-3]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h7");
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    pos.next_card(rules::CardKind::Reload);
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    SECTION("D") {
        REQUIRE(p.set_option("shot-threshold", "0"));  // the shot stops the game, whatever its odds
        card_key(p, 't');
        REQUIRE(p.state().decision == rules::Decision::React);
        CHECK(p.pass_reactions() == 0);  // a shot not yet let go in this phase: it stops
        p.handle(KeyPress::character('D'));
        CHECK(p.state().decider == rules::Side::A);
        CHECK(p.reactions().waiting(rules::Side::B));
        CHECK(contains(p.message(), "lets every reaction go until its phase"));
    }
    SECTION(":unmoved-shots never") {
        command(p, "unmoved-shots never");
        CHECK(contains(p.message(), "no longer stop the game"));
        card_key(p, 't');
        REQUIRE(p.state().decision == rules::Decision::React);
        CHECK(p.pass_reactions() == 1);
        CHECK(p.state().decider == rules::Side::A);
        CHECK(p_session.history().back().command == rules::Command{rules::Decline{}});
        command(p, "unmoved-shots sometimes");
        CHECK(contains(p.message(), "unmoved-shots ask or unmoved-shots never (now never)"));
    }
    SECTION(":shot-threshold and --shot-threshold") {
        CHECK(p.reactions().shot_threshold() == control::kDefaultShotThreshold);
        command(p, "shot-threshold 100");
        CHECK(contains(p.message(), "less likely than 100% to hit or disorder no longer stop"));
        CHECK(p.reactions().shot_threshold() == 100);
        card_key(p, 't');
        REQUIRE(p.state().decision == rules::Decision::React);
        CHECK(p.pass_reactions() == 1);  // the shot cannot be sure to harm: let go
        // Said once, the first time, in the log.
        const std::string note = p.log()[p.log().size() - 1].text;
        CHECK(contains(note, "Out of turn: shoot h7 h5 (harm "));
        CHECK(contains(note, "% to hit or disorder does not stop the game (to be asked for every shot: shot-threshold 0)"));
        command(p, "shot-threshold 101");
        CHECK(contains(p.message(), "shot-threshold PERCENT, 0 to 100 (now 100)"));
        CHECK(p.set_option("shot-threshold", "0"));
        CHECK(p.reactions().shot_threshold() == 0);
        CHECK_FALSE(p.set_option("shot-threshold", "half"));
        CHECK(p.reactions().shot_threshold() == 0);
    }
}

TEST_CASE("Ctrl-U clears the command line and the computer's message counts its commands since yours",
          "[ui][screen]") {
    test::Position pos = test::board();
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    p.handle(KeyPress::character(':'));
    type(p, "move a1 a2");
    p.handle(KeyPress::character(0x15));
    CHECK(contains(screen_of(p), "> _"));
    p.handle(KeyPress::of(K::Escape));
    // B is played elsewhere: its commands after A's pass are counted on the message line.
    p_session.set_seat(rules::Side::B, control::Seat::computer_at("normal"));
    card_key(p, 'P');  // A passes: B's phase
    REQUIRE(p.state().decider == rules::Side::B);
    REQUIRE(p_session.play(rules::TurnCard{}).ok());
    CHECK(contains(p.message(), "played \"turn\"."));
    const auto second = p_session.play(rules::TurnCard{});
    INFO(second.refused.value_or(""));
    REQUIRE(second.ok());
    CHECK(contains(p.message(), "played \"turn\" (2 commands since yours: Ctrl-P shows them)."));
}

TEST_CASE("a whole game is played to its end with the Enter menu and single keys alone", "[ui][screen]") {
    // What a newcomer does: move the cursor, maybe select, press Enter and pick from the menu,
    // confirm the odds with y. The game must reach its end that way, whatever is picked.
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    std::uint32_t r = 7;
    const auto next = [&r](std::uint32_t n) {
        r = r * 1103515245u + 12345u;
        return (r >> 16) % n;
    };
    int steps = 0;
    int picks = 0;
    while (p.state().decision != rules::Decision::GameOver && steps < 30000) {
        ++steps;
        for (std::uint32_t i = next(4); i > 0; --i) p.handle(KeyPress::character(U"hjklyubn"[next(8)]));
        if (next(3) == 0) p.handle(KeyPress::character(' '));
        p.handle(KeyPress::of(K::Enter));
        if (!contains(screen_of(p), ": Enter plays, Esc cancels")) continue;
        for (std::uint32_t i = next(6); i > 0; --i) p.handle(KeyPress::of(K::Down));
        p.handle(KeyPress::of(K::Enter));
        ++picks;
        if (contains(p.message(), "? y or Enter plays it")) p.handle(KeyPress::character('y'));
    }
    INFO("steps " << steps << ", picks " << picks);
    REQUIRE(p.state().decision == rules::Decision::GameOver);
    const std::string s = screen_of(p);
    CHECK(contains(s, "After the battle"));
    CHECK(contains(s, "points"));
    // The tips on turns, phases and the marching option came once each, in the log.
    std::map<std::string, int> tips;
    for (const LogEntry& e : p.log().entries()) {
        if (e.text.starts_with("Tip: ")) ++tips[e.text.substr(5, 12)];
    }
    CHECK(tips["a turn is ma"] == 1);
    CHECK(tips["a phase is o"] == 1);
    CHECK(tips["marching opt"] == 1);
    CHECK(tips.size() == 3);
}

TEST_CASE("the help key on a unit shows its rules first, then the keys", "[ui][screen]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h8");
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    // The cursor starts on h8: the enemy's arquebus.
    p.handle(KeyPress::character('?'));
    std::string s = screen_of(p);
    CHECK(contains(s, "Rules for B A2 Arquebus (? the keys, any other key closes)"));
    for (const std::string& line : unit_reference(pos.ctx, pos.s, pos.at(rules::Side::B, "h8"))) CHECK(contains(s, line));
    p.handle(KeyPress::character('?'));
    s = screen_of(p);
    CHECK(contains(s, "tercio keys"));
    CHECK_FALSE(contains(s, "Rules for"));
    p.handle(KeyPress::of(K::Escape));
    // A selected unit wins over the one under the cursor.
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    p.handle(KeyPress::character(' '));
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('k'));
    p.handle(KeyPress::character('?'));
    CHECK(contains(screen_of(p), "Rules for A A1 Arquebus"));
    p.handle(KeyPress::character('x'));
    CHECK_FALSE(contains(screen_of(p), "Rules for"));
}

TEST_CASE("a message longer than the screen is wrapped onto the status line above it", "[ui][screen]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    p.handle(KeyPress::character('t'));  // no card to turn while placing terrain
    REQUIRE(p.message().size() > 80);
    TextSurface out(80, 24);
    p.draw(out);
    const std::string s = out.to_string();
    const auto rows = wrap(p.message(), 80, 0, 2);
    CHECK(s.find(rows[0] + "\n" + rows[1]) != std::string::npos);
}

TEST_CASE("once the cursor moves, its square's line wins back the row a long message took (issue 40)",
          "[ui][screen]") {
    test::Position pos = test::board();
    core::SeededDice dice{3};
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    p_session.set_seat(rules::Side::B, control::Seat::computer_at("normal"));
    card_key(p, 'P');  // A passes: B's phase, played by the computer
    // B turns cards until A decides again (or its words fill a row).
    for (int i = 0; i < 20 && p.state().decider == rules::Side::B && code_points(p.message()).size() <= 80; ++i) {
        INFO(p.message());
        REQUIRE(p_session.play(rules::legal_commands(pos.ctx, p.state()).front()).ok());
    }
    const std::string news = p.message();
    INFO(news);
    REQUIRE(code_points(news).size() > 80);
    const auto row = [&p](int y) {
        TextSurface s(80, 24);
        p.draw(s);
        std::string r;
        for (int x = 0; x < 80; ++x) r += s.cell(x, y);
        while (!r.empty() && r.back() == ' ') r.pop_back();
        return r;
    };
    // The computer's news takes the square's line and the message line.
    const auto rows = wrap(news, 80, 0, 2);
    CHECK(row(22) == rows[0]);
    // The cursor moves: the line under the map is its square's again, the news keeps one row.
    p.handle(KeyPress::character('l'));
    CHECK(row(22) == square_status(pos.ctx, p.state(), p.cursor(), 80));
    const auto cells = code_points(news);
    std::string cut;
    for (int i = 0; i < 77; ++i) cut += cells[static_cast<std::size_t>(i)];
    CHECK(row(23) == cut + "...");
    CHECK(p.message() == news);  // the same message: what was played is in the log too
    // A new message that long takes both rows again, until the cursor moves.
    p.show_message(news + " Again.");
    CHECK(row(22) == wrap(news + " Again.", 80, 0, 2)[0]);
    p.handle(KeyPress::of(K::Left));
    CHECK(row(22) == square_status(pos.ctx, p.state(), p.cursor(), 80));
}

// --- what a newcomer tripped over (issue 19) ---------------------------------------------------

TEST_CASE("Ctrl-C asks before quitting as Q does, and a second Ctrl-C quits", "[ui][screen]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    REQUIRE(p.handle(KeyPress::character(':')));
    type(p, "terrain");
    CHECK(p.handle(KeyPress::of(K::Interrupt)));
    CHECK(p.message() == "Really quit? The game is not saved. (y/N)");
    CHECK(p.handle(KeyPress::character('n')));
    CHECK(p.message() == "Not quitting.");
    CHECK_FALSE(contains(screen_of(p), "> terrain"));  // the half-typed command was dropped
    CHECK(p.handle(KeyPress::of(K::Interrupt)));
    CHECK_FALSE(p.handle(KeyPress::of(K::Interrupt)));
}

TEST_CASE("a resize or a redraw keeps the question being asked", "[ui][screen]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    REQUIRE(p.handle(KeyPress::character('Q')));
    const std::string asked = p.message();
    CHECK(p.handle(KeyPress::of(K::Resize)));
    CHECK(p.handle(KeyPress::of(K::CtrlR)));
    CHECK(p.message() == asked);
    CHECK_FALSE(p.handle(KeyPress::character('y')));
}

TEST_CASE("while the terminal is too small, keys do nothing unseen: only Q then y quit", "[ui][screen]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    const rules::Side decider = p.state().decider;
    CHECK(screen_of(p, 60, 20).rfind("terminal too small", 0) == 0);
    command(p, "terrain pass");
    CHECK(p.state().decider == decider);  // not played
    CHECK(session.history().empty());
    // Back to a big enough screen, the same keys play.
    CHECK_FALSE(contains(screen_of(p), "terminal too small"));
    command(p, "terrain pass");
    CHECK(session.history().size() == 1);
    screen_of(p, 60, 20);
    CHECK(p.handle(KeyPress::character('Q')));
    CHECK(contains(p.message(), "quit?"));
    CHECK_FALSE(p.handle(KeyPress::character('y')));
}

TEST_CASE("the history scrolls by pages, Home and End go to its ends and keep it open", "[ui][screen]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    rules::Events many;
    for (int i = 0; i < 200; ++i) many.push_back(rules::LeaderMoved{rules::Side::A, core::make_square(i % 15, 0), core::make_square(i % 15, 1), false});
    p.record(many);
    REQUIRE(p.handle(KeyPress::of(K::CtrlP)));
    const std::string end = screen_of(p);
    REQUIRE(contains(end, "History (PgUp/PgDn a page"));
    p.handle(KeyPress::of(K::PageUp));
    const std::string page_up = screen_of(p);
    CHECK(page_up != end);
    // A page is the screen's rows less one: the top line of the end view is now near the bottom.
    p.handle(KeyPress::of(K::Home));
    const std::string top = screen_of(p);
    CHECK(contains(top, "History"));  // still open
    p.handle(KeyPress::of(K::PageUp));  // past the top: stays there
    CHECK(screen_of(p) == top);
    p.handle(KeyPress::of(K::End));
    CHECK(screen_of(p) == end);
    p.handle(KeyPress::of(K::PageDown));  // past the end: stays there
    CHECK(screen_of(p) == end);
    p.handle(KeyPress::of(K::PageUp));
    p.handle(KeyPress::of(K::PageUp));
    p.handle(KeyPress::of(K::PageDown));
    CHECK(screen_of(p) == page_up);
    p.handle(KeyPress::character('k'));
    CHECK(screen_of(p) != page_up);
    p.handle(KeyPress::character('j'));
    CHECK(screen_of(p) == page_up);
    p.handle(KeyPress::of(K::Escape));
    CHECK_FALSE(contains(screen_of(p), "History (PgUp"));
}

TEST_CASE(":help, :quit and :save work on the command line as in the plain mode", "[ui][screen]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    command(p, "help");
    CHECK(contains(screen_of(p), "tercio keys"));
    p.handle(KeyPress::of(K::Escape));
    command(p, "save");
    CHECK(p.message() == "This game is not being saved.");
    command(p, "quit");
    CHECK(p.message() == "Really quit? The game is not saved. (y/N)");
    CHECK_FALSE(p.handle(KeyPress::character('y')));
}

TEST_CASE("concede names the side that would concede and takes only y, and a finished game quits without resume",
          "[ui][screen][PS-VICTORY-2]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    const rules::Side decider = p.state().decider;
    command(p, "concede");
    CHECK(p.message() == control::side_name(g.ctx, decider) + " concedes the battle and loses it. Sure? (y/N)");
    CHECK(p.handle(KeyPress::of(K::Enter)));  // Enter does not concede
    CHECK(p.message() == "Cancelled.");
    CHECK_FALSE(session.over());
    command(p, "concede");
    CHECK(p.handle(KeyPress::character('y')));
    CHECK(session.over());
    p.set_save_action([] { return std::string("Saved"); });
    CHECK(p.handle(KeyPress::character('Q')));
    CHECK(p.message() == "Quit? The game is over and saved: tercio replay shows it again. (y/N)");
}

TEST_CASE("Tab with no match says so above the command line", "[ui][screen]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    REQUIRE(p.handle(KeyPress::character(':')));
    type(p, "zz");
    REQUIRE(p.handle(KeyPress::of(K::Tab)));
    const std::string s = screen_of(p);
    CHECK(contains(s, "no legal command starts with \"zz\"\n> zz_"));
}

TEST_CASE("? twice: from the keys to what the map's marks and the side pane mean", "[ui][screen]") {
    Game g;
    control::Session session(g.ctx, g.start(), g.dice);
    PlayScreen p(session, {});
    p.handle(KeyPress::character('?'));
    CHECK(contains(screen_of(p), "tercio keys (? what the map's marks mean"));
    p.handle(KeyPress::character('?'));
    const std::string s = screen_of(p);
    for (const char* words : {"!  Routed", "?  Disordered", "@  the leader is with it", "*  fired, not loaded",
                              "the letter, its facing, then its marks", "↙ SW  ← W  ↖ NW",
                              "only the first mark shows", "T1 6st",
                              "×  units of both sides", "±  both", "♣  wood", "Opp             opportunity chips",
                              "Deck Disc", "marching option", "Turn 3 of 10"}) {
        INFO(words);
        CHECK(contains(s, words));
    }
    // Every row fits 80 columns: drawn 120 wide, none goes past the 80th.
    std::string wide = screen_of(p, 120, 30);
    wide = wide.substr(0, wide.find("--- styles"));
    std::size_t start = 0;
    while (start < wide.size()) {
        const std::size_t end = std::min(wide.find('\n', start), wide.size());
        const std::string row = wide.substr(start, end - start);
        INFO(row);
        CHECK(code_points(row).size() <= 80);
        start = end + 1;
    }
    // In ASCII, the ASCII marks.
    PlayScreen ascii(session, ScreenOptions{false, true});
    ascii.handle(KeyPress::character('?'));
    ascii.handle(KeyPress::character('?'));
    const std::string t = screen_of(ascii);
    CHECK(contains(t, "&  wood"));
    CHECK(contains(t, "v S  , SW  < W  ' NW"));  // each facing its own mark, right of the letter
    for (unsigned char c : t) CHECK(c < 0x80);
    ascii.handle(KeyPress::character('?'));  // a third ? closes it
    CHECK_FALSE(contains(screen_of(ascii), "The map's marks"));
}

namespace {

/// Types characters as the curses front end gives them: one key a code point.
void type_keys(PlayScreen& p, std::u32string_view text) {
    for (const char32_t c : text) REQUIRE(p.handle(KeyPress::character(c)));
}

/// The row of the command line ("> ..."), from a screen drawn on a TextSurface.
std::string prompt_row(const PlayScreen& p, int w = 80, int h = 24) {
    TextSurface s(w, h);
    p.draw(s);
    std::string row;
    for (int x = 0; x < w; ++x) row += s.cell(x, h - 1);
    while (!row.empty() && row.back() == ' ') row.pop_back();
    return row;
}

}  // namespace

TEST_CASE("the chat line takes letters of any script and sends them byte for byte",
          "[ui][screen][chat]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    std::vector<std::string> said;
    p.set_chat([&said](const std::string& text) { said.push_back(text); });
    SECTION("accented letters") {
        REQUIRE(p.handle(KeyPress::character('"')));
        type_keys(p, U"\u00FCn\u00EFcode");
        // One cell a character: the '_' right after the last letter.
        CHECK(prompt_row(p) == "> say \u00FCn\u00EFcode_");
        REQUIRE(p.handle(KeyPress::of(K::Enter)));
        REQUIRE(said.size() == 1);
        CHECK(said[0] == "\u00FCn\u00EFcode");
        CHECK(said[0] ==
              "\xc3\xbc"
              "n\xc3\xaf"
              "code");
    }
    SECTION("backspace takes back a whole character, all its bytes") {
        REQUIRE(p.handle(KeyPress::character('"')));
        type_keys(p, U"\u00FCn\u00EF");
        REQUIRE(p.handle(KeyPress::of(K::Backspace)));
        CHECK(prompt_row(p) == "> say \u00FCn_");
        type_keys(p, U"icode \u00C5sa \u0416 \u6F22\u5B57 \U0001F600");
        REQUIRE(p.handle(KeyPress::of(K::Backspace)));  // four bytes
        REQUIRE(p.handle(KeyPress::of(K::Enter)));
        REQUIRE(said.size() == 1);
        CHECK(said[0] == "\u00FCnicode \u00C5sa \u0416 \u6F22\u5B57 ");
    }
    SECTION("control and invisible characters are not taken") {
        REQUIRE(p.handle(KeyPress::character('"')));
        type_keys(p, U"a\u202Eb\u200Bc\u0085d\u2028e\uFEFF");
        REQUIRE(p.handle(KeyPress::character(0xFFFFFFC3)));  // no code point at all
        REQUIRE(p.handle(KeyPress::of(K::Enter)));
        REQUIRE(said.size() == 1);
        CHECK(said[0] == "abcde");
    }
    SECTION("a line longer than the row shows its end") {
        REQUIRE(p.handle(KeyPress::character('"')));
        std::u32string line;
        for (int i = 0; i < 30; ++i) line += U"\u00E9t\u00E9 ";
        type_keys(p, line);
        const std::string row = prompt_row(p);
        CHECK(row.starts_with("> <"));
        CHECK(row.ends_with("\u00E9t\u00E9 _"));
        CHECK(code_points(row).size() == 80);
        REQUIRE(p.handle(KeyPress::of(K::Enter)));
        REQUIRE(said.size() == 1);
        CHECK(code_points(said[0]).size() == 120);
    }
    SECTION("a typed command stays ASCII: other letters are refused and change nothing") {
        REQUIRE(p.handle(KeyPress::character(':')));
        type_keys(p, U"terrain \u00FC");
        CHECK(contains(p.message(), "A command is typed in ASCII letters; \" starts a chat line"));
        CHECK(prompt_row(p) == "> terrain _");
        type_keys(p, U"pass");
        const rules::Side first = p.state().decider;
        REQUIRE(p.handle(KeyPress::of(K::Enter)));
        CHECK(p.state().decider != first);  // played
        CHECK(said.empty());
        // A chat line turned back into a command by backspace refuses them too.
        REQUIRE(p.handle(KeyPress::character('"')));
        type_keys(p, U"\u00FC");
        for (int i = 0; i < 2; ++i) REQUIRE(p.handle(KeyPress::of(K::Backspace)));
        type_keys(p, U"\u00FC");
        CHECK(prompt_row(p) == "> say_");
    }
}

TEST_CASE("without a chat, the command line refuses letters beyond ASCII", "[ui][screen][chat]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    REQUIRE(p.handle(KeyPress::character(':')));
    type_keys(p, U"\u00FC");
    CHECK(p.message() == "A command is typed in ASCII letters.");
    CHECK(prompt_row(p) == "> _");
}

TEST_CASE("a spectator's message counts the commands since they began watching or pressed a key",
          "[ui][screen][spectator]") {
    test::Position pos = test::board();
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    // A network spectator's copy of the game: both sides are played at other terminals.
    p_session.set_seat(rules::Side::A, control::Seat::elsewhere_as("alice"));
    p_session.set_seat(rules::Side::B, control::Seat::elsewhere_as("bob"));
    PlayScreen p(p_session, {});
    p.set_chat([](const std::string&) {});
    REQUIRE(p_session.play(rules::Pass{}).ok());
    CHECK(contains(p.message(), "played \"pass\"."));
    REQUIRE(p_session.play(rules::TurnCard{}).ok());
    CHECK(contains(p.message(),
                   "played \"turn\" (2 commands since you began watching: Ctrl-P shows them)."));
    const std::string screen = screen_of(p, 120, 24);
    CHECK(contains(screen, "(2 commands since you began watching: Ctrl-P shows them)."));
    CHECK_FALSE(contains(screen, "since yours"));
    // A key (here a look at a square) restarts the count; a resize does not.
    p.handle(KeyPress::character('h'));
    REQUIRE(p_session.play(rules::TurnCard{}).ok());
    CHECK(contains(p.message(), "played \"turn\"."));
    p.handle(KeyPress::of(K::Resize));
    const rules::Command next = rules::legal_commands(pos.ctx, p.state()).front();
    REQUIRE(p_session.play(next).ok());
    CHECK(contains(p.message(),
                   "played \"" + rules::print(next) +
                       "\" (2 commands since you last pressed a key: Ctrl-P shows them)."));
}

TEST_CASE("a stop out of turn is answered with one key: y takes the reaction offered, n lets it go, 1-9 "
          "picks one of several",
          "[ui][screen][PS-OPP-3]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h7");
    pos.next_card(rules::CardKind::Reload);
    SECTION("one shot offered: y fires it at once, the cursor stays") {
        core::ScriptedDice dice = core::ScriptedDice::parse("d6:1 d6:6");  // no effect
        control::Session p_session(pos.ctx, pos.s, dice);
        PlayScreen p(p_session, {});
        REQUIRE(p.set_option("shot-threshold", "0"));
        card_key(p, 't');
        REQUIRE(p.state().decision == rules::Decision::React);
        const core::Square cursor = p.cursor();
        p.handle(KeyPress::character('y'));
        CHECK(p.cursor() == cursor);
        CHECK(p_session.history().back().command ==
              rules::Command{rules::Shoot{core::parse_square("h7").value(), core::parse_square("h5").value()}});
    }
    SECTION("n lets it go, the cursor stays") {
        core::ScriptedDice dice = core::ScriptedDice::parse("");
        control::Session p_session(pos.ctx, pos.s, dice);
        PlayScreen p(p_session, {});
        REQUIRE(p.set_option("shot-threshold", "0"));
        card_key(p, 't');
        REQUIRE(p.state().decision == rules::Decision::React);
        const core::Square cursor = p.cursor();
        p.handle(KeyPress::character('n'));
        CHECK(p.cursor() == cursor);
        CHECK(p_session.history().back().command == rules::Command{rules::Decline{}});
        CHECK(p.state().decider == rules::Side::A);
        // No stop now: y and n move the cursor again.
        p.handle(KeyPress::character('y'));
        CHECK(p.cursor() != cursor);
    }
    SECTION("two shots offered: listed beside the map with their odds, picked by their digit") {
        pos.add(rules::Side::A, "arquebus", "c5");
        pos.add(rules::Side::B, "arquebus", "c7");
        core::ScriptedDice dice = core::ScriptedDice::parse("d6:1 d6:6");
        control::Session p_session(pos.ctx, pos.s, dice);
        PlayScreen p(p_session, {});
        REQUIRE(p.set_option("shot-threshold", "0"));
        card_key(p, 't');
        REQUIRE(p.state().decision == rules::Decision::React);
        const std::string s = screen_of(p);
        INFO(s);
        CHECK(contains(s, "B Spanish: OUT OF TURN, 2 reactions listed"));
        CHECK(contains(s, "right: 1-2 picks one, n lets them go, D lets all"));
        CHECK(contains(s, "Out of turn: 1-2 picks"));
        CHECK(contains(s, "1 shoot h7 h5 - hit or worse"));
        CHECK(contains(s, "2 shoot c7 c5 - hit or worse"));
        const std::size_t before = p_session.history().size();
        p.handle(KeyPress::character('y'));
        CHECK(p.message() == "2 reactions are offered: 1-2 picks one.");
        CHECK(p_session.history().size() == before);
        p.handle(KeyPress::character('2'));
        CHECK(p_session.history().back().command ==
              rules::Command{rules::Shoot{core::parse_square("c7").value(), core::parse_square("c5").value()}});
    }
}

TEST_CASE("an evade shows where it will go before it is chosen: in the prompt, the menu and on the map (issue 40)",
          "[ui][screen][PS-INVOL-4][PS-OPP-9]") {
    test::Position pos = test::board();  // A holds an Infantry Move card
    pos.add(rules::Side::A, "pike", "h4");
    pos.add(rules::Side::B, "skirmishers", "h5", core::Facing::E);
    const auto near = pos.add(rules::Side::A, "militia", "g8");
    pos.play("move h4 h5");
    REQUIRE(pos.s.react_window == rules::ReactWindow::Evade);
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    // The one-key prompt says where it goes and what waits there.
    const std::string offer =
        kits::pikette::Text::reaction_offer(pos.ctx, pos.s, rules::Command{rules::Evade{}}).text;
    CHECK(offer == "evade with " + control::unit_name(pos.ctx, pos.s, 3) + " from h5 to h7 by h6, Disordered there, next to enemy " +
                       control::unit_name(pos.ctx, pos.s, near) + " in g8");
    std::string s = screen_of(p, 120, 40);
    INFO(s);
    CHECK(contains(s, "h7 by h6, Disordered there, next to enemy"));
    // The map marks its path while the stop waits, with nothing selected.
    ui::MapView view;
    kits::pikette::Screen::mark_offer(pos.ctx, pos.s, rules::Command{rules::Evade{}}, view);
    CHECK(view.reach == std::vector<core::Square>{test::sq("h6"), test::sq("h7")});
    // Selected, the evader's reach is the same path; the Enter menu names it in brief.
    ui::MapView selected;
    kits::pikette::Screen::mark_reach(pos.ctx, pos.s, test::sq("h5"), selected);
    CHECK(selected.reach == view.reach);
    cursor_to(p, test::sq("h5"));
    p.handle(KeyPress::of(K::Enter));
    s = screen_of(p);
    UNSCOPED_INFO(s);
    CHECK(contains(s, "2 evade to h7, 1 enemy near\n"));
    // Off the board: it says the unit is lost.
    test::Position edge = test::board();
    edge.add(rules::Side::A, "arquebus", "h13");
    edge.add(rules::Side::B, "light_horse", "h14", core::Facing::S);
    edge.play("move h13 h14");
    REQUIRE(edge.s.react_window == rules::ReactWindow::Evade);
    CHECK(contains(kits::pikette::Text::reaction_offer(edge.ctx, edge.s, rules::Command{rules::Evade{}}).text,
                   "from h14 off the board by h15: lost for the battle (PS-MOVE-11)"));
}
