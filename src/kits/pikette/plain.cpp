#include "kits/pikette/plain.hpp"

#include <algorithm>
#include <cctype>
#include <variant>

#include "kits/pikette/control/event_text.hpp"
#include "kits/pikette/control/odds_text.hpp"
#include "kits/pikette/map_pane.hpp"
#include "kits/pikette/side_pane.hpp"
#include "rules/command.hpp"
#include "rules/geometry.hpp"
#include "rules/preview.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::kits::pikette {

namespace {

using rules::Side;

/// The rows of a TextSurface, trailing blanks removed, empty rows at the end dropped.
std::vector<std::string> rows_of(const ui::TextSurface& s) {
    std::vector<std::string> rows;
    std::string all = s.to_string();
    std::size_t start = 0;
    while (start <= all.size()) {
        const std::size_t nl = all.find('\n', start);
        rows.push_back(all.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    while (!rows.empty() && rows.back().empty()) rows.pop_back();
    return rows;
}

std::string plural(int n, std::string_view one, std::string_view many) {
    return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

/// "open ground", "wood", "a stream".
std::string ground_words(const rules::GameState& s, core::Square q) {
    if (s.stream_at(q)) return "a stream";
    if (const rules::TerrainPiece* p = s.piece_at(q)) return std::string(rules::to_string(p->kind));
    return "open ground";
}

/// A unit in a sentence's words, its side first when `side` ("B L1 Lancers at e7, facing south,
/// in good order, 2 of 2 stands, 1 hit, loaded").
std::string unit_words(const rules::RulesContext& ctx, const rules::GameState& s, std::size_t i,
                       bool side) {
    const rules::Unit& u = s.units[i];
    std::string out = (side ? std::string(1, rules::side_letter(u.side)) + " " : std::string()) +
                      rules::unit_label(ctx, s, i) + " " + control::unit_title(ctx, s, i);
    if (!u.deployed) return out + ", not yet deployed";
    if (u.status == rules::UnitStatus::Destroyed) return out + ", destroyed";
    if (u.status == rules::UnitStatus::LeftTable) return out + ", gone: it left the table";
    out += " at " + core::to_string(u.square) + ", facing " +
           std::string(core::facing_words(u.facing));
    out += u.status == rules::UnitStatus::Routed       ? ", Routed"
           : u.status == rules::UnitStatus::Disordered ? ", Disordered"
                                                       : ", in good order";
    out += ", " + std::to_string(u.stand_count()) + " of " +
           plural(ctx.type(u).stand_count(), "stand", "stands");
    if (u.hits > 0) out += ", " + plural(u.hits, "hit", "hits");
    if (u.range_half > 0) out += u.fired ? ", fired, must reload" : ", loaded";
    if (rules::leader_attached(s, i)) out += ", the leader with it";
    return out;
}

/// `map`: the board as text rows, said to be a grid first (a listener may skip it: near,
/// units and enemy say the same in words), then a legend.
std::vector<std::string> map_page(const rules::RulesContext& ctx, const rules::GameState& s) {
    ui::MapView view;
    view.ascii = true;
    view.color = false;
    const ui::Rect r = ui::map_rect(view, s.files, s.ranks);
    ui::TextSurface t(r.w, r.h);
    ui::draw_map(t, r, ctx, s, view);
    std::vector<std::string> out{"The board as a grid of " + std::to_string(s.ranks) +
                                 " rows, rank " + std::to_string(s.ranks) +
                                 " at the top; in words: near and a square, units, enemy."};
    for (std::string& row : rows_of(t)) out.push_back(std::move(row));
    out.emplace_back("End of the grid.");
    // The legend: each glyph on the table, capital for A and small for B.
    out.push_back("A (" + ctx.army(Side::A).name + ") in capitals, B (" + ctx.army(Side::B).name +
                  ") in small letters; the marks: tercio(6), MAP GLYPHS.");
    std::string legend;
    std::vector<std::uint8_t> seen;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const rules::Unit& u = s.units[i];
        if (!u.on_table() || std::find(seen.begin(), seen.end(), u.type) != seen.end()) continue;
        seen.push_back(u.type);
        const rules::TroopType& type = ctx.type(u);
        legend += (legend.empty() ? "" : ", ") + std::string(1, static_cast<char>(std::toupper(type.glyph))) + " " +
                  type.name;
    }
    if (!legend.empty()) out.push_back("Units: " + legend + ".");
    return out;
}

/// `units` (the side deciding's) and `enemy` (the other side's): one sentence a unit, then its
/// leader.
std::vector<std::string> side_page(const rules::RulesContext& ctx, const rules::GameState& s,
                                   Side side, bool enemy) {
    std::vector<std::string> lines;
    int on_table = 0;
    int gone = 0;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const rules::Unit& u = s.units[i];
        if (u.side != side) continue;
        if (u.on_table()) ++on_table;
        if (u.deployed && !u.on_table()) ++gone;
        lines.push_back(unit_words(ctx, s, i, false) + ".");
    }
    std::vector<std::string> out{std::string(enemy ? "The enemy, " : "Your side, ") +
                                 ui::side_label(ctx, side) + ": " +
                                 plural(on_table, "unit", "units") + " on the table" +
                                 (gone > 0 ? ", " + std::to_string(gone) + " gone." : ".")};
    out.insert(out.end(), lines.begin(), lines.end());
    const rules::Leader& l = s.leaders[rules::idx(side)];
    if (!l.alive) {
        out.emplace_back("The leader is lost.");
    } else if (!l.deployed) {
        out.emplace_back("The leader is not yet deployed.");
    } else if (l.attached != rules::kNone) {
        out.push_back("The leader is at " + core::to_string(l.square) + ", with " +
                      rules::unit_label(ctx, s, l.attached) + ".");
    } else {
        out.push_back("The leader is at " + core::to_string(l.square) + ", alone.");
    }
    return out;
}

/// What is in a square, without its name: "wood: A K1 Gendarmes facing north, ...; the B leader".
std::string square_words(const rules::RulesContext& ctx, const rules::GameState& s,
                         core::Square q) {
    std::string out = ground_words(s, q);
    std::vector<std::string> parts;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const rules::Unit& u = s.units[i];
        if (u.on_table() && u.square == q) {
            std::string w = unit_words(ctx, s, i, true);
            // The square is named already.
            const std::string at = " at " + core::to_string(q);
            if (const auto p = w.find(at); p != std::string::npos) w.erase(p, at.size());
            parts.push_back(std::move(w));
        }
    }
    for (const Side side : {Side::A, Side::B}) {
        const rules::Leader& l = s.leaders[rules::idx(side)];
        if (l.alive && l.deployed && l.square == q)
            parts.push_back(std::string("the ") + rules::side_letter(side) + " leader");
    }
    if (parts.empty()) return out + ", empty";
    for (std::size_t k = 0; k < parts.size(); ++k) out += (k == 0 ? ": " : "; ") + parts[k];
    return out;
}

/// `near SQUARE`: what is at the square and in the eight around it, in sentences; the empty
/// open squares together at the end.
std::vector<std::string> near_page(const rules::RulesContext& ctx, const rules::GameState& s,
                                   const std::string& rest) {
    return ui::near_lines(s.files, s.ranks, rest, [&](core::Square q) { return square_words(ctx, s, q); });
}

/// `cards`: the turn, what the game waits for, the phase and card, then each side's cards and
/// chips in a sentence (not a table of numbers: it reads aloud).
std::vector<std::string> cards_page(const rules::RulesContext& ctx, const rules::GameState& s) {
    std::vector<std::string> out;
    ui::TextSurface t(200, ui::kStatusRows);
    ui::draw_status(t, ui::Rect{0, 0, 200, ui::kStatusRows}, ctx, s, ui::StatusOptions{false});
    // The status rows above the table are sentences already; the table becomes sentences below.
    for (std::string& row : rows_of(t)) {
        if (row.empty() || row.find("Deck Disc") != std::string::npos) break;
        out.push_back(std::move(row) + ".");
    }
    for (const Side side : {Side::A, Side::B}) {
        const std::size_t i = rules::idx(side);
        const int drawn = s.decks[i].drawn;
        const bool current = side == s.active && s.current_card() != nullptr;
        const int discarded = std::max(0, drawn - (current ? 1 : 0));
        out.push_back(ui::side_label(ctx, side) + ": " +
                      plural(s.decks[i].left(), "card", "cards") + " in the deck, " +
                      std::to_string(discarded) + " discarded, " +
                      plural(s.opportunity_chips[i], "opportunity chip", "opportunity chips") +
                      ", " + plural(s.morale_chips[i], "morale chip", "morale chips") + ".");
    }
    return out;
}

}  // namespace

std::string Plain::decision(const Context& ctx, const State& s) { return ui::decision_text(ctx, s); }

std::string Plain::prompt_note(const Context&, const State& s) {
    // PS-PIP-1: the pips the active side has left to spend in its phase.
    if (s.decision != rules::Decision::Act || s.decider != s.active || s.turn == 0) return "";
    return plural(s.pips, "pip", "pips") + " left";
}

std::optional<std::vector<std::string>> Plain::page(const Context& ctx, const State& s,
                                                    core::Side side, std::string_view word,
                                                    const std::string& rest) {
    if (word == "map") return map_page(ctx, s);
    if (word == "units") return side_page(ctx, s, side, false);
    if (word == "enemy") return side_page(ctx, s, rules::other(side), true);
    if (word == "near") return near_page(ctx, s, rest);
    if (word == "cards") return cards_page(ctx, s);
    return std::nullopt;
}

std::vector<std::string> Plain::page_help() {
    return {"  map           the board as a grid of letters, with a legend",
            "  near SQUARE   what is at a square and around it, in words",
            "  units         your units (the side deciding): square, facing, state, stands, hits",
            "  enemy         the enemy's units, as units says yours",
            "  cards         the turn, phase, card and pips; each side's decks and chips"};
}

std::optional<std::string> Plain::word(control::ReactionFilter& reactions, const std::string& word,
                                       const std::string& rest) {
    if (word == "charge-threshold") {
        if (const auto n = control::parse_percent(rest)) {
            reactions.set_charge_threshold(*n);
            return "charge-threshold " + std::to_string(*n) + ".";
        }
        return "charge-threshold PERCENT, 0 to 100 (now " + std::to_string(reactions.charge_threshold()) + ").";
    }
    if (word == "shot-threshold") {
        if (const auto n = control::parse_percent(rest)) {
            reactions.set_shot_threshold(*n);
            return "shot-threshold " + std::to_string(*n) + ".";
        }
        return "shot-threshold PERCENT, 0 to 100 (now " + std::to_string(reactions.shot_threshold()) + ").";
    }
    if (word != "unmoved-shots") return std::nullopt;
    if (const auto u = control::parse_unmoved_shots(rest)) {
        reactions.set_unmoved_shots(*u);
        return std::string("unmoved-shots ") + control::to_string(*u) + ".";
    }
    return std::string("unmoved-shots ask or unmoved-shots never (now ") + control::to_string(reactions.unmoved_shots()) +
           ").";
}

std::vector<std::string> Plain::word_help() {
    return {"  unmoved-shots ask|never: whether shots at units that did not move stop the game",
            "                (reactions with nothing new to do never stop it)",
            "  shot-threshold PERCENT: a shot less likely than this to hit or disorder never",
            "                stops the game (default " + std::to_string(control::kDefaultShotThreshold) + "; 0: every shot may)",
            "  charge-threshold PERCENT: a charge less likely than this to win never stops",
            "                the game (default " + std::to_string(control::kDefaultChargeThreshold) + "; 0: every charge may)"};
}

std::vector<std::string> Plain::odds(const Context& ctx, const State& s, const std::string& text, std::string& why) {
    std::string err;
    const auto c = rules::parse_command(text, err);
    if (!c) {
        why = err;
        return {};
    }
    const std::vector<rules::Command> one{*c};
    const auto p = rules::preview(ctx, s, one);
    if (const auto* refused = std::get_if<std::string>(&p)) {
        why = *refused;
        return {};
    }
    return control::odds_lines(ctx, s, std::get<rules::Preview>(p));
}

}  // namespace tercio::kits::pikette
