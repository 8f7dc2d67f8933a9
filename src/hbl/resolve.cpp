// Hell Broke Loose's resolution arithmetic (resolve.hpp). Every branch cites the rule it follows;
// where the posts leave a case open, the HBL-UNDEF proposal we adopt.
#include "hbl/resolve.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>

namespace tercio::hbl {

Initiative initiative(int a, int b) {
    Initiative out;
    out.pips = std::abs(a - b);  // HBL-INIT-2: the same number of pips for each side
    if (a == b) {
        out.turn_ends = true;  // HBL-INIT-4
    } else {
        out.chooser = a > b ? Side::A : Side::B;  // HBL-INIT-3
    }
    return out;
}

March march(int command_natural, int d8) {
    March out;
    if (command_natural == 1) return out;  // HBL-MARCH-2: a natural 1 does not activate
    if (command_natural <= d8) {
        out.moves = 1;  // HBL-MARCH-3; an equal roll is one move too (HBL-MARCH-7, HBL-UNDEF-9)
    } else {
        // HBL-MARCH-4, HBL-MARCH-5: "more" is two moves, "more and triple" three; a double is
        // nothing of its own (HBL-MARCH-6).
        out.moves = command_natural >= 3 * d8 ? 3 : 2;
    }
    out.fierce_melee = !core::odd(command_natural);  // HBL-MARCH-8
    return out;
}

int melee_steps(const MeleeFactors& f) {
    int steps = 0;
    const auto up = [&](bool on) { steps += on ? 1 : 0; };
    const auto down = [&](bool on) { steps -= on ? 1 : 0; };
    up(f.initiating);
    up(f.following_up);
    up(f.formed_cavalry_open);
    up(f.close_formed_open);
    up(f.pike_square_frontal);
    up(f.superior_armour);
    up(f.superior_weapon);
    up(f.flanking);
    down(f.against_fully_armoured);
    down(f.flanked);
    down(f.facing_frontal_pike);
    down(f.vexed);
    steps -= std::max(0, f.ui_lost - f.stubborn_ui);  // HBL-UI-3; stubborn UI are free (HBL-UI-4)
    return steps;
}

int shot_steps(const ShotFactors& f) {
    return (f.artillery_close ? 2 : 0) - (f.long_range ? 1 : 0) + (f.at_pike_square ? 2 : 0) +
           (f.at_colonela ? 1 : 0) + (f.at_flank ? 1 : 0) - (f.at_own_side ? 1 : 0);
}

int rally_steps(const RallyFactors& f) {
    return (f.officer_attached ? 1 : 0) + (f.d8_defence ? 1 : 0) - (f.in_contact ? 1 : 0);
}

void lose_ui(Integrity& u, Cost& cost, int n) {
    u.lost += n;
    cost.ui += n;
    cost.chips += n;  // HBL-UI-2: every UI lost costs a morale chip
}

void vex(Integrity& u, Cost& cost) {
    if (u.vexed) {
        lose_ui(u, cost, 1);  // HBL-VEX-3: every vexation after the first
    } else {
        u.vexed = true;
    }
}

namespace {

/// "Hard fought, no advantage" (HBL-MELEE-4, d = 0): both lose a UI; a Fierce side counts as
/// following up (HBL-FIERCE-2, which the 31 January amendment adds: HBL-ERR-6).
void no_advantage(Round& r, const Fighter& a, const Fighter& b) {
    for (auto& s : r.side) s = RoundSide{};
    r.side[0].ui = r.side[1].ui = 1;
    r.side[0].follows_up = a.fierce;
    r.side[1].follows_up = b.fierce;
}

/// HBL-SKIRM-4 (the 31 January amendment, HBL-ERR-7) for the skirmish cavalry on side `s`.
void close_skirmish(Round& r, std::size_t s, const Fighter& me, const Fighter& a,
                    const Fighter& b) {
    const bool won = r.higher && core::idx(*r.higher) == s;
    const bool drew = !r.higher;
    if (won) {
        // Treated normally, then the melee ends and they pull back 3".
        r.side[s].fate = Fate::Withdraws;
        r.side[s].follows_up = r.side[s].must_follow = false;
        r.ends = true;
    } else if (!core::odd(me.natural)) {
        // A loss on an even roll (and a draw on one, HBL-UNDEF-27): counted as hard fought, no
        // advantage; the melee ends and they withdraw.
        no_advantage(r, a, b);
        for (auto& side : r.side) side.follows_up = false;
        r.side[s].fate = Fate::Withdraws;
        r.side[s].lost = !drew;
        r.ends = true;
    }
    // A loss on an odd roll is treated normally: "embroiled", the melee goes on.
}

}  // namespace

Round melee_round(const Fighter& a, const Fighter& b) {
    Round r;
    const int ta = a.total();
    const int tb = b.total();
    r.difference = std::abs(ta - tb);  // HBL-DICE-6
    if (ta != tb) r.higher = ta > tb ? Side::A : Side::B;
    const std::array<const Fighter*, 2> f{&a, &b};
    if (!r.higher) {
        no_advantage(r, a, b);  // d = 0
    } else {
        const std::size_t w = core::idx(*r.higher);
        const std::size_t l = 1 - w;
        RoundSide& win = r.side[w];
        RoundSide& lose = r.side[l];
        lose.lost = true;
        if (r.difference <= 2) {
            // Hard fought, marginal advantage: both lose a UI and stay; the higher roller counts as
            // following up.
            win.ui = lose.ui = 1;
            win.follows_up = true;
            if (f[w]->fierce && !f[l]->fierce) {
                // HBL-FIERCE-1 (only its first rule has the proviso, HBL-UNDEF-26): the loser is
                // also pushed back vexed, and no further UI.
                lose.fate = Fate::PushedBack;
                lose.fierce_push = true;
                win.must_follow = core::odd(f[w]->natural);  // HBL-MELEE-9
            }
        } else {
            // Decisive: the loser takes a UI for each three pips.
            lose.ui = r.difference / 3;
            // Marginal advantage: pushed back vexed. 6 or more: the loser routs (HBL-MELEE-10).
            lose.fate = r.difference <= 5 ? Fate::PushedBack : Fate::Routed;
            // If the melee goes on (a stubborn loser did not rout or fall back: HBL-TV-29,
            // HBL-TV-38), the winner counts as following up.
            win.follows_up = true;
            win.must_follow = core::odd(f[w]->natural);  // HBL-MELEE-9: pursue or follow up
        }
    }
    for (std::size_t s = 0; s < 2; ++s) {
        if (f[s]->close_skirmish && !r.ends) close_skirmish(r, s, *f[s], a, b);
    }
    return r;
}

bool may_be_stubborn(bool stubborn_at_start, const RoundSide& r) {
    return stubborn_at_start && !r.fierce_push &&
           (r.fate == Fate::Routed || r.fate == Fate::PushedBack);
}

Settled settle(Integrity& u, const RoundSide& r, bool stubborn_at_start,
               const SettleChoice& choice) {
    if (choice.stubborn && !may_be_stubborn(stubborn_at_start, r)) {
        throw ResolveError(r.fierce_push
                               ? "stubborn UI cannot prevent a fierce push back (HBL-UI-7)"
                               : "no stubborn UI to spend against this result (HBL-UI-6)");
    }
    Settled out;
    out.fate = r.fate;
    lose_ui(u, out.cost, r.ui);
    if (choice.stubborn) {
        // HBL-UI-6 a, b: one more chip turns a rout into a push back, or cancels a push back and
        // the vexation that comes with it.
        out.cost.chips += 1;
        out.fate = out.fate == Fate::Routed ? Fate::PushedBack : Fate::Holds;
    }
    if (out.fate == Fate::PushedBack) {
        vex(u, out.cost);  // HBL-MELEE-7, HBL-VEX-2 a
        if (!choice.can_fall_back) {
            vex(u, out.cost);  // HBL-VEX-2 d: it cannot fall back, and is vexed again instead
            out.fate = Fate::Holds;
        }
    }
    if (choice.lost_to_flank && r.lost) vex(u, out.cost);  // HBL-VEX-2 b
    return out;
}

Shot shoot(const ShotRoll& roll) {
    Shot out;
    out.difference = core::result(roll.die, roll.natural) - roll.defence_natural;
    if (out.difference <= 0) return out;          // HBL-SHOOT-5: no effect
    out.ui = out.difference / 3;                  // HBL-SHOOT-3
    out.vexes = core::odd(roll.defence_natural);  // HBL-SHOOT-4: lower and odd
    out.costs_move = out.difference >= 6;         // HBL-SHOOT-6 (HBL-UNDEF-8)
    return out;
}

Cost take_shot(Integrity& u, const Shot& shot) {
    Cost cost;
    lose_ui(u, cost, shot.ui);
    if (shot.vexes) vex(u, cost);
    return cost;
}

int keep_move(const Integrity& u) {
    if (!u.stubborn_left()) throw ResolveError("no stubborn UI to keep the move with (HBL-UI-6)");
    return 1;
}

Rally rally(LadderDie officer, int natural, int d8) {
    Rally out;
    out.difference = core::result(officer, natural) - d8;  // HBL-RALLY-2
    out.rallies = out.difference > 0;
    out.ui_max = out.rallies ? out.difference / 3 : 0;  // HBL-RALLY-4
    return out;
}

int take_rally(Integrity& u, const Rally& r, int ui_back) {
    if (ui_back < 0 || ui_back > r.ui_max || ui_back > u.lost) {
        throw ResolveError("cannot rally back " + std::to_string(ui_back) + " UI (HBL-RALLY-4)");
    }
    if (r.rallies) u.vexed = false;  // HBL-RALLY-3
    u.lost -= ui_back;
    return ui_back;  // a morale chip for each UI rallied back (HBL-UNDEF-19)
}

}  // namespace tercio::hbl
