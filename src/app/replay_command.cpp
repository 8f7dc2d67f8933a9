#include "app/replay_command.hpp"

#include <chrono>
#include <csignal>
#include <iostream>
#include <string>
#include <vector>


#include "app/exit_codes.hpp"
#include "app/terminal.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "data/save_store.hpp"
#include "kits/front_ends.hpp"
#include "kits/registry.hpp"
#include "ui/curses_surface.hpp"

namespace tercio::app {

namespace {

/// The viewer on the terminal until it quits, the input ends or a signal comes.
template <class Screen>
void view(ui::CursesSurface& term, Screen& screen) {
    using Steady = std::chrono::steady_clock;
    int errors = 0;  // reads that ended at once without a key: a closed terminal never stops
    std::optional<Steady::time_point> due;  // autoplay's next command
    while (!stop_signal() && errors < 100) {
        term.clear();
        screen.draw(term);
        term.present();
        const std::optional<int> wait = screen.wait_ms();
        if (!wait) due.reset();
        ui::Key k;
        if (wait) {
            const Steady::time_point now = Steady::now();
            if (!due) due = now + std::chrono::milliseconds(*wait);
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*due - now).count();
            const int ms = static_cast<int>(std::max<long long>(0, left));
            k = term.read_key(ms);
            if (stop_signal()) break;
            // No key by the time autoplay is due (a millisecond early is the timer's rounding).
            if (k.none && Steady::now() + std::chrono::milliseconds(1) >= *due) {
                screen.tick();
                due.reset();
                errors = 0;
                continue;
            }
        } else {
            k = term.read_key();
        }
        if (stop_signal()) break;
        if (k.none) {
            ++errors;
            continue;
        }
        errors = 0;
        // Home and End are the replay's g and G.
        const ui::KeyPress key = k.function && k.code == ui::keys::kHome ? ui::KeyPress::character('g')
                                 : k.function && k.code == ui::keys::kEnd ? ui::KeyPress::character('G')
                                                                          : translate(k);
        if (key.kind == ui::KeyPress::Kind::CtrlR) term.redraw_all();
        if (key.kind != ui::KeyPress::Kind::Resize && key.kind != ui::KeyPress::Kind::CtrlR) due.reset();
        if (!screen.handle(key)) break;
    }
}

/// Under the map, where the file is named: the line where a replay stopped agreeing with its save
/// after `agreed` commands, and what is wrong there; empty if it did not stop.
std::string out_of_sync(std::size_t agreed, const data::SaveFile& save, const data::LoadErrors& errors) {
    if (errors.empty()) return {};
    std::string problem =
        "OUT OF SYNC after command " + std::to_string(agreed) + " of " + std::to_string(save.commands.size()) + ":";
    for (const auto& e : errors) problem += " line " + std::to_string(e.line) + ": " + e.message;
    return problem;
}

/// Says what stops a replay: on standard error for `tercio replay`; for the start menu's Replay a
/// game (whose terminal is the screen), kept in `why`, the first thing said.
struct Teller {
    std::string* why = nullptr;
    void operator()(const std::string& line) const {
        if (!why) {
            std::cerr << line << '\n';
        } else if (why->empty()) {
            // The menu's message line names no command.
            constexpr std::string_view kCommand = "tercio replay: ";
            *why = line.starts_with(kCommand) ? line.substr(kCommand.size()) : line;
        }
    }
};

/// Says a replay's errors and the data notices: what is said when nothing can be shown (not even
/// the set-up or the first command agrees). The exit status.
int nothing_to_show(const data::LoadErrors& errors, const std::vector<std::string>& notices, const Teller& tell) {
    for (const auto& e : errors) tell(e.to_string());
    for (const auto& n : notices) tell("note: " + n);
    return kExitDataError;
}

/// What the viewer is told of a save that stopped replaying but does up to a keyframe
/// (data::SaveRepair): the turn `tercio play --resume` goes on from; empty without one.
std::string resume_note(const std::optional<data::SaveRepair>& repair) {
    if (!repair) return {};
    return "tercio play --resume can go on from turn " + std::to_string(repair->turn) + ": " +
           data::dropped_commands(*repair) +
           " no longer replay under these rules and would be dropped.";
}

/// The replay screen titled (the file's name, the seed, whether the game is finished), with the
/// problem under the map and the notices on the message line.
template <class Screen>
void dress(Screen& screen, const ReplayOptions& opt, const data::SaveFile& save,
           const std::vector<std::string>& notices, const std::string& problem) {
    screen.set_title(opt.file.filename().string() + ", seed " + std::to_string(save.header.seed) +
                     (save.over ? ", finished" : ", not finished"));
    if (!problem.empty()) screen.set_problem(problem);
    if (!notices.empty()) {
        std::string message = "Note:";
        for (const auto& n : notices) message += " " + n + ".";
        screen.show_message(message);
    }
}

/// The replay screen on the terminal until the viewer quits; then the problem again on standard
/// error. The exit status.
template <class Screen>
int show_replay(const ReplayOptions& opt, const data::SaveFile& save, Screen& screen,
                const std::vector<std::string>& notices, const std::string& problem,
                const data::LoadErrors& errors, std::size_t agreed, const std::string& resume) {
    dress(screen, opt, save, notices, problem);
    install_stop_signals();
    std::string why;
    auto term = ui::CursesSurface::open(opt.color, why);
    if (!term) {
        std::cerr << "tercio replay: " << why << '\n';
        return kExitUsage;
    }
    // Monochrome when the terminal has no colours; ASCII when the locale is not UTF-8.
    screen.set_options(ui::ScreenOptions{term->has_color(), opt.ascii || !utf8_locale()});
    view(*term, screen);
    term.reset();
    if (!problem.empty()) {
        for (const auto& e : errors) std::cerr << e.to_string() << '\n';
        std::cerr << "tercio replay: the replay stopped after command " << agreed << " of " << save.commands.size()
                  << ".\n";
        if (!resume.empty()) std::cerr << "tercio replay: " << resume << '\n';
        return kExitDataError;
    }
    return kExitOk;
}

/// Any kit's replay: the save is replayed once through the kit, checking every hash; the screen
/// is built as it goes, and shows the commands that agree.
template <class K>
int replay_game(kits::KitTag<K>, const ReplayOptions& opt, const std::string& name, const data::SaveFile& save,
                const typename K::Engine::Context& ctx, const std::vector<std::string>& notices,
                ui::CursesSurface* term, const Teller& tell) {
    using E = typename K::Engine;
    core::SeededDice dice(save.header.seed);
    typename E::State setup;
    const typename E::Events setup_events = E::new_game(ctx, setup, dice);
    ui::ReplayScreenOf<K> screen(ctx, setup, setup_events, save.header.seed, dice.calls(),
                                 ui::ScreenOptions{opt.color, opt.ascii}, opt.speed_ms);
    const auto replayed = K::Files::replay(
        name, save, ctx,
        [&](const data::ReplayedCommandOf<E>& rc, const typename E::State& before, const typename E::State& after) {
            screen.add(rc.command, rc.by, rc.events, before, after, rc.calls);
        });
    const std::size_t agreed = screen.size();
    const std::string problem = out_of_sync(agreed, save, replayed.errors);
    if (!replayed.ok() && agreed == 0) return nothing_to_show(replayed.errors, notices, tell);
    if (opt.turn) {
        const auto p = screen.turn_start(*opt.turn);
        if (!p) {
            std::cerr << "tercio replay: --turn " << *opt.turn << ": " << name << " has no turn " << *opt.turn
                      << " (it goes from the set-up, turn " << screen.turn_at(0) << ", to turn "
                      << screen.turn_at(screen.size()) << ")\n";
            return kExitUsage;
        }
        screen.seek(*p);
    }
    const auto repair = replayed.ok() ? std::nullopt : K::Files::repair(name, save, ctx);
    if (!term) return show_replay(opt, save, screen, notices, problem, replayed.errors, agreed, resume_note(repair));
    // On the start menu's terminal: what stopped the replay is said under the map, and once it is
    // left, on the menu's message line.
    dress(screen, opt, save, notices, problem);
    screen.set_options(ui::ScreenOptions{term->has_color(), opt.ascii || !utf8_locale()});
    view(*term, screen);
    if (!problem.empty()) tell("the replay stopped after command " + std::to_string(agreed) + " of " +
                               std::to_string(save.commands.size()) + ": " + problem);
    return problem.empty() ? kExitOk : kExitDataError;
}

/// A save's text replayed on the screen: on `term` (the start menu's) if given, else on a
/// terminal of its own. The exit status; what stops it told by `tell`.
int replay_text(const ReplayOptions& opt, const std::string& text, const std::filesystem::path& data_dir,
                ui::CursesSurface* term, const Teller& tell) {
    const std::string name = opt.file.string();
    auto parsed = data::parse_save(name, text);
    if (!parsed.ok()) {
        for (const auto& e : parsed.errors) tell(e.to_string());
        return kExitDataError;
    }
    const data::SaveFile& save = *parsed.value;
    const data::SaveHeader& h = save.header;
    data::DataCatalog catalog(data_dir, kits::DefaultKit::engine);
    std::string why;
    std::vector<std::string> notices = data::changed_data(catalog.dir(), h);
    if (save.cut_line) {
        notices.push_back("line " + std::to_string(*save.cut_line) +
                          " was cut short when the program stopped: the replay ends before it");
    }
    const std::string engine = catalog.engine(h.ruleset, why).value_or("");
    if (engine.empty()) {
        tell("tercio replay: " + name + ": " + why);
        return kExitDataError;
    }
    const auto code = kits::with_kit(engine, [&]<class K>(kits::KitTag<K> tag) {
        const auto ctx = kits::game_context<K>(catalog, h.ruleset, {h.sides[0].army, h.sides[1].army}, h.options, why);
        if (!ctx) {
            tell("tercio replay: " + name + ": " + why);
            return kExitDataError;
        }
        return replay_game(tag, opt, name, save, *ctx, notices, term, tell);
    });
    if (!code) {
        tell("tercio replay: " + name + ": " + kits::unknown_engine(engine));
        return kExitDataError;
    }
    return *code;
}

}  // namespace

int run_replay(const ReplayOptions& opt, const std::filesystem::path& data_dir) {
    const data::FileText t = data::read_file(opt.file, data::kMaxSaveBytes);
    if (!t.error.empty()) {
        std::cerr << "tercio replay: " << opt.file.string() << ": " << t.error << '\n';
        return t.missing ? kExitNoInput : kExitIoError;
    }
    return replay_text(opt, t.text, data_dir, nullptr, Teller{});
}

bool replay_on(ui::CursesSurface& term, const ReplayOptions& opt, const std::string& text,
               const std::filesystem::path& data_dir, std::string& why) {
    why.clear();
    return replay_text(opt, text, data_dir, &term, Teller{&why}) == kExitOk;
}

}  // namespace tercio::app
