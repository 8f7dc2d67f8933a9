#pragma once
// The Sword and the Pike's own checks in the conformance suite's random games: the invariants of
// its random-play test (tests/tsp/random_play_test.cpp) on the shipped armies: no two units of a
// side in a square (and two units in a square only when they are in close combat with each
// other), figures between nothing and the start, close combats pairing two units of opposite
// sides on the field, both decks holding their 52 cards; the list complete, the probes legal
// exactly when listed, every game ending within the turn limit and reaching every part of the turn.
#include <algorithm>
#include <array>
#include <set>

#include "kits/tsp/data/consistency.hpp"
#include "tests/conformance/hooks.hpp"
#include "tsp/engine.hpp"

namespace tercio::conformance {

template <>
struct RulesetHooks<tsp::Engine> {
    using Ctx = tsp::Context;
    using State = tsp::GameState;
    using Command = tsp::Command;

    static constexpr bool hash_covers_state = true;
    static bool legal_unlisted(const Ctx&, const State&, const Command&) { return false; }

    static void check_state(const Ctx&, const State& s) {
        using namespace tsp;
        std::set<std::pair<int, int>> seen[2];
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            CONFORM(u.total() <= u.start_figures, "unit " << i << ": more figures than at the start");
            if (!u.on_board) {
                CONFORM(u.combat < 0, "unit " << i << " off the field in a close combat");
                continue;
            }
            CONFORM(u.total() > 0, "unit " << i << ": no figures left, still on the field");
            CONFORM(core::on_board(u.sq, s.files, s.ranks), "unit " << i << " off the board");
            CONFORM(seen[core::idx(u.side)].insert({u.sq.x, u.sq.y}).second, "TSP-GRID-1: two units of a side in a square");
            // TSP-GRID-3: units of opposite sides share a square only in close combat with each other.
            if (const auto foe = unit_at(s, u.sq, core::other(u.side)))
                CONFORM(u.combat == static_cast<int>(*foe), "TSP-GRID-3: enemies share a square outside close combat");
            if (u.combat >= 0) {
                const Unit& foe = s.units[static_cast<std::size_t>(u.combat)];
                CONFORM(foe.on_board && foe.side != u.side, "a close combat pairs two units of opposite sides on the field");
                CONFORM(foe.combat == static_cast<int>(i), "a close combat is each unit's");
                CONFORM(u.status != Status::Routed, "TSP-ROUT-1: a Routed unit in close combat");
            }
        }
        // TSP-CARD-1: both decks hold each of the 52 cards once.
        for (const Deck* d : {&s.activation, &s.casualty}) {
            std::array<bool, kDeckSize> cards{};
            for (const auto c : d->cards) {
                CONFORM(c < kDeckSize && !cards[c], "TSP-CARD-1: a deck holds each of the 52 cards once");
                cards[c] = true;
            }
            CONFORM(d->next <= kDeckSize, "more cards pulled than a deck holds");
        }
    }

    /// Every command of the decision's kinds, for every unit and every square and facing.
    static std::vector<Command> universe(const State& s) {
        using namespace tsp;
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
        return all;
    }

    /// The list is complete: every command of the universe is legal exactly when it is listed.
    static void check_list_complete(const Ctx& ctx, const State& s, const std::vector<Command>& legal) {
        for (const Command& c : universe(s)) {
            const bool listed = std::find(legal.begin(), legal.end(), c) != legal.end();
            const bool valid = !tsp::validate(ctx, s, c).has_value();
            if (listed != valid) FAIL(tsp::print(ctx, s, c) << (valid ? " is legal but not listed" : " is listed but refused"));
        }
    }

    void on_state(const Ctx& ctx, const State& s, const std::vector<Command>& legal, const Walk& w) {
        if (w.step == 0) check_state(ctx, s);
        CONFORM(legal.size() >= 2, "nothing to do but concede");
        // The whole universe of commands every 25 commands of the first game of a long run (it
        // costs more than the game), every 100 of a short one.
        if (w.game == w.first && w.step % (w.long_run ? 25 : 100) == 0) check_list_complete(ctx, s, legal);
    }

    void on_chosen(const Ctx&, const State&, const Command&, const Walk&) {}

    void on_played(const Ctx& ctx, const State&, const State& s, const tsp::Events& events, const Walk& w) {
        using tsp::EventKind;
        for (const tsp::Event& e : events) {
            shots += e.kind == EventKind::Shot;
            charges += e.kind == EventKind::Charges;
            combats += e.kind == EventKind::CombatBegan;
            lost += e.kind == EventKind::CombatLost;
            routs += e.kind == EventKind::Routed;
            rallies += e.kind == EventKind::Rally;
            removed += e.kind == EventKind::Removed;
            spirit += e.kind == EventKind::Spirit;
        }
        check_state(ctx, s);
        // The invariants a position file is checked by hold in every state the game reaches (in
        // the first 10 games of a long run: they list the legal commands again), every tenth of a
        // short one.
        if (w.long_run ? w.game < w.first + 10 : w.step % 10 == 0) {
            for (const auto& bad : tsp::check_consistent(ctx, s)) FAIL(bad.message);
        }
        CONFORM(s.turn <= tsp::kTurnLimit, "past the turn limit");
    }

    /// Commands made up of random units, squares and facings: each must be legal exactly when it
    /// is listed.
    std::vector<Command> probes(const Ctx&, const State& s, core::Dice& r, const Walk&) {
        using namespace tsp;
        using core::RollPurpose;
        std::vector<Command> out;
        if (s.unit_count == 0) return out;
        const auto unit = [&] { return static_cast<std::uint8_t>(r.pick(s.unit_count, RollPurpose::Other)); };
        const auto face = [&] { return core::kAllFacings[static_cast<std::size_t>(r.pick(8, RollPurpose::Other))]; };
        for (int k = 0; k < 3; ++k) {
            out.push_back(cmd::Activate{unit()});
            out.push_back(cmd::BreakOff{unit()});
            out.push_back(cmd::Hold{unit()});
            out.push_back(cmd::Shoot{unit(), unit()});
            out.push_back(cmd::Face{face()});
            out.push_back(cmd::Move{core::make_square(r.pick(s.files, RollPurpose::Other), r.pick(s.ranks, RollPurpose::Other)),
                                    face()});
        }
        // A move near the activated unit, where a random square rarely is.
        if (s.active >= 0) {
            const core::Square at = s.units[static_cast<std::size_t>(s.active)].sq;
            const core::Square q = core::make_square(at.x + r.pick(7, RollPurpose::Other) - 3, at.y + r.pick(7, RollPurpose::Other) - 3);
            if (core::on_board(q, s.files, s.ranks)) out.push_back(cmd::Move{q, face()});
        }
        out.push_back(cmd::Stay{});
        return out;
    }

    void on_game_end(const Ctx&, const State& s) { ends[static_cast<std::size_t>(s.end)]++; }

    /// The random games reach every part of the turn: fire, charges, close combats won and lost,
    /// routs, rallies, removals and the spirit tests; none ends by a concession.
    void finish(int games) {
        INFO("shots " << shots << ", charges " << charges << ", close combats " << combats << " (lost " << lost
                      << "), routs " << routs << ", rallies " << rallies << ", removed " << removed << ", spirit tests "
                      << spirit << "; ends: no units " << ends[1] << ", spirit failed " << ends[2] << ", spirit gone "
                      << ends[3] << ", turn limit " << ends[4]);
        CHECK(shots > 4 * games);
        CHECK(charges > games / 5);
        CHECK(combats > games / 10);
        CHECK(lost > games / 10);
        CHECK(routs > games / 5);
        CHECK(rallies > games / 20);
        CHECK(removed > games / 5);
        CHECK(spirit > 2 * games);
        CHECK(ends[static_cast<std::size_t>(tsp::EndReason::TurnLimit)] > 0);
        CHECK(ends[static_cast<std::size_t>(tsp::EndReason::Conceded)] == 0);
    }

    /// Nothing is face down in an order: each card is a public pick among a deck's cards left,
    /// which the state keeps in card order (tsp::Deck). The hidden-information tests check that
    /// instead: hide_unseen changes no state, and the network sends no shuffle's picks.
    static constexpr bool nothing_face_down = true;

    long shots = 0, charges = 0, combats = 0, lost = 0, routs = 0, rallies = 0, removed = 0, spirit = 0;
    std::array<int, 6> ends{};
};

}  // namespace tercio::conformance
