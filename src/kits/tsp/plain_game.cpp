#include "kits/tsp/plain_game.hpp"

namespace tercio::ui {
template class PlainGameOf<kits::TspKit>;
}  // namespace tercio::ui
