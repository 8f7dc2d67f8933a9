// Commands as values: held inline (no heap), what the parser refuses that they cannot hold, and
// rules::random_legal, which chooses as picking from legal_commands does without building it (the
// lists agreeing with the checks: tests/rules/lists_agree_test.cpp, in the long series).
#include <algorithm>
#include <string>
#include <type_traits>
#include <variant>

#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::rules;

TEST_CASE("commands copy as plain bytes and round-trip at the longest they hold", "[rules][commands]") {
    STATIC_REQUIRE(std::is_trivially_copyable_v<Command>);
    STATIC_REQUIRE(std::is_trivially_destructible_v<Command>);
    std::string err;
    // The longest id a data file may give, in `extra`.
    const std::string id(kMaxIdLength, 'x');
    const auto extra = parse_command("extra " + id, err);
    REQUIRE(extra.has_value());
    CHECK(std::get<ChooseExtraUnit>(*extra).line == id);
    CHECK(print(*extra) == "extra " + id);
    // A stream across the widest board.
    std::string stream = "terrain stream";
    for (int x = 0; x < core::kMaxBoardSide; ++x) stream += " " + core::to_string(core::make_square(x, 3));
    const auto placed = parse_command(stream, err);
    REQUIRE(placed.has_value());
    CHECK(std::get<PlaceTerrain>(*placed).squares.size() == static_cast<std::size_t>(core::kMaxBoardSide));
    CHECK(print(*placed) == stream);
    const auto deploy = parse_command("deploy K12 h2 N", err);
    REQUIRE(deploy.has_value());
    CHECK(std::get<Deploy>(*deploy).unit == "K12");
    CHECK(print(*deploy) == "deploy K12 h2 N");
}

TEST_CASE("the parser refuses what a command cannot hold, and says why", "[rules][commands]") {
    std::string err;
    CHECK_FALSE(parse_command("extra " + std::string(kMaxIdLength + 1, 'x'), err).has_value());
    CHECK(err.find("is not a unit line id") != std::string::npos);
    std::string stream = "terrain stream";
    for (int x = 0; x <= core::kMaxBoardSide; ++x) stream += " a1";
    CHECK_FALSE(parse_command(stream, err).has_value());
    CHECK(err == "a terrain piece has at most 26 squares");
    CHECK_FALSE(parse_command("deploy K12345678 h2 N", err).has_value());
    CHECK(err == "'K12345678' is not a unit such as K1");
    // A move with a path: it names only where it ends (issue 40).
    CHECK_FALSE(parse_command("move i7 face E j6 k6", err).has_value());
    CHECK(err == "a move names only the square it ends in ('k6' after j6): the cheapest way there is taken");
    CHECK(parse_command("move i7 face E j6", err).has_value());
}

TEST_CASE("a deployment names its units by label, as unit_label numbers them", "[rules][commands][PS-SETUP-5]") {
    const RulesContext ctx = test::Armies::get().context("spanish", "french");
    core::SeededDice dice(7);
    GameState s;
    new_game(ctx, s, dice);
    // Deploy every unit by its label, one command each, as a player would type them.
    int deployed = 0;
    while (s.decision == Decision::Deploy || s.decision == Decision::PlaceTerrain ||
           s.decision == Decision::AdjustTerrain || s.decision == Decision::ExtraUnitChoice ||
           s.decision == Decision::ExtraCardChoice) {
        if (s.decision != Decision::Deploy) {
            const auto legal = legal_commands(ctx, s);
            REQUIRE(play(ctx, s, legal.front(), dice).ok());
            continue;
        }
        const auto legal = legal_commands(ctx, s);
        const Deploy* d = nullptr;
        for (const Command& c : legal) {
            if ((d = std::get_if<Deploy>(&c))) break;
        }
        if (!d) {
            REQUIRE(play(ctx, s, legal.front(), dice).ok());  // the leader, or deploy auto
            continue;
        }
        const Deploy chosen = *d;
        const std::size_t before = s.unit_count;
        REQUIRE(play(ctx, s, chosen, dice).ok());
        // The unit that went down is the one with that label.
        bool found = false;
        for (std::size_t i = 0; i < before; ++i) {
            if (s.units[i].deployed && s.units[i].square == chosen.square && unit_label(ctx, s, i) == chosen.unit.view()) {
                found = true;
            }
        }
        CHECK(found);
        ++deployed;
    }
    CHECK(deployed >= 20);
    CHECK(validate(ctx, s, Deploy{"K99", core::make_square(0, 0), Facing::N}).has_value());
}

TEST_CASE("random_legal chooses what a pick from legal_commands without conceding would", "[rules][random]") {
    // Whole games, deployment (thousands of commands, found by a second pass) included: the two
    // choosers draw the same numbers, so their commands must be equal at every step.
    for (int g = 0; g < 6; ++g) {
        const RulesContext ctx = test::Armies::get().context(g % 2 ? "ottoman" : "french", g % 3 ? "moorish" : "italian");
        core::SeededDice dice(static_cast<std::uint64_t>(g) + 40);
        core::SeededDice list_chooser(static_cast<std::uint64_t>(g) + 900);
        core::SeededDice lazy_chooser(static_cast<std::uint64_t>(g) + 900);
        GameState s;
        new_game(ctx, s, dice);
        int steps = 0;
        bool long_list = false;
        while (s.decision != Decision::GameOver && steps < 3000) {
            auto legal = legal_commands(ctx, s);
            REQUIRE(std::holds_alternative<Concede>(legal.back()));
            long_list = long_list || legal.size() > 512;
            legal.pop_back();
            const Command& expected =
                legal[static_cast<std::size_t>(list_chooser.pick(static_cast<int>(legal.size()), core::RollPurpose::Other))];
            std::size_t listed = 0;
            const auto got = random_legal(ctx, s, lazy_chooser, &listed);
            REQUIRE(got.has_value());
            CHECK(listed == legal.size() + 1);
            INFO("game " << g << " step " << steps);
            REQUIRE(print(*got) == print(expected));
            REQUIRE(play(ctx, s, *got, dice).ok());
            ++steps;
        }
        CHECK(s.decision == Decision::GameOver);
        CHECK(long_list);
        CHECK_FALSE(random_legal(ctx, s, lazy_chooser).has_value());  // nothing once the game is over
    }
}
