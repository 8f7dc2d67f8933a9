#include "ui/plain_game.hpp"

#include <algorithm>
#include <cctype>
#include <istream>
#include <ostream>
#include <string_view>
#include <variant>

#include "kits/pikette/control/event_text.hpp"
#include "kits/pikette/control/odds_text.hpp"
#include "rules/preview.hpp"
#include "ui/guide.hpp"
#include "ui/log.hpp"
#include "ui/map_pane.hpp"
#include "ui/screen_parts.hpp"
#include "ui/side_pane.hpp"
#include "ui/surface.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/session.hpp"

namespace tercio::ui {

namespace {

using rules::Side;

/// The most commands `legal` lists at once (a deployment has thousands).
constexpr std::size_t kMaxListed = 40;

constexpr const char* kHelp[] = {
    "Type a command in the command language (as `tercio run` reads it), or one of:",
    "  help          this list",
    "  legal [START] the legal commands now (those that begin with START), numbered;",
    "                a number plays that command",
    "  odds CMD      the odds of a command that rolls dice, without playing it",
    "  why           the newest roll explained: dice, modifiers and rules",
    "  map           the board as text rows, with a legend",
    "  units         every unit: square, facing, state, stands, hits, fired",
    "  cards         decks, discards, current card, pips and chips",
    "  undo          take back the last command (not past a roll or a card turned)",
    "  save          save now, with a copy in .bak (each command is saved anyway)",
    "  decline all   at a reaction: let every reaction go until your phase",
    "  unmoved-shots ask|never: whether shots at units that did not move stop the game",
    "                (reactions with nothing new to do never stop it)",
    "  quit          stop; tercio play --resume goes on with the game",
    "Examples: first, turn, move h2 h5, shoot e4 e7, fight h6, pass, deploy auto.",
};

/// The line without blanks at either end.
std::string trimmed(std::string_view s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return {};
    const auto e = s.find_last_not_of(" \t\r");
    return std::string(s.substr(b, e - b + 1));
}

/// Every byte below 0x20 and DEL become '?': a plain line never carries an escape sequence,
/// whatever a data file's names hold.
std::string plain(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) c = '?';
    }
    return out;
}

/// The rows of a TextSurface, trailing blanks removed, empty rows at the end dropped.
std::vector<std::string> rows_of(const TextSurface& s) {
    std::vector<std::string> rows;
    std::string all = s.to_string();
    std::size_t start = 0;
    while (start <= all.size()) {
        const std::size_t nl = all.find('\n', start);
        rows.push_back(all.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
        if (nl == std::string::npos) break;
        start = nl + 1;
    }
    while (!rows.empty() && rows.back().empty()) rows.pop_back();
    return rows;
}

}  // namespace

std::string plain_line(std::string_view s) { return plain(s); }

PlainGame::PlainGame(control::Session& session, std::ostream& out)
    : session_(session), out_(out), reactions_(session) {
    session_.add_observer(this);
}

PlainGame::~PlainGame() { session_.remove_observer(this); }

void PlainGame::seat(Side side, std::unique_ptr<ai::Player> player, std::string level) {
    players_[rules::idx(side)] = std::move(player);
    session_.set_seat(side, control::Seat::computer_at(std::move(level)));
}

void PlainGame::say(const std::string& line) { out_ << plain(line) << '\n'; }

void PlainGame::print_events(const rules::Events& events) {
    Log log;
    log.add(session_.context(), session_.state(), events);
    for (const LogEntry& e : log.entries()) {
        say(e.text);
        if (!e.why.empty()) why_ = e.why;
    }
}

void PlainGame::start(const std::string& note) {
    const rules::RulesContext& ctx = session_.context();
    say("tercio, plain text: " + ctx.army(Side::A).name + " (A) v " + ctx.army(Side::B).name +
        " (B). Type help for the commands.");
    if (session_.history().empty()) {
        print_events(session_.setup_events());
    } else {
        say("Resumed after " + std::to_string(session_.history().size()) + " commands.");
    }
    if (!note.empty()) say(note);
}

void PlainGame::print_waiting() {
    const rules::GameState& s = session_.state();
    if (session_.over()) {
        say("The game is over.");
        for (const std::string& line : game_summary(session_.context(), s)) say(line);
        return;
    }
    std::string who = side_label(session_.context(), s.decider);
    if (session_.seat(s.decider).computer()) who += ", the computer";
    if (session_.seat(s.decider).elsewhere()) who += ", " + session_.seat(s.decider).name;
    say("Turn " + std::to_string(s.turn) + ": " + decision_text(session_.context(), s) + " (" + who + ").");
    if (const auto why = reactions_.reason()) {
        say("Out of turn: " + *why + ". decline lets it go, decline all lets all go until your phase.");
    }
}

bool PlainGame::run(std::istream& in) {
    std::string line;
    for (;;) {
        // The computer's commands and the reactions let go, until a person is to decide.
        for (int i = 0; i < 10000; ++i) {
            play_computer();
            if (reactions_.pass() == 0) break;
        }
        print_waiting();
        if (session_.over()) return true;
        print_prompt();
        if (!std::getline(in, line)) {
            out_ << '\n';
            return true;
        }
        if (echo_) out_ << plain(line) << '\n';
        if (!handle_line(line)) return false;
    }
}

void PlainGame::print_prompt() { out_ << rules::side_letter(session_.state().decider) << "> " << std::flush; }

void PlainGame::play_computer() {
    // Bounded: a computer that keeps deciding ends with the game, which ends at nightfall.
    while (session_.computer_decides()) {
        const Side side = session_.state().decider;
        ai::Player* player = players_[rules::idx(side)].get();
        if (!player) {
            session_.set_seat(side, control::Seat::person(), "No computer player for " +
                                                                 std::string(1, rules::side_letter(side)) +
                                                                 ": you play it from here.");
            return;
        }
        std::string failed;
        try {
            const rules::Command c = player->choose(ai::make_view(session_.context(), session_.state(), side));
            const control::Session::Outcome o = session_.play(c);
            if (!o.ok()) failed = "it gave \"" + rules::print(c) + "\", which the rules refuse (" + *o.refused + ")";
        } catch (const std::exception& e) {
            failed = std::string("it stopped with an error (") + e.what() + ")";
        }
        if (!failed.empty()) {
            const std::string name = control::computer_name(session_, side);
            players_[rules::idx(side)].reset();
            session_.set_seat(side, control::Seat::person(),
                              "The computer playing " + name + " failed: " + failed + ". You play " +
                                  std::string(1, rules::side_letter(side)) + " from here.");
            return;
        }
    }
}

bool PlainGame::handle_line(const std::string& raw) {
    const std::string line = trimmed(raw);
    if (line.empty()) return true;
    const std::string word = line.substr(0, line.find(' '));
    const std::string rest = trimmed(line.substr(word.size()));
    if (word == "quit" || word == "q") return false;
    if (words_ && words_(word, rest)) return true;
    if (word == "help" || word == "?") {
        print_help();
    } else if (word == "legal") {
        print_legal(rest);
    } else if (word == "odds") {
        print_odds(rest);
    } else if (word == "why") {
        print_why();
    } else if (word == "map") {
        print_map();
    } else if (word == "units") {
        print_units();
    } else if (word == "cards") {
        print_cards();
    } else if (word == "undo") {
        if (session_.undoable() == 0) {
            say("Nothing to take back: dice were rolled or a card turned since the last command.");
        } else {
            const std::string what = rules::print(session_.history().back().command);
            if (auto why = session_.undo()) {
                say(*why);
            } else {
                say("Took back \"" + what + "\".");
            }
        }
    } else if (word == "save") {
        say(save_ ? save_() : std::string("This game is not being saved."));
    } else if (line == "decline all") {
        const Side side = session_.state().decider;
        if (auto why = reactions_.decline_until_my_phase()) {
            say("decline all: " + *why);
        } else {
            say(side_label(session_.context(), side) + " lets every reaction go until its phase.");
        }
    } else if (word == "unmoved-shots") {
        if (const auto u = control::parse_unmoved_shots(rest)) {
            reactions_.set_unmoved_shots(*u);
            say(std::string("unmoved-shots ") + control::to_string(*u) + ".");
        } else {
            say(std::string("unmoved-shots ask or unmoved-shots never (now ") +
                control::to_string(reactions_.unmoved_shots()) + ").");
        }
    } else if (std::all_of(line.begin(), line.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        const std::vector<rules::Command> legal = rules::legal_commands(session_.context(), session_.state());
        const unsigned long n = line.size() > 4 ? 0 : std::stoul(line);
        if (n < 1 || n > legal.size()) {
            say("No command " + line + ": legal lists " + std::to_string(legal.size()) + ".");
        } else {
            play_text(rules::print(legal[n - 1]));
        }
    } else {
        play_text(line);
    }
    return true;
}

void PlainGame::play_text(const std::string& text) {
    if (session_.computer_decides()) {
        say("Wait: the computer plays " + std::string(1, rules::side_letter(session_.state().decider)) + ".");
        return;
    }
    if (session_.others_decide()) {
        say("Wait: " + control::computer_name(session_, session_.state().decider) + " decides now.");
        return;
    }
    std::string err;
    const auto c = rules::parse_command(text, err);
    if (!c) {
        say(text + ": " + err + " (help lists what you can type)");
        return;
    }
    const control::Session::Outcome o = session_.play(*c);
    if (!o.ok()) say(text + ": " + *o.refused);
}

std::optional<std::string> PlainGame::played(const control::Session&, const control::Entry& entry,
                                             const rules::GameState&) {
    if (!session_.seat(entry.by).here()) {
        say(control::computer_name(session_, entry.by) + " plays \"" + rules::print(entry.command) + "\".");
    }
    print_events(entry.events);
    return std::nullopt;
}

void PlainGame::undone(const control::Session&) { why_.clear(); }

void PlainGame::seated(const control::Session&, Side, const std::string& why) {
    if (!why.empty()) say(why);
}

void PlainGame::notice(const control::Session&, const std::string& text) { say(text); }

void PlainGame::print_help() {
    for (const char* line : kHelp) say(line);
}

void PlainGame::print_legal(const std::string& start) {
    const std::vector<rules::Command> legal = rules::legal_commands(session_.context(), session_.state());
    if (legal.empty()) {
        say("No command is legal: the game is over.");
        return;
    }
    // The numbers are those of the whole list, whatever START leaves out.
    std::vector<std::size_t> shown;
    for (std::size_t i = 0; i < legal.size(); ++i) {
        if (rules::print(legal[i]).rfind(start, 0) == 0) shown.push_back(i);
    }
    if (shown.empty()) {
        say("No legal command begins with \"" + start + "\" (legal lists them all).");
        return;
    }
    say(std::to_string(shown.size()) + (start.empty() ? "" : " of " + std::to_string(legal.size())) +
        " legal commands (type the number to play one):");
    for (std::size_t k = 0; k < shown.size() && k < kMaxListed; ++k) {
        say("  " + std::to_string(shown[k] + 1) + " " + rules::print(legal[shown[k]]));
    }
    if (shown.size() > kMaxListed) {
        say("  ... and " + std::to_string(shown.size() - kMaxListed) +
            " more: legal with the start of a command lists fewer (legal deploy K1, legal move h2).");
    }
}

void PlainGame::print_odds(const std::string& text) {
    std::string err;
    const auto c = rules::parse_command(text, err);
    if (!c) {
        say("odds: " + (text.empty() ? std::string("give a command, as in: odds fight h6") : text + ": " + err));
        return;
    }
    const std::vector<rules::Command> one{*c};
    const auto p = rules::preview(session_.context(), session_.state(), one);
    if (const auto* why = std::get_if<std::string>(&p)) {
        say("odds: " + text + ": " + *why);
        return;
    }
    for (const std::string& line : control::odds_lines(session_.context(), session_.state(), std::get<rules::Preview>(p))) {
        say(line);
    }
}

void PlainGame::print_why() {
    if (why_.empty()) {
        say("No roll to explain yet.");
        return;
    }
    for (const std::string& line : why_) say(line);
}

void PlainGame::print_map() {
    const rules::GameState& s = session_.state();
    MapView view;
    view.ascii = true;
    view.color = false;
    const Rect r = map_rect(view, s.files, s.ranks);
    TextSurface t(r.w, r.h);
    draw_map(t, r, session_.context(), s, view);
    for (const std::string& row : rows_of(t)) say(row);
    // The legend: each glyph on the table, capital for A and small for B.
    const rules::RulesContext& ctx = session_.context();
    say("A (" + ctx.army(Side::A).name + ") in capitals, B (" + ctx.army(Side::B).name +
        ") in small letters; the marks: tercio(6), MAP GLYPHS.");
    std::string legend;
    std::vector<std::uint8_t> seen;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const rules::Unit& u = s.units[i];
        if (!u.on_table() || std::find(seen.begin(), seen.end(), u.type) != seen.end()) continue;
        seen.push_back(u.type);
        const rules::TroopType& type = ctx.type(u);
        legend += (legend.empty() ? "" : ", ") + std::string(1, static_cast<char>(std::toupper(type.glyph))) + " " +
                  type.name;
    }
    if (!legend.empty()) say("Units: " + legend + ".");
}

void PlainGame::print_units() {
    const rules::GameState& s = session_.state();
    const rules::RulesContext& ctx = session_.context();
    for (const Side side : {Side::A, Side::B}) {
        say(side_label(ctx, side) + ":");
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const rules::Unit& u = s.units[i];
            if (u.side != side) continue;
            if (u.on_table()) {
                say("  " + core::to_string(u.square) + " " + unit_status(ctx, s, i));
            } else if (!u.deployed) {
                say("  not deployed: " + control::unit_name(ctx, s, i));
            } else {
                say("  gone: " + control::unit_name(ctx, s, i) +
                    (u.status == rules::UnitStatus::Destroyed ? " (destroyed)" : " (left the table)"));
            }
        }
    }
}

void PlainGame::print_cards() {
    TextSurface t(40, kStatusRows);
    draw_status(t, Rect{0, 0, 40, kStatusRows}, session_.context(), session_.state(), StatusOptions{false});
    for (const std::string& row : rows_of(t)) {
        if (!row.empty()) say(row);
    }
}

}  // namespace tercio::ui
