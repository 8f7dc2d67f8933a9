#pragma once
/// Enum values named by a fixed table of words, as the data files write them ("cavalry",
/// "pike_square"): shared by every ruleset's typed data.
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

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

}  // namespace tercio::core
