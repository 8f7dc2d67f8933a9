#include "hbl/data.hpp"

#include <numeric>

#include "core/names.hpp"

namespace tercio::hbl {

namespace {

using core::name_of;
using core::parse_by_name;

constexpr std::array<std::string_view, 3> kCategories = {"cavalry", "infantry", "artillery"};
constexpr std::array<std::string_view, 6> kFormations = {"formed",      "skirmish", "close",
                                                         "pike_square", "loose",    "battery"};
constexpr std::array<std::string_view, 3> kArmours = {"none", "half", "full"};
constexpr std::array<std::string_view, kCardKindCount> kCards = {
    "march",       "cavalry_march",    "melee",
    "group_melee", "command",          "lull",
    "army_morale", "artillery_action", "formation_change",
    "reload"};
constexpr std::array<std::string_view, kCardKindCount> kCardTitles = {
    "March",       "Cavalry March",    "Melee",
    "Group Melee", "Command",          "Lull",
    "Army Morale", "Artillery Action", "Formation Change",
    "Reload"};

}  // namespace

std::string_view to_string(Category c) {
    return name_of(kCategories, static_cast<std::size_t>(c));
}
std::string_view to_string(Formation f) {
    return name_of(kFormations, static_cast<std::size_t>(f));
}
std::string_view to_string(Armour a) {
    return name_of(kArmours, static_cast<std::size_t>(a));
}
std::string_view to_string(CardKind c) {
    return name_of(kCards, static_cast<std::size_t>(c));
}
std::string_view card_title(CardKind c) {
    return name_of(kCardTitles, static_cast<std::size_t>(c));
}

std::optional<Category> parse_category(std::string_view s) {
    return parse_by_name<Category>(kCategories, s);
}
std::optional<Formation> parse_formation(std::string_view s) {
    return parse_by_name<Formation>(kFormations, s);
}
std::optional<Armour> parse_armour(std::string_view s) {
    return parse_by_name<Armour>(kArmours, s);
}
std::optional<CardKind> parse_card_kind(std::string_view s) {
    return parse_by_name<CardKind>(kCards, s);
}

const TroopType* Ruleset::find_type(std::string_view type_id) const {
    for (const TroopType& t : troop_types) {
        if (t.id == type_id) return &t;
    }
    return nullptr;
}

int ArmyList::deck_size() const {
    return std::accumulate(deck.begin(), deck.end(), 0);
}

const CommandGroup* ArmyList::find_command(std::string_view command_id) const {
    for (const CommandGroup& c : commands) {
        if (c.id == command_id) return &c;
    }
    return nullptr;
}

}  // namespace tercio::hbl
