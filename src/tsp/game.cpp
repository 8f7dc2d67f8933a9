// The Sword and the Pike's sequence of play (TSP-SEQ-1): the cards that decide who acts, the
// movement and fire phases, and the automatic end of each turn (fire morale, To Close, To Stand,
// close combat, rallies, reloads, the spirit of the army). The arithmetic is resolve.cpp's; this
// file moves the units and keeps the decks and the decisions. docs/rulesets.md lists the readings
// of ours where the specification is silent.
#include "tsp/game.hpp"

#include <algorithm>
#include <cctype>

#include "core/engine.hpp"
#include "core/names.hpp"
#include "core/overloaded.hpp"

namespace tercio::tsp {

namespace {

using core::DieType;
using core::idx;
using core::other;
using core::RollPurpose;

const UnitLine& line_of(const Context& ctx, const Unit& u) {
    return ctx.army(u.side).units[u.line];
}
const TroopType& type_of(const Context& ctx, const Unit& u) {
    return ctx.rs().troop_types[u.type];
}
Weapon weapon_of(const Context& ctx, const Unit& u) {
    return line_of(ctx, u).weapon;
}
Temper temper_of(const Context& ctx, const Unit& u) {
    return line_of(ctx, u).temper;
}
}  // namespace

MoveDice unit_move_dice(const Context& ctx, const Unit& u) {
    const Kind k = kind_of(ctx, u);
    if (k == Kind::HeavyGun) return {line_of(ctx, u).may_move ? line_of(ctx, u).move_dice : 0, false};
    return move_dice(k, u.order);
}

namespace {

bool on_board(const GameState& s, Square q) {
    return core::on_board(q, s.files, s.ranks);
}
Square step(Square q, Facing f) {
    const core::Offset v = core::vector(f);
    return core::make_square(q.x + v.dx, q.y + v.dy);
}
bool occupied(const GameState& s, Square q) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].on_board && s.units[i].sq == q) return true;
    }
    return false;
}
/// Next to each other (one king's step): where a charge halts, short of its enemy's square.
bool adjacent(Square a, Square b) {
    const core::Offset d = a - b;
    return core::abs_int(d.dx) <= 1 && core::abs_int(d.dy) <= 1 && !(d.dx == 0 && d.dy == 0);
}

Event ev(EventKind k) {
    Event e;
    e.kind = k;
    return e;
}
Event unit_ev(EventKind k, std::size_t u) {
    Event e = ev(k);
    e.unit = static_cast<std::int8_t>(u);
    return e;
}

int d20(core::Dice& dice, RollPurpose p) {
    return dice.pick(20, p) + 1;
}
int roll_d6s(core::Dice& dice, int n, RollPurpose p) {
    int total = 0;
    for (int i = 0; i < n; ++i) total += dice.roll(DieType::D6, p);
    return total;
}

/// TSP-MOVE-4, our reading: foot of a dismounted unit's weapon.
Kind on_foot(Weapon w) {
    return w == Weapon::Crossbow ? Kind::Crossbowmen : Kind::Arquebusiers;
}

/// The attached field officer of a unit, or -1.
int officer_of(const GameState& s, std::size_t u) {
    for (std::size_t i = 0; i < s.officer_count; ++i) {
        if (s.officers[i].alive && s.officers[i].unit == static_cast<std::int8_t>(u))
            return static_cast<int>(i);
    }
    return -1;
}
/// TSP-TYPE-2: a unit's own leaders count, an attached company's do not, a field officer does.
bool leaderless(const GameState& s, std::size_t u) {
    return (s.units[u].leaders & 0x0f) == 0 && officer_of(s, u) < 0;
}

/// TSP-MOVE-4 by PS-MOVE-4 (TSP-AMB-17): the 45-degree steps a unit may turn in one activation:
/// light horse and skirmishers any, Reiters two, the rest one.
int turn_limit(const Context& ctx, const Unit& u) {
    const Kind k = kind_of(ctx, u);
    if (k == Kind::LightHorse || u.order == Order::Skirmish) return 4;
    if (k == Kind::Reiters) return 2;
    return 1;
}

Opponent opponent_of(const Context& ctx, const Unit& u) {
    return foot(kind_of(ctx, u)) && temper_of(ctx, u) == Temper::Swiss ? Opponent::Swiss : Opponent::Other;
}

MoraleFactors morale_factors(const Context& ctx, const GameState& s, std::size_t u) {
    const Unit& unit = s.units[u];
    MoraleFactors f;
    f.leaderless = leaderless(s, u);
    f.spent = condition_of(unit) == Condition::Spent;
    f.shaken = unit.status == Status::Shaken;
    f.field_officer = officer_of(s, u) >= 0;
    (void)ctx;
    return f;
}

/// Rolls a morale test: the event, and whether it passed.
bool morale(const Context& ctx, GameState& s, std::size_t u, Occasion o, Opponent against,
            const MoraleFactors& f, core::Dice& dice, Events& out) {
    const Unit& unit = s.units[u];
    const MoraleTest t = morale_test(morale_row(kind_of(ctx, unit), temper_of(ctx, unit)), o, against, f);
    const int d10 = dice.roll(DieType::D10, RollPurpose::Morale);
    const bool ok = passes(t, d10);
    Event e = unit_ev(EventKind::Morale, u);
    e.side = unit.side;
    e.a = d10;
    e.b = t.natural_needed();
    e.c = ok ? 1 : 0;
    e.d = static_cast<int>(o);
    out.push_back(e);
    return ok;
}

// --- Decks ---------------------------------------------------------------------------------------

/// A deck shuffled (TSP-CARD-1): all 52 cards back, none pulled. There is no hidden order to
/// draw: the cards left are kept in order, and each pull picks one of them through the dice (see
/// draw), which is a shuffled deck's chance at every card and lets a network copy follow each pull
/// from its public result without knowing any card still to come.
void shuffle(Deck& d, int which, Events& out) {
    for (int i = 0; i < kDeckSize; ++i) d.cards[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i);
    d.next = 0;
    Event e = ev(EventKind::Shuffled);
    e.a = which;
    out.push_back(e);
}

/// The next card of a deck (0 the activation deck, 1 the casualty deck), shuffled first if all
/// are pulled: one of the cards left, picked uniformly; the others stay in order behind it.
std::uint8_t draw(Deck& d, int which, core::Dice& dice, Events& out) {
    if (d.next >= kDeckSize) shuffle(d, which, out);
    const int j = dice.pick(d.left(), which == 0 ? RollPurpose::Card : RollPurpose::CasualtyCard);
    const auto first = d.cards.begin() + d.next;
    std::rotate(first, first + j, first + j + 1);
    return d.cards[static_cast<std::size_t>(d.next++)];
}

// --- Units leaving, figures lost -----------------------------------------------------------------

void end_combat(GameState& s, std::size_t u) {
    Unit& unit = s.units[u];
    if (unit.combat >= 0) {
        Unit& foe = s.units[static_cast<std::size_t>(unit.combat)];
        if (foe.combat == static_cast<std::int8_t>(u)) foe.combat = -1;
        unit.combat = -1;
    }
}

/// Off the field: its combats and the charges at it end, its field officer with it.
void remove_unit(GameState& s, std::size_t u, EventKind why, Events& out) {
    Unit& unit = s.units[u];
    end_combat(s, u);
    unit.on_board = false;
    unit.charging = -1;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].charging == static_cast<std::int8_t>(u)) s.units[i].charging = -1;
    }
    for (std::size_t i = 0; i < s.officer_count; ++i) {
        if (s.officers[i].unit == static_cast<std::int8_t>(u)) s.officers[i].alive = false;
    }
    Event e = unit_ev(why, u);
    e.side = unit.side;
    e.sq = unit.sq;
    out.push_back(e);
}

/// TSP-GRID-3: figures come off the companies without a leader first, front first (the unit's
/// own, then the attached), and the leaders' companies last. Returns the figures taken.
int take_figures(Unit& u, int n) {
    int taken = 0;
    for (const bool with_leader : {false, true}) {
        for (int i = 0; i < kAllCompanies && taken < n; ++i) {
            if (((u.leaders >> i) & 1) != static_cast<int>(with_leader)) continue;
            auto& f = u.figures[static_cast<std::size_t>(i)];
            const int k = std::min<int>(f, n - taken);
            f = static_cast<std::uint8_t>(f - k);
            taken += k;
        }
    }
    return taken;
}

/// Destroyed when its last figure goes (TSP-AMB-21: leaders are not figures).
bool destroyed_if_empty(GameState& s, std::size_t u, Events& out) {
    if (s.units[u].on_board && s.units[u].total() == 0) {
        remove_unit(s, u, EventKind::Destroyed, out);
        return true;
    }
    return false;
}

/// The enemy sharing a unit's square, if any: units in close combat share one square
/// (TSP-GRID-3, as in Pikette Squared).
std::optional<std::size_t> enemy_in_square(const GameState& s, std::size_t u) {
    return unit_at(s, s.units[u].sq, other(s.units[u].side));
}

/// A unit that had to leave a close combat's square (falling back, routing, breaking off) and could
/// not make even its first step. Our reading, after PS-INVOL-3: it stays where it is, still in
/// contact, and the close combat goes on; a Routed one is destroyed there, as a routed unit an
/// enemy reaches is (TSP-CC-8).
void stuck_in_contact(GameState& s, std::size_t u, Events& out) {
    Unit& unit = s.units[u];
    if (!unit.on_board) return;
    const auto foe = enemy_in_square(s, u);
    if (!foe) return;
    if (unit.status == Status::Routed) {
        remove_unit(s, u, EventKind::Destroyed, out);
        return;
    }
    Unit& f = s.units[*foe];
    if (f.combat >= 0 && f.combat != static_cast<std::int8_t>(u)) return;  // cannot happen: one combat a square
    unit.combat = static_cast<std::int8_t>(*foe);
    f.combat = static_cast<std::int8_t>(u);
    Event e = unit_ev(EventKind::CombatBegan, u);
    e.side = unit.side;
    e.other = static_cast<std::int8_t>(*foe);
    e.sq = unit.sq;
    e.a = 1;
    out.push_back(e);
}

/// TSP-AMB-19, PS-INVOL-6: a normal move (the unit's movement dice rolled) toward its own base
/// edge along its file, stepping aside (counter-clockwise first) round what blocks it; a Routed
/// unit that would leave the table is removed, any other stops at the edge.
void move_to_rear(const Context& ctx, GameState& s, std::size_t u, core::Dice& dice, Events& out) {
    Unit& unit = s.units[u];
    const MoveDice md = unit_move_dice(ctx, unit);
    int points = move_points(move_inches(md, roll_d6s(dice, md.count, RollPurpose::Other)));
    const Facing d = core::home_direction(unit.side);
    const bool routed = unit.status == Status::Routed;
    while (points >= 2) {
        bool stepped = false;
        for (const int turn : {0, -1, 1}) {
            const Facing f = core::rotated(d, turn);
            const int cost = core::is_diagonal(f) ? 3 : 2;
            const Square q = step(unit.sq, f);
            if (!on_board(s, q)) {
                if (turn == 0 && routed) {
                    remove_unit(s, u, EventKind::Removed, out);
                    return;
                }
                if (turn == 0) break;
                continue;
            }
            if (cost > points || occupied(s, q)) continue;
            unit.sq = q;
            points -= cost;
            stepped = true;
            break;
        }
        if (!stepped) break;
    }
    Event e = unit_ev(EventKind::FellBack, u);
    e.side = unit.side;
    e.sq = unit.sq;
    out.push_back(e);
    stuck_in_contact(s, u, out);
}

/// TSP-SHAKEN-1, TSP-AMB-14: Shaken, and the Shaken move to the rear, keeping its facing.
void shake(const Context& ctx, GameState& s, std::size_t u, core::Dice& dice, Events& out) {
    Unit& unit = s.units[u];
    unit.status = Status::Shaken;
    unit.charging = -1;
    end_combat(s, u);
    Event e = unit_ev(EventKind::Shaken, u);
    e.side = unit.side;
    out.push_back(e);
    move_to_rear(ctx, s, u, dice, out);
}

/// TSP-ROUT-1: a D4 of casualties, then a normal move to the rear facing its base edge.
void rout(const Context& ctx, GameState& s, std::size_t u, core::Dice& dice, Events& out) {
    Unit& unit = s.units[u];
    const int d4 = dice.roll(DieType::D4, RollPurpose::Other);
    take_figures(unit, rout_losses(d4, unit.total()));
    unit.status = Status::Routed;
    unit.routed_turn = static_cast<std::int8_t>(s.turn);
    unit.facing = core::home_direction(unit.side);
    unit.charging = -1;
    end_combat(s, u);
    Event e = unit_ev(EventKind::Routed, u);
    e.side = unit.side;
    e.a = d4;
    out.push_back(e);
    if (destroyed_if_empty(s, u, out)) return;
    move_to_rear(ctx, s, u, dice, out);
}

// --- Fire ------------------------------------------------------------------------------------------

Cover cover_at(const GameState& s, Square q) {
    switch (s.terrain_at(q)) {
        case Terrain::Wood:
        case Terrain::Hedge: return Cover::Light;
        case Terrain::Wall:
        case Terrain::Building: return Cover::Hard;
        default: return Cover::None;
    }
}

/// The band of a shot of `u` at `t`, if it may shoot at it now (TSP-AMB-17: no reload markers, not
/// Routed, a target in range and arc; our readings: not in close combat, Reiters not out of fire,
/// a light gun not moved this turn, TSP-FIRE-6).
std::optional<Band> shot_band(const Context& ctx, const GameState& s, std::size_t u, std::size_t t) {
    const Unit& a = s.units[u];
    const Unit& b = s.units[t];
    const Weapon w = weapon_of(ctx, a);
    if (!a.on_board || !b.on_board || a.side == b.side || w == Weapon::None) return std::nullopt;
    if (a.status == Status::Routed || a.reload > 0 || a.out_of_fire || a.combat >= 0) return std::nullopt;
    if (b.combat >= 0) return std::nullopt;  // our reading: no shot into a close combat's square
    if (kind_of(ctx, a) == Kind::LightGun && a.moved_this_turn) return std::nullopt;
    if (fire_dice(kind_of(ctx, a), w, a.total(), fire_ranks(kind_of(ctx, a))) <= 0) return std::nullopt;
    if (!core::in_arc(a.facing, b.sq - a.sq)) return std::nullopt;
    return fire_band(w, core::dist2(a.sq, b.sq));
}

bool can_fire(const Context& ctx, const GameState& s, std::size_t u) {
    for (std::size_t t = 0; t < s.unit_count; ++t) {
        if (shot_band(ctx, s, u, t)) return true;
    }
    return false;
}

/// TSP-FIRE-9, TSP-AMB-21: a casualty card for each hit; an ace hits the unit leader if it has
/// one, else an attached field officer, else an ordinary figure.
void casualties(GameState& s, std::size_t t, int hits, core::Dice& dice, Events& out) {
    for (int h = 0; h < hits && s.units[t].on_board; ++h) {
        Unit& unit = s.units[t];
        const std::uint8_t card = draw(s.casualty, 1, dice, out);
        Event e = unit_ev(EventKind::Casualty, t);
        e.side = unit.side;
        e.card = card;
        const int officer = officer_of(s, t);
        if (card_rank(card) == 1 && (unit.leaders & 0x0f) != 0) {
            // The hindmost of its own leaders falls (the second, if two).
            for (int i = kMaxCompanies - 1; i >= 0; --i) {
                if ((unit.leaders >> i) & 1) {
                    unit.leaders = static_cast<std::uint8_t>(unit.leaders & ~(1 << i));
                    break;
                }
            }
            e.b = 1;
        } else if (card_rank(card) == 1 && officer >= 0) {
            s.officers[static_cast<std::size_t>(officer)].alive = false;
            e.b = 2;
        } else {
            e.a = take_figures(unit, 1);
        }
        unit.hit_this_turn = true;
        out.push_back(e);
        destroyed_if_empty(s, t, out);
    }
}

/// The volley of `u` at `t` in a band: TSP-FIRE-1 .. 4, TSP-GRID-3; `ranks` that fire.
ShotNow plan_shot(const Context& ctx, const GameState& s, std::size_t u, std::size_t t, Band band, int ranks) {
    const Unit& a = s.units[u];
    const Unit& b = s.units[t];
    const Weapon w = weapon_of(ctx, a);
    ShotNow p;
    p.band = band;
    p.dice = fire_dice(kind_of(ctx, a), w, a.total(), ranks);
    p.target_class = target_class(kind_of(ctx, b), b.order, foot(kind_of(ctx, b)) ? cover_at(s, b.sq) : Cover::None, w);
    p.hit_number = hit_number(w, band, p.target_class);
    FireFactors ff;
    ff.shaken = a.status == Status::Shaken;
    ff.light_rain = s.option(kLightRain);
    p.modifiers = fire_modifiers(ff);
    return p;
}

/// Rolls a planned volley: the Shot event (d: Reiters' D4 of ranks, if any) and the hits.
int roll_shot(GameState& s, std::size_t u, std::size_t t, const ShotNow& p, int d4, core::Dice& dice, Events& out) {
    int hit = 0;
    for (int i = 0; i < p.dice; ++i) hit += hits(d20(dice, RollPurpose::Shooting), p.hit_number, total(p.modifiers)) ? 1 : 0;
    Event e = unit_ev(EventKind::Shot, u);
    e.side = s.units[u].side;
    e.other = static_cast<std::int8_t>(t);
    e.a = p.dice;
    e.b = hit;
    e.c = p.hits_on();
    e.d = d4;
    out.push_back(e);
    return hit;
}

/// A volley of `u` at `t` (TSP-FIRE-1 .. 4, TSP-GRID-3) and its reload markers (TSP-FIRE-8,
/// TSP-AMB-13, TSP-AMB-16).
void volley(const Context& ctx, GameState& s, std::size_t u, std::size_t t, Band band, core::Dice& dice,
            Events& out) {
    Unit& a = s.units[u];
    const Kind k = kind_of(ctx, a);
    const Weapon w = weapon_of(ctx, a);
    const int hit = roll_shot(s, u, t, plan_shot(ctx, s, u, t, band, fire_ranks(k)), 0, dice, out);
    a.reload = static_cast<std::uint8_t>(reload_markers(k, w));
    if (k == Kind::Reiters) {
        ++a.shots;
        if (a.shots >= 2) a.out_of_fire = true;
    }
    casualties(s, t, hit, dice, out);
}

// --- Movement ------------------------------------------------------------------------------------

/// Where the activated unit can go with its heading `heading` (steps straight ahead or 45 degrees
/// to either side, PS-MOVE-3): for each square, the square it is entered from, and whether it
/// holds an enemy (a charge). TSP-AMB-18: the penalty of any step applies to the whole roll, so
/// the squares are searched at each penalty, the roll cut by it, over the ground it allows.
struct Reach {
    std::array<std::int16_t, core::kMaxBoardSide * core::kMaxBoardSide> from{};  ///< -1: not reached
    std::array<bool, core::kMaxBoardSide * core::kMaxBoardSide> enemy{};
};

std::size_t at(Square q) {
    return static_cast<std::size_t>(q.y * core::kMaxBoardSide + q.x);
}

Ground step_ground(const GameState& s, Square p, Square q) {
    const Terrain tp = s.terrain_at(p);
    const Terrain tq = s.terrain_at(q);
    Ground g;
    g.woods = tq == Terrain::Wood;
    g.uphill = tq == Terrain::Hill && tp != Terrain::Hill;
    g.downhill = tp == Terrain::Hill && tq != Terrain::Hill;
    g.obstacle = tq == Terrain::Stream || tq == Terrain::Hedge || tq == Terrain::Wall;
    g.rough = tq == Terrain::Building;
    return g;
}

Reach reach(const Context& ctx, const GameState& s, std::size_t ui, Facing heading) {
    const Unit& u = s.units[ui];
    const Kind k = kind_of(ctx, u);
    const bool may_move = line_of(ctx, u).may_move;
    // TSP-FIRE-6, TSP-FIRE-8: an arquebusier on foot holding markers moves at most half.
    const Penalty base = loading_on_foot(k, weapon_of(ctx, u), u.reload) ? Penalty::Half : Penalty::None;
    Reach r;
    r.from.fill(-1);
    for (const Penalty p : {Penalty::None, Penalty::Quarter, Penalty::Half}) {
        const int budget = move_points(s.move_inches, worse(p, base));
        std::array<std::uint8_t, core::kMaxBoardSide * core::kMaxBoardSide> best{};
        best.fill(0xff);
        best[at(u.sq)] = 0;
        // Squares by the cost of reaching them, expanded cheapest first (steps cost 2 or 3).
        std::vector<std::vector<Square>> by_cost(static_cast<std::size_t>(budget) + 1);
        by_cost[0].push_back(u.sq);
        for (int c = 0; c <= budget; ++c) {
            for (std::size_t i = 0; i < by_cost[static_cast<std::size_t>(c)].size(); ++i) {
                const Square q0 = by_cost[static_cast<std::size_t>(c)][i];
                if (best[at(q0)] != c) continue;
                if (q0 != u.sq && r.enemy[at(q0)]) continue;
                for (const int turn : {0, -1, 1}) {
                    const Facing f = core::rotated(heading, turn);
                    const Square q = step(q0, f);
                    const int nc = c + (core::is_diagonal(f) ? 3 : 2);
                    if (!on_board(s, q) || nc > budget || nc >= best[at(q)] || q == u.sq) continue;
                    const Ground g = step_ground(s, q0, q);
                    if (!move_allowed(k, false, g, may_move) || move_penalty(k, u.order, g) > p) continue;
                    if (unit_at(s, q, u.side)) continue;  // friends block (our reading)
                    const bool foe = unit_at(s, q, other(u.side)).has_value();
                    if (foe && gunners(k)) continue;  // guns and wagons do not charge
                    best[at(q)] = static_cast<std::uint8_t>(nc);
                    by_cost[static_cast<std::size_t>(nc)].push_back(q);
                    if (r.from[at(q)] < 0) {
                        r.from[at(q)] = static_cast<std::int16_t>(at(q0));
                        r.enemy[at(q)] = foe;
                    }
                }
            }
        }
    }
    return r;
}

Square square_of(std::int16_t index) {
    return core::make_square(index % core::kMaxBoardSide, index / core::kMaxBoardSide);
}

/// How a move of the activated unit is made: the heading of its steps, where it stops, and the
/// enemy it charges (-1 none). Nothing if it cannot.
struct Path {
    Facing heading = Facing::N;
    Square stop{};
    int enemy = -1;
};

std::optional<Path> path_of(const Context& ctx, const GameState& s, const cmd::Move& m) {
    const std::size_t ui = static_cast<std::size_t>(s.active);
    const Unit& u = s.units[ui];
    if (!on_board(s, m.to) || m.to == u.sq) return std::nullopt;
    const int steps = core::turn_steps(u.facing, m.facing);
    if (steps > turn_limit(ctx, u)) return std::nullopt;
    const auto foe = unit_at(s, m.to, other(u.side));
    // Steps then the turn (never after contact, PS-MOVE-5), or the turn then the steps.
    for (const Facing heading : {u.facing, m.facing}) {
        if (foe && heading != m.facing) continue;
        const Reach r = reach(ctx, s, ui, heading);
        if (r.from[at(m.to)] < 0) continue;
        Path p;
        p.heading = heading;
        p.stop = foe ? square_of(r.from[at(m.to)]) : m.to;
        p.enemy = foe ? static_cast<int>(*foe) : -1;
        return p;
    }
    return std::nullopt;
}

// --- The card phases -----------------------------------------------------------------------------

/// A unit may act in this card phase (TSP-SEQ-1 steps 2 and 3, TSP-AMB-17): not yet had its chance;
/// to move, not Routed (TSP-ROUT-1) and not in close combat; to fire, capable of firing.
bool can_act(const Context& ctx, const GameState& s, std::size_t u) {
    const Unit& unit = s.units[u];
    if (!unit.on_board || unit.acted) return false;
    if (s.step == Step::Movement) return unit.status != Status::Routed && (unit.combat < 0 || unit.combat_rolls >= 6);
    return can_fire(ctx, s, u);
}

bool side_can_act(const Context& ctx, const GameState& s, Side side) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        if (s.units[u].side == side && can_act(ctx, s, u)) return true;
    }
    return false;
}

void pull_card(const Context& ctx, GameState& s, core::Dice& dice, Events& out);

void begin_phase(const Context& ctx, GameState& s, Step step, core::Dice& dice, Events& out) {
    s.step = step;
    for (std::size_t u = 0; u < s.unit_count; ++u) s.units[u].acted = false;
    Event e = ev(EventKind::PhaseBegan);
    e.a = static_cast<int>(step);
    out.push_back(e);
    shuffle(s.activation, 0, out);  // TSP-CARD-1: at the start of each card phase
    pull_card(ctx, s, dice, out);
}

void end_turn(const Context& ctx, GameState& s, core::Dice& dice, Events& out);

/// TSP-CARD-1, TSP-AMB-1: pulls cards until one's colour has a unit to act; a card phase in which
/// nobody is left to act ends.
void pull_card(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    s.card.reset();
    s.active = -1;
    for (;;) {
        if (!side_can_act(ctx, s, Side::A) && !side_can_act(ctx, s, Side::B)) {
            if (s.step == Step::Movement) {
                begin_phase(ctx, s, Step::Fire, dice, out);
            } else {
                end_turn(ctx, s, dice, out);
            }
            return;
        }
        const std::uint8_t card = draw(s.activation, 0, dice, out);
        const Side side = card_side(card);
        Event e = ev(EventKind::CardPulled);
        e.card = card;
        e.side = side;
        if (!side_can_act(ctx, s, side)) {
            e.a = 1;
            out.push_back(e);
            continue;
        }
        s.card = card;
        s.card_side = side;
        s.decider = side;
        // TSP-CARD-2, TSP-AMB-24: the D4 only for a card that activates.
        s.activations_left = 1;
        if (s.step == Step::Movement && s.option(kQuickerMovement))
            s.activations_left = static_cast<std::uint8_t>(dice.roll(DieType::D4, RollPurpose::Other));
        e.b = s.activations_left;
        out.push_back(e);
        s.decision = s.step == Step::Movement ? Decision::Activate : Decision::Fire;
        return;
    }
}

/// One unit has had its turn on the card: the next unit on it, or the next card.
void activation_done(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    s.active = -1;
    if (s.activations_left > 0) --s.activations_left;
    if (s.activations_left > 0 && side_can_act(ctx, s, s.card_side)) {
        s.decision = s.step == Step::Movement ? Decision::Activate : Decision::Fire;
        return;
    }
    pull_card(ctx, s, dice, out);
}

// --- The end of the turn (TSP-SEQ-1 steps 4 to 9, the spirit test, step 1) -----------------------

/// Each side's units in list order, Red (A) first (TSP-AMB-20).
template <class F>
void each_unit_red_first(GameState& s, F&& f) {
    for (const Side side : {Side::A, Side::B}) {
        for (std::size_t u = 0; u < s.unit_count; ++u) {
            if (s.units[u].side == side && s.units[u].on_board) f(u);
        }
    }
}

void finish(GameState& s, EndReason why, std::optional<Side> winner, Events& out) {
    s.decision = Decision::Over;
    s.end = why;
    s.winner = winner;
    s.card.reset();
    s.active = -1;
    s.brigade = -1;
    Event e = ev(EventKind::GameOver);
    e.side = winner;
    e.a = static_cast<int>(why);
    out.push_back(e);
}

int units_on_field(const GameState& s, Side side) {
    int n = 0;
    for (std::size_t u = 0; u < s.unit_count; ++u) n += s.units[u].side == side && s.units[u].on_board;
    return n;
}

/// Step 4: units that took fire casualties test against fire (TSP-AMB-14).
void fire_morale(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    each_unit_red_first(s, [&](std::size_t u) {
        Unit& unit = s.units[u];
        if (!unit.hit_this_turn || unit.status == Status::Routed) return;
        const bool ok = morale(ctx, s, u, Occasion::FireCasualties, Opponent::Other, morale_factors(ctx, s, u), dice, out);
        const Outcome o = morale_outcome(Occasion::FireCasualties, ok, unit.status == Status::Shaken);
        if (o == Outcome::Shaken) shake(ctx, s, u, dice, out);
        if (o == Outcome::Routs) rout(ctx, s, u, dice, out);
    });
}

bool live_charge(const GameState& s, std::size_t u) {
    const Unit& unit = s.units[u];
    if (unit.charging < 0 || unit.status == Status::Routed || unit.combat >= 0) return false;
    const Unit& t = s.units[static_cast<std::size_t>(unit.charging)];
    return t.on_board && adjacent(unit.sq, t.sq);
}

void halt(GameState& s, std::size_t u, Events& out) {
    Event e = unit_ev(EventKind::Halted, u);
    e.side = s.units[u].side;
    e.other = s.units[u].charging;
    out.push_back(e);
    s.units[u].charging = -1;
}

bool into_rear(const GameState& s, std::size_t u, std::size_t t) {
    return core::aspect(s.units[t].facing, s.units[u].sq - s.units[t].sq) == core::Aspect::Rear;
}

/// Step 5: chargers test To Close, unless they come at the enemy's rear (TSP-MORALE-2); a charge
/// whose enemy has gone, or is no longer next to it, finds no one and halts.
void to_close(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    each_unit_red_first(s, [&](std::size_t u) {
        Unit& unit = s.units[u];
        if (unit.charging < 0) return;
        if (!live_charge(s, u)) {
            halt(s, u, out);
            return;
        }
        const auto t = static_cast<std::size_t>(unit.charging);
        if (!needs_to_close_test(into_rear(s, u, t), false)) return;
        MoraleFactors f = morale_factors(ctx, s, u);
        const Kind k = kind_of(ctx, unit);
        const Kind tk = kind_of(ctx, s.units[t]);
        f.gendarmes_vs_lighter_cavalry = k == Kind::Gendarmes && (tk == Kind::Reiters || tk == Kind::LightHorse);
        f.swiss_pike_vs_pike = k == Kind::Pikemen && temper_of(ctx, unit) == Temper::Swiss && tk == Kind::Pikemen;
        const bool ok = morale(ctx, s, u, Occasion::Charging, opponent_of(ctx, s.units[t]), f, dice, out);
        if (!ok) halt(s, u, out);  // TSP-AMB-14: halts short of contact, not Shaken
    });
}

/// TSP-FIRE-7, TSP-AMB-16, TSP-TV-9: Reiters charged by other cavalry fire as many ranks as a D4
/// shows before the close combat, after step 6, without a card. Our readings: not when out of
/// fire or Routed; in any direction (they are attacked, not aiming); the volley is not one of
/// their two shots and takes no markers; the charger's casualties call for no fire test (step 4
/// is past).
void reiters_before_contact(const Context& ctx, GameState& s, std::size_t r, std::size_t charger, core::Dice& dice,
                            Events& out) {
    Unit& reiters = s.units[r];
    const Unit& c = s.units[charger];
    if (kind_of(ctx, reiters) != Kind::Reiters || !mounted(kind_of(ctx, c)) || weapon_of(ctx, reiters) != Weapon::Pistol)
        return;
    if (reiters.out_of_fire || reiters.status == Status::Routed) return;
    const int d4 = dice.roll(DieType::D4, RollPurpose::Shooting);
    const ShotNow p = plan_shot(ctx, s, r, charger, Band::Full, reiter_ranks_charged(d4));
    casualties(s, charger, roll_shot(s, r, charger, p, d4, dice, out), dice, out);
}

/// TSP-FIRE-7: "The front rank of cavalry armed with pistols who are charging with swords may fire
/// one pistol if it closes with the enemy": charging Reiters that make contact fire their front
/// rank before step 7, after the charged Reiters' D4 volley. Our readings: always (it only
/// helps), but not when out of fire; it is not one of their two shots and takes no markers; the
/// target's casualties call for no fire test (step 4 is past).
void pistols_closing(const Context& ctx, GameState& s, std::size_t charger, std::size_t target, core::Dice& dice,
                     Events& out) {
    const Unit& c = s.units[charger];
    if (weapon_of(ctx, c) != Weapon::Pistol || !mounted(kind_of(ctx, c)) || c.out_of_fire) return;
    const ShotNow p = plan_shot(ctx, s, charger, target, Band::Full, 1);
    casualties(s, target, roll_shot(s, charger, target, p, 0, dice, out), dice, out);
}

/// Step 6: the charged test To Stand (TSP-AMB-14, TSP-MORALE-3, TSP-AMB-23); then the charges
/// that stand become close combats.
void to_stand(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    each_unit_red_first(s, [&](std::size_t u) {
        if (!live_charge(s, u)) return;
        const auto t = static_cast<std::size_t>(s.units[u].charging);
        Unit& target = s.units[t];
        if (target.status == Status::Routed) {
            // TSP-CC-8: an attacker that reaches a routed unit destroys it.
            remove_unit(s, t, EventKind::Destroyed, out);
            s.units[u].charging = -1;
            return;
        }
        if (target.order == Order::Skirmish || target.tested_to_stand) return;
        target.tested_to_stand = true;
        MoraleFactors f = morale_factors(ctx, s, t);
        f.attacked_in_rear = into_rear(s, u, t);
        const bool shaken = target.status == Status::Shaken;
        const bool guns = gunners(kind_of(ctx, target));
        const bool ok = morale(ctx, s, t, Occasion::Charged, opponent_of(ctx, s.units[u]), f, dice, out);
        switch (morale_outcome(Occasion::Charged, ok, shaken, guns)) {
            case Outcome::Shaken:
                halt(s, u, out);
                shake(ctx, s, t, dice, out);
                break;
            case Outcome::Routs:
                halt(s, u, out);
                rout(ctx, s, t, dice, out);
                break;
            case Outcome::FiresFallsBack:
                // TSP-MORALE-3: the gunners fire if they can, then fall back; the charger halts.
                if (const auto band = shot_band(ctx, s, t, u)) volley(ctx, s, t, u, *band, dice, out);
                halt(s, u, out);
                if (s.units[t].on_board) move_to_rear(ctx, s, t, dice, out);
                break;
            default: break;
        }
    });
    each_unit_red_first(s, [&](std::size_t u) {
        if (!live_charge(s, u)) return;
        const auto t = static_cast<std::size_t>(s.units[u].charging);
        if (s.units[t].combat >= 0) {
            halt(s, u, out);  // our reading: one close combat a unit; a second charger halts
            return;
        }
        s.units[u].combat = static_cast<std::int8_t>(t);
        s.units[t].combat = static_cast<std::int8_t>(u);
        s.units[u].combat_rolls = 0;
        s.units[t].combat_rolls = 0;
        s.units[u].charging = -1;
        // TSP-GRID-3: close combat is fought in one square, as in Pikette Squared; the charger
        // enters its enemy's square at contact.
        s.units[u].sq = s.units[t].sq;
        Event e = unit_ev(EventKind::CombatBegan, u);
        e.side = s.units[u].side;
        e.other = static_cast<std::int8_t>(t);
        e.sq = s.units[u].sq;
        out.push_back(e);
        reiters_before_contact(ctx, s, t, u, dice, out);
        if (s.units[u].on_board && s.units[t].on_board) pistols_closing(ctx, s, u, t, dice, out);
    });
}

std::vector<Company> companies_of(const Unit& u) {
    std::vector<Company> out;
    for (int i = 0; i < kAllCompanies; ++i) {
        out.push_back(Company{u.figures[static_cast<std::size_t>(i)], ((u.leaders >> i) & 1) != 0, i >= kMaxCompanies});
    }
    return out;
}

/// One close combat round between `ua` (side A's unit) and `ub` (TSP-CC-1 .. 5, TSP-AMB-8,
/// TSP-AMB-15).
void fight_round(const Context& ctx, GameState& s, std::size_t ua, std::size_t ub, core::Dice& dice,
                 Events& out) {
    const std::array<std::size_t, 2> who{ua, ub};
    std::array<std::vector<int>, 2> order;
    for (std::size_t i = 0; i < 2; ++i) {
        const Unit& u = s.units[who[i]];
        order[i] = fighting_companies(companies_of(u), fight_depth(kind_of(ctx, u), u.order));
    }
    std::array<int, 2> officer{officer_of(s, ua), officer_of(s, ub)};
    CombatRound r;
    r.a_companies = static_cast<int>(order[0].size());
    r.b_companies = static_cast<int>(order[1].size());
    r.a_officer = officer[0] >= 0;
    r.b_officer = officer[1] >= 0;
    while (next_match_up(r)) {
        const int a6 = dice.roll(DieType::D6, RollPurpose::Melee);
        const int b6 = dice.roll(DieType::D6, RollPurpose::Melee);
        const MatchUp m = fight(r, a6, b6);
        Event e = unit_ev(EventKind::MatchUp, ua);
        e.other = static_cast<std::int8_t>(ub);
        e.a = m.a_total;
        e.b = m.b_total;
        if (m.winner) {
            const std::size_t l = idx(core::other(*m.winner));
            const int pos = l == 0 ? m.a : m.b;
            e.d = l == 1 ? 1 : 0;
            if (pos < 0) {
                if (m.loss > 0) {
                    // TSP-CC-4: a casualty card: a heart kills him, any other captures him.
                    const std::uint8_t card = draw(s.casualty, 1, dice, out);
                    s.officers[static_cast<std::size_t>(officer[l])].alive = false;
                    Event o = unit_ev(EventKind::OfficerLost, who[l]);
                    o.side = s.units[who[l]].side;
                    o.card = card;
                    o.a = card_suit(card) == 0 ? 1 : 0;
                    out.push_back(o);
                }
            } else {
                Unit& loser = s.units[who[l]];
                auto& f = loser.figures[static_cast<std::size_t>(order[l][static_cast<std::size_t>(pos)])];
                const int k = std::min<int>(f, m.loss);
                f = static_cast<std::uint8_t>(f - k);
                e.c = k;
            }
        }
        out.push_back(e);
    }
    for (const std::size_t u : who) {
        const int rolls = s.units[u].combat_rolls + static_cast<int>(r.fought.size());
        s.units[u].combat_rolls = static_cast<std::uint8_t>(std::min(rolls, 255));
    }
    const bool a_gone = destroyed_if_empty(s, ua, out);
    const bool b_gone = destroyed_if_empty(s, ub, out);
    if (a_gone || b_gone) return;
    const auto lost = round_loser(r);
    if (!lost) {
        Event e = unit_ev(EventKind::CombatGoesOn, ua);
        e.other = static_cast<std::int8_t>(ub);
        out.push_back(e);
        return;
    }
    const std::size_t l = who[idx(*lost)];
    const std::size_t w = who[idx(core::other(*lost))];
    Event e = unit_ev(EventKind::CombatLost, l);
    e.side = *lost;
    e.other = static_cast<std::int8_t>(w);
    out.push_back(e);
    const bool ok = morale(ctx, s, l, Occasion::LostMelee, opponent_of(ctx, s.units[w]), morale_factors(ctx, s, l), dice, out);
    end_combat(s, l);
    if (morale_outcome(Occasion::LostMelee, ok) == Outcome::FallsBackShaken) {
        shake(ctx, s, l, dice, out);
    } else {
        rout(ctx, s, l, dice, out);
    }
}

/// Step 7: every close combat, A's units in list order; skirmishers in close combat are destroyed
/// without dice (TSP-ORDER-1, TSP-AMB-23).
void close_combat(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        const Unit& unit = s.units[u];
        if (unit.side != Side::A || !unit.on_board || unit.combat < 0) continue;
        const auto b = static_cast<std::size_t>(unit.combat);
        if (!s.units[b].on_board || unit.sq != s.units[b].sq) {
            end_combat(s, u);
            continue;
        }
        const bool a_skirm = unit.order == Order::Skirmish;
        const bool b_skirm = s.units[b].order == Order::Skirmish;
        if (a_skirm || b_skirm) {
            if (a_skirm) remove_unit(s, u, EventKind::Destroyed, out);
            if (b_skirm) remove_unit(s, b, EventKind::Destroyed, out);
            continue;
        }
        fight_round(ctx, s, u, b, dice, out);
    }
}

/// Step 8: units that routed in an earlier turn rally (TSP-RALLY-1) or leave the field (TSP-ROUT-1).
void rallies(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    each_unit_red_first(s, [&](std::size_t u) {
        Unit& unit = s.units[u];
        if (unit.status != Status::Routed || unit.routed_turn >= s.turn) return;
        const int need = rally_threshold(rally_row(kind_of(ctx, unit), temper_of(ctx, unit)), officer_of(s, u) >= 0);
        const int d10 = dice.roll(DieType::D10, RollPurpose::Rally);
        const bool ok = d10 >= need;
        Event e = unit_ev(EventKind::Rally, u);
        e.side = unit.side;
        e.a = d10;
        e.b = need;
        e.c = ok ? 1 : 0;
        out.push_back(e);
        if (rally_outcome(ok) == Outcome::StaysShaken) {
            unit.status = Status::Shaken;
            Event r = unit_ev(EventKind::Rallied, u);
            r.side = unit.side;
            out.push_back(r);
        } else {
            remove_unit(s, u, EventKind::Removed, out);
        }
    });
}

/// Step 9: a reload marker off every unit that has any (TSP-FIRE-8); Reiters out of fire reload
/// by a turn without moving or shooting (TSP-AMB-16).
void reloads(GameState& s, Events& out) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        Unit& unit = s.units[u];
        if (!unit.on_board) continue;
        if (unit.reload > 0) {
            --unit.reload;
            Event e = unit_ev(EventKind::Reloaded, u);
            e.side = unit.side;
            e.a = unit.reload;
            out.push_back(e);
        }
        if (unit.out_of_fire && unit.shots == 0 && !unit.moved_this_turn) {
            unit.out_of_fire = false;
            Event e = unit_ev(EventKind::Reloaded, u);
            e.side = unit.side;
            out.push_back(e);
        }
        unit.shots = 0;
    }
}

/// Step 1: Spent units without a field officer test To Stand (TSP-AMB-11, TSP-AMB-26).
void spent_tests(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    each_unit_red_first(s, [&](std::size_t u) {
        if (condition_of(s.units[u]) != Condition::Spent || officer_of(s, u) >= 0) return;
        const bool ok = morale(ctx, s, u, Occasion::SpentStays, Opponent::Other, morale_factors(ctx, s, u), dice, out);
        if (morale_outcome(Occasion::SpentStays, ok) == Outcome::Removed) remove_unit(s, u, EventKind::Removed, out);
    });
}

void begin_turn(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        Unit& unit = s.units[u];
        unit.moved_this_turn = false;
        unit.hit_this_turn = false;
        unit.tested_to_stand = false;
        unit.charging = -1;
    }
    spent_tests(ctx, s, dice, out);
    begin_phase(ctx, s, Step::Movement, dice, out);
}

void end_turn(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    s.card.reset();
    s.active = -1;
    fire_morale(ctx, s, dice, out);
    to_close(ctx, s, dice, out);
    to_stand(ctx, s, dice, out);
    close_combat(ctx, s, dice, out);
    rallies(ctx, s, dice, out);
    reloads(s, out);
    // The spirit of the army (TSP-SPIRIT-2 .. 4, TSP-AMB-20, TSP-AMB-26), Red first.
    std::array<bool, 2> lost{};
    std::array<EndReason, 2> why{};
    for (const Side side : {Side::A, Side::B}) {
        const int p2 = spirit_points2(ctx, s, side);
        const int limit = spirit_limit(p2, s.start_units[idx(side)]);
        Event e = ev(EventKind::Spirit);
        e.side = side;
        e.b = limit;
        e.d = p2;
        if (p2 == 0) {
            lost[idx(side)] = true;
            why[idx(side)] = units_on_field(s, side) == 0 ? EndReason::NoUnits : EndReason::SpiritGone;
            out.push_back(e);
            continue;
        }
        e.a = dice.roll(DieType::D10, RollPurpose::Spirit);
        const bool good = spirit_good(limit, e.a);
        e.c = good ? 1 : 0;
        out.push_back(e);
        if (good) {
            s.spirit_failures[idx(side)] = 0;
            continue;
        }
        ++s.spirit_failures[idx(side)];
        for (std::size_t u = 0; u < s.unit_count; ++u) {
            Unit& unit = s.units[u];
            if (unit.side != side || !unit.on_board) continue;
            const Outcome o = poor_spirit(unit.status == Status::Routed, condition_of(unit), unit.status == Status::Shaken);
            if (o == Outcome::Removed) remove_unit(s, u, EventKind::Removed, out);
            if (o == Outcome::Routs) rout(ctx, s, u, dice, out);
        }
        if (s.spirit_failures[idx(side)] >= 3) {
            lost[idx(side)] = true;
            why[idx(side)] = EndReason::SpiritFailed;
        }
    }
    for (const Side side : {Side::A, Side::B}) {
        if (!lost[idx(side)] && units_on_field(s, side) == 0) {
            lost[idx(side)] = true;
            why[idx(side)] = EndReason::NoUnits;
        }
    }
    Event te = ev(EventKind::TurnEnded);
    te.a = s.turn;
    out.push_back(te);
    if (lost[0] && lost[1]) return finish(s, why[0], std::nullopt, out);
    if (lost[0]) return finish(s, why[0], Side::B, out);
    if (lost[1]) return finish(s, why[1], Side::A, out);
    if (s.turn >= kTurnLimit) {
        return finish(s, EndReason::TurnLimit, turn_limit_winner(ctx, s), out);
    }
    ++s.turn;
    begin_turn(ctx, s, dice, out);
}

// --- Checking and applying commands --------------------------------------------------------------

std::optional<std::string> refuse(std::string text) {
    return text;
}

std::optional<std::string> check_unit(const Context& ctx, const GameState& s, std::size_t u) {
    if (u >= s.unit_count) return refuse("no such unit");
    const Unit& unit = s.units[u];
    if (unit.side != s.decider) return refuse("not your unit");
    if (!unit.on_board) return refuse("that unit is no longer on the field");
    if (unit.acted) return refuse("that unit has had its chance in this phase");
    if (s.step == Step::Movement) {
        if (unit.status == Status::Routed) return refuse("a routed unit cannot move (TSP-ROUT-1)");
        if (unit.combat >= 0 && unit.combat_rolls < 6)
            return refuse("a unit in close combat cannot move (TSP-AMB-17), nor break off before 6 die rolls (TSP-CC-6)");
    } else if (!can_fire(ctx, s, u)) {
        return refuse("that unit cannot fire now (reloading, routed, or no target in range and arc)");
    }
    return std::nullopt;
}

std::optional<std::string> check(const Context& ctx, const GameState& s, const Command& c) {
    if (s.over()) return refuse("the game is over");
    return std::visit(
        core::Overloaded{
            [&](const cmd::Activate& a) -> std::optional<std::string> {
                if (s.decision != Decision::Activate) return refuse("no unit is to be activated now");
                if (auto why = check_unit(ctx, s, a.unit)) return why;
                if (s.units[a.unit].combat >= 0) return refuse("a unit in close combat may only break off (TSP-CC-6)");
                return std::nullopt;
            },
            [&](const cmd::Dismount& d) -> std::optional<std::string> {
                if (s.decision != Decision::Activate) return refuse("no unit is to be activated now");
                if (!s.option(kDismounting)) return refuse("dismounting is an optional rule this game is not played with (TSP-MOVE-4)");
                if (auto why = check_unit(ctx, s, d.unit)) return why;
                const Unit& unit = s.units[d.unit];
                if (unit.combat >= 0) return refuse("a unit in close combat may only break off (TSP-CC-6)");
                if (!may_dismount(ctx, unit))
                    return refuse("only light horse with arquebus or crossbow may dismount and mount (TSP-MOVE-4)");
                if (d.mount && !unit.dismounted) return refuse("that unit is already mounted");
                if (!d.mount && unit.dismounted) return refuse("that unit has already dismounted");
                if (brigade_of(ctx, s, d.unit) >= 0)
                    return refuse("a unit of a brigade moves with its brigade, and may not dismount or mount (TSP-CARD-3)");
                return std::nullopt;
            },
            [&](const cmd::BreakOff& b) -> std::optional<std::string> {
                if (s.decision != Decision::Activate) return refuse("no unit is to be activated now");
                if (b.unit < s.unit_count && s.units[b.unit].combat < 0) return refuse("that unit is not in close combat");
                return check_unit(ctx, s, b.unit);
            },
            [&](const cmd::Hold& h) -> std::optional<std::string> {
                if (s.decision != Decision::Activate && s.decision != Decision::Fire)
                    return refuse("no unit is to be held now");
                return check_unit(ctx, s, h.unit);
            },
            [&](const cmd::Move& m) -> std::optional<std::string> {
                if (s.decision != Decision::Move) return refuse("no unit has been activated to move");
                if (!path_of(ctx, s, m))
                    return refuse("the unit cannot reach " + core::to_string(m.to) + " facing " +
                                  std::string(core::to_string(m.facing)) + " with its roll");
                return std::nullopt;
            },
            [&](const cmd::Face& f) -> std::optional<std::string> {
                if (s.decision != Decision::Move) return refuse("no unit has been activated to turn");
                const Unit& u = s.units[static_cast<std::size_t>(s.active)];
                if (f.facing == u.facing) return refuse("it already faces that way");
                if (core::turn_steps(u.facing, f.facing) > turn_limit(ctx, u))
                    return refuse("it cannot turn that far in one move");
                return std::nullopt;
            },
            [&](const cmd::Stay&) -> std::optional<std::string> {
                if (s.decision != Decision::Move) return refuse("no unit has been activated");
                return std::nullopt;
            },
            [&](const cmd::Shoot& sh) -> std::optional<std::string> {
                if (s.decision != Decision::Fire) return refuse("it is not the fire phase");
                if (auto why = check_unit(ctx, s, sh.unit)) return why;
                if (sh.target >= s.unit_count || !shot_band(ctx, s, sh.unit, sh.target))
                    return refuse("that target is not in range and arc");
                return std::nullopt;
            },
            [&](const cmd::Concede&) -> std::optional<std::string> { return std::nullopt; },
        },
        c);
}

/// TSP-CARD-3, our resolutions: a unit goes with its moving brigade if it is on the field, has not
/// had its chance in this phase, is not Routed (TSP-ROUT-1) and is not in close combat (it may
/// still break off on a card of its own, TSP-CC-6).
bool follows_brigade(const Context& ctx, const GameState& s, std::size_t u, int brigade) {
    const Unit& unit = s.units[u];
    return unit.on_board && !unit.acted && unit.status != Status::Routed && unit.combat < 0 &&
           brigade_of(ctx, s, u) == brigade;
}

/// The next member of the moving brigade to move, in list order.
std::optional<std::size_t> next_in_brigade(const Context& ctx, const GameState& s) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        if (follows_brigade(ctx, s, u, s.brigade)) return u;
    }
    return std::nullopt;
}

void member_done(const Context& ctx, GameState& s, core::Dice& dice, Events& out);

/// A unit's turn to move on the card, alone or as its brigade's next member: a Shaken one first
/// tests to rally and stays put on a failure; then the movement dice are rolled, unless its
/// brigade has rolled already on this card, when it moves with that roll (TSP-CARD-3).
/// `change`: the unit dismounts (or mounts) once it may move, and rolls the dice of its new form
/// less one D6 (TSP-MOVE-4).
void start_move(const Context& ctx, GameState& s, std::size_t u, core::Dice& dice, Events& out,
                const cmd::Dismount* change = nullptr) {
    Unit& unit = s.units[u];
    unit.acted = true;
    if (unit.status == Status::Shaken) {
        // TSP-AMB-5, TSP-AMB-22: the rally on Stand and Fight against Other (rally_test_now);
        // it stays put on a failure.
        const bool ok = morale(ctx, s, u, Occasion::ShakenRally, Opponent::Other, morale_factors(ctx, s, u), dice, out);
        if (morale_outcome(Occasion::ShakenRally, ok) != Outcome::Rallies) {
            member_done(ctx, s, dice, out);
            return;
        }
        unit.status = Status::Steady;
        Event r = unit_ev(EventKind::Rallied, u);
        r.side = unit.side;
        out.push_back(r);
    }
    s.active = static_cast<std::int8_t>(u);
    s.decision = Decision::Move;
    int lost = 0;
    if (change) {
        unit.dismounted = !change->mount;
        Event d = unit_ev(change->mount ? EventKind::Mounts : EventKind::Dismounts, u);
        d.side = unit.side;
        out.push_back(d);
        lost = 1;
    }
    if (s.brigade >= 0 && s.move_inches > 0) {
        Event e = unit_ev(EventKind::BrigadeMoves, u);
        e.side = unit.side;
        e.b = s.move_inches;
        e.c = move_points(s.move_inches);
        out.push_back(e);
        return;
    }
    MoveDice md = unit_move_dice(ctx, unit);
    md.count = std::max(0, md.count - lost);
    const int total = roll_d6s(dice, md.count, RollPurpose::Other);
    s.move_inches = static_cast<std::uint8_t>(move_inches(md, total));
    Event e = unit_ev(EventKind::Activated, u);
    e.side = unit.side;
    e.a = total;
    e.b = s.move_inches;
    e.c = move_points(s.move_inches);
    e.d = s.brigade >= 0 ? 1 : 0;
    out.push_back(e);
}

/// A unit has made its move (or failed to rally): its brigade's next member moves, or the card
/// goes on.
void member_done(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    if (s.brigade >= 0) {
        if (const auto next = next_in_brigade(ctx, s)) {
            start_move(ctx, s, *next, dice, out);
            return;
        }
        s.brigade = -1;
    }
    activation_done(ctx, s, dice, out);
}

/// The card activates a unit, and with it its brigade (TSP-CARD-3): the unit moves first, then
/// the other members in list order, all with the first roll made.
void activate(const Context& ctx, GameState& s, std::size_t u, core::Dice& dice, Events& out) {
    s.brigade = static_cast<std::int8_t>(brigade_of(ctx, s, u));
    if (s.brigade >= 0) s.move_inches = 0;  // nobody has rolled for it yet
    start_move(ctx, s, u, dice, out);
}

/// TSP-CC-6's modifiers of a unit's test to break off now, and the enemy it is tested against:
/// break_off rolls it, break_off_test_now shows it.
MoraleFactors break_off_factors(const Context& ctx, const GameState& s, std::size_t u, Opponent& against) {
    const Unit& unit = s.units[u];
    MoraleFactors f = morale_factors(ctx, s, u);
    against = Opponent::Other;
    if (unit.combat >= 0) {
        const Unit& foe = s.units[static_cast<std::size_t>(unit.combat)];
        f.infantry_from_cavalry = foot(kind_of(ctx, unit)) && mounted(kind_of(ctx, foe));
        against = opponent_of(ctx, foe);
    }
    return f;
}

/// TSP-CC-6: the test to break off (Stand and Fight with its own modifiers, resolve.hpp); on a
/// pass the unit leaves the combat with a normal move to the rear, keeping its facing, not Shaken
/// (our reading); on a failure it fights on.
void break_off(const Context& ctx, GameState& s, std::size_t u, core::Dice& dice, Events& out) {
    Unit& unit = s.units[u];
    unit.acted = true;
    const auto foe = static_cast<std::size_t>(unit.combat);
    Opponent against = Opponent::Other;
    const MoraleFactors f = break_off_factors(ctx, s, u, against);
    const bool ok = morale(ctx, s, u, Occasion::BreakingOff, against, f, dice, out);
    if (morale_outcome(Occasion::BreakingOff, ok) == Outcome::BreaksOff) {
        end_combat(s, u);
        Event e = unit_ev(EventKind::BrokeOff, u);
        e.side = unit.side;
        e.other = static_cast<std::int8_t>(foe);
        out.push_back(e);
        move_to_rear(ctx, s, u, dice, out);
    }
    activation_done(ctx, s, dice, out);
}

Events apply_checked(const Context& ctx, GameState& s, const Command& c, core::Dice& dice) {
    Events out;
    std::visit(core::Overloaded{
                   [&](const cmd::Activate& a) { activate(ctx, s, a.unit, dice, out); },
                   [&](const cmd::BreakOff& b) { break_off(ctx, s, b.unit, dice, out); },
                   [&](const cmd::Dismount& d) { start_move(ctx, s, d.unit, dice, out, &d); },
                   [&](const cmd::Hold& h) {
                       // TSP-CARD-3, our resolution: a brigade has its chance as one, so holding
                       // one of its members holds those that would have moved with it.
                       const int brigade = s.step == Step::Movement ? brigade_of(ctx, s, h.unit) : -1;
                       for (std::size_t u = 0; u < s.unit_count; ++u) {
                           if (u != h.unit && (brigade < 0 || !follows_brigade(ctx, s, u, brigade))) continue;
                           s.units[u].acted = true;
                           Event e = unit_ev(EventKind::Held, u);
                           e.side = s.units[u].side;
                           out.push_back(e);
                       }
                       activation_done(ctx, s, dice, out);
                   },
                   [&](const cmd::Move& m) {
                       const auto u = static_cast<std::size_t>(s.active);
                       const Path p = *path_of(ctx, s, m);
                       Unit& unit = s.units[u];
                       unit.sq = p.stop;
                       unit.facing = m.facing;
                       unit.moved_this_turn = true;
                       Event e = unit_ev(EventKind::Moved, u);
                       e.side = unit.side;
                       e.sq = unit.sq;
                       e.a = static_cast<int>(unit.facing);
                       out.push_back(e);
                       if (p.enemy >= 0) {
                           unit.charging = static_cast<std::int8_t>(p.enemy);
                           Event ch = unit_ev(EventKind::Charges, u);
                           ch.side = unit.side;
                           ch.other = unit.charging;
                           ch.sq = unit.sq;
                           out.push_back(ch);
                       }
                       member_done(ctx, s, dice, out);
                   },
                   [&](const cmd::Face& f) {
                       const auto u = static_cast<std::size_t>(s.active);
                       // TSP-FIRE-6: pivoting in place does not count as moving.
                       s.units[u].facing = f.facing;
                       Event e = unit_ev(EventKind::Faced, u);
                       e.side = s.units[u].side;
                       e.a = static_cast<int>(f.facing);
                       out.push_back(e);
                       member_done(ctx, s, dice, out);
                   },
                   [&](const cmd::Stay&) { member_done(ctx, s, dice, out); },
                   [&](const cmd::Shoot& sh) {
                       Unit& unit = s.units[sh.unit];
                       const Band band = *shot_band(ctx, s, sh.unit, sh.target);
                       volley(ctx, s, sh.unit, sh.target, band, dice, out);
                       // TSP-AMB-16: Reiters may shoot again on a later card, until out of fire.
                       unit.acted = !(kind_of(ctx, unit) == Kind::Reiters && !unit.out_of_fire);
                       activation_done(ctx, s, dice, out);
                   },
                   [&](const cmd::Concede&) { finish(s, EndReason::Conceded, other(s.decider), out); },
               },
               c);
    return out;
}

}  // namespace

// --- Public ----------------------------------------------------------------------------------------

std::optional<ShotNow> shot_now(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target) {
    if (shooter >= s.unit_count || target >= s.unit_count) return std::nullopt;
    const auto band = shot_band(ctx, s, shooter, target);
    if (!band) return std::nullopt;
    return plan_shot(ctx, s, shooter, target, *band, fire_ranks(kind_of(ctx, s.units[shooter])));
}

std::optional<VolleyOdds> shot_odds_now(const Context& ctx, const GameState& s, std::size_t shooter,
                                        std::size_t target) {
    const auto p = shot_now(ctx, s, shooter, target);
    if (!p || p->dice > kMaxVolleyDice) return std::nullopt;
    return volley_odds(p->dice, p->hits_on());
}

MoraleTest rally_test_now(const Context& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    return morale_test(morale_row(kind_of(ctx, u), temper_of(ctx, u)), Occasion::ShakenRally, Opponent::Other,
                       morale_factors(ctx, s, unit));
}

MoraleTest break_off_test_now(const Context& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    Opponent against = Opponent::Other;
    const MoraleFactors f = break_off_factors(ctx, s, unit, against);
    return morale_test(morale_row(kind_of(ctx, u), temper_of(ctx, u)), Occasion::BreakingOff, against, f);
}

MoveOdds move_odds_now(const Context& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const Kind k = kind_of(ctx, u);
    const Penalty base = loading_on_foot(k, weapon_of(ctx, u), u.reload) ? Penalty::Half : Penalty::None;
    return move_odds(unit_move_dice(ctx, u), base);
}

std::string card_text(std::uint8_t card) {
    static constexpr const char* kRanks[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
    static constexpr char kSuits[] = {'H', 'D', 'C', 'S'};
    return std::string(kRanks[card % 13]) + kSuits[card_suit(card) % 4];
}

Condition condition_of(const Unit& u) {
    return condition(u.total(), u.start_figures);
}

const FieldOfficer& officer_data(const Context& ctx, const GameState&, std::size_t officer) {
    const auto& red = ctx.army(Side::A).officers;
    return officer < red.size() ? red[officer] : ctx.army(Side::B).officers[officer - red.size()];
}

Kind kind_of(const Context& ctx, const Unit& u) {
    return u.dismounted ? on_foot(weapon_of(ctx, u)) : type_of(ctx, u).kind;
}

bool may_dismount(const Context& ctx, const Unit& u) {
    const Weapon w = weapon_of(ctx, u);
    return type_of(ctx, u).kind == Kind::LightHorse && (w == Weapon::Arquebus || w == Weapon::Crossbow);
}

int brigade_of(const Context& ctx, const GameState& s, std::size_t unit) {
    if (!s.option(kBrigadeMovement) || unit >= s.unit_count) return -1;
    const Unit& u = s.units[unit];
    const std::string& line = line_of(ctx, u).id;
    for (std::size_t i = 0; i < s.officer_count; ++i) {
        const FieldOfficerState& o = s.officers[i];
        // Killed or captured (or never on the field): its units move separately.
        if (!o.alive || o.unit < 0 || o.rank != Rank::Colonel || s.units[static_cast<std::size_t>(o.unit)].side != u.side)
            continue;
        const auto& lines = officer_data(ctx, s, i).brigade;
        if (std::find(lines.begin(), lines.end(), line) != lines.end()) return static_cast<int>(i);
    }
    return -1;
}

std::optional<Side> objective_holder(const Context& ctx, const GameState& s, std::size_t objective) {
    const Square q = ctx.rs().objectives[objective].square;
    std::array<bool, 2> any{}, standing{};
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (!u.on_board || u.sq != q) continue;
        any[idx(u.side)] = true;
        standing[idx(u.side)] = standing[idx(u.side)] || u.status != Status::Routed;
    }
    if (any[0] && any[1]) return std::nullopt;  // a close combat there: nobody holds it
    if (standing[0]) return Side::A;
    if (standing[1]) return Side::B;
    return std::nullopt;
}

const Objective* objective_at(const Context& ctx, Square q) {
    for (const Objective& o : ctx.rs().objectives) {
        if (o.square == q) return &o;
    }
    return nullptr;
}

std::optional<Side> turn_limit_winner(const Context& ctx, const GameState& s) {
    // A scenario's objectives decide first: the side holding more of them wins (TSP-AMB-9).
    if (const int a = objectives_held(ctx, s, Side::A), b = objectives_held(ctx, s, Side::B); a != b)
        return a > b ? Side::A : Side::B;
    // Our resolution: the larger part of its start kept wins, compared exactly.
    const long a = static_cast<long>(spirit_points2(ctx, s, Side::A)) * s.start_units[1];
    const long b = static_cast<long>(spirit_points2(ctx, s, Side::B)) * s.start_units[0];
    if (a == b) return std::nullopt;
    return a > b ? Side::A : Side::B;
}

int objectives_held(const Context& ctx, const GameState& s, Side side) {
    int n = 0;
    for (std::size_t o = 0; o < ctx.rs().objectives.size(); ++o) n += objective_holder(ctx, s, o) == side;
    return n;
}

std::optional<std::size_t> unit_at(const GameState& s, Square q, Side side) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.on_board && u.side == side && u.sq == q) return i;
    }
    return std::nullopt;
}

int spirit_points2(const Context&, const GameState& s, Side side) {
    int p = 0;
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        const Unit& unit = s.units[u];
        if (unit.side == side && unit.on_board) p += spirit_points2(condition_of(unit));
    }
    return p;
}

int victory_points(const Context& ctx, const GameState& s, Side side) {
    const Side e = other(side);
    return 2 * s.start_units[idx(e)] - spirit_points2(ctx, s, e);
}

Events new_game(const Context& ctx, GameState& out, core::Dice& dice) {
    GameState s;
    s.files = ctx.rs().files;
    s.ranks = ctx.rs().ranks;
    s.options = ctx.options;
    for (const Side side : {Side::A, Side::B}) {
        const ArmyList& army = ctx.army(side);
        // Deployment, as Hell Broke Loose's (our resolution): the army stands in its second home
        // row in the order of its list, centred, facing the enemy; a full row goes on behind it.
        const int count = army.unit_count();
        const int per_row = std::min(count, s.files);
        int placed = 0;
        const std::size_t first = s.unit_count;
        for (std::size_t li = 0; li < army.units.size(); ++li) {
            const UnitLine& l = army.units[li];
            const TroopType* type = ctx.rs().find_type(l.type);
            if (!type) throw std::logic_error("tsp: unit line " + l.id + " names no troop type of the ruleset");
            for (int n = 0; n < l.units; ++n) {
                if (s.unit_count >= kMaxUnits || placed >= 2 * s.files)
                    throw std::logic_error("tsp: an army too large for two rows of this board");
                Unit u;
                u.side = side;
                u.line = static_cast<std::uint8_t>(li);
                u.type = static_cast<std::uint8_t>(type - ctx.rs().troop_types.data());
                u.order = l.order;
                const int nc = std::clamp(type->companies, 1, kMaxCompanies);
                for (int c = 0; c < nc; ++c)
                    u.figures[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(l.figures / nc + (c < l.figures % nc ? 1 : 0));
                for (int c = 0; c < std::min<int>(l.leaders, std::min(nc, 2)); ++c) u.leaders |= static_cast<std::uint8_t>(1 << c);
                for (std::size_t j = 0; j < l.attached.size() && j < static_cast<std::size_t>(kMaxAttached); ++j) {
                    u.figures[kMaxCompanies + j] = static_cast<std::uint8_t>(l.attached[j].figures);
                    if (l.attached[j].leader) u.leaders |= static_cast<std::uint8_t>(1 << (kMaxCompanies + j));
                }
                u.start_figures = static_cast<std::uint8_t>(u.total());
                const int row = placed / per_row;
                const int col = placed % per_row;
                const int in_row = std::min(per_row, count - row * per_row);
                const int x = (s.files - in_row) / 2 + col;
                const int y = side == Side::A ? 1 - row : s.ranks - 2 + row;
                u.sq = core::make_square(x, std::clamp(y, 0, s.ranks - 1));
                u.facing = core::enemy_direction(side);
                s.units[s.unit_count++] = u;
                ++placed;
            }
        }
        s.start_units[idx(side)] = static_cast<std::uint8_t>(placed);  // TSP-SPIRIT-1
        // Field officers attached at the start go with the first unit of their line.
        for (const FieldOfficer& fo : army.officers) {
            if (s.officer_count >= s.officers.size()) break;
            FieldOfficerState o;
            o.rank = fo.rank;
            for (std::size_t u = first; u < s.unit_count && !fo.attached.empty(); ++u) {
                if (army.units[s.units[u].line].id == fo.attached) {
                    o.unit = static_cast<std::int8_t>(u);
                    break;
                }
            }
            o.alive = o.unit >= 0;
            s.officers[s.officer_count++] = o;
        }
    }
    Events events;
    shuffle(s.casualty, 1, events);
    begin_turn(ctx, s, dice, events);
    out = s;
    return events;
}

std::optional<std::string> validate(const Context& ctx, const GameState& s, const Command& c) {
    return check(ctx, s, c);
}

Events apply(const Context& ctx, GameState& s, const Command& c, core::Dice& dice) {
    if (auto why = check(ctx, s, c)) throw IllegalCommand(*why);
    return apply_checked(ctx, s, c, dice);
}

Played play(const Context& ctx, GameState& s, const Command& c, core::Dice& dice) {
    return core::play_on_copy<Played>(
        s, check(ctx, s, c), dice, [&](GameState& next, core::Dice& d) { return apply_checked(ctx, next, c, d); },
        // A card pulled shows what the deck held: it cannot be taken back either.
        [](const Events& events) {
            return std::any_of(events.begin(), events.end(), [](const Event& e) { return e.kind == EventKind::CardPulled; });
        });
}

std::vector<Command> legal_commands(const Context& ctx, const GameState& s) {
    std::vector<Command> out;
    if (s.over()) return out;
    const auto add = [&](const Command& c) {
        if (!check(ctx, s, c)) out.push_back(c);
    };
    switch (s.decision) {
        case Decision::Activate:
            for (std::size_t u = 0; u < s.unit_count; ++u) {
                if (s.units[u].side != s.decider || !can_act(ctx, s, u)) continue;
                if (s.units[u].combat >= 0) {
                    out.push_back(cmd::BreakOff{static_cast<std::uint8_t>(u)});
                } else {
                    out.push_back(cmd::Activate{static_cast<std::uint8_t>(u)});
                    add(cmd::Dismount{static_cast<std::uint8_t>(u), s.units[u].dismounted});
                }
                out.push_back(cmd::Hold{static_cast<std::uint8_t>(u)});
            }
            break;
        case Decision::Move: {
            out.push_back(cmd::Stay{});
            const auto ui = static_cast<std::size_t>(s.active);
            const Unit& u = s.units[ui];
            const int limit = turn_limit(ctx, u);
            for (const Facing f : core::kAllFacings) {
                if (f != u.facing && core::turn_steps(u.facing, f) <= limit) out.push_back(cmd::Face{f});
            }
            if (s.move_inches == 0) break;
            const Reach straight = reach(ctx, s, ui, u.facing);
            for (const Facing f : core::kAllFacings) {
                if (core::turn_steps(u.facing, f) > limit) continue;
                const Reach turned = f == u.facing ? straight : reach(ctx, s, ui, f);
                for (int y = 0; y < s.ranks; ++y) {
                    for (int x = 0; x < s.files; ++x) {
                        const Square q = core::make_square(x, y);
                        const bool by_turned = turned.from[at(q)] >= 0;
                        const bool by_straight = straight.from[at(q)] >= 0 && !straight.enemy[at(q)];
                        if (by_turned || by_straight) out.push_back(cmd::Move{q, f});
                    }
                }
            }
            break;
        }
        case Decision::Fire:
            for (std::size_t u = 0; u < s.unit_count; ++u) {
                if (s.units[u].side != s.decider || !can_act(ctx, s, u)) continue;
                for (std::size_t t = 0; t < s.unit_count; ++t)
                    add(cmd::Shoot{static_cast<std::uint8_t>(u), static_cast<std::uint8_t>(t)});
                out.push_back(cmd::Hold{static_cast<std::uint8_t>(u)});
            }
            break;
        case Decision::Over: break;
    }
    out.push_back(cmd::Concede{});
    return out;
}

std::optional<Command> random_legal(const Context& ctx, const GameState& s, core::Dice& chooser,
                                    std::size_t* listed) {
    auto legal = legal_commands(ctx, s);
    if (listed) *listed = legal.size();
    if (legal.size() < 2) return std::nullopt;
    return legal[static_cast<std::size_t>(chooser.pick(static_cast<int>(legal.size()) - 1, RollPurpose::Other))];
}

std::string unit_label(const Context& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const char glyph = type_of(ctx, u).glyph;
    int n = 0;
    for (std::size_t i = 0; i <= unit; ++i) {
        const Unit& o = s.units[i];
        n += o.side == u.side && type_of(ctx, o).glyph == glyph;
    }
    return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(glyph)))) + std::to_string(n);
}

namespace {

/// The facing a `move` without `face` keeps: the activated unit's.
Facing active_facing(const GameState& s) {
    return s.active >= 0 ? s.units[static_cast<std::size_t>(s.active)].facing : Facing::N;
}

using core::same_word;

}  // namespace

std::string print(const Context& ctx, const GameState& s, const Command& c) {
    const auto label = [&](std::size_t u) {
        return u < s.unit_count ? unit_label(ctx, s, u) : "#" + std::to_string(u);
    };
    return std::visit(
        core::Overloaded{
            [&](const cmd::Activate& a) { return "activate " + label(a.unit); },
            [&](const cmd::Hold& h) { return "hold " + label(h.unit); },
            [&](const cmd::BreakOff& b) { return "break " + label(b.unit); },
            [&](const cmd::Dismount& d) { return (d.mount ? "mount " : "dismount ") + label(d.unit); },
            [&](const cmd::Move& m) {
                std::string t = "move " + core::to_string(m.to);
                if (m.facing != active_facing(s)) t += " face " + std::string(core::to_string(m.facing));
                return t;
            },
            [](const cmd::Face& f) { return "face " + std::string(core::to_string(f.facing)); },
            [](const cmd::Stay&) -> std::string { return "stay"; },
            [&](const cmd::Shoot& sh) { return "shoot " + label(sh.unit) + " " + label(sh.target); },
            [](const cmd::Concede&) -> std::string { return "concede"; },
        },
        c);
}

std::variant<Command, std::string> parse(const Context& ctx, const GameState& s, Side side, std::string_view text) {
    const auto w = core::split_words(text);
    if (w.empty()) return std::string("an empty command");
    const auto unit = [&](std::string_view label, Side of) -> std::optional<std::uint8_t> {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            if (s.units[i].side == of && same_word(unit_label(ctx, s, i), label)) return static_cast<std::uint8_t>(i);
        }
        return std::nullopt;
    };
    const std::string_view verb = w[0];
    const std::size_t n = w.size();
    if (same_word(verb, "stay") && n == 1) return Command{cmd::Stay{}};
    if (same_word(verb, "concede") && n == 1) return Command{cmd::Concede{}};
    if (same_word(verb, "face") && n == 2) {
        const auto f = core::parse_facing(w[1]);
        if (!f) return "not a facing: " + std::string(w[1]);
        return Command{cmd::Face{*f}};
    }
    if (same_word(verb, "move") && (n == 2 || (n == 4 && same_word(w[2], "face")))) {
        const auto q = core::parse_square(w[1], s.files, s.ranks);
        if (!q) return "not a square of the board: " + std::string(w[1]);
        Facing f = active_facing(s);
        if (n == 4) {
            const auto pf = core::parse_facing(w[3]);
            if (!pf) return "not a facing: " + std::string(w[3]);
            f = *pf;
        }
        return Command{cmd::Move{*q, f}};
    }
    if ((same_word(verb, "activate") || same_word(verb, "hold") || same_word(verb, "break") ||
         same_word(verb, "dismount") || same_word(verb, "mount")) &&
        n == 2) {
        const auto u = unit(w[1], side);
        if (!u) return "no unit '" + std::string(w[1]) + "' of yours";
        if (same_word(verb, "hold")) return Command{cmd::Hold{*u}};
        if (same_word(verb, "break")) return Command{cmd::BreakOff{*u}};
        if (same_word(verb, "dismount")) return Command{cmd::Dismount{*u, false}};
        if (same_word(verb, "mount")) return Command{cmd::Dismount{*u, true}};
        return Command{cmd::Activate{*u}};
    }
    if (same_word(verb, "shoot") && n == 3) {
        const auto u = unit(w[1], side);
        if (!u) return "no unit '" + std::string(w[1]) + "' of yours";
        const auto t = unit(w[2], other(side));
        if (!t) return "no enemy unit '" + std::string(w[2]) + "'";
        return Command{cmd::Shoot{*u, *t}};
    }
    return "unknown command: " + std::string(text) +
           " (activate U, hold U, break U, dismount U, mount U, move SQ [face F], face F, stay, shoot U T, concede)";
}

std::uint64_t state_hash(const GameState& s) {
    std::uint64_t h = 1469598103934665603ULL;
    const auto mix = [&](std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xffu;
            h *= 1099511628211ULL;
        }
    };
    const auto b = [](auto v) { return static_cast<std::uint64_t>(static_cast<std::uint8_t>(v)); };
    mix(static_cast<std::uint64_t>(s.files) | static_cast<std::uint64_t>(s.ranks) << 8 | b(s.options) << 16);
    for (int y = 0; y < s.ranks; ++y) {
        for (int x = 0; x < s.files; ++x) mix(b(s.terrain_at(core::make_square(x, y))));
    }
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        mix(b(u.side) | b(u.line) << 8 | b(u.type) << 16 | b(u.sq.x) << 24 | b(u.sq.y) << 32 | b(u.facing) << 40 |
            b(u.order) << 48 | b(u.leaders) << 56);
        std::uint64_t f = 0;
        for (std::size_t c = 0; c < u.figures.size(); ++c) f |= b(u.figures[c]) << (8 * c);
        mix(f | b(u.start_figures) << 48);
        mix(b(u.status) | b(u.reload) << 8 | b(u.shots) << 16 | b(u.out_of_fire) << 24 | b(u.acted) << 25 |
            b(u.moved_this_turn) << 26 | b(u.hit_this_turn) << 27 | b(u.tested_to_stand) << 28 |
            b(u.on_board) << 29 | b(u.routed_turn) << 32 | b(u.charging) << 40 | b(u.combat) << 48 |
            b(u.combat_rolls) << 56);
        if (u.dismounted) mix(1ULL << 9 | i);  // mixed only when set: hashes without the option stay
    }
    for (std::size_t i = 0; i < s.officer_count; ++i)
        mix(b(s.officers[i].rank) | b(s.officers[i].unit) << 8 | b(s.officers[i].alive) << 16);
    for (const Deck* d : {&s.activation, &s.casualty}) {
        mix(b(d->next));
        for (const auto c : d->cards) mix(c);
    }
    mix(static_cast<std::uint64_t>(s.turn) | b(s.step) << 16 | (s.card ? 1 + static_cast<std::uint64_t>(*s.card) : 0) << 24 |
        b(s.card_side) << 32 | b(s.activations_left) << 40 | b(s.active) << 48 | b(s.move_inches) << 56);
    if (s.brigade >= 0) mix(b(s.brigade) | 1ULL << 8);  // mixed only when set: hashes without the option stay
    mix(b(s.start_units[0]) | b(s.start_units[1]) << 8 | b(s.spirit_failures[0]) << 16 | b(s.spirit_failures[1]) << 24 |
        b(s.decision) << 32 | b(s.decider) << 40 | b(s.end) << 48 | (s.winner ? 1 + b(*s.winner) : 0) << 56);
    return h;
}

}  // namespace tercio::tsp
