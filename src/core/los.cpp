#include "core/los.hpp"

#include <stdexcept>
#include <string>

namespace tercio::core {

LosPath los_path(Square from, Square to) {
    // Every step of PS-LOS-3 advances ix or iy or both; a corner pair adds an element for the
    // square it skips, so the path always has nx + ny - 1 elements. Check before filling the
    // fixed array.
    const int needed = abs_int(to.x - from.x) + abs_int(to.y - from.y) - 1;
    if (needed > kMaxLosSteps) {
        throw std::length_error("line of sight from " + to_string(from) + " to " + to_string(to) +
                                " is longer than any board allows");
    }
    LosPath path;
    trace_los(from, to, [&](const LosStep& s) {
        path.steps[static_cast<std::size_t>(path.count++)] = s;
        return true;
    });
    return path;
}

}  // namespace tercio::core
