#include "app/run_command.hpp"

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "control/event_text.hpp"
#include "data/data_files.hpp"
#include "rules/game.hpp"

namespace tercio::app {

namespace {

constexpr int kExitOk = 0;
constexpr int kExitIllegal = 1;
constexpr int kExitUsage = 2;
constexpr int kExitDataError = 65;
constexpr int kExitNoInput = 66;

void print_events(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Events& ev) {
    for (const auto& e : ev) std::cout << control::describe(ctx, s, e) << '\n';
}

/// Loads the named army from the data directory, printing errors.
std::optional<rules::ArmyList> load_army_by_id(data::DataCatalog& catalog, const std::string& id, int& code) {
    const auto file = catalog.dir() / "armies" / (id + ".toml");
    const data::FileText ft = data::read_file(file);
    if (!ft.error.empty()) {
        std::cerr << "tercio: no army \"" << id << "\" (" << file.string() << ": " << ft.error << ")\n";
        code = kExitNoInput;
        return std::nullopt;
    }
    auto loaded = data::load_army(file.string(), ft.text, catalog.resolver());
    if (!loaded.ok()) {
        for (const auto& e : loaded.errors) std::cerr << e.to_string() << '\n';
        code = kExitDataError;
        return std::nullopt;
    }
    return std::move(loaded.value);
}

}  // namespace

int run_game(const RunOptions& opt, const std::filesystem::path& data_dir) {
    if (opt.position) {
        std::cerr << "tercio run: --position is not supported yet\n";
        return kExitUsage;
    }
    if (!opt.red || !opt.blue) {
        std::cerr << "tercio run: give --position FILE, or --red ARMY and --blue ARMY for a new game\n";
        return kExitUsage;
    }
    data::DataCatalog catalog(data_dir);
    int code = kExitOk;
    auto red = load_army_by_id(catalog, *opt.red, code);
    auto blue = load_army_by_id(catalog, *opt.blue, code);
    if (!red || !blue) return code;
    std::string why;
    const rules::Ruleset* rs = catalog.ruleset(red->ruleset, why);
    if (!rs || red->ruleset != blue->ruleset) {
        std::cerr << "tercio run: the two armies must use the same ruleset\n";
        return kExitDataError;
    }
    rules::RulesContext ctx{rs, {&*red, &*blue}};

    // Dice: scripted if given, otherwise our seeded generator.
    std::unique_ptr<core::Dice> dice;
    try {
        if (opt.dice) {
            dice = std::make_unique<core::ScriptedDice>(core::ScriptedDice::parse(*opt.dice));
        } else {
            dice = std::make_unique<core::SeededDice>(opt.seed.value_or(1));
        }
    } catch (const core::DiceError& e) {
        std::cerr << "tercio run: --dice: " << e.what() << '\n';
        return kExitUsage;
    }

    rules::GameState state;
    try {
        print_events(ctx, state, {});
        const auto ev = rules::new_game(ctx, state, *dice);
        print_events(ctx, state, ev);
    } catch (const core::DiceError& e) {
        std::cerr << "set-up: dice: " << e.what() << '\n';
        return kExitIllegal;
    }

    // Commands, one per line; '#' starts a comment.
    std::ifstream file;
    std::istream* in = nullptr;
    if (opt.commands) {
        if (*opt.commands == "-") {
            in = &std::cin;
        } else {
            file.open(*opt.commands);
            if (!file) {
                std::cerr << "tercio run: cannot read " << *opt.commands << '\n';
                return kExitNoInput;
            }
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
            std::size_t start = text.find_first_not_of(" \t");
            if (start == std::string::npos) continue;
            text = text.substr(start);
            std::string err;
            const auto cmd = rules::parse_command(text, err);
            if (!cmd) {
                std::cerr << "line " << n << ": " << text << ": " << err << '\n';
                result = kExitIllegal;
                break;
            }
            if (auto bad = rules::validate(ctx, state, *cmd)) {
                std::cerr << "line " << n << ": " << text << ": " << *bad << '\n';
                result = kExitIllegal;
                break;
            }
            rules::GameState next = state;
            try {
                const auto ev = rules::apply(ctx, next, *cmd, *dice);
                state = next;
                print_events(ctx, state, ev);
            } catch (const core::DiceError& e) {
                std::cerr << "line " << n << ": " << text << ": dice: " << e.what() << '\n';
                result = kExitIllegal;
                break;
            }
        }
    }
    if (opt.legal) {
        for (const auto& c : rules::legal_commands(ctx, state)) std::cout << rules::print(c) << '\n';
    }
    return result;
}

}  // namespace tercio::app
