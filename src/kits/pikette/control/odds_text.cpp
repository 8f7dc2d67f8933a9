#include "kits/pikette/control/odds_text.hpp"

#include <algorithm>

#include "kits/pikette/control/event_text.hpp"
#include "rules/involuntary.hpp"

namespace tercio::control {

using namespace rules;

namespace {

std::string chance_text(const odds::Chance& c) {
    return c.percent_text() + " (" + std::to_string(c.num) + "/" + std::to_string(c.den) + ")";
}

std::string hits_text(int hits) {
    if (hits == 0) return "no hits";
    return hits == 1 ? "1 hit" : std::to_string(hits) + " hits";
}

/// "1 hit, Disordered, may be chipped".
std::string result_text(int hits, Status status, bool chip) {
    std::string out = hits_text(hits);
    if (status == Status::Disordered) out += ", Disordered";
    if (status == Status::Routed) out += ", Routed";
    if (chip) out += ", may be chipped";
    return out;
}

std::string expected_text(const odds::Chance& c) {
    // The exact fraction, then two decimals in integer arithmetic (rounded half up).
    const std::uint64_t hundredths = (c.num * 200 / c.den + 1) / 2;
    std::string dec = std::to_string(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") +
                      std::to_string(hundredths % 100);
    return "expected hits: " + std::to_string(c.num) + (c.den == 1 ? "" : "/" + std::to_string(c.den)) +
           " (about " + dec + ")";
}

void melee_side(const RulesContext& ctx, const GameState& s, std::size_t winner, std::size_t loser,
                const odds::MeleeSide& m, std::vector<std::string>& out) {
    out.push_back(unit_name(ctx, s, winner) + " wins: " + chance_text(m.wins));
    if (m.voided.num != 0) {
        out.push_back("  the result is void, a phalanx or tercio is not beaten by cavalry (PS-MELEE-15): " +
                      chance_text(m.voided));
    }
    for (const auto& o : m.outcomes) {
        std::string r = unit_name(ctx, s, loser) + " takes " + result_text(o.hits, o.status, o.chip_window);
        if (o.fall_back > 0) r += ", falls back " + std::to_string(o.fall_back);
        out.push_back("  " + r + ": " + chance_text(o.chance));
    }
}

/// "29%": a chance as a whole percentage, "<1%" and ">99%" rather than a misleading 0 or 100.
std::string whole_percent(double x) {
    if (x > 0 && x < 0.005) return "<1%";
    if (x < 1 && x > 0.995) return ">99%";
    return std::to_string(static_cast<int>(x * 100 + 0.5)) + "%";
}

std::string about_hits(const odds::Chance& c) {
    const std::uint64_t hundredths = (c.num * 200 / c.den + 1) / 2;
    return "about " + std::to_string(hundredths / 100) + "." + (hundredths % 100 < 10 ? "0" : "") +
           std::to_string(hundredths % 100) + " hits";
}

}  // namespace

std::string odds_summary(const RulesContext& ctx, const GameState& s, const Preview& p) {
    switch (p.kind) {
    case Preview::Kind::Shot:
    case Preview::Kind::CombinedShot: {
        double none = 0;
        double routed = 0;
        if (p.kind == Preview::Kind::Shot) {
            none = p.shot.no_effect.approx();
            for (const auto& o : p.shot.outcomes) routed += o.status == Status::Routed ? o.chance.approx() : 0;
        } else {
            for (const auto& o : p.combined.outcomes) {
                if (o.new_hits == 0 && o.status == Status::None) none += o.chance.approx();
                if (o.status == Status::Routed) routed += o.chance.approx();
            }
        }
        std::string out = (p.kind == Preview::Kind::Shot ? "shot: no effect " : "combined shot: no effect ") +
                          whole_percent(none);
        if (routed > 0) out += ", Routed " + whole_percent(routed);
        return out + ", " +
               about_hits(p.kind == Preview::Kind::Shot ? p.shot.expected_hits : p.combined.expected_hits);
    }
    case Preview::Kind::Melee:
        return unit_name(ctx, s, p.actors[0]) + " wins " + whole_percent(p.melee.initiator_wins.wins.approx()) +
               ", " + unit_name(ctx, s, p.target) + " " + whole_percent(p.melee.defender_wins.wins.approx()) +
               ", tie " + whole_percent(p.melee.tie.approx());
    case Preview::Kind::CutDown:
        return "destroyed without dice";
    case Preview::Kind::MoraleCheck:
        return "morale check: fails " + whole_percent(p.chance.approx());
    case Preview::Kind::Chip:
    case Preview::Kind::Rally:
        return std::string(p.kind == Preview::Kind::Chip ? "chip" : "rally") + ": succeeds " +
               whole_percent(p.chance.approx());
    }
    return {};
}

std::string reaction_odds(const RulesContext& ctx, const GameState& s, const Preview& p) {
    if (p.kind != Preview::Kind::Shot && p.kind != Preview::Kind::CombinedShot) return odds_summary(ctx, s, p);
    double harm = 0;
    double routed = 0;
    const auto add = [&](int hits, Status status, const odds::Chance& c) {
        if (hits > 0 || status != Status::None) harm += c.approx();
        if (status == Status::Routed) routed += c.approx();
    };
    if (p.kind == Preview::Kind::Shot) {
        for (const auto& o : p.shot.outcomes) add(o.new_hits, o.status, o.chance);
    } else {
        for (const auto& o : p.combined.outcomes) add(o.new_hits, o.status, o.chance);
    }
    std::string out = "hit or worse " + whole_percent(harm);
    if (routed > 0) out += ", Routed " + whole_percent(routed);
    return out;
}

std::vector<std::string> odds_lines(const RulesContext& ctx, const GameState& s, const Preview& p) {
    std::vector<std::string> out;
    const auto dice_lines = [&](std::size_t unit, const ModifiedRoll& r) {
        out.push_back("  " + unit_name(ctx, s, unit) + ": " + dice_text(r));
    };
    switch (p.kind) {
    case Preview::Kind::Shot:
    case Preview::Kind::CombinedShot: {
        out.push_back(std::string(p.kind == Preview::Kind::Shot ? "shot" : "combined shot") + " at " +
                      unit_name(ctx, s, p.target) + ", each die against a d6 (PS-SHOOT-9)");
        for (std::size_t i = 0; i < p.actors.size(); ++i) dice_lines(p.actors[i], p.rolls[i]);
        const Unit& t = s.units[p.target];
        if (t.shot_sum > 0) {
            // PS-SHOOT-12: the differences of this phase's shots add up; the hits are those of
            // the total's band, less those already taken.
            out.push_back("  earlier shots this phase beat the target's d6 by " +
                          std::to_string(t.shot_sum) + " in all and gave it " +
                          hits_text(t.shot_hits) +
                          "; this shot's difference adds to that total (PS-SHOOT-12)");
        }
        if (p.kind == Preview::Kind::Shot) {
            out.push_back("no effect: " + chance_text(p.shot.no_effect));
            for (const auto& o : p.shot.outcomes) {
                out.push_back(result_text(o.new_hits, o.status, o.chip_window) + ": " + chance_text(o.chance));
            }
            out.push_back(expected_text(p.shot.expected_hits));
        } else {
            for (const auto& o : p.combined.outcomes) {
                const std::string r = o.new_hits == 0 && o.status == Status::None
                                          ? std::string("no effect")
                                          : result_text(o.new_hits, o.status, false);
                out.push_back(r + ": " + chance_text(o.chance));
            }
            out.push_back(expected_text(p.combined.expected_hits));
        }
        break;
    }
    case Preview::Kind::Melee: {
        const std::size_t a = p.actors[0];
        out.push_back("melee: " + unit_name(ctx, s, a) + " against " + unit_name(ctx, s, p.target) +
                      " (PS-MELEE-12)");
        dice_lines(a, p.rolls[0]);
        dice_lines(p.target, p.rolls[1]);
        out.push_back("tie, both stay and attached leaders die (PS-MELEE-16): " + chance_text(p.melee.tie));
        melee_side(ctx, s, a, p.target, p.melee.initiator_wins, out);
        melee_side(ctx, s, p.target, a, p.melee.defender_wins, out);
        break;
    }
    case Preview::Kind::CutDown:
        out.push_back(unit_name(ctx, s, p.actors[0]) + " destroys the Routed " + unit_name(ctx, s, p.target) +
                      " without dice (PS-MELEE-21): 100.0% (1/1)");
        break;
    case Preview::Kind::MoraleCheck:
    case Preview::Kind::Chip:
    case Preview::Kind::Rally: {
        // One die against a d6, and the one result that matters.
        const UnitStatus now = s.units[p.target].status;
        const std::string worse = now == UnitStatus::Disordered ? "Routed" : "Disordered";
        std::string heading, result;
        if (p.kind == Preview::Kind::MoraleCheck) {
            heading = "morale check of " + unit_name(ctx, s, p.target) + " against a d6 (PS-MORALE-1)";
            result = "fails, " + worse;
        } else if (p.kind == Preview::Kind::Chip) {
            heading = "chip at " + unit_name(ctx, s, p.target) + ": a d6 against its die (PS-CHIP-9)";
            result = "succeeds, " + worse;
        } else {
            heading = "rally of " + unit_name(ctx, s, p.target) + " against a d6 (PS-RALLY-4)";
            result = std::string("succeeds, ") + (now == UnitStatus::Routed ? "Disordered" : "in good order");
        }
        out.push_back(heading);
        dice_lines(p.target, p.rolls[0]);
        out.push_back(result + ": " + chance_text(p.chance));
        break;
    }
    }
    return out;
}

std::string evade_route(const RulesContext& ctx, const GameState& s, bool brief) {
    const auto plan = evade_plan(ctx, s);
    if (!plan) return {};
    std::string by;  // the squares passed on the way
    const std::size_t passed = plan->squares.size() - (plan->left_table || plan->squares.empty() ? 0 : 1);
    for (std::size_t k = 0; k < passed; ++k) by += (by.empty() ? "" : " ") + core::to_string(plan->squares[k]);
    if (plan->left_table) {
        if (brief) return "off the board: lost";
        return "off the board" + (by.empty() ? std::string() : " by " + by) + ": lost for the battle (PS-MOVE-11)";
    }
    if (plan->squares.empty()) return brief ? "nowhere: blocked" : "nowhere: the way is blocked, it stays (PS-INVOL-4)";
    // What waits where it stops: the enemy units next to that square.
    const Square end = plan->end();
    const Side evader_side = s.units[*unit_at(s, plan->start, other(s.units[s.move.unit].side))].side;
    std::vector<std::string> near;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        const core::Offset d = u.square - end;
        if (u.on_table() && u.side != evader_side && std::max(core::abs_int(d.dx), core::abs_int(d.dy)) <= 1) {
            near.push_back(unit_name(ctx, s, i) + " in " + core::to_string(u.square));
        }
    }
    std::string out = "to " + core::to_string(end);
    if (brief) {
        // A menu's column: the path is on the map.
        if (!near.empty()) out += ", " + std::to_string(near.size()) + (near.size() == 1 ? " enemy near" : " enemies near");
        return out;
    }
    out += (by.empty() ? std::string() : " by " + by) + ", Disordered there";
    if (!near.empty()) {
        out += ", next to enemy " + near.front();
        if (near.size() == 2) out += " and " + near[1];
        if (near.size() > 2) out += " and " + std::to_string(near.size() - 1) + " more";
    }
    return out;
}

}  // namespace tercio::control
