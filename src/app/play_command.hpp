#pragma once
/// `tercio play` (and `tercio` alone in a terminal): the start menu, then the game in the
/// terminal, against the computer or two players at one keyboard; or, from the menu, a game
/// hosted for another terminal or joined on this server (app/net_command.hpp). Every command is saved as it
/// is played, under the player's save directory; `--resume` goes on with the newest unfinished
/// game.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/kit_options.hpp"

namespace tercio::data {
class GameSave;
}

namespace tercio::app {

struct PlayOptions {
    /// The ruleset (`--ruleset`): none, the default ruleset (kits::default_ruleset) unless the
    /// start menu chooses another.
    std::optional<std::string> ruleset;
    std::optional<std::string> red;     ///< none: chosen in the start menu (french by default)
    std::optional<std::string> blue;    ///< none: chosen in the start menu (spanish by default)
    std::optional<std::uint64_t> seed;  ///< none: from the clock
    /// The optional rules of a new game (`--optional-rule`, by name): none, the ruleset's
    /// standard game (the start menu may choose some).
    std::vector<std::string> optional_rules;
    bool color = true;
    bool ascii = false;
    /// Go on with the player's newest unfinished game instead of starting one.
    bool resume = false;
    /// With `resume`: that save (its name in the player's directory, or its path) instead.
    std::optional<std::string> resume_file;
    std::optional<std::filesystem::path> save_dir;  ///< none: $XDG_STATE_HOME/tercio (data::saves_root)
    std::optional<std::string> player;              ///< none: the login name
    /// Where the menu's Host a game and Join a game find this machine's games (none:
    /// /tmp/tercio-games).
    std::optional<std::filesystem::path> server_dir;
    /// The computer plays a side at this level (`--vs`: a level's name, ai::level_name).
    std::optional<std::string> vs;
    std::string computer_side = "blue";  ///< the side it plays: "red" (A) or "blue" (B)
    /// The least time from one command to the computer's next, so that each can be seen.
    int ai_delay_ms = 600;
    /// Plain lines on standard output and commands from standard input, no curses (`--plain`).
    bool plain = false;
    /// Set by `tercio lobby`, whose players have no shell: after a game, the words name the start
    /// menu's lines, not a file or a command to type.
    bool lobby = false;
    /// A line the start menu shows first (`tercio lobby`: how the last game ended).
    std::string menu_message;
    /// The start menu's Replay a game lists every player's finished games (the directories beside
    /// the player's own under the saves root, each game named with its player), not only the
    /// player's: a public server's lobby sets it.
    bool replay_everyone = false;
    /// The kits' own options (`--unmoved-shots`...), each with its value (app/kit_options.hpp).
    KitOptionValues kit_options;
    /// Show the start menu: true unless an army, the seed or the computer's level was given on
    /// the command line, or the game is played in plain lines.
    bool menu() const { return !red && !blue && !seed && !resume && !vs && !plain && optional_rules.empty(); }
};

/// `left_menu` (if given) is set when the player chose Quit in the start menu (no game was played,
/// hosted or joined): `tercio lobby` then logs the player out instead of showing the menu again.
int run_play(const PlayOptions& opt, const std::filesystem::path& data_dir, bool* left_menu = nullptr);

/// What `tercio play` prints once a game is left (the terminal closed): the commands the disk
/// refused, why it stopped (a signal, the end of the input), then "tercio: " and `what` ("game
/// french v spanish, seed 12, finished"), where it is saved, and, unless it is `over`, how to go
/// on with it. When the disk still refuses the last commands, it says that they are NOT saved
/// (never "saved in") and that the save holds the commands before them. The exit status: 0, or
/// kExitIoError (74) when any command is not written.
int say_game_left(const PlayOptions& opt, const std::string& player, data::GameSave& save,
                  bool input_ended, const std::string& what, bool over);

}  // namespace tercio::app
