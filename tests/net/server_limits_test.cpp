// The game server's bounds (net/server.hpp) on a real Unix-domain socket: the bytes waiting for
// clients that do not read, in all and for each; clients that stop reading; the connections and
// the descriptors it holds. The descriptor cases run the server in a child process (fork) with a
// low RLIMIT_NOFILE and measure its CPU time from /proc. Every wait and loop is bounded.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "tests/net/served.hpp"
#include "kits/pikette/control/session.hpp"

#if defined(__SANITIZE_ADDRESS__)
// From <sanitizer/allocator_interface.h>, which GCC does not ship; libasan has it.
extern "C" std::size_t __sanitizer_get_current_allocated_bytes();
#else
#include <malloc.h>
#endif

using namespace tercio;
using namespace tercio::net;
using namespace tercio::net::served;
using namespace std::chrono_literals;

namespace {

/// Bytes the process has allocated and not freed. Under AddressSanitizer, its allocator's count:
/// freed memory sits in its quarantine, so the resident size would only grow.
std::size_t heap_in_use() {
#if defined(__SANITIZE_ADDRESS__)
    return __sanitizer_get_current_allocated_bytes();
#else
    const struct mallinfo2 m = ::mallinfo2();
    return m.uordblks + m.hblkhd;
#endif
}

/// A line of /proc/self/status ("VmRSS:  5120 kB"), for the record.
std::string status_line(const std::string& key) {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(key + ":", 0) == 0) return line;
    }
    return key + ": ?";
}

/// A 200-character chat line.
Message long_chat(int n) {
    return Message("say").add("text", std::to_string(n) + std::string(190, 'x'));
}

}  // namespace

TEST_CASE("server: a late joiner's catch-up of a long game fits in one client's bound",
          "[net][server][limits]") {
    // A long game: some 1,500 commands. Random ones end sooner, so the bytes per command of a
    // random game are scaled up to that many.
    Served s([](ServerOptions&) {}, 400);
    const std::size_t commands = s.session.history().size();
    RawClient watcher(s.socket);
    REQUIRE(watcher.send(hello(JoinRequest::Role::Watch)));
    REQUIRE(watcher.wait_for("ready"));
    CHECK(watcher.count("played") == commands);
    const std::size_t catch_up = watcher.bytes();
    const std::size_t long_game = catch_up * 1500 / commands;
    INFO(commands << " commands: " << catch_up << " bytes; 1,500 commands: about " << long_game
                  << " bytes");
    CHECK(long_game * 2 < ServerOptions{}.max_pending);
    CHECK(ServerOptions{}.max_pending * 8 <= ServerOptions{}.max_total_pending);
    s.stop();
    CHECK(s.thread_error.empty());
}

TEST_CASE("server: spectators that never read are bounded in all, the players play on",
          "[net][server][limits]") {
    // Scaled down from 300 silent and 300 chatting spectators: 60 spectators that never read, 30
    // of whom chat, each given a catch-up of a 500-command game. The kernel keeps little for each
    // (SO_SNDBUF 4 KiB), so the bytes wait in the server. Without the bound in all they would be
    // some 60 x 100 KB.
    constexpr std::size_t kTotal = 512u << 10;
    constexpr std::size_t kEach = 128u << 10;
    // What the heap may grow by: the bytes waiting (in buffers up to twice their size), the 60
    // connections' own buffers, and the copies of a broadcast on their way.
    constexpr std::size_t kHeapBound = 2 * kTotal + (3u << 19);
    Served s(
        [](ServerOptions& o) {
            o.max_pending = kEach;
            o.max_total_pending = kTotal;
            o.send_buffer = 4096;
            o.stall_time = 60s;  // the bound in all is tested here, not the stall
        },
        500);
    auto alice = seated(s, "alice", "A");
    auto bob = seated(s, "bob", "B");
    const std::size_t heap_before = heap_in_use();
    const std::string rss_before = status_line("VmRSS");

    std::vector<std::unique_ptr<RawClient>> silent;
    std::size_t most_heap = heap_before;
    for (int i = 0; i < 60; ++i) {
        silent.push_back(std::make_unique<RawClient>(s.socket));
        REQUIRE(silent.back()->send(hello(JoinRequest::Role::Watch)));
        if (i % 2 == 1) {
            for (int line = 0; line < 5; ++line) silent.back()->send(long_chat(line));
        }
        alice->drain();
        bob->drain();
        most_heap = std::max(most_heap, heap_in_use());
        CHECK(s.server->stats().peak_queued <= kTotal);
    }
    // The players read on while the server works through it all.
    const SteadyClock::time_point until = SteadyClock::now() + 1500ms;
    while (SteadyClock::now() < until) {
        alice->read_until([] { return false; }, 50ms);
        bob->drain();
        most_heap = std::max(most_heap, heap_in_use());
    }
    const Server::Stats stats = s.server->stats();
    INFO("peak queued " << stats.peak_queued << " bytes, queued now " << stats.queued
                        << ", dropped " << stats.dropped << ", heap grew by "
                        << (most_heap - heap_before) << " bytes at most; " << rss_before << " -> "
                        << status_line("VmRSS"));
    CHECK(stats.peak_queued <= kTotal);
    CHECK(stats.queued <= kTotal);
    CHECK(stats.dropped > 0);  // the bound was reached: spectators were dropped
    CHECK(most_heap - heap_before < kHeapBound);

    // Neither player was dropped: the one deciding plays, both see it.
    CHECK_FALSE(alice->closed());
    CHECK_FALSE(bob->closed());
    RawClient& deciding = s.first == rules::Side::A ? *alice : *bob;
    const std::string command = rules::print(s.legal.front());
    REQUIRE(deciding.send(Message("play").add("command", command)));
    for (RawClient* c : {alice.get(), bob.get()}) {
        CHECK(c->read_until([&] { return c->has("played", "command", command); }));
        CHECK(c->garbled().empty());
    }
    CHECK(serving(s));
    s.stop();
    CHECK(s.thread_error.empty());
}

TEST_CASE("server: a client whose bytes wait untaken for the stall time is dropped",
          "[net][server][limits]") {
    Served s(
        [](ServerOptions& o) {
            o.send_buffer = 4096;
            o.stall_time = 1500ms;
        },
        200);
    // Its catch-up is more than the kernel holds: the rest waits in the server.
    RawClient silent(s.socket);
    REQUIRE(silent.send(hello(JoinRequest::Role::Watch)));
    // One that reads slowly but all the while: 2 KB every 300 ms.
    RawClient slow(s.socket);
    REQUIRE(slow.send(hello(JoinRequest::Role::Watch)));
    const SteadyClock::time_point start = SteadyClock::now();
    bool silent_gone = false;
    while (SteadyClock::now() - start < 4s) {
        std::this_thread::sleep_for(300ms);
        slow.receive(2048);
        if (!silent_gone && silent.hung_up(0ms)) {
            silent_gone = true;
            // Not before the stall time, and within a tick of it.
            const auto after = SteadyClock::now() - start;
            CHECK(after >= 1500ms);
            CHECK(after <= 3500ms);
        }
    }
    CHECK(silent_gone);
    CHECK_FALSE(slow.closed());
    slow.drain();
    CHECK(slow.read_until([&] { return slow.find("ready").has_value(); }));
    CHECK(s.server->stats().dropped == 1);
    CHECK(serving(s));
    s.stop();
    CHECK(s.thread_error.empty());
}

namespace {

/// This process's open descriptors.
std::size_t open_descriptors() {
    std::size_t n = 0;
    std::error_code ec;
    for (auto it = fs::directory_iterator("/proc/self/fd", ec);
         !ec && it != fs::directory_iterator(); it.increment(ec))
        ++n;
    return n > 0 ? n - 1 : 0;  // the listing's own
}

/// The CPU time (user and system) a process has used, in seconds.
double cpu_seconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // After the command's name in parentheses: state is field 3, utime 14 and stime 15.
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos) return -1;
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    unsigned long long utime = 0;
    unsigned long long stime = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stoull(field);
        if (i == 15) stime = std::stoull(field);
    }
    return static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
}

/// A game server in a child process, so that its descriptor limit and CPU time are its own.
/// `limit` is RLIMIT_NOFILE's soft limit as the server opens (descriptors beyond those open
/// then); `after_open`, if set, lowers it once the server has opened (descriptors beyond those
/// open then), so that the server meets EMFILE although it sized itself for more.
struct ChildServer {
    TempDir dir;
    fs::path socket = dir.path / "game.sock";
    pid_t pid = -1;

    ChildServer(std::optional<std::size_t> limit, std::optional<std::size_t> after_open) {
        // Loaded and derived before the fork, so that the child does no more than serve.
        rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
        key_of(kCode);
        int ready[2];
        REQUIRE(::pipe2(ready, O_CLOEXEC) == 0);
        pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            ::close(ready[0]);
            _exit(serve(ctx, limit, after_open, ready[1]));
        }
        ::close(ready[1]);
        pollfd p{ready[0], POLLIN, 0};
        char byte = 0;
        const bool up = ::poll(&p, 1, 10000) == 1 && ::read(ready[0], &byte, 1) == 1 && byte == 'r';
        ::close(ready[0]);
        INFO("the child's server did not start (exit code " << byte << ")");
        REQUIRE(up);
    }
    ~ChildServer() { stop(); }
    ChildServer(const ChildServer&) = delete;
    ChildServer& operator=(const ChildServer&) = delete;

    /// Whether the child still runs (a dead one would use no CPU time either).
    bool running() const { return pid > 0 && ::waitpid(pid, nullptr, WNOHANG) == 0; }

    /// SIGTERM, then the wait for its end (SIGKILL after 5 s); its exit status.
    int stop() {
        if (pid <= 0) return -1;
        ::kill(pid, SIGTERM);
        int status = 0;
        const SteadyClock::time_point deadline = SteadyClock::now() + 5s;
        while (::waitpid(pid, &status, WNOHANG) == 0) {
            if (SteadyClock::now() > deadline) {
                ::kill(pid, SIGKILL);
                ::waitpid(pid, &status, 0);
                break;
            }
            std::this_thread::sleep_for(20ms);
        }
        pid = -1;
        return status;
    }

    /// The child: serves one game until SIGTERM. No Catch2 here: its exit code says what failed.
    int serve(const rules::RulesContext& ctx, std::optional<std::size_t> limit,
              std::optional<std::size_t> after_open, int ready) {
        try {
            const auto lower = [](std::size_t more) {
                rlimit rl{};
                if (::getrlimit(RLIMIT_NOFILE, &rl) != 0) return false;
                rl.rlim_cur = open_descriptors() + more;
                return ::setrlimit(RLIMIT_NOFILE, &rl) == 0;
            };
            if (limit && !lower(*limit)) return 2;
            control::Session session(ctx, 4);
            GameHost host(session, config(4), Clock::now());
            ServerOptions options;
            options.socket = socket;
            options.computer_delay = 0ms;
            std::string why;
            auto server = Server::open(host, options, why);
            if (!server) return 3;
            if (after_open && !lower(*after_open)) return 4;
            if (::write(ready, "r", 1) != 1) return 5;
            ::close(ready);
            server->run();
            return 0;
        } catch (...) {
            return 6;
        }
    }
};

/// A connection to the child's server that says nothing.
std::unique_ptr<RawClient> silent_client(const ChildServer& c) {
    return std::make_unique<RawClient>(c.socket);
}

/// A "list" hello's answer: the game's info line, if it came.
std::optional<Message> list_game(const ChildServer& c, std::chrono::milliseconds timeout = kWait) {
    RawClient lister(c.socket);
    if (!lister.send(hello(JoinRequest::Role::List))) return std::nullopt;
    return lister.wait_for("info", timeout);
}

}  // namespace

TEST_CASE(
    "server: it holds no more connections than its descriptors allow, a player and the list still "
    "get in",
    "[net][server][limits]") {
    // 40 descriptors beyond those open: the server sizes its connections and reserve to fit.
    ChildServer child(40, std::nullopt);
    // More connections that never say hello than it holds: the last ones take the reserve, then
    // each new one the place of the oldest one there.
    std::vector<std::unique_ptr<RawClient>> silent;
    for (int i = 0; i < 60; ++i) silent.push_back(silent_client(child));
    std::this_thread::sleep_for(200ms);
    const double cpu_before = cpu_seconds(child.pid);

    // A spectator is told the server is full.
    {
        RawClient watcher(child.socket);
        REQUIRE(watcher.send(hello(JoinRequest::Role::Watch)));
        const auto error = watcher.wait_for("error");
        REQUIRE(error);
        CHECK(starts_with(error->value("reason"), "the game server is full ("));
        CHECK(watcher.count("welcome") == 0);
        CHECK(watcher.wait_closed());
    }
    // The list answers, and a player takes a seat.
    const auto info = list_game(child);
    REQUIRE(info);
    CHECK(info->value("game") == kGame);
    RawClient player(child.socket);
    REQUIRE(handshake(player, request(JoinRequest::Role::Play, kCode, "alice", "A")));
    REQUIRE(player.wait_for("ready"));
    CHECK(player.find("welcome")->value("you") == "A");

    // Meanwhile the server sleeps: no spinning over the connections it cannot take.
    std::this_thread::sleep_for(2s);
    REQUIRE(child.running());
    const double cpu = cpu_seconds(child.pid) - cpu_before;
    INFO("the server's CPU time over some 2 s: " << cpu << " s");
    CHECK(cpu < 0.2);
    // Those it held beyond what it may are closed: at most 40 descriptors' worth are open.
    std::size_t open = 0;
    for (auto& c : silent) open += c->hung_up(0ms) ? 0 : 1;
    CHECK(open < 40);
    CHECK(open > 0);
    CHECK(child.stop() == 0);  // it ended on SIGTERM, normally
}

TEST_CASE(
    "server: out of descriptors it waits instead of spinning, and serves again when they are back",
    "[net][server][limits]") {
    // The limit lowered under the server once it is open: 4 descriptors left, so it meets EMFILE.
    ChildServer child(std::nullopt, 4);
    std::vector<std::unique_ptr<RawClient>> extra;
    for (int i = 0; i < 30; ++i) extra.push_back(silent_client(child));
    std::this_thread::sleep_for(300ms);
    const double cpu_before = cpu_seconds(child.pid);
    std::this_thread::sleep_for(2s);
    REQUIRE(child.running());
    const double cpu = cpu_seconds(child.pid) - cpu_before;
    INFO("the server's CPU time over 2 s with connections waiting and no descriptor: " << cpu
                                                                                       << " s");
    CHECK(cpu < 0.2);  // spinning, it took a whole core
    // It has no descriptor to answer with: the limit did bite.
    CHECK_FALSE(list_game(child, 300ms));
    // The connections leave; their descriptors come back; the server accepts again within its
    // longest wait (1 s) and answers a list.
    extra.clear();
    const auto info = list_game(child, 5s);
    REQUIRE(info);
    CHECK(info->value("game") == kGame);
    CHECK(child.stop() == 0);  // it ended on SIGTERM, normally
}
