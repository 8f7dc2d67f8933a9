#include "kits/tsp/text.hpp"

#include <variant>

#include "kits/tsp/control/event_text.hpp"
#include "tsp/odds.hpp"
#include "ui/surface.hpp"

namespace tercio::kits::tsp_kit {

namespace {

using namespace tsp;

/// The odds column is at least this wide (the side pane at 80x24).
constexpr int kOddsWidth = 28;

std::string terrain_word(Terrain t) {
    switch (t) {
        case Terrain::Open: return "open";
        case Terrain::Wood: return "wood";
        case Terrain::Hill: return "hill";
        case Terrain::Stream: return "stream";
        case Terrain::Hedge: return "hedge";
        case Terrain::Wall: return "wall";
        case Terrain::Building: return "building";
        case Terrain::Road: return "road";
    }
    return "?";
}

/// A unit in words at a level of brevity: 0 in full, 1 shorter, 2 without the troop's name.
std::string unit_words(const Context& ctx, const GameState& s, std::size_t i, int brevity) {
    const Unit& u = s.units[i];
    std::string out = brevity >= 2 ? core::side_string(u.side) + " " + unit_label(ctx, s, i) : Text::unit_name(ctx, s, i);
    out += (brevity >= 1 ? " " : " facing ") + std::string(core::to_string(u.facing));
    out += ", " + std::to_string(u.total()) + "/" + std::to_string(u.start_figures) +
           (brevity >= 1 ? " " : " figures ") + control::condition_word(condition_of(u));
    if (u.status != Status::Steady) out += ", " + control::status_word(u.status);
    if (u.dismounted) out += ", dismounted";
    if (u.reload > 0) out += brevity >= 1 ? ", reload " + std::to_string(u.reload) : ", " + std::to_string(u.reload) + " reload";
    if (u.out_of_fire) out += ", out of fire";
    if (u.charging >= 0 && brevity < 2) out += ", charging";
    if (u.combat >= 0) out += brevity >= 1 ? ", in combat" : ", in close combat";
    return out;
}

std::string square_words(const Context& ctx, const GameState& s, core::Square sq, int brevity) {
    std::string out = core::to_string(sq) + " " + terrain_word(s.terrain_at(sq));
    if (const Objective* o = objective_at(ctx, sq)) out += ", objective " + o->name;
    out += ":";
    bool any = false;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        if (const auto u = unit_at(s, sq, side)) {
            out += (any ? "; " : " ") + unit_words(ctx, s, *u, brevity);
            any = true;
        }
    }
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

std::vector<ui::LogEntry> Text::log_entries(const Context& ctx, const State* before, const State& after,
                                            const Command* c, const tsp::Events& events) {
    std::vector<ui::LogEntry> out;
    // The dice of the command explained under the event that rolled them (x, Ctrl-P).
    std::vector<std::string> why = before && c ? control::explain(ctx, *before, *c) : std::vector<std::string>{};
    for (const Event& e : events) {
        ui::LogEntry le{control::describe(ctx, after, e), {}, c ? after.turn : 0};
        if (!why.empty() && control::rolled_dice(e)) le.why = std::move(why), why.clear();
        out.push_back(std::move(le));
    }
    return out;
}

std::optional<ui::Odds> Text::odds(const Context& ctx, const State& s, const Command& c) {
    if (validate(ctx, s, c)) return std::nullopt;  // refused at once, with the reason
    if (const auto* a = std::get_if<cmd::Activate>(&c)) {
        // A Steady heavy gun rolls nothing when activated (TSP-MOVE-1): played at once.
        const Unit& u = s.units[a->unit];
        if (u.status != Status::Shaken && unit_move_dice(ctx, u).count == 0)
            return std::nullopt;
    }
    const auto o = control::command_odds(ctx, s, c, kOddsWidth);
    if (!o) return std::nullopt;
    ui::Odds out;
    out.summary = print(ctx, s, c) + ": " + o->summary;
    // The chances first, the dice explained under them (x shows those again after the roll).
    out.lines.push_back(o->head + ":");
    out.lines.insert(out.lines.end(), o->lines.begin(), o->lines.end());
    for (std::string& line : control::explain(ctx, s, c)) out.lines.push_back(std::move(line));
    return out;
}

ui::ReactionOffer Text::reaction_offer(const Context& ctx, const State& s, const Command& c) {
    // Never asked for (its rules stop for no reaction), but any command can be shown so.
    ui::ReactionOffer out{print(ctx, s, c), std::holds_alternative<cmd::Shoot>(c) ? "fires" : "plays it"};
    if (const auto o = odds(ctx, s, c)) out.text = o->summary;
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
    // Which unit that is: its label alone does not say what it is.
    const auto named = std::visit(
        [](const auto& x) -> int {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, cmd::Activate> || std::is_same_v<T, cmd::Hold> ||
                          std::is_same_v<T, cmd::BreakOff>)
                return x.unit;
            else
                return -1;
        },
        c);
    if (named >= 0 && named < s.unit_count) {
        const Unit& u = s.units[static_cast<std::size_t>(named)];
        const UnitLine& line = ctx.army(u.side).units[u.line];
        text += ": " + (!line.name.empty() ? line.name : ctx.rs().troop_types[u.type].name);
    }
    return text;
}

const char* Text::setup_hint() {
    return "Before the battle: the armies stand in their home rows, the casualty and activation decks are "
           "shuffled and the first card is pulled. Space shows the next.";
}

}  // namespace tercio::kits::tsp_kit
