#include "ui/replay_screen.hpp"

#include <algorithm>
#include <array>
#include <variant>

#include "kits/pikette/control/event_text.hpp"
#include "core/overloaded.hpp"
#include "ui/guide.hpp"
#include "ui/map_pane.hpp"
#include "ui/side_pane.hpp"

namespace tercio::ui {

using namespace rules;

namespace {


/// Autoplay's delays, fastest first: + and - move along them.
constexpr std::array<int, 11> kSpeeds = {50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000};

// The key table: the help screen is generated from it.
constexpr KeyLine kKeys[] = {
    {"Right l Space", "one command forward"},
    {"Left h", "one command back"},
    {"] n", "forward to the next card turned"},
    {"[ p", "back to the card turned before"},
    {"Home g", "the start: the set-up rolls"},
    {"End G", "the end of the save"},
    {"t 3 Enter", "the start of turn 3 (t 0: the set-up)"},
    {"Enter a", "autoplay on or off"},
    {"+ -", "autoplay faster or slower"},
    {"x", "show or hide the why of the newest roll in the log"},
    {"PgUp PgDn Ctrl-P", "scroll the log; the whole history"},
    {"Ctrl-R", "redraw the screen"},
    {"?", "this help"},
    {"q Q", "quit (the save is only read, never changed)"},
};

bool turns_card(const Events& events) {
    return std::any_of(events.begin(), events.end(),
                       [](const Event& e) { return std::holds_alternative<CardTurned>(e); });
}

/// The squares a command names, marked on the map: where it moved or placed (reach), and what
/// it shot or fought (arc).
void mark_command(const Command& c, MapView& view) {
    std::visit(core::Overloaded{
                   [&](const Move& m) {
                       view.reach.push_back(m.from);
                       if (m.to) (m.attack ? view.arc : view.reach).push_back(*m.to);
                   },
                   [&](const Shoot& x) {
                       view.reach.push_back(x.from);
                       view.arc.push_back(x.target);
                   },
                   [&](const Fight& x) { view.arc.push_back(x.square); },
                   [&](const Charge& x) { view.reach.push_back(x.from); },
                   [&](const MoveLeader& x) { view.reach.push_back(x.to); },
                   [&](const Escape& x) { view.reach.push_back(x.to); },
                   [&](const Deploy& x) { view.reach.push_back(x.square); },
                   [&](const DeployLeader& x) { view.reach.push_back(x.square); },
                   [&](const Rally& x) { view.reach.push_back(x.square); },
                   [&](const Reload& x) { view.reach.push_back(x.square); },
                   [&](const CheckMorale& x) { view.reach.push_back(x.square); },
                   [&](const PlaceTerrain& x) {
                       for (const Square& q : x.squares) view.reach.push_back(q);
                   },
                   [&](const auto&) {},
               },
               c);
}

}  // namespace

std::vector<std::string> replay_key_help() { return key_help_lines(std::begin(kKeys), std::end(kKeys)); }

ReplayScreen::ReplayScreen(const RulesContext& ctx, GameState setup, const Events& setup_events, std::uint64_t seed,
                           std::uint64_t calls, ScreenOptions options, int speed_ms)
    : ctx_(ctx), opt_(options), seed_(seed), last_calls_(calls), speed_ms_(std::max(0, speed_ms)) {
    // What each command was and did, the log, and the states to seek from, built as the save's
    // replay hands over its commands (add()).
    full_log_.add(ctx_, setup, setup_events);
    turn_at_.push_back(setup.turn);
    log_end_.push_back(full_log_.size());
    keyframes_.push_back(Stored{0, setup, calls});
    s_ = std::move(setup);
    calls_ = calls;
    pos_ = 0;
    sync_log();
    message_ = "REPLAY: Right steps, Enter plays on by itself, ? shows the keys, q quits.";
}

void ReplayScreen::add(const Command& c, Side by, const Events& events, const GameState& before,
                       const GameState& after, std::uint64_t calls_after) {
    const std::size_t p = commands_.size();  // the position before this command
    if (p > 0 && (turn_at_[p] != turn_at_[p - 1] || p - keyframes_.back().pos >= kReplayKeyframeEvery)) {
        keyframes_.push_back(Stored{p, before, last_calls_});
    }
    commands_.push_back(c);
    text_.push_back(print(c));
    by_.push_back(by);
    card_.push_back(turns_card(events));
    full_log_.add(ctx_, after, events);
    turn_at_.push_back(after.turn);
    log_end_.push_back(full_log_.size());
    last_calls_ = calls_after;
}

void ReplayScreen::sync_log() {
    const std::size_t want = log_end_[pos_];
    if (log_.size() > want) log_.truncate(want);
    for (std::size_t i = log_.size(); i < want; ++i) log_.add(full_log_[i]);
    log_scroll_ = 0;
    expanded_.reset();
}

void ReplayScreen::seek(std::size_t p) {
    p = std::min(p, commands_.size());
    if (p == pos_) return;
    // The newest stored state at or before p; the shown one if it is nearer.
    const auto after = std::upper_bound(keyframes_.begin(), keyframes_.end(), p,
                                        [](std::size_t v, const Stored& k) { return v < k.pos; });
    const Stored& from = *std::prev(after);
    if (p < pos_ || pos_ < from.pos) {
        s_ = from.state;
        calls_ = from.calls;
        pos_ = from.pos;
    }
    core::SeededDice dice(seed_, calls_);
    for (; pos_ < p; ++pos_) apply(ctx_, s_, commands_[pos_], dice);
    calls_ = dice.calls();
    sync_log();
}

std::optional<std::size_t> ReplayScreen::turn_start(int turn) const {
    // Turns only go forward; one may end as it begins (an initiative tie), and then the first
    // position after it stands for it.
    if (turn < 0) return std::nullopt;
    const auto it = std::lower_bound(turn_at_.begin(), turn_at_.end(), turn);
    if (it == turn_at_.end()) return std::nullopt;
    return static_cast<std::size_t>(it - turn_at_.begin());
}

std::string ReplayScreen::at_end_text() const {
    if (s_.decision == Decision::GameOver) return "The end: the game is over (g goes back to the start).";
    return "The end of the save: the game went no further (g goes back to the start).";
}

void ReplayScreen::step(int delta) {
    if (delta > 0 && pos_ >= commands_.size()) {
        message_ = at_end_text();
        return;
    }
    if (delta < 0 && pos_ == 0) {
        message_ = "The start: the set-up rolls, before any command.";
        return;
    }
    seek(delta > 0 ? pos_ + 1 : pos_ - 1);
    message_.clear();
}

void ReplayScreen::next_card() {
    for (std::size_t p = pos_ + 1; p <= commands_.size(); ++p) {
        if (card_[p - 1]) {
            seek(p);
            message_.clear();
            return;
        }
    }
    message_ = "No card is turned after this.";
}

void ReplayScreen::previous_card() {
    for (std::size_t p = pos_; p-- > 1;) {
        if (card_[p - 1]) {
            seek(p);
            message_.clear();
            return;
        }
    }
    message_ = "No card was turned before this.";
}

void ReplayScreen::go_to_turn(const std::string& digits) {
    if (digits.empty()) {
        message_ = "No turn given: t, the turn's number, Enter.";
        return;
    }
    const int turn = digits.size() > 3 ? 1000 : std::stoi(digits);
    if (const auto p = turn_start(turn)) {
        seek(*p);
        if (turn_at_[*p] != turn) {
            message_ = "Turn " + std::to_string(turn) + " ended as it began: this is the start of turn " +
                       std::to_string(turn_at_[*p]) + ".";
        } else {
            message_ = turn == 0 ? "The set-up." : "The start of turn " + std::to_string(turn) + ".";
        }
        return;
    }
    message_ = "This save has no turn " + digits + ": it goes from the set-up to turn " +
               std::to_string(turn_at_.back()) + ".";
}

void ReplayScreen::toggle_autoplay() {
    if (playing_) {
        playing_ = false;
        message_ = "Autoplay stopped.";
        return;
    }
    if (pos_ >= commands_.size()) {
        message_ = at_end_text();
        return;
    }
    playing_ = true;
    message_.clear();
}

void ReplayScreen::change_speed(bool faster) {
    if (faster) {
        const auto it = std::find_if(kSpeeds.rbegin(), kSpeeds.rend(), [&](int v) { return v < speed_ms_; });
        if (it != kSpeeds.rend()) speed_ms_ = *it;
    } else {
        const auto it = std::find_if(kSpeeds.begin(), kSpeeds.end(), [&](int v) { return v > speed_ms_; });
        if (it != kSpeeds.end()) speed_ms_ = *it;
    }
    message_ = "Autoplay: a command every " + std::to_string(speed_ms_) + " ms.";
}

void ReplayScreen::tick() {
    if (!playing_) return;
    if (pos_ < commands_.size()) seek(pos_ + 1);
    if (pos_ >= commands_.size()) {
        playing_ = false;
        message_ = at_end_text();
    }
}

std::optional<int> ReplayScreen::wait_ms() const {
    if (!playing_) return std::nullopt;
    return speed_ms_;
}

bool ReplayScreen::handle(const KeyPress& k) {
    using K = KeyPress::Kind;
    switch (mode_) {
        case Mode::Help:
        case Mode::History:
            if (mode_ == Mode::History && scroll_history(k, history_scroll_, history_page_, history_max_)) {
                // a page, a line or an end (the same keys as the game's history)
            } else if (k.kind == K::Char && (k.ch == 'q' || k.ch == 'Q')) {
                return false;
            } else if (k.kind != K::Resize && k.kind != K::CtrlR && k.kind != K::PageUp && k.kind != K::PageDown &&
                       k.kind != K::Home && k.kind != K::End) {
                mode_ = Mode::View;
            }
            return true;
        case Mode::TurnPrompt:
            if (k.kind == K::Escape) {
                mode_ = Mode::View;
                message_ = "Cancelled.";
            } else if (k.kind == K::Enter) {
                mode_ = Mode::View;
                go_to_turn(digits_);
            } else if (k.kind == K::Backspace) {
                if (!digits_.empty()) digits_.pop_back();
            } else if (k.kind == K::Char && k.ch >= '0' && k.ch <= '9') {
                if (digits_.size() < 4) digits_ += static_cast<char>(k.ch);
            } else if (k.kind == K::Char && (k.ch == 'q' || k.ch == 'Q')) {
                return false;
            } else if (k.kind != K::Resize && k.kind != K::CtrlR) {
                mode_ = Mode::View;
                message_ = "Cancelled: t, then the turn's number and Enter.";
            }
            return true;
        case Mode::View:
            break;
    }
    switch (k.kind) {
        case K::Right: step(1); return true;
        case K::Left: step(-1); return true;
        case K::Enter: toggle_autoplay(); return true;
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
        case 'l':
        case ' ': step(1); break;
        case 'h': step(-1); break;
        case ']':
        case 'n': next_card(); break;
        case '[':
        case 'p': previous_card(); break;
        case 'g':
            seek(0);
            message_ = "The start: the set-up rolls, before any command.";
            break;
        case 'G':
            seek(commands_.size());
            message_ = at_end_text();
            break;
        case 't':
            mode_ = Mode::TurnPrompt;
            digits_.clear();
            break;
        case 'a': toggle_autoplay(); break;
        case '+':
        case '=': change_speed(true); break;
        case '-':
        case '_': change_speed(false); break;
        case 'x':
            expanded_ = expanded_ ? std::nullopt : log_.last_explained();
            if (!expanded_) message_ = "no roll to explain yet";
            break;
        case '?':
            mode_ = Mode::Help;
            history_scroll_ = 0;
            break;
        case 'q':
        case 'Q': return false;
        default: message_ = "unknown key " + utf8(k.ch) + "; ? shows the keys"; break;
    }
    return true;
}

std::string ReplayScreen::status_line() const {
    std::string out = "REPLAY  command " + std::to_string(pos_) + " of " + std::to_string(commands_.size()) + ": ";
    if (pos_ == 0) {
        out += "the set-up rolls";
    } else {
        out += text_[pos_ - 1] + " by " + side_label(ctx_, by_[pos_ - 1]);
    }
    return out + ", turn " + std::to_string(s_.turn);
}

void ReplayScreen::draw_help(Surface& out) const {
    out.put(0, 0, "tercio replay keys (any other key closes this)", Style{Color::Default, true});
    int y = 2;
    for (const std::string& line : replay_key_help()) out.put(2, y++, line);
    ++y;
    for (const std::string& row :
         wrap("The squares of the command just replayed are marked on the map: underlined where it moved or "
              "placed, bold where it shot or fought.",
              out.width() - 2, 0, 0)) {
        out.put(0, y++, row);
    }
}

void ReplayScreen::draw_history(Surface& out) const {
    history_page_ = std::max(1, out.height() - 3);
    history_max_ = draw_history_page(out, log_, history_scroll_,
                                     "History to this command (PgUp/PgDn a page, k/j a line, Home/End, any other key "
                                     "closes)");
}

void ReplayScreen::draw_over_log(Surface& out, const std::vector<std::string>& rows) const {
    draw_rows_over_log(out, side_x_, rows);
}

void ReplayScreen::draw(Surface& out) const {
    const int w = out.width();
    const int h = out.height();
    if (too_small(out, "q")) return;
    if (mode_ == Mode::Help) return draw_help(out);
    if (mode_ == Mode::History) return draw_history(out);
    MapView view;
    view.ascii = opt_.ascii;
    view.color = opt_.color;
    if (pos_ > 0) mark_command(commands_[pos_ - 1], view);
    fit_map(view, w, h, s_.files, s_.ranks, kMinWidth - kMapWidth80, kMinHeight - kMapHeight80);
    const Rect map = map_rect(view, s_.files, s_.ranks);
    draw_map(out, Rect{0, 0, map.w, map.h}, ctx_, s_, view);
    const int side_x = map.w + 1;
    side_x_ = side_x;
    const int side_w = w - side_x;
    StatusOptions so;
    so.colour = opt_.color;
    draw_status(out, Rect{side_x, 0, side_w, kStatusRows}, ctx_, s_, so);
    LogView lv;
    lv.scroll = log_scroll_;
    lv.expanded = expanded_;
    lv.show_marks = true;
    log_.draw(out, Rect{side_x, kStatusRows, side_w, h - 2 - kStatusRows}, lv);
    // Under the map: REPLAY, what of, and any problem with the save.
    {
        int y = map.h;
        for (const std::string& row : wrap(title_, map.w, 9, 0)) {  // the first row leaves room for REPLAY
            if (y >= h - 2) break;
            out.put(0, y++, row);
        }
        out.put(0, map.h, " REPLAY ", Style{Color::Default, true, true});
        y = std::max(y, map.h + 1);
        if (!problem_.empty()) {
            const Style st{opt_.color ? Color::Red : Color::Default, true};
            for (const std::string& row : wrap(problem_, map.w, 0, 2)) {
                if (y >= h - 2) break;
                out.put(0, y++, row, st);
            }
        }
    }
    if (s_.decision == Decision::GameOver) {
        std::vector<std::string> rows{"After the battle"};
        for (const std::string& line : game_summary(ctx_, s_)) {
            if (static_cast<int>(code_points(line).size()) <= side_w) {
                rows.push_back(line);
                continue;
            }
            for (std::string& row : wrap(line, side_w, 0, 2)) rows.push_back(std::move(row));
        }
        draw_over_log(out, rows);
    }
    // The status line, in reverse video across the screen: it cannot be taken for a game.
    std::string status = status_line();
    if (playing_) status += "  [autoplay " + std::to_string(speed_ms_) + " ms]";
    const auto cells = code_points(status);
    if (static_cast<int>(cells.size()) < w) status += std::string(static_cast<std::size_t>(w) - cells.size(), ' ');
    out.put(0, h - 2, status, Style{Color::Default, true, true});
    // The message line.
    if (mode_ == Mode::TurnPrompt) {
        const std::string ask = "Go to the start of turn: " + digits_;
        out.put(0, h - 1, ask, Style{Color::Default, true});
        out.put(static_cast<int>(ask.size()), h - 1, "_", Style{Color::Default, false, true});
        out.put(static_cast<int>(ask.size()) + 2, h - 1, "(Enter goes there, Esc cancels)");
        return;
    }
    std::string line = message_;
    if (line.empty()) {
        line = playing_ ? "Autoplay: Enter stops, + faster, - slower; ? shows the keys."
                        : "Right/Left step, ]/[ cards, t turn, Enter autoplay, ? keys, q quits.";
    }
    out.put(0, h - 1, line);
}

}  // namespace tercio::ui
