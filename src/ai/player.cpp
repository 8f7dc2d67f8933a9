#include "ai/player.hpp"

#include "ai/levels.hpp"

namespace tercio::ai {

std::string_view level_name(Level level) {
    switch (level) {
        case Level::Random: return "random";
        case Level::Easy: return "easy";
        case Level::Normal: return "normal";
        case Level::Hard: return "hard";
    }
    return "?";
}

std::optional<Level> parse_level(std::string_view text) {
    for (Level l : kLevels) {
        if (level_name(l) == text) return l;
    }
    return std::nullopt;
}

void hide_unseen_cards(rules::GameState& s) { rules::Engine::hide_unseen(s); }

GameView make_view(const rules::RulesContext& ctx, const rules::GameState& s, rules::Side side) {
    return view_of<rules::Engine>(ctx, s, side);
}

std::unique_ptr<Player> make_player(Level level, std::uint64_t seed) {
    switch (level) {
        case Level::Random: return make_random(seed);
        case Level::Easy: return make_easy(seed);
        case Level::Normal: return make_normal(seed);
        case Level::Hard: return make_hard(seed);
    }
    return make_random(seed);
}

std::uint64_t player_seed(std::uint64_t game_seed, rules::Side side) {
    // A fixed odd multiplier and a per-side constant: never equal to the game's seed.
    return (game_seed * 0x9E3779B97F4A7C15ULL) ^ (side == rules::Side::A ? 0xA11CE5EEDULL : 0xB0B5EED5ULL);
}

}  // namespace tercio::ai
