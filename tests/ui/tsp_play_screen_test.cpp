// The Sword and the Pike on the generic game screen (ui/play_screen_of.hpp over kits/tsp): the map,
// side pane and log at 80x24 and 120x40, the whole board and every decision drawn at 80x24 without
// a line cut, the marks of a unit and two units in a close combat in one square, the cursor, the
// action keys and the Enter menu playing commands, the odds before a roll, x explaining it, the
// help and the legend, driven by keys on a text surface. Red against Black of tests/tsp/fixture.hpp.
#include <catch2/catch.hpp>
#include <set>
#include <utility>

#include "core/dice.hpp"
#include "kits/tsp/play_screen.hpp"
#include "tests/tsp/fixture.hpp"

using namespace tercio;
using ui::KeyPress;
using K = KeyPress::Kind;
using Screen = ui::PlayScreenOf<kits::TspKit>;
using Session = control::SessionOf<tsp::Engine>;
using Text = kits::TspKit::Text;
using Kit = kits::TspKit::Screen;
using core::Facing;
using test::tsp_card;
using test::tsp_deck;

namespace {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

std::string screen_of(const Screen& screen, int w = 80, int h = 24) {
    ui::TextSurface s(w, h);
    screen.draw(s);
    return s.to_string();
}

/// Row `y` of the screen drawn at w x h, without its trailing blanks.
std::string row_of(const Screen& screen, int y, int w = 80, int h = 24) {
    ui::TextSurface s(w, h);
    screen.draw(s);
    std::string r;
    for (int x = 0; x < w; ++x) r += s.cell(x, y);
    while (!r.empty() && r.back() == ' ') r.pop_back();
    return r;
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

core::Square sq(const char* text) {
    return *core::parse_square(text, 24, 16);
}

/// A game of the fixture's armies set up in `g` (its decks in order), on the screen.
struct OnScreen {
    test::TspGame g;
    Session session;
    Screen screen;
    explicit OnScreen(test::TspGame game)
        : g(std::move(game)), session(g.ctx, g.s, 5, 0), screen(session, ui::ScreenOptions{}) {}
};

}  // namespace

TEST_CASE("The Sword and the Pike on the game screen at 80x24 and 120x40", "[ui][tsp]") {
    const tsp::Context ctx = test::tsp_context();
    Session session(ctx, 5);
    Screen screen(session, ui::ScreenOptions{});
    screen.show_setup_log();
    const std::string s = screen_of(screen);
    INFO(s);
    // The whole board at two cells a square: rank 16 on the second row, rank 1 on the 17th, the
    // file letters a to x above and under it; Red's units on rank 2 in capitals facing north,
    // Black's on rank 15 in small letters facing south.
    CHECK(row_of(screen, 0).starts_with("   a b c d e f g h i j k l m n o p q r s t u v w x  Turn 1 of 12, movement"));
    CHECK(row_of(screen, 1).starts_with("16 · · · · · · · · · · · · · · · · · · · · · · · ·"));
    CHECK(row_of(screen, 2).starts_with("15 · · · · · · · · · · p↓c↓r↓l↓· · · · · · · · · ·"));
    CHECK(row_of(screen, 15).starts_with(" 2 · · · · · · · · · · P↑A↑G↑H↑· · · · · · · · · ·"));
    CHECK(row_of(screen, 16).starts_with(" 1 · · · · · · · · · · · · · · · · · · · · · · · ·"));
    CHECK(row_of(screen, 17).starts_with("   a b c d e f g h i j k l m n o p q r s t u v w x"));
    // The side pane: the turn and phase, who decides and what, the card, the decks, each side's
    // units and spirit.
    CHECK(contains(s, "A: activate or hold"));
    CHECK(contains(s, "Card: jack of hearts (A)"));
    CHECK(contains(s, "   Units  Spirit  Good  Poor"));
    CHECK(contains(s, "A  4/4    4/4     1-10  0"));
    // The log beside the map, the hint under it, the square at the cursor, the message.
    CHECK(contains(s, "Pulled the jack of hearts,"));
    CHECK(contains(s, "A Red, jack of hearts: a on a unit activates it"));
    CHECK(contains(s, "m9 open: empty"));
    CHECK(contains(s, "Enter at the cursor shows what you can do; ? shows the keys."));
    // Three cells a square at 120x40.
    const std::string big = screen_of(screen, 120, 40);
    INFO(big);
    CHECK(contains(big, " 2 ·  ·  ·  ·  ·  ·  ·  ·  ·  ·  P↑ A↑ G↑ H↑ ·"));
    CHECK(contains(screen_of(screen, 79, 24), "terminal too small: need 80x24, have 79x24"));
}

TEST_CASE("The Sword and the Pike: a unit's marks in its square, two units in a close combat in one",
          "[ui][tsp][TSP-GRID-3]") {
    test::TspGame g;
    g.place(core::Side::A, "A1", "c5", Facing::W);
    tsp::Unit& a1 = g.at(core::Side::A, "A1");
    a1.status = tsp::Status::Shaken;
    a1.reload = 1;
    a1.figures[0] = 2;  // 17 of 20: Worn
    // Black's pike in Red's gendarmes' square: a close combat (TSP-GRID-3).
    g.place(core::Side::A, "G1", "f5", Facing::N);
    g.place(core::Side::B, "P1", "f5", Facing::S);
    g.at(core::Side::A, "G1").combat = static_cast<std::int8_t>(g.unit(core::Side::B, "P1"));
    g.at(core::Side::B, "P1").combat = static_cast<std::int8_t>(g.unit(core::Side::A, "G1"));
    OnScreen o(g);
    const auto square = [&](core::Square q, int w, int h, int cw, int ch) {
        ui::TextSurface t(w, h);
        o.screen.draw(t);
        std::string out;
        const int x0 = 3 + cw * q.x;
        const int y0 = 1 + ch * (16 - 1 - q.y);
        for (int y = y0; y < y0 + ch; ++y) {
            if (y > y0) out += "|";
            for (int x = x0; x < x0 + cw; ++x) out += t.cell(x, y);
        }
        return out;
    };
    CHECK(square(sq("c5"), 80, 24, 2, 1) == "A←");           // the letter and its facing
    CHECK(square(sq("c5"), 120, 40, 3, 1) == "A←?");         // and its first mark: Shaken
    CHECK(square(sq("c5"), 200, 60, 7, 3) == "A←?*   |A1 17  |Shaken ");  // each mark, name, state
    CHECK(square(sq("f5"), 80, 24, 2, 1) == "G×");
    CHECK(square(sq("f5"), 120, 40, 3, 1) == "G×p");
    CHECK(square(sq("f5"), 200, 60, 7, 3) == "G↑×p↓  |G1 P1  |       ");
    // The square's line and the map in ASCII.
    cursor_to(o.screen, sq("f5"));
    CHECK(contains(screen_of(o.screen), "f5 open: A G1 N, 12/12 Fresh, in combat; B P1 S, 20/20 Fresh, in combat"));
    ui::TextSurface ascii(120, 40);
    Screen(o.session, ui::ScreenOptions{false, true}).draw(ascii);
    CHECK(ascii.cell(3 + 3 * 5 + 1, 1 + 15 - 4) == "=");
}

TEST_CASE("The Sword and the Pike: a scenario's objectives on the map, in the square's line and the side pane",
          "[ui][tsp][TSP-SPIRIT-4]") {
    static const tsp::Ruleset rs = [] {
        tsp::Ruleset r = test::tsp_ruleset();
        r.objectives = {{"the hill", core::make_square(7, 7)}};
        return r;
    }();
    test::TspGame g;
    g.ctx.ruleset = &rs;
    OnScreen o(g);
    const auto first_cell = [&](bool ascii) {
        ui::TextSurface t(80, 24);
        Screen(o.session, ui::ScreenOptions{false, ascii}).draw(t);
        return t.cell(3 + 2 * 7, 1 + 15 - 7);
    };
    CHECK(first_cell(false) == "◆");
    CHECK(first_cell(true) == "$");
    cursor_to(o.screen, sq("h8"));
    const std::string shown = screen_of(o.screen);
    INFO(shown);
    CHECK(contains(shown, "h8 open, objective the hill: empty"));
    CHECK(contains(shown, "Objectives: A 0, B 0 of 1"));
    // Held once a unit stands there.
    g.place(core::Side::A, "A1", "h8", Facing::N);
    OnScreen held(g);
    CHECK(contains(screen_of(held.screen), "Objectives: A 1, B 0 of 1"));
    bool legend = false;
    for (const std::string& line : Kit::legend(false)) legend = legend || line.starts_with("Objective:      ◆");
    CHECK(legend);
}

TEST_CASE("The Sword and the Pike: every decision drawn at 80x24 without a line cut", "[ui][tsp]") {
    // At 80x24 the map is 51 x 18 (two cells a square): up to four rows of hint under it, the
    // side pane's status in the 28 columns beside it.
    std::set<std::pair<int, int>> drawn;  // (decision, step) pairs drawn on the whole screen
    std::set<tsp::Decision> seen;
    const tsp::Context ctx = test::tsp_context();
    for (std::uint64_t g = 0; g < 4; ++g) {
        Session session(ctx, 11 + g);
        if (g % 2 == 1) {
            // A close start: the armies four ranks apart, so that they shoot and fight.
            tsp::GameState s = session.state();
            for (std::size_t i = 0; i < s.unit_count; ++i)
                s.units[i].sq = core::make_square(s.units[i].sq.x, s.units[i].side == core::Side::A ? 6 : 9);
            session.~Session();
            new (&session) Session(ctx, s, 11 + g, 0);
        }
        Screen screen(session, ui::ScreenOptions{});
        core::SeededDice chooser(3 + g);
        for (int i = 0; i < 3000; ++i) {
            const tsp::GameState& s = session.state();
            seen.insert(s.decision);
            const std::string hint = Text::decision_hint(ctx, s, "");
            INFO(hint);
            CHECK(ui::wrap(hint, 51, 0, 0).size() <= 2);
            ui::TextSurface status(60, ui::kStatusRows);
            Kit::draw_status(status, ui::Rect{0, 0, 60, ui::kStatusRows}, ctx, s, true);
            for (int y = 0; y < ui::kStatusRows; ++y) {
                for (int x = 28; x < 60; ++x) CHECK(status.cell(x, y) == " ");
            }
            if (drawn.insert({static_cast<int>(s.decision), static_cast<int>(s.step)}).second) {
                const std::string shown = screen_of(screen);
                INFO(shown);
                CHECK(contains(shown, ui::wrap(hint, 51, 0, 0).front()));
                CHECK(row_of(screen, 1).starts_with("16 "));
                CHECK(row_of(screen, 16).starts_with(" 1 "));
                CHECK(contains(row_of(screen, 17), "v w x"));
            }
            if (session.over()) break;
            const auto c = tsp::random_legal(ctx, s, chooser, nullptr);
            REQUIRE(c);
            REQUIRE(session.play(*c).ok());
        }
        REQUIRE(session.over());
        CHECK(contains(screen_of(screen), "After the battle"));
        for (const std::string& line : Text::game_summary(ctx, session.state())) CHECK(ui::code_points(line).size() <= 31);
    }
    CHECK(seen.size() == 4);  // activate, move, fire, over
}

TEST_CASE("The Sword and the Pike: the action keys and the Enter menu play commands, odds first",
          "[ui][tsp][TSP-MOVE-1][TSP-GRID-1]") {
    // Red's card first: its gendarmes activate, roll 5D6, and move.
    test::TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H'), tsp_card(3, 'H')});
    OnScreen o(g);
    Screen& screen = o.screen;
    const tsp::GameState& s = o.session.state();
    const core::Square g1 = s.units[o.g.unit(core::Side::A, "G1")].sq;
    // a on a unit: the odds of its roll before it is made.
    cursor_to(screen, g1);
    keys(screen, "a");
    std::string shown = screen_of(screen);
    INFO(shown);
    CHECK(screen.message().starts_with("activate G1"));
    CHECK(contains(screen.message(), "? y or Enter plays it, any other key cancels."));
    CHECK(contains(shown, "activate G1: 5D6, 11.3"));
    CHECK(contains(shown, "points: 3 0.0%,"));
    press(screen, K::Enter);
    REQUIRE(o.session.history().size() == 1);
    REQUIRE(s.decision == tsp::Decision::Move);
    // x shows why its dice were what they were.
    CHECK_FALSE(contains(screen_of(screen), "TSP-MOVE-1"));
    keys(screen, "x");
    CHECK(contains(screen_of(screen, 120, 40), "TSP-MOVE-1"));
    keys(screen, "x");
    // Space on it shows its reach; the way m takes is marked before it is made.
    keys(screen, " ");
    ui::MapView view;
    Kit::mark_reach(o.g.ctx, s, g1, view);
    REQUIRE_FALSE(view.reach.empty());
    const core::Square ahead = core::make_square(g1.x, g1.y + 2);
    CHECK(std::find(view.reach.begin(), view.reach.end(), ahead) != view.reach.end());
    cursor_to(screen, ahead);
    ui::MapView way;
    Kit::mark_way(o.g.ctx, s, g1, ahead, way);
    CHECK(way.way == std::vector<core::Square>{core::make_square(g1.x, g1.y + 1), ahead});
    CHECK(contains(screen_of(screen), "\u2022"));
    // Enter at the square: its moves, the one keeping the facing first.
    press(screen, K::Enter);
    shown = screen_of(screen);
    INFO(shown);
    CHECK(contains(shown, "1 move " + core::to_string(ahead)));
    press(screen, K::Enter);
    CHECK(s.units[o.g.unit(core::Side::A, "G1")].sq == ahead);
    CHECK(o.session.history().size() == 2);
    // The next card, Red's again: d holds the unit at the cursor, a plays nothing on the enemy.
    REQUIRE(s.decision == tsp::Decision::Activate);
    cursor_to(screen, s.units[o.g.unit(core::Side::B, "P1")].sq);
    keys(screen, "a");
    CHECK(screen.message() == "no unit of side A in k15");
    cursor_to(screen, s.units[o.g.unit(core::Side::A, "P1")].sq);
    keys(screen, "d");
    CHECK(o.session.history().size() == 3);
    CHECK(std::holds_alternative<tsp::cmd::Hold>(o.session.history().back().command));
    // A heavy gun rolls no dice when activated: no odds to show, and a plays it at once.
    CHECK_FALSE(Text::odds(o.g.ctx, s, tsp::Command{tsp::cmd::Activate{static_cast<std::uint8_t>(o.g.unit(core::Side::A, "H1"))}}));
    // The third card: a activates the arquebusiers and t turns them to face the cursor.
    cursor_to(screen, s.units[o.g.unit(core::Side::A, "A1")].sq);
    keys(screen, "a");
    press(screen, K::Enter);
    REQUIRE(s.decision == tsp::Decision::Move);
    const core::Square a1 = s.units[o.g.unit(core::Side::A, "A1")].sq;
    cursor_to(screen, core::make_square(a1.x + 5, a1.y + 5));
    keys(screen, "t");
    CHECK(o.session.history().back().command == tsp::Command{tsp::cmd::Face{Facing::NE}});
}

TEST_CASE("The Sword and the Pike: f fires at the cursor with the odds of each number of hits, x explains it",
          "[ui][tsp][TSP-FIRE-1][TSP-FIRE-3]") {
    test::TspGame g;
    g.place(core::Side::A, "A1", "l8", Facing::N);
    g.place(core::Side::B, "C1", "l11", Facing::S);
    test::hold_turn(g, tsp_deck({tsp_card(1, 'H')}), true);
    REQUIRE(g.s.step == tsp::Step::Fire);
    OnScreen o(g);
    Screen& screen = o.screen;
    CHECK(contains(screen_of(screen), "A Red, ace of hearts: Space on a unit, then f"));
    // Without a unit selected, the heavy gun on n2 and the arquebusiers may both fire there.
    cursor_to(screen, sq("l11"));
    keys(screen, "f");
    CHECK(screen.message() == "several units can fire there: select one with Space first");
    // Space on the arquebusiers, f at the crossbowmen: the odds of each number of hits first.
    cursor_to(screen, sq("l8"));
    keys(screen, " ");
    ui::MapView view;
    Kit::mark_reach(o.g.ctx, o.session.state(), sq("l8"), view);
    CHECK(view.arc == std::vector<core::Square>{sq("l11")});
    cursor_to(screen, sq("l11"));
    keys(screen, "f");
    std::string shown = screen_of(screen);
    INFO(shown);
    CHECK(screen.message().starts_with("shoot A1 C1"));
    CHECK(contains(shown, "shoot A1 C1: 2.5 hits on"));
    CHECK(contains(shown, "average, at least 1 94%"));
    CHECK(contains(shown, "hits: 0 5.6%, 1 18.8%,"));
    keys(screen, "y");
    REQUIRE(o.session.history().size() == 1);
    keys(screen, "x");
    shown = screen_of(screen, 120, 40);
    CHECK(contains(shown, "TSP-FIRE-2"));
    keys(screen, "x");
    // f out of the fire phase, or where no enemy is, says why.
    cursor_to(screen, sq("a1"));
    keys(screen, "f");
    CHECK_FALSE(screen.message().empty());
    CHECK(o.session.history().size() == 1);
}

TEST_CASE("The Sword and the Pike: help, legend and a unit's rules fit 80 columns", "[ui][tsp]") {
    const tsp::Context ctx = test::tsp_context();
    Session session(ctx, 5);
    Screen screen(session, ui::ScreenOptions{});
    keys(screen, "?");
    std::string s = screen_of(screen);
    CHECK(contains(s, "tercio keys"));
    CHECK(contains(s, "activate the unit at the cursor (in close combat: break off)"));
    // The help's rows are not cut: each action key's words fit beside its 19 columns.
    for (const ui::KeyLine& k : Kit::action_keys()) CHECK(std::string(k.what).size() <= 61);
    CHECK(contains(s, "type a command: activate P1, move h5 face NE, shoot A1 P2"));
    keys(screen, "?");
    s = screen_of(screen, 120, 30);
    CHECK(contains(s, "The map's marks and the side pane"));
    CHECK(contains(s, "Marks, in order: ?  Shaken"));
    std::size_t start = 0;
    while (start < s.size()) {
        const std::size_t end = std::min(s.find('\n', start), s.size());
        const std::string row = s.substr(start, end - start);
        INFO(row);
        CHECK(ui::code_points(row).size() <= 80);
        start = end + 1;
    }
    press(screen, K::Escape);
    // ? on a unit: its rules, each line within 78 columns.
    const tsp::GameState& st = session.state();
    for (std::size_t i = 0; i < st.unit_count; ++i) {
        for (const std::string& line : Text::unit_reference(ctx, st, i)) {
            INFO(line);
            CHECK(ui::code_points(line).size() <= 78);
        }
    }
    cursor_to(screen, sq("k2"));
    keys(screen, "?");
    s = screen_of(screen);
    INFO(s);
    CHECK(contains(s, "Rules for " + Text::unit_name(ctx, st, 0)));
    CHECK(contains(s, "Companies, front first: 5, 5, 5, 5 figures; attached, 5 halberdiers."));
}

TEST_CASE("The Sword and the Pike: m onto an enemy charges it, its reach and way marked first",
          "[ui][tsp][TSP-SEQ-1][TSP-GRID-3]") {
    test::TspGame g({tsp_card(1, 'H'), tsp_card(2, 'H')});
    g.place(core::Side::A, "G1", "l3", Facing::N);
    g.place(core::Side::B, "P1", "l6", Facing::S);
    g.play("activate G1", "d6:2 d6:2 d6:2 d6:2 d6:2");  // 10": 6 points, l4, l5, l6
    OnScreen o(g);
    Screen& screen = o.screen;
    CHECK(contains(screen_of(screen), "A Red: G1 has 6 points. Space on it shows its"));
    cursor_to(screen, sq("l3"));
    keys(screen, " ");
    ui::MapView view;
    Kit::mark_reach(o.g.ctx, o.session.state(), sq("l3"), view);
    CHECK(std::find(view.reach.begin(), view.reach.end(), sq("l6")) != view.reach.end());
    CHECK(std::find(view.reach.begin(), view.reach.end(), sq("l7")) == view.reach.end());
    cursor_to(screen, sq("l6"));
    ui::MapView way;
    Kit::mark_way(o.g.ctx, o.session.state(), sq("l3"), sq("l6"), way);
    CHECK(way.way == std::vector<core::Square>{sq("l4"), sq("l5"), sq("l6")});
    keys(screen, "m");
    REQUIRE(o.session.history().size() == 1);
    CHECK(o.session.history().back().command == tsp::Command{tsp::cmd::Move{sq("l6"), Facing::N}});
    CHECK(contains(screen_of(screen, 120, 40), "A G1 charges B P1 from l5."));
    CHECK(o.session.state().units[o.g.unit(core::Side::A, "G1")].sq == sq("l5"));
}

TEST_CASE("The Sword and the Pike: o dismounts the unit at the cursor, and the Enter menu offers it",
          "[ui][tsp][TSP-MOVE-4]") {
    // Black's card first, the option dismounting on: its light horse crossbows (L1) may dismount.
    OnScreen o(test::TspGame({tsp_card(1, 'S')}, {}, tsp::kDismounting));
    Screen& screen = o.screen;
    const tsp::GameState& s = o.session.state();
    const std::size_t l1 = o.g.unit(core::Side::B, "L1");
    // The hint names o while a unit may dismount (and not without the option).
    CHECK(contains(Text::decision_hint(o.g.ctx, s, ""), "a on a unit activates it, o dismounts or mounts it; d holds it."));
    CHECK(contains(Text::decision_hint(test::TspGame({tsp_card(1, 'S')}).ctx, test::TspGame({tsp_card(1, 'S')}).s, ""),
                   "a on a unit activates it (rolls its move); d holds it."));
    cursor_to(screen, s.units[l1].sq);
    press(screen, K::Enter);
    std::string shown = screen_of(screen);
    INFO(shown);
    CHECK(contains(shown, "dismount L1"));
    press(screen, K::Escape);
    // o on the Reiters: refused, with the rule's reason.
    cursor_to(screen, s.units[o.g.unit(core::Side::B, "R1")].sq);
    keys(screen, "o");
    CHECK(screen.message() == "dismount R1: only light horse with arquebus or crossbow may dismount and mount (TSP-MOVE-4)");
    CHECK(o.session.history().empty());
    cursor_to(screen, s.units[l1].sq);
    keys(screen, "o");
    REQUIRE(o.session.history().size() == 1);
    CHECK(std::holds_alternative<tsp::cmd::Dismount>(o.session.history().back().command));
    CHECK(s.units[l1].dismounted);
    CHECK(s.decision == tsp::Decision::Move);
}
