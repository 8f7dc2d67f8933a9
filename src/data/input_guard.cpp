#include "data/input_guard.hpp"

#include <cstdint>
#include <string>

namespace tercio::data {

namespace {

/// Length of the valid UTF-8 sequence starting at s[i], or 0 if it is invalid.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<std::uint8_t>(s[k]); };
    const std::uint8_t c = b(i);
    if (c < 0x80) return 1;
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
        n = 2;
        cp = c & 0x1Fu;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3;
        cp = c & 0x0Fu;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4;
        cp = c & 0x07u;
    } else {
        return 0;
    }
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((b(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (b(i + k) & 0x3Fu);
    }
    const bool overlong = (n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
    if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
}

std::string hex_byte(unsigned char c) {
    static const char* kHex = "0123456789abcdef";
    return std::string("0x") + kHex[c >> 4] + kHex[c & 15];
}

enum class State { Normal, Comment, Basic, Literal, MultiBasic, MultiLiteral };

}  // namespace

std::optional<LoadError> guard_input(std::string_view file, std::string_view text) {
    const auto err = [&](int line, int column, std::string msg) {
        return LoadError{std::string(file), line, column, std::move(msg)};
    };
    if (text.size() > kMaxInputBytes) {
        return err(1, 1, "file is too large (" + std::to_string(text.size()) +
                             " bytes; the limit is " + std::to_string(kMaxInputBytes) + ")");
    }
    int line = 1;
    int column = 1;
    int depth = 0;
    int dots = 0;
    State state = State::Normal;
    std::size_t i = 0;
    while (i < text.size()) {
        const char c = text[i];
        const std::size_t len = utf8_length(text, i);
        if (len == 0) {
            return err(line, column,
                       "invalid UTF-8 byte " + hex_byte(static_cast<unsigned char>(c)) +
                           " (save the file as UTF-8)");
        }
        if (c == '\0') return err(line, column, "NUL byte in file");
        if (c == '\n') {
            ++line;
            column = 1;
            dots = 0;
            if (state == State::Comment || state == State::Basic || state == State::Literal) {
                state = State::Normal;  // the parser reports unterminated strings itself
            }
            ++i;
            continue;
        }
        const auto starts = [&](std::string_view what) { return text.substr(i, what.size()) == what; };
        std::size_t advance = len;
        switch (state) {
            case State::Normal:
                if (c == '#') {
                    state = State::Comment;
                } else if (starts("\"\"\"")) {
                    state = State::MultiBasic;
                    advance = 3;
                } else if (starts("'''")) {
                    state = State::MultiLiteral;
                    advance = 3;
                } else if (c == '"') {
                    state = State::Basic;
                } else if (c == '\'') {
                    state = State::Literal;
                } else if (c == '[' || c == '{') {
                    if (++depth > kMaxNesting) {
                        return err(line, column, "nested more than " + std::to_string(kMaxNesting) +
                                                     " levels deep");
                    }
                } else if (c == ']' || c == '}') {
                    if (depth > 0) --depth;
                } else if (c == '.') {
                    if (++dots > kMaxDotsPerLine) {
                        return err(line, column, "more than " + std::to_string(kMaxDotsPerLine) +
                                                     " dots on one line (key nested too deep)");
                    }
                }
                break;
            case State::Comment:
                break;
            case State::Basic:
            case State::MultiBasic:
                if (c == '\\' && i + 1 < text.size() && text[i + 1] != '\n') {
                    advance = 2;  // skip the escaped character (a line-ending backslash is kept)
                } else if (state == State::Basic && c == '"') {
                    state = State::Normal;
                } else if (state == State::MultiBasic && starts("\"\"\"")) {
                    state = State::Normal;
                    advance = 3;
                }
                break;
            case State::Literal:
                if (c == '\'') state = State::Normal;
                break;
            case State::MultiLiteral:
                if (starts("'''")) {
                    state = State::Normal;
                    advance = 3;
                }
                break;
        }
        // The skipped escape target may itself be a multi-byte character: validate it next round.
        if (advance == 2 && utf8_length(text, i + 1) != 1) advance = 1;
        i += advance;
        column += static_cast<int>(advance == len ? 1 : advance);
    }
    return std::nullopt;
}

}  // namespace tercio::data
