// Hell Broke Loose's ruleset and army files: the shipped ones load with the posts' values where
// the posts give them, and broken ones are reported with file, line and column. The broken-file
// corpus (tests/data/bad/hbl_*) checks more through `tercio check`.
#include "kits/hbl/data/files.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>

#include "data/data_files.hpp"
#include "kits/check.hpp"
#include "kits/pikette/data/files.hpp"

namespace fs = std::filesystem;
using namespace tercio;

namespace {

const fs::path kData = fs::path(TERCIO_SOURCE_DIR) / "data";
constexpr const char* kHbl = "hell-broke-loose";

data::DataCatalog& catalog() {
    static data::DataCatalog c(kData, rules::Engine::name);
    return c;
}

const hbl::ArmyList& army(const std::string& id) {
    std::string why;
    const hbl::ArmyList* a = hbl::army(catalog(), kHbl, id, why);
    INFO(id << ": " << why);
    REQUIRE(a);
    return *a;
}

const hbl::UnitLine& line(const hbl::ArmyList& a, const std::string& id) {
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

// A ruleset with one troop type, and an army for it, both fine; the tests below break them.
const std::string kRuleset = R"(schema_version = 1
kind = "ruleset"
engine = "hell-broke-loose"
id = "hbl-mini"
name = "Mini"

[board]
files = 12
ranks = 12
deployment_ranks = 3

[[troop_type]]
id = "pike"
name = "Pike"
glyph = "P"
category = "infantry"
formation = "pike_square"
armour = "half"
superior_against = ["formed"]
)";

const std::string kArmy = R"(schema_version = 1
kind = "army"
id = "mini"
ruleset = "hbl-mini"
name = "Mini"
period = "Now"
army_die = "d10"
morale_chips = 10

[deck]
march = 10
melee = 10
lull = 9

[[command]]
id = "foot"
name = "Foot"
officer = "d10"

[[unit]]
id = "swiss"
type = "pike"
class = "A"
combat = "d12"
defence = "d8"
ui = 10
stubborn = 6
fierce = true
command = "foot"
units = 1
)";

data::Loaded<hbl::ArmyList> load_army(const std::string& text) {
    static const auto rs = hbl::load_hbl_ruleset("mini.toml", kRuleset);
    REQUIRE(rs.ok());
    return hbl::load_hbl_army("army.toml", text,
                               [](std::string_view id, std::string& why) -> const hbl::Ruleset* {
                                   if (id == "hbl-mini") return &*rs.value;
                                   why = "no such ruleset";
                                   return nullptr;
                               });
}

std::string replace(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("the Hell Broke Loose ruleset and its six armies load",
          "[data][hbl][HBL-SEQ-1][HBL-GRID-1]") {
    std::string why;
    const hbl::Ruleset* rs = hbl::ruleset(catalog(), kHbl, why);
    INFO(why);
    REQUIRE(rs);
    CHECK(rs->name == "Hell Broke Loose");
    CHECK(catalog().engine(kHbl) == std::optional<std::string>(kHbl));
    CHECK(catalog().engine("pikette-squared") == std::optional<std::string>("pikette-squared"));
    const std::set<std::string> ids = {"french",  "imperialist", "italian",
                                       "moorish", "ottoman",     "spanish"};
    std::set<std::string> found;
    for (const auto& e : fs::directory_iterator(kData / "rulesets" / kHbl / "armies")) {
        const auto out = kits::check_file(e.path(), catalog());
        INFO(e.path().string() << "\n" << errors_of(out.errors) << out.unreadable);
        CHECK(out.status == data::CheckOutcome::Status::Ok);
        CHECK(out.kind == "army");
        found.insert(e.path().stem().string());
    }
    CHECK(found == ids);
    for (const auto& id : ids) {
        const hbl::ArmyList& a = army(id);
        INFO(id);
        CHECK(a.ruleset == kHbl);
        CHECK(a.deck_size() >= hbl::kMinDeck);  // HBL-SEQ-1: 29 or more
        int fielded = 0;
        for (const auto& l : a.units) {
            fielded += l.units;
            CHECK(rs->find_type(l.type));
            CHECK(a.find_command(l.command));
            CHECK(l.stubborn <= l.ui);
        }
        CHECK(fielded >= 8);
        CHECK(fielded <= hbl::kMaxUnitsPerSide);
    }
}

TEST_CASE("army dice, decks and morale chips are army data",
          "[data][hbl][HBL-INIT-1][HBL-UNDEF-1][HBL-UNDEF-2][HBL-UNDEF-3]") {
    for (const char* id : {"french", "imperialist", "italian", "moorish", "ottoman", "spanish"}) {
        const hbl::ArmyList& a = army(id);
        INFO(id);
        CHECK(a.army_die == core::DieType::D10);  // HBL-UNDEF-1: D10, the value of every example
        CHECK(a.morale_chips > 0);
    }
    // "There are only two March cards in their deck" (the Imperials, 15 January post).
    CHECK(army("imperialist").deck[static_cast<std::size_t>(hbl::CardKind::March)] == 2);
    // An army die below D8 is refused.
    const auto bad = load_army(replace(kArmy, "army_die = \"d10\"", "army_die = \"d6\""));
    CHECK_FALSE(bad.ok());
    CHECK(errors_of(bad.errors) ==
          "army.toml:7:12: army_die: d6 is below the D8 to D12 of an army die (HBL-INIT-1)\n");
}

TEST_CASE("the units the posts give keep the posts' dice, UI and Fierce",
          "[data][hbl][HBL-DATA-1][HBL-UNDEF-20][HBL-UI-1][HBL-FIERCE-4]") {
    const auto check = [](const hbl::UnitLine& l, char quality, core::DieType cd, core::DieType dd,
                          int ui, int stubborn, bool fierce) {
        INFO(l.id);
        CHECK(l.quality == quality);
        CHECK(l.combat == cd);
        CHECK(l.defence == dd);
        CHECK(l.ui == ui);
        CHECK(l.stubborn == stubborn);
        CHECK(l.fierce == fierce);
    };
    using core::DieType;
    const hbl::ArmyList& french = army("french");
    check(line(french, "gendarmes"), 'A', DieType::D12, DieType::D8, 4, 0, true);
    check(line(french, "archers"), 'C', DieType::D8, DieType::D6, 4, 0, false);
    check(line(french, "swiss"), 'A', DieType::D12, DieType::D8, 10, 6, true);
    check(line(french, "artillery"), 'D', DieType::D6, DieType::D4, 2, 0, false);
    CHECK(line(french, "gascons").defence == DieType::D4);  // "tardy"
    const hbl::ArmyList& imperialist = army("imperialist");
    check(line(imperialist, "landsknechts"), 'B', DieType::D10, DieType::D8, 8, 4, false);
    check(line(imperialist, "genitors"), 'C', DieType::D8, DieType::D6, 4, 0, false);
    CHECK(line(imperialist, "colunelas").defence == DieType::D8);
    check(line(army("italian"), "lance_spezzate"), 'B', DieType::D10, DieType::D8, 4, 0, true);
}

TEST_CASE("a broken Hell Broke Loose army is reported line by line", "[data][hbl][loader]") {
    CHECK(load_army(kArmy).ok());
    // HBL-SEQ-1: fewer than 29 cards.
    auto out = load_army(replace(kArmy, "lull = 9", "lull = 8"));
    CHECK(errors_of(out.errors) ==
          "army.toml:10:1: deck: 28 cards; a sequence deck has 29 or more (HBL-SEQ-1)\n");
    // More stubborn UI than UI; a command the army does not have; a troop type the ruleset lacks.
    std::string text = replace(kArmy, "stubborn = 6", "stubborn = 11");
    text = replace(text, "command = \"foot\"\nunits", "command = \"horse\"\nunits");
    text = replace(text, "type = \"pike\"", "type = \"knights\"");
    out = load_army(text);
    CHECK(errors_of(out.errors) ==
          "army.toml:22:8: unit[0].type: \"knights\" is not a troop type of ruleset \"hbl-mini\" "
          "(it has: pike)\n"
          "army.toml:27:12: unit[0].stubborn: 11 stubborn UI, more than the unit's 10 UI\n"
          "army.toml:29:11: unit[0].command: \"horse\" is not one of this army's commands\n");
    // A class that is not A to D, an unknown card and an unknown key.
    text = replace(kArmy, "class = \"A\"", "class = \"E\"");
    text = replace(text, "lull = 9", "lull = 9\nbattle = 1");
    text = replace(text, "units = 1", "units = 1\nhorses = 2");
    out = load_army(text);
    CHECK(errors_of(out.errors) ==
          "army.toml:14:10: deck.battle: unknown card \"battle\" (use march, cavalry_march, melee, "
          "group_melee, command, "
          "lull, army_morale, artillery_action, formation_change or reload)\n"
          "army.toml:24:9: unit[0].class: \"E\" is not a class (use A, B, C or D)\n"
          "army.toml:32:1: unit[0].horses: unknown key\n");
}

TEST_CASE("a broken Hell Broke Loose ruleset is reported line by line", "[data][hbl][loader]") {
    CHECK(hbl::load_hbl_ruleset("mini.toml", kRuleset).ok());
    std::string text = replace(kRuleset, "formation = \"pike_square\"", "formation = \"formed\"");
    text = replace(text, "superior_against = [\"formed\"]",
                   "superior_against = [\"knights\"]\nlong_range = 3");
    auto out = hbl::load_hbl_ruleset("mini.toml", text);
    CHECK(errors_of(out.errors) ==
          "mini.toml:17:13: troop_type[0].formation: a formed formation is for cavalry, not "
          "infantry\n"
          "mini.toml:19:21: troop_type[0].superior_against[0]: unknown formation \"knights\" (use "
          "formed, skirmish, close, "
          "pike_square, loose or battery)\n"
          "mini.toml:20:14: troop_type[0].long_range: a shooter needs both close_range and "
          "long_range (HBL-UNDEF-7: ranges are "
          "data)\n");
    // Pikette Squared's loader names the engine a Hell Broke Loose file needs.
    const auto ps = rules::load_ruleset("mini.toml", kRuleset);
    CHECK_THAT(
        errors_of(ps.errors),
        Catch::Contains(
            "mini.toml:3:10: engine: a hell-broke-loose ruleset, where a pikette-squared one "
            "is needed\n"));
    // An engine this program does not have.
    out = hbl::load_hbl_ruleset(
        "mini.toml", replace(kRuleset, "engine = \"hell-broke-loose\"", "engine = \"dbm\""));
    CHECK(errors_of(out.errors) == "mini.toml:3:10: engine: \"dbm\" is not \"hell-broke-loose\"\n");
    CHECK(data::engine_of(kRuleset, rules::Engine::name) == std::optional<std::string>("hell-broke-loose"));
    CHECK(data::engine_of("kind = \"ruleset\"", rules::Engine::name) == std::optional<std::string>("pikette-squared"));
    CHECK_FALSE(data::engine_of("engine = 3", rules::Engine::name));
}
