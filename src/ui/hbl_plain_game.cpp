#include "ui/hbl_plain_game.hpp"

#include <istream>
#include <ostream>

#include "control/hbl_event_text.hpp"
#include "ui/hbl_board.hpp"
#include "ui/plain_game.hpp"

namespace tercio::ui {

using E = hbl::Engine;

namespace {

std::string trimmed(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return {};
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

}  // namespace

HblPlainGame::HblPlainGame(Session& session, std::ostream& out) : session_(session), out_(out) {
    session_.add_observer(this);
}

HblPlainGame::~HblPlainGame() { session_.remove_observer(this); }

void HblPlainGame::say(const std::string& line) { out_ << plain_line(line) << '\n'; }

void HblPlainGame::seat(core::Side side, std::unique_ptr<ai::PlayerOf<E>> player, std::string level) {
    players_[core::idx(side)] = std::move(player);
    session_.set_seat(side, control::Seat::computer_at(std::move(level)));
}

void HblPlainGame::start(const std::string& note) {
    const hbl::Context& ctx = session_.context();
    say("tercio, plain text, Hell Broke Loose: " + ctx.army(core::Side::A).name + " (A) v " +
        ctx.army(core::Side::B).name + " (B). Type help for the commands.");
    if (session_.history().empty()) {
        for (const hbl::Event& e : session_.setup_events()) say(control::describe(ctx, session_.state(), e));
    } else {
        say("Resumed after " + std::to_string(session_.history().size()) + " commands.");
    }
    if (!note.empty()) say(note);
}

std::optional<std::string> HblPlainGame::played(const Session& session, const control::EntryOf<E>& entry,
                                                const hbl::GameState& before) {
    std::vector<std::string> why = control::explain(session.context(), before, entry.command);
    bool explained = false;
    for (const hbl::Event& e : entry.events) {
        say(control::describe(session.context(), session.state(), e));
        if (!explained && !why.empty() && control::rolled_dice(e)) {
            why_ = why;
            explained = true;
        }
    }
    listed_.clear();
    return std::nullopt;
}

void HblPlainGame::undone(const Session& session) {
    (void)session;
    listed_.clear();
}

void HblPlainGame::seated(const Session& session, core::Side side, const std::string& why) {
    (void)session, (void)side;
    if (!why.empty()) say(why);
}

void HblPlainGame::notice(const Session& session, const std::string& text) {
    (void)session;
    say(text);
}

void HblPlainGame::print_waiting() {
    const hbl::GameState& s = session_.state();
    if (session_.over()) {
        say("The game is over.");
        for (const std::string& line : control::status_lines(session_.context(), s)) say(line);
        return;
    }
    const core::Side d = session_.decider();
    std::string who = std::string(1, core::side_letter(d)) + " (" + session_.context().army(d).name;
    if (session_.seat(d).computer()) who += ", the computer";
    say("Turn " + std::to_string(s.turn) + ", " + who + ") to decide: " + hbl_decision_hint(session_.context(), s));
}

bool HblPlainGame::run(std::istream& in) {
    std::string line;
    for (;;) {
        play_computer();
        print_waiting();
        if (session_.over()) return true;
        print_prompt();
        if (!std::getline(in, line)) {
            out_ << '\n';
            return true;
        }
        if (echo_) out_ << plain_line(line) << '\n';
        if (!handle_line(line)) return false;
    }
}

void HblPlainGame::print_prompt() { out_ << core::side_letter(session_.decider()) << "> " << std::flush; }

void HblPlainGame::play_computer() {
    // Bounded: every command moves the game towards its end, which the turn limit brings.
    for (int i = 0; i < 100000 && session_.computer_decides(); ++i) {
        const core::Side side = session_.decider();
        auto& player = players_[core::idx(side)];
        std::string failed;
        if (!player) {
            failed = "no computer player";
        } else {
            try {
                const hbl::Command c = player->choose(ai::view_of<E>(session_.context(), session_.state(), side));
                const std::string text = E::print(session_.context(), session_.state(), c);
                say(std::string(1, core::side_letter(side)) + "> " + text);
                const auto o = session_.play(c);
                if (!o.ok()) failed = "it gave \"" + text + "\", which the rules refuse (" + *o.refused + ")";
            } catch (const std::exception& e) {
                failed = std::string("it stopped with an error (") + e.what() + ")";
            }
        }
        if (!failed.empty()) {
            player.reset();
            session_.set_seat(side, control::Seat::person(),
                              "The computer playing " + std::string(1, core::side_letter(side)) + " failed: " + failed +
                                  ". You play it from here.");
            return;
        }
    }
}

void HblPlainGame::print_legal(const std::string& start) {
    listed_.clear();
    for (const hbl::Command& c : E::legal_commands(session_.context(), session_.state())) {
        std::string text = E::print(session_.context(), session_.state(), c);
        if (text.rfind(start, 0) == 0) listed_.push_back(std::move(text));
    }
    if (listed_.empty()) {
        say(start.empty() ? "No legal command." : "No legal command starts with \"" + start + "\".");
        return;
    }
    const std::size_t shown = std::min<std::size_t>(listed_.size(), 40);
    for (std::size_t i = 0; i < shown; ++i) say(std::to_string(i + 1) + ". " + listed_[i]);
    if (shown < listed_.size()) {
        say(std::to_string(listed_.size() - shown) + " more: legal START lists those that begin with START.");
        listed_.resize(shown);
    }
}

bool HblPlainGame::handle_line(const std::string& raw) {
    const std::string line = trimmed(raw);
    if (line.empty()) return true;
    const hbl::Context& ctx = session_.context();
    const hbl::GameState& s = session_.state();
    const auto space = line.find(' ');
    const std::string word = line.substr(0, space);
    const std::string rest = space == std::string::npos ? std::string() : trimmed(line.substr(space + 1));
    if (word == "quit") return false;
    if (word == "help" || word == "?") {
        say("Commands in Hell Broke Loose's text: first, second, turn, done, activate CMD, move K1 h3 N, fight K1,");
        say("shoot A1 H2, rally P1, reload, hold, follow, stay, stubborn, accept, back N, concede.");
        say("legal [START]: the legal commands, numbered (a number plays one). odds fight K1, odds shoot A1 H2:");
        say("the exact odds. why: the newest roll explained. map, units, status: the board, the units, the");
        say("turn. undo: take back your last command if no dice were rolled since. save. quit.");
        return true;
    }
    if (word == "legal") return print_legal(rest), true;
    if (word == "map") {
        for (const auto& l : control::board_lines(ctx, s)) say(l);
        return true;
    }
    if (word == "units") {
        for (const auto& l : control::unit_lines(ctx, s)) say(l);
        return true;
    }
    if (word == "status") {
        for (const auto& l : control::status_lines(ctx, s)) say(l);
        return true;
    }
    if (word == "why") {
        if (why_.empty()) say("No roll to explain yet.");
        for (const auto& l : why_) say(l);
        return true;
    }
    if (word == "odds") {
        std::string why;
        bool illegal = false;
        if (const auto lines = control::odds_lines(ctx, s, rest, why, illegal)) {
            for (const auto& l : *lines) say(l);
        } else {
            say("odds " + rest + ": " + why);
        }
        return true;
    }
    if (word == "undo") {
        if (auto why = session_.undo()) {
            say("Not taken back: " + *why + ".");
        } else {
            say("Taken back.");
        }
        return true;
    }
    if (word == "save") {
        say(save_ ? save_() : std::string("This game is not saved."));
        return true;
    }
    if (session_.others_decide()) {
        say("Wait: the computer decides now.");
        return true;
    }
    // A number plays that command of the last list.
    std::string text = line;
    if (line.find_first_not_of("0123456789") == std::string::npos) {
        const std::size_t n = std::stoul(line.substr(0, 6));
        if (n == 0 || n > listed_.size()) {
            say("No command " + line + " in the last list (legal lists them).");
            return true;
        }
        text = listed_[n - 1];
    }
    auto parsed = E::parse(ctx, s, session_.decider(), text);
    if (const std::string* err = std::get_if<std::string>(&parsed)) {
        say(text + ": " + *err);
        return true;
    }
    const auto o = session_.play(std::get<hbl::Command>(parsed));
    if (!o.ok()) say(text + ": " + *o.refused);
    return true;
}

}  // namespace tercio::ui
