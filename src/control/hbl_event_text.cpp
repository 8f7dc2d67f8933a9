#include "control/hbl_event_text.hpp"

#include "core/grid.hpp"

namespace tercio::control {

namespace {

using hbl::EventKind;

std::string side_of(core::Side s) { return std::string(1, core::side_letter(s)); }

/// "A P1": the unit's side and label.
std::string unit(const hbl::Context& ctx, const hbl::GameState& s, int u) {
    if (u < 0 || u >= s.unit_count) return "?";
    const auto i = static_cast<std::size_t>(u);
    return side_of(s.units[i].side) + " " + hbl::unit_label(ctx, s, i);
}

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string end_reason(const hbl::Event& e) {
    switch (static_cast<hbl::EndReason>(e.a)) {
        case hbl::EndReason::ChipsGone: return "morale chips all spent";
        case hbl::EndReason::NoUnits: return "an army gone";
        case hbl::EndReason::TurnLimit: return "the last turn ended";
        case hbl::EndReason::Conceded: return "a side conceded";
        case hbl::EndReason::None: break;
    }
    return "?";
}

}  // namespace

std::string describe(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Event& e) {
    const std::string who = e.side ? side_of(*e.side) : std::string("?");
    const std::string u = unit(ctx, s, e.unit);
    const std::string o = unit(ctx, s, e.other);
    switch (e.kind) {
        case EventKind::Initiative:
            if (!e.side) {
                return "Initiative: A rolls " + std::to_string(e.a) + ", B rolls " + std::to_string(e.b) +
                       ": a tie, and the turn ends.";
            }
            return "Initiative: A rolls " + std::to_string(e.a) + ", B rolls " + std::to_string(e.b) + ": " +
                   plural(e.c, "pip", "pips") + " each; " + who + " chooses to go first or second.";
        case EventKind::TurnEnded:
            return "Turn " + std::to_string(e.a) + " ends" + (e.b == 1 ? " (a deck has run out)." : ".");
        case EventKind::PhaseBegan: return who + "'s phase: " + plural(e.a, "pip", "pips") + ".";
        case EventKind::CardTurned: return who + " turns " + std::string(hbl::card_title(e.card)) + ".";
        case EventKind::CardSpent:
            return who + "'s " + std::string(hbl::card_title(e.card)) + " card is spent unused.";
        case EventKind::Lull:
            return "Lull: " + who + " rolls " + std::to_string(e.a) + ", the enemy " + std::to_string(e.b) +
                   (e.c == 1 ? ": the enemy steals a pip." : ": no pip is stolen.");
        case EventKind::Activated: {
            const auto& commands = ctx.army(e.side.value_or(core::Side::A)).commands;
            const std::string name = e.a >= 0 && static_cast<std::size_t>(e.a) < commands.size()
                                         ? commands[static_cast<std::size_t>(e.a)].name
                                         : "?";
            return who + " activates " + name + ": the officer rolls " + std::to_string(e.b) +
                   " against the D8's " + std::to_string(e.c) + ", " + plural(e.d, "move", "moves") + " a unit.";
        }
        case EventKind::Moved: return u + " moves to " + core::to_string(e.sq) + ".";
        case EventKind::Contact: return u + " makes contact with " + o + ".";
        case EventKind::MeleeRound:
            return "Melee: " + u + " " + std::to_string(e.a) + " (rolled " + std::to_string(e.c) + ") against " + o +
                   " " + std::to_string(e.b) + " (rolled " + std::to_string(e.d) + ").";
        case EventKind::UnitCost:
            return u + " loses " + plural(e.a, "UI", "UI") + " and " + plural(e.b, "morale chip", "morale chips") +
                   (e.c ? "; it is vexed." : ".");
        case EventKind::PushedBack: return u + " is pushed back to " + core::to_string(e.sq) + ".";
        case EventKind::Pinned: return u + " is pinned: it cannot fall back.";
        case EventKind::Routed: return u + " routs and leaves the battle.";
        case EventKind::Withdrew: return u + " withdraws to " + core::to_string(e.sq) + ".";
        case EventKind::Followed: return u + " follows up to " + core::to_string(e.sq) + ".";
        case EventKind::MeleeEnded: return "The melee of " + u + " and " + o + " ends.";
        case EventKind::Shot:
            return u + " shoots at " + o + ": " + std::to_string(e.a) + " against the Defence Die's " +
                   std::to_string(e.b) + (e.c > 0 ? ", " + plural(e.c, "UI", "UI") + "." : ", no effect.");
        case EventKind::Reloaded: return (e.unit >= 0 ? u : who + "'s shooters") + (e.unit >= 0 ? " reloads." : " reload.");
        case EventKind::Rallied:
            // A rally roll (a: the difference; b: -1 when the UI it takes back are chosen next),
            // or that choice made (c: 1, b: the UI taken back).
            if (e.c == 1) return u + " takes back " + plural(e.b, "UI", "UI") + ", a morale chip each.";
            if (e.a <= 0) return u + " fails to rally (short by " + std::to_string(1 - e.a) + ").";
            return u + " rallies (by " + std::to_string(e.a) + ")" +
                   (e.b < 0 ? ": how many UI it takes back is chosen next." : ".");
        case EventKind::Faced:
            return u + " faces " + std::string(core::to_string(static_cast<core::Facing>(e.a))) + ".";
        case EventKind::Destroyed: return u + " has no UI left and is removed.";
        case EventKind::GameOver:
            return "Game over (" + end_reason(e) + "): " + (e.side ? who + " wins." : "a draw.");
    }
    return "?";
}

}  // namespace tercio::control
