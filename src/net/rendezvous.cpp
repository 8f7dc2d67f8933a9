#include "net/rendezvous.hpp"

#include <dirent.h>
#include <pwd.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace tercio::net {

namespace fs = std::filesystem;

bool valid_game_id(std::string_view id) {
    return id.size() == 8 && std::all_of(id.begin(), id.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::optional<fs::path> open_server_dir(const std::optional<fs::path>& flag, std::string& why) {
    const fs::path dir = flag.value_or(fs::path(kDefaultServerDir));
    struct stat st {};
    if (::lstat(dir.c_str(), &st) != 0) {
        if (errno != ENOENT || flag) {
            why = "game directory " + dir.string() + ": " + std::strerror(errno);
            return std::nullopt;
        }
        // The default, made the way /tmp is: everyone may add a game, nobody remove another's.
        if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
            why = "cannot make the game directory " + dir.string() + ": " + std::strerror(errno);
            return std::nullopt;
        }
        if (::lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid()) {
            ::chmod(dir.c_str(), 01777);
        }
        if (::lstat(dir.c_str(), &st) != 0) {
            why = "game directory " + dir.string() + ": " + std::strerror(errno);
            return std::nullopt;
        }
    }
    if (S_ISLNK(st.st_mode)) {
        why = "game directory " + dir.string() + " is a symbolic link: refused (someone may have planted it)";
        return std::nullopt;
    }
    if (!S_ISDIR(st.st_mode)) {
        why = "game directory " + dir.string() + " is not a directory";
        return std::nullopt;
    }
    const bool others_write = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
    if (others_write && (st.st_mode & S_ISVTX) == 0) {
        why = "game directory " + dir.string() +
              " may be written by other users but is not sticky (chmod +t): another user could remove or replace a "
              "game's socket";
        return std::nullopt;
    }
    if (st.st_uid != ::geteuid() && st.st_uid != 0 && !others_write) {
        why = "game directory " + dir.string() + " belongs to another user and is not shared";
        return std::nullopt;
    }
    return dir;
}

std::optional<fs::path> socket_path(const fs::path& dir, const std::string& game_id, std::string& why) {
    fs::path p = dir / (game_id + ".sock");
    if (p.string().size() >= sizeof(sockaddr_un{}.sun_path)) {
        why = "game directory " + dir.string() + " is too long a path for a socket (at most " +
              std::to_string(sizeof(sockaddr_un{}.sun_path) - 15) + " bytes)";
        return std::nullopt;
    }
    return p;
}

std::vector<GameSocket> game_sockets(const fs::path& dir) {
    std::vector<std::pair<std::int64_t, GameSocket>> found;
    DIR* d = ::opendir(dir.c_str());
    if (!d) return {};
    while (const dirent* e = ::readdir(d)) {
        const std::string name = e->d_name;
        if (name.size() != 13 || name.substr(8) != ".sock" || !valid_game_id(name.substr(0, 8))) continue;
        struct stat st {};
        const fs::path p = dir / name;
        if (::lstat(p.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) continue;
        GameSocket g{name.substr(0, 8), p, st.st_uid, {}};
        if (const passwd* pw = ::getpwuid(st.st_uid)) {
            g.owner_name = pw->pw_name;
        } else {
            g.owner_name = "uid " + std::to_string(st.st_uid);
        }
        found.emplace_back(static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec, std::move(g));
    }
    ::closedir(d);
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<GameSocket> out;
    for (auto& [t, g] : found) out.push_back(std::move(g));
    return out;
}

}  // namespace tercio::net
