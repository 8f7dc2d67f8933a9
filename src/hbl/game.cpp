// Hell Broke Loose's sequence of play: initiative, phases of pips, cards and what each allows, and
// the melees, shots and rallies they lead to. The arithmetic is resolve.cpp's; this file moves the
// units, keeps the decks, the chips and the decisions. docs/rulesets.md lists the resolutions we
// adopted where the posts are silent (deployment, routs, officers, the end of the game).
#include "hbl/game.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "core/engine.hpp"
#include "core/names.hpp"
#include "core/los.hpp"
#include "core/overloaded.hpp"

namespace tercio::hbl {

namespace {

using core::idx;
using core::other;
using core::RollPurpose;

const UnitLine& line_of(const Context& ctx, const Unit& u) {
    return ctx.army(u.side).units[u.line];
}
const TroopType& type_of(const Context& ctx, const Unit& u) {
    return ctx.rs().troop_types[u.type];
}
bool is_skirmisher(const Context& ctx, const Unit& u) {
    return type_of(ctx, u).formation == Formation::Skirmish;
}
bool is_battery(const Context& ctx, const Unit& u) {
    return type_of(ctx, u).category == Category::Artillery;
}
bool is_cavalry(const Context& ctx, const Unit& u) {
    return type_of(ctx, u).category == Category::Cavalry;
}

bool on_board(const GameState& s, Square q) {
    return core::on_board(q, s.files, s.ranks);
}

/// Any unit on the board in the square.
bool occupied(const GameState& s, Square q) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].on_board && s.units[i].sq == q) return true;
    }
    return false;
}

Square step(Square q, Facing f) {
    const core::Offset v = core::vector(f);
    return core::make_square(q.x + v.dx, q.y + v.dy);
}

// --- Events ----------------------------------------------------------------------------------

Event ev(EventKind k) {
    Event e;
    e.kind = k;
    return e;
}

// --- The end of the game ---------------------------------------------------------------------

int units_left(const GameState& s, Side side) {
    int n = 0;
    for (std::size_t i = 0; i < s.unit_count; ++i)
        n += s.units[i].side == side && s.units[i].on_board;
    return n;
}

void finish(GameState& s, EndReason why, std::optional<Side> winner, Events& out) {
    s.decision = Decision::Over;
    s.end = why;
    s.winner = winner;
    s.card.reset();
    Event e = ev(EventKind::GameOver);
    e.side = winner;
    e.a = static_cast<int>(why);
    out.push_back(e);
}

/// Our resolution of HBL-UNDEF-3 and HBL-UNDEF-15: a side whose morale chips are gone, or whose
/// units are all gone, has lost at once.
bool check_end(GameState& s, Events& out) {
    if (s.decision == Decision::Over) return true;
    for (const Side side : {Side::A, Side::B}) {
        if (s.chips[idx(side)] <= 0) {
            finish(s, EndReason::ChipsGone, other(side), out);
            return true;
        }
    }
    for (const Side side : {Side::A, Side::B}) {
        if (units_left(s, side) == 0) {
            finish(s, EndReason::NoUnits, other(side), out);
            return true;
        }
    }
    return false;
}

void pay(GameState& s, Side side, int chips) {
    s.chips[idx(side)] = std::max(0, s.chips[idx(side)] - chips);
}

// --- Decks and the turn ----------------------------------------------------------------------

void shuffle(Deck& d, core::Dice& dice) {
    d.next = 0;
    for (int i = d.size - 1; i > 0; --i) {
        const int j = dice.pick(i + 1, RollPurpose::Shuffle);
        std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(j)]);
    }
}

void clear_card(GameState& s) {
    s.card.reset();
    s.activated = 0;
    s.rallied = 0;
    s.nominated = -1;
    s.reloaded = false;
    s.faced = false;
    s.react_open = false;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        s.units[i].moves = 0;
        s.units[i].fierce_melee = false;
        s.units[i].acted = false;
    }
    for (Melee& m : s.melees) {
        m.fought = false;
        m.fierce_ok = false;
    }
}

void begin_phase(GameState& s, Side side, Events& out) {
    s.active = side;
    s.card_side = side;
    s.pips_left = s.pips;
    clear_card(s);
    s.decision = Decision::Act;
    s.decider = side;
    Event e = ev(EventKind::PhaseBegan);
    e.side = side;
    e.a = s.pips;
    out.push_back(e);
}

/// HBL-INIT-2 .. 4, HBL-SEQ-2: both roll their army dice; equal rolls end the turn, the decks are
/// regathered and shuffled, and they roll again.
void roll_initiative(const Context& ctx, GameState& s, core::Dice& dice, Events& out);

void end_turn(const Context& ctx, GameState& s, core::Dice& dice, bool deck_out, Events& out) {
    Event e = ev(EventKind::TurnEnded);
    e.a = s.turn;
    e.b = deck_out ? 1 : 0;
    out.push_back(e);
    clear_card(s);
    if (s.turn >= kTurnLimit) {
        const int a = victory_points(s, Side::A);
        const int b = victory_points(s, Side::B);
        finish(s, EndReason::TurnLimit,
               a == b ? std::nullopt : std::optional<Side>(a > b ? Side::A : Side::B), out);
        return;
    }
    ++s.turn;
    shuffle(s.decks[0], dice);
    shuffle(s.decks[1], dice);
    roll_initiative(ctx, s, dice, out);
}

void roll_initiative(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    const int a = dice.roll(ctx.army(Side::A).army_die, RollPurpose::Initiative);
    const int b = dice.roll(ctx.army(Side::B).army_die, RollPurpose::Initiative);
    const Initiative r = initiative(a, b);
    Event e = ev(EventKind::Initiative);
    e.a = a;
    e.b = b;
    e.c = r.pips;
    e.side = r.chooser;
    out.push_back(e);
    if (r.turn_ends) {
        end_turn(ctx, s, dice, false, out);
        return;
    }
    s.pips = r.pips;
    s.pips_left = 0;
    s.second_phase = false;
    s.chooser = *r.chooser;
    clear_card(s);
    s.decision = Decision::Choose;
    s.decider = s.chooser;
}

/// HBL-INIT-6: the phase is over when its pips are spent; then the other side's, then a new roll.
void end_phase(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    if (!s.second_phase) {
        s.second_phase = true;
        begin_phase(s, other(s.active), out);
        return;
    }
    roll_initiative(ctx, s, dice, out);
}

/// Back to the side acting on the card in play (after a window, a stubborn choice, a follow-up).
void resume(GameState& s) {
    if (s.decision == Decision::Over) return;
    if (s.react_open) {
        s.decision = Decision::React;
        s.decider = other(s.card_side);
        return;
    }
    s.decision = Decision::Act;
    s.decider = s.card_side;
}

// --- Units, melees --------------------------------------------------------------------------

void remove_unit(GameState& s, std::size_t u) {
    Unit& unit = s.units[u];
    unit.on_board = false;
    unit.moves = 0;
    if (unit.melee >= 0) {
        Melee& m = s.melees[static_cast<std::size_t>(unit.melee)];
        s.units[m.a].melee = -1;
        s.units[m.b].melee = -1;
        m.live = false;
    }
}

void end_melee(GameState& s, std::size_t mi, Events& out) {
    Melee& m = s.melees[mi];
    if (!m.live) return;
    m.live = false;
    s.units[m.a].melee = -1;
    s.units[m.b].melee = -1;
    Event e = ev(EventKind::MeleeEnded);
    e.unit = static_cast<std::int8_t>(m.a);
    e.other = static_cast<std::int8_t>(m.b);
    out.push_back(e);
}

/// The square a unit falls back into: one step to its rear (HBL-MELEE-7, 3" at HBL-GRID-1), if it
/// is on the board, empty and not type III.
std::optional<Square> fall_back_square(const GameState& s, const Unit& u) {
    const Square q = step(u.sq, core::rotated(u.facing, 4));
    if (!on_board(s, q) || occupied(s, q) || s.terrain_at(q) == Terrain::III) return std::nullopt;
    return q;
}

int make_melee(GameState& s, std::size_t a, std::size_t b) {
    for (std::size_t i = 0; i < s.melees.size(); ++i) {
        if (s.melees[i].live) continue;
        s.melees[i] = Melee{};
        s.melees[i].live = true;
        s.melees[i].a = static_cast<std::uint8_t>(a);
        s.melees[i].b = static_cast<std::uint8_t>(b);
        s.units[a].melee = static_cast<std::int8_t>(i);
        s.units[b].melee = static_cast<std::int8_t>(i);
        return static_cast<int>(i);
    }
    throw std::logic_error("hbl: more melees than a side has units");
}

/// Which of a melee's two units belongs to `side`.
std::size_t unit_of(const GameState& s, const Melee& m, Side side) {
    return s.units[m.a].side == side ? m.a : m.b;
}

/// HBL-MOD-1: the factors of one unit's Combat Die in a round of melee `m` against `foe`.
MeleeFactors melee_factors(const Context& ctx, const GameState& s, const Melee& m, std::size_t me,
                           std::size_t foe) {
    const Unit& u = s.units[me];
    const Unit& e = s.units[foe];
    const TroopType& t = type_of(ctx, u);
    const TroopType& et = type_of(ctx, e);
    const bool open = s.terrain_at(u.sq) == Terrain::I;
    const bool attacker = me == m.a;
    const bool flanked = m.flank && !attacker && !m.flank_turned;
    const bool foe_flanked = m.flank && attacker && !m.flank_turned;
    MeleeFactors f;
    f.initiating = !m.started && attacker;
    f.following_up = m.advantage == u.side;
    f.formed_cavalry_open =
        open && t.category == Category::Cavalry && t.formation == Formation::Formed;
    f.close_formed_open = open && t.category == Category::Infantry &&
                          (t.formation == Formation::Close || t.formation == Formation::PikeSquare);
    f.pike_square_frontal = t.formation == Formation::PikeSquare && !flanked;
    f.superior_armour = static_cast<int>(t.armour) > static_cast<int>(et.armour);
    f.superior_weapon = std::find(t.superior_against.begin(), t.superior_against.end(),
                                  et.formation) != t.superior_against.end();
    f.flanking = m.flank && attacker;
    f.against_fully_armoured = et.armour == Armour::Full;
    f.flanked = flanked;
    f.facing_frontal_pike =
        t.category == Category::Cavalry && et.formation == Formation::PikeSquare && !foe_flanked;
    f.vexed = u.integrity.vexed;
    f.ui_lost = u.integrity.lost;
    f.stubborn_ui = u.integrity.stubborn;
    return f;
}

/// Side A's and side B's fighters in a round of melee `m` now, their natural rolls not yet made.
std::array<Fighter, 2> fighters(const Context& ctx, const GameState& s, const Melee& m) {
    const std::size_t ua = unit_of(s, m, Side::A);
    const std::size_t ub = unit_of(s, m, Side::B);
    const Unit& a = s.units[ua];
    const Unit& b = s.units[ub];
    std::array<Fighter, 2> f{};
    f[0].die =
        core::ladder_die(line_of(ctx, a).combat, melee_steps(melee_factors(ctx, s, m, ua, ub)));
    f[1].die =
        core::ladder_die(line_of(ctx, b).combat, melee_steps(melee_factors(ctx, s, m, ub, ua)));
    f[0].fierce = line_of(ctx, a).fierce;
    f[1].fierce = line_of(ctx, b).fierce;
    f[0].close_skirmish = m.close_skirmish && is_skirmisher(ctx, a);
    f[1].close_skirmish = m.close_skirmish && is_skirmisher(ctx, b);
    return f;
}

void settle_round(const Context& ctx, GameState& s, core::Dice& dice, Events& out);
void follow(const Context& ctx, GameState& s, Events& out);

/// One round of melee `mi` (HBL-MELEE-3, HBL-MELEE-4): both roll, the result is settled, and the
/// losers' and winners' choices are asked for when there are any.
void fight_round(const Context& ctx, GameState& s, std::size_t mi, core::Dice& dice, Events& out) {
    Melee& m = s.melees[mi];
    m.fought = true;
    m.fierce_ok = false;
    const std::size_t ua = unit_of(s, m, Side::A);
    const std::size_t ub = unit_of(s, m, Side::B);
    const Unit& a = s.units[ua];
    const Unit& b = s.units[ub];
    auto [fa, fb] = fighters(ctx, s, m);
    fa.natural = dice.roll(fa.die.die, RollPurpose::Melee);
    fb.natural = dice.roll(fb.die.die, RollPurpose::Melee);
    PendingRound p;
    p.melee = static_cast<std::int8_t>(mi);
    p.round = melee_round(fa, fb);
    p.stubborn_at_start = {a.integrity.stubborn_left(), b.integrity.stubborn_left()};
    s.pending = p;
    m.started = true;
    Event e = ev(EventKind::MeleeRound);
    e.unit = static_cast<std::int8_t>(ua);
    e.other = static_cast<std::int8_t>(ub);
    e.a = fa.total();
    e.b = fb.total();
    e.c = fa.natural;
    e.d = fb.natural;
    out.push_back(e);
    settle_round(ctx, s, dice, out);
}

/// The loser that may pay a stubborn chip against this round's result and has not been asked.
std::optional<Side> stubborn_to_ask(const GameState& s) {
    const PendingRound& p = s.pending;
    for (const Side side : {Side::A, Side::B}) {
        const RoundSide& r = p.round.of(side);
        if (may_be_stubborn(p.stubborn_at_start[idx(side)], r) && s.chips[idx(side)] > 0 &&
            !p.asked[idx(side)]) {
            return side;
        }
    }
    return std::nullopt;
}

/// A pursuit (HBL-UNDEF-11): the winner goes one move of its Defence Die straight ahead, stopping
/// short of friends, terrain it may not enter and the board's edge; reaching an enemy not in a
/// melee makes a new contact, fought on a later card (HBL-UNDEF-13).
void pursue(const Context& ctx, GameState& s, std::size_t w, Events& out) {
    Unit& u = s.units[w];
    int budget = move_half_squares(line_of(ctx, u).defence);
    const int cost = core::is_diagonal(u.facing) ? 3 : 2;
    const Terrain start = s.terrain_at(u.sq);
    while (budget >= cost) {
        const Square q = step(u.sq, u.facing);
        if (!on_board(s, q) || s.terrain_at(q) == Terrain::III) break;
        const auto foe = unit_at(s, q, other(u.side));
        if (unit_at(s, q, u.side)) break;
        if (foe) {
            if (s.units[*foe].melee >= 0) break;
            u.sq = q;
            // HBL-UNDEF-13: a new contact, resolved on a later card.
            s.melees[static_cast<std::size_t>(make_melee(s, w, *foe))].fought = true;
            Event e = ev(EventKind::Contact);
            e.unit = static_cast<std::int8_t>(w);
            e.other = static_cast<std::int8_t>(*foe);
            out.push_back(e);
            break;
        }
        u.sq = q;
        budget -= cost;
        if (s.terrain_at(q) != start) break;
    }
    Event e = ev(EventKind::Followed);
    e.unit = static_cast<std::int8_t>(w);
    e.sq = u.sq;
    out.push_back(e);
}

/// Applies the pending round to both units once the stubborn choices are made, then asks the
/// winner whether to follow up when it may choose (HBL-MELEE-9, HBL-UNDEF-10).
void settle_round(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    (void)dice;
    if (const auto ask = stubborn_to_ask(s); ask && s.decision != Decision::Stubborn) {
        s.decision = Decision::Stubborn;
        s.decider = *ask;
        return;
    }
    PendingRound& p = s.pending;
    const std::size_t mi = static_cast<std::size_t>(p.melee);
    Melee& m = s.melees[mi];
    const std::array<std::size_t, 2> us = {unit_of(s, m, Side::A), unit_of(s, m, Side::B)};
    std::array<Fate, 2> fate{};
    for (const Side side : {Side::A, Side::B}) {
        Unit& u = s.units[us[idx(side)]];
        const RoundSide& r = p.round.of(side);
        SettleChoice choice;
        choice.stubborn = p.stubborn[idx(side)];
        choice.lost_to_flank = m.flank && us[idx(side)] == m.b && r.lost;
        choice.can_fall_back = fall_back_square(s, u).has_value();
        const int lost_before = u.integrity.lost;
        const Settled done = settle(u.integrity, r, p.stubborn_at_start[idx(side)], choice);
        pay(s, side, done.cost.chips);
        fate[idx(side)] = done.fate;
        Event e = ev(EventKind::UnitCost);
        e.unit = static_cast<std::int8_t>(us[idx(side)]);
        e.a = u.integrity.lost - lost_before;
        e.b = done.cost.chips;
        e.c = u.integrity.vexed ? 1 : 0;
        out.push_back(e);
        if ((r.fate == Fate::PushedBack || r.fate == Fate::Routed) && done.fate == Fate::Holds &&
            !choice.stubborn) {
            Event pin = ev(EventKind::Pinned);
            pin.unit = e.unit;
            out.push_back(pin);
        }
    }
    // Positions: falls back, routs off, withdraws (HBL-MELEE-7, HBL-MELEE-10, HBL-SKIRM-4).
    bool separated = false;
    std::optional<Side> chaser;  // a winner that may or must follow up or pursue
    for (const Side side : {Side::A, Side::B}) {
        const std::size_t ui = us[idx(side)];
        Unit& u = s.units[ui];
        if (u.integrity.gone()) {
            remove_unit(s, ui);
            Event e = ev(EventKind::Destroyed);
            e.unit = static_cast<std::int8_t>(ui);
            out.push_back(e);
            separated = true;
            if (p.round.of(other(side)).must_follow || p.round.higher == other(side))
                chaser = other(side);
            continue;
        }
        switch (fate[idx(side)]) {
            case Fate::Holds:
                break;
            case Fate::PushedBack:
                if (const auto q = fall_back_square(s, u)) {
                    u.sq = *q;
                    separated = true;
                    chaser = other(side);
                    Event e = ev(EventKind::PushedBack);
                    e.unit = static_cast<std::int8_t>(ui);
                    e.sq = *q;
                    out.push_back(e);
                }
                break;
            case Fate::Routed: {
                // Our resolution: a routed unit turns and routs 12" (6 squares) and leaves the
                // battle.
                remove_unit(s, ui);
                Event e = ev(EventKind::Routed);
                e.unit = static_cast<std::int8_t>(ui);
                out.push_back(e);
                separated = true;
                chaser = other(side);
                break;
            }
            case Fate::Withdraws:
                if (const auto q = fall_back_square(s, u)) {
                    u.sq = *q;
                    separated = true;
                    Event e = ev(EventKind::Withdrew);
                    e.unit = static_cast<std::int8_t>(ui);
                    e.sq = *q;
                    out.push_back(e);
                }
                break;
        }
    }
    // HBL-MELEE-8: a flanked unit that was not routed turns its flank stands to face.
    if (m.live && m.flank) m.flank_turned = true;
    // A close skirmish ends as the skirmish cavalry withdraw; held fast, they stay embroiled.
    if (separated && m.live) end_melee(s, mi, out);
    if (!separated && m.live) {
        // Both stay: the melee goes on, and the side that counts as following up has the marker.
        m.advantage.reset();
        for (const Side side : {Side::A, Side::B}) {
            if (p.round.of(side).follows_up) m.advantage = side;
        }
    }
    if (check_end(s, out)) return;
    // HBL-MELEE-7: a winner cannot follow up to its flank or rear ("cannot follow up to a flank").
    if (chaser && s.units[us[idx(other(*chaser))]].on_board) {
        const Unit& w = s.units[us[idx(*chaser)]];
        const Unit& l = s.units[us[idx(other(*chaser))]];
        if (core::aspect(w.facing, l.sq - w.sq) != core::Aspect::Front) chaser.reset();
    }
    if (chaser && s.units[us[idx(*chaser)]].on_board && s.units[us[idx(*chaser)]].melee < 0 &&
        !p.round.ends) {
        s.pending_unit = static_cast<std::int8_t>(us[idx(*chaser)]);
        p.loser = static_cast<std::int8_t>(us[idx(other(*chaser))]);
        if (p.round.of(*chaser).must_follow) {
            follow(ctx, s, out);  // HBL-MELEE-9: an odd roll must, so nobody is asked
            s.pending_unit = -1;
        } else {
            s.decision = Decision::Follow;
            s.decider = *chaser;
            return;
        }
    }
    resume(s);
}

/// The winner follows up the unit it pushed back (HBL-UNDEF-12: into contact again, the melee
/// going on with the winner following up) or pursues a routed or destroyed one (HBL-UNDEF-11).
void follow(const Context& ctx, GameState& s, Events& out) {
    const std::size_t w = static_cast<std::size_t>(s.pending_unit);
    const std::size_t loser = static_cast<std::size_t>(s.pending.loser);
    Unit& u = s.units[w];
    const Unit& l = s.units[loser];
    if (l.on_board && l.melee < 0) {
        u.sq = l.sq;
        const int mi = make_melee(s, w, loser);
        Melee& m = s.melees[static_cast<std::size_t>(mi)];
        m.started = true;
        m.fought = true;
        m.advantage = u.side;
        Event e = ev(EventKind::Followed);
        e.unit = static_cast<std::int8_t>(w);
        e.sq = u.sq;
        out.push_back(e);
    } else {
        pursue(ctx, s, w, out);
    }
}

// --- Movement --------------------------------------------------------------------------------

/// Where one move can take a unit (HBL-MOVE-1 .. 4): each square and the square it was entered
/// from. Formed troops go straight ahead; skirmish cavalry oblique, any way (HBL-SKIRM-5). A move
/// stops on reaching terrain of another type (HBL-MOVE-3) or an enemy (contact, HBL-GRID-3); type
/// III and friends cannot be entered, nor an enemy already in a melee.
struct Reach {
    Square to{};
    Square from{};
};

std::vector<Reach> reach(const Context& ctx, const GameState& s, std::size_t ui) {
    const Unit& u = s.units[ui];
    const int budget = move_half_squares(line_of(ctx, u).defence);
    const Terrain start = s.terrain_at(u.sq);
    constexpr int kN = core::kMaxBoardSide * core::kMaxBoardSide;
    const auto at = [](Square q) {
        return static_cast<std::size_t>(q.y * core::kMaxBoardSide + q.x);
    };
    // Who stands where, looked up once: 0 nobody, 1 a friend, 2 an enemy free to be contacted,
    // 3 an enemy already in a melee.
    std::array<std::uint8_t, kN> who{};
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& o = s.units[i];
        if (!o.on_board) continue;
        std::uint8_t& w = who[at(o.sq)];
        if (o.side == u.side) {
            w = 1;  // a friend in the square forbids it, whoever else is there
        } else if (w != 1) {
            w = o.melee >= 0 ? 3 : 2;
        }
    }
    std::vector<Reach> out;
    /// 0: cannot enter; 1: can, and may go on; 2: can, and the move stops there.
    const auto enter = [&](Square q) -> int {
        if (!on_board(s, q) || s.terrain_at(q) == Terrain::III) return 0;
        const std::uint8_t w = who[at(q)];
        if (w == 1 || w == 3) return 0;
        return (w == 2 || s.terrain_at(q) != start) ? 2 : 1;
    };
    if (!is_skirmisher(ctx, u)) {
        const int cost = core::is_diagonal(u.facing) ? 3 : 2;
        Square q = u.sq;
        for (int spent = cost; spent <= budget; spent += cost) {
            const Square prev = q;
            q = step(q, u.facing);
            const int e = enter(q);
            if (e == 0) break;
            out.push_back({q, prev});
            if (e == 2) break;
        }
        return out;
    }
    // Skirmish cavalry: the cheapest path to every square (orthogonal 2, diagonal 3 half-squares),
    // expanded in order of cost; the budget is at most 12.
    std::array<std::uint8_t, kN> best{};
    best.fill(0xff);
    std::array<Square, kN> parent{};
    std::array<std::uint8_t, kN> stops{};
    std::vector<Square> found{u.sq};
    best[at(u.sq)] = 0;
    for (int c = 0; c <= budget; ++c) {
        for (std::size_t i = 0; i < found.size(); ++i) {
            const Square q = found[i];
            if (best[at(q)] != c || stops[at(q)]) continue;
            for (const Facing f : core::kAllFacings) {
                const Square n = step(q, f);
                const int nc = c + (core::is_diagonal(f) ? 3 : 2);
                if (nc > budget) continue;
                const int e = enter(n);
                if (e == 0 || n == u.sq || nc >= best[at(n)]) continue;
                if (best[at(n)] == 0xff) found.push_back(n);
                best[at(n)] = static_cast<std::uint8_t>(nc);
                parent[at(n)] = q;
                stops[at(n)] = e == 2;
            }
        }
    }
    for (const Square q : found) {
        if (q != u.sq) out.push_back({q, parent[at(q)]});
    }
    return out;
}

/// Moves left to a unit now: on a March card its command's activation gave them; a battery has
/// one action on an Artillery Action card.
bool may_move(const Context& ctx, const GameState& s, const Unit& u) {
    if (!u.on_board || u.side != s.card_side || !s.card) return false;
    if (*s.card == CardKind::ArtilleryAction) return is_battery(ctx, u) && !u.acted && u.melee < 0;
    if (u.moves == 0) return false;
    // HBL-SKIRM-2: skirmish cavalry may withdraw from a melee on a move card; others are held.
    return u.melee < 0 || is_skirmisher(ctx, u);
}

/// Makes the contact of unit `ui`, moved from `from` onto `foe`. Returns the melee when its
/// first round is fought at once; with `fight` false that round is left unfought (--why asks in
/// what state it would be fought: at_once_round).
std::optional<std::size_t> make_contact(const Context& ctx, GameState& s, std::size_t ui, std::size_t foe,
                                        Square from, core::Dice& dice, Events& out, bool fight = true) {
    Unit& u = s.units[ui];
    u.moves = 0;
    const int mi = make_melee(s, ui, foe);
    Melee& m = s.melees[static_cast<std::size_t>(mi)];
    const Unit& e = s.units[foe];
    m.flank = core::aspect(e.facing, from - e.sq) != core::Aspect::Front;
    const bool open = s.terrain_at(u.sq) == Terrain::I;
    m.close_skirmish = open && (is_skirmisher(ctx, u) || (is_skirmisher(ctx, e) && !m.flank));
    Event c = ev(EventKind::Contact);
    c.unit = static_cast<std::int8_t>(ui);
    c.other = static_cast<std::int8_t>(foe);
    out.push_back(c);
    // HBL-MELEE-1 b: a flank attack is fought at once; HBL-SKIRM-3: so is a close skirmish that
    // skirmish cavalry ride into. HBL-FIERCE-3: Fierce troops brought in by an even roll may.
    if (m.flank || (m.close_skirmish && is_skirmisher(ctx, u))) {
        if (fight) fight_round(ctx, s, static_cast<std::size_t>(mi), dice, out);
        return static_cast<std::size_t>(mi);
    }
    if (u.fierce_melee && line_of(ctx, u).fierce) m.fierce_ok = true;
    return std::nullopt;
}

// --- Shooting --------------------------------------------------------------------------------

bool can_shoot(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target) {
    const Unit& u = s.units[shooter];
    const Unit& t = s.units[target];
    const TroopType& ty = type_of(ctx, u);
    if (!u.on_board || !t.on_board || t.side == u.side || !u.loaded || !ty.shoots() || u.melee >= 0)
        return false;
    const core::Offset d = t.sq - u.sq;
    if (core::dist2(d) > ty.long_range_half || !core::in_arc(u.facing, d)) return false;
    return core::los_clear(u.sq, t.sq, [&](Square q) { return occupied(s, q); });
}

bool any_shot(const Context& ctx, const GameState& s, Side side) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        if (s.units[u].side != side) continue;
        for (std::size_t t = 0; t < s.unit_count; ++t) {
            if (can_shoot(ctx, s, u, t)) return true;
        }
    }
    return false;
}

ShotFactors shot_factors(const Context& ctx, const GameState& s, std::size_t shooter,
                         std::size_t target) {
    const Unit& u = s.units[shooter];
    const Unit& t = s.units[target];
    const TroopType& ty = type_of(ctx, u);
    const TroopType& tt = type_of(ctx, t);
    const int d = core::dist2(t.sq - u.sq);
    ShotFactors f;
    f.artillery_close = ty.category == Category::Artillery && d <= ty.close_range_half;
    f.long_range = d > ty.close_range_half;
    f.at_pike_square = tt.formation == Formation::PikeSquare;
    f.at_colonela = tt.deep;
    f.at_flank = core::aspect(t.facing, u.sq - t.sq) != core::Aspect::Front;
    f.at_own_side = t.side == u.side;
    return f;
}

/// The shooter's Combat Die after its factors (HBL-SHOOT-2).
core::LadderDie shot_die(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target) {
    return core::ladder_die(line_of(ctx, s.units[shooter]).combat,
                            shot_steps(shot_factors(ctx, s, shooter, target)));
}

/// One shot at one unit (HBL-SHOOT-2 .. 6). Returns whether it took a move the unit had left.
bool shot_at(const Context& ctx, GameState& s, std::size_t shooter, std::size_t target,
             core::Dice& dice, Events& out) {
    Unit& t = s.units[target];
    ShotRoll roll;
    roll.die = shot_die(ctx, s, shooter, target);
    roll.natural = dice.roll(roll.die.die, RollPurpose::Shooting);
    roll.defence_natural = dice.roll(line_of(ctx, t).defence, RollPurpose::ShootingDefence);
    const Shot shot = shoot(roll);
    const Cost cost = take_shot(t.integrity, shot);
    pay(s, t.side, cost.chips);
    Event e = ev(EventKind::Shot);
    e.unit = static_cast<std::int8_t>(shooter);
    e.other = static_cast<std::int8_t>(target);
    e.a = core::result(roll.die, roll.natural);
    e.b = roll.defence_natural;
    e.c = cost.ui;
    out.push_back(e);
    if (t.integrity.gone()) {
        remove_unit(s, target);
        Event d = ev(EventKind::Destroyed);
        d.unit = static_cast<std::int8_t>(target);
        out.push_back(d);
        return false;
    }
    if (shot.costs_move && t.moves > 0) {
        --t.moves;
        return true;
    }
    return false;
}

// --- Melee cards -----------------------------------------------------------------------------

/// Whether melee `m` concerns the card in play for the side acting on it: on a Melee card every
/// melee; on a Group Melee card those of the nominated command (HBL-CARD-4, HBL-UNDEF-14).
bool on_this_card(const GameState& s, const Melee& m) {
    if (!s.card || !m.live || m.fought) return false;
    if (*s.card == CardKind::Melee) return true;
    if (*s.card == CardKind::GroupMelee && s.nominated >= 0) {
        const Unit& mine = s.units[unit_of(s, m, s.card_side)];
        return mine.command == static_cast<std::uint8_t>(s.nominated);
    }
    return false;
}

/// HBL-CARD-3: ongoing melees of formed troops must be fought, whichever side turned the card;
/// skirmish cavalry may ignore Melee cards of their own side's deck (HBL-SKIRM-2).
bool compulsory(const Context& ctx, const GameState& s, const Melee& m) {
    if (!on_this_card(s, m) || !m.started) return false;
    return !is_skirmisher(ctx, s.units[unit_of(s, m, s.card_side)]);
}

bool compulsory_left(const Context& ctx, const GameState& s) {
    for (const Melee& m : s.melees) {
        if (compulsory(ctx, s, m)) return true;
    }
    return false;
}

// --- Validation ------------------------------------------------------------------------------

std::optional<std::string> refuse(std::string text) {
    return text;
}

bool own(const GameState& s, std::size_t u, Side side) {
    return u < s.unit_count && s.units[u].side == side && s.units[u].on_board;
}

bool card_is(const GameState& s, CardKind k) {
    return s.card && *s.card == k;
}

std::optional<std::string> check_move(const Context& ctx, const GameState& s, const cmd::Move& c) {
    if (!own(s, c.unit, s.card_side)) return refuse("that is not a unit of yours on the field");
    const Unit& u = s.units[c.unit];
    if (!may_move(ctx, s, u)) return refuse("that unit has no move on this card");
    if (c.to == u.sq) {
        if (is_skirmisher(ctx, u)) {
            if (c.facing == u.facing) return refuse("that move goes nowhere");
            return std::nullopt;
        }
        // HBL-MOVE-4: a 45-degree wheel costs the move.
        if (core::turn_steps(u.facing, c.facing) != 1)
            return refuse("a wheel turns one step of 45 degrees");
        return std::nullopt;
    }
    if (u.melee >= 0 && unit_at(s, c.to, other(u.side)))
        return refuse("a unit leaving a melee cannot make contact");
    if (!is_skirmisher(ctx, u) && c.facing != u.facing)
        return refuse("formed troops move straight ahead, keeping their facing");
    for (const Reach& r : reach(ctx, s, c.unit)) {
        if (r.to == c.to) return std::nullopt;
    }
    return refuse("one move cannot take that unit there");
}

std::optional<std::string> check(const Context& ctx, const GameState& s, const Command& c) {
    if (s.decision == Decision::Over) return refuse("the game is over");
    const Side me = s.decider;
    return std::visit(
        core::Overloaded{
            [&](const cmd::First&) -> std::optional<std::string> {
                if (s.decision != Decision::Choose)
                    return refuse("there is no initiative to choose");
                return std::nullopt;
            },
            [&](const cmd::Second&) -> std::optional<std::string> {
                if (s.decision != Decision::Choose)
                    return refuse("there is no initiative to choose");
                return std::nullopt;
            },
            [&](const cmd::Turn&) -> std::optional<std::string> {
                if (s.decision != Decision::Act) return refuse("not now");
                if (s.card) return refuse("finish with the card in play first (done)");
                if (s.pips_left <= 0) return refuse("no pips left");
                return std::nullopt;
            },
            [&](const cmd::Done&) -> std::optional<std::string> {
                if (s.decision != Decision::Act || !s.card)
                    return refuse("there is no card in play");
                if (compulsory_left(ctx, s))
                    return refuse("ongoing melees must be fought on this card first");
                return std::nullopt;
            },
            [&](const cmd::Activate& a) -> std::optional<std::string> {
                if (s.decision != Decision::Act) return refuse("not now");
                if (!card_is(s, CardKind::March) && !card_is(s, CardKind::CavalryMarch)) {
                    return refuse("commands activate on a March or Cavalry March card");
                }
                const ArmyList& army = ctx.army(me);
                if (a.command >= army.commands.size()) return refuse("no such command");
                if (s.activated & (1u << a.command))
                    return refuse("that command has rolled on this card");
                const bool cav = card_is(s, CardKind::CavalryMarch);
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.side == me && u.on_board && u.command == a.command &&
                        !is_battery(ctx, u) && (!cav || is_cavalry(ctx, u))) {
                        return std::nullopt;
                    }
                }
                return refuse(cav ? "that command has no cavalry to move"
                                  : "that command has no unit to move");
            },
            [&](const cmd::Move& m) -> std::optional<std::string> {
                if (s.decision != Decision::Act) return refuse("not now");
                return check_move(ctx, s, m);
            },
            [&](const cmd::Fight& f) -> std::optional<std::string> {
                if (s.decision != Decision::Act) return refuse("not now");
                if (!own(s, f.unit, me)) return refuse("that is not a unit of yours on the field");
                const Unit& u = s.units[f.unit];
                if (u.melee < 0) return refuse("that unit is not in contact");
                const Melee& m = s.melees[static_cast<std::size_t>(u.melee)];
                if (m.fierce_ok && m.a == f.unit) return std::nullopt;
                if (!on_this_card(s, m)) {
                    if (card_is(s, CardKind::GroupMelee) && s.nominated < 0)
                        return refuse("nominate a command first");
                    return refuse("that melee is not fought on this card");
                }
                if (!m.started && compulsory_left(ctx, s))
                    return refuse("ongoing melees come first (HBL-CARD-3)");
                return std::nullopt;
            },
            [&](const cmd::Shoot& sh) -> std::optional<std::string> {
                if (s.decision != Decision::Act && s.decision != Decision::React)
                    return refuse("not now");
                if (!own(s, sh.unit, me)) return refuse("that is not a unit of yours on the field");
                if (sh.target >= s.unit_count || s.units[sh.target].side == me)
                    return refuse("that is not an enemy unit");
                if (!s.units[sh.unit].loaded) return refuse("that unit must reload first");
                if (!can_shoot(ctx, s, sh.unit, sh.target))
                    return refuse("that target is not in range, arc and sight");
                return std::nullopt;
            },
            [&](const cmd::Reload& r) -> std::optional<std::string> {
                if (s.decision != Decision::Act) return refuse("not now");
                if (r.unit < 0) {
                    if (!card_is(s, CardKind::Reload))
                        return refuse("units reload on a Reload card");
                    if (s.reloaded) return refuse("this card's reload is used");
                    for (std::size_t i = 0; i < s.unit_count; ++i) {
                        const Unit& u = s.units[i];
                        if (u.side == me && u.on_board && !u.loaded && !is_battery(ctx, u))
                            return std::nullopt;
                    }
                    return refuse("nothing to reload");
                }
                if (!card_is(s, CardKind::ArtilleryAction))
                    return refuse("artillery reloads on an Artillery Action card");
                if (!own(s, static_cast<std::size_t>(r.unit), me))
                    return refuse("that is not a unit of yours on the field");
                const Unit& u = s.units[static_cast<std::size_t>(r.unit)];
                if (!is_battery(ctx, u)) return refuse("only artillery reloads on this card");
                if (u.acted) return refuse("artillery does one thing on its card (HBL-CARD-8)");
                if (u.loaded) return refuse("it is loaded");
                return std::nullopt;
            },
            [&](const cmd::Rally& r) -> std::optional<std::string> {
                if (s.decision != Decision::Act) return refuse("not now");
                if (!card_is(s, CardKind::Command)) return refuse("units rally on a Command card");
                if (!own(s, r.unit, me)) return refuse("that is not a unit of yours on the field");
                const Unit& u = s.units[r.unit];
                if (s.rallied & (1u << u.command))
                    return refuse("its command has rallied on this card (HBL-UNDEF-19)");
                if (u.integrity.lost == 0 && !u.integrity.vexed)
                    return refuse("it has nothing to rally");
                return std::nullopt;
            },
            [&](const cmd::Back& b) -> std::optional<std::string> {
                if (s.decision != Decision::RallyBack) return refuse("not now");
                if (b.ui > s.rally_max) return refuse("not that many");
                return std::nullopt;
            },
            [&](const cmd::Nominate& n) -> std::optional<std::string> {
                if (s.decision != Decision::Act || !card_is(s, CardKind::GroupMelee)) {
                    return refuse("a command is nominated on a Group Melee card");
                }
                if (s.nominated >= 0) return refuse("a command is nominated already");
                if (n.command >= ctx.army(me).commands.size()) return refuse("no such command");
                return std::nullopt;
            },
            [&](const cmd::Face& f) -> std::optional<std::string> {
                if (s.decision != Decision::Act || !card_is(s, CardKind::FormationChange)) {
                    return refuse("a unit faces about on a Formation Change card");
                }
                if (s.faced) return refuse("this card's formation change is used");
                if (!own(s, f.unit, me)) return refuse("that is not a unit of yours on the field");
                const Unit& u = s.units[f.unit];
                if (u.melee >= 0) return refuse("a unit in contact cannot change formation");
                if (u.facing == f.facing) return refuse("it faces that way already");
                return std::nullopt;
            },
            [&](const cmd::Stubborn&) -> std::optional<std::string> {
                if (s.decision != Decision::Stubborn && s.decision != Decision::KeepMove)
                    return refuse("not now");
                return std::nullopt;
            },
            [&](const cmd::Accept&) -> std::optional<std::string> {
                if (s.decision != Decision::Stubborn && s.decision != Decision::KeepMove)
                    return refuse("not now");
                return std::nullopt;
            },
            [&](const cmd::Follow&) -> std::optional<std::string> {
                if (s.decision != Decision::Follow) return refuse("not now");
                return std::nullopt;
            },
            [&](const cmd::Stay&) -> std::optional<std::string> {
                if (s.decision != Decision::Follow) return refuse("not now");
                const std::size_t w = static_cast<std::size_t>(s.pending_unit);
                if (s.pending.round.of(s.units[w].side).must_follow) {
                    return refuse("an odd roll must follow up (HBL-MELEE-9)");
                }
                return std::nullopt;
            },
            [&](const cmd::Hold&) -> std::optional<std::string> {
                if (s.decision != Decision::React) return refuse("not now");
                return std::nullopt;
            },
            [&](const cmd::Concede&) -> std::optional<std::string> { return std::nullopt; },
        },
        c);
}

// --- Applying --------------------------------------------------------------------------------

void turn_card(const Context& ctx, GameState& s, core::Dice& dice, Events& out);

/// A card turned by `side` and now in play: the Lull is rolled at once, and a card that cannot be
/// used is spent (HBL-INIT-7).
void card_turned(const Context& ctx, GameState& s, Side side, CardKind k, core::Dice& dice,
                 Events& out) {
    s.card = k;
    s.card_side = side;
    Event e = ev(EventKind::CardTurned);
    e.side = side;
    e.card = k;
    out.push_back(e);
    bool any_melee = false;
    for (const Melee& m : s.melees) any_melee = any_melee || m.live;
    if (k == CardKind::ArmyMorale || (k == CardKind::Melee && !any_melee)) {
        Event sp = ev(EventKind::CardSpent);
        sp.side = side;
        sp.card = k;
        out.push_back(sp);
    }
    if (k == CardKind::Lull && side == s.active) {
        // HBL-LULL-1, 2: both roll; the other side steals a pip on a higher roll.
        const int t = dice.roll(ctx.army(side).army_die, RollPurpose::Initiative);
        const int o = dice.roll(ctx.army(other(side)).army_die, RollPurpose::Initiative);
        Event l = ev(EventKind::Lull);
        l.side = side;
        l.a = t;
        l.b = o;
        l.c = lull_steals(t, o) ? 1 : 0;
        out.push_back(l);
        if (lull_steals(t, o)) {
            Deck& d = s.decks[idx(other(side))];
            if (d.left() > 0) {
                const CardKind stolen = d.cards[d.next++];
                clear_card(s);
                card_turned(ctx, s, other(side), stolen, dice, out);
            }
        }
    }
    resume(s);
}

void turn_card(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    Deck& d = s.decks[idx(s.active)];
    --s.pips_left;
    if (d.left() == 0) {
        end_turn(ctx, s, dice, true, out);  // HBL-INIT-8, HBL-UNDEF-23
        return;
    }
    const CardKind k = d.cards[d.next++];
    card_turned(ctx, s, s.active, k, dice, out);
}

void done(const Context& ctx, GameState& s, core::Dice& dice, Events& out) {
    clear_card(s);
    // HBL-LULL-2: a stolen card done, play returns to the side that turned the Lull.
    s.card_side = s.active;
    // HBL-INIT-8, HBL-UNDEF-23: a deck used up ends the turn once its last card is done.
    if (s.decks[0].left() == 0 || s.decks[1].left() == 0) {
        end_turn(ctx, s, dice, true, out);
        return;
    }
    if (s.pips_left <= 0) {
        end_phase(ctx, s, dice, out);
        return;
    }
    resume(s);
}

void activate(const Context& ctx, GameState& s, std::uint8_t command, core::Dice& dice,
              Events& out) {
    const Side me = s.card_side;
    s.activated = static_cast<std::uint8_t>(s.activated | (1u << command));
    const DieType officer = ctx.army(me).commands[command].officer;
    const int n = dice.roll(officer, RollPurpose::Other);
    const int d8 = dice.roll(DieType::D8, RollPurpose::Other);
    const March r = march(n, d8);
    const bool cav = card_is(s, CardKind::CavalryMarch);
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        Unit& u = s.units[i];
        if (u.side != me || !u.on_board || u.command != command || is_battery(ctx, u)) continue;
        if (cav && !is_cavalry(ctx, u)) continue;
        u.moves = static_cast<std::uint8_t>(r.moves);
        u.fierce_melee = r.fierce_melee;
    }
    Event e = ev(EventKind::Activated);
    e.side = me;
    e.a = command;
    e.b = n;
    e.c = d8;
    e.d = r.moves;
    out.push_back(e);
    // HBL-SHOOT-1: the enemy may shoot before the command moves (Combat 3, E2).
    if (r.moves > 0 && any_shot(ctx, s, other(me))) s.react_open = true;
    resume(s);
}

/// Makes a move (HBL-MOVE), and the contact it makes; returns the melee whose round is fought at
/// once, as make_contact does (`fight` false: left unfought).
std::optional<std::size_t> do_move(const Context& ctx, GameState& s, const cmd::Move& c, core::Dice& dice, Events& out,
                                   bool fight = true) {
    Unit& u = s.units[c.unit];
    if (*s.card == CardKind::ArtilleryAction) {
        u.acted = true;
    } else {
        --u.moves;
    }
    if (c.to == u.sq) {
        u.facing = c.facing;
        Event e = ev(EventKind::Moved);
        e.unit = static_cast<std::int8_t>(c.unit);
        e.sq = u.sq;
        out.push_back(e);
        return std::nullopt;
    }
    // The square it entered the enemy's from (a contact's flank or rear, HBL-MELEE-8): a path
    // search, only when the move makes contact.
    Square from = u.sq;
    if (unit_at(s, c.to, other(u.side))) {
        for (const Reach& r : reach(ctx, s, c.unit)) {
            if (r.to == c.to) from = r.from;
        }
    }
    if (u.melee >= 0)
        end_melee(s, static_cast<std::size_t>(u.melee), out);  // skirmish cavalry withdraw
    u.sq = c.to;
    u.facing = c.facing;
    Event e = ev(EventKind::Moved);
    e.unit = static_cast<std::int8_t>(c.unit);
    e.sq = u.sq;
    out.push_back(e);
    if (const auto foe = unit_at(s, c.to, other(u.side))) return make_contact(ctx, s, c.unit, *foe, from, dice, out, fight);
    return std::nullopt;
}

void do_shoot(const Context& ctx, GameState& s, const cmd::Shoot& c, core::Dice& dice,
              Events& out) {
    s.units[c.unit].loaded = false;
    const Unit& t = s.units[c.target];
    // HBL-SHOOT-7: into a melee, the shot falls on friend and foe alike.
    std::optional<std::size_t> friend_in_it;
    if (t.melee >= 0) {
        const Melee& m = s.melees[static_cast<std::size_t>(t.melee)];
        friend_in_it = m.a == c.target ? m.b : m.a;
    }
    const bool took = shot_at(ctx, s, c.unit, c.target, dice, out);
    if (friend_in_it && s.units[*friend_in_it].on_board)
        shot_at(ctx, s, c.unit, *friend_in_it, dice, out);
    if (check_end(s, out)) return;
    const Unit& hit = s.units[c.target];
    if (took && hit.on_board && hit.integrity.stubborn_left() && s.chips[idx(hit.side)] > 1) {
        s.decision = Decision::KeepMove;
        s.decider = hit.side;
        s.pending_unit = static_cast<std::int8_t>(c.target);
        return;
    }
    resume(s);
}

void do_rally(const Context& ctx, GameState& s, const cmd::Rally& c, core::Dice& dice,
              Events& out) {
    Unit& u = s.units[c.unit];
    s.rallied = static_cast<std::uint8_t>(s.rallied | (1u << u.command));
    const core::LadderDie die = core::ladder_die(ctx.army(u.side).commands[u.command].officer,
                                                 rally_steps(rally_factors_now(ctx, s, c.unit)));
    const int n = dice.roll(die.die, RollPurpose::Rally);
    const int d8 = dice.roll(DieType::D8, RollPurpose::Rally);
    const Rally r = rally(die, n, d8);
    const int most = std::min({r.ui_max, u.integrity.lost, s.chips[idx(u.side)] - 1});
    if (most > 0) {
        if (r.rallies) u.integrity.vexed = false;
        s.decision = Decision::RallyBack;
        s.decider = u.side;
        s.pending_unit = static_cast<std::int8_t>(c.unit);
        s.rally_max = static_cast<std::int8_t>(most);
        Event e = ev(EventKind::Rallied);
        e.unit = static_cast<std::int8_t>(c.unit);
        e.a = r.difference;
        e.b = -1;  // the UI come after the choice
        out.push_back(e);
        return;
    }
    take_rally(u.integrity, r, 0);
    Event e = ev(EventKind::Rallied);
    e.unit = static_cast<std::int8_t>(c.unit);
    e.a = r.difference;
    out.push_back(e);
    resume(s);
}

Events apply_checked(const Context& ctx, GameState& s, const Command& c, core::Dice& dice) {
    Events out;
    std::visit(
        core::Overloaded{
            [&](const cmd::First&) { begin_phase(s, s.chooser, out); },
            [&](const cmd::Second&) { begin_phase(s, other(s.chooser), out); },
            [&](const cmd::Turn&) { turn_card(ctx, s, dice, out); },
            [&](const cmd::Done&) { done(ctx, s, dice, out); },
            [&](const cmd::Activate& a) { activate(ctx, s, a.command, dice, out); },
            [&](const cmd::Move& m) { (void)do_move(ctx, s, m, dice, out); },
            [&](const cmd::Fight& f) {
                fight_round(ctx, s, static_cast<std::size_t>(s.units[f.unit].melee), dice, out);
            },
            [&](const cmd::Shoot& sh) { do_shoot(ctx, s, sh, dice, out); },
            [&](const cmd::Reload& r) {
                if (r.unit < 0) {
                    s.reloaded = true;
                    for (std::size_t i = 0; i < s.unit_count; ++i) {
                        Unit& u = s.units[i];
                        if (u.side == s.card_side && u.on_board && !is_battery(ctx, u))
                            u.loaded = true;
                    }
                } else {
                    Unit& u = s.units[static_cast<std::size_t>(r.unit)];
                    u.loaded = true;
                    u.acted = true;
                }
                Event e = ev(EventKind::Reloaded);
                e.side = s.card_side;
                e.unit = r.unit;
                out.push_back(e);
            },
            [&](const cmd::Rally& r) { do_rally(ctx, s, r, dice, out); },
            [&](const cmd::Back& b) {
                Unit& u = s.units[static_cast<std::size_t>(s.pending_unit)];
                u.integrity.lost -= b.ui;
                pay(s, u.side, b.ui);
                Event e = ev(EventKind::Rallied);
                e.unit = s.pending_unit;
                e.b = b.ui;
                e.c = 1;
                out.push_back(e);
                s.pending_unit = -1;
                s.rally_max = 0;
                if (!check_end(s, out)) resume(s);
            },
            [&](const cmd::Nominate& n) { s.nominated = static_cast<std::int8_t>(n.command); },
            [&](const cmd::Face& f) {
                s.faced = true;
                s.units[f.unit].facing = f.facing;
                Event e = ev(EventKind::Faced);
                e.unit = static_cast<std::int8_t>(f.unit);
                e.a = static_cast<int>(f.facing);
                out.push_back(e);
            },
            [&](const cmd::Stubborn&) {
                if (s.decision == Decision::KeepMove) {
                    Unit& u = s.units[static_cast<std::size_t>(s.pending_unit)];
                    pay(s, u.side, keep_move(u.integrity));
                    ++u.moves;
                    s.pending_unit = -1;
                    if (!check_end(s, out)) resume(s);
                    return;
                }
                s.pending.stubborn[idx(s.decider)] = true;
                s.pending.asked[idx(s.decider)] = true;
                s.decision = Decision::Act;
                settle_round(ctx, s, dice, out);
            },
            [&](const cmd::Accept&) {
                if (s.decision == Decision::KeepMove) {
                    s.pending_unit = -1;
                    resume(s);
                    return;
                }
                s.pending.asked[idx(s.decider)] = true;
                s.decision = Decision::Act;
                settle_round(ctx, s, dice, out);
            },
            [&](const cmd::Follow&) {
                follow(ctx, s, out);
                s.pending_unit = -1;
                resume(s);
            },
            [&](const cmd::Stay&) {
                s.pending_unit = -1;
                resume(s);
            },
            [&](const cmd::Hold&) {
                s.react_open = false;
                resume(s);
            },
            [&](const cmd::Concede&) { finish(s, EndReason::Conceded, other(s.decider), out); },
        },
        c);
    return out;
}

}  // namespace

// --- Public ------------------------------------------------------------------------------------

std::vector<Square> move_way(const Context& ctx, const GameState& s, const cmd::Move& m) {
    if (validate(ctx, s, Command{m}) || m.unit >= s.unit_count || s.units[m.unit].sq == m.to) return {};
    const std::vector<Reach> r = reach(ctx, s, m.unit);
    std::vector<Square> way;
    // Back from the end along the squares each was entered from, to the unit's own square.
    for (Square q = m.to; q != s.units[m.unit].sq && way.size() <= r.size();) {
        const auto it = std::find_if(r.begin(), r.end(), [&](const Reach& x) { return x.to == q; });
        if (it == r.end()) return {};
        way.insert(way.begin(), q);
        q = it->from;
    }
    return way;
}

std::optional<std::size_t> unit_at(const GameState& s, Square q, Side side) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.on_board && u.side == side && u.sq == q) return i;
    }
    return std::nullopt;
}

int victory_points(const GameState& s, Side side) {
    const std::size_t e = idx(other(side));
    return s.chips_start[e] - s.chips[e];
}

Events new_game(const Context& ctx, GameState& out, core::Dice& dice) {
    GameState s;
    s.files = ctx.rs().files;
    s.ranks = ctx.rs().ranks;
    for (const Side side : {Side::A, Side::B}) {
        const ArmyList& army = ctx.army(side);
        Deck& d = s.decks[idx(side)];
        for (int k = 0; k < kCardKindCount; ++k) {
            for (int n = 0; n < army.deck[static_cast<std::size_t>(k)]; ++n)
                d.cards[d.size++] = static_cast<CardKind>(k);
        }
        s.chips[idx(side)] = s.chips_start[idx(side)] = army.morale_chips;
        // Deployment, our resolution (the posts' set-up post is not in the source): the army
        // stands in its second home row in the order of its list, centred, facing the enemy; a
        // row that is full continues in the row behind it.
        int count = 0;
        for (const UnitLine& l : army.units) count += l.units;
        const int per_row = std::min(count, s.files);
        int placed = 0;
        for (std::size_t li = 0; li < army.units.size(); ++li) {
            const UnitLine& l = army.units[li];
            for (int n = 0; n < l.units; ++n) {
                Unit u;
                u.side = side;
                u.line = static_cast<std::uint8_t>(li);
                u.type = static_cast<std::uint8_t>(ctx.rs().find_type(l.type) -
                                                   ctx.rs().troop_types.data());
                const CommandGroup* c = army.find_command(l.command);
                u.command = static_cast<std::uint8_t>(c - army.commands.data());
                const int row = placed / per_row;
                if (row > 1)
                    throw std::logic_error("hbl: an army too large for two rows of this board");
                const int col = placed % per_row;
                const int in_row = std::min(per_row, count - row * per_row);
                const int x = (s.files - in_row) / 2 + col;
                const int y = side == Side::A ? 1 - row : s.ranks - 2 + row;
                u.sq = core::make_square(x, std::clamp(y, 0, s.ranks - 1));
                u.facing = core::enemy_direction(side);
                u.integrity.ui = l.ui;
                u.integrity.stubborn = l.stubborn;
                u.loaded = ctx.rs().troop_types[u.type].shoots();
                s.units[s.unit_count++] = u;
                ++placed;
            }
        }
    }
    Events events;
    shuffle(s.decks[0], dice);
    shuffle(s.decks[1], dice);
    roll_initiative(ctx, s, dice, events);
    out = s;
    return events;
}

std::optional<std::string> validate(const Context& ctx, const GameState& s, const Command& c) {
    return check(ctx, s, c);
}

Events apply(const Context& ctx, GameState& s, const Command& c, core::Dice& dice) {
    if (auto why = check(ctx, s, c)) throw IllegalCommand(*why);
    return apply_checked(ctx, s, c, dice);
}

Events apply_legal(const Context& ctx, GameState& s, const Command& c, core::Dice& dice) {
    return apply_checked(ctx, s, c, dice);
}

std::array<MeleeFactors, 2> melee_factors_now(const Context& ctx, const GameState& s, std::size_t melee) {
    const Melee& m = s.melees[melee];
    const std::size_t ua = unit_of(s, m, Side::A);
    const std::size_t ub = unit_of(s, m, Side::B);
    return {melee_factors(ctx, s, m, ua, ub), melee_factors(ctx, s, m, ub, ua)};
}

std::optional<AtOnceRound> at_once_round(const Context& ctx, const GameState& s, const cmd::Move& m) {
    if (validate(ctx, s, Command{m})) return std::nullopt;
    AtOnceRound r{s, 0};
    // The move itself rolls nothing, and its round is not fought here: no dice to draw from.
    auto none = core::ScriptedDice::parse("");
    Events ignored;
    const auto melee = do_move(ctx, r.state, m, none, ignored, false);
    if (!melee) return std::nullopt;
    r.melee = *melee;
    return r;
}

ShotFactors shot_factors_now(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target) {
    return shot_factors(ctx, s, shooter, target);
}

RallyFactors rally_factors_now(const Context& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    RallyFactors f;
    f.officer_attached = true;  // our resolution: the officer rides to the unit on the card (HBL-RALLY-5)
    f.d8_defence = line_of(ctx, u).defence == DieType::D8;
    f.in_contact = u.melee >= 0;
    return f;
}

std::array<Fighter, 2> melee_fighters_now(const Context& ctx, const GameState& s, std::size_t melee) {
    return fighters(ctx, s, s.melees[melee]);
}

MeleeOdds melee_odds_now(const Context& ctx, const GameState& s, std::size_t melee) {
    const auto [a, b] = fighters(ctx, s, s.melees[melee]);
    return melee_odds(a, b);
}

ShotOdds shot_odds_now(const Context& ctx, const GameState& s, std::size_t shooter, std::size_t target) {
    return shot_odds(shot_die(ctx, s, shooter, target), line_of(ctx, s.units[target]).defence);
}

Played play(const Context& ctx, GameState& s, const Command& c, core::Dice& dice) {
    // A card turned shows what the deck held: it cannot be taken back either.
    return core::play_on_copy<Played>(
        s, check(ctx, s, c), dice, [&](GameState& next, core::Dice& d) { return apply_checked(ctx, next, c, d); },
        [&](const Events&) { return std::holds_alternative<cmd::Turn>(c); });
}

std::optional<Command> random_legal(const Context& ctx, const GameState& s, core::Dice& chooser,
                                    std::size_t* listed) {
    auto legal = legal_commands(ctx, s);
    if (listed) *listed = legal.size();
    if (legal.size() < 2) return std::nullopt;  // nothing but conceding (or the game is over)
    return legal[static_cast<std::size_t>(chooser.pick(static_cast<int>(legal.size()) - 1, core::RollPurpose::Other))];
}

std::vector<Command> legal_commands(const Context& ctx, const GameState& s) {
    std::vector<Command> out;
    if (s.decision == Decision::Over) return out;
    const Side me = s.decider;
    const auto add = [&](const Command& c) {
        if (!check(ctx, s, c)) out.push_back(c);
    };
    switch (s.decision) {
        case Decision::Choose:
            out.push_back(cmd::First{});
            out.push_back(cmd::Second{});
            break;
        case Decision::Stubborn:
        case Decision::KeepMove:
            out.push_back(cmd::Stubborn{});
            out.push_back(cmd::Accept{});
            break;
        case Decision::Follow:
            out.push_back(cmd::Follow{});
            add(cmd::Stay{});
            break;
        case Decision::RallyBack:
            for (int n = 0; n <= s.rally_max; ++n)
                out.push_back(cmd::Back{static_cast<std::uint8_t>(n)});
            break;
        case Decision::React:
        case Decision::Act:
            if (s.decision == Decision::React) out.push_back(cmd::Hold{});
            for (std::size_t u = 0; u < s.unit_count; ++u) {
                if (!own(s, u, me) || !s.units[u].loaded) continue;
                for (std::size_t t = 0; t < s.unit_count; ++t) {
                    if (s.units[t].side != me && can_shoot(ctx, s, u, t)) {
                        out.push_back(
                            cmd::Shoot{static_cast<std::uint8_t>(u), static_cast<std::uint8_t>(t)});
                    }
                }
            }
            if (s.decision == Decision::React) break;
            add(cmd::Turn{});
            add(cmd::Done{});
            if (!s.card) break;
            // Each card's own commands only: the rest would all be refused.
            switch (*s.card) {
                case CardKind::March:
                case CardKind::CavalryMarch:
                    for (std::size_t k = 0; k < ctx.army(me).commands.size(); ++k)
                        add(cmd::Activate{static_cast<std::uint8_t>(k)});
                    break;
                case CardKind::GroupMelee:
                    for (std::size_t k = 0; k < ctx.army(me).commands.size(); ++k)
                        add(cmd::Nominate{static_cast<std::uint8_t>(k)});
                    break;
                case CardKind::Reload:
                    add(cmd::Reload{});
                    break;
                default:
                    break;
            }
            for (std::size_t u = 0; u < s.unit_count; ++u) {
                if (!own(s, u, me)) continue;
                const auto uu = static_cast<std::uint8_t>(u);
                const Unit& unit = s.units[u];
                if (unit.melee >= 0) add(cmd::Fight{uu});
                if (*s.card == CardKind::Command) add(cmd::Rally{uu});
                if (*s.card == CardKind::ArtilleryAction)
                    add(cmd::Reload{static_cast<std::int8_t>(u)});
                if (*s.card == CardKind::FormationChange) {
                    for (const Facing f : core::kAllFacings) add(cmd::Face{uu, f});
                }
                if (!may_move(ctx, s, unit)) continue;
                // Moves are listed as check_move allows them: a wheel in place, and every square
                // one move reaches (checked against validate by the random-play test).
                const bool skirmish = is_skirmisher(ctx, unit);
                for (const Facing f : core::kAllFacings) {
                    if (f != unit.facing && (skirmish || core::turn_steps(unit.facing, f) == 1)) {
                        out.push_back(cmd::Move{uu, unit.sq, f});
                    }
                }
                for (const Reach& r : reach(ctx, s, u)) {
                    if (unit.melee >= 0 && unit_at(s, r.to, other(me))) continue;
                    if (skirmish) {
                        for (const Facing f : core::kAllFacings)
                            out.push_back(cmd::Move{uu, r.to, f});
                    } else {
                        out.push_back(cmd::Move{uu, r.to, unit.facing});
                    }
                }
            }
            break;
        case Decision::Over:
            break;
    }
    out.push_back(cmd::Concede{});
    return out;
}

std::string unit_label(const Context& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const char glyph = type_of(ctx, u).glyph;
    int n = 0;
    for (std::size_t i = 0; i <= unit; ++i) {
        const Unit& o = s.units[i];
        n += o.side == u.side && type_of(ctx, o).glyph == glyph;
    }
    return std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(glyph)))) +
           std::to_string(n);
}

std::string print(const Context& ctx, const GameState& s, const Command& c) {
    const auto label = [&](std::size_t u) { return unit_label(ctx, s, u); };
    // A group the side does not have (a command of another side's decision, printed now) is
    // named by its number: text that does not parse, never a read past the army's list.
    const auto command_id = [&](Side side, std::size_t k) {
        const auto& groups = ctx.army(side).commands;
        return k < groups.size() ? groups[k].id : "#" + std::to_string(k);
    };
    return std::visit(
        core::Overloaded{
            [](const cmd::First&) -> std::string { return "first"; },
            [](const cmd::Second&) -> std::string { return "second"; },
            [](const cmd::Turn&) -> std::string { return "turn"; },
            [](const cmd::Done&) -> std::string { return "done"; },
            [&](const cmd::Activate& a) { return "activate " + command_id(s.decider, a.command); },
            [&](const cmd::Move& m) {
                return "move " + label(m.unit) + " " + core::to_string(m.to) + " " +
                       std::string(core::to_string(m.facing));
            },
            [&](const cmd::Fight& f) { return "fight " + label(f.unit); },
            [&](const cmd::Shoot& sh) {
                return "shoot " + label(sh.unit) + " " + label(sh.target);
            },
            [&](const cmd::Reload& r) {
                return r.unit < 0 ? std::string("reload")
                                  : "reload " + label(static_cast<std::size_t>(r.unit));
            },
            [&](const cmd::Rally& r) { return "rally " + label(r.unit); },
            [](const cmd::Back& b) { return "back " + std::to_string(b.ui); },
            [&](const cmd::Nominate& n) { return "nominate " + command_id(s.decider, n.command); },
            [&](const cmd::Face& f) {
                return "face " + label(f.unit) + " " + std::string(core::to_string(f.facing));
            },
            [](const cmd::Stubborn&) -> std::string { return "stubborn"; },
            [](const cmd::Accept&) -> std::string { return "accept"; },
            [](const cmd::Follow&) -> std::string { return "follow"; },
            [](const cmd::Stay&) -> std::string { return "stay"; },
            [](const cmd::Hold&) -> std::string { return "hold"; },
            [](const cmd::Concede&) -> std::string { return "concede"; },
        },
        c);
}

using core::same_word;

std::variant<Command, std::string> parse(const Context& ctx, const GameState& s, Side side,
                                         std::string_view text) {
    const auto w = core::split_words(text);
    if (w.empty()) return std::string("an empty command");
    const auto unit = [&](std::string_view label, Side of) -> std::optional<std::uint8_t> {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            if (s.units[i].side == of && same_word(unit_label(ctx, s, i), label))
                return static_cast<std::uint8_t>(i);
        }
        return std::nullopt;
    };
    const auto command = [&](std::string_view id) -> std::optional<std::uint8_t> {
        const auto& cs = ctx.army(side).commands;
        for (std::size_t k = 0; k < cs.size(); ++k) {
            if (same_word(cs[k].id, id)) return static_cast<std::uint8_t>(k);
        }
        return std::nullopt;
    };
    const std::string_view verb = w[0];
    const auto arity = [&](std::size_t n) { return w.size() == n; };
    const auto bare = [&](std::string_view name, Command c) -> std::optional<Command> {
        if (same_word(verb, name) && arity(1)) return c;
        return std::nullopt;
    };
    for (const auto& c :
         {bare("first", cmd::First{}), bare("second", cmd::Second{}), bare("turn", cmd::Turn{}),
          bare("done", cmd::Done{}), bare("stubborn", cmd::Stubborn{}),
          bare("accept", cmd::Accept{}), bare("follow", cmd::Follow{}), bare("stay", cmd::Stay{}),
          bare("hold", cmd::Hold{}), bare("concede", cmd::Concede{}),
          bare("reload", cmd::Reload{})}) {
        if (c) return *c;
    }
    const std::string usage = "unknown command: " + std::string(text);
    if ((same_word(verb, "activate") || same_word(verb, "nominate")) && arity(2)) {
        const auto k = command(w[1]);
        if (!k) return "no command '" + std::string(w[1]) + "' in your army";
        if (same_word(verb, "activate")) return Command{cmd::Activate{*k}};
        return Command{cmd::Nominate{*k}};
    }
    if (same_word(verb, "back") && arity(2)) {
        int n = -1;
        const auto r = std::from_chars(w[1].data(), w[1].data() + w[1].size(), n);
        if (r.ec != std::errc{} || r.ptr != w[1].data() + w[1].size() || n < 0 || n > 99) {
            return "not a number of UI: " + std::string(w[1]);
        }
        return Command{cmd::Back{static_cast<std::uint8_t>(n)}};
    }
    if (w.size() < 2) return usage;
    const auto me = unit(w[1], side);
    if (!me) return "no unit '" + std::string(w[1]) + "' of yours";
    if ((same_word(verb, "fight") || same_word(verb, "rally") || same_word(verb, "reload")) &&
        arity(2)) {
        if (same_word(verb, "fight")) return Command{cmd::Fight{*me}};
        if (same_word(verb, "rally")) return Command{cmd::Rally{*me}};
        return Command{cmd::Reload{static_cast<std::int8_t>(*me)}};
    }
    if (same_word(verb, "shoot") && arity(3)) {
        const auto t = unit(w[2], other(side));
        if (!t) return "no enemy unit '" + std::string(w[2]) + "'";
        return Command{cmd::Shoot{*me, *t}};
    }
    if (same_word(verb, "face") && arity(3)) {
        const auto f = core::parse_facing(w[2]);
        if (!f) return "not a facing: " + std::string(w[2]);
        return Command{cmd::Face{*me, *f}};
    }
    if (same_word(verb, "move") && (arity(3) || arity(4))) {
        const auto q = core::parse_square(w[2], s.files, s.ranks);
        if (!q) return "not a square of the board: " + std::string(w[2]);
        Facing f = s.units[*me].facing;
        if (arity(4)) {
            const auto pf = core::parse_facing(w[3]);
            if (!pf) return "not a facing: " + std::string(w[3]);
            f = *pf;
        }
        return Command{cmd::Move{*me, *q, f}};
    }
    return usage;
}

std::uint64_t state_hash(const GameState& s) {
    std::uint64_t h = 1469598103934665603ULL;
    const auto mix = [&](std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xffu;
            h *= 1099511628211ULL;
        }
    };
    mix(static_cast<std::uint64_t>(s.files));
    mix(static_cast<std::uint64_t>(s.ranks));
    for (int y = 0; y < s.ranks; ++y) {
        for (int x = 0; x < s.files; ++x)
            mix(static_cast<std::uint64_t>(s.terrain_at(core::make_square(x, y))));
    }
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        mix(static_cast<std::uint64_t>(u.side) | static_cast<std::uint64_t>(u.line) << 8 |
            static_cast<std::uint64_t>(u.command) << 16 |
            static_cast<std::uint64_t>(static_cast<std::uint8_t>(u.sq.x)) << 24 |
            static_cast<std::uint64_t>(static_cast<std::uint8_t>(u.sq.y)) << 32 |
            static_cast<std::uint64_t>(u.facing) << 40);
        mix(static_cast<std::uint64_t>(u.integrity.lost) |
            static_cast<std::uint64_t>(u.integrity.vexed) << 8 |
            static_cast<std::uint64_t>(u.on_board) << 9 |
            static_cast<std::uint64_t>(u.loaded) << 10 |
            static_cast<std::uint64_t>(u.fierce_melee) << 11 |
            static_cast<std::uint64_t>(u.acted) << 12 | static_cast<std::uint64_t>(u.moves) << 16 |
            static_cast<std::uint64_t>(static_cast<std::uint8_t>(u.melee)) << 24);
    }
    for (const Melee& m : s.melees) {
        mix(static_cast<std::uint64_t>(m.live) | static_cast<std::uint64_t>(m.a) << 8 |
            static_cast<std::uint64_t>(m.b) << 16 | static_cast<std::uint64_t>(m.started) << 24 |
            static_cast<std::uint64_t>(m.advantage ? 1 + idx(*m.advantage) : 0) << 25 |
            static_cast<std::uint64_t>(m.flank) << 28 |
            static_cast<std::uint64_t>(m.flank_turned) << 29 |
            static_cast<std::uint64_t>(m.close_skirmish) << 30 |
            static_cast<std::uint64_t>(m.fought) << 31 |
            static_cast<std::uint64_t>(m.fierce_ok) << 32);
    }
    for (const Deck& d : s.decks) {
        mix(static_cast<std::uint64_t>(d.size) | static_cast<std::uint64_t>(d.next) << 8);
        for (int i = 0; i < d.size; ++i)
            mix(static_cast<std::uint64_t>(d.cards[static_cast<std::size_t>(i)]));
    }
    for (const int c : s.chips) mix(static_cast<std::uint64_t>(c));
    mix(static_cast<std::uint64_t>(s.turn) | static_cast<std::uint64_t>(s.pips) << 16 |
        static_cast<std::uint64_t>(s.pips_left) << 24 | static_cast<std::uint64_t>(s.active) << 32 |
        static_cast<std::uint64_t>(s.second_phase) << 33 |
        static_cast<std::uint64_t>(s.chooser) << 34 |
        static_cast<std::uint64_t>(s.card_side) << 35 |
        static_cast<std::uint64_t>(s.decision) << 40 | static_cast<std::uint64_t>(s.decider) << 48);
    mix(s.card ? 1 + static_cast<std::uint64_t>(*s.card) : 0);
    mix(static_cast<std::uint64_t>(s.activated) | static_cast<std::uint64_t>(s.rallied) << 8 |
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.nominated)) << 16 |
        static_cast<std::uint64_t>(s.reloaded) << 24 | static_cast<std::uint64_t>(s.faced) << 25 |
        static_cast<std::uint64_t>(s.react_open) << 26 |
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.pending_unit)) << 32 |
        static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.rally_max)) << 40);
    mix(static_cast<std::uint64_t>(s.end));
    return h;
}

}  // namespace tercio::hbl
