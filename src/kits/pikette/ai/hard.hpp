#pragma once
/// Pikette Squared's `hard` level: the generic search (ai/search.hpp) with `normal`'s scorer as its
/// policy. Its budget: counts, never times, so games repeat.
#include <cstddef>
#include <memory>
#include <vector>

#include "ai/search.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/ai/scoring.hpp"

namespace tercio::ai {

struct HardBudget : SearchBudget {
    /// How a play-out's end is read: the weights of the terms of normal's evaluation. Normal's
    /// own; weights fitted to how games between normal players end did no better
    /// (bench/fit-leaf.py, docs/computer.md).
    EvalWeights leaf{};
    /// The candidates are the best command of each actor (a unit and what it does: stepping
    /// anywhere, attacking, shooting at one target...) before the second best of any, so that
    /// they are different plans rather than one unit's steps to neighbouring squares.
    bool spread = false;
};

/// The budget of Pikette Squared's `hard` level: the search's defaults with twice the samples
/// (24), and a bar on the mean gain of an overrule as high as at 12 samples (sqrt 2 times the
/// standard errors, as expert_budget keeps it). Once the scorer was twice as fast with the same
/// answers, twice the samples fitted in the time 12 had taken: docs/computer.md, "hard".
HardBudget hard_budget();

/// Which of `scored` (normal's scores, in the rules' order) hard plays out: indices, normal's
/// choice first (the first of the highest scores), at most `budget.candidates` of them, and with
/// `budget.moving_on` the best turn of a card or pass after them when none of them is one
/// (ai::candidates_of).
std::vector<std::size_t> hard_candidates(const std::vector<Scored>& scored, const HardBudget& budget);

std::unique_ptr<Player> make_hard(std::uint64_t seed, HardBudget budget);

/// The phase a play-out is in, as hard's play-outs count them (SearchPolicy::phase_key):
/// kBetweenPhases while a side chooses who goes first.
std::uint64_t hard_phase_key(const rules::GameState& s);

}  // namespace tercio::ai
