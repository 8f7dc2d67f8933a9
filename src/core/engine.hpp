#pragma once
/// What a rules engine supplies, as a C++20 concept (docs/rulesets.md, "What each ruleset
/// supplies"). Each engine is a struct of types and static functions, one a ruleset, in that
/// ruleset's folder (src/<ruleset>/engine.hpp); the kits' registry lists them. The
/// generic code (the computer's players, headless matches, `tercio sim`) is written once as
/// templates over a type that satisfies `RulesEngine`, so a missing function is a compile error
/// naming it, and nothing inside a game is virtual.
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/dice.hpp"
#include "core/side.hpp"

namespace tercio::core {

template <class E>
concept RulesEngine = requires(const typename E::Context& ctx, typename E::State& s, const typename E::State& cs,
                               const typename E::Command& c, Dice& dice, Side side, std::string_view text,
                               std::size_t* listed, typename E::End end) {
    /// The engine's name, as a ruleset file's `engine` key gives it (docs/rulesets.md, "Data").
    { E::name } -> std::convertible_to<std::string_view>;
    /// The set-up rolls of a new game into `s`.
    { E::new_game(ctx, s, dice) } -> std::same_as<typename E::Events>;
    /// Why a command is illegal now, or nothing.
    { E::validate(ctx, cs, c) } -> std::same_as<std::optional<std::string>>;
    /// The one checked step: refused (with the reason, `s` untouched) or applied, with its events
    /// and whether it revealed randomness (rolled dice or turned a card).
    { E::play(ctx, s, c, dice) } -> std::same_as<typename E::Played>;
    /// The trusted step for play-outs: the command is known to be legal.
    { E::apply(ctx, s, c, dice) } -> std::same_as<typename E::Events>;
    /// Everything the deciding side may do now; conceding is always the last.
    { E::legal_commands(ctx, cs) } -> std::same_as<std::vector<typename E::Command>>;
    /// A uniformly random legal command other than conceding (the random level's choice), drawn
    /// with one `pick` from `dice`; `listed` gets the length of legal_commands.
    { E::random_legal(ctx, cs, dice, listed) } -> std::same_as<std::optional<typename E::Command>>;
    { E::concede() } -> std::same_as<typename E::Command>;
    { E::deciding_side(cs) } -> std::same_as<Side>;
    { E::over(cs) } -> std::same_as<bool>;
    /// How the game ended, and that end's word ("nightfall").
    { E::end(cs) } -> std::same_as<typename E::End>;
    { E::end_word(end) } -> std::convertible_to<std::string_view>;
    { E::turn(cs) } -> std::convertible_to<int>;
    { E::victory_points(ctx, cs, side) } -> std::same_as<int>;
    /// Of a finished game: -1 a draw, 0 side A won, 1 side B won.
    { E::winner(ctx, cs) } -> std::same_as<int>;
    /// A command's one line of text, and back: parse(print(c)) == c.
    { E::print(ctx, cs, c) } -> std::same_as<std::string>;
    { E::parse(ctx, cs, side, text) } -> std::same_as<std::variant<typename E::Command, std::string>>;
    { E::hash(cs) } -> std::same_as<std::uint64_t>;
    /// What a side may know: the face-down cards put in one fixed order.
    E::hide_unseen(s);
};

/// The one checked step every engine's `play` takes (its `Played` has `events`, `random` and
/// `refused`): `why`, the engine's check, refuses with `s` untouched; otherwise `apply(next, dice)`
/// runs on a copy with the dice counted, and a dice source that fails part way (core::DiceError: a
/// scripted list run out) refuses too, with `dice_prefix` before its words, leaving `s` as it was.
/// `random` is whether it drew from the dice or `revealed(events)` (a card turned: what a deck held
/// cannot be taken back either).
template <class Played, class State, class Apply, class Revealed>
Played play_on_copy(State& s, std::optional<std::string> why, Dice& dice, Apply&& apply, Revealed&& revealed,
                    std::string_view dice_prefix = {}) {
    Played p;
    if (why) {
        p.refused = std::move(why);
        return p;
    }
    State next = s;
    CountingDice counted(dice);
    try {
        p.events = apply(next, counted);
    } catch (const DiceError& e) {
        p.events.clear();
        p.refused = std::string(dice_prefix) + e.what();
        return p;
    }
    p.random = counted.draws() > 0 || revealed(p.events);
    s = std::move(next);
    return p;
}

}  // namespace tercio::core
