#pragma once
/// A client of a game server: the connection (a Unix-domain socket on this machine, or TCP),
/// and RemoteGame, a copy of the server's game that front ends drive like any Session: its
/// commands go to the server (control::Owner), and what the server reports is played on the
/// copy, so the screen, the log, the history and `x` (why) work as in a local game.
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kits/pikette/control/session.hpp"
#include "net/handshake.hpp"
#include "net/protocol.hpp"
#include "net/replica.hpp"

namespace tercio::net {

class Connection {
  public:
    /// Connects to a game's socket on this machine, and checks that the process serving it
    /// belongs to the socket's owner (nobody else's server in their place).
    static std::unique_ptr<Connection> to_socket(const std::filesystem::path& path, std::string& why);
    /// Connects over TCP ("HOST:PORT"), giving up after `timeout`.
    static std::unique_ptr<Connection> to_address(const std::string& host_port, std::string& why,
                                                  std::chrono::milliseconds timeout = std::chrono::seconds(5));
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    int fd() const { return fd_; }
    /// Sends a message whole (blocking); false when the connection is gone.
    bool send(const Message& m);
    /// The messages that arrived within `timeout_ms` (0: only those already here; -1: wait for
    /// one). Empty when none came or the connection closed (closed() says which).
    std::vector<Message> receive(int timeout_ms);
    bool closed() const { return closed_; }
    /// Why it closed: the server went away, or a frame it could not read.
    const std::string& why_closed() const { return why_closed_; }
    /// Bytes received so far (for the measures of bench/network).
    std::size_t bytes_received() const { return received_; }
    /// The uid of the process serving a Unix socket (SO_PEERCRED); nothing over TCP.
    std::optional<std::uint32_t> server_uid() const { return server_uid_; }
    /// The ends' identities in the handshake's binding, as this end sees them.
    std::string server_identity() const;
    std::string client_identity() const;

  private:
    explicit Connection(int fd, std::optional<std::uint32_t> server_uid = std::nullopt)
        : fd_(fd), server_uid_(server_uid) {}
    int fd_;
    std::optional<std::uint32_t> server_uid_;
    FrameReader reader_{kMaxServerPayload};
    bool closed_ = false;
    std::string why_closed_;
    std::size_t received_ = 0;
};

/// The ruleset and armies a game names, loaded by the caller (from its data directory).
using ContextLoader = std::function<const rules::RulesContext*(const std::string& ruleset, const std::string& army_a,
                                                              const std::string& army_b, std::string& why)>;

/// A game played or watched through a server.
class RemoteGame final : public control::Owner {
  public:
    /// Says hello, then reads the game so far and builds the copy; the reason if refused (a wrong
    /// code, a full game, another version) or the copy does not check.
    static std::unique_ptr<RemoteGame> join(std::unique_ptr<Connection> connection, const JoinRequest& request,
                                            const ContextLoader& load, std::string& why,
                                            std::chrono::milliseconds timeout = std::chrono::seconds(20));
    ~RemoteGame() override;

    control::Session& session() { return replica_->session(); }
    const control::Session& session() const { return replica_->session(); }
    /// This client's side, or nothing when watching.
    std::optional<rules::Side> side() const { return side_; }
    const std::string& token() const { return token_; }
    const std::string& game_id() const { return game_id_; }
    Connection& connection() { return *connection_; }
    /// Whether both seats have a player (the game has begun).
    bool started() const { return started_; }
    /// A side's seat as the server last told: "open", "present", "away" or "computer".
    const std::string& seat_status(rules::Side side) const { return seat_status_[rules::idx(side)]; }
    /// Reads and plays what the server sent within `timeout_ms`. False once the connection has
    /// closed (why_closed() says why).
    bool pump(int timeout_ms);
    bool closed() const { return !why_closed_.empty(); }
    const std::string& why_closed() const { return why_closed_; }
    /// Since when the side deciding now has been deciding (for "B (bob) is thinking, 0:12").
    std::chrono::steady_clock::time_point deciding_since() const { return deciding_since_; }

    /// A chat line to the players and spectators.
    void say(const std::string& text);
    /// The other player's request to take back a command, waiting for this player's answer.
    const std::optional<std::string>& undo_question() const { return undo_question_; }
    void answer_undo(bool yes);
    /// Leaves politely (the server keeps the seat).
    void leave();
    /// The game server's uid when it is reached by a Unix socket (kept with a seat's token: a
    /// later rejoin must find the same user serving the game).
    std::optional<std::uint32_t> server_uid() const { return connection_->server_uid(); }

    // control::Owner
    std::optional<std::string> play(const rules::Command& c) override;
    std::optional<std::string> undo() override;

  private:
    RemoteGame() = default;
    /// Plays one message from the server on the copy.
    void handle(const Message& m);
    void close(std::string why);

    std::unique_ptr<Connection> connection_;
    std::unique_ptr<Replica> replica_;
    std::optional<rules::Side> side_;
    std::string token_;
    std::string game_id_;
    std::string why_closed_;
    std::optional<std::string> refused_;
    bool answered_undo_ = false;  ///< a refusal now answers this player's yes or no
    std::vector<Message> backlog_;  ///< received with the end of the greeting, not yet played
    std::optional<std::string> undo_question_;
    std::array<std::string, 2> seat_status_;
    bool started_ = false;
    std::chrono::steady_clock::time_point deciding_since_ = std::chrono::steady_clock::now();
};

}  // namespace tercio::net
