// Voluntary movement, marching, leaders, and the reactions to a move: opportunity charge and
// evade (PS-MOVE, PS-MARCH, PS-LEADER, PS-OPP, PS-INVOL, PS-TERRAIN-10/11).
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <vector>
#include <variant>

#include "rules/engine_detail.hpp"
#include "rules/geometry.hpp"
#include "rules/involuntary.hpp"

namespace tercio::rules::detail {
namespace {

using core::Offset;

constexpr int kLeaderMoveHalf = 8;  // "All leaders move 4 squares" (PS-MOVE-1), in half-squares

int step_cost(Facing dir) { return core::is_diagonal(dir) ? 3 : 2; }  // PS-MOVE-2

std::uint8_t cell(const GameState& s, Square q) {
    return s.terrain[static_cast<std::size_t>(s.square_index(q))];
}

bool is_terrain(const GameState& s, Square q) { return cell(s, q) != 0; }

bool contested(const GameState& s, Square q) {
    return unit_at(s, q, Side::A).has_value() && unit_at(s, q, Side::B).has_value();
}

const CardKind* card(const GameState& s) { return s.current_card(); }

/// The Move card this unit moves on (PS-CARD-5, PS-CARD-6).
CardKind move_card_for(const RulesContext& ctx, const Unit& u) {
    return ctx.type(u).category == Category::Cavalry ? CardKind::CavalryMove : CardKind::InfantryMove;
}

bool nearer_enemy(Side side, Square from, Square to) {
    return side == Side::A ? to.y > from.y : to.y < from.y;  // PS-MARCH-3, PS-AMB-47
}

/// A path found by the search: the squares entered, in order.
struct Path {
    std::array<Square, MoveInProgress::kMaxSteps> steps{};
    std::uint8_t count = 0;
    int cost = 0;
    int passes = 0;  ///< friendly squares passed through
    Square end() const { return steps[count - 1u]; }
};

/// The cheapest legal path to each square a unit can reach with one facing (PS-MOVE-2,
/// PS-MOVE-3, PS-MOVE-6, PS-MOVE-8, PS-MOVE-11, PS-TERRAIN-10, PS-TERRAIN-11), by a small
/// Dijkstra over squares: steps keep the facing, so what a unit can do next depends only on the
/// square it stands in and what it has spent (the stop rule only singles out the first step).
/// Ties go to fewer friendly units passed through, then to the order found (straight steps
/// before oblique ones).
///
/// One Explorer serves one unit for every facing it may move with: what does not depend on the
/// facing (who stands in each square within its reach, and whether it may step there at all) is
/// worked out once, when it is made, and each run(facing) searches with it.
class Explorer {
public:
    /// `open_ground_only`: no step may enter a terrain square (for PS-OPP-7's clear path).
    /// `occ` counts who stands where in `s`.
    Explorer(const RulesContext& ctx, const GameState& s, const Unit& u, const Occupancy& occ,
             bool open_ground_only = false)
        : s_(s), u_(u), pike_(ctx.type(u).has(Ability::Pike)) {
        // Each step costs at least 2 half-squares and moves at most one square each way, so no
        // search reaches farther than half the largest budget in either direction.
        const int reach = std::min<int>(u.move_half, kMaxHalfBudget) / 2;
        const int x0 = std::max(0, u.square.x - reach);
        const int x1 = std::min<int>(s.files - 1, u.square.x + reach);
        const int y0 = std::max(0, u.square.y - reach);
        const int y1 = std::min<int>(s.ranks - 1, u.square.y + reach);
        const TroopType& type = ctx.type(u);
        const auto friends = occ.count[idx(u.side)].data();
        const auto enemies = occ.count[idx(other(u.side))].data();
        const int start = s.square_index(u.square);
        const int self = u.on_table() ? 1 : 0;  // the unit itself is counted in its own square
        for (int y = y0; y <= y1; ++y) {
            for (int x = x0; x <= x1; ++x) {
                const int i = y * s.files + x;
                const auto iu = static_cast<std::size_t>(i);
                const int f = friends[iu] - (i == start ? self : 0);
                const int e = enemies[iu];
                std::uint8_t flags = 0;
                if (f > 0) flags |= kFriend;
                if (e > 0) flags |= kEnemy;
                const std::uint8_t c = s.terrain[iu];
                // PS-TERRAIN-11 (terrain_allows), the clear path's open ground, and PS-MOVE-8,
                // PS-GRID-4: only a square with exactly one enemy unit and no friendly unit may be
                // entered. A contested square cannot, nor one where an enemy unit is passing
                // through a friend of its own (an opportunity charger must not join them there).
                bool enter = true;
                if (!type.prohibited.empty() && c != 0) {
                    enter = c == kStreamCell ? !type.prohibited.contains(TerrainKind::Stream)
                                             : !type.prohibited.contains(s.terrain_pieces[c - 1u].kind);
                }
                if (open_ground_only && c != 0) enter = false;
                if (e > 0 && (f > 0 || e > 1)) enter = false;
                if (enter) flags |= kEnter;
                flags_[iu] = flags;
            }
        }
    }

    /// Searches the squares the unit reaches with its move (Unit::move_half) facing `facing`.
    /// With a `target` square, it may stop once the way there is settled: what best(target)
    /// then gives is what the whole search would, and nothing else may be asked of it.
    void run(Facing facing, std::optional<Square> target = std::nullopt) {
        // Only the board's own squares are ever read (kMaxSquares is the largest board's).
        const auto squares = static_cast<std::ptrdiff_t>(s_.files) * s_.ranks;
        std::fill_n(cost_.begin(), squares, kUnreached);
        const int files = s_.files;
        const int start = s_.square_index(u_.square);
        std::fill_n(reached_.begin(), static_cast<std::size_t>(squares) / 64 + 1, std::uint64_t{0});
        cost_[static_cast<std::size_t>(start)] = 0;
        passes_[static_cast<std::size_t>(start)] = 0;
        parent_[static_cast<std::size_t>(start)] = -1;
        // The three steps a unit with this facing may take, straight ahead first (PS-MOVE-3).
        struct Step {
            int dx, dy, delta, cost;
        };
        std::array<Step, 3> steps{};
        {
            int k = 0;
            for (int turn : {0, -1, 1}) {
                const Facing dir = core::rotated(facing, turn);
                const Offset v = core::vector(dir);
                steps[static_cast<std::size_t>(k++)] = Step{v.dx, v.dy, v.dy * files + v.dx, step_cost(dir)};
            }
        }
        // Dial's bucket queue: costs are small whole numbers, at most the budget.
        constexpr int kMaxEntries = 3 * kMaxSquares + 1;
        std::array<std::int16_t, kMaxEntries> node;
        struct At {  // a square, left uninitialised (Square zeroes itself)
            std::int8_t x, y;
        };
        std::array<At, kMaxEntries> where;
        std::array<std::int16_t, kMaxEntries> next;
        std::array<std::int16_t, kMaxHalfBudget + 1> head;
        std::array<std::int16_t, kMaxHalfBudget + 1> tail;
        head.fill(-1);
        tail.fill(-1);
        int entries = 0;
        const auto push = [&](int cost, int square, Square at) {
            if (entries >= kMaxEntries) return;
            node[static_cast<std::size_t>(entries)] = static_cast<std::int16_t>(square);
            where[static_cast<std::size_t>(entries)] = At{at.x, at.y};
            next[static_cast<std::size_t>(entries)] = -1;
            std::int16_t& t = tail[static_cast<std::size_t>(cost)];
            if (t >= 0) {
                next[static_cast<std::size_t>(t)] = static_cast<std::int16_t>(entries);
            } else {
                head[static_cast<std::size_t>(cost)] = static_cast<std::int16_t>(entries);
            }
            t = static_cast<std::int16_t>(entries++);
        };
        const int budget = u_.move_half < kMaxHalfBudget ? u_.move_half : kMaxHalfBudget;
        push(0, start, u_.square);
        const auto goal = target && s_.on_board(*target) ? static_cast<std::size_t>(s_.square_index(*target))
                                                         : static_cast<std::size_t>(-1);
        // A square reached for more than budget - 2 has no step left: the queue is searched no
        // farther (the squares in it are reached all the same).
        for (int c = 0; c + 2 <= budget; ++c) {
            // A square's cost, passes and way in can change only by a step from a square that
            // costs less; every such square has been searched once the queue reaches its cost.
            if (goal != static_cast<std::size_t>(-1) && cost_[goal] <= c) break;
            for (int e = head[static_cast<std::size_t>(c)]; e >= 0; e = next[static_cast<std::size_t>(e)]) {
                const int at_i = node[static_cast<std::size_t>(e)];
                const auto at_u = static_cast<std::size_t>(at_i);
                if (cost_[at_u] != c) continue;
                const At at = where[static_cast<std::size_t>(e)];
                const bool first = at_i == start;
                const std::uint8_t here = first ? 0 : flags_[at_u];
                // Entering an enemy's square ends the move; pike-type units pass through no
                // units at all (PS-MOVE-6, PS-MOVE-8).
                if ((here & kEnemy) != 0) continue;
                if (pike_ && (here & kFriend) != 0) continue;
                const int passes_here = passes_[at_u] + ((here & kFriend) != 0 ? 1 : 0);
                const std::uint8_t cell_here = s_.terrain[at_u];
                for (const Step& st : steps) {
                    const int cost = c + st.cost;
                    const int qx = at.x + st.dx;
                    const int qy = at.y + st.dy;
                    if (cost > budget || static_cast<unsigned>(qx) >= static_cast<unsigned>(files) ||
                        static_cast<unsigned>(qy) >= static_cast<unsigned>(s_.ranks)) {
                        continue;
                    }
                    const int qi = at_i + st.delta;
                    const auto qu = static_cast<std::size_t>(qi);
                    if ((flags_[qu] & kEnter) == 0) continue;
                    // PS-TERRAIN-10: entering a terrain piece only as the move's first step.
                    const std::uint8_t cq = s_.terrain[qu];
                    if (cq != 0 && cq != cell_here && !first) continue;
                    if (cost < cost_[qu] || (cost == cost_[qu] && passes_here < passes_[qu])) {
                        cost_[qu] = static_cast<std::uint8_t>(cost);
                        passes_[qu] = static_cast<std::uint8_t>(passes_here);
                        parent_[qu] = static_cast<std::int16_t>(at_i);
                        reached_[qu >> 6] |= std::uint64_t{1} << (qu & 63);
                        push(cost, qi, core::make_square(qx, qy));
                    }
                }
            }
        }
    }
    /// The path to `t` facing `facing` if the move can end there: the path search, left out
    /// when `t` lies outside the cone of squares its steps can reach (straight ahead or oblique,
    /// PS-MOVE-3: the fire arc's shape, core::in_arc), and stopped once the way to `t` is settled.
    std::optional<Path> path_to(Facing facing, Square t) {
        if (t == u_.square || !core::in_arc(facing, t - u_.square)) return std::nullopt;
        run(facing, t);
        return best(t);
    }
    /// The path to q if q can end the move (reached, and no friendly unit there).
    std::optional<Path> best(Square q) const {
        if (!s_.on_board(q) || !can_end(q)) return std::nullopt;
        Path p;
        std::array<Square, MoveInProgress::kMaxSteps + 1> rev{};
        int n = 0;
        for (int i = s_.square_index(q); parent_[static_cast<std::size_t>(i)] >= 0 && n < MoveInProgress::kMaxSteps;
             i = parent_[static_cast<std::size_t>(i)]) {
            rev[static_cast<std::size_t>(n++)] = square_of(i);
        }
        for (int k = n - 1; k >= 0; --k) p.steps[p.count++] = rev[static_cast<std::size_t>(k)];
        p.cost = cost_[static_cast<std::size_t>(s_.square_index(q))];
        p.passes = passes_[static_cast<std::size_t>(s_.square_index(q))];
        return p;
    }
    /// The square a path that can end in q enters it from (the square before it, or the start):
    /// what best(q) would give as its last square but one.
    Square entry(Square q) const { return square_of(parent_[static_cast<std::size_t>(s_.square_index(q))]); }
    /// Whether an enemy unit stands in q (what unit_at(s, q, enemy side) tells), for q within
    /// the unit's reach.
    bool enemy_in(Square q) const { return (flags_[static_cast<std::size_t>(s_.square_index(q))] & kEnemy) != 0; }
    /// Calls f(square) for every square the move can end in, in board order (rank by rank).
    template <class F>
    void each(F f) const {
        // The squares reached (the start is never among them), by index: in board order.
        const int files = s_.files;
        int row = 0;  // the rank of square `i`, and the index of its first square
        int row_start = 0;
        const std::size_t words = static_cast<std::size_t>(files * s_.ranks) / 64 + 1;
        for (std::size_t w = 0; w < words; ++w) {
            for (std::uint64_t bits = reached_[w]; bits != 0; bits &= bits - 1) {
                const int i = static_cast<int>(w * 64) + std::countr_zero(bits);
                if ((flags_[static_cast<std::size_t>(i)] & kFriend) != 0) continue;
                while (i >= row_start + files) {
                    row_start += files;
                    ++row;
                }
                f(core::make_square(i - row_start, row));
            }
        }
    }

private:
    static constexpr std::uint8_t kUnreached = 0xFF;
    static constexpr int kMaxHalfBudget = 60;  // 30 squares: the data loader's limit
    // flags_ bits, for the squares within the unit's reach.
    static constexpr std::uint8_t kFriend = 1;  ///< a friendly unit (not itself) stands there
    static constexpr std::uint8_t kEnemy = 2;   ///< an enemy unit stands there
    static constexpr std::uint8_t kEnter = 4;   ///< a step may enter it, whatever the facing
    bool can_end(Square q) const {
        const auto qi = static_cast<std::size_t>(s_.square_index(q));
        return cost_[qi] != kUnreached && q != u_.square && (flags_[qi] & kFriend) == 0;
    }
    Square square_of(int i) const { return core::make_square(i % s_.files, i / s_.files); }

    const GameState& s_;
    const Unit& u_;
    bool pike_;
    // Filled by run() over the board's own squares; left uninitialised here, since zeroing the
    // largest board's arrays for every unit and facing cost more than the search itself.
    // passes_ and parent_ are read only where cost_ says the square was reached, and flags_
    // only within reach, where the constructor filled it.
    std::array<std::uint8_t, kMaxSquares> cost_;
    std::array<std::uint8_t, kMaxSquares> passes_;
    std::array<std::int16_t, kMaxSquares> parent_;
    std::array<std::uint8_t, kMaxSquares> flags_;
    /// The squares reached, one bit each by index (the start's is never set).
    std::array<std::uint64_t, kMaxSquares / 64 + 1> reached_;
};

// --- eligibility ------------------------------------------------------------------------------

/// Why a unit may not move now, as a code: the listing asks this of every unit of the side and
/// builds no text; check_unit_can_move explains it to the person who asked.
enum class MoveBlock : std::uint8_t {
    None,
    NotYourPhase,
    NoCard,
    Routed,
    Acted,
    MovedThrough,
    CannonMarch,
    WrongCard,
    Pips
};

MoveBlock unit_move_block(const RulesContext& ctx, const GameState& s, const Unit& u) {
    if (s.decision != Decision::Act) return MoveBlock::NotYourPhase;
    if (!s.has_current_card) return MoveBlock::NoCard;
    if (u.status == UnitStatus::Routed) return MoveBlock::Routed;
    if (u.acted) return MoveBlock::Acted;
    if (u.moved_through) return MoveBlock::MovedThrough;
    if (s.marching)
        return ctx.type(u).has(Ability::NoMarch) ? MoveBlock::CannonMarch : MoveBlock::None;
    if (*card(s) != move_card_for(ctx, u)) return MoveBlock::WrongCard;
    if (s.pips < ctx.type(u).move_pips) return MoveBlock::Pips;
    return MoveBlock::None;
}

Why check_unit_can_move(const RulesContext& ctx, const GameState& s, std::size_t ui) {
    const Unit& u = s.units[ui];
    switch (unit_move_block(ctx, s, u)) {
        case MoveBlock::None:
            return std::nullopt;
        case MoveBlock::NotYourPhase:
            return std::string("you may move only in your own phase");
        case MoveBlock::NoCard:
            return std::string("turn a card first");
        case MoveBlock::Routed:
            return std::string("routed units do not move (PS-MOVE-14)");
        case MoveBlock::Acted:
            return std::string("this unit has already acted on this card (PS-CARD-4)");
        case MoveBlock::MovedThrough:
            return std::string("a unit was moved through this phase; it cannot move (PS-MOVE-7)");
        case MoveBlock::CannonMarch:
            return std::string("the cannon does not march (PS-CANNON-4)");
        case MoveBlock::WrongCard:
            return ctx.type(u).name + " move on a " +
                   std::string(card_title(move_card_for(ctx, u))) + " card, not " +
                   std::string(card_title(*card(s))) + " (PS-CARD-5, PS-CARD-6)";
        case MoveBlock::Pips:
            return "moving " + ctx.type(u).name + " costs " +
                   std::to_string(ctx.type(u).move_pips) + " pips; you have " +
                   std::to_string(s.pips) + " (PS-PIP-1)";
    }
    return std::nullopt;
}

/// The cheapest cost, in half-squares, of reaching `d` from (0,0) by steps straight ahead or
/// oblique for `facing` (PS-MOVE-3) on an open board of `size` squares a side; nothing if no such
/// steps reach it.
std::optional<int> cone_cost(core::Facing facing, core::Offset d, int size) {
    const int n = 2 * size + 1;
    std::vector<int> cost(static_cast<std::size_t>(n * n), -1);
    const auto at = [&](int x, int y) -> int& { return cost[static_cast<std::size_t>((y + size) * n + (x + size))]; };
    at(0, 0) = 0;
    // Each step moves on along the facing, so a few sweeps settle every square.
    for (int sweep = 0; sweep < 2 * size + 2; ++sweep) {
        bool changed = false;
        for (int y = -size; y <= size; ++y) {
            for (int x = -size; x <= size; ++x) {
                if (at(x, y) < 0) continue;
                for (const int turn : {-1, 0, 1}) {
                    const core::Facing f = core::rotated(facing, turn);
                    const core::Offset v = core::vector(f);
                    const int nx = x + v.dx;
                    const int ny = y + v.dy;
                    if (nx < -size || nx > size || ny < -size || ny > size) continue;
                    const int c = at(x, y) + (core::is_diagonal(f) ? 3 : 2);
                    if (at(nx, ny) < 0 || c < at(nx, ny)) {
                        at(nx, ny) = c;
                        changed = true;
                    }
                }
            }
        }
        if (!changed) break;
    }
    const int c = std::abs(d.dx) <= size && std::abs(d.dy) <= size ? at(d.dx, d.dy) : -1;
    if (c < 0) return std::nullopt;
    return c;
}

/// Why a unit facing `facing` cannot move to `to`, in words, then the rules: a friend there, a
/// square not ahead of it, too far, or the way blocked.
std::string unreachable_why(const RulesContext& ctx, const GameState& s, const Unit& u, core::Facing facing,
                            core::Square to) {
    const std::string where = core::to_string(to);
    if (const auto f = unit_at(s, to, u.side)) {
        return "your " + ctx.type(s.units[*f]).name + " is in " + where +
               ": a move may not end on a friendly unit (PS-MOVE-6)";
    }
    const core::Offset d{to.x - u.square.x, to.y - u.square.y};
    const auto cost = cone_cost(facing, d, std::max<int>(s.files, s.ranks));
    const std::string face(core::to_string(facing));
    if (!cost) {
        return where + " is not ahead of it: facing " + face + ", it steps only " + face + ", " +
               std::string(core::to_string(core::rotated(facing, -1))) + " or " +
               std::string(core::to_string(core::rotated(facing, 1))) + " (PS-MOVE-3); a move may turn first (PS-MOVE-5)";
    }
    if (*cost > u.move_half) {
        return where + " is too far: going there costs " + std::to_string(*cost) + " move points and it has " +
               std::to_string(u.move_half) + " (PS-MOVE-2, PS-MOVE-3)";
    }
    return "the way to " + where +
           " is blocked: an enemy unit, terrain that stops or forbids it, or the board's edge (PS-MOVE-6, PS-MOVE-10)";
}

/// Why a move-and-attack entering `en` from `entry` is refused: that is its front, in words, with
/// the squares that enter its flank or rear, then the rule.
std::string front_not_flank(const RulesContext& ctx, const GameState& s, const Unit& en, Square entry) {
    std::string flank;
    for (Facing f : core::kAllFacings) {
        const core::Offset v = core::vector(f);
        const Square q = core::make_square(en.square.x + v.dx, en.square.y + v.dy);
        if (s.on_board(q) && entered_from_flank_or_rear(ctx, q, en)) flank += (flank.empty() ? "" : " ") + core::to_string(q);
    }
    return "entering from " + core::to_string(entry) + " meets the front of the enemy " + ctx.type(en).name + " in " +
           core::to_string(en.square) + " (it faces " + std::string(core::to_string(en.facing)) + "); " +
           (flank.empty() ? std::string() : "its flank or rear is entered from " + flank + ", and ") +
           "moving in to attack at once needs its flank or rear, or the enemy Disordered (PS-MELEE-3)";
}

/// Resolves a Move command to a path, or says why it is illegal.
Why plan_move(const RulesContext& ctx, const GameState& s, const Move& m, std::size_t& ui, Path& path) {
    const auto found = unit_at(s, m.from, s.active);
    if (!found) return "you have no unit in " + core::to_string(m.from);
    ui = *found;
    if (auto why = check_unit_can_move(ctx, s, ui)) return why;
    const Unit& u = s.units[ui];
    // PS-MOVE-5: one facing change, before the steps or after them, not both. (The text form
    // cannot say both; a Command value built in code can.)
    if (m.face_before && m.face_after) return std::string("a move turns once: before the steps or after them (PS-MOVE-5)");
    const int limit = ctx.type(u).turn_limit >= 4 ? 4 : ctx.type(u).turn_limit;
    for (const auto& f : {m.face_before, m.face_after}) {
        if (!f) continue;
        if (*f == u.facing) return "it already faces " + std::string(core::to_string(*f));
        if (core::turn_steps(u.facing, *f) > limit) {
            return ctx.type(u).name + " turn at most " + std::to_string(45 * limit) +
                   " degrees in a move (PS-MOVE-4)";
        }
    }
    if (!m.to && !m.face_before) return std::string("a move needs a destination, or a facing to turn to");
    if (m.attack && !m.to) return std::string("a move-and-attack needs a destination");
    if (m.face_after && !m.to) return std::string("a turn without steps is written before them: move <sq> face <F>");
    path = Path{};
    if (m.to) {
        if (*m.to == m.from) return std::string("a move needs a different square, or only a facing");
        const Occupancy occ(s);
        Explorer ex(ctx, s, u, occ);
        const auto p = ex.path_to(m.face_before.value_or(u.facing), *m.to);
        if (!p) return "cannot reach " + core::to_string(*m.to) + ": " + unreachable_why(ctx, s, u, m.face_before.value_or(u.facing), *m.to);
        path = *p;
        const bool ends_in_contact = unit_at(s, *m.to, other(u.side)).has_value();
        if (m.face_after && ends_in_contact) {
            return std::string("no facing change after moving into contact (PS-MOVE-5)");
        }
        if (m.attack) {
            // PS-MELEE-3: a move-and-attack ends in contact, costs 1 more pip, and needs a
            // Disordered or Routed enemy or an entry from its flank or rear.
            if (s.marching) return std::string("no move-and-attack in a march");
            const auto e = unit_at(s, *m.to, other(u.side));
            if (!e) return std::string("a move-and-attack must end in an enemy unit's square");
            if (s.pips < ctx.type(u).move_pips + 1) return std::string("a move-and-attack costs 1 pip more than the move (PS-PIP-3)");
            const Unit& en = s.units[*e];
            const Square entry = path.count >= 2 ? path.steps[path.count - 2u] : m.from;
            if (en.status == UnitStatus::Routed && en.routed_this_phase) {
                return std::string("a unit routed this phase cannot be cut down until your next phase (PS-MELEE-21)");
            }
            if (en.status == UnitStatus::Ok && !entered_from_flank_or_rear(ctx, entry, en)) {
                return front_not_flank(ctx, s, en, entry);
            }
        }
    }
    if (s.marching && !(m.to && nearer_enemy(u.side, m.from, *m.to))) {
        return std::string("in a march every unit must end nearer the enemy's edge (PS-MARCH-3)");
    }
    return std::nullopt;
}

/// Whether the unit has any move that ends nearer the enemy (for PS-MARCH-3).
bool can_march(const RulesContext& ctx, const GameState& s, const Occupancy& occ, const Unit& u) {
    // PS-MOVE-7: a unit passed through this phase cannot move, so it cannot march either (a march
    // that passes through a unit still to march leaves it without a move: PS-MARCH-5 c).
    if (u.moved_through) return false;
    const int limit = ctx.type(u).turn_limit >= 4 ? 4 : ctx.type(u).turn_limit;
    Explorer ex(ctx, s, u, occ);
    for (Facing f : core::kAllFacings) {
        if (core::turn_steps(u.facing, f) > limit) continue;
        ex.run(f);
        bool found = false;
        ex.each([&](Square q) { found = found || nearer_enemy(u.side, u.square, q); });
        if (found) return true;
    }
    return false;
}

bool march_eligible(const RulesContext& ctx, const Unit& u, Side side) {
    return u.side == side && u.on_table() && u.status != UnitStatus::Routed &&
           !ctx.type(u).has(Ability::NoMarch);
}

/// Whether a march may start now: check_movement's test of March, without its texts (the
/// listing asks it at every decision of a phase).
bool may_march(const RulesContext& ctx, const GameState& s, const Occupancy& occ) {
    if (s.decision != Decision::Act || s.marching || !s.march_option[idx(s.active)] || !s.has_current_card) return false;
    const CardKind k = *card(s);
    if (k != CardKind::InfantryMove && k != CardKind::CavalryMove) return false;  // PS-MARCH-2
    if (s.pips < 2) return false;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (!march_eligible(ctx, u, s.active)) continue;
        if (u.acted || u.moved_through || !can_march(ctx, s, occ, u)) return false;  // PS-MARCH-3
    }
    return true;
}

/// Whether a move-and-attack that has reached enemy unit `e`'s square, entering it from
/// `entry`, may fight there: plan_move's test of it (PS-MELEE-3, PS-MELEE-21) once the march,
/// the pips and the path have been checked.
bool attack_allowed(const RulesContext& ctx, const GameState& s, std::size_t e, Square entry) {
    const Unit& en = s.units[e];
    if (en.status == UnitStatus::Routed && en.routed_this_phase) return false;
    return en.status != UnitStatus::Ok || entered_from_flank_or_rear(ctx, entry, en);
}

// --- reactions --------------------------------------------------------------------------------

/// A possible opportunity charge: the facing turned to first and the path in (PS-OPP-5).
struct ChargeOption {
    std::size_t unit = 0;
    std::optional<Facing> face;
    Path path;
};

std::vector<ChargeOption> charge_options(const RulesContext& ctx, const GameState& s, std::size_t target) {
    std::vector<ChargeOption> out;
    const Side n = other(s.active);
    const Square t = s.units[target].square;
    if (s.opportunity_chips[idx(n)] < 1) return out;
    // A mover that an opportunity shot has routed or destroyed is no longer moving: its move
    // ended there (PS-OPP-3), so there is nothing left to charge.
    if (!s.units[target].on_table() || s.units[target].status == UnitStatus::Routed) return out;
    // Who may charge at all: most steps have nobody near enough, which is looked at first.
    const auto may_charge = [&](const Unit& c) {
        // A path costs at least the distance (steps of 2 and 3 half-squares, PS-GRID-10): a
        // charger farther than its move cannot reach, whatever it turns to.
        return c.side == n && c.on_table() && c.status != UnitStatus::Routed &&
               core::dist2(c.square, t) <= c.move_half && ctx.type(c).has(Ability::OpportunityCharge);
    };
    bool anyone = false;
    for (std::size_t i = 0; i < s.unit_count && !anyone; ++i) anyone = may_charge(s.units[i]);
    if (!anyone || unit_at(s, t, n)) return out;
    // The charger must be able to enter the square: only the target of the other side may be in
    // it, not a friend it is passing through (PS-GRID-4, PS-MOVE-8).
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (i != target && s.units[i].on_table() && s.units[i].square == t) return out;
    }
    std::optional<Occupancy> occ;  // counted once, for the first charger within reach
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& c = s.units[i];
        if (!may_charge(c)) continue;
        if (unit_at(s, c.square, other(n))) continue;  // already in contact
        const int limit = ctx.type(c).turn_limit >= 4 ? 4 : ctx.type(c).turn_limit;
        if (!occ) occ.emplace(s);
        Explorer ex(ctx, s, c, *occ);
        for (Facing f : core::kAllFacings) {
            if (core::turn_steps(c.facing, f) > limit) continue;
            if (const auto p = ex.path_to(f, t)) {
                out.push_back(ChargeOption{i, f == c.facing ? std::nullopt : std::optional<Facing>(f), *p});
            }
        }
    }
    return out;
}

void turn_unit(GameState& s, std::size_t ui, Facing f, Events& ev) {
    Unit& u = s.units[ui];
    ev.push_back(UnitTurned{static_cast<std::uint8_t>(ui), u.facing, f});
    u.facing = f;
}


}  // namespace

std::optional<Square> attack_entry(const RulesContext& ctx, const GameState& s, const Move& m) {
    std::size_t ui = 0;
    Path path;
    if (!m.to || plan_move(ctx, s, m, ui, path) || path.count == 0) return std::nullopt;
    return path.count >= 2 ? path.steps[path.count - 2u] : m.from;
}

std::optional<Square> charge_entry(const RulesContext& ctx, const GameState& s, const Charge& c) {
    if (s.move.unit == kNone) return std::nullopt;
    const auto ci = unit_at(s, c.from, s.decider);
    if (!ci) return std::nullopt;
    for (const ChargeOption& o : charge_options(ctx, s, s.move.unit)) {
        if (o.unit != *ci || o.face != c.face || o.path.count == 0) continue;
        return o.path.count >= 2 ? o.path.steps[o.path.count - 2u] : c.from;
    }
    return std::nullopt;
}

/// The march part of settling (PS-MARCH-3, PS-MARCH-5 c): false while units must still march.
bool settle_march(const RulesContext& ctx, GameState& s, Events& ev) {
    if (!s.marching) return true;
    bool left = false;
    bool stuck = false;
    std::optional<Occupancy> occ;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (!march_eligible(ctx, u, s.active) || u.acted) continue;
        left = true;
        if (stuck) continue;
        if (!occ) occ.emplace(s);
        stuck = !can_march(ctx, s, *occ, u);
    }
    if (left && !stuck) return false;
    s.marching = false;
    if (stuck) {
        // PS-MARCH-5 (c): a unit left without a move ends the option.
        s.march_option[idx(s.active)] = false;
        ev.push_back(MarchLost{s.active});
    }
    return true;
}

bool can_charge(const RulesContext& ctx, const GameState& s) {
    return s.move.active && !charge_options(ctx, s, s.move.unit).empty();
}

bool can_evade(const RulesContext& ctx, const GameState& s) {
    if (!s.move.active) return false;
    const Unit& mover = s.units[s.move.unit];
    if (!mover.on_table() || mover.status == UnitStatus::Routed) return false;
    const auto e = unit_at(s, mover.square, other(mover.side));
    if (!e || s.opportunity_chips[idx(other(mover.side))] < 1) return false;
    const Unit& ev_unit = s.units[*e];
    return ev_unit.status != UnitStatus::Routed && ctx.type(ev_unit).has(Ability::Evade);
}

bool can_reach(const RulesContext& ctx, const GameState& s, std::size_t ui, Square t) {
    const Unit& c = s.units[ui];
    const int limit = ctx.type(c).turn_limit >= 4 ? 4 : ctx.type(c).turn_limit;
    const Occupancy occ(s);
    Explorer ex(ctx, s, c, occ);
    for (Facing f : core::kAllFacings) {
        if (core::turn_steps(c.facing, f) > limit) continue;
        if (ex.path_to(f, t)) return true;
    }
    return false;
}


/// Opens R2 after a step (PS-OPP-3): opportunity shots, and a charge when one is possible,
/// rolling first for headstrong Knights (PS-OPP-7). settle() closes it at once if the non-active
/// side has nothing to do in it.
void open_step_window(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    s.forced_charger = kNone;
    s.react_window = ReactWindow::Step;
    const auto options = charge_options(ctx, s, s.move.unit);
    const Square t = s.units[s.move.unit].square;
    std::vector<std::size_t> checked;
    for (const auto& o : options) {
        const Unit& c = s.units[o.unit];
        if (!c.traits.contains(Trait::Headstrong) || core::dist2(c.square, t) > 6) continue;
        if (std::find(checked.begin(), checked.end(), o.unit) != checked.end()) continue;
        checked.push_back(o.unit);
        // "unless the opponent is behind/on terrain": the target's square, or every path in.
        // The cheapest path for each facing may cross terrain while a dearer one does not, so
        // look for any legal path that enters no terrain square (PS-AMB-42).
        bool clear_path = false;
        const int limit = ctx.type(c).turn_limit >= 4 ? 4 : ctx.type(c).turn_limit;
        const Occupancy occ(s);
        Explorer ex(ctx, s, c, occ, true);
        for (Facing f : core::kAllFacings) {
            if (clear_path || core::turn_steps(c.facing, f) > limit) continue;
            clear_path = ex.path_to(f, t).has_value();
        }
        if (is_terrain(s, t) || !clear_path) continue;
        const int french = dice.roll(core::DieType::D6, core::RollPurpose::KnightsRestraint);
        const int opp = dice.roll(core::DieType::D6, core::RollPurpose::KnightsRestraint);
        ev.push_back(DiceRolled{c.side, core::RollPurpose::KnightsRestraint, core::DieType::D6, french});
        ev.push_back(DiceRolled{other(c.side), core::RollPurpose::KnightsRestraint, core::DieType::D6, opp});
        if (french <= opp) {  // a tie means they must charge
            s.forced_charger = static_cast<std::uint8_t>(o.unit);
            break;
        }
    }
}

void close_window(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    const ReactWindow w = s.react_window;
    s.react_window = ReactWindow::None;
    s.forced_charger = kNone;
    // After R3 (no evade) comes R2 for the same step.
    if (w == ReactWindow::Evade && s.move.active) open_step_window(ctx, s, dice, ev);
}

namespace {

void finish_move(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    MoveInProgress& m = s.move;
    const std::size_t ui = m.unit;
    const Unit& u = s.units[ui];
    const bool going = u.on_table() && u.status != UnitStatus::Routed;
    if (going && m.turn_after && !contested(s, u.square)) turn_unit(s, ui, m.final_facing, ev);
    const bool attack = going && m.attack;
    s.move = MoveInProgress{};
    if (attack) fight_after_move(ctx, s, ui, dice, ev);  // PS-MELEE-3
    s.window_due = ReactWindow::Action;                  // R4 after the activation
    settle(ctx, s, dice, ev);
}

}  // namespace

namespace {

/// A friend routed by a reaction may have landed on the rest of the mover's path. The move then
/// ends at the farthest square of that path it can still reach and stop in: no friend there
/// (PS-GRID-4), and no friend passed on the way for the pike types (PS-MOVE-6). If even the
/// square it stands in holds a friend, the path is left as planned (not seen in play).
void cut_blocked_path(const RulesContext& ctx, GameState& s) {
    MoveInProgress& m = s.move;
    const Unit& u = s.units[m.unit];
    const bool pike = ctx.type(u).has(Ability::Pike);
    const auto friend_in = [&](Square q) {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& o = s.units[i];
            if (i != m.unit && o.side == u.side && o.on_table() && o.square == q) return true;
        }
        return false;
    };
    int stop = friend_in(u.square) ? -1 : m.next;  // steps [next, stop) are taken
    if (!friend_in(m.steps[m.step_count - 1u])) return;
    for (int k = m.next; k < m.step_count; ++k) {
        const bool occupied = friend_in(m.steps[static_cast<std::size_t>(k)]);
        if (occupied && pike) break;
        if (!occupied) stop = k + 1;
    }
    if (stop < 0) return;
    m.step_count = static_cast<std::uint8_t>(stop);
}

}  // namespace

void continue_move(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    MoveInProgress& m = s.move;
    // A reaction may have ended the move: the mover routed, destroyed or gone (PS-OPP-3).
    const Unit& mover = s.units[m.unit];
    if (!mover.on_table() || mover.status == UnitStatus::Routed) m.next = m.step_count;
    if (m.next < m.step_count) cut_blocked_path(ctx, s);
    if (m.next < m.step_count) {
        Unit& u = s.units[m.unit];
        const Square q = m.steps[m.next];
        m.previous = u.square;
        ++m.next;
        const bool contact = unit_at(s, q, other(u.side)).has_value();
        enter(ctx, s, m.unit, q, m.next == m.step_count, dice, ev);
        if (s.decision == Decision::GameOver) return;
        if (contact) {
            m.next = m.step_count;  // PS-MOVE-8: the move ends in contact
            m.turn_after = false;
            if (s.march_option[idx(u.side)]) {
                s.march_option[idx(u.side)] = false;  // PS-MARCH-5 (a)
                ev.push_back(MarchLost{u.side});
            }
        }
        if (contact && can_evade(ctx, s)) {
            s.react_window = ReactWindow::Evade;  // R3
        } else {
            open_step_window(ctx, s, dice, ev);  // R2
        }
        settle(ctx, s, dice, ev);
        return;
    }
    finish_move(ctx, s, dice, ev);
}

namespace {

// --- leader moves -------------------------------------------------------------------------------

/// Why the leader may not make move `m`, as a code: the listing asks this of every square within
/// his reach and builds no text; check_leader_move explains it to the person who asked.
enum class LeaderBlock : std::uint8_t {
    None,
    NotYourPhase,
    Dead,
    NoCard,
    WrongCard,
    Moved,
    NoPips,
    OffBoard,
    TooFar,
    AttachCard,
    AttachNoUnit,
    AttachedAlready,
    AlreadyThere,
    EnemyThere,
};

/// `occ`, if given, counts who stands where in `s` (for the listing, which asks of many squares).
LeaderBlock leader_move_block(const GameState& s, const MoveLeader& m, const Occupancy* occ = nullptr) {
    if (s.decision != Decision::Act) return LeaderBlock::NotYourPhase;
    const Leader& l = s.leaders[idx(s.active)];
    if (!l.alive) return LeaderBlock::Dead;
    if (!s.has_current_card) return LeaderBlock::NoCard;
    const CardKind c = *card(s);
    if (c != CardKind::InfantryMove && c != CardKind::CavalryMove && c != CardKind::LeaderCheck)
        return LeaderBlock::WrongCard;
    if (l.acted) return LeaderBlock::Moved;
    if (!s.marching && s.pips < 1) return LeaderBlock::NoPips;
    if (!s.on_board(m.to)) return LeaderBlock::OffBoard;
    if (core::dist2(l.square, m.to) > kLeaderMoveHalf) return LeaderBlock::TooFar;
    if (m.attach) {
        if (c != CardKind::LeaderCheck) return LeaderBlock::AttachCard;
        const auto friendly = occ ? occ->unit_at(m.to, s.active) : unit_at(s, m.to, s.active);
        if (!friendly) return LeaderBlock::AttachNoUnit;
        if (l.attached == *friendly) return LeaderBlock::AttachedAlready;
    } else {
        if (m.to == l.square) return LeaderBlock::AlreadyThere;
        if (occ ? occ->any(m.to, other(s.active)) : unit_at(s, m.to, other(s.active)).has_value())
            return LeaderBlock::EnemyThere;
    }
    return LeaderBlock::None;
}

Why check_leader_move(const GameState& s, const MoveLeader& m) {
    switch (leader_move_block(s, m)) {
        case LeaderBlock::None:
            return std::nullopt;
        case LeaderBlock::NotYourPhase:
            return std::string("you may move your leader only in your own phase");
        case LeaderBlock::Dead:
            return std::string("your leader is dead");
        case LeaderBlock::NoCard:
            return std::string("turn a card first");
        case LeaderBlock::WrongCard:
            return "the leader moves on a Move or Leader Check card, not " +
                   std::string(card_title(*card(s))) + " (PS-LEADER-2)";
        case LeaderBlock::Moved:
            return std::string("the leader has already moved on this card (PS-LEADER-2)");
        case LeaderBlock::NoPips:
            return std::string("no pips left");
        case LeaderBlock::OffBoard:
            return core::to_string(m.to) + " is off the board";
        case LeaderBlock::TooFar:
            return std::string("leaders move at most 4 squares (PS-MOVE-13)");
        case LeaderBlock::AttachCard:
            return std::string("a leader attaches only on a Leader Check card (PS-LEADER-3)");
        case LeaderBlock::AttachNoUnit:
            return "no unit of yours in " + core::to_string(m.to) + " to attach to";
        case LeaderBlock::AttachedAlready:
            return std::string("he is already attached to that unit");
        case LeaderBlock::AlreadyThere:
            return std::string("he is already there");
        case LeaderBlock::EnemyThere:
            return std::string("a leader may not end his move with an enemy unit (PS-MOVE-13)");
    }
    return std::nullopt;
}

}  // namespace

// --- entering a square, in every kind of movement ------------------------------------------------

namespace {

void move_attached_leader(GameState& s, std::size_t ui) {
    for (auto& l : s.leaders) {
        if (l.alive && l.attached == ui) l.square = s.units[ui].square;
    }
}

}  // namespace

/// PS-LEADER-10: a lost leader costs a D6 of morale chips, or all of them for the Sultan.
void kill_leader(GameState& s, Side side, core::Dice& dice, Events& ev) {
    Leader& l = s.leaders[idx(side)];
    l.alive = false;
    l.attached = kNone;
    const int rolled = dice.roll(core::DieType::D6, core::RollPurpose::LeaderLost);
    const int have = s.morale_chips[idx(side)];
    // PS-CHIP-7: never below 0; the event says what was really lost.
    const int lost = l.sultan ? have : std::min(have, rolled);
    s.morale_chips[idx(side)] = static_cast<std::int16_t>(have - lost);
    ev.push_back(LeaderKilled{side, lost, rolled});
    s.escape_due[idx(side)] = false;
}

// PS-LEADER-11: a non-routed enemy unit entering or passing the square of a lone leader.
void leader_alone_check(const RulesContext& ctx, GameState& s, const Unit& mover, Square q,
                        core::Dice& dice, Events& ev) {
    (void)ctx;
    if (mover.status == UnitStatus::Routed) return;
    const Side owner = other(mover.side);
    Leader& l = s.leaders[idx(owner)];
    if (!l.alive || !l.deployed || l.attached != kNone || l.square != q) return;
    if (unit_at(s, q, owner)) return;  // a friendly unit is with him
    int a = 0;
    int b = 0;
    do {  // ties are re-rolled (PS-DICE-6)
        a = dice.roll(core::DieType::D6, core::RollPurpose::LeaderAlone);
        b = dice.roll(core::DieType::D6, core::RollPurpose::LeaderAlone);
        ev.push_back(DiceRolled{owner, core::RollPurpose::LeaderAlone, core::DieType::D6, a});
        ev.push_back(DiceRolled{mover.side, core::RollPurpose::LeaderAlone, core::DieType::D6, b});
    } while (a == b);
    if (a > b) {
        s.escape_due[idx(owner)] = true;
    } else {
        kill_leader(s, owner, dice, ev);
    }
}

// One square of any move: the leader goes along, friends passed are marked, lone leaders roll off.
void enter(const RulesContext& ctx, GameState& s, std::size_t ui, Square q, bool final_square,
           core::Dice& dice, Events& ev) {
    Unit& u = s.units[ui];
    const Square from = u.square;
    // PS-MELEE-6: entering a square that holds an enemy unit makes this unit the entrant.
    const auto holder = unit_at(s, q, other(u.side));
    u.entrant = holder.has_value();
    u.entry = from;
    if (holder) s.units[*holder].entrant = false;
    u.square = q;
    move_attached_leader(s, ui);
    ev.push_back(UnitMoved{static_cast<std::uint8_t>(ui), from, q});
    if (!final_square) {
        for (std::size_t i = 0; i < s.unit_count; ++i) {  // PS-MOVE-7
            if (i != ui && s.units[i].side == u.side && s.units[i].on_table() && s.units[i].square == q) {
                s.units[i].moved_through = true;
            }
        }
    }
    leader_alone_check(ctx, s, u, q, dice, ev);
}

// --- dispatch -----------------------------------------------------------------------------------

Why check_movement(const RulesContext& ctx, const GameState& s, const Command& c) {
    return std::visit(
        Overloaded{
            [&](const Move& m) -> Why {
                std::size_t ui = 0;
                Path p;
                return plan_move(ctx, s, m, ui, p);
            },
            [&](const March&) -> Why {
                if (s.decision != Decision::Act)
                    return std::string("you may march only in your own phase");
                if (s.marching) return std::string("the march is already under way");
                if (!s.march_option[idx(s.active)])
                    return std::string("your army has lost its marching option (PS-MARCH-5)");
                if (!s.has_current_card) return std::string("turn a card first");
                const CardKind k = *card(s);
                if (k != CardKind::InfantryMove && k != CardKind::CavalryMove) {
                    return std::string("a march needs an Infantry Move or Cavalry Move card (PS-MARCH-2)");
                }
                if (s.pips < 2) return std::string("a march costs 2 pips (PS-MARCH-2)");
                std::optional<Occupancy> occ;
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (!march_eligible(ctx, u, s.active)) continue;
                    if (u.acted || u.moved_through)
                        return std::string("a unit has already acted on this card");
                    if (!occ) occ.emplace(s);
                    if (!can_march(ctx, s, *occ, u)) {
                        return unit_label(ctx, s, i) + " in " + core::to_string(u.square) +
                               " cannot move toward the enemy, so no march is possible (PS-MARCH-3)";
                    }
                }
                return std::nullopt;
            },
            [&](const MoveLeader& m) -> Why { return check_leader_move(s, m); },
            [&](const Charge& ch) -> Why {
                if (s.decision != Decision::React || s.react_window != ReactWindow::Step)
                    return std::string("there is nothing to charge now");
                const auto ui = unit_at(s, ch.from, s.decider);
                if (!ui) return "you have no unit in " + core::to_string(ch.from);
                if (s.forced_charger != kNone && *ui != s.forced_charger) {
                    return unit_label(ctx, s, s.forced_charger) + " must charge (PS-OPP-7)";
                }
                for (const auto& o : charge_options(ctx, s, s.move.unit)) {
                    if (o.unit == *ui && o.face == ch.face) return std::nullopt;
                }
                return "that unit cannot reach " + core::to_string(s.units[s.move.unit].square) + " that way (PS-OPP-5)";
            },
            [&](const Evade&) -> Why {
                if (s.decision != Decision::React || s.react_window != ReactWindow::Evade)
                    return std::string("there is nothing to evade now");
                return std::nullopt;
            },
            [&](const Decline&) -> Why {
                if (s.decision == Decision::LeaderEscape || s.decision == Decision::Chip)
                    return std::nullopt;
                if (s.decision != Decision::React)
                    return std::string("there is nothing to decline now");
                if (s.react_window == ReactWindow::Step && s.forced_charger != kNone) {
                    return unit_label(ctx, s, s.forced_charger) + " must charge (PS-OPP-7)";
                }
                return std::nullopt;
            },
            [&](const Escape& e) -> Why {
                if (s.decision != Decision::LeaderEscape)
                    return std::string("no leader is escaping now");
                const Leader& l = s.leaders[idx(s.decider)];
                if (!s.on_board(e.to)) return core::to_string(e.to) + " is off the board";
                if (e.to == l.square) return std::string("he must move to escape (or decline)");
                if (core::dist2(l.square, e.to) > kLeaderMoveHalf)
                    return std::string("leaders move at most 4 squares (PS-MOVE-13)");
                if (unit_at(s, e.to, other(s.decider)))
                    return std::string("that square holds an enemy unit");
                return std::nullopt;
            },
            [&](const auto&) -> Why { return std::string("not a movement command"); },
        },
        c);
}

void apply_movement(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev) {
    std::visit(
        Overloaded{
            [&](const Move& m) {
                std::size_t ui = 0;
                Path p;
                if (auto why = plan_move(ctx, s, m, ui, p)) throw IllegalCommand(*why);
                Unit& u = s.units[ui];
                u.acted = true;  // PS-CARD-4 (and a march activation, PS-MARCH-2)
                if (!s.marching) s.pips = static_cast<std::uint8_t>(s.pips - ctx.type(u).move_pips);
                if (m.face_before) turn_unit(s, ui, *m.face_before, ev);
                MoveInProgress mv;
                mv.active = true;
                mv.unit = static_cast<std::uint8_t>(ui);
                mv.step_count = p.count;
                for (std::uint8_t k = 0; k < p.count; ++k) mv.steps[k] = p.steps[k];
                mv.turn_after = m.face_after.has_value();
                mv.final_facing = m.face_after.value_or(u.facing);
                mv.previous = u.square;
                mv.attack = m.attack;
                s.move = mv;
                continue_move(ctx, s, dice, ev);
            },
            [&](const March&) {
                s.marching = true;
                s.marched_on_card = true;
                s.pips = static_cast<std::uint8_t>(s.pips - 2);
                ev.push_back(MarchStarted{s.active});
                settle(ctx, s, dice, ev);
            },
            [&](const MoveLeader& m) {
                Leader& l = s.leaders[idx(s.active)];
                const Square from = l.square;
                l.square = m.to;
                l.acted = true;
                l.attached = m.attach ? static_cast<std::uint8_t>(*unit_at(s, m.to, s.active)) : kNone;
                if (!s.marching) s.pips = static_cast<std::uint8_t>(s.pips - 1);
                ev.push_back(LeaderMoved{s.active, from, m.to, m.attach});
                s.window_due = ReactWindow::Action;  // R4 after the activation
                settle(ctx, s, dice, ev);
            },
            [&](const Charge& ch) {
                const std::size_t ci = *unit_at(s, ch.from, s.decider);
                ChargeOption chosen;
                for (const auto& o : charge_options(ctx, s, s.move.unit)) {
                    if (o.unit == ci && o.face == ch.face) chosen = o;
                }
                --s.opportunity_chips[idx(s.decider)];
                if (ch.face) turn_unit(s, ci, *ch.face, ev);
                for (std::uint8_t k = 0; k < chosen.path.count; ++k) {
                    enter(ctx, s, ci, chosen.path.steps[k], k + 1 == chosen.path.count, dice, ev);
                }
                // PS-OPP-6: the target's move ends here and the melee is fought at once.
                s.move.next = s.move.step_count;
                s.move.turn_after = false;
                s.move.attack = false;
                s.react_window = ReactWindow::None;
                s.forced_charger = kNone;
                opportunity_melee(ctx, s, ci, s.move.unit, dice, ev);
                settle(ctx, s, dice, ev);
            },
            [&](const Evade&) {
                const Unit& mover = s.units[s.move.unit];
                const std::size_t ei = *unit_at(s, mover.square, other(mover.side));
                --s.opportunity_chips[idx(s.decider)];
                evade(ctx, s, ei, s.move.previous, dice, ev);  // PS-INVOL-4
                // PS-OPP-9: the evader is now Disordered (no change if it already was), and the
                // active player may chip it (PS-CHIP-10 b).
                if (s.units[ei].on_table() && s.units[ei].status == UnitStatus::Ok) {
                    s.units[ei].status = UnitStatus::Disordered;
                    ev.push_back(StatusChanged{static_cast<std::uint8_t>(ei), UnitStatus::Ok, UnitStatus::Disordered});
                    s.chip_target = static_cast<std::uint8_t>(ei);
                }
                s.react_window = ReactWindow::None;
                if (s.decision == Decision::GameOver || check_army_gone(ctx, s, ev)) return;
                open_step_window(ctx, s, dice, ev);
                settle(ctx, s, dice, ev);
            },
            [&](const Decline&) {
                if (s.decision == Decision::LeaderEscape) {
                    s.escape_due[idx(s.decider)] = false;
                } else if (s.decision == Decision::Chip) {
                    s.chip_target = kNone;
                } else {
                    close_window(ctx, s, dice, ev);
                }
                settle(ctx, s, dice, ev);
            },
            [&](const Escape& e) {
                Leader& l = s.leaders[idx(s.decider)];
                ev.push_back(LeaderMoved{s.decider, l.square, e.to, false});
                l.square = e.to;
                s.escape_due[idx(s.decider)] = false;
                settle(ctx, s, dice, ev);
            },
            [&](const auto&) { throw IllegalCommand("not a movement command"); },
        },
        c);
}

void legal_movement(const RulesContext& ctx, const GameState& s, const Occupancy& occ, CommandSink& out) {
    if (s.decision == Decision::React) {
        if (!check_movement(ctx, s, Decline{})) out.push_back(Decline{});
        if (s.react_window == ReactWindow::Evade) out.push_back(Evade{});
        if (s.react_window == ReactWindow::Step) {
            for (const auto& o : charge_options(ctx, s, s.move.unit)) {
                if (s.forced_charger != kNone && o.unit != s.forced_charger) continue;
                out.push_back(Charge{s.units[o.unit].square, o.face});
            }
        }
        return;
    }
    if (s.decision == Decision::LeaderEscape) {
        out.push_back(Decline{});
        const Leader& l = s.leaders[idx(s.decider)];
        for (int y = 0; y < s.ranks; ++y) {
            for (int x = 0; x < s.files; ++x) {
                const Escape e{core::make_square(x, y)};
                if (core::dist2(l.square, e.to) <= kLeaderMoveHalf && !check_movement(ctx, s, e)) out.push_back(e);
            }
        }
        return;
    }
    if (s.decision != Decision::Act || !s.has_current_card) return;
    if (may_march(ctx, s, occ)) out.push_back(March{});
    // Units: every facing option and every square reachable with it.
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.side != s.active || !u.on_table() || unit_move_block(ctx, s, u) != MoveBlock::None)
            continue;
        const int limit = ctx.type(u).turn_limit >= 4 ? 4 : ctx.type(u).turn_limit;
        // PS-MELEE-3, PS-PIP-3: no move-and-attack in a march, and it costs a pip more.
        const bool may_attack = !s.marching && s.pips >= ctx.type(u).move_pips + 1;
        Explorer ex(ctx, s, u, occ);
        // The facings a move may turn to after its steps (PS-MOVE-4, PS-MOVE-5).
        std::array<Facing, core::kFacings> after{};
        std::size_t after_count = 0;
        for (Facing g : core::kAllFacings) {
            if (g != u.facing && core::turn_steps(u.facing, g) <= limit) after[after_count++] = g;
        }
        for (Facing f : core::kAllFacings) {
            if (core::turn_steps(u.facing, f) > limit) continue;
            const bool turned = f != u.facing;
            ex.run(f);
            const std::optional<Facing> before = turned ? std::optional<Facing>(f) : std::nullopt;
            constexpr std::optional<Facing> kNoTurn;
            if (turned && !s.marching) out.emplace<Move>(u.square, before, std::optional<Square>(), kNoTurn);
            ex.each([&](Square to) {
                if (s.marching && !nearer_enemy(u.side, u.square, to)) return;
                out.emplace<Move>(u.square, before, std::optional<Square>(to), kNoTurn);
                if (ex.enemy_in(to)) {
                    // The move-and-attack into that square, when allowed: what plan_move asks of
                    // it, with the path found here.
                    if (may_attack && attack_allowed(ctx, s, *occ.unit_at(to, other(u.side)), ex.entry(to))) {
                        Move attack{u.square, turned ? std::optional<Facing>(f) : std::nullopt, to, std::nullopt};
                        attack.attack = true;
                        out.push_back(attack);
                    }
                    return;  // no turn after contact (PS-MOVE-5)
                }
                if (turned) return;
                for (std::size_t k = 0; k < after_count; ++k) {
                    out.emplace<Move>(u.square, kNoTurn, std::optional<Square>(to), std::optional<Facing>(after[k]));
                }
            });
        }
    }
    // The leader: any square within 4, attaching on Leader Check.
    const Leader& l = s.leaders[idx(s.active)];
    // What leader_move_block refuses for every square alike, looked at once: the card (a Move or
    // Leader Check card; attaching on Leader Check only), a leader who has moved, no pips.
    const CardKind c = *card(s);
    const bool may_move = (c == CardKind::InfantryMove || c == CardKind::CavalryMove || c == CardKind::LeaderCheck) &&
                          !l.acted && (s.marching || s.pips >= 1);
    if (l.alive && l.deployed && may_move) {
        // Within 4 squares each way (PS-MOVE-13), in board order.
        constexpr int kReach = kLeaderMoveHalf / 2;
        for (int y = std::max(0, l.square.y - kReach); y <= std::min(s.ranks - 1, l.square.y + kReach); ++y) {
            for (int x = std::max(0, l.square.x - kReach); x <= std::min(s.files - 1, l.square.x + kReach); ++x) {
                const Square q = core::make_square(x, y);
                if (core::dist2(l.square, q) > kLeaderMoveHalf) continue;
                for (bool attach : {false, true}) {
                    if (attach && c != CardKind::LeaderCheck) continue;
                    const MoveLeader m{q, attach};
                    if (leader_move_block(s, m, &occ) == LeaderBlock::None) out.push_back(m);
                }
            }
        }
    }
}

}  // namespace tercio::rules::detail

namespace tercio::rules {

std::vector<Square> move_way(const RulesContext& ctx, const GameState& s, const Move& m) {
    if (s.decision != Decision::Act) return {};
    std::size_t ui = 0;
    detail::Path path;
    if (detail::plan_move(ctx, s, m, ui, path)) return {};
    return {path.steps.begin(), path.steps.begin() + path.count};
}

}  // namespace tercio::rules
