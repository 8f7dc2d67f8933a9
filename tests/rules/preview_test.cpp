// Previews of proposed commands: the dice they would roll and their exact odds, as `tercio run
// --odds` and the terminal show them (PS-SHOOT-9, PS-SHOOT-12, PS-MELEE-12, PS-MORALE-1,
// PS-CHIP-9, PS-RALLY-4). The odds themselves are checked against hand counts in odds_test.cpp;
// here, that a command in a position gets the right dice and the right distribution.
#include "rules/preview.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::DieType;
using tercio::test::board;
using tercio::test::contains;
using tercio::test::Position;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;

std::variant<Preview, std::string> preview_of(Position& p, const std::string& text) {
    std::vector<Command> cmds;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(';', start), text.size());
        std::string err;
        const auto c = parse_command(text.substr(start, end - start), err);
        INFO(text << ": " << err);
        REQUIRE(c.has_value());
        cmds.push_back(*c);
        start = end + 1;
    }
    return preview(p.ctx, p.s, cmds);
}

Preview must_preview(Position& p, const std::string& text) {
    auto r = preview_of(p, text);
    const std::string* why = std::get_if<std::string>(&r);
    INFO(text << ": " << (why ? *why : std::string()));
    REQUIRE(why == nullptr);
    return std::get<Preview>(r);
}

odds::Chance ch(std::uint64_t n, std::uint64_t d) { return odds::Chance::of(n, d); }

}  // namespace

TEST_CASE("the preview of a shot: the shooter's final die and every outcome's exact chance",
          "[rules][preview][PS-SHOOT-9][PS-SHOOT-10]") {
    Position p = board();
    p.add(A, "arquebus", "h5");
    p.add(B, "arquebus", "h6");
    const Preview v = must_preview(p, "shoot h5 h6");
    CHECK(v.kind == Preview::Kind::Shot);
    REQUIRE(v.rolls.size() == 1);
    CHECK(v.rolls[0].final == DieType::D8);
    CHECK(v.rolls[0].modifier_count == 0);
    // d8 against d6, counted by hand over the 48 pairs: 21 no effect; 12 at diff 1-2; diff 3-5
    // 10 doubling (Disordered) and 2 not; diff 6-8 all 3 quadrupling (Routed).
    CHECK(v.shot.no_effect == ch(21, 48));
    const std::vector<odds::ShotOutcome> want = {
        {0, Status::None, true, ch(12, 48)},
        {1, Status::None, true, ch(2, 48)},
        {1, Status::Disordered, true, ch(10, 48)},
        {2, Status::Routed, false, ch(3, 48)},
    };
    CHECK(v.shot.outcomes == want);
    // Beyond half range the die steps down (PS-SHOOT-8) and the odds follow it.
    Position far = board();
    far.add(A, "arquebus", "h5");
    far.add(B, "arquebus", "h7");
    const Preview w = must_preview(far, "shoot h5 h7");
    CHECK(w.rolls[0].final == DieType::D6);
    REQUIRE(w.rolls[0].modifier_count == 1);
    CHECK(w.rolls[0].modifiers[0] == ModifierId::BeyondHalfRange);
    CHECK(w.shot.no_effect == ch(21, 36));
}

TEST_CASE("the preview of a combined shot accumulates the differences of every shot",
          "[rules][preview][PS-SHOOT-12]") {
    Position p = board();
    p.add(A, "arquebus", "h5");
    p.add(A, "arquebus", "g5");
    p.add(B, "arquebus", "h6");
    const Preview v = must_preview(p, "shoot h5 h6; shoot g5 h6");
    CHECK(v.kind == Preview::Kind::CombinedShot);
    CHECK(v.actors.size() == 2);
    // Each d8 against its d6: diff <= 0 21/48, 1 6/48, 2 6/48. Together no hits only while the
    // sum stays at most 2: 21*21 + 2*21*6 + 2*21*6 + 6*6 = 981 of 2304 (109/256).
    REQUIRE_FALSE(v.combined.outcomes.empty());
    CHECK(v.combined.outcomes[0].new_hits == 0);
    CHECK(v.combined.outcomes[0].status == Status::None);
    CHECK(v.combined.outcomes[0].chance == ch(109, 256));
    std::uint64_t num = 0;  // the chances add up to 1: every pair of pairs counted once
    for (const auto& o : v.combined.outcomes) num += o.chance.num * (2304 / o.chance.den);
    CHECK(num == 2304);
    SECTION("one target, each shooter once") {
        p.add(B, "arquebus", "g6");
        CHECK(std::get<std::string>(preview_of(p, "shoot h5 h6; shoot g5 g6")) ==
              "a combined shot has one target (PS-SHOOT-12)");
        CHECK(std::get<std::string>(preview_of(p, "shoot h5 h6; shoot h5 h6")) ==
              "shoot h5 h6: each unit shoots once (PS-SHOOT-11)");
    }
}

TEST_CASE("the preview of a move-and-attack fights from where the move ends",
          "[rules][preview][PS-MELEE-3][PS-MELEE-12]") {
    Position p = board();
    p.act(A, CardKind::CavalryMove, 5);
    p.add(A, "knights", "h4");
    p.add(B, "arquebus", "h6", std::nullopt, UnitStatus::Disordered);
    const Preview v = must_preview(p, "move h4 h6 attack");
    CHECK(v.kind == Preview::Kind::Melee);
    REQUIRE(v.rolls.size() == 2);
    CHECK(v.rolls[0].final == DieType::D12);  // d12, charging infantry: UP 1, clamped
    CHECK(v.rolls[1].final == DieType::D4);   // d6, Disordered: DOWN 1
    // d12 against d4: 4 ties, 38 initiator wins, 6 defender wins of 48.
    CHECK(v.melee.tie == ch(4, 48));
    CHECK(v.melee.initiator_wins.wins == ch(38, 48));
    CHECK(v.melee.defender_wins.wins == ch(6, 48));
    CHECK(p.s.units[p.at(A, "h4")].square == test::sq("h4"));  // the position is untouched
}

TEST_CASE("the preview of an opportunity charge: the melee it starts at once, and the position untouched",
          "[rules][preview][PS-OPP-6][PS-MELEE-7][PS-MELEE-9]") {
    // Issue 19: charges were played without their odds although the screen promised them.
    Position p = board();
    const auto m = p.add(A, "arquebus", "h3");
    const auto l = p.add(B, "lancers", "h8", Facing::S);
    p.play("move h3 h5");
    REQUIRE(p.s.decision == Decision::React);
    const Preview v = must_preview(p, "charge h8");
    CHECK(v.kind == Preview::Kind::Melee);
    CHECK(v.actors == std::vector<std::size_t>{l});
    CHECK(v.target == m);
    REQUIRE(v.rolls.size() == 2);
    // The dice the charge's melee rolls (kTiedMelee in reaction_test): LANCERS D10 UP 1 for
    // charging, a D12; the ARQUEBUS, hit from the front, its D6.
    CHECK(v.rolls[0].final == DieType::D12);
    CHECK(v.rolls[1].final == DieType::D6);
    CHECK(v.melee.tie == ch(6, 72));
    CHECK(p.unit(l).square == test::sq("h8"));  // nothing moved
    CHECK(p.s.opportunity_chips[1] == 3);
    // A charge that cannot be made now has no preview.
    CHECK(std::holds_alternative<std::string>(preview_of(p, "charge h9")));
}

TEST_CASE("the preview of fighting a Routed unit: destroyed without dice", "[rules][preview][PS-MELEE-21]") {
    Position p = board();
    p.add(A, "knights", "h6");
    p.add(B, "arquebus", "h6", std::nullopt, UnitStatus::Routed);
    const Preview v = must_preview(p, "fight h6");
    CHECK(v.kind == Preview::Kind::CutDown);
    CHECK(v.rolls.empty());
}

TEST_CASE("the preview of a rally: the unit's die against a d6", "[rules][preview][PS-RALLY-4]") {
    Position p = board();
    p.act(A, CardKind::LeaderCheck, 5);
    p.add(A, "arquebus", "h5", std::nullopt, UnitStatus::Disordered);
    p.leader(A, "h3");
    const Preview v = must_preview(p, "rally h5");
    CHECK(v.kind == Preview::Kind::Rally);
    REQUIRE(v.rolls.size() == 1);
    // Strictly higher than the d6 with the final die: check against the hand count for it.
    const DieType d = v.rolls[0].final;
    const int faces = core::faces(d);
    std::uint64_t wins = 0;
    for (int u = 1; u <= faces; ++u) wins += static_cast<std::uint64_t>(std::min(u - 1, 6));
    CHECK(v.chance == ch(wins, static_cast<std::uint64_t>(faces) * 6));
    // Its words: tests/control/odds_text_test.cpp.
}

TEST_CASE("commands without dice of their own have no preview", "[rules][preview]") {
    Position p = board();
    p.add(A, "arquebus", "h5");
    CHECK(contains(std::get<std::string>(preview_of(p, "move h5 h6")), "a move rolls no dice"));
    CHECK(contains(std::get<std::string>(preview_of(p, "pass")), "rolls no dice of its own"));
    CHECK(contains(std::get<std::string>(preview_of(p, "shoot h5 h9")), "shoot h5 h9: "));
}
