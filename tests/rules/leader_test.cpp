// The leader: his moves (PS-LEADER-2, PS-MOVE-13), attaching and detaching (PS-LEADER-3,
// PS-LEADER-6, PS-LEADER-7), the leader-alone roll-off (PS-LEADER-11, PS-LEADER-10) and a unit
// leaving him behind (PS-LEADER-13).
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::Facing;
using tercio::test::events_of;
using tercio::test::path_of;
using tercio::test::board;
using tercio::test::contains;
using tercio::test::Position;
using tercio::test::sq;
using tercio::test::back_to_active;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;


}  // namespace

TEST_CASE("each army has one leader, alive at the start", "[rules][leader][PS-LEADER-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "ottoman");
    core::SeededDice dice(3);
    GameState s;
    new_game(ctx, s, dice);
    for (const Leader& l : s.leaders) {
        CHECK(l.alive);
        CHECK(l.attached == kNone);
    }
}

TEST_CASE(
    "the leader moves up to 4 squares in any direction, once per Move or Leader Check card, for 1 "
    "pip",
    "[rules][leader][PS-LEADER-2][PS-MOVE-13][PS-CARD-5][PS-CARD-6][PS-CARD-9][PS-PIP-1]") {
    SECTION("distance") {
        Position p = board();
        p.leader(A, "h3");
        CHECK(p.legal("leader h7"));        // 4 squares: 8 points
        CHECK(p.legal("leader j6"));        // 2 diagonal and 1 orthogonal: 8
        CHECK(p.legal("leader d3"));        // facing does not matter
        CHECK(p.legal("leader h1"));        // nor does the direction
        CHECK_FALSE(p.legal("leader h8"));  // 10
        CHECK_FALSE(p.legal("leader k6"));  // 3 diagonals: 9
        CHECK_FALSE(p.legal("leader h3"));  // he must go somewhere
    }
    SECTION("once per card, 1 pip each time") {
        Position p = board();
        p.leader(A, "h3");
        p.next_card(CardKind::CavalryMove);
        const auto ev = p.play("leader j6");
        CHECK(p.leader_of(A).square == sq("j6"));
        CHECK(p.s.pips == 9);
        REQUIRE(events_of<LeaderMoved>(ev).size() == 1);
        CHECK(contains(p.refusal("leader j7"), "PS-LEADER-2"));
        p.play("turn");
        CHECK(p.s.pips == 8);
        p.play("leader h3");
        CHECK(p.s.pips == 7);
    }
    SECTION("which cards") {
        Position p = board();
        p.leader(A, "h3");
        for (CardKind c : {CardKind::InfantryMove, CardKind::CavalryMove, CardKind::LeaderCheck}) {
            p.act(A, c, 5);
            INFO(card_title(c));
            CHECK(p.legal("leader h5"));
        }
        for (CardKind c :
             {CardKind::Reload, CardKind::Melee, CardKind::MillingAround, CardKind::Courage}) {
            p.act(A, c, 5);
            INFO(card_title(c));
            CHECK(contains(p.refusal("leader h5"), "PS-LEADER-2"));
        }
    }
    SECTION("a dead leader does nothing") {
        Position p = board();
        p.leader(A, "h3");
        p.leader_of(A).alive = false;
        p.act(A, CardKind::LeaderCheck, 5);
        CHECK_FALSE(test::refusal(p.ctx, p.s, "leader h5").empty());
    }
}

TEST_CASE(
    "the leader ignores terrain and units on his way, but never ends with an enemy unit alone",
    "[rules][leader][PS-MOVE-13][PS-TERRAIN-10][PS-TERRAIN-11]") {
    Position p = board();
    p.leader(A, "h3");
    p.piece(TerrainKind::Wood, {"h4", "h5"});
    p.piece(TerrainKind::Hill, {"h6"});
    p.add(B, "arquebus", "g6");
    p.add(B, "arquebus", "i6");
    p.add(B, "arquebus", "h7");
    p.add(A, "arquebus", "f5");
    CHECK(p.legal("leader h5"));  // into a wood, by its second square
    CHECK(p.legal("leader h6"));  // through the wood onto the hill
    CHECK(contains(p.refusal("leader h7"), "PS-MOVE-13"));
    p.play("leader f5");  // with a friendly unit, without attaching
    CHECK(p.leader_of(A).square == sq("f5"));
    CHECK(p.leader_of(A).attached == kNone);
}

TEST_CASE("attaching to a unit only on a Leader Check card, for 1 pip",
          "[rules][leader][PS-LEADER-3][PS-CARD-9]") {
    SECTION("not on a Move card") {
        Position p = board();
        p.leader(A, "h3");
        p.add(A, "arquebus", "h5");
        CHECK(contains(p.refusal("leader h5 attach"), "PS-LEADER-3"));
    }
    SECTION("moving to the unit") {
        Position p = board();
        p.leader(A, "h3");
        const auto u = p.add(A, "arquebus", "h5");
        p.act(A, CardKind::LeaderCheck, 5);
        const auto ev = p.play("leader h5 attach");
        CHECK(p.leader_of(A).attached == u);
        CHECK(p.leader_of(A).square == sq("h5"));
        CHECK(p.s.pips == 4);
        const auto moved = events_of<LeaderMoved>(ev);
        REQUIRE(moved.size() == 1);
        CHECK(moved[0].attached);
        CHECK(contains(p.refusal("leader h5 attach"), "already"));
    }
    SECTION("staying with the unit he is already with") {
        Position p = board();
        p.leader(A, "h5");
        const auto u = p.add(A, "arquebus", "h5");
        p.act(A, CardKind::LeaderCheck, 5);
        p.play("leader h5 attach");
        CHECK(p.leader_of(A).attached == u);
        CHECK(p.s.pips == 4);
    }
    SECTION("only to a friendly unit, even one in contact") {
        Position p = board();
        p.leader(A, "h3");
        p.add(B, "arquebus", "j5");
        const auto u = p.add(A, "arquebus", "f5");
        p.add(B, "arquebus", "f5");
        p.act(A, CardKind::LeaderCheck, 5);
        CHECK_FALSE(p.legal("leader g5 attach"));  // nobody there
        CHECK_FALSE(p.legal("leader j5 attach"));  // an enemy
        CHECK_FALSE(p.legal("leader f5"));         // with an enemy, not attaching
        p.play("leader f5 attach");
        CHECK(p.leader_of(A).attached == u);
    }
}

TEST_CASE("an attached leader moves with his unit at no cost",
          "[rules][leader][PS-LEADER-6][PS-MOVE-13]") {
    SECTION("a voluntary move") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        p.leader(A, "h3", true);
        p.play("move h3 h5");
        CHECK(p.leader_of(A).square == sq("h5"));
        CHECK(p.leader_of(A).attached == u);
        CHECK(p.s.pips == 9);
    }
    SECTION("an evade") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        p.leader(B, "h5", true);
        p.play("move h4 h5");
        p.play("evade");
        CHECK(p.leader_of(B).square == sq("h7"));
        CHECK(p.leader_of(B).attached == e);
    }
    SECTION("an opportunity charge") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        const auto l = p.add(B, "lancers", "h8", Facing::S);
        p.leader(B, "h8", true);
        p.play("move h3 h4");
        // The melee follows at once (PS-OPP-6), charger first (PS-DICE-8): the LANCERS' D10 is UP 1
        // for charging and UP 2 for the leader, a D12, against the arquebus's D6. A tie would kill
        // the leader (PS-MELEE-16), so the lancers win by 1: the arquebus falls back 1 square to h3
        // and the cavalry must follow it (PS-MELEE-13, PS-MELEE-18), the leader still with them.
        const auto ev = p.play("charge h8", "d12:5 d6:4");
        CHECK(path_of(ev, l) == std::vector<std::string>{"h7", "h6", "h5", "h4", "h3"});
        CHECK(p.unit(l).square == sq("h3"));
        CHECK(p.leader_of(B).square == sq("h3"));
        CHECK(p.leader_of(B).attached == l);
        CHECK(p.leader_of(B).alive);
    }
}

TEST_CASE("an attached leader detaches by moving away for 1 pip", "[rules][leader][PS-LEADER-7]") {
    for (CardKind c : {CardKind::InfantryMove, CardKind::CavalryMove, CardKind::LeaderCheck}) {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        p.leader(A, "h3", true);
        p.act(A, c, 5);
        INFO(card_title(c));
        CHECK_FALSE(p.legal("leader h3"));
        p.play("leader h6");
        CHECK(p.leader_of(A).attached == kNone);
        CHECK(p.leader_of(A).square == sq("h6"));
        CHECK(p.unit(u).square == sq("h3"));
        CHECK(p.s.pips == 4);
    }
}

TEST_CASE(
    "an enemy unit entering a lone leader's square: a D6 roll-off, ties re-rolled, the loser "
    "killed",
    "[rules][leader][PS-LEADER-11][PS-LEADER-10][PS-CHIP-5][PS-DICE-6][PS-DICE-8]") {
    Position p = board();
    p.add(A, "arquebus", "h3");
    p.leader(B, "h5");
    // B's D6 then A's; 2-2 is re-rolled; 3 against 5 loses; then B's D6 for the chips lost.
    const auto ev = p.play("move h3 h5", "d6:2 d6:2 d6:3 d6:5 d6:4");
    const auto rolls = events_of<DiceRolled>(ev);
    REQUIRE(rolls.size() == 4);
    CHECK(rolls[0].side == B);
    CHECK(rolls[0].purpose == core::RollPurpose::LeaderAlone);
    CHECK(rolls[1].side == A);
    CHECK_FALSE(p.leader_of(B).alive);
    const auto killed = events_of<LeaderKilled>(ev);
    REQUIRE(killed.size() == 1);
    CHECK(killed[0].side == B);
    CHECK(killed[0].chips_lost == 4);
    CHECK(p.s.morale_chips[1] == 8);
    CHECK(p.s.morale_chips[0] == 12);
    CHECK(back_to_active(p));
}

TEST_CASE("the Sultan's loss costs every chip",
          "[rules][leader][PS-LEADER-10][PS-CHIP-5][PS-ARMY-12]") {
    Position p = board("french", "ottoman");
    p.add(A, "arquebus", "h3");
    p.leader(B, "h5");
    p.leader_of(B).sultan = true;
    p.s.morale_chips[1] = 15;
    core::ScriptedDice dice =
        core::ScriptedDice::parse("d6:1 d6:6 d6:2");  // the last may go unused
    test::play(p.ctx, p.s, "move h3 h5", dice);
    CHECK_FALSE(p.leader_of(B).alive);
    CHECK(p.s.morale_chips[1] == 0);
}

TEST_CASE("the winner of the roll-off may move to safety, up to 4 squares, away from enemy units",
          "[rules][leader][PS-LEADER-11][PS-MOVE-15]") {
    SECTION("escape after the move") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h3");
        p.add(A, "militia", "g7");
        p.leader(B, "h5");
        p.play("move h3 h5", "d6:5 d6:2");
        CHECK(p.unit(m).square == sq("h5"));
        REQUIRE(p.s.decision == Decision::LeaderEscape);
        CHECK(p.s.decider == B);
        CHECK(p.leader_of(B).alive);
        CHECK_FALSE(p.legal("escape h10"));  // 5 squares
        CHECK_FALSE(p.legal("escape g7"));   // an enemy unit
        CHECK(p.legal("decline"));
        p.play("escape h9");
        CHECK(p.leader_of(B).square == sq("h9"));
        CHECK(back_to_active(p));
    }
    SECTION("or stay") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.leader(B, "h5");
        p.play("move h3 h5", "d6:6 d6:1");
        p.play("decline");
        CHECK(p.leader_of(B).square == sq("h5"));
        CHECK(back_to_active(p));
    }
    SECTION("a unit passing through rolls off at once and goes on") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h3");
        p.leader(B, "h4");
        const auto ev = p.play("move h3 h5", "d6:6 d6:1");
        CHECK(path_of(ev, m) == std::vector<std::string>{"h4"});
        CHECK(events_of<DiceRolled>(ev).size() == 2);  // at once, on entering h4
        // The winner's move to safety is decided at once too; then the mover goes on.
        REQUIRE(p.s.decision == Decision::LeaderEscape);
        CHECK(p.s.decider == B);
        const auto rest = p.play("escape h8");
        CHECK(p.leader_of(B).square == sq("h8"));
        CHECK(path_of(rest, m) == std::vector<std::string>{"h5"});
        CHECK(p.unit(m).square == sq("h5"));
        CHECK(back_to_active(p));
    }
    SECTION("an opportunity charger passing a lone leader triggers it too") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.leader(A, "h6");
        p.add(B, "lancers", "h8", Facing::S);
        p.play("move h3 h4");
        // A's D6 first: A loses, and a D6 of chips; then the melee, scripted as a tie (the
        // LANCERS' D12, D10 UP 1 for charging, against the arquebus's D6; PS-OPP-6, PS-DICE-8).
        const auto ev = p.play("charge h8", "d6:1 d6:6 d6:3 d12:4 d6:4");
        CHECK_FALSE(p.leader_of(A).alive);
        CHECK(p.s.morale_chips[0] == 9);
        CHECK(events_of<DiceRolled>(ev).front().side == A);
    }
}

TEST_CASE("no roll-off when the leader is with a friendly unit", "[rules][leader][PS-LEADER-11]") {
    SECTION("attached") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "arquebus", "h5");
        p.leader(B, "h5", true);
        p.play("move h3 h5");  // no dice
        CHECK(p.leader_of(B).alive);
    }
    SECTION("not attached, but in the unit's square") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "arquebus", "h5");
        p.leader(B, "h5");
        p.play("move h3 h5");  // no dice
        CHECK(p.leader_of(B).alive);
    }
}

TEST_CASE("a unit that leaves the table leaves its leader in the last square it held",
          "[rules][leader][PS-LEADER-13][PS-INVOL-1][PS-LEADER-11]") {
    SECTION("an evade off the table: he stays behind, alone") {
        Position p = board();
        p.add(A, "arquebus", "h13");
        const auto e = p.add(B, "light_horse", "h14", Facing::S);
        p.leader(B, "h14", true);
        p.play("move h13 h14");
        p.play("evade");
        CHECK(p.unit(e).status == UnitStatus::LeftTable);
        CHECK(p.leader_of(B).attached == kNone);
        CHECK(p.leader_of(B).alive);
        CHECK(p.leader_of(B).square == sq("h15"));
        CHECK(back_to_active(p));
    }
    SECTION(
        "off the table from its first square: the leader is left with the enemy and rolls off") {
        Position p = board();
        p.add(A, "arquebus", "h14");
        p.add(B, "light_horse", "h15", Facing::S);
        p.leader(B, "h15", true);
        p.play("move h14 h15");
        p.play("evade", "d6:5 d6:2");
        CHECK(p.leader_of(B).attached == kNone);
        CHECK(p.leader_of(B).alive);
        REQUIRE(p.s.decision == Decision::LeaderEscape);
        p.play("escape h11");
        CHECK(p.leader_of(B).square == sq("h11"));
    }
}
