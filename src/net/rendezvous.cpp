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
    return id.size() == 8 && std::all_of(id.begin(), id.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

namespace {

/// A user's login, or the uid as text.
std::string user_text(uid_t uid) {
    if (const passwd* pw = ::getpwuid(uid)) return pw->pw_name;
    return "uid " + std::to_string(uid);
}

/// Whether users other than the owner may add or remove names in the directory.
bool others_may_write(const struct stat& st) {
    return (st.st_mode & (S_IWGRP | S_IWOTH)) != 0;
}
/// Whether a directory of this owner may be trusted: root's, or this user's own.
bool trusted_owner(uid_t uid) {
    return uid == 0 || uid == ::geteuid();
}

/// Why a parent of the directory would let another user rename it and put their own in its place
/// (a parent of theirs, or one others may write in without the sticky bit); nothing if none does.
std::optional<std::string> unsafe_parent(const fs::path& dir) {
    std::error_code ec;
    fs::path path = fs::absolute(dir, ec).lexically_normal();
    if (!path.has_filename()) path = path.parent_path();  // "/var/games/tercio/"
    // The parents as they really are: a link among them (/var/run) is followed, and what it
    // leads to is checked instead.
    fs::path p = fs::canonical(path.parent_path(), ec);
    if (ec) return "game directory " + dir.string() + ": its parent: " + ec.message();
    for (;;) {
        struct stat st {};
        if (::stat(p.c_str(), &st) != 0)
            return "game directory " + dir.string() + ": " + p.string() + ": " +
                   std::strerror(errno);
        if (!trusted_owner(st.st_uid)) {
            return "game directory " + dir.string() + " is inside " + p.string() +
                   ", which belongs to " + user_text(st.st_uid) +
                   ": they could put a directory of their own in its place. Use a directory whose "
                   "parents belong to root or to you";
        }
        if (others_may_write(st) && (st.st_mode & S_ISVTX) == 0) {
            return "game directory " + dir.string() + " is inside " + p.string() +
                   ", which other users may write in and which is not sticky: they could put a "
                   "directory of their own in "
                   "its place. Use a directory whose parents belong to root or to you";
        }
        if (p == p.root_path() || !p.has_relative_path()) break;
        p = p.parent_path();
    }
    return std::nullopt;
}

std::optional<fs::path> open_dir(const fs::path& dir, bool is_default, std::string& why) {
    struct stat st {};
    if (::lstat(dir.c_str(), &st) != 0) {
        if (errno != ENOENT || !is_default) {
            why = "game directory " + dir.string() + ": " + std::strerror(errno);
            return std::nullopt;
        }
        // The default, made the way /tmp is: everyone may add a game, nobody remove another's.
        // Made by an ordinary user it is that user's, and every other user refuses it until an
        // administrator makes it root's (docs/network.md, "Where games are found").
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
        why = "game directory " + dir.string() +
              " is a symbolic link: refused (someone may have planted it)";
        return std::nullopt;
    }
    if (!S_ISDIR(st.st_mode)) {
        why = "game directory " + dir.string() + " is not a directory";
        return std::nullopt;
    }
    if (!trusted_owner(st.st_uid)) {
        // Even sticky, a directory's owner may remove or rename anything in it: its owner could
        // put a server of their own in the place of another player's and learn the codes typed.
        const std::string owner = user_text(st.st_uid);
        why = "game directory " + dir.string() + " belongs to " + owner +
              ", not to root or to you: " + owner +
              " could remove or replace the other players' games in it. ";
        why += is_default
                   ? "An administrator makes it safe to share with: install -d -m 1777 -o root -g "
                     "root " +
                         dir.string() + " (or play with --server-dir DIR, a directory of your own)"
                   : "Use a directory of root's (for a group: install -d -m 3770 -o root -g GROUP "
                     "DIR) or of your own";
        return std::nullopt;
    }
    if (others_may_write(st) && (st.st_mode & S_ISVTX) == 0) {
        why = "game directory " + dir.string() +
              " may be written by other users but is not sticky (chmod +t): another user could "
              "remove or replace a "
              "game's socket";
        return std::nullopt;
    }
    if (auto parent = unsafe_parent(dir)) {
        why = std::move(*parent);
        return std::nullopt;
    }
    return dir;
}

}  // namespace

std::optional<fs::path> open_server_dir(const std::optional<fs::path>& flag, std::string& why) {
    if (flag) return open_dir(*flag, false, why);
    return open_dir(fs::path(kDefaultServerDir), true, why);
}

std::optional<fs::path> open_default_server_dir(const fs::path& dir, std::string& why) {
    return open_dir(dir, true, why);
}

std::optional<fs::path> socket_path(const fs::path& dir, const std::string& game_id,
                                    std::string& why) {
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
        if (name.size() != 13 || name.substr(8) != ".sock" || !valid_game_id(name.substr(0, 8)))
            continue;
        struct stat st {};
        const fs::path p = dir / name;
        if (::lstat(p.c_str(), &st) != 0 || !S_ISSOCK(st.st_mode)) continue;
        GameSocket g{name.substr(0, 8), p, st.st_uid, {}};
        if (const passwd* pw = ::getpwuid(st.st_uid)) {
            g.owner_name = pw->pw_name;
        } else {
            g.owner_name = "uid " + std::to_string(st.st_uid);
        }
        found.emplace_back(
            static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
            std::move(g));
    }
    ::closedir(d);
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<GameSocket> out;
    for (auto& [t, g] : found) out.push_back(std::move(g));
    return out;
}

}  // namespace tercio::net
