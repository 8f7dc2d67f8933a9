#pragma once
/// Typed rules data: a ruleset's tables and the army lists. Loaded from TOML by the data layer;
/// used by the rules model without any knowledge of files.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/die.hpp"

namespace tercio::rules {

/// The longest id a data file may give (a ruleset, army, troop type or unit line).
inline constexpr std::size_t kMaxIdLength = 40;

using core::DieType;

/// PS-TYPE-2 categories.
enum class Category : std::uint8_t { Cavalry, Infantry, Artillery, WarWagon };

/// Terrain kinds (PS-TERRAIN-1).
enum class TerrainKind : std::uint8_t { Wood, Building, Hill, Stream };

/// Special abilities of a troop type; each names the rule that gives it meaning.
enum class Ability : std::uint8_t {
    OpportunityCharge,     ///< PS-OPP-5
    Evade,                 ///< PS-OPP-9
    AllRoundFire,          ///< PS-GRID-13
    AllRoundFireUntilLoss, ///< PS-TERCIO-5
    X2,                    ///< PS-MELEE-14
    PistolCharge,          ///< PS-MELEE-10
    Pike,                  ///< PS-MOVE-6: cannot pass through units
    NoFlank,               ///< PS-GRID-9
    Phalanx,               ///< PS-PHALANX
    Tercio,                ///< PS-TERCIO
    WarWagon,              ///< PS-WW
    Longbow,               ///< PS-SHOOT-7
    PursuitTest,           ///< PS-MELEE-20
    NoMarch,               ///< PS-MARCH-2
};
inline constexpr int kAbilityCount = 14;

/// Per-line traits of an army list entry.
enum class Trait : std::uint8_t {
    Fearsome,    ///< PS-TYPE-7, PS-FEAR
    Headstrong,  ///< PS-OPP-7 (French Knights)
    Bow,         ///< PS-TYPE-4 ordinary bows
    NeverRouts,  ///< PS-PHALANX-5 (Swiss)
};
inline constexpr int kTraitCount = 4;

/// Card kinds the engine knows (PS-CARD-1, PS-CARD-12).
enum class CardKind : std::uint8_t {
    InfantryMove,
    CavalryMove,
    Reload,
    Melee,
    LeaderCheck,
    MillingAround,
    Courage,
    CommandIndecision,
};
inline constexpr int kCardKindCount = 8;

/// Unit states that a result can impose.
enum class Status : std::uint8_t { None, Disordered, Routed };

std::string_view to_string(Category c);
std::string_view to_string(TerrainKind t);
std::string_view to_string(Ability a);
std::string_view to_string(Trait t);
std::string_view to_string(CardKind c);
std::string_view to_string(Status s);
/// "Infantry Move", "Leader Check", ...
std::string_view card_title(CardKind c);

std::optional<Category> parse_category(std::string_view s);
std::optional<TerrainKind> parse_terrain(std::string_view s);
std::optional<Ability> parse_ability(std::string_view s);
std::optional<Trait> parse_trait(std::string_view s);
std::optional<CardKind> parse_card_kind(std::string_view s);
std::optional<Status> parse_status(std::string_view s);

/// A small set of enum values stored as bits.
template <typename E>
class EnumSet {
public:
    constexpr void insert(E e) { bits_ |= bit(e); }
    constexpr bool contains(E e) const { return (bits_ & bit(e)) != 0; }
    constexpr bool empty() const { return bits_ == 0; }
    friend constexpr bool operator==(EnumSet, EnumSet) = default;

private:
    static constexpr std::uint32_t bit(E e) { return std::uint32_t{1} << static_cast<unsigned>(e); }
    std::uint32_t bits_ = 0;
};

/// Stands of one kind inside a unit, e.g. the 2 arquebus stands of a TERCIO (PS-UNIT-1).
struct StandGroup {
    std::string kind;  ///< "stand" for uniform units, "arquebus"/"pike" for the TERCIO
    int count = 0;
    int hits = 0;  ///< hits each stand can take (PS-UNIT-2)
};

/// A shoot value: die and range in squares, e.g. "D8 - 3 sq" (PS-TYPE-6).
struct ShootValue {
    DieType die = DieType::D6;
    int range_half = 0;  ///< range in half-squares (PS-GRID-10)
    friend bool operator==(const ShootValue&, const ShootValue&) = default;
};

struct TroopType {
    std::string id;
    std::string name;
    char glyph = '?';
    Category category = Category::Infantry;
    std::vector<StandGroup> stands;
    int move_half = 0;   ///< Move in half-squares (PS-MOVE-2)
    int turn_limit = 1;  ///< 45-degree steps, 4 = any (PS-MOVE-4)
    int move_pips = 1;
    int reload_pips = 1;
    int unit_equivalents = 1;
    EnumSet<TerrainKind> prohibited;
    EnumSet<Ability> abilities;
    std::optional<DieType> fight;
    std::optional<ShootValue> shoot;
    bool placeholder = false;
    std::string description;

    int stand_count() const;
    bool has(Ability a) const { return abilities.contains(a); }
};

/// One row of a result table (PS-SHOOT-10, PS-MELEE-13).
struct ResultBand {
    int min = 0;
    std::optional<int> max;  ///< none: open-ended
    int hits = 0;
    int fall_back = 0;  ///< melee only
    Status status = Status::None;
    Status on_double = Status::None;
    Status on_quadruple = Status::None;
    bool chip = false;
};

/// "die + add" rolls such as D10 + 8 morale chips.
struct DieRoll {
    DieType die = DieType::D6;
    int add = 0;
};

struct Ruleset {
    std::string id;
    std::string name;
    bool los_blocking = true;
    bool command_indecision = false;
    int board_files = 15;
    int board_ranks = 15;
    int deployment_ranks = 5;
    int opportunity_chips = 3;
    DieRoll morale_chips;
    DieRoll nightfall;
    int terrain_pieces = 4;
    int deck_size = 20;
    int army_unit_equivalents = 12;
    int army_cannon = 1;
    char leader_glyph = '@';
    int leader_move_half = 8;
    int rally_range_half = 10;
    std::array<int, kCardKindCount> deck{};  ///< standard cards by CardKind
    std::vector<TroopType> troop_types;
    std::vector<ResultBand> shooting_bands;
    std::vector<ResultBand> melee_bands;

    const TroopType* find_type(std::string_view id) const;
    /// The band for a positive difference (shooting) or any difference >= 0 (melee).
    static const ResultBand* band_for(const std::vector<ResultBand>& bands, int diff);
};

/// One line of an army list (PS-ARMY-3).
struct UnitLine {
    std::string id;
    std::string type;  ///< TroopType id
    std::string name;
    int move_half = 0;
    std::optional<ShootValue> shoot;
    DieType fight = DieType::D6;
    int units = 0;  ///< 0: "0-1", only via the extra-unit roll (PS-ARMY-2)
    EnumSet<Trait> traits;
    std::string notes;
};

/// A random upgrade roll (PS-ARMY-5).
struct Upgrade {
    std::string unit;  ///< UnitLine id
    DieType die = DieType::D6;
    int on_low = 1;
    int on_high = 6;
    bool one_unit = false;  ///< scope "one" rather than "all"
    std::optional<std::string> name;
    std::optional<DieType> fight;
    std::optional<UnitLine> replace_with;
    bool sultan = false;  ///< PS-ARMY-12
    std::string notes;
};

/// One result of the extra-unit roll (PS-ARMY-4).
struct ExtraUnitResult {
    int on_low = 1;
    int on_high = 1;
    std::vector<std::string> units;  ///< UnitLine ids; two or more: the player chooses
};

struct ExtraUnitRoll {
    DieType die = DieType::D6;
    std::vector<ExtraUnitResult> results;
};

struct ArmyList {
    std::string id;
    std::string name;
    std::string ruleset;
    std::string period;
    std::vector<CardKind> extra_card;  ///< one: fixed; several: chosen at setup (PS-CARD-2)
    std::vector<UnitLine> units;
    std::vector<Upgrade> upgrades;
    std::optional<ExtraUnitRoll> extra_unit;

    const UnitLine* find_line(std::string_view id) const;
};

}  // namespace tercio::rules
