#pragma once
/// Shared internals of the rules engine (not part of the public API).
#include <optional>
#include <string>

#include "rules/game.hpp"

namespace tercio::rules::detail {

using Why = std::optional<std::string>;

template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// setup.cpp
Why check_setup(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_setup(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev);
void legal_setup(const RulesContext& ctx, const GameState& s, std::vector<Command>& out);
/// Whether a unit of this type may stand in the square (PS-TERRAIN-11).
bool terrain_allows(const RulesContext& ctx, const GameState& s, const Unit& u, Square sq);

// turn.cpp
/// Rolls initiative for a new initiative (PS-INIT-1); ties end the turn (PS-INIT-3).
void roll_initiative(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// Ends the active phase (PS-INIT-6) and moves play on.
void end_phase(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// Ends the game and reports the points (PS-VICTORY).
void end_game(const RulesContext& ctx, GameState& s, GameEnd why, Events& ev);
/// Ends the game if a side has no units on the table (PS-VICTORY-2). True if it ended.
bool check_army_gone(const RulesContext& ctx, GameState& s, Events& ev);
/// Spends pips and ends the phase when none are left.
void spend_pips(const RulesContext& ctx, GameState& s, int pips, core::Dice& dice, Events& ev);
Why check_turn(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_turn(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev);
void legal_turn(const RulesContext& ctx, const GameState& s, std::vector<Command>& out);
/// Shuffles a deck with the dice (PS-DICE-9).
void shuffle(Deck& d, core::Dice& dice);

// movement.cpp
Why check_movement(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_movement(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice,
                    Events& ev);
void legal_movement(const RulesContext& ctx, const GameState& s, std::vector<Command>& out);

}  // namespace tercio::rules::detail
