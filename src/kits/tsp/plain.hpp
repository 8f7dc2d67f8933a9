#pragma once
/// The Sword and the Pike's Plain group (docs/rulesets.md, "The kit: Text and Screen groups"): what
/// `tercio play --plain` (ui::PlainGameOf) needs of it beyond its words and its screen: the
/// decision in words, its pages (map, near, units, enemy, status), its odds and its examples. It
/// has no words of its own at the prompt (nothing is asked out of turn).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tsp/engine.hpp"
#include "tsp/game.hpp"
#include "ui/screen_kit.hpp"

namespace tercio::kits::tsp_kit {

struct Plain {
    using Context = tsp::Context;
    using State = tsp::GameState;

    static constexpr std::string_view kHeading = "tercio, plain text, The Sword and the Pike";
    static constexpr std::string_view kOddsExample = "shoot A1 P1";
    static constexpr std::string_view kLegalExample = "legal activate, legal move, legal shoot A1";
    static constexpr std::string_view kExamples =
        "activate P1, move h5, move h5 face NE, face E, stay, hold P1, break P1, shoot A1 P2, concede";

    /// "A moves a unit on the 7 of hearts, Red's (activate, hold)".
    static std::string decision(const Context& ctx, const State& s);
    /// "7 inches, 4 points" while the activated unit moves; the units the card still activates
    /// when more than one; else "".
    static std::string prompt_note(const Context& ctx, const State& s);
    /// `map` (the grid, said to be one), `units` and `enemy` (the side's and the other's, in
    /// sentences), `near SQUARE` (a square and its eight neighbours in sentences), `status` (the
    /// turn, the card, the spirit and the decks, in sentences; `cards` says the same).
    static std::optional<std::vector<std::string>> page(const Context& ctx, const State& s,
                                                        core::Side side, std::string_view word,
                                                        const std::string& rest);
    static std::vector<std::string> page_help();
    static std::optional<std::string> word(ui::NoReactions<tsp::Engine>&, const std::string&, const std::string&) {
        return std::nullopt;
    }
    static std::vector<std::string> word_help() { return {}; }
    /// The exact odds (tsp/odds.hpp) of a command typed as text.
    static std::vector<std::string> odds(const Context& ctx, const State& s, const std::string& text,
                                         std::string& why);
};

}  // namespace tercio::kits::tsp_kit
