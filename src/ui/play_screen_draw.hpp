#pragma once
/// PlayScreenOf<K>: drawing. Included by play_screen_of.hpp only.
#include <algorithm>

#include "ui/play_screen_keys.hpp"  // screen_detail
#include "ui/play_screen_of.hpp"

namespace tercio::ui {

template <ScreenKit K>
void PlayScreenOf<K>::draw_prompt(Surface& out, int y) const {
    using screen_detail::kPromptText;
    if (mode_ == Mode::Prompt) {
        // What the prompt has to say (Tab's matches, none found, a refusal) takes the line above,
        // the square's status line, while the command is typed.
        if (!message_.empty() && y > 0) {
            out.put(0, y - 1, std::string(static_cast<std::size_t>(out.width()), ' '));
            out.put(0, y - 1, message_);
        }
        // One cell a character (as on every Surface), not a byte. A line longer than the row (a
        // chat line may be) shows its end, where the typing is, after a '<'.
        std::vector<std::string> cells = code_points(prompt_);
        const int room = std::max(1, out.width() - kPromptText - 1);  // and the '_' after it
        const bool cut = static_cast<int>(cells.size()) > room;
        if (cut) cells.erase(cells.begin(), cells.end() - (room - 1));
        std::string shown = cut ? "<" : "";
        for (const std::string& c : cells) shown += c;
        const int end = kPromptText + (cut ? 1 : 0) + static_cast<int>(cells.size());
        out.put(0, y, "> " + shown, Style{Color::Default, true});
        out.put(end, y, "_", Style{Color::Default, false, true});
        if (computer_decides()) {
            // Typed ahead: Enter plays it once the computer has played.
            out.put(end + 2, y, "(Enter once the computer has played)",
                    Style{Color::Default, false, false, false, true});
        }
        return;
    }
    const std::vector<std::string> cells = code_points(message_);
    if (static_cast<int>(cells.size()) <= out.width()) {
        out.put(0, y, message_);
        return;
    }
    if (message_ == yielded_) {
        // The cursor has moved since: the square's line stays, the message keeps its own row.
        std::string cut;
        for (int i = 0; i + 3 < out.width(); ++i) cut += cells[static_cast<std::size_t>(i)];
        out.put(0, y, cut + "...");
        return;
    }
    // A long message (a refusal with its reason) takes the square's status line above as well.
    const auto rows = wrap(message_, out.width(), 0, 2);
    out.put(0, y - 1, std::string(static_cast<std::size_t>(out.width()), ' '));
    out.put(0, y - 1, rows[0]);
    out.put(0, y, rows.size() > 1 ? rows[1] : std::string());
}

template <ScreenKit K>
void PlayScreenOf<K>::draw_help(Surface& out) const {
    if (!help_rules_.empty()) return draw_rules(out);
    if (help_unit_) {
        out.put(0, 0,
                "Rules for " + Text::unit_name(ctx_, s_, *help_unit_) +
                    " (? the keys, any other key closes)",
                Style{Color::Default, true});
        int y = 2;
        for (const std::string& line : Text::unit_reference(ctx_, s_, *help_unit_)) {
            if (y >= out.height()) break;
            out.put(1, y++, line);
        }
        return;
    }
    if (help_legend_) return draw_legend(out);
    out.put(0, 0, "tercio keys (? what the map's marks mean, any other key closes this)",
            Style{Color::Default, true});
    int y = 2;
    for (const std::string& line : key_help()) out.put(2, y++, line);
    out.put(0, y, "Commands are those of tercio run (tercio(6)); :rule ID shows a rule's text.");
}

template <ScreenKit K>
void PlayScreenOf<K>::draw_rules(Surface& out) const {
    const RuleBook& book = rules_.book();
    const int width = std::max(1, out.width() - 2);
    // Each rule asked for (or cited) in turn, a blank row between; its first row in bold.
    std::vector<std::pair<std::string, bool>> rows;
    for (const std::string& query : help_rules_) {
        if (!rows.empty()) rows.emplace_back("", false);
        const std::vector<std::string> lines = look_up_rule(book, query, width).lines;
        for (std::size_t r = 0; r < lines.size(); ++r) rows.emplace_back(lines[r], r == 0);
    }
    const int room = std::max(1, out.height() - 2);
    rules_max_ = std::max(0, static_cast<int>(rows.size()) - room);
    rules_page_ = std::max(1, room - 1);
    const int first = std::clamp(rules_scroll_, 0, rules_max_);
    out.put(0, 0,
            std::string("The rules (? ") + (help_unit_ ? "the unit's rules" : "the keys") + ", :rule ID another" +
                (rules_max_ > 0 ? ", PgDn j more" : "") + ", other keys close)",
            Style{Color::Default, true});
    for (int y = 2, i = first; y < out.height() && i < static_cast<int>(rows.size()); ++y, ++i) {
        out.put(1, y, rows[static_cast<std::size_t>(i)].first, Style{Color::Default, rows[static_cast<std::size_t>(i)].second});
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::draw_legend(Surface& out) const {
    out.put(0, 0, "The map's marks and the side pane (any key closes this)",
            Style{Color::Default, true});
    int y = 2;
    for (const std::string& row : Kit::legend(opt_.ascii)) {
        if (y >= out.height()) break;
        out.put(2, y++, row);
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::draw_history(Surface& out) const {
    history_page_ = std::max(1, out.height() - 3);
    history_max_ =
        draw_history_page(out, log_, history_scroll_,
                          "History (PgUp/PgDn a page, k/j a line, Home/End, any other key closes)");
}

template <ScreenKit K>
std::string PlayScreenOf<K>::stop_hint() const {
    const std::vector<Command> offers = reactions_.offers();
    if (offers.empty()) return Text::decision_hint(ctx_, s_, reactions_.reason().value_or(""));
    std::vector<ReactionOffer> texts;
    for (const Command& c : offers) texts.push_back(Text::reaction_offer(ctx_, s_, c));
    return Text::side_label(ctx_, decider()) + ": " +
           reaction_prompt(texts, reactions_.can_let_go(), Kit::Reactions::kDeclineAll, false);
}

template <ScreenKit K>
void PlayScreenOf<K>::draw_hint(Surface& out, const Rect& map) const {
    const int h = out.height();
    // Under the map: what the side to decide should do now, and with which keys. Out of turn
    // (a reaction, a chip, an escape in the other side's phase) it stands out in reverse video.
    Style st{Color::Default, true, Kit::out_of_turn(s_)};
    if (opt_.color && !over()) st.fg = decider() == core::Side::A ? Color::Red : Color::Blue;
    const auto clock = [this] {
        const auto t = thinking_.count();
        return std::to_string(t / 60) + ":" + (t % 60 < 10 ? "0" : "") + std::to_string(t % 60);
    };
    const std::string hint =
        mode_ == Mode::Reveal ? std::string(Text::setup_hint())
        : computer_decides()
            ? computer_name(decider()) + (opt_.ascii ? " is thinking..." : " is thinking\u2026")
        : session_.others_decide() && !away_hint_.empty() ? away_hint_
        : session_.others_decide()
            ? computer_name(decider()) + " is thinking, " + clock()
            : stop_hint();
    int y = map.h;
    for (const std::string& row : wrap(hint, map.w, 0, 0)) {
        if (y >= h - 2) break;
        out.put(0, y, row, st);
        st = Style{};
        ++y;
    }
    // The selection, in words, on the last row of the hint's room.
    if (!selected_ || mode_ == Mode::Reveal) return;
    if (const auto u = Kit::unit_at(s_, *selected_, decider())) {
        const std::string line = "Selected: " + Text::unit_name(ctx_, s_, *u) + " in " +
                                 core::to_string(*selected_) + " (Esc unselects)";
        out.put(0, std::max(map.h, std::min(y, h - 3)),
                line.substr(0, static_cast<std::size_t>(map.w)),
                Style{Color::Default, false, false, true});
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::draw_side_over_log(Surface& out, int side_w) const {
    if (mode_ == Mode::ConfirmAction) {
        odds_max_ = draw_odds_column(out, side_x_, odds_, odds_scroll_);
    } else if (mode_ == Mode::Choose) {
        // 31 columns or more (at 80x24 beside a map of 48 columns); a narrower side column drops
        // "Esc cancels".
        const std::string head = core::to_string(cursor_) + ": Enter plays";
        std::vector<std::string> rows{side_w >= 31 ? head + ", Esc cancels" : head};
        for (std::size_t i = 0; i < choices_.size(); ++i) {
            const int number = i < choice_numbers_.size() ? choice_numbers_[i] : 0;
            rows.push_back((number != 0 ? std::to_string(number) : std::string(" ")) + " " +
                           Text::menu_label(ctx_, s_, choices_[i]));
        }
        draw_rows_over_log(out, side_x_, rows, static_cast<int>(choice_) + 1);
    } else if (const std::vector<Command> offers = mode_ == Mode::Map ? stop_offers() : std::vector<Command>{};
               offers.size() > 1) {
        // Several reactions offered out of turn: each with its odds, picked by its digit.
        std::vector<std::string> rows{"Out of turn: 1-" + std::to_string(std::min<std::size_t>(offers.size(), 9)) +
                                      " picks"};
        for (std::size_t i = 0; i < offers.size() && i < 9; ++i) {
            const std::string line = std::to_string(i + 1) + " " + Text::reaction_offer(ctx_, s_, offers[i]).text;
            for (std::string& row : wrap(line, side_w, 0, 2)) rows.push_back(std::move(row));
        }
        draw_rows_over_log(out, side_x_, rows);
    } else if (over()) {
        std::vector<std::string> rows{"After the battle"};
        for (const std::string& line : Text::game_summary(ctx_, s_)) {
            if (static_cast<int>(code_points(line).size()) <= side_w) {
                rows.push_back(line);  // as it is, indent and all
                continue;
            }
            for (std::string& row : wrap(line, side_w, 0, 2)) rows.push_back(std::move(row));
        }
        draw_rows_over_log(out, side_x_, rows);
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::draw(Surface& out) const {
    const int w = out.width();
    const int h = out.height();
    too_small_ = too_small(out, "Q then y");
    if (too_small_) return;
    if (mode_ == Mode::Help) return draw_help(out);
    if (mode_ == Mode::History) return draw_history(out);
    MapView view;
    view.cursor = cursor_;
    view.selected = selected_;
    if (selected_) {
        Kit::mark_reach(ctx_, s_, *selected_, view);  // its reach and targets
        if (mode_ == Mode::Map) Kit::mark_way(ctx_, s_, *selected_, cursor_, view);  // and the way to the cursor
    } else if (const std::vector<Command> offers = stop_offers(); offers.size() == 1) {
        Kit::mark_offer(ctx_, s_, offers.front(), view);  // what the one key would do
    }
    view.ascii = opt_.ascii;
    view.color = opt_.color;
    // Larger squares when the terminal leaves the side pane and the rows under the map at least
    // what they have at 80x24 (draw_board_and_log).
    LogView lv;
    lv.scroll = log_scroll_;
    lv.expanded = expanded_;
    lv.show_marks = true;
    const Rect map = draw_board_and_log<K>(out, view, ctx_, s_, log_, lv, side_x_);
    const int side_w = w - side_x_;
    draw_hint(out, map);
    out.put(0, h - 2, Text::square_status(ctx_, s_, cursor_, w),
            Style{Color::Default, false, false, false, false});
    draw_side_over_log(out, side_w);
    draw_prompt(out, h - 1);
}

}  // namespace tercio::ui
