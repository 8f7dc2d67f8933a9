#pragma once
/// The replay screen of The Sword and the Pike: the generic replay screen over its kit, compiled once
/// in replay_screen.cpp.
#include "kits/tsp/kit.hpp"
#include "ui/replay_screen_of.hpp"

namespace tercio::ui {
extern template class ReplayScreenOf<kits::TspKit>;
}  // namespace tercio::ui
