#include "app/run_command.hpp"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <variant>

#include "ai/players_of.hpp"
#include "app/exit_codes.hpp"
#include "app/terminal.hpp"
#include "control/event_text.hpp"
#include "control/hbl_event_text.hpp"
#include "control/odds_text.hpp"
#include "data/data_files.hpp"
#include "data/hbl_position.hpp"
#include "data/position.hpp"
#include "hbl/engine.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"

namespace tercio::app {

namespace {

/// The largest file of commands read: far more than any game (a save holds a whole game in a
/// few hundred KB).
constexpr std::size_t kMaxCommandBytes = 16 * 1024 * 1024;


void print_events(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Events& ev,
                  bool why) {
    for (const auto& e : ev) {
        std::cout << control::describe(ctx, s, e) << '\n';
        if (why) {
            for (const auto& line : control::explain(ctx, s, e)) std::cout << "    " << line << '\n';
        }
    }
}

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

/// `--odds`: the preview of ';'-separated commands in the final position; the exit code.
int print_odds(const rules::RulesContext& ctx, const rules::GameState& s, const std::string& text) {
    std::vector<rules::Command> cmds;
    for (const std::string& part : odds_commands(text)) {
        std::string err;
        const auto c = rules::parse_command(part, err);
        if (!c) {
            std::cerr << "--odds: " << printable(part) << ": " << printable(err) << '\n';
            return kExitUsage;
        }
        cmds.push_back(*c);
    }
    const auto p = rules::preview(ctx, s, cmds);
    if (const std::string* why = std::get_if<std::string>(&p)) {
        std::cerr << "--odds: " << *why << '\n';
        return kExitIllegal;
    }
    for (const auto& line : control::odds_lines(ctx, s, std::get<rules::Preview>(p))) std::cout << line << '\n';
    return kExitOk;
}

/// Writes the position atomically enough for a tool: to a temporary file, then renamed.
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

bool write_out(const std::string& path, const data::Position& p, const rules::RulesContext& ctx) {
    return write_text(path, data::write_position(p, ctx));
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
/// level the engine does not have.
template <core::RulesEngine E>
using Computers = std::array<std::unique_ptr<ai::PlayerOf<E>>, 2>;

template <core::RulesEngine E>
int make_computers(const RunOptions& opt, std::uint64_t seed, Computers<E>& out) {
    const std::array<const std::optional<std::string>*, 2> levels = {&opt.red_ai, &opt.blue_ai};
    for (std::size_t side = 0; side < 2; ++side) {
        if (!*levels[side]) continue;
        const auto level = ai::parse_level(**levels[side]);
        if (!level || !ai::has_level<E>(*level)) {
            std::cerr << "tercio run: " << (side == 0 ? "--red-ai" : "--blue-ai") << ": no level \""
                      << **levels[side] << "\" for " << E::name
                      << (std::is_same_v<E, rules::Engine> ? " (random, easy, normal or hard)\n"
                                                           : " (random or normal)\n");
            return kExitUsage;
        }
        const core::Side s = side == 0 ? core::Side::A : core::Side::B;
        out[side] = ai::make_player_of<E>(*level, ai::player_seed(seed, s));
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

// ---- Hell Broke Loose (--ruleset hell-broke-loose) ----

/// `--odds` for Hell Broke Loose: the exact odds of each `fight UNIT` or `shoot UNIT TARGET` of
/// the ';'-separated list, in the final position; the exit code.
int print_hbl_odds(const hbl::Context& ctx, const hbl::GameState& s, const std::string& text) {
    for (const std::string& part : odds_commands(text)) {
        std::string why;
        bool illegal = false;
        const auto lines = control::odds_lines(ctx, s, part, why, illegal);
        if (!lines) {
            std::cerr << "--odds: " << printable(part) << ": " << printable(why) << '\n';
            return illegal ? kExitIllegal : kExitUsage;
        }
        for (const auto& line : *lines) std::cout << line << '\n';
    }
    return kExitOk;
}

/// Reads `--position` for run_hbl: the position, or an exit code once the reason is printed.
std::variant<data::HblPosition, int> read_hbl_position(const RunOptions& opt, data::DataCatalog& catalog) {
    if (opt.red || opt.blue || opt.seed) {
        std::cerr << "tercio run: --position starts from a saved game; --red, --blue and --seed are for a new one\n";
        return kExitUsage;
    }
    const data::FileText ft = data::read_file(*opt.position);
    if (!ft.error.empty()) {
        std::cerr << *opt.position << ": cannot read: " << ft.error << '\n';
        return ft.missing ? kExitNoInput : kExitDataError;
    }
    auto loaded = data::load_hbl_position(*opt.position, ft.text, data::hbl_context_resolver(catalog.hbl_resolvers()));
    if (!loaded.ok()) {
        for (const auto& e : loaded.errors) std::cerr << e.to_string() << '\n';
        return kExitDataError;
    }
    return std::move(*loaded.value);
}

/// `tercio run` of a Hell Broke Loose game: a new one between two of its armies, or one from a
/// position (`--position`, whose ruleset is this engine's).
int run_hbl(const RunOptions& opt, data::DataCatalog& catalog) {
    data::HblPosition pos;
    hbl::Context ctx;
    std::string why;
    if (opt.position) {
        auto read = read_hbl_position(opt, catalog);
        if (const int* rc = std::get_if<int>(&read)) return *rc;
        pos = std::move(std::get<data::HblPosition>(read));
        ctx = *data::hbl_context_resolver(catalog.hbl_resolvers())(pos.ruleset, pos.armies, why);
    } else {
        if (!opt.red || !opt.blue) {
            std::cerr << "tercio run: give --position FILE, or --red ARMY and --blue ARMY for a new game\n";
            return kExitUsage;
        }
        ctx.ruleset = catalog.hbl_ruleset(opt.ruleset, why);
        if (!ctx.ruleset) {
            std::cerr << "tercio run: ruleset \"" << opt.ruleset << "\": " << why << '\n';
            return kExitDataError;
        }
        const std::array<const std::string*, 2> ids = {&*opt.red, &*opt.blue};
        for (std::size_t side = 0; side < 2; ++side) {
            ctx.armies[side] = catalog.hbl_army(opt.ruleset, *ids[side], why);
            if (!ctx.armies[side]) {
                std::cerr << "tercio run: army \"" << *ids[side] << "\": " << why << '\n';
                return kExitDataError;
            }
        }
        pos.ruleset = opt.ruleset;
        pos.armies = {*opt.red, *opt.blue};
        pos.seed = opt.seed.value_or(1);
    }
    // Dice: scripted if given, otherwise the seeded stream where the position left it.
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
    Computers<hbl::Engine> computers;
    if (const int rc = make_computers<hbl::Engine>(opt, pos.seed, computers); rc != kExitOk) return rc;
    hbl::GameState& s = pos.state;
    const auto print_events = [&](const hbl::Events& ev) {
        for (const auto& e : ev) std::cout << control::describe(ctx, s, e) << '\n';
    };
    // With --why, the dice of a fight, a shot, a rally or an activation explained after the event
    // that rolled them.
    const auto print = [&](const hbl::Events& ev, const hbl::GameState& before, const hbl::Command& c) {
        std::vector<std::string> dice_why = opt.why ? control::explain(ctx, before, c) : std::vector<std::string>{};
        for (const auto& e : ev) {
            std::cout << control::describe(ctx, s, e) << '\n';
            if (control::rolled_dice(e)) {
                for (const auto& line : dice_why) std::cout << "    " << line << '\n';
                dice_why.clear();
            }
        }
    };
    if (!opt.position) {
        try {
            print_events(hbl::new_game(ctx, s, *dice));
        } catch (const core::DiceError& e) {
            std::cerr << "set-up: dice: " << e.what() << '\n';
            return kExitIllegal;
        }
        sync_dice();
    }
    std::istringstream file;
    std::istream* in = nullptr;
    if (const int rc = open_commands(opt, file, in); rc != kExitOk) return rc;
    // Typed at a terminal: the board, the units and the turn on request.
    const auto show = [&](const std::string& word) {
        std::vector<std::string> lines;
        if (word == "map") lines = control::board_lines(ctx, s);
        else if (word == "units") lines = control::unit_lines(ctx, s);
        else if (word == "status") lines = control::status_lines(ctx, s);
        else if (word.rfind("odds ", 0) == 0) return print_hbl_odds(ctx, s, word.substr(5)), true;
        else return false;
        for (const auto& line : lines) std::cout << line << '\n';
        return true;
    };
    int result = play_commands<hbl::Engine>(opt, ctx, s, *dice, in, print, sync_dice, computers, show,
                                            "map, units,\nstatus: the board, the units, the turn. odds fight K1, odds shoot A1 H2:\n"
                                            "the exact odds. ");
    if (opt.out && !write_text(*opt.out, data::write_hbl_position(pos, ctx))) {
        std::cerr << "tercio run: cannot write " << *opt.out << '\n';
        return kExitIoError;
    }
    if (opt.legal) {
        for (const auto& c : hbl::legal_commands(ctx, s)) std::cout << hbl::print(ctx, s, c) << '\n';
    }
    if (opt.odds && result == kExitOk) result = print_hbl_odds(ctx, s, *opt.odds);
    return result;
}

}  // namespace

int run_game(const RunOptions& opt, const std::filesystem::path& data_dir) {
    data::DataCatalog catalog(data_dir);
    if (!opt.ruleset.empty()) {
        const auto engine = catalog.engine(opt.ruleset);
        if (!engine) {
            std::cerr << "tercio run: --ruleset " << opt.ruleset << ": no ruleset \"" << opt.ruleset
                      << "\" (rulesets/" << opt.ruleset << ".toml cannot be read)\n";
            return kExitDataError;
        }
        if (*engine == hbl::Engine::name) return run_hbl(opt, catalog);
    } else if (opt.position) {
        // A position names its ruleset, and so the rules that read it.
        const data::FileText ft = data::read_file(*opt.position);
        if (ft.error.empty() && data::is_hbl_position(ft.text, catalog.hbl_resolvers().engine)) return run_hbl(opt, catalog);
    }
    data::Position pos;
    std::optional<rules::RulesContext> ctx;
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
        auto loaded = data::load_position(*opt.position, ft.text, catalog.context_resolver());
        if (!loaded.ok()) {
            for (const auto& e : loaded.errors) std::cerr << e.to_string() << '\n';
            return kExitDataError;
        }
        pos = std::move(*loaded.value);
        ctx = catalog.context(pos.ruleset, pos.armies, why);
    } else {
        if (!opt.red || !opt.blue) {
            std::cerr << "tercio run: give --position FILE, or --red ARMY and --blue ARMY for a new game\n";
            return kExitUsage;
        }
        pos.armies = {*opt.red, *opt.blue};
        std::string why_a;
        const rules::ArmyList* a = catalog.army(*opt.red, why_a);
        if (!a) {
            std::cerr << "tercio run: army \"" << *opt.red << "\": " << why_a << '\n';
            return kExitDataError;
        }
        pos.ruleset = a->ruleset;
        pos.seed = opt.seed.value_or(1);
        ctx = catalog.context(pos.ruleset, pos.armies, why);
    }
    if (!ctx) {
        std::cerr << "tercio run: " << why << '\n';
        return kExitDataError;
    }

    Computers<rules::Engine> computers;
    if (const int rc = make_computers<rules::Engine>(opt, pos.seed, computers); rc != kExitOk) return rc;

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

    if (fresh) {
        try {
            const auto ev = rules::new_game(*ctx, pos.state, *dice);
            print_events(*ctx, pos.state, ev, opt.why);
        } catch (const core::DiceError& e) {
            std::cerr << "set-up: dice: " << e.what() << '\n';
            return kExitIllegal;
        }
        sync_dice();
    }

    std::istringstream file;
    std::istream* in = nullptr;
    if (const int rc = open_commands(opt, file, in); rc != kExitOk) return rc;
    int result = play_commands<rules::Engine>(
        opt, *ctx, pos.state, *dice, in,
        [&](const rules::Events& ev, const rules::GameState&, const rules::Command&) {
            print_events(*ctx, pos.state, ev, opt.why);
        },
        sync_dice, computers, [](const std::string&) { return false; }, std::string());
    if (opt.out && !write_out(*opt.out, pos, *ctx)) {
        std::cerr << "tercio run: cannot write " << *opt.out << '\n';
        return kExitIoError;
    }
    if (opt.legal) {
        for (const auto& c : rules::legal_commands(*ctx, pos.state)) std::cout << rules::print(c) << '\n';
    }
    if (opt.odds && result == kExitOk) result = print_odds(*ctx, pos.state, *opt.odds);
    return result;
}

}  // namespace tercio::app
