#include "core/utf8.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>

namespace tercio::core {

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

char32_t utf8_code_point(std::string_view s, std::size_t i, std::size_t n) {
    const auto b = [&](std::size_t k) { return static_cast<std::uint8_t>(s[i + k]); };
    if (n <= 1) return b(0);
    char32_t cp = b(0) & (0x7Fu >> n);
    for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (b(k) & 0x3Fu);
    return cp;
}

namespace {

struct Range {
    char32_t first;
    char32_t last;
};

// Sorted and apart: Unicode 15.1's Cc, Cf, Zl and Zp, and the default-ignorable code points that
// are neither those nor variation selectors (DerivedCoreProperties.txt).
constexpr Range kHidden[] = {
    {0x0000, 0x001F},   {0x007F, 0x009F},   {0x00AD, 0x00AD},   {0x034F, 0x034F},
    {0x0600, 0x0605},   {0x061C, 0x061C},   {0x06DD, 0x06DD},   {0x070F, 0x070F},
    {0x0890, 0x0891},   {0x08E2, 0x08E2},   {0x115F, 0x1160},   {0x17B4, 0x17B5},
    {0x180E, 0x180E},   {0x200B, 0x200F},   {0x2028, 0x202E},   {0x2060, 0x206F},
    {0x3164, 0x3164},   {0xD800, 0xDFFF},   {0xFEFF, 0xFEFF},   {0xFFA0, 0xFFA0},
    {0xFFF0, 0xFFFB},   {0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F},
    {0x1BCA0, 0x1BCA3}, {0x1D173, 0x1D17A}, {0xE0000, 0xE00FF}, {0xE01F0, 0xE0FFF},
};

}  // namespace

bool hidden_or_control(char32_t c) {
    if (c > 0x10FFFF) return true;
    if (c >= 0x20 && c < 0x7F) return false;  // printable ASCII, the common case
    const auto* r = std::upper_bound(std::begin(kHidden), std::end(kHidden), c,
                                     [](char32_t v, const Range& x) { return v < x.first; });
    return r != std::begin(kHidden) && c <= std::prev(r)->last;
}

}  // namespace tercio::core
