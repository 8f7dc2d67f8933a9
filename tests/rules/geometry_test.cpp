// Board-level geometry of the rules (rules/geometry.hpp): front/flank/rear of actual units
// (PS-GRID-8, PS-GRID-9, PS-GRID-14, PS-GRID-15), fire arcs (PS-GRID-12, PS-GRID-13,
// PS-TERCIO-5), line of sight on the board (PS-LOS-1 .. PS-LOS-5) and the leader's "in range of
// enemy weapons" (PS-LOS-6, PS-LEADER-9 (b)).
#include "rules/geometry.hpp"

#include <string>

#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::Aspect;
using core::Facing;
using tercio::test::Position;
using tercio::test::sq;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;

/// The same ruleset with los = "none" (PS-LOS-1), kept alive for the context that points at it.
struct NoLos {
    explicit NoLos(const RulesContext& base) : rs(base.rs()), ctx(base) {
        rs.los_blocking = false;
        ctx.ruleset = &rs;
    }
    Ruleset rs;
    RulesContext ctx;
};

bool los(const Position& p, const std::string& from, const std::string& to) {
    return line_of_sight(p.ctx, p.s, sq(from), sq(to));
}

bool behind_ww(const Position& p, const std::string& from, const std::string& target, Side side) {
    return in_or_behind_war_wagons(p.ctx, p.s, sq(from), sq(target), side);
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Front, flank and rear
// ---------------------------------------------------------------------------------------------

TEST_CASE("PS-EX-3: front, flank and rear of a unit at h8, and of a TERCIO",
          "[rules][geometry][PS-EX-3][PS-GRID-6][PS-GRID-7][PS-GRID-8][PS-GRID-9]") {
    Position p;
    const char* squares[] = {"h9", "i9", "i8", "g9", "i7", "g8", "g7", "h10", "k8"};
    constexpr Aspect F = Aspect::Front;
    constexpr Aspect L = Aspect::Flank;
    constexpr Aspect R = Aspect::Rear;

    SECTION("an ordinary unit facing N and NE") {
        const auto u = p.add(A, "pike", "h8", Facing::N);
        const Aspect north[] = {F, F, L, F, R, L, R, F, L};
        const Aspect north_east[] = {F, F, F, L, L, R, R, F, F};
        for (int i = 0; i < 9; ++i) {
            INFO("N, " << squares[i]);
            CHECK(aspect_of(p.ctx, p.unit(u), sq(squares[i])) == north[i]);
        }
        p.unit(u).facing = Facing::NE;
        for (int i = 0; i < 9; ++i) {
            INFO("NE, " << squares[i]);
            CHECK(aspect_of(p.ctx, p.unit(u), sq(squares[i])) == north_east[i]);
        }
    }
    SECTION("the TERCIO row: Front everywhere, whatever its facing") {
        const auto t = p.add(B, "tercio", "h8");
        for (Facing f : core::kAllFacings) {
            p.unit(t).facing = f;
            for (const char* other : squares) {
                INFO(core::to_string(f) << ", " << other);
                CHECK(aspect_of(p.ctx, p.unit(t), sq(other)) == F);
            }
        }
    }
    SECTION("WAR WAGONS have no flank or rear either (PS-WW-2)") {
        const auto w = p.add_type(A, "war_wagons", "h8", Facing::N);
        for (const char* other : squares) {
            INFO(other);
            CHECK(aspect_of(p.ctx, p.unit(w), sq(other)) == F);
        }
        CHECK(aspect_of(p.ctx, p.unit(w), sq("h1")) == F);
    }
    SECTION("distant squares follow the same sign test") {
        const auto u = p.add(A, "pike", "h8", Facing::E);
        CHECK(aspect_of(p.ctx, p.unit(u), sq("o1")) == F);
        CHECK(aspect_of(p.ctx, p.unit(u), sq("h15")) == L);
        CHECK(aspect_of(p.ctx, p.unit(u), sq("a15")) == R);
    }
    SECTION("the unit's own square is never flank or rear") {
        const auto u = p.add(A, "pike", "h8", Facing::N);
        CHECK(aspect_of(p.ctx, p.unit(u), sq("h8")) == F);
    }
}

TEST_CASE("firing on the flank or rear classifies the shooter's square by the target's facing",
          "[rules][geometry][PS-GRID-14][PS-GRID-8][PS-GRID-9][PS-TERCIO-4][PS-EX-8]") {
    Position p;
    const auto target = p.add(B, "pike", "h10", Facing::E);
    // PS-EX-8: the shooter at h8 is on the Flank of a target at h10 facing E.
    CHECK(fires_on_flank_or_rear(p.ctx, sq("h8"), p.unit(target)));
    p.unit(target).facing = Facing::S;  // facing the shooter
    CHECK_FALSE(fires_on_flank_or_rear(p.ctx, sq("h8"), p.unit(target)));
    CHECK_FALSE(fires_on_flank_or_rear(p.ctx, sq("k7"), p.unit(target)));
    CHECK(fires_on_flank_or_rear(p.ctx, sq("k10"), p.unit(target)));  // flank, 3 away
    CHECK(fires_on_flank_or_rear(p.ctx, sq("a12"), p.unit(target)));  // rear
    p.unit(target).facing = Facing::N;                                // facing away
    CHECK(fires_on_flank_or_rear(p.ctx, sq("h8"), p.unit(target)));
    // PS-SHOOT-5: a shot at the enemy in the shooter's own square is not a flank shot.
    CHECK_FALSE(fires_on_flank_or_rear(p.ctx, sq("h10"), p.unit(target)));

    SECTION("never at a TERCIO or WAR WAGONS") {
        const auto t = p.add(B, "tercio", "c10", Facing::N);
        const auto w = p.add_type(B, "war_wagons", "m10", Facing::N);
        for (const char* from : {"c8", "a10", "b9", "c5"}) {
            INFO(from);
            CHECK_FALSE(fires_on_flank_or_rear(p.ctx, sq(from), p.unit(t)));
        }
        for (const char* from : {"m8", "o10", "n9", "m5"}) {
            INFO(from);
            CHECK_FALSE(fires_on_flank_or_rear(p.ctx, sq(from), p.unit(w)));
        }
    }
}

TEST_CASE("attacking from the flank or rear classifies the entry square by the holder's facing",
          "[rules][geometry][PS-GRID-15][PS-MELEE-6][PS-GRID-6][PS-GRID-7][PS-GRID-9]") {
    Position p;
    const auto h = p.add(B, "pike", "h8", Facing::N);
    CHECK_FALSE(entered_from_flank_or_rear(p.ctx, sq("h9"), p.unit(h)));
    CHECK_FALSE(entered_from_flank_or_rear(p.ctx, sq("g9"), p.unit(h)));
    CHECK(entered_from_flank_or_rear(p.ctx, sq("g8"), p.unit(h)));
    CHECK(entered_from_flank_or_rear(p.ctx, sq("i8"), p.unit(h)));
    CHECK(entered_from_flank_or_rear(p.ctx, sq("h7"), p.unit(h)));
    CHECK(entered_from_flank_or_rear(p.ctx, sq("i7"), p.unit(h)));

    SECTION("the holder's current facing decides: turning to face changes it") {
        p.unit(h).facing = Facing::W;
        CHECK_FALSE(entered_from_flank_or_rear(p.ctx, sq("g8"), p.unit(h)));
        CHECK(entered_from_flank_or_rear(p.ctx, sq("h9"), p.unit(h)));
    }
    SECTION("a diagonal facing (PS-GRID-7)") {
        p.unit(h).facing = Facing::NE;
        CHECK_FALSE(entered_from_flank_or_rear(p.ctx, sq("i8"), p.unit(h)));
        CHECK_FALSE(entered_from_flank_or_rear(p.ctx, sq("h9"), p.unit(h)));
        CHECK(entered_from_flank_or_rear(p.ctx, sq("g9"), p.unit(h)));
        CHECK(entered_from_flank_or_rear(p.ctx, sq("i7"), p.unit(h)));
        CHECK(entered_from_flank_or_rear(p.ctx, sq("g8"), p.unit(h)));
    }
    SECTION("never against a TERCIO or WAR WAGONS") {
        const auto t = p.add(B, "tercio", "c8", Facing::N);
        const auto w = p.add_type(B, "war_wagons", "m8", Facing::N);
        for (int dx = -1; dx <= 1; ++dx) {
            for (int dy = -1; dy <= 1; ++dy) {
                if (dx == 0 && dy == 0) continue;
                CHECK_FALSE(entered_from_flank_or_rear(p.ctx, core::make_square(2 + dx, 7 + dy),
                                                       p.unit(t)));
                CHECK_FALSE(entered_from_flank_or_rear(p.ctx, core::make_square(12 + dx, 7 + dy),
                                                       p.unit(w)));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fire arcs
// ---------------------------------------------------------------------------------------------

TEST_CASE("PS-EX-5: the fire arc of a unit facing N and NE",
          "[rules][geometry][PS-EX-5][PS-GRID-12]") {
    Position p;
    const auto u = p.add(A, "arquebus", "h8", Facing::N);
    const Unit& a = p.unit(u);
    CHECK(in_fire_arc(p.ctx, a, sq("i10")));       // (1,2): 2 >= 1
    CHECK_FALSE(in_fire_arc(p.ctx, a, sq("j9")));  // (2,1): 1 < 2
    CHECK(in_fire_arc(p.ctx, a, sq("j10")));       // (2,2): 2 >= 2
    CHECK_FALSE(in_fire_arc(p.ctx, a, sq("h7")));  // (0,-1)
    CHECK(in_fire_arc(p.ctx, a, sq("h8")));        // its own square
    p.unit(u).facing = Facing::NE;
    CHECK(in_fire_arc(p.ctx, a, sq("k8")));         // (3,0)
    CHECK_FALSE(in_fire_arc(p.ctx, a, sq("j7")));   // (2,-1)
    CHECK_FALSE(in_fire_arc(p.ctx, a, sq("g10")));  // (-1,2)
    CHECK(in_fire_arc(p.ctx, a, sq("h8")));
}

TEST_CASE("LIGHT HORSE fire in all directions, other cavalry only in their arc",
          "[rules][geometry][PS-GRID-13][PS-GRID-12][PS-TYPE-3]") {
    Position p("french", "ottoman");
    const auto lh = p.add(B, "light_horse", "h8", Facing::S);
    const auto cb = p.add(A, "carabins", "c8", Facing::S);  // not light cavalry (PS-TYPE-3)
    // Behind each of them, and beside.
    CHECK(in_fire_arc(p.ctx, p.unit(lh), sq("h9")));
    CHECK(in_fire_arc(p.ctx, p.unit(lh), sq("h11")));
    CHECK(in_fire_arc(p.ctx, p.unit(lh), sq("j8")));
    CHECK(in_fire_arc(p.ctx, p.unit(lh), sq("g9")));
    CHECK_FALSE(in_fire_arc(p.ctx, p.unit(cb), sq("c9")));
    CHECK_FALSE(in_fire_arc(p.ctx, p.unit(cb), sq("c11")));
    CHECK_FALSE(in_fire_arc(p.ctx, p.unit(cb), sq("e8")));
    CHECK(in_fire_arc(p.ctx, p.unit(cb), sq("c6")));
    for (int x = 0; x < core::kBoardFiles; ++x) {
        for (int y = 0; y < core::kBoardRanks; ++y) {
            CHECK(in_fire_arc(p.ctx, p.unit(lh), core::make_square(x, y)));
        }
    }
}

TEST_CASE("a TERCIO fires all round until it has lost a stand, then only in its arc",
          "[rules][geometry][PS-GRID-13][PS-TERCIO-5][PS-GRID-12]") {
    Position p;
    const auto t = p.add(B, "tercio", "h8", Facing::S);
    Unit& u = p.unit(t);
    REQUIRE(u.stands[0] == 2);
    REQUIRE(u.stands[1] == 4);
    CHECK(in_fire_arc(p.ctx, u, sq("h10")));  // behind
    CHECK(in_fire_arc(p.ctx, u, sq("j8")));   // beside
    CHECK(in_fire_arc(p.ctx, u, sq("h6")));   // in front

    SECTION("hits on a stand are not a lost stand") {
        u.hits = 2;
        CHECK(in_fire_arc(p.ctx, u, sq("h10")));
    }
    SECTION("after losing an arquebus stand") {
        u.stands[0] = 1;
        CHECK_FALSE(in_fire_arc(p.ctx, u, sq("h10")));
        CHECK_FALSE(in_fire_arc(p.ctx, u, sq("j8")));
        CHECK(in_fire_arc(p.ctx, u, sq("h6")));
        CHECK(in_fire_arc(p.ctx, u, sq("i6")));
        CHECK(in_fire_arc(p.ctx, u, sq("h8")));
    }
    SECTION("after losing a pike stand") {
        u.stands[1] = 3;
        CHECK_FALSE(in_fire_arc(p.ctx, u, sq("h10")));
        CHECK(in_fire_arc(p.ctx, u, sq("h6")));
    }
}

// ---------------------------------------------------------------------------------------------
// Line of sight
// ---------------------------------------------------------------------------------------------

TEST_CASE("what blocks line of sight", "[rules][geometry][PS-LOS-2][PS-LEADER-12]") {
    Position p;
    CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("h8")));
    SECTION("a unit of either side") {
        p.add(A, "pike", "h8");
        p.add(B, "arquebus", "c8");
        CHECK(blocks_sight(p.ctx, p.s, sq("h8")));
        CHECK(blocks_sight(p.ctx, p.s, sq("c8")));
    }
    SECTION("a Routed or Disordered unit still blocks; a destroyed one is gone") {
        p.add(A, "pike", "h8", std::nullopt, UnitStatus::Routed);
        p.add(A, "pike", "c8", std::nullopt, UnitStatus::Disordered);
        p.add(A, "pike", "e8", std::nullopt, UnitStatus::Destroyed);
        CHECK(blocks_sight(p.ctx, p.s, sq("h8")));
        CHECK(blocks_sight(p.ctx, p.s, sq("c8")));
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("e8")));
    }
    SECTION("WAR WAGONS do not") {
        p.add_type(A, "war_wagons", "h8");
        p.add_type(B, "war_wagons", "c8");
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("h8")));
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("c8")));
    }
    SECTION("wood and building squares do; hills and streams do not") {
        p.piece(TerrainKind::Wood, {"h8", "h9"});
        p.piece(TerrainKind::Building, {"c8"});
        p.piece(TerrainKind::Hill, {"e8", "e9"});
        p.stream({"k8"});
        CHECK(blocks_sight(p.ctx, p.s, sq("h8")));
        CHECK(blocks_sight(p.ctx, p.s, sq("h9")));
        CHECK(blocks_sight(p.ctx, p.s, sq("c8")));
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("e8")));
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("e9")));
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("k8")));
    }
    SECTION("a leader does not") {
        p.leader(A, "h8");
        p.leader(B, "c8");
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("h8")));
        CHECK_FALSE(blocks_sight(p.ctx, p.s, sq("c8")));
    }
}

TEST_CASE("a wood blocks line of sight, but not from or into it",
          "[rules][geometry][PS-LOS-2][PS-LOS-3]") {
    Position p;
    CHECK(los(p, "h3", "h8"));
    p.piece(TerrainKind::Wood, {"h5"});
    CHECK_FALSE(los(p, "h3", "h8"));
    CHECK_FALSE(los(p, "h8", "h3"));
    CHECK(los(p, "h3", "k6"));  // the diagonal passes beside it
    CHECK(los(p, "h3", "h5"));  // the target's square never blocks
    CHECK(los(p, "h5", "h8"));  // nor the shooter's
    CHECK_FALSE(los(p, "h4", "h6"));
    SECTION("a hill or a stream in the way does not") {
        Position q;
        q.piece(TerrainKind::Hill, {"h5"});
        q.stream({"h6"});
        CHECK(los(q, "h3", "h8"));
    }
}

TEST_CASE("units block line of sight, whoever they belong to, leaders do not",
          "[rules][geometry][PS-LOS-2][PS-LOS-3][PS-LEADER-12]") {
    Position p;
    p.leader(A, "h5");
    CHECK(los(p, "h3", "h8"));
    p.add(A, "pike", "h5");
    CHECK_FALSE(los(p, "h3", "h8"));
    Position q;
    q.add(B, "pike", "h6");
    CHECK_FALSE(los(q, "h3", "h8"));
    // Shooter and target squares hold units themselves and never block.
    q.add(A, "arquebus", "h3");
    q.add(B, "arquebus", "h5");
    CHECK(los(q, "h3", "h5"));
}

TEST_CASE("diagonal neighbours see each other through a corner pair unless both squares block",
          "[rules][geometry][PS-LOS-4][PS-LOS-3]") {
    Position p;
    p.add(A, "arquebus", "h8");
    p.add(B, "pike", "i9");
    CHECK(los(p, "h8", "i9"));
    p.add(B, "pike", "i8");
    CHECK(los(p, "h8", "i9"));  // one square of the pair {i8, h9}
    CHECK(los(p, "i9", "h8"));
    SECTION("both squares of the pair block") {
        p.piece(TerrainKind::Wood, {"h9"});
        CHECK_FALSE(los(p, "h8", "i9"));
        CHECK_FALSE(los(p, "i9", "h8"));
        // The other diagonal is untouched.
        CHECK(los(p, "h8", "g9"));
    }
    SECTION("a War Wagon in the other square does not close the pair") {
        p.add_type(A, "war_wagons", "h9");
        CHECK(los(p, "h8", "i9"));
    }
    SECTION("a long diagonal crosses squares as well as corner pairs") {
        // h8-e11: {g8, h9}, g9, {f9, g10}, f10, {e10, f11}.
        CHECK(los(p, "h8", "e11"));
        p.add(A, "pike", "f10");
        CHECK_FALSE(los(p, "h8", "e11"));
    }
}

TEST_CASE("with los = \"none\" line of sight is always clear", "[rules][geometry][PS-LOS-1]") {
    Position p;
    p.piece(TerrainKind::Wood, {"h5"});
    p.add(A, "pike", "h6");
    p.add(B, "pike", "i8");
    p.add(B, "pike", "h9");
    const NoLos none(p.ctx);
    CHECK_FALSE(line_of_sight(p.ctx, p.s, sq("h3"), sq("h8")));
    CHECK(line_of_sight(none.ctx, p.s, sq("h3"), sq("h8")));
    CHECK_FALSE(line_of_sight(p.ctx, p.s, sq("h8"), sq("i9")));
    CHECK(line_of_sight(none.ctx, p.s, sq("h8"), sq("i9")));
}

// ---------------------------------------------------------------------------------------------
// In or behind WAR WAGONS
// ---------------------------------------------------------------------------------------------

TEST_CASE("a War Wagon does not block, but a target behind it is in or behind War Wagons",
          "[rules][geometry][PS-LOS-5][PS-LOS-2][PS-WW-6]") {
    Position p;
    p.add(A, "arquebus", "h6");
    p.add(B, "pike", "h9");
    CHECK_FALSE(behind_ww(p, "h6", "h9", B));
    const auto w = p.add_type(B, "war_wagons", "h8");
    CHECK(los(p, "h6", "h9"));
    CHECK(behind_ww(p, "h6", "h9", B));
    SECTION("the wagon must belong to the target's side") {
        p.unit(w).side = A;
        CHECK(los(p, "h6", "h9"));
        CHECK_FALSE(behind_ww(p, "h6", "h9", B));
    }
    SECTION("a wagon beyond the target or off the line does not count") {
        p.unit(w).square = sq("h10");
        CHECK_FALSE(behind_ww(p, "h6", "h9", B));
        p.unit(w).square = sq("g8");
        CHECK_FALSE(behind_ww(p, "h6", "h9", B));
    }
    SECTION("an ordinary unit in the wagon's place blocks instead") {
        p.unit(w).status = UnitStatus::Destroyed;
        p.add(B, "pike", "h8");
        CHECK_FALSE(los(p, "h6", "h9"));
        CHECK_FALSE(behind_ww(p, "h6", "h9", B));
    }
    SECTION("under los = \"none\" only a War Wagon target counts") {
        const NoLos none(p.ctx);
        CHECK_FALSE(in_or_behind_war_wagons(none.ctx, p.s, sq("h6"), sq("h9"), B));
    }
}

TEST_CASE("the target is itself a War Wagon", "[rules][geometry][PS-LOS-5][PS-LOS-1]") {
    Position p;
    p.add_type(B, "war_wagons", "h9");
    CHECK(behind_ww(p, "h6", "h9", B));
    CHECK(behind_ww(p, "h9", "h9", B));        // from within its square (PS-SHOOT-5)
    CHECK_FALSE(behind_ww(p, "h6", "h9", A));  // A has no unit there
    const NoLos none(p.ctx);
    CHECK(in_or_behind_war_wagons(none.ctx, p.s, sq("h6"), sq("h9"), B));
}

TEST_CASE("a War Wagon in either square of a crossed corner pair counts",
          "[rules][geometry][PS-LOS-5][PS-LOS-4]") {
    Position p;
    p.add(A, "arquebus", "h8");
    p.add(B, "pike", "i9");
    p.add(B, "pike", "j10");
    CHECK_FALSE(behind_ww(p, "h8", "i9", B));
    const auto w = p.add_type(B, "war_wagons", "h9");  // pair {i8, h9}
    CHECK(behind_ww(p, "h8", "i9", B));
    CHECK(behind_ww(p, "i9", "h8", B));
    CHECK(behind_ww(p, "h8", "j10", B));  // h8-j10: {i8, h9}, i9, {j9, i10}
    p.unit(w).square = sq("i8");
    CHECK(behind_ww(p, "h8", "i9", B));
    p.unit(w).square = sq("i10");
    CHECK_FALSE(behind_ww(p, "h8", "i9", B));
    CHECK(behind_ww(p, "h8", "j10", B));
}

// ---------------------------------------------------------------------------------------------
// The leader in range of enemy weapons
// ---------------------------------------------------------------------------------------------

TEST_CASE("a leader is in range of enemy weapons by range, arc and line of sight",
          "[rules][geometry][PS-LOS-6][PS-LEADER-9][PS-SHOOT-4]") {
    Position p;  // A french, B spanish
    p.leader(A, "h5");
    const auto arq = p.add(B, "arquebus", "h8", Facing::S);  // D8, range 3
    CHECK(leader_in_enemy_range(p.ctx, p.s, A));

    SECTION("range: 3 squares, and a diagonal step counts 1.5") {
        p.unit(arq).square = sq("h9");
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).square = sq("i7");  // (1,2): 2.5
        CHECK(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).square = sq("j7");  // (2,2): 3
        CHECK(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).square = sq("k7");  // (3,2): 4
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
    }
    SECTION("arc") {
        p.unit(arq).facing = Facing::N;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).facing = Facing::E;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).facing = Facing::SW;  // (0,-3) is on the edge of the quadrant
        CHECK(leader_in_enemy_range(p.ctx, p.s, A));
    }
    SECTION("line of sight: a unit or a wood between blocks, a War Wagon does not") {
        const auto mid = p.add(A, "pike", "h6");
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(mid).status = UnitStatus::Destroyed;
        p.add_type(A, "war_wagons", "h7");
        CHECK(leader_in_enemy_range(p.ctx, p.s, A));
        p.piece(TerrainKind::Wood, {"h6"});
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
        const NoLos none(p.ctx);
        CHECK(leader_in_enemy_range(none.ctx, p.s, A));  // PS-LOS-1
    }
    SECTION("his own unit in his square does not block") {
        p.add(A, "pike", "h5");
        p.leader(A, "h5", true);
        CHECK(leader_in_enemy_range(p.ctx, p.s, A));
    }
    SECTION("loaded or not, OK or Disordered; never a Routed unit") {
        p.unit(arq).fired = true;
        CHECK(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).status = UnitStatus::Disordered;
        CHECK(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).status = UnitStatus::Routed;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
    }
    SECTION("only enemy units, on the table") {
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, B));
        p.unit(arq).side = A;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
        p.unit(arq).side = B;
        p.unit(arq).status = UnitStatus::Destroyed;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
    }
    SECTION("a unit with no Shoot value never threatens him") {
        p.unit(arq).status = UnitStatus::Destroyed;
        p.add(B, "pike", "h6", Facing::S);
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
    }
    SECTION("a dead or undeployed leader is in no one's range") {
        p.leader_of(A).alive = false;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
        p.leader_of(A).alive = true;
        p.leader_of(A).deployed = false;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
    }
    SECTION("a square he might move to is judged as if he stood there") {
        // leader_shooter_at: the scorer's question for each of his moves, without moving him.
        for (const char* to : {"h5", "h9", "j7", "k7", "a1"}) {
            INFO(to);
            Position q = p;
            q.leader(A, to);
            CHECK(leader_shooter_at(p.ctx, p.s, A, sq(to)) == leader_shooter(q.ctx, q.s, A));
        }
        CHECK(leader_shooter_at(p.ctx, p.s, A, sq("h7")) == arq);
        CHECK_FALSE(leader_shooter_at(p.ctx, p.s, A, sq("k7")).has_value());
    }
}

TEST_CASE("a Light Horse threatens a leader behind it, a Carabin facing away does not",
          "[rules][geometry][PS-LOS-6][PS-LEADER-9][PS-GRID-13]") {
    Position p("french", "ottoman");
    p.leader(A, "h5");
    const auto lh = p.add(B, "light_horse", "h7", Facing::N);  // D4, range 2, bows
    REQUIRE(p.unit(lh).range_half == 4);
    CHECK(leader_in_enemy_range(p.ctx, p.s, A));
    p.unit(lh).square = sq("h8");  // range 3: too far
    CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));

    Position q("spanish", "french");
    q.leader(A, "h5");
    const auto cb = q.add(B, "carabins", "h7", Facing::N);  // range 2, not light cavalry
    REQUIRE(q.unit(cb).range_half == 4);
    CHECK_FALSE(leader_in_enemy_range(q.ctx, q.s, A));
    q.unit(cb).facing = Facing::S;
    CHECK(leader_in_enemy_range(q.ctx, q.s, A));
}

TEST_CASE("a TERCIO threatens a leader behind it only until it loses a stand",
          "[rules][geometry][PS-LOS-6][PS-LEADER-9][PS-TERCIO-5][PS-TERCIO-11]") {
    Position p;  // B spanish
    p.leader(A, "h5");
    const auto t = p.add(B, "tercio", "h8", Facing::N);  // facing away, range 3
    CHECK(leader_in_enemy_range(p.ctx, p.s, A));
    p.unit(t).stands[1] = 3;  // a pike stand lost
    CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
    p.unit(t).facing = Facing::S;
    CHECK(leader_in_enemy_range(p.ctx, p.s, A));
    SECTION("with no arquebus stand left it cannot shoot at all") {
        p.unit(t).stands[0] = 0;
        CHECK_FALSE(leader_in_enemy_range(p.ctx, p.s, A));
    }
}
