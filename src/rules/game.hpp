#pragma once
/// The rules engine's entry points: start a game, check and apply commands, list the legal
/// ones. Pure: no I/O, no globals, randomness only through the Dice passed in.
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "rules/command.hpp"
#include "rules/event.hpp"
#include "rules/game_state.hpp"
#include "rules/ruleset.hpp"

namespace tercio::rules {

/// The static data a GameState's indices refer to: the ruleset and both army lists.
struct RulesContext {
    const Ruleset* ruleset = nullptr;
    std::array<const ArmyList*, 2> armies{};
    const Ruleset& rs() const { return *ruleset; }
    const ArmyList& army(Side s) const { return *armies[idx(s)]; }
    const TroopType& type(const Unit& u) const { return ruleset->troop_types[u.type]; }
};

/// A command applied when `validate` refuses it.
class IllegalCommand : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Sets up a new game (PS-SETUP-1): army rolls for A then B, then it waits for the first
/// decision (a set-up choice, terrain, deployment...).
Events new_game(const RulesContext& ctx, GameState& out, core::Dice& dice);

/// Why the command is illegal now, or nothing if it is legal.
std::optional<std::string> validate(const RulesContext& ctx, const GameState& s, const Command& c);

/// Applies a legal command and returns what happened. Throws IllegalCommand if it is not legal.
/// For callers that want the check without play's copy (tests, tools); a game played by people
/// goes through `play`, the computer's play-outs through apply_trusted.
Events apply(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice);

/// Applies a command known to be legal (one of legal_commands, or one validate has accepted),
/// without checking it again: the engine's trusted step (core::RulesEngine's `apply`), which the
/// computer's play-outs take thousands of times a decision. An illegal command here is a bug of
/// the caller's, and what it does to `s` is undefined by the rules.
Events apply_trusted(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice);

/// One command played: what happened, whether it revealed randomness, or why it was refused.
struct Played {
    Events events;
    /// It drew from the dice or turned a card: nothing played before it can be taken back
    /// (the one place that decides this).
    bool random = false;
    /// Why the command was refused (illegal now, or a scripted dice source that ran out); the
    /// state and the events are then untouched and empty.
    std::optional<std::string> refused;
    bool ok() const { return !refused; }
};

/// The one transactional step of a game: checks the command once and, if legal, applies it.
/// On a refusal `s` is left exactly as it was.
Played play(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice);

/// The squares a move would step through, in order, its end last (the cheapest way, PS-MOVE-2:
/// the way the engine takes it); empty if the move is not legal now. The screen shows it before
/// the move is made.
std::vector<Square> move_way(const RulesContext& ctx, const GameState& s, const Move& m);

/// Every command the deciding side may give now; `concede` is always the last.
std::vector<Command> legal_commands(const RulesContext& ctx, const GameState& s);

/// A uniformly random legal command other than `concede`: the one at `chooser.pick(n)` among the
/// first n of legal_commands (all but conceding), found without building a long list. Nothing
/// when the game is over or only conceding is left. `listed`, if given, gets the length of
/// legal_commands. The random player, `tercio run --random` and `tercio bench` choose this way.
std::optional<Command> random_legal(const RulesContext& ctx, const GameState& s, core::Dice& chooser,
                                    std::size_t* listed = nullptr);

/// The side that must decide now.
inline Side deciding_side(const GameState& s) { return s.decider; }

/// Victory points of one side (PS-VICTORY-3).
int victory_points(const RulesContext& ctx, const GameState& s, Side side);

/// "K1": the unit's glyph and its number among its side's units of that glyph.
std::string unit_label(const RulesContext& ctx, const GameState& s, std::size_t unit);

/// The unit of `side` in a square, if any.
std::optional<std::size_t> unit_at(const GameState& s, Square sq, Side side);

/// The roster line a unit was made from: the army's unit lines, then each upgrade's
/// replace_with line in upgrade order.
const UnitLine& roster_line(const ArmyList& army, std::size_t index);
std::size_t roster_size(const ArmyList& army);

}  // namespace tercio::rules
