#pragma once
/// `tercio play`: the game in the terminal, two players at one keyboard.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace tercio::app {

struct PlayOptions {
    std::string red = "french";
    std::string blue = "spanish";
    std::optional<std::uint64_t> seed;  ///< none: from the clock
    bool color = true;
    bool ascii = false;
};

int run_play(const PlayOptions& opt, const std::filesystem::path& data_dir);

}  // namespace tercio::app
