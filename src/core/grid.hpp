#pragma once
/// Board geometry of the gridded rules: squares, the 8 facings, front/flank/rear, distance and
/// fire arcs (PS-GRID-1 .. PS-GRID-12).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tercio::core {

/// The standard board: 15 files (a..o) by 15 ranks (1..15) (PS-GRID-1).
inline constexpr int kBoardFiles = 15;
inline constexpr int kBoardRanks = 15;
/// Files are lettered, so no board is wider than the alphabet.
inline constexpr int kMaxBoardSide = 26;

/// An offset between two squares, x east and y north.
struct Offset {
    int dx = 0;
    int dy = 0;
    friend constexpr bool operator==(Offset, Offset) = default;
};

/// A square: x = file (0 = a, west), y = rank (0 = rank 1, south). Side A deploys at rank 1.
struct Square {
    std::int8_t x = 0;
    std::int8_t y = 0;
    friend constexpr bool operator==(Square, Square) = default;
    friend constexpr Offset operator-(Square a, Square b) { return {a.x - b.x, a.y - b.y}; }
};

constexpr Square make_square(int x, int y) {
    return Square{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
}

/// Whether the square lies on a board of the given size.
constexpr bool on_board(Square s, int files = kBoardFiles, int ranks = kBoardRanks) {
    return s.x >= 0 && s.y >= 0 && s.x < files && s.y < ranks;
}

/// "h8" for (7, 7).
std::string to_string(Square s);

/// Parses "a1".."o15" (file letter, rank number); nothing if malformed or off the board.
std::optional<Square> parse_square(std::string_view text, int files = kBoardFiles,
                                   int ranks = kBoardRanks);

/// The 8 facings in clockwise order, one step = 45 degrees (PS-GRID-5, PS-GRID-16).
enum class Facing : std::uint8_t { N, NE, E, SE, S, SW, W, NW };

inline constexpr int kFacings = 8;
inline constexpr std::array<Facing, kFacings> kAllFacings = {
    Facing::N, Facing::NE, Facing::E, Facing::SE, Facing::S, Facing::SW, Facing::W, Facing::NW};

/// Unit vector of a facing: N (0,1), NE (1,1), E (1,0) ... (PS-GRID-5).
constexpr Offset vector(Facing f) {
    constexpr std::array<Offset, kFacings> kVec = {
        Offset{0, 1}, Offset{1, 1}, Offset{1, 0}, Offset{1, -1},
        Offset{0, -1}, Offset{-1, -1}, Offset{-1, 0}, Offset{-1, 1}};
    return kVec[static_cast<std::size_t>(f)];
}

/// N, E, S and W are orthogonal; the others diagonal.
constexpr bool is_diagonal(Facing f) { return (static_cast<int>(f) & 1) != 0; }

/// Turned by `steps` 45-degree steps, clockwise when positive (PS-GRID-16).
constexpr Facing rotated(Facing f, int steps) {
    return static_cast<Facing>(((static_cast<int>(f) + steps) % kFacings + kFacings) % kFacings);
}

/// The smallest number of 45-degree steps between two facings, 0..4.
constexpr int turn_steps(Facing a, Facing b) {
    const int d = ((static_cast<int>(b) - static_cast<int>(a)) % kFacings + kFacings) % kFacings;
    return d <= 4 ? d : kFacings - d;
}

/// "N", "NE", ...
std::string_view to_string(Facing f);
/// "north", "north-east", ...: the facing as it is said.
std::string_view facing_words(Facing f);

/// Parses a facing name, case-insensitive.
std::optional<Facing> parse_facing(std::string_view text);

/// Where a square lies relative to a unit's facing (PS-GRID-6, PS-GRID-7, PS-GRID-8).
enum class Aspect : std::uint8_t { Front, Flank, Rear };

std::string_view to_string(Aspect a);

/// Classifies the square at offset `d` (d != 0) from a unit facing `f`: s = f.d; Front if s > 0,
/// Flank if s = 0, Rear if s < 0 (PS-GRID-8). Units with no flank or rear (PS-GRID-9) are the
/// rules layer's concern.
constexpr Aspect aspect(Facing f, Offset d) {
    const Offset v = vector(f);
    const int s = v.dx * d.dx + v.dy * d.dy;
    return s > 0 ? Aspect::Front : (s == 0 ? Aspect::Flank : Aspect::Rear);
}

constexpr int abs_int(int v) { return v < 0 ? -v : v; }

/// Distance in half-squares: 2 * max(|dx|,|dy|) + min(|dx|,|dy|), so an orthogonal step is 2 and a
/// diagonal step 3 (PS-GRID-10).
constexpr int dist2(Offset d) {
    const int ax = abs_int(d.dx);
    const int ay = abs_int(d.dy);
    return ax > ay ? 2 * ax + ay : 2 * ay + ax;
}

constexpr int dist2(Square a, Square b) { return dist2(a - b); }

/// Whether offset `d` lies in the fire arc of a unit facing `f` (PS-GRID-12): for an orthogonal
/// facing the 90-degree cone f.d >= |f x d|; for a diagonal facing the quadrant around it. The
/// unit's own square (d = 0) is always in the arc.
constexpr bool in_arc(Facing f, Offset d) {
    if (d.dx == 0 && d.dy == 0) return true;
    const Offset v = vector(f);
    if (is_diagonal(f)) return d.dx * v.dx >= 0 && d.dy * v.dy >= 0;
    const int dot = v.dx * d.dx + v.dy * d.dy;
    const int cross = v.dx * d.dy - v.dy * d.dx;
    return dot >= abs_int(cross);
}

}  // namespace tercio::core
