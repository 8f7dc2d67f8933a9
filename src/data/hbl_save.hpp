#pragma once
/// Hell Broke Loose's saves: the format of docs/saves.md (the same header, the same command log
/// with the state hash after each command, the same game-over line), without keyframes (not
/// written yet, though its positions now exist: data/hbl_position.hpp): a save is replayed from
/// its seed. Pure.
#include <string>
#include <string_view>

#include "data/save.hpp"
#include "hbl/engine.hpp"

namespace tercio::data {

using HblReplayed = ReplayedOf<hbl::Engine>;
using HblReplayedCommand = ReplayedCommandOf<hbl::Engine>;

/// What a save appends after a command: its line (the command as `before` names it, with the
/// state hash of `after`), and the game-over line if it ended the game.
std::string hbl_save_lines_after(const hbl::Context& ctx, const hbl::Command& c, const hbl::GameState& before,
                                 const hbl::GameState& after);

/// Replays a parsed Hell Broke Loose save, as replay_save does a Pikette Squared one: it stops at
/// the first command that does not parse, is illegal, or leaves a state whose hash differs from
/// the saved one, naming the line. A keyframe is refused (this ruleset's saves have none), and so
/// is a game-over line on a game that is not over.
Loaded<HblReplayed> replay_hbl_save(std::string_view file, const SaveFile& save, const hbl::Context& ctx,
                                    const ReplayObserverOf<hbl::Engine>& observer = {});

}  // namespace tercio::data
