#pragma once
/// Pikette Squared's benches (kits/kit.hpp, the Bench group; docs/performance.md): its computer's
/// bench with its seeded matches and fixed positions, and the two it has beside the standard
/// one, `--reactions` and `--scale`.
#include <vector>

#include "kits/bench.hpp"
#include "rules/engine.hpp"

namespace tercio::kits {

struct PiketteBench {
    /// The computer's part of `tercio bench`: seeded games between the levels (normal against
    /// normal, easy and hard against normal), scaled by games / 60, then one decision of every
    /// level at fixed positions; its signature, counts and speed. The exit code.
    static int computer_bench(const std::vector<rules::RulesContext>& pairings, int games);
    /// `--reactions N`: N games of normal against normal, counting the reaction windows out of
    /// turn and how many would stop a person's game (control::ReactionFilter).
    static int reaction_bench(const std::vector<rules::RulesContext>& pairings, int games);
    /// `--scale N`: how a decision's cost grows with the board and the armies (bench_scale.cpp).
    static int scale_bench(const std::vector<rules::RulesContext>& pairings, int games);
    static constexpr const char* kComputerGames =
        "normal against normal, easy and hard against normal; then every level's decisions at fixed positions";
    static std::vector<OtherBench<rules::Engine>> other_benches() {
        return {{"reactions", &reaction_bench}, {"scale", &scale_bench}};
    }
};

}  // namespace tercio::kits
