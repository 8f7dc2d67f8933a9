#pragma once
/// The computer's players for each rules engine, for the generic code (`tercio sim`, `bench`).
#include <concepts>
#include <memory>

#include "ai/hbl_players.hpp"
#include "ai/player.hpp"

namespace tercio::ai {

/// Whether engine E has the level: Pikette Squared all four, Hell Broke Loose random and normal.
template <core::RulesEngine E>
bool has_level(Level level) {
    if constexpr (std::same_as<E, hbl::Engine>) {
        return hbl_has_level(level);
    } else {
        (void)level;
        return true;
    }
}

/// A computer player of `level` for engine E (nothing if E has no such level).
template <core::RulesEngine E>
std::unique_ptr<PlayerOf<E>> make_player_of(Level level, std::uint64_t seed) {
    if constexpr (std::same_as<E, hbl::Engine>) {
        return make_hbl_player(level, seed);
    } else {
        return make_player(level, seed);
    }
}

}  // namespace tercio::ai
