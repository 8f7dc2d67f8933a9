// The shipped data (data/rulesets/pikette-squared/) against the rules specification
// (shared/rules/pikette-squared.md). Every expected value below is copied from the SPEC's text and
// tables, with the rule ID it comes from; none is read from the data files. The spec itself is not
// read at run time.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "data/data_files.hpp"
#include "kits/check.hpp"
#include "kits/pikette/data/files.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using rules::Ability;
using rules::CardKind;
using rules::Category;
using rules::Status;
using rules::TerrainKind;
using rules::Trait;

namespace {

const fs::path kData = fs::path(TERCIO_SOURCE_DIR) / "data";

data::DataCatalog& catalog() {
    static data::DataCatalog c(kData, rules::Engine::name);
    return c;
}

const rules::Ruleset& ruleset() {
    std::string why;
    const rules::Ruleset* rs = rules::ruleset(catalog(), "pikette-squared", why);
    INFO(why);
    REQUIRE(rs != nullptr);
    return *rs;
}

const rules::TroopType& type(const std::string& id) {
    const rules::TroopType* t = ruleset().find_type(id);
    INFO("troop type " << id);
    REQUIRE(t != nullptr);
    return *t;
}

rules::ArmyList army(const std::string& id) {
    const fs::path file = data::army_file(kData, "pikette-squared", id);
    const data::FileText ft = data::read_file(file);
    INFO(file.string() << ": " << ft.error);
    REQUIRE(ft.error.empty());
    auto loaded = rules::load_army(file.string(), ft.text, rules::resolver(catalog()));
    for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(loaded.ok());
    return *loaded.value;
}

/// Squares (whole or half) as the half-squares the data layer stores.
int half(double squares) {
    return static_cast<int>(squares * 2);
}

std::string die(core::DieType d) {
    return core::to_string(d);
}

std::vector<fs::path> toml_files(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() == ".toml") out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

const std::vector<std::string> kArmies = {"french",      "italian", "spanish",
                                          "imperialist", "ottoman", "moorish"};

// ------------------------------------------------------------------------------------------------
// One row of an army table of §25: Type, Move, Shoot, Range, Fight, Units, Stands, Hits/stand.
struct Row {
    std::string type;   ///< the troop type id for the spec's TYPE column
    double move;        ///< squares
    std::string shoot;  ///< "" for "–": cannot shoot (PS-TYPE-6)
    double range;       ///< squares; 0 with no shoot
    std::string fight;
    int units;   ///< 0 for "0-1" (PS-ARMY-2)
    int stands;  ///< PS-UNIT-1
    int hits;    ///< PS-UNIT-2; 0 for the TERCIO's mixed stands (checked in its own test)
    std::set<Trait> traits = {};
};

struct ExtraResult {
    int low, high;
    std::set<std::string> types;  ///< two or more: the player chooses (PS-AMB-59)
};

void check_lines(const rules::ArmyList& a, const std::vector<Row>& rows) {
    REQUIRE(a.units.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        const rules::UnitLine& u = a.units[i];
        INFO(a.id << " row " << i << ": " << row.type << " (line \"" << u.id << "\")");
        CHECK(u.type == row.type);  // in the table's order
        CHECK(u.move_half == half(row.move));
        if (row.shoot.empty()) {
            CHECK_FALSE(u.shoot.has_value());
        } else {
            REQUIRE(u.shoot.has_value());
            CHECK(die(u.shoot->die) == row.shoot);
            CHECK(u.shoot->range_half == half(row.range));
        }
        CHECK(die(u.fight) == row.fight);
        CHECK(u.units == row.units);
        const rules::TroopType& t = type(u.type);
        CHECK(t.stand_count() == row.stands);
        if (row.hits != 0) {
            for (const auto& g : t.stands) CHECK(g.hits == row.hits);
        }
        for (Trait tr : {Trait::Fearsome, Trait::Headstrong, Trait::Bow, Trait::NeverRouts}) {
            INFO("trait " << rules::to_string(tr));
            CHECK(u.traits.contains(tr) == row.traits.contains(tr));
        }
    }
}

/// The type of the line an extra-unit result or upgrade names.
std::string type_of(const rules::ArmyList& a, const std::string& line) {
    const rules::UnitLine* u = a.find_line(line);
    INFO("line " << line);
    REQUIRE(u != nullptr);
    return u->type;
}

void check_extra_unit(const rules::ArmyList& a, const std::vector<ExtraResult>& expected) {
    if (expected.empty()) {
        CHECK_FALSE(a.extra_unit.has_value());
        return;
    }
    REQUIRE(a.extra_unit.has_value());
    CHECK(a.extra_unit->die == core::DieType::D6);  // "roll a D6" (PS-ARMY-4)
    REQUIRE(a.extra_unit->results.size() == expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const auto& r = a.extra_unit->results[i];
        INFO(a.id << " extra-unit result " << i);
        CHECK(r.on_low == expected[i].low);
        CHECK(r.on_high == expected[i].high);
        std::set<std::string> types;
        for (const auto& line : r.units) types.insert(type_of(a, line));
        CHECK(types == expected[i].types);
        CHECK(r.units.size() == expected[i].types.size());
    }
}

}  // namespace

// ================================================================================================
// Every shipped file loads

TEST_CASE("every shipped ruleset and army list loads without errors", "[data][shipped]") {
    std::vector<fs::path> rulesets;
    for (const std::string& id : data::ruleset_ids(kData))
        rulesets.push_back(data::ruleset_file(kData, id));
    const auto armies = toml_files(kData / "rulesets" / "pikette-squared" / "armies");
    REQUIRE_FALSE(rulesets.empty());
    std::set<std::string> army_ids;
    const auto check_all = [](const std::vector<fs::path>& files, const std::string& kind) {
        for (const auto& f : files) {
            INFO(f.string());
            const auto out = kits::check_file(f, catalog());
            for (const auto& e : out.errors) UNSCOPED_INFO(e.to_string());
            INFO(out.unreadable);
            REQUIRE(out.status == data::CheckOutcome::Status::Ok);
            CHECK(out.errors.empty());
            CHECK(out.kind == kind);
        }
    };
    check_all(rulesets, "ruleset");
    check_all(armies, "army");
    for (const auto& f : armies) {
        // id must match the file name (docs/data-format.md)
        CHECK(army(f.stem().string()).id == f.stem().string());
        army_ids.insert(f.stem().string());
    }
    // The six lists with statistics (PS-ARMY-7 .. PS-ARMY-13); the later-period armies have none
    // and must not be invented (PS-ARMY-14).
    CHECK(army_ids == std::set<std::string>(kArmies.begin(), kArmies.end()));
    CHECK(ruleset().id == "pikette-squared");
}

// ================================================================================================
// Ruleset tables

TEST_CASE("the deck holds 19 standard cards plus the army's extra card",
          "[data][shipped][PS-CARD-1]") {
    const auto& rs = ruleset();
    const auto count = [&](CardKind k) { return rs.deck[static_cast<std::size_t>(k)]; };
    CHECK(count(CardKind::InfantryMove) == 3);
    CHECK(count(CardKind::CavalryMove) == 3);
    CHECK(count(CardKind::Reload) == 2);
    CHECK(count(CardKind::Melee) == 3);
    CHECK(count(CardKind::LeaderCheck) == 2);
    CHECK(count(CardKind::MillingAround) == 5);
    CHECK(count(CardKind::Courage) == 1);
    // PS-CARD-12: Command Indecision is in no deck by default.
    CHECK(count(CardKind::CommandIndecision) == 0);
    CHECK_FALSE(rs.command_indecision);
    int total = 0;
    for (int n : rs.deck) total += n;
    CHECK(total == 19);
    CHECK(rs.deck_size == 20);
}

TEST_CASE("each army's extra card", "[data][shipped][PS-CARD-2]") {
    const std::map<std::string, std::vector<CardKind>> expected = {
        {"french", {CardKind::Melee}},
        {"italian", {CardKind::MillingAround}},
        {"spanish", {CardKind::InfantryMove}},
        {"imperialist", {CardKind::Reload}},
        {"ottoman", {CardKind::CavalryMove}},
        // the player chooses 1 Infantry Move or 1 Cavalry Move during setup
        {"moorish", {CardKind::InfantryMove, CardKind::CavalryMove}},
    };
    for (const auto& [id, cards] : expected) {
        INFO(id);
        auto got = army(id).extra_card;
        std::sort(got.begin(), got.end());
        auto want = cards;
        std::sort(want.begin(), want.end());
        CHECK(got == want);
    }
}

TEST_CASE("troop types and their categories", "[data][shipped][PS-TYPE-1][PS-TYPE-2]") {
    const std::map<std::string, Category> expected = {
        {"knights", Category::Cavalry},      {"dismounted_knights", Category::Infantry},
        {"lancers", Category::Cavalry},      {"reiters", Category::Cavalry},
        {"carabins", Category::Cavalry},     {"light_horse", Category::Cavalry},
        {"pike", Category::Infantry},        {"phalanx", Category::Infantry},
        {"tercio", Category::Infantry},      {"arquebus", Category::Infantry},
        {"longbowmen", Category::Infantry},  {"crossbows", Category::Infantry},
        {"skirmishers", Category::Infantry}, {"militia", Category::Infantry},
        {"cannon", Category::Artillery},     {"war_wagons", Category::WarWagon},
    };
    std::set<std::string> ids;
    for (const auto& t : ruleset().troop_types) ids.insert(t.id);
    std::set<std::string> want;
    for (const auto& [id, cat] : expected) want.insert(id);
    CHECK(ids == want);
    for (const auto& [id, cat] : expected) {
        INFO(id);
        CHECK(type(id).category == cat);
    }
}

TEST_CASE("stands per unit and hits per stand", "[data][shipped][PS-UNIT-1][PS-UNIT-2]") {
    // {stands, hits per stand} for every type of uniform stands.
    const std::map<std::string, std::pair<int, int>> uniform = {
        {"knights", {2, 3}},     {"lancers", {2, 3}},     {"reiters", {2, 3}},
        {"carabins", {2, 2}},    {"light_horse", {2, 2}}, {"dismounted_knights", {2, 4}},
        {"pike", {2, 4}},        {"phalanx", {4, 4}},     {"arquebus", {2, 3}},
        {"longbowmen", {2, 3}},  {"crossbows", {2, 3}},   {"militia", {2, 3}},
        {"skirmishers", {2, 2}}, {"cannon", {1, 3}},      {"war_wagons", {1, 4}},
    };
    for (const auto& [id, sh] : uniform) {
        INFO(id);
        const auto& t = type(id);
        CHECK(t.stand_count() == sh.first);
        for (const auto& g : t.stands) CHECK(g.hits == sh.second);
    }
    // PS-TERCIO-1: 4 pike stands of 4 hits and 2 arquebus stands of 3; PS-TERCIO-6: hits go to the
    // arquebus stands first, so they come first.
    const auto& tercio = type("tercio");
    CHECK(tercio.stand_count() == 6);
    REQUIRE(tercio.stands.size() == 2);
    CHECK(tercio.stands[0].kind == "arquebus");
    CHECK(tercio.stands[0].count == 2);
    CHECK(tercio.stands[0].hits == 3);
    CHECK(tercio.stands[1].kind == "pike");
    CHECK(tercio.stands[1].count == 4);
    CHECK(tercio.stands[1].hits == 4);
}

TEST_CASE("unit equivalents", "[data][shipped][PS-UNIT-8]") {
    for (const auto& t : ruleset().troop_types) {
        INFO(t.id);
        int expected = 1;  // a normal 2-stand unit
        if (t.id == "phalanx") expected = 2;
        if (t.id == "tercio") expected = 3;
        if (t.id == "cannon") expected = 0;  // counted separately (PS-ARMY-1)
        // war wagons: 1, the PS-WW-9 placeholder
        CHECK(t.unit_equivalents == expected);
    }
}

TEST_CASE("move allowances", "[data][shipped][PS-MOVE-1]") {
    const std::map<std::string, double> moves = {
        {"knights", 3},
        {"lancers", 4},
        {"reiters", 4},
        {"light_horse", 5},
        {"carabins", 5},
        {"tercio", 1.5},
        {"cannon", 1.5},
        // "infantry 2.5"
        {"dismounted_knights", 2.5},
        {"pike", 2.5},
        {"phalanx", 2.5},
        {"arquebus", 2.5},
        {"longbowmen", 2.5},
        {"crossbows", 2.5},
        {"skirmishers", 2.5},
        {"militia", 2.5},
        // none given; PS-WW-9's placeholder
        {"war_wagons", 1.5},
    };
    for (const auto& [id, m] : moves) {
        INFO(id);
        CHECK(type(id).move_half == half(m));
    }
    // "All leaders move 4 squares."
    CHECK(ruleset().leader_move_half == half(4));
    // PS-WW-9: the war wagons' statistics are invented and labelled so: Move 1.5, Shoot D8 at 3
    // squares, Fight D8.
    const auto& ww = type("war_wagons");
    CHECK(ww.placeholder);
    REQUIRE(ww.fight.has_value());
    CHECK(die(*ww.fight) == "d8");
    REQUIRE(ww.shoot.has_value());
    CHECK(die(ww.shoot->die) == "d8");
    CHECK(ww.shoot->range_half == half(3));
    for (const auto& t : ruleset().troop_types) {
        if (t.id != "war_wagons") {
            INFO(t.id);
            CHECK_FALSE(t.placeholder);
        }
    }
}

TEST_CASE("facing change limits", "[data][shipped][PS-MOVE-4]") {
    // 45 degrees = 1 step, 90 = 2, 180 = any facing (4).
    const std::map<std::string, int> limits = {
        {"dismounted_knights", 1},
        {"pike", 1},
        {"phalanx", 1},
        {"tercio", 1},
        {"arquebus", 1},
        {"longbowmen", 1},
        {"crossbows", 1},
        {"militia", 1},
        {"cannon", 1},
        {"war_wagons", 1},
        {"knights", 1},
        {"lancers", 2},
        {"reiters", 2},
        {"skirmishers", 4},
        {"light_horse", 4},
        {"carabins", 4},
    };
    REQUIRE(limits.size() == ruleset().troop_types.size());
    for (const auto& [id, limit] : limits) {
        INFO(id);
        CHECK(type(id).turn_limit == limit);
    }
}

TEST_CASE("pips to move and to reload", "[data][shipped][PS-CARD-7][PS-PIP-1]") {
    for (const auto& t : ruleset().troop_types) {
        INFO(t.id);
        // "Crossbows, War Wagons and Cannon cost two pips, other units one pip per unit."
        const bool two_to_reload = t.id == "crossbows" || t.id == "war_wagons" || t.id == "cannon";
        CHECK(t.reload_pips == (two_to_reload ? 2 : 1));
        // PS-PIP-1: CANNON and WAR WAGONS move or turn for 3 pips.
        const bool three_to_move = t.id == "war_wagons" || t.id == "cannon";
        CHECK(t.move_pips == (three_to_move ? 3 : 1));
    }
}

TEST_CASE("special abilities of the troop types", "[data][shipped][PS-TYPE-2]") {
    using A = Ability;
    const std::map<std::string, std::set<Ability>> expected = {
        // PS-TYPE-2 opportunity charger, X2 (PS-MELEE-14)
        {"knights", {A::OpportunityCharge, A::X2}},
        {"lancers", {A::OpportunityCharge, A::X2}},
        // PS-MELEE-10 charge restriction
        {"reiters", {A::PistolCharge}},
        {"carabins", {A::Evade, A::PistolCharge}},
        // opportunity charger, evader, all-round fire (PS-GRID-13)
        {"light_horse", {A::OpportunityCharge, A::Evade, A::AllRoundFire}},
        {"dismounted_knights", {}},
        // PS-MOVE-6 pike types
        {"pike", {A::Pike}},
        {"phalanx", {A::Pike, A::Phalanx}},
        // PS-TERCIO-4 no flank, PS-TERCIO-5 all-round fire until it loses a stand
        {"tercio", {A::Pike, A::Tercio, A::NoFlank, A::AllRoundFireUntilLoss}},
        {"arquebus", {}},
        {"longbowmen", {A::Longbow}},  // PS-SHOOT-7
        {"crossbows", {}},
        {"skirmishers", {A::Evade}},
        {"militia", {A::PursuitTest}},              // PS-MELEE-20
        {"cannon", {A::NoMarch}},                   // PS-CANNON-4
        {"war_wagons", {A::WarWagon, A::NoFlank}},  // PS-WW-2
    };
    REQUIRE(expected.size() == ruleset().troop_types.size());
    for (const auto& [id, abilities] : expected) {
        const auto& t = type(id);
        for (int i = 0; i < rules::kAbilityCount; ++i) {
            const auto a = static_cast<Ability>(i);
            INFO(id << " " << rules::to_string(a));
            CHECK(t.has(a) == abilities.contains(a));
        }
    }
}

TEST_CASE("prohibited terrain", "[data][shipped][PS-TERRAIN-11]") {
    // "PHALANX, TERCIO, WAR WAGONS and any CAVALRY cannot enter woods. PHALANX, TERCIO and WAR
    // WAGONS cannot enter buildings." CANNON may enter both (PS-CANNON-7).
    for (const auto& t : ruleset().troop_types) {
        INFO(t.id);
        const bool block = t.id == "phalanx" || t.id == "tercio" || t.id == "war_wagons";
        CHECK(t.prohibited.contains(TerrainKind::Wood) ==
              (block || t.category == Category::Cavalry));
        CHECK(t.prohibited.contains(TerrainKind::Building) == block);
        CHECK_FALSE(t.prohibited.contains(TerrainKind::Hill));
        CHECK_FALSE(t.prohibited.contains(TerrainKind::Stream));
    }
}

TEST_CASE("map glyphs are unique ignoring case", "[data][shipped]") {
    std::map<char, std::string> seen;
    for (const auto& t : ruleset().troop_types) {
        INFO(t.id << " '" << t.glyph << "'");
        CHECK(std::isalpha(static_cast<unsigned char>(t.glyph)));
        const char key = static_cast<char>(std::toupper(static_cast<unsigned char>(t.glyph)));
        const auto [it, fresh] = seen.emplace(key, t.id);
        INFO("also used by " << it->second);
        CHECK(fresh);
    }
    const char leader = ruleset().leader_glyph;
    CHECK_FALSE(std::isalpha(static_cast<unsigned char>(leader)));
    CHECK(std::isgraph(static_cast<unsigned char>(leader)));
}

TEST_CASE("shooting results by difference", "[data][shipped][PS-SHOOT-10]") {
    const auto& bands = ruleset().shooting_bands;
    struct Want {
        int min;
        std::optional<int> max;
        int hits;
        Status status, on_double, on_quadruple;
        bool chip;
    };
    const std::vector<Want> table = {
        {1, 2, 0, Status::None, Status::None, Status::None, true},
        {3, 5, 1, Status::None, Status::Disordered, Status::None, true},
        {6, 8, 2, Status::None, Status::Disordered, Status::Routed, true},
        {9, std::nullopt, 3, Status::Routed, Status::None, Status::None, false},
    };
    REQUIRE(bands.size() == table.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        INFO("band " << i);
        CHECK(bands[i].min == table[i].min);
        CHECK(bands[i].max == table[i].max);
        CHECK(bands[i].hits == table[i].hits);
        CHECK(bands[i].status == table[i].status);
        CHECK(bands[i].on_double == table[i].on_double);
        // a 9+ band routs anyway, so its ×4 clause does not matter
        if (table[i].max) CHECK(bands[i].on_quadruple == table[i].on_quadruple);
        CHECK(bands[i].chip == table[i].chip);
        CHECK(bands[i].fall_back == 0);
    }
    // PS-SHOOT-9: a tie or less has no effect: no band for 0.
    CHECK(rules::Ruleset::band_for(bands, 0) == nullptr);
    for (int diff = 1; diff <= 30; ++diff) {
        INFO("diff " << diff);
        const rules::ResultBand* b = rules::Ruleset::band_for(bands, diff);
        REQUIRE(b != nullptr);
        CHECK(b->hits == (diff <= 2 ? 0 : diff <= 5 ? 1 : diff <= 8 ? 2 : 3));
    }
}

TEST_CASE("melee results by difference", "[data][shipped][PS-MELEE-13]") {
    const auto& bands = ruleset().melee_bands;
    struct Want {
        int min;
        std::optional<int> max;
        int hits, fall_back;
        Status status, on_double, on_quadruple;
        bool chip;
    };
    const std::vector<Want> table = {
        {0, 0, 0, 0, Status::None, Status::None, Status::None, false},  // the tie (PS-MELEE-16)
        {1, 2, 0, 1, Status::None, Status::None, Status::None, true},
        {3, 5, 1, 2, Status::None, Status::Disordered, Status::None, true},
        {6, 8, 2, 3, Status::None, Status::Disordered, Status::Routed, true},
        {9, std::nullopt, 3, 4, Status::Routed, Status::None, Status::None, false},
    };
    REQUIRE(bands.size() == table.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        INFO("band " << i);
        CHECK(bands[i].min == table[i].min);
        CHECK(bands[i].max == table[i].max);
        CHECK(bands[i].hits == table[i].hits);
        CHECK(bands[i].fall_back == table[i].fall_back);
        CHECK(bands[i].status == table[i].status);
        CHECK(bands[i].on_double == table[i].on_double);
        if (table[i].max) CHECK(bands[i].on_quadruple == table[i].on_quadruple);
        CHECK(bands[i].chip == table[i].chip);
    }
    for (int diff = 0; diff <= 30; ++diff) {
        INFO("diff " << diff);
        const rules::ResultBand* b = rules::Ruleset::band_for(bands, diff);
        REQUIRE(b != nullptr);
        CHECK(b->fall_back == (diff == 0 ? 0 : diff <= 2 ? 1 : diff <= 5 ? 2 : diff <= 8 ? 3 : 4));
    }
}

TEST_CASE("army size", "[data][shipped][PS-ARMY-1]") {
    // "Every army has twelve units plus a cannon."
    CHECK(ruleset().army_unit_equivalents == 12);
    CHECK(ruleset().army_cannon == 1);
}

// ================================================================================================
// The army lists of §25, row by row

TEST_CASE("French army list", "[data][shipped][PS-ARMY-7]") {
    const auto a = army("french");
    CHECK(a.name == "French");
    check_lines(a, {
                       {"knights",
                        3,
                        "",
                        0,
                        "d12",
                        2,
                        2,
                        3,
                        {Trait::Fearsome, Trait::Headstrong}},  // Gendarmes
                       {"lancers", 4, "", 0, "d10", 1, 2, 3},
                       {"light_horse", 5, "", 0, "d6", 1, 2, 2},
                       {"carabins", 5, "d6", 2, "d4", 0, 2, 2},
                       {"pike", 2.5, "", 0, "d8", 2, 2, 4},
                       {"arquebus", 2.5, "d8", 3, "d6", 2, 2, 3},
                       {"crossbows", 2.5, "d6", 3, "d4", 1, 2, 3},
                       {"skirmishers", 2.5, "d6", 3, "d4", 1, 2, 2},
                       {"militia", 2.5, "", 0, "d4", 1, 2, 3},
                       {"cannon", 1.5, "d8", 6, "d4", 1, 1, 3},
                   });
    // Extra unit (D6): 1-2 MILITIA, 3-4 SKIRMISHERS, 5 ARQUEBUS, 6 LIGHT HORSE or CARABINS.
    check_extra_unit(a, {{1, 2, {"militia"}},
                         {3, 4, {"skirmishers"}},
                         {5, 5, {"arquebus"}},
                         {6, 6, {"light_horse", "carabins"}}});
    // Swiss upgrade: on 4-6 both PIKE units are replaced by one Swiss PHALANX: Move 2.5, no Shoot,
    // Fight D10, FEARSOME, never routs (PS-PHALANX-5).
    REQUIRE(a.upgrades.size() == 1);
    const auto& up = a.upgrades[0];
    CHECK(type_of(a, up.unit) == "pike");
    CHECK(up.die == core::DieType::D6);
    CHECK(up.on_low == 4);
    CHECK(up.on_high == 6);
    CHECK_FALSE(up.one_unit);
    CHECK_FALSE(up.sultan);
    REQUIRE(up.replace_with.has_value());
    const auto& swiss = *up.replace_with;
    CHECK(swiss.type == "phalanx");
    CHECK(swiss.units == 1);
    CHECK(swiss.move_half == half(2.5));
    CHECK_FALSE(swiss.shoot.has_value());
    CHECK(die(swiss.fight) == "d10");
    CHECK(swiss.traits.contains(Trait::Fearsome));
    CHECK(swiss.traits.contains(Trait::NeverRouts));
    CHECK_FALSE(swiss.traits.contains(Trait::Headstrong));
    CHECK_FALSE(swiss.traits.contains(Trait::Bow));
    // "(4 stands, 2 unit-equivalents) are replaced by one Swiss PHALANX": the same total.
    const auto* pike = a.find_line(up.unit);
    REQUIRE(pike != nullptr);
    CHECK(pike->units * type("pike").stand_count() == swiss.units * type("phalanx").stand_count());
    CHECK(pike->units * type("pike").unit_equivalents ==
          swiss.units * type("phalanx").unit_equivalents);
}

TEST_CASE("Italian army list", "[data][shipped][PS-ARMY-8]") {
    const auto a = army("italian");
    CHECK(a.name == "Italian");
    check_lines(a, {
                       {"knights", 3, "", 0, "d10", 2, 2, 3},  // Condottieri
                       {"carabins", 5, "d6", 2, "d4", 1, 2, 2},
                       {"light_horse", 5, "", 0, "d6", 1, 2, 2},
                       {"pike", 2.5, "", 0, "d8", 1, 2, 4},
                       {"arquebus", 2.5, "d8", 3, "d6", 2, 2, 3},
                       {"crossbows", 2.5, "d6", 3, "d4", 2, 2, 3},
                       {"skirmishers", 2.5, "d6", 3, "d4", 1, 2, 2},
                       {"militia", 2.5, "", 0, "d6", 1, 2, 3},
                       {"cannon", 1.5, "d8", 6, "d4", 1, 1, 3},
                   });
    // Extra unit (D6): 1-3 MILITIA, 4-5 SKIRMISHERS, 6 ARQUEBUS.
    check_extra_unit(a, {{1, 3, {"militia"}}, {4, 5, {"skirmishers"}}, {6, 6, {"arquebus"}}});
    // PS-ARMY-5, in table row order: on a 6 ONE knights unit becomes "Familia" lances (D12, still
    // KNIGHTS); on 4-6 BOTH crossbows units become citizens (D6).
    REQUIRE(a.upgrades.size() == 2);
    const auto& familia = a.upgrades[0];
    CHECK(type_of(a, familia.unit) == "knights");
    CHECK(familia.die == core::DieType::D6);
    CHECK(familia.on_low == 6);
    CHECK(familia.on_high == 6);
    CHECK(familia.one_unit);
    REQUIRE(familia.fight.has_value());
    CHECK(die(*familia.fight) == "d12");
    CHECK_FALSE(familia.replace_with.has_value());
    CHECK_FALSE(familia.sultan);
    const auto& citizens = a.upgrades[1];
    CHECK(type_of(a, citizens.unit) == "crossbows");
    CHECK(citizens.die == core::DieType::D6);
    CHECK(citizens.on_low == 4);
    CHECK(citizens.on_high == 6);
    CHECK_FALSE(citizens.one_unit);
    REQUIRE(citizens.fight.has_value());
    CHECK(die(*citizens.fight) == "d6");
    CHECK_FALSE(citizens.replace_with.has_value());
    CHECK_FALSE(citizens.sultan);
}

TEST_CASE("Spanish army list", "[data][shipped][PS-ARMY-9][PS-AMB-57]") {
    const auto a = army("spanish");
    CHECK(a.name == "Spanish");
    check_lines(
        a, {
               {"lancers", 4, "", 0, "d10", 1, 2, 3},
               {"carabins", 5, "d6", 2, "d4", 1, 2, 2},
               {"light_horse", 5, "", 0, "d4", 1, 2, 2},  // Genitors
               // One TERCIO of 6 stands (4 pike + 2 arquebus, PS-TERCIO-2): Move 1.5, Shoot D8 at
               // 3, Fight D10.
               {"tercio", 1.5, "d8", 3, "d10", 1, 6, 0},
               {"arquebus", 2.5, "d8", 3, "d6", 2, 2, 3},
               {"pike", 2.5, "", 0, "d10", 1, 2, 4},
               {"skirmishers", 2.5, "d8", 3, "d4", 2, 2, 2, {Trait::Fearsome}},  // some Muskets
               {"cannon", 1.5, "d8", 6, "d4", 1, 1, 3},
           });
    // Extra unit (D6): 1 SKIRMISHERS, 2-4 PIKE, 5-6 ARQUEBUS.
    check_extra_unit(a, {{1, 1, {"skirmishers"}}, {2, 4, {"pike"}}, {5, 6, {"arquebus"}}});
    // "Roll a D6: 1-5 nothing, 6=upgrade Fight to D6" (the Genitors).
    REQUIRE(a.upgrades.size() == 1);
    const auto& up = a.upgrades[0];
    CHECK(type_of(a, up.unit) == "light_horse");
    CHECK(up.die == core::DieType::D6);
    CHECK(up.on_low == 6);
    CHECK(up.on_high == 6);
    CHECK_FALSE(up.one_unit);
    REQUIRE(up.fight.has_value());
    CHECK(die(*up.fight) == "d6");
    CHECK_FALSE(up.replace_with.has_value());
    CHECK_FALSE(up.sultan);
}

TEST_CASE("Imperialist army list", "[data][shipped][PS-ARMY-10]") {
    const auto a = army("imperialist");
    CHECK(a.name == "Imperialist");
    check_lines(a, {
                       {"lancers", 4, "", 0, "d10", 1, 2, 3},
                       {"reiters", 4, "d6", 1, "d6", 2, 2, 3},
                       {"light_horse", 5, "d4", 2, "d4", 0, 2, 2},  // Hungarians, 0-1
                       {"carabins", 5, "d6", 2, "d4", 0, 2, 2},     // 0-1
                       // "(2) 4": two PHALANX units of 4 stands, 4 unit-equivalents (PS-AMB-3)
                       {"phalanx", 2.5, "", 0, "d10", 2, 4, 4},
                       {"arquebus", 2.5, "d8", 3, "d6", 1, 2, 3},
                       {"skirmishers", 2.5, "d6", 3, "d4", 2, 2, 2},
                       {"militia", 2.5, "", 0, "d6", 1, 2, 3},
                       {"cannon", 1.5, "d8", 6, "d4", 1, 1, 3},
                   });
    // Extra unit (D6): 1-2 LIGHT HORSE, 3-4 CARABINS, 5-6 ARQUEBUS.
    check_extra_unit(a, {{1, 2, {"light_horse"}}, {3, 4, {"carabins"}}, {5, 6, {"arquebus"}}});
    CHECK(a.upgrades.empty());
}

TEST_CASE("Ottoman army list", "[data][shipped][PS-ARMY-11][PS-ARMY-12]") {
    const auto a = army("ottoman");
    CHECK(a.name == "Ottoman");
    check_lines(
        a, {
               {"lancers", 4, "", 0, "d8", 2, 2, 3},                      // Spahis
               {"light_horse", 5, "d4", 2, "d4", 4, 2, 2, {Trait::Bow}},  // Akinjis, "Bow armed"
               {"arquebus", 2.5, "d8", 3, "d8", 2, 2, 3, {Trait::Fearsome}},  // Janissaries
               {"skirmishers", 2.5, "d4", 3, "d4", 2, 2, 2, {Trait::Bow}},    // mostly bow
               {"militia", 2.5, "", 0, "d4", 2, 2, 3},                        // Azabs
               {"cannon", 1.5, "d6", 6, "d4", 1, 1, 3},
           });
    check_extra_unit(a, {});  // no extra-unit roll
    REQUIRE(a.upgrades.size() == 2);
    // "Roll a D6: 1-4 no change, 5-6= upgrade one unit to Sultans Guard Spahis (Fight D10). The
    // leader is now the Sultan."
    const auto& guard = a.upgrades[0];
    CHECK(type_of(a, guard.unit) == "lancers");
    CHECK(guard.die == core::DieType::D6);
    CHECK(guard.on_low == 5);
    CHECK(guard.on_high == 6);
    CHECK(guard.one_unit);
    REQUIRE(guard.fight.has_value());
    CHECK(die(*guard.fight) == "d10");
    CHECK(guard.sultan);
    CHECK_FALSE(guard.replace_with.has_value());
    // "Roll a D6: 1-5 no change, 6= Fight upgrade to D6", both MILITIA units (PS-ARMY-5).
    const auto& azabs = a.upgrades[1];
    CHECK(type_of(a, azabs.unit) == "militia");
    CHECK(azabs.die == core::DieType::D6);
    CHECK(azabs.on_low == 6);
    CHECK(azabs.on_high == 6);
    CHECK_FALSE(azabs.one_unit);
    REQUIRE(azabs.fight.has_value());
    CHECK(die(*azabs.fight) == "d6");
    CHECK_FALSE(azabs.sultan);
}

TEST_CASE("Moorish army list", "[data][shipped][PS-ARMY-13]") {
    const auto a = army("moorish");
    CHECK(a.name == "Moorish");
    check_lines(a, {
                       {"lancers", 4, "", 0, "d8", 1, 2, 3},  // household cavalry
                       {"light_horse", 5, "", 0, "d4", 3, 2, 2},
                       {"carabins", 5, "d6", 2, "d4", 1, 2, 2},
                       {"arquebus", 2.5, "d8", 3, "d6", 2, 2, 3},  // renegades/fanatics
                       {"crossbows", 2.5, "d6", 3, "d6", 2, 2, 3},
                       {"skirmishers", 2.5, "d6", 3, "d6", 1, 2, 2},
                       {"militia", 2.5, "", 0, "d6", 2, 2, 3},   // Tribesmen
                       {"cannon", 1.5, "d4", 6, "d4", 1, 1, 3},  // "Light guns only"
                   });
    check_extra_unit(a, {});  // no extra-unit roll
    CHECK(a.upgrades.empty());
}

// ================================================================================================
// Composition checks

TEST_CASE("every army comes to 12 unit-equivalents and one cannon",
          "[data][shipped][PS-ARMY-1][PS-ARMY-16][PS-CANNON-8]") {
    struct Want {
        int units_before_extra;  // physical units
        int ue_before_extra;
        bool extra;
    };
    const std::map<std::string, Want> table = {
        {"french", {11, 11, true}},     {"italian", {11, 11, true}},  {"spanish", {9, 11, true}},
        {"imperialist", {9, 11, true}}, {"ottoman", {12, 12, false}}, {"moorish", {12, 12, false}},
    };
    for (const auto& [id, want] : table) {
        INFO(id);
        const auto a = army(id);
        int units = 0, ue = 0, stands = 0, cannon = 0, cannon_stands = 0;
        for (const auto& u : a.units) {
            const auto& t = type(u.type);
            if (t.category == Category::Artillery) {
                cannon += u.units;
                cannon_stands += u.units * t.stand_count();
                continue;
            }
            units += u.units;
            ue += u.units * t.unit_equivalents;
            stands += u.units * t.stand_count();
        }
        CHECK(units == want.units_before_extra);
        CHECK(ue == want.ue_before_extra);
        CHECK(a.extra_unit.has_value() == want.extra);
        CHECK(cannon == 1);
        CHECK(cannon_stands == 1);
        if (!want.extra) {
            CHECK(ue == 12);
            CHECK(stands == 24);
            continue;
        }
        // Whatever the extra-unit roll gives, the army ends with 12 UE and 24 unit stands.
        REQUIRE(a.extra_unit.has_value());
        for (const auto& r : a.extra_unit->results) {
            for (const auto& line : r.units) {
                INFO("extra unit " << line);
                const auto& t = type(type_of(a, line));
                CHECK(ue + t.unit_equivalents == 12);
                CHECK(stands + t.stand_count() == 24);
            }
        }
    }
}

TEST_CASE("0-1 lines come only from the extra-unit roll", "[data][shipped][PS-ARMY-2][PS-ARMY-4]") {
    for (const auto& id : kArmies) {
        INFO(id);
        const auto a = army(id);
        for (const auto& u : a.units) {
            if (u.units != 0) continue;
            INFO(u.id);
            REQUIRE(a.extra_unit.has_value());
            bool named = false;
            for (const auto& r : a.extra_unit->results) {
                named = named || std::count(r.units.begin(), r.units.end(), u.id) > 0;
            }
            CHECK(named);
        }
    }
}
