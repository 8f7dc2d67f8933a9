// The Sword and the Pike's resolution arithmetic (resolve.hpp). The tables are the spec's
// (the rules specification, Part B), row for row.
#include "tsp/resolve.hpp"

#include <array>
#include <stdexcept>

namespace tercio::tsp {

namespace {

constexpr std::size_t at(auto e) {
    return static_cast<std::size_t>(e);
}

bool is_gun(Kind k) {
    return k == Kind::HeavyGun || k == Kind::LightGun;
}

}  // namespace

int total(const std::vector<Modifier>& mods) {
    int sum = 0;
    for (const Modifier& m : mods) sum += m.value;
    return sum;
}

// --- Movement -----------------------------------------------------------------------------------

MoveDice move_dice(Kind k, Order o, bool square) {
    switch (k) {
        case Kind::Gendarmes:
            return {5, false};
        case Kind::Reiters:
        case Kind::LightHorse:
            return {6, false};
        case Kind::LightGun:
        case Kind::SupplyWagon:
            return {2, false};
        case Kind::HeavyGun:
            return {0, false};
        default:
            break;
    }
    if (k == Kind::Pikemen && square) return {2, true};
    return {o == Order::Closed ? 2 : 3, false};
}

Penalty move_penalty(Kind k, Order o, const Ground& g) {
    if (o == Order::Skirmish) return Penalty::None;
    if (foot(k)) {
        const bool any = g.uphill || g.downhill || g.obstacle || g.woods;
        if (!any) return Penalty::None;
        return o == Order::Closed ? Penalty::Half : Penalty::Quarter;
    }
    Penalty p = Penalty::None;
    if (g.uphill || g.obstacle) p = k == Kind::LightHorse ? Penalty::Quarter : Penalty::Half;
    if (mounted(k) && g.woods) p = Penalty::Half;  // TSP-AMB-18
    return p;
}

bool move_allowed(Kind k, bool square, const Ground& g, bool may_move) {
    if (k == Kind::HeavyGun && !may_move) return false;
    if (gunners(k) && g.woods) return false;
    if (k == Kind::Pikemen && square && (g.woods || g.rough)) return false;
    return true;
}

// --- Fire ---------------------------------------------------------------------------------------

int band_reach(Weapon w, Band b, bool light_gun_36) {
    switch (w) {
        case Weapon::Pistol:
            return b == Band::Full ? 3 : 0;
        case Weapon::Crossbow:
            return b == Band::Full ? 8 : 0;
        case Weapon::Arquebus:
            return b == Band::Short ? 8 : (b == Band::Long ? 12 : 0);
        case Weapon::Rifle:
            return b == Band::Short ? 16 : (b == Band::Long ? 24 : 0);
        case Weapon::HeavyCannon:
            return b == Band::Short ? 12 : (b == Band::Long ? 32 : 0);
        case Weapon::LightCannon:
            return b == Band::Short ? 8 : (b == Band::Long ? (light_gun_36 ? 24 : 16) : 0);
        case Weapon::None:
            break;
    }
    return 0;
}

std::optional<Band> fire_band(Weapon w, int distance, bool light_gun_36) {
    if (distance < 0) return std::nullopt;
    for (const Band b : {Band::Short, Band::Long, Band::Full}) {
        const int reach = band_reach(w, b, light_gun_36);
        if (reach > 0 && distance <= reach) return b;
    }
    return std::nullopt;
}

TargetClass target_class(Kind target, Order o, Cover c, Weapon firing) {
    TargetClass out = TargetClass::II;
    if (foot(target) && o == Order::Closed) out = TargetClass::I;
    const bool iii = o == Order::Skirmish || gunners(target) ||
                     (target == Kind::Gendarmes && firing == Weapon::Pistol) ||
                     (foot(target) && c == Cover::Light);
    if (iii) out = TargetClass::III;
    if (foot(target) && c == Cover::Hard) out = TargetClass::IV;
    return out;
}

int hit_number(Weapon w, Band b, TargetClass c) {
    using Row = std::array<int, 4>;
    // TSP-FIRE-3, Class I .. IV.
    constexpr Row arquebus_short{6, 5, 4, 3}, arquebus_long{5, 4, 3, 2};
    constexpr Row pistol{6, 5, 3, 1}, crossbow{5, 3, 2, 1};
    constexpr Row heavy_short{6, 4, 4, 4}, heavy_long{4, 3, 3, 3};
    constexpr Row light_short{5, 4, 3, 2}, light_long{4, 2, 2, 1};
    const std::size_t i = at(c) - 1;
    switch (w) {
        case Weapon::Arquebus:
        case Weapon::Rifle:
            return b == Band::Short ? arquebus_short[i] : (b == Band::Long ? arquebus_long[i] : 0);
        case Weapon::Pistol:
            return b == Band::Full ? pistol[i] : 0;
        case Weapon::Crossbow:
            return b == Band::Full ? crossbow[i] : 0;
        case Weapon::HeavyCannon:
            return b == Band::Short ? heavy_short[i] : (b == Band::Long ? heavy_long[i] : 0);
        case Weapon::LightCannon:
            return b == Band::Short ? light_short[i] : (b == Band::Long ? light_long[i] : 0);
        case Weapon::None:
            break;
    }
    return 0;
}

std::vector<Modifier> fire_modifiers(const FireFactors& f) {
    std::vector<Modifier> out;
    if (f.shaken) {
        out.push_back({1, "TSP-FIRE-4", "shaken"});
    } else if (f.pistols_not_closing) {
        out.push_back({1, "TSP-FIRE-7", "pistols without closing"});
    }
    if (f.light_rain) out.push_back({2, "TSP-FIRE-4", "light rain"});
    return out;
}

int fire_ranks(Kind k) {
    return k == Kind::Reiters ? 4 : 2;
}

int fire_dice(Kind k, Weapon w, int figures, int ranks) {
    if (w == Weapon::None || figures <= 0) return 0;
    if (is_gun(k)) return 3 * figures;
    const int eligible = frontage(k) * (ranks < 0 ? 0 : ranks);
    return figures < eligible ? figures : eligible;
}

int reload_turns(Weapon w) {
    switch (w) {
        case Weapon::Arquebus:
        case Weapon::Pistol:
            return 1;
        case Weapon::HeavyCannon:
        case Weapon::Rifle:
            return 2;
        case Weapon::Crossbow:
        case Weapon::LightCannon:
        case Weapon::None:
            break;
    }
    return 0;
}

int reload_markers(Kind k, Weapon w) {
    if (w == Weapon::None || k == Kind::Reiters) return 0;
    return 1 + reload_turns(w);
}

// --- Morale -------------------------------------------------------------------------------------

TroopRow morale_row(Kind k, Temper t) {
    if (gunners(k)) return TroopRow::Gunners;
    if (k == Kind::Gendarmes) return TroopRow::HeavyCavalry;
    if (mounted(k)) return TroopRow::LighterMounted;
    if (t == Temper::Swiss) return TroopRow::SwissFoot;
    if (t == Temper::Landsknecht) return TroopRow::LandsknechtFoot;
    return TroopRow::OtherFoot;  // Spanish and Other (TSP-AMB-12)
}

TroopRow rally_row(Kind k, Temper t) {
    if (foot(k) && t == Temper::Spanish) return TroopRow::SwissFoot;
    return morale_row(k, t);
}

int morale_threshold(TroopRow row, Test test, Opponent against) {
    // TSP-MORALE-1: vs Swiss, vs Other, vs Fire. The two tests have the same values on every row;
    // Swiss against Swiss is blank in the source and reads vs Other (TSP-AMB-3).
    constexpr std::array<std::array<int, 3>, 6> table{{
        {2, 2, 3},  // Swiss Foot
        {3, 2, 3},  // Landsknecht Foot
        {4, 3, 4},  // Other Foot
        {2, 2, 3},  // Gendarmes and other heavy cavalry
        {4, 4, 4},  // Lighter mounted units
        {6, 5, 5},  // Gunners and Auxiliaries (charged: fire and fall back)
    }};
    const std::size_t col = test == Test::Fire ? 2 : at(against);
    return table[at(row)][col];
}

Test test_of(Occasion o) {
    switch (o) {
        case Occasion::Charging:
            return Test::ToClose;
        case Occasion::FireCasualties:
            return Test::Fire;
        default:
            return Test::StandAndFight;
    }
}

MoraleTest morale_test(TroopRow row, Occasion o, Opponent against, const MoraleFactors& f) {
    // TSP-AMB-11, TSP-AMB-5: the step-1 test and a Shaken unit's rally are against Other.
    if (o == Occasion::SpentStays || o == Occasion::ShakenRally) against = Opponent::Other;
    const Test test = test_of(o);
    MoraleTest out;
    out.threshold = morale_threshold(row, test, against);
    auto add = [&](int v, std::string_view rule, std::string_view reason) {
        out.modifiers.push_back({v, rule, reason});
    };
    if (o == Occasion::BreakingOff) {
        if (f.shaken) add(-1, "TSP-CC-6", "shaken");
        if (f.leaderless) add(-1, "TSP-CC-6", "no leader");
        if (f.infantry_from_cavalry) add(-2, "TSP-CC-6", "foot breaking off from horse");
        if (f.spent) add(-2, "TSP-MORALE-2", "spent");
        if (f.field_officer) add(1, "TSP-MORALE-2", "field officer");
        return out;
    }
    if (f.leaderless) add(-2, "TSP-MORALE-2", "no leader");
    if (f.spent) add(-2, "TSP-MORALE-2", "spent");
    if (test == Test::ToClose) {
        if (f.gendarmes_vs_lighter_cavalry)
            add(1, "TSP-MORALE-2", "gendarmes against lighter horse");
        if (f.swiss_pike_vs_pike) add(1, "TSP-MORALE-2", "Swiss pike against pike");
    }
    if (test == Test::StandAndFight) {
        if (f.attacked_in_rear) add(-2, "TSP-MORALE-2", "attacked in the rear");
        if (f.shaken && o != Occasion::ShakenRally) add(-1, "TSP-MORALE-2", "shaken");
    }
    if (f.field_officer) add(1, "TSP-MORALE-2", "field officer");
    return out;
}

int rally_threshold(TroopRow row, bool officer) {
    // TSP-RALLY-1: with an officer, without.
    constexpr std::array<std::array<int, 2>, 6> table{{
        {3, 4},  // Swiss & Spanish Foot
        {4, 5},  // Landsknecht Foot
        {5, 6},  // Other Foot
        {3, 4},  // Gendarmes & other heavy cavalry
        {4, 5},  // Lighter mounted units
        {6, 7},  // Gunners and Auxiliaries
    }};
    return table[at(row)][officer ? 0 : 1];
}

Outcome morale_outcome(Occasion o, bool passed, bool already_shaken, bool gunners) {
    switch (o) {
        case Occasion::Charging:
            return passed ? Outcome::Unchanged : Outcome::Halts;
        case Occasion::Charged:
            if (gunners) return passed ? Outcome::FiresFallsBack : Outcome::Routs;
            if (passed) return Outcome::Unchanged;
            return already_shaken ? Outcome::Routs : Outcome::Shaken;
        case Occasion::FireCasualties:
            if (passed) return Outcome::Unchanged;
            return already_shaken ? Outcome::Routs : Outcome::Shaken;
        case Occasion::LostMelee:
            return passed ? Outcome::FallsBackShaken : Outcome::Routs;
        case Occasion::BreakingOff:
            return passed ? Outcome::BreaksOff : Outcome::FightsOn;
        case Occasion::SpentStays:
            return passed ? Outcome::Unchanged : Outcome::Removed;
        case Occasion::ShakenRally:
            return passed ? Outcome::Rallies : Outcome::StaysShaken;
    }
    return Outcome::Unchanged;
}

// --- Close combat -------------------------------------------------------------------------------

int fight_depth(Kind k, Order o) {
    return k == Kind::Pikemen && o == Order::Closed ? 4 : 2;
}

std::vector<int> fighting_companies(const std::vector<Company>& companies, int depth) {
    std::vector<int> order;
    for (const bool attached : {false, true}) {
        for (std::size_t i = 0; i < companies.size(); ++i) {
            const Company& c = companies[i];
            if (c.attached == attached && c.figures > 0 && static_cast<int>(order.size()) < depth) {
                order.push_back(static_cast<int>(i));
            }
        }
    }
    // The leader's company fights last; of two, the rearmost (TSP-AMB-25).
    for (std::size_t j = order.size(); j-- > 0;) {
        if (companies[static_cast<std::size_t>(order[j])].leader) {
            const int leader = order[j];
            order.erase(order.begin() + static_cast<std::ptrdiff_t>(j));
            order.push_back(leader);
            break;
        }
    }
    return order;
}

MatchUp match_up(int a_total, int b_total) {
    MatchUp m;
    m.a_total = a_total;
    m.b_total = b_total;
    if (a_total != b_total) {
        m.winner = a_total > b_total ? Side::A : Side::B;
        m.loss = company_loss(a_total > b_total ? a_total : b_total);
    }
    return m;
}

namespace {

/// Whether `side`'s fighter at `pos` lost one of the first `upto` match-ups of the round.
bool beaten(const CombatRound& r, Side side, int pos, std::size_t upto) {
    for (std::size_t i = 0; i < upto && i < r.fought.size(); ++i) {
        const MatchUp& m = r.fought[i];
        const int who = side == Side::A ? m.a : m.b;
        if (who == pos && m.winner && *m.winner != side) return true;
    }
    return false;
}

/// The officer's opponent: the enemy company that won most recently, or the enemy's first.
std::optional<int> officer_target(const CombatRound& r, Side enemy, int enemy_companies) {
    for (std::size_t i = r.fought.size(); i-- > 0;) {
        const MatchUp& m = r.fought[i];
        const int who = enemy == Side::A ? m.a : m.b;
        if (m.winner == enemy && who >= 0) return who;
    }
    if (enemy_companies > 0) return 0;
    return std::nullopt;
}

}  // namespace

std::optional<MatchUp> next_match_up(const CombatRound& r) {
    auto pair = [](int a, int b) {
        MatchUp m;
        m.a = a;
        m.b = b;
        return m;
    };
    const std::size_t fought = r.fought.size();
    const int pairs = r.a_companies < r.b_companies ? r.a_companies : r.b_companies;
    // The companies pair in order.
    if (fought < static_cast<std::size_t>(pairs)) {
        const int i = static_cast<int>(fought);
        return pair(i, i);
    }
    // Each extra company of the larger side against the enemy's first company not beaten in the
    // match-ups before it; with none left, it fights no one.
    const bool a_more = r.a_companies > r.b_companies;
    const Side small = a_more ? Side::B : Side::A;
    const int big_n = a_more ? r.a_companies : r.b_companies;
    const int small_n = a_more ? r.b_companies : r.a_companies;
    std::size_t k = static_cast<std::size_t>(pairs);
    for (int extra = pairs; extra < big_n; ++extra) {
        int target = -1;
        for (int j = 0; j < small_n && target < 0; ++j) {
            if (!beaten(r, small, j, k)) target = j;
        }
        if (target < 0) continue;
        if (k < fought) {
            ++k;  // fought already
            continue;
        }
        return a_more ? pair(extra, target) : pair(target, extra);
    }
    // The field officers, A's then B's (TSP-CC-4).
    for (const Side s : {Side::A, Side::B}) {
        const bool has = s == Side::A ? r.a_officer : r.b_officer;
        if (!has) continue;
        bool done = false;
        for (const MatchUp& m : r.fought) {
            if ((s == Side::A ? m.a : m.b) == -1) done = true;
        }
        if (done) continue;
        const Side enemy = core::other(s);
        const auto target =
            officer_target(r, enemy, enemy == Side::A ? r.a_companies : r.b_companies);
        if (!target) continue;
        MatchUp m;
        m.a = s == Side::A ? -1 : *target;
        m.b = s == Side::A ? *target : -1;
        return m;
    }
    return std::nullopt;
}

MatchUp fight(CombatRound& r, int a_d6, int b_d6) {
    const std::optional<MatchUp> next = next_match_up(r);
    if (!next) throw std::logic_error("the close combat round is over: no one left to fight");
    const int a_total = a_d6 + (next->a == -1 ? 1 : 0);
    const int b_total = b_d6 + (next->b == -1 ? 1 : 0);
    MatchUp m = match_up(a_total, b_total);
    m.a = next->a;
    m.b = next->b;
    m.a_natural = a_d6;
    m.b_natural = b_d6;
    r.fought.push_back(m);
    return m;
}

int lost_by(const CombatRound& r, Side s) {
    int n = 0;
    for (const MatchUp& m : r.fought) {
        if (m.winner && *m.winner != s) ++n;
    }
    return n;
}

std::optional<Side> round_loser(const CombatRound& r) {
    const int a = lost_by(r, Side::A);
    const int b = lost_by(r, Side::B);
    if (a == b) return std::nullopt;
    return a > b ? Side::A : Side::B;
}

// --- State and spirit ---------------------------------------------------------------------------

Condition condition(int figures, int start_figures) {
    if (figures >= start_figures) return Condition::Fresh;
    if (2 * figures >= start_figures) return Condition::Worn;
    return Condition::Spent;
}

int spirit_limit(int points2, int start_units) {
    if (start_units <= 0 || points2 <= 0) return 0;
    // points2 / (2 x start) as tenths, rounded up.
    const int den = 2 * start_units;
    const int tenths = (10 * points2 + den - 1) / den;
    return tenths > 10 ? 10 : tenths;
}

Outcome poor_spirit(bool routed, Condition c, bool shaken) {
    if (routed || c == Condition::Spent) return Outcome::Removed;
    if (shaken) return Outcome::Routs;
    return Outcome::Unchanged;
}

}  // namespace tercio::tsp
