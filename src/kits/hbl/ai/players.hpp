#pragma once
/// The computer's levels for Hell Broke Loose (docs/computer.md, "Hell Broke Loose"): `random`,
/// the generic baseline; `normal`, which plays the command whose outcome it values most, reckoned
/// over every roll the command can make; and the generic `easy` and `hard` (ai/search.hpp) with
/// normal's judgement as their policy.
#include <memory>
#include <string>

#include "ai/player.hpp"
#include "ai/search.hpp"
#include "hbl/engine.hpp"

namespace tercio::ai {

using HblPlayer = PlayerOf<hbl::Engine>;

/// Whether Hell Broke Loose has the level (every level).
bool hbl_has_level(Level level);

/// A player of `level` (random, easy, normal, hard or expert) whose own choices are drawn from `seed`;
/// nothing for a level Hell Broke Loose does not have.
std::unique_ptr<HblPlayer> make_hbl_player(Level level, std::uint64_t seed);

/// The budget of Hell Broke Loose's `hard` (the generic search, ai/search.hpp, with `normal` as its
/// policy): docs/computer.md says how it was chosen.
SearchBudget hbl_hard_budget();

/// A `hard` player with another budget (the tests' smaller ones).
std::unique_ptr<HblPlayer> make_hbl_hard(std::uint64_t seed, SearchBudget budget);

/// The phase a play-out of `hard` is in, as it counts them (SearchPolicy::phase_key):
/// kBetweenPhases while a side chooses who goes first.
std::uint64_t hbl_phase_key(const hbl::GameState& s);

/// How `normal` values a position for `me`, in morale chips (docs/computer.md): the chips each
/// side keeps, its units' UI left, vexation, loaded shot, the exact edge of every melee in
/// progress, and how near its units stand to the enemy. A finished game is worth +-1000.
double hbl_value(const hbl::Context& ctx, const hbl::GameState& s, core::Side me);

}  // namespace tercio::ai
