#pragma once
/// The words a position file uses for the GameState's enums, shared by its writer and reader.
/// Private to Pikette Squared's data library. See docs/positions.md.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "data/position_text.hpp"
#include "rules/game_state.hpp"

namespace tercio::rules::detail {

inline constexpr std::array<std::string_view, 5> kUnitStatusNames = {"ok", "disordered", "routed",
                                                                     "destroyed", "left"};
inline constexpr std::array<std::string_view, 14> kDecisionNames = {
    "extra_unit", "extra_card", "place_terrain", "adjust_terrain", "deploy",
    "initiative", "act",        "react",         "leader_escape",  "chip",
    "follow_up",  "pursue",     "courage",       "game_over"};
inline constexpr std::array<std::string_view, 4> kGameEndNames = {"none", "nightfall", "army_gone",
                                                                  "concession"};
inline constexpr std::array<std::string_view, 2> kPhaseNames = {"first", "second"};
/// GameState::react_window, in the order of rules::ReactWindow: none, after a step (PS-OPP-3 R2),
/// an evader entered (R3), after a card was turned (R1), after an action (R4).
inline constexpr std::array<std::string_view, 5> kReactWindowNames = {"none", "step", "evade",
                                                                      "card", "action"};
/// GameState::window_due: the R1 or R4 window due once the current action is settled, written
/// with the react_window words: "none", "card", "action".
inline constexpr std::array<std::string_view, 3> kWindowDueNames = {"none", "card", "action"};
inline constexpr std::array<rules::ReactWindow, 3> kWindowDueValues = {
    rules::ReactWindow::None, rules::ReactWindow::Card, rules::ReactWindow::Action};
static_assert(
    kReactWindowNames[static_cast<std::size_t>(kWindowDueValues[0])] == kWindowDueNames[0] &&
    kReactWindowNames[static_cast<std::size_t>(kWindowDueValues[1])] == kWindowDueNames[1] &&
    kReactWindowNames[static_cast<std::size_t>(kWindowDueValues[2])] == kWindowDueNames[2]);
/// The unit markers, in the order they are written.
inline constexpr std::array<std::string_view, 8> kMarkerNames = {
    "fired",   "moved_through",     "acted",   "fought_since_check",
    "entrant", "routed_this_phase", "rallied", "courage_due"};
/// The unit's marker flags, in the order of kMarkerNames.
inline std::array<bool*, kMarkerNames.size()> marker_flags(rules::Unit& u) {
    return {&u.fired,   &u.moved_through,     &u.acted,   &u.fought_since_check,
            &u.entrant, &u.routed_this_phase, &u.rallied, &u.courage_due};
}
inline std::array<bool, kMarkerNames.size()> markers_of(const rules::Unit& u) {
    return {u.fired,   u.moved_through,     u.acted,   u.fought_since_check,
            u.entrant, u.routed_this_phase, u.rallied, u.courage_due};
}

// A new enumerator must get its word here (and in docs/positions.md).
static_assert(static_cast<std::size_t>(rules::UnitStatus::LeftTable) + 1 ==
              kUnitStatusNames.size());
static_assert(static_cast<std::size_t>(rules::Decision::GameOver) + 1 == kDecisionNames.size());
static_assert(static_cast<std::size_t>(rules::GameEnd::Concession) + 1 == kGameEndNames.size());

}  // namespace tercio::rules::detail
