#include "kits/hbl/plain.hpp"

#include "ui/screen_parts.hpp"

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

std::string plural(int n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string ground_words(hbl::Terrain t) {
    return t == hbl::Terrain::I    ? "open ground"
           : t == hbl::Terrain::II ? "rough ground (II)"
                                   : "difficult ground (III)";
}

/// A unit in a sentence's words, its side first when `side` ("A P1 Swiss pike at l2, facing north,
/// 10 of 10 UI, 6 of them stubborn, loaded").
std::string unit_words(const hbl::Context& ctx, const hbl::GameState& s, std::size_t i, bool side,
                       bool at = true) {
    const hbl::Unit& u = s.units[i];
    const hbl::UnitLine& line = ctx.army(u.side).units[u.line];
    const hbl::TroopType& type = ctx.rs().troop_types[u.type];
    std::string out = (side ? side_name(u.side) + " " : std::string()) +
                      hbl::unit_label(ctx, s, i) + " " +
                      (line.name.empty() ? type.name : line.name);
    if (!u.on_board) return out + ", gone from the field";
    if (at) out += " at " + core::to_string(u.sq);
    out += ", facing " + std::string(core::facing_words(u.facing)) + ", " +
           std::to_string(u.integrity.ui - u.integrity.lost) + " of " +
           std::to_string(u.integrity.ui) + " UI";
    if (u.integrity.stubborn > 0)
        out += ", " + std::to_string(u.integrity.stubborn) + " of them stubborn";
    if (u.integrity.vexed) out += ", vexed";
    if (type.shoots()) out += u.loaded ? ", loaded" : ", unloaded";
    if (u.melee >= 0) out += ", in melee";
    if (u.moves > 0) out += ", " + plural(u.moves, "move", "moves") + " left";
    return out;
}

/// `units` (the side deciding's) and `enemy` (the other side's), a sentence a unit.
std::vector<std::string> side_page(const hbl::Context& ctx, const hbl::GameState& s,
                                   core::Side side, bool enemy) {
    std::vector<std::string> lines;
    int on = 0;
    int gone = 0;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const hbl::Unit& u = s.units[i];
        if (u.side != side) continue;
        (u.on_board ? on : gone) += 1;
        lines.push_back(unit_words(ctx, s, i, false) + ".");
    }
    std::vector<std::string> out{std::string(enemy ? "The enemy, " : "Your side, ") +
                                 side_name(side) + " " + ctx.army(side).name + ": " +
                                 plural(on, "unit", "units") + " on the field" +
                                 (gone > 0 ? ", " + std::to_string(gone) + " gone." : ".")};
    out.insert(out.end(), lines.begin(), lines.end());
    return out;
}

/// What is in a square, without its name: "rough ground (II): A P1 Swiss pike, facing north, ...".
std::string square_words(const hbl::Context& ctx, const hbl::GameState& s, core::Square q) {
    std::string out = ground_words(s.terrain_at(q));
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const hbl::Unit& u = s.units[i];
        if (u.on_board && u.sq == q) parts.push_back(unit_words(ctx, s, i, true, false));
    }
    if (parts.empty()) return out + ", empty";
    for (std::size_t k = 0; k < parts.size(); ++k) out += (k == 0 ? ": " : "; ") + parts[k];
    return out;
}

/// `near SQUARE`: the square and the eight around it, in sentences; the empty open squares
/// together at the end.
std::vector<std::string> near_page(const hbl::Context& ctx, const hbl::GameState& s,
                                   const std::string& rest) {
    return ui::near_lines(s.files, s.ranks, rest, [&](core::Square q) { return square_words(ctx, s, q); });
}

}  // namespace

std::string Plain::decision(const Context& ctx, const State& s) {
    // The hint is a sentence; the plain line puts who decides after it.
    std::string hint = decision_hint(ctx, s);
    if (!hint.empty() && hint.back() == '.') hint.pop_back();
    return hint;
}

std::string Plain::prompt_note(const Context&, const State& s) {
    // HBL-INIT-2: the pips the side in its phase has left.
    if (s.decision != hbl::Decision::Act || s.decider != s.active) return "";
    return plural(s.pips_left, "pip", "pips") + " left";
}

std::optional<std::vector<std::string>> Plain::page(const Context& ctx, const State& s,
                                                    core::Side side, std::string_view word,
                                                    const std::string& rest) {
    if (word == "map") {
        // The grid said to be one first (a listener may skip it: near, units and enemy say the
        // same in words).
        std::vector<std::string> out{"The board as a grid of " + std::to_string(s.ranks) +
                                     " rows, rank " + std::to_string(s.ranks) +
                                     " at the top; in words: near and a square, units, enemy."};
        for (std::string& row : control::board_lines(ctx, s)) out.push_back(std::move(row));
        out.emplace_back("End of the grid.");
        out.emplace_back(
            "A in capitals, B in small letters; colon rough ground, hash difficult ground, "
            "star a melee.");
        return out;
    }
    if (word == "units") return side_page(ctx, s, side, false);
    if (word == "enemy") return side_page(ctx, s, core::other(side), true);
    if (word == "near") return near_page(ctx, s, rest);
    // `cards`, as in Pikette Squared's plain mode: the same page as status.
    return HblRun::page(ctx, s, word == "cards" ? std::string_view("status") : word);
}

std::vector<std::string> Plain::page_help() {
    return {
        "  map           the board as a grid of letters",
        "  near SQUARE   what is at a square and around it, in words",
        "  units         your units (the side deciding): square, facing, unit integrity, loaded",
        "  enemy         the enemy's units, as units says yours",
        "  status        the turn, pips, cards, army dice, morale chips and decks",
        "                (cards says the same)"};
}

std::vector<std::string> Plain::odds(const Context& ctx, const State& s, const std::string& text, std::string& why) {
    bool illegal = false;
    if (auto lines = control::odds_lines(ctx, s, text, why, illegal)) return std::move(*lines);
    return {};
}

}  // namespace tercio::kits::hbl_kit
