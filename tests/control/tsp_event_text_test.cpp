// The Sword and the Pike's events in words, their dice explained and their odds
// (src/kits/tsp/control/event_text.hpp), over Red against Black of tests/tsp/fixture.hpp with every
// deck and die scripted.
#include <catch2/catch.hpp>

#include "kits/tsp/control/event_text.hpp"
#include "tests/tsp/fixture.hpp"

using namespace tercio;
using namespace tercio::tsp;
using core::Facing;
using test::first;
using test::hold_turn;
using test::tsp_card;
using test::tsp_d20;
using test::tsp_deck;
using test::TspGame;

namespace {

Event make(EventKind k) {
    Event e;
    e.kind = k;
    return e;
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& part) {
    for (const std::string& l : lines) {
        if (contains(l, part)) return true;
    }
    return false;
}

/// Red's arquebusiers at l8 facing north, Black's crossbowmen at l11 (the arquebus's short range),
/// the movement phase held through and Red's card in play in the fire phase.
TspGame at_fire() {
    TspGame g;
    g.place(Side::A, "A1", "l8", Facing::N);
    g.place(Side::B, "C1", "l11", Facing::S);
    hold_turn(g, tsp_deck({tsp_card(1, 'H')}), true);
    REQUIRE(g.s.step == Step::Fire);
    return g;
}

/// C(n, k) k-of-n ways of a volley: C(n,h) k^h (20-k)^(n-h), the closed form, apart from odds.cpp.
Count closed_form(int n, int h, int k) {
    Count c = 1;
    for (int i = 0; i < h; ++i) c = c * static_cast<Count>(n - i) / static_cast<Count>(i + 1);
    for (int i = 0; i < h; ++i) c *= static_cast<Count>(k);
    for (int i = 0; i < n - h; ++i) c *= static_cast<Count>(20 - k);
    return c;
}

Count power(int base, int n) {
    Count c = 1;
    for (int i = 0; i < n; ++i) c *= static_cast<Count>(base);
    return c;
}

}  // namespace

TEST_CASE("The Sword and the Pike's events read as sentences, units side first, cards by name",
          "[tsp][control][TSP-CARD-1][TSP-CARD-3]") {
    TspGame g;
    const std::string a = "A " + unit_label(g.ctx, g.s, g.unit(Side::A, "P1"));
    const std::string b = "B " + unit_label(g.ctx, g.s, g.unit(Side::B, "C1"));
    REQUIRE(a == "A P1");
    REQUIRE(b == "B C1");
    const auto p1 = static_cast<std::int8_t>(g.unit(Side::A, "P1"));
    const auto c1 = static_cast<std::int8_t>(g.unit(Side::B, "C1"));

    Event e = make(EventKind::CardPulled);
    e.card = tsp_card(7, 'H');
    e.side = Side::A;
    e.b = 1;
    CHECK(control::describe(g.ctx, g.s, e) == "Pulled the 7 of hearts, Red's: A moves a unit.");
    e.b = 3;
    CHECK(control::describe(g.ctx, g.s, e) == "Pulled the 7 of hearts, Red's: A moves 3 units.");
    e.card = tsp_card(1, 'S');
    e.side = Side::B;
    e.a = 1;
    CHECK(control::describe(g.ctx, g.s, e) == "Pulled the ace of spades, Black's: set aside, no unit of B is left to act.");

    e = make(EventKind::Activated);
    e.unit = p1;
    e.a = 7, e.b = 7, e.c = 4;
    CHECK(control::describe(g.ctx, g.s, e) == "A P1 is activated and rolls 7: 7 inches, 4 movement points.");

    e.unit = static_cast<std::int8_t>(g.unit(Side::A, "H1"));
    e.a = e.b = e.c = 0;
    CHECK(control::describe(g.ctx, g.s, e) == "A H1 is activated: it rolls no dice and may only turn.");

    // TSP-CARD-3: a brigade's roll, and a member moving at it.
    e.unit = p1;
    e.a = 7, e.b = 7, e.c = 4, e.d = 1;
    CHECK(control::describe(g.ctx, g.s, e) == "A P1 is activated and rolls 7 for its brigade: 7 inches, 4 movement points.");
    e = make(EventKind::BrigadeMoves);
    e.unit = p1;
    e.b = 7, e.c = 4;
    CHECK(control::describe(g.ctx, g.s, e) == "A P1 moves with its brigade at the same roll: 7 inches, 4 movement points.");
    // The status says so too while a brigade moves.
    g.s.decision = Decision::Move;
    g.s.active = static_cast<std::int8_t>(g.unit(Side::A, "P1"));
    g.s.move_inches = 7;
    g.s.brigade = -1;
    CHECK(control::status_lines(g.ctx, g.s)[1] == "A P1 is activated: 7 inches, 4 points on open ground.");
    g.s.brigade = 0;
    CHECK(control::status_lines(g.ctx, g.s)[1] == "A P1 is activated with its brigade: 7 inches, 4 points on open ground.");

    e = make(EventKind::Routed);
    e.unit = p1;
    e.a = 3;
    CHECK(control::describe(g.ctx, g.s, e) == "A P1 routs, losing a D4 of figures: 3.");

    e = make(EventKind::Shot);
    e.unit = p1, e.other = c1;
    e.a = 10, e.b = 3, e.c = 5;
    CHECK(control::describe(g.ctx, g.s, e) == "A P1 fires 10 dice at B C1, each hitting on a natural 1 to 5: 3 hits.");
    e.b = 0, e.d = 2;
    CHECK(control::describe(g.ctx, g.s, e) ==
          "A P1 fires 10 dice at B C1 before contact with 2 ranks (a D4), each hitting on a natural 1 to 5: no hit.");

    e = make(EventKind::Casualty);
    e.unit = c1;
    e.card = tsp_card(12, 'D');
    e.a = 1;
    CHECK(control::describe(g.ctx, g.s, e) == "Casualty card the queen of diamonds: B C1 loses 1 figure.");
    e.card = tsp_card(1, 'C');
    e.a = 0, e.b = 1;
    CHECK(control::describe(g.ctx, g.s, e) == "Casualty card the ace of clubs: B C1's unit leader falls.");

    e = make(EventKind::Morale);
    e.unit = c1;
    e.a = 4, e.b = 6, e.c = 0, e.d = static_cast<int>(Occasion::FireCasualties);
    CHECK(control::describe(g.ctx, g.s, e) == "B C1 tests morale after its fire casualties: rolls 4, needs 6: fails.");
    e.a = 2, e.b = 1, e.c = 1, e.d = static_cast<int>(Occasion::Charged);
    CHECK(control::describe(g.ctx, g.s, e) == "B C1 tests morale to stand against the charge: rolls 2, any roll passes: passes.");

    e = make(EventKind::MatchUp);
    e.unit = p1, e.other = c1;
    e.a = 6, e.b = 3, e.c = 2, e.d = 1;
    CHECK(control::describe(g.ctx, g.s, e) == "Match-up: A P1 6 against B C1 3: B C1 loses 2 figures.");
    e.a = 3, e.b = 4, e.c = 0, e.d = 0;
    CHECK(control::describe(g.ctx, g.s, e) == "Match-up: A P1 3 against B C1 4: A P1 loses the match-up, no figure.");
    e.a = 4;
    CHECK(control::describe(g.ctx, g.s, e) == "Match-up: A P1 4 against B C1 4: no result.");

    // Close combat in one square (TSP-GRID-3): the charger enters its enemy's.
    e = make(EventKind::CombatBegan);
    e.unit = p1, e.other = c1;
    e.sq = *core::parse_square("l6", g.s.files, g.s.ranks);
    CHECK(control::describe(g.ctx, g.s, e) == "A P1 closes with B C1 in l6: they are in close combat.");
    e.a = 1;
    CHECK(control::describe(g.ctx, g.s, e) == "A P1 cannot leave B C1's square: their close combat goes on.");

    // The Colonel with Red's pike, killed by a heart (TSP-CC-4).
    e = make(EventKind::OfficerLost);
    e.unit = p1;
    e.card = tsp_card(3, 'H');
    e.a = 1;
    g.s.officers[0].alive = false;
    CHECK(control::describe(g.ctx, g.s, e) == "Casualty card the 3 of hearts: the Colonel with A P1 is killed.");

    e = make(EventKind::Spirit);
    e.side = Side::B;
    e.a = 9, e.b = 8, e.c = 0, e.d = 7;
    CHECK(control::describe(g.ctx, g.s, e) == "B's spirit: 3.5 points, good on 1 to 8 on a D10; rolls 9: poor.");
    e.d = 0;
    CHECK(control::describe(g.ctx, g.s, e) == "B's spirit: 0 points, none left.");

    e = make(EventKind::GameOver);
    e.side = Side::A;
    e.a = static_cast<int>(EndReason::SpiritFailed);
    CHECK(control::describe(g.ctx, g.s, e) == "Game over (an army's spirit failed three turns running): A wins.");
    e.side.reset();
    e.a = static_cast<int>(EndReason::TurnLimit);
    CHECK(control::describe(g.ctx, g.s, e) == "Game over (the last turn ended): a draw.");
}

TEST_CASE("The Sword and the Pike: dismounting and mounting in words", "[tsp][control][TSP-MOVE-4]") {
    // Black's light horse crossbows in skirmish order (L1), on Black's card, the option on.
    TspGame g({tsp_card(1, 'S')}, {}, kDismounting);
    const auto l1 = static_cast<std::uint8_t>(g.unit(Side::B, "L1"));
    Event e = make(EventKind::Dismounts);
    e.unit = static_cast<std::int8_t>(l1);
    CHECK(control::describe(g.ctx, g.s, e) == "B L1 dismounts to fight on foot, at the cost of a D6 of its move.");
    e.kind = EventKind::Mounts;
    CHECK(control::describe(g.ctx, g.s, e) == "B L1 mounts its horses again, at the cost of a D6 of its move.");
    // x on the command: the dice of the form it takes, one fewer.
    auto lines = control::explain(g.ctx, g.s, cmd::Dismount{l1, false});
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "B L1 dismounts, and moves as skirmish crossbowmen: 2D6, its 3D6 less one for dismounting "
                      "(TSP-MOVE-4, TSP-MOVE-1).");
    g.s.units[l1].dismounted = true;
    lines = control::explain(g.ctx, g.s, cmd::Dismount{l1, true});
    REQUIRE(lines.size() == 2);
    CHECK(lines[0] == "B L1 mounts, and moves as skirmish light horse: 5D6, its 6D6 less one for mounting "
                      "(TSP-MOVE-4, TSP-MOVE-1).");
    // The units' list says it is on foot, and activating it rolls the foot's dice.
    const auto units = control::unit_lines(g.ctx, g.s);
    CHECK(any_contains(units, "B L1 n15 S  light-horse, 12/12 figures (Fresh), Steady, 1 leader, dismounted."));
    CHECK(any_contains(control::explain(g.ctx, g.s, cmd::Activate{l1}), "B L1 rolls 3D6 for its move, skirmish crossbowmen"));
}

TEST_CASE("Every event of The Sword and the Pike's random games has words", "[tsp][control]") {
    std::array<int, 32> seen{};
    for (int game = 0; game < 10; ++game) {
        const Context ctx = test::tsp_context();
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 7);
        GameState s;
        auto check = [&](const Events& events) {
            for (const Event& e : events) {
                const std::string text = control::describe(ctx, s, e);
                INFO(text);
                CHECK_FALSE(contains(text, "?"));
                CHECK(text.back() == '.');
                ++seen[static_cast<std::size_t>(e.kind)];
            }
        };
        check(new_game(ctx, s, dice));
        if (game % 2 == 1) {
            // A close start: the armies four ranks apart, so that they shoot and fight.
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                Unit& u = s.units[i];
                u.sq = core::make_square(u.sq.x, u.side == Side::A ? 6 : 9);
            }
        }
        while (!s.over()) {
            const auto c = random_legal(ctx, s, chooser);
            REQUIRE(c);
            // Every command's explanation and odds have words too.
            for (const std::string& line : control::explain(ctx, s, *c)) {
                INFO(line);
                CHECK(line.back() == '.');
                CHECK_FALSE(contains(line, "?"));
            }
            check(apply(ctx, s, *c, dice));
            // The board, the units and the status as text, in every state.
            CHECK(control::board_lines(ctx, s).size() == static_cast<std::size_t>(s.ranks) + 1);
            for (const std::string& line : control::status_lines(ctx, s)) CHECK(line.back() == '.');
        }
    }
    for (const EventKind k : {EventKind::Shuffled, EventKind::PhaseBegan, EventKind::CardPulled, EventKind::Activated,
                              EventKind::Moved, EventKind::Held, EventKind::Shot, EventKind::Casualty,
                              EventKind::Morale, EventKind::Spirit, EventKind::TurnEnded, EventKind::GameOver,
                              EventKind::Charges, EventKind::CombatBegan, EventKind::MatchUp}) {
        INFO("event kind " << static_cast<int>(k));
        CHECK(seen[static_cast<std::size_t>(k)] > 0);
    }
}

TEST_CASE("The Sword and the Pike: x explains a volley's dice, hit number and named modifiers",
          "[tsp][control][TSP-FIRE-1][TSP-FIRE-3][TSP-FIRE-4]") {
    TspGame g = at_fire();
    const Command shoot = test::tsp_command(g.ctx, g.s, "shoot A1 C1");
    auto lines = control::explain(g.ctx, g.s, shoot);
    REQUIRE(lines.size() == 4);
    CHECK(lines[0] == "A A1 rolls 10 D20s: a die a figure of 20, at most 5 a rank in 2 ranks (TSP-FIRE-1, TSP-GRID-3).");
    CHECK(lines[1] == "Its arquebus at short range at B C1, a class II target: a die hits on 5 or less (TSP-FIRE-2, "
                      "TSP-FIRE-3).");
    CHECK(lines[2] == "No modifiers: a natural 1 to 5 hits.");
    // Shaken: +1 to each die (TSP-FIRE-4, TSP-TV-4): 1 to 4 hit.
    g.at(Side::A, "A1").status = Status::Shaken;
    lines = control::explain(g.ctx, g.s, shoot);
    REQUIRE(lines.size() == 4);
    CHECK(lines[2] == "Added to each die: +1 shaken (TSP-FIRE-4): a natural 1 to 4 hits.");
    // The explanation goes under the volley: the first event of the command that rolled it.
    std::string misses;
    for (int i = 0; i < 10; ++i) misses += tsp_d20(20);
    test::TspDice dice(g.decks, misses);
    const Events ev = apply(g.ctx, g.s, shoot, dice);
    std::size_t i = 0;
    while (i < ev.size() && !control::rolled_dice(ev[i])) ++i;
    REQUIRE(i < ev.size());
    CHECK(ev[i].kind == EventKind::Shot);
}

TEST_CASE("The Sword and the Pike: a volley's odds are the exact distribution of its hits",
          "[tsp][control][TSP-FIRE-1][TSP-FIRE-3]") {
    TspGame g = at_fire();
    std::string why;
    bool illegal = false;
    const auto lines = control::odds_lines(g.ctx, g.s, "shoot A1 C1", why, illegal);
    REQUIRE(lines);
    INFO(lines->front());
    CHECK(lines->front() == "shoot A1 C1: 10 D20s at B C1, each hitting on a natural 1 to 5: 2.5 hits on average");
    // Each number of hits at its chance, counted here by the closed form.
    const Count all = power(20, 10);
    for (int h = 0; h <= 5; ++h) {
        const std::string item = std::to_string(h) + " " + percent_text(closed_form(10, h, 5), all);
        INFO(item);
        CHECK(any_contains(*lines, item));
    }
    CHECK(any_contains(*lines, "at least 1 hit " + percent_text(all - closed_form(10, 0, 5), all)));
    // A target out of range is refused by the rules, a command without dice has no odds.
    CHECK_FALSE(control::odds_lines(g.ctx, g.s, "shoot A1 P1", why, illegal));
    CHECK(illegal);
    CHECK(why == "that target is not in range and arc");
    CHECK_FALSE(control::odds_lines(g.ctx, g.s, "hold A1", why, illegal));
    CHECK_FALSE(illegal);
    CHECK(why == "only shoot, activate and break have odds");
    CHECK_FALSE(control::odds_lines(g.ctx, g.s, "shoot X9 C1", why, illegal));
    CHECK(why == "no unit 'X9' of yours");
}

TEST_CASE("The Sword and the Pike: the odds of an activation, its movement points and a Shaken unit's rally",
          "[tsp][control][TSP-MOVE-1][TSP-GRID-1][TSP-AMB-5][TSP-AMB-22]") {
    TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H')});
    std::string why;
    bool illegal = false;
    // Gendarmes: 5D6; all ones, 5", give 3 points: 1 roll of 7776.
    auto lines = control::odds_lines(g.ctx, g.s, "activate G1", why, illegal);
    REQUIRE(lines);
    CHECK(lines->front().starts_with("activate G1: 5D6 to move: "));
    CHECK(any_contains(*lines, "points: 3 " + percent_text(1, 7776)));
    CHECK(any_contains(*lines, "a step ahead costs 2, aside 3 (TSP-GRID-1)"));
    const auto explained = control::explain(g.ctx, g.s, test::tsp_command(g.ctx, g.s, "activate G1"));
    CHECK(any_contains(explained, "rolls 5D6 for its move"));
    // Shaken: the rally test first, Other Foot's Stand and Fight, 3 or more: 8 faces of 10.
    g.at(Side::A, "A1").status = Status::Shaken;
    lines = control::odds_lines(g.ctx, g.s, "activate A1", why, illegal);
    REQUIRE(lines);
    CHECK(any_contains(*lines, "rallies first: 80.0% (8 of 10 faces, TSP-AMB-5)"));
    CHECK(control::explain(g.ctx, g.s, test::tsp_command(g.ctx, g.s, "activate A1")).front() ==
          "A A1 is Shaken and first tests to rally, Stand and Fight: 3 or more on a D10, no modifiers: a natural 3 "
          "or more passes; on a failure it stays put (TSP-AMB-5, TSP-AMB-22).");
    // The rally's roll is the first that rolled dice: the explanation goes under it.
    test::TspDice dice(g.decks, "d10:2");
    const Events ev = apply(g.ctx, g.s, test::tsp_command(g.ctx, g.s, "activate A1"), dice);
    REQUIRE_FALSE(ev.empty());
    CHECK(ev.front().kind == EventKind::Morale);
    CHECK(control::rolled_dice(ev.front()));
    // A unit that has had its chance in this phase: refused by the rules.
    CHECK_FALSE(control::odds_lines(g.ctx, g.s, "activate A1", why, illegal));
    CHECK(illegal);
}

TEST_CASE("The Sword and the Pike: the break-off test's odds are the roll's", "[tsp][control][TSP-CC-6]") {
    TspGame g({tsp_card(1, 'C'), tsp_card(2, 'C')});
    // In close combat, in one square (TSP-GRID-3).
    g.place(Side::A, "G1", "l6", Facing::N);
    g.place(Side::B, "P1", "l6", Facing::S);
    const auto g1 = g.unit(Side::A, "G1");
    const auto p1 = g.unit(Side::B, "P1");
    g.s.units[g1].combat = static_cast<std::int8_t>(p1);
    g.s.units[p1].combat = static_cast<std::int8_t>(g1);
    g.s.units[g1].combat_rolls = g.s.units[p1].combat_rolls = 6;
    // Landsknechts from gendarmes: 2 or more, -2 foot breaking off from horse: a natural 4, 7 faces.
    const MoraleTest t = tsp::break_off_test_now(g.ctx, g.s, p1);
    CHECK(t.natural_needed() == 4);
    std::string why;
    bool illegal = false;
    const auto lines = control::odds_lines(g.ctx, g.s, "break P1", why, illegal);
    REQUIRE(lines);
    CHECK(lines->front() == "break P1: breaks off 70.0% (7 of 10 faces, TSP-CC-6)");
    const auto explained = control::explain(g.ctx, g.s, test::tsp_command(g.ctx, g.s, "break P1"));
    REQUIRE_FALSE(explained.empty());
    CHECK(contains(explained.front(), "B P1 tests to break off from A G1"));
    CHECK(contains(explained.front(), "-2 foot breaking off from horse (TSP-CC-6)"));
    // The sequence of play rolls the same test: its event needs what the odds said.
    const Events ev = g.play("break P1", "d10:3");
    REQUIRE(first(ev, EventKind::Morale));
    CHECK(first(ev, EventKind::Morale)->b == t.natural_needed());
}

TEST_CASE("The Sword and the Pike's board, units and status as text", "[tsp][control]") {
    TspGame g;
    g.s.set_terrain(*core::parse_square("a1", g.s.files, g.s.ranks), Terrain::Wood);
    g.s.set_terrain(*core::parse_square("b1", g.s.files, g.s.ranks), Terrain::Hill);
    const auto board = control::board_lines(g.ctx, g.s);
    REQUIRE(board.size() == 17);
    CHECK(board.back().starts_with("   a b c d e f g h i j k l m n o p q r s t u v w x"));
    CHECK(board[15].starts_with(" 1 & ^ . ."));
    // Red's four units centred on rank 2 in capitals, Black's on rank 15 in small letters.
    CHECK(board[14] == " 2 . . . . . . . . . . P A G H . . . . . . . . . .");
    CHECK(board[1] == "15 . . . . . . . . . . p c r l . . . . . . . . . .");
    const auto units = control::unit_lines(g.ctx, g.s);
    REQUIRE(units.size() == 8);
    CHECK(units[0] == "A P1 k2 N  pikemen, 25/25 figures (Fresh), Steady, 2 leaders, a Colonel.");
    const auto status = control::status_lines(g.ctx, g.s);
    CHECK(status[0].starts_with("Turn 1 of 12: the movement phase, "));
    CHECK(contains(status[1], "A Red: 4 of 4 units on the field, spirit 4 of 4 points (good on 1 to 10 on a D10), "
                              "no failed spirit test."));
}

TEST_CASE("The Sword and the Pike's status names a scenario's objectives and who holds them",
          "[tsp][control][TSP-SPIRIT-4]") {
    static const tsp::Ruleset rs = [] {
        tsp::Ruleset r = test::tsp_ruleset();
        r.objectives = {{"the hill", core::make_square(7, 7)}, {"the farm", core::make_square(3, 2)}};
        return r;
    }();
    TspGame g;
    g.ctx.ruleset = &rs;
    g.place(Side::B, "C1", "h8", core::Facing::S);
    const auto status = control::status_lines(g.ctx, g.s);
    REQUIRE(status.size() >= 2);
    CHECK(status[status.size() - 2] ==
          "Objective the hill at h8: held by B (the side holding more at the turn limit wins).");
    CHECK(status.back() == "Objective the farm at d3: held by nobody (the side holding more at the turn limit wins).");
    // Without objectives the status ends with the decks.
    TspGame plain;
    CHECK(control::status_lines(plain.ctx, plain.s).back().starts_with("Activation deck: "));
}
