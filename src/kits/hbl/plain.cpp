#include "kits/hbl/plain.hpp"

#include "kits/hbl/control/event_text.hpp"
#include "kits/hbl/run.hpp"

namespace tercio::kits::hbl_kit {

namespace {

std::string side_name(core::Side s) { return std::string(1, core::side_letter(s)); }

/// What the side deciding should do now, as a sentence (it was the replay board's hint).
std::string decision_hint(const hbl::Context& ctx, const hbl::GameState& s) {
    (void)ctx;
    const std::string who = side_name(s.decider);
    switch (s.decision) {
        case hbl::Decision::Choose:
            return who + " goes first or second (first, second).";
        case hbl::Decision::Act:
            if (!s.card) return who + " may turn a card for a pip (turn), or end the phase (done).";
            return who + " acts on the " + std::string(hbl::card_title(*s.card)) +
                   " card (legal lists how), then done.";
        case hbl::Decision::React:
            return side_name(s.card_side) + " activated a command: " + who +
                   " may shoot at it before it moves (shoot), or hold.";
        case hbl::Decision::Stubborn:
            return who + "'s stubborn unit may pay a chip to stand (stubborn), or accept.";
        case hbl::Decision::KeepMove:
            return who + "'s stubborn unit may pay a chip to keep its move (stubborn), or accept.";
        case hbl::Decision::Follow:
            return who + "'s winner may follow up (follow), or stay.";
        case hbl::Decision::RallyBack:
            return who +
                   " chooses how many UI the rally brings back, a chip each (back 0 to back " +
                   std::to_string(s.rally_max) + ").";
        case hbl::Decision::Over:
            break;
    }
    return "";
}

}  // namespace

std::string Plain::decision(const Context& ctx, const State& s) {
    // The hint is a sentence; the plain line puts who decides after it.
    std::string hint = decision_hint(ctx, s);
    if (!hint.empty() && hint.back() == '.') hint.pop_back();
    return hint;
}

std::optional<std::vector<std::string>> Plain::page(const Context& ctx, const State& s, std::string_view word) {
    return HblRun::page(ctx, s, word);
}

std::vector<std::string> Plain::page_help() {
    return {"  map           the board as text rows",
            "  units         every unit: square, facing, unit integrity, vexed, loaded",
            "  status        the turn, pips, cards, army dice, morale chips and decks"};
}

std::vector<std::string> Plain::odds(const Context& ctx, const State& s, const std::string& text, std::string& why) {
    bool illegal = false;
    if (auto lines = control::odds_lines(ctx, s, text, why, illegal)) return std::move(*lines);
    return {};
}

}  // namespace tercio::kits::hbl_kit
