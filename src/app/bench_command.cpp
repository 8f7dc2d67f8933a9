#include "app/bench_command.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "ai/match.hpp"
#include "kits/registry.hpp"
#include "ai/stats.hpp"
#include "app/exit_codes.hpp"
#include "app/game_contexts.hpp"
#include "control/reactions.hpp"
#include "control/session.hpp"
#include <map>
#include "hbl/engine.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"
#include "rules/state_hash.hpp"

namespace tercio::app {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ULL;
constexpr std::uint64_t kFnvPrime = 0x100000001B3ULL;

std::uint64_t fold(std::uint64_t signature, std::uint64_t value) {
    return (signature ^ value) * kFnvPrime;
}

double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

}  // namespace

double cpu_seconds() {
    timespec t{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

namespace {

// ---- The AI part ----

/// The seeded games of the AI part, each played kAiGames times (scaled by --games / 60), the
/// levels changing sides every other game. Tune kAiGames so that the whole bench stays under
/// about 60 s in a Release build.
struct AiMatch {
    ai::Level red;
    ai::Level blue;
};
constexpr std::array<AiMatch, 3> kAiMatches = {{{ai::Level::Normal, ai::Level::Normal},
                                                {ai::Level::Easy, ai::Level::Normal},
                                                {ai::Level::Hard, ai::Level::Normal}}};
constexpr int kAiGames = 2;
constexpr int kDefaultGames = 60;  ///< --games at which the AI part plays kAiGames per match

/// Positions at which every level decides once: the game seeded `seed` between the armies of
/// pairing `pairing` (see GameContexts::all_pairings), played by two random players for
/// `commands` commands (or to its last decision, if it ends sooner).
struct BenchPosition {
    std::uint64_t seed;
    std::size_t pairing;
    int commands;
};
constexpr std::array<BenchPosition, 6> kPositions = {
    {{31, 2, 20}, {32, 9, 60}, {33, 16, 150}, {34, 23, 250}, {35, 30, 350}, {36, 35, 450}}};

struct AiTotals {
    std::uint64_t signature = kFnvOffset;
    std::uint64_t evaluated = 0;
    long decisions = 0;
    int games = 0;
    double ms = 0;  ///< wall time of the games and position decisions
    std::array<ai::TimeHistogram, ai::kLevels.size()> times;
};

void bench_ai_games(const std::vector<rules::RulesContext>& pairings, int per_match, AiTotals& t) {
    ai::MatchOptions mo;
    mo.time_decisions = true;
    int k = 0;
    for (const AiMatch& m : kAiMatches) {
        for (int g = 0; g < per_match; ++g, ++k) {
            std::array<ai::Level, 2> levels = {m.red, m.blue};
            if (g % 2 == 1) std::swap(levels[0], levels[1]);
            // 13 is prime to 36: the games go through all the pairings.
            const std::size_t pairing = static_cast<std::size_t>(k * 13 + 2) % pairings.size();
            const std::uint64_t seed = 101 + static_cast<std::uint64_t>(k);
            auto a = ai::make_player(levels[0], ai::player_seed(seed, rules::Side::A));
            auto b = ai::make_player(levels[1], ai::player_seed(seed, rules::Side::B));
            const auto t0 = Clock::now();
            const ai::GameResult r = ai::play_game(pairings[pairing], seed, *a, *b, mo);
            t.ms += ms_since(t0);
            t.signature = fold(t.signature, r.final_hash);
            t.evaluated += r.evaluated[0] + r.evaluated[1];
            t.decisions += r.decisions;
            ++t.games;
            for (std::size_t s = 0; s < 2; ++s) {
                for (double ms : r.decide_ms[s])
                    t.times[static_cast<std::size_t>(levels[s])].add(ms);
            }
        }
    }
}

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

void bench_ai_positions(const std::vector<rules::RulesContext>& pairings, AiTotals& t) {
    for (const BenchPosition& p : kPositions) {
        const rules::RulesContext& ctx = pairings[p.pairing];
        const rules::GameState s = bench_position(ctx, p);
        const rules::Side side = rules::deciding_side(s);
        for (ai::Level level : ai::kLevels) {
            auto player = ai::make_player(level, ai::player_seed(p.seed, side));
            const ai::GameView view = ai::make_view(ctx, s, side);
            const auto t0 = Clock::now();
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

void print_ai(const AiTotals& t, int per_match) {
    std::printf(
        "ai games %d (%zu matches x %d)  positions %zu x %zu levels  decisions %ld  evaluated "
        "%llu\n",
        t.games, kAiMatches.size(), per_match, kPositions.size(), ai::kLevels.size(), t.decisions,
        static_cast<unsigned long long>(t.evaluated));
    std::printf("ai signature %016llx\n", static_cast<unsigned long long>(t.signature));
    const double s = t.ms / 1000.0;
    std::printf("ai speed: %.2f games/s, %.0f decisions/s (%.1f s)\n", s > 0 ? t.games / s : 0.0,
                s > 0 ? static_cast<double>(t.decisions) / s : 0.0, s);
    for (ai::Level l : ai::kLevels) {
        const ai::TimeHistogram& h = t.times[static_cast<std::size_t>(l)];
        std::printf("ai %-7s median %.3f ms, p95 %.3f ms per decision (%llu decisions)\n",
                    std::string(ai::level_name(l)).c_str(), h.quantile(0.5), h.quantile(0.95),
                    static_cast<unsigned long long>(h.count()));
    }
}

/// The AI part: seeded games between the levels and one decision per level at fixed positions.
/// The signature, decisions and evaluated count depend only on the players and the rules.
int bench_ai(const std::vector<rules::RulesContext>& pairings, int games) {
    const int per_match = std::max(1, kAiGames * games / kDefaultGames);
    AiTotals t;
    try {
        bench_ai_games(pairings, per_match, t);
        bench_ai_positions(pairings, t);
    } catch (const std::exception& e) {  // IllegalChoice, or a game that never ends
        std::cerr << "tercio bench: " << e.what() << '\n';
        return kExitIllegal;
    }
    print_ai(t, per_match);
    return kExitOk;
}

// ---- Random play ----

/// Random legal play: game g pits army g % 6 against army (g / 6) % 6, dice seeded g + 1,
/// choices from a separate stream; concessions are left out. The same for every engine.
template <core::RulesEngine E>
void bench_random(const std::vector<typename E::Context>& pairings, int games) {
    using State = typename E::State;
    std::uint64_t signature = kFnvOffset;
    long decisions = 0;
    long legal_listed = 0;
    std::vector<double> game_ms;
    const double cpu0 = cpu_seconds();
    for (int g = 0; g < games; ++g) {
        const auto t0 = Clock::now();
        const typename E::Context& ctx = pairings[static_cast<std::size_t>((g % 6) * 6 + (g / 6) % 6)];
        core::SeededDice dice(static_cast<std::uint64_t>(g) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(g) * 7919 + 13);
        State s;
        E::new_game(ctx, s, dice);
        while (!E::over(s)) {
            std::size_t listed = 0;
            const auto c = E::random_legal(ctx, s, chooser, &listed);
            legal_listed += static_cast<long>(listed);
            if (!c) break;  // only conceding is left (none of the shipped armies come to it)
            // The one checked step, as every game takes (it validates once, as apply does).
            E::play(ctx, s, *c, dice);
            ++decisions;
        }
        signature = fold(signature, E::hash(s));
        game_ms.push_back(ms_since(t0));
    }
    const double cpu = cpu_seconds() - cpu0;
    std::sort(game_ms.begin(), game_ms.end());
    double total_ms = 0;
    for (double ms : game_ms) total_ms += ms;

    // The cost of copying a state, which the computer opponent will do very often.
    State probe;
    {
        core::SeededDice dice(1);
        E::new_game(pairings[2], probe, dice);  // french v spanish
    }
    constexpr int kCopies = 200000;
    std::vector<State> sink(2);
    const auto c0 = Clock::now();
    for (int i = 0; i < kCopies; ++i) sink[static_cast<std::size_t>(i & 1)] = probe;
    const double copy_ns =
        std::chrono::duration<double, std::nano>(Clock::now() - c0).count() / kCopies;

    std::printf("games %d  decisions %ld  legal commands listed %ld\n", games, decisions,
                legal_listed);
    std::printf("signature %016llx\n", static_cast<unsigned long long>(signature));
    std::printf("game time: median %.2f ms, p95 %.2f ms; %.1f games/s, %.0f decisions/s\n",
                game_ms[game_ms.size() / 2], game_ms[game_ms.size() * 95 / 100],
                1000.0 * games / total_ms, 1000.0 * static_cast<double>(decisions) / total_ms);
    std::printf("cpu time %.3f s: %.1f games per CPU-second, %.0f decisions per CPU-second\n", cpu, games / cpu,
                static_cast<double>(decisions) / cpu);
    std::printf("GameState: %zu bytes, copy %.0f ns (%d copies; probe hash %016llx)\n",
                sizeof(State), copy_ns, kCopies,
                static_cast<unsigned long long>(E::hash(sink[0])));
}

/// Hell Broke Loose's computer: kAiGames games (scaled as the AI part is) of normal against random
/// and of normal against normal, the levels changing sides every other game; their signature and
/// decision times.
int bench_hbl_ai(const std::vector<hbl::Context>& pairings, int games) {
    const int per_match = std::max(1, kAiGames * games / kDefaultGames);
    constexpr std::array<AiMatch, 2> kMatches = {{{ai::Level::Normal, ai::Level::Random},
                                                  {ai::Level::Normal, ai::Level::Normal}}};
    std::uint64_t signature = kFnvOffset;
    long decisions = 0;
    int played = 0;
    std::array<ai::TimeHistogram, ai::kLevels.size()> times;
    const double cpu0 = cpu_seconds();
    ai::MatchOptions mo;
    mo.time_decisions = true;
    try {
        int k = 0;
        for (const AiMatch& m : kMatches) {
            for (int g = 0; g < per_match; ++g, ++k) {
                std::array<ai::Level, 2> levels = {m.red, m.blue};
                if (g % 2 == 1) std::swap(levels[0], levels[1]);
                const std::size_t pairing = static_cast<std::size_t>(k * 13 + 2) % pairings.size();
                const std::uint64_t seed = 101 + static_cast<std::uint64_t>(k);
                auto a = kits::HblKit::Computer::make_player(levels[0], ai::player_seed(seed, core::Side::A));
                auto b = kits::HblKit::Computer::make_player(levels[1], ai::player_seed(seed, core::Side::B));
                const auto r = ai::play_match<hbl::Engine>(pairings[pairing], seed, *a, *b, mo);
                signature = fold(signature, r.final_hash);
                decisions += r.decisions;
                ++played;
                for (std::size_t s = 0; s < 2; ++s) {
                    for (double ms : r.decide_ms[s]) times[static_cast<std::size_t>(levels[s])].add(ms);
                }
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "tercio bench: " << e.what() << '\n';
        return kExitIllegal;
    }
    const double cpu = cpu_seconds() - cpu0;
    std::printf("ai games %d (%zu matches x %d)  decisions %ld\n", played, kMatches.size(), per_match, decisions);
    std::printf("ai signature %016llx\n", static_cast<unsigned long long>(signature));
    std::printf("ai cpu time %.2f s\n", cpu);
    for (ai::Level l : {ai::Level::Random, ai::Level::Normal}) {
        const ai::TimeHistogram& h = times[static_cast<std::size_t>(l)];
        std::printf("ai %-7s median %.3f ms, p95 %.3f ms per decision (%llu decisions)\n",
                    std::string(ai::level_name(l)).c_str(), h.quantile(0.5), h.quantile(0.95),
                    static_cast<unsigned long long>(h.count()));
    }
    return kExitOk;
}

/// Every pairing of the shipped armies, or nothing after saying why on standard error.
std::optional<std::vector<rules::RulesContext>> bench_pairings(GameContexts& contexts) {
    std::string why;
    auto pairings = contexts.all_pairings<kits::PiketteKit>(std::string(data::kPiketteSquared), why);
    if (!pairings) std::cerr << "tercio bench: " << why << '\n';
    return pairings;
}

}  // namespace

int run_reaction_bench(int games, const std::filesystem::path& data_dir) {
    GameContexts contexts(data_dir);
    const auto pairings = bench_pairings(contexts);
    if (!pairings) return kExitDataError;
    struct Phase {
        int windows = 0;
        int ask = 0;
        int never = 0;
    };
    std::vector<Phase> phases;  // the enemy phases with at least one window
    long windows = 0;
    long ask = 0;
    long never = 0;
    std::map<std::string, long> reasons;  // the stops with unmoved shots asked, by reason
    try {
        for (int g = 0; g < games; ++g) {
            const rules::RulesContext& ctx = (*pairings)[static_cast<std::size_t>(g % 36)];
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
        return kExitIllegal;
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
    return kExitOk;
}

int run_bench(int games, const std::filesystem::path& data_dir, const std::string& ruleset) {
    GameContexts contexts(data_dir);
    if (!ruleset.empty()) {
        std::string why;
        const auto engine = contexts.engine(ruleset, why);
        if (!engine) {
            std::cerr << "tercio bench: --ruleset " << ruleset << ": " << why << '\n';
            return kExitDataError;
        }
        if (*engine == hbl::Engine::name) {
            std::vector<hbl::Context> pairings;
            for (const char* red : kArmyIds) {
                for (const char* blue : kArmyIds) {
                    auto ctx = contexts.context<kits::HblKit>(ruleset, red, blue, why);
                    if (!ctx) {
                        std::cerr << "tercio bench: " << why << '\n';
                        return kExitDataError;
                    }
                    pairings.push_back(*ctx);
                }
            }
            std::printf("ruleset %s\n", ruleset.c_str());
            bench_random<hbl::Engine>(pairings, games);
            std::fflush(stdout);
            return bench_hbl_ai(pairings, games);
        }
    }
    const auto pairings = bench_pairings(contexts);
    if (!pairings) return kExitDataError;
    bench_random<rules::Engine>(*pairings, games);
    std::fflush(stdout);
    return bench_ai(*pairings, games);
}

}  // namespace tercio::app
