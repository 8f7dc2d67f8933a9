// The public server's accounts (tercio lobby, docs/server.md): registering, logging in, the
// Argon2id hashes that are all a file keeps of a password, the limits on wrong passwords per name
// and in all, and the administrator's lock. Every test works in a directory of its own under /tmp.
#include "lobby/accounts.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace tercio;
using lobby::Verdict;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        static int count = 0;
        path = fs::path("/tmp") / ("tercio-lobby-test-" + std::to_string(::getpid()) + "-" + std::to_string(++count));
        fs::remove_all(path);
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
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Every byte of every file under `dir`.
std::string all_files(const fs::path& dir) {
    std::string out;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
        if (e.is_regular_file()) out += read(e.path());
    }
    return out;
}

std::unique_ptr<lobby::Accounts> open_at(const fs::path& root, lobby::LoginLimits limits = {}) {
    std::string why;
    auto a = lobby::Accounts::open(root, why, lobby::HashCost::least(), limits);
    INFO(why);
    REQUIRE(a);
    return a;
}

constexpr std::int64_t kNoon = 1'796'000'400;  // a whole minute: kNoon / 60 has no remainder

}  // namespace

TEST_CASE("a lobby's directory is made private with its accounts players and games folders", "[lobby]") {
    TempDir t;
    auto a = open_at(t.path);
    for (const char* f : {"", "accounts", "players", "games"}) {
        struct stat st {};
        REQUIRE(::lstat((t.path / f).c_str(), &st) == 0);
        CHECK(S_ISDIR(st.st_mode));
        CHECK((st.st_mode & 077) == 0);
    }
    CHECK(a->players() == t.path / "players");
    CHECK(a->games() == t.path / "games");
}

TEST_CASE("a lobby refuses a directory others may write in", "[lobby]") {
    TempDir t;
    fs::create_directories(t.path);
    ::chmod(t.path.c_str(), 0777);
    std::string why;
    CHECK_FALSE(lobby::Accounts::open(t.path, why, lobby::HashCost::least()));
    CHECK(why.find(t.path.string()) != std::string::npos);
    CHECK(why.find("--root") != std::string::npos);
    CHECK(why.find("--save-dir") == std::string::npos);
}

TEST_CASE("registering writes only an Argon2id hash of the password and logs in", "[lobby]") {
    TempDir t;
    auto a = open_at(t.path);
    const std::string password = "correct horse battery";
    const Verdict v = a->register_player("Alice", password, kNoon);
    REQUIRE(v.kind == Verdict::Kind::Ok);
    CHECK(v.name == "Alice");
    const std::string file = read(t.path / "accounts" / "alice");
    CHECK(file.find("name Alice\n") != std::string::npos);
    CHECK(file.find("hash $argon2id$") != std::string::npos);
    // Nowhere in the lobby's files is the password, nor any long piece of it.
    const std::string everything = all_files(t.path);
    CHECK(everything.find(password) == std::string::npos);
    CHECK(everything.find("horse") == std::string::npos);
    struct stat st {};
    REQUIRE(::stat((t.path / "accounts" / "alice").c_str(), &st) == 0);
    CHECK((st.st_mode & 077) == 0);

    CHECK(a->log_in("Alice", password, kNoon + 5).kind == Verdict::Kind::Ok);
    // The name is one whatever its capitals; the name as registered is the player's.
    const Verdict again = a->log_in("alice", password, kNoon + 6);
    CHECK(again.kind == Verdict::Kind::Ok);
    CHECK(again.name == "Alice");
    CHECK(a->log_in("Alice", "correct horse batterx", kNoon + 7).kind == Verdict::Kind::Wrong);
    CHECK(a->log_in("Bob", password, kNoon + 8).kind == Verdict::Kind::Unknown);
}

TEST_CASE("two hashes of one password differ: each has its own salt", "[lobby]") {
    TempDir t;
    auto a = open_at(t.path);
    REQUIRE(a->register_player("ann", "same password", kNoon).kind == Verdict::Kind::Ok);
    REQUIRE(a->register_player("bea", "same password", kNoon).kind == Verdict::Kind::Ok);
    std::string why;
    const auto ann = lobby::read_account(read(t.path / "accounts" / "ann"), why);
    const auto bea = lobby::read_account(read(t.path / "accounts" / "bea"), why);
    REQUIRE(ann);
    REQUIRE(bea);
    CHECK(ann->hash != bea->hash);
}

TEST_CASE("a name is registered once in any mix of capitals and a bad name or password is refused", "[lobby]") {
    TempDir t;
    auto a = open_at(t.path);
    REQUIRE(a->register_player("carol", "password1", kNoon).kind == Verdict::Kind::Ok);
    const Verdict taken = a->register_player("CAROL", "password2", kNoon);
    CHECK(taken.kind == Verdict::Kind::Taken);
    CHECK(taken.why.find("carol") != std::string::npos);
    CHECK(a->log_in("carol", "password2", kNoon).kind == Verdict::Kind::Wrong);
    CHECK(a->register_player("-dash", "password1", kNoon).kind == Verdict::Kind::Refused);
    CHECK(a->register_player("has space", "password1", kNoon).kind == Verdict::Kind::Refused);
    CHECK(a->register_player("../x", "password1", kNoon).kind == Verdict::Kind::Refused);
    CHECK(a->register_player("dave", "short", kNoon).kind == Verdict::Kind::Refused);
    CHECK(a->register_player("dave", std::string(129, 'p'), kNoon).kind == Verdict::Kind::Refused);
    CHECK(a->register_player("dave", std::string("pass\x1bword"), kNoon).kind == Verdict::Kind::Refused);
    CHECK_FALSE(fs::exists(t.path / "accounts" / "dave"));
    CHECK(a->register_player("dave", "pässwörd", kNoon).kind == Verdict::Kind::Ok);
    CHECK(a->log_in("dave", "pässwörd", kNoon).kind == Verdict::Kind::Ok);
}

TEST_CASE("wrong passwords for a name wait longer and longer and a right one starts afresh", "[lobby][limits]") {
    TempDir t;
    auto a = open_at(t.path);
    REQUIRE(a->register_player("erin", "the password", kNoon).kind == Verdict::Kind::Ok);
    std::int64_t now = kNoon + 60;
    // Three wrong passwords are free.
    for (int i = 0; i < 3; ++i) CHECK(a->log_in("erin", "not it", now++).kind == Verdict::Kind::Wrong);
    // The fourth is counted, and holds the name for 10 seconds: even the right password waits.
    CHECK(a->log_in("erin", "not it", now).kind == Verdict::Kind::Wrong);
    const Verdict held = a->log_in("erin", "the password", now + 1);
    CHECK(held.kind == Verdict::Kind::Wait);
    CHECK(held.wait_s == 9);
    CHECK(held.why.find("9 seconds") != std::string::npos);
    // Another name is not held.
    REQUIRE(a->register_player("fred", "his password", kNoon).kind == Verdict::Kind::Ok);
    CHECK(a->log_in("fred", "his password", now + 1).kind == Verdict::Kind::Ok);
    // After the wait, a fifth wrong one holds it for 20 s, a sixth for 40 s.
    now += 10;
    CHECK(a->log_in("erin", "not it", now).kind == Verdict::Kind::Wrong);
    CHECK(a->log_in("erin", "the password", now + 19).wait_s == 1);
    now += 20;
    CHECK(a->log_in("erin", "not it", now).kind == Verdict::Kind::Wrong);
    CHECK(a->log_in("erin", "the password", now).wait_s == 40);
    now += 40;
    CHECK(a->log_in("erin", "the password", now).kind == Verdict::Kind::Ok);
    // Logged in: the count is gone, three wrong ones are free again.
    for (int i = 0; i < 3; ++i) CHECK(a->log_in("erin", "not it", now + i).kind == Verdict::Kind::Wrong);
    CHECK(a->log_in("erin", "the password", now + 3).kind == Verdict::Kind::Ok);
}

TEST_CASE("the record of wrong passwords is shared by every lobby process", "[lobby][limits]") {
    TempDir t;
    auto first = open_at(t.path);
    REQUIRE(first->register_player("gina", "her password", kNoon).kind == Verdict::Kind::Ok);
    for (int i = 0; i < 4; ++i) CHECK(first->log_in("gina", "wrong one", kNoon + 60).kind == Verdict::Kind::Wrong);
    // Another lobby (another SSH connection) opened on the same directory sees the hold.
    auto second = open_at(t.path);
    CHECK(second->log_in("gina", "her password", kNoon + 61).kind == Verdict::Kind::Wait);
    // And the record names no password.
    const std::string record = read(t.path / "accounts" / ".logins");
    CHECK(record.find("gina 4 ") != std::string::npos);
    CHECK(record.find("wrong one") == std::string::npos);
}

TEST_CASE("past the wrong passwords a minute over every name everyone waits for the next minute", "[lobby][limits]") {
    TempDir t;
    lobby::LoginLimits limits;
    limits.per_minute = 5;
    auto a = open_at(t.path, limits);
    for (const char* n : {"h1", "h2", "h3", "h4", "h5", "h6"}) REQUIRE(a->register_player(n, "password", kNoon).kind == Verdict::Kind::Ok);
    const std::int64_t minute = kNoon + 120;
    // One wrong password each for five names: no name is past its own free tries.
    for (const char* n : {"h1", "h2", "h3", "h4", "h5"}) CHECK(a->log_in(n, "guess!", minute + 10).kind == Verdict::Kind::Wrong);
    const Verdict v = a->log_in("h6", "password", minute + 15);
    CHECK(v.kind == Verdict::Kind::Wait);
    CHECK(v.wait_s == 45);
    // The next minute, logging in works again.
    CHECK(a->log_in("h6", "password", minute + 60).kind == Verdict::Kind::Ok);
}

TEST_CASE("a name's wrong passwords are forgotten an hour after the last", "[lobby][limits]") {
    lobby::LoginRecord r{lobby::LoginLimits{}};
    for (int i = 0; i < 6; ++i) r.wrong("ivy", kNoon + i);
    CHECK(r.wait("ivy", kNoon + 6) > 0);
    CHECK(r.wait("ivy", kNoon + 5 + 3600) == 0);
    // Counting starts again from nothing: three free tries.
    for (int i = 0; i < 3; ++i) r.wrong("ivy", kNoon + 4000 + i);
    CHECK(r.wait("ivy", kNoon + 4003) == 0);
    r.wrong("ivy", kNoon + 4003);
    CHECK(r.wait("ivy", kNoon + 4003) == 10);
}

TEST_CASE("the record keeps a bounded number of names and survives damage", "[lobby][limits]") {
    lobby::LoginLimits limits;
    limits.names_kept = 3;
    lobby::LoginRecord r{limits};
    for (int i = 0; i < 5; ++i) r.wrong("n" + std::to_string(i), kNoon + i);
    const std::string text = r.write();
    CHECK(text.find("n0 ") == std::string::npos);
    CHECK(text.find("n1 ") == std::string::npos);
    CHECK(text.find("n4 1 ") != std::string::npos);
    // A damaged file: lines not understood are dropped, the rest kept.
    lobby::LoginRecord back{limits};
    back.read(text + "garbage line\n\x01\x02\nBAD 1 2 3\n");
    CHECK(back.write() == text);
    back.read("not a record at all");
    CHECK(back.wait("n4", kNoon + 5) == 0);
}

TEST_CASE("the administrator's lock keeps a name out and keeps an unregistered name from everyone", "[lobby][admin]") {
    TempDir t;
    auto a = open_at(t.path);
    REQUIRE(a->register_player("jack", "his password", kNoon).kind == Verdict::Kind::Ok);
    std::string why;
    REQUIRE(a->set_locked("Jack", true, why));
    CHECK(a->log_in("jack", "his password", kNoon).kind == Verdict::Kind::Locked);
    REQUIRE(a->set_locked("jack", false, why));
    CHECK(a->log_in("jack", "his password", kNoon).kind == Verdict::Kind::Ok);
    // "admin" is kept before anyone registers it.
    REQUIRE(a->set_locked("admin", true, why));
    CHECK(a->register_player("Admin", "some password", kNoon).kind == Verdict::Kind::Locked);
    CHECK(a->log_in("admin", "", kNoon).kind == Verdict::Kind::Locked);
    CHECK_FALSE(a->set_locked("nobody", false, why));
    CHECK(why.find("nobody") != std::string::npos);
    CHECK_FALSE(a->set_locked("bad name", true, why));
    const auto listed = a->list();
    REQUIRE(listed.size() == 2);
    CHECK(listed[0].name == "admin");
    CHECK(listed[0].locked);
    CHECK_FALSE(listed[0].has_password);
    CHECK(listed[1].name == "jack");
    CHECK_FALSE(listed[1].locked);
    // Listed again (each log-in screen does), the same.
    CHECK(a->list().size() == 2);
}

TEST_CASE("a damaged account file is said to be damaged and never lets anyone in", "[lobby]") {
    TempDir t;
    auto a = open_at(t.path);
    REQUIRE(a->register_player("kim", "her password", kNoon).kind == Verdict::Kind::Ok);
    {
        std::ofstream out(t.path / "accounts" / "kim", std::ios::trunc);
        out << "tercio-account 1\nname kim\nhash $argon2id$v=19$m=8,t=1,p=1$AAAA$BBBB\n";  // cut short: no locked line
    }
    const Verdict v = a->log_in("kim", "her password", kNoon);
    CHECK(v.kind == Verdict::Kind::Error);
    CHECK(v.why.find("cannot be read") != std::string::npos);
    // A symbolic link in the accounts folder is never followed.
    fs::create_symlink("/etc/passwd", t.path / "accounts" / "lee");
    CHECK(a->log_in("lee", "anything", kNoon).kind == Verdict::Kind::Error);
    CHECK(a->register_player("lee", "a password", kNoon).kind == Verdict::Kind::Taken);
}
