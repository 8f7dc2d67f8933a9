// The replay viewer driven by keys on a text surface: a save made in memory, parsed and replayed
// as `tercio replay` does, then stepped through by command, card and turn.
#include <algorithm>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "data/save.hpp"
#include "rules/state_hash.hpp"
#include "tests/rules/fixture.hpp"
#include "kits/pikette/replay_screen.hpp"
#include "kits/pikette/data/save.hpp"

using namespace tercio;
using namespace tercio::ui;
using K = KeyPress::Kind;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

/// Adds the kit's log entries for `events`, `after` the command that produced them.
void add(Log& log, const rules::RulesContext& ctx, const rules::GameState& after, const rules::Events& events) {
    for (LogEntry& e : kits::pikette::Text::log_entries(ctx, nullptr, after, nullptr, events)) log.add(std::move(e));
}

/// A short game saved as `tercio play` saves it, with what each position was.
struct SavedGame {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    std::string text;
    std::vector<std::uint64_t> hash;  ///< per position: the state hash after that many commands
    std::vector<int> turn;            ///< per position
    std::vector<bool> card;           ///< per position (0 false): its command turned a card

    explicit SavedGame(std::size_t random_commands = 300) {
        data::SaveHeader h;
        h.program = "test";
        h.created = "2026-11-23T16:35:04Z";
        h.seed = 12;
        h.ruleset = "pikette-squared";
        h.sides[0] = {"french", 0, "tester", "human"};
        h.sides[1] = {"spanish", 0, "tester", "human"};
        core::SeededDice dice(h.seed);
        rules::GameState s;
        rules::new_game(ctx, s, dice);
        h.setup_hash = rules::state_hash(s);
        text = data::write_save_header(h);
        hash.push_back(h.setup_hash);
        turn.push_back(s.turn);
        card.push_back(false);
        std::mt19937_64 rng(2026);
        const std::vector<std::string> script = {"terrain pass", "terrain pass", "deploy auto", "deploy auto"};
        for (std::size_t n = 0; n < script.size() + random_commands && s.decision != rules::Decision::GameOver; ++n) {
            rules::Command c;
            if (n < script.size()) {
                std::string err;
                const auto parsed = rules::parse_command(script[n], err);
                REQUIRE(parsed);
                c = *parsed;
            } else {
                std::vector<rules::Command> legal;
                for (const rules::Command& l : rules::legal_commands(ctx, s)) {
                    if (!std::holds_alternative<rules::Concede>(l)) legal.push_back(l);
                }
                REQUIRE_FALSE(legal.empty());
                c = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
            }
            INFO(rules::print(c));
            REQUIRE_FALSE(rules::validate(ctx, s, c));
            const rules::GameState before = s;
            const rules::Events ev = rules::apply(ctx, s, c, dice);
            text += rules::save_lines_after(h, ctx, c, before, s, dice.calls(), n + 1);
            hash.push_back(rules::state_hash(s));
            turn.push_back(s.turn);
            card.push_back(std::any_of(ev.begin(), ev.end(),
                                       [](const rules::Event& e) { return std::holds_alternative<rules::CardTurned>(e); }));
        }
    }

    std::size_t size() const { return hash.size() - 1; }
};

/// The save read back as `tercio replay` reads it: the commands that replayed, and the errors.
struct Loaded {
    std::vector<rules::Command> commands;
    std::vector<data::LoadError> errors;
};

Loaded load(const SavedGame& g, const std::string& text) {
    Loaded out;
    auto parsed = data::parse_save("game.save", text);
    for (const auto& e : parsed.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(parsed.ok());
    const auto r = rules::replay_save("game.save", *parsed.value, g.ctx,
                                     [&](const rules::ReplayedCommand& rc, const rules::GameState&,
                                         const rules::GameState&) { out.commands.push_back(rc.command); });
    out.errors = r.errors;
    return out;
}

/// The screen for commands played from the set-up of `seed`, built as the app builds it while the
/// save replays: one add() per command, with what it did.
ReplayScreen screen_of_commands(const rules::RulesContext& ctx, std::uint64_t seed,
                                const std::vector<rules::Command>& commands, int speed_ms) {
    core::SeededDice dice(seed);
    rules::GameState s;
    const rules::Events setup = rules::new_game(ctx, s, dice);
    ReplayScreen r(ctx, s, setup, seed, dice.calls(), ScreenOptions{}, speed_ms);
    for (const rules::Command& c : commands) {
        const rules::GameState before = s;
        const rules::Played p = rules::play(ctx, s, c, dice);
        REQUIRE(p.ok());
        r.add(c, before.decider, p.events, before, s, dice.calls());
    }
    return r;
}

ReplayScreen screen_for(const SavedGame& g, const std::vector<rules::Command>& commands, int speed_ms = 0) {
    return screen_of_commands(g.ctx, 12, commands, speed_ms);
}

std::string screen_of(const ReplayScreen& r, int w = 80, int h = 24) {
    TextSurface s(w, h);
    r.draw(s);
    return s.to_string();
}

void key(ReplayScreen& r, char32_t c) { REQUIRE(r.handle(KeyPress::character(c))); }
void key(ReplayScreen& r, K k) { REQUIRE(r.handle(KeyPress::of(k))); }

void go_to_turn(ReplayScreen& r, int turn) {
    key(r, 't');
    for (char c : std::to_string(turn)) key(r, static_cast<char32_t>(c));
    key(r, K::Enter);
}

}  // namespace

TEST_CASE("the replay steps forward and back through the same states as the game", "[ui][replay]") {
    const SavedGame g;
    const Loaded l = load(g, g.text);
    REQUIRE(l.errors.empty());
    REQUIRE(l.commands.size() == g.size());
    ReplayScreen r = screen_for(g, l.commands);
    REQUIRE(r.size() == g.size());
    CHECK(r.position() == 0);
    CHECK(rules::state_hash(r.state()) == g.hash[0]);
    // Far fewer states kept than commands.
    CHECK(r.stored_states() < g.size() / 4);
    for (std::size_t p = 1; p <= g.size(); ++p) {
        if (p % 3 == 0) key(r, K::Right);
        if (p % 3 == 1) key(r, 'l');
        if (p % 3 == 2) {
            key(r, ' ');
            key(r, 'h');  // back and forward again on the way
            key(r, ' ');
        }
        REQUIRE(r.position() == p);
        REQUIRE(rules::state_hash(r.state()) == g.hash[p]);
    }
    key(r, ' ');  // at the end: stays, and says so
    CHECK(r.position() == g.size());
    CHECK(contains(r.message(), "The end"));
    for (std::size_t p = g.size(); p-- > 0;) {
        if (p % 2) {
            key(r, K::Left);
        } else {
            key(r, 'h');
        }
        REQUIRE(r.position() == p);
        REQUIRE(rules::state_hash(r.state()) == g.hash[p]);
    }
    key(r, 'h');
    CHECK(r.position() == 0);
    CHECK(contains(r.message(), "The start"));
    // Seeking anywhere, in any order, gives the state replayed directly to there.
    std::mt19937_64 rng(5);
    for (int i = 0; i < 60; ++i) {
        const std::size_t p = std::uniform_int_distribution<std::size_t>(0, g.size())(rng);
        r.seek(p);
        REQUIRE(rules::state_hash(r.state()) == g.hash[p]);
    }
}

TEST_CASE("the replay's log holds the events up to the position shown", "[ui][replay]") {
    const SavedGame g(120);
    const Loaded l = load(g, g.text);
    ReplayScreen r = screen_for(g, l.commands);
    // The log at a position is the log of a direct replay to there.
    for (std::size_t p : {std::size_t{0}, std::size_t{3}, g.size() / 2, g.size()}) {
        core::SeededDice dice(12);
        rules::GameState s;
        Log direct;
        add(direct, g.ctx, s, rules::new_game(g.ctx, s, dice));
        for (std::size_t i = 0; i < p; ++i) add(direct, g.ctx, s, rules::apply(g.ctx, s, l.commands[i], dice));
        r.seek(g.size());
        r.seek(p);
        REQUIRE(r.log().size() == direct.size());
        for (std::size_t i = 0; i < direct.size(); ++i) CHECK(r.log()[i].text == direct[i].text);
    }
}

TEST_CASE("] and [ land on the commands that turned a card", "[ui][replay]") {
    const SavedGame g;
    const Loaded l = load(g, g.text);
    ReplayScreen r = screen_for(g, l.commands);
    std::vector<std::size_t> cards;
    for (std::size_t p = 1; p <= g.size(); ++p) {
        if (g.card[p]) cards.push_back(p);
    }
    REQUIRE(cards.size() >= 3);
    for (std::size_t c : cards) {
        key(r, ']');
        REQUIRE(r.position() == c);
        CHECK(r.turned_card(c));
        CHECK(rules::state_hash(r.state()) == g.hash[c]);
    }
    key(r, 'n');
    CHECK(r.position() == cards.back());
    CHECK(r.message() == "No card is turned after this.");
    for (std::size_t i = cards.size() - 1; i-- > 0;) {
        key(r, i % 2 ? '[' : 'p');
        REQUIRE(r.position() == cards[i]);
    }
    key(r, '[');
    CHECK(r.position() == cards.front());
    CHECK(r.message() == "No card was turned before this.");
    // From between two cards, [ goes to the one before.
    r.seek(cards[1] + 1);
    if (!g.card[cards[1] + 1]) {
        key(r, '[');
        CHECK(r.position() == cards[1]);
    }
}

TEST_CASE("t, a turn and Enter go to the start of that turn", "[ui][replay]") {
    const SavedGame g;
    const Loaded l = load(g, g.text);
    ReplayScreen r = screen_for(g, l.commands);
    const int last = g.turn.back();
    REQUIRE(last >= 3);
    for (int t = last; t >= 0; --t) {
        go_to_turn(r, t);
        const std::size_t p = r.position();
        INFO("turn " << t << " at position " << p);
        // The first position of the turn; turn 1 of this game ends as it begins (an initiative
        // tie), and then it is the first position after it.
        CHECK(g.turn[p] >= t);
        if (g.turn[p] != t) CHECK(contains(r.message(), "ended as it began"));
        if (p > 0) CHECK(g.turn[p - 1] < t);
        CHECK(rules::state_hash(r.state()) == g.hash[p]);
        CHECK(r.turn_start(t) == p);
    }
    CHECK(r.position() == 0);
    go_to_turn(r, 2);
    const std::size_t at2 = r.position();
    go_to_turn(r, last + 1);
    CHECK(r.position() == at2);  // no such turn: stays
    CHECK(contains(r.message(), "no turn " + std::to_string(last + 1)));
    // Esc cancels, Backspace corrects.
    key(r, 't');
    key(r, '1');
    CHECK(contains(screen_of(r), "Go to the start of turn: 1_"));
    key(r, K::Backspace);
    key(r, '3');
    key(r, K::Escape);
    CHECK(r.position() == at2);
    key(r, 't');
    key(r, '9');
    key(r, K::Backspace);
    key(r, '3');
    key(r, K::Enter);
    CHECK(r.position() == *r.turn_start(3));
}

TEST_CASE("the replay screen says REPLAY and which command it shows", "[ui][replay]") {
    const SavedGame g(120);
    const Loaded l = load(g, g.text);
    ReplayScreen r = screen_for(g, l.commands);
    r.set_title("game.save: A French v B Spanish, seed 12");
    const std::string n = std::to_string(g.size());
    std::string text = screen_of(r);
    CHECK(contains(text, "REPLAY"));
    CHECK(contains(text, "command 0 of " + n + ": the set-up rolls, turn 0"));
    CHECK(contains(text, "game.save: A French v B Spanish"));
    key(r, K::Right);
    text = screen_of(r);
    CHECK(contains(text, "command 1 of " + n + ": terrain pass by "));
    CHECK(r.status_line().rfind("REPLAY  command 1 of " + n, 0) == 0);
    // End and start.
    key(r, 'G');
    CHECK(r.position() == g.size());
    CHECK(contains(screen_of(r), "command " + n + " of " + n + ": "));
    CHECK(contains(r.status_line(), ", turn " + std::to_string(g.turn.back())));
    key(r, 'g');
    CHECK(r.position() == 0);
    CHECK(rules::state_hash(r.state()) == g.hash[0]);
    // Help and history open over the screen and close with any key.
    key(r, '?');
    CHECK(contains(screen_of(r), "tercio replay keys"));
    CHECK(contains(screen_of(r), "forward to the next card turned"));
    key(r, K::Escape);
    CHECK(contains(screen_of(r), "REPLAY"));
    key(r, K::CtrlP);
    CHECK(contains(screen_of(r), "History"));
    key(r, ' ');
    CHECK(r.position() == 0);  // the key closed the history only
    // Too small a terminal says so.
    CHECK(contains(screen_of(r, 60, 20), "terminal too small"));
    // ASCII only when asked.
    r.set_options(ScreenOptions{false, true});
    for (unsigned char c : screen_of(r)) CHECK(c < 0x80);
    // q and Q quit at once.
    CHECK_FALSE(r.handle(KeyPress::character('q')));
    CHECK_FALSE(r.handle(KeyPress::character('Q')));
}

TEST_CASE("autoplay steps when its time has passed and stops at the end", "[ui][replay]") {
    const SavedGame g(40);
    const Loaded l = load(g, g.text);
    ReplayScreen r = screen_for(g, l.commands, 500);
    CHECK_FALSE(r.wait_ms());
    r.tick();  // not playing: nothing
    CHECK(r.position() == 0);
    key(r, K::Enter);
    CHECK(r.playing());
    CHECK(r.wait_ms() == 500);
    CHECK(contains(screen_of(r), "autoplay 500 ms"));
    r.tick();
    r.tick();
    CHECK(r.position() == 2);
    CHECK(rules::state_hash(r.state()) == g.hash[2]);
    key(r, '+');
    CHECK(r.wait_ms() == 300);
    key(r, '-');
    key(r, '-');
    CHECK(r.wait_ms() == 750);
    key(r, 'a');
    CHECK_FALSE(r.playing());
    CHECK_FALSE(r.wait_ms());
    r.tick();
    CHECK(r.position() == 2);
    key(r, 'a');
    while (r.playing()) r.tick();
    CHECK(r.position() == g.size());
    CHECK(rules::state_hash(r.state()) == g.hash.back());
    CHECK(contains(r.message(), "The end"));
    key(r, K::Enter);  // at the end: nothing to play
    CHECK_FALSE(r.playing());
    // Speed 0 never waits.
    ReplayScreen fast = screen_for(g, l.commands, 0);
    key(fast, K::Enter);
    CHECK(fast.wait_ms() == 0);
}

TEST_CASE("a save out of sync is shown up to the last command that agrees", "[ui][replay]") {
    const SavedGame g(80);
    // Change the hash on the 30th command's line.
    std::string text = g.text;
    const auto parsed = data::parse_save("game.save", text);
    REQUIRE(parsed.ok());
    REQUIRE(parsed.value->commands.size() > 30);
    const std::size_t at = parsed.value->commands[29].offset;
    text[at] = text[at] == '0' ? '1' : '0';
    const Loaded l = load(g, text);
    REQUIRE(l.errors.size() == 1);
    CHECK(contains(l.errors[0].to_string(), "out of sync at"));
    REQUIRE(l.commands.size() == 29);
    ReplayScreen r = screen_for(g, l.commands);
    r.set_problem("OUT OF SYNC, shown up to the last command that agrees: " + l.errors[0].to_string());
    key(r, 'G');
    CHECK(r.position() == 29);
    CHECK(rules::state_hash(r.state()) == g.hash[29]);
    const std::string screen = screen_of(r);
    CHECK(contains(screen, "OUT OF SYNC"));
    CHECK(contains(screen, "command 29 of 29"));
}

TEST_CASE("at the end of a finished game the replay shows the summary", "[ui][replay]") {
    // A whole game of random commands, straight to the screen (no save needed for this).
    const rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice(12);
    rules::GameState s;
    rules::new_game(ctx, s, dice);
    std::vector<rules::Command> commands;
    std::mt19937_64 rng(7);
    while (s.decision != rules::Decision::GameOver && commands.size() < 5000) {
        std::vector<rules::Command> legal;
        for (const rules::Command& l : rules::legal_commands(ctx, s)) {
            if (!std::holds_alternative<rules::Concede>(l)) legal.push_back(l);
        }
        commands.push_back(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
        rules::apply(ctx, s, commands.back(), dice);
    }
    REQUIRE(s.decision == rules::Decision::GameOver);
    ReplayScreen r = screen_of_commands(ctx, 12, commands, 0);
    CHECK(r.problem().empty());
    key(r, K::Enter);             // autoplay at speed 0 ...
    while (r.playing()) r.tick();  // ... runs to the end
    CHECK(r.position() == commands.size());
    CHECK(rules::state_hash(r.state()) == rules::state_hash(s));
    CHECK(contains(r.message(), "the game is over"));
    CHECK(contains(screen_of(r), "After the battle"));
    key(r, 'h');
    CHECK_FALSE(contains(screen_of(r), "After the battle"));
}

TEST_CASE("the replay's history scrolls by pages, and Home and End go to its ends", "[ui][replay]") {
    const SavedGame g(300);
    const Loaded l = load(g, g.text);
    ReplayScreen r = screen_for(g, l.commands);
    key(r, 'G');
    key(r, K::CtrlP);
    const std::string end = screen_of(r);
    REQUIRE(contains(end, "History to this command (PgUp/PgDn a page"));
    key(r, K::PageUp);
    const std::string up = screen_of(r);
    CHECK(up != end);
    key(r, K::Home);
    const std::string top = screen_of(r);
    CHECK(top != up);
    key(r, K::PageUp);  // already at the top
    CHECK(screen_of(r) == top);
    key(r, K::End);
    CHECK(screen_of(r) == end);
    key(r, K::PageUp);
    CHECK(screen_of(r) == up);
    key(r, 'k');
    key(r, 'j');
    CHECK(screen_of(r) == up);
    key(r, K::Escape);
    CHECK_FALSE(contains(screen_of(r), "History to this command"));
}
