#include "app/run_command.hpp"

#include "app/exit_codes.hpp"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "control/event_text.hpp"
#include "control/odds_text.hpp"
#include "data/data_files.hpp"
#include "data/position.hpp"
#include <cstdio>
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

/// `--odds`: the preview of ';'-separated commands in the final position; the exit code.
int print_odds(const rules::RulesContext& ctx, const rules::GameState& s, const std::string& text) {
    std::vector<rules::Command> cmds;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(';', start), text.size());
        std::string part = text.substr(start, end - start);
        const std::size_t a = part.find_first_not_of(" \t");
        const std::size_t b = part.find_last_not_of(" \t");
        part = a == std::string::npos ? std::string() : part.substr(a, b - a + 1);
        if (!part.empty()) {
            std::string err;
            const auto c = rules::parse_command(part, err);
            if (!c) {
                std::cerr << "--odds: " << part << ": " << err << '\n';
                return kExitUsage;
            }
            cmds.push_back(*c);
        }
        start = end + 1;
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
bool write_out(const std::string& path, const data::Position& p, const rules::RulesContext& ctx) {
    const std::string tmp = path + ".tmp";
    {
        std::ofstream f(tmp, std::ios::binary | std::ios::trunc);
        if (!f) return false;
        f << data::write_position(p, ctx);
        if (!f.flush()) return false;
    }
    return std::rename(tmp.c_str(), path.c_str()) == 0;
}

}  // namespace

int run_game(const RunOptions& opt, const std::filesystem::path& data_dir) {
    data::DataCatalog catalog(data_dir);
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

    // Commands, one per line; '#' starts a comment.
    std::istringstream file;
    std::istream* in = nullptr;
    if (opt.commands) {
        if (*opt.commands == "-") {
            in = &std::cin;
        } else {
            // Read whole, with a cap: a directory or an endless device is refused, not taken
            // for an empty list.
            const data::FileText t = data::read_file(*opt.commands, kMaxCommandBytes);
            const std::string error =
                !t.error.empty() ? t.error
                : t.text.size() > kMaxCommandBytes
                    ? "file is too large (more than " + std::to_string(kMaxCommandBytes) + " bytes)"
                    : "";
            if (!error.empty()) {
                std::cerr << "tercio run: --commands " << *opt.commands << ": " << error << '\n';
                return t.missing ? kExitNoInput : kExitIoError;
            }
            file.str(t.text);
            in = &file;
        }
    }
    int result = kExitOk;
    if (in) {
        std::string line;
        int n = 0;
        while (std::getline(*in, line)) {
            ++n;
            std::string text = line.substr(0, line.find('#'));
            while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.pop_back();
            const std::size_t start = text.find_first_not_of(" \t");
            if (start == std::string::npos) continue;
            text = text.substr(start);
            std::string err;
            const auto cmd = rules::parse_command(text, err);
            if (!cmd) {
                std::cerr << "line " << n << ": " << text << ": " << err << '\n';
                result = kExitIllegal;
                break;
            }
            // One checked step: an illegal command, or scripted dice that run out, leave the
            // position as it was.
            const rules::Played played = rules::play(*ctx, pos.state, *cmd, *dice);
            if (!played.ok()) {
                std::cerr << "line " << n << ": " << text << ": " << *played.refused << '\n';
                result = kExitIllegal;
                break;
            }
            sync_dice();
            print_events(*ctx, pos.state, played.events, opt.why);
        }
    }
    if (opt.random && result == kExitOk) {
        // Random legal play to the end, for demonstrations and tests. The choices come from
        // their own generator, so the game's dice stay those of the position.
        core::SeededDice chooser(*opt.random);
        int n = 0;
        while (pos.state.decision != rules::Decision::GameOver) {
            const auto chosen = rules::random_legal(*ctx, pos.state, chooser);
            if (!chosen) {
                std::cerr << "--random: no legal command in this position\n";
                result = kExitIllegal;
                break;
            }
            const rules::Command& cmd = *chosen;
            std::cout << "> " << rules::print(cmd) << '\n';
            const rules::Played played = rules::play(*ctx, pos.state, cmd, *dice);
            if (!played.ok()) {
                std::cerr << "--random: " << rules::print(cmd) << ": " << *played.refused << '\n';
                result = kExitIllegal;
                break;
            }
            sync_dice();
            print_events(*ctx, pos.state, played.events, opt.why);
            if (++n >= 100000) {
                std::cerr << "--random: the game did not end after 100000 commands\n";
                result = kExitIllegal;
                break;
            }
        }
    }
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
