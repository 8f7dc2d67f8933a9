#pragma once
/// Checks made on the raw bytes before the TOML parser sees them. toml++ 3.3.0 overflows its stack
/// on very deep keys or nesting and misbehaves on stray non-UTF-8 bytes, so such input is refused
/// here with a clear message.
#include <cstddef>
#include <optional>
#include <string_view>

#include "data/load_error.hpp"

namespace tercio::data {

inline constexpr std::size_t kMaxInputBytes = 1024 * 1024;
inline constexpr int kMaxNesting = 32;
inline constexpr int kMaxDotsPerLine = 128;

/// The first problem with the raw text, if any: too large, not UTF-8, a NUL byte, nesting of
/// arrays and inline tables deeper than kMaxNesting, a bracket closed by the other kind ('[' by
/// '}' or '{' by ']'), more than kMaxDotsPerLine dots outside
/// strings and comments on one line (the dotted-key depth), a non-ASCII character outside strings
/// and comments, or a string that is never closed
/// (reported at its opening quote, more clearly than the parser does).
std::optional<LoadError> guard_input(std::string_view file, std::string_view text);

}  // namespace tercio::data
