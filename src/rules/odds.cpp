#include "rules/odds.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <stdexcept>
#include <tuple>

namespace tercio::rules::odds {

namespace {

__extension__ typedef unsigned __int128 Wide;  // only for percent_text's rounding

/// Checked 64-bit arithmetic: a count that does not fit is an error, never a wrong fraction.
std::uint64_t mul(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    if (__builtin_mul_overflow(a, b, &r)) throw std::overflow_error("odds: outcome count exceeds 64 bits");
    return r;
}
std::uint64_t add(std::uint64_t a, std::uint64_t b) {
    std::uint64_t r = 0;
    if (__builtin_add_overflow(a, b, &r)) throw std::overflow_error("odds: outcome count exceeds 64 bits");
    return r;
}

std::uint64_t ufaces(DieType d) { return static_cast<std::uint64_t>(core::faces(d)); }

/// The band for a difference; one with no effect if the table has none for it.
ResultBand band_at(const std::vector<ResultBand>& bands, int diff) {
    const ResultBand* b = Ruleset::band_for(bands, diff);
    return b ? *b : ResultBand{};
}

/// The status a result imposes (PS-SHOOT-12 step 3, PS-MELEE-13, PS-MELEE-14): the band's own
/// status, its x2 and x4 clauses on the natural rolls (PS-DICE-7, PS-MELEE-25), and, when
/// `x2_routs`, Routed at x2. The worst applicable one wins (x4 implies x2).
Status status_for(const ResultBand& b, int win, int lose, bool x2_routs) {
    Status s = b.status;
    if (win >= 2 * lose) s = worst(s, x2_routs ? Status::Routed : b.on_double);
    if (win >= 4 * lose) s = worst(s, b.on_quadruple);
    return s;
}

/// sum(value * count) / total for the expected hits.
template <typename Map, typename Value>
Chance expectation(const Map& counts, Value value, std::uint64_t total) {
    std::uint64_t num = 0;
    for (const auto& [key, n] : counts) num = add(num, mul(static_cast<std::uint64_t>(value(key)), n));
    return Chance::of(num, total);
}

constexpr int kD6 = 6;

}  // namespace

Chance Chance::of(std::uint64_t num, std::uint64_t den) {
    if (den == 0) throw std::invalid_argument("odds: zero denominator");
    const std::uint64_t g = std::gcd(num, den);
    return g == 0 ? Chance{0, 1} : Chance{num / g, den / g};
}

double Chance::approx() const { return static_cast<double>(num) / static_cast<double>(den); }

std::string Chance::percent_text() const {
    // Tenths of a percent, rounded half up: floor((2000 num + den) / (2 den)).
    Wide t = (Wide{num} * 2000 + den) / (Wide{den} * 2);
    std::string digits;
    do {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(t % 10)));
        t /= 10;
    } while (t != 0);
    if (digits.size() < 2) digits.insert(digits.begin(), '0');
    digits.insert(digits.end() - 1, '.');
    return digits + "%";
}

// --- Shooting -----------------------------------------------------------------------------

ShotOdds shot(DieType final_die, int prior_sum, int prior_hits, const std::vector<ResultBand>& bands) {
    std::map<std::tuple<int, Status, bool>, std::uint64_t> counts;
    std::uint64_t none = 0;
    for (int roll = 1; roll <= core::faces(final_die); ++roll) {
        for (int d6 = 1; d6 <= kD6; ++d6) {
            const int d = roll - d6;
            if (d <= 0) {  // PS-SHOOT-9: a tie or less has no effect
                ++none;
                continue;
            }
            const ResultBand band = band_at(bands, prior_sum + d);           // PS-SHOOT-12 step 1
            const int hits = std::max(0, band.hits - prior_hits);             // step 2
            const Status st = status_for(band, roll, d6, false);               // step 3
            ++counts[{hits, st, band.chip && st != Status::Routed}];          // step 4
        }
    }
    const std::uint64_t total = ufaces(final_die) * kD6;
    ShotOdds out;
    out.no_effect = Chance::of(none, total);
    for (const auto& [key, n] : counts) {
        const auto& [hits, st, chip] = key;
        out.outcomes.push_back({hits, st, chip, Chance::of(n, total)});
    }
    out.expected_hits = expectation(counts, [](const auto& k) { return std::get<0>(k); }, total);
    return out;
}

CombinedOdds combined_shots(const std::vector<DieType>& dice, int prior_sum, int prior_hits,
                            const std::vector<ResultBand>& bands) {
    // State: (S_T, H_T, hits taken so far, worst status); value: number of roll sequences.
    using State = std::tuple<int, int, int, Status>;
    std::map<State, std::uint64_t> states{{{prior_sum, prior_hits, 0, Status::None}, 1}};
    std::uint64_t total = 1;
    for (const DieType die : dice) {
        total = mul(total, ufaces(die) * kD6);
        std::map<State, std::uint64_t> next;
        for (const auto& [state, n] : states) {
            const auto& [sum, applied, taken, st] = state;
            for (int roll = 1; roll <= core::faces(die); ++roll) {
                for (int d6 = 1; d6 <= kD6; ++d6) {
                    const int d = roll - d6;
                    if (d <= 0) {  // no effect: S_T and H_T unchanged
                        next[state] += n;
                        continue;
                    }
                    const ResultBand band = band_at(bands, sum + d);  // PS-SHOOT-12 steps 1-3
                    const int fresh = std::max(0, band.hits - applied);
                    next[{sum + d, band.hits, taken + fresh, worst(st, status_for(band, roll, d6, false))}] += n;
                }
            }
        }
        states = std::move(next);
    }
    std::map<std::pair<int, Status>, std::uint64_t> ends;
    for (const auto& [state, n] : states) ends[{std::get<2>(state), std::get<3>(state)}] += n;
    CombinedOdds out;
    for (const auto& [key, n] : ends) out.outcomes.push_back({key.first, key.second, Chance::of(n, total)});
    out.expected_hits = expectation(ends, [](const auto& k) { return k.first; }, total);
    return out;
}

// --- Melee --------------------------------------------------------------------------------

MeleeOdds melee(DieType initiator_die, DieType defender_die, const std::vector<ResultBand>& bands,
                MeleeFlags flags) {
    using Key = std::tuple<int, int, int, Status, bool>;
    struct Counts {
        std::uint64_t wins = 0, voided = 0;
        std::map<Key, std::uint64_t> results;
    } side[2];  // 0: initiator wins, 1: defender wins
    std::uint64_t ties = 0;
    for (int a = 1; a <= core::faces(initiator_die); ++a) {
        for (int b = 1; b <= core::faces(defender_die); ++b) {
            if (a == b) {  // PS-MELEE-16
                ++ties;
                continue;
            }
            const bool init_wins = a > b;
            Counts& c = side[init_wins ? 0 : 1];
            ++c.wins;
            if (init_wins ? flags.defender_void_on_loss : flags.initiator_void_on_loss) {  // PS-MELEE-15
                ++c.voided;
                continue;
            }
            const int win = std::max(a, b), lose = std::min(a, b);
            const ResultBand band = band_at(bands, win - lose);  // PS-MELEE-12, PS-MELEE-13
            const Status st =
                status_for(band, win, lose, init_wins ? flags.x2_routs_defender : flags.x2_routs_initiator);
            const bool routed = st == Status::Routed;  // PS-MELEE-19: rout move, no fall-back
            ++c.results[{band.min, band.hits, routed ? 0 : band.fall_back, st, band.chip && !routed}];
        }
    }
    const std::uint64_t total = ufaces(initiator_die) * ufaces(defender_die);
    const auto make = [total](const Counts& c) {
        MeleeSide s{Chance::of(c.wins, total), Chance::of(c.voided, total), {}};
        for (const auto& [key, n] : c.results) {
            const auto& [min, hits, back, st, chip] = key;
            s.outcomes.push_back({min, hits, back, st, chip, Chance::of(n, total)});
        }
        return s;
    };
    return {Chance::of(ties, total), make(side[0]), make(side[1])};
}

// --- Single opposed tests -----------------------------------------------------------------

Chance strictly_higher(DieType a, DieType b) {
    std::uint64_t n = 0;
    for (int x = 1; x <= core::faces(a); ++x) n += static_cast<std::uint64_t>(std::min(x - 1, core::faces(b)));
    return Chance::of(n, ufaces(a) * ufaces(b));
}

Chance tie(DieType a, DieType b) {
    return Chance::of(std::min(ufaces(a), ufaces(b)), ufaces(a) * ufaces(b));
}

Chance test_fails(DieType unit_die) { return strictly_higher(DieType::D6, unit_die); }
Chance chip_succeeds(DieType target_die) { return strictly_higher(DieType::D6, target_die); }
Chance rally_succeeds(DieType unit_die) { return strictly_higher(unit_die, DieType::D6); }
Chance d6_strictly_higher() { return strictly_higher(DieType::D6, DieType::D6); }

}  // namespace tercio::rules::odds
