#pragma once
/// Involuntary movement (PS-INVOL): fall-backs, rout moves, evades, pursuits and follow-ups.
/// None is an activation or costs anything (PS-INVOL-1). Used by the evade reaction in
/// movement.cpp and by the melee results of the combat rules.
///
/// Every move here is planned on the position as it stands and then carried out one square at a
/// time through the same square-entering helper as voluntary moves, so friends passed through are
/// marked (PS-MOVE-7), lone enemy leaders roll off (PS-LEADER-11) and an attached leader moves with
/// his unit (PS-LEADER-6). A unit that leaves the table leaves its attached leader in the last
/// square it held (PS-LEADER-13).
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/dice.hpp"
#include "core/grid.hpp"
#include "rules/event.hpp"
#include "rules/game.hpp"
#include "rules/game_state.hpp"

namespace tercio::rules {

/// The five kinds of involuntary move (PS-INVOL-1).
enum class InvoluntaryKind : std::uint8_t { FallBack, RoutMove, Evade, Pursuit, FollowUp };

/// Whether a move of this kind may step off the board, taking the unit off the table: a
/// fall-back, rout move or evade may; a pursuit or follow-up stops at the edge (PS-INVOL-1).
constexpr bool may_leave_table(InvoluntaryKind k) {
    return k == InvoluntaryKind::FallBack || k == InvoluntaryKind::RoutMove ||
           k == InvoluntaryKind::Evade;
}

/// No limit on steps or points.
inline constexpr int kUnlimited = 1 << 20;

/// What an involuntary move is asked to do. A fall-back, rout move or evade goes in a direction,
/// deviating by PS-INVOL-6; a pursuit or follow-up follows a path of squares and never deviates.
struct InvoluntaryOrder {
    InvoluntaryKind kind = InvoluntaryKind::FallBack;
    /// Direction moves: the primary direction D and the reference square R (PS-INVOL-6).
    Facing direction = Facing::N;
    Square reference{};
    /// Path moves: the squares to enter, in order, each adjacent to the one before (the first to
    /// the mover's square), and the unit chased. Entering the chased unit's square, the one enemy
    /// square a path move may enter, ends the move (PS-INVOL-1, PS-INVOL-7, PS-INVOL-8).
    std::span<const Square> follow{};
    std::uint8_t chased = kNone;
    /// Limits: whole steps, each diagonal counting one (a fall-back, PS-INVOL-3), and movement
    /// points in half-squares, 2 an orthogonal and 3 a diagonal step (PS-MOVE-2).
    int steps = kUnlimited;
    int points = kUnlimited;
};

/// The path an involuntary move took.
struct InvoluntaryPath {
    Square start{};               ///< where the unit stood when the move began
    std::vector<Square> squares;  ///< the squares entered, in order; all on the board
    bool left_table = false;      ///< the last step went off the board (Left the table)
    Square exit{};                ///< the off-board square stepped to, when left_table

    /// Where the unit ended: its last square entered, or `start` if it entered none. For a unit
    /// that left the table, the last square it held.
    Square end() const { return squares.empty() ? start : squares.back(); }
    /// The square from which it entered `end()` (`start` if it did not move): a follow-up's entry
    /// square for PS-MELEE-6 (PS-INVOL-8).
    Square entry() const { return squares.size() < 2 ? start : squares[squares.size() - 2]; }
    bool moved() const { return !squares.empty() || left_table; }
};

/// The step direction of a vector: each component reduced to its sign (so an away vector between
/// adjacent squares is its own direction). Nothing for the zero vector.
std::optional<Facing> direction_of(core::Offset v);

/// Which unit had entered the melee square (PS-INVOL-2, PS-MELEE-6). An opportunity charger's
/// way in counts as its entry (PS-OPP-6).
enum class Entrant : std::uint8_t { Winner, Loser };

/// The away vector V after a melee in `melee` (PS-INVOL-2): `melee - entry` when the winner had
/// entered from `entry` (the loser is pushed on in the winner's direction), `entry - melee` when
/// the loser had (it goes back the way it came).
core::Offset away_vector(Square melee, Square entry, Entrant who_entered);

/// The path `involuntary_move` would take now, changing nothing: PS-INVOL-1 (prohibited terrain,
/// stacking, friends passed except by pike-type units, no enemy square but the chased unit's,
/// leaving the board only where allowed), the deviation of PS-INVOL-6 for direction moves, and
/// the friendly-ending rule of PS-INVOL-3 (a move whose last square holds a friend stops in the
/// last square of its path that does not). Facing is never a limit.
InvoluntaryPath plan_involuntary(const RulesContext& ctx, const GameState& s, std::size_t unit,
                                 const InvoluntaryOrder& order);

/// Carries out an involuntary move (PS-INVOL-1) and returns the path taken. Keeps the unit's
/// facing. Entering each square may roll dice (PS-LEADER-11). A unit stepping off the board is
/// LeftTable, at no chip cost (PS-MOVE-11), and its attached leader detaches in the last square
/// it held, rolling off at once if an enemy unit is there (PS-LEADER-13).
InvoluntaryPath involuntary_move(const RulesContext& ctx, GameState& s, std::size_t unit,
                                 const InvoluntaryOrder& order, core::Dice& dice, Events& ev);

/// PS-INVOL-3: the loser of a melee falls back `squares` steps (1..4) along the away vector
/// (see away_vector), deviating by PS-INVOL-6 with R its starting square, and keeps its facing.
/// If it cannot make even its first step it stays, still in contact.
InvoluntaryPath fall_back(const RulesContext& ctx, GameState& s, std::size_t unit, int squares,
                          core::Offset away, core::Dice& dice, Events& ev);

/// PS-INVOL-5, PS-ROUT-1: the routed unit turns to face its home direction H and moves along H
/// with 2 x max(Move, fall-back distance) points (`fall_back_squares` is the distance of the melee
/// band that routed it, 0 if none). R is `reference` when given (the square the move began in,
/// after a melee), otherwise the square of the enemy unit nearest at the start (automatic rout
/// moves, PS-ROUT-3; the first in unit order if several are equally near). A leader still
/// attached is detached and left in the starting square (PS-LEADER-13); a roll-off there is the
/// caller's (PS-MELEE-23 step 8).
InvoluntaryPath rout_move(const RulesContext& ctx, GameState& s, std::size_t unit,
                          int fall_back_squares, std::optional<Square> reference, core::Dice& dice,
                          Events& ev);

/// PS-INVOL-4, PS-OPP-9: the evader moves its full Move in points along
/// V = (its square) - `entered_from`, the square the entering unit came from, deviating by
/// PS-INVOL-6 with R = `entered_from`, and keeps its facing.
InvoluntaryPath evade(const RulesContext& ctx, GameState& s, std::size_t evader,
                      Square entered_from, core::Dice& dice, Events& ev);

/// Where an evade open now would go (PS-INVOL-4, PS-OPP-9), before it is chosen: the path
/// `evade` would take for the unit the moving unit has just entered, planned without dice (the
/// dice entering a square may roll only touch leaders). Nothing when no evade is open.
std::optional<InvoluntaryPath> evade_plan(const RulesContext& ctx, const GameState& s);

/// PS-INVOL-7, PS-MELEE-20: the pursuer follows the routed unit's path (from rout_move) square
/// by square with its full Move in points, and stops on entering the routed unit's square, when
/// its points run out, at the board edge, or before a square illegal for it. It then faces the
/// direction of its last step.
InvoluntaryPath pursue(const RulesContext& ctx, GameState& s, std::size_t pursuer,
                       std::size_t routed, const InvoluntaryPath& routed_path, core::Dice& dice,
                       Events& ev);

/// PS-INVOL-8, PS-MELEE-18: the winner follows the loser's fall-back path (from fall_back) into
/// the loser's final square, keeping its facing; it stops early only before a square illegal for
/// it (woods for cavalry, an enemy unit passed by the loser) or at the edge. On entering the
/// loser's square, the result's entry() is its entry square for PS-MELEE-6.
InvoluntaryPath follow_up(const RulesContext& ctx, GameState& s, std::size_t winner,
                          std::size_t loser, const InvoluntaryPath& loser_path, core::Dice& dice,
                          Events& ev);

}  // namespace tercio::rules
