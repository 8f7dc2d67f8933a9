// The lists agreeing with the checks whose refusal texts they no longer build (in the long
// series: many thousands of commands put to both, a minute under the sanitizers, which the rest of
// the rules' tests already run the engine under).
#include <algorithm>
#include <string>
#include <variant>

#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::rules;

namespace {

bool listed(const std::vector<Command>& legal, const Command& c) {
    return std::find(legal.begin(), legal.end(), c) != legal.end();
}

}  // namespace

TEST_CASE(
    "the lists and the checks agree: terrain placements, units that may move, the leader's moves",
    "[rules][commands][PS-TERRAIN-4][PS-TERRAIN-5][PS-CARD-5][PS-LEADER-2][PS-LEADER-3]"
    "[PS-MOVE-13]") {
    // The lists ask why-not questions of every square and unit without building the refusal's
    // text (only a person reads it); here every such command is put to validate, which does build
    // it, and must be listed exactly when validate accepts it.
    int placements = 0, leader_moves = 0, unit_turns = 0, refused = 0;
    for (int g = 0; g < 4; ++g) {
        const RulesContext ctx = test::Armies::get().context(g % 2 ? "italian" : "french",
                                                             g % 3 ? "spanish" : "ottoman");
        core::SeededDice dice(static_cast<std::uint64_t>(g) + 70);
        core::SeededDice chooser(static_cast<std::uint64_t>(g) + 700);
        GameState s;
        new_game(ctx, s, dice);
        for (int steps = 0; s.decision != Decision::GameOver && steps < 3000; ++steps) {
            const auto legal = legal_commands(ctx, s);
            const auto agree = [&](const Command& c) {
                const auto why = validate(ctx, s, c);
                INFO("game " << g << " step " << steps << ": " << print(c) << ": "
                             << why.value_or("legal"));
                CHECK(listed(legal, c) == !why.has_value());
                if (why) {
                    CHECK_FALSE(why->empty());
                    ++refused;
                }
            };
            if (s.decision == Decision::PlaceTerrain) {
                for (TerrainKind k :
                     {TerrainKind::Wood, TerrainKind::Building, TerrainKind::Hill}) {
                    for (int y = 0; y < s.ranks; ++y) {
                        for (int x = 0; x < s.files; ++x) {
                            const Square q = core::make_square(x, y);
                            agree(PlaceTerrain{k, {q}});
                            agree(PlaceTerrain{k, {q, core::make_square(x + 1, y)}});
                            agree(PlaceTerrain{k, {q, core::make_square(x, y + 1)}});
                            placements += 3;
                        }
                    }
                }
            }
            if (s.decision == Decision::Act && s.has_current_card && !s.marching) {
                for (int y = 0; y < s.ranks; ++y) {
                    for (int x = 0; x < s.files; ++x) {
                        agree(MoveLeader{core::make_square(x, y), false});
                        agree(MoveLeader{core::make_square(x, y), true});
                        leader_moves += 2;
                    }
                }
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.side != s.active || !u.on_table()) continue;
                    agree(Move{u.square, core::rotated(u.facing, 1), std::nullopt, std::nullopt});
                    ++unit_turns;
                }
            }
            const auto next = random_legal(ctx, s, chooser);
            REQUIRE(next.has_value());
            REQUIRE(play(ctx, s, *next, dice).ok());
        }
    }
    // Each kind was put to the test many times, and many were refused.
    CHECK(placements > 1000);
    CHECK(leader_moves > 10000);
    CHECK(unit_turns > 500);
    CHECK(refused > 10000);
}

TEST_CASE("the lists and the checks agree: moves and move-and-attacks, the march, deployments, shots, fights, reloads and rallies",
          "[rules][commands][PS-MOVE-2][PS-MOVE-3][PS-MOVE-5][PS-MOVE-6][PS-MOVE-8][PS-TERRAIN-10]"
          "[PS-TERRAIN-11][PS-MELEE-1][PS-MELEE-3][PS-MARCH-3][PS-SETUP-5][PS-SHOOT-4][PS-GRID-12]"
          "[PS-OPP-1][PS-CARD-7][PS-RALLY-1][PS-RALLY-5]") {
    // The list counts who stands where once for all its squares and works out a unit's squares
    // once for every facing it may move with; validate searches afresh for each command. The
    // list's shots, reloads and rallies are tested by code, validate's by the checks that build
    // their refusals' texts. Every move near each unit (every facing first, a turn after, a
    // move-and-attack), the march, every deployment square, every shot at every enemy, and each
    // unit's fight, reload and rallies is put to both: listed exactly when validate accepts it.
    int moves = 0, attacks = 0, marches = 0, deployments = 0, fights = 0, shots = 0, accepted = 0;
    for (int g = 0; g < 2; ++g) {
        const RulesContext ctx = test::Armies::get().context(g == 1 ? "moorish" : "spanish", "ottoman");
        core::SeededDice dice(static_cast<std::uint64_t>(g) + 170);
        core::SeededDice chooser(static_cast<std::uint64_t>(g) + 1700);
        GameState s;
        new_game(ctx, s, dice);
        for (int steps = 0; s.decision != Decision::GameOver && steps < 3000; ++steps) {
            const bool look = steps % 9 == 0;
            const auto legal = look ? legal_commands(ctx, s) : std::vector<Command>{};
            const auto agree = [&](const Command& c) {
                const auto why = validate(ctx, s, c);
                INFO("game " << g << " step " << steps << ": " << print(c) << ": " << why.value_or("legal"));
                CHECK(listed(legal, c) == !why.has_value());
                if (!why) ++accepted;
            };
            if (look && (s.decision == Decision::Act || s.decision == Decision::React)) {
                // Every shot of the deciding side, in its phase or as a reaction.
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.side != s.decider || !u.on_table()) continue;
                    for (std::size_t j = 0; j < s.unit_count; ++j) {
                        if (s.units[j].side == s.decider || !s.units[j].on_table()) continue;
                        agree(Shoot{u.square, s.units[j].square});
                        ++shots;
                    }
                }
            }
            if (look && s.decision == Decision::Act && s.has_current_card) {
                agree(March{});
                ++marches;
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.side != s.active || !u.on_table()) continue;
                    agree(Fight{u.square});
                    agree(Reload{u.square});
                    agree(Rally{u.square, std::nullopt});
                    agree(Rally{u.square, core::rotated(u.facing, 3)});
                    ++fights;
                    const int reach = u.move_half / 2 + 1;
                    for (int y = u.square.y - reach; y <= u.square.y + reach; ++y) {
                        for (int x = u.square.x - reach; x <= u.square.x + reach; ++x) {
                            const Square to = core::make_square(x, y);
                            if (!s.on_board(to) || to == u.square) continue;
                            // Its own facing, and a turn each way (the list reuses the squares'
                            // flags for every facing).
                            for (Facing f : {u.facing, core::rotated(u.facing, 1), core::rotated(u.facing, -2)}) {
                                const auto before = f == u.facing ? std::nullopt : std::optional<Facing>(f);
                                agree(Move{u.square, before, to, std::nullopt});
                                Move attack{u.square, before, to, std::nullopt};
                                attack.attack = true;
                                agree(attack);
                                moves += 1;
                                attacks += 1;
                            }
                            agree(Move{u.square, std::nullopt, to, core::rotated(u.facing, 1)});
                            ++moves;
                        }
                    }
                }
            }
            if (look && s.decision == Decision::Deploy) {
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.side != s.decider || u.deployed) continue;
                    const UnitLabel label(unit_label(ctx, s, i));
                    for (int y = 0; y < s.ranks; ++y) {
                        for (int x = 0; x < s.files; ++x) {
                            agree(Deploy{label, core::make_square(x, y), Facing::NE});
                            ++deployments;
                        }
                    }
                }
                for (int y = 0; y < s.ranks; ++y) {
                    for (int x = 0; x < s.files; ++x) {
                        agree(DeployLeader{core::make_square(x, y), false});
                        agree(DeployLeader{core::make_square(x, y), true});
                        deployments += 2;
                    }
                }
            }
            const auto next = random_legal(ctx, s, chooser);
            REQUIRE(next.has_value());
            REQUIRE(play(ctx, s, *next, dice).ok());
        }
    }
    // Each kind was put to the test many times, and many were accepted.
    CHECK(moves > 5000);
    CHECK(attacks > 5000);
    CHECK(marches > 10);
    CHECK(deployments > 2000);
    CHECK(fights > 100);
    CHECK(shots > 1000);
    CHECK(accepted > 2000);
}
