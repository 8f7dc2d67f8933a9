#pragma once
/// Keeping a client's copy of a game in step with the server's, without the secret. The server
/// plays each command with the game's dice; it sends the command, the results the dice gave (the
/// picks that shuffle a deck left out) and the card a turn revealed. The client plays the same
/// command on its copy with those results and gets the same events, history and state, except
/// the order of the face-down cards, which it never learns. A hash of the state with that order
/// hidden (ai::hide_unseen_cards) checks every step. Pure: no sockets.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kits/pikette/control/session.hpp"
#include "core/dice.hpp"
#include "net/protocol.hpp"
#include "rules/game.hpp"
#include "kits/pikette/ai/players.hpp"

namespace tercio::net {

/// Passes every draw on and keeps the results the copies need: all but the shuffles' picks.
class RecordingDice final : public core::Dice {
  public:
    explicit RecordingDice(core::Dice& inner) : inner_(inner) {}
    int roll(core::DieType die, core::RollPurpose purpose) override;
    int pick(int n, core::RollPurpose purpose) override;
    const std::vector<int>& results() const { return results_; }

  private:
    core::Dice& inner_;
    std::vector<int> results_;
};

/// A copy's dice: gives back the results it was loaded with, in order, and 0 for every shuffle
/// pick (the copy's face-down order is its own). Throws core::DiceError when asked for more than
/// it holds or for a result out of the die's range: the copy is out of step.
class MirrorDice final : public core::Dice {
  public:
    void load(std::vector<int> results);
    int roll(core::DieType die, core::RollPurpose purpose) override;
    int pick(int n, core::RollPurpose purpose) override;
    std::size_t remaining() const { return results_.size() - next_; }

  private:
    int take(int lo, int hi, core::RollPurpose purpose);
    std::vector<int> results_;
    std::size_t next_ = 0;
};

/// The hash of a state with its face-down order hidden: what a copy can check.
std::uint64_t public_hash(const rules::GameState& s);
/// The same as 16 hex digits, as messages carry it.
std::string public_hash_text(const rules::GameState& s);

/// The server's side: makes the messages a copy is built from.
/// "setup": a new game's set-up results and the public hash of the state after it.
Message setup_message(const std::vector<int>& results, const rules::GameState& after);
/// "played": the command, the side that gave it, its results, the card it turned, the hash after.
Message played_message(const control::Entry& entry, const std::vector<int>& results, const rules::GameState& after);
/// Plays `entry`'s command again on `before` with dice at the draw `calls_before` of the game
/// seeded `seed`, recording the results: the played message of a command already in the
/// session's history. Throws std::logic_error if it does not give the same state (it always does:
/// the rules are deterministic).
Message replay_message(const rules::RulesContext& ctx, const rules::GameState& before, const control::Entry& entry,
                       std::uint64_t seed, std::uint64_t calls_before, rules::GameState* after_out = nullptr);

/// The client's side: a copy of a game built from the server's messages.
class Replica {
  public:
    /// A new game's copy from its "setup" message; the reason in `why` if it does not check.
    static std::unique_ptr<Replica> from_setup(const rules::RulesContext& ctx, const Message& setup, std::string& why);
    Replica(const Replica&) = delete;
    Replica& operator=(const Replica&) = delete;

    control::Session& session() { return *session_; }
    const control::Session& session() const { return *session_; }
    /// Plays a "played" message on the copy (its observers are told as for any command). The
    /// reason if the message does not fit the copy: the copy is then out of step and should be
    /// dropped.
    std::optional<std::string> apply(const Message& played);
    /// The server took back the newest command.
    std::optional<std::string> undo(const Message& undone);

  private:
    Replica() = default;
    MirrorDice dice_;
    std::unique_ptr<control::Session> session_;
};

}  // namespace tercio::net
