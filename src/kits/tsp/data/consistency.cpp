// The invariants of a Sword and the Pike state (consistency.hpp). Each check guards the ones after
// it that would index with what it checked, so that a hostile position cannot make this read out
// of bounds either.
#include "kits/tsp/data/consistency.hpp"

#include <algorithm>
#include <array>

namespace tercio::tsp {

std::vector<OfficerSlot> officer_slots(const Context& ctx) {
    std::vector<OfficerSlot> out;
    for (const Side side : {Side::A, Side::B}) {
        const auto& officers = ctx.army(side).officers;
        for (std::size_t i = 0; i < officers.size() && out.size() < 2 * static_cast<std::size_t>(kMaxFieldOfficers); ++i)
            out.push_back(OfficerSlot{side, i});
    }
    return out;
}

LineShape line_shape(const Ruleset& rs, const UnitLine& line) {
    LineShape out;
    const TroopType* type = rs.find_type(line.type);
    out.companies = std::clamp(type ? type->companies : 1, 1, kMaxCompanies);
    out.attached = static_cast<int>(std::min(line.attached.size(), static_cast<std::size_t>(kMaxAttached)));
    out.start_figures = line.figures;
    for (int j = 0; j < out.attached; ++j) out.start_figures += line.attached[static_cast<std::size_t>(j)].figures;
    return out;
}

namespace {

using core::idx;

class Checker {
  public:
    Checker(const Context& ctx, const GameState& s) : ctx_(ctx), s_(s) {}

    std::vector<Inconsistency> run() {
        if (s_.unit_count > kMaxUnits) {
            add(Field::UnitLine, 0, "more than " + std::to_string(kMaxUnits) + " units");
            return out_;
        }
        units();
        if (!out_.empty()) return out_;  // the rest reads units by their lines and indexes
        officers();
        board();
        combats();
        decks();
        game();
        if (out_.empty() && !s_.over()) something_to_do();
        return out_;
    }

  private:
    void add(Field f, std::size_t i, std::string message) {
        out_.push_back(Inconsistency{f, i, std::move(message)});
    }
    bool unit_ok(int u) const { return u >= 0 && u < s_.unit_count; }
    std::string label(std::size_t u) const { return unit_label(ctx_, s_, u); }

    void units() {
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            const ArmyList& army = ctx_.army(u.side);
            if (u.line >= army.units.size()) {
                add(Field::UnitLine, i, "no line " + std::to_string(u.line + 1) + " in army " + army.id);
                continue;
            }
            const UnitLine& l = army.units[u.line];
            const TroopType* t = ctx_.rs().find_type(l.type);
            if (!t || u.type != t - ctx_.rs().troop_types.data()) {
                add(Field::UnitLine, i, "the unit's troop type must be that of its line " + l.id);
                continue;
            }
            const LineShape shape = line_shape(ctx_.rs(), l);
            if (u.start_figures != shape.start_figures) {
                add(Field::UnitLine, i, "the unit's start figures must be those of its line " + l.id + " (" +
                                            std::to_string(shape.start_figures) + ")");
            }
            for (int c = 0; c < kAllCompanies; ++c) {
                const bool exists = c < kMaxCompanies ? c < shape.companies : c - kMaxCompanies < shape.attached;
                if (!exists && (u.figures[static_cast<std::size_t>(c)] != 0 || ((u.leaders >> c) & 1) != 0)) {
                    add(Field::UnitFigures, i, "figures or a leader in a company the unit's line " + l.id + " does not have");
                    break;
                }
            }
            if ((u.leaders >> kAllCompanies) != 0)
                add(Field::UnitFigures, i, "a leader in a company the unit's line " + l.id + " does not have");
            if (std::find(t->orders.begin(), t->orders.end(), u.order) == t->orders.end())
                add(Field::UnitOrder, i, std::string("a unit of ") + t->name + " cannot take " +
                                             std::string(to_string(u.order)) + " order (TSP-TYPE-1)");
            if (u.total() > u.start_figures)
                add(Field::UnitFigures, i, "more figures than the " + std::to_string(u.start_figures) + " the unit started with");
            if (!unit_ok(u.charging) && u.charging != -1) add(Field::UnitCharging, i, "no such unit");
            if (!unit_ok(u.combat) && u.combat != -1) add(Field::UnitCombat, i, "no such unit");
            if (u.shots > 2) add(Field::UnitShots, i, "Reiters shoot at most twice a turn (TSP-AMB-16)");
            if (u.routed_turn < -1 || u.routed_turn > s_.turn)
                add(Field::UnitRoutedTurn, i, "a unit routs in a turn from 1 to the turn now");
            else if (u.status == Status::Routed && u.routed_turn < 1)
                add(Field::UnitRoutedTurn, i, "a Routed unit says the turn it routed (TSP-ROUT-1)");
            if (u.dismounted && !may_dismount(ctx_, u))
                add(Field::UnitDismounted, i, "only light horse with arquebus or crossbow dismount (TSP-MOVE-4)");
            else if (u.dismounted && !s_.option(kDismounting))
                add(Field::UnitDismounted, i, "a unit dismounts only in a game with the option dismounting (TSP-MOVE-4)");
        }
    }

    void officers() {
        const std::vector<OfficerSlot> slots = officer_slots(ctx_);
        if (s_.officer_count != slots.size() || s_.officer_count > s_.officers.size()) {
            add(Field::Officer, 0, "the armies have " + std::to_string(slots.size()) + " field officers, not " +
                                       std::to_string(s_.officer_count));
            return;
        }
        for (std::size_t i = 0; i < s_.officer_count; ++i) {
            const FieldOfficerState& o = s_.officers[i];
            const FieldOfficer& listed = ctx_.army(slots[i].side).officers[slots[i].index];
            if (o.rank != listed.rank) add(Field::Officer, i, listed.id + " is a " + std::string(to_string(listed.rank)));
            if (o.unit != -1 && !unit_ok(o.unit)) {
                add(Field::Officer, i, "no such unit");
                continue;
            }
            if (o.unit >= 0 && s_.units[static_cast<std::size_t>(o.unit)].side != slots[i].side) {
                add(Field::Officer, i, listed.id + " is with a unit of his own side");
            } else if (o.alive && (o.unit < 0 || !s_.units[static_cast<std::size_t>(o.unit)].on_board)) {
                add(Field::Officer, i, listed.id + " is alive only with a unit on the field (TSP-GRID-3)");
            }
        }
    }

    void board() {
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            if (!u.on_board) continue;
            if (!core::on_board(u.sq, s_.files, s_.ranks)) {
                add(Field::UnitSquare, i, label(i) + " stands off the board");
                continue;
            }
            if (u.total() == 0) add(Field::UnitFigures, i, label(i) + " has no figures left but is still on the field");
            for (std::size_t j = 0; j < i; ++j) {
                const Unit& v = s_.units[j];
                if (!v.on_board || !(v.sq == u.sq)) continue;
                if (v.side == u.side) {
                    add(Field::UnitSquare, i, label(i) + " shares its square with " + label(j) +
                                                  " of its own side (TSP-GRID-1)");
                } else if (u.combat != static_cast<int>(j) || v.combat != static_cast<int>(i)) {
                    add(Field::UnitSquare, i, label(i) + " shares its square with " + label(j) +
                                                  " but they are not in close combat (TSP-GRID-3)");
                }
            }
        }
    }

    void combats() {
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            if (u.combat >= 0) {
                const Unit& foe = s_.units[static_cast<std::size_t>(u.combat)];
                if (!u.on_board || !foe.on_board) add(Field::UnitCombat, i, "a close combat is between two units on the field");
                else if (foe.side == u.side) add(Field::UnitCombat, i, "a close combat is between the two sides");
                else if (foe.combat != static_cast<int>(i))
                    add(Field::UnitCombat, i, "the enemy in close combat with " + label(i) + " must be in close combat with it");
                else if (u.status == Status::Routed) add(Field::UnitCombat, i, "a Routed unit is in no close combat (TSP-ROUT-1)");
            }
            if (u.charging >= 0) {
                const Unit& t = s_.units[static_cast<std::size_t>(u.charging)];
                if (!u.on_board || !t.on_board) add(Field::UnitCharging, i, "a charge is between two units on the field");
                else if (t.side == u.side) add(Field::UnitCharging, i, "a unit charges the enemy");
            }
        }
    }

    void decks() {
        for (std::size_t k = 0; k < 2; ++k) {
            const Deck& d = k == 0 ? s_.activation : s_.casualty;
            std::array<bool, kDeckSize> seen{};
            bool whole = true;
            for (const std::uint8_t c : d.cards) {
                if (c >= kDeckSize || seen[c]) {
                    whole = false;
                    break;
                }
                seen[c] = true;
            }
            if (!whole) add(Field::Deck, k, "a deck holds each of the 52 cards once (TSP-CARD-1)");
            if (d.next > kDeckSize) add(Field::Deck, k, "more cards pulled than the deck holds");
        }
    }

    void game() {
        if (s_.options > (kQuickerMovement | kLightRain | kBrigadeMovement | kDismounting))
            add(Field::Options, 0, "no such option");
        if (s_.turn < 1 || s_.turn > kTurnLimit)
            add(Field::Turn, 0, "the turn must be from 1 to " + std::to_string(kTurnLimit));
        for (const Side side : {Side::A, Side::B}) {
            const std::size_t i = idx(side);
            int units = 0;
            for (std::size_t u = 0; u < s_.unit_count; ++u) units += s_.units[u].side == side;
            if (s_.start_units[i] != units)
                add(Field::StartUnits, i, "the side has " + std::to_string(units) + " units in the game (TSP-SPIRIT-1)");
            if (s_.spirit_failures[i] > (s_.over() ? 3 : 2))
                add(Field::SpiritFailures, i, "a side failing its spirit test three turns running has lost (TSP-SPIRIT-4)");
        }
        if (s_.over() != (s_.end != EndReason::None)) {
            add(Field::End, 0, s_.over() ? "a game that is over says why it ended" : "the game has not ended: end must be none");
        }
        if (!s_.over() && s_.winner) add(Field::End, 0, "a game that goes on has no winner yet");
        if (!out_.empty()) return;
        if (s_.brigade != -1 && s_.decision != Decision::Move)
            add(Field::Brigade, 0, "a brigade moves only while one of its units has a move to make (TSP-CARD-3)");
        if (s_.over()) {
            if (s_.card) add(Field::Card, 0, "a game that is over has no card in play");
            if (s_.active >= 0) add(Field::Active, 0, "a game that is over has no unit activated");
            return;
        }
        if (!s_.card) {
            add(Field::Card, 0, "a game that goes on has a card in play");
            return;
        }
        const Deck& d = s_.activation;
        if (d.next < 1 || d.cards[static_cast<std::size_t>(d.next - 1)] != *s_.card) {
            add(Field::Card, 0, "the card in play is the last one pulled from the activation deck");
        }
        if (s_.card_side != card_side(*s_.card)) add(Field::Card, 0, "a red card is side a's and a black one side b's (TSP-CARD-1)");
        if (s_.decider != s_.card_side) add(Field::Decider, 0, "the side deciding is the one whose card is in play");
        const bool fire = s_.decision == Decision::Fire;
        if (fire != (s_.step == Step::Fire))
            add(Field::Step, 0, fire ? "a unit fires in the fire phase" : "a unit is activated and moves in the movement phase");
        if (s_.decision == Decision::Move) {
            if (!unit_ok(s_.active)) {
                add(Field::Active, 0, "this decision needs the unit activated");
                return;
            }
            const Unit& u = s_.units[static_cast<std::size_t>(s_.active)];
            if (u.side != s_.decider || !u.on_board || !u.acted)
                add(Field::Active, 0, "the unit activated is the deciding side's, on the field, and has had its chance");
            if (s_.brigade != -1 && (s_.brigade != brigade_of(ctx_, s_, static_cast<std::size_t>(s_.active)) || s_.move_inches == 0))
                add(Field::Brigade, 0, "the brigade moving is the active unit's, with its roll made (TSP-CARD-3)");
        } else {
            if (s_.active != -1) add(Field::Active, 0, "no unit is activated before a unit is chosen");
            if (s_.activations_left < 1) add(Field::ActivationsLeft, 0, "the card in play activates at least one more unit");
        }
    }

    void something_to_do() {
        const auto legal = legal_commands(ctx_, s_);
        const bool only_concede = std::all_of(legal.begin(), legal.end(), [](const Command& c) {
            return std::holds_alternative<cmd::Concede>(c);
        });
        if (only_concede) add(Field::Decision, 0, "the deciding side has nothing it may do but concede");
    }

    const Context& ctx_;
    const GameState& s_;
    std::vector<Inconsistency> out_;
};

}  // namespace

std::vector<Inconsistency> check_consistent(const Context& ctx, const GameState& s) {
    return Checker(ctx, s).run();
}

}  // namespace tercio::tsp
