// The normal level's judgement (src/ai/scoring.cpp) on hand-built positions: what it counts in a
// command's score.
#include "kits/pikette/ai/scoring.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ai/player.hpp"
#include "core/dice.hpp"
#include "kits/pikette/ai/players.hpp"
#include "rules/game.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using rules::Side;
using rules::UnitStatus;
using test::Position;

namespace {

/// The score normal gives the legal command printed as `text`.
double score_of(Position& p, const std::string& text) {
    ai::Scorer scorer(p.ctx);
    for (const auto& sc : scorer.score_all(p.s)) {
        if (rules::print(sc.command) == text) return sc.score;
    }
    FAIL("no legal command " << text);
    return 0;
}

/// An A pike holds h5 facing N; a B arquebus entered it from its front. A is active on a Melee
/// card and may fight it; neither side may react.
Position contact(UnitStatus a_status) {
    Position p = test::board();
    const auto a = p.add(Side::A, "pike", "h5", core::Facing::N);
    const auto b = p.add(Side::B, "arquebus", "h5", core::Facing::S);
    p.unit(b).entrant = true;
    p.unit(b).entry = test::sq("h6");
    p.unit(a).status = a_status;
    p.act(Side::A, rules::CardKind::Melee, 10);
    p.s.opportunity_chips = {0, 0};
    return p;
}

double fight_score(UnitStatus a_status, int a_chips, int b_chips) {
    Position p = contact(a_status);
    p.s.morale_chips = {static_cast<std::int16_t>(a_chips), static_cast<std::int16_t>(b_chips)};
    return score_of(p, "fight h5");
}

}  // namespace

TEST_CASE("Normal counts the chip window that a melee's loser gives the winner",
          "[ai][PS-MELEE-22][PS-CHIP-10][PS-CHIP-8][PS-CHIP-9]") {
    const double none = fight_score(UnitStatus::Ok, 0, 0);
    SECTION("a win may be followed by a chip, if the winner has one") {
        CHECK(fight_score(UnitStatus::Ok, 6, 0) > none + 0.01);
        CHECK(fight_score(UnitStatus::Ok, 1, 0) == Approx(fight_score(UnitStatus::Ok, 6, 0)));
    }
    SECTION("a loss may be followed by the enemy's chip, if the enemy has one") {
        CHECK(fight_score(UnitStatus::Ok, 0, 6) < none - 0.01);
    }
    SECTION("a Disordered attacker risks more: a chip would rout it, and its die is DOWN 1") {
        const double risk_ok =
            fight_score(UnitStatus::Ok, 0, 0) - fight_score(UnitStatus::Ok, 0, 6);
        const double risk_disordered =
            fight_score(UnitStatus::Disordered, 0, 0) - fight_score(UnitStatus::Disordered, 0, 6);
        CHECK(risk_disordered > risk_ok + 0.01);
    }
}

TEST_CASE(
    "The evaluation's terms: stands by status with hits as parts of a stand, the leader, chips up "
    "to 12",
    "[ai]") {
    Position p = test::board();  // an A militia in o1, a B arquebus in a15
    const std::size_t militia = 0, far_arquebus = 1;
    const auto pike = p.add(Side::A, "pike", "h3");
    const auto shaken = p.add(Side::B, "arquebus", "h12", std::nullopt, UnitStatus::Disordered);
    const auto fleeing = p.add(Side::B, "arquebus", "c12", std::nullopt, UnitStatus::Routed);
    p.unit(pike).hits = 1;
    p.s.morale_chips = {15, 3};
    p.leader_of(Side::B).alive = false;
    const auto stands = [&](std::size_t u) { return static_cast<double>(p.unit(u).stand_count()); };
    const double per_stand = p.ctx.type(p.unit(pike)).stands.front().hits;

    ai::Scorer scorer(p.ctx);
    const ai::EvalTerms t = scorer.terms(p.s, Side::A);
    CHECK(t.ok_stands ==
          Approx(stands(militia) + stands(pike) - 1.0 / per_stand - stands(far_arquebus)));
    CHECK(t.disordered_stands == Approx(-stands(shaken)));
    CHECK(t.routed_stands == Approx(-stands(fleeing)));
    CHECK(t.leader == 1);
    CHECK(t.chips == 12 - 3);

    // From B's side every term changes sign, and the evaluation is the terms at normal's weights.
    const ai::EvalTerms u = scorer.terms(p.s, Side::B);
    CHECK(u.ok_stands == Approx(-t.ok_stands));
    CHECK(u.disordered_stands == Approx(-t.disordered_stands));
    CHECK(u.routed_stands == Approx(-t.routed_stands));
    CHECK(u.leader == -t.leader);
    CHECK(u.chips == -t.chips);
    CHECK(u.shot_threats == Approx(-t.shot_threats));
    CHECK(u.melee_threats == Approx(-t.melee_threats));
    CHECK(u.nearness == Approx(-t.nearness));
    CHECK(u.facing == Approx(-t.facing));
    CHECK(scorer.evaluate(p.s, Side::A) == Approx(ai::EvalWeights{}.apply(t)));
}

TEST_CASE("The evaluation's threat terms count what each side's units could do to the other's now",
          "[ai]") {
    // A loaded B arquebus with the A pike in range and arc, and the two in reach of each other.
    Position p = test::board();
    const auto pike = p.add(Side::A, "pike", "h5", core::Facing::N);
    const auto arquebus = p.add(Side::B, "arquebus", "h7", core::Facing::S);
    ai::Scorer scorer(p.ctx);
    const ai::EvalTerms loaded = scorer.terms(p.s, Side::A);
    CHECK(loaded.shot_threats < 0);   // only B can shoot
    CHECK(loaded.melee_threats > 0);  // the pike is the better in melee
    p.unit(arquebus).fired = true;
    CHECK(scorer.terms(p.s, Side::A).shot_threats == Approx(0));
    // A Routed pike threatens nothing, and the arquebus may cut it down.
    p.unit(pike).status = UnitStatus::Routed;
    CHECK(scorer.terms(p.s, Side::A).melee_threats < 0);
}

TEST_CASE(
    "Normal turns a shooter toward an enemy in its range that is out of its arc, step by step",
    "[ai][PS-CANNON-2][PS-GRID-12]") {
    // An A cannon faces S, away from a B arquebus two squares behind it, well within its range.
    // The cannon turns one 45-degree step a move (3 pips): no single move brings the arquebus into
    // its arc, so each step must show a gain of its own.
    Position p = test::board();
    const auto cannon = p.add(Side::A, "cannon", "h5", core::Facing::S);
    p.add(Side::B, "arquebus", "h7", core::Facing::S);
    p.s.opportunity_chips = {0, 0};
    ai::Scorer scorer(p.ctx);
    CHECK(scorer.terms(p.s, Side::A).facing < 0);
    CHECK(score_of(p, "move h5 face SE") > 0);
    CHECK(score_of(p, "move h5 face SW") > 0);
    // Facing the arquebus, it has nothing left to turn for.
    p.unit(cannon).facing = core::Facing::N;
    CHECK(scorer.terms(p.s, Side::A).facing == 0);
}

namespace {

/// Plays a seeded normal-vs-normal game and, at every decision, has `judge` compare a Scorer that
/// has judged all the positions before with a new one (what it remembers must never change an
/// answer: a remembered melee, a remembered choice).
template <class Judge>
int compare_along_a_game(const char* red, const char* blue, std::uint64_t seed, Judge judge) {
    auto ctx = test::Armies::get().context(red, blue);
    core::SeededDice dice(seed);
    rules::GameState s;
    rules::new_game(ctx, s, dice);
    auto a = ai::make_player(ai::Level::Normal, seed + 1);
    auto b = ai::make_player(ai::Level::Normal, seed + 2);
    ai::Scorer old_hand(ctx);
    int decisions = 0;
    while (s.decision != rules::Decision::GameOver && decisions < 2000) {
        ai::Scorer new_hand(ctx);
        judge(old_hand, new_hand, s);
        const auto side = rules::deciding_side(s);
        rules::apply(ctx, s, (side == Side::A ? a : b)->choose(ai::make_view(ctx, s, side)), dice);
        ++decisions;
    }
    return decisions;
}

/// The same commands with the same scores, exactly (the same games follow from them).
void require_same_scores(const std::vector<ai::Scored>& a, const std::vector<ai::Scored>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        INFO(rules::print(a[i].command));
        REQUIRE(a[i].command == b[i].command);
        REQUIRE(a[i].score == b[i].score);
    }
}

}  // namespace

TEST_CASE("A Scorer that has judged earlier positions judges each as a new one would", "[ai]") {
    const auto same_scores = [](ai::Scorer& old_hand, ai::Scorer& new_hand, const rules::GameState& s) {
        require_same_scores(old_hand.score_all(s), new_hand.score_all(s));
        for (const Side me : {Side::A, Side::B}) {
            const ai::EvalTerms x = old_hand.terms(s, me), y = new_hand.terms(s, me);
            REQUIRE(x.shot_threats == y.shot_threats);
            REQUIRE(x.melee_threats == y.melee_threats);
            REQUIRE(x.nearness == y.nearness);
            REQUIRE(x.facing == y.facing);
        }
    };
    // Knights, pistol cavalry, tercios, light horse and cannon: melees of many kinds.
    CHECK(compare_along_a_game("french", "spanish", 501, same_scores) > 100);
    CHECK(compare_along_a_game("imperialist", "ottoman", 502, same_scores) > 100);
    CHECK(compare_along_a_game("moorish", "italian", 503, same_scores) > 100);
}

TEST_CASE("Normal's scores do not depend on the order of the face-down cards", "[ai]") {
    // Hard's play-outs remember normal's choices by position with each deck's face-down cards in
    // one order (src/kits/pikette/ai/hard.cpp, ChoiceMemo): right only while this holds.
    const auto same_in_any_order = [](ai::Scorer& judge, ai::Scorer&, const rules::GameState& s) {
        rules::GameState dealt = s;
        int moved = 0;
        for (std::size_t k = 0; k < dealt.decks.size(); ++k) {
            rules::Deck& d = dealt.decks[k];
            std::reverse(d.cards.begin() + d.drawn, d.cards.begin() + d.size);
            for (std::size_t i = d.drawn; i < d.size; ++i) moved += d.cards[i] != s.decks[k].cards[i] ? 1 : 0;
        }
        require_same_scores(judge.score_all(s), judge.score_all(dealt));
        return moved;
    };
    int reordered = 0;
    compare_along_a_game("spanish", "moorish", 511, [&](ai::Scorer& a, ai::Scorer& b, const rules::GameState& s) {
        reordered += same_in_any_order(a, b, s) > 0 ? 1 : 0;
    });
    CHECK(reordered > 100);  // most positions had face-down cards that the reversal moved
}
