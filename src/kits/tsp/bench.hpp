#pragma once
/// The Sword and the Pike's bench (kits/kit.hpp, the Bench group; docs/performance.md): its
/// computer's games.
#include <vector>

#include "kits/bench.hpp"
#include "tsp/engine.hpp"

namespace tercio::kits {

struct TspBench {
    /// The computer's part of `tercio bench`: normal against random and normal against normal,
    /// scaled by games / 60, the levels changing sides every other game; their signature and
    /// decision times. The exit code.
    static int computer_bench(const std::vector<tsp::Context>& pairings, int games);
    /// None beside the standard one.
    static std::vector<OtherBench<tsp::Engine>> other_benches() { return {}; }
    static constexpr const char* kComputerGames = "normal against random and against normal";
};

}  // namespace tercio::kits
