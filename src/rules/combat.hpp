#pragma once
/// The dice a combat procedure would roll, worked out without rolling: the final die types and
/// every modifier, for the log, the odds module and the terminal's preview.
#include <cstddef>

#include "rules/event.hpp"
#include "rules/game.hpp"

namespace tercio::rules {

/// Both dice of a melee started by `initiator` against `defender` in its square, and which
/// results would be void or routs by the X2 rule.
struct MeleeSetup {
    ModifiedRoll initiator;
    ModifiedRoll defender;
    bool a_flank = false;             ///< the initiator attacks the defender's flank or rear
    bool b_flank = false;             ///< the defender attacks the initiator's flank or rear
    bool initiator_void = false;      ///< the initiator's losing results are void (PS-MELEE-15)
    bool defender_void = false;
    bool x2_on_defender = false;      ///< PS-MELEE-14 routs the defender on a x2 loss
    bool x2_on_initiator = false;
};

namespace detail {
ModifiedRoll shot_roll(const RulesContext& ctx, const GameState& s, std::size_t shooter, std::size_t target);
MeleeSetup melee_setup(const RulesContext& ctx, const GameState& s, std::size_t initiator, std::size_t defender);
ModifiedRoll test_roll(const GameState& s, std::size_t unit);
ModifiedRoll test_roll(const GameState& s, std::size_t unit, UnitStatus as_if);
ModifiedRoll rally_roll(const GameState& s, std::size_t unit);
}  // namespace detail

/// The shooter's die against `target` (PS-SHOOT-7, PS-SHOOT-8).
using detail::shot_roll;
/// Both dice of a melee (PS-MELEE-7 .. PS-MELEE-11, PS-MELEE-14, PS-MELEE-15).
using detail::melee_setup;
/// A unit's die in a morale check or against a chip (PS-MORALE-2, PS-CHIP-9); with `as_if`, the
/// die it would have in that status (the computer weighing a result before it happens).
using detail::test_roll;
/// A unit's die in a rally attempt (PS-RALLY-4).
using detail::rally_roll;

}  // namespace tercio::rules
