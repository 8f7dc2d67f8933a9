// The on-screen guide: the hint for each decision, the Enter menu's commands at the cursor, and
// the after-action summary with its victory points.
#include "tests/rules/position_fixture.hpp"
#include "kits/pikette/guide.hpp"

#include <algorithm>

using namespace tercio;
using namespace tercio::ui;
using test::contains;
using test::sq;

namespace {

bool listed(const std::vector<std::string>& v, const std::string& text) {
    return std::find(v.begin(), v.end(), text) != v.end();
}

/// The menu's commands as the menu shows them.
std::vector<std::string> texts(const std::vector<rules::Command>& commands) {
    std::vector<std::string> out;
    for (const rules::Command& c : commands) out.push_back(rules::print(c));
    return out;
}

}  // namespace

TEST_CASE("the hint names the side to decide and the keys for the decision", "[ui][guide]") {
    test::Position p = test::board();
    p.act(rules::Side::A, rules::CardKind::CavalryMove, 4);
    CHECK(decision_hint(p.ctx, p.s) ==
          "A French: Cavalry Move: move horse (Space, then m), or attack with a move (a). Any card: f "
          "shoots (1 pip). t next card, P pass.");
    p.s.has_current_card = false;
    CHECK(decision_hint(p.ctx, p.s) == "A French: 4 pips. t turns a card (1 pip); P passes.");
    // Out of turn, the hint says so in capitals.
    p.s.decision = rules::Decision::React;
    p.s.decider = rules::Side::B;
    p.s.react_window = rules::ReactWindow::Card;
    CHECK(decision_hint(p.ctx, p.s) ==
          "B Spanish: OUT OF TURN: Shoot for an opportunity chip (Space, then f at the target); d lets it go, "
          "D lets all go until your phase.");
    // Why the window stops the game, when the front end knows (control::ReactionFilter).
    CHECK(decision_hint(p.ctx, p.s, "a new shot (shoot h7 h5)") ==
          "B Spanish: OUT OF TURN: a new shot (shoot h7 h5). Shoot for an opportunity chip (Space, then f at the "
          "target); d lets it go, D lets all go until your phase.");
    p.s.decision = rules::Decision::GameOver;
    CHECK(contains(decision_hint(p.ctx, p.s), "Q quits"));
}

TEST_CASE("the hints name the evader, say what a chip would do, and count pips right",
          "[ui][guide][PS-OPP-9][PS-CHIP-9]") {
    test::Position p = test::board();
    p.add(rules::Side::A, "pike", "h4");
    const auto sk = p.add(rules::Side::B, "skirmishers", "h5", core::Facing::E);
    p.play("move h4 h5");
    REQUIRE(p.s.decision == rules::Decision::React);
    REQUIRE(p.s.react_window == rules::ReactWindow::Evade);
    CHECK(contains(decision_hint(p.ctx, p.s), "OUT OF TURN: S1 in h5 may evade for a chip (Enter on it)"));
    p.s.decision = rules::Decision::Chip;
    p.s.chip_target = static_cast<std::uint8_t>(sk);
    CHECK(contains(decision_hint(p.ctx, p.s), "to try to disorder it"));
    p.s.units[sk].status = rules::UnitStatus::Disordered;
    CHECK(contains(decision_hint(p.ctx, p.s), "to try to rout it"));
    p.act(rules::Side::A, rules::CardKind::CavalryMove, 1);
    p.s.has_current_card = false;
    CHECK(contains(decision_hint(p.ctx, p.s), "A French: 1 pip. t turns"));
}

TEST_CASE("the set-up hints say where terrain and units may go", "[ui][guide][PS-TERRAIN-4][PS-SETUP-5]") {
    const rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice(12);
    rules::GameState s;
    rules::new_game(ctx, s, dice);
    REQUIRE(s.decision == rules::Decision::PlaceTerrain);
    CHECK(contains(decision_hint(ctx, s), "place terrain (" + std::to_string(s.terrain_to_place[rules::idx(s.decider)]) +
                                              " left): a wood, hill or building in files a-d or l-o"));
    s.decision = rules::Decision::Deploy;
    s.decider = rules::Side::B;
    CHECK(decision_hint(ctx, s) ==
          "B Spanish: deploy in ranks 11-15. Cursor to a square, Enter to place a unit there; D places the "
          "rest in the standard layout.");
    s.decider = rules::Side::A;
    CHECK(contains(decision_hint(ctx, s), "deploy in ranks 1-5."));
}

TEST_CASE("Enter offers the legal commands at the cursor, then those needing no square", "[ui][guide][PS-TERRAIN-7]") {
    const rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice(12);
    rules::GameState s;
    rules::new_game(ctx, s, dice);
    REQUIRE(s.decision == rules::Decision::PlaceTerrain);
    const auto at_d8 = texts(menu_commands(ctx, s, sq("d8"), std::nullopt));
    CHECK(listed(at_d8, "terrain wood d8"));
    CHECK(listed(at_d8, "terrain hill d7 d8"));
    CHECK(at_d8.back() == "terrain pass");
    CHECK_FALSE(listed(at_d8, "terrain wood a1"));
    CHECK_FALSE(listed(at_d8, "concede"));
    // The centre files take no wood or hill, only a stream in ranks 6-10 (PS-TERRAIN-7).
    CHECK(texts(menu_commands(ctx, s, sq("h3"), std::nullopt)) == std::vector<std::string>{"terrain pass"});
    CHECK(texts(menu_commands(ctx, s, sq("h8"), std::nullopt)) ==
          std::vector<std::string>{"terrain stream a8 b8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8 m8 n8 o8", "terrain pass"});
}

TEST_CASE("with a unit selected, Enter offers what it may do at the cursor", "[ui][guide]") {
    test::Position p = test::board();
    p.add(rules::Side::A, "arquebus", "h5");
    p.add(rules::Side::B, "arquebus", "h7");
    const auto at_h7 = texts(menu_commands(p.ctx, p.s, sq("h7"), sq("h5")));
    CHECK(listed(at_h7, "shoot h5 h7"));
    for (const std::string& c : at_h7) {
        // Every entry names both squares, or none (turn, pass...).
        const bool both = contains(c, "h5") && contains(c, "h7");
        const bool none = !contains(c, "h5") && !contains(c, "h7") && c.find_first_of("0123456789") == std::string::npos;
        CHECK((both || none));
    }
    CHECK(listed(at_h7, "pass"));
    // Deployments are offered facing the enemy only.
    p.s.decision = rules::Decision::Deploy;
    p.s.turn = 0;
    p.s.units[p.at(rules::Side::A, "h5")].deployed = false;
    const auto deploy = texts(menu_commands(p.ctx, p.s, sq("c3"), std::nullopt));
    bool any = false;
    for (const std::string& c : deploy) {
        if (c.rfind("deploy A", 0) != 0 && c.rfind("deploy M", 0) != 0) continue;
        any = true;
        CHECK(c.substr(c.size() - 2) == " N");
    }
    CHECK(any);
}

TEST_CASE("the after-action summary gives the result, the points and the losses", "[ui][guide][PS-VICTORY-3][PS-VICTORY-4]") {
    test::Position p = test::board();
    CHECK(game_summary(p.ctx, p.s).empty());  // not while the game goes on
    const std::size_t a = p.at(rules::Side::A, "o1");
    const std::size_t b = p.at(rules::Side::B, "a15");
    const int sa = p.s.units[a].stand_count();
    const int sb = p.s.units[b].stand_count();
    REQUIRE(sa >= 2);
    REQUIRE(sb >= 2);
    // B's arquebus is Disordered and lost a stand; B's leader is dead.
    p.s.units[b].status = rules::UnitStatus::Disordered;
    p.s.units[b].stands[0] = static_cast<std::uint8_t>(p.s.units[b].stands[0] - 1);
    p.leader_of(rules::Side::B).alive = false;
    p.s.decision = rules::Decision::GameOver;
    p.s.end = rules::GameEnd::Nightfall;
    p.s.turn = 9;
    const int pa = 2 * sa + 2;  // Ok stands count 2, the living leader 2
    const int pb = sb - 1;      // Disordered stands count 1, no leader
    const auto lines = game_summary(p.ctx, p.s);
    REQUIRE(lines.size() == 10);
    CHECK(lines[0] == "Night falls after turn 9.");
    CHECK(lines[1] == "A French wins, " + std::to_string(pa) + " points to " + std::to_string(pb) + ".");
    CHECK(lines[2] == "A French: " + std::to_string(pa) + " points");
    CHECK(lines[3] == "  stands: " + std::to_string(sa) + " Ok, 0 Disordered");
    CHECK(lines[4] == "  leader alive, 12 chips left");
    CHECK(lines[5] == "  lost 0 of 1 units, 0 stands");
    CHECK(lines[6] == "B Spanish: " + std::to_string(pb) + " points");
    CHECK(lines[7] == "  stands: 0 Ok, " + std::to_string(sb - 1) + " Disordered");
    CHECK(lines[8] == "  leader lost, 12 chips left");
    CHECK(lines[9] == "  lost 0 of 1 units, 1 stands");
    for (const std::string& l : lines) CHECK(l.size() <= 31);
    // A concession overrides the points.
    p.s.end = rules::GameEnd::Concession;
    p.s.conceded = rules::Side::A;
    const auto c = game_summary(p.ctx, p.s);
    CHECK(c[0] == "A French concedes.");
    CHECK(c[1] == "B Spanish wins (PS-VICTORY-4).");
}

TEST_CASE("the follow-up hint says where the winner goes and what having entered costs later (issue 40)",
          "[ui][guide][PS-INVOL-2][PS-INVOL-8]") {
    test::Position p = test::board();
    const auto winner = p.add(rules::Side::A, "pike", "e4");
    const auto loser = p.add(rules::Side::B, "pike", "e5");
    p.act(rules::Side::A, rules::CardKind::Melee, 4);
    p.s.decision = rules::Decision::FollowUp;
    p.s.choice_unit = static_cast<std::uint8_t>(winner);
    p.s.choice_other = static_cast<std::uint8_t>(loser);
    CHECK(contains(decision_hint(p.ctx, p.s),
                   "won: F follows the loser into e5 (having entered it, a melee lost there sends it back the way it "
                   "came, PS-INVOL-2), s stays."));
}

TEST_CASE("the Courage hint names the units still to check morale (issue 40)", "[ui][guide][PS-MORALE-5]") {
    test::Position p = test::board();
    const auto a = p.add(rules::Side::A, "pike", "e4");
    const auto b = p.add(rules::Side::A, "arquebus", "f4");
    p.act(rules::Side::A, rules::CardKind::Courage, 4);
    p.s.decision = rules::Decision::Courage;
    p.unit(a).courage_due = true;
    p.unit(b).courage_due = true;
    CHECK(contains(decision_hint(p.ctx, p.s),
                   "Courage: Enter on each unit that must check morale, in the order you choose (" +
                       rules::unit_label(p.ctx, p.s, a) + " in e4, " + rules::unit_label(p.ctx, p.s, b) + " in f4)."));
    p.unit(a).courage_due = false;
    CHECK(contains(decision_hint(p.ctx, p.s), "(" + rules::unit_label(p.ctx, p.s, b) + " in f4)."));
}
