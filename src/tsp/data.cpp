#include "tsp/data.hpp"

#include "core/names.hpp"

namespace tercio::tsp {

namespace {

using core::name_of;
using core::parse_by_name;

constexpr std::array<std::string_view, kKindCount> kKinds = {
    "gendarmes",   "reiters",         "light_horse",       "pikemen",   "arquebusiers", "crossbowmen", "halberdiers",
    "great_swords", "sword_and_buckler", "riflemen", "heavy_gun", "light_gun", "supply_wagon"};
constexpr std::array<std::string_view, 3> kOrders = {"closed", "open", "skirmish"};
constexpr std::array<std::string_view, 7> kWeapons = {"none",         "arquebus",     "crossbow", "pistol",
                                                      "heavy_cannon", "light_cannon", "rifle"};
constexpr std::array<std::string_view, 4> kTempers = {"other", "swiss", "spanish", "landsknecht"};
constexpr std::array<std::string_view, 2> kRanks = {"colonel", "general"};

}  // namespace

std::string_view to_string(Kind k) { return name_of(kKinds, static_cast<std::size_t>(k)); }
std::string_view to_string(Order o) { return name_of(kOrders, static_cast<std::size_t>(o)); }
std::string_view to_string(Weapon w) { return name_of(kWeapons, static_cast<std::size_t>(w)); }
std::string_view to_string(Temper t) { return name_of(kTempers, static_cast<std::size_t>(t)); }
std::string_view to_string(Rank r) { return name_of(kRanks, static_cast<std::size_t>(r)); }

std::optional<Kind> parse_kind(std::string_view s) { return parse_by_name<Kind>(kKinds, s); }
std::optional<Order> parse_order(std::string_view s) { return parse_by_name<Order>(kOrders, s); }
std::optional<Weapon> parse_weapon(std::string_view s) { return parse_by_name<Weapon>(kWeapons, s); }
std::optional<Temper> parse_temper(std::string_view s) { return parse_by_name<Temper>(kTempers, s); }
std::optional<Rank> parse_rank(std::string_view s) { return parse_by_name<Rank>(kRanks, s); }

const TroopType* Ruleset::find_type(std::string_view type_id) const {
    for (const TroopType& t : troop_types) {
        if (t.id == type_id) return &t;
    }
    return nullptr;
}

int ArmyList::unit_count() const {
    int n = 0;
    for (const UnitLine& l : units) n += l.units;
    return n;
}

}  // namespace tercio::tsp
