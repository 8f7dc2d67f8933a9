#pragma once
/// The two sides of a game, shared by every ruleset: A deploys at the south edge (rank 1), B at the
/// north edge (PS-GRID-2).
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/grid.hpp"

namespace tercio::core {

enum class Side : std::uint8_t { A = 0, B = 1 };

constexpr Side other(Side s) { return s == Side::A ? Side::B : Side::A; }
constexpr std::size_t idx(Side s) { return static_cast<std::size_t>(s); }
/// "A" or "B".
constexpr char side_letter(Side s) { return s == Side::A ? 'A' : 'B'; }
/// "A" or "B", as a string.
inline std::string side_string(Side s) { return std::string(1, side_letter(s)); }
/// The direction of a side's own base edge (PS-GRID-2).
constexpr Facing home_direction(Side s) { return s == Side::A ? Facing::S : Facing::N; }
/// Toward the enemy's base edge.
constexpr Facing enemy_direction(Side s) { return s == Side::A ? Facing::N : Facing::S; }

}  // namespace tercio::core
