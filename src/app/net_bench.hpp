#pragma once
/// `tercio bench --network N`: N games played at once through N game servers on this machine
/// (loopback), each by two clients; round trips, bytes on the wire, the servers' memory and CPU.
#include <filesystem>

namespace tercio::app {

struct NetworkBenchOptions {
    int games = 1;     ///< games played at once, each with its own server process
    bool tcp = false;  ///< the clients connect over TCP 127.0.0.1 instead of the Unix socket
    int pace_ms = 0;   ///< the deciding client waits this long before each command (a player's thought)
};

/// The network bench and load test (bench/network). Nonzero exit if a game does not end, or its
/// two clients' histories or states differ, or a server fails.
int run_network_bench(const NetworkBenchOptions& options, const std::filesystem::path& data_dir);

}  // namespace tercio::app
