#pragma once
/// `tercio replay FILE`: a saved game, finished or not, shown in the panes of the game and
/// stepped through command by command, by card or by turn, or played on by itself. The save is
/// only read.
#include <filesystem>
#include <optional>

namespace tercio::app {

struct ReplayOptions {
    std::filesystem::path file;
    bool color = true;
    bool ascii = false;
    int speed_ms = 500;       ///< autoplay: the delay between commands
    std::optional<int> turn;  ///< open at the start of this turn (0: the set-up); none: the start
};

int run_replay(const ReplayOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
