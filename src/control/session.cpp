#include "control/session.hpp"

#include <algorithm>
#include <utility>

namespace tercio::control {

Session::Session(const rules::RulesContext& ctx, std::uint64_t seed) : ctx_(ctx), own_dice_(core::SeededDice(seed)) {
    dice_ = &*own_dice_;
    seeded_ = &*own_dice_;
    setup_ = rules::new_game(ctx_, state_, *dice_);
}

Session::Session(const rules::RulesContext& ctx, rules::GameState state, std::uint64_t seed, std::uint64_t calls,
                 rules::Events setup_events)
    : ctx_(ctx), state_(std::move(state)), own_dice_(core::SeededDice(seed, calls)), setup_(std::move(setup_events)) {
    dice_ = &*own_dice_;
    seeded_ = &*own_dice_;
}

Session::Session(const rules::RulesContext& ctx, rules::GameState state, core::Dice& dice, rules::Events setup_events)
    : ctx_(ctx), state_(std::move(state)), dice_(&dice), setup_(std::move(setup_events)) {}

Session::Outcome Session::play(const rules::Command& c) {
    if (owner_) {
        Outcome out;
        out.refused = owner_->play(c);
        return out;
    }
    return replicate(c);
}

Session::Outcome Session::replicate(const rules::Command& c) {
    Outcome out;
    const rules::GameState before = state_;
    rules::Played p = rules::play(ctx_, state_, c, *dice_);
    if (!p.ok()) {
        out.refused = std::move(p.refused);
        return out;
    }
    if (p.random) {
        undo_.clear();
    } else {
        undo_.push_back(before);
    }
    history_.push_back(Entry{c, before.decider, std::move(p.events), p.random, calls()});
    ++version_;
    for (Observer* o : observers_) {
        if (auto problem = o->played(*this, history_.back(), before)) out.problems.push_back(std::move(*problem));
    }
    tell_notices(out.problems);
    return out;
}

void Session::record(const rules::Command& c, rules::Events events, bool random, const rules::GameState& before,
                     const rules::GameState& after, std::uint64_t calls) {
    if (random) {
        undo_.clear();
    } else {
        undo_.push_back(before);
    }
    history_.push_back(Entry{c, before.decider, std::move(events), random, calls});
    state_ = after;
    if (own_dice_) *own_dice_ = core::SeededDice(own_dice_->seed(), calls);
    ++version_;
}

std::optional<std::string> Session::undo() {
    if (owner_) {
        if (undo_.empty()) return std::string("nothing to take back: dice were rolled or a card turned since");
        return owner_->undo();
    }
    return replicate_undo();
}

bool Session::put_on_top(rules::Side side, rules::CardKind card) {
    rules::Deck& d = state_.decks[rules::idx(side)];
    for (int i = d.drawn; i < d.size; ++i) {
        if (d.cards[static_cast<std::size_t>(i)] == card) {
            std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[d.drawn]);
            return true;
        }
    }
    return false;
}

std::optional<std::string> Session::replicate_undo() {
    if (undo_.empty()) return std::string("nothing to take back: dice were rolled or a card turned since");
    for (Observer* o : observers_) {
        if (auto why = o->undoing(*this)) return "could not take it back: " + *why;
    }
    // Nothing drawn since this point (it would have cleared the undo points): the dice stand
    // where they stood before the command.
    state_ = std::move(undo_.back());
    undo_.pop_back();
    history_.pop_back();
    ++version_;
    for (Observer* o : observers_) o->undone(*this);
    return std::nullopt;
}

void Session::set_seat(rules::Side side, Seat seat, const std::string& why) {
    seats_[rules::idx(side)] = std::move(seat);
    for (Observer* o : observers_) o->seated(*this, side, why);
}

void Session::add_observer(Observer* o) {
    if (std::find(observers_.begin(), observers_.end(), o) == observers_.end()) observers_.push_back(o);
}

void Session::remove_observer(Observer* o) { observers_.erase(std::remove(observers_.begin(), observers_.end(), o), observers_.end()); }

void Session::tell_notices(const std::vector<std::string>& problems) const {
    for (const std::string& text : problems) {
        for (Observer* o : observers_) o->notice(*this, text);
    }
}

std::string computer_name(const Session& session, rules::Side side) {
    const Seat& seat = session.seat(side);
    return std::string(1, rules::side_letter(side)) + " (" + session.context().army(side).name + ", " +
           (seat.elsewhere() ? seat.name : seat.level) + ")";
}

}  // namespace tercio::control
