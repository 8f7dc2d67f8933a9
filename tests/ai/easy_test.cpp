// The `easy` level: its risk factors, its Actions tables, a unit's order turned into a command,
// and whole games against the random baseline.
#include <array>
#include <string>
#include <variant>

#include "kits/pikette/ai/easy.hpp"
#include "ai/match.hpp"
#include "kits/pikette/ai/players.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using ai::easy::Action;
using ai::easy::Drill;
using ai::easy::Order;

namespace {

/// The easy player's choice in a hand-built position, its own D6s scripted.
Command easy_choice(const test::Position& p, const std::string& own_dice) {
    auto stream = std::make_unique<core::ScriptedDice>(core::ScriptedDice::parse(own_dice));
    core::ScriptedDice* dice = stream.get();
    auto player = ai::easy::make_easy_player(std::move(stream));
    const Command c = player->choose(ai::make_view(p.ctx, p.s, p.s.decider));
    INFO("chose " << print(c));
    CHECK(dice->remaining() == 0);
    return c;
}

const std::array<std::string, 6> kArmyIds = {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};

}  // namespace

TEST_CASE("easy risk factor: no enemy within 5 squares", "[ai][easy]") {
    test::Position p;
    const auto u = p.add(Side::A, "arquebus", "h2");
    p.add(Side::B, "arquebus", "h15");
    const auto rf = ai::easy::risk_factors(p.ctx, p.s, u);
    CHECK(rf.no_enemy_near == -4);
    CHECK(rf.in_range == 0);
    CHECK(rf.total() == -4);
}

TEST_CASE("easy risk factor: an enemy on the rear and a stand lost", "[ai][easy]") {
    test::Position p;
    const auto u = p.add(Side::A, "arquebus", "h5");
    p.unit(u).stands[0] = 1;  // one of its two stands is gone
    p.add(Side::B, "pike", "h4");
    const auto rf = ai::easy::risk_factors(p.ctx, p.s, u);
    CHECK(rf.in_range == 1);  // the pike can reach it
    CHECK(rf.flank == 2);     // from behind
    CHECK(rf.losses == 2);    // 3 of 6 hits gone: two fifths
    CHECK(rf.poor == 0);
    CHECK(rf.good == 0);
    CHECK(rf.no_enemy_near == 0);
    CHECK(rf.total() == 5);
    CHECK(ai::easy::drill_of(p.ctx, p.unit(u)) == Drill::Shot);
    CHECK(ai::easy::risk_row(Drill::Shot, rf.total()) == 2);
}

TEST_CASE("easy risk factor: poor troops in a wood under fire", "[ai][easy]") {
    test::Position p;
    p.piece(TerrainKind::Wood, {"b5"});
    const auto u = p.add(Side::A, "militia", "b5");
    p.add(Side::B, "arquebus", "b8");  // 3 squares ahead, facing it
    const auto rf = ai::easy::risk_factors(p.ctx, p.s, u);
    CHECK(rf.in_range == 1);
    CHECK(rf.poor == 1);
    CHECK(rf.cover == -1);
    CHECK(rf.flank == 0);
    CHECK(rf.total() == 1);
}

TEST_CASE("easy risk factor: good troops with the leader and disorder", "[ai][easy]") {
    test::Position p;
    const auto k = p.add(Side::A, "knights", "h8", std::nullopt, UnitStatus::Disordered);
    p.leader(Side::A, "h8", true);
    p.add(Side::B, "arquebus", "a15");
    const auto rf = ai::easy::risk_factors(p.ctx, p.s, k);
    CHECK(rf.good == -2);  // Fight D12, and the leader attached
    CHECK(rf.shaken == 3);
    CHECK(rf.no_enemy_near == -4);
    CHECK(rf.total() == -3);
    CHECK(ai::easy::drill_of(p.ctx, p.unit(k)) == Drill::LanceHorse);
}

TEST_CASE("easy drills by troop type", "[ai][easy]") {
    test::Position p("french", "spanish");
    CHECK(ai::easy::drill_of(p.ctx, p.unit(p.add(Side::A, "pike", "a1"))) == Drill::Foot);
    CHECK(ai::easy::drill_of(p.ctx, p.unit(p.add(Side::A, "carabins", "b1"))) == Drill::PistolHorse);
    CHECK(ai::easy::drill_of(p.ctx, p.unit(p.add(Side::A, "light_horse", "c1"))) == Drill::LanceHorse);
    CHECK(ai::easy::drill_of(p.ctx, p.unit(p.add(Side::A, "cannon", "d1"))) == Drill::Shot);
    CHECK(ai::easy::drill_of(p.ctx, p.unit(p.add(Side::A, "swiss_phalanx", "e1"))) == Drill::Foot);
    CHECK(ai::easy::drill_of(p.ctx, p.unit(p.add(Side::B, "tercio", "f15"))) == Drill::Foot);
}

TEST_CASE("easy Actions tables: rows by risk factor", "[ai][easy]") {
    using ai::easy::risk_row;
    CHECK(risk_row(Drill::Shot, -6) == 0);
    CHECK(risk_row(Drill::Shot, 0) == 0);
    CHECK(risk_row(Drill::Shot, 1) == 1);
    CHECK(risk_row(Drill::Shot, 2) == 2);
    CHECK(risk_row(Drill::Shot, 5) == 2);
    CHECK(risk_row(Drill::Shot, 6) == 3);
    CHECK(risk_row(Drill::Shot, 8) == 3);
    CHECK(risk_row(Drill::Shot, 9) == 4);
    CHECK(risk_row(Drill::Shot, 40) == 4);
    CHECK(risk_row(Drill::Foot, 1) == 0);
    CHECK(risk_row(Drill::Foot, 2) == 1);
    CHECK(risk_row(Drill::Foot, 6) == 2);
    CHECK(risk_row(Drill::Foot, 7) == 3);
    CHECK(risk_row(Drill::LanceHorse, 2) == 1);
    CHECK(risk_row(Drill::PistolHorse, 3) == 2);
    // Every table climbs: each row starts above the previous one.
    for (int d = 0; d < ai::easy::kDrillCount; ++d) {
        const auto& t = ai::easy::actions_table(static_cast<Drill>(d));
        for (std::size_t r = 1; r < t.size(); ++r) CHECK(t[r].up_to > t[r - 1].up_to);
    }
}

TEST_CASE("easy Actions tables: cells by row and D6", "[ai][easy]") {
    using ai::easy::action_for;
    // At ease: carry on, and close in on a 6.
    CHECK(action_for(Drill::Shot, -4, 1) == Action{Order::Continue, false});
    CHECK(action_for(Drill::Shot, -4, 6) == Action{Order::Advance, false});
    CHECK(action_for(Drill::Foot, 1, 6) == Action{Order::Advance, true});
    // Shaken: the low columns fall back.
    CHECK(action_for(Drill::Shot, 5, 1).order == Order::Withdraw);
    CHECK(action_for(Drill::Shot, 5, 2).order == Order::TakeCover);
    CHECK(action_for(Drill::Shot, 5, 3).order == Order::Halt);
    CHECK(action_for(Drill::Shot, 5, 6) == Action{Order::Advance, true});
    CHECK(action_for(Drill::Foot, 9, 1).order == Order::Run);
    CHECK(action_for(Drill::Foot, 9, 6).order == Order::Halt);
    CHECK(action_for(Drill::LanceHorse, 4, 1).order == Order::Withdraw);
    CHECK(action_for(Drill::LanceHorse, 1, 4) == Action{Order::Advance, true});
    CHECK(action_for(Drill::PistolHorse, 1, 4) == Action{Order::Advance, false});
    CHECK(action_for(Drill::PistolHorse, 12, 6).order == Order::Withdraw);
    // Foot with pikes never withdraw: they take cover or run.
    for (int rf = -5; rf <= 12; ++rf) {
        for (int d6 = 1; d6 <= 6; ++d6) CHECK(action_for(Drill::Foot, rf, d6).order != Order::Withdraw);
    }
    CHECK(ai::easy::order_name(Order::TakeCover) == "take cover");
}

TEST_CASE("easy falls back from an enemy on its rear after losses", "[ai][easy]") {
    test::Position p;
    const auto u = p.add(Side::A, "arquebus", "h5");
    p.unit(u).stands[0] = 1;
    p.add(Side::B, "pike", "h4");
    REQUIRE(ai::easy::risk_factor(p.ctx, p.s, u) == 5);

    SECTION("a 1 withdraws: away from the pike") {
        const Command c = easy_choice(p, "d6:1");
        const auto* m = std::get_if<Move>(&c);
        REQUIRE(m != nullptr);
        CHECK(m->from == test::sq("h5"));
        REQUIRE(m->to.has_value());
        CHECK(core::dist2(*m->to, test::sq("h4")) > core::dist2(test::sq("h5"), test::sq("h4")));
        CHECK_FALSE(m->attack);
    }
    SECTION("a 2 takes cover in the wood within one move") {
        p.piece(TerrainKind::Wood, {"g6"});
        const Command c = easy_choice(p, "d6:2");
        const auto* m = std::get_if<Move>(&c);
        REQUIRE(m != nullptr);
        CHECK(m->to == std::optional<core::Square>(test::sq("g6")));
    }
    SECTION("a 2 with no cover about moves away from all enemies") {
        const Command c = easy_choice(p, "d6:2");
        const auto* m = std::get_if<Move>(&c);
        REQUIRE(m != nullptr);
        REQUIRE(m->to.has_value());
        CHECK(core::dist2(*m->to, test::sq("h4")) > 2);
    }
    SECTION("a 3 halts: it only turns toward the pike, and cannot turn that far") {
        // Arquebus turn 45 degrees at most, so no facing brings h4 into its arc; a turn that
        // brings it no nearer the front is not made. Nothing else to do: turn the next card.
        const Command c = easy_choice(p, "d6:3");
        CHECK(std::holds_alternative<TurnCard>(c));
    }
}

TEST_CASE("easy cuts down a routed enemy in its square", "[ai][easy]") {
    test::Position p;
    p.add(Side::A, "pike", "h8");
    p.add(Side::B, "arquebus", "h8", std::nullopt, UnitStatus::Routed);
    const Command c = easy_choice(p, "d6:4");  // one D6: the pike's
    CHECK(c == Command{Fight{test::sq("h8")}});
}

TEST_CASE("easy rallies a routed unit to face the enemy on a Leader Check card", "[ai][easy]") {
    test::Position p;
    p.act(Side::A, CardKind::LeaderCheck, 5);
    p.add(Side::A, "pike", "h6", core::Facing::S, UnitStatus::Routed);
    p.leader(Side::A, "h5");
    p.add(Side::B, "arquebus", "h12");
    // A routed unit rolls no D6 for the card: the stream is not used.
    const Command c = easy_choice(p, "");
    CHECK(c == Command{Rally{test::sq("h6"), core::Facing::N}});
}

TEST_CASE("easy answers every decision with a legal command and beats random", "[ai][easy]") {
    int wins = 0, losses = 0, draws = 0;
    constexpr int kGames = 50;
    for (int g = 0; g < kGames; ++g) {
        const std::string& a = kArmyIds[static_cast<std::size_t>(g % 6)];
        const std::string& b = kArmyIds[static_cast<std::size_t>((g / 6 + g) % 6)];
        const RulesContext ctx = test::Armies::get().context(a, b);
        const std::uint64_t seed = 7000 + static_cast<std::uint64_t>(g);
        const Side easy_side = g % 2 == 0 ? Side::A : Side::B;
        auto easy = ai::make_player(ai::Level::Easy, ai::player_seed(seed, easy_side));
        auto random = ai::make_player(ai::Level::Random, ai::player_seed(seed, other(easy_side)));
        INFO("game " << g << ": " << a << " against " << b << " seeded " << seed);
        ai::GameResult r;
        if (easy_side == Side::A) {
            REQUIRE_NOTHROW(r = ai::play_game(ctx, seed, *easy, *random));
        } else {
            REQUIRE_NOTHROW(r = ai::play_game(ctx, seed, *random, *easy));
        }
        if (r.winner < 0) {
            ++draws;
        } else if (r.winner == static_cast<int>(idx(easy_side))) {
            ++wins;
        } else {
            ++losses;
        }
    }
    WARN("easy against random over " << kGames << " games: " << wins << " won, " << losses << " lost, " << draws
                                     << " drawn");
    REQUIRE(wins + losses > 0);
    CHECK(wins * 10 >= (wins + losses) * 7);
}
