#include "rules/ruleset.hpp"

#include <algorithm>

#include "core/names.hpp"

namespace tercio::rules {

namespace {

using core::name_of;
using core::parse_by_name;

constexpr std::array<std::string_view, 4> kCategories = {"cavalry", "infantry", "artillery",
                                                         "war_wagon"};
constexpr std::array<std::string_view, 4> kTerrain = {"wood", "building", "hill", "stream"};
constexpr std::array<std::string_view, kAbilityCount> kAbilities = {
    "opportunity_charge", "evade", "all_round_fire", "all_round_fire_until_loss",
    "x2", "pistol_charge", "pike", "no_flank", "phalanx", "tercio", "war_wagon",
    "longbow", "pursuit_test", "no_march"};
constexpr std::array<std::string_view, kTraitCount> kTraits = {"fearsome", "headstrong", "bow",
                                                               "never_routs"};
constexpr std::array<std::string_view, kCardKindCount> kCards = {
    "infantry_move", "cavalry_move", "reload", "melee", "leader_check",
    "milling_around", "courage", "command_indecision"};
constexpr std::array<std::string_view, kCardKindCount> kCardTitles = {
    "Infantry Move", "Cavalry Move", "Reload", "Melee", "Leader Check",
    "Milling Around", "Courage", "Command Indecision"};
constexpr std::array<std::string_view, 3> kStatus = {"none", "disordered", "routed"};

}  // namespace

std::string_view to_string(Category c) { return name_of(kCategories, static_cast<std::size_t>(c)); }
std::string_view to_string(TerrainKind t) { return name_of(kTerrain, static_cast<std::size_t>(t)); }
std::string_view to_string(Ability a) { return name_of(kAbilities, static_cast<std::size_t>(a)); }
std::string_view to_string(Trait t) { return name_of(kTraits, static_cast<std::size_t>(t)); }
std::string_view to_string(CardKind c) { return name_of(kCards, static_cast<std::size_t>(c)); }
std::string_view to_string(Status s) { return name_of(kStatus, static_cast<std::size_t>(s)); }
std::string_view card_title(CardKind c) { return name_of(kCardTitles, static_cast<std::size_t>(c)); }

std::optional<Category> parse_category(std::string_view s) {
    return parse_by_name<Category>(kCategories, s);
}
std::optional<TerrainKind> parse_terrain(std::string_view s) {
    return parse_by_name<TerrainKind>(kTerrain, s);
}
std::optional<Ability> parse_ability(std::string_view s) {
    return parse_by_name<Ability>(kAbilities, s);
}
std::optional<Trait> parse_trait(std::string_view s) { return parse_by_name<Trait>(kTraits, s); }
std::optional<CardKind> parse_card_kind(std::string_view s) {
    return parse_by_name<CardKind>(kCards, s);
}
std::optional<Status> parse_status(std::string_view s) { return parse_by_name<Status>(kStatus, s); }

int TroopType::stand_count() const {
    int n = 0;
    for (const auto& g : stands) n += g.count;
    return n;
}

const TroopType* Ruleset::find_type(std::string_view type_id) const {
    const auto it = std::find_if(troop_types.begin(), troop_types.end(),
                                 [&](const TroopType& t) { return t.id == type_id; });
    return it == troop_types.end() ? nullptr : &*it;
}

const ResultBand* Ruleset::band_for(const std::vector<ResultBand>& bands, int diff) {
    for (const auto& b : bands) {
        if (diff >= b.min && (!b.max || diff <= *b.max)) return &b;
    }
    return nullptr;
}

const UnitLine* ArmyList::find_line(std::string_view line_id) const {
    const auto it = std::find_if(units.begin(), units.end(),
                                 [&](const UnitLine& u) { return u.id == line_id; });
    return it == units.end() ? nullptr : &*it;
}

}  // namespace tercio::rules
