// Saves on the disk (docs/saves.md): GameSave and SaveWriter writing, resuming, taking back and
// locking real files; list_saves, player names, where saves live, atomic writes. Every test works
// in a directory of its own under /tmp, removed afterwards.
#include "data/save_store.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include "core/dice.hpp"
#include "data/save.hpp"
#include "rules/state_hash.hpp"
#include "tests/rules/fixture.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using rules::Command;
using rules::GameState;

namespace {

/// A fresh directory under /tmp for one test, removed with everything in it at the end.
struct TempDir {
    fs::path path;
    TempDir() {
        static int count = 0;
        path = fs::path("/tmp") /
               ("tercio-save-store-test-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

std::string read(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    INFO("reading " << file.string());
    REQUIRE(in.good());
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

void write(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

/// The names in a directory, sorted.
std::vector<std::string> names_in(const fs::path& dir) {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

std::string errors_text(const data::LoadErrors& errors) {
    std::string out;
    for (const auto& e : errors) out += e.to_string() + "\n";
    return out;
}

/// A game of French against Spanish (seed 12) played with random legal commands from a stream
/// of its own; every state and dice count kept, so that tests can go back.
struct Game {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    core::SeededDice dice{12};
    GameState s;
    data::SaveHeader header;
    std::mt19937_64 choose{7};
    std::vector<Command> commands;
    std::vector<GameState> states;     ///< states[i]: after i commands
    std::vector<std::uint64_t> calls;  ///< calls[i]: dice draws after i commands

    Game() {
        rules::new_game(ctx, s, dice);
        header.program = "0.1.0";
        header.created = "2026-11-23T16:45:35Z";
        header.seed = 12;
        header.ruleset = "pikette-squared";
        header.setup_hash = rules::state_hash(s);
        header.sides[0] = data::SavedSide{"french", 0, "alice", "human"};
        header.sides[1] = data::SavedSide{"spanish", 0, "alice", "human"};
        states.push_back(s);
        calls.push_back(dice.calls());
    }

    /// The next command: the set-up takes its shortcuts, then any legal command but `concede`.
    Command next() {
        for (const Command& c : {Command{rules::PassTerrain{}}, Command{rules::AdjustTerrain{}},
                                 Command{rules::DeployAuto{}}}) {
            if (!rules::validate(ctx, s, c)) return c;
        }
        auto legal = rules::legal_commands(ctx, s);
        legal.erase(std::remove_if(legal.begin(), legal.end(),
                                   [](const Command& c) { return std::holds_alternative<rules::Concede>(c); }),
                    legal.end());
        REQUIRE_FALSE(legal.empty());
        return legal[static_cast<std::size_t>(choose() % legal.size())];
    }

    /// Plays one command; the save is told (`played`'s result returned) unless `save` is null.
    bool step(data::GameSave* save, std::string& why) {
        REQUIRE(s.decision != rules::Decision::GameOver);
        const Command c = next();
        const GameState before = s;
        rules::apply(ctx, s, c, dice);
        commands.push_back(c);
        states.push_back(s);
        calls.push_back(dice.calls());
        return save == nullptr || save->played(c, before, s, dice.calls(), why);
    }
    void step(data::GameSave& save) {
        std::string why;
        const bool ok = step(&save, why);
        INFO(why);
        REQUIRE(ok);
    }
    /// What the save of the first `n` commands holds.
    std::string text(std::size_t n) const {
        std::string out = data::write_save_header(header);
        for (std::size_t i = 0; i < n; ++i) {
            out += data::save_lines_after(header, ctx, commands[i], states[i], states[i + 1], calls[i + 1], i + 1);
        }
        return out;
    }
    bool began_turn(std::size_t i) const { return states[i + 1].turn != states[i].turn; }
};

/// Reads a save file back and replays it; it must be good.
data::Replayed load(const fs::path& file, const rules::RulesContext& ctx, data::SaveFile* parsed = nullptr) {
    const std::string text = read(file);
    const auto p = data::parse_save(file.string(), text);
    INFO(errors_text(p.errors));
    REQUIRE(p.ok());
    const auto r = data::replay_save(file.string(), *p.value, ctx);
    INFO(errors_text(r.errors));
    REQUIRE(r.ok());
    if (parsed) *parsed = *p.value;
    return *r.value;
}

fs::perms mode(const fs::path& p) { return fs::status(p).permissions() & fs::perms::all; }

/// Sets environment variables for a test, and puts them back as they were.
class EnvGuard {
public:
    explicit EnvGuard(std::vector<std::string> names) {
        for (auto& n : names) {
            const char* v = std::getenv(n.c_str());
            saved_.emplace_back(n, v ? std::optional<std::string>(v) : std::nullopt);
        }
    }
    ~EnvGuard() {
        for (const auto& [n, v] : saved_) {
            if (v) {
                ::setenv(n.c_str(), v->c_str(), 1);
            } else {
                ::unsetenv(n.c_str());
            }
        }
    }
    EnvGuard(const EnvGuard&) = delete;
    EnvGuard& operator=(const EnvGuard&) = delete;

private:
    std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

}  // namespace

TEST_CASE("a new save holds its header at once, then every command as it is played", "[save][data]") {
    TempDir tmp;
    Game g;
    const fs::path dir = tmp.path / "saves" / "alice";  // made, with its parent
    std::string why;
    auto save = data::GameSave::start(dir, "2026-11-23-french-v-spanish", g.header, g.ctx, why);
    INFO(why);
    REQUIRE(save);
    CHECK(save->file() == dir / "2026-11-23-french-v-spanish.save");
    CHECK(read(save->file()) == data::write_save_header(g.header));
    CHECK(save->commands() == 0);
    // Private: only the player's own account may read them.
    CHECK(mode(dir) == fs::perms::owner_all);
    CHECK(mode(save->file()) == (fs::perms::owner_read | fs::perms::owner_write));

    // Each command is on the disk when played() returns; a keyframe and a .bak at each new turn.
    std::optional<std::string> at_turn_start;
    int turns_begun = 0;
    while (turns_begun < 2) {
        g.step(*save);
        const std::size_t n = g.commands.size();
        INFO("command " << n << ": " << rules::print(g.commands.back()));
        REQUIRE(read(save->file()) == g.text(n));
        REQUIRE(save->commands() == n);
        REQUIRE(save->unsaved() == 0);
        if (g.began_turn(n - 1)) {
            ++turns_begun;
            at_turn_start = g.text(n);
            CHECK(contains(*at_turn_start, "#== keyframe after " + std::to_string(n) + " commands =="));
        }
        if (at_turn_start) REQUIRE(read(fs::path(save->file().string() + ".bak")) == *at_turn_start);
    }
    // Nothing else in the directory: no temporary files left behind.
    CHECK(names_in(dir) == std::vector<std::string>{"2026-11-23-french-v-spanish.save",
                                                    "2026-11-23-french-v-spanish.save.bak"});
    // Read back, the save is the game.
    const data::Replayed r = load(save->file(), g.ctx);
    CHECK(r.state == g.s);
    CHECK(r.calls == g.dice.calls());
    CHECK(r.commands.size() == g.commands.size());

    // A second game under the same name gets a name of its own.
    auto second = data::GameSave::start(dir, "2026-11-23-french-v-spanish", g.header, g.ctx, why);
    REQUIRE(second);
    CHECK(second->file() == dir / "2026-11-23-french-v-spanish-2.save");
    CHECK(read(second->file()) == data::write_save_header(g.header));
}

TEST_CASE("a save whose last line was cut short is cut back to its whole lines when resumed", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    fs::path file;
    {
        auto save = data::GameSave::start(tmp.path, "cut", g.header, g.ctx, why);
        REQUIRE(save);
        file = save->file();
        for (int i = 0; i < 30; ++i) g.step(*save);
    }  // the program stops: the lock goes with it
    const std::string whole = read(file);
    REQUIRE(whole == g.text(30));
    const std::string cut = whole + "0123456789ab";  // the next line, cut short
    write(file, cut);

    data::SaveFile parsed;
    const data::Replayed r = load(file, g.ctx, &parsed);
    CHECK(parsed.good_bytes == whole.size());
    REQUIRE(parsed.cut_line.has_value());
    CHECK(*parsed.cut_line == 1 + static_cast<int>(std::count(whole.begin(), whole.end(), '\n')));
    CHECK(r.state == g.states[30]);

    auto save = data::GameSave::resume(file, parsed, g.ctx, why);
    INFO(why);
    REQUIRE(save);
    CHECK(read(file) == whole);
    CHECK(save->commands() == 30);
    // The .bak is refreshed on resume (docs/saves.md): the save as read, without the cut line.
    CHECK(read(fs::path(file.string() + ".bak")) == whole);

    // The game goes on from the replayed state, and the file with it.
    g.s = r.state;
    g.dice = core::SeededDice(12, r.calls);
    for (int i = 0; i < 5; ++i) g.step(*save);
    CHECK(read(file) == g.text(35));
    CHECK(load(file, g.ctx).state == g.s);
}

TEST_CASE("SaveWriter::open of a save longer than its whole lines keeps the bytes in a .bak and cuts them",
          "[save][data]") {
    TempDir tmp;
    const fs::path file = tmp.path / "w.save";
    write(file, "line one\nline two\nline th");
    std::string why;
    auto w = data::SaveWriter::open(file, 18, why);
    INFO(why);
    REQUIRE(w);
    CHECK(w->size() == 18);
    CHECK(read(file) == "line one\nline two\n");
    CHECK(read(tmp.path / "w.save.bak") == "line one\nline two\nline th");
    // Appends go at the end of what is left.
    REQUIRE(w->append("line three\n", why));
    CHECK(w->size() == 29);
    CHECK(read(file) == "line one\nline two\nline three\n");
    // truncate: a .bak first, then the cut.
    REQUIRE(w->truncate(9, why));
    CHECK(read(file) == "line one\n");
    CHECK(read(tmp.path / "w.save.bak") == "line one\nline two\nline three\n");
    REQUIRE(w->backup(why));
    CHECK(read(tmp.path / "w.save.bak") == "line one\n");
    // A file that is whole is left as it is, and no .bak made.
    fs::remove(tmp.path / "w.save.bak");
    w.reset();
    w = data::SaveWriter::open(file, 9, why);
    REQUIRE(w);
    CHECK(read(file) == "line one\n");
    CHECK_FALSE(fs::exists(tmp.path / "w.save.bak"));
    // A missing file is refused with its name and the reason.
    auto none = data::SaveWriter::open(tmp.path / "none.save", 0, why);
    CHECK_FALSE(none);
    CHECK(contains(why, "none.save"));
    CHECK(contains(why, "No such file"));
}

TEST_CASE("undone takes the last command out of the file, with its keyframe, after a .bak", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    auto save = data::GameSave::start(tmp.path, "undo", g.header, g.ctx, why);
    REQUIRE(save);
    CHECK_FALSE(save->undone(why));
    CHECK(why == "no command to take back");
    CHECK(read(save->file()) == g.text(0));
    // Play on to the first command that began a turn: its keyframe follows it.
    do {
        g.step(*save);
    } while (!g.began_turn(g.commands.size() - 1));
    const std::size_t n = g.commands.size();
    REQUIRE(contains(read(save->file()), "#== keyframe after " + std::to_string(n) + " commands =="));
    const fs::path bak = save->file().string() + ".bak";

    REQUIRE(save->undone(why));
    CHECK(save->commands() == n - 1);
    CHECK(read(save->file()) == g.text(n - 1));
    CHECK(read(bak) == g.text(n));
    REQUIRE(save->undone(why));
    CHECK(save->commands() == n - 2);
    CHECK(read(save->file()) == g.text(n - 2));
    CHECK(read(bak) == g.text(n - 1));

    // Played again, the same commands write the same lines.
    for (std::size_t i = n - 2; i < n; ++i) {
        REQUIRE(save->played(g.commands[i], g.states[i], g.states[i + 1], g.calls[i + 1], why));
    }
    CHECK(read(save->file()) == g.text(n));
    CHECK(load(save->file(), g.ctx).state == g.states[n]);

    // A resumed save can take back commands written before it was resumed.
    const std::string before = read(save->file());
    save.reset();
    data::SaveFile parsed;
    load(tmp.path / "undo.save", g.ctx, &parsed);
    auto resumed = data::GameSave::resume(tmp.path / "undo.save", parsed, g.ctx, why);
    REQUIRE(resumed);
    REQUIRE(resumed->undone(why));
    CHECK(read(resumed->file()) == g.text(n - 1));
    CHECK(read(bak) == before);
}

TEST_CASE("a save open in one session is refused to another", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    auto save = data::GameSave::start(tmp.path, "locked", g.header, g.ctx, why);
    REQUIRE(save);
    g.step(*save);
    const fs::path file = save->file();
    const std::string text = read(file);

    auto again = data::SaveWriter::open(file, text.size(), why);
    CHECK_FALSE(again);
    CHECK(why == file.string() + ": this game is open in another session; leave it there first");
    data::SaveFile parsed;
    load(file, g.ctx, &parsed);
    why.clear();
    auto resumed = data::GameSave::resume(file, parsed, g.ctx, why);
    CHECK_FALSE(resumed);
    CHECK(contains(why, "another session"));
    CHECK(read(file) == text);  // untouched

    // Once the first session is gone, the save opens, and is locked again by the new one.
    save.reset();
    auto w = data::SaveWriter::open(file, text.size(), why);
    INFO(why);
    REQUIRE(w);
    CHECK_FALSE(data::SaveWriter::open(file, text.size(), why));
    CHECK(contains(why, "another session"));
}

TEST_CASE("a command the disk refuses is kept and written before the next one", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    auto save = data::GameSave::start(tmp.path, "full", g.header, g.ctx, why);
    REQUIRE(save);
    // Past the set-up, to commands that do not begin a turn.
    while (g.s.turn == 0 || g.began_turn(g.commands.size() - 1)) g.step(*save);
    const std::size_t n = g.commands.size();
    const std::string whole = read(save->file());

    // The disk is "full": a file size limit a few bytes past the save (SIGXFSZ ignored, so that
    // writes fail with EFBIG). Nothing is checked while it holds, so that the test's own output
    // is never refused.
    bool refused_ok = true;
    std::string refused_why;
    {
        auto* old_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        ::getrlimit(RLIMIT_FSIZE, &old);
        rlimit small = old;
        small.rlim_cur = static_cast<rlim_t>(whole.size() + 5);
        ::setrlimit(RLIMIT_FSIZE, &small);
        refused_ok = g.step(save.get(), refused_why);
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, old_handler);
    }
    CHECK_FALSE(refused_ok);
    CHECK(contains(refused_why, "full.save"));
    // The file still ends with whole lines; the game knows one command is not saved.
    CHECK(read(save->file()) == whole);
    CHECK(save->commands() == n + 1);
    CHECK(save->unsaved() == 1);

    // The disk has room again: the next command writes both, in order.
    g.step(*save);
    CHECK(save->unsaved() == 0);
    CHECK(read(save->file()) == g.text(n + 2));
    CHECK(load(save->file(), g.ctx).state == g.s);
}

TEST_CASE("list_saves lists a directory's saves, newest first, and says which are over", "[save][data]") {
    TempDir tmp;
    CHECK(data::list_saves(tmp.path / "nobody").empty());
    const std::string over = "a1b2c3d4e5f60718 pass\n" + std::string(data::kOverLine) + "\n";
    const std::string playing = "a1b2c3d4e5f60718 pass\n0000000000000000 turn\n";
    write(tmp.path / "old.save", playing);
    write(tmp.path / "middle.save", over);
    write(tmp.path / "new.save", playing);
    write(tmp.path / "tiny.save", std::string(data::kOverLine) + "\n");  // shorter than the tail read
    write(tmp.path / ".hidden.save", over);                             // a temporary file
    write(tmp.path / "notes.txt", over);
    write(tmp.path / "new.save.bak", over);
    const auto now = fs::file_time_type::clock::now();
    fs::last_write_time(tmp.path / "tiny.save", now - std::chrono::hours(4));
    fs::last_write_time(tmp.path / "old.save", now - std::chrono::hours(3));
    fs::last_write_time(tmp.path / "middle.save", now - std::chrono::hours(2));
    fs::last_write_time(tmp.path / "new.save", now - std::chrono::hours(1));

    const auto saves = data::list_saves(tmp.path);
    std::vector<std::string> names;
    std::vector<bool> ended;
    for (const auto& s : saves) {
        names.push_back(s.file.filename().string());
        ended.push_back(s.over);
    }
    CHECK(names == std::vector<std::string>{"new.save", "middle.save", "old.save", "tiny.save"});
    CHECK(ended == std::vector<bool>{false, true, false, true});
    REQUIRE(saves.size() == 4);
    CHECK(saves[0].file == tmp.path / "new.save");
    CHECK(saves[0].modified > saves[1].modified);
}

TEST_CASE("valid_player_name takes plain directory names only", "[save][data]") {
    for (const char* name : {"alice", "Bob_2", "a", "x-y", "0", "abcdefghijklmnopqrstuvwxyz012345"}) {
        INFO(name);
        CHECK(data::valid_player_name(name));
    }
    for (const char* name : {"", "../x", "a/b", "-x", "abcdefghijklmnopqrstuvwxyz0123456", "\xc3\xa9", "a b", ".", "..",
                             "a.b", "x\n"}) {
        INFO(name);
        CHECK_FALSE(data::valid_player_name(name));
    }
}

TEST_CASE("default_player_name is the login name when it is a valid player name", "[save][data]") {
    EnvGuard env({"USER", "LOGNAME"});
    ::setenv("USER", "alice", 1);
    ::setenv("LOGNAME", "bob", 1);
    CHECK(data::default_player_name() == "alice");
    ::setenv("USER", "../x", 1);
    CHECK(data::default_player_name() == "bob");
    ::unsetenv("USER");
    CHECK(data::default_player_name() == "bob");
    ::setenv("LOGNAME", "-bob", 1);
    CHECK(data::default_player_name() == "player");
    ::unsetenv("LOGNAME");
    CHECK(data::default_player_name() == "player");
}

TEST_CASE("saves_root: the flag, else XDG_STATE_HOME, else HOME/.local/state", "[save][data]") {
    EnvGuard env({"XDG_STATE_HOME", "HOME"});
    std::string why;
    ::setenv("XDG_STATE_HOME", "/x/state", 1);
    ::setenv("HOME", "/home/h", 1);
    CHECK(data::saves_root(fs::path("/flag/dir"), why) == fs::path("/flag/dir"));
    CHECK(data::saves_root(std::nullopt, why) == fs::path("/x/state/tercio"));
    ::setenv("XDG_STATE_HOME", "", 1);  // empty counts as unset
    CHECK(data::saves_root(std::nullopt, why) == fs::path("/home/h/.local/state/tercio"));
    ::unsetenv("XDG_STATE_HOME");
    CHECK(data::saves_root(std::nullopt, why) == fs::path("/home/h/.local/state/tercio"));
    ::setenv("HOME", "", 1);
    CHECK(why.empty());
    CHECK_FALSE(data::saves_root(std::nullopt, why).has_value());
    CHECK(contains(why, "--save-dir"));
    ::unsetenv("HOME");
    CHECK_FALSE(data::saves_root(std::nullopt, why).has_value());
    CHECK(data::saves_root(fs::path("/flag/dir"), why) == fs::path("/flag/dir"));
}

TEST_CASE("write_file_atomically replaces a file whole and leaves nothing else", "[save][data]") {
    TempDir tmp;
    const fs::path file = tmp.path / "a.save";
    std::string why;
    REQUIRE(data::write_file_atomically(file, "first\n", why));
    CHECK(read(file) == "first\n");
    CHECK(mode(file) == (fs::perms::owner_read | fs::perms::owner_write));
    REQUIRE(data::write_file_atomically(file, "second, longer\n", why));
    CHECK(read(file) == "second, longer\n");
    REQUIRE(data::write_file_atomically(file, "", why));
    CHECK(read(file).empty());
    CHECK(names_in(tmp.path) == std::vector<std::string>{"a.save"});
    // A directory that is not there: refused, with the file named.
    CHECK_FALSE(data::write_file_atomically(tmp.path / "no" / "b.save", "x", why));
    CHECK(contains(why, (tmp.path / "no").string()));
    CHECK(names_in(tmp.path) == std::vector<std::string>{"a.save"});
}
