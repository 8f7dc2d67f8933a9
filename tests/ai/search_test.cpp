// The computer levels every ruleset gets from the generic code (src/ai/search.hpp): `hard`, the
// search over its `normal`'s best commands, and `easy`, its `normal` with one order in three at
// random. Played in Hell Broke Loose and The Sword and the Pike, whose kits give the search a
// policy: only legal commands, a seed gives the same game, a search with `normal`'s choice as its
// only candidate plays `normal`'s game exactly, and the real budget does overrule it.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "ai/match.hpp"
#include "ai/search.hpp"
#include "kits/hbl/ai/players.hpp"
#include "kits/pikette/ai/hard.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/tsp/ai/players.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/fixture.hpp"
#include "tests/tsp/fixture.hpp"

using namespace tercio;

namespace {

/// A budget small enough for the tests: 3 candidates, 3 samples, to the end of the next phase.
ai::SearchBudget small_budget() {
    ai::SearchBudget b;
    b.candidates = 3;
    b.samples = 3;
    b.phases = 2;
    b.depth = 20;
    b.finalists = 3;
    b.screen_samples = 3;
    return b;
}

struct Hbl {
    using E = hbl::Engine;
    static hbl::Context context(int game) { return test::hbl_game_context(game); }
    static std::unique_ptr<ai::PlayerOf<E>> player(ai::Level l, std::uint64_t seed) {
        return ai::make_hbl_player(l, seed);
    }
    static std::unique_ptr<ai::PlayerOf<E>> hard(std::uint64_t seed, ai::SearchBudget b) {
        return ai::make_hbl_hard(seed, b);
    }
    static bool has_level(ai::Level l) { return ai::hbl_has_level(l); }
    static ai::SearchBudget hard_budget() { return ai::hbl_hard_budget(); }
};

struct Tsp {
    using E = tsp::Engine;
    static tsp::Context context(int) { return test::tsp_context(); }
    static std::unique_ptr<ai::PlayerOf<E>> player(ai::Level l, std::uint64_t seed) {
        return ai::make_tsp_player(l, seed);
    }
    static std::unique_ptr<ai::PlayerOf<E>> hard(std::uint64_t seed, ai::SearchBudget b) {
        return ai::make_tsp_hard(seed, b);
    }
    static bool has_level(ai::Level l) { return ai::tsp_has_level(l); }
    static ai::SearchBudget hard_budget() { return ai::tsp_hard_budget(); }
};

struct Pikette {
    using E = rules::Engine;
    static rules::RulesContext context(int) { return test::Armies::get().context("french", "spanish"); }
    static std::unique_ptr<ai::PlayerOf<E>> player(ai::Level l, std::uint64_t seed) {
        return ai::make_player(l, seed);
    }
    static std::unique_ptr<ai::PlayerOf<E>> hard(std::uint64_t seed, ai::SearchBudget b) {
        ai::HardBudget hb;
        static_cast<ai::SearchBudget&>(hb) = b;
        return ai::make_hard(seed, hb);
    }
    static bool has_level(ai::Level) { return true; }
    static ai::SearchBudget hard_budget() { return ai::hard_budget(); }
};

/// The views of the deciding side at `count` decisions, `every` apart, of a game seeded `seed`
/// between two `normal` players.
template <class K>
std::vector<ai::View<typename K::E>> normal_game_views(const typename K::E::Context& ctx, std::uint64_t seed,
                                                       int every, std::size_t count) {
    using E = typename K::E;
    core::SeededDice dice(seed);
    typename E::State s;
    E::new_game(ctx, s, dice);
    std::array<std::unique_ptr<ai::PlayerOf<E>>, 2> normal{K::player(ai::Level::Normal, 1),
                                                           K::player(ai::Level::Normal, 2)};
    std::vector<ai::View<E>> views;
    for (int decision = 1; !E::over(s) && views.size() < count; ++decision) {
        const core::Side side = E::deciding_side(s);
        ai::View<E> view = ai::view_of<E>(ctx, s, side);
        E::apply(ctx, s, normal[core::idx(side)]->choose(view), dice);
        if (decision % every == 0) views.push_back(std::move(view));
    }
    return views;
}

}  // namespace

TEMPLATE_TEST_CASE("Every ruleset has random and easy and normal", "[ai][search]", Hbl, Tsp) {
    for (const ai::Level l : {ai::Level::Random, ai::Level::Easy, ai::Level::Normal}) {
        CHECK(TestType::has_level(l));
        CHECK(TestType::player(l, 1) != nullptr);
    }
}

TEST_CASE("Expert is hard with ten times the samples on the threads given and the same bar on the mean gain",
          "[ai][search]") {
    ai::SearchBudget hard = small_budget();
    const ai::SearchBudget expert = ai::expert_budget(hard, 3);
    CHECK(expert.samples == 10 * hard.samples);
    CHECK(expert.threads == 3);
    // The standard error of a mean of ten times the samples is sqrt(10) times smaller: the same
    // gain is sqrt(10) times as many of them.
    CHECK(expert.confidence == Approx(hard.confidence * std::sqrt(10.0)));
    // Everything else is hard's.
    ai::SearchBudget back = expert;
    back.samples = hard.samples;
    back.threads = hard.threads;
    back.confidence = hard.confidence;
    CHECK(back.candidates == hard.candidates);
    CHECK(back.phases == hard.phases);
    CHECK(back.depth == hard.depth);
    CHECK(back.finalists == hard.finalists);
    CHECK(back.screen_samples == hard.screen_samples);
    CHECK(back.drop == hard.drop);
    CHECK(back.purpose_dice == hard.purpose_dice);
    CHECK(back.moving_on == hard.moving_on);
    CHECK(ai::expert_budget(hard, 0).threads == 1);
    CHECK(ai::machine_threads() >= 1);
    CHECK(ai::machine_threads() <= 8);
}

TEMPLATE_TEST_CASE("Expert is every ruleset's hard search with expert's budget", "[ai][search]", Pikette, Hbl, Tsp) {
    // Choice for choice, the level is hard's search with ten times the samples (on one thread
    // here, which changes no choice), and not hard itself. (How many commands it scores depends
    // on which thread's policy, each with its own caches, played which play-out: not compared.)
    using E = typename TestType::E;
    CHECK(TestType::has_level(ai::Level::Expert));
    const auto ctx = TestType::context(3);
    const auto views = normal_game_views<TestType>(ctx, 41, 9, 3);
    REQUIRE(views.size() == 3);
    auto expert = TestType::player(ai::Level::Expert, 7);
    REQUIRE(expert != nullptr);
    auto reference = TestType::hard(7, ai::expert_budget(TestType::hard_budget(), 1));
    auto hard = TestType::player(ai::Level::Hard, 7);
    for (const ai::View<E>& view : views) {
        CHECK(E::print(ctx, view.state, expert->choose(view)) == E::print(ctx, view.state, reference->choose(view)));
        static_cast<void>(hard->choose(view));
    }
    // Both searched, with about ten times hard's play-outs.
    CHECK(reference->evaluated() > 5 * hard->evaluated());
    CHECK(expert->evaluated() > 5 * hard->evaluated());
}

TEST_CASE("Hell Broke Loose's hard is its search", "[ai][search]") {
    CHECK(ai::hbl_has_level(ai::Level::Hard));
    CHECK(ai::make_hbl_player(ai::Level::Hard, 1) != nullptr);
}

TEMPLATE_TEST_CASE("A search with normal's choice as its only candidate plays normal's game exactly",
                   "[ai][search]", Hbl, Tsp) {
    using E = typename TestType::E;
    // Its play-outs still run (a sure gain, with no spread over the samples, would overrule
    // normal at any confidence, so only one candidate makes sure none does).
    ai::SearchBudget never = small_budget();
    never.candidates = 1;
    never.moving_on = false;  // no second candidate for moving on either
    for (int game = 0; game < 2; ++game) {
        const auto ctx = TestType::context(game * 5);
        const std::uint64_t seed = 900 + static_cast<std::uint64_t>(game);
        auto n1 = TestType::player(ai::Level::Normal, 3);
        auto n2 = TestType::player(ai::Level::Normal, 4);
        const auto normal = ai::play_match<E>(ctx, seed, *n1, *n2);
        auto h = TestType::hard(3, never);
        auto n3 = TestType::player(ai::Level::Normal, 4);
        const auto searched = ai::play_match<E>(ctx, seed, *h, *n3);
        CHECK(searched.final_hash == normal.final_hash);
        CHECK(searched.decisions == normal.decisions);
        // It did search: its play-outs scored commands beyond normal's own.
        CHECK(searched.evaluated[0] > normal.evaluated[0]);
    }
}

TEMPLATE_TEST_CASE("Hard gives only legal commands and a seed gives the same game", "[ai][search]", Hbl, Tsp) {
    using E = typename TestType::E;
    int overruled = 0;
    for (int game = 0; game < 2; ++game) {
        const auto ctx = TestType::context(game * 7 + 1);
        const std::uint64_t seed = 700 + static_cast<std::uint64_t>(game);
        // play_match throws IllegalChoice on an illegal command.
        auto h1 = TestType::hard(5, small_budget());
        auto n1 = TestType::player(ai::Level::Normal, 6);
        const auto first = game % 2 == 0 ? ai::play_match<E>(ctx, seed, *h1, *n1) : ai::play_match<E>(ctx, seed, *n1, *h1);
        auto h2 = TestType::hard(5, small_budget());
        auto n2 = TestType::player(ai::Level::Normal, 6);
        const auto again = game % 2 == 0 ? ai::play_match<E>(ctx, seed, *h2, *n2) : ai::play_match<E>(ctx, seed, *n2, *h2);
        CHECK(again.final_hash == first.final_hash);
        CHECK(again.decisions == first.decisions);
        // Normal against normal on the same dice: a different game when hard overruled normal.
        auto n3 = TestType::player(ai::Level::Normal, 5);
        auto n4 = TestType::player(ai::Level::Normal, 6);
        overruled += ai::play_match<E>(ctx, seed, *n3, *n4).final_hash != first.final_hash;
    }
    CHECK(overruled > 0);
}

TEMPLATE_TEST_CASE("The search on three threads plays the same game as on one", "[ai][search]", Hbl, Tsp) {
    // Every sample's deal and dice are drawn before the play-outs start, and each play-out fills
    // a place of its own: the threads change when a play-out runs, never what it gives.
    using E = typename TestType::E;
    for (int game = 0; game < 2; ++game) {
        const auto ctx = TestType::context(game * 7 + 2);
        const std::uint64_t seed = 800 + static_cast<std::uint64_t>(game);
        ai::SearchBudget threaded = small_budget();
        threaded.threads = 3;
        auto h1 = TestType::hard(5, small_budget());
        auto n1 = TestType::player(ai::Level::Normal, 6);
        const auto one = ai::play_match<E>(ctx, seed, *h1, *n1);
        auto h3 = TestType::hard(5, threaded);
        auto n3 = TestType::player(ai::Level::Normal, 6);
        const auto three = ai::play_match<E>(ctx, seed, *h3, *n3);
        CHECK(three.final_hash == one.final_hash);
        CHECK(three.decisions == one.decisions);
    }
}

TEMPLATE_TEST_CASE("A search that drops the candidates clearly behind plays fewer play-outs and the same game on any number of threads",
                   "[ai][search]", Hbl, Tsp) {
    using E = typename TestType::E;
    ai::SearchBudget full = small_budget();
    full.samples = 6;
    full.screen_samples = 2;
    full.depth = 12;
    ai::SearchBudget dropping = full;
    dropping.drop = 0.5;
    const auto ctx = TestType::context(3);
    // The search with `budget` as side A against normal.
    const auto play = [&](const ai::SearchBudget& budget) {
        auto search = TestType::hard(5, budget);
        auto normal = TestType::player(ai::Level::Normal, 6);
        return ai::play_match<E>(ctx, 850, *search, *normal);
    };
    // The same positions for both: each plays normal's game, only playing its candidates out (a
    // bar of infinitely many standard errors is never passed, even by a sure gain).
    ai::SearchBudget only_full = full, only_dropping = dropping;
    only_full.confidence = only_dropping.confidence = std::numeric_limits<double>::infinity();
    const auto a = play(only_full);
    const auto b = play(only_dropping);
    REQUIRE(a.final_hash == b.final_hash);
    // Scoring the same commands in the same positions, the dropping search played out less.
    INFO(b.evaluated[0] << " commands scored of " << a.evaluated[0]);
    CHECK(b.evaluated[0] < a.evaluated[0] * 9 / 10);
    // With its real bar: legal (play_match throws on an illegal command), and the same game on
    // three threads as on one.
    ai::SearchBudget threaded = dropping;
    threaded.threads = 3;
    const auto one = play(dropping);
    const auto three = play(threaded);
    CHECK(three.final_hash == one.final_hash);
    CHECK(three.decisions == one.decisions);
}

TEMPLATE_TEST_CASE("Easy gives only legal commands and is neither normal nor random", "[ai][search]", Hbl, Tsp) {
    using E = typename TestType::E;
    int easy_won = 0;
    int differs = 0;
    for (int game = 0; game < 4; ++game) {
        const auto ctx = TestType::context(game * 3);
        const std::uint64_t seed = 300 + static_cast<std::uint64_t>(game);
        auto easy = TestType::player(ai::Level::Easy, 8);
        auto random = TestType::player(ai::Level::Random, 9);
        const bool easy_a = game % 2 == 0;
        const auto r = easy_a ? ai::play_match<E>(ctx, seed, *easy, *random) : ai::play_match<E>(ctx, seed, *random, *easy);
        easy_won += r.winner == (easy_a ? 0 : 1);
        // Against normal, easy's game is not normal's own.
        auto e2 = TestType::player(ai::Level::Easy, 8);
        auto n1 = TestType::player(ai::Level::Normal, 9);
        auto n2 = TestType::player(ai::Level::Normal, 8);
        auto n3 = TestType::player(ai::Level::Normal, 9);
        differs += ai::play_match<E>(ctx, seed, *e2, *n1).final_hash != ai::play_match<E>(ctx, seed, *n2, *n3).final_hash;
    }
    CHECK(easy_won >= 3);
    CHECK(differs >= 3);
}

TEST_CASE("The search's candidates are the best scores first with ties in the rules' order", "[ai][search]") {
    std::vector<ai::ScoredOf<int>> scored = {{10, 0.5}, {11, 2.0}, {12, 0.5}, {13, 2.0}, {14, -1.0}};
    CHECK(ai::best_first(scored) == std::vector<std::size_t>{1, 3, 0, 2, 4});
    CHECK(ai::top_scored(scored) == 1);
}

TEST_CASE("A play-out's horizon counts the phases that end and none for who goes first", "[ai][search]") {
    constexpr std::uint64_t kBetween = ai::kBetweenPhases;
    // Plays the keys in turn; how many it took to reach the horizon (0: not reached).
    const auto stops_at = [](std::uint64_t root, int phases, const std::vector<std::uint64_t>& keys) {
        ai::PhaseHorizon h(root, phases);
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (h.reached(keys[i])) return i + 1;
        }
        return std::size_t{0};
    };
    // From within a phase: the rest of it, then the next, and it stops as the third begins.
    CHECK(stops_at(5, 2, {5, 5, 6, 6, 7, 7}) == 5);
    CHECK(stops_at(5, 1, {5, 6}) == 2);
    // A choice of who goes first inside a play-out is no phase, and does not end one.
    CHECK(stops_at(5, 1, {5, kBetween, 5, 6}) == 4);
    CHECK(stops_at(5, 2, {kBetween, 6, kBetween, 7}) == 4);
    // From a choice of who goes first: the phase it opens is played whole, whichever it is, so
    // both choices are played out as far.
    CHECK(stops_at(kBetween, 1, {8, 8, 9}) == 3);
    CHECK(stops_at(kBetween, 1, {9, 9, 8}) == 3);
    CHECK(stops_at(kBetween, 2, {8, 9, kBetween, 10}) == 4);
    CHECK(stops_at(kBetween, 1, {8, 8, 8}) == 0);
}

TEST_CASE("Hell Broke Loose's hard counts the phase who goes first opens whichever side it is",
          "[ai][search]") {
    // Choosing who goes first, the state names the side that acted last: one choice had looked
    // like the phase going on and the other like a new phase, played out a phase less.
    int choices = 0;
    for (int game = 0; game < 6 && choices < 4; ++game) {
        const hbl::Context ctx = test::hbl_game_context(game);
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 3);
        hbl::GameState s;
        hbl::new_game(ctx, s, dice);
        auto a = ai::make_hbl_player(ai::Level::Normal, 1);
        auto b = ai::make_hbl_player(ai::Level::Normal, 2);
        for (int step = 0; step < 400 && !s.over() && choices < 4; ++step) {
            if (s.decision == hbl::Decision::Choose) {
                INFO("game " << game << ", command " << step);
                ++choices;
                CHECK(ai::hbl_phase_key(s) == ai::kBetweenPhases);
                std::vector<std::uint64_t> keys;
                for (const hbl::Command& c : {hbl::Command{hbl::cmd::First{}}, hbl::Command{hbl::cmd::Second{}}}) {
                    hbl::GameState t = s;
                    core::SeededDice d(7);
                    hbl::apply(ctx, t, c, d);
                    CHECK(ai::hbl_phase_key(t) != ai::kBetweenPhases);
                    keys.push_back(ai::hbl_phase_key(t));
                }
                CHECK(keys[0] != keys[1]);  // the chooser's phase and the other side's
            }
            const core::Side side = hbl::deciding_side(s);
            hbl::apply(ctx, s, (side == core::Side::A ? a : b)->choose(ai::view_of<hbl::Engine>(ctx, s, side)), dice);
        }
    }
    CHECK(choices == 4);
}

TEST_CASE("Hell Broke Loose's hard compares turning a card or being done with it whatever normal scores them",
          "[ai][search]") {
    // Its budget always plays out moving on from the card (SearchBudget::moving_on) when none of
    // normal's best does: choices change where the policy alone would not have compared it (few: of
    // 400 games against normal, 171 went otherwise at all), and the threads change none.
    REQUIRE(ai::hbl_hard_budget().moving_on);
    const ai::SearchBudget with = ai::hbl_hard_budget();
    ai::SearchBudget without = with;
    without.moving_on = false;
    ai::SearchBudget threaded = with;
    threaded.threads = 3;
    int changed = 0;
    for (int game = 0; game < 4; ++game) {
        const auto ctx = Hbl::context(game * 3 + 1);
        const auto views = normal_game_views<Hbl>(ctx, 43 + static_cast<std::uint64_t>(game), 2, 40);
        for (std::size_t i = 0; i < views.size(); ++i) {
            INFO("game " << game << ", decision " << i);
            const auto& view = views[i];
            const auto choice = [&](const ai::SearchBudget& b) {
                return hbl::Engine::print(ctx, view.state, Hbl::hard(9, b)->choose(view));
            };
            const std::string mine = choice(with);
            CHECK(choice(threaded) == mine);
            changed += mine != choice(without);
        }
    }
    CHECK(changed > 0);  // 4 of the 160 when it was written
}
