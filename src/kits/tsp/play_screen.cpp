#include "kits/tsp/play_screen.hpp"

namespace tercio::ui {
template class PlayScreenOf<kits::TspKit>;
}  // namespace tercio::ui
