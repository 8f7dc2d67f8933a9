#include "kits/hbl/plain_game.hpp"

namespace tercio::ui {
template class PlainGameOf<kits::HblKit>;
}  // namespace tercio::ui
