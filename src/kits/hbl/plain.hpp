#pragma once
/// Hell Broke Loose's Plain group (docs/rulesets.md, "The kit: Text and Screen groups"): what
/// `tercio play --plain` (ui::PlainGameOf) needs of it beyond its words and its screen: the
/// decision in words, its pages (map, units, status), its odds and its examples. It has no words
/// of its own at the prompt (its rules stop for a reaction only when one can be made).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hbl/engine.hpp"
#include "hbl/game.hpp"
#include "ui/screen_kit.hpp"

namespace tercio::kits::hbl_kit {

struct Plain {
    using Context = hbl::Context;
    using State = hbl::GameState;

    static constexpr std::string_view kHeading = "tercio, plain text, Hell Broke Loose";
    static constexpr std::string_view kOddsExample = "fight K1";
    static constexpr std::string_view kLegalExample = "legal move K1, legal activate";
    static constexpr std::string_view kExamples =
        "first, second, turn, done, activate CMD, move K1 h3 N, fight K1, shoot A1 H2, rally P1, reload A1, hold, "
        "follow, stay, stubborn, accept";

    /// "A goes first or second (first, second)".
    static std::string decision(const Context& ctx, const State& s);
    /// "4 pips left" in the active side's phase (HBL-INIT-2), else "".
    static std::string prompt_note(const Context& ctx, const State& s);
    /// `map` (the Run group's grid, said to be one), `units` and `enemy` (the side deciding's and
    /// the other's, in sentences), `near SQUARE` (a square and its eight neighbours in
    /// sentences), `status` (the Run group's, in sentences).
    static std::optional<std::vector<std::string>> page(const Context& ctx, const State& s,
                                                        core::Side side, std::string_view word,
                                                        const std::string& rest);
    static std::vector<std::string> page_help();
    static std::optional<std::string> word(ui::NoReactions<hbl::Engine>&, const std::string&, const std::string&) {
        return std::nullopt;
    }
    static std::vector<std::string> word_help() { return {}; }
    /// The exact odds (hbl/odds.hpp) of a command typed as text.
    static std::vector<std::string> odds(const Context& ctx, const State& s, const std::string& text,
                                         std::string& why);
};

}  // namespace tercio::kits::hbl_kit
