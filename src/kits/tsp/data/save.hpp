#pragma once
/// The Sword and the Pike's saves: the format of docs/saves.md (the same header, the same command
/// log with the state hash after each command, a keyframe at the start of every turn, the same
/// game-over line), the commands in this ruleset's text and the keyframes its positions
/// (kits/tsp/data/position.hpp). A save replays from its seed with the context it is given: the
/// game's options (tsp::Context::options) are the context's, as the set-up hash checks. Pure.
#include <optional>
#include <string>
#include <string_view>

#include "data/save.hpp"
#include "tsp/engine.hpp"

namespace tercio::tsp {

using TspReplayed = data::ReplayedOf<tsp::Engine>;
using TspReplayedCommand = data::ReplayedCommandOf<tsp::Engine>;

/// What a save appends after a command: its line (the command as `before` names it, with the
/// state hash of `after`), a keyframe if it began a turn (`calls`: the dice draws made so far;
/// `commands`: how many commands the log holds with this one), and the game-over line if it ended
/// the game.
std::string tsp_save_lines_after(const data::SaveHeader& h, const tsp::Context& ctx, const tsp::Command& c,
                                 const tsp::GameState& before, const tsp::GameState& after, std::uint64_t calls,
                                 std::size_t commands);

/// Replays a parsed Sword and the Pike save, as replay_save does a Pikette Squared one: it stops
/// at the first command that does not parse, is illegal, or leaves a state whose hash differs from
/// the saved one, or at a keyframe that is not the game replayed there, naming the line; a
/// game-over line on a game that is not over is refused too.
data::Loaded<TspReplayed> replay_tsp_save(std::string_view file, const data::SaveFile& save, const tsp::Context& ctx,
                                          const data::ReplayObserverOf<tsp::Engine>& observer = {});

/// repair_save_of for a Sword and the Pike save.
std::optional<data::SaveRepair> repair_tsp_save(std::string_view file, const data::SaveFile& save,
                                                const tsp::Context& ctx);

}  // namespace tercio::tsp
