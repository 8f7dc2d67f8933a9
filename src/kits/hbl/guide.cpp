// Hell Broke Loose's Text group, continued: the hint for each decision, a unit's rules and the
// after-action summary (text.hpp).
#include <string>
#include <vector>

#include "hbl/engine.hpp"
#include "kits/hbl/text.hpp"
#include "ui/log.hpp"

namespace tercio::kits::hbl_kit {

namespace {

using namespace hbl;

std::string upper(std::string text) {
    for (char& ch : text) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
    return text;
}

/// What the card in play lets the side do, with the keys.
std::string card_hint(CardKind c) {
    switch (c) {
        case CardKind::March:
        case CardKind::CavalryMarch:
            return "g on a unit activates its command; Space, m moves";  // HBL-MARCH
        case CardKind::Melee:
            return "Space on your unit, then a fights its melee";  // HBL-CARD-3
        case CardKind::GroupMelee:
            return "Enter names a command; Space, a fights";  // HBL-CARD-4
        case CardKind::Command:
            return "r on a vexed unit rallies it";  // HBL-RALLY
        case CardKind::ArtilleryAction:
            return "Enter on a battery: move, wheel or reload";  // HBL-CARD-8
        case CardKind::FormationChange:
            return "Enter on a unit faces it another way";
        case CardKind::Reload:
            return "Enter: reload your shooters";
        case CardKind::Lull:
        case CardKind::ArmyMorale:
            break;
    }
    return "Enter shows what it allows";
}

}  // namespace

std::string Text::decision_hint(const Context& ctx, const State& s, const std::string&) {
    const std::string who = side_label(ctx, s.decider) + ": ";
    switch (s.decision) {
        case Decision::Choose:
            return who + "won the initiative, " + std::to_string(s.pips) +
                   " pips each: go first or second (Enter, then pick).";
        case Decision::Act:
            if (!s.card)
                // HBL-INIT-6: the phase ends when the pips are spent; `done` needs a card in play.
                return who + "t turns a card for a pip (" + std::to_string(s.pips_left) +
                       " left); the phase ends when they are spent.";
            return side_label(ctx, s.decider) + ", " + std::string(card_title(*s.card)) + ": " +
                   card_hint(*s.card) + "; P: done.";
        case Decision::React:
            // HBL-SHOOT-1: the other side may shoot at a command activated to move, before it
            // moves.
            return who + core::side_string(s.card_side) +
                   " activated a command. Shoot at it first (Space, f) or d to hold.";
        case Decision::Stubborn:
            return who +
                   "your stubborn unit may pay a chip to stand (c), or accept (d).";  // HBL-UI-6
        case Decision::KeepMove:
            return who + "your stubborn unit may pay a chip to keep its move (c), or accept (d).";
        case Decision::Follow:
            return who + "your winner may follow up (F), or stay (s).";
        case Decision::RallyBack:
            return who + "the UI the rally brings back, a chip each (0 to " +
                   std::to_string(s.rally_max) + "): Enter, then pick.";
        case Decision::Over:
            break;
    }
    return "The battle is over. Q then y leaves; tercio replay shows it again.";
}

std::vector<std::string> Text::unit_reference(const Context& ctx, const State& s,
                                              std::size_t unit) {
    if (unit >= s.unit_count) return {};
    const Unit& u = s.units[unit];
    const UnitLine& line = ctx.army(u.side).units[u.line];
    const TroopType& type = ctx.rs().troop_types[u.type];
    const CommandGroup& group = ctx.army(u.side).commands[u.command];
    std::vector<std::string> rows = {
        unit_name(ctx, s, unit) + ": " + type.name + " (" + std::string(1, type.glyph) + "), " +
            std::string(to_string(type.category)) + ", " + std::string(to_string(type.formation)) +
            ", armour " + std::string(to_string(type.armour)) + "; side " + core::side_string(u.side) + ", " +
            ctx.army(u.side).name + ".",
        "Class " + std::string(1, line.quality) + ": Combat Die " +
            upper(core::to_string(line.combat)) + " (melee and shooting), Defence Die " +
            upper(core::to_string(line.defence)) +
            " (against shots; its move in inches) (HBL-DATA-1).",
        "Unit integrity " + std::to_string(u.integrity.ui - u.integrity.lost) + " of " +
            std::to_string(u.integrity.ui) + " UI, " + std::to_string(u.integrity.stubborn) +
            " stubborn (free in melee, HBL-UI-6); each UI lost costs "
            "a morale chip (HBL-UI-2).",
        std::string(
            u.integrity.vexed
                ? "Vexed: Down 1 in melee; vexed again costs a UI and a chip (HBL-VEX-3); a "
                  "rally ends it."
                : "Not vexed."),
        "Command: " + group.name + ", its officer's die " + upper(core::to_string(group.officer)) +
            " against a D8 for 0 to 3 moves on a March card (HBL-MARCH-1), and for rallies "
            "(HBL-RALLY-2).",
        type.shoots() ? "Shoots at any time while loaded (HBL-SHOOT-1): close range " +
                            std::to_string(type.close_range_half) + ", long " +
                            std::to_string(type.long_range_half) + " half-squares; " +
                            (u.loaded ? "loaded." : "not loaded: reload on a Reload card.")
                      : std::string("Does not shoot."),
        type.formation == Formation::Skirmish
            ? "Skirmish cavalry: moves any way, wheels free (HBL-MOVE-4), close-skirmishes and "
              "withdraws (HBL-SKIRM)."
            : "Moves straight ahead; a 45-degree wheel is a move of its own (HBL-MOVE-4).",
    };
    if (line.fierce)
        rows.push_back("Fierce: a hard-fought win becomes a push back (HBL-FIERCE-1).");
    if (!line.notes.empty()) rows.push_back(line.notes);
    std::vector<std::string> out;
    for (const std::string& r : rows) {
        for (std::string& w : ui::wrap(r, 78, 0, 2)) out.push_back(std::move(w));
    }
    return out;
}

std::vector<std::string> Text::game_summary(const Context& ctx, const State& s) {
    if (!s.over()) return {};
    const char* why = s.end == EndReason::ChipsGone  ? "morale chips all spent"
                      : s.end == EndReason::NoUnits  ? "an army gone"
                      : s.end == EndReason::Conceded ? "a side conceded"
                                                     : "the last turn ended";
    std::vector<std::string> out{
        std::string("Ended: ") + why + ".",
        s.winner ? side_label(ctx, *s.winner) + " wins." : std::string("A draw.")};
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        out.push_back(side_label(ctx, side) + ":");
        out.push_back("  chips " + std::to_string(s.chips[core::idx(side)]) + " of " +
                      std::to_string(s.chips_start[core::idx(side)]) + ", took " +
                      std::to_string(victory_points(s, side)));
    }
    return out;
}

}  // namespace tercio::kits::hbl_kit
