// `tercio play --plain` over The Sword and the Pike's kit (src/ui/plain_game_of.hpp, its Plain
// group): what it prints for a new game, help and its examples, legal and a number, odds before a
// roll, why after it, its pages (map, near, units, enemy, status) in sentences, and a game of the
// computer against itself to the end. Red against Black of tests/tsp/fixture.hpp.
#include <catch2/catch.hpp>

#include <sstream>

#include "kits/tsp/ai/players.hpp"
#include "kits/tsp/plain_game.hpp"
#include "tests/tsp/fixture.hpp"

using namespace tercio;
using TspPlain = ui::PlainGameOf<kits::TspKit>;
using Session = control::SessionOf<tsp::Engine>;
using test::tsp_card;
using test::tsp_deck;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// Every line of `text` but the map's grid (fenced by its first and last lines) reads aloud: ASCII
/// only, no two bare numbers side by side (tests/cli/plain_speech.sh's rules).
void speakable(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    bool grid = false;
    while (std::getline(in, line)) {
        if (line.starts_with("The board as a grid of ")) {
            grid = true;
            continue;
        }
        if (grid) {
            grid = line != "End of the grid.";
            continue;
        }
        INFO(line);
        for (const char c : line) CHECK((c >= ' ' && c <= '~'));
        std::istringstream words(line);
        std::string a, b;
        words >> a;
        while (words >> b) {
            const auto number = [](const std::string& w) {
                return !w.empty() && w.find_first_not_of("0123456789") == std::string::npos;
            };
            CHECK_FALSE((number(a) && number(b)));
            a = b;
        }
    }
    CHECK_FALSE(grid);
}

}  // namespace

TEST_CASE("The Sword and the Pike in plain lines: the words, a numbered command, the pages",
          "[ui][tsp][plain]") {
    test::TspGame g({tsp_card(1, 'H'), tsp_card(2, 'S')});
    Session session(g.ctx, g.s, 5, 0);
    std::ostringstream out;
    TspPlain game(session, out);
    game.start("");
    CHECK(contains(out.str(), "tercio, plain text, The Sword and the Pike: Red (A) v Black (B)."));
    out.str("");
    game.print_waiting();
    CHECK(out.str() == "Turn 1: A moves a unit on the ace of hearts, Red's (activate or hold a unit) (A Red).\n");
    out.str("");
    CHECK(game.handle_line("help"));
    CHECK(contains(out.str(), "  status        the turn, the card in play, each side's units and spirit, the decks"));
    CHECK(contains(out.str(), "Examples: activate P1, move h5, move h5 face NE"));
    out.str("");
    CHECK(game.handle_line("legal hold"));
    CHECK(contains(out.str(), "4 of 9 legal commands (type the number to play one):\n  2 hold P1\n  4 hold A1\n"));
    out.str("");
    // odds before the roll: the movement points of the gendarmes' 5D6.
    CHECK(game.handle_line("odds activate G1"));
    CHECK(contains(out.str(), "activate G1: 5D6 to move: 11.3 points on average on open ground"));
    CHECK(contains(out.str(), "points: 3 0.0%, 4 0.3%,"));
    speakable(out.str());
    out.str("");
    CHECK(game.handle_line("odds hold G1"));
    CHECK(out.str() == "odds: hold G1: only shoot, activate and break have odds\n");
    out.str("");
    CHECK(game.handle_line("activate G1"));
    REQUIRE(session.state().decision == tsp::Decision::Move);
    CHECK(contains(out.str(), "A G1 is activated and rolls "));
    out.str("");
    game.print_waiting();
    CHECK(contains(out.str(), "A G1 has "));
    CHECK(contains(out.str(), "movement points: move it, turn it or let it stay"));
    out.str("");
    // why: the roll explained, and which line it explains.
    CHECK(game.handle_line("why"));
    CHECK(out.str().starts_with("The roll explained: A G1 is activated and rolls "));
    CHECK(contains(out.str(), "A G1 rolls 5D6 for its move, open gendarmes (TSP-MOVE-1): the total in inches."));
    out.str("");
    // The pages, every line but the grid a sentence.
    CHECK(game.handle_line("map"));
    CHECK(out.str().starts_with("The board as a grid of 16 rows, rank 16 at the top;"));
    CHECK(contains(out.str(), "\n 2 . . . . . . . . . . P A G H . . . . . . . . . .\n"));
    CHECK(contains(out.str(), "\nEnd of the grid.\n"));
    speakable(out.str());
    out.str("");
    CHECK(game.handle_line("units"));
    CHECK(contains(out.str(), "Your side, A Red: 4 units on the field."));
    CHECK(contains(out.str(), "P1 pikemen at k2, facing north, 25 of 25 figures, Fresh, Steady, 2 leaders, a "
                              "Colonel with it."));
    CHECK_FALSE(contains(out.str(), "crossbowmen"));
    speakable(out.str());
    out.str("");
    CHECK(game.handle_line("enemy"));
    CHECK(contains(out.str(), "The enemy, B Black: 4 units on the field."));
    CHECK(contains(out.str(), "C1 crossbowmen at l15, facing south, 20 of 20 figures, Fresh, Steady, 1 leader."));
    speakable(out.str());
    out.str("");
    CHECK(game.handle_line("near k2"));
    CHECK(contains(out.str(), "At k2, open ground: A P1 pikemen, facing north, 25 of 25 figures"));
    speakable(out.str());
    out.str("");
    CHECK(game.handle_line("status"));
    CHECK(contains(out.str(), "Turn 1 of 12: the movement phase, the ace of hearts, Red's in play: A moves a unit."));
    CHECK(contains(out.str(), "B Black: 4 of 4 units on the field, spirit 4 of 4 points"));
    speakable(out.str());
    const std::string status = out.str();
    out.str("");
    CHECK(game.handle_line("cards"));
    CHECK(out.str() == status);
    out.str("");
    CHECK(game.handle_line("decline all"));
    CHECK(out.str() == "decline all: these rules ask for a reaction only when one can be made\n");
    CHECK_FALSE(game.handle_line("quit"));
}

TEST_CASE("The Sword and the Pike in plain lines: a volley's odds before it, and its dice after",
          "[ui][tsp][plain][TSP-FIRE-1][TSP-FIRE-3]") {
    test::TspGame g;
    g.place(core::Side::A, "A1", "l8", core::Facing::N);
    g.place(core::Side::B, "C1", "l11", core::Facing::S);
    test::hold_turn(g, tsp_deck({tsp_card(1, 'H')}), true);
    REQUIRE(g.s.step == tsp::Step::Fire);
    Session session(g.ctx, g.s, 5, 0);
    std::ostringstream out;
    TspPlain game(session, out);
    game.print_waiting();
    CHECK(out.str() == "Turn 1: A fires with a unit on the ace of hearts, Red's (shoot a unit at a target, or hold "
                       "it) (A Red).\n");
    out.str("");
    CHECK(game.handle_line("odds shoot A1 C1"));
    CHECK(contains(out.str(), "shoot A1 C1: 10 D20s at B C1, each hitting on a natural 1 to 5: 2.5 hits on average"));
    CHECK(contains(out.str(), "hits: 0 5.6%, 1 18.8%, 2 28.2%,"));
    speakable(out.str());
    out.str("");
    CHECK(game.handle_line("shoot A1 C1"));
    CHECK(contains(out.str(), "A A1 fires 10 dice at B C1, each hitting on a natural 1 to 5: "));
    out.str("");
    CHECK(game.handle_line("why"));
    CHECK(contains(out.str(), "Its arquebus at short range at B C1, a class II target: a die hits on 5 or less"));
}

TEST_CASE("The Sword and the Pike in plain lines: the computer against itself to the end of the game",
          "[ui][tsp][plain][ai]") {
    const tsp::Context ctx = test::tsp_context();
    Session session(ctx, 9);
    std::ostringstream out;
    TspPlain game(session, out);
    game.seat(core::Side::A, ai::make_tsp_player(ai::Level::Random, 1), "random");
    game.seat(core::Side::B, ai::make_tsp_player(ai::Level::Random, 2), "random");
    std::istringstream in("");
    CHECK(game.run(in));
    CHECK(session.over());
    CHECK(contains(out.str(), "The game is over."));
    speakable(out.str());
}
