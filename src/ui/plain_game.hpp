#pragma once
/// Pikette Squared's `--plain` by its old name, `ui::PlainGame`, for the code that still uses it
/// (the network client's plain mode, src/app/net_command.cpp). The front end is the generic one,
/// ui::PlainGameOf<K> (plain_game_of.hpp), compiled once a kit in src/kits/<ruleset>/plain_game.cpp;
/// this header goes once nothing uses the old name.
#include "kits/pikette/plain_game.hpp"

namespace tercio::ui {
using PlainGame = PlainGameOf<kits::PiketteKit>;
}  // namespace tercio::ui
