#pragma once
/// Pikette Squared's game screen by its old names: `PlayScreen` is the generic screen
/// (play_screen_of.hpp) over Pikette Squared's kit, and `key_help()` its key help.
#include <string>
#include <vector>

#include "kits/pikette/play_screen.hpp"

namespace tercio::ui {

using PlayScreen = PlayScreenOf<kits::PiketteKit>;

/// The key help, generated from the key table (for `?` and the manual).
inline std::vector<std::string> key_help() { return PlayScreen::key_help(); }

}  // namespace tercio::ui
