// The start menu's Replay a game: the finished games listed a page at a time, newest first, chosen
// with Up/Down and PgUp/PgDn, Enter replaying one, Esc going back.
#include "ui/replay_menu.hpp"

#include <catch2/catch.hpp>

#include "tests/rules/position_fixture.hpp"

using namespace tercio::ui;
using K = KeyPress::Kind;
using tercio::test::contains;

namespace {

std::string screen_of(const ReplayMenu& m, int w = 80, int h = 24) {
    TextSurface s(w, h);
    m.draw(s);
    return s.to_string();
}

ReplayMenu::Outcome press(ReplayMenu& m, KeyPress k, int times = 1) {
    ReplayMenu::Outcome o = ReplayMenu::Outcome::Open;
    for (int i = 0; i < times; ++i) o = m.handle(k);
    return o;
}

/// `n` games named g0, g1...; those of the page described as the app describes them.
std::vector<std::string> names(int n) {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back("g" + std::to_string(i));
    return out;
}

void describe_page(ReplayMenu& m) {
    const auto [first, last] = m.page();
    for (std::size_t i = first; i < last; ++i) {
        if (m.described(i)) continue;
        m.describe(i, FinishedChoice{"French v Spanish, turn " + std::to_string(i + 1) + ", A won",
                                     "alice v the computer (normal), finished 11-26 07:55", ""});
    }
}

}  // namespace

TEST_CASE(
    "Replay a game lists the finished games a page at a time, and Enter replays the one chosen",
    "[ui][menu][replay]") {
    ReplayMenu m;
    m.set_games(names(20));
    m.set_height(24);
    // Two rows a game between the heading and the bottom lines: 8 games a page at 80x24.
    REQUIRE(m.page() == std::pair<std::size_t, std::size_t>{0, 8});
    CHECK_FALSE(m.described(0));
    describe_page(m);
    CHECK(m.described(7));
    CHECK_FALSE(m.described(8));
    std::string s = screen_of(m);
    CHECK(contains(s, "tercio: replay a finished game\n"));
    CHECK(contains(s, "Your finished games, the last played first:"));
    CHECK(contains(s, "> French v Spanish, turn 1, A won\n"));
    CHECK(contains(s, "    alice v the computer (normal), finished 11-26 07:55"));
    CHECK(contains(s, "  French v Spanish, turn 8, A won"));
    CHECK_FALSE(contains(s, "turn 9,"));
    CHECK(contains(s, "Games 1-8 of 20, page 1 of 3"));
    CHECK(contains(s, "Up/Down a game, PgUp/PgDn a page, Enter replays it, Esc or q back"));
    // Down goes a game at a time, PgDn a page: the page after is shown (and described) then.
    press(m, KeyPress::of(K::Down), 2);
    CHECK(m.chosen() == 2);
    CHECK(m.message() == "Enter replays French v Spanish, turn 3, A won.");
    press(m, KeyPress::of(K::PageDown));
    CHECK(m.chosen() == 10);
    CHECK(m.page() == std::pair<std::size_t, std::size_t>{8, 16});
    CHECK_FALSE(m.described(10));
    describe_page(m);
    s = screen_of(m);
    CHECK(contains(s, "> French v Spanish, turn 11, A won"));
    CHECK(contains(s, "Games 9-16 of 20, page 2 of 3"));
    // The ends: PgDn past the last stops on it; the last page holds what is left.
    press(m, KeyPress::of(K::PageDown), 3);
    CHECK(m.chosen() == 19);
    CHECK(m.page() == std::pair<std::size_t, std::size_t>{16, 20});
    CHECK(press(m, KeyPress::of(K::Down)) == ReplayMenu::Outcome::Open);
    CHECK(m.chosen() == 19);
    press(m, KeyPress::of(K::Home));
    CHECK(m.chosen() == 0);
    press(m, KeyPress::of(K::Up));
    CHECK(m.chosen() == 0);
    press(m, KeyPress::of(K::End));
    CHECK(m.chosen() == 19);
    press(m, KeyPress::of(K::PageUp));
    CHECK(m.chosen() == 11);
    press(m, KeyPress::character('k'));
    CHECK(m.chosen() == 10);
    // Enter replays it; Esc and q go back.
    CHECK(m.handle(KeyPress::of(K::Enter)) == ReplayMenu::Outcome::Replay);
    CHECK(m.chosen() == 10);
    CHECK(m.handle(KeyPress::of(K::Escape)) == ReplayMenu::Outcome::Back);
    CHECK(m.handle(KeyPress::character('q')) == ReplayMenu::Outcome::Back);
    // A taller terminal shows more a page.
    m.set_height(40);
    CHECK(m.page() == std::pair<std::size_t, std::size_t>{0, 16});
}

TEST_CASE("Replay a game says why a damaged game cannot be replayed, and stays",
          "[ui][menu][replay]") {
    ReplayMenu m;
    m.set_games({"a.save", "b.save"});
    m.describe(0, FinishedChoice{"b.save", "", "damaged: tercio check /s/alice/b.save says why"});
    m.describe(1, FinishedChoice{"French v Spanish, turn 4, a draw",
                                 "alice v bob, finished 11-20 10:02", ""});
    const std::string s = screen_of(m);
    CHECK(contains(s, "> b.save\n     damaged: tercio check /s/alice/b.save says why"));
    CHECK(m.handle(KeyPress::of(K::Enter)) == ReplayMenu::Outcome::Open);
    CHECK(m.message() == "b.save: damaged: tercio check /s/alice/b.save says why.");
    press(m, KeyPress::of(K::Down));
    CHECK(m.handle(KeyPress::of(K::Enter)) == ReplayMenu::Outcome::Replay);
    CHECK(m.chosen() == 1);
}

TEST_CASE("Replay a game with none finished says so, and Enter goes back", "[ui][menu][replay]") {
    ReplayMenu mine;
    mine.set_games({});
    CHECK(contains(screen_of(mine),
                   "No finished games yet: your games are listed here once they end."));
    CHECK_FALSE(contains(screen_of(mine), "Games 1-"));
    CHECK(mine.handle(KeyPress::of(K::Down)) == ReplayMenu::Outcome::Open);
    CHECK(mine.handle(KeyPress::of(K::PageDown)) == ReplayMenu::Outcome::Open);
    CHECK(mine.handle(KeyPress::of(K::Enter)) == ReplayMenu::Outcome::Back);
    ReplayMenu all(true);
    all.set_games({});
    CHECK(contains(screen_of(all), "tercio: replay a finished game of this server"));
    CHECK(contains(screen_of(all),
                   "No finished games yet: every player's games are listed here once they end."));
}

TEST_CASE(
    "Replay a game of every player names each game's player, and keeps the game chosen when listed "
    "again",
    "[ui][menu][replay]") {
    ReplayMenu m(true);
    m.set_games({"bob/x.save", "alice/y.save", "alice/z.save"});
    m.describe(0, FinishedChoice{"bob: French v Spanish, turn 5, B won",
                                 "bob v alice, finished 11-27 09:00", ""});
    m.describe(1, FinishedChoice{"alice: Ottoman v Spanish, turn 2, A won",
                                 "alice, two players at one keyboard, finished 11-26 08:00", ""});
    std::string s = screen_of(m);
    CHECK(contains(s, "Every player's finished games, the last played first:"));
    CHECK(contains(s, "> bob: French v Spanish, turn 5, B won"));
    // Before it is described, a game shows the name it was given.
    CHECK(contains(s, "  alice/z.save"));
    press(m, KeyPress::of(K::Down));
    CHECK(m.name(m.chosen()) == "alice/y.save");
    // Listed again with a newer game first: the cursor stays on the same game, now undescribed.
    m.set_games({"carol/w.save", "bob/x.save", "alice/y.save", "alice/z.save"}, m.name(m.chosen()));
    CHECK(m.chosen() == 2);
    CHECK_FALSE(m.described(2));
    // A game no longer listed: the first.
    m.set_games({"carol/w.save"}, "alice/y.save");
    CHECK(m.chosen() == 0);
}
