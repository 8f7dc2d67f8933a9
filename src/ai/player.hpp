#pragma once
/// Players: whoever decides for a side (a computer level here; the keyboard, a replay or a remote
/// peer elsewhere) sees the game through a GameView and answers with a Command. Pure, like the
/// rules: no I/O, no globals; a computer player's randomness comes from its own seeded stream,
/// never from the game's dice.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "rules/game.hpp"

namespace tercio::ai {

/// The computer's levels, and the uniformly random baseline.
enum class Level : std::uint8_t { Random, Easy, Normal, Hard };
inline constexpr std::array<Level, 4> kLevels = {Level::Random, Level::Easy, Level::Normal, Level::Hard};
/// "random", "easy", "normal", "hard".
std::string_view level_name(Level level);
std::optional<Level> parse_level(std::string_view text);

/// What one side may know: the game with the face-down part of both decks put in one fixed order
/// (sorted by card kind). Which cards remain is public (every deck's make-up is known, and turned
/// cards are seen); their order is not, and a view carries none of it. The game's dice are not
/// in a view at all.
struct GameView {
    const rules::RulesContext* ctx = nullptr;
    rules::GameState state;
    rules::Side side = rules::Side::A;  ///< the side deciding, whose view this is
    const rules::RulesContext& rules() const { return *ctx; }
};

/// The view of `side` (normally the deciding side) of a game.
GameView make_view(const rules::RulesContext& ctx, const rules::GameState& s, rules::Side side);

/// Puts each deck's face-down cards in the canonical order: what make_view does to its copy.
void hide_unseen_cards(rules::GameState& s);

/// Anyone who decides for a side.
class Player {
public:
    virtual ~Player() = default;
    /// A legal command for the view's deciding side. Called only when the game waits for that side.
    virtual rules::Command choose(const GameView& view) = 0;
    /// Candidate commands scored so far (including those inside a search): the bench's measure of
    /// work done, deterministic for a given seed.
    virtual std::uint64_t evaluated() const { return 0; }
};

/// A computer player of `level` whose own random choices are drawn from `seed`.
std::unique_ptr<Player> make_player(Level level, std::uint64_t seed);

/// The seed of a computer player's own stream in the game seeded `game_seed`: different for each
/// side and never the game's own seed.
std::uint64_t player_seed(std::uint64_t game_seed, rules::Side side);

}  // namespace tercio::ai
