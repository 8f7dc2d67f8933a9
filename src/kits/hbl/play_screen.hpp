#pragma once
/// The game screen of Hell Broke Loose: the generic screen over its kit, compiled once in
/// play_screen.cpp.
#include "kits/hbl/kit.hpp"
#include "ui/play_screen_of.hpp"

namespace tercio::ui {
extern template class PlayScreenOf<kits::HblKit>;
}  // namespace tercio::ui
