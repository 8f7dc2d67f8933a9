#include "core/grid.hpp"

namespace tercio::core {

std::string to_string(Square s) {
    std::string out(1, static_cast<char>('a' + s.x));
    out += std::to_string(s.y + 1);
    return out;
}

std::optional<Square> parse_square(std::string_view text, int files, int ranks) {
    if (text.size() < 2 || text.size() > 3) return std::nullopt;
    const char f = text[0];
    if (f < 'a' || f > 'z') return std::nullopt;
    if (text[1] < '1' || text[1] > '9') return std::nullopt;  // no leading zero
    int rank = 0;
    for (char c : text.substr(1)) {
        if (c < '0' || c > '9') return std::nullopt;
        rank = rank * 10 + (c - '0');
    }
    const Square s = make_square(f - 'a', rank - 1);
    if (!on_board(s, files, ranks)) return std::nullopt;
    return s;
}

std::string_view to_string(Facing f) {
    static constexpr std::array<std::string_view, kFacings> kNames = {"N",  "NE", "E", "SE",
                                                                      "S",  "SW", "W", "NW"};
    return kNames[static_cast<std::size_t>(f)];
}

std::string_view facing_words(Facing f) {
    static constexpr std::array<std::string_view, kFacings> kWords = {
        "north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"};
    return kWords[static_cast<std::size_t>(f)];
}

std::optional<Facing> parse_facing(std::string_view text) {
    if (text.empty() || text.size() > 2) return std::nullopt;
    std::string upper;
    for (char c : text) upper += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    for (Facing f : kAllFacings) {
        if (to_string(f) == upper) return f;
    }
    return std::nullopt;
}

std::string_view to_string(Aspect a) {
    switch (a) {
        case Aspect::Front: return "front";
        case Aspect::Flank: return "flank";
        case Aspect::Rear: return "rear";
    }
    return "?";
}

}  // namespace tercio::core
