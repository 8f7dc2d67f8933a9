// Pikette Squared's computer bench and its reaction bench (kits/pikette/bench.hpp); its scale
// bench is bench_scale.cpp.
#include "kits/pikette/bench.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>

#include "ai/match.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/reactions.hpp"
#include "kits/pikette/control/session.hpp"
#include "kits/pikette/kit.hpp"
#include "rules/game.hpp"

namespace tercio::kits {

namespace {

/// The seeded games of the computer's bench, each played kAiGames times (scaled by --games / 60),
/// the levels changing sides every other game. Tune kAiGames so that the whole bench stays under
/// about 60 s in a Release build.
constexpr std::array<BenchMatch, 3> kAiMatches = {{{ai::Level::Normal, ai::Level::Normal},
                                                   {ai::Level::Easy, ai::Level::Normal},
                                                   {ai::Level::Hard, ai::Level::Normal}}};
/// The levels that decide at the fixed positions: every level up to hard. Expert, hard with ten
/// times the samples, would take ten times hard's share of the bench to measure what hard's
/// decisions already do (the search's speed); `tercio sim` times it.
constexpr std::array<ai::Level, 4> kBenchLevels = {ai::Level::Random, ai::Level::Easy, ai::Level::Normal,
                                                   ai::Level::Hard};
constexpr int kAiGames = 2;

/// Positions at which every level decides once: the game seeded `seed` between the armies of
/// pairing `pairing` (see app::GameContexts::all_pairings), played by two random players for
/// `commands` commands (or to its last decision, if it ends sooner).
struct BenchPosition {
    std::uint64_t seed;
    std::size_t pairing;
    int commands;
};
constexpr std::array<BenchPosition, 6> kPositions = {
    {{31, 2, 20}, {32, 9, 60}, {33, 16, 150}, {34, 23, 250}, {35, 30, 350}, {36, 35, 450}}};

/// The state of kPositions' position `p`.
rules::GameState bench_position(const rules::RulesContext& ctx, const BenchPosition& p) {
    core::SeededDice dice(p.seed);
    rules::GameState s;
    rules::new_game(ctx, s, dice);
    std::array<std::unique_ptr<ai::Player>, 2> players = {
        ai::make_player(ai::Level::Random, ai::player_seed(p.seed, rules::Side::A)),
        ai::make_player(ai::Level::Random, ai::player_seed(p.seed, rules::Side::B))};
    for (int i = 0; i < p.commands; ++i) {
        const rules::Side side = rules::deciding_side(s);
        const rules::Command c = players[rules::idx(side)]->choose(ai::make_view(ctx, s, side));
        rules::GameState next = s;
        core::SeededDice next_dice = dice;
        if (const rules::Played played = rules::play(ctx, next, c, next_dice); !played.ok()) {
            throw ai::IllegalChoice("the random level chose \"" + rules::print(c) + "\" for the bench position seeded " +
                                    std::to_string(p.seed) + ": " + *played.refused);
        }
        if (next.decision == rules::Decision::GameOver) break;
        s = std::move(next);
        dice = next_dice;
    }
    return s;
}

void bench_ai_positions(const std::vector<rules::RulesContext>& pairings, BenchTotals& t) {
    for (const BenchPosition& p : kPositions) {
        const rules::RulesContext& ctx = pairings[p.pairing];
        const rules::GameState s = bench_position(ctx, p);
        const rules::Side side = rules::deciding_side(s);
        for (ai::Level level : kBenchLevels) {
            auto player = ai::make_player(level, ai::player_seed(p.seed, side));
            const ai::GameView view = ai::make_view(ctx, s, side);
            const auto t0 = BenchClock::now();
            const rules::Command c = player->choose(view);
            const double ms = ms_since(t0);
            t.ms += ms;
            t.times[static_cast<std::size_t>(level)].add(ms);
            if (auto why = rules::validate(ctx, s, c)) {
                throw ai::IllegalChoice(std::string(ai::level_name(level)) + " chose \"" +
                                        rules::print(c) + "\" at the bench position seeded " +
                                        std::to_string(p.seed) + ": " + *why);
            }
            for (char ch : rules::print(c))
                t.signature = fold(t.signature, static_cast<unsigned char>(ch));
            t.evaluated += player->evaluated();
            ++t.decisions;
        }
    }
}

void print_ai(const BenchTotals& t, int per_match) {
    std::printf(
        "ai games %d (%zu matches x %d)  positions %zu x %zu levels  decisions %ld  evaluated "
        "%llu\n",
        t.games, kAiMatches.size(), per_match, kPositions.size(), kBenchLevels.size(), t.decisions,
        static_cast<unsigned long long>(t.evaluated));
    std::printf("ai signature %016llx\n", static_cast<unsigned long long>(t.signature));
    const double s = t.ms / 1000.0;
    std::printf("ai speed: %.2f games/s, %.0f decisions/s (%.1f s)\n", s > 0 ? t.games / s : 0.0,
                s > 0 ? static_cast<double>(t.decisions) / s : 0.0, s);
    for (ai::Level l : kBenchLevels) print_level_times(l, t.times[static_cast<std::size_t>(l)]);
}

}  // namespace

/// Seeded games between the levels and one decision per level at fixed positions. The signature,
/// decisions and evaluated count depend only on the players and the rules.
int PiketteBench::computer_bench(const std::vector<rules::RulesContext>& pairings, int games) {
    const int per_match = games_per_match(games, kAiGames);
    BenchTotals t;
    try {
        play_bench_matches<PiketteKit>(pairings, kAiMatches, per_match, t);
        bench_ai_positions(pairings, t);
    } catch (const std::exception& e) {  // IllegalChoice, or a game that never ends
        std::cerr << "tercio bench: " << e.what() << '\n';
        return kBenchIllegal;
    }
    print_ai(t, per_match);
    return 0;
}

/// Game g is pairing g % 36 with its dice seeded g + 1; both seats are a person's to the filters,
/// so that they see every window.
int PiketteBench::reaction_bench(const std::vector<rules::RulesContext>& pairings, int games) {
    struct Phase {
        int windows = 0;
        int ask = 0;
        int never = 0;
    };
    std::vector<Phase> phases;  // the enemy phases with at least one window
    long windows = 0;
    long ask = 0;
    long never = 0;
    long into_melee = 0;  // stops (ask) offering a shot into a square where the side's own unit fights
    std::map<std::string, long> reasons;  // the stops with unmoved shots asked, by reason
    try {
        for (int g = 0; g < games; ++g) {
            const rules::RulesContext& ctx = pairings[static_cast<std::size_t>(g % 36)];
            const auto seed = static_cast<std::uint64_t>(g) + 1;
            control::Session session(ctx, seed);  // both seats a person's: the filters see every window
            const control::ReactionFilter asked(session, control::UnmovedShots::Ask);
            const control::ReactionFilter quiet(session, control::UnmovedShots::Never);
            std::array<std::unique_ptr<ai::Player>, 2> players{ai::make_player(ai::Level::Normal, ai::player_seed(seed, rules::Side::A)),
                                                               ai::make_player(ai::Level::Normal, ai::player_seed(seed, rules::Side::B))};
            std::map<std::uint32_t, Phase> by_phase;
            for (long n = 0; !session.over(); ++n) {
                if (n > 100000) throw std::runtime_error("a game that does not end");
                const rules::GameState& s = session.state();
                if (s.decision == rules::Decision::React) {
                    Phase& p = by_phase[static_cast<std::uint32_t>((s.turn << 16) | (s.phase << 8)) |
                                         static_cast<std::uint32_t>(rules::idx(s.active))];
                    ++p.windows;
                    ++windows;
                    if (const auto reason = asked.reason()) {
                        ++p.ask, ++ask;
                        ++reasons[reason->substr(0, std::min<std::size_t>(reason->find(" ("), 24))];
                        for (const rules::Command& c : asked.offers()) {
                            const auto* shot = std::get_if<rules::Shoot>(&c);
                            if (shot && rules::unit_at(s, shot->target, s.decider)) {
                                ++into_melee;
                                break;
                            }
                        }
                    }
                    if (quiet.reason()) ++p.never, ++never;
                }
                const rules::Side side = s.decider;
                const rules::Command c = players[rules::idx(side)]->choose(ai::make_view(ctx, s, side));
                if (auto refused = session.play(c).refused) throw std::runtime_error(*refused);
            }
            for (const auto& [key, p] : by_phase) phases.push_back(p);
        }
    } catch (const std::exception& e) {
        std::cerr << "tercio bench: " << e.what() << '\n';
        return kBenchIllegal;
    }
    const auto quantile = [&phases](int Phase::*field, double q) {
        std::vector<int> v;
        for (const Phase& p : phases) v.push_back(p.*field);
        std::sort(v.begin(), v.end());
        return v.empty() ? 0 : v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
    };
    std::printf("reactions: %d games (normal v normal), %zu enemy phases with a window\n", games, phases.size());
    std::printf("windows out of turn %ld; stops with unmoved shots asked %ld, never %ld\n", windows, ask, never);
    std::printf("per enemy phase: windows median %d, p90 %d, most %d; stops (ask) median %d, p90 %d, most %d; "
                "stops (never) median %d, p90 %d, most %d\n",
                quantile(&Phase::windows, 0.5), quantile(&Phase::windows, 0.9), quantile(&Phase::windows, 1.0),
                quantile(&Phase::ask, 0.5), quantile(&Phase::ask, 0.9), quantile(&Phase::ask, 1.0),
                quantile(&Phase::never, 0.5), quantile(&Phase::never, 0.9), quantile(&Phase::never, 1.0));
    std::string by_reason;
    for (const auto& [r, n] : reasons) by_reason += (by_reason.empty() ? "" : "; ") + r + " " + std::to_string(n);
    std::printf("stops (ask) by reason: %s\n", by_reason.c_str());
    std::printf("stops (ask) offering a shot into a square where the side's own unit fights: %ld\n", into_melee);
    return 0;
}

}  // namespace tercio::kits
