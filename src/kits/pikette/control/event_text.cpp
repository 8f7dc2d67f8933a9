#include "core/overloaded.hpp"
#include "kits/pikette/control/event_text.hpp"

#include <algorithm>
#include <variant>

namespace tercio::control {

using namespace rules;

namespace {

/// "1 pip", "3 pips".
std::string pips_text(int n) { return std::to_string(n) + (n == 1 ? " pip" : " pips"); }

using core::Overloaded;

std::string sq(core::Square s) { return core::to_string(s); }
std::string side_letter_str(Side s) { return std::string(1, side_letter(s)); }

/// "no hits", "1 hit", "2 hits".
std::string count_text(int n, const char* one, const char* many) {
    if (n == 0) return std::string("no ") + many;
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// "UP 1", "DOWN 2".
std::string steps_text(int steps) {
    return steps >= 0 ? "UP " + std::to_string(steps) : "DOWN " + std::to_string(-steps);
}

/// The band of a result table whose lowest difference is `band_min`: "1-2", "3-5", "6-8", "9+".
std::string band_label(const std::vector<ResultBand>& bands, int band_min) {
    const ResultBand* b = Ruleset::band_for(bands, band_min);
    if (b == nullptr || b->min != band_min) return std::to_string(band_min) + "+";
    if (!b->max) return std::to_string(b->min) + "+";
    if (*b->max == b->min) return std::to_string(b->min);
    return std::to_string(b->min) + "-" + std::to_string(*b->max);
}

/// The hits a melee loser takes in the band starting at `band_min` (PS-MELEE-13).
int melee_hits(const RulesContext& ctx, int band_min) {
    const ResultBand* b = Ruleset::band_for(ctx.rs().melee_bands, band_min);
    return b != nullptr ? b->hits : 0;
}

/// ", Disordered" or ", Routed" after a result; nothing for no status.
std::string status_suffix(Status st) {
    switch (st) {
        case Status::Disordered: return ", Disordered";
        case Status::Routed: return ", Routed";
        case Status::None: break;
    }
    return "";
}

/// After a Routed result, what the unit does instead when it does not rout, so that the line
/// agrees with the status line that follows it; "" for a unit that routs.
std::string rout_instead(const RulesContext& ctx, const GameState& s, std::size_t unit, bool shot) {
    const Unit& u = s.units[unit];
    const TroopType& t = ctx.type(u);
    if (u.traits.contains(Trait::NeverRouts))
        return ", but it never routs: Disordered instead (PS-PHALANX-5)";
    if (t.has(Ability::Phalanx))
        return ", but a phalanx does not rout: it loses a stand and is Disordered (PS-PHALANX-4)";
    if (t.has(Ability::Tercio)) {
        return shot ? ", but a tercio does not rout: it loses a stand, not Disordered (PS-TERCIO-7)"
                    : ", but a tercio does not rout: it loses a stand and is Disordered "
                      "(PS-TERCIO-8)";
    }
    return "";
}

const char* unit_status_word(UnitStatus st) {
    switch (st) {
        case UnitStatus::Ok: return "OK";
        case UnitStatus::Disordered: return "Disordered";
        case UnitStatus::Routed: return "Routed";
        case UnitStatus::Destroyed: return "Destroyed";
        case UnitStatus::LeftTable: return "off the table";
    }
    return "?";
}

const char* chip_loss_words(ChipLoss why) {
    switch (why) {
        case ChipLoss::StandDestroyed: return "stand destroyed";
        case ChipLoss::UnitRouted: return "unit routed";
        case ChipLoss::Chipping: return "chipping";
        case ChipLoss::Rallying: return "rallying";
    }
    return "?";
}

/// "d8 7": the final die and its natural result.
std::string rolled(const ModifiedRoll& r) { return core::to_string(r.final) + " " + std::to_string(r.natural); }

/// "d8 7 vs d6 2: " for a roll against a plain D6, with "a tie, " when equal.
std::string against_d6(const ModifiedRoll& r, int d6) {
    return rolled(r) + " vs d6 " + std::to_string(d6) + (r.natural == d6 ? ": a tie, " : ": ");
}

}  // namespace

std::string side_name(const RulesContext& ctx, Side side) {
    return side_letter_str(side) + " (" + ctx.army(side).name + ")";
}

std::string unit_title(const RulesContext& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const UnitLine& line = roster_line(ctx.army(u.side), u.line);
    if (u.upgrade != kNone && ctx.army(u.side).upgrades[u.upgrade].name)
        return *ctx.army(u.side).upgrades[u.upgrade].name;
    if (!line.name.empty()) return line.name;
    return ctx.type(u).name;
}

std::string unit_name(const RulesContext& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    // The side first, always: both sides may have an L1 (as Hell Broke Loose's "A P1").
    return side_letter_str(u.side) + " " + unit_label(ctx, s, unit) + " " +
           unit_title(ctx, s, unit);
}

std::string describe(const RulesContext& ctx, const GameState& s, const Event& e) {
    return std::visit(
        Overloaded{
            [&](const DiceRolled& x) {
                return side_letter_str(x.side) + " rolls " + core::to_string(x.die) + " for " +
                       std::string(core::to_string(x.purpose)) + ": " + std::to_string(x.natural);
            },
            [&](const UpgradeRolled& x) {
                const ArmyList& army = ctx.army(x.side);
                const Upgrade& up = army.upgrades[x.upgrade];
                // The player's words, never a file's ids: the line's name or its troop type's.
                const auto line_words = [&](const UnitLine* l, const std::string& id) {
                    if (l == nullptr) return id;
                    if (!l->name.empty()) return l->name;
                    const TroopType* t = ctx.rs().find_type(l->type);
                    return t != nullptr ? t->name : l->type;
                };
                const std::string unit = line_words(army.find_line(up.unit), up.unit);
                std::string what;
                if (up.replace_with) {
                    what = "replace " + unit + " with " +
                           line_words(&*up.replace_with, up.replace_with->type);
                } else if (up.name) {
                    what = *up.name;
                } else if (up.fight) {
                    what = unit + " fight with " + core::to_string(*up.fight);
                } else {
                    what = unit + " upgraded";
                }
                return side_name(ctx, x.side) + " upgrade roll " + core::to_string(up.die) + ": " +
                       std::to_string(x.roll) + " (" + std::to_string(up.on_low) + "-" +
                       std::to_string(up.on_high) + " needed) - " + (x.success ? "yes: " + what : "no change");
            },
            [&](const ExtraUnitRolled& x) {
                if (!x.chosen) {
                    return side_name(ctx, x.side) + " extra unit roll: " + std::to_string(x.roll) +
                           " - a choice to make";
                }
                const UnitLine& l = roster_line(ctx.army(x.side), x.line);
                return side_name(ctx, x.side) + " extra unit roll: " + std::to_string(x.roll) + " - gains " +
                       (l.name.empty() ? ctx.rs().find_type(l.type)->name : l.name);
            },
            [&](const ExtraCardChosen& x) {
                return side_name(ctx, x.side) + " takes an extra " + std::string(card_title(x.card)) + " card";
            },
            [&](const MoraleChipsRolled& x) {
                return side_name(ctx, x.side) + " morale chips: rolled " + std::to_string(x.roll) + ", " +
                       std::to_string(x.chips) + " chips";
            },
            [&](const NightfallRolled& x) {
                return "Nightfall roll " + std::to_string(x.roll) + ": the battle ends after turn " +
                       std::to_string(x.turn);
            },
            [&](const DeckShuffled& x) { return side_name(ctx, x.side) + " shuffles its deck"; },
            [&](const TerrainAllotted& x) {
                return "Terrain roll: A " + std::to_string(x.roll_a) + ", B " + std::to_string(x.roll_b) +
                       " - A places " + std::to_string(x.pieces_a) + ", B places " + std::to_string(x.pieces_b);
            },
            [&](const TerrainPlaced& x) {
                return side_letter_str(x.side) + " places " + std::string(to_string(x.kind)) + " at " + sq(x.first) +
                       (x.count == 2 ? " (2 squares)" : "");
            },
            [&](const TerrainAdjusted& x) {
                return side_letter_str(x.side) +
                       (x.removed ? " tries to remove the piece at " + sq(x.from)
                                  : " tries to move its piece at " + sq(x.from) + " to the centre") +
                       ": rolled " + std::to_string(x.roll) +
                       (x.success ? (x.removed ? " - removed" : " - moved to " + sq(x.to)) : " - stays (6 needed)");
            },
            [&](const UnitDeployed& x) {
                return unit_name(ctx, s, x.unit) + " deploys at " + sq(x.square) + " facing " +
                       std::string(core::to_string(x.facing));
            },
            [&](const LeaderDeployed& x) {
                return side_letter_str(x.side) + " leader deploys at " + sq(x.square) + (x.attached ? ", attached" : "");
            },
            [&](const InitiativeRolled& x) {
                return "Initiative: A rolls " + std::to_string(x.roll_a) + ", B rolls " + std::to_string(x.roll_b) +
                       (x.roll_a == x.roll_b ? " - a tie" : "");
            },
            [&](const OrderChosen& x) {
                return side_letter_str(x.chooser) + " chooses: " + side_letter_str(x.first) + " goes first with " +
                       pips_text(x.first_pips) + ", " + side_letter_str(other(x.first)) + " second with " +
                       std::to_string(x.second_pips);
            },
            [&](const PhaseStarted& x) {
                // The phase's side acts with the pips; it need not be the side that won the roll
                // (the winner may have chosen to go second, PS-INIT-3).
                return "Turn " + std::to_string(s.turn) + (x.second ? ", 2nd phase: " : ", 1st phase: ") +
                       side_name(ctx, x.side) + " acts with " + pips_text(x.pips);
            },
            [&](const CardTurned& x) {
                return side_letter_str(x.side) + " turns " + std::string(card_title(x.card)) + " (" +
                       std::to_string(x.left) + " left)";
            },
            [&](const PhaseEnded& x) {
                return side_letter_str(x.side) + " ends its phase" +
                       (x.pips_lost > 0 ? " (" + pips_text(x.pips_lost) + " unused)" : "");
            },
            [&](const TurnEnded& x) {
                const char* why = x.why == TurnEnded::Why::InitiativeTie ? "initiative tie"
                                  : x.why == TurnEnded::Why::DeckOut     ? "a deck ran out"
                                                                          : "phases done";
                return "End of turn " + std::to_string(x.turn) + " (" + why + ")";
            },
            [&](const UnitMoved& x) {
                if (s.on_board(x.to))
                    return unit_name(ctx, s, x.unit) + " moves " + sq(x.from) + " -> " + sq(x.to);
                // A fall-back, rout move or evade off the board (PS-INVOL-1): no square to name.
                const char* edge = x.to.y < 0 ? "south" : x.to.y >= s.ranks ? "north" : x.to.x < 0 ? "west" : "east";
                return unit_name(ctx, s, x.unit) + " moves " + sq(x.from) + " off the " + edge + " edge";
            },
            [&](const UnitTurned& x) {
                return unit_name(ctx, s, x.unit) + " turns " + std::string(core::to_string(x.from)) + " -> " +
                       std::string(core::to_string(x.to));
            },
            [&](const MarchStarted& x) {
                return side_letter_str(x.side) + " marches: every unit moves toward the enemy";
            },
            [&](const MarchLost& x) {
                return side_letter_str(x.side) + " loses its marching option";
            },
            [&](const LeaderMoved& x) {
                return side_letter_str(x.side) + " leader moves " + sq(x.from) + " -> " + sq(x.to) +
                       (x.attached ? " and attaches" : "");
            },
            [&](const LeaderKilled& x) {
                const std::string head = side_letter_str(x.side) + " leader is killed or captured: ";
                if (x.chips_lost == 0) return head + "no morale chips left to lose";
                const std::string lost = std::to_string(x.chips_lost) + (x.chips_lost == 1 ? " morale chip" : " morale chips") + " lost";
                return head + lost + (x.chips_lost < x.rolled ? " (all it had left)" : "");
            },
            [&](const GameEnded& x) {
                const char* why = x.why == GameEnd::Nightfall ? "nightfall" : x.why == GameEnd::ArmyGone ? "an army is gone" : "concession";
                return std::string("Game over (") + why + "): A " + std::to_string(x.points_a) + " points, B " +
                       std::to_string(x.points_b) + " - " + (x.draw ? std::string("a draw") : side_name(ctx, x.winner) + " wins");
            },
            [&](const ShotResolved& x) {
                std::string out = unit_name(ctx, s, x.shooter) + " shoots " + unit_name(ctx, s, x.target) +
                                  (x.opportunity ? " with an opportunity chip" : "") + ": " + rolled(x.roll) +
                                  " vs d6 " + std::to_string(x.defence);
                if (x.diff <= 0 || x.band_min == 0) return out + ": no effect";
                out += ", difference " + std::to_string(x.diff);
                if (x.sum != x.diff) out += ", total " + std::to_string(x.sum) + " this phase";
                return out + ": " + count_text(x.new_hits, "hit", "hits") +
                       status_suffix(x.status) +
                       (x.status == Status::Routed ? rout_instead(ctx, s, x.target, true) : "");
            },
            [&](const MeleeResolved& x) {
                std::string out = unit_name(ctx, s, x.initiator) + " attacks " + unit_name(ctx, s, x.defender) +
                                  ": " + rolled(x.initiator_roll) + " vs " + rolled(x.defender_roll);
                if (x.winner == kNone) return out + ": a tie, both stay";
                out += ", difference " + std::to_string(x.diff) + ": " + unit_name(ctx, s, x.loser) + " loses";
                if (x.void_result)
                    return out +
                           ", but the result is void (a phalanx or tercio cannot be beaten by "
                           "cavalry)";
                out += ", " + count_text(melee_hits(ctx, x.band_min), "hit", "hits") + status_suffix(x.status);
                if (x.x2_rout) out += " (knights or lancers doubled infantry)";
                if (x.status == Status::Routed) out += rout_instead(ctx, s, x.loser, false);
                return out;
            },
            [&](const RoutedUnitCut& x) {
                return unit_name(ctx, s, x.attacker) + " cuts down the routed " + unit_name(ctx, s, x.target) +
                       " (no roll)";
            },
            [&](const MoraleChecked& x) {
                return unit_name(ctx, s, x.unit) + " checks morale: " + against_d6(x.roll, x.opponent) +
                       (x.failed ? "fails" : "passes");
            },
            [&](const Chipped& x) {
                return side_letter_str(x.chipper) + " chips " + unit_name(ctx, s, x.target) + ": " +
                       against_d6(x.roll, x.chipper_roll) + (x.success ? "succeeds" : "no effect");
            },
            [&](const RallyAttempted& x) {
                return side_letter_str(s.units[x.unit].side) + " rallies " + unit_name(ctx, s, x.unit) + ": " +
                       against_d6(x.roll, x.opponent) + (x.success ? "succeeds" : "fails");
            },
            [&](const LeaderChecked& x) {
                using T = LeaderChecked::Trigger;
                const std::string head = side_letter_str(x.side) + " leader check: ";
                if (!x.due) return head + "no test (his unit has not fought, no enemy can shoot at him or stands in his square)";
                const std::string because =
                    x.trigger == T::Fought ? "his unit has fought since the last check (PS-LEADER-9 a)"
                    : x.trigger == T::EnemyFire && x.shooter != kNone
                        ? unit_name(ctx, s, x.shooter) + " in " + core::to_string(s.units[x.shooter].square) +
                              " can shoot at his square (PS-LEADER-9 b)"
                        : "an enemy unit stands in his square (PS-LEADER-9 c)";
                return head + "tested because " + because + "; " + side_letter_str(x.side) + " rolls " +
                       std::to_string(x.owner_roll) + ", " +
                       side_letter_str(other(x.side)) + " rolls " + std::to_string(x.opponent_roll) + " - " +
                       (x.hit ? "the leader is hit" : "the leader is safe");
            },
            [&](const PursuitRolled& x) {
                const Side w = s.units[x.winner].side;
                return "Pursuit test for " + unit_name(ctx, s, x.winner) + ": " + side_letter_str(w) + " rolls " +
                       std::to_string(x.winner_roll) + ", " + side_letter_str(other(w)) + " rolls " +
                       std::to_string(x.loser_roll) + " - " + (x.may_stay ? "may stay" : "must pursue") +
                       (x.halted == PursuitRolled::Halt::NoPath   ? ", but the routed unit left no square to follow"
                        : x.halted == PursuitRolled::Halt::Closed ? ", but the first square of its path is closed to it"
                                                                  : "");
            },
            [&](const HitsTaken& x) {
                return unit_name(ctx, s, x.unit) + " takes " + count_text(x.hits, "hit", "hits") +
                       (x.stands_lost > 0 ? ", " + count_text(x.stands_lost, "stand", "stands") + " destroyed" : "");
            },
            [&](const StandRemoved& x) {
                return unit_name(ctx, s, x.unit) + " removes a stand instead of routing";
            },
            [&](const MoraleChipsLost& x) {
                return side_letter_str(x.side) + " loses " + count_text(x.chips, "morale chip", "morale chips") + " (" +
                       chip_loss_words(x.why) + ")";
            },
            [&](const StatusChanged& x) {
                const std::string name = unit_name(ctx, s, x.unit);
                if (x.to == UnitStatus::Destroyed) return name + " is destroyed";
                if (x.to == UnitStatus::LeftTable) return name + " leaves the table";
                return name + " becomes " + unit_status_word(x.to) + " (was " + unit_status_word(x.from) + ")";
            },
            [&](const UnitReloaded& x) { return unit_name(ctx, s, x.unit) + " reloads"; },
            [&](const LeaderDetached& x) {
                return side_letter_str(x.side) + " leader detaches from " + unit_name(ctx, s, x.unit);
            },
        },
        e);
}

std::string dice_text(const ModifiedRoll& r) {
    std::string out = core::to_string(r.base) + ", ";
    const std::size_t n = std::min<std::size_t>(r.modifier_count, ModifiedRoll::kMaxModifiers);
    if (n == 0) {
        out += "no modifiers";
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            const ModifierId m = r.modifiers[i];
            if (i > 0) out += ", ";
            out += steps_text(modifier_steps(m)) + " " + std::string(modifier_name(m)) + " (" +
                   std::string(modifier_rule(m)) + ")";
        }
        const int net = r.net();
        out += ": net " + (net == 0 ? std::string("0") : steps_text(net));
    }
    out += " -> " + core::to_string(r.final);
    const int raw = core::ladder_index(r.base) + r.net();
    if (n > 0 && (raw < 0 || raw >= core::kLadderSize)) out += " (clamped, PS-DICE-3)";
    return out;
}

std::string explain_roll(const ModifiedRoll& r) { return dice_text(r) + ", rolled " + std::to_string(r.natural); }

std::vector<std::string> explain(const RulesContext& ctx, const GameState& s, const Event& e) {
    auto roll_line = [&](std::size_t unit, const ModifiedRoll& r) {
        return unit_name(ctx, s, unit) + ": " + explain_roll(r);
    };
    return std::visit(
        Overloaded{
            [&](const ShotResolved& x) -> std::vector<std::string> {
                std::string result;
                if (x.diff <= 0 || x.band_min == 0) {
                    result = "result: no effect, the shooter's roll is not higher than the d6 (PS-SHOOT-9)";
                } else if (x.sum != x.diff) {
                    result = "result: band " + band_label(ctx.rs().shooting_bands, x.band_min) +
                             " of the shooting table for the total " + std::to_string(x.sum) +
                             " this phase (PS-SHOOT-10, PS-SHOOT-12)";
                } else {
                    result = "result: band " + band_label(ctx.rs().shooting_bands, x.band_min) +
                             " of the shooting table (PS-SHOOT-10)";
                }
                return {roll_line(x.shooter, x.roll), result};
            },
            [&](const MeleeResolved& x) -> std::vector<std::string> {
                std::string result;
                if (x.winner == kNone) {
                    result = "result: a tie on the melee table (PS-MELEE-13)";
                } else if (x.void_result) {
                    result = "result: void, a phalanx or tercio cannot be beaten by cavalry (PS-MELEE-15)";
                } else {
                    result = "result: band " + band_label(ctx.rs().melee_bands, x.band_min) +
                             " of the melee table (PS-MELEE-13)";
                    if (x.x2_rout) {
                        result += "; knights or lancers doubling infantry rout it (PS-MELEE-14)";
                    }
                }
                return {roll_line(x.initiator, x.initiator_roll), roll_line(x.defender, x.defender_roll), result};
            },
            [&](const MoraleChecked& x) -> std::vector<std::string> {
                return {roll_line(x.unit, x.roll),
                        x.failed ? "result: the opponent's d6 is higher, the check fails (PS-MORALE-1)"
                                 : "result: the opponent's d6 is not higher, the check passes (PS-MORALE-1)"};
            },
            [&](const Chipped& x) -> std::vector<std::string> {
                return {roll_line(x.target, x.roll),
                        x.success ? "result: the chipper's d6 is higher, the chip succeeds (PS-CHIP-9)"
                                  : "result: the chipper's d6 is not higher, the chip has no effect (PS-CHIP-9)"};
            },
            [&](const RallyAttempted& x) -> std::vector<std::string> {
                return {roll_line(x.unit, x.roll),
                        x.success ? "result: the unit's die is higher than the d6, the rally succeeds (PS-RALLY-4)"
                                  : "result: the unit's die is not higher than the d6, the rally fails (PS-RALLY-4)"};
            },
            [&](const LeaderChecked& x) -> std::vector<std::string> {
                // Which of the three cases made the test (the first that holds), and the roll.
                using T = LeaderChecked::Trigger;
                if (!x.due) return {};
                std::vector<std::string> out{
                    "a Leader Check card tests the leader if (a) his unit fought since the last one, (b) an enemy "
                    "unit can shoot at his square, loaded or not, or (c) an enemy unit stands in it (PS-LEADER-9)"};
                if (x.trigger == T::Fought) out.emplace_back("here (a): his unit has fought since the last check");
                if (x.trigger == T::EnemyFire && x.shooter != kNone) {
                    out.push_back("here (b): " + unit_name(ctx, s, x.shooter) + " in " +
                                  core::to_string(s.units[x.shooter].square) +
                                  " has his square in range, arc and sight (PS-LOS-6)");
                }
                if (x.trigger == T::EnemyInSquare) out.emplace_back("here (c): an enemy unit is in his square");
                out.push_back(std::string("result: ") + (x.hit ? "his side's d6 is lower, the leader is hit and lost (PS-LEADER-9)"
                                                               : "his side's d6 is not lower, the leader is safe (PS-LEADER-9)"));
                return out;
            },
            [&](const auto&) { return std::vector<std::string>{}; },
        },
        e);
}

}  // namespace tercio::control
