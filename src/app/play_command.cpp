#include "app/play_command.hpp"

#include "app/rules_command.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <variant>
#include <vector>

#include <csignal>
#include <iostream>
#include <optional>

#include <unistd.h>


#include "ai/player.hpp"
#include "app/exit_codes.hpp"
#include "app/game_files.hpp"
#include "app/net_command.hpp"
#include "app/saved_games.hpp"
#include "app/terminal.hpp"
#include "control/computer_turns.hpp"
#include "control/session.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "data/save_store.hpp"
#include "kits/registry.hpp"
#include "ui/curses_surface.hpp"
#include "kits/front_ends.hpp"
#include "ui/start_menu.hpp"

namespace tercio::app {

namespace {

/// The rulesets the start menu offers, each with its armies and its computer's levels: every
/// ruleset file of data/rulesets whose engine this program has, in the registry's order of kits
/// (the default's first), then by id. One without armies is left out.
std::vector<ui::RulesetChoice> ruleset_choices(data::DataCatalog& catalog) {
    const std::vector<std::string> ids = catalog.ruleset_ids();
    std::vector<ui::RulesetChoice> out;
    kits::for_each_kit([&]<class K>(kits::KitTag<K>) {
        for (const std::string& id : ids) {
            if (catalog.engine(id) != std::string(K::engine)) continue;
            const auto name = K::Files::ruleset_name(catalog, id);
            auto armies = K::Files::army_choices(catalog, id);
            if (!name || armies.empty()) continue;
            ui::RulesetChoice c;
            c.id = id;
            c.name = *name;
            c.armies = std::move(armies);
            c.options = K::Files::rule_options();
            c.levels.clear();
            for (const ai::Level l : ai::kLevels) {
                if (K::Computer::has_level(l)) c.levels.push_back(l);
            }
            out.push_back(std::move(c));
        }
    });
    return out;
}

std::size_t index_of(const std::vector<ui::ArmyChoice>& armies, const std::string& id) {
    for (std::size_t i = 0; i < armies.size(); ++i) {
        if (armies[i].id == id) return i;
    }
    return 0;
}

/// The start menu on the terminal, until the player starts, continues or quits (or the input
/// ends: Quit).
ui::StartMenu::Outcome choose(ui::CursesSurface& term, ui::StartMenu& menu) {
    for (;;) {
        term.clear();
        menu.draw(term);
        term.present();
        const auto key = next_key(term);
        if (!key) return ui::StartMenu::Outcome::Quit;
        const ui::KeyPress k = *key;
        if (k.kind == ui::KeyPress::Kind::CtrlR) term.redraw_all();
        const auto outcome = menu.handle(k);
        if (outcome != ui::StartMenu::Outcome::Open) return outcome;
    }
}

/// What the start menu's networked entries need from `tercio play`'s options.
NetOptions net_options(const PlayOptions& opt) {
    NetOptions n;
    n.player = opt.player;
    n.save_dir = opt.save_dir;
    n.server_dir = opt.server_dir;
    n.color = opt.color;
    n.ascii = opt.ascii;
    n.lobby = opt.lobby;
    n.ai_delay_ms = opt.ai_delay_ms;
    n.kit_options = opt.kit_options;
    return n;
}

/// The start menu's *Join a game* on the terminal: the games listed, one joined or watched (its
/// exit code once it ends), or none when the player goes back to the start menu.
std::optional<int> join_menu(std::unique_ptr<ui::CursesSurface>& term, const PlayOptions& opt,
                             const std::filesystem::path& data_dir) {
    const NetOptions net = net_options(opt);
    std::string where = "/tmp/tercio-games";
    std::string why;
    auto games = games_for_menu(net, where, why);
    ui::JoinMenu menu(where);
    menu.set_games(std::move(games));
    if (!why.empty()) menu.show_message(printable(why));
    for (;;) {
        term->clear();
        menu.draw(*term);
        term->present();
        const auto key = next_key(*term);
        if (!key) return std::nullopt;  // the input ended: the start menu ends too
        if (key->kind == ui::KeyPress::Kind::CtrlR) term->redraw_all();
        const auto outcome = menu.handle(*key);
        using O = ui::JoinMenu::Outcome;
        if (outcome == O::Back) return std::nullopt;
        if (outcome == O::Refresh) {
            why.clear();
            menu.set_games(games_for_menu(net, where, why));
            menu.show_message(why.empty() ? "The list is fresh." : printable(why));
        } else if (outcome == O::Join || outcome == O::Watch) {
            const ui::GameListing game = *menu.chosen();
            const std::string code = game.yours ? std::string() : menu.code();
            menu.show_message("Joining game " + game.id + "...");
            term->clear();
            menu.draw(*term);
            term->present();
            why.clear();
            if (const auto code_out =
                    join_from_menu(net, data_dir, game.id, code, outcome == O::Watch, [&term] { term.reset(); }, why)) {
                return code_out;
            }
            menu.show_message(printable(why));
            menu.set_games(games_for_menu(net, where, why));
        }
    }
}

/// The start menu on the terminal until the player starts a game, hosts one, continues a save or
/// quits. Join a game, Replay a game and a seat Continue takes back in a game served here are
/// played from it: the exit code of a game joined, once it ends; the menu again when the player
/// comes back without one (and Quit when the input ends).
std::variant<ui::StartMenu::Outcome, int> run_menu(std::unique_ptr<ui::CursesSurface>& term, ui::StartMenu& menu,
                                                   const ContinueOffer& offer, const ReplayShelf& shelf,
                                                   const PlayOptions& opt, const std::filesystem::path& data_dir) {
    using O = ui::StartMenu::Outcome;
    ui::ReplayMenu replays(shelf.everyone);  // kept, so that the game chosen last is chosen again
    for (;;) {
        const O outcome = choose(*term, menu);
        if (outcome == O::Join) {
            if (const auto code = join_menu(term, opt, data_dir)) return *code;
        } else if (outcome == O::Replay) {
            const auto said = replay_a_game(*term, replays, shelf, data_dir);
            if (!said) return O::Quit;
            menu.show_message(*said);
        } else if (const ui::GameListing* seat = outcome == O::Continue ? offer.seat(menu.continue_choice()) : nullptr) {
            // As the Join menu's [back]: the seat's token, no code.
            std::string why;
            const auto leave_menu = [&term] { term.reset(); };
            if (const auto code = join_from_menu(net_options(opt), data_dir, seat->id, "", false, leave_menu, why)) {
                return *code;
            }
            menu.show_message(printable(why));
        } else {
            return outcome;
        }
    }
}

/// The game on the terminal until the player quits (false) or the input ends or a stop signal
/// comes (true). Keys are read with a timeout while the computer thinks or its command waits to
/// be shown, so the screen answers all the while.
template <class Screen, class Turns>
bool play_loop(ui::CursesSurface& term, Screen& screen, Turns& turns) {
    using Steady = std::chrono::steady_clock;
    int errors = 0;  // reads that ended at once without a key: a closed terminal never stops
    bool redraw = true;
    for (;;) {
        // The reactions with nothing new are let go before and after the computer plays.
        const auto u = turns.update(Steady::now(), [&screen] { return screen.pass_reactions(); });
        if (redraw || u.changed) {
            term.clear();
            screen.draw(term);
            term.present();
            redraw = false;
        }
        if (stop_signal()) return true;
        const Steady::time_point asked = Steady::now();
        const ui::Key k = u.wait_ms ? term.read_key(*u.wait_ms) : term.read_key();
        if (stop_signal()) return true;
        if (take_interrupt()) {  // Ctrl-C: the screen asks first
            redraw = true;
            if (!screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Interrupt))) return false;
            continue;
        }
        if (k.none) {
            // The time ran out (the computer to look at again), or the read ended at once.
            if (u.wait_ms && Steady::now() + std::chrono::milliseconds(1) >= asked + std::chrono::milliseconds(*u.wait_ms)) {
                errors = 0;
                continue;
            }
            if (++errors >= 100) return true;
            continue;
        }
        errors = 0;
        redraw = true;
        const ui::KeyPress key = translate(k);
        if (key.kind == ui::KeyPress::Kind::CtrlR) term.redraw_all();
        if (!screen.handle(key)) return false;
    }
}

/// `tercio play` of a game of kit K on the terminal `term` (closed when it ends), on the screen or
/// in plain lines (--plain), until the player quits or the input ends, saving every command in
/// `dir` as it is played: a new game (`game`), or the saved one `saved` (opened and locked by
/// open_saved), replayed first. Prints what became of it and how to go on with it; the exit status.
template <class K>
int play_game(kits::KitTag<K>, std::unique_ptr<ui::CursesSurface>& term, const PlayOptions& opt,
              data::DataCatalog& catalog, const data::SaveDir& dir, const std::string& player, const NewGame& game,
              std::optional<SavedGame> saved) {
    using E = typename K::Engine;
    std::string why;
    std::array<std::optional<ai::Level>, 2> computer = game.computer;
    const bool color = term && term->has_color();  // monochrome when the terminal has no colours
    // The game: a saved one replayed, or a new one.
    std::optional<typename E::Context> ctx;
    data::SaveHeader header;
    if (saved) {
        ctx = std::get<SavedContext<K>>(saved->ctx).ctx;
        header = saved->save.header;
        for (std::size_t i = 0; i < 2; ++i) {
            const auto level = data::computer_level(header.sides[i].plays);
            computer[i] = level ? ai::parse_level(*level) : std::nullopt;
        }
    } else {
        ctx = kits::game_context<K>(catalog, game.ruleset, {game.red, game.blue}, game.options, why);
        if (!ctx) {
            term.reset();
            std::cerr << "tercio play: " << printable(why) << '\n';
            return kExitDataError;
        }
        header = new_save_header(catalog, game.ruleset, {game.red, game.blue}, player, game.seed, computer,
                                 game.options);
    }
    control::SessionOf<E> session(*ctx, header.seed);
    header.setup_hash = E::hash(session.state());
    // The computer's players: one a side it plays for the whole session, seeded from the game's
    // seed (a resumed game gets new ones, made the same way).
    const auto seat_computer = [&](auto& driver) {
        for (const core::Side side : {core::Side::A, core::Side::B}) {
            if (const auto level = computer[core::idx(side)]) {
                if (auto p = K::Computer::make_player(*level, ai::player_seed(header.seed, side))) {
                    driver.seat(side, std::move(p), std::string(ai::level_name(*level)));
                }
            }
        }
    };
    // The curses screen (not with --plain). A terminal whose locale is not UTF-8 gets the ASCII
    // screen.
    std::optional<ui::PlayScreenOf<K>> screen;
    if (!opt.plain) {
        screen.emplace(session, ui::ScreenOptions{color, opt.ascii || !utf8_locale()});
        set_kit_options(*screen, opt.kit_options);
        screen->set_rules(rule_shelf(catalog.dir()));
    }
    std::unique_ptr<data::GameSave> save;
    std::string message;  // what the player is told first
    if (saved) {
        // The save replayed from its seed, every command checked against its hash, into the
        // session and the screen's log (its dice explained).
        const std::string file = saved->writer->file().string();
        if (screen) screen->show_setup_log();
        auto replayed = K::Files::replay(
            file, saved->save, *ctx,
            [&](const data::ReplayedCommandOf<E>& rc, const typename E::State& before, const typename E::State& after) {
                session.record(rc.command, rc.events, rc.random, before, after, rc.calls);
                if (screen) screen->show_replayed(rc.command, rc.events, before, after);
            });
        if (!replayed.ok()) {
            term.reset();
            return refuse_resume(replayed.errors, saved->notices);
        }
        save = data::GameSave::resume(std::move(saved->writer), saved->save);
        message = resumed_message(*saved, *save);
        if (screen) screen->show_message(message);
    } else {
        save = data::GameSave::start(dir, std::string(now_texts().second) + "-" + game.red + "-v-" + game.blue, header,
                                     why);
        if (screen) screen->reveal(session.setup_events());
    }
    if (!save) {
        term.reset();
        std::cerr << "tercio play: cannot save the game: " << why << '\n';
        return saved ? kExitIllegal : kExitIoError;
    }
    SaveKeeperOf<K> keeper(*save, *ctx);
    session.add_observer(&keeper);
    bool ended = false;
    if (opt.plain) {
        // Plain lines on standard output, commands from standard input.
        ui::PlainGameOf<K> lines(session, std::cout);
        set_kit_options(lines, opt.kit_options);
        lines.set_rules(rule_shelf(catalog.dir()));
        lines.set_save_action([&keeper] { return keeper.save(); });
        lines.set_echo(!::isatty(STDIN_FILENO));  // a script's commands show in the transcript
        seat_computer(lines);
        lines.start(message);
        ended = lines.run(std::cin) && !session.over();
    } else {
        screen->set_save_action([&keeper] { return keeper.save(); });
        control::ComputerTurnsOf<E> turns(session, std::chrono::milliseconds(std::max(0, opt.ai_delay_ms)));
        turns.set_ready([&screen] { return screen->ready_for_computer(); });
        seat_computer(turns);
        set_interrupt_asks(true);
        ended = play_loop(*term, *screen, turns);
        set_interrupt_asks(false);
        if (turns.thinking() && !stop_signal()) {
            // choose() cannot be interrupted: its thought ends first (about a second at most).
            screen->show_message("Waiting for the computer to finish its thought...");
            term->clear();
            screen->draw(*term);
            term->present();
        }
        turns.stop();
    }
    session.remove_observer(&keeper);
    term.reset();
    // What a repair dropped, told on the screen, again where it stays in the scroll-back.
    if (!opt.plain && saved && !saved->repaired.empty())
        std::cout << "tercio: note: " << saved->repaired << '\n';
    // "game french v spanish, seed 12, finished"; a ruleset other than the default says which,
    // and who won.
    std::string what = "game " + header.sides[0].army + " v " + header.sides[1].army + ", seed " +
                       std::to_string(header.seed);
    if (session.over()) what += ", finished";
    if constexpr (!std::is_same_v<K, kits::DefaultKit>) {
        what = std::string(K::title) + " " + what;
        if (session.over()) {
            const int w = E::winner(*ctx, session.state());
            what += ": " + (w < 0 ? std::string("a draw") : std::string(w == 0 ? "A" : "B") + " won");
        }
    }
    return say_game_left(opt, player, *save, ended, what, session.over());
}

}  // namespace

int say_game_left(const PlayOptions& opt, const std::string& player, data::GameSave& save,
                  bool input_ended, const std::string& what, bool over) {
    std::string why;
    if (save.unsaved() > 0 && !save.flush(why)) {
        std::cerr << "tercio: NOT SAVED: the last " << save.unsaved()
                  << " commands could not be written: " << printable(why) << '\n';
    }
    if (stop_signal() == SIGHUP) {
        std::cerr << "tercio: the connection closed; ";
    } else if (stop_signal()) {
        std::cerr << "tercio: stopped by a signal; ";
    } else if (input_ended) {
        std::cerr << (opt.plain ? "tercio: the input ended; " : "tercio: the terminal's input ended; ");
    }
    const std::string resume =
        "tercio play --resume" + (opt.player ? " --player " + player : std::string()) +
        (opt.save_dir ? " --save-dir " + opt.save_dir->string() : std::string());
    if (const std::size_t unsaved = save.unsaved(); unsaved > 0) {
        // The file holds the game up to the first command the disk refused: say so, and that the
        // game can go on from there, never that it is saved.
        const std::size_t written = save.commands() - unsaved;
        std::cout << "tercio: " << what << ": "
                  << (unsaved == 1 ? std::string("the last command is")
                                   : "the last " + std::to_string(unsaved) + " commands are")
                  << " NOT saved; the " << written << (written == 1 ? " command" : " commands")
                  << " before " << (unsaved == 1 ? "it" : "them") << (written == 1 ? " is" : " are")
                  << " saved in " << save.file().string() << '\n';
        if (opt.lobby) {
            std::cout << "Continue in the start menu goes on from before " << (unsaved == 1 ? "it" : "them") << '\n';
        } else {
            std::cout << resume << " goes on from before " << (unsaved == 1 ? "it" : "them") << '\n';
        }
        return kExitIoError;
    }
    if (opt.lobby) {
        // One line of the menu: the Continue line itself names the game.
        std::cout << (over ? "Your game is over and saved: Replay a game shows it."
                           : "Your game is saved: Continue goes on with it.")
                  << '\n';
        return kExitOk;
    }
    std::cout << "tercio: " << what << ", saved in " << save.file().string() << '\n';
    if (!over) std::cout << resume << " goes on with it\n";
    return kExitOk;
}

int run_play(const PlayOptions& opt, const std::filesystem::path& data_dir, bool* left_menu) {
    if (left_menu) *left_menu = false;
    data::DataCatalog catalog(data_dir, kits::DefaultKit::engine);
    std::string why;
    const std::string player = opt.player.value_or(data::default_player_name());
    if (!data::valid_player_name(player)) {
        std::cerr << "tercio play: --player \"" << printable(player)
                  << "\" is not a player name: use 1 to 32 of A-Z, a-z, 0-9, _ and -, not starting with -\n";
        return kExitUsage;
    }
    const auto root = data::saves_root(opt.save_dir, why);
    if (!root) {
        std::cerr << "tercio play: " << why << '\n';
        return kExitUsage;
    }
    // The player's directory, opened once and checked (ours, private, not a link): every save is
    // reached through it.
    const auto dir = data::SaveDir::open(*root, player, why);
    if (!dir) {
        std::cerr << "tercio play: " << printable(why) << '\n';
        return kExitIoError;
    }
    // The ruleset: --ruleset, else the start menu's choice (the default's unless changed).
    std::string ruleset = opt.ruleset.value_or(kits::default_ruleset());
    const auto engine_of = [&](const std::string& id) { return catalog.engine(id).value_or(""); };
    if (opt.ruleset) {
        const std::string engine = engine_of(*opt.ruleset);
        if (engine.empty()) {
            std::cerr << "tercio play: --ruleset " << printable(*opt.ruleset) << ": no ruleset \"" << printable(*opt.ruleset)
                      << "\" (rulesets/" << printable(*opt.ruleset) << "/ruleset.toml cannot be read)\n";
            return kExitUsage;
        }
        const auto level_ok = kits::with_kit(engine, [&]<class K>(kits::KitTag<K>) {
            const auto level = opt.vs ? ai::parse_level(*opt.vs) : std::nullopt;
            if (level && !K::Computer::has_level(*level)) {
                std::cerr << "tercio play: --vs " << *opt.vs << ": " << K::title << "'s computer plays "
                          << kits::levels_in_words<K>() << '\n';
                return false;
            }
            return true;
        });
        if (!level_ok) {
            std::cerr << "tercio play: --ruleset " << printable(*opt.ruleset) << ": " << kits::unknown_engine(engine) << '\n';
            return kExitUsage;
        }
        if (!*level_ok) return kExitUsage;
    }
    const auto default_armies = kits::default_armies(engine_of(ruleset));
    std::string red = opt.red.value_or(default_armies[0]);
    std::string blue = opt.blue.value_or(default_armies[1]);
    std::optional<std::uint64_t> seed_choice = opt.seed;
    std::vector<std::string> optional_rules = opt.optional_rules;
    // The computer's level for each side it plays: from --vs, the menu or the save.
    std::array<std::optional<ai::Level>, 2> computer{};
    if (opt.vs) {
        const auto level = ai::parse_level(*opt.vs);
        if (!level) {
            std::cerr << "tercio play: --vs " << *opt.vs << ": not a level (" << ai::levels_in_words() << ")\n";
            return kExitUsage;
        }
        computer[opt.computer_side == "red" ? 0 : 1] = level;
    }
    std::optional<SavedGame> saved;
    auto read_or_exit = [&](const std::string& name) -> std::optional<int> {
        auto r = open_saved(*dir, name, catalog, "tercio play", true);
        if (const int* code = std::get_if<int>(&r)) return *code;
        saved = std::move(std::get<SavedGame>(r));
        return std::nullopt;
    };
    if (opt.resume) {
        std::optional<std::string> file;
        if (opt.resume_file) {
            // A save named on the command line: a name in the player's directory, or its path.
            const std::filesystem::path named(*opt.resume_file);
            std::error_code ec;
            if (named.has_parent_path() && !std::filesystem::equivalent(named.parent_path(), dir->path(), ec)) {
                std::cerr << "tercio play: --resume " << printable(*opt.resume_file) << ": not in your save directory "
                          << printable(dir->path().string()) << " (tercio play --resume NAME takes a save's name there)\n";
                return kExitUsage;
            }
            file = named.filename().string();
            if (!std::filesystem::exists(dir->path() / *file, ec)) {
                std::cerr << "tercio play: --resume " << printable(*file) << ": no such save in "
                          << printable(dir->path().string()) << '\n';
                return kExitNoInput;
            }
        } else {
            file = data::newest_unfinished(*dir, kits::replayed_over(catalog));
        }
        if (!file) {
            std::cerr << "tercio play: no unfinished game of player " << player << " in " << printable(dir->path().string())
                      << " (tercio play starts one)\n";
            return kExitNoInput;
        }
        // A game hosted for two terminals is joined where its server serves it.
        NetOptions served = net_options(opt);
        served.plain = opt.plain;
        if (const auto code = join_if_served(served, data_dir, *file)) return *code;
        if (auto code = read_or_exit(*file)) return *code;
    } else {
        // Bad armies or optional rules on the command line are refused before the terminal is
        // taken over.
        const auto checked = kits::with_kit(engine_of(ruleset), [&]<class K>(kits::KitTag<K>) {
            if (!kits::known_options<K>(optional_rules, why)) {
                why = "--optional-rule: " + why;
                return kExitUsage;
            }
            return kits::game_context<K>(catalog, ruleset, {red, blue}, optional_rules, why) ? kExitOk : kExitDataError;
        });
        if (!checked || *checked != kExitOk) {
            std::cerr << "tercio play: " << (checked ? why : kits::unknown_engine(engine_of(ruleset))) << '\n';
            return checked ? *checked : kExitDataError;
        }
    }
    install_stop_signals();
    // --plain never opens the terminal as a screen: plain lines on standard output.
    std::unique_ptr<ui::CursesSurface> term;
    bool color = false;
    if (!opt.plain) {
        term = ui::CursesSurface::open(opt.color, why);
        if (!term) {
            std::cerr << "tercio play: " << why << '\n';
            return kExitUsage;
        }
        color = term->has_color();  // monochrome when the terminal has no colours
    }
    if (opt.menu()) {
        auto rulesets = ruleset_choices(catalog);
        std::size_t first_ruleset = 0;
        for (std::size_t i = 0; i < rulesets.size(); ++i) {
            if (rulesets[i].id == ruleset) first_ruleset = i;
        }
        const auto armies = rulesets.empty() ? std::vector<ui::ArmyChoice>{} : rulesets[first_ruleset].armies;
        ui::GameSetup initial;
        initial.army = {index_of(armies, red), index_of(armies, blue)};
        // One person at a terminal is the usual game: side B is the computer's unless changed.
        initial.computer[1] = ai::Level::Normal;
        const ContinueOffer offer = continue_offer(net_options(opt), *dir, catalog);
        const ReplayShelf shelf{*root, player, opt.replay_everyone, opt.ascii};
        ui::StartMenu menu(armies, initial, color);
        menu.offer_rulesets(rulesets, first_ruleset);
        menu.offer_continue(offer.choices);
        menu.offer_replay(replay_note(shelf));
        if (!opt.menu_message.empty()) menu.show_message(opt.menu_message);
        const auto chosen_or_code = run_menu(term, menu, offer, shelf, opt, data_dir);
        if (const int* code = std::get_if<int>(&chosen_or_code)) return *code;
        const ui::StartMenu::Outcome outcome = std::get<ui::StartMenu::Outcome>(chosen_or_code);
        if (outcome == ui::StartMenu::Outcome::Host) {
            // The same choices, served to another terminal: tercio host --red --blue --seed --side --vs.
            const ui::Hosting h = *menu.hosting();
            NetOptions host = net_options(opt);
            if (!rulesets.empty()) host.ruleset = rulesets[menu.ruleset_choice()].id;
            host.red = menu.army(0).id;
            host.blue = menu.army(1).id;
            host.seed = menu.setup().seed;
            host.optional_rules = menu.setup().options;
            host.side = h.you == core::Side::A ? "red" : "blue";
            if (h.other) host.vs = std::string(ai::level_name(*h.other));
            term.reset();
            return run_host(host, data_dir);
        }
        if (outcome == ui::StartMenu::Outcome::Quit) {
            term.reset();
            if (left_menu) *left_menu = stop_signal() == 0;
            std::cout << "tercio: no game started\n";
            return kExitOk;
        }
        const std::size_t chosen = menu.continue_choice();
        if (outcome == ui::StartMenu::Outcome::Continue && offer.served[chosen]) {
            term.reset();
            if (const auto code = join_if_served(net_options(opt), data_dir, offer.saves[chosen].name)) return *code;
            // Its server ended meanwhile: the save is played here, as any other.
            term = ui::CursesSurface::open(opt.color, why);
            if (!term) {
                std::cerr << "tercio play: " << why << '\n';
                return kExitUsage;
            }
        }
        if (outcome == ui::StartMenu::Outcome::Continue) {
            if (auto code = read_or_exit(offer.saves[chosen].name)) {
                term.reset();
                return *code;
            }
        }
        red = menu.army(0).id;
        blue = menu.army(1).id;
        seed_choice = menu.setup().seed;
        optional_rules = menu.setup().options;
        computer = menu.setup().computer;
        if (outcome == ui::StartMenu::Outcome::Start) ruleset = rulesets[menu.ruleset_choice()].id;
    }
    // The game: a saved one replayed by its ruleset's kit, or a new one of the ruleset chosen.
    const NewGame game{ruleset, red, blue,
                       seed_choice.value_or(static_cast<std::uint64_t>(
                           std::chrono::system_clock::now().time_since_epoch().count())),
                       computer, optional_rules};
    if (saved) {
        const auto ctx = saved->ctx;
        return std::visit(
            [&]<class K>(const SavedContext<K>&) {
                return play_game(kits::KitTag<K>{}, term, opt, catalog, *dir, player, game, std::move(saved));
            },
            ctx);
    }
    const std::string engine = engine_of(ruleset);
    const auto code = kits::with_kit(engine, [&]<class K>(kits::KitTag<K> tag) {
        return play_game(tag, term, opt, catalog, *dir, player, game, std::nullopt);
    });
    if (!code) {
        term.reset();
        std::cerr << "tercio play: ruleset " << printable(ruleset) << ": "
                  << (engine.empty() ? "rulesets/" + ruleset + "/ruleset.toml cannot be read" : kits::unknown_engine(engine))
                  << '\n';
        return kExitDataError;
    }
    return *code;
}

}  // namespace tercio::app
