#include "kits/hbl/play_screen.hpp"

namespace tercio::ui {
template class PlayScreenOf<kits::HblKit>;
}  // namespace tercio::ui
