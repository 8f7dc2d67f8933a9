#include "net/protocol.hpp"

#include <algorithm>
#include <charconv>

#include "core/utf8.hpp"

namespace tercio::net {

namespace {

constexpr std::size_t kMaxWord = 16;
/// "<kind> <length>\n": a 16-letter kind, a space, at most 6 digits and the newline.
constexpr std::size_t kMaxHeader = kMaxWord + 1 + 6 + 1;

/// The length of the UTF-8 character starting at s[i], or 0 if it is not valid there or is one
/// of the C1 controls (U+0080 to U+009F, such as CSI): a terminal would act on those.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const std::size_t n = core::utf8_length(s, i);
    if (n == 2 && static_cast<unsigned char>(s[i]) == 0xC2 && static_cast<unsigned char>(s[i + 1]) < 0xA0) return 0;
    return n;
}

}  // namespace

bool valid_word(std::string_view word) {
    if (word.empty() || word.size() > kMaxWord) return false;
    return std::all_of(word.begin(), word.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; });
}

std::string printable_text(std::string_view text, std::size_t max) {
    std::string out;
    std::size_t i = 0;
    while (i < text.size()) {
        const std::size_t n = utf8_length(text, i);
        // Replaced, not dropped: "al\u200Bice" must not become another player's "alice", and the
        // reader sees that something was there.
        if (n == 0 || core::hidden_or_control(core::utf8_code_point(text, i, n))) {
            if (out.size() + 1 > max) break;
            out += '?';
            i += n == 0 ? 1 : n;  // invalid bytes one '?' each; a whole character one '?'
            continue;
        }
        if (out.size() + n > max) break;
        out.append(text.substr(i, n));
        i += n;
    }
    return out;
}

Message& Message::add(std::string key, std::string_view value) {
    fields.emplace_back(std::move(key), printable_text(value, kMaxServerPayload));
    return *this;
}

std::optional<std::string_view> Message::get(std::string_view key) const {
    for (const auto& [k, v] : fields) {
        if (k == key) return std::string_view(v);
    }
    return std::nullopt;
}

std::string encode(const Message& m) {
    std::string payload;
    for (const auto& [k, v] : m.fields) {
        payload += k;
        payload += ' ';
        payload += v;
        payload += '\n';
    }
    return m.kind + ' ' + std::to_string(payload.size()) + '\n' + payload;
}

std::optional<std::string> parse_fields(std::string_view payload, Message& out) {
    std::size_t at = 0;
    while (at < payload.size()) {
        const std::size_t end = payload.find('\n', at);
        if (end == std::string_view::npos) return std::string("a field does not end its line");
        const std::string_view line = payload.substr(at, end - at);
        const std::size_t space = line.find(' ');
        if (space == std::string_view::npos) return "field \"" + printable_text(line, 40) + "\" has no value";
        const std::string_view key = line.substr(0, space);
        const std::string_view value = line.substr(space + 1);
        if (!valid_word(key)) return "field name \"" + printable_text(key, 40) + "\" is not a word";
        if (printable_text(value, value.size()) != value) {
            return "field \"" + std::string(key) + "\" holds control characters or invalid UTF-8";
        }
        out.fields.emplace_back(std::string(key), std::string(value));
        at = end + 1;
    }
    return std::nullopt;
}

void FrameReader::feed(std::string_view bytes) {
    if (failed()) return;
    if (pos_ > 0 && pos_ == buf_.size()) {
        buf_.clear();
        pos_ = 0;
    }
    // Never hold more than one frame's worth: the rest waits in the socket.
    const std::size_t room = kMaxHeader + max_ + 1;
    const std::size_t held = buf_.size() - pos_;
    if (held >= room) return;
    if (pos_ > 0) {
        buf_.erase(0, pos_);
        pos_ = 0;
    }
    buf_.append(bytes.substr(0, room - held));
}

std::optional<Message> FrameReader::fail(std::string why) {
    error_ = std::move(why);
    buf_.clear();
    pos_ = 0;
    return std::nullopt;
}

std::optional<Message> FrameReader::next() {
    if (failed()) return std::nullopt;
    const std::string_view rest = std::string_view(buf_).substr(pos_);
    const std::size_t nl = rest.substr(0, kMaxHeader).find('\n');
    if (nl == std::string_view::npos) {
        if (rest.size() >= kMaxHeader) return fail("a frame header is too long");
        // A partial header must still be able to become a valid one: a word, then digits.
        const std::size_t sp = rest.find(' ');
        const std::string_view kind = rest.substr(0, sp);
        const std::string_view digits = sp == std::string_view::npos ? std::string_view{} : rest.substr(sp + 1);
        const bool word_so_far = kind.size() <= kMaxWord && std::all_of(kind.begin(), kind.end(), [](char c) {
                                     return (c >= 'a' && c <= 'z') || c == '-';
                                 });
        const bool digits_so_far = digits.size() <= 6 && std::all_of(digits.begin(), digits.end(), [](char c) {
                                       return c >= '0' && c <= '9';
                                   });
        if (!word_so_far || !digits_so_far || (sp == 0)) return fail("a frame does not start with a message kind");
        return std::nullopt;
    }
    const std::string_view header = rest.substr(0, nl);
    const std::size_t sp = header.find(' ');
    if (sp == std::string_view::npos) return fail("a frame header has no length");
    const std::string_view kind = header.substr(0, sp);
    const std::string_view digits = header.substr(sp + 1);
    if (!valid_word(kind)) return fail("a frame does not start with a message kind");
    if (digits.empty() || digits.size() > 6 || (digits.size() > 1 && digits[0] == '0') ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return fail("a frame's length is not a number");
    }
    std::size_t length = 0;
    std::from_chars(digits.data(), digits.data() + digits.size(), length);
    if (length > max_) {
        return fail("a " + std::string(kind) + " message of " + std::to_string(length) + " bytes is over the limit of " +
                    std::to_string(max_));
    }
    if (rest.size() < nl + 1 + length) return std::nullopt;
    Message m{std::string(kind)};
    if (auto why = parse_fields(rest.substr(nl + 1, length), m)) return fail("a " + m.kind + " message: " + *why);
    pos_ += nl + 1 + length;
    return m;
}

}  // namespace tercio::net
