#include "app/play_command.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include <langinfo.h>
#include <iostream>

#include "app/exit_codes.hpp"
#include "data/data_files.hpp"
#include "rules/game.hpp"
#include "ui/curses_surface.hpp"
#include "ui/play_screen.hpp"
#include "ui/start_menu.hpp"

namespace tercio::app {

namespace {

ui::KeyPress translate(const ui::Key& k) {
    using K = ui::KeyPress::Kind;
    if (k.function) {
        if (k.code == ui::keys::kUp) return ui::KeyPress::of(K::Up);
        if (k.code == ui::keys::kDown) return ui::KeyPress::of(K::Down);
        if (k.code == ui::keys::kLeft) return ui::KeyPress::of(K::Left);
        if (k.code == ui::keys::kRight) return ui::KeyPress::of(K::Right);
        if (k.code == ui::keys::kResize) return ui::KeyPress::of(K::Resize);
        if (k.code == ui::keys::kBackspace) return ui::KeyPress::of(K::Backspace);
        if (k.code == ui::keys::kEnter) return ui::KeyPress::of(K::Enter);
        if (k.code == ui::keys::kPageUp) return ui::KeyPress::of(K::PageUp);
        if (k.code == ui::keys::kPageDown) return ui::KeyPress::of(K::PageDown);
        return ui::KeyPress::of(K::Resize);  // anything else: just redraw
    }
    switch (k.code) {
        case '\r':
        case '\n': return ui::KeyPress::of(K::Enter);
        case 27: return ui::KeyPress::of(K::Escape);
        case '\t': return ui::KeyPress::of(K::Tab);
        case 8:
        case 127: return ui::KeyPress::of(K::Backspace);
        case 16: return ui::KeyPress::of(K::CtrlP);
        case 18: return ui::KeyPress::of(K::CtrlR);
        default: return ui::KeyPress::character(static_cast<char32_t>(k.code));
    }
}

/// The armies in data/armies, by file name, for the start menu; the broken ones are left out
/// (`tercio check` names their faults).
std::vector<ui::ArmyChoice> army_choices(data::DataCatalog& catalog) {
    std::vector<std::string> ids;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(catalog.dir() / "armies", ec)) {
        if (e.path().extension() == ".toml") ids.push_back(e.path().stem().string());
    }
    std::sort(ids.begin(), ids.end());
    std::vector<ui::ArmyChoice> out;
    for (const std::string& id : ids) {
        std::string why;
        const rules::ArmyList* a = catalog.army(id, why);
        if (!a) continue;
        const rules::Ruleset* rs = catalog.ruleset(a->ruleset, why);
        ui::ArmyChoice c{id, a->name, a->period, ""};
        for (const rules::UnitLine& line : a->units) {
            if (line.units <= 0) continue;
            const rules::TroopType* t = rs ? rs->find_type(line.type) : nullptr;
            if (!c.units.empty()) c.units += ", ";
            c.units += std::to_string(line.units) + " " + (!line.name.empty() ? line.name : t ? t->name : line.type);
        }
        out.push_back(std::move(c));
    }
    return out;
}

std::size_t index_of(const std::vector<ui::ArmyChoice>& armies, const std::string& id) {
    for (std::size_t i = 0; i < armies.size(); ++i) {
        if (armies[i].id == id) return i;
    }
    return 0;
}

/// The next key; nothing once the input has ended (a closed terminal gives errors without end:
/// never spin on them).
std::optional<ui::KeyPress> next_key(ui::CursesSurface& term) {
    for (int errors = 0; errors < 100; ++errors) {
        const ui::Key k = term.read_key();
        if (!k.none) return translate(k);
    }
    return std::nullopt;
}

/// Whether the player's locale writes UTF-8 (otherwise the screen keeps to ASCII).
bool utf8_locale() {
    const std::string_view codeset = nl_langinfo(CODESET);
    return codeset == "UTF-8" || codeset == "utf8";
}

/// The start menu on the terminal: false if the player quit (or the input ended).
bool choose(ui::CursesSurface& term, ui::StartMenu& menu) {
    for (;;) {
        term.clear();
        menu.draw(term);
        term.present();
        const auto key = next_key(term);
        if (!key) return false;
        const ui::KeyPress k = *key;
        if (k.kind == ui::KeyPress::Kind::CtrlR) term.redraw_all();
        switch (menu.handle(k)) {
            case ui::StartMenu::Outcome::Start: return true;
            case ui::StartMenu::Outcome::Quit: return false;
            case ui::StartMenu::Outcome::Open: break;
        }
    }
}

}  // namespace

int run_play(const PlayOptions& opt, const std::filesystem::path& data_dir) {
    data::DataCatalog catalog(data_dir);
    std::string why;
    std::string red = opt.red.value_or("french");
    std::string blue = opt.blue.value_or("spanish");
    std::optional<std::uint64_t> seed_choice = opt.seed;
    // Bad armies on the command line are refused before the terminal is taken over.
    for (const std::string& id : {red, blue}) {
        if (!catalog.army(id, why)) {
            std::cerr << "tercio play: army \"" << id << "\": " << why << '\n';
            return kExitDataError;
        }
    }
    auto term = ui::CursesSurface::open(opt.color, why);
    if (!term) {
        std::cerr << "tercio play: " << why << '\n';
        return kExitUsage;
    }
    const bool color = term->has_color();  // monochrome when the terminal has no colours
    if (opt.menu()) {
        const auto armies = army_choices(catalog);
        ui::GameSetup initial;
        initial.army = {index_of(armies, red), index_of(armies, blue)};
        ui::StartMenu menu(armies, initial, color);
        if (!choose(*term, menu)) {
            term.reset();
            std::cout << "tercio: no game started\n";
            return kExitOk;
        }
        red = menu.army(0).id;
        blue = menu.army(1).id;
        seed_choice = menu.setup().seed;
    }
    const rules::ArmyList* a = catalog.army(red, why);
    const auto ctx = a ? catalog.context(a->ruleset, {red, blue}, why) : std::nullopt;
    if (!ctx) {
        term.reset();
        std::cerr << "tercio play: " << why << '\n';
        return kExitDataError;
    }
    const std::uint64_t seed = seed_choice.value_or(
        static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()));
    core::SeededDice dice(seed);
    rules::GameState s;
    const rules::Events setup = rules::new_game(*ctx, s, dice);
    // A terminal whose locale is not UTF-8 gets the ASCII screen.
    ui::PlayScreen screen(*ctx, s, dice, ui::ScreenOptions{color, opt.ascii || !utf8_locale()});
    bool ended = false;
    screen.reveal(setup);
    for (;;) {
        term->clear();
        screen.draw(*term);
        term->present();
        const auto key = next_key(*term);
        if (!key) {
            ended = true;  // the terminal went away: issue 7 will save the game here
            break;
        }
        if (key->kind == ui::KeyPress::Kind::CtrlR) term->redraw_all();
        if (!screen.handle(*key)) break;
    }
    term.reset();
    if (ended) std::cerr << "tercio: the terminal's input ended; leaving the game\n";
    std::cout << "tercio: game " << red << " v " << blue << ", seed " << seed << " (not saved)\n";
    return kExitOk;
}

}  // namespace tercio::app
