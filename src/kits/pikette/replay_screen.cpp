#include "kits/pikette/replay_screen.hpp"

namespace tercio::ui {
template class ReplayScreenOf<kits::PiketteKit>;
}  // namespace tercio::ui
