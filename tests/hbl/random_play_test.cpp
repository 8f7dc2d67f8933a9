// Hell Broke Loose, random play (docs/rulesets.md, step 4): 1,000 seeded games of uniformly random
// legal commands between the six shipped armies, checking the invariants after every command, as
// Pikette Squared's random-play test does: cards conserved, never two units of a side in a square
// (and two units in a square only when they fight each other), morale chips never negative and
// paid for every UI lost, every listed command legal, its text read back the same, and every game
// ending within the turn limit.
#include <algorithm>
#include <array>
#include <set>

#include "hbl/consistency.hpp"
#include "tests/hbl/fixture.hpp"

using namespace tercio;
using namespace tercio::hbl;

// A failed check fails the test; a passed one is not counted (millions of them: Catch2's
// bookkeeping would cost more than the games).
#define ENSURE(...)                             \
    do {                                        \
        if (!(__VA_ARGS__)) FAIL(#__VA_ARGS__); \
    } while (false)

namespace {

void check_state(const Context& ctx, const GameState& s) {
    for (const Side side : {Side::A, Side::B}) {
        const Deck& d = s.decks[core::idx(side)];
        ENSURE(d.size == ctx.army(side).deck_size());  // HBL-SEQ-1: cards conserved
        ENSURE(d.next <= d.size);
        ENSURE(s.chips[core::idx(side)] >= 0);
        ENSURE(s.chips[core::idx(side)] <= s.chips_start[core::idx(side)]);
    }
    std::set<std::pair<int, int>> seen[2];
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (!u.on_board) {
            ENSURE(u.melee < 0);
            continue;
        }
        ENSURE(core::on_board(u.sq, s.files, s.ranks));
        ENSURE(s.terrain_at(u.sq) != Terrain::III);
        ENSURE(u.integrity.lost >= 0);
        ENSURE(u.integrity.lost < u.integrity.ui);  // HBL-UNDEF-4: no UI left, removed
        ENSURE(seen[core::idx(u.side)].insert({u.sq.x, u.sq.y}).second);  // HBL-GRID-2
        const auto foe = unit_at(s, u.sq, core::other(u.side));
        if (foe) {
            // HBL-GRID-3: sharing a square is contact, and contact is a melee between the two.
            ENSURE(u.melee >= 0);
            const Melee& m = s.melees[static_cast<std::size_t>(u.melee)];
            ENSURE(m.live);
            ENSURE(((m.a == i && m.b == *foe) || (m.b == i && m.a == *foe)));
        } else {
            ENSURE(u.melee < 0);
        }
    }
}

/// Every UI lost costs its side a chip (HBL-UI-2), and so does every stubborn option and every UI
/// rallied back (HBL-CHIP-2): a side's chips never fall by less than its UI lost.
void check_chips(const GameState& before, const GameState& after) {
    std::array<int, 2> ui{};
    for (std::size_t i = 0; i < after.unit_count; ++i) {
        const int d = after.units[i].integrity.lost - before.units[i].integrity.lost;
        if (d > 0) ui[core::idx(after.units[i].side)] += d;
    }
    for (const Side side : {Side::A, Side::B}) {
        const int paid = before.chips[core::idx(side)] - after.chips[core::idx(side)];
        if (after.chips[core::idx(side)] > 0) ENSURE(paid >= ui[core::idx(side)]);
    }
}

void check_command(const Context& ctx, const GameState& s, const Command& c) {
    if (const auto why = validate(ctx, s, c))
        FAIL(print(ctx, s, c) << " is listed but refused: " << *why);
    const auto back = parse(ctx, s, s.decider, print(ctx, s, c));
    if (!std::holds_alternative<Command>(back) || !(std::get<Command>(back) == c)) {
        FAIL(print(ctx, s, c) << " does not read back as itself");
    }
}

/// The list is complete: every command of a wide universe (every verb; every unit of the side's
/// with every square within six of it and every facing; every target) is legal exactly when it
/// is listed.
void check_list_complete(const Context& ctx, const GameState& s,
                         const std::vector<Command>& legal) {
    const Side me = s.decider;
    std::vector<Command> all = {cmd::First{},  cmd::Second{},   cmd::Turn{},   cmd::Done{},
                                cmd::Reload{}, cmd::Stubborn{}, cmd::Accept{}, cmd::Follow{},
                                cmd::Stay{},   cmd::Hold{}};
    for (std::uint8_t n = 0; n <= 6; ++n) all.push_back(cmd::Back{n});
    for (std::size_t k = 0; k < ctx.army(me).commands.size(); ++k) {
        all.push_back(cmd::Activate{static_cast<std::uint8_t>(k)});
        all.push_back(cmd::Nominate{static_cast<std::uint8_t>(k)});
    }
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        const Unit& unit = s.units[u];
        if (unit.side != me) continue;
        const auto uu = static_cast<std::uint8_t>(u);
        all.push_back(cmd::Fight{uu});
        all.push_back(cmd::Rally{uu});
        all.push_back(cmd::Reload{static_cast<std::int8_t>(u)});
        for (const Facing f : core::kAllFacings) all.push_back(cmd::Face{uu, f});
        for (std::size_t t = 0; t < s.unit_count; ++t) {
            if (s.units[t].side != me) all.push_back(cmd::Shoot{uu, static_cast<std::uint8_t>(t)});
        }
        for (int dy = -6; dy <= 6; ++dy) {
            for (int dx = -6; dx <= 6; ++dx) {
                const Square q = core::make_square(unit.sq.x + dx, unit.sq.y + dy);
                if (!core::on_board(q, s.files, s.ranks)) continue;
                for (const Facing f : core::kAllFacings) all.push_back(cmd::Move{uu, q, f});
            }
        }
    }
    for (const Command& c : all) {
        const bool listed = std::find(legal.begin(), legal.end(), c) != legal.end();
        const bool valid = !validate(ctx, s, c).has_value();
        if (listed != valid)
            FAIL(print(ctx, s, c) << (valid ? " is legal but not listed"
                                            : " is listed but refused"));
    }
}

}  // namespace

/// Plays games [first, first + count) with random legal commands, checking after every one.
void play_random_games(int first, int count) {
    long commands = 0, melees = 0, shots = 0, rallies = 0, lulls = 0, turns_out = 0;
    std::array<int, 5> ends{};
    for (int game = first; game < first + count; ++game) {
        const Context ctx = test::hbl_game_context(game);
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 100001);
        GameState s;
        new_game(ctx, s, dice);
        check_state(ctx, s);
        int steps = 0;
        while (!s.over()) {
            INFO("game " << game << ", command " << steps);
            const auto legal = legal_commands(ctx, s);
            ENSURE(legal.size() >= 2);  // something to do besides conceding
            ENSURE(std::holds_alternative<cmd::Concede>(legal.back()));
            // Every listed command is legal and reads back as itself: all of them in the first
            // 3 games of each part, the one played in the rest (the checks cost more than the
            // games).
            for (std::size_t i = game < first + 3 ? 0 : legal.size(); i < legal.size(); ++i)
                check_command(ctx, s, legal[i]);
            if (game == first && steps % 25 == 0) check_list_complete(ctx, s, legal);
            const Command c = legal[static_cast<std::size_t>(
                chooser.pick(static_cast<int>(legal.size()) - 1, core::RollPurpose::Other))];
            check_command(ctx, s, c);
            const GameState before = s;
            INFO("played " << print(ctx, s, c) << " by " << core::side_letter(s.decider)
                           << " (decision " << static_cast<int>(s.decision) << ")");
            const Events events = apply(ctx, s, c, dice);
            for (const Event& e : events) {
                melees += e.kind == EventKind::MeleeRound;
                shots += e.kind == EventKind::Shot;
                rallies += e.kind == EventKind::Rallied;
                lulls += e.kind == EventKind::Lull;
                turns_out += e.kind == EventKind::TurnEnded && e.b == 1;
            }
            check_state(ctx, s);
            check_chips(before, s);
            // The invariants a position file is checked by hold in every state the game reaches
            // (in the first 10 games of each part: they list the legal commands again).
            if (game < first + 10) {
                for (const auto& bad : check_consistent(ctx, s)) FAIL(bad.message);
            }
            ENSURE(s.turn <= kTurnLimit);
            ++steps;
            ENSURE(steps < 20000);
        }
        commands += steps;
        ends[static_cast<std::size_t>(s.end)]++;
    }
    // The random games reach every part of the sequence.
    INFO("commands " << commands << ", melee rounds " << melees << ", shots " << shots
                     << ", rallies " << rallies << ", lulls " << lulls << ", decks run out "
                     << turns_out << ", ends: chips " << ends[1] << ", units " << ends[2]
                     << ", turns " << ends[3]);
    CHECK(melees > 500);
    CHECK(shots > 500);
    CHECK(rallies > 100);
    CHECK(lulls > 100);
    CHECK(ends[static_cast<std::size_t>(EndReason::ChipsGone)] > 0);
    CHECK(ends[static_cast<std::size_t>(EndReason::Conceded)] == 0);
}

// 1,000 games in four parts, so that ctest can run them side by side.
TEST_CASE("Hell Broke Loose random play holds every invariant: games 0-249",
          "[hbl][long][HBL-SEQ-2][HBL-INIT-6][HBL-GRID-2][HBL-GRID-3][HBL-UI-2]") {
    play_random_games(0, 250);
}
TEST_CASE("Hell Broke Loose random play holds every invariant: games 250-499", "[hbl][long]") {
    play_random_games(250, 250);
}
TEST_CASE("Hell Broke Loose random play holds every invariant: games 500-749", "[hbl][long]") {
    play_random_games(500, 250);
}
TEST_CASE("Hell Broke Loose random play holds every invariant: games 750-999", "[hbl][long]") {
    play_random_games(750, 250);
}

// The same games, whatever is changed in how they are played: the final state of 30 random games
// (the random-play test's own choices), hashed together. A change of the rules moves it, and the
// commit that moves it says why; a change of structure (step 5 of docs/rulesets.md, the
// templates) must keep it, as Pikette Squared's bench signatures are kept.
TEST_CASE("Hell Broke Loose random play gives the same games: the signature of 30 games", "[hbl]") {
    std::uint64_t signature = 0;
    long commands = 0;
    for (int game = 0; game < 30; ++game) {
        const Context ctx = test::hbl_game_context(game);
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 100001);
        GameState s;
        new_game(ctx, s, dice);
        while (!s.over()) {
            const auto legal = legal_commands(ctx, s);
            const Command c = legal[static_cast<std::size_t>(
                chooser.pick(static_cast<int>(legal.size()) - 1, core::RollPurpose::Other))];
            apply(ctx, s, c, dice);
            ++commands;
        }
        signature = signature * 1099511628211ULL ^ state_hash(s);
    }
    INFO("commands " << commands);
    CHECK(commands == 36011);
    CHECK(signature == 0xf2f7282d1f589fd1ULL);
}
