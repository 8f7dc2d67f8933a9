#pragma once
/// The words a position file uses for the GameState's enums, shared by its writer and reader.
/// Private to the data layer. See docs/positions.md.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "rules/game_state.hpp"

namespace tercio::data::detail {

inline constexpr std::array<std::string_view, 2> kSideNames = {"a", "b"};
inline constexpr std::array<std::string_view, 5> kUnitStatusNames = {"ok", "disordered", "routed",
                                                                     "destroyed", "left"};
inline constexpr std::array<std::string_view, 14> kDecisionNames = {
    "extra_unit", "extra_card", "place_terrain", "adjust_terrain", "deploy",
    "initiative", "act",        "react",         "leader_escape",  "chip",
    "follow_up",  "pursue",     "courage",       "game_over"};
inline constexpr std::array<std::string_view, 4> kGameEndNames = {"none", "nightfall", "army_gone",
                                                                  "concession"};
inline constexpr std::array<std::string_view, 2> kPhaseNames = {"first", "second"};
/// GameState::react_window: 0 none, 1 after a step (PS-OPP-3 R2), 2 an evader entered (R3),
/// 3 after a card was turned (R1), 4 after an action (R4).
inline constexpr std::array<std::string_view, 5> kReactWindowNames = {"none", "step", "evade",
                                                                      "card", "action"};
/// The unit markers, in the order they are written.
inline constexpr std::array<std::string_view, 4> kMarkerNames = {"fired", "moved_through", "acted",
                                                                 "fought_since_check"};

// A new enumerator must get its word here (and in docs/positions.md).
static_assert(static_cast<std::size_t>(rules::UnitStatus::LeftTable) + 1 ==
              kUnitStatusNames.size());
static_assert(static_cast<std::size_t>(rules::Decision::GameOver) + 1 == kDecisionNames.size());
static_assert(static_cast<std::size_t>(rules::GameEnd::Concession) + 1 == kGameEndNames.size());

/// The word for enumerator `e`.
template <typename E, std::size_t N>
std::string_view word(const std::array<std::string_view, N>& names, E e) {
    const auto i = static_cast<std::size_t>(e);
    return i < N ? names[i] : std::string_view{"?"};
}

/// The index of `w` in `names`, if it is one of them.
template <std::size_t N>
std::optional<std::size_t> index_of(const std::array<std::string_view, N>& names,
                                    std::string_view w) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] == w) return i;
    }
    return std::nullopt;
}

/// "a, b or c", for "use ..." hints.
template <std::size_t N>
std::string word_choices(const std::array<std::string_view, N>& names) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        out += i == 0 ? "" : (i + 1 == N ? " or " : ", ");
        out += names[i];
    }
    return out;
}

}  // namespace tercio::data::detail
