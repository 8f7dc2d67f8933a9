#pragma once
/// The network protocol between a game server and its clients (docs/network.md). One protocol
/// over Unix-domain sockets and TCP. A message is a frame:
///
///     <kind> <length>\n<payload of exactly length bytes>
///
/// `kind` is 1 to 16 of a-z and '-', `length` a decimal number with no leading zero, at most the
/// reader's limit. The payload is text: lines "key value" (the key 1 to 16 of a-z and '-', one
/// space, the value up to the end of the line). Values hold no control characters: text from a
/// person (chat, names) is cleaned with printable_text() before it is put in a message. Pure: no
/// sockets here, so the parser can be fuzzed and the server's logic tested without them.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tercio::net {

/// The protocol's name and version, exchanged first: a client and a server of different versions
/// refuse each other with a message saying which versions they speak.
inline constexpr std::string_view kProtocolName = "tercio-net";
/// 2: the join handshake (net/handshake.hpp); a code or a token is never sent.
inline constexpr int kProtocolVersion = 2;

/// The largest payload a server accepts from a client (a command, a chat line) and a client from
/// a server (a message about one command, or the game's greeting).
inline constexpr std::size_t kMaxClientPayload = 4096;
inline constexpr std::size_t kMaxServerPayload = 65536;
/// A chat line's longest text, in bytes.
inline constexpr std::size_t kMaxChat = 200;

/// One message: its kind and its fields, in order.
struct Message {
    std::string kind;
    std::vector<std::pair<std::string, std::string>> fields;

    Message() = default;
    explicit Message(std::string k) : kind(std::move(k)) {}
    /// Adds a field (the value is cleaned of control characters).
    Message& add(std::string key, std::string_view value);
    Message& add(std::string key, std::uint64_t value) { return add(std::move(key), std::to_string(value)); }
    /// The first field of that key, if any.
    std::optional<std::string_view> get(std::string_view key) const;
    /// Every field of that key, in order.
    std::vector<std::string_view> values(std::string_view key) const {
        std::vector<std::string_view> out;
        for (const auto& [k, v] : fields) {
            if (k == key) out.emplace_back(v);
        }
        return out;
    }
    /// The field's value, or "" when absent.
    std::string_view value(std::string_view key) const { return get(key).value_or(std::string_view{}); }
};

/// The frame's bytes.
std::string encode(const Message& m);

/// Turns a byte stream into messages. Feed it bytes as they arrive; take messages with next().
/// A malformed or over-long frame is an error, after which the reader yields nothing more (the
/// connection is to be closed): bytes are never skipped to resynchronise.
class FrameReader {
  public:
    explicit FrameReader(std::size_t max_payload) : max_(max_payload) {}
    /// Adds bytes. Bytes beyond what one frame can hold are not kept: they stay for next() to
    /// find the error.
    void feed(std::string_view bytes);
    /// The next whole message, if one has arrived; nothing if more bytes are needed or after an
    /// error.
    std::optional<Message> next();
    /// Why the stream was refused (empty while it is good).
    const std::string& error() const { return error_; }
    bool failed() const { return !error_.empty(); }
    /// Bytes held that do not yet make a whole frame.
    std::size_t pending() const { return buf_.size() - pos_; }

  private:
    std::optional<Message> fail(std::string why);
    std::size_t max_;
    std::string buf_;
    std::size_t pos_ = 0;
    std::string error_;
};

/// Parses a payload into fields; the reason if it is not lines of "key value".
std::optional<std::string> parse_fields(std::string_view payload, Message& out);

/// Text from a person made safe for a message and a terminal, and cut to `max` bytes at a
/// character boundary. Each character that could act on a terminal or disguise the text
/// (core::hidden_or_control: controls, C0 and C1, bidirectional overrides and isolates,
/// zero-width and other invisible format characters, line and paragraph separators) becomes one
/// '?', and each byte of invalid UTF-8 one '?' (a C1 control, such as U+009B CSI, counts as two
/// such bytes). Replaced rather than dropped, so that a name cannot pass for another by hidden
/// characters. Letters, marks and symbols of any script stay as they are.
std::string printable_text(std::string_view text, std::size_t max);

/// Whether a kind or key is well formed (1 to 16 of a-z and '-').
bool valid_word(std::string_view word);

}  // namespace tercio::net
