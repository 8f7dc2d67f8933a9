// The baseline: a uniformly random legal command, never a concession (a baseline that gives up
// at random would measure nothing).
#include <algorithm>
#include <variant>

#include "ai/levels.hpp"
#include "core/dice.hpp"

namespace tercio::ai {

namespace {

class RandomPlayer final : public Player {
public:
    explicit RandomPlayer(std::uint64_t seed) : stream_(seed) {}
    rules::Command choose(const GameView& view) override {
        auto legal = rules::legal_commands(view.rules(), view.state);
        std::erase_if(legal, [](const rules::Command& c) { return std::holds_alternative<rules::Concede>(c); });
        if (legal.empty()) return rules::Concede{};
        evaluated_ += legal.size();
        const int n = static_cast<int>(legal.size());
        return legal[static_cast<std::size_t>(stream_.pick(n, core::RollPurpose::Other))];
    }
    std::uint64_t evaluated() const override { return evaluated_; }

private:
    core::SeededDice stream_;
    std::uint64_t evaluated_ = 0;
};

}  // namespace

std::unique_ptr<Player> make_random(std::uint64_t seed) { return std::make_unique<RandomPlayer>(seed); }

}  // namespace tercio::ai
