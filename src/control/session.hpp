#pragma once
/// One game and its one owner. A Session holds the rules context, the state, the dice, the
/// history of commands played, the points a command can be taken back to, who plays each side,
/// and the observers told of every change. Every front end (the curses screen, the plain-text
/// mode), the computer's turns and the save keeper drive the game through it with Command
/// values; none of them holds a GameState of its own. Pure: no I/O, no terminal, no globals.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "rules/game.hpp"

namespace tercio::control {

/// Who plays a side: a person at this program's keyboard, or the computer at a level.
struct Seat {
    enum class Kind : std::uint8_t { Person, Computer };
    Kind kind = Kind::Person;
    std::string level;  ///< the computer's level ("normal"); empty for a person
    bool computer() const { return kind == Kind::Computer; }
    static Seat person() { return Seat{}; }
    static Seat computer_at(std::string level) { return Seat{Kind::Computer, std::move(level)}; }
};

/// One command of the game as played.
struct Entry {
    rules::Command command;
    rules::Side by = rules::Side::A;  ///< the side that gave it
    rules::Events events;
    /// It drew from the dice or turned a card (rules::play decides): nothing before it can be
    /// taken back.
    bool random = false;
    std::uint64_t calls = 0;  ///< the dice draws made once it was played (a SeededDice's position)
};

class Session;

/// Told of every change to a session, in the order the observers were added. A front end
/// redraws from it; the save keeper writes the save. An observer in another process (a network
/// client) is told the same things.
class Observer {
  public:
    virtual ~Observer() = default;
    /// After a command was played: `entry` is the newest of history(), `before` the state it was
    /// played on. A problem the players should know of (the disk refused the save), or nothing.
    virtual std::optional<std::string> played(const Session& session, const Entry& entry,
                                              const rules::GameState& before) {
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
    virtual void seated(const Session& session, rules::Side side, const std::string& why) {
        (void)session, (void)side, (void)why;
    }
    /// A problem an observer reported for the last change, told to every observer once all
    /// have seen the change itself.
    virtual void notice(const Session& session, const std::string& text) { (void)session, (void)text; }
};

class Session {
  public:
    /// A new game from a seed (PS-SETUP-1): new_game's set-up rolls are setup_events().
    Session(const rules::RulesContext& ctx, std::uint64_t seed);
    /// A game from a state, with its own seeded dice at their position (a position file), or
    /// from a new game's set-up (a save being resumed, whose commands are then given with
    /// record()).
    Session(const rules::RulesContext& ctx, rules::GameState state, std::uint64_t seed, std::uint64_t calls,
            rules::Events setup_events = {});
    /// A game from a state with dice the caller keeps (scripted dice in tests). calls() is 0.
    Session(const rules::RulesContext& ctx, rules::GameState state, core::Dice& dice);
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    const rules::RulesContext& context() const { return ctx_; }
    const rules::GameState& state() const { return state_; }
    /// The set-up rolls of a new game (empty when made from a state without them).
    const rules::Events& setup_events() const { return setup_; }
    const std::vector<Entry>& history() const { return history_; }
    /// Changes whenever a command is played or taken back: a decision asked for before then is
    /// for another game state.
    std::uint64_t version() const { return version_; }
    /// The seed and the draws made (0 and 0 with borrowed dice).
    std::uint64_t seed() const { return seeded_ ? seeded_->seed() : 0; }
    std::uint64_t calls() const { return seeded_ ? seeded_->calls() : 0; }
    bool over() const { return state_.decision == rules::Decision::GameOver; }

    /// What came of play().
    struct Outcome {
        std::optional<std::string> refused;  ///< illegal now: nothing changed
        std::vector<std::string> problems;   ///< what observers reported (told to all as notices)
        bool ok() const { return !refused; }
    };
    /// Plays a command for the side that decides now: checked and applied once (rules::play),
    /// added to the history, then every observer is told.
    Outcome play(const rules::Command& c);
    /// A command already played elsewhere (a save being resumed, checked by its replay): taken
    /// into the history and the undo points as if played, without telling the observers.
    /// `after` is the state it led to and `calls` the draws made then.
    void record(const rules::Command& c, rules::Events events, bool random, const rules::GameState& before,
                const rules::GameState& after, std::uint64_t calls);

    /// How many of the newest commands can be taken back: those played since the last one that
    /// rolled dice or turned a card.
    std::size_t undoable() const { return undo_.size(); }
    /// Takes back the newest command, if it can be; the reason if not (nothing to take back, or
    /// an observer refused).
    std::optional<std::string> undo();

    const Seat& seat(rules::Side side) const { return seats_[rules::idx(side)]; }
    /// Who plays `side` from now on; observers are told, with `why` if given.
    void set_seat(rules::Side side, Seat seat, const std::string& why = {});
    /// Whether the game waits for a side the computer plays.
    bool computer_decides() const { return !over() && seat(state_.decider).computer(); }

    /// Adds an observer (not owned; it must outlive the session or be removed first).
    void add_observer(Observer* o);
    void remove_observer(Observer* o);

  private:
    void tell_notices(const std::vector<std::string>& problems) const;

    const rules::RulesContext& ctx_;
    rules::GameState state_;
    std::optional<core::SeededDice> own_dice_;
    core::Dice* dice_ = nullptr;
    const core::SeededDice* seeded_ = nullptr;
    rules::Events setup_;
    std::vector<Entry> history_;
    std::vector<rules::GameState> undo_;  ///< the states before the newest undoable() commands
    std::array<Seat, 2> seats_{};
    std::vector<Observer*> observers_;
    std::uint64_t version_ = 0;
};

/// "B (Spanish, normal)": a side the computer plays, with its army and level.
std::string computer_name(const Session& session, rules::Side side);

}  // namespace tercio::control
