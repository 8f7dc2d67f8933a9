#pragma once
// What the conformance suite asks of a ruleset beyond its engine and kit: the rules' own
// invariants, checked by the generic random games at every step (cards conserved, stacking, chips
// paid...). A ruleset without hooks still runs the whole suite: the primary template checks
// nothing of its own. The rulesets' hooks are in pikette_hooks.hpp, hbl_hooks.hpp and tsp_hooks.hpp
// (the checks of the random-play tests they replace or repeat).
#include <catch2/catch.hpp>

#include <concepts>
#include <vector>

#include "core/dice.hpp"
#include "core/engine.hpp"

// A failed check fails the test; a passed one is not counted (millions of them: Catch2's
// bookkeeping would cost more than the games).
#define CONFORM(cond, ...)                   \
    do {                                     \
        if (!(cond)) FAIL(__VA_ARGS__);      \
    } while (false)

namespace tercio::conformance {

/// Where a random game is: game `game` of a run that began at game `first`, before its command
/// number `step` (from 0).
struct Walk {
    int game = 0;
    int first = 0;
    int step = 0;
    /// One of the long runs (long_test.cpp): the hooks' costliest checks may run often. The short
    /// tests ask for them now and then.
    bool long_run = false;
};

/// A ruleset's own checks, called by the generic random games. One object lives through a run
/// of games (it may count what it sees, and judge the counts in finish()).
template <core::RulesEngine E>
struct RulesetHooks {
    using Ctx = typename E::Context;
    using State = typename E::State;
    using Command = typename E::Command;
    /// The engine's hash covers every field of its state: a command that changes the state changes
    /// the hash. A ruleset that hashes only part of its state says so (and why) here.
    static constexpr bool hash_covers_state = true;
    /// A command that may be legal without being listed (documented: too many to list).
    static bool legal_unlisted(const Ctx&, const State&, const Command&) { return false; }
    /// Before each command of a game that goes on, with the deciding side's whole legal list.
    void on_state(const Ctx&, const State&, const std::vector<Command>&, const Walk&) {}
    /// The command chosen, before it is played.
    void on_chosen(const Ctx&, const State&, const Command&, const Walk&) {}
    /// After each command.
    void on_played(const Ctx&, const State&, const State&, const typename E::Events&, const Walk&) {}
    /// Commands of the kinds the state takes, made up (random squares, units...): each must be
    /// legal exactly when it is listed.
    std::vector<Command> probes(const Ctx&, const State&, core::Dice&, const Walk&) { return {}; }
    /// A game over.
    void on_game_end(const Ctx&, const State&) {}
    /// After the run of `games` games.
    void finish(int) {}
};

/// Whether hooks H can put the face-down cards of a state in another order (`permute_face_down`):
/// the one piece of hide_unseen's test that knows where a ruleset keeps them.
template <class H, class State>
concept PermutesFaceDown = requires(State& s, core::Dice& d) { H::permute_face_down(s, d); };
/// Whether hooks H say their ruleset keeps nothing face down in an order only the dice know
/// (`static constexpr bool nothing_face_down = true`): no state has anything for hide_unseen to
/// hide, and the hidden-information tests check that instead.
template <class H>
concept KeepsNothingFaceDown = requires { requires H::nothing_face_down; };
/// Whether hooks H can list the face-down cards of a state, in order (`face_down_order`: each
/// deck's, by kind): what the network test looks for in the bytes a client receives.
template <class H, class State>
concept ListsFaceDown = requires(const State& s) {
    { H::face_down_order(s) } -> std::same_as<std::vector<std::vector<int>>>;
};

}  // namespace tercio::conformance

#include "tests/conformance/hbl_hooks.hpp"
#include "tests/conformance/pikette_hooks.hpp"
#include "tests/conformance/tsp_hooks.hpp"
