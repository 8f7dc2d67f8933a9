// Shooting (PS-SHOOT), hits (PS-HITS), melee (PS-MELEE), morale (PS-MORALE, PS-FEAR), chips
// (PS-CHIP), rout (PS-ROUT), rally (PS-RALLY), the Leader Check (PS-LEADER-9, -10, -13), the
// special formations (PS-PHALANX, PS-TERCIO, PS-WW, PS-CANNON), and settle(): what the game waits
// for once a command's effects are done.
#include <algorithm>
#include <bit>
#include <variant>

#include "rules/engine_detail.hpp"
#include "rules/geometry.hpp"
#include "core/los.hpp"
#include "rules/involuntary.hpp"

namespace tercio::rules::detail {

namespace {

using core::DieType;
using core::RollPurpose;

bool is_cavalry(const RulesContext& ctx, const Unit& u) { return ctx.type(u).category == Category::Cavalry; }
/// Infantry for PS-MELEE-9 and PS-MELEE-14: CANNON counts as infantry (PS-CANNON-5).
bool is_infantry(const RulesContext& ctx, const Unit& u) {
    const Category c = ctx.type(u).category;
    return c == Category::Infantry || c == Category::Artillery;
}
bool has(const RulesContext& ctx, const Unit& u, Ability a) { return ctx.type(u).has(a); }
std::uint8_t u8(std::size_t i) { return static_cast<std::uint8_t>(i); }

void add(ModifiedRoll& r, ModifierId m) {
    if (r.modifier_count < ModifiedRoll::kMaxModifiers) r.modifiers[r.modifier_count++] = m;
}
void finish(ModifiedRoll& r) { r.final = core::shifted(r.base, r.net()); }
int roll(ModifiedRoll& r, core::Dice& dice, RollPurpose why) {
    r.natural = dice.roll(r.final, why);
    return r.natural;
}

// --- chips, hits, status ----------------------------------------------------------------------

void lose_chips(GameState& s, Side side, int n, ChipLoss why, Events& ev) {
    // PS-CHIP-7: never below 0.
    const int have = s.morale_chips[idx(side)];
    const int lost = std::min(have, n);
    s.morale_chips[idx(side)] = static_cast<std::int16_t>(have - lost);
    ev.push_back(MoraleChipsLost{side, lost, why});
}

/// PS-LEADER-13: the leader attached to a unit that routs, is destroyed or leaves detaches in the
/// square it last held, and rolls off at once if an enemy unit is there.
void detach_leader(const RulesContext& ctx, GameState& s, std::size_t ui, core::Dice& dice, Events& ev) {
    const Unit& u = s.units[ui];
    Leader& l = s.leaders[idx(u.side)];
    if (!l.alive || l.attached != ui) return;
    l.attached = kNone;
    l.square = u.square;
    ev.push_back(LeaderDetached{u.side, u8(ui)});
    if (const auto e = unit_at(s, u.square, other(u.side))) {
        leader_alone_check(ctx, s, s.units[*e], u.square, dice, ev);
    }
}

/// Removes one stand: the first stand of the first group with stands left, which is the damaged
/// stand if there is one (PS-PHALANX-6) and for a TERCIO an arquebus stand first (PS-TERCIO-6).
/// Costs 1 morale chip (PS-CHIP-2). Returns true if the unit is now Destroyed.
bool remove_stand(const RulesContext& ctx, GameState& s, std::size_t ui, core::Dice& dice, Events& ev) {
    Unit& u = s.units[ui];
    for (auto& g : u.stands) {
        if (g == 0) continue;
        --g;
        break;
    }
    u.hits = 0;
    lose_chips(s, u.side, 1, ChipLoss::StandDestroyed, ev);
    if (u.stand_count() == 0) {
        const UnitStatus from = u.status;
        detach_leader(ctx, s, ui, dice, ev);
        u.status = UnitStatus::Destroyed;  // PS-HITS-3
        ev.push_back(StatusChanged{u8(ui), from, UnitStatus::Destroyed});
        return true;
    }
    return false;
}

/// PS-HITS-1, PS-HITS-2: hits go on the damaged stand until it reaches its capacity; a full stand
/// is destroyed (1 chip, PS-HITS-4) and the rest go to the next. Returns true if destroyed.
bool apply_hits(const RulesContext& ctx, GameState& s, std::size_t ui, int hits, core::Dice& dice, Events& ev) {
    if (hits <= 0) return false;
    Unit& u = s.units[ui];
    const TroopType& t = ctx.type(u);
    int lost = 0;
    bool destroyed = false;
    int left = hits;
    while (left > 0 && !destroyed) {
        std::size_t g = 0;
        while (g < kMaxStandGroups && u.stands[g] == 0) ++g;
        if (g >= kMaxStandGroups || g >= t.stands.size()) break;
        const int capacity = t.stands[g].hits;
        const int take = std::min(left, capacity - u.hits);
        u.hits = static_cast<std::uint8_t>(u.hits + take);
        left -= take;
        if (u.hits >= capacity) {
            ++lost;
            ev.push_back(HitsTaken{u8(ui), take, 1});
            destroyed = remove_stand(ctx, s, ui, dice, ev);
        } else {
            ev.push_back(HitsTaken{u8(ui), take, 0});
        }
    }
    (void)lost;
    return destroyed;
}

/// "Becomes Disordered": an OK unit is Disordered; nothing else changes (PS-SHOOT-18). True if it
/// changed.
bool disorder(GameState& s, std::size_t ui, Events& ev) {
    Unit& u = s.units[ui];
    if (u.status != UnitStatus::Ok) return false;
    u.status = UnitStatus::Disordered;
    ev.push_back(StatusChanged{u8(ui), UnitStatus::Ok, UnitStatus::Disordered});
    return true;
}

enum class RoutCause : std::uint8_t { Shooting, Melee, Other };

/// "Becomes Routed", with the conversions: a Swiss PHALANX is Disordered instead (PS-PHALANX-5); a
/// PHALANX loses a stand and is Disordered (PS-PHALANX-4); a TERCIO loses a stand and, except
/// from shooting, is Disordered (PS-TERCIO-7, PS-TERCIO-8). Any other unit pays a chip per stand
/// (PS-CHIP-2), turns to its home direction and makes its rout move (PS-ROUT-1, PS-ROUT-2), its
/// leader detaching (PS-LEADER-13). A unit already Routed takes nothing more (PS-SHOOT-17).
/// Returns the rout move's path when the unit really routed.
std::optional<InvoluntaryPath> rout(const RulesContext& ctx, GameState& s, std::size_t ui, RoutCause cause,
                                    int fall_back_squares, std::optional<Square> reference, core::Dice& dice,
                                    Events& ev) {
    Unit& u = s.units[ui];
    if (!u.on_table() || u.status == UnitStatus::Routed) return std::nullopt;
    if (u.traits.contains(Trait::NeverRouts)) {
        disorder(s, ui, ev);
        return std::nullopt;
    }
    if (has(ctx, u, Ability::Phalanx) || has(ctx, u, Ability::Tercio)) {
        ev.push_back(StandRemoved{u8(ui)});
        if (remove_stand(ctx, s, ui, dice, ev)) return std::nullopt;
        if (!(has(ctx, u, Ability::Tercio) && cause == RoutCause::Shooting)) disorder(s, ui, ev);
        return std::nullopt;
    }
    const UnitStatus from = u.status;
    u.status = UnitStatus::Routed;
    u.routed_this_phase = true;
    ev.push_back(StatusChanged{u8(ui), from, UnitStatus::Routed});
    lose_chips(s, u.side, u.stand_count(), ChipLoss::UnitRouted, ev);
    const bool had_leader = leader_attached(s, ui);
    detach_leader(ctx, s, ui, dice, ev);
    if (s.decision == Decision::GameOver) return std::nullopt;
    auto path = rout_move(ctx, s, ui, fall_back_squares, reference, dice, ev);
    // PS-LEADER-13: the leader stays in the square the unit routed from. Once the rout move has
    // left him there without a friendly unit and with an enemy unit, the roll-off of
    // PS-LEADER-11 is made at once; after a melee, at step 8 of PS-MELEE-23 instead
    // (left_alone_check).
    const Leader& l = s.leaders[idx(u.side)];
    if (cause != RoutCause::Melee && had_leader && l.alive && l.attached == kNone &&
        s.decision != Decision::GameOver) {
        if (const auto e = unit_at(s, l.square, other(u.side))) {
            leader_alone_check(ctx, s, s.units[*e], l.square, dice, ev);
        }
    }
    return path;
}

/// PS-MELEE-21: a Routed unit is destroyed without a roll; each stand costs a chip (PS-CHIP-2).
void cut_down(const RulesContext& ctx, GameState& s, std::size_t attacker, std::size_t target, core::Dice& dice,
              Events& ev) {
    Unit& t = s.units[target];
    ev.push_back(RoutedUnitCut{u8(attacker), u8(target)});
    lose_chips(s, t.side, t.stand_count(), ChipLoss::StandDestroyed, ev);
    detach_leader(ctx, s, target, dice, ev);
    const UnitStatus from = t.status;
    t.status = UnitStatus::Destroyed;
    t.stands = {};
    t.hits = 0;  // no stand is left to carry hits (as in remove_stand; PS-MELEE-21, PS-HITS-3)
    ev.push_back(StatusChanged{u8(target), from, UnitStatus::Destroyed});
    s.units[attacker].fought_since_check = true;
}

// --- shooting -----------------------------------------------------------------------------------

bool is_type(const RulesContext& ctx, const Unit& u, std::string_view id) { return ctx.type(u).id == id; }

/// What blocks line of sight from `from` to `to`, in words (the first thing the line meets,
/// PS-LOS-2 .. PS-LOS-4), for a refusal: "your Skirmishers in e6", "a wood in e6", "e6 and f5, both
/// blocking, at a corner".
std::string los_blocker(const RulesContext& ctx, const GameState& s, Side side, Square from, Square to) {
    const auto what = [&](Square q) {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            if (u.square == q && u.on_table() && !ctx.type(u).has(Ability::WarWagon)) {
                return std::string(u.side == side ? "your " : "the enemy ") + ctx.type(u).name + " in " + core::to_string(q);
            }
        }
        const TerrainPiece* p = s.piece_at(q);
        return std::string(p && p->kind == TerrainKind::Building ? "a building" : "a wood") + " in " + core::to_string(q);
    };
    std::string out;
    core::trace_los(from, to, [&](const core::LosStep& step) {
        const bool a = blocks_sight(ctx, s, step.a);
        if (step.b) {
            if (a && blocks_sight(ctx, s, *step.b)) {
                out = "blocked at a corner by " + what(step.a) + " and " + what(*step.b) + " (PS-LOS-4)";
            }
        } else if (a) {
            out = "blocked by " + what(step.a) + " (PS-LOS-2)";
        }
        return out.empty();
    });
    return out;
}

/// Why a shot is refused, or nothing. `explain`: say what blocks line of sight (a second trace,
/// spared where only the verdict counts).
/// The squares of the units a side may shoot at (the other side's units on the table), in unit
/// order, found once for all its shooters; in_range measures them from one shooter at once.
class Targets {
public:
    Targets(const GameState& s, Side side) {
        for (std::size_t j = 0; j < s.unit_count; ++j) {
            const Unit& t = s.units[j];
            if (t.side == side || !t.on_table()) continue;
            x_[n_] = t.square.x;
            y_[n_] = t.square.y;
            lo_x_ = std::min(lo_x_, x_[n_]);
            hi_x_ = std::max(hi_x_, x_[n_]);
            lo_y_ = std::min(lo_y_, y_[n_]);
            hi_y_ = std::max(hi_y_, y_[n_]);
            ++n_;
        }
    }
    /// Bit k set when target k is within `range_half` of `from` (core::dist2, PS-SHOOT-4).
    std::uint32_t in_range(Square from, int range_half) const {
        // dist2 is at least twice the squares across or along: a shooter that far from the box
        // around every target reaches none of them (the armies apart, most of a game).
        const int gap_x = std::max({0, lo_x_ - from.x, from.x - hi_x_});
        const int gap_y = std::max({0, lo_y_ - from.y, from.y - hi_y_});
        if (2 * std::max(gap_x, gap_y) > range_half) return 0;
        std::uint32_t near = 0;
        for (std::size_t k = 0; k < n_; ++k) {
            const int ax = core::abs_int(x_[k] - from.x);
            const int ay = core::abs_int(y_[k] - from.y);
            const int d = ax + ay + (ax > ay ? ax : ay);
            near |= static_cast<std::uint32_t>(d <= range_half) << k;
        }
        return near;
    }
    Square square(std::size_t k) const { return core::make_square(x_[k], y_[k]); }

private:
    static_assert(kMaxUnits <= 32, "a target per bit of in_range's answer");
    std::array<int, kMaxUnits> x_{};
    std::array<int, kMaxUnits> y_{};
    std::size_t n_ = 0;
    int lo_x_ = core::kMaxBoardSide, hi_x_ = -1, lo_y_ = core::kMaxBoardSide, hi_y_ = -1;
};

/// Why a shot is refused, as a code: the listing and the reaction windows ask this of every
/// shooter and target in range and build no text; check_shot explains it to the person who
/// asked. `shooter` gets the shooting unit once there is one; `occ`, if given, counts who stands
/// where in `s`.
enum class ShotBlock : std::uint8_t { None, NoShooter, Routed, CannotShoot, Fired, NoTarget, Range, Arc, Sight };

ShotBlock shot_block(const RulesContext& ctx, const GameState& s, Side side, Square from, Square to,
                     std::size_t* shooter = nullptr, const Occupancy* occ = nullptr) {
    const auto si = occ && s.on_board(from) ? occ->unit_at(from, side) : unit_at(s, from, side);
    if (!si) return ShotBlock::NoShooter;
    if (shooter) *shooter = *si;
    const Unit& sh = s.units[*si];
    if (sh.status == UnitStatus::Routed) return ShotBlock::Routed;
    if (!has_shoot_value(ctx, sh)) return ShotBlock::CannotShoot;
    if (sh.fired) return ShotBlock::Fired;
    const bool target = occ && s.on_board(to) ? occ->any(to, other(side)) : unit_at(s, to, other(side)).has_value();
    if (!target) return ShotBlock::NoTarget;
    if (core::dist2(from, to) > sh.range_half) return ShotBlock::Range;
    if (!in_fire_arc(ctx, sh, to)) return ShotBlock::Arc;
    if (!line_of_sight(ctx, s, from, to)) return ShotBlock::Sight;
    return ShotBlock::None;
}

Why check_shot(const RulesContext& ctx, const GameState& s, Side side, Square from, Square to) {
    std::size_t si = 0;
    switch (shot_block(ctx, s, side, from, to, &si)) {
        case ShotBlock::None: return std::nullopt;
        case ShotBlock::NoShooter: return "you have no unit in " + core::to_string(from);
        case ShotBlock::Routed: return std::string("routed units do not shoot (PS-ROUT-6)");
        case ShotBlock::CannotShoot: return unit_label(ctx, s, si) + " cannot shoot (PS-SHOOT-1)";
        case ShotBlock::Fired: return unit_label(ctx, s, si) + " has fired and must reload first (PS-SHOOT-11)";
        case ShotBlock::NoTarget:
            return "there is no enemy unit in " + core::to_string(to) + " (there is no shooting at leaders, PS-SHOOT-15)";
        case ShotBlock::Range: return core::to_string(to) + " is out of range (PS-SHOOT-4)";
        case ShotBlock::Arc: return core::to_string(to) + " is not in the fire arc (PS-GRID-12)";
        case ShotBlock::Sight: {
            const std::string by = los_blocker(ctx, s, side, from, to);
            return "no line of sight to " + core::to_string(to) + (by.empty() ? std::string(" (PS-LOS)") : ": " + by);
        }
    }
    return std::nullopt;
}

bool orthogonally_adjacent_or_same(Square a, Square b) {
    const int dx = std::abs(a.x - b.x);
    const int dy = std::abs(a.y - b.y);
    return dx + dy <= 1;
}

}  // namespace

ModifiedRoll shot_roll(const RulesContext& ctx, const GameState& s, std::size_t shooter, std::size_t target) {
    const Unit& sh = s.units[shooter];
    const Unit& t = s.units[target];
    ModifiedRoll r;
    r.side = sh.side;
    r.base = sh.shoot_die;
    // PS-SHOOT-7, one line each (PS-DICE-4).
    if (fires_on_flank_or_rear(ctx, sh.square, t) || has(ctx, t, Ability::Phalanx) || has(ctx, t, Ability::Tercio)) {
        add(r, ModifierId::ShotFlankOrFormation);
    }
    if (has(ctx, sh, Ability::Longbow) && is_cavalry(ctx, t)) add(r, ModifierId::LongbowVsMounted);
    if (sh.status == UnitStatus::Disordered) add(r, ModifierId::ShooterDisordered);
    // PS-SHOOT-8: beyond half range is dist2 > range (range in squares, dist2 in half-squares),
    // never for the own or an orthogonally adjacent square.
    if (!orthogonally_adjacent_or_same(sh.square, t.square) && 2 * core::dist2(sh.square, t.square) > sh.range_half) {
        add(r, ModifierId::BeyondHalfRange);
    }
    if (sh.traits.contains(Trait::Bow) && (is_type(ctx, t, "knights") || is_type(ctx, t, "pike") ||
                                           has(ctx, t, Ability::Phalanx) || has(ctx, t, Ability::Tercio))) {
        add(r, ModifierId::BowVsArmour);
    }
    const TerrainPiece* p = s.piece_at(t.square);
    if ((p && (p->kind == TerrainKind::Wood || p->kind == TerrainKind::Building)) ||
        in_or_behind_war_wagons(ctx, s, sh.square, t.square, t.side)) {
        add(r, ModifierId::TargetInCover);
    }
    finish(r);
    return r;
}

namespace {

/// PS-SHOOT-9 .. PS-SHOOT-13.
void resolve_shot(const RulesContext& ctx, GameState& s, std::size_t si, std::size_t ti, bool opportunity,
                  core::Dice& dice, Events& ev) {
    ShotResolved e;
    e.shooter = u8(si);
    e.target = u8(ti);
    e.opportunity = opportunity;
    e.roll = shot_roll(ctx, s, si, ti);
    roll(e.roll, dice, RollPurpose::Shooting);
    e.defence = dice.roll(DieType::D6, RollPurpose::ShootingDefence);
    e.diff = e.roll.natural - e.defence;
    s.units[si].fired = true;  // PS-SHOOT-11
    Unit& t = s.units[ti];
    const ResultBand* band = nullptr;
    if (e.diff > 0) {
        // PS-SHOOT-12: accumulate this phase's differences against the target.
        t.shot_sum = static_cast<std::uint8_t>(std::min(255, t.shot_sum + e.diff));
        band = Ruleset::band_for(ctx.rs().shooting_bands, t.shot_sum);
    }
    e.sum = t.shot_sum;
    if (band) {
        e.band_min = band->min;
        e.new_hits = std::max(0, band->hits - t.shot_hits);
        t.shot_hits = static_cast<std::uint8_t>(std::max<int>(band->hits, t.shot_hits));
        if (band->status != Status::None) {
            e.status = band->status;
        } else if (band->on_quadruple != Status::None && e.roll.natural >= 4 * e.defence) {
            e.status = band->on_quadruple;
        } else if (band->on_double != Status::None && e.roll.natural >= 2 * e.defence) {
            e.status = band->on_double;
        }
    }
    ev.push_back(e);
    if (!band) return;
    // PS-SHOOT-13: hits, then the new state, its rout move, then the chip window.
    if (apply_hits(ctx, s, ti, e.new_hits, dice, ev)) return;
    if (e.status == Status::Routed) {
        rout(ctx, s, ti, RoutCause::Shooting, 0, std::nullopt, dice, ev);
    } else if (e.status == Status::Disordered) {
        disorder(s, ti, ev);
    }
    if (band->chip && s.units[ti].on_table() && s.units[ti].status != UnitStatus::Routed) s.chip_target = u8(ti);
}

// --- melee --------------------------------------------------------------------------------------

/// PS-TERRAIN-13: the holder in `m` is in better terrain against a unit that entered from `p`.
bool better_terrain(const GameState& s, Square m, Square p) {
    const TerrainPiece* pm = s.piece_at(m);
    const TerrainPiece* pp = s.piece_at(p);
    if (pm && (pm->kind == TerrainKind::Wood || pm->kind == TerrainKind::Building) && pm != pp) return true;
    const bool hill_m = pm && pm->kind == TerrainKind::Hill;
    const bool hill_p = pp && pp->kind == TerrainKind::Hill;
    if (hill_m && !hill_p) return true;
    return s.stream_at(p) && !s.stream_at(m);
}

}  // namespace

MeleeSetup melee_setup(const RulesContext& ctx, const GameState& s, std::size_t init, std::size_t def) {
    MeleeSetup m;
    const Unit& a = s.units[init];
    const Unit& b = s.units[def];
    // PS-MELEE-7 .. PS-MELEE-11: who counts as charging.
    bool a_charging = true;
    bool b_charging = false;
    const bool wagons = has(ctx, a, Ability::WarWagon) || has(ctx, b, Ability::WarWagon);
    if (!wagons && is_cavalry(ctx, a) != is_cavalry(ctx, b) &&
        (is_infantry(ctx, a) || is_infantry(ctx, b))) {
        a_charging = is_cavalry(ctx, a);  // PS-MELEE-9
        b_charging = is_cavalry(ctx, b);
    } else if (is_cavalry(ctx, a) && is_cavalry(ctx, b)) {
        // PS-MELEE-10: pistol cavalry charge only against pistol cavalry.
        if (has(ctx, a, Ability::PistolCharge) && !has(ctx, b, Ability::PistolCharge)) a_charging = false;
    }
    // PS-MELEE-6: the engagement record.
    const bool a_entered = a.entrant;
    const bool b_entered = !a_entered && b.entrant;
    m.a_flank = a_entered && entered_from_flank_or_rear(ctx, a.entry, b);
    m.b_flank = b_entered && entered_from_flank_or_rear(ctx, b.entry, a);
    const bool a_worse = a_entered && better_terrain(s, a.square, a.entry);
    const bool b_worse = b_entered && better_terrain(s, b.square, b.entry);
    // Each roll is built where it stays (not returned and copied): the copy's wide read of the
    // bytes just written one by one stalled the processor: a third of this function's time in hard's scoring.
    const auto build = [&](ModifiedRoll& r, const Unit& u, std::size_t ui, const Unit& o, bool charging, bool flank,
                           bool flanked, bool worse) {
        r.side = u.side;
        r.base = u.fight;
        if (charging) add(r, ModifierId::Charging);
        if (flank) add(r, ModifierId::AttackingFlank);
        if (u.stand_count() > o.stand_count()) add(r, ModifierId::MoreStands);
        if (leader_attached(s, ui)) add(r, ModifierId::LeaderAttached);
        if (flanked) add(r, ModifierId::AttackedInFlank);
        if (worse || has(ctx, o, Ability::WarWagon)) add(r, ModifierId::BetterTerrainOrWagon);
        if (u.status == UnitStatus::Disordered) add(r, ModifierId::Disordered);
        finish(r);
    };
    build(m.initiator, a, init, b, a_charging, m.a_flank, m.b_flank, a_worse);
    build(m.defender, b, def, a, b_charging, m.b_flank, m.a_flank, b_worse);
    // PS-MELEE-15, PS-PHALANX-3, PS-TERCIO-3: a PHALANX (from the front) or TERCIO beaten by
    // cavalry has no losing result.
    const auto immune = [&](const Unit& loser, const Unit& winner, bool winner_flank) {
        if (!is_cavalry(ctx, winner)) return false;
        if (has(ctx, loser, Ability::Tercio)) return true;
        return has(ctx, loser, Ability::Phalanx) && !winner_flank;
    };
    m.initiator_void = immune(a, b, m.b_flank);
    m.defender_void = immune(b, a, m.a_flank);
    // PS-MELEE-14 (not with WAR WAGONS, PS-MELEE-11): KNIGHTS or LANCERS winning x2 against
    // non-pike infantry rout it.
    const auto x2 = [&](const Unit& winner, const Unit& loser) {
        return !wagons && has(ctx, winner, Ability::X2) && is_infantry(ctx, loser) && !has(ctx, loser, Ability::Pike);
    };
    m.x2_on_defender = x2(a, b);
    m.x2_on_initiator = x2(b, a);
    return m;
}

namespace {

/// Stores a path for a follow-up or pursuit choice.
void keep_trail(GameState& s, const InvoluntaryPath& p) {
    s.trail_start = p.start;
    s.trail_len = 0;
    // Unused slots stay at their defaults (docs/positions.md): a save's keyframes compare whole
    // states, and squares left from a longer trail would make two equal games differ.
    s.trail = {};
    for (Square q : p.squares) {
        if (s.trail_len >= s.trail.size()) break;
        s.trail[s.trail_len++] = q;
    }
}

InvoluntaryPath trail_path(const GameState& s) {
    InvoluntaryPath p;
    p.start = s.trail_start;
    for (std::size_t i = 0; i < s.trail_len; ++i) p.squares.push_back(s.trail[i]);
    return p;
}

/// PS-MELEE-23 step 8 (PS-LEADER-13, PS-LEADER-11): a leader of `side` left alone (no friendly
/// unit) in the melee square `q` with an enemy unit rolls off at once.
void left_alone_check(const RulesContext& ctx, GameState& s, Side side, Square q, core::Dice& dice, Events& ev) {
    const Leader& l = s.leaders[idx(side)];
    if (s.decision == Decision::GameOver || !l.alive || !l.deployed || l.attached != kNone || l.square != q) return;
    if (const auto e = unit_at(s, q, other(side))) leader_alone_check(ctx, s, s.units[*e], q, dice, ev);
}

/// PS-MELEE-12 .. PS-MELEE-23.
void resolve_melee(const RulesContext& ctx, GameState& s, std::size_t init, std::size_t def, core::Dice& dice,
                   Events& ev) {
    MeleeSetup m = melee_setup(ctx, s, init, def);
    MeleeResolved e;
    e.initiator = u8(init);
    e.defender = u8(def);
    e.initiator_roll = m.initiator;
    e.defender_roll = m.defender;
    roll(e.initiator_roll, dice, RollPurpose::Melee);  // PS-DICE-8: initiator first
    roll(e.defender_roll, dice, RollPurpose::Melee);
    s.units[init].fought_since_check = true;  // PS-LEADER-9 (a)
    s.units[def].fought_since_check = true;
    const Square melee_square = s.units[def].square;
    const int ra = e.initiator_roll.natural;
    const int rb = e.defender_roll.natural;
    if (ra == rb) {
        // PS-MELEE-16: a tie; attached leaders are killed.
        ev.push_back(e);
        for (std::size_t ui : {init, def}) {
            if (leader_attached(s, ui)) kill_leader(s, s.units[ui].side, dice, ev);
        }
        return;
    }
    const bool a_wins = ra > rb;
    const std::size_t wi = a_wins ? init : def;
    const std::size_t li = a_wins ? def : init;
    const int w = std::max(ra, rb);
    const int l = std::min(ra, rb);
    e.winner = u8(wi);
    e.loser = u8(li);
    e.diff = w - l;
    const ResultBand* band = Ruleset::band_for(ctx.rs().melee_bands, e.diff);
    e.band_min = band ? band->min : 0;
    if (a_wins ? m.defender_void : m.initiator_void) {
        e.void_result = true;  // PS-MELEE-15
        ev.push_back(e);
        return;
    }
    if (!band) {
        ev.push_back(e);
        return;
    }
    if (band->status != Status::None) {
        e.status = band->status;
    } else if (band->on_quadruple != Status::None && w >= 4 * l) {
        e.status = band->on_quadruple;
    } else if (band->on_double != Status::None && w >= 2 * l) {
        e.status = band->on_double;
    }
    if ((a_wins ? m.x2_on_defender : m.x2_on_initiator) && w >= 2 * l) {
        e.x2_rout = e.status != Status::Routed;
        e.status = Status::Routed;
    }
    ev.push_back(e);
    // Step 4: hits.
    if (apply_hits(ctx, s, li, band->hits, dice, ev)) {
        left_alone_check(ctx, s, s.units[li].side, melee_square, dice, ev);  // step 8
        return;
    }
    Unit& loser = s.units[li];
    const Unit& winner = s.units[wi];
    // The away vector (PS-INVOL-2) from the engagement record.
    Square entry = loser.entrant ? loser.entry : winner.entry;
    Entrant who = loser.entrant ? Entrant::Loser : Entrant::Winner;
    if (!loser.entrant && !winner.entrant) {
        // No record (only in hand-made positions): as if the loser had come from its own side, so
        // that it falls back toward home.
        entry = core::make_square(melee_square.x - core::vector(enemy_direction(loser.side)).dx,
                                  melee_square.y - core::vector(enemy_direction(loser.side)).dy);
        who = Entrant::Loser;
    }
    // Step 5 and 6: status and movement.
    if (e.status == Status::Routed) {
        const bool converts = loser.traits.contains(Trait::NeverRouts) || has(ctx, loser, Ability::Phalanx) ||
                              has(ctx, loser, Ability::Tercio);
        const auto path = rout(ctx, s, li, RoutCause::Melee, band->fall_back, melee_square, dice, ev);
        if (s.decision == Decision::GameOver) return;
        if (path) {
            // PS-MELEE-20: the pursuit test for MILITIA and cavalry winners.
            const Unit& wu = s.units[wi];
            if (wu.on_table() && (is_cavalry(ctx, wu) || has(ctx, wu, Ability::PursuitTest))) {
                PursuitRolled p{u8(wi), 0, 0, false};
                p.winner_roll = dice.roll(DieType::D6, RollPurpose::Pursuit);
                p.loser_roll = dice.roll(DieType::D6, RollPurpose::Pursuit);
                p.may_stay = p.winner_roll > p.loser_roll;
                ev.push_back(p);
                if (p.may_stay) {
                    s.choice_unit = u8(wi);
                    s.choice_other = u8(li);
                    s.choice_pursuit = true;
                    keep_trail(s, *path);
                } else {
                    const std::size_t at = ev.size() - 1;
                    if (pursue(ctx, s, wi, li, *path, dice, ev).squares.empty()) {
                        // Say why the pursuit that must be made makes no step (PS-INVOL-7).
                        std::get<PursuitRolled>(ev[at]).halted =
                            path->squares.empty() ? PursuitRolled::Halt::NoPath : PursuitRolled::Halt::Closed;
                    }
                }
            }
            // Step 8, unless the winner must still choose to pursue or stay (then after it).
            if (s.choice_unit == kNone) left_alone_check(ctx, s, s.units[li].side, melee_square, dice, ev);
            return;
        }
        if (!s.units[li].on_table()) return;
        // A converted rout: a TERCIO holds its ground (PS-TERCIO-8); a PHALANX or Swiss PHALANX
        // still falls back (PS-PHALANX-4, PS-AMB-40).
        if (converts && has(ctx, s.units[li], Ability::Tercio)) {
            if (band->chip) s.chip_target = u8(li);
            return;
        }
    } else if (e.status == Status::Disordered) {
        disorder(s, li, ev);
    }
    // PS-MELEE-17: the loser falls back; PS-MELEE-18: the winner follows or may stay.
    const auto path = fall_back(ctx, s, li, band->fall_back, away_vector(melee_square, entry, who), dice, ev);
    if (s.decision == Decision::GameOver) return;
    const Unit& lu = s.units[li];
    // A loser that fell back off the table is followed too, to the edge (PS-INVOL-1, PS-INVOL-8);
    // one whose first step left the table leaves no square to follow.
    const bool fell_back = lu.on_table() ? path.moved() && lu.status != UnitStatus::Routed
                                         : lu.status == UnitStatus::LeftTable && path.left_table;
    if (fell_back && !path.squares.empty() && s.units[wi].on_table() && s.units[wi].square == melee_square) {
        if (is_cavalry(ctx, s.units[wi])) {
            follow_up(ctx, s, wi, li, path, dice, ev);
        } else {
            s.choice_unit = u8(wi);
            s.choice_other = u8(li);
            s.choice_pursuit = false;
            keep_trail(s, path);
        }
    }
    // Step 7: the chip window opens after the fall-back and follow-up (PS-MELEE-22).
    if (band->chip && s.units[li].on_table() && s.units[li].status != UnitStatus::Routed) s.chip_target = u8(li);
}

// --- morale, chips, rally, Leader Check -----------------------------------------------------------

ModifiedRoll fight_test_roll(const GameState& s, std::size_t ui, UnitStatus status) {
    // PS-MORALE-2, PS-CHIP-9: DOWN 1 if Disordered, UP 2 with the leader attached.
    const Unit& u = s.units[ui];
    ModifiedRoll r;
    r.side = u.side;
    r.base = u.fight;
    if (status == UnitStatus::Disordered) add(r, ModifierId::TestDisordered);
    if (leader_attached(s, ui)) add(r, ModifierId::LeaderAttached);
    finish(r);
    return r;
}

/// PS-MORALE-1 .. PS-MORALE-3.
void morale_check(const RulesContext& ctx, GameState& s, std::size_t ui, core::Dice& dice, Events& ev) {
    MoraleChecked e;
    e.unit = u8(ui);
    e.roll = fight_test_roll(s, ui, s.units[ui].status);
    roll(e.roll, dice, RollPurpose::Morale);
    e.opponent = dice.roll(DieType::D6, RollPurpose::Morale);
    e.failed = e.opponent > e.roll.natural;
    s.units[ui].courage_due = false;
    ev.push_back(e);
    if (!e.failed) return;
    if (s.units[ui].status == UnitStatus::Disordered) {
        rout(ctx, s, ui, RoutCause::Other, 0, std::nullopt, dice, ev);
    } else if (disorder(s, ui, ev)) {
        s.chip_target = u8(ui);  // PS-CHIP-10 (b)
    }
}

/// PS-CHIP-9.
void chip(const RulesContext& ctx, GameState& s, std::size_t ui, core::Dice& dice, Events& ev) {
    const Side chipper = other(s.units[ui].side);
    lose_chips(s, chipper, 1, ChipLoss::Chipping, ev);  // PS-CHIP-4
    Chipped e;
    e.chipper = chipper;
    e.target = u8(ui);
    e.roll = fight_test_roll(s, ui, s.units[ui].status);
    roll(e.roll, dice, RollPurpose::Chip);
    e.chipper_roll = dice.roll(DieType::D6, RollPurpose::Chip);
    e.success = e.chipper_roll > e.roll.natural;
    ev.push_back(e);
    if (!e.success) return;
    if (s.units[ui].status == UnitStatus::Disordered) {
        rout(ctx, s, ui, RoutCause::Other, 0, std::nullopt, dice, ev);  // no pursuit test follows
    } else {
        disorder(s, ui, ev);
    }
}

}  // namespace

ModifiedRoll rally_roll(const GameState& s, std::size_t ui) {
    const Unit& u = s.units[ui];
    ModifiedRoll r;
    r.side = u.side;
    r.base = u.fight;
    if (u.status == UnitStatus::Disordered) add(r, ModifierId::RallyDisordered);
    if (u.status == UnitStatus::Routed) add(r, ModifierId::RallyRouted);
    if (s.leaders[idx(u.side)].sultan) add(r, ModifierId::Sultan);
    finish(r);
    return r;
}

ModifiedRoll test_roll(const GameState& s, std::size_t ui) { return fight_test_roll(s, ui, s.units[ui].status); }
ModifiedRoll test_roll(const GameState& s, std::size_t ui, UnitStatus as_if) { return fight_test_roll(s, ui, as_if); }

namespace {

/// PS-RALLY-3 .. PS-RALLY-6.
void rally(GameState& s, std::size_t ui, std::optional<Facing> face, core::Dice& dice, Events& ev) {
    Unit& u = s.units[ui];
    lose_chips(s, u.side, 1, ChipLoss::Rallying, ev);  // PS-CHIP-3
    RallyAttempted e;
    e.unit = u8(ui);
    e.roll = rally_roll(s, ui);
    roll(e.roll, dice, RollPurpose::Rally);
    e.opponent = dice.roll(DieType::D6, RollPurpose::Rally);
    e.success = e.roll.natural > e.opponent;
    u.rallied = true;
    ev.push_back(e);
    if (!e.success) return;
    const UnitStatus from = u.status;
    u.status = from == UnitStatus::Routed ? UnitStatus::Disordered : UnitStatus::Ok;
    ev.push_back(StatusChanged{u8(ui), from, u.status});
    if (from == UnitStatus::Routed && face && *face != u.facing) {
        ev.push_back(UnitTurned{u8(ui), u.facing, *face});
        u.facing = *face;
    }
}

// --- reaction windows -----------------------------------------------------------------------------

bool any_shot(const RulesContext& ctx, const GameState& s, Side side) {
    const Targets targets(s, side);
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.side != side || !u.on_table() || u.fired || u.status == UnitStatus::Routed || !has_shoot_value(ctx, u)) {
            continue;
        }
        // Out of range is refused by check_shot too; rejected here before the other tests.
        for (std::uint32_t near = targets.in_range(u.square, u.range_half); near != 0; near &= near - 1) {
            const Square t = targets.square(static_cast<std::size_t>(std::countr_zero(near)));
            if (shot_block(ctx, s, side, u.square, t) == ShotBlock::None) return true;
        }
    }
    return false;
}

/// Whether the open reaction window still offers the non-active player something.
bool window_open(const RulesContext& ctx, const GameState& s) {
    const Side n = other(s.active);
    if (s.opportunity_chips[idx(n)] < 1) return false;
    switch (s.react_window) {
        case ReactWindow::Step:
            return s.forced_charger != kNone || can_charge(ctx, s) || any_shot(ctx, s, n);
        case ReactWindow::Evade:
            return can_evade(ctx, s);
        case ReactWindow::Card:
        case ReactWindow::Action:
            return any_shot(ctx, s, n);
        case ReactWindow::None:
            break;
    }
    return false;
}

bool courage_pending(GameState& s) {
    bool any = false;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        Unit& u = s.units[i];
        if (!u.courage_due) continue;
        if (u.side != s.active || !u.on_table() || u.status == UnitStatus::Routed) {
            u.courage_due = false;  // PS-MORALE-5: routed units do not check
            continue;
        }
        any = true;
    }
    return any;
}

}  // namespace

void settle(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    for (;;) {
        if (s.decision == Decision::GameOver || check_army_gone(ctx, s, ev)) return;
        // The follow-up choice comes before the chip window: "in melee the window opens after
        // the fall-back and follow-up" (PS-CHIP-10 (a), PS-MELEE-23 steps 6 and 7).
        if (s.choice_unit != kNone) {
            if (s.units[s.choice_unit].on_table()) {
                s.decision = s.choice_pursuit ? Decision::Pursue : Decision::FollowUp;
                s.decider = s.units[s.choice_unit].side;
                return;
            }
            s.choice_unit = kNone;
        }
        if (s.chip_target != kNone) {
            const Unit& t = s.units[s.chip_target];
            const Side chipper = other(t.side);
            if (t.on_table() && t.status != UnitStatus::Routed && s.morale_chips[idx(chipper)] > 0) {
                s.decision = Decision::Chip;  // PS-CHIP-10, PS-CHIP-8
                s.decider = chipper;
                return;
            }
            s.chip_target = kNone;
        }
        bool escaping = false;
        for (Side side : {Side::A, Side::B}) {
            if (!escaping && s.escape_due[idx(side)] && s.leaders[idx(side)].alive) {
                s.decision = Decision::LeaderEscape;
                s.decider = side;
                escaping = true;
            }
        }
        if (escaping) return;
        if (s.react_window != ReactWindow::None) {
            if (window_open(ctx, s)) {
                s.decision = Decision::React;
                s.decider = other(s.active);
                return;
            }
            close_window(ctx, s, dice, ev);
            continue;
        }
        if (s.move.active) {
            continue_move(ctx, s, dice, ev);
            return;
        }
        s.forced_charger = kNone;
        if (courage_pending(s)) {
            s.decision = Decision::Courage;
            s.decider = s.active;
            return;
        }
        if (s.window_due != ReactWindow::None) {
            s.react_window = s.window_due;
            s.window_due = ReactWindow::None;
            continue;
        }
        s.decision = Decision::Act;
        s.decider = s.active;
        if (!settle_march(ctx, s, ev)) return;
        if (s.pips == 0) end_phase(ctx, s, dice, ev);
        return;
    }
}

void card_effects(const RulesContext& ctx, GameState& s, CardKind card, core::Dice& dice, Events& ev) {
    const Side side = s.active;
    if (card == CardKind::LeaderCheck) {
        // PS-CARD-9, PS-LEADER-9: the test, if due.
        const Leader& l = s.leaders[idx(side)];
        if (l.alive && l.deployed) {
            LeaderChecked e;
            e.side = side;
            using T = LeaderChecked::Trigger;
            if (l.attached != kNone && s.units[l.attached].fought_since_check) {
                e.trigger = T::Fought;  // (a)
            } else if (const auto shooter = leader_shooter(ctx, s, side)) {
                e.trigger = T::EnemyFire;  // (b)
                e.shooter = static_cast<std::uint8_t>(*shooter);
            } else if (unit_at(s, l.square, other(side)).has_value()) {
                e.trigger = T::EnemyInSquare;  // (c)
            }
            e.due = e.trigger != T::None;
            if (e.due) {
                e.owner_roll = dice.roll(DieType::D6, RollPurpose::LeaderCheck);
                e.opponent_roll = dice.roll(DieType::D6, RollPurpose::LeaderCheck);
                e.hit = e.owner_roll < e.opponent_roll;
            }
            ev.push_back(e);
            if (e.hit) kill_leader(s, side, dice, ev);
        }
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            if (s.units[i].side == side) s.units[i].fought_since_check = false;
        }
    } else if (card == CardKind::Courage) {
        // PS-MORALE-4, PS-FEAR-2, PS-FEAR-3.
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            Unit& u = s.units[i];
            if (u.side != side || !u.on_table() || u.status == UnitStatus::Routed) continue;
            bool due = unit_at(s, u.square, other(side)).has_value();
            for (std::size_t j = 0; j < s.unit_count && !due; ++j) {
                const Unit& f = s.units[j];
                if (f.side == side || !f.on_table() || f.status != UnitStatus::Ok) continue;
                if (!f.traits.contains(Trait::Fearsome) || u.traits.contains(Trait::Fearsome)) continue;
                due = can_reach(ctx, s, j, u.square);
            }
            u.courage_due = due;
        }
    }
}

void fight_after_move(const RulesContext& ctx, GameState& s, std::size_t ui, core::Dice& dice, Events& ev) {
    const Unit& u = s.units[ui];
    if (!u.on_table() || u.status == UnitStatus::Routed || s.pips < 1) return;
    const auto e = unit_at(s, u.square, other(u.side));
    if (!e) return;
    const Unit& en = s.units[*e];
    if (en.status == UnitStatus::Routed) {
        if (en.routed_this_phase) return;
        s.pips = static_cast<std::uint8_t>(s.pips - 1);
        cut_down(ctx, s, ui, *e, dice, ev);
        return;
    }
    const bool flank = u.entrant && entered_from_flank_or_rear(ctx, u.entry, en);
    if (en.status != UnitStatus::Disordered && !flank) return;  // PS-MELEE-3 needs (b) or (c)
    s.pips = static_cast<std::uint8_t>(s.pips - 1);
    resolve_melee(ctx, s, ui, *e, dice, ev);
}

void opportunity_melee(const RulesContext& ctx, GameState& s, std::size_t charger, std::size_t target,
                       core::Dice& dice, Events& ev) {
    resolve_melee(ctx, s, charger, target, dice, ev);  // PS-OPP-6
}

void start_of_phase_routs(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    // PS-INIT-5 step 3, PS-ROUT-3: routed units of the active side move a full move to the rear,
    // in unit order.
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.side != s.active || !u.on_table() || u.status != UnitStatus::Routed) continue;
        rout_move(ctx, s, i, 0, std::nullopt, dice, ev);
        if (s.decision == Decision::GameOver) return;
    }
}

// --- commands -------------------------------------------------------------------------------------

namespace {

Why check_fight(const RulesContext& ctx, const GameState& s, const Fight& f) {
    if (s.decision != Decision::Act) return std::string("you may fight only in your own phase");
    const auto ui = unit_at(s, f.square, s.active);
    if (!ui) return "you have no unit in " + core::to_string(f.square);
    const auto ei = unit_at(s, f.square, other(s.active));
    if (!ei) return "there is no enemy unit in " + core::to_string(f.square) + " (PS-MELEE-1)";
    const Unit& u = s.units[*ui];
    const Unit& e = s.units[*ei];
    if (u.status == UnitStatus::Routed) return std::string("routed units do not fight (PS-ROUT-6)");
    if (u.acted) return unit_label(ctx, s, *ui) + " has already acted on this card (PS-CARD-4)";
    if (s.pips < 1) return std::string("no pips left");
    if (e.status == UnitStatus::Routed) {
        if (e.routed_this_phase) return std::string("a unit routed this phase cannot be cut down until your next phase (PS-MELEE-21)");
        return std::nullopt;
    }
    const CardKind* c = s.current_card();
    if (c && *c == CardKind::Melee) return std::nullopt;
    if (e.status == UnitStatus::Disordered) return std::nullopt;
    if (u.entrant && entered_from_flank_or_rear(ctx, u.entry, e)) return std::nullopt;
    return std::string("a melee needs a Melee card, a Disordered enemy, or an attack on its flank or rear (PS-MELEE-2)");
}

Why check_rally(const RulesContext& ctx, const GameState& s, const Rally& r) {
    if (s.decision != Decision::Act) return std::string("you may rally only in your own phase");
    const CardKind* c = s.current_card();
    if (!c || *c != CardKind::LeaderCheck) return std::string("rallying needs a Leader Check card (PS-RALLY-1)");
    const Leader& l = s.leaders[idx(s.active)];
    if (!l.alive) return std::string("your leader is dead: nothing can rally (PS-LEADER-10)");
    if (l.attached != kNone) return std::string("an attached leader cannot rally (PS-LEADER-5)");
    if (s.morale_chips[idx(s.active)] < 1) return std::string("no morale chips left (PS-CHIP-8)");
    const auto ui = unit_at(s, r.square, s.active);
    if (!ui) return "you have no unit in " + core::to_string(r.square);
    const Unit& u = s.units[*ui];
    if (u.status == UnitStatus::Ok) return unit_label(ctx, s, *ui) + " is not Disordered or Routed";
    if (u.rallied) return unit_label(ctx, s, *ui) + " has already tried to rally on this card (PS-RALLY-7)";
    if (core::dist2(l.square, u.square) > ctx.rs().rally_range_half) return std::string("the unit is more than 5 squares from the leader (PS-RALLY-2)");
    if (r.face && u.status != UnitStatus::Routed) return std::string("only a Routed unit that rallies may be given a new facing (PS-RALLY-5)");
    return std::nullopt;
}

Why check_reload(const RulesContext& ctx, const GameState& s, const Reload& r) {
    if (s.decision != Decision::Act) return std::string("you may reload only in your own phase");
    const CardKind* c = s.current_card();
    if (!c || *c != CardKind::Reload) return std::string("reloading needs a Reload card (PS-CARD-7)");
    const auto ui = unit_at(s, r.square, s.active);
    if (!ui) return "you have no unit in " + core::to_string(r.square);
    const Unit& u = s.units[*ui];
    if (!u.fired) return unit_label(ctx, s, *ui) + " has not fired";
    if (u.status == UnitStatus::Routed) return std::string("routed units do not reload (PS-ROUT-6)");
    if (u.acted) return unit_label(ctx, s, *ui) + " has already acted on this card (PS-CARD-4)";
    if (s.pips < ctx.type(u).reload_pips) return "reloading it costs " + std::to_string(ctx.type(u).reload_pips) + " pips (PS-CARD-7)";
    return std::nullopt;
}

}  // namespace

Why check_combat(const RulesContext& ctx, const GameState& s, const Command& c) {
    return std::visit(
        Overloaded{
            [&](const Shoot& x) -> Why {
                if (s.decision == Decision::Act) {
                    if (s.marching) return std::string("finish the march first: every unit must move");
                    if (s.pips < 1) return std::string("no pips left");
                } else if (s.decision == Decision::React && s.react_window != ReactWindow::Evade) {
                    if (s.opportunity_chips[idx(s.decider)] < 1) return std::string("no opportunity chips left (PS-OPP-1)");
                    if (s.react_window == ReactWindow::Step && s.forced_charger != kNone) {
                        return unit_label(ctx, s, s.forced_charger) + " must charge first (PS-OPP-7)";
                    }
                } else {
                    return std::string("you may not shoot now");
                }
                return check_shot(ctx, s, s.decider, x.from, x.target);
            },
            [&](const Fight& x) -> Why {
                if (s.marching) return std::string("finish the march first: every unit must move");
                return check_fight(ctx, s, x);
            },
            [&](const Reload& x) -> Why { return check_reload(ctx, s, x); },
            [&](const Rally& x) -> Why { return check_rally(ctx, s, x); },
            [&](const CheckMorale& x) -> Why {
                if (s.decision != Decision::Courage) return std::string("there is no morale check to make now");
                const auto ui = unit_at(s, x.square, s.active);
                if (!ui || !s.units[*ui].courage_due) return "no unit in " + core::to_string(x.square) + " must check morale";
                return std::nullopt;
            },
            [&](const ChipUnit&) -> Why {
                if (s.decision != Decision::Chip) return std::string("there is nothing to chip now");
                return std::nullopt;
            },
            [&](const Follow&) -> Why {
                if (s.decision != Decision::FollowUp && s.decision != Decision::Pursue) return std::string("there is nothing to follow now");
                return std::nullopt;
            },
            [&](const Stay&) -> Why {
                if (s.decision != Decision::FollowUp && s.decision != Decision::Pursue) return std::string("there is no follow-up choice now");
                return std::nullopt;
            },
            [&](const auto&) -> Why { return std::string("not a combat command"); },
        },
        c);
}

void apply_combat(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev) {
    std::visit(
        Overloaded{
            [&](const Shoot& x) {
                const Side side = s.decider;
                const std::size_t si = *unit_at(s, x.from, side);
                const std::size_t ti = *unit_at(s, x.target, other(side));
                const bool opportunity = s.decision == Decision::React;
                if (opportunity) {
                    --s.opportunity_chips[idx(side)];  // PS-SHOOT-2
                } else {
                    s.pips = static_cast<std::uint8_t>(s.pips - 1);
                    s.window_due = ReactWindow::Action;  // R4 after the shot
                }
                resolve_shot(ctx, s, si, ti, opportunity, dice, ev);
                settle(ctx, s, dice, ev);
            },
            [&](const Fight& x) {
                const std::size_t ui = *unit_at(s, x.square, s.active);
                const std::size_t ei = *unit_at(s, x.square, other(s.active));
                s.units[ui].acted = true;  // PS-MELEE-24
                s.pips = static_cast<std::uint8_t>(s.pips - 1);
                if (s.units[ei].status == UnitStatus::Routed) {
                    cut_down(ctx, s, ui, ei, dice, ev);
                } else {
                    resolve_melee(ctx, s, ui, ei, dice, ev);
                }
                s.window_due = ReactWindow::Action;
                settle(ctx, s, dice, ev);
            },
            [&](const Reload& x) {
                const std::size_t ui = *unit_at(s, x.square, s.active);
                Unit& u = s.units[ui];
                u.fired = false;
                u.acted = true;
                s.pips = static_cast<std::uint8_t>(s.pips - ctx.type(u).reload_pips);
                ev.push_back(UnitReloaded{u8(ui)});
                s.window_due = ReactWindow::Action;
                settle(ctx, s, dice, ev);
            },
            [&](const Rally& x) {
                rally(s, *unit_at(s, x.square, s.active), x.face, dice, ev);
                s.window_due = ReactWindow::Action;
                settle(ctx, s, dice, ev);
            },
            [&](const CheckMorale& x) {
                morale_check(ctx, s, *unit_at(s, x.square, s.active), dice, ev);
                settle(ctx, s, dice, ev);
            },
            [&](const ChipUnit&) {
                const std::size_t ti = s.chip_target;
                s.chip_target = kNone;
                chip(ctx, s, ti, dice, ev);
                settle(ctx, s, dice, ev);
            },
            [&](const Follow&) {
                const std::size_t wi = s.choice_unit;
                const std::size_t li = s.choice_other;
                const bool pursuit = s.choice_pursuit;
                s.choice_unit = kNone;
                const InvoluntaryPath p = trail_path(s);
                if (pursuit) {
                    pursue(ctx, s, wi, li, p, dice, ev);
                    left_alone_check(ctx, s, s.units[li].side, p.start, dice, ev);  // PS-MELEE-23 step 8
                } else {
                    follow_up(ctx, s, wi, li, p, dice, ev);
                }
                settle(ctx, s, dice, ev);
            },
            [&](const Stay&) {
                s.choice_unit = kNone;
                if (s.choice_pursuit) {
                    // PS-MELEE-23 step 8: the routed unit's leader left with the winner.
                    left_alone_check(ctx, s, s.units[s.choice_other].side, s.trail_start, dice, ev);
                }
                settle(ctx, s, dice, ev);
            },
            [&](const auto&) { throw IllegalCommand("not a combat command"); },
        },
        c);
}

void legal_combat(const RulesContext& ctx, const GameState& s, const Occupancy& occ, CommandSink& out) {
    const auto try_add = [&](const Command& c) {
        if (!check_combat(ctx, s, c)) out.push_back(c);
    };
    switch (s.decision) {
        case Decision::Chip:
            out.push_back(ChipUnit{});
            out.push_back(Decline{});
            return;
        case Decision::FollowUp:
        case Decision::Pursue:
            out.push_back(Follow{});
            out.push_back(Stay{});
            return;
        case Decision::Courage:
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                if (s.units[i].courage_due && s.units[i].side == s.active) out.push_back(CheckMorale{s.units[i].square});
            }
            return;
        case Decision::Act:
        case Decision::React:
            break;
        default:
            return;
    }
    if (s.decision == Decision::React && s.react_window == ReactWindow::Evade) return;
    const Side side = s.decider;
    const CardKind* current = s.current_card();
    const std::optional<CardKind> card = current ? std::optional<CardKind>(*current) : std::nullopt;
    // check_combat's tests of a shot that are the same for every shooter, asked once: pips and
    // no march in a phase (PS-PIP-1), an opportunity chip and no headstrong charge due in a
    // reaction (PS-OPP-1, PS-OPP-7).
    const bool may_shoot =
        s.decision == Decision::Act
            ? !s.marching && s.pips >= 1
            : s.opportunity_chips[idx(side)] >= 1 && !(s.react_window == ReactWindow::Step && s.forced_charger != kNone);
    const Targets targets(s, side);  // the enemy units, looked up once for every shooter
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.side != side || !u.on_table()) continue;
        if (may_shoot && !u.fired && u.status != UnitStatus::Routed && has_shoot_value(ctx, u)) {
            // Out of range is refused (PS-SHOOT-4): passed by before the checks. The rest of
            // check_shot's tests, by code, without its texts.
            for (std::uint32_t near = targets.in_range(u.square, u.range_half); near != 0; near &= near - 1) {
                const Square t = targets.square(static_cast<std::size_t>(std::countr_zero(near)));
                if (shot_block(ctx, s, side, u.square, t, nullptr, &occ) == ShotBlock::None) out.push_back(Shoot{u.square, t});
            }
        }
        if (s.decision != Decision::Act) continue;
        // What the checks refuse at once is skipped before they build their refusal texts: a
        // fight needs an enemy in the square (PS-MELEE-1), a reload a Reload card (PS-CARD-7), a
        // rally a Leader Check card and a unit not in good order (PS-RALLY-1).
        if (occ.any(u.square, other(side))) try_add(Fight{u.square});
        // check_reload and check_rally by their tests, without their texts: both ask them of
        // the side's first unit in the square (unit_at), which is almost always this one.
        const Unit& first = s.units[*occ.unit_at(u.square, side)];
        if (card == CardKind::Reload && first.fired && first.status != UnitStatus::Routed && !first.acted &&
            s.pips >= ctx.type(first).reload_pips) {
            out.push_back(Reload{u.square});  // PS-CARD-7
        }
        if (card != CardKind::LeaderCheck || u.status == UnitStatus::Ok) continue;
        // PS-RALLY-1, PS-RALLY-2, PS-RALLY-7, PS-LEADER-5, PS-LEADER-10, PS-CHIP-8.
        const Leader& l = s.leaders[idx(side)];
        const bool rallies = l.alive && l.attached == kNone && s.morale_chips[idx(side)] >= 1 &&
                             first.status != UnitStatus::Ok && !first.rallied &&
                             core::dist2(l.square, first.square) <= ctx.rs().rally_range_half;
        if (!rallies) continue;
        out.push_back(Rally{u.square, std::nullopt});
        // A new facing for a Routed unit only (PS-RALLY-5).
        if (u.status == UnitStatus::Routed && first.status == UnitStatus::Routed) {
            for (Facing f : core::kAllFacings) {
                if (f != u.facing) out.push_back(Rally{u.square, f});
            }
        }
    }
}

}  // namespace tercio::rules::detail
