// Playing against the computer (issue 6): the screen with the computer's turns (control::ComputerTurnsOf) deciding for one side on
// a worker thread, driven by keys and drawn on a text surface, as `tercio play --vs` runs it
// (with no delay). The computer plays the random level, or scripted players that wait to be
// released, so nothing here depends on the levels being written.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "data/save_store.hpp"
#include "rules/state_hash.hpp"
#include "tests/rules/position_fixture.hpp"
#include "control/computer_turns.hpp"
#include "kits/pikette/play_screen.hpp"
#include "kits/pikette/control/session.hpp"
#include "kits/pikette/data/save.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using namespace tercio::ui;
using K = KeyPress::Kind;
using rules::Side;
using tercio::test::contains;
using namespace std::chrono_literals;
using ComputerTurns = control::ComputerTurnsOf<rules::Engine>;

namespace {

struct Game {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice{12};
    rules::GameState setup;
    Game() { rules::new_game(ctx, setup, dice); }
};

std::string screen_of(const PlayScreen& p) {
    TextSurface s(80, 24);
    p.draw(s);
    return s.to_string();
}

void press(PlayScreen& p, const std::string& keys) {
    for (char c : keys) REQUIRE(p.handle(KeyPress::character(static_cast<char32_t>(c))));
}

/// Types a command at the command line, as a player does.
void command(PlayScreen& p, const std::string& text) {
    press(p, ":" + text);
    REQUIRE(p.handle(KeyPress::of(K::Enter)));
}

/// Lets the computer finish: its decisions made and played, until the game waits for a person.
void let_computer_play(ComputerTurns& turns) {
    for (int i = 0; i < 10000; ++i) {
        const auto u = turns.update();
        if (!u.wait_ms) return;
        turns.wait();
    }
    FAIL("the computer never stopped");
}

/// A computer player that decides only when released, then plays the first legal command that
/// starts with one of its wishes (else the first legal one). Counts its decisions.
class HeldPlayer final : public ai::Player {
  public:
    explicit HeldPlayer(std::vector<std::string> wishes = {}) : wishes_(std::move(wishes)) {}
    rules::Command choose(const ai::GameView& view) override {
        {
            std::unique_lock lock(m_);
            ++asked;
            cv_.notify_all();
            cv_.wait(lock, [&] { return released_ > 0; });
            --released_;
        }
        const auto legal = rules::legal_commands(view.rules(), view.state);
        for (const std::string& w : wishes_) {
            for (const rules::Command& c : legal) {
                if (rules::print(c).rfind(w, 0) == 0) return c;
            }
        }
        return legal.front();
    }
    /// Lets one decision be made.
    void release() {
        std::lock_guard lock(m_);
        ++released_;
        cv_.notify_all();
    }
    /// Waits until the computer has been asked `n` times in all.
    void wait_asked(int n) {
        std::unique_lock lock(m_);
        cv_.wait(lock, [&] { return asked >= n; });
    }
    int asked = 0;

  private:
    std::vector<std::string> wishes_;
    std::mutex m_;
    std::condition_variable cv_;
    int released_ = 0;
};

/// Plays for the person, typed: the first legal command starting with one of the wishes, else
/// the first legal one that is not a concession.
void person_plays(PlayScreen& p, const Game& g, const std::vector<std::string>& wishes) {
    const auto legal = rules::legal_commands(g.ctx, p.state());
    for (const std::string& w : wishes) {
        for (const rules::Command& c : legal) {
            if (rules::print(c).rfind(w, 0) == 0) {
                command(p, rules::print(c));
                return;
            }
        }
    }
    for (const rules::Command& c : legal) {
        if (!std::holds_alternative<rules::Concede>(c)) {
            command(p, rules::print(c));
            return;
        }
    }
    FAIL("no legal command for the person");
}

/// The save, as `tercio play` keeps it: every command written before the screen shows it.
struct TempSave {
    fs::path dir;
    std::unique_ptr<data::GameSave> save;
    TempSave(const Game& g, const std::string& plays_b) {
        dir = fs::path("/tmp") / ("tercio-vs-computer-test-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        data::SaveHeader h;
        h.program = "test";
        h.created = "2026-11-23T16:45:35Z";
        h.seed = 12;
        h.ruleset = g.ctx.rs().id;
        h.setup_hash = rules::state_hash(g.setup);
        h.sides[0] = {"french", 0, "alice", "human"};
        h.sides[1] = {"spanish", 0, "alice", plays_b};
        std::string why;
        const auto saves = data::SaveDir::open(dir, why);
        REQUIRE(saves);
        save = data::GameSave::start(*saves, "game", h, why);
        INFO(why);
        REQUIRE(save);
    }
    ~TempSave() {
        save.reset();
        fs::remove_all(dir);
    }
};

/// The app's save keeper in small: the session's observer that writes the save.
struct Keeper final : control::Observer {
    data::GameSave& file;
    const rules::RulesContext& ctx;
    const core::SeededDice& dice;
    Keeper(data::GameSave& s, const rules::RulesContext& c, const core::SeededDice& d) : file(s), ctx(c), dice(d) {}
    std::optional<std::string> played(const control::Session& session, const control::Entry& entry,
                                      const rules::GameState& before) override {
        std::string why;
        const rules::GameState& after = session.state();
        const std::string lines =
            rules::save_lines_after(file.header(), ctx, entry.command, before, after, dice.calls(), file.commands() + 1);
        if (file.played_lines(lines, after.turn != before.turn, why)) return std::nullopt;
        return why;
    }
    std::optional<std::string> undoing(const control::Session&) override {
        std::string why;
        if (file.undone(why)) return std::nullopt;
        return why;
    }
};

/// The save file read back and replayed.
rules::Replayed replayed(const Game& g, const fs::path& file, data::SaveFile* parsed = nullptr) {
    const data::FileText t = data::read_file(file, data::kMaxSaveBytes);
    REQUIRE(t.error.empty());
    auto p = data::parse_save(file.string(), t.text);
    for (const auto& e : p.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(p.ok());
    auto r = rules::replay_save(file.string(), *p.value, g.ctx);
    for (const auto& e : r.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(r.ok());
    if (parsed) *parsed = *p.value;
    return std::move(*r.value);
}

}  // namespace

TEST_CASE("the computer's commands are played like typed ones: in the log and in the save", "[ui][ai][vs]") {
    Game g;
    control::Session p_session(g.ctx, g.setup, g.dice);
    PlayScreen p(p_session, {});
    TempSave ts(g, "computer:random");
    Keeper keeper(*ts.save, g.ctx, g.dice);
    p_session.add_observer(&keeper);
    ComputerTurns turns(p_session, 0ms);
    turns.set_ready([&p] { return p.ready_for_computer(); });
    turns.seat(Side::B, ai::make_player(ai::Level::Random, ai::player_seed(12, Side::B)), "random");
    CHECK(p.computer(Side::B));
    CHECK_FALSE(p.computer(Side::A));
    std::vector<std::string> by_computer;
    // The set-up: terrain, deployment, the initiative, then the first cards, the person playing A.
    turns.update();
    for (int step = 0; step < 40 && p.state().decision != rules::Decision::GameOver; ++step) {
        if (p.state().decider == Side::B) {
            // The decision was asked for as soon as the game waited for B.
            REQUIRE(turns.thinking());
            const std::size_t log_before = p.log().size();
            const std::uint64_t v = p.version();
            turns.wait();
            turns.update();
            REQUIRE(p.version() == v + 1);
            CHECK(p.log().size() > log_before);
            // The message line names the command and who gave it.
            const std::string& m = p.message();
            REQUIRE(m.rfind("B (Spanish, random) played \"", 0) == 0);
            by_computer.push_back(m.substr(28, m.find('"', 28) - 28));
        } else {
            person_plays(p, g, {"terrain pass", "deploy auto", "first", "turn", "pass"});
            turns.update();
        }
    }
    REQUIRE(by_computer.size() >= 5);
    // Every command is in the save, the computer's among them, and it replays to this game.
    data::SaveFile parsed;
    const rules::Replayed r = replayed(g, ts.save->file(), &parsed);
    CHECK(parsed.header.sides[1].plays == "computer:random");
    CHECK(r.state == p.state());
    std::vector<std::string> saved_by_b;
    for (const rules::ReplayedCommand& rc : r.commands) {
        if (rc.by == Side::B) saved_by_b.push_back(rules::print(rc.command));
    }
    CHECK(saved_by_b == by_computer);
    CHECK(ts.save->commands() == r.commands.size());
}

TEST_CASE("a whole game against the computer at the random level finishes", "[ui][ai][vs]") {
    for (const std::uint64_t seed : {3u, 12u}) {
        INFO("seed " << seed);
        rules::RulesContext ctx = test::Armies::get().context("italian", "moorish");
        core::SeededDice dice(seed);
        rules::GameState s;
        rules::new_game(ctx, s, dice);
        control::Session p_session(ctx, s, dice);
        PlayScreen p(p_session, {});
        ComputerTurns turns(p_session, 0ms);
        turns.set_ready([&p] { return p.ready_for_computer(); });
        // The computer plays red here, the person blue.
        turns.seat(Side::A, ai::make_player(ai::Level::Random, ai::player_seed(seed, Side::A)), "random");
        std::mt19937_64 person(seed);
        int commands = 0;
        while (p.state().decision != rules::Decision::GameOver) {
            REQUIRE(++commands < 20000);
            if (p.state().decider == Side::A) {
                CHECK(contains(screen_of(p), "A (Italian, random) is thinking"));
                turns.update();
                turns.wait();
                continue;
            }
            // The person: a random legal command (not conceding), typed.
            auto legal = rules::legal_commands(ctx, p.state());
            std::erase_if(legal, [](const rules::Command& c) { return std::holds_alternative<rules::Concede>(c); });
            REQUIRE_FALSE(legal.empty());
            const auto& c = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(person)];
            REQUIRE_FALSE(p.play(rules::print(c)));
        }
        CHECK(contains(screen_of(p), "After the battle"));
        // Over: the computer asks for nothing more.
        CHECK_FALSE(turns.update().wait_ms);
        CHECK_FALSE(turns.thinking());
    }
}

TEST_CASE("keys pressed while the computer thinks do not act on the game", "[ui][ai][vs]") {
    Game g;
    control::Session p_session(g.ctx, g.setup, g.dice);
    PlayScreen p(p_session, {});
    ComputerTurns turns(p_session, 0ms);
    turns.set_ready([&p] { return p.ready_for_computer(); });
    auto held = std::make_unique<HeldPlayer>(std::vector<std::string>{"terrain pass", "deploy auto"});
    HeldPlayer& computer = *held;
    turns.seat(Side::B, std::move(held), "test");
    // Up to the computer's first decision.
    turns.update();
    while (p.state().decider != Side::B) {
        person_plays(p, g, {"terrain pass", "deploy auto"});
        turns.update();
    }
    CHECK(turns.thinking());
    computer.wait_asked(1);
    const rules::GameState before = p.state();
    const std::uint64_t version = p.version();
    const std::size_t log_size = p.log().size();
    CHECK(contains(screen_of(p), "B (Spanish, test) is thinking"));
    // Command keys: refused with a word, nothing played.
    for (char key : std::string("tPDdcFsmfar ")) {
        INFO(key);
        press(p, std::string(1, key));
        CHECK(p.message() == "Wait for the computer: B (Spanish, test) is thinking.");
    }
    REQUIRE(p.handle(KeyPress::of(K::Enter)));  // no menu of the computer's commands
    CHECK(p.message() == "Wait for the computer: B (Spanish, test) is thinking.");
    CHECK_FALSE(contains(screen_of(p), "Enter plays, Esc cancels"));
    // A command typed ahead stays at the command line until the computer has played.
    press(p, ":terrain pass");
    REQUIRE(p.handle(KeyPress::of(K::Enter)));
    CHECK(contains(screen_of(p), "> terrain pass_ (Enter once the computer has played)"));
    REQUIRE(p.handle(KeyPress::of(K::Escape)));
    // The cursor, the help, the history and the log's scroll work meanwhile.
    const core::Square cursor = p.cursor();
    press(p, "k");
    CHECK_FALSE(p.cursor() == cursor);
    press(p, "?");
    const std::string help = screen_of(p);
    CHECK((contains(help, "tercio keys") || contains(help, "Rules for ")));
    REQUIRE(p.handle(KeyPress::of(K::Escape)));
    REQUIRE(p.handle(KeyPress::of(K::CtrlP)));
    CHECK(contains(screen_of(p), "History"));
    REQUIRE(p.handle(KeyPress::of(K::Escape)));
    REQUIRE(p.handle(KeyPress::of(K::PageUp)));
    REQUIRE(p.handle(KeyPress::of(K::PageDown)));
    CHECK(p.state() == before);
    CHECK(p.version() == version);
    CHECK(p.log().size() == log_size);
    // Q asks first; the computer's decision waits for the answer, then is played.
    press(p, "Q");
    CHECK(contains(p.message(), "quit? The game is not saved. (y/N)"));
    computer.release();
    turns.wait();
    CHECK_FALSE(turns.update().wait_ms);  // held: the player is being asked
    CHECK(p.version() == version);
    CHECK(contains(p.message(), "quit? The game is not saved. (y/N)"));
    press(p, "n");
    CHECK(p.message() == "Not quitting.");
    CHECK(turns.update().changed);
    CHECK(p.version() == version + 1);
    CHECK(contains(p.message(), "B (Spanish, test) played \""));
    CHECK(computer.asked == 1);
    // Quitting while it thinks: stop() waits for the thought and drops it.
    while (p.state().decider != Side::B) person_plays(p, g, {"terrain pass", "deploy auto", "first", "turn"});
    turns.update();
    CHECK(turns.thinking());
    computer.wait_asked(2);
    const std::uint64_t at_quit = p.version();
    press(p, "Q");
    REQUIRE_FALSE(p.handle(KeyPress::character('y')));
    std::thread releaser([&] {
        std::this_thread::sleep_for(20ms);
        computer.release();
    });
    turns.stop();
    releaser.join();
    CHECK_FALSE(turns.thinking());
    CHECK(p.version() == at_quit);
}

TEST_CASE("U against the computer takes back the person's last command and the computer's replies", "[ui][ai][vs][undo]") {
    Game g;
    control::Session p_session(g.ctx, g.setup, g.dice);
    PlayScreen p(p_session, {});
    TempSave ts(g, "computer:easy");
    Keeper keeper(*ts.save, g.ctx, g.dice);
    p_session.add_observer(&keeper);
    ComputerTurns turns(p_session, 0ms);
    turns.set_ready([&p] { return p.ready_for_computer(); });
    auto held = std::make_unique<HeldPlayer>(std::vector<std::string>{"terrain pass", "deploy auto"});
    HeldPlayer& computer = *held;
    turns.seat(Side::B, std::move(held), "test");
    for (int i = 0; i < 50; ++i) computer.release();  // it decides at once here
    // Nothing to take back yet.
    press(p, "U");
    CHECK(contains(p.message(), "Nothing to take back"));
    // The set-up's terrain, passed: no dice rolled, so all of it can go back (the last deployment
    // rolls for the initiative).
    std::vector<rules::GameState> before_person;
    for (int i = 0; i < 20; ++i) {
        let_computer_play(turns);
        std::optional<std::string> next;
        for (const rules::Command& c : rules::legal_commands(g.ctx, p.state())) {
            const std::string t = rules::print(c);
            if (!next && t == "terrain pass") next = t;
        }
        if (!next) break;
        before_person.push_back(p.state());
        command(p, *next);
    }
    let_computer_play(turns);
    REQUIRE_FALSE(before_person.empty());
    const std::size_t commands = ts.save->commands();
    REQUIRE(p.undoable() >= 2);
    // Every command since the person's last one was the computer's: all go, without asking.
    press(p, "U");
    INFO(p.message());
    CHECK(p.message().rfind("Took back \"", 0) == 0);
    CHECK(p.state() == before_person.back());
    CHECK(p.state().decider == Side::A);
    const std::size_t taken = commands - ts.save->commands();
    CHECK(taken >= 1);
    if (taken == 2) CHECK(contains(p.message(), " and the computer's reply."));
    if (taken > 2) CHECK(contains(p.message(), " and the computer's " + std::to_string(taken - 1) + " replies."));
    // The save went back with it, and replays to the game on the screen.
    CHECK(replayed(g, ts.save->file()).state == p.state());

    // U while the computer thinks: its decision, made for the game before, is dropped.
    auto held2 = std::make_unique<HeldPlayer>(std::vector<std::string>{"terrain pass", "deploy auto"});
    HeldPlayer& slow = *held2;
    turns.seat(Side::B, std::move(held2), "test");
    const rules::GameState again = p.state();
    person_plays(p, g, {"terrain pass"});
    REQUIRE(p.state().decider == Side::B);
    {
        turns.update();
        REQUIRE(turns.thinking());
        slow.wait_asked(1);
        press(p, "U");
        CHECK(p.state() == again);
        slow.release();
        turns.wait();
        const std::uint64_t v = p.version();
        turns.update();
        CHECK(p.version() == v);  // dropped, and the person decides again
        CHECK(p.state() == again);
        CHECK_FALSE(turns.thinking());
    }
}

TEST_CASE("the computer waits the delay after each command before playing its own", "[ui][ai][vs]") {
    Game g;
    control::Session p_session(g.ctx, g.setup, g.dice);
    PlayScreen p(p_session, {});
    ComputerTurns turns(p_session, 600ms);
    turns.set_ready([&p] { return p.ready_for_computer(); });
    turns.seat(Side::B, ai::make_player(ai::Level::Random, 5), "random");
    turns.seat(Side::A, ai::make_player(ai::Level::Random, 6), "random");
    const auto t0 = ComputerTurns::Clock::now() + 1s;  // the delay since the start has passed
    const std::uint64_t v = p.version();
    turns.update(t0);
    turns.wait();
    CHECK(turns.update(t0).changed);
    CHECK(p.version() == v + 1);
    // The next one is made at once, but shown only once the last has been seen for 600 ms.
    turns.wait();
    auto u = turns.update(t0 + 100ms);
    CHECK(p.version() == v + 1);
    REQUIRE(u.wait_ms);
    CHECK(*u.wait_ms == 500);
    CHECK_FALSE(u.changed);
    u = turns.update(t0 + 600ms);
    CHECK(u.changed);
    CHECK(p.version() == v + 2);
}

TEST_CASE("the computer waits the delay after a person's command too", "[ui][ai][vs]") {
    Game g;
    control::Session p_session(g.ctx, g.setup, g.dice);
    PlayScreen p(p_session, {});
    ComputerTurns turns(p_session, 600ms);
    turns.set_ready([&p] { return p.ready_for_computer(); });
    const Side person = p.state().decider;
    turns.seat(rules::other(person), ai::make_player(ai::Level::Random, 5), "random");
    person_plays(p, g, {"terrain pass"});
    REQUIRE(p.state().decider == rules::other(person));
    const auto t1 = ComputerTurns::Clock::now() + 1s;
    const std::uint64_t v = p.version();
    turns.update(t1);  // sees the person's command now
    turns.wait();
    const auto u = turns.update(t1 + 200ms);
    CHECK(p.version() == v);
    REQUIRE(u.wait_ms);
    CHECK(*u.wait_ms == 400);
    turns.update(t1 + 600ms);
    CHECK(p.version() == v + 1);
}

TEST_CASE("a computer that fails hands its side to the keyboard, saying why", "[ui][ai][vs]") {
    struct Broken final : ai::Player {
        rules::Command choose(const ai::GameView&) override { throw std::runtime_error("out of ideas"); }
    };
    struct Illegal final : ai::Player {
        rules::Command choose(const ai::GameView&) override {
            std::string err;
            return *rules::parse_command("fight a1", err);
        }
    };
    Game g;
    SECTION("an illegal command") {
        control::Session p_session(g.ctx, g.setup, g.dice);
        PlayScreen p(p_session, {});
        ComputerTurns turns(p_session, 0ms);
        turns.set_ready([&p] { return p.ready_for_computer(); });
        const Side first = p.state().decider;
        turns.seat(first, std::make_unique<Illegal>(), "test");
        turns.update();
        turns.wait();
        CHECK(turns.update().changed);
        CHECK_FALSE(p.computer(first));
        CHECK(contains(p.message(), "failed: it gave \"fight a1\", which the rules refuse"));
        CHECK(contains(p.message(), "from here."));
        CHECK_FALSE(turns.update().wait_ms);
    }
    SECTION("an exception") {
        control::Session p_session(g.ctx, g.setup, g.dice);
        PlayScreen p(p_session, {});
        ComputerTurns turns(p_session, 0ms);
        turns.set_ready([&p] { return p.ready_for_computer(); });
        const Side first = p.state().decider;
        turns.seat(first, std::make_unique<Broken>(), "test");
        turns.update();
        turns.wait();
        CHECK(turns.update().changed);
        CHECK_FALSE(p.computer(first));
        CHECK(contains(p.message(), "it stopped with an error (out of ideas)"));
    }
}

TEST_CASE("a reaction window let go for the person never waits for a key: the computer goes on",
          "[ui][ai][vs][reactions]") {
    test::Position pos = test::board();
    pos.act(Side::B, rules::CardKind::InfantryMove, 10);
    pos.add(Side::B, "pike", "h12", core::Facing::S);  // the computer moves it two squares
    pos.add(Side::A, "arquebus", "c8");                 // can shoot c10 after every step
    pos.add(Side::B, "pike", "c10", core::Facing::S);   // which does not move
    core::ScriptedDice dice = core::ScriptedDice::parse("");
    control::Session p_session(pos.ctx, pos.s, dice);
    PlayScreen p(p_session, {});
    REQUIRE(p.set_option("unmoved-shots", "never"));  // as --unmoved-shots never
    REQUIRE(p.reactions().unmoved_shots() == control::UnmovedShots::Never);
    ComputerTurns turns(p_session, 0ms);
    turns.set_ready([&p] { return p.ready_for_computer(); });
    auto held = std::make_unique<HeldPlayer>(std::vector<std::string>{"move h12 h10"});
    HeldPlayer& computer = *held;
    turns.seat(Side::B, std::move(held), "test");
    const auto pass = [&p] { return p.pass_reactions(); };
    turns.update(std::chrono::steady_clock::now(), pass);
    computer.wait_asked(1);
    computer.release();
    turns.wait();
    const auto u = turns.update(std::chrono::steady_clock::now(), pass);
    CHECK(u.changed);
    // The move went on through every window A let go, and the computer is asked what is next.
    CHECK(p.state().decision == rules::Decision::Act);
    CHECK(p.state().decider == Side::B);
    CHECK(u.wait_ms);
    std::size_t declines = 0;
    for (const auto& e : p_session.history()) declines += std::holds_alternative<rules::Decline>(e.command) ? 1 : 0;
    CHECK(declines == 3);  // after each step and after the move (R2, R2, R4)
    CHECK(p.reactions().passed(Side::A) == 3);
    computer.wait_asked(2);
    computer.release();  // lets the thought end before the turns are destroyed
    turns.wait();
}
