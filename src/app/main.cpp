// tercio: command-line entry point. Each subcommand is a small function; the work is in the
// libraries.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <unistd.h>

#include "app/bench_command.hpp"
#include "app/net_bench.hpp"
#include "app/exit_codes.hpp"
#include "app/lobby_command.hpp"
#include "app/net_command.hpp"
#include "app/play_command.hpp"
#include "app/replay_command.hpp"
#include "app/rules_command.hpp"
#include "app/run_command.hpp"
#include "app/sim_command.hpp"
#include "core/names.hpp"
#include "data/data_files.hpp"
#include "kits/check.hpp"
#include "kits/registry.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using namespace tercio::app;

namespace {

/// A seed as typed: a whole number from 0 to 2^64-1, nothing else (CLI11 alone would take -3 as
/// 2^64-3, and a number too large as 2^64-1).
CLI::Validator seed_check() {
    return CLI::Validator(
        [](std::string& text) {
            std::uint64_t v = 0;
            const char* end = text.data() + text.size();
            const auto [at, ec] = std::from_chars(text.data(), end, v);
            if (text.empty() || text.front() == '-' || ec != std::errc() || at != end) {
                return std::string("a seed is a whole number from 0 to 18446744073709551615");
            }
            return std::string();
        },
        "", "seed");
}

/// NO_COLOR (no-color.org): set and not empty, no colours, as --no-color.
bool no_color_env() {
    const char* v = std::getenv("NO_COLOR");
    return v && *v;
}


/// `text` cut into lines of at most `width` columns at its spaces (CLI11 prints a help as given).
std::string wrap(const std::string& text, std::size_t width) {
    std::string out;
    std::size_t line = 0;  // the length of the line being filled
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t space = text.find(' ', at);
        const std::size_t end = space == std::string::npos ? text.size() : space;
        const std::size_t len = end - at;
        if (line > 0 && line + 1 + len > width) {
            out += '\n';
            line = 0;
        } else if (line > 0) {
            out += ' ';
            ++line;
        }
        out.append(text, at, len);
        line += len;
        at = end + 1;
    }
    return out;
}

/// What each ruleset beside the default's is, for a --ruleset's help: `f(KitTag<K>{})` for each
/// of their kits, joined by "; " ("ID plays TITLE with its own armies").
template <class F>
std::string other_rulesets(F&& f) {
    std::vector<std::string> parts;
    kits::for_each_kit([&]<class K>(kits::KitTag<K> tag) {
        if (!std::is_same_v<K, kits::DefaultKit>) parts.push_back(f(tag));
    });
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
    return out;
}

/// "ID plays TITLE": a ruleset beside the default's, its id and its title, as `verb` it.
template <class K>
std::string ruleset_plays(kits::KitTag<K>, const char* verb) {
    return std::string(K::ruleset) + " " + verb + " " + std::string(K::title);
}

/// The levels kit K's computer plays, or nothing when it plays every level.
template <class K>
std::vector<std::string> fewer_levels() {
    std::vector<std::string> names = ai::level_names(&K::Computer::has_level);
    if (names.size() == ai::kLevels.size()) names.clear();
    return names;
}

/// "TITLE, TITLE and TITLE": every kit's title.
std::string titles() {
    std::vector<std::string> names;
    kits::for_each_kit([&]<class K>(kits::KitTag<K>) { names.emplace_back(K::title); });
    return core::in_words(names, "and");
}

/// The levels of the default kit's computer in words, then those of every other kit that plays
/// fewer ("random, easy, normal, hard or expert; TITLE: random or normal").
std::string levels_by_kit() {
    std::string out = kits::levels_in_words<kits::DefaultKit>();
    kits::for_each_kit([&]<class K>(kits::KitTag<K>) {
        if (!std::is_same_v<K, kits::DefaultKit> && !fewer_levels<K>().empty()) {
            out += "; " + std::string(K::title) + ": " + kits::levels_in_words<K>();
        }
    });
    return out;
}

/// The help of `--optional-rule`: what it does and each ruleset's optional rules by name
/// ("TITLE: NAME, NAME; TITLE: ...").
std::string optional_rules_help(const char* what) {
    std::string each;
    kits::for_each_kit([&]<class K>(kits::KitTag<K>) {
        std::vector<std::string> names;
        for (const ui::RuleOption& o : K::Files::rule_options()) names.push_back(o.name);
        if (!names.empty()) each += (each.empty() ? "" : "; ") + std::string(K::title) + ": " + core::in_words(names, "and");
    });
    return wrap(std::string(what) + ", by name; repeat it for more (" +
                    (each.empty() ? std::string("no ruleset of this tercio has any") : each) + ")",
                65);
}

/// "french": the default ruleset's army of a side when none is named.
std::string default_army(std::size_t side) {
    return kits::DefaultKit::Files::default_armies()[side];
}

fs::path executable_path(const char* argv0) {
    std::error_code ec;
    fs::path p = fs::read_symlink("/proc/self/exe", ec);
    if (ec || p.empty()) p = fs::absolute(argv0, ec);
    return p;
}

std::optional<fs::path> data_dir_or_report(const std::optional<fs::path>& flag, const fs::path& exe) {
    auto dir = data::find_data_dir(flag, exe);
    if (!dir) {
        if (flag) {
            std::cerr << "tercio: --data-dir " << flag->string()
                      << ": not a tercio data directory (" << data::data_dir_problem(*flag) << ")\n";
        } else {
            std::cerr << "tercio: cannot find the game data (looked in data/ and ../share/tercio "
                         "beside the program); give --data-dir DIR\n";
        }
    }
    return dir;
}

int run_check(const std::vector<std::string>& files, const fs::path& data_dir) {
    data::DataCatalog catalog(data_dir, kits::DefaultKit::engine);
    int worst = kExitOk;
    const auto raise = [&](int code) {
        // 74 (I/O) outranks 66 (missing), which outranks 65 (bad data).
        const auto rank = [](int c) { return c == kExitIoError ? 3 : c == kExitNoInput ? 2 : c == kExitDataError ? 1 : 0; };
        if (rank(code) > rank(worst)) worst = code;
    };
    for (const auto& f : files) {
        const data::CheckOutcome out = kits::check_file(f, catalog);
        switch (out.status) {
            case data::CheckOutcome::Status::Ok:
                std::cout << f << ": ok (" << out.kind << ")\n";
                break;
            case data::CheckOutcome::Status::Invalid:
                for (const auto& e : out.errors) std::cerr << e.to_string() << '\n';
                for (const auto& n : out.notes) std::cerr << f << ": note: " << n << '\n';
                raise(kExitDataError);
                break;
            case data::CheckOutcome::Status::Unreadable:
                std::cerr << f << ": cannot read: " << out.unreadable << '\n';
                raise(out.missing ? kExitNoInput : kExitIoError);
                break;
        }
    }
    return worst;
}

int run_default(const fs::path& data_dir) {
    // The default kit's ruleset (the one a ruleset file without an `engine` key plays).
    using K = kits::DefaultKit;
    data::DataCatalog catalog(data_dir, kits::DefaultKit::engine);
    const std::string ruleset(K::ruleset);
    const std::optional<std::string> title = K::Files::ruleset_name(catalog, ruleset);
    if (!title) {
        std::string why;
        catalog.engine(ruleset, why);
        std::cerr << "tercio: " << why << '\n';
        return kExitDataError;
    }
    std::cout << "tercio " TERCIO_VERSION " - " << *title << " in the terminal\n\n"
              << "Run tercio in a terminal to open the start menu. Commands:\n"
              << "  tercio play ...        against the computer (--vs LEVEL) or two players at one keyboard\n"
              << "                         (? in the game for keys); --resume goes on with your game;\n"
              << "                         --plain plays in plain text lines (screen readers, scripts)\n"
              << "  tercio check FILE...   check ruleset, army, position, save and rules text files\n"
              << "  tercio rules [ID]      the rules text the game follows (tercio rules PS-MOVE-3)\n"
              << "  tercio run ...         play a game headless from a file of commands\n"
              << "  tercio replay FILE     show a saved game step by step\n"
              << "  tercio sim ...         computer against computer, many games, with statistics\n"
              << "  tercio --help          all commands and options\n\n"
              << "Armies in " << data::army_file(data_dir, ruleset, "").parent_path().string() << ":\n";
    const std::vector<ui::ArmyChoice> good = K::Files::army_choices(catalog, ruleset);
    int bad = 0;
    for (const std::string& id : catalog.army_ids(ruleset)) {
        const auto it = std::find_if(good.begin(), good.end(), [&](const ui::ArmyChoice& a) { return a.id == id; });
        if (it != good.end()) {
            std::string shown = it->id;
            shown.resize(std::max<std::size_t>(shown.size(), 12), ' ');
            std::cout << "  " << shown << " " << it->name << " (" << it->period << ")\n";
            continue;
        }
        // A broken army: what `tercio check` says of it.
        ++bad;
        const data::CheckOutcome out = kits::check_file(data::army_file(data_dir, ruleset, id), catalog);
        for (const auto& e : out.errors) std::cerr << e.to_string() << '\n';
        if (!out.unreadable.empty()) std::cerr << id << ": cannot read: " << out.unreadable << '\n';
    }
    return bad ? kExitDataError : kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"tercio: a terminal wargame of Renaissance battles (" + titles() + " rules)", "tercio"};
    const std::string default_ruleset = kits::default_ruleset();
    app.set_version_flag("--version", "tercio " TERCIO_VERSION, "Print the version and exit");
    app.footer(
        "Exit status: 0 ok, 1 game failure, 2 usage error, 65 bad data file, 66 missing input,\n"
        "74 I/O error. See tercio(6).");

    std::optional<fs::path> data_dir_flag;
    app.add_option("--data-dir", data_dir_flag,
                   "Directory holding rulesets/ID/ruleset.toml and\nrulesets/ID/armies/ (default: found beside the program)")
        ->type_name("DIR");

    std::vector<std::string> check_files;
    CLI::App* check = app.add_subcommand(
        "check", "Check ruleset, army, position, save and rules text files; print every error as\nfile:line:column: message");
    check->fallthrough();  // parent options such as --data-dir may follow "check"
    check->add_option("FILE", check_files, "TOML files to check")->required()->type_name("FILE...");

    std::string rules_query;
    std::string rules_ruleset;
    CLI::App* rules = app.add_subcommand(
        "rules", "Print the rules text the game follows: a rule by the ID messages cite (PS-MOVE-3),\n"
                 "an area's rules (PS-MOVE), or with none every area");
    rules->fallthrough();
    rules->add_option("ID", rules_query, "A rule ID, an area, or list")->type_name("[ID|AREA]");
    rules->add_option("--ruleset", rules_ruleset, "Only this ruleset's rules (default: every ruleset's)")
        ->type_name("ID");

    app::RunOptions run_opt;
    CLI::App* run = app.add_subcommand(
        "run", "Play a game headless: apply commands from a file, print every event as a line");
    run->fallthrough();
    run->add_option("--ruleset", run_opt.ruleset,
                    wrap("The ruleset of a new game (default: the armies' own); " +
                             other_rulesets([](auto kit) { return ruleset_plays(kit, "plays") + " with its own armies"; }),
                         53))
        ->type_name("ID");
    run->add_option("--position", run_opt.position, "Start from this position file (it names its ruleset)")->type_name("FILE");
    run->add_option("--red-ai", run_opt.red_ai,
                    wrap("The computer plays side A at this level whenever A decides (" + levels_by_kit() +
                             "); its commands are printed after \"> \"",
                         56))
        ->type_name("LEVEL");
    run->add_option("--blue-ai", run_opt.blue_ai, "The same for side B")->type_name("LEVEL");
    run->add_option("--out", run_opt.out, "Write the final position here (the one before an illegal command)")
        ->type_name("FILE");
    run->add_option("--red", run_opt.red, "Side A's army (south edge) for a new game")->type_name("ARMY");
    run->add_option("--blue", run_opt.blue, "Side B's army (north edge) for a new game")->type_name("ARMY");
    run->add_option("--seed", run_opt.seed, "Seed for the dice of a new game (default 1)")->type_name("N")->check(seed_check());
    run->add_option("--optional-rule", run_opt.optional_rules, optional_rules_help("An optional rule of a new game"))
        ->type_name("NAME");
    run->add_option("--dice", run_opt.dice, "Scripted rolls instead of seeded dice, e.g. d12:7,d12:3,d6:4")
        ->type_name("LIST");
    run->add_option("--commands", run_opt.commands, "Commands, one per line (- for standard input)")
        ->type_name("FILE");
    run->add_flag("--legal", run_opt.legal, "Print the legal commands at the end, one per line");
    run->add_flag("--why", run_opt.why,
                  "Under each roll, print its dice: every modifier with its rule ID, and the result band");
    run->add_option("--random", run_opt.random,
                    "After the commands, both sides play random legal commands (never conceding),\n"
                    "chosen with seed N, until the game ends")
        ->type_name("N");
    run->add_option("--odds", run_opt.odds,
                    "At the end, print the exact odds of a shot, fight, move ... attack, charge, check,\n"
                    "chip or rally; several shoot commands at one target, separated by ';', are a combined shot")
        ->type_name("COMMAND");

    app::PlayOptions play_opt;
    bool no_color = false;
    std::optional<std::uint64_t> play_seed;
    CLI::App* play = app.add_subcommand(
        "play", "Play in the terminal, against the computer or two players at one keyboard: a start\n"
                "menu (which also hosts or joins a game for two terminals), unless an army, the seed or\n"
                "--vs is given. Every command is saved as it is played");
    play->fallthrough();
    play->add_option("--ruleset", play_opt.ruleset,
                     wrap("The rules (default " + default_ruleset + "; the menu offers the others). " +
                              other_rulesets([](auto kit) { return ruleset_plays(kit, "plays") + " with its own armies"; }),
                          65))
        ->type_name("ID");
    play->add_option("--red", play_opt.red, "Side A's army, south edge (default " + default_army(0) + "); skips the menu")
        ->type_name("ARMY");
    play->add_option("--blue", play_opt.blue, "Side B's army, north edge (default " + default_army(1) + "); skips the menu")
        ->type_name("ARMY");
    play->add_option("--optional-rule", play_opt.optional_rules,
                     optional_rules_help("An optional rule of the game (skips the menu, which also offers them)"))
        ->type_name("NAME");
    play->add_option("--seed", play_seed, "Seed for the dice (default: from the clock); skips the menu")
        ->type_name("N")
        ->check(seed_check());
    play->add_flag("--no-color", no_color, "No colours: case, marks and attributes only (also when the terminal has none)");
    play->add_flag("--ascii", play_opt.ascii, "Only ASCII characters on the screen (also when the locale is not UTF-8)");
    std::string resume_name;
    CLI::Option* resume = play->add_option("--resume", resume_name,
                                           "Go on with your newest unfinished game, or with the save NAME (its name\n"
                                           "in your save directory, or its path)")
                              ->type_name("[NAME]")
                              ->expected(0, 1);
    play->add_flag("--plain", play_opt.plain,
                   "Plain lines, no full screen: events in words, a prompt, commands typed (help lists\n"
                   "them); for screen readers, dumb terminals and scripts (reads standard input to its\n"
                   "end). French v Spanish unless --red/--blue; same saves as the screen");
    play->add_option("--player", play_opt.player,
                     "Your name: your saves are kept apart from other players' (default: the login name,\n"
                     "else player; a login name with other characters than A-Z a-z 0-9 _ - has them\n"
                     "made _ and a hash added: john.doe plays as john_doe-1a2b3c4d)")
        ->type_name("NAME");
    play->add_option("--save-dir", play_opt.save_dir,
                     "Where saves go, one directory per player, which must be yours and private\n"
                     "(default: $XDG_STATE_HOME/tercio, else ~/.local/state/tercio)")
        ->type_name("DIR");
    play->add_option("--server-dir", play_opt.server_dir,
                     "Where the menu's Host a game and Join a game find this machine's games\n"
                     "(default /tmp/tercio-games), as in tercio host")
        ->type_name("DIR");
    CLI::Option* vs = play->add_option("--vs", play_opt.vs,
                                       "Play against the computer at this level: " + ai::levels_in_words() +
                                           ";\nit plays side B unless --computer-side says red. Skips the menu")
                          ->type_name("LEVEL")
                          ->check(CLI::IsMember(ai::level_names()));
    play->add_option("--computer-side", play_opt.computer_side,
                     "The side the computer plays with --vs: red (side A, south) or blue (side B, north;\n"
                     "the default)")
        ->type_name("SIDE")
        ->check(CLI::IsMember({"red", "blue"}))
        ->needs(vs);
    play->add_option("--ai-delay", play_opt.ai_delay_ms,
                     "Milliseconds the computer waits after each command before playing its own, so that\n"
                     "each can be seen (default 600)")
        ->type_name("MS")
        ->check(CLI::Range(0, 60000));
    // The kits' own options (ui::KitOption): each value, its default unless given, goes to the
    // kit of the game played, which alone knows what it means.
    const std::vector<ui::KitOption> kit_options = kits::kit_options();
    const auto add_kit_options = [&kit_options](CLI::App* sub, app::KitOptionValues& values, bool net) {
        for (const ui::KitOption& o : kit_options) {
            std::string& value = values[o.name];
            value = o.values.front();
            CLI::Option* opt = sub->add_option("--" + o.name, value, net ? o.net_help : o.play_help)->type_name(o.type_name);
            if (o.range) {
                opt->check(CLI::Range(o.range->first, o.range->second));
            } else {
                opt->check(CLI::IsMember(o.values));
            }
        }
    };
    add_kit_options(play, play_opt.kit_options, false);
    vs->excludes("--resume");

    // tercio host / join / watch: two terminals, one game server (docs/network.md).
    app::NetOptions net_opt;
    bool net_no_color = false;
    const auto common_net = [&](CLI::App* sub) {
        sub->fallthrough();
        sub->add_flag("--plain", net_opt.plain,
                      "Plain lines instead of the screen (screen readers, scripts: a script's lines are read\n"
                      "when its side decides)");
        sub->add_flag("--no-color", net_no_color, "No colours");
        sub->add_flag("--ascii", net_opt.ascii, "Only ASCII characters on the screen");
        add_kit_options(sub, net_opt.kit_options, true);
        sub->add_option("--player", net_opt.player, "Your name, as in tercio play (default: the login name)")
            ->type_name("NAME");
        sub->add_option("--save-dir", net_opt.save_dir,
                        "Where your saves and seat tokens are kept (default: $XDG_STATE_HOME/tercio)")
            ->type_name("DIR");
        sub->add_option("--server-dir", net_opt.server_dir,
                        "The directory where this machine's games are found (default /tmp/tercio-games);\n"
                        "shared by several users, it must be sticky")
            ->type_name("DIR");
    };
    CLI::App* host = app.add_subcommand(
        "host", "Host a game for two terminals: starts a game server in the background (it keeps the\n"
                "save) and shows a join code for the other player (tercio join CODE)");
    common_net(host);
    host->add_option("--ruleset", net_opt.ruleset,
                     wrap("The rules (default " + default_ruleset + "). " +
                              other_rulesets([](auto kit) { return ruleset_plays(kit, "hosts") + " with its own armies"; }) +
                              " (give --red and --blue); joiners and spectators learn it from the game server",
                          76))
        ->type_name("ID");
    host->add_option("--red", net_opt.red, "Side A's army, south edge (default " + default_army(0) + ")")->type_name("ARMY");
    host->add_option("--blue", net_opt.blue, "Side B's army, north edge (default " + default_army(1) + ")")->type_name("ARMY");
    host->add_option("--optional-rule", net_opt.optional_rules, optional_rules_help("An optional rule of a new game"))
        ->type_name("NAME");
    host->add_option("--seed", net_opt.seed, "Seed for the dice (default: unpredictable)")->type_name("N")->check(seed_check());
    host->add_option("--side", net_opt.side, "Your side: red (A, the default) or blue (B)")
        ->type_name("SIDE")
        ->check(CLI::IsMember({"red", "blue"}));
    CLI::Option* host_vs = host->add_option("--vs", net_opt.vs,
                                            "The computer plays the other side at this level\n(" +
                                                ai::levels_in_words() + "): a solo game others can watch")
                               ->type_name("LEVEL")
                               ->check(CLI::IsMember(ai::level_names()));
    host->add_flag("--resume", net_opt.resume, "Host your newest unfinished game")->excludes(host_vs);
    host->add_option("--listen", net_opt.listen,
                     "Also take players over TCP at ADDRESS:PORT (e.g. 0.0.0.0:7777, for a LAN);\n"
                     "without it nothing listens on the network")
        ->type_name("ADDR:PORT");
    host->add_option("--idle", net_opt.idle_minutes,
                     "Minutes the server waits with no player connected before it ends (default 30);\n"
                     "the save stays: tercio host --resume")
        ->type_name("MIN")
        ->check(CLI::Range(1, 10080));
    host->add_option("--ai-delay", net_opt.ai_delay_ms, "Milliseconds before the computer plays (default 600)")
        ->type_name("MS")
        ->check(CLI::Range(0, 60000));
    CLI::App* join = app.add_subcommand(
        "join", "Join a game hosted on this machine (tercio join CODE) or on another\n"
                "(tercio join HOST:PORT CODE); with no code, back to your seat of a game");
    common_net(join);
    join->add_option("TARGET", net_opt.targets, "[HOST:PORT] [CODE]")->type_name("[HOST:PORT] [CODE]")->expected(0, 2);
    CLI::App* watch = app.add_subcommand(
        "watch", "List the games running on this machine, or follow one live, read-only\n"
                 "(tercio watch ID, or HOST:PORT for another machine)");
    common_net(watch);
    watch->add_option("TARGET", net_opt.targets, "[HOST:PORT] [ID or CODE]")->type_name("[HOST:PORT] [ID]")->expected(0, 2);

    app::LobbyOptions lobby_opt;
    bool lobby_no_color = false;
    CLI::App* lobby = app.add_subcommand(
        "lobby", "A public server's one shared game account (sshd's ForceCommand): log in or\n"
                 "register, then the start menu as that player (docs/server.md)");
    lobby->fallthrough();
    lobby->add_option("--root", lobby_opt.root,
                      "The lobby's directory: accounts, the players' saves, the games\n(default /var/games/tercio)")
        ->type_name("DIR");
    CLI::Option* lobby_lock = lobby->add_option("--lock", lobby_opt.lock,
                                                "The administrator: lock this name (it cannot log in or be\nregistered) and exit")
                                  ->type_name("NAME");
    CLI::Option* lobby_unlock =
        lobby->add_option("--unlock", lobby_opt.unlock, "The administrator: unlock this name and exit")->type_name("NAME");
    CLI::Option* lobby_list = lobby->add_flag("--list", lobby_opt.list, "The administrator: list the players and exit");
    lobby_lock->excludes(lobby_unlock)->excludes(lobby_list);
    lobby_unlock->excludes(lobby_list);
    lobby->add_flag("--no-color", lobby_no_color, "No colours: case, marks and attributes only");
    lobby->add_flag("--ascii", lobby_opt.ascii, "Only ASCII characters on the screen");

    app::ReplayOptions replay_opt;
    bool replay_no_color = false;
    CLI::App* replay = app.add_subcommand(
        "replay", "Show a saved game, finished or not, in the panes of the game: step through it by\n"
                  "command, card or turn, or let it play on by itself. The save is only read");
    replay->fallthrough();
    replay->add_option("FILE", replay_opt.file, "The save to show")->required()->type_name("FILE");
    replay->add_option("--speed", replay_opt.speed_ms, "Autoplay: milliseconds from one command to the next (default 500)")
        ->type_name("MS")
        ->check(CLI::Range(0, 60000));
    replay->add_option("--turn", replay_opt.turn, "Open at the start of this turn (0: the set-up)")
        ->type_name("N")
        ->check(CLI::Range(0, 255));
    replay->add_flag("--no-color", replay_no_color,
                     "No colours: case, marks and attributes only (also when the terminal has none)");
    replay->add_flag("--ascii", replay_opt.ascii, "Only ASCII characters on the screen (also when the locale is not UTF-8)");

    app::SimOptions sim_opt;
    CLI::App* sim = app.add_subcommand(
        "sim", "Computer against computer, headless: many seeded games, then who won (win rates with\n"
               "95% Wilson intervals), mean victory points and decision times per level and side");
    sim->fallthrough();
    sim->add_option("--ruleset", sim_opt.ruleset,
                    wrap("The ruleset (rulesets/ID/; default: the armies' own, " + default_ruleset + "). " +
                             other_rulesets([]<class K>(kits::KitTag<K> kit) {
                                 const std::vector<std::string> levels = fewer_levels<K>();
                                 return ruleset_plays(kit, "plays") + " with its own armies (rulesets/" +
                                        std::string(K::ruleset) + "/armies/)" +
                                        (levels.empty() ? "" : " at the levels " + core::in_words(levels, "and"));
                             }),
                         57))
        ->type_name("ID");
    CLI::Option* sim_red = sim->add_option("--red", sim_opt.red, "Side A's army (south edge)")->type_name("ARMY");
    CLI::Option* sim_blue = sim->add_option("--blue", sim_opt.blue, "Side B's army (north edge)")->type_name("ARMY");
    sim->add_flag("--all-armies", sim_opt.all_armies,
                  "Instead of --red and --blue: the 36 pairings in turn,\n"
                  "seed S+d playing army (d / 6) mod 6 against army\n"
                  "d mod 6 (0 french, 1 italian, 2 spanish, 3 imperialist,\n"
                  "4 ottoman, 5 moorish)")
        ->excludes(sim_red)
        ->excludes(sim_blue);
    sim->add_option("--optional-rule", sim_opt.optional_rules, optional_rules_help("An optional rule of the games"))
        ->type_name("NAME");
    sim->add_option("--red-ai", sim_opt.red_ai, "Side A's level: " + ai::levels_in_words() + "\n(default normal)")
        ->type_name("LEVEL");
    sim->add_option("--blue-ai", sim_opt.blue_ai, "Side B's level (default normal)")->type_name("LEVEL");
    sim->add_option("--games", sim_opt.games, "How many games in all (default 100)")
        ->type_name("N")
        ->check(CLI::Range(1L, 10000000L));
    sim->add_option("--seed", sim_opt.seed, "The first seed S (default 1): game i has seed S+i")
        ->type_name("S")
        ->check(seed_check());
    sim->add_flag("--swap", sim_opt.swap,
                  "Play each seed twice, the levels changing sides (the\n"
                  "armies stay): games 2k and 2k+1 have seed S+k;\n"
                  "--games must be even");
    sim->add_option("--jobs", sim_opt.jobs, "Games played at once, one per thread (default 1);\n"
                                            "the results do not depend on it")
        ->type_name("J")
        ->check(CLI::Range(1, 256));
    sim->add_option("--csv", sim_opt.csv, "Write a line per game here as the games end: index,\n"
                                          "seed, armies, levels, winner, end, victory points,\n"
                                          "turns, decisions, evaluated, final hash")
        ->type_name("FILE");
    sim->add_flag("--csv-times", sim_opt.csv_times,
                  "Add each side's median and 95th percentile time per\n"
                  "decision (ms) to the CSV (these vary from run to run)");

    int bench_games = 60;
    CLI::App* bench = app.add_subcommand(
        "bench", "Play fixed seeded games of random legal commands, then of the computer's levels,\n"
                 "and ask each level to decide at fixed positions; print signatures and speed");
    bench->fallthrough();
    bench->add_option("--games", bench_games,
                      "How many random games (default 60); the computer's games scale with it")
        ->type_name("N")
        ->check(CLI::Range(1, 100000));
    std::string bench_ruleset;
    CLI::Option* bench_ruleset_opt =
        bench->add_option("--ruleset", bench_ruleset,
                          wrap("The ruleset (default " + default_ruleset + "); " +
                                   other_rulesets([]<class K>(kits::KitTag<K>) {
                                       return std::string(K::ruleset) + ": its random games, then its computer's (" +
                                              std::string(K::Bench::kComputerGames) + ")";
                                   }),
                               56))
            ->type_name("ID");
    app::NetworkBenchOptions bench_net;
    CLI::Option* bench_network =
        bench->add_option("--network", bench_net.games,
                          "Instead: play N games at once (default 1), each through a game\n"
                          "server of its own on this machine, by two clients; print\n"
                          "round trips, bytes per command, the servers' memory and CPU")
            ->type_name("N")
            ->expected(0, 1)
            ->default_str("1")
            ->check(CLI::Range(1, 200));
    bench->add_flag("--tcp", bench_net.tcp, "With --network: the clients connect over TCP 127.0.0.1\n"
                                            "(default: the game's Unix-domain socket)")
        ->needs(bench_network);
    bench->add_option("--pace", bench_net.pace_ms, "With --network: wait MS milliseconds before each command\n"
                                                   "(default 0: as fast as the games go)")
        ->type_name("MS")
        ->check(CLI::Range(0, 10000))
        ->needs(bench_network);
    // The benches run instead of the standard one: a count N that may be left out (its default
    // 12), and never with --network.
    const auto instead_bench = [&](const char* name, int& n, const char* help) {
        return bench->add_option(name, n, help)
            ->type_name("N")
            ->expected(0, 1)
            ->default_str(std::to_string(n))
            ->check(CLI::Range(1, 1000))
            ->excludes(bench_network)
            ->excludes(bench_ruleset_opt);
    };
    bench_network->excludes(bench_ruleset_opt);
    int bench_reactions = 12;
    CLI::Option* bench_reaction =
        instead_bench("--reactions", bench_reactions,
                      "Instead: play N games of normal against normal (default 12) and count the\n"
                      "reaction windows out of turn, and how many would stop a person's game");
    int bench_scale = 12;
    CLI::Option* bench_scaled =
        instead_bench("--scale", bench_scale,
                      "Instead: how a decision's cost grows with the board (15, 20, 26 squares a\n"
                      "side) and the armies (6, 10, 14 units): N random games per size (default 12)")
            ->excludes(bench_reaction);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kExitUsage;
    }

    const fs::path exe = executable_path(argv[0]);
    if (check->parsed() && !data_dir_flag) {
        // Rulesets check without a data directory; armies then say why theirs cannot be found.
        return run_check(check_files, data::find_data_dir(std::nullopt, exe).value_or(fs::path()));
    }
    const auto data_dir = data_dir_or_report(data_dir_flag, exe);
    if (!data_dir) return kExitNoInput;
    if (check->parsed()) return run_check(check_files, *data_dir);
    if (rules->parsed()) return app::run_rules(rules_query, rules_ruleset, *data_dir);
    if (run->parsed()) return app::run_game(run_opt, *data_dir);
    if (play->parsed()) {
        play_opt.seed = play_seed;
        play_opt.resume = resume->count() > 0;
        if (!resume_name.empty()) play_opt.resume_file = resume_name;
        play_opt.color = !no_color && !no_color_env();
        return app::run_play(play_opt, *data_dir);
    }
    if (host->parsed() || join->parsed() || watch->parsed()) {
        net_opt.color = !net_no_color && !no_color_env();
        if (host->parsed()) return app::run_host(net_opt, *data_dir);
        if (join->parsed()) return app::run_join(net_opt, *data_dir);
        return app::run_watch(net_opt, *data_dir);
    }
    if (lobby->parsed()) {
        lobby_opt.color = !lobby_no_color && !no_color_env();
        return app::run_lobby(lobby_opt, *data_dir);
    }
    if (replay->parsed()) {
        replay_opt.color = !replay_no_color && !no_color_env();
        return app::run_replay(replay_opt, *data_dir);
    }
    if (sim->parsed()) return app::run_sim(sim_opt, *data_dir);
    if (bench->parsed()) {
        if (bench_network->count() > 0) return app::run_network_bench(bench_net, *data_dir);
        if (bench_reaction->count() > 0) return app::run_reaction_bench(bench_reactions, *data_dir);
        if (bench_scaled->count() > 0) return app::run_scale_bench(bench_scale, *data_dir);
        return app::run_bench(bench_games, *data_dir, bench_ruleset);
    }
    // Alone in a terminal, tercio opens the start menu; otherwise it says what it has.
    if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        app::PlayOptions menu;
        menu.color = !no_color_env();
        return app::run_play(menu, *data_dir);
    }
    return run_default(*data_dir);
}
