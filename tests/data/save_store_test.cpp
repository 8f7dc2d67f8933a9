// Saves on the disk (docs/saves.md): GameSave and SaveWriter writing, resuming, taking back and
// locking real files; list_saves, player names, where saves live, atomic writes. Every test works
// in a directory of its own under /tmp, removed afterwards.
#include "data/save_store.hpp"
#include "kits/registry.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/dice.hpp"
#include "data/save.hpp"
#include "rules/state_hash.hpp"
#include "tests/rules/fixture.hpp"
#include "kits/pikette/data/save.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using rules::Command;
using rules::GameState;

namespace {

/// What the game does after a command (app/game_files.hpp): the kit's lines appended to the save.
bool played(data::GameSave& save, const rules::RulesContext& ctx, const rules::Command& c,
            const rules::GameState& before, const rules::GameState& after, std::uint64_t calls, std::string& why) {
    return save.played_lines(rules::save_lines_after(save.header(), ctx, c, before, after, calls, save.commands() + 1),
                             after.turn != before.turn, why);
}

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

    explicit Game(std::uint64_t choose_seed = 7) : choose(choose_seed) {
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
        return save == nullptr || played(*save, ctx, c, before, s, dice.calls(), why);
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
            out += rules::save_lines_after(header, ctx, commands[i], states[i], states[i + 1], calls[i + 1], i + 1);
        }
        return out;
    }
    bool began_turn(std::size_t i) const { return states[i + 1].turn != states[i].turn; }
};

/// Reads a save file back and replays it; it must be good.
rules::Replayed load(const fs::path& file, const rules::RulesContext& ctx, data::SaveFile* parsed = nullptr) {
    const std::string text = read(file);
    const auto p = data::parse_save(file.string(), text);
    INFO(errors_text(p.errors));
    REQUIRE(p.ok());
    const auto r = rules::replay_save(file.string(), *p.value, ctx);
    INFO(errors_text(r.errors));
    REQUIRE(r.ok());
    if (parsed) *parsed = *p.value;
    return *r.value;
}

/// The directory of saves at `path`, opened and checked as the game opens it.
std::unique_ptr<data::SaveDir> save_dir(const fs::path& path) {
    std::string why;
    auto d = data::SaveDir::open(path, why);
    INFO(why);
    REQUIRE(d);
    return d;
}

/// Resumes a save as the game does: opened and locked, then read, parsed and replayed, then
/// GameSave::resume. Null, with the reason, if it cannot be opened.
std::unique_ptr<data::GameSave> resume(const fs::path& file, const rules::RulesContext& ctx, std::string& why,
                                       data::SaveFile* parsed_out = nullptr) {
    auto w = data::SaveWriter::open(*save_dir(file.parent_path()), file.filename().string(), why);
    if (!w) return nullptr;
    const auto text = w->read(why);
    REQUIRE(text);
    const auto p = data::parse_save(file.string(), *text);
    INFO(errors_text(p.errors));
    REQUIRE(p.ok());
    const auto r = rules::replay_save(file.string(), *p.value, ctx);
    INFO(errors_text(r.errors));
    REQUIRE(r.ok());
    if (parsed_out) *parsed_out = *p.value;
    return data::GameSave::resume(std::move(w), *p.value);
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
    auto save = data::GameSave::start(*save_dir(dir), "2026-11-23-french-v-spanish", g.header, why);
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
    const rules::Replayed r = load(save->file(), g.ctx);
    CHECK(r.state == g.s);
    CHECK(r.calls == g.dice.calls());
    CHECK(r.commands.size() == g.commands.size());

    // A second game under the same name gets a name of its own.
    auto second = data::GameSave::start(*save_dir(dir), "2026-11-23-french-v-spanish", g.header, why);
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
        auto save = data::GameSave::start(*save_dir(tmp.path), "cut", g.header, why);
        REQUIRE(save);
        file = save->file();
        for (int i = 0; i < 30; ++i) g.step(*save);
    }  // the program stops: the lock goes with it
    const std::string whole = read(file);
    REQUIRE(whole == g.text(30));
    const std::string cut = whole + "0123456789ab";  // the next line, cut short
    write(file, cut);

    data::SaveFile parsed;
    const rules::Replayed r = load(file, g.ctx, &parsed);
    CHECK(parsed.good_bytes == whole.size());
    REQUIRE(parsed.cut_line.has_value());
    CHECK(*parsed.cut_line == 1 + static_cast<int>(std::count(whole.begin(), whole.end(), '\n')));
    CHECK(r.state == g.states[30]);

    auto save = resume(file, g.ctx, why);
    INFO(why);
    REQUIRE(save);
    CHECK(save->warning().empty());
    CHECK(read(file) == whole);
    CHECK(save->commands() == 30);
    // The .bak keeps the file as it was found, cut line and all (docs/saves.md).
    CHECK(read(fs::path(file.string() + ".bak")) == cut);

    // The game goes on from the replayed state, and the file with it.
    g.s = r.state;
    g.dice = core::SeededDice(12, r.calls);
    for (int i = 0; i < 5; ++i) g.step(*save);
    CHECK(read(file) == g.text(35));
    CHECK(load(file, g.ctx).state == g.s);
}

TEST_CASE("SaveWriter: read, truncate after a .bak, append, backup", "[save][data]") {
    TempDir tmp;
    const fs::path file = tmp.path / "w.save";
    write(file, "line one\nline two\nline th");
    std::string why;
    auto w = data::SaveWriter::open(*save_dir(tmp.path), "w.save", why);
    INFO(why);
    REQUIRE(w);
    CHECK(w->size() == 25);
    CHECK(w->read(why) == "line one\nline two\nline th");
    CHECK(w->read_only().empty());
    REQUIRE(w->truncate(18, why));
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
    // Opening reads nothing and changes nothing: no .bak made.
    fs::remove(tmp.path / "w.save.bak");
    w.reset();
    w = data::SaveWriter::open(*save_dir(tmp.path), "w.save", why);
    REQUIRE(w);
    CHECK(read(file) == "line one\n");
    CHECK_FALSE(fs::exists(tmp.path / "w.save.bak"));
    // A missing file is refused with its name and the reason.
    auto none = data::SaveWriter::open(*save_dir(tmp.path), "none.save", why);
    CHECK_FALSE(none);
    CHECK(contains(why, "none.save"));
    CHECK(contains(why, "No such file"));
}

TEST_CASE("undone takes the last command out of the file, with its keyframe, after a .bak", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    auto save = data::GameSave::start(*save_dir(tmp.path), "undo", g.header, why);
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
        REQUIRE(played(*save, g.ctx, g.commands[i], g.states[i], g.states[i + 1], g.calls[i + 1], why));
    }
    CHECK(read(save->file()) == g.text(n));
    CHECK(load(save->file(), g.ctx).state == g.states[n]);

    // A resumed save can take back commands written before it was resumed.
    const std::string before = read(save->file());
    save.reset();
    auto resumed = resume(tmp.path / "undo.save", g.ctx, why);
    REQUIRE(resumed);
    REQUIRE(resumed->undone(why));
    CHECK(read(resumed->file()) == g.text(n - 1));
    CHECK(read(bak) == before);
}

TEST_CASE("a save open in one session is refused to another", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    auto save = data::GameSave::start(*save_dir(tmp.path), "locked", g.header, why);
    REQUIRE(save);
    g.step(*save);
    const fs::path file = save->file();
    const std::string text = read(file);

    // The lock comes before the file is read: a second session gets nothing to read, so it can
    // never replay an old length of the file and cut away what the first one wrote meanwhile.
    auto again = data::SaveWriter::open(*save_dir(tmp.path), "locked.save", why);
    CHECK_FALSE(again);
    CHECK(why == file.string() + ": this game is open in another session; leave it there first");
    why.clear();
    auto resumed = resume(file, g.ctx, why);
    CHECK_FALSE(resumed);
    CHECK(contains(why, "another session"));
    CHECK(read(file) == text);  // untouched
    // The first session goes on writing; the second, once the first is gone, reads all of it.
    g.step(*save);
    const std::string longer = read(file);
    REQUIRE(longer.size() > text.size());

    save.reset();
    auto w = data::SaveWriter::open(*save_dir(tmp.path), "locked.save", why);
    INFO(why);
    REQUIRE(w);
    CHECK(w->read(why) == longer);
    CHECK_FALSE(data::SaveWriter::open(*save_dir(tmp.path), "locked.save", why));
    CHECK(contains(why, "another session"));
}

TEST_CASE("a command the disk refuses is kept and written before the next one", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    auto save = data::GameSave::start(*save_dir(tmp.path), "full", g.header, why);
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
    CHECK(save_dir(tmp.path / "nobody")->list().empty());
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

    write(tmp.path / "link.save", "");
    fs::remove(tmp.path / "link.save");
    fs::create_symlink(tmp.path / "old.save", tmp.path / "link.save");  // never listed: a link
    const auto saves = save_dir(tmp.path)->list();
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

TEST_CASE("default_player_name is the login name, made a valid player name the same way every time",
          "[save][data]") {
    EnvGuard env({"USER", "LOGNAME"});
    ::setenv("USER", "alice", 1);
    ::setenv("LOGNAME", "bob", 1);
    CHECK(data::default_player_name() == "alice");
    // A login name with a dot was once "player" for everyone: it is now a name of its own.
    ::setenv("USER", "john.doe", 1);
    const std::string john = data::default_player_name();
    CHECK(john.rfind("john_doe-", 0) == 0);
    CHECK(john.size() == std::string("john_doe-").size() + 8);
    CHECK(data::valid_player_name(john));
    CHECK(john == data::player_name_for_login("john.doe"));
    CHECK(john != data::player_name_for_login("john_doe"));
    CHECK(data::player_name_for_login("john_doe") == "john_doe");
    ::unsetenv("USER");
    CHECK(data::default_player_name() == "bob");
    ::setenv("LOGNAME", "-bob", 1);
    CHECK(data::default_player_name().rfind("_bob-", 0) == 0);
    ::unsetenv("LOGNAME");
    CHECK(data::default_player_name() == "player");
    for (const char* login : {"../x", "a/b", "\xc3\xa9l\xc3\xa8ve", "x\n", "verylongloginnamethatgoesonandonandon.x", ".",
                              "-", "a b"}) {
        INFO(login);
        const std::string name = data::player_name_for_login(login);
        CHECK(data::valid_player_name(name));
        CHECK(name == data::player_name_for_login(login));
    }
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

TEST_CASE("SaveDir::write_atomically replaces a file whole and leaves nothing else", "[save][data]") {
    TempDir tmp;
    const fs::path file = tmp.path / "a.save";
    std::string why;
    const auto dir = save_dir(tmp.path);
    REQUIRE(dir->write_atomically("a.save", "first\n", why));
    CHECK(read(file) == "first\n");
    CHECK(mode(file) == (fs::perms::owner_read | fs::perms::owner_write));
    REQUIRE(dir->write_atomically("a.save", "second, longer\n", why));
    CHECK(read(file) == "second, longer\n");
    REQUIRE(dir->write_atomically("a.save", "", why));
    CHECK(read(file).empty());
    CHECK(names_in(tmp.path) == std::vector<std::string>{"a.save"});
    // A name in a directory that is not there: refused, naming the directory.
    CHECK_FALSE(dir->write_atomically("no/b.save", "x", why));
    CHECK(contains(why, tmp.path.string()));
    CHECK(names_in(tmp.path) == std::vector<std::string>{"a.save"});
}

// --- A shared save directory (issue: nothing lost, nothing overwritten) ---

namespace {

/// Runs `body` in a child process under another user id (and group), and returns its exit
/// status; nothing if this process cannot switch users (not root).
std::optional<int> as_user(uid_t uid, const std::function<int()>& body) {
    if (::geteuid() != 0) return std::nullopt;
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::setgid(uid) != 0 || ::setuid(uid) != 0) ::_exit(100);
        ::_exit(body());
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 200;
}

}  // namespace

TEST_CASE("a player directory is refused when it is a link, another user's, or writable by others",
          "[save][data][security]") {
    TempDir tmp;
    std::string why;
    SECTION("a symbolic link planted at the player's name is refused, never followed") {
        fs::create_directories(tmp.path / "elsewhere");
        fs::create_directory_symlink(tmp.path / "elsewhere", tmp.path / "victim");
        CHECK_FALSE(data::SaveDir::open(tmp.path, "victim", why));
        CHECK(contains(why, (tmp.path / "victim").string() + " is a symbolic link"));
        CHECK(names_in(tmp.path / "elsewhere").empty());
    }
    SECTION("a directory others may write in is refused; one they may only read is made private") {
        fs::create_directories(tmp.path / "open");
        fs::permissions(tmp.path / "open", fs::perms::all);
        CHECK_FALSE(data::SaveDir::open(tmp.path, "open", why));
        CHECK(contains(why, "can be written by other users (mode 0777)"));
        fs::create_directories(tmp.path / "readable");
        fs::permissions(tmp.path / "readable", fs::perms::owner_all | fs::perms::group_read | fs::perms::others_read |
                                                   fs::perms::group_exec | fs::perms::others_exec);
        REQUIRE(data::SaveDir::open(tmp.path, "readable", why));
        CHECK(mode(tmp.path / "readable") == fs::perms::owner_all);
    }
    SECTION("a file in its place is refused") {
        write(tmp.path / "plain", "x");
        CHECK_FALSE(data::SaveDir::open(tmp.path, "plain", why));
        CHECK(contains(why, "not a directory"));
    }
    SECTION("another user's directory is refused") {
        if (::geteuid() != 0) {
            WARN("skipped: only root can give a directory to another user here");
            return;
        }
        fs::create_directories(tmp.path / "theirs");
        REQUIRE(::chown((tmp.path / "theirs").c_str(), 65534, 65534) == 0);
        fs::permissions(tmp.path / "theirs", fs::perms::owner_all);
        CHECK_FALSE(data::SaveDir::open(tmp.path, "theirs", why));
        CHECK(contains(why, "belongs to another user (uid 65534)"));
    }
    SECTION("a new root is made private, an existing shared one is left as it is") {
        REQUIRE(data::SaveDir::open(tmp.path / "new" / "root", "p", why));
        CHECK(mode(tmp.path / "new") == fs::perms::owner_all);
        CHECK(mode(tmp.path / "new" / "root") == fs::perms::owner_all);
        fs::create_directories(tmp.path / "shared");
        fs::permissions(tmp.path / "shared", fs::perms::all | fs::perms::sticky_bit);
        REQUIRE(data::SaveDir::open(tmp.path / "shared", "p", why));
        CHECK(mode(tmp.path / "shared") == fs::perms::all);
    }
}

TEST_CASE("links planted in a player's directory are never written through", "[save][data][security]") {
    TempDir tmp;
    Game g;
    std::string why;
    const fs::path victim = tmp.path / "victim-file";
    write(victim, "precious\n");
    const auto dir = save_dir(tmp.path / "p");
    auto save = data::GameSave::start(*dir, "game", g.header, why);
    REQUIRE(save);
    g.step(*save);
    // Every name the program could have used for a temporary file or the .bak, a link to the
    // victim's file: the .bak replaces its link, the temporary names are unpredictable.
    const std::string name = "game.save";
    for (const std::string& planted : {name + ".bak", "." + name + ".bak.tmp" + std::to_string(::getpid()),
                                       "." + name + ".tmp" + std::to_string(::getpid())}) {
        fs::create_symlink(victim, tmp.path / "p" / planted);
    }
    REQUIRE(save->backup(why));
    CHECK(read(victim) == "precious\n");
    CHECK(fs::is_regular_file(fs::symlink_status(tmp.path / "p" / (name + ".bak"))));
    CHECK(read(tmp.path / "p" / (name + ".bak")) == read(save->file()));
    // A save that is a link is not opened to resume.
    save.reset();
    fs::create_symlink(victim, tmp.path / "p" / "link.save");
    CHECK_FALSE(data::SaveWriter::open(*dir, "link.save", why));
    CHECK(contains(why, "symbolic link"));
    CHECK(dir->read("link.save").error.find("symbolic link") != std::string::npos);
    CHECK(read(victim) == "precious\n");
}

TEST_CASE("two users on one server: one cannot take over the other's save directory", "[save][data][security]") {
    TempDir tmp;
    // A shared directory such as /srv/games: mode 1777.
    fs::permissions(tmp.path, fs::perms::all | fs::perms::sticky_bit);
    const uid_t attacker = 65534;
    const uid_t victim = 65533;
    // The attacker makes the victim's player directory first, open to all.
    const auto made = as_user(attacker, [&] {
        return ::mkdir((tmp.path / "victim").c_str(), 0777) == 0 && ::chmod((tmp.path / "victim").c_str(), 0777) == 0
                   ? 0
                   : 1;
    });
    if (!made) {
        WARN("skipped: this test switches to two other user ids, which needs root (it runs as uid "
             << ::geteuid() << ")");
        return;
    }
    REQUIRE(*made == 0);
    // The victim's game refuses it, saying why; nothing is written in it.
    const auto refused = as_user(victim, [&] {
        std::string why;
        const auto d = data::SaveDir::open(tmp.path, "victim", why);
        if (d) return 1;
        return contains(why, "belongs to another user (uid 65534)") ? 0 : 2;
    });
    CHECK(refused == 0);
    CHECK(names_in(tmp.path / "victim").empty());
    // With a directory of its own, the victim's games cannot be reached by the attacker.
    const auto own = as_user(victim, [&] {
        std::string why;
        const auto d = data::SaveDir::open(tmp.path, "v2", why);
        return d && d->write_atomically("a.save", "x\n", why) ? 0 : 1;
    });
    CHECK(own == 0);
    const auto peek = as_user(attacker, [&] {
        return ::open((tmp.path / "v2" / "a.save").c_str(), O_RDONLY) < 0 &&
                       ::symlinkat("/etc/passwd", AT_FDCWD, (tmp.path / "v2" / "a.save.bak").c_str()) != 0
                   ? 0
                   : 1;
    });
    CHECK(peek == 0);
    // A player directory the player cannot enter says so, instead of "no unfinished game".
    const auto locked_out = as_user(victim, [&] {
        if (::chmod((tmp.path / "v2").c_str(), 0) != 0) return 3;
        std::string why;
        const auto d = data::SaveDir::open(tmp.path, "v2", why);
        return !d && contains(why, "Permission denied") ? 0 : 1;
    });
    CHECK(locked_out == 0);
}

// --- Damage: a save either loses at most the command being written, or is refused untouched ---

namespace {

/// What resuming a (damaged) save came to.
struct ResumeOutcome {
    bool refused = false;
    std::string errors;
    std::size_t commands = 0;  ///< commands the resumed game holds
    GameState state;
};

/// Resumes `file` as the game does (lock, read, parse, replay, GameSave::resume).
ResumeOutcome try_resume(const fs::path& file, const rules::RulesContext& ctx) {
    ResumeOutcome out;
    std::string why;
    auto w = data::SaveWriter::open(*save_dir(file.parent_path()), file.filename().string(), why);
    REQUIRE(w);
    const auto text = w->read(why);
    REQUIRE(text);
    const auto p = data::parse_save(file.string(), *text);
    if (!p.ok()) {
        out.refused = true;
        out.errors = errors_text(p.errors);
        return out;
    }
    const auto r = rules::replay_save(file.string(), *p.value, ctx);
    if (!r.ok()) {
        out.refused = true;
        out.errors = errors_text(r.errors);
        return out;
    }
    auto save = data::GameSave::resume(std::move(w), *p.value);
    REQUIRE(save);
    out.commands = save->commands();
    out.state = r.value->state;
    return out;
}

/// Damages `text` at byte `at`: 0 overwrites it with 'X' (or 'Y' if it is an 'X'), 1 deletes it,
/// 2 makes it a line break.
std::string damaged(std::string text, std::size_t at, int how) {
    if (how == 0) text[at] = text[at] == 'X' ? 'Y' : 'X';
    if (how == 1) text.erase(at, 1);
    if (how == 2) text[at] = text[at] == '\n' ? 'X' : '\n';
    return text;
}

}  // namespace

TEST_CASE("a save damaged at any one byte loses at most the command being written, or is refused untouched",
          "[save][data][damage]") {
    // Two games: one whose last keyframe has commands after it, one that ends with a keyframe.
    for (const bool ends_with_keyframe : {false, true}) {
        TempDir tmp;
        Game g(ends_with_keyframe ? 21 : 7);
        std::string why;
        const auto dir = save_dir(tmp.path);
        fs::path file;
        {
            auto save = data::GameSave::start(*dir, "game", g.header, why);
            REQUIRE(save);
            file = save->file();
            int turns = 0;
            while (turns < 2) {
                g.step(*save);
                if (g.began_turn(g.commands.size() - 1)) ++turns;
            }
            if (!ends_with_keyframe) {
                for (int i = 0; i < 3 && !g.began_turn(g.commands.size() - 1); ++i) g.step(*save);
                while (g.began_turn(g.commands.size() - 1)) g.step(*save);
            }
        }
        const std::size_t n = g.commands.size();
        const std::string whole = read(file);
        REQUIRE(whole == g.text(n));
        // The byte positions to damage, by class of line: the header, command lines, keyframe
        // markers, keyframe bodies and closing lines. In the first, a middle and the last line of
        // each class: its first byte, a middle one, its last and its line break; and every byte of
        // the last two lines (the end of the file is where a cut write is told from damage).
        const std::vector<std::string_view> lines = [&] {
            std::vector<std::string_view> out;
            for (std::size_t at = 0; at < whole.size();) {
                const std::size_t nl = whole.find('\n', at);
                out.push_back(std::string_view(whole).substr(at, nl + 1 - at));
                at = nl + 1;
            }
            return out;
        }();
        const auto offset = [&](std::size_t line) { return static_cast<std::size_t>(lines[line].data() - whole.data()); };
        std::map<std::string, std::vector<std::size_t>> classes;
        bool in_header = true;
        bool in_keyframe = false;
        for (std::size_t l = 0; l < lines.size(); ++l) {
            const std::string_view line = lines[l];
            std::string kind;
            if (in_header) {
                kind = "header";
                if (line.rfind(data::kCommandsLine, 0) == 0) in_header = false;
            } else if (line.rfind("#== keyframe after", 0) == 0) {
                kind = "keyframe marker";
                in_keyframe = true;
            } else if (line.rfind("#== end of keyframe", 0) == 0) {
                kind = "keyframe closing line";
                in_keyframe = false;
            } else {
                kind = in_keyframe ? "keyframe body" : "command";
            }
            classes[kind].push_back(l);
        }
        std::set<std::size_t> at_set;
        for (const auto& [kind, ls] : classes) {
            for (const std::size_t l : {ls.front(), ls[ls.size() / 2], ls.back()}) {
                const std::size_t o = offset(l);
                const std::size_t len = lines[l].size();
                for (const std::size_t i : {o, o + len / 2, o + len - 2, o + len - 1}) at_set.insert(i);
            }
        }
        for (std::size_t i = offset(lines.size() - 2); i < whole.size(); ++i) at_set.insert(i);
        const std::vector<std::size_t> at(at_set.begin(), at_set.end());
        int refused = 0;
        int lost_one = 0;
        for (const std::size_t i : at) {
            for (int how = 0; how < 3; ++how) {
                const std::string bad = damaged(whole, i, how);
                write(file, bad);
                write(fs::path(file.string() + ".bak"), "the old backup\n");
                INFO("byte " << i << " of " << whole.size() << ", damage " << how << " ("
                             << (ends_with_keyframe ? "ends with a keyframe" : "commands after the last keyframe")
                             << ")");
                const ResumeOutcome o = try_resume(file, g.ctx);
                INFO(o.errors);
                if (o.refused) {
                    ++refused;
                    // Refused: the save and its .bak exactly as they were.
                    REQUIRE(read(file) == bad);
                    REQUIRE(read(fs::path(file.string() + ".bak")) == "the old backup\n");
                    continue;
                }
                // Accepted: the game is the same game, short of at most the command being written.
                REQUIRE(o.commands + 1 >= n);
                REQUIRE(o.commands <= n);
                REQUIRE(o.state == g.states[o.commands]);
                if (o.commands < n) ++lost_one;
                // The .bak holds the file as it was found; the save keeps its whole lines.
                REQUIRE(read(fs::path(file.string() + ".bak")) == bad);
                const std::string now = read(file);
                REQUIRE(bad.compare(0, now.size(), now) == 0);
            }
        }
        // Both outcomes were met, so the test can tell them apart.
        CHECK(classes.size() == 5);
        CHECK(refused > 50);
        CHECK(lost_one > 0);
    }
}

TEST_CASE("a last keyframe whose closing line is damaged or missing is refused, not cut", "[save][data][damage]") {
    TempDir tmp;
    const std::string original = read(fs::path(TERCIO_SOURCE_DIR) / "fuzz" / "save-corpus" / "moorish-french-long.save");
    const rules::RulesContext ctx = test::Armies::get().context("moorish", "french");
    const std::string close = "#== end of keyframe ==\n";
    const std::size_t last = original.rfind(close);
    REQUIRE(last != std::string::npos);
    REQUIRE(last + close.size() < original.size());  // commands follow it
    for (const std::string& replacement : {std::string("#== end of keyframe =X\n"), std::string()}) {
        INFO("closing line replaced by \"" << replacement << "\"");
        std::string bad = original;
        bad.replace(last, close.size(), replacement);
        write(tmp.path / "long.save", bad);
        write(tmp.path / "long.save.bak", "the old backup\n");
        const ResumeOutcome o = try_resume(tmp.path / "long.save", ctx);
        CHECK(o.refused);
        CHECK(contains(o.errors, "this keyframe has no closing line"));
        CHECK(contains(o.errors, "long.save:" + std::to_string(1 + std::count(bad.begin(), bad.begin() +
                                                                                   static_cast<std::ptrdiff_t>(bad.rfind("#== keyframe after")), '\n')) + ":1:"));
        CHECK(read(tmp.path / "long.save") == bad);
        CHECK(read(tmp.path / "long.save.bak") == "the old backup\n");
    }
}

TEST_CASE("a save that cannot be backed up or cut at resume goes on unsaved, then catches up", "[save][data]") {
    TempDir tmp;
    Game g;
    std::string why;
    fs::path file;
    {
        auto save = data::GameSave::start(*save_dir(tmp.path), "full", g.header, why);
        REQUIRE(save);
        file = save->file();
        while (g.s.turn == 0 || g.began_turn(g.commands.size() - 1)) g.step(*save);
    }
    const std::size_t n = g.commands.size();
    const std::string whole = read(file);
    const std::string cut = whole + "0123456789ab";  // the next line, cut short
    write(file, cut);
    const fs::path bak = file.string() + ".bak";
    const std::string old_bak = read(bak);  // from the turn that began
    // The disk is "full" (a file size limit below the save: no .bak can be written, no line
    // appended). Nothing is checked while it holds, so that the test's own output is never
    // refused.
    std::unique_ptr<data::GameSave> save;
    std::string warning;
    bool played = true;
    std::string played_why;
    {
        auto* old_handler = std::signal(SIGXFSZ, SIG_IGN);
        rlimit old{};
        ::getrlimit(RLIMIT_FSIZE, &old);
        rlimit small = old;
        small.rlim_cur = static_cast<rlim_t>(whole.size() / 2);
        ::setrlimit(RLIMIT_FSIZE, &small);
        save = resume(file, g.ctx, why);
        if (save) {
            warning = save->warning();
            played = g.step(save.get(), played_why);
        }
        ::setrlimit(RLIMIT_FSIZE, &old);
        std::signal(SIGXFSZ, old_handler);
    }
    REQUIRE(save);
    // Said once, naming the directory and the .bak, never a temporary file's name.
    CHECK(contains(warning, "NOT SAVED: cannot write full.save.bak in " + tmp.path.string()));
    CHECK(contains(warning, "File too large"));
    CHECK_FALSE(contains(warning, ".tmp"));
    CHECK_FALSE(played);
    CHECK(save->unsaved() == 1);
    // Nothing was cut or appended: the file and its .bak are as found.
    CHECK(read(file) == cut);
    CHECK(read(bak) == old_bak);
    // Room again: S cuts the unfinished line (after a .bak of the file as found), then writes.
    REQUIRE(save->backup(why));
    CHECK(save->unsaved() == 0);
    CHECK(read(file) == g.text(n + 1));
    CHECK(names_in(tmp.path) == std::vector<std::string>{"full.save", "full.save.bak"});
    CHECK(load(file, g.ctx).state == g.s);
}

TEST_CASE("newest_unfinished passes finished games by, but not a game-over line on a game that is not over",
          "[save][data]") {
    TempDir tmp;
    data::DataCatalog catalog(fs::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
    const auto dir = save_dir(tmp.path);
    Game g;
    std::string why;
    {
        auto save = data::GameSave::start(*dir, "older", g.header, why);
        REQUIRE(save);
        for (int i = 0; i < 6; ++i) g.step(*save);
    }
    const auto now = fs::file_time_type::clock::now();
    fs::last_write_time(tmp.path / "older.save", now - std::chrono::hours(2));
    CHECK(data::newest_unfinished(*dir, kits::replayed_over(catalog)) == "older.save");
    // A newer save with the game-over line appended, though its game goes on.
    write(tmp.path / "newer.save", read(tmp.path / "older.save") + std::string(data::kOverLine) + "\n");
    fs::last_write_time(tmp.path / "newer.save", now - std::chrono::hours(1));
    REQUIRE(save_dir(tmp.path)->list().front().over);
    CHECK(data::newest_unfinished(*dir, kits::replayed_over(catalog)) == "newer.save");
    // Resumed, it is refused at that line (docs/saves.md), and left as it is.
    const std::string text = read(tmp.path / "newer.save");
    const auto p = data::parse_save("newer.save", text);
    REQUIRE(p.ok());
    const auto r = rules::replay_save("newer.save", *p.value, g.ctx);
    REQUIRE_FALSE(r.ok());
    CHECK(contains(errors_text(r.errors), "the game-over line, but the game replayed is not over"));
    // A finished game is passed by: play one to its end.
    {
        Game f(9);
        auto save = data::GameSave::start(*dir, "finished", f.header, why);
        REQUIRE(save);
        while (f.s.decision != rules::Decision::GameOver) {
            if (f.commands.size() > 5000) break;
            f.step(*save);
        }
        REQUIRE(f.s.decision == rules::Decision::GameOver);
    }
    fs::remove(tmp.path / "newer.save");
    REQUIRE(save_dir(tmp.path)->list().front().name == "finished.save");
    CHECK(data::newest_unfinished(*dir, kits::replayed_over(catalog)) == "older.save");
}

TEST_CASE("finished_saves lists one player's finished games, or every player's, and passes by what cannot be read",
          "[save][data][replay][security]") {
    TempDir tmp;
    const fs::path root = tmp.path / "saves";
    for (const char* p : {"alice", "bob", "carol"}) save_dir(root / p);  // as tercio play makes them
    const std::string over = "a1b2c3d4e5f60718 pass\n" + std::string(data::kOverLine) + "\n";
    const std::string playing = "a1b2c3d4e5f60718 pass\n0000000000000000 turn\n";
    write(root / "alice" / "a1.save", over);
    write(root / "alice" / "a2.save", playing);  // not finished: Continue's, not Replay's
    write(root / "alice" / "damaged.save", "not a save at all\n" + over);
    write(root / "bob" / "b1.save", over);
    const auto now = fs::file_time_type::clock::now();
    fs::last_write_time(root / "alice" / "a1.save", now - std::chrono::hours(3));
    fs::last_write_time(root / "alice" / "damaged.save", now - std::chrono::hours(2));
    fs::last_write_time(root / "bob" / "b1.save", now - std::chrono::hours(1));
    // A link under a player's name to a folder elsewhere, a folder others may write in, a folder
    // whose name is not a player name, a file, and a link to a save: none is read.
    fs::create_directories(tmp.path / "elsewhere");
    write(tmp.path / "elsewhere" / "e.save", over);
    fs::create_directory_symlink(tmp.path / "elsewhere", root / "mallory");
    fs::create_directories(root / "open");
    write(root / "open" / "o.save", over);
    fs::permissions(root / "open", fs::perms::all);
    fs::create_directories(root / "not.a.name");
    write(root / "not.a.name" / "n.save", over);
    write(root / "file", over);
    fs::create_symlink(root / "bob" / "b1.save", root / "alice" / "link.save");

    const auto listed = [](const std::vector<data::PlayerSave>& saves) {
        std::vector<std::string> out;
        for (const auto& s : saves) out.push_back(s.player + "/" + s.save.name);
        return out;
    };
    // Directories by name; the link, the file and the bad name are not players.
    CHECK(data::player_names(root) == std::vector<std::string>{"alice", "bob", "carol", "open"});
    // One player's, newest first: the damaged save is listed (the app says it is damaged).
    CHECK(listed(data::finished_saves(root, {"alice"}, 100)) ==
          std::vector<std::string>{"alice/damaged.save", "alice/a1.save"});
    // Every player's, newest first, the folder others may write in passed by.
    const auto all = data::finished_saves(root, data::player_names(root), 100);
    CHECK(listed(all) == std::vector<std::string>{"bob/b1.save", "alice/damaged.save", "alice/a1.save"});
    REQUIRE(all.size() == 3);
    CHECK(all[0].save.file == root / "bob" / "b1.save");
    CHECK(all[0].save.over);
    CHECK(listed(data::finished_saves(root, data::player_names(root), 2)) ==
          std::vector<std::string>{"bob/b1.save", "alice/damaged.save"});
    // Named directly, the link, the open folder, a path and a missing player are refused too.
    CHECK(data::finished_saves(root, {"mallory", "open", "../saves/alice", "nobody"}, 100).empty());
    std::string why;
    CHECK_FALSE(data::SaveDir::open_to_read(root, "mallory", why));
    CHECK(contains(why, "symbolic link"));
    CHECK_FALSE(data::SaveDir::open_to_read(root, "open", why));
    CHECK(contains(why, "only it may write in"));
    CHECK_FALSE(data::SaveDir::open_to_read(root, "../saves/alice", why));
    CHECK(contains(why, "is not a player name"));
    // Reading makes and changes nothing.
    CHECK_FALSE(fs::exists(root / "nobody"));
    CHECK(mode(root / "open") == fs::perms::all);
    // The damaged save reads (it is the parse that fails), and a link is never read through.
    const auto alice = data::SaveDir::open_to_read(root, "alice", why);
    REQUIRE(alice);
    const data::FileText damaged = alice->read("damaged.save");
    CHECK(damaged.error.empty());
    CHECK_FALSE(data::parse_save("damaged.save", damaged.text).ok());
    CHECK(contains(alice->read("link.save").error, "symbolic link"));
    // Another user's directory, even one others may read: passed by (only root can make one here).
    if (::geteuid() == 0) {
        fs::create_directories(root / "theirs");
        write(root / "theirs" / "t.save", over);
        REQUIRE(::chown((root / "theirs").c_str(), 65534, 65534) == 0);
        fs::permissions(root / "theirs", fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                                             fs::perms::others_read | fs::perms::others_exec);
        CHECK(data::finished_saves(root, {"theirs"}, 100).empty());
        CHECK_FALSE(data::SaveDir::open_to_read(root, "theirs", why));
    }
}
