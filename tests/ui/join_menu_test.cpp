// The start menu's Join a game: the games of this server listed with their players' idle times,
// the code typed beside them, Enter joining, going back to a held seat or watching, and Right
// watching any game.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/rules/position_fixture.hpp"
#include "ui/join_menu.hpp"

using namespace tercio::ui;
using K = KeyPress::Kind;
using tercio::test::contains;

namespace {

GameListing game(std::string id, std::string host, std::string seat_b, bool open, bool yours = false) {
    GameListing g;
    g.id = std::move(id);
    g.host = host;
    g.army_a = "French";
    g.army_b = "Spanish";
    g.turn = "3";
    g.seat_a = host;
    g.seat_b = std::move(seat_b);
    g.open_seat = open;
    g.yours = yours;
    return g;
}

std::vector<GameListing> three() {
    return {game("0a0a0a0a", "alice", "bob", false), game("1b1b1b1b", "carol", "open seat", true),
            game("2c2c2c2c", "dave", "erin (away)", false, true)};
}

std::string screen_of(const JoinMenu& m, int w = 80, int h = 24) {
    TextSurface s(w, h);
    m.draw(s);
    return s.to_string();
}

void type(JoinMenu& m, const std::string& text) {
    for (char c : text) m.handle(KeyPress::character(static_cast<char32_t>(c)));
}

}  // namespace

TEST_CASE("Join a game lists the games of this server, the cursor on the first that takes a player", "[ui][menu][net]") {
    JoinMenu m("/tmp/tercio-games");
    m.set_games(three());
    const std::string s = screen_of(m);
    CHECK(contains(s, "Games running in /tmp/tercio-games:"));
    CHECK(contains(s, "  [watch]  alice: French v Spanish, turn 3; A alice, B bob"));
    CHECK(contains(s, "> [join ]  carol: French v Spanish, turn 3; A carol, B open seat"));
    CHECK(contains(s, "  [back ]  dave: French v Spanish, turn 3; A dave, B erin (away)"));
    CHECK(contains(s, "[ Refresh the list ]"));
    CHECK(contains(s, "[ Back to the start menu ]"));
    CHECK(contains(s, "Join code  _________"));
    REQUIRE(m.chosen());
    CHECK(m.chosen()->id == "1b1b1b1b");
}

TEST_CASE("a game with an open seat needs the 9-letter code, typed in any case", "[ui][menu][net]") {
    JoinMenu m("/tmp/tercio-games");
    m.set_games(three());
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Open);
    CHECK(m.message() == "Type the join code the host gave you (9 letters), then Enter.");
    type(m, "kxm");
    CHECK(m.code() == "KXM");
    CHECK(m.message() == "Join code: 6 letters to go.");
    CHECK(contains(screen_of(m), "Join code  KXM______"));
    m.handle(KeyPress::of(K::Backspace));
    type(m, "Mprtabcqq");  // letters past the ninth are not taken
    CHECK(m.code() == "KXMPRTABC");
    type(m, "7");
    CHECK(m.message() == "A join code is 9 letters, such as KXMPRTABC.");
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Join);
    CHECK(m.chosen()->id == "1b1b1b1b");
}

TEST_CASE("Enter goes back to a seat held without a code, watches a full game, and Esc goes back", "[ui][menu][net]") {
    JoinMenu m("/tmp/tercio-games");
    m.set_games(three());
    m.handle(KeyPress::of(K::Down));
    CHECK(m.chosen()->id == "2c2c2c2c");
    CHECK(m.message() == "you hold a seat here: Enter takes it back (no code needed), Right watches");
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Join);
    // Down past Refresh and Back goes round to the first game, which is full: watched.
    m.handle(KeyPress::of(K::Down));
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Refresh);
    m.handle(KeyPress::of(K::Down));
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Back);
    m.handle(KeyPress::of(K::Down));
    CHECK(m.chosen()->id == "0a0a0a0a");
    CHECK(m.message() == "both seats are taken: Enter watches");
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Watch);
    CHECK(m.handle(KeyPress::of(K::Escape)) == JoinMenu::Outcome::Back);
    // A finished game is watched too.
    auto games = three();
    games[1].over = true;
    games[1].open_seat = false;
    JoinMenu over("/tmp/tercio-games");
    over.set_games(games);
    CHECK(over.chosen()->id == "2c2c2c2c");  // the first that takes a player
    over.handle(KeyPress::of(K::Up));
    CHECK(contains(screen_of(over), "> [over ]  carol"));
    CHECK(over.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Watch);
}

TEST_CASE("a refreshed list keeps the cursor on its game, and an empty one says how to get one", "[ui][menu][net]") {
    JoinMenu m("/srv/games");
    m.set_games({});
    std::string s = screen_of(m);
    CHECK(contains(s, "No game is running in /srv/games."));
    CHECK(contains(s, "A friend hosts one with Host a game in the start menu (or tercio host),"));
    CHECK_FALSE(m.chosen());
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Refresh);
    m.set_games(three());
    m.handle(KeyPress::of(K::Up));  // carol's game to alice's
    CHECK(m.chosen()->id == "0a0a0a0a");
    auto fewer = three();
    fewer.erase(fewer.begin() + 1);
    std::reverse(fewer.begin(), fewer.end());
    m.set_games(fewer);
    CHECK(m.chosen()->id == "0a0a0a0a");
    CHECK(contains(screen_of(m), "> [watch]  alice"));
}

TEST_CASE("a long list scrolls to the chosen game and says how many more there are", "[ui][menu][net]") {
    std::vector<GameListing> many;
    for (int i = 0; i < 30; ++i) many.push_back(game("000000" + std::to_string(10 + i), "p" + std::to_string(i), "x", false));
    JoinMenu m("/tmp/tercio-games");
    m.set_games(many);
    std::string s = screen_of(m);
    CHECK(contains(s, "> [watch]  p0:"));
    CHECK(contains(s, "(17 more below)"));  // 13 rows of games on 24 lines
    for (int i = 0; i < 20; ++i) m.handle(KeyPress::of(K::Down));
    s = screen_of(m);
    CHECK(contains(s, "> [watch]  p20:"));
    CHECK_FALSE(contains(s, "p0:"));
    CHECK(contains(s, "[ Back to the start menu ]"));
    CHECK(screen_of(m, 60, 20).rfind("terminal too small", 0) == 0);
}

TEST_CASE("Right watches the game under the cursor whatever its seats and the help line says so", "[ui][menu][net]") {
    JoinMenu m("/tmp/tercio-games");
    m.set_games(three());
    CHECK(contains(screen_of(m), " Up/Down choose, letters: join code, Enter join or watch, Right watch, Esc back"));
    // A game with an open seat: Enter wants the code, Right watches without one.
    REQUIRE(m.chosen()->id == "1b1b1b1b");
    CHECK(m.message() == "Choose a game with Up/Down; type the join code the host gave you.");
    m.handle(KeyPress::of(K::Up));
    m.handle(KeyPress::of(K::Down));
    CHECK(m.message() == "a seat is open: type the host's code, then Enter; Right watches");
    CHECK(m.handle(KeyPress::of(K::Enter)) == JoinMenu::Outcome::Open);
    CHECK(m.handle(KeyPress::of(K::Right)) == JoinMenu::Outcome::Watch);
    CHECK(m.chosen()->id == "1b1b1b1b");
    // With a code half typed, Right still watches (the code stays for later).
    type(m, "kxm");
    CHECK(m.handle(KeyPress::of(K::Right)) == JoinMenu::Outcome::Watch);
    CHECK(m.code() == "KXM");
    // A game of one's own seat: watched from outside, not joined.
    m.handle(KeyPress::of(K::Down));
    REQUIRE(m.chosen()->id == "2c2c2c2c");
    CHECK(m.handle(KeyPress::of(K::Right)) == JoinMenu::Outcome::Watch);
    // A full game: as Enter.
    m.handle(KeyPress::of(K::Up));
    m.handle(KeyPress::of(K::Up));
    REQUIRE(m.chosen()->id == "0a0a0a0a");
    CHECK(m.handle(KeyPress::of(K::Right)) == JoinMenu::Outcome::Watch);
    // On Refresh and Back it does nothing.
    m.handle(KeyPress::of(K::Up));
    REQUIRE_FALSE(m.chosen());
    CHECK(m.handle(KeyPress::of(K::Right)) == JoinMenu::Outcome::Open);
    m.handle(KeyPress::of(K::Up));
    REQUIRE_FALSE(m.chosen());
    CHECK(m.handle(KeyPress::of(K::Right)) == JoinMenu::Outcome::Open);
}

TEST_CASE("the list shows the players' idle times and gives up the host's name before them when short of room",
          "[ui][menu][net]") {
    auto games = three();
    games[0].seat_a = "alice (idle 4m)";
    games[2].seat_b = "erin (away 1h05m)";
    games[2].watchers = 2;
    JoinMenu m("/tmp/tercio-games");
    m.set_games(games);
    const std::string s = screen_of(m);
    CHECK(contains(s, "  [watch]  alice: French v Spanish, turn 3; A alice (idle 4m), B bob\n"));
    // Too long with the host's name in front (dave sits at A): the line starts with the armies.
    CHECK(contains(s, "  [back ]  French v Spanish, turn 3; A dave, B erin (away 1h05m); 2 watching\n"));
    // With room to spare, the host's name stays.
    CHECK(contains(screen_of(m, 100, 24), "  [back ]  dave: French v Spanish, turn 3; A dave, B erin (away 1h05m); 2 watching"));
}
