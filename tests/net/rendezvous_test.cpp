// The rendezvous directory (net/rendezvous.hpp): a directory other users may write in is used
// only if it is sticky; a symbolic link is refused; a socket path too long for sun_path is refused.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "net/rendezvous.hpp"

using namespace tercio::net;
namespace fs = std::filesystem;

TEST_CASE("net: the game directory refuses what another user could abuse", "[net][rendezvous]") {
    char name[] = "/tmp/tercio-rendezvous-test-XXXXXX";
    REQUIRE(::mkdtemp(name) != nullptr);
    const fs::path root = name;
    std::string why;
    const fs::path shared = root / "shared";
    REQUIRE(::mkdir(shared.c_str(), 0700) == 0);
    SECTION("private to its owner: used") { CHECK(open_server_dir(shared, why) == shared); }
    SECTION("writable by all without the sticky bit: refused, saying why") {
        REQUIRE(::chmod(shared.c_str(), 0777) == 0);
        CHECK_FALSE(open_server_dir(shared, why));
        CHECK(why.find("not sticky") != std::string::npos);
        REQUIRE(::chmod(shared.c_str(), 0770) == 0);  // group-writable: the same
        CHECK_FALSE(open_server_dir(shared, why));
    }
    SECTION("writable by all and sticky, as /tmp: used") {
        REQUIRE(::chmod(shared.c_str(), 01777) == 0);
        CHECK(open_server_dir(shared, why) == shared);
    }
    SECTION("a symbolic link: refused, even to a good directory") {
        const fs::path link = root / "link";
        REQUIRE(::symlink(shared.c_str(), link.c_str()) == 0);
        CHECK_FALSE(open_server_dir(link, why));
        CHECK(why.find("symbolic link") != std::string::npos);
    }
    SECTION("a file, and a missing directory named by --server-dir: refused") {
        const fs::path file = root / "file";
        REQUIRE(::close(::creat(file.c_str(), 0600)) == 0);
        CHECK_FALSE(open_server_dir(file, why));
        CHECK_FALSE(open_server_dir(root / "missing", why));
    }
    SECTION("a socket path longer than a socket address holds: refused") {
        CHECK(socket_path(shared, "0123abcd", why));
        CHECK_FALSE(socket_path(fs::path("/tmp") / std::string(120, 'd'), "0123abcd", why));
        CHECK(why.find("too long") != std::string::npos);
    }
    SECTION("only game sockets are listed: a file or link named like one is not") {
        REQUIRE(::close(::creat((shared / "0123abcd.sock").c_str(), 0600)) == 0);
        REQUIRE(::symlink("/etc/passwd", (shared / "0123abce.sock").c_str()) == 0);
        CHECK(game_sockets(shared).empty());
    }
    std::error_code ec;
    fs::remove_all(root, ec);
}
