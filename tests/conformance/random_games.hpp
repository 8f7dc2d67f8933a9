#pragma once
// The conformance suite's random games (OpenSpiel's RandomSimTest): seeded games of any ruleset
// played to their end with random legal commands, chosen either by the engine's `random_legal` or
// from its `legal_commands`, with the checks every step of every game makes.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "core/dice.hpp"
#include "tests/conformance/hooks.hpp"
#include "tests/conformance/kits.hpp"

namespace tercio::conformance {

/// The most commands a random game may take: one that goes on longer has a loop the rules let
/// no one out of, and fails.
inline constexpr int kMaxSteps = 20000;

/// How the random players choose.
enum class Choice {
    RandomLegal,  ///< E::random_legal, as the random level does
    FromList,     ///< uniformly from E::legal_commands, conceding left out
    /// As FromList, and random_legal, given the same chooser, must make the same choice and say
    /// how long the list is.
    FromListTwin,
};

/// One seeded game: its armies, context, dice and state. Game `g` is rolled by the dice seed
/// g + 1; its players choose with a stream of their own.
template <class Kit>
struct RandomGame {
    using E = typename Kit::Engine;
    int index = 0;
    std::array<std::string, 2> armies;
    typename E::Context ctx;
    core::SeededDice dice;
    core::SeededDice chooser;
    typename E::State s{};
    typename E::Events setup{};

    explicit RandomGame(int g)
        : index(g),
          armies(armies_of_game<Kit>(g)),
          ctx(Files<Kit>::context(armies[0], armies[1])),
          dice(static_cast<std::uint64_t>(g) + 1),
          chooser(static_cast<std::uint64_t>(g) * 7919 + 13) {
        setup = E::new_game(ctx, s, dice);
    }
    std::string text(const typename E::Command& c) const { return E::print(ctx, s, c); }
    std::string name() const {
        return std::string(E::name) + " game " + std::to_string(index) + " (" + armies[0] + " v " + armies[1] + ")";
    }
};

/// What one step of a random game did, for the callbacks.
template <class E>
struct StepOf {
    const typename E::State& before;      ///< the state the command was chosen in
    const typename E::Command& command;   ///< the command chosen (never conceding)
    const std::vector<typename E::Command>* legal;  ///< the legal list (FromList games only)
    const typename E::Played& played;     ///< what play made of it
    std::uint64_t calls_before = 0;       ///< the dice draws before it
    Walk walk;
};

/// Whether a command is conceding.
template <class E>
bool is_concede(const typename E::Command& c) {
    return c == E::concede();
}

/// Plays games [first, first + count) of ruleset Kit to their end, choosing as `how` says, and
/// calls `on_step(game, step)` after each command (game.s is then the state after it) and
/// `on_end(game)` once each game is over. Every step checks what any ruleset owes: the game goes
/// on while something besides conceding is legal, conceding is listed last, the command chosen is
/// played, and a command that drew from the dice says it was random; every game ends within
/// kMaxSteps commands, with a winner and a word for its end.
template <class Kit, class OnStep, class OnEnd>
void play_random_games(int first, int count, Choice how, OnStep&& on_step, OnEnd&& on_end, bool long_run = false) {
    using E = typename Kit::Engine;
    using Command = typename E::Command;
    for (int g = first; g < first + count; ++g) {
        RandomGame<Kit> game(g);
        int steps = 0;
        std::string last = "(none)";
        while (!E::over(game.s)) {
            INFO(game.name() << ", command " << steps << ", after " << last);
            std::vector<Command> legal;
            Command c = E::concede();
            if (how != Choice::RandomLegal) {
                legal = E::legal_commands(game.ctx, game.s);
                CONFORM(legal.size() >= 2, "the game goes on, but nothing besides conceding is legal");
                CONFORM(is_concede<E>(legal.back()), "conceding is not the last legal command");
                core::SeededDice twin(game.chooser.seed(), game.chooser.calls());
                c = legal[static_cast<std::size_t>(
                    game.chooser.pick(static_cast<int>(legal.size()) - 1, core::RollPurpose::Other))];
                if (how == Choice::FromListTwin) {
                    std::size_t listed = 0;
                    const auto r = E::random_legal(game.ctx, game.s, twin, &listed);
                    CONFORM(listed == legal.size(), "random_legal says " << listed << " are listed, not " << legal.size());
                    CONFORM(r && *r == c, "random_legal chose otherwise than pick among the list: "
                                              << (r ? game.text(*r) : "nothing") << ", not " << game.text(c));
                    CONFORM(twin.calls() == game.chooser.calls(), "random_legal drew otherwise than one pick");
                }
            } else {
                std::size_t listed = 0;
                const auto r = E::random_legal(game.ctx, game.s, game.chooser, &listed);
                CONFORM(r.has_value(), "the game goes on, but random_legal has nothing");
                CONFORM(listed >= 2, "random_legal says " << listed << " commands are listed");
                c = *r;
            }
            CONFORM(!is_concede<E>(c), "a random player conceded");
            const typename E::State before = game.s;
            const std::uint64_t calls = game.dice.calls();
            const typename E::Played p = E::play(game.ctx, game.s, c, game.dice);
            CONFORM(p.ok(), game.text(c) << " chosen, but play refuses it: " << p.refused.value_or(""));
            CONFORM(game.dice.calls() == calls || p.random,
                    game.text(c) << " drew from the dice, and play says it was not random (undo could cross it)");
            on_step(game, StepOf<E>{before, c, how == Choice::RandomLegal ? nullptr : &legal, p, calls,
                                    Walk{g, first, steps, long_run}});
            last = E::print(game.ctx, before, c);
            ++steps;
            if (steps >= kMaxSteps) {
                FAIL(game.name() << " has not ended after " << steps << " commands (the last: " << last
                                 << "): a loop the rules let no one out of?");
            }
        }
        INFO(game.name() << ", over after " << steps << " commands");
        CONFORM(steps > 0, "a game over before its first command");
        const int w = E::winner(game.ctx, game.s);
        CONFORM(w >= -1 && w <= 1, "winner " << w);
        CONFORM(E::end_word(E::end(game.s)) != "none", "a game over with no end");
        CONFORM(E::legal_commands(game.ctx, game.s).empty(), "a game over lists commands");
        on_end(game);
    }
}

/// The same without a callback at the end.
template <class Kit, class OnStep>
void play_random_games(int first, int count, Choice how, OnStep&& on_step) {
    play_random_games<Kit>(first, count, how, on_step, [](const auto&) {});
}

}  // namespace tercio::conformance
