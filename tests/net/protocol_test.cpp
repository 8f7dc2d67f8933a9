// The network protocol's frames (net/protocol.hpp): what is accepted, what is refused, and that
// nothing is ever skipped to resynchronise.
#include <catch2/catch.hpp>

#include "net/protocol.hpp"

using namespace tercio::net;

TEST_CASE("net: a message survives encoding and reading, in pieces of any size", "[net][protocol]") {
    Message m("play");
    m.add("command", "move h5 h7").add("count", 3);
    const std::string bytes = encode(m);
    CHECK(bytes == "play 27\ncommand move h5 h7\ncount 3\n");
    for (std::size_t piece = 1; piece <= bytes.size(); ++piece) {
        FrameReader r(kMaxClientPayload);
        std::optional<Message> got;
        for (std::size_t at = 0; at < bytes.size(); at += piece) {
            CHECK_FALSE(got);
            r.feed(std::string_view(bytes).substr(at, piece));
            got = r.next();
        }
        REQUIRE(got);
        CHECK(got->kind == "play");
        CHECK(got->value("command") == "move h5 h7");
        CHECK(got->value("count") == "3");
        CHECK_FALSE(got->get("other"));
        CHECK_FALSE(r.next());
        CHECK_FALSE(r.failed());
    }
}

TEST_CASE("net: two frames in one read, and an empty payload", "[net][protocol]") {
    FrameReader r(kMaxClientPayload);
    r.feed(encode(Message("undo")) + encode(Message("say").add("text", "hello")));
    const auto a = r.next();
    const auto b = r.next();
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->kind == "undo");
    CHECK(a->fields.empty());
    CHECK(b->value("text") == "hello");
    CHECK(r.pending() == 0);
}

TEST_CASE("net: malformed frames are refused with a reason, and the reader stops", "[net][protocol]") {
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"PLAY 0\n", "message kind"},
        {"play\n", "no length"},
        {"play 01\nx", "not a number"},
        {"play -1\n", "not a number"},
        {"play 99999\n", "over the limit"},
        {"play 1234567\n", "not a number"},
        {"play 4\nab\n\n", "no value"},
        {"play 6\nKey v\n", "not a word"},
        {"play 6\nkey v\r", "does not end"},
        {"play 7\nkey \x01v\n", "control characters"},
        {"play 7\nkey \xff" "v\n", "control characters"},
        {"abcdefghijklmnopq 1\n", "message kind"},
        {"pl;ay 1\n", "message kind"},
        {std::string(100, 'a'), "too long"},
        {"play 123456789012", "message kind"},
    };
    for (const auto& [bytes, why] : bad) {
        INFO(bytes);
        FrameReader r(kMaxClientPayload);
        r.feed(bytes);
        CHECK_FALSE(r.next());
        REQUIRE(r.failed());
        CHECK(r.error().find(why) != std::string::npos);
        // Nothing more comes out, whatever follows.
        r.feed(encode(Message("undo")));
        CHECK_FALSE(r.next());
    }
}

TEST_CASE("net: a reader holds at most one frame's worth of bytes", "[net][protocol]") {
    FrameReader r(16);
    r.feed("say 16\n");
    r.feed(std::string(1 << 20, 'a'));
    CHECK(r.pending() <= 16 + 32);
    CHECK_FALSE(r.next());
    CHECK(r.failed());
}

TEST_CASE("net: text from a person is cleaned and cut at a character", "[net][protocol]") {
    CHECK(printable_text("hello\x1b[2Jworld", 100) == "hello?[2Jworld");
    CHECK(printable_text("caf\xc3\xa9", 4) == "caf");
    CHECK(printable_text("caf\xc3\xa9", 5) == "caf\xc3\xa9");
    CHECK(printable_text("\xc2\x9b", 10) == "??");  // a C1 control (CSI)
    CHECK(printable_text("a\nb\tc", 10) == "a?b?c");
    Message m("chat");
    m.add("text", "two\nlines");
    CHECK(encode(m) == "chat 15\ntext two?lines\n");
}
