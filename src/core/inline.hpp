#pragma once
/// Fixed-capacity values held inline, with no heap: a short text and a short list. Commands are
/// built by the thousand for every decision (a deployment lists thousands), so each must copy as
/// plain bytes (std::is_trivially_copyable) and free nothing.
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>

namespace tercio::core {

/// Text of at most N characters. Whoever makes one from outside text checks `fits` first (the
/// command parser refuses what does not fit, with a message); a constructor given too much is a
/// programming error.
template <std::size_t N>
class InlineText {
    static_assert(N < 256);

public:
    static constexpr std::size_t kCapacity = N;
    static constexpr bool fits(std::string_view text) { return text.size() <= N; }

    constexpr InlineText() = default;
    constexpr InlineText(std::string_view text) {  // NOLINT(google-explicit-constructor): a text
        assert(fits(text));
        size_ = static_cast<std::uint8_t>(text.size() < N ? text.size() : N);
        for (std::size_t i = 0; i < size_; ++i) chars_[i] = text[i];
    }
    constexpr InlineText(const char* text) : InlineText(std::string_view(text)) {}  // NOLINT
    InlineText(const std::string& text) : InlineText(std::string_view(text)) {}    // NOLINT

    constexpr std::string_view view() const { return {chars_.data(), size_}; }
    constexpr operator std::string_view() const { return view(); }  // NOLINT
    std::string str() const { return std::string(view()); }
    constexpr std::size_t size() const { return size_; }
    constexpr bool empty() const { return size_ == 0; }

    friend constexpr bool operator==(const InlineText& a, const InlineText& b) { return a.view() == b.view(); }
    /// Against any text, of any length ("K1", a std::string, a std::string_view).
    template <class S>
        requires(std::is_convertible_v<const S&, std::string_view> && !std::is_same_v<S, InlineText>)
    friend constexpr bool operator==(const InlineText& a, const S& b) {
        return a.view() == std::string_view(b);
    }

private:
    std::array<char, N> chars_{};
    std::uint8_t size_ = 0;
};

/// A list of at most N values of a trivially copyable type T.
template <class T, std::size_t N>
class InlineList {
    static_assert(N < 256);

public:
    static constexpr std::size_t kCapacity = N;

    constexpr InlineList() = default;
    constexpr InlineList(std::initializer_list<T> items) {
        assert(items.size() <= N);
        for (const T& t : items) push_back(t);
    }

    /// Adds t; returns false (and adds nothing) when the list is full.
    constexpr bool push_back(const T& t) {
        if (size_ >= N) return false;
        items_[size_++] = t;
        return true;
    }
    constexpr bool full() const { return size_ >= N; }
    constexpr std::size_t size() const { return size_; }
    constexpr bool empty() const { return size_ == 0; }
    constexpr void clear() { size_ = 0; }
    constexpr const T& operator[](std::size_t i) const { return items_[i]; }
    constexpr T& operator[](std::size_t i) { return items_[i]; }
    constexpr const T& front() const { return items_[0]; }
    constexpr const T& back() const { return items_[size_ - 1u]; }
    constexpr const T* begin() const { return items_.data(); }
    constexpr const T* end() const { return items_.data() + size_; }
    constexpr T* begin() { return items_.data(); }
    constexpr T* end() { return items_.data() + size_; }

    friend constexpr bool operator==(const InlineList& a, const InlineList& b) {
        if (a.size_ != b.size_) return false;
        for (std::size_t i = 0; i < a.size_; ++i) {
            if (!(a.items_[i] == b.items_[i])) return false;
        }
        return true;
    }

private:
    std::array<T, N> items_{};
    std::uint8_t size_ = 0;
};

}  // namespace tercio::core
