// melee_odds_now and shot_odds_now give the odds of the round or shot the rules would roll now:
// the same dice, with the same factors. In positions from random play, every pair of faces is
// played through apply and the results counted against the odds.
#include <array>

#include "tests/hbl/fixture.hpp"

using namespace tercio;
using namespace tercio::hbl;

namespace {

/// The first two rolls from `forced` (their dice recorded), every draw after them from a seed.
class Forced final : public core::Dice {
  public:
    Forced(int first, int second) : forced_{first, second} {}
    int roll(core::DieType die, core::RollPurpose purpose) override {
        if (n_ < 2) {
            dies_[static_cast<std::size_t>(n_)] = die;
            return forced_[static_cast<std::size_t>(n_++)];
        }
        return rest_.roll(die, purpose);
    }
    int pick(int n, core::RollPurpose purpose) override { return rest_.pick(n, purpose); }
    core::DieType die(int i) const { return dies_[static_cast<std::size_t>(i)]; }

  private:
    core::SeededDice rest_{99};
    std::array<int, 2> forced_;
    std::array<core::DieType, 2> dies_{};
    int n_ = 0;
};

/// The faces of the first two dice `c` rolls in `s` (a round's two Combat Dice, a shot's Combat
/// and Defence Dice).
std::array<int, 2> faces_rolled(const Context& ctx, const GameState& s, const Command& c) {
    GameState t = s;
    Forced probe(1, 1);
    apply(ctx, t, c, probe);
    return {core::faces(probe.die(0)), core::faces(probe.die(1))};
}

/// The first state of random game `game` where `want` finds a command, and that command.
template <class Want>
std::optional<std::pair<GameState, Command>> find_state(int game, const Context& ctx, Want want) {
    core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
    core::SeededDice chooser(static_cast<std::uint64_t>(game) + 777);
    GameState s;
    new_game(ctx, s, dice);
    while (!s.over()) {
        const auto legal = legal_commands(ctx, s);
        for (const Command& c : legal) {
            if (want(c)) return std::make_pair(s, c);
        }
        apply(ctx, s, legal[static_cast<std::size_t>(chooser.pick(static_cast<int>(legal.size()) - 1,
                                                                  core::RollPurpose::Other))],
              dice);
    }
    return std::nullopt;
}

}  // namespace

TEST_CASE("melee_odds_now counts the round the rules roll", "[hbl][HBL-MOD-1][HBL-MELEE-4]") {
    int checked = 0;
    for (int game = 0; game < 12; ++game) {
        const Context ctx = test::hbl_game_context(game);
        const auto found = find_state(game, ctx, [](const Command& c) { return std::holds_alternative<cmd::Fight>(c); });
        if (!found) continue;
        const auto& [s, c] = *found;
        const std::size_t m = static_cast<std::size_t>(s.units[std::get<cmd::Fight>(c).unit].melee);
        const MeleeOdds odds = melee_odds_now(ctx, s, m);
        const auto [fa, fb] = faces_rolled(ctx, s, c);
        REQUIRE(odds.outcomes == fa * fb);
        int a_loses = 0, b_loses = 0, draws = 0;
        for (int x = 1; x <= fa; ++x) {
            for (int y = 1; y <= fb; ++y) {
                GameState t = s;
                Forced dice(x, y);
                const Events ev = apply(ctx, t, c, dice);
                const auto round = std::find_if(ev.begin(), ev.end(), [](const Event& e) { return e.kind == EventKind::MeleeRound; });
                REQUIRE(round != ev.end());
                a_loses += round->a < round->b;
                b_loses += round->a > round->b;
                draws += round->a == round->b;
            }
        }
        INFO("game " << game);
        CHECK(a_loses == odds.of(Side::A).loses);
        CHECK(b_loses == odds.of(Side::B).loses);
        CHECK(draws == odds.draws);
        ++checked;
    }
    CHECK(checked >= 6);
}

TEST_CASE("shot_odds_now counts the shot the rules roll", "[hbl][HBL-SHOOT-2][HBL-SHOOT-3]") {
    int checked = 0;
    for (int game = 0; game < 12; ++game) {
        const Context ctx = test::hbl_game_context(game);
        const auto found = find_state(game, ctx, [](const Command& c) { return std::holds_alternative<cmd::Shoot>(c); });
        if (!found) continue;
        const auto& [s, c] = *found;
        const auto& shot = std::get<cmd::Shoot>(c);
        const ShotOdds odds = shot_odds_now(ctx, s, shot.unit, shot.target);
        const auto [fs, fd] = faces_rolled(ctx, s, c);
        REQUIRE(odds.outcomes == fs * fd);
        int ui = 0;
        for (int x = 1; x <= fs; ++x) {
            for (int y = 1; y <= fd; ++y) {
                GameState t = s;
                Forced dice(x, y);
                for (const Event& e : apply(ctx, t, c, dice)) ui += e.kind == EventKind::Shot ? e.c : 0;
            }
        }
        INFO("game " << game);
        CHECK(ui == odds.ui_sum);
        ++checked;
    }
    CHECK(checked >= 6);
}
