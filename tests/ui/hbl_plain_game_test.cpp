// `tercio play --plain` is one front end over the kit (src/ui/plain_game_of.hpp); Pikette
// Squared's is tested in plain_game_test.cpp and tests/cli/plain.sh. Here Hell Broke Loose's, with
// every word Pikette Squared's has: what it prints for a new game, help and its examples, legal and
// a number (numbered as the whole list), odds, why, its pages (map, units, status), undo naming
// the command taken back, decline all, save, quit, the computer's commands (through the one
// driver, control::ComputerTurnsOf), the end of the input and the end of the game.
#include <catch2/catch.hpp>

#include <sstream>

#include "kits/hbl/ai/players.hpp"
#include "kits/hbl/plain_game.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using test::contains;
using HblPlain = ui::PlainGameOf<kits::HblKit>;

namespace {

hbl::Context french_v_ottoman() { return test::HblArmies::get().context("french", "ottoman"); }

}  // namespace

TEST_CASE("Hell Broke Loose in plain lines: the words, a numbered command, undo", "[ui][hbl][plain]") {
    const hbl::Context ctx = french_v_ottoman();
    control::SessionOf<hbl::Engine> session(ctx, 5);
    std::ostringstream out;
    HblPlain game(session, out);
    game.start("");
    CHECK(contains(out.str(), "tercio, plain text, Hell Broke Loose: French (A) v Ottoman (B). Type help for the commands."));
    CHECK(contains(out.str(), "Initiative: A rolls 7, B rolls 1: 6 pips each; A chooses to go first or second."));
    out.str("");
    game.print_waiting();
    CHECK(out.str() == "Turn 1: A goes first or second (first, second) (A French).\n");
    out.str("");
    CHECK(game.handle_line("help"));
    CHECK(contains(out.str(), "  status        the turn, pips, cards, army dice, morale chips and decks"));
    CHECK(contains(out.str(), "  decline all   at a reaction"));
    CHECK(contains(out.str(), "Examples: first, second, turn, done, activate CMD, move K1 h3 N"));
    CHECK_FALSE(contains(out.str(), "unmoved-shots"));  // Pikette Squared's word only
    out.str("");
    CHECK(game.handle_line("legal"));
    CHECK(out.str() == "3 legal commands (type the number to play one):\n  1 first\n  2 second\n  3 concede\n");
    out.str("");
    CHECK(game.handle_line("legal s"));
    CHECK(out.str() == "1 of 3 legal commands (type the number to play one):\n  2 second\n");
    out.str("");
    CHECK(game.handle_line("1"));  // first
    CHECK(session.history().size() == 1);
    CHECK(contains(out.str(), "A's phase: 6 pips."));
    CHECK(game.handle_line("99"));
    CHECK(contains(out.str(), "No command 99: legal lists "));
    out.str("");
    CHECK(game.handle_line("undo"));
    CHECK(out.str() == "Took back \"first\".\n");
    CHECK(session.history().empty());
    out.str("");
    CHECK(game.handle_line("first"));
    CHECK(game.handle_line("turn"));
    CHECK(contains(out.str(), "A turns Command."));
    out.str("");
    CHECK(game.handle_line("undo"));
    CHECK(out.str() == "Nothing to take back: dice were rolled or a card turned since the last command.\n");
    out.str("");
    CHECK(game.handle_line("fight K1"));
    CHECK(contains(out.str(), "fight K1: "));
    out.str("");
    CHECK(game.handle_line("fly away"));
    CHECK(contains(out.str(), "fly away: "));
    CHECK(contains(out.str(), "(help lists what you can type)"));
    out.str("");
    CHECK(game.handle_line("odds fight K1"));
    CHECK(out.str() == "odds: fight K1: the unit is in no melee\n");
    out.str("");
    CHECK(game.handle_line("odds"));
    CHECK(out.str() == "odds: give a command, as in: odds fight K1\n");
    out.str("");
    CHECK(game.handle_line("map"));
    CHECK(contains(out.str(), " 2 . . . . . . . K K M H P P A A G"));
    // The grid is said to be one, and where it ends: a listener may skip it.
    CHECK(out.str().rfind("The board as a grid of ", 0) == 0);
    CHECK(contains(out.str(), "\nEnd of the grid.\n"));
    out.str("");
    CHECK(game.handle_line("units"));
    CHECK(contains(out.str(), "Your side, A French: "));
    CHECK(contains(out.str(), "P1 Swiss pike at l2, facing north, 10 of 10 UI, 6 of them stubborn."));
    CHECK_FALSE(contains(out.str(), "Ottoman"));  // the enemy's are under enemy
    out.str("");
    CHECK(game.handle_line("enemy"));
    CHECK(contains(out.str(), "The enemy, B Ottoman: "));
    CHECK_FALSE(contains(out.str(), "Swiss pike"));
    out.str("");
    CHECK(game.handle_line("near l2"));
    CHECK(contains(out.str(), "At l2, open ground: A P1 Swiss pike, facing north, 10 of 10 UI"));
    CHECK(contains(out.str(), "To the "));
    out.str("");
    CHECK(game.handle_line("near"));
    CHECK(out.str() == "near: give a square, as in: near h8.\n");
    out.str("");
    CHECK(game.handle_line("near z99"));
    CHECK(contains(out.str(), "near: z99 is not a square of the board (a1 to "));
    out.str("");
    CHECK(game.handle_line("status"));
    CHECK(contains(out.str(), "B Ottoman: army die D10, morale chips 21 of 21"));
    const std::string status = out.str();
    out.str("");
    CHECK(game.handle_line("cards"));  // as Pikette Squared's word
    CHECK(out.str() == status);
    out.str("");
    CHECK(game.handle_line("decline all"));
    CHECK(out.str() == "decline all: these rules ask for a reaction only when one can be made\n");
    out.str("");
    CHECK(game.handle_line("save"));
    CHECK(out.str() == "This game is not being saved.\n");
    CHECK_FALSE(game.handle_line("quit"));
}

TEST_CASE("Hell Broke Loose in plain lines: the computer's commands, why, and the end of the input",
          "[ui][hbl][plain]") {
    const hbl::Context ctx = french_v_ottoman();
    control::SessionOf<hbl::Engine> session(ctx, 5);
    std::ostringstream out;
    HblPlain game(session, out);
    game.seat(core::Side::B, ai::make_hbl_player(ai::Level::Normal, 3), "normal");
    game.set_echo(true);
    std::istringstream in("second\nwhy\n");
    CHECK(game.run(in));  // the input ended
    const std::string s = out.str();
    CHECK(contains(s, "Turn 1: A goes first or second (first, second) (A French)."));
    CHECK(contains(s, "A> second\n"));
    // The computer's commands, named and played.
    CHECK(contains(s, "B (Ottoman, normal) plays \"turn\".\n"));
    CHECK_FALSE(contains(s, "(B Ottoman, the computer)."));  // it never waits for a key
    CHECK(session.history().size() > 2);
    CHECK(session.decider() == core::Side::A);
    // why: the newest roll explained (B's activations rolled the officers' dice).
    const auto why_at = s.find("A> why\n");
    REQUIRE(why_at != std::string::npos);
    const std::string after_why = s.substr(why_at + 7);
    CHECK((contains(after_why, "against an unmodified D8") || contains(after_why, "Combat Die")));
    // It says first which roll it explains: the line that reported it.
    CHECK(after_why.rfind("The roll explained: B ", 0) == 0);
    CHECK_FALSE(contains(after_why, "No roll to explain yet."));
}

TEST_CASE("Hell Broke Loose in plain lines: the computer against itself to the end of the game",
          "[ui][hbl][plain][ai]") {
    const hbl::Context ctx = french_v_ottoman();
    control::SessionOf<hbl::Engine> session(ctx, 9);
    std::ostringstream out;
    HblPlain game(session, out);
    game.seat(core::Side::A, ai::make_hbl_player(ai::Level::Random, 1), "random");
    game.seat(core::Side::B, ai::make_hbl_player(ai::Level::Random, 2), "random");
    std::istringstream in("");
    CHECK(game.run(in));
    CHECK(session.over());
    CHECK(contains(out.str(), "The game is over."));
    CHECK(out.str().find('\x1b') == std::string::npos);
}

TEST_CASE("Hell Broke Loose in plain lines: a shot at an activated command carries its odds and takes y or n",
          "[ui][hbl][plain][HBL-SHOOT-1]") {
    const hbl::Context ctx = french_v_ottoman();
    for (std::uint64_t seed = 11; seed < 40; ++seed) {
        control::SessionOf<hbl::Engine> session(ctx, seed);
        core::SeededDice chooser(seed);
        for (int i = 0; i < 3000 && !session.over() && session.state().decision != hbl::Decision::React; ++i) {
            const auto c = hbl::random_legal(ctx, session.state(), chooser, nullptr);
            REQUIRE(c);
            REQUIRE(session.play(*c).ok());
        }
        if (session.state().decision != hbl::Decision::React) continue;
        std::ostringstream out;
        HblPlain game(session, out);
        game.print_waiting();
        INFO(out.str());
        CHECK(contains(out.str(), "Out of turn"));
        CHECK(contains(out.str(), "shoot "));
        CHECK(contains(out.str(), " - an effect "));
        CHECK(contains(out.str(), "n lets "));
        CHECK(game.handle_line("n"));
        CHECK(std::holds_alternative<hbl::cmd::Hold>(session.history().back().command));
        return;
    }
    FAIL("no game came to a reaction");
}
