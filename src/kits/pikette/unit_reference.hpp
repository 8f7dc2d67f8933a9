#pragma once
/// The rules reference for one unit, shown by the help screen for the selected unit: a few short
/// lines in plain words for a player who does not know the rules. Pure: it reads the state and
/// the static data and draws nothing.
#include <cstddef>
#include <string>
#include <vector>

#include "rules/game.hpp"
#include "rules/game_state.hpp"

namespace tercio::ui {

/// Every line of unit_reference is at most this many columns (code points).
inline constexpr int kUnitReferenceWidth = 78;

/// The unit's rules reference, top to bottom:
///   - who it is: label and name, troop type and its map letter, category, side and army;
///   - the troop type's description, if it has one;
///   - its stands (now and at the start, with the hits a stand takes);
///   - its state now: OK / Disordered / Routed (or gone), hits on its damaged stand, fired or
///     loaded, facing, an attached leader;
///   - how it moves: squares, pips and card, turning, terrain it may not enter;
///   - its Fight die, and its Shoot die, range and reload cost (or that it cannot shoot);
///   - one line per special rule of its category, troop type and army list entry (PHALANX,
///     TERCIO, FEARSOME, evade, ...), each with its rule ID.
/// Every line is at most kUnitReferenceWidth columns (long ones are wrapped, continuation rows
/// indented by 2); about 8 to 14 lines for the shipped armies. Empty if `unit` is not a unit of
/// `s`.
std::vector<std::string> unit_reference(const rules::RulesContext& ctx, const rules::GameState& s,
                                        std::size_t unit);

}  // namespace tercio::ui
