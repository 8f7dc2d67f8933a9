#include "kits/hbl/control/event_text.hpp"

#include "hbl/odds.hpp"

#include <cctype>
#include <cstdio>

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

/// "D10", "D12+1": dice as the posts write them.
std::string die_name(std::string text) {
    for (char& ch : text) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return text;
}

/// "D8, Up: initiating, superior armour; Down: vexed: D8" (the factors that apply, then the die).
std::string die_with(core::DieType base, const std::vector<std::string>& ups, const std::vector<std::string>& downs,
                     int steps) {
    const auto list = [](const std::vector<std::string>& v) {
        std::string out;
        for (const auto& x : v) out += (out.empty() ? "" : ", ") + x;
        return out;
    };
    std::string out = die_name(core::to_string(base));
    if (!ups.empty()) out += "; Up: " + list(ups);
    if (!downs.empty()) out += "; Down: " + list(downs);
    if (ups.empty() && downs.empty()) out += ", no factors";
    return out + " -> " + die_name(core::to_string(core::ladder_die(base, steps)));
}

std::vector<std::string> melee_lines(const hbl::Context& ctx, const hbl::GameState& s, std::size_t melee) {
    const auto factors = hbl::melee_factors_now(ctx, s, melee);
    const hbl::Melee& m = s.melees[melee];
    std::vector<std::string> out;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        const hbl::MeleeFactors& f = factors[core::idx(side)];
        const std::size_t u = s.units[m.a].side == side ? m.a : m.b;
        std::vector<std::string> ups, downs;
        if (f.initiating) ups.push_back("initiating");
        if (f.following_up) ups.push_back("following up");
        if (f.formed_cavalry_open) ups.push_back("formed cavalry in the open");
        if (f.close_formed_open) ups.push_back("close-formed foot in the open");
        if (f.pike_square_frontal) ups.push_back("pike square, frontal");
        if (f.superior_armour) ups.push_back("superior armour");
        if (f.superior_weapon) ups.push_back("superior weapon");
        if (f.flanking) ups.push_back("flanking");
        if (f.against_fully_armoured) downs.push_back("against full armour");
        if (f.flanked) downs.push_back("flanked");
        if (f.facing_frontal_pike) downs.push_back("cavalry against a pike front");
        if (f.vexed) downs.push_back("vexed");
        if (f.ui_lost > f.stubborn_ui) downs.push_back(plural(f.ui_lost - f.stubborn_ui, "UI lost", "UI lost"));
        out.push_back(unit(ctx, s, static_cast<int>(u)) + " fights with its Combat Die " +
                      die_with(ctx.army(side).units[s.units[u].line].combat, ups, downs, hbl::melee_steps(f)) +
                      " (HBL-MOD-1).");
    }
    return out;
}

}  // namespace

std::vector<std::string> explain(const hbl::Context& ctx, const hbl::GameState& s, const hbl::Command& c) {
    if (const auto* f = std::get_if<hbl::cmd::Fight>(&c)) {
        const int m = s.units[f->unit].melee;
        if (m < 0) return {};
        return melee_lines(ctx, s, static_cast<std::size_t>(m));
    }
    if (const auto* mv = std::get_if<hbl::cmd::Move>(&c)) {
        // A contact fought at once: the round's dice, in the state it is fought in.
        if (const auto r = hbl::at_once_round(ctx, s, *mv)) return melee_lines(ctx, r->state, r->melee);
        return {};
    }
    if (const auto* sh = std::get_if<hbl::cmd::Shoot>(&c)) {
        const hbl::ShotFactors f = hbl::shot_factors_now(ctx, s, sh->unit, sh->target);
        std::vector<std::string> ups, downs;
        if (f.artillery_close) ups.push_back("artillery at close range (2)");
        if (f.at_pike_square) ups.push_back("at a pike square (2)");
        if (f.at_colonela) ups.push_back("at a deep unit");
        if (f.at_flank) ups.push_back("at a flank");
        if (f.long_range) downs.push_back("long range");
        if (f.at_own_side) downs.push_back("into a melee with its own side");
        const hbl::Unit& shooter = s.units[sh->unit];
        const hbl::Unit& target = s.units[sh->target];
        return {unit(ctx, s, sh->unit) + " shoots with its Combat Die " +
                    die_with(ctx.army(shooter.side).units[shooter.line].combat, ups, downs, hbl::shot_steps(f)) +
                    " (HBL-MOD-2),",
                "  against " + unit(ctx, s, sh->target) + "'s Defence Die " +
                    die_name(core::to_string(ctx.army(target.side).units[target.line].defence)) +
                    ", never modified (HBL-SHOOT-2)."};
    }
    if (const auto* r = std::get_if<hbl::cmd::Rally>(&c)) {
        const hbl::RallyFactors f = hbl::rally_factors_now(ctx, s, r->unit);
        std::vector<std::string> ups, downs;
        if (f.officer_attached) ups.push_back("the officer attached");
        if (f.d8_defence) ups.push_back("a Defence Die of D8");
        if (f.in_contact) downs.push_back("in contact");
        const hbl::Unit& u = s.units[r->unit];
        return {unit(ctx, s, r->unit) + "'s officer rolls " +
                die_with(ctx.army(u.side).commands[u.command].officer, ups, downs, hbl::rally_steps(f)) +
                " against an unmodified D8 (HBL-MOD-3, HBL-RALLY-2)."};
    }
    if (const auto* a = std::get_if<hbl::cmd::Activate>(&c)) {
        const auto& group = ctx.army(s.card_side).commands[a->command];
        return {group.name + ": the officer's " + die_name(core::to_string(group.officer)) +
                " against an unmodified D8 (HBL-MARCH-1)."};
    }
    return {};
}

bool rolled_dice(const hbl::Event& e) {
    return e.kind == hbl::EventKind::MeleeRound || e.kind == hbl::EventKind::Shot || e.kind == hbl::EventKind::Activated ||
           (e.kind == hbl::EventKind::Rallied && e.c != 1);
}

namespace {

std::string percent(int count, int outcomes) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.1f%%", outcomes ? 100.0 * count / outcomes : 0.0);
    return buf;
}

std::string average(int sum, int outcomes) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", outcomes ? static_cast<double>(sum) / outcomes : 0.0);
    return buf;
}

}  // namespace

std::optional<std::vector<std::string>> odds_lines(const hbl::Context& ctx, const hbl::GameState& s,
                                                   const std::string& text, std::string& why, bool& illegal) {
    illegal = false;
    auto parsed = hbl::parse(ctx, s, s.decider, text);
    if (const std::string* err = std::get_if<std::string>(&parsed)) {
        why = *err;
        return std::nullopt;
    }
    const hbl::Command& c = std::get<hbl::Command>(parsed);
    std::vector<std::string> out;
    if (const auto* f = std::get_if<hbl::cmd::Fight>(&c)) {
        const int m = s.units[f->unit].melee;
        if (m < 0) {
            why = "the unit is in no melee";
            illegal = true;
            return std::nullopt;
        }
        const hbl::MeleeOdds o = hbl::melee_odds_now(ctx, s, static_cast<std::size_t>(m));
        out.push_back(text + ": " + std::to_string(o.outcomes) + " outcomes, a draw " + percent(o.draws, o.outcomes));
        const hbl::Melee& mel = s.melees[static_cast<std::size_t>(m)];
        for (const core::Side side : {core::Side::A, core::Side::B}) {
            const std::size_t u = s.units[mel.a].side == side ? mel.a : mel.b;
            const hbl::MeleeSideOdds& so = o.of(side);
            out.push_back("  " + side_of(side) + " " + hbl::unit_label(ctx, s, u) + ": loses " +
                          percent(so.loses, o.outcomes) + ", pushed back " + percent(so.pushed_back, o.outcomes) +
                          ", routed " + percent(so.routed, o.outcomes) + ", UI lost " +
                          average(so.ui_sum, o.outcomes) + " on average");
        }
        return out;
    }
    if (const auto* sh = std::get_if<hbl::cmd::Shoot>(&c)) {
        // A shot out of range or sight has no odds: say why it cannot be made now.
        if (auto refused = hbl::validate(ctx, s, c)) {
            why = *refused;
            illegal = true;
            return std::nullopt;
        }
        const hbl::ShotOdds o = hbl::shot_odds_now(ctx, s, sh->unit, sh->target);
        out.push_back(text + ": " + std::to_string(o.outcomes) + " outcomes, an effect " + percent(o.effect, o.outcomes) +
                      ", vexes " + percent(o.vexes, o.outcomes) + ", takes a move " +
                      percent(o.costs_move, o.outcomes) + ", UI " + average(o.ui_sum, o.outcomes) + " on average");
        return out;
    }
    why = "only fight and shoot have odds";
    return std::nullopt;
}

std::vector<std::string> board_lines(const hbl::Context& ctx, const hbl::GameState& s) {
    std::vector<std::string> rows(static_cast<std::size_t>(s.ranks), std::string());
    std::vector<std::string> out;
    for (int y = s.ranks - 1; y >= 0; --y) {
        char label[16];  // room for any int: GCC checks the format at -O0 too
        std::snprintf(label, sizeof label, "%2d ", y + 1);
        std::string row = label;
        for (int x = 0; x < s.files; ++x) {
            const core::Square q = core::make_square(x, y);
            const auto a = hbl::unit_at(s, q, core::Side::A);
            const auto b = hbl::unit_at(s, q, core::Side::B);
            char ch = '.';
            if (a && b) {
                ch = '*';
            } else if (a || b) {
                const hbl::Unit& u = s.units[a ? *a : *b];
                const auto g = static_cast<unsigned char>(ctx.rs().troop_types[u.type].glyph);
                ch = static_cast<char>(u.side == core::Side::A ? std::toupper(g) : std::tolower(g));
            } else if (s.terrain_at(q) == hbl::Terrain::II) {
                ch = ':';
            } else if (s.terrain_at(q) == hbl::Terrain::III) {
                ch = '#';
            }
            row += ch;
            if (x + 1 < s.files) row += ' ';
        }
        out.push_back(row);
    }
    std::string files = "   ";
    for (int x = 0; x < s.files; ++x) {
        files += static_cast<char>('a' + x);
        if (x + 1 < s.files) files += ' ';
    }
    out.push_back(files);
    return out;
}

std::vector<std::string> unit_lines(const hbl::Context& ctx, const hbl::GameState& s) {
    std::vector<std::string> out;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const hbl::Unit& u = s.units[i];
            if (u.side != side || !u.on_board) continue;
            const hbl::UnitLine& line = ctx.army(side).units[u.line];
            const hbl::TroopType& type = ctx.rs().troop_types[u.type];
            std::string text = unit(ctx, s, static_cast<int>(i)) + " " + core::to_string(u.sq) + " " +
                               std::string(core::to_string(u.facing)) + "  " +
                               (line.name.empty() ? type.name : line.name) + ", UI " +
                               std::to_string(u.integrity.ui - u.integrity.lost) + "/" +
                               std::to_string(u.integrity.ui);
            if (u.integrity.stubborn > 0) text += " (" + std::to_string(u.integrity.stubborn) + " stubborn)";
            if (u.integrity.vexed) text += ", vexed";
            if (type.shoots() && !u.loaded) text += ", unloaded";
            if (u.melee >= 0) text += ", in melee";
            if (u.moves > 0) text += ", " + plural(u.moves, "move", "moves") + " left";
            out.push_back(text + ".");
        }
    }
    return out;
}

std::vector<std::string> status_lines(const hbl::Context& ctx, const hbl::GameState& s) {
    std::string now = "Turn " + std::to_string(s.turn) + ": ";
    if (s.over()) {
        now += "the game is over.";
    } else if (s.decision == hbl::Decision::Choose) {
        now += side_of(s.chooser) + " chooses to go first or second; " + plural(s.pips, "pip", "pips") + " each.";
    } else {
        now += side_of(s.active) + "'s " + (s.second_phase ? "second" : "first") + " phase, " +
               plural(s.pips_left, "pip", "pips") + " left";
        now += s.card ? ", " + side_of(s.card_side) + "'s " + std::string(hbl::card_title(*s.card)) + " in play."
                      : ", no card in play.";
    }
    std::vector<std::string> out{now};
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        const hbl::ArmyList& army = ctx.army(side);
        const hbl::Deck& d = s.decks[core::idx(side)];
        out.push_back(side_of(side) + " " + army.name + ": army die " + die_name(core::to_string(army.army_die)) +
                      ", morale chips " + std::to_string(s.chips[core::idx(side)]) + " of " +
                      std::to_string(s.chips_start[core::idx(side)]) + ", " + plural(d.left(), "card", "cards") +
                      " left in the deck.");
    }
    return out;
}

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
                   std::to_string(e.b) + (e.c > 0 ? ", " + plural(e.c, "UI", "UI") + "." : ", no UI.");
        case EventKind::Reloaded: return (e.unit >= 0 ? u : who + "'s shooters") + (e.unit >= 0 ? " reloads." : " reload.");
        case EventKind::Rallied:
            // A rally roll (a: the difference; b: -1 when the UI it takes back are chosen next),
            // or that choice made (c: 1, b: the UI taken back).
            if (e.c == 1) {
                return e.b == 0 ? u + " takes back no UI."
                                : u + " takes back " + plural(e.b, "UI", "UI") + ", a morale chip each.";
            }
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
