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

#include "control/session.hpp"
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

  private:
    explicit Connection(int fd) : fd_(fd) {}
    int fd_;
    FrameReader reader_{kMaxServerPayload};
    bool closed_ = false;
    std::string why_closed_;
    std::size_t received_ = 0;
};

/// What a client asks for in its hello.
struct JoinRequest {
    enum class Role { Play, Watch, List };
    Role role = Role::Play;
    std::string code;   ///< Play: the join code (or empty with a token)
    std::string token;  ///< Play: the seat token from an earlier join of this game, if any
    std::string name;   ///< the player's name, shown to the others
    std::string side;   ///< "A", "B" or "any"
    std::string program;  ///< this program's version
};

/// The sent hello message.
Message hello_message(const JoinRequest& r);

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
    std::vector<Message> backlog_;  ///< received with the end of the greeting, not yet played
    std::optional<std::string> undo_question_;
    std::array<std::string, 2> seat_status_;
    bool started_ = false;
    std::chrono::steady_clock::time_point deciding_since_ = std::chrono::steady_clock::now();
};

}  // namespace tercio::net
