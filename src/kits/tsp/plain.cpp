#include "kits/tsp/plain.hpp"

#include "kits/tsp/control/event_text.hpp"
#include "ui/screen_parts.hpp"

namespace tercio::kits::tsp_kit {

namespace {

std::string side_name(core::Side s) { return std::string(1, core::side_letter(s)); }

std::string plural(int n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string ground_words(tsp::Terrain t) {
    switch (t) {
        case tsp::Terrain::Open: return "open ground";
        case tsp::Terrain::Wood: return "a wood";
        case tsp::Terrain::Hill: return "a hill";
        case tsp::Terrain::Stream: return "a stream";
        case tsp::Terrain::Hedge: return "a hedge";
        case tsp::Terrain::Wall: return "a wall";
        case tsp::Terrain::Building: return "a building";
        case tsp::Terrain::Road: return "a road";
    }
    return "unknown ground";
}

/// "A P1": a unit by side and label.
std::string label(const tsp::Context& ctx, const tsp::GameState& s, int u) {
    if (u < 0 || u >= s.unit_count) return "an unknown unit";
    return side_name(s.units[static_cast<std::size_t>(u)].side) + " " +
           tsp::unit_label(ctx, s, static_cast<std::size_t>(u));
}

/// A unit in a sentence's words, its side first when `side` ("A P1 Swiss Pike at k2, facing
/// north, 25 of 25 figures, Fresh, Steady, 2 leaders, a Colonel with it").
std::string unit_words(const tsp::Context& ctx, const tsp::GameState& s, std::size_t i, bool side, bool at = true) {
    const tsp::Unit& u = s.units[i];
    const tsp::UnitLine& line = ctx.army(u.side).units[u.line];
    const tsp::TroopType& type = ctx.rs().troop_types[u.type];
    std::string out = (side ? side_name(u.side) + " " : std::string()) + tsp::unit_label(ctx, s, i) + " " +
                      (line.name.empty() ? type.name : line.name);
    if (!u.on_board) return out + ", gone from the field";
    if (at) out += " at " + core::to_string(u.sq);
    out += ", facing " + std::string(core::facing_words(u.facing)) + ", " + std::to_string(u.total()) + " of " +
           std::to_string(u.start_figures) + " figures, " + control::condition_word(tsp::condition_of(u)) + ", " +
           control::status_word(u.status);
    if (u.dismounted) out += ", dismounted";
    const int leaders = control::own_leaders(u);
    out += leaders == 0 ? ", no leader" : ", " + plural(leaders, "leader", "leaders");
    for (std::size_t o = 0; o < s.officer_count; ++o) {
        if (s.officers[o].alive && s.officers[o].unit == static_cast<std::int8_t>(i))
            out += s.officers[o].rank == tsp::Rank::General ? ", a General with it" : ", a Colonel with it";
    }
    if (u.reload > 0) out += ", " + plural(u.reload, "reload marker", "reload markers");
    if (u.out_of_fire) out += ", out of fire";
    if (u.charging >= 0) out += ", charging " + label(ctx, s, u.charging);
    if (u.combat >= 0) out += ", in close combat with " + label(ctx, s, u.combat);
    if (u.acted && !s.over()) out += ", has had its chance in this phase";
    return out;
}

/// `units` (the side's) and `enemy` (the other side's), a sentence a unit.
std::vector<std::string> side_page(const tsp::Context& ctx, const tsp::GameState& s, core::Side side, bool enemy) {
    std::vector<std::string> lines;
    int on = 0;
    int gone = 0;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const tsp::Unit& u = s.units[i];
        if (u.side != side) continue;
        (u.on_board ? on : gone) += 1;
        lines.push_back(unit_words(ctx, s, i, false) + ".");
    }
    std::vector<std::string> out{std::string(enemy ? "The enemy, " : "Your side, ") + side_name(side) + " " +
                                 ctx.army(side).name + ": " + plural(on, "unit", "units") + " on the field" +
                                 (gone > 0 ? ", " + std::to_string(gone) + " gone." : ".")};
    out.insert(out.end(), lines.begin(), lines.end());
    return out;
}

/// What is in a square, without its name: "a wood: A P1 Swiss Pike, facing north, ...".
std::string square_words(const tsp::Context& ctx, const tsp::GameState& s, core::Square q) {
    std::string out = ground_words(s.terrain_at(q));
    if (const tsp::Objective* o = tsp::objective_at(ctx, q)) out += ", the objective " + o->name;
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const tsp::Unit& u = s.units[i];
        if (u.on_board && u.sq == q) parts.push_back(unit_words(ctx, s, i, true, false));
    }
    if (parts.empty()) return out + ", empty";
    for (std::size_t k = 0; k < parts.size(); ++k) out += (k == 0 ? ": " : "; ") + parts[k];
    return out;
}

/// The card in play and whose it is: "the 7 of hearts, Red's".
std::string card_in_play(const tsp::GameState& s) {
    return s.card ? control::card_with_owner(*s.card) : std::string("no card");
}

}  // namespace

std::string Plain::decision(const Context& ctx, const State& s) {
    const std::string who = side_name(s.decider);
    const std::string units = s.activations_left > 1 ? plural(s.activations_left, "unit", "units") : "a unit";
    switch (s.decision) {
        case tsp::Decision::Activate: {
            bool can_break = false;
            bool can_dismount = false;
            for (const tsp::Command& c : tsp::legal_commands(ctx, s)) {
                can_break = can_break || std::holds_alternative<tsp::cmd::BreakOff>(c);
                can_dismount = can_dismount || std::holds_alternative<tsp::cmd::Dismount>(c);
            }
            return who + " moves " + units + " on " + card_in_play(s) + " (activate or hold a unit" +
                   (can_dismount ? "; dismount or mount one, activating it" : "") +
                   (can_break ? "; break a unit out of its close combat" : "") + ")";
        }
        case tsp::Decision::Move: {
            const int points = tsp::move_points(s.move_inches);
            const std::string u = label(ctx, s, s.active);
            if (points == 0) return u + " has no move: it may turn or stay (face F, stay)";
            return u + " has " + plural(s.move_inches, "inch", "inches") + ", " +
                   plural(points, "movement point", "movement points") +
                   ": move it, turn it or let it stay (move SQUARE, move SQUARE face F, face F, stay)";
        }
        case tsp::Decision::Fire:
            return who + " fires with " + units + " on " + card_in_play(s) + " (shoot a unit at a target, or hold it)";
        case tsp::Decision::Over: break;
    }
    return "";
}

std::string Plain::prompt_note(const Context& ctx, const State& s) {
    if (s.decision == tsp::Decision::Move && s.active >= 0)
        return tsp::unit_label(ctx, s, static_cast<std::size_t>(s.active)) + ", " +
               plural(tsp::move_points(s.move_inches), "point", "points");
    if ((s.decision == tsp::Decision::Activate || s.decision == tsp::Decision::Fire) && s.activations_left > 1)
        return plural(s.activations_left, "unit", "units") + " on this card";
    return "";
}

std::optional<std::vector<std::string>> Plain::page(const Context& ctx, const State& s, core::Side side,
                                                    std::string_view word, const std::string& rest) {
    if (word == "map") {
        // The grid said to be one first (a listener may skip it: near, units and enemy say the
        // same in words).
        std::vector<std::string> out{"The board as a grid of " + std::to_string(s.ranks) + " rows, rank " +
                                     std::to_string(s.ranks) + " at the top; in words: near and a square, units, enemy."};
        for (std::string& row : control::board_lines(ctx, s)) out.push_back(std::move(row));
        out.emplace_back("End of the grid.");
        out.emplace_back(
            "A in capitals, B in small letters; a dot is open ground, an ampersand a wood, a caret a hill, a "
            "tilde a stream, a colon a hedge, a hash a wall, an at sign a building, an equals sign a road, and a "
            "star two units in close combat.");
        return out;
    }
    if (word == "units") return side_page(ctx, s, side, false);
    if (word == "enemy") return side_page(ctx, s, core::other(side), true);
    if (word == "near")
        return ui::near_lines(s.files, s.ranks, rest, [&](core::Square q) { return square_words(ctx, s, q); });
    // `cards`, as in Pikette Squared's plain mode: the card in play and the decks, with the rest
    // of the status.
    if (word == "status" || word == "cards") return control::status_lines(ctx, s);
    return std::nullopt;
}

std::vector<std::string> Plain::page_help() {
    return {"  map           the board as a grid of letters",
            "  near SQUARE   what is at a square and around it, in words",
            "  units         your units: square, facing, figures, Fresh or Worn or Spent, Shaken, reloading",
            "  enemy         the enemy's units, as units says yours",
            "  status        the turn, the card in play, each side's units and spirit, the decks",
            "                (cards says the same)"};
}

std::vector<std::string> Plain::odds(const Context& ctx, const State& s, const std::string& text, std::string& why) {
    bool illegal = false;
    if (auto lines = control::odds_lines(ctx, s, text, why, illegal)) return std::move(*lines);
    return {};
}

}  // namespace tercio::kits::tsp_kit
