#pragma once
/// Pikette Squared as a `core::RulesEngine` (src/core/engine.hpp): its types and functions under
/// the names every engine gives them, for the generic code. Nothing here decides anything: each
/// function is one of the rules' own (src/rules/game.hpp, command.hpp, state_hash.hpp).
/// (src/rules/engine.cpp is not this file's implementation: it is the rules' apply and play.)
#include <algorithm>
#include <string>
#include <string_view>
#include <variant>

#include "core/engine.hpp"
#include "rules/command.hpp"
#include "rules/game.hpp"
#include "rules/state_hash.hpp"

namespace tercio::rules {

struct Engine {
    static constexpr std::string_view name = "pikette-squared";
    using Context = RulesContext;
    using State = GameState;
    using Command = rules::Command;
    using Events = rules::Events;
    using Played = rules::Played;
    using End = GameEnd;

    static Events new_game(const Context& ctx, State& s, core::Dice& dice) { return rules::new_game(ctx, s, dice); }
    static std::optional<std::string> validate(const Context& ctx, const State& s, const Command& c) {
        return rules::validate(ctx, s, c);
    }
    static Played play(const Context& ctx, State& s, const Command& c, core::Dice& dice) {
        return rules::play(ctx, s, c, dice);
    }
    /// The trusted step (the command is one of legal_commands): not checked again.
    static Events apply(const Context& ctx, State& s, const Command& c, core::Dice& dice) {
        return rules::apply_trusted(ctx, s, c, dice);
    }
    static std::vector<Command> legal_commands(const Context& ctx, const State& s) {
        return rules::legal_commands(ctx, s);
    }
    static std::optional<Command> random_legal(const Context& ctx, const State& s, core::Dice& chooser,
                                               std::size_t* listed) {
        return rules::random_legal(ctx, s, chooser, listed);
    }
    static Command concede() { return Concede{}; }
    static Side deciding_side(const State& s) { return rules::deciding_side(s); }
    static bool over(const State& s) { return s.decision == Decision::GameOver; }
    static End end(const State& s) { return s.end; }
    static std::string_view end_word(End e) {
        switch (e) {
            case GameEnd::Nightfall: return "nightfall";
            case GameEnd::ArmyGone: return "army-gone";
            case GameEnd::Concession: return "concession";
            case GameEnd::None: break;
        }
        return "none";
    }
    static int turn(const State& s) { return s.turn; }
    static int victory_points(const Context& ctx, const State& s, Side side) {
        return rules::victory_points(ctx, s, side);
    }
    /// More victory points wins (PS-VICTORY-3); a side that conceded has lost (PS-VICTORY-4).
    static int winner(const Context& ctx, const State& s) {
        if (s.end == GameEnd::Concession) return s.conceded == Side::A ? 1 : 0;
        const int a = victory_points(ctx, s, Side::A);
        const int b = victory_points(ctx, s, Side::B);
        return a > b ? 0 : b > a ? 1 : -1;
    }
    /// Pikette Squared's commands name their units by label: the text needs no context.
    static std::string print(const Context&, const State&, const Command& c) { return rules::print(c); }
    static std::variant<Command, std::string> parse(const Context&, const State&, Side, std::string_view text) {
        std::string error;
        if (auto c = parse_command(text, error)) return *c;
        return error;
    }
    static std::uint64_t hash(const State& s) { return state_hash(s); }
    /// Each deck's face-down cards sorted by kind: which remain is public, their order is not.
    static void hide_unseen(State& s) {
        for (auto& d : s.decks) std::sort(d.cards.begin() + d.drawn, d.cards.begin() + d.size);
    }
};

static_assert(core::RulesEngine<Engine>);

}  // namespace tercio::rules
