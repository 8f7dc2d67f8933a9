#include "ui/play_screen.hpp"

#include <algorithm>

#include "control/event_text.hpp"
#include "control/odds_text.hpp"
#include "rules/preview.hpp"
#include "ui/map_pane.hpp"
#include "ui/side_pane.hpp"

namespace tercio::ui {

using namespace rules;

namespace {

struct KeyLine {
    const char* keys;
    const char* what;
};

// The key table: the help screen is generated from it.
constexpr KeyLine kKeys[] = {
    {"h j k l y u b n", "move the cursor (or the arrow keys)"},
    {": or Enter", "type a command: turn, move h5 h7, shoot h5 h8, pass"},
    {"Tab", "at the command line: complete from the legal commands"},
    {"Esc", "cancel the command line or close this help"},
    {"Space", "select your unit under the cursor (again to unselect)"},
    {"m", "move the selected unit to the cursor"},
    {"f", "shoot with the selected unit at the cursor (odds first)"},
    {"a", "attack: fight there, or move in and attack"},
    {"r", "rally the unit under the cursor"},
    {"t", "turn a card"},
    {"d", "decline a reaction, a chip or an escape"},
    {"c", "chip the unit just hit (when offered)"},
    {"F S", "follow or stay after a melee won"},
    {"P", "pass: end your phase"},
    {"x", "show or hide the why of the newest roll in the log"},
    {"PgUp PgDn", "scroll the log"},
    {"Ctrl-P", "the whole history"},
    {"Ctrl-R", "redraw the screen"},
    {"?", "this help"},
    {"Q", "quit (asks first)"},
};

std::string utf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

}  // namespace

std::vector<std::string> key_help() {
    std::vector<std::string> out;
    for (const KeyLine& k : kKeys) {
        std::string keys = k.keys;
        keys.resize(std::max<std::size_t>(keys.size(), 16), ' ');
        out.push_back(keys + " " + k.what);
    }
    return out;
}

PlayScreen::PlayScreen(const RulesContext& ctx, GameState state, core::Dice& dice, ScreenOptions options)
    : ctx_(ctx), s_(std::move(state)), dice_(dice), opt_(options) {
    cursor_ = core::make_square(s_.files / 2, s_.ranks / 2);
    message_ = "Press : to type a command, ? for help.";
}

std::optional<std::string> PlayScreen::play(const std::string& text) {
    std::string err;
    const auto c = parse_command(text, err);
    if (!c) return err;
    if (auto why = validate(ctx_, s_, *c)) return why;
    GameState next = s_;
    Events ev;
    try {
        ev = apply(ctx_, next, *c, dice_);
    } catch (const core::DiceError& e) {
        return std::string("dice: ") + e.what();
    }
    s_ = next;
    log_.add(ctx_, s_, ev);
    log_scroll_ = 0;
    expanded_.reset();
    return std::nullopt;
}

void PlayScreen::move_cursor(int dx, int dy) {
    const int x = std::clamp(cursor_.x + dx, 0, s_.files - 1);
    const int y = std::clamp(cursor_.y + dy, 0, s_.ranks - 1);
    cursor_ = core::make_square(x, y);
}

void PlayScreen::complete() {
    if (completions_.empty()) {
        for (const Command& c : legal_commands(ctx_, s_)) {
            const std::string t = print(c);
            if (t.rfind(prompt_, 0) == 0) completions_.push_back(t);
        }
        completion_index_ = 0;
        if (completions_.empty()) {
            message_ = "no legal command starts with \"" + prompt_ + "\"";
            return;
        }
    } else {
        completion_index_ = (completion_index_ + 1) % completions_.size();
    }
    prompt_ = completions_[completion_index_];
    message_ = std::to_string(completion_index_ + 1) + " of " + std::to_string(completions_.size()) +
               " legal commands (Tab for the next)";
}

void PlayScreen::select_here() {
    if (selected_ && *selected_ == cursor_) {
        selected_.reset();
        message_ = "Nothing selected.";
        return;
    }
    const auto u = unit_at(s_, cursor_, s_.decider);
    if (!u) {
        message_ = "No unit of side " + std::string(1, side_letter(s_.decider)) + " (to decide now) in " +
                   core::to_string(cursor_) + ".";
        return;
    }
    selected_ = cursor_;
    message_ = "Selected " + control::unit_name(ctx_, s_, *u) +
               ": move the cursor, then m move, f shoot, a attack; Space unselects.";
}

std::optional<std::string> PlayScreen::action_for(char32_t key, std::string& why) const {
    const std::string here = core::to_string(cursor_);
    std::vector<std::string> wanted;
    if (key == 'r') {
        wanted = {"rally " + here};
    } else {
        if (!selected_) {
            why = "select a unit first: put the cursor on it and press Space";
            return std::nullopt;
        }
        const std::string from = core::to_string(*selected_);
        if (key == 'm') wanted = {"move " + from + " " + here};
        if (key == 'f') wanted = {"shoot " + from + " " + here};
        if (key == 'a') {
            wanted = {"move " + from + " " + here + " attack"};
            if (*selected_ == cursor_) wanted = {"fight " + here};
        }
    }
    for (const std::string& w : wanted) {
        std::string err;
        const auto c = parse_command(w, err);
        if (!c) continue;
        if (const auto bad = validate(ctx_, s_, *c)) {
            why = w + ": " + *bad;
            continue;
        }
        return w;
    }
    return std::nullopt;
}

void PlayScreen::act(const std::string& command) {
    std::string err;
    const auto c = parse_command(command, err);
    if (c) {
        const std::vector<Command> one{*c};
        const auto p = preview(ctx_, s_, one);
        if (const Preview* v = std::get_if<Preview>(&p)) {
            pending_ = command;
            odds_lines_ = control::odds_lines(ctx_, s_, *v);
            mode_ = Mode::ConfirmAction;
            message_ = command + "? y or Enter plays it, any other key cancels.";
            return;
        }
    }
    play_and_report(command);
}

void PlayScreen::play_and_report(const std::string& command) {
    if (auto why = play(command)) {
        message_ = command + ": " + *why;
        return;
    }
    message_.clear();
    // The selection ends when its unit is no longer there for the side to decide.
    if (selected_ && !unit_at(s_, *selected_, s_.decider)) selected_.reset();
}

bool PlayScreen::handle(const KeyPress& k) {
    using K = KeyPress::Kind;
    switch (mode_) {
        case Mode::ConfirmAction:
            mode_ = Mode::Map;
            odds_lines_.clear();
            if ((k.kind == K::Char && (k.ch == 'y' || k.ch == 'Y')) || k.kind == K::Enter) {
                const std::string c = pending_;
                pending_.clear();
                play_and_report(c);
            } else {
                pending_.clear();
                message_ = "Cancelled.";
            }
            return true;
        case Mode::ConfirmQuit:
            if (k.kind == K::Char && (k.ch == 'y' || k.ch == 'Y')) return false;
            mode_ = Mode::Map;
            message_ = "Not quitting.";
            return true;
        case Mode::Help:
        case Mode::History:
            if (k.kind == K::PageUp || (k.kind == K::Char && k.ch == 'k')) {
                ++history_scroll_;
            } else if (k.kind == K::PageDown || (k.kind == K::Char && k.ch == 'j')) {
                history_scroll_ = std::max(0, history_scroll_ - 1);
            } else if (k.kind != K::Resize && k.kind != K::CtrlR) {
                mode_ = Mode::Map;
            }
            return true;
        case Mode::Prompt:
            if (k.kind == K::Escape) {
                mode_ = Mode::Map;
                prompt_.clear();
                message_.clear();
            } else if (k.kind == K::Enter) {
                const std::string text = prompt_;
                mode_ = Mode::Map;
                prompt_.clear();
                completions_.clear();
                if (!text.empty()) play_and_report(text);
            } else if (k.kind == K::Backspace) {
                if (!prompt_.empty()) prompt_.pop_back();
                completions_.clear();
            } else if (k.kind == K::Tab) {
                complete();
            } else if (k.kind == K::Char && k.ch >= 0x20 && k.ch < 0x7F) {
                prompt_ += static_cast<char>(k.ch);
                completions_.clear();
            }
            return true;
        case Mode::Map:
            break;
    }
    switch (k.kind) {
        case K::Up: move_cursor(0, 1); return true;
        case K::Down: move_cursor(0, -1); return true;
        case K::Left: move_cursor(-1, 0); return true;
        case K::Right: move_cursor(1, 0); return true;
        case K::Enter:
            mode_ = Mode::Prompt;
            message_ = "Enter plays the command, Tab completes it, Esc cancels.";
            return true;
        case K::CtrlP:
            mode_ = Mode::History;
            history_scroll_ = 0;
            return true;
        case K::PageUp: ++log_scroll_; return true;
        case K::PageDown: log_scroll_ = std::max(0, log_scroll_ - 1); return true;
        case K::Char: break;
        default: return true;
    }
    switch (k.ch) {
        case 'k': move_cursor(0, 1); break;
        case 'j': move_cursor(0, -1); break;
        case 'h': move_cursor(-1, 0); break;
        case 'l': move_cursor(1, 0); break;
        case 'y': move_cursor(-1, 1); break;
        case 'u': move_cursor(1, 1); break;
        case 'b': move_cursor(-1, -1); break;
        case 'n': move_cursor(1, -1); break;
        case ':':
            mode_ = Mode::Prompt;
            message_ = "Enter plays the command, Tab completes it, Esc cancels.";
            break;
        case ' ': select_here(); break;
        case 'm':
        case 'f':
        case 'a':
        case 'r': {
            std::string why;
            if (const auto c = action_for(k.ch, why)) {
                act(*c);
            } else {
                message_ = why.empty() ? std::string("nothing to do there") : why;
            }
            break;
        }
        case 't': act("turn"); break;
        case 'd': act("decline"); break;
        case 'c': act("chip"); break;
        case 'F': act("follow"); break;
        case 'S': act("stay"); break;
        case 'P': act("pass"); break;
        case 'x':
            expanded_ = expanded_ ? std::nullopt : log_.last_explained();
            if (!expanded_) message_ = "no roll to explain yet";
            break;
        case '?':
            mode_ = Mode::Help;
            history_scroll_ = 0;
            break;
        case 'Q':
            mode_ = Mode::ConfirmQuit;
            message_ = "Really quit? The game is not saved. (y/N)";
            break;
        default:
            message_ = "unknown key " + utf8(k.ch) + "; ? shows the keys";
            break;
    }
    return true;
}

void PlayScreen::draw_prompt(Surface& out, int y) const {
    if (mode_ == Mode::Prompt) {
        out.put(0, y, "> " + prompt_, Style{Color::Default, true});
        out.put(2 + static_cast<int>(prompt_.size()), y, "_", Style{Color::Default, false, true});
        return;
    }
    out.put(0, y, message_);
}

void PlayScreen::draw_help(Surface& out) const {
    out.put(0, 0, "tercio keys (any other key closes this)", Style{Color::Default, true});
    int y = 2;
    for (const std::string& line : key_help()) out.put(2, y++, line);
    out.put(0, y + 1, "Commands are those of tercio run: see docs/commands.md or tercio(6).");
}

void PlayScreen::draw_history(Surface& out) const {
    const auto lines = log_.history_lines(out.width());
    const int rows = out.height() - 2;
    const int last = static_cast<int>(lines.size()) - history_scroll_;
    const int first = std::max(0, last - rows);
    out.put(0, 0, "History (PgUp/PgDn or k/j to scroll, any other key closes)", Style{Color::Default, true});
    int y = 1;
    for (int i = first; i < last && i >= 0; ++i) out.put(0, y++, lines[static_cast<std::size_t>(i)]);
}

void PlayScreen::draw(Surface& out) const {
    const int w = out.width();
    const int h = out.height();
    if (w < kMinWidth || h < kMinHeight) {
        const std::string msg = "terminal too small: need " + std::to_string(kMinWidth) + "x" +
                                std::to_string(kMinHeight) + ", have " + std::to_string(w) + "x" + std::to_string(h);
        out.put(0, 0, msg);
        out.put(0, 1, "make the window larger, or press Q then y to quit");
        return;
    }
    if (mode_ == Mode::Help) return draw_help(out);
    if (mode_ == Mode::History) return draw_history(out);
    MapView view;
    view.cursor = cursor_;
    if (selected_) {
        // The selected unit's reach and targets, from the legal commands.
        const std::string from = core::to_string(*selected_);
        for (const Command& c : legal_commands(ctx_, s_)) {
            if (const Move* m = std::get_if<Move>(&c); m && m->from == *selected_ && m->to && !m->attack) {
                view.reach.push_back(*m->to);
            } else if (const Shoot* x = std::get_if<Shoot>(&c); x && x->from == *selected_) {
                view.arc.push_back(x->target);
            }
        }
    }
    view.ascii = opt_.ascii;
    view.color = opt_.color;
    const Rect map = map_rect(view);
    draw_map(out, Rect{0, 0, map.w, map.h}, ctx_, s_, view);
    const int side_x = map.w + 1;
    const int side_w = w - side_x;
    StatusOptions so;
    so.colour = opt_.color;
    const int status_h = 9;
    draw_status(out, Rect{side_x, 0, side_w, status_h}, ctx_, s_, so);
    LogView lv;
    lv.scroll = log_scroll_;
    lv.expanded = expanded_;
    lv.show_marks = true;
    log_.draw(out, Rect{side_x, status_h, side_w, h - 2 - status_h}, lv);
    // Under the map: what the side to decide may do.
    const int hint_y = map.h;
    const auto legal = legal_commands(ctx_, s_);
    std::string kinds;
    for (const Command& c : legal) {
        std::string t = print(c);
        t = t.substr(0, t.find(' '));
        if (kinds.find(" " + t + ",") == std::string::npos && kinds.rfind(t + ",", 0) != 0) kinds += t + ", ";
    }
    if (!kinds.empty()) kinds.resize(kinds.size() - 2);
    // Word-wrapped into the columns under the map.
    int y = hint_y;
    std::string rest = "Commands now: " + kinds;
    while (!rest.empty() && y < h - 2) {
        std::size_t cut = rest.size() <= static_cast<std::size_t>(map.w) ? rest.size() : rest.rfind(' ', static_cast<std::size_t>(map.w));
        if (cut == std::string::npos || cut == 0) cut = std::min(rest.size(), static_cast<std::size_t>(map.w));
        out.put(0, y++, rest.substr(0, cut));
        rest = rest.substr(std::min(rest.size(), cut + 1));
    }
    out.put(0, h - 2, square_status(ctx_, s_, cursor_), Style{Color::Default, false, false, false, false});
    if (mode_ == Mode::ConfirmAction) {
        // The odds over the log, where the player looks for results; if they do not all fit,
        // the first rows (the heading) give way to the outcomes.
        std::vector<std::string> rows;
        for (const std::string& line : odds_lines_) {
            for (std::string& row : wrap(line, side_w, 0, 2)) rows.push_back(std::move(row));
        }
        const int room = h - 2 - status_h;
        const std::size_t skip = rows.size() > static_cast<std::size_t>(room) ? rows.size() - static_cast<std::size_t>(room) : 0;
        const int oy = h - 2 - static_cast<int>(rows.size() - skip);
        for (int r = oy; r < h - 2; ++r) out.put(side_x, r, std::string(static_cast<std::size_t>(side_w), ' '));
        for (std::size_t i = skip; i < rows.size(); ++i) {
            out.put(side_x, oy + static_cast<int>(i - skip), rows[i], Style{Color::Default, i == 0});
        }
    }
    draw_prompt(out, h - 1);
}

}  // namespace tercio::ui
