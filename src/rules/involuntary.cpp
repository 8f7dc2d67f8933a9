// Involuntary movement: fall-backs, rout moves, evades, pursuits and follow-ups (PS-INVOL-1 ..
// PS-INVOL-8), with the leader rules that come with moving (PS-LEADER-6, PS-LEADER-11,
// PS-LEADER-13).
#include "rules/involuntary.hpp"

#include <algorithm>

#include "rules/engine_detail.hpp"

namespace tercio::rules {
namespace {

using core::Offset;

// PS-MOVE-2: 2 half-squares for an orthogonal step, 3 for a diagonal one.
int step_cost(Facing dir) {
    return core::is_diagonal(dir) ? 3 : 2;
}

Square step_to(Square from, Facing dir) {
    const Offset v = core::vector(dir);
    return core::make_square(from.x + v.dx, from.y + v.dy);
}

int sign(int v) {
    return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

/// The moving unit and what it may enter, on the position as it stands before it moves.
class Mover {
  public:
    Mover(const RulesContext& ctx, const GameState& s, std::size_t unit)
        : ctx_(ctx),
          s_(s),
          unit_(unit),
          u_(s.units[unit]),
          pike_(ctx.type(s.units[unit]).has(Ability::Pike)) {}

    /// Another unit of the mover's side in q.
    bool friend_at(Square q) const { return any_at(q, u_.side, kNone); }
    /// A unit of the other side in q, `except` aside.
    bool enemy_at(Square q, std::uint8_t except = kNone) const {
        return any_at(q, other(u_.side), except);
    }
    /// PS-INVOL-1: a board square the mover may step into on its way: not prohibited to it
    /// (PS-TERRAIN-11), no enemy unit (`except` aside), and no friend if it is pike-type
    /// (PS-MOVE-6).
    bool may_enter(Square q, std::uint8_t except = kNone) const {
        return detail::terrain_allows(ctx_, s_, u_, q) && !enemy_at(q, except) &&
               !(pike_ && friend_at(q));
    }
    const GameState& state() const { return s_; }

  private:
    bool any_at(Square q, Side side, std::uint8_t except) const {
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& o = s_.units[i];
            if (i != unit_ && i != except && o.side == side && o.on_table() && o.square == q) {
                return true;
            }
        }
        return false;
    }

    const RulesContext& ctx_;
    const GameState& s_;
    std::size_t unit_;
    const Unit& u_;
    bool pike_;
};

/// PS-INVOL-3, PS-GRID-4: a move whose last square holds a friend stops in the last square of
/// its path that does not (the starting square at worst, where the unit already stands).
void stop_short_of_friends(const Mover& m, InvoluntaryPath& p) {
    while (!p.squares.empty() && m.friend_at(p.squares.back())) p.squares.pop_back();
}

/// A fall-back, rout move or evade: step along D, deviating by PS-INVOL-6.
void plan_direction(const Mover& m, const InvoluntaryOrder& o, InvoluntaryPath& p) {
    const GameState& s = m.state();
    Square at = p.start;
    int steps = o.steps;
    int points = o.points;
    const auto legal = [&](Facing dir) {
        if (step_cost(dir) > points) return false;  // never overspend (PS-INVOL-6)
        const Square q = step_to(at, dir);
        if (!s.on_board(q)) return may_leave_table(o.kind);
        return m.may_enter(q);
    };
    const Facing d = o.direction;
    const Facing ccw = core::rotated(d, -1);
    const Facing cw = core::rotated(d, 1);
    // Each step moves at least one square along D, so the board bounds the loop; the guard only
    // protects against an order with neither limit.
    for (int guard = 0; steps > 0 && guard < kMaxSquares; ++guard) {
        std::optional<Facing> chosen;
        if (legal(d)) {
            chosen = d;
        } else {
            const bool l = legal(ccw);
            const bool r = legal(cw);
            if (l && r) {
                // PS-INVOL-6: both sides open, the one farther from R; counter-clockwise on a tie.
                const int dl = core::dist2(step_to(at, ccw), o.reference);
                const int dr = core::dist2(step_to(at, cw), o.reference);
                chosen = dr > dl ? cw : ccw;
            } else if (l) {
                chosen = ccw;
            } else if (r) {
                chosen = cw;
            }
        }
        if (!chosen) break;  // no legal candidate: the move stops
        --steps;  // a fall-back counts each step, diagonal or not, as one square (PS-INVOL-3)
        points -= step_cost(*chosen);
        const Square q = step_to(at, *chosen);
        if (!s.on_board(q)) {  // PS-INVOL-1: Left the table
            p.left_table = true;
            p.exit = q;
            return;
        }
        p.squares.push_back(q);
        at = q;
    }
    stop_short_of_friends(m, p);
}

/// A pursuit or follow-up: the squares of the chased unit's path, without deviating.
void plan_path(const Mover& m, const InvoluntaryOrder& o, InvoluntaryPath& p) {
    const GameState& s = m.state();
    const bool chasing =
        o.chased != kNone && o.chased < s.unit_count && s.units[o.chased].on_table();
    Square at = p.start;
    int steps = o.steps;
    int points = o.points;
    for (const Square q : o.follow) {
        const auto dir = direction_of(q - at);
        // The path is on the board (a chased unit that left the table ends its path at the edge,
        // where the chaser stops: PS-INVOL-1); a square not next to the last one ends it too.
        if (!dir || step_to(at, *dir) != q || !s.on_board(q)) break;
        if (steps < 1 || step_cost(*dir) > points) break;  // PS-INVOL-7: points run out
        // The chased unit's square is the one enemy square it may enter (PS-INVOL-1); anything
        // else illegal for it ends the move before that square (PS-INVOL-8: woods for cavalry).
        const bool into_chased = chasing && q == s.units[o.chased].square;
        if (!m.may_enter(q, into_chased ? o.chased : kNone)) break;
        p.squares.push_back(q);
        at = q;
        --steps;
        points -= step_cost(*dir);
        if (into_chased) break;  // PS-INVOL-7, PS-INVOL-8: it ends in the chased unit's square
    }
    stop_short_of_friends(m, p);
}

/// The square of the enemy unit nearest to `u` (PS-GRID-10), the first in unit order on a tie.
std::optional<Square> nearest_enemy(const GameState& s, const Unit& u) {
    std::optional<Square> best;
    int best_d = 0;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& o = s.units[i];
        if (o.side == u.side || !o.on_table()) continue;
        const int d = core::dist2(o.square, u.square);
        if (!best || d < best_d) {
            best = o.square;
            best_d = d;
        }
    }
    return best;
}

void face(GameState& s, std::size_t unit, Facing f, Events& ev) {
    Unit& u = s.units[unit];
    if (u.facing == f) return;
    ev.push_back(UnitTurned{static_cast<std::uint8_t>(unit), u.facing, f});
    u.facing = f;
}

}  // namespace

std::optional<Facing> direction_of(core::Offset v) {
    const Offset unit{sign(v.dx), sign(v.dy)};
    for (Facing f : core::kAllFacings) {
        if (core::vector(f) == unit) return f;
    }
    return std::nullopt;  // the zero vector
}

core::Offset away_vector(Square melee, Square entry, Entrant who_entered) {
    // PS-INVOL-2: pushed on in the winner's direction, or back the way the loser came.
    return who_entered == Entrant::Winner ? melee - entry : entry - melee;
}

InvoluntaryPath plan_involuntary(const RulesContext& ctx, const GameState& s, std::size_t unit,
                                 const InvoluntaryOrder& order) {
    InvoluntaryPath p;
    p.start = s.units[unit].square;
    const Mover m(ctx, s, unit);
    if (order.kind == InvoluntaryKind::Pursuit || order.kind == InvoluntaryKind::FollowUp) {
        plan_path(m, order, p);
    } else {
        plan_direction(m, order, p);
    }
    return p;
}

InvoluntaryPath involuntary_move(const RulesContext& ctx, GameState& s, std::size_t unit,
                                 const InvoluntaryOrder& order, core::Dice& dice, Events& ev) {
    // Planned first, then entered square by square: entering only rolls leaders' dice, which
    // moves no unit, so the plan stays valid.
    const InvoluntaryPath p = plan_involuntary(ctx, s, unit, order);
    const std::size_t n = p.squares.size();
    for (std::size_t k = 0; k < n; ++k) {
        // Friends in the last on-board square of a unit leaving the table were passed through.
        detail::enter(ctx, s, unit, p.squares[k], k + 1 == n && !p.left_table, dice, ev);
    }
    if (!p.left_table) return p;
    Unit& u = s.units[unit];
    ev.push_back(UnitMoved{static_cast<std::uint8_t>(unit), u.square, p.exit});
    u.status = UnitStatus::LeftTable;  // PS-MOVE-11, PS-ROUT-4: lost for the battle, no chips
    for (Leader& l : s.leaders) {
        if (!l.alive || l.attached != unit) continue;
        // PS-LEADER-13: he detaches and stays in the last square the unit held; if an enemy unit
        // is there (the unit left the board from its first square), he rolls off at once.
        l.attached = kNone;
        if (const auto enemy = unit_at(s, l.square, other(u.side))) {
            detail::leader_alone_check(ctx, s, s.units[*enemy], l.square, dice, ev);
        }
    }
    return p;
}

InvoluntaryPath fall_back(const RulesContext& ctx, GameState& s, std::size_t unit, int squares,
                          core::Offset away, core::Dice& dice, Events& ev) {
    InvoluntaryOrder o;
    o.kind = InvoluntaryKind::FallBack;
    const auto d = direction_of(away);
    o.direction = d.value_or(Facing::N);
    o.reference = s.units[unit].square;  // R: where the move began (PS-INVOL-6)
    o.steps = d ? std::max(squares, 0) : 0;
    return involuntary_move(ctx, s, unit, o, dice, ev);
}

InvoluntaryPath rout_move(const RulesContext& ctx, GameState& s, std::size_t unit,
                          int fall_back_squares, std::optional<Square> reference, core::Dice& dice,
                          Events& ev) {
    const Unit& u = s.units[unit];
    InvoluntaryOrder o;
    o.kind = InvoluntaryKind::RoutMove;
    o.direction = home_direction(u.side);
    // R (PS-INVOL-6): as given after a melee, else the nearest enemy unit's square now.
    o.reference = reference ? *reference : nearest_enemy(s, u).value_or(u.square);
    // PS-INVOL-5: 2 x max(Move, fall-back distance), in half-squares.
    o.points = std::max<int>(u.move_half, 2 * fall_back_squares);
    // PS-LEADER-13: a routed unit's leader stays behind in the square it routed in.
    for (Leader& l : s.leaders) {
        if (l.alive && l.attached == unit) l.attached = kNone;
    }
    face(s, unit, o.direction, ev);  // PS-ROUT-1: "turn their backs to the enemy"
    return involuntary_move(ctx, s, unit, o, dice, ev);
}

namespace {

/// PS-INVOL-4: the evader's order, away from the square the entering unit came from.
InvoluntaryOrder evade_order(const Unit& e, Square entered_from) {
    InvoluntaryOrder o;
    o.kind = InvoluntaryKind::Evade;
    const auto d = direction_of(e.square - entered_from);
    o.direction = d.value_or(Facing::N);
    o.reference = entered_from;
    o.points = d ? e.move_half : 0;  // its full Move
    return o;
}

}  // namespace

InvoluntaryPath evade(const RulesContext& ctx, GameState& s, std::size_t evader,
                      Square entered_from, core::Dice& dice, Events& ev) {
    return involuntary_move(ctx, s, evader, evade_order(s.units[evader], entered_from), dice, ev);
}

std::optional<InvoluntaryPath> evade_plan(const RulesContext& ctx, const GameState& s) {
    if (s.decision != Decision::React || s.react_window != ReactWindow::Evade || !detail::can_evade(ctx, s)) {
        return std::nullopt;
    }
    const Unit& mover = s.units[s.move.unit];
    const std::size_t evader = *unit_at(s, mover.square, other(mover.side));
    return plan_involuntary(ctx, s, evader, evade_order(s.units[evader], s.move.previous));
}

InvoluntaryPath pursue(const RulesContext& ctx, GameState& s, std::size_t pursuer,
                       std::size_t routed, const InvoluntaryPath& routed_path, core::Dice& dice,
                       Events& ev) {
    InvoluntaryOrder o;
    o.kind = InvoluntaryKind::Pursuit;
    o.follow = routed_path.squares;
    o.chased = static_cast<std::uint8_t>(routed);
    o.points = s.units[pursuer].move_half;  // "a full move in pursuit"
    const InvoluntaryPath p = involuntary_move(ctx, s, pursuer, o, dice, ev);
    // PS-INVOL-7: it ends facing the way of its last step.
    if (!p.squares.empty()) face(s, pursuer, *direction_of(p.end() - p.entry()), ev);
    return p;
}

InvoluntaryPath follow_up(const RulesContext& ctx, GameState& s, std::size_t winner,
                          std::size_t loser, const InvoluntaryPath& loser_path, core::Dice& dice,
                          Events& ev) {
    InvoluntaryOrder o;
    o.kind = InvoluntaryKind::FollowUp;
    o.follow = loser_path.squares;
    o.chased = static_cast<std::uint8_t>(loser);
    return involuntary_move(ctx, s, winner, o, dice, ev);  // keeps its facing (PS-INVOL-8)
}

}  // namespace tercio::rules
