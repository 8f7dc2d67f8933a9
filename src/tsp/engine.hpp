#pragma once
/// The Sword and the Pike as a `core::RulesEngine` (src/core/engine.hpp): its types and functions
/// under the names every engine gives them, for the generic code. Each function is one of the
/// rules' own (src/tsp/game.hpp).
#include <algorithm>
#include <string>
#include <string_view>
#include <variant>

#include "core/engine.hpp"
#include "tsp/game.hpp"

namespace tercio::tsp {

struct Engine {
    static constexpr std::string_view name = kEngine;
    using Context = tsp::Context;
    using State = GameState;
    using Command = tsp::Command;
    using Events = tsp::Events;
    using Played = tsp::Played;
    using End = EndReason;

    static Events new_game(const Context& ctx, State& s, core::Dice& dice) { return tsp::new_game(ctx, s, dice); }
    static std::optional<std::string> validate(const Context& ctx, const State& s, const Command& c) {
        return tsp::validate(ctx, s, c);
    }
    static Played play(const Context& ctx, State& s, const Command& c, core::Dice& dice) {
        return tsp::play(ctx, s, c, dice);
    }
    static Events apply(const Context& ctx, State& s, const Command& c, core::Dice& dice) {
        return tsp::apply(ctx, s, c, dice);
    }
    static std::vector<Command> legal_commands(const Context& ctx, const State& s) {
        return tsp::legal_commands(ctx, s);
    }
    static std::optional<Command> random_legal(const Context& ctx, const State& s, core::Dice& chooser,
                                               std::size_t* listed) {
        return tsp::random_legal(ctx, s, chooser, listed);
    }
    static Command concede() { return cmd::Concede{}; }
    static Side deciding_side(const State& s) { return tsp::deciding_side(s); }
    static bool over(const State& s) { return s.over(); }
    static End end(const State& s) { return s.end; }
    static std::string_view end_word(End e) {
        switch (e) {
            case EndReason::NoUnits: return "army-gone";
            case EndReason::SpiritFailed: return "spirit-failed";
            case EndReason::SpiritGone: return "spirit-gone";
            case EndReason::TurnLimit: return "turn-limit";
            case EndReason::Conceded: return "concession";
            case EndReason::None: break;
        }
        return "none";
    }
    static int turn(const State& s) { return s.turn; }
    static int victory_points(const Context& ctx, const State& s, Side side) {
        return tsp::victory_points(ctx, s, side);
    }
    static int winner(const Context&, const State& s) {
        if (!s.winner) return -1;
        return *s.winner == Side::A ? 0 : 1;
    }
    static std::string print(const Context& ctx, const State& s, const Command& c) { return tsp::print(ctx, s, c); }
    static std::variant<Command, std::string> parse(const Context& ctx, const State& s, Side side,
                                                    std::string_view text) {
        return tsp::parse(ctx, s, side, text);
    }
    static std::uint64_t hash(const State& s) { return state_hash(s); }
    /// Nothing to hide: the cards left in a deck are kept in order, and each is pulled by a
    /// public pick among them (tsp::Deck). Sorting them again keeps a position read from a file
    /// with them in any order hashing as its play would.
    static void hide_unseen(State& s) {
        for (Deck* d : {&s.activation, &s.casualty}) std::sort(d->cards.begin() + d->next, d->cards.end());
    }
};

static_assert(core::RulesEngine<Engine>);

}  // namespace tercio::tsp
