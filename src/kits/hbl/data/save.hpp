#pragma once
/// Hell Broke Loose's saves: the format of docs/saves.md (the same header, the same command log
/// with the state hash after each command, a keyframe at the start of every turn, the same
/// game-over line), the commands in this ruleset's text and the keyframes its positions
/// (kits/hbl/data/position.hpp). Saves made before it had keyframes have none, and load. Pure.
#include <optional>
#include <string>
#include <string_view>

#include "data/save.hpp"
#include "hbl/engine.hpp"

namespace tercio::hbl {

using HblReplayed = data::ReplayedOf<hbl::Engine>;
using HblReplayedCommand = data::ReplayedCommandOf<hbl::Engine>;

/// What a save appends after a command: its line (the command as `before` names it, with the
/// state hash of `after`), a keyframe if it began a turn (`calls`: the dice draws made so far;
/// `commands`: how many commands the log holds with this one), and the game-over line if it ended
/// the game.
std::string hbl_save_lines_after(const data::SaveHeader& h, const hbl::Context& ctx, const hbl::Command& c,
                                 const hbl::GameState& before, const hbl::GameState& after, std::uint64_t calls,
                                 std::size_t commands);

/// Replays a parsed Hell Broke Loose save, as replay_save does a Pikette Squared one: it stops at
/// the first command that does not parse, is illegal, or leaves a state whose hash differs from
/// the saved one, or at a keyframe that is not the game replayed there, naming the line; a
/// game-over line on a game that is not over is refused too.
data::Loaded<HblReplayed> replay_hbl_save(std::string_view file, const data::SaveFile& save, const hbl::Context& ctx,
                                    const data::ReplayObserverOf<hbl::Engine>& observer = {});

/// repair_save_of for a Hell Broke Loose save.
std::optional<data::SaveRepair> repair_hbl_save(std::string_view file, const data::SaveFile& save,
                                          const hbl::Context& ctx);

}  // namespace tercio::hbl
