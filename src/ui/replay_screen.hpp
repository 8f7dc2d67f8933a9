#pragma once
/// The replay screen of Pikette Squared, by its old name: the generic replay screen
/// (replay_screen_of.hpp) over its kit.
#include "kits/pikette/replay_screen.hpp"

namespace tercio::ui {

using ReplayScreen = ReplayScreenOf<kits::PiketteKit>;

}  // namespace tercio::ui
