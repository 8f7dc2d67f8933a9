#pragma once
/// The game server's transport: Asio on one thread, a Unix-domain socket in the rendezvous
/// directory and, only when asked, a TCP port. It passes connections and frames to a GameHost
/// and sends what the host answers. Every client's pending output is bounded; a client that
/// stops reading, sends a malformed frame or disappears mid-line is disconnected, never the
/// server. SIGPIPE is ignored: a vanished client is a closed connection.
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "net/host.hpp"

namespace tercio::net {

struct ServerOptions {
    std::filesystem::path socket;         ///< the Unix-domain socket to create (it must not exist)
    std::optional<std::string> listen;    ///< "ADDRESS:PORT" for TCP (LAN play); none: no network
    std::chrono::milliseconds computer_delay{600};  ///< the least time before the computer plays
    /// How many bytes may wait for one client before it is dropped as not reading.
    std::size_t max_pending = 4u << 20;
};

/// "0.0.0.0:7777" -> address and port; the reason if it is not one.
std::optional<std::pair<std::string, unsigned short>> parse_listen(const std::string& text, std::string& why);

class Server {
  public:
    /// Binds the sockets; on failure returns nullptr with the reason (the socket's path taken,
    /// the port in use, an address that is not one).
    static std::unique_ptr<Server> open(GameHost& host, const ServerOptions& options, std::string& why);
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

  private:
    struct Impl;
    explicit Server(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

}  // namespace tercio::net
