#pragma once
/// `tercio sim`: computer against computer, headless, many seeded games; a summary of who won
/// (with confidence intervals) and how long each level took to decide, and optionally a CSV row
/// per game.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tercio::app {

struct SimOptions {
    /// The ruleset (`rulesets/<id>/ruleset.toml`), whose `engine` decides how the games are played;
    /// empty: the default ruleset's (kits::default_ruleset).
    std::string ruleset;
    std::optional<std::string> red;   ///< side A's army
    std::optional<std::string> blue;  ///< side B's army
    bool all_armies = false;          ///< instead of red and blue: the 36 pairings in turn
    std::vector<std::string> optional_rules;  ///< the games' optional rules (`--optional-rule`)
    std::string red_ai = "normal";    ///< level names, checked by run_sim
    std::string blue_ai = "normal";
    long games = 100;
    std::uint64_t seed = 1;  ///< the first game's seed
    bool swap = false;       ///< each seed twice, the levels changing sides
    int jobs = 1;
    std::optional<std::string> csv;
    bool csv_times = false;  ///< add each side's decision times to the CSV
};

/// Plays the games and prints the summary; the exit code.
int run_sim(const SimOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
