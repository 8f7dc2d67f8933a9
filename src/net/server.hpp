#pragma once
/// The game server's transport: Asio on one thread, a Unix-domain socket in the rendezvous
/// directory and, only when asked, a TCP port. It passes connections and frames to a GameHost
/// and sends what the host answers. What it holds is bounded: the bytes waiting for each client
/// and for all of them together, and the connections (under the descriptor limit, with a few
/// kept for a player coming back and for the game list). A client that stops reading, sends a
/// malformed frame or disappears mid-line is disconnected, never the server; out of descriptors,
/// the server waits before accepting again instead of spinning. SIGPIPE is ignored: a vanished
/// client is a closed connection.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "net/host.hpp"

namespace tercio::net {

struct ServerOptions {
    std::filesystem::path socket;       ///< the Unix-domain socket to create (it must not exist)
    std::optional<std::string> listen;  ///< "ADDRESS:PORT" for TCP (LAN play); none: no network
    std::chrono::milliseconds computer_delay{600};  ///< the least time before the computer plays
    /// How many bytes may wait for one client before it is dropped as not reading. A late
    /// joiner's catch-up of a long game (some 100 KB for 1,500 commands) fits with room to spare.
    std::size_t max_pending = 1u << 20;
    /// How many bytes may wait for all clients together. A client whose bytes would take it over
    /// first makes room: the clients with the most bytes waiting are dropped, largest first,
    /// never a seated player (whose own bytes max_pending bounds).
    std::size_t max_total_pending = 16u << 20;
    /// A client with bytes waiting that has taken none of them for this long is dropped.
    std::chrono::milliseconds stall_time{30'000};
    /// How many connections the server holds at once before it keeps to its reserve; fewer if
    /// the descriptor limit (RLIMIT_NOFILE, when the server opens) leaves less room.
    std::size_t max_connections = 200;
    /// Connections beyond max_connections, for a player coming back and for the game list: a
    /// spectator who gets one is told the server is full, and one that has not been answered
    /// (no hello) within reserve_hello is closed, or is the first to go to make room.
    std::size_t reserve_connections = 8;
    std::chrono::milliseconds reserve_hello{2'000};
    /// SO_SNDBUF of the clients' sockets: what the kernel holds for each beyond the server's own
    /// bytes (0: the system's default, some 200 KB on Linux).
    int send_buffer = 0;
};

/// "0.0.0.0:7777" -> address and port; the reason if it is not one.
std::optional<std::pair<std::string, unsigned short>> parse_listen(const std::string& text,
                                                                   std::string& why);

class Server {
  public:
    /// Binds the sockets; on failure returns nullptr with the reason (the socket's path taken,
    /// the port in use, an address that is not one).
    static std::unique_ptr<Server> open(GameHost& host, const ServerOptions& options,
                                        std::string& why);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// The TCP port bound, if any (useful with port 0).
    std::optional<unsigned short> tcp_port() const;
    /// Serves until the host says the game is finished or stop() is called or SIGTERM, SIGHUP or
    /// SIGINT arrives. Removes the socket file when it ends.
    void run();
    /// Ends run() soon (from any thread).
    void stop();

    /// What the server holds and has refused, for tests and measurements.
    struct Stats {
        std::size_t connections = 0;      ///< connections held now
        std::size_t max_connections = 0;  ///< the cap in force, after the descriptor limit
        std::size_t reserve = 0;          ///< connections kept beyond it
        std::size_t queued = 0;           ///< bytes waiting in the server for all clients now
        std::size_t peak_queued = 0;      ///< the most that ever waited at once
        std::size_t dropped = 0;          ///< clients dropped for not reading
        std::size_t turned_away = 0;      ///< connections told the server is full
        std::size_t accept_pauses = 0;    ///< waits before accepting again (no descriptors, ...)
    };
    /// The counters now (from any thread).
    Stats stats() const;

  private:
    struct Impl;
    explicit Server(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace tercio::net
