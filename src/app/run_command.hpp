#pragma once
/// `tercio run`: the headless runner.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tercio::app {

struct RunOptions {
    /// The ruleset (`rulesets/<id>/ruleset.toml`); empty: the position's own, or for a new game the default
    /// ruleset's armies' (kits::DefaultKit). Its engine's kit plays the game (its Run group).
    std::string ruleset;
    std::optional<std::string> position;  ///< a position file to start from
    std::optional<std::string> red;       ///< side A's army for a fresh game
    std::optional<std::string> blue;      ///< side B's army
    std::optional<std::uint64_t> seed;
    std::vector<std::string> optional_rules;  ///< a fresh game's optional rules (a position has its own)
    std::optional<std::string> dice;      ///< scripted rolls, e.g. "d12:7,d12:3"
    std::optional<std::string> commands;  ///< a file of commands, "-" for standard input
    std::optional<std::string> out;       ///< write the final position here
    bool legal = false;                   ///< print the legal commands at the end
    std::optional<std::uint64_t> random;  ///< then play random legal commands chosen with this seed
    bool why = false;                     ///< print each roll's dice, modifiers and band
    std::optional<std::string> odds;      ///< commands to preview at the end, ';'-separated
    /// The computer plays side A (red) or side B (blue) at this level whenever that side decides.
    std::optional<std::string> red_ai;
    std::optional<std::string> blue_ai;
};

/// Runs a game from a position or a fresh set-up, printing every event; returns the exit code.
int run_game(const RunOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
