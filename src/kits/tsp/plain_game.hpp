#pragma once
/// `tercio play --plain` of this ruleset: the generic plain front end over its kit, compiled once
/// in plain_game.cpp.
#include "kits/tsp/kit.hpp"
#include "ui/plain_game_of.hpp"

namespace tercio::ui {
extern template class PlainGameOf<kits::TspKit>;
}  // namespace tercio::ui
