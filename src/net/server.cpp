#include "net/server.hpp"

#include <dirent.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <asio.hpp>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <map>
#include <variant>

namespace tercio::net {

namespace {

using unix_socket = asio::local::stream_protocol::socket;
using tcp_socket = asio::ip::tcp::socket;

}  // namespace

std::optional<std::pair<std::string, unsigned short>> parse_listen(const std::string& text,
                                                                   std::string& why) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
        why = "--listen " + text + ": give ADDRESS:PORT, e.g. 0.0.0.0:7777";
        return std::nullopt;
    }
    std::string address = text.substr(0, colon);
    if (address.size() > 2 && address.front() == '[' && address.back() == ']')
        address = address.substr(1, address.size() - 2);
    const std::string port_text = text.substr(colon + 1);
    unsigned long port = 0;
    try {
        std::size_t used = 0;
        port = std::stoul(port_text, &used);
        if (used != port_text.size()) throw std::invalid_argument("port");
    } catch (const std::exception&) {
        why = "--listen " + text + ": the port is not a number";
        return std::nullopt;
    }
    if (port > 65535) {
        why = "--listen " + text + ": the port is over 65535";
        return std::nullopt;
    }
    std::error_code ec;
    asio::ip::make_address(address, ec);
    if (ec) {
        why = "--listen " + text + ": \"" + address + "\" is not an IP address";
        return std::nullopt;
    }
    return std::make_pair(address, static_cast<unsigned short>(port));
}

namespace {

/// Descriptors kept free beyond the connections: the save and its directory written after every
/// command, a connection turned away, and what the libraries open.
constexpr std::size_t kSpareDescriptors = 16;
/// A buffer written out is kept for the next bytes up to this size; a larger one (a catch-up) is
/// given back, so that hundreds of idle clients do not each hold their largest burst.
constexpr std::size_t kKeepBuffer = 4096;
/// The first wait before accepting again after an error, and the longest.
constexpr std::chrono::milliseconds kFirstPause{100};
constexpr std::chrono::milliseconds kLongestPause{1000};

/// How many more descriptors this process may open before RLIMIT_NOFILE, less the spare ones.
std::size_t descriptor_room() {
    rlimit rl{};
    if (::getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) return SIZE_MAX;
    std::size_t open = 64;  // if /proc cannot say, a guess on the safe side
    if (DIR* d = ::opendir("/proc/self/fd")) {
        open = 0;
        while (const dirent* e = ::readdir(d)) open += e->d_name[0] != '.' ? 1 : 0;
        ::closedir(d);
        open = open > 0 ? open - 1 : 0;  // the listing's own descriptor
    }
    const std::size_t limit = static_cast<std::size_t>(rl.rlim_cur);
    return limit > open + kSpareDescriptors ? limit - open - kSpareDescriptors : 0;
}

/// The frame a connection gets when the server holds all the connections it can.
std::string full_message(std::size_t held) {
    return encode(Message("error").add(
        "reason",
        "the game server is full (" + std::to_string(held) + " connections): try again later"));
}

}  // namespace

struct Server::Impl {
    /// What the transport knows of a connection, from what the host sends it.
    enum class Role { Unknown, Player, Watcher, Lister };

    /// One client's connection, over either kind of socket: its bytes waiting and its writes.
    /// The bytes queue in one buffer while another is written (a few allocations, not one per
    /// frame), and what is counted is what is held. Not a class hierarchy: the sanitizers' check
    /// of a virtual call opens a pipe the first time it meets a type, and with no descriptor left
    /// (the case the server must live through) that check fails.
    class Link : public std::enable_shared_from_this<Link> {
      public:
        using Socket = std::variant<unix_socket, tcp_socket>;

        Link(Impl& server, ConnId id, bool reserve, Socket socket)
            : server_(server),
              id_(id),
              reserve_(reserve),
              since_(Clock::now()),
              progress_(since_),
              socket_(std::move(socket)),
              reader_(kMaxClientPayload) {}
        Link(const Link&) = delete;
        Link& operator=(const Link&) = delete;

        void start() { read(); }

        /// Queues a frame from the host (and closes once it is written, if asked).
        void send(std::string bytes, bool then_close) {
            if (closed_ || turned_away_) return;
            if (role_ == Role::Unknown) learn_role(bytes);
            if (reserve_ && role_ == Role::Watcher) {
                // A spectator in a connection kept for players and the list: not this one.
                return turn_away();
            }
            enqueue(std::move(bytes), then_close);
        }

        void close() {
            if (closed_) return;
            closed_ = true;
            server_.add_queued(-static_cast<std::ptrdiff_t>(queued()));
            std::string().swap(pending_);
            // The buffer being written stays until its handler runs (Asio holds its address).
            written_ = in_flight_.size();
            if (!writing_) std::string().swap(in_flight_);
            --server_.open_count;
            server_.connections.store(server_.open_count, std::memory_order_relaxed);
            std::visit(
                [](auto& socket) {
                    std::error_code ec;
                    socket.shutdown(asio::socket_base::shutdown_both, ec);
                    socket.close(ec);
                },
                socket_);
            server_.gone(id_);
        }

        /// Bytes waiting for this client in the server.
        std::size_t queued() const { return in_flight_.size() - written_ + pending_.size(); }
        Role role() const { return role_; }
        bool closed() const { return closed_; }
        bool reserve() const { return reserve_; }
        Clock::time_point since() const { return since_; }
        /// Bytes have waited and none was taken since `stall_time` before now.
        bool stalled(Clock::time_point now) const {
            return queued() > 0 && now - progress_ > server_.options.stall_time;
        }
        /// Tells the client that the server is full, and closes once that is written.
        void turn_away() {
            if (closed_ || turned_away_) return;
            turned_away_ = true;
            ++server_.turned_away;
            enqueue(full_message(server_.open_count), true);
        }

      private:
        void read() {
            std::visit(
                [this](auto& socket) {
                    socket.async_read_some(
                        asio::buffer(buf_),
                        [self = shared_from_this()](std::error_code ec, std::size_t n) {
                            self->on_read(ec, n);
                        });
                },
                socket_);
        }

        void on_read(std::error_code ec, std::size_t n) {
            if (closed_) return;
            if (ec) return close();
            reader_.feed(std::string_view(buf_.data(), n));
            while (auto m = reader_.next()) {
                server_.host.received(id_, *m, Clock::now());
                if (closed_) break;
            }
            if (reader_.failed() && !closed_) {
                server_.host.malformed(id_, reader_.error());
                stop_reading_ = true;
            }
            server_.flush();
            if (!closed_ && !stop_reading_) read();
        }

        /// The host's greeting says who the client is: a seated player, a spectator, a list.
        void learn_role(const std::string& bytes) {
            const auto starts = [&](std::string_view kind) {
                return bytes.compare(0, kind.size(), kind) == 0;
            };
            if (starts("info ")) role_ = Role::Lister;
            if (!starts("welcome ")) return;
            FrameReader reader(kMaxServerPayload);
            reader.feed(bytes);
            const auto m = reader.next();
            if (!m) return;
            const std::string_view you = m->value("you");
            role_ = you == "watch"               ? Role::Watcher
                    : (you == "A" || you == "B") ? Role::Player
                                                 : Role::Unknown;
        }

        void enqueue(std::string bytes, bool then_close) {
            const std::size_t n = bytes.size();
            if (queued() + n > server_.options.max_pending) {
                // Not reading: its queue would grow without bound.
                ++server_.dropped;
                return close();
            }
            if (!server_.make_room(n, *this)) return;  // it was the one to go
            if (queued() == 0) progress_ = Clock::now();
            pending_.append(bytes);
            server_.add_queued(static_cast<std::ptrdiff_t>(n));
            close_after_ = close_after_ || then_close;
            // What it sends after its error is not read.
            stop_reading_ = stop_reading_ || then_close;
            if (!writing_) write();
        }

        void write() {
            if (written_ == in_flight_.size()) {
                if (in_flight_.capacity() > kKeepBuffer) {
                    std::string().swap(in_flight_);
                } else {
                    in_flight_.clear();
                }
                written_ = 0;
                in_flight_.swap(pending_);
            }
            if (in_flight_.empty()) {
                if (close_after_) close();
                return;
            }
            writing_ = true;
            std::visit(
                [this](auto& socket) {
                    socket.async_write_some(
                        asio::buffer(in_flight_.data() + written_, in_flight_.size() - written_),
                        [self = shared_from_this()](std::error_code ec, std::size_t n) {
                            self->wrote(ec, n);
                        });
                },
                socket_);
        }

        void wrote(std::error_code ec, std::size_t n) {
            writing_ = false;
            if (closed_) {
                std::string().swap(in_flight_);
                return;
            }
            if (ec) return close();
            written_ += n;
            server_.add_queued(-static_cast<std::ptrdiff_t>(n));
            if (n > 0) progress_ = Clock::now();
            write();
        }

        Impl& server_;
        ConnId id_;
        bool reserve_;
        Role role_ = Role::Unknown;
        Clock::time_point since_;
        Clock::time_point progress_;  ///< when its queue last shrank, or began
        Socket socket_;
        FrameReader reader_;
        std::array<char, 4096> buf_{};
        std::string in_flight_;  ///< being written, from written_
        std::size_t written_ = 0;
        std::string pending_;  ///< waiting for the write under way
        bool writing_ = false;
        bool close_after_ = false;
        bool closed_ = false;
        bool turned_away_ = false;
        bool stop_reading_ = false;  ///< told its error: what it sends after that is not read
    };

    GameHost& host;
    ServerOptions options;
    asio::io_context io;
    std::optional<asio::local::stream_protocol::acceptor> unix_acceptor;
    std::optional<asio::ip::tcp::acceptor> tcp_acceptor;
    asio::steady_timer tick{io};
    asio::steady_timer computer{io};
    /// Each acceptor's wait after an error, and how long the next one is.
    struct Pause {
        explicit Pause(asio::io_context& io) : timer(io) {}
        asio::steady_timer timer;
        std::chrono::milliseconds next{0};
    };
    Pause unix_pause{io};
    Pause tcp_pause{io};
    asio::signal_set signals{io, SIGTERM, SIGHUP, SIGINT};
    std::map<ConnId, std::shared_ptr<Link>> links;
    ConnId next = 1;
    bool computer_waiting = false;
    bool stopping = false;
    std::size_t max_connections = 0;  ///< options' cap, lowered to the descriptors there are
    std::size_t reserve = 0;
    std::size_t open_count = 0;  ///< connections whose sockets are open
    std::size_t queued = 0;      ///< bytes waiting for all clients
    // Mirrors for stats(), read from other threads.
    std::atomic<std::size_t> connections{0};
    std::atomic<std::size_t> queued_now{0};
    std::atomic<std::size_t> peak_queued{0};
    std::atomic<std::size_t> dropped{0};
    std::atomic<std::size_t> turned_away{0};
    std::atomic<std::size_t> accept_pauses{0};

    Impl(GameHost& h, ServerOptions o) : host(h), options(std::move(o)) {}

    void add_queued(std::ptrdiff_t n) {
        queued = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(queued) + n);
        queued_now.store(queued, std::memory_order_relaxed);
        if (queued > peak_queued.load(std::memory_order_relaxed))
            peak_queued.store(queued, std::memory_order_relaxed);
    }

    /// Makes room for `n` more bytes for `asking` under the total bound: drops the clients with
    /// the most bytes waiting, largest first, the seated players last of all (never while another
    /// could go). Whether `asking` is still open.
    bool make_room(std::size_t n, Link& asking) {
        while (queued + n > options.max_total_pending) {
            Link* victim = nullptr;
            for (const auto& [id, link] : links) {
                if (link->closed() || link->role() == Role::Player || link->queued() == 0) continue;
                if (!victim || link->queued() > victim->queued()) victim = link.get();
            }
            if (!victim) {
                // Only players' bytes wait, each bounded by max_pending: a player is let through.
                if (asking.role() == Role::Player) return true;
                victim = &asking;
            }
            ++dropped;
            victim->close();
            if (victim == &asking) return false;
        }
        return true;
    }

    /// Takes a new connection: within the cap, into the reserve (making room there by closing
    /// the oldest reserved one that is still unanswered), or turned away at once.
    template <class Socket>
    void admit(Socket socket, const Peer& peer) {
        bool in_reserve = open_count >= max_connections;
        if (open_count >= max_connections + reserve) {
            Link* oldest = nullptr;
            for (const auto& [id, link] : links) {
                if (link->closed() || !link->reserve() || link->role() != Role::Unknown) continue;
                if (!oldest || link->since() < oldest->since()) oldest = link.get();
            }
            if (!oldest) {
                // Everything held is in use: told so in a few bytes the kernel takes at once.
                const std::string full = full_message(open_count);
                (void)::send(socket.native_handle(), full.data(), full.size(),
                             MSG_DONTWAIT | MSG_NOSIGNAL);
                std::error_code ec;
                socket.close(ec);
                ++turned_away;
                return;
            }
            ++turned_away;
            oldest->close();
            in_reserve = true;
        }
        if (options.send_buffer > 0) {
            std::error_code ec;
            socket.set_option(asio::socket_base::send_buffer_size(options.send_buffer), ec);
        }
        const ConnId id = next++;
        auto link = std::make_shared<Link>(*this, id, in_reserve, Link::Socket(std::move(socket)));
        links[id] = link;
        ++open_count;
        connections.store(open_count, std::memory_order_relaxed);
        host.connected(id, peer, Clock::now());
        link->start();
        flush();
    }

    /// After an error from accept: at once for one connection that went away before it was
    /// taken; otherwise (EMFILE, ENFILE, ...) after a wait that doubles up to a second, so that
    /// the server does not spin while the connections wait in the listen backlog.
    void accept_failed(std::error_code ec, Pause& pause, void (Impl::*again)()) {
        if (ec == asio::error::operation_aborted || stopping) return;
        if (ec == asio::error::connection_aborted) return (this->*again)();
        pause.next =
            pause.next.count() == 0 ? kFirstPause : std::min(pause.next * 2, kLongestPause);
        ++accept_pauses;
        pause.timer.expires_after(pause.next);
        pause.timer.async_wait([this, again](std::error_code e) {
            if (e || stopping) return;
            (this->*again)();
        });
    }

    void accept_unix() {
        unix_acceptor->async_accept([this](std::error_code ec, unix_socket socket) {
            if (stopping) return;
            if (ec) return accept_failed(ec, unix_pause, &Impl::accept_unix);
            unix_pause.next = std::chrono::milliseconds(0);
            Peer peer;
            peer.local = true;
            ucred cred{};
            socklen_t len = sizeof cred;
            if (::getsockopt(socket.native_handle(), SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0)
                peer.uid = cred.uid;
            admit(std::move(socket), peer);
            accept_unix();
        });
    }

    void accept_tcp() {
        tcp_acceptor->async_accept([this](std::error_code ec, tcp_socket socket) {
            if (stopping) return;
            if (ec) return accept_failed(ec, tcp_pause, &Impl::accept_tcp);
            tcp_pause.next = std::chrono::milliseconds(0);
            Peer peer;
            peer.local = false;
            std::error_code e2;
            peer.address = socket.remote_endpoint(e2).address().to_string();
            socket.set_option(asio::ip::tcp::no_delay(true), e2);
            admit(std::move(socket), peer);
            accept_tcp();
        });
    }

    void gone(ConnId id) {
        // Called from a link's close(): the host forgets it once the current handler is done.
        asio::post(io, [this, id] {
            links.erase(id);
            host.disconnected(id, Clock::now());
            flush();
        });
    }

    /// Sends what the host has to say, then lets the computer play if it is its turn.
    void flush() {
        for (GameHost::Out& o : host.take_output()) {
            const auto it = links.find(o.to);
            if (it != links.end()) it->second->send(std::move(o.bytes), o.close);
        }
        if (!computer_waiting && host.computer_to_move()) {
            computer_waiting = true;
            computer.expires_after(options.computer_delay);
            computer.async_wait([this](std::error_code ec) {
                computer_waiting = false;
                if (ec || stopping) return;
                host.play_computer();
                flush();
            });
        }
    }

    /// Drops the clients that have stopped reading, and turns away the reserved connections
    /// that have not been answered in time.
    void check_links(Clock::time_point now) {
        for (const auto& [id, link] : links) {
            if (link->closed()) continue;
            if (link->stalled(now)) {
                ++dropped;
                link->close();
            } else if (link->reserve() && link->role() == Role::Unknown &&
                       now - link->since() > options.reserve_hello) {
                link->turn_away();
            }
        }
    }

    void start_tick() {
        tick.expires_after(std::chrono::seconds(1));
        tick.async_wait([this](std::error_code ec) {
            if (ec || stopping) return;
            const auto now = Clock::now();
            check_links(now);
            host.tick(now);
            flush();
            if (host.finished(now)) return shutdown();
            start_tick();
        });
    }

    void shutdown() {
        if (stopping) return;
        stopping = true;
        std::error_code ec;
        if (unix_acceptor) unix_acceptor->close(ec);
        if (tcp_acceptor) tcp_acceptor->close(ec);
        tick.cancel();
        computer.cancel();
        unix_pause.timer.cancel();
        tcp_pause.timer.cancel();
        signals.cancel();
        auto all = links;
        for (auto& [id, link] : all) link->close();
        // Whatever is left (queued writes) ends with the io_context.
        io.stop();
    }
};

std::unique_ptr<Server> Server::open(GameHost& host, const ServerOptions& options,
                                     std::string& why) {
    std::signal(SIGPIPE, SIG_IGN);
    auto impl = std::make_unique<Impl>(host, options);
    std::error_code ec;
    asio::local::stream_protocol::acceptor a(impl->io);
    const asio::local::stream_protocol::endpoint ep(options.socket.string());
    a.open(ep.protocol(), ec);
    if (!ec) a.bind(ep, ec);
    if (ec) {
        why = "cannot create the game's socket " + options.socket.string() + ": " + ec.message();
        return nullptr;
    }
    // Anyone who can reach the directory may watch; seats need the code.
    ::chmod(options.socket.c_str(), 0666);
    a.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
        ::unlink(options.socket.c_str());
        why = "cannot listen on " + options.socket.string() + ": " + ec.message();
        return nullptr;
    }
    impl->unix_acceptor.emplace(std::move(a));
    if (options.listen) {
        const auto where = parse_listen(*options.listen, why);
        if (!where) {
            ::unlink(options.socket.c_str());
            return nullptr;
        }
        const asio::ip::tcp::endpoint tep(asio::ip::make_address(where->first), where->second);
        asio::ip::tcp::acceptor t(impl->io);
        t.open(tep.protocol(), ec);
        if (!ec) t.set_option(asio::socket_base::reuse_address(true), ec);
        if (!ec) t.bind(tep, ec);
        if (!ec) t.listen(asio::socket_base::max_listen_connections, ec);
        if (ec) {
            ::unlink(options.socket.c_str());
            why = "cannot listen on " + *options.listen + ": " + ec.message();
            return nullptr;
        }
        impl->tcp_acceptor.emplace(std::move(t));
    }
    // The connections fit in the descriptors left, with some kept for the reserve: the server
    // should never meet EMFILE itself.
    const std::size_t room = descriptor_room();
    impl->reserve = std::min(options.reserve_connections, room / 4);
    impl->max_connections =
        std::max<std::size_t>(1, std::min(options.max_connections, room - impl->reserve));
    return std::unique_ptr<Server>(new Server(std::move(impl)));
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Server::~Server() {
    std::error_code ec;
    ::unlink(impl_->options.socket.c_str());
}

std::optional<unsigned short> Server::tcp_port() const {
    if (!impl_->tcp_acceptor) return std::nullopt;
    std::error_code ec;
    return impl_->tcp_acceptor->local_endpoint(ec).port();
}

void Server::run() {
    Impl& s = *impl_;
    s.signals.async_wait([&s](std::error_code ec, int) {
        if (!ec) s.shutdown();
    });
    s.accept_unix();
    if (s.tcp_acceptor) s.accept_tcp();
    s.start_tick();
    s.flush();
    s.io.run();
    ::unlink(s.options.socket.c_str());
}

void Server::stop() {
    asio::post(impl_->io, [this] { impl_->shutdown(); });
}

Server::Stats Server::stats() const {
    const Impl& s = *impl_;
    Stats out;
    out.connections = s.connections.load(std::memory_order_relaxed);
    out.max_connections = s.max_connections;
    out.reserve = s.reserve;
    out.queued = s.queued_now.load(std::memory_order_relaxed);
    out.peak_queued = s.peak_queued.load(std::memory_order_relaxed);
    out.dropped = s.dropped.load(std::memory_order_relaxed);
    out.turned_away = s.turned_away.load(std::memory_order_relaxed);
    out.accept_pauses = s.accept_pauses.load(std::memory_order_relaxed);
    return out;
}

}  // namespace tercio::net
