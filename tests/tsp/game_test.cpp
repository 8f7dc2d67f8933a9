// The Sword and the Pike's game (src/tsp/game.hpp): a new game, the card that decides who acts,
// the command text and its round trip, the state's hash, the engine's concept.
#include "tests/tsp/fixture.hpp"
#include "tsp/engine.hpp"

using namespace tercio;
using namespace tercio::tsp;
using test::TspGame;
using test::tsp_card;

TEST_CASE("a new game deploys both armies in their home rows, facing the enemy",
          "[tsp][tsp-game][TSP-TYPE-1][TSP-TYPE-2][TSP-SPIRIT-1]") {
    TspGame g;
    REQUIRE(g.s.unit_count == 8);
    CHECK(g.s.files == 24);
    CHECK(g.s.ranks == 16);
    CHECK(g.s.start_units[0] == 4);
    CHECK(g.s.start_units[1] == 4);
    for (std::size_t i = 0; i < 4; ++i) {
        CHECK(g.s.units[i].side == Side::A);
        CHECK(g.s.units[i].sq == core::make_square(10 + static_cast<int>(i), 1));
        CHECK(g.s.units[i].facing == core::Facing::N);
        CHECK(g.s.units[i + 4].side == Side::B);
        CHECK(g.s.units[i + 4].sq == core::make_square(10 + static_cast<int>(i), 14));
        CHECK(g.s.units[i + 4].facing == core::Facing::S);
    }
    CHECK(unit_label(g.ctx, g.s, 0) == "P1");
    CHECK(unit_label(g.ctx, g.s, 4) == "P1");
    CHECK(unit_label(g.ctx, g.s, 7) == "L1");
    // Companies and leaders (TSP-TYPE-1, TSP-TYPE-2): 4 of 5, two leaders, 5 attached.
    const Unit& pike = g.s.units[0];
    CHECK(pike.figures == std::array<std::uint8_t, kAllCompanies>{5, 5, 5, 5, 5, 0});
    CHECK(pike.leaders == 0b11);
    CHECK(pike.start_figures == 25);
    CHECK(g.s.units[2].figures == std::array<std::uint8_t, kAllCompanies>{3, 3, 3, 3, 0, 0});
    CHECK(g.s.units[3].figures[0] == 4);  // the gun's crew
    REQUIRE(g.s.officer_count == 1);
    CHECK(g.s.officers[0].unit == 0);
    CHECK(g.s.officers[0].alive);
}

TEST_CASE("the first card is pulled at once: red for side A, black for side B", "[tsp][TSP-CARD-1]") {
    TspGame red({tsp_card(7, 'D')});
    CHECK(red.s.turn == 1);
    CHECK(red.s.step == Step::Movement);
    CHECK(red.s.decision == Decision::Activate);
    CHECK(red.s.card == tsp_card(7, 'D'));
    CHECK(red.s.decider == Side::A);
    TspGame black({tsp_card(2, 'C')});
    CHECK(black.s.decider == Side::B);
    CHECK(black.s.card == tsp_card(2, 'C'));
    CHECK(card_text(tsp_card(1, 'H')) == "AH");
    CHECK(card_text(tsp_card(10, 'D')) == "10D");
    CHECK(card_text(tsp_card(13, 'S')) == "KS");
}

TEST_CASE("commands print as one line and parse back", "[tsp][tsp-game]") {
    TspGame g({tsp_card(7, 'D')});
    for (const Command& c : legal_commands(g.ctx, g.s)) {
        const std::string text = print(g.ctx, g.s, c);
        auto back = parse(g.ctx, g.s, g.s.decider, text);
        REQUIRE(std::holds_alternative<Command>(back));
        CHECK(std::get<Command>(back) == c);
    }
    CHECK(print(g.ctx, g.s, cmd::Activate{1}) == "activate A1");
    CHECK(print(g.ctx, g.s, cmd::Hold{0}) == "hold P1");
    CHECK(print(g.ctx, g.s, cmd::Shoot{1, 5}) == "shoot A1 C1");
    CHECK(print(g.ctx, g.s, cmd::Concede{}) == "concede");
    g.play("activate G1", "d6:2 d6:2 d6:2 d6:2 d6:2");
    CHECK(g.s.decision == Decision::Move);
    CHECK(print(g.ctx, g.s, cmd::Move{core::make_square(12, 3), core::Facing::N}) == "move m4");
    CHECK(print(g.ctx, g.s, cmd::Move{core::make_square(12, 3), core::Facing::NE}) == "move m4 face NE");
    CHECK(print(g.ctx, g.s, cmd::Face{core::Facing::NW}) == "face NW");
    CHECK(print(g.ctx, g.s, cmd::Stay{}) == "stay");
    for (const Command& c : legal_commands(g.ctx, g.s)) {
        auto back = parse(g.ctx, g.s, g.s.decider, print(g.ctx, g.s, c));
        REQUIRE(std::holds_alternative<Command>(back));
        CHECK(std::get<Command>(back) == c);
    }
    CHECK(std::get<std::string>(parse(g.ctx, g.s, Side::A, "move z99")) == "not a square of the board: z99");
    CHECK(std::get<std::string>(parse(g.ctx, g.s, Side::A, "shoot A1 X9")) == "no enemy unit 'X9'");
    CHECK(std::holds_alternative<std::string>(parse(g.ctx, g.s, Side::A, "fly")));
}

TEST_CASE("the hash follows the state and a copy hashes the same", "[tsp][tsp-game]") {
    TspGame g({tsp_card(7, 'D')});
    const GameState copy = g.s;
    CHECK(state_hash(copy) == state_hash(g.s));
    g.s.units[0].figures[0] = 4;
    CHECK(state_hash(copy) != state_hash(g.s));
    CHECK(Engine::name == "the-sword-and-the-pike");
}

TEST_CASE("a refused command names its reason and leaves the game as it was", "[tsp][tsp-game]") {
    TspGame g({tsp_card(7, 'D')});
    CHECK(g.refusal("move m4") == "no unit has been activated to move");
    CHECK(g.refusal("shoot A1 C1") == "it is not the fire phase");
    const GameState before = g.s;
    auto dice = core::ScriptedDice::parse("d6:3");  // Gendarmes roll 5D6: the list runs out
    const Played p = play(g.ctx, g.s, cmd::Activate{2}, dice);
    CHECK_FALSE(p.ok());
    CHECK(g.s == before);
    test::TspDice none(g.decks, "");  // no die, only the next card's pick
    const Played q = play(g.ctx, g.s, cmd::Hold{0}, none);
    REQUIRE(q.ok());
    CHECK(q.random);  // the next card was pulled: it cannot be taken back
    // A pull is a pick among the cards left (tsp::Deck): without one the command is refused whole.
    const GameState held = g.s;
    std::optional<Command> hold;
    for (const Command& c : legal_commands(g.ctx, g.s)) {
        if (std::holds_alternative<cmd::Hold>(c)) hold = c;
    }
    REQUIRE(hold);
    auto nothing = core::ScriptedDice::parse("");
    CHECK_FALSE(play(g.ctx, g.s, *hold, nothing).ok());
    CHECK(g.s == held);
}

TEST_CASE("a game's options come from its context through the engine's new_game and stay in its state",
          "[tsp][tsp-game][TSP-CARD-2][TSP-FIRE-4]") {
    Context ctx = test::tsp_context();
    ctx.options = kQuickerMovement | kLightRain;
    core::SeededDice dice(7);
    GameState s;
    Engine::new_game(ctx, s, dice);
    CHECK(s.options == (kQuickerMovement | kLightRain));
    CHECK(s.option(kLightRain));
    CHECK(s.activations_left >= 1);
    GameState plain = s;
    plain.options = 0;
    CHECK(state_hash(plain) != state_hash(s));
}

TEST_CASE("a heavy gun moves only with the game master's leave, rolling the D6s its army list gives",
          "[tsp][tsp-game][TSP-MOVE-1]") {
    const auto moves_of = [](const TspGame& g) {
        int n = 0;
        for (const Command& c : legal_commands(g.ctx, g.s)) n += std::holds_alternative<cmd::Move>(c);
        return n;
    };
    SECTION("without leave it rolls nothing and may only turn") {
        TspGame g({tsp_card(1, 'H')});
        CHECK(unit_move_dice(g.ctx, g.at(Side::A, "H1")).count == 0);
        const Events ev = g.play("activate H1");  // no die is scripted: none is rolled
        REQUIRE(test::first(ev, EventKind::Activated));
        CHECK(test::first(ev, EventKind::Activated)->b == 0);
        CHECK(moves_of(g) == 0);
        CHECK(g.refusal("face NE") == "");
    }
    SECTION("with leave, the one D6 of its line: a 6 is 6 inches, 4 points, two squares ahead") {
        static const ArmyList red = [] {
            ArmyList l = test::tsp_red();
            l.units[3].may_move = true;
            l.units[3].move_dice = 1;
            return l;
        }();
        TspGame g({tsp_card(1, 'H')});
        g.ctx.armies[0] = &red;
        CHECK(unit_move_dice(g.ctx, g.at(Side::A, "H1")).count == 1);
        const Events ev = g.play("activate H1", "d6:6");
        const Event* a = test::first(ev, EventKind::Activated);
        REQUIRE(a);
        CHECK(a->a == 6);
        CHECK(a->b == 6);
        CHECK(a->c == 4);
        CHECK(moves_of(g) > 0);
        const Square from = g.at(Side::A, "H1").sq;
        const Square two = core::make_square(from.x, from.y + 2);
        g.play("move " + core::to_string(two));
        CHECK(g.at(Side::A, "H1").sq == two);
    }
}
