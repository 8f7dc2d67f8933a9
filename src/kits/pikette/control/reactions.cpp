#include "kits/pikette/control/reactions.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <span>

#include "rules/preview.hpp"

namespace tercio::control {

using namespace rules;

namespace {

std::uint32_t phase_key(const GameState& s) {
    return (static_cast<std::uint32_t>(s.turn) << 16) | (static_cast<std::uint32_t>(s.phase) << 8) |
           static_cast<std::uint32_t>(idx(s.active));
}

}  // namespace

std::optional<UnmovedShots> parse_unmoved_shots(const std::string& word) {
    if (word == "ask") return UnmovedShots::Ask;
    if (word == "never") return UnmovedShots::Never;
    return std::nullopt;
}

const char* to_string(UnmovedShots u) { return u == UnmovedShots::Ask ? "ask" : "never"; }

std::optional<int> parse_percent(const std::string& word) {
    std::string digits = word;
    if (!digits.empty() && digits.back() == '%') digits.pop_back();
    if (digits.empty() || digits.size() > 3) return std::nullopt;
    for (const char c : digits) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    }
    const int n = std::stoi(digits);
    if (n > 100) return std::nullopt;
    return n;
}

std::optional<int> harm_percent(const RulesContext& ctx, const GameState& s, const Shoot& shot) {
    const Command c{shot};
    const auto p = preview(ctx, s, std::span<const Command>(&c, 1));
    const Preview* v = std::get_if<Preview>(&p);
    if (!v) return std::nullopt;
    // The sum of the outcomes that harm, as an exact fraction: a hit, or a worse status.
    std::uint64_t num = 0;
    std::uint64_t den = 1;
    const auto add = [&](const odds::Chance& ch) {
        num = num * ch.den + ch.num * den;
        den *= ch.den;
        const std::uint64_t g = std::gcd(num, den);
        if (g > 1) num /= g, den /= g;
    };
    if (v->kind == Preview::Kind::Shot) {
        for (const auto& o : v->shot.outcomes) {
            if (o.new_hits > 0 || o.status != Status::None) add(o.chance);
        }
    } else if (v->kind == Preview::Kind::CombinedShot) {
        for (const auto& o : v->combined.outcomes) {
            if (o.new_hits > 0 || o.status != Status::None) add(o.chance);
        }
    } else {
        return std::nullopt;
    }
    return static_cast<int>(num * 100 / den);
}

std::optional<int> win_percent(const RulesContext& ctx, const GameState& s, const Charge& charge) {
    const Command c{charge};
    const auto p = preview(ctx, s, std::span<const Command>(&c, 1));
    const Preview* v = std::get_if<Preview>(&p);
    if (!v || v->kind != Preview::Kind::Melee) return std::nullopt;
    const odds::Chance& w = v->melee.initiator_wins.wins;
    return static_cast<int>(w.num * 100 / w.den);
}

ReactionFilter::ReactionFilter(Session& session, UnmovedShots unmoved) : session_(session), unmoved_(unmoved) {
    new_phase(session_.state());
    // Until a command is played through the session, a window is one the game was resumed (or
    // joined) at (a save's commands are replayed without telling the observers): it stops there
    // whatever it offers, as after U, so that resuming plays nothing for the player unseen.
    hold_ = resumed_ = true;
    session_.add_observer(this);
}

ReactionFilter::~ReactionFilter() { session_.remove_observer(this); }

void ReactionFilter::new_phase(const GameState& s) {
    phase_key_ = phase_key(s);
    for (std::size_t i = 0; i < s.unit_count; ++i) phase_start_[i] = s.units[i].square;
    declined_[0].clear();
    declined_[1].clear();
    // "Until my phase": the side's own phase has come.
    if (s.turn > 0) until_my_phase_[idx(s.active)] = false;
}

ReactionFilter::Scan ReactionFilter::scan(const GameState& s) const {
    Scan out;
    if (s.decision != Decision::React || !session_.seat(s.decider).here()) return out;
    const RulesContext& ctx = session_.context();
    const Side side = s.decider;
    const std::vector<Command> legal = legal_commands(ctx, s);
    std::vector<Command> reactions;  // everything but decline and concede
    for (const Command& c : legal) {
        if (!std::holds_alternative<Decline>(c) && !std::holds_alternative<Concede>(c)) reactions.push_back(c);
    }
    const auto all = [&](const char* why) {
        out.why = why;
        out.offers = reactions;
        return out;
    };
    if (s.forced_charger != kNone) return all("a headstrong unit must charge");
    if (s.react_window == rules::ReactWindow::Evade) return all("your unit may evade");
    const bool can_decline =
        std::any_of(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<Decline>(c); });
    if (!can_decline) return all("a reaction must be made");
    if (hold_) return all(resumed_ ? "the game was resumed at this window" : "taken back to this window");
    if (until_my_phase_[idx(side)]) return out;
    // A unit offered a reaction at the mover at a stop let go earlier in this move.
    const bool this_move = s.move.active && s.move.unit == move_unit_;
    const auto asked_in_move = [&](Square from) {
        const auto u = unit_at(s, from, side);
        return this_move && u &&
               std::find(move_reactors_.begin(), move_reactors_.end(), static_cast<std::uint8_t>(*u)) !=
                   move_reactors_.end();
    };
    for (const Command& c : legal) {
        const Charge* charge = std::get_if<Charge>(&c);
        if (!charge || asked_in_move(charge->from)) continue;
        if (charge_threshold_ > 0 && win_percent(ctx, s, *charge).value_or(100) < charge_threshold_) continue;
        // One offer a charging unit: the charge with no facing named if it has one (its other
        // facings are in the Enter menu).
        const auto same = std::find_if(out.offers.begin(), out.offers.end(), [&](const Command& o) {
            const Charge* k = std::get_if<Charge>(&o);
            return k && k->from == charge->from;
        });
        if (same != out.offers.end()) {
            if (!charge->face) *same = c;
            continue;
        }
        if (out.why.empty()) out.why = "the moving unit can be charged (" + print(c) + ")";
        out.offers.push_back(c);
    }
    const std::vector<Offer>& declined = declined_[idx(side)];
    for (const Command& c : legal) {
        const Shoot* shot = std::get_if<Shoot>(&c);
        if (!shot) continue;
        const auto target = unit_at(s, shot->target, other(side));
        if (!target) continue;
        // Into a melee square: the side's own unit fights there.
        if (unit_at(s, shot->target, side)) continue;
        const bool at_mover = s.move.active && s.move.unit == *target;
        const bool moved = s.units[*target].square != phase_start_[*target] || at_mover;
        if (!moved && unmoved_ == UnmovedShots::Never) continue;
        const Offer offer{shot->from, shot->target, static_cast<std::uint8_t>(*target)};
        if (std::find(declined.begin(), declined.end(), offer) != declined.end()) continue;
        if (at_mover && asked_in_move(shot->from)) continue;
        if (threshold_ > 0) {
            const int harm = harm_percent(ctx, s, *shot).value_or(0);
            if (harm < threshold_) {
                if (!out.low) out.low = *shot, out.low_percent = harm;
                continue;
            }
        }
        if (out.why.empty()) out.why = std::string(moved ? "a shot at a unit that moved (" : "a new shot (") + print(c) + ")";
        out.offers.push_back(c);
    }
    return out;
}

std::optional<std::string> ReactionFilter::reason() const {
    Scan sc = scan(session_.state());
    if (sc.why.empty()) return std::nullopt;
    return std::move(sc.why);
}

std::vector<Command> ReactionFilter::offers() const { return scan(session_.state()).offers; }

bool ReactionFilter::would_pass() const {
    const GameState& s = session_.state();
    return s.decision == Decision::React && session_.seat(s.decider).here() && !reason();
}

int ReactionFilter::pass() {
    int n = 0;
    for (;;) {
        if (!noted_ && session_.state().decision == Decision::React) {
            const Scan sc = scan(session_.state());
            if (sc.low) {
                noted_ = true;
                note_ = print(Command{*sc.low}) + " (harm " + std::to_string(sc.low_percent) +
                        "%) was let go: a shot less likely than " + std::to_string(threshold_) +
                        "% to hit or disorder does not stop the game (to be asked for every shot: shot-threshold 0)";
            }
        }
        if (n >= 200 || !would_pass()) break;
        const Side side = session_.state().decider;
        const std::uint64_t v = session_.version();
        if (!session_.play(Decline{}).ok() || session_.version() == v) break;
        ++passed_[idx(side)];
        ++n;
    }
    return n;
}

std::optional<std::string> ReactionFilter::take_note() {
    std::optional<std::string> out = std::move(note_);
    note_.reset();
    return out;
}

std::optional<std::string> ReactionFilter::let_go() {
    const GameState& s = session_.state();
    if (s.decision != Decision::React) return std::string("there is no reaction to let go now");
    return session_.play(Decline{}).refused;
}

bool ReactionFilter::can_let_go() const {
    const GameState& s = session_.state();
    if (s.decision != Decision::React) return false;
    const std::vector<Command> legal = legal_commands(session_.context(), s);
    return std::any_of(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<Decline>(c); });
}

std::optional<std::string> ReactionFilter::decline_until_my_phase() {
    const GameState& s = session_.state();
    if (s.decision != Decision::React) return std::string("there is no reaction to let go now");
    const Side side = s.decider;
    until_my_phase_[idx(side)] = true;
    hold_ = resumed_ = false;
    if (auto why = session_.play(Decline{}).refused) {
        until_my_phase_[idx(side)] = false;
        return why;
    }
    return std::nullopt;
}

std::optional<std::string> ReactionFilter::played(const Session& session, const Entry& entry,
                                                  const GameState& before) {
    // A stop let go in a move: the units it offered a reaction at the mover stop it no more in
    // this move (scan sees `before` as the person did, so before hold_ is reset).
    if (before.decision == Decision::React && before.move.active && std::holds_alternative<Decline>(entry.command)) {
        if (move_unit_ != before.move.unit) {
            move_unit_ = before.move.unit;
            move_reactors_.clear();
        }
        for (const Command& c : scan(before).offers) {
            std::optional<Square> from;
            if (const auto* charge = std::get_if<Charge>(&c)) from = charge->from;
            if (const auto* shot = std::get_if<Shoot>(&c); shot && unit_at(before, shot->target, other(before.decider)) ==
                                                                   std::optional<std::size_t>(before.move.unit))
                from = shot->from;
            if (!from) continue;
            if (const auto u = unit_at(before, *from, before.decider)) move_reactors_.push_back(static_cast<std::uint8_t>(*u));
        }
    }
    if (!session.state().move.active || std::holds_alternative<Move>(entry.command)) {
        move_unit_ = kNone;
        move_reactors_.clear();
    }
    hold_ = resumed_ = false;
    // Only a window let go: after a shot the same window may stay open for another shot
    // (PS-OPP-10), which the player must still be asked about.
    if (before.decision == Decision::React && std::holds_alternative<Decline>(entry.command)) {
        // The shots offered at the window let go: they stop the game no more in this phase.
        std::vector<Offer>& declined = declined_[idx(before.decider)];
        for (const Command& c : legal_commands(session.context(), before)) {
            const Shoot* shot = std::get_if<Shoot>(&c);
            if (!shot) continue;
            const auto target = unit_at(before, shot->target, other(before.decider));
            if (!target) continue;
            const Offer offer{shot->from, shot->target, static_cast<std::uint8_t>(*target)};
            if (std::find(declined.begin(), declined.end(), offer) == declined.end()) declined.push_back(offer);
        }
    }
    if (phase_key(session.state()) != phase_key_) new_phase(session.state());
    return std::nullopt;
}

void ReactionFilter::undone(const Session& session) {
    hold_ = true;
    resumed_ = false;
    move_unit_ = kNone;
    move_reactors_.clear();
    if (phase_key(session.state()) != phase_key_) new_phase(session.state());
}

}  // namespace tercio::control
