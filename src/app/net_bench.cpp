// `tercio bench --network N` (bench/network): N games played at once through N game servers on
// this machine, each by two clients; round trips, bytes on the wire, the servers' memory and CPU.
#include "app/net_bench.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ai/match.hpp"
#include "ai/player.hpp"
#include "app/exit_codes.hpp"
#include "app/game_contexts.hpp"
#include "app/net_command.hpp"
#include "control/session.hpp"
#include "net/client.hpp"
#include "net/host.hpp"
#include "net/replica.hpp"
#include "net/server.hpp"
#include "kits/front_ends.hpp"
#include "ui/surface.hpp"

namespace tercio::app {

namespace {

using Clock = std::chrono::steady_clock;
/// The bench plays the default ruleset's game (docs/performance.md, "bench/network").
using BenchKit = kits::DefaultKit;
using BenchEngine = BenchKit::Engine;
using BenchContext = BenchEngine::Context;
using BenchSession = control::SessionOf<BenchEngine>;
using BenchClient = net::RemoteGameOf<BenchEngine>;
/// FNV-1a, as tercio bench folds its signatures.
constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001B3ULL;
std::uint64_t fold(std::uint64_t signature, std::uint64_t value) { return (signature ^ value) * kFnvPrime; }

namespace fs = std::filesystem;

constexpr int kNetMaxCommands = 5000;  ///< a game not over by then fails the bench
constexpr auto kNetMaxGameTime = std::chrono::minutes(10);
constexpr auto kNetAnswerTime = std::chrono::seconds(30);  ///< the longest wait for one command
constexpr std::uint64_t kNetFirstSeed = 1001;              ///< game i is seeded kNetFirstSeed + i, whatever N

/// One game server process of the bench.
struct BenchServer {
    pid_t pid = -1;
    std::uint64_t seed = 0;
    fs::path socket;
    std::string code;
    net::SecretKey code_key{};  ///< derived once, before the server forks (as tercio host does)
    std::string token;
    std::string port;  ///< the TCP port, or "-"
    bool reaped = false;
    int status = 0;
    rusage usage{};
};

/// What one game's two clients measured and found.
struct NetGame {
    std::string error;                   ///< empty: every check passed
    std::vector<double> rtt_ms;          ///< sent to both screens drawn
    std::vector<double> rtt_applied_ms;  ///< sent to both copies applied (no drawing)
    std::size_t commands = 0;
    std::array<std::size_t, 2> greeting_bytes{};  ///< received before the first command
    std::array<std::size_t, 2> game_bytes{};      ///< received from the first command to the end
    std::size_t sent_bytes = 0;                   ///< the play frames sent
    double client_cpu_ms = 0;                     ///< the thread's CPU time within the round trips (drawing included)
    double choose_cpu_ms = 0;                     ///< the random players' choosing
    std::vector<double> local_us;                 ///< each command played again on a local session
    long server_hwm_kb = -1;
    std::uint64_t final_hash = 0;
    std::string winner;
};

double thread_cpu_ms() {
    timespec t{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

double cpu_ms(const timeval& t) {
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) / 1e3;
}

/// A process's peak resident memory (VmHWM), in kB; -1 if it cannot be read.
long vm_hwm_kb(pid_t pid) {
    std::ifstream f("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(f, line)) {
        if (line.starts_with("VmHWM:")) return std::strtol(line.c_str() + 6, nullptr, 10);
    }
    return -1;
}

/// The nearest-rank quantile of sorted values.
double quantile(const std::vector<double>& sorted, double q) {
    if (sorted.empty()) return 0;
    std::size_t rank = static_cast<std::size_t>(q * static_cast<double>(sorted.size()) + 0.999999);
    rank = std::clamp<std::size_t>(rank, 1, sorted.size());
    return sorted[rank - 1];
}

template <class T>
double median_of(std::vector<T> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return static_cast<double>(v[(v.size() - 1) / 2]);
}

/// The game server, in the forked child: as `tercio host` serves a game (GameHost and Server on
/// the Unix socket, and TCP if asked), but with no save (no SaveKeeper) and no computer. Says
/// "ok\tTOKEN\tPORT" on `ready_fd`, then serves until the game is over and both clients
/// have gone. Never returns.
[[noreturn]] void serve_bench(int ready_fd, const BenchContext& ctx, const std::string& game_id,
                              const std::string& code, const net::SecretKey& code_key, std::uint64_t seed,
                              const fs::path& socket, bool tcp) {
    const auto say = [ready_fd](const std::string& line) { (void)!::write(ready_fd, line.data(), line.size()); };
    try {
        BenchSession session(ctx, seed);
        net::HostConfig cfg;
        cfg.game_id = game_id;
        cfg.code = code;
        cfg.code_key = code_key;
        cfg.server_uid = ::geteuid();
        cfg.host = "alice";
        cfg.program = TERCIO_VERSION;
        cfg.seed = seed;
        net::GameHost host(session, cfg, net::Clock::now());
        const std::string token = host.reserve(core::Side::A, "alice");
        net::ServerOptions so;
        so.socket = socket;
        if (tcp) so.listen = "127.0.0.1:0";
        so.computer_delay = std::chrono::milliseconds(0);
        std::string why;
        auto server = net::Server::open(host, so, why);
        if (!server) {
            say("error\t" + why + "\n");
            ::_exit(kExitIllegal);
        }
        const auto port = server->tcp_port();
        say("ok\t" + token + "\t" + (port ? std::to_string(*port) : std::string("-")) + "\n");
        ::close(ready_fd);
        server->run();
        server.reset();
    } catch (const std::exception& e) {
        say(std::string("error\t") + e.what() + "\n");
        ::_exit(kExitIllegal);
    }
    ::_exit(kExitOk);
}

/// Forks a game server and waits for it to say it is ready; the reason if it did not.
std::optional<std::string> start_bench_server(const BenchContext& ctx, const fs::path& dir, bool tcp,
                                              BenchServer& out) {
    const std::string game_id = net::make_game_id();
    out.socket = dir / (game_id + ".sock");
    out.code = net::make_join_code(game_id);
    out.code_key = net::code_key(out.code);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return std::string("pipe: ") + std::strerror(errno);
    std::fflush(stdout);
    std::cout.flush();
    std::cerr.flush();
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return std::string("fork: ") + std::strerror(errno);
    }
    if (pid == 0) {
        ::close(fds[0]);
        serve_bench(fds[1], ctx, game_id, out.code, out.code_key, out.seed, out.socket, tcp);
    }
    out.pid = pid;
    ::close(fds[1]);
    const std::vector<std::string> parts = read_ready_line(fds[0]);
    ::close(fds[0]);
    if (parts.size() == 2 && parts[0] == "error") return "the game server failed: " + parts[1];
    if (parts.size() != 3 || parts[0] != "ok") return std::string("the game server did not start");
    out.token = parts[1];
    out.port = parts[2];
    return std::nullopt;
}

/// The size the bench's screens are drawn at: the smallest the play screen takes (as
/// bench/terminal.py's pseudo-terminal).
constexpr int kScreenWidth = ui::kMinWidth;
constexpr int kScreenHeight = ui::kMinHeight;

/// One client of a bench game, joined.
std::unique_ptr<BenchClient> bench_client(const BenchContext& ctx, const BenchServer& server, bool tcp,
                                              core::Side side, std::string& why) {
    auto connection = tcp ? net::Connection::to_address("127.0.0.1:" + server.port, why)
                          : net::Connection::to_socket(server.socket, why);
    if (!connection) return nullptr;
    net::JoinRequest req;
    req.role = net::JoinRequest::Role::Play;
    req.program = TERCIO_VERSION;
    if (side == core::Side::A) {
        req.token = server.token;
        req.seat = core::Side::A;
        req.name = "alice";
    } else {
        req.code = server.code;
        req.code_key = server.code_key;
        req.name = "bob";
    }
    req.side = side == core::Side::A ? "A" : "B";
    const net::ContextLoaderOf<BenchEngine> load = [&ctx](const std::string& ruleset, const std::string& a, const std::string& b,
                                           const std::vector<std::string>&, std::string& w) -> const BenchContext* {
        if (ruleset != BenchKit::Net::ruleset_id(ctx) || a != BenchKit::Net::army_id(ctx, core::Side::A) || b != BenchKit::Net::army_id(ctx, core::Side::B)) {
            w = "the server plays " + a + " v " + b + " (" + ruleset + "), not the bench's game";
            return nullptr;
        }
        return &ctx;
    };
    auto game = BenchClient::join(std::move(connection), req, load, why);
    if (game && game->side() != side) {
        why = "the server gave the wrong side";
        return nullptr;
    }
    return game;
}

/// Plays one game through its server with two clients, each choosing with a random player (after
/// --pace milliseconds, not counted) on its
/// own copy and drawing its play screen (PlayScreen, on an in-memory surface) as `tercio join`
/// does. A command's round trip: from just before the deciding client sends it to when both
/// clients' copies have played it and both screens are drawn (one after the other, in this
/// thread; two real clients draw at once in their own processes). Checks that both histories are the same commands in
/// the same order, that the copies' public hashes agree, and that the same commands played on a local session give the
/// same game.
NetGame play_bench_game(const BenchContext& ctx, const BenchServer& server, const NetworkBenchOptions& options) {
    const bool tcp = options.tcp;
    NetGame g;
    const auto fail = [&g](std::string why) {
        if (g.error.empty()) g.error = std::move(why);
        return g;
    };
    std::string why;
    auto a = bench_client(ctx, server, tcp, core::Side::A, why);
    if (!a) return fail("client A could not join: " + why);
    auto b = bench_client(ctx, server, tcp, core::Side::B, why);
    if (!b) return fail("client B could not join: " + why);
    std::array<BenchClient*, 2> clients = {a.get(), b.get()};
    std::array<std::unique_ptr<ui::PlayScreenOf<BenchKit>>, 2> screens;
    std::array<ui::TextSurface, 2> surfaces = {ui::TextSurface(kScreenWidth, kScreenHeight),
                                               ui::TextSurface(kScreenWidth, kScreenHeight)};
    for (std::size_t s = 0; s < 2; ++s) {
        screens[s] = std::make_unique<ui::PlayScreenOf<BenchKit>>(clients[s]->session(), ui::ScreenOptions{true, false});
        screens[s]->set_undo_asks(false);
    }
    const auto draw = [&](core::Side side) {
        ui::TextSurface& out = surfaces[core::idx(side)];
        out.clear();
        screens[core::idx(side)]->draw(out);
    };
    const Clock::time_point started = Clock::now();
    // A learns that B has sat down.
    while (!a->started() || !b->started()) {
        if (Clock::now() - started > kNetAnswerTime) return fail("the game did not begin");
        if (!a->pump(100) || !b->pump(0)) {
            return fail("a connection closed before the game began: " + a->why_closed() + b->why_closed());
        }
    }
    for (std::size_t s = 0; s < 2; ++s) g.greeting_bytes[s] = clients[s]->connection().bytes_received();
    std::array<std::unique_ptr<ai::PlayerOf<BenchEngine>>, 2> players = {
        BenchKit::Computer::make_player(ai::Level::Random, ai::player_seed(server.seed, core::Side::A)),
        BenchKit::Computer::make_player(ai::Level::Random, ai::player_seed(server.seed, core::Side::B))};
    g.rtt_ms.reserve(2000);
    g.rtt_applied_ms.reserve(2000);
    draw(core::Side::A);
    draw(core::Side::B);
    while (!a->session().over()) {
        if (g.commands >= static_cast<std::size_t>(kNetMaxCommands)) {
            return fail("the game is not over after " + std::to_string(kNetMaxCommands) + " commands");
        }
        if (Clock::now() - started > kNetMaxGameTime) return fail("the game is not over after 10 minutes");
        const core::Side side = a->session().state().decider;
        if (b->session().state().decider != side || b->session().over()) {
            return fail("the clients disagree on who decides after " + std::to_string(g.commands) + " commands");
        }
        if (options.pace_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(options.pace_ms));
        BenchClient& me = *clients[core::idx(side)];
        BenchClient& other = *clients[core::idx(core::other(side))];
        const double c0 = thread_cpu_ms();
        const BenchEngine::Command command =
            players[core::idx(side)]->choose(ai::view_of<BenchEngine>(ctx, me.session().state(), side));
        const double c1 = thread_cpu_ms();
        g.choose_cpu_ms += c1 - c0;
        const std::string text = BenchEngine::print(ctx, me.session().state(), command);
        const std::size_t target = me.session().history().size() + 1;
        const Clock::time_point t0 = Clock::now();
        const BenchSession::Outcome out = me.session().play(command);
        if (!out.ok()) return fail("\"" + text + "\" was refused: " + *out.refused);
        if (me.session().history().size() != target) {
            return fail("the sender's copy holds " + std::to_string(me.session().history().size()) + " commands, not " +
                        std::to_string(target));
        }
        const Clock::time_point deadline = Clock::now() + kNetAnswerTime;
        while (other.session().history().size() < target) {
            if (Clock::now() > deadline) return fail("the other client never got \"" + text + "\"");
            if (!other.pump(1000)) return fail("the other client's connection closed: " + other.why_closed());
        }
        if (other.session().history().size() != target) return fail("the other client got a command twice");
        g.rtt_applied_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        draw(side);
        draw(core::other(side));
        g.rtt_ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
        g.client_cpu_ms += thread_cpu_ms() - c1;
        g.sent_bytes += net::encode(net::Message("play").add("command", text)).size();
        ++g.commands;
    }
    g.server_hwm_kb = vm_hwm_kb(server.pid);  // before the clients leave and the server ends
    for (std::size_t s = 0; s < 2; ++s) {
        g.game_bytes[s] = clients[s]->connection().bytes_received() - g.greeting_bytes[s];
    }
    // The checks: no command lost or duplicated, on either copy or on the server.
    const auto& ha = a->session().history();
    const auto& hb = b->session().history();
    if (!b->session().over()) return fail("client B's copy is not over when A's is");
    if (ha.size() != hb.size() || ha.size() != g.commands) {
        return fail("histories of " + std::to_string(ha.size()) + " and " + std::to_string(hb.size()) + " commands, " +
                    std::to_string(g.commands) + " sent");
    }
    for (std::size_t i = 0; i < ha.size(); ++i) {
        if (ha[i].by != hb[i].by || !(ha[i].command == hb[i].command)) {
            return fail("the histories differ at command " + std::to_string(i + 1));
        }
    }
    g.final_hash = net::public_hash<BenchEngine>(a->session().state());
    if (net::public_hash<BenchEngine>(b->session().state()) != g.final_hash) return fail("the copies' final states differ");
    BenchSession local(ctx, server.seed);
    g.local_us.reserve(ha.size());
    for (const control::EntryOf<BenchEngine>& e : ha) {
        const Clock::time_point t0 = Clock::now();
        const BenchSession::Outcome out = local.play(e.command);
        g.local_us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
        if (!out.ok()) return fail("the history does not play again locally: " + *out.refused);
    }
    if (!local.over() || net::public_hash<BenchEngine>(local.state()) != g.final_hash) {
        return fail("the history played again locally does not give the same game");
    }
    const int winner = BenchEngine::winner(ctx, a->session().state());
    g.winner = winner == 0 ? "A" : winner == 1 ? "B" : "none";
    a->leave();
    b->leave();
    for (auto& screen : screens) screen.reset();  // before their sessions
    return g;
}

/// Waits for the servers to end on their own (a second or so after their clients left), then
/// stops the ones that did not. False if one had to be stopped or did not exit cleanly.
bool reap_servers(std::vector<BenchServer>& servers, std::chrono::seconds patience, std::string& why) {
    const auto reap = [](BenchServer& s, int flags) {
        if (s.reaped || s.pid <= 0) return;
        const pid_t r = ::wait4(s.pid, &s.status, flags, &s.usage);
        if (r == s.pid) s.reaped = true;
    };
    const Clock::time_point deadline = Clock::now() + patience;
    for (;;) {
        bool all = true;
        for (BenchServer& s : servers) {
            reap(s, WNOHANG);
            all = all && (s.reaped || s.pid <= 0);
        }
        if (all || Clock::now() > deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    bool ok = true;
    for (BenchServer& s : servers) {
        if (s.pid <= 0) continue;
        if (!s.reaped) {
            ok = false;
            why = "a game server did not end when its game was over and its clients had gone (stopped)";
            ::kill(s.pid, SIGTERM);
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
            reap(s, WNOHANG);
            if (!s.reaped) {
                ::kill(s.pid, SIGKILL);
                reap(s, 0);
            }
        } else if (!WIFEXITED(s.status) || WEXITSTATUS(s.status) != 0) {
            ok = false;
            why = "a game server ended badly (status " + std::to_string(s.status) + ")";
        }
        std::error_code ec;
        fs::remove(s.socket, ec);
    }
    return ok;
}

}  // namespace

int run_network_bench(const NetworkBenchOptions& options, const std::filesystem::path& data_dir) {
    constexpr const char* kCmd = "tercio bench --network";
    if (options.games < 1) {
        std::cerr << kCmd << ": give how many games to play at once (1 or more)\n";
        return kExitUsage;
    }
    GameContexts contexts(data_dir);
    std::string why;
    const auto ctx = contexts.context<BenchKit>(std::string(BenchKit::ruleset), BenchKit::Files::default_armies()[0],
                                                   BenchKit::Files::default_armies()[1], why);
    if (!ctx) {
        std::cerr << kCmd << ": " << why << '\n';
        return kExitDataError;
    }
    std::string dir_template = (fs::temp_directory_path() / "tercio-bench-XXXXXX").string();
    if (!::mkdtemp(dir_template.data())) {
        std::cerr << kCmd << ": cannot make a directory for the sockets: " << std::strerror(errno) << '\n';
        return kExitIoError;
    }
    const fs::path dir = dir_template;
    const std::size_t n = static_cast<std::size_t>(options.games);
    // Every server is forked before any client thread starts: a fork copies only its thread.
    std::vector<BenchServer> servers(n);
    for (std::size_t i = 0; i < n; ++i) {
        servers[i].seed = kNetFirstSeed + i;
        if (auto problem = start_bench_server(*ctx, dir, options.tcp, servers[i])) {
            std::string ignored;
            reap_servers(servers, std::chrono::seconds(0), ignored);
            std::error_code ec;
            fs::remove_all(dir, ec);
            std::cerr << kCmd << ": " << *problem << '\n';
            return kExitIllegal;
        }
    }
    rusage self0{};
    ::getrusage(RUSAGE_SELF, &self0);
    const Clock::time_point wall0 = Clock::now();
    std::vector<NetGame> games(n);
    {
        std::vector<std::thread> threads;
        threads.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            threads.emplace_back([&, i] {
                try {
                    games[i] = play_bench_game(*ctx, servers[i], options);
                } catch (const std::exception& e) {
                    games[i].error = e.what();
                }
            });
        }
        for (std::thread& t : threads) t.join();
    }
    const double wall_s = std::chrono::duration<double>(Clock::now() - wall0).count();
    rusage self1{};
    ::getrusage(RUSAGE_SELF, &self1);
    int failures = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (!games[i].error.empty()) {
            std::cerr << kCmd << ": game " << i + 1 << " (seed " << servers[i].seed << "): " << games[i].error << '\n';
            ++failures;
        }
    }
    // A server whose game failed waits for its players: it is stopped at once.
    std::string server_problem;
    const bool servers_ok = reap_servers(servers, std::chrono::seconds(failures > 0 ? 0 : 15), server_problem);
    std::error_code ec;
    fs::remove_all(dir, ec);
    if (failures == 0 && !servers_ok) std::cerr << kCmd << ": " << server_problem << '\n';
    if (failures > 0 || !servers_ok) {
        std::cerr << kCmd << ": FAILED (" << failures << " of " << n << " games)\n";
        return kExitIllegal;
    }

    std::vector<double> rtt;
    std::vector<double> rtt_applied;
    std::vector<double> local_us;
    std::vector<std::size_t> per_game;
    std::vector<double> greeting;
    std::vector<long> hwm;
    std::size_t commands = 0;
    std::size_t sent = 0;
    std::array<std::size_t, 2> game_bytes{};
    double worst_per_client = 0;
    double client_cpu = 0;
    double choose_cpu = 0;
    double server_cpu = 0;
    std::uint64_t signature = kFnvOffset;
    std::array<int, 3> wins{};  // A, B, a draw
    for (std::size_t i = 0; i < n; ++i) {
        const NetGame& g = games[i];
        rtt.insert(rtt.end(), g.rtt_ms.begin(), g.rtt_ms.end());
        rtt_applied.insert(rtt_applied.end(), g.rtt_applied_ms.begin(), g.rtt_applied_ms.end());
        local_us.insert(local_us.end(), g.local_us.begin(), g.local_us.end());
        per_game.push_back(g.commands);
        commands += g.commands;
        sent += g.sent_bytes;
        for (std::size_t s = 0; s < 2; ++s) {
            game_bytes[s] += g.game_bytes[s];
            greeting.push_back(static_cast<double>(g.greeting_bytes[s]));
            worst_per_client =
                std::max(worst_per_client, static_cast<double>(g.game_bytes[s]) / static_cast<double>(g.commands));
        }
        hwm.push_back(g.server_hwm_kb);
        client_cpu += g.client_cpu_ms;
        choose_cpu += g.choose_cpu_ms;
        server_cpu += cpu_ms(servers[i].usage.ru_utime) + cpu_ms(servers[i].usage.ru_stime);
        signature = fold(signature, g.final_hash);
        ++wins[g.winner == "A" ? 0 : g.winner == "B" ? 1 : 2];
    }
    std::sort(rtt.begin(), rtt.end());
    std::sort(rtt_applied.begin(), rtt_applied.end());
    const double cmds = static_cast<double>(commands);
    const double local_median_us = median_of(local_us);
    const double process_cpu =
        cpu_ms(self1.ru_utime) - cpu_ms(self0.ru_utime) + cpu_ms(self1.ru_stime) - cpu_ms(self0.ru_stime);
    const long hwm_max = *std::max_element(hwm.begin(), hwm.end());

    std::printf("network games %zu at once, %s, french v spanish, random v random; seeds %llu-%llu; %s\n", n,
                options.tcp ? "TCP 127.0.0.1" : "Unix socket", static_cast<unsigned long long>(kNetFirstSeed),
                static_cast<unsigned long long>(kNetFirstSeed + n - 1),
                options.pace_ms > 0
                    ? ("each command given " + std::to_string(options.pace_ms) + " ms after the last").c_str()
                    : "each command given as soon as the last is drawn");
    std::printf(
        "network servers: one forked process per game, as tercio host's; no save kept (no SaveKeeper), "
        "no computer\n");
    std::printf("network commands %zu (per game: min %zu, median %.0f, max %zu); won by A %d, by B %d, drawn %d\n",
                commands, *std::min_element(per_game.begin(), per_game.end()), median_of(per_game),
                *std::max_element(per_game.begin(), per_game.end()), wins[0], wins[1], wins[2]);
    std::printf(
        "network checks: every game over; both clients' histories the same commands in the same order "
        "(none lost or duplicated); public hashes agree; the same commands played locally give the same "
        "game\n");
    std::printf("network signature %016llx\n", static_cast<unsigned long long>(signature));
    std::printf(
        "network round trip: p50 %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms (%zu commands: sent, "
        "played by the server, played on both copies, both %dx%d screens drawn)\n",
        quantile(rtt, 0.5), quantile(rtt, 0.95), quantile(rtt, 0.99), rtt.back(), rtt.size(), kScreenWidth,
        kScreenHeight);
    std::printf("network round trip without drawing: p50 %.3f ms, p95 %.3f ms, p99 %.3f ms, max %.3f ms\n",
                quantile(rtt_applied, 0.5), quantile(rtt_applied, 0.95), quantile(rtt_applied, 0.99),
                rtt_applied.back());
    std::printf("network local play: median %.3f ms per command; round trip p50 / local play %.1f\n",
                local_median_us / 1000.0, local_median_us > 0 ? quantile(rtt, 0.5) * 1000.0 / local_median_us : 0.0);
    std::printf(
        "network bytes per command per client: %.1f received (A %.1f, B %.1f, worst client %.1f); "
        "%.1f sent by the deciding client\n",
        static_cast<double>(game_bytes[0] + game_bytes[1]) / (2 * cmds), static_cast<double>(game_bytes[0]) / cmds,
        static_cast<double>(game_bytes[1]) / cmds, worst_per_client, static_cast<double>(sent) / cmds);
    std::printf("network greeting bytes per client: median %.0f (welcome, set-up, seats: before the first command)\n",
                median_of(greeting));
    std::printf("network server peak memory (VmHWM): max %.2f MB, median %.2f MB\n",
                static_cast<double>(hwm_max) / 1024.0, median_of(hwm) / 1024.0);
    std::printf(
        "network cpu per command: clients %.3f ms (both copies and screens, within the round trips), servers %.3f ms "
        "(their whole lives), choosing %.3f ms; this process %.3f ms\n",
        client_cpu / cmds, server_cpu / cmds, choose_cpu / cmds, process_cpu / cmds);
    std::printf("network wall %.2f s, %.0f commands/s; cpu per command / local play: clients %.1f, servers %.1f\n",
                wall_s, cmds / wall_s, local_median_us > 0 ? client_cpu / cmds * 1000.0 / local_median_us : 0.0,
                local_median_us > 0 ? server_cpu / cmds * 1000.0 / local_median_us : 0.0);
    return kExitOk;
}

}  // namespace tercio::app
