// check_consistent (rules/consistency.hpp): hand-built states that break one invariant each are
// reported at the field that breaks it; the random-play test checks that every state of real
// games passes, and tests/data/position_test.cpp that the position loader refuses the others.
#include "rules/consistency.hpp"

#include <catch2/catch.hpp>

#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using test::sq;

namespace {

/// "field [index]: message" for each inconsistency.
std::vector<std::string> problems(const test::Position& p) {
    std::vector<std::string> out;
    for (const Inconsistency& bad : check_consistent(p.ctx, p.s)) {
        out.push_back(std::to_string(static_cast<int>(bad.field)) + " [" +
                      std::to_string(bad.index) + "]: " + bad.message);
    }
    return out;
}

/// The one inconsistency of the state, which must be about `field` and say `words`.
void only(const test::Position& p, Field field, std::size_t index, const std::string& words) {
    const auto bad = check_consistent(p.ctx, p.s);
    for (const auto& b : bad) UNSCOPED_INFO(b.message);
    REQUIRE(bad.size() == 1);
    CHECK(bad[0].field == field);
    CHECK(bad[0].index == index);
    CHECK(bad[0].message.find(words) != std::string::npos);
}

/// A French knight (A) in h5 and a Spanish tercio (B) in h8, A to act with a Melee card.
test::Position two_units() {
    test::Position p;
    p.add(Side::A, "knights", "h5");
    p.add(Side::B, "tercio", "h8");
    p.act(Side::A, CardKind::Melee, 5);
    return p;
}

/// `p` back in the set-up, at `decision` for side A: turn 0, no card turned yet.
void to_setup(test::Position& p, Decision decision) {
    p.s.turn = 0;
    p.s.decision = decision;
    p.s.decider = Side::A;
    p.s.has_current_card = false;
    for (auto& d : p.s.decks) d.drawn = 0;
}

}  // namespace

TEST_CASE("a state built by the rules is consistent", "[rules][consistency]") {
    test::Position p = two_units();
    CHECK(problems(p).empty());
    // Every state of a new game's set-up too.
    core::SeededDice dice(5);
    GameState s;
    new_game(p.ctx, s, dice);
    CHECK(check_consistent(p.ctx, s).empty());
}

TEST_CASE("each decision has the fields it reads",
          "[rules][consistency][PS-CHIP-10][PS-MELEE-18]"
          "[PS-MELEE-20][PS-OPP-3][PS-OPP-7][PS-TURN-1]") {
    test::Position p = two_units();
    SECTION("a chip window needs a unit on the table that is not Routed, and a chip to spend") {
        p.s.decision = Decision::Chip;
        p.s.decider = Side::A;
        only(p, Field::ChipTarget, 0, "needs the unit to chip (PS-CHIP-10)");
        p.s.chip_target = 1;
        CHECK(problems(p).empty());
        p.unit(1).status = UnitStatus::Routed;
        only(p, Field::ChipTarget, 0, "is Routed");
        p.unit(1).status = UnitStatus::Disordered;
        p.s.decider = Side::B;
        only(p, Field::Decider, 0, "side A, decides whether to chip it");
        p.s.decider = Side::A;
        p.s.morale_chips[0] = 0;
        only(p, Field::MoraleChips, 0, "has none (PS-CHIP-8)");
    }
    SECTION("a follow-up or pursuit needs the winner, on the table, and the unit it follows") {
        p.s.decision = Decision::FollowUp;
        only(p, Field::ChoiceUnit, 0, "needs the winner who chooses (PS-MELEE-18)");
        p.s.decision = Decision::Pursue;
        p.s.choice_pursuit = true;
        only(p, Field::ChoiceUnit, 0, "(PS-MELEE-20)");
        p.s.choice_unit = 0;
        only(p, Field::ChoiceOther, 0, "needs the unit to follow");
        p.s.choice_other = 1;
        CHECK(problems(p).empty());
        p.s.choice_pursuit = false;
        only(p, Field::ChoicePursuit, 0, "must say it is a pursuit");
        p.s.choice_pursuit = true;
        p.unit(0).status = UnitStatus::Destroyed;
        only(p, Field::ChoiceUnit, 0, "is not on the table");
    }
    SECTION("a follow-up choice is made at once: not while the game waits for anything else") {
        p.s.choice_unit = 0;
        p.s.choice_other = 1;
        only(p, Field::ChoiceUnit, 0, "decided at once");
    }
    SECTION("the reaction windows after a step and on entering an evader's square need a move") {
        p.s.decision = Decision::React;
        p.s.decider = Side::B;
        p.s.react_window = rules::ReactWindow::Step;
        only(p, Field::ReactWindow, 0, "need a move in progress (PS-OPP-3)");
        p.s.react_window = rules::ReactWindow::Evade;
        only(p, Field::ReactWindow, 0, "need a move in progress (PS-OPP-3)");
        p.s.move.active = true;
        p.s.move.unit = 0;
        p.s.move.step_count = 1;
        p.s.move.next = 1;
        p.s.move.steps[0] = sq("h5");
        only(p, Field::ReactWindow, 0, "no unit can evade");
        p.s.move.unit = kNone;
        only(p, Field::MoveUnit, 0, "needs the unit that moves");
    }
    SECTION("a reaction is the inactive side's, with a chip to spend, and more than declining") {
        p.s.decision = Decision::React;
        p.s.decider = Side::B;
        p.s.react_window = rules::ReactWindow::Action;
        // The tercio (B) has not fired and the knight is in range: it may shoot.
        p.unit(1).range_half = 6;
        p.unit(1).shoot_die = core::DieType::D8;
        CHECK(problems(p).empty());
        p.s.opportunity_chips[1] = 0;
        only(p, Field::OpportunityChips, 1, "has none (PS-OPP-1)");
        p.s.opportunity_chips[1] = 3;
        p.unit(1).fired = true;
        only(p, Field::ReactWindow, 0, "nothing to do but decline");
    }
    SECTION("a unit must charge only in the window after a step") {
        p.s.forced_charger = 0;
        only(p, Field::ForcedCharger, 0, "(PS-OPP-7)");
    }
    SECTION("a unit that must charge has a charge, even while a leader's escape comes first") {
        // Found by fuzz_position: the escape declined, the window opened with nothing to do.
        p.s.move.active = true;
        p.s.move.unit = 0;
        p.s.move.steps[0] = sq("h5");
        p.s.move.step_count = 1;
        p.s.move.next = 1;
        p.s.react_window = rules::ReactWindow::Step;
        p.s.forced_charger = 1;  // the tercio: no opportunity charge (PS-OPP-5)
        p.leader(Side::B, "a15");
        p.s.escape_due[1] = true;
        p.s.decision = Decision::LeaderEscape;
        p.s.decider = Side::B;
        only(p, Field::ForcedCharger, 0,
             "T1 must charge, but has no charge against the moving unit");
    }
    SECTION("a Courage decision needs a unit to check") {
        p.s.decision = Decision::Courage;
        only(p, Field::Decision, 0, "no legal command");
        p.unit(0).courage_due = true;
        CHECK(problems(p).empty());
        p.unit(1).courage_due = true;  // of side B, not active
        only(p, Field::UnitMarkers, 1, "(PS-MORALE-5)");
    }
    SECTION("a current card is a card turned") {
        p.s.decks[0].drawn = 0;
        only(p, Field::HasCurrentCard, 0, "has turned no card");
    }
    SECTION("no card is turned during the set-up (PS-TURN-1)") {
        to_setup(p, Decision::Deploy);
        p.s.terrain_to_place = {0, 0};
        CHECK(problems(p).empty());
        p.s.decks[1].drawn = 2;
        only(p, Field::Deck, 1, "has turned cards during the set-up");
    }
    SECTION("the set-up is turn 0, play starts on turn 1") {
        p.s.decision = Decision::Deploy;
        p.s.turn = 3;
        CHECK(problems(p).front().find("comes before turn 1") != std::string::npos);
        p.s.decision = Decision::GameOver;
        only(p, Field::End, 0, "says not how it ended");
    }
}

TEST_CASE("a move in progress goes on from where its unit stands",
          "[rules][consistency][PS-MOVE-2][PS-TERRAIN-11]") {
    // Found while fuzz_position looked: a path given by hand can jump, start elsewhere or go
    // through a wood the unit may not enter.
    test::Position p = two_units();
    p.unit(1).range_half = 8;  // the tercio (B) may shoot at the knight: something to react with
    p.s.decision = Decision::React;
    p.s.decider = Side::B;
    p.s.react_window = rules::ReactWindow::Action;
    p.s.move.active = true;
    p.s.move.unit = 0;
    p.s.move.steps[0] = sq("h5");
    p.s.move.steps[1] = sq("h6");
    p.s.move.step_count = 2;
    p.s.move.next = 1;
    CHECK(problems(p).empty());
    p.s.move.next = 0;
    only(p, Field::MoveActive, 0, "has taken its first step");
    p.s.move.next = 1;
    p.s.move.steps[1] = sq("h7");
    only(p, Field::MoveSteps, 0, "h5 and h7 are not next to each other");
    p.s.move.steps[1] = sq("h6");
    p.unit(0).square = sq("g5");
    only(p, Field::MoveSteps, 0, "K1 stands in g5, not on the last square its move entered, h5");
    p.unit(0).square = sq("h5");
    p.piece(TerrainKind::Wood, {"h6"});
    only(p, Field::MoveSteps, 0, "K1 may not enter h6's terrain (PS-TERRAIN-11)");
}

TEST_CASE("stacking: one unit of each side in a square", "[rules][consistency][PS-GRID-4]") {
    test::Position p = two_units();
    p.add(Side::A, "lancers", "h5");
    only(p, Field::UnitSquare, 2, "L1 and K1 of side A both stand in h5");
    // A unit paused in the middle of its move may be passing through a friend (PS-MOVE-6).
    p.s.decision = Decision::React;
    p.s.decider = Side::B;
    p.s.react_window = rules::ReactWindow::Step;
    p.s.move.active = true;
    p.s.move.unit = 2;
    p.s.move.steps[0] = sq("h5");
    p.s.move.steps[1] = sq("h6");
    p.s.move.step_count = 2;
    p.s.move.next = 1;
    p.unit(1).range_half = 6;  // so that B has a shot to react with
    p.unit(1).shoot_die = core::DieType::D8;
    CHECK(problems(p).empty());
    // Off its path (routed away while the reaction is settled), the moving unit is no exception
    // (found by fuzz_position: it stood on a friend, and "follow" then ended the move there).
    {
        test::Position off = p;
        off.unit(2).status = UnitStatus::Routed;
        off.s.move.steps[0] = sq("h6");
        off.s.move.steps[1] = sq("h7");
        off.s.move.next = 2;
        only(off, Field::UnitSquare, 2, "L1 and K1 of side A both stand in h5");
    }
    // A game that ends in the middle of that move leaves it there (found by fuzz_position: a
    // concession in the reaction window).
    test::Position over = p;
    core::SeededDice dice(1);
    rules::apply(over.ctx, over.s, Concede{}, dice);
    CHECK(over.s.decision == Decision::GameOver);
    CHECK_FALSE(over.s.move.active);
    CHECK(problems(over).empty());
    // Enemies share a square: that is contact, not stacking.
    test::Position contact = two_units();
    contact.unit(1).square = sq("h5");
    CHECK(problems(contact).empty());
}

TEST_CASE("units stand only where they may go", "[rules][consistency][PS-TERRAIN-11]") {
    test::Position p = two_units();
    p.piece(TerrainKind::Wood, {"h8"});
    only(p, Field::UnitSquare, 1, "may not stand in h8's terrain (PS-TERRAIN-11)");
}

TEST_CASE("a unit has a stand left, on the table or still to deploy", "[rules][consistency][PS-HITS-3]") {
    test::Position p = two_units();
    p.unit(0).stands = {0, 0};
    only(p, Field::UnitStands, 0, "K1 is on the table with no stands left");
    // Found by fuzz_position: a unit still to deploy with no stands was deployed onto the table.
    test::Position waiting = two_units();
    waiting.unit(0).deployed = false;
    CHECK(problems(waiting).empty());
    waiting.unit(0).stands = {0, 0};
    only(waiting, Field::UnitStands, 0, "K1 is still to deploy with no stands");
}

TEST_CASE("a march goes on only on the move card it was declared on", "[rules][consistency][PS-MARCH-1]") {
    // Found by fuzz_position: a march on no move card, with no unit left to march and pass refused
    // until the march ends, left side A without a legal command.
    test::Position p = two_units();  // A acts on a Melee card
    p.s.marching = true;
    only(p, Field::Marching, 0, "only on a current Infantry or Cavalry Move card");
    p.act(Side::A, CardKind::CavalryMove, 5);
    p.s.marching = true;
    p.s.marched_on_card = false;
    only(p, Field::Marching, 0, "marks its card as marched on");
    p.s.marched_on_card = true;
    CHECK(problems(p).empty());
}

TEST_CASE("terrain pieces are as the rules place them",
          "[rules][consistency][PS-TERRAIN-2][PS-TERRAIN-5][PS-TERRAIN-7]") {
    test::Position p = two_units();
    SECTION("a piece is 1 square or 2 side by side") {
        p.piece(TerrainKind::Wood, {"a1", "o15"});
        only(p, Field::TerrainSquares, 0, "a1 and o15 are not side by side");
    }
    SECTION("a diagonal pair is not side by side either") {
        p.piece(TerrainKind::Hill, {"b2", "c3"});
        only(p, Field::TerrainSquares, 0, "(PS-TERRAIN-5)");
    }
    SECTION("the stream crosses the board, one square a file, between the deployment zones") {
        p.stream({"g7", "h7"});
        only(p, Field::TerrainSquares, 0, "the stream has 0 squares in file a");
        p.stream({"a7", "b7", "c7", "d7", "e7", "f7", "i7", "j7", "k7", "l7", "m7", "n7", "o7"});
        // (stream() adds a piece each time: one stream piece is enough)
        p.s.terrain_pieces[1] = TerrainPiece{};
        p.s.terrain_piece_count = 1;
        CHECK(problems(p).empty());
        p.s.terrain[static_cast<std::size_t>(p.s.square_index(sq("h7")))] = 0;
        p.s.terrain[static_cast<std::size_t>(p.s.square_index(sq("h9")))] = kStreamCell;
        only(p, Field::TerrainSquares, 0, "the stream jumps from g7 to h9");
        p.s.terrain[static_cast<std::size_t>(p.s.square_index(sq("h9")))] = 0;
        p.s.terrain[static_cast<std::size_t>(p.s.square_index(sq("h3")))] = kStreamCell;
        only(p, Field::TerrainSquares, 0, "is not between the deployment zones");
    }
    SECTION("the pieces placed and still to place fit on the board") {
        to_setup(p, Decision::PlaceTerrain);
        p.s.terrain_to_place = {4, 4};
        for (const char* q : {"a1", "a3", "a5"}) p.piece(TerrainKind::Hill, {q});
        only(p, Field::TerrainToPlace, 0, "3 pieces placed and 8 still to place");
        p.s.terrain_to_place = {0, 5};
        only(p, Field::TerrainToPlace, 0, "has none left to place (PS-TERRAIN-6)");
    }
}

TEST_CASE("leaders stand with the units they are attached to",
          "[rules][consistency][PS-LEADER-6]") {
    test::Position p = two_units();
    p.leader(Side::A, "h5", true);
    CHECK(problems(p).empty());
    p.leader_of(Side::A).square = sq("h4");
    only(p, Field::LeaderAttached, 0, "the leader stands in h4 but K1");
    p.leader_of(Side::A).square = sq("h5");
    p.leader_of(Side::A).alive = false;
    only(p, Field::LeaderAttached, 0, "dead");
}

TEST_CASE("a leader dies only on the table", "[rules][consistency][PS-LEADER-10]") {
    // Found by fuzz_position: a dead leader, never deployed, was deployed and attached.
    test::Position p = two_units();
    p.leader_of(Side::B).alive = false;
    only(p, Field::LeaderAlive, 1, "is dead but was never deployed");
    p.leader(Side::B, "h8");
    p.leader_of(Side::B).alive = false;
    CHECK(problems(p).empty());
}

TEST_CASE("only a leader alone is due an escape", "[rules][consistency][PS-LEADER-11]") {
    // Found by fuzz_position: an attached leader escaped, leaving his unit behind.
    test::Position p = two_units();
    p.leader(Side::A, "h5", true);
    p.s.escape_due[0] = true;
    p.s.decision = Decision::LeaderEscape;
    only(p, Field::EscapeDue, 0, "is attached to a unit: only a leader alone escapes");
    p.leader(Side::A, "h4");
    CHECK(problems(p).empty());
}

TEST_CASE("an extra unit still to choose has a result and room",
          "[rules][consistency][PS-ARMY-4]") {
    test::Position p = two_units();
    to_setup(p, Decision::ExtraUnitChoice);
    p.s.extra_unit_roll[0] = 6;  // French: light horse or carabins
    CHECK(problems(p).empty());
    p.s.extra_unit_roll[0] = 9;
    only(p, Field::ExtraUnitRoll, 0, "no extra-unit result for a roll of 9");
    p.s.extra_unit_roll[0] = 6;
    for (int i = 1; i < kMaxUnitsPerSide; ++i) p.add(Side::A, "militia", "a" + std::to_string(i));
    only(p, Field::ExtraUnitRoll, 0, "no room for an extra one");
}
