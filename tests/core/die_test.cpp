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
