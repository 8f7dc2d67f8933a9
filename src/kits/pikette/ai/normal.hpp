#pragma once
/// Shared by `normal` and `hard`.
#include <vector>

#include "kits/pikette/ai/scoring.hpp"
#include "core/dice.hpp"

namespace tercio::ai {

/// The command with the highest score plus noise uniform in [0, noise) drawn from `stream` for
/// each (none when noise is 0 or there is one choice). Ties go to the first. Moves the winner
/// out of `scored`.
rules::Command pick_best(std::vector<Scored>& scored, core::Dice& stream, double noise);

}  // namespace tercio::ai
