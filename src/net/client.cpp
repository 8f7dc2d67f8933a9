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

std::unique_ptr<RemoteGame> RemoteGame::join(std::unique_ptr<Connection> connection, const JoinRequest& request,
                                             const ContextLoader& load, std::string& why,
                                             std::chrono::milliseconds timeout) {
    std::unique_ptr<RemoteGame> g(new RemoteGame());
    g->connection_ = std::move(connection);
    const bool proves = request.role == JoinRequest::Role::Play && (request.code_key || (request.seat && !request.token.empty()));
    const std::string nonce = proves ? make_nonce() : std::string();
    if (!g->connection_->send(hello_message(request, nonce))) {
        why = g->connection_->why_closed();
        return nullptr;
    }
    const SteadyClock::time_point deadline = SteadyClock::now() + timeout;
    const rules::RulesContext* ctx = nullptr;
    bool challenged = false;
    for (;;) {
        const int left = remaining_ms(deadline);
        if (left == 0) {
            why = "the game server did not answer in time";
            return nullptr;
        }
        const std::vector<Message> got = g->connection_->receive(left);
        if (got.empty() && g->connection_->closed()) {
            why = g->connection_->why_closed();
            return nullptr;
        }
        for (std::size_t i = 0; i < got.size(); ++i) {
            const Message& m = got[i];
            if (m.kind == "error") {
                why = std::string(m.value("reason"));
                return nullptr;
            }
            if (m.kind == "challenge") {
                if (!proves || challenged) {
                    why = "the game server sent a challenge it was not asked for";
                    return nullptr;
                }
                challenged = true;
                const ProveOrRefuse a = answer_challenge(request, nonce, m, g->connection_->server_identity(),
                                                         g->connection_->client_identity());
                if (!a.prove) {
                    why = a.why;
                    return nullptr;
                }
                if (!g->connection_->send(*a.prove)) {
                    why = g->connection_->why_closed();
                    return nullptr;
                }
                continue;
            }
            if (proves && !challenged) {
                // Nothing of the game before the server has proved itself.
                why = "the game server did not prove it knows " +
                      std::string(request.code_key ? "the join code" : "your seat's token") + ": refused";
                return nullptr;
            }
            if (m.kind == "welcome") {
                g->game_id_ = std::string(m.value("game"));
                g->token_ = std::string(m.value("token"));
                const std::string_view you = m.value("you");
                if (you == "A") g->side_ = rules::Side::A;
                if (you == "B") g->side_ = rules::Side::B;
                ctx = load(std::string(m.value("ruleset")), std::string(m.value("army-a")), std::string(m.value("army-b")), why);
                if (!ctx) return nullptr;
            } else if (m.kind == "setup") {
                if (!ctx) {
                    why = "the game server sent its game before its welcome";
                    return nullptr;
                }
                g->replica_ = Replica::from_setup(*ctx, m, why);
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
    }
}

RemoteGame::~RemoteGame() {
    if (replica_) session().set_owner(nullptr);
}

void RemoteGame::close(std::string why) {
    if (why_closed_.empty()) why_closed_ = std::move(why);
}

void RemoteGame::handle(const Message& m) {
    const auto side_of = [](std::string_view t) -> std::optional<rules::Side> {
        if (t == "A") return rules::Side::A;
        if (t == "B") return rules::Side::B;
        return std::nullopt;
    };
    if (m.kind == "played") {
        undo_question_.reset();
        if (auto why = replica_->apply(m)) return close(*why);
        deciding_since_ = SteadyClock::now();
    } else if (m.kind == "undone") {
        answered_undo_ = false;
        if (auto why = replica_->undo(m)) return close(*why);
        deciding_since_ = SteadyClock::now();
    } else if (m.kind == "seat") {
        const auto side = side_of(m.value("side"));
        if (!side) return;
        const std::string status(m.value("status"));
        seat_status_[rules::idx(*side)] = status;
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
        const auto by = side_of(m.value("by"));
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

bool RemoteGame::pump(int timeout_ms) {
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

void RemoteGame::say(const std::string& text) { connection_->send(Message("say").add("text", printable_text(text, kMaxChat))); }

void RemoteGame::answer_undo(bool yes) {
    undo_question_.reset();
    answered_undo_ = true;
    connection_->send(Message("answer").add("answer", yes ? "yes" : "no"));
}

void RemoteGame::leave() {
    connection_->send(Message("bye"));
}

std::optional<std::string> RemoteGame::play(const rules::Command& c) {
    if (closed()) return "not connected: " + why_closed_;
    if (!side_) return std::string("you are watching: only the players give commands");
    const std::string text = rules::print(c);
    refused_.reset();
    answered_undo_ = false;
    const std::size_t before = session().history().size();
    if (!connection_->send(Message("play").add("command", text))) return "not connected: " + connection_->why_closed();
    const SteadyClock::time_point deadline = SteadyClock::now() + std::chrono::seconds(30);
    // The answer: the command played (it is in the copy's history) or refused. Whatever else
    // arrives meanwhile is played too.
    for (;;) {
        const auto& h = session().history();
        for (std::size_t i = before; i < h.size(); ++i) {
            if (h[i].by == *side_ && rules::print(h[i].command) == text) return std::nullopt;
        }
        if (refused_) return *refused_;
        if (closed()) return "not connected: " + why_closed_;
        if (remaining_ms(deadline) == 0) return std::string("no answer from the game server");
        pump(remaining_ms(deadline));
    }
}

std::optional<std::string> RemoteGame::undo() {
    if (closed()) return "not connected: " + why_closed_;
    if (!side_) return std::string("you are watching: only the players take commands back");
    refused_.reset();
    answered_undo_ = false;
    connection_->send(Message("undo"));
    // The server answers at once: taken back (against the computer), refused, or asked of the
    // other player, whose answer comes later.
    const std::size_t before = session().history().size();
    const SteadyClock::time_point deadline = SteadyClock::now() + std::chrono::seconds(30);
    while (remaining_ms(deadline) > 0 && !refused_ && session().history().size() == before && !closed()) {
        pump(remaining_ms(deadline));
    }
    if (closed()) return "not connected: " + why_closed_;
    if (refused_) return *refused_;
    return std::nullopt;
}

}  // namespace tercio::net
