#include "core/overloaded.hpp"
#include "control/event_text.hpp"

#include <variant>

namespace tercio::control {

using namespace rules;

namespace {

using core::Overloaded;

std::string sq(core::Square s) { return core::to_string(s); }
std::string side_letter_str(Side s) { return std::string(1, side_letter(s)); }

}  // namespace

std::string side_name(const RulesContext& ctx, Side side) {
    return side_letter_str(side) + " (" + ctx.army(side).name + ")";
}

std::string unit_name(const RulesContext& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const UnitLine& line = roster_line(ctx.army(u.side), u.line);
    std::string name = ctx.type(u).name;
    if (u.upgrade != kNone && ctx.army(u.side).upgrades[u.upgrade].name) {
        name = *ctx.army(u.side).upgrades[u.upgrade].name;
    } else if (!line.name.empty()) {
        name = line.name;
    }
    return unit_label(ctx, s, unit) + " " + name + " (" + side_letter_str(u.side) + ")";
}

std::string describe(const RulesContext& ctx, const GameState& s, const Event& e) {
    return std::visit(
        Overloaded{
            [&](const DiceRolled& x) {
                return side_letter_str(x.side) + " rolls " + core::to_string(x.die) + " for " +
                       std::string(core::to_string(x.purpose)) + ": " + std::to_string(x.natural);
            },
            [&](const UpgradeRolled& x) {
                const Upgrade& up = ctx.army(x.side).upgrades[x.upgrade];
                const std::string what = up.replace_with ? "replace " + up.unit + " with " +
                                                               (up.replace_with->name.empty() ? up.replace_with->type : up.replace_with->name)
                                                         : (up.name ? *up.name : "upgrade " + up.unit);
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
                return side_letter_str(x.side) + (x.removed ? " tries to remove the piece at " : " tries to move its piece at ") +
                       sq(x.from) + " to the centre: rolled " + std::to_string(x.roll) +
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
                       std::to_string(x.first_pips) + " pips, " + side_letter_str(other(x.first)) + " second with " +
                       std::to_string(x.second_pips);
            },
            [&](const PhaseStarted& x) {
                return "Turn " + std::to_string(s.turn) + ": " + side_name(ctx, x.side) + " has the initiative with " +
                       std::to_string(x.pips) + " pips";
            },
            [&](const CardTurned& x) {
                return side_letter_str(x.side) + " turns " + std::string(card_title(x.card)) + " (" +
                       std::to_string(x.left) + " left)";
            },
            [&](const PhaseEnded& x) {
                return side_letter_str(x.side) + " ends its phase" +
                       (x.pips_lost > 0 ? " (" + std::to_string(x.pips_lost) + " pips unused)" : "");
            },
            [&](const TurnEnded& x) {
                const char* why = x.why == TurnEnded::Why::InitiativeTie ? "initiative tie"
                                  : x.why == TurnEnded::Why::DeckOut     ? "a deck ran out"
                                                                          : "phases done";
                return "End of turn " + std::to_string(x.turn) + " (" + why + ")";
            },
            [&](const UnitMoved& x) { return unit_name(ctx, s, x.unit) + " moves " + sq(x.from) + " -> " + sq(x.to); },
            [&](const UnitTurned& x) {
                return unit_name(ctx, s, x.unit) + " turns " + std::string(core::to_string(x.from)) + " -> " +
                       std::string(core::to_string(x.to));
            },
            [&](const MarchStarted& x) { return side_letter_str(x.side) + " marches: every unit moves toward the enemy"; },
            [&](const MarchLost& x) { return side_letter_str(x.side) + " loses its marching option"; },
            [&](const LeaderMoved& x) {
                return side_letter_str(x.side) + " leader moves " + sq(x.from) + " -> " + sq(x.to) +
                       (x.attached ? " and attaches" : "");
            },
            [&](const LeaderKilled& x) {
                return side_letter_str(x.side) + " leader is killed or captured: " + std::to_string(x.chips_lost) +
                       " morale chips lost";
            },
            [&](const GameEnded& x) {
                const char* why = x.why == GameEnd::Nightfall ? "nightfall" : x.why == GameEnd::ArmyGone ? "an army is gone" : "concession";
                return std::string("Game over (") + why + "): A " + std::to_string(x.points_a) + " points, B " +
                       std::to_string(x.points_b) + " - " + (x.draw ? std::string("a draw") : side_name(ctx, x.winner) + " wins");
            },
            [&](const auto&) { return std::string("(combat event)"); },
        },
        e);
}

}  // namespace tercio::control
