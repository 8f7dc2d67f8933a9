#include "kits/pikette/guide.hpp"

#include <algorithm>
#include <string_view>

#include "kits/pikette/side_pane.hpp"

namespace tercio::ui {

using namespace rules;

namespace {

bool names(const std::vector<core::Square>& squares, core::Square q) {
    return std::find(squares.begin(), squares.end(), q) != squares.end();
}

/// What the current card lets the active side do, in a few words.
std::string card_hint(CardKind c) {
    switch (c) {
        case CardKind::InfantryMove:
            return "move foot, guns and wagons (Space, then m), or attack with a move (a)";
        case CardKind::CavalryMove:
            return "move horse (Space, then m), or attack with a move (a)";
        case CardKind::Reload:
            return "reload a Fired unit (Enter on it)";
        case CardKind::Melee:
            return "fight where your unit shares a square with an enemy (Space, then a)";
        case CardKind::LeaderCheck:
            return "move or attach the leader, or rally a unit (r)";
        case CardKind::Courage:
            return "units that must check morale do so";
        case CardKind::MillingAround:
        case CardKind::CommandIndecision:
            return "no moves on this card";
    }
    return "";
}

std::string ranks_text(const GameState& s, Side side) {
    const int n = s.deployment_ranks;
    return side == Side::A ? "ranks 1-" + std::to_string(n)
                           : "ranks " + std::to_string(s.ranks - n + 1) + "-" + std::to_string(s.ranks);
}

}  // namespace

std::string decision_hint(const RulesContext& ctx, const GameState& s, const std::string& why) {
    const std::string who = side_label(ctx, s.decider) + ": ";
    switch (s.decision) {
        case Decision::ExtraUnitChoice:
            return who + "your extra-unit roll offers two units. Enter, then pick one.";
        case Decision::ExtraCardChoice:
            return who + "choose your extra card. Enter, then pick one.";
        case Decision::PlaceTerrain:
            return who + "place terrain (" + std::to_string(s.terrain_to_place[idx(s.decider)]) +
                   " left): a wood, hill or building in files a-d or l-o, a stream in ranks 6-10. "
                   "Cursor there, Enter to choose; Enter elsewhere offers terrain pass.";
        case Decision::AdjustTerrain:
            return who + "you may try (a 6 needed) to remove an enemy piece or move yours to the "
                         "centre. Cursor on it, Enter; or Enter and adjust pass.";
        case Decision::Deploy:
            return who + "deploy in " + ranks_text(s, s.decider) +
                   ". Cursor to a square, Enter to place a unit there; D places the rest in the "
                   "standard layout.";
        case Decision::InitiativeChoice:
            return who + "you won the initiative. Enter, then first (fewer pips now) or second "
                         "(more pips, later).";
        case Decision::Act: {
            if (s.marching) return who + "marching: move each unit toward the enemy (Space, m), P when done.";
            const CardKind* card = s.current_card();
            if (!card) {
                return who + std::to_string(s.pips) + (s.pips == 1 ? " pip" : " pips") +
                       ". t turns a card (1 pip); P passes.";
            }
            return who + std::string(card_title(*card)) + ": " + card_hint(*card) +
                   ". Any card: f shoots (1 pip). t next card, P pass.";
        }
        case Decision::React:
            if (s.forced_charger != kNone) {
                return who + "your headstrong " + unit_label(ctx, s, s.forced_charger) +
                       " must charge: Enter on it, then pick the charge.";
            }
            switch (s.react_window) {
                case ReactWindow::Step:
                    return who + "OUT OF TURN: " + (why.empty() ? std::string("an enemy unit moved in reach") : why) +
                           ". Charge or shoot for an opportunity chip (Enter on your unit); d lets it go, "
                           "D lets all go until your phase.";
                case ReactWindow::Evade: {
                    // The unit the mover has just entered.
                    const Square at = s.move.unit != kNone ? s.units[s.move.unit].square : Square{};
                    const auto evader = s.move.unit != kNone ? unit_at(s, at, s.decider) : std::nullopt;
                    return who + "OUT OF TURN: " + (evader ? unit_label(ctx, s, *evader) + " in " + core::to_string(at)
                                                           : std::string("your unit")) +
                           " may evade for a chip (Enter on it), or d to stand.";
                }
                case ReactWindow::Card:
                case ReactWindow::Action:
                case ReactWindow::None:
                    break;
            }
            return who + "OUT OF TURN: " + (why.empty() ? std::string() : why + ". ") +
                   "Shoot for an opportunity chip (Space, then f at the target); d lets it go, "
                   "D lets all go until your phase.";
        case Decision::LeaderEscape:
            return who + "your leader won the roll-off: Enter on a safe square within 4 to "
                         "escape, or d to stay.";
        case Decision::Chip:
            return who + "spend a morale chip on " + unit_label(ctx, s, s.chip_target) + " to try to " +
                   (s.units[s.chip_target].status == UnitStatus::Disordered ? "rout" : "disorder") +
                   " it (c, odds shown first), or d to decline.";
        case Decision::FollowUp:
            // What following costs later (PS-INVOL-2, PS-INVOL-8): the follower has entered the
            // square, so a melee it loses there sends it back the way it came, not to its rear.
            return who + unit_label(ctx, s, s.choice_unit) + " won: F follows the loser into " +
                   core::to_string(s.units[s.choice_other].square) +
                   " (having entered it, a melee lost there sends it back the way it came, PS-INVOL-2), s stays.";
        case Decision::Pursue:
            return who + unit_label(ctx, s, s.choice_unit) + " may pursue: F pursues, s stays.";
        case Decision::Courage: {
            // Which units: those still to check (PS-MORALE-5).
            std::string due;
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                const Unit& u = s.units[i];
                if (u.side == s.decider && u.on_table() && u.courage_due)
                    due += (due.empty() ? "" : ", ") + unit_label(ctx, s, i) + " in " + core::to_string(u.square);
            }
            return who + "Courage: Enter on each unit that must check morale, in the order you choose" +
                   (due.empty() ? std::string() : " (" + due + ")") + ".";
        }
        case Decision::GameOver:
            return "The game is over. Points (PS-VICTORY-3): 2 a stand Ok, 1 a stand Disordered, "
                   "2 a living leader. Ctrl-P shows the history, Q quits.";
    }
    return who + "Enter shows what you can do.";
}

std::vector<Command> menu_commands(const RulesContext& ctx, const GameState& s, core::Square cursor,
                                   std::optional<core::Square> selected) {
    const Facing forward = enemy_direction(s.decider);
    std::vector<Command> at_cursor;
    std::vector<Command> anywhere;
    const std::vector<Command> legal = legal_commands(ctx, s);
    for (const Command& c : legal) {
        if (std::holds_alternative<Concede>(c)) continue;
        const std::vector<core::Square> sq = squares_of(c);
        if (sq.empty()) {
            anywhere.push_back(c);
            continue;
        }
        // Deployment is offered facing the enemy; other facings are typed. A leader deployed
        // attached is typed too (the menu has never offered it: see the note of issue 17).
        if (const auto* d = std::get_if<Deploy>(&c); d && d->facing != forward) continue;
        if (const auto* l = std::get_if<DeployLeader>(&c); l && l->attach) continue;
        const bool ok = selected && *selected != cursor ? names(sq, *selected) && names(sq, cursor) : names(sq, cursor);
        if (ok) at_cursor.push_back(c);
    }
    // Nothing for the selected unit at the cursor: what can be done at the cursor itself, so that
    // an earlier selection never hides the commands of the unit under the cursor.
    if (at_cursor.empty() && selected && *selected != cursor) return menu_commands(ctx, s, cursor, std::nullopt);
    if (at_cursor.empty() && anywhere.empty()) {
        // Nothing here and nothing that needs no square (a Courage check, say): offer them all,
        // so Enter always shows the way on.
        for (const Command& c : legal) {
            if (!std::holds_alternative<Concede>(c)) at_cursor.push_back(c);
        }
        return at_cursor;
    }
    at_cursor.insert(at_cursor.end(), anywhere.begin(), anywhere.end());
    return at_cursor;
}

std::vector<std::string> game_summary(const RulesContext& ctx, const GameState& s) {
    std::vector<std::string> out;
    if (s.decision != Decision::GameOver) return out;
    const int pa = victory_points(ctx, s, Side::A);
    const int pb = victory_points(ctx, s, Side::B);
    switch (s.end) {
        case GameEnd::Nightfall:
            out.push_back("Night falls after turn " + std::to_string(s.turn) + ".");
            break;
        case GameEnd::ArmyGone:
            out.push_back("An army has left the field (turn " + std::to_string(s.turn) + ").");
            break;
        case GameEnd::Concession:
            out.push_back(side_label(ctx, s.conceded) + " concedes.");
            break;
        case GameEnd::None:
            break;
    }
    if (s.end == GameEnd::Concession) {
        out.push_back(side_label(ctx, other(s.conceded)) + " wins (PS-VICTORY-4).");
    } else if (pa == pb) {
        out.push_back("A draw: " + std::to_string(pa) + " points each.");
    } else {
        const Side w = pa > pb ? Side::A : Side::B;
        out.push_back(side_label(ctx, w) + " wins, " + std::to_string(std::max(pa, pb)) + " points to " +
                      std::to_string(std::min(pa, pb)) + ".");
    }
    for (Side side : {Side::A, Side::B}) {
        int ok_stands = 0;
        int dis_stands = 0;
        int gone = 0;
        int stands_lost = 0;
        int units = 0;
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            if (u.side != side) continue;
            ++units;
            stands_lost += ctx.type(u).stand_count() - u.stand_count();
            if (!u.on_table()) {
                ++gone;
            } else if (u.status == UnitStatus::Disordered) {
                dis_stands += u.stand_count();
            } else if (u.status == UnitStatus::Ok) {
                ok_stands += u.stand_count();
            }
        }
        // Short lines: the summary stands in the 31 columns beside the map.
        out.push_back(side_label(ctx, side) + ": " + std::to_string(victory_points(ctx, s, side)) + " points");
        out.push_back("  stands: " + std::to_string(ok_stands) + " Ok, " + std::to_string(dis_stands) + " Disordered");
        out.push_back(std::string("  leader ") + (s.leaders[idx(side)].alive ? "alive" : "lost") + ", " +
                      std::to_string(s.morale_chips[idx(side)]) + " chips left");
        out.push_back("  lost " + std::to_string(gone) + " of " + std::to_string(units) + " units, " +
                      std::to_string(stands_lost) + " stands");
    }
    return out;
}

}  // namespace tercio::ui
