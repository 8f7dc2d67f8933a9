// The game server's transport (net/server.hpp) on a real Unix-domain socket: a server thread
// serving one game, raw clients that write exactly the bytes a test wants (garbage, half frames,
// floods, never reading), and well-behaved clients (net/client.hpp) that play on their copies.
// The GameHost and its Session are touched only before the server thread starts and after it has
// joined; while it runs, everything goes through sockets. Every wait is bounded in time.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "control/session.hpp"
#include "net/client.hpp"
#include "net/host.hpp"
#include "net/protocol.hpp"
#include "net/replica.hpp"
#include "net/server.hpp"
#include "rules/game.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::net;
using namespace std::chrono_literals;

namespace {

using SteadyClock = std::chrono::steady_clock;
namespace fs = std::filesystem;

/// The longest any one wait lasts.
constexpr std::chrono::milliseconds kWait = 3s;
constexpr const char* kGame = "0123abcd";
constexpr const char* kCode = "ABCDEFG";
constexpr const char* kReadError = "the server could not read your message: ";

int remaining_ms(SteadyClock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

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
HostConfig config(std::uint64_t seed) {
    HostConfig c;
    c.game_id = kGame;
    c.code = kCode;
    c.host = "alice";
    c.program = "test";
    c.seed = seed;
    return c;
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
        : session(ctx, seed), host(session, config(seed), Clock::now()) {
        first = session.state().decider;
        legal = rules::legal_commands(ctx, session.state());
        REQUIRE_FALSE(legal.empty());
        ServerOptions options;
        options.socket = socket;
        options.listen = std::nullopt;
        options.computer_delay = 0ms;
        options.max_pending = max_pending;
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

/// A hello as net/client.hpp sends it.
Message hello(JoinRequest::Role role, const std::string& code = "", const std::string& name = "",
              const std::string& side = "") {
    JoinRequest r;
    r.role = role;
    r.code = code;
    r.name = name;
    r.side = side;
    r.program = "test";
    return hello_message(r);
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
            char buf[16384];
            const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
            if (n > 0) {
                reader_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
                while (auto m = reader_.next()) messages_.push_back(std::move(*m));
                if (reader_.failed()) garbled_ = reader_.error();
            } else if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) {
                // The end, or ECONNRESET: a Unix socket closed with our bytes unread by the
                // server still hands over what it wrote first.
                eof_ = true;
            }
        }
    }
    /// The first message of that kind, waiting for it if need be.
    std::optional<Message> wait_for(const std::string& kind, std::chrono::milliseconds timeout = kWait) {
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
    /// What the server sent that is not a frame (must stay empty).
    const std::string& garbled() const { return garbled_; }

  private:
    int fd_ = -1;
    FrameReader reader_{kMaxServerPayload};
    std::vector<Message> messages_;
    bool eof_ = false;
    std::string garbled_;
};

/// A raw client that joins with the code and waits for the end of its catch-up.
std::unique_ptr<RawClient> seated(const Served& s, const std::string& name, const std::string& side) {
    auto c = std::make_unique<RawClient>(s.socket);
    REQUIRE(c->send(hello(JoinRequest::Role::Play, kCode, name, side)));
    REQUIRE(c->wait_for("ready"));
    const auto welcome = c->find("welcome");
    REQUIRE(welcome);
    CHECK(welcome->value("you") == side);
    return c;
}

/// Whether the server answers a new connection: a "list" hello gets the game's info line.
bool serving(const Served& s) {
    RawClient c(s.socket);
    if (!c.send(hello(JoinRequest::Role::List))) return false;
    const auto info = c.wait_for("info");
    return info && info->value("game") == kGame && c.wait_closed();
}

/// A client sends `bytes` and is told the error and closed; the error's reason.
std::string refused_bytes(const Served& s, std::string_view bytes) {
    RawClient c(s.socket);
    c.send(bytes);  // the server may close before it has all of them: no matter
    const auto error = c.wait_for("error");
    CHECK(c.wait_closed());
    CHECK(c.garbled().empty());
    CHECK(c.count("welcome") == 0);
    return error ? std::string(error->value("reason")) : std::string("(no error frame)");
}

/// A well-behaved client: Connection::to_socket and RemoteGame::join, the copy on `ctx`.
std::unique_ptr<RemoteGame> remote(const Served& s, JoinRequest::Role role, const std::string& name = "",
                                   const std::string& side = "", const std::string& code = "") {
    std::string why;
    auto connection = Connection::to_socket(s.socket, why);
    INFO(why);
    REQUIRE(connection);
    JoinRequest r;
    r.role = role;
    r.code = code;
    r.name = name;
    r.side = side;
    r.program = "test";
    const rules::RulesContext* ctx = &s.ctx;
    auto game = RemoteGame::join(
        std::move(connection), r,
        [ctx](const std::string&, const std::string&, const std::string&, std::string&) { return ctx; }, why, kWait);
    INFO(why);
    REQUIRE(game);
    return game;
}

/// The notices a copy is told.
struct Notes final : control::Observer {
    std::vector<std::string> texts;
    void notice(const control::Session&, const std::string& text) override { texts.push_back(text); }
    bool has(const std::string& text) const { return count(text) > 0; }
    std::size_t count(const std::string& text) const {
        return static_cast<std::size_t>(std::count(texts.begin(), texts.end(), text));
    }
};

/// Pumps a copy until `done` holds or the time is up; whether it held.
bool pump_until(RemoteGame& g, const std::function<bool()>& done, std::chrono::milliseconds timeout = kWait) {
    const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
    while (!done()) {
        const int left = remaining_ms(deadline);
        if (left == 0 || !g.pump(std::min(left, 100))) return done();
    }
    return true;
}

}  // namespace

TEST_CASE("server: garbage gets an error and a hang-up, the server goes on and a game is played", "[net][server]") {
    Served s;
    CHECK(refused_bytes(s, "hello world\n") == std::string(kReadError) + "a frame's length is not a number");
    // Random bytes (a fixed seed): refused for whatever they break first.
    std::mt19937 random(20240607);
    std::string noise;
    for (int i = 0; i < 512; ++i) noise += static_cast<char>(random() & 0xFF);
    CHECK(starts_with(refused_bytes(s, noise), kReadError));
    CHECK(starts_with(refused_bytes(s, std::string("\x01\x02", 2)), kReadError));
    // A well-formed frame that is not a hello.
    CHECK(refused_bytes(s, "play 0\n") == "the first message must be hello");
    CHECK(s.running);
    CHECK(serving(s));

    // Two proper clients join and the one who decides plays a legal command on its copy.
    auto alice = remote(s, JoinRequest::Role::Play, "alice", "A", kCode);
    auto bob = remote(s, JoinRequest::Role::Play, "bob", "B", "abc-defg");
    REQUIRE(alice->side() == rules::Side::A);
    REQUIRE(bob->side() == rules::Side::B);
    RemoteGame& decider = alice->session().state().decider == rules::Side::A ? *alice : *bob;
    RemoteGame& other = &decider == alice.get() ? *bob : *alice;
    REQUIRE(pump_until(decider, [&] { return decider.started(); }));
    const auto legal = rules::legal_commands(s.ctx, decider.session().state());
    REQUIRE_FALSE(legal.empty());
    const control::Session::Outcome outcome = decider.session().play(legal.front());
    INFO(outcome.refused.value_or(""));
    REQUIRE(outcome.ok());
    REQUIRE(decider.session().history().size() == 1);
    CHECK(pump_until(other, [&] { return other.session().history().size() == 1; }));
    CHECK(public_hash(other.session().state()) == public_hash(decider.session().state()));
    const std::uint64_t copy_hash = public_hash(decider.session().state());

    s.stop();
    CHECK(s.thread_error.empty());
    REQUIRE(s.session.history().size() == 1);
    CHECK(rules::print(s.session.history().front().command) == rules::print(legal.front()));
    CHECK(public_hash(s.session.state()) == copy_hash);
}

TEST_CASE("server: an over-long frame header or line is refused, the server goes on", "[net][server]") {
    Served s;
    CHECK(refused_bytes(s, "play 999999\n") ==
          std::string(kReadError) + "a play message of 999999 bytes is over the limit of 4096");
    CHECK(refused_bytes(s, "play 1000000\n") == std::string(kReadError) + "a frame's length is not a number");
    CHECK(refused_bytes(s, "abcdefghijklmnopq 1\n") == std::string(kReadError) + "a frame does not start with a message kind");
    // 100 KB of one line with no newline: the server reads a header's worth, not all of it.
    CHECK(refused_bytes(s, std::string(100 * 1024, 'a')) == std::string(kReadError) + "a frame header is too long");
    // After a good hello too: a seated player's over-long frame closes its connection, and its
    // seat waits for it.
    {
        auto alice = seated(s, "alice", "A");
        CHECK(alice->send("say 5000\n"));
        const auto error = alice->wait_for("error");
        REQUIRE(error);
        CHECK(error->value("reason") == std::string(kReadError) + "a say message of 5000 bytes is over the limit of 4096");
        CHECK(alice->wait_closed());
    }
    CHECK(s.running);
    CHECK(serving(s));
    auto watcher = remote(s, JoinRequest::Role::Watch);
    CHECK_FALSE(watcher->side());
    s.stop();
    CHECK(s.thread_error.empty());
    CHECK(s.session.history().empty());
}

TEST_CASE("server: a client gone half-way through a frame, the others go on, the seat shows away", "[net][server]") {
    Served s;
    // Unseated: half a header, then half a hello.
    {
        RawClient c(s.socket);
        CHECK(c.send("hel"));
    }
    {
        RawClient c(s.socket);
        CHECK(c.send("hello 200\nprotocol tercio-net\n"));
    }
    auto bob = seated(s, "bob", "B");
    auto watcher = std::make_unique<RawClient>(s.socket);
    REQUIRE(watcher->send(hello(JoinRequest::Role::Watch)));
    REQUIRE(watcher->wait_for("ready"));
    auto alice = seated(s, "alice", "A");
    CHECK(bob->read_until([&] { return bob->has("notice", "text", "A (alice) joins the game."); }));
    CHECK(alice->send("play 40\ncommand mo"));
    alice->close();

    const std::string left = "A (alice) left; the game waits and is saved.";
    const auto away = [](const RawClient& c) {
        for (const Message& m : c.messages()) {
            if (m.kind == "seat" && m.value("side") == "A" && m.value("status") == "away") return true;
        }
        return false;
    };
    for (RawClient* c : {bob.get(), watcher.get()}) {
        CHECK(c->read_until([&] { return away(*c) && c->has("notice", "text", left); }));
        CHECK_FALSE(c->closed());
        CHECK(c->garbled().empty());
        CHECK(c->count("played") == 0);
    }
    // Bob still talks to the watcher through the server.
    REQUIRE(bob->send(Message("say").add("text", "still here")));
    CHECK(watcher->read_until([&] { return watcher->has("chat", "text", "still here"); }));
    const auto chat = watcher->find("chat");
    REQUIRE(chat);
    CHECK(chat->value("from") == "B (bob)");
    CHECK(s.running);
    CHECK(serving(s));
    s.stop();
    CHECK(s.thread_error.empty());
    CHECK(s.session.history().empty());
}

TEST_CASE("server: a command for the other side is refused over the socket, the game is unchanged", "[net][server]") {
    Served s;
    auto alice = seated(s, "alice", "A");
    auto bob = seated(s, "bob", "B");
    RawClient& deciding = s.first == rules::Side::A ? *alice : *bob;
    RawClient& waiting = s.first == rules::Side::A ? *bob : *alice;
    const std::string command = rules::print(s.legal.front());
    REQUIRE(waiting.send(Message("play").add("command", command)));
    const auto refused = waiting.wait_for("refused");
    REQUIRE(refused);
    const std::string decider_text = s.first == rules::Side::A ? "A (alice)" : "B (bob)";
    CHECK(refused->value("reason") == "it is not your decision: " + decider_text + " decides now");
    CHECK_FALSE(waiting.closed());
    // Nothing was played: the same command from the side deciding is the game's first.
    REQUIRE(deciding.send(Message("play").add("command", command)));
    for (RawClient* c : {alice.get(), bob.get()}) {
        const auto played = c->wait_for("played");
        REQUIRE(played);
        CHECK(played->value("by") == std::string(1, rules::side_letter(s.first)));
        CHECK(played->value("command") == command);
    }
    CHECK(deciding.count("refused") == 0);
    s.stop();
    CHECK(s.thread_error.empty());
    REQUIRE(s.session.history().size() == 1);
    CHECK(s.session.history().front().by == s.first);
    CHECK(rules::print(s.session.history().front().command) == command);
}

TEST_CASE("server: 100 wrong codes from one user are all refused, a spectator still gets in", "[net][server]") {
    Served s;
    const std::string wrong = std::string("wrong join code for game ") + kGame;
    int wrong_code = 0;
    int locked = 0;
    for (int i = 0; i < 100; ++i) {
        RawClient c(s.socket);
        REQUIRE(c.send(hello(JoinRequest::Role::Play, "ZZZZZZZ", "mallory")));
        const auto error = c.wait_for("error");
        REQUIRE(error);
        const std::string reason(error->value("reason"));
        INFO("try " << i << ": " << reason);
        if (reason == wrong) {
            ++wrong_code;
        } else {
            CHECK(starts_with(reason, "too many wrong codes: try again in "));
            ++locked;
        }
        CHECK(c.count("welcome") == 0);
        REQUIRE(c.wait_closed());
        if (i < 3) CHECK(reason == wrong);  // three free tries, then the wait
        if (i == 3) CHECK(reason != wrong);
    }
    CHECK(wrong_code + locked == 100);
    CHECK(locked >= 90);
    CHECK(s.running);
    CHECK(serving(s));
    // A spectator needs no code; both seats are still open.
    RawClient watcher(s.socket);
    REQUIRE(watcher.send(hello(JoinRequest::Role::Watch)));
    REQUIRE(watcher.wait_for("ready"));
    CHECK(watcher.find("welcome")->value("you") == "watch");
    CHECK(watcher.has("seat", "side", "A"));
    for (const Message& m : watcher.messages()) {
        if (m.kind == "seat") CHECK(m.value("status") == "open");
    }
    s.stop();
    CHECK(s.thread_error.empty());
    const Message record = s.host.seats_record();
    CHECK_FALSE(record.get("token-a"));
    CHECK_FALSE(record.get("token-b"));
}

TEST_CASE("server: a client that does not read is dropped, not the server", "[net][server]") {
    SECTION("its greeting alone is over the limit") {
        Served s(64);
        RawClient silent(s.socket);
        REQUIRE(silent.send(hello(JoinRequest::Role::Watch)));
        CHECK(silent.hung_up());
        CHECK(s.running);
        // The server still answers, in fewer bytes than the limit.
        CHECK(refused_bytes(s, "play 0\n") == "the first message must be hello");
        RawClient wrong(s.socket);
        REQUIRE(wrong.send(hello(JoinRequest::Role::Play, "ZZZZZZZ")));
        const auto error = wrong.wait_for("error");
        REQUIRE(error);
        CHECK(error->value("reason") == std::string("wrong join code for game ") + kGame);
        CHECK(wrong.wait_closed());
        s.stop();
        CHECK(s.thread_error.empty());
    }
    SECTION("it floods the server with messages whose answers it never reads") {
        Served s(64 * 1024);
        Notes notes;
        auto reading = remote(s, JoinRequest::Role::Watch);
        reading->session().add_observer(&notes);
        RawClient silent(s.socket);
        REQUIRE(silent.send(hello(JoinRequest::Role::Watch)));
        // Each "x 0\n" gets a "refused" of some 30 bytes: the answers pile up unread.
        std::string chunk;
        for (int i = 0; i < 1024; ++i) chunk += "x 0\n";
        CHECK(silent.flood(chunk, std::size_t{64} << 20, 5s));
        CHECK(s.running);
        // The reading spectator is still served, and the server has forgotten the silent one.
        auto late = remote(s, JoinRequest::Role::Watch);
        // Two watching when the silent one came, and two again when the late one came: the
        // silent one's connection is gone.
        const std::string two = "A spectator joins (2 watching).";
        CHECK(pump_until(*reading, [&] { return notes.count(two) == 2 || notes.has("A spectator joins (3 watching)."); }));
        CHECK(notes.count(two) == 2);
        CHECK_FALSE(notes.has("A spectator joins (3 watching)."));
        CHECK_FALSE(reading->closed());
        CHECK(serving(s));
        s.stop();
        CHECK(s.thread_error.empty());
    }
}

TEST_CASE("server: a client checks the server's user on the socket (SO_PEERCRED)", "[net][server]") {
    Served s;
    struct stat st {};
    REQUIRE(::lstat(s.socket.c_str(), &st) == 0);
    CHECK(S_ISSOCK(st.st_mode));
    CHECK(st.st_uid == ::getuid());
    std::string why;
    auto connection = Connection::to_socket(s.socket, why);
    INFO(why);
    REQUIRE(connection);
    CHECK(why.empty());
    REQUIRE(connection->send(hello(JoinRequest::Role::List)));
    std::optional<Message> info;
    const SteadyClock::time_point deadline = SteadyClock::now() + kWait;
    while (!info && !connection->closed() && remaining_ms(deadline) > 0) {
        for (Message& m : connection->receive(remaining_ms(deadline))) {
            if (m.kind == "info") info = std::move(m);
        }
    }
    REQUIRE(info);
    CHECK(info->value("game") == kGame);
    CHECK(info->value("pid") == std::to_string(::getpid()));
    CHECK(info->value("seat-a") == "open");
    s.stop();
    CHECK(s.thread_error.empty());
}

// A real bug (src/net/host.cpp, GameHost::received): the host goes on acting on a connection it
// has sent an error to, until the transport has written that error and closed it. See the two
// cases below;  until it is fixed.
TEST_CASE("server: nothing a client sends after its error is acted on", "[net][server]") {
    Served s;
    SECTION("a hello in the same write as a refused first message, or as a wrong code") {
        // A frame that is not a hello (an error: the connection is to close), then a good hello.
        RawClient c(s.socket);
        REQUIRE(c.send("play 0\n" + encode(hello(JoinRequest::Role::Play, kCode, "mallory", "B"))));
        const auto error = c.wait_for("error");
        REQUIRE(error);
        CHECK(error->value("reason") == "the first message must be hello");
        CHECK(c.wait_closed());
        CHECK(c.count("welcome") == 0);
        // A wrong code, then the right one.
        RawClient d(s.socket);
        REQUIRE(d.send(encode(hello(JoinRequest::Role::Play, "ZZZZZZZ", "mallory", "A")) +
                       encode(hello(JoinRequest::Role::Play, kCode, "mallory", "A"))));
        const auto wrong = d.wait_for("error");
        REQUIRE(wrong);
        CHECK(wrong->value("reason") == std::string("wrong join code for game ") + kGame);
        CHECK(d.wait_closed());
        CHECK(d.count("welcome") == 0);
        // Both seats are still open to the real players.
        RawClient watcher(s.socket);
        REQUIRE(watcher.send(hello(JoinRequest::Role::Watch)));
        REQUIRE(watcher.wait_for("ready"));
        for (const Message& m : watcher.messages()) {
            if (m.kind == "seat") CHECK(m.value("status") == "open");
        }
        s.stop();
        CHECK(s.thread_error.empty());
        CHECK_FALSE(s.host.seats_record().get("token-a"));
        CHECK_FALSE(s.host.seats_record().get("token-b"));
    }
    SECTION("a terminal replaced by another with its token still gives commands while its error waits") {
        const std::string side(1, rules::side_letter(s.first));
        auto old = seated(s, "alice", side);
        auto other = seated(s, "bob", s.first == rules::Side::A ? "B" : "A");
        const std::string token(old->find("welcome")->value("token"));
        // The old terminal stops reading with plenty unread, so that what the server writes to
        // it waits: 20000 "refused" answers, then a chat line to know the server has read them.
        std::string flood;
        for (int i = 0; i < 20000; ++i) flood += "x 0\n";
        REQUIRE(old->send(flood + encode(Message("say").add("text", "flood done"))));
        REQUIRE(other->read_until([&] { return other->has("chat", "text", "flood done"); }));
        // The same player from another terminal, with the token: the old one is told to go.
        RawClient again(s.socket);
        JoinRequest r;
        r.role = JoinRequest::Role::Play;
        r.token = token;
        r.program = "test";
        REQUIRE(again.send(hello_message(r)));
        REQUIRE(again.wait_for("ready"));
        CHECK(again.find("welcome")->value("you") == side);
        // The old terminal gives a command: it is no longer the seat's, so nothing is played.
        REQUIRE(old->send(Message("play").add("command", rules::print(s.legal.front()))));
        CHECK_FALSE(again.read_until([&] { return again.count("played") > 0; }, 500ms));
        CHECK_FALSE(other->read_until([&] { return other->count("played") > 0; }, 100ms));
        s.stop();
        CHECK(s.thread_error.empty());
        CHECK(s.session.history().empty());
    }
}
