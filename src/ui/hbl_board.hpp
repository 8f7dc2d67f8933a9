#pragma once
/// Hell Broke Loose's board and side pane as its replay screen (hbl_replay_screen.hpp) shows them,
/// and the hint of `--plain` (hbl_plain_game.hpp). The game screen is the generic one over its kit
/// (kits/hbl/); these go when the replay and `--plain` are generic too.
#include <string>
#include <vector>

#include "hbl/game.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// The units of one side in the side pane's short form, one a row: "P1  l2  N  10/10 s6 V".
std::vector<std::string> hbl_unit_rows(const hbl::Context& ctx, const hbl::GameState& s,
                                       core::Side side);

/// What the side deciding decides now, in a line: "B activated a command: A may shoot at it
/// before it moves (shoot), or hold."
std::string hbl_decision_hint(const hbl::Context& ctx, const hbl::GameState& s);

/// The map (top left) and the side pane beside it; returns the first row under them.
int draw_hbl_board(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color);

}  // namespace tercio::ui
