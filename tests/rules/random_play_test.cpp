// Random-play test: many seeded games of uniformly random legal commands, checking the
// invariants after every command.
#include <algorithm>
#include <sstream>
#include <array>
#include <variant>

#include "rules/consistency.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::rules;

namespace {

const std::vector<std::string> kArmyIds = {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};

void check_invariants(const RulesContext& ctx, const GameState& s, const std::vector<Command>& legal) {
    // The invariants of every state (rules/consistency.hpp), the same list the position loader
    // checks: stacking (PS-GRID-4) and prohibited terrain (PS-TERRAIN-11), chips never negative
    // (PS-CHIP-7) and opportunity chips within the phase's allowance (PS-OPP-1), attached leaders
    // with their units, terrain pieces as the rules place them, each decision's fields set and in
    // range, and whoever must decide has something to do, unless the game is over.
    const auto bad = check_consistent(ctx, s, legal);
    if (!bad.empty()) {
        FAIL("field " << static_cast<int>(bad.front().field) << " [" << bad.front().index
                      << "]: " << bad.front().message);
    }
    // Cards are conserved: every deck keeps its 20 cards. (A position may hold part of a deck,
    // docs/positions.md, so this is a property of games played from the start, not of states.)
    for (const Deck& d : s.decks) {
        // Until the Moorish player chooses his extra card the deck holds 19.
        if (s.turn > 0) REQUIRE(d.size == ctx.rs().deck_size);
    }
}

/// How often combat happened, to show the random games exercise it.
struct CombatSeen {
    long shots = 0, melees = 0, routs = 0, rallies = 0, chips = 0, cut_down = 0, stands_lost = 0;
};

/// The invariants of one command's effects: hits within the damaged stand's capacity (PS-HITS-1,
/// PS-HITS-2), stands never coming back, morale chips lost exactly as PS-CHIP-2 .. PS-CHIP-5 say,
/// routed units never shooting or fighting back (PS-ROUT-6, PS-MELEE-21).
void check_effects(const RulesContext& ctx, const GameState& before, const GameState& after, const Events& ev,
                   CombatSeen& seen) {
    std::array<int, 2> expected{};  // morale chips each side should have lost
    // Units added by the set-up (an extra unit, PS-ARMY-4) have no "before".
    for (std::size_t i = 0; i < before.unit_count; ++i) {
        const Unit& u = after.units[i];
        const Unit& was = before.units[i];
        REQUIRE(u.stand_count() <= was.stand_count());
        const int lost = was.stand_count() - u.stand_count();
        expected[idx(u.side)] += lost;  // 1 per stand destroyed (PS-CHIP-2)
        seen.stands_lost += lost;
        if (u.stand_count() == 0) {
            REQUIRE(u.hits == 0);
            continue;
        }
        const TroopType& t = ctx.type(u);
        std::size_t g = 0;
        while (u.stands[g] == 0) ++g;
        REQUIRE(g < t.stands.size());
        REQUIRE(u.hits < t.stands[g].hits);  // a stand is removed the moment it is full
        for (std::size_t k = 0; k < kMaxStandGroups; ++k) {
            REQUIRE(u.stands[k] <= (k < t.stands.size() ? t.stands[k].count : 0));
        }
    }
    for (const Event& e : ev) {
        if (const auto* x = std::get_if<StatusChanged>(&e); x && x->to == UnitStatus::Routed) {
            expected[idx(after.units[x->unit].side)] += after.units[x->unit].stand_count();  // PS-CHIP-2
            ++seen.routs;
        } else if (const auto* c = std::get_if<Chipped>(&e)) {
            ++expected[idx(c->chipper)];  // PS-CHIP-4
            ++seen.chips;
        } else if (const auto* r = std::get_if<RallyAttempted>(&e)) {
            ++expected[idx(after.units[r->unit].side)];  // PS-CHIP-3
            ++seen.rallies;
        } else if (const auto* k = std::get_if<LeaderKilled>(&e)) {
            expected[idx(k->side)] += k->chips_lost;  // PS-CHIP-5
        } else if (const auto* m = std::get_if<MeleeResolved>(&e)) {
            // Routed units do not fight: a melee never has a Routed side (PS-ROUT-6).
            REQUIRE(before.units[m->initiator].status != UnitStatus::Routed);
            REQUIRE(before.units[m->defender].status != UnitStatus::Routed);
            ++seen.melees;
        } else if (const auto* s = std::get_if<ShotResolved>(&e)) {
            REQUIRE(before.units[s->shooter].status != UnitStatus::Routed);
            REQUIRE_FALSE(before.units[s->shooter].fired);
            ++seen.shots;
        } else if (const auto* d = std::get_if<RoutedUnitCut>(&e)) {
            REQUIRE(before.units[d->target].status == UnitStatus::Routed);  // no dice, no fight back
            ++seen.cut_down;
        }
    }
    // The set-up rolls the chips (PS-CHIP-1); from the first turn on they only go down.
    for (std::size_t side = 0; side < 2 && before.turn > 0; ++side) {
        const int spent = before.morale_chips[side] - after.morale_chips[side];
        INFO("side " << side << ": " << before.morale_chips[side] << " -> " << after.morale_chips[side]
                     << " morale chips, rules say lose " << expected[side]);
        if (after.morale_chips[side] > 0) {
            REQUIRE(spent == expected[side]);
        } else {
            REQUIRE(spent <= expected[side]);  // never below 0 (PS-CHIP-7)
        }
    }
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
        Move attack{sq(), std::nullopt, sq(), std::nullopt};
        attack.attack = true;
        out.push_back(attack);
        out.push_back(Shoot{sq(), sq()});
        out.push_back(Fight{sq()});
        out.push_back(Reload{sq()});
        out.push_back(Rally{sq(), r.pick(2, core::RollPurpose::Other) ? std::optional<Facing>(face()) : std::nullopt});
        out.push_back(CheckMorale{sq()});
    }
    // Probes aimed at a few units themselves, since random squares rarely hold one.
    for (int k = 0; k < 3 && s.unit_count > 0; ++k) {
        const Unit& u = s.units[static_cast<std::size_t>(r.pick(static_cast<int>(s.unit_count), core::RollPurpose::Other))];
        if (!u.on_table()) continue;
        out.push_back(Fight{u.square});
        out.push_back(Reload{u.square});
        out.push_back(Rally{u.square, std::nullopt});
        out.push_back(CheckMorale{u.square});
        const Unit& t = s.units[static_cast<std::size_t>(r.pick(static_cast<int>(s.unit_count), core::RollPurpose::Other))];
        out.push_back(Shoot{u.square, t.square});
        Move attack{u.square, std::nullopt, t.square, std::nullopt};
        attack.attack = true;
        out.push_back(attack);
    }
    for (const Command& c : {Command{TurnCard{}}, Command{Pass{}}, Command{March{}}, Command{Evade{}},
                             Command{Decline{}}, Command{ChooseOrder{true}}, Command{DeployAuto{}},
                             Command{ChipUnit{}}, Command{Follow{}}, Command{Stay{}}}) {
        out.push_back(c);
    }
    return out;
}

/// Plays games [first, first + count) with random legal commands, checking after every one.
void play_random_games(int first, int count) {
    int nightfalls = 0;
    long commands = 0;
    CombatSeen seen;
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
            // squares_of names the squares print writes, in the order it writes them (what the
            // Enter menu matches the cursor against).
            {
                std::vector<Square> written;
                std::istringstream words(print(c));
                for (std::string w; words >> w;) {
                    const auto q = core::parse_square(w, s.files, s.ranks);
                    if (q && core::to_string(*q) == w) written.push_back(*q);
                }
                REQUIRE(squares_of(c) == written);
            }
            // A legal command validates; a command outside the list does not.
            REQUIRE_FALSE(validate(ctx, s, c).has_value());
            for (const Command& p : probes(s, chooser)) {
                if (!validate(ctx, s, p)) {
                    INFO("validates but is not listed: " << print(p));
                    REQUIRE(std::find(legal.begin(), legal.end(), p) != legal.end());
                }
            }
            const GameState before = s;
            const Events ev = apply(ctx, s, c, dice);
            check_effects(ctx, before, s, ev, seen);
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
    // Combat happens in these games, all of it.
    WARN("shots " << seen.shots << ", melees " << seen.melees << ", routs " << seen.routs << ", rallies "
                  << seen.rallies << ", chips " << seen.chips << ", routed units cut down " << seen.cut_down
                  << ", stands lost " << seen.stands_lost);
    CHECK(seen.shots > count);
    CHECK(seen.melees > 0);
    CHECK(seen.routs > 0);
    CHECK(seen.rallies > 0);
    CHECK(seen.chips > 0);
    CHECK(seen.cut_down > 0);
    CHECK(seen.stands_lost > 0);
}

}  // namespace

// 1,000 games in four parts, so that ctest can run them side by side.
TEST_CASE("random legal play holds every invariant: games 0-249", "[rules][random][long]") { play_random_games(0, 250); }
TEST_CASE("random legal play holds every invariant: games 250-499", "[rules][random][long]") { play_random_games(250, 250); }
TEST_CASE("random legal play holds every invariant: games 500-749", "[rules][random][long]") { play_random_games(500, 250); }
TEST_CASE("random legal play holds every invariant: games 750-999", "[rules][random][long]") { play_random_games(750, 250); }
