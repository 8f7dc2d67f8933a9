#pragma once
/// The `hard` level's budget (see src/ai/hard.cpp): counts, never times, so games repeat.
#include <cstddef>
#include <memory>
#include <vector>

#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/ai/scoring.hpp"

namespace tercio::ai {

struct HardBudget {
    int candidates = 4;  ///< the normal level's best commands compared, however far below the best
    int samples = 12;  ///< deals of the unseen cards and dice, each played out for every candidate
    int phases = 3;    ///< play on until this many phases have ended (3: this one and the next two)
    int depth = 60;    ///< decisions played after the candidate, at most
    /// Another command replaces normal's best only if its mean gain over it exceeds this many
    /// standard errors of the paired differences.
    double confidence = 0.8;
    /// When more than this many candidates are in play, all are played out on the first
    /// screen_samples samples only, and the rest of the samples go to normal's choice and the
    /// best finalists - 1 of the others by their mean gain over it so far.
    int finalists = 4;
    int screen_samples = 4;
    /// How a play-out's end is read: the weights of the terms of normal's evaluation. Normal's
    /// own; weights fitted to how games between normal players end did no better
    /// (bench/fit-leaf.py, docs/computer.md).
    EvalWeights leaf{};
    /// The candidates are the best command of each actor (a unit and what it does: stepping
    /// anywhere, attacking, shooting at one target...) before the second best of any, so that
    /// they are different plans rather than one unit's steps to neighbouring squares.
    bool spread = false;
    /// Each sample's dice are a stream for each purpose (core::PurposeDice) rather than one
    /// stream, so that the candidates' play-outs shuffle the decks alike at the end of a turn, roll
    /// the same initiative and roll their n-th shot or melee alike, however many dice each
    /// rolled before.
    bool purpose_dice = true;
};

/// Which of `scored` (normal's scores, in the rules' order) hard plays out: indices, normal's
/// choice first (the first of the highest scores), at most `budget.candidates` of them.
std::vector<std::size_t> hard_candidates(const std::vector<Scored>& scored,
                                         const HardBudget& budget);

std::unique_ptr<Player> make_hard(std::uint64_t seed, HardBudget budget);

}  // namespace tercio::ai
