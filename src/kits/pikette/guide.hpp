#pragma once
/// The on-screen guide of `tercio play`: what the side to decide should do now and with which
/// keys, the commands offered at the cursor (the Enter menu), and the after-action summary of an
/// ended game. Pure functions of the game state, so a player who has never read the rules can
/// follow the screen, and the tests can check every word.
#include <optional>
#include <string>
#include <vector>

#include "rules/game.hpp"

namespace tercio::ui {

/// One or two sentences for the side to decide: what the decision is and the keys that make it,
/// e.g. "Deploy your army in ranks 1-5: cursor to a square, Enter to place a unit there, or D to
/// place the rest in the standard layout."
/// `why`: at a reaction window, why it stops the game (control::ReactionFilter::reason).
std::string decision_hint(const rules::RulesContext& ctx, const rules::GameState& s, const std::string& why = {});

/// The legal commands the Enter menu offers with the cursor on `cursor`: with a unit selected
/// elsewhere, those naming both its square and the cursor (if there are none, as if nothing were
/// selected); otherwise those naming the cursor's square; then those naming no square at all (turn, pass, first, terrain pass...). `concede`
/// is left out (it can be typed). Deployments are offered facing the enemy only, and a leader
/// deployed unattached; the rest can be typed. When that leaves nothing, every legal command
/// but `concede`. Which squares a command names comes from rules::squares_of.
std::vector<rules::Command> menu_commands(const rules::RulesContext& ctx, const rules::GameState& s,
                                          core::Square cursor, std::optional<core::Square> selected);

/// The after-action summary of an ended game (PS-VICTORY), in lines of at most 31 columns for
/// the armies we ship: why it ended, the result, and for each side its victory points, the
/// stands that score them, its leader, chips left and losses. Empty while the game goes on.
std::vector<std::string> game_summary(const rules::RulesContext& ctx, const rules::GameState& s);

}  // namespace tercio::ui
