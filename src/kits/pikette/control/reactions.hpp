#pragma once
/// Which out-of-turn reaction windows are worth stopping a person for. The rules open a window
/// (PS-OPP-3) after every enemy step, card and action in which the side could still shoot, charge
/// or evade; most of them offer nothing the player has not already turned down. The filter lets
/// such a window go for a person at this keyboard by playing `decline` for them, and stops only
/// when something new can be done:
///   - a charge is offered (it is always at the unit moving), an evade, or a forced charge;
///   - a shot that was not offered at any window the side let go earlier in the phase (a shot at
///     a unit that has just moved is always new: its target square is);
///   - unless the side asked to let everything go until its own phase ("decline all").
/// With `unmoved_shots = Never`, shots at units that have not moved in the phase never stop the
/// game. The rules do not change: every window still opens, the computer sees them all, and a
/// declined window is a `decline` in the history like a typed one. Pure: no I/O.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kits/pikette/control/session.hpp"

namespace tercio::control {

/// Whether shots at enemy units that did not move in the phase stop the game.
enum class UnmovedShots : std::uint8_t { Ask, Never };

/// "ask" or "never".
std::optional<UnmovedShots> parse_unmoved_shots(const std::string& word);
const char* to_string(UnmovedShots u);

class ReactionFilter final : public Observer {
  public:
    /// Observes the session from now on (removed again by the destructor).
    explicit ReactionFilter(Session& session, UnmovedShots unmoved = UnmovedShots::Ask);
    ~ReactionFilter() override;
    ReactionFilter(const ReactionFilter&) = delete;
    ReactionFilter& operator=(const ReactionFilter&) = delete;

    UnmovedShots unmoved_shots() const { return unmoved_; }
    void set_unmoved_shots(UnmovedShots u) { unmoved_ = u; }

    /// Why the window open now is worth stopping for (a few words: "the moving unit can be
    /// charged", "a new shot: shoot h5 h8"), or nothing if it can be let go. Also nothing when
    /// no reaction window waits for a person at this keyboard.
    std::optional<std::string> reason() const;
    /// The reactions that make the window open now worth a stop (the first is the one reason()
    /// names): the charges, then the shots, that pass the filter, the evade, a headstrong unit's charges, or every reaction of a window that must
    /// be answered or was taken back to. Empty when the window can be let go, or when no reaction
    /// window waits for a person at this keyboard.
    std::vector<rules::Command> offers() const;
    /// Whether the game waits for a person's reaction that the filter would let go.
    bool would_pass() const;
    /// Lets go every window that is not worth a stop, one `decline` each, until the game waits
    /// for something else (at most 200 in one call). Returns how many were let go.
    int pass();
    /// The side deciding now lets every reaction go until its own phase begins (evades and
    /// forced charges still stop the game). Also plays `decline` for the window open now.
    /// The reason if that decline is refused.
    std::optional<std::string> decline_until_my_phase();
    /// Whether `side` asked to let reactions go until its phase.
    bool waiting(rules::Side side) const { return until_my_phase_[rules::idx(side)]; }
    /// How many windows pass() let go for the side since the filter was made.
    int passed(rules::Side side) const { return passed_[rules::idx(side)]; }

    // Observer
    std::optional<std::string> played(const Session& session, const Entry& entry,
                                      const rules::GameState& before) override;
    void undone(const Session& session) override;

  private:
    /// A shot as offered: who shoots from where, at which unit in which square.
    struct Offer {
        rules::Square from{};
        rules::Square target{};
        std::uint8_t target_unit = 0;
        friend bool operator==(const Offer&, const Offer&) = default;
    };
    void new_phase(const rules::GameState& s);
    /// offers(), and why it stops (the first offer's words; nothing when there is none).
    std::vector<rules::Command> scan(std::string& why) const;

    Session& session_;
    UnmovedShots unmoved_;
    /// (turn, phase, active side) of the phase being played.
    std::uint32_t phase_key_ = 0;
    /// Where each unit stood when the phase began.
    std::array<rules::Square, rules::kMaxUnits> phase_start_{};
    /// The shots offered at the windows each side let go in this phase.
    std::array<std::vector<Offer>, 2> declined_;
    std::array<bool, 2> until_my_phase_{};
    std::array<int, 2> passed_{};
    /// After a command is taken back, every window stops until the next command is played (so
    /// that U can return to one that was let go).
    bool hold_ = false;
};

}  // namespace tercio::control
