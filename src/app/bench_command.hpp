#pragma once
/// `tercio bench`: fixed seeded games of random legal play, then of the computer's levels, and
/// each level's decision at fixed positions; deterministic signatures plus speed figures.
#include <filesystem>
#include <string>

namespace tercio::app {

/// `games` random games of `ruleset` (the default ruleset's when empty), then its kit's computer bench
/// (kits::BenchGroup), which plays games / 60 times its usual number. The exit code.
int run_bench(int games, const std::filesystem::path& data_dir, const std::string& ruleset = {});

/// `tercio bench --reactions N` and `--scale N`: the default ruleset's own benches of those names
/// (its kit's `other_benches`, kits::BenchGroup), run instead of the
/// standard one.
int run_reaction_bench(int games, const std::filesystem::path& data_dir);
int run_scale_bench(int games, const std::filesystem::path& data_dir);

}  // namespace tercio::app
