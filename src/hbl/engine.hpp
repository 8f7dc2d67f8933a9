#pragma once
/// Hell Broke Loose as a `core::RulesEngine` (src/core/engine.hpp): its types and functions under
/// the names every engine gives them, for the generic code. Each function is one of the rules'
/// own (src/hbl/game.hpp).
#include <algorithm>
#include <string>
#include <string_view>
#include <variant>

#include "core/engine.hpp"
#include "hbl/game.hpp"

namespace tercio::hbl {

struct Engine {
    static constexpr std::string_view name = "hell-broke-loose";
    using Context = hbl::Context;
    using State = GameState;
    using Command = hbl::Command;
    using Events = hbl::Events;
    using Played = hbl::Played;
    using End = EndReason;

    static Events new_game(const Context& ctx, State& s, core::Dice& dice) { return hbl::new_game(ctx, s, dice); }
    static std::optional<std::string> validate(const Context& ctx, const State& s, const Command& c) {
        return hbl::validate(ctx, s, c);
    }
    static Played play(const Context& ctx, State& s, const Command& c, core::Dice& dice) {
        return hbl::play(ctx, s, c, dice);
    }
    /// The trusted step: the command is one of legal_commands, so it is not checked again.
    static Events apply(const Context& ctx, State& s, const Command& c, core::Dice& dice) {
        return hbl::apply_legal(ctx, s, c, dice);
    }
    static std::vector<Command> legal_commands(const Context& ctx, const State& s) {
        return hbl::legal_commands(ctx, s);
    }
    static std::optional<Command> random_legal(const Context& ctx, const State& s, core::Dice& chooser,
                                               std::size_t* listed) {
        return hbl::random_legal(ctx, s, chooser, listed);
    }
    static Command concede() { return cmd::Concede{}; }
    static Side deciding_side(const State& s) { return hbl::deciding_side(s); }
    static bool over(const State& s) { return s.over(); }
    static End end(const State& s) { return s.end; }
    static std::string_view end_word(End e) {
        switch (e) {
            case EndReason::ChipsGone: return "chips-gone";
            case EndReason::NoUnits: return "army-gone";
            case EndReason::TurnLimit: return "turn-limit";
            case EndReason::Conceded: return "concession";
            case EndReason::None: break;
        }
        return "none";
    }
    static int turn(const State& s) { return s.turn; }
    static int victory_points(const Context&, const State& s, Side side) { return hbl::victory_points(s, side); }
    static int winner(const Context&, const State& s) {
        if (!s.winner) return -1;
        return *s.winner == Side::A ? 0 : 1;
    }
    static std::string print(const Context& ctx, const State& s, const Command& c) { return hbl::print(ctx, s, c); }
    static std::variant<Command, std::string> parse(const Context& ctx, const State& s, Side side,
                                                    std::string_view text) {
        return hbl::parse(ctx, s, side, text);
    }
    static std::uint64_t hash(const State& s) { return state_hash(s); }
    /// Each deck's cards not yet turned sorted by kind: which remain is public, their order is not.
    static void hide_unseen(State& s) {
        for (auto& d : s.decks) std::sort(d.cards.begin() + d.next, d.cards.begin() + d.size);
    }
};

static_assert(core::RulesEngine<Engine>);

}  // namespace tercio::hbl
