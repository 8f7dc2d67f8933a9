#pragma once
/// The Sword and the Pike's resolution arithmetic: movement dice and penalties, fire (ranges,
/// target classes, the hit table, dice and reload markers), morale and rally thresholds with their
/// modifiers, a close combat round company by company, and the spirit of the army. Pure functions
/// of plain values, integer arithmetic only: the natural rolls come in as numbers, so the sequence
/// of play (which rolls them through a core::Dice) and the tests (which give the spec's own rolls)
/// use the same code. Rule IDs are TSP- (the rules specification, Part B);
/// docs/rulesets.md lists the adopted resolutions (TSP-AMB-n) built here.
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/side.hpp"
#include "tsp/data.hpp"

namespace tercio::tsp {

using core::Side;

/// A modifier with its reason and rule, so the screen can list why a number is what it is.
struct Modifier {
    int value = 0;
    std::string_view rule;    ///< "TSP-MORALE-2"
    std::string_view reason;  ///< "no leader"
    friend bool operator==(const Modifier&, const Modifier&) = default;
};

/// The sum of a list of modifiers.
int total(const std::vector<Modifier>& mods);

// --- Movement (TSP-MOVE-1, TSP-MOVE-2, TSP-GRID-1, TSP-AMB-18) ----------------------------------

/// The dice a unit rolls to move (TSP-MOVE-1): `count` D6, halved (rounding up) for a pike square.
struct MoveDice {
    int count = 0;       ///< 0: it does not move (a heavy gun without the game master's leave)
    bool halve = false;  ///< a pike square: half the total, fractions up
    friend bool operator==(const MoveDice&, const MoveDice&) = default;
};

/// TSP-MOVE-1: open-order (and skirmish) foot 3D6, closed-order foot 2D6, a pike square 2D6
/// halved, Gendarmes 5D6, Reiters and light horse 6D6, light guns and wagons 2D6, heavy guns none.
/// `square`: a pike unit formed in square (only pikemen form one; ignored for others).
MoveDice move_dice(Kind k, Order o, bool square = false);

/// TSP-MOVE-1: the inches of a roll of move_dice totalling `total` (TSP-TV-8: a square's 7 is 4").
constexpr int move_inches(const MoveDice& d, int total) {
    return d.halve ? (total + 1) / 2 : total;
}

/// The ground a move enters or crosses (TSP-AMB-18: any step of it counts for the whole roll).
/// What the board calls each: "rough" is every terrain piece but hills and roads, an obstacle a
/// stream, hedge or wall crossed. A move made wholly along a road by a column one company wide
/// (TSP-MOVE-3) passes none of them.
struct Ground {
    bool uphill = false;
    bool downhill = false;
    bool obstacle = false;
    bool woods = false;
    bool rough = false;  ///< rough terrain other than woods
};

/// A fraction of the move lost (TSP-MOVE-2), applied to the inches before conversion (TSP-GRID-1).
enum class Penalty : std::uint8_t { None, Quarter, Half };

/// The larger of two penalties: penalties do not add (our reading: the spec names none that do).
constexpr Penalty worse(Penalty a, Penalty b) {
    return a > b ? a : b;
}

/// TSP-MOVE-2, TSP-AMB-18: closed-order foot lose half uphill, downhill, across an obstacle and in
/// woods; open-order foot a quarter in the same cases; skirmishers nothing; Gendarmes, Reiters,
/// light guns and wagons half uphill and across obstacles; light horse a quarter in those cases;
/// every kind of cavalry half in woods. A pike square is closed-order foot.
Penalty move_penalty(Kind k, Order o, const Ground& g);

/// TSP-MOVE-2: guns and wagons cannot enter woods (except along roads: give woods false then),
/// pike squares cannot move through woods or rough terrain, a heavy gun does not move at all
/// without the game master's leave (TSP-MOVE-1: `may_move`, scenario data; it may pivot).
bool move_allowed(Kind k, bool square, const Ground& g, bool may_move = false);

/// TSP-FIRE-6, TSP-FIRE-8: arquebusiers on foot holding reload markers at the start of a movement
/// phase are loading and move at most half (mounted arquebus and crossbows move freely).
constexpr bool loading_on_foot(Kind k, Weapon w, int reload_markers) {
    return !mounted(k) && w == Weapon::Arquebus && reload_markers > 0;
}

/// The move in quarter inches after a penalty: 11" uphill for open foot is 33 (8.25", TSP-TV-8).
constexpr int quarter_inches(int inches, Penalty p) {
    return p == Penalty::Half ? inches * 2 : (p == Penalty::Quarter ? inches * 3 : inches * 4);
}

/// TSP-GRID-1: movement points in half-squares, floor(2 x inches / 3), the penalty taken off the
/// inches first (exactly, in quarter inches): 10" gives 6 points, 11" less a quarter 5.
constexpr int move_points(int inches, Penalty p = Penalty::None) {
    return 2 * quarter_inches(inches, p) / 12;
}

// --- Fire (TSP-FIRE-1 .. TSP-FIRE-8, TSP-GRID-2, TSP-GRID-3) -------------------------------------

/// The hit table's range bands (TSP-FIRE-3). `Full`: the one band of a weapon with no short range
/// (crossbow to 12", pistol to 4").
enum class Band : std::uint8_t { Short, Long, Full };

/// TSP-GRID-2 (TSP-AMB-2): the reach of a weapon's band in half-squares (pistol 3, arquebus 8 and
/// 12, crossbow 8, heavy gun 12 and 32, light gun 8 and 16 or with `light_gun_36` 24, rifle 16
/// and 24). 0 for a band the weapon does not have.
int band_reach(Weapon w, Band b, bool light_gun_36 = false);

/// TSP-GRID-2: the other distances of the rules in half-squares: the officer risk radius (12",
/// TSP-CC-9) and the "no one to fight" trigger (6", TSP-CC-8).
inline constexpr int kOfficerRiskReach = 8;
inline constexpr int kNoOneToFightReach = 4;

/// The band a target `distance` half-squares away is in, or none beyond the weapon's reach (or a
/// weapon that does not shoot). Short where a weapon has it, else Long; one-band weapons Full.
std::optional<Band> fire_band(Weapon w, int distance, bool light_gun_36 = false);

/// TSP-FIRE-2.
enum class TargetClass : std::uint8_t { I = 1, II = 2, III = 3, IV = 4 };

/// What the target stands behind, when defending (TSP-FIRE-2: foot only).
enum class Cover : std::uint8_t {
    None,
    Light,  ///< hedges, woods
    Hard,   ///< stone walls, buildings, prepared defences
};

/// TSP-FIRE-2: closed-order foot I; other foot and all horse II; skirmishers, gunners and wagons
/// (TSP-AMB-20's auxiliaries), Gendarmes shot at by pistols and foot in light cover III; foot in
/// hard cover IV. Where several apply, the highest.
TargetClass target_class(Kind target, Order o, Cover c = Cover::None, Weapon firing = Weapon::None);

/// TSP-FIRE-3: a natural D20 of 1 to this number hits, before modifiers. The rifle, absent from the
/// hit table, uses the arquebus's rows (our choice; TSP-TYPE-1 leaves it to the game master).
/// 0 for a weapon that does not shoot or a band it does not have.
int hit_number(Weapon w, Band b, TargetClass c);

/// Who fires, for the modifiers added to each die (TSP-FIRE-4, TSP-FIRE-7).
struct FireFactors {
    bool shaken = false;      ///< +1
    bool light_rain = false;  ///< +2 (the weather option)
    /// Pistol cavalry firing its front rank without closing: +1 "because they are shaken"; one +1
    /// with `shaken`, not two.
    bool pistols_not_closing = false;
};

/// TSP-FIRE-4, TSP-FIRE-7: the modifiers added to each die, named.
std::vector<Modifier> fire_modifiers(const FireFactors& f);

/// A die hits when its natural roll plus the modifiers is within the hit number, so the naturals
/// that hit are 1 to this (TSP-TV-4: 5 less a shaken +1 is 4); 0 to 20.
constexpr int hits_on(int hit_number, int modifier) {
    const int k = hit_number - modifier;
    return k < 0 ? 0 : (k > 20 ? 20 : k);
}

/// Whether one D20 hits: its natural plus the modifier within the hit number.
constexpr bool hits(int natural, int hit_number, int modifier) {
    return hit_number > 0 && natural + modifier <= hit_number;
}

/// The ranks of a unit that may shoot (TSP-TYPE-1, TSP-ORDER-1, TSP-FIRE-7): Reiters 4, every
/// other shooter 2. Reiters charged by cavalry use reiter_ranks_charged instead, and the front
/// rank of charging pistol cavalry 1.
int fire_ranks(Kind k);

/// TSP-FIRE-7, TSP-TV-9: Reiters attacked by other cavalry with sword or lance fire as many ranks
/// as a D4 shows before the close combat (TSP-AMB-16: after step 6, without a card).
constexpr int reiter_ranks_charged(int d4) {
    return d4;
}

/// A rank's width (TSP-GRID-3): one company, 5 foot or 3 horse.
constexpr int frontage(Kind k) {
    return mounted(k) ? 3 : 5;
}

/// TSP-FIRE-1, TSP-GRID-3: the D20s a unit rolls: guns 3 per gunner (`figures` is the crew), any
/// other min(figures, frontage x ranks); 0 for a weapon that does not shoot.
int fire_dice(Kind k, Weapon w, int figures, int ranks);

/// TSP-FIRE-3, TSP-FIRE-6: the turns a weapon takes to reload (arquebus and pistol 1, heavy gun
/// and rifle 2, crossbow and light gun 0).
int reload_turns(Weapon w);

/// TSP-FIRE-8 (TSP-AMB-13): the reload markers a unit gets for firing, 1 + its weapon's reload
/// turns. Reiters get none (TSP-AMB-16: one pistol a turn needs no reload, and after two shots
/// they are out of fire until a turn without moving, which the game state counts instead).
int reload_markers(Kind k, Weapon w);

// --- Morale (TSP-MORALE-1 .. 3, TSP-SHAKEN-1, TSP-ROUT-1, TSP-RALLY-1) -------------------------

/// The rows of the morale and rally tables.
enum class TroopRow : std::uint8_t {
    SwissFoot,
    LandsknechtFoot,
    OtherFoot,
    HeavyCavalry,
    LighterMounted,
    Gunners
};

/// TSP-MORALE-1, TSP-AMB-12, TSP-AMB-16, TSP-AMB-20: the morale row. Spanish foot test as Other
/// Foot; Reiters and light horse are lighter mounted; guns and wagons are gunners.
TroopRow morale_row(Kind k, Temper t);

/// TSP-RALLY-1, TSP-AMB-12: the rally row: Spanish foot rally as the Swiss.
TroopRow rally_row(Kind k, Temper t);

/// The morale table's tests (TSP-MORALE-1): "Charge completion" (To Close), "Stand and Fight" (To
/// Stand; gunners' "charged" row: fire and fall back, TSP-MORALE-3), and the one "vs Fire" value
/// for fire casualties (TSP-SEQ-1 step 4).
enum class Test : std::uint8_t { ToClose, StandAndFight, Fire };

/// Whom a To Close or Stand and Fight test is against.
enum class Opponent : std::uint8_t { Swiss, Other };

/// TSP-MORALE-1, TSP-AMB-3: the lowest D10 that passes, modifiers added. A Fire test reads the
/// "vs Fire" column whoever the opponent; Swiss against Swiss read "vs Other".
int morale_threshold(TroopRow row, Test test, Opponent against);

/// Why a morale test is taken: the same table, different modifiers and consequences.
enum class Occasion : std::uint8_t {
    Charging,        ///< step 5: To Close
    Charged,         ///< step 6: To Stand (gunners: fire and fall back, TSP-MORALE-3)
    FireCasualties,  ///< step 4: vs Fire
    LostMelee,       ///< step 7: Stand and Fight (TSP-CC-5)
    BreakingOff,     ///< Stand and Fight to leave a close combat after 6 rolls (TSP-CC-6)
    SpentStays,   ///< step 1: a Spent unit without a field officer (TSP-AMB-11: Stand and Fight vs
                  ///< Other)
    ShakenRally,  ///< step 2: a Shaken unit on its move card (TSP-AMB-5: Stand and Fight vs Other)
};

/// The test an occasion takes (TSP-SEQ-1, TSP-AMB-5, TSP-AMB-11).
Test test_of(Occasion o);

/// What the morale modifiers look at (TSP-MORALE-2, TSP-CC-6).
struct MoraleFactors {
    bool leaderless = false;     ///< −2 (−1 breaking off, TSP-CC-6)
    bool spent = false;          ///< −2, every test (TSP-AMB-26)
    bool shaken = false;         ///< −1 on Stand and Fight (not when rallying, TSP-AMB-22)
    bool field_officer = false;  ///< +1: a Colonel or General attached
    bool gendarmes_vs_lighter_cavalry = false;  ///< +1 To Close (TSP-AMB-16: Reiters are lighter)
    bool swiss_pike_vs_pike = false;            ///< +1 To Close
    bool attacked_in_rear = false;       ///< −2 Stand and Fight (never a pike square: TSP-CC-2)
    bool infantry_from_cavalry = false;  ///< −2 breaking off (TSP-CC-6)
};

/// A morale test made ready to roll: the threshold and the named modifiers.
struct MoraleTest {
    int threshold = 10;  ///< the lowest modified D10 that passes
    std::vector<Modifier> modifiers;
    int modifier() const { return total(modifiers); }
    /// The lowest natural D10 that passes; 11 or more: none does, 1 or less: every roll does.
    int natural_needed() const { return threshold - modifier(); }
};

/// TSP-MORALE-1, TSP-MORALE-2, TSP-CC-6, TSP-AMB-3/5/11/12/22/26: the test a unit of this row takes
/// on this occasion against this opponent. Breaking off takes TSP-CC-6's −1 shaken, −1 leaderless
/// and −2 infantry from cavalry, with TSP-MORALE-2's spent and field officer; a Shaken unit
/// rallying takes TSP-MORALE-2's modifiers but the −1 for Shaken.
MoraleTest morale_test(TroopRow row, Occasion o, Opponent against, const MoraleFactors& f);

/// A D10 passes when its natural roll plus the modifiers reaches the threshold (TSP-TV-6).
inline bool passes(const MoraleTest& t, int d10) {
    return d10 + t.modifier() >= t.threshold;
}

/// TSP-MORALE-2: "Units attacking the rear of an enemy unit need not test 'to close'"; a pike
/// square has no rear (TSP-CC-2).
constexpr bool needs_to_close_test(bool into_rear, bool target_square) {
    return !into_rear || target_square;
}

/// TSP-RALLY-1: the lowest D10 that rallies a routed unit, with or without an officer (no other
/// modifier: TSP-AMB-22). Give it rally_row.
int rally_threshold(TroopRow row, bool officer);

/// What a test's result does to the unit (TSP-SEQ-1, TSP-SHAKEN-1, TSP-ROUT-1, TSP-CC-5,
/// TSP-MORALE-3, TSP-AMB-14).
enum class Outcome : std::uint8_t {
    Unchanged,  ///< passed: as it was (a charger charges, a charged unit stands, a Spent one stays)
    Shaken,     ///< becomes Shaken and makes the Shaken move to the rear
    FallsBackShaken,  ///< lost a melee and passed: falls back a normal move, Shaken (TSP-CC-5)
    FiresFallsBack,   ///< gunners charged and passed: fire, then fall back (TSP-MORALE-3)
    Halts,        ///< a charger failed To Close: halts short of contact, not Shaken (TSP-AMB-14)
    Routs,        ///< routs: a D4 of casualties and a normal move to the rear (TSP-ROUT-1)
    Removed,      ///< removed from the field
    Rallies,      ///< no longer Shaken, and may move on this card (TSP-AMB-22)
    StaysShaken,  ///< stands without moving, still Shaken (TSP-SHAKEN-1)
    BreaksOff,    ///< leaves the close combat (TSP-CC-6)
    FightsOn,     ///< failed to break off: still in the close combat (our reading)
};

/// The outcome of a morale test on an occasion; `already_shaken` for the tests where it matters
/// (fire casualties and To Stand: a Shaken unit failing routs, TSP-AMB-14, TSP-SHAKEN-1).
/// `gunners` for a Charged test of gunners (TSP-MORALE-3).
Outcome morale_outcome(Occasion o, bool passed, bool already_shaken = false, bool gunners = false);

/// TSP-ROUT-1: a routed unit rallying on the Rally table: pass, it stands Shaken; fail, removed.
constexpr Outcome rally_outcome(bool passed) {
    return passed ? Outcome::StaysShaken : Outcome::Removed;
}

/// TSP-ROUT-1: the figures a unit loses when it routs: the D4, at most what it has.
constexpr int rout_losses(int d4, int figures) {
    return d4 < figures ? d4 : figures;
}

// --- Close combat (TSP-CC-1 .. TSP-CC-6, TSP-AMB-7, TSP-AMB-8, TSP-AMB-15, TSP-AMB-25) -----------

/// TSP-CC-3, TSP-TV-7: the figures the loser of a match-up loses to the winner's modified roll: 5
/// costs 1, 6 or more 2, 4 or less none.
constexpr int company_loss(int winner_total) {
    return winner_total >= 6 ? 2 : (winner_total == 5 ? 1 : 0);
}

/// TSP-AMB-15: the companies a unit fights with: 2, or 4 for pikemen in closed order.
int fight_depth(Kind k, Order o);

/// One of a unit's companies as close combat sees it, front first; attached companies after the
/// unit's own.
struct Company {
    int figures = 0;
    bool leader = false;    ///< has a unit leader (TSP-TYPE-2)
    bool attached = false;  ///< an attached company (TSP-TYPE-1)
};

/// TSP-AMB-15, TSP-AMB-25, TSP-CC-4: the companies that fight, as indices into `companies`, in the
/// order they fight: the unit's own companies with figures, front first, then the attached ones,
/// the first `depth` of them; of those, the company with a leader (the rearmost, if two)
/// moves to the end.
std::vector<int> fighting_companies(const std::vector<Company>& companies, int depth);

/// A match-up fought: who fought, the rolls, and what it cost.
struct MatchUp {
    int a = -1;  ///< A's fighter (a position in its fighting order), or -1: A's field officer
    int b = -1;  ///< the same for B
    int a_natural = 0, b_natural = 0;
    int a_total = 0, b_total = 0;  ///< after modifiers (the officer's +1, TSP-CC-4)
    std::optional<Side> winner;    ///< none: a tie, no result (TSP-AMB-15)
    int loss = 0;                  ///< figures the loser loses (TSP-CC-3); an officer: lost himself
    friend bool operator==(const MatchUp&, const MatchUp&) = default;
};

/// TSP-CC-3, TSP-AMB-15: one match-up of modified totals (TSP-TV-7).
MatchUp match_up(int a_total, int b_total);

/// A close combat round in progress: the fighting companies of both sides (how many), the
/// attached field officers, and the match-ups fought so far. A plain value the caller holds: ask
/// next_match_up who fights next, roll a D6 for each, and fight it.
struct CombatRound {
    int a_companies = 0;  ///< A's fighting companies (fighting_companies().size())
    int b_companies = 0;
    bool a_officer = false;  ///< a Colonel or General attached to A's unit (TSP-CC-4)
    bool b_officer = false;
    std::vector<MatchUp> fought;
};

/// Who fights next: positions in each side's fighting order (-1: that side's field officer), or
/// none when the round is over (TSP-AMB-15). First the companies pair in order; then each extra
/// company of the larger side fights the enemy's first company still fighting (not beaten this
/// round), if any; then A's field officer and then B's, each against the enemy company that won
/// most recently this round, or else the enemy's first company (none if the enemy has none).
std::optional<MatchUp> next_match_up(const CombatRound& r);

/// Fights the next match-up with these natural D6s (the officer's +1 added) and records it.
/// Returns it. Throws std::logic_error if the round is over.
MatchUp fight(CombatRound& r, int a_d6, int b_d6);

/// TSP-AMB-8, TSP-CC-5: the side whose companies lost more match-ups this round; none if equal.
std::optional<Side> round_loser(const CombatRound& r);

/// The match-ups a side lost in a round.
int lost_by(const CombatRound& r, Side s);

// --- State and the spirit of the army (TSP-STATE-1, TSP-SPIRIT-1 .. 4) -------------------------

/// TSP-STATE-1.
enum class Condition : std::uint8_t { Fresh, Worn, Spent };

/// TSP-STATE-1, TSP-AMB-4, TSP-AMB-21: a unit (or gun crew) with all its figures is Fresh, with
/// at least half of them Worn, under half Spent. Figures count attached companies, not leaders.
Condition condition(int figures, int start_figures);

/// TSP-SPIRIT-2: spirit points doubled to stay whole: Fresh 2, Worn 1, Spent 0.
constexpr int spirit_points2(Condition c) {
    return c == Condition::Fresh ? 2 : (c == Condition::Worn ? 1 : 0);
}

/// TSP-SPIRIT-2, TSP-AMB-10: the highest D10 that keeps the spirit Good: the current points over
/// the start-of-game units and guns, rounded up to the next 10%, as a number out of 10 (TSP-TV-1:
/// 28 doubled points of 16 units give 9). 0: no roll passes (TSP-TV-3).
int spirit_limit(int points2, int start_units);

/// TSP-SPIRIT-2: the same as a percentage (90).
inline int spirit_percent(int points2, int start_units) {
    return 10 * spirit_limit(points2, start_units);
}

/// TSP-SPIRIT-2, TSP-SPIRIT-3: the roll keeps the spirit Good.
constexpr bool spirit_good(int limit, int d10) {
    return d10 <= limit;
}

/// TSP-SPIRIT-3, TSP-AMB-26: what poor spirit does to a unit, in the order listed: Routed and
/// Spent units are removed, Shaken ones rout (and stay this turn).
Outcome poor_spirit(bool routed, Condition c, bool shaken);

}  // namespace tercio::tsp
