// The Sword and the Pike's ruleset and army files: the shipped ones load clean, with the choices
// their comments give, and broken ones are refused with a clear message at file:line:column.
// `tercio check` reads them with the registered kit's checker; here they are checked through the
// same data::check_file with the kit's file checker next to the other two.
#include "kits/tsp/data/files.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>

#include "data/check.hpp"
#include "data/data_files.hpp"
#include "kits/hbl/data/files.hpp"
#include "kits/pikette/data/files.hpp"

namespace fs = std::filesystem;
using namespace tercio;

namespace {

const fs::path kData = fs::path(TERCIO_SOURCE_DIR) / "data";
constexpr const char* kTsp = "the-sword-and-the-pike";

data::DataCatalog& catalog() {
    static data::DataCatalog c(kData, rules::Engine::name);
    return c;
}

/// Every engine's checker, as `tercio check` has them.
const data::FileCheckers& checkers() {
    static const data::FileCheckers c{
        {rules::file_checker(rules::resolver(catalog()), rules::context_resolver(catalog())),
         hbl::file_checker(catalog()), tsp::file_checker(catalog())},
        catalog().engine_resolver()};
    return c;
}

const tsp::ArmyList& army(const std::string& id) {
    std::string why;
    const tsp::ArmyList* a = tsp::army(catalog(), kTsp, id, why);
    INFO(id << ": " << why);
    REQUIRE(a);
    return *a;
}

const tsp::UnitLine& line(const tsp::ArmyList& a, const std::string& id) {
    for (const auto& l : a.units) {
        if (l.id == id) return l;
    }
    FAIL("no unit line " << id << " in " << a.id);
    throw std::logic_error("unreachable");
}

std::string errors_of(const data::LoadErrors& errors) {
    std::string out;
    for (const auto& e : errors) out += e.to_string() + "\n";
    return out;
}

// A ruleset of six troop types, and an army for it, both fine; the tests below break them.
const std::string kRuleset = R"(schema_version = 1
kind = "ruleset"
engine = "the-sword-and-the-pike"
id = "tsp-mini"
name = "Mini"

[board]
files = 24
ranks = 16
deployment_ranks = 4

[[troop_type]]
id = "pikemen"
name = "Pikemen"
glyph = "P"
kind = "pikemen"
orders = ["closed", "open"]
figures = 20
companies = 4

[[troop_type]]
id = "arquebusiers"
name = "Arquebusiers"
glyph = "A"
kind = "arquebusiers"
orders = ["open", "skirmish"]
weapons = ["arquebus"]
figures = 20
companies = 4
may_attach = true

[[troop_type]]
id = "great_swords"
name = "Great-swordsmen"
glyph = "Z"
kind = "great_swords"
orders = ["open"]
figures = 5
companies = 1
attached_only = true

[[troop_type]]
id = "gendarmes"
name = "Gendarmes"
glyph = "K"
kind = "gendarmes"
orders = ["open"]
figures = 12
companies = 4

[[troop_type]]
id = "light_horse"
name = "Light horse"
glyph = "H"
kind = "light_horse"
orders = ["open", "skirmish"]
weapons = ["none", "arquebus", "crossbow"]
figures = 12
companies = 4

[[troop_type]]
id = "heavy_gun"
name = "Heavy gun"
glyph = "G"
kind = "heavy_gun"
orders = ["open"]
weapons = ["heavy_cannon"]
figures = 4
companies = 1
)";

// Line numbers matter below: line 8 is the first [[officer]], line 13 the first [[unit]].
const std::string kArmy = R"(schema_version = 1
kind = "army"
id = "mini"
ruleset = "tsp-mini"
name = "Mini"
period = "Now"

[[officer]]
id = "colonel"
name = "Colonel"
rank = "colonel"
attached = "swiss"
[[unit]]
id = "swiss"
type = "pikemen"
order = "closed"
temper = "swiss"
figures = 20
leaders = 2
units = 1
[[unit.attached]]
type = "great_swords"
figures = 5
leader = true
[[unit]]
id = "horse"
type = "light_horse"
order = "skirmish"
weapon = "crossbow"
units = 2
[[unit]]
id = "gun"
type = "heavy_gun"
order = "open"
may_move = true
move_dice = 2
units = 1
)";

const tsp::Ruleset& mini() {
    static const auto rs = tsp::load_tsp_ruleset("mini.toml", kRuleset);
    INFO(errors_of(rs.errors));
    REQUIRE(rs.ok());
    return *rs.value;
}

data::Loaded<tsp::ArmyList> load_army(const std::string& text) {
    const tsp::Ruleset& rs = mini();
    return tsp::load_tsp_army("army.toml", text, [&rs](std::string_view id, std::string& why) -> const tsp::Ruleset* {
        if (id == "tsp-mini") return &rs;
        why = "no such ruleset";
        return nullptr;
    });
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

std::string army_errors(const std::string& text) { return errors_of(load_army(text).errors); }
std::string ruleset_errors(const std::string& text) {
    return errors_of(tsp::load_tsp_ruleset("mini.toml", text).errors);
}

}  // namespace

TEST_CASE("The Sword and the Pike's ruleset: a 24 by 16 board and the troop types of TSP-TYPE-1",
          "[data][tsp][TSP-TYPE-1][TSP-GRID-1][TSP-ORDER-1][TSP-FIRE-3]") {
    std::string why;
    const tsp::Ruleset* rs = tsp::ruleset(catalog(), kTsp, why);
    INFO(why);
    REQUIRE(rs);
    CHECK(rs->name == "The Sword and the Pike");
    CHECK(catalog().engine(kTsp) == std::optional<std::string>(tsp::kEngine));
    CHECK(rs->files == 24);
    CHECK(rs->ranks == 16);
    CHECK(rs->troop_types.size() == static_cast<std::size_t>(tsp::kKindCount));
    std::set<tsp::Kind> kinds;
    for (const tsp::TroopType& t : rs->troop_types) {
        INFO(t.id);
        kinds.insert(t.kind);
        CHECK(t.figures % t.companies == 0);
        CHECK_FALSE(t.orders.empty());
        // Every mounted type is 12 in 4 companies of 3; every foot unit 20 in 4 of 5, or one company of 5.
        if (tsp::mounted(t.kind)) CHECK((t.figures == 12 && t.companies == 4));
        if (tsp::foot(t.kind) && !t.attached_only && t.kind != tsp::Kind::Riflemen) {
            CHECK((t.figures == 20 && t.companies == 4));
        }
        if (t.attached_only) CHECK((t.figures == 5 && t.companies == 1 && t.may_attach));
    }
    CHECK(kinds.size() == static_cast<std::size_t>(tsp::kKindCount));
    const auto type = [&](const char* id) -> const tsp::TroopType& {
        const tsp::TroopType* t = rs->find_type(id);
        INFO(id);
        REQUIRE(t);
        return *t;
    };
    CHECK(type("pikemen").orders == std::vector<tsp::Order>{tsp::Order::Closed, tsp::Order::Open});
    CHECK(type("light_horse").orders == std::vector<tsp::Order>{tsp::Order::Open, tsp::Order::Skirmish});
    CHECK(type("light_horse").weapons ==
          std::vector<tsp::Weapon>{tsp::Weapon::None, tsp::Weapon::Arquebus, tsp::Weapon::Crossbow});
    CHECK(type("reiters").weapons == std::vector<tsp::Weapon>{tsp::Weapon::Pistol});
    CHECK(type("gendarmes").weapons.empty());
    CHECK(type("heavy_gun").figures == 4);  // TSP-FIRE-1: 4 crew, 12 dice
    CHECK(type("light_gun").figures == 2);  // 2 crew, 6 dice
    CHECK(type("arquebusiers").may_attach);
    CHECK(type("crossbowmen").may_attach);
    CHECK(type("halberdiers").may_attach);
    CHECK_FALSE(type("pikemen").may_attach);
    CHECK(type("great_swords").attached_only);
    CHECK(type("sword_and_buckler").attached_only);
}

TEST_CASE("The Sword and the Pike's seven armies load clean", "[data][tsp][TSP-TYPE-2][TSP-AMB-25][TSP-AMB-12][TSP-CARD-3]") {
    const std::set<std::string> ids = {"french", "imperialist", "italian", "moorish", "ottoman", "spanish", "swiss"};
    std::set<std::string> found;
    for (const auto& e : fs::directory_iterator(kData / "rulesets" / kTsp / "armies")) {
        const auto out = data::check_file(e.path(), checkers());
        INFO(e.path().string() << "\n" << errors_of(out.errors) << out.unreadable);
        CHECK(out.status == data::CheckOutcome::Status::Ok);
        CHECK(out.kind == "army");
        found.insert(e.path().stem().string());
    }
    CHECK(found == ids);
    const auto rs_out = data::check_file(kData / "rulesets" / kTsp / "ruleset.toml", checkers());
    INFO(errors_of(rs_out.errors));
    CHECK(rs_out.status == data::CheckOutcome::Status::Ok);
    CHECK(rs_out.kind == "ruleset");

    std::string why;
    const tsp::Ruleset* rs = tsp::ruleset(catalog(), kTsp, why);
    REQUIRE(rs);
    for (const auto& id : ids) {
        const tsp::ArmyList& a = army(id);
        INFO(id);
        CHECK(a.ruleset == kTsp);
        CHECK(a.unit_count() >= 8);
        CHECK(a.unit_count() <= tsp::kMaxUnitsPerSide);
        CHECK_FALSE(a.officers.empty());
        CHECK(a.officers.size() <= static_cast<std::size_t>(tsp::kMaxFieldOfficers));
        for (const tsp::UnitLine& l : a.units) {
            INFO(l.id);
            const tsp::TroopType* t = rs->find_type(l.type);
            REQUIRE(t);
            CHECK_FALSE(t->attached_only);
            CHECK(l.figures == t->figures);  // every shipped unit at full strength
            CHECK(l.units >= 1);
            if (l.leaders == 2) CHECK((t->kind == tsp::Kind::Pikemen &&
                                       (l.temper == tsp::Temper::Swiss || l.temper == tsp::Temper::Spanish)));
            for (const tsp::AttachedCompany& c : l.attached) CHECK(rs->find_type(c.type)->may_attach);
        }
    }
    // TSP-AMB-25: Swiss is a flag of the army data; Swiss and Spanish pike have two leaders (TSP-TYPE-2).
    CHECK(line(army("swiss"), "pike").temper == tsp::Temper::Swiss);
    CHECK(line(army("swiss"), "pike").leaders == 2);
    CHECK(line(army("swiss"), "pike").units == 3);
    CHECK(line(army("french"), "swiss").temper == tsp::Temper::Swiss);
    CHECK(line(army("french"), "landsknechts").temper == tsp::Temper::Landsknecht);
    CHECK(line(army("french"), "landsknechts").leaders == 1);
    // TSP-AMB-12: Spanish foot are a temper of their own.
    const tsp::UnitLine& colunelas = line(army("spanish"), "colunelas");
    CHECK(colunelas.temper == tsp::Temper::Spanish);
    CHECK(colunelas.leaders == 2);
    REQUIRE(colunelas.attached.size() == 2);
    CHECK(colunelas.attached[0].type == "arquebusiers");
    CHECK(colunelas.attached[0].figures == 5);
    CHECK(colunelas.attached[0].leader);
    CHECK(colunelas.attached[1].type == "sword_and_buckler");
    CHECK_FALSE(colunelas.attached[1].leader);
    CHECK(line(army("imperialist"), "reiters").weapon == tsp::Weapon::Pistol);
    CHECK(line(army("ottoman"), "akinji").order == tsp::Order::Skirmish);
    // TSP-MOVE-1: which heavy gun may move is scenario data; only the French one has leave.
    CHECK(line(army("french"), "artillery").may_move);
    CHECK(line(army("french"), "artillery").move_dice == 1);
    CHECK_FALSE(line(army("spanish"), "artillery").may_move);
    CHECK(line(army("spanish"), "artillery").move_dice == 0);
    const tsp::ArmyList& spanish = army("spanish");
    REQUIRE(spanish.officers.size() == 2);
    CHECK(spanish.officers[1].rank == tsp::Rank::Colonel);
    CHECK(spanish.officers[1].attached == "colunelas");
    CHECK(spanish.officers[0].attached.empty());
    // TSP-CARD-3: two Colonels' brigades, for the option brigade-movement.
    CHECK(spanish.officers[1].brigade == std::vector<std::string>{"colunelas"});
    CHECK(army("imperialist").officers[1].brigade == std::vector<std::string>{"landsknechts", "colunela"});
    CHECK(army("swiss").officers[1].brigade.empty());
}

TEST_CASE("a Sword and the Pike army reads its defaults from its troop types", "[data][tsp][loader]") {
    const auto out = load_army(kArmy);
    INFO(errors_of(out.errors));
    REQUIRE(out.ok());
    const tsp::ArmyList& a = *out.value;
    CHECK(a.unit_count() == 4);
    const tsp::UnitLine& gun = line(a, "gun");
    CHECK(gun.weapon == tsp::Weapon::HeavyCannon);  // the type's first weapon
    CHECK(gun.figures == 4);                        // the type's full unit
    CHECK(gun.leaders == 1);
    CHECK(gun.temper == tsp::Temper::Other);
    CHECK(gun.may_move);
    CHECK(gun.move_dice == 2);
    const tsp::UnitLine& horse = line(a, "horse");
    CHECK(horse.weapon == tsp::Weapon::Crossbow);
    CHECK(horse.figures == 12);
    REQUIRE(a.officers.size() == 1);
    CHECK(a.officers[0].attached == "swiss");
}

TEST_CASE("a broken Sword and the Pike army is refused at file:line:column", "[data][tsp][loader]") {
    SECTION("unknown and missing keys, values out of range") {
        std::string text = replace(kArmy, "units = 2\n", "units = 2\nhorses = 3\n");
        text = replace(text, "units = 1\n[[unit.attached]]", "[[unit.attached]]");
        text = replace(text, "figures = 5\n", "figures = 6\n");
        text = replace(text, "order = \"open\"", "order = \"square\"");
        CHECK(army_errors(text) ==
              "army.toml:13:1: unit[0]: missing required key 'units'\n"
              "army.toml:22:11: unit[0].attached[0].figures: 6 is out of range (1 to 5)\n"
              "army.toml:30:1: unit[1].horses: unknown key\n"
              "army.toml:34:9: unit[2].order: unknown order \"square\" (use closed, open or skirmish)\n");
    }
    SECTION("a unit type the ruleset does not have, and one that only attaches") {
        std::string text = replace(kArmy, "type = \"light_horse\"", "type = \"knights\"");
        text = replace(text, "type = \"heavy_gun\"", "type = \"great_swords\"");
        CHECK(army_errors(text) ==
              "army.toml:27:8: unit[1].type: \"knights\" is not a troop type of ruleset \"tsp-mini\" (it has: "
              "pikemen, arquebusiers, great_swords, gendarmes, light_horse, heavy_gun)\n"
              "army.toml:33:8: unit[2].type: \"great_swords\" is only ever a company attached to a pike unit "
              "(TSP-TYPE-1): list it under [[unit.attached]]\n");
    }
    SECTION("an attached company of a type that may not attach, or to a unit that is not pike") {
        std::string text = replace(kArmy, "type = \"great_swords\"", "type = \"gendarmes\"");
        CHECK(army_errors(text) ==
              "army.toml:22:8: unit[0].attached[0].type: \"gendarmes\" may not be an attached company (TSP-TYPE-1: "
              "arquebusiers, crossbowmen, halberdiers, great-swordsmen or sword and buckler men)\n");
        text = replace(kArmy, "units = 2\n", "units = 2\n[[unit.attached]]\ntype = \"arquebusiers\"\n");
        CHECK(army_errors(text) ==
              "army.toml:32:8: unit[1].attached[0].type: companies attach to a pike unit (TSP-TYPE-1), and "
              "\"light_horse\" is light_horse\n");
        text = replace(kArmy, "leader = true\n",
                       "leader = true\n[[unit.attached]]\ntype = \"arquebusiers\"\n[[unit.attached]]\n"
                       "type = \"arquebusiers\"\n");
        CHECK(army_errors(text) ==
              "army.toml:21:1: unit[0].attached: 3 attached companies, more than the 2 a unit may have\n");
    }
    SECTION("figures that do not match the companies") {
        CHECK(army_errors(replace(kArmy, "figures = 20", "figures = 18")) ==
              "army.toml:18:11: unit[0].figures: 18 figures do not make the 4 equal companies of \"pikemen\"\n");
        CHECK(army_errors(replace(kArmy, "figures = 20", "figures = 24")) ==
              "army.toml:18:11: unit[0].figures: 24 figures, more than a full unit of \"pikemen\" (20)\n");
        CHECK(army_errors(replace(kArmy, "figures = 20", "figures = 41")) ==
              "army.toml:18:11: unit[0].figures: 41 is out of range (1 to 40)\n");
    }
    SECTION("no units at all") {
        std::string text = kArmy.substr(0, kArmy.find("[[unit]]"));
        text = replace(text, "attached = \"swiss\"\n", "");
        text = replace(text, "period = \"Now\"\n", "period = \"Now\"\nunit = []\n");
        CHECK(army_errors(text) == "army.toml:7:8: unit: needs at least one entry\n");
    }
    SECTION("more units than a side may field") {
        CHECK(army_errors(replace(kArmy, "units = 2", "units = 15")) ==
              "army.toml:13:1: unit: 17 units; an army fields 1 to 16 (one a square, TSP-GRID-1)\n");
        CHECK(army_errors(replace(kArmy, "units = 2", "units = 17")) ==
              "army.toml:30:9: unit[1].units: 17 is out of range (0 to 16)\n");
    }
    SECTION("two leaders where the temper is not Swiss or Spanish, or the unit not pike") {
        CHECK(army_errors(replace(kArmy, "temper = \"swiss\"", "temper = \"landsknecht\"")) ==
              "army.toml:19:11: unit[0].leaders: only Swiss and Spanish pike may have two leaders (TSP-TYPE-2); "
              "this is landsknecht pikemen\n");
        CHECK(army_errors(replace(kArmy, "temper = \"swiss\"\n", "")) ==
              "army.toml:18:11: unit[0].leaders: only Swiss and Spanish pike may have two leaders (TSP-TYPE-2); "
              "this is other pikemen\n");
        CHECK(army_errors(replace(kArmy, "leaders = 2", "leaders = 3")) ==
              "army.toml:19:11: unit[0].leaders: 3 is out of range (1 to 2)\n");
    }
    SECTION("an officer attached to a unit line that does not exist") {
        CHECK(army_errors(replace(kArmy, "attached = \"swiss\"", "attached = \"landsknechts\"")) ==
              "army.toml:12:12: officer[0].attached: \"landsknechts\" is not a unit line of this army (it has: "
              "gun, horse, swiss)\n");
        std::string text = replace(kArmy, "attached = \"swiss\"", "attached = \"horse\"");
        CHECK(army_errors(replace(text, "units = 2", "units = 0")) ==
              "army.toml:12:12: officer[0].attached: unit line \"horse\" fields no units\n");
        CHECK(army_errors(replace(kArmy, "rank = \"colonel\"", "rank = \"captain\"")) ==
              "army.toml:11:8: officer[0].rank: unknown rank \"captain\" (use colonel or general)\n");
        // An officer's id is a piece's id: it may not be a unit line's.
        CHECK(army_errors(replace(kArmy, "id = \"colonel\"", "id = \"gun\"")) ==
              "army.toml:9:6: officer[0].id: duplicate id \"gun\" (first defined at line 32)\n");
    }
    SECTION("more field officers than an army may have") {
        std::string more;
        for (int i = 0; i < 4; ++i) more += "[[officer]]\nid = \"o" + std::to_string(i) + "\"\nname = \"O\"\nrank = \"general\"\n";
        CHECK(army_errors(kArmy + more) == "army.toml:8:1: officer: 5 field officers, more than the 4 an army may have\n");
    }
    SECTION("an order, weapon, temper or leave to move that does not fit the type") {
        std::string text = replace(kArmy, "order = \"closed\"", "order = \"skirmish\"");
        text = replace(text, "weapon = \"crossbow\"", "weapon = \"pistol\"");
        text = replace(text, "order = \"skirmish\"\nweapon", "order = \"skirmish\"\ntemper = \"swiss\"\nweapon");
        CHECK(army_errors(text) ==
              "army.toml:16:9: unit[0].order: skirmish is not an order of \"pikemen\" (use closed or open)\n"
              "army.toml:29:10: unit[1].temper: a swiss temper is for foot, and \"light_horse\" are light_horse "
              "(TSP-MORALE-1: only foot have such rows)\n"
              "army.toml:30:10: unit[1].weapon: pistol is not a weapon of \"light_horse\" (use none, arquebus or "
              "crossbow)\n");
        text = replace(kArmy, "order = \"skirmish\"\n", "order = \"skirmish\"\nmay_move = true\n");
        CHECK(army_errors(text) ==
              "army.toml:29:12: unit[1].may_move: only a heavy gun needs the game master's leave to move "
              "(TSP-MOVE-1); \"light_horse\" are light_horse\n");
        // How far a gun with leave moves is the file's to say (TSP-MOVE-1), and only such a gun's.
        CHECK(army_errors(replace(kArmy, "move_dice = 2\n", "")) ==
              "army.toml:35:12: unit[2].may_move: a heavy gun that may move needs move_dice, the D6s it rolls to "
              "move (1 to 6): the source leaves how far to the game master (TSP-MOVE-1)\n");
        CHECK(army_errors(replace(kArmy, "may_move = true\n", "")) ==
              "army.toml:35:13: unit[2].move_dice: only a heavy gun with may_move = true rolls move_dice "
              "(TSP-MOVE-1)\n");
        CHECK(army_errors(replace(kArmy, "move_dice = 2", "move_dice = 7")).starts_with(
            "army.toml:36:13: unit[2].move_dice: "));
    }
    SECTION("a ruleset that is not found") {
        CHECK(army_errors(replace(kArmy, "ruleset = \"tsp-mini\"", "ruleset = \"nowhere\"")) ==
              "army.toml:4:11: ruleset: ruleset \"nowhere\": no such ruleset\n");
    }
}

namespace {

/// kArmy with a brigade for its Colonel (TSP-CARD-3): the Swiss pike he is with and two more pike
/// units of a line added at the end (lines 38 to 42), `brigade` on line 13.
std::string brigade_army(const std::string& brigade, const std::string& more_order = "closed") {
    std::string text = replace(kArmy, "attached = \"swiss\"\n", "attached = \"swiss\"\nbrigade = " + brigade + "\n");
    return text + "[[unit]]\nid = \"pike2\"\ntype = \"pikemen\"\norder = \"" + more_order + "\"\nunits = 2\n";
}

}  // namespace

TEST_CASE("a Colonel's brigade is read from his officer entry", "[data][tsp][loader][TSP-CARD-3]") {
    const auto out = load_army(brigade_army("[\"swiss\", \"pike2\"]"));
    INFO(errors_of(out.errors));
    REQUIRE(out.ok());
    CHECK(out.value->officers[0].brigade == std::vector<std::string>{"swiss", "pike2"});
    // None given: none.
    CHECK(load_army(kArmy).value->officers[0].brigade.empty());
}

TEST_CASE("a broken brigade is refused at file:line:column", "[data][tsp][loader][TSP-CARD-3]") {
    SECTION("a line the army does not have, or listed twice") {
        CHECK(army_errors(brigade_army("[\"swiss\", \"pikes\"]")) ==
              "army.toml:13:21: officer[0].brigade[1]: \"pikes\" is not a unit line of this army (it has: gun, "
              "horse, pike2, swiss)\n");
        CHECK(army_errors(brigade_army("[\"swiss\", \"swiss\", \"pike2\"]")) ==
              "army.toml:13:21: officer[0].brigade[1]: \"swiss\" is listed twice\n");
        CHECK(army_errors(brigade_army("\"swiss\"")) ==
              "army.toml:13:11: officer[0].brigade: expected an array, found a string\n");
    }
    SECTION("not 3 or 4 units") {
        CHECK(army_errors(brigade_army("[\"swiss\"]")) ==
              "army.toml:13:11: officer[0].brigade: a brigade is 3 or 4 units (TSP-CARD-3); these lines field 1\n");
        std::string five = replace(brigade_army("[\"swiss\", \"pike2\"]"), "units = 2\n[[unit]]\nid = \"gun\"",
                                   "units = 2\n[[unit]]\nid = \"gun\"");
        five = replace(five, "order = \"closed\"\nunits = 2\n", "order = \"closed\"\nunits = 4\n");
        CHECK(army_errors(five) ==
              "army.toml:13:11: officer[0].brigade: a brigade is 3 or 4 units (TSP-CARD-3); these lines field 5\n");
    }
    SECTION("more than one troop type or order") {
        CHECK(army_errors(brigade_army("[\"swiss\", \"horse\"]")) ==
              "army.toml:13:21: officer[0].brigade[1]: a brigade is of one troop type in one order (TSP-CARD-3): "
              "\"horse\" are light_horse in skirmish order, \"swiss\" pikemen in closed order\n");
        CHECK(army_errors(brigade_army("[\"swiss\", \"pike2\"]", "open")) ==
              "army.toml:13:21: officer[0].brigade[1]: a brigade is of one troop type in one order (TSP-CARD-3): "
              "\"pike2\" are pikemen in open order, \"swiss\" pikemen in closed order\n");
    }
    SECTION("a General, or a Colonel who is not with his brigade") {
        CHECK(army_errors(replace(brigade_army("[\"swiss\", \"pike2\"]"), "rank = \"colonel\"", "rank = \"general\"")) ==
              "army.toml:13:11: officer[0].brigade: only a Colonel commands a brigade (TSP-CARD-3); this officer is "
              "a general\n");
        CHECK(army_errors(replace(brigade_army("[\"swiss\", \"pike2\"]"), "attached = \"swiss\"", "attached = \"gun\"")) ==
              "army.toml:13:11: officer[0].brigade: the Colonel commands his brigade from one of its units: set "
              "attached to one of its lines\n");
    }
    SECTION("a line in two brigades") {
        const std::string second = "[[officer]]\nid = \"colonel2\"\nname = \"C\"\nrank = \"colonel\"\n"
                                   "attached = \"pike2\"\nbrigade = [\"pike2\", \"swiss\"]\n";
        CHECK(army_errors(brigade_army("[\"swiss\", \"pike2\"]") + second) ==
              "army.toml:49:12: officer[1].brigade[0]: unit line \"pike2\" is already in another Colonel's brigade\n"
              "army.toml:49:21: officer[1].brigade[1]: unit line \"swiss\" is already in another Colonel's brigade\n");
    }
}

TEST_CASE("a broken Sword and the Pike ruleset is refused at file:line:column", "[data][tsp][loader]") {
    CHECK(tsp::load_tsp_ruleset("mini.toml", kRuleset).ok());
    // An order the kind does not take, pistols on gendarmes, figures that do not make the companies.
    std::string text = replace(kRuleset, "orders = [\"closed\", \"open\"]", "orders = [\"closed\", \"skirmish\"]");
    text = replace(text, "glyph = \"K\"\nkind = \"gendarmes\"\norders = [\"open\"]\n",
                   "glyph = \"K\"\nkind = \"gendarmes\"\norders = [\"open\"]\nweapons = [\"pistol\"]\n");
    text = replace(text, "figures = 12\ncompanies = 4\n\n[[troop_type]]\nid = \"light_horse\"",
                   "figures = 10\ncompanies = 4\n\n[[troop_type]]\nid = \"light_horse\"");
    CHECK(ruleset_errors(text) ==
          "mini.toml:17:21: troop_type[0].orders[1]: skirmish is not an order of pikemen (TSP-TYPE-1: closed or "
          "open)\n"
          "mini.toml:48:12: troop_type[3].weapons[0]: pistol is not a weapon of gendarmes (they carry none); "
          "TSP-FIRE-7: only reiters carry pistols\n"
          "mini.toml:49:11: troop_type[3].figures: 10 figures do not make 4 companies of equal size\n");
    // An attached-only type of more than one company; horse that attach; an unknown kind; a glyph twice.
    text = replace(kRuleset, "figures = 5\ncompanies = 1\nattached_only = true",
                   "figures = 10\ncompanies = 2\nattached_only = true");
    text = replace(text, "companies = 4\n\n[[troop_type]]\nid = \"light_horse\"",
                   "companies = 4\nmay_attach = true\n\n[[troop_type]]\nid = \"light_horse\"");
    text = replace(text, "kind = \"heavy_gun\"", "kind = \"bombard\"");
    text = replace(text, "glyph = \"H\"", "glyph = \"p\"");
    CHECK(ruleset_errors(text) ==
          "mini.toml:39:13: troop_type[2].companies: an attached-only type is one company, not 2\n"
          "mini.toml:50:14: troop_type[3].may_attach: gendarmes are not foot: only foot companies attach to a pike "
          "unit (TSP-TYPE-1)\n"
          "mini.toml:55:9: troop_type[4].glyph: glyph 'p' is already used by \"pikemen\" (letters must differ "
          "ignoring case)\n"
          "mini.toml:66:8: troop_type[5].kind: unknown kind \"bombard\" (use gendarmes, reiters, light_horse, "
          "pikemen, arquebusiers, crossbowmen, halberdiers, great_swords, sword_and_buckler, riflemen, heavy_gun, "
          "light_gun or supply_wagon)\n");
    // Another engine's name; Hell Broke Loose's loader names the engine a Sword and the Pike file has.
    CHECK(ruleset_errors(replace(kRuleset, "engine = \"the-sword-and-the-pike\"", "engine = \"hell-broke-loose\"")) ==
          "mini.toml:3:10: engine: \"hell-broke-loose\" is not \"the-sword-and-the-pike\"\n");
    CHECK_THAT(errors_of(hbl::load_hbl_ruleset("mini.toml", kRuleset).errors),
               Catch::Contains("mini.toml:3:10: engine: \"the-sword-and-the-pike\" is not \"hell-broke-loose\"\n"));
}

TEST_CASE("a scenario's objectives are read from the ruleset file, each a square of the board once",
          "[data][tsp][loader][TSP-SPIRIT-4]") {
    const std::string two = "\n[[objective]]\nname = \"the hill\"\nsquare = \"l8\"\n"
                            "\n[[objective]]\nname = \"the farm\"\nsquare = \"d3\"\n";
    const auto rs = tsp::load_tsp_ruleset("mini.toml", kRuleset + two);
    INFO(errors_of(rs.errors));
    REQUIRE(rs.ok());
    REQUIRE(rs.value->objectives.size() == 2);
    CHECK(rs.value->objectives[0].name == "the hill");
    CHECK(rs.value->objectives[0].square == core::make_square(11, 7));
    CHECK(rs.value->objectives[1].square == core::make_square(3, 2));
    CHECK(tsp::load_tsp_ruleset("mini.toml", kRuleset).value->objectives.empty());
    // Off the board, twice in one square, without a name.
    const std::string at = "mini.toml:" + std::to_string(70 + 3) + ":10: objective[0].square: ";
    CHECK(ruleset_errors(kRuleset + replace(two, "\"l8\"", "\"z40\"")) ==
          at + "\"z40\" is not a square of this 24 by 16 board (a file letter and a rank number, as h8)\n");
    CHECK(ruleset_errors(kRuleset + replace(two, "\"d3\"", "\"l8\"")) ==
          "mini.toml:" + std::to_string(70 + 7) + ":10: objective[1].square: objective \"the hill\" is there "
          "already\n");
    CHECK(ruleset_errors(kRuleset + replace(two, "name = \"the hill\"\n", "")) ==
          "mini.toml:" + std::to_string(70 + 1) + ":1: objective[0]: missing required key 'name'\n");
}

TEST_CASE("every cut of a shipped Sword and the Pike file loads or says where it breaks", "[data][tsp][loader]") {
    // What the fuzz target does for the other rulesets' files, in small: each file cut after every
    // line, and with every line cut in half, loads or gives errors that each have a place.
    std::vector<fs::path> files = {kData / "rulesets" / kTsp / "ruleset.toml"};
    for (const auto& e : fs::directory_iterator(kData / "rulesets" / kTsp / "armies")) files.push_back(e.path());
    std::string why;
    const tsp::Ruleset* rs = tsp::ruleset(catalog(), kTsp, why);
    REQUIRE(rs);
    const auto resolve = [rs](std::string_view, std::string&) { return rs; };
    int loaded = 0;
    int refused = 0;
    for (const fs::path& f : files) {
        const data::FileText ft = data::read_file(f);
        REQUIRE(ft.error.empty());
        const bool is_ruleset = f.filename() == "ruleset.toml";
        for (std::size_t at = ft.text.find('\n'); at != std::string::npos; at = ft.text.find('\n', at + 1)) {
            for (const std::size_t cut : {at, at > 8 ? at - 8 : at}) {
                const std::string text = ft.text.substr(0, cut);
                const auto errors = is_ruleset ? tsp::load_tsp_ruleset("cut.toml", text).errors
                                               : tsp::load_tsp_army("cut.toml", text, resolve).errors;
                (errors.empty() ? loaded : refused) += 1;
                for (const auto& e : errors) {
                    INFO(f.filename().string() << " cut at " << cut << ": " << e.to_string());
                    CHECK(e.line >= 1);
                    CHECK(e.column >= 1);
                    CHECK_FALSE(e.message.empty());
                }
            }
        }
    }
    CHECK(refused > 0);
    CHECK(loaded > 0);
}
