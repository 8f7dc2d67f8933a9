#pragma once
/// Pikette Squared's Plain group (docs/rulesets.md, "The kit: Text and Screen groups"): what
/// `tercio play --plain` (ui::PlainGameOf) needs of it beyond its words and its screen: the
/// decision in words, its pages (map, units, cards), its word (unmoved-shots), its odds and its
/// examples.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kits/pikette/control/reactions.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"

namespace tercio::kits::pikette {

struct Plain {
    using Context = rules::RulesContext;
    using State = rules::GameState;

    static constexpr std::string_view kHeading = "tercio, plain text";
    static constexpr std::string_view kOddsExample = "fight h6";
    static constexpr std::string_view kLegalExample = "legal deploy K1, legal move h2";
    static constexpr std::string_view kExamples = "first, turn, move h2 h5, shoot e4 e7, fight h6, pass, deploy auto";

    /// "A turns a card".
    static std::string decision(const Context& ctx, const State& s);
    /// "4 pips left" in the active side's phase (PS-PIP-1), else "".
    static std::string prompt_note(const Context& ctx, const State& s);
    /// `map`: the board as text rows, with a legend; `units` and `enemy`: the units of the side
    /// deciding and of the other, in sentences; `near SQUARE`: a square and its eight
    /// neighbours in sentences; `cards`: the turn, the phase, the decks and chips in sentences.
    static std::optional<std::vector<std::string>> page(const Context& ctx, const State& s,
                                                        core::Side side, std::string_view word,
                                                        const std::string& rest);
    static std::vector<std::string> page_help();
    /// `unmoved-shots ask|never`, `shot-threshold PERCENT`, `charge-threshold PERCENT`.
    static std::optional<std::string> word(control::ReactionFilter& reactions, const std::string& word,
                                           const std::string& rest);
    static std::vector<std::string> word_help();
    /// The preview's odds (rules/preview.hpp) of a command typed as text.
    static std::vector<std::string> odds(const Context& ctx, const State& s, const std::string& text,
                                         std::string& why);
};

}  // namespace tercio::kits::pikette
