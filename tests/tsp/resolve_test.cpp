// The Sword and the Pike's resolution arithmetic against the spec's test vectors (TSP-TV-n) and
// its tables, row by row (the rules specification, Part B).
#include "tsp/resolve.hpp"

#include <catch2/catch.hpp>

using namespace tercio::tsp;

namespace {

constexpr Kind kFoot[] = {Kind::Pikemen,     Kind::Arquebusiers,   Kind::Crossbowmen,
                          Kind::Halberdiers, Kind::GreatSwordsmen, Kind::SwordAndBuckler,
                          Kind::Riflemen};

std::vector<Company> companies(std::initializer_list<int> figures) {
    std::vector<Company> out;
    for (const int f : figures) out.push_back(Company{f, false, false});
    return out;
}

}  // namespace

// --- Movement -----------------------------------------------------------------------------------

TEST_CASE("movement dice by troops", "[tsp][TSP-MOVE-1]") {
    for (const Kind k : kFoot) {
        CHECK(move_dice(k, Order::Open) == MoveDice{3, false});
        CHECK(move_dice(k, Order::Skirmish) == MoveDice{3, false});
        CHECK(move_dice(k, Order::Closed) == MoveDice{2, false});
    }
    CHECK(move_dice(Kind::Pikemen, Order::Closed, true) == MoveDice{2, true});
    CHECK(move_dice(Kind::Halberdiers, Order::Closed, true) ==
          MoveDice{2, false});  // only pikes form one
    CHECK(move_dice(Kind::Gendarmes, Order::Open) == MoveDice{5, false});
    CHECK(move_dice(Kind::Reiters, Order::Open) == MoveDice{6, false});
    CHECK(move_dice(Kind::LightHorse, Order::Skirmish) == MoveDice{6, false});
    CHECK(move_dice(Kind::LightGun, Order::Open) == MoveDice{2, false});
    CHECK(move_dice(Kind::SupplyWagon, Order::Open) == MoveDice{2, false});
    CHECK(move_dice(Kind::HeavyGun, Order::Open).count == 0);
}

TEST_CASE("a pike square halves its roll rounding up, open foot lose a quarter uphill",
          "[tsp][TSP-TV-8][TSP-MOVE-1][TSP-MOVE-2][TSP-GRID-1]") {
    const MoveDice square = move_dice(Kind::Pikemen, Order::Closed, true);
    CHECK(move_inches(square, 7) == 4);  // 3.5 rounded up
    CHECK(move_inches(square, 8) == 4);
    CHECK(move_inches(square, 2) == 1);
    const MoveDice open = move_dice(Kind::Arquebusiers, Order::Open);
    CHECK(move_inches(open, 11) == 11);
    Ground uphill;
    uphill.uphill = true;
    const Penalty p = move_penalty(Kind::Arquebusiers, Order::Open, uphill);
    CHECK(p == Penalty::Quarter);
    CHECK(quarter_inches(11, p) == 33);  // 8.25"
    // On the grid: 8.25" is 5.5 points, so 5; 11" clear is 7 (7.33).
    CHECK(move_points(11, p) == 5);
    CHECK(move_points(11) == 7);
    CHECK(move_points(4) == 2);  // the square's 4"
}

TEST_CASE("inches to half-square points, penalty first", "[tsp][TSP-GRID-1]") {
    CHECK(move_points(10) == 6);  // the spec's example: 3 squares
    CHECK(move_points(0) == 0);
    CHECK(move_points(1) == 0);
    CHECK(move_points(2) == 1);
    CHECK(move_points(3) == 2);
    CHECK(move_points(9, Penalty::Half) == 3);       // 4.5" -> 3
    CHECK(move_points(7, Penalty::Half) == 2);       // 3.5" -> 2.33
    CHECK(move_points(36, Penalty::Quarter) == 18);  // 27" -> 18
    for (int in = 0; in <= 36; ++in) {
        CHECK(move_points(in) == (2 * in) / 3);
        CHECK(move_points(in, Penalty::Half) == (2 * in) / 6);      // floor(2 (in/2) / 3)
        CHECK(move_points(in, Penalty::Quarter) == (6 * in) / 12);  // floor(2 (3in/4) / 3)
    }
}

TEST_CASE("terrain penalties by troops", "[tsp][TSP-MOVE-2][TSP-AMB-18]") {
    Ground none;
    Ground up, down, obstacle, woods, rough;
    up.uphill = true;
    down.downhill = true;
    obstacle.obstacle = true;
    woods.woods = true;
    rough.rough = true;
    for (const Ground& g : {up, down, obstacle, woods}) {
        CHECK(move_penalty(Kind::Pikemen, Order::Closed, g) == Penalty::Half);
        CHECK(move_penalty(Kind::Halberdiers, Order::Open, g) == Penalty::Quarter);
        CHECK(move_penalty(Kind::Arquebusiers, Order::Skirmish, g) == Penalty::None);
        CHECK(move_penalty(Kind::LightHorse, Order::Skirmish, g) == Penalty::None);
    }
    for (const Kind k : {Kind::Gendarmes, Kind::Reiters, Kind::LightGun, Kind::SupplyWagon}) {
        CHECK(move_penalty(k, Order::Open, up) == Penalty::Half);
        CHECK(move_penalty(k, Order::Open, obstacle) == Penalty::Half);
        CHECK(move_penalty(k, Order::Open, down) == Penalty::None);
    }
    CHECK(move_penalty(Kind::LightHorse, Order::Open, up) == Penalty::Quarter);
    CHECK(move_penalty(Kind::LightHorse, Order::Open, obstacle) == Penalty::Quarter);
    CHECK(move_penalty(Kind::LightHorse, Order::Open, down) == Penalty::None);
    // TSP-AMB-18: every kind of cavalry loses half in woods.
    CHECK(move_penalty(Kind::LightHorse, Order::Open, woods) == Penalty::Half);
    CHECK(move_penalty(Kind::Gendarmes, Order::Open, woods) == Penalty::Half);
    CHECK(move_penalty(Kind::Reiters, Order::Open, woods) == Penalty::Half);
    // Rough terrain other than woods costs no one anything; it only bars pike squares.
    CHECK(move_penalty(Kind::Pikemen, Order::Closed, rough) == Penalty::None);
    CHECK(move_penalty(Kind::Pikemen, Order::Closed, none) == Penalty::None);
    CHECK(worse(Penalty::Quarter, Penalty::Half) == Penalty::Half);
    CHECK(worse(Penalty::None, Penalty::Quarter) == Penalty::Quarter);
}

TEST_CASE("where guns, wagons and pike squares may not go", "[tsp][TSP-MOVE-1][TSP-MOVE-2]") {
    Ground woods, rough, clear;
    woods.woods = true;
    rough.rough = true;
    CHECK_FALSE(move_allowed(Kind::LightGun, false, woods));
    CHECK_FALSE(move_allowed(Kind::SupplyWagon, false, woods));
    CHECK(move_allowed(Kind::LightGun, false, rough));
    CHECK_FALSE(move_allowed(Kind::Pikemen, true, woods));
    CHECK_FALSE(move_allowed(Kind::Pikemen, true, rough));
    CHECK(move_allowed(Kind::Pikemen, false, woods));
    CHECK_FALSE(move_allowed(Kind::HeavyGun, false, clear));
    CHECK(move_allowed(Kind::HeavyGun, false, clear, true));
    CHECK_FALSE(move_allowed(Kind::HeavyGun, false, woods, true));
}

TEST_CASE("arquebusiers on foot with markers are loading and move at most half",
          "[tsp][TSP-FIRE-6][TSP-FIRE-8]") {
    CHECK(loading_on_foot(Kind::Arquebusiers, Weapon::Arquebus, 1));
    CHECK_FALSE(loading_on_foot(Kind::Arquebusiers, Weapon::Arquebus, 0));
    CHECK_FALSE(loading_on_foot(Kind::LightHorse, Weapon::Arquebus, 2));  // mounted arquebus
    CHECK_FALSE(loading_on_foot(Kind::Crossbowmen, Weapon::Crossbow, 1));
}

// --- Fire ---------------------------------------------------------------------------------------

TEST_CASE("ranges in half-squares", "[tsp][TSP-GRID-2][TSP-FIRE-5][TSP-AMB-2]") {
    CHECK(band_reach(Weapon::Pistol, Band::Full) == 3);
    CHECK(band_reach(Weapon::Pistol, Band::Short) == 0);
    CHECK(band_reach(Weapon::Arquebus, Band::Short) == 8);
    CHECK(band_reach(Weapon::Arquebus, Band::Long) == 12);
    CHECK(band_reach(Weapon::Crossbow, Band::Full) == 8);
    CHECK(band_reach(Weapon::HeavyCannon, Band::Short) == 12);
    CHECK(band_reach(Weapon::HeavyCannon, Band::Long) == 32);
    CHECK(band_reach(Weapon::LightCannon, Band::Short) == 8);
    CHECK(band_reach(Weapon::LightCannon, Band::Long) == 16);        // 24", the hit table's
    CHECK(band_reach(Weapon::LightCannon, Band::Long, true) == 24);  // 36", the alternative
    CHECK(band_reach(Weapon::Rifle, Band::Short) == 16);
    CHECK(band_reach(Weapon::Rifle, Band::Long) == 24);
    CHECK(band_reach(Weapon::None, Band::Full) == 0);

    CHECK(fire_band(Weapon::Arquebus, 2) == Band::Short);
    CHECK(fire_band(Weapon::Arquebus, 8) == Band::Short);
    CHECK(fire_band(Weapon::Arquebus, 9) == Band::Long);
    CHECK(fire_band(Weapon::Arquebus, 12) == Band::Long);
    CHECK_FALSE(fire_band(Weapon::Arquebus, 13));
    CHECK(fire_band(Weapon::Pistol, 3) == Band::Full);  // a diagonal neighbour
    CHECK_FALSE(fire_band(Weapon::Pistol, 4));
    CHECK(fire_band(Weapon::Crossbow, 8) == Band::Full);
    CHECK_FALSE(fire_band(Weapon::Crossbow, 9));
    CHECK(fire_band(Weapon::HeavyCannon, 32) == Band::Long);
    CHECK_FALSE(fire_band(Weapon::LightCannon, 17));
    CHECK(fire_band(Weapon::LightCannon, 17, true) == Band::Long);
    CHECK_FALSE(fire_band(Weapon::None, 1));
    CHECK(kOfficerRiskReach == 8);   // 12", 4 squares
    CHECK(kNoOneToFightReach == 4);  // 6", 2 squares
}

TEST_CASE("target classes", "[tsp][TSP-FIRE-2][TSP-GRID-2]") {
    CHECK(target_class(Kind::Pikemen, Order::Closed) == TargetClass::I);
    CHECK(target_class(Kind::Halberdiers, Order::Closed) == TargetClass::I);
    CHECK(target_class(Kind::Pikemen, Order::Open) == TargetClass::II);
    CHECK(target_class(Kind::Arquebusiers, Order::Open) == TargetClass::II);
    CHECK(target_class(Kind::Gendarmes, Order::Open) == TargetClass::II);
    CHECK(target_class(Kind::Reiters, Order::Closed) == TargetClass::II);  // all horse
    CHECK(target_class(Kind::Arquebusiers, Order::Skirmish) == TargetClass::III);
    CHECK(target_class(Kind::LightHorse, Order::Skirmish) == TargetClass::III);
    CHECK(target_class(Kind::HeavyGun, Order::Open) == TargetClass::III);
    CHECK(target_class(Kind::LightGun, Order::Open) == TargetClass::III);
    CHECK(target_class(Kind::SupplyWagon, Order::Open) == TargetClass::III);
    CHECK(target_class(Kind::Gendarmes, Order::Open, Cover::None, Weapon::Pistol) ==
          TargetClass::III);
    CHECK(target_class(Kind::Reiters, Order::Open, Cover::None, Weapon::Pistol) == TargetClass::II);
    CHECK(target_class(Kind::Pikemen, Order::Closed, Cover::Light) == TargetClass::III);
    CHECK(target_class(Kind::Arquebusiers, Order::Open, Cover::Light) == TargetClass::III);
    CHECK(target_class(Kind::Pikemen, Order::Closed, Cover::Hard) == TargetClass::IV);
    CHECK(target_class(Kind::Arquebusiers, Order::Skirmish, Cover::Hard) == TargetClass::IV);
    CHECK(target_class(Kind::Gendarmes, Order::Open, Cover::Hard) == TargetClass::II);  // foot only
}

TEST_CASE("the hit table, row by row", "[tsp][TSP-FIRE-3]") {
    using C = TargetClass;
    auto row = [](Weapon w, Band b) {
        return std::array<int, 4>{hit_number(w, b, C::I), hit_number(w, b, C::II),
                                  hit_number(w, b, C::III), hit_number(w, b, C::IV)};
    };
    CHECK(row(Weapon::Arquebus, Band::Short) == std::array<int, 4>{6, 5, 4, 3});
    CHECK(row(Weapon::Arquebus, Band::Long) == std::array<int, 4>{5, 4, 3, 2});
    CHECK(row(Weapon::Pistol, Band::Full) == std::array<int, 4>{6, 5, 3, 1});
    CHECK(row(Weapon::Crossbow, Band::Full) == std::array<int, 4>{5, 3, 2, 1});
    CHECK(row(Weapon::HeavyCannon, Band::Short) == std::array<int, 4>{6, 4, 4, 4});
    CHECK(row(Weapon::HeavyCannon, Band::Long) == std::array<int, 4>{4, 3, 3, 3});
    CHECK(row(Weapon::LightCannon, Band::Short) == std::array<int, 4>{5, 4, 3, 2});
    CHECK(row(Weapon::LightCannon, Band::Long) == std::array<int, 4>{4, 2, 2, 1});
    CHECK(row(Weapon::Rifle, Band::Long) == row(Weapon::Arquebus, Band::Long));  // our choice
    CHECK(row(Weapon::None, Band::Full) == std::array<int, 4>{0, 0, 0, 0});
    CHECK(hit_number(Weapon::Pistol, Band::Short, C::I) == 0);
    CHECK(hit_number(Weapon::Arquebus, Band::Full, C::I) == 0);
}

TEST_CASE("arquebusiers at short range on open foot hit on 1-5, 1-4 when shaken",
          "[tsp][TSP-TV-4][TSP-FIRE-3][TSP-FIRE-4][TSP-FIRE-2]") {
    const TargetClass c = target_class(Kind::Halberdiers, Order::Open);
    REQUIRE(c == TargetClass::II);
    const int k = hit_number(Weapon::Arquebus, Band::Short, c);
    CHECK(k == 5);
    CHECK(fire_dice(Kind::Arquebusiers, Weapon::Arquebus, 10, 2) == 10);
    FireFactors steady;
    CHECK(total(fire_modifiers(steady)) == 0);
    CHECK(hits_on(k, 0) == 5);
    CHECK(hits(5, k, 0));
    CHECK_FALSE(hits(6, k, 0));
    FireFactors shaken;
    shaken.shaken = true;
    const auto mods = fire_modifiers(shaken);
    REQUIRE(mods.size() == 1);
    CHECK(mods[0] == Modifier{1, "TSP-FIRE-4", "shaken"});
    CHECK(hits_on(k, total(mods)) == 4);
    CHECK(hits(4, k, 1));
    CHECK_FALSE(hits(5, k, 1));
}

TEST_CASE("fire modifiers: shaken +1, light rain +2, pistols not closing count as shaken",
          "[tsp][TSP-FIRE-4][TSP-FIRE-7]") {
    FireFactors f;
    f.light_rain = true;
    CHECK(total(fire_modifiers(f)) == 2);
    f.shaken = true;
    CHECK(total(fire_modifiers(f)) == 3);
    f.pistols_not_closing = true;
    CHECK(total(fire_modifiers(f)) == 3);  // one +1, not two
    FireFactors p;
    p.pistols_not_closing = true;
    CHECK(fire_modifiers(p) == std::vector<Modifier>{{1, "TSP-FIRE-7", "pistols without closing"}});
    CHECK(hits_on(1, 3) == 0);  // a pistol at class IV in light rain cannot hit
    CHECK_FALSE(hits(1, 1, 1));
    CHECK(hits_on(6, -20) == 20);
}

TEST_CASE("a heavy gun with four crew rolls 12 D20, hitting pikes at short range on 1-6",
          "[tsp][TSP-TV-5][TSP-FIRE-1][TSP-FIRE-3]") {
    CHECK(fire_dice(Kind::HeavyGun, Weapon::HeavyCannon, 4, 2) == 12);
    CHECK(fire_dice(Kind::LightGun, Weapon::LightCannon, 2, 2) == 6);
    CHECK(fire_dice(Kind::HeavyGun, Weapon::HeavyCannon, 3, 2) == 9);  // a crewman lost
    const auto band = fire_band(Weapon::HeavyCannon, 10);
    REQUIRE(band);
    CHECK(*band == Band::Short);
    CHECK(hit_number(Weapon::HeavyCannon, *band, target_class(Kind::Pikemen, Order::Closed)) == 6);
}

TEST_CASE("eligible firers: min(figures, frontage x ranks)",
          "[tsp][TSP-FIRE-1][TSP-GRID-3][TSP-FIRE-7]") {
    CHECK(frontage(Kind::Arquebusiers) == 5);
    CHECK(frontage(Kind::Reiters) == 3);
    CHECK(fire_ranks(Kind::Arquebusiers) == 2);
    CHECK(fire_ranks(Kind::LightHorse) == 2);
    CHECK(fire_ranks(Kind::Reiters) == 4);
    CHECK(fire_dice(Kind::Arquebusiers, Weapon::Arquebus, 20, fire_ranks(Kind::Arquebusiers)) ==
          10);
    CHECK(fire_dice(Kind::Arquebusiers, Weapon::Arquebus, 7, 2) == 7);
    CHECK(fire_dice(Kind::Reiters, Weapon::Pistol, 12, fire_ranks(Kind::Reiters)) == 12);
    CHECK(fire_dice(Kind::Reiters, Weapon::Pistol, 12, 1) == 3);  // the front rank, charging
    CHECK(fire_dice(Kind::LightHorse, Weapon::Crossbow, 12, 2) == 6);
    CHECK(fire_dice(Kind::Pikemen, Weapon::None, 20, 2) == 0);
    CHECK(fire_dice(Kind::Arquebusiers, Weapon::Arquebus, 0, 2) == 0);
}

TEST_CASE("reiters charged by lancers fire as many ranks as a D4 shows",
          "[tsp][TSP-TV-9][TSP-FIRE-7][TSP-AMB-16]") {
    CHECK(reiter_ranks_charged(3) == 3);
    CHECK(fire_dice(Kind::Reiters, Weapon::Pistol, 12, reiter_ranks_charged(3)) == 9);
    CHECK(fire_dice(Kind::Reiters, Weapon::Pistol, 12, reiter_ranks_charged(4)) == 12);
    CHECK(fire_dice(Kind::Reiters, Weapon::Pistol, 8, reiter_ranks_charged(4)) == 8);
}

TEST_CASE("reload markers: one for firing plus the weapon's reload turns",
          "[tsp][TSP-FIRE-8][TSP-AMB-13][TSP-FIRE-6][TSP-AMB-16]") {
    CHECK(reload_markers(Kind::Arquebusiers, Weapon::Arquebus) == 2);
    CHECK(reload_markers(Kind::LightHorse, Weapon::Arquebus) == 2);
    CHECK(reload_markers(Kind::HeavyGun, Weapon::HeavyCannon) == 3);
    CHECK(reload_markers(Kind::Riflemen, Weapon::Rifle) == 3);
    CHECK(reload_markers(Kind::Crossbowmen, Weapon::Crossbow) == 1);
    CHECK(reload_markers(Kind::LightGun, Weapon::LightCannon) == 1);
    CHECK(reload_turns(Weapon::Pistol) == 1);
    CHECK(reload_markers(Kind::Reiters, Weapon::Pistol) == 0);  // TSP-AMB-16
    CHECK(reload_markers(Kind::Pikemen, Weapon::None) == 0);
    // With one marker off each end phase, markers m let it fire every m-th turn.
    CHECK(reload_turns(Weapon::Crossbow) == 0);
    CHECK(reload_turns(Weapon::HeavyCannon) == 2);
}

// --- Morale -------------------------------------------------------------------------------------

TEST_CASE("morale and rally rows from kind and temper",
          "[tsp][TSP-MORALE-1][TSP-RALLY-1][TSP-AMB-12][TSP-AMB-16][TSP-AMB-20][TSP-AMB-25]") {
    CHECK(morale_row(Kind::Pikemen, Temper::Swiss) == TroopRow::SwissFoot);
    CHECK(morale_row(Kind::Halberdiers, Temper::Landsknecht) == TroopRow::LandsknechtFoot);
    CHECK(morale_row(Kind::Pikemen, Temper::Spanish) == TroopRow::OtherFoot);
    CHECK(rally_row(Kind::Pikemen, Temper::Spanish) == TroopRow::SwissFoot);
    CHECK(morale_row(Kind::Arquebusiers, Temper::Other) == TroopRow::OtherFoot);
    CHECK(morale_row(Kind::Gendarmes, Temper::Other) == TroopRow::HeavyCavalry);
    CHECK(morale_row(Kind::Reiters, Temper::Landsknecht) == TroopRow::LighterMounted);
    CHECK(morale_row(Kind::LightHorse, Temper::Spanish) == TroopRow::LighterMounted);
    CHECK(rally_row(Kind::LightHorse, Temper::Spanish) == TroopRow::LighterMounted);  // foot only
    CHECK(morale_row(Kind::HeavyGun, Temper::Swiss) == TroopRow::Gunners);
    CHECK(morale_row(Kind::SupplyWagon, Temper::Other) == TroopRow::Gunners);
    CHECK(rally_row(Kind::LightGun, Temper::Other) == TroopRow::Gunners);
}

TEST_CASE("the morale table", "[tsp][TSP-MORALE-1][TSP-AMB-3][TSP-MORALE-3]") {
    struct Row {
        TroopRow row;
        int swiss, other, fire;
    };
    const Row rows[] = {
        {TroopRow::SwissFoot, 2, 2, 3},      {TroopRow::LandsknechtFoot, 3, 2, 3},
        {TroopRow::OtherFoot, 4, 3, 4},      {TroopRow::HeavyCavalry, 2, 2, 3},
        {TroopRow::LighterMounted, 4, 4, 4}, {TroopRow::Gunners, 6, 5, 5},
    };
    for (const Row& r : rows) {
        for (const Test t : {Test::ToClose, Test::StandAndFight}) {
            CHECK(morale_threshold(r.row, t, Opponent::Swiss) == r.swiss);
            CHECK(morale_threshold(r.row, t, Opponent::Other) == r.other);
        }
        CHECK(morale_threshold(r.row, Test::Fire, Opponent::Swiss) == r.fire);
        CHECK(morale_threshold(r.row, Test::Fire, Opponent::Other) == r.fire);
    }
}

TEST_CASE("a shaken leaderless Landsknecht unit standing against Swiss: 5 fails, 6 passes",
          "[tsp][TSP-TV-6][TSP-MORALE-1][TSP-MORALE-2][TSP-CC-5]") {
    MoraleFactors f;
    f.shaken = true;
    f.leaderless = true;
    const MoraleTest t = morale_test(morale_row(Kind::Pikemen, Temper::Landsknecht),
                                     Occasion::LostMelee, Opponent::Swiss, f);
    CHECK(t.threshold == 3);
    CHECK(t.modifier() == -3);
    CHECK(t.modifiers ==
          std::vector<Modifier>{{-2, "TSP-MORALE-2", "no leader"}, {-1, "TSP-MORALE-2", "shaken"}});
    CHECK_FALSE(passes(t, 5));
    CHECK(passes(t, 6));
    CHECK(t.natural_needed() == 6);
    CHECK(morale_outcome(Occasion::LostMelee, passes(t, 5)) == Outcome::Routs);
    CHECK(morale_outcome(Occasion::LostMelee, passes(t, 6)) == Outcome::FallsBackShaken);
}

TEST_CASE("morale modifiers by test", "[tsp][TSP-MORALE-2][TSP-AMB-16][TSP-AMB-26]") {
    MoraleFactors all;
    all.leaderless = true;
    all.spent = true;
    all.shaken = true;
    all.field_officer = true;
    all.gendarmes_vs_lighter_cavalry = true;
    all.swiss_pike_vs_pike = true;
    all.attacked_in_rear = true;
    all.infantry_from_cavalry = true;
    // To Close: -2 no leader, -2 spent, +1 gendarmes, +1 Swiss pike, +1 officer; nothing of Stand.
    const MoraleTest close =
        morale_test(TroopRow::OtherFoot, Occasion::Charging, Opponent::Other, all);
    CHECK(close.modifier() == -1);
    CHECK(close.modifiers.size() == 5);
    // To Stand: -2, -2, -2 rear, -1 shaken, +1 officer.
    const MoraleTest stand =
        morale_test(TroopRow::OtherFoot, Occasion::Charged, Opponent::Other, all);
    CHECK(stand.modifier() == -6);
    // Fire: -2, -2, +1.
    const MoraleTest fire =
        morale_test(TroopRow::OtherFoot, Occasion::FireCasualties, Opponent::Swiss, all);
    CHECK(fire.modifier() == -3);
    CHECK(fire.threshold == 4);
    for (const Modifier& m : stand.modifiers) CHECK(m.rule == "TSP-MORALE-2");
    MoraleFactors none;
    CHECK(morale_test(TroopRow::OtherFoot, Occasion::Charged, Opponent::Other, none)
              .modifiers.empty());
    MoraleFactors officer;
    officer.field_officer = true;
    CHECK(
        morale_test(TroopRow::SwissFoot, Occasion::Charging, Opponent::Other, officer).modifiers ==
        std::vector<Modifier>{{1, "TSP-MORALE-2", "field officer"}});
}

TEST_CASE("a spent unit's step-1 test and a shaken unit's rally use Stand and Fight against Other",
          "[tsp][TSP-AMB-11][TSP-AMB-5][TSP-AMB-22][TSP-AMB-26][TSP-SHAKEN-1]") {
    MoraleFactors spent;
    spent.spent = true;
    const MoraleTest step1 =
        morale_test(TroopRow::OtherFoot, Occasion::SpentStays, Opponent::Swiss, spent);
    CHECK(test_of(Occasion::SpentStays) == Test::StandAndFight);
    CHECK(step1.threshold == 3);  // vs Other, whoever asked
    CHECK(step1.modifier() == -2);
    CHECK(morale_outcome(Occasion::SpentStays, false) == Outcome::Removed);
    CHECK(morale_outcome(Occasion::SpentStays, true) == Outcome::Unchanged);

    MoraleFactors shaken;
    shaken.shaken = true;
    shaken.leaderless = true;
    const MoraleTest rally =
        morale_test(TroopRow::LandsknechtFoot, Occasion::ShakenRally, Opponent::Swiss, shaken);
    CHECK(rally.threshold == 2);
    CHECK(rally.modifiers ==
          std::vector<Modifier>{{-2, "TSP-MORALE-2", "no leader"}});  // not the -1 shaken
    CHECK(morale_outcome(Occasion::ShakenRally, true) == Outcome::Rallies);
    CHECK(morale_outcome(Occasion::ShakenRally, false) == Outcome::StaysShaken);
}

TEST_CASE("breaking off a close combat", "[tsp][TSP-CC-6]") {
    MoraleFactors f;
    f.shaken = true;
    f.leaderless = true;
    f.infantry_from_cavalry = true;
    const MoraleTest t =
        morale_test(TroopRow::OtherFoot, Occasion::BreakingOff, Opponent::Other, f);
    CHECK(t.threshold == 3);
    CHECK(t.modifiers == std::vector<Modifier>{{-1, "TSP-CC-6", "shaken"},
                                               {-1, "TSP-CC-6", "no leader"},
                                               {-2, "TSP-CC-6", "foot breaking off from horse"}});
    CHECK(morale_outcome(Occasion::BreakingOff, true) == Outcome::BreaksOff);
    CHECK(morale_outcome(Occasion::BreakingOff, false) == Outcome::FightsOn);
}

TEST_CASE("failed tests: fire shakes then routs, a charger halts, the charged are shaken or rout",
          "[tsp][TSP-AMB-14][TSP-SHAKEN-1][TSP-ROUT-1][TSP-MORALE-3][TSP-CC-5][TSP-CC-2]") {
    CHECK(morale_outcome(Occasion::FireCasualties, true) == Outcome::Unchanged);
    CHECK(morale_outcome(Occasion::FireCasualties, false) == Outcome::Shaken);
    CHECK(morale_outcome(Occasion::FireCasualties, false, true) == Outcome::Routs);
    CHECK(morale_outcome(Occasion::Charging, false) == Outcome::Halts);
    CHECK(morale_outcome(Occasion::Charging, true) == Outcome::Unchanged);
    CHECK(morale_outcome(Occasion::Charged, false) == Outcome::Shaken);
    CHECK(morale_outcome(Occasion::Charged, false, true) == Outcome::Routs);
    CHECK(morale_outcome(Occasion::Charged, true, true) == Outcome::Unchanged);
    // Artillerists never stand and fight: they fire and fall back, or rout.
    CHECK(morale_outcome(Occasion::Charged, true, false, true) == Outcome::FiresFallsBack);
    CHECK(morale_outcome(Occasion::Charged, false, false, true) == Outcome::Routs);
    CHECK(morale_outcome(Occasion::LostMelee, false) == Outcome::Routs);
    CHECK(rout_losses(3, 20) == 3);
    CHECK(rout_losses(4, 2) == 2);
    CHECK(rally_outcome(true) == Outcome::StaysShaken);
    CHECK(rally_outcome(false) == Outcome::Removed);
    CHECK(needs_to_close_test(false, false));
    CHECK_FALSE(needs_to_close_test(true, false));
    CHECK(needs_to_close_test(true, true));  // a pike square has no rear (TSP-CC-2)
}

TEST_CASE("routed Other Foot rally on 6-10 without an officer, 5-10 with one",
          "[tsp][TSP-TV-10][TSP-RALLY-1][TSP-AMB-22]") {
    const TroopRow other = rally_row(Kind::Halberdiers, Temper::Other);
    CHECK(rally_threshold(other, false) == 6);
    CHECK(rally_threshold(other, true) == 5);
}

TEST_CASE("the rally table", "[tsp][TSP-RALLY-1][TSP-AMB-12]") {
    CHECK(rally_threshold(TroopRow::SwissFoot, true) == 3);
    CHECK(rally_threshold(TroopRow::SwissFoot, false) == 4);
    CHECK(rally_threshold(rally_row(Kind::Pikemen, Temper::Spanish), false) == 4);
    CHECK(rally_threshold(TroopRow::LandsknechtFoot, true) == 4);
    CHECK(rally_threshold(TroopRow::LandsknechtFoot, false) == 5);
    CHECK(rally_threshold(TroopRow::HeavyCavalry, true) == 3);
    CHECK(rally_threshold(TroopRow::HeavyCavalry, false) == 4);
    CHECK(rally_threshold(TroopRow::LighterMounted, true) == 4);
    CHECK(rally_threshold(TroopRow::LighterMounted, false) == 5);
    CHECK(rally_threshold(TroopRow::Gunners, true) == 6);
    CHECK(rally_threshold(TroopRow::Gunners, false) == 7);
}

// --- Close combat -------------------------------------------------------------------------------

TEST_CASE("a company beaten by a 5 loses one figure, by a 6 two, by a 4 none",
          "[tsp][TSP-TV-7][TSP-CC-3][TSP-CC-1]") {
    const MatchUp five = match_up(5, 3);
    REQUIRE(five.winner);
    CHECK(*five.winner == Side::A);
    CHECK(five.loss == 1);
    CHECK(match_up(6, 3).loss == 2);
    const MatchUp four = match_up(4, 3);
    CHECK(four.winner == Side::A);
    CHECK(four.loss == 0);
    CHECK(match_up(7, 2).loss == 2);  // a modified 6 or more counts as 6
    CHECK(match_up(2, 5).winner == Side::B);
    CHECK(match_up(2, 5).loss == 1);
    const MatchUp tie = match_up(5, 5);
    CHECK_FALSE(tie.winner);
    CHECK(tie.loss == 0);
    CHECK(company_loss(4) == 0);
    CHECK(company_loss(5) == 1);
    CHECK(company_loss(6) == 2);
}

TEST_CASE("fighting companies: front ones up to depth, attached after, the leader's last",
          "[tsp][TSP-AMB-15][TSP-AMB-25][TSP-CC-4][TSP-ORDER-1]") {
    CHECK(fight_depth(Kind::Pikemen, Order::Closed) == 4);
    CHECK(fight_depth(Kind::Pikemen, Order::Open) == 2);
    CHECK(fight_depth(Kind::Halberdiers, Order::Closed) == 2);
    CHECK(fight_depth(Kind::Gendarmes, Order::Open) == 2);
    auto cs = companies({5, 5, 5, 5});
    cs[0].leader = true;
    CHECK(fighting_companies(cs, 2) == std::vector<int>{1, 0});
    CHECK(fighting_companies(cs, 4) == std::vector<int>{1, 2, 3, 0});
    // An empty company is passed over; an attached company comes after the unit's own.
    auto pike = companies({5, 0, 5, 5});
    pike.push_back(Company{5, false, true});
    CHECK(fighting_companies(pike, 4) == std::vector<int>{0, 2, 3, 4});
    CHECK(fighting_companies(pike, 2) == std::vector<int>{0, 2});
    // Two leaders (Swiss and Spanish pike): the one further back fights last.
    auto swiss = companies({5, 5, 5, 5});
    swiss[0].leader = true;
    swiss[2].leader = true;
    CHECK(fighting_companies(swiss, 4) == std::vector<int>{0, 1, 3, 2});
    // A leader's company beyond the depth does not fight.
    auto back = companies({3, 3, 3, 3});
    back[3].leader = true;
    CHECK(fighting_companies(back, 2) == std::vector<int>{0, 1});
    CHECK(fighting_companies(companies({0, 0}), 2).empty());
}

TEST_CASE("a round: pairs in order, extras against the first unbeaten, the officer last",
          "[tsp][TSP-AMB-15][TSP-CC-4][TSP-CC-5][TSP-AMB-8][TSP-CC-1]") {
    // Pikes (4 fighting companies) against halberdiers (2) with a Colonel.
    CombatRound r{4, 2, false, true, {}};
    auto next = next_match_up(r);
    REQUIRE(next);
    CHECK((next->a == 0 && next->b == 0));
    MatchUp m = fight(r, 5, 2);  // A's first wins with a 5: B's first loses 1
    CHECK(m.winner == Side::A);
    CHECK(m.loss == 1);
    next = next_match_up(r);
    REQUIRE(next);
    CHECK((next->a == 1 && next->b == 1));
    m = fight(r, 3, 3);  // a tie: no result, both still fighting
    CHECK_FALSE(m.winner);
    // A's extra companies 2 and 3 fight B's first company still fighting: B's second (tied).
    next = next_match_up(r);
    REQUIRE(next);
    CHECK((next->a == 2 && next->b == 1));
    m = fight(r, 1, 6);  // B's second beats A's third: 2 figures
    CHECK(m.winner == Side::B);
    CHECK(m.loss == 2);
    next = next_match_up(r);
    REQUIRE(next);
    CHECK((next->a == 3 && next->b == 1));
    m = fight(r, 6, 2);
    CHECK(m.winner == Side::A);
    // B's Colonel fights last, against the A company that won most recently (A's fourth), +1.
    next = next_match_up(r);
    REQUIRE(next);
    CHECK((next->a == 3 && next->b == -1));
    m = fight(r, 4, 4);
    CHECK(m.b_total == 5);
    CHECK(m.winner == Side::B);
    CHECK(m.loss == 1);
    CHECK_FALSE(next_match_up(r));
    CHECK_THROWS_AS(fight(r, 1, 1), std::logic_error);
    // A lost 2 match-ups (its third, its fourth to the Colonel), B 2 (its first, its second).
    CHECK(lost_by(r, Side::A) == 2);
    CHECK(lost_by(r, Side::B) == 2);
    CHECK_FALSE(round_loser(r));
}

TEST_CASE("an extra company with no enemy unbeaten fights no one", "[tsp][TSP-AMB-15][TSP-AMB-8]") {
    CombatRound r{1, 3, false, false, {}};
    fight(r, 2, 6);  // B's first beats A's only company
    // B's extras have no unbeaten enemy to fight.
    CHECK_FALSE(next_match_up(r));
    CHECK(round_loser(r) == Side::A);
    // A's officer, if it had one, fights the B company that won: B's first.
    CombatRound o{1, 3, true, false, {}};
    fight(o, 2, 6);
    const auto next = next_match_up(o);
    REQUIRE(next);
    CHECK((next->a == -1 && next->b == 0));
    const MatchUp m = fight(o, 6, 1);  // 7 against 1
    CHECK(m.a_total == 7);
    CHECK(m.loss == 2);
    CHECK_FALSE(round_loser(o));  // one each
}

TEST_CASE("the officer fights the enemy's first company when none of its companies won",
          "[tsp][TSP-AMB-15][TSP-CC-4][TSP-AMB-7]") {
    CombatRound r{2, 2, true, true, {}};
    fight(r, 5, 1);
    fight(r, 6, 2);
    auto next = next_match_up(r);
    REQUIRE(next);
    CHECK((next->a == -1 && next->b == 0));  // no B company won: B's first
    fight(r, 3, 3);  // 4 against 3: the Colonel wins, with a 4 costs nothing
    CHECK(r.fought.back().winner == Side::A);
    CHECK(r.fought.back().loss == 0);
    next = next_match_up(r);
    REQUIRE(next);
    CHECK((next->a == 1 && next->b == -1));  // B's officer: the A company that won most recently
    fight(r, 1, 5);
    CHECK_FALSE(next_match_up(r));
    CHECK(lost_by(r, Side::B) == 3);
    CHECK(round_loser(r) == Side::B);
}

TEST_CASE("a round with no companies on one side has no match-ups", "[tsp][TSP-AMB-15]") {
    CombatRound r{0, 2, true, false, {}};
    const auto next = next_match_up(r);
    REQUIRE(next);  // A's officer alone, against B's first
    CHECK((next->a == -1 && next->b == 0));
    CombatRound none{0, 0, false, false, {}};
    CHECK_FALSE(next_match_up(none));
    // A's companies have no one to fight; B's officer alone fights A's first.
    CombatRound officer_alone{2, 0, false, true, {}};
    const auto alone = next_match_up(officer_alone);
    REQUIRE(alone);
    CHECK((alone->a == 0 && alone->b == -1));
}

// --- State and spirit ---------------------------------------------------------------------------

TEST_CASE("fresh, worn, spent by figures", "[tsp][TSP-STATE-1][TSP-AMB-4][TSP-AMB-21]") {
    CHECK(condition(20, 20) == Condition::Fresh);
    CHECK(condition(19, 20) == Condition::Worn);
    CHECK(condition(10, 20) == Condition::Worn);  // 50% is not under 50%
    CHECK(condition(9, 20) == Condition::Spent);
    CHECK(condition(25, 25) == Condition::Fresh);  // with an attached company
    CHECK(condition(6, 12) == Condition::Worn);
    CHECK(condition(5, 12) == Condition::Spent);
    CHECK(condition(2, 4) == Condition::Worn);  // a gun's crew
    CHECK(condition(1, 4) == Condition::Spent);
    CHECK(condition(0, 4) == Condition::Spent);
}

TEST_CASE("the source's spirit example, turn 1: 14 of 16 is 90%, roll 9 or less",
          "[tsp][TSP-TV-1][TSP-SPIRIT-1][TSP-SPIRIT-2][TSP-AMB-10]") {
    int points2 = 0;
    for (int i = 0; i < 6; ++i) points2 += spirit_points2(Condition::Fresh);  // units
    for (int i = 0; i < 4; ++i) points2 += spirit_points2(Condition::Worn);
    for (int i = 0; i < 6; ++i) points2 += spirit_points2(Condition::Fresh);  // guns
    CHECK(points2 == 28);                                                     // 14 points
    CHECK(spirit_limit(points2, 16) == 9);
    CHECK(spirit_percent(points2, 16) == 90);
    CHECK(spirit_good(9, 9));
    CHECK_FALSE(spirit_good(9, 10));
}

TEST_CASE("the source's spirit example, turn 2: 12 of 16 is 80%, roll 8 or less",
          "[tsp][TSP-TV-2][TSP-SPIRIT-2][TSP-SPIRIT-3]") {
    const int points2 = 5 * spirit_points2(Condition::Fresh) + 4 * spirit_points2(Condition::Worn) +
                        spirit_points2(Condition::Spent) + 4 * spirit_points2(Condition::Fresh) +
                        2 * spirit_points2(Condition::Worn);
    CHECK(points2 == 24);
    CHECK(spirit_limit(points2, 16) == 8);
    CHECK(spirit_good(8, 8));
    CHECK_FALSE(spirit_good(8, 9));
}

TEST_CASE("spirit at exactly 50% is 5 or less, at 0 no roll succeeds",
          "[tsp][TSP-TV-3][TSP-SPIRIT-2][TSP-SPIRIT-4]") {
    CHECK(spirit_limit(16, 16) == 5);
    CHECK(spirit_limit(17, 16) == 6);  // 53.1% rounds up to 60%
    CHECK(spirit_limit(0, 16) == 0);
    for (int d10 = 1; d10 <= 10; ++d10) CHECK_FALSE(spirit_good(spirit_limit(0, 16), d10));
    CHECK(spirit_limit(32, 16) == 10);
    CHECK(spirit_limit(1, 16) == 1);  // 3.1% rounds up to 10%
    CHECK(spirit_limit(5, 0) == 0);
}

TEST_CASE("poor spirit removes the routed and the spent, and routs the shaken",
          "[tsp][TSP-SPIRIT-3][TSP-AMB-26]") {
    CHECK(poor_spirit(true, Condition::Fresh, false) == Outcome::Removed);
    CHECK(poor_spirit(false, Condition::Spent, false) == Outcome::Removed);
    CHECK(poor_spirit(false, Condition::Spent, true) == Outcome::Removed);
    CHECK(poor_spirit(false, Condition::Worn, true) == Outcome::Routs);  // and stays this turn
    CHECK(poor_spirit(false, Condition::Worn, false) == Outcome::Unchanged);
}
