#pragma once
/// The game screen of The Sword and the Pike: the generic screen over its kit, compiled once in
/// play_screen.cpp.
#include "kits/tsp/kit.hpp"
#include "ui/play_screen_of.hpp"

namespace tercio::ui {
extern template class PlayScreenOf<kits::TspKit>;
}  // namespace tercio::ui
