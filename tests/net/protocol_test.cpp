// The network protocol's frames (net/protocol.hpp): what is accepted, what is refused, and that
// nothing is ever skipped to resynchronise.
#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>

#include "net/protocol.hpp"
#include "ui/surface.hpp"

using namespace tercio::net;

namespace {

/// One code point as UTF-8 (the test's own, so that it checks the library's decoding).
/// A code point's UTF-8 bytes (the screens' own encoder).
std::string utf8_of(char32_t c) { return tercio::ui::utf8(c); }

/// Checks that each code point from `first` to `last`, between two letters, becomes one '?'.
void check_replaced(char32_t first, char32_t last) {
    for (char32_t c = first; c <= last; ++c) {
        INFO("U+" << std::hex << static_cast<unsigned long>(c));
        CHECK(printable_text("a" + utf8_of(c) + "b", 100) == "a?b");
    }
}

/// Checks that text passes through unchanged.
void check_kept(std::initializer_list<const char*> texts) {
    for (const char* text : texts) {
        INFO(text);
        CHECK(printable_text(text, 100) == text);
    }
}

}  // namespace

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

TEST_CASE("net: bidirectional controls in text from a person become '?'", "[net][protocol]") {
    check_replaced(0x061C, 0x061C);  // ARABIC LETTER MARK
    check_replaced(0x200E, 0x200F);  // LRM, RLM
    check_replaced(0x202A, 0x202E);  // LRE, RLE, PDF, LRO, RLO
    check_replaced(0x2066, 0x2069);  // LRI, RLI, FSI, PDI
    // The override that makes "exe.gnp" read as "png.exe" on another's screen.
    CHECK(printable_text("photo\u202Egnp.exe", 100) == "photo?gnp.exe");
    CHECK(printable_text("alice\u2067 says: resign\u2069", 100) == "alice? says: resign?");
}

TEST_CASE("net: C0 and C1 controls and DEL in text from a person become '?'", "[net][protocol]") {
    check_replaced(0x01, 0x1F);
    check_replaced(0x7F, 0x7F);
    // A C1 control is refused as a character: each of its two bytes is a '?'.
    for (char32_t c = 0x80; c <= 0x9F; ++c) {
        INFO("U+" << std::hex << static_cast<unsigned long>(c));
        CHECK(printable_text("a" + utf8_of(c) + "b", 100) == "a??b");
    }
    CHECK(printable_text(std::string("a\0b", 3), 100) == "a?b");
}

TEST_CASE("net: zero-width and other invisible characters in text from a person become '?'",
          "[net][protocol]") {
    check_replaced(0x200B, 0x200D);    // zero-width space, non-joiner, joiner
    check_replaced(0x2060, 0x2064);    // word joiner, invisible operators
    check_replaced(0xFEFF, 0xFEFF);    // the byte order mark (zero-width no-break space)
    check_replaced(0x00AD, 0x00AD);    // the soft hyphen
    check_replaced(0x034F, 0x034F);    // the combining grapheme joiner
    check_replaced(0x180E, 0x180E);    // the Mongolian vowel separator
    check_replaced(0x206A, 0x206F);    // the deprecated format characters
    check_replaced(0xFFF9, 0xFFFB);    // the interlinear annotation characters
    check_replaced(0xE0001, 0xE0001);  // the language tag
    check_replaced(0xE0020, 0xE007F);  // the tags: text hidden in plain sight
    for (const char32_t filler : {U'\u115F', U'\u1160', U'\u3164', U'\uFFA0'})
        check_replaced(filler, filler);  // Hangul fillers
    // A name cannot pass for another one by a hidden character.
    CHECK(printable_text("al\u200Bice", 100) == "al?ice");
    CHECK(printable_text("\uFEFFbob", 100) == "?bob");
}

TEST_CASE("net: line and paragraph separators in text from a person become '?'",
          "[net][protocol]") {
    check_replaced(0x2028, 0x2029);
    CHECK(printable_text("one\u2028two\u2029three", 100) == "one?two?three");
}

TEST_CASE("net: letters, accents, symbols and emoji of any script stay as they are",
          "[net][protocol]") {
    check_kept(
        {"\u00FCn\u00EFcode", "\u00C5sa", "\u0416", "\u6F22\u5B57\u304B\u306A",
         "\uD55C\uAD6D\uC5B4",
         "e\u0301t\u00E9",  // a combining accent, and a precomposed one
         "\u0645\u0631\u062D\u0628\u0627 \u05E9\u05DC\u05D5\u05DD",  // Arabic and Hebrew letters
         "\u2764\uFE0F \U0001F600",  // an emoji with its variation selector, and one beyond U+FFFF
         "\u845B\U000E0100",         // a CJK ideographic variation selector
         "\u00A0\u00A9\u00BF \u20AC 100\u00B0"});  // no-break space, symbols
    // Cut at a character: never half of one.
    CHECK(printable_text("\u00FCn\u00EFcode", 4) == "\u00FCn");
    CHECK(printable_text("\u00FCn\u00EFcode", 5) == "\u00FCn\u00EF");
    CHECK(printable_text("\u202Eab", 2) == "?a");  // a replaced character counts as its '?'
}

TEST_CASE("net: a field holding a hidden character is cleaned when sent and refused when read",
          "[net][protocol]") {
    Message m("chat");
    m.add("text", "a\u202Eb");
    CHECK(encode(m) == "chat 9\ntext a?b\n");
    // Only a peer that does not clean its text sends one: the reader refuses the frame.
    Message out;
    CHECK(parse_fields("text a\u202Eb\n", out).has_value());
    CHECK_FALSE(parse_fields("text \u00FCn\u00EFcode\n", out));
}
