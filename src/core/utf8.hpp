#pragma once
/// UTF-8, as the data files and the network protocol check it.
#include <cstddef>
#include <string_view>

namespace tercio::core {

/// The length of the valid UTF-8 sequence starting at s[i] (1 to 4), or 0 if it is not one: a
/// stray continuation byte, a sequence cut short, an overlong form, a surrogate, or a code point
/// beyond U+10FFFF.
std::size_t utf8_length(std::string_view s, std::size_t i);

}  // namespace tercio::core
