#pragma once
/// The computer's levels for The Sword and the Pike (docs/computer.md, "The Sword and the Pike"):
/// `random`, the generic baseline; `normal`, which plays the command whose outcome it values most,
/// a volley reckoned over its exact odds and a charge or a close combat over its morale tests and
/// its company match-ups; and the generic `easy` (ai/search.hpp) with normal's judgement as its
/// policy; and `hard`, the generic search with the same policy (make_tsp_hard), its play-outs read
/// with the spirit tests as a race (tsp_search_value).
#include <cstdint>
#include <memory>

#include "ai/player.hpp"
#include "ai/search.hpp"
#include "tsp/engine.hpp"

namespace tercio::ai {

using TspPlayer = PlayerOf<tsp::Engine>;

/// Whether The Sword and the Pike has the level: every one (random, easy, normal, hard and expert).
bool tsp_has_level(Level level);

/// A player of `level` whose own choices are drawn from `seed`; nothing for a level The Sword and
/// the Pike does not have.
std::unique_ptr<TspPlayer> make_tsp_player(Level level, std::uint64_t seed);

/// The budget of The Sword and the Pike's `hard` (the generic search, ai/search.hpp, with `normal`
/// as its policy): docs/computer.md says how it fared.
SearchBudget tsp_hard_budget();

/// A player of that search with a budget (tsp_hard_budget, or the tests' smaller ones).
std::unique_ptr<TspPlayer> make_tsp_hard(std::uint64_t seed, SearchBudget budget);

/// The parts of tsp_search_value for `me`, each side's less the other's: it is units + fire + fights
/// + placing + charges + 10 race (bench/tsp_leaf_data.cpp writes them, to fit their weights).
struct TspLeafTerms {
    double units = 0;    ///< each unit's worth with its fire test to come (spirit points, figures, state)
    double fire = 0;     ///< the best volley each loaded shooter has in range
    double fights = 0;   ///< the charges and close combats in progress
    double placing = 0;  ///< how near `me`'s units stand to the enemy and which way they face
    double charges = 0;  ///< the best charge each unit yet to move could make
    double race = 0;     ///< spirit_race
    /// placing's two parts (nearness, facing) for `me`'s units, and the same for the other side's
    /// (not in tsp_search_value: for the fit alone)
    double near_me = 0, facing_me = 0, near_them = 0, facing_them = 0;
};
TspLeafTerms tsp_search_terms(const tsp::Context& ctx, const tsp::GameState& s, core::Side me);

/// The phase a play-out of the search is in (SearchPolicy::phase_key): the turn, so that a play-out runs
/// to the end of the turn it starts in.
std::uint64_t tsp_phase_key(const tsp::GameState& s);

/// Whether the search searches a decision (SearchPolicy::worth_searching): every one but the choice
/// of which unit to activate, which takes `normal`'s choice.
bool tsp_worth_searching(const tsp::GameState& s);

/// How `normal` values a position for `me` (docs/computer.md): each side's spirit points (Fresh
/// 2, Worn 1, Spent 0, tsp::spirit_points2) and figures, scaled to the size of its army; Shaken
/// and Routed units, Spent units that may be removed at the start of the next turn, fire tests
/// still to be taken, reload markers; the best volley each loaded shooter has in range; the
/// expected outcome of every charge and close combat in progress; the spirit tests failed in a
/// row; and how near `me`'s units stand to the enemy and which way they face. A finished game is
/// worth +-1000.
double tsp_value(const tsp::Context& ctx, const tsp::GameState& s, core::Side me);

/// The race of the spirit tests from `s` for `me`: its chance to win less its chance to lose if
/// each side's share of spirit stayed as it is now. Each turn to the limit (tsp::kTurnLimit) both
/// sides test (TSP-SPIRIT-2, 3: a D10 up to the share in tenths, rounded up, passes); three failed
/// in a row lose, both at once draw (TSP-SPIRIT-4); at the limit the game's rule decides (tsp::turn_limit_winner). A
/// finished game: +1, -1 or 0.
double spirit_race(const tsp::Context& ctx, const tsp::GameState& s, core::Side me);

/// How the search reads where a play-out ended (docs/computer.md): tsp_value, with the spirit tests
/// to come counted as spirit_race times 10 in place of 1.5 a test failed in a row and 1,000 a game
/// won, so that a play-out that ends the game is a step from one that nearly did, not a cliff.
double tsp_search_value(const tsp::Context& ctx, const tsp::GameState& s, core::Side me);

}  // namespace tercio::ai
