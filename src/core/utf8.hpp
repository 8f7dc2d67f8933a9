#pragma once
/// UTF-8, as the data files and the network protocol check it.
#include <cstddef>
#include <string_view>

namespace tercio::core {

/// The length of the valid UTF-8 sequence starting at s[i] (1 to 4), or 0 if it is not one: a
/// stray continuation byte, a sequence cut short, an overlong form, a surrogate, or a code point
/// beyond U+10FFFF.
std::size_t utf8_length(std::string_view s, std::size_t i);

/// The code point of the sequence of `n` bytes at s[i], where n = utf8_length(s, i) > 0.
char32_t utf8_code_point(std::string_view s, std::size_t i, std::size_t n);

/// Whether text from a person may not show `c` on another's terminal as it is: a code point that
/// acts on the terminal or on the text around it, or shows nothing, so that what is read is not
/// what was sent. That is every control character (Unicode category Cc: C0, DEL, C1), every
/// format character (Cf: the soft hyphen, the bidirectional controls U+061C, U+200E, U+200F,
/// U+202A-U+202E and U+2066-U+2069 that reorder what follows them, the zero-width space, joiners
/// and invisible operators U+200B-U+200D and U+2060-U+2064, the byte order mark U+FEFF, the tags
/// U+E0000-U+E007F, the Arabic number signs, ...), the line and paragraph separators U+2028 and
/// U+2029, the code points reserved as invisible (U+2065, U+FFF0-U+FFF8, the rest of
/// U+E0000-U+E0FFF), and the letters and marks that show as nothing at all (the combining
/// grapheme joiner U+034F, the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, Khmer U+17B4 and
/// U+17B5). Not the variation selectors (U+FE00-U+FE0F, U+E0100-U+E01EF, Mongolian U+180B-U+180D
/// and U+180F): they choose how the character before them is drawn (an emoji, a CJK variant).
/// Any value beyond U+10FFFF, or a surrogate, is refused too.
bool hidden_or_control(char32_t c);

}  // namespace tercio::core
