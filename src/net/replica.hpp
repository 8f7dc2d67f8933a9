#pragma once
/// Keeping a client's copy of a game in step with the server's, without the secret. The server
/// plays each command with the game's dice; it sends the command, the results the dice gave (the
/// picks that shuffle a deck left out) and the card a turn revealed. The client plays the same
/// command on its copy with those results and gets the same events, history and state, except
/// the order of the face-down cards, which it never learns. A hash of the state with that order
/// hidden (E::hide_unseen) checks every step. Pure: no sockets. Written once for every ruleset, as
/// templates over its engine E; what it needs of a ruleset beyond the engine is its kit's net group
/// (kits/kit.hpp: the cards a command turned, and putting one on top of a copy's face-down cards).
#include <array>
#include <charconv>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <variant>
#include <memory>
#include <stdexcept>
#include <optional>
#include <string>
#include <vector>

#include "control/session.hpp"
#include "core/dice.hpp"
#include "net/protocol.hpp"
#include "kits/registry.hpp"

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

namespace detail {
std::string hex(std::uint64_t v);
std::string results_text(const std::vector<int>& results);
/// "3 5 1" -> {3, 5, 1}; nothing if a word is not a small number.
std::optional<std::vector<int>> parse_results(std::string_view text);
std::optional<core::Side> parse_side(std::string_view text);
}  // namespace detail

/// The hash of a state with its face-down order hidden: what a copy can check.
template <core::RulesEngine E>
std::uint64_t public_hash(const typename E::State& s) {
    typename E::State copy = s;
    E::hide_unseen(copy);
    return E::hash(copy);
}
namespace detail {
/// The engine whose state S is, among the kits' (void if none).
template <class S, class Tuple>
struct EngineOfState {
    using type = void;
};
template <class S, class K, class... Rest>
struct EngineOfState<S, std::tuple<K, Rest...>> {
    using type = std::conditional_t<std::is_same_v<typename K::Engine::State, S>, typename K::Engine,
                                    typename EngineOfState<S, std::tuple<Rest...>>::type>;
};
}  // namespace detail

/// The same, its engine found from the state's type.
template <class S>
    requires(!std::is_void_v<typename detail::EngineOfState<S, kits::Kits>::type>)
std::uint64_t public_hash(const S& s) {
    return public_hash<typename detail::EngineOfState<S, kits::Kits>::type>(s);
}

/// The same as 16 hex digits, as messages carry it.
template <core::RulesEngine E>
std::string public_hash_text(const typename E::State& s) {
    return detail::hex(public_hash<E>(s));
}

/// The server's side: makes the messages a copy is built from.
/// "setup": a new game's set-up results and the public hash of the state after it.
template <core::RulesEngine E>
Message setup_message(const std::vector<int>& results, const typename E::State& after) {
    Message m("setup");
    m.add("results", detail::results_text(results));
    m.add("hash", public_hash_text<E>(after));
    return m;
}

/// "played": the command, the side that gave it, its results, the card it turned, the hash after.
/// `before` is the state the command was played on (its text may depend on it).
template <core::RulesEngine E>
Message played_message(const typename E::Context& ctx, const typename E::State& before,
                       const control::EntryOf<E>& entry, const std::vector<int>& results,
                       const typename E::State& after) {
    Message m("played");
    m.add("by", std::string(1, core::side_letter(entry.by)));
    m.add("command", E::print(ctx, before, entry.command));
    m.add("results", detail::results_text(results));
    for (const auto& [side, kind] : kits::KitOf<E>::Net::turned_cards(entry.events)) {
        m.add("card", std::string(1, core::side_letter(side)) + " " + std::to_string(kind));
    }
    m.add("hash", public_hash_text<E>(after));
    return m;
}

/// Plays `entry`'s command again on `before` with dice at the draw `calls_before` of the game
/// seeded `seed`, recording the results: the played message of a command already in the
/// session's history. Throws std::logic_error if it does not give the same state (it always does:
/// the rules are deterministic).
template <core::RulesEngine E>
Message replay_message(const typename E::Context& ctx, const typename E::State& before,
                       const control::EntryOf<E>& entry, std::uint64_t seed, std::uint64_t calls_before,
                       typename E::State* after_out = nullptr) {
    core::SeededDice dice(seed, calls_before);
    RecordingDice recording(dice);
    typename E::State after = before;
    const auto p = E::play(ctx, after, entry.command, recording);
    if (!p.ok() || dice.calls() != entry.calls) {
        throw std::logic_error("replaying \"" + E::print(ctx, before, entry.command) +
                               "\" did not give the game's result");
    }
    Message m = played_message<E>(ctx, before, entry, recording.results(), after);
    if (after_out) *after_out = std::move(after);
    return m;
}

/// The client's side: a copy of a game built from the server's messages.
template <core::RulesEngine E>
class ReplicaOf {
  public:
    using Session = control::SessionOf<E>;
    /// A new game's copy from its "setup" message; the reason in `why` if it does not check.
    static std::unique_ptr<ReplicaOf> from_setup(const typename E::Context& ctx, const Message& setup,
                                                 std::string& why) {
        const auto results = detail::parse_results(setup.value("results"));
        if (setup.kind != "setup" || !results) {
            why = "the server's set-up message is malformed";
            return nullptr;
        }
        std::unique_ptr<ReplicaOf> r(new ReplicaOf());
        r->dice_.load(*results);
        typename E::State s;
        typename E::Events events;
        try {
            events = E::new_game(ctx, s, r->dice_);
        } catch (const core::DiceError& e) {
            why = std::string("the game's set-up does not fit this program's data: ") + e.what();
            return nullptr;
        }
        if (r->dice_.remaining() != 0 || check_hash(setup, s)) {
            why = "the game's set-up does not fit this program's data (are both ends the same version, with the "
                  "same army and ruleset files?)";
            return nullptr;
        }
        r->session_ = std::make_unique<Session>(ctx, s, r->dice_, std::move(events));
        return r;
    }
    ReplicaOf(const ReplicaOf&) = delete;
    ReplicaOf& operator=(const ReplicaOf&) = delete;

    Session& session() { return *session_; }
    const Session& session() const { return *session_; }
    /// Plays a "played" message on the copy (its observers are told as for any command). The
    /// reason if the message does not fit the copy: the copy is then out of step and should be
    /// dropped.
    std::optional<std::string> apply(const Message& played) {
        const auto by = detail::parse_side(played.value("by"));
        const auto results = detail::parse_results(played.value("results"));
        if (!by || !results) return std::string("the server sent a malformed command report");
        const typename E::Context& ctx = session_->context();
        auto parsed = E::parse(ctx, session_->state(), *by, played.value("command"));
        if (!std::holds_alternative<typename E::Command>(parsed)) {
            return std::string("the server sent a malformed command report");
        }
        const typename E::Command command = std::get<typename E::Command>(std::move(parsed));
        if (E::deciding_side(session_->state()) != *by) {
            return std::string("the server's command is for the side not deciding here");
        }
        // The cards it turned, in order: each side's first on top of its face-down cards, its
        // second below that.
        std::array<int, 2> depth{};
        for (const std::string_view card : played.values("card")) {
            const auto side = detail::parse_side(card.substr(0, 1));
            int kind = -1;
            if (card.size() > 2) std::from_chars(card.data() + 2, card.data() + card.size(), kind);
            if (!side || !session_->arrange_unseen([&](typename E::State& s) {
                    return kits::KitOf<E>::Net::put_face_down(s, *side, kind, depth[core::idx(*side)]++);
                })) {
                return std::string("the server turned a card this copy does not have face down");
            }
        }
        dice_.load(*results);
        typename Session::Outcome o;
        try {
            o = session_->replicate(command);
        } catch (const core::DiceError& e) {
            return std::string("the game here is out of step with the server's: ") + e.what();
        }
        if (o.refused) return "the game here refused the server's command: " + *o.refused;
        if (dice_.remaining() != 0) return std::string("the game here drew fewer results than the server sent");
        return check_hash(played, session_->state());
    }
    /// The server took back the newest command.
    std::optional<std::string> undo(const Message& undone) {
        if (auto why = session_->replicate_undo()) return why;
        return check_hash(undone, session_->state());
    }

  private:
    ReplicaOf() = default;
    static std::optional<std::string> check_hash(const Message& m, const typename E::State& s) {
        if (m.value("hash") != public_hash_text<E>(s)) return std::string("the game here is out of step with the server's");
        return std::nullopt;
    }
    MirrorDice dice_;
    std::unique_ptr<Session> session_;
};

/// The default ruleset's copy (kits::DefaultKit), as the tests of the network use it by name.
using Replica = ReplicaOf<kits::DefaultKit::Engine>;

}  // namespace tercio::net
