#include "app/hbl_play.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <iostream>

#include <unistd.h>

#include "app/exit_codes.hpp"
#include "app/terminal.hpp"
#include "data/hbl_save.hpp"
#include "hbl/engine.hpp"
#include "ui/hbl_plain_game.hpp"
#include "ui/hbl_screen.hpp"

namespace tercio::app {

namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

int play_game(kits::KitTag<kits::HblKit>, std::unique_ptr<ui::CursesSurface>& term, const PlayOptions& opt,
              data::DataCatalog& catalog, const data::SaveDir& dir, const std::string& player, const NewGame& game,
              std::optional<SavedGame> saved) {
    using K = kits::HblKit;
    using E = hbl::Engine;
    std::string why;
    hbl::Context ctx;
    data::SaveHeader header;
    std::array<std::optional<ai::Level>, 2> computer = game.computer;
    if (saved) {
        ctx = std::get<SavedContext<K>>(saved->ctx).ctx;
        header = saved->save.header;
        for (std::size_t i = 0; i < 2; ++i) {
            const auto level = data::computer_level(header.sides[i].plays);
            computer[i] = level ? ai::parse_level(*level) : std::nullopt;
        }
    } else {
        const auto made = K::Files::context(catalog, game.ruleset, {game.red, game.blue}, why);
        if (!made) {
            term.reset();
            std::cerr << "tercio play: " << printable(why) << '\n';
            return kExitDataError;
        }
        ctx = *made;
        header = new_save_header(catalog, game.ruleset, {game.red, game.blue}, player, game.seed, computer);
    }
    ui::HblSession session(ctx, header.seed);
    header.setup_hash = E::hash(session.state());
    // One computer player a side it plays, for the whole game, seeded from the game's seed.
    std::array<std::unique_ptr<ai::PlayerOf<E>>, 2> players;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        if (const auto level = computer[core::idx(side)]) {
            players[core::idx(side)] = K::Computer::make_player(*level, ai::player_seed(header.seed, side));
            if (players[core::idx(side)]) {
                session.set_seat(side, control::Seat::computer_at(std::string(ai::level_name(*level))));
            }
        }
    }
    // The screen, unless the game is played in plain lines.
    std::optional<ui::HblScreen> screen;
    if (!opt.plain) {
        screen.emplace(session, ui::ScreenOptions{term->has_color() && opt.color, opt.ascii || !utf8_locale()});
        screen->show_setup(session.setup_events());
    }
    std::string message;  // what the player is told first
    std::unique_ptr<data::GameSave> save;
    if (saved) {
        // The save replayed from its seed, every command checked against its hash, into the
        // session and the screen's log.
        const std::string file = saved->writer->file().string();
        auto replayed = K::Files::replay(
            file, saved->save, ctx,
            [&](const data::HblReplayedCommand& rc, const hbl::GameState& before, const hbl::GameState& after) {
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
        save = data::GameSave::start(dir, now_texts().second + "-" + game.red + "-v-" + game.blue, header, why);
        if (!save) {
            term.reset();
            std::cerr << "tercio play: cannot save the game: " << why << '\n';
            return kExitIoError;
        }
    }
    SaveKeeperOf<K> keeper(*save, ctx);
    session.add_observer(&keeper);
    bool input_ended = false;
    if (!screen) {
        // Plain lines on standard output, commands from standard input.
        ui::HblPlainGame lines(session, std::cout);
        lines.set_save_action([&keeper] { return keeper.save(); });
        lines.set_echo(!::isatty(STDIN_FILENO));
        for (const core::Side side : {core::Side::A, core::Side::B}) {
            if (auto& p = players[core::idx(side)]) {
                lines.seat(side, std::move(p), session.seat(side).level);
            }
        }
        lines.start(message);
        input_ended = lines.run(std::cin) && !session.over();
    } else {
        screen->set_save_action([&keeper] { return keeper.save(); });
        screen->set_quit_question("Quit? The game is saved: tercio play --resume goes on with it. y or n");
        const auto delay = std::chrono::milliseconds(std::max(0, opt.ai_delay_ms));
        Clock::time_point last = Clock::now();
        std::uint64_t seen = session.version();
        set_interrupt_asks(true);
        int errors = 0;  // reads that ended at once without a key: a closed terminal never stops
        for (;;) {
            if (session.version() != seen) {
                seen = session.version();
                last = Clock::now();
            }
            // The computer's turn: once the delay since the last command has passed, and while the
            // player reads no page.
            std::optional<int> wait_ms;
            if (session.computer_decides() && screen->ready_for_computer()) {
                const auto due = last + delay;
                const auto now = Clock::now();
                if (now >= due) {
                    const core::Side side = session.decider();
                    auto& computer_player = players[core::idx(side)];
                    std::string failed;
                    try {
                        const auto out =
                            session.play(computer_player->choose(ai::view_of<E>(ctx, session.state(), side)));
                        if (out.refused) failed = "its command was refused: " + *out.refused;
                    } catch (const std::exception& e) {
                        failed = e.what();
                    }
                    if (!failed.empty()) {
                        // The side goes to the keyboard rather than the game stopping.
                        session.set_seat(side, control::Seat::person(), failed);
                        screen->show_message("The computer failed (" + failed + "): you play " +
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
            screen->draw(*term);
            term->present();
            if (stop_signal()) break;
            const Clock::time_point asked = Clock::now();
            const ui::Key k = wait_ms ? term->read_key(*wait_ms) : term->read_key();
            if (stop_signal()) break;
            if (take_interrupt()) {
                if (!screen->handle(ui::KeyPress::of(ui::KeyPress::Kind::Interrupt))) break;
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
            if (!screen->handle(key)) break;
        }
        set_interrupt_asks(false);
    }
    session.remove_observer(&keeper);
    term.reset();
    std::string what = "Hell Broke Loose game " + header.sides[0].army + " v " + header.sides[1].army + ", seed " +
                       std::to_string(header.seed);
    if (session.over()) {
        const int w = E::winner(ctx, session.state());
        what += ", finished: " + (w < 0 ? std::string("a draw") : std::string(w == 0 ? "A" : "B") + " won");
    }
    // What a repair dropped, told on the screen, again where it stays in the scroll-back.
    if (!opt.plain && saved && !saved->repaired.empty())
        std::cout << "tercio: note: " << saved->repaired << '\n';
    return say_game_left(opt, player, *save, input_ended, what, session.over());
}

}  // namespace tercio::app
