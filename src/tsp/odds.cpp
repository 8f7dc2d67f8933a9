// Exact odds of The Sword and the Pike's rolls (odds.hpp): every outcome counted through
// resolve.cpp, in integers.
#include "tsp/odds.hpp"

#include <algorithm>
#include <stdexcept>

namespace tercio::tsp {

int percent_tenths(Count count, Count outcomes) {
    if (outcomes == 0) return 0;
    // count / outcomes x 1000, rounded half up: (2000 count + outcomes) / (2 outcomes).
    return static_cast<int>((count * 2000 + outcomes) / (outcomes * 2));
}

std::string percent_text(Count count, Count outcomes) {
    const int t = percent_tenths(count, outcomes);
    return std::to_string(t / 10) + "." + std::to_string(t % 10) + "%";
}

std::string count_text(Count c) {
    if (c == 0) return "0";
    std::string out;
    while (c > 0) {
        out.push_back(static_cast<char>('0' + static_cast<int>(c % 10)));
        c /= 10;
    }
    std::reverse(out.begin(), out.end());
    return out;
}

// --- Fire ---------------------------------------------------------------------------------------

Count VolleyOdds::at_least(int h) const {
    Count sum = 0;
    for (std::size_t i = static_cast<std::size_t>(std::max(h, 0)); i < ways.size(); ++i)
        sum += ways[i];
    return sum;
}

int VolleyOdds::expected_tenths() const {
    // dice x hits_on / 20 hits, in tenths: dice x hits_on / 2, half up.
    return (dice * hits_on + 1) / 2;
}

VolleyOdds volley_odds(int dice, int natural_hits) {
    if (dice < 0 || dice > kMaxVolleyDice) {
        throw std::invalid_argument("a volley's odds are counted for 0 to " +
                                    std::to_string(kMaxVolleyDice) + " dice, not " +
                                    std::to_string(dice));
    }
    if (natural_hits < 0 || natural_hits > 20) {
        throw std::invalid_argument("a D20 hits on 0 to 20 faces, not " +
                                    std::to_string(natural_hits));
    }
    VolleyOdds out;
    out.dice = dice;
    out.hits_on = natural_hits;
    // One D20's faces that hit and miss, through `hits` (a hit number of k with no modifier).
    Count hit = 0;
    Count miss = 0;
    for (int face = 1; face <= 20; ++face) {
        if (hits(face, natural_hits, 0)) {
            ++hit;
        } else {
            ++miss;
        }
    }
    // Die by die: ways[h] after n dice = ways[h] x miss + ways[h-1] x hit.
    out.ways.assign(static_cast<std::size_t>(dice) + 1, 0);
    out.ways[0] = 1;
    for (int n = 1; n <= dice; ++n) {
        for (std::size_t h = static_cast<std::size_t>(n); h > 0; --h) {
            out.ways[h] = out.ways[h] * miss + out.ways[h - 1] * hit;
        }
        out.ways[0] *= miss;
        out.outcomes *= 20;
    }
    return out;
}

VolleyOdds volley_odds(int dice, int hit_number, int modifier) {
    return volley_odds(dice, hits_on(hit_number, modifier));
}

// --- Morale -------------------------------------------------------------------------------------

TestOdds morale_odds(const MoraleTest& t) {
    TestOdds out;
    for (int face = 1; face <= 10; ++face) {
        if (passes(t, face)) ++out.pass;
    }
    return out;
}

TestOdds threshold_odds(int threshold) {
    TestOdds out;
    for (int face = 1; face <= 10; ++face) {
        if (face >= threshold) ++out.pass;
    }
    return out;
}

TestOdds spirit_odds(int limit) {
    TestOdds out;
    for (int face = 1; face <= 10; ++face) {
        if (spirit_good(limit, face)) ++out.pass;
    }
    return out;
}

// --- Close combat -------------------------------------------------------------------------------

MatchUpOdds match_up_odds(int a_modifier, int b_modifier) {
    MatchUpOdds out;
    for (int a = 1; a <= 6; ++a) {
        for (int b = 1; b <= 6; ++b) {
            const MatchUp m = match_up(a + a_modifier, b + b_modifier);
            if (!m.winner) {
                ++out.ties;
                ++out.a_loses[0];
                ++out.b_loses[0];
            } else if (*m.winner == Side::A) {
                ++out.a_wins;
                ++out.a_loses[0];
                ++out.b_loses[static_cast<std::size_t>(m.loss)];
            } else {
                ++out.b_wins;
                ++out.b_loses[0];
                ++out.a_loses[static_cast<std::size_t>(m.loss)];
            }
        }
    }
    return out;
}

// --- Movement -----------------------------------------------------------------------------------

MoveOdds move_odds(const MoveDice& d, Penalty p) {
    if (d.count < 0 || d.count > 6) {
        throw std::invalid_argument("a move's odds are counted for 0 to 6 D6, not " +
                                    std::to_string(d.count));
    }
    // The totals of count D6, die by die.
    std::vector<std::int64_t> totals{1};
    MoveOdds out;
    for (int n = 0; n < d.count; ++n) {
        std::vector<std::int64_t> next(totals.size() + 6, 0);
        for (std::size_t t = 0; t < totals.size(); ++t) {
            for (std::size_t f = 1; f <= 6; ++f) next[t + f] += totals[t];
        }
        totals = std::move(next);
        out.outcomes *= 6;
    }
    for (std::size_t t = 0; t < totals.size(); ++t) {
        if (totals[t] == 0) continue;
        const std::size_t points =
            static_cast<std::size_t>(move_points(move_inches(d, static_cast<int>(t)), p));
        if (out.ways.size() <= points) out.ways.resize(points + 1, 0);
        out.ways[points] += totals[t];
    }
    if (out.ways.empty()) out.ways.push_back(out.outcomes);
    return out;
}

}  // namespace tercio::tsp
