#include "kits/pikette/plain_game.hpp"

namespace tercio::ui {
template class PlainGameOf<kits::PiketteKit>;
}  // namespace tercio::ui
