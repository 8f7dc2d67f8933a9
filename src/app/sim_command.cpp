#include "app/sim_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "ai/match.hpp"
#include "ai/stats.hpp"
#include "app/exit_codes.hpp"
#include "app/game_contexts.hpp"
#include "kits/registry.hpp"

namespace tercio::app {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::size_t kLevelCount = ai::kLevels.size();

/// One game of the run: what it was given, and how it went.
template <core::RulesEngine E>
struct GameRecord {
    std::uint64_t seed = 0;
    std::size_t pairing = 0;  ///< index into the run's contexts
    std::array<ai::Level, 2> levels{};
    ai::GameResultOf<E> result;  ///< decision times dropped once counted
    std::array<double, 2> ms_median{};
    std::array<double, 2> ms_p95{};
    std::string error;  ///< why the game stopped, if a player failed
};

/// The run as set: contexts, their names, levels.
template <core::RulesEngine E>
struct Plan {
    std::vector<typename E::Context> contexts;
    std::vector<std::array<std::string, 2>> army_names;  ///< per context
    std::array<ai::Level, 2> levels{};                   ///< of red and blue, before any swap
};

/// How the games of engine E can end, in the summary's words, in the order it gives them.
template <core::RulesEngine E>
std::vector<std::pair<typename E::End, const char*>> end_phrases() {
    return kits::KitOf<E>::end_phrases();
}

/// Game i: with --swap, deal i / 2 with the levels changing sides in odd games; otherwise deal i.
/// Deal d has the seed --seed + d and, with --all-armies, pairing d % 36.
template <core::RulesEngine E>
GameRecord<E> schedule(const SimOptions& opt, const Plan<E>& plan, long i) {
    GameRecord<E> r;
    const long deal = opt.swap ? i / 2 : i;
    r.seed = opt.seed + static_cast<std::uint64_t>(deal);
    r.pairing = static_cast<std::size_t>(deal) % plan.contexts.size();
    r.levels = plan.levels;
    if (opt.swap && i % 2 == 1) std::swap(r.levels[0], r.levels[1]);
    return r;
}

double exact_quantile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    const auto k =
        static_cast<std::size_t>(std::max(0.0, std::ceil(q * static_cast<double>(v.size())) - 1));
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end());
    return v[k];
}

using LevelTimes = std::array<ai::TimeHistogram, kLevelCount>;

/// Plays one game into `r`; a player's failure is kept in r.error.
template <core::RulesEngine E>
void play_one(const SimOptions& opt, const Plan<E>& plan, GameRecord<E>& r, LevelTimes& times) {
    try {
        using Computer = typename kits::KitOf<E>::Computer;
        auto a = Computer::make_player(r.levels[0], ai::player_seed(r.seed, core::Side::A));
        auto b = Computer::make_player(r.levels[1], ai::player_seed(r.seed, core::Side::B));
        ai::MatchOptions mo;
        mo.time_decisions = true;
        r.result = ai::play_match<E>(plan.contexts[r.pairing], r.seed, *a, *b, mo);
    } catch (const ai::IllegalChoice& e) {
        r.error = e.what();
    } catch (const std::exception& e) {
        r.error = e.what();
    }
    for (std::size_t s = 0; s < 2; ++s) {
        auto& ms = r.result.decide_ms[s];
        for (double t : ms) times[static_cast<std::size_t>(r.levels[s])].add(t);
        if (opt.csv_times) {
            r.ms_median[s] = exact_quantile(ms, 0.5);
            r.ms_p95[s] = exact_quantile(ms, 0.95);
        }
        std::vector<double>().swap(ms);
    }
}

/// Plays every game on `opt.jobs` threads, each taking the next game not yet taken, and keeps
/// each result at its game's index: the same records whatever the number of threads. After a
/// failure no new game starts. `ended(i)` is called as game i ends, from the thread that played
/// it. Returns the decision times per level.
template <core::RulesEngine E, class Ended>
LevelTimes play_all(const SimOptions& opt, const Plan<E>& plan, std::vector<GameRecord<E>>& records,
                    Ended&& ended) {
    std::atomic<long> next{0};
    std::atomic<long> done{0};
    std::atomic<bool> failed{false};
    const long n = static_cast<long>(records.size());
    std::vector<LevelTimes> times(static_cast<std::size_t>(opt.jobs));
    std::vector<std::thread> workers;
    for (int j = 0; j < opt.jobs; ++j) {
        workers.emplace_back([&, j] {
            // A game once taken is always played: when game k fails, every game before it has
            // been taken, so the first failure reported is the same whatever the threads.
            for (long i = 0; !failed && (i = next++) < n;) {
                GameRecord<E>& r = records[static_cast<std::size_t>(i)];
                play_one(opt, plan, r, times[static_cast<std::size_t>(j)]);
                if (!r.error.empty()) failed = true;
                ended(static_cast<std::size_t>(i));
                ++done;
            }
        });
    }
    if (isatty(STDERR_FILENO)) {
        // Progress, on a terminal only: one line, rewritten.
        while (done < n && !failed) {
            std::fprintf(stderr, "\r%ld/%ld games", done.load(), n);
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
        std::fprintf(stderr, "\r%30s\r", "");
    }
    for (auto& w : workers) w.join();
    for (std::size_t j = 1; j < times.size(); ++j) {
        for (std::size_t l = 0; l < kLevelCount; ++l) times[0][l].merge(times[j][l]);
    }
    return times[0];
}

// ---- The summary ----

struct Tally {
    long games = 0, won = 0, drawn = 0, lost = 0;
    long vp = 0;
    void add(int winner, std::size_t side, int points) {
        ++games;
        vp += points;
        if (winner < 0)
            ++drawn;
        else if (static_cast<std::size_t>(winner) == side)
            ++won;
        else
            ++lost;
    }
};

void print_tally(const char* label, const Tally& t) {
    const ai::Interval ci = ai::wilson_interval(t.won, t.games);
    const double rate =
        t.games ? 100.0 * static_cast<double>(t.won) / static_cast<double>(t.games) : 0;
    const double vp = t.games ? static_cast<double>(t.vp) / static_cast<double>(t.games) : 0;
    std::printf("%-15s %7ld %6ld %6ld %6ld %6.1f%%  %5.1f%% - %5.1f%% %8.1f\n", label, t.games,
                t.won, t.drawn, t.lost, rate, 100 * ci.low, 100 * ci.high, vp);
}

template <core::RulesEngine E>
std::string describe_run(const SimOptions& opt, const Plan<E>& plan, long n) {
    std::string armies =
        opt.all_armies ? "all 36 army pairings"
                       : plan.army_names[0][0] + " (red) v " + plan.army_names[0][1] + " (blue)";
    const long deals = opt.swap ? n / 2 : n;
    std::string levels = std::string(ai::level_name(plan.levels[0])) + " (red) v " +
                         std::string(ai::level_name(plan.levels[1])) + " (blue)";
    if (opt.swap) levels += ", then swapped on each seed";
    return std::to_string(n) + " games, seeds " + std::to_string(opt.seed) + " to " +
           std::to_string(opt.seed + static_cast<std::uint64_t>(deals - 1)) + ", " + armies +
           (std::is_same_v<kits::KitOf<E>, kits::DefaultKit> ? std::string() : std::string(" (") + std::string(E::name) + ")") +
           "\nlevels " + levels + "\n";
}

/// In text given to wrap(): a space the line may not break at ("12 turns").
constexpr char kGlue = '\x01';

/// `text` broken into lines of at most `width` columns at its spaces (not at kGlue, which becomes a
/// space), each ending in a newline.
std::string wrap(const std::string& text, std::size_t width) {
    std::string out, line;
    std::size_t from = 0;
    while (from < text.size()) {
        std::size_t to = text.find(' ', from);
        if (to == std::string::npos) to = text.size();
        const std::string word = text.substr(from, to - from);
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        from = to + 1;
    }
    out += line + '\n';
    std::replace(out.begin(), out.end(), kGlue, ' ');
    return out;
}

template <core::RulesEngine E>
void print_summary(const SimOptions& opt, const Plan<E>& plan, const std::vector<GameRecord<E>>& records,
                   const LevelTimes& times, double seconds) {
    std::array<Tally, kLevelCount> by_level{};
    std::array<Tally, 2> by_side{};
    const auto phrases = end_phrases<E>();
    std::vector<long> ends(phrases.size());
    long turns = 0, decisions = 0;
    for (const GameRecord<E>& r : records) {
        for (std::size_t s = 0; s < 2; ++s) {
            by_side[s].add(r.result.winner, s, r.result.vp[s]);
            if (r.levels[0] != r.levels[1]) {
                by_level[static_cast<std::size_t>(r.levels[s])].add(r.result.winner, s,
                                                                    r.result.vp[s]);
            }
        }
        for (std::size_t k = 0; k < phrases.size(); ++k) ends[k] += phrases[k].first == r.result.end;
        turns += r.result.turns;
        decisions += r.result.decisions;
    }
    const long n = static_cast<long>(records.size());
    std::fputs(describe_run(opt, plan, n).c_str(), stdout);
    std::printf("\n%-15s %7s %6s %6s %6s %7s  %-15s %8s\n", "", "games", "won", "drawn", "lost",
                "won %", "95% CI (Wilson)", "mean VP");
    if (plan.levels[0] != plan.levels[1]) {
        for (ai::Level l : plan.levels)
            print_tally(std::string(ai::level_name(l)).c_str(),
                        by_level[static_cast<std::size_t>(l)]);
    } else {
        std::printf("%-15s (both sides: by side only)\n",
                    std::string(ai::level_name(plan.levels[0])).c_str());
    }
    print_tally("red (side A)", by_side[0]);
    print_tally("blue (side B)", by_side[1]);
    const auto per_game = [n](long total) {
        return static_cast<double>(total) / static_cast<double>(n);
    };
    std::string ended = "ended:";
    for (std::size_t k = 0; k < phrases.size(); ++k) {
        ended += (k ? ", " : " ") + std::to_string(ends[k]) + kGlue + phrases[k].second;
    }
    char mean[96];
    std::snprintf(mean, sizeof mean, "; mean %.1f%cturns, %.0f%cdecisions", per_game(turns), kGlue,
                  per_game(decisions), kGlue);
    std::printf("\n%s", wrap(ended + mean, 80).c_str());
    std::printf("\n%-15s %10s %10s %11s\n", "ms per decision", "median", "p95", "decisions");
    for (ai::Level l : ai::kLevels) {
        const ai::TimeHistogram& h = times[static_cast<std::size_t>(l)];
        if (h.count() == 0) continue;
        std::printf("%-15s %10.3f %10.3f %11llu\n", std::string(ai::level_name(l)).c_str(),
                    h.quantile(0.5), h.quantile(0.95), static_cast<unsigned long long>(h.count()));
    }
    std::printf("\n%.1f s, %.2f games/s, %d job%s\n", seconds,
                seconds > 0 ? static_cast<double>(n) / seconds : 0.0, opt.jobs,
                opt.jobs == 1 ? "" : "s");
}

// ---- CSV ----

/// The CSV file, written as the games end: a line for each game, in the games' order, as soon as
/// every game before it has ended, and flushed. A run stopped part way (Ctrl-C, a kill, a
/// player's failure) leaves every game up to the first that did not end, the same lines a full
/// run gives them, whatever the number of threads.
template <core::RulesEngine E>
class CsvStream {
public:
    CsvStream(std::ofstream& f, const SimOptions& opt, const Plan<E>& plan, const std::vector<GameRecord<E>>& records)
        : f_(f), opt_(opt), plan_(plan), records_(records), ended_(records.size(), false) {
        f_ << "game,seed,red_army,blue_army,red_level,blue_level,winner,end,red_vp,blue_vp,turns,"
              "decisions,"
              "red_evaluated,blue_evaluated,final_hash";
        if (opt_.csv_times) f_ << ",red_ms_median,red_ms_p95,blue_ms_median,blue_ms_p95";
        f_ << '\n';
        f_.flush();
    }

    /// Game i has ended: writes the lines now due. A failed game and those after it stay out.
    void ended(std::size_t i) {
        const std::lock_guard<std::mutex> lock(mutex_);
        ended_[i] = true;
        const std::size_t before = next_;
        while (next_ < records_.size() && ended_[next_] && records_[next_].error.empty()) {
            write(next_);
            ++next_;
        }
        if (next_ != before) f_.flush();
    }

private:
    void write(std::size_t i) {
        const GameRecord<E>& r = records_[i];
        const ai::GameResultOf<E>& g = r.result;
        const auto& names = plan_.army_names[r.pairing];
        f_ << i << ',' << r.seed << ',' << names[0] << ',' << names[1] << ','
           << ai::level_name(r.levels[0]) << ',' << ai::level_name(r.levels[1]) << ','
           << (g.winner == 0   ? "red"
               : g.winner == 1 ? "blue"
                               : "draw")
           << ',' << E::end_word(g.end) << ',' << g.vp[0] << ',' << g.vp[1] << ',' << g.turns << ','
           << g.decisions << ',' << g.evaluated[0] << ',' << g.evaluated[1] << ',';
        char buf[96];
        std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(g.final_hash));
        f_ << buf;
        if (opt_.csv_times) {
            std::snprintf(buf, sizeof buf, ",%.4f,%.4f,%.4f,%.4f", r.ms_median[0], r.ms_p95[0],
                          r.ms_median[1], r.ms_p95[1]);
            f_ << buf;
        }
        f_ << '\n';
    }

    std::ofstream& f_;
    const SimOptions& opt_;
    const Plan<E>& plan_;
    const std::vector<GameRecord<E>>& records_;
    std::mutex mutex_;
    std::vector<bool> ended_;
    std::size_t next_ = 0;  ///< the first game not yet written
};

/// The context of one pairing of engine E.
template <core::RulesEngine E>
std::optional<typename E::Context> pairing(GameContexts& contexts, const std::string& ruleset,
                                           const std::string& red, const std::string& blue, std::string& why,
                                           const std::vector<std::string>& options) {
    return contexts.context<kits::KitOf<E>>(ruleset, red, blue, why, options);
}

/// The contexts, army names and levels of the run; an exit code when the options or data are bad.
template <core::RulesEngine E>
std::variant<Plan<E>, int> make_plan(const SimOptions& opt, const std::filesystem::path& data_dir,
                                     GameContexts& contexts) {
    Plan<E> plan;
    const std::array<const std::string*, 2> names = {&opt.red_ai, &opt.blue_ai};
    for (std::size_t s = 0; s < 2; ++s) {
        const auto level = ai::parse_level(*names[s]);
        if (!level) {
            std::cerr << "tercio sim: " << (s == 0 ? "--red-ai" : "--blue-ai") << ": no level \""
                      << *names[s] << "\" (" << ai::levels_in_words() << ")\n";
            return kExitUsage;
        }
        if (!kits::KitOf<E>::Computer::has_level(*level)) {
            std::cerr << "tercio sim: " << (s == 0 ? "--red-ai" : "--blue-ai") << ": " << opt.ruleset
                      << " has no level \"" << *names[s] << "\" yet (" << kits::levels_in_words<kits::KitOf<E>>() << ")\n";
            return kExitUsage;
        }
        plan.levels[s] = *level;
    }
    if (std::string why; !kits::known_options<kits::KitOf<E>>(opt.optional_rules, why)) {
        std::cerr << "tercio sim: --optional-rule: " << why << '\n';
        return kExitUsage;
    }
    if (opt.swap && opt.games % 2 != 0) {
        std::cerr << "tercio sim: --swap plays each seed twice, so --games must be even (not "
                  << opt.games << ")\n";
        return kExitUsage;
    }
    std::string why;
    if (opt.all_armies) {
        for (const std::string_view red : kits::KitOf<E>::Files::paired_armies()) {
            for (const std::string_view blue : kits::KitOf<E>::Files::paired_armies()) {
                auto ctx = pairing<E>(contexts, opt.ruleset, std::string(red), std::string(blue), why, opt.optional_rules);
                if (!ctx) {
                    plan.contexts.clear();
                    break;
                }
                plan.contexts.push_back(*ctx);
                plan.army_names.push_back({std::string(red), std::string(blue)});
            }
            if (!why.empty()) break;
        }
    } else if (!opt.red || !opt.blue) {
        std::cerr << "tercio sim: give --red ARMY and --blue ARMY, or --all-armies\n";
        return kExitUsage;
    } else if (auto ctx = pairing<E>(contexts, opt.ruleset, *opt.red, *opt.blue, why, opt.optional_rules)) {
        plan.contexts.push_back(*ctx);
        plan.army_names.push_back({*opt.red, *opt.blue});
    }
    if (plan.contexts.empty()) {
        std::cerr << "tercio sim: " << why << " (in " << data_dir.string() << ")\n";
        return kExitDataError;
    }
    return plan;
}

template <core::RulesEngine E>
int run_sim_for(const SimOptions& opt, const std::filesystem::path& data_dir, GameContexts& contexts) {
    auto made = make_plan<E>(opt, data_dir, contexts);
    if (const int* code = std::get_if<int>(&made)) return *code;
    const Plan<E>& plan = std::get<Plan<E>>(made);

    // The CSV file is opened first: a path that cannot be written fails before the games, not
    // after.
    std::ofstream csv;
    if (opt.csv) {
        csv.open(*opt.csv, std::ios::binary | std::ios::trunc);
        if (!csv) {
            std::cerr << "tercio sim: --csv " << *opt.csv << ": cannot open the file for writing\n";
            return kExitIoError;
        }
    }
    std::vector<GameRecord<E>> records;
    for (long i = 0; i < opt.games; ++i) records.push_back(schedule(opt, plan, i));
    std::optional<CsvStream<E>> lines;
    if (opt.csv) lines.emplace(csv, opt, plan, records);
    const auto t0 = Clock::now();
    const LevelTimes times = play_all(opt, plan, records, [&](std::size_t i) {
        if (lines) lines->ended(i);
    });
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();

    for (std::size_t i = 0; i < records.size(); ++i) {
        const GameRecord<E>& r = records[i];
        if (r.error.empty()) continue;
        const auto& names = plan.army_names[r.pairing];
        std::cerr << "tercio sim: game " << i << ", seed " << r.seed << " (" << names[0] << ' '
                  << ai::level_name(r.levels[0]) << " v " << names[1] << ' '
                  << ai::level_name(r.levels[1]) << "): " << r.error << '\n';
        if (opt.csv) {
            std::cerr << "tercio sim: --csv " << *opt.csv;
            if (i == 0)
                std::cerr << " has only its header\n";
            else
                std::cerr << " has the lines of games 0 to " << i - 1 << ", the games before it\n";
        }
        return kExitIllegal;
    }
    if (opt.csv) {
        if (!csv.flush()) {
            std::cerr << "tercio sim: --csv " << *opt.csv << ": cannot write the file\n";
            return kExitIoError;
        }
    }
    print_summary(opt, plan, records, times, seconds);
    return kExitOk;
}

}  // namespace

int run_sim(const SimOptions& opt, const std::filesystem::path& data_dir) {
    GameContexts contexts(data_dir);
    SimOptions o = opt;
    if (o.ruleset.empty()) o.ruleset = kits::default_ruleset();
    std::string why;
    const auto engine = contexts.engine(o.ruleset, why);
    if (!engine) {
        std::cerr << "tercio sim: --ruleset " << o.ruleset << ": " << why << " (in " << data_dir.string() << ")\n";
        return kExitDataError;
    }
    const auto code = kits::with_kit(*engine, [&]<class K>(kits::KitTag<K>) {
        return run_sim_for<typename K::Engine>(o, data_dir, contexts);
    });
    if (!code) {
        std::cerr << "tercio sim: --ruleset " << o.ruleset << ": " << kits::unknown_engine(*engine) << '\n';
        return kExitDataError;
    }
    return *code;
}

}  // namespace tercio::app
