// The Sword and the Pike's position files (src/kits/tsp/data/position.hpp, docs/positions.md):
// a loaded position plays on as the game it came from, and a broken or unplayable position is
// refused at the key that breaks it, with the reason. Every state of random games round-trips in
// random_positions_test.cpp (the long series).
#include "kits/tsp/data/position.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/dice.hpp"
#include "data/check.hpp"
#include "kits/hbl/data/files.hpp"
#include "kits/pikette/data/files.hpp"
#include "kits/tsp/data/consistency.hpp"
#include "tests/data/text_fixture.hpp"
#include "tests/rules/position_fixture.hpp"
#include "tests/tsp/data_fixture.hpp"

using namespace tercio;
using test::at;
using test::contains;
using test::lines;
using test::value_at;
using test::with;
using tsp::TspPosition;

namespace {

tsp::TspContextResolver resolver() {
    return [](const std::string& ruleset, const std::array<std::string, 2>& armies,
              std::string& why) -> std::optional<tsp::Context> {
        if (ruleset != test::kTspRuleset) {
            why = "no such ruleset";
            return std::nullopt;
        }
        return test::TspArmies::get().context(armies[0], armies[1]);
    };
}

data::Loaded<TspPosition> load(const std::string& text) {
    return tsp::load_tsp_position("pos.toml", text, resolver());
}

std::vector<std::string> errors_of(const std::string& text) {
    return lines(load(text).errors);
}

/// A game between `a` and `b` played with random legal commands from its seed, `steps` commands
/// in (or to its end), as a position; `close`: side B starts 4 ranks from side A. `commands`: how
/// many were played.
TspPosition played(const std::string& a, const std::string& b, std::uint64_t seed, int steps, bool close = false,
                   int* commands = nullptr) {
    const tsp::Context ctx = test::TspArmies::get().context(a, b);
    TspPosition p{test::kTspRuleset, {a, b}, seed, 0, {}};
    core::SeededDice dice(seed);
    core::SeededDice chooser(seed + 1000);
    tsp::new_game(ctx, p.state, dice);
    if (close) test::tsp_start_close(p.state);
    int i = 0;
    for (; i < steps && !p.state.over(); ++i) {
        const auto c = tsp::random_legal(ctx, p.state, chooser);
        REQUIRE(c);
        tsp::apply(ctx, p.state, *c, dice);
    }
    if (commands) *commands = i;
    p.calls = dice.calls();
    return p;
}

std::string text_of(const TspPosition& p) {
    return tsp::write_tsp_position(p, test::TspArmies::get().context(p.armies[0], p.armies[1]));
}

/// Where the table of unit `label` of `side` begins: `label = "P1"\nside = "a"`.
std::string unit_block(const std::string& label, const std::string& side) {
    return "label = \"" + label + "\"\nside = \"" + side + "\"";
}

/// The first unit of `side` on the field in `s`.
std::size_t first_on_field(const tsp::GameState& s, tsp::Side side) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        if (s.units[u].side == side && s.units[u].on_board) return u;
    }
    FAIL("no unit of the side on the field");
    return 0;
}

}  // namespace

TEST_CASE("A loaded Sword and the Pike position plays on exactly as the game it came from",
          "[data][position][tsp]") {
    const tsp::Context ctx = test::TspArmies::get().context("spanish", "swiss");
    int length = 0;  // the commands the game takes to its end
    int compared = 0;
    played("spanish", "swiss", 11, 20000, true, &length);
    REQUIRE(length > 60);
    for (const int at_step : {0, length / 3, 2 * length / 3}) {
        INFO("the position after command " << at_step);
        TspPosition p = played("spanish", "swiss", 11, at_step, true);
        REQUIRE_FALSE(p.state.over());
        const auto loaded = load(text_of(p));
        REQUIRE(loaded.ok());
        TspPosition q = *loaded.value;
        core::SeededDice dice_p(p.seed, p.calls), dice_q(q.seed, q.calls);
        core::SeededDice choose_p(5), choose_q(5);
        int n = 0;
        while (!p.state.over() && n < 400) {
            const auto c = tsp::random_legal(ctx, p.state, choose_p);
            const auto d = tsp::random_legal(ctx, q.state, choose_q);
            REQUIRE(c);
            REQUIRE(d);
            REQUIRE(*c == *d);
            const auto ep = tsp::apply(ctx, p.state, *c, dice_p);
            const auto eq = tsp::apply(ctx, q.state, *d, dice_q);
            REQUIRE(ep.size() == eq.size());
            REQUIRE(tsp::state_hash(p.state) == tsp::state_hash(q.state));
            ++n;
        }
        // Played on to the game's end (or 400 commands), all of it the same.
        CHECK((p.state.over() || n == 400));
        compared += n;
    }
    CHECK(compared > 60);
}

TEST_CASE("A Sword and the Pike position writes what the game holds, in words", "[data][position][tsp]") {
    TspPosition p = played("swiss", "french", 3, 0);
    p.state.set_terrain(core::make_square(3, 7), tsp::Terrain::Wood);
    p.state.set_terrain(core::make_square(4, 7), tsp::Terrain::Wood);
    p.state.set_terrain(core::make_square(10, 8), tsp::Terrain::Building);
    p.state.options = tsp::kLightRain;
    const std::string text = text_of(p);
    CHECK(contains(text, "\n[board]\nfiles = 24\nranks = 16\nwood = [\"d8\", \"e8\"]\nhill = []\nstream = []\n"
                         "hedge = []\nwall = []\nbuilding = [\"k9\"]\nroad = []\n"));
    CHECK(contains(text, "\n[game]\noptions = [\"light_rain\"]\nturn = 1\nstep = \"movement\"\ncard = \"" +
                             tsp::card_text(*p.state.card) + "\"\n"));
    // The Swiss pike: its own 4 companies of 5, two with a leader (TSP-TYPE-2), and the company of
    // halberdiers attached with a leader of its own; the Captain of the Gewalthaufen with the first.
    CHECK(contains(text, unit_block("P1", "a") + "\nline = \"pike\"\nsquare = \"" + core::to_string(p.state.units[0].sq) +
                             "\"\nfacing = \"N\"\norder = \"closed\"\n"
                             "companies = [{ figures = 5, leader = true }, { figures = 5, leader = true }, "
                             "{ figures = 5, leader = false }, { figures = 5, leader = false }]\n"
                             "attached = [{ figures = 5, leader = true }]\nstatus = \"steady\"\n"));
    CHECK(contains(text, "\n[[officer]]\nside = \"a\"\nid = \"captain_general\"\nunit = \"none\"\nalive = false\n"
                         "\n[[officer]]\nside = \"a\"\nid = \"captain\"\nunit = \"a:P1\"\nalive = true\n"));
    // Both decks whole, those pulled in the order they were, then those left, a suit's worth a line.
    CHECK(contains(text, "\n[decks.activation]\npulled = " + std::to_string(p.state.activation.next) + "\ncards = [\n    \"" +
                             tsp::card_text(p.state.activation.cards[0]) + "\","));
    CHECK(contains(text, "\n[decks.casualty]\npulled = 0\ncards = [\n"));
    REQUIRE(load(text).ok());
    CHECK(*load(text).value == p);
}

TEST_CASE("Sword and the Pike position errors say where and what", "[data][position][tsp]") {
    const TspPosition p = played("french", "imperialist", 3, 60, true);
    const std::string text = text_of(p);
    const tsp::Context ctx = test::TspArmies::get().context("french", "imperialist");
    const std::string first = tsp::unit_label(ctx, p.state, 0);  // side a's first unit
    const auto& first_line = ctx.army(tsp::Side::A).units[p.state.units[0].line].id;
    SECTION("the written position loads") {
        REQUIRE(load(text).ok());
    }
    SECTION("a ruleset or army that is not there") {
        const auto src = with(text, "ruleset = \"the-sword-and-the-pike\"", "ruleset = \"the-sword\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "\"the-sword\"") +
                                       ": ruleset: cannot load ruleset \"the-sword\" with armies \"french\" and "
                                       "\"imperialist\": no such ruleset"});
    }
    SECTION("no resolver") {
        const auto out = tsp::load_tsp_position("pos.toml", text, {});
        CHECK(lines(out.errors) ==
              std::vector<std::string>{at(text, "\"the-sword-and-the-pike\"") +
                                       ": ruleset: cannot load ruleset \"the-sword-and-the-pike\" with armies "
                                       "\"french\" and \"imperialist\": no data directory to load them from"});
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
        auto src = with(text, "\nturn = " + std::to_string(p.state.turn), "\nturn = 13");
        src = with(src, "\nstep = ", "\ncolour = \"red\"\nstep = ");
        src = with(src, "end = \"none\"", "end = \"nightfall\"");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    value_at(src, "turn = 13") + ": game.turn: 13 is out of range (1 to 12)",
                                    at(src, "colour") + ": game.colour: unknown key",
                                    value_at(src, "end = \"nightfall\"") +
                                        ": game.end: \"nightfall\" is not a reason the game ended (use none, "
                                        "no_units, spirit_failed, spirit_gone, turn_limit or conceded)"});
        const std::string starts = "[sides.a]\nstart_units = " + std::to_string(p.state.start_units[0]) + "\n";
        src = with(text, starts + "spirit_failures = ", starts + "spirit_failure = ");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    at(src, "[sides.a]") + ": sides.a: missing required key 'spirit_failures'",
                                    at(src, "spirit_failure ") + ": sides.a.spirit_failure: unknown key"});
        src = with(text, "options = []", "options = [\"fog\"]");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    at(src, "\"fog\"") +
                                    ": game.options[0]: \"fog\" is not an option (use quicker_movement, light_rain, brigade_movement or dismounting)"});
    }
    SECTION("cards that are not cards, and a deck short of one") {
        const std::string card = tsp::card_text(*p.state.card);
        auto src = with(text, "card = \"" + card + "\"", "card = \"1H\"");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    value_at(src, "card = \"1H\"") +
                                    ": game.card: \"1H\" is not a card (a rank A, 2 to 10, J, Q or K and a suit H, "
                                    "D, C or S, such as \"10D\", or \"none\")"});
        const std::string top = "[decks.casualty]\npulled = " + std::to_string(p.state.casualty.next) + "\ncards = [\n    \"" +
                                tsp::card_text(p.state.casualty.cards[0]) + "\",";
        src = with(text, top, "[decks.casualty]\npulled = " + std::to_string(p.state.casualty.next) + "\ncards = [\n    \"ZZ\",");
        CHECK(errors_of(src) == std::vector<std::string>{at(src, "\"ZZ\"") +
                                                        ": decks.casualty.cards[0]: \"ZZ\" is not a card (a rank A, 2 "
                                                        "to 10, J, Q or K and a suit H, D, C or S, such as \"10D\")"});
        src = with(text, top, "[decks.casualty]\npulled = " + std::to_string(p.state.casualty.next) + "\ncards = [\n   ");
        CHECK(errors_of(src) == std::vector<std::string>{value_at(src, "cards = [", 1) +
                                                        ": decks.casualty.cards: 51 cards: a deck holds the 52 of a "
                                                        "standard deck: those pulled, in the order they were, then those left (TSP-CARD-1)"});
    }
    SECTION("companies the unit's line does not have") {
        const std::size_t c0 = text.find("companies = [", text.find(unit_block(first, "a")));
        const std::string src = text.substr(0, c0) + "companies = [{ figures = 5, leader = true }]" +
                                text.substr(text.find('\n', c0));
        CHECK(errors_of(src) == std::vector<std::string>{value_at(src, "companies = [{ figures = 5, leader = true }]") +
                                                        ": unit[0].companies: 1 company, but a unit of its line has "
                                                        "4 (the line says its companies)"});
    }
    SECTION("field officers out of the armies' order") {
        // The French general then colonel, the Imperialists' general then oberst.
        const auto src = with(text, "id = \"colonel\"", "id = \"general\"");
        CHECK(errors_of(src) == std::vector<std::string>{value_at(src, "id = \"general\"", 1) +
                                                        ": officer[1].id: the field officers are the armies' in "
                                                        "their order (a:general, a:colonel, b:general, b:oberst): "
                                                        "this one is a:colonel"});
    }
    SECTION("a reference to a unit that is not there") {
        const auto src = with(text, "active = ", "active = \"b:Z9\"\nold_active = ");
        const auto errors = errors_of(src);
        REQUIRE_FALSE(errors.empty());
        CHECK(errors[0] == value_at(src, "active = \"b:Z9\"") +
                               ": game.active: \"b:Z9\" is not a unit of this position (use a side and a label "
                               "such as \"a:P1\", or \"none\")");
    }
}

TEST_CASE("A Sword and the Pike position the game cannot play is refused at the key that breaks it",
          "[data][position][tsp][TSP-GRID-1][TSP-GRID-3][TSP-CARD-1][TSP-ROUT-1][TSP-SPIRIT-1]") {
    const tsp::Context ctx = test::TspArmies::get().context("french", "imperialist");
    const TspPosition base = played("french", "imperialist", 3, 60, true);
    REQUIRE(load(text_of(base)).ok());
    const auto refused = [&](const TspPosition& p) {
        const std::string src = text_of(p);
        return std::pair{src, errors_of(src)};
    };
    const std::size_t a0 = first_on_field(base.state, tsp::Side::A);
    const std::size_t b0 = first_on_field(base.state, tsp::Side::B);
    SECTION("two units of a side in one square (TSP-GRID-1)") {
        TspPosition p = base;
        std::size_t a1 = a0 + 1;
        while (p.state.units[a1].side != tsp::Side::A) ++a1;
        p.state.units[a1].on_board = true;
        if (p.state.units[a1].total() == 0) p.state.units[a1].figures[0] = 1;
        p.state.units[a1].sq = p.state.units[a0].sq;
        const auto [src, errors] = refused(p);
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": unit[" + std::to_string(a1) + "].square: " + tsp::unit_label(ctx, p.state, a1) +
                                      " shares its square with " + tsp::unit_label(ctx, p.state, a0) +
                                      " of its own side (TSP-GRID-1)"));
    }
    SECTION("enemies in one square but not in close combat with each other (TSP-GRID-3)") {
        TspPosition p = base;
        for (std::size_t u = 0; u < p.state.unit_count; ++u) p.state.units[u].combat = -1;
        p.state.units[b0].sq = p.state.units[a0].sq;
        const auto errors = refused(p).second;
        REQUIRE_FALSE(errors.empty());
        CHECK(contains(errors[0], "but they are not in close combat (TSP-GRID-3)"));
    }
    SECTION("a close combat one side of which is not in it") {
        TspPosition p = base;
        for (std::size_t u = 0; u < p.state.unit_count; ++u) p.state.units[u].combat = -1;
        p.state.units[a0].combat = static_cast<std::int8_t>(b0);
        const auto errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": unit[" + std::to_string(a0) + "].combat: the enemy in close combat with " +
                                      tsp::unit_label(ctx, p.state, a0) + " must be in close combat with it"));
    }
    SECTION("a deck holding a card twice (TSP-CARD-1)") {
        TspPosition p = base;
        p.state.casualty.cards[5] = p.state.casualty.cards[6];
        const auto errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": decks.casualty.cards: a deck holds each of the 52 cards once (TSP-CARD-1)"));
    }
    SECTION("more figures than the unit started with, and none left on the field") {
        TspPosition p = base;
        p.state.units[a0].figures[0] = static_cast<std::uint8_t>(p.state.units[a0].start_figures + 1);
        auto errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": unit[" + std::to_string(a0) + "].companies: more figures than the "));
        p = base;
        p.state.units[a0].figures = {};
        errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], tsp::unit_label(ctx, p.state, a0) + " has no figures left but is still on the field"));
    }
    SECTION("a Routed unit that does not say when it routed (TSP-ROUT-1)") {
        TspPosition p = base;
        p.state.units[a0].status = tsp::Status::Routed;
        p.state.units[a0].routed_turn = -1;
        p.state.units[a0].combat = -1;
        for (std::size_t u = 0; u < p.state.unit_count; ++u) {
            if (p.state.units[u].combat == static_cast<std::int8_t>(a0)) p.state.units[u].combat = -1;
        }
        const auto [src, errors] = refused(p);
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": unit[" + std::to_string(a0) + "].routed_turn: a Routed unit says the turn it routed (TSP-ROUT-1)"));
    }
    SECTION("a side's start units that are not its units (TSP-SPIRIT-1)") {
        TspPosition p = base;
        ++p.state.start_units[1];
        const auto [src, errors] = refused(p);
        REQUIRE(errors.size() == 1);
        CHECK(errors[0] == value_at(src, "[sides.b]\nstart_units = " + std::to_string(p.state.start_units[1])) +
                               ": sides.b.start_units: the side has " + std::to_string(base.state.start_units[1]) +
                               " units in the game (TSP-SPIRIT-1)");
    }
    SECTION("a card in play that is not the last one pulled, or of the other colour") {
        TspPosition p = base;
        REQUIRE(p.state.card);
        // Another card of the same suit: of the same colour, not the one pulled.
        p.state.card = static_cast<std::uint8_t>(*p.state.card / 13 * 13 + (*p.state.card % 13 + 1) % 13);
        const auto errors = refused(p).second;
        REQUIRE(errors.size() == 1);
        CHECK(contains(errors[0], ": game.card: the card in play is the last one pulled from the activation deck"));
    }
    SECTION("a game over that says no reason, and one going on with a winner") {
        TspPosition p = base;
        p.state.decision = tsp::Decision::Over;
        auto [src, errors] = refused(p);
        CHECK(errors == std::vector<std::string>{value_at(src, "end = \"none\"") +
                                                 ": game.end: a game that is over says why it ended"});
        p = base;
        p.state.winner = tsp::Side::B;
        std::tie(src, errors) = refused(p);
        CHECK(errors == std::vector<std::string>{value_at(src, "end = \"none\"") +
                                                 ": game.end: a game that goes on has no winner yet"});
    }
    SECTION("a move with no unit activated, and a card with no unit left to act on it") {
        TspPosition p = base;
        p.state.decision = tsp::Decision::Move;
        p.state.step = tsp::Step::Movement;
        p.state.active = -1;
        auto [src, errors] = refused(p);
        CHECK(errors == std::vector<std::string>{value_at(src, "active = \"none\"") +
                                                 ": game.active: this decision needs the unit activated"});
        p = base;
        p.state.decision = tsp::Decision::Activate;
        p.state.step = tsp::Step::Movement;
        p.state.active = -1;
        for (std::size_t u = 0; u < p.state.unit_count; ++u) p.state.units[u].acted = true;
        std::tie(src, errors) = refused(p);
        CHECK(errors == std::vector<std::string>{value_at(src, "decision = \"activate\"") +
                                                 ": game.decision: the deciding side has nothing it may do but "
                                                 "concede"});
    }
    SECTION("the same, read for its format only, loads") {
        TspPosition p = base;
        p.state.casualty.cards[5] = p.state.casualty.cards[6];
        const auto out = tsp::load_tsp_position("pos.toml", text_of(p), resolver(), data::PositionCheck::FormatOnly);
        REQUIRE(out.ok());
        CHECK(*out.value == p);
    }
}

TEST_CASE("The consistency check holds in every state random games of The Sword and the Pike reach",
          "[data][position][tsp]") {
    for (int game = 0; game < 4; ++game) {
        const auto& ids = test::tsp_army_ids();
        const std::string a = ids[static_cast<std::size_t>(game + 3) % ids.size()];
        const std::string b = ids[static_cast<std::size_t>(game * 2 + 1) % ids.size()];
        const tsp::Context ctx = test::TspArmies::get().context(a, b);
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 700);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 800);
        tsp::GameState s;
        tsp::new_game(ctx, s, dice);
        if (game % 2 == 1) test::tsp_start_close(s);
        int step = 0;
        while (true) {
            INFO(a << " v " << b << ", game " << game << ", command " << step);
            for (const auto& bad : tsp::check_consistent(ctx, s)) FAIL(bad.message);
            if (s.over()) break;
            tsp::apply(ctx, s, *tsp::random_legal(ctx, s, chooser), dice);
            ++step;
        }
    }
}

TEST_CASE("A brigade moving on its card is carried by positions", "[data][position][tsp][TSP-CARD-3]") {
    // The Spanish and the Imperialists both have a Colonel's brigade of three pike units; random
    // games with the option on, every state round-tripped and checked.
    const tsp::Context ctx = test::TspArmies::get().context("spanish", "imperialist", tsp::kBrigadeMovement);
    int moving = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        TspPosition p{test::kTspRuleset, {"spanish", "imperialist"}, seed, 0, {}};
        core::SeededDice dice(seed);
        core::SeededDice chooser(seed + 50);
        tsp::new_game(ctx, p.state, dice);
        int step = 0;
        while (!p.state.over() && step < 400) {
            INFO("game " << seed << ", command " << step);
            for (const auto& bad : tsp::check_consistent(ctx, p.state)) FAIL(bad.message);
            if (p.state.brigade >= 0) {
                ++moving;
                p.calls = dice.calls();
                const std::string text = tsp::write_tsp_position(p, ctx);
                const auto id = tsp::officer_data(ctx, p.state, static_cast<std::size_t>(p.state.brigade)).id;
                CHECK((contains(text, "\nbrigade = \"a:" + id + "\"\n") || contains(text, "\nbrigade = \"b:" + id + "\"\n")));
                const auto loaded = load(text);
                for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
                REQUIRE(loaded.ok());
                REQUIRE(*loaded.value == p);
            }
            tsp::apply(ctx, p.state, *tsp::random_legal(ctx, p.state, chooser), dice);
            ++step;
        }
    }
    CHECK(moving > 0);
    // A position naming no officer, or a brigade where no unit moves, is refused.
    TspPosition p = played("spanish", "imperialist", 3, 0);
    p.state.options = tsp::kBrigadeMovement;
    const std::string text = text_of(p);
    CHECK_FALSE(contains(text, "brigade ="));
    const std::string at = "\nmove_inches = " + std::to_string(p.state.move_inches) + "\n";
    const auto bad = [&](const std::string& brigade) {
        std::string t = text;
        t.replace(t.find(at), at.size(), at + "brigade = \"" + brigade + "\"\n");
        return errors_of(t);
    };
    auto errors = bad("a:nobody");
    REQUIRE(errors.size() == 1);
    CHECK(contains(errors[0], "game.brigade: \"a:nobody\" is not a field officer of the armies (a:general, a:maestre, "
                              "b:general, b:oberst); leave brigade out when no brigade is moving"));
    errors = bad("a:maestre");
    REQUIRE(errors.size() == 1);
    CHECK(contains(errors[0], "game.brigade: a brigade moves only while one of its units has a move to make (TSP-CARD-3)"));
}

TEST_CASE("A dismounted unit is carried by positions", "[data][position][tsp][TSP-MOVE-4]") {
    // The Italians' mounted crossbows and the Moors' mounted arquebusiers may dismount: random
    // games with the option on, every state checked, and every one with a unit on foot
    // round-tripped; the key is written for the dismounted units only.
    const tsp::Context ctx = test::TspArmies::get().context("italian", "moorish", tsp::kDismounting);
    int on_foot = 0;
    int mounted_again = 0;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        TspPosition p{test::kTspRuleset, {"italian", "moorish"}, seed, 0, {}};
        core::SeededDice dice(seed);
        core::SeededDice chooser(seed + 70);
        tsp::new_game(ctx, p.state, dice);
        int step = 0;
        while (!p.state.over() && step < 400) {
            INFO("game " << seed << ", command " << step);
            for (const auto& bad : tsp::check_consistent(ctx, p.state)) FAIL(bad.message);
            int dismounted = 0;
            for (std::size_t u = 0; u < p.state.unit_count; ++u) dismounted += p.state.units[u].dismounted;
            if (dismounted > 0) {
                ++on_foot;
                p.calls = dice.calls();
                const std::string text = tsp::write_tsp_position(p, ctx);
                std::size_t keys = 0;
                for (std::size_t at = text.find("\ndismounted = true\n"); at != std::string::npos;
                     at = text.find("\ndismounted = true\n", at + 1))
                    ++keys;
                CHECK(keys == static_cast<std::size_t>(dismounted));
                CHECK_FALSE(contains(text, "dismounted = false"));
                const auto loaded = load(text);
                for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
                REQUIRE(loaded.ok());
                REQUIRE(*loaded.value == p);
            }
            const auto c = tsp::random_legal(ctx, p.state, chooser);
            if (const auto* d = std::get_if<tsp::cmd::Dismount>(&*c)) mounted_again += d->mount;
            tsp::apply(ctx, p.state, *c, dice);
            ++step;
        }
    }
    CHECK(on_foot > 0);
    CHECK(mounted_again > 0);
    // Without the option nothing is written, and a unit cannot be on foot.
    TspPosition p = played("italian", "moorish", 3, 0);
    std::string text = text_of(p);
    CHECK_FALSE(contains(text, "dismounted"));
    const auto unit_of = [&](const char* line) {
        for (std::size_t u = 0; u < p.state.unit_count; ++u) {
            const tsp::Unit& x = p.state.units[u];
            if (ctx.army(x.side).units[x.line].id == line) return u;
        }
        FAIL("no unit of line " << line);
        return std::size_t{0};
    };
    const std::size_t rider = unit_of("mounted_crossbows");
    const std::size_t pike = unit_of("pike");
    p.state.units[rider].dismounted = true;
    auto bad = tsp::check_consistent(ctx, p.state);
    REQUIRE(bad.size() == 1);
    CHECK(bad[0].field == tsp::Field::UnitDismounted);
    CHECK(bad[0].message == "a unit dismounts only in a game with the option dismounting (TSP-MOVE-4)");
    p.state.options = tsp::kDismounting;
    CHECK(tsp::check_consistent(ctx, p.state).empty());
    p.state.units[pike].dismounted = true;
    bad = tsp::check_consistent(ctx, p.state);
    REQUIRE(bad.size() == 1);
    CHECK(bad[0].message == "only light horse with arquebus or crossbow dismount (TSP-MOVE-4)");
    // In a file, the error is placed at the unit's key.
    p.state.units[pike].dismounted = false;
    text = text_of(p);
    const std::string block = unit_block(tsp::unit_label(ctx, p.state, pike), "a") + "\n";
    REQUIRE(p.state.units[pike].side == tsp::Side::A);
    REQUIRE(contains(text, block));
    text.replace(text.find(block), block.size(), block + "dismounted = true\n");
    const auto errors = errors_of(text);
    REQUIRE(errors.size() == 1);
    CHECK(contains(errors[0], ".dismounted: only light horse with arquebus or crossbow dismount (TSP-MOVE-4)"));
}

TEST_CASE("tercio check reads a Sword and the Pike position by its ruleset's rules", "[data][position][tsp]") {
    data::DataCatalog& catalog = test::TspArmies::get().catalog();
    const data::FileCheckers checkers{
        {rules::file_checker(rules::resolver(catalog), rules::context_resolver(catalog)), hbl::file_checker(catalog),
         tsp::file_checker(catalog)},
        catalog.engine_resolver()};
    const std::string text = text_of(played("italian", "moorish", 9, 80));
    auto out = data::check_text("pos.toml", text, checkers);
    for (const auto& e : out.errors) UNSCOPED_INFO(e.to_string());
    CHECK(out.kind == "position");
    CHECK(out.status == data::CheckOutcome::Status::Ok);
    const std::string broken = with(text, "ruleset = \"the-sword-and-the-pike\"\narmies = { a = \"italian\"",
                                    "ruleset = \"the-sword-and-the-pike\"\narmies = { a = \"aztec\"");
    out = data::check_text("pos.toml", broken, checkers);
    REQUIRE(out.errors.size() == 1);
    CHECK(out.errors[0].message.rfind("ruleset: cannot load ruleset \"the-sword-and-the-pike\" with armies \"aztec\"", 0) == 0);
    // A mistyped ruleset: read as this ruleset's by its decks, and the ruleset alone reported.
    const std::string mistyped = with(text, "ruleset = \"the-sword-and-the-pike\"", "ruleset = \"the-sword-and-the-pik\"");
    CHECK(tsp::is_tsp_position(mistyped, catalog.engine_resolver()));
    out = data::check_text("pos.toml", mistyped, checkers);
    REQUIRE(out.errors.size() == 1);
    CHECK(out.errors[0].message.rfind("ruleset: cannot load ruleset \"the-sword-and-the-pik\"", 0) == 0);
}
