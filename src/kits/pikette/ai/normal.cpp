// The `normal` level: scores every legal command with the Scorer (exact odds, threats, terrain,
// chips, the cards left in its own deck) and plays the best, with a little noise from its own
// stream so that equal choices do not always fall the same way.
#include <algorithm>

#include "kits/pikette/ai/levels.hpp"
#include "kits/pikette/ai/normal.hpp"
#include "core/dice.hpp"

namespace tercio::ai {

namespace {

constexpr int kNoiseSteps = 1000;
constexpr double kNoise = 0.02;  ///< noise added to each score: uniform in [0, kNoise)

class NormalPlayer final : public Player {
public:
    explicit NormalPlayer(std::uint64_t seed) : stream_(seed) {}
    rules::Command choose(const GameView& view) override {
        if (!scorer_ || ctx_ != view.ctx) {
            // A new game: its counts go on from the last one's.
            if (scorer_) before_ += scorer_->evaluated();
            scorer_.emplace(view.rules());
            ctx_ = view.ctx;
        }
        auto scored = scorer_->score_all(view.state);
        return pick_best(scored, stream_, kNoise);
    }
    std::uint64_t evaluated() const override { return scorer_ ? scorer_->evaluated() + before_ : before_; }

private:
    core::SeededDice stream_;
    std::optional<Scorer> scorer_;
    const rules::RulesContext* ctx_ = nullptr;
    std::uint64_t before_ = 0;  ///< counted by scorers of earlier games
};

}  // namespace

rules::Command pick_best(std::vector<Scored>& scored, core::Dice& stream, double noise) {
    if (scored.empty()) return rules::Concede{};
    std::size_t best = 0;
    double best_v = -1e300;
    for (std::size_t i = 0; i < scored.size(); ++i) {
        double v = scored[i].score;
        if (noise > 0 && scored.size() > 1) {
            v += noise * stream.pick(kNoiseSteps, core::RollPurpose::Other) / kNoiseSteps;
        }
        if (v > best_v) {
            best_v = v;
            best = i;
        }
    }
    return std::move(scored[best].command);
}

std::unique_ptr<Player> make_normal(std::uint64_t seed) { return std::make_unique<NormalPlayer>(seed); }

}  // namespace tercio::ai
