#pragma once
/// Players: whoever decides for a side (a computer level here; the keyboard, a replay or a remote
/// peer elsewhere) sees the game through a GameView and answers with a Command. Pure, like the
/// rules: no I/O, no globals; a computer player's randomness comes from its own seeded stream,
/// never from the game's dice.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice.hpp"
#include "core/engine.hpp"

namespace tercio::ai {

/// The computer's levels, and the uniformly random baseline.
enum class Level : std::uint8_t { Random, Easy, Normal, Hard, Expert };
inline constexpr std::array<Level, 5> kLevels = {Level::Random, Level::Easy, Level::Normal, Level::Hard,
                                                 Level::Expert};
/// "random", "easy", "normal", "hard", "expert": a level's name in saves, options and menus.
std::string_view level_name(Level level);
std::optional<Level> parse_level(std::string_view text);
/// The names of the levels `has` admits (every level by default), in order.
template <class Has>
std::vector<std::string> level_names(Has has) {
    std::vector<std::string> names;
    for (const Level l : kLevels) {
        if (has(l)) names.emplace_back(level_name(l));
    }
    return names;
}
inline std::vector<std::string> level_names() {
    return level_names([](Level) { return true; });
}
/// "random, easy, normal, hard or expert": `names` as a sentence lists them.
std::string levels_in_words(const std::vector<std::string>& names);
/// Every level, in words.
inline std::string levels_in_words() { return levels_in_words(level_names()); }

/// What one side may know: the game with the face-down part of both decks put in one fixed order
/// (E::hide_unseen). Which cards remain is public (every deck's make-up is known, and turned
/// cards are seen); their order is not, and a view carries none of it. The game's dice are not
/// in a view at all.
template <core::RulesEngine E>
struct View {
    const typename E::Context* ctx = nullptr;
    typename E::State state;
    core::Side side = core::Side::A;  ///< the side deciding, whose view this is
    const typename E::Context& rules() const { return *ctx; }
};

/// The view of `side` (normally the deciding side) of a game.
template <core::RulesEngine E>
View<E> view_of(const typename E::Context& ctx, const typename E::State& s, core::Side side) {
    View<E> v{&ctx, s, side};
    E::hide_unseen(v.state);
    return v;
}

/// Anyone who decides for a side, in games of engine E.
template <core::RulesEngine E>
class PlayerOf {
public:
    virtual ~PlayerOf() = default;
    /// A legal command for the view's deciding side. Called only when the game waits for that side.
    virtual typename E::Command choose(const View<E>& view) = 0;
    /// Candidate commands scored so far (including those inside a search): the bench's measure of
    /// work done, deterministic for a given seed.
    virtual std::uint64_t evaluated() const { return 0; }
};

/// The baseline of every engine: a uniformly random legal command (E::random_legal), never a
/// concession (a baseline that gives up at random would measure nothing).
template <core::RulesEngine E>
class RandomPlayer final : public PlayerOf<E> {
public:
    explicit RandomPlayer(std::uint64_t seed) : stream_(seed) {}
    typename E::Command choose(const View<E>& view) override {
        std::size_t listed = 0;
        auto c = E::random_legal(view.rules(), view.state, stream_, &listed);
        if (!c) return E::concede();
        evaluated_ += listed - 1;  // every command but conceding
        return *c;
    }
    std::uint64_t evaluated() const override { return evaluated_; }

private:
    core::SeededDice stream_;
    std::uint64_t evaluated_ = 0;
};

/// The seed of a computer player's own stream in the game seeded `game_seed`: different for each
/// side and never the game's own seed.
std::uint64_t player_seed(std::uint64_t game_seed, core::Side side);

}  // namespace tercio::ai
