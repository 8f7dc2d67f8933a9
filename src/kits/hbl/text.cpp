#include "kits/hbl/text.hpp"

#include <cstdio>
#include <variant>

#include "kits/hbl/control/event_text.hpp"
#include "hbl/odds.hpp"
#include "ui/surface.hpp"

namespace tercio::kits::hbl_kit {

namespace {

using namespace hbl;

/// "25.0% (9/36)": a count of outcomes as a chance, exact.
std::string chance(int count, int outcomes) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f%% (%d/%d)", outcomes ? 100.0 * count / outcomes : 0.0,
                  count, outcomes);
    return buf;
}

/// "29%": whole percentages for the one-line summary.
std::string pct(int count, int outcomes) {
    return std::to_string(outcomes ? (200 * count + outcomes) / (2 * outcomes) : 0) + "%";
}

std::string average(int sum, int outcomes) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.2f", outcomes ? static_cast<double>(sum) / outcomes : 0.0);
    return buf;
}

/// "A P1": the unit's side and label.
std::string side_unit(const Context& ctx, const GameState& s, std::size_t u) {
    return core::side_string(s.units[u].side) + " " + unit_label(ctx, s, u);
}

/// The odds of a round of melee `m` fought in `s` (HBL-MELEE-3, HBL-MOD-1).
ui::Odds melee_odds(const Context& ctx, const GameState& s, std::size_t m, const Command& c,
                    const GameState& now) {
    const MeleeOdds o = melee_odds_now(ctx, s, m);
    const Melee& mel = s.melees[m];
    ui::Odds out;
    std::string summary;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        const std::size_t u = s.units[mel.a].side == side ? mel.a : mel.b;
        const MeleeSideOdds& so = o.of(side);
        summary += side_unit(ctx, s, u) + " loses " + pct(so.loses, o.outcomes) + ", ";
        out.lines.push_back(side_unit(ctx, s, u) + ": loses " + chance(so.loses, o.outcomes) +
                            ", pushed back " + chance(so.pushed_back, o.outcomes) + ", routed " +
                            chance(so.routed, o.outcomes) + ", UI lost " +
                            average(so.ui_sum, o.outcomes) + " on average");
    }
    out.summary = summary + "a draw " + pct(o.draws, o.outcomes);
    std::vector<std::string> dice = control::explain(ctx, now, c);
    out.lines.insert(out.lines.begin(), dice.begin(), dice.end());
    out.lines.push_back("A draw (hard fought, no advantage): " + chance(o.draws, o.outcomes) +
                        " (HBL-MELEE-3).");
    return out;
}

ui::Odds shot(const Context& ctx, const GameState& s, const cmd::Shoot& sh, const Command& c) {
    const ShotOdds o = shot_odds_now(ctx, s, sh.unit, sh.target);
    ui::Odds out;
    out.summary = "shot at " + side_unit(ctx, s, sh.target) + ": an effect " +
                  pct(o.effect, o.outcomes) + ", about " + average(o.ui_sum, o.outcomes) + " UI";
    out.lines = control::explain(ctx, s, c);
    out.lines.push_back("An effect (it beats the Defence Die): " + chance(o.effect, o.outcomes) +
                        " (HBL-SHOOT-5)");
    out.lines.push_back("Vexes the target: " + chance(o.vexes, o.outcomes) + " (HBL-SHOOT-4)");
    out.lines.push_back("Takes a move it was to make: " + chance(o.costs_move, o.outcomes) +
                        " (HBL-SHOOT-6)");
    out.lines.push_back("UI lost: " + average(o.ui_sum, o.outcomes) + " on average (HBL-SHOOT-3)");
    return out;
}

ui::Odds rally(const Context& ctx, const GameState& s, const cmd::Rally& r, const Command& c) {
    const Unit& u = s.units[r.unit];
    const RallyFactors f = rally_factors_now(ctx, s, r.unit);
    const RallyOdds o =
        rally_odds(core::ladder_die(ctx.army(u.side).commands[u.command].officer, rally_steps(f)));
    ui::Odds out;
    out.summary = "rally " + side_unit(ctx, s, r.unit) + ": succeeds " + pct(o.rallies, o.outcomes);
    out.lines = control::explain(ctx, s, c);
    out.lines.push_back("It rallies (vexation ends): " + chance(o.rallies, o.outcomes) +
                        " (HBL-RALLY-3)");
    out.lines.push_back("UI it may bring back: " + average(o.ui_max_sum, o.outcomes) +
                        " on average (HBL-RALLY-4)");
    return out;
}

ui::Odds march(const Context& ctx, const GameState& s, const cmd::Activate& a, const Command& c) {
    const CommandGroup& group = ctx.army(s.card_side).commands[a.command];
    const MarchOdds o = march_odds(group.officer);
    ui::Odds out;
    out.summary = "activate " + group.name + ": no move " + pct(o.moves[0], o.outcomes) +
                  ", 3 moves " + pct(o.moves[3], o.outcomes);
    out.lines = control::explain(ctx, s, c);
    for (std::size_t n = 0; n < o.moves.size(); ++n) {
        out.lines.push_back(std::to_string(n) + (n == 1 ? " move" : " moves") +
                            " a unit: " + chance(o.moves[n], o.outcomes) + " (HBL-MARCH-1)");
    }
    out.lines.push_back("A melee without a card (even roll): " +
                        chance(o.fierce_melee, o.outcomes) + " (HBL-MARCH-8)");
    return out;
}

std::string terrain_word(Terrain t) {
    return t == Terrain::I ? "open" : t == Terrain::II ? "rough (II)" : "difficult (III)";
}

/// A unit in words at a level of brevity: 0 in full, 1 shorter, 2 without the troop's name.
std::string unit_words(const Context& ctx, const GameState& s, std::size_t i, int brevity) {
    const Unit& u = s.units[i];
    std::string out =
        brevity >= 2 ? core::side_string(u.side) + " " + unit_label(ctx, s, i) : Text::unit_name(ctx, s, i);
    out += (brevity >= 1 ? " " : " facing ") + std::string(core::to_string(u.facing));
    out += ", " + std::to_string(u.integrity.ui - u.integrity.lost) + "/" +
           std::to_string(u.integrity.ui) + " UI";
    if (u.integrity.stubborn > 0)
        out += brevity >= 1 ? " s" + std::to_string(u.integrity.stubborn)
                            : ", " + std::to_string(u.integrity.stubborn) + " stubborn";
    if (u.integrity.vexed) out += ", vexed";
    if (ctx.rs().troop_types[u.type].shoots() && !u.loaded) out += ", unloaded";
    if (u.moves > 0) out += ", " + std::to_string(u.moves) + (brevity >= 1 ? " mv" : " moves left");
    return out;
}

std::string square_words(const Context& ctx, const GameState& s, core::Square sq, int brevity) {
    std::string out = core::to_string(sq) + " " + terrain_word(s.terrain_at(sq)) + ":";
    bool any = false;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        if (const auto u = unit_at(s, sq, side)) {
            out += (any ? "; " : " ") + unit_words(ctx, s, *u, brevity);
            any = true;
        }
    }
    if (any && unit_at(s, sq, core::Side::A) && unit_at(s, sq, core::Side::B))
        out += brevity >= 1 ? ", melee" : ", in melee";
    return any ? out : out + " empty";
}

}  // namespace

std::string Text::side_label(const Context& ctx, core::Side side) {
    return core::side_string(side) + " " + ctx.army(side).name;
}

std::string Text::side_name(const Context& ctx, core::Side side) {
    return "Side " + core::side_string(side) + " (" + ctx.army(side).name + ")";
}

std::string Text::unit_name(const Context& ctx, const State& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const UnitLine& line = ctx.army(u.side).units[u.line];
    const std::string name = !line.name.empty() ? line.name : ctx.rs().troop_types[u.type].name;
    // The side first, as in the event text ("A P1"): both sides may have a P1.
    return core::side_string(u.side) + " " + unit_label(ctx, s, unit) + " " + name;
}

std::vector<ui::LogEntry> Text::log_entries(const Context& ctx, const State* before,
                                            const State& after, const Command* c,
                                            const hbl::Events& events) {
    std::vector<ui::LogEntry> out;
    // The dice of the command explained under the event that rolled them (x, Ctrl-P).
    std::vector<std::string> why =
        before && c ? control::explain(ctx, *before, *c) : std::vector<std::string>{};
    for (const Event& e : events) {
        ui::LogEntry le{control::describe(ctx, after, e), {}, c ? after.turn : 0};
        if (!why.empty() && control::rolled_dice(e)) le.why = std::move(why), why.clear();
        out.push_back(std::move(le));
    }
    return out;
}

std::optional<ui::Odds> Text::odds(const Context& ctx, const State& s, const Command& c) {
    if (validate(ctx, s, c)) return std::nullopt;  // refused at once, with the reason
    if (const auto* f = std::get_if<cmd::Fight>(&c)) {
        return melee_odds(ctx, s, static_cast<std::size_t>(s.units[f->unit].melee), c, s);
    }
    if (const auto* m = std::get_if<cmd::Move>(&c)) {
        if (const auto r = at_once_round(ctx, s, *m))
            return melee_odds(ctx, r->state, r->melee, c, s);
        return std::nullopt;
    }
    if (const auto* sh = std::get_if<cmd::Shoot>(&c)) return shot(ctx, s, *sh, c);
    if (const auto* r = std::get_if<cmd::Rally>(&c)) return rally(ctx, s, *r, c);
    if (const auto* a = std::get_if<cmd::Activate>(&c)) return march(ctx, s, *a, c);
    return std::nullopt;
}

ui::ReactionOffer Text::reaction_offer(const Context& ctx, const State& s, const Command& c) {
    ui::ReactionOffer out{print(ctx, s, c), std::holds_alternative<cmd::Shoot>(c) ? "fires" : "plays it"};
    // The summary without its "shot at A H1: ": the command names the target.
    if (const auto o = odds(ctx, s, c)) {
        const auto colon = o->summary.find(": ");
        out.text += " - " + (colon == std::string::npos ? o->summary : o->summary.substr(colon + 2));
    }
    return out;
}

std::string Text::square_status(const Context& ctx, const State& s, core::Square sq, int width) {
    for (int brevity = 0; brevity <= 2; ++brevity) {
        std::string line = square_words(ctx, s, sq, brevity);
        const auto cells = ui::code_points(line);
        if (static_cast<int>(cells.size()) <= width) return line;
        if (brevity == 2) {
            line.clear();
            for (int i = 0; i + 3 < width && i < static_cast<int>(cells.size()); ++i)
                line += cells[static_cast<std::size_t>(i)];
            return line + "...";
        }
    }
    return {};
}

std::string Text::menu_label(const Context& ctx, const State& s, const Command& c) {
    std::string text = print(ctx, s, c);
    if (const auto* a = std::get_if<cmd::Activate>(&c)) {
        // Which units that is: the command's name alone does not say (issue 39).
        std::string units;
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            if (u.on_board && u.side == s.card_side && u.command == a->command)
                units += " " + unit_label(ctx, s, i);
        }
        if (!units.empty()) text += ":" + units;
    }
    return text;
}

const char* Text::setup_hint() {
    return "Before the battle: the armies stand in their home rows, both roll their army dice for "
           "the "
           "initiative. Space shows the next roll.";
}

}  // namespace tercio::kits::hbl_kit
