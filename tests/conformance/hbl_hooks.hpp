#pragma once
// Hell Broke Loose's own checks in the conformance suite's random games: the invariants of its
// former random-play test (tests/hbl/random_play_test.cpp), unchanged: cards conserved, never two
// units of a side in a square (and two units in a square only when they fight each other), morale
// chips never negative and paid for every UI lost, the list complete, and every game ending within
// the turn limit.
#include <algorithm>
#include <array>
#include <set>

#include "hbl/consistency.hpp"
#include "hbl/engine.hpp"
#include "tests/conformance/hooks.hpp"

namespace tercio::conformance {

template <>
struct RulesetHooks<hbl::Engine> {
    using Ctx = hbl::Context;
    using State = hbl::GameState;
    using Command = hbl::Command;

    static constexpr bool hash_covers_state = true;
    static bool legal_unlisted(const Ctx&, const State&, const Command&) { return false; }

    static void check_state(const Ctx& ctx, const State& s) {
        using namespace hbl;
        for (const Side side : {Side::A, Side::B}) {
            const Deck& d = s.decks[core::idx(side)];
            CONFORM(d.size == ctx.army(side).deck_size(), "HBL-SEQ-1: cards conserved");
            CONFORM(d.next <= d.size, "deck");
            CONFORM(s.chips[core::idx(side)] >= 0, "chips below 0");
            CONFORM(s.chips[core::idx(side)] <= s.chips_start[core::idx(side)], "chips above the start");
        }
        std::set<std::pair<int, int>> seen[2];
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const Unit& u = s.units[i];
            if (!u.on_board) {
                CONFORM(u.melee < 0, "unit " << i << " off the board in a melee");
                continue;
            }
            CONFORM(core::on_board(u.sq, s.files, s.ranks), "unit " << i << " off the board");
            CONFORM(s.terrain_at(u.sq) != Terrain::III, "unit " << i << " on type III");
            CONFORM(u.integrity.lost >= 0, "unit " << i << " UI");
            CONFORM(u.integrity.lost < u.integrity.ui, "HBL-UNDEF-4: no UI left, removed");
            CONFORM(seen[core::idx(u.side)].insert({u.sq.x, u.sq.y}).second, "HBL-GRID-2: two units of a side");
            const auto foe = unit_at(s, u.sq, core::other(u.side));
            if (foe) {
                // HBL-GRID-3: sharing a square is contact, and contact is a melee between the two.
                CONFORM(u.melee >= 0, "HBL-GRID-3: contact without a melee");
                const Melee& m = s.melees[static_cast<std::size_t>(u.melee)];
                CONFORM(m.live, "HBL-GRID-3: a melee not live");
                CONFORM(((m.a == i && m.b == *foe) || (m.b == i && m.a == *foe)), "HBL-GRID-3: the wrong melee");
            } else {
                CONFORM(u.melee < 0, "unit " << i << " in a melee without contact");
            }
        }
    }

    /// Every UI lost costs its side a chip (HBL-UI-2), and so does every stubborn option and every
    /// UI rallied back (HBL-CHIP-2): a side's chips never fall by less than its UI lost.
    static void check_chips(const State& before, const State& after) {
        std::array<int, 2> ui{};
        for (std::size_t i = 0; i < after.unit_count; ++i) {
            const int d = after.units[i].integrity.lost - before.units[i].integrity.lost;
            if (d > 0) ui[core::idx(after.units[i].side)] += d;
        }
        for (const core::Side side : {core::Side::A, core::Side::B}) {
            const int paid = before.chips[core::idx(side)] - after.chips[core::idx(side)];
            if (after.chips[core::idx(side)] > 0) CONFORM(paid >= ui[core::idx(side)], "HBL-UI-2: UI lost unpaid");
        }
    }

    /// The list is complete: every command of a wide universe (every verb; every unit of the
    /// side's with every square within six of it and every facing; every target) is legal exactly
    /// when it is listed.
    static void check_list_complete(const Ctx& ctx, const State& s, const std::vector<Command>& legal) {
        using namespace hbl;
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
            if (listed != valid) FAIL(print(ctx, s, c) << (valid ? " is legal but not listed" : " is listed but refused"));
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

    void on_played(const Ctx& ctx, const State& before, const State& s, const hbl::Events& events, const Walk& w) {
        using hbl::EventKind;
        for (const hbl::Event& e : events) {
            melees += e.kind == EventKind::MeleeRound;
            shots += e.kind == EventKind::Shot;
            rallies += e.kind == EventKind::Rallied;
            lulls += e.kind == EventKind::Lull;
            turns_out += e.kind == EventKind::TurnEnded && e.b == 1;
        }
        check_state(ctx, s);
        check_chips(before, s);
        // The invariants a position file is checked by hold in every state the game reaches (in
        // the first 10 games of a long run: they list the legal commands again), every tenth of a
        // short one.
        if (w.long_run ? w.game < w.first + 10 : w.step % 10 == 0) {
            for (const auto& bad : hbl::check_consistent(ctx, s)) FAIL(bad.message);
        }
        CONFORM(s.turn <= hbl::kTurnLimit, "HBL-SEQ-2: past the turn limit");
    }

    std::vector<Command> probes(const Ctx&, const State&, core::Dice&, const Walk&) { return {}; }

    void on_game_end(const Ctx&, const State& s) { ends[static_cast<std::size_t>(s.end)]++; }

    /// The random games reach every part of the sequence.
    void finish(int) {
        INFO("melee rounds " << melees << ", shots " << shots << ", rallies " << rallies << ", lulls " << lulls
                             << ", decks run out " << turns_out << ", ends: chips " << ends[1] << ", units "
                             << ends[2] << ", turns " << ends[3]);
        CHECK(melees > 500);
        CHECK(shots > 500);
        CHECK(rallies > 100);
        CHECK(lulls > 100);
        CHECK(ends[static_cast<std::size_t>(hbl::EndReason::ChipsGone)] > 0);
        CHECK(ends[static_cast<std::size_t>(hbl::EndReason::Conceded)] == 0);
    }

    /// Each deck's cards not yet turned, in a random order.
    /// Each deck's face-down cards, in order, by kind (what the network must never send).
    static std::vector<std::vector<int>> face_down_order(const State& s) {
        std::vector<std::vector<int>> out;
        for (const hbl::Deck& d : s.decks) {
            std::vector<int>& cards = out.emplace_back();
            for (int i = d.next; i < d.size; ++i) cards.push_back(static_cast<int>(d.cards[static_cast<std::size_t>(i)]));
        }
        return out;
    }
    static void permute_face_down(State& s, core::Dice& r) {
        for (hbl::Deck& d : s.decks) {
            for (int i = d.size - 1; i > d.next; --i) {
                const int j = d.next + r.pick(i - d.next + 1, core::RollPurpose::Other);
                std::swap(d.cards[static_cast<std::size_t>(i)], d.cards[static_cast<std::size_t>(j)]);
            }
        }
    }

    long melees = 0, shots = 0, rallies = 0, lulls = 0, turns_out = 0;
    std::array<int, 5> ends{};
};

}  // namespace tercio::conformance
