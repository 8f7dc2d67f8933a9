// Whole-screen snapshots: the start menu and the game screen in its main states, drawn at 80x24
// on a text surface and compared with the files in tests/ui/snapshots/. Each file holds the
// screen's text, then its styles: one letter per styled cell, with a legend.
//
// After a deliberate change to the screen, rewrite them with
//   TERCIO_UPDATE_SNAPSHOTS=1 build/dev/tests/tercio_tests "[snapshot]"
// and read the diff before committing it.
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "tests/rules/position_fixture.hpp"
#include "kits/pikette/play_screen.hpp"
#include "ui/join_menu.hpp"
#include "ui/start_menu.hpp"
#include "kits/pikette/control/session.hpp"

using namespace tercio;
using namespace tercio::ui;
using K = KeyPress::Kind;

namespace {

std::string style_name(const Style& s) {
    static const char* const colours[] = {"default", "red", "green", "yellow", "blue", "magenta", "cyan", "white"};
    std::string out = colours[static_cast<int>(s.fg)];
    if (s.bold) out += " bold";
    if (s.reverse) out += " reverse";
    if (s.underline) out += " underline";
    if (s.dim) out += " dim";
    return out;
}

/// The screen's text, then a styles layer: '.' for the plain style, a letter for each other
/// style in order of first appearance, and the legend.
std::string snapshot(const TextSurface& out) {
    std::string text = out.to_string();
    std::map<std::string, char> letters;
    std::vector<std::string> legend;
    std::string layer;
    for (int y = 0; y < out.height(); ++y) {
        std::string row;
        for (int x = 0; x < out.width(); ++x) {
            const Style st = out.style(x, y);
            if (st == Style{}) {
                row += '.';
                continue;
            }
            const std::string name = style_name(st);
            auto it = letters.find(name);
            if (it == letters.end()) {
                const char c = static_cast<char>('a' + letters.size());
                it = letters.emplace(name, c).first;
                legend.push_back(std::string(1, c) + " = " + name);
            }
            row += it->second;
        }
        while (!row.empty() && row.back() == '.') row.pop_back();
        layer += row + '\n';
    }
    std::string result = text + "\n--- styles\n" + layer + "--- legend\n";
    for (const std::string& l : legend) result += l + '\n';
    return result;
}

void check_snapshot(const std::string& name, const TextSurface& out) {
    const std::string path = std::string(TERCIO_SOURCE_DIR) + "/tests/ui/snapshots/" + name + ".txt";
    const std::string got = snapshot(out);
    if (std::getenv("TERCIO_UPDATE_SNAPSHOTS")) {
        std::ofstream(path, std::ios::binary) << got;
        WARN("rewrote " << path);
        return;
    }
    std::ifstream in(path, std::ios::binary);
    INFO("snapshot " << path << " (TERCIO_UPDATE_SNAPSHOTS=1 rewrites it)");
    REQUIRE(in.good());
    std::stringstream want;
    want << in.rdbuf();
    // Compared as lines, so that a failure shows where the screens part.
    std::istringstream a(got);
    std::istringstream b(want.str());
    std::string la;
    std::string lb;
    int line = 0;
    while (true) {
        const bool ga = static_cast<bool>(std::getline(a, la));
        const bool gb = static_cast<bool>(std::getline(b, lb));
        ++line;
        if (!ga && !gb) break;
        INFO("line " << line);
        REQUIRE(la == lb);
    }
}

TextSurface draw(const PlayScreen& p, int w = 80, int h = 24) {
    TextSurface s(w, h);
    p.draw(s);
    return s;
}

struct Game {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice{12};
    rules::GameState s;
    rules::Events setup = rules::new_game(ctx, s, dice);
};

void command(PlayScreen& p, const std::string& text) {
    p.handle(KeyPress::character(':'));
    for (char c : text) p.handle(KeyPress::character(static_cast<char32_t>(c)));
    p.handle(KeyPress::of(K::Enter));
    INFO(text << ": " << p.message());
    REQUIRE(p.message().find(text + ":") != 0);  // not refused
}

}  // namespace

TEST_CASE("snapshot: the start menu", "[ui][snapshot]") {
    const std::vector<ArmyChoice> armies{
        {"french", "French", "The Italian Wars 1494-1560", "2 Gendarmes, 1 Archers, 1 Stradiots"},
        {"spanish", "Spanish", "The Italian Wars 1494-1560", "1 Jinetes, 2 Pike, 1 Genitors"}};
    StartMenu m(armies, GameSetup{{0, 1}, {}, std::nullopt});
    // One ruleset on offer, as `tercio play` offers them: named in the title, no Rules line.
    m.offer_rulesets({RulesetChoice{"pikette-squared", "Pikette Squared", armies}}, 0);
    TextSurface s(80, 24);
    m.draw(s);
    check_snapshot("start_menu", s);
}

TEST_CASE("snapshot: the start menu's Join a game with idle times and a code being typed", "[ui][snapshot][net]") {
    JoinMenu m("/tmp/tercio-games");
    GameListing open{"3fa9c2d1", "alice", "French", "Spanish", "0", "alice", "open seat", 0, true, false, false};
    GameListing full{"77ab01e4", "carol", "Ottoman", "Moorish", "4", "carol", "dave (idle 12m)", 1, false, false, false};
    GameListing mine{"0c0ffee0", "erin", "Italian", "Spanish", "9", "erin", "bob (away 3h20m)", 0, false, true, false};
    m.set_games({open, full, mine});
    for (char c : std::string("kxmp")) m.handle(KeyPress::character(static_cast<char32_t>(c)));
    TextSurface s(80, 24);
    m.draw(s);
    check_snapshot("join_menu", s);
}

TEST_CASE("snapshot: the first set-up roll shown, then the terrain menu at h8", "[ui][snapshot]") {
    Game g;
    control::Session p_session(g.ctx, g.s, g.dice);
    PlayScreen p(p_session, {});
    p.reveal(g.setup);
    check_snapshot("setup_reveal", draw(p));
    p.handle(KeyPress::of(K::Escape));
    p.handle(KeyPress::of(K::Enter));
    check_snapshot("terrain_menu", draw(p));
}

TEST_CASE("snapshot: the armies deployed, the initiative to choose, at 80x24 and larger", "[ui][snapshot]") {
    Game g;
    control::Session p_session(g.ctx, g.s, g.dice);
    PlayScreen p(p_session, {});
    command(p, "terrain pass");
    command(p, "terrain pass");
    command(p, "deploy auto");
    command(p, "deploy auto");
    check_snapshot("initiative", draw(p));
    // A larger terminal gets larger squares and keeps the numbers by the names.
    // 120x40: 5 x 2 cells a square; 200x60: 7 x 3. 80x24 stays as the "initiative" snapshot.
    check_snapshot("initiative_120x40", draw(p, 120, 40));
    const TextSurface big = draw(p, 200, 60);
    check_snapshot("initiative_200x60", big);
    // The map takes 3 + 7 x 15 columns; the side pane starts after it and its table stays narrow.
    const std::string text = big.to_string();
    const auto row = text.substr(0, text.find('\n'));
    CHECK(row.find("Turn") == 109);
    for (const std::string& line : {std::string("A French "), std::string("B Spanish")}) {
        const auto at = text.find(line);
        REQUIRE(at != std::string::npos);
        const auto end = text.find('\n', at);
        CHECK(end - at <= 36);  // the name, then Deck Disc Opp Morale beside it
    }
}

TEST_CASE("snapshot: a unit selected on a Move card, with its reach and targets", "[ui][snapshot]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h8");
    pos.piece(rules::TerrainKind::Wood, {"g6"});
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    p.handle(KeyPress::character(' '));
    check_snapshot("selected", draw(p));
}

TEST_CASE("snapshot: the odds of a shot before it is rolled, in ASCII without colour", "[ui][snapshot]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h6");
    core::ScriptedDice dice = core::ScriptedDice::parse("d8:6 d6:2");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, ScreenOptions{false, true});
    for (int i = 0; i < 3; ++i) p.handle(KeyPress::character('j'));
    p.handle(KeyPress::character(' '));
    p.handle(KeyPress::character('k'));
    p.handle(KeyPress::character('f'));
    check_snapshot("odds_ascii_mono", draw(p));
}

TEST_CASE("snapshot: the after-action summary", "[ui][snapshot]") {
    test::Position pos = test::board();
    pos.add(rules::Side::A, "arquebus", "h5");
    pos.add(rules::Side::B, "arquebus", "h9");
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    command(p, "concede");
    p.handle(KeyPress::character('y'));  // a concession is confirmed with y
    check_snapshot("game_over", draw(p));
}

TEST_CASE("snapshot: the key help and the too-small screen", "[ui][snapshot]") {
    Game g;
    control::Session p_session(g.ctx, g.s, g.dice);
    PlayScreen p(p_session, {});
    p.handle(KeyPress::character('?'));
    check_snapshot("help", draw(p));
    check_snapshot("too_small", draw(p, 60, 20));
}
