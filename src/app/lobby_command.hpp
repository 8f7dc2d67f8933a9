#pragma once
/// `tercio lobby`: what a public server's one shared game account runs as its forced command
/// (sshd's `ForceCommand`, docs/server.md). A player logs in or registers, then has tercio's start
/// menu as that player: play the computer, host, join, watch, replay. Their saves and seat tokens
/// are in their own folder under the lobby's directory, and every game hosted from it is found
/// in the lobby's games folder. Quitting the start menu logs out; the first screen's q ends it.
/// The administrator's `--lock NAME`, `--unlock NAME` and `--list` act and exit.
#include <filesystem>
#include <optional>
#include <string>

namespace tercio::app {

struct LobbyOptions {
    std::filesystem::path root = "/var/games/tercio";
    std::optional<std::string> lock;    ///< the administrator locks this name and exits
    std::optional<std::string> unlock;  ///< ... unlocks it
    bool list = false;                  ///< ... lists the players
    bool color = true;
    bool ascii = false;
};

int run_lobby(const LobbyOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
