// Random-play test: many seeded games of uniformly random legal commands, checking the
// invariants after every command.
#include <algorithm>
#include <set>
#include <variant>

#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::rules;

namespace {

const std::vector<std::string> kArmyIds = {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};

void check_invariants(const RulesContext& ctx, const GameState& s, const std::vector<Command>& legal) {
    // Cards are conserved: every deck keeps its 20 cards, with no more drawn than it holds.
    for (const Deck& d : s.decks) {
        // Until the Moorish player chooses his extra card the deck holds 19.
        if (s.turn > 0) REQUIRE(d.size == ctx.rs().deck_size);
        REQUIRE(d.size <= ctx.rs().deck_size);
        REQUIRE(d.drawn <= d.size);
    }
    // Chips never go negative (PS-CHIP-7); opportunity chips stay within 0..3 (PS-OPP-1).
    for (int side = 0; side < 2; ++side) {
        REQUIRE(s.morale_chips[static_cast<std::size_t>(side)] >= 0);
        REQUIRE(s.opportunity_chips[static_cast<std::size_t>(side)] <= 3);
    }
    // At most one unit of each side in a square (PS-GRID-4), all on the board.
    std::set<std::pair<int, int>> seen;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (!u.on_table()) continue;
        REQUIRE(s.on_board(u.square));
        // A unit paused mid-move may be passing through a friend (PS-MOVE-6); it never stops there.
        if (s.move.active && s.move.unit == i) continue;
        REQUIRE(seen.insert({s.square_index(u.square), static_cast<int>(u.side)}).second);
        // Prohibited terrain is never entered (PS-TERRAIN-11).
        const TroopType& t = ctx.type(u);
        if (const TerrainPiece* p = s.piece_at(u.square)) REQUIRE_FALSE(t.prohibited.contains(p->kind));
    }
    // An attached leader stands with his unit.
    for (const Leader& l : s.leaders) {
        if (l.alive && l.attached != kNone) {
            REQUIRE(s.units[l.attached].on_table());
            REQUIRE(s.units[l.attached].square == l.square);
        }
    }
    // Whoever must decide has something to do, unless the game is over.
    if (s.decision != Decision::GameOver) REQUIRE_FALSE(legal.empty());
}

/// A few arbitrary commands of the kinds the current decision takes, with random squares and
/// facings: each one that validates must be in the legal list ("no command outside the list may
/// pass validate"). Bent streams are the documented exception and are not generated.
std::vector<Command> probes(const GameState& s, core::Dice& r) {
    const auto sq = [&] { return core::make_square(r.pick(s.files, core::RollPurpose::Other), r.pick(s.ranks, core::RollPurpose::Other)); };
    const auto face = [&] { return core::kAllFacings[static_cast<std::size_t>(r.pick(8, core::RollPurpose::Other))]; };
    std::vector<Command> out;
    for (int k = 0; k < 4; ++k) {
        Move m{sq(), std::nullopt, sq(), std::nullopt};
        if (r.pick(3, core::RollPurpose::Other) == 0) m.face_before = face();
        if (!m.face_before && r.pick(3, core::RollPurpose::Other) == 0) m.face_after = face();
        out.push_back(m);
        out.push_back(MoveLeader{sq(), r.pick(2, core::RollPurpose::Other) == 1});
        out.push_back(Charge{sq(), r.pick(2, core::RollPurpose::Other) ? std::optional<Facing>(face()) : std::nullopt});
        out.push_back(Escape{sq()});
        out.push_back(PlaceTerrain{TerrainKind::Wood, {sq()}});
        out.push_back(AdjustTerrain{AdjustTerrain::Action::Remove, sq()});
        out.push_back(DeployLeader{sq(), r.pick(2, core::RollPurpose::Other) == 1});
    }
    for (const Command& c : {Command{TurnCard{}}, Command{Pass{}}, Command{March{}}, Command{Evade{}},
                             Command{Decline{}}, Command{ChooseOrder{true}}, Command{DeployAuto{}}}) {
        out.push_back(c);
    }
    return out;
}

/// Plays games [first, first + count) with random legal commands, checking after every one.
void play_random_games(int first, int count) {
    int nightfalls = 0;
    long commands = 0;
    for (int g = first; g < first + count; ++g) {
        const std::string a = kArmyIds[static_cast<std::size_t>(g) % kArmyIds.size()];
        const std::string b = kArmyIds[static_cast<std::size_t>(g / 6) % kArmyIds.size()];
        const RulesContext ctx = test::Armies::get().context(a, b);
        core::SeededDice dice(static_cast<std::uint64_t>(g) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(g) * 7919 + 13);  // the players' own choices
        GameState s;
        new_game(ctx, s, dice);
        int steps = 0;
        std::string last = "(none)";
        while (s.decision != Decision::GameOver) {
            INFO("game " << g << " (" << a << " v " << b << ") step " << steps << " after " << last);
            auto legal = legal_commands(ctx, s);
            check_invariants(ctx, s, legal);
            // Conceding would end games at once; every other legal command is fair game.
            legal.erase(std::remove_if(legal.begin(), legal.end(),
                                       [](const Command& c) { return std::holds_alternative<Concede>(c); }),
                        legal.end());
            REQUIRE_FALSE(legal.empty());
            // Placing terrain and deploying by hand have hundreds of options; to reach play, the
            // set-up mostly uses its shortcuts.
            const Command c = legal[static_cast<std::size_t>(chooser.pick(static_cast<int>(legal.size()), core::RollPurpose::Other))];
            // Text round trip.
            std::string err;
            const auto back = parse_command(print(c), err);
            INFO(print(c) << " " << err);
            REQUIRE(back.has_value());
            REQUIRE(*back == c);
            // A legal command validates; a command outside the list does not.
            REQUIRE_FALSE(validate(ctx, s, c).has_value());
            for (const Command& p : probes(s, chooser)) {
                if (!validate(ctx, s, p)) {
                    INFO("validates but is not listed: " << print(p));
                    REQUIRE(std::find(legal.begin(), legal.end(), p) != legal.end());
                }
            }
            apply(ctx, s, c, dice);
            last = print(c);
            ++steps;
            REQUIRE(steps < 20000);
        }
        commands += steps;
        if (s.end == GameEnd::Nightfall) ++nightfalls;
    }
    CHECK(nightfalls > count / 2);
    INFO("commands " << commands);
    CHECK(commands > count);
}

}  // namespace

// 1,000 games in four parts, so that ctest can run them side by side.
TEST_CASE("random legal play holds every invariant: games 0-249", "[rules][random]") { play_random_games(0, 250); }
TEST_CASE("random legal play holds every invariant: games 250-499", "[rules][random]") { play_random_games(250, 250); }
TEST_CASE("random legal play holds every invariant: games 500-749", "[rules][random]") { play_random_games(500, 250); }
TEST_CASE("random legal play holds every invariant: games 750-999", "[rules][random]") { play_random_games(750, 250); }
