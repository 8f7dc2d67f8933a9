#include "kits/hbl/replay_screen.hpp"

namespace tercio::ui {
template class ReplayScreenOf<kits::HblKit>;
}  // namespace tercio::ui
