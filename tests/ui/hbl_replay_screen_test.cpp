// The replay screen over Hell Broke Loose's kit (src/ui/replay_screen_of.hpp): a game's commands
// added as a save's replay would add them, then stepped through by command, card and turn,
// autoplayed, and drawn with the game screen's map and side pane.
#include <catch2/catch.hpp>

#include "core/dice.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"
#include "kits/hbl/replay_screen.hpp"

using namespace tercio;
using ui::KeyPress;
using K = KeyPress::Kind;
using test::contains;
using HblReplayScreen = ui::ReplayScreenOf<kits::HblKit>;

namespace {

/// A replay screen holding `n` random commands of French v Ottoman from seed 5, and the states.
struct Recorded {
    hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    std::vector<hbl::GameState> states;
    std::vector<bool> card;
    std::optional<HblReplayScreen> screen;
};

void record(Recorded& r, int n) {
    core::SeededDice dice(5);
    hbl::GameState s;
    const hbl::Events setup = hbl::new_game(r.ctx, s, dice);
    r.screen.emplace(r.ctx, s, setup, 5, dice.calls(), ui::ScreenOptions{}, 200);
    r.states.push_back(s);
    core::SeededDice chooser(11);
    for (int i = 0; i < n && !s.over(); ++i) {
        const auto c = hbl::random_legal(r.ctx, s, chooser, nullptr);
        REQUIRE(c);
        const hbl::GameState before = s;
        const core::Side by = hbl::deciding_side(s);
        auto played = hbl::play(r.ctx, s, *c, dice);
        REQUIRE(played.ok());
        r.screen->add(*c, by, played.events, before, s, dice.calls());
        r.states.push_back(s);
        r.card.push_back(std::holds_alternative<hbl::cmd::Turn>(*c));
    }
}

std::string screen_of(const HblReplayScreen& screen) {
    ui::TextSurface s(80, 24);
    screen.draw(s);
    return s.to_string();
}

}  // namespace

TEST_CASE("the Hell Broke Loose replay steps by command, card and turn", "[ui][hbl][replay]") {
    Recorded r;
    record(r, 400);
    HblReplayScreen& screen = *r.screen;
    REQUIRE(screen.size() == r.states.size() - 1);
    CHECK(screen.position() == 0);
    CHECK(screen.status_line() == "REPLAY  command 0 of " + std::to_string(screen.size()) + ": the initiative roll, turn 1");
    std::string s = screen_of(screen);
    CHECK(contains(s, " REPLAY"));
    CHECK(contains(s, "A  D10   21/21  30"));  // the side pane's status, as the game screen's
    CHECK(contains(s, "Initiative: A rolls 7, B"));  // the log, in the side pane
    // One command forward and back: the state is the one recorded there.
    screen.handle(KeyPress::of(K::Right));
    CHECK(screen.position() == 1);
    CHECK(hbl::state_hash(screen.state()) == hbl::state_hash(r.states[1]));
    screen.handle(KeyPress::of(K::Left));
    CHECK(screen.position() == 0);
    screen.handle(KeyPress::of(K::Left));
    CHECK(screen.message() == "The start: the initiative roll, before any command.");
    // The next card turned, and back.
    std::size_t first_card = 0;
    while (!r.card[first_card]) ++first_card;
    screen.handle(KeyPress::character('n'));
    CHECK(screen.position() == first_card + 1);
    screen.handle(KeyPress::character('n'));
    const std::size_t second = screen.position();
    CHECK(second > first_card + 1);
    CHECK(r.card[second - 1]);
    screen.handle(KeyPress::character('p'));
    CHECK(screen.position() == first_card + 1);
    // The end, and a turn typed after t.
    screen.handle(KeyPress::character('G'));
    CHECK(screen.position() == screen.size());
    CHECK(hbl::state_hash(screen.state()) == hbl::state_hash(r.states.back()));
    const int last_turn = screen.state().turn;
    REQUIRE(last_turn >= 2);
    screen.handle(KeyPress::character('t'));
    screen.handle(KeyPress::character('2'));
    screen.handle(KeyPress::of(K::Enter));
    CHECK(screen.state().turn == 2);
    CHECK(r.states[screen.position() - 1].turn == 1);  // the first position of turn 2
    CHECK_FALSE(screen.turn_start(last_turn + 1));
    CHECK(screen.state().turn == 2);
    screen.handle(KeyPress::character('g'));
    CHECK(screen.position() == 0);
}

TEST_CASE("the Hell Broke Loose replay autoplays to the end, and quits on q", "[ui][hbl][replay]") {
    Recorded r;
    record(r, 30);
    HblReplayScreen& screen = *r.screen;
    CHECK_FALSE(screen.wait_ms());
    screen.handle(KeyPress::of(K::Enter));
    CHECK(screen.playing());
    CHECK(screen.wait_ms() == 200);
    screen.handle(KeyPress::character('+'));
    CHECK(screen.wait_ms() == 100);
    for (std::size_t i = 0; i < screen.size() + 2; ++i) screen.tick();
    CHECK(screen.position() == screen.size());
    CHECK_FALSE(screen.playing());
    CHECK(screen.message().rfind("The end of the save", 0) == 0);
    screen.handle(KeyPress::character('?'));
    CHECK(contains(screen_of(screen), "tercio replay keys"));
    CHECK(contains(screen_of(screen), "forward to the next card turned"));
    screen.handle(KeyPress::character('x'));
    CHECK(contains(screen_of(screen), "REPLAY  command 30 of 30"));
    CHECK_FALSE(screen.handle(KeyPress::character('q')));
}
