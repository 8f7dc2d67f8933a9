#pragma once
/// Commands: everything a player can decide, as values with a one-line text form that
/// round-trips (`parse(print(c)) == c`). See docs/commands.md.
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/grid.hpp"
#include "core/inline.hpp"
#include "rules/ruleset.hpp"

namespace tercio::rules {

using core::Facing;
using core::Square;

/// A unit line's id as a command names it (`extra light_horse`): as long as any id may be.
using LineId = core::InlineText<kMaxIdLength>;
/// A unit as a deployment names it: its glyph and number within the side, e.g. "K1".
using UnitLabel = core::InlineText<7>;
/// The squares of one terrain piece as placed: a stream crosses the board, at most its widest side.
using PlacedSquares = core::InlineList<Square, core::kMaxBoardSide>;

// --- set-up ---------------------------------------------------------------------------------
/// `extra <line>`: take this unit line as the extra unit when the roll offers two (PS-ARMY-4).
struct ChooseExtraUnit {
    LineId line;
    friend bool operator==(const ChooseExtraUnit&, const ChooseExtraUnit&) = default;
};
/// `card <kind>`: the extra card when the army may choose (PS-CARD-2).
struct ChooseExtraCard {
    CardKind card = CardKind::InfantryMove;
    friend bool operator==(const ChooseExtraCard&, const ChooseExtraCard&) = default;
};
/// `terrain <wood|building|hill> <sq> [<sq>]` or `terrain stream <15 squares>` (PS-TERRAIN-3..7).
struct PlaceTerrain {
    TerrainKind kind = TerrainKind::Wood;
    PlacedSquares squares;
    friend bool operator==(const PlaceTerrain&, const PlaceTerrain&) = default;
};
/// `terrain pass`: place no more terrain.
struct PassTerrain {
    friend bool operator==(const PassTerrain&, const PassTerrain&) = default;
};
/// `adjust remove <sq>` | `adjust centre <sq>` | `adjust pass` (PS-TERRAIN-8).
struct AdjustTerrain {
    enum class Action : std::uint8_t { Remove, Centre, Pass };
    Action action = Action::Pass;
    Square square{};
    friend bool operator==(const AdjustTerrain&, const AdjustTerrain&) = default;
};
/// `deploy <unit> <sq> <facing>`, e.g. `deploy K1 h2 N` (PS-SETUP-5).
struct Deploy {
    UnitLabel unit;  ///< glyph + number within the side, e.g. "K1"
    Square square{};
    Facing facing = Facing::N;
    friend bool operator==(const Deploy&, const Deploy&) = default;
};
/// `deploy leader <sq>` or `deploy leader <sq> attach`.
struct DeployLeader {
    Square square{};
    bool attach = false;
    friend bool operator==(const DeployLeader&, const DeployLeader&) = default;
};
/// `deploy auto`: place every unit not yet placed, and the leader, in the standard layout.
struct DeployAuto {
    friend bool operator==(const DeployAuto&, const DeployAuto&) = default;
};

// --- initiative and the active phase -----------------------------------------------------------
/// `first` | `second`: the higher initiative roller's choice (PS-INIT-2).
struct ChooseOrder {
    bool first = true;
    friend bool operator==(const ChooseOrder&, const ChooseOrder&) = default;
};
/// `turn`: pay 1 pip and turn the top card (PS-CARD-3).
struct TurnCard {
    friend bool operator==(const TurnCard&, const TurnCard&) = default;
};
/// `pass`: end the phase; pips left are lost (PS-INIT-6).
struct Pass {
    friend bool operator==(const Pass&, const Pass&) = default;
};
/// `move <from> [face <F>] [<to>] [face <F>]`: one unit's move activation (PS-MOVE-5): a facing
/// change before or after, and the destination; the engine walks the cheapest legal path.
struct Move {
    Square from{};
    std::optional<Facing> face_before;
    std::optional<Square> to;
    std::optional<Facing> face_after;
    /// `... attack`: a move-and-attack, fighting the enemy in the destination at once for 1 more
    /// pip (PS-MELEE-3).
    bool attack = false;
    friend bool operator==(const Move&, const Move&) = default;
};
/// `march`: 2 pips; every eligible unit must then move toward the enemy (PS-MARCH).
struct March {
    friend bool operator==(const March&, const March&) = default;
};
/// `leader <sq>` or `leader <sq> attach`: move the leader (PS-LEADER-2, PS-LEADER-3).
struct MoveLeader {
    Square to{};
    bool attach = false;
    friend bool operator==(const MoveLeader&, const MoveLeader&) = default;
};
/// `concede`: end the game as a loss (PS-VICTORY-2).
struct Concede {
    friend bool operator==(const Concede&, const Concede&) = default;
};

// --- reactions ----------------------------------------------------------------------------------
/// `charge <from> [face <F>]`: opportunity charge into the unit that just stepped (PS-OPP-5).
struct Charge {
    Square from{};
    std::optional<Facing> face;
    friend bool operator==(const Charge&, const Charge&) = default;
};
/// `evade`: the entered unit retreats a full move (PS-OPP-9).
struct Evade {
    friend bool operator==(const Evade&, const Evade&) = default;
};
/// `decline`: let play go on without reacting.
struct Decline {
    friend bool operator==(const Decline&, const Decline&) = default;
};
/// `escape <sq>`: a leader who won the roll-off moves to safety (PS-LEADER-11).
struct Escape {
    Square to{};
    friend bool operator==(const Escape&, const Escape&) = default;
};

// --- combat (PS-SHOOT, PS-MELEE, PS-MORALE, PS-CHIP, PS-RALLY) ----------------------------------
/// `shoot <from> <target>`: the deciding side's unit in `from` shoots the enemy unit in `target`
/// (1 pip if active, 1 opportunity chip in a reaction window; PS-SHOOT-2).
struct Shoot {
    Square from{};
    Square target{};
    friend bool operator==(const Shoot&, const Shoot&) = default;
};
/// `fight <sq>`: the active unit in the square starts a melee against the enemy there, or
/// destroys it if it is Routed (PS-MELEE-2, PS-MELEE-21).
struct Fight {
    Square square{};
    friend bool operator==(const Fight&, const Fight&) = default;
};
/// `reload <sq>` on a Reload card (PS-CARD-7).
struct Reload {
    Square square{};
    friend bool operator==(const Reload&, const Reload&) = default;
};
/// `rally <sq> [face <F>]` on a Leader Check card: 1 morale chip (PS-RALLY). The facing is taken
/// if a Routed unit rallies (PS-RALLY-5).
struct Rally {
    Square square{};
    std::optional<Facing> face;
    friend bool operator==(const Rally&, const Rally&) = default;
};
/// `check <sq>`: the next unit to check morale on the Courage card (PS-MORALE-5).
struct CheckMorale {
    Square square{};
    friend bool operator==(const CheckMorale&, const CheckMorale&) = default;
};
/// `chip`: spend a morale chip to try to disorder (or rout) the unit just hit (PS-CHIP-9).
struct ChipUnit {
    friend bool operator==(const ChipUnit&, const ChipUnit&) = default;
};
/// `follow`: the winner follows the loser (PS-MELEE-18) or pursues the routed unit (PS-MELEE-20).
struct Follow {
    friend bool operator==(const Follow&, const Follow&) = default;
};
/// `stay`: the winner stays where it is.
struct Stay {
    friend bool operator==(const Stay&, const Stay&) = default;
};

using Command = std::variant<ChooseExtraUnit, ChooseExtraCard, PlaceTerrain, PassTerrain,
                             AdjustTerrain, Deploy, DeployLeader, DeployAuto, ChooseOrder, TurnCard,
                             Pass, Move, March, MoveLeader, Concede, Charge, Evade, Decline, Escape,
                             Shoot, Fight, Reload, Rally, CheckMorale, ChipUnit, Follow, Stay>;
// Lists of thousands of commands are built, copied and dropped for every decision.
static_assert(std::is_trivially_copyable_v<Command> && std::is_trivially_destructible_v<Command>);

/// The one-line text form.
std::string print(const Command& c);

/// The squares a command names, in the order `print` writes them ("shoot e4 e7": e4, e7).
std::vector<Square> squares_of(const Command& c);

/// Parses one line (surrounding spaces ignored); on failure says why in `error`.
std::optional<Command> parse_command(std::string_view line, std::string& error);

}  // namespace tercio::rules
