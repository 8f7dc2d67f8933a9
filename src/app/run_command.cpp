#include "app/run_command.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <variant>

#include "app/exit_codes.hpp"
#include "app/terminal.hpp"
#include "data/data_files.hpp"
#include "kits/registry.hpp"

namespace tercio::app {

namespace {

/// The largest file of commands read: far more than any game (a save holds a whole game in a
/// few hundred KB).
constexpr std::size_t kMaxCommandBytes = 16 * 1024 * 1024;

/// The ';'-separated commands of `--odds`, each trimmed, the empty ones left out.
std::vector<std::string> odds_commands(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(';', start), text.size());
        const std::string part = text.substr(start, end - start);
        const std::size_t a = part.find_first_not_of(" \t");
        const std::size_t b = part.find_last_not_of(" \t");
        if (a != std::string::npos) out.push_back(part.substr(a, b - a + 1));
        start = end + 1;
    }
    return out;
}

/// `--odds`, or `odds` at a prompt: the odds of the ';'-separated commands of `text` in `s` (kit
/// K's words); the exit code.
template <class K>
int print_odds(const typename K::Engine::Context& ctx, const typename K::Engine::State& s, const std::string& text) {
    kits::OddsRefusal refusal;
    for (const auto& line : K::Run::odds(ctx, s, odds_commands(text), refusal)) std::cout << line << '\n';
    if (!refusal.refused()) return kExitOk;
    std::cerr << "--odds: " << (refusal.part.empty() ? "" : printable(refusal.part) + ": ") << printable(refusal.why)
              << '\n';
    return refusal.illegal ? kExitIllegal : kExitUsage;
}

/// Writes `text` to `path` whole: into a temporary file first, then renamed over it.
bool write_text(const std::string& path, const std::string& text) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) return false;
        f << text;
        if (!f.flush()) return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

/// "line 3: shoot b4 e7: no line of sight", safe for a terminal: the line and the reason with
/// their escape sequences and other control bytes shown as `\xNN` (printable), since a command file
/// can hold anything. The line is shown once: a reason that quotes it already is enough.
std::string bad_line(int n, const std::string& text, const std::string& reason) {
    const std::string where = "line " + std::to_string(n) + ": ";
    if (reason.find(text) != std::string::npos) return where + printable(reason);
    return where + printable(text) + ": " + printable(reason);
}

/// Opens `--commands` (a file read whole, with a cap, or "-" for standard input) into `in`; an exit
/// code if it cannot be read, else kExitOk (and `in` stays null without --commands).
int open_commands(const RunOptions& opt, std::istringstream& file, std::istream*& in) {
    if (!opt.commands) return kExitOk;
    if (*opt.commands == "-") {
        in = &std::cin;
        return kExitOk;
    }
    // Read whole, with a cap: a directory or an endless device is refused, not taken for an
    // empty list.
    const data::FileText t = data::read_file(*opt.commands, kMaxCommandBytes);
    const std::string error = !t.error.empty() ? t.error
                              : t.text.size() > kMaxCommandBytes
                                  ? "file is too large (more than " + std::to_string(kMaxCommandBytes) + " bytes)"
                                  : "";
    if (!error.empty()) {
        std::cerr << "tercio run: --commands " << printable(*opt.commands) << ": " << error << '\n';
        return t.missing ? kExitNoInput : kExitIoError;
    }
    file.str(t.text);
    in = &file;
    return kExitOk;
}

/// The computer players --red-ai and --blue-ai ask for (null for a side without one), their own
/// choices seeded from the game's seed; an exit code, with the reason on standard error, for a
/// level kit K's computer does not have.
template <core::RulesEngine E>
using Computers = std::array<std::unique_ptr<ai::PlayerOf<E>>, 2>;

template <class K>
int make_computers(const RunOptions& opt, std::uint64_t seed, Computers<typename K::Engine>& out) {
    const std::array<const std::optional<std::string>*, 2> levels = {&opt.red_ai, &opt.blue_ai};
    for (std::size_t side = 0; side < 2; ++side) {
        if (!*levels[side]) continue;
        const auto level = ai::parse_level(**levels[side]);
        if (!level || !K::Computer::has_level(*level)) {
            std::cerr << "tercio run: " << (side == 0 ? "--red-ai" : "--blue-ai") << ": no level \""
                      << **levels[side] << "\" for " << K::engine << " (" << kits::levels_in_words<K>() << ")\n";
            return kExitUsage;
        }
        const core::Side s = side == 0 ? core::Side::A : core::Side::B;
        out[side] = K::Computer::make_player(*level, ai::player_seed(seed, s));
    }
    return kExitOk;
}

/// Plays the commands of `in` (one per line, '#' starts a comment), then with --random random
/// legal commands to the end, printing each command's events with `print` (given the events, the
/// state the command was played in and the command); `sync` is called after
/// every command played. Whenever a side `computers` has a player for decides, that player
/// chooses, and its command is printed after "> " as --random's are. The exit code: kExitIllegal
/// at the first command refused.
template <core::RulesEngine E, class Print, class Sync, class Show>
int play_commands(const RunOptions& opt, const typename E::Context& ctx, typename E::State& s, core::Dice& dice,
                  std::istream* in, Print print, Sync sync, Computers<E>& computers, Show show,
                  const std::string& show_help) {
    // A command chosen here (by the computer or at random): printed after "> ", played, its
    // events printed; false, with `who` and the reason, if the rules refuse it.
    const auto play_chosen = [&](const typename E::Command& c, const char* who) {
        const std::string text = E::print(ctx, s, c);
        std::cout << "> " << text << '\n';
        const typename E::State before = s;
        const typename E::Played played = E::play(ctx, s, c, dice);
        if (!played.ok()) {
            std::cerr << who << ": " << text << ": " << *played.refused << '\n';
            return false;
        }
        sync();
        print(played.events, before, c);
        return true;
    };
    // The computer's turns, until the game waits for a side without a computer player.
    const auto computer_turns = [&]() -> int {
        for (int n = 0; !E::over(s); ++n) {
            ai::PlayerOf<E>* player = computers[core::idx(E::deciding_side(s))].get();
            if (!player) return kExitOk;
            if (!play_chosen(player->choose(ai::view_of<E>(ctx, s, E::deciding_side(s))), "the computer"))
                return kExitIllegal;
            if (n >= 100000) {
                std::cerr << "the computer: the game did not end after 100000 commands\n";
                return kExitIllegal;
            }
        }
        return kExitOk;
    };
    int result = computer_turns();
    // Commands typed at a terminal: a prompt naming the side that decides, and `legal` and `help`.
    const bool typed = in == &std::cin && ::isatty(STDIN_FILENO) != 0;
    const auto prompt = [&] {
        if (typed && !E::over(s)) std::cout << core::side_letter(E::deciding_side(s)) << "> " << std::flush;
    };
    if (in && result == kExitOk) {
        std::string line;
        int n = 0;
        prompt();
        while (std::getline(*in, line)) {
            ++n;
            std::string text = line.substr(0, line.find('#'));
            while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.pop_back();
            const std::size_t start = text.find_first_not_of(" \t");
            if (start == std::string::npos) {
                prompt();
                continue;
            }
            text = text.substr(start);
            if (typed && (text == "legal" || text == "help" || show(text))) {
                if (text == "help") {
                    std::cout << "Type a command for the side the prompt names (man tercio lists them, under\n"
                                 "run). legal: the commands the game takes now. "
                              << show_help << "Ctrl-D: stop.\n";
                } else if (text == "legal") {
                    for (const auto& c : E::legal_commands(ctx, s)) std::cout << "  " << E::print(ctx, s, c) << '\n';
                }
                prompt();
                continue;
            }
            auto parsed = E::parse(ctx, s, E::deciding_side(s), text);
            if (const std::string* err = std::get_if<std::string>(&parsed)) {
                std::cerr << bad_line(n, text, *err) << '\n';
                result = kExitIllegal;
                break;
            }
            // One checked step: an illegal command, or scripted dice that run out, leave the
            // position as it was.
            const typename E::Command& cmd = std::get<typename E::Command>(parsed);
            const typename E::State before = s;
            const typename E::Played played = E::play(ctx, s, cmd, dice);
            if (!played.ok()) {
                std::cerr << bad_line(n, text, *played.refused) << '\n';
                result = kExitIllegal;
                break;
            }
            sync();
            print(played.events, before, cmd);
            if ((result = computer_turns()) != kExitOk) break;
            if (typed && E::over(s)) break;
            prompt();
        }
    }
    if (opt.random && result == kExitOk) {
        // Random legal play to the end, for demonstrations and tests. The choices come from
        // their own generator, so the game's dice stay those of the position.
        core::SeededDice chooser(*opt.random);
        int n = 0;
        while (!E::over(s)) {
            if (computers[core::idx(E::deciding_side(s))]) {
                if ((result = computer_turns()) != kExitOk) break;
                continue;
            }
            const auto chosen = E::random_legal(ctx, s, chooser, nullptr);
            if (!chosen) {
                std::cerr << "--random: no legal command in this position\n";
                result = kExitIllegal;
                break;
            }
            if (!play_chosen(*chosen, "--random")) {
                result = kExitIllegal;
                break;
            }
            if (++n >= 100000) {
                std::cerr << "--random: the game did not end after 100000 commands\n";
                result = kExitIllegal;
                break;
            }
        }
    }
    return result;
}

/// `tercio run` of a game of kit K: a new one between two armies, or one from a position
/// (`--position`).
template <class K>
int run_game_of(const RunOptions& opt, data::DataCatalog& catalog) {
    using E = typename K::Engine;
    using Run = typename K::Run;
    typename Run::Position pos;
    std::optional<typename E::Context> ctx;
    std::string why;
    const bool fresh = !opt.position;
    if (opt.position) {
        if (opt.red || opt.blue || opt.seed) {
            std::cerr << "tercio run: --position starts from a saved game; --red, --blue and --seed are for a new one\n";
            return kExitUsage;
        }
        const data::FileText ft = data::read_file(*opt.position);
        if (!ft.error.empty()) {
            std::cerr << *opt.position << ": cannot read: " << ft.error << '\n';
            return ft.missing ? kExitNoInput : kExitDataError;
        }
        auto loaded = Run::load_position(*opt.position, ft.text, catalog);
        if (!loaded.ok()) {
            for (const auto& e : loaded.errors) std::cerr << e.to_string() << '\n';
            return kExitDataError;
        }
        pos = std::move(*loaded.value);
    } else {
        if (!opt.red || !opt.blue) {
            std::cerr << "tercio run: give --position FILE, or --red ARMY and --blue ARMY for a new game\n";
            return kExitUsage;
        }
        auto ruleset = Run::new_game_ruleset(catalog, opt.ruleset, *opt.red, why);
        if (!ruleset) {
            std::cerr << "tercio run: " << why << '\n';
            return kExitDataError;
        }
        pos.ruleset = std::move(*ruleset);
        pos.armies = {*opt.red, *opt.blue};
        pos.seed = opt.seed.value_or(1);
    }
    if (opt.position && !opt.optional_rules.empty()) {
        std::cerr << "tercio run: --optional-rule is for a new game: a position is played with the optional rules "
                     "it was made with\n";
        return kExitUsage;
    }
    if (!kits::known_options<K>(opt.optional_rules, why)) {
        std::cerr << "tercio run: --optional-rule: " << why << '\n';
        return kExitUsage;
    }
    ctx = kits::game_context<K>(catalog, pos.ruleset, pos.armies, opt.optional_rules, why);
    if (!ctx) {
        std::cerr << "tercio run: " << why << '\n';
        return kExitDataError;
    }

    Computers<E> computers;
    if (const int rc = make_computers<K>(opt, pos.seed, computers); rc != kExitOk) return rc;

    // Dice: scripted if given, otherwise our seeded generator where the position left it.
    std::unique_ptr<core::Dice> dice;
    core::SeededDice* seeded = nullptr;
    try {
        if (opt.dice) {
            dice = std::make_unique<core::ScriptedDice>(core::ScriptedDice::parse(*opt.dice));
        } else {
            auto sd = std::make_unique<core::SeededDice>(pos.seed, pos.calls);
            seeded = sd.get();
            dice = std::move(sd);
        }
    } catch (const core::DiceError& e) {
        std::cerr << "tercio run: --dice: " << e.what() << '\n';
        return kExitUsage;
    }
    const auto sync_dice = [&] {
        if (seeded) {
            pos.seed = seeded->seed();
            pos.calls = seeded->calls();
        }
    };
    const auto print_lines = [](const std::vector<std::string>& lines) {
        for (const auto& line : lines) std::cout << line << '\n';
    };

    if (fresh) {
        try {
            const auto ev = E::new_game(*ctx, pos.state, *dice);
            print_lines(Run::setup_lines(*ctx, pos.state, ev, opt.why));
        } catch (const core::DiceError& e) {
            std::cerr << "set-up: dice: " << e.what() << '\n';
            return kExitIllegal;
        }
        sync_dice();
    }

    std::istringstream file;
    std::istream* in = nullptr;
    if (const int rc = open_commands(opt, file, in); rc != kExitOk) return rc;
    // Typed at a terminal: the ruleset's pages, and the odds of a proposed command.
    const auto show = [&](const std::string& word) {
        if (word.rfind("odds ", 0) == 0) return print_odds<K>(*ctx, pos.state, word.substr(5)), true;
        const auto lines = Run::page(*ctx, pos.state, word);
        if (lines) print_lines(*lines);
        return lines.has_value();
    };
    int result = play_commands<E>(
        opt, *ctx, pos.state, *dice, in,
        [&](const typename E::Events& ev, const typename E::State& before, const typename E::Command& c) {
            print_lines(Run::event_lines(*ctx, before, pos.state, c, ev, opt.why));
        },
        sync_dice, computers, show, std::string(Run::pages));
    if (opt.out && !write_text(*opt.out, Run::write_position(pos, *ctx))) {
        std::cerr << "tercio run: cannot write " << *opt.out << '\n';
        return kExitIoError;
    }
    if (opt.legal) {
        for (const auto& c : E::legal_commands(*ctx, pos.state)) std::cout << E::print(*ctx, pos.state, c) << '\n';
    }
    if (opt.odds && result == kExitOk) result = print_odds<K>(*ctx, pos.state, *opt.odds);
    return result;
}

}  // namespace

int run_game(const RunOptions& opt, const std::filesystem::path& data_dir) {
    data::DataCatalog catalog(data_dir, kits::DefaultKit::engine);
    // The ruleset given; else the one a position names (the first kit to claim the file, the
    // default kit if none does); else the default, whose armies name their ruleset.
    std::string engine(kits::DefaultKit::engine);
    if (!opt.ruleset.empty()) {
        const auto named = catalog.engine(opt.ruleset);
        if (!named) {
            std::cerr << "tercio run: --ruleset " << opt.ruleset << ": no ruleset \"" << opt.ruleset
                      << "\" (rulesets/" << opt.ruleset << "/ruleset.toml cannot be read)\n";
            return kExitDataError;
        }
        engine = *named;
    } else if (opt.position) {
        const data::FileText ft = data::read_file(*opt.position);
        bool claimed = false;
        kits::for_each_kit([&]<class K>(kits::KitTag<K>) {
            if (!claimed && ft.error.empty() && K::Run::claims_position(ft.text, catalog)) {
                claimed = true;
                engine = K::engine;
            }
        });
    }
    const auto code =
        kits::with_kit(engine, [&]<class K>(kits::KitTag<K>) { return run_game_of<K>(opt, catalog); });
    if (!code) {
        std::cerr << "tercio run: --ruleset " << opt.ruleset << ": " << kits::unknown_engine(engine) << '\n';
        return kExitDataError;
    }
    return *code;
}

}  // namespace tercio::app
