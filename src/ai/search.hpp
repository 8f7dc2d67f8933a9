#pragma once
/// The `hard` level of every ruleset: determinized play-outs (docs/computer.md, "hard"), written
/// once over a rules engine and a ruleset's search policy. At each decision with a real choice it
/// takes the policy's best few commands (its `normal` level's) and plays each of them out several
/// times: every sample deals the face-down cards in an order drawn from the player's own stream
/// (any order is consistent with what a view shows: which cards remain, not their order) and rolls
/// its own dice, with the policy deciding for both sides, until a few phases have ended. It keeps
/// the policy's choice unless another command's samples end better by the policy's evaluation
/// beyond their noise (paired differences: every candidate is played out on the same samples).
/// The budget is a count of samples and decisions, never a time, so a seed always gives the same
/// game on any machine. Pure like the rules: the player's randomness is its own seeded stream.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "ai/player.hpp"
#include "core/dice.hpp"

namespace tercio::ai {

/// A command and the policy's score for it (higher is better).
template <class Command>
struct ScoredOf {
    Command command;
    double score = 0;
};

/// What a ruleset's kit gives the search: its `normal` level as scores and a choice, how it values a
/// position, how to deal the unseen cards, and how to tell a phase from the next. A policy object
/// lives as long as its player and may keep tables between calls (a cache of its own); it is used
/// from one thread. A search on several threads gives each thread a copy, so what the policy
/// answers must never depend on what it was asked before (a cache must be exact).
template <class P, class E>
concept SearchPolicy = std::copy_constructible<P> && requires(P& p, const typename E::Context& ctx, const typename E::State& cs,
                                typename E::State& s, core::Dice& dice, core::Side side,
                                const typename E::Command& c) {
    /// Every legal command of the deciding side but a concession, scored, in the rules' order.
    { p.score_all(ctx, cs) } -> std::same_as<std::vector<ScoredOf<typename E::Command>>>;
    /// The policy's choice for the deciding side in a play-out (its `normal`, without noise);
    /// nothing when it has none but a concession (the play-out stops there).
    { p.choose(ctx, cs) } -> std::same_as<std::optional<typename E::Command>>;
    /// How good `cs` is for `side`: what a play-out is read by.
    { p.value(ctx, cs, side) } -> std::convertible_to<double>;
    /// Commands scored so far (the bench's measure of work).
    { p.evaluated() } -> std::convertible_to<std::uint64_t>;
    /// Puts each deck's face-down cards in an order drawn from `dice` (a sample's guess).
    { P::deal_unseen(s, dice) };
    /// A number that changes when a phase ends: the play-out's horizon counts phases by it
    /// (PhaseHorizon). kBetweenPhases for a decision that belongs to no phase (who goes first):
    /// not a phase, so whichever side the choice puts first, the play-outs count the same phases.
    { P::phase_key(cs) } -> std::same_as<std::uint64_t>;
    /// Whether the decision is one the search is worth spending on (an action, a reaction...);
    /// the others (the set-up, say) take the policy's best at once.
    { P::worth_searching(cs) } -> std::same_as<bool>;
    /// Whether a command moves on from what the side is doing now (turns its next card, passes,
    /// is done with the card): what SearchBudget::moving_on keeps among the candidates. A
    /// ruleset with no such command says false for every one.
    { P::moves_on(c) } -> std::same_as<bool>;
};

/// A policy's phase_key for a decision between two phases.
inline constexpr std::uint64_t kBetweenPhases = ~std::uint64_t{0};

/// A play-out's horizon: it plays on until `phases` phases have ended, told by the phase keys of
/// the decisions it reaches. A play-out from a decision between phases (who goes first) plays the
/// phase the choice opens as its first, so that both choices are played out as far.
class PhaseHorizon {
public:
    PhaseHorizon(std::uint64_t root, int phases) : phase_(root), phases_(phases) {}
    /// The play-out is at a decision of phase key `now`: whether it stops here.
    bool reached(std::uint64_t now) {
        if (now == kBetweenPhases || now == phase_) return false;
        const bool ended = phase_ != kBetweenPhases;  // from between phases, one opens: none ended
        phase_ = now;
        return ended && ++ended_ >= phases_;
    }

private:
    std::uint64_t phase_;
    int phases_;
    int ended_ = 0;
};

/// How much a search thinks: counts, never times, so games repeat.
struct SearchBudget {
    int candidates = 4;  ///< the policy's best commands compared, however far below the best
    int samples = 12;    ///< deals of the unseen cards and dice, each played out for every candidate
    int phases = 3;      ///< play on until this many phases have ended (3: this one and the next two)
    int depth = 60;      ///< decisions played after the candidate, at most
    /// Another command replaces the policy's best only if its mean gain over it exceeds this many
    /// standard errors of the paired differences.
    double confidence = 0.8;
    /// When more than this many candidates are in play, all are played out on the first
    /// screen_samples samples only, and the rest of the samples go to the policy's choice and the
    /// best finalists - 1 of the others by their mean gain over it so far.
    int finalists = 4;
    int screen_samples = 4;
    /// After every screen_samples samples, a candidate whose mean gain over the policy's choice is
    /// below minus this many standard errors of the paired differences is played out no further,
    /// and once the policy's choice is the only one left the search ends: the time a clear choice
    /// needs is spent on the close ones. 0: every candidate left after the screening is played out
    /// on every sample. No level drops: at 1.0 Pikette Squared's `hard` scored a fifth fewer
    /// commands and lost 32 games of 400 (docs/computer.md).
    double drop = 0;
    /// Each sample's dice are a stream for each purpose (core::PurposeDice) rather than one
    /// stream, so that the candidates' play-outs shuffle alike at the end of a turn and roll their
    /// n-th shot or melee alike, however many dice each rolled before.
    bool purpose_dice = true;
    /// Threads the play-outs are shared among (1: the caller's alone). Every sample's deal and dice
    /// are drawn before any play-out starts and each play-out fills a place of its own, so the
    /// choice is the same on any number of threads: a seed gives the same game on any machine.
    int threads = 1;
    /// When none of the `candidates` moves on (SearchPolicy::moves_on: turning the next card,
    /// passing...), the first in the candidates' order that does is compared as well (one more
    /// candidate, which the screening counts), so that whether to act again or to move on is
    /// always a question the play-outs answer, however little the policy makes of moving on. In
    /// Pikette Squared `hard` won 269 of 400 fresh games against `normal` with it, 251 without
    /// (docs/computer.md, "Moving on from the card").
    bool moving_on = true;
};

/// The `expert` level of every ruleset: its `hard` search with kExpertTimes as many samples, so
/// about that many times the thinking, shared among `threads` threads (which changes no choice:
/// a seed still gives the same game on any machine). It asks the same mean gain of a command
/// that overrules the policy's choice as `hard` does, measured more closely: a mean over ten
/// times the samples has a standard error sqrt(10) times smaller, so the bar is sqrt(10) times as
/// many standard errors. (At `hard`'s 0.8 standard errors, which lets smaller gains overrule,
/// it won 17 of 33 games against `hard` in Hell Broke Loose, and 20 of the same 33 with this
/// bar: docs/computer.md, "expert".) For the player who has beaten `hard` and will wait for a
/// stronger move.
inline constexpr int kExpertTimes = 10;
inline SearchBudget expert_budget(SearchBudget hard, int threads) {
    hard.samples *= kExpertTimes;
    hard.confidence *= std::sqrt(static_cast<double>(kExpertTimes));
    hard.threads = std::max(1, threads);
    return hard;
}
/// The threads this machine runs at once (std::thread::hardware_concurrency: at least 1, at most
/// 8): what `expert` thinks on.
inline int machine_threads() {
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 8U));
}

/// The order in which the search takes `scored`'s commands as candidates: indices, best first,
/// ties in the rules' order. A kit may reorder them (Pikette Squared's `spread`).
template <class Command>
std::vector<std::size_t> best_first(const std::vector<ScoredOf<Command>>& scored) {
    std::vector<std::size_t> order(scored.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return scored[a].score > scored[b].score; });
    return order;
}

/// The first of the highest scores (the policy's choice without noise).
template <class Command>
std::size_t top_scored(const std::vector<ScoredOf<Command>>& scored) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < scored.size(); ++i) {
        if (scored[i].score > scored[best].score) best = i;
    }
    return best;
}

/// The policy's choice among `scored` (the first of the highest), or nothing when it is empty.
template <class Command>
std::optional<Command> best_of(std::vector<ScoredOf<Command>> scored) {
    if (scored.empty()) return std::nullopt;
    return std::move(scored[top_scored(scored)].command);
}

/// The candidates a search compares: the first budget.candidates of `order` (indices into
/// `scored`, best first), and with budget.moving_on, when none of those moves on, the first of the
/// rest that does (`moves_on(command)`) after them.
template <class Command, class MovesOn>
std::vector<std::size_t> candidates_of(const std::vector<ScoredOf<Command>>& scored, std::vector<std::size_t> order,
                                       const SearchBudget& budget, MovesOn moves_on) {
    const auto top = static_cast<std::ptrdiff_t>(
        std::min<std::size_t>(order.size(), static_cast<std::size_t>(std::max(1, budget.candidates))));
    const auto moving = [&](std::size_t i) { return moves_on(scored[i].command); };
    std::size_t keep = static_cast<std::size_t>(top);
    if (budget.moving_on && std::none_of(order.begin(), order.begin() + top, moving)) {
        const auto next = std::find_if(order.begin() + top, order.end(), moving);
        if (next != order.end()) {
            std::iter_swap(order.begin() + top, next);
            ++keep;
        }
    }
    order.resize(keep);
    return order;
}

/// The search. `Order` takes the scored commands and gives the candidates' indices, best first
/// (best_first, or a kit's own order).
template <core::RulesEngine E, SearchPolicy<E> P>
class SearchPlayer final : public PlayerOf<E> {
public:
    using Command = typename E::Command;
    using Scored = ScoredOf<Command>;
    using Order = std::vector<std::size_t> (*)(const std::vector<Scored>&);

    SearchPlayer(std::uint64_t seed, SearchBudget budget, P policy, Order order = &best_first<Command>)
        : stream_(seed), budget_(budget), policy_(std::move(policy)), order_(order) {}

    Command choose(const View<E>& view) override {
        const typename E::Context& ctx = view.rules();
        const typename E::State& s = view.state;
        std::vector<Scored> scored = policy_.score_all(ctx, s);
        if (scored.empty()) return E::concede();
        if (scored.size() == 1 || !P::worth_searching(s)) return std::move(scored[top_scored(scored)].command);

        const std::vector<std::size_t> order =
            candidates_of(scored, order_(scored), budget_, [](const Command& c) { return P::moves_on(c); });
        const std::size_t keep = order.size();
        const core::Side me = view.side;
        // value[c][m]: candidate c played out in sample m. `alive` are the candidates still being
        // played out: all of them for the first screen_samples samples, then the policy's choice
        // and the best of the others by their mean gain over it so far.
        const int total = std::max(1, budget_.samples);
        const int screen = std::clamp(budget_.screen_samples, 1, total);
        std::vector<std::vector<double>> value(keep, std::vector<double>(static_cast<std::size_t>(total)));
        std::vector<std::size_t> alive(keep);
        for (std::size_t c = 0; c < keep; ++c) alive[c] = c;
        const auto play = [&](int from, int to) {
            // One deal of the unseen cards and one dice seed per sample, shared by all candidates,
            // drawn in order before any play-out.
            struct Job {
                int m;
                std::size_t c;
                std::uint64_t deal_seed, dice_seed;
            };
            std::vector<Job> jobs;
            for (int m = from; m < to; ++m) {
                const std::uint64_t deal_seed = stream_next();
                const std::uint64_t dice_seed = stream_next();
                for (const std::size_t c : alive) jobs.push_back({m, c, deal_seed, dice_seed});
            }
            run_jobs(jobs.size(), [&](P& policy, std::size_t k) {
                const Job& j = jobs[k];
                typename E::State sim = s;
                core::SeededDice deal(j.deal_seed);
                P::deal_unseen(sim, deal);
                core::SeededDice one_stream(j.dice_seed);
                core::PurposeDice by_purpose(j.dice_seed);
                core::Dice& dice = budget_.purpose_dice ? static_cast<core::Dice&>(by_purpose)
                                                        : static_cast<core::Dice&>(one_stream);
                value[j.c][static_cast<std::size_t>(j.m)] =
                    rollout(policy, ctx, sim, scored[order[j.c]].command, dice, me);
            });
        };
        play(0, screen);
        const auto finalists = static_cast<std::size_t>(std::max(1, budget_.finalists));
        if (alive.size() > finalists) {
            std::vector<double> gain(keep, 0.0);
            for (std::size_t c = 1; c < keep; ++c) {
                for (int m = 0; m < screen; ++m) {
                    gain[c] += value[c][static_cast<std::size_t>(m)] - value[0][static_cast<std::size_t>(m)];
                }
            }
            std::stable_sort(alive.begin() + 1, alive.end(),
                             [&](std::size_t a, std::size_t b) { return gain[a] > gain[b]; });
            alive.resize(finalists);
        }
        // The samples after the screening: with `drop`, screen_samples at a time, the candidates
        // clearly behind the policy's choice dropped before each chunk, until only it is left (the
        // chunks draw the same seeds in the same order as one run of them would).
        int played = screen;
        while (played < total) {
            if (budget_.drop > 0) {
                std::erase_if(alive, [&](std::size_t c) {
                    if (c == 0) return false;
                    const Gain g = gain_over_policy(value[c], value[0], played);
                    return g.mean < -budget_.drop * g.se;
                });
                if (alive.size() == 1) break;
            }
            const int next = budget_.drop > 0 ? std::min(total, played + screen) : total;
            play(played, next);
            played = next;
        }
        // The policy's choice stands unless the samples show another to be better beyond their
        // noise: the mean of the paired differences must exceed `confidence` standard errors.
        std::size_t best = 0;
        double best_gain = 0;
        for (std::size_t i = 1; i < alive.size(); ++i) {
            const std::size_t c = alive[i];
            const Gain g = gain_over_policy(value[c], value[0], played);
            if (g.mean > budget_.confidence * g.se && g.mean > best_gain) {
                best = c;
                best_gain = g.mean;
            }
        }
        return std::move(scored[order[best]].command);
    }

    std::uint64_t evaluated() const override {
        std::uint64_t n = policy_.evaluated();
        for (const P& h : helpers_) n += h.evaluated();
        return n;
    }

private:
    /// A candidate's mean gain over the policy's choice on their first `samples` samples, and the
    /// standard error of that mean (of the paired differences).
    struct Gain {
        double mean = 0;
        double se = 0;
    };
    static Gain gain_over_policy(const std::vector<double>& mine, const std::vector<double>& policy, int samples) {
        double sum = 0, sq = 0;
        for (std::size_t m = 0; m < static_cast<std::size_t>(samples); ++m) {
            const double d = mine[m] - policy[m];
            sum += d;
            sq += d * d;
        }
        const double n = samples;
        const double mean = sum / n;
        const double var = n > 1 ? std::max(0.0, (sq - n * mean * mean) / (n - 1)) : 0.0;
        return {mean, std::sqrt(var / n)};
    }

    /// Runs job(policy, k) for k in [0, count), on budget_.threads threads, each with a policy of
    /// its own (the player's, and copies of it made once). An exception in any job is rethrown
    /// here once every thread has stopped.
    template <class Job>
    void run_jobs(std::size_t count, Job job) {
        const std::size_t threads = std::min<std::size_t>(count, static_cast<std::size_t>(std::max(1, budget_.threads)));
        if (threads <= 1) {
            for (std::size_t k = 0; k < count; ++k) job(policy_, k);
            return;
        }
        while (helpers_.size() < threads - 1) helpers_.push_back(policy_);
        std::atomic<std::size_t> next{0};
        std::atomic<bool> failed{false};
        std::exception_ptr error;
        std::atomic_flag error_taken = ATOMIC_FLAG_INIT;
        const auto work = [&](P& policy) {
            try {
                for (std::size_t k = next++; k < count && !failed; k = next++) job(policy, k);
            } catch (...) {
                failed = true;
                if (!error_taken.test_and_set()) error = std::current_exception();
            }
        };
        std::vector<std::thread> pool;
        pool.reserve(threads - 1);
        for (std::size_t t = 0; t + 1 < threads; ++t) pool.emplace_back(work, std::ref(helpers_[t]));
        work(policy_);
        for (std::thread& t : pool) t.join();
        if (error) std::rethrow_exception(error);
    }

    std::uint64_t stream_next() {
        const auto hi = static_cast<std::uint64_t>(stream_.pick(1 << 30, core::RollPurpose::Other));
        const auto lo = static_cast<std::uint64_t>(stream_.pick(1 << 30, core::RollPurpose::Other));
        return (hi << 30) | lo;
    }

    /// Plays `first`, then the policy for both sides until budget_.phases phases have ended, the
    /// game ends or the depth budget runs out; what the policy makes of where it got to, for `me`.
    double rollout(P& policy, const typename E::Context& ctx, typename E::State& s, const Command& first,
                   core::Dice& dice, core::Side me) {
        PhaseHorizon horizon(P::phase_key(s), budget_.phases);
        E::apply(ctx, s, first, dice);
        for (int depth = 0; depth < budget_.depth; ++depth) {
            if (E::over(s) || horizon.reached(P::phase_key(s))) break;
            const std::optional<Command> c = policy.choose(ctx, s);
            if (!c) break;
            E::apply(ctx, s, *c, dice);
        }
        return policy.value(ctx, s, me);
    }

    core::SeededDice stream_;
    SearchBudget budget_;
    P policy_;
    std::vector<P> helpers_;  ///< the other threads' policies (budget_.threads > 1)
    Order order_;
};

}  // namespace tercio::ai

namespace tercio::ai {

/// The `easy` level of a ruleset that has no drill book of its own: its `normal` (the search
/// policy's best) two orders in three, and a uniformly random legal command (never a concession)
/// the third, the die rolled on its own stream for each decision. Weaker than `normal` by its
/// blunders, stronger than `random` by the rest.
template <core::RulesEngine E, SearchPolicy<E> P>
class BlunderingPlayer final : public PlayerOf<E> {
public:
    BlunderingPlayer(std::uint64_t seed, P policy) : stream_(seed), policy_(std::move(policy)) {}

    typename E::Command choose(const View<E>& view) override {
        if (stream_.pick(kOneIn, core::RollPurpose::Other) == 0) {
            std::size_t listed = 0;
            auto c = E::random_legal(view.rules(), view.state, stream_, &listed);
            if (c) return *c;
        }
        return best_of(policy_.score_all(view.rules(), view.state)).value_or(E::concede());
    }
    std::uint64_t evaluated() const override { return policy_.evaluated(); }

    /// One decision in kOneIn is a random one.
    static constexpr int kOneIn = 3;

private:
    core::SeededDice stream_;
    P policy_;
};

}  // namespace tercio::ai
