// The rendezvous directory (net/rendezvous.hpp): a directory other users may write in is used
// only if it is sticky; one owned by another ordinary user, or inside a parent another user may
// change, is refused; a symbolic link is refused; a socket path too long for sun_path is refused.
// Another user's directory needs root to make (chown): run as an ordinary user, those cases say
// they were skipped and why.
#include "net/rendezvous.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

using namespace tercio::net;
namespace fs = std::filesystem;

namespace {

/// An ordinary user and group for the cases that need another user: nobody and nogroup.
constexpr uid_t kOther = 65534;
constexpr gid_t kOtherGroup = 65534;

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

/// How open_server_dir names a user.
std::string user_text(uid_t uid) {
    if (const passwd* pw = ::getpwuid(uid)) return pw->pw_name;
    return "uid " + std::to_string(uid);
}

/// A fresh directory under /tmp that other users may search (not list or write), removed with
/// what it holds.
struct TempRoot {
    fs::path path;
    TempRoot() {
        char name[] = "/tmp/tercio-rendezvous-test-XXXXXX";
        REQUIRE(::mkdtemp(name) != nullptr);
        path = name;
        REQUIRE(::chmod(name, 0711) == 0);
    }
    ~TempRoot() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    TempRoot(const TempRoot&) = delete;
    TempRoot& operator=(const TempRoot&) = delete;
};

/// Root for a while acting as another user (seteuid): the checks look at the effective user.
struct AsUser {
    AsUser(uid_t uid, gid_t gid) {
        REQUIRE(::setegid(gid) == 0);
        REQUIRE(::seteuid(uid) == 0);
    }
    ~AsUser() {
        // The saved set-user-ID is still root's: both calls succeed.
        (void)::seteuid(0);
        (void)::setegid(0);
    }
    AsUser(const AsUser&) = delete;
    AsUser& operator=(const AsUser&) = delete;
};

/// A directory made with an owner, a group and a mode (chown needs root).
fs::path make_dir(const fs::path& path, mode_t mode, uid_t owner, gid_t group) {
    REQUIRE(::mkdir(path.c_str(), 0700) == 0);
    REQUIRE(::chown(path.c_str(), owner, group) == 0);
    REQUIRE(::chmod(path.c_str(), mode) == 0);  // after chown, which clears the set-id bits
    return path;
}

}  // namespace

TEST_CASE("net: the game directory refuses what another user could abuse", "[net][rendezvous]") {
    TempRoot root;
    std::string why;
    const fs::path shared = root.path / "shared";
    REQUIRE(::mkdir(shared.c_str(), 0700) == 0);
    SECTION("private to its owner: used") {
        CHECK(open_server_dir(shared, why) == shared);
    }
    SECTION("writable by all without the sticky bit: refused, saying why") {
        REQUIRE(::chmod(shared.c_str(), 0777) == 0);
        CHECK_FALSE(open_server_dir(shared, why));
        CHECK(contains(why, "not sticky"));
        REQUIRE(::chmod(shared.c_str(), 0770) == 0);  // group-writable: the same
        CHECK_FALSE(open_server_dir(shared, why));
    }
    SECTION("its own, writable by all and sticky, as /tmp: used") {
        REQUIRE(::chmod(shared.c_str(), 01777) == 0);
        CHECK(open_server_dir(shared, why) == shared);
    }
    SECTION("a symbolic link: refused, even to a good directory") {
        const fs::path link = root.path / "link";
        REQUIRE(::symlink(shared.c_str(), link.c_str()) == 0);
        CHECK_FALSE(open_server_dir(link, why));
        CHECK(contains(why, "symbolic link"));
    }
    SECTION("a file, and a missing directory named by --server-dir: refused") {
        const fs::path file = root.path / "file";
        REQUIRE(::close(::creat(file.c_str(), 0600)) == 0);
        CHECK_FALSE(open_server_dir(file, why));
        CHECK_FALSE(open_server_dir(root.path / "missing", why));
    }
    SECTION(
        "inside a parent others may write in without the sticky bit: refused, naming the parent") {
        // Another user could rename the directory away and put one of their own in its place.
        const fs::path open_parent = root.path / "open";
        REQUIRE(::mkdir(open_parent.c_str(), 0700) == 0);
        REQUIRE(::chmod(open_parent.c_str(), 0777) == 0);
        const fs::path inside = open_parent / "games";
        REQUIRE(::mkdir(inside.c_str(), 0700) == 0);
        CHECK_FALSE(open_server_dir(inside, why));
        CHECK(contains(why, "inside " + open_parent.string()));
        CHECK(contains(why, "not sticky"));
        REQUIRE(::chmod(open_parent.c_str(), 01777) == 0);  // sticky, as /tmp: used
        CHECK(open_server_dir(inside, why) == inside);
        CHECK(open_server_dir(inside.string() + "/", why));  // a trailing slash changes nothing
    }
    SECTION("the default made when missing: 1777, its maker's") {
        const fs::path games = root.path / "tercio-games";
        CHECK(open_default_server_dir(games, why) == games);
        struct stat st {};
        REQUIRE(::lstat(games.c_str(), &st) == 0);
        CHECK((st.st_mode & 07777) == 01777);
        CHECK(st.st_uid == ::geteuid());
        CHECK(open_default_server_dir(games, why) == games);  // and used as it is the next time
    }
    SECTION("root's, sticky and writable by all (as /tmp is): used") {
        // /tmp itself is such a directory on any ordinary system; an ordinary user can check it.
        struct stat st {};
        REQUIRE(::lstat("/tmp", &st) == 0);
        if (st.st_uid != 0 || (st.st_mode & 01777) != 01777) {
            WARN("skipped: /tmp is not root's with mode 1777 here");
            return;
        }
        CHECK(open_server_dir(fs::path("/tmp"), why) == fs::path("/tmp"));
    }
    SECTION("a socket path longer than a socket address holds: refused") {
        CHECK(socket_path(shared, "0123abcd", why));
        CHECK_FALSE(socket_path(fs::path("/tmp") / std::string(120, 'd'), "0123abcd", why));
        CHECK(contains(why, "too long"));
    }
    SECTION("only game sockets are listed: a file or link named like one is not") {
        REQUIRE(::close(::creat((shared / "0123abcd.sock").c_str(), 0600)) == 0);
        REQUIRE(::symlink("/etc/passwd", (shared / "0123abce.sock").c_str()) == 0);
        CHECK(game_sockets(shared).empty());
    }
}

TEST_CASE("net: a game directory of another ordinary user is refused, root's is used",
          "[net][rendezvous]") {
    if (::geteuid() != 0) {
        WARN(
            "skipped: making a directory owned by another user needs root (chown); this runs as "
            "uid "
            << ::geteuid());
        return;
    }
    TempRoot root;
    std::string why;
    const std::string other = user_text(kOther);
    SECTION(
        "another user's, sticky and writable by all: refused, naming its owner and the remedy") {
        // Sticky or not, the owner may remove or rename anyone's socket in it.
        const fs::path dir = make_dir(root.path / "theirs", 01777, kOther, kOtherGroup);
        CHECK_FALSE(open_server_dir(dir, why));
        CHECK(contains(why, dir.string() + " belongs to " + other + ", not to root or to you"));
        CHECK(contains(why, "could remove or replace"));
        CHECK(contains(why, "install -d -m 3770 -o root"));
    }
    SECTION("another user's, writable by nobody else: refused") {
        const fs::path dir = make_dir(root.path / "theirs", 0755, kOther, kOtherGroup);
        CHECK_FALSE(open_server_dir(dir, why));
        CHECK(contains(why, "belongs to " + other));
    }
    SECTION("root's, sticky and writable by all: used by root and by another user") {
        const fs::path dir = make_dir(root.path / "tmp-like", 01777, 0, 0);
        CHECK(open_server_dir(dir, why) == dir);
        AsUser as(kOther, kOtherGroup);
        CHECK(open_server_dir(dir, why) == dir);
        CHECK(why.empty());
    }
    SECTION("root's, group-writable, setgid and sticky (3770): used by a member of the group") {
        const fs::path dir = make_dir(root.path / "group", 03770, 0, kOtherGroup);
        struct stat st {};
        REQUIRE(::lstat(dir.c_str(), &st) == 0);
        REQUIRE((st.st_mode & 07777) == 03770);
        CHECK(open_server_dir(dir, why) == dir);
        AsUser as(kOther, kOtherGroup);
        CHECK(open_server_dir(dir, why) == dir);
        CHECK(why.empty());
    }
    SECTION("root's and group-writable without the sticky bit: refused") {
        const fs::path dir = make_dir(root.path / "group", 02770, 0, kOtherGroup);
        CHECK_FALSE(open_server_dir(dir, why));
        CHECK(contains(why, "not sticky"));
    }
    SECTION("root's, inside a directory of another user's: refused, naming the parent") {
        const fs::path parent = make_dir(root.path / "theirs", 0755, kOther, kOtherGroup);
        const fs::path dir = make_dir(parent / "games", 01777, 0, 0);
        CHECK_FALSE(open_server_dir(dir, why));
        CHECK(contains(why, "inside " + parent.string() + ", which belongs to " + other));
    }
    SECTION(
        "the default made by an ordinary user: every other user refuses it until it is root's") {
        // In a directory like /tmp, where the other user may make it.
        const fs::path games = make_dir(root.path / "tmp", 01777, 0, 0) / "tercio-games";
        {
            AsUser as(kOther, kOtherGroup);
            const auto made = open_default_server_dir(games, why);
            INFO(why);
            REQUIRE(made == games);  // the first user's: made and used
        }
        struct stat st {};
        REQUIRE(::lstat(games.c_str(), &st) == 0);
        CHECK(st.st_uid == kOther);
        CHECK((st.st_mode & 07777) == 01777);
        // Another user (root here): refused, with what the administrator does about it.
        CHECK_FALSE(open_default_server_dir(games, why));
        CHECK(contains(why, "belongs to " + other));
        CHECK(contains(why, "install -d -m 1777 -o root -g root " + games.string()));
        CHECK(contains(why, "--server-dir"));
        // What the message says to do makes it everyone's.
        REQUIRE(::chown(games.c_str(), 0, 0) == 0);
        REQUIRE(::chmod(games.c_str(), 01777) == 0);
        CHECK(open_default_server_dir(games, why) == games);
        AsUser as(kOther, kOtherGroup);
        CHECK(open_default_server_dir(games, why) == games);
    }
    SECTION("the default made by root: root's, everyone uses it") {
        const fs::path games = root.path / "tercio-games";
        REQUIRE(open_default_server_dir(games, why) == games);
        struct stat st {};
        REQUIRE(::lstat(games.c_str(), &st) == 0);
        CHECK(st.st_uid == 0);
        CHECK((st.st_mode & 07777) == 01777);
        AsUser as(kOther, kOtherGroup);
        CHECK(open_default_server_dir(games, why) == games);
    }
}
