// Position files (docs/positions.md): write_position / load_position round trips, positions of
// real games, and the checks, with exact messages and places.
#include "kits/pikette/data/position.hpp"
#include "kits/pikette/data/files.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "data/check.hpp"
#include "rules/game.hpp"
#include "tests/data/text_fixture.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using core::Facing;
using core::make_square;
using rules::Position;
using rules::GameState;
using rules::Side;
using test::at;
using test::lines;
using test::value_at;
using test::with;

namespace {

data::DataCatalog& catalog() {
    static data::DataCatalog c(fs::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
    return c;
}

rules::RulesContext context(const std::string& a, const std::string& b) {
    std::string why;
    auto ctx = rules::context(catalog(), "pikette-squared", {a, b}, why);
    INFO(why);
    REQUIRE(ctx.has_value());
    return *ctx;
}

data::Loaded<Position> load(std::string_view text,
                            data::PositionCheck check = data::PositionCheck::Playable) {
    return rules::load_position("pos.toml", text, rules::context_resolver(catalog()), check);
}

/// The first field in which two states differ, for failure messages ("" if none).
std::string first_difference(const GameState& a, const GameState& b) {
#define TERCIO_DIFF(field) \
    if (!(a.field == b.field)) return #field
    TERCIO_DIFF(files);
    TERCIO_DIFF(ranks);
    TERCIO_DIFF(deployment_ranks);
    TERCIO_DIFF(terrain);
    for (std::size_t i = 0; i < a.terrain_pieces.size(); ++i) {
        if (!(a.terrain_pieces[i] == b.terrain_pieces[i]))
            return "terrain_pieces[" + std::to_string(i) + "]";
    }
    TERCIO_DIFF(terrain_piece_count);
    TERCIO_DIFF(has_stream);
    for (std::size_t i = 0; i < a.units.size(); ++i) {
        const std::string u = "units[" + std::to_string(i) + "].";
        TERCIO_DIFF(units[i].type);
        TERCIO_DIFF(units[i].line);
        TERCIO_DIFF(units[i].upgrade);
        TERCIO_DIFF(units[i].side);
        TERCIO_DIFF(units[i].status);
        TERCIO_DIFF(units[i].deployed);
        TERCIO_DIFF(units[i].square);
        TERCIO_DIFF(units[i].facing);
        TERCIO_DIFF(units[i].fight);
        TERCIO_DIFF(units[i].shoot_die);
        TERCIO_DIFF(units[i].range_half);
        TERCIO_DIFF(units[i].move_half);
        TERCIO_DIFF(units[i].traits);
        TERCIO_DIFF(units[i].stands);
        TERCIO_DIFF(units[i].hits);
        TERCIO_DIFF(units[i].shot_sum);
        TERCIO_DIFF(units[i].shot_hits);
        TERCIO_DIFF(units[i].entry);
        if (!(a.units[i] == b.units[i])) return u + "(a marker)";
    }
    TERCIO_DIFF(unit_count);
    TERCIO_DIFF(leaders[0]);
    TERCIO_DIFF(leaders[1]);
    TERCIO_DIFF(decks[0]);
    TERCIO_DIFF(decks[1]);
    TERCIO_DIFF(morale_chips);
    TERCIO_DIFF(opportunity_chips);
    TERCIO_DIFF(march_option);
    TERCIO_DIFF(terrain_to_place);
    TERCIO_DIFF(terrain_adjusted);
    TERCIO_DIFF(terrain_first);
    TERCIO_DIFF(extra_unit_roll);
    TERCIO_DIFF(extra_card_due);
    TERCIO_DIFF(turn);
    TERCIO_DIFF(nightfall_turn);
    TERCIO_DIFF(initiative_roll);
    TERCIO_DIFF(active);
    TERCIO_DIFF(phase);
    TERCIO_DIFF(pips);
    TERCIO_DIFF(second_pips);
    TERCIO_DIFF(has_current_card);
    TERCIO_DIFF(marching);
    TERCIO_DIFF(marched_on_card);
    TERCIO_DIFF(move);
    TERCIO_DIFF(react_window);
    TERCIO_DIFF(window_due);
    TERCIO_DIFF(chip_target);
    TERCIO_DIFF(choice_unit);
    TERCIO_DIFF(choice_other);
    TERCIO_DIFF(choice_pursuit);
    TERCIO_DIFF(trail_start);
    TERCIO_DIFF(trail);
    TERCIO_DIFF(trail_len);
    TERCIO_DIFF(forced_charger);
    TERCIO_DIFF(escape_due);
    TERCIO_DIFF(decision);
    TERCIO_DIFF(decider);
    TERCIO_DIFF(end);
    TERCIO_DIFF(conceded);
#undef TERCIO_DIFF
    return a == b ? "" : "(a field first_difference does not know)";
}

/// Writes, loads and compares; returns the text written. States made up field by field are read
/// for their format only (PositionCheck::FormatOnly); those of real games must be playable too.
std::string round_trip(const Position& p, const rules::RulesContext& ctx,
                       data::PositionCheck check) {
    const std::string text = rules::write_position(p, ctx);
    const auto back = load(text, check);
    INFO(text);
    for (const auto& e : back.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(back.ok());
    CHECK(back.value->ruleset == p.ruleset);
    CHECK(back.value->armies == p.armies);
    CHECK(back.value->seed == p.seed);
    CHECK(back.value->calls == p.calls);
    INFO("first difference: " << first_difference(back.value->state, p.state));
    REQUIRE(back.value->state == p.state);
    // The writer is canonical: what it writes reads back to the same text.
    CHECK(rules::write_position(*back.value, ctx) == text);
    return text;
}

std::uint8_t type_index(const rules::RulesContext& ctx, std::string_view id) {
    const rules::TroopType* t = ctx.rs().find_type(id);
    REQUIRE(t != nullptr);
    return static_cast<std::uint8_t>(t - ctx.rs().troop_types.data());
}

std::uint8_t line_index(const rules::ArmyList& army, std::string_view id) {
    for (std::size_t i = 0; i < rules::roster_size(army); ++i) {
        if (rules::roster_line(army, i).id == id) return static_cast<std::uint8_t>(i);
    }
    FAIL("no line " << id);
    return 0;
}

/// Appends a fresh unit of a roster line, as the game builds them.
rules::Unit& add_unit(const rules::RulesContext& ctx, GameState& s, Side side,
                      std::string_view line) {
    rules::Unit u;
    u.side = side;
    u.line = line_index(ctx.army(side), line);
    const rules::UnitLine& l = rules::roster_line(ctx.army(side), u.line);
    u.type = type_index(ctx, l.type);
    u.fight = l.fight;
    u.move_half = static_cast<std::uint8_t>(l.move_half);
    u.traits = l.traits;
    const rules::TroopType& t = ctx.rs().troop_types[u.type];
    for (std::size_t g = 0; g < t.stands.size(); ++g)
        u.stands[g] = static_cast<std::uint8_t>(t.stands[g].count);
    s.units[s.unit_count] = u;
    return s.units[s.unit_count++];
}

/// French (A) against Spanish (B), with every field of GameState and of the structs in it away
/// from its default value, and different on the two sides where there are two.
Position every_field(const rules::RulesContext& ctx) {
    Position p;
    p.ruleset = "pikette-squared";
    p.armies = {"french", "spanish"};
    p.seed = 0xfedcba9876543210ull;  // above INT64_MAX: written as a string
    p.calls = 1234;
    GameState& s = p.state;
    s.files = 14;
    s.ranks = 13;
    s.deployment_ranks = 4;

    // Terrain: a wood of B, a hill of A, a stream of B (its squares only in the grid).
    const auto piece = [&](rules::TerrainKind k, Side owner, std::vector<core::Square> squares) {
        rules::TerrainPiece t{k, owner, 0, {}};
        const auto cell = static_cast<std::uint8_t>(s.terrain_piece_count + 1);
        for (auto q : squares) {
            if (k == rules::TerrainKind::Stream) {
                s.terrain[static_cast<std::size_t>(s.square_index(q))] = rules::kStreamCell;
            } else {
                t.squares[t.count++] = q;
                s.terrain[static_cast<std::size_t>(s.square_index(q))] = cell;
            }
        }
        s.terrain_pieces[s.terrain_piece_count++] = t;
    };
    piece(rules::TerrainKind::Wood, Side::B, {make_square(2, 6), make_square(2, 7)});
    piece(rules::TerrainKind::Hill, Side::A, {make_square(12, 2)});
    std::vector<core::Square> stream;
    for (int x = 0; x < s.files; ++x)
        stream.push_back(make_square(x, 6 + (x % 3 == 0 ? 0 : 1) - (x > 7 ? 1 : 0)));
    stream.erase(stream.begin() + 2);  // c holds the wood
    piece(rules::TerrainKind::Stream, Side::B, stream);
    s.has_stream = true;

    // Units: K1 and F1 of A (F1 from the Swiss upgrade), then H1 of B with every field set.
    rules::Unit& k1 = add_unit(ctx, s, Side::A, "knights");
    k1.deployed = true;
    k1.square = make_square(4, 1);
    rules::Unit& f1 = add_unit(ctx, s, Side::A, "swiss_phalanx");
    f1.upgrade = 0;
    rules::Unit& h1 = add_unit(ctx, s, Side::B, "light_horse");
    h1.upgrade = 0;  // the Genitors' D6 (PS-ARMY-5)
    h1.status = rules::UnitStatus::Routed;
    h1.deployed = true;
    h1.square = make_square(5, 8);
    h1.facing = Facing::SW;
    h1.fight = core::DieType::D4;
    h1.shoot_die = core::DieType::D8;
    h1.range_half = 3;
    h1.move_half = 7;
    h1.traits.insert(rules::Trait::Bow);
    h1.stands = {1, 0};
    h1.hits = 1;
    h1.fired = h1.moved_through = h1.acted = h1.fought_since_check = true;
    h1.shot_sum = 5;
    h1.shot_hits = 2;
    h1.entrant = h1.routed_this_phase = h1.rallied = h1.courage_due = true;
    h1.entry = make_square(5, 9);
    rules::Unit& t1 = add_unit(ctx, s, Side::B, "tercio");
    t1.stands = {0, 3};  // the arquebus stands are gone; a pike stand is damaged
    t1.hits = 3;
    t1.status = rules::UnitStatus::Disordered;
    add_unit(ctx, s, Side::A, "knights").status = rules::UnitStatus::Destroyed;  // K2
    add_unit(ctx, s, Side::B, "lancers").status = rules::UnitStatus::LeftTable;

    s.leaders[0] = rules::Leader{false, true, true, make_square(4, 1), 0, true};
    s.leaders[1] = rules::Leader{true, true, false, make_square(5, 8), 2, false};

    // Decks: A's in built order with 7 turned, B's shuffled with 19 turned.
    const std::array<rules::CardKind, 20> cards = {
        rules::CardKind::Melee,        rules::CardKind::Reload,
        rules::CardKind::CavalryMove,  rules::CardKind::Courage,
        rules::CardKind::LeaderCheck,  rules::CardKind::MillingAround,
        rules::CardKind::InfantryMove, rules::CardKind::CommandIndecision,
        rules::CardKind::Melee,        rules::CardKind::Reload,
        rules::CardKind::CavalryMove,  rules::CardKind::Courage,
        rules::CardKind::LeaderCheck,  rules::CardKind::MillingAround,
        rules::CardKind::InfantryMove, rules::CardKind::Melee,
        rules::CardKind::Reload,       rules::CardKind::CavalryMove,
        rules::CardKind::Courage,      rules::CardKind::LeaderCheck};
    for (std::size_t i = 0; i < cards.size(); ++i) {
        s.decks[0].cards[i] = cards[i];
        s.decks[1].cards[i] = cards[cards.size() - 1 - i];
    }
    s.decks[0].size = 20;
    s.decks[0].drawn = 7;
    s.decks[1].size = 19;
    s.decks[1].cards[19] = rules::CardKind{};  // slots past the size stay at their default
    s.decks[1].drawn = 19;
    s.morale_chips = {9, 14};
    s.opportunity_chips = {2, 1};
    s.march_option = {false, true};
    s.terrain_to_place = {1, 2};
    s.terrain_adjusted = {true, false};
    s.terrain_first = Side::B;
    s.extra_unit_roll = {6, 0};
    s.extra_card_due = {false, true};
    s.turn = 4;
    s.nightfall_turn = 9;
    s.initiative_roll = {7, 11};
    s.active = Side::B;
    s.phase = 1;
    s.pips = 3;
    s.second_pips = 8;
    s.has_current_card = true;
    s.marching = true;
    s.marched_on_card = true;
    s.move.active = true;
    s.move.unit = 2;
    s.move.steps[0] = make_square(5, 7);
    s.move.steps[1] = make_square(6, 6);
    s.move.step_count = 2;
    s.move.next = 1;
    s.move.turn_after = true;
    s.move.final_facing = Facing::E;
    s.move.previous = make_square(5, 8);
    s.move.attack = true;
    s.react_window = rules::ReactWindow::Evade;
    s.window_due = rules::ReactWindow::Action;
    s.chip_target = 3;
    s.choice_unit = 2;
    s.choice_other = 4;
    s.choice_pursuit = true;
    s.trail_start = make_square(4, 1);
    s.trail[0] = make_square(4, 2);
    s.trail[1] = make_square(3, 3);
    s.trail[2] = make_square(3, 4);
    s.trail_len = 3;
    s.forced_charger = 0;
    s.escape_due = {true, false};
    s.decision = rules::Decision::React;
    s.decider = Side::B;
    s.end = rules::GameEnd::Concession;
    s.conceded = Side::B;
    return p;
}

}  // namespace

TEST_CASE("the position format knows every field of GameState", "[data][position]") {
    // A tripwire: a field added to these structs must be written and read by the position format
    // (src/data/position*.cpp, docs/positions.md) and set in every_field() above. Then update the
    // sizes here. (A runtime check, so that the rest of the tests still build meanwhile.)
    INFO("GameState or a struct in it changed: update the position format, then these sizes");
    CHECK(sizeof(rules::Unit) == 36);
    CHECK(sizeof(rules::Leader) == 7);
    CHECK(sizeof(rules::Deck) == 26);
    CHECK(sizeof(rules::TerrainPiece) == 7);
    CHECK(sizeof(rules::MoveInProgress) == 33);
    CHECK(sizeof(GameState) == 2064);
}

TEST_CASE("a position with every field set round-trips", "[data][position]") {
    const auto ctx = context("french", "spanish");
    const Position p = every_field(ctx);

    // The fixture is what it says: nothing left at its default.
    const GameState d;
    const GameState& s = p.state;
    CHECK(s.files != d.files);
    CHECK(s.ranks != d.ranks);
    CHECK(s.deployment_ranks != d.deployment_ranks);
    CHECK(s.terrain != d.terrain);
    CHECK(s.terrain_pieces != d.terrain_pieces);
    CHECK(s.terrain_piece_count != d.terrain_piece_count);
    CHECK(s.has_stream != d.has_stream);
    CHECK(s.unit_count != d.unit_count);
    const rules::Unit& h1 = s.units[2];
    const rules::Unit du;
    CHECK((h1.type != du.type && h1.line != du.line && h1.upgrade != du.upgrade &&
           h1.side != du.side && h1.status != du.status && h1.deployed != du.deployed &&
           !(h1.square == du.square) && h1.facing != du.facing && h1.fight != du.fight &&
           h1.shoot_die != du.shoot_die && h1.range_half != du.range_half &&
           h1.move_half != du.move_half && !(h1.traits == du.traits) && h1.stands != du.stands &&
           h1.hits != du.hits && h1.fired != du.fired && h1.moved_through != du.moved_through &&
           h1.acted != du.acted && h1.fought_since_check != du.fought_since_check &&
           h1.shot_sum != du.shot_sum && h1.shot_hits != du.shot_hits && h1.entrant != du.entrant &&
           !(h1.entry == du.entry) && h1.routed_this_phase != du.routed_this_phase &&
           h1.rallied != du.rallied && h1.courage_due != du.courage_due));
    const rules::Leader dl;
    for (const rules::Leader& l : s.leaders) CHECK(!(l == dl));
    CHECK((s.leaders[0].alive != dl.alive && s.leaders[0].deployed != dl.deployed &&
           s.leaders[0].sultan != dl.sultan && !(s.leaders[0].square == dl.square) &&
           s.leaders[0].attached != dl.attached && s.leaders[0].acted != dl.acted));
    CHECK((s.decks[0].size != 0 && s.decks[0].drawn != 0 && s.decks[1] != s.decks[0]));
    CHECK(s.morale_chips != d.morale_chips);
    CHECK(s.opportunity_chips != d.opportunity_chips);
    CHECK(s.march_option != d.march_option);
    CHECK(s.terrain_to_place != d.terrain_to_place);
    CHECK(s.terrain_adjusted != d.terrain_adjusted);
    CHECK(s.terrain_first != d.terrain_first);
    CHECK(s.extra_unit_roll != d.extra_unit_roll);
    CHECK(s.extra_card_due != d.extra_card_due);
    CHECK(s.turn != d.turn);
    CHECK(s.nightfall_turn != d.nightfall_turn);
    CHECK(s.initiative_roll != d.initiative_roll);
    CHECK(s.active != d.active);
    CHECK(s.phase != d.phase);
    CHECK(s.pips != d.pips);
    CHECK(s.second_pips != d.second_pips);
    CHECK(s.has_current_card != d.has_current_card);
    CHECK(s.marching != d.marching);
    CHECK(s.marched_on_card != d.marched_on_card);
    const rules::MoveInProgress dm;
    CHECK((s.move.active != dm.active && s.move.unit != dm.unit && s.move.steps != dm.steps &&
           s.move.step_count != dm.step_count && s.move.next != dm.next &&
           s.move.turn_after != dm.turn_after && s.move.final_facing != dm.final_facing &&
           !(s.move.previous == dm.previous) && s.move.attack != dm.attack));
    CHECK(s.react_window != d.react_window);
    CHECK(s.window_due != d.window_due);
    CHECK(s.chip_target != d.chip_target);
    CHECK(s.choice_unit != d.choice_unit);
    CHECK(s.choice_other != d.choice_other);
    CHECK(s.choice_pursuit != d.choice_pursuit);
    CHECK(!(s.trail_start == d.trail_start));
    CHECK(s.trail != d.trail);
    CHECK(s.trail_len != d.trail_len);
    CHECK(s.forced_charger != d.forced_charger);
    CHECK(s.escape_due != d.escape_due);
    CHECK(s.decision != d.decision);
    CHECK(s.decider != d.decider);
    CHECK(s.end != d.end);
    CHECK(s.conceded != d.conceded);

    const std::string text = round_trip(p, ctx, data::PositionCheck::FormatOnly);
    // Such a state is not one the game can play on: the game refuses it.
    CHECK_FALSE(load(text).ok());
    // A few lines as a reader sees them.
    CHECK(text.find("seed = \"0xfedcba9876543210\"\n") != std::string::npos);
    CHECK(text.find("armies = { a = \"french\", b = \"spanish\" }\n") != std::string::npos);
    CHECK(text.find("label = \"F1\"\nside = \"a\"\ntype = \"phalanx\"\nline = "
                    "\"swiss_phalanx\"\nupgrade = 1\n") != std::string::npos);
    CHECK(text.find("stands = [0, 3]\nhits = 3\n") != std::string::npos);
    CHECK(text.find("hits = 1\nshot_sum = 5\nshot_hits = 2\nentry = \"f10\"\nmarkers = [\"fired\", "
                    "\"moved_through\", \"acted\", \"fought_since_check\", \"entrant\", "
                    "\"routed_this_phase\", \"rallied\", \"courage_due\"]\n") != std::string::npos);
    CHECK(text.find("window_due = \"action\"\nchip_target = \"b:T1\"\nchoice_unit = \"b:H1\"\n"
                    "choice_other = \"a:K2\"\nchoice_pursuit = true\ntrail_start = \"e2\"\n"
                    "trail = [\"e3\", \"d4\", \"d5\"]\n") != std::string::npos);
    CHECK(text.find("previous = \"f9\"\nattack = true\n") != std::string::npos);
    CHECK(text.find("attached = \"b:H1\"\n") != std::string::npos);
    CHECK(text.find("forced_charger = \"a:K1\"\n") != std::string::npos);
    CHECK(text.find("range = 1.5\nmove = 3.5\n") != std::string::npos);
}

TEST_CASE("each field round-trips on its own", "[data][position]") {
    // Fields set one at a time catch a writer and reader that agree on a swapped pair (active and
    // decider, say), which the all-fields state alone would not.
    const auto ctx = context("french", "spanish");
    const Position base = every_field(ctx);
    using Edit = std::function<void(GameState&)>;
    const std::vector<std::pair<std::string, Edit>> edits = {
        {"decider", [](GameState& s) { s.decider = Side::A; }},
        {"active", [](GameState& s) { s.active = Side::A; }},
        {"terrain_first", [](GameState& s) { s.terrain_first = Side::A; }},
        {"conceded", [](GameState& s) { s.conceded = Side::A; }},
        {"pips", [](GameState& s) { s.pips = 9; }},
        {"second_pips", [](GameState& s) { s.second_pips = 1; }},
        {"turn", [](GameState& s) { s.turn = 2; }},
        {"nightfall_turn", [](GameState& s) { s.nightfall_turn = 2; }},
        {"phase", [](GameState& s) { s.phase = 0; }},
        {"has_current_card", [](GameState& s) { s.has_current_card = false; }},
        {"marching", [](GameState& s) { s.marching = false; }},
        {"marched_on_card", [](GameState& s) { s.marched_on_card = false; }},
        {"react_window", [](GameState& s) { s.react_window = rules::ReactWindow::Step; }},
        {"react_window card", [](GameState& s) { s.react_window = rules::ReactWindow::Card; }},
        {"react_window action", [](GameState& s) { s.react_window = rules::ReactWindow::Action; }},
        {"forced_charger", [](GameState& s) { s.forced_charger = rules::kNone; }},
        {"window_due card", [](GameState& s) { s.window_due = rules::ReactWindow::Card; }},
        {"window_due none", [](GameState& s) { s.window_due = rules::ReactWindow::None; }},
        {"chip_target", [](GameState& s) { s.chip_target = rules::kNone; }},
        {"choice_unit", [](GameState& s) { s.choice_unit = 5; }},
        {"choice_other", [](GameState& s) { s.choice_other = rules::kNone; }},
        {"choice_pursuit", [](GameState& s) { s.choice_pursuit = false; }},
        {"trail_start", [](GameState& s) { s.trail_start = make_square(4, 0); }},
        {"trail square", [](GameState& s) { s.trail[1] = make_square(4, 3); }},
        {"trail shorter",
         [](GameState& s) {
             s.trail[2] = {};
             s.trail_len = 2;
         }},
        {"trail full",
         [](GameState& s) {
             for (std::size_t k = 0; k < s.trail.size(); ++k)
                 s.trail[k] = make_square(static_cast<int>(k), 12);
             s.trail_len = static_cast<std::uint8_t>(s.trail.size());
         }},
        {"no trail",
         [](GameState& s) {
             s.trail = {};
             s.trail_len = 0;
         }},
        {"decision", [](GameState& s) { s.decision = rules::Decision::LeaderEscape; }},
        {"decision chip", [](GameState& s) { s.decision = rules::Decision::Chip; }},
        {"decision follow_up", [](GameState& s) { s.decision = rules::Decision::FollowUp; }},
        {"decision pursue", [](GameState& s) { s.decision = rules::Decision::Pursue; }},
        {"decision courage", [](GameState& s) { s.decision = rules::Decision::Courage; }},
        {"decision game_over", [](GameState& s) { s.decision = rules::Decision::GameOver; }},
        {"end", [](GameState& s) { s.end = rules::GameEnd::ArmyGone; }},
        {"initiative_roll",
         [](GameState& s) {
             s.initiative_roll = {11, 7};
         }},
        {"morale_chips",
         [](GameState& s) {
             s.morale_chips = {14, 9};
         }},
        {"opportunity_chips",
         [](GameState& s) {
             s.opportunity_chips = {1, 2};
         }},
        {"march_option",
         [](GameState& s) {
             s.march_option = {true, false};
         }},
        {"terrain_to_place",
         [](GameState& s) {
             s.terrain_to_place = {2, 1};
         }},
        {"terrain_adjusted",
         [](GameState& s) {
             s.terrain_adjusted = {false, true};
         }},
        {"extra_unit_roll",
         [](GameState& s) {
             s.extra_unit_roll = {0, 6};
         }},
        {"extra_card_due",
         [](GameState& s) {
             s.extra_card_due = {true, false};
         }},
        {"escape_due",
         [](GameState& s) {
             s.escape_due = {false, true};
         }},
        {"drawn", [](GameState& s) { s.decks[0].drawn = 0; }},
        {"leader alive", [](GameState& s) { s.leaders[1].alive = false; }},
        {"leader deployed", [](GameState& s) { s.leaders[1].deployed = false; }},
        {"leader sultan", [](GameState& s) { s.leaders[1].sultan = true; }},
        {"leader acted", [](GameState& s) { s.leaders[1].acted = true; }},
        {"leader attached", [](GameState& s) { s.leaders[0].attached = rules::kNone; }},
        {"unit fired", [](GameState& s) { s.units[0].fired = true; }},
        {"unit moved_through", [](GameState& s) { s.units[0].moved_through = true; }},
        {"unit acted", [](GameState& s) { s.units[0].acted = true; }},
        {"unit fought_since_check", [](GameState& s) { s.units[0].fought_since_check = true; }},
        {"unit entrant", [](GameState& s) { s.units[0].entrant = true; }},
        {"unit routed_this_phase", [](GameState& s) { s.units[0].routed_this_phase = true; }},
        {"unit rallied", [](GameState& s) { s.units[0].rallied = true; }},
        {"unit courage_due", [](GameState& s) { s.units[0].courage_due = true; }},
        {"unit shot_sum", [](GameState& s) { s.units[0].shot_sum = 7; }},
        {"unit shot_hits", [](GameState& s) { s.units[0].shot_hits = 1; }},
        {"unit entry", [](GameState& s) { s.units[0].entry = make_square(4, 2); }},
        {"unit shot_sum and shot_hits at most",
         [](GameState& s) {
             s.units[2].shot_sum = 255;
             s.units[2].shot_hits = 255;
         }},
        {"unit entry cleared", [](GameState& s) { s.units[2].entry = {}; }},
        {"unit deployed", [](GameState& s) { s.units[0].deployed = false; }},
        {"unit shoot and fight", [](GameState& s) { s.units[0].shoot_die = core::DieType::D12; }},
        {"unit range and move",
         [](GameState& s) {
             s.units[0].range_half = 0;
             s.units[0].move_half = 1;
         }},
        {"move inactive", [](GameState& s) { s.move.active = false; }},
        {"move turn_after", [](GameState& s) { s.move.turn_after = false; }},
        {"move next", [](GameState& s) { s.move.next = 2; }},
        {"move attack", [](GameState& s) { s.move.attack = false; }},
        {"only a move-and-attack flag",
         [](GameState& s) {
             s.move = rules::MoveInProgress{};
             s.move.attack = true;
         }},
        {"no move", [](GameState& s) { s.move = rules::MoveInProgress{}; }},
        {"move with no steps",
         [](GameState& s) {
             s.move.step_count = 0;
             s.move.next = 0;
             s.move.steps = {};
         }},
    };
    const std::string base_text = rules::write_position(base, ctx);
    for (const auto& [name, edit] : edits) {
        DYNAMIC_SECTION(name) {
            Position p = base;
            edit(p.state);
            REQUIRE_FALSE(p.state == base.state);
            // The field is written (changing it alone changes the text) and read back.
            CHECK(round_trip(p, ctx, data::PositionCheck::FormatOnly) != base_text);
            // The games got past the set-up into play.
            CHECK(p.state.turn >= 2);
        }
    }
}

TEST_CASE("positions of real games round-trip at every step", "[data][position]") {
    // New games played with random legal commands; written and read back after every command.
    // Concessions are left out so that the games last.
    const std::vector<std::pair<std::string, std::string>> pairings = {
        {"french", "spanish"}, {"ottoman", "moorish"}, {"italian", "imperialist"}};
    for (std::size_t g = 0; g < pairings.size(); ++g) {
        const auto& [a, b] = pairings[g];
        DYNAMIC_SECTION(a << " v " << b) {
            const auto ctx = context(a, b);
            core::SeededDice dice(100 + g);
            core::SeededDice chooser(7 + g);
            Position p;
            p.ruleset = "pikette-squared";
            p.armies = {a, b};
            rules::new_game(ctx, p.state, dice);
            for (int step = 0; step < 400 && p.state.decision != rules::Decision::GameOver;
                 ++step) {
                p.seed = dice.seed();
                p.calls = dice.calls();
                INFO("step " << step);
                round_trip(p, ctx, data::PositionCheck::Playable);
                auto legal = rules::legal_commands(ctx, p.state);
                legal.erase(std::remove_if(legal.begin(), legal.end(),
                                           [](const rules::Command& c) {
                                               return std::holds_alternative<rules::Concede>(c);
                                           }),
                            legal.end());
                REQUIRE_FALSE(legal.empty());
                const auto pick =
                    chooser.pick(static_cast<int>(legal.size()), core::RollPurpose::Other);
                rules::apply(ctx, p.state, legal[static_cast<std::size_t>(pick)], dice);
            }
            round_trip(p, ctx, data::PositionCheck::Playable);
            // The games got past the set-up into play.
            CHECK(p.state.turn >= 2);
        }
    }
}

TEST_CASE("a loaded position plays on exactly as the game it came from", "[data][position]") {
    const auto ctx = context("spanish", "french");
    core::SeededDice dice(2024);
    core::SeededDice chooser(5);
    Position p{"pikette-squared", {"spanish", "french"}, 0, 0, {}};
    rules::new_game(ctx, p.state, dice);
    const auto next = [&](GameState& s, core::Dice& d, core::Dice& choose) {
        auto legal = rules::legal_commands(ctx, s);
        legal.erase(std::remove_if(legal.begin(), legal.end(),
                                   [](const rules::Command& c) {
                                       return std::holds_alternative<rules::Concede>(c);
                                   }),
                    legal.end());
        REQUIRE_FALSE(legal.empty());
        const int pick = choose.pick(static_cast<int>(legal.size()), core::RollPurpose::Other);
        rules::apply(ctx, s, legal[static_cast<std::size_t>(pick)], d);
    };
    for (int i = 0; i < 60 && p.state.decision != rules::Decision::GameOver; ++i)
        next(p.state, dice, chooser);
    p.seed = dice.seed();
    p.calls = dice.calls();
    const auto loaded = load(rules::write_position(p, ctx));
    REQUIRE(loaded.ok());
    // Both continue with the same choices: the original with its dice, the copy with dice rebuilt
    // from the file's seed and calls.
    core::SeededDice resumed(loaded.value->seed, loaded.value->calls);
    GameState original = p.state;
    GameState copy = loaded.value->state;
    core::SeededDice chooser_copy = chooser;
    int steps = 0;
    for (; steps < 200 && original.decision != rules::Decision::GameOver; ++steps) {
        next(original, dice, chooser);
        next(copy, resumed, chooser_copy);
        REQUIRE(copy == original);
    }
    CHECK(steps > 0);
}

namespace {

/// A small hand-written position: French knights against a Spanish tercio, mid-game.
const std::string kPosition = R"(schema_version = 1
kind = "position"
ruleset = "pikette-squared"
armies = { a = "french", b = "spanish" }

[dice]
seed = 7
calls = 40

[board]
files = 15
ranks = 15
deployment_ranks = 5

[game]
turn = 2
nightfall_turn = 7
decision = "act"
decider = "a"
active = "a"
phase = "first"
pips = 4
second_pips = 9
has_current_card = true
marching = false
marched_on_card = false
react_window = "none"
forced_charger = "none"
window_due = "none"
chip_target = "none"
choice_unit = "none"
choice_other = "none"
choice_pursuit = false
trail_start = "a1"
trail = []
terrain_first = "b"
end = "none"
conceded = "a"

[sides.a]
morale_chips = 12
opportunity_chips = 3
initiative_roll = 4
march_option = true
escape_due = false
terrain_to_place = 0
terrain_adjusted = true
extra_unit_roll = 0
extra_card_due = false
drawn = 1
deck = ["cavalry_move", "melee", "reload"]

[sides.a.leader]
alive = true
deployed = true
sultan = false
square = "h3"
attached = "a:K1"
acted = false

[sides.b]
morale_chips = 10
opportunity_chips = 3
initiative_roll = 9
march_option = true
escape_due = false
terrain_to_place = 0
terrain_adjusted = true
extra_unit_roll = 0
extra_card_due = false
drawn = 0
deck = ["melee", "courage"]

[sides.b.leader]
alive = true
deployed = true
sultan = false
square = "h13"
attached = "none"
acted = false

[[terrain]]
kind = "wood"
owner = "a"
squares = ["c3", "c4"]

[[unit]]
label = "K1"
side = "a"
type = "knights"
line = "knights"
status = "ok"
deployed = true
square = "h3"
facing = "N"
fight = "d10"
shoot = "d6"
range = 0
move = 3
traits = ["fearsome", "headstrong"]
stands = [2]
hits = 0
shot_sum = 0
shot_hits = 0
entry = "a1"
markers = []

[[unit]]
label = "T1"
side = "b"
type = "tercio"
line = "tercio"
status = "ok"
deployed = true
square = "h8"
facing = "S"
fight = "d10"
shoot = "d8"
range = 3
move = 1.5
traits = []
stands = [2, 4]
hits = 1
shot_sum = 0
shot_hits = 0
entry = "a1"
markers = ["fired"]
)";

std::vector<std::string> errors_of(const std::string& text) {
    return lines(load(text).errors);
}

}  // namespace

TEST_CASE("a hand-written position loads", "[data][position]") {
    const auto loaded = load(kPosition);
    for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(loaded.ok());
    const Position& p = *loaded.value;
    const GameState& s = p.state;
    CHECK(p.seed == 7);
    CHECK(p.calls == 40);
    CHECK(s.unit_count == 2);
    CHECK(s.units[1].side == Side::B);
    CHECK(s.units[1].stands == std::array<std::uint8_t, 2>{2, 4});
    CHECK(s.units[1].fired);
    CHECK(s.leaders[0].attached == 0);
    CHECK(s.decks[0].size == 3);
    CHECK(s.decks[0].drawn == 1);
    REQUIRE(s.current_card() != nullptr);
    CHECK(*s.current_card() == rules::CardKind::CavalryMove);
    CHECK(s.terrain_piece_count == 1);
    REQUIRE(s.piece_at(make_square(2, 3)) != nullptr);
    CHECK(s.piece_at(make_square(2, 3))->kind == rules::TerrainKind::Wood);
    CHECK_FALSE(s.has_stream);
    CHECK(s.move == rules::MoveInProgress{});
    // And `tercio check` accepts it.
    const auto out =
        rules::check_text("pos.toml", kPosition, rules::resolver(catalog()), rules::context_resolver(catalog()));
    CHECK(out.kind == "position");
    CHECK(out.status == data::CheckOutcome::Status::Ok);
}

TEST_CASE("position errors say where and what", "[data][position]") {
    SECTION("a newer schema is refused") {
        const auto src = with(kPosition, "schema_version = 1", "schema_version = 2");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    at(src, "2") + ": schema_version: version 2 is newer than this "
                                                   "program reads (1); update tercio"});
    }
    SECTION("an army that is not there") {
        const auto src = with(kPosition, "b = \"spanish\"", "b = \"aztec\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"pikette-squared\"") +
                  ": ruleset: cannot load ruleset \"pikette-squared\" with armies \"french\" and "
                  "\"aztec\": army \"aztec\": the data directory has no "
                  "rulesets/pikette-squared/armies/aztec.toml (it has: "
                  "french, imperialist, italian, moorish, ottoman, spanish)"});
    }
    SECTION("no resolver") {
        const auto out = rules::load_position("pos.toml", kPosition, {});
        CHECK(lines(out.errors) ==
              std::vector<std::string>{at(kPosition, "\"pikette-squared\"") +
                                       ": ruleset: cannot load ruleset \"pikette-squared\" with "
                                       "armies \"french\" and \"spanish\": no data directory to "
                                       "load them from"});
    }
    SECTION("unknown, missing and mistyped keys") {
        auto src = with(kPosition, "pips = 4\n", "pips = \"4\"\ncolour = \"red\"\n");
        src = with(src, "sultan = false\nsquare = \"h3\"", "square = \"h3\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"4\"") + ": game.pips: expected an integer, found a string",
                  at(src, "colour") + ": game.colour: unknown key",
                  at(src, "[sides.a.leader]") + ": sides.a.leader: missing required key 'sultan'"});
    }
    SECTION("out-of-range values and bad words") {
        auto src = with(kPosition, "initiative_roll = 4", "initiative_roll = 13");
        src = with(src, "decision = \"act\"", "decision = \"dance\"");
        src = with(src, "facing = \"S\"", "facing = \"up\"");
        src = with(src, "status = \"ok\"\ndeployed = true\nsquare = \"h8\"",
                   "status = \"fled\"\ndeployed = true\nsquare = \"h8\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"dance\"") +
                      ": game.decision: \"dance\" is not a decision (use extra_unit, "
                      "extra_card, place_terrain, adjust_terrain, deploy, initiative, "
                      "act, react, leader_escape, chip, follow_up, pursue, courage or "
                      "game_over)",
                  at(src, "13") + ": sides.a.initiative_roll: 13 is out of range (0 to 12)",
                  at(src, "\"fled\"") + ": unit[1].status: \"fled\" is not a unit status (use ok, "
                                        "disordered, routed, destroyed or left)",
                  at(src, "\"up\"") +
                      ": unit[1].facing: \"up\" is not a facing (use N, NE, E, SE, S, "
                      "SW, W or NW)"});
    }
    SECTION("squares off the board, and overlapping terrain") {
        auto src = with(kPosition, "ranks = 15", "ranks = 12");
        src = with(src, "squares = [\"c3\", \"c4\"]", "squares = [\"c3\", \"c3\", \"33\"]");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"h13\"") +
                      ": sides.b.leader.square: \"h13\" is off the board (a1 to o12)",
                  at(src, "[\"c3\"") +
                      ": terrain[0].squares: a wood covers 1 or 2 squares, found 3"});
        src = with(src, "squares = [\"c3\", \"c3\", \"33\"]", "squares = [\"c3\", \"c3\"]");
        src = with(src, "square = \"h8\"", "square = \"p8\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"h13\"") +
                      ": sides.b.leader.square: \"h13\" is off the board (a1 to o12)",
                  at(src, "\"c3\"", 1) +
                      ": terrain[0].squares[1]: c3 is already covered by terrain[0]",
                  at(src, "\"p8\"") + ": unit[1].square: \"p8\" is off the board (a1 to o12)"});
    }
    SECTION("a piece of unknown kind still holds two squares at most") {
        // Found by the fuzzer: the squares overflowed the piece.
        const auto src =
            with(kPosition, "kind = \"wood\"\nowner = \"a\"\nsquares = [\"c3\", \"c4\"]",
                 "kind = \"swamp\"\nowner = \"a\"\nsquares = [\"c3\", \"c4\", \"c5\"]");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"swamp\"") +
                      ": terrain[0].kind: \"swamp\" is not a terrain kind (use wood, "
                      "building, hill or stream)",
                  at(src, "[\"c3\"") +
                      ": terrain[0].squares: a piece covers 1 or 2 squares, found 3"});
    }
    SECTION("decks") {
        auto src = with(kPosition, "drawn = 0", "drawn = 3");
        src = with(src, "deck = [\"melee\", \"courage\"]", "deck = [\"melee\", \"bravery\"]");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    value_at(src, "drawn = 3") +
                                        ": sides.b.drawn: 3 is more than the 2 cards in the deck",
                                    at(src, "\"bravery\"") +
                                        ": sides.b.deck[1]: unknown card kind \"bravery\" (use "
                                        "infantry_move, cavalry_move, reload, melee, leader_check, "
                                        "milling_around, courage or command_indecision)"});
        std::string many = "deck = [";
        for (int i = 0; i < 25; ++i) many += "\"melee\", ";
        many += "]";
        const auto big = with(kPosition, "deck = [\"melee\", \"courage\"]", many);
        CHECK(errors_of(big) == std::vector<std::string>{
                                    at(big, "[\"melee\", \"melee\"") +
                                    ": sides.b.deck: 25 cards, more than the 24 a deck can hold"});
    }
    SECTION("units: type, line, stands and hits") {
        auto src = with(kPosition, "type = \"tercio\"", "type = \"pike\"");
        src = with(src, "line = \"knights\"", "line = \"gendarmes\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"gendarmes\"") +
                      ": unit[0].line: army \"french\" has no unit line "
                      "\"gendarmes\" (it has: knights, lancers, light_horse, "
                      "carabins, pike, arquebus, crossbows, skirmishers, "
                      "militia, cannon, swiss_phalanx)",
                  at(src, "\"pike\"") + ": unit[1].type: \"pike\" does not match line \"tercio\", "
                                        "whose type is \"tercio\""});
        src = with(kPosition, "stands = [2, 4]\nhits = 1", "stands = [0, 5]\nhits = 4");
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "5]") +
                                       ": unit[1].stands[1]: 5 is out of range (0 to 4)"});
        src = with(kPosition, "stands = [2, 4]\nhits = 1", "stands = [0, 4]\nhits = 4");
        CHECK(errors_of(src) ==
              std::vector<std::string>{value_at(src, "hits = 4") +
                                       ": unit[1].hits: 4 hits would destroy the "
                                       "damaged pike stand, which takes 4 (0 to 3)"});
        src = with(kPosition, "stands = [2]\nhits = 0", "stands = [0]\nhits = 1");
        CHECK(errors_of(src) ==
              std::vector<std::string>{value_at(src, "hits = 1") +
                                       ": unit[0].hits: 1 hit, but the unit has no stands left"});
        src = with(kPosition, "stands = [2]", "stands = [2, 0]");
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "[2, 0]") +
                                       ": unit[0].stands: expected 1 number, stands "
                                       "left in each stand group of \"knights\" "
                                       "(stand), found 2"});
    }
    SECTION("labels follow the units' order") {
        const auto src = with(kPosition, "label = \"K1\"", "label = \"K2\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"a:K1\"") +
                      ": sides.a.leader.attached: no unit of side a is labelled \"K1\"",
                  at(src, "\"K2\"") +
                      ": unit[0].label: expected \"K1\" (a side's units of one glyph "
                      "are numbered in file order), found \"K2\""});
    }
    SECTION("references to units") {
        auto src = with(kPosition, "forced_charger = \"none\"", "forced_charger = \"K1\"");
        src = with(src, "attached = \"none\"", "attached = \"a:K1\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"K1\"", 0) +
                      ": game.forced_charger: \"K1\" is not a unit (use \"none\", or "
                      "a side and a label such as \"a:K1\")",
                  at(src, "\"a:K1\"", 1) +
                      ": sides.b.leader.attached: a leader can be attached only to "
                      "a unit of his own side, not side a"});
    }
    SECTION("upgrades") {
        auto src = with(kPosition, "line = \"tercio\"\n", "line = \"tercio\"\nupgrade = 1\n");
        src = with(src, "line = \"knights\"\n", "line = \"knights\"\nupgrade = 2\n");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  value_at(src, "upgrade = 2") + ": unit[0].upgrade: 2 is out of range (1 to 1)",
                  value_at(src, "upgrade = 1") +
                      ": unit[1].upgrade: upgrade 1 of army \"spanish\" changes "
                      "line \"light_horse\", not \"tercio\""});
    }
    SECTION("a move in progress") {
        const auto src = kPosition + R"(
[move]
active = true
unit = "a:K1"
steps = ["h4", "h5"]
next = 3
turn_after = false
final_facing = "N"
previous = "h3"
attack = true
)";
        CHECK(errors_of(src) ==
              std::vector<std::string>{value_at(src, "next = 3") +
                                       ": move.next: 3 is past the last of 2 steps"});
        // (The format only: a move in progress waits for a reaction, not for side A to act.)
        const auto ok = load(with(src, "next = 3", "next = 1"), data::PositionCheck::FormatOnly);
        CHECK_FALSE(load(with(src, "next = 3", "next = 1")).ok());
        REQUIRE(ok.ok());
        CHECK(ok.value->state.move.active);
        CHECK(ok.value->state.move.unit == 0);
        CHECK(ok.value->state.move.step_count == 2);
        CHECK(ok.value->state.move.attack);
    }
    SECTION("reaction windows, choices and the trail") {
        auto src = with(kPosition, "react_window = \"none\"", "react_window = \"charge\"");
        src = with(src, "window_due = \"none\"", "window_due = \"step\"");
        src = with(src, "choice_other = \"none\"", "choice_other = \"b:K1\"");
        src = with(src, "trail = []", "trail = [\"h4\", \"h16\"]");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  at(src, "\"charge\"") +
                      ": game.react_window: \"charge\" is not a reaction window (use none, step, "
                      "evade, card or action)",
                  at(src, "\"step\"") +
                      ": game.window_due: \"step\" is not a due reaction window (use none, card "
                      "or action)",
                  at(src, "\"b:K1\"") + ": game.choice_other: no unit of side b is labelled \"K1\"",
                  at(src, "\"h16\"") + ": game.trail[1]: \"h16\" is off the board (a1 to o15)"});
        std::string many = "trail = [";
        for (int i = 0; i < 13; ++i) many += "\"h4\", ";
        many += "]";
        src = with(kPosition, "trail = []", many);
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "[\"h4\"") +
                                       ": game.trail: 13 squares, more than the 12 a trail can "
                                       "hold"});
        // A pursuit choice pending, with the chip window and R1 after it.
        src = with(kPosition, "window_due = \"none\"", "window_due = \"card\"");
        src = with(src, "decision = \"act\"", "decision = \"pursue\"");
        src = with(src, "chip_target = \"none\"", "chip_target = \"b:T1\"");
        src = with(src, "choice_unit = \"none\"", "choice_unit = \"a:K1\"");
        src = with(src, "choice_other = \"none\"", "choice_other = \"b:T1\"");
        src = with(src, "choice_pursuit = false", "choice_pursuit = true");
        src = with(src, "trail_start = \"a1\"", "trail_start = \"h3\"");
        src = with(src, "trail = []", "trail = [\"h4\", \"h5\"]");
        const auto ok = load(src);
        for (const auto& e : ok.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(ok.ok());
        const GameState& s = ok.value->state;
        CHECK(s.window_due == rules::ReactWindow::Card);
        CHECK(s.chip_target == 1);
        CHECK(s.choice_unit == 0);
        CHECK(s.choice_other == 1);
        CHECK(s.choice_pursuit);
        CHECK(s.trail_start == make_square(7, 2));
        CHECK(s.trail_len == 2);
        CHECK(s.trail[0] == make_square(7, 3));
        CHECK(s.trail[1] == make_square(7, 4));
    }
    SECTION("a unit's shooting sums and entry square") {
        auto src = with(kPosition, "hits = 0\nshot_sum = 0\nshot_hits = 0\nentry = \"a1\"",
                        "hits = 0\nshot_sum = 256\nshot_hits = -1\nentry = \"p1\"");
        src = with(src, "markers = []", "markers = [\"entrant\", \"routed\"]");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  value_at(src, "shot_sum = 256") +
                      ": unit[0].shot_sum: 256 is out of range (0 to 255)",
                  value_at(src, "shot_hits = -1") +
                      ": unit[0].shot_hits: -1 is out of range (0 to 255)",
                  at(src, "\"p1\"") + ": unit[0].entry: \"p1\" is off the board (a1 to o15)",
                  at(src, "\"routed\"") +
                      ": unit[0].markers[1]: unknown marker \"routed\" (use fired, "
                      "moved_through, acted, fought_since_check, entrant, routed_this_phase, "
                      "rallied or courage_due)"});
        src = with(kPosition, "hits = 0\nshot_sum = 0\nshot_hits = 0\nentry = \"a1\"",
                   "hits = 0\nshot_sum = 6\nshot_hits = 2\nentry = \"h2\"");
        src = with(src, "markers = []",
                   "markers = [\"courage_due\", \"rallied\", \"routed_this_phase\", "
                   "\"entrant\"]");
        const auto ok = load(src);
        for (const auto& e : ok.errors) UNSCOPED_INFO(e.to_string());
        REQUIRE(ok.ok());
        const rules::Unit& k1 = ok.value->state.units[0];
        CHECK(k1.shot_sum == 6);
        CHECK(k1.shot_hits == 2);
        CHECK(k1.entry == make_square(7, 1));
        CHECK((k1.entrant && k1.routed_this_phase && k1.rallied && k1.courage_due));
        CHECK_FALSE((k1.fired || k1.moved_through || k1.acted || k1.fought_since_check));
    }
    SECTION("a seed above 2^63 is written as a hex string") {
        auto src = with(kPosition, "seed = 7", "seed = \"0xFFFFFFFFFFFFFFFF\"");
        const auto ok = load(src);
        REQUIRE(ok.ok());
        CHECK(ok.value->seed == 0xffffffffffffffffull);
        src = with(kPosition, "seed = 7", "seed = -7");
        CHECK(errors_of(src) == std::vector<std::string>{
                                    at(src, "-7") + ": dice.seed: -7 is negative; expected a whole "
                                                    "number from 0, or a string of up to 16 hex "
                                                    "digits such as \"0x9e3779b97f4a7c15\""});
    }
}

TEST_CASE("a position the game cannot play is refused at the key that breaks it",
          "[data][position][PS-CHIP-10][PS-MELEE-18][PS-MELEE-20][PS-OPP-3][PS-GRID-4]"
          "[PS-TERRAIN-5][PS-TERRAIN-7]") {
    // Issue 22: each of these loaded, then made the engine read units[255] or play on a board
    // the rules cannot make.
    SECTION("a chip decision with no unit to chip") {
        const auto src = with(kPosition, "decision = \"act\"", "decision = \"chip\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{value_at(src, "chip_target = \"none\"") +
                                       ": game.chip_target: a chip decision needs the unit to chip "
                                       "(PS-CHIP-10)"});
    }
    SECTION("a follow-up or pursuit choice with no winner") {
        auto src = with(kPosition, "decision = \"act\"", "decision = \"follow_up\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{value_at(src, "choice_unit = \"none\"") +
                                       ": game.choice_unit: a follow-up choice needs the winner "
                                       "who chooses (PS-MELEE-18)"});
        src = with(src, "decision = \"follow_up\"", "decision = \"pursue\"");
        src = with(src, "choice_pursuit = false", "choice_pursuit = true");
        CHECK(errors_of(src) ==
              std::vector<std::string>{value_at(src, "choice_unit = \"none\"") +
                                       ": game.choice_unit: a pursuit choice needs the winner who "
                                       "chooses (PS-MELEE-20)"});
    }
    SECTION("a reaction to a step with no move in progress") {
        auto src = with(kPosition, "decision = \"act\"\ndecider = \"a\"",
                        "decision = \"react\"\ndecider = \"b\"");
        src = with(src, "react_window = \"none\"", "react_window = \"step\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{
                  value_at(src, "react_window = \"step\"") +
                  ": game.react_window: the reaction windows after a step (R2) and on entering an "
                  "evader's square (R3) need a move in progress (PS-OPP-3)"});
    }
    SECTION("two units of one side in a square") {
        const std::string k1 = kPosition.substr(kPosition.find("[[unit]]\nlabel = \"K1\""),
                                                kPosition.find("[[unit]]\nlabel = \"T1\"") -
                                                    kPosition.find("[[unit]]\nlabel = \"K1\""));
        const auto src = kPosition + "\n" + with(k1, "label = \"K1\"", "label = \"K2\"");
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "\"h3\"", 2) +
                                       ": unit[2].square: K2 and K1 of side A both stand in h3: a "
                                       "square holds at most one unit of each side (PS-GRID-4)"});
    }
    SECTION("a stream that does not cross the board, a wood in two corners") {
        auto src = with(kPosition, "squares = [\"c3\", \"c4\"]\n",
                        "squares = [\"c3\", \"c4\"]\n\n[[terrain]]\nkind = \"stream\"\nowner = "
                        "\"b\"\nsquares = [\"g7\", \"h7\"]\n");
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "[\"g7\"") +
                                       ": terrain[1].squares: the stream has 0 squares in file a: "
                                       "it runs across the board with one square in each file "
                                       "(PS-TERRAIN-7)"});
        src = with(kPosition, "squares = [\"c3\", \"c4\"]", "squares = [\"a1\", \"o15\"]");
        CHECK(errors_of(src) ==
              std::vector<std::string>{at(src, "[\"a1\"") +
                                       ": terrain[0].squares: a1 and o15 are not side by side: a "
                                       "piece is 1 square or 2 orthogonally adjacent ones "
                                       "(PS-TERRAIN-5)"});
    }
}

TEST_CASE("a unit moves at most 12 squares, the steps a move in progress holds",
          "[data][position]") {
    // A move in progress holds 12 steps (GameState's MoveInProgress).
    const auto src = with(kPosition, "move = 3\n", "move = 12.5\n");
    CHECK(errors_of(src) == std::vector<std::string>{value_at(src, "move = 12.5") +
                                                     ": unit[0].move: 12.5 is out of range "
                                                     "(0 to 12 squares)"});
}

TEST_CASE("the example in docs/positions.md loads", "[data][position]") {
    std::ifstream in(fs::path(TERCIO_SOURCE_DIR) / "docs" / "positions.md");
    REQUIRE(in);
    const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string open = "```toml\n";
    const auto begin = doc.find(open);
    REQUIRE(begin != std::string::npos);
    const auto end = doc.find("```\n", begin + open.size());
    REQUIRE(end != std::string::npos);
    const std::string example = doc.substr(begin + open.size(), end - begin - open.size());
    const auto loaded = load(example);
    for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(loaded.ok());
    CHECK(loaded.value->state.unit_count > 0);
}

TEST_CASE("the catalog gives a ruleset and two armies as one context", "[data][position]") {
    // A data directory with the shipped data and a second ruleset, "other", that no army uses.
    const fs::path dir = fs::temp_directory_path() /
                         ("tercio-position-test-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir / "rulesets" / "pikette-squared" / "armies");
    fs::create_directories(dir / "rulesets" / "other" / "armies");
    const fs::path data = fs::path(TERCIO_SOURCE_DIR) / "data";
    fs::copy(data::ruleset_file(data, "pikette-squared"),
             data::ruleset_file(dir, "pikette-squared"));
    fs::copy(data::army_file(data, "pikette-squared", "french"),
             data::army_file(dir, "pikette-squared", "french"));
    // An army in the folder of a ruleset it does not name.
    fs::copy(data::army_file(data, "pikette-squared", "french"),
             data::army_file(dir, "other", "french"));
    {
        std::string text = data::read_file(data::ruleset_file(data, "pikette-squared")).text;
        text = with(text, "id = \"pikette-squared\"", "id = \"other\"");
        std::ofstream(data::ruleset_file(dir, "other")) << text;
    }
    data::DataCatalog cat(dir, rules::Engine::name);
    std::string why;
    const auto ctx = rules::context(cat, "pikette-squared", {"french", "french"}, why);
    REQUIRE(ctx.has_value());
    CHECK(ctx->armies[0] == ctx->armies[1]);  // loaded once, kept
    CHECK(ctx->ruleset == rules::ruleset(cat, "pikette-squared", why));
    CHECK_FALSE(rules::context(cat, "other", {"french", "french"}, why));
    CHECK(why ==
          "army \"french\": it is for ruleset \"pikette-squared\", not \"other\" (an army names "
          "the ruleset "
          "whose folder it is in)");
    CHECK_FALSE(rules::context(cat, "pikette-squared", {"french", "spanish"}, why));
    CHECK(why ==
          "army \"spanish\": the data directory has no "
          "rulesets/pikette-squared/armies/spanish.toml (it has: "
          "french)");
    CHECK_FALSE(rules::context(cat, "pikette-squared", {"French", "french"}, why));
    CHECK(why == "army \"French\": not a valid army id");
    data::DataCatalog nowhere{fs::path(), rules::Engine::name};
    CHECK_FALSE(rules::context(nowhere, "pikette-squared", {"french", "french"}, why));
    CHECK(why ==
          "ruleset \"pikette-squared\": no data directory found to look it up in (give "
          "--data-dir DIR)");
    std::error_code ec;
    fs::remove_all(dir, ec);
}
