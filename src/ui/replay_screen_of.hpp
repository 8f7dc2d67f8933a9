#pragma once
/// The replay screen of `tercio replay`, written once for every ruleset: a saved game shown in the
/// panes of the game screen (the board, the side pane's status, the log), stepped through command
/// by command, by card, by turn, or played on by itself. What differs by ruleset comes from its kit
/// K (screen_kit.hpp: K::Text and K::Screen), as in the play screen (play_screen_of.hpp). Pure: it
/// draws on any Surface and takes decoded keys; the app gives it the terminal and calls tick()
/// when autoplay's time has passed. Each kit compiles it once (an explicit instantiation in its
/// folder).
///
/// Positions: position p is the game after its first p commands (0: the set-up, N: the end of
/// the save). Seeking re-applies the commands from the nearest stored state at or before p (one
/// before every turn and at least every 32 commands, with its dice state), so a long game costs
/// a few dozen states, not one per command.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/dice.hpp"
#include "ui/board_view.hpp"
#include "ui/log.hpp"
#include "ui/screen_kit.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// How often, at least, a state is stored to seek from.
inline constexpr std::size_t kReplayKeyframeEvery = 32;

template <ScreenKit K>
class ReplayScreenOf {
  public:
    using E = typename K::Engine;
    using Context = typename E::Context;
    using State = typename E::State;
    using Command = typename E::Command;
    using Events = typename E::Events;
    using Text = typename K::Text;
    using Kit = typename K::Screen;

    /// `setup` and `setup_events` are what the engine's new_game made from `seed`, which left the
    /// dice at `calls` draws. The commands come after, one add() each, as the save's replay (the
    /// kit's Files::replay, which checks them) goes through them: the game is replayed once.
    ReplayScreenOf(const Context& ctx, State setup, const Events& setup_events, std::uint64_t seed,
                   std::uint64_t calls, ScreenOptions options, int speed_ms = 500);

    /// The next command of the save as replayed: who gave it, what it did, the states around it
    /// and the dice draws made once it was played.
    void add(const Command& c, core::Side by, const Events& events, const State& before,
             const State& after, std::uint64_t calls_after);

    /// Handles one key. Returns false when the viewer quits.
    bool handle(const KeyPress& key);
    /// Autoplay's time has passed: one command forward (autoplay stops at the end).
    void tick();
    /// While autoplay is on, how long to wait for a key before calling tick(); none: wait for a
    /// key as long as it takes.
    std::optional<int> wait_ms() const;
    /// Draws everything on the surface (the caller clears and presents it).
    void draw(Surface& out) const;

    /// Goes to position `p` (clamped to 0..size()).
    void seek(std::size_t p);
    /// The first position of turn `turn` (the set-up's turn: the set-up), if the save reaches it;
    /// for a turn that ended as it began (an initiative tie), the first position after it.
    std::optional<std::size_t> turn_start(int turn) const;

    /// What the replay is of, shown under the map beside REPLAY ("french v spanish, seed 12...").
    void set_title(std::string title) { title_ = std::move(title); }
    /// A problem with the save (it went out of sync after the commands shown), shown under the
    /// map for as long as the screen is open.
    void set_problem(std::string problem) { problem_ = std::move(problem); }
    /// Puts a message of the program's own on the message line.
    void show_message(std::string text) { message_ = std::move(text); }
    void set_options(ScreenOptions options) { opt_ = options; }

    /// The position shown: how many commands have been applied.
    std::size_t position() const { return pos_; }
    /// How many commands the replay holds (the last position).
    std::size_t size() const { return commands_.size(); }
    const State& state() const { return s_; }
    const Log& log() const { return log_; }
    const std::string& message() const { return message_; }
    const std::string& problem() const { return problem_; }
    bool playing() const { return playing_; }
    int speed_ms() const { return speed_ms_; }
    /// The turn at position `p` (at 0, the set-up's).
    int turn_at(std::size_t p) const { return turn_at_.at(p); }
    /// Whether command `p` (1-based: the one that leads to position `p`) turned a card.
    bool turned_card(std::size_t p) const { return p > 0 && p <= commands_.size() && card_[p - 1]; }
    /// "REPLAY  command 12 of 340: move h5 h7 by A French, turn 2".
    std::string status_line() const;
    /// How many states are stored to seek from.
    std::size_t stored_states() const { return keyframes_.size(); }
    /// The replay's key help (for `?`).
    std::vector<std::string> key_help() const;

  private:
    enum class Mode { View, TurnPrompt, Help, History };
    struct Stored {
        std::size_t pos = 0;
        State state;
        std::uint64_t calls = 0;
    };
    /// Autoplay's delays, fastest first: + and - move along them.
    static constexpr std::array<int, 11> kSpeeds = {50,   100,  200,  300,  500, 750,
                                                     1000, 1500, 2000, 3000, 5000};
    void step(int delta);
    void next_card();
    void previous_card();
    void go_to_turn(const std::string& digits);
    void toggle_autoplay();
    void change_speed(bool faster);
    /// "The start: the set-up rolls, before any command."
    std::string at_start_text() const;
    /// Where the replay stands, said when a step is refused at either end.
    std::string at_end_text() const;
    void add_log(const State* before, const State& after, const Command* c, const Events& events);
    void sync_log();
    void draw_help(Surface& out) const;
    void draw_history(Surface& out) const;
    mutable int side_x_ = 49;  ///< where the side pane began at the last draw

    const Context& ctx_;
    ScreenOptions opt_;
    std::uint64_t seed_ = 0;
    std::uint64_t last_calls_ = 0;    ///< the dice draws made after the last command added
    std::vector<Command> commands_;
    std::vector<std::string> text_;   ///< per command: its text
    std::vector<core::Side> by_;      ///< per command: the side that gave it
    std::vector<bool> card_;          ///< per command: it turned a card
    std::vector<int> turn_at_;        ///< per position
    std::vector<std::size_t> log_end_;  ///< per position: entries of the full log then
    std::vector<Stored> keyframes_;   ///< by position, the first at 0
    Log full_log_;                    ///< every event of the save
    // The position shown.
    std::size_t pos_ = 0;
    State s_;
    std::uint64_t calls_ = 0;
    Log log_;  ///< the first log_end_[pos_] entries of full_log_
    // The view.
    Mode mode_ = Mode::View;
    std::string digits_;  ///< the turn being typed after `t`
    std::string title_;
    std::string problem_;
    std::string message_;
    bool playing_ = false;
    int speed_ms_ = 500;
    int log_scroll_ = 0;
    int history_scroll_ = 0;
    mutable int history_page_ = 20;  ///< the last drawn history's page, for the scroll keys
    mutable int history_max_ = 0;    ///< and how far up it goes
    std::optional<std::size_t> expanded_;
};

template <ScreenKit K>
std::vector<std::string> ReplayScreenOf<K>::key_help() const {
    const std::string start = std::string("the start: ") + Text::setup_name();
    const std::string turn = "the start of turn 3 (t " + std::to_string(turn_at_.front()) + ": the set-up)";
    const KeyLine keys[] = {
        {"Right l Space", "one command forward"},
        {"Left h", "one command back"},
        {"] n", "forward to the next card turned"},
        {"[ p", "back to the card turned before"},
        {"Home g", start.c_str()},
        {"End G", "the end of the save"},
        {"t 3 Enter", turn.c_str()},
        {"Enter a", "autoplay on or off"},
        {"+ -", "autoplay faster or slower"},
        {"x", "show or hide the why of the newest roll in the log"},
        {"PgUp PgDn Ctrl-P", "scroll the log; the whole history"},
        {"Ctrl-R", "redraw the screen"},
        {"?", "this help"},
        {"q Q", "quit (the save is only read, never changed)"},
    };
    return key_help_lines(std::begin(keys), std::end(keys));
}

template <ScreenKit K>
ReplayScreenOf<K>::ReplayScreenOf(const Context& ctx, State setup, const Events& setup_events,
                                  std::uint64_t seed, std::uint64_t calls, ScreenOptions options,
                                  int speed_ms)
    : ctx_(ctx), opt_(options), seed_(seed), last_calls_(calls), speed_ms_(std::max(0, speed_ms)) {
    // What each command was and did, the log, and the states to seek from, built as the save's
    // replay hands over its commands (add()).
    add_log(nullptr, setup, nullptr, setup_events);
    turn_at_.push_back(E::turn(setup));
    log_end_.push_back(full_log_.size());
    keyframes_.push_back(Stored{0, setup, calls});
    s_ = std::move(setup);
    calls_ = calls;
    pos_ = 0;
    sync_log();
    message_ = "REPLAY: Right steps, Enter plays on by itself, ? shows the keys, q quits.";
}

template <ScreenKit K>
void ReplayScreenOf<K>::add_log(const State* before, const State& after, const Command* c,
                                const Events& events) {
    for (LogEntry& e : Text::log_entries(ctx_, before, after, c, events)) full_log_.add(std::move(e));
}

template <ScreenKit K>
void ReplayScreenOf<K>::add(const Command& c, core::Side by, const Events& events, const State& before,
                            const State& after, std::uint64_t calls_after) {
    const std::size_t p = commands_.size();  // the position before this command
    if (p > 0 && (turn_at_[p] != turn_at_[p - 1] || p - keyframes_.back().pos >= kReplayKeyframeEvery)) {
        keyframes_.push_back(Stored{p, before, last_calls_});
    }
    commands_.push_back(c);
    text_.push_back(E::print(ctx_, before, c));
    by_.push_back(by);
    card_.push_back(Kit::turned_card(c, events));
    add_log(&before, after, &c, events);
    turn_at_.push_back(E::turn(after));
    log_end_.push_back(full_log_.size());
    last_calls_ = calls_after;
}

template <ScreenKit K>
void ReplayScreenOf<K>::sync_log() {
    const std::size_t want = log_end_[pos_];
    if (log_.size() > want) log_.truncate(want);
    for (std::size_t i = log_.size(); i < want; ++i) log_.add(full_log_[i]);
    log_scroll_ = 0;
    expanded_.reset();
}

template <ScreenKit K>
void ReplayScreenOf<K>::seek(std::size_t p) {
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
    for (; pos_ < p; ++pos_) E::apply(ctx_, s_, commands_[pos_], dice);
    calls_ = dice.calls();
    sync_log();
}

template <ScreenKit K>
std::optional<std::size_t> ReplayScreenOf<K>::turn_start(int turn) const {
    // Turns only go forward; one may end as it begins (an initiative tie), and then the first
    // position after it stands for it.
    if (turn < 0) return std::nullopt;
    const auto it = std::lower_bound(turn_at_.begin(), turn_at_.end(), turn);
    if (it == turn_at_.end()) return std::nullopt;
    return static_cast<std::size_t>(it - turn_at_.begin());
}

template <ScreenKit K>
std::string ReplayScreenOf<K>::at_start_text() const {
    return std::string("The start: ") + Text::setup_name() + ", before any command.";
}

template <ScreenKit K>
std::string ReplayScreenOf<K>::at_end_text() const {
    if (E::over(s_)) return "The end: the game is over (g goes back to the start).";
    return "The end of the save: the game went no further (g goes back to the start).";
}

template <ScreenKit K>
void ReplayScreenOf<K>::step(int delta) {
    if (delta > 0 && pos_ >= commands_.size()) {
        message_ = at_end_text();
        return;
    }
    if (delta < 0 && pos_ == 0) {
        message_ = at_start_text();
        return;
    }
    seek(delta > 0 ? pos_ + 1 : pos_ - 1);
    message_.clear();
}

template <ScreenKit K>
void ReplayScreenOf<K>::next_card() {
    for (std::size_t p = pos_ + 1; p <= commands_.size(); ++p) {
        if (card_[p - 1]) {
            seek(p);
            message_.clear();
            return;
        }
    }
    message_ = "No card is turned after this.";
}

template <ScreenKit K>
void ReplayScreenOf<K>::previous_card() {
    for (std::size_t p = pos_; p-- > 1;) {
        if (card_[p - 1]) {
            seek(p);
            message_.clear();
            return;
        }
    }
    message_ = "No card was turned before this.";
}

template <ScreenKit K>
void ReplayScreenOf<K>::go_to_turn(const std::string& digits) {
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
            message_ = *p == 0 ? "The set-up." : "The start of turn " + std::to_string(turn) + ".";
        }
        return;
    }
    message_ = "This save has no turn " + digits + ": it goes from the set-up to turn " +
               std::to_string(turn_at_.back()) + ".";
}

template <ScreenKit K>
void ReplayScreenOf<K>::toggle_autoplay() {
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

template <ScreenKit K>
void ReplayScreenOf<K>::change_speed(bool faster) {
    if (faster) {
        const auto it = std::find_if(kSpeeds.rbegin(), kSpeeds.rend(), [&](int v) { return v < speed_ms_; });
        if (it != kSpeeds.rend()) speed_ms_ = *it;
    } else {
        const auto it = std::find_if(kSpeeds.begin(), kSpeeds.end(), [&](int v) { return v > speed_ms_; });
        if (it != kSpeeds.end()) speed_ms_ = *it;
    }
    message_ = "Autoplay: a command every " + std::to_string(speed_ms_) + " ms.";
}

template <ScreenKit K>
void ReplayScreenOf<K>::tick() {
    if (!playing_) return;
    if (pos_ < commands_.size()) seek(pos_ + 1);
    if (pos_ >= commands_.size()) {
        playing_ = false;
        message_ = at_end_text();
    }
}

template <ScreenKit K>
std::optional<int> ReplayScreenOf<K>::wait_ms() const {
    if (!playing_) return std::nullopt;
    return speed_ms_;
}

template <ScreenKit K>
bool ReplayScreenOf<K>::handle(const KeyPress& k) {
    using Kind = KeyPress::Kind;
    switch (mode_) {
        case Mode::Help:
        case Mode::History:
            if (mode_ == Mode::History && scroll_history(k, history_scroll_, history_page_, history_max_)) {
                // a page, a line or an end (the same keys as the game's history)
            } else if (k.kind == Kind::Char && (k.ch == 'q' || k.ch == 'Q')) {
                return false;
            } else if (k.kind != Kind::Resize && k.kind != Kind::CtrlR && k.kind != Kind::PageUp &&
                       k.kind != Kind::PageDown && k.kind != Kind::Home && k.kind != Kind::End) {
                mode_ = Mode::View;
            }
            return true;
        case Mode::TurnPrompt:
            if (k.kind == Kind::Escape) {
                mode_ = Mode::View;
                message_ = "Cancelled.";
            } else if (k.kind == Kind::Enter) {
                mode_ = Mode::View;
                go_to_turn(digits_);
            } else if (k.kind == Kind::Backspace) {
                if (!digits_.empty()) digits_.pop_back();
            } else if (k.kind == Kind::Char && k.ch >= '0' && k.ch <= '9') {
                if (digits_.size() < 4) digits_ += static_cast<char>(k.ch);
            } else if (k.kind == Kind::Char && (k.ch == 'q' || k.ch == 'Q')) {
                return false;
            } else if (k.kind != Kind::Resize && k.kind != Kind::CtrlR) {
                mode_ = Mode::View;
                message_ = "Cancelled: t, then the turn's number and Enter.";
            }
            return true;
        case Mode::View:
            break;
    }
    switch (k.kind) {
        case Kind::Right: step(1); return true;
        case Kind::Left: step(-1); return true;
        case Kind::Enter: toggle_autoplay(); return true;
        case Kind::CtrlP:
            mode_ = Mode::History;
            history_scroll_ = 0;
            return true;
        case Kind::PageUp: ++log_scroll_; return true;
        case Kind::PageDown: log_scroll_ = std::max(0, log_scroll_ - 1); return true;
        case Kind::Char: break;
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
            message_ = at_start_text();
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

template <ScreenKit K>
std::string ReplayScreenOf<K>::status_line() const {
    std::string out = "REPLAY  command " + std::to_string(pos_) + " of " + std::to_string(commands_.size()) + ": ";
    if (pos_ == 0) {
        out += Text::setup_name();
    } else {
        out += text_[pos_ - 1] + " by " + Text::side_label(ctx_, by_[pos_ - 1]);
    }
    return out + ", turn " + std::to_string(E::turn(s_));
}

template <ScreenKit K>
void ReplayScreenOf<K>::draw_help(Surface& out) const {
    out.put(0, 0, "tercio replay keys (any other key closes this)", Style{Color::Default, true});
    int y = 2;
    for (const std::string& line : key_help()) out.put(2, y++, line);
    ++y;
    for (const std::string& row :
         wrap("The squares of the command just replayed are marked on the map: underlined where it moved or "
              "placed, bold where it shot or fought.",
              out.width() - 2, 0, 0)) {
        out.put(0, y++, row);
    }
}

template <ScreenKit K>
void ReplayScreenOf<K>::draw_history(Surface& out) const {
    history_page_ = std::max(1, out.height() - 3);
    history_max_ = draw_history_page(out, log_, history_scroll_,
                                     "History to this command (PgUp/PgDn a page, k/j a line, Home/End, any other key "
                                     "closes)");
}

template <ScreenKit K>
void ReplayScreenOf<K>::draw(Surface& out) const {
    const int w = out.width();
    const int h = out.height();
    if (too_small(out, "q")) return;
    if (mode_ == Mode::Help) return draw_help(out);
    if (mode_ == Mode::History) return draw_history(out);
    MapView view;
    view.ascii = opt_.ascii;
    view.color = opt_.color;
    if (pos_ > 0) Kit::mark_command(ctx_, s_, commands_[pos_ - 1], view);
    LogView lv;
    lv.scroll = log_scroll_;
    lv.expanded = expanded_;
    lv.show_marks = true;
    const Rect map = draw_board_and_log<K>(out, view, ctx_, s_, log_, lv, side_x_);
    const int side_w = w - side_x_;
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
    if (E::over(s_)) {
        std::vector<std::string> rows{"After the battle"};
        for (const std::string& line : Text::game_summary(ctx_, s_)) {
            if (static_cast<int>(code_points(line).size()) <= side_w) {
                rows.push_back(line);
                continue;
            }
            for (std::string& row : wrap(line, side_w, 0, 2)) rows.push_back(std::move(row));
        }
        draw_rows_over_log(out, side_x_, rows);
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
