#pragma once
/// The replay screen of Hell Broke Loose: the generic replay screen over its kit, compiled once in
/// replay_screen.cpp.
#include "kits/hbl/kit.hpp"
#include "ui/replay_screen_of.hpp"

namespace tercio::ui {
extern template class ReplayScreenOf<kits::HblKit>;
}  // namespace tercio::ui
