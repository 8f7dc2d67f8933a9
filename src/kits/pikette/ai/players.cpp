#include "kits/pikette/ai/players.hpp"

#include "kits/pikette/ai/levels.hpp"

namespace tercio::ai {

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
        case Level::Expert: return make_expert(seed);
    }
    return make_random(seed);
}

}  // namespace tercio::ai
