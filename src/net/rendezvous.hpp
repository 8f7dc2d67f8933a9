#pragma once
/// Where the games of one machine are found: a directory of Unix-domain sockets, one per game
/// server, named <game id>.sock. By default /tmp/tercio-games, which every user can reach; an
/// administrator may name another (--server-dir, say a group-owned /var/games/tercio). The
/// directory is hostile ground when several users share it, so it is checked before use: a real
/// directory (not a link) owned by root or by this user, sticky if others may write in it (as
/// /tmp/.X11-unix is), inside parents nobody else may rename it out of. So nobody can remove or
/// replace another's socket. A client also checks that the process serving a socket belongs to
/// the socket's owner.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tercio::net {

/// The default rendezvous directory.
inline constexpr const char* kDefaultServerDir = "/tmp/tercio-games";

/// The directory named by --server-dir (`flag`), or the default, checked; the reason if it cannot
/// be used safely. It must be a directory and not a symbolic link; owned by root or by the
/// effective user (the owner of a sticky directory may still remove anyone's socket in it); sticky
/// if its group or others may write in it; and each of its parents owned by root or the effective
/// user and sticky if others may write in it. The default is made when missing, mode 1777 like
/// /tmp: by root it is everyone's; by an ordinary user it is that user's, and every other user
/// refuses it with a reason that tells the administrator how to make it root's (docs/network.md).
std::optional<std::filesystem::path> open_server_dir(
    const std::optional<std::filesystem::path>& flag, std::string& why);

/// As open_server_dir() with no flag, for a default directory at `dir` instead of
/// kDefaultServerDir (tests): made when missing, and a refusal names the administrator's remedy.
std::optional<std::filesystem::path> open_default_server_dir(const std::filesystem::path& dir,
                                                             std::string& why);

/// A game's socket in the directory; the reason if the path is too long for a socket (107 bytes).
std::optional<std::filesystem::path> socket_path(const std::filesystem::path& dir,
                                                 const std::string& game_id, std::string& why);

/// A game socket found in the directory: its id and its owner.
struct GameSocket {
    std::string game_id;
    std::filesystem::path path;
    std::uint32_t owner = 0;
    std::string owner_name;  ///< the owner's login, or the uid as text
};

/// The sockets in the directory named like a game's, oldest first (links and other files are
/// skipped).
std::vector<GameSocket> game_sockets(const std::filesystem::path& dir);

/// Whether a text is a game id (8 lower-case hex digits).
bool valid_game_id(std::string_view id);

}  // namespace tercio::net
