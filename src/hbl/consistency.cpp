// The invariants of a Hell Broke Loose state (consistency.hpp). Each check guards the ones after
// it that would index with what it checked, so that a hostile position cannot make this read out
// of bounds either.
#include "hbl/consistency.hpp"

#include <algorithm>
#include <array>

namespace tercio::hbl {

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
        sides();
        units();
        if (!out_.empty()) return out_;  // the rest indexes units and melees by what was checked
        melees();
        board();
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

    void sides() {
        for (const Side side : {Side::A, Side::B}) {
            const std::size_t i = idx(side);
            const ArmyList& army = ctx_.army(side);
            if (s_.chips_start[i] != army.morale_chips) {
                add(Field::Chips, i,
                    "the army starts with " + std::to_string(army.morale_chips) + " morale chips, not " +
                        std::to_string(s_.chips_start[i]));
            }
            if (s_.chips[i] < 0 || s_.chips[i] > s_.chips_start[i]) {
                add(Field::Chips, i,
                    std::to_string(s_.chips[i]) + " morale chips: a side has from 0 to the " +
                        std::to_string(s_.chips_start[i]) + " it started with");
            }
            const Deck& d = s_.decks[i];
            std::array<int, kCardKindCount> count{};
            for (int k = 0; k < d.size && k < kMaxDeck; ++k) ++count[static_cast<std::size_t>(d.cards[static_cast<std::size_t>(k)])];
            if (d.size != army.deck_size() || count != army.deck) {
                add(Field::Deck, i, "the deck must hold the army's " + std::to_string(army.deck_size()) +
                                        " cards, each kind as many times as the army list gives (HBL-SEQ-1)");
            }
            if (d.next > d.size) add(Field::Deck, i, "more cards turned than the deck holds");
        }
    }

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
            const CommandGroup* c = army.find_command(l.command);
            if (!t || u.type != t - ctx_.rs().troop_types.data() || !c ||
                u.command != c - army.commands.data() || u.integrity.ui != l.ui ||
                u.integrity.stubborn != l.stubborn) {
                add(Field::UnitLine, i, "the unit's type, command and UI must be those of its line " + l.id);
            }
            if (u.integrity.lost < 0) add(Field::UnitLost, i, "UI lost cannot be negative");
            if (u.melee < -1 || u.melee >= static_cast<int>(s_.melees.size())) {
                add(Field::UnitMelee, i, "no melee " + std::to_string(u.melee + 1));
            }
        }
        if (!out_.empty()) return;
        // Labels are read by type: only now that every unit's line and type are known.
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            if (!u.on_board) continue;
            if (!core::on_board(u.sq, s_.files, s_.ranks)) add(Field::UnitSquare, i, label(i) + " stands off the board");
            else if (s_.terrain_at(u.sq) == Terrain::III)
                add(Field::UnitSquare, i, label(i) + " stands in type III terrain, which no unit may enter (HBL-MOVE-3)");
            if (u.integrity.gone()) add(Field::UnitLost, i, label(i) + " has no UI left but is still on the board (HBL-UNDEF-4)");
        }
    }

    void melees() {
        for (std::size_t m = 0; m < s_.melees.size(); ++m) {
            const Melee& x = s_.melees[m];
            if (x.a >= s_.unit_count || x.b >= s_.unit_count) {
                if (x.live || x.a != 0 || x.b != 0) add(Field::MeleeUnits, m, "a unit that does not exist");
                continue;
            }
            if (!x.live) continue;
            const Unit& a = s_.units[x.a];
            const Unit& b = s_.units[x.b];
            if (a.side == b.side) add(Field::MeleeUnits, m, "a melee is between the two sides");
            else if (!a.on_board || !b.on_board) add(Field::MeleeUnits, m, "a melee's units must be on the board");
            else if (!(a.sq == b.sq)) add(Field::MeleeUnits, m, "a melee's two units share their square (HBL-GRID-3)");
            else if (a.melee != static_cast<int>(m) || b.melee != static_cast<int>(m))
                add(Field::MeleeUnits, m, "both units must name this melee as theirs");
        }
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            if (u.melee < 0) continue;
            const Melee& x = s_.melees[static_cast<std::size_t>(u.melee)];
            if (!u.on_board) add(Field::UnitMelee, i, "a unit off the board is in no melee");
            else if (!x.live || (x.a != i && x.b != i))
                add(Field::UnitMelee, i, label(i) + " is not one of the units of its melee");
        }
    }

    void board() {
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            if (!u.on_board) continue;
            for (std::size_t j = i + 1; j < s_.unit_count; ++j) {
                const Unit& v = s_.units[j];
                if (!v.on_board || !(v.sq == u.sq)) continue;
                if (v.side == u.side) {
                    add(Field::UnitSquare, j, label(j) + " shares its square with " + label(i) + " of its own side (HBL-GRID-2)");
                } else if (u.melee < 0 || u.melee != v.melee) {
                    add(Field::UnitSquare, j, label(j) + " shares its square with " + label(i) +
                                                  " but they are not in a melee (HBL-GRID-3)");
                }
            }
        }
    }

    void game() {
        if (s_.turn < 1 || s_.turn > kTurnLimit)
            add(Field::Turn, 0, "the turn must be from 1 to " + std::to_string(kTurnLimit));
        if (s_.pips < 0 || s_.pips_left < 0) {
            add(Field::Pips, 0, "pips cannot be negative");
        } else if (!s_.over() && s_.pips < 1) {
            // A phase of no pips has nothing to do: its side could only concede.
            add(Field::Pips, 0,
                "a game that goes on has at least 1 pip a phase: equal initiative rolls give none and end the turn "
                "(HBL-INIT-2, HBL-INIT-4)");
        } else if (!s_.over() && s_.pips_left > s_.pips) {
            add(Field::Pips, 0, "pips_left: a side has no more pips left than the " + std::to_string(s_.pips) +
                                    " its phase began with (HBL-INIT-2)");
        }
        const ArmyList& acting = ctx_.army(s_.card_side);
        const auto commands = acting.commands.size();
        if (commands < 8 && (s_.activated >> commands) != 0)
            add(Field::Activated, 0, "a command the army of the side acting on the card does not have");
        if (commands < 8 && (s_.rallied >> commands) != 0)
            add(Field::Rallied, 0, "a command the army of the side acting on the card does not have");
        if (s_.nominated < -1 || s_.nominated >= static_cast<int>(commands))
            add(Field::Nominated, 0, "a command the army of the side acting on the card does not have");
        if (s_.pending.melee < -1 || s_.pending.melee >= static_cast<int>(s_.melees.size()))
            add(Field::PendingMelee, 0, "no such melee");
        if (s_.pending.loser < -1 || s_.pending.loser >= s_.unit_count) add(Field::PendingLoser, 0, "no such unit");
        if (s_.pending_unit < -1 || s_.pending_unit >= s_.unit_count) add(Field::PendingUnit, 0, "no such unit");
        if (s_.over() != (s_.end != EndReason::None)) {
            add(Field::End, 0, s_.over() ? "a game that is over says why it ended" : "the game has not ended: end must be none");
        }
        if (!s_.over() && s_.winner) add(Field::End, 0, "a game that goes on has no winner yet");
        if (!out_.empty()) return;
        const auto on_board_unit = [&](int u, Field f, const char* what) {
            if (!unit_ok(u) || !s_.units[static_cast<std::size_t>(u)].on_board) {
                add(f, 0, std::string("this decision needs ") + what + ", a unit on the board");
                return false;
            }
            return true;
        };
        switch (s_.decision) {
        case Decision::React:
            if (!s_.react_open || !s_.card || s_.decider != core::other(s_.card_side)) {
                add(Field::Decision, 0, "a reaction is the other side's, while a card is in play and its window open");
            }
            break;
        case Decision::Stubborn: {
            if (s_.pending.melee < 0) {
                add(Field::PendingMelee, 0, "a stubborn choice needs the melee its round was fought in");
                break;
            }
            const Melee& m = s_.melees[static_cast<std::size_t>(s_.pending.melee)];
            if (!m.live) add(Field::PendingMelee, 0, "a stubborn choice is about a melee still being fought");
            else if (!s_.pending.stubborn_at_start[idx(s_.decider)])
                add(Field::Decider, 0, "the side asked must have had stubborn UI when the round began (HBL-UI-6)");
            break;
        }
        case Decision::Follow:
            if (on_board_unit(s_.pending_unit, Field::PendingUnit, "the winner")) {
                if (s_.units[static_cast<std::size_t>(s_.pending_unit)].side != s_.decider)
                    add(Field::PendingUnit, 0, "the winner must be the deciding side's");
            }
            if (!unit_ok(s_.pending.loser)) add(Field::PendingLoser, 0, "a follow-up needs the unit it would follow");
            break;
        case Decision::KeepMove:
            if (on_board_unit(s_.pending_unit, Field::PendingUnit, "the unit shot") &&
                s_.units[static_cast<std::size_t>(s_.pending_unit)].side != s_.decider)
                add(Field::PendingUnit, 0, "the unit shot must be the deciding side's");
            break;
        case Decision::RallyBack:
            if (on_board_unit(s_.pending_unit, Field::PendingUnit, "the unit rallied")) {
                const Unit& u = s_.units[static_cast<std::size_t>(s_.pending_unit)];
                if (u.side != s_.decider) add(Field::PendingUnit, 0, "the unit rallied must be the deciding side's");
                if (s_.rally_max < 1 || s_.rally_max > u.integrity.lost)
                    add(Field::RallyMax, 0, "from 1 to the UI the unit has lost");
            }
            break;
        case Decision::Choose:
        case Decision::Act:
        case Decision::Over:
            break;
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

}  // namespace tercio::hbl
