#pragma once
/// Hell Broke Loose's typed data: the ruleset's troop types and board, and the army lists (army
/// die, sequence deck, morale chips, commands under officers, units with their Combat and Defence
/// Dice, UI and stubborn UI, Fierce). Loaded from TOML by the data layer (kits/hbl/data/files.hpp);
/// used here without any knowledge of files. docs/data-format.md describes the files.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/die.hpp"

namespace tercio::hbl {

using core::DieType;

/// The engine name a ruleset file gives to be played by these rules.
inline constexpr std::string_view kEngine = "hell-broke-loose";

/// HBL-SEQ-1: a sequence deck has 29 cards or more.
inline constexpr int kMinDeck = 29;
/// The most cards a deck may hold (the state keeps a deck in a fixed array).
inline constexpr int kMaxDeck = 48;
/// The most units a side may field, as in Pikette Squared (one unit a square, HBL-GRID-2).
inline constexpr int kMaxUnitsPerSide = 16;
/// The most commands (officers) an army may have.
inline constexpr int kMaxCommands = 8;

enum class Category : std::uint8_t { Cavalry, Infantry, Artillery };

/// How a troop type is formed: what the melee and shooting factors of HBL-MOD-1 and HBL-MOD-2
/// look at.
enum class Formation : std::uint8_t {
    Formed,      ///< formed cavalry: Up 1 in type I terrain
    Skirmish,    ///< skirmish cavalry: close skirmishes, obliques (HBL-SKIRM)
    Close,       ///< close-formed infantry: Up 1 in type I terrain
    PikeSquare,  ///< close-formed, and a pike square: Up 1 frontally, shooters Up 2 at it
    Loose,       ///< shot and other open-order foot: no formation factor
    Battery,     ///< artillery: moves only on Artillery Action cards (HBL-MOVE-6)
};

/// Armour, compared between the two sides of a melee: the better armoured side is Up 1, and a
/// side fighting a fully armoured one is Down 1 (HBL-MOD-1).
enum class Armour : std::uint8_t { None, Half, Full };

/// The sequence cards the posts name (HBL-SEQ-3, HBL-CARD).
enum class CardKind : std::uint8_t {
    March,
    CavalryMarch,
    Melee,
    GroupMelee,
    Command,
    Lull,
    ArmyMorale,
    ArtilleryAction,
    FormationChange,
    Reload,
};
inline constexpr int kCardKindCount = 10;

/// "cavalry", "formed", "full", "cavalry_march": the words the files use.
std::string_view to_string(Category c);
std::string_view to_string(Formation f);
std::string_view to_string(Armour a);
std::string_view to_string(CardKind c);
/// "Cavalry March": the card's name as the players see it.
std::string_view card_title(CardKind c);

std::optional<Category> parse_category(std::string_view s);
std::optional<Formation> parse_formation(std::string_view s);
std::optional<Armour> parse_armour(std::string_view s);
std::optional<CardKind> parse_card_kind(std::string_view s);

/// A kind of troops: what a unit is, as the factors see it. The dice and UI are the army's
/// (UnitLine), since the posts give them per unit (HBL-DATA-1, HBL-UNDEF-20).
struct TroopType {
    std::string id;
    std::string name;
    char glyph = '?';  ///< upper case for side A, lower case for side B on the map
    Category category = Category::Infantry;
    Formation formation = Formation::Close;
    Armour armour = Armour::None;
    /// Formations it has the superior weapon against (Up 1): pike against cavalry, lance
    /// against skirmish cavalry (HBL-MOD-1).
    std::vector<Formation> superior_against;
    /// Shooters are Up 1 against it: a deep formation such as the Colonela (HBL-MOD-2).
    bool deep = false;
    /// Shooting ranges in half-squares; 0: it does not shoot (HBL-UNDEF-7: ranges are data).
    int close_range_half = 0;
    int long_range_half = 0;
    bool shoots() const { return long_range_half > 0; }
};

/// The ruleset: the board and the troop types.
struct Ruleset {
    std::string id;
    std::string name;
    int files = 24;
    int ranks = 18;
    int deployment_ranks = 4;
    std::vector<TroopType> troop_types;
    const TroopType* find_type(std::string_view type_id) const;
};

/// A command group under an officer (HBL-MARCH-1): its units activate together.
struct CommandGroup {
    std::string id;
    std::string name;
    DieType officer = DieType::D10;  ///< the officer's quality die (march and rally)
};

/// One line of an army list: `units` units alike.
struct UnitLine {
    std::string id;
    std::string type;    ///< a TroopType id of the army's ruleset
    std::string name;    ///< the army's own name for them ("Gendarmes"); empty: the type's
    char quality = 'C';  ///< training class, 'A' (best) to 'D' (HBL-DATA-1)
    DieType combat = DieType::D8;   ///< CD: melee and shooting
    DieType defence = DieType::D6;  ///< DD: against shooting, and the move in inches
    int ui = 4;                     ///< unit integrity (HBL-UI-1)
    int stubborn = 0;               ///< of which stubborn (HBL-UI-4)
    bool fierce = false;            ///< HBL-FIERCE
    std::string command;            ///< the CommandGroup id it serves under
    int units = 1;
    std::string notes;
};

/// An army list for Hell Broke Loose.
struct ArmyList {
    std::string id;
    std::string ruleset;  ///< the ruleset id it is for
    std::string name;
    std::string period;
    DieType army_die = DieType::D10;         ///< HBL-INIT-1 (HBL-UNDEF-1)
    int morale_chips = 0;                    ///< HBL-CHIP-1 (HBL-UNDEF-3)
    std::array<int, kCardKindCount> deck{};  ///< cards of each kind (HBL-SEQ-1, HBL-UNDEF-2)
    std::vector<CommandGroup> commands;
    std::vector<UnitLine> units;
    int deck_size() const;
    const CommandGroup* find_command(std::string_view command_id) const;
};

}  // namespace tercio::hbl
