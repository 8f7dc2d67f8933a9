#pragma once
/// Hell Broke Loose's events in plain words, one line each, for `tercio run --ruleset
/// hell-broke-loose` (and the screen's log, step 6 of docs/rulesets.md). Pure.
#include <optional>
#include <string>
#include <vector>

#include "hbl/game.hpp"

namespace tercio::control {

/// One event as a line: "A P1 shoots at B H2: 9 against its Defence Die's 4, 1 UI." Unit labels
/// are read from `s`, the state after the command (a unit that has left the battle keeps its
/// label).
std::string describe(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Event& e);

/// Why the dice of `c` are what they are, in the state `s` it is given in (`tercio run --why`): for
/// a fight, or a move whose contact is fought at once (hbl::at_once_round), each unit's Combat Die
/// with its Ups and Downs; for a shot, the shooter's and the
/// Defence Die; for a rally or an activation, the officer's die against the D8. Nothing for a
/// command that rolls no such dice.
std::vector<std::string> explain(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Command& c);

/// Whether `e` is the event whose dice explain() explains: a melee round, a shot, an activation or
/// a rally's roll (not the UI a rally brings back by the player's choice). The explanation goes
/// under the first such event of the command.
bool rolled_dice(const hbl::Event& e);

/// The exact odds of one `fight UNIT` or `shoot UNIT TARGET` given by the side deciding in `s`, a
/// line each (`tercio run --odds`, `odds` at a prompt); nothing, with the reason in `why`, for
/// another command or one that cannot be made now (`illegal` then says the rules refused it,
/// rather than its text).
std::optional<std::vector<std::string>> odds_lines(const hbl::Context& ctx, const hbl::GameState& s,
                                                   const std::string& text, std::string& why, bool& illegal);

/// The board as text, north at the top: rank numbers down the left, file letters under it; a unit
/// is its glyph (upper case side A, lower case side B), two units in melee `*`, terrain of type II
/// `:` and type III `#`, open ground `.`.
std::vector<std::string> board_lines(const hbl::Context& ctx, const hbl::GameState& s);

/// Each unit on the field, one line a side's unit: its label, square and facing, UI left of its
/// UI (and stubborn), and what else holds for it (vexed, unloaded, in melee, moves left).
std::vector<std::string> unit_lines(const hbl::Context& ctx, const hbl::GameState& s);

/// The turn, whose phase and pips, the card in play, and each side's army die, morale chips (of
/// those it began with) and cards left in its deck.
std::vector<std::string> status_lines(const hbl::Context& ctx, const hbl::GameState& s);

}  // namespace tercio::control
