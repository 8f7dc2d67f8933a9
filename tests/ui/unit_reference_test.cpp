// The rules reference of one unit for the help screen: exact lines for a few troop types and
// states, and the size limits for every unit of every shipped army.
#include "kits/pikette/unit_reference.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/rules/position_fixture.hpp"
#include "ui/surface.hpp"

namespace tercio::test {
namespace {

using core::Facing;
using rules::Side;
using rules::UnitStatus;
using Lines = std::vector<std::string>;

constexpr Side A = Side::A;
constexpr Side B = Side::B;

Lines reference(const Position& p, std::size_t unit) {
    return ui::unit_reference(p.ctx, p.s, unit);
}

/// The line that starts with `head`, or "" (so a CHECK shows what was there instead).
std::string line_starting(const Lines& lines, const std::string& head) {
    for (const std::string& l : lines) {
        if (l.rfind(head, 0) == 0) return l;
    }
    return "";
}

bool has_line_starting(const Lines& lines, const std::string& head) {
    return !line_starting(lines, head).empty();
}

/// The shipped army ids of Pikette Squared, from data/rulesets/pikette-squared/armies.
std::vector<std::string> shipped_armies() {
    std::vector<std::string> ids;
    const auto dir = std::filesystem::path(TERCIO_SOURCE_DIR) / "data" / "rulesets" / "pikette-squared" / "armies";
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
        if (e.path().extension() == ".toml") ids.push_back(e.path().stem().string());
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

/// Every row fits the help screen.
void check_widths(const Lines& lines) {
    for (const std::string& l : lines) {
        INFO(l);
        CHECK(static_cast<int>(ui::code_points(l).size()) <= ui::kUnitReferenceWidth);
    }
}

/// The worst case for the state line: Disordered, hits, fired, leader attached, passed through.
void make_worst(Position& p, std::size_t u) {
    rules::Unit& unit = p.unit(u);
    unit.status = UnitStatus::Disordered;
    unit.hits = 1;
    unit.fired = true;
    unit.moved_through = true;
    unit.facing = Facing::NW;
    p.leader(unit.side, core::to_string(unit.square), true);
}

}  // namespace

TEST_CASE(
    "Unit reference: a Spanish tercio",
    "[unit-reference][PS-MOVE-2][PS-MOVE-4][PS-TERCIO-1][PS-TERCIO-2]"
    "[PS-TERCIO-3][PS-TERCIO-5][PS-TERCIO-8][PS-TERCIO-9][PS-GRID-9][PS-SHOOT-8][PS-TERRAIN-11]") {
    Position p("french", "spanish");
    const std::size_t t = p.add(B, "tercio", "h12");
    CHECK(reference(p, t) ==
          Lines{
              "B T1 Tercio: Tercio, infantry, side B (Spanish)",
              "Pike and shot square. No flank, cavalry cannot beat it; fires all round until",
              "  hurt.",
              "Stands: 6 of 6: 2 arquebus (3 hits each), then 4 pike (4 hits each)",
              "Now: OK, loaded, facing S, shown as t",
              "Move 1.5 squares (diagonals cost 1.5): 1 pip on Infantry Move cards",
              "Turns up to 45 degrees a move; cannot enter wood or building squares",
              "Fight d10 (its die in melee and morale tests)",
              "Shoot d8 in any direction, range 3 squares, DOWN 1 beyond 1.5; reload 1 pip",
              "TERCIO: cavalry cannot beat it; shot at UP 1 (PS-TERCIO-3, PS-TERCIO-9)",
              "TERCIO: a rout costs a stand (arquebus first) but no rout move (PS-TERCIO-8)",
              "Pike: cannot pass through other units (PS-MOVE-6), immune to X2 (PS-MELEE-14)",
              "No flank or rear: every attack and shot counts as frontal (PS-GRID-9)",
              "All-round fire until it loses a stand, then to its front (PS-TERCIO-5)",
          });
}

TEST_CASE("Unit reference: the French Gendarmes, headstrong and fearsome knights",
          "[unit-reference][PS-MOVE-2][PS-MOVE-4][PS-TYPE-6][PS-TYPE-7][PS-OPP-5][PS-OPP-7]"
          "[PS-MELEE-9][PS-MELEE-14][PS-MELEE-18][PS-MELEE-20][PS-FEAR-2][PS-CARD-6][PS-UNIT-2]"
          "[PS-TERRAIN-11]") {
    Position p("french", "spanish");
    const std::size_t k = p.add(A, "knights", "h4");
    CHECK(reference(p, k) ==
          Lines{
              "A K1 Gendarmes: Knights, cavalry, side A (French)",
              "Armoured heavy horse. Opportunity charge; a x2 win routs non-pike infantry.",
              "Stands: 2 of 2, 3 hits destroy one (PS-UNIT-2)",
              "Now: OK, facing N, shown as K",
              "Move 3 squares (diagonals cost 1.5): 1 pip on Cavalry Move cards",
              "Turns up to 45 degrees a move; cannot enter wood squares",
              "Fight d12 (its die in melee and morale tests); cannot shoot",
              "Cavalry: charges infantry at UP 1 whoever starts the melee (PS-MELEE-9)",
              "Cavalry: follows beaten foes, may have to pursue (PS-MELEE-18, PS-MELEE-20)",
              "Opportunity charge: for 1 chip, charges an enemy moving in reach (PS-OPP-5)",
              "X2: beating non-pike infantry by double its roll routs it (PS-MELEE-14)",
              "FEARSOME: enemies it could charge check morale on a Courage card (PS-FEAR-2)",
              "Headstrong: must charge enemies within 3 squares, bar a D6 roll-off (PS-OPP-7)",
          });
}

TEST_CASE(
    "Unit reference: a Spanish cannon",
    "[unit-reference][PS-CANNON-1][PS-CANNON-2][PS-CANNON-3][PS-CANNON-4][PS-CANNON-5][PS-CANNON-6]"
    "[PS-CANNON-7][PS-SHOOT-8][PS-PIP-1]") {
    Position p("french", "spanish");
    const std::size_t g = p.add(B, "cannon", "e14", Facing::SE);
    CHECK(reference(p, g) ==
          Lines{
              "B G1 Cannon: Cannon, artillery, side B (Spanish)",
              "One gun. Moves for 3 pips, reloads for 2 pips and never marches.",
              "Stands: 1 of 1, 3 hits destroy one (PS-UNIT-2)",
              "Now: OK, loaded, facing SE, shown as g",
              "Move 1.5 squares (diagonals cost 1.5): 3 pips on Infantry Move cards",
              "Turns up to 45 degrees a move; may enter any terrain",
              "Fight d4 (its die in melee and morale tests)",
              "Shoot d8 to its front, range 6 squares, DOWN 1 beyond 3; reload 2 pips",
              "Artillery: counts as infantry in melee, but not as pike (PS-CANNON-5)",
              "Never marches: stays put when the army marches (PS-MARCH-2)",
          });
}

TEST_CASE("Unit reference: light horse, with and without a Shoot value",
          "[unit-reference][PS-GRID-13][PS-OPP-9][PS-TYPE-4][PS-TYPE-6]") {
    Position p("ottoman", "french");
    const std::size_t akinjis = p.add(A, "light_horse", "c3");
    const std::size_t stradiots = p.add(B, "light_horse", "c13");
    const Lines shooter = reference(p, akinjis);
    CHECK(shooter.front() == "A H1 Akinjis: Light Horse, cavalry, side A (Ottoman)");
    CHECK(line_starting(shooter, "Shoot") ==
          "Shoot d4 in any direction, range 2 squares, DOWN 1 beyond 1; reload 1 pip");
    CHECK(line_starting(shooter, "All-round") ==
          "All-round fire: shoots in any direction (PS-GRID-13)");
    CHECK(line_starting(shooter, "Evade") ==
          "Evade: for 1 chip, flees a full move when entered, then Disordered (PS-OPP-9)");
    CHECK(line_starting(shooter, "Ordinary bows") ==
          "Ordinary bows: DOWN 1 at knights, pike, phalanx, tercio (PS-SHOOT-7)");
    // The French Stradiots have no Shoot value: no fire arc to speak of, and the troop type's
    // words ("shoot in any direction") are said not to be theirs at once.
    const Lines lance = reference(p, stradiots);
    CHECK(lance[1] == "Light cavalry. Opportunity charge, evade, and shoot in any direction.");
    CHECK(lance[2] == "Not these Stradiots: their army list gives them no Shoot value, so they cannot");
    CHECK(lance[3] == "  shoot");
    CHECK(line_starting(lance, "Fight") ==
          "Fight d6 (its die in melee and morale tests); cannot shoot");
    CHECK_FALSE(has_line_starting(lance, "Shoot"));
    CHECK_FALSE(has_line_starting(lance, "All-round"));
    CHECK(has_line_starting(lance, "Evade"));
}

TEST_CASE("Unit reference: a damaged, disordered, fired unit with its leader",
          "[unit-reference][PS-UNIT-3][PS-UNIT-4][PS-HITS-1][PS-MELEE-8][PS-MOVE-7][PS-ROUT-6]") {
    Position p("french", "spanish");
    const std::size_t a = p.add(A, "arquebus", "f6", Facing::NE);
    rules::Unit& u = p.unit(a);
    u.stands = {1, 0};
    u.hits = 2;
    u.status = UnitStatus::Disordered;
    u.fired = true;
    const Lines lines = reference(p, a);
    CHECK(line_starting(lines, "Stands") == "Stands: 1 of 2, 3 hits destroy one (PS-UNIT-2)");
    CHECK(line_starting(lines, "Now") ==
          "Now: Disordered (DOWN 1), 2 hits, fired (must reload), facing NE, shown as A");

    SECTION("with the leader attached and passed through, the state wraps") {
        p.leader(A, "f6", true);
        u.moved_through = true;
        const Lines more = reference(p, a);
        const auto at = std::find(more.begin(), more.end(), line_starting(more, "Now"));
        REQUIRE(at + 1 < more.end());
        CHECK(*at ==
              "Now: Disordered (DOWN 1), 2 hits, fired (must reload), facing NE, shown as A,");
        CHECK(*(at + 1) == "  leader attached (UP 2), cannot move this phase (passed through)");
        check_widths(more);
    }
    SECTION("routed") {
        u.status = UnitStatus::Routed;
        u.hits = 0;
        u.fired = false;
        u.facing = Facing::S;
        CHECK(line_starting(reference(p, a), "Now") ==
              "Now: Routed (cannot act until rallied), loaded, facing S, shown as A");
    }
    SECTION("gone") {
        u.status = UnitStatus::Destroyed;
        CHECK(line_starting(reference(p, a), "Now") == "Now: destroyed (PS-UNIT-3)");
        u.status = UnitStatus::LeftTable;
        CHECK(line_starting(reference(p, a), "Now") == "Now: has left the table (PS-UNIT-3)");
    }
    SECTION("not yet deployed: no facing") {
        u.deployed = false;
        u.status = UnitStatus::Ok;
        u.hits = 0;
        u.fired = false;
        CHECK(line_starting(reference(p, a), "Now") ==
              "Now: OK, not yet deployed, loaded, shown as A");
    }
}

TEST_CASE("Unit reference: a tercio that has lost stands",
          "[unit-reference][PS-TERCIO-5][PS-TERCIO-6][PS-TERCIO-11]") {
    Position p("french", "spanish");
    const std::size_t t = p.add(B, "tercio", "h12");
    p.unit(t).stands = {1, 4};
    Lines lines = reference(p, t);
    CHECK(line_starting(lines, "Stands") ==
          "Stands: 5 of 6: 1 arquebus (3 hits each), then 4 pike (4 hits each)");
    CHECK(line_starting(lines, "Shoot") ==
          "Shoot d8 to its front, range 3 squares, DOWN 1 beyond 1.5; reload 1 pip");
    p.unit(t).stands = {0, 3};
    lines = reference(p, t);
    CHECK(line_starting(lines, "Stands") ==
          "Stands: 3 of 6: 0 arquebus (3 hits each), then 3 pike (4 hits each)");
    CHECK(line_starting(lines, "Cannot shoot") ==
          "Cannot shoot: its arquebus stands are gone (PS-TERCIO-11)");
    CHECK_FALSE(has_line_starting(lines, "Shoot"));
}

TEST_CASE("Unit reference: the Swiss never rout, other phalanxes lose a stand",
          "[unit-reference][PS-PHALANX-2][PS-PHALANX-3][PS-PHALANX-4][PS-PHALANX-5]") {
    Position p("french", "imperialist");
    const std::size_t swiss = p.add(A, "swiss_phalanx", "h4");
    const std::size_t landsknechts = p.add(B, "phalanx", "h12");
    const Lines s = reference(p, swiss);
    CHECK(s.front() == "A F1 Swiss: Phalanx, infantry, side A (French)");
    CHECK(line_starting(s, "PHALANX: cavalry") ==
          "PHALANX: cavalry cannot beat it from the front (PS-PHALANX-3)");
    CHECK(line_starting(s, "PHALANX: shots") == "PHALANX: shots at it are UP 1 (PS-PHALANX-2)");
    CHECK_FALSE(has_line_starting(s, "PHALANX: a rout"));
    CHECK(line_starting(s, "Never routs") ==
          "Never routs: a rout only Disorders it, no stand lost (PS-PHALANX-5)");
    const Lines l = reference(p, landsknechts);
    CHECK(line_starting(l, "PHALANX: a rout") ==
          "PHALANX: a rout costs it a stand and Disorders it instead (PS-PHALANX-4)");
    CHECK_FALSE(has_line_starting(l, "Never routs"));
}

TEST_CASE("Unit reference: war wagons and their placeholder statistics",
          "[unit-reference][PS-WW-6][PS-WW-7][PS-GRID-9]") {
    Position p("french", "spanish");
    const std::size_t w = p.add_type(A, "war_wagons", "h4");
    const Lines lines = reference(p, w);
    CHECK(lines[1] == "Hussite wagon fort with crew. No flank. Placeholder statistics (PS-WW-9).");
    CHECK(line_starting(lines, "WAR WAGONS: its") ==
          "WAR WAGONS: its enemies fight at DOWN 1; shots at or past it DOWN 1 (PS-WW-6)");
    CHECK(line_starting(lines, "WAR WAGONS: no") ==
          "WAR WAGONS: no X2 rout, no cavalry charge bonus against it (PS-WW-7)");
    CHECK(has_line_starting(lines, "No flank or rear"));
}

TEST_CASE("Unit reference: every unit of every shipped army fits the help screen",
          "[unit-reference]") {
    const std::vector<std::string> armies = shipped_armies();
    REQUIRE(armies.size() >= 6);
    for (const std::string& army : armies) {
        const rules::ArmyList& list = Armies::get().army(army);
        // Every roster line (upgrade replacements included), once as listed and once with each
        // upgrade that renames or refights it.
        for (std::size_t i = 0; i < rules::roster_size(list); ++i) {
            const rules::UnitLine& line = rules::roster_line(list, i);
            std::vector<std::uint8_t> upgrades{rules::kNone};
            for (std::size_t k = 0; k < list.upgrades.size(); ++k) {
                if (list.upgrades[k].unit == line.id && !list.upgrades[k].replace_with) {
                    upgrades.push_back(static_cast<std::uint8_t>(k));
                }
            }
            for (const std::uint8_t up : upgrades) {
                for (const Side side : {A, B}) {
                    Position p(side == A ? army : "spanish", side == A ? "spanish" : army);
                    const std::size_t u = p.add(side, line.id, "h8");
                    p.unit(u).line =
                        static_cast<std::uint8_t>(i);  // add() takes the first line with the id
                    p.unit(u).upgrade = up;
                    if (up != rules::kNone && list.upgrades[up].fight)
                        p.unit(u).fight = *list.upgrades[up].fight;
                    INFO(army << " line " << line.id << " upgrade " << int(up) << " side "
                              << rules::side_letter(side));
                    const Lines ok = reference(p, u);
                    check_widths(ok);
                    // A unit that cannot shoot is never said to shoot without "Not these" at once.
                    if (p.unit(u).range_half == 0) {
                        std::string said;
                        for (const std::string& l : ok) {
                            if (l.rfind("Stands", 0) == 0) break;
                            said += l;
                        }
                        const bool shooting = said.find("shoot") != std::string::npos ||
                                              said.find("fire") != std::string::npos;
                        CHECK(shooting == (said.find("Not these") != std::string::npos));
                    }
                    CHECK(ok.size() <= 14);
                    make_worst(p, u);
                    check_widths(reference(p, u));
                }
            }
        }
    }
}

TEST_CASE("Unit reference: every troop type of the ruleset fits the help screen",
          "[unit-reference]") {
    Position p("french", "spanish");
    for (const rules::TroopType& type : p.ctx.rs().troop_types) {
        Position q("french", "spanish");
        const std::size_t u = q.add_type(A, type.id, "h8");
        INFO(type.id);
        const Lines ok = reference(q, u);
        CHECK(ok.size() >= 7);
        CHECK(ok.size() <= 14);
        check_widths(ok);
        make_worst(q, u);
        check_widths(reference(q, u));
    }
}

TEST_CASE("Unit reference: nothing for an index that is no unit", "[unit-reference]") {
    Position p("french", "spanish");
    CHECK(reference(p, 0).empty());
    p.add(A, "knights", "h4");
    CHECK_FALSE(reference(p, 0).empty());
    CHECK(reference(p, 1).empty());
    CHECK(reference(p, rules::kMaxUnits + 5).empty());
}

}  // namespace tercio::test
