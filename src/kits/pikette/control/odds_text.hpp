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

/// The odds in one line, to stand first where the lines may not all fit ("P2 Pike (A) wins 29%,
/// p4 Pike (B) 67%, tie 4%"; "shot: no effect 42%, Routed 8%, about 0.75 hits"). Whole
/// percentages: the exact fractions are in odds_lines.
std::string odds_summary(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Preview& p);

/// The odds of a reaction in a few words, for the out-of-turn prompt: a shot's chance of harm (a
/// hit, or the target Disordered or Routed: what the reaction filter's shot threshold compares)
/// and of a rout ("hit or worse 30%, Routed 6%"); any other preview's summary (odds_summary).
std::string reaction_odds(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Preview& p);

/// Where an evade open now would take the unit (PS-INVOL-4), in words, before it is chosen: "to
/// f11 by d9 e10, Disordered there, next to enemy B L2 Pikemen in g11"; off the board, "off the
/// board by d9: lost for the battle (PS-MOVE-11)". Empty when no evade is open. `brief`, for a
/// menu's narrow column: "to f11, 1 enemy near", "off the board: lost".
std::string evade_route(const rules::RulesContext& ctx, const rules::GameState& s, bool brief = false);

}  // namespace tercio::control
