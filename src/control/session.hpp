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

/// The owner of a game played in another process. A network client's Session is a copy of the
/// game server's: its play() and undo() are sent to the owner, and the copy changes only when the
/// owner says what was played (Session::replicate).
class Owner {
  public:
    virtual ~Owner() = default;
    /// Sends the command to the owner and waits for its answer: refused (with the reason), or
    /// played, in which case the owner's report has already been replicated here.
    virtual std::optional<std::string> play(const rules::Command& c) = 0;
    /// Asks the owner to take back the newest command: a reason if it cannot be asked or was
    /// refused, else nothing (the answer, when it comes, is replicated or told as a notice).
    virtual std::optional<std::string> undo() = 0;
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
    /// A game from a state with dice the caller keeps (scripted dice in tests, a network copy's
    /// dice). calls() is 0.
    Session(const rules::RulesContext& ctx, rules::GameState state, core::Dice& dice, rules::Events setup_events = {});
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
    /// A command the game's owner played (see Owner): played here exactly as play() would without
    /// an owner, with the dice the caller gave this session. Refused only if the copy has fallen
    /// out of step.
    Outcome replicate(const rules::Command& c);
    /// The owner took back the newest command: takes it back here.
    std::optional<std::string> replicate_undo();
    /// A copy's face-down cards are in an order of its own (the owner's is secret): before a card
    /// the owner turned is replicated, it is put on top of `side`'s face-down cards. False if no
    /// face-down card of that kind is left (the copy is out of step).
    bool put_on_top(rules::Side side, rules::CardKind card);
    /// Sends play() and undo() to `owner` from now on (not owned; nullptr: played here).
    void set_owner(Owner* owner) { owner_ = owner; }
    bool has_owner() const { return owner_ != nullptr; }

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
    /// Whether the game waits for a side that is not decided at this keyboard (the computer's, or
    /// one played elsewhere).
    bool others_decide() const { return !over() && !seat(state_.decider).here(); }

    /// Tells every observer a notice from outside the rules (a chat line, the game server's news).
    void notify(const std::string& text) const { tell_notices({text}); }

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
    Owner* owner_ = nullptr;
    std::uint64_t version_ = 0;
};

/// "B (Spanish, normal)": a side the computer plays, with its army and level; "B (Spanish, bob)"
/// for a side played elsewhere.
std::string computer_name(const Session& session, rules::Side side);

}  // namespace tercio::control
