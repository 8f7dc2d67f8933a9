#include "app/play_command.hpp"

#include <chrono>
#include <iostream>

#include "app/exit_codes.hpp"
#include "data/data_files.hpp"
#include "rules/game.hpp"
#include "ui/curses_surface.hpp"
#include "ui/play_screen.hpp"

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

}  // namespace

int run_play(const PlayOptions& opt, const std::filesystem::path& data_dir) {
    data::DataCatalog catalog(data_dir);
    std::string why;
    const rules::ArmyList* a = catalog.army(opt.red, why);
    if (!a) {
        std::cerr << "tercio play: army \"" << opt.red << "\": " << why << '\n';
        return kExitDataError;
    }
    const auto ctx = catalog.context(a->ruleset, {opt.red, opt.blue}, why);
    if (!ctx) {
        std::cerr << "tercio play: " << why << '\n';
        return kExitDataError;
    }
    const std::uint64_t seed =
        opt.seed.value_or(static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()));
    core::SeededDice dice(seed);
    rules::GameState s;
    const rules::Events setup = rules::new_game(*ctx, s, dice);
    ui::PlayScreen screen(*ctx, s, dice, ui::ScreenOptions{opt.color, opt.ascii});
    screen.record(setup);

    auto term = ui::CursesSurface::open(opt.color, why);
    if (!term) {
        std::cerr << "tercio play: " << why << '\n';
        return kExitUsage;
    }
    for (;;) {
        term->clear();
        screen.draw(*term);
        term->present();
        const ui::KeyPress k = translate(term->read_key());
        if (k.kind == ui::KeyPress::Kind::CtrlR) term->redraw_all();
        if (!screen.handle(k)) break;
    }
    term.reset();
    std::cout << "tercio: game " << opt.red << " v " << opt.blue << ", seed " << seed << " (not saved)\n";
    return kExitOk;
}

}  // namespace tercio::app
