#include "kits/pikette/ai/scoring.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <variant>

#include "core/overloaded.hpp"
#include "rules/combat.hpp"
#include "rules/geometry.hpp"
#include "rules/odds.hpp"
#include "rules/preview.hpp"

namespace tercio::ai {

using rules::Facing;
using rules::GameState;
using rules::Side;
using rules::Square;
using rules::Status;
using rules::Unit;
using rules::UnitStatus;

using namespace weights;

namespace {

constexpr double kPip = 0.04;          ///< a pip spent on this card rather than another
constexpr double kOpportunityChip = 0.03;
constexpr double kLoadedShot = 0.25;   ///< firing leaves the unit to reload on a Reload card
constexpr double kTurnBase = 0.012;    ///< turning a card when nothing better is to hand
constexpr double kTurnUseful = 0.04;

double approx(const rules::odds::Chance& c) { return c.approx(); }

bool fighting_unit(const Unit& u) { return u.on_table() && u.status != UnitStatus::Routed; }

/// The fewest 45-degree steps, fewer than `below`, that would turn `u` to bring `target` into its
/// arc (either way round); `below` if none would.
int fewest_turns(const Unit& u, Square target, int below) {
    for (int k = 1; k < below; ++k) {
        if (core::in_arc(core::rotated(u.facing, k), target - u.square) ||
            core::in_arc(core::rotated(u.facing, -k), target - u.square)) {
            return k;
        }
    }
    return below;
}

/// A 64-bit mix (splitmix64's finaliser) for the melee table's index.
constexpr std::uint64_t mix64(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace

Scorer::Scorer(const rules::RulesContext& ctx) : ctx_(ctx) {
    for (int i = 0; i < core::kLadderSize; ++i) {
        shot_hits_[static_cast<std::size_t>(i)] =
            approx(rules::odds::shot(core::die_at(i), 0, 0, ctx.rs().shooting_bands).expected_hits);
        chip_odds_[static_cast<std::size_t>(i)] =
            approx(rules::odds::chip_succeeds(core::die_at(i)));
    }
}

const Scorer::MeleeSummary& Scorer::melee_summary(core::DieType a, core::DieType d, unsigned flags) const {
    const std::size_t k =
        static_cast<std::size_t>((core::ladder_index(a) * core::kLadderSize + core::ladder_index(d)) * kFlagCombos) + flags;
    if (!melee_done_[k]) {
        rules::odds::MeleeFlags f;
        f.initiator_void_on_loss = (flags & 1u) != 0;
        f.defender_void_on_loss = (flags & 2u) != 0;
        f.x2_routs_defender = (flags & 4u) != 0;
        f.x2_routs_initiator = (flags & 8u) != 0;
        const auto m = rules::odds::melee(a, d, ctx_.rs().melee_bands, f);
        const auto sum = [](const rules::odds::MeleeSide& side) {
            LoserResults r;
            for (const auto& o : side.outcomes) {
                const double p = approx(o.chance);
                r.hits += p * o.hits;
                if (o.status == Status::Disordered) r.disorder += p;
                if (o.status == Status::Routed) r.rout += p;
                if (o.chip_window)
                    (o.status == Status::Disordered ? r.chip_disordered : r.chip_unchanged) += p;
            }
            return r;
        };
        melee_[k] = MeleeSummary{sum(m.initiator_wins), sum(m.defender_wins)};
        melee_done_[k] = true;
    }
    return melee_[k];
}

double Scorer::loss(const GameState& s, std::size_t u, const LoserResults& r) const {
    return r.hits * hit_value(s, u) + r.disorder * status_loss(s, u, Status::Disordered) +
           r.rout * status_loss(s, u, Status::Routed) +
           r.chip_disordered * chip_window_value(s, u, UnitStatus::Disordered) +
           r.chip_unchanged * chip_window_value(s, u, s.unit(u).status);
}

double Scorer::chip_window_value(const GameState& s, std::size_t ui, UnitStatus after) const {
    const Unit& u = s.unit(ui);
    if (!u.on_table() || after == UnitStatus::Routed) return 0;
    if (s.morale_chips[rules::idx(rules::other(u.side))] <= 0) return 0;  // PS-CHIP-8
    // PS-CHIP-9: the target's die against a chip, as it would be in its status after the result.
    const double p =
        chip_odds_[static_cast<std::size_t>(core::ladder_index(rules::test_roll(s, ui, after).final))];
    const double stands = u.stand_count();
    const double gain = after == UnitStatus::Ok
                            ? (kOkStand - kDisorderedStand) * stands
                            : (kDisorderedStand - kRoutedStand + kChip) * stands;
    return std::max(0.0, p * gain - kChip);
}

double Scorer::chip_after(const GameState& s, std::size_t ui, Status st) const {
    return chip_window_value(s, ui,
                             st == Status::Disordered ? UnitStatus::Disordered : s.unit(ui).status);
}

double Scorer::unit_worth(const GameState& s, std::size_t ui) const {
    const Unit& u = s.unit(ui);
    if (!u.on_table()) return 0;
    const double per = u.status == UnitStatus::Ok ? kOkStand : u.status == UnitStatus::Disordered ? kDisorderedStand
                                                                                                  : kRoutedStand;
    return per * (u.stand_count() - u.hits * hit_value(s, ui) / std::max(per, 1e-9));
}

double Scorer::hit_value(const GameState& s, std::size_t ui) const {
    const Unit& u = s.unit(ui);
    if (!u.on_table()) return 0;
    const auto& groups = ctx_.type(u).stands;
    int cap = 1;
    for (std::size_t g = 0; g < groups.size() && g < u.stands.size(); ++g) {
        if (u.stands[g] > 0) {
            cap = std::max(1, groups[g].hits);
            break;
        }
    }
    const double per = u.status == UnitStatus::Ok ? kOkStand : u.status == UnitStatus::Disordered ? kDisorderedStand
                                                                                                  : kRoutedStand;
    return per / cap;
}

double Scorer::status_loss(const GameState& s, std::size_t ui, Status st) const {
    const Unit& u = s.unit(ui);
    if (!u.on_table() || st == Status::None) return 0;
    const double per = u.status == UnitStatus::Ok ? kOkStand : u.status == UnitStatus::Disordered ? kDisorderedStand
                                                                                                  : kRoutedStand;
    const double stands = u.stand_count();
    if (st == Status::Disordered) {
        return u.status == UnitStatus::Ok ? (kOkStand - kDisorderedStand) * stands : 0.0;
    }
    // Routed: the stands drop to a routed unit's worth, and a chip is lost for each.
    return (per - kRoutedStand) * stands + kChip * stands;
}

double Scorer::shot_threat(const GameState& s, std::size_t a, std::size_t t) const {
    const Unit& u = s.unit(a);
    const Unit& e = s.unit(t);
    if (!fighting_unit(u) || u.fired || !e.on_table() || u.range_half == 0) return 0;
    if (core::dist2(u.square, e.square) > u.range_half) return 0;
    if (!rules::has_shoot_value(ctx_, u) || !rules::in_fire_arc(ctx_, u, e.square)) return 0;
    if (!rules::line_of_sight(ctx_, s, u.square, e.square)) return 0;
    const auto roll = rules::shot_roll(ctx_, s, a, t);
    return shot_hits_[static_cast<std::size_t>(core::ladder_index(roll.final))] * hit_value(s, t) * 1.2;
}

double Scorer::melee_threat(GameState& s, std::size_t a, std::size_t d) const {
    const Unit& u = s.unit(a);
    const Unit& e = s.unit(d);
    if (!fighting_unit(u) || !e.on_table() || u.move_half == 0) return 0;
    if (core::dist2(u.square, e.square) > u.move_half) return 0;
    if (e.status == UnitStatus::Routed) return 0.5 * unit_worth(s, d);  // cut down for a pip
    const MeleeKey key = melee_key(s, a, d);
    MeleeMemo& memo = melee_memo_[static_cast<std::size_t>(mix64(key[0] + 3 * key[1] + 5 * key[2] + 7 * key[3]) &
                                                          (kMeleeMemoSize - 1))];
    // Word by word: std::array's == calls memcmp, which cost more than the look-up.
    if (memo.key[0] == key[0] && memo.key[1] == key[1] && memo.key[2] == key[2] && memo.key[3] == key[3]) {
        return memo.value;
    }
    // The melee as the rules would set it up if u entered e's square from the side it is on:
    // unit a is moved there in s for the set-up and put back at once.
    const Unit saved = u;
    Unit& hu = s.unit(a);
    const int dx = (saved.square.x > e.square.x) - (saved.square.x < e.square.x);
    const int dy = (saved.square.y > e.square.y) - (saved.square.y < e.square.y);
    hu.entry = core::make_square(e.square.x + dx, e.square.y + dy);
    hu.square = e.square;
    hu.entrant = true;
    const rules::MeleeSetup setup = rules::melee_setup(ctx_, s, a, d);
    hu = saved;
    const unsigned flags = (setup.initiator_void ? 1u : 0u) | (setup.defender_void ? 2u : 0u) |
                           (setup.x2_on_defender ? 4u : 0u) | (setup.x2_on_initiator ? 8u : 0u);
    const auto& m = melee_summary(setup.initiator.final, setup.defender.final, flags);
    memo.key = key;
    memo.value = loss(s, d, m.defender) - loss(s, a, m.initiator);
    return memo.value;
}

Scorer::MeleeKey Scorer::melee_key(const GameState& s, std::size_t a, std::size_t d) const {
    // What melee_threat reads of a unit: where it is, its type, die, status, stands and hits,
    // whether its leader is attached, and whether the enemy has a chip left to chip it with
    // (chip_window_value). The attacker's facing is not read (it enters the defender's square);
    // the defender's is (from its flank or rear).
    const auto words = [&](std::size_t i, bool facing) {
        const Unit& u = s.unit(i);
        const std::uint64_t w0 =
            std::uint64_t{1} << 63 | static_cast<std::uint64_t>(static_cast<std::uint8_t>(u.square.x)) |
            static_cast<std::uint64_t>(static_cast<std::uint8_t>(u.square.y)) << 8 |
            (facing ? static_cast<std::uint64_t>(u.facing) : 0xFFu) << 16 |
            static_cast<std::uint64_t>(u.status) << 24 | static_cast<std::uint64_t>(u.deployed) << 32 |
            static_cast<std::uint64_t>(rules::idx(u.side)) << 33 |
            static_cast<std::uint64_t>(rules::leader_attached(s, i)) << 34 |
            static_cast<std::uint64_t>(s.morale_chips[rules::idx(rules::other(u.side))] > 0) << 35 |
            static_cast<std::uint64_t>(u.type) << 40 | static_cast<std::uint64_t>(u.fight) << 48;
        const std::uint64_t w1 = static_cast<std::uint64_t>(u.move_half) | static_cast<std::uint64_t>(u.stands[0]) << 8 |
                                 static_cast<std::uint64_t>(u.stands[1]) << 16 | static_cast<std::uint64_t>(u.hits) << 24;
        return std::pair{w0, w1};
    };
    static_assert(rules::kMaxStandGroups == 2);
    const auto [a0, a1] = words(a, false);
    const auto [d0, d1] = words(d, true);
    return {a0, a1, d0, d1};
}

void Scorer::same_terrain(const GameState& s) const {
    if (s.terrain == memo_terrain_ && s.terrain_pieces == memo_pieces_ && s.files == memo_files_ &&
        s.ranks == memo_ranks_) {
        return;
    }
    std::fill(melee_memo_.begin(), melee_memo_.end(), MeleeMemo{});
    memo_terrain_ = s.terrain;
    memo_pieces_ = s.terrain_pieces;
    memo_files_ = s.files;
    memo_ranks_ = s.ranks;
}

Scorer::UnitParts Scorer::unit_parts(GameState& s, std::size_t ui) const {
    const Unit& u = s.unit(ui);
    UnitParts parts;
    if (!u.on_table()) return parts;
    int nearest = 1 << 20;
    // Beyond both units' range and move, every threat between them is nothing (shot_threat and
    // melee_threat give 0 there): such pairs are passed by before the four calls.
    const int u_reach = std::max(u.range_half, u.move_half);
    // A shooter with enemies in range but none in its arc: the fewest 45-degree steps it would
    // turn to bring one in (a cannon turns one step a move, so no single move shows a gain).
    const bool shooter =
        u.range_half > 0 && u.status != UnitStatus::Routed && rules::has_shoot_value(ctx_, u);
    bool in_arc = false;
    int turn = core::kFacings;
    for (std::size_t j = 0; j < s.unit_count; ++j) {
        const Unit& e = s.unit(j);
        if (e.side == u.side || !e.on_table()) continue;
        const int d2 = core::dist2(u.square, e.square);
        if (e.status != UnitStatus::Routed) nearest = std::min(nearest, d2);
        if (shooter && !in_arc && e.status != UnitStatus::Routed && d2 <= u.range_half) {
            if (rules::in_fire_arc(ctx_, u, e.square)) {
                in_arc = true;
            } else {
                turn = fewest_turns(u, e.square, turn);
            }
        }
        if (d2 > u_reach && d2 > std::max(e.range_half, e.move_half)) continue;
        parts.shots += shot_threat(s, ui, j) - shot_threat(s, j, ui);
        parts.melees += melee_threat(s, ui, j) - melee_threat(s, j, ui);
    }
    if (u.status != UnitStatus::Routed && nearest < (1 << 20)) parts.nearness = -nearest / 2.0;
    if (!in_arc && turn < core::kFacings) parts.facing = -turn;
    return parts;
}

double Scorer::unit_terms(GameState& s, std::size_t ui) const {
    const UnitParts p = unit_parts(s, ui);
    return kThreat * (p.shots + kMeleeThreat * p.melees) + kApproach * p.nearness +
           kFacing * p.facing;
}

double EvalWeights::apply(const EvalTerms& t) const {
    return ok_stand * t.ok_stands + disordered_stand * t.disordered_stands +
           routed_stand * t.routed_stands + leader * t.leader + chip * t.chips +
           shot_threat * t.shot_threats + melee_threat * t.melee_threats + nearness * t.nearness +
           facing * t.facing;
}

EvalTerms Scorer::terms(const GameState& position, Side me) const {
    GameState& s = scratch_;  // one copy for every unit's terms, which move units and put them back
    s = position;
    same_terrain(s);
    EvalTerms t;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.unit(i);
        if (!u.on_table()) continue;
        const double sign = u.side == me ? 1.0 : -1.0;
        const double per = u.status == UnitStatus::Ok           ? kOkStand
                           : u.status == UnitStatus::Disordered ? kDisorderedStand
                                                                : kRoutedStand;
        const double stands = sign * unit_worth(s, i) / per;
        (u.status == UnitStatus::Ok           ? t.ok_stands
         : u.status == UnitStatus::Disordered ? t.disordered_stands
                                              : t.routed_stands) += stands;
        const UnitParts p = unit_parts(s, i);
        t.shot_threats += sign * p.shots;
        t.melee_threats += sign * p.melees;
        t.nearness += sign * p.nearness;
        t.facing += sign * p.facing;
    }
    for (const Side side : {me, rules::other(me)}) {
        const double sign = side == me ? 1.0 : -1.0;
        if (s.leaders[rules::idx(side)].alive) t.leader += sign;
        t.chips += sign * std::min<int>(s.morale_chips[rules::idx(side)], kChipsThatCount);
    }
    return t;
}

double Scorer::card_turn_value(const GameState& s, Side me) const {
    const rules::Deck& d = s.decks[rules::idx(me)];
    if (d.left() <= 0) return kTurnBase;
    bool inf = false, cav = false, fired = false, shaken = false;
    bool melee_left = false;
    for (int i = d.drawn; i < d.size; ++i) melee_left |= d.cards[static_cast<std::size_t>(i)] == rules::CardKind::Melee;
    // Whether any unit of mine is within a step of an enemy: asked only when a Melee card remains.
    bool contact = false;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.unit(i);
        if (u.side != me || !u.on_table()) continue;
        (ctx_.type(u).category == rules::Category::Cavalry ? cav : inf) = true;
        fired |= u.fired;
        shaken |= u.status != UnitStatus::Ok;
        for (std::size_t j = 0; j < s.unit_count && melee_left && !contact; ++j) {
            const Unit& e = s.unit(j);
            if (e.side != me && e.on_table() && core::dist2(u.square, e.square) <= 3) contact = true;
        }
    }
    // Only which cards remain is known (the view hides their order): the chance the next one helps.
    double useful = 0;
    for (int i = d.drawn; i < d.size; ++i) {
        switch (d.cards[static_cast<std::size_t>(i)]) {
            case rules::CardKind::InfantryMove: useful += inf ? 1 : 0; break;
            case rules::CardKind::CavalryMove: useful += cav ? 1 : 0; break;
            case rules::CardKind::Reload: useful += fired ? 1 : 0; break;
            case rules::CardKind::Melee: useful += contact ? 1 : 0; break;
            case rules::CardKind::LeaderCheck: useful += shaken && s.morale_chips[rules::idx(me)] > 0 ? 1 : 0; break;
            case rules::CardKind::Courage: useful -= shaken ? 1 : 0; break;
            default: break;
        }
    }
    return kTurnBase + kTurnUseful * useful / d.left();
}

double Scorer::score_one(const GameState& s, const rules::Command& c, Side me) {
    const auto melee_ev = [&](const rules::Preview& p) {
        if (p.kind == rules::Preview::Kind::CutDown) return unit_worth(s, p.target) + kChip * s.unit(p.target).stand_count();
        const std::size_t a = p.actors.empty() ? p.target : p.actors.front();
        const std::size_t d = p.target;
        const double init_mine = s.unit(a).side == me ? 1.0 : -1.0;
        double v = 0;
        for (const auto& o : p.melee.initiator_wins.outcomes) {
            v += approx(o.chance) * (o.hits * hit_value(s, d) + status_loss(s, d, o.status) +
                                     (o.chip_window ? chip_after(s, d, o.status) : 0.0));
        }
        for (const auto& o : p.melee.defender_wins.outcomes) {
            v -= approx(o.chance) * (o.hits * hit_value(s, a) + status_loss(s, a, o.status) +
                                     (o.chip_window ? chip_after(s, a, o.status) : 0.0));
        }
        if (rules::leader_attached(s, a) || rules::leader_attached(s, d)) v -= approx(p.melee.tie) * kLeader;
        return init_mine * v;
    };
    const auto shot_ev = [&](const rules::Preview& p) {
        double v = 0;
        for (const auto& o : p.shot.outcomes) {
            v += approx(o.chance) *
                 (o.new_hits * hit_value(s, p.target) + status_loss(s, p.target, o.status) +
                  (o.chip_window ? chip_after(s, p.target, o.status) : 0.0));
        }
        for (const auto& o : p.combined.outcomes) {
            v += approx(o.chance) * (o.new_hits * hit_value(s, p.target) + status_loss(s, p.target, o.status));
        }
        return v;
    };
    const auto previewed = [&](const rules::Command& cmd) -> const rules::Preview* {
        preview_ = rules::preview(ctx_, s, std::span<const rules::Command>(&cmd, 1));
        return std::get_if<rules::Preview>(&preview_);
    };
    return std::visit(
        core::Overloaded{
            [&](const rules::Move& m) -> double {
                const auto ui = own_unit_at(s, m.from);
                if (!ui) return -1;
                const Unit& u = s.unit(*ui);
                const int pips = ctx_.type(u).move_pips + (m.attack ? 1 : 0);
                if (m.attack) {
                    if (const auto* p = previewed(c)) return melee_ev(*p) - kPip * pips;
                }
                // Where the unit ends and which way it faces is all that changes: moves that end
                // alike (turn, then step; or step, then turn) share one working out.
                const Square to = m.to.value_or(u.square);
                const Facing facing = m.face_after ? *m.face_after : m.face_before.value_or(u.facing);
                const double moved_terms = terms_at(*ui, to, facing);
                return 2.0 * (moved_terms - terms_now(*ui)) - kPip * pips;
            },
            [&](const rules::Shoot& sh) -> double {
                const auto* p = previewed(c);
                if (!p) return -1;
                const bool active = s.decision == rules::Decision::Act;
                (void)sh;
                return shot_ev(*p) - (active ? kPip : kOpportunityChip) - kLoadedShot;
            },
            [&](const rules::Fight&) -> double {
                const auto* p = previewed(c);
                return p ? melee_ev(*p) - kPip : -1;
            },
            [&](const rules::Charge& ch) -> double {
                const auto ui = own_unit_at(s, ch.from);
                if (!ui || s.move.unit == rules::kNone) return -1;
                return kMeleeThreat * 2 * melee_threat(scratch_, *ui, s.move.unit) - kOpportunityChip;
            },
            [&](const rules::Evade&) -> double {
                // The unit entered is ours, in the square the mover is entering.
                if (s.move.unit == rules::kNone) return -1;
                const Unit& mover = s.unit(s.move.unit);
                const auto ui = own_unit_at(s, mover.square);
                double worst = 0;
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    if (s.unit(i).side == me && s.unit(i).on_table() && core::dist2(s.unit(i).square, mover.square) <= 3)
                        worst = std::max(worst, melee_threat(scratch_, s.move.unit, i));
                }
                (void)ui;
                return worst - kOpportunityChip;
            },
            [&](const rules::Reload& r) -> double {
                const auto ui = own_unit_at(s, r.square);
                if (!ui) return -1;
                const Unit& u = s.unit(*ui);
                const double loaded_terms = terms_if(*ui, [](Unit& loaded) { loaded.fired = false; });
                const double gain = 2.0 * (loaded_terms - terms_now(*ui));
                return gain + kLoadedShot + 0.1 - kPip * ctx_.type(u).reload_pips;
            },
            [&](const rules::Rally& r) -> double {
                const auto* p = previewed(c);
                const auto ui = own_unit_at(s, r.square);
                if (!p || !ui) return -1;
                const Unit& u = s.unit(*ui);
                const double gain = u.status == UnitStatus::Routed ? (kDisorderedStand - kRoutedStand) * u.stand_count()
                                                                   : (kOkStand - kDisorderedStand) * u.stand_count();
                return approx(p->chance) * gain - kChip;
            },
            [&](const rules::ChipUnit&) -> double {
                const auto* p = previewed(c);
                if (!p) return -1;
                const Unit& t = s.unit(p->target);
                const double gain = status_loss(s, p->target, t.status == UnitStatus::Ok ? Status::Disordered : Status::Routed);
                return approx(p->chance) * gain - kChip;
            },
            [&](const rules::Follow&) -> double {
                if (s.choice_pursuit) return 0.2;
                if (s.choice_unit == rules::kNone || s.choice_other == rules::kNone) return 0.05;
                return kMeleeThreat * melee_threat(scratch_, s.choice_unit, s.choice_other);
            },
            [&](const rules::Stay&) -> double { return 0; },
            [&](const rules::Decline&) -> double { return 0; },
            [&](const rules::TurnCard&) -> double { return card_turn_value(s, me); },
            [&](const rules::Pass&) -> double { return -0.001 * s.pips; },
            [&](const rules::March&) -> double { return -1; },
            [&](const rules::MoveLeader& ml) -> double {
                // Out of the enemy's range is worth a move; where he stands now is asked once per
                // score_all (false for a leader dead or not deployed, whatever the square).
                if (leader_danger_generation_ != generation_) {
                    leader_danger_generation_ = generation_;
                    leader_in_danger_ = rules::leader_in_enemy_range(ctx_, s, me);
                }
                // Where he goes matters only when he is in danger where he stands.
                const bool to_safety = leader_in_danger_ && !rules::leader_shooter_at(ctx_, s, me, ml.to).has_value();
                return (to_safety ? 0.5 : -0.05) - kPip;
            },
            [&](const rules::Escape& e) -> double {
                int nearest = 1 << 20;
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.unit(i);
                    if (u.side != me && u.on_table()) nearest = std::min(nearest, core::dist2(u.square, e.to));
                }
                return 0.01 * std::min(nearest, 40);
            },
            [&](const rules::ChooseOrder& o) -> double {
                const int mine = s.initiative_roll[rules::idx(me)];
                const int theirs = s.initiative_roll[rules::idx(rules::other(me))];
                const int small = std::min(mine, theirs), large = std::max(mine, theirs);
                return o.first ? 0.5 * small + 1.0 : 0.5 * large;
            },
            [&](const rules::DeployAuto&) -> double { return 1; },
            [&](const rules::PassTerrain&) -> double { return 1; },
            [&](const rules::AdjustTerrain& a) -> double { return a.action == rules::AdjustTerrain::Action::Pass ? 1 : 0; },
            [&](const rules::Concede&) -> double { return -1000; },
            [&](const auto&) -> double { return 0; },
        },
        c);
}

std::optional<std::size_t> Scorer::own_unit_at(const GameState& s, Square sq) const {
    if (!s.on_board(sq)) return rules::unit_at(s, sq, rules::deciding_side(s));
    const std::uint8_t i = own_at_[static_cast<std::size_t>(s.square_index(sq))];
    if (i == 0) return std::nullopt;
    return i - 1u;
}

template <typename Change>
double Scorer::terms_if(std::size_t u, Change change) {
    Unit& unit = scratch_.unit(u);
    const Unit saved = unit;
    change(unit);
    const double t = unit_terms(scratch_, u);
    unit = saved;
    return t;
}

double Scorer::terms_at(std::size_t u, Square to, Facing facing) {
    // One slot per square and facing; a slot holds the last unit worked out there in this
    // score_all (its stamp says which), so nothing is cleared between decisions.
    const auto square = static_cast<std::size_t>(scratch_.square_index(to));
    const auto slot = square * core::kFacings + static_cast<std::size_t>(facing);
    static_assert(rules::kMaxUnits <= 256 && rules::kMaxSquares <= (1 << 16));
    const std::uint64_t stamp = (generation_ << 8) | u;
    if (at_[slot].stamp == stamp) return at_[slot].value;
    Unit& unit = scratch_.unit(u);
    const Unit saved = unit;
    unit.square = to;
    unit.facing = facing;
    // The square's facing-free parts, shared by the unit's every facing there.
    const std::size_t parts_slot = square % kSquareSlots;
    const std::uint64_t parts_stamp = (stamp << 16) | square;
    SquareParts& sp = square_parts_[parts_slot];
    if (square_stamp_[parts_slot] != parts_stamp) {
        square_parts(sp, u);
        square_stamp_[parts_slot] = parts_stamp;
    }
    const UnitParts p = parts_facing(sp, u);
    const double t = kThreat * (p.shots + kMeleeThreat * p.melees) + kApproach * p.nearness + kFacing * p.facing;
    assert(t == unit_terms(scratch_, u));  // the same sums as unit_parts makes (Debug builds check)
    unit = saved;
    at_[slot] = {stamp, t};
    return t;
}

void Scorer::square_parts(SquareParts& sp, std::size_t ui) const {
    GameState& s = scratch_;
    const Unit& u = s.unit(ui);
    sp.pair_count = 0;
    sp.in_range_count = 0;
    sp.nearest = 1 << 20;
    sp.hit_value = hit_value(s, ui);
    if (!u.on_table()) return;  // no parts: unit_parts' zeros
    const int u_reach = std::max(u.range_half, u.move_half);
    const bool shooter = u.range_half > 0 && u.status != UnitStatus::Routed && rules::has_shoot_value(ctx_, u);
    // shot_threat(u, e) but for the arc: u's facing turns only its arc.
    const bool u_can_shoot =
        fighting_unit(u) && !u.fired && u.range_half != 0 && rules::has_shoot_value(ctx_, u);
    for (std::size_t j = 0; j < s.unit_count; ++j) {
        const Unit& e = s.unit(j);
        if (e.side == u.side || !e.on_table()) continue;
        const int d2 = core::dist2(u.square, e.square);
        if (e.status != UnitStatus::Routed) sp.nearest = std::min(sp.nearest, d2);
        if (shooter && e.status != UnitStatus::Routed && d2 <= u.range_half) {
            sp.in_range[sp.in_range_count++] = static_cast<std::uint8_t>(j);
        }
        if (d2 > u_reach && d2 > std::max(e.range_half, e.move_half)) continue;
        SquareParts::Pair& pair = sp.pairs[sp.pair_count++];
        pair = {};
        pair.enemy = static_cast<std::uint8_t>(j);
        if (u_can_shoot && d2 <= u.range_half && rules::line_of_sight(ctx_, s, u.square, e.square)) {
            pair.shoots_out = true;
            const auto roll = rules::shot_roll(ctx_, s, ui, j);
            pair.shot_out = shot_hits_[static_cast<std::size_t>(core::ladder_index(roll.final))] * hit_value(s, j) * 1.2;
        }
        // shot_threat(e, u) but for the roll, whose flank modifier u's facing turns.
        pair.shot_at = fighting_unit(e) && !e.fired && e.range_half != 0 && core::dist2(e.square, u.square) <= e.range_half &&
                       rules::has_shoot_value(ctx_, e) && rules::in_fire_arc(ctx_, e, u.square) &&
                       rules::line_of_sight(ctx_, s, e.square, u.square);
        pair.melee_out = melee_threat(s, ui, j);
        const int dx = (e.square.x > u.square.x) - (e.square.x < u.square.x);
        const int dy = (e.square.y > u.square.y) - (e.square.y < u.square.y);
        pair.entry = core::make_square(u.square.x + dx, u.square.y + dy);
    }
}

Scorer::UnitParts Scorer::parts_facing(SquareParts& sp, std::size_t ui) const {
    GameState& s = scratch_;
    const Unit& u = s.unit(ui);
    UnitParts parts;
    for (std::size_t k = 0; k < sp.pair_count; ++k) {
        SquareParts::Pair& pair = sp.pairs[k];
        const Unit& e = s.unit(pair.enemy);
        const double out = pair.shoots_out && rules::in_fire_arc(ctx_, u, e.square) ? pair.shot_out : 0.0;
        double in = 0.0;
        if (pair.shot_at) {
            // shot_roll's only modifier that u's facing turns (PS-SHOOT-7).
            const std::size_t flank = rules::fires_on_flank_or_rear(ctx_, e.square, u) ? 1 : 0;
            if (!pair.shot_in_known[flank]) {
                const auto roll = rules::shot_roll(ctx_, s, pair.enemy, ui);
                pair.shot_in[flank] = shot_hits_[static_cast<std::size_t>(core::ladder_index(roll.final))] * sp.hit_value * 1.2;
                pair.shot_in_known[flank] = true;
            }
            in = pair.shot_in[flank];
        }
        parts.shots += out - in;
        // melee_setup reads the defender's facing only for the attacker's entry (PS-MELEE-6).
        const std::size_t flank = rules::entered_from_flank_or_rear(ctx_, pair.entry, u) ? 1 : 0;
        if (!pair.melee_in_known[flank]) {
            pair.melee_in[flank] = melee_threat(s, pair.enemy, ui);
            pair.melee_in_known[flank] = true;
        }
        parts.melees += pair.melee_out - pair.melee_in[flank];
    }
    // The facing term, as unit_parts finds it: the first enemy in range in the arc, else the
    // fewest steps to turn to one.
    bool in_arc = false;
    int turn = core::kFacings;
    for (std::size_t k = 0; k < sp.in_range_count && !in_arc; ++k) {
        const Unit& e = s.unit(sp.in_range[k]);
        if (rules::in_fire_arc(ctx_, u, e.square)) {
            in_arc = true;
        } else {
            turn = fewest_turns(u, e.square, turn);
        }
    }
    if (u.status != UnitStatus::Routed && sp.nearest < (1 << 20)) parts.nearness = -sp.nearest / 2.0;
    if (!in_arc && turn < core::kFacings) parts.facing = -turn;
    return parts;
}

double Scorer::terms_now(std::size_t u) {
    double& t = terms_now_[u];
    if (std::isnan(t)) t = unit_terms(scratch_, u);
    return t;
}

std::optional<rules::Command> Scorer::best(const GameState& s) {
    const Side me = rules::deciding_side(s);
    begin_scoring(s, me);
    std::vector<rules::Command> legal = rules::legal_commands(ctx_, s);
    std::optional<std::size_t> best;
    double best_score = 0;
    std::uint64_t scored = 0;
    for (std::size_t i = 0; i < legal.size(); ++i) {
        if (std::holds_alternative<rules::Concede>(legal[i])) continue;
        const double v = score_one(s, legal[i], me);
        ++scored;
        if (!best || v > best_score) {  // the first of the highest, as best_of picks
            best = i;
            best_score = v;
        }
    }
    evaluated_ += scored;
    if (!best) return std::nullopt;
    return std::move(legal[*best]);
}

std::vector<Scored> Scorer::score_all(const GameState& s) {
    const Side me = rules::deciding_side(s);
    begin_scoring(s, me);
    std::vector<Scored> out;
    for (auto& c : rules::legal_commands(ctx_, s)) {
        if (std::holds_alternative<rules::Concede>(c)) continue;
        const double v = score_one(s, c, me);
        out.push_back({std::move(c), v});
    }
    evaluated_ += out.size();
    return out;
}

void Scorer::begin_scoring(const GameState& s, Side me) {
    // score_one works on a copy of s that it changes and puts back, and reads each unit's terms
    // where it stands from terms_now_, worked out on first use.
    scratch_ = s;
    same_terrain(s);
    // The deciding side's units by square, the first in the units' order where two share one
    // (as rules::unit_at finds them).
    own_at_.fill(0);
    for (std::size_t i = s.unit_count; i-- > 0;) {
        const Unit& u = s.unit(i);
        if (u.side == me && u.on_table() && s.on_board(u.square)) {
            own_at_[static_cast<std::size_t>(s.square_index(u.square))] = static_cast<std::uint8_t>(i + 1);
        }
    }
    terms_now_.assign(s.unit_count, std::numeric_limits<double>::quiet_NaN());
    ++generation_;
}

}  // namespace tercio::ai
