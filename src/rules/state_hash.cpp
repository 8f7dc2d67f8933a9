#include "rules/state_hash.hpp"

namespace tercio::rules {

namespace {

class Fnv {
public:
    void add(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h_ ^= (v >> (8 * i)) & 0xFFu;
            h_ *= 0x100000001B3ULL;
        }
    }
    void add(Square q) { add(static_cast<std::uint64_t>(q.x) * 64 + static_cast<std::uint64_t>(q.y)); }
    std::uint64_t value() const { return h_; }

private:
    std::uint64_t h_ = 0xCBF29CE484222325ULL;
};

}  // namespace

std::uint64_t state_hash(const GameState& s) {
    Fnv f;
    f.add(s.files);
    f.add(s.ranks);
    for (int i = 0; i < s.files * s.ranks; ++i) f.add(s.terrain[static_cast<std::size_t>(i)]);
    f.add(s.unit_count);
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        f.add(u.type);
        f.add(u.line);
        f.add(static_cast<std::uint64_t>(u.side));
        f.add(static_cast<std::uint64_t>(u.status));
        f.add(u.deployed);
        f.add(u.square);
        f.add(static_cast<std::uint64_t>(u.facing));
        f.add(static_cast<std::uint64_t>(u.fight));
        f.add(u.stands[0]);
        f.add(u.stands[1]);
        f.add(u.hits);
        f.add(u.fired);
        f.add(u.acted);
        f.add(u.moved_through);
    }
    for (const Leader& l : s.leaders) {
        f.add(l.alive);
        f.add(l.square);
        f.add(l.attached);
    }
    for (const Deck& d : s.decks) {
        f.add(d.size);
        f.add(d.drawn);
        for (int i = 0; i < d.size; ++i) f.add(static_cast<std::uint64_t>(d.cards[static_cast<std::size_t>(i)]));
    }
    for (int side = 0; side < 2; ++side) {
        f.add(static_cast<std::uint64_t>(s.morale_chips[static_cast<std::size_t>(side)]));
        f.add(s.opportunity_chips[static_cast<std::size_t>(side)]);
        f.add(s.march_option[static_cast<std::size_t>(side)]);
    }
    f.add(s.turn);
    f.add(s.nightfall_turn);
    f.add(static_cast<std::uint64_t>(s.active));
    f.add(s.pips);
    f.add(static_cast<std::uint64_t>(s.decision));
    f.add(static_cast<std::uint64_t>(s.decider));
    f.add(static_cast<std::uint64_t>(s.end));
    return f.value();
}

}  // namespace tercio::rules
