#pragma once
/// Pikette Squared's saves (docs/saves.md): the generic format of data/save.hpp with its commands'
/// text and its positions (kits/pikette/data/position.hpp) as keyframes. Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "data/save.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"

namespace tercio::rules {

using ReplayedCommand = data::ReplayedCommandOf<Engine>;
using Replayed = data::ReplayedOf<Engine>;
using ReplayObserver = data::ReplayObserverOf<Engine>;

/// One log line: the state hash after the command, a space, the command, a newline
/// (data::save_text_line of its text).
std::string save_command_line(const Command& c, std::uint64_t hash_after);

/// What a save appends after a command: its line, then a keyframe if it began a turn
/// (`before.turn` != `after.turn`) and the game-over line if it ended the game. `calls` is the
/// dice draws made so far (the keyframe's dice state); `commands` how many commands the log
/// holds with this one.
std::string save_lines_after(const data::SaveHeader& h, const RulesContext& ctx, const Command& c,
                             const GameState& before, const GameState& after, std::uint64_t calls,
                             std::size_t commands);

/// Replays a parsed save against its ruleset and armies. Stops at the first command that does
/// not parse, is illegal, or leaves a state whose hash differs from the saved one (or at a
/// keyframe that differs from the replayed game), with an error naming the line, the command and
/// the reason. A keyframe without its closing line at the end of the file is refused too unless
/// it is exactly the start of what the program writes there (`cut_text`).
data::Loaded<Replayed> replay_save(std::string_view file, const data::SaveFile& save,
                                   const RulesContext& ctx, const ReplayObserver& observer = {});

/// repair_save_of for a Pikette Squared save.
std::optional<data::SaveRepair> repair_save(std::string_view file, const data::SaveFile& save,
                                            const RulesContext& ctx);

}  // namespace tercio::rules
