#pragma once
/// A preview's odds in plain words, for `tercio run --odds` and the terminal's preview.
#include <string>
#include <vector>

#include "rules/preview.hpp"

namespace tercio::control {

/// A heading naming what is previewed, one line per die with its modifiers and rule IDs, then
/// one line per outcome with its exact chance ("25.0% (9/36)").
std::vector<std::string> odds_lines(const rules::RulesContext& ctx, const rules::GameState& s,
                                    const rules::Preview& p);

}  // namespace tercio::control
