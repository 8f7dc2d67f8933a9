#pragma once
/// The game screen of Pikette Squared: the generic screen over its kit, compiled once in
/// play_screen.cpp; by its old names, `ui::PlayScreen` and `ui::key_help()` (its key help).
#include <string>
#include <vector>

#include "kits/pikette/kit.hpp"
#include "ui/play_screen_of.hpp"

namespace tercio::ui {
extern template class PlayScreenOf<kits::PiketteKit>;

using PlayScreen = PlayScreenOf<kits::PiketteKit>;

/// The key help, generated from the key table (for `?` and the manual).
inline std::vector<std::string> key_help() { return PlayScreen::key_help(); }
}  // namespace tercio::ui
