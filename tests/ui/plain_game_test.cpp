// tercio play --plain's front end (ui::PlainGameOf<kits::PiketteKit>) on a Session: lines in, plain lines out.
#include <sstream>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/event_text.hpp"
#include "kits/pikette/control/session.hpp"
#include "rules/state_hash.hpp"
#include "tests/rules/position_fixture.hpp"
#include "kits/pikette/plain_game.hpp"

using namespace tercio;
using namespace tercio::ui;
using tercio::test::contains;

namespace {

using PlainGame = PlainGameOf<kits::PiketteKit>;

struct Plain {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    control::Session session{ctx, 12};
    std::ostringstream out;
    PlainGame game{session, out};
    /// Runs the lines as typed and returns what was printed meanwhile.
    std::string run(const std::string& lines) {
        out.str("");
        std::istringstream in(lines);
        game.run(in);
        return out.str();
    }
};

}  // namespace

TEST_CASE("plain: the set-up, what the game waits for, and a prompt", "[ui][plain]") {
    Plain p;
    p.game.start("");
    const std::string opening = p.out.str();
    CHECK(contains(opening, "tercio, plain text: French (A) v Spanish (B). Type help for the commands."));
    const std::string first = p.run("");
    CHECK(contains(first, "Turn 0: A places terrain"));
    CHECK(contains(first, "A> "));
    CHECK(first.find('\x1b') == std::string::npos);
}

TEST_CASE("plain: commands typed, numbers from legal, refusals said, undo", "[ui][plain]") {
    Plain p;
    const std::string legal = p.run("legal\n");
    CHECK(contains(legal, "legal commands (type the number to play one):"));
    CHECK(contains(legal, "terrain pass"));
    // A command that is not legal changes nothing and says why.
    const std::uint64_t before = rules::state_hash(p.session.state());
    const std::string refused = p.run("fight a1\n");
    CHECK(contains(refused, "fight a1: "));
    CHECK(rules::state_hash(p.session.state()) == before);
    const std::string bad = p.run("fly away\n");
    CHECK(contains(bad, "fly away: "));
    CHECK(contains(bad, "(help lists what you can type)"));
    // Typed, then taken back.
    p.run("terrain pass\n");
    REQUIRE(p.session.history().size() == 1);
    const std::string undone = p.run("undo\n");
    CHECK(contains(undone, "Took back \"terrain pass\"."));
    CHECK(p.session.history().empty());
    CHECK(rules::state_hash(p.session.state()) == before);
    // The number of a legal command plays it: the first is the one `legal` listed first.
    const std::string first = rules::print(rules::legal_commands(p.ctx, p.session.state()).front());
    p.run("1\n");
    REQUIRE(p.session.history().size() == 1);
    CHECK(rules::print(p.session.history().back().command) == first);
    CHECK(contains(p.run("0\n"), "No command 0"));
    CHECK(contains(p.run("save\n"), "This game is not being saved."));
}

TEST_CASE("plain: a long legal list is cut, and the start of a command narrows it", "[ui][plain]") {
    Plain p;
    // Numbered as in the whole list.
    p.run("terrain pass\nterrain pass\nadjust pass\nadjust pass\n");
    REQUIRE(p.session.state().decision == rules::Decision::Deploy);
    const std::string all = p.run("legal\n");
    CHECK(contains(all, " more: legal with the start of a command lists fewer"));
    const std::vector<rules::Command> now = rules::legal_commands(p.ctx, p.session.state());
    std::size_t leader = 0;
    while (leader < now.size() && rules::print(now[leader]).rfind("deploy leader", 0) != 0) ++leader;
    REQUIRE(leader < now.size());
    const std::string some = p.run("legal deploy leader\n");
    CHECK(contains(some, "  " + std::to_string(leader + 1) + " " + rules::print(now[leader])));
    CHECK_FALSE(contains(some, "deploy auto"));
    CHECK(contains(p.run("legal fly\n"), "No legal command begins with \"fly\""));
}

TEST_CASE("plain: the board, the units and the cards as text", "[ui][plain]") {
    Plain p;
    p.run("terrain pass\nterrain pass\nadjust pass\nadjust pass\ndeploy auto\ndeploy auto\n");
    const std::string map = p.run("map\n");
    CHECK(contains(map, "   a  b  c"));
    CHECK(contains(map, "A (French) in capitals, B (Spanish) in small letters"));
    CHECK(contains(map, "Units: "));
    // The grid is said to be one, and where it ends: a listener may skip it.
    CHECK(contains(map, "> The board as a grid of 15 rows, rank 15 at the top; in words: near and a square, units, enemy.\n"));
    CHECK(contains(map, "\nEnd of the grid.\n"));
    // units: the side deciding's, a sentence each; enemy: the other side's.
    const core::Side me = p.session.decider();
    const std::string mine = rules::side_letter(me) == 'A' ? "A French" : "B Spanish";
    const std::string theirs = rules::side_letter(me) == 'A' ? "B Spanish" : "A French";
    const std::string units = p.run("units\n");
    CHECK(contains(units, "Your side, " + mine + ": "));
    CHECK(contains(units, " units on the table."));
    CHECK_FALSE(contains(units, theirs));
    CHECK(contains(units, ", facing north") != contains(units, ", facing south"));
    CHECK(contains(units, "The leader is at "));
    const std::string enemy = p.run("enemy\n");
    CHECK(contains(enemy, "The enemy, " + theirs + ": "));
    CHECK_FALSE(contains(enemy, "Your side"));
    // near: what is at a square and around it, in sentences.
    const rules::Unit& u = p.session.state().units[0];
    const std::string at = core::to_string(u.square);
    const std::string near = p.run("near " + at + "\n");
    CHECK(contains(near, "At " + at + ", "));
    CHECK(contains(near, control::unit_name(p.ctx, p.session.state(), 0) + ", facing "));
    CHECK(contains(p.run("near\n"), "near: give a square, as in: near h8."));
    CHECK(contains(p.run("near q99\n"), "near: q99 is not a square of the board (a1 to o15)."));
    // cards: sentences, not a table of bare numbers.
    const std::string cards = p.run("cards\n");
    CHECK(contains(cards, "A French: 20 cards in the deck, 0 discarded, 3 opportunity chips, "));
    CHECK(contains(cards, "B Spanish: 20 cards in the deck, 0 discarded, 3 opportunity chips, "));
    CHECK_FALSE(contains(cards, "Deck Disc"));
    for (const std::string& s : {map, units, enemy, near, cards}) CHECK(s.find('\x1b') == std::string::npos);
    CHECK(contains(p.run("quit\n"), ""));
}

TEST_CASE("plain: the computer plays its side at once, and the game is played to its end", "[ui][plain][ai]") {
    Plain p;
    p.game.seat(rules::Side::B, ai::make_player(ai::Level::Random, 5), "random");
    p.game.seat(rules::Side::A, ai::make_player(ai::Level::Random, 6), "random");
    // Both sides the computer's: run() plays to the end without reading a line.
    const std::string all = p.run("");
    CHECK(p.session.over());
    CHECK(contains(all, "A (French, random) plays \""));
    CHECK(contains(all, "B (Spanish, random) plays \""));
    CHECK(contains(all, "The game is over."));
    CHECK(all.find('\x1b') == std::string::npos);
}

TEST_CASE("plain: the prompt says the pips left in the side's phase", "[ui][plain][issue-40]") {
    Plain p;
    p.run("terrain pass\nterrain pass\nadjust pass\nadjust pass\ndeploy auto\ndeploy auto\n");
    CHECK(contains(p.run(""), "> "));
    CHECK_FALSE(contains(p.run(""), "pips left> "));  // no phase yet: the initiative is chosen
    p.run("1\n");
    const rules::GameState& s = p.session.state();
    REQUIRE(s.decision == rules::Decision::Act);
    const std::string prompt = std::string(1, rules::side_letter(s.decider)) + ", " + std::to_string(s.pips) +
                               (s.pips == 1 ? " pip" : " pips") + " left> ";
    CHECK(contains(p.run(""), prompt));
}

TEST_CASE("plain: units are those of the side played here, even while the other decides", "[ui][plain][issue-40]") {
    Plain p;
    p.run("terrain pass\n");  // B places terrain now
    REQUIRE(p.session.decider() == rules::Side::B);
    // A network game: B is decided elsewhere, A is played here.
    p.session.set_seat(rules::Side::B, control::Seat::elsewhere_as("bob"), "");
    p.out.str("");
    p.game.handle_line("units");
    CHECK(contains(p.out.str(), "Your side, A French: "));
    p.out.str("");
    p.game.handle_line("enemy");
    CHECK(contains(p.out.str(), "The enemy, B Spanish: "));
}

TEST_CASE("plain: names with control bytes are printed without them", "[ui][plain]") {
    Plain p;
    rules::ArmyList odd = *p.ctx.armies[0];
    odd.name = "Fr\x1b[31mench";
    rules::RulesContext ctx = p.ctx;
    ctx.armies[0] = &odd;
    control::Session session(ctx, 12);
    std::ostringstream out;
    PlainGame game(session, out);
    game.start("");
    CHECK(out.str().find('\x1b') == std::string::npos);
    CHECK(contains(out.str(), "Fr?[31mench (A)"));
}

TEST_CASE("plain: a typed move finds the same turn-then-move as the screen's m key", "[ui][plain][PS-MOVE-5]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");  // facing N
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session session(pos.ctx, pos.s, dice);
    std::ostringstream out;
    PlainGame game(session, out);
    CHECK(game.handle_line("move h5 i5"));
    CHECK(out.str().starts_with("move h5 i5 is played as move h5 face NE i5.\n"));
    CHECK(rules::print(session.history().back().command) == "move h5 face NE i5");
}

TEST_CASE("plain: a stop out of turn carries the odds and takes y, n and D", "[ui][plain][PS-OPP-3]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h7");
    pos.next_card(rules::CardKind::Reload);
    core::ScriptedDice dice = core::ScriptedDice::parse("d6:1 d6:6");  // the shot: no effect
    control::Session session(pos.ctx, pos.s, dice);
    std::ostringstream out;
    PlainGame game(session, out);
    REQUIRE(game.set_option("shot-threshold", "0"));
    const auto run = [&](const std::string& lines) {
        out.str("");
        std::istringstream in(lines);
        game.run(in);
        return out.str();
    };
    SECTION("the prompt, then y fires") {
        const std::string stop = run("turn\n");
        CHECK(contains(stop, "Out of turn: shoot h7 h5 - hit or worse "));
        CHECK(contains(stop, ": y fires, n lets it go, D lets all go until your phase."));
        run("y\n");
        CHECK(session.history().back().command ==
              rules::Command{rules::Shoot{core::parse_square("h7").value(), core::parse_square("h5").value()}});
    }
    SECTION("n lets it go") {
        run("turn\n");
        run("n\n");
        CHECK(session.history().back().command == rules::Command{rules::Decline{}});
        CHECK(session.state().decider == rules::Side::A);
        // No stop now: said so, nothing played.
        const std::size_t n = session.history().size();
        CHECK(contains(run("n\n"), "n: y, n and D answer a stop out of turn; there is none now."));
        CHECK(session.history().size() == n);
    }
    SECTION("D lets all go until the side's phase") {
        run("turn\n");
        CHECK(contains(run("D\n"), "lets every reaction go until its phase"));
        CHECK(session.state().decider == rules::Side::A);
    }
    SECTION("the shot threshold's note, once") {
        REQUIRE(game.set_option("shot-threshold", "100"));
        const std::string let_go = run("turn\n");
        CHECK(contains(let_go, "Out of turn: shoot h7 h5 (harm "));
        CHECK(contains(let_go, "was let go"));
        CHECK(session.state().decider == rules::Side::A);
    }
}

TEST_CASE("plain: several reactions are listed with their odds, y1 and y2 pick one", "[ui][plain][PS-OPP-3]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h7");
    pos.add(rules::Side::A, "arquebus", "c5");
    pos.add(rules::Side::B, "arquebus", "c7");
    pos.next_card(rules::CardKind::Reload);
    core::ScriptedDice dice = core::ScriptedDice::parse("d6:1 d6:6");
    control::Session session(pos.ctx, pos.s, dice);
    std::ostringstream out;
    PlainGame game(session, out);
    REQUIRE(game.set_option("shot-threshold", "0"));
    std::istringstream in("turn\ny\ny2\n");
    game.run(in);
    const std::string said = out.str();
    INFO(said);
    CHECK(contains(said, "Out of turn: 2 reactions: y1 shoot h7 h5 - hit or worse "));
    CHECK(contains(said, "; y2 shoot c7 c5 - hit or worse "));
    CHECK(contains(said, ": y1 to y2 picks one, n lets them go, D lets all go until your phase."));
    CHECK(contains(said, "2 reactions are offered: y1 to y2 picks one."));
    bool shot = false;
    for (const auto& e : session.history())
        shot = shot || e.command == rules::Command{rules::Shoot{core::parse_square("c7").value(), core::parse_square("c5").value()}};
    CHECK(shot);
}
