#pragma once
// Pikette Squared's own checks in the conformance suite's random games: the invariants of its
// former random-play test (tests/rules/random_play_test.cpp), unchanged.
#include <algorithm>
#include <array>
#include <sstream>
#include <variant>

#include "rules/consistency.hpp"
#include "rules/engine.hpp"
#include "tests/conformance/hooks.hpp"

namespace tercio::conformance {

template <>
struct RulesetHooks<rules::Engine> {
    using Ctx = rules::RulesContext;
    using State = rules::GameState;
    using Command = rules::Command;

    /// The hash (rules/state_hash.cpp) covers the board, the units, leaders, decks, chips, turn,
    /// pips and whose decision; not the fields a decision's progress keeps (the phase, the second
    /// phase's pips, a move under way, a reaction window, terrain still to place...). It was
    /// pinned so by the saves and bench signatures already made, and every save line's state
    /// follows from the commands before it, so a game that agrees on it agrees on those.
    static constexpr bool hash_covers_state = false;

    /// Streams: legal_commands lists only the straight ones; the bent ones, a few million, are
    /// accepted all the same (docs/commands.md).
    static bool legal_unlisted(const Ctx&, const State&, const Command& c) {
        const auto* t = std::get_if<rules::PlaceTerrain>(&c);
        return t && t->kind == rules::TerrainKind::Stream;
    }

    void on_state(const Ctx& ctx, const State& s, const std::vector<Command>& legal, const Walk&) {
        // The invariants of every state (rules/consistency.hpp), the same list the position loader
        // checks: stacking (PS-GRID-4) and prohibited terrain (PS-TERRAIN-11), chips never negative
        // (PS-CHIP-7) and opportunity chips within the phase's allowance (PS-OPP-1), attached
        // leaders with their units, terrain pieces as the rules place them, each decision's fields
        // set and in range, and whoever must decide has something to do, unless the game is over.
        const auto bad = rules::check_consistent(ctx, s, legal);
        if (!bad.empty()) {
            FAIL("field " << static_cast<int>(bad.front().field) << " [" << bad.front().index
                          << "]: " << bad.front().message);
        }
        // Cards are conserved: every deck keeps its 20 cards. (A position may hold part of a deck,
        // docs/positions.md, so this is a property of games played from the start, not of states.)
        for (const rules::Deck& d : s.decks) {
            // Until the Moorish player chooses his extra card the deck holds 19.
            if (s.turn > 0) CONFORM(d.size == ctx.rs().deck_size, "a deck of " << int(d.size) << " cards");
        }
    }

    void on_chosen(const Ctx&, const State& s, const Command& c, const Walk&) {
        // squares_of names the squares print writes, in the order it writes them (what the Enter
        // menu matches the cursor against).
        std::vector<core::Square> written;
        std::istringstream words(rules::print(c));
        for (std::string w; words >> w;) {
            const auto q = core::parse_square(w, s.files, s.ranks);
            if (q && core::to_string(*q) == w) written.push_back(*q);
        }
        CONFORM(rules::squares_of(c) == written, "squares_of(" << rules::print(c) << ")");
    }

    /// The invariants of one command's effects: hits within the damaged stand's capacity
    /// (PS-HITS-1, PS-HITS-2), stands never coming back, morale chips lost exactly as PS-CHIP-2 ..
    /// PS-CHIP-5 say, routed units never shooting or fighting back (PS-ROUT-6, PS-MELEE-21).
    void on_played(const Ctx& ctx, const State& before, const State& after, const rules::Events& ev, const Walk&) {
        using namespace rules;
        std::array<int, 2> expected{};  // morale chips each side should have lost
        // Units added by the set-up (an extra unit, PS-ARMY-4) have no "before".
        for (std::size_t i = 0; i < before.unit_count; ++i) {
            const Unit& u = after.units[i];
            const Unit& was = before.units[i];
            CONFORM(u.stand_count() <= was.stand_count(), "unit " << i << " gained a stand");
            const int lost = was.stand_count() - u.stand_count();
            expected[idx(u.side)] += lost;  // 1 per stand destroyed (PS-CHIP-2)
            seen.stands_lost += lost;
            if (u.stand_count() == 0) {
                CONFORM(u.hits == 0, "unit " << i << " gone with hits");
                continue;
            }
            const TroopType& t = ctx.type(u);
            std::size_t g = 0;
            while (u.stands[g] == 0) ++g;
            CONFORM(g < t.stands.size(), "unit " << i << " stand group");
            CONFORM(u.hits < t.stands[g].hits, "unit " << i << ": a stand is removed the moment it is full");
            for (std::size_t k = 0; k < kMaxStandGroups; ++k) {
                CONFORM(u.stands[k] <= (k < t.stands.size() ? t.stands[k].count : 0), "unit " << i << " stands");
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
                CONFORM(before.units[m->initiator].status != UnitStatus::Routed, "a routed unit fought");
                CONFORM(before.units[m->defender].status != UnitStatus::Routed, "a routed unit fought");
                ++seen.melees;
            } else if (const auto* s = std::get_if<ShotResolved>(&e)) {
                CONFORM(before.units[s->shooter].status != UnitStatus::Routed, "a routed unit shot");
                CONFORM(!before.units[s->shooter].fired, "a unit shot twice");
                ++seen.shots;
            } else if (const auto* d = std::get_if<RoutedUnitCut>(&e)) {
                CONFORM(before.units[d->target].status == UnitStatus::Routed, "cut down but not routed");
                ++seen.cut_down;
            }
        }
        // The set-up rolls the chips (PS-CHIP-1); from the first turn on they only go down.
        for (std::size_t side = 0; side < 2 && before.turn > 0; ++side) {
            const int spent = before.morale_chips[side] - after.morale_chips[side];
            INFO("side " << side << ": " << before.morale_chips[side] << " -> " << after.morale_chips[side]
                         << " morale chips, rules say lose " << expected[side]);
            if (after.morale_chips[side] > 0) {
                CONFORM(spent == expected[side], "morale chips");
            } else {
                CONFORM(spent <= expected[side], "morale chips below 0 (PS-CHIP-7)");
            }
        }
    }

    /// A few arbitrary commands of the kinds the current decision takes, with random squares and
    /// facings: each one that validates must be in the legal list ("no command outside the list
    /// may pass validate"). Bent streams are the documented exception and are not generated.
    std::vector<Command> probes(const Ctx&, const State& s, core::Dice& r, const Walk&) {
        using namespace rules;
        using core::RollPurpose;
        const auto sq = [&] {
            return core::make_square(r.pick(s.files, RollPurpose::Other), r.pick(s.ranks, RollPurpose::Other));
        };
        const auto face = [&] { return core::kAllFacings[static_cast<std::size_t>(r.pick(8, RollPurpose::Other))]; };
        std::vector<Command> out;
        for (int k = 0; k < 4; ++k) {
            Move m{sq(), std::nullopt, sq(), std::nullopt};
            if (r.pick(3, RollPurpose::Other) == 0) m.face_before = face();
            if (!m.face_before && r.pick(3, RollPurpose::Other) == 0) m.face_after = face();
            out.push_back(m);
            out.push_back(MoveLeader{sq(), r.pick(2, RollPurpose::Other) == 1});
            out.push_back(Charge{sq(), r.pick(2, RollPurpose::Other) ? std::optional<Facing>(face()) : std::nullopt});
            out.push_back(Escape{sq()});
            out.push_back(PlaceTerrain{TerrainKind::Wood, {sq()}});
            out.push_back(AdjustTerrain{AdjustTerrain::Action::Remove, sq()});
            out.push_back(DeployLeader{sq(), r.pick(2, RollPurpose::Other) == 1});
            Move attack{sq(), std::nullopt, sq(), std::nullopt};
            attack.attack = true;
            out.push_back(attack);
            out.push_back(Shoot{sq(), sq()});
            out.push_back(Fight{sq()});
            out.push_back(Reload{sq()});
            out.push_back(Rally{sq(), r.pick(2, RollPurpose::Other) ? std::optional<Facing>(face()) : std::nullopt});
            out.push_back(CheckMorale{sq()});
        }
        // Probes aimed at a few units themselves, since random squares rarely hold one.
        for (int k = 0; k < 3 && s.unit_count > 0; ++k) {
            const Unit& u = s.units[static_cast<std::size_t>(r.pick(static_cast<int>(s.unit_count), RollPurpose::Other))];
            if (!u.on_table()) continue;
            out.push_back(Fight{u.square});
            out.push_back(Reload{u.square});
            out.push_back(Rally{u.square, std::nullopt});
            out.push_back(CheckMorale{u.square});
            const Unit& t = s.units[static_cast<std::size_t>(r.pick(static_cast<int>(s.unit_count), RollPurpose::Other))];
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

    void on_game_end(const Ctx&, const State& s) { nightfalls += s.end == rules::GameEnd::Nightfall; }

    /// Over a run of random games: most end at nightfall, and combat happens in them, all of it.
    void finish(int count) {
        CHECK(nightfalls > count / 2);
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

    /// Each deck's cards not yet drawn, in a random order.
    /// Each deck's face-down cards, in order, by kind (what the network must never send).
    static std::vector<std::vector<int>> face_down_order(const State& s) {
        std::vector<std::vector<int>> out;
        for (const rules::Deck& d : s.decks) {
            std::vector<int>& cards = out.emplace_back();
            for (int i = d.drawn; i < d.size; ++i) cards.push_back(static_cast<int>(d.cards[static_cast<std::size_t>(i)]));
        }
        return out;
    }
    static void permute_face_down(State& s, core::Dice& r) {
        for (rules::Deck& d : s.decks) {
            for (int i = d.size - 1; i > d.drawn; --i) {
                const int j = d.drawn + r.pick(i - d.drawn + 1, core::RollPurpose::Other);
                std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(j)]);
            }
        }
    }

    /// How often combat happened, to show the random games exercise it.
    struct CombatSeen {
        long shots = 0, melees = 0, routs = 0, rallies = 0, chips = 0, cut_down = 0, stands_lost = 0;
    };
    CombatSeen seen;
    int nightfalls = 0;
};

}  // namespace tercio::conformance
