#pragma once
/// Line of sight tracing on the grid (PS-LOS-3, PS-LOS-4): which squares and corner pairs the
/// segment between two square centres crosses, and whether it is clear. Pure geometry: what
/// blocks a square (PS-LOS-2) is the caller's business.
#include <array>
#include <cstddef>
#include <optional>

#include "core/grid.hpp"

namespace tercio::core {

/// One element crossed by the segment between two square centres (PS-LOS-3): a single square
/// (`b` empty), or a corner pair {a, b} when the segment passes exactly through a square corner
/// (PS-LOS-4). For a step (sx, sy) from square (x, y) through the corner, a = (x+sx, y) and
/// b = (x, y+sy), so reversing the segment gives the same pair with a and b swapped.
struct LosStep {
    Square a;
    std::optional<Square> b;

    constexpr bool is_corner_pair() const { return b.has_value(); }
    friend constexpr bool operator==(const LosStep&, const LosStep&) = default;
};

/// The most steps between two squares of the largest board: a path from (x0,y0) to (x1,y1)
/// always has |x1-x0| + |y1-y0| - 1 elements (each corner pair stands for one skipped square).
inline constexpr int kMaxLosSteps = 2 * (kMaxBoardSide - 1) - 1;

/// The elements of one traced segment, in order from the shooter; fixed capacity, no allocation.
struct LosPath {
    std::array<LosStep, kMaxLosSteps> steps{};
    int count = 0;

    constexpr int size() const { return count; }
    constexpr bool empty() const { return count == 0; }
    constexpr const LosStep& operator[](int i) const { return steps[static_cast<std::size_t>(i)]; }
    constexpr const LosStep* begin() const { return steps.data(); }
    constexpr const LosStep* end() const { return steps.data() + count; }
};

/// Walks the segment from the centre of `from` to the centre of `to` with exactly the integer
/// algorithm of PS-LOS-3, calling `visit(const LosStep&)` for each crossed square and corner pair
/// in order, both end squares excluded. Stops as soon as `visit` returns false; returns whether it
/// ran to the end. Nothing is visited when from == to.
template <class Visit>
constexpr bool trace_los(Square from, Square to, Visit&& visit) {
    const int nx = abs_int(to.x - from.x);
    const int ny = abs_int(to.y - from.y);
    const int sx = (to.x > from.x) - (to.x < from.x);
    const int sy = (to.y > from.y) - (to.y < from.y);
    int x = from.x;
    int y = from.y;
    int ix = 0;
    int iy = 0;
    while (ix < nx || iy < ny) {
        // PS-LOS-3: compare where the segment next meets a vertical edge, (ix + 1/2) / nx of the
        // way along, with where it next meets a horizontal one, (iy + 1/2) / ny, cross-multiplied.
        const int t = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
        if (t == 0) {
            // Both at once: exactly through a corner. The pair is taken before x and y advance.
            if (!visit(LosStep{make_square(x + sx, y), make_square(x, y + sy)})) return false;
            x += sx;
            y += sy;
            ++ix;
            ++iy;
        } else if (t < 0) {
            x += sx;
            ++ix;
        } else {
            y += sy;
            ++iy;
        }
        // The square reached (also the diagonal one after a corner pair) is crossed unless it is
        // the target.
        if ((x != to.x || y != to.y) && !visit(LosStep{make_square(x, y), std::nullopt})) {
            return false;
        }
    }
    return true;
}

/// The crossed squares and corner pairs from `from` to `to`, in order, both end squares excluded
/// (PS-LOS-3). Throws std::length_error if the squares are farther apart than any board allows
/// (|dx| + |dy| - 1 > kMaxLosSteps).
LosPath los_path(Square from, Square to);

/// Whether line of sight from `from` to `to` is clear (PS-LOS-3, PS-LOS-4): no crossed square
/// blocks, and no corner pair has both its squares blocking. `blocks(Square)` says whether a
/// square blocks (PS-LOS-2); it is never asked about `from` or `to`, so they never block.
/// Stops at the first blocked element.
template <class Blocks>
constexpr bool los_clear(Square from, Square to, Blocks&& blocks) {
    return trace_los(from, to, [&](const LosStep& s) -> bool {
        if (s.b) return !(blocks(s.a) && blocks(*s.b));  // PS-LOS-4: only both squares block
        return !blocks(s.a);
    });
}

}  // namespace tercio::core
