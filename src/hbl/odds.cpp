// Exact odds of Hell Broke Loose's opposed rolls (odds.hpp): every pair of natural rolls, counted.
// The rules are resolve.cpp's: nothing here decides a result of its own.
#include "hbl/odds.hpp"

namespace tercio::hbl {

namespace {

/// The die every march and rally is rolled against: an unmodified D8 (HBL-MARCH-1, HBL-RALLY-2).
constexpr int kD8 = 8;

void count_fate(MeleeSideOdds& o, Fate f) {
    switch (f) {
        case Fate::Holds:
            ++o.holds;
            break;
        case Fate::PushedBack:
            ++o.pushed_back;
            break;
        case Fate::Routed:
            ++o.routed;
            break;
        case Fate::Withdraws:
            ++o.withdraws;
            break;
    }
}

}  // namespace

MeleeOdds melee_odds(const Fighter& a, const Fighter& b) {
    MeleeOdds out;
    const int fa = core::faces(a.die.die);
    const int fb = core::faces(b.die.die);
    out.outcomes = fa * fb;
    Fighter ra = a;
    Fighter rb = b;
    for (ra.natural = 1; ra.natural <= fa; ++ra.natural) {
        for (rb.natural = 1; rb.natural <= fb; ++rb.natural) {
            const Round r = melee_round(ra, rb);
            if (!r.higher) ++out.draws;
            if (r.ends) ++out.ends;
            for (std::size_t s = 0; s < 2; ++s) {
                const RoundSide& rs = r.side[s];
                MeleeSideOdds& o = out.side[s];
                if (rs.lost) ++o.loses;
                count_fate(o, rs.fate);
                if (rs.fierce_push) ++o.fierce_pushed;
                if (rs.follows_up) ++o.follows_up;
                if (rs.must_follow) ++o.must_follow;
                o.ui_sum += rs.ui;
                ++o.ui[ui_bin(rs.ui)];
            }
        }
    }
    return out;
}

ShotOdds shot_odds(LadderDie shooter, DieType defence) {
    ShotOdds out;
    const int fs = core::faces(shooter.die);
    const int fd = core::faces(defence);
    out.outcomes = fs * fd;
    ShotRoll roll{shooter, 1, 1};
    for (roll.natural = 1; roll.natural <= fs; ++roll.natural) {
        for (roll.defence_natural = 1; roll.defence_natural <= fd; ++roll.defence_natural) {
            const Shot s = shoot(roll);
            if (s.effect()) ++out.effect;
            if (s.vexes) ++out.vexes;
            if (s.costs_move) ++out.costs_move;
            out.ui_sum += s.ui;
            ++out.ui[ui_bin(s.ui)];
        }
    }
    return out;
}

RallyOdds rally_odds(LadderDie officer) {
    RallyOdds out;
    const int fo = core::faces(officer.die);
    out.outcomes = fo * kD8;
    for (int natural = 1; natural <= fo; ++natural) {
        for (int d8 = 1; d8 <= kD8; ++d8) {
            const Rally r = rally(officer, natural, d8);
            if (r.rallies) ++out.rallies;
            out.ui_max_sum += r.ui_max;
            ++out.ui_max[ui_bin(r.ui_max)];
        }
    }
    return out;
}

MarchOdds march_odds(DieType officer) {
    MarchOdds out;
    const int fo = core::faces(officer);
    out.outcomes = fo * kD8;
    for (int natural = 1; natural <= fo; ++natural) {
        for (int d8 = 1; d8 <= kD8; ++d8) {
            const March m = march(natural, d8);
            ++out.moves[static_cast<std::size_t>(m.moves)];
            if (m.fierce_melee) ++out.fierce_melee;
        }
    }
    return out;
}

}  // namespace tercio::hbl
