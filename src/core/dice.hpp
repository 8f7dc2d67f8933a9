#pragma once
/// Dice sources. The rules draw every random number through a `Dice` (PS-DICE-9), so a game is
/// reproducible from a seed and testable with scripted rolls.
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/die.hpp"

namespace tercio::core {

/// Why a number is drawn; carried into error messages and roll events.
enum class RollPurpose : std::uint8_t {
    Initiative,
    Shooting,
    ShootingDefence,
    Melee,
    Morale,
    Chip,
    Rally,
    LeaderCheck,
    LeaderAlone,
    LeaderLost,
    Pursuit,
    KnightsRestraint,
    TerrainAllotment,
    TerrainAdjustment,
    ArmyUpgrade,
    ExtraUnit,
    MoraleChips,
    Nightfall,
    Shuffle,
    Other,
    /// A card pulled from among a deck's cards left, in their order (a public pick: the results
    /// sent to a network copy carry it). Last, so that PurposeDice's other streams keep their seeds.
    Card,
    /// The same from a deck of casualty cards.
    CasualtyCard,
    /// An army's spirit test at the end of a turn (The Sword and the Pike): a stream of its own, so
    /// that a search's play-outs roll the same test however many morale tests came before it.
    /// After the cards, so that every other stream keeps its seed.
    Spirit,
};

/// How many purposes there are.
inline constexpr std::size_t kRollPurposes = static_cast<std::size_t>(RollPurpose::Spirit) + 1;

/// Lower-case words, e.g. "initiative", "shooting defence".
std::string_view to_string(RollPurpose p);

/// Misuse of a dice source: a scripted list that runs out or does not match what is asked.
class DiceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The one interface the rules draw randomness from.
class Dice {
public:
    virtual ~Dice() = default;
    /// A natural result 1..faces(die).
    virtual int roll(DieType die, RollPurpose purpose) = 0;
    /// A uniform choice 0..n-1 (n >= 1), used for shuffling decks.
    virtual int pick(int n, RollPurpose purpose) = 0;
};

/// Our own generator: the SplitMix64 sequence indexed by the number of calls, with rejection
/// sampling for exact uniformity. Only 64-bit unsigned arithmetic, so the output is identical on
/// every compiler and platform. Its whole state is (seed, calls): a game saves those two numbers.
class SeededDice final : public Dice {
public:
    explicit SeededDice(std::uint64_t seed, std::uint64_t calls = 0) : seed_(seed), calls_(calls) {}
    int roll(DieType die, RollPurpose purpose) override;
    int pick(int n, RollPurpose purpose) override;
    std::uint64_t seed() const { return seed_; }
    /// Raw 64-bit draws made so far (a rejected draw counts too).
    std::uint64_t calls() const { return calls_; }

private:
    std::uint64_t next();
    std::uint64_t below(std::uint64_t n);
    std::uint64_t seed_;
    std::uint64_t calls_;
};

/// A SeededDice for each purpose, each seeded from one seed and the purpose, so that a draw for
/// one purpose never moves another's stream: the n-th shuffle, initiative roll or melee roll is the
/// same however many dice of other purposes were drawn before it. The computer's look-ahead plays
/// several commands out on one sample of the dice with it (src/ai/hard.cpp), so that their
/// play-outs share the sample's luck for longer.
class PurposeDice final : public Dice {
public:
    explicit PurposeDice(std::uint64_t seed);
    int roll(DieType die, RollPurpose purpose) override;
    int pick(int n, RollPurpose purpose) override;

private:
    std::array<SeededDice, kRollPurposes> streams_;
};

/// Passes every draw on to another source and counts them: how the game tells a command that
/// rolled dice (which cannot be taken back) from one that did not.
class CountingDice final : public Dice {
public:
    explicit CountingDice(Dice& inner) : inner_(inner) {}
    int roll(DieType die, RollPurpose purpose) override {
        ++draws_;
        return inner_.roll(die, purpose);
    }
    int pick(int n, RollPurpose purpose) override {
        ++draws_;
        return inner_.pick(n, purpose);
    }
    std::uint64_t draws() const { return draws_; }

private:
    Dice& inner_;
    std::uint64_t draws_ = 0;
};

/// One scripted draw: a die roll ("d12:7"), a pick ("u20:3", 0..19), or an untyped value ("5").
struct ScriptedRoll {
    enum class Kind : std::uint8_t { Any, Die, Pick };
    Kind kind = Kind::Any;
    DieType die = DieType::D6;  ///< for Kind::Die
    int range = 0;              ///< for Kind::Pick: the n of "u<n>"
    int value = 0;
    std::string text;  ///< as written, for messages
};

/// Plays back a fixed list of results and fails loudly, naming the roll, when asked for a
/// different die than scripted, when a value is out of range, or when the list runs out.
class ScriptedDice final : public Dice {
public:
    explicit ScriptedDice(std::vector<ScriptedRoll> rolls) : rolls_(std::move(rolls)) {}
    /// Parses "d12:7, d12:3 d6:4 u20:5 3" (comma or space separated). Throws DiceError naming the
    /// bad entry.
    static ScriptedDice parse(std::string_view text);
    int roll(DieType die, RollPurpose purpose) override;
    int pick(int n, RollPurpose purpose) override;
    /// Scripted entries not yet used.
    std::size_t remaining() const { return rolls_.size() - next_; }
    std::size_t used() const { return next_; }

private:
    const ScriptedRoll& take(std::string_view asked, RollPurpose purpose);
    std::vector<ScriptedRoll> rolls_;
    std::size_t next_ = 0;
};

}  // namespace tercio::core
