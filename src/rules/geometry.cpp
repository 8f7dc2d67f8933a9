#include "rules/geometry.hpp"

#include <algorithm>
#include <cstddef>

#include "core/los.hpp"

namespace tercio::rules {

bool lost_any_stand(const TroopType& t, const Unit& u) {
    const std::size_t groups = std::min<std::size_t>(t.stands.size(), kMaxStandGroups);
    for (std::size_t g = 0; g < groups; ++g) {
        if (u.stands[g] < t.stands[g].count) return true;
    }
    return false;
}

bool leader_attached(const GameState& s, std::size_t unit) {
    const Leader& l = s.leaders[idx(s.units[unit].side)];
    return l.alive && l.attached == unit;
}

namespace {

bool shoot_value_usable(const TroopType& t, const Unit& u) {
    if (u.range_half == 0) return false;
    if (!t.has(Ability::Tercio)) return true;
    const std::size_t groups = std::min<std::size_t>(t.stands.size(), kMaxStandGroups);
    for (std::size_t g = 0; g < groups; ++g) {
        if (t.stands[g].kind == "arquebus" && u.stands[g] > 0) return true;
    }
    return false;
}

/// The War Wagon of `side` on the table in the square, if any.
bool war_wagon_at(const RulesContext& ctx, const GameState& s, Square sq, Side side) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.side == side && u.square == sq && u.on_table() &&
            ctx.type(u).has(Ability::WarWagon)) {
            return true;
        }
    }
    return false;
}

}  // namespace

core::Aspect aspect_of(const RulesContext& ctx, const Unit& unit, Square other) {
    // PS-GRID-9: TERCIO and WAR WAGONS have no flank or rear.
    if (ctx.type(unit).has(Ability::NoFlank)) return core::Aspect::Front;
    // PS-GRID-8 leaves the unit's own square unclassified; core::aspect would call it Flank.
    if (other == unit.square) return core::Aspect::Front;
    // PS-GRID-8: the sign of facing . offset.
    return core::aspect(unit.facing, other - unit.square);
}

bool in_fire_arc(const RulesContext& ctx, const Unit& shooter, Square target) {
    const TroopType& t = ctx.type(shooter);
    // PS-GRID-13: LIGHT HORSE fire in all directions.
    if (t.has(Ability::AllRoundFire)) return true;
    // PS-GRID-13, PS-TERCIO-5: a TERCIO too, until it has lost any stand.
    if (t.has(Ability::AllRoundFireUntilLoss) && !lost_any_stand(t, shooter)) return true;
    // PS-GRID-12: the 90-degree cone or the quadrant; the own square is always in it.
    return core::in_arc(shooter.facing, target - shooter.square);
}

bool fires_on_flank_or_rear(const RulesContext& ctx, Square shooter_square, const Unit& target) {
    // PS-GRID-14: the shooter's square against the target's facing; aspect_of handles NoFlank
    // (PS-GRID-9, PS-TERCIO-4) and a shot within a contested square (PS-SHOOT-5).
    return aspect_of(ctx, target, shooter_square) != core::Aspect::Front;
}

bool entered_from_flank_or_rear(const RulesContext& ctx, Square entry, const Unit& holder) {
    // PS-GRID-15, PS-MELEE-6: the entry square against the holder's current facing.
    return aspect_of(ctx, holder, entry) != core::Aspect::Front;
}

bool blocks_sight(const RulesContext& ctx, const GameState& s, Square sq) {
    if (!s.on_board(sq)) return false;
    // PS-LOS-2: wood and building squares block; hills and streams do not.
    if (const TerrainPiece* p = s.piece_at(sq)) {
        if (p->kind == TerrainKind::Wood || p->kind == TerrainKind::Building) return true;
    }
    // PS-LOS-2: any unit of either side but WAR WAGONS (PS-LOS-5); leaders are not units
    // (PS-LEADER-12).
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.square == sq && u.on_table() && !ctx.type(u).has(Ability::WarWagon)) return true;
    }
    return false;
}

bool line_of_sight(const RulesContext& ctx, const GameState& s, Square from, Square to) {
    // PS-LOS-1: under los = "none" line of sight is always clear.
    if (!ctx.rs().los_blocking) return true;
    // PS-LOS-3, PS-LOS-4: los_clear never asks about the end squares (PS-LOS-2).
    return core::los_clear(from, to, [&](Square q) { return blocks_sight(ctx, s, q); });
}

bool in_or_behind_war_wagons(const RulesContext& ctx, const GameState& s, Square from,
                             Square target_square, Side target_side) {
    // No War Wagon of the target's side on the table: none to be in or behind (the common case,
    // asked once instead of at every square of the line).
    const bool any = std::any_of(s.units.begin(), s.units.begin() + s.unit_count, [&](const Unit& u) {
        return u.side == target_side && u.on_table() && ctx.type(u).has(Ability::WarWagon);
    });
    if (!any) return false;
    // PS-LOS-5: the target is a War Wagon.
    if (war_wagon_at(ctx, s, target_square, target_side)) return true;
    // PS-LOS-1: under los = "none" PS-LOS-5 counts only the target itself.
    if (!ctx.rs().los_blocking) return false;
    // PS-LOS-5: a crossed square or either square of a crossed corner pair holds a War Wagon of
    // the target's side. trace_los returns false when the visit stops it, i.e. on a find.
    const bool none = core::trace_los(from, target_square, [&](const core::LosStep& st) {
        if (war_wagon_at(ctx, s, st.a, target_side)) return false;
        return !(st.b && war_wagon_at(ctx, s, *st.b, target_side));
    });
    return !none;
}

bool has_shoot_value(const RulesContext& ctx, const Unit& u) { return shoot_value_usable(ctx.type(u), u); }

bool leader_in_enemy_range(const RulesContext& ctx, const GameState& s, Side leader_side) {
    return leader_shooter(ctx, s, leader_side).has_value();
}

std::optional<std::size_t> leader_shooter(const RulesContext& ctx, const GameState& s, Side leader_side) {
    const Leader& l = s.leaders[idx(leader_side)];
    if (!l.alive || !l.deployed) return std::nullopt;
    return leader_shooter_at(ctx, s, leader_side, l.square);
}

std::optional<std::size_t> leader_shooter_at(const RulesContext& ctx, const GameState& s, Side leader_side,
                                             Square square) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        // PS-LEADER-9 (b): a non-Routed enemy unit with a Shoot value, loaded or not (the F
        // marker does not matter).
        if (u.side == leader_side || !u.on_table() || u.status == UnitStatus::Routed) continue;
        if (!shoot_value_usable(ctx.type(u), u)) continue;
        // PS-LOS-6: the test of a shot at his square: range (PS-SHOOT-4), arc (PS-GRID-12,
        // PS-GRID-13), line of sight (PS-LOS). Cheapest first.
        if (core::dist2(u.square, square) > u.range_half) continue;
        if (!in_fire_arc(ctx, u, square)) continue;
        if (line_of_sight(ctx, s, u.square, square)) return i;
    }
    return std::nullopt;
}

}  // namespace tercio::rules
