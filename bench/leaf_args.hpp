#pragma once
// The command line of the leaf-data tools (bench/leaf_data.cpp, bench/tsp_leaf_data.cpp):
// DATA_DIR GAMES FIRST_SEED, and the 36 pairings of a ruleset's armies in that directory.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/game_contexts.hpp"

namespace tercio::bench {

template <class Context>
struct LeafRun {
    std::unique_ptr<app::GameContexts> armies;  ///< the armies the pairings point into
    std::vector<Context> pairings;  ///< pairing p: army p / 6 against army p % 6
    long games = 0;
    std::uint64_t first_seed = 0;
};

/// The run the arguments ask for; nothing, with `exit_code` set and the reason on stderr, if they
/// are not three or the armies cannot be loaded.
template <kits::RulesetKit K>
std::optional<LeafRun<typename K::Engine::Context>> leaf_run(int argc, char** argv, const std::string& ruleset,
                                                             int& exit_code) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s DATA_DIR GAMES FIRST_SEED\n", argv[0]);
        exit_code = 2;
        return std::nullopt;
    }
    auto armies = std::make_unique<app::GameContexts>(argv[1]);
    std::string why;
    auto pairings = armies->all_pairings<K>(ruleset, why);
    if (!pairings) {
        std::fprintf(stderr, "%s\n", why.c_str());
        exit_code = 65;
        return std::nullopt;
    }
    return LeafRun<typename K::Engine::Context>{std::move(armies), std::move(*pairings), std::atol(argv[2]),
                                                std::strtoull(argv[3], nullptr, 10)};
}

}  // namespace tercio::bench
