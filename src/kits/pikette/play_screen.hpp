#pragma once
/// The game screen of Pikette Squared: the generic screen over its kit, compiled once in
/// play_screen.cpp.
#include "kits/pikette/kit.hpp"
#include "ui/play_screen_of.hpp"

namespace tercio::ui {
extern template class PlayScreenOf<kits::PiketteKit>;
}  // namespace tercio::ui
