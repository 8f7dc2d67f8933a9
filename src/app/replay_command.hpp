#pragma once
/// `tercio replay FILE`: a saved game, finished or not, shown in the panes of the game and
/// stepped through command by command, by card or by turn, or played on by itself. The save is
/// only read.
#include <filesystem>
#include <optional>
#include <string>

namespace tercio::ui {
class CursesSurface;
}

namespace tercio::app {

struct ReplayOptions {
    std::filesystem::path file;
    bool color = true;
    bool ascii = false;
    int speed_ms = 500;       ///< autoplay: the delay between commands
    std::optional<int> turn;  ///< open at the start of this turn (0: the set-up); none: the start
};

int run_replay(const ReplayOptions& opt, const std::filesystem::path& data_dir);

/// The start menu's Replay a game: the save `text` (read by the caller, `opt.file` naming it) in
/// the same replay screen, on the menu's terminal `term`, until the viewer leaves it. False, with
/// why (the first error, or where the replay stopped agreeing with the save), when it could not
/// be shown whole; nothing is printed.
bool replay_on(ui::CursesSurface& term, const ReplayOptions& opt, const std::string& text,
               const std::filesystem::path& data_dir, std::string& why);

}  // namespace tercio::app
