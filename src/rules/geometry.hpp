#pragma once
/// Board-level geometry of the rules: front/flank/rear and fire arcs of actual units, line of
/// sight over the actual board, "in or behind WAR WAGONS" and the leader's "in range of enemy
/// weapons" (PS-GRID-8 .. PS-GRID-15, PS-LOS-1 .. PS-LOS-6). Pure queries on a GameState: they
/// change nothing, roll nothing and allocate nothing. The troop-type-free geometry (facings,
/// distance, arcs, segment tracing) is in core/grid.hpp and core/los.hpp.
#include <optional>

#include "core/grid.hpp"
#include "rules/game.hpp"
#include "rules/game_state.hpp"

namespace tercio::rules {

/// Where `other` lies relative to `unit` (PS-GRID-8): by the sign of facing . offset. A TERCIO
/// or WAR WAGONS (Ability::NoFlank) has every square as Front (PS-GRID-9). The unit's own square
/// is not classified by the rules (PS-GRID-8); it is reported as Front so that nothing in the
/// same square ever counts as flank or rear (PS-SHOOT-5, PS-MELEE-6).
core::Aspect aspect_of(const RulesContext& ctx, const Unit& unit, Square other);

/// Whether `target` is in the shooter's fire arc (PS-GRID-12): LIGHT HORSE (Ability::AllRoundFire)
/// fire in all directions, a TERCIO (Ability::AllRoundFireUntilLoss) too until it has lost any
/// stand, then only in its arc (PS-GRID-13, PS-TERCIO-5). The shooter's own square is always in
/// the arc. Says nothing about range, line of sight or whether the unit may shoot at all.
bool in_fire_arc(const RulesContext& ctx, const Unit& shooter, Square target);

/// Whether a shot from `shooter_square` is "firing on the Flank/Rear" of `target` (PS-GRID-14):
/// the shooter's square is a Flank or Rear square under the target's facing (PS-GRID-8). Never
/// for a TERCIO or WAR WAGONS target (PS-GRID-9, PS-TERCIO-4), nor from the target's own square.
bool fires_on_flank_or_rear(const RulesContext& ctx, Square shooter_square, const Unit& target);

/// Whether a unit that entered the holder's square from `entry` attacks its flank or rear
/// (PS-GRID-15, PS-MELEE-6): `entry` is a Flank or Rear square under the holder's current facing.
/// Never for a TERCIO or WAR WAGONS holder (PS-GRID-9).
bool entered_from_flank_or_rear(const RulesContext& ctx, Square entry, const Unit& holder);

/// Whether a square blocks line of sight (PS-LOS-2): it holds a unit on the table of either side
/// other than WAR WAGONS (Ability::WarWagon), or is a wood or building square. Leaders, hills and
/// streams never block; nor does a square off the board. The ruleset option (PS-LOS-1) and the
/// end squares (never blocking) are line_of_sight's concern.
bool blocks_sight(const RulesContext& ctx, const GameState& s, Square sq);

/// Whether line of sight from `from` to `to` is clear: always under the ruleset option
/// los = "none" (PS-LOS-1); otherwise no crossed square blocks and no corner pair has both its
/// squares blocking (PS-LOS-2 .. PS-LOS-4). The end squares never block. Symmetric.
bool line_of_sight(const RulesContext& ctx, const GameState& s, Square from, Square to);

/// Whether a target of `target_side` in `target_square`, shot at from `from`, is "in or behind
/// WAR WAGONS" (PS-LOS-5, PS-WW-6): the target is a War Wagon, or the segment crosses a square or
/// a corner-pair square holding a War Wagon of the target's side. Under los = "none" only the
/// first (PS-LOS-1).
bool in_or_behind_war_wagons(const RulesContext& ctx, const GameState& s, Square from,
                             Square target_square, Side target_side);

/// Whether the unit has fewer stands in some stand group than its troop type starts with.
bool lost_any_stand(const TroopType& t, const Unit& u);

/// Whether the unit's side's leader is alive and attached to it.
bool leader_attached(const GameState& s, std::size_t unit);

/// Whether the unit has a Shoot value it can use (PS-TYPE-6, PS-SHOOT-1): a range, and for a
/// TERCIO at least one arquebus stand left (PS-TERCIO-11). Says nothing about F markers.
bool has_shoot_value(const RulesContext& ctx, const Unit& u);

/// Whether the leader of `leader_side` is "in range of enemy weapons" (PS-LEADER-9 (b),
/// PS-LOS-6): some enemy unit on the table, not Routed, with a Shoot value (range_half > 0; a
/// TERCIO only while it has an arquebus stand, PS-TERCIO-11) has his square within range
/// (PS-SHOOT-4), in its fire arc and in line of sight, loaded or not. False if the leader is dead
/// or not deployed.
bool leader_in_enemy_range(const RulesContext& ctx, const GameState& s, Side leader_side);
/// The first enemy unit that could shoot at the leader's square (PS-LEADER-9 b), if any.
std::optional<std::size_t> leader_shooter(const RulesContext& ctx, const GameState& s, Side leader_side);
/// leader_shooter for the leader of `leader_side` at `square` instead (where a move would take him;
/// leaders are not units, so no line of sight changes with him): whether he is alive and deployed
/// is not asked.
std::optional<std::size_t> leader_shooter_at(const RulesContext& ctx, const GameState& s, Side leader_side,
                                             Square square);

}  // namespace tercio::rules
