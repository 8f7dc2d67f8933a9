#pragma once
/// Enum values named by a fixed table of words, as the data files write them ("cavalry",
/// "pike_square"): shared by every ruleset's typed data.
#include <array>
#include <cstddef>
#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tercio::core {

/// The word for value `i` of a table; "?" past its end.
template <std::size_t N>
constexpr std::string_view name_of(const std::array<std::string_view, N>& names, std::size_t i) {
    return i < N ? names[i] : std::string_view{"?"};
}

/// The enum value whose word is `s`, if any (its index in the table).
template <typename E, std::size_t N>
constexpr std::optional<E> parse_by_name(const std::array<std::string_view, N>& names,
                                         std::string_view s) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] == s) return static_cast<E>(i);
    }
    return std::nullopt;
}

/// The words of a command line, split at blanks and tabs (the text commands rulesets parse).
inline std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
        if (i > start) out.push_back(text.substr(start, i - start));
    }
    return out;
}

/// Whether two words are the same in any case ("Move", "move").
inline bool same_word(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

/// "a, b and c": `items` as a sentence lists them, `last` ("and", "or") before the last one.
template <class Items>
std::string in_words(const Items& items, std::string_view last) {
    std::string out;
    const std::size_t n = std::size(items);
    std::size_t i = 0;
    for (const auto& item : items) {
        if (i > 0 && i + 1 == n) {
            out += ' ';
            out += last;
            out += ' ';
        } else if (i > 0) {
            out += ", ";
        }
        out += item;
        ++i;
    }
    return out;
}

}  // namespace tercio::core
