// Set-up (PS-SETUP), army lists (PS-ARMY), troop types (PS-TYPE), units as built (PS-UNIT),
// decks (PS-CARD-1, PS-CARD-2), terrain (PS-TERRAIN-2 to -9) and deployment, all with scripted
// dice so that every outcome is exact. Dice are scripted in the order of PS-SETUP-1 and PS-DICE-8;
// ScriptedDice fails the test if the engine asks for a different die, a different shuffle range,
// or more rolls than scripted.
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <variant>

#include "core/overloaded.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::DieType;
using core::ScriptedDice;

namespace {

using tercio::core::Overloaded;

std::string letter(Side s) { return std::string(1, side_letter(s)); }

/// A short text for the set-up events, so that sequences compare readably.
std::string describe(const Event& e) {
    return std::visit(
        Overloaded{
            [](const UpgradeRolled& x) {
                return "upgrade " + letter(x.side) + " #" + std::to_string(x.upgrade) + " rolled " +
                       std::to_string(x.roll) + (x.success ? " won" : " lost");
            },
            [](const ExtraUnitRolled& x) {
                return "extra " + letter(x.side) + " rolled " + std::to_string(x.roll) +
                       (x.chosen ? " gained" : " to choose");
            },
            [](const ExtraCardChosen& x) { return "card " + letter(x.side) + " " + std::string(to_string(x.card)); },
            [](const DeckShuffled& x) { return "shuffle " + letter(x.side); },
            [](const MoraleChipsRolled& x) {
                return "morale " + letter(x.side) + " rolled " + std::to_string(x.roll) + " chips " +
                       std::to_string(x.chips);
            },
            [](const TerrainAllotted& x) {
                return "terrain rolls " + std::to_string(x.roll_a) + "-" + std::to_string(x.roll_b) + " pieces " +
                       std::to_string(x.pieces_a) + "-" + std::to_string(x.pieces_b);
            },
            [](const TerrainAdjusted& x) {
                return "adjust " + letter(x.side) + (x.removed ? " remove " : " centre ") + core::to_string(x.from) +
                       " rolled " + std::to_string(x.roll) + (x.success ? " done" : " failed");
            },
            [](const UnitDeployed&) { return std::string("deployed"); },
            [](const LeaderDeployed& x) { return "leader " + letter(x.side); },
            [](const NightfallRolled& x) {
                return "nightfall rolled " + std::to_string(x.roll) + " turn " + std::to_string(x.turn);
            },
            [](const InitiativeRolled& x) {
                return "initiative " + std::to_string(x.roll_a) + "-" + std::to_string(x.roll_b);
            },
            [](const auto&) { return std::string("other"); },
        },
        e);
}

/// The events as text, with the many UnitDeployed events of one side folded into one entry.
std::vector<std::string> summary(const Events& ev) {
    std::vector<std::string> out;
    for (const Event& e : ev) {
        std::string d = describe(e);
        if (d == "deployed" && !out.empty() && out.back() == "deployed") continue;
        out.push_back(std::move(d));
    }
    return out;
}

template <class E>
std::vector<E> all_of(const Events& ev) {
    std::vector<E> out;
    for (const Event& e : ev) {
        if (const E* p = std::get_if<E>(&e)) out.push_back(*p);
    }
    return out;
}

/// Both decks shuffled without changing their order (A's picks, then B's).
std::string identity_shuffles() { return test::identity_shuffle() + test::identity_shuffle(); }

/// Rolls of set-up steps 4 to 6 (PS-SETUP-1): shuffles A then B (identity), morale D10 A then B,
/// terrain D4 A then B.
std::string after_choices(int morale_a, int morale_b, int terrain_a, int terrain_b) {
    return identity_shuffles() + " d10:" + std::to_string(morale_a) + " d10:" + std::to_string(morale_b) +
           " d4:" + std::to_string(terrain_a) + " d4:" + std::to_string(terrain_b);
}

/// The army rolls of one side (PS-SETUP-1 step 2): upgrades in table order, then the extra unit.
std::string army_rolls(const ArmyList& army, const std::vector<int>& upgrades, int extra) {
    std::string out;
    REQUIRE(upgrades.size() == army.upgrades.size());
    for (std::size_t k = 0; k < upgrades.size(); ++k) {
        out += " " + core::to_string(army.upgrades[k].die) + ":" + std::to_string(upgrades[k]);
    }
    if (army.extra_unit) out += " " + core::to_string(army.extra_unit->die) + ":" + std::to_string(extra);
    return out;
}

std::vector<std::size_t> units_of(const RulesContext& ctx, const GameState& s, Side side, const std::string& type) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].side == side && ctx.type(s.units[i]).id == type) out.push_back(i);
    }
    return out;
}

std::size_t count_units(const GameState& s, Side side) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < s.unit_count; ++i) n += s.units[i].side == side ? 1 : 0;
    return n;
}

std::size_t unit_by_label(const RulesContext& ctx, const GameState& s, Side side, const std::string& label) {
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].side == side && unit_label(ctx, s, i) == label) return i;
    }
    FAIL("no unit " << label << " for side " << side_letter(side));
    return 0;
}

int unit_equivalents(const RulesContext& ctx, const GameState& s, Side side) {
    int n = 0;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        if (s.units[i].side == side) n += ctx.type(s.units[i]).unit_equivalents;
    }
    return n;
}

int deck_count(const Deck& d, CardKind k) {
    return static_cast<int>(std::count(d.cards.begin(), d.cards.begin() + d.size, k));
}

/// Passes every remaining set-up decision of a kind (terrain placement or adjustment).
void pass_all(const RulesContext& ctx, GameState& s, Decision kind, const std::string& text, core::Dice& dice) {
    while (s.decision == kind) test::play(ctx, s, text, dice);
}

const std::vector<std::string> kArmyIds = {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};

/// A stream command with one square per file, a to o, at the given ranks (1-based).
std::string stream(const std::vector<int>& ranks) {
    std::string out = "terrain stream";
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        out += " " + std::string(1, static_cast<char>('a' + i)) + std::to_string(ranks[i]);
    }
    return out;
}

Square sq(const char* text) {
    const auto q = core::parse_square(text);
    REQUIRE(q.has_value());
    return *q;
}

// French v Spanish with no upgrade won and single-type extra units: French pike 1, extra 1
// (MILITIA); Spanish light horse 1, extra 2 (PIKE).
const std::string kFrenchSpanishRolls = "d6:1 d6:1 d6:1 d6:2";

}  // namespace

// --- PS-SETUP-1: the whole sequence ------------------------------------------------------------

TEST_CASE("set-up consumes its dice in the order of PS-SETUP-1, French v Ottoman",
          "[rules][setup][PS-SETUP-1][PS-DICE-8][PS-DICE-9][PS-SETUP-2][PS-SETUP-6][PS-INIT-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "ottoman");
    GameState s;
    // Step 2: A's upgrade (Swiss, 3: no), A's extra unit (6: LIGHT HORSE/CARABINS, a choice),
    // then B's two upgrades in table order (Spahis 5: the Sultan; Azabs 2: no). Any other order
    // would hand these values to different rolls and change the armies checked below.
    auto d1 = ScriptedDice::parse("d6:3 d6:6 d6:5 d6:2");
    const Events ev1 = new_game(ctx, s, d1);
    CHECK(d1.remaining() == 0);
    CHECK(summary(ev1) == std::vector<std::string>{"upgrade A #0 rolled 3 lost", "extra A rolled 6 to choose",
                                                   "upgrade B #0 rolled 5 won", "upgrade B #1 rolled 2 lost"});
    CHECK(units_of(ctx, s, Side::A, "pike").size() == 2);
    CHECK(s.leaders[1].sultan);
    // The choices come before any shuffle: nothing else has been rolled yet.
    REQUIRE(s.decision == Decision::ExtraUnitChoice);
    REQUIRE(s.decider == Side::A);

    // Steps 3 to 6. A's first pick swaps its top and bottom cards; B's deck is left in order. If
    // B were shuffled first, B's deck would be the one changed.
    std::string shuffle_a = test::identity_shuffle();
    shuffle_a.replace(shuffle_a.find("u20:19"), 6, "u20:0");
    auto d2 = ScriptedDice::parse(shuffle_a + test::identity_shuffle() + " d10:7 d10:2 d4:1 d4:4");
    const Events ev2 = test::play(ctx, s, "extra carabins", d2);
    CHECK(d2.remaining() == 0);
    CHECK(summary(ev2) == std::vector<std::string>{"extra A rolled 6 gained", "shuffle A", "shuffle B",
                                                   "morale A rolled 7 chips 15", "morale B rolled 2 chips 13",
                                                   "terrain rolls 1-4 pieces 1-3"});
    CHECK(s.decks[0].cards[0] == CardKind::Melee);  // the French extra card, built last
    CHECK(s.decks[0].cards[19] == CardKind::InfantryMove);
    CHECK(s.decks[1].cards[0] == CardKind::InfantryMove);
    CHECK(s.decks[1].cards[19] == CardKind::CavalryMove);  // the Ottoman extra card
    CHECK(s.decks[0].drawn == 0);
    CHECK(s.decks[1].drawn == 0);
    CHECK(s.opportunity_chips == std::array<std::uint8_t, 2>{3, 3});  // PS-SETUP-2
    CHECK(s.morale_chips == std::array<std::int16_t, 2>{15, 13});
    REQUIRE(s.decision == Decision::PlaceTerrain);
    CHECK(s.decider == Side::B);  // the terrain roll-off winner places first

    // Terrain placement needs no dice; one adjustment attempt rolls its D6 in turn.
    auto d3 = ScriptedDice::parse("d6:5");
    test::play(ctx, s, "terrain wood a7", d3);      // B
    test::play(ctx, s, "terrain hill o7", d3);      // A
    test::play(ctx, s, "terrain building a10", d3);  // B
    test::play(ctx, s, "terrain pass", d3);          // B
    REQUIRE(s.decision == Decision::AdjustTerrain);
    REQUIRE(s.decider == Side::A);  // A placed fewer pieces
    const Events ev3 = test::play(ctx, s, "adjust remove a7", d3);
    CHECK(summary(ev3) == std::vector<std::string>{"adjust A remove a7 rolled 5 failed"});
    test::play(ctx, s, "adjust pass", d3);  // B
    CHECK(d3.remaining() == 0);

    // Step 7, deployment, rolls nothing; B won the terrain roll and deploys first.
    REQUIRE(s.decision == Decision::Deploy);
    REQUIRE(s.decider == Side::B);
    auto d4 = ScriptedDice::parse("");
    const Events ev4 = test::play(ctx, s, "deploy auto", d4);
    CHECK(summary(ev4) == std::vector<std::string>{"deployed", "leader B"});
    REQUIRE(s.decider == Side::A);
    CHECK(s.turn == 0);
    CHECK(s.nightfall_turn == 0);

    // Steps 8 and 9: nightfall once the last side has deployed, then the first initiative roll,
    // A's D12 first.
    auto d5 = ScriptedDice::parse("d6:3 d12:9 d12:4");
    const Events ev5 = test::play(ctx, s, "deploy auto", d5);
    CHECK(d5.remaining() == 0);
    CHECK(summary(ev5) == std::vector<std::string>{"deployed", "leader A", "nightfall rolled 3 turn 7", "initiative 9-4"});
    CHECK(s.nightfall_turn == 7);
    CHECK(s.turn == 1);
    CHECK(s.decision == Decision::InitiativeChoice);
    CHECK(s.decider == Side::A);
}

TEST_CASE("set-up choices come after all army rolls, A's before B's",
          "[rules][setup][PS-SETUP-1][PS-ARMY-4][PS-CARD-2][PS-AMB-59]") {
    SECTION("French v Moorish: A's extra unit, then B's extra card") {
        const RulesContext ctx = test::Armies::get().context("french", "moorish");
        GameState s;
        auto d = ScriptedDice::parse("d6:1 d6:6");
        new_game(ctx, s, d);
        REQUIRE(s.decision == Decision::ExtraUnitChoice);
        REQUIRE(s.decider == Side::A);
        CHECK(test::refusal(ctx, s, "extra militia") == "the roll offers light_horse or carabins");
        CHECK(test::refusal(ctx, s, "card cavalry_move") == "side A must choose its extra unit first: extra <unit line>");
        test::play(ctx, s, "extra light_horse", d);
        REQUIRE(s.decision == Decision::ExtraCardChoice);
        REQUIRE(s.decider == Side::B);
        CHECK(test::refusal(ctx, s, "card reload") == "reload is not one of your army's extra cards");
        auto d2 = ScriptedDice::parse(after_choices(1, 1, 1, 1));
        const Events ev = test::play(ctx, s, "card cavalry_move", d2);
        CHECK(d2.remaining() == 0);
        CHECK(summary(ev).front() == "card B cavalry_move");
        CHECK(summary(ev)[1] == "shuffle A");
        CHECK(units_of(ctx, s, Side::A, "light_horse").size() == 2);
        CHECK(units_of(ctx, s, Side::A, "carabins").empty());
    }
    SECTION("French v French: both roll 6, A chooses first") {
        const RulesContext ctx = test::Armies::get().context("french", "french");
        GameState s;
        auto d = ScriptedDice::parse("d6:1 d6:6 d6:1 d6:6");
        new_game(ctx, s, d);
        REQUIRE(s.decider == Side::A);
        test::play(ctx, s, "extra carabins", d);
        REQUIRE(s.decision == Decision::ExtraUnitChoice);
        REQUIRE(s.decider == Side::B);
        auto d2 = ScriptedDice::parse(after_choices(1, 1, 1, 1));
        test::play(ctx, s, "extra light_horse", d2);
        CHECK(d2.remaining() == 0);
        CHECK(units_of(ctx, s, Side::A, "carabins").size() == 1);
        CHECK(units_of(ctx, s, Side::B, "carabins").empty());
        CHECK(units_of(ctx, s, Side::B, "light_horse").size() == 2);
    }
}

// --- PS-SETUP-2, -4, -6, -7 ----------------------------------------------------------------------

TEST_CASE("morale chips are D10 + 8 per side, +3 for the Sultan", "[rules][setup][PS-SETUP-4][PS-ARMY-12][PS-SETUP-2][PS-AMB-64]") {
    const RulesContext ctx = test::Armies::get().context("french", "ottoman");
    struct Case {
        int spahi, a, b, chips_a, chips_b;
    };
    for (const Case c : {Case{1, 1, 10, 9, 18}, Case{4, 10, 1, 18, 9}, Case{5, 1, 10, 9, 21}, Case{6, 10, 1, 18, 12}}) {
        INFO("Spahi roll " << c.spahi << ", morale rolls " << c.a << " and " << c.b);
        GameState s;
        auto d = ScriptedDice::parse("d6:1 d6:1 d6:" + std::to_string(c.spahi) + " d6:1" +
                                     after_choices(c.a, c.b, 1, 1));
        const Events ev = new_game(ctx, s, d);
        CHECK(d.remaining() == 0);
        CHECK(s.morale_chips == std::array<std::int16_t, 2>{static_cast<std::int16_t>(c.chips_a),
                                                             static_cast<std::int16_t>(c.chips_b)});
        CHECK(s.opportunity_chips == std::array<std::uint8_t, 2>{3, 3});
        const auto rolled = all_of<MoraleChipsRolled>(ev);
        REQUIRE(rolled.size() == 2);
        CHECK(rolled[0].side == Side::A);
        CHECK(rolled[0].roll == c.a);
        CHECK(rolled[1].roll == c.b);
    }
}

TEST_CASE("nightfall is one D6 + 4, rolled after deployment", "[rules][setup][PS-SETUP-6][PS-SETUP-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    for (int roll = 1; roll <= 6; ++roll) {
        GameState s;
        auto d = ScriptedDice::parse(kFrenchSpanishRolls + after_choices(5, 5, 2, 2));
        new_game(ctx, s, d);
        pass_all(ctx, s, Decision::PlaceTerrain, "terrain pass", d);
        REQUIRE(s.decision == Decision::Deploy);
        test::play(ctx, s, "deploy auto", d);
        CHECK(d.remaining() == 0);  // nothing rolled until both sides are deployed
        auto d2 = ScriptedDice::parse("d6:" + std::to_string(roll) + " d12:2 d12:1");
        const Events ev = test::play(ctx, s, "deploy auto", d2);
        CHECK(d2.remaining() == 0);
        const auto n = all_of<NightfallRolled>(ev);
        REQUIRE(n.size() == 1);
        CHECK(n[0].roll == roll);
        CHECK(n[0].turn == roll + 4);
        CHECK(s.nightfall_turn == roll + 4);
    }
}

TEST_CASE("units start OK, loaded and unhurt", "[rules][setup][PS-SETUP-7][PS-UNIT-3][PS-UNIT-4]") {
    for (const auto& a : kArmyIds) {
        const RulesContext ctx = test::Armies::get().context(a, "spanish");
        GameState s;
        auto d = ScriptedDice::parse(army_rolls(ctx.army(Side::A), std::vector<int>(ctx.army(Side::A).upgrades.size(), 6), 5) +
                                     " d6:6 d6:5" + after_choices(5, 5, 2, 2));
        new_game(ctx, s, d);
        if (s.decision == Decision::ExtraCardChoice) test::play(ctx, s, "card infantry_move", d);
        REQUIRE(s.decision == Decision::PlaceTerrain);
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            INFO(a << " unit " << unit_label(ctx, s, i));
            CHECK(u.status == UnitStatus::Ok);
            CHECK_FALSE(u.fired);
            CHECK(u.hits == 0);
            CHECK(u.stand_count() == ctx.type(u).stand_count());
            CHECK_FALSE(u.acted);
            CHECK_FALSE(u.moved_through);
        }
        CHECK(s.leaders[0].alive);
        CHECK(s.leaders[1].alive);
    }
}

// --- PS-SETUP-5: deployment ----------------------------------------------------------------------

TEST_CASE("deployment: zones, stacking, prohibited terrain, order and the leader",
          "[rules][setup][PS-SETUP-5][PS-TERRAIN-11][PS-TERRAIN-15][PS-GRID-4][PS-AMB-33]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    GameState s;
    // Terrain rolls 1 v 3: B places 3, A 1, and B deploys first.
    auto d = ScriptedDice::parse(kFrenchSpanishRolls + after_choices(5, 5, 1, 3));
    new_game(ctx, s, d);
    REQUIRE(s.decider == Side::B);
    test::play(ctx, s, "terrain pass", d);         // B
    test::play(ctx, s, "terrain wood a4 b4", d);  // A, inside its own deployment zone
    pass_all(ctx, s, Decision::AdjustTerrain, "adjust pass", d);
    REQUIRE(s.decision == Decision::Deploy);
    REQUIRE(s.decider == Side::B);

    // B's zone is ranks 11 to 15.
    CHECK(test::refusal(ctx, s, "deploy P1 h10 S") == "h10 is outside your deployment zone (ranks 11 to 15)");
    CHECK(test::refusal(ctx, s, "deploy K1 h11 S") == "you have no unit K1");  // Spanish have no knights
    test::play(ctx, s, "deploy P1 h11 S", d);
    CHECK(test::refusal(ctx, s, "deploy P1 h12 S") == "P1 is already deployed");
    CHECK(test::refusal(ctx, s, "deploy A1 h11 S") == "h11 already holds one of your units");
    CHECK(test::refusal(ctx, s, "deploy leader h10") == "h10 is outside your deployment zone");
    CHECK(test::refusal(ctx, s, "deploy leader g11 attach") == "no unit of yours in g11 to attach to");
    test::play(ctx, s, "deploy leader h11 attach", d);
    CHECK(s.leaders[1].attached == unit_by_label(ctx, s, Side::B, "P1"));
    CHECK(s.leaders[1].square == sq("h11"));
    CHECK(s.decider == Side::B);  // B goes on until all its units are placed
    test::play(ctx, s, "deploy auto", d);
    REQUIRE(s.decision == Decision::Deploy);
    REQUIRE(s.decider == Side::A);
    CHECK(s.leaders[1].attached == unit_by_label(ctx, s, Side::B, "P1"));  // auto keeps the leader

    // A's zone is ranks 1 to 5; knights may not stand in a wood, pike may.
    CHECK(test::refusal(ctx, s, "deploy K1 h6 N") == "h6 is outside your deployment zone (ranks 1 to 5)");
    CHECK(test::refusal(ctx, s, "deploy K1 a4 N") == "Knights may not stand in a4's terrain (PS-TERRAIN-11)");
    test::play(ctx, s, "deploy P1 a4 N", d);
    test::play(ctx, s, "deploy K1 h5 NE", d);  // any facing
    CHECK(d.remaining() == 0);
    auto d2 = ScriptedDice::parse("d6:2 d12:5 d12:6");
    test::play(ctx, s, "deploy auto", d2);
    CHECK(d2.remaining() == 0);
    CHECK(s.decision == Decision::InitiativeChoice);

    CHECK(s.units[unit_by_label(ctx, s, Side::A, "K1")].square == sq("h5"));
    CHECK(s.units[unit_by_label(ctx, s, Side::A, "K1")].facing == Facing::NE);
    CHECK(s.units[unit_by_label(ctx, s, Side::A, "P1")].square == sq("a4"));
    std::set<std::pair<int, int>> taken;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        INFO(unit_label(ctx, s, i) << " of " << side_letter(u.side) << " at " << core::to_string(u.square));
        REQUIRE(u.deployed);
        CHECK(taken.insert({s.square_index(u.square), static_cast<int>(u.side)}).second);
        if (u.side == Side::A) {
            CHECK(u.square.y <= 4);
        } else {
            CHECK(u.square.y >= 10);
        }
        if (const TerrainPiece* p = s.piece_at(u.square)) CHECK_FALSE(ctx.type(u).prohibited.contains(p->kind));
    }
    CHECK(s.leaders[0].deployed);
    CHECK(s.leaders[0].square.y <= 4);
}

TEST_CASE("deploy auto places every unit in its zone facing the enemy, A first on a terrain tie",
          "[rules][setup][PS-SETUP-5][PS-UNIT-7][PS-GRID-2]") {
    for (const auto& a : kArmyIds) {
        const RulesContext ctx = test::Armies::get().context(a, "imperialist");
        GameState s;
        auto d = ScriptedDice::parse(army_rolls(ctx.army(Side::A), std::vector<int>(ctx.army(Side::A).upgrades.size(), 1), 1) +
                                     " d6:5" + after_choices(5, 5, 3, 3));
        new_game(ctx, s, d);
        if (s.decision == Decision::ExtraCardChoice) test::play(ctx, s, "card cavalry_move", d);
        // Before deployment every unit already faces toward the enemy (PS-UNIT-7, PS-GRID-2).
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            CHECK(s.units[i].facing == (s.units[i].side == Side::A ? Facing::N : Facing::S));
        }
        pass_all(ctx, s, Decision::PlaceTerrain, "terrain pass", d);
        REQUIRE(s.decision == Decision::Deploy);
        CHECK(s.decider == Side::A);  // tied terrain roll
        test::play(ctx, s, "deploy auto", d);
        CHECK(s.decider == Side::B);
        auto d2 = ScriptedDice::parse("d6:1 d12:3 d12:8");
        test::play(ctx, s, "deploy auto", d2);
        CHECK(d2.remaining() == 0);
        std::set<std::pair<int, int>> taken;
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            INFO(a << " " << unit_label(ctx, s, i) << " at " << core::to_string(u.square));
            CHECK(u.deployed);
            CHECK(u.facing == enemy_direction(u.side));
            CHECK(taken.insert({s.square_index(u.square), static_cast<int>(u.side)}).second);
            CHECK((u.side == Side::A ? u.square.y <= 4 : u.square.y >= 10));
        }
        CHECK(s.leaders[0].deployed);
        CHECK(s.leaders[1].deployed);
        CHECK(s.leaders[0].square.y <= 4);
        CHECK(s.leaders[1].square.y >= 10);
    }
}

// --- PS-ARMY ---------------------------------------------------------------------------------------

TEST_CASE("0-1 units exist only when the extra-unit roll gives them", "[rules][setup][PS-ARMY-2][PS-ARMY-4][PS-AMB-2]") {
    SECTION("French without a 6 have no CARABINS") {
        const RulesContext ctx = test::Armies::get().context("french", "spanish");
        for (int roll = 1; roll <= 5; ++roll) {
            GameState s;
            auto d = ScriptedDice::parse("d6:1 d6:" + std::to_string(roll) + " d6:1 d6:2" + after_choices(5, 5, 2, 2));
            new_game(ctx, s, d);
            CHECK(s.decision == Decision::PlaceTerrain);  // no choice to make
            CHECK(units_of(ctx, s, Side::A, "carabins").empty());
            CHECK(count_units(s, Side::A) == 13);  // 11 + the extra unit + the cannon
        }
    }
    SECTION("Imperialists: 1-2 LIGHT HORSE, 3-4 CARABINS, 5-6 ARQUEBUS") {
        const RulesContext ctx = test::Armies::get().context("imperialist", "spanish");
        for (int roll = 1; roll <= 6; ++roll) {
            GameState s;
            auto d = ScriptedDice::parse("d6:" + std::to_string(roll) + " d6:1 d6:2" + after_choices(5, 5, 2, 2));
            const Events ev = new_game(ctx, s, d);
            CHECK(d.remaining() == 0);
            CHECK(units_of(ctx, s, Side::A, "light_horse").size() == (roll <= 2 ? 1u : 0u));
            CHECK(units_of(ctx, s, Side::A, "carabins").size() == (roll == 3 || roll == 4 ? 1u : 0u));
            CHECK(units_of(ctx, s, Side::A, "arquebus").size() == (roll >= 5 ? 2u : 1u));
            const auto x = all_of<ExtraUnitRolled>(ev);
            REQUIRE(x.size() == 2);
            CHECK(x[0].roll == roll);
            CHECK(x[0].chosen);
        }
    }
}

TEST_CASE("every unit has its row's statistics", "[rules][setup][PS-ARMY-3][PS-TYPE-6][PS-ARMY-7]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    GameState s;
    auto d = ScriptedDice::parse(kFrenchSpanishRolls + after_choices(5, 5, 2, 2));
    new_game(ctx, s, d);
    struct Row {
        const char* type;
        int move_half;
        int range_half;
        DieType shoot, fight;
        std::size_t count;
    };
    // PS-ARMY-7 (the extra unit rolled 1: a second MILITIA).
    for (const Row r : {Row{"knights", 6, 0, DieType::D6, DieType::D12, 2}, Row{"lancers", 8, 0, DieType::D6, DieType::D10, 1},
                        Row{"light_horse", 10, 0, DieType::D6, DieType::D6, 1}, Row{"pike", 5, 0, DieType::D6, DieType::D8, 2},
                        Row{"arquebus", 5, 6, DieType::D8, DieType::D6, 2}, Row{"crossbows", 5, 6, DieType::D6, DieType::D4, 1},
                        Row{"skirmishers", 5, 6, DieType::D6, DieType::D4, 1}, Row{"militia", 5, 0, DieType::D6, DieType::D4, 2},
                        Row{"cannon", 3, 12, DieType::D8, DieType::D4, 1}}) {
        INFO(r.type);
        const auto us = units_of(ctx, s, Side::A, r.type);
        CHECK(us.size() == r.count);
        for (std::size_t i : us) {
            const Unit& u = s.units[i];
            CHECK(u.move_half == r.move_half);
            CHECK(u.range_half == r.range_half);  // 0: cannot shoot (PS-TYPE-6)
            if (r.range_half > 0) CHECK(u.shoot_die == r.shoot);
            CHECK(u.fight == r.fight);
        }
    }
    // The Spanish TERCIO: "D8 - 3 sq", Fight D10, Move 1.5 (PS-ARMY-9).
    const auto t = units_of(ctx, s, Side::B, "tercio");
    REQUIRE(t.size() == 1);
    CHECK(s.units[t[0]].shoot_die == DieType::D8);
    CHECK(s.units[t[0]].range_half == 6);
    CHECK(s.units[t[0]].fight == DieType::D10);
    CHECK(s.units[t[0]].move_half == 3);
}

TEST_CASE("the Swiss upgrade replaces both PIKE with one FEARSOME PHALANX",
          "[rules][setup][PS-ARMY-5][PS-ARMY-7][PS-AMB-58][PS-TYPE-7][PS-UNIT-1][PS-UNIT-8]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    for (int roll = 1; roll <= 6; ++roll) {
        INFO("Swiss roll " << roll);
        GameState s;
        auto d = ScriptedDice::parse("d6:" + std::to_string(roll) + " d6:1 d6:1 d6:2" + after_choices(5, 5, 2, 2));
        const Events ev = new_game(ctx, s, d);
        CHECK(d.remaining() == 0);
        const auto up = all_of<UpgradeRolled>(ev);
        REQUIRE(up.size() == 2);
        CHECK(up[0].side == Side::A);
        CHECK(up[0].success == (roll >= 4));
        const auto pike = units_of(ctx, s, Side::A, "pike");
        const auto phalanx = units_of(ctx, s, Side::A, "phalanx");
        if (roll <= 3) {
            CHECK(pike.size() == 2);
            CHECK(phalanx.empty());
            for (std::size_t i : pike) CHECK(s.units[i].fight == DieType::D8);
            CHECK(count_units(s, Side::A) == 13);
        } else {
            CHECK(pike.empty());
            REQUIRE(phalanx.size() == 1);
            const Unit& p = s.units[phalanx[0]];
            CHECK(p.fight == DieType::D10);
            CHECK(p.move_half == 5);
            CHECK(p.range_half == 0);
            CHECK(p.stand_count() == 4);
            CHECK(p.traits.contains(Trait::Fearsome));
            CHECK(p.traits.contains(Trait::NeverRouts));
            CHECK(p.upgrade == 0);
            CHECK(count_units(s, Side::A) == 12);
        }
        CHECK(unit_equivalents(ctx, s, Side::A) == 12);
    }
}

TEST_CASE("Italian upgrades: Familia lances upgrade ONE knights unit, citizen crossbows ALL",
          "[rules][setup][PS-ARMY-5][PS-ARMY-8][PS-AMB-61]") {
    const RulesContext ctx = test::Armies::get().context("italian", "spanish");
    for (int knights_roll = 5; knights_roll <= 6; ++knights_roll) {
        for (int crossbow_roll = 3; crossbow_roll <= 4; ++crossbow_roll) {
            INFO("knights " << knights_roll << ", crossbows " << crossbow_roll);
            GameState s;
            auto d = ScriptedDice::parse("d6:" + std::to_string(knights_roll) + " d6:" + std::to_string(crossbow_roll) +
                                         " d6:1 d6:1 d6:2" + after_choices(5, 5, 2, 2));
            new_game(ctx, s, d);
            CHECK(d.remaining() == 0);
            const auto knights = units_of(ctx, s, Side::A, "knights");
            REQUIRE(knights.size() == 2);
            int d12 = 0;
            for (std::size_t i : knights) {
                CHECK((s.units[i].fight == DieType::D12 || s.units[i].fight == DieType::D10));
                d12 += s.units[i].fight == DieType::D12 ? 1 : 0;
            }
            CHECK(d12 == (knights_roll == 6 ? 1 : 0));
            const auto xbows = units_of(ctx, s, Side::A, "crossbows");
            REQUIRE(xbows.size() == 2);
            for (std::size_t i : xbows) CHECK(s.units[i].fight == (crossbow_roll >= 4 ? DieType::D6 : DieType::D4));
        }
    }
}

TEST_CASE("Spanish Genitors upgrade on a 6", "[rules][setup][PS-ARMY-5][PS-ARMY-9]") {
    const RulesContext ctx = test::Armies::get().context("spanish", "french");
    for (int roll = 5; roll <= 6; ++roll) {
        GameState s;
        auto d = ScriptedDice::parse("d6:" + std::to_string(roll) + " d6:3 d6:1 d6:1" + after_choices(5, 5, 2, 2));
        new_game(ctx, s, d);
        const auto lh = units_of(ctx, s, Side::A, "light_horse");
        REQUIRE(lh.size() == 1);
        CHECK(s.units[lh[0]].fight == (roll == 6 ? DieType::D6 : DieType::D4));
        CHECK(units_of(ctx, s, Side::A, "pike").size() == 2);  // the extra unit (3: PIKE)
    }
}

TEST_CASE("an extra unit gets its list's base statistics, not an upgrade", "[rules][setup][PS-ARMY-5][PS-ARMY-4]") {
    // No shipped list can roll an extra unit of an upgraded type, so make one: the Italian list
    // with a 6 on the extra-unit roll giving CROSSBOWS.
    ArmyList italian = test::Armies::get().army("italian");
    REQUIRE(italian.extra_unit);
    italian.extra_unit->results.back().units = {"crossbows"};
    const RulesContext ctx{&test::Armies::get().ruleset(), {&italian, &test::Armies::get().army("spanish")}};
    GameState s;
    auto d = ScriptedDice::parse("d6:1 d6:6 d6:6 d6:1 d6:2" + after_choices(5, 5, 2, 2));
    new_game(ctx, s, d);
    CHECK(d.remaining() == 0);
    const auto xbows = units_of(ctx, s, Side::A, "crossbows");
    REQUIRE(xbows.size() == 3);
    CHECK(s.units[xbows[0]].fight == DieType::D6);
    CHECK(s.units[xbows[1]].fight == DieType::D6);
    CHECK(s.units[xbows[2]].fight == DieType::D4);
    CHECK(s.units[xbows[2]].upgrade == kNone);
}

TEST_CASE("the Sultan: +3 chips, all MILITIA D6, ONE Spahi unit D10", "[rules][setup][PS-ARMY-12][PS-ARMY-11][PS-ARMY-5]") {
    const RulesContext ctx = test::Armies::get().context("french", "ottoman");
    struct Case {
        int spahi, azab;
        bool sultan;
        DieType militia;
        int d10_lancers;
        int chips_b;
    };
    for (const Case c : {Case{4, 1, false, DieType::D4, 0, 13}, Case{5, 1, true, DieType::D6, 1, 16},
                         Case{6, 5, true, DieType::D6, 1, 16}, Case{1, 6, false, DieType::D6, 0, 13},
                         Case{5, 6, true, DieType::D6, 1, 16}}) {
        INFO("Spahis " << c.spahi << ", Azabs " << c.azab);
        GameState s;
        auto d = ScriptedDice::parse("d6:1 d6:1 d6:" + std::to_string(c.spahi) + " d6:" + std::to_string(c.azab) +
                                     after_choices(5, 5, 2, 2));
        new_game(ctx, s, d);
        CHECK(d.remaining() == 0);
        CHECK(s.leaders[1].sultan == c.sultan);
        CHECK_FALSE(s.leaders[0].sultan);
        CHECK(s.morale_chips[1] == c.chips_b);
        const auto militia = units_of(ctx, s, Side::B, "militia");
        REQUIRE(militia.size() == 2);
        for (std::size_t i : militia) CHECK(s.units[i].fight == c.militia);
        const auto lancers = units_of(ctx, s, Side::B, "lancers");
        REQUIRE(lancers.size() == 2);
        int d10 = 0;
        for (std::size_t i : lancers) {
            CHECK((s.units[i].fight == DieType::D10 || s.units[i].fight == DieType::D8));
            d10 += s.units[i].fight == DieType::D10 ? 1 : 0;
        }
        CHECK(d10 == c.d10_lancers);
        // No extra unit for the Ottomans (PS-ARMY-4): four rolls in all were scripted.
        CHECK(count_units(s, Side::B) == 13);
    }
}

TEST_CASE("the Sultan's MILITIA rule covers an extra MILITIA unit too", "[rules][setup][PS-ARMY-12][PS-ARMY-5]") {
    // The Ottomans have no extra-unit roll, so give a copy of their list one that yields MILITIA:
    // PS-ARMY-5 names Ottoman MILITIA under the Sultan as the exception to base statistics.
    ArmyList ottoman = test::Armies::get().army("ottoman");
    ottoman.extra_unit = ExtraUnitRoll{DieType::D6, {ExtraUnitResult{1, 6, {"militia"}}}};
    const RulesContext ctx{&test::Armies::get().ruleset(), {&ottoman, &test::Armies::get().army("spanish")}};
    GameState s;
    auto d = ScriptedDice::parse("d6:5 d6:1 d6:4 d6:1 d6:2" + after_choices(5, 5, 2, 2));
    new_game(ctx, s, d);
    CHECK(d.remaining() == 0);
    REQUIRE(s.leaders[0].sultan);
    const auto militia = units_of(ctx, s, Side::A, "militia");
    REQUIRE(militia.size() == 3);
    for (std::size_t i : militia) CHECK(s.units[i].fight == DieType::D6);
}

TEST_CASE("every army totals 12 unit-equivalents and one cannon after set-up, whatever the rolls",
          "[rules][setup][PS-ARMY-1][PS-ARMY-16][PS-UNIT-8][PS-UNIT-1][PS-ARMY-4][PS-ARMY-5]") {
    const std::map<std::string, std::size_t> physical = {{"french", 12}, {"italian", 12}, {"spanish", 10},
                                                         {"imperialist", 10}, {"ottoman", 12}, {"moorish", 12}};
    int games = 0;
    for (const auto& a : kArmyIds) {
        const RulesContext ctx = test::Armies::get().context(a, "moorish");
        const ArmyList& army = ctx.army(Side::A);
        const std::size_t n_up = army.upgrades.size();
        int combos = 1;
        for (std::size_t k = 0; k < n_up; ++k) combos *= 6;
        for (int c = 0; c < combos; ++c) {
            std::vector<int> ups;
            for (int k = 0, v = c; k < static_cast<int>(n_up); ++k, v /= 6) ups.push_back(1 + v % 6);
            for (int extra = 1; extra <= (army.extra_unit ? 6 : 1); ++extra) {
                // Each option of a two-type result.
                for (int option = 0; option < 2; ++option) {
                    GameState s;
                    auto d = ScriptedDice::parse(army_rolls(army, ups, extra) + after_choices(4, 4, 1, 2));
                    new_game(ctx, s, d);
                    if (s.decision == Decision::ExtraUnitChoice) {
                        const auto opts = legal_commands(ctx, s);
                        REQUIRE(opts.size() == 3);  // two types, and concede
                        test::play(ctx, s, print(opts[static_cast<std::size_t>(option)]), d);
                    } else if (option == 1) {
                        continue;
                    }
                    REQUIRE(s.decision == Decision::ExtraCardChoice);
                    while (s.decision == Decision::ExtraCardChoice) {
                        test::play(ctx, s, option == 0 ? "card infantry_move" : "card cavalry_move", d);
                    }
                    REQUIRE(d.remaining() == 0);
                    ++games;
                    for (Side side : {Side::A, Side::B}) {
                        INFO((side == Side::A ? a : std::string("moorish")) << " upgrades " << c << " extra " << extra);
                        CHECK(unit_equivalents(ctx, s, side) == 12);
                        CHECK(units_of(ctx, s, side, "cannon").size() == 1);
                        int stands = 0;
                        for (std::size_t i = 0; i < s.unit_count; ++i) {
                            if (s.units[i].side == side) stands += s.units[i].stand_count();
                        }
                        CHECK(stands == 25);  // 24 unit stands and the gun (PS-ARMY-1)
                        const bool swiss = !units_of(ctx, s, side, "phalanx").empty() && a == "french" && side == Side::A;
                        const std::size_t want = side == Side::B ? 12 : physical.at(a) - (swiss ? 1 : 0);
                        CHECK(count_units(s, side) - 1 == want);
                    }
                }
            }
        }
    }
    CHECK(games > 300);
}

// --- PS-UNIT and PS-TYPE as set-up builds them ----------------------------------------------------

TEST_CASE("set-up gives each unit its type's stand groups", "[rules][setup][PS-UNIT-1][PS-UNIT-2][PS-UNIT-8][PS-AMB-3]") {
    // {stands per group} as built, for every type that appears in a shipped list.
    const std::map<std::string, std::array<std::uint8_t, 2>> want = {
        {"knights", {2, 0}},  {"lancers", {2, 0}},     {"reiters", {2, 0}},  {"carabins", {2, 0}},
        {"light_horse", {2, 0}}, {"pike", {2, 0}},     {"phalanx", {4, 0}},  {"tercio", {2, 4}},
        {"arquebus", {2, 0}}, {"crossbows", {2, 0}},   {"skirmishers", {2, 0}}, {"militia", {2, 0}},
        {"cannon", {1, 0}}};
    std::set<std::string> seen;
    for (const auto& a : kArmyIds) {
        const RulesContext ctx = test::Armies::get().context(a, "moorish");
        const ArmyList& army = ctx.army(Side::A);
        for (int extra = 1; extra <= 6; ++extra) {
            GameState s;
            auto d = ScriptedDice::parse(army_rolls(army, std::vector<int>(army.upgrades.size(), 6), extra));
            new_game(ctx, s, d);
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                const Unit& u = s.units[i];
                const TroopType& t = ctx.type(u);
                INFO(a << " " << t.id);
                REQUIRE(want.count(t.id) == 1);
                CHECK(u.stands == want.at(t.id));
                // The hit capacity of each group is the type's (PS-UNIT-2): a TERCIO's arquebus
                // stands (3 hits) come before its pike stands (4), so they take hits first.
                if (t.id == "tercio") {
                    CHECK(t.stands[0].hits == 3);
                    CHECK(t.stands[1].hits == 4);
                }
                seen.insert(t.id);
            }
        }
    }
    CHECK(seen.size() == want.size());
    // "(2) 4": the Imperialists have two PHALANX units of 4 stands (PS-AMB-3).
    const RulesContext ctx = test::Armies::get().context("imperialist", "moorish");
    GameState s;
    auto d = ScriptedDice::parse("d6:5");
    new_game(ctx, s, d);
    CHECK(units_of(ctx, s, Side::A, "phalanx").size() == 2);
    CHECK(unit_equivalents(ctx, s, Side::A) == 12);
}

TEST_CASE("set-up units: categories and light cavalry", "[rules][setup][PS-TYPE-1][PS-TYPE-2][PS-TYPE-3][PS-TYPE-5][PS-AMB-37]") {
    // Every unit the shipped lists produce has a known type, with the category of PS-TYPE-2; the
    // LIGHT HORSE are the light cavalry, and CARABINS evade but neither opportunity-charge nor
    // fire all round (PS-TYPE-3). "Mounted troops" are the cavalry category (PS-TYPE-5).
    const std::map<std::string, Category> cat = {
        {"knights", Category::Cavalry},     {"lancers", Category::Cavalry},    {"reiters", Category::Cavalry},
        {"carabins", Category::Cavalry},    {"light_horse", Category::Cavalry}, {"pike", Category::Infantry},
        {"phalanx", Category::Infantry},    {"tercio", Category::Infantry},    {"arquebus", Category::Infantry},
        {"crossbows", Category::Infantry},  {"skirmishers", Category::Infantry}, {"militia", Category::Infantry},
        {"cannon", Category::Artillery}};
    for (const auto& a : kArmyIds) {
        const RulesContext ctx = test::Armies::get().context(a, "moorish");
        const ArmyList& army = ctx.army(Side::A);
        for (int extra = 1; extra <= 6; ++extra) {
            GameState s;
            auto d = ScriptedDice::parse(army_rolls(army, std::vector<int>(army.upgrades.size(), 6), extra) +
                                         after_choices(4, 4, 1, 2));
            new_game(ctx, s, d);
            if (s.decision == Decision::ExtraUnitChoice) test::play(ctx, s, "extra carabins", d);
            for (std::size_t i = 0; i < s.unit_count; ++i) {
                const TroopType& t = ctx.type(s.units[i]);
                INFO(a << " " << t.id);
                REQUIRE(cat.count(t.id) == 1);
                CHECK(t.category == cat.at(t.id));
                const bool light = t.id == "light_horse";
                CHECK(t.has(Ability::AllRoundFire) == light);
                CHECK(t.has(Ability::OpportunityCharge) == (light || t.id == "knights" || t.id == "lancers"));
                CHECK(t.has(Ability::Evade) == (light || t.id == "carabins" || t.id == "skirmishers"));
            }
        }
    }
}

TEST_CASE("traits on the right units: FEARSOME, ordinary bows, headstrong", "[rules][setup][PS-TYPE-7][PS-TYPE-4][PS-AMB-36]") {
    // Every army with every upgrade won and an extra unit of each result.
    const std::set<std::pair<std::string, std::string>> fearsome = {
        {"french", "knights"}, {"french", "phalanx"}, {"spanish", "skirmishers"}, {"ottoman", "arquebus"}};
    const std::set<std::pair<std::string, std::string>> bows = {{"ottoman", "light_horse"}, {"ottoman", "skirmishers"}};
    std::set<std::pair<std::string, std::string>> seen_fearsome;
    for (const auto& a : kArmyIds) {
        const RulesContext ctx = test::Armies::get().context(a, "moorish");
        const ArmyList& army = ctx.army(Side::A);
        for (int won = 0; won < 2; ++won) {
            for (int extra = 1; extra <= 6; ++extra) {
                GameState s;
                auto d = ScriptedDice::parse(army_rolls(army, std::vector<int>(army.upgrades.size(), won ? 6 : 1), extra) +
                                             after_choices(4, 4, 1, 2));
                new_game(ctx, s, d);
                if (s.decision == Decision::ExtraUnitChoice) test::play(ctx, s, "extra carabins", d);
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.side != Side::A) continue;
                    const auto key = std::make_pair(a, ctx.type(u).id);
                    INFO(a << " " << key.second);
                    CHECK(u.traits.contains(Trait::Fearsome) == (fearsome.count(key) > 0));
                    CHECK(u.traits.contains(Trait::Bow) == (bows.count(key) > 0));
                    CHECK(u.traits.contains(Trait::Headstrong) == (key == std::make_pair(std::string("french"), std::string("knights"))));
                    if (u.traits.contains(Trait::Fearsome)) seen_fearsome.insert(key);
                }
            }
        }
    }
    CHECK(seen_fearsome == fearsome);
}

// --- PS-CARD-1, PS-CARD-2 and shuffling --------------------------------------------------------------

TEST_CASE("each deck has the 19 standard cards and its army's extra card",
          "[rules][setup][PS-CARD-1][PS-CARD-2][PS-SETUP-3][PS-ARMY-6]") {
    const std::map<std::string, CardKind> extra = {{"french", CardKind::Melee},         {"italian", CardKind::MillingAround},
                                                   {"spanish", CardKind::InfantryMove}, {"imperialist", CardKind::Reload},
                                                   {"ottoman", CardKind::CavalryMove}};
    const std::map<CardKind, int> standard = {{CardKind::InfantryMove, 3}, {CardKind::CavalryMove, 3}, {CardKind::Reload, 2},
                                              {CardKind::Melee, 3},        {CardKind::LeaderCheck, 2}, {CardKind::MillingAround, 5},
                                              {CardKind::Courage, 1},      {CardKind::CommandIndecision, 0}};
    for (const auto& a : kArmyIds) {
        for (const CardKind moorish_choice : {CardKind::InfantryMove, CardKind::CavalryMove}) {
            if (a != "moorish" && moorish_choice == CardKind::CavalryMove) continue;
            INFO(a << ", Moorish choice " << to_string(moorish_choice));
            const RulesContext ctx = test::Armies::get().context(a, "moorish");
            const ArmyList& army = ctx.army(Side::A);
            GameState s;
            auto d = ScriptedDice::parse(army_rolls(army, std::vector<int>(army.upgrades.size(), 1), 1) + after_choices(4, 4, 1, 2));
            new_game(ctx, s, d);
            const std::string choice = "card " + std::string(to_string(moorish_choice));
            if (a == "moorish") test::play(ctx, s, choice, d);  // A's choice
            test::play(ctx, s, choice, d);                         // B's choice
            REQUIRE(d.remaining() == 0);
            const Deck& deck = s.decks[0];
            CHECK(deck.size == 20);
            const CardKind x = a == "moorish" ? moorish_choice : extra.at(a);
            for (const auto& [kind, n] : standard) {
                INFO(to_string(kind));
                CHECK(deck_count(deck, kind) == n + (kind == x ? 1 : 0));
            }
            CHECK(deck_count(s.decks[1], moorish_choice) == standard.at(moorish_choice) + 1);
            CHECK(s.decks[1].size == 20);
        }
    }
}

TEST_CASE("decks are shuffled through the game's dice", "[rules][setup][PS-DICE-9][PS-SETUP-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    SECTION("scripted picks give an exact order (Fisher-Yates from the bottom card up)") {
        // Built order: IM IM IM CM CM CM R R Me Me Me LC LC MA MA MA MA MA Co Me(extra).
        // Picks: u20:0 swaps cards 19 and 0; u19:11 swaps 18 (Courage) and 11 (Leader Check);
        // the rest leave the deck alone.
        std::string picks = " u20:0 u19:11";
        for (int i = 17; i > 0; --i) picks += " u" + std::to_string(i + 1) + ":" + std::to_string(i);
        GameState s;
        auto d = ScriptedDice::parse(kFrenchSpanishRolls + picks + test::identity_shuffle() + " d10:5 d10:5 d4:2 d4:2");
        new_game(ctx, s, d);
        CHECK(d.remaining() == 0);
        using C = CardKind;
        const std::array<C, 20> want = {C::Melee,       C::InfantryMove,  C::InfantryMove,  C::CavalryMove,   C::CavalryMove,
                                        C::CavalryMove, C::Reload,        C::Reload,        C::Melee,         C::Melee,
                                        C::Melee,       C::Courage,       C::LeaderCheck,   C::MillingAround, C::MillingAround,
                                        C::MillingAround, C::MillingAround, C::MillingAround, C::LeaderCheck, C::InfantryMove};
        for (std::size_t i = 0; i < 20; ++i) {
            INFO("card " << i);
            CHECK(s.decks[0].cards[i] == want[i]);
        }
    }
    SECTION("the same seed deals the same decks; another seed deals others") {
        const auto deal = [&](std::uint64_t seed, std::uint64_t& calls) {
            GameState s;
            core::SeededDice d(seed);
            new_game(ctx, s, d);
            while (s.decision == Decision::ExtraUnitChoice) apply(ctx, s, legal_commands(ctx, s).front(), d);
            calls = d.calls();
            return s.decks;
        };
        std::uint64_t c1 = 0, c2 = 0, c3 = 0;
        const auto decks1 = deal(42, c1);
        const auto decks2 = deal(42, c2);
        const auto decks3 = deal(43, c3);
        CHECK(decks1 == decks2);
        CHECK(c1 == c2);
        CHECK(decks1 != decks3);
        CHECK(c1 >= 4 + 38 + 4);  // army rolls, 19 picks per deck, morale and terrain
    }
}

// --- PS-TERRAIN ----------------------------------------------------------------------------------

TEST_CASE("terrain allotment by D4 roll-off, A rolling first", "[rules][setup][terrain][PS-TERRAIN-2][PS-TERRAIN-6]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    struct Case {
        int a, b;
        std::uint8_t pa, pb;
        Side first;
    };
    for (const Case c : {Case{4, 1, 3, 1, Side::A}, Case{2, 3, 1, 3, Side::B}, Case{2, 2, 2, 2, Side::A}, Case{4, 4, 2, 2, Side::A}}) {
        INFO("rolls " << c.a << " and " << c.b);
        GameState s;
        auto d = ScriptedDice::parse(kFrenchSpanishRolls + after_choices(5, 5, c.a, c.b));
        const Events ev = new_game(ctx, s, d);
        CHECK(d.remaining() == 0);
        const auto t = all_of<TerrainAllotted>(ev);
        REQUIRE(t.size() == 1);
        CHECK(t[0].roll_a == c.a);
        CHECK(t[0].roll_b == c.b);
        CHECK(s.terrain_to_place == std::array<std::uint8_t, 2>{c.pa, c.pb});
        CHECK(s.terrain_first == c.first);
        CHECK(s.decision == Decision::PlaceTerrain);
        CHECK(s.decider == c.first);
    }
}

namespace {

/// French v Spanish up to terrain placement, with the given terrain rolls.
GameState at_terrain(const RulesContext& ctx, int ta, int tb) {
    GameState s;
    auto d = ScriptedDice::parse(kFrenchSpanishRolls + after_choices(5, 5, ta, tb));
    new_game(ctx, s, d);
    REQUIRE(d.remaining() == 0);
    REQUIRE(s.decision == Decision::PlaceTerrain);
    return s;
}

}  // namespace

TEST_CASE("terrain placement alternates, starting with the D4 winner", "[rules][setup][terrain][PS-TERRAIN-6][PS-AMB-31]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto d = ScriptedDice::parse("");
    SECTION("3 to 1: B, A, then B twice") {
        GameState s = at_terrain(ctx, 1, 4);
        CHECK(s.decider == Side::B);
        test::play(ctx, s, "terrain wood a7", d);
        CHECK(s.decider == Side::A);
        test::play(ctx, s, "terrain wood o7", d);
        CHECK(s.decider == Side::B);
        test::play(ctx, s, "terrain hill a9", d);
        CHECK(s.decider == Side::B);
        test::play(ctx, s, "terrain building b12", d);
        CHECK(s.terrain_piece_count == 4);
        CHECK(s.decision == Decision::AdjustTerrain);
    }
    SECTION("2 each: A, B, A, B") {
        GameState s = at_terrain(ctx, 3, 3);
        std::vector<Side> order;
        for (const char* cmd : {"terrain wood a7", "terrain wood o7", "terrain hill a9", "terrain hill o9"}) {
            REQUIRE(s.decision == Decision::PlaceTerrain);
            order.push_back(s.decider);
            test::play(ctx, s, cmd, d);
        }
        CHECK(order == std::vector<Side>{Side::A, Side::B, Side::A, Side::B});
        CHECK(s.decision == Decision::AdjustTerrain);
        CHECK(s.terrain_piece_count == 4);
        for (std::size_t i = 0; i < 4; ++i) CHECK(s.terrain_pieces[i].owner == order[i]);
    }
    SECTION("a side that passes places no more; the other goes on") {
        GameState s = at_terrain(ctx, 3, 3);
        test::play(ctx, s, "terrain pass", d);  // A gives up both pieces
        CHECK(s.terrain_to_place[0] == 0);
        CHECK(s.decider == Side::B);
        test::play(ctx, s, "terrain wood a7", d);
        CHECK(s.decider == Side::B);
        test::play(ctx, s, "terrain wood o7", d);
        CHECK(s.decision == Decision::AdjustTerrain);
        CHECK(s.decider == Side::A);  // A placed fewer pieces
    }
}

TEST_CASE("terrain pieces: side columns, 1 or 2 orthogonal squares, no overlap",
          "[rules][setup][terrain][PS-TERRAIN-4][PS-TERRAIN-5][PS-TERRAIN-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto d = ScriptedDice::parse("");
    GameState s = at_terrain(ctx, 4, 1);  // A places 3
    const std::string cols = " is not within 4 squares of a side edge (files a-d or l-o)";
    CHECK(test::refusal(ctx, s, "terrain wood e7") == "e7" + cols);
    CHECK(test::refusal(ctx, s, "terrain wood k7") == "k7" + cols);
    CHECK(test::refusal(ctx, s, "terrain hill h8") == "h8" + cols);
    CHECK(test::refusal(ctx, s, "terrain wood d7 e7") == "e7" + cols);
    CHECK(test::refusal(ctx, s, "terrain wood a7 b8") == "the two squares of a piece must be side by side (not diagonal)");
    CHECK(test::refusal(ctx, s, "terrain wood a7 a9") == "the two squares of a piece must be side by side (not diagonal)");
    CHECK(test::refusal(ctx, s, "terrain wood a7 a7") == "the two squares of a piece must be side by side (not diagonal)");
    CHECK(test::refusal(ctx, s, "terrain wood a7 a8 a9") == "a piece covers 1 or 2 squares");
    CHECK(test::refusal(ctx, s, "terrain wood d7") == "");
    CHECK(test::refusal(ctx, s, "terrain wood l7") == "");
    CHECK(test::refusal(ctx, s, "terrain wood a1") == "");    // rows are not restricted
    CHECK(test::refusal(ctx, s, "terrain wood o15") == "");
    test::play(ctx, s, "terrain building c4 d4", d);  // A, horizontal, in A's deployment zone
    test::play(ctx, s, "terrain hill l10 l11", d);    // B, vertical
    CHECK(test::refusal(ctx, s, "terrain wood d4") == "d4 already has terrain");
    CHECK(test::refusal(ctx, s, "terrain wood l11 m11") == "l11 already has terrain");
    test::play(ctx, s, "terrain wood d5", d);  // touching is fine
    CHECK(s.piece_at(sq("c4")) == s.piece_at(sq("d4")));
    CHECK(s.piece_at(sq("c4"))->kind == TerrainKind::Building);
    CHECK(s.piece_at(sq("l11"))->owner == Side::B);
    CHECK(s.piece_at(sq("d5"))->kind == TerrainKind::Wood);
    CHECK(s.piece_at(sq("e4")) == nullptr);
}

TEST_CASE("the stream: 2 choices, one per board, one square per file in ranks 6 to 10",
          "[rules][setup][terrain][PS-TERRAIN-3][PS-TERRAIN-7][PS-AMB-32]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto d = ScriptedDice::parse("");
    const std::vector<int> wavy = {6, 7, 8, 9, 10, 10, 9, 8, 7, 6, 6, 7, 8, 9, 10};
    SECTION("shape checks") {
        GameState s = at_terrain(ctx, 2, 2);
        std::vector<int> fourteen(14, 8);
        CHECK(test::refusal(ctx, s, stream(fourteen)) == "a stream needs 15 squares, one in each file, a to o");
        CHECK(test::refusal(ctx, s, "terrain stream b8 a8 c8 d8 e8 f8 g8 h8 i8 j8 k8 l8 m8 n8 o8") ==
              "the stream's squares must run a, b, c ... one per file");
        std::vector<int> low = {8, 7, 6, 5, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8};
        CHECK(test::refusal(ctx, s, stream(low)) == "the stream must stay between the deployment zones (ranks 6 to 10)");
        std::vector<int> high(15, 10);
        high[14] = 11;
        CHECK(test::refusal(ctx, s, stream(high)) == "the stream must stay between the deployment zones (ranks 6 to 10)");
        std::vector<int> jump(15, 7);
        jump[9] = 9;
        CHECK(test::refusal(ctx, s, stream(jump)) == "the stream may move at most one rank between neighbouring files");
        CHECK(test::refusal(ctx, s, stream(wavy)) == "");
        CHECK(test::refusal(ctx, s, stream(std::vector<int>(15, 6))) == "");
        CHECK(test::refusal(ctx, s, stream(std::vector<int>(15, 10))) == "");
    }
    SECTION("placing one uses 2 choices, and there is only one") {
        GameState s = at_terrain(ctx, 2, 2);
        test::play(ctx, s, stream(wavy), d);  // A
        CHECK(s.has_stream);
        CHECK(s.terrain_to_place[0] == 0);
        for (std::size_t i = 0; i < wavy.size(); ++i) {
            const Square q = core::make_square(static_cast<int>(i), wavy[i] - 1);
            CHECK(s.stream_at(q));
            CHECK(s.piece_at(q) == nullptr);
        }
        CHECK_FALSE(s.stream_at(sq("a7")));
        REQUIRE(s.decider == Side::B);
        // A second chain that shares no square with the first is still refused.
        CHECK(test::refusal(ctx, s, stream({7, 8, 9, 10, 9, 9, 10, 9, 8, 7, 7, 8, 9, 10, 9})) == "there is already a stream");
        CHECK(test::refusal(ctx, s, "terrain wood a6") == "a6 already has terrain");
        test::play(ctx, s, "terrain wood a7", d);
        test::play(ctx, s, "terrain wood o7", d);
        CHECK(s.decision == Decision::AdjustTerrain);
    }
    SECTION("a side with fewer than 2 choices left cannot place one") {
        GameState s = at_terrain(ctx, 1, 4);  // A 1, B 3
        test::play(ctx, s, "terrain wood a7", d);  // B: 2 left
        REQUIRE(s.decider == Side::A);
        CHECK(test::refusal(ctx, s, stream(wavy)) == "a stream takes 2 of your terrain choices");
        test::play(ctx, s, "terrain wood o7", d);  // A
        REQUIRE(s.decider == Side::B);
        CHECK(test::refusal(ctx, s, stream(wavy)) == "");
        std::vector<int> through(15, 7);  // a7 holds B's wood
        CHECK(test::refusal(ctx, s, stream(through)) == "a7 already has terrain");
        test::play(ctx, s, stream(wavy), d);
        CHECK(s.terrain_to_place[1] == 0);
        CHECK(s.decision == Decision::AdjustTerrain);
    }
}

TEST_CASE("terrain adjustment: one attempt each, fewer pieces first, a 6 needed",
          "[rules][setup][terrain][PS-TERRAIN-8][PS-AMB-31]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto none = ScriptedDice::parse("");
    GameState s = at_terrain(ctx, 2, 2);
    test::play(ctx, s, "terrain wood a7", none);    // A
    test::play(ctx, s, "terrain hill o7", none);    // B
    test::play(ctx, s, "terrain building b9", none);  // A
    test::play(ctx, s, "terrain wood n9 n10", none);  // B
    REQUIRE(s.decision == Decision::AdjustTerrain);
    REQUIRE(s.decider == Side::A);  // 2 pieces each: A first
    CHECK(test::refusal(ctx, s, "adjust remove a7") == "you may remove only a piece your opponent placed (PS-TERRAIN-8)");
    CHECK(test::refusal(ctx, s, "adjust centre o7") == "you may move only a piece you placed (PS-TERRAIN-8)");
    CHECK(test::refusal(ctx, s, "adjust remove h8") == "h8 holds no wood, building or hill");
    CHECK(test::refusal(ctx, s, "terrain wood a1") ==
          "side A may adjust the terrain: adjust remove <square>, adjust centre <square> or adjust pass");

    SECTION("a 6 removes the opponent's piece; a 5 leaves it") {
        auto d = ScriptedDice::parse("d6:6 d6:5");
        const Events e1 = test::play(ctx, s, "adjust remove n10", d);  // naming any square of the piece
        CHECK(summary(e1) == std::vector<std::string>{"adjust A remove n10 rolled 6 done"});
        CHECK(s.piece_at(sq("n9")) == nullptr);
        CHECK(s.piece_at(sq("n10")) == nullptr);
        CHECK(s.terrain_piece_count == 3);
        // The other pieces keep their squares after the removal renumbers them.
        CHECK(s.piece_at(sq("o7"))->kind == TerrainKind::Hill);
        CHECK(s.piece_at(sq("b9"))->kind == TerrainKind::Building);
        REQUIRE(s.decision == Decision::AdjustTerrain);
        REQUIRE(s.decider == Side::B);
        const Events e2 = test::play(ctx, s, "adjust remove a7", d);
        CHECK(summary(e2) == std::vector<std::string>{"adjust B remove a7 rolled 5 failed"});
        CHECK(s.piece_at(sq("a7"))->kind == TerrainKind::Wood);
        CHECK(d.remaining() == 0);
        CHECK(s.decision == Decision::Deploy);  // one attempt each, then deployment
    }
    SECTION("moving one's own piece to the centre fails without a 6") {
        auto d = ScriptedDice::parse("d6:1 d6:4");
        test::play(ctx, s, "adjust centre b9", d);
        CHECK(s.piece_at(sq("b9"))->kind == TerrainKind::Building);
        CHECK(s.piece_at(sq("h8")) == nullptr);
        test::play(ctx, s, "adjust centre o7", d);
        CHECK(s.piece_at(sq("o7"))->kind == TerrainKind::Hill);
        CHECK(d.remaining() == 0);
        CHECK(s.decision == Decision::Deploy);
    }
    SECTION("passing rolls nothing") {
        test::play(ctx, s, "adjust pass", none);
        CHECK(s.decider == Side::B);
        test::play(ctx, s, "adjust pass", none);
        CHECK(s.decision == Decision::Deploy);
        CHECK(s.terrain_piece_count == 4);
    }
}

TEST_CASE("terrain adjustment order: the side that placed fewer pieces goes first",
          "[rules][setup][terrain][PS-TERRAIN-8][PS-TERRAIN-1]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto none = ScriptedDice::parse("");
    SECTION("3 to 1: B placed fewer") {
        GameState s = at_terrain(ctx, 4, 1);
        test::play(ctx, s, "terrain wood a7", none);  // A
        test::play(ctx, s, "terrain wood o7", none);  // B
        test::play(ctx, s, "terrain wood a9", none);  // A
        test::play(ctx, s, "terrain pass", none);     // A
        REQUIRE(s.decision == Decision::AdjustTerrain);
        CHECK(s.decider == Side::B);
    }
    SECTION("a stream is one piece: B's stream against A's two woods puts B first") {
        GameState s = at_terrain(ctx, 2, 2);
        test::play(ctx, s, "terrain wood a7", none);                     // A
        test::play(ctx, s, stream(std::vector<int>(15, 8)), none);        // B: its 2 choices, 1 piece
        test::play(ctx, s, "terrain wood o7", none);                     // A
        REQUIRE(s.decision == Decision::AdjustTerrain);
        CHECK(s.decider == Side::B);
        CHECK(test::refusal(ctx, s, "adjust remove c8") == "c8 holds no wood, building or hill");  // streams stay
        CHECK(test::refusal(ctx, s, "adjust centre a7") == "you may move only a piece you placed (PS-TERRAIN-8)");
    }
    SECTION("no piece to name: no attempt") {
        GameState s = at_terrain(ctx, 2, 2);
        test::play(ctx, s, "terrain pass", none);
        test::play(ctx, s, stream(std::vector<int>(15, 8)), none);
        CHECK(s.decision == Decision::Deploy);
    }
}

TEST_CASE("a piece moved to the middle goes to h8, or the nearest free position",
          "[rules][setup][terrain][PS-TERRAIN-9][PS-TERRAIN-8]") {
    const RulesContext ctx = test::Armies::get().context("french", "spanish");
    auto none = ScriptedDice::parse("");
    SECTION("single, horizontal and vertical pieces; the second one goes next door") {
        GameState s = at_terrain(ctx, 2, 2);
        test::play(ctx, s, "terrain building b9 c9", none);  // A, horizontal
        test::play(ctx, s, "terrain hill o7 o8", none);      // B, vertical
        test::play(ctx, s, "terrain wood a3", none);         // A
        test::play(ctx, s, "terrain wood n12", none);        // B
        auto d = ScriptedDice::parse("d6:6 d6:6");
        const Events e = test::play(ctx, s, "adjust centre c9", d);  // A
        const auto adj = all_of<TerrainAdjusted>(e);
        REQUIRE(adj.size() == 1);
        CHECK(adj[0].success);
        CHECK(adj[0].to == sq("h8"));
        CHECK(s.piece_at(sq("h8"))->kind == TerrainKind::Building);
        CHECK(s.piece_at(sq("i8")) == s.piece_at(sq("h8")));
        CHECK(s.piece_at(sq("b9")) == nullptr);
        CHECK(s.piece_at(sq("c9")) == nullptr);
        // B's vertical hill wants h8 and h9. h8 is taken: the candidates at distance 1 are h7
        // (rank 7: needs h8, taken), then g8 (rank 8, file g) with g9 free.
        test::play(ctx, s, "adjust centre o8", d);  // B
        CHECK(s.piece_at(sq("g8"))->kind == TerrainKind::Hill);
        CHECK(s.piece_at(sq("g9")) == s.piece_at(sq("g8")));
        CHECK(s.piece_at(sq("o7")) == nullptr);
        CHECK(s.piece_at(sq("o8")) == nullptr);
        CHECK(d.remaining() == 0);
    }
    SECTION("one square to h8, then the next one to h7") {
        GameState s = at_terrain(ctx, 2, 2);
        test::play(ctx, s, "terrain wood a7", none);  // A
        test::play(ctx, s, "terrain hill o7", none);  // B
        test::play(ctx, s, "terrain pass", none);     // A
        test::play(ctx, s, "terrain pass", none);     // B
        auto d = ScriptedDice::parse("d6:6 d6:6");
        test::play(ctx, s, "adjust centre a7", d);
        CHECK(s.piece_at(sq("h8"))->kind == TerrainKind::Wood);
        test::play(ctx, s, "adjust centre o7", d);
        CHECK(s.piece_at(sq("h7"))->kind == TerrainKind::Hill);
        CHECK(s.piece_at(sq("h8"))->kind == TerrainKind::Wood);
    }
    SECTION("stream squares are taken too") {
        GameState s = at_terrain(ctx, 2, 2);
        test::play(ctx, s, stream(std::vector<int>(15, 8)), none);  // A, through h8
        test::play(ctx, s, "terrain hill o6 o7", none);              // B, vertical
        test::play(ctx, s, "terrain pass", none);                    // B
        REQUIRE(s.decision == Decision::AdjustTerrain);
        REQUIRE(s.decider == Side::A);  // one piece each
        test::play(ctx, s, "adjust pass", none);
        auto d = ScriptedDice::parse("d6:6");
        test::play(ctx, s, "adjust centre o6", d);
        // h7 needs h8 (stream), g8 and i8 are stream: h9 and h10 it is.
        CHECK(s.piece_at(sq("h9"))->kind == TerrainKind::Hill);
        CHECK(s.piece_at(sq("h10")) == s.piece_at(sq("h9")));
        CHECK(s.stream_at(sq("h8")));
    }
}
