#include "ui/hbl_screen.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "control/hbl_event_text.hpp"

namespace tercio::ui {

using hbl::Engine;

namespace {

// The keys and words of the screen: `?` shows them.
constexpr KeyLine kKeys[] = {
    {"letters, Enter", "type a command and play it: first, turn, move K1 h3 N, fight K1"},
    {"Tab", "complete the command from the legal ones (again: the next)"},
    {"Esc  Ctrl-U", "clear the command line; close a page"},
    {"PgUp PgDn", "scroll the log back and forward"},
    {"Ctrl-P", "the whole log, every roll explained"},
    {"legal", "(typed) every command the game takes now"},
    {"units", "(typed) every unit in full, and what its letters mean"},
    {"undo", "(typed) take back your last command, if no dice or card since"},
    {"save", "(typed) it is saved as played; this also makes a .bak copy"},
    {"quit  Ctrl-C", "(typed) leave the game; asks first"},
    {"?  help", "this page"},
};

std::string side_name(core::Side s) {
    return std::string(1, core::side_letter(s));
}

Color side_color(core::Side s) {
    return s == core::Side::A ? Color::Red : Color::Blue;
}

std::string trim(const std::string& text) {
    std::size_t a = 0;
    std::size_t b = text.size();
    while (a < b && std::isspace(static_cast<unsigned char>(text[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(text[b - 1]))) --b;
    return text.substr(a, b - a);
}

std::string upper(std::string text) {
    for (char& ch : text) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    return text;
}

std::string pad(std::string text, std::size_t width) {
    if (text.size() < width) text.resize(width, ' ');
    return text;
}

}  // namespace

namespace {

void draw_map(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color, int x0, int y0, int cell) {
    const Style dim{Color::Default, false, false, false, true};
    for (int y = s.ranks - 1; y >= 0; --y) {
        const int row = y0 + (s.ranks - 1 - y);
        char label[8];
        std::snprintf(label, sizeof label, "%2d", y + 1);
        out.put(x0, row, label, dim);
        for (int x = 0; x < s.files; ++x) {
            const core::Square q = core::make_square(x, y);
            const auto a = hbl::unit_at(s, q, core::Side::A);
            const auto b = hbl::unit_at(s, q, core::Side::B);
            std::string ch = ".";
            Style st = dim;
            if (a && b) {
                ch = "*";
                st = Style{color ? Color::Yellow : Color::Default, true};
            } else if (a || b) {
                const hbl::Unit& u = s.units[a ? *a : *b];
                const auto g = static_cast<unsigned char>(ctx.rs().troop_types[u.type].glyph);
                ch = std::string(1, static_cast<char>(u.side == core::Side::A ? std::toupper(g)
                                                                              : std::tolower(g)));
                st = Style{color ? side_color(u.side) : Color::Default, true};
                if (u.integrity.vexed) st.underline = true;
            } else if (s.terrain_at(q) == hbl::Terrain::II) {
                ch = ":";
            } else if (s.terrain_at(q) == hbl::Terrain::III) {
                ch = "#";
            }
            out.put(x0 + 3 + x * cell, row, ch, st);
        }
    }
    std::string files;
    for (int x = 0; x < s.files; ++x) {
        files += static_cast<char>('a' + x);
        if (cell > 1 && x + 1 < s.files)
            files += std::string(static_cast<std::size_t>(cell - 1), ' ');
    }
    out.put(x0 + 3, y0 + s.ranks, files, dim);
}

void draw_pane(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color, int x, int y0, int w, int h) {
    int y = y0;
    const int bottom = y0 + h;
    const auto put_wrapped = [&](const std::string& text, Style st) {
        for (const std::string& row : wrap(text, w, 0, 2)) {
            if (y >= bottom) return;
            out.put(x, y++, row, st);
        }
    };
    std::string now = "Turn " + std::to_string(s.turn);
    if (s.over()) {
        now += ": game over";
        if (s.winner)
            now += ", " + side_name(*s.winner) + " (" + ctx.army(*s.winner).name + ") wins";
        now += ".";
    } else if (s.decision == hbl::Decision::Choose) {
        now += ": " + side_name(s.chooser) + " chooses first or second, " +
               std::to_string(s.pips) + " pips each.";
    } else {
        now += ": " + side_name(s.active) + "'s " + (s.second_phase ? "second" : "first") +
               " phase, " + std::to_string(s.pips_left) + (s.pips_left == 1 ? " pip" : " pips") +
               " left.";
    }
    put_wrapped(now, Style{Color::Default, true});
    if (!s.over()) put_wrapped(hbl_decision_hint(ctx, s), Style{});
    if (!s.over()) {
        put_wrapped(s.card ? "Card: " + side_name(s.card_side) + "'s " +
                                  std::string(hbl::card_title(*s.card))
                            : std::string("Card: none in play."),
                    Style{});
    }
    // Each side: its army die, chips and deck, then its units two to a row.
    const int col = std::max(1, (w - 1) / 2);
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        if (y >= bottom) return;
        const hbl::ArmyList& army = ctx.army(side);
        const hbl::Deck& d = s.decks[core::idx(side)];
        const std::string head =
            side_name(side) + " " + army.name + ": die " + upper(core::to_string(army.army_die)) +
            ", chips " + std::to_string(s.chips[core::idx(side)]) + "/" +
            std::to_string(s.chips_start[core::idx(side)]) + ", deck " + std::to_string(d.left());
        out.put(x, y++, head, Style{color ? side_color(side) : Color::Default, true});
        const auto rows = hbl_unit_rows(ctx, s, side);
        for (std::size_t i = 0; i < rows.size() && y < bottom; i += 2) {
            out.put(x, y, rows[i]);
            if (i + 1 < rows.size()) out.put(x + col + 1, y, rows[i + 1]);
            ++y;
        }
    }
    if (y < bottom) {
        out.put(x, bottom - 1, "n/n UI  s stubborn  V vexed  u unloaded  * melee",
                Style{Color::Default, false, false, false, true});
    }
}

}  // namespace

int draw_hbl_board(Surface& out, const hbl::Context& ctx, const hbl::GameState& s, bool color) {
    // A blank between squares when there is room beside the map for the pane.
    const int cell = out.width() >= 3 + s.files * 2 + 54 ? 2 : 1;
    const int map_w = 3 + (s.files - 1) * cell + 1;
    const int map_h = s.ranks + 1;
    draw_map(out, ctx, s, color, 0, 0, cell);
    const int pane_x = map_w + 2;
    draw_pane(out, ctx, s, color, pane_x, 0, out.width() - pane_x, map_h);
    return map_h;
}

std::vector<std::string> hbl_key_help() {
    return key_help_lines(std::begin(kKeys), std::end(kKeys));
}

std::vector<std::string> hbl_unit_rows(const hbl::Context& ctx, const hbl::GameState& s,
                                       core::Side side) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const hbl::Unit& u = s.units[i];
        if (u.side != side || !u.on_board) continue;
        const hbl::TroopType& type = ctx.rs().troop_types[u.type];
        std::string row = pad(hbl::unit_label(ctx, s, i), 4) + pad(core::to_string(u.sq), 4) +
                          pad(std::string(core::to_string(u.facing)), 3) +
                          std::to_string(u.integrity.ui - u.integrity.lost) + "/" +
                          std::to_string(u.integrity.ui);
        if (u.integrity.stubborn > 0) row += " s" + std::to_string(u.integrity.stubborn);
        if (u.integrity.vexed) row += " V";
        if (type.shoots() && !u.loaded) row += " u";
        if (u.melee >= 0) row += " *";
        out.push_back(row);
    }
    return out;
}

std::string hbl_decision_hint(const hbl::Context& ctx, const hbl::GameState& s) {
    (void)ctx;
    const std::string who = side_name(s.decider);
    switch (s.decision) {
        case hbl::Decision::Choose:
            return who + " goes first or second (first, second).";
        case hbl::Decision::Act:
            if (!s.card) return who + " may turn a card for a pip (turn), or end the phase (done).";
            return who + " acts on the " + std::string(hbl::card_title(*s.card)) +
                   " card (legal lists how), then done.";
        case hbl::Decision::React:
            return side_name(s.card_side) + " activated a command: " + who +
                   " may shoot at it before it moves (shoot), or hold.";
        case hbl::Decision::Stubborn:
            return who + "'s stubborn unit may pay a chip to stand (stubborn), or accept.";
        case hbl::Decision::KeepMove:
            return who + "'s stubborn unit may pay a chip to keep its move (stubborn), or accept.";
        case hbl::Decision::Follow:
            return who + "'s winner may follow up (follow), or stay.";
        case hbl::Decision::RallyBack:
            return who +
                   " chooses how many UI the rally brings back, a chip each (back 0 to back " +
                   std::to_string(s.rally_max) + ").";
        case hbl::Decision::Over:
            break;
    }
    return "";
}

HblScreen::HblScreen(HblSession& session, ScreenOptions options)
    : session_(session), ctx_(session.context()), s_(session.state()), opt_(options) {
    session_.add_observer(this);
    message_ = "Type a command and Enter (Tab completes it); ? shows the keys and words.";
    quit_question_ = "Quit? This game is not saved: it ends here. y or n";
}

HblScreen::~HblScreen() {
    session_.remove_observer(this);
}

void HblScreen::show_setup(const hbl::Events& setup) {
    for (const hbl::Event& e : setup) log_.add(LogEntry{control::describe(ctx_, s_, e), {}, 0});
}

void HblScreen::log_command(const hbl::Command& c, const hbl::Events& events, const hbl::GameState& before,
                            const hbl::GameState& after) {
    log_at_.push_back(log_.size());
    // The dice of the command explained under the event that rolled them (Ctrl-P shows them).
    std::vector<std::string> why = control::explain(ctx_, before, c);
    for (const hbl::Event& e : events) {
        LogEntry le{control::describe(ctx_, after, e), {}, after.turn};
        if (!why.empty() && control::rolled_dice(e)) le.why = std::move(why), why.clear();
        log_.add(std::move(le));
    }
}

void HblScreen::show_replayed(const hbl::Command& c, const hbl::Events& events, const hbl::GameState& before,
                              const hbl::GameState& after) {
    log_command(c, events, before, after);
}

std::optional<std::string> HblScreen::played(const HblSession& session, const control::EntryOf<Engine>& entry,
                                             const hbl::GameState& before) {
    (void)session;
    log_command(entry.command, entry.events, before, s_);
    log_scroll_ = 0;
    if (s_.over()) message_ = "The game is over. Ctrl-P shows the whole log; quit leaves.";
    return std::nullopt;
}

void HblScreen::undone(const HblSession& session) {
    (void)session;
    if (!log_at_.empty()) {
        log_.truncate(log_at_.back());
        log_at_.pop_back();
    }
}

void HblScreen::notice(const HblSession& session, const std::string& text) {
    (void)session;
    message_ = text;
}

std::vector<std::string> HblScreen::legal_texts() const {
    std::vector<std::string> out;
    if (s_.over()) return out;
    for (const hbl::Command& c : Engine::legal_commands(ctx_, s_)) {
        if (std::holds_alternative<hbl::cmd::Concede>(c)) continue;
        out.push_back(Engine::print(ctx_, s_, c));
    }
    return out;
}

void HblScreen::complete() {
    if (session_.others_decide()) {
        message_ = "Wait: the computer decides now.";
        return;
    }
    std::vector<std::string> matches;
    for (std::string& t : legal_texts()) {
        if (t.rfind(line_, 0) == 0) matches.push_back(std::move(t));
    }
    if (matches.empty()) {
        message_ = "No legal command starts with \"" + line_ + "\" (legal lists them).";
        return;
    }
    // The longest start every match shares; at it already, the next match in turn.
    std::string common = matches.front();
    for (const std::string& m : matches) {
        std::size_t n = 0;
        while (n < common.size() && n < m.size() && common[n] == m[n]) ++n;
        common.resize(n);
    }
    if (common.size() > line_.size()) {
        line_ = common;
    } else {
        const auto at = std::find(matches.begin(), matches.end(), line_);
        line_ = at == matches.end() || at + 1 == matches.end() ? matches.front() : *(at + 1);
    }
    if (matches.size() == 1) {
        message_ = "The one legal command: Enter plays it.";
        return;
    }
    message_ = std::to_string(matches.size()) + " legal:";
    for (std::size_t i = 0; i < matches.size() && message_.size() < 200; ++i)
        message_ += " " + matches[i] + (i + 1 < matches.size() ? "," : "");
}

std::optional<std::string> HblScreen::enter(const std::string& typed) {
    const std::string text = trim(typed);
    line_.clear();
    if (text.empty()) {
        message_ = "Type a command (Tab completes it), or ? for the keys.";
        return std::nullopt;
    }
    if (text == "?" || text == "help") {
        open_page(Mode::Help);
        return std::nullopt;
    }
    if (text == "legal") {
        open_page(Mode::Legal);
        return std::nullopt;
    }
    if (text == "units") {
        open_page(Mode::Units);
        return std::nullopt;
    }
    if (text == "undo") {
        take_back();
        return std::nullopt;
    }
    if (text == "quit") {
        ask_quit();
        return std::nullopt;
    }
    if (text == "save") {
        message_ = save_ ? save_() : std::string("This game is not saved.");
        return std::nullopt;
    }
    if (s_.over()) {
        message_ = "The game is over: quit leaves.";
        return message_;
    }
    if (session_.others_decide()) {
        message_ = "Wait: the computer decides now.";
        return message_;
    }
    auto parsed = Engine::parse(ctx_, s_, session_.decider(), text);
    if (const std::string* why = std::get_if<std::string>(&parsed)) {
        message_ = text + ": " + *why;
        return message_;
    }
    const auto outcome = session_.play(std::get<hbl::Command>(parsed));
    if (outcome.refused) {
        message_ = text + ": " + *outcome.refused;
        return message_;
    }
    if (!s_.over()) message_.clear();
    return std::nullopt;
}

void HblScreen::take_back() {
    message_ = control::take_back_to_person<Engine>(session_, [this](const hbl::Command& c) {
        return Engine::print(ctx_, s_, c);
    });
}

void HblScreen::open_page(Mode mode) {
    mode_ = mode;
    page_scroll_ = kTop;  // clamped to the page's top when drawn
}

void HblScreen::ask_quit() {
    mode_ = Mode::ConfirmQuit;
    message_ = quit_question_;
}

bool HblScreen::handle(const KeyPress& key) {
    using K = KeyPress::Kind;
    if (key.kind == K::Resize) return true;
    if (mode_ == Mode::ConfirmQuit) {
        if (key.kind == K::Char && (key.ch == 'y' || key.ch == 'Y')) return false;
        mode_ = Mode::Game;
        message_ = "Not quitting.";
        return true;
    }
    if (key.kind == K::Interrupt) {
        ask_quit();
        return true;
    }
    if (mode_ != Mode::Game) {
        // A page: its scroll keys, any other key closes it.
        if (scroll_history(key, page_scroll_, std::max(1, page_rows_ - 1), page_max_)) return true;
        mode_ = Mode::Game;
        return true;
    }
    switch (key.kind) {
        case K::Char:
            if (key.ch == 21) {  // Ctrl-U
                line_.clear();
            } else if (key.ch == '?' && line_.empty()) {
                open_page(Mode::Help);
            } else if (key.ch >= 32 && key.ch < 127 && line_.size() < 72) {
                line_ += static_cast<char>(key.ch);
            }
            return true;
        case K::Backspace:
            if (!line_.empty()) line_.pop_back();
            return true;
        case K::Escape:
            line_.clear();
            message_.clear();
            return true;
        case K::Tab:
            complete();
            return true;
        case K::Enter:
            enter(line_);
            return true;
        case K::PageUp:
            log_scroll_ += 3;
            return true;
        case K::PageDown:
            log_scroll_ = std::max(0, log_scroll_ - 3);
            return true;
        case K::CtrlP:
            mode_ = Mode::History;
            page_scroll_ = 0;  // the history opens at its newest rows
            return true;
        default:
            return true;
    }
}

std::string HblScreen::prompt() const {
    if (s_.over()) return "game over> ";
    const core::Side d = session_.decider();
    if (session_.seat(d).computer()) return control::computer_name(session_, d) + " is thinking...";
    return side_name(d) + " (" + ctx_.army(d).name + ")> ";
}

void HblScreen::draw_page(Surface& out, const std::string& title,
                          const std::vector<std::string>& rows) const {
    const int w = out.width();
    const int h = out.height();
    out.put(0, 0, title, Style{Color::Default, true});
    page_rows_ = h - 2;
    page_max_ = std::max(0, static_cast<int>(rows.size()) - page_rows_);
    page_scroll_ = std::clamp(page_scroll_, 0, page_max_);
    const int first = page_max_ - page_scroll_;
    for (int i = 0; i < page_rows_ && first + i < static_cast<int>(rows.size()); ++i) {
        out.put(0, 1 + i, rows[static_cast<std::size_t>(first + i)]);
    }
    out.put(0, h - 1,
            page_max_ > 0 ? "PgUp/PgDn, j/k scroll; any other key goes back to the game."
                          : "Any key goes back to the game.",
            Style{Color::Default, false, false, false, true});
    (void)w;
}

void HblScreen::draw(Surface& out) const {
    if (too_small(out, "Ctrl-C then y")) return;
    const int w = out.width();
    const int h = out.height();
    switch (mode_) {
        case Mode::Help: {
            std::vector<std::string> rows = hbl_key_help();
            rows.insert(rows.begin(), "");
            rows.push_back("");
            rows.push_back(
                "The map: capital letters are side A's units (south), small letters side B's;");
            rows.push_back(
                "* two units in one square (a melee); : rough ground (II); # difficult (III).");
            rows.push_back(
                "Squares are named by file letter and rank number: h3. Facings: N NE E SE S SW W "
                "NW.");
            draw_page(out, "Hell Broke Loose: keys and words", rows);
            return;
        }
        case Mode::Legal: {
            const auto texts = legal_texts();
            std::vector<std::string> rows;
            // In columns of the widest text.
            std::size_t widest = 1;
            for (const auto& t : texts) widest = std::max(widest, t.size());
            const std::size_t per_row =
                std::max<std::size_t>(1, static_cast<std::size_t>(w) / (widest + 2));
            for (std::size_t i = 0; i < texts.size(); i += per_row) {
                std::string row;
                for (std::size_t j = i; j < std::min(texts.size(), i + per_row); ++j)
                    row += pad(texts[j], widest + 2);
                rows.push_back(row);
            }
            if (texts.empty()) rows.push_back(s_.over() ? "None: the game is over." : "None.");
            draw_page(out,
                      std::to_string(texts.size()) + " legal commands for " +
                          side_name(session_.decider()) + " (and concede):",
                      rows);
            return;
        }
        case Mode::Units: {
            std::vector<std::string> rows;
            for (const std::string& l : control::unit_lines(ctx_, s_)) {
                for (const std::string& r : wrap(l, w, 0, 4)) rows.push_back(r);
            }
            rows.push_back("");
            for (const std::string& l : control::status_lines(ctx_, s_)) {
                for (const std::string& r : wrap(l, w, 0, 4)) rows.push_back(r);
            }
            draw_page(out,
                      "Every unit: square, facing, UI left of its UI (stubborn), and its state",
                      rows);
            return;
        }
        case Mode::History:
            page_rows_ = h - 2;
            page_max_ = draw_history_page(out, log_, page_scroll_,
                                          "The whole log (any other key goes back)");
            return;
        case Mode::Game:
        case Mode::ConfirmQuit:
            break;
    }
    // The map and the pane, the log under both, the message line and the command line.
    const int map_h = draw_hbl_board(out, ctx_, s_, opt_.color);
    const int log_top = map_h;
    const int log_h = h - 2 - log_top;
    if (log_h > 0)
        log_.draw(out, Rect{0, log_top, w, log_h}, LogView{log_scroll_, std::nullopt, false});
    out.put(0, h - 2, message_, mode_ == Mode::ConfirmQuit ? Style{Color::Default, true} : Style{});
    const std::string p = prompt();
    out.put(0, h - 1, p + (session_.others_decide() ? std::string() : line_),
            Style{Color::Default, true});
    if (!session_.others_decide())
        out.put(static_cast<int>(p.size() + line_.size()), h - 1, " ",
                Style{Color::Default, false, true});
}

}  // namespace tercio::ui
