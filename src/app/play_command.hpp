#pragma once
/// `tercio play` (and `tercio` alone in a terminal): the start menu, then the game in the
/// terminal, two players at one keyboard. Every command is saved as it is played, under the
/// player's save directory; `--resume` goes on with the newest unfinished game.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace tercio::app {

struct PlayOptions {
    std::optional<std::string> red;     ///< none: chosen in the start menu (french by default)
    std::optional<std::string> blue;    ///< none: chosen in the start menu (spanish by default)
    std::optional<std::uint64_t> seed;  ///< none: from the clock
    bool color = true;
    bool ascii = false;
    /// Go on with the player's newest unfinished game instead of starting one.
    bool resume = false;
    std::optional<std::filesystem::path> save_dir;  ///< none: $XDG_STATE_HOME/tercio (data::saves_root)
    std::optional<std::string> player;              ///< none: the login name
    /// Show the start menu: true unless an army or the seed was given on the command line.
    bool menu() const { return !red && !blue && !seed && !resume; }
};

int run_play(const PlayOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
