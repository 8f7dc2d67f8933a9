#include "kits/tsp/replay_screen.hpp"

namespace tercio::ui {
template class ReplayScreenOf<kits::TspKit>;
}  // namespace tercio::ui
