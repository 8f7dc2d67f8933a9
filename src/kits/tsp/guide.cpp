// The Sword and the Pike's Text group, continued: the hint for each decision, a unit's rules and
// the after-action summary (text.hpp).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "kits/tsp/control/event_text.hpp"
#include "kits/tsp/text.hpp"
#include "tsp/engine.hpp"
#include "ui/log.hpp"

namespace tercio::kits::tsp_kit {

namespace {

using namespace tsp;

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// A word of the data files in words: "heavy_cannon" is "heavy cannon".
std::string words(std::string_view id) {
    std::string out(id);
    for (char& ch : out) ch = ch == '_' ? ' ' : ch;
    return out;
}

/// Half-squares as squares: 3 is "1.5 squares", 8 "4 squares".
std::string squares(int half) {
    return std::to_string(half / 2) + (half % 2 ? ".5" : "") + (half == 2 ? " square" : " squares");
}

std::string row_words(TroopRow r) {
    switch (r) {
        case TroopRow::SwissFoot: return "Swiss foot";
        case TroopRow::LandsknechtFoot: return "Landsknecht foot";
        case TroopRow::OtherFoot: return "other foot";
        case TroopRow::HeavyCavalry: return "heavy cavalry";
        case TroopRow::LighterMounted: return "lighter mounted";
        case TroopRow::Gunners: return "gunners and auxiliaries";
    }
    return "?";
}

std::string ordinal(int i) {
    static constexpr const char* kWords[] = {"1st", "2nd", "3rd", "4th", "5th", "6th"};
    return i >= 0 && i < 6 ? kWords[i] : std::to_string(i + 1) + "th";
}

/// The card in play, short: "7 of hearts".
std::string card_short(const GameState& s) {
    if (!s.card) return "no card";
    std::string c = control::card_words(*s.card);
    return c.starts_with("the ") ? c.substr(4) : c;
}

/// Whether the legal commands hold one of kind T: a break-off (TSP-CC-6), a dismount or mount
/// (TSP-MOVE-4). One listing answers both.
template <class T>
bool offers(const std::vector<Command>& legal) {
    for (const Command& c : legal) {
        if (std::holds_alternative<T>(c)) return true;
    }
    return false;
}

}  // namespace

std::string Text::decision_hint(const Context& ctx, const State& s, const std::string&) {
    const std::string who = side_label(ctx, s.decider);
    const std::string units = s.activations_left > 1 ? " (" + plural(s.activations_left, "unit", "units") + ")" : "";
    switch (s.decision) {
        case Decision::Activate: {
            // TSP-CARD-1: the card's colour names the side; it activates one of its units.
            // With dismounting, o too (TSP-MOVE-4), in place of the roll's reminder to fit two lines.
            const std::vector<Command> legal = legal_commands(ctx, s);
            return who + ", " + card_short(s) + units + ": a on a unit activates it" +
                   (offers<cmd::Dismount>(legal) ? ", o dismounts or mounts it" : " (rolls its move)") +
                   (offers<cmd::BreakOff>(legal) ? ", or breaks off its combat" : "") + "; d holds it.";
        }
        case Decision::Move: {
            const std::string label = s.active >= 0 ? unit_label(ctx, s, static_cast<std::size_t>(s.active)) : "?";
            const int points = move_points(s.move_inches);
            if (points == 0)
                return who + ": " + label + " has no move: t turns it to face the cursor, s stays; Enter on it lists.";
            return who + ": " + label + " has " + plural(points, "point", "points") +
                   ". Space on it shows its reach; m moves to the cursor, t turns, s stays.";
        }
        case Decision::Fire:
            return who + ", " + card_short(s) + units +
                   ": Space on a unit, then f at a target fires (odds first); d holds it.";
        case Decision::Over: break;
    }
    return "The battle is over. Q then y leaves; tercio replay shows it again.";
}

std::vector<std::string> Text::unit_reference(const Context& ctx, const State& s, std::size_t unit) {
    if (unit >= s.unit_count) return {};
    const Unit& u = s.units[unit];
    const UnitLine& line = ctx.army(u.side).units[u.line];
    const TroopType& type = ctx.rs().troop_types[u.type];
    // What it is now: dismounted light horse are foot of their weapon (TSP-MOVE-4).
    const Kind k = kind_of(ctx, u);
    // The kind of troops named when the type's name does not say it already.
    const std::string kind = words(to_string(k));
    std::string type_name = type.name;
    for (char& ch : type_name) ch = ch == '-' || ch == '_' ? ' ' : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    std::string temper(words(to_string(line.temper)));
    if (!temper.empty()) temper[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(temper[0])));
    std::vector<std::string> rows = {
        unit_name(ctx, s, unit) + ": " + type.name + " (" + std::string(1, type.glyph) + "), " +
            (type_name == kind ? std::string() : kind + " ") + "in " + std::string(to_string(u.order)) + " order" +
            (line.temper != Temper::Other ? ", " + temper : std::string()) + "; side " + core::side_string(u.side) + ", " +
            ctx.army(u.side).name + ".",
    };
    // Its companies, front first (TSP-TYPE-1), then the attached ones, and where its leaders are
    // (TSP-TYPE-2).
    std::string companies = "Companies, front first:";
    const int own = std::clamp(type.companies, 1, kMaxCompanies);
    for (int i = 0; i < own; ++i)
        companies += (i ? ", " : " ") + std::to_string(u.figures[static_cast<std::size_t>(i)]);
    companies += " figures";
    for (std::size_t j = 0; j < line.attached.size() && j < static_cast<std::size_t>(kMaxAttached); ++j) {
        const TroopType* at = ctx.rs().find_type(line.attached[j].type);
        companies += "; attached, " + std::to_string(u.figures[kMaxCompanies + j]) + " " +
                     (at ? at->name : line.attached[j].type);
    }
    std::string leaders;
    for (int i = 0; i < kAllCompanies; ++i) {
        if ((u.leaders >> i) & 1)
            leaders += (leaders.empty() ? "" : " and ") +
                       (i < kMaxCompanies ? "the " + ordinal(i) + " company" : "the attached company");
    }
    rows.push_back(companies + ". " +
                   (leaders.empty() ? "No unit leader: -2 to its morale tests (TSP-MORALE-2)."
                                    : "Unit leaders with " + leaders + " (TSP-TYPE-2)."));
    for (std::size_t i = 0; i < s.officer_count; ++i) {
        if (s.officers[i].alive && s.officers[i].unit == static_cast<std::int8_t>(unit))
            rows.push_back(std::string("A ") + (s.officers[i].rank == Rank::General ? "General" : "Colonel") +
                           " is with it: +1 to its morale tests, and he fights last in its close combat at +1 "
                           "(TSP-MORALE-2, TSP-CC-4).");
    }
    const int half = (u.start_figures + 1) / 2;
    rows.push_back(std::to_string(u.total()) + " of " + std::to_string(u.start_figures) + " figures: " +
                   control::condition_word(condition_of(u)) + " (Fresh with all, Worn down to " + std::to_string(half) +
                   ", Spent under that: -2 to every test, TSP-STATE-1, TSP-AMB-26).");
    switch (u.status) {
        case Status::Steady: rows.emplace_back("Steady."); break;
        case Status::Shaken:
            rows.emplace_back(
                "Shaken: +1 to each of its fire dice, -1 to Stand and Fight; on its move card it tests to rally "
                "first and stays put if it fails (TSP-SHAKEN-1, TSP-AMB-5).");
            break;
        case Status::Routed:
            rows.emplace_back(
                "Routed: it cannot move or fire; at the end of a later turn it rallies (Shaken) or leaves the field "
                "(TSP-ROUT-1, TSP-RALLY-1).");
            break;
    }
    if (u.dismounted) {
        rows.emplace_back("Dismounted: it moves, shoots, fights and tests as " + kind +
                          " on foot until it mounts again (mount, or o), which costs a D6 of that move (TSP-MOVE-4).");
    } else if (s.option(kDismounting) && may_dismount(ctx, u)) {
        Unit on_foot = u;
        on_foot.dismounted = true;
        rows.emplace_back("It may dismount to fight on foot as " + words(to_string(kind_of(ctx, on_foot))) +
                          " (dismount, or o), at the cost of a D6 of that move (TSP-MOVE-4).");
    }
    const MoveDice d = unit_move_dice(ctx, u);
    rows.push_back(d.count == 0 ? std::string("Rolls no dice to move: a heavy gun without the game master's leave only "
                                              "turns (TSP-MOVE-1).")
                                : "Moves " + std::to_string(d.count) + "D6" + (d.halve ? " halved" : "") +
                                      " inches a roll: 2 x inches / 3 points, a step ahead 2, aside 3 (TSP-MOVE-1, "
                                      "TSP-GRID-1).");
    const Weapon w = line.weapon;
    if (w == Weapon::None) {
        rows.emplace_back("Does not shoot.");
    } else {
        std::string fire = "Fires its " + words(to_string(w)) + (k == Kind::Reiters ? "s" : "") + ": ";
        const int shrt = band_reach(w, Band::Short);
        const int lng = band_reach(w, Band::Long);
        const int full = band_reach(w, Band::Full);
        if (shrt > 0) fire += "short range " + squares(shrt) + ", long " + squares(lng);
        else if (lng > 0) fire += "range " + squares(lng);
        else fire += "range " + squares(full);
        fire += " (TSP-GRID-2), " + plural(fire_dice(k, w, u.total(), fire_ranks(k)), "die", "dice") + " now";
        if (k == Kind::Reiters)
            fire += "; twice a turn, 4 ranks deep, then out of fire until a turn without moving (TSP-AMB-16)";
        else if (reload_markers(k, w) == 0)
            fire += "; it fires every turn";
        else
            fire += "; " + plural(reload_markers(k, w), "reload marker", "reload markers") +
                    " after firing, one off each turn end (TSP-FIRE-8)";
        rows.push_back(fire + ".");
        if (u.reload > 0) rows.push_back("Reloading: " + plural(u.reload, "reload marker", "reload markers") + " left.");
        if (u.out_of_fire) rows.emplace_back("Out of fire: it reloads after a turn without moving or shooting.");
    }
    rows.push_back("Fights with " + plural(fight_depth(k, u.order), "company", "companies") +
                   " (TSP-AMB-15). Morale as " + row_words(morale_row(k, line.temper)) + ": to close " +
                   std::to_string(morale_threshold(morale_row(k, line.temper), Test::ToClose, Opponent::Other)) +
                   ", to stand " +
                   std::to_string(morale_threshold(morale_row(k, line.temper), Test::StandAndFight, Opponent::Other)) +
                   ", against fire " +
                   std::to_string(morale_threshold(morale_row(k, line.temper), Test::Fire, Opponent::Other)) +
                   " or more on a D10 (TSP-MORALE-1).");
    if (u.combat >= 0)
        rows.push_back("In close combat, " + plural(u.combat_rolls, "die roll", "die rolls") +
                       " so far: after 6 it may test to break off (TSP-CC-6).");
    if (!line.notes.empty()) rows.push_back(line.notes);
    std::vector<std::string> out;
    for (const std::string& r : rows) {
        for (std::string& w2 : ui::wrap(r, 78, 0, 2)) out.push_back(std::move(w2));
    }
    return out;
}

std::vector<std::string> Text::game_summary(const Context& ctx, const State& s) {
    if (!s.over()) return {};
    const char* why = s.end == EndReason::NoUnits        ? "an army gone"
                      : s.end == EndReason::SpiritFailed ? "spirit failed 3 turns"
                      : s.end == EndReason::SpiritGone   ? "spirit points all gone"
                      : s.end == EndReason::Conceded     ? "a side conceded"
                                                         : "the last turn ended";
    std::vector<std::string> out{std::string("Ended: ") + why + ".",
                                 s.winner ? side_label(ctx, *s.winner) + " wins." : std::string("A draw.")};
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        int on = 0;
        for (std::size_t i = 0; i < s.unit_count; ++i) on += s.units[i].side == side && s.units[i].on_board;
        const int p2 = spirit_points2(ctx, s, side);
        const int start = s.start_units[core::idx(side)];
        const int vp = victory_points(ctx, s, side);
        out.push_back(side_label(ctx, side) + ":");
        out.push_back("  units " + std::to_string(on) + " of " + std::to_string(start) + ", spirit " +
                      std::to_string(p2 / 2) + (p2 % 2 ? ".5" : "") + "/" + std::to_string(start));
        out.push_back("  took " + std::to_string(vp / 2) + (vp % 2 ? ".5" : "") + " spirit points");
    }
    return out;
}

}  // namespace tercio::kits::tsp_kit
