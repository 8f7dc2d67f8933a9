// A fake game server, for tests/cli/net_hostile.sh: what another user on the machine could plant
// in a shared game directory. It listens on the given socket, tells a lister it is a game with an
// open seat (named after its socket), answers a player's hello with a made-up challenge, and
// writes every byte any client sends it to the log, so the test can look there for a code or a
// token. Ends after the given number of seconds.
// Usage: tercio_fake_server SOCKET LOG SECONDS
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "net/protocol.hpp"

using namespace tercio::net;

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: tercio_fake_server SOCKET LOG SECONDS\n");
        return 2;
    }
    const std::string path = argv[1];
    const std::string game = std::filesystem::path(path).stem().string();
    std::ofstream log(argv[2], std::ios::binary | std::ios::app);
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(std::atoi(argv[3]));
    const int listener = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
    if (::bind(listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listener, 16) != 0) {
        std::perror("fake server: bind");
        return 1;
    }
    ::chmod(path.c_str(), 0666);
    log << "listening " << game << "\n" << std::flush;
    struct Client {
        int fd;
        FrameReader reader{kMaxClientPayload};
    };
    std::vector<Client> clients;
    const auto send = [](int fd, const Message& m) {
        const std::string b = encode(m);
        (void)!::send(fd, b.data(), b.size(), MSG_NOSIGNAL);
    };
    while (std::chrono::steady_clock::now() < end && clients.size() < 64) {
        std::vector<pollfd> p{{listener, POLLIN, 0}};
        for (const Client& c : clients) p.push_back({c.fd, POLLIN, 0});
        if (::poll(p.data(), p.size(), 200) <= 0) continue;
        if (p[0].revents & POLLIN) {
            const int fd = ::accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
            if (fd >= 0) clients.push_back(Client{fd});
        }
        for (std::size_t i = 1; i < p.size(); ++i) {
            if (!(p[i].revents & (POLLIN | POLLHUP))) continue;
            Client& c = clients[i - 1];
            char buf[4096];
            const ssize_t n = ::recv(c.fd, buf, sizeof buf, 0);
            if (n <= 0) continue;
            log << "bytes " << std::string(buf, static_cast<std::size_t>(n)) << "\n" << std::flush;
            c.reader.feed(std::string_view(buf, static_cast<std::size_t>(n)));
            while (auto m = c.reader.next()) {
                if (m->kind != "hello") continue;
                if (m->value("role") == "list") {
                    Message info("info");
                    info.add("game", game).add("host", "alice").add("army-a", "French").add("army-b", "Spanish");
                    info.add("turn", "0").add("commands", "0").add("over", "no");
                    info.add("seat-a", "present alice").add("seat-b", "open").add("watchers", "0").add("pid", "1");
                    send(c.fd, info);
                } else {
                    // A challenge it cannot prove, and (for a client of the old protocol) a welcome.
                    Message ch("challenge");
                    ch.add("game", game).add("nonce", std::string(32, '1')).add("proof", std::string(64, '2'));
                    send(c.fd, ch);
                }
            }
        }
    }
    for (const Client& c : clients) ::close(c.fd);
    ::unlink(path.c_str());
    return 0;
}
