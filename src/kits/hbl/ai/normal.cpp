// Hell Broke Loose's `normal` level. For each legal command it reckons the value of the position
// the command leads to (hbl_value) over every roll the command makes: the first two dice it rolls
// (a melee round's two Combat Dice, a shot's Combat and Defence Dice, an officer's die and the D8
// of a march or rally, the army dice of an initiative) are tried face by face, every pair equally
// likely, so a fight or a shot is scored by its exact odds; what comes after them (a shuffle, a
// pursuit's roll) is drawn from one fixed stream, the same for every command. It plays the best,
// ties to the first listed. Pure: it keeps no state between decisions but its count of work.
#include <algorithm>
#include <cmath>
#include <optional>
#include <unordered_map>
#include <vector>

#include "kits/hbl/ai/players.hpp"

#include "ai/search.hpp"
#include "hbl/odds.hpp"

namespace tercio::ai {

namespace {

using hbl::Engine;
using hbl::GameState;
using core::Side;

/// The weights of hbl_value, in morale chips.
constexpr double kChip = 1.0;        ///< a morale chip kept: victory is counted in chips taken
constexpr double kUi = 0.35;         ///< a UI a unit still has (losing the last removes it)
constexpr double kVexed = 0.35;      ///< a vexed unit: its next vexation costs a UI and a chip
constexpr double kLoaded = 0.1;      ///< a shooter that is loaded
constexpr double kMeleeEdge = 0.5;   ///< of a melee in progress, its next round's expected gain
constexpr double kNear = 0.03;       ///< per square between a unit and its nearest enemy
constexpr double kAway = 0.05;       ///< its nearest enemy on its flank (twice that: to its rear)
constexpr double kLastChips = 0.5;  ///< more for each of a side's last kFewChips chips
constexpr int kFewChips = 6;
constexpr double kGameWon = 1000.0;

/// Chebyshev distance in squares.
int squares_apart(core::Square a, core::Square b) { return std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)); }

/// The dice a command is scored with: the first two rolls come from `faces` (natural values),
/// every draw after them from a fixed stream. `probe` records the dice of the first two rolls.
class ForcedDice final : public core::Dice {
public:
    ForcedDice(std::uint64_t seed, int first, int second) : rest_(seed), forced_{first, second} {}
    int roll(core::DieType die, core::RollPurpose purpose) override {
        if (rolls_ < 2) {
            dies_[static_cast<std::size_t>(rolls_)] = die;
            const int v = forced_[static_cast<std::size_t>(rolls_++)];
            if (v > 0) return std::min(v, core::faces(die));
        } else {
            ++rolls_;
        }
        return rest_.roll(die, purpose);
    }
    int pick(int n, core::RollPurpose purpose) override { return rest_.pick(n, purpose); }
    int rolls() const { return rolls_; }
    core::DieType die(int i) const { return dies_[static_cast<std::size_t>(i)]; }

private:
    core::SeededDice rest_;
    std::array<int, 2> forced_;
    std::array<core::DieType, 2> dies_{};
    int rolls_ = 0;
};

constexpr std::uint64_t kRestSeed = 0x4E4F524D414CULL;  // the stream after the first two rolls

/// hbl_value, with the melees' odds from `odds_of(melee)` (hbl::melee_odds_now, or a memo of it).
template <class OddsOf>
double value_with(const hbl::Context& ctx, const GameState& s, Side me, OddsOf&& odds_of) {
    if (s.over()) {
        const double margin = hbl::victory_points(s, me) - hbl::victory_points(s, core::other(me));
        if (!s.winner) return margin;
        return (*s.winner == me ? kGameWon : -kGameWon) + margin;
    }
    const auto sign = [me](Side side) { return side == me ? 1.0 : -1.0; };
    double v = 0;
    for (const Side side : {Side::A, Side::B}) {
        const int chips = s.chips[core::idx(side)];
        // The last few chips are worth more: with none left the side has lost.
        v += sign(side) * (kChip * chips + kLastChips * std::min(chips, kFewChips));
    }
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const hbl::Unit& u = s.units[i];
        if (!u.on_board) continue;
        double w = kUi * (u.integrity.ui - u.integrity.lost) - (u.integrity.vexed ? kVexed : 0);
        const hbl::TroopType& t = ctx.rs().troop_types[u.type];
        if (t.shoots() && u.loaded) w += kLoaded;
        if (u.side == me && u.melee < 0 && t.category != hbl::Category::Artillery) {
            int nearest = 99;
            core::Square there{};
            for (std::size_t j = 0; j < s.unit_count; ++j) {
                const hbl::Unit& e = s.units[j];
                if (!e.on_board || e.side == me) continue;
                if (const int d = squares_apart(u.sq, e.sq); d < nearest) {
                    nearest = d;
                    there = e.sq;
                }
            }
            if (nearest < 99) {
                w -= kNear * nearest;
                // Its flank or rear to the nearest enemy invites a flank attack (HBL-MELEE-8).
                const core::Aspect a = core::aspect(u.facing, there - u.sq);
                w -= a == core::Aspect::Rear ? 2 * kAway : a == core::Aspect::Flank ? kAway : 0.0;
            }
        }
        v += sign(u.side) * w;
    }
    for (std::size_t m = 0; m < s.melees.size(); ++m) {
        if (!s.melees[m].live) continue;
        const hbl::MeleeOdds& odds = odds_of(m);
        const auto& mine = odds.of(me);
        const auto& theirs = odds.of(core::other(me));
        // UI cost a chip each; a rout removes the unit (about its UI's worth again).
        const double gain = (kChip + kUi) * (theirs.ui_sum - mine.ui_sum) + 2.0 * (theirs.routed - mine.routed);
        v += kMeleeEdge * gain / odds.outcomes;
    }
    return v;
}

/// Normal's judgement: each legal command scored by the value of what it leads to, over every face
/// of its first two rolls. Shared by `normal` (the best, ties to the first listed) and `hard` (its
/// policy).
class HblJudge {
public:
    HblJudge() = default;
    /// A coarse judge tries at most four faces of each die (faces_tried): `hard`'s play-outs.
    explicit HblJudge(bool coarse) : coarse_(coarse) {}

    /// Every legal command but a concession, with its score, in the rules' order.
    std::vector<ScoredOf<hbl::Command>> score_all(const hbl::Context& ctx, const GameState& s) {
        std::vector<hbl::Command> legal = Engine::legal_commands(ctx, s);
        std::vector<ScoredOf<hbl::Command>> out;
        if (legal.size() < 2) return out;  // nothing but a concession
        const Side me = Engine::deciding_side(s);
        out.reserve(legal.size() - 1);
        for (std::size_t i = 0; i + 1 < legal.size(); ++i) {
            const double v = expected(ctx, s, legal[i], me);
            out.push_back({std::move(legal[i]), v});
        }
        return out;
    }
    std::uint64_t evaluated() const { return evaluated_; }

    /// hbl_value, each melee's odds looked up in a memo by its two fighters (melee_odds is a
    /// function of them alone): the same value, reckoned once per pair of dice.
    double value(const hbl::Context& ctx, const GameState& s, Side me) {
        return value_with(ctx, s, me, [&](std::size_t m) -> const hbl::MeleeOdds& {
            const std::array<hbl::Fighter, 2> f = hbl::melee_fighters_now(ctx, s, m);
            const auto key = [](const hbl::Fighter& x) {
                return static_cast<std::uint32_t>(x.die.die) | static_cast<std::uint32_t>(x.die.plus + 128) << 8 |
                       (x.fierce ? 1U : 0U) << 16 | (x.close_skirmish ? 1U : 0U) << 17;
            };
            const std::uint64_t k = static_cast<std::uint64_t>(key(f[0])) << 32 | key(f[1]);
            auto it = odds_.find(k);
            if (it == odds_.end()) it = odds_.emplace(k, hbl::melee_odds(f[0], f[1])).first;
            return it->second;
        });
    }

private:
    /// The faces of an `f`-sided die a command is scored over: every face, or for a coarse judge
    /// at most four, spread evenly and symmetric about the die's middle so that their mean is the
    /// die's (a D6: 1, 2, 5, 6; a D12: 2, 4, 9, 11).
    std::vector<int> faces_tried(int f) const {
        std::vector<int> out;
        if (!coarse_ || f <= 4) {
            for (int a = 1; a <= f; ++a) out.push_back(a);
            return out;
        }
        const int low = 1 + (f - 1) / 6;
        const int mid = 1 + (f - 1) / 3;
        return {low, mid, f + 1 - mid, f + 1 - low};
    }

    bool coarse_ = false;
    std::unordered_map<std::uint64_t, hbl::MeleeOdds> odds_;
    /// The value of what `c` leads to, over every face of its first two rolls.
    double expected(const hbl::Context& ctx, const GameState& s, const hbl::Command& c, Side me) {
        // Turning a card reveals the next of a deck whose order this view does not know: it is
        // worth what the pip buys, a little more than being done.
        if (std::holds_alternative<hbl::cmd::Turn>(c)) return value(ctx, s, me) + 0.05;
        GameState after = s;
        ForcedDice probe(kRestSeed, 1, 1);
        Engine::apply(ctx, after, c, probe);
        ++evaluated_;
        // An activation is worth the moves it gives, as if each brought a unit a square nearer.
        const auto moves_given = [&](const GameState& g) {
            if (!std::holds_alternative<hbl::cmd::Activate>(c)) return 0.0;
            int moves = 0;
            for (std::size_t i = 0; i < g.unit_count; ++i) {
                if (g.units[i].side == me && g.units[i].on_board) moves += g.units[i].moves;
            }
            return kNear * moves;
        };
        if (probe.rolls() == 0) return value(ctx, after, me) + moves_given(after);
        const std::vector<int> first = faces_tried(core::faces(probe.die(0)));
        const std::vector<int> second = probe.rolls() > 1 ? faces_tried(core::faces(probe.die(1))) : std::vector<int>{0};
        double sum = 0;
        for (const int a : first) {
            for (const int b : second) {
                after = s;
                ForcedDice dice(kRestSeed, a, b);
                Engine::apply(ctx, after, c, dice);
                ++evaluated_;
                sum += value(ctx, after, me) + moves_given(after);
            }
        }
        return sum / static_cast<double>(first.size() * second.size());
    }

    std::uint64_t evaluated_ = 0;
};

class HblNormal final : public HblPlayer {
public:
    hbl::Command choose(const View<Engine>& view) override {
        return best_of(judge_.score_all(view.rules(), view.state)).value_or(Engine::concede());
    }
    std::uint64_t evaluated() const override { return judge_.evaluated(); }

private:
    HblJudge judge_;
};

/// Normal's judgement as the search's policy (`hard`).
class HblSearch {
public:
    std::vector<ScoredOf<hbl::Command>> score_all(const hbl::Context& ctx, const GameState& s) {
        return judge_.score_all(ctx, s);
    }
    /// In a play-out: normal's choice with each die's faces tried coarsely (at most four), which
    /// keeps a play-out through close skirmishes (two D12s: 144 pairs of faces, each through the
    /// rules) within a few milliseconds.
    std::optional<hbl::Command> choose(const hbl::Context& ctx, const GameState& s) {
        return best_of(quick_.score_all(ctx, s));
    }
    double value(const hbl::Context& ctx, const GameState& s, Side me) { return judge_.value(ctx, s, me); }
    std::uint64_t evaluated() const { return judge_.evaluated() + quick_.evaluated(); }

    /// Shuffles each deck's cards not yet turned (Fisher-Yates with the sample's stream).
    static void deal_unseen(GameState& s, core::Dice& stream) {
        for (hbl::Deck& d : s.decks) {
            for (int i = d.size - 1; i > d.next; --i) {
                const int j = d.next + stream.pick(i - d.next + 1, core::RollPurpose::Shuffle);
                std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(j)]);
            }
        }
    }
    /// A side's phase: its turn, which of the initiative's two phases, and whose. Choosing who
    /// goes first is between phases: the state still names the side that acted last, so one choice
    /// would look like that phase going on and the other like a new one, played out a phase less.
    static std::uint64_t phase_key(const GameState& s) {
        if (s.decision == hbl::Decision::Choose) return kBetweenPhases;
        return static_cast<std::uint64_t>(s.turn) << 16 | (s.second_phase ? 1U : 0U) << 8 |
               static_cast<std::uint64_t>(s.active);
    }
    /// Every decision: the armies set themselves up, so each one asked is a real choice.
    static bool worth_searching(const GameState&) { return true; }
    /// Turning the next card for a pip, or being done with the one turned.
    static bool moves_on(const hbl::Command& c) {
        return std::holds_alternative<hbl::cmd::Turn>(c) || std::holds_alternative<hbl::cmd::Done>(c);
    }

private:
    HblJudge judge_;
    HblJudge quick_{true};
};

static_assert(SearchPolicy<HblSearch, Engine>);

}  // namespace


double hbl_value(const hbl::Context& ctx, const GameState& s, Side me) {
    hbl::MeleeOdds odds;
    return value_with(ctx, s, me, [&](std::size_t m) -> const hbl::MeleeOdds& {
        odds = hbl::melee_odds_now(ctx, s, m);
        return odds;
    });
}

std::uint64_t hbl_phase_key(const hbl::GameState& s) { return HblSearch::phase_key(s); }

SearchBudget hbl_hard_budget() {
    SearchBudget b;
    b.candidates = 4;
    b.samples = 8;
    b.phases = 1;
    b.depth = 40;
    b.moving_on = true;  // turning a card or being done with it always compared (docs/computer.md)
    return b;
}

std::unique_ptr<HblPlayer> make_hbl_hard(std::uint64_t seed, SearchBudget budget) {
    return std::make_unique<SearchPlayer<Engine, HblSearch>>(seed, budget, HblSearch{});
}

bool hbl_has_level(Level level) {
    return level == Level::Random || level == Level::Easy || level == Level::Normal || level == Level::Hard ||
           level == Level::Expert;
}

std::unique_ptr<HblPlayer> make_hbl_player(Level level, std::uint64_t seed) {
    switch (level) {
        case Level::Random: return std::make_unique<RandomPlayer<Engine>>(seed);
        case Level::Easy: return std::make_unique<BlunderingPlayer<Engine, HblSearch>>(seed, HblSearch{});
        case Level::Normal: return std::make_unique<HblNormal>();
        case Level::Hard: return make_hbl_hard(seed, hbl_hard_budget());
        case Level::Expert: return make_hbl_hard(seed, expert_budget(hbl_hard_budget(), machine_threads()));
        default: return nullptr;
    }
}

}  // namespace tercio::ai

