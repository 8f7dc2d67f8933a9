#include "net/replica.hpp"

#include <charconv>

namespace tercio::net {

namespace detail {

std::string hex(std::uint64_t v) {
    static const char* digits = "0123456789abcdef";
    std::string out(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = digits[v & 0xFu];
    return out;
}

std::string results_text(const std::vector<int>& results) {
    std::string out;
    for (int r : results) {
        if (!out.empty()) out += ' ';
        out += std::to_string(r);
    }
    return out;
}

/// "3 5 1" -> {3, 5, 1}; nothing if a word is not a small number.
std::optional<std::vector<int>> parse_results(std::string_view text) {
    std::vector<int> out;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find(' ', at);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(at, end - at);
        int v = 0;
        const auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
        if (word.empty() || ec != std::errc{} || p != word.data() + word.size() || v < 0 || v > 1000) return std::nullopt;
        out.push_back(v);
        at = end + 1;
    }
    return out;
}

std::optional<core::Side> parse_side(std::string_view text) {
    if (text == "A") return core::Side::A;
    if (text == "B") return core::Side::B;
    return std::nullopt;
}

}  // namespace detail

int RecordingDice::roll(core::DieType die, core::RollPurpose purpose) {
    const int r = inner_.roll(die, purpose);
    results_.push_back(r);
    return r;
}

int RecordingDice::pick(int n, core::RollPurpose purpose) {
    const int r = inner_.pick(n, purpose);
    // A shuffle's picks are the order of the face-down cards: they stay here.
    if (purpose != core::RollPurpose::Shuffle) results_.push_back(r);
    return r;
}

void MirrorDice::load(std::vector<int> results) {
    results_ = std::move(results);
    next_ = 0;
}

int MirrorDice::take(int lo, int hi, core::RollPurpose purpose) {
    if (next_ >= results_.size()) {
        throw core::DiceError("the server sent fewer results than the game drew (" + std::string(to_string(purpose)) + ")");
    }
    const int v = results_[next_++];
    if (v < lo || v > hi) throw core::DiceError("the server sent a result out of range (" + std::string(to_string(purpose)) + ")");
    return v;
}

int MirrorDice::roll(core::DieType die, core::RollPurpose purpose) { return take(1, core::faces(die), purpose); }

int MirrorDice::pick(int n, core::RollPurpose purpose) {
    if (purpose == core::RollPurpose::Shuffle) return 0;
    return take(0, n - 1, purpose);
}

}  // namespace tercio::net
