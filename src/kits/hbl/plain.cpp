#include "kits/hbl/plain.hpp"

#include "control/hbl_event_text.hpp"
#include "kits/hbl/run.hpp"
#include "ui/hbl_board.hpp"

namespace tercio::kits::hbl_kit {

std::string Plain::decision(const Context& ctx, const State& s) {
    // The hint is a sentence; the plain line puts who decides after it.
    std::string hint = ui::hbl_decision_hint(ctx, s);
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
