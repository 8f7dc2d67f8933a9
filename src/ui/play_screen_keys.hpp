#pragma once
/// PlayScreenOf<K>: the keys of each mode. Included by play_screen_of.hpp only.
#include <algorithm>

#include "core/utf8.hpp"
#include "ui/play_screen_of.hpp"

namespace tercio::ui {

namespace screen_detail {

// The screen's own keys, around the kit's action keys: the help page is generated from them.
inline constexpr KeyLine kKeysBefore[] = {
    {"h j k l y u b n", "move the cursor (or the arrows, or the keypad digits)"},
    {"Enter", "what you can do at the cursor: a menu of the legal commands"},
    {"Tab  Ctrl-U", "at the command line: complete a legal command; clear it"},
    {"Esc", "cancel the menu or command line, close this help"},
    {"Space", "select your unit under the cursor (again to unselect)"},
};
inline constexpr KeyLine kKeysAfter[] = {
    {"y n 1-9", "stop out of turn: y takes it, 1-9 one of several, n lets go"},
    {"x", "show or hide the why of the newest roll in the log"},
    {"PgUp PgDn Ctrl-P", "scroll the log; the whole history"},
    {"Ctrl-R", "redraw the screen"},
    {"?", "this help; first any rules cited and the unit's rules"},
    {"U", "take back your last command (not past a roll or a card)"},
    {"S  Q  Ctrl-C", "save now (each command is saved anyway); quit (asks first)"},
};

/// The prompt's first column: "> " before the text.
inline constexpr int kPromptText = 2;

}  // namespace screen_detail

/// What a typed `rule ID`, `rules ID`, `? ID` or `help ID` asks for ("list" for `rule` alone), or
/// nothing if the text is not such a request. The plain mode's words are the same.
inline std::optional<std::string> rule_query(std::string_view text) {
    for (const std::string_view word : {"rules", "rule", "help", "?"}) {
        if (!text.starts_with(word)) continue;
        std::string_view rest = text.substr(word.size());
        if (!rest.empty() && rest.front() != ' ') continue;
        while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
        if (rest.empty() && word == "help") return std::nullopt;  // the keys, as before
        return rest.empty() ? std::string("list") : std::string(rest);
    }
    return std::nullopt;
}

namespace screen_detail {

}  // namespace screen_detail

template <ScreenKit K>
std::vector<std::string> PlayScreenOf<K>::key_help() {
    using namespace screen_detail;
    std::vector<std::string> out = key_help_lines(std::begin(kKeysBefore), std::begin(kKeysBefore) + 2);
    // The command line, with the kit's commands as examples.
    const std::string command_line = std::string("type a command: ") + Kit::kCommandExamples;
    const KeyLine colon{":", command_line.c_str()};
    for (std::string& line : key_help_lines(&colon, &colon + 1)) out.push_back(std::move(line));
    for (std::string& line : key_help_lines(std::begin(kKeysBefore) + 2, std::end(kKeysBefore)))
        out.push_back(std::move(line));
    const std::span<const KeyLine> kit = Kit::action_keys();
    for (std::string& line : key_help_lines(kit.data(), kit.data() + kit.size()))
        out.push_back(std::move(line));
    for (std::string& line : key_help_lines(std::begin(kKeysAfter), std::end(kKeysAfter)))
        out.push_back(std::move(line));
    return out;
}

template <ScreenKit K>
bool PlayScreenOf<K>::handle(const KeyPress& k) {
    using Kd = KeyPress::Kind;
    // A resize or a redraw changes nothing: the next draw fits the screen, and a question being
    // asked stays asked.
    if (k.kind == Kd::Resize) return true;
    // A spectator who presses a key has seen the screen: the commands are counted from here.
    if (watching()) others_since_mine_ = 0;
    key_pressed_ = true;
    if (k.kind == Kd::CtrlR) return true;
    if (k.kind == Kd::Interrupt) {
        if (mode_ == Mode::ConfirmQuit) return false;  // Ctrl-C twice quits
        ask_quit();
        return true;
    }
    // While the screen says it is too small, keys would act unseen: only Q then y work.
    if (too_small_ && mode_ != Mode::ConfirmQuit) {
        if (k.kind == Kd::Char && k.ch == 'Q') ask_quit();
        return true;
    }
    switch (mode_) {
        case Mode::ConfirmAction:
            handle_confirm_action(k);
            return true;
        case Mode::ConfirmUndo:
            mode_ = Mode::Map;
            if (k.kind == Kd::Char && (k.ch == 'y' || k.ch == 'Y')) {
                take_back();
            } else {
                message_ = "Not taken back.";
            }
            return true;
        case Mode::ConfirmQuit:
            if (k.kind == Kd::Char && (k.ch == 'y' || k.ch == 'Y')) return false;
            mode_ = quit_return_;
            quit_return_ = Mode::Map;
            message_ = "Not quitting.";
            return true;
        case Mode::Help:
        case Mode::History:
            handle_page(k);
            return true;
        case Mode::Prompt:
            handle_prompt(k);
            return true;
        case Mode::Choose:
            handle_menu(k);
            return true;
        case Mode::Reveal:
            show_setup(k.kind == Kd::Escape ? unrevealed_.size() : 1);  // Esc: all the rest
            return true;
        case Mode::Map:
            break;
    }
    if (!question_.empty() && answer_ && k.kind == Kd::Char && (k.ch == 'y' || k.ch == 'n')) {
        answer_(k.ch == 'y');
        message_ = k.ch == 'y' ? "You agreed." : "You said no.";
        question_.clear();
        return true;
    }
    handle_map(k);
    return true;
}

template <ScreenKit K>
void PlayScreenOf<K>::handle_confirm_action(const KeyPress& k) {
    using Kd = KeyPress::Kind;
    // The odds scroll when they do not all fit (j/k a line, PgUp/PgDn a page).
    if (!odds_.lines.empty()) {
        int step = 0;
        if (k.kind == Kd::Down || (k.kind == Kd::Char && k.ch == 'j')) step = 1;
        if (k.kind == Kd::Up || (k.kind == Kd::Char && k.ch == 'k')) step = -1;
        if (k.kind == Kd::PageDown) step = 10;
        if (k.kind == Kd::PageUp) step = -10;
        if (step != 0) {
            odds_scroll_ = std::clamp(odds_scroll_ + step, 0, odds_max_);
            return;
        }
    }
    mode_ = Mode::Map;
    odds_ = Odds{};
    // A concession, or giving up the card in play, takes y itself; the odds of a roll take Enter too.
    const bool enter_plays = !(pending_ && *pending_ == E::concede()) && !pending_y_only_;
    pending_y_only_ = false;
    if ((k.kind == Kd::Char && (k.ch == 'y' || k.ch == 'Y')) ||
        (enter_plays && k.kind == Kd::Enter)) {
        const Command c = *pending_;
        pending_.reset();
        play_and_report(c, print(c));
    } else {
        pending_.reset();
        message_ = "Cancelled.";
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::handle_page(const KeyPress& k) {
    using Kd = KeyPress::Kind;
    int back = rules_max_ - std::clamp(rules_scroll_, 0, rules_max_);  // scroll_history counts from the end
    if (mode_ == Mode::Help && !help_rules_.empty() && k.kind == Kd::Char && k.ch == '?') {
        help_rules_.clear();  // from the rules cited to the unit's rules, or the keys
    } else if (mode_ == Mode::Help && !help_rules_.empty() && scroll_history(k, back, rules_page_, rules_max_)) {
        rules_scroll_ = rules_max_ - back;
    } else if (mode_ == Mode::Help && help_unit_ && k.kind == Kd::Char && k.ch == '?') {
        help_unit_.reset();  // from the unit's rules to the keys
    } else if (mode_ == Mode::Help && !help_legend_ && k.kind == Kd::Char && k.ch == '?') {
        help_legend_ = true;  // from the keys to the marks
    } else if (mode_ == Mode::History &&
               scroll_history(k, history_scroll_, history_page_, history_max_)) {
        // scrolled
    } else if (k.kind == Kd::Char && k.ch == 'Q') {
        ask_quit();
    } else if (k.kind != Kd::PageUp && k.kind != Kd::PageDown && k.kind != Kd::Home &&
               k.kind != Kd::End) {
        mode_ = Mode::Map;
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::handle_prompt(const KeyPress& k) {
    using Kd = KeyPress::Kind;
    if (k.kind == Kd::Escape) {
        mode_ = Mode::Map;
        prompt_.clear();
        completions_.clear();  // the next Tab completes from the decision then
        message_.clear();
    } else if (k.kind == Kd::Enter) {
        enter_prompt();
    } else if (k.kind == Kd::Backspace) {
        drop_last_character(prompt_);  // a letter typed in a chat line may be several bytes
        completions_.clear();
    } else if (k.kind == Kd::Char && k.ch == 0x15) {  // Ctrl-U, as in a shell: the whole line
        prompt_.clear();
        completions_.clear();
    } else if (k.kind == Kd::Tab) {
        if (!wait_for_computer()) complete();
    } else if (k.kind == Kd::Char && k.ch >= 0x20 && k.ch < 0x7F) {
        prompt_ += static_cast<char>(k.ch);
        completions_.clear();
    } else if (k.kind == Kd::Char && !core::hidden_or_control(k.ch)) {
        // A chat line takes any letters; a command is ASCII, so it never holds them. A
        // control or invisible character would only be replaced on the way out.
        if (chat_line()) {
            prompt_ += utf8(k.ch);
            completions_.clear();
        } else {
            message_ = std::string("A command is typed in ASCII letters") +
                       (chat_ ? "; \" starts a chat line, which takes any." : ".");
        }
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::enter_prompt() {
    if (!prompt_.empty() && !prompt_.starts_with("say") && wait_for_computer())
        return;  // the text stays for later
    const std::string text = prompt_;
    mode_ = Mode::Map;
    prompt_.clear();
    completions_.clear();
    if (chat_ && (text.starts_with("say ") || text == "say")) {
        if (text.size() > 4) chat_(text.substr(4));
        message_.clear();
        return;
    }
    if (typed_word(text) || text.empty()) return;
    // Text is parsed only here, where a person typed it.
    auto parsed = E::parse(ctx_, s_, decider(), text);
    if (const std::string* err = std::get_if<std::string>(&parsed)) {
        message_ = text + ": " + *err;
        return;
    }
    const Command c = std::get<Command>(parsed);
    // Refused as written, but the kit knows the form its key would play (a move that must turn
    // first): played, and said.
    if (const Command meant = Kit::typed(ctx_, s_, c); !(meant == c) && !E::validate(ctx_, s_, meant)) {
        const std::string as = print(meant);
        play_and_report(meant, as);
        message_ = text + " is played as " + as + "." + (message_.empty() ? "" : " " + message_);
        return;
    }
    if (c == E::concede() && !E::validate(ctx_, s_, c)) {
        // At a shared keyboard the side that decides now concedes: it says which.
        pending_ = c;
        mode_ = Mode::ConfirmAction;
        message_ =
            Text::side_name(ctx_, decider()) + " concedes the battle and loses it. Sure? (y/N)";
        return;
    }
    // A roll typed shows its odds first, as its key does (y plays it).
    if (!E::validate(ctx_, s_, c)) {
        if (auto odds = Text::odds(ctx_, s_, c)) {
            pending_ = c;
            odds_ = std::move(*odds);
            odds_scroll_ = 0;
            mode_ = Mode::ConfirmAction;
            message_ = text + "? y or Enter plays it, any other key cancels.";
            return;
        }
    }
    play_and_report(c, text);
}

template <ScreenKit K>
bool PlayScreenOf<K>::typed_word(const std::string& text) {
    // The words of the plain mode work here too.
    if (text == "help") {
        mode_ = Mode::Help;
        help_unit_.reset();
        help_rules_.clear();
    } else if (const auto query = rule_query(text)) {
        // `rule PS-MOVE-3`, `? PS-MOVE-3`, `help PS-MOVE-3`: the rule's text (or an area's list).
        mode_ = Mode::Help;
        help_unit_.reset();
        help_legend_ = false;
        help_rules_ = {*query};
        rules_scroll_ = 0;
    } else if (text == "quit") {
        ask_quit();
    } else if (text == "save") {
        message_ = save_ ? save_() : std::string("This game is not being saved.");
    } else if (text == "decline all") {
        decline_all();
    } else if (auto said = Kit::command_word(reactions_, text)) {
        message_ = *said;
    } else {
        return false;
    }
    return true;
}

template <ScreenKit K>
void PlayScreenOf<K>::open_help() {
    mode_ = Mode::Help;
    help_legend_ = false;
    history_scroll_ = 0;
    // The rules the screen cites (the message line, the roll explained in the log, the hint),
    // then those of the selected unit or of the one under the cursor.
    help_rules_ = cited_rule_ids(message_);
    rules_scroll_ = 0;
    const auto cite = [this](std::string_view text) {
        for (std::string& id : cited_rule_ids(text)) {
            if (std::find(help_rules_.begin(), help_rules_.end(), id) == help_rules_.end()) help_rules_.push_back(std::move(id));
        }
    };
    if (expanded_ && *expanded_ < log_.size()) {
        cite(log_[*expanded_].text);
        for (const std::string& line : log_[*expanded_].why) cite(line);
    }
    cite(Text::decision_hint(ctx_, s_, reactions_.reason().value_or("")));
    const core::Square at = selected_.value_or(cursor_);
    help_unit_ = Kit::unit_at(s_, at, decider());
    if (!help_unit_) help_unit_ = Kit::unit_at(s_, at, core::other(decider()));
}

template <ScreenKit K>
void PlayScreenOf<K>::handle_map(const KeyPress& k) {
    using Kd = KeyPress::Kind;
    switch (k.kind) {
        case Kd::Up:
            move_cursor(0, 1);
            return;
        case Kd::Down:
            move_cursor(0, -1);
            return;
        case Kd::Left:
            move_cursor(-1, 0);
            return;
        case Kd::Right:
            move_cursor(1, 0);
            return;
        case Kd::Enter:
            open_menu();
            return;
        case Kd::Escape:
            if (selected_) {
                selected_.reset();
                message_ = "Nothing selected.";
            }
            return;
        case Kd::CtrlP:
            mode_ = Mode::History;
            history_scroll_ = 0;
            return;
        case Kd::PageUp:
            ++log_scroll_;
            return;
        case Kd::PageDown:
            log_scroll_ = std::max(0, log_scroll_ - 1);
            return;
        case Kd::Char:
            handle_map_char(k.ch);
            return;
        default:
            return;
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::handle_map_char(char32_t ch) {
    // The cursor: vi keys, and the numeric keypad with Num Lock on (8 north, 2 south, 7
    // north-west...).
    struct Step {
        char32_t a, b;
        int dx, dy;
    };
    static constexpr Step kSteps[] = {{'k', '8', 0, 1},   {'j', '2', 0, -1}, {'h', '4', -1, 0},
                                      {'l', '6', 1, 0},   {'y', '7', -1, 1}, {'u', '9', 1, 1},
                                      {'b', '1', -1, -1}, {'n', '3', 1, -1}};
    // At an out-of-turn stop, y takes the reaction offered (1-9 one of several), n lets it go;
    // the arrows and the other vi keys still move the cursor.
    if (answer_stop(ch)) return;
    for (const Step& s : kSteps) {
        if (ch == s.a || ch == s.b) return move_cursor(s.dx, s.dy);
    }
    switch (ch) {
        case ':':
            mode_ = Mode::Prompt;
            message_ = "Enter plays the command, Tab completes it, Esc cancels.";
            return;
        case '"':
            if (!chat_) return;
            mode_ = Mode::Prompt;
            prompt_ = "say ";
            message_ = "Type a line for the players and spectators; Enter sends it, Esc cancels.";
            return;
        case ' ':
            select_here();
            return;
        case 'S':
            message_ = save_ ? save_() : std::string("This game is not being saved.");
            return;
        case 'U':
            ask_undo();
            return;
        case 'x':
            expanded_ = expanded_ ? std::nullopt : log_.last_explained();
            if (!expanded_) message_ = "no roll to explain yet";
            return;
        case '?':
            open_help();
            return;
        case 'Q':
            ask_quit();
            return;
        default:
            break;
    }
    const KeyAction<Command> a = Kit::action(ctx_, s_, ch, selected_, cursor_);
    if (!a.handled) {
        message_ = "unknown key " + utf8(ch) + "; ? shows the keys";
        return;
    }
    if (wait_for_computer()) return;
    if (a.decline_all) return decline_all();
    if (a.command) return act(*a.command);
    message_ = a.why.empty() ? std::string("nothing to do there") : a.why;
}

}  // namespace tercio::ui
