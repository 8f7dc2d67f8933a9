#include "ui/hbl_replay_screen.hpp"

#include <algorithm>

#include "kits/hbl/control/event_text.hpp"

namespace tercio::ui {

namespace {

constexpr KeyLine kKeys[] = {
    {"Right l Space", "one command forward"},
    {"Left h", "one command back"},
    {"] n", "forward to the next card turned"},
    {"[ p", "back to the card turned before"},
    {"Home g", "the start: the initiative roll"},
    {"End G", "the end of the save"},
    {"t 3 Enter", "the start of turn 3"},
    {"Enter a", "autoplay on or off"},
    {"+ -", "autoplay faster or slower"},
    {"PgUp PgDn Ctrl-P", "scroll the log; the whole history, every roll explained"},
    {"?", "this help"},
    {"q Q", "quit (the save is only read, never changed)"},
};

}  // namespace

std::vector<std::string> hbl_replay_key_help() { return key_help_lines(std::begin(kKeys), std::end(kKeys)); }

HblReplayScreen::HblReplayScreen(const hbl::Context& ctx, hbl::GameState setup, const hbl::Events& setup_events,
                                 ScreenOptions options, int speed_ms)
    : ctx_(ctx), opt_(options), speed_ms_(speed_ms) {
    for (const hbl::Event& e : setup_events) log_.add(LogEntry{control::describe(ctx_, setup, e), {}, 0});
    states_.push_back(std::move(setup));
    log_end_.push_back(log_.size());
    message_ = "Right or Space: one command forward; Enter: autoplay; ? the keys; q quits.";
}

void HblReplayScreen::add(const hbl::Command& c, core::Side by, const hbl::Events& events,
                          const hbl::GameState& before, const hbl::GameState& after) {
    text_.push_back(hbl::Engine::print(ctx_, before, c));
    by_.push_back(by);
    card_.push_back(std::holds_alternative<hbl::cmd::Turn>(c));
    std::vector<std::string> why = control::explain(ctx_, before, c);
    for (const hbl::Event& e : events) {
        LogEntry le{control::describe(ctx_, after, e), {}, after.turn};
        if (!why.empty() && control::rolled_dice(e)) le.why = std::move(why), why.clear();
        log_.add(std::move(le));
    }
    states_.push_back(after);
    log_end_.push_back(log_.size());
}

void HblReplayScreen::seek(std::size_t p) {
    pos_ = std::min(p, size());
    log_scroll_ = 0;
}

void HblReplayScreen::step(int delta) {
    if (delta > 0 && pos_ >= size()) {
        message_ = "The end of the save (command " + std::to_string(size()) + ").";
        playing_ = false;
        return;
    }
    if (delta < 0 && pos_ == 0) {
        message_ = "The start: the initiative roll.";
        return;
    }
    seek(delta > 0 ? pos_ + 1 : pos_ - 1);
    message_.clear();
}

void HblReplayScreen::to_card(int direction) {
    // Positions just after a card was turned: p with card_[p - 1].
    if (direction > 0) {
        for (std::size_t p = pos_ + 1; p <= size(); ++p) {
            if (card_[p - 1]) return seek(p), void(message_.clear());
        }
        message_ = "No card is turned after this.";
    } else {
        for (std::size_t p = pos_; p-- > 1;) {
            if (card_[p - 1]) return seek(p), void(message_.clear());
        }
        message_ = "No card was turned before this.";
    }
}

bool HblReplayScreen::go_to_turn(int turn) {
    for (std::size_t p = 0; p <= size(); ++p) {
        if (states_[p].turn >= turn) {
            seek(p);
            message_ = "Turn " + std::to_string(states_[p].turn) + ".";
            return true;
        }
    }
    message_ = "The save does not reach turn " + std::to_string(turn) + ".";
    return false;
}

void HblReplayScreen::tick() {
    if (!playing_) return;
    step(1);
}

std::optional<int> HblReplayScreen::wait_ms() const {
    if (!playing_ || mode_ != Mode::View) return std::nullopt;
    return speed_ms_;
}

bool HblReplayScreen::handle(const KeyPress& key) {
    using K = KeyPress::Kind;
    const bool ch = key.kind == K::Char;
    if (key.kind == K::Resize) return true;
    if (mode_ == Mode::Help) {
        mode_ = Mode::View;
        return true;
    }
    if (mode_ == Mode::History) {
        if (!scroll_history(key, history_scroll_, history_page_, history_max_)) mode_ = Mode::View;
        return true;
    }
    if (mode_ == Mode::TurnPrompt) {
        if (ch && key.ch >= '0' && key.ch <= '9' && digits_.size() < 4) {
            digits_ += static_cast<char>(key.ch);
            message_ = "Turn: " + digits_;
        } else if (key.kind == K::Backspace && !digits_.empty()) {
            digits_.pop_back();
            message_ = "Turn: " + digits_;
        } else {
            mode_ = Mode::View;
            if (key.kind == K::Enter && !digits_.empty()) {
                go_to_turn(std::stoi(digits_));
            } else {
                message_.clear();
            }
        }
        return true;
    }
    if (ch && (key.ch == 'q' || key.ch == 'Q')) return false;
    if (key.kind == K::Interrupt) return false;
    if (key.kind == K::Right || (ch && (key.ch == 'l' || key.ch == ' '))) {
        playing_ = false;
        step(1);
    } else if (key.kind == K::Left || (ch && key.ch == 'h')) {
        playing_ = false;
        step(-1);
    } else if (ch && (key.ch == ']' || key.ch == 'n')) {
        to_card(1);
    } else if (ch && (key.ch == '[' || key.ch == 'p')) {
        to_card(-1);
    } else if (key.kind == K::Home || (ch && key.ch == 'g')) {
        seek(0);
        message_ = "The start: the initiative roll.";
    } else if (key.kind == K::End || (ch && key.ch == 'G')) {
        seek(size());
        message_ = "The end of the save.";
    } else if (ch && key.ch == 't') {
        mode_ = Mode::TurnPrompt;
        digits_.clear();
        message_ = "Turn: (type its number, then Enter)";
    } else if (key.kind == K::Enter || (ch && key.ch == 'a')) {
        playing_ = !playing_ && pos_ < size();
        message_ = playing_ ? "Autoplay: one command every " + std::to_string(speed_ms_) + " ms (Enter stops it)."
                            : "Autoplay off.";
    } else if (ch && (key.ch == '+' || key.ch == '-')) {
        speed_ms_ = std::clamp(key.ch == '+' ? speed_ms_ / 2 : speed_ms_ * 2, 50, 4000);
        message_ = "Autoplay: one command every " + std::to_string(speed_ms_) + " ms.";
    } else if (key.kind == K::PageUp) {
        log_scroll_ += 3;
    } else if (key.kind == K::PageDown) {
        log_scroll_ = std::max(0, log_scroll_ - 3);
    } else if (key.kind == K::CtrlP) {
        mode_ = Mode::History;
        history_scroll_ = 0;
    } else if (ch && key.ch == '?') {
        mode_ = Mode::Help;
    }
    return true;
}

std::string HblReplayScreen::status_line() const {
    std::string out = "REPLAY  command " + std::to_string(pos_) + " of " + std::to_string(size()) + ": ";
    out += pos_ == 0 ? std::string("the initiative roll")
                     : text_[pos_ - 1] + " by " + std::string(1, core::side_letter(by_[pos_ - 1]));
    return out + ", turn " + std::to_string(state().turn);
}

void HblReplayScreen::draw(Surface& out) const {
    if (too_small(out, "q")) return;
    const int w = out.width();
    const int h = out.height();
    // The log as it stood at this position.
    Log shown;
    for (std::size_t i = 0; i < log_end_[pos_]; ++i) shown.add(log_[i]);
    if (mode_ == Mode::Help) {
        out.put(0, 0, "tercio replay keys (any other key closes this)", Style{Color::Default, true});
        int y = 2;
        for (const std::string& line : hbl_replay_key_help()) out.put(2, y++, line);
        return;
    }
    if (mode_ == Mode::History) {
        history_page_ = std::max(1, h - 3);
        history_max_ = draw_history_page(out, shown, history_scroll_, "The log up to here (any other key goes back)");
        return;
    }
    const int top = draw_hbl_board(out, ctx_, state(), opt_.color);
    // Under the board: REPLAY and what of, any problem with the save, then the log.
    int y = top;
    out.put(0, y, " REPLAY ", Style{Color::Default, true, true});
    out.put(9, y++, title_);
    if (!problem_.empty()) {
        for (const std::string& row : wrap(problem_, w, 0, 2)) {
            if (y >= h - 2) break;
            out.put(0, y++, row, Style{opt_.color ? Color::Red : Color::Default, true});
        }
    }
    if (h - 2 - y > 0) shown.draw(out, Rect{0, y, w, h - 2 - y}, LogView{log_scroll_, std::nullopt, false});
    out.put(0, h - 2, message_);
    out.put(0, h - 1, status_line(), Style{Color::Default, true});
}

}  // namespace tercio::ui
