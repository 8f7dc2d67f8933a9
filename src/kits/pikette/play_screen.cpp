#include "kits/pikette/play_screen.hpp"

namespace tercio::ui {
template class PlayScreenOf<kits::PiketteKit>;
}  // namespace tercio::ui
