// The plain-line front end of Hell Broke Loose (src/ui/hbl_plain_game.hpp): what it prints for a
// new game, its words (legal and a number, odds, why, map, units, status, undo, save, quit), the
// computer's commands, and the end of the input.
#include <catch2/catch.hpp>

#include <sstream>

#include "kits/hbl/ai/players.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"
#include "ui/hbl_plain_game.hpp"

using namespace tercio;
using test::contains;

namespace {

hbl::Context french_v_ottoman() { return test::HblArmies::get().context("french", "ottoman"); }

}  // namespace

TEST_CASE("Hell Broke Loose in plain lines: the words, a numbered command, undo", "[ui][hbl][plain]") {
    const hbl::Context ctx = french_v_ottoman();
    control::SessionOf<hbl::Engine> session(ctx, 5);
    std::ostringstream out;
    ui::HblPlainGame game(session, out);
    game.start("");
    CHECK(contains(out.str(), "tercio, plain text, Hell Broke Loose: French (A) v Ottoman (B). Type help for the commands."));
    CHECK(contains(out.str(), "Initiative: A rolls 7, B rolls 1: 6 pips each; A chooses to go first or second."));
    out.str("");
    CHECK(game.handle_line("legal"));
    CHECK(out.str() == "1. first\n2. second\n3. concede\n");
    out.str("");
    CHECK(game.handle_line("1"));  // first
    CHECK(session.history().size() == 1);
    CHECK(contains(out.str(), "A's phase: 6 pips."));
    CHECK(game.handle_line("7"));  // the list is gone once a command is played
    CHECK(contains(out.str(), "No command 7 in the last list (legal lists them)."));
    out.str("");
    CHECK(game.handle_line("undo"));
    CHECK(out.str() == "Taken back.\n");
    CHECK(session.history().empty());
    out.str("");
    CHECK(game.handle_line("first"));
    CHECK(game.handle_line("turn"));
    CHECK(contains(out.str(), "A turns Command."));
    out.str("");
    CHECK(game.handle_line("undo"));
    CHECK(contains(out.str(), "Not taken back: nothing to take back: dice were rolled or a card turned since."));
    out.str("");
    CHECK(game.handle_line("fight K1"));
    CHECK(contains(out.str(), "fight K1: "));
    out.str("");
    CHECK(game.handle_line("odds fight K1"));
    CHECK(out.str() == "odds fight K1: the unit is in no melee\n");
    out.str("");
    CHECK(game.handle_line("map"));
    CHECK(contains(out.str(), " 2 . . . . . . . K K M H P P A A G"));
    out.str("");
    CHECK(game.handle_line("units"));
    CHECK(contains(out.str(), "A P1 l2 N  Swiss pike, UI 10/10 (6 stubborn)."));
    out.str("");
    CHECK(game.handle_line("status"));
    CHECK(contains(out.str(), "B Ottoman: army die D10, morale chips 21 of 21"));
    out.str("");
    CHECK(game.handle_line("save"));
    CHECK(out.str() == "This game is not saved.\n");
    CHECK_FALSE(game.handle_line("quit"));
}

TEST_CASE("Hell Broke Loose in plain lines: the computer's commands, why, and the end of the input",
          "[ui][hbl][plain]") {
    const hbl::Context ctx = french_v_ottoman();
    control::SessionOf<hbl::Engine> session(ctx, 5);
    std::ostringstream out;
    ui::HblPlainGame game(session, out);
    game.seat(core::Side::B, ai::make_hbl_player(ai::Level::Normal, 3), "normal");
    game.set_echo(true);
    std::istringstream in("second\nwhy\n");
    CHECK(game.run(in));  // the input ended
    const std::string s = out.str();
    CHECK(contains(s, "Turn 1, A (French) to decide: A goes first or second (first, second)."));
    CHECK(contains(s, "A> second\n"));
    // The computer's commands are printed after its prompt, then played.
    CHECK(contains(s, "B> turn\n"));
    CHECK_FALSE(contains(s, "(Ottoman, the computer) to decide"));  // it never waits for a key
    CHECK(session.history().size() > 2);
    CHECK(session.decider() == core::Side::A);
    // why: the newest roll explained (B's activations rolled the officers' dice).
    const auto why_at = s.find("A> why\n");
    REQUIRE(why_at != std::string::npos);
    const std::string after_why = s.substr(why_at + 7);
    CHECK((contains(after_why, "against an unmodified D8") || contains(after_why, "Combat Die")));
    CHECK_FALSE(contains(after_why, "No roll to explain yet."));
}
