#include "kits/pikette/text.hpp"

#include <variant>

#include "kits/pikette/control/event_text.hpp"
#include "kits/pikette/control/odds_text.hpp"
#include "rules/preview.hpp"
#include "kits/pikette/guide.hpp"
#include "kits/pikette/map_pane.hpp"
#include "kits/pikette/side_pane.hpp"
#include "kits/pikette/unit_reference.hpp"

namespace tercio::kits::pikette {

std::string Text::side_label(const Context& ctx, core::Side side) {
    return ui::side_label(ctx, side);
}

std::string Text::side_name(const Context& ctx, core::Side side) {
    return control::side_name(ctx, side);
}

std::string Text::unit_name(const Context& ctx, const State& s, std::size_t unit) {
    return control::unit_name(ctx, s, unit);
}

std::vector<ui::LogEntry> Text::log_entries(const Context& ctx, const State*, const State& after,
                                            const Command*, const rules::Events& events) {
    std::vector<ui::LogEntry> out;
    for (std::size_t k = 0; k < events.size(); ++k) {
        // An event belongs to the turn of the first TurnEnded at or after it in this batch: a
        // command that ends turn 3 and starts turn 4 logs "End of turn 3" under turn 3.
        int turn = after.turn;
        for (std::size_t j = k; j < events.size(); ++j) {
            if (const auto* te = std::get_if<rules::TurnEnded>(&events[j])) {
                turn = te->turn;
                break;
            }
        }
        out.push_back({control::describe(ctx, after, events[k]),
                       control::explain(ctx, after, events[k]), turn});
    }
    return out;
}

std::optional<ui::Odds> Text::odds(const Context& ctx, const State& s, const Command& c) {
    const std::vector<Command> one{c};
    const auto p = rules::preview(ctx, s, one);
    const rules::Preview* v = std::get_if<rules::Preview>(&p);
    if (!v) return std::nullopt;
    return ui::Odds{control::odds_summary(ctx, s, *v), control::odds_lines(ctx, s, *v)};
}

std::string Text::decision_hint(const Context& ctx, const State& s, const std::string& why) {
    return ui::decision_hint(ctx, s, why);
}

std::string Text::square_status(const Context& ctx, const State& s, core::Square sq, int width) {
    return ui::square_status(ctx, s, sq, width);
}

std::vector<std::string> Text::unit_reference(const Context& ctx, const State& s,
                                              std::size_t unit) {
    return ui::unit_reference(ctx, s, unit);
}

std::vector<std::string> Text::game_summary(const Context& ctx, const State& s) {
    return ui::game_summary(ctx, s);
}

std::string Text::menu_label(const Context& ctx, const State& s, const Command& c) {
    // An evade says where it goes (PS-INVOL-4), so the player knows before choosing it.
    if (std::holds_alternative<rules::Evade>(c)) return "evade " + control::evade_route(ctx, s, true);
    return rules::print(c);
}

ui::ReactionOffer Text::reaction_offer(const Context& ctx, const State& s, const Command& c) {
    ui::ReactionOffer out{rules::print(c), "plays it"};
    if (std::holds_alternative<rules::Shoot>(c)) out.verb = "fires";
    if (std::holds_alternative<rules::Charge>(c)) out.verb = "charges";
    if (std::holds_alternative<rules::Evade>(c)) {
        out.verb = "evades";
        // The unit the mover has just entered (PS-OPP-9).
        if (s.move.unit != rules::kNone) {
            const core::Square at = s.units[s.move.unit].square;
            if (const auto evader = rules::unit_at(s, at, s.decider))
                out.text = "evade with " + control::unit_name(ctx, s, *evader) + " from " + core::to_string(at) +
                           " " + control::evade_route(ctx, s);
        }
        return out;
    }
    const std::vector<Command> one{c};
    const auto p = rules::preview(ctx, s, one);
    if (const rules::Preview* v = std::get_if<rules::Preview>(&p)) out.text += " - " + control::reaction_odds(ctx, s, *v);
    return out;
}

const char* Text::setup_hint() {
    return "Before the battle each army rolls for upgrades, extra units and morale chips, then "
           "both roll for "
           "terrain. Space shows the next roll.";
}

}  // namespace tercio::kits::pikette
