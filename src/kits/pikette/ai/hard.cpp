// Pikette Squared's `hard` level: the generic search of every ruleset (src/ai/search.hpp:
// determinized play-outs of the best few commands, compared on the same samples) with `normal`'s
// scorer as its policy. What is this ruleset's own: the scorer, the reading of a play-out's end by
// normal's evaluation terms (HardBudget::leaf), the dealing of its decks' face-down cards, which
// decisions are searched, and the `spread` order of the candidates. docs/computer.md says how the
// budget was chosen.
#include "kits/pikette/ai/hard.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "kits/pikette/ai/levels.hpp"
#include "kits/pikette/ai/normal.hpp"
#include "core/dice.hpp"

namespace tercio::ai {

namespace {

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

/// The play-outs' choices, remembered by position. Play-outs of one decision often pass through
/// the same position: every sample of a candidate plays the same moves until the first die or
/// card, and normal's choice there is the same each time. A position is kept with the face-down
/// cards of each deck in one order (sorted), as the samples deal them differently and normal
/// reads only which cards remain; a look-up compares whole positions, so a remembered choice is
/// always the one normal would make (and the games are the same with the memory as without).
class ChoiceMemo {
public:
    /// The remembered choice for `s`, if any. `s` is kept as the key a remember() then stores.
    const std::optional<rules::Command>* find(const rules::GameState& s) {
        key_ = s;
        for (auto& d : key_.decks) {
            std::sort(d.cards.begin() + d.drawn, d.cards.begin() + d.size);
        }
        hash_ = hash(key_);
        Slot& slot = slots_[hash_ & (kSlots - 1)];
        if (slot.used && slot.hash == hash_ && slot.state == key_) return &slot.choice;
        return nullptr;
    }
    /// Keeps `choice` for the position last passed to find().
    void remember(const std::optional<rules::Command>& choice) {
        Slot& slot = slots_[hash_ & (kSlots - 1)];
        slot.used = true;
        slot.hash = hash_;
        slot.state = key_;
        slot.choice = choice;
    }
    void clear() {
        for (Slot& slot : slots_) slot.used = false;
    }

private:
    static constexpr std::size_t kSlots = 1024;
    struct Slot {
        bool used = false;
        std::uint64_t hash = 0;
        rules::GameState state;
        std::optional<rules::Command> choice;
    };
    /// What changes from one position of a game to the next, mixed; equal positions always hash
    /// alike, and the look-up compares the positions themselves.
    static std::uint64_t hash(const rules::GameState& s) {
        std::uint64_t h = 0x9E3779B97F4A7C15ULL;
        const auto mix = [&h](std::uint64_t w) {
            h ^= w;
            h *= 0xbf58476d1ce4e5b9ULL;
            h ^= h >> 31;
        };
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const rules::Unit& u = s.units[i];
            mix(static_cast<std::uint64_t>(static_cast<std::uint8_t>(u.square.x)) |
                static_cast<std::uint64_t>(static_cast<std::uint8_t>(u.square.y)) << 8 |
                static_cast<std::uint64_t>(u.facing) << 16 | static_cast<std::uint64_t>(u.status) << 24 |
                static_cast<std::uint64_t>(u.hits) << 32 | static_cast<std::uint64_t>(u.stands[0]) << 40 |
                static_cast<std::uint64_t>(u.stands[1]) << 48 |
                static_cast<std::uint64_t>(u.fired | u.acted << 1 | u.moved_through << 2 | u.deployed << 3) << 56);
        }
        mix(static_cast<std::uint64_t>(s.decision) | static_cast<std::uint64_t>(s.active) << 8 |
            static_cast<std::uint64_t>(s.pips) << 16 | static_cast<std::uint64_t>(s.turn) << 24 |
            static_cast<std::uint64_t>(s.phase) << 32 | static_cast<std::uint64_t>(s.decks[0].drawn) << 40 |
            static_cast<std::uint64_t>(s.decks[1].drawn) << 48 | static_cast<std::uint64_t>(s.chip_target) << 56);
        mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.morale_chips[0])) |
            static_cast<std::uint64_t>(static_cast<std::uint16_t>(s.morale_chips[1])) << 16 |
            static_cast<std::uint64_t>(s.move.unit) << 32 | static_cast<std::uint64_t>(s.move.next) << 40 |
            static_cast<std::uint64_t>(s.react_window) << 48 | static_cast<std::uint64_t>(s.decider) << 56);
        return h;
    }

    std::vector<Slot> slots_ = std::vector<Slot>(kSlots);
    rules::GameState key_;
    std::uint64_t hash_ = 0;
};

/// Normal's judgement as the search's policy.
class PiketteSearch {
public:
    explicit PiketteSearch(EvalWeights leaf) : leaf_(leaf) {}

    std::vector<Scored> score_all(const rules::RulesContext& ctx, const rules::GameState& s) {
        return scorer(ctx).score_all(s);
    }
    std::optional<rules::Command> choose(const rules::RulesContext& ctx, const rules::GameState& s) {
        Scorer& judge = scorer(ctx);  // first: a new game's context empties the memory
        if (const auto* known = memo_.find(s)) return *known;
        auto choice = judge.best(s);
        memo_.remember(choice);
        return choice;
    }
    /// The terms of normal's evaluation, weighed by the budget's leaf weights.
    double value(const rules::RulesContext& ctx, const rules::GameState& s, rules::Side me) {
        return leaf_.apply(scorer(ctx).terms(s, me));
    }
    std::uint64_t evaluated() const { return scorer_ ? scorer_->evaluated() : 0; }

    /// Shuffles each deck's face-down cards (Fisher-Yates with the sample's stream).
    static void deal_unseen(rules::GameState& s, core::Dice& stream) {
        for (auto& d : s.decks) {
            for (int i = d.size - 1; i > d.drawn; --i) {
                const int j = d.drawn + stream.pick(i - d.drawn + 1, core::RollPurpose::Shuffle);
                std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(j)]);
            }
        }
    }
    /// The turn, the initiative's rolls, which of its two phases and who is active. Who goes first
    /// is between phases: the state then still names the phase before, and the first phase of a
    /// game (A active, phase 0, as the state starts) or one after a Command Indecision card would
    /// otherwise look like the phase before if the same side went first, and so not count. Side
    /// A going first in turn 1 was played out a phase further than going second, and a search
    /// compared them unevenly.
    static std::uint64_t phase_key(const rules::GameState& s) {
        if (s.decision == rules::Decision::InitiativeChoice) return kBetweenPhases;
        return static_cast<std::uint64_t>(s.turn) << 32 | static_cast<std::uint64_t>(s.initiative_roll[0]) << 24 |
               static_cast<std::uint64_t>(s.initiative_roll[1]) << 16 | static_cast<std::uint64_t>(s.phase) << 8 |
               static_cast<std::uint64_t>(s.active);
    }
    /// Turning the next card and passing: moving on from the card turned (or from the phase).
    static bool moves_on(const rules::Command& c) {
        return std::holds_alternative<rules::TurnCard>(c) || std::holds_alternative<rules::Pass>(c);
    }
    static bool worth_searching(const rules::GameState& s) {
        const rules::Decision d = s.decision;
        return d == rules::Decision::Act || d == rules::Decision::React || d == rules::Decision::Chip ||
               d == rules::Decision::FollowUp || d == rules::Decision::Pursue ||
               d == rules::Decision::InitiativeChoice;
    }

private:
    Scorer& scorer(const rules::RulesContext& ctx) {
        if (!scorer_ || ctx_ != &ctx) {
            scorer_.emplace(ctx);
            ctx_ = &ctx;
            memo_.clear();
        }
        return *scorer_;
    }

    EvalWeights leaf_;
    ChoiceMemo memo_;
    std::optional<Scorer> scorer_;
    const rules::RulesContext* ctx_ = nullptr;
};

static_assert(SearchPolicy<PiketteSearch, rules::Engine>);

/// The best of each actor, then the rest, each in normal's order.
std::vector<std::size_t> spread_first(const std::vector<Scored>& scored) {
    std::vector<std::uint64_t> seen;
    std::vector<std::size_t> firsts, rest;
    for (const std::size_t i : best_first(scored)) {
        const std::uint64_t a = actor_of(scored[i].command);
        const bool repeat = std::find(seen.begin(), seen.end(), a) != seen.end();
        if (!repeat) seen.push_back(a);
        (repeat ? rest : firsts).push_back(i);
    }
    firsts.insert(firsts.end(), rest.begin(), rest.end());
    return firsts;
}

}  // namespace

std::vector<std::size_t> hard_candidates(const std::vector<Scored>& scored, const HardBudget& budget) {
    // Every one of them is played out, however far below the best normal scores it: leaving out
    // those scored more than 1.5 below the best lost 48 of 1,000 games (docs/computer.md).
    return candidates_of(scored, budget.spread ? spread_first(scored) : best_first(scored), budget,
                         &PiketteSearch::moves_on);
}

std::unique_ptr<Player> make_hard(std::uint64_t seed, HardBudget budget) {
    return std::make_unique<SearchPlayer<rules::Engine, PiketteSearch>>(
        seed, budget, PiketteSearch(budget.leaf), budget.spread ? &spread_first : &best_first<rules::Command>);
}

HardBudget hard_budget() {
    constexpr int kTimes = 2;
    HardBudget b;
    b.samples *= kTimes;
    b.confidence *= std::sqrt(static_cast<double>(kTimes));
    return b;
}

std::unique_ptr<Player> make_hard(std::uint64_t seed) { return make_hard(seed, hard_budget()); }

std::unique_ptr<Player> make_expert(std::uint64_t seed) {
    HardBudget b = hard_budget();
    static_cast<SearchBudget&>(b) = expert_budget(b, machine_threads());
    return make_hard(seed, b);
}

std::uint64_t hard_phase_key(const rules::GameState& s) { return PiketteSearch::phase_key(s); }

}  // namespace tercio::ai
