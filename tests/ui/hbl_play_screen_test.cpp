// Hell Broke Loose on the generic game screen (ui/play_screen_of.hpp over kits/hbl): the map,
// side pane and log at 80x24 and 120x40, every decision drawn at 80x24 without a line cut, the
// cursor and the Enter menu playing commands, the odds before a roll, x explaining it, the help,
// the legend, the history, Tab completion, undo, quitting and the computer's turn, driven by keys
// on a text surface.
#include <catch2/catch.hpp>
#include <set>
#include <utility>

#include "core/dice.hpp"
#include "kits/hbl/play_screen.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using ui::KeyPress;
using K = KeyPress::Kind;
using test::contains;
using Screen = ui::PlayScreenOf<kits::HblKit>;
using Session = control::SessionOf<hbl::Engine>;
using Text = kits::HblKit::Text;

namespace {

hbl::Context french_v_ottoman() {
    return test::HblArmies::get().context("french", "ottoman");
}

std::string screen_of(const Screen& screen, int w = 80, int h = 24) {
    ui::TextSurface s(w, h);
    screen.draw(s);
    return s.to_string();
}

void keys(Screen& screen, const std::string& text) {
    for (const char c : text) REQUIRE(screen.handle(KeyPress::character(static_cast<char32_t>(c))));
}

void press(Screen& screen, K k) {
    REQUIRE(screen.handle(KeyPress::of(k)));
}

/// Moves the cursor to `to` with the vi keys.
void cursor_to(Screen& screen, core::Square to) {
    while (screen.cursor().x < to.x) keys(screen, "l");
    while (screen.cursor().x > to.x) keys(screen, "h");
    while (screen.cursor().y < to.y) keys(screen, "k");
    while (screen.cursor().y > to.y) keys(screen, "j");
}

/// B turns cards (t, and P when done with one) until its March card is in play (seed 5: the
/// fourth).
void to_b_march(Screen& screen, const Session& session) {
    // y when the screen asks first: the card in play is given up unused.
    const auto card_key = [&](const char* key) {
        keys(screen, key);
        if (contains(screen.message(), " card in play is not used yet")) keys(screen, "y");
    };
    for (int i = 0; i < 8 && session.state().card != hbl::CardKind::March; ++i) {
        if (session.state().card) card_key("P");
        card_key("t");
    }
    REQUIRE(session.state().card == hbl::CardKind::March);
    REQUIRE(session.decider() == core::Side::B);
}

}  // namespace

TEST_CASE("Hell Broke Loose on the game screen at 80x24 and 120x40", "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    Session session(ctx, 5);
    Screen screen(session, ui::ScreenOptions{});
    screen.show_setup_log();
    const std::string s = screen_of(screen);
    INFO(s);
    // The map: two cells a square at 80x24, side A's units on rank 2 in capitals facing north,
    // side B's on rank 17 in small letters facing south.
    CHECK(contains(s, " 2 · · · · · · · K↑K↑M↑H↑P↑P↑A↑A↑G↑· · · · · · · ·"));
    CHECK(contains(s, "17 · · · · · · · m↓m↓h↓h↓h↓a↓a↓b↓b↓g↓· · · · · · ·"));
    CHECK(contains(s, "   a b c d e f g h i j k l m n o p q r s t u v w x  Turn 1 of 10"));
    // The side pane: who decides, the pips, the card, each army's die, chips and deck.
    CHECK(contains(s, "A chooses: first or second"));
    CHECK(contains(s, "Initiative: 6 pips each"));
    CHECK(contains(s, "Card: none in play"));
    CHECK(contains(s, "A  D10   21/21  30"));
    CHECK(contains(s, "B  D10   21/21  29"));
    // The log beside the map, the hint under it, the square at the cursor, the message.
    CHECK(contains(s, "Initiative: A rolls 7, B"));
    CHECK(contains(s, "A French: won the initiative, 6 pips each: go first"));
    CHECK(contains(s, "m10 open: empty"));
    CHECK(contains(s, "Enter at the cursor shows what you can do; ? shows the keys."));
    // Larger squares in a larger terminal: three cells at 120x40.
    const std::string big = screen_of(screen, 120, 40);
    INFO(big);
    CHECK(contains(big, " 2 ·  ·  ·  ·  ·  ·  ·  K↑ K↑ M↑ H↑ P↑ P↑ A↑ A↑ G↑ ·"));
    CHECK(contains(big, "A French: won the initiative, 6 pips each: go first or second (Enter, then"));
    // Too small a terminal is told so.
    CHECK(contains(screen_of(screen, 79, 24), "terminal too small: need 80x24, have 79x24"));
}

TEST_CASE("Hell Broke Loose: every mark in its place in its unit's square, more in a larger square "
          "(issue 40)",
          "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    hbl::GameState state = Session(ctx, 5).state();
    // A's first arquebus faces west, vexed and not loaded.
    std::optional<std::size_t> arq;
    for (std::size_t i = 0; i < state.unit_count && !arq; ++i) {
        if (state.units[i].side == core::Side::A && hbl::unit_label(ctx, state, i) == "A1") arq = i;
    }
    REQUIRE(arq);
    hbl::Unit& u = state.units[*arq];
    u.facing = core::Facing::W;
    u.integrity.vexed = true;
    u.loaded = false;
    const core::Square q = u.sq;
    Session session(ctx, state, 5, 0);
    Screen screen(session, ui::ScreenOptions{});
    const auto square = [&](int w, int h, int cw, int ch) {
        ui::TextSurface t(w, h);
        screen.draw(t);
        std::string out;
        const int x0 = 3 + cw * q.x;
        const int y0 = 1 + ch * (session.state().ranks - 1 - q.y);
        for (int y = y0; y < y0 + ch; ++y) {
            if (y > y0) out += "|";
            for (int x = x0; x < x0 + cw; ++x) out += t.cell(x, y);
        }
        return out;
    };
    CHECK(square(80, 24, 2, 1) == "A←");                             // the letter and its facing
    CHECK(square(120, 40, 3, 1) == "A←?");                           // and its first mark
    CHECK(square(200, 60, 7, 3) == "A←?*   |A1 4UI |       ");  // each mark, its name, its UI
    ui::TextSurface ascii(120, 40);
    Screen(session, ui::ScreenOptions{false, true}).draw(ascii);
    CHECK(ascii.cell(3 + 3 * q.x + 1, 1 + session.state().ranks - 1 - q.y) == "<");
}

TEST_CASE("Hell Broke Loose: every decision drawn at 80x24 without a line cut", "[ui][hbl]") {
    // At 80x24 the map is 51 x 20 (two cells a square): two rows of hint under it, and the side
    // pane's status in the 28 columns beside it.
    std::set<std::pair<int, int>> drawn;  // (decision, card) pairs drawn on the whole screen
    std::set<hbl::Decision> seen;
    const std::vector<std::pair<std::string, std::string>> games = {
        {"french", "ottoman"}, {"imperialist", "moorish"}, {"italian", "spanish"}};
    for (std::size_t g = 0; g < games.size(); ++g) {
        const hbl::Context ctx = test::HblArmies::get().context(games[g].first, games[g].second);
        Session session(ctx, 11 + g);
        Screen screen(session, ui::ScreenOptions{});
        core::SeededDice chooser(3 + g);
        for (int i = 0; i < 5000; ++i) {
            const hbl::GameState& s = session.state();
            seen.insert(s.decision);
            // At a stop out of turn, the screen's prompt with the shots offered and their odds.
            std::string hint = Text::decision_hint(ctx, s, "");
            const std::vector<hbl::Command> offers = kits::HblKit::Screen::Reactions(session).offers();
            if (!offers.empty()) {
                std::vector<ui::ReactionOffer> texts;
                for (const hbl::Command& c : offers) texts.push_back(Text::reaction_offer(ctx, s, c));
                hint = Text::side_label(ctx, s.decider) + ": " +
                       ui::reaction_prompt(texts, true, kits::HblKit::Screen::Reactions::kDeclineAll, false);
            }
            INFO(hint);
            CHECK(ui::wrap(hint, 51, 0, 0).size() <= 2);
            ui::TextSurface status(60, ui::kStatusRows);
            kits::HblKit::Screen::draw_status(status, ui::Rect{0, 0, 60, ui::kStatusRows}, ctx, s,
                                              true);
            for (int y = 0; y < ui::kStatusRows; ++y) {
                for (int x = 28; x < 60; ++x) CHECK(status.cell(x, y) == " ");
            }
            const int card = s.card ? static_cast<int>(*s.card) : -1;
            if (drawn.insert({static_cast<int>(s.decision), card}).second) {
                const std::string shown = screen_of(screen);
                INFO(shown);
                CHECK(contains(shown, ui::wrap(hint, 51, 0, 0).front()));
            }
            if (session.over()) break;
            const auto c = hbl::random_legal(ctx, s, chooser, nullptr);
            REQUIRE(c);
            REQUIRE(session.play(*c).ok());
        }
        REQUIRE(session.over());
        CHECK(contains(screen_of(screen), "After the battle"));
    }
    CHECK(seen.size() >= 7);  // the rarest, a stubborn unit's kept move, may not come
    // Every decision's hint, each in the state of the last game with that decision put in.
    const hbl::Context ctx = french_v_ottoman();
    Session session(ctx, 5);
    hbl::GameState s = session.state();
    s.rally_max = 3;
    for (int d = 0; d <= static_cast<int>(hbl::Decision::Over); ++d) {
        s.decision = static_cast<hbl::Decision>(d);
        for (const core::Side side : {core::Side::A, core::Side::B}) {
            s.decider = side;
            // At a stop out of turn, the screen's prompt with the shots offered and their odds.
            std::string hint = Text::decision_hint(ctx, s, "");
            const std::vector<hbl::Command> offers = kits::HblKit::Screen::Reactions(session).offers();
            if (!offers.empty()) {
                std::vector<ui::ReactionOffer> texts;
                for (const hbl::Command& c : offers) texts.push_back(Text::reaction_offer(ctx, s, c));
                hint = Text::side_label(ctx, s.decider) + ": " +
                       ui::reaction_prompt(texts, true, kits::HblKit::Screen::Reactions::kDeclineAll, false);
            }
            INFO(hint);
            CHECK(ui::wrap(hint, 51, 0, 0).size() <= 2);
        }
    }
}

TEST_CASE("Hell Broke Loose: the cursor and the Enter menu play commands, odds first",
          "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    Session session(ctx, 5);
    Screen screen(session, ui::ScreenOptions{});
    screen.show_setup_log();
    // Enter at the cursor: the commands naming no square, first and second.
    press(screen, K::Enter);
    std::string s = screen_of(screen);
    CHECK(contains(s, "m10: Enter plays"));
    CHECK(contains(s, "1 first"));
    CHECK(contains(s, "2 second"));
    press(screen, K::Down);
    press(screen, K::Enter);
    REQUIRE(session.history().size() == 1);
    CHECK(screen.message() == "Now B Ottoman decides.");
    to_b_march(screen, session);

    // g on a unit of a command that may be activated: the march odds first.
    std::optional<std::size_t> unit;
    for (const hbl::Command& c : hbl::legal_commands(ctx, session.state())) {
        const auto* a = std::get_if<hbl::cmd::Activate>(&c);
        for (std::size_t i = 0; a && !unit && i < session.state().unit_count; ++i) {
            const hbl::Unit& u = session.state().units[i];
            if (u.on_board && u.side == core::Side::B && u.command == a->command) unit = i;
        }
    }
    REQUIRE(unit);
    cursor_to(screen, session.state().units[*unit].sq);
    keys(screen, "g");
    s = screen_of(screen);
    INFO(s);
    CHECK(screen.message().starts_with("activate "));
    CHECK(contains(screen.message(), "? y or Enter plays it, any other key cancels."));
    CHECK(contains(s, "moves a unit: "));
    CHECK(session.history().size() < 10);
    const std::size_t before = session.history().size();
    press(screen, K::Enter);
    REQUIRE(session.history().size() == before + 1);
    // x shows why the dice were rolled as they were.
    CHECK_FALSE(contains(screen_of(screen), "HBL-MARCH-1"));
    keys(screen, "x");
    CHECK(contains(screen_of(screen), "HBL-MARCH-1"));
    keys(screen, "x");

    // The side shooting at it, if asked, holds (d); then the unit moves: Space on it, the cursor to
    // a square it may reach, Enter, the move first in the menu.
    if (session.state().decision == hbl::Decision::React) keys(screen, "d");
    REQUIRE(session.decider() == core::Side::B);
    std::optional<hbl::cmd::Move> move;
    for (const hbl::Command& c : hbl::legal_commands(ctx, session.state())) {
        const auto* m = std::get_if<hbl::cmd::Move>(&c);
        if (m && !move && m->to != session.state().units[m->unit].sq) move = *m;
    }
    REQUIRE(move);
    cursor_to(screen, session.state().units[move->unit].sq);
    keys(screen, " ");
    CHECK(screen.selected() == session.state().units[move->unit].sq);
    cursor_to(screen, move->to);
    s = screen_of(screen);
    CHECK(contains(s, "Selected: " + Text::unit_name(ctx, session.state(), move->unit)));
    // The way the move takes is marked before it is made: its squares in order, its end last.
    const std::vector<core::Square> way = hbl::move_way(ctx, session.state(), *move);
    REQUIRE_FALSE(way.empty());
    CHECK(way.back() == move->to);
    CHECK(std::max(std::abs(way.front().x - session.state().units[move->unit].sq.x),
                   std::abs(way.front().y - session.state().units[move->unit].sq.y)) == 1);
    ui::MapView view;
    kits::HblKit::Screen::mark_way(ctx, session.state(), session.state().units[move->unit].sq, move->to, view);
    CHECK(view.way == way);
    CHECK(contains(s, "\u2022"));
    press(screen, K::Enter);
    s = screen_of(screen);
    INFO(s);
    CHECK(contains(s, "1 move " + hbl::unit_label(ctx, session.state(), move->unit) + " " +
                          core::to_string(move->to)));
    press(screen, K::Enter);
    CHECK(session.state().units[move->unit].sq == move->to);
    CHECK_FALSE(screen.selected());
}

TEST_CASE("Hell Broke Loose: help, legend, history, Tab, undo and quitting", "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    Session session(ctx, 5);
    Screen screen(session, ui::ScreenOptions{});
    screen.show_setup_log();
    keys(screen, "?");
    std::string s = screen_of(screen);
    CHECK(contains(s, "tercio keys"));
    CHECK(contains(s, "activate the command of the unit at the cursor; rally it"));
    // The command line's examples are the ruleset's own commands.
    CHECK(contains(s, "type a command: turn, activate CMD, move K1 h3 N, fight K1"));
    CHECK_FALSE(contains(s, "shoot h5 h8"));
    keys(screen, "?");
    s = screen_of(screen);
    CHECK(contains(s, "The map's marks and the side pane"));
    CHECK(contains(s, ":  rough ground (type II)"));
    // The marks as drawn: the letter, its facing, its marks, in that order (issue 40).
    CHECK(contains(s, "the letter, its facing, then its marks"));
    CHECK(contains(s, "Marks, in order: ?  vexed"));
    CHECK(contains(s, "(P1 4UI)"));
    // Every row fits 80 columns: drawn 120 wide, none goes past the 80th.
    const std::string wide = screen_of(screen, 120, 30);
    std::size_t start = 0;
    while (start < wide.size()) {
        const std::size_t end = std::min(wide.find('\n', start), wide.size());
        const std::string row = wide.substr(start, end - start);
        INFO(row);
        CHECK(ui::code_points(row).size() <= 80);
        start = end + 1;
    }
    press(screen, K::Escape);
    // ? on a unit: its rules first.
    cursor_to(screen, core::make_square(7, 1));
    keys(screen, "?");
    s = screen_of(screen);
    INFO(s);
    CHECK(contains(
        s, "Rules for " + Text::unit_name(ctx, session.state(),
                                          *hbl::unit_at(session.state(), core::make_square(7, 1),
                                                        core::Side::A))));
    CHECK(contains(s, "Combat Die"));
    press(screen, K::Escape);
    CHECK(contains(screen_of(screen), "h2 open: A K1 "));

    press(screen, K::CtrlP);
    s = screen_of(screen);
    CHECK(contains(s, "History (PgUp/PgDn"));
    CHECK(contains(s, "Initiative: A rolls 7, B rolls 1"));
    press(screen, K::Escape);

    keys(screen, ":se");
    press(screen, K::Tab);
    CHECK(contains(screen_of(screen), "> second_"));
    press(screen, K::Enter);
    REQUIRE(session.history().size() == 1);
    // Two players at one keyboard: the other is asked before a command is taken back.
    keys(screen, "U");
    CHECK(screen.message() == "Side B (Ottoman): let Side A (French) take back \"second\"? (y/N)");
    keys(screen, "y");
    CHECK(session.history().empty());
    CHECK(screen.message() == "Took back \"second\".");

    keys(screen, "Q");
    CHECK(screen.message() == "Really quit? The game is not saved. (y/N)");
    keys(screen, "n");
    CHECK(screen.message() == "Not quitting.");
    press(screen, K::Interrupt);
    CHECK_FALSE(screen.handle(KeyPress::character('y')));
}

TEST_CASE("Hell Broke Loose: once the cursor moves, its square's line wins back the row of a long "
          "message (issue 40)",
          "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    Session session(ctx, 5);
    Screen screen(session, ui::ScreenOptions{});
    keys(screen, "2");
    press(screen, K::Enter);
    keys(screen, "2");  // A goes second: B acts, played by the computer
    REQUIRE(session.history().size() == 1);
    session.set_seat(core::Side::B, control::Seat::computer_at("normal"));
    for (int i = 0; i < 2; ++i) {
        std::optional<hbl::Command> c;
        for (const hbl::Command& legal : hbl::legal_commands(ctx, session.state())) {
            if (!std::holds_alternative<hbl::cmd::Concede>(legal)) c = legal;
        }
        REQUIRE(session.state().decider == core::Side::B);
        REQUIRE(c);
        REQUIRE(session.play(*c).ok());
    }
    const std::string news = screen.message();
    INFO(news);
    REQUIRE(ui::code_points(news).size() > 80);
    const auto row = [&screen](int y) {
        ui::TextSurface s(80, 24);
        screen.draw(s);
        std::string r;
        for (int x = 0; x < 80; ++x) r += s.cell(x, y);
        while (!r.empty() && r.back() == ' ') r.pop_back();
        return r;
    };
    CHECK(row(22) == ui::wrap(news, 80, 0, 2)[0]);
    keys(screen, "k");
    CHECK(row(22) == Text::square_status(ctx, session.state(), screen.cursor(), 80));
    CHECK(row(23).ends_with("..."));
    CHECK(news.starts_with(row(23).substr(0, row(23).size() - 3)));
}

TEST_CASE("Hell Broke Loose on the game screen waits for the computer", "[ui][hbl]") {
    const hbl::Context ctx = french_v_ottoman();
    Session session(ctx, 5);
    session.set_seat(core::Side::B, control::Seat::computer_at("normal"));
    Screen screen(session, ui::ScreenOptions{false, true});
    keys(screen, "2");  // the cursor moves: the keypad's 2 is south
    press(screen, K::Enter);
    keys(screen, "2");  // in the menu, 2 picks "second"
    REQUIRE(session.history().size() == 1);
    CHECK(contains(screen_of(screen), "B (Ottoman, normal) is thinking..."));
    CHECK(screen.ready_for_computer());
    keys(screen, "t");
    CHECK(screen.message() == "Wait for the computer: B (Ottoman, normal) is thinking.");
    CHECK(session.history().size() == 1);
    keys(screen, "?");
    CHECK(screen.ready_for_computer());  // reading the help holds nothing back
    press(screen, K::Escape);
    keys(screen, "Q");
    CHECK_FALSE(screen.ready_for_computer());
}

TEST_CASE("Hell Broke Loose: a shot at an activated command is answered with one key, its odds in the hint",
          "[ui][hbl][HBL-SHOOT-1]") {
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    // Random commands until the game waits for a reaction (a shot at a command activated to move).
    for (std::uint64_t seed = 11; seed < 40; ++seed) {
        Session session(ctx, seed);
        core::SeededDice chooser(seed);
        for (int i = 0; i < 3000 && !session.over() && session.state().decision != hbl::Decision::React; ++i) {
            const auto c = hbl::random_legal(ctx, session.state(), chooser, nullptr);
            REQUIRE(c);
            REQUIRE(session.play(*c).ok());
        }
        if (session.state().decision != hbl::Decision::React) continue;
        Screen screen(session, ui::ScreenOptions{});
        const std::vector<hbl::Command> offers = screen.reactions().offers();
        REQUIRE_FALSE(offers.empty());
        const std::string shown = screen_of(screen, 120, 40);
        INFO(shown);
        CHECK(contains(shown, "OUT OF TURN"));
        CHECK(contains(shown, offers.size() == 1 ? ": y fires," : "picks one, n lets them"));
        CHECK(contains(shown, "n lets"));
        CHECK_FALSE(contains(shown, "D lets all go"));  // its rules have no decline all
        if (offers.size() == 1) CHECK(contains(shown, " - an effect "));
        const core::Square cursor = screen.cursor();
        SECTION("n holds") {
            keys(screen, "n");
            CHECK(std::holds_alternative<hbl::cmd::Hold>(session.history().back().command));
        }
        SECTION("y fires the first (1 with several)") {
            keys(screen, offers.size() == 1 ? "y" : "1");
            CHECK(session.history().back().command == offers.front());
        }
        CHECK(screen.cursor() == cursor);
        return;
    }
    FAIL("no game came to a reaction");
}

TEST_CASE("Hell Broke Loose: with no card in play the hint offers only turning one, as the rules do",
          "[ui][hbl][HBL-INIT-6]") {
    // A phase ends when its pips are spent (HBL-INIT-6): `done` needs a card in play, so the hint
    // must not offer it before the first card is turned.
    const hbl::Context ctx = french_v_ottoman();
    Session session(ctx, 5);
    REQUIRE(session.state().decision == hbl::Decision::Choose);
    REQUIRE(session.play(hbl::cmd::First{}).ok());
    const hbl::GameState& s = session.state();
    REQUIRE(s.decision == hbl::Decision::Act);
    REQUIRE_FALSE(s.card);
    const std::string hint = Text::decision_hint(ctx, s, "");
    CHECK(contains(hint, "t turns a card for a pip"));
    CHECK(contains(hint, "the phase ends when they are spent"));
    CHECK_FALSE(contains(hint, "P "));
    CHECK(hbl::Engine::validate(ctx, s, hbl::cmd::Done{}) == std::optional<std::string>("there is no card in play"));
    CHECK_FALSE(hbl::Engine::validate(ctx, s, hbl::cmd::Turn{}));
}
