#include "net/server.hpp"

#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <asio.hpp>
#include <csignal>
#include <deque>
#include <map>

namespace tercio::net {

namespace {

using unix_socket = asio::local::stream_protocol::socket;
using tcp_socket = asio::ip::tcp::socket;

}  // namespace

std::optional<std::pair<std::string, unsigned short>> parse_listen(const std::string& text, std::string& why) {
    const std::size_t colon = text.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == text.size()) {
        why = "--listen " + text + ": give ADDRESS:PORT, e.g. 0.0.0.0:7777";
        return std::nullopt;
    }
    std::string address = text.substr(0, colon);
    if (address.size() > 2 && address.front() == '[' && address.back() == ']') address = address.substr(1, address.size() - 2);
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

/// One client's connection, over either kind of socket.
class Link {
  public:
    virtual ~Link() = default;
    virtual void send(std::string bytes, bool then_close) = 0;
    virtual void close() = 0;
};

struct Server::Impl {
    GameHost& host;
    ServerOptions options;
    asio::io_context io;
    std::optional<asio::local::stream_protocol::acceptor> unix_acceptor;
    std::optional<asio::ip::tcp::acceptor> tcp_acceptor;
    asio::steady_timer tick{io};
    asio::steady_timer computer{io};
    asio::signal_set signals{io, SIGTERM, SIGHUP, SIGINT};
    std::map<ConnId, std::shared_ptr<Link>> links;
    ConnId next = 1;
    bool computer_waiting = false;
    bool stopping = false;

    Impl(GameHost& h, ServerOptions o) : host(h), options(std::move(o)) {}

    template <class Socket>
    class SocketLink final : public Link, public std::enable_shared_from_this<SocketLink<Socket>> {
      public:
        SocketLink(Impl& server, ConnId id, Socket socket)
            : server_(server), id_(id), socket_(std::move(socket)), reader_(kMaxClientPayload) {}
        void start() { read(); }
        void send(std::string bytes, bool then_close) override {
            if (closed_) return;
            pending_bytes_ += bytes.size();
            queue_.push_back(std::move(bytes));
            close_after_ = close_after_ || then_close;
            stop_reading_ = stop_reading_ || then_close;  // what it sends after its error is not read
            if (pending_bytes_ > server_.options.max_pending) {
                // Not reading: its queue would grow without bound.
                return close();
            }
            if (!writing_) write();
        }
        void close() override {
            if (closed_) return;
            closed_ = true;
            std::error_code ec;
            socket_.shutdown(asio::socket_base::shutdown_both, ec);
            socket_.close(ec);
            server_.gone(id_);
        }

      private:
        void read() {
            auto self = this->shared_from_this();
            socket_.async_read_some(asio::buffer(buf_), [self](std::error_code ec, std::size_t n) {
                if (self->closed_) return;
                if (ec) return self->close();
                self->reader_.feed(std::string_view(self->buf_.data(), n));
                while (auto m = self->reader_.next()) {
                    self->server_.host.received(self->id_, *m, Clock::now());
                    if (self->closed_) break;
                }
                if (self->reader_.failed() && !self->closed_) {
                    self->server_.host.malformed(self->id_, self->reader_.error());
                    self->stop_reading_ = true;
                }
                self->server_.flush();
                if (!self->closed_ && !self->stop_reading_) self->read();
            });
        }
        void write() {
            if (queue_.empty()) {
                writing_ = false;
                if (close_after_) close();
                return;
            }
            writing_ = true;
            auto self = this->shared_from_this();
            asio::async_write(socket_, asio::buffer(queue_.front()), [self](std::error_code ec, std::size_t) {
                if (self->closed_) return;
                if (ec) return self->close();
                self->pending_bytes_ -= self->queue_.front().size();
                self->queue_.pop_front();
                self->write();
            });
        }

        Impl& server_;
        ConnId id_;
        Socket socket_;
        FrameReader reader_;
        std::array<char, 4096> buf_{};
        std::deque<std::string> queue_;
        std::size_t pending_bytes_ = 0;
        bool writing_ = false;
        bool close_after_ = false;
        bool closed_ = false;
        bool stop_reading_ = false;
    };

    template <class Socket>
    void admit(Socket socket, const Peer& peer) {
        const ConnId id = next++;
        auto link = std::make_shared<SocketLink<Socket>>(*this, id, std::move(socket));
        links[id] = link;
        host.connected(id, peer, Clock::now());
        link->start();
        flush();
    }

    void accept_unix() {
        unix_acceptor->async_accept([this](std::error_code ec, unix_socket socket) {
            if (stopping) return;
            if (!ec) {
                Peer peer;
                peer.local = true;
                ucred cred{};
                socklen_t len = sizeof cred;
                if (::getsockopt(socket.native_handle(), SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0) peer.uid = cred.uid;
                admit(std::move(socket), peer);
            }
            accept_unix();
        });
    }

    void accept_tcp() {
        tcp_acceptor->async_accept([this](std::error_code ec, tcp_socket socket) {
            if (stopping) return;
            if (!ec) {
                Peer peer;
                peer.local = false;
                std::error_code e2;
                peer.address = socket.remote_endpoint(e2).address().to_string();
                socket.set_option(asio::ip::tcp::no_delay(true), e2);
                admit(std::move(socket), peer);
            }
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

    void start_tick() {
        tick.expires_after(std::chrono::seconds(1));
        tick.async_wait([this](std::error_code ec) {
            if (ec || stopping) return;
            const auto now = Clock::now();
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
        signals.cancel();
        auto all = links;
        for (auto& [id, link] : all) link->close();
        // Whatever is left (queued writes) ends with the io_context.
        io.stop();
    }
};

std::unique_ptr<Server> Server::open(GameHost& host, const ServerOptions& options, std::string& why) {
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

}  // namespace tercio::net
