// Hell Broke Loose's events in words (src/control/hbl_event_text.hpp).
#include <catch2/catch.hpp>
#include <cctype>

#include "kits/hbl/control/event_text.hpp"
#include "tests/hbl/fixture.hpp"

using namespace tercio;
using namespace tercio::hbl;

namespace {

Event make(EventKind k) {
    Event e;
    e.kind = k;
    return e;
}

}  // namespace

TEST_CASE("Hell Broke Loose's events read as sentences", "[hbl][control]") {
    const Context ctx = test::hbl_game_context(0);  // French against French
    core::SeededDice dice(3);
    GameState s;
    new_game(ctx, s, dice);
    // Unit 0 is A's first unit; the first of side B follows A's.
    std::size_t b0 = 0;
    while (s.units[b0].side == Side::A) ++b0;
    const std::string a_label = "A " + unit_label(ctx, s, 0);
    const std::string b_label = "B " + unit_label(ctx, s, b0);

    Event e = make(EventKind::Initiative);
    e.side = Side::B;
    e.a = 3, e.b = 9, e.c = 6;
    CHECK(control::describe(ctx, s, e) == "Initiative: A rolls 3, B rolls 9: 6 pips each; B chooses to go first or second.");
    e.side.reset();
    e.b = 3;
    CHECK(control::describe(ctx, s, e) == "Initiative: A rolls 3, B rolls 3: a tie, and the turn ends.");

    e = make(EventKind::CardTurned);
    e.side = Side::A;
    e.card = CardKind::CavalryMarch;
    CHECK(control::describe(ctx, s, e) == "A turns Cavalry March.");

    e = make(EventKind::Shot);
    e.unit = 0;
    e.other = static_cast<std::int8_t>(b0);
    e.a = 9, e.b = 4, e.c = 1;
    CHECK(control::describe(ctx, s, e) == a_label + " shoots at " + b_label + ": 9 against the Defence Die's 4, 1 UI.");
    e.c = 0;
    CHECK(control::describe(ctx, s, e) == a_label + " shoots at " + b_label + ": 9 against the Defence Die's 4, no UI.");

    e = make(EventKind::UnitCost);
    e.unit = 0;
    e.a = 2, e.b = 2, e.c = 1;
    CHECK(control::describe(ctx, s, e) == a_label + " loses 2 UI and 2 morale chips; it is vexed.");

    e = make(EventKind::Rallied);
    e.unit = 0;
    e.a = 4, e.b = -1;
    CHECK(control::describe(ctx, s, e) == a_label + " rallies (by 4): how many UI it takes back is chosen next.");
    e.a = -2, e.b = 0;
    CHECK(control::describe(ctx, s, e) == a_label + " fails to rally (short by 3).");
    e.a = 0, e.b = 1, e.c = 1;
    CHECK(control::describe(ctx, s, e) == a_label + " takes back 1 UI, a morale chip each.");
    e.b = 0;
    CHECK(control::describe(ctx, s, e) == a_label + " takes back no UI.");

    e = make(EventKind::GameOver);
    e.side = Side::A;
    e.a = static_cast<int>(EndReason::ChipsGone);
    CHECK(control::describe(ctx, s, e) == "Game over (morale chips all spent): A wins.");
    e.side.reset();
    e.a = static_cast<int>(EndReason::TurnLimit);
    CHECK(control::describe(ctx, s, e) == "Game over (the last turn ended): a draw.");
}

TEST_CASE("Every event of Hell Broke Loose's random games has words", "[hbl][control]") {
    std::array<int, 32> seen{};
    for (int game = 0; game < 12; ++game) {
        const Context ctx = test::hbl_game_context(game);
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 5);
        GameState s;
        auto check = [&](const Events& events) {
            for (const Event& e : events) {
                const std::string text = control::describe(ctx, s, e);
                INFO(text);
                CHECK(text.find('?') == std::string::npos);
                CHECK(text.back() == '.');
                ++seen[static_cast<std::size_t>(e.kind)];
            }
        };
        check(new_game(ctx, s, dice));
        while (!s.over()) {
            const auto c = random_legal(ctx, s, chooser);
            REQUIRE(c);
            check(apply(ctx, s, *c, dice));
        }
    }
    // The common events all came up.
    for (const EventKind k : {EventKind::Initiative, EventKind::PhaseBegan, EventKind::CardTurned, EventKind::Activated,
                              EventKind::Moved, EventKind::Shot, EventKind::MeleeRound, EventKind::UnitCost,
                              EventKind::Rallied, EventKind::GameOver}) {
        INFO("event kind " << static_cast<int>(k));
        CHECK(seen[static_cast<std::size_t>(k)] > 0);
    }
}

TEST_CASE("tercio run --why's words for Hell Broke Loose: the dice of a fight, a shot, a rally, a march",
          "[hbl][control][HBL-MOD-1][HBL-MOD-2][HBL-MOD-3]") {
    const Context ctx = test::hbl_game_context(0);
    core::SeededDice dice(3);
    GameState s;
    new_game(ctx, s, dice);
    std::size_t b0 = 0;
    while (s.units[b0].side == Side::A) ++b0;
    // A melee of A's first unit against B's first, made by hand: A initiates it, in the open.
    s.melees[0] = Melee{};
    s.melees[0].live = true;
    s.melees[0].a = 0;
    s.melees[0].b = static_cast<std::uint8_t>(b0);
    s.units[0].melee = 0;
    s.units[b0].melee = 0;
    s.units[b0].sq = s.units[0].sq;
    const auto fight = control::explain(ctx, s, cmd::Fight{0});
    REQUIRE(fight.size() == 2);
    CHECK(fight[0].rfind("A " + unit_label(ctx, s, 0) + " fights with its Combat Die ", 0) == 0);
    CHECK(fight[0].find("Up: initiating") != std::string::npos);
    CHECK(fight[1].rfind("B " + unit_label(ctx, s, b0) + " fights with its Combat Die ", 0) == 0);
    CHECK(fight[1].find("initiating") == std::string::npos);
    // Each line ends with the die the factors make, as the odds use it.
    const auto factors = melee_factors_now(ctx, s, 0);
    const auto die = core::ladder_die(ctx.army(Side::A).units[s.units[0].line].combat, melee_steps(factors[0]));
    std::string want = core::to_string(die);
    for (char& ch : want) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    CHECK(fight[0].find("-> " + want + " (HBL-MOD-1).") != std::string::npos);

    const auto rally = control::explain(ctx, s, cmd::Rally{0});
    REQUIRE(rally.size() == 1);
    CHECK(rally[0].find("Up: the officer attached") != std::string::npos);
    CHECK(rally[0].find("Down: in contact") != std::string::npos);  // it is in the melee
    CHECK(rally[0].find("against an unmodified D8") != std::string::npos);

    const auto shot = control::explain(ctx, s, cmd::Shoot{0, static_cast<std::uint8_t>(b0)});
    REQUIRE(shot.size() == 2);
    CHECK(shot[1].find("Defence Die") != std::string::npos);
    CHECK(shot[1].find("never modified (HBL-SHOOT-2).") != std::string::npos);

    CHECK(control::explain(ctx, s, cmd::Activate{0}).size() == 1);
    CHECK(control::explain(ctx, s, cmd::Done{}).empty());
}

TEST_CASE("Hell Broke Loose as text: the board, the units and the turn", "[hbl][control]") {
    const Context ctx = test::hbl_game_context(2);  // French against Italian
    core::SeededDice dice(5);
    GameState s;
    new_game(ctx, s, dice);
    s.set_terrain(core::make_square(0, 0), Terrain::II);
    s.set_terrain(core::make_square(1, 0), Terrain::III);

    const auto board = control::board_lines(ctx, s);
    REQUIRE(board.size() == static_cast<std::size_t>(s.ranks) + 1);
    CHECK(board.back().rfind("   a b c ", 0) == 0);
    CHECK(board.front().rfind(std::to_string(s.ranks) + " ", 0) == 0);
    CHECK(board[static_cast<std::size_t>(s.ranks) - 1].rfind(" 1 : # . ", 0) == 0);  // rank 1: a1 II, b1 III
    // Every unit's glyph on its square, upper case for A and lower case for B.
    const auto at = [&](core::Square q) {
        return board[static_cast<std::size_t>(s.ranks - 1 - q.y)][static_cast<std::size_t>(3 + 2 * q.x)];
    };
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        const char g = ctx.rs().troop_types[u.type].glyph;
        INFO("unit " << i);
        CHECK(at(u.sq) == (u.side == Side::A ? std::toupper(static_cast<unsigned char>(g))
                                            : std::tolower(static_cast<unsigned char>(g))));
    }
    // Two units in one square (a melee): '*'.
    std::size_t b0 = 0;
    while (s.units[b0].side == Side::A) ++b0;
    s.units[b0].sq = s.units[0].sq;
    CHECK(control::board_lines(ctx, s)[static_cast<std::size_t>(s.ranks - 1 - s.units[0].sq.y)]
              [static_cast<std::size_t>(3 + 2 * s.units[0].sq.x)] == '*');

    s.units[0].integrity.lost = 1;
    s.units[0].integrity.vexed = true;
    const auto units = control::unit_lines(ctx, s);
    REQUIRE(units.size() == s.unit_count);
    const Unit& u0 = s.units[0];
    CHECK(units[0].rfind("A " + unit_label(ctx, s, 0) + " " + core::to_string(u0.sq) + " N  ", 0) == 0);
    CHECK(units[0].find(", UI " + std::to_string(u0.integrity.ui - 1) + "/" + std::to_string(u0.integrity.ui)) !=
          std::string::npos);
    CHECK(units[0].find(", vexed") != std::string::npos);
    CHECK(units.back().rfind("B ", 0) == 0);

    const auto status = control::status_lines(ctx, s);
    REQUIRE(status.size() == 3);
    CHECK(status[0] == "Turn 1: " + std::string(1, core::side_letter(s.chooser)) + " chooses to go first or second; " +
                           std::to_string(s.pips) + (s.pips == 1 ? " pip" : " pips") + " each.");
    CHECK(status[1].rfind("A " + ctx.army(Side::A).name + ": army die D", 0) == 0);
    CHECK(status[1].find("morale chips " + std::to_string(s.chips[0]) + " of " + std::to_string(s.chips_start[0])) !=
          std::string::npos);
    CHECK(status[2].find(std::to_string(s.decks[1].left()) + " cards left in the deck.") != std::string::npos);
}

TEST_CASE("tercio run --why explains the round a move fights at once on contact", "[hbl][control][HBL-MELEE-1]") {
    // Over random games, every legal move: one whose contact is fought at once (a flank attack,
    // skirmish cavalry riding into a close skirmish) is explained as that round's fight, in the
    // state it is fought in; any other move rolls nothing to explain.
    int at_once = 0;
    for (int game = 0; game < 12 && at_once < 5; ++game) {
        const Context ctx = test::hbl_game_context(game);
        core::SeededDice dice(static_cast<std::uint64_t>(100 + game));
        core::SeededDice chooser(static_cast<std::uint64_t>(200 + game));
        GameState s;
        new_game(ctx, s, dice);
        for (int i = 0; i < 5000 && !s.over(); ++i) {
            for (const Command& c : legal_commands(ctx, s)) {
                const auto* mv = std::get_if<cmd::Move>(&c);
                if (!mv) continue;
                const auto why = control::explain(ctx, s, c);
                if (const auto r = at_once_round(ctx, s, *mv)) {
                    ++at_once;
                    REQUIRE(why.size() == 2);
                    CHECK(why == control::explain(ctx, r->state, cmd::Fight{mv->unit}));
                    CHECK(why[0].find("fights with its Combat Die") != std::string::npos);
                } else {
                    CHECK(why.empty());
                }
            }
            const auto c = random_legal(ctx, s, chooser, nullptr);
            REQUIRE(c);
            apply(ctx, s, *c, dice);
        }
    }
    CHECK(at_once >= 5);
}
