#pragma once
// What fuzz_position does with one input, shared with the unit tests that replay its findings
// (tests/data/fuzz_regressions_test.cpp, files named position-*): the input is loaded as
// `tercio run --position` loads it, by the rules of the ruleset it names (Pikette Squared's, or
// Hell Broke Loose's when hbl::is_hbl_position says so, or The Sword and the Pike's when
// tsp::is_tsp_position does); if it is accepted, it must write back
// to the same position, and commands are applied so that apply() is reached: every legal command
// in turn, each on a copy of the position, then a few random legal commands from a fixed seed, one
// after the other. Every event is put in words as `tercio run --why` prints it, every position
// reached must be one the loader accepts (rules::check_consistent, hbl::check_consistent,
// tsp::check_consistent), and
// where the walk ends writes back to itself.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "kits/pikette/control/event_text.hpp"
#include "kits/hbl/control/event_text.hpp"
#include "kits/tsp/control/event_text.hpp"
#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "kits/hbl/data/position.hpp"
#include "kits/pikette/data/position.hpp"
#include "hbl/consistency.hpp"
#include "hbl/engine.hpp"
#include "rules/consistency.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"
#include "kits/pikette/data/files.hpp"
#include "kits/tsp/data/consistency.hpp"
#include "kits/tsp/data/position.hpp"
#include "tsp/engine.hpp"

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

/// What the loop needs of a ruleset beyond its engine (core::RulesEngine): its position files,
/// its check of a state, and its dice in words. Pikette Squared explains each event's dice from
/// the state after the command; Hell Broke Loose and The Sword and the Pike a command's dice from
/// the state before it.
template <class E>
struct Positions;

template <>
struct Positions<rules::Engine> {
    using Position = rules::Position;
    static data::Loaded<Position> load(data::DataCatalog& catalog, std::string_view text) {
        return rules::load_position("fuzz.toml", text, tercio::rules::context_resolver(catalog));
    }
    static std::optional<rules::RulesContext> context(data::DataCatalog& catalog, const Position& p,
                                                      std::string& why) {
        return tercio::rules::context(catalog, p.ruleset, p.armies, why);
    }
    static std::string write(const Position& p, const rules::RulesContext& ctx) {
        return rules::write_position(p, ctx);
    }
    static std::vector<std::string> explain_before(const rules::RulesContext&,
                                                   const rules::GameState&, const rules::Command&) {
        return {};
    }
    static std::vector<std::string> explain_after(const rules::RulesContext& ctx,
                                                  const rules::GameState& s,
                                                  const rules::Event& e) {
        return control::explain(ctx, s, e);
    }
    static std::string inconsistency(const rules::RulesContext& ctx, const rules::GameState& s) {
        const auto bad = rules::check_consistent(ctx, s);
        return bad.empty() ? "" : bad.front().message;
    }
    static bool concedes(const rules::Command& c) {
        return std::holds_alternative<rules::Concede>(c);
    }
};

template <>
struct Positions<hbl::Engine> {
    using Position = hbl::HblPosition;
    static data::Loaded<Position> load(data::DataCatalog& catalog, std::string_view text) {
        return hbl::load_hbl_position("fuzz.toml", text,
                                       hbl::hbl_context_resolver(hbl::resolvers(catalog)));
    }
    static std::optional<hbl::Context> context(data::DataCatalog& catalog, const Position& p,
                                               std::string& why) {
        return hbl::hbl_context_resolver(hbl::resolvers(catalog))(p.ruleset, p.armies, why);
    }
    static std::string write(const Position& p, const hbl::Context& ctx) {
        return hbl::write_hbl_position(p, ctx);
    }
    static std::vector<std::string> explain_before(const hbl::Context& ctx, const hbl::GameState& s,
                                                   const hbl::Command& c) {
        return control::explain(ctx, s, c);
    }
    static std::vector<std::string> explain_after(const hbl::Context&, const hbl::GameState&,
                                                  const hbl::Event&) {
        return {};
    }
    static std::string inconsistency(const hbl::Context& ctx, const hbl::GameState& s) {
        const auto bad = hbl::check_consistent(ctx, s);
        return bad.empty() ? "" : bad.front().message;
    }
    static bool concedes(const hbl::Command& c) {
        return std::holds_alternative<hbl::cmd::Concede>(c);
    }
};

template <>
struct Positions<tsp::Engine> {
    using Position = tsp::TspPosition;
    static data::Loaded<Position> load(data::DataCatalog& catalog, std::string_view text) {
        return tsp::load_tsp_position("fuzz.toml", text, tsp::tsp_context_resolver(tsp::resolvers(catalog)));
    }
    static std::optional<tsp::Context> context(data::DataCatalog& catalog, const Position& p, std::string& why) {
        return tsp::tsp_context_resolver(tsp::resolvers(catalog))(p.ruleset, p.armies, why);
    }
    static std::string write(const Position& p, const tsp::Context& ctx) {
        return tsp::write_tsp_position(p, ctx);
    }
    static std::vector<std::string> explain_before(const tsp::Context& ctx, const tsp::GameState& s,
                                                   const tsp::Command& c) {
        return control::explain(ctx, s, c);
    }
    static std::vector<std::string> explain_after(const tsp::Context&, const tsp::GameState&, const tsp::Event&) {
        return {};
    }
    static std::string inconsistency(const tsp::Context& ctx, const tsp::GameState& s) {
        const auto bad = tsp::check_consistent(ctx, s);
        return bad.empty() ? "" : bad.front().message;
    }
    static bool concedes(const tsp::Command& c) {
        return std::holds_alternative<tsp::cmd::Concede>(c);
    }
};

/// The position written and loaded back: "" if it is the same, else what went wrong.
template <class E>
std::string round_trip(const typename E::Context& ctx, const typename Positions<E>::Position& p,
                       data::DataCatalog& catalog) {
    const auto back = Positions<E>::load(catalog, Positions<E>::write(p, ctx));
    if (!back.ok()) {
        return "the position does not load back: " +
               (back.errors.empty() ? std::string("?") : back.errors.front().to_string());
    }
    return *back.value == p ? "" : "the position does not round-trip";
}

/// Applies `c` to `s`, puts the events in words and checks that the position reached is one the
/// loader accepts; "" if all is well, else what went wrong.
template <class E>
std::string apply_and_check(const typename E::Context& ctx, typename Positions<E>::Position& p,
                            const typename E::Command& c, core::SeededDice& dice) {
    using F = Positions<E>;
    const std::string text = E::print(ctx, p.state, c);
    if (auto why = E::validate(ctx, p.state, c)) {
        return "legal command " + text + " does not validate: " + *why;
    }
    // As `tercio run --why` prints them.
    for (const std::string& line : F::explain_before(ctx, p.state, c)) {
        if (line.empty()) return "the dice of " + text + " have an empty explanation";
    }
    const typename E::Events ev = E::apply(ctx, p.state, c, dice);
    for (const auto& e : ev) {
        if (control::describe(ctx, p.state, e).empty())
            return "an event of " + text + " says nothing";
        for (const std::string& line : F::explain_after(ctx, p.state, e)) {
            if (line.empty()) return "an event of " + text + " has an empty explanation";
        }
    }
    p.seed = dice.seed();
    p.calls = dice.calls();
    const std::string bad = F::inconsistency(ctx, p.state);
    if (!bad.empty()) return "after " + text + " the position is not playable: " + bad;
    return "";
}

template <class E>
Exercised exercise(data::DataCatalog& catalog, std::string_view text) {
    using F = Positions<E>;
    Exercised out;
    // As `tercio run --position` loads it.
    const auto loaded = F::load(catalog, text);
    for (const auto& e : loaded.errors) {
        if (e.line < 1 || e.column < 1 || e.message.empty()) {
            out.problem = "an error without a place: " + e.to_string();
            return out;
        }
    }
    if (!loaded.ok()) return out;
    out.accepted = true;
    const typename F::Position start = *loaded.value;
    std::string why;
    const auto ctx = F::context(catalog, start, why);
    if (!ctx) {
        out.problem = "a loaded position's context does not load: " + why;
        return out;
    }
    // The writer and the reader agree on it.
    out.problem = round_trip<E>(*ctx, start, catalog);
    if (!out.problem.empty()) return out;
    std::vector<typename E::Command> legal = E::legal_commands(*ctx, start.state);
    const std::size_t step = std::max<std::size_t>(1, legal.size() / kMaxLegalTried);
    for (std::size_t i = 0; i < legal.size(); i += step) {
        typename F::Position p = start;
        core::SeededDice dice(p.seed, p.calls);
        out.problem = apply_and_check<E>(*ctx, p, legal[i], dice);
        ++out.applied;
        if (!out.problem.empty()) return out;
    }
    // Then on from the position, as `tercio run --random` plays, without conceding.
    typename F::Position p = start;
    core::SeededDice dice(p.seed, p.calls);
    core::SeededDice chooser(7);
    for (int n = 0; n < kRandomSteps && !E::over(p.state); ++n) {
        legal = E::legal_commands(*ctx, p.state);
        std::erase_if(legal, F::concedes);
        if (legal.empty()) {
            out.problem = "no legal command in a playable position";
            return out;
        }
        const auto pick = chooser.pick(static_cast<int>(legal.size()), core::RollPurpose::Other);
        out.problem = apply_and_check<E>(*ctx, p, legal[static_cast<std::size_t>(pick)], dice);
        ++out.applied;
        if (!out.problem.empty()) return out;
    }
    // Where the walk ended writes back to itself too (each step passed the loader's own checks).
    out.problem = round_trip<E>(*ctx, p, catalog);
    return out;
}

}  // namespace detail

inline Exercised exercise_position(data::DataCatalog& catalog, std::string_view text) {
    // As `tercio run --position` reads it: by the rules of the ruleset it names.
    if (hbl::is_hbl_position(text, catalog.engine_resolver()))
        return detail::exercise<hbl::Engine>(catalog, text);
    if (tsp::is_tsp_position(text, catalog.engine_resolver()))
        return detail::exercise<tsp::Engine>(catalog, text);
    return detail::exercise<rules::Engine>(catalog, text);
}

}  // namespace tercio::fuzz
