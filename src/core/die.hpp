#pragma once
/// The die ladder shared by the rulesets: D4 to D12, with Up and Down steps netted before they are
/// applied (PS-DICE-1 .. PS-DICE-3, HBL-DICE-1). A ruleset either stops at D12 (final_die) or
/// carries the steps beyond D12 as a bonus to the roll, D12+N (ladder_die); docs/rulesets.md says
/// which does which.
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

/// A die of the ladder with the steps beyond D12 carried as a bonus (HBL-DICE-3): D12 Up 2 is
/// {D12, 2}, "d12+2". `plus` is 0 on every die below D12.
struct LadderDie {
    DieType die = DieType::D6;
    int plus = 0;
    friend constexpr bool operator==(const LadderDie&, const LadderDie&) = default;
};

/// HBL-DICE-7: the die `steps` (Ups minus Downs, netted first) from `base`. D4 at the bottom
/// (HBL-DICE-2), D12+N above the top (HBL-DICE-3).
constexpr LadderDie ladder_die(DieType base, int steps) {
    const int i = ladder_index(base) + steps;
    if (i <= 0) return {DieType::D4, 0};
    if (i < kLadderSize) return {die_at(i), 0};
    return {DieType::D12, i - (kLadderSize - 1)};
}

/// The highest result of any roll (HBL-DICE-4: "you can't score 14").
inline constexpr int kMaxResult = 12;

/// HBL-DICE-3, HBL-DICE-4: the result of a natural roll of `d`: natural + N, at most 12.
constexpr int result(LadderDie d, int natural) {
    const int total = natural + d.plus;
    return total > kMaxResult ? kMaxResult : total;
}

/// HBL-DICE-5: odd or even is read from the natural roll, never from the result.
constexpr bool odd(int natural) { return natural % 2 != 0; }

/// "d8" for D8. Lower case is the form used in files and commands.
std::string to_string(DieType d);
/// "d10", or "d12+2" past the top of the ladder.
std::string to_string(LadderDie d);

/// Parses "d4".."d12" (case-insensitive); nothing on any other text.
std::optional<DieType> parse_die(std::string_view text);

/// The die with exactly this many faces, if there is one.
std::optional<DieType> die_with_faces(int faces);

}  // namespace tercio::core
