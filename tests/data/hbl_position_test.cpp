// Hell Broke Loose's position files (src/kits/hbl/data/position.hpp, docs/positions.md): a loaded
// position plays on as the game it came from, and a broken or unplayable position is refused at
// the key that breaks it, with the reason. Every state of random games round-trips in
// random_positions_test.cpp (the long series).
#include "kits/check.hpp"
#include "kits/hbl/data/position.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "hbl/consistency.hpp"
#include "tests/data/text_fixture.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using hbl::HblPosition;
using test::at;
using test::contains;
using test::lines;
using test::value_at;
using test::with;

namespace {

const std::string kRuleset = "hell-broke-loose";

hbl::HblContextResolver resolver() {
    return [](const std::string& ruleset, const std::array<std::string, 2>& armies,
              std::string& why) -> std::optional<hbl::Context> {
        if (ruleset != kRuleset) {
            why = "no such ruleset";
            return std::nullopt;
        }
        return test::HblArmies::get().context(armies[0], armies[1]);
    };
}

data::Loaded<HblPosition> load(const std::string& text) {
    return hbl::load_hbl_position("pos.toml", text, resolver());
}

std::vector<std::string> errors_of(const std::string& text) {
    return lines(load(text).errors);
}

/// A game between `a` and `b` played with random legal commands from its seed, `steps` commands
/// in (or to its end), as a position.
HblPosition played(const std::string& a, const std::string& b, std::uint64_t seed, int steps) {
    const hbl::Context ctx = test::HblArmies::get().context(a, b);
    HblPosition p{kRuleset, {a, b}, seed, 0, {}};
    core::SeededDice dice(seed);
    core::SeededDice chooser(seed + 1000);
    hbl::new_game(ctx, p.state, dice);
    for (int i = 0; i < steps && !p.state.over(); ++i) {
        const auto c = hbl::random_legal(ctx, p.state, chooser);
        REQUIRE(c);
        hbl::apply(ctx, p.state, *c, dice);
    }
    p.calls = dice.calls();
    return p;
}

std::string text_of(const HblPosition& p) {
    return hbl::write_hbl_position(p, test::HblArmies::get().context(p.armies[0], p.armies[1]));
}

/// Where the table of unit `label` of `side` begins: `label = "K1"\nside = "a"`.
std::string unit_block(const std::string& label, const std::string& side) {
    return "label = \"" + label + "\"\nside = \"" + side + "\"";
}

}  // namespace

TEST_CASE("A loaded Hell Broke Loose position plays on exactly as the game it came from",
          "[data][position][hbl]") {
    const hbl::Context ctx = test::HblArmies::get().context("spanish", "moorish");
    for (const int at_step : {0, 37, 150}) {
        INFO("the position after command " << at_step);
        HblPosition p = played("spanish", "moorish", 11, at_step);
        REQUIRE_FALSE(p.state.over());
        const auto loaded = load(text_of(p));
        REQUIRE(loaded.ok());
        HblPosition q = *loaded.value;
        core::SeededDice dice_p(p.seed, p.calls), dice_q(q.seed, q.calls);
        core::SeededDice choose_p(5), choose_q(5);
        int n = 0;
        while (!p.state.over() && n < 400) {
            const auto c = hbl::random_legal(ctx, p.state, choose_p);
            const auto d = hbl::random_legal(ctx, q.state, choose_q);
            REQUIRE(c);
            REQUIRE(d);
            REQUIRE(*c == *d);
            const auto ep = hbl::apply(ctx, p.state, *c, dice_p);
            const auto eq = hbl::apply(ctx, q.state, *d, dice_q);
            REQUIRE(ep.size() == eq.size());
            REQUIRE(hbl::state_hash(p.state) == hbl::state_hash(q.state));
            ++n;
        }
        CHECK(n > 20);
    }
}

TEST_CASE("Hell Broke Loose position errors say where and what", "[data][position][hbl]") {
    const HblPosition p = played("french", "ottoman", 3, 60);
    const std::string text = text_of(p);
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    const std::string first = hbl::unit_label(ctx, p.state, 0);  // side a's first unit
    const auto& first_line = ctx.army(hbl::Side::A).units[p.state.units[0].line].id;
    SECTION("the written position loads") {
        REQUIRE(load(text).ok());
    }
    SECTION("a ruleset or army that is not there") {
        const auto src = with(text, "ruleset = \"hell-broke-loose\"", "ruleset = \"hell-broke\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "\"hell-broke\"") +
                                       ": ruleset: cannot load ruleset \"hell-broke\" with armies \"french\" and "
                                       "\"ottoman\": no such ruleset"});
    }
    SECTION("no resolver") {
        const auto out = hbl::load_hbl_position("pos.toml", text, {});
        CHECK(lines(out.errors) ==
              std::vector<std::string>{at(text, "\"hell-broke-loose\"") +
                                       ": ruleset: cannot load ruleset \"hell-broke-loose\" with armies \"french\" "
                                       "and \"ottoman\": no data directory to load them from"});
    }
    SECTION("a line the army does not have, and a wrong label") {
        auto src = with(text, unit_block(first, "a") + "\nline = \"" + first_line + "\"",
                        unit_block(first, "a") + "\nline = \"aztecs\"");
        const auto errors = errors_of(src);
        for (const auto& e : errors) UNSCOPED_INFO(e);
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].rfind(value_at(src, "line = \"aztecs\"") + ": unit[0].line: \"aztecs\" is not a unit line of "
                                  "army french (", 0) == 0);
        src = with(text, unit_block(first, "a"), unit_block("Q7", "a"));
        CHECK(errors_of(src) == std::vector<std::string>{value_at(src, "label = \"Q7\"") +
                                                        ": unit[0].label: \"Q7\" is not this unit's label: its "
                                                        "place in the list makes it \"" + first + "\""});
    }
    SECTION("bad words, out-of-range numbers, unknown and missing keys") {
        auto src = with(text, "turn = " + std::to_string(p.state.turn), "turn = 11");
        src = with(src, "\nphase = ", "\ncolour = \"red\"\nphase = ");
        src = with(src, "end = \"none\"", "end = \"nightfall\"");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    value_at(src, "turn = 11") + ": game.turn: 11 is out of range (1 to 10)",
                                    at(src, "colour") + ": game.colour: unknown key",
                                    value_at(src, "end = \"nightfall\"") +
                                        ": game.end: \"nightfall\" is not a reason the game ended (use none, "
                                        "chips_gone, no_units, turn_limit or conceded)"});
        const std::string chips = "[sides.a]\nchips = " + std::to_string(p.state.chips[0]) + "\n";
        src = with(text, chips + "chips_start = ", chips + "chip_start = ");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    at(src, "[sides.a]") + ": sides.a: missing required key 'chips_start'",
                                    at(src, "chip_start") + ": sides.a.chip_start: unknown key"});
    }
    SECTION("a reference to a unit that is not there") {
        const auto src = with(text, "loser = ", "loser = \"b:Z9\"\nold_loser = ");
        const auto errors = errors_of(src);
        REQUIRE_FALSE(errors.empty());
        CHECK(errors[0] == value_at(src, "loser = \"b:Z9\"") +
                               ": pending.loser: \"b:Z9\" is not a unit of this position (use a side and a label "
                               "such as \"a:K1\", or \"none\")");
    }
}

TEST_CASE("A Hell Broke Loose position the game cannot play is refused at the key that breaks it",
          "[data][position][hbl][HBL-GRID-2][HBL-GRID-3][HBL-SEQ-1][HBL-MOVE-3][HBL-UNDEF-4]") {
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    const HblPosition base = played("french", "ottoman", 3, 60);
    REQUIRE(load(text_of(base)).ok());
    const auto refused = [&](const HblPosition& p) {
        const std::string src = text_of(p);
        return std::pair{src, errors_of(src)};
    };
    SECTION("two units of a side in one square (HBL-GRID-2)") {
        HblPosition p = base;
        p.state.units[1].sq = p.state.units[0].sq;
        p.state.units[1].on_board = p.state.units[0].on_board = true;
        const auto [src, errors] = refused(p);
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": unit[1].square: " + hbl::unit_label(ctx, p.state, 1) + " shares its square with " +
                                      hbl::unit_label(ctx, p.state, 0) + " of its own side (HBL-GRID-2)"));
        CHECK(errors[0].rfind(value_at(src, "square = \"" + core::to_string(p.state.units[0].sq) + "\"", 1), 0) == 0);
    }
    SECTION("enemies in one square but in no melee (HBL-GRID-3)") {
        HblPosition p = base;
        std::size_t foe = 0;
        while (p.state.units[foe].side == hbl::Side::A) ++foe;
        p.state.units[foe].sq = p.state.units[0].sq;
        p.state.units[foe].on_board = p.state.units[0].on_board = true;
        p.state.units[foe].melee = p.state.units[0].melee = -1;
        const auto errors = refused(p).second;
        REQUIRE_FALSE(errors.empty());
        CHECK(contains(errors[0], "but they are not in a melee (HBL-GRID-3)"));
    }
    SECTION("a deck that is not the army's (HBL-SEQ-1)") {
        HblPosition p = base;
        p.state.decks[1].cards[0] = p.state.decks[1].cards[0] == hbl::CardKind::Lull ? hbl::CardKind::March
                                                                                      : hbl::CardKind::Lull;
        const auto [src, errors] = refused(p);
        REQUIRE(errors.size() == 1);
        CHECK(errors[0].find(": sides.b.deck: the deck must hold the army's ") != std::string::npos);
    }
    SECTION("a unit in type III terrain (HBL-MOVE-3)") {
        HblPosition p = base;
        std::size_t u = 0;
        while (!p.state.units[u].on_board) ++u;
        p.state.set_terrain(p.state.units[u].sq, hbl::Terrain::III);
        const auto errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ".square: " + hbl::unit_label(ctx, p.state, u) +
                                      " stands in type III terrain, which no unit may enter (HBL-MOVE-3)"));
    }
    SECTION("a unit with no UI left on the board (HBL-UNDEF-4)") {
        HblPosition p = base;
        std::size_t u = 0;
        while (!p.state.units[u].on_board) ++u;
        p.state.units[u].integrity.lost = p.state.units[u].integrity.ui;
        const auto errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ".lost: " + hbl::unit_label(ctx, p.state, u) + " has no UI left but is still on the board"));
    }
    SECTION("more chips than the army starts with") {
        HblPosition p = base;
        p.state.chips[0] = p.state.chips_start[0] + 1;
        const auto errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": sides.a.chips: "));
    }
    SECTION("a rally with no unit to bring UI back to") {
        HblPosition p = base;
        p.state.decision = hbl::Decision::RallyBack;
        p.state.pending_unit = -1;
        const auto [src, errors] = refused(p);
        CHECK(errors == std::vector<std::string>{value_at(src, "pending_unit = \"none\"") +
                                                 ": game.pending_unit: this decision needs the unit rallied, a unit "
                                                 "on the board"});
    }
    SECTION("a game over that says no reason, and one going on with a winner") {
        HblPosition p = base;
        p.state.decision = hbl::Decision::Over;
        auto [src, errors] = refused(p);
        CHECK(errors == std::vector<std::string>{value_at(src, "end = \"none\"") +
                                                 ": game.end: a game that is over says why it ended"});
        p = base;
        p.state.winner = hbl::Side::B;
        std::tie(src, errors) = refused(p);
        CHECK(errors == std::vector<std::string>{value_at(src, "end = \"none\"") +
                                                 ": game.end: a game that goes on has no winner yet"});
    }
}

TEST_CASE("tercio check reads a Hell Broke Loose position by its ruleset's rules", "[data][position][hbl]") {
    data::DataCatalog catalog(std::filesystem::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
    const std::string text = text_of(played("italian", "imperialist", 9, 80));
    auto out = kits::check_text("pos.toml", text, catalog);
    for (const auto& e : out.errors) UNSCOPED_INFO(e.to_string());
    CHECK(out.kind == "position");
    CHECK(out.status == data::CheckOutcome::Status::Ok);
    const std::string broken = with(text, "ruleset = \"hell-broke-loose\"\narmies = { a = \"italian\"",
                                    "ruleset = \"hell-broke-loose\"\narmies = { a = \"aztec\"");
    out = kits::check_text("pos.toml", broken, catalog);
    REQUIRE(out.errors.size() == 1);
    CHECK(out.errors[0].message.rfind("ruleset: cannot load ruleset \"hell-broke-loose\" with armies \"aztec\"", 0) == 0);
}
