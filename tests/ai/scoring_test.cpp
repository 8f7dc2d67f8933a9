// The normal level's judgement (src/ai/scoring.cpp) on hand-built positions: what it counts in a
// command's score.
#include "ai/scoring.hpp"

#include <catch2/catch.hpp>
#include <string>

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
