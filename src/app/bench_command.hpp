#pragma once
/// `tercio bench`: fixed seeded games of random legal play, then of the computer's levels, and
/// each level's decision at fixed positions; deterministic signatures plus speed figures.
#include <filesystem>

namespace tercio::app {

/// `games` random games; the AI part plays games / 60 times its usual number (at least one per
/// match). The exit code.
int run_bench(int games, const std::filesystem::path& data_dir);

}  // namespace tercio::app
