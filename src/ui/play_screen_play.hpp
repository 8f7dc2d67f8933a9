#pragma once
/// PlayScreenOf<K>: the session's side (observer, playing, taking back, the set-up rolls, the
/// Enter menu). Included by play_screen_of.hpp only.
#include <algorithm>

#include "ui/play_screen_of.hpp"

namespace tercio::ui {

template <ScreenKit K>
PlayScreenOf<K>::PlayScreenOf(Session& session, ScreenOptions options)
    : session_(session),
      ctx_(session.context()),
      s_(session.state()),
      opt_(options),
      reactions_(session) {
    cursor_ = core::make_square(Kit::files(s_) / 2, Kit::ranks(s_) / 2);
    message_ = "Enter at the cursor shows what you can do; ? shows the keys.";
    session_.add_observer(this);
}

template <ScreenKit K>
PlayScreenOf<K>::~PlayScreenOf() {
    session_.remove_observer(this);
}

template <ScreenKit K>
void PlayScreenOf<K>::add_log(const State* before, const Command* c, const Events& ev) {
    for (LogEntry& e : Text::log_entries(ctx_, before, s_, c, ev)) log_.add(std::move(e));
}

template <ScreenKit K>
void PlayScreenOf<K>::show_history() {
    show_setup_log();
    log_at_.clear();
    for (const Entry& e : session_.history()) {
        log_at_.push_back(log_.size());
        add_log(nullptr, &e.command, e.events);
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::show_replayed(const Command& c, const Events& events, const State& before,
                                    const State& after) {
    log_at_.push_back(log_.size());
    for (LogEntry& e : Text::log_entries(ctx_, &before, after, &c, events)) log_.add(std::move(e));
}

template <ScreenKit K>
std::optional<std::string> PlayScreenOf<K>::play(const std::string& text) {
    auto parsed = E::parse(ctx_, s_, decider(), text);
    if (const std::string* err = std::get_if<std::string>(&parsed)) return *err;
    return session_.play(std::get<Command>(parsed)).refused;
}

template <ScreenKit K>
std::string PlayScreenOf<K>::now_decides() const {
    return "Now " + Text::side_label(ctx_, decider()) + " decides" +
           (Kit::out_of_turn(s_) ? ", out of turn." : ".");
}

template <ScreenKit K>
std::optional<std::string> PlayScreenOf<K>::played(const Session&, const Entry& entry,
                                                   const State& before) {
    log_at_.resize(session_.history().size() - 1, log_.size());
    log_at_.push_back(log_.size());
    add_log(&before, &entry.command, entry.events);
    for (const std::string& tip : Kit::tips(session_, before, tips_))
        log_.add(LogEntry{"Tip: " + tip, {}, E::turn(s_)});
    log_scroll_ = 0;
    expanded_.reset();
    if (session_.seat(entry.by).here()) {
        if (!passing_) others_since_mine_ = 0;  // a window let go for the player is not their move
    } else {
        ++others_since_mine_;
        // A spectator has no command of their own: their count runs from their last key instead.
        const std::string since = !watching()    ? " commands since yours"
                                  : key_pressed_ ? " commands since you last pressed a key"
                                                 : " commands since you began watching";
        // Named in the state it was given in (a ruleset may name a command's units by index).
        message_ =
            computer_name(entry.by) + " played \"" + E::print(ctx_, before, entry.command) + "\"" +
            (others_since_mine_ > 1
                 ? " (" + std::to_string(others_since_mine_) + since + ": Ctrl-P shows them)."
                 : std::string("."));
        if (decider() != entry.by && !over() && session_.seat(decider()).here())
            message_ += " " + now_decides();
        if (selected_ && !Kit::unit_at(s_, *selected_, decider())) selected_.reset();
    }
    return std::nullopt;
}

template <ScreenKit K>
int PlayScreenOf<K>::pass_reactions() {
    passing_ = true;
    const int n = reactions_.pass();
    passing_ = false;
    // Once a game: a reaction let go for a setting of the player's says so (the shot threshold),
    // in the log, where it stays (the message line may hold something else the player needs).
    if (auto note = reactions_.take_note()) log_.add(LogEntry{"Out of turn: " + *note + ".", {}, E::turn(s_)});
    if (n > 0) {
        if (selected_ && !Kit::unit_at(s_, *selected_, decider())) selected_.reset();
        // "Now A French decides, out of turn" was said of a window let go.
        if (message_.starts_with("Now ")) {
            message_.clear();
        } else if (const auto at = message_.find(" Now "); at != std::string::npos) {
            message_.erase(at);
        }
    }
    return n;
}

template <ScreenKit K>
std::vector<typename PlayScreenOf<K>::Command> PlayScreenOf<K>::stop_offers() const {
    if (session_.computer_decides() || session_.others_decide()) return {};
    return reactions_.offers();
}

template <ScreenKit K>
bool PlayScreenOf<K>::answer_stop(char32_t ch) {
    if (ch != 'y' && ch != 'n' && (ch < '1' || ch > '9')) return false;
    const std::vector<Command> offers = stop_offers();
    if (offers.empty()) return false;
    if (ch == 'n') {
        if (!reactions_.can_let_go()) {
            message_ = "This reaction must be made: y, or 1-9 for one of several.";
        } else if (auto why = reactions_.let_go()) {
            message_ = "n: " + *why;
        } else {
            message_.clear();
            selected_.reset();
        }
        return true;
    }
    if (ch == 'y' && offers.size() > 1) {
        message_ = std::to_string(offers.size()) + " reactions are offered: 1-" +
                   std::to_string(std::min<std::size_t>(offers.size(), 9)) + " picks one.";
        return true;
    }
    if (ch != 'y' && offers.size() == 1) return false;  // a digit moves the cursor
    const std::size_t i = ch == 'y' ? 0 : static_cast<std::size_t>(ch - '1');
    if (i >= offers.size()) {
        message_ = "No reaction " + std::to_string(i + 1) + ": " + std::to_string(offers.size()) + " are offered.";
        return true;
    }
    // The odds were in the prompt: played at once.
    play_and_report(offers[i], print(offers[i]));
    return true;
}

template <ScreenKit K>
void PlayScreenOf<K>::decline_all() {
    if (wait_for_computer()) return;
    const core::Side side = decider();
    if (auto why = reactions_.decline_until_my_phase()) {
        message_ = "decline all: " + *why;
        return;
    }
    message_ = Text::side_label(ctx_, side) +
               " lets every reaction go until its phase (an evade or a forced charge still stops).";
}

template <ScreenKit K>
void PlayScreenOf<K>::undone(const Session&) {
    const std::size_t n = session_.history().size();
    if (n < log_at_.size()) {
        log_.truncate(log_at_[n]);
        log_at_.resize(n);
    }
    log_scroll_ = 0;
    expanded_.reset();
    selected_.reset();
    // Taken back by the game's owner (the other player agreed): the question asked is answered.
    if (session_.has_owner()) message_.clear();
}

template <ScreenKit K>
void PlayScreenOf<K>::seated(const Session&, core::Side, const std::string& why) {
    if (!why.empty()) message_ = why;
}

template <ScreenKit K>
void PlayScreenOf<K>::notice(const Session&, const std::string& text) {
    log_.add(LogEntry{text, {}, E::turn(s_)});
}

template <ScreenKit K>
void PlayScreenOf<K>::ask_undo() {
    if (session_.undoable() == 0) {
        message_ =
            over()
                ? "The game is over."
                : "Nothing to take back: dice were rolled or a card turned since the last command.";
        return;
    }
    if (computer(core::Side::A) || computer(core::Side::B)) {
        message_ = control::take_back_to_person<E>(
            session_, [this](const Command& c, const State& before) { return E::print(ctx_, before, c); });
        return;
    }
    if (!undo_asks_) {
        take_back();
        return;
    }
    const core::Side asker = session_.history().back().by;
    mode_ = Mode::ConfirmUndo;
    message_ = Text::side_name(ctx_, core::other(asker)) + ": let " + Text::side_name(ctx_, asker) +
               " take back " + last_undoable() + "? (y/N)";
}

template <ScreenKit K>
std::string PlayScreenOf<K>::last_undoable() const {
    if (session_.undoable() == 0) return "the last command";
    // Named in the state it was played in (the state now may have moved its units).
    std::string quoted = "\"";  // built up, not with +: g++ 12 warns falsely (-Wrestrict) on "x" + s + "x"
    quoted += E::print(ctx_, session_.state_before(0), session_.history().back().command);
    quoted += '"';
    return quoted;
}

template <ScreenKit K>
bool PlayScreenOf<K>::ready_for_computer() const {
    return mode_ == Mode::Map || mode_ == Mode::Prompt || mode_ == Mode::Help ||
           mode_ == Mode::History;
}

template <ScreenKit K>
bool PlayScreenOf<K>::wait_for_computer() {
    if (computer_decides()) {
        message_ = "Wait for the computer: " + computer_name(decider()) + " is thinking.";
        return true;
    }
    if (!session_.others_decide()) return false;
    message_ = watching() ? std::string("You are watching: the players give the commands.")
                          : "Wait: " + computer_name(decider()) + " decides now.";
    return true;
}

template <ScreenKit K>
bool PlayScreenOf<K>::watching() const {
    return !session_.seat(core::Side::A).here() && !session_.seat(core::Side::B).here();
}

template <ScreenKit K>
void PlayScreenOf<K>::set_question(const std::string& question) {
    if (question == question_) return;
    question_ = question;
    if (!question_.empty()) message_ = question_ + "? (y/n)";
}

template <ScreenKit K>
void PlayScreenOf<K>::take_back() {
    const std::string what = last_undoable();
    if (auto why = undo()) {
        message_ = *why;
    } else {
        message_ = "Took back " + what + ".";
    }
}

template <ScreenKit K>
void PlayScreenOf<K>::move_cursor(int dx, int dy) {
    const int x = std::clamp(cursor_.x + dx, 0, Kit::files(s_) - 1);
    const int y = std::clamp(cursor_.y + dy, 0, Kit::ranks(s_) - 1);
    cursor_ = core::make_square(x, y);
    // Looking at a square: its description wins the line under the map from a long message.
    yielded_ = message_;
}

template <ScreenKit K>
void PlayScreenOf<K>::complete() {
    if (completions_.empty()) {
        for (const Command& c : E::legal_commands(ctx_, s_)) {
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
    message_ = std::to_string(completion_index_ + 1) + " of " +
               std::to_string(completions_.size()) + " legal commands (Tab for the next)";
}

template <ScreenKit K>
void PlayScreenOf<K>::select_here() {
    if (wait_for_computer()) return;
    if (selected_ && *selected_ == cursor_) {
        selected_.reset();
        message_ = "Nothing selected.";
        return;
    }
    const auto u = Kit::unit_at(s_, cursor_, decider());
    if (!u) {
        message_ = "No unit of side " + std::string(1, core::side_letter(decider())) +
                   " (to decide now) in " + core::to_string(cursor_) + ".";
        return;
    }
    selected_ = cursor_;
    message_ =
        Text::unit_name(ctx_, s_, *u) + " selected: cursor to a square, then " + Kit::kSelectedKeys + " or Enter.";
}

template <ScreenKit K>
void PlayScreenOf<K>::act(const Command& c) {
    if (wait_for_computer()) return;
    // A key or a menu line that would give up something unused (the card in play) asks first.
    if (auto question = Kit::forfeits(ctx_, s_, c)) {
        pending_ = c;
        pending_y_only_ = true;
        odds_ = Odds{};
        mode_ = Mode::ConfirmAction;
        message_ = std::move(*question);
        return;
    }
    if (auto odds = Text::odds(ctx_, s_, c)) {
        pending_ = c;
        odds_ = std::move(*odds);
        odds_scroll_ = 0;
        mode_ = Mode::ConfirmAction;
        message_ = print(c) + "? y or Enter plays it, any other key cancels.";
        return;
    }
    play_and_report(c, print(c));
}

template <ScreenKit K>
void PlayScreenOf<K>::play_and_report(const Command& c, const std::string& shown) {
    if (wait_for_computer()) return;
    const core::Side before = decider();
    if (auto why = session_.play(c).refused) {
        message_ = shown + ": " + *why;
        return;
    }
    message_.clear();
    // Hot seat: the keyboard changes hands, so say so where the eye is.
    if (decider() != before && !over() && !computer(decider())) message_ = now_decides();
    // A command played ends the selection: the next one starts from the cursor.
    selected_.reset();
}

template <ScreenKit K>
void PlayScreenOf<K>::reveal(const Events& setup) {
    unrevealed_ = setup;
    revealed_ = 0;
    if (unrevealed_.empty()) return;
    show_setup(1);
    if (mode_ != Mode::Reveal) return;  // a single roll: shown, and the game goes on
    message_ = "The set-up rolls: Space for the next, Esc shows them all.";
}

template <ScreenKit K>
void PlayScreenOf<K>::show_setup(std::size_t n) {
    const std::size_t end = std::min(unrevealed_.size(), revealed_ + n);
    const auto first = unrevealed_.begin();
    add_log(nullptr, nullptr,
            Events(first + static_cast<std::ptrdiff_t>(revealed_),
                   first + static_cast<std::ptrdiff_t>(end)));
    revealed_ = end;
    // Mode::Reveal lasts only while a roll is still hidden, so that each key in it has one to
    // show: a set-up of a single roll (imperialist v moorish) is over as soon as it is shown.
    if (revealed_ < unrevealed_.size()) {
        mode_ = Mode::Reveal;
        message_ = "Set-up roll " + std::to_string(revealed_) + " of " +
                   std::to_string(unrevealed_.size()) + ": Space for the next, Esc shows them all.";
        return;
    }
    unrevealed_.clear();
    revealed_ = 0;
    mode_ = Mode::Map;
    message_ = "Set-up rolled. Enter at the cursor shows what you can do; ? the keys.";
}

template <ScreenKit K>
void PlayScreenOf<K>::open_menu() {
    if (wait_for_computer()) return;
    choices_ = Kit::menu_commands(ctx_, s_, cursor_, selected_);
    choice_ = 0;
    // Each command keeps its number while the side opens the menu again on the same square and
    // selection in the same turn, and the number of a command that is gone is given to no other
    // at that opening (pressing it says so), so a key learnt never plays something else. When
    // none of the last opening's commands is left (a new decision), the numbers start again.
    // Each side has its own (a reaction of the other side's in between changes nothing).
    const MenuAnchor anchor{cursor_, selected_, E::turn(s_)};
    MenuNumbers& memo = menu_numbers_[core::idx(decider())];
    std::vector<std::string> texts;
    for (const Command& c : choices_) texts.push_back(print(c));
    const auto number_of = [&](const std::string& text) {
        for (const auto& [t, n] : memo.given) {
            if (t == text) return n;
        }
        return 0;
    };
    const bool kept = memo.anchor == anchor &&
                      std::any_of(texts.begin(), texts.end(), [&](const std::string& t) { return number_of(t) != 0; });
    choice_numbers_.assign(choices_.size(), 0);
    std::vector<int> last;  // the numbers of the last opening, none of them free now
    if (kept) {
        for (std::size_t i = 0; i < choices_.size(); ++i) choice_numbers_[i] = number_of(texts[i]);
        for (const auto& given : memo.given) last.push_back(given.second);
    }
    int next = 1;
    for (std::size_t i = 0; i < choices_.size(); ++i) {
        if (choice_numbers_[i] != 0) continue;
        const auto taken = [&](int n) {
            return std::find(last.begin(), last.end(), n) != last.end() ||
                   std::find(choice_numbers_.begin(), choice_numbers_.end(), n) != choice_numbers_.end();
        };
        while (next <= 9 && taken(next)) ++next;
        if (next > 9) break;
        choice_numbers_[i] = next;
    }
    memo.gone.clear();
    for (const int n : last) {
        if (std::find(choice_numbers_.begin(), choice_numbers_.end(), n) == choice_numbers_.end()) memo.gone.push_back(n);
    }
    memo.anchor = anchor;
    memo.given.clear();
    for (std::size_t i = 0; i < choices_.size(); ++i) {
        if (choice_numbers_[i] != 0) memo.given.emplace_back(texts[i], choice_numbers_[i]);
    }
    // Listed by number, those without one after.
    std::vector<std::size_t> order(choices_.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const int na = choice_numbers_[a] == 0 ? 10 : choice_numbers_[a];
        const int nb = choice_numbers_[b] == 0 ? 10 : choice_numbers_[b];
        return na < nb;
    });
    std::vector<Command> sorted;
    std::vector<int> numbers;
    for (const std::size_t i : order) {
        sorted.push_back(choices_[i]);
        numbers.push_back(choice_numbers_[i]);
    }
    choices_ = std::move(sorted);
    choice_numbers_ = std::move(numbers);
    if (choices_.empty()) {
        message_ = "Nothing to do here now; : types a command, ? shows the keys.";
        return;
    }
    mode_ = Mode::Choose;
    message_ = "Up/Down or j/k choose, Enter plays (odds first), 1-9 pick, Esc cancels.";
}

template <ScreenKit K>
void PlayScreenOf<K>::handle_menu(const KeyPress& k) {
    using Kd = KeyPress::Kind;
    const std::size_t n = choices_.size();
    std::optional<std::size_t> pick;
    if (k.kind == Kd::Up || (k.kind == Kd::Char && k.ch == 'k')) {
        choice_ = (choice_ + n - 1) % n;
    } else if (k.kind == Kd::Down || (k.kind == Kd::Char && k.ch == 'j')) {
        choice_ = (choice_ + 1) % n;
    } else if (k.kind == Kd::PageUp) {
        choice_ = choice_ >= 10 ? choice_ - 10 : 0;
    } else if (k.kind == Kd::PageDown) {
        choice_ = std::min(n - 1, choice_ + 10);
    } else if (k.kind == Kd::Enter || (k.kind == Kd::Char && k.ch == ' ')) {
        pick = choice_;
    } else if (k.kind == Kd::Char && k.ch >= '1' && k.ch <= '9') {
        const int number = static_cast<int>(k.ch - '0');
        const auto it = std::find(choice_numbers_.begin(), choice_numbers_.end(), number);
        if (it != choice_numbers_.end()) {
            pick = static_cast<std::size_t>(it - choice_numbers_.begin());
        } else {
            // The number of a command that is no longer legal here stays its own.
            const std::vector<int>& gone_numbers = menu_numbers_[core::idx(decider())].gone;
            const bool gone = std::find(gone_numbers.begin(), gone_numbers.end(), number) != gone_numbers.end();
            message_ = gone ? std::to_string(number) + " was a command that is no longer possible here: each keeps "
                                                      "its number. Up/Down choose, Enter plays."
                            : "No command " + std::to_string(number) + " here.";
        }
    } else if (k.kind == Kd::Escape || k.kind == Kd::Char) {
        mode_ = Mode::Map;
        choices_.clear();
        message_ = "Cancelled.";
    }
    if (!pick) return;
    const Command command = choices_[*pick];
    mode_ = Mode::Map;
    choices_.clear();
    act(command);
}

template <ScreenKit K>
void PlayScreenOf<K>::ask_quit() {
    if (mode_ == Mode::ConfirmAction || mode_ == Mode::ConfirmUndo || mode_ == Mode::Prompt ||
        mode_ == Mode::Choose) {
        // What was being asked or typed is dropped.
        pending_.reset();
        pending_y_only_ = false;
        odds_ = Odds{};
        prompt_.clear();
        completions_.clear();
        quit_return_ = Mode::Map;
    } else if (mode_ != Mode::ConfirmQuit) {
        quit_return_ = mode_;  // the set-up rolls, the help or the history come back
    }
    mode_ = Mode::ConfirmQuit;
    message_ = !quit_question_.empty() ? quit_question_
               : over() ? "Quit? The game is over" + std::string(save_ ? " and saved" : "") +
                              ": tercio replay shows it again. (y/N)"
               : save_ ? "Quit? The game is saved: tercio play --resume goes on with it. (y/N)"
                       : "Really quit? The game is not saved. (y/N)";
}

}  // namespace tercio::ui
