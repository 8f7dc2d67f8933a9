// Turns, initiative, phases, pips and cards (PS-TURN, PS-INIT, PS-PIP, PS-CARD-3/4/12/13) and the
// end of the game (PS-VICTORY), with scripted dice. Every game here is French (A) v Spanish (B)
// after a plain set-up: no terrain, both sides deployed by `deploy auto`, decks in their built
// order (Infantry Move x3, Cavalry Move x3, Reload x2, Melee x3, Leader Check x2, Milling
// Around x5, Courage, then the army's extra card), unless a test says otherwise.
#include <algorithm>
#include <variant>

#include "core/overloaded.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using Catch::Matchers::Contains;
using core::ScriptedDice;

namespace {

using tercio::core::Overloaded;

std::string letter(Side s) { return std::string(1, side_letter(s)); }

/// A short text for the events of play, so that sequences compare readably.
std::string describe(const Event& e) {
    return std::visit(
        Overloaded{
            [](const NightfallRolled& x) { return "nightfall " + std::to_string(x.turn); },
            [](const InitiativeRolled& x) {
                return "initiative " + std::to_string(x.roll_a) + "-" + std::to_string(x.roll_b);
            },
            [](const OrderChosen& x) {
                return "order by " + letter(x.chooser) + ": " + letter(x.first) + " first " +
                       std::to_string(x.first_pips) + "-" + std::to_string(x.second_pips);
            },
            [](const PhaseStarted& x) {
                return "phase " + letter(x.side) + " " + std::to_string(x.pips) + (x.second ? " second" : " first");
            },
            [](const CardTurned& x) {
                return "card " + letter(x.side) + " " + std::string(to_string(x.card)) + " left " + std::to_string(x.left);
            },
            [](const PhaseEnded& x) { return "phase end " + letter(x.side) + " lost " + std::to_string(x.pips_lost); },
            [](const TurnEnded& x) {
                const char* why = x.why == TurnEnded::Why::InitiativeTie ? "tie" : (x.why == TurnEnded::Why::DeckOut ? "deck out" : "phases");
                return "turn " + std::to_string(x.turn) + " ends: " + why;
            },
            [](const DeckShuffled& x) { return "shuffle " + letter(x.side); },
            [](const UnitTurned&) { return std::string("unit turned"); },
            [](const LeaderMoved&) { return std::string("leader moved"); },
            [](const MarchLost& x) { return "march lost " + letter(x.side); },
            [](const GameEnded& x) {
                const char* why = x.why == GameEnd::Nightfall ? "nightfall"
                                  : x.why == GameEnd::ArmyGone ? "army gone"
                                  : x.why == GameEnd::Concession ? "concession" : "?";
                return std::string("game over: ") + why + " " + std::to_string(x.points_a) + "-" +
                       std::to_string(x.points_b) + (x.draw ? " draw" : " won by " + letter(x.winner));
            },
            [](const auto&) { return std::string("other"); },
        },
        e);
}

/// The events as text, leaving out deployment.
std::vector<std::string> summary(const Events& ev) {
    std::vector<std::string> out;
    for (const Event& e : ev) {
        if (std::holds_alternative<UnitDeployed>(e) || std::holds_alternative<LeaderDeployed>(e)) continue;
        out.push_back(describe(e));
    }
    return out;
}

template <class E>
std::vector<E> all_of(const Events& ev) {
    std::vector<E> out;
    for (const Event& e : ev) {
        if (const E* p = std::get_if<E>(&e)) out.push_back(*p);
    }
    return out;
}

std::string shuffles() { return test::identity_shuffle() + test::identity_shuffle(); }

/// French: Swiss roll 1 (PIKE stay), extra 1 (MILITIA). Spanish: Genitors 1, extra 2 (PIKE).
const std::string kPlainRolls = "d6:1 d6:1 d6:1 d6:2";
/// The same with the Swiss PHALANX (roll 4).
const std::string kSwissRolls = "d6:4 d6:1 d6:1 d6:2";

struct Game {
    GameState s;
    Events ev;  ///< the events of the last deployment: nightfall, the first initiative roll...
};

/// A plain set-up, then the nightfall D6 and `after`: the dice of the first initiative roll and of
/// whatever it leads to. All the scripted dice must be used.
Game start(const RulesContext& ctx, const std::string& after, int nightfall_roll = 3,
           const std::string& army_rolls = kPlainRolls) {
    Game g;
    auto d = ScriptedDice::parse(army_rolls + shuffles() + " d10:5 d10:5 d4:2 d4:2");
    new_game(ctx, g.s, d);
    test::play(ctx, g.s, "terrain pass", d);  // A
    test::play(ctx, g.s, "terrain pass", d);  // B
    REQUIRE(g.s.decision == Decision::Deploy);
    test::play(ctx, g.s, "deploy auto", d);  // A (tied terrain roll)
    REQUIRE(d.remaining() == 0);
    auto d2 = ScriptedDice::parse("d6:" + std::to_string(nightfall_roll) + " " + after);
    g.ev = test::play(ctx, g.s, "deploy auto", d2);
    REQUIRE(d2.remaining() == 0);
    return g;
}

std::size_t unit_by_label(const RulesContext& ctx, const GameState& s, Side side, const std::string& label) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].side == side && unit_label(ctx, s, i) == label) return i;
    }
    FAIL("no unit " << label << " for side " << side_letter(side));
    return 0;
}

std::string square_of(const RulesContext& ctx, const GameState& s, Side side, const std::string& label) {
    return core::to_string(s.units[unit_by_label(ctx, s, side, label)].square);
}

/// "move <square of the unit> face <f>": a turn in place, which takes no step and so opens no
/// reaction window.
std::string turn_in_place(const RulesContext& ctx, const GameState& s, Side side, const std::string& label,
                          const char* facing) {
    return "move " + square_of(ctx, s, side, label) + " face " + facing;
}

ScriptedDice no_dice() { return ScriptedDice::parse(""); }

/// In the standard deployment each side's CANNON (d5 and k11, range 6) reaches the enemy's front
/// rank, so after every card turned (R1) and every action (R4) the non-active side may make an
/// opportunity shot (PS-OPP-3, PS-SHOOT-2). This lets play go on without one.
Events decline(const RulesContext& ctx, GameState& s, core::Dice& dice) {
    REQUIRE(s.decision == Decision::React);
    REQUIRE(s.decider == other(s.active));
    return test::play(ctx, s, "decline", dice);
}
Events decline(const RulesContext& ctx, GameState& s) {
    auto none = ScriptedDice::parse("");
    return decline(ctx, s, none);
}

bool has_command(const std::vector<Command>& cmds, const std::string& text) {
    return std::any_of(cmds.begin(), cmds.end(), [&](const Command& c) { return print(c) == text; });
}

}  // namespace

// --- initiative ---------------------------------------------------------------------------------

TEST_CASE("the higher initiative roller chooses first (smaller roll) or second (larger)",
          "[rules][turn][PS-INIT-1][PS-INIT-2][PS-INIT-4][PS-EX-2][PS-DICE-8][PS-TURN-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto none = no_dice();
    SECTION("A rolls 9 and B 4; A goes first: A has 4 pips, then B 9") {
        Game g = start(ctx, "d12:9 d12:4");
        CHECK(summary(g.ev) == std::vector<std::string>{"nightfall 7", "initiative 9-4"});
        CHECK(g.s.turn == 1);
        CHECK(g.s.decision == Decision::InitiativeChoice);
        CHECK(g.s.decider == Side::A);
        const auto legal = legal_commands(ctx, g.s);
        CHECK(legal.size() == 3);
        CHECK(has_command(legal, "first"));
        CHECK(has_command(legal, "second"));
        CHECK(has_command(legal, "concede"));
        CHECK(test::refusal(ctx, g.s, "turn") == "side A won the initiative and must choose: first or second");
        CHECK(test::refusal(ctx, g.s, "pass") == "side A won the initiative and must choose: first or second");
        CHECK(summary(test::play(ctx, g.s, "first", none)) ==
              std::vector<std::string>{"order by A: A first 4-9", "phase A 4 first"});
        CHECK(g.s.active == Side::A);
        CHECK(g.s.decider == Side::A);
        CHECK(g.s.pips == 4);
        CHECK(test::refusal(ctx, g.s, "first") == "it is side A's phase: turn, move, march, leader, shoot, fight, reload, rally or pass");
        CHECK(summary(test::play(ctx, g.s, "pass", none)) ==
              std::vector<std::string>{"phase end A lost 4", "phase B 9 second"});
        CHECK(g.s.active == Side::B);
        CHECK(g.s.pips == 9);
        // When the second player's pips are gone, both roll again (A first).
        auto d = ScriptedDice::parse("d12:2 d12:8");
        CHECK(summary(test::play(ctx, g.s, "pass", d)) ==
              std::vector<std::string>{"phase end B lost 9", "initiative 2-8"});
        CHECK(d.remaining() == 0);
        CHECK(g.s.decision == Decision::InitiativeChoice);
        CHECK(g.s.decider == Side::B);
        CHECK(g.s.turn == 1);  // no tie and no deck used up: the same turn
    }
    SECTION("A rolls 9 and B 4; A goes second: B is active first with 4, then A with 9") {
        Game g = start(ctx, "d12:9 d12:4");
        CHECK(summary(test::play(ctx, g.s, "second", none)) ==
              std::vector<std::string>{"order by A: B first 4-9", "phase B 4 first"});
        CHECK(g.s.active == Side::B);
        CHECK(g.s.decider == Side::B);
        CHECK(g.s.pips == 4);
        CHECK(summary(test::play(ctx, g.s, "pass", none)) ==
              std::vector<std::string>{"phase end B lost 4", "phase A 9 second"});
        CHECK(g.s.pips == 9);
    }
    SECTION("B rolls higher, so B chooses") {
        Game g = start(ctx, "d12:3 d12:11");
        CHECK(g.s.decider == Side::B);
        CHECK(summary(test::play(ctx, g.s, "first", none)) ==
              std::vector<std::string>{"order by B: B first 3-11", "phase B 3 first"});
    }
}

TEST_CASE("a tied initiative roll ends the turn, even the first roll of a turn",
          "[rules][turn][PS-INIT-3][PS-TURN-2][PS-TURN-3][PS-EX-2][PS-AMB-43][PS-DICE-9][PS-TURN-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    // A's reshuffle swaps its top and bottom cards: the turn's end really reshuffles, A first.
    std::string reshuffle_a = test::identity_shuffle();
    reshuffle_a.replace(reshuffle_a.find("u20:19"), 6, "u20:0");
    Game g = start(ctx, "d12:7 d12:7" + reshuffle_a + test::identity_shuffle() + " d12:5 d12:2");
    CHECK(summary(g.ev) == std::vector<std::string>{"nightfall 7", "initiative 7-7", "turn 1 ends: tie", "shuffle A",
                                                    "shuffle B", "initiative 5-2"});
    CHECK(g.s.turn == 2);
    CHECK(g.s.decision == Decision::InitiativeChoice);
    CHECK(g.s.decider == Side::A);
    CHECK(g.s.decks[0].cards[0] == CardKind::Melee);  // the French extra card, from the bottom
    CHECK(g.s.decks[0].cards[19] == CardKind::InfantryMove);
    CHECK(g.s.decks[1].cards[0] == CardKind::InfantryMove);
    CHECK(g.s.decks[0].drawn == 0);
    CHECK(g.s.decks[1].drawn == 0);
}

TEST_CASE("ties count toward nightfall, the game ends when turn N ends",
          "[rules][turn][PS-INIT-3][PS-VICTORY-1][PS-SETUP-6][PS-TURN-3][PS-VICTORY-4]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    // Nightfall roll 1: N = 5.
    std::string four_ties;
    for (int t = 1; t <= 4; ++t) four_ties += " d12:" + std::to_string(t) + " d12:" + std::to_string(t) + shuffles();
    SECTION("four ties: turn 5 begins") {
        Game g = start(ctx, four_ties + " d12:9 d12:1", 1);
        CHECK(g.s.nightfall_turn == 5);
        CHECK(all_of<TurnEnded>(g.ev).size() == 4);
        CHECK(g.s.turn == 5);
        CHECK(g.s.decision == Decision::InitiativeChoice);
    }
    SECTION("a fifth tie ends turn 5 and the game: no reshuffle, no new roll") {
        Game g = start(ctx, four_ties + " d12:6 d12:6", 1);
        const auto s = summary(g.ev);
        REQUIRE(s.size() >= 3);
        CHECK(std::vector<std::string>(s.end() - 3, s.end()) ==
              std::vector<std::string>{"initiative 6-6", "turn 5 ends: tie", "game over: nightfall 52-52 draw"});
        CHECK(all_of<DeckShuffled>(g.ev).size() == 8);
        CHECK(g.s.decision == Decision::GameOver);
        CHECK(g.s.end == GameEnd::Nightfall);
        CHECK(legal_commands(ctx, g.s).empty());
        CHECK(test::refusal(ctx, g.s, "first") == "the game is over");
        CHECK(test::refusal(ctx, g.s, "concede") == "the game is over");
    }
    SECTION("more points wins at nightfall") {
        Game g = start(ctx, four_ties + " d12:9 d12:1", 1);
        // B's first unit is Disordered: it scores 1 per stand instead of 2 (PS-VICTORY-3).
        g.s.units[unit_by_label(ctx, g.s, Side::B, "L1")].status = UnitStatus::Disordered;
        auto none = no_dice();
        test::play(ctx, g.s, "first", none);
        g.s.decks[0].drawn = 20;  // A's deck is used up: the turn ends with this phase (PS-TURN-4)
        const auto s = summary(test::play(ctx, g.s, "pass", none));
        CHECK(s == std::vector<std::string>{"phase end A lost 1", "turn 5 ends: deck out", "game over: nightfall 52-50 won by A"});
    }
}

// --- phases and pips ------------------------------------------------------------------------------

TEST_CASE("turning a card costs 1 pip, the phase ends when the pips run out",
          "[rules][turn][PS-PIP-1][PS-CARD-3][PS-INIT-4][PS-INIT-6][PS-CARD-13]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    Game g = start(ctx, "d12:2 d12:9");
    auto none = no_dice();
    test::play(ctx, g.s, "second", none);  // B chooses: A goes first with 2 pips
    REQUIRE(g.s.active == Side::A);
    REQUIRE(g.s.pips == 2);
    CHECK(g.s.current_card() == nullptr);
    CHECK(summary(test::play(ctx, g.s, "turn", none)) == std::vector<std::string>{"card A infantry_move left 19"});
    CHECK(g.s.pips == 1);
    CHECK(g.s.decision == Decision::React);  // R1: B's cannon may shoot
    CHECK(summary(decline(ctx, g.s)).empty());
    CHECK(g.s.decision == Decision::Act);
    REQUIRE(g.s.current_card() != nullptr);
    CHECK(*g.s.current_card() == CardKind::InfantryMove);
    // The last pip turns the next card; once B has let its R1 window pass, the phase is over
    // and B has the initiative with 9.
    CHECK(summary(test::play(ctx, g.s, "turn", none)) ==
          std::vector<std::string>{"march lost A", "card A infantry_move left 18"});
    CHECK(g.s.pips == 0);
    CHECK(summary(decline(ctx, g.s)) == std::vector<std::string>{"phase end A lost 0", "phase B 9 second"});
    CHECK(g.s.active == Side::B);
    CHECK(g.s.pips == 9);
    // PS-CARD-13: A's turned cards stay face up on its discard pile; B's deck is untouched.
    CHECK(g.s.decks[0].drawn == 2);
    CHECK(g.s.decks[0].left() == 18);
    CHECK(g.s.decks[1].drawn == 0);
    CHECK(g.s.current_card() == nullptr);  // B has turned nothing yet
    for (int k = 0; k < 3; ++k) {
        test::play(ctx, g.s, "turn", none);
        decline(ctx, g.s);  // A's cannon may shoot (R1)
    }
    CHECK(g.s.pips == 6);
    CHECK(g.s.decks[1].drawn == 3);
    CHECK(*g.s.current_card() == g.s.decks[1].cards[2]);
    // Passing loses the 6 pips left (PS-INIT-6); then both roll again.
    auto d = ScriptedDice::parse("d12:4 d12:6");
    const auto s = summary(test::play(ctx, g.s, "pass", d));
    CHECK(s.back() == "initiative 4-6");
    CHECK(std::find(s.begin(), s.end(), "phase end B lost 6") != s.end());
    CHECK(g.s.pips == 0);
}

TEST_CASE("each phase refills the non-active side's opportunity chips and clears per-phase flags",
          "[rules][turn][PS-INIT-5][PS-SETUP-2][PS-OPP-1][PS-TURN-5][PS-AMB-4][PS-AMB-45]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    Game g = start(ctx, "d12:9 d12:4");
    auto none = no_dice();
    CHECK(g.s.opportunity_chips == std::array<std::uint8_t, 2>{3, 3});
    g.s.opportunity_chips = {0, 1};
    test::play(ctx, g.s, "first", none);  // A active
    CHECK(g.s.opportunity_chips[1] == 3);  // B, non-active, back to 3
    // Spend some of B's chips and mark flags by hand, as a phase of play would.
    g.s.opportunity_chips = {2, 0};
    for (std::size_t i = 0; i < g.s.unit_count; ++i) {
        g.s.units[i].moved_through = true;
        g.s.units[i].acted = true;
    }
    g.s.leaders[0].acted = g.s.leaders[1].acted = true;
    test::play(ctx, g.s, "pass", none);  // B active
    CHECK(g.s.active == Side::B);
    CHECK(g.s.opportunity_chips[0] == 3);  // A, now non-active: 3 again
    for (std::size_t i = 0; i < g.s.unit_count; ++i) {
        CHECK_FALSE(g.s.units[i].moved_through);
        CHECK_FALSE(g.s.units[i].acted);
    }
    CHECK_FALSE(g.s.leaders[0].acted);
    CHECK_FALSE(g.s.leaders[1].acted);
    // Chips are not carried over: next initiative, B is non-active and has 3 whatever it kept.
    g.s.opportunity_chips = {0, 0};
    auto d = ScriptedDice::parse("d12:5 d12:1");
    test::play(ctx, g.s, "pass", d);
    test::play(ctx, g.s, "first", none);
    CHECK(g.s.active == Side::A);
    CHECK(g.s.opportunity_chips[1] == 3);
}

TEST_CASE("no action may cost more pips than are left", "[rules][turn][PS-INIT-7][PS-PIP-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    Game g = start(ctx, "d12:2 d12:9");
    auto none = no_dice();
    test::play(ctx, g.s, "second", none);  // A first with 2 pips
    test::play(ctx, g.s, "turn", none);    // Infantry Move; 1 pip left
    REQUIRE(g.s.pips == 1);
    decline(ctx, g.s);
    CHECK(test::refusal(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "G1", "NE")) ==
          "moving Cannon costs 3 pips; you have 1 (PS-PIP-1)");
    CHECK(test::refusal(ctx, g.s, "march") == "a march costs 2 pips (PS-MARCH-2)");
    const auto legal = legal_commands(ctx, g.s);
    CHECK_FALSE(has_command(legal, turn_in_place(ctx, g.s, Side::A, "G1", "NE")));
    CHECK_FALSE(has_command(legal, "march"));
    CHECK(has_command(legal, turn_in_place(ctx, g.s, Side::A, "P1", "NE")));
    // The last pip moves the pike, and the phase ends (once B has let its R4 window pass).
    test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P1", "NE"), none);
    CHECK(g.s.pips == 0);
    const auto s = summary(decline(ctx, g.s));
    CHECK(s.back() == "phase B 9 second");
}

TEST_CASE("pips pay per unit, not per stand", "[rules][turn][PS-PIP-2][PS-PIP-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    Game g = start(ctx, "d12:10 d12:12", 3, kSwissRolls);
    auto none = no_dice();
    test::play(ctx, g.s, "second", none);  // A first with 10
    test::play(ctx, g.s, "turn", none);    // Infantry Move: 9 left
    decline(ctx, g.s);
    test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "F1", "NE"), none);  // 4-stand PHALANX
    CHECK(g.s.pips == 8);
    decline(ctx, g.s);
    test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "A1", "NW"), none);  // 2-stand ARQUEBUS
    CHECK(g.s.pips == 7);
    decline(ctx, g.s);
    test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "G1", "NE"), none);  // the 1-stand gun: 3
    CHECK(g.s.pips == 4);
    decline(ctx, g.s);
    test::play(ctx, g.s, "pass", none);
    REQUIRE(g.s.active == Side::B);
    test::play(ctx, g.s, "turn", none);  // Infantry Move: 11 left
    decline(ctx, g.s);
    test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::B, "T1", "SE"), none);  // 6-stand TERCIO
    CHECK(g.s.pips == 10);
}

// --- cards --------------------------------------------------------------------------------------------

TEST_CASE("only the current card can be acted on, Milling Around does nothing", "[rules][turn][PS-CARD-3][PS-AMB-62][PS-PIP-1][PS-CARD-10]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    Game g = start(ctx, "d12:10 d12:12");
    auto none = no_dice();
    test::play(ctx, g.s, "second", none);  // A first with 10
    // Deck: Infantry Move, Milling Around, ...
    std::swap(g.s.decks[0].cards[1], g.s.decks[0].cards[13]);
    REQUIRE(g.s.decks[0].cards[1] == CardKind::MillingAround);
    const std::string pike = turn_in_place(ctx, g.s, Side::A, "P1", "NE");
    CHECK(test::refusal(ctx, g.s, pike) == "turn a card first");
    test::play(ctx, g.s, "turn", none);
    CHECK(g.s.pips == 9);
    decline(ctx, g.s);
    CHECK(test::refusal(ctx, g.s, pike) == "");
    test::play(ctx, g.s, "turn", none);  // Milling Around: the Infantry Move can no longer be used
    CHECK(g.s.pips == 8);
    decline(ctx, g.s);
    CHECK_THAT(test::refusal(ctx, g.s, pike), Contains("not Milling Around"));
    const auto legal = legal_commands(ctx, g.s);
    CHECK(std::none_of(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<Move>(c); }));
    // PS-CARD-10: "sorry, nothing happens": only turning another card, passing or conceding.
    // Shooting needs no card and is not an action on one (PS-SHOOT-2, PS-CARD-4), so the loaded
    // cannon may still shoot for a pip.
    for (const Command& c : legal) {
        INFO(print(c));
        CHECK((std::holds_alternative<TurnCard>(c) || std::holds_alternative<Pass>(c) || std::holds_alternative<Concede>(c) ||
               std::holds_alternative<Shoot>(c)));
    }
}

TEST_CASE("each unit and the leader act at most once per card, a new card resets that",
          "[rules][turn][PS-CARD-4][PS-AMB-63][PS-UNIT-9]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    Game g = start(ctx, "d12:10 d12:12");
    auto none = no_dice();
    test::play(ctx, g.s, "second", none);  // A first with 10; three Infantry Move cards on top
    test::play(ctx, g.s, "turn", none);
    decline(ctx, g.s);
    test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P1", "NE"), none);
    decline(ctx, g.s);
    CHECK(g.s.units[unit_by_label(ctx, g.s, Side::A, "P1")].acted);
    CHECK(test::refusal(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P1", "N")) ==
          "this unit has already acted on this card (PS-CARD-4)");
    CHECK(test::refusal(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P2", "NE")) == "");  // another unit may
    const Square leader = g.s.leaders[0].square;
    const std::string leader_fwd = "leader " + core::to_string(core::make_square(leader.x, leader.y - 1));
    test::play(ctx, g.s, leader_fwd, none);
    decline(ctx, g.s);
    CHECK(test::refusal(ctx, g.s, "leader " + core::to_string(leader)) ==
          "the leader has already moved on this card (PS-LEADER-2)");
    test::play(ctx, g.s, "turn", none);  // the second Infantry Move
    decline(ctx, g.s);
    CHECK_FALSE(g.s.units[unit_by_label(ctx, g.s, Side::A, "P1")].acted);
    CHECK_FALSE(g.s.leaders[0].acted);
    test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P1", "N"), none);
    decline(ctx, g.s);
    test::play(ctx, g.s, "leader " + core::to_string(leader), none);
    decline(ctx, g.s);
    CHECK(g.s.units[unit_by_label(ctx, g.s, Side::A, "P1")].facing == Facing::N);
    CHECK(g.s.leaders[0].square == leader);
}

TEST_CASE("Command Indecision, when the option puts it in the decks", "[rules][turn][PS-CARD-12][PS-AMB-14][PS-CARD-1]") {
    Ruleset rs = test::Armies::get().ruleset();
    rs.command_indecision = true;
    const RulesContext ctx{&rs, {&test::Armies::get().army("french"), &test::Armies::get().army("spanish")}};
    SECTION("it replaces one Milling Around in each deck") {
        Game g = start(ctx, "d12:9 d12:4");
        for (const Deck& d : g.s.decks) {
            CHECK(d.size == 20);
            CHECK(std::count(d.cards.begin(), d.cards.begin() + d.size, CardKind::CommandIndecision) == 1);
            CHECK(std::count(d.cards.begin(), d.cards.begin() + d.size, CardKind::MillingAround) == 4);
        }
    }
    SECTION("in the first phase: pips lost, no second phase, a new roll in the same turn") {
        Game g = start(ctx, "d12:9 d12:4");
        auto none = no_dice();
        test::play(ctx, g.s, "second", none);  // B first with 4, A second with 9
        Deck& deck = g.s.decks[1];
        const auto ci = std::find(deck.cards.begin(), deck.cards.begin() + deck.size, CardKind::CommandIndecision);
        std::iter_swap(deck.cards.begin() + 1, ci);  // B's second card
        test::play(ctx, g.s, "turn", none);
        decline(ctx, g.s);  // A's cannon may shoot (R1)
        auto d = ScriptedDice::parse("d12:3 d12:8");
        CHECK(summary(test::play(ctx, g.s, "turn", d)) ==
              std::vector<std::string>{"march lost B", "card B command_indecision left 18", "phase end B lost 2",
                                       "initiative 3-8"});
        CHECK(d.remaining() == 0);
        CHECK(g.s.turn == 1);
        CHECK(g.s.decision == Decision::InitiativeChoice);
        CHECK(g.s.decider == Side::B);
        CHECK(g.s.pips == 0);
        CHECK(g.s.decks[1].drawn == 2);  // the turn goes on with the decks as they are
    }
    SECTION("as the last card of the deck it ends the turn") {
        Game g = start(ctx, "d12:9 d12:4");
        auto none = no_dice();
        test::play(ctx, g.s, "first", none);  // A with 4
        Deck& deck = g.s.decks[0];
        const auto ci = std::find(deck.cards.begin(), deck.cards.begin() + deck.size, CardKind::CommandIndecision);
        std::iter_swap(deck.cards.begin() + 19, ci);
        deck.drawn = 19;
        auto d = ScriptedDice::parse(shuffles() + " d12:2 d12:1");
        CHECK(summary(test::play(ctx, g.s, "turn", d)) ==
              std::vector<std::string>{"card A command_indecision left 0", "phase end A lost 3", "turn 1 ends: deck out",
                                       "shuffle A", "shuffle B", "initiative 2-1"});
        CHECK(g.s.turn == 2);
    }
}

// --- running out of cards ------------------------------------------------------------------------

TEST_CASE("a used-up deck ends the turn when that phase ends", "[rules][turn][PS-TURN-4][PS-TURN-2][PS-TURN-3][PS-AMB-44][PS-TURN-5][PS-TURN-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto none = no_dice();
    SECTION("in the first phase: he finishes acting, and the second phase is not played") {
        Game g = start(ctx, "d12:10 d12:12");
        test::play(ctx, g.s, "second", none);  // A first with 10, B second with 12
        Deck& deck = g.s.decks[0];
        std::swap(deck.cards[0], deck.cards[19]);  // an Infantry Move last
        deck.drawn = 19;
        CHECK(summary(test::play(ctx, g.s, "turn", none)) == std::vector<std::string>{"card A infantry_move left 0"});
        CHECK(g.s.decision == Decision::React);  // his opponent keeps his reaction windows
        CHECK(summary(decline(ctx, g.s)).empty());
        CHECK(g.s.decision == Decision::Act);  // he may still act on the last card
        CHECK(g.s.pips == 9);
        CHECK(test::refusal(ctx, g.s, "turn") == "your deck is used up");
        CHECK_FALSE(has_command(legal_commands(ctx, g.s), "turn"));
        test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P1", "NE"), none);
        CHECK(g.s.pips == 8);
        decline(ctx, g.s);
        // State that carries over to the next turn (PS-TURN-5).
        const std::size_t a1 = unit_by_label(ctx, g.s, Side::A, "A1");
        g.s.units[a1].status = UnitStatus::Disordered;
        g.s.units[a1].hits = 2;
        g.s.units[a1].fired = true;
        g.s.morale_chips = {11, 7};
        const GameState before = g.s;
        auto d = ScriptedDice::parse(shuffles() + " d12:3 d12:5");
        const auto s = summary(test::play(ctx, g.s, "pass", d));
        CHECK(d.remaining() == 0);
        CHECK(s == std::vector<std::string>{"march lost A", "phase end A lost 8", "turn 1 ends: deck out", "shuffle A",
                                            "shuffle B", "initiative 3-5"});
        CHECK(g.s.turn == 2);
        CHECK(g.s.decks[0].drawn == 0);
        CHECK(g.s.decks[1].drawn == 0);
        CHECK(g.s.decision == Decision::InitiativeChoice);
        CHECK(g.s.units[unit_by_label(ctx, g.s, Side::A, "P1")].facing == Facing::NE);
        CHECK(g.s.units == before.units);
        CHECK(g.s.leaders == before.leaders);
        CHECK(g.s.morale_chips == before.morale_chips);
        CHECK(g.s.nightfall_turn == before.nightfall_turn);  // nightfall is rolled once only
    }
    SECTION("in the second phase") {
        Game g = start(ctx, "d12:9 d12:4");
        test::play(ctx, g.s, "first", none);  // A with 4
        test::play(ctx, g.s, "pass", none);   // B with 9
        g.s.decks[1].drawn = 19;
        test::play(ctx, g.s, "turn", none);
        decline(ctx, g.s);
        CHECK(g.s.decision == Decision::Act);
        auto d = ScriptedDice::parse(shuffles() + " d12:1 d12:2");
        const auto s = summary(test::play(ctx, g.s, "pass", d));
        CHECK(s == std::vector<std::string>{"march lost B", "phase end B lost 8", "turn 1 ends: deck out", "shuffle A",
                                            "shuffle B", "initiative 1-2"});
        CHECK(g.s.turn == 2);
    }
    SECTION("the last card turned with the last pip") {
        Game g = start(ctx, "d12:2 d12:9");
        test::play(ctx, g.s, "second", none);  // A first with 2
        g.s.decks[0].drawn = 18;
        test::play(ctx, g.s, "turn", none);
        decline(ctx, g.s);
        CHECK(summary(test::play(ctx, g.s, "turn", none)) == std::vector<std::string>{"card A melee left 0"});
        // The phase and the turn end once B has let its R1 window pass.
        auto d = ScriptedDice::parse(shuffles() + " d12:8 d12:1");
        const auto s = summary(decline(ctx, g.s, d));
        CHECK(d.remaining() == 0);
        CHECK(s == std::vector<std::string>{"phase end A lost 0", "turn 1 ends: deck out",
                                            "shuffle A", "shuffle B", "initiative 8-1"});
        CHECK(g.s.turn == 2);
    }
    SECTION("at turn N the used-up deck brings nightfall") {
        Game g = start(ctx, "d12:9 d12:4", 1);  // N = 5
        g.s.turn = 5;
        test::play(ctx, g.s, "first", none);
        g.s.decks[0].drawn = 20;
        const auto s = summary(test::play(ctx, g.s, "pass", none));  // no dice: no shuffle, no roll
        CHECK(s == std::vector<std::string>{"phase end A lost 4", "turn 5 ends: deck out", "game over: nightfall 52-52 draw"});
        CHECK(g.s.decision == Decision::GameOver);
    }
}

// --- victory ------------------------------------------------------------------------------------------

TEST_CASE("victory points: PS-EX-17 on a hand-made position", "[rules][turn][PS-VICTORY-3][PS-VICTORY-5][PS-EX-17][PS-LEADER-14]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    // French with the Swiss PHALANX.
    Game g = start(ctx, "d12:9 d12:4", 3, kSwissRolls);
    GameState& s = g.s;
    CHECK(victory_points(ctx, s, Side::A) == 52);  // 2 x 25 stands + the leader (PS-ARMY-1)
    CHECK(victory_points(ctx, s, Side::B) == 52);
    const auto set = [&](const char* label, UnitStatus st) { s.units[unit_by_label(ctx, s, Side::A, label)].status = st; };
    // Three OK 2-stand units (K1, K2, L1), the OK cannon, two Disordered (H1, A1), one Routed
    // (A2), an OK PHALANX with 3 stands left; the rest gone.
    set("H1", UnitStatus::Disordered);
    set("A1", UnitStatus::Disordered);
    set("A2", UnitStatus::Routed);
    set("X1", UnitStatus::Destroyed);
    set("S1", UnitStatus::Destroyed);
    set("M1", UnitStatus::LeftTable);
    set("M2", UnitStatus::Destroyed);
    Unit& f = s.units[unit_by_label(ctx, s, Side::A, "F1")];
    f.stands[0] = 3;
    CHECK(victory_points(ctx, s, Side::A) == 2 + 12 + 2 + 4 + 0 + 6);
    CHECK(victory_points(ctx, s, Side::A) == 26);
    // PS-VICTORY-5: damaged stands count in full.
    f.hits = 3;
    s.units[unit_by_label(ctx, s, Side::A, "K1")].hits = 2;
    s.units[unit_by_label(ctx, s, Side::A, "H1")].hits = 1;
    CHECK(victory_points(ctx, s, Side::A) == 26);
    // A Disordered unit down to one stand scores 1; a dead leader scores nothing.
    s.units[unit_by_label(ctx, s, Side::A, "A1")].stands[0] = 1;
    CHECK(victory_points(ctx, s, Side::A) == 25);
    s.leaders[0].alive = false;
    CHECK(victory_points(ctx, s, Side::A) == 23);
    CHECK(victory_points(ctx, s, Side::B) == 52);
}

TEST_CASE("concession ends the game as a loss whatever the points", "[rules][turn][PS-VICTORY-2][PS-VICTORY-4][PS-AMB-8]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto none = no_dice();
    SECTION("the active player concedes") {
        Game g = start(ctx, "d12:9 d12:4");
        test::play(ctx, g.s, "first", none);
        CHECK(summary(test::play(ctx, g.s, "concede", none)) ==
              std::vector<std::string>{"game over: concession 52-52 won by B"});
        CHECK(g.s.end == GameEnd::Concession);
        CHECK(g.s.conceded == Side::A);
        CHECK(g.s.decision == Decision::GameOver);
        CHECK(test::refusal(ctx, g.s, "pass") == "the game is over");
    }
    SECTION("the side ahead on points concedes while choosing its order") {
        Game g = start(ctx, "d12:3 d12:11");  // B decides
        g.s.units[unit_by_label(ctx, g.s, Side::A, "K1")].status = UnitStatus::Routed;
        CHECK(summary(test::play(ctx, g.s, "concede", none)) ==
              std::vector<std::string>{"game over: concession 48-52 won by A"});
    }
    SECTION("during set-up") {
        GameState s;
        auto d = ScriptedDice::parse("d6:1 d6:6 d6:1 d6:2");
        new_game(ctx, s, d);
        REQUIRE(s.decision == Decision::ExtraUnitChoice);
        const auto e = all_of<GameEnded>(test::play(ctx, s, "concede", none));
        REQUIRE(e.size() == 1);
        CHECK(e[0].winner == Side::B);
        CHECK(s.decision == Decision::GameOver);
    }
}

TEST_CASE("the game ends at once when a side has no units on the table", "[rules][turn][PS-VICTORY-2][PS-AMB-8]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto none = no_dice();
    Game g = start(ctx, "d12:9 d12:6");
    test::play(ctx, g.s, "first", none);  // A with 6
    test::play(ctx, g.s, "turn", none);
    decline(ctx, g.s);
    for (std::size_t i = 0; i < g.s.unit_count; ++i) {
        if (g.s.units[i].side == Side::B) g.s.units[i].status = UnitStatus::Destroyed;
    }
    SECTION("a routed unit still on the table counts") {
        g.s.units[unit_by_label(ctx, g.s, Side::B, "S2")].status = UnitStatus::Routed;
        const auto s = summary(test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P1", "NE"), none));
        CHECK(s == std::vector<std::string>{"unit turned"});
        CHECK(g.s.decision == Decision::Act);
    }
    SECTION("none left") {
        g.s.units[unit_by_label(ctx, g.s, Side::B, "S2")].status = UnitStatus::LeftTable;
        const auto s = summary(test::play(ctx, g.s, turn_in_place(ctx, g.s, Side::A, "P1", "NE"), none));
        CHECK(s == std::vector<std::string>{"unit turned", "game over: army gone 52-2 won by A"});
        CHECK(g.s.end == GameEnd::ArmyGone);
        CHECK(g.s.decision == Decision::GameOver);
    }
}
