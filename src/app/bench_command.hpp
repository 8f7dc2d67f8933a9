#pragma once
/// `tercio bench`: fixed seeded games of random legal play; a deterministic signature plus
/// speed figures.
#include <filesystem>

namespace tercio::app {

int run_bench(int games, const std::filesystem::path& data_dir);

}  // namespace tercio::app
