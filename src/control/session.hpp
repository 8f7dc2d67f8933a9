#pragma once
/// One game and its one owner. A Session holds the rules context, the state, the dice, the
/// history of commands played, the points a command can be taken back to, who plays each side,
/// and the observers told of every change. Every front end (the curses screen, the plain-text
/// mode), the computer's turns and the save keeper drive the game through it with Command
/// values; none of them holds a GameState of its own. Pure: no I/O, no terminal, no globals.
/// Written once for every rules engine (src/core/engine.hpp): SessionOf<E>, and its Entry,
/// Observer and Owner. Nothing here names a ruleset.
#include <array>
#include <cstdint>
#include <memory>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <algorithm>
#include <concepts>
#include <utility>

#include "core/dice.hpp"
#include "core/engine.hpp"

namespace tercio::control {

/// Who plays a side: a person at this program's keyboard, the computer at a level (deciding in
/// this program), or someone elsewhere (a player at another terminal, or a computer the game
/// server runs: a network client's copy of the game only watches that side decide).
struct Seat {
    enum class Kind : std::uint8_t { Person, Computer, Elsewhere };
    Kind kind = Kind::Person;
    std::string level;  ///< the computer's level ("normal"); empty for a person
    std::string name;   ///< Elsewhere: who decides there ("bob", "the computer, hard")
    bool computer() const { return kind == Kind::Computer; }
    bool elsewhere() const { return kind == Kind::Elsewhere; }
    /// Whether this program's keyboard decides for the side.
    bool here() const { return kind == Kind::Person; }
    static Seat person() { return Seat{}; }
    static Seat computer_at(std::string level) { return Seat{Kind::Computer, std::move(level), {}}; }
    static Seat elsewhere_as(std::string name) { return Seat{Kind::Elsewhere, {}, std::move(name)}; }
};

/// One command of the game as played.
template <core::RulesEngine E>
struct EntryOf {
    typename E::Command command;
    core::Side by = core::Side::A;  ///< the side that gave it
    typename E::Events events;
    /// It drew from the dice or turned a card (the engine's play decides): nothing before it can be
    /// taken back.
    bool random = false;
    std::uint64_t calls = 0;  ///< the dice draws made once it was played (a SeededDice's position)
};

template <core::RulesEngine E>
class SessionOf;

/// Told of every change to a session, in the order the observers were added. A front end
/// redraws from it; the save keeper writes the save. An observer in another process (a network
/// client) is told the same things.
template <core::RulesEngine E>
class ObserverOf {
  public:
    using Session = SessionOf<E>;
    using Entry = EntryOf<E>;
    virtual ~ObserverOf() = default;
    /// After a command was played: `entry` is the newest of history(), `before` the state it was
    /// played on. A problem the players should know of (the disk refused the save), or nothing.
    virtual std::optional<std::string> played(const Session& session, const Entry& entry,
                                              const typename E::State& before) {
        (void)session, (void)entry, (void)before;
        return std::nullopt;
    }
    /// Before the newest command is taken back: a reason to refuse it (the save could not be
    /// rewritten), or nothing. Nothing has changed yet.
    virtual std::optional<std::string> undoing(const Session& session) {
        (void)session;
        return std::nullopt;
    }
    /// After the newest command was taken back (it is no longer in history()).
    virtual void undone(const Session& session) { (void)session; }
    /// A side's seat changed; `why` says why when the session did it (a computer that failed).
    virtual void seated(const Session& session, core::Side side, const std::string& why) {
        (void)session, (void)side, (void)why;
    }
    /// A problem an observer reported for the last change, told to every observer once all
    /// have seen the change itself.
    virtual void notice(const Session& session, const std::string& text) { (void)session, (void)text; }
};

/// The owner of a game played in another process. A network client's Session is a copy of the
/// game server's: its play() and undo() are sent to the owner, and the copy changes only when the
/// owner says what was played (Session::replicate).
template <core::RulesEngine E>
class OwnerOf {
  public:
    virtual ~OwnerOf() = default;
    /// Sends the command to the owner and waits for its answer: refused (with the reason), or
    /// played, in which case the owner's report has already been replicated here.
    virtual std::optional<std::string> play(const typename E::Command& c) = 0;
    /// Asks the owner to take back the newest command: a reason if it cannot be asked or was
    /// refused, else nothing (the answer, when it comes, is replicated or told as a notice).
    virtual std::optional<std::string> undo() = 0;
};

template <core::RulesEngine E>
class SessionOf {
  public:
    using Context = typename E::Context;
    using State = typename E::State;
    using Command = typename E::Command;
    using Events = typename E::Events;
    using Entry = EntryOf<E>;
    using Observer = ObserverOf<E>;
    using Owner = OwnerOf<E>;

    /// A new game from a seed (PS-SETUP-1): new_game's set-up rolls are setup_events().
    SessionOf(const Context& ctx, std::uint64_t seed) : ctx_(ctx), own_dice_(core::SeededDice(seed)) {
        dice_ = &*own_dice_;
        seeded_ = &*own_dice_;
        setup_ = E::new_game(ctx_, state_, *dice_);
    }
    /// A game from a state, with its own seeded dice at their position (a position file), or
    /// from a new game's set-up (a save being resumed, whose commands are then given with
    /// record()).
    SessionOf(const Context& ctx, State state, std::uint64_t seed, std::uint64_t calls, Events setup_events = {})
        : ctx_(ctx), state_(std::move(state)), own_dice_(core::SeededDice(seed, calls)), setup_(std::move(setup_events)) {
        dice_ = &*own_dice_;
        seeded_ = &*own_dice_;
    }
    /// A game from a state with dice the caller keeps (scripted dice in tests, a network copy's
    /// dice). calls() is 0.
    SessionOf(const Context& ctx, State state, core::Dice& dice, Events setup_events = {})
        : ctx_(ctx), state_(std::move(state)), dice_(&dice), setup_(std::move(setup_events)) {}
    SessionOf(const SessionOf&) = delete;
    SessionOf& operator=(const SessionOf&) = delete;

    const Context& context() const { return ctx_; }
    const State& state() const { return state_; }
    /// The set-up rolls of a new game (empty when made from a state without them).
    const Events& setup_events() const { return setup_; }
    const std::vector<Entry>& history() const { return history_; }
    /// Changes whenever a command is played or taken back: a decision asked for before then is
    /// for another game state.
    std::uint64_t version() const { return version_; }
    /// The seed and the draws made (0 and 0 with borrowed dice).
    std::uint64_t seed() const { return seeded_ ? seeded_->seed() : 0; }
    std::uint64_t calls() const { return seeded_ ? seeded_->calls() : 0; }
    bool over() const { return E::over(state_); }
    /// The side that must decide now.
    core::Side decider() const { return E::deciding_side(state_); }

    /// What came of play().
    struct Outcome {
        std::optional<std::string> refused;  ///< illegal now: nothing changed
        std::vector<std::string> problems;   ///< what observers reported (told to all as notices)
        bool ok() const { return !refused; }
    };
    /// Plays a command for the side that decides now: checked and applied once (E::play),
    /// added to the history, then every observer is told.
    Outcome play(const Command& c) {
        if (owner_) {
            Outcome out;
            out.refused = owner_->play(c);
            return out;
        }
        return replicate(c);
    }
    /// A command the game's owner played (see Owner): played here exactly as play() would without
    /// an owner, with the dice the caller gave this session. Refused only if the copy has fallen
    /// out of step.
    Outcome replicate(const Command& c) {
        Outcome out;
        const State before = state_;
        typename E::Played p = E::play(ctx_, state_, c, *dice_);
        if (!p.ok()) {
            out.refused = std::move(p.refused);
            return out;
        }
        if (p.random) {
            undo_.clear();
        } else {
            undo_.push_back(before);
        }
        history_.push_back(Entry{c, E::deciding_side(before), std::move(p.events), p.random, calls()});
        ++version_;
        for (Observer* o : observers_) {
            if (auto problem = o->played(*this, history_.back(), before)) out.problems.push_back(std::move(*problem));
        }
        tell_notices(out.problems);
        return out;
    }
    /// The owner took back the newest command: takes it back here.
    std::optional<std::string> replicate_undo() {
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
    /// A copy's face-down cards are in an order of its own (the owner's is secret): before a card
    /// the owner turned is replicated, `arrange(state)` puts it where the copy will turn it (it may
    /// reorder only the face-down cards of the copy's state: a kit's Net::put_face_down); its
    /// answer (false: the copy is out of step) is returned.
    template <class F>
    bool arrange_unseen(F&& arrange) {
        return arrange(state_);
    }
    /// Sends play() and undo() to `owner` from now on (not owned; nullptr: played here).
    void set_owner(Owner* owner) { owner_ = owner; }
    bool has_owner() const { return owner_ != nullptr; }

    /// A command already played elsewhere (a save being resumed, checked by its replay): taken
    /// into the history and the undo points as if played, without telling the observers.
    /// `after` is the state it led to and `calls` the draws made then.
    void record(const Command& c, Events events, bool random, const State& before, const State& after,
                std::uint64_t calls) {
        if (random) {
            undo_.clear();
        } else {
            undo_.push_back(before);
        }
        history_.push_back(Entry{c, E::deciding_side(before), std::move(events), random, calls});
        state_ = after;
        if (own_dice_) *own_dice_ = core::SeededDice(own_dice_->seed(), calls);
        ++version_;
    }

    /// How many of the newest commands can be taken back: those played since the last one that
    /// rolled dice or turned a card.
    std::size_t undoable() const { return undo_.size(); }
    /// The state the command `back` places before the newest was played in (0: the newest), for
    /// back < undoable(): a command about to be taken back is named in it (its text may name
    /// units by what stood where then).
    const State& state_before(std::size_t back) const { return undo_[undo_.size() - 1 - back]; }
    /// Takes back the newest command, if it can be; the reason if not (nothing to take back, or
    /// an observer refused).
    std::optional<std::string> undo() {
        if (owner_) {
            if (undo_.empty()) return std::string("nothing to take back: dice were rolled or a card turned since");
            return owner_->undo();
        }
        return replicate_undo();
    }

    const Seat& seat(core::Side side) const { return seats_[core::idx(side)]; }
    /// Who plays `side` from now on; observers are told, with `why` if given.
    void set_seat(core::Side side, Seat seat, const std::string& why = {}) {
        seats_[core::idx(side)] = std::move(seat);
        for (Observer* o : observers_) o->seated(*this, side, why);
    }
    /// Whether the game waits for a side the computer plays.
    bool computer_decides() const { return !over() && seat(decider()).computer(); }
    /// Whether the game waits for a side that is not decided at this keyboard (the computer's, or
    /// one played elsewhere).
    bool others_decide() const { return !over() && !seat(decider()).here(); }

    /// Tells every observer a notice from outside the rules (a chat line, the game server's news).
    void notify(const std::string& text) const { tell_notices({text}); }

    /// Adds an observer (not owned; it must outlive the session or be removed first).
    void add_observer(Observer* o) {
        if (std::find(observers_.begin(), observers_.end(), o) == observers_.end()) observers_.push_back(o);
    }
    void remove_observer(Observer* o) {
        observers_.erase(std::remove(observers_.begin(), observers_.end(), o), observers_.end());
    }

  private:
    void tell_notices(const std::vector<std::string>& problems) const {
        for (const std::string& text : problems) {
            for (Observer* o : observers_) o->notice(*this, text);
        }
    }

    const Context& ctx_;
    State state_;
    std::optional<core::SeededDice> own_dice_;
    core::Dice* dice_ = nullptr;
    const core::SeededDice* seeded_ = nullptr;
    Events setup_;
    std::vector<Entry> history_;
    std::vector<State> undo_;  ///< the states before the newest undoable() commands
    std::array<Seat, 2> seats_{};
    std::vector<Observer*> observers_;
    Owner* owner_ = nullptr;
    std::uint64_t version_ = 0;
};

/// "B (Spanish, normal)": a side the computer plays, with its army and level; "B (Spanish, bob)"
/// for a side played elsewhere.
template <core::RulesEngine E>
std::string computer_name(const SessionOf<E>& session, core::Side side) {
    const Seat& seat = session.seat(side);
    return std::string(1, core::side_letter(side)) + " (" + session.context().army(side).name + ", " +
           (seat.elsewhere() ? seat.name : seat.level) + ")";
}

/// Takes back the last command a person gave that can be taken back, and the computer's replies
/// after it (a front end's undo when the computer plays a side); `print` names a command in the
/// state it was played in. What to
/// tell the player: what was taken back, or why nothing was.
template <core::RulesEngine E>
std::string take_back_to_person(
    SessionOf<E>& session,
    const std::function<std::string(const typename E::Command&, const typename E::State& before)>& print) {
    const auto& history = session.history();
    const std::size_t undoable = session.undoable();
    const auto computer = [&](core::Side s) { return session.seat(s).computer(); };
    std::size_t replies = 0;
    while (replies < undoable && computer(history[history.size() - 1 - replies].by)) ++replies;
    if (replies == undoable) {
        return !computer(core::Side::A) || !computer(core::Side::B)
                   ? "Nothing to take back: dice were rolled or a card turned since your last command."
                   : "Nothing to take back: the computer plays both sides.";
    }
    const std::string what =
        "\"" + print(history[history.size() - 1 - replies].command, session.state_before(replies)) + "\"";
    for (std::size_t i = 0; i <= replies; ++i) {
        if (auto why = session.undo()) return *why;
    }
    return "Took back " + what +
           (replies == 0   ? std::string()
            : replies == 1 ? std::string(" and the computer's reply")
                           : " and the computer's " + std::to_string(replies) + " replies") +
           ".";
}

}  // namespace tercio::control
