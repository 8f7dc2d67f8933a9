#include "net/client.hpp"

#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "net/rendezvous.hpp"

namespace tercio::net {

namespace {

using SteadyClock = std::chrono::steady_clock;

int remaining_ms(SteadyClock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
    return left < 0 ? 0 : static_cast<int>(left);
}

}  // namespace

std::unique_ptr<Connection> Connection::to_socket(const std::filesystem::path& path, std::string& why) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) {
        why = "no game at " + path.string();
        return nullptr;
    }
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (path.string().size() >= sizeof addr.sun_path) {
        why = path.string() + " is too long a path for a socket";
        return nullptr;
    }
    std::memcpy(addr.sun_path, path.c_str(), path.string().size() + 1);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        why = std::string("cannot make a socket: ") + std::strerror(errno);
        return nullptr;
    }
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
        why = errno == ECONNREFUSED ? "the game at " + path.string() + " has ended (its server is gone)"
                                    : "cannot reach the game at " + path.string() + ": " + std::strerror(errno);
        ::close(fd);
        return nullptr;
    }
    ucred cred{};
    socklen_t len = sizeof cred;
    if (::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0 || cred.uid != st.st_uid) {
        why = "the game at " + path.string() + " is not served by the socket's owner: refused";
        ::close(fd);
        return nullptr;
    }
    return std::unique_ptr<Connection>(new Connection(fd, cred.uid));
}

std::string Connection::server_identity() const {
    return server_uid_ ? local_identity(*server_uid_) : std::string(kRemoteIdentity);
}

std::string Connection::client_identity() const {
    return server_uid_ ? local_identity(::geteuid()) : std::string(kRemoteIdentity);
}

std::unique_ptr<Connection> Connection::to_address(const std::string& host_port, std::string& why,
                                                   std::chrono::milliseconds timeout) {
    const std::size_t colon = host_port.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == host_port.size()) {
        why = host_port + ": give HOST:PORT, e.g. 192.168.1.20:7777";
        return nullptr;
    }
    std::string host = host_port.substr(0, colon);
    if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
    const std::string port = host_port.substr(colon + 1);
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int e = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); e != 0) {
        why = host_port + ": " + ::gai_strerror(e);
        return nullptr;
    }
    std::string last = "no address";
    const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
    for (addrinfo* a = found; a; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) continue;
        int r = ::connect(fd, a->ai_addr, a->ai_addrlen);
        if (r != 0 && errno == EINPROGRESS) {
            pollfd p{fd, POLLOUT, 0};
            r = ::poll(&p, 1, remaining_ms(deadline));
            int err = ETIMEDOUT;
            socklen_t len = sizeof err;
            if (r == 1) ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
            r = err == 0 ? 0 : -1;
            errno = err;
        }
        if (r == 0) {
            ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
            const int one = 1;
            ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            ::freeaddrinfo(found);
            return std::unique_ptr<Connection>(new Connection(fd));
        }
        last = std::strerror(errno);
        ::close(fd);
    }
    ::freeaddrinfo(found);
    why = "cannot reach " + host_port + ": " + last;
    return nullptr;
}

Connection::~Connection() {
    if (fd_ >= 0) ::close(fd_);
}

bool Connection::send(const Message& m) {
    if (closed_) return false;
    const std::string bytes = encode(m);
    std::size_t at = 0;
    while (at < bytes.size()) {
        const ssize_t n = ::send(fd_, bytes.data() + at, bytes.size() - at, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            closed_ = true;
            why_closed_ = "the connection to the game server was lost";
            return false;
        }
        at += static_cast<std::size_t>(n);
    }
    return true;
}

std::vector<Message> Connection::receive(int timeout_ms) {
    std::vector<Message> out;
    while (auto m = reader_.next()) out.push_back(std::move(*m));
    if (!out.empty() || closed_) return out;
    const SteadyClock::time_point deadline = SteadyClock::now() + std::chrono::milliseconds(timeout_ms < 0 ? 0 : timeout_ms);
    for (;;) {
        pollfd p{fd_, POLLIN, 0};
        const int wait = timeout_ms < 0 ? -1 : remaining_ms(deadline);
        const int r = ::poll(&p, 1, wait);
        if (r < 0 && errno == EINTR) return out;  // a signal: the caller looks at it
        if (r <= 0) return out;
        char buf[16384];
        const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            closed_ = true;
            why_closed_ =
                "the game server closed the connection (if it was stopped, its host serves the game again with "
                "tercio host --resume, and tercio join takes you back to your seat)";
            return out;
        }
        received_ += static_cast<std::size_t>(n);
        reader_.feed(std::string_view(buf, static_cast<std::size_t>(n)));
        while (auto m = reader_.next()) out.push_back(std::move(*m));
        if (reader_.failed()) {
            closed_ = true;
            why_closed_ = "the game server sent what this program cannot read: " + reader_.error();
            return out;
        }
        if (!out.empty()) return out;
    }
}

std::optional<Greeting> greet(std::unique_ptr<Connection> connection, const JoinRequest& request, std::string& why,
                              std::chrono::milliseconds timeout) {
    const bool proves = request.role == JoinRequest::Role::Play && (request.code_key || (request.seat && !request.token.empty()));
    const std::string nonce = proves ? make_nonce() : std::string();
    if (!connection->send(hello_message(request, nonce))) {
        why = connection->why_closed();
        return std::nullopt;
    }
    const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
    bool challenged = false;
    for (;;) {
        const int left = remaining_ms(deadline);
        if (left == 0) {
            why = "the game server did not answer in time";
            return std::nullopt;
        }
        const std::vector<Message> got = connection->receive(left);
        if (got.empty() && connection->closed()) {
            why = connection->why_closed();
            return std::nullopt;
        }
        for (std::size_t i = 0; i < got.size(); ++i) {
            const Message& m = got[i];
            if (m.kind == "error") {
                why = std::string(m.value("reason"));
                return std::nullopt;
            }
            if (m.kind == "challenge") {
                if (!proves || challenged) {
                    why = "the game server sent a challenge it was not asked for";
                    return std::nullopt;
                }
                challenged = true;
                const ProveOrRefuse a = answer_challenge(request, nonce, m, connection->server_identity(),
                                                         connection->client_identity());
                if (!a.prove) {
                    why = a.why;
                    return std::nullopt;
                }
                if (!connection->send(*a.prove)) {
                    why = connection->why_closed();
                    return std::nullopt;
                }
                continue;
            }
            if (proves && !challenged) {
                // Nothing of the game before the server has proved itself.
                why = "the game server did not prove it knows " +
                      std::string(request.code_key ? "the join code" : "your seat's token") + ": refused";
                return std::nullopt;
            }
            if (m.kind == "welcome") {
                Greeting out;
                out.connection = std::move(connection);
                out.welcome = m;
                out.rest.assign(got.begin() + static_cast<std::ptrdiff_t>(i) + 1, got.end());
                out.deadline = deadline;
                return out;
            }
            why = m.kind == "setup" ? std::string("the game server sent its game before its welcome")
                                    : "the game server sent \"" + m.kind + "\" before the game";
            return std::nullopt;
        }
    }
}

namespace detail {

int remaining_ms(std::chrono::steady_clock::time_point deadline) { return net::remaining_ms(deadline); }

std::optional<core::Side> side_of(std::string_view text) {
    if (text == "A") return core::Side::A;
    if (text == "B") return core::Side::B;
    return std::nullopt;
}

}  // namespace detail

}  // namespace tercio::net
