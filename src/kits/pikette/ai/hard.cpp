// The `hard` level: determinized rollouts. At each decision with a real choice it takes the
// `normal` level's best few commands and, for each, plays out the rest of the current phase and
// the phases after it (HardBudget::phases) several times over: every sample deals the face-down
// cards in an order drawn from its own stream (any order is consistent with what it has seen,
// since a view shows which cards remain but not their order) and rolls its own dice (a stream for
// each purpose: core::PurposeDice), with `normal` (without noise) deciding for both sides. It
// keeps normal's choice unless another command's samples end better by the normal level's
// evaluation beyond their noise (paired differences, since every candidate is played out on the
// same samples: the same deck orders and dice). The budget is a count of samples, not a time, so
// the same seed gives the same game. src/ai/hard.hpp has the default budget; docs/computer.md says
// how it was chosen.
#include "kits/pikette/ai/hard.hpp"

#include <algorithm>
#include <cmath>

#include "kits/pikette/ai/levels.hpp"
#include "kits/pikette/ai/normal.hpp"
#include "core/dice.hpp"

namespace tercio::ai {

namespace {

/// Shuffles each deck's face-down cards (Fisher-Yates with the sample's stream).
void deal_unseen(rules::GameState& s, core::Dice& stream) {
    for (auto& d : s.decks) {
        for (int i = d.size - 1; i > d.drawn; --i) {
            const int j = d.drawn + stream.pick(i - d.drawn + 1, core::RollPurpose::Shuffle);
            std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(j)]);
        }
    }
}

/// What a command sets in motion: its kind and the unit (by square) that acts; for a move,
/// whether it attacks, and for a shot, its target. One unit's steps to different squares share it.
std::uint64_t actor_of(const rules::Command& c) {
    const auto sq = [](core::Square q) {
        return static_cast<std::uint64_t>(static_cast<std::uint8_t>(q.x)) << 8 |
               static_cast<std::uint8_t>(q.y);
    };
    std::uint64_t who = 0;
    if (const auto* m = std::get_if<rules::Move>(&c))
        who = sq(m->from) << 1 | (m->attack ? 1U : 0U);
    else if (const auto* sh = std::get_if<rules::Shoot>(&c))
        who = sq(sh->from) << 16 | sq(sh->target);
    else if (const auto* ch = std::get_if<rules::Charge>(&c))
        who = sq(ch->from);
    else if (const auto* f = std::get_if<rules::Fight>(&c))
        who = sq(f->square);
    else if (const auto* r = std::get_if<rules::Reload>(&c))
        who = sq(r->square);
    else if (const auto* ra = std::get_if<rules::Rally>(&c))
        who = sq(ra->square);
    return static_cast<std::uint64_t>(c.index()) << 40 | who;  // who: at most 32 bits (a shot)
}

bool worth_searching(rules::Decision d) {
    return d == rules::Decision::Act || d == rules::Decision::React || d == rules::Decision::Chip ||
           d == rules::Decision::FollowUp || d == rules::Decision::Pursue ||
           d == rules::Decision::InitiativeChoice;
}

class HardPlayer final : public Player {
  public:
    HardPlayer(std::uint64_t seed, HardBudget budget) : stream_(seed), budget_(budget) {}

    rules::Command choose(const GameView& view) override {
        if (!scorer_ || ctx_ != view.ctx) {
            scorer_.emplace(view.rules());
            ctx_ = view.ctx;
        }
        const rules::GameState& s = view.state;
        auto scored = scorer_->score_all(s);
        if (scored.size() <= 1 || !worth_searching(s.decision))
            return pick_best(scored, stream_, 0);

        const std::vector<std::size_t> order = hard_candidates(scored, budget_);
        const std::size_t keep = order.size();

        const rules::Side me = view.side;
        // value[c][m]: candidate c played out in sample m. `alive` are the candidates still
        // being played out: all of them for the first screen_samples samples, then normal's
        // choice and the best of the others by their mean gain over it so far.
        const int total = budget_.samples;
        const int screen = std::clamp(budget_.screen_samples, 1, total);
        std::vector<std::vector<double>> value(
            keep, std::vector<double>(static_cast<std::size_t>(total)));
        std::vector<std::size_t> alive(keep);
        for (std::size_t c = 0; c < keep; ++c) alive[c] = c;
        const auto play = [&](int from, int to) {
            for (int m = from; m < to; ++m) {
                // One deal of the unseen cards and one dice seed per sample, shared by all
                // candidates.
                const std::uint64_t deal_seed = stream_next();
                const std::uint64_t dice_seed = stream_next();
                for (const std::size_t c : alive) {
                    rules::GameState sim = s;
                    core::SeededDice deal(deal_seed);
                    deal_unseen(sim, deal);
                    core::SeededDice one_stream(dice_seed);
                    core::PurposeDice by_purpose(dice_seed);
                    core::Dice& dice = budget_.purpose_dice ? static_cast<core::Dice&>(by_purpose)
                                                            : static_cast<core::Dice&>(one_stream);
                    value[c][static_cast<std::size_t>(m)] =
                        rollout(view.rules(), sim, scored[order[c]].command, dice, me);
                }
            }
        };
        play(0, screen);
        const auto finalists = static_cast<std::size_t>(std::max(1, budget_.finalists));
        if (alive.size() > finalists) {
            std::vector<double> gain(keep, 0.0);
            for (std::size_t c = 1; c < keep; ++c) {
                for (int m = 0; m < screen; ++m) {
                    gain[c] += value[c][static_cast<std::size_t>(m)] -
                               value[0][static_cast<std::size_t>(m)];
                }
            }
            std::stable_sort(alive.begin() + 1, alive.end(),
                             [&](std::size_t a, std::size_t b) { return gain[a] > gain[b]; });
            alive.resize(finalists);
        }
        play(screen, total);
        // Normal's choice stands unless the samples show another to be better beyond their noise:
        // the mean of the paired differences must exceed `confidence` standard errors.
        std::size_t best = 0;
        double best_gain = 0;
        const double n = total;
        for (std::size_t i = 1; i < alive.size(); ++i) {
            const std::size_t c = alive[i];
            double sum = 0, sq = 0;
            for (std::size_t m = 0; m < value[c].size(); ++m) {
                const double d = value[c][m] - value[0][m];
                sum += d;
                sq += d * d;
            }
            const double mean = sum / n;
            const double var = n > 1 ? std::max(0.0, (sq - n * mean * mean) / (n - 1)) : 0.0;
            const double se = std::sqrt(var / n);
            if (mean > budget_.confidence * se && mean > best_gain) {
                best = c;
                best_gain = mean;
            }
        }
        return std::move(scored[order[best]].command);
    }

    std::uint64_t evaluated() const override { return scorer_ ? scorer_->evaluated() : 0; }

  private:
    std::uint64_t stream_next() {
        const auto hi = static_cast<std::uint64_t>(stream_.pick(1 << 30, core::RollPurpose::Other));
        const auto lo = static_cast<std::uint64_t>(stream_.pick(1 << 30, core::RollPurpose::Other));
        return (hi << 30) | lo;
    }

    /// Plays `first`, then `normal` for both sides until `budget_.phases` phases have ended, the
    /// game ends or the depth budget runs out; where it got to, for `me`: the terms of normal's
    /// evaluation, weighed by budget_.leaf.
    double rollout(const rules::RulesContext& ctx, rules::GameState& s, const rules::Command& first,
                   core::Dice& dice, rules::Side me) {
        auto turn = s.turn;
        auto phase = s.phase;
        auto active = s.active;
        int phases_ended = 0;
        rules::apply(ctx, s, first, dice);
        for (int depth = 0; depth < budget_.depth; ++depth) {
            if (s.decision == rules::Decision::GameOver) break;
            if (s.turn != turn || s.phase != phase || s.active != active) {
                if (++phases_ended >= budget_.phases) break;
                turn = s.turn;
                phase = s.phase;
                active = s.active;
            }
            auto scored = scorer_->score_all(s);
            if (scored.empty()) break;
            rules::apply(ctx, s, pick_best(scored, stream_, 0), dice);
        }
        return budget_.leaf.apply(scorer_->terms(s, me));
    }

    core::SeededDice stream_;
    HardBudget budget_;
    std::optional<Scorer> scorer_;
    const rules::RulesContext* ctx_ = nullptr;
};

}  // namespace

std::vector<std::size_t> hard_candidates(const std::vector<Scored>& scored,
                                         const HardBudget& budget) {
    // The normal level's commands, best first (stable: ties keep the rules' order).
    std::vector<std::size_t> order(scored.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return scored[a].score > scored[b].score;
    });
    if (budget.spread) {
        // The best of each actor, then the rest, each in normal's order.
        std::vector<std::uint64_t> seen;
        std::vector<std::size_t> firsts, rest;
        for (const std::size_t i : order) {
            const std::uint64_t a = actor_of(scored[i].command);
            const bool repeat = std::find(seen.begin(), seen.end(), a) != seen.end();
            if (!repeat) seen.push_back(a);
            (repeat ? rest : firsts).push_back(i);
        }
        firsts.insert(firsts.end(), rest.begin(), rest.end());
        order = std::move(firsts);
    }
    // Every one of them is played out, however far below the best normal scores it: leaving out
    // those scored more than 1.5 below the best lost 48 of 1,000 games (docs/computer.md).
    order.resize(std::min<std::size_t>(order.size(),
                                       static_cast<std::size_t>(std::max(1, budget.candidates))));
    return order;
}

std::unique_ptr<Player> make_hard(std::uint64_t seed, HardBudget budget) {
    return std::make_unique<HardPlayer>(seed, budget);
}

std::unique_ptr<Player> make_hard(std::uint64_t seed) {
    return make_hard(seed, HardBudget{});
}

}  // namespace tercio::ai
