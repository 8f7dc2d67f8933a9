#include <catch2/catch.hpp>

#include "core/die.hpp"

using namespace tercio::core;

TEST_CASE("the die ladder runs D4 < D6 < D8 < D10 < D12", "[core][PS-DICE-1]") {
    CHECK(faces(DieType::D4) == 4);
    CHECK(faces(DieType::D6) == 6);
    CHECK(faces(DieType::D8) == 8);
    CHECK(faces(DieType::D10) == 10);
    CHECK(faces(DieType::D12) == 12);
    CHECK(ladder_index(DieType::D4) == 0);
    CHECK(ladder_index(DieType::D12) == 4);
    CHECK(to_string(DieType::D10) == "d10");
    CHECK(parse_die("d8") == DieType::D8);
    CHECK(parse_die("D12") == DieType::D12);
    CHECK_FALSE(parse_die("d7").has_value());
    CHECK_FALSE(parse_die("d20").has_value());
    CHECK_FALSE(parse_die("d06").has_value());
    CHECK_FALSE(parse_die("8").has_value());
    CHECK_FALSE(parse_die("").has_value());
}

TEST_CASE("UP and DOWN move along the ladder and stop at D4 and D12", "[core][PS-DICE-2]") {
    CHECK(shifted(DieType::D8, 1) == DieType::D10);
    CHECK(shifted(DieType::D8, -1) == DieType::D6);
    CHECK(shifted(DieType::D8, 2) == DieType::D12);
    CHECK(shifted(DieType::D12, 1) == DieType::D12);
    CHECK(shifted(DieType::D4, -1) == DieType::D4);
    CHECK(shifted(DieType::D6, -5) == DieType::D4);
    CHECK(shifted(DieType::D6, 9) == DieType::D12);
}

TEST_CASE("modifiers are totalled before clamping (PS-EX-1)", "[core][PS-DICE-3][PS-EX-1]") {
    // D10, UP 1 charging, UP 2 leader, DOWN 1 disordered: net +2, index 5 clamps to D12.
    CHECK(final_die(DieType::D10, 3, 1) == DieType::D12);
    // D12, UP 2, DOWN 1: net +1 gives D12 (step-by-step clamping would give D10).
    CHECK(final_die(DieType::D12, 2, 1) == DieType::D12);
    // D4, DOWN 1, UP 2: net +1 gives D6.
    CHECK(final_die(DieType::D4, 2, 1) == DieType::D6);
    // D6 DOWN 3: D4.
    CHECK(final_die(DieType::D6, 0, 3) == DieType::D4);
    // D6, DOWN 2 (rally, Routed), UP 1 (Sultan): net -1 gives D4.
    CHECK(final_die(DieType::D6, 1, 2) == DieType::D4);
}

// Hell Broke Loose's ladder: the same steps, but Ups past D12 are kept as a bonus to the roll.

TEST_CASE("Hell Broke Loose nets Ups and Downs before moving along the ladder", "[core][HBL-DICE-1][HBL-DICE-7]") {
    // HBL-DICE-1, the source's own example (Combat 1): D8, Up 2, Down 1 = D8 Up 1 = D10.
    CHECK(ladder_die(DieType::D8, 2 - 1) == LadderDie{DieType::D10, 0});
    // HBL-DICE-7: index D4=0 .. D12=4, i = index + ups - downs.
    CHECK(ladder_die(DieType::D4, 0) == LadderDie{DieType::D4, 0});
    CHECK(ladder_die(DieType::D6, 1) == LadderDie{DieType::D8, 0});
    CHECK(ladder_die(DieType::D10, 1) == LadderDie{DieType::D12, 0});
    CHECK(ladder_die(DieType::D12, 0) == LadderDie{DieType::D12, 0});
    CHECK(ladder_die(DieType::D6, 3) == LadderDie{DieType::D12, 0});
}

TEST_CASE("Hell Broke Loose never goes below D4", "[core][HBL-DICE-2][HBL-DICE-7]") {
    // "So a D6 Down 5 will be D4."
    CHECK(ladder_die(DieType::D6, -5) == LadderDie{DieType::D4, 0});
    CHECK(ladder_die(DieType::D4, -1) == LadderDie{DieType::D4, 0});
    CHECK(ladder_die(DieType::D8, -2) == LadderDie{DieType::D4, 0});
    CHECK(ladder_die(DieType::D8, -1) == LadderDie{DieType::D6, 0});
}

TEST_CASE("Ups past D12 add to the roll: D12+N", "[core][HBL-DICE-3][HBL-DICE-7]") {
    // "D10 Up 2 is D12+1, and D12 Up 4 is D12+4."
    CHECK(ladder_die(DieType::D10, 2) == LadderDie{DieType::D12, 1});
    CHECK(ladder_die(DieType::D12, 4) == LadderDie{DieType::D12, 4});
    CHECK(ladder_die(DieType::D6, 4) == LadderDie{DieType::D12, 1});  // the gun of HBL-TV-34
    CHECK(ladder_die(DieType::D6, 5) == LadderDie{DieType::D12, 2});  // and of HBL-TV-39
    CHECK(to_string(LadderDie{DieType::D12, 3}) == "d12+3");
    CHECK(to_string(LadderDie{DieType::D8, 0}) == "d8");
    // Pikette Squared's own ladder still stops at D12 (PS-DICE-2).
    CHECK(final_die(DieType::D10, 2, 0) == DieType::D12);
}

TEST_CASE("no result is over 12", "[core][HBL-DICE-4][HBL-DICE-3]") {
    CHECK(result(LadderDie{DieType::D12, 4}, 10) == 12);  // 14 is not scored (HBL-TV-28)
    CHECK(result(LadderDie{DieType::D12, 3}, 10) == 12);  // 13 (HBL-TV-29)
    CHECK(result(LadderDie{DieType::D12, 3}, 8) == 11);   // HBL-TV-15
    CHECK(result(LadderDie{DieType::D12, 1}, 11) == 12);
    CHECK(result(LadderDie{DieType::D10, 0}, 9) == 9);
}

TEST_CASE("odd and even come from the natural roll", "[core][HBL-DICE-5]") {
    // "A D12+1 that rolls 3 for a total of 4 is odd."
    const LadderDie d{DieType::D12, 1};
    CHECK(result(d, 3) == 4);
    CHECK(odd(3));
    CHECK_FALSE(odd(4));
    CHECK_FALSE(odd(8));
    CHECK(odd(1));
}
