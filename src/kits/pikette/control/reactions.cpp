#include "kits/pikette/control/reactions.hpp"

#include <algorithm>

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

ReactionFilter::ReactionFilter(Session& session, UnmovedShots unmoved) : session_(session), unmoved_(unmoved) {
    new_phase(session_.state());
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

std::vector<Command> ReactionFilter::scan(std::string& why) const {
    why.clear();
    const GameState& s = session_.state();
    if (s.decision != Decision::React || !session_.seat(s.decider).here()) return {};
    const RulesContext& ctx = session_.context();
    const Side side = s.decider;
    const std::vector<Command> legal = legal_commands(ctx, s);
    std::vector<Command> reactions;  // everything but decline and concede
    for (const Command& c : legal) {
        if (!std::holds_alternative<Decline>(c) && !std::holds_alternative<Concede>(c)) reactions.push_back(c);
    }
    if (s.forced_charger != kNone) {
        why = "a headstrong unit must charge";
        return reactions;
    }
    if (s.react_window == rules::ReactWindow::Evade) {
        why = "your unit may evade";
        return reactions;
    }
    const bool can_decline =
        std::any_of(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<Decline>(c); });
    if (!can_decline) {
        why = "a reaction must be made";
        return reactions;
    }
    if (hold_) {
        why = "taken back to this window";
        return reactions;
    }
    if (until_my_phase_[idx(side)]) return {};
    std::vector<Command> out;
    for (const Command& c : legal) {
        if (!std::holds_alternative<Charge>(c)) continue;
        if (why.empty()) why = "the moving unit can be charged (" + print(c) + ")";
        out.push_back(c);
    }
    const std::vector<Offer>& declined = declined_[idx(side)];
    for (const Command& c : legal) {
        const Shoot* shot = std::get_if<Shoot>(&c);
        if (!shot) continue;
        const auto target = unit_at(s, shot->target, other(side));
        if (!target) continue;
        const bool moved = s.units[*target].square != phase_start_[*target] ||
                           (s.move.active && s.move.unit == *target);
        if (!moved && unmoved_ == UnmovedShots::Never) continue;
        const Offer offer{shot->from, shot->target, static_cast<std::uint8_t>(*target)};
        if (std::find(declined.begin(), declined.end(), offer) != declined.end()) continue;
        if (why.empty()) why = std::string(moved ? "a shot at a unit that moved (" : "a new shot (") + print(c) + ")";
        out.push_back(c);
    }
    return out;
}

std::optional<std::string> ReactionFilter::reason() const {
    std::string why;
    scan(why);
    if (why.empty()) return std::nullopt;
    return why;
}

std::vector<Command> ReactionFilter::offers() const {
    std::string why;
    return scan(why);
}

bool ReactionFilter::would_pass() const {
    const GameState& s = session_.state();
    return s.decision == Decision::React && session_.seat(s.decider).here() && !reason();
}

int ReactionFilter::pass() {
    int n = 0;
    while (n < 200 && would_pass()) {
        const Side side = session_.state().decider;
        const std::uint64_t v = session_.version();
        if (!session_.play(Decline{}).ok() || session_.version() == v) break;
        ++passed_[idx(side)];
        ++n;
    }
    return n;
}

std::optional<std::string> ReactionFilter::decline_until_my_phase() {
    const GameState& s = session_.state();
    if (s.decision != Decision::React) return std::string("there is no reaction to let go now");
    const Side side = s.decider;
    until_my_phase_[idx(side)] = true;
    hold_ = false;
    if (auto why = session_.play(Decline{}).refused) {
        until_my_phase_[idx(side)] = false;
        return why;
    }
    return std::nullopt;
}

std::optional<std::string> ReactionFilter::played(const Session& session, const Entry& entry,
                                                  const GameState& before) {
    hold_ = false;
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
    if (phase_key(session.state()) != phase_key_) new_phase(session.state());
}

}  // namespace tercio::control
