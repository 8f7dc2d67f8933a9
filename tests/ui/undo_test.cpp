// Taking commands back (U) and the keeper that saves every command: the screen's side of issue 7.
#include "rules/state_hash.hpp"
#include "tests/rules/position_fixture.hpp"
#include "kits/pikette/play_screen.hpp"
#include "kits/pikette/control/session.hpp"

using namespace tercio;
using namespace tercio::ui;
using K = KeyPress::Kind;
using tercio::test::contains;

namespace {

struct Game {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice{12};
    rules::GameState start() {
        rules::GameState s;
        rules::new_game(ctx, s, dice);
        return s;
    }
};

std::string screen_of(const PlayScreen& p) {
    TextSurface s(80, 24);
    p.draw(s);
    return s.to_string();
}

void play(PlayScreen& p, const std::string& text) {
    const auto why = p.play(text);
    INFO(text << ": " << why.value_or(""));
    REQUIRE_FALSE(why);
}

/// Records what the session tells it, like the app's save keeper; can be told to refuse.
struct FakeKeeper final : control::Observer {
    std::vector<std::string> played_texts;
    int undone_count = 0;
    int saves = 0;
    std::optional<std::string> refuse;
    std::optional<std::string> played(const control::Session& session, const control::Entry& entry,
                                      const rules::GameState& before) override {
        CHECK_FALSE(rules::state_hash(before) == rules::state_hash(session.state()));
        played_texts.push_back(rules::print(entry.command));
        if (refuse) return "NOT SAVED: " + *refuse;
        return std::nullopt;
    }
    std::optional<std::string> undoing(const control::Session&) override {
        ++undone_count;
        return refuse;
    }
    std::string save() {
        ++saves;
        return "Saved (test)";
    }
};

}  // namespace

TEST_CASE("U takes back the last command after the other player agrees", "[ui][undo]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    play(p, "terrain pass");
    play(p, "terrain pass");
    const std::uint64_t before = rules::state_hash(p.state());
    const std::size_t log_before = p.log().size();
    play(p, "deploy auto");
    REQUIRE(p.undoable() == 3);
    REQUIRE(p.log().size() > log_before);
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(p.message() == "B (Spanish): let A (French) take back \"deploy auto\"? (y/N)");
    // Anything but y keeps the command.
    REQUIRE(p.handle(KeyPress::character('n')));
    CHECK(p.message() == "Not taken back.");
    CHECK(p.undoable() == 3);
    REQUIRE(p.handle(KeyPress::character('U')));
    REQUIRE(p.handle(KeyPress::character('y')));
    CHECK(p.message() == "Took back \"deploy auto\".");
    CHECK(rules::state_hash(p.state()) == before);
    CHECK(p.log().size() == log_before);
    CHECK(p.undoable() == 2);
    // The same command can be played again.
    play(p, "deploy auto");
    CHECK(p.undoable() == 3);
}

TEST_CASE("commands are taken back one at a time, newest first", "[ui][undo]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    p.set_undo_asks(false);
    const std::uint64_t h0 = rules::state_hash(p.state());
    play(p, "terrain pass");
    const std::uint64_t h1 = rules::state_hash(p.state());
    play(p, "terrain pass");
    play(p, "deploy auto");
    REQUIRE(p.undoable() == 3);
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(p.message() == "Took back \"deploy auto\".");
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(rules::state_hash(p.state()) == h1);
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(rules::state_hash(p.state()) == h0);
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(contains(p.message(), "Nothing to take back"));
}

TEST_CASE("nothing is taken back past a dice roll or a card turned", "[ui][undo]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    p.set_undo_asks(false);
    for (const char* c : {"terrain pass", "terrain pass", "deploy auto", "deploy auto"}) play(p, c);
    // The second army deployed: the initiative is rolled at once, so nothing before it can go.
    CHECK(p.undoable() == 0);
    const auto legal = rules::legal_commands(g.ctx, p.state());
    REQUIRE_FALSE(legal.empty());
    play(p, "first");
    CHECK(p.undoable() == 1);
    play(p, "turn");
    CHECK(p.undoable() == 0);
    const std::uint64_t after_card = rules::state_hash(p.state());
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(contains(p.message(), "Nothing to take back: dice were rolled or a card turned"));
    CHECK(rules::state_hash(p.state()) == after_card);
    CHECK(p.undo().has_value());
}

TEST_CASE("the keeper hears of every command played and taken back, and S saves", "[ui][undo][save]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    FakeKeeper keeper;
    p_session.add_observer(&keeper);
    p.set_save_action([&keeper] { return keeper.save(); });
    p.set_undo_asks(false);
    play(p, "terrain pass");
    play(p, "terrain pass");
    CHECK(keeper.played_texts == std::vector<std::string>{"terrain pass", "terrain pass"});
    // A refused command is not played, so the keeper hears nothing.
    CHECK(p.play("fight a1").has_value());
    CHECK(keeper.played_texts.size() == 2);
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(keeper.undone_count == 1);
    REQUIRE(p.handle(KeyPress::character('S')));
    CHECK(keeper.saves == 1);
    CHECK(p.message() == "Saved (test)");
    // Quitting says the game is saved and how to go on.
    REQUIRE(p.handle(KeyPress::character('Q')));
    CHECK(contains(p.message(), "tercio play --resume"));
}

TEST_CASE("a save the disk refuses is shown in the log, and a failed undo keeps the command", "[ui][undo][save]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    FakeKeeper keeper;
    p_session.add_observer(&keeper);
    p.set_save_action([&keeper] { return keeper.save(); });
    p.set_undo_asks(false);
    keeper.refuse = "No space left on device";
    play(p, "terrain pass");
    CHECK(contains(screen_of(p), "NOT SAVED"));
    const std::uint64_t h = rules::state_hash(p.state());
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(p.message() == "could not take it back: No space left on device");
    CHECK(rules::state_hash(p.state()) == h);
    CHECK(p.undoable() == 1);
}

TEST_CASE("without a keeper the game says it is not saved", "[ui][undo]") {
    Game g;
    control::Session p_session(g.ctx, g.start(), g.dice);
    PlayScreen p(p_session, {});
    REQUIRE(p.handle(KeyPress::character('S')));
    CHECK(p.message() == "This game is not being saved.");
    REQUIRE(p.handle(KeyPress::character('Q')));
    CHECK(contains(p.message(), "not saved"));
}

TEST_CASE("commands replayed from a save are logged and can be taken back", "[ui][undo]") {
    Game g;
    rules::GameState s = g.start();
    control::Session p_session(g.ctx, s, g.dice);
    PlayScreen p(p_session, {});
    p.set_undo_asks(false);
    // What a resumed game does: the session takes in each command as it is replayed, and the
    // screen shows the history.
    rules::GameState before = s;
    std::string err;
    const auto c = rules::parse_command("terrain pass", err);
    REQUIRE(c);
    const rules::Events ev = rules::apply(g.ctx, s, *c, g.dice);
    p_session.record(*c, ev, false, before, s, 0);
    p.show_history();
    CHECK(rules::state_hash(p.state()) == rules::state_hash(s));
    REQUIRE(p.undoable() == 1);
    REQUIRE(p.handle(KeyPress::character('U')));
    CHECK(p.message() == "Took back \"terrain pass\".");
    CHECK(rules::state_hash(p.state()) == rules::state_hash(before));
    // A random one leaves nothing to take back.
    p_session.record(*c, ev, true, before, s, 0);
    CHECK(p.undoable() == 0);
}
