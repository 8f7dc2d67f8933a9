#pragma once
/// Shared internals of the rules engine (not part of the public API).
#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "core/overloaded.hpp"
#include "rules/combat.hpp"
#include "rules/game.hpp"

namespace tercio::rules::detail {

using Why = std::optional<std::string>;

using core::Overloaded;

/// Where the legal_* lists put the commands they find, in the order legal_commands gives them:
/// into a list, or only counted while keeping the first `keep` of them and the one at position
/// `wanted` (so that a random choice need not build a deployment's thousands of commands).
class CommandSink {
public:
    explicit CommandSink(std::vector<Command>& all) : list_(&all), keep_(static_cast<std::size_t>(-1)) {}
    CommandSink(std::vector<Command>& first, std::size_t keep, std::size_t wanted)
        : list_(&first), keep_(keep), wanted_(wanted) {}

    template <class C>
    void push_back(const C& c) {
        if (count_ < keep_) list_->emplace_back(c);
        if (count_ == wanted_) wanted_command_.emplace(c);
        ++count_;
    }
    /// push_back(C{args...}), the command made where it is kept (a move built on the stack and
    /// then copied into the list stalls on reading back the bytes just written).
    template <class C, class... A>
    void emplace(const A&... args) {
#if defined(__cpp_aggregate_paren_init)
        if (count_ < keep_) list_->emplace_back(std::in_place_type<C>, args...);
        if (count_ == wanted_) wanted_command_.emplace(std::in_place_type<C>, args...);
#else
        // A compiler without C++20's parenthesized aggregate initialization (clang before 16,
        // which the fuzz build uses): the command made first, then copied.
        if (count_ < keep_) list_->emplace_back(C{args...});
        if (count_ == wanted_) wanted_command_.emplace(C{args...});
#endif
        ++count_;
    }
    /// Whether any of the next n commands would be kept or is the one wanted; if not, a long
    /// run of them (a unit's eight facings in a square) may be counted with skip(n) unbuilt.
    bool wants(std::size_t n) const { return count_ < keep_ || (wanted_ >= count_ && wanted_ - count_ < n); }
    void skip(std::size_t n) { count_ += n; }
    /// At most n more commands follow in one run (a deployment, the terrain placements): if they
    /// would not all be kept, none of them is, since the list is too long to be kept whole and
    /// a random choice finds its command by the second pass, which only counts them.
    void expect(std::size_t n) {
        if (keep_ != static_cast<std::size_t>(-1) && count_ + n > keep_) keep_ = std::min(keep_, count_);
    }
    /// Room for n more, when they will all be kept.
    void reserve_more(std::size_t n) {
        if (count_ + n <= keep_) list_->reserve(list_->size() + n);
    }
    std::size_t count() const { return count_; }
    const std::optional<Command>& wanted() const { return wanted_command_; }

private:
    std::vector<Command>* list_;
    std::size_t keep_;
    std::size_t wanted_ = static_cast<std::size_t>(-1);
    std::size_t count_ = 0;
    std::optional<Command> wanted_command_;
};

/// Who stands where: for each side and square of the board, how many of its units on the table
/// stand there and the first of them by index (the one `unit_at` names). Built once for a whole
/// listing of the legal commands, or once for all the path searches of one question, instead of
/// searching the unit list for every square asked about. Only the board's own squares are filled.
struct Occupancy {
    explicit Occupancy(const GameState& s) : files(s.files) {
        const auto squares = static_cast<std::size_t>(s.files) * s.ranks;
        for (auto& c : count) std::fill_n(c.begin(), squares, std::uint8_t{0});
        for (auto& f : first) std::fill_n(f.begin(), squares, kNone);
        // Backwards, so that the first unit by index is the one left in `first`.
        for (std::size_t i = s.unit_count; i-- > 0;) {
            const Unit& u = s.units[i];
            if (!u.on_table()) continue;
            const auto q = static_cast<std::size_t>(s.square_index(u.square));
            ++count[idx(u.side)][q];
            first[idx(u.side)][q] = static_cast<std::uint8_t>(i);
        }
    }
    std::size_t index(Square q) const { return static_cast<std::size_t>(q.y * files + q.x); }
    /// What unit_at(s, q, side) answers, for a square of the board.
    std::optional<std::size_t> unit_at(Square q, Side side) const {
        const std::uint8_t u = first[idx(side)][index(q)];
        return u == kNone ? std::nullopt : std::optional<std::size_t>(u);
    }
    bool any(Square q, Side side) const { return count[idx(side)][index(q)] != 0; }

    int files;
    std::array<std::array<std::uint8_t, kMaxSquares>, 2> count;
    std::array<std::array<std::uint8_t, kMaxSquares>, 2> first;
};

// setup.cpp
Why check_setup(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_setup(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev);
void legal_setup(const RulesContext& ctx, const GameState& s, const Occupancy& occ, CommandSink& out);
/// Whether a unit of this type may stand in the square (PS-TERRAIN-11).
bool terrain_allows(const RulesContext& ctx, const GameState& s, const Unit& u, Square sq);

// turn.cpp
/// Rolls initiative for a new initiative (PS-INIT-1); ties end the turn (PS-INIT-3).
void roll_initiative(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// Ends the active phase (PS-INIT-6) and moves play on.
void end_phase(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// Ends the game and reports the points (PS-VICTORY).
void end_game(const RulesContext& ctx, GameState& s, GameEnd why, Events& ev);
/// Ends the game if a side has no units on the table (PS-VICTORY-2). True if it ended.
bool check_army_gone(const RulesContext& ctx, GameState& s, Events& ev);
Why check_turn(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_turn(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev);
void legal_turn(const RulesContext& ctx, const GameState& s, CommandSink& out);
/// Shuffles a deck with the dice (PS-DICE-9).
void shuffle(Deck& d, core::Dice& dice);

// movement.cpp
Why check_movement(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_movement(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice,
                    Events& ev);
void legal_movement(const RulesContext& ctx, const GameState& s, const Occupancy& occ, CommandSink& out);
/// Moves unit `ui` into the adjacent square `q`, in any kind of movement: its attached leader
/// goes with it (PS-LEADER-6), friends in `q` are marked moved-through unless `q` ends the move
/// (PS-MOVE-7), and a lone enemy leader in `q` rolls off (PS-LEADER-11).
void enter(const RulesContext& ctx, GameState& s, std::size_t ui, Square q, bool final_square,
           core::Dice& dice, Events& ev);
/// PS-LEADER-11: the roll-off when `mover`, an enemy unit that is not Routed, enters or passes
/// `q`, the square of a leader who is alone (unattached, no friendly unit there).
void leader_alone_check(const RulesContext& ctx, GameState& s, const Unit& mover, Square q,
                        core::Dice& dice, Events& ev);

/// What comes next once a command's effects are done: chip windows, follow-up and pursuit
/// choices, leader escapes, reaction windows, the rest of a move, Courage checks, R1/R4 windows,
/// the march, and the end of the phase at 0 pips (PS-INIT-6).
void settle(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// Carries the move in progress on by one step (or finishes it) and settles.
void continue_move(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// Opens R2 after a step (PS-OPP-3), rolling for headstrong Knights (PS-OPP-7).
void open_step_window(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// Closes the open reaction window; after R3 the step's R2 opens.
void close_window(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
/// The march part of settling: false while units must still march (PS-MARCH-3, -5 c).
bool settle_march(const RulesContext& ctx, GameState& s, Events& ev);
/// The non-active side has an opportunity charge against the moving unit (PS-OPP-5).
bool can_charge(const RulesContext& ctx, const GameState& s);
/// The unit the mover just entered may evade (PS-OPP-9).
bool can_evade(const RulesContext& ctx, const GameState& s);
/// Unit `ui` could reach `t` by a legal move: one facing change, then steps (PS-OPP-5, PS-FEAR-2).
bool can_reach(const RulesContext& ctx, const GameState& s, std::size_t ui, Square t);
/// The square a legal move enters its destination from (the last square before it), or none
/// if the move is illegal; for previewing a move-and-attack (PS-MELEE-6).
std::optional<Square> attack_entry(const RulesContext& ctx, const GameState& s, const Move& m);
/// The square a legal opportunity charge enters the mover's square from, or none if it is not
/// legal now; for previewing its melee (PS-OPP-6, PS-MELEE-6).
std::optional<Square> charge_entry(const RulesContext& ctx, const GameState& s, const Charge& c);
/// PS-LEADER-10.
void kill_leader(GameState& s, Side side, core::Dice& dice, Events& ev);

// combat.cpp
/// The compulsory part of a card just turned: the Leader Check test (PS-CARD-9) or marking the
/// Courage checks (PS-CARD-11).
void card_effects(const RulesContext& ctx, GameState& s, CardKind card, core::Dice& dice, Events& ev);
/// The melee of a move-and-attack once the move has ended in contact (PS-MELEE-3).
void fight_after_move(const RulesContext& ctx, GameState& s, std::size_t ui, core::Dice& dice, Events& ev);
/// The melee of an opportunity charge (PS-OPP-6).
void opportunity_melee(const RulesContext& ctx, GameState& s, std::size_t charger, std::size_t target,
                       core::Dice& dice, Events& ev);
/// PS-INIT-5 step 3: the active side's routed units move to the rear.
void start_of_phase_routs(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev);
Why check_combat(const RulesContext& ctx, const GameState& s, const Command& c);
void apply_combat(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev);
void legal_combat(const RulesContext& ctx, const GameState& s, const Occupancy& occ, CommandSink& out);

}  // namespace tercio::rules::detail
