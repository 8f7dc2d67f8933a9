// Turns, initiative, phases, cards and pips (PS-TURN, PS-INIT, PS-PIP, PS-CARD), and the end of
// the game (PS-VICTORY).
#include <algorithm>
#include <variant>

#include "rules/engine_detail.hpp"

namespace tercio::rules {

int victory_points(const RulesContext& ctx, const GameState& s, Side side) {
    (void)ctx;
    // PS-VICTORY-3: 2 for a living leader, 2 per stand of an OK unit, 1 per stand of a
    // Disordered unit, nothing for Routed, Destroyed or departed units. Damaged stands count in
    // full (PS-VICTORY-5).
    int points = s.leaders[idx(side)].alive ? 2 : 0;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.side != side || !u.on_table()) continue;
        if (u.status == UnitStatus::Ok) points += 2 * u.stand_count();
        if (u.status == UnitStatus::Disordered) points += u.stand_count();
    }
    return points;
}

namespace detail {

void shuffle(Deck& d, core::Dice& dice) {
    // Fisher-Yates with the game's dice (PS-DICE-9); every card goes back in (PS-TURN-3).
    d.drawn = 0;
    for (int i = d.size - 1; i > 0; --i) {
        const int j = dice.pick(i + 1, core::RollPurpose::Shuffle);
        std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(j)]);
    }
}

void end_game(const RulesContext& ctx, GameState& s, GameEnd why, Events& ev) {
    s.end = why;
    s.decision = Decision::GameOver;
    s.move = MoveInProgress{};
    s.marching = false;
    GameEnded e{why, victory_points(ctx, s, Side::A), victory_points(ctx, s, Side::B), false, Side::A};
    if (why == GameEnd::Concession) {
        e.winner = other(s.conceded);  // PS-VICTORY-4: a concession overrides the points
    } else if (e.points_a == e.points_b) {
        e.draw = true;
    } else {
        e.winner = e.points_a > e.points_b ? Side::A : Side::B;
    }
    ev.push_back(e);
}

bool check_army_gone(const RulesContext& ctx, GameState& s, Events& ev) {
    // PS-VICTORY-2: the game ends at once when a side has no units on the table.
    if (s.decision == Decision::GameOver || s.turn == 0) return s.decision == Decision::GameOver;
    for (Side side : {Side::A, Side::B}) {
        // A's units come first in the list and B's after them (new_game): each side is looked
        // for from its own end, where its first unit on the table usually is.
        bool any = false;
        for (std::size_t k = 0; k < s.unit_count && !any; ++k) {
            const Unit& u = s.units[side == Side::A ? k : s.unit_count - 1 - k];
            any = u.side == side && u.on_table();
        }
        if (!any) {
            end_game(ctx, s, GameEnd::ArmyGone, ev);
            return true;
        }
    }
    return false;
}

namespace {

void start_phase(const RulesContext& ctx, GameState& s, Side side, int pips, bool second, core::Dice& dice, Events& ev) {
    // PS-INIT-5: the non-active side's opportunity chips are refilled, per-phase flags cleared.
    s.active = side;
    s.phase = second ? 1 : 0;
    s.pips = static_cast<std::uint8_t>(pips);
    s.has_current_card = false;
    s.marching = false;
    s.move = MoveInProgress{};
    s.opportunity_chips[idx(other(side))] = static_cast<std::uint8_t>(ctx.rs().opportunity_chips);
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        Unit& u = s.units[i];
        u.moved_through = false;
        u.acted = false;
        u.rallied = false;
        u.courage_due = false;
        u.shot_sum = 0;  // PS-SHOOT-12: the sums count only this phase
        u.shot_hits = 0;
        u.routed_this_phase = false;
    }
    for (auto& l : s.leaders) l.acted = false;
    s.react_window = ReactWindow::None;
    s.window_due = ReactWindow::None;
    s.chip_target = kNone;
    s.choice_unit = kNone;
    s.decision = Decision::Act;
    s.decider = side;
    ev.push_back(PhaseStarted{side, pips, second});
    start_of_phase_routs(ctx, s, dice, ev);  // PS-INIT-5 step 3, PS-ROUT-3
    settle(ctx, s, dice, ev);
}

void end_turn(const RulesContext& ctx, GameState& s, TurnEnded::Why why, core::Dice& dice, Events& ev) {
    ev.push_back(TurnEnded{s.turn, why});
    s.has_current_card = false;
    s.marching = false;
    s.move = MoveInProgress{};
    // PS-TURN-3, PS-VICTORY-1: nightfall ends the game when turn N ends.
    if (s.turn >= s.nightfall_turn) {
        end_game(ctx, s, GameEnd::Nightfall, ev);
        return;
    }
    ++s.turn;
    for (Side side : {Side::A, Side::B}) {
        shuffle(s.decks[idx(side)], dice);
        ev.push_back(DeckShuffled{side});
    }
    roll_initiative(ctx, s, dice, ev);
}

}  // namespace

void roll_initiative(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    // PS-INIT-1: both roll a D12, A first (PS-DICE-8).
    const int a = dice.roll(core::DieType::D12, core::RollPurpose::Initiative);
    const int b = dice.roll(core::DieType::D12, core::RollPurpose::Initiative);
    s.initiative_roll = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
    ev.push_back(InitiativeRolled{a, b});
    if (a == b) {
        // PS-INIT-3: a tie ends the turn, even on its first roll.
        end_turn(ctx, s, TurnEnded::Why::InitiativeTie, dice, ev);
        return;
    }
    s.decision = Decision::InitiativeChoice;
    s.decider = a > b ? Side::A : Side::B;
}

namespace {

/// PS-MARCH-5 (b): leaving an Infantry or Cavalry Move card without marching on it loses the
/// marching option for good.
void leave_card(GameState& s, Events& ev) {
    const CardKind* c = s.current_card();
    if (c && (*c == CardKind::InfantryMove || *c == CardKind::CavalryMove) && !s.marched_on_card &&
        s.march_option[idx(s.active)]) {
        s.march_option[idx(s.active)] = false;
        ev.push_back(MarchLost{s.active});
    }
    s.marched_on_card = false;
}

/// PS-CARD-12 (option command_indecision): the active player's remaining pips are lost and the
/// current initiative ends at once, second phase or not; a new initiative roll follows. The turn
/// goes on, unless that card was the last of the deck (PS-TURN-4).
void command_indecision(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    ev.push_back(PhaseEnded{s.active, s.pips});
    s.pips = 0;
    s.has_current_card = false;
    const Deck& d = s.decks[idx(s.active)];
    if (d.drawn >= d.size) {
        end_turn(ctx, s, TurnEnded::Why::DeckOut, dice, ev);
        return;
    }
    roll_initiative(ctx, s, dice, ev);
}

}  // namespace

void end_phase(const RulesContext& ctx, GameState& s, core::Dice& dice, Events& ev) {
    leave_card(s, ev);
    ev.push_back(PhaseEnded{s.active, s.pips});
    s.pips = 0;
    const Deck& d = s.decks[idx(s.active)];
    // PS-TURN-4: once a deck is used up the turn ends when this phase ends, second phase or not.
    if (d.drawn >= d.size) {
        end_turn(ctx, s, TurnEnded::Why::DeckOut, dice, ev);
        return;
    }
    if (s.phase == 0) {
        // PS-INIT-4: the second player now has the initiative with the larger roll.
        start_phase(ctx, s, other(s.active), s.second_pips, true, dice, ev);
        return;
    }
    roll_initiative(ctx, s, dice, ev);
}

Why check_turn(const RulesContext& ctx, const GameState& s, const Command& c) {
    (void)ctx;
    return std::visit(
        Overloaded{
            [&](const ChooseOrder&) -> Why {
                if (s.decision != Decision::InitiativeChoice) return std::string("there is no initiative choice now");
                return std::nullopt;
            },
            [&](const TurnCard&) -> Why {
                if (s.decision != Decision::Act) return std::string("you may turn a card only in your own phase");
                if (s.marching) return std::string("finish the march first: every unit must move");
                if (s.pips < 1) return std::string("no pips left");
                if (s.decks[idx(s.active)].left() == 0) return std::string("your deck is used up");
                return std::nullopt;
            },
            [&](const Pass&) -> Why {
                if (s.decision != Decision::Act) return std::string("you may pass only in your own phase");
                if (s.marching) return std::string("finish the march first: every unit must move");
                return std::nullopt;
            },
            [&](const Concede&) -> Why {
                if (s.decision == Decision::GameOver) return std::string("the game is over");
                return std::nullopt;
            },
            [&](const auto&) -> Why { return std::string("not a turn command"); },
        },
        c);
}

void apply_turn(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice, Events& ev) {
    std::visit(
        Overloaded{
            [&](const ChooseOrder& x) {
                // PS-INIT-2: first takes the smaller roll as pips, second the larger.
                const int lo = std::min(s.initiative_roll[0], s.initiative_roll[1]);
                const int hi = std::max(s.initiative_roll[0], s.initiative_roll[1]);
                const Side first = x.first ? s.decider : other(s.decider);
                ev.push_back(OrderChosen{s.decider, first, lo, hi});
                s.second_pips = static_cast<std::uint8_t>(hi);
                start_phase(ctx, s, first, lo, false, dice, ev);
            },
            [&](const TurnCard&) {
                // PS-CARD-3: 1 pip turns the top card; only it can be acted on. PS-CARD-4: each
                // unit and the leader may act once per card.
                leave_card(s, ev);
                Deck& d = s.decks[idx(s.active)];
                const CardKind card = d.cards[d.drawn++];
                s.has_current_card = true;
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    s.units[i].acted = false;
                    s.units[i].rallied = false;
                }
                s.leaders[idx(s.active)].acted = false;
                ev.push_back(CardTurned{s.active, card, d.left()});
                s.pips = static_cast<std::uint8_t>(s.pips - 1);
                if (card == CardKind::CommandIndecision) {
                    command_indecision(ctx, s, dice, ev);
                    return;
                }
                // The card's compulsory checks (PS-CARD-9, PS-CARD-11), then R1 (PS-OPP-3). The
                // phase ends at 0 pips once they are done (PS-INIT-6).
                card_effects(ctx, s, card, dice, ev);
                s.window_due = ReactWindow::Card;
                settle(ctx, s, dice, ev);
            },
            [&](const Pass&) { end_phase(ctx, s, dice, ev); },
            [&](const Concede&) {
                s.conceded = s.decider;
                end_game(ctx, s, GameEnd::Concession, ev);
            },
            [&](const auto&) { throw IllegalCommand("not a turn command"); },
        },
        c);
}

void legal_turn(const RulesContext& ctx, const GameState& s, CommandSink& out) {
    if (s.decision == Decision::InitiativeChoice) {
        out.push_back(ChooseOrder{true});
        out.push_back(ChooseOrder{false});
    }
    for (const Command& c : {Command{TurnCard{}}, Command{Pass{}}}) {
        if (!check_turn(ctx, s, c)) out.push_back(c);
    }
}

}  // namespace detail
}  // namespace tercio::rules
