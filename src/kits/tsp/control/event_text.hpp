#pragma once
/// The Sword and the Pike's events in plain words, one line each, for `tercio run --ruleset
/// the-sword-and-the-pike`, the screen's log and `--plain`; the dice of a command explained, its
/// exact odds in words, and the board, the units and the status as text. Pure.
#include <optional>
#include <string>
#include <vector>

#include "tsp/game.hpp"

namespace tercio::control {

/// One event as a line: "A A1 fires 10 dice at B P1, each hitting on a natural 1 to 4: 3 hits."
/// Units are named by side and label ("A P1"), cards by rank, suit and colour ("the 7 of hearts,
/// Red's"). Unit labels are read from `s`, the state after the command (a unit that has left the
/// field keeps its label).
std::string describe(const tsp::Context& ctx, const tsp::GameState& s, const tsp::Event& e);

/// Why the dice of `c` are what they are, in the state `s` it is given in (`tercio run --why`, `x`
/// on the screen): for `shoot`, the D20s, the hit number of the band and the target's class and
/// the named modifiers added to each die (TSP-FIRE-1 .. 4); for `activate`, the movement dice and
/// how inches become points (TSP-MOVE-1, TSP-GRID-1), a Shaken unit's rally test first (TSP-AMB-5);
/// for `break`, the break-off test with its modifiers (TSP-CC-6). Nothing for a command that
/// rolls no such dice.
std::vector<std::string> explain(const tsp::Context& ctx, const tsp::GameState& s, const tsp::Command& c);

/// Whether `e` is the event whose dice explain() explains: a volley, an activation's movement
/// roll, or a morale test (the first of a command's: a Shaken unit's rally on activation, a
/// break-off test). The explanation goes under the first such event of the command.
bool rolled_dice(const tsp::Event& e);

/// The exact odds of one `shoot U T` (the distribution of hits, tsp::shot_odds_now), `activate U`
/// (the movement points, tsp::move_odds_now, and a Shaken unit's chance to rally,
/// tsp::rally_test_now) or `break U` (the chance to pass the break-off test) given by the side
/// deciding in `s`, a line each (`tercio run --odds`, `odds` at a prompt); nothing, with the
/// reason in `why`, for another command or one that cannot be made now (`illegal` then says the
/// rules refused it, rather than its text).
std::optional<std::vector<std::string>> odds_lines(const tsp::Context& ctx, const tsp::GameState& s,
                                                   const std::string& text, std::string& why, bool& illegal);

/// The odds of a legal command that rolls dice of the player's choosing, in words: `head`, one
/// line after the command's text ("10 D20s at B P1, each hitting on a natural 1 to 4: 2.0 hits on
/// average"), `lines` under it (the exact distribution, indented), and `summary`, a few words for
/// the screen's first line ("at B P1: 2.0 hits on average, at least 1 89.3%").
struct OddsText {
    std::string head;
    std::vector<std::string> lines;
    std::string summary;
};

/// The odds of `shoot`, `activate` or `break` (legal in `s`), the distributions' lines at most
/// `width` columns; nothing for another command, or a volley of more dice than
/// tsp::kMaxVolleyDice.
std::optional<OddsText> command_odds(const tsp::Context& ctx, const tsp::GameState& s, const tsp::Command& c,
                                     int width = 78);

/// The board as text, north at the top: rank numbers down the left, file letters under it; a unit
/// is its glyph (upper case side A, lower case side B), two units in one square (a close combat)
/// `*`; ground: `.` open, `&` wood, `^` hill, `~` stream, `:` hedge, `#` wall, `@` building, `=`
/// road.
std::vector<std::string> board_lines(const tsp::Context& ctx, const tsp::GameState& s);

/// Each unit on the field, one line a unit, side A's first: its label, square and facing, name,
/// figures of its start (Fresh, Worn or Spent), Steady, Shaken or Routed, its leaders and field
/// officer, reload markers, and what else holds for it (out of fire, charging, in close combat).
std::vector<std::string> unit_lines(const tsp::Context& ctx, const tsp::GameState& s);

/// The turn, the card phase and the card in play with whose it is, the unit activated and its
/// roll; each side's units on the field, spirit points and failed spirit tests; the decks.
std::vector<std::string> status_lines(const tsp::Context& ctx, const tsp::GameState& s);

/// "Fresh", "Worn", "Spent" (TSP-STATE-1); "Steady", "Shaken", "Routed".
std::string condition_word(tsp::Condition c);
std::string status_word(tsp::Status st);

/// A unit's own leaders and its attached companies' (TSP-TYPE-2).
int own_leaders(const tsp::Unit& u);

/// "the 7 of hearts", "the ace of spades".
std::string card_words(std::uint8_t card);

/// "the 7 of hearts, Red's": the card and the colour whose it is (TSP-CARD-1: red side A's).
std::string card_with_owner(std::uint8_t card);

}  // namespace tercio::control
