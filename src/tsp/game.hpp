#pragma once
/// The Sword and the Pike's game: its state, commands, legal commands and sequence of play (the
/// two card phases, movement rolled on dice, fire by D20s with casualty cards, and the automatic
/// end of the turn: morale, close combat, rallies, reloads and the spirit of the army), built on
/// the arithmetic of resolve.hpp. Pure: no I/O, no globals, randomness only through the core::Dice
/// passed in. docs/rulesets.md ("The Sword and the Pike on this engine") gives the plan and the
/// readings of ours where the specification (Part B, TSP-) is silent.
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
#include "tsp/data.hpp"
#include "tsp/odds.hpp"
#include "tsp/resolve.hpp"

namespace tercio::tsp {

using core::Facing;
using core::Square;

inline constexpr int kMaxUnits = 2 * kMaxUnitsPerSide;
/// Our resolution, so that every game ends (as Hell Broke Loose's kTurnLimit): the game ends when
/// the twelfth turn ends; the side keeping the larger part of its spirit wins.
inline constexpr int kTurnLimit = 12;
/// A standard deck (TSP-CARD-1, TSP-AMB-21).
inline constexpr int kDeckSize = 52;
/// All companies of a unit: its own, then the attached ones.
inline constexpr int kAllCompanies = kMaxCompanies + kMaxAttached;

/// The options of a game, a bit each (the optional rules of the source): chosen before it starts,
/// copied into its state by new_game and kept there (saved with it).
enum Option : std::uint8_t {
    kQuickerMovement = 1,  ///< TSP-CARD-2: a D4 of units per movement card
    kLightRain = 2,        ///< TSP-FIRE-4: +2 to each fire die
    kBrigadeMovement = 4,  ///< TSP-CARD-3: a Colonel's brigade moves on one card at one rate
    kDismounting = 8,      ///< TSP-MOVE-4: mounted arquebusiers and crossbowmen may dismount
};

/// The static data a state refers to by index: the ruleset and both army lists; and the options
/// a new game is played with (so that the generic `new_game` of core::RulesEngine carries them).
struct Context {
    const Ruleset* ruleset = nullptr;
    std::array<const ArmyList*, 2> armies{};
    std::uint8_t options = 0;  ///< Option bits for new_game; a game in play reads its state's
    const Ruleset& rs() const { return *ruleset; }
    const ArmyList& army(Side s) const { return *armies[core::idx(s)]; }
};

/// The ground of a square (TSP-AMB-18): rough is every piece but hills and roads; a stream, hedge
/// or wall is an obstacle to cross; woods and hedges give foot light cover, walls and buildings
/// hard cover (TSP-FIRE-2). A new game's board is open.
enum class Terrain : std::uint8_t { Open, Wood, Hill, Stream, Hedge, Wall, Building, Road };

/// A unit's state beyond Fresh, Worn and Spent (TSP-STATE-1).
enum class Status : std::uint8_t { Steady, Shaken, Routed };

/// A playing card, 0..51: rank = value % 13 + 1 (1 the ace), suit = value / 13 (hearts, diamonds,
/// clubs, spades). Hearts and diamonds are red: side A's; clubs and spades black: side B's
/// (TSP-CARD-1).
constexpr int card_rank(std::uint8_t card) { return card % 13 + 1; }
constexpr int card_suit(std::uint8_t card) { return card / 13; }
constexpr bool card_red(std::uint8_t card) { return card_suit(card) < 2; }
constexpr Side card_side(std::uint8_t card) { return card_red(card) ? Side::A : Side::B; }
/// "AH", "10D", "KS".
std::string card_text(std::uint8_t card);

/// A 52-card deck: `cards[0..next)` pulled, in the order they were; the cards left after them,
/// always in order (each pull picks one of them: the deck has no hidden order to keep).
struct Deck {
    std::array<std::uint8_t, kDeckSize> cards{};
    std::uint8_t next = 0;
    int left() const { return kDeckSize - next; }
    friend bool operator==(const Deck&, const Deck&) = default;
};

struct Unit {
    Side side = Side::A;
    std::uint8_t line = 0;  ///< its army's unit line
    std::uint8_t type = 0;  ///< its troop type in the ruleset
    Square sq{};
    Facing facing = Facing::N;
    Order order = Order::Closed;
    /// Figures of each company, front first: the unit's own (kMaxCompanies), then the attached.
    std::array<std::uint8_t, kAllCompanies> figures{};
    /// A unit leader in company i (bit i; TSP-TYPE-2): the first leader with the front company,
    /// a second with the next; an attached company's own leader with it.
    std::uint8_t leaders = 0;
    std::uint8_t start_figures = 0;  ///< leaders not counted, attached companies counted (TSP-AMB-21)
    Status status = Status::Steady;
    std::uint8_t reload = 0;        ///< reload markers (TSP-FIRE-8)
    std::uint8_t shots = 0;         ///< Reiters' shots this turn (TSP-AMB-16)
    bool out_of_fire = false;       ///< Reiters after two shots, until a turn without moving
    bool acted = false;             ///< has had its chance in this card phase
    bool moved_this_turn = false;   ///< stepped or turned this turn (light guns, Reiters' reload)
    bool hit_this_turn = false;     ///< took fire casualties: tests in step 4
    std::int8_t routed_turn = -1;   ///< the turn it routed (TSP-ROUT-1)
    std::int8_t charging = -1;      ///< the enemy it is charging (resolved in steps 5-7)
    std::int8_t combat = -1;        ///< the enemy it is in close combat with
    std::uint8_t combat_rolls = 0;  ///< die rolls of its close combat so far (TSP-CC-6: 6 to break off)
    bool tested_to_stand = false;   ///< took its step-6 test this turn
    bool on_board = true;
    /// Light horse with arquebus or crossbow fighting on foot (TSP-MOVE-4, the option
    /// `dismounting`): kind_of gives Arquebusiers or Crossbowmen while it is set.
    bool dismounted = false;
    int total() const {
        int n = 0;
        for (const auto f : figures) n += f;
        return n;
    }
    friend bool operator==(const Unit&, const Unit&) = default;
};

/// A Colonel or General (TSP-TYPE-1), attached to a unit: he is in its square (TSP-GRID-3) and
/// goes where it goes.
struct FieldOfficerState {
    Rank rank = Rank::Colonel;
    std::int8_t unit = -1;  ///< the unit he is attached to; -1: not on the field
    bool alive = true;      ///< false: killed or captured (TSP-CC-4, TSP-AMB-21)
    friend bool operator==(const FieldOfficerState&, const FieldOfficerState&) = default;
};

/// The card phases (TSP-SEQ-1 steps 2 and 3); the other steps happen inside the command that
/// ends the fire phase.
enum class Step : std::uint8_t { Movement, Fire };

/// What the deciding side is asked.
enum class Decision : std::uint8_t {
    Activate,  ///< movement: activate or hold a unit of the card's side
    Move,      ///< the activated unit's move: move, face or stay
    Fire,      ///< fire: shoot with or hold a unit able to fire
    Over,
};

enum class EndReason : std::uint8_t { None, NoUnits, SpiritFailed, SpiritGone, TurnLimit, Conceded };

struct GameState {
    int files = 24;
    int ranks = 16;
    std::array<Terrain, core::kMaxBoardSide * core::kMaxBoardSide> terrain{};
    std::array<Unit, kMaxUnits> units{};
    std::uint8_t unit_count = 0;
    std::array<FieldOfficerState, 2 * kMaxFieldOfficers> officers{};
    std::uint8_t officer_count = 0;
    Deck activation{};  ///< the deck that decides who acts (TSP-CARD-1)
    Deck casualty{};    ///< the casualty cards' own deck (TSP-FIRE-9, TSP-AMB-21)
    std::uint8_t options = 0;

    int turn = 1;
    Step step = Step::Movement;
    std::optional<std::uint8_t> card;  ///< the card in play
    Side card_side = Side::A;          ///< whose it is
    std::uint8_t activations_left = 0;  ///< units still to act on it (TSP-CARD-2)
    std::int8_t active = -1;            ///< Move: the unit activated
    std::uint8_t move_inches = 0;       ///< Move: its roll in inches (TSP-MOVE-1)
    /// Move: the field officer whose brigade is moving on this card, its members one after the
    /// other with one roll (TSP-CARD-3); -1: a unit moving alone.
    std::int8_t brigade = -1;

    std::array<std::uint8_t, 2> start_units{};  ///< TSP-SPIRIT-1
    std::array<std::uint8_t, 2> spirit_failures{};  ///< failed spirit tests in a row (TSP-SPIRIT-4)

    Decision decision = Decision::Activate;
    Side decider = Side::A;
    EndReason end = EndReason::None;
    std::optional<Side> winner;

    Terrain terrain_at(Square q) const {
        return terrain[static_cast<std::size_t>(q.y * core::kMaxBoardSide + q.x)];
    }
    void set_terrain(Square q, Terrain t) {
        terrain[static_cast<std::size_t>(q.y * core::kMaxBoardSide + q.x)] = t;
    }
    bool option(Option o) const { return (options & o) != 0; }
    bool over() const { return decision == Decision::Over; }
    friend bool operator==(const GameState&, const GameState&) = default;
};

// --- Commands ------------------------------------------------------------------------------------

namespace cmd {
/// Movement: the unit is activated and rolls its movement dice (a Shaken one first tests to rally).
struct Activate {
    std::uint8_t unit = 0;
    friend bool operator==(const Activate&, const Activate&) = default;
};
/// Movement: a unit in close combat after 6 die rolls tests to break off (TSP-CC-6).
struct BreakOff {
    std::uint8_t unit = 0;
    friend bool operator==(const BreakOff&, const BreakOff&) = default;
};
/// Movement or fire: the unit has had its chance and does nothing (TSP-AMB-17).
struct Hold {
    std::uint8_t unit = 0;
    friend bool operator==(const Hold&, const Hold&) = default;
};
/// The activated unit moves to a square, facing `facing` at the end; into an enemy's square: a
/// charge, stopping in the square before it until contact (the end of the turn), when it enters
/// the enemy's square to fight there (TSP-GRID-3).
struct Move {
    Square to{};
    Facing facing = Facing::N;
    friend bool operator==(const Move&, const Move&) = default;
};
/// The activated unit turns in place.
struct Face {
    Facing facing = Facing::N;
    friend bool operator==(const Face&, const Face&) = default;
};
/// The activated unit stays where it is.
struct Stay {
    friend bool operator==(const Stay&, const Stay&) = default;
};
/// Movement, with the option `dismounting` (TSP-MOVE-4): the unit is activated as `Activate`
/// does, and first dismounts (or, with `mount`, mounts again), which costs one D6 of its move:
/// it rolls the movement dice of the form it takes, one fewer.
struct Dismount {
    std::uint8_t unit = 0;
    bool mount = false;
    friend bool operator==(const Dismount&, const Dismount&) = default;
};
struct Shoot {
    std::uint8_t unit = 0;
    std::uint8_t target = 0;
    friend bool operator==(const Shoot&, const Shoot&) = default;
};
struct Concede {
    friend bool operator==(const Concede&, const Concede&) = default;
};
}  // namespace cmd

using Command = std::variant<cmd::Activate, cmd::BreakOff, cmd::Hold, cmd::Move, cmd::Face, cmd::Stay,
                             cmd::Shoot, cmd::Concede, cmd::Dismount>;

// --- Events --------------------------------------------------------------------------------------

enum class EventKind : std::uint8_t {
    Shuffled,     ///< a = 0 the activation deck, 1 the casualty deck
    PhaseBegan,   ///< a = Step
    CardPulled,   ///< card, side (its colour's); a = 1 discarded (no unit of that side to act),
                  ///< b = units it activates (TSP-CARD-2)
    Activated,    ///< unit; a = the dice total, b = inches, c = movement points (no penalty);
                  ///< d = 1 the roll is its brigade's (TSP-CARD-3)
    Held,         ///< unit
    Moved,        ///< unit, sq, a = facing
    Faced,        ///< unit, a = facing
    Charges,      ///< unit charges other (it stopped at sq)
    Shot,         ///< unit at other; a = dice, b = hits, c = naturals that hit (1..c); d = the D4
                  ///< of Reiters' ranks firing before contact (TSP-FIRE-7), else 0
    Casualty,     ///< unit; a = figures lost, b = 1 a leader, 2 a field officer; card (-1 none)
    Morale,       ///< unit; a = the natural D10, b = the natural needed, c = 1 passed, d = Occasion
    Rally,        ///< unit; a = D10, b = needed, c = 1 passed (TSP-RALLY-1)
    Shaken,       ///< unit becomes Shaken
    Rallied,      ///< unit is no longer Shaken / Routed (now Shaken)
    Routed,       ///< unit routs; a = the D4 of casualties (TSP-ROUT-1)
    FellBack,     ///< unit moved to the rear to sq
    Halted,       ///< unit's charge halts (TSP-AMB-14) or finds no one
    CombatBegan,  ///< unit (the charger) and other, in the square sq they now share (TSP-GRID-3);
                  ///< a = 1: unit had to leave that square and could not, so the combat goes on
    MatchUp,      ///< unit (A's) other (B's); a, b = A's and B's totals, c = figures lost, d = 1 B lost
    CombatLost,   ///< unit lost the round against other
    CombatGoesOn, ///< unit, other: neither lost (TSP-AMB-8)
    BrokeOff,     ///< unit left its close combat with other (TSP-CC-6)
    OfficerLost,  ///< unit he was with; a = 1 killed, 0 captured; card
    Removed,      ///< unit leaves the field (failed test, poor spirit, routed off the table)
    Destroyed,    ///< unit has no figures left, or was destroyed in contact
    Reloaded,     ///< unit; a = markers left
    Spirit,       ///< side; a = the D10, b = the limit, c = 1 good; d = points doubled
    TurnEnded,    ///< a = the turn that ended
    BrigadeMoves, ///< unit moves next with its brigade at the brigade's roll (TSP-CARD-3): b =
                  ///< inches, c = movement points (no penalty)
    Dismounts,    ///< unit gets off its horses, at the cost of a D6 of its move (TSP-MOVE-4)
    Mounts,       ///< unit gets back on its horses, at the cost of a D6 of its move (TSP-MOVE-4)
    GameOver,     ///< side = winner (none on a draw), a = EndReason
};

struct Event {
    EventKind kind = EventKind::GameOver;
    std::optional<Side> side;
    std::int8_t unit = -1;
    std::int8_t other = -1;
    Square sq{};
    int card = -1;
    int a = 0, b = 0, c = 0, d = 0;
};
using Events = std::vector<Event>;

// --- The game ------------------------------------------------------------------------------------

class IllegalCommand : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// A new game with the context's options: both armies in their home rows, facing the enemy; the
/// casualty deck shuffled, the movement phase begun (the activation deck shuffled) and its first
/// card pulled.
Events new_game(const Context& ctx, GameState& out, core::Dice& dice);

/// Why the command is illegal now, or nothing.
std::optional<std::string> validate(const Context& ctx, const GameState& s, const Command& c);

/// Applies a legal command; throws IllegalCommand if it is not.
Events apply(const Context& ctx, GameState& s, const Command& c, core::Dice& dice);

/// One command played: what happened, whether it revealed randomness, or why it was refused.
struct Played {
    Events events;
    bool random = false;  ///< it rolled dice or pulled a card
    std::optional<std::string> refused;
    bool ok() const { return !refused; }
};

/// The checked step: on a refusal (illegal, or scripted dice run out) `s` is left as it was.
Played play(const Context& ctx, GameState& s, const Command& c, core::Dice& dice);

/// Every command the deciding side may give now; `concede` is the last (while the game goes on).
std::vector<Command> legal_commands(const Context& ctx, const GameState& s);

/// A uniformly random legal command other than `concede` (one `pick` among the others).
std::optional<Command> random_legal(const Context& ctx, const GameState& s, core::Dice& chooser,
                                    std::size_t* listed = nullptr);

inline Side deciding_side(const GameState& s) {
    return s.decider;
}

/// The spirit points a side has now, doubled (TSP-SPIRIT-2): 2 a Fresh unit, 1 a Worn one.
int spirit_points2(const Context& ctx, const GameState& s, Side side);

/// The enemy's spirit points lost, doubled to stay whole.
int victory_points(const Context& ctx, const GameState& s, Side side);

/// TSP-STATE-1 of a unit now.
Condition condition_of(const Unit& u);

/// "P1": the unit's glyph (upper case) and its number among its side's units of that glyph.
std::string unit_label(const Context& ctx, const GameState& s, std::size_t unit);

/// One line of text: "activate P1", "move h7 face NE", "shoot A1 P2", "break P1", "dismount H1",
/// "mount H1".
std::string print(const Context& ctx, const GameState& s, const Command& c);

/// Parses a command given by `side`; an error message for text that names no command.
std::variant<Command, std::string> parse(const Context& ctx, const GameState& s, Side side,
                                         std::string_view text);

/// A hash of everything that decides how the game goes on (FNV-1a over the fields).
std::uint64_t state_hash(const GameState& s);

/// A volley as it would be rolled now (TSP-FIRE-1 .. 4, TSP-GRID-2/3): the band, the target's
/// class, the dice, the hit number and the named modifiers added to each die. The sequence of
/// play rolls exactly this, so the screen's odds and `x` cannot differ from the roll.
struct ShotNow {
    Band band = Band::Full;
    TargetClass target_class = TargetClass::II;
    int dice = 0;
    int hit_number = 0;
    std::vector<Modifier> modifiers;
    /// The naturals that hit: 1 to this.
    int hits_on() const { return tsp::hits_on(hit_number, total(modifiers)); }
};

/// The volley of `shooter` at `target` now, or nothing if it may not shoot at it now.
std::optional<ShotNow> shot_now(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target);

/// The exact odds of that volley's hits, or nothing if it may not shoot (or rolls more than
/// kMaxVolleyDice, which no unit of the source does: a heavy gun's 12 is the most).
std::optional<VolleyOdds> shot_odds_now(const Context& ctx, const GameState& s, std::size_t shooter,
                                        std::size_t target);

/// The test a Shaken unit takes to rally when activated now (TSP-AMB-5, TSP-AMB-22).
MoraleTest rally_test_now(const Context& ctx, const GameState& s, std::size_t unit);

/// The test `unit`, in close combat, takes to break off now (TSP-CC-6: Stand and Fight with its
/// own modifiers, against the enemy it fights): what `break U` rolls, one function for both.
MoraleTest break_off_test_now(const Context& ctx, const GameState& s, std::size_t unit);

/// The odds of the movement points `unit` would roll if activated now, on open ground (the ground
/// a move passes adds its penalty to the roll, TSP-AMB-18), loading arquebusiers halved
/// (TSP-FIRE-6).
MoveOdds move_odds_now(const Context& ctx, const GameState& s, std::size_t unit);

/// The D6s a unit rolls when it moves (TSP-MOVE-1): its kind's and order's; a heavy gun's are its
/// army line's `move_dice`, the game master's leave (none without it: it only pivots).
MoveDice unit_move_dice(const Context& ctx, const Unit& u);

/// The field officer whose brigade `unit` moves with now (TSP-CARD-3), or -1: the option is off,
/// the unit is in no brigade, or its Colonel has been killed or captured (it moves on its own).
int brigade_of(const Context& ctx, const GameState& s, std::size_t unit);

/// What a unit is now (TSP-TYPE-1): its troop type's kind, but light horse that have dismounted
/// (TSP-MOVE-4) are Arquebusiers or Crossbowmen by their weapon, moving, shooting, fighting, being
/// shot at and testing morale as that foot until they mount again.
Kind kind_of(const Context& ctx, const Unit& u);

/// TSP-MOVE-4: the unit's troop type may dismount: light horse armed with arquebus or crossbow
/// ("mounted crossbowmen or arquebusiers"); Gendarmes never (TSP-TYPE-1), nor any other.
bool may_dismount(const Context& ctx, const Unit& u);

/// The army data of field officer `officer` of the state: each side's in its list's order, side
/// A's first (as new_game places them).
const FieldOfficer& officer_data(const Context& ctx, const GameState& s, std::size_t officer);

/// The side holding objective `objective` of the ruleset: one of its units stands in the square,
/// not Routed, and no enemy unit does (a close combat there: nobody); nothing if none.
std::optional<Side> objective_holder(const Context& ctx, const GameState& s, std::size_t objective);
/// The ruleset's objective in square `q`, if any.
const Objective* objective_at(const Context& ctx, Square q);
/// How many of the ruleset's objectives `side` holds.
int objectives_held(const Context& ctx, const GameState& s, Side side);
/// Who wins a game still on at the turn limit (TSP-SPIRIT-4, TSP-AMB-9): the side holding more
/// objectives, else the side that kept the larger part of its start's spirit; nothing if even.
std::optional<Side> turn_limit_winner(const Context& ctx, const GameState& s);

/// The unit of `side` in a square (on the board), if any.
std::optional<std::size_t> unit_at(const GameState& s, Square q, Side side);

}  // namespace tercio::tsp
