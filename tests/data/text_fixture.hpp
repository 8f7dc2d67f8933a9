#pragma once
// Helpers for tests of files and their errors: errors as "line:column: message", the place of a
// text in a file, and files changed in one place.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "data/load_error.hpp"

namespace tercio::test {

/// "line:column: message" for each error, without the file name.
inline std::vector<std::string> lines(const data::LoadErrors& errors) {
    std::vector<std::string> out;
    for (const auto& e : errors) {
        out.push_back(std::to_string(e.line) + ":" + std::to_string(e.column) + ": " + e.message);
    }
    return out;
}

/// Line and column (1-based) of the `occurrence`-th match of `needle` in `text`.
inline std::string at(std::string_view text, std::string_view needle, int occurrence = 0) {
    std::size_t pos = text.find(needle);
    for (int i = 0; i < occurrence && pos != std::string_view::npos; ++i)
        pos = text.find(needle, pos + 1);
    REQUIRE(pos != std::string_view::npos);
    int line = 1;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < pos; ++i) {
        if (text[i] == '\n') {
            ++line;
            line_start = i + 1;
        }
    }
    return std::to_string(line) + ":" + std::to_string(pos - line_start + 1);
}

/// Line and column of the value in `key = value`, the `occurrence`-th such text.
inline std::string value_at(std::string_view text, std::string_view key_value, int occurrence = 0) {
    std::size_t pos = text.find(key_value);
    for (int i = 0; i < occurrence && pos != std::string_view::npos; ++i)
        pos = text.find(key_value, pos + 1);
    REQUIRE(pos != std::string_view::npos);
    pos += key_value.find("= ") + 2;
    const std::size_t line_start = text.rfind('\n', pos - 1) + 1;  // npos + 1 == 0 on line 1
    const auto line =
        1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(pos), '\n');
    return std::to_string(line) + ":" + std::to_string(pos - line_start + 1);
}

/// Replaces the one occurrence of `from` in `text`.
inline std::string with(std::string text, std::string_view from, std::string_view to) {
    const auto pos = text.find(from);
    REQUIRE(pos != std::string::npos);
    REQUIRE(text.find(from, pos + 1) == std::string::npos);
    return text.replace(pos, from.size(), to);
}

}  // namespace tercio::test
