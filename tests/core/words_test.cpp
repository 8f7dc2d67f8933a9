// core::in_words: a list as a sentence gives it, for help texts and messages.
#include <catch2/catch.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/names.hpp"

using tercio::core::in_words;

TEST_CASE("a list in words: commas and the last word before the last item", "[core]") {
    CHECK(in_words(std::vector<std::string>{}, "and").empty());
    CHECK(in_words(std::vector<std::string>{"pike"}, "and") == "pike");
    CHECK(in_words(std::vector<std::string>{"pike", "shot"}, "or") == "pike or shot");
    CHECK(in_words(std::vector<std::string>{"random", "easy", "normal", "hard"}, "or") ==
          "random, easy, normal or hard");
    constexpr std::array<std::string_view, 3> views = {"a", "b", "c"};
    CHECK(in_words(views, "and") == "a, b and c");
}
