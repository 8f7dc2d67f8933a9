#pragma once
/// `tercio host`, `tercio join` and `tercio watch`: two players on two terminals, on one machine
/// (Unix-domain sockets in a shared game directory) or across a LAN (TCP), with spectators. The
/// host starts a game server detached from its terminal, which owns the game and its save; every
/// screen, the host's included, is a client of it (docs/network.md).
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/kit_options.hpp"
#include "ui/join_menu.hpp"

namespace tercio::app {

struct NetOptions {
    // tercio host
    std::optional<std::string> red;     ///< side A's army (default french)
    std::optional<std::string> blue;    ///< side B's army (default spanish)
    std::optional<std::string> ruleset;  ///< the ruleset's id (default: the red army's, of the default ruleset)
    std::optional<std::uint64_t> seed;  ///< none: from getrandom (a hosted game's dice must not be guessed)
    std::optional<std::string> vs;      ///< the computer plays the other side at this level
    std::string side = "red";           ///< the host's side: red (A) or blue (B)
    std::vector<std::string> optional_rules;  ///< a new game's optional rules (`--optional-rule`)
    bool resume = false;                ///< host the player's newest unfinished game
    std::optional<std::string> listen;  ///< ADDRESS:PORT: also take players over TCP
    int idle_minutes = 30;              ///< the server ends when no player has been connected this long
    int ai_delay_ms = 600;
    // everyone
    std::optional<std::filesystem::path> server_dir;  ///< none: /tmp/tercio-games
    std::optional<std::filesystem::path> save_dir;
    std::optional<std::string> player;
    bool plain = false;
    bool color = true;
    bool ascii = false;
    /// From `tercio lobby`, whose players have no shell: words name the start menu's lines, not
    /// commands to type.
    bool lobby = false;
    KitOptionValues kit_options;  ///< as PlayOptions::kit_options
    // tercio join / watch: [HOST:PORT] [CODE or game id]
    std::vector<std::string> targets;
};

int run_host(const NetOptions& opt, const std::filesystem::path& data_dir);
/// The one line a starting game server writes on its ready pipe ("ok" and its fields, or "error"
/// and why), split at its tabs; waits at most 30 s; empty if nothing came.
std::vector<std::string> read_ready_line(int fd);
/// `tercio play --resume` on a game a server is serving now (its seats file, beside the save,
/// names a game whose socket in the default game directory answers): joins it as `tercio join`
/// would and returns the exit code; nothing if the save is not being served.
/// The id of the game a server is serving from this save now (its seats file names a game whose
/// socket in the game directory answers); none if nobody serves it.
std::optional<std::string> served_game(const NetOptions& opt, const std::string& save_name);
std::optional<int> join_if_served(const NetOptions& opt, const std::filesystem::path& data_dir,
                                  const std::string& save_name);
int run_join(const NetOptions& opt, const std::filesystem::path& data_dir);

/// For the start menu's *Join a game*: the games running in the game directory (`where` is set
/// to its path). When the directory cannot be opened: none, and `why`.
std::vector<ui::GameListing> games_for_menu(const NetOptions& opt, std::string& where, std::string& why);
/// For the start menu's Continue: the games running in the game directory in which this player
/// holds a seat (a token kept from an earlier join, as the Join menu's [back]) and that are not
/// over; a game served now by another user than the one who served it when the seat was taken is
/// left out (joining it would be refused). None when the directory cannot be opened.
std::vector<ui::GameListing> held_seats(const NetOptions& opt);
/// Joins game `id` of the game directory from the start menu: a seat with `code` (empty: the
/// seat this player holds), or as a spectator with `watch`. Once in, calls `leave_menu` (which
/// gives up the menu's terminal) and plays to the end: the exit code. Refused: none, and `why`.
std::optional<int> join_from_menu(const NetOptions& opt, const std::filesystem::path& data_dir, const std::string& id,
                                  const std::string& code, bool watch, const std::function<void()>& leave_menu,
                                  std::string& why);
int run_watch(const NetOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
