#include "core/die.hpp"

namespace tercio::core {

std::string to_string(DieType d) { return "d" + std::to_string(faces(d)); }

std::string to_string(LadderDie d) {
    return d.plus > 0 ? to_string(d.die) + "+" + std::to_string(d.plus) : to_string(d.die);
}

std::optional<DieType> die_with_faces(int n) {
    for (int i = 0; i < kLadderSize; ++i) {
        if (faces(die_at(i)) == n) return die_at(i);
    }
    return std::nullopt;
}

std::optional<DieType> parse_die(std::string_view text) {
    if (text.size() < 2 || text.size() > 3 || (text[0] != 'd' && text[0] != 'D')) return std::nullopt;
    int n = 0;
    for (char c : text.substr(1)) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    if (text[1] == '0') return std::nullopt;
    return die_with_faces(n);
}

}  // namespace tercio::core
