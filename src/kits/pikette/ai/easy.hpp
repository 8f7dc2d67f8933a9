#pragma once
/// The `easy` level's drill book, exposed for its tests (docs/computer.md, "easy").
///
/// Each unit that may act sums its risk factors (RF), rolls one D6 from the player's own stream
/// for the current card, and reads an Actions table row by its RF and a column by the D6: the
/// cell is the unit's order on that card (advance, continue, halt, take cover, withdraw, run).
/// The idea comes from the Actions tables of the Tyneside Pike and Shot rules, adapted to the
/// grid: squares for inches, the unit's own stands and hits for figures, Pikette's troop types
/// for the weapon kinds. The player then turns each order into one of the legal commands.
#include <array>
#include <cstdint>
#include <memory>
#include <string_view>

#include "kits/pikette/ai/players.hpp"
#include "core/dice.hpp"

namespace tercio::ai::easy {

/// What a unit is told to do on the current card.
enum class Order : std::uint8_t {
    Advance,    ///< toward the nearest enemy; into contact if the cell says "charge"
    Continue,   ///< face the nearest enemy, shoot if it can, else one step closer
    Halt,       ///< stand, face the nearest enemy, shoot if it can
    TakeCover,  ///< into a wood or building within one move, else away from all enemies
    Withdraw,   ///< back to cover farther from the enemy, else away from the nearest enemy
    Run,        ///< as far from the nearest enemy as one move goes, facing be damned
};
inline constexpr int kOrderCount = 6;

/// "advance", "continue", "halt", "take cover", "withdraw", "run".
std::string_view order_name(Order o);

/// One cell of an Actions table.
struct Action {
    Order order = Order::Continue;
    bool charge = false;  ///< "Charge?": may move into contact with an enemy in reach
    friend constexpr bool operator==(const Action&, const Action&) = default;
};

/// Which Actions table a unit reads: foot with firearms or bows (and guns), foot with pikes or
/// hand weapons, horse that shoot (reiters, carabins), horse that charge (knights, lancers,
/// light horse).
enum class Drill : std::uint8_t { Shot, Foot, PistolHorse, LanceHorse };
inline constexpr int kDrillCount = 4;

std::string_view drill_name(Drill d);

inline constexpr int kRows = 5;
inline constexpr int kColumns = 6;  ///< one per D6 face

/// A table row: it applies to a risk factor up to `up_to` (and above the previous row's).
struct RiskRow {
    int up_to = 0;
    std::array<Action, kColumns> cells{};
};
using ActionsTable = std::array<RiskRow, kRows>;

/// The table of a drill (constant data, see easy.cpp).
const ActionsTable& actions_table(Drill d);

/// The table a unit reads, by its troop type.
Drill drill_of(const rules::RulesContext& ctx, const rules::Unit& u);

/// The risk factors of one unit, each as it adds to the total (docs/computer.md).
struct RiskFactors {
    int in_range = 0;       ///< +1: an enemy can shoot it, or reach it in one move
    int poor = 0;           ///< +1: Fight D4 troops with such an enemy about
    int losses = 0;         ///< +1 per fifth of its hits lost (stands and hits)
    int flank = 0;          ///< +2: such an enemy on its flank or rear
    int shaken = 0;         ///< +3: Disordered or Routed
    int no_enemy_near = 0;  ///< -4: no enemy unit within 5 squares
    int good = 0;           ///< -1: Fight D10 or better; -1 more with the leader attached
    int cover = 0;          ///< -1: in a wood or building
    int total() const { return in_range + poor + losses + flank + shaken + no_enemy_near + good + cover; }
};

/// Distance (half-squares) within which an enemy counts as near (5 squares).
inline constexpr int kNearHalf = 10;

RiskFactors risk_factors(const rules::RulesContext& ctx, const rules::GameState& s, std::size_t unit);
inline int risk_factor(const rules::RulesContext& ctx, const rules::GameState& s, std::size_t unit) {
    return risk_factors(ctx, s, unit).total();
}

/// The row index (0..4) of a risk factor in a drill's table.
int risk_row(Drill d, int rf);

/// The order for a risk factor and a D6 (1..6).
Action action_for(Drill d, int rf, int d6);

/// An easy player whose own random draws (one D6 per unit per card, the pursuit roll) come from
/// `stream`: make_easy uses a SeededDice, tests a ScriptedDice.
std::unique_ptr<Player> make_easy_player(std::unique_ptr<core::Dice> stream);

}  // namespace tercio::ai::easy
