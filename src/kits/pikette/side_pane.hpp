#pragma once
/// The side pane: the state of the game at a glance, beside the map. Pure drawing on a Surface:
/// turn and nightfall, phase and pips, who must decide now and what, the current card, and each
/// side's decks and chips. Sides are always named by letter and army ("A French"), so nothing
/// depends on colour (A red, B blue).
#include <string>

#include "rules/game.hpp"
#include "rules/game_state.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

struct StatusOptions {
    bool colour = true;  ///< false: no hues, only bold, reverse and dim
};

/// The side's colour: A red, B blue.
Color side_colour(rules::Side side);

/// "A French": the side's letter and its army's name.
std::string side_label(const rules::RulesContext& ctx, rules::Side side);

/// Who must decide now and what, in plain words and at most 31 characters for the armies we
/// ship: "B may react: shoot or decline", "A may chip P1 or decline", "A French wins".
std::string decision_text(const rules::RulesContext& ctx, const rules::GameState& s);

/// Draws the status into `area` (designed for 31 x 8; any size works: every line is cut at the
/// right edge, lines that do not fit below are left out, nothing is written outside `area`).
/// Lines, top to bottom: turn and nightfall; the decision (reverse video); phase, side and pips
/// (or the points once the game is over); the current card; a table of decks and chips.
void draw_status(Surface& out, Rect area, const rules::RulesContext& ctx, const rules::GameState& s,
                 const StatusOptions& options = {});

}  // namespace tercio::ui
