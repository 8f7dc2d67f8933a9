#pragma once
/// A client of a game server: the connection (a Unix-domain socket on this machine, or TCP),
/// and RemoteGameOf<E>, a copy of the server's game that front ends drive like any Session: its
/// commands go to the server (control::OwnerOf<E>), and what the server reports is played on the
/// copy, so the screen, the log, the history and `x` (why) work as in a local game. A client learns
/// the game's ruleset from the server's welcome (greet()) and then builds the copy of its engine.
#include <array>
#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "control/session.hpp"
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

/// A game server's greeting, read up to its welcome: the welcome names the game's ruleset and
/// armies, so that the client can pick the ruleset's kit (kits::with_kit) before building its copy.
struct Greeting {
    std::unique_ptr<Connection> connection;
    Message welcome;
    std::vector<Message> rest;  ///< what came after the welcome in the same read
    std::chrono::steady_clock::time_point deadline;
    std::string ruleset() const { return std::string(welcome.value("ruleset")); }
};

/// Says hello (with the handshake's proof when the request holds a code or a token) and reads the
/// server's answer up to its welcome; nothing, with the reason, if refused (a wrong code, a full
/// game, another version) or the server does not prove itself.
std::optional<Greeting> greet(std::unique_ptr<Connection> connection, const JoinRequest& request, std::string& why,
                              std::chrono::milliseconds timeout = std::chrono::seconds(20));

/// The ruleset, armies and optional rules (by name) a game names, loaded by the caller (from its
/// data directory).
template <core::RulesEngine E>
using ContextLoaderOf = std::function<const typename E::Context*(const std::string& ruleset, const std::string& army_a,
                                                                const std::string& army_b,
                                                                const std::vector<std::string>& options,
                                                                std::string& why)>;

namespace detail {
int remaining_ms(std::chrono::steady_clock::time_point deadline);
std::optional<core::Side> side_of(std::string_view text);
}  // namespace detail

/// A game played or watched through a server.
template <core::RulesEngine E>
class RemoteGameOf final : public control::OwnerOf<E> {
    using SteadyClock = std::chrono::steady_clock;

  public:
    using Engine = E;
    using Session = control::SessionOf<E>;
    using Command = typename E::Command;

    /// Builds the copy from what follows a greeting (the set-up, the commands so far, the seats);
    /// the reason if the copy does not check.
    static std::unique_ptr<RemoteGameOf> join(Greeting greeting, const ContextLoaderOf<E>& load, std::string& why) {
        std::unique_ptr<RemoteGameOf> g(new RemoteGameOf());
        g->connection_ = std::move(greeting.connection);
        const Message& w = greeting.welcome;
        g->game_id_ = std::string(w.value("game"));
        g->token_ = std::string(w.value("token"));
        g->side_ = detail::side_of(w.value("you"));
        std::vector<std::string> options;
        for (const std::string_view o : w.values("option")) options.emplace_back(o);
        const typename E::Context* ctx = load(std::string(w.value("ruleset")), std::string(w.value("army-a")),
                                              std::string(w.value("army-b")), options, why);
        if (!ctx) return nullptr;
        std::vector<Message> got = std::move(greeting.rest);
        for (;;) {
            for (std::size_t i = 0; i < got.size(); ++i) {
                const Message& m = got[i];
                if (m.kind == "error") {
                    why = std::string(m.value("reason"));
                    return nullptr;
                }
                if (m.kind == "setup") {
                    g->replica_ = ReplicaOf<E>::from_setup(*ctx, m, why);
                    if (!g->replica_) return nullptr;
                } else if (!g->replica_) {
                    why = "the game server sent \"" + m.kind + "\" before the game";
                    return nullptr;
                } else if (m.kind == "ready") {
                    g->session().set_owner(g.get());
                    // What came after it is news for the front end, told at the first pump().
                    g->backlog_.assign(got.begin() + static_cast<std::ptrdiff_t>(i) + 1, got.end());
                    g->deciding_since_ = SteadyClock::now();
                    return g;
                } else {
                    g->handle(m);
                    if (g->closed()) {
                        why = g->why_closed_;
                        return nullptr;
                    }
                }
            }
            const int left = detail::remaining_ms(greeting.deadline);
            if (left == 0) {
                why = "the game server did not answer in time";
                return nullptr;
            }
            got = g->connection_->receive(left);
            if (got.empty() && g->connection_->closed()) {
                why = g->connection_->why_closed();
                return nullptr;
            }
        }
    }
    /// Says hello, then reads the game so far and builds the copy (greet(), then the above): for
    /// a caller that knows the game's ruleset.
    static std::unique_ptr<RemoteGameOf> join(std::unique_ptr<Connection> connection, const JoinRequest& request,
                                              const ContextLoaderOf<E>& load, std::string& why,
                                              std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
        auto greeting = greet(std::move(connection), request, why, timeout);
        if (!greeting) return nullptr;
        return join(std::move(*greeting), load, why);
    }
    ~RemoteGameOf() override {
        if (replica_) session().set_owner(nullptr);
    }

    Session& session() { return replica_->session(); }
    const Session& session() const { return replica_->session(); }
    /// This client's side, or nothing when watching.
    std::optional<core::Side> side() const { return side_; }
    const std::string& token() const { return token_; }
    const std::string& game_id() const { return game_id_; }
    Connection& connection() { return *connection_; }
    /// Whether both seats have a player (the game has begun).
    bool started() const { return started_; }
    /// A side's seat as the server last told: "open", "present", "away" or "computer".
    const std::string& seat_status(core::Side side) const { return seat_status_[core::idx(side)]; }
    /// Reads and plays what the server sent within `timeout_ms`. False once the connection has
    /// closed (why_closed() says why).
    bool pump(int timeout_ms) {
        if (closed()) return false;
        std::vector<Message> got;
        got.swap(backlog_);
        if (got.empty()) got = connection_->receive(timeout_ms);
        for (const Message& m : got) {
            handle(m);
            if (closed()) return false;
        }
        if (connection_->closed()) close(connection_->why_closed());
        return !closed();
    }
    bool closed() const { return !why_closed_.empty(); }
    const std::string& why_closed() const { return why_closed_; }
    /// Since when the side deciding now has been deciding (for "B (bob) is thinking, 0:12").
    SteadyClock::time_point deciding_since() const { return deciding_since_; }

    /// A chat line to the players and spectators.
    void say(const std::string& text) {
        connection_->send(Message("say").add("text", printable_text(text, kMaxChat)));
    }
    /// The other player's request to take back a command, waiting for this player's answer.
    const std::optional<std::string>& undo_question() const { return undo_question_; }
    void answer_undo(bool yes) {
        undo_question_.reset();
        answered_undo_ = true;
        connection_->send(Message("answer").add("answer", yes ? "yes" : "no"));
    }
    /// Leaves politely (the server keeps the seat).
    void leave() { connection_->send(Message("bye")); }
    /// The game server's uid when it is reached by a Unix socket (kept with a seat's token: a
    /// later rejoin must find the same user serving the game).
    std::optional<std::uint32_t> server_uid() const { return connection_->server_uid(); }

    // control::OwnerOf<E>
    std::optional<std::string> play(const Command& c) override {
        if (closed()) return "not connected: " + why_closed_;
        if (!side_) return std::string("you are watching: only the players give commands");
        const std::string text = E::print(session().context(), session().state(), c);
        refused_.reset();
        answered_undo_ = false;
        const std::size_t before = session().history().size();
        if (!connection_->send(Message("play").add("command", text))) {
            return "not connected: " + connection_->why_closed();
        }
        const SteadyClock::time_point deadline = SteadyClock::now() + std::chrono::seconds(30);
        // The answer: the command played (it is in the copy's history) or refused. Whatever else
        // arrives meanwhile is played too.
        for (;;) {
            const auto& h = session().history();
            for (std::size_t i = before; i < h.size(); ++i) {
                if (h[i].by == *side_ && h[i].command == c) return std::nullopt;
            }
            if (refused_) return *refused_;
            if (closed()) return "not connected: " + why_closed_;
            if (detail::remaining_ms(deadline) == 0) return std::string("no answer from the game server");
            pump(detail::remaining_ms(deadline));
        }
    }
    std::optional<std::string> undo() override {
        if (closed()) return "not connected: " + why_closed_;
        if (!side_) return std::string("you are watching: only the players take commands back");
        refused_.reset();
        answered_undo_ = false;
        connection_->send(Message("undo"));
        // The server answers at once: taken back (against the computer), refused, or asked of the
        // other player, whose answer comes later.
        const std::size_t before = session().history().size();
        const SteadyClock::time_point deadline = SteadyClock::now() + std::chrono::seconds(30);
        while (detail::remaining_ms(deadline) > 0 && !refused_ && session().history().size() == before && !closed()) {
            pump(detail::remaining_ms(deadline));
        }
        if (closed()) return "not connected: " + why_closed_;
        if (refused_) return *refused_;
        return std::nullopt;
    }

  private:
    RemoteGameOf() = default;
    /// Plays one message from the server on the copy.
    void handle(const Message& m) {
        if (m.kind == "played") {
            undo_question_.reset();
            if (auto why = replica_->apply(m)) return close(*why);
            deciding_since_ = SteadyClock::now();
        } else if (m.kind == "undone") {
            answered_undo_ = false;
            if (auto why = replica_->undo(m)) return close(*why);
            deciding_since_ = SteadyClock::now();
        } else if (m.kind == "seat") {
            const auto side = detail::side_of(m.value("side"));
            if (!side) return;
            const std::string status(m.value("status"));
            seat_status_[core::idx(*side)] = status;
            const bool was_started = started_;
            started_ = seat_status_[0] != "open" && !seat_status_[0].empty() && seat_status_[1] != "open" &&
                       !seat_status_[1].empty();
            if (started_ && !was_started) deciding_since_ = SteadyClock::now();  // the clock starts with the game
            if (side_ == side) {
                if (!session().seat(*side).here()) session().set_seat(*side, control::Seat::person());
            } else {
                std::string name = status == "open" ? std::string("nobody yet") : std::string(m.value("name"));
                if (status == "away") name += ", away";
                session().set_seat(*side, control::Seat::elsewhere_as(name));
            }
        } else if (m.kind == "notice") {
            answered_undo_ = false;
            session().notify(std::string(m.value("text")));
        } else if (m.kind == "chat") {
            session().notify(std::string(m.value("from")) + " says: " + std::string(m.value("text")));
        } else if (m.kind == "ask-undo") {
            const auto by = detail::side_of(m.value("by"));
            const std::string who = by ? control::computer_name(session(), *by) : std::string("The other player");
            undo_question_ = who + " asks to take back \"" + std::string(m.value("command")) + "\"";
            session().notify(*undo_question_ + ": answer yes or no.");
        } else if (m.kind == "undo-withdrawn") {
            undo_question_.reset();
            answered_undo_ = false;
            session().notify(std::string(m.value("text")));
        } else if (m.kind == "refused" && answered_undo_) {
            // The answer to a take-back came too late: say so, rather than leave "You agreed." standing.
            answered_undo_ = false;
            session().notify("Nothing was taken back: " + std::string(m.value("reason")) + ".");
        } else if (m.kind == "refused" || m.kind == "pending") {
            refused_ = std::string(m.kind == "pending" ? m.value("text") : m.value("reason"));
        } else if (m.kind == "error" || m.kind == "bye") {
            close(std::string(m.value("reason")));
        }
    }
    void close(std::string why) {
        if (why_closed_.empty()) why_closed_ = std::move(why);
    }

    std::unique_ptr<Connection> connection_;
    std::unique_ptr<ReplicaOf<E>> replica_;
    std::optional<core::Side> side_;
    std::string token_;
    std::string game_id_;
    std::string why_closed_;
    std::optional<std::string> refused_;
    bool answered_undo_ = false;  ///< a refusal now answers this player's yes or no
    std::vector<Message> backlog_;  ///< received with the end of the greeting, not yet played
    std::optional<std::string> undo_question_;
    std::array<std::string, 2> seat_status_;
    bool started_ = false;
    SteadyClock::time_point deciding_since_ = SteadyClock::now();
};

/// The default ruleset's (kits::DefaultKit), as the tests of the network use them by name.
using ContextLoader = ContextLoaderOf<kits::DefaultKit::Engine>;
using RemoteGame = RemoteGameOf<kits::DefaultKit::Engine>;

}  // namespace tercio::net
