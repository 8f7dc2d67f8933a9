// The game list's words (net/listing.hpp): the idle times as a list line shows them, and a seat
// read from a server's info message, one that sends the times and one that does not.
#include <catch2/catch.hpp>

#include "net/listing.hpp"

using namespace tercio;
using namespace tercio::net;
using namespace std::chrono_literals;

TEST_CASE("net: idle times are whole minutes or hours and minutes or days and hours", "[net][list]") {
    CHECK(idle_words(0s).empty());
    CHECK(idle_words(59s).empty());  // under a minute is thinking, not idleness: not shown
    CHECK(idle_words(60s) == "1m");
    CHECK(idle_words(3min + 12s) == "3m");
    CHECK(idle_words(59min + 59s) == "59m");
    CHECK(idle_words(1h) == "1h00m");
    CHECK(idle_words(1h + 5min + 30s) == "1h05m");
    CHECK(idle_words(23h + 59min) == "23h59m");
    CHECK(idle_words(24h) == "1d00h");
    CHECK(idle_words(24h * 2 + 3h + 40min) == "2d03h");
    CHECK(idle_words(24h * 400) == "400d00h");
    CHECK(idle_words(-5s).empty());
}

TEST_CASE("net: a seat in the game list with its player's idle time when the server sends one", "[net][list]") {
    Message info("info");
    info.add("seat-a", "present alice").add("seat-b", "away bob");
    // A server without the idle fields (as before them): the names alone.
    CHECK(seat_words(info, core::Side::A) == "alice");
    CHECK(seat_words(info, core::Side::B) == "bob (away)");
    info.add("idle-a", "192").add("idle-b", "45");
    CHECK(seat_words(info, core::Side::A) == "alice (idle 3m)");
    CHECK(seat_words(info, core::Side::B) == "bob (away)");  // away under a minute: no time yet
    Message later("info");
    later.add("seat-a", "present alice").add("seat-b", "away bob").add("idle-a", "12").add("idle-b", "7300");
    CHECK(seat_words(later, core::Side::A) == "alice");
    CHECK(seat_words(later, core::Side::B) == "bob (away 2h01m)");
    // What is not a number of seconds is passed over, as a field an older client does not know.
    Message odd("info");
    odd.add("seat-a", "present alice").add("idle-a", "3m").add("seat-b", "open").add("idle-b", "600");
    CHECK(seat_words(odd, core::Side::A) == "alice");
    CHECK(seat_words(odd, core::Side::B) == "open seat");
    Message computer("info");
    computer.add("seat-a", "computer the computer, hard").add("idle-a", "600");
    CHECK(seat_words(computer, core::Side::A) == "the computer, hard");
}
