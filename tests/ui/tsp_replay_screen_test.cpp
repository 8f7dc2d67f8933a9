// The replay screen over The Sword and the Pike's kit (src/ui/replay_screen_of.hpp): a game's
// commands added as a save's replay would add them, then stepped through by command, by card
// pulled and by turn, autoplayed, and drawn with the game screen's map and side pane.
#include <catch2/catch.hpp>

#include "core/dice.hpp"
#include "kits/tsp/replay_screen.hpp"
#include "tests/tsp/fixture.hpp"

using namespace tercio;
using ui::KeyPress;
using K = KeyPress::Kind;
using TspReplayScreen = ui::ReplayScreenOf<kits::TspKit>;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// A replay screen holding `n` random commands of Red against Black from seed 5, and the states.
struct Recorded {
    tsp::Context ctx = test::tsp_context();
    std::vector<tsp::GameState> states;
    std::vector<bool> card;  ///< whether command i pulled a card that puts a unit to act
    std::optional<TspReplayScreen> screen;
};

void record(Recorded& r, int n) {
    core::SeededDice dice(5);
    tsp::GameState s;
    const tsp::Events setup = tsp::new_game(r.ctx, s, dice);
    r.screen.emplace(r.ctx, s, setup, 5, dice.calls(), ui::ScreenOptions{}, 200);
    r.states.push_back(s);
    core::SeededDice chooser(11);
    for (int i = 0; i < n && !s.over(); ++i) {
        const auto c = tsp::random_legal(r.ctx, s, chooser, nullptr);
        REQUIRE(c);
        const tsp::GameState before = s;
        const core::Side by = tsp::deciding_side(s);
        auto played = tsp::play(r.ctx, s, *c, dice);
        REQUIRE(played.ok());
        r.screen->add(*c, by, played.events, before, s, dice.calls());
        r.states.push_back(s);
        bool pulled = false;
        for (const tsp::Event& e : played.events) pulled = pulled || (e.kind == tsp::EventKind::CardPulled && e.a != 1);
        r.card.push_back(pulled);
    }
}

std::string screen_of(const TspReplayScreen& screen) {
    ui::TextSurface s(80, 24);
    screen.draw(s);
    return s.to_string();
}

}  // namespace

TEST_CASE("The Sword and the Pike's replay steps by command, card and turn", "[ui][tsp][replay]") {
    Recorded r;
    record(r, 400);
    TspReplayScreen& screen = *r.screen;
    REQUIRE(screen.size() == r.states.size() - 1);
    CHECK(screen.status_line() == "REPLAY  command 0 of " + std::to_string(screen.size()) + ": the first cards, turn 1");
    std::string s = screen_of(screen);
    INFO(s);
    CHECK(contains(s, " REPLAY"));
    CHECK(contains(s, "A  4/4    4/4     1-10  0"));  // the side pane's status, as the game screen's
    CHECK(contains(s, "The casualty deck is"));        // the log, in the side pane
    screen.handle(KeyPress::of(K::Right));
    CHECK(screen.position() == 1);
    CHECK(tsp::state_hash(screen.state()) == tsp::state_hash(r.states[1]));
    screen.handle(KeyPress::of(K::Left));
    CHECK(screen.position() == 0);
    // The next card pulled, twice, and back.
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
    CHECK(tsp::state_hash(screen.state()) == tsp::state_hash(r.states.back()));
    REQUIRE(screen.state().turn >= 2);
    screen.handle(KeyPress::character('t'));
    screen.handle(KeyPress::character('2'));
    screen.handle(KeyPress::of(K::Enter));
    CHECK(screen.state().turn == 2);
    CHECK(r.states[screen.position() - 1].turn == 1);
    screen.handle(KeyPress::character('g'));
    CHECK(screen.position() == 0);
}

TEST_CASE("The Sword and the Pike's replay autoplays to the end, and quits on q", "[ui][tsp][replay]") {
    Recorded r;
    record(r, 30);
    TspReplayScreen& screen = *r.screen;
    screen.handle(KeyPress::of(K::Enter));
    CHECK(screen.playing());
    for (std::size_t i = 0; i < screen.size() + 2; ++i) screen.tick();
    CHECK(screen.position() == screen.size());
    CHECK_FALSE(screen.playing());
    CHECK(screen.message().rfind("The end of the save", 0) == 0);
    screen.handle(KeyPress::character('x'));
    CHECK(contains(screen_of(screen), "REPLAY  command 30 of 30"));
    CHECK_FALSE(screen.handle(KeyPress::character('q')));
}
