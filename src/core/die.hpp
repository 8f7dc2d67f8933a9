#pragma once
/// The die ladder of Pikette Squared (PS-DICE-1 .. PS-DICE-3).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tercio::core {

/// The five die types in ladder order, D4 lowest (PS-DICE-1).
enum class DieType : std::uint8_t { D4 = 0, D6 = 1, D8 = 2, D10 = 3, D12 = 4 };

inline constexpr int kLadderSize = 5;

/// Number of faces: 4, 6, 8, 10 or 12.
constexpr int faces(DieType d) { return 4 + 2 * static_cast<int>(d); }

/// Position on the ladder, 0 (D4) .. 4 (D12).
constexpr int ladder_index(DieType d) { return static_cast<int>(d); }

/// The die at a ladder index clamped into 0..4 (PS-DICE-2).
constexpr DieType die_at(int index) {
    return static_cast<DieType>(index < 0 ? 0 : (index > kLadderSize - 1 ? kLadderSize - 1 : index));
}

/// UP n (n > 0) or DOWN -n (n < 0), clamped at D4 and D12 (PS-DICE-2).
constexpr DieType shifted(DieType base, int steps) { return die_at(ladder_index(base) + steps); }

/// Final die type: every Up and Down is added first and only the total is clamped (PS-DICE-3).
constexpr DieType final_die(DieType base, int ups, int downs) {
    return die_at(ladder_index(base) + ups - downs);
}

/// "d8" for D8. Lower case is the form used in files and commands.
std::string to_string(DieType d);

/// Parses "d4".."d12" (case-insensitive); nothing on any other text.
std::optional<DieType> parse_die(std::string_view text);

/// The die with exactly this many faces, if there is one.
std::optional<DieType> die_with_faces(int faces);

}  // namespace tercio::core
