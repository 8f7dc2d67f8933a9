#include "data/input_guard.hpp"

#include "core/utf8.hpp"

#include <array>
#include <cstdint>
#include <string>

namespace tercio::data {

namespace {

bool blank(std::string_view s) {
    return s.find_first_not_of(" \t") == std::string_view::npos;
}

/// What a key may begin with: a bare-key character or a quote.
bool key_start(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
           c == '"' || c == '\'';
}


std::string hex_byte(unsigned char c) {
    static const char* kHex = "0123456789abcdef";
    return std::string("0x") + kHex[c >> 4] + kHex[c & 15];
}

enum class State { Normal, Comment, Basic, Literal, MultiBasic, MultiLiteral };

/// Whether the character at `i` begins a token: first on its line, or after '=', '[', '{', ',' or
/// '.' (blanks aside).
bool after_separator(std::string_view text, std::size_t line_start, std::size_t i) {
    std::size_t k = i;
    while (k > line_start && (text[k - 1] == ' ' || text[k - 1] == '\t')) --k;
    return k == line_start || std::string_view("=[{,.").find(text[k - 1]) != std::string_view::npos;
}

/// Whether a quote at `i` is where a key begins: first on its line outside brackets, or just after
/// '{', '.', or a ',' inside an inline table (the last thing before it on its line, blanks aside).
template <class Opens>
bool key_position(int depth, const Opens& open_brackets, std::string_view text, std::size_t line_start, std::size_t i) {
    std::size_t k = i;
    while (k > line_start && (text[k - 1] == ' ' || text[k - 1] == '\t')) --k;
    if (k == line_start) return depth == 0;
    const char before = text[k - 1];
    if (before == '{' || before == '.') return true;
    return before == ',' && depth > 0 && open_brackets[static_cast<std::size_t>(depth - 1)].bracket == '{';
}

/// What ends a bare value (a number, a boolean, a date...) for toml++ 3.3.0: it reads every
/// character up to one of these as part of the value (unicode.h, is_value_terminator), even '=',
/// '[' or a quote.
bool value_terminator(char c) {
    return c == ' ' || c == '\t' || c == ']' || c == '}' || c == ',' || c == '#';
}

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
    // The brackets open, innermost last, and where each was opened: toml++ 3.3.0 asserts (aborts,
    // or undefined behaviour without assertions) on an array closed by '}' such as `a = [}` or
    // `a = [1,}`: found by fuzzing (fuzz/regressions/toml-array-closed-by-brace*).
    struct Open {
        char bracket;
        int line;
        int column;
        bool header = false;  ///< a table header's '[' (or '[['): keys follow, not values
    };
    std::array<Open, kMaxNesting> open_brackets{};
    int dots = 0;
    State state = State::Normal;
    // Inside a bare value (`x = 1(41="[...`): toml++ reads it to a value terminator, so a quote
    // there opens no string and a non-ASCII character in it reaches toml++'s undefined behaviour
    // (found by fuzzing: fuzz/regressions/toml-quote-after-equals-in-bare-value.toml).
    bool bare_value = false;
    // Whether a value begins at `i`: after '=' (blanks aside), or inside an array (not a table
    // header) after its '[' or a ',' or first on a line.
    const auto value_start = [&](std::size_t line_begin, std::size_t i) {
        std::size_t k = i;
        while (k > line_begin && (text[k - 1] == ' ' || text[k - 1] == '\t')) --k;
        const bool in_array = depth > 0 && open_brackets[static_cast<std::size_t>(depth - 1)].bracket == '[' &&
                              !open_brackets[static_cast<std::size_t>(depth - 1)].header;
        if (k == line_begin) return in_array;
        const char before = text[k - 1];
        return before == '=' || (in_array && (before == '[' || before == ','));
    };
    int open_line = 1;  // where the string being read began
    int open_column = 1;
    // toml++ reports a missing closing quote as a forbidden control character at the end of the
    // line, which tells a player nothing; say what is wrong, at the opening quote.
    const auto unterminated = [&] {
        const bool multi = state == State::MultiBasic || state == State::MultiLiteral;
        const bool basic = state == State::Basic || state == State::MultiBasic;
        const std::string quote(multi ? 3 : 1, basic ? '"' : '\'');
        return err(open_line, open_column,
                   multi ? "unterminated multi-line string: it needs a closing " + quote
                         : "unterminated string: add the closing " + quote +
                               " before the end of the line");
    };
    std::size_t i = 0;
    std::size_t line_start = 0;  // where the current line begins
    while (i < text.size()) {
        const char c = text[i];
        const std::size_t len = core::utf8_length(text, i);
        if (len == 0) {
            return err(line, column,
                       "invalid UTF-8 byte " + hex_byte(static_cast<unsigned char>(c)) +
                           " (save the file as UTF-8)");
        }
        if (c == '\0') return err(line, column, "NUL byte in file");
        if (c == '\n') {
            if (state == State::Basic || state == State::Literal) return unterminated();
            line_start = i + 1;
            ++line;
            column = 1;
            dots = 0;
            bare_value = false;
            if (state == State::Comment) state = State::Normal;
            ++i;
            continue;
        }
        const auto starts = [&](std::string_view what) { return text.substr(i, what.size()) == what; };
        // A multi-line string may end with up to two quotes just before its closing three.
        const auto closing = [&](char q) {
            std::size_t n = 0;
            while (n < 5 && i + n < text.size() && text[i + n] == q) ++n;
            return n;
        };
        const auto open = [&](State s) {
            state = s;
            open_line = line;
            open_column = column;
        };
        std::size_t advance = len;
        bool escape = false;
        switch (state) {
            case State::Normal:
                if (bare_value && value_terminator(c)) {
                    bare_value = false;
                } else if (!bare_value && len == 1 && !value_terminator(c) && c != '"' && c != '\'' && c != '[' &&
                           c != '{' && value_start(line_start, i)) {
                    bare_value = true;
                }
                if (bare_value && len == 1 && c != '"' && c != '\'') {
                    // The value's own characters: no bracket, '=' or '.' in it means anything.
                    break;
                }
                if (len > 1) {
                    // TOML 1.0 allows non-ASCII only inside strings and comments, and toml++ 3.3.0
                    // reaches undefined behaviour on some such characters (found by fuzzing), so
                    // refuse them here.
                    return err(line, column,
                               "non-ASCII character outside a string (put text in quotes; bare "
                               "keys may use only A-Z, a-z, 0-9, _ and -)");
                } else if (c == '#') {
                    state = State::Comment;
                } else if ((c == '"' || c == '\'') && (bare_value || !after_separator(text, line_start, i))) {
                    // Likewise a quote inside a bare word (`x = -$'...'`): toml++ reads no string
                    // there (found by fuzzing: fuzz/regressions/toml-quote-inside-bare-word.toml).
                    return err(line, column,
                               "a quote inside a bare word: a string begins a key or a value (after =, [, {, "
                               "',' or '.')");
                } else if ((starts("\"\"\"") || starts("'''")) && key_position(depth, open_brackets, text, line_start, i)) {
                    // toml++ 3.3.0 reads no multi-line string there, so this reader would take what
                    // follows as inside a string when toml++ does not, and let through the non-ASCII
                    // characters that reach its undefined behaviour (found by fuzzing:
                    // fuzz/regressions/save-header-multiline-key.save).
                    return err(line, column, "a key cannot be a multi-line string (\"\"\" or '''): quote it with \" or '");
                } else if (starts("\"\"\"")) {
                    open(State::MultiBasic);
                    advance = 3;
                } else if (starts("'''")) {
                    open(State::MultiLiteral);
                    advance = 3;
                } else if (c == '"') {
                    open(State::Basic);
                } else if (c == '\'') {
                    open(State::Literal);
                } else if (c == '[' || c == '{') {
                    if (c == '[' && depth == 0 && blank(text.substr(line_start, i - line_start))) {
                        // A table header. toml++ 3.3.0 asserts (aborts, or undefined behaviour
                        // without assertions) when its key starts with punctuation: found by
                        // fuzzing (fuzz/regressions/*table-bad-key-start*).
                        std::size_t k = i + 1;
                        if (k < text.size() && text[k] == '[') ++k;
                        while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
                        if (k < text.size() && !key_start(text[k])) {
                            return err(line, column + static_cast<int>(k - i),
                                       "a table header must begin with a key (A-Z, a-z, 0-9, _ and -, or a "
                                       "quoted name)");
                        }
                    }
                    if (++depth > kMaxNesting) {
                        return err(line, column, "nested more than " + std::to_string(kMaxNesting) +
                                                     " levels deep");
                    }
                    // A table header's '[' (or the second of '[['): keys follow it, not values.
                    const bool header =
                        c == '[' && ((depth == 1 && blank(text.substr(line_start, i - line_start))) ||
                                     (depth == 2 && open_brackets[0].header && i > 0 && text[i - 1] == '[' &&
                                      open_brackets[0].line == line && open_brackets[0].column == column - 1));
                    open_brackets[static_cast<std::size_t>(depth - 1)] = Open{c, line, column, header};
                } else if (c == ']' || c == '}') {
                    if (depth > 0) {
                        const Open& o = open_brackets[static_cast<std::size_t>(depth - 1)];
                        if (c != (o.bracket == '[' ? ']' : '}')) {
                            return err(line, column,
                                       std::string("'") + c + "' cannot close the '" + o.bracket +
                                           "' opened at line " + std::to_string(o.line) +
                                           ", column " + std::to_string(o.column) +
                                           " (an array ends with ']', an inline table with '}')");
                        }
                        --depth;
                    }
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
                    escape = true;
                } else if (state == State::Basic && c == '"') {
                    state = State::Normal;
                } else if (state == State::MultiBasic && starts("\"\"\"")) {
                    state = State::Normal;
                    advance = closing('"');
                }
                break;
            case State::Literal:
                if (c == '\'') state = State::Normal;
                break;
            case State::MultiLiteral:
                if (starts("'''")) {
                    state = State::Normal;
                    advance = closing('\'');
                }
                break;
        }
        // The skipped escape target may itself be a multi-byte character: validate it next round.
        // (Only after a backslash: a 2-byte character also advances 2 and is already validated.)
        if (escape && core::utf8_length(text, i + 1) != 1) advance = 1;
        i += advance;
        column += static_cast<int>(advance == len ? 1 : advance);
    }
    if (state != State::Normal && state != State::Comment) return unterminated();
    return std::nullopt;
}

}  // namespace tercio::data
