#pragma once
/// `tercio play` (and `tercio` alone in a terminal): the start menu, then the game in the
/// terminal, two players at one keyboard.
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
    /// Show the start menu: true unless an army or the seed was given on the command line.
    bool menu() const { return !red && !blue && !seed; }
};

int run_play(const PlayOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
