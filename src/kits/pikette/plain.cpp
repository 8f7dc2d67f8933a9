#include "kits/pikette/plain.hpp"

#include <algorithm>
#include <cctype>
#include <variant>

#include "kits/pikette/control/event_text.hpp"
#include "kits/pikette/control/odds_text.hpp"
#include "kits/pikette/map_pane.hpp"
#include "kits/pikette/side_pane.hpp"
#include "rules/command.hpp"
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

std::vector<std::string> map_page(const rules::RulesContext& ctx, const rules::GameState& s) {
    ui::MapView view;
    view.ascii = true;
    view.color = false;
    const ui::Rect r = ui::map_rect(view, s.files, s.ranks);
    ui::TextSurface t(r.w, r.h);
    ui::draw_map(t, r, ctx, s, view);
    std::vector<std::string> out = rows_of(t);
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

std::vector<std::string> units_page(const rules::RulesContext& ctx, const rules::GameState& s) {
    std::vector<std::string> out;
    for (const Side side : {Side::A, Side::B}) {
        out.push_back(ui::side_label(ctx, side) + ":");
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const rules::Unit& u = s.units[i];
            if (u.side != side) continue;
            if (u.on_table()) {
                out.push_back("  " + core::to_string(u.square) + " " + ui::unit_status(ctx, s, i));
            } else if (!u.deployed) {
                out.push_back("  not deployed: " + control::unit_name(ctx, s, i));
            } else {
                out.push_back("  gone: " + control::unit_name(ctx, s, i) +
                              (u.status == rules::UnitStatus::Destroyed ? " (destroyed)" : " (left the table)"));
            }
        }
    }
    return out;
}

std::vector<std::string> cards_page(const rules::RulesContext& ctx, const rules::GameState& s) {
    ui::TextSurface t(40, ui::kStatusRows);
    ui::draw_status(t, ui::Rect{0, 0, 40, ui::kStatusRows}, ctx, s, ui::StatusOptions{false});
    std::vector<std::string> out;
    for (std::string& row : rows_of(t)) {
        if (!row.empty()) out.push_back(std::move(row));
    }
    return out;
}

}  // namespace

std::string Plain::decision(const Context& ctx, const State& s) { return ui::decision_text(ctx, s); }

std::optional<std::vector<std::string>> Plain::page(const Context& ctx, const State& s, std::string_view word) {
    if (word == "map") return map_page(ctx, s);
    if (word == "units") return units_page(ctx, s);
    if (word == "cards") return cards_page(ctx, s);
    return std::nullopt;
}

std::vector<std::string> Plain::page_help() {
    return {"  map           the board as text rows, with a legend",
            "  units         every unit: square, facing, state, stands, hits, fired",
            "  cards         decks, discards, current card, pips and chips"};
}

std::optional<std::string> Plain::word(control::ReactionFilter& reactions, const std::string& word,
                                       const std::string& rest) {
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
            "                stops the game (default " + std::to_string(control::kDefaultShotThreshold) + "; 0: every shot may)"};
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
