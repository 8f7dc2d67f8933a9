// Voluntary movement (PS-MOVE), terrain in movement (PS-TERRAIN-10, PS-TERRAIN-11), the cards and
// pips a move needs (PS-CARD-5, PS-CARD-6, PS-PIP-1, PS-INIT-7), stacking (PS-GRID-3, PS-GRID-4)
// and marching (PS-MARCH), on hand-built positions.
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

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;

/// The non-active side lets `n` reaction windows pass in a row (R2 after a step, R4 after an
/// activation, PS-OPP-3): each must be open when its turn comes. Returns their events.
Events decline(Position& p, int n) {
    Events ev;
    for (int k = 0; k < n; ++k) {
        INFO("decline " << k + 1 << " of " << n);
        REQUIRE(p.s.decision == Decision::React);
        REQUIRE(p.s.decider == other(p.s.active));
        const auto more = p.play("decline");
        ev.insert(ev.end(), more.begin(), more.end());
    }
    return ev;
}


}  // namespace

// --- allowances
// -----------------------------------------------------------------------------------

TEST_CASE("move allowances are counted in half-squares, 2 per orthogonal and 3 per diagonal step",
          "[rules][movement][PS-MOVE-1][PS-MOVE-2][PS-EX-7][PS-GRID-10][PS-AMB-7]") {
    SECTION("infantry, Move 2.5 = 5 points") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        CHECK(p.unit(u).move_half == 5);
        CHECK(p.legal("move h3 h5"));        // two orthogonal steps: 4
        CHECK(p.legal("move h3 i5"));        // a diagonal and an orthogonal step: 5
        CHECK_FALSE(p.legal("move h3 j5"));  // two diagonal steps: 6
        CHECK_FALSE(p.legal("move h3 h6"));  // three orthogonal steps: 6
    }
    SECTION("KNIGHTS, Move 3 = 6 points") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        const auto u = p.add(A, "knights", "h3");
        CHECK(p.unit(u).move_half == 6);
        CHECK(p.legal("move h3 h6"));
        CHECK(p.legal("move h3 j5"));  // two diagonals: 6
        CHECK_FALSE(p.legal("move h3 h7"));
        CHECK_FALSE(p.legal("move h3 i6"));  // 3 + 2 + 2 = 7
    }
    SECTION("LANCERS, Move 4 = 8 points: diagonal, diagonal, orthogonal") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        const auto u = p.add(A, "lancers", "h3");
        CHECK(p.unit(u).move_half == 8);
        CHECK(p.legal("move h3 j6"));  // 3 + 3 + 2 = 8
        CHECK(p.legal("move h3 h7"));
        CHECK_FALSE(p.legal("move h3 h8"));
        CHECK_FALSE(p.legal("move h3 k6"));  // three diagonals: 9
    }
    SECTION("LIGHT HORSE and CARABINS, Move 5 = 10 points") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        p.add(A, "light_horse", "c3");
        p.add(A, "carabins", "l3");
        CHECK(p.legal("move c3 c8"));
        CHECK_FALSE(p.legal("move c3 c9"));
        CHECK(p.legal("move l3 l8"));
        CHECK_FALSE(p.legal("move l3 l9"));
    }
    SECTION(
        "TERCIO and CANNON, Move 1.5 = 3 points: one diagonal, or one orthogonal step with a point "
        "lost") {
        Position p = board();
        const auto t = p.add_type(A, "tercio", "c3");
        const auto g = p.add(A, "cannon", "l3");
        CHECK(p.unit(t).move_half == 3);
        CHECK(p.unit(g).move_half == 3);
        CHECK(p.legal("move c3 d4"));
        CHECK(p.legal("move c3 c4"));
        CHECK_FALSE(p.legal("move c3 c5"));
        CHECK(p.legal("move l3 k4"));
        CHECK_FALSE(p.legal("move l3 l5"));
    }
}

TEST_CASE("unused movement points are lost: a unit moves once per card",
          "[rules][movement][PS-MOVE-2][PS-CARD-4]") {
    Position p = board();
    p.add(A, "arquebus", "h3");
    p.play("move h3 h4");  // 2 of 5 points
    CHECK(contains(p.refusal("move h4 h5"), "PS-CARD-4"));
    CHECK(contains(p.refusal("move h4 face NE"), "PS-CARD-4"));
}

// --- step directions and facing
// -------------------------------------------------------------------

TEST_CASE("steps go straight ahead or 45 degrees to either side, and keep the facing",
          "[rules][movement][PS-MOVE-3]") {
    SECTION("facing N") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        CHECK(p.legal("move h3 g4"));
        CHECK(p.legal("move h3 h4"));
        CHECK(p.legal("move h3 i4"));
        CHECK_FALSE(p.legal("move h3 g3"));  // sideways
        CHECK_FALSE(p.legal("move h3 i3"));
        CHECK_FALSE(p.legal("move h3 h2"));  // backwards
        CHECK_FALSE(p.legal("move h3 g2"));
    }
    SECTION("a W step is needed for f4, never for f5") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        p.add(A, "knights", "h3");
        CHECK(p.legal("move h3 f5"));        // NW, NW: 6
        CHECK_FALSE(p.legal("move h3 f4"));  // would need a W step
    }
    SECTION("facing NE: N, NE and E") {
        Position p = board();
        p.add(A, "arquebus", "h3", Facing::NE);
        CHECK(p.legal("move h3 h4"));
        CHECK(p.legal("move h3 i4"));
        CHECK(p.legal("move h3 i3"));
        CHECK_FALSE(p.legal("move h3 g4"));
        CHECK_FALSE(p.legal("move h3 i2"));
    }
    SECTION("an oblique step does not turn the unit") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        const auto ev = p.play("move h3 i4");
        CHECK(path_of(ev, u) == std::vector<std::string>{"i4"});
        CHECK(p.unit(u).facing == Facing::N);
        CHECK(events_of<UnitTurned>(ev).empty());
    }
}

TEST_CASE("facing change limits per troop type", "[rules][movement][PS-MOVE-4][PS-MOVE-12]") {
    SECTION("infantry, pike types, CANNON and WAR WAGONS: 45 degrees") {
        Position p = board();
        p.add(A, "arquebus", "b3");
        p.add(A, "pike", "d3");
        p.add(A, "swiss_phalanx", "f3");
        p.add_type(A, "tercio", "h3");
        p.add(A, "cannon", "j3");
        p.add_type(A, "war_wagons", "l3");
        for (const std::string q : {"b3", "d3", "f3", "h3", "j3", "l3"}) {
            INFO(q);
            CHECK(p.legal("move " + q + " face NE"));
            CHECK(p.legal("move " + q + " face NW"));
            CHECK(contains(p.refusal("move " + q + " face E"), "PS-MOVE-4"));
            CHECK(contains(p.refusal("move " + q + " face W"), "PS-MOVE-4"));
        }
    }
    SECTION("KNIGHTS: 45 degrees") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        p.add(A, "knights", "h3");
        CHECK(p.legal("move h3 face NE"));
        CHECK(contains(p.refusal("move h3 face E"), "PS-MOVE-4"));
    }
    SECTION("LANCERS and REITERS: 90 degrees") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        p.add(A, "lancers", "d3");
        p.add_type(A, "reiters", "j3");
        for (const std::string q : {"d3", "j3"}) {
            INFO(q);
            CHECK(p.legal("move " + q + " face E"));
            CHECK(p.legal("move " + q + " face W"));
            CHECK(contains(p.refusal("move " + q + " face SE"), "PS-MOVE-4"));
            CHECK(contains(p.refusal("move " + q + " face S"), "PS-MOVE-4"));
        }
    }
    SECTION("SKIRMISHERS, LIGHT HORSE and CARABINS: any facing") {
        Position p = board();
        p.add(A, "skirmishers", "d3");
        CHECK(p.legal("move d3 face S"));
        CHECK(p.legal("move d3 face SE"));
        p.act(A, CardKind::CavalryMove, 10);
        p.add(A, "light_horse", "h3");
        p.add(A, "carabins", "l3");
        CHECK(p.legal("move h3 face S"));
        CHECK(p.legal("move h3 face SW"));
        CHECK(p.legal("move l3 face S"));
    }
}

TEST_CASE("one facing change per move, before or after the steps", "[rules][movement][PS-MOVE-5]") {
    SECTION("before: the steps then follow the new facing") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        CHECK_FALSE(p.legal("move h3 j3"));
        const auto ev = p.play("move h3 face NE j3");
        CHECK(p.unit(u).square == sq("j3"));
        CHECK(p.unit(u).facing == Facing::NE);
        CHECK(path_of(ev, u) == std::vector<std::string>{"i3", "j3"});
        REQUIRE(ev.size() >= 2);
        CHECK(std::holds_alternative<UnitTurned>(ev.front()));  // turned before stepping
    }
    SECTION("after: the steps follow the old facing") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        const auto ev = p.play("move h3 h5 face NE");
        CHECK(path_of(ev, u) == std::vector<std::string>{"h4", "h5"});
        CHECK(p.unit(u).facing == Facing::NE);
        const auto turned = events_of<UnitTurned>(ev);
        REQUIRE(turned.size() == 1);
        CHECK(turned[0].from == Facing::N);
        CHECK(std::holds_alternative<UnitTurned>(ev.back()));
    }
    SECTION("not both") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        std::string err;
        CHECK_FALSE(parse_command("move h3 face NE i4 face N", err).has_value());
        const Command both = Move{sq("h3"), Facing::NE, sq("i4"), Facing::N};
        const auto why = validate(p.ctx, p.s, both);
        REQUIRE(why.has_value());
        CHECK(contains(*why, "PS-MOVE-5"));
    }
    SECTION("the change after is still limited from the starting facing") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        CHECK(contains(p.refusal("move h3 h5 face E"), "PS-MOVE-4"));
    }
    SECTION("turning without stepping is a move activation at the same cost") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        p.play("move h3 face NW");
        CHECK(p.unit(u).facing == Facing::NW);
        CHECK(p.unit(u).square == sq("h3"));
        CHECK(p.s.pips == 9);
        CHECK_FALSE(p.legal("move h3 g4"));  // it has used its activation
    }
    SECTION("no facing change after moving into contact") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "arquebus", "h4");
        CHECK(contains(p.refusal("move h3 h4 face NE"), "PS-MOVE-5"));
        CHECK(p.legal("move h3 h4"));
    }
}

// --- cards and pips
// -------------------------------------------------------------------------------

TEST_CASE("Infantry Move moves infantry, Cavalry Move moves cavalry, at 1 pip per unit",
          "[rules][movement][PS-CARD-5][PS-CARD-6][PS-PIP-1][PS-PIP-2]") {
    Position p = board();
    p.add(A, "arquebus", "b3");
    p.add(A, "swiss_phalanx", "d3");  // 4 stands
    p.add_type(A, "tercio", "f3");    // 6 stands
    p.add(A, "knights", "h3");
    p.add(A, "lancers", "j3");
    SECTION("Infantry Move") {
        CHECK(contains(p.refusal("move h3 h4"), "PS-CARD-6"));
        p.play("move b3 b4");
        CHECK(p.s.pips == 9);
        p.play("move d3 d5");
        CHECK(p.s.pips == 8);  // per unit, not per stand
        p.play("move f3 face NE");
        CHECK(p.s.pips == 7);
    }
    SECTION("Cavalry Move") {
        p.act(A, CardKind::CavalryMove, 10);
        CHECK(contains(p.refusal("move b3 b4"), "PS-CARD-5"));
        CHECK_FALSE(p.legal("move d3 face NE"));
        p.play("move h3 h6");
        CHECK(p.s.pips == 9);
        p.play("move j3 face E");
        CHECK(p.s.pips == 8);
    }
    SECTION("no other card moves units") {
        for (CardKind c : {CardKind::Reload, CardKind::Melee, CardKind::LeaderCheck,
                           CardKind::MillingAround, CardKind::Courage}) {
            p.act(A, c, 10);
            INFO(card_title(c));
            CHECK_FALSE(p.legal("move b3 b4"));
            CHECK_FALSE(p.legal("move h3 h4"));
            CHECK_FALSE(p.legal("move j3 face E"));
        }
    }
}

TEST_CASE("CANNON and WAR WAGONS move on Infantry Move for 3 pips, turn 45 degrees and oblique",
          "[rules][movement][PS-MOVE-12][PS-PIP-1][PS-CARD-5][PS-CANNON-2][PS-WW-3]") {
    Position p = board();
    const auto g = p.add(A, "cannon", "d3");
    const auto w = p.add_type(A, "war_wagons", "j3");
    p.play("move d3 e4");  // an oblique step
    CHECK(p.unit(g).square == sq("e4"));
    CHECK(p.s.pips == 7);
    p.play("move j3 face NW");
    CHECK(p.unit(w).facing == Facing::NW);
    CHECK(p.s.pips == 4);
    p.act(A, CardKind::CavalryMove, 10);
    CHECK(contains(p.refusal("move e4 e5"), "PS-CARD-5"));
}

TEST_CASE("a move, a march or a leader move may not cost more pips than are left",
          "[rules][movement][PS-INIT-7][PS-PIP-1]") {
    Position p = board();
    p.add(A, "cannon", "d3");
    p.add(A, "arquebus", "h3");
    p.act(A, CardKind::InfantryMove, 2);
    CHECK(contains(p.refusal("move d3 d4"), "PS-PIP-1"));
    p.act(A, CardKind::InfantryMove, 3);
    CHECK(p.legal("move d3 d4"));
    p.act(A, CardKind::InfantryMove, 1);
    CHECK(contains(p.refusal("march"), "2 pips"));
    CHECK(p.legal("move h3 h4"));
}

TEST_CASE("a move that cannot reach its square says why in words: behind it, too far, or blocked",
          "[rules][movement][PS-MOVE-2][PS-MOVE-3]") {
    Position p = board();
    p.add(A, "arquebus", "h5");  // facing N, Move 2.5: 5 move points
    CHECK(p.refusal("move h5 h4") ==
          "cannot reach h4: h4 is not ahead of it: facing N, it steps only N, NW or NE (PS-MOVE-3); a move may turn "
          "first (PS-MOVE-5)");
    CHECK(p.refusal("move h5 i5") ==
          "cannot reach i5: i5 is not ahead of it: facing N, it steps only N, NW or NE (PS-MOVE-3); a move may turn "
          "first (PS-MOVE-5)");
    CHECK(p.refusal("move h5 h9") == "cannot reach h9: h9 is too far: going there costs 8 move points and it has 5 "
                                     "(PS-MOVE-2, PS-MOVE-3)");
    CHECK(p.refusal("move h5 j7") == "cannot reach j7: j7 is too far: going there costs 6 move points and it has 5 "
                                     "(PS-MOVE-2, PS-MOVE-3)");
    p.add(B, "pike", "h6");  // contact there ends the move; round it costs 6
    CHECK(p.refusal("move h5 h7") ==
          "cannot reach h7: the way to h7 is blocked: an enemy unit, terrain that stops or forbids it, or the board's "
          "edge (PS-MOVE-6, PS-MOVE-10)");
}

// --- passing through, contact, stacking
// -------------------------------------------------------------

TEST_CASE("units pass through friends, pike types do not, and nobody ends on a friend",
          "[rules][movement][PS-MOVE-6][PS-GRID-4][PS-PHALANX-7][PS-AMB-22]") {
    SECTION("an arquebus passes through a friend, who is marked moved-through") {
        Position p = board();
        const auto u = p.add(A, "arquebus", "h3");
        const auto f = p.add(A, "militia", "h4");
        // never ends on a friend, and says so in words
        CHECK(p.refusal("move h3 h4") == "cannot reach h4: your Militia is in h4: a move may not end on a friendly unit (PS-MOVE-6)");
        const auto ev = p.play("move h3 h5");
        CHECK(path_of(ev, u) == std::vector<std::string>{"h4", "h5"});
        CHECK(p.unit(f).moved_through);
        CHECK(p.unit(f).square == sq("h4"));
    }
    SECTION("cavalry pass through friends") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        p.add(A, "knights", "h3");
        p.add(A, "lancers", "h4");
        CHECK(p.legal("move h3 h6"));
    }
    SECTION("a non-pike unit may pass through a friendly PIKE") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(A, "pike", "h4");
        CHECK(p.legal("move h3 h5"));
    }
    SECTION("PIKE and PHALANX cannot pass through") {
        Position p = board();
        p.add(A, "pike", "c3");
        p.add(A, "militia", "c4");
        p.add(A, "swiss_phalanx", "k3");
        p.add(A, "militia", "k4");
        CHECK_FALSE(p.legal("move c3 c5"));
        CHECK_FALSE(p.legal("move k3 k5"));
        CHECK(p.legal("move c3 d4"));  // going round is fine
    }
    SECTION("nobody passes through an enemy") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "arquebus", "h4");
        CHECK_FALSE(p.legal("move h3 h5"));
        CHECK(p.legal("move h3 h4"));
    }
}

TEST_CASE("stepping into a lone enemy unit's square ends the move in contact, without a melee",
          "[rules][movement][PS-MOVE-8][PS-GRID-3][PS-GRID-4][PS-AMB-54]") {
    Position p = board();
    const auto u = p.add(A, "arquebus", "h3");
    const auto e = p.add(B, "arquebus", "h5", Facing::S);
    // No dice are scripted: no melee is rolled. B's arquebus may shoot at the mover after each
    // step (R2) and after the move (R4) (PS-OPP-3); it declines each time.
    Events ev = p.play("move h3 h5");
    const auto more = decline(p, 3);  // R2 after h4, R2 after h5, R4 after the move
    ev.insert(ev.end(), more.begin(), more.end());
    CHECK(path_of(ev, u) == std::vector<std::string>{"h4", "h5"});
    CHECK(p.unit(u).square == sq("h5"));
    CHECK(p.unit(e).square == sq("h5"));
    CHECK(p.unit(u).status == UnitStatus::Ok);
    CHECK(p.unit(e).status == UnitStatus::Ok);
    CHECK(events_of<DiceRolled>(ev).empty());
    CHECK(p.s.decision == Decision::Act);
    CHECK(p.s.decider == A);
}

TEST_CASE("a contested square can be neither entered nor passed",
          "[rules][movement][PS-GRID-4][PS-MOVE-6][PS-MOVE-8]") {
    Position p = board();
    p.act(A, CardKind::CavalryMove, 10);
    p.add(A, "knights", "h3");
    p.add(A, "militia", "h5");
    CHECK(p.legal("move h3 h6"));  // through a friend
    p.add(B, "arquebus", "h5");    // now the friend is in contact
    CHECK_FALSE(p.legal("move h3 h6"));
    CHECK_FALSE(p.legal("move h3 h5"));
    p.act(B, CardKind::InfantryMove, 10);
    p.add(B, "arquebus", "h7");
    CHECK_FALSE(p.legal("move h7 h5"));  // nor for the other side
}

TEST_CASE("a unit in a contested square may leave it by a normal move",
          "[rules][movement][PS-MOVE-9][PS-AMB-55]") {
    Position p = board();
    const auto u = p.add(A, "arquebus", "h4");
    const auto e = p.add(B, "arquebus", "h4");
    p.play("move h4 h5");
    CHECK(p.unit(u).square == sq("h5"));
    CHECK(p.unit(e).square == sq("h4"));
    CHECK(p.unit(u).status == UnitStatus::Ok);
    CHECK(p.s.pips == 9);
}

TEST_CASE("voluntary moves never leave the board", "[rules][movement][PS-MOVE-11][PS-AMB-56]") {
    Position p = board();
    const auto u = p.add(A, "arquebus", "h15");
    p.add(A, "arquebus", "a7", Facing::W);
    int moves = 0;
    for (const Command& c : legal_commands(p.ctx, p.s)) {
        const Move* m = std::get_if<Move>(&c);
        if (!m || (m->from != sq("h15") && m->from != sq("a7"))) continue;
        INFO(print(c));
        ++moves;
        // Facing the edge, every step would leave the board: without a turn first there is no
        // destination at all; after one, only squares along the edge.
        if (!m->face_before) CHECK_FALSE(m->to.has_value());
        if (m->to) CHECK(p.s.on_board(*m->to));
    }
    CHECK(moves > 0);
    CHECK_FALSE(p.refusal("move h15 h16").empty());
    CHECK(p.unit(u).square == sq("h15"));
}

TEST_CASE("a unit moved through cannot move or turn for the rest of the phase",
          "[rules][movement][PS-MOVE-7]") {
    Position p = board();
    p.add(A, "arquebus", "h3");
    const auto f = p.add(A, "militia", "h4");
    p.next_card(CardKind::InfantryMove);
    p.play("move h3 h5");
    CHECK(contains(p.refusal("move h4 i5"), "PS-MOVE-7"));
    CHECK(contains(p.refusal("move h4 face NE"), "PS-MOVE-7"));
    p.play("turn");  // a new card in the same phase
    CHECK(contains(p.refusal("move h4 i5"), "PS-MOVE-7"));
    // The flag is cleared when a new phase starts (PS-INIT-5, PS-TURN-5).
    p.play("pass");
    CHECK(p.s.active == B);
    CHECK_FALSE(p.unit(f).moved_through);
}

TEST_CASE("routed units never move voluntarily, Disordered units move normally",
          "[rules][movement][PS-MOVE-14]") {
    Position p = board();
    p.add(A, "arquebus", "c3", std::nullopt, UnitStatus::Routed);
    const auto d = p.add(A, "arquebus", "h3", std::nullopt, UnitStatus::Disordered);
    CHECK(contains(p.refusal("move c3 c4"), "PS-MOVE-14"));
    CHECK(contains(p.refusal("move c3 face NE"), "PS-MOVE-14"));
    p.play("move h3 h5");
    CHECK(p.unit(d).square == sq("h5"));
    CHECK(p.unit(d).status == UnitStatus::Disordered);
}

// --- terrain
// --------------------------------------------------------------------------------------

TEST_CASE("stop rule: a terrain piece is entered only as the first step of a move, then crossed",
          "[rules][movement][PS-TERRAIN-10][PS-MOVE-10][PS-AMB-30]") {
    SECTION("a hill two squares ahead stops the unit next to it") {
        Position p = board();
        p.piece(TerrainKind::Hill, {"h5"});
        p.add(A, "arquebus", "h3");
        CHECK(p.legal("move h3 h4"));
        CHECK_FALSE(p.legal("move h3 h5"));
        CHECK(p.legal("move h3 i5"));  // beside it is fine
    }
    SECTION("from next to it the unit enters it, and may go on through and beyond") {
        Position p = board();
        p.piece(TerrainKind::Wood, {"h5"});
        p.add(A, "arquebus", "h4");
        CHECK(p.legal("move h4 h5"));
        CHECK(p.legal("move h4 h6"));
    }
    SECTION("a two-square piece is crossed in one move") {
        Position p = board();
        p.piece(TerrainKind::Building, {"h5", "h6"});
        p.add(A, "arquebus", "h4");
        CHECK(p.legal("move h4 h6"));
    }
    SECTION("a second piece touching the first may not be entered in the same move") {
        Position p = board();
        p.piece(TerrainKind::Wood, {"h5"});
        p.piece(TerrainKind::Hill, {"h6"});
        p.add(A, "arquebus", "h4");
        CHECK(p.legal("move h4 h5"));
        CHECK_FALSE(p.legal("move h4 h6"));
    }
    SECTION("streams count: crossed from next to them, not reached in passing") {
        Position p = board();
        p.stream({"g7", "h7", "i7"});
        p.add(A, "arquebus", "h5");
        p.add(A, "arquebus", "c6");
        p.add(A, "arquebus", "g7", Facing::E);
        CHECK(p.legal("move h5 h6"));
        CHECK_FALSE(p.legal("move h5 h7"));
        CHECK_FALSE(p.legal("move h5 g7"));
        p.s.terrain[static_cast<std::size_t>(p.s.square_index(sq("c7")))] = kStreamCell;
        CHECK(p.legal("move c6 c8"));  // across the stream
        CHECK(p.legal("move g7 i7"));  // along it
    }
    SECTION("cavalry obey it too, on hills") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        p.piece(TerrainKind::Hill, {"h4"});
        p.add(A, "knights", "h2");
        p.add(A, "knights", "c3");
        p.piece(TerrainKind::Hill, {"c4"});
        CHECK(p.legal("move h2 h3"));
        CHECK_FALSE(p.legal("move h2 h4"));
        CHECK(p.legal("move c3 c6"));  // entered first, then through and beyond
    }
}

TEST_CASE("prohibited terrain per troop type",
          "[rules][movement][PS-TERRAIN-11][PS-MOVE-10][PS-CANNON-7][PS-WW-8]") {
    const auto check = [](TerrainKind kind, CardKind card, const std::string& who, bool is_type,
                          bool allowed) {
        Position p = board();
        p.act(A, card, 10);
        p.piece(kind, {"h4"});
        if (is_type) {
            p.add_type(A, who, "h3");
        } else {
            p.add(A, who, "h3");
        }
        INFO(who << " into " << to_string(kind));
        CHECK(p.legal("move h3 h4") == allowed);
    };
    const CardKind inf = CardKind::InfantryMove;
    const CardKind cav = CardKind::CavalryMove;
    SECTION("woods: no PHALANX, TERCIO, WAR WAGONS or cavalry") {
        check(TerrainKind::Wood, cav, "knights", false, false);
        check(TerrainKind::Wood, cav, "lancers", false, false);
        check(TerrainKind::Wood, cav, "light_horse", false, false);
        check(TerrainKind::Wood, cav, "carabins", false, false);
        check(TerrainKind::Wood, cav, "reiters", true, false);
        check(TerrainKind::Wood, inf, "swiss_phalanx", false, false);
        check(TerrainKind::Wood, inf, "tercio", true, false);
        check(TerrainKind::Wood, inf, "war_wagons", true, false);
        check(TerrainKind::Wood, inf, "arquebus", false, true);
        check(TerrainKind::Wood, inf, "pike", false, true);
        check(TerrainKind::Wood, inf, "cannon", false, true);
    }
    SECTION("buildings: no PHALANX, TERCIO or WAR WAGONS") {
        check(TerrainKind::Building, inf, "swiss_phalanx", false, false);
        check(TerrainKind::Building, inf, "tercio", true, false);
        check(TerrainKind::Building, inf, "war_wagons", true, false);
        check(TerrainKind::Building, cav, "knights", false, true);
        check(TerrainKind::Building, inf, "arquebus", false, true);
        check(TerrainKind::Building, inf, "cannon", false, true);
    }
    SECTION("hills: open to all") {
        check(TerrainKind::Hill, cav, "knights", false, true);
        check(TerrainKind::Hill, inf, "swiss_phalanx", false, true);
        check(TerrainKind::Hill, inf, "war_wagons", true, true);
    }
    SECTION("nor through a wood") {
        Position p = board();
        p.act(A, CardKind::CavalryMove, 10);
        p.piece(TerrainKind::Wood, {"g4"});
        p.piece(TerrainKind::Wood, {"h4"});
        p.piece(TerrainKind::Wood, {"i4"});
        p.add(A, "knights", "h3");
        CHECK_FALSE(p.legal("move h3 h5"));
        p.act(A, CardKind::InfantryMove, 10);
        p.add(A, "arquebus", "h2");
        CHECK_FALSE(p.legal("move h2 h4"));  // the stop rule for the arquebus
    }
}

// --- marching
// -------------------------------------------------------------------------------------

namespace {

/// A French line at row 3 facing N, with the cannon, and a Spanish unit far away.
Position march_board() {
    Position p("french", "spanish");
    p.add(A, "arquebus", "c3");
    p.add(A, "militia", "e3");
    p.add(A, "knights", "g3");
    p.add(A, "cannon", "j3");
    p.add(A, "skirmishers", "l3");
    p.add(B, "arquebus", "a15");
    return p;
}

}  // namespace

TEST_CASE("each side starts with the marching option", "[rules][march][PS-MARCH-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice(5);
    GameState s;
    new_game(ctx, s, dice);
    CHECK(s.march_option[0]);
    CHECK(s.march_option[1]);
}

TEST_CASE("a march costs 2 pips in all and moves every unit but the CANNON toward the enemy",
          "[rules][march][PS-MARCH-2][PS-MARCH-3][PS-MARCH-6][PS-CANNON-4][PS-PIP-1]") {
    Position p = march_board();
    p.leader(A, "h2");
    p.act(A, CardKind::CavalryMove, 6);  // a Cavalry Move card marches infantry too
    p.next_card(CardKind::InfantryMove);
    p.play("march");
    CHECK(p.s.pips == 4);
    CHECK(p.s.marching);
    CHECK_FALSE(p.legal("turn"));  // every unit must move first
    CHECK_FALSE(p.legal("pass"));
    CHECK(contains(p.refusal("move j3 j4"), "PS-CANNON-4"));
    p.play("move c3 c5");
    p.play("leader h6");  // the leader goes along for free
    CHECK(p.s.pips == 4);
    p.play("move e3 f5");
    p.play("move g3 g6");
    CHECK(p.s.marching);
    p.play("move l3 l5");
    CHECK_FALSE(p.s.marching);  // all have marched
    CHECK(p.s.pips == 4);
    CHECK(p.s.march_option[0]);
    CHECK(contains(p.refusal("move c5 c6"), "PS-CARD-4"));
    // PS-MARCH-6: after the march, moves cost pips as usual.
    p.play("turn");
    CHECK(p.s.pips == 3);
    p.play("move c5 c6");
    CHECK(p.s.pips == 2);
}

TEST_CASE("a march needs a Move card and 2 pips", "[rules][march][PS-MARCH-2][PS-INIT-7]") {
    Position p = march_board();
    p.act(A, CardKind::Melee, 6);
    CHECK(contains(p.refusal("march"), "PS-MARCH-2"));
    p.act(A, CardKind::LeaderCheck, 6);
    CHECK_FALSE(p.legal("march"));
    p.act(A, CardKind::InfantryMove, 1);
    CHECK_FALSE(p.legal("march"));
    p.act(A, CardKind::InfantryMove, 2);
    CHECK(p.legal("march"));
}

TEST_CASE("in a march every unit must end strictly nearer the enemy's edge",
          "[rules][march][PS-MARCH-3][PS-AMB-47]") {
    SECTION("turning only, or moving along the row, is not a march move") {
        Position p = march_board();
        p.play("march");
        CHECK(contains(p.refusal("move c3 face NE"), "PS-MARCH-3"));
        CHECK(contains(p.refusal("move l3 face E m3"), "PS-MARCH-3"));
        CHECK(p.legal("move c3 d4"));
    }
    SECTION("side B marches south") {
        Position p = march_board();
        p.act(B, CardKind::InfantryMove, 6);
        p.add(B, "arquebus", "h12");
        p.play("march");
        CHECK_FALSE(p.legal("move a15 face SE"));
        p.play("move a15 a14");
        CHECK(p.legal("move h12 g11"));
    }
    SECTION("if one unit cannot, there is no march") {
        Position p = march_board();
        p.add(A, "arquebus", "n3", Facing::S);  // facing away, it can only turn 45 degrees
        CHECK(contains(p.refusal("march"), "PS-MARCH-3"));
    }
    SECTION("cavalry hemmed in by woods cannot march, so nobody does") {
        Position p = march_board();
        p.piece(TerrainKind::Wood, {"e4"});
        p.piece(TerrainKind::Wood, {"f4", "g4"});
        p.piece(TerrainKind::Wood, {"h4", "i4"});
        CHECK(contains(p.refusal("march"), "PS-MARCH-3"));
    }
    SECTION("routed units are exempt") {
        Position p = march_board();
        p.add(A, "arquebus", "n3", Facing::S, UnitStatus::Routed);
        p.play("march");
        for (const std::string m : {"move c3 c4", "move e3 e4", "move g3 g4", "move l3 l4"})
            p.play(m);
        CHECK_FALSE(p.s.marching);
        CHECK(p.s.march_option[0]);
        CHECK_FALSE(p.legal("move n3 n2"));
    }
    SECTION("a unit that has already moved on the card stops the march") {
        Position p = march_board();
        p.play("move c3 c4");
        CHECK_FALSE(p.legal("march"));
    }
}

TEST_CASE("a march may end in contact, but that loses the marching option",
          "[rules][march][PS-MARCH-4][PS-MARCH-5]") {
    Position p = march_board();
    p.add(B, "arquebus", "c4");
    p.play("march");
    const auto ev = p.play("move c3 c4");
    CHECK(events_of<MarchLost>(ev).size() == 1);
    CHECK_FALSE(p.s.march_option[0]);
    // B's arquebus, now in contact, may shoot (R2 after the step, R4 after the activation).
    decline(p, 2);
    CHECK(p.s.marching);  // the others still march
    // It may shoot at the arquebus in its square after each of their steps and moves too.
    for (const std::string m : {"move e3 e4", "move g3 g4", "move l3 l4"}) {
        p.play(m);
        decline(p, 2);
    }
    CHECK_FALSE(p.s.marching);
    p.act(A, CardKind::InfantryMove, 6);
    CHECK(contains(p.refusal("march"), "PS-MARCH-5"));
}

TEST_CASE("entering an enemy's square by any voluntary move loses the marching option",
          "[rules][march][PS-MARCH-5]") {
    Position p = march_board();
    p.add(B, "arquebus", "c5");
    p.play("move c3 c5");
    CHECK(p.s.march_option[0]);  // not yet: B's arquebus may shoot at the step into c4 (R2)
    decline(p, 1);
    CHECK_FALSE(p.s.march_option[0]);  // the step into c5
    CHECK(p.s.march_option[1]);
}

TEST_CASE("a Move card left without a march loses the option",
          "[rules][march][PS-MARCH-5][PS-EX-22][PS-AMB-5]") {
    SECTION("ignored by turning the next card") {
        Position p = march_board();
        p.next_card(CardKind::MillingAround);
        const auto ev = p.play("turn");
        CHECK(events_of<MarchLost>(ev).size() == 1);
        CHECK_FALSE(p.s.march_option[0]);
    }
    SECTION("used to move units one by one") {
        Position p = march_board();
        p.act(A, CardKind::CavalryMove, 6);
        p.play("move g3 g5");
        CHECK(p.s.march_option[0]);
        p.play("pass");
        CHECK_FALSE(p.s.march_option[0]);
    }
    SECTION("other cards do not matter") {
        Position p = march_board();
        p.act(A, CardKind::Melee, 6);
        p.next_card(CardKind::MillingAround);
        p.play("turn");
        p.play("pass");
        CHECK(p.s.march_option[0]);
    }
    SECTION("the worked example: march on the first card, ignore the next Move card") {
        Position p = march_board();
        p.act(A, CardKind::InfantryMove, 6);
        p.s.has_current_card = false;
        p.s.decks[0].drawn = 0;
        p.s.decks[0].cards[0] = CardKind::InfantryMove;
        p.s.decks[0].cards[1] = CardKind::CavalryMove;
        p.s.decks[0].cards[2] = CardKind::MillingAround;
        p.play("turn");
        p.play("march");
        CHECK(p.s.pips == 3);  // 1 for the card, 2 for the march
        for (const std::string m : {"move c3 c4", "move e3 e4", "move g3 g4", "move l3 l4"})
            p.play(m);
        CHECK(p.s.march_option[0]);
        p.play("turn");  // the Cavalry Move card, ignored
        CHECK(p.s.march_option[0]);
        const auto ev = p.play("turn");
        CHECK(events_of<MarchLost>(ev).size() == 1);
        CHECK_FALSE(p.s.march_option[0]);
    }
}

TEST_CASE("a march that passes through a unit still to march leaves it without a move",
          "[rules][march][PS-MARCH-5][PS-MOVE-7][PS-MARCH-3]") {
    Position p("french", "spanish");
    p.add(A, "arquebus", "h3");
    const auto f = p.add(A, "militia", "h4");
    p.add(B, "arquebus", "a15");
    p.play("march");
    const auto ev = p.play("move h3 h5");  // through the militia
    CHECK(p.unit(f).moved_through);
    CHECK(events_of<MarchLost>(ev).size() == 1);
    CHECK_FALSE(p.s.march_option[0]);
    CHECK_FALSE(p.s.marching);  // the march is over: play goes on
    CHECK(p.s.decision == Decision::Act);
    CHECK(p.legal("turn"));
    CHECK(contains(p.refusal("move h4 h5"), "PS-MOVE-7"));
}
