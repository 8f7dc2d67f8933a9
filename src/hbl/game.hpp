#pragma once
/// Hell Broke Loose's game: its state, commands, legal commands and sequence of play (cards, pips,
/// the Lull, marches, melee cards, shooting, rallies), built on the arithmetic of resolve.hpp.
/// Pure: no I/O, no globals, randomness only through the core::Dice passed in. docs/rulesets.md
/// gives the plan and the resolutions we adopted where the posts are silent.
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/dice.hpp"
#include "core/grid.hpp"
#include "core/side.hpp"
#include "hbl/data.hpp"
#include "hbl/odds.hpp"
#include "hbl/resolve.hpp"

namespace tercio::hbl {

using core::Facing;
using core::Square;

inline constexpr int kMaxUnits = 2 * kMaxUnitsPerSide;
/// Our proposal (the posts play one evening's battle): the game ends when the tenth turn ends.
inline constexpr int kTurnLimit = 10;

/// The static data a state refers to by index: the ruleset and both army lists.
struct Context {
    const Ruleset* ruleset = nullptr;
    std::array<const ArmyList*, 2> armies{};
    const Ruleset& rs() const { return *ruleset; }
    const ArmyList& army(Side s) const { return *armies[core::idx(s)]; }
};

/// Terrain, by the posts' types (HBL-UNDEF-22): I is open; a unit that reaches a square of another
/// type stops there (HBL-MOVE-3); type III cannot be entered and pins a unit that would fall back
/// into it (HBL-VEX-2 d).
enum class Terrain : std::uint8_t { I, II, III };

struct Unit {
    Side side = Side::A;
    std::uint8_t line = 0;     ///< its army's unit line
    std::uint8_t type = 0;     ///< its troop type in the ruleset
    std::uint8_t command = 0;  ///< its command (officer) in the army
    Square sq{};
    Facing facing = Facing::N;
    Integrity integrity{};
    bool on_board = true;  ///< false once destroyed (HBL-UNDEF-4) or routed off (docs/rulesets.md)
    bool loaded = true;    ///< shooters start loaded (HBL-SHOOT-1)
    std::int8_t melee = -1;     ///< the melee it is in, if any
    std::uint8_t moves = 0;     ///< moves left to it on the card in play (HBL-MARCH)
    bool fierce_melee = false;  ///< may fight one melee without a card (HBL-MARCH-8, HBL-FIERCE-3)
    bool acted = false;         ///< a battery's one action on an Artillery Action card (HBL-CARD-8)
    friend bool operator==(const Unit&, const Unit&) = default;
};

/// Two units sharing a square (HBL-GRID-3): a contact not yet fought, or an ongoing melee.
struct Melee {
    bool live = false;
    std::uint8_t a = 0;  ///< the unit that made the contact: it initiates (HBL-MELEE-6)
    std::uint8_t b = 0;
    bool started = false;  ///< a round has been fought: it is ongoing (HBL-MELEE-2)
    /// The follow-up marker: the side that counts as following up next round (HBL-MELEE-5).
    std::optional<Side> advantage;
    bool flank = false;           ///< a delivered against b's flank or rear (HBL-MELEE-8)
    bool flank_turned = false;    ///< b has turned its flank stands to face (HBL-MELEE-8)
    bool close_skirmish = false;  ///< fought as a close skirmish (HBL-SKIRM-3)
    bool fought = false;          ///< already fought on the card in play
    bool fierce_ok = false;       ///< a may fight it now without a card (HBL-FIERCE-3)
    friend bool operator==(const Melee&, const Melee&) = default;
};

/// A side's sequence deck (HBL-SEQ-1): the cards in the order they will be turned; `next` have
/// been turned this turn.
struct Deck {
    std::array<CardKind, kMaxDeck> cards{};
    std::uint8_t size = 0;
    std::uint8_t next = 0;
    int left() const { return size - next; }
    friend bool operator==(const Deck&, const Deck&) = default;
};

/// What the deciding side is asked.
enum class Decision : std::uint8_t {
    Choose,  ///< the higher roller goes first or second (HBL-INIT-3)
    Act,     ///< turn a card for a pip, or act on the one turned, or be done with it
    React,   ///< the enemy activated a command: shoot at it before it moves, or hold (HBL-SHOOT-1)
    Stubborn,   ///< a stubborn unit may pay a chip against a push back or a rout (HBL-UI-6 a, b)
    KeepMove,   ///< a stubborn unit may pay a chip to keep a move a shot took (HBL-UI-6 c)
    Follow,     ///< a winner on an even roll may follow up or pursue, or stay (HBL-UNDEF-10)
    RallyBack,  ///< how many UI a rally brings back, one chip each (HBL-RALLY-4)
    Over,
};

enum class EndReason : std::uint8_t { None, ChipsGone, NoUnits, TurnLimit, Conceded };

/// A melee round waiting for its losers' and winners' choices.
struct PendingRound {
    std::int8_t melee = -1;
    Round round{};
    std::array<bool, 2> stubborn_at_start{};
    std::array<bool, 2> stubborn{};  ///< the chip each side chose to pay
    std::array<bool, 2> asked{};     ///< each side has been asked about it
    std::int8_t loser = -1;          ///< Follow: the unit the winner may follow up or pursue
    friend bool operator==(const PendingRound&, const PendingRound&) = default;
};

struct GameState {
    int files = 24;
    int ranks = 18;
    std::array<Terrain, core::kMaxBoardSide * core::kMaxBoardSide> terrain{};
    std::array<Unit, kMaxUnits> units{};
    std::uint8_t unit_count = 0;
    std::array<Melee, kMaxUnitsPerSide> melees{};
    std::array<Deck, 2> decks{};
    std::array<int, 2> chips{};
    std::array<int, 2> chips_start{};

    int turn = 1;
    int pips = 0;           ///< this initiative's pips, each side's (HBL-INIT-2)
    int pips_left = 0;      ///< of the side in its phase
    Side active = Side::A;  ///< whose phase it is
    bool second_phase = false;
    Side chooser = Side::A;

    /// The card being acted on, and whose it is: the active side's, or the other side's while it
    /// acts on the card a won Lull let it turn (HBL-LULL-2).
    std::optional<CardKind> card;
    Side card_side = Side::A;
    std::uint8_t activated = 0;  ///< commands activated on this March card (a bit each)
    std::uint8_t rallied = 0;    ///< commands that have rallied on this Command card
    std::int8_t nominated = -1;  ///< the command named on this Group Melee card (HBL-CARD-4)
    bool reloaded = false;       ///< the Reload card has been used
    bool faced = false;          ///< the Formation Change card has been used (HBL-UNDEF-16)
    bool react_open = false;     ///< a React window is open for the side not acting

    Decision decision = Decision::Choose;
    Side decider = Side::A;
    PendingRound pending{};
    std::int8_t pending_unit = -1;  ///< KeepMove: the unit shot; RallyBack: the unit rallied
    std::int8_t rally_max = 0;      ///< RallyBack: the most UI it may bring back

    EndReason end = EndReason::None;
    std::optional<Side> winner;

    Terrain terrain_at(Square q) const {
        return terrain[static_cast<std::size_t>(q.y * core::kMaxBoardSide + q.x)];
    }
    void set_terrain(Square q, Terrain t) {
        terrain[static_cast<std::size_t>(q.y * core::kMaxBoardSide + q.x)] = t;
    }
    bool over() const { return decision == Decision::Over; }
    friend bool operator==(const GameState&, const GameState&) = default;
};

// --- Commands ------------------------------------------------------------------------------------

namespace cmd {
struct First {
    friend bool operator==(const First&, const First&) = default;
};
struct Second {
    friend bool operator==(const Second&, const Second&) = default;
};
struct Turn {
    friend bool operator==(const Turn&, const Turn&) = default;
};
struct Done {
    friend bool operator==(const Done&, const Done&) = default;
};
struct Activate {
    std::uint8_t command = 0;
    friend bool operator==(const Activate&, const Activate&) = default;
};
/// One move, or a 45-degree wheel in place (HBL-MOVE-4).
struct Move {
    std::uint8_t unit = 0;
    Square to{};
    Facing facing = Facing::N;
    friend bool operator==(const Move&, const Move&) = default;
};
struct Fight {
    std::uint8_t unit = 0;
    friend bool operator==(const Fight&, const Fight&) = default;
};
struct Shoot {
    std::uint8_t unit = 0;
    std::uint8_t target = 0;
    friend bool operator==(const Shoot&, const Shoot&) = default;
};
/// On a Reload card, every unit (no unit named); on an Artillery Action card, one battery.
struct Reload {
    std::int8_t unit = -1;
    friend bool operator==(const Reload&, const Reload&) = default;
};
struct Rally {
    std::uint8_t unit = 0;
    friend bool operator==(const Rally&, const Rally&) = default;
};
struct Back {
    std::uint8_t ui = 0;
    friend bool operator==(const Back&, const Back&) = default;
};
struct Nominate {
    std::uint8_t command = 0;
    friend bool operator==(const Nominate&, const Nominate&) = default;
};
struct Face {
    std::uint8_t unit = 0;
    Facing facing = Facing::N;
    friend bool operator==(const Face&, const Face&) = default;
};
struct Stubborn {
    friend bool operator==(const Stubborn&, const Stubborn&) = default;
};
struct Accept {
    friend bool operator==(const Accept&, const Accept&) = default;
};
struct Follow {
    friend bool operator==(const Follow&, const Follow&) = default;
};
struct Stay {
    friend bool operator==(const Stay&, const Stay&) = default;
};
struct Hold {
    friend bool operator==(const Hold&, const Hold&) = default;
};
struct Concede {
    friend bool operator==(const Concede&, const Concede&) = default;
};
}  // namespace cmd

using Command = std::variant<cmd::First, cmd::Second, cmd::Turn, cmd::Done, cmd::Activate,
                             cmd::Move, cmd::Fight, cmd::Shoot, cmd::Reload, cmd::Rally, cmd::Back,
                             cmd::Nominate, cmd::Face, cmd::Stubborn, cmd::Accept, cmd::Follow,
                             cmd::Stay, cmd::Hold, cmd::Concede>;

// --- Events --------------------------------------------------------------------------------------

enum class EventKind : std::uint8_t {
    Initiative,  ///< a = A's roll, b = B's roll, c = pips; side = chooser (none on a tie)
    TurnEnded,   ///< a = the turn that ended; b = 1 if a deck ran out
    PhaseBegan,  ///< side, a = pips
    CardTurned,  ///< side, card
    CardSpent,   ///< side, card: it could not be used (HBL-INIT-7)
    Lull,        ///< side = the turner, a = its roll, b = the other's roll, c = 1 if stolen
    Activated,   ///< side, a = command, b = the officer's natural, c = the D8; d = moves
    Moved,       ///< unit, sq
    Contact,     ///< unit made contact with other
    MeleeRound,  ///< unit (A's), other (B's), a = A's total, b = B's total, c = A's natural, d =
                 ///< B's natural
    UnitCost,    ///< unit, a = UI lost, b = chips paid, c = vexed after
    PushedBack,  ///< unit, sq
    Pinned,      ///< unit could not fall back
    Routed,      ///< unit routs off (HBL-MELEE-10)
    Withdrew,    ///< unit (skirmish cavalry), sq
    Followed,    ///< unit, sq
    MeleeEnded,  ///< unit, other
    Shot,        ///< unit at other, a = shooter's total, b = the DD natural, c = UI
    Reloaded,    ///< side, or unit
    Rallied,     ///< unit, a = difference, b = UI back (-1: chosen next); c = 1: the UI chosen
    Faced,       ///< unit, facing in a
    Destroyed,   ///< unit: no UI left (HBL-UNDEF-4)
    GameOver,    ///< side = winner (none on a draw), a = EndReason
};

struct Event {
    EventKind kind = EventKind::GameOver;
    std::optional<Side> side;
    std::int8_t unit = -1;
    std::int8_t other = -1;
    Square sq{};
    CardKind card = CardKind::March;
    int a = 0, b = 0, c = 0, d = 0;
};
using Events = std::vector<Event>;

// --- The game ------------------------------------------------------------------------------------

class IllegalCommand : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// A new game: both armies set up in their home rows (docs/rulesets.md, "Deployment"), both decks
/// shuffled, and the first initiative rolled.
Events new_game(const Context& ctx, GameState& out, core::Dice& dice);

/// Why the command is illegal now, or nothing.
std::optional<std::string> validate(const Context& ctx, const GameState& s, const Command& c);

/// Applies a legal command; throws IllegalCommand if it is not.
Events apply(const Context& ctx, GameState& s, const Command& c, core::Dice& dice);
/// Applies a command known to be legal (one of legal_commands), unchecked: the engine's trusted
/// step for play-outs and scoring. What it does with an illegal command is undefined.
Events apply_legal(const Context& ctx, GameState& s, const Command& c, core::Dice& dice);

/// One command played: what happened, whether it revealed randomness, or why it was refused.
struct Played {
    Events events;
    /// It rolled dice or turned a card: nothing played before it can be taken back.
    bool random = false;
    /// Why it was refused (illegal now, or a scripted dice source that ran out); the state is
    /// then untouched and the events empty.
    std::optional<std::string> refused;
    bool ok() const { return !refused; }
};

/// The one checked step of a game played by people (and by the computer's matches): checks the
/// command once and, if legal, applies it. On a refusal `s` is left exactly as it was.
Played play(const Context& ctx, GameState& s, const Command& c, core::Dice& dice);

/// Every command the deciding side may give now; `concede` is the last (while the game goes on).
std::vector<Command> legal_commands(const Context& ctx, const GameState& s);

/// A uniformly random legal command other than `concede`, `chooser.pick(n)` among the first n of
/// legal_commands; nothing when only conceding is left. `listed`, if given, gets the length of
/// legal_commands. The random level chooses this way.
std::optional<Command> random_legal(const Context& ctx, const GameState& s, core::Dice& chooser,
                                    std::size_t* listed = nullptr);

inline Side deciding_side(const GameState& s) {
    return s.decider;
}

/// The morale chips the enemy has lost: the score a game ended by the turn limit is decided on.
int victory_points(const GameState& s, Side side);

/// "P1": the unit's glyph (upper case) and its number among its side's units of that glyph.
std::string unit_label(const Context& ctx, const GameState& s, std::size_t unit);

/// One line of text: "move P1 h7 N", "activate swiss".
std::string print(const Context& ctx, const GameState& s, const Command& c);

/// Parses a command given by `side` (its own units by label, the enemy's as targets); an error
/// message for text that names no command.
std::variant<Command, std::string> parse(const Context& ctx, const GameState& s, Side side,
                                         std::string_view text);

/// A hash of everything that decides how the game goes on (FNV-1a over the fields).
std::uint64_t state_hash(const GameState& s);

/// The factors of both units' Combat Dice (side A's, then B's) in the round melee `melee` (a live
/// one) would fight now (HBL-MOD-1).
std::array<MeleeFactors, 2> melee_factors_now(const Context& ctx, const GameState& s, std::size_t melee);

/// A move whose contact is fought at once (a flank attack, HBL-MELEE-1 b; skirmish cavalry riding
/// into a close skirmish, HBL-SKIRM-3): the state its first round is fought in (the move made,
/// the contact set up, nothing rolled) and that melee.
struct AtOnceRound {
    GameState state;
    std::size_t melee = 0;
};
/// The round a legal move fights at once on contact, for `tercio run --why` and the log; nothing
/// for a move that fights none, or that is not legal in `s`.
std::optional<AtOnceRound> at_once_round(const Context& ctx, const GameState& s, const cmd::Move& m);

/// The factors of a shot of `shooter` at `target` now (HBL-MOD-2).
ShotFactors shot_factors_now(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target);

/// The factors of the officer's die in a rally of `unit` now (HBL-MOD-3).
RallyFactors rally_factors_now(const Context& ctx, const GameState& s, std::size_t unit);

/// Side A's and side B's fighters in the next round of melee `melee` now (their dice after every
/// factor): melee_odds_now is melee_odds of these.
std::array<Fighter, 2> melee_fighters_now(const Context& ctx, const GameState& s, std::size_t melee);

/// The exact odds of the round melee `melee` (a live one) would fight now: both units' dice with
/// their factors as the round would roll them (HBL-MOD-1).
MeleeOdds melee_odds_now(const Context& ctx, const GameState& s, std::size_t melee);

/// The exact odds of a shot of `shooter` at `target` now (HBL-SHOOT-2).
ShotOdds shot_odds_now(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target);

/// The squares a legal move steps through, in order, its end last (HBL-MOVE-1 .. 4: straight ahead,
/// or skirmish cavalry's cheapest way); empty for a wheel in place or a move not legal now.
std::vector<Square> move_way(const Context& ctx, const GameState& s, const cmd::Move& m);

/// The unit of `side` in a square (on the board), if any.
std::optional<std::size_t> unit_at(const GameState& s, Square q, Side side);

}  // namespace tercio::hbl
