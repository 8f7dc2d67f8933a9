#pragma once
/// Which out-of-turn reaction windows are worth stopping a person for. The rules open a window
/// (PS-OPP-3) after every enemy step, card and action in which the side could still shoot, charge
/// or evade; most of them offer nothing the player has not already turned down. The filter lets
/// such a window go for a person at this keyboard by playing `decline` for them, and stops only
/// when something new can be done:
///   - an evade, or a headstrong unit's forced charge: always;
///   - a charge (it is always at the unit moving), unless the same unit was offered a charge or
///     a shot at the same moving unit at a stop let go earlier in this move, or its chance to
///     win the melee it starts is below the charge threshold (`--charge-threshold`, 40% unless
///     set);
///   - a shot that was not offered at any window the side let go earlier in the phase (a shot at
///     a unit that has just moved is new: its target square is), unless
///       - its target square holds one of the side's own units (a melee: the shot would be into
///         its own fight),
///       - its shooter was offered a charge or shot at the same moving unit at a stop let go
///         earlier in this move, or
///       - its chance of harm (a hit, or the target Disordered or Routed: rules::preview's
///         outcomes with new hits or a status; a chip window alone does not count, it costs a
///         morale chip) is below the shot threshold (`--shot-threshold`, 20% unless set);
///   - unless the side asked to let everything go until its own phase ("decline all").
/// A window taken back with U, or the one a game is resumed (or joined) at, stops the game
/// whatever it offers.
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

/// The shot threshold unless set: a shot less likely than this (in percent) to do harm never
/// stops the game.
inline constexpr int kDefaultShotThreshold = 20;
/// The charge threshold unless set: a charge less likely than this (in percent) to win its melee
/// never stops the game.
inline constexpr int kDefaultChargeThreshold = 40;
/// A percentage 0 to 100 in digits ("15", "15%"), or nothing.
std::optional<int> parse_percent(const std::string& word);

/// The chance (in whole percent, rounded down) that a legal shot does harm: a hit, or the target
/// Disordered or Routed. Nothing when `shot` is not a legal shot now.
std::optional<int> harm_percent(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Shoot& shot);

/// The chance (in whole percent, rounded down) that a legal opportunity charge wins the melee it
/// starts at once (PS-OPP-6: the charger rolls as the initiator). Nothing when `charge` is not a
/// legal charge now.
std::optional<int> win_percent(const rules::RulesContext& ctx, const rules::GameState& s, const rules::Charge& charge);

class ReactionFilter final : public Observer {
  public:
    /// D lets every reaction go until the side's phase (decline_until_my_phase).
    static constexpr bool kDeclineAll = true;
    /// Observes the session from now on (removed again by the destructor).
    explicit ReactionFilter(Session& session, UnmovedShots unmoved = UnmovedShots::Ask);
    ~ReactionFilter() override;
    ReactionFilter(const ReactionFilter&) = delete;
    ReactionFilter& operator=(const ReactionFilter&) = delete;

    UnmovedShots unmoved_shots() const { return unmoved_; }
    void set_unmoved_shots(UnmovedShots u) { unmoved_ = u; }
    /// A shot whose chance of harm is below this many percent never stops the game (0: every
    /// shot may stop it).
    int shot_threshold() const { return threshold_; }
    void set_shot_threshold(int percent) { threshold_ = percent; }
    /// A charge whose chance to win is below this many percent never stops the game (0: every
    /// charge may stop it); a headstrong unit's forced charge always does.
    int charge_threshold() const { return charge_threshold_; }
    void set_charge_threshold(int percent) { charge_threshold_ = percent; }

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
    /// Once a game: after pass() first met a shot kept from stopping the game by the shot
    /// threshold, the words that say so ("shoot c9 c7 (harm 12%) was let go: ..."); nothing
    /// before and after that once.
    std::optional<std::string> take_note();
    /// Lets the window open now go (plays `decline`); the reason if that is refused.
    std::optional<std::string> let_go();
    /// Whether the window open now may be let go (not a headstrong unit's forced charge).
    bool can_let_go() const;
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
    /// What a window offers: the reactions worth a stop, why (the first's words; empty: no
    /// stop), and the first shot kept back by the threshold alone, with its chance of harm.
    struct Scan {
        std::vector<rules::Command> offers;
        std::string why;
        std::optional<rules::Shoot> low;
        int low_percent = 0;
    };
    void new_phase(const rules::GameState& s);
    /// The window open in `s` (the session's state, or the state before a command) as the
    /// filter sees it now.
    Scan scan(const rules::GameState& s) const;

    Session& session_;
    UnmovedShots unmoved_;
    int threshold_ = kDefaultShotThreshold;
    int charge_threshold_ = kDefaultChargeThreshold;
    /// The move under way (rules::MoveInProgress) and the side's units that were offered a
    /// charge or a shot at its mover at a stop let go in it: they stop the game no more in it.
    std::uint8_t move_unit_ = rules::kNone;
    std::vector<std::uint8_t> move_reactors_;
    /// take_note(): said once, and what it says.
    bool noted_ = false;
    std::optional<std::string> note_;
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
    /// hold_ because no command has been played since the filter was made: a game resumed or
    /// joined at a window.
    bool resumed_ = false;
};

}  // namespace tercio::control
