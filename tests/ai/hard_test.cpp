// The hard level's search (issue 6): how its budget shares the samples among the candidates.
#include "kits/pikette/ai/hard.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "kits/pikette/ai/scoring.hpp"
#include "tests/ai/positions.hpp"
#include "tests/rules/fixture.hpp"
#include "kits/pikette/ai/players.hpp"

using namespace tercio;

namespace {

ai::HardBudget small_budget(int candidates, int finalists, int screen_samples) {
    ai::HardBudget b;
    b.candidates = candidates;
    b.samples = 6;
    b.phases = 1;
    b.depth = 20;
    b.confidence = 0.0;  // the best mean gain wins
    b.finalists = finalists;
    b.screen_samples = screen_samples;
    b.moving_on = false;  // exactly `candidates` of them, however many move on
    return b;
}

std::string hard_choice(const rules::RulesContext& ctx, const rules::GameState& s,
                        const ai::HardBudget& b) {
    auto p = ai::make_hard(21, b);
    return rules::print(p->choose(ai::make_view(ctx, s, s.decider)));
}

/// Normal's best without noise: the first of the highest scores.
std::string normal_best(const rules::RulesContext& ctx, const rules::GameState& s) {
    ai::Scorer scorer(ctx);
    auto scored = scorer.score_all(ai::make_view(ctx, s, s.decider).state);
    std::size_t best = 0;
    for (std::size_t i = 1; i < scored.size(); ++i) {
        if (scored[i].score > scored[best].score) best = i;
    }
    return rules::print(scored[best].command);
}

}  // namespace

TEST_CASE("Hard's screening leaves only normal's choice when one finalist is allowed", "[ai]") {
    auto ctx = test::Armies::get().context("spanish", "ottoman");
    const auto positions = test::act_positions(ctx, 13, 30);
    REQUIRE(positions.size() == 30);
    int overruled = 0;  // positions where the unscreened search plays something else
    for (std::size_t i = 0; i < positions.size(); ++i) {
        const auto& s = positions[i];
        INFO("position " << i);
        const std::string normal = normal_best(ctx, s);
        CHECK(hard_choice(ctx, s, small_budget(8, 1, 2)) == normal);
        if (hard_choice(ctx, s, small_budget(8, 8, 2)) != normal) ++overruled;
    }
    // Otherwise the check above could not tell screening from no search at all.
    CHECK(overruled > 0);
}

TEST_CASE("Hard's screening changes nothing while the candidates are no more than the finalists",
          "[ai]") {
    auto ctx = test::Armies::get().context("french", "moorish");
    for (const auto& s : test::act_positions(ctx, 17, 20)) {
        // The samples are drawn in the same order whether or not they are split into a screen.
        CHECK(hard_choice(ctx, s, small_budget(4, 4, 2)) ==
              hard_choice(ctx, s, small_budget(4, 4, 6)));
    }
}

TEST_CASE("Hard with screening chooses a legal command, the same one each time", "[ai]") {
    auto ctx = test::Armies::get().context("imperialist", "italian");
    for (const auto& s : test::act_positions(ctx, 19, 20)) {
        const std::string first = hard_choice(ctx, s, small_budget(8, 3, 2));
        CHECK(hard_choice(ctx, s, small_budget(8, 3, 2)) == first);
        bool legal = false;
        for (const auto& c : rules::legal_commands(ctx, s))
            legal = legal || rules::print(c) == first;
        CHECK(legal);
    }
}

namespace {

rules::Command step(int x, int y, int to_x, int to_y) {
    rules::Move m;
    m.from = core::Square{static_cast<std::int8_t>(x), static_cast<std::int8_t>(y)};
    m.to = core::Square{static_cast<std::int8_t>(to_x), static_cast<std::int8_t>(to_y)};
    return m;
}

std::vector<std::string> printed(const std::vector<ai::Scored>& scored,
                                 const std::vector<std::size_t>& picked) {
    std::vector<std::string> out;
    for (const std::size_t i : picked) out.push_back(rules::print(scored[i].command));
    return out;
}

/// One unit's three steps score best, then a shot, a second unit's step and passing; a shot at
/// another target by the same shooter is a different plan, an attack by the first unit too.
std::vector<ai::Scored> crowded_by_one_unit() {
    rules::Command attack = step(3, 4, 3, 5);
    std::get<rules::Move>(attack).attack = true;
    return {
        {rules::Pass{}, 0.5},
        {step(3, 4, 3, 5), 2.0},
        {rules::Shoot{core::Square{6, 6}, core::Square{6, 8}}, 1.0},
        {step(3, 4, 4, 5), 1.9},
        {step(3, 4, 2, 5), 1.9},
        {rules::Shoot{core::Square{6, 6}, core::Square{7, 8}}, 0.9},
        {attack, 0.8},
        {step(8, 2, 8, 3), 0.7},
    };
}

}  // namespace

TEST_CASE("Hard's candidates are normal's best, in normal's order", "[ai]") {
    const auto scored = crowded_by_one_unit();
    ai::HardBudget b;
    b.candidates = 4;
    b.spread = false;
    b.moving_on = false;
    // Ties keep the rules' order: of the two steps scored 1.9, the one listed first comes first.
    CHECK(printed(scored, ai::hard_candidates(scored, b)) == printed(scored, {1, 3, 4, 2}));
    b.candidates = 20;
    CHECK(ai::hard_candidates(scored, b).size() == scored.size());
    b.candidates = 0;  // normal's choice is always played out
    CHECK(printed(scored, ai::hard_candidates(scored, b)) == printed(scored, {1}));
}

TEST_CASE("Hard's spread candidates are one per unit and deed before a second of any", "[ai]") {
    const auto scored = crowded_by_one_unit();
    ai::HardBudget b;
    b.spread = true;
    b.moving_on = false;
    b.candidates = 4;
    // Normal's choice first; then the shot, the other shot (another target), the attack: the
    // first unit's other steps wait.
    CHECK(printed(scored, ai::hard_candidates(scored, b)) == printed(scored, {1, 2, 5, 6}));
    b.candidates = 6;
    CHECK(printed(scored, ai::hard_candidates(scored, b)) == printed(scored, {1, 2, 5, 6, 7, 0}));
    // When the plans run out, the steps left over follow in normal's order.
    b.candidates = 8;
    CHECK(printed(scored, ai::hard_candidates(scored, b)) ==
          printed(scored, {1, 2, 5, 6, 7, 0, 3, 4}));
}

TEST_CASE("Hard always compares moving on from the card: the best turn of a card or pass after normal's best",
          "[ai]") {
    const auto scored = crowded_by_one_unit();
    ai::HardBudget b;
    REQUIRE(b.moving_on);  // the default
    b.candidates = 4;
    // None of normal's best four passes or turns a card: passing, scored last of all, is
    // compared as well.
    CHECK(printed(scored, ai::hard_candidates(scored, b)) == printed(scored, {1, 3, 4, 2, 0}));
    // Turning a card, scored above passing, is the one compared.
    auto with_turn = scored;
    with_turn.push_back({rules::TurnCard{}, 0.6});
    CHECK(printed(with_turn, ai::hard_candidates(with_turn, b)) == printed(with_turn, {1, 3, 4, 2, 8}));
    // One of the best already moves on: nothing is added.
    with_turn.back().score = 1.95;
    CHECK(printed(with_turn, ai::hard_candidates(with_turn, b)) == printed(with_turn, {1, 8, 3, 4}));
    // After the spread candidates too.
    b.spread = true;
    CHECK(printed(scored, ai::hard_candidates(scored, b)) == printed(scored, {1, 2, 5, 6, 0}));
    // Nothing that moves on is legal: normal's best four alone.
    b.spread = false;
    const std::vector<ai::Scored> no_pass(scored.begin() + 1, scored.end());
    CHECK(ai::hard_candidates(no_pass, b).size() == 4);
}

TEST_CASE("Hard's play-outs draw each purpose's dice from a stream of its own", "[ai]") {
    // Hard's own stream gives the same deals and dice seeds either way, so where the choices
    // differ, it is the dice of the play-outs that differ.
    auto ctx = test::Armies::get().context("spanish", "italian");
    const auto positions = test::act_positions(ctx, 37, 16);
    REQUIRE(positions.size() == 16);
    REQUIRE(ai::hard_budget().purpose_dice);
    auto small = [](bool by_purpose) {
        ai::HardBudget b = small_budget(4, 4, 6);
        b.phases = 2;
        b.purpose_dice = by_purpose;
        return b;
    };
    int differ = 0;
    for (const auto& s : positions) {
        const std::string with = hard_choice(ctx, s, small(true));
        CHECK(hard_choice(ctx, s, small(true)) == with);
        if (with != hard_choice(ctx, s, small(false))) ++differ;
    }
    CHECK(differ > 0);
}

TEST_CASE("Hard's play-outs count a game's first phase whichever side goes first", "[ai]") {
    // The state names side A active in phase 0 until the first phase starts, so a first phase of
    // A's looked like no change of phase: its play-outs ran a phase further than B's first.
    auto ctx = test::Armies::get().context("french", "imperialist");
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        core::SeededDice dice(seed);
        rules::GameState s;
        rules::new_game(ctx, s, dice);
        auto a = ai::make_player(ai::Level::Normal, 1);
        auto b = ai::make_player(ai::Level::Normal, 2);
        while (s.decision != rules::Decision::InitiativeChoice && s.decision != rules::Decision::GameOver) {
            const auto side = rules::deciding_side(s);
            rules::apply(ctx, s, (side == rules::Side::A ? a : b)->choose(ai::make_view(ctx, s, side)), dice);
        }
        REQUIRE(s.decision == rules::Decision::InitiativeChoice);
        INFO("seed " << seed << ", " << core::side_letter(s.decider) << " chooses");
        CHECK(s.turn == 1);
        CHECK(ai::hard_phase_key(s) == ai::kBetweenPhases);
        std::vector<std::uint64_t> keys;
        for (const bool first : {true, false}) {
            rules::GameState t = s;
            core::SeededDice d(seed + 100);
            rules::apply(ctx, t, rules::Command{rules::ChooseOrder{first}}, d);
            // A phase like any other: counted by the play-out from the choice.
            CHECK(ai::hard_phase_key(t) != ai::kBetweenPhases);
            keys.push_back(ai::hard_phase_key(t));
        }
        CHECK(keys[0] != keys[1]);  // A's first phase and B's are not the same phase
    }
}

TEST_CASE("Hard on three threads makes the same choices as on one", "[ai]") {
    // Each thread's scorer is a copy with caches of its own; the samples are drawn before the
    // play-outs start, so the threads change when a play-out runs, never what it gives.
    auto ctx = test::Armies::get().context("italian", "moorish");
    const auto positions = test::act_positions(ctx, 17, 12);
    REQUIRE(positions.size() == 12);
    ai::HardBudget one = small_budget(4, 4, 6);
    ai::HardBudget three = one;
    three.threads = 3;
    auto p1 = ai::make_hard(5, one);
    auto p3 = ai::make_hard(5, three);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        INFO("position " << i);
        const auto view = ai::make_view(ctx, positions[i], positions[i].decider);
        CHECK(rules::print(p3->choose(view)) == rules::print(p1->choose(view)));
    }
}

TEST_CASE("Hard's comparison of moving on changes some choices and not with the threads", "[ai]") {
    // With turning the card or passing always among the candidates, the play-outs overrule
    // normal where the policy alone would not have compared them.
    auto ctx = test::Armies::get().context("spanish", "french");
    const auto positions = test::act_positions(ctx, 29, 16);
    REQUIRE(positions.size() == 16);
    ai::HardBudget without = small_budget(3, 4, 6);
    ai::HardBudget with = without;
    with.moving_on = true;
    ai::HardBudget threaded = with;
    threaded.threads = 3;
    int changed = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
        INFO("position " << i);
        const std::string choice = hard_choice(ctx, positions[i], with);
        CHECK(hard_choice(ctx, positions[i], threaded) == choice);
        changed += choice != hard_choice(ctx, positions[i], without);
    }
    CHECK(changed > 0);
}
