#pragma once
// What fuzz_position does with one input, shared with the unit tests that replay its findings
// (tests/data/fuzz_regressions_test.cpp, files named position-*): the input is loaded as
// `tercio run --position` loads it; if it is accepted, it must write back to the same position,
// and commands are applied so that apply() is reached: every legal command in turn, each on a
// copy of the position, then a few random legal commands from a fixed seed, one after the other.
// Every event is put in words as `tercio run --why` prints it, every position reached must be
// one the loader accepts (rules::check_consistent), and where the walk ends writes back to itself.
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "control/event_text.hpp"
#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "data/position.hpp"
#include "rules/consistency.hpp"
#include "rules/game.hpp"

namespace tercio::fuzz {

/// What became of one input.
struct Exercised {
    bool accepted = false;  ///< the loader accepted it as a position
    std::string problem;    ///< empty unless something went wrong that must not (the fuzzer traps)
    int applied = 0;        ///< commands applied
};

namespace detail {

/// Every command the loop tries from one position: all of them up to this many, else an even
/// spread over the list (deployment lists thousands).
inline constexpr std::size_t kMaxLegalTried = 32;
/// Random legal commands played on from the position.
inline constexpr int kRandomSteps = 16;

/// The position written and loaded back: "" if it is the same, else what went wrong.
inline std::string round_trip(const rules::RulesContext& ctx, const data::Position& p,
                              data::DataCatalog& catalog) {
    const auto back =
        data::load_position("fuzz.toml", data::write_position(p, ctx), catalog.context_resolver());
    if (!back.ok()) {
        return "the position does not load back: " +
               (back.errors.empty() ? std::string("?") : back.errors.front().to_string());
    }
    return *back.value == p ? "" : "the position does not round-trip";
}

/// Applies `c` to `s`, puts the events in words and checks that the position reached is one the
/// loader accepts; "" if all is well, else what went wrong.
inline std::string apply_and_check(const rules::RulesContext& ctx, data::Position& p,
                                   const rules::Command& c, core::SeededDice& dice) {
    const std::string text = rules::print(c);
    if (auto why = rules::validate(ctx, p.state, c)) {
        return "legal command " + text + " does not validate: " + *why;
    }
    const rules::Events ev = rules::apply(ctx, p.state, c, dice);
    // As `tercio run --why` prints them.
    for (const rules::Event& e : ev) {
        if (control::describe(ctx, p.state, e).empty())
            return "an event of " + text + " says nothing";
        for (const std::string& line : control::explain(ctx, p.state, e)) {
            if (line.empty()) return "an event of " + text + " has an empty explanation";
        }
    }
    p.seed = dice.seed();
    p.calls = dice.calls();
    const auto bad = rules::check_consistent(ctx, p.state);
    if (!bad.empty())
        return "after " + text + " the position is not playable: " + bad.front().message;
    return "";
}

}  // namespace detail

inline Exercised exercise_position(data::DataCatalog& catalog, std::string_view text) {
    Exercised out;
    // As `tercio run --position` loads it.
    const auto loaded = data::load_position("fuzz.toml", text, catalog.context_resolver());
    for (const auto& e : loaded.errors) {
        if (e.line < 1 || e.column < 1 || e.message.empty()) {
            out.problem = "an error without a place: " + e.to_string();
            return out;
        }
    }
    if (!loaded.ok()) return out;
    out.accepted = true;
    const data::Position start = *loaded.value;
    std::string why;
    const auto ctx = catalog.context(start.ruleset, start.armies, why);
    if (!ctx) {
        out.problem = "a loaded position's context does not load: " + why;
        return out;
    }
    // The writer and the reader agree on it.
    out.problem = detail::round_trip(*ctx, start, catalog);
    if (!out.problem.empty()) return out;
    std::vector<rules::Command> legal = rules::legal_commands(*ctx, start.state);
    const std::size_t step = std::max<std::size_t>(1, legal.size() / detail::kMaxLegalTried);
    for (std::size_t i = 0; i < legal.size(); i += step) {
        data::Position p = start;
        core::SeededDice dice(p.seed, p.calls);
        out.problem = detail::apply_and_check(*ctx, p, legal[i], dice);
        ++out.applied;
        if (!out.problem.empty()) return out;
    }
    // Then on from the position, as `tercio run --random` plays, without conceding.
    data::Position p = start;
    core::SeededDice dice(p.seed, p.calls);
    core::SeededDice chooser(7);
    for (int n = 0; n < detail::kRandomSteps && p.state.decision != rules::Decision::GameOver;
         ++n) {
        legal = rules::legal_commands(*ctx, p.state);
        std::erase_if(legal, [](const rules::Command& c) {
            return std::holds_alternative<rules::Concede>(c);
        });
        if (legal.empty()) {
            out.problem = "no legal command in a playable position";
            return out;
        }
        const auto pick = chooser.pick(static_cast<int>(legal.size()), core::RollPurpose::Other);
        out.problem = detail::apply_and_check(*ctx, p, legal[static_cast<std::size_t>(pick)], dice);
        ++out.applied;
        if (!out.problem.empty()) return out;
    }
    // Where the walk ended writes back to itself too (each step passed the loader's own checks).
    out.problem = detail::round_trip(*ctx, p, catalog);
    return out;
}

}  // namespace tercio::fuzz
