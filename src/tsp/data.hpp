#pragma once
/// The Sword and the Pike's typed data: the ruleset's troop types and board, and the army lists
/// (units counted in figures, in companies, with attached companies, unit leaders and field
/// officers). Loaded from TOML by the data layer (kits/tsp/data/files.hpp); used here without any
/// knowledge of files. docs/data-format.md describes the files. Rule IDs are TSP- (the third
/// ruleset of docs/rulesets.md).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"

namespace tercio::tsp {

/// The engine name a ruleset file gives to be played by these rules.
inline constexpr std::string_view kEngine = "the-sword-and-the-pike";

/// The most units a side may field (one unit a square, TSP-GRID-1).
inline constexpr int kMaxUnitsPerSide = 16;
/// A unit's own companies (TSP-TYPE-1: 4), and the companies attached to it.
inline constexpr int kMaxCompanies = 4;
inline constexpr int kMaxAttached = 2;
/// The most field officers (Colonels, Generals) an army may have.
inline constexpr int kMaxFieldOfficers = 4;

/// What a unit is (TSP-TYPE-1), as the movement, fire, morale and rally tables see it.
enum class Kind : std::uint8_t {
    Gendarmes,       ///< heavy cavalry: 5D6 move, fight 2 ranks, never dismount
    Reiters,         ///< medium cavalry with pistols: 6D6, shoot 4 ranks (TSP-FIRE-7)
    LightHorse,      ///< 6D6; spear, arquebus or crossbow; shoot 2 ranks
    Pikemen,         ///< closed or open; fight 4 ranks in closed order
    Arquebusiers,    ///< open, may skirmish; 1 turn to reload
    Crossbowmen,     ///< open, may skirmish; fire every turn
    Halberdiers,     ///< open
    GreatSwordsmen,  ///< an attached company only
    SwordAndBuckler, ///< an attached company only; may skirmish
    Riflemen,        ///< 2 turns to reload, double the arquebus's range
    HeavyGun,        ///< does not move without the game master (scenario data), may pivot
    LightGun,        ///< 2D6; move or fire in a turn, not both
    SupplyWagon,     ///< 2D6; an auxiliary (TSP-AMB-20)
};
inline constexpr int kKindCount = 13;

/// TSP-ORDER-1: the order of formation, which also selects the target class (TSP-FIRE-2).
enum class Order : std::uint8_t { Closed, Open, Skirmish };

/// The weapon a unit fires (TSP-FIRE-3); None: it does not shoot.
enum class Weapon : std::uint8_t { None, Arquebus, Crossbow, Pistol, HeavyCannon, LightCannon, Rifle };

/// Which row of the morale and rally tables foot use (TSP-MORALE-1, TSP-RALLY-1, TSP-AMB-12,
/// TSP-AMB-25): Swiss and Landsknechts have rows of their own; Spanish foot test morale as Other
/// Foot but rally as the Swiss.
enum class Temper : std::uint8_t { Other, Swiss, Spanish, Landsknecht };

/// A field officer (TSP-TYPE-1, TSP-CC-4): not of any unit; +1 to morale when attached.
enum class Rank : std::uint8_t { Colonel, General };

/// "gendarmes", "closed", "arquebus", "landsknecht", "colonel": the words the files use.
std::string_view to_string(Kind k);
std::string_view to_string(Order o);
std::string_view to_string(Weapon w);
std::string_view to_string(Temper t);
std::string_view to_string(Rank r);
std::optional<Kind> parse_kind(std::string_view s);
std::optional<Order> parse_order(std::string_view s);
std::optional<Weapon> parse_weapon(std::string_view s);
std::optional<Temper> parse_temper(std::string_view s);
std::optional<Rank> parse_rank(std::string_view s);

/// Mounted: Gendarmes, Reiters, Light Horse.
constexpr bool mounted(Kind k) { return k == Kind::Gendarmes || k == Kind::Reiters || k == Kind::LightHorse; }
/// Guns and wagons: "Gunners and Auxiliaries" of the morale and rally tables.
constexpr bool gunners(Kind k) { return k == Kind::HeavyGun || k == Kind::LightGun || k == Kind::SupplyWagon; }
/// Foot: neither mounted nor gunners.
constexpr bool foot(Kind k) { return !mounted(k) && !gunners(k); }

/// A kind of troops as the ruleset file lists them: what it is, how it may be formed and armed.
struct TroopType {
    std::string id;
    std::string name;
    char glyph = '?';  ///< upper case for side A, lower case for side B on the map
    Kind kind = Kind::Pikemen;
    std::vector<Order> orders;    ///< the orders it may take (TSP-TYPE-1), the first its usual
    std::vector<Weapon> weapons;  ///< the weapons it may carry; empty: none
    int figures = 20;             ///< a full unit (12 horse, 20 foot; a gun's crew)
    int companies = 4;            ///< of figures / companies each; 1 for an attached company
    bool attached_only = false;   ///< only ever a company attached to another unit
    /// May be a company attached to a pike unit (TSP-TYPE-1: arquebusiers, crossbowmen,
    /// halberdiers; an attached_only type always may).
    bool may_attach = false;
};

/// The ruleset: the board and the troop types.
/// A place a scenario sets as an objective (TSP-SPIRIT-4: "a scenario may set objectives
/// instead"): scenario data in the ruleset file.
struct Objective {
    std::string name;
    core::Square square{};
};

struct Ruleset {
    std::string id;
    std::string name;
    int files = 24;            ///< a 6' table at 1 square = 3" (TSP-GRID-1)
    int ranks = 16;            ///< 4'
    int deployment_ranks = 4;  ///< the rows nearest a side's edge it deploys in
    std::vector<TroopType> troop_types;
    /// The scenario's objectives (none in the shipped file): at the turn limit the side holding
    /// more of them wins; the same number, the spirit kept decides (our resolution).
    std::vector<Objective> objectives;
    const TroopType* find_type(std::string_view type_id) const;
};

/// A company attached to a unit (TSP-TYPE-1: 5 arquebusiers, halberdiers, great-swordsmen or
/// sword and buckler men attached to a pike formation).
struct AttachedCompany {
    std::string type;  ///< a TroopType id
    int figures = 5;
    bool leader = false;  ///< has a unit leader of its own (TSP-TYPE-2)
};

/// One line of an army list: `units` units alike.
struct UnitLine {
    std::string id;
    std::string type;  ///< a TroopType id of the army's ruleset
    std::string name;  ///< the army's own name for them ("Swiss Pike"); empty: the type's
    Order order = Order::Closed;
    Weapon weapon = Weapon::None;
    Temper temper = Temper::Other;
    int figures = 20;  ///< with its companies as the type's, front company first
    int leaders = 1;   ///< unit leaders: 1, or 2 for Swiss and Spanish pike (TSP-TYPE-2)
    std::vector<AttachedCompany> attached;
    /// A heavy gun that may move (the game master's leave, TSP-MOVE-1): scenario data.
    bool may_move = false;
    /// With that leave, the D6s it rolls to move (1 to 6): how far the source leaves to the game
    /// master, so the scenario says; 0 without leave.
    int move_dice = 0;
    int units = 1;
    std::string notes;
};

/// A field officer: a Colonel or a General (TSP-TYPE-1), attached to a unit at the start or not.
struct FieldOfficer {
    std::string id;
    std::string name;
    Rank rank = Rank::Colonel;
    std::string attached;  ///< a UnitLine id it starts with; empty: on its own
    /// TSP-CARD-3 (the option `brigade-movement`): a Colonel's brigade, the ids of the unit lines
    /// whose units (3 or 4 of them, of one troop type and order, his own among them) move together
    /// on one card while he lives; empty: none.
    std::vector<std::string> brigade{};
};

/// An army list for The Sword and the Pike.
struct ArmyList {
    std::string id;
    std::string ruleset;  ///< the ruleset id it is for
    std::string name;
    std::string period;
    std::vector<FieldOfficer> officers;
    std::vector<UnitLine> units;
    int unit_count() const;  ///< the units its lines field
};

}  // namespace tercio::tsp
