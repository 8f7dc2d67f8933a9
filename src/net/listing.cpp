#include "net/listing.hpp"

#include <charconv>

namespace tercio::net {

namespace {

std::string two_digits(long long n) {
    return (n < 10 ? "0" : "") + std::to_string(n);
}

}  // namespace

std::string idle_words(std::chrono::seconds idle) {
    // Under a minute is a player reading the board or thinking over a move: the number would
    // change at every look and tell nothing, so none is shown. Past it the seconds are noise too,
    // and whole minutes keep a list line short enough for 80 columns; dgamelaunch's lobby says
    // "3m" likewise.
    const long long s = idle.count();
    if (s < 60) return {};
    if (s < 60 * 60) return std::to_string(s / 60) + "m";
    if (s < 24 * 60 * 60) return std::to_string(s / 3600) + "h" + two_digits(s / 60 % 60) + "m";
    return std::to_string(s / 86400) + "d" + two_digits(s / 3600 % 24) + "h";
}

std::string seat_words(const Message& info, core::Side side) {
    // "present alice", "away bob", "open", "computer the computer, hard"
    const std::string_view seat = info.value(side == core::Side::A ? "seat-a" : "seat-b");
    const std::size_t sp = seat.find(' ');
    const std::string_view status = seat.substr(0, sp);
    const std::string name =
        sp == std::string_view::npos ? std::string() : std::string(seat.substr(sp + 1));
    if (status == "open") return "open seat";
    const std::string_view idle_field = info.value(side == core::Side::A ? "idle-a" : "idle-b");
    long long seconds = 0;
    const auto [end, ec] =
        std::from_chars(idle_field.data(), idle_field.data() + idle_field.size(), seconds);
    const std::string idle = ec == std::errc{} && end == idle_field.data() + idle_field.size()
                                 ? idle_words(std::chrono::seconds(seconds))
                                 : std::string();
    if (status == "away") return name + (idle.empty() ? " (away)" : " (away " + idle + ")");
    if (status == "present" && !idle.empty()) return name + " (idle " + idle + ")";
    return name;
}

}  // namespace tercio::net
