#pragma once
// Helpers for the tests of the game server on a real Unix-domain socket (server_test.cpp,
// server_limits_test.cpp): a server thread serving one game, raw clients that write exactly the
// bytes a test wants (garbage, half frames, floods, never reading), and well-behaved clients
// (net/client.hpp) that play on their copies. Every wait is bounded in time.
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "kits/pikette/control/session.hpp"
#include "core/dice.hpp"
#include "net/client.hpp"
#include "net/handshake.hpp"
#include "net/host.hpp"
#include "net/protocol.hpp"
#include "net/replica.hpp"
#include "net/server.hpp"
#include "rules/game.hpp"
#include "tests/rules/fixture.hpp"

namespace tercio::net::served {

using namespace std::chrono_literals;

using SteadyClock = std::chrono::steady_clock;
namespace fs = std::filesystem;

/// The longest any one wait lasts.
constexpr std::chrono::milliseconds kWait = 3s;
inline const std::string kGame = "0123abcd";
/// The game's join code: its tag (two letters that name the game), then the secret letters.
inline const std::string kCode = code_tag(kGame) + "ABCDEFG";
constexpr const char* kReadError = "the server could not read your message: ";

inline int remaining_ms(SteadyClock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now())
            .count();
    return left < 0 ? 0 : static_cast<int>(left);
}

inline bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

/// A fresh directory under /tmp, removed with what it holds.
struct TempDir {
    fs::path path;
    TempDir() {
        char name[] = "/tmp/tercio-server-test-XXXXXX";
        const char* made = ::mkdtemp(name);
        REQUIRE(made != nullptr);
        path = made;
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

/// HostConfig{"0123abcd", "ABCDEFG", "alice", "test", seed, {}}: no computer.
/// A code's key, derived once per code for the whole run (Argon2id is slow on purpose).
inline const SecretKey& key_of(const std::string& code) {
    static std::map<std::string, SecretKey> keys;
    auto it = keys.find(code);
    if (it == keys.end()) it = keys.emplace(code, code_key(code)).first;
    return it->second;
}

inline HostConfig config(std::uint64_t seed) {
    HostConfig c;
    c.game_id = kGame;
    c.code = kCode;
    c.code_key = key_of(kCode);
    c.server_uid = ::geteuid();  // the server runs in this process
    c.host = "alice";
    c.program = "test";
    c.seed = seed;
    return c;
}

/// Plays random legal commands (never conceding, seeded) until `n` are played or the game is
/// over; how many were played.
inline std::size_t play_random(const rules::RulesContext& ctx, control::Session& session,
                               std::size_t n, std::uint64_t seed) {
    core::SeededDice chooser(seed);
    std::size_t played = 0;
    while (played < n && !session.over()) {
        const auto c = rules::random_legal(ctx, session.state(), chooser);
        if (!c || !session.play(*c).ok()) break;
        ++played;
    }
    return played;
}

/// One game served on a Unix socket by a server thread, from construction to destruction.
struct Served {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    TempDir dir;
    fs::path socket = dir.path / "game.sock";
    control::Session session;
    GameHost host;
    /// Read before the server starts: who decides first and what they may do.
    rules::Side first = rules::Side::A;
    std::vector<rules::Command> legal;
    std::unique_ptr<Server> server;
    std::thread thread;
    std::atomic<bool> running{false};
    std::string thread_error;  ///< an exception out of run(), read after the join

    explicit Served(std::size_t max_pending = ServerOptions{}.max_pending, std::uint64_t seed = 4)
        : Served([max_pending](ServerOptions& o) { o.max_pending = max_pending; }, 0, seed) {}
    /// The options changed by `adjust`; `commands` random commands played before it serves.
    Served(const std::function<void(ServerOptions&)>& adjust, std::size_t commands,
           std::uint64_t seed = 4)
        : session(ctx, seed), host(session, config(seed), Clock::now()) {
        if (commands > 0) REQUIRE(play_random(ctx, session, commands, seed) == commands);
        first = session.state().decider;
        legal = rules::legal_commands(ctx, session.state());
        REQUIRE_FALSE(legal.empty());
        ServerOptions options;
        options.socket = socket;
        options.listen = std::nullopt;
        options.computer_delay = 0ms;
        adjust(options);
        std::string why;
        server = Server::open(host, options, why);
        INFO(why);
        REQUIRE(server);
        running = true;
        thread = std::thread([this] {
            try {
                server->run();
            } catch (const std::exception& e) {
                thread_error = e.what();
            } catch (...) {
                thread_error = "an unknown exception";
            }
            running = false;
        });
    }
    ~Served() { stop(); }
    Served(const Served&) = delete;
    Served& operator=(const Served&) = delete;

    /// Stops the server and waits for its thread; the host and session are the test's again.
    void stop() {
        if (!thread.joinable()) return;
        server->stop();
        thread.join();
    }
};

/// A request as net/client.hpp makes it: to play by a code, with the code's key.
inline JoinRequest request(JoinRequest::Role role, const std::string& code = "",
                           const std::string& name = "", const std::string& side = "") {
    JoinRequest r;
    r.role = role;
    r.code = code;
    if (!code.empty()) r.code_key = key_of(code);
    r.name = name;
    r.side = side;
    r.program = "test";
    return r;
}

/// A hello as net/client.hpp sends it (to play, with a nonce: the server answers with its
/// challenge).
inline Message hello(JoinRequest::Role role, const std::string& code = "",
                     const std::string& name = "", const std::string& side = "") {
    return hello_message(request(role, code, name, side),
                         role == JoinRequest::Role::Play ? make_nonce() : std::string());
}

/// A client on plain POSIX calls: the test decides every byte, and when (or whether) it reads.
/// Non-blocking, so that no call can hang; every wait is a poll with a deadline.
class RawClient {
  public:
    explicit RawClient(const fs::path& path) {
        fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
        REQUIRE(fd_ >= 0);
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        REQUIRE(path.string().size() < sizeof addr.sun_path);
        std::memcpy(addr.sun_path, path.c_str(), path.string().size() + 1);
        const int r = ::connect(fd_, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
        INFO("connect: " << std::strerror(errno));
        REQUIRE(r == 0);
        REQUIRE(::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK) == 0);
    }
    ~RawClient() { close(); }
    RawClient(const RawClient&) = delete;
    RawClient& operator=(const RawClient&) = delete;

    void close() {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

    /// Sends the bytes whole; false if the connection refused them or the time ran out.
    bool send(std::string_view bytes, std::chrono::milliseconds timeout = kWait) {
        const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
        std::size_t at = 0;
        while (at < bytes.size()) {
            const ssize_t n = ::send(fd_, bytes.data() + at, bytes.size() - at, MSG_NOSIGNAL);
            if (n > 0) {
                at += static_cast<std::size_t>(n);
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                const int left = remaining_ms(deadline);
                if (left == 0) return false;
                pollfd p{fd_, POLLOUT, 0};
                ::poll(&p, 1, left);
                continue;
            }
            return false;
        }
        return true;
    }
    bool send(const Message& m) { return send(encode(m)); }

    /// Reads until `done` holds, the server closes the connection or the time is up; whether
    /// `done` held.
    bool read_until(const std::function<bool()>& done, std::chrono::milliseconds timeout = kWait) {
        const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
        for (;;) {
            if (done()) return true;
            if (eof_) return false;
            const int left = remaining_ms(deadline);
            if (left == 0) return false;
            pollfd p{fd_, POLLIN, 0};
            const int r = ::poll(&p, 1, left);
            if (r <= 0) continue;  // EINTR or the time: the loop looks at the deadline
            receive(16384);
        }
    }
    /// Reads at most `max` bytes of what has arrived, without waiting; how many.
    std::size_t receive(std::size_t max) {
        char buf[16384];
        const ssize_t n = ::recv(fd_, buf, std::min(max, sizeof buf), 0);
        if (n > 0) {
            bytes_ += static_cast<std::size_t>(n);
            reader_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
            while (auto m = reader_.next()) messages_.push_back(std::move(*m));
            if (reader_.failed()) garbled_ = reader_.error();
            return static_cast<std::size_t>(n);
        }
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
            // The end, or ECONNRESET: a Unix socket closed with our bytes unread by the
            // server still hands over what it wrote first.
            eof_ = true;
        }
        return 0;
    }
    /// Reads everything that has arrived, without waiting.
    void drain() {
        while (!eof_ && receive(16384) > 0) {
        }
    }
    /// The first message of that kind, waiting for it if need be.
    std::optional<Message> wait_for(const std::string& kind,
                                    std::chrono::milliseconds timeout = kWait) {
        read_until([&] { return find(kind).has_value(); }, timeout);
        return find(kind);
    }
    /// Reads to the end of the connection; whether the server closed it in time.
    bool wait_closed(std::chrono::milliseconds timeout = kWait) {
        return read_until([&] { return eof_; }, timeout);
    }
    /// Without reading a byte: whether the server hung up within the time.
    bool hung_up(std::chrono::milliseconds timeout = kWait) {
        const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
        for (;;) {
            pollfd p{fd_, 0, 0};  // POLLHUP and POLLERR are reported whatever is asked
            ::poll(&p, 1, remaining_ms(deadline));
            if ((p.revents & (POLLHUP | POLLERR)) != 0) return true;
            if (remaining_ms(deadline) == 0) return false;
        }
    }
    /// Sends `chunk` again and again, never reading, until the server hangs up, `max_bytes` are
    /// sent or the time is up; whether the server hung up.
    bool flood(const std::string& chunk, std::size_t max_bytes, std::chrono::milliseconds timeout) {
        const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
        std::size_t sent = 0;
        std::size_t at = 0;
        while (sent < max_bytes) {
            const ssize_t n = ::send(fd_, chunk.data() + at, chunk.size() - at, MSG_NOSIGNAL);
            if (n > 0) {
                sent += static_cast<std::size_t>(n);
                at = (at + static_cast<std::size_t>(n)) % chunk.size();
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                const int left = remaining_ms(deadline);
                if (left == 0) return false;
                pollfd p{fd_, POLLOUT, 0};
                ::poll(&p, 1, left);
                if ((p.revents & (POLLHUP | POLLERR)) != 0) return true;
                continue;
            }
            return errno == EPIPE || errno == ECONNRESET;
        }
        return hung_up(std::chrono::milliseconds(remaining_ms(deadline)));
    }

    std::optional<Message> find(const std::string& kind) const {
        for (const Message& m : messages_) {
            if (m.kind == kind) return m;
        }
        return std::nullopt;
    }
    /// Whether a message of that kind with that field's value has come.
    bool has(const std::string& kind, const std::string& key, const std::string& value) const {
        for (const Message& m : messages_) {
            if (m.kind == kind && m.value(key) == value) return true;
        }
        return false;
    }
    std::size_t count(const std::string& kind) const {
        std::size_t n = 0;
        for (const Message& m : messages_) n += m.kind == kind ? 1 : 0;
        return n;
    }
    const std::vector<Message>& messages() const { return messages_; }
    bool closed() const { return eof_; }
    /// The bytes received so far.
    std::size_t bytes() const { return bytes_; }
    /// What the server sent that is not a frame (must stay empty).
    const std::string& garbled() const { return garbled_; }

  private:
    int fd_ = -1;
    FrameReader reader_{kMaxServerPayload};
    std::vector<Message> messages_;
    bool eof_ = false;
    std::size_t bytes_ = 0;
    std::string garbled_;
};

/// The client's half of the join handshake on a raw connection, as net/client.hpp does it: the
/// hello, the server's challenge checked, the proof. Whether the proof was sent (not if the server
/// refused the hello, or could not prove it holds the secret). Both ends are this process's user.
inline bool handshake(RawClient& c, const JoinRequest& r) {
    const std::string nonce = make_nonce();
    if (!c.send(hello_message(r, nonce))) return false;
    const auto challenge = c.wait_for("challenge");
    if (!challenge) return false;
    const std::string me = local_identity(::geteuid());
    const ProveOrRefuse answer = answer_challenge(r, nonce, *challenge, me, me);
    INFO(answer.why);
    return answer.prove && c.send(*answer.prove);
}

/// A raw client that joins with the code and waits for the end of its catch-up.
inline std::unique_ptr<RawClient> seated(const Served& s, const std::string& name,
                                         const std::string& side) {
    auto c = std::make_unique<RawClient>(s.socket);
    REQUIRE(handshake(*c, request(JoinRequest::Role::Play, kCode, name, side)));
    REQUIRE(c->wait_for("ready"));
    const auto welcome = c->find("welcome");
    REQUIRE(welcome);
    CHECK(welcome->value("you") == side);
    return c;
}

/// Whether the server answers a new connection: a "list" hello gets the game's info line.
inline bool serving(const Served& s) {
    RawClient c(s.socket);
    if (!c.send(hello(JoinRequest::Role::List))) return false;
    const auto info = c.wait_for("info");
    return info && info->value("game") == kGame && c.wait_closed();
}

/// A client sends `bytes` and is told the error and closed; the error's reason.
inline std::string refused_bytes(const Served& s, std::string_view bytes) {
    RawClient c(s.socket);
    c.send(bytes);  // the server may close before it has all of them: no matter
    const auto error = c.wait_for("error");
    CHECK(c.wait_closed());
    CHECK(c.garbled().empty());
    CHECK(c.count("welcome") == 0);
    return error ? std::string(error->value("reason")) : std::string("(no error frame)");
}

/// A well-behaved client: Connection::to_socket and RemoteGame::join, the copy on `ctx`. `code` as
/// a player types it.
inline std::unique_ptr<RemoteGame> remote(const Served& s, JoinRequest::Role role,
                                          const std::string& name = "",
                                          const std::string& side = "",
                                          const std::string& code = "") {
    std::string why;
    auto connection = Connection::to_socket(s.socket, why);
    INFO(why);
    REQUIRE(connection);
    JoinRequest r = request(role, "", name, side);
    if (!code.empty()) {
        const auto canonical = canonical_code(code);
        REQUIRE(canonical);
        r = request(role, *canonical, name, side);
    }
    const rules::RulesContext* ctx = &s.ctx;
    auto game = RemoteGame::join(
        std::move(connection), r,
        [ctx](const std::string&, const std::string&, const std::string&, const std::vector<std::string>&, std::string&) {
            return ctx;
        },
        why, kWait);
    INFO(why);
    REQUIRE(game);
    return game;
}

/// The notices a copy is told.
struct Notes final : control::Observer {
    std::vector<std::string> texts;
    void notice(const control::Session&, const std::string& text) override {
        texts.push_back(text);
    }
    bool has(const std::string& text) const { return count(text) > 0; }
    std::size_t count(const std::string& text) const {
        return static_cast<std::size_t>(std::count(texts.begin(), texts.end(), text));
    }
};

/// Pumps a copy until `done` holds or the time is up; whether it held.
inline bool pump_until(RemoteGame& g, const std::function<bool()>& done,
                       std::chrono::milliseconds timeout = kWait) {
    const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
    while (!done()) {
        const int left = remaining_ms(deadline);
        if (left == 0 || !g.pump(std::min(left, 100))) return done();
    }
    return true;
}

}  // namespace tercio::net::served
