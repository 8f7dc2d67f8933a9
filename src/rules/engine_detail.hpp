#pragma once
/// Shared internals of the rules engine (not part of the public API).
#include <optional>
#include <string>

#include "core/overloaded.hpp"
#include "rules/game.hpp"

namespace tercio::rules::detail {

using Why = std::optional<std::string>;

using core::Overloaded;

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
/// Moves unit `ui` into the adjacent square `q`, in any kind of movement: its attached leader
/// goes with it (PS-LEADER-6), friends in `q` are marked moved-through unless `q` ends the move
/// (PS-MOVE-7), and a lone enemy leader in `q` rolls off (PS-LEADER-11).
void enter(const RulesContext& ctx, GameState& s, std::size_t ui, Square q, bool final_square,
           core::Dice& dice, Events& ev);
/// PS-LEADER-11: the roll-off when `mover`, an enemy unit that is not Routed, enters or passes
/// `q`, the square of a leader who is alone (unattached, no friendly unit there).
void leader_alone_check(const RulesContext& ctx, GameState& s, const Unit& mover, Square q,
                        core::Dice& dice, Events& ev);

// combat.cpp
Why check_combat(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_combat(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev);
void legal_combat(const RulesContext& ctx, const GameState& s, std::vector<Command>& out);

}  // namespace tercio::rules::detail
