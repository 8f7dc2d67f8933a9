#include "ai/player.hpp"

#include "core/names.hpp"

namespace tercio::ai {

std::string_view level_name(Level level) {
    switch (level) {
        case Level::Random: return "random";
        case Level::Easy: return "easy";
        case Level::Normal: return "normal";
        case Level::Hard: return "hard";
        case Level::Expert: return "expert";
    }
    return "?";
}

std::optional<Level> parse_level(std::string_view text) {
    for (Level l : kLevels) {
        if (level_name(l) == text) return l;
    }
    return std::nullopt;
}

std::string levels_in_words(const std::vector<std::string>& names) { return core::in_words(names, "or"); }

std::uint64_t player_seed(std::uint64_t game_seed, core::Side side) {
    // A fixed odd multiplier and a per-side constant: never equal to the game's seed.
    return (game_seed * 0x9E3779B97F4A7C15ULL) ^ (side == core::Side::A ? 0xA11CE5EEDULL : 0xB0B5EED5ULL);
}

}  // namespace tercio::ai
