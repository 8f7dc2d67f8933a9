// Focused tests of load_ruleset / load_army / check_text on in-memory text: how values are read,
// how defaults are filled, and where (line:column) and how errors are reported.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "kits/check.hpp"
#include "data/input_guard.hpp"
#include "tests/data/text_fixture.hpp"
#include "kits/pikette/data/files.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using data::LoadErrors;
using test::at;
using test::lines;
using test::with;

namespace {

// A small but complete ruleset: pike (no defaults), a gun, and wagons whose troop type gives
// default fight, shoot and range. Armies must come to 3 unit-equivalents plus 1 gun.
const std::string kRuleset = R"(schema_version = 1
kind = "ruleset"
id = "mini"
name = "Mini"
los = "none"
command_indecision = false

[board]
files = 15
ranks = 15
deployment_ranks = 5

[setup]
opportunity_chips = 3
morale_chips = { die = "d10", add = 8 }
nightfall = { die = "d6", add = 4 }
terrain_pieces = 4
deck_size = 20

[army_size]
unit_equivalents = 3
cannon = 1

[leader]
glyph = "@"
move = 4
rally_range = 5

[deck]
infantry_move = 3
cavalry_move = 3
reload = 2
melee = 3
leader_check = 2
milling_around = 5
courage = 1

[[troop_type]]
id = "pike"
name = "Pike"
glyph = "P"
category = "infantry"
stands = 2
hits_per_stand = 4
move = 2.5
turn_limit = 1
move_pips = 1
reload_pips = 1
unit_equivalents = 1

[[troop_type]]
id = "gun"
name = "Gun"
glyph = "G"
category = "artillery"
stands = 1
hits_per_stand = 3
move = 1.5
turn_limit = 1
move_pips = 3
reload_pips = 2
unit_equivalents = 0

[[troop_type]]
id = "wagons"
name = "Wagons"
glyph = "W"
category = "war_wagon"
stands = 1
hits_per_stand = 4
move = 1.5
turn_limit = 1
move_pips = 3
reload_pips = 2
unit_equivalents = 1
fight = "d8"
shoot = "d8"
range = 3

[[shooting_band]]
min = 1
hits = 0
chip = true

[[melee_band]]
min = 0
hits = 0
fall_back = 0
chip = false
)";

const std::string kArmyHead = R"(schema_version = 1
kind = "army"
id = "test"
name = "Test"
ruleset = "mini"
extra_card = ["melee"]
)";

const std::string kPike = R"(
[[unit]]
id = "pike"
type = "pike"
fight = "d8"
units = 2
)";

const std::string kWagons = R"(
[[unit]]
id = "wagons"
type = "wagons"
units = 1
)";

const std::string kGun = R"(
[[unit]]
id = "gun"
type = "gun"
shoot = "d8"
range = 6
fight = "d4"
units = 1
)";

/// A valid army: 2 pike + 1 wagons = 3 unit-equivalents, and the gun.
const std::string kArmy = kArmyHead + kPike + kWagons + kGun;

const rules::Ruleset& mini() {
    static const rules::Ruleset rs = [] {
        auto loaded = rules::load_ruleset("mini.toml", kRuleset);
        for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(loaded.ok());
        return *loaded.value;
    }();
    return rs;
}

const rules::RulesetResolver kResolve = [](std::string_view id,
                                          std::string& why) -> const rules::Ruleset* {
    if (id == "mini") return &mini();
    why = "no such ruleset here";
    return nullptr;
};

data::Loaded<rules::ArmyList> army(const std::string& text) {
    return rules::load_army("army.toml", text, kResolve);
}

}  // namespace

TEST_CASE("a small ruleset and army load", "[data][loader]") {
    const auto& rs = mini();
    CHECK(rs.id == "mini");
    CHECK_FALSE(rs.los_blocking);
    REQUIRE(rs.troop_types.size() == 3);
    const auto a = army(kArmy);
    for (const auto& e : a.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(a.ok());
    CHECK(a.value->ruleset == "mini");
    REQUIRE(a.value->units.size() == 3);
    CHECK(a.value->extra_card == std::vector<rules::CardKind>{rules::CardKind::Melee});
}

TEST_CASE("distances are read in half squares", "[data][loader][PS-MOVE-2]") {
    const auto& rs = mini();
    CHECK(rs.find_type("pike")->move_half == 5);  // move = 2.5
    CHECK(rs.find_type("gun")->move_half == 3);   // move = 1.5
    CHECK(rs.leader_move_half == 8);              // move = 4, an integer
    CHECK(rs.rally_range_half == 10);
    CHECK(rs.find_type("wagons")->shoot->range_half == 6);

    SECTION("whole, half and integer values on a unit line") {
        for (const auto& [text, halves] : std::vector<std::pair<std::string, int>>{
                 {"2.5", 5}, {"3", 6}, {"3.0", 6}, {"0.5", 1}, {"12", 24}, {"1e1", 20}}) {
            INFO("move = " << text);
            const auto a =
                army(with(kArmy, "fight = \"d8\"\n", "fight = \"d8\"\nmove = " + text + "\n"));
            for (const auto& e : a.errors) UNSCOPED_INFO(e.to_string());
            REQUIRE(a.ok());
            CHECK(a.value->units[0].move_half == halves);
        }
    }
    SECTION("anything else is refused where it is written") {
        for (const auto& [text, message] : std::vector<std::pair<std::string, std::string>>{
                 {"2.25", "unit[0].move: 2.25 is not a whole or half number of squares"},
                 {"2.4", "unit[0].move: 2.4 is not a whole or half number of squares"},
                 {"0", "unit[0].move: 0 is out of range (0.5 to 12 squares)"},
                 {"-1.5", "unit[0].move: -1.5 is out of range (0.5 to 12 squares)"},
                 // A move in progress holds at most 12 steps (GameState's MoveInProgress).
                 {"12.5", "unit[0].move: 12.5 is out of range (0.5 to 12 squares)"},
                 {"inf", "unit[0].move: a non-finite number is out of range (0.5 to 12 squares)"},
                 {"nan", "unit[0].move: a non-finite number is out of range (0.5 to 12 squares)"},
                 {"\"2.5\"", "unit[0].move: expected a number of squares, found a string"}}) {
            INFO("move = " << text);
            const std::string src =
                with(kArmy, "fight = \"d8\"\n", "fight = \"d8\"\nmove = " + text + "\n");
            const auto a = army(src);
            CHECK_FALSE(a.ok());
            CHECK(lines(a.errors) == std::vector<std::string>{at(src, text) + ": " + message});
        }
    }
}

TEST_CASE("shoot and range go together", "[data][loader][PS-TYPE-6]") {
    SECTION("both give a shoot value") {
        const auto a = army(kArmy);
        REQUIRE(a.ok());
        const auto& gun = a.value->units[2];
        REQUIRE(gun.shoot.has_value());
        CHECK(gun.shoot->die == core::DieType::D8);
        CHECK(gun.shoot->range_half == 12);
        CHECK_FALSE(a.value->units[0].shoot.has_value());  // pike: neither, and no default
    }
    SECTION("shoot alone is reported at shoot") {
        const std::string src = with(kArmy, "range = 6\n", "");
        const auto a = army(src);
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  at(src, "\"d8\"\nfight = \"d4\"") +
                  ": unit[2].shoot: shoot and range go together: give both or neither"});
    }
    SECTION("range alone is reported at range") {
        const std::string src = with(kArmy, "shoot = \"d8\"\nrange = 6\n", "range = 6\n");
        const auto a = army(src);
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  at(src, "6\n") +
                  ": unit[2].range: shoot and range go together: give both or neither"});
    }
    SECTION("the same holds for a troop type's defaults") {
        const std::string src = with(kRuleset, "shoot = \"d8\"\nrange = 3\n", "shoot = \"d8\"\n");
        const auto rs = rules::load_ruleset("mini.toml", src);
        CHECK_FALSE(rs.ok());
        CHECK(lines(rs.errors) ==
              std::vector<std::string>{
                  at(src, "\"d8\"", 1) +
                  ": troop_type[2].shoot: shoot and range go together: give both or neither"});
    }
}

TEST_CASE("troop type defaults fill unit lines", "[data][loader]") {
    SECTION("a line that gives nothing takes move, fight, shoot and range from its type") {
        const auto a = army(kArmy);
        REQUIRE(a.ok());
        const auto& w = a.value->units[1];
        CHECK(w.move_half == 3);
        CHECK(w.fight == core::DieType::D8);
        REQUIRE(w.shoot.has_value());
        CHECK(w.shoot->die == core::DieType::D8);
        CHECK(w.shoot->range_half == 6);
        // pike gives fight itself; move comes from the type
        CHECK(a.value->units[0].move_half == 5);
        CHECK(a.value->units[0].fight == core::DieType::D8);
    }
    SECTION("values on the line win over the defaults") {
        const auto a =
            army(with(kArmy, "type = \"wagons\"\n",
                      "type = \"wagons\"\nmove = 1\nfight = \"d4\"\nshoot = \"d6\"\nrange = 1\n"));
        for (const auto& e : a.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(a.ok());
        const auto& w = a.value->units[1];
        CHECK(w.move_half == 2);
        CHECK(w.fight == core::DieType::D4);
        REQUIRE(w.shoot.has_value());
        CHECK(w.shoot->die == core::DieType::D6);
        CHECK(w.shoot->range_half == 2);
    }
    SECTION("without a default, fight is required, reported at the line's header") {
        const std::string src = with(kArmy, "fight = \"d8\"\n", "");
        const auto a = army(src);
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  at(src, "[[unit]]") +
                  ": unit[0]: missing required key 'fight' (troop type \"pike\" has no default)"});
    }
}

TEST_CASE("\"0-1\" lines must be named by the extra-unit roll",
          "[data][loader][PS-ARMY-2][PS-ARMY-4]") {
    // One pike fewer, and a 0-1 line of wagons: 1 pike + 1 wagons + the extra unit = 3.
    const std::string zero_one = R"(
[[unit]]
id = "spare"
type = "wagons"
units = 0
)";
    const std::string base = with(kArmy, "units = 2\n", "units = 1\n") + zero_one;

    SECTION("named by a result: fine, and the extra unit counts 1") {
        const auto a = army(base + R"(
[extra_unit]
die = "d4"

[[extra_unit.result]]
on = [1, 2]
units = ["pike"]

[[extra_unit.result]]
on = [3, 4]
units = ["spare", "wagons"]
)");
        for (const auto& e : a.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(a.ok());
        REQUIRE(a.value->extra_unit.has_value());
        CHECK(a.value->extra_unit->die == core::DieType::D4);
        REQUIRE(a.value->extra_unit->results.size() == 2);
        CHECK(a.value->extra_unit->results[1].units == std::vector<std::string>{"spare", "wagons"});
    }
    SECTION("named by no result: reported at its units") {
        const std::string src = base + R"(
[extra_unit]
die = "d4"

[[extra_unit.result]]
on = [1, 4]
units = ["pike"]
)";
        const auto a = army(src);
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  at(src, "0\n") +
                  ": unit[3].units: 0 units (\"0-1\") but no extra-unit result names \"spare\""});
    }
    SECTION("without any extra-unit roll: the same, and the totals are short") {
        const auto a = army(base);
        CHECK(
            lines(a.errors) ==
            std::vector<std::string>{
                "1:1: the army comes to 2 unit equivalents (counting the extra unit); the ruleset "
                "requires 3 (PS-ARMY-1)",
                at(base, "0\n") +
                    ": unit[3].units: 0 units (\"0-1\") but no extra-unit result names \"spare\""});
    }
}

TEST_CASE("extra-unit results cover each face once", "[data][loader][PS-ARMY-4]") {
    const std::string base =
        with(kArmy, "units = 2\n", "units = 1\n") + "\n[extra_unit]\ndie = \"d4\"\n";
    const auto result = [](const char* on, const char* unit) {
        return std::string("\n[[extra_unit.result]]\non = ") + on + "\nunits = [\"" + unit +
               "\"]\n";
    };
    SECTION("an overlap is reported once, without a false gap after it") {
        const std::string src = base + result("[1, 2]", "pike") + result("[2, 4]", "wagons");
        CHECK(
            lines(army(src).errors) ==
            std::vector<std::string>{at(src, "[2, 4]") +
                                     ": extra_unit.result[1].on: a roll of 2 is already covered by "
                                     "extra_unit.result[0]"});
    }
    SECTION("a face with no result is reported at [extra_unit]") {
        const std::string src = base + result("[1, 3]", "pike");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{at(src, "[extra_unit]") +
                                       ": extra_unit: no result for a roll of 4 on the d4"});
    }
    SECTION("a face beyond the die") {
        const std::string src = base + result("[1, 5]", "pike");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{at(src, "5]") +
                                       ": extra_unit.result[0].on[1]: 5 is out of range (1 to 4)"});
    }
    SECTION("the extra unit must count 1 unit-equivalent") {
        const std::string src = base + result("[1, 4]", "gun");
        const auto errors = lines(army(src).errors);
        REQUIRE_FALSE(errors.empty());
        CHECK(errors[0] == at(src, "\"gun\"]") +
                               ": extra_unit.result[0].units[0]: the extra unit must count 1 unit "
                               "equivalent; \"gun\" counts 0");
    }
}

TEST_CASE("an unknown ruleset is reported at the ruleset key", "[data][loader]") {
    const std::string src = with(kArmy, "ruleset = \"mini\"", "ruleset = \"maxi\"");
    SECTION("with the resolver's reason") {
        const auto a = army(src);
        CHECK_FALSE(a.ok());
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  at(src, "\"maxi\"") +
                  ": ruleset: cannot use ruleset \"maxi\": no such ruleset here"});
    }
    SECTION("through a data directory, which says what it has") {
        data::DataCatalog catalog(fs::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
        const auto a = rules::load_army("army.toml", src, rules::resolver(catalog));
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  at(src, "\"maxi\"") +
                  ": ruleset: cannot use ruleset \"maxi\": the data directory has no "
                  "rulesets/maxi/ruleset.toml (it has: hell-broke-loose, pikette-squared, the-sword-and-the-pike)"});
    }
    SECTION("an id that is not a safe file name is never looked up") {
        const std::string bad = with(kArmy, "ruleset = \"mini\"", "ruleset = \"../mini\"");
        data::DataCatalog catalog(fs::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
        const auto a = rules::load_army("army.toml", bad, rules::resolver(catalog));
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  at(bad, "\"../mini\"") +
                  ": ruleset: cannot use ruleset \"../mini\": not a valid ruleset id"});
    }
}

TEST_CASE("every error is reported at once, top to bottom", "[data][loader]") {
    std::string src = kArmy;
    src = with(src, "extra_card = [\"melee\"]\n", "extra_card = [\"melee\"]\nbanner = \"red\"\n");
    src = with(src, "fight = \"d8\"", "fight = \"d9\"");
    src = with(src, "type = \"wagons\"", "type = \"wagon\"");
    src = with(src, "range = 6", "range = 6.2");
    src = with(src, "type = \"wagon\"\n", "type = \"wagon\"\ntraits = [\"brave\"]\n");
    const auto a = army(src);
    CHECK_FALSE(a.ok());
    CHECK(lines(a.errors) ==
          std::vector<std::string>{
              at(src, "banner") + ": banner: unknown key",
              at(src, "\"d9\"") +
                  ": unit[0].fight: \"d9\" is not a die type (use d4, d6, d8, d10 or d12)",
              at(src, "\"wagon\"") + ": unit[1].type: unknown troop type \"wagon\" (the ruleset "
                                     "\"mini\" has: pike, gun, wagons)",
              at(src, "\"brave\"") + ": unit[1].traits[0]: unknown trait \"brave\" (use fearsome, "
                                     "headstrong, bow or never_routs)",
              at(src, "6.2") + ": unit[2].range: 6.2 is not a whole or half number of squares",
          });
}

TEST_CASE("a unit line with its own error is not reported again where it is used",
          "[data][loader]") {
    const std::string src = with(kArmy, "units = 2\n", "units = \"2\"\n") + R"(
[[upgrade]]
unit = "pike"
die = "d6"
on = [6, 6]
scope = "all"
fight = "d10"

[extra_unit]
die = "d4"

[[extra_unit.result]]
on = [1, 4]
units = ["pike"]
)";
    CHECK(lines(army(src).errors) ==
          std::vector<std::string>{at(src, "\"2\"") +
                                   ": unit[0].units: expected an integer, found a string"});
    // A name no line gives is still reported.
    const std::string typo = with(src, "units = [\"pike\"]", "units = [\"pikes\"]");
    CHECK(lines(army(typo).errors) ==
          std::vector<std::string>{
              at(typo, "\"2\"") + ": unit[0].units: expected an integer, found a string",
              at(typo, "\"pikes\"") +
                  ": extra_unit.result[0].units[0]: no unit line has id \"pikes\""});
}

TEST_CASE("duplicates name the line of the first definition", "[data][loader]") {
    const std::string src = with(kArmy, "id = \"wagons\"", "id = \"pike\"");
    const std::string first = at(src, "id = \"pike\"");  // "line:column"
    CHECK(lines(army(src).errors) ==
          std::vector<std::string>{at(src, "\"pike\"", 2) +
                                   ": unit[1].id: duplicate id \"pike\" (first defined at line " +
                                   first.substr(0, first.find(':')) + ")"});
}

TEST_CASE("wrong types say what was expected", "[data][loader]") {
    SECTION("a die given as a number") {
        const std::string src = with(kArmy, "fight = \"d8\"", "fight = 8");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{
                  at(src, "8\nunits") +
                  ": unit[0].fight: expected a die such as \"d8\", found an integer"});
    }
    SECTION("a table where an array belongs") {
        const std::string src =
            with(kArmy, "extra_card = [\"melee\"]", "extra_card = { melee = 1 }");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{at(src, "{ melee") +
                                       ": extra_card: expected an array, found a table"});
    }
    SECTION("an unknown card kind lists the known ones") {
        const std::string src = with(kArmy, "[\"melee\"]", "[\"meelee\"]");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{
                  at(src, "\"meelee\"") +
                  ": extra_card[0]: unknown card kind \"meelee\" (use infantry_move, "
                  "cavalry_move, reload, melee, leader_check, milling_around, courage or "
                  "command_indecision)"});
    }
}

TEST_CASE("the header is checked first", "[data][loader]") {
    SECTION("an army is not a ruleset") {
        const auto rs = rules::load_ruleset("army.toml", kArmy);
        CHECK(lines(rs.errors) ==
              std::vector<std::string>{at(kArmy, "\"army\"") +
                                       ": kind: expected \"ruleset\", found \"army\""});
    }
    SECTION("newer schema versions are refused, and nothing else is read") {
        const std::string src =
            with(kArmy, "schema_version = 1", "schema_version = 2") + "nonsense = 1\n";
        CHECK(
            lines(army(src).errors) ==
            std::vector<std::string>{
                at(src, "2") +
                ": schema_version: version 2 is newer than this program reads (1); update tercio"});
    }
    SECTION("version 0 is not a version") {
        const std::string src = with(kArmy, "schema_version = 1", "schema_version = 0");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{at(src, "0") +
                                       ": schema_version: 0 is not a version (1 or more)"});
    }
    SECTION("a missing schema_version") {
        const std::string src = with(kArmy, "schema_version = 1\n", "");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{"1:1: missing required key 'schema_version'"});
    }
    SECTION("check_text dispatches on kind") {
        CHECK(rules::check_text("a.toml", kArmy, kResolve).kind == "army");
        CHECK(rules::check_text("r.toml", kRuleset, kResolve).kind == "ruleset");
        const auto out =
            rules::check_text("x.toml", with(kArmy, "\"army\"", "\"scenario\""), kResolve);
        CHECK(out.status == data::CheckOutcome::Status::Invalid);
        CHECK(lines(out.errors) ==
              std::vector<std::string>{
                  "2:8: kind: \"scenario\" is not a kind of file tercio reads (ruleset, army, position or rules)"});
    }
}

TEST_CASE("ruleset tables are checked without knock-on errors",
          "[data][loader][PS-SHOOT-10][PS-MELEE-13]") {
    const std::string bands = R"(
[[shooting_band]]
min = 1
max = 2
hits = 0
chip = true

[[shooting_band]]
min = 3
max = 5
chip = true

[[shooting_band]]
min = 6
hits = 2
chip = true
)";
    SECTION("a band missing a key does not shift the next one") {
        const std::string src =
            with(kRuleset, "[[shooting_band]]\nmin = 1\nhits = 0\nchip = true\n", bands);
        CHECK(lines(rules::load_ruleset("r.toml", src).errors) ==
              std::vector<std::string>{at(src, "[[shooting_band]]", 1) +
                                       ": shooting_band[1]: missing required key 'hits'"});
    }
    SECTION("a gap") {
        const std::string src =
            with(kRuleset, "[[shooting_band]]\nmin = 1\nhits = 0\nchip = true\n",
                 with(bands, "min = 6", "min = 7"));
        const auto errors = lines(rules::load_ruleset("r.toml", src).errors);
        CHECK(errors.back() ==
              at(src, "7\n") +
                  ": shooting_band[2].min: bands must run on without gaps or overlaps: expected "
                  "min = 6, found 7");
    }
    SECTION("a deck count of the wrong type does not also break the total") {
        const std::string src = with(kRuleset, "melee = 3", "melee = 3.0");
        CHECK(lines(rules::load_ruleset("r.toml", src).errors) ==
              std::vector<std::string>{
                  at(src, "3.0") +
                  ": deck.melee: expected an integer, found a number with a fraction"});
    }
    SECTION("a deck that does not come to deck_size") {
        const std::string src = with(kRuleset, "melee = 3", "melee = 4");
        CHECK(lines(rules::load_ruleset("r.toml", src).errors) ==
              std::vector<std::string>{
                  at(src, "[deck]") +
                  ": deck: 20 standard cards plus the army's extra card make 21, but "
                  "setup.deck_size is 20"});
    }
    SECTION("glyphs must differ ignoring case") {
        const std::string src = with(kRuleset, "glyph = \"W\"", "glyph = \"p\"");
        CHECK(lines(rules::load_ruleset("r.toml", src).errors) ==
              std::vector<std::string>{
                  at(src, "\"p\"") +
                  ": troop_type[2].glyph: glyph 'p' is already used by \"pike\" (letters must "
                  "differ ignoring case)"});
    }
}

TEST_CASE("hostile input is refused before parsing", "[data][loader]") {
    const auto guard = [](const std::string& text) {
        const auto e = data::guard_input("f.toml", text);
        return e ? std::to_string(e->line) + ":" + std::to_string(e->column) + ": " + e->message
                 : std::string();
    };
    SECTION("strings that are never closed are reported at their opening quote") {
        CHECK(guard("a = 1\nname = \"Spanish\nb = 2\n") ==
              "2:8: unterminated string: add the closing \" before the end of the line");
        CHECK(guard("name = 'Spanish\n") ==
              "1:8: unterminated string: add the closing ' before the end of the line");
        CHECK(guard("name = \"Spanish") ==
              "1:8: unterminated string: add the closing \" before the end of the line");
        CHECK(guard("x = 1\nnotes = \"\"\"one\ntwo\n") ==
              "2:9: unterminated multi-line string: it needs a closing \"\"\"");
        CHECK(guard("notes = '''one\ntwo\n") ==
              "1:9: unterminated multi-line string: it needs a closing '''");
        // and the loaders say the same
        const auto a = army(with(kArmy, "name = \"Test\"", "name = \"Test"));
        CHECK(lines(a.errors) ==
              std::vector<std::string>{
                  "4:8: unterminated string: add the closing \" before the end of the line"});
    }
    SECTION("a multi-line string where a key begins, or a quote inside a bare word, is refused (toml++ reads no string there)") {
        const std::string refused = "1: a key cannot be a multi-line string (\"\"\" or '''): quote it with \" or '";
        CHECK(guard("\"\"\"a\"\"\" = 1\n") == "1:1" + refused.substr(1));
        CHECK(guard("x = 1\n  '''a''' = 1\n") == "2:3" + refused.substr(1));
        CHECK(guard("t = { a = 1, \"\"\"b\"\"\" = 2 }\n") == "1:14" + refused.substr(1));
        CHECK(guard("a.'''b''' = 1\n") == "1:3" + refused.substr(1));
        // A quote inside a bare word opens no string for toml++ either.
        CHECK(guard("x = -$'a'\n") ==
              "1:7: a quote inside a bare word: a string begins a key or a value (after =, [, {, ',' or '.')");
        CHECK(guard("\"a\".\"b\" = [ \"x\",\"y\" ]\nt = {\"k\"='v'}\n").empty());
        // A bare value runs to a blank, ',', ']', '}' or '#' for toml++, even past a second '=':
        // a quote there opens no string, and non-ASCII after it was toml++'s undefined behaviour
        // (fuzz/regressions/toml-quote-after-equals-in-bare-value.toml).
        CHECK(guard("nu1=1(41=\"[\xef\xb9\xbf\"[4") ==
              "1:10: a quote inside a bare word: a string begins a key or a value (after =, [, {, ',' or '.')");
        CHECK(guard("a = [1, 2=\"x\"]\n") ==
              "1:11: a quote inside a bare word: a string begins a key or a value (after =, [, {, ',' or '.')");
        CHECK(guard("t = { a = x=\xc3\xa9 }\n") ==
              "1:13: non-ASCII character outside a string (put text in quotes; bare keys may use only A-Z, "
              "a-z, 0-9, _ and -)");
        // Values, keys and headers around them are still read as before.
        CHECK(guard("a = [1,\"x\", 2.5, [\"y\"]]\nb = 1979-05-27 07:32:00\n[t.\"k\"]\n[[u.'v']]\nw = {x=1,\"y\"=2}\n")
                  .empty());
        // A value may be one, in a table, an array or an inline table.
        CHECK(guard("a = \"\"\"x\"\"\"\nb = [\n  '''y''',\n  \"\"\"z\"\"\",\n]\nc = { d = '''w''' }\n").empty());
    }
    SECTION("valid strings are not mistaken for unterminated ones") {
        for (const char* text : {
                 "a = \"\"\nb = ''\n",
                 "a = \"say \\\"hi\\\"\"\n",
                 "a = \"back\\\\\"\n",
                 "a = \"\"\"one\ntwo\"\"\"\n",
                 "a = \"\"\"ends in a quote\"\"\"\"\nb = 1\n",
                 "a = \"\"\"ends in two quotes\"\"\"\"\"\nb = 1\n",
                 "a = '''ends in a quote''''\nb = 1\n",
                 "a = \"\"\"line \\\n  continued\"\"\"\n",
                 "# it's a comment with \" and '\na = 1\n",
                 "\"quoted key\" = 1\n",
             }) {
            INFO(text);
            CHECK(guard(text).empty());
            // and the parser agrees: no syntax error (only the missing header keys)
            for (const auto& e : rules::check_text("f.toml", text, kResolve).errors) {
                INFO(e.to_string());
                CHECK(e.message.find("syntax") == std::string::npos);
            }
        }
    }
    SECTION("nesting up to the limit") {
        const auto nested = [](int n) {
            return "a = " + std::string(static_cast<std::size_t>(n), '[') + "1" +
                   std::string(static_cast<std::size_t>(n), ']') + "\n";
        };
        CHECK(guard(nested(data::kMaxNesting)).empty());
        CHECK(guard(nested(data::kMaxNesting + 1)) == "1:37: nested more than 32 levels deep");
    }
    SECTION("brackets closed by the other kind, at the closing one") {
        CHECK(guard("a = [}\n") ==
              "1:6: '}' cannot close the '[' opened at line 1, column 5 (an array ends with ']', "
              "an inline table with '}')");
        CHECK(guard("a = [\n  { b = 1 ],\n]\n") ==
              "2:11: ']' cannot close the '{' opened at line 2, column 3 (an array ends with ']', "
              "an inline table with '}')");
        CHECK(guard("a = [1, [2}]\n").substr(0, 5) == "1:11:");
        CHECK(guard("[t]\na = [[1], {b = [2]}]\n[[u]]\nc = \"[}\" # {]\n").empty());
    }
    SECTION("dotted keys up to the limit") {
        const auto dotted = [](int dots) {
            std::string key = "a";
            for (int i = 0; i < dots; ++i) key += ".a";
            return key + " = 1\n";
        };
        CHECK(guard(dotted(data::kMaxDotsPerLine)).empty());
        CHECK(guard(dotted(data::kMaxDotsPerLine + 1)) ==
              "1:258: more than 128 dots on one line (key nested too deep)");
    }
    SECTION("size up to 1 MiB") {
        std::string text = kArmy;
        text += "#" + std::string(data::kMaxInputBytes - text.size() - 2, '-') + "\n";
        REQUIRE(text.size() == data::kMaxInputBytes);
        const auto a = army(text);
        for (const auto& e : a.errors) UNSCOPED_INFO(e.to_string());
        CHECK(a.ok());
        text.insert(0, " ");
        CHECK(lines(army(text).errors) ==
              std::vector<std::string>{
                  "1:1: file is too large (1048577 bytes; the limit is 1048576)"});
    }
    SECTION("bytes that are not UTF-8, and NUL") {
        CHECK(guard("name = \"Espa\xf1"
                    "a\"\n") == "1:13: invalid UTF-8 byte 0xf1 (save the file as UTF-8)");
        CHECK(guard("a = 1 \xff\n") == "1:7: invalid UTF-8 byte 0xff (save the file as UTF-8)");
        CHECK(guard("# caf\xc3\xa9 \xc3\n") ==
              "1:8: invalid UTF-8 byte 0xc3 (save the file as UTF-8)");
        CHECK(guard(std::string("a = \"x\0y\"\n", 10)) == "1:7: NUL byte in file");
        CHECK(guard("name = \"Espa\xc3\xb1"
                    "a\"\n")
                  .empty());  // real UTF-8 is fine
        // 2-, 3- and 4-byte characters in strings and comments, after escapes too
        const std::string utf8 =
            with(kArmy, "name = \"Test\"",
                 "name = \"Espa\xc3\xb1"
                 "a \xe2\x80\x93 \\\"\xc3\xa9\\\" \xf0\x9f\x8f\xb0\" # \xc3\xa9t\xc3\xa9");
        const auto a = army(utf8);
        for (const auto& e : a.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(a.ok());
        CHECK(a.value->name ==
              "Espa\xc3\xb1"
              "a \xe2\x80\x93 \"\xc3\xa9\" \xf0\x9f\x8f\xb0");
    }
}

TEST_CASE("an army or ruleset whose id is not its file name is refused at the id",
          "[data][loader][layout]") {
    // `tercio run` finds armies and rulesets by id, as rulesets/<ruleset>/armies/<id>.toml and
    // rulesets/<id>/ruleset.toml: `tercio check` must refuse a file it could never find, where
    // `run` does, at the id.
    const fs::path data = fs::path(TERCIO_SOURCE_DIR) / "data";
    const fs::path dir =
        fs::temp_directory_path() / ("tercio-id-test-" + std::to_string(std::random_device{}()));
    const fs::path armies = dir / "rulesets" / "pikette-squared" / "armies";
    fs::create_directories(armies);
    fs::create_directories(dir / "rulesets" / "other");
    fs::copy(data::ruleset_file(data, "pikette-squared"),
             data::ruleset_file(dir, "pikette-squared"));
    const std::string spanish =
        data::read_file(data::army_file(data, "pikette-squared", "spanish")).text;
    const std::string rules = data::read_file(data::ruleset_file(data, "pikette-squared")).text;
    std::ofstream(armies / "castile.toml") << spanish;
    std::ofstream(armies / "Castile.toml") << spanish;
    std::ofstream(data::ruleset_file(dir, "other")) << rules;
    data::DataCatalog catalog(dir, rules::Engine::name);
    const std::string army_error =
        at(spanish, "\"spanish\"") +
        ": id: \"spanish\" does not match the file name castile.toml (armies are looked up by id, "
        "as rulesets/<ruleset>/armies/<id>.toml): name the file spanish.toml, or make the id "
        "\"castile\"";
    SECTION("tercio check") {
        const auto out = kits::check_file(armies / "castile.toml", catalog);
        CHECK(out.kind == "army");
        CHECK(lines(out.errors) == std::vector<std::string>{army_error});
    }
    SECTION("and the catalog that tercio run uses says the same, at the same place") {
        std::string why;
        CHECK(rules::army(catalog, "pikette-squared", "castile", why) == nullptr);
        CHECK(why == (armies / "castile.toml").string() + ":" + army_error);
        CHECK(rules::army(catalog, "castile", why) == nullptr);
        CHECK(why == (armies / "castile.toml").string() + ":" + army_error);
    }
    SECTION("a file name that is not an id can only be renamed") {
        const auto out = kits::check_file(armies / "Castile.toml", catalog);
        CHECK(lines(out.errors) ==
              std::vector<std::string>{
                  at(spanish, "\"spanish\"") +
                  ": id: \"spanish\" does not match the file name Castile.toml (armies are looked "
                  "up by id, as rulesets/<ruleset>/armies/<id>.toml): name the file spanish.toml"});
    }
    SECTION("a ruleset by its folder") {
        const std::string ruleset_error = at(rules, "\"pikette-squared\"") +
                                          ": id: \"pikette-squared\" does not match the folder "
                                          "name other (rulesets are looked up by id, "
                                          "as rulesets/<id>/ruleset.toml): name the folder "
                                          "pikette-squared, or make the id \"other\"";
        const auto out = kits::check_file(data::ruleset_file(dir, "other"), catalog);
        CHECK(lines(out.errors) == std::vector<std::string>{ruleset_error});
        std::string why;
        CHECK(rules::ruleset(catalog, "other", why) == nullptr);
        CHECK(why == data::ruleset_file(dir, "other").string() + ":" + ruleset_error);
    }
    SECTION("a ruleset file outside the layout by its file name") {
        std::ofstream(dir / "mine.toml") << rules;
        const auto out = kits::check_file(dir / "mine.toml", catalog);
        CHECK(lines(out.errors) ==
              std::vector<std::string>{
                  at(rules, "\"pikette-squared\"") +
                  ": id: \"pikette-squared\" does not match the file name mine.toml (rulesets "
                  "are looked up by id, as rulesets/<id>/ruleset.toml): name the file "
                  "pikette-squared.toml, or make the id \"mine\""});
    }
    SECTION("an army in the folder of a ruleset it does not name") {
        fs::create_directories(dir / "rulesets" / "other" / "armies");
        const fs::path file = data::army_file(dir, "other", "spanish");
        std::ofstream(file) << spanish;
        const auto out = kits::check_file(file, catalog);
        CHECK(lines(out.errors) ==
              std::vector<std::string>{at(spanish, "\"pikette-squared\"") +
                                       ": ruleset: \"pikette-squared\" is not the ruleset whose "
                                       "folder this army is in (other): the "
                                       "game finds an army in its ruleset's folder, as "
                                       "rulesets/<ruleset>/armies/<id>.toml; move "
                                       "the file or name ruleset \"other\""});
        std::string why;
        CHECK(rules::army(catalog, "other", "spanish", why) == nullptr);
        CHECK(why ==
              "it is for ruleset \"pikette-squared\", not \"other\" (an army names the ruleset "
              "whose folder "
              "it is in)");
    }
    SECTION("in memory, a file name is checked only when one is given") {
        CHECK(rules::check_text("castile.toml", spanish, rules::resolver(catalog)).errors.size() == 0);
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
}

TEST_CASE("what the game cannot hold is refused where the file says it", "[data][loader]") {
    // The limits of GameState (rules/game_state.hpp): 16 units a side, 255 upgrades an army, 8
    // terrain pieces, 24 cards a deck, 2 stand groups a unit, 12 steps a move. A file past one
    // used to load, then abort the game ("too many units") or write past an array.
    // "line:column" of the value in `key = value`.
    const auto value_at = [](std::string_view text, std::string_view key_value) {
        const std::string key = at(text, key_value);
        const auto colon = key.find(':');
        const int column = std::stoi(key.substr(colon + 1));
        return key.substr(0, colon + 1) +
               std::to_string(column + static_cast<int>(key_value.find("= ") + 2));
    };
    const std::string upgrade = R"(
[[upgrade]]
unit = "pike"
die = "d6"
on = [1, 6]
scope = "all"

[upgrade.replace_with]
id = "block"
type = "pike"
fight = "d10"
units = 14
)";
    const std::string too_many =
        " units (with every upgrade won and its extra unit), more than the 16 a side can have";
    SECTION("an army that could field more than 16 units, at the count that passes them") {
        // 2 pike + 1 wagons + 1 gun, and the pike replaced by 14 units: 16, the most a side has.
        const std::string fits = kArmy + upgrade;
        const auto ok = army(fits);
        for (const auto& e : ok.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(ok.ok());
        // With every upgrade won, both sides field 16 units: the game holds them.
        const rules::RulesContext ctx{&mini(), {&*ok.value, &*ok.value}};
        rules::GameState s;
        core::SeededDice dice(1);
        rules::new_game(ctx, s, dice);
        CHECK(s.unit_count == 2 * rules::kMaxUnitsPerSide);
        const std::string src = with(fits, "units = 14", "units = 15");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{value_at(src, "units = 15") +
                                       ": upgrade[0].replace_with.units: the army could field 17" +
                                       too_many});
    }
    SECTION("the French list with 16 Swiss units, as in the issue") {
        const fs::path data = fs::path(TERCIO_SOURCE_DIR) / "data";
        data::DataCatalog catalog(data, rules::Engine::name);
        const std::string french =
            data::read_file(data::army_file(data, "pikette-squared", "french")).text;
        const std::string src = with(french, "units = 1\ntraits = [\"fearsome\", \"never_routs\"]",
                                     "units = 16\ntraits = [\"fearsome\", \"never_routs\"]");
        CHECK(lines(rules::load_army("french.toml", src, rules::resolver(catalog)).errors) ==
              std::vector<std::string>{value_at(src, "units = 16") +
                                       ": upgrade[0].replace_with.units: the army could field 27" +
                                       too_many});
    }
    SECTION("the extra unit counts too") {
        // 2 pike (replaced by 14) + the gun + the extra unit (wagons, "0-1"): 16.
        std::string src =
            with(kArmy + upgrade, "type = \"wagons\"\nunits = 1", "type = \"wagons\"\nunits = 0");
        src +=
            "\n[extra_unit]\ndie = \"d6\"\n\n[[extra_unit.result]]\non = [1, 6]\nunits = "
            "[\"wagons\"]\n";
        const auto ok = army(src);
        for (const auto& e : ok.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(ok.ok());
        src = with(src, "units = 14", "units = 15");
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{at(src, "[extra_unit]") +
                                       ": extra_unit: the army could field 17" + too_many});
    }
    SECTION("more upgrades than a unit can name") {
        std::string src = kArmy;
        for (int i = 0; i < 256; ++i) {
            src +=
                "\n[[upgrade]]\nunit = \"pike\"\ndie = \"d6\"\non = [6, 6]\nscope = \"one\"\n"
                "name = \"Veterans\"\n";
        }
        CHECK(lines(army(src).errors) ==
              std::vector<std::string>{at(src, "[[upgrade]]", 255) +
                                       ": upgrade[255]: an army has at most 255 upgrades"});
    }
    SECTION("a ruleset's terrain, deck, stand groups and moves") {
        const std::string terrain = with(kRuleset, "terrain_pieces = 4", "terrain_pieces = 9");
        CHECK(lines(rules::load_ruleset("r.toml", terrain).errors) ==
              std::vector<std::string>{value_at(terrain, "terrain_pieces = 9") +
                                       ": setup.terrain_pieces: 9 is out of range (0 to 8)"});
        const std::string deck = with(kRuleset, "deck_size = 20", "deck_size = 25");
        CHECK(lines(rules::load_ruleset("r.toml", deck).errors) ==
              std::vector<std::string>{value_at(deck, "deck_size = 25") +
                                       ": setup.deck_size: 25 is out of range (1 to 24)"});
        const std::string groups =
            with(kRuleset, "stands = 2\nhits_per_stand = 4\nmove = 2.5",
                 "stand_groups = [\n    { kind = \"a\", count = 1, hits = 1 },\n"
                 "    { kind = \"b\", count = 1, hits = 1 },\n"
                 "    { kind = \"c\", count = 1, hits = 1 },\n]\nmove = 2.5");
        CHECK(lines(rules::load_ruleset("r.toml", groups).errors) ==
              std::vector<std::string>{value_at(groups, "stand_groups = [") +
                                       ": troop_type[0].stand_groups: 3 stand groups, more than "
                                       "the 2 a unit can have"});
        const std::string far = with(kRuleset, "move = 2.5", "move = 12.5");
        CHECK(lines(rules::load_ruleset("r.toml", far).errors) ==
              std::vector<std::string>{value_at(far, "move = 12.5") +
                                       ": troop_type[0].move: 12.5 is out of range (0.5 to 12 "
                                       "squares)"});
    }
}
