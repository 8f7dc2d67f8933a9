#pragma once
/// The start menu of `tercio` and `tercio play`: each side's army, who plays each side (a person
/// at this keyboard, or the computer at a level), and the seed, then Start; or Host a game (the
/// same choices, served to a friend's terminal) or Join a game running on this server; Continue an
/// unfinished game, or Replay a finished one. Pure: it takes keys and draws on a Surface; the app
/// loads the armies and starts, hosts, joins, continues or replays.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ai/player.hpp"
#include "core/side.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// An army on offer: its file id ("french"), its name and period, and its units in a few words.
struct ArmyChoice {
    std::string id;
    std::string name;
    std::string period;
    std::string units;  ///< "2 Knights, 4 Pike, ..."
};

/// An optional rule of a ruleset (a game is played with it or without): its name, as the command
/// line's `--optional-rule` and a save's `options` give it ("quicker-movement"), its title in the
/// start menu ("Quicker movement") and a line on what it does.
struct RuleOption {
    std::string name;
    std::string title;
    std::string help;
};

/// A ruleset on offer: its id (its folder, data/rulesets/<id>/), its name, its armies and the computer's
/// levels it has.
struct RulesetChoice {
    std::string id;
    std::string name;
    std::vector<ArmyChoice> armies;
    std::vector<ai::Level> levels{ai::kLevels.begin(), ai::kLevels.end()};
    std::vector<RuleOption> options{};  ///< its optional rules: the menu's Options line
};

/// What the menu has chosen.
struct GameSetup {
    std::array<std::size_t, 2> army{0, 0};  ///< indices into the armies on offer, side A then B
    /// The computer's level for a side it plays; none: a person at this keyboard.
    std::array<std::optional<ai::Level>, 2> computer{};
    std::optional<std::uint64_t> seed;  ///< none: random
    /// The optional rules chosen, by name, in the order the ruleset offers them.
    std::vector<std::string> options{};
};

/// An unfinished game offered under Continue.
struct SavedChoice {
    std::string title;   ///< "French v Spanish, turn 3"
    std::string detail;  ///< "you v the computer (normal), played 11-26 07:55"
    /// Why it cannot be continued here (open in another session, damaged): shown instead of the
    /// detail, and said when Enter is pressed on it.
    std::string blocked;
};

/// A game hosted from the menu: the side this keyboard plays, and the computer's level for the
/// other side (none: a friend joins it with the code).
struct Hosting {
    core::Side you = core::Side::A;
    std::optional<ai::Level> other;
};

class StartMenu {
  public:
    enum class Outcome { Open, Start, Host, Join, Continue, Replay, Quit };
    StartMenu(std::vector<ArmyChoice> armies, GameSetup initial, bool color = true);

    /// Offers to go on with the player's unfinished games, newest first; Left and Right choose
    /// among them. The cursor starts on that line.
    void offer_continue(std::vector<SavedChoice> games);
    /// Offers Replay a game, on the line above Quit, with `note` beside it ("your finished games"):
    /// Enter there lists the finished games (ui::ReplayMenu).
    void offer_replay(std::string note);
    /// Says `text` on the bottom line (what became of a game replayed or joined from the menu, or
    /// in `tercio lobby`, of the last game), until a key changes it.
    void show_message(std::string text) { message_ = std::move(text); }
    /// Offers a choice of ruleset on its own line above the armies (with two or more): each has
    /// its own armies and levels. `chosen` is the one shown first; its armies replace those given
    /// to the constructor, and the armies chosen are kept by id when the ruleset changes.
    void offer_rulesets(std::vector<RulesetChoice> rulesets, std::size_t chosen);
    /// The ruleset chosen: an index into those offered (0 when none were).
    std::size_t ruleset_choice() const { return ruleset_at_; }
    /// The game Continue goes on with: an index into the games offered.
    std::size_t continue_choice() const { return continue_at_; }

    Outcome handle(const KeyPress& key);
    void draw(Surface& out) const;

    const GameSetup& setup() const { return setup_; }
    const ArmyChoice& army(int side) const { return armies_[setup_.army[static_cast<std::size_t>(side)]]; }
    /// What Host a game would host; none when the computer plays both sides.
    std::optional<Hosting> hosting() const;
    int row() const { return row_; }
    const std::string& message() const { return message_; }

  private:
    enum Row { Ruleset, ArmyA, PlayerA, ArmyB, PlayerB, Seed, Options, Start, Host, Join, Continue, Replay, Quit, kRows };
    void change(int delta);
    /// Continue on the chosen game, or why not.
    Outcome try_continue();
    /// Up or down one line, past Continue when there is nothing to continue.
    void step(int delta);

    std::vector<ArmyChoice> armies_;
    bool color_ = true;
    GameSetup setup_;
    int row_ = Start;
    std::string message_;
    std::string seed_text_;  ///< the seed as typed
    std::vector<SavedChoice> continue_;  ///< the unfinished games on offer, newest first
    std::size_t continue_at_ = 0;
    std::optional<std::string> replay_;  ///< the note beside Replay a game; none: no such line
    std::vector<RulesetChoice> rulesets_;  ///< the rulesets on offer (none: only the armies given)
    std::size_t ruleset_at_ = 0;
    std::size_t option_at_ = 0;  ///< the optional rule the Options line shows
    /// The optional rules of the ruleset chosen (none: no Options line).
    const std::vector<RuleOption>& rule_options() const;
    bool option_on(const std::string& name) const;
    /// Turns the optional rule the Options line shows on or off.
    void toggle_option();
    /// The computer's levels of the ruleset chosen.
    std::vector<ai::Level> levels() const;
    /// Makes ruleset i the chosen one: its armies, the same armies by id where it has them, and
    /// the computer's levels it has.
    void choose_ruleset(std::size_t i);
};

}  // namespace tercio::ui
