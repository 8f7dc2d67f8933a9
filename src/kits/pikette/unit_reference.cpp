#include "kits/pikette/unit_reference.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "kits/pikette/control/event_text.hpp"
#include "rules/geometry.hpp"
#include "ui/log.hpp"

namespace tercio::ui {

using namespace rules;

namespace {

/// A distance in half-squares as squares: 5 -> "2.5", 6 -> "3" (PS-GRID-10, PS-MOVE-2).
std::string squares(int half) {
    std::string out = std::to_string(half / 2);
    if (half % 2 != 0) out += ".5";
    return out;
}

std::string joined(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (const std::string& p : parts) {
        if (!out.empty()) out += sep;
        out += p;
    }
    return out;
}

/// "1 square", "2.5 squares".
std::string squares_text(int half) {
    return squares(half) + (half == 2 ? " square" : " squares");
}

/// The category in the rules' words (PS-TYPE-2).
std::string_view category_words(Category c) {
    switch (c) {
        case Category::Cavalry:
            return "cavalry";
        case Category::Infantry:
            return "infantry";
        case Category::Artillery:
            return "artillery";
        case Category::WarWagon:
            return "war wagon";
    }
    return "?";
}

/// The letter the map shows: upper case for side A, lower case for side B.
char map_letter(const TroopType& t, Side side) {
    const auto c = static_cast<unsigned char>(t.glyph);
    return static_cast<char>(side == Side::A ? std::toupper(c) : std::tolower(c));
}

/// "Stands: 2 of 2, 3 hits destroy one" or, for several kinds of stand in hit order (a TERCIO,
/// PS-TERCIO-6), "Stands: 6 of 6: 2 arquebus (3 hits each), then 4 pike (4 hits each)".
std::string stands_line(const TroopType& t, const Unit& u) {
    const std::size_t groups = std::min<std::size_t>(t.stands.size(), kMaxStandGroups);
    std::string out =
        "Stands: " + std::to_string(u.stand_count()) + " of " + std::to_string(t.stand_count());
    if (groups == 1) {
        return out + ", " + plural(t.stands[0].hits, "hit") + " destroy one (PS-UNIT-2)";
    }
    std::vector<std::string> parts;
    for (std::size_t g = 0; g < groups; ++g) {
        parts.push_back(std::to_string(u.stands[g]) + " " + t.stands[g].kind + " (" +
                        plural(t.stands[g].hits, "hit") + " each)");
    }
    return out + ": " + joined(parts, ", then ");
}

/// "Now: Disordered (DOWN 1), 2 hits, fired (must reload), facing NE, shown as a".
std::string state_line(const TroopType& t, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    if (u.status == UnitStatus::Destroyed) return "Now: destroyed (PS-UNIT-3)";
    if (u.status == UnitStatus::LeftTable) return "Now: has left the table (PS-UNIT-3)";
    std::vector<std::string> parts;
    switch (u.status) {
        // PS-MELEE-8, PS-SHOOT-7, PS-MORALE-2, PS-RALLY-4: every roll of a Disordered unit.
        case UnitStatus::Disordered:
            parts.emplace_back("Disordered (DOWN 1)");
            break;
        // PS-ROUT-6: no voluntary action until rallied.
        case UnitStatus::Routed:
            parts.emplace_back("Routed (cannot act until rallied)");
            break;
        default:
            parts.emplace_back("OK");
            break;
    }
    if (!u.deployed) parts.emplace_back("not yet deployed");
    // PS-HITS-1: the hits on its one damaged stand; the stands line says how many destroy it.
    if (u.hits > 0) parts.push_back(plural(u.hits, "hit"));
    if (u.range_half > 0) parts.emplace_back(u.fired ? "fired (must reload)" : "loaded");
    if (u.deployed) parts.push_back("facing " + std::string(core::to_string(u.facing)));
    parts.push_back(std::string("shown as ") + map_letter(t, u.side));
    if (leader_attached(s, unit)) parts.emplace_back("leader attached (UP 2)");
    if (u.moved_through) parts.emplace_back("cannot move this phase (passed through)");
    return "Now: " + joined(parts, ", ");
}

/// PS-MOVE-2, PS-PIP-1, PS-CARD-5, PS-CARD-6.
std::string move_line(const TroopType& t, const Unit& u) {
    const CardKind card =
        t.category == Category::Cavalry ? CardKind::CavalryMove : CardKind::InfantryMove;
    return "Move " + squares_text(u.move_half) +
           " (diagonals cost 1.5): " + plural(t.move_pips, "pip") + " on " +
           std::string(card_title(card)) + " cards";
}

/// PS-MOVE-4 and PS-TERRAIN-11.
std::string turn_line(const TroopType& t) {
    std::string out = t.turn_limit >= 4
                          ? "Turns to any facing"
                          : "Turns up to " + std::to_string(45 * t.turn_limit) + " degrees a move";
    std::vector<std::string> banned;
    for (const TerrainKind k :
         {TerrainKind::Wood, TerrainKind::Building, TerrainKind::Hill, TerrainKind::Stream}) {
        if (t.prohibited.contains(k)) banned.emplace_back(to_string(k));
    }
    if (banned.empty()) return out + "; may enter any terrain";
    return out + "; cannot enter " + joined(banned, " or ") + " squares";
}

/// PS-MELEE-8, PS-MORALE-1: the Fight die serves melee and morale tests. A unit that cannot
/// shoot says so on the same line.
std::string fight_line(const Unit& u) {
    return "Fight " + core::to_string(u.fight) + " (its die in melee and morale tests)" +
           (u.range_half == 0 ? "; cannot shoot" : "");
}

/// PS-SHOOT-4, PS-SHOOT-8, PS-GRID-12, PS-GRID-13, PS-CARD-7. Nothing for a unit without a
/// Shoot value (fight_line says so).
std::optional<std::string> shoot_line(const RulesContext& ctx, const TroopType& t, const Unit& u) {
    if (u.range_half == 0) return std::nullopt;
    if (!has_shoot_value(ctx, u))
        return "Cannot shoot: its arquebus stands are gone (PS-TERCIO-11)";
    const bool all_round = t.has(Ability::AllRoundFire) ||
                           (t.has(Ability::AllRoundFireUntilLoss) && !lost_any_stand(t, u));
    std::string out = "Shoot " + core::to_string(u.shoot_die) +
                      (all_round ? " in any direction" : " to its front") + ", range " +
                      squares_text(u.range_half);
    // PS-SHOOT-8: beyond half range is 2 * dist2 > range; the own and orthogonally adjacent
    // squares (dist2 <= 2) never are. The farthest distance not beyond half range:
    const int near = std::max(u.range_half / 2, 2);
    if (u.range_half > near) out += ", DOWN 1 beyond " + squares(near);
    return out + "; reload " + plural(t.reload_pips, "pip");
}

/// The rules that come with the category (PS-TYPE-2).
void category_lines(const TroopType& t, std::vector<std::string>& out) {
    switch (t.category) {
        case Category::Cavalry:
            out.emplace_back(
                "Cavalry: charges infantry at UP 1 whoever starts the melee (PS-MELEE-9)");
            out.emplace_back(
                "Cavalry: follows beaten foes, may have to pursue (PS-MELEE-18, PS-MELEE-20)");
            break;
        case Category::Artillery:
            out.emplace_back(
                "Artillery: counts as infantry in melee, but not as pike (PS-CANNON-5)");
            break;
        case Category::Infantry:
        case Category::WarWagon:
            break;
    }
}

/// Whether a troop type's description speaks of shooting ("shoot", "fire", "shot").
bool mentions_shooting(std::string_view text) {
    std::string lower(text);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const std::string_view w : {"shoot", "fire", "shot"}) {
        if (lower.find(w) != std::string::npos) return true;
    }
    return false;
}

/// When an ability's note applies.
enum class When : std::uint8_t {
    Always,
    Shooter,  ///< only with a Shoot value: a fire arc means nothing without (French Stradiots)
    Routs,    ///< not for a unit that never routs (the Swiss, PS-PHALANX-5)
};

struct AbilityNote {
    Ability ability;
    When when;
    const char* text;
};

// One line or two per ability, each with the rule that gives it meaning; the formations first.
// Every text fits in kUnitReferenceWidth.
constexpr AbilityNote kAbilityNotes[] = {
    {Ability::Phalanx, When::Always,
     "PHALANX: cavalry cannot beat it from the front (PS-PHALANX-3)"},
    {Ability::Phalanx, When::Always, "PHALANX: shots at it are UP 1 (PS-PHALANX-2)"},
    {Ability::Phalanx, When::Routs,
     "PHALANX: a rout costs it a stand and Disorders it instead (PS-PHALANX-4)"},
    {Ability::Tercio, When::Always,
     "TERCIO: cavalry cannot beat it; shot at UP 1 (PS-TERCIO-3, PS-TERCIO-9)"},
    {Ability::Tercio, When::Always,
     "TERCIO: a rout costs a stand (arquebus first) but no rout move (PS-TERCIO-8)"},
    {Ability::WarWagon, When::Always,
     "WAR WAGONS: its enemies fight at DOWN 1; shots at or past it DOWN 1 (PS-WW-6)"},
    {Ability::WarWagon, When::Always,
     "WAR WAGONS: no X2 rout, no cavalry charge bonus against it (PS-WW-7)"},
    {Ability::Pike, When::Always,
     "Pike: cannot pass through other units (PS-MOVE-6), immune to X2 (PS-MELEE-14)"},
    {Ability::NoFlank, When::Always,
     "No flank or rear: every attack and shot counts as frontal (PS-GRID-9)"},
    {Ability::OpportunityCharge, When::Always,
     "Opportunity charge: for 1 chip, charges an enemy moving in reach (PS-OPP-5)"},
    {Ability::Evade, When::Always,
     "Evade: for 1 chip, flees a full move when entered, then Disordered (PS-OPP-9)"},
    {Ability::AllRoundFire, When::Shooter, "All-round fire: shoots in any direction (PS-GRID-13)"},
    {Ability::AllRoundFireUntilLoss, When::Shooter,
     "All-round fire until it loses a stand, then to its front (PS-TERCIO-5)"},
    {Ability::X2, When::Always,
     "X2: beating non-pike infantry by double its roll routs it (PS-MELEE-14)"},
    {Ability::PistolCharge, When::Always,
     "Pistols: charge bonus against cavalry only vs reiters, carabins (PS-MELEE-10)"},
    {Ability::Longbow, When::Always, "Longbow: UP 1 shooting at cavalry (PS-SHOOT-7)"},
    {Ability::PursuitTest, When::Always,
     "Pursuit test: must win a D6 roll-off or pursue a foe it routs (PS-MELEE-20)"},
    {Ability::NoMarch, When::Always, "Never marches: stays put when the army marches (PS-MARCH-2)"},
};

struct TraitNote {
    Trait trait;
    const char* text;
};

// The army list's traits (PS-TYPE-4, PS-TYPE-7, PS-OPP-7, PS-PHALANX-5).
constexpr TraitNote kTraitNotes[] = {
    {Trait::Fearsome,
     "FEARSOME: enemies it could charge check morale on a Courage card (PS-FEAR-2)"},
    {Trait::Headstrong,
     "Headstrong: must charge enemies within 3 squares, bar a D6 roll-off (PS-OPP-7)"},
    {Trait::Bow, "Ordinary bows: DOWN 1 at knights, pike, phalanx, tercio (PS-SHOOT-7)"},
    {Trait::NeverRouts, "Never routs: a rout only Disorders it, no stand lost (PS-PHALANX-5)"},
};

void ability_lines(const TroopType& t, const Unit& u, std::vector<std::string>& out) {
    for (const AbilityNote& n : kAbilityNotes) {
        if (!t.has(n.ability)) continue;
        if (n.when == When::Shooter && u.range_half == 0) continue;
        if (n.when == When::Routs && u.traits.contains(Trait::NeverRouts)) continue;
        out.emplace_back(n.text);
    }
    for (const TraitNote& n : kTraitNotes) {
        if (u.traits.contains(n.trait)) out.emplace_back(n.text);
    }
}

}  // namespace

std::vector<std::string> unit_reference(const RulesContext& ctx, const GameState& s,
                                        std::size_t unit) {
    if (unit >= s.unit_count) return {};
    const Unit& u = s.units[unit];
    const TroopType& t = ctx.type(u);
    std::vector<std::string> lines;
    lines.push_back(control::unit_name(ctx, s, unit) + ": " + t.name + ", " +
                    std::string(category_words(t.category)) + ", side " +
                    control::side_name(ctx, u.side));
    if (!t.description.empty()) {
        lines.push_back(t.description);
        // The troop type's words may speak of shooting that this army's line has not got (the
        // French Stradiots are Light Horse without a Shoot value): say so at once, so the two
        // lines agree with "cannot shoot" below.
        if (u.range_half == 0 && mentions_shooting(t.description)) {
            lines.push_back("Not these " + control::unit_title(ctx, s, unit) +
                            ": their army list gives them no Shoot value, so they cannot shoot");
        }
    } else if (t.placeholder) {
        lines.emplace_back("Placeholder statistics: the rules give none for this troop type");
    }
    lines.push_back(stands_line(t, u));
    lines.push_back(state_line(t, s, unit));
    lines.push_back(move_line(t, u));
    lines.push_back(turn_line(t));
    lines.push_back(fight_line(u));
    if (auto shoot = shoot_line(ctx, t, u)) lines.push_back(std::move(*shoot));
    category_lines(t, lines);
    ability_lines(t, u, lines);

    std::vector<std::string> out;
    for (const std::string& line : lines) {
        for (std::string& row : wrap(line, kUnitReferenceWidth, 0, 2))
            out.push_back(std::move(row));
    }
    return out;
}

}  // namespace tercio::ui
