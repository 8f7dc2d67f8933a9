// Reactions to a move: the R2 window and the opportunity charge (PS-OPP-3, PS-OPP-5, PS-OPP-6,
// PS-OPP-8), the French Knights' compulsory charge (PS-OPP-7), evades (PS-OPP-9, PS-INVOL-1,
// PS-INVOL-4, PS-INVOL-6). The melee that follows a charge at once (PS-OPP-6) is scripted here as
// a tie, so that both units stay in the square; its results are tested with melee (PS-MELEE).
#include <set>

#include "tests/rules/position_fixture.hpp"
#include "rules/involuntary.hpp"

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


/// The dice of the melee that follows an opportunity charge at once (PS-OPP-6), charger first
/// (PS-DICE-8), as a tie: no hits, nobody falls back, no chip (PS-MELEE-13). The charger's Fight
/// die is UP 1 for charging (PS-MELEE-7, PS-MELEE-9): LANCERS D10 and KNIGHTS D12 roll a D12; the
/// ARQUEBUS it hits from the front rolls its D6.
constexpr const char* kTiedMelee = "d12:4 d6:4";

bool charge_window(const Position& p) {
    return p.s.decision == Decision::React && p.s.react_window == rules::ReactWindow::Step &&
           p.s.decider == other(p.s.active);
}

bool evade_window(const Position& p) {
    return p.s.decision == Decision::React && p.s.react_window == rules::ReactWindow::Evade &&
           p.s.decider == other(p.s.active);
}

/// At most one unit of each side per square (PS-GRID-4).
bool stacking_ok(const GameState& s) {
    std::set<std::pair<int, int>> seen;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.on_table() &&
            !seen.insert({s.square_index(u.square), static_cast<int>(u.side)}).second)
            return false;
    }
    return true;
}

}  // namespace

// --- the R2 window and the opportunity charge ---------------------------------------------------

TEST_CASE("R2 opens after each step that a charger can reach",
          "[rules][reaction][PS-OPP-3][PS-OPP-5][PS-MOVE-15]") {
    SECTION("after the first step and again after the second") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h8", Facing::S);  // Move 4: h4 is 8 points away
        auto ev = p.play("move h3 h5");
        REQUIRE(charge_window(p));
        CHECK(path_of(ev, m) == std::vector<std::string>{"h4"});
        CHECK(p.unit(m).square == sq("h4"));
        CHECK(p.legal("charge h8"));
        CHECK(p.legal("decline"));
        ev = p.play("decline");
        CHECK(path_of(ev, m) == std::vector<std::string>{"h5"});
        REQUIRE(charge_window(p));
        p.play("decline");
        CHECK(back_to_active(p));
        CHECK(p.s.pips == 9);
        CHECK(p.s.opportunity_chips[1] == 3);
    }
    SECTION("only once the mover comes within reach") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h9", Facing::S);  // h4 is 10 points away, h5 is 8
        p.play("move h3 h5");
        REQUIRE(charge_window(p));
        CHECK(p.unit(m).square == sq("h5"));
    }
    SECTION("never when out of reach") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h10", Facing::S);
        p.play("move h3 h5");
        CHECK(back_to_active(p));
        CHECK(p.unit(m).square == sq("h5"));
    }
}

TEST_CASE(
    "an opportunity charge costs a chip, moves the charger into contact and ends the mover's move",
    "[rules][reaction][PS-OPP-5][PS-OPP-6][PS-OPP-2][PS-OPP-8][PS-MOVE-15]") {
    Position p = board();
    const auto m = p.add(A, "arquebus", "h3");
    const auto l = p.add(B, "lancers", "h8", Facing::S);
    p.add(B, "light_horse", "j8", Facing::S);  // could also reach, but only one charge can hit
    p.play("move h3 h5");
    REQUIRE(charge_window(p));
    const auto ev = p.play("charge h8", kTiedMelee);
    CHECK(path_of(ev, l) == std::vector<std::string>{"h7", "h6", "h5", "h4"});
    const auto melee = events_of<MeleeResolved>(ev);  // fought at once, the charger initiating
    REQUIRE(melee.size() == 1);
    CHECK(melee[0].initiator == l);
    CHECK(melee[0].defender == m);
    CHECK(melee[0].winner == kNone);
    CHECK(p.unit(l).square == sq("h4"));
    CHECK(p.unit(l).facing == Facing::S);
    CHECK(p.unit(m).square == sq("h4"));  // its move ended there
    CHECK(p.s.opportunity_chips[1] == 2);
    CHECK_FALSE(p.s.move.active);
    CHECK(back_to_active(p));
    CHECK(contains(p.refusal("move h4 h5"), "PS-CARD-4"));
}

TEST_CASE("a charger turns within its own limit before stepping",
          "[rules][reaction][PS-OPP-5][PS-OPP-6][PS-MOVE-4]") {
    SECTION("LANCERS facing E turn 90 degrees to S") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        const auto l = p.add(B, "lancers", "j6", Facing::E);
        p.play("move h3 h4");
        REQUIRE(charge_window(p));
        CHECK_FALSE(p.legal("charge j6"));
        CHECK_FALSE(p.legal("charge j6 face SE"));
        const auto ev = p.play("charge j6 face S", kTiedMelee);
        CHECK(path_of(ev, l) == std::vector<std::string>{"i5", "h4"});
        CHECK(p.unit(l).facing == Facing::S);
    }
    SECTION("KNIGHTS facing E cannot turn far enough") {
        Position p = board("french", "italian");
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "j6", Facing::E);
        p.play("move h3 h4");
        CHECK(back_to_active(p));
    }
}

TEST_CASE("only KNIGHTS, LANCERS and LIGHT HORSE make opportunity charges",
          "[rules][reaction][PS-OPP-5][PS-TYPE-3][PS-AMB-37]") {
    // Whether `who` may charge the mover. Units that can shoot (CARABINS, SKIRMISHERS, ARQUEBUS)
    // open R2 all the same, for an opportunity shot (PS-OPP-3), so what counts is the charge.
    const auto window_for = [](const std::string& who, bool is_type) {
        Position p = board();
        p.add(A, "arquebus", "h3");
        if (is_type) {
            p.add_type(B, who, "h6", Facing::S);
        } else {
            p.add(B, who, "h6", Facing::S);
        }
        p.play("move h3 h4");
        return charge_window(p) && p.legal("charge h6");
    };
    CHECK(window_for("lancers", false));
    CHECK(window_for("light_horse", false));
    CHECK(window_for("knights", true));
    CHECK_FALSE(window_for("carabins", false));
    CHECK_FALSE(window_for("reiters", true));
    CHECK_FALSE(window_for("skirmishers", false));
    CHECK_FALSE(window_for("arquebus", false));
}

TEST_CASE("who may charge: not Routed, not in contact, a chip in hand, an empty target square",
          "[rules][reaction][PS-OPP-5][PS-OPP-2]") {
    SECTION("Routed: no") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h8", Facing::S, UnitStatus::Routed);
        p.play("move h3 h4");
        CHECK(back_to_active(p));
    }
    SECTION("Disordered: yes") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h8", Facing::S, UnitStatus::Disordered);
        p.play("move h3 h4");
        CHECK(charge_window(p));
    }
    SECTION("already in contact: no") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h8", Facing::S);
        p.add(A, "militia", "h8");
        p.play("move h3 h4");
        CHECK(back_to_active(p));
    }
    SECTION("no opportunity chip left: no") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h8", Facing::S);
        p.s.opportunity_chips[1] = 0;
        p.play("move h3 h4");
        CHECK(back_to_active(p));
    }
    SECTION("the mover stepped into contact with one of the charger's side: no") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h8", Facing::S);
        p.add(B, "arquebus", "h4");
        p.play("move h3 h4");
        // R2 is open, but only for the arquebus to shoot at the unit in its square (PS-SHOOT-5).
        REQUIRE(charge_window(p));
        CHECK_FALSE(p.legal("charge h8"));
        p.play("decline");  // R2
        p.play("decline");  // R4 after the move
        CHECK(back_to_active(p));
    }
}

TEST_CASE("the charger needs a legal path: no enemies passed, stop rule, prohibited terrain",
          "[rules][reaction][PS-OPP-5][PS-MOVE-6][PS-TERRAIN-10][PS-TERRAIN-11]") {
    SECTION("a screen of the mover's side blocks it, a screen of its own does not") {
        for (Side screen : {A, B}) {
            Position p = board();
            p.add(A, "arquebus", "h3");
            p.add(B, "lancers", "h8", Facing::S);
            for (const char* q : {"g7", "h7", "i7"})
                p.add(screen, screen == A ? "militia" : "arquebus", q);
            p.play("move h3 h4");
            INFO("screen of side " << side_letter(screen));
            CHECK(charge_window(p) == (screen == B));
        }
    }
    SECTION("terrain across every path, entered after the first step") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        p.add(B, "lancers", "h7", Facing::S);
        p.piece(TerrainKind::Hill, {"g5", "h5"});
        p.piece(TerrainKind::Hill, {"i5"});
        p.play("move h3 h4");
        CHECK(back_to_active(p));
    }
    SECTION("one open square in that line is enough") {
        Position p = board();
        p.add(A, "arquebus", "h3");
        const auto l = p.add(B, "lancers", "h7", Facing::S);
        p.piece(TerrainKind::Hill, {"g5", "h5"});
        p.play("move h3 h4");
        REQUIRE(charge_window(p));
        const auto ev = p.play("charge h7", kTiedMelee);
        CHECK(path_of(ev, l) == std::vector<std::string>{"h6", "i5", "h4"});
    }
    SECTION("a hill entered as the first step is fine, a wood never is for cavalry") {
        for (TerrainKind kind : {TerrainKind::Hill, TerrainKind::Wood}) {
            Position p = board();
            p.add(A, "arquebus", "h3");
            p.add(B, "lancers", "h5", Facing::S);
            p.piece(kind, {"h4"});
            p.play("move h3 h4");
            INFO(to_string(kind));
            CHECK(charge_window(p) == (kind == TerrainKind::Hill));
        }
    }
}

TEST_CASE("no charge into a square where the mover is passing through a friend",
          "[rules][reaction][PS-OPP-5][PS-MOVE-8][PS-GRID-4]") {
    Position p = board();
    const auto m = p.add(A, "arquebus", "h3");
    p.add(A, "militia", "h4");
    p.add(B, "lancers", "h8", Facing::S);  // h4 and h5 are both within reach
    p.play("move h3 h5");
    REQUIRE(charge_window(p));
    CHECK(p.unit(m).square == sq("h5"));  // no window while it stood on the militia
    p.play("charge h8", kTiedMelee);
    CHECK(stacking_ok(p.s));
}

TEST_CASE("marching units can be charged, that alone does not end the marching option",
          "[rules][reaction][PS-OPP-3][PS-MARCH-5][PS-MARCH-3]") {
    Position p = board();
    p.add(A, "arquebus", "h3");
    p.add(B, "lancers", "h8", Facing::S);
    p.play("march");
    p.play("move h3 h4");
    REQUIRE(charge_window(p));
    p.play("charge h8", kTiedMelee);
    CHECK(back_to_active(p));
    CHECK(p.s.marching);  // the filler at o1 must still march
    CHECK(p.s.march_option[0]);
    p.play("move o1 o2");
    CHECK_FALSE(p.s.marching);
    CHECK(p.s.march_option[0]);
}

TEST_CASE("chips not used are lost, each phase the non-active side has 3 again",
          "[rules][reaction][PS-OPP-1][PS-INIT-5]") {
    Position p = board();
    p.add(A, "arquebus", "h3");
    p.add(B, "lancers", "h8", Facing::S);
    p.play("move h3 h4");
    p.play("charge h8", kTiedMelee);
    CHECK(p.s.opportunity_chips[1] == 2);
    p.play("pass");                 // B's phase
    p.play("pass", "d12:5 d12:3");  // a new initiative: A rolled higher
    p.play("first");
    CHECK(p.s.active == A);
    CHECK(p.s.opportunity_chips[1] == 3);
}

// --- French Knights
// ---------------------------------------------------------------------------------

namespace {

/// Spanish active (A), French Knights (B) waiting for them.
Position knights_board() {
    return board("spanish", "french");
}

}  // namespace

TEST_CASE("French Knights must charge unless the French win a D6 roll-off, a tie means charge",
          "[rules][reaction][PS-OPP-7][PS-AMB-42][PS-DICE-6][PS-DICE-8]") {
    SECTION("the French lose: they must charge") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        const auto k = p.add(B, "knights", "h7", Facing::S);
        const auto ev = p.play("move h3 h4", "d6:3 d6:5");
        const auto rolls = events_of<DiceRolled>(ev);
        REQUIRE(rolls.size() == 2);
        CHECK(rolls[0].purpose == core::RollPurpose::KnightsRestraint);
        CHECK(rolls[0].side == B);  // the French D6 first
        CHECK(rolls[0].natural == 3);
        CHECK(rolls[1].side == A);
        REQUIRE(charge_window(p));
        CHECK(contains(p.refusal("decline"), "PS-OPP-7"));
        p.play("charge h7", kTiedMelee);
        CHECK(p.unit(k).square == sq("h4"));
    }
    SECTION("a tie: they must charge") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "h7", Facing::S);
        p.play("move h3 h4", "d6:4 d6:4");
        REQUIRE(charge_window(p));
        CHECK(contains(p.refusal("decline"), "PS-OPP-7"));
    }
    SECTION("the French win: they may hold back") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "h7", Facing::S);
        p.play("move h3 h4", "d6:5 d6:2");
        REQUIRE(charge_window(p));
        CHECK(p.legal("charge h7"));
        p.play("decline");
        CHECK(back_to_active(p));
    }
    SECTION("each Knights unit rolls on its own") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "g6", Facing::S);
        p.add(B, "knights", "i6", Facing::S);
        p.play("move h3 h4", "d6:6 d6:1 d6:1 d6:6");  // the first wins, the second loses
        REQUIRE(charge_window(p));
        CHECK(contains(p.refusal("charge g6"), "PS-OPP-7"));
        CHECK(contains(p.refusal("decline"), "PS-OPP-7"));
        CHECK(p.legal("charge i6"));
    }
    SECTION("no chips, no duty") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "h7", Facing::S);
        p.s.opportunity_chips[1] = 0;
        p.play("move h3 h4");
        CHECK(back_to_active(p));
    }
    SECTION("other Knights are not headstrong") {
        Position p = board("spanish", "italian");
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "h7", Facing::S);
        p.play("move h3 h4");  // no roll-off
        REQUIRE(charge_window(p));
        CHECK(p.legal("decline"));
    }
}

TEST_CASE("French Knights need not charge an opponent on or behind terrain",
          "[rules][reaction][PS-OPP-7][PS-AMB-42]") {
    SECTION("the target stands in terrain") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "h5", Facing::S);  // next to it: the stop rule lets them in
        p.piece(TerrainKind::Hill, {"h4"});
        p.play("move h3 h4");  // no roll-off
        REQUIRE(charge_window(p));
        CHECK(p.legal("decline"));
    }
    SECTION("every path in crosses terrain") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "h6", Facing::S);
        p.piece(TerrainKind::Hill, {"g5", "h5"});
        p.piece(TerrainKind::Hill, {"i5"});
        p.play("move h3 h4");  // no roll-off
        REQUIRE(charge_window(p));
        CHECK(p.legal("decline"));
    }
    SECTION("one clear path is enough to make them charge") {
        Position p = knights_board();
        p.add(A, "arquebus", "h3");
        p.add(B, "knights", "h6", Facing::S);
        p.piece(TerrainKind::Hill, {"g5", "h5"});
        p.play("move h3 h4", "d6:2 d6:6");
        REQUIRE(charge_window(p));
        CHECK(contains(p.refusal("decline"), "PS-OPP-7"));
    }
}

// --- evade
// ------------------------------------------------------------------------------------------

TEST_CASE("R3: SKIRMISHERS, CARABINS and LIGHT HORSE may evade a unit entering their square",
          "[rules][reaction][PS-OPP-9][PS-OPP-3][PS-INVOL-4][PS-OPP-2]") {
    SECTION("an evade is a full move straight away, keeping the facing, and disorders") {
        Position p = board();
        const auto m = p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        p.play("move h4 h5");
        REQUIRE(evade_window(p));
        CHECK(p.legal("evade"));
        CHECK(p.legal("decline"));
        const auto ev = p.play("evade");
        CHECK(path_of(ev, e) == std::vector<std::string>{"h6", "h7"});  // 4 of 5 points
        CHECK(p.unit(e).facing == Facing::S);
        CHECK(p.unit(e).status == UnitStatus::Disordered);
        CHECK(p.s.opportunity_chips[1] == 2);
        CHECK(p.unit(m).square == sq("h5"));  // the entering unit stays, its move over
        // The active player may chip the evader just Disordered (PS-OPP-9, PS-CHIP-10 b).
        REQUIRE(p.s.decision == Decision::Chip);
        CHECK(p.s.decider == A);
        p.play("decline");
        // The evader, now in h7, may still shoot at the mover: R2 after the step, R4 after the
        // move (PS-OPP-3). The move goes no further.
        REQUIRE(charge_window(p));
        p.play("decline");
        CHECK(p.unit(m).square == sq("h5"));
        REQUIRE(p.s.decision == Decision::React);
        CHECK(p.s.react_window == rules::ReactWindow::Action);
        p.play("decline");
        CHECK(back_to_active(p));
    }
    SECTION("or the unit stays in contact") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        p.play("move h4 h5");
        REQUIRE(evade_window(p));
        p.play("decline");
        CHECK(p.unit(e).square == sq("h5"));
        CHECK(p.unit(e).status == UnitStatus::Ok);
        CHECK(p.s.opportunity_chips[1] == 3);
        // The skirmishers may shoot at the unit in their square: R2 for the step, then R4.
        REQUIRE(charge_window(p));
        CHECK_FALSE(p.legal("evade"));
        p.play("decline");
        REQUIRE(p.s.decision == Decision::React);
        CHECK(p.s.react_window == rules::ReactWindow::Action);
        p.play("decline");
        CHECK(back_to_active(p));
    }
    SECTION("mounted evaders go 5 squares") {
        for (const char* who : {"carabins", "light_horse"}) {
            Position p = board();
            p.add(A, "arquebus", "h4");
            const auto e = p.add(B, who, "h5", Facing::E);
            p.s.opportunity_chips[1] = 1;  // so that no charge back can follow
            p.play("move h4 h5");
            REQUIRE(evade_window(p));
            p.play("evade");
            INFO(who);
            CHECK(p.unit(e).square == sq("h10"));
            CHECK(p.unit(e).facing == Facing::E);
        }
    }
    SECTION("other units cannot evade") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        p.add(B, "arquebus", "h5", Facing::S);
        p.play("move h4 h5");
        // No R3: the window open is R2, for the arquebus to shoot at the unit in its square.
        CHECK_FALSE(evade_window(p));
        REQUIRE(charge_window(p));
        CHECK_FALSE(p.legal("evade"));
        p.play("decline");  // R2
        p.play("decline");  // R4
        CHECK(back_to_active(p));
    }
    SECTION("not without a chip, and not when Routed") {
        for (bool routed : {false, true}) {
            Position p = board();
            p.add(A, "arquebus", "h4");
            p.add(B, "skirmishers", "h5", Facing::S, routed ? UnitStatus::Routed : UnitStatus::Ok);
            if (!routed) p.s.opportunity_chips[1] = 0;
            p.play("move h4 h5");
            CHECK(back_to_active(p));
        }
    }
    SECTION("a Disordered evader stays Disordered") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S, UnitStatus::Disordered);
        p.play("move h4 h5");
        p.play("evade");
        CHECK(p.unit(e).status == UnitStatus::Disordered);
    }
    SECTION("R3 comes first, then R2 against the mover left alone") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        p.add(B, "skirmishers", "h5", Facing::S);
        p.add(B, "lancers", "h9", Facing::S);
        p.play("move h4 h5");
        REQUIRE(evade_window(p));
        p.play("evade");
        REQUIRE(p.s.decision == Decision::Chip);  // the active side may chip the evader first
        p.play("decline");
        REQUIRE(charge_window(p));
        CHECK(p.legal("charge h9"));
    }
}

TEST_CASE("an evade may take the unit off the table, at no chip cost",
          "[rules][reaction][PS-INVOL-1][PS-INVOL-4][PS-MOVE-11]") {
    Position p = board();
    p.add(A, "arquebus", "h13");
    const auto e = p.add(B, "light_horse", "h14", Facing::S);
    const int chips = p.s.morale_chips[1];
    p.play("move h13 h14");
    REQUIRE(evade_window(p));
    const auto ev = p.play("evade");
    CHECK(path_of(ev, e) == std::vector<std::string>{"h15", "off"});
    CHECK(p.unit(e).status == UnitStatus::LeftTable);
    CHECK_FALSE(p.unit(e).on_table());
    CHECK(p.s.morale_chips[1] == chips);
    CHECK(back_to_active(p));
}

TEST_CASE("an evade's path is known before it is chosen, and is the path it takes (issue 40)",
          "[rules][reaction][PS-INVOL-4][PS-INVOL-6][PS-OPP-9]") {
    struct Case {
        const char* mover;
        const char* evader;
        const char* evader_type;
    };
    // Straight on; deviating round a unit in the way; off the board.
    for (const Case c : {Case{"h4", "h5", "skirmishers"}, Case{"g4", "h5", "skirmishers"},
                         Case{"h4", "h5", "light_horse"}, Case{"h13", "h14", "light_horse"}}) {
        INFO(c.mover << " enters " << c.evader_type << " in " << c.evader);
        Position p = board();
        p.add(A, "arquebus", c.mover);
        const auto e = p.add(B, c.evader_type, c.evader, Facing::S);
        if (std::string(c.evader_type) == "light_horse" && std::string(c.evader) == "h5") p.add(A, "militia", "h6");
        CHECK_FALSE(rules::evade_plan(p.ctx, p.s));  // no evade open yet
        p.play(std::string("move ") + c.mover + " " + c.evader);
        REQUIRE(evade_window(p));
        const auto plan = rules::evade_plan(p.ctx, p.s);
        REQUIRE(plan);
        CHECK(plan->start == p.unit(e).square);
        std::vector<std::string> planned;
        for (const Square q : plan->squares) planned.push_back(core::to_string(q));
        if (plan->left_table) planned.push_back("off");
        CHECK(path_of(p.play("evade"), e) == planned);
        CHECK_FALSE(rules::evade_plan(p.ctx, p.s));  // taken: no evade open
    }
}

TEST_CASE("evade direction: away along the entry vector, deviating counter-clockwise first",
          "[rules][reaction][PS-INVOL-4][PS-INVOL-6][PS-GRID-16]") {
    SECTION("a diagonal entry; when the diagonal step costs too much, N and E tie and N is taken") {
        Position p = board();
        p.add(A, "arquebus", "g4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        p.play("move g4 h5");
        REQUIRE(evade_window(p));
        const auto ev = p.play("evade");
        CHECK(path_of(ev, e) == std::vector<std::string>{"i6", "i7"});
    }
    SECTION(
        "a blocked primary direction: the only legal side, then the side farther from the entry "
        "square") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "light_horse", "h5", Facing::S);
        for (const char* q : {"h6", "g6", "i7"}) p.add(A, "militia", q);
        p.s.opportunity_chips[1] = 1;
        p.play("move h4 h5");
        REQUIRE(evade_window(p));
        const auto ev = p.play("evade");
        // h6 and g6 blocked: NE to i6. Then i7 blocked: h7 and j7 are both open, j7 is farther
        // from h4 (8 against 6 half-squares), so j7. Then N with the 4 points left.
        CHECK(path_of(ev, e) == std::vector<std::string>{"i6", "j7", "j8", "j9"});
    }
    SECTION("an enemy unit is never entered: equally far sides, counter-clockwise first") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        p.add(A, "militia", "h7");
        p.play("move h4 h5");
        const auto ev = p.play("evade");
        CHECK(path_of(ev, e) == std::vector<std::string>{"h6", "g7"});
    }
}

TEST_CASE("an evade ignores facing and the stop rule but not prohibited terrain or stacking",
          "[rules][reaction][PS-INVOL-1][PS-INVOL-4][PS-INVOL-3][PS-INVOL-6][PS-TERRAIN-10]"
          "[PS-TERRAIN-11][PS-GRID-4]") {
    SECTION("the stop rule does not apply") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        p.piece(TerrainKind::Hill, {"h7"});
        p.play("move h4 h5");
        p.play("evade");
        CHECK(p.unit(e).square == sq("h7"));
    }
    SECTION("cavalry go round a wood") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "light_horse", "h5", Facing::S);
        p.piece(TerrainKind::Wood, {"h6"});
        p.s.opportunity_chips[1] = 1;
        p.play("move h4 h5");
        const auto ev = p.play("evade");
        CHECK(path_of(ev, e) == std::vector<std::string>{"g6", "g7", "g8", "g9"});
    }
    SECTION("it passes through friends but never ends on one") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        p.add(B, "arquebus", "h7");
        p.play("move h4 h5");
        p.play("evade");
        CHECK(p.unit(e).square == sq("h6"));  // stops short of the friend at h7
        CHECK(stacking_ok(p.s));
    }
    SECTION("a friend on the way is passed") {
        Position p = board();
        p.add(A, "arquebus", "h4");
        const auto e = p.add(B, "skirmishers", "h5", Facing::S);
        const auto f = p.add(B, "arquebus", "h6");
        p.play("move h4 h5");
        p.play("evade");
        CHECK(p.unit(e).square == sq("h7"));
        CHECK(p.unit(f).moved_through);
        CHECK(stacking_ok(p.s));
    }
}

TEST_CASE("a friend routed onto the rest of a mover's path makes the move end short of it",
          "[rules][reaction][PS-OPP-3][PS-GRID-4][PS-ROUT-2]") {
    Position p = board();
    const auto mover = p.add(A, "arquebus", "h3");
    const auto x = p.add(A, "arquebus", "h7");
    p.add(B, "arquebus", "h8", Facing::S);
    p.play("move h3 h5");  // first step, into h4: B may shoot (R2)
    REQUIRE(p.s.decision == Decision::React);
    REQUIRE(p.s.react_window == rules::ReactWindow::Step);
    CHECK(p.unit(mover).square == sq("h4"));
    // 8 against 1: difference 7, quadruple: 2 hits and Routed (PS-SHOOT-10); the rout move goes
    // away from the shooter, onto h5, where the mover was going.
    const auto ev = p.play("shoot h8 h7", "d8:8 d6:1");
    CHECK(p.unit(x).status == UnitStatus::Routed);
    CHECK(path_of(ev, x) == std::vector<std::string>{"h6", "h5"});
    // The mover cannot end on its friend: its move ends where it stands.
    CHECK(p.unit(mover).square == sq("h4"));
    CHECK_FALSE(p.s.move.active);
    CHECK(p.s.decision == Decision::Act);
    CHECK(p.s.decider == A);
}

TEST_CASE("a square off the board is named first, before whose decision it is",
          "[rules][reaction][PS-GRID-1]") {
    // Issue 19: "move z9 h6" in another side's window answered "side A may react now".
    Position p = board();
    p.add(Side::A, "pike", "h5", Facing::N);
    p.act(Side::A, CardKind::InfantryMove, 10);
    CHECK(p.refusal("charge z9") == "z9 is not a square of the board (a-o, 1-15)");
    CHECK(p.refusal("escape h16") == "h16 is not a square of the board (a-o, 1-15)");
    // A square on the board still gets the usual answer.
    CHECK_FALSE(contains(p.refusal("charge h6"), "is not a square"));
}
