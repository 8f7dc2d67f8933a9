#pragma once
/// What a proposed command would risk, before it is played: the dice it would roll (with every
/// modifier, as the log will show them) and the exact odds of each outcome, from rules::odds.
/// Pure: reads the position, never changes it, rolls nothing. For `tercio run --odds`, the
/// terminal's preview and the computer opponent.
#include <cstddef>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "rules/combat.hpp"
#include "rules/command.hpp"
#include "rules/odds.hpp"

namespace tercio::rules {

struct Preview {
    enum class Kind : std::uint8_t {
        Shot,          ///< one shot (PS-SHOOT-9 .. PS-SHOOT-12)
        CombinedShot,  ///< several shots at one target in this phase (PS-SHOOT-12)
        Melee,         ///< a melee (PS-MELEE-12 .. PS-MELEE-16)
        CutDown,       ///< fighting a Routed unit destroys it: no dice (PS-MELEE-21)
        MoraleCheck,   ///< PS-MORALE-1
        Chip,          ///< PS-CHIP-9
        Rally,         ///< PS-RALLY-4
    };
    Kind kind = Kind::Shot;
    std::vector<std::size_t> actors;  ///< shooters in order, the melee's initiator, the tested unit
    std::size_t target = 0;           ///< the unit shot at, fought, tested, chipped or rallied
    std::vector<ModifiedRoll> rolls;  ///< the actors' modified dice (natural left 0), then the defender's in a melee
    odds::ShotOdds shot;              ///< Kind::Shot
    odds::CombinedOdds combined;      ///< Kind::CombinedShot
    odds::MeleeOdds melee;            ///< Kind::Melee
    MeleeSetup melee_setup;           ///< Kind::Melee: who is flanked, void results, x2
    /// MoraleCheck: the check fails; Chip: it succeeds; Rally: it succeeds.
    odds::Chance chance;
};

/// The preview of `commands` in `s`: one `shoot`, several `shoot`s at the same target (the
/// combined shot, each shooter's pips and chips counted as if played in that order), a `fight`, a
/// `move ... attack`, a `charge` (the opportunity charge's melee), a `check`, a `chip` or a `rally`. Each command must be legal now (the
/// combined shot checks each shooter on its own). Otherwise the reason, in words.
std::variant<Preview, std::string> preview(const RulesContext& ctx, const GameState& s,
                                           std::span<const Command> commands);

}  // namespace tercio::rules
