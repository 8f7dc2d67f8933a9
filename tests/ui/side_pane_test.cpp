// The side pane: snapshots of the status beside the map, drawn on a text surface from positions
// played with the rules engine.
#include "kits/pikette/side_pane.hpp"

#include <catch2/catch.hpp>
#include <string>

#include "tests/rules/position_fixture.hpp"

namespace tercio::test {
namespace {

using core::Facing;
using rules::CardKind;
using rules::Decision;
using rules::Side;
using ui::Color;
using ui::Rect;
using ui::TextSurface;

constexpr Side A = Side::A;
constexpr Side B = Side::B;

/// The pane's designed size: 80 columns minus the 48-column map and a gap.
constexpr int kWidth = 31;
constexpr int kHeight = 8;

std::string draw(const Position& p, int width = kWidth, int height = kHeight,
                 ui::StatusOptions o = {}) {
    TextSurface out(width, height);
    ui::draw_status(out, Rect{0, 0, width, height}, p.ctx, p.s, o);
    return out.to_string();
}

/// Turn 3 of 10, French arquebus at h8 and Spanish pike at h10 (PS-EX-8), A on its first phase
/// with 7 pips, a few cards turned, B with 2 opportunity chips and 1 morale chip lost.
Position mid_game() {
    Position p = board();
    p.add(A, "arquebus", "h8", Facing::N);
    p.add(B, "pike", "h10", Facing::E);
    p.act(A, CardKind::InfantryMove, 7);
    p.s.turn = 3;
    p.s.decks[0].drawn = 5;  // 4 discards and the current card
    p.s.decks[0].cards[4] = CardKind::InfantryMove;
    p.s.decks[1].drawn = 6;
    p.s.opportunity_chips = {0, 2};
    p.s.morale_chips = {12, 11};
    return p;
}

}  // namespace

TEST_CASE("Side pane: a player to act in the middle of a game", "[ui][side]") {
    const Position p = mid_game();
    REQUIRE(p.s.decks[0].size == 20);
    CHECK(draw(p) == R"(Turn 3 of 10, 7 to nightfall
A to act: spend pips or pass
1st phase: A French, 7 pips
Card: Infantry Move

           Deck Disc Opp Morale
A French     15    4   0     12
B Spanish    14    6   2     11)");
}

TEST_CASE("Side pane: a reaction window after a card is turned", "[ui][side]") {
    Position p = mid_game();
    p.act(B, CardKind::MillingAround, 5);
    p.s.phase = 1;
    p.s.decks[0].drawn = 5;
    p.s.decks[1].drawn = 7;
    p.next_card(CardKind::MillingAround);
    p.play("turn");
    REQUIRE(p.s.decision == Decision::React);
    REQUIRE(p.s.decider == A);
    CHECK(draw(p) == R"(Turn 3 of 10, 7 to nightfall
A may react: shoot or decline
2nd phase: B Spanish, 4 pips
Card: Milling Around

           Deck Disc Opp Morale
A French     15    5   3     12
B Spanish    12    7   2     11)");
}

TEST_CASE("Side pane: a chip decision after a hit", "[ui][side]") {
    Position p = mid_game();
    p.play("shoot h8 h10", "d8:7 d6:2");
    REQUIRE(p.s.decision == Decision::Chip);
    CHECK(draw(p) == R"(Turn 3 of 10, 7 to nightfall
A may chip P1 or decline
1st phase: A French, 6 pips
Card: Infantry Move

           Deck Disc Opp Morale
A French     15    4   0     12
B Spanish    14    6   2     11)");
    CHECK(ui::decision_text(p.ctx, p.s) == "A may chip P1 or decline");
}

TEST_CASE("Side pane: the game is over", "[ui][side]") {
    SECTION("a concession") {
        Position p = mid_game();
        p.play("concede");
        REQUIRE(p.s.decision == Decision::GameOver);
        CHECK(draw(p) == R"(Game over: concession, turn 3
B Spanish wins
Points: A 10, B 10

           Deck Disc Opp Morale
A French     15    4   0     12
B Spanish    14    6   2     11
)");
    }
    SECTION("nightfall with the points level is a draw") {
        Position p = mid_game();
        p.s.turn = 10;
        p.s.decision = Decision::GameOver;
        p.s.end = rules::GameEnd::Nightfall;
        CHECK(draw(p) == R"(Game over: nightfall, turn 10
A draw
Points: A 10, B 10

           Deck Disc Opp Morale
A French     15    4   0     12
B Spanish    14    6   2     11
)");
    }
}

TEST_CASE("Side pane: the decision line names the side and its choices", "[ui][side]") {
    Position p = mid_game();
    const auto text = [&] { return ui::decision_text(p.ctx, p.s); };
    const auto pike = static_cast<std::uint8_t>(p.at(B, "h10"));
    p.s.decision = Decision::React;
    p.s.decider = B;
    p.s.react_window = rules::ReactWindow::Step;
    CHECK(text() == "B may charge, shoot or decline");
    p.s.react_window = rules::ReactWindow::Evade;
    CHECK(text() == "B may react: evade or decline");
    p.s.react_window = rules::ReactWindow::Action;
    CHECK(text() == "B may react: shoot or decline");
    p.s.forced_charger = pike;
    CHECK(text() == "B must charge with P1");
    p.s.decision = Decision::FollowUp;
    p.s.choice_unit = pike;
    CHECK(text() == "B: P1 may follow or stay");
    p.s.decision = Decision::Pursue;
    CHECK(text() == "B: P1 may pursue or stay");
    p.s.decision = Decision::Courage;
    CHECK(text() == "B: pick a unit to check morale");
    p.s.decision = Decision::LeaderEscape;
    CHECK(text() == "B leader: escape or decline");
    p.s.decision = Decision::Deploy;
    CHECK(text() == "B deploys its army");
    p.s.decision = Decision::InitiativeChoice;
    CHECK(text() == "B chooses: first or second");
    p.s.decision = Decision::Act;
    p.s.decider = A;
    p.s.has_current_card = false;
    CHECK(text() == "A to act: turn a card or pass");
}

TEST_CASE("Side pane: colours and styles, and none without colour", "[ui][side]") {
    const Position p = mid_game();
    TextSurface out(kWidth, kHeight);
    ui::draw_status(out, Rect{0, 0, kWidth, kHeight}, p.ctx, p.s);
    CHECK(out.style(0, 1) == ui::Style{Color::Red, true, true});  // A decides: reverse, bold
    CHECK(out.style(0, 6).fg == Color::Red);
    CHECK(out.style(0, 7).fg == Color::Blue);
    TextSurface mono(kWidth, kHeight);
    ui::draw_status(mono, Rect{0, 0, kWidth, kHeight}, p.ctx, p.s, ui::StatusOptions{false});
    CHECK(mono.to_string() == out.to_string());
    CHECK(mono.style(0, 1) == ui::Style{Color::Default, true, true});
    CHECK(mono.style(0, 7).fg == Color::Default);
}

TEST_CASE("Side pane: a narrow or short area truncates and stays inside it", "[ui][side]") {
    const Position p = mid_game();
    TextSurface out(24, 7);
    for (int y = 0; y < 7; ++y) out.put(0, y, std::string(24, '.'));
    ui::draw_status(out, Rect{2, 1, 18, 5}, p.ctx, p.s);
    CHECK(out.to_string() == R"(........................
..Turn 3 of 10, 7 to....
..A to act: spend pi....
..1st phase: A Frenc....
..Card: Infantry Mov....
..    Deck Disc Opp ....
........................)");
    SECTION("nothing at all in an empty area") {
        TextSurface none(10, 3);
        ui::draw_status(none, Rect{0, 0, 0, 3}, p.ctx, p.s);
        ui::draw_status(none, Rect{0, 0, 10, 0}, p.ctx, p.s);
        CHECK(none.to_string() == "\n\n");
    }
    SECTION("a 7-row area leaves out the blank line before the table") {
        CHECK(draw(p, kWidth, 7) == R"(Turn 3 of 10, 7 to nightfall
A to act: spend pips or pass
1st phase: A French, 7 pips
Card: Infantry Move
           Deck Disc Opp Morale
A French     15    4   0     12
B Spanish    14    6   2     11)");
    }
}

}  // namespace tercio::test

namespace tercio::test {

TEST_CASE("Side pane: during set-up there is no phase and no card", "[ui][side]") {
    Position p = board();
    core::SeededDice dice(7);
    rules::new_game(p.ctx, p.s, dice);
    REQUIRE(p.s.turn == 0);
    TextSurface out(kWidth, kHeight);
    ui::draw_status(out, Rect{0, 0, kWidth, kHeight}, p.ctx, p.s);
    const std::string text = out.to_string();
    CHECK(text.rfind("Set-up", 0) == 0);
    CHECK(contains(text, ui::decision_text(p.ctx, p.s)));
    CHECK_FALSE(contains(text, "phase"));
    CHECK_FALSE(contains(text, "Card:"));
    CHECK(contains(text, "A French"));
}

TEST_CASE("Side pane: the initiative rolls while the winner chooses", "[ui][side][PS-INIT-2]") {
    Position p = mid_game();
    p.s.decision = rules::Decision::InitiativeChoice;
    p.s.decider = B;
    p.s.initiative_roll = {4, 11};
    p.s.has_current_card = false;
    const std::string s = draw(p);
    CHECK(s.find("B chooses: first or second\nInitiative rolls: A 4, B 11\n") != std::string::npos);
    CHECK(s.find("pips") == std::string::npos);
}

}  // namespace tercio::test
