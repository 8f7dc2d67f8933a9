// The Sword and the Pike, random play: many seeded games of random legal commands end within the
// turn limit, and the invariants hold after every command: every listed command validates (and,
// every 29th command, every command that validates is listed), its text parses back to it, no
// two units of a side share a square, figures never go below nothing (nor above the start),
// close combats pair two units on the field, both decks keep their 52 cards, the hash is stable
// under copy; half the games start close, so that the whole turn is played.
#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "tests/tsp/fixture.hpp"

using namespace tercio;
using namespace tercio::tsp;

namespace {

void check_invariants(const Context& ctx, const GameState& s) {
    std::set<std::pair<int, int>> taken[2];
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        int figures = 0;
        for (const auto f : u.figures) figures += f;
        REQUIRE(figures <= u.start_figures);
        if (!u.on_board) continue;
        REQUIRE(figures > 0);
        REQUIRE(core::on_board(u.sq, s.files, s.ranks));
        INFO("unit " << unit_label(ctx, s, i) << " at " << core::to_string(u.sq));
        REQUIRE(taken[core::idx(u.side)].insert({u.sq.x, u.sq.y}).second);
    }
    // Close combats pair two units on the field, each the other's; a Routed unit is in none.
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (u.combat < 0) continue;
        REQUIRE(u.on_board);
        REQUIRE(u.status != Status::Routed);
        const Unit& foe = s.units[static_cast<std::size_t>(u.combat)];
        REQUIRE(foe.on_board);
        REQUIRE(foe.side != u.side);
        REQUIRE(foe.combat == static_cast<std::int8_t>(i));
        // TSP-GRID-3: a close combat is fought in one square.
        REQUIRE(foe.sq == u.sq);
    }
    // Two units share a square only in close combat, with each other.
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& u = s.units[i];
        if (!u.on_board || u.side != Side::A) continue;
        const auto foe = unit_at(s, u.sq, Side::B);
        if (!foe) continue;
        INFO("units sharing " << core::to_string(u.sq));
        REQUIRE(u.combat == static_cast<std::int8_t>(*foe));
    }
    // Both decks hold each of the 52 cards once.
    for (const Deck* d : {&s.activation, &s.casualty}) {
        std::set<int> cards(d->cards.begin(), d->cards.end());
        REQUIRE(cards.size() == static_cast<std::size_t>(kDeckSize));
        REQUIRE(*cards.rbegin() == kDeckSize - 1);
        REQUIRE(d->next <= kDeckSize);
    }
    const GameState copy = s;
    REQUIRE(state_hash(copy) == state_hash(s));
}

/// The list is complete: every command of the decision's kinds that validates is listed.
void check_complete(const Context& ctx, const GameState& s, const std::vector<Command>& legal) {
    std::vector<Command> all;
    for (std::uint8_t u = 0; u < s.unit_count; ++u) {
        all.push_back(cmd::Activate{u});
        all.push_back(cmd::BreakOff{u});
        all.push_back(cmd::Hold{u});
        for (std::uint8_t t = 0; t < s.unit_count; ++t) all.push_back(cmd::Shoot{u, t});
    }
    all.push_back(cmd::Stay{});
    for (const core::Facing f : core::kAllFacings) {
        all.push_back(cmd::Face{f});
        for (int y = 0; y < s.ranks; ++y) {
            for (int x = 0; x < s.files; ++x) all.push_back(cmd::Move{core::make_square(x, y), f});
        }
    }
    for (const Command& c : all) {
        if (validate(ctx, s, c)) continue;
        INFO(print(ctx, s, c) << " validates but is not listed");
        REQUIRE(std::find(legal.begin(), legal.end(), c) != legal.end());
    }
}

}  // namespace

TEST_CASE("random games of The Sword and the Pike end, and every listed command is legal and round-trips",
          "[tsp][tsp-random]") {
    Context ctx = test::tsp_context();
    long commands = 0;
    int turn_limit = 0;
    std::array<int, static_cast<std::size_t>(EventKind::GameOver) + 1> seen{};
    for (int game = 0; game < 80; ++game) {
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 50001);
        GameState s;
        ctx.options = static_cast<std::uint8_t>(game % 4);
        new_game(ctx, s, dice);
        // Every other game starts close, Black 4 ranks from Red, so that fire, charges and close
        // combat come early and often.
        if (game % 2 == 1) {
            for (std::size_t u = 0; u < s.unit_count; ++u) {
                if (s.units[u].side == Side::B) s.units[u].sq.y = 5;
            }
        }
        int guard = 0;
        while (!s.over()) {
            check_invariants(ctx, s);
            const auto legal = legal_commands(ctx, s);
            REQUIRE(legal.size() >= 2);
            REQUIRE(std::holds_alternative<cmd::Concede>(legal.back()));
            for (const Command& c : legal) {
                INFO(print(ctx, s, c));
                REQUIRE_FALSE(validate(ctx, s, c).has_value());
                auto back = parse(ctx, s, s.decider, print(ctx, s, c));
                REQUIRE(std::holds_alternative<Command>(back));
                REQUIRE(std::get<Command>(back) == c);
            }
            if (commands % 29 == 0) check_complete(ctx, s, legal);
            const auto c = random_legal(ctx, s, chooser);
            REQUIRE(c.has_value());
            for (const Event& e : apply(ctx, s, *c, dice)) ++seen[static_cast<std::size_t>(e.kind)];
            ++commands;
            REQUIRE(++guard < 5000);
        }
        check_invariants(ctx, s);
        REQUIRE(s.turn <= kTurnLimit);
        turn_limit += s.end == EndReason::TurnLimit;
    }
    std::string kinds;
    for (std::size_t k = 0; k < seen.size(); ++k) kinds += std::to_string(k) + ":" + std::to_string(seen[k]) + " ";
    INFO("commands " << commands << ", games to the turn limit " << turn_limit << "; events " << kinds);
    CHECK(commands > 0);
    // The games reach every part of the turn: charges, close combats won and drawn, routs,
    // rallies, removals.
    for (const EventKind k : {EventKind::Charges, EventKind::CombatBegan, EventKind::CombatLost, EventKind::CombatGoesOn,
                              EventKind::Routed, EventKind::Rally, EventKind::Removed, EventKind::Shot})
        CHECK(seen[static_cast<std::size_t>(k)] > 0);
}

// The same games, whatever is changed in how they are played: the final state of 30 random games
// (the random level's own choice, random_legal), hashed together, as Hell Broke Loose's are
// pinned. A change of the rules moves it, and the commit that moves it says why; a change of
// structure must keep it.
TEST_CASE("The Sword and the Pike random play gives the same games: the signature of 30 games", "[tsp][tsp-signature]") {
    Context ctx = test::tsp_context();
    std::uint64_t signature = 0;
    long commands = 0;
    for (int game = 0; game < 30; ++game) {
        core::SeededDice dice(static_cast<std::uint64_t>(game) + 1);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 100001);
        GameState s;
        ctx.options = static_cast<std::uint8_t>(game % 4);
        new_game(ctx, s, dice);
        while (!s.over()) {
            apply(ctx, s, *random_legal(ctx, s, chooser), dice);
            ++commands;
        }
        signature = signature * 1099511628211ULL ^ state_hash(s);
    }
    INFO("commands " << commands);
    CHECK(commands == 4217);
    CHECK(signature == 0xf1308e392295fe6dULL);
}
