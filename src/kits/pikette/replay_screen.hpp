#pragma once
/// The replay screen of Pikette Squared: the generic replay screen over its kit, compiled once in
/// replay_screen.cpp; by its old name, `ui::ReplayScreen`.
#include "kits/pikette/kit.hpp"
#include "ui/replay_screen_of.hpp"

namespace tercio::ui {
extern template class ReplayScreenOf<kits::PiketteKit>;

using ReplayScreen = ReplayScreenOf<kits::PiketteKit>;
}  // namespace tercio::ui
