#include "app/hbl_play.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <exception>
#include <iostream>

#include "ai/players_of.hpp"
#include "app/exit_codes.hpp"
#include "app/terminal.hpp"
#include "hbl/engine.hpp"
#include "ui/hbl_screen.hpp"

namespace tercio::app {

namespace {

using Clock = std::chrono::steady_clock;

/// "2 Gendarmes, 4 Swiss pike, ...": an army's units in a few words.
std::string units_in_words(const hbl::Ruleset& rs, const hbl::ArmyList& a) {
    std::string out;
    for (const hbl::UnitLine& line : a.units) {
        if (line.units <= 0) continue;
        const hbl::TroopType* t = rs.find_type(line.type);
        if (!out.empty()) out += ", ";
        out += std::to_string(line.units) + " " +
               (!line.name.empty() ? line.name
                : t                ? t->name
                                   : line.type);
    }
    return out;
}

}  // namespace

std::vector<ui::ArmyChoice> hbl_army_choices(data::DataCatalog& catalog,
                                             const std::string& ruleset) {
    std::vector<ui::ArmyChoice> out;
    std::string why;
    const hbl::Ruleset* rs = catalog.hbl_ruleset(ruleset, why);
    if (!rs) return out;
    std::vector<std::string> ids;
    std::error_code ec;
    for (const auto& e :
         std::filesystem::directory_iterator(catalog.dir() / "armies" / ruleset, ec)) {
        if (e.path().extension() == ".toml") ids.push_back(e.path().stem().string());
    }
    std::sort(ids.begin(), ids.end());
    for (const std::string& id : ids) {
        const hbl::ArmyList* a = catalog.hbl_army(ruleset, id, why);
        if (a) out.push_back(ui::ArmyChoice{id, a->name, a->period, units_in_words(*rs, *a)});
    }
    return out;
}

int play_hbl(std::unique_ptr<ui::CursesSurface>& term, const PlayOptions& opt,
             data::DataCatalog& catalog, const HblGame& game) {
    using E = hbl::Engine;
    std::string why;
    hbl::Context ctx{catalog.hbl_ruleset(game.ruleset, why), {}};
    const std::array<const std::string*, 2> ids = {&game.red, &game.blue};
    for (std::size_t s = 0; ctx.ruleset && s < 2; ++s) {
        ctx.armies[s] = catalog.hbl_army(game.ruleset, *ids[s], why);
        if (!ctx.armies[s]) why = "army \"" + *ids[s] + "\": " + why;
    }
    if (!ctx.ruleset || !ctx.armies[0] || !ctx.armies[1]) {
        term.reset();
        std::cerr << "tercio play: " << printable(why) << '\n';
        return kExitDataError;
    }
    ui::HblSession session(ctx, game.seed);
    // One computer player a side it plays, for the whole game, seeded from the game's seed.
    std::array<std::unique_ptr<ai::PlayerOf<E>>, 2> players;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        if (const auto level = game.computer[core::idx(side)]) {
            players[core::idx(side)] =
                ai::make_player_of<E>(*level, ai::player_seed(game.seed, side));
            if (players[core::idx(side)])
                session.set_seat(side,
                                 control::Seat::computer_at(std::string(ai::level_name(*level))));
        }
    }
    ui::HblScreen screen(
        session, ui::ScreenOptions{term->has_color() && opt.color, opt.ascii || !utf8_locale()});
    screen.show_setup(session.setup_events());
    const auto delay = std::chrono::milliseconds(std::max(0, opt.ai_delay_ms));
    Clock::time_point last = Clock::now();
    std::uint64_t seen = session.version();
    set_interrupt_asks(true);
    bool input_ended = false;
    int errors = 0;  // reads that ended at once without a key: a closed terminal never stops
    for (;;) {
        if (session.version() != seen) {
            seen = session.version();
            last = Clock::now();
        }
        // The computer's turn: once the delay since the last command has passed, and while the
        // player reads no page.
        std::optional<int> wait_ms;
        if (session.computer_decides() && screen.ready_for_computer()) {
            const auto due = last + delay;
            const auto now = Clock::now();
            if (now >= due) {
                const core::Side side = session.decider();
                auto& player = players[core::idx(side)];
                std::string failed;
                try {
                    const auto out =
                        session.play(player->choose(ai::view_of<E>(ctx, session.state(), side)));
                    if (out.refused) failed = "its command was refused: " + *out.refused;
                } catch (const std::exception& e) {
                    failed = e.what();
                }
                if (!failed.empty()) {
                    // The side goes to the keyboard rather than the game stopping.
                    session.set_seat(side, control::Seat::person(), failed);
                    screen.show_message("The computer failed (" + failed + "): you play " +
                                        std::string(1, core::side_letter(side)) + " now.");
                }
                continue;
            }
            wait_ms =
                static_cast<int>(
                    std::chrono::duration_cast<std::chrono::milliseconds>(due - now).count()) +
                1;
        }
        term->clear();
        screen.draw(*term);
        term->present();
        if (stop_signal()) break;
        const Clock::time_point asked = Clock::now();
        const ui::Key k = wait_ms ? term->read_key(*wait_ms) : term->read_key();
        if (stop_signal()) break;
        if (take_interrupt()) {
            if (!screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Interrupt))) break;
            continue;
        }
        if (k.none) {
            if (wait_ms && Clock::now() + std::chrono::milliseconds(1) >=
                               asked + std::chrono::milliseconds(*wait_ms)) {
                errors = 0;
                continue;
            }
            if (++errors >= 100) {
                input_ended = true;
                break;
            }
            continue;
        }
        errors = 0;
        const ui::KeyPress key = translate(k);
        if (key.kind == ui::KeyPress::Kind::CtrlR) term->redraw_all();
        if (!screen.handle(key)) break;
    }
    set_interrupt_asks(false);
    term.reset();
    if (stop_signal() == SIGHUP) {
        std::cerr << "tercio: the connection closed; ";
    } else if (stop_signal()) {
        std::cerr << "tercio: stopped by a signal; ";
    } else if (input_ended) {
        std::cerr << "tercio: the terminal's input ended; ";
    }
    const bool over = session.over();
    std::cout << "tercio: Hell Broke Loose game " << game.red << " v " << game.blue << ", seed "
              << game.seed;
    if (over) {
        const int w = E::winner(ctx, session.state());
        std::cout << ", finished: "
                  << (w < 0 ? std::string("a draw") : std::string(w == 0 ? "A" : "B") + " won");
    } else {
        std::cout << ", left after " << session.history().size()
                  << " commands (Hell Broke Loose games are not saved yet)";
    }
    std::cout << '\n';
    return kExitOk;
}

}  // namespace tercio::app
