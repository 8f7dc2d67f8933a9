#include "kits/pikette/side_pane.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <vector>

namespace tercio::ui {

using namespace rules;

namespace {

struct Line {
    std::string text;
    Style style;
};

std::string letter(Side side) {
    return std::string(1, side_letter(side));
}

/// `text` cut to at most `width` code points.
std::string cut(std::string_view text, int width) {
    std::string out;
    int n = 0;
    for (const std::string& cp : code_points(text)) {
        if (n++ >= width) break;
        out += cp;
    }
    return out;
}

/// `text` right-aligned in `width` columns (longer text is kept whole).
std::string right(const std::string& text, std::size_t width) {
    return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}

/// `text` padded with blanks to `width` code points, or cut to it.
std::string left(const std::string& text, int width) {
    std::string out = cut(text, width);
    const auto n = static_cast<int>(code_points(out).size());
    return out + std::string(static_cast<std::size_t>(std::max(0, width - n)), ' ');
}

Style coloured(Side side, const StatusOptions& o, Style base = {}) {
    if (o.colour) base.fg = side_colour(side);
    return base;
}

std::string label_of(const RulesContext& ctx, const GameState& s, std::uint8_t unit) {
    if (unit == kNone || unit >= s.unit_count) return "a unit";
    return unit_label(ctx, s, unit);
}

const char* end_words(GameEnd e) {
    switch (e) {
        case GameEnd::Nightfall:
            return "nightfall";
        case GameEnd::ArmyGone:
            return "an army is gone";
        case GameEnd::Concession:
            return "concession";
        case GameEnd::None:
            break;
    }
    return "over";
}

/// The winner of an ended game, or nothing on a draw (as turn.cpp's end_game decides it).
std::optional<Side> winner(const RulesContext& ctx, const GameState& s) {
    if (s.end == GameEnd::Concession) return other(s.conceded);  // PS-VICTORY-4
    const int a = victory_points(ctx, s, Side::A);
    const int b = victory_points(ctx, s, Side::B);
    if (a == b) return std::nullopt;
    return a > b ? Side::A : Side::B;
}

std::string turn_line(const GameState& s) {
    if (s.decision == Decision::GameOver) {
        return "Game over: " + std::string(end_words(s.end)) +
               (s.turn > 0 ? ", turn " + std::to_string(s.turn) : "");
    }
    if (s.turn == 0) {
        return s.nightfall_turn > 0
                   ? "Set-up, nightfall after turn " + std::to_string(s.nightfall_turn)
                   : "Set-up";
    }
    std::string out = "Turn " + std::to_string(s.turn);
    if (s.nightfall_turn == 0) return out;
    out += " of " + std::to_string(s.nightfall_turn);
    const int left_turns = s.nightfall_turn - s.turn;
    if (left_turns <= 0) return out + ", the last turn";
    return out + ", " + std::to_string(left_turns) + " to nightfall";
}

/// The third line: phase, active side and pips in play; the points once the game is over.
std::string phase_line(const RulesContext& ctx, const GameState& s) {
    if (s.decision == Decision::GameOver) {
        return "Points: A " + std::to_string(victory_points(ctx, s, Side::A)) + ", B " +
               std::to_string(victory_points(ctx, s, Side::B));
    }
    if (s.turn == 0) return "";
    if (s.decision == Decision::InitiativeChoice) {
        // PS-INIT-2: the rolls are the pips of the two phases, smaller first.
        return "Initiative rolls: A " + std::to_string(s.initiative_roll[0]) + ", B " +
               std::to_string(s.initiative_roll[1]);
    }
    return std::string(s.phase == 0 ? "1st" : "2nd") + " phase: " + side_label(ctx, s.active) +
           ", " + std::to_string(s.pips) + (s.pips == 1 ? " pip" : " pips");
}

std::string card_line(const GameState& s) {
    if (s.decision == Decision::GameOver || s.turn == 0) return "";
    const CardKind* card = s.current_card();
    std::string out =
        "Card: " + (card ? std::string(card_title(*card)) : std::string("none turned yet"));
    if (s.marching) out += ", marching";
    return out;
}

/// The cards of a side's deck turned before its current card (PS-CARD-13).
int discards(const GameState& s, Side side) {
    const int drawn = s.decks[idx(side)].drawn;
    const bool current = side == s.active && s.current_card() != nullptr;
    return std::max(0, drawn - (current ? 1 : 0));
}

}  // namespace

Color side_colour(Side side) {
    return side == Side::A ? Color::Red : Color::Blue;
}

std::string side_label(const RulesContext& ctx, Side side) {
    return letter(side) + " " + ctx.army(side).name;
}

std::string decision_text(const RulesContext& ctx, const GameState& s) {
    const std::string who = letter(s.decider);
    switch (s.decision) {
        case Decision::ExtraUnitChoice:
            return who + " picks its extra unit";
        case Decision::ExtraCardChoice:
            return who + " picks its extra card";
        case Decision::PlaceTerrain:
            return who + " places terrain: " + std::to_string(s.terrain_to_place[idx(s.decider)]) +
                   " left";
        case Decision::AdjustTerrain:
            return who + " may adjust terrain or pass";
        case Decision::Deploy:
            return who + " deploys its army";
        case Decision::InitiativeChoice:
            return who + " chooses: first or second";
        case Decision::Act:
            if (s.marching) return who + " marches: move units or pass";
            return who + (s.current_card() ? " to act: spend pips or pass"
                                           : " to act: turn a card or pass");
        case Decision::React:
            // PS-OPP-7: a headstrong unit has no choice.
            if (s.forced_charger != kNone)
                return who + " must charge with " + label_of(ctx, s, s.forced_charger);
            switch (s.react_window) {
                case ReactWindow::Step:
                    return who + " may charge, shoot or decline";
                case ReactWindow::Evade:
                    return who + " may react: evade or decline";
                case ReactWindow::Card:
                case ReactWindow::Action:
                    return who + " may react: shoot or decline";
                case ReactWindow::None:
                    break;
            }
            return who + " may react or decline";
        case Decision::LeaderEscape:
            return who + " leader: escape or decline";
        case Decision::Chip:
            return who + " may chip " + label_of(ctx, s, s.chip_target) + " or decline";
        case Decision::FollowUp:
            return who + ": " + label_of(ctx, s, s.choice_unit) + " may follow or stay";
        case Decision::Pursue:
            return who + ": " + label_of(ctx, s, s.choice_unit) + " may pursue or stay";
        case Decision::Courage:
            return who + ": pick a unit to check morale";
        case Decision::GameOver: {
            const auto w = winner(ctx, s);
            return w ? side_label(ctx, *w) + " wins" : std::string("A draw");
        }
    }
    return who + " to decide";
}

void draw_status(Surface& out, Rect area, const RulesContext& ctx, const GameState& s,
                 const StatusOptions& options) {
    if (area.w <= 0 || area.h <= 0) return;
    const std::string blank(static_cast<std::size_t>(area.w), ' ');
    for (int r = 0; r < area.h; ++r) out.put(area.x, area.y + r, blank);
    std::vector<Line> lines;
    const bool over = s.decision == Decision::GameOver;

    lines.push_back({turn_line(s), Style{Color::Default, true}});
    {
        Style st{Color::Default, true, true};
        if (over) {
            if (const auto w = winner(ctx, s)) st = coloured(*w, options, st);
        } else {
            st = coloured(s.decider, options, st);
        }
        lines.push_back({decision_text(ctx, s), st});
    }
    if (std::string p = phase_line(ctx, s); !p.empty()) {
        lines.push_back(
            {std::move(p), over || s.turn == 0 ? Style{} : coloured(s.active, options)});
    }
    if (std::string c = card_line(s); !c.empty()) lines.push_back({std::move(c), Style{}});
    // A blank line before the table when there is room for it.
    if (static_cast<int>(lines.size()) + 4 <= area.h) lines.push_back({"", Style{}});

    // The table: the name column takes what the four number columns leave, but in a wide pane no
    // more than the longer army name needs, so that the numbers stay beside the names.
    std::size_t longest = 0;
    for (Side side : {Side::A, Side::B}) longest = std::max(longest, code_points(side_label(ctx, side)).size());
    const int name_width = std::max(3, std::min(area.w - 21, std::max(10, static_cast<int>(longest) + 2)));
    lines.push_back({left("", name_width) + " Deck Disc Opp Morale",
                     Style{Color::Default, false, false, false, true}});
    for (Side side : {Side::A, Side::B}) {
        const std::size_t i = idx(side);
        lines.push_back({left(side_label(ctx, side), name_width) +
                             right(std::to_string(s.decks[i].left()), 5) +
                             right(std::to_string(discards(s, side)), 5) +
                             right(std::to_string(s.opportunity_chips[i]), 4) +
                             right(std::to_string(s.morale_chips[i]), 7),
                         coloured(side, options)});
    }

    const int rows = std::min(area.h, static_cast<int>(lines.size()));
    for (int r = 0; r < rows; ++r) {
        const Line& l = lines[static_cast<std::size_t>(r)];
        out.put(area.x, area.y + r, cut(l.text, area.w), l.style);
    }
}

}  // namespace tercio::ui
