#include "ui/play_screen.hpp"

#include <algorithm>

#include "control/event_text.hpp"
#include "control/odds_text.hpp"
#include "core/utf8.hpp"
#include "rules/preview.hpp"
#include "ui/guide.hpp"
#include "ui/map_pane.hpp"
#include "ui/side_pane.hpp"
#include "ui/unit_reference.hpp"

namespace tercio::ui {

using namespace rules;

namespace {

/// Whether the side to decide decides in the other side's phase (a reaction, a chip, an escape):
/// not the initiative choice, which comes between phases.
bool out_of_turn(const GameState& s) {
    return s.turn > 0 && s.decider != s.active && s.decision != Decision::GameOver &&
           s.decision != Decision::InitiativeChoice;
}

/// Removes the last character of valid UTF-8 text: all its bytes.
void drop_last_character(std::string& text) {
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
        text.pop_back();
    if (!text.empty()) text.pop_back();
}

/// The prompt's first column: "> " before the text.
constexpr int kPromptText = 2;

// The key table: the help screen is generated from it.
constexpr KeyLine kKeys[] = {
    {"h j k l y u b n", "move the cursor (or the arrows, or the keypad digits)"},
    {"Enter", "what you can do at the cursor: a menu of the legal commands"},
    {":", "type a command: turn, move h5 h7, shoot h5 h8, pass"},
    {"Tab  Ctrl-U", "at the command line: complete a legal command; clear it"},
    {"Esc", "cancel the menu or command line, close this help"},
    {"Space", "select your unit under the cursor (again to unselect)"},
    {"m", "move the selected unit to the cursor"},
    {"f", "shoot with the selected unit at the cursor (odds first)"},
    {"a", "attack: fight there, or move in and attack"},
    {"r", "rally the unit under the cursor"},
    {"t P", "turn a card; pass: end your phase"},
    {"d c", "decline a reaction, chip or escape; chip the unit just hit"},
    {"F s", "follow or stay after a melee won"},
    {"D", "let reactions go until your phase; deploy the rest (set-up)"},
    {"x", "show or hide the why of the newest roll in the log"},
    {"PgUp PgDn Ctrl-P", "scroll the log; the whole history"},
    {"Ctrl-R", "redraw the screen"},
    {"?", "this help; on a unit, first the rules of that unit"},
    {"U", "take back your last command (not past a roll or a card)"},
    {"S", "save now (every command is saved as it is played)"},
    {"Q  Ctrl-C", "quit (asks first)"},
};

}  // namespace

bool too_small(Surface& out, std::string_view quit_keys) {
    const int w = out.width();
    const int h = out.height();
    if (w >= kMinWidth && h >= kMinHeight) return false;
    out.put(0, 0, "terminal too small: need " + std::to_string(kMinWidth) + "x" + std::to_string(kMinHeight) +
                      ", have " + std::to_string(w) + "x" + std::to_string(h));
    out.put(0, 1, "make the window larger, or press " + std::string(quit_keys) + " to quit");
    return true;
}

std::vector<std::string> key_help_lines(const KeyLine* begin, const KeyLine* end) {
    std::vector<std::string> out;
    for (const KeyLine* k = begin; k != end; ++k) {
        std::string keys = k->keys;
        keys.resize(std::max<std::size_t>(keys.size(), 16), ' ');
        out.push_back(keys + " " + k->what);
    }
    return out;
}

std::vector<std::string> key_help() { return key_help_lines(std::begin(kKeys), std::end(kKeys)); }

PlayScreen::PlayScreen(control::Session& session, ScreenOptions options)
    : session_(session), ctx_(session.context()), s_(session.state()), opt_(options), reactions_(session) {
    cursor_ = core::make_square(s_.files / 2, s_.ranks / 2);
    message_ = "Enter at the cursor shows what you can do; ? shows the keys.";
    session_.add_observer(this);
}

PlayScreen::~PlayScreen() { session_.remove_observer(this); }

void PlayScreen::show_history() {
    log_.add(ctx_, s_, session_.setup_events());
    log_at_.clear();
    for (const control::Entry& e : session_.history()) {
        log_at_.push_back(log_.size());
        log_.add(ctx_, s_, e.events);
    }
}

std::optional<std::string> PlayScreen::play(const std::string& text) {
    std::string err;
    const auto c = parse_command(text, err);
    if (!c) return err;
    return session_.play(*c).refused;
}

void PlayScreen::tips(const GameState& before) {
    const auto tip = [this](const std::string& text) { log_.add(LogEntry{"Tip: " + text, {}, s_.turn}); };
    if (!tip_turn_ && s_.turn >= 1 && before.turn != s_.turn) {
        tip_turn_ = true;
        tip("a turn is many phases, each side's after an initiative roll, until End of turn; night "
            "falls after turn " + std::to_string(s_.nightfall_turn) + ".");
    } else if (!tip_phase_ && s_.turn >= 1 && s_.turn == before.turn &&
               (s_.active != before.active || s_.phase != before.phase)) {
        tip_phase_ = true;
        tip("a phase is one side turning cards and spending pips; the other side can only react "
            "(out of turn).");
    }
    const CardKind* card = s_.current_card();
    if (!tip_march_ && s_.decision == Decision::Act && card &&
        (*card == CardKind::InfantryMove || *card == CardKind::CavalryMove) && s_.march_option[idx(s_.active)] &&
        session_.seat(s_.active).here()) {
        tip_march_ = true;
        tip("marching option: on a Move card, march (2 pips) moves every unit but the cannon toward "
            "the enemy. A Move card not marched on loses it for good.");
    }
}

std::optional<std::string> PlayScreen::played(const control::Session&, const control::Entry& entry,
                                              const GameState& before) {
    log_at_.resize(session_.history().size() - 1, log_.size());
    log_at_.push_back(log_.size());
    log_.add(ctx_, s_, entry.events);
    tips(before);
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
        message_ = computer_name(entry.by) + " played \"" + print(entry.command) + "\"" +
                   (others_since_mine_ > 1 ? " (" + std::to_string(others_since_mine_) + since +
                                                 ": Ctrl-P shows them)."
                                           : std::string("."));
        if (s_.decider != entry.by && s_.decision != Decision::GameOver && session_.seat(s_.decider).here()) {
            message_ += " Now " + side_label(ctx_, s_.decider) + " decides" +
                        (out_of_turn(s_) ? ", out of turn." : ".");
        }
        if (selected_ && !unit_at(s_, *selected_, s_.decider)) selected_.reset();
    }
    return std::nullopt;
}

int PlayScreen::pass_reactions() {
    passing_ = true;
    const int n = reactions_.pass();
    passing_ = false;
    if (n > 0) {
        if (selected_ && !unit_at(s_, *selected_, s_.decider)) selected_.reset();
        // "Now A French decides, out of turn" was said of a window let go.
        if (message_.starts_with("Now ")) {
            message_.clear();
        } else if (const auto at = message_.find(" Now "); at != std::string::npos) {
            message_.erase(at);
        }
    }
    return n;
}

void PlayScreen::decline_all() {
    if (wait_for_computer()) return;
    const Side side = s_.decider;
    if (auto why = reactions_.decline_until_my_phase()) {
        message_ = "decline all: " + *why;
        return;
    }
    message_ = side_label(ctx_, side) +
               " lets every reaction go until its phase (an evade or a forced charge still stops).";
}

void PlayScreen::undone(const control::Session&) {
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

void PlayScreen::seated(const control::Session&, Side, const std::string& why) {
    if (!why.empty()) message_ = why;
}

void PlayScreen::notice(const control::Session&, const std::string& text) {
    log_.add(LogEntry{text, {}, s_.turn});
}

void PlayScreen::ask_undo() {
    if (session_.undoable() == 0) {
        message_ = s_.decision == rules::Decision::GameOver
                       ? "The game is over."
                       : "Nothing to take back: dice were rolled or a card turned since the last command.";
        return;
    }
    if (computer(Side::A) || computer(Side::B)) {
        take_back_to_person();
        return;
    }
    if (!undo_asks_) {
        take_back();
        return;
    }
    const rules::Side asker = session_.history().back().by;
    mode_ = Mode::ConfirmUndo;
    message_ = control::side_name(ctx_, other(asker)) + ": let " + control::side_name(ctx_, asker) + " take back " +
               last_undoable() + "? (y/N)";
}

std::string PlayScreen::last_undoable() const {
    if (session_.undoable() == 0) return "the last command";
    return "\"" + print(session_.history().back().command) + "\"";
}

void PlayScreen::take_back_to_person() {
    message_ = control::take_back_to_person<rules::Engine>(session_, [](const Command& c) { return print(c); });
}

std::string PlayScreen::computer_name(Side side) const { return control::computer_name(session_, side); }

bool PlayScreen::ready_for_computer() const {
    return mode_ == Mode::Map || mode_ == Mode::Prompt || mode_ == Mode::Help || mode_ == Mode::History;
}

bool PlayScreen::wait_for_computer() {
    if (computer_decides()) {
        message_ = "Wait for the computer: " + computer_name(s_.decider) + " is thinking.";
        return true;
    }
    if (!session_.others_decide()) return false;
    message_ = watching() ? std::string("You are watching: the players give the commands.")
                          : "Wait: " + computer_name(s_.decider) + " decides now.";
    return true;
}

bool PlayScreen::watching() const {
    return !session_.seat(Side::A).here() && !session_.seat(Side::B).here();
}

bool PlayScreen::chat_line() const {
    return chat_ && prompt_.starts_with("say ");
}

void PlayScreen::set_question(const std::string& question) {
    if (question == question_) return;
    question_ = question;
    if (!question_.empty()) message_ = question_ + "? (y/n)";
}

void PlayScreen::take_back() {
    const std::string what = last_undoable();
    if (auto why = undo()) {
        message_ = *why;
    } else {
        message_ = "Took back " + what + ".";
    }
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
    if (wait_for_computer()) return;
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
    message_ = control::unit_name(ctx_, s_, *u) + " selected: cursor to a square, then m, f, a or Enter.";
}

std::optional<Command> PlayScreen::action_for(char32_t key, std::string& why) const {
    std::optional<Command> wanted;
    if (key == 'r') {
        wanted = Rally{cursor_, std::nullopt};
    } else {
        if (!selected_) {
            why = "select a unit first: put the cursor on it and press Space";
            return std::nullopt;
        }
        if (key == 'm') wanted = Move{*selected_, std::nullopt, cursor_, std::nullopt, false};
        if (key == 'f') wanted = Shoot{*selected_, cursor_};
        if (key == 'a') {
            wanted = *selected_ == cursor_ ? Command{Fight{cursor_}}
                                           : Command{Move{*selected_, std::nullopt, cursor_, std::nullopt, true}};
        }
    }
    if (!wanted) return std::nullopt;
    if (const Move* plain = std::get_if<Move>(&*wanted); plain && validate(ctx_, s_, *wanted)) {
        // Not straight there: the legal move that turns first and then reaches the square (the
        // map shows it as reachable), the least turn first.
        const Unit* u = nullptr;
        if (const auto i = unit_at(s_, plain->from, s_.decider)) u = &s_.units[*i];
        std::optional<Move> best;
        int best_turn = 99;
        for (const Command& c : legal_commands(ctx_, s_)) {
            const Move* m = std::get_if<Move>(&c);
            if (!m || !u || m->from != plain->from || m->to != plain->to || m->attack != plain->attack) continue;
            const int turn = m->face_before ? core::turn_steps(u->facing, *m->face_before) : 0;
            const int after = m->face_after ? 1 : 0;  // a turn after the move only when nothing else does
            if (!best || turn * 2 + after < best_turn) {
                best = *m;
                best_turn = turn * 2 + after;
            }
        }
        if (best) return Command{*best};
    }
    if (const auto bad = validate(ctx_, s_, *wanted)) {
        why = print(*wanted) + ": " + *bad;
        return std::nullopt;
    }
    return wanted;
}

void PlayScreen::act(const Command& c) {
    if (wait_for_computer()) return;
    const std::vector<Command> one{c};
    const auto p = preview(ctx_, s_, one);
    if (const Preview* v = std::get_if<Preview>(&p)) {
        pending_ = c;
        odds_lines_ = control::odds_lines(ctx_, s_, *v);
        odds_summary_ = control::odds_summary(ctx_, s_, *v);
        odds_scroll_ = 0;
        mode_ = Mode::ConfirmAction;
        message_ = print(c) + "? y or Enter plays it, any other key cancels.";
        return;
    }
    play_and_report(c, print(c));
}

void PlayScreen::play_and_report(const Command& c, const std::string& shown) {
    if (wait_for_computer()) return;
    const Side before = s_.decider;
    if (auto why = session_.play(c).refused) {
        message_ = shown + ": " + *why;
        return;
    }
    message_.clear();
    if (s_.decider != before && s_.decision != Decision::GameOver && !computer(s_.decider)) {
        // Hot seat: the keyboard changes hands, so say so where the eye is.
        message_ = "Now " + side_label(ctx_, s_.decider) + " decides" +
                   (out_of_turn(s_) ? ", out of turn." : ".");
    }
    // A command played ends the selection: the next one starts from the cursor.
    selected_.reset();
}

void PlayScreen::reveal(const Events& setup) {
    unrevealed_ = setup;
    revealed_ = 0;
    if (unrevealed_.empty()) return;
    show_setup(1);
    if (mode_ != Mode::Reveal) return;  // a single roll: shown, and the game goes on
    message_ = "The set-up rolls: Space for the next, Esc shows them all.";
}

void PlayScreen::show_setup(std::size_t n) {
    const std::size_t end = std::min(unrevealed_.size(), revealed_ + n);
    const auto first = unrevealed_.begin();
    log_.add(ctx_, s_,
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

void PlayScreen::open_menu() {
    if (wait_for_computer()) return;
    choices_ = menu_commands(ctx_, s_, cursor_, selected_);
    choice_ = 0;
    if (choices_.empty()) {
        message_ = "Nothing to do here now; : types a command, ? shows the keys.";
        return;
    }
    mode_ = Mode::Choose;
    message_ = "Up/Down or j/k choose, Enter plays (odds first), 1-9 pick, Esc cancels.";
}

void PlayScreen::handle_menu(const KeyPress& k) {
    using K = KeyPress::Kind;
    const std::size_t n = choices_.size();
    std::optional<std::size_t> pick;
    if (k.kind == K::Up || (k.kind == K::Char && k.ch == 'k')) {
        choice_ = (choice_ + n - 1) % n;
    } else if (k.kind == K::Down || (k.kind == K::Char && k.ch == 'j')) {
        choice_ = (choice_ + 1) % n;
    } else if (k.kind == K::PageUp) {
        choice_ = choice_ >= 10 ? choice_ - 10 : 0;
    } else if (k.kind == K::PageDown) {
        choice_ = std::min(n - 1, choice_ + 10);
    } else if (k.kind == K::Enter || (k.kind == K::Char && k.ch == ' ')) {
        pick = choice_;
    } else if (k.kind == K::Char && k.ch >= '1' && k.ch <= '9') {
        const auto i = static_cast<std::size_t>(k.ch - '1');
        if (i < n) pick = i;
    } else if (k.kind == K::Escape || k.kind == K::Char) {
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

void PlayScreen::ask_quit() {
    if (mode_ == Mode::ConfirmAction || mode_ == Mode::ConfirmUndo || mode_ == Mode::Prompt || mode_ == Mode::Choose) {
        // What was being asked or typed is dropped.
        pending_.reset();
        odds_lines_.clear();
        prompt_.clear();
        completions_.clear();
        quit_return_ = Mode::Map;
    } else if (mode_ != Mode::ConfirmQuit) {
        quit_return_ = mode_;  // the set-up rolls, the help or the history come back
    }
    mode_ = Mode::ConfirmQuit;
    message_ = !quit_question_.empty() ? quit_question_
               : s_.decision == rules::Decision::GameOver ? "Quit? The game is over" + std::string(save_ ? " and saved" : "") +
                                 ": tercio replay shows it again. (y/N)"
               : save_ ? "Quit? The game is saved: tercio play --resume goes on with it. (y/N)"
                       : "Really quit? The game is not saved. (y/N)";
}

bool PlayScreen::handle(const KeyPress& k) {
    using K = KeyPress::Kind;
    // A resize or a redraw changes nothing: the next draw fits the screen, and a question being
    // asked stays asked.
    if (k.kind == K::Resize) return true;
    // A spectator who presses a key has seen the screen: the commands are counted from here.
    if (watching()) others_since_mine_ = 0;
    key_pressed_ = true;
    if (k.kind == K::CtrlR) return true;
    if (k.kind == K::Interrupt) {
        if (mode_ == Mode::ConfirmQuit) return false;  // Ctrl-C twice quits
        ask_quit();
        return true;
    }
    // While the screen says it is too small, keys would act unseen: only Q then y work.
    if (too_small_ && mode_ != Mode::ConfirmQuit) {
        if (k.kind == K::Char && k.ch == 'Q') ask_quit();
        return true;
    }
    switch (mode_) {
        case Mode::ConfirmAction: {
            // The odds scroll when they do not all fit (j/k a line, PgUp/PgDn a page).
            if (!odds_lines_.empty()) {
                int step = 0;
                if (k.kind == K::Down || (k.kind == K::Char && k.ch == 'j')) step = 1;
                if (k.kind == K::Up || (k.kind == K::Char && k.ch == 'k')) step = -1;
                if (k.kind == K::PageDown) step = 10;
                if (k.kind == K::PageUp) step = -10;
                if (step != 0) {
                    odds_scroll_ = std::clamp(odds_scroll_ + step, 0, odds_max_);
                    return true;
                }
            }
            mode_ = Mode::Map;
            odds_lines_.clear();
            // A concession takes y itself; the odds of a roll take Enter too.
            const bool enter_plays = !(pending_ && std::holds_alternative<Concede>(*pending_));
            if ((k.kind == K::Char && (k.ch == 'y' || k.ch == 'Y')) || (enter_plays && k.kind == K::Enter)) {
                const Command c = *pending_;
                pending_.reset();
                play_and_report(c, print(c));
            } else {
                pending_.reset();
                message_ = "Cancelled.";
            }
            return true;
        }
        case Mode::ConfirmUndo:
            mode_ = Mode::Map;
            if (k.kind == K::Char && (k.ch == 'y' || k.ch == 'Y')) {
                take_back();
            } else {
                message_ = "Not taken back.";
            }
            return true;
        case Mode::ConfirmQuit:
            if (k.kind == K::Char && (k.ch == 'y' || k.ch == 'Y')) return false;
            mode_ = quit_return_;
            quit_return_ = Mode::Map;
            message_ = "Not quitting.";
            return true;
        case Mode::Help:
        case Mode::History:
            if (mode_ == Mode::Help && help_unit_ && k.kind == K::Char && k.ch == '?') {
                help_unit_.reset();  // from the unit's rules to the keys
            } else if (mode_ == Mode::Help && !help_legend_ && k.kind == K::Char && k.ch == '?') {
                help_legend_ = true;  // from the keys to the marks
            } else if (mode_ == Mode::History && scroll_history(k, history_scroll_, history_page_, history_max_)) {
                // scrolled
            } else if (k.kind == K::Char && k.ch == 'Q') {
                ask_quit();
            } else if (k.kind != K::PageUp && k.kind != K::PageDown && k.kind != K::Home && k.kind != K::End) {
                mode_ = Mode::Map;
            }
            return true;
        case Mode::Prompt:
            if (k.kind == K::Escape) {
                mode_ = Mode::Map;
                prompt_.clear();
                completions_.clear();  // the next Tab completes from the decision then
                message_.clear();
            } else if (k.kind == K::Enter) {
                if (!prompt_.empty() && !prompt_.starts_with("say") && wait_for_computer()) {
                    return true;  // the text stays for later
                }
                const std::string text = prompt_;
                mode_ = Mode::Map;
                prompt_.clear();
                completions_.clear();
                if (chat_ && (text.starts_with("say ") || text == "say")) {
                    if (text.size() > 4) chat_(text.substr(4));
                    message_.clear();
                    return true;
                }
                // The words of the plain mode work here too.
                if (text == "help") {
                    mode_ = Mode::Help;
                    help_unit_.reset();
                    return true;
                }
                if (text == "quit") {
                    ask_quit();
                    return true;
                }
                if (text == "save") {
                    message_ = save_ ? save_() : std::string("This game is not being saved.");
                    return true;
                }
                if (text == "decline all") {
                    decline_all();
                    return true;
                }
                if (text.starts_with("unmoved-shots")) {
                    const std::string word = text.size() > 14 ? text.substr(14) : std::string();
                    if (const auto u = control::parse_unmoved_shots(word)) {
                        reactions_.set_unmoved_shots(*u);
                        message_ = *u == control::UnmovedShots::Ask
                                       ? "Shots at enemy units that did not move stop the game for you once a phase."
                                       : "Shots at enemy units that did not move no longer stop the game.";
                    } else {
                        message_ = std::string("unmoved-shots ask or unmoved-shots never (now ") +
                                   control::to_string(reactions_.unmoved_shots()) + ")";
                    }
                    return true;
                }
                if (!text.empty()) {
                    // Text is parsed only here, where a person typed it.
                    std::string err;
                    if (const auto c = parse_command(text, err)) {
                        if (std::holds_alternative<Concede>(*c) && !validate(ctx_, s_, *c)) {
                            // At a shared keyboard the side that decides now concedes: it says which.
                            pending_ = *c;
                            mode_ = Mode::ConfirmAction;
                            message_ = control::side_name(ctx_, s_.decider) + " concedes the battle and loses it. Sure? (y/N)";
                            return true;
                        }
                        play_and_report(*c, text);
                    } else {
                        message_ = text + ": " + err;
                    }
                }
            } else if (k.kind == K::Backspace) {
                drop_last_character(prompt_);  // a letter typed in a chat line may be several bytes
                completions_.clear();
            } else if (k.kind == K::Char && k.ch == 0x15) {  // Ctrl-U, as in a shell: the whole line
                prompt_.clear();
                completions_.clear();
            } else if (k.kind == K::Tab) {
                if (!wait_for_computer()) complete();
            } else if (k.kind == K::Char && k.ch >= 0x20 && k.ch < 0x7F) {
                prompt_ += static_cast<char>(k.ch);
                completions_.clear();
            } else if (k.kind == K::Char && !core::hidden_or_control(k.ch)) {
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
            return true;
        case Mode::Choose:
            handle_menu(k);
            return true;
        case Mode::Reveal:
            if (k.kind == K::Resize || k.kind == K::CtrlR) return true;
            show_setup(k.kind == K::Escape ? unrevealed_.size() : 1);  // Esc: all the rest
            return true;
        case Mode::Map:
            break;
    }
    if (!question_.empty() && answer_ && k.kind == K::Char && (k.ch == 'y' || k.ch == 'n')) {
        answer_(k.ch == 'y');
        message_ = k.ch == 'y' ? "You agreed." : "You said no.";
        question_.clear();
        return true;
    }
    switch (k.kind) {
        case K::Up: move_cursor(0, 1); return true;
        case K::Down: move_cursor(0, -1); return true;
        case K::Left: move_cursor(-1, 0); return true;
        case K::Right: move_cursor(1, 0); return true;
        case K::Enter: open_menu(); return true;
        case K::Escape:
            if (selected_) {
                selected_.reset();
                message_ = "Nothing selected.";
            }
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
        // The numeric keypad with Num Lock on: 8 north, 2 south, 7 north-west...
        case '8': move_cursor(0, 1); break;
        case '2': move_cursor(0, -1); break;
        case '4': move_cursor(-1, 0); break;
        case '6': move_cursor(1, 0); break;
        case '7': move_cursor(-1, 1); break;
        case '9': move_cursor(1, 1); break;
        case '1': move_cursor(-1, -1); break;
        case '3': move_cursor(1, -1); break;
        case ':':
            mode_ = Mode::Prompt;
            message_ = "Enter plays the command, Tab completes it, Esc cancels.";
            break;
        case '"':
            if (!chat_) break;
            mode_ = Mode::Prompt;
            prompt_ = "say ";
            message_ = "Type a line for the players and spectators; Enter sends it, Esc cancels.";
            break;
        case ' ': select_here(); break;
        case 'm':
        case 'f':
        case 'a':
        case 'r': {
            if (wait_for_computer()) break;
            std::string why;
            if (const auto c = action_for(k.ch, why)) {
                act(*c);
            } else {
                message_ = why.empty() ? std::string("nothing to do there") : why;
            }
            break;
        }
        case 't': act(TurnCard{}); break;
        case 'd': act(Decline{}); break;
        case 'c': act(ChipUnit{}); break;
        case 'F': act(Follow{}); break;
        case 's': act(Stay{}); break;
        case 'S': message_ = save_ ? save_() : std::string("This game is not being saved."); break;
        case 'U': ask_undo(); break;
        case 'P': act(Pass{}); break;
        case 'D':
            if (s_.decision == Decision::React) {
                decline_all();
            } else {
                act(DeployAuto{});
            }
            break;
        case 'x':
            expanded_ = expanded_ ? std::nullopt : log_.last_explained();
            if (!expanded_) message_ = "no roll to explain yet";
            break;
        case '?': {
            mode_ = Mode::Help;
            help_legend_ = false;
            history_scroll_ = 0;
            // The rules of the selected unit, or of the one under the cursor, come first.
            const core::Square at = selected_.value_or(cursor_);
            help_unit_ = unit_at(s_, at, s_.decider);
            if (!help_unit_) help_unit_ = unit_at(s_, at, other(s_.decider));
            break;
        }
        case 'Q': ask_quit(); break;
        default:
            message_ = "unknown key " + utf8(k.ch) + "; ? shows the keys";
            break;
    }
    return true;
}

void PlayScreen::draw_prompt(Surface& out, int y) const {
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
    if (static_cast<int>(code_points(message_).size()) <= out.width()) {
        out.put(0, y, message_);
        return;
    }
    // A long message (a refusal with its reason) takes the square's status line above as well.
    const auto rows = wrap(message_, out.width(), 0, 2);
    out.put(0, y - 1, std::string(static_cast<std::size_t>(out.width()), ' '));
    out.put(0, y - 1, rows[0]);
    out.put(0, y, rows.size() > 1 ? rows[1] : std::string());
}

void PlayScreen::draw_help(Surface& out) const {
    if (help_unit_) {
        out.put(0, 0, "Rules for " + control::unit_name(ctx_, s_, *help_unit_) + " (? the keys, any other key closes)",
                Style{Color::Default, true});
        int y = 2;
        for (const std::string& line : unit_reference(ctx_, s_, *help_unit_)) {
            if (y >= out.height()) break;
            out.put(1, y++, line);
        }
        return;
    }
    if (help_legend_) return draw_legend(out);
    out.put(0, 0, "tercio keys (? what the map's marks mean, any other key closes this)", Style{Color::Default, true});
    int y = 2;
    for (const std::string& line : key_help()) out.put(2, y++, line);
    out.put(0, y, "Commands are those of tercio run: see docs/commands.md or tercio(6).");
}

void PlayScreen::draw_legend(Surface& out) const {
    const bool a = opt_.ascii;
    const std::vector<std::string> rows = {
        "Units: one letter each, CAPITALS for side A (red), small for side B (blue);",
        std::string("the mark beside a letter is its facing: ") + (a ? "^ north, / north-east, > east ..." : "↑ north, ↗ north-east, → east ..."),
        "Beside a unit:  !  Routed     ?  Disordered     @  the leader is with it",
        "                *  fired, not loaded (reload on a Reload card)",
        "Bold: the leader's unit; reversed: Routed; dim and underlined: Disordered.",
        std::string("Squares:        ") + (a ? ".  empty      =" : "·  empty      ×") + "  units of both sides: a melee square",
        std::string("Unit selected:  +  it can move there   -  it can shoot there   ") + (a ? ":" : "±") + "  both",
        "                underlined and bold, its file and rank reversed at the edges",
        std::string("Terrain:        ") + (a ? "&  wood   #  building   %  hill   ~  stream" : "♣  wood   #  building   ^  hill   ≈  stream"),
        "",
        "The side pane:",
        "Turn 3 of 10    the game turn: many phases, each after an initiative roll,",
        "                until End of turn in the log. Nightfall ends the battle.",
        "Deck Disc       cards left in the deck, cards turned and discarded",
        "Opp             opportunity chips: charge, shoot or evade out of turn",
        "Morale          morale chips: spent on rallies and chips, lost with units",
        "marching option on a Move card, march moves every unit but the cannon",
        "                toward the enemy for 2 pips; lost for good when a Move card is",
        "                not marched on or a unit enters an enemy's square (PS-MARCH-5)",
    };
    out.put(0, 0, "The map's marks and the side pane (any key closes this)", Style{Color::Default, true});
    int y = 2;
    for (const std::string& row : rows) {
        if (y >= out.height()) break;
        out.put(2, y++, row);
    }
}

void PlayScreen::draw_odds(Surface& out, int x) const {
    if (odds_lines_.empty()) return;
    const int w = out.width() - x;
    const int bottom = out.height() - 2;  // the rows above the status and message lines
    const std::vector<std::string> head = wrap(odds_summary_, w, 0, 2);
    std::vector<std::string> body;
    for (const std::string& line : odds_lines_) {
        for (std::string& row : wrap(line, w, 0, 2)) body.push_back(std::move(row));
    }
    const int need = static_cast<int>(head.size() + body.size());
    // Over the log, where the player looks for results; over the side pane's status too when
    // the log's rows are not enough; scrolled when even the whole column is not.
    const int top = need <= bottom - kStatusRows ? bottom - need : 0;
    const int room = bottom - top - static_cast<int>(head.size());
    const bool scrolls = static_cast<int>(body.size()) > room;
    const int shown = scrolls ? room - 1 : static_cast<int>(body.size());
    odds_max_ = std::max(0, static_cast<int>(body.size()) - shown);
    const int first = std::clamp(odds_scroll_, 0, odds_max_);
    const std::string blank(static_cast<std::size_t>(std::max(0, w)), ' ');
    for (int r = top; r < bottom; ++r) out.put(x, r, blank);
    int y = top;
    for (const std::string& row : head) out.put(x, y++, row, Style{Color::Default, true});
    for (int i = 0; i < shown && first + i < static_cast<int>(body.size()); ++i) {
        out.put(x, y++, body[static_cast<std::size_t>(first + i)]);
    }
    if (scrolls) {
        const int below = static_cast<int>(body.size()) - first - shown;
        out.put(x, y, "j/k scroll: " + std::to_string(first) + " above, " + std::to_string(below) + " below",
                Style{Color::Default, false, true});
    }
}

void PlayScreen::draw_history(Surface& out) const {
    history_page_ = std::max(1, out.height() - 3);
    history_max_ = draw_history_page(out, log_, history_scroll_,
                                     "History (PgUp/PgDn a page, k/j a line, Home/End, any other key closes)");
}

bool scroll_history(const KeyPress& k, int& scroll, int page, int most) {
    using K = KeyPress::Kind;
    int step = 0;
    if (k.kind == K::PageUp) step = page;
    else if (k.kind == K::PageDown) step = -page;
    else if (k.kind == K::Home) step = most;
    else if (k.kind == K::End) step = -most;
    else if (k.kind == K::Char && k.ch == 'k') step = 1;
    else if (k.kind == K::Char && k.ch == 'j') step = -1;
    else return false;
    scroll = std::clamp(scroll + step, 0, most);
    return true;
}

int draw_history_page(Surface& out, const Log& log, int scroll, std::string_view title) {
    const auto lines = log.history_lines(out.width());
    const int rows = out.height() - 2;
    const int most = std::max(0, static_cast<int>(lines.size()) - rows);
    scroll = std::clamp(scroll, 0, most);
    const int last = static_cast<int>(lines.size()) - scroll;
    const int first = std::max(0, last - rows);
    out.put(0, 0, std::string(title), Style{Color::Default, true});
    int y = 1;
    for (int i = first; i < last && i >= 0; ++i) out.put(0, y++, lines[static_cast<std::size_t>(i)]);
    return most;
}

void PlayScreen::draw_over_log(Surface& out, const std::vector<std::string>& rows, int highlight) const {
    draw_rows_over_log(out, side_x_, rows, highlight);
}

void draw_rows_over_log(Surface& out, int x, const std::vector<std::string>& rows, int highlight) {
    const int w = out.width() - x;
    const int top = kStatusRows;
    const int bottom = out.height() - 2;  // the rows above the status and message lines
    const int room = bottom - top;
    if (room < 2 || rows.empty()) return;
    // The heading stays; below it a window of the other rows, the highlighted one in view.
    const int body = static_cast<int>(rows.size()) - 1;
    const int shown = std::min(body, room - 1);
    int first = body - shown;  // by default the last rows (the outcomes of an odds preview)
    if (highlight >= 1) first = std::clamp(highlight - 1 - shown / 2, 0, body - shown);
    const int y0 = bottom - 1 - shown;
    const std::string blank(static_cast<std::size_t>(std::max(0, w)), ' ');
    for (int r = y0; r < bottom; ++r) out.put(x, r, blank);
    out.put(x, y0, rows[0], Style{Color::Default, true});
    for (int i = 0; i < shown; ++i) {
        const int row = first + 1 + i;
        out.put(x, y0 + 1 + i, rows[static_cast<std::size_t>(row)], Style{Color::Default, false, row == highlight});
    }
}

void PlayScreen::draw(Surface& out) const {
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
    // Larger squares when the terminal leaves the side pane and the rows under the map at least
    // what they have at 80x24.
    fit_map(view, w, h, s_.files, s_.ranks, kMinWidth - kMapWidth80, kMinHeight - kMapHeight80);
    const Rect map = map_rect(view, s_.files, s_.ranks);
    draw_map(out, Rect{0, 0, map.w, map.h}, ctx_, s_, view);
    const int side_x = map.w + 1;
    side_x_ = side_x;
    const int side_w = w - side_x;
    StatusOptions so;
    so.colour = opt_.color;
    const int status_h = kStatusRows;
    draw_status(out, Rect{side_x, 0, side_w, status_h}, ctx_, s_, so);
    LogView lv;
    lv.scroll = log_scroll_;
    lv.expanded = expanded_;
    lv.show_marks = true;
    log_.draw(out, Rect{side_x, status_h, side_w, h - 2 - status_h}, lv);
    // Under the map: what the side to decide should do now, and with which keys. Out of turn
    // (a reaction, a chip, an escape in the other side's phase) it stands out in reverse video.
    {
        Style st{Color::Default, true, out_of_turn(s_)};
        if (opt_.color && s_.decision != Decision::GameOver) st.fg = side_colour(s_.decider);
        int y = map.h;
        const std::string hint = mode_ == Mode::Reveal
                                     ? "Before the battle each army rolls for upgrades, extra units and "
                                       "morale chips, then both roll for terrain. Space shows the next roll."
                                     : computer_decides()
                                     ? computer_name(s_.decider) + (opt_.ascii ? " is thinking..." : " is thinking\u2026")
                                     : session_.others_decide() && !away_hint_.empty()
                                     ? away_hint_
                                     : session_.others_decide()
                                     ? computer_name(s_.decider) + " is thinking, " + std::to_string(thinking_.count() / 60) +
                                           ":" + (thinking_.count() % 60 < 10 ? "0" : "") +
                                           std::to_string(thinking_.count() % 60)
                                     : decision_hint(ctx_, s_, reactions_.reason().value_or(""));
        for (const std::string& row : wrap(hint, map.w, 0, 0)) {
            if (y >= h - 2) break;
            out.put(0, y, row, st);
            st = Style{};
            ++y;
        }
        // The selection, in words, on the last row of the hint's room.
        if (selected_ && mode_ != Mode::Reveal) {
            if (const auto u = unit_at(s_, *selected_, s_.decider)) {
                const std::string line = "Selected: " + control::unit_name(ctx_, s_, *u) + " in " +
                                         core::to_string(*selected_) + " (Esc unselects)";
                out.put(0, std::max(map.h, std::min(y, h - 3)), line.substr(0, static_cast<std::size_t>(map.w)),
                        Style{Color::Default, false, false, true});
            }
        }
    }
    out.put(0, h - 2, square_status(ctx_, s_, cursor_, w), Style{Color::Default, false, false, false, false});
    if (mode_ == Mode::ConfirmAction) {
        draw_odds(out, side_x);
    } else if (mode_ == Mode::Choose) {
        std::vector<std::string> rows{core::to_string(cursor_) + ": Enter plays, Esc cancels"};  // 31 columns at 80x24
        for (std::size_t i = 0; i < choices_.size(); ++i) {
            rows.push_back((i < 9 ? std::to_string(i + 1) : std::string(" ")) + " " + print(choices_[i]));
        }
        draw_over_log(out, rows, static_cast<int>(choice_) + 1);
    } else if (s_.decision == Decision::GameOver) {
        std::vector<std::string> rows{"After the battle"};
        for (const std::string& line : game_summary(ctx_, s_)) {
            if (static_cast<int>(code_points(line).size()) <= side_w) {
                rows.push_back(line);  // as it is, indent and all
                continue;
            }
            for (std::string& row : wrap(line, side_w, 0, 2)) rows.push_back(std::move(row));
        }
        draw_over_log(out, rows);
    }
    draw_prompt(out, h - 1);
}

}  // namespace tercio::ui
