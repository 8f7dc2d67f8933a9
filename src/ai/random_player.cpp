// The baseline: a uniformly random legal command, never a concession (a baseline that gives up
// at random would measure nothing).
#include "ai/levels.hpp"
#include "core/dice.hpp"

namespace tercio::ai {

namespace {

class RandomPlayer final : public Player {
public:
    explicit RandomPlayer(std::uint64_t seed) : stream_(seed) {}
    rules::Command choose(const GameView& view) override {
        std::size_t listed = 0;
        auto c = rules::random_legal(view.rules(), view.state, stream_, &listed);
        if (!c) return rules::Concede{};
        evaluated_ += listed - 1;  // every command but conceding
        return *c;
    }
    std::uint64_t evaluated() const override { return evaluated_; }

private:
    core::SeededDice stream_;
    std::uint64_t evaluated_ = 0;
};

}  // namespace

std::unique_ptr<Player> make_random(std::uint64_t seed) { return std::make_unique<RandomPlayer>(seed); }

}  // namespace tercio::ai
