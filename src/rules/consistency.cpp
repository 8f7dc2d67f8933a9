// The invariants of a GameState (see consistency.hpp). Each follows from how the engine moves
// from one decision to the next: settle() (combat.cpp) asks for the follow-up choice, then the
// chip window, then leader escapes, then the open reaction window, then the rest of a move, then
// Courage checks, then a due R1 or R4 window, and only then for the active player's next action;
// the set-up (setup.cpp) walks through its choices in a fixed order too. A field that one of those
// decisions reads is set while that decision, or one settle() asks for before it, is pending.
#include "rules/consistency.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <variant>

#include "rules/engine_detail.hpp"

namespace tercio::rules {
namespace {

std::string side_name(Side s) {
    return std::string("side ") + side_letter(s);
}

bool one_of(Decision d, std::initializer_list<Decision> ds) {
    return std::find(ds.begin(), ds.end(), d) != ds.end();
}

/// PS-SETUP-1: the army choices, terrain and deployment come before turn 1.
bool setup_decision(Decision d) {
    return one_of(d, {Decision::ExtraUnitChoice, Decision::ExtraCardChoice, Decision::PlaceTerrain,
                      Decision::AdjustTerrain, Decision::Deploy});
}

/// The decisions settle() asks for before it goes on with a move in progress or an open reaction
/// window: while one of them is pending, the move or window waits.
bool interrupts_move(Decision d) {
    return one_of(d, {Decision::React, Decision::Chip, Decision::FollowUp, Decision::Pursue,
                      Decision::LeaderEscape});
}

class Checker {
  public:
    Checker(const RulesContext& ctx, const GameState& s) : ctx_(ctx), s_(s) {}

    /// Everything that does not need the legal commands.
    void structure() {
        limits();
        if (!out.empty()) return;  // counts out of range: indexing further is not safe
        sides();
        units();
        terrain();
        leaders();
        game();
        if (s_.decision != Decision::GameOver) decision();
    }

    /// Whoever must decide has something to do, unless the game is over: the engine never waits
    /// for a decision that cannot be made.
    void something_to_do(const std::vector<Command>& legal) {
        if (s_.decision == Decision::GameOver) return;
        const bool any = std::any_of(legal.begin(), legal.end(), [&](const Command& c) {
            if (std::holds_alternative<Concede>(c)) return false;
            // A reaction window opens only when it offers more than declining (PS-OPP-3).
            return s_.decision != Decision::React || !std::holds_alternative<Decline>(c);
        });
        if (s_.forced_charger != kNone && s_.decision != Decision::React) forced_charge();
        if (any) return;
        if (s_.decision == Decision::React) {
            add(Field::ReactWindow, 0,
                "the reaction window offers " + side_name(s_.decider) +
                    " nothing to do but decline: no shot, charge or evade is possible (PS-OPP-3)");
        } else {
            add(Field::Decision, 0,
                side_name(s_.decider) + " has no legal command for this decision");
        }
    }

    std::vector<Inconsistency> out;

  private:
    /// PS-OPP-7: a unit that must charge was rolled for because it had a charge against the
    /// moving unit; while the window waits behind another decision (a leader's escape from the
    /// same step, a chip), that charge is still there when the window opens.
    void forced_charge() {
        GameState window = s_;
        window.decision = Decision::React;
        window.decider = other(s_.active);
        const auto legal = legal_commands(ctx_, window);
        const bool charge = std::any_of(legal.begin(), legal.end(), [](const Command& c) {
            return std::holds_alternative<Charge>(c);
        });
        if (!charge) {
            add(Field::ForcedCharger, 0,
                label(s_.forced_charger) +
                    " must charge, but has no charge against the moving "
                    "unit (PS-OPP-5, PS-OPP-7)");
        }
    }

    void add(Field f, std::size_t i, std::string message) {
        out.push_back(Inconsistency{f, i, std::move(message)});
    }
    std::string label(std::size_t i) const { return unit_label(ctx_, s_, i); }
    bool is_unit(std::size_t i) const { return i < s_.unit_count; }

    /// The counts within the arrays they count (a position file cannot say otherwise).
    void limits() {
        const bool board = s_.files >= 1 && s_.ranks >= 1 && s_.files <= core::kMaxBoardSide &&
                           s_.ranks <= core::kMaxBoardSide;
        if (!board || s_.unit_count > kMaxUnits || s_.terrain_piece_count > kMaxTerrainPieces ||
            s_.trail_len > s_.trail.size() || s_.move.step_count > MoveInProgress::kMaxSteps) {
            add(Field::Decision, 0, "a count is beyond what the game can hold");
        }
        for (const Deck& d : s_.decks) {
            if (d.size > kMaxDeck || d.drawn > d.size) {
                add(Field::Deck, static_cast<std::size_t>(&d - s_.decks.data()),
                    "more cards than a deck holds, or more turned than it has");
            }
        }
    }

    /// Each side's units, chips, cards and set-up choices.
    void sides() {
        std::array<int, 2> units{};
        std::array<std::size_t, 2> first_extra{};  // the first unit past a side's limit
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            if (++units[idx(s_.units[i].side)] == kMaxUnitsPerSide + 1) {
                first_extra[idx(s_.units[i].side)] = i;
            }
        }
        for (Side side : {Side::A, Side::B}) {
            const std::size_t k = idx(side);
            const ArmyList& army = ctx_.army(side);
            if (units[k] > kMaxUnitsPerSide) {
                add(Field::UnitStatus, first_extra[k],
                    side_name(side) + " has " + std::to_string(units[k]) +
                        " units, more than the " + std::to_string(kMaxUnitsPerSide) +
                        " a side can have");
            }
            // PS-CHIP-7: never below 0. PS-OPP-1: opportunity chips are refilled, never added to.
            if (s_.morale_chips[k] < 0) {
                add(Field::MoraleChips, k, "morale chips cannot go below 0 (PS-CHIP-7)");
            }
            if (s_.opportunity_chips[k] > ctx_.rs().opportunity_chips) {
                add(Field::OpportunityChips, k,
                    std::to_string(s_.opportunity_chips[k]) + " opportunity chips, more than the " +
                        std::to_string(ctx_.rs().opportunity_chips) +
                        " a side gets each phase (PS-OPP-1)");
            }
            // PS-SETUP-3, PS-CARD-2: the deck is the ruleset's, extra card included.
            const Deck& d = s_.decks[k];
            if (d.size > ctx_.rs().deck_size) {
                add(Field::Deck, k,
                    std::to_string(d.size) + " cards, more than the " +
                        std::to_string(ctx_.rs().deck_size) +
                        " of the ruleset's deck (PS-SETUP-3)");
            }
            if (s_.extra_card_due[k]) {
                if (army.extra_card.empty()) {
                    add(Field::ExtraCardDue, k,
                        "army \"" + army.id + "\" has no extra card to choose (PS-CARD-2)");
                } else if (d.size + 1 > std::min<int>(ctx_.rs().deck_size, kMaxDeck)) {
                    add(Field::ExtraCardDue, k,
                        "the deck already holds " + std::to_string(d.size) +
                            " cards: there is no room for the extra card (PS-CARD-2)");
                }
            }
            if (s_.extra_unit_roll[k] != 0) extra_unit(side, units[k]);
        }
    }

    /// PS-ARMY-4: an extra unit still to choose is a roll the army's table answers with a choice,
    /// and the side has room for one more unit.
    void extra_unit(Side side, int units) {
        const std::size_t k = idx(side);
        const ArmyList& army = ctx_.army(side);
        const int roll = s_.extra_unit_roll[k];
        bool covered = false;
        if (army.extra_unit) {
            for (const auto& r : army.extra_unit->results) {
                covered = covered || (roll >= r.on_low && roll <= r.on_high && !r.units.empty());
            }
        }
        if (!covered) {
            add(Field::ExtraUnitRoll, k,
                "army \"" + army.id + "\" has no extra-unit result for a roll of " +
                    std::to_string(roll) + " (PS-ARMY-4)");
        } else if (units >= kMaxUnitsPerSide || s_.unit_count >= kMaxUnits) {
            add(Field::ExtraUnitRoll, k,
                side_name(side) + " already has " + std::to_string(units) +
                    " units: there is no room for an extra one");
        }
    }

    void units() {
        // Who stands where, per side: 1 + the unit's index, or 0.
        std::array<std::array<std::uint8_t, kMaxSquares>, 2> at{};
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            // PS-HITS-3: stands are lost only on the table, so a unit still to deploy has them.
            if (!u.deployed && u.stand_count() == 0) {
                add(Field::UnitStands, i,
                    label(i) + " is still to deploy with no stands: stands are lost only on the table "
                               "(PS-HITS-3)");
            }
            if (!u.on_table()) continue;
            if (!s_.on_board(u.square)) {
                add(Field::UnitSquare, i, label(i) + " stands off the board");
                continue;
            }
            // PS-HITS-3: a unit that loses its last stand is destroyed.
            if (u.stand_count() == 0) {
                add(Field::UnitStands, i,
                    label(i) +
                        " is on the table with no stands left (a unit that loses its last "
                        "stand is destroyed, PS-HITS-3)");
            }
            // PS-TERRAIN-11 binds every kind of movement, and deployment (PS-TERRAIN-15).
            if (!detail::terrain_allows(ctx_, s_, u, u.square)) {
                add(Field::UnitSquare, i,
                    label(i) + " (" + ctx_.type(u).id + ") may not stand in " +
                        core::to_string(u.square) + "'s terrain (PS-TERRAIN-11)");
            }
            // PS-GRID-4: one unit of each side in a square. A unit paused mid-move, on the square
            // its move entered last, may be passing through a friend (PS-MOVE-6); it never stops
            // there, unless the game ends meanwhile (a concession, an army gone), which abandons
            // the move where it is. Anywhere else (routed off its path) it is no exception.
            if (s_.move.active && s_.move.unit == i && s_.move.next >= 1 && s_.move.next <= s_.move.step_count &&
                u.square == s_.move.steps[s_.move.next - 1u]) {
                continue;
            }
            if (s_.decision == Decision::GameOver) continue;
            std::uint8_t& cell =
                at[idx(u.side)][static_cast<std::size_t>(s_.square_index(u.square))];
            if (cell != 0) {
                add(Field::UnitSquare, i,
                    label(i) + " and " + label(cell - 1u) + " of " + side_name(u.side) +
                        " both stand in " + core::to_string(u.square) +
                        ": a square holds at most one unit of each side (PS-GRID-4)");
            } else {
                cell = static_cast<std::uint8_t>(i + 1);
            }
        }
    }

    void terrain() {
        const int files = s_.files;
        const int ranks = s_.ranks;
        // The grid agrees with the pieces: each square of a wood, building or hill holds its
        // piece; the stream's squares hold the stream mark.
        std::size_t streams = 0;
        std::size_t stream_piece = 0;
        for (std::size_t i = 0; i < s_.terrain_piece_count; ++i) {
            const TerrainPiece& p = s_.terrain_pieces[i];
            if (p.kind == TerrainKind::Stream) {
                ++streams;
                stream_piece = i;
                if (p.count != 0) {
                    add(Field::TerrainSquares, i, "the stream keeps its squares in the grid only");
                }
                continue;
            }
            if (p.count < 1 || p.count > 2) {
                add(Field::TerrainSquares, i, "a piece covers 1 or 2 squares (PS-TERRAIN-5)");
                continue;
            }
            for (std::uint8_t k = 0; k < p.count; ++k) {
                const Square q = p.squares[k];
                if (!s_.on_board(q) ||
                    s_.terrain[static_cast<std::size_t>(s_.square_index(q))] != i + 1) {
                    add(Field::TerrainSquares, i,
                        "the terrain grid does not hold this piece at " + core::to_string(q));
                }
            }
            // PS-TERRAIN-5: one square, or two orthogonally adjacent ones.
            if (p.count == 2 && std::abs(p.squares[0].x - p.squares[1].x) +
                                        std::abs(p.squares[0].y - p.squares[1].y) !=
                                    1) {
                add(Field::TerrainSquares, i,
                    core::to_string(p.squares[0]) + " and " + core::to_string(p.squares[1]) +
                        " are not side by side: a piece is 1 square or 2 orthogonally adjacent "
                        "ones (PS-TERRAIN-5)");
            }
        }
        std::array<int, core::kMaxBoardSide> stream_rank{};
        std::array<int, core::kMaxBoardSide> stream_squares{};
        bool stray = false;
        for (int y = 0; y < ranks; ++y) {
            for (int x = 0; x < files; ++x) {
                const Square q = core::make_square(x, y);
                const std::uint8_t c = s_.terrain[static_cast<std::size_t>(s_.square_index(q))];
                if (c == kStreamCell) {
                    ++stream_squares[static_cast<std::size_t>(x)];
                    stream_rank[static_cast<std::size_t>(x)] = y;
                } else if (c != 0) {
                    const bool ok = c - 1u < s_.terrain_piece_count &&
                                    s_.terrain_pieces[c - 1u].kind != TerrainKind::Stream;
                    const TerrainPiece* p = ok ? &s_.terrain_pieces[c - 1u] : nullptr;
                    if (!p || (p->squares[0] != q && (p->count < 2 || p->squares[1] != q))) {
                        stray = true;
                    }
                }
            }
        }
        if (stray) add(Field::TerrainSquares, 0, "the terrain grid holds squares of no piece");
        // PS-TERRAIN-2, PS-TERRAIN-3: each placement is a piece (a stream takes two), so the
        // pieces placed and those still to place never pass the board's limit.
        const int to_place = s_.terrain_to_place[0] + s_.terrain_to_place[1];
        if (s_.terrain_piece_count + to_place > kMaxTerrainPieces) {
            const std::size_t more = s_.terrain_to_place[1] > s_.terrain_to_place[0] ? 1 : 0;
            add(Field::TerrainToPlace, more,
                std::to_string(s_.terrain_piece_count) + " pieces placed and " +
                    std::to_string(to_place) + " still to place, more than the " +
                    std::to_string(kMaxTerrainPieces) + " a board can hold");
        }
        if (streams > 1) {
            add(Field::TerrainSquares, stream_piece,
                "there is more than one stream (PS-TERRAIN-3)");
        }
        if (s_.has_stream != (streams == 1)) {
            add(Field::TerrainSquares, stream_piece,
                "the stream mark of the board does not match its pieces");
        }
        // PS-TERRAIN-7: the stream runs across the board, one square in each file, neighbouring
        // files at most one rank apart, every square between the deployment zones.
        const bool any_stream_square =
            std::any_of(stream_squares.begin(), stream_squares.end(), [](int n) { return n > 0; });
        if (streams == 0 && any_stream_square) {
            add(Field::TerrainSquares, 0, "the terrain grid holds stream squares but no stream");
        }
        if (streams != 1) return;
        for (int x = 0; x < files; ++x) {
            const int n = stream_squares[static_cast<std::size_t>(x)];
            const int y = stream_rank[static_cast<std::size_t>(x)];
            const std::string file(1, static_cast<char>('a' + x));
            if (n != 1) {
                add(Field::TerrainSquares, stream_piece,
                    "the stream has " + std::to_string(n) + " squares in file " + file +
                        ": it runs across the board with one square in each file (PS-TERRAIN-7)");
                return;
            }
            if (y < s_.deployment_ranks || y >= ranks - s_.deployment_ranks) {
                add(Field::TerrainSquares, stream_piece,
                    "the stream's square " + core::to_string(core::make_square(x, y)) +
                        " is not between the deployment zones (ranks " +
                        std::to_string(s_.deployment_ranks + 1) + " to " +
                        std::to_string(ranks - s_.deployment_ranks) + ", PS-TERRAIN-7)");
                return;
            }
            if (x > 0 && std::abs(y - stream_rank[static_cast<std::size_t>(x - 1)]) > 1) {
                add(Field::TerrainSquares, stream_piece,
                    "the stream jumps from " +
                        core::to_string(core::make_square(
                            x - 1, stream_rank[static_cast<std::size_t>(x - 1)])) +
                        " to " + core::to_string(core::make_square(x, y)) +
                        ": neighbouring files are at most one rank apart (PS-TERRAIN-7)");
                return;
            }
        }
    }

    void leaders() {
        for (Side side : {Side::A, Side::B}) {
            const std::size_t k = idx(side);
            const Leader& l = s_.leaders[k];
            // PS-LEADER-10: a leader dies only on the table, where he is deployed before play
            // starts (PS-SETUP-5): one who is not is alive.
            if (!l.alive && !l.deployed) {
                add(Field::LeaderAlive, k,
                    "the leader of " + side_name(side) +
                        " is dead but was never deployed: leaders die only on the table "
                        "(PS-LEADER-10)");
            }
            // PS-LEADER-10: a dead leader does nothing more; PS-LEADER-11: only a living leader
            // on the table escapes.
            if (s_.escape_due[k] && (!l.alive || !l.deployed)) {
                add(Field::EscapeDue, k,
                    "the leader of " + side_name(side) +
                        " is due an escape but is not alive on the table (PS-LEADER-11)");
            } else if (s_.escape_due[k] && l.attached != kNone) {
                // Only a leader alone rolls off, and his escape is decided before he can attach.
                add(Field::EscapeDue, k,
                    "the leader of " + side_name(side) +
                        " is due an escape but is attached to a unit: only a leader alone escapes "
                        "(PS-LEADER-11)");
            }
            if (l.attached == kNone) continue;
            if (!is_unit(l.attached)) {
                add(Field::LeaderAttached, k, "the leader is attached to no unit of the game");
                continue;
            }
            const Unit& u = s_.units[l.attached];
            if (!l.alive || !l.deployed) {
                add(Field::LeaderAttached, k,
                    std::string("a leader who is ") + (l.alive ? "not deployed" : "dead") +
                        " cannot be attached to a unit");
            } else if (u.side != side) {
                add(Field::LeaderAttached, k, "a leader is attached only to a unit of his side");
            } else if (!u.on_table()) {
                add(Field::LeaderAttached, k,
                    "the leader is attached to " + label(l.attached) +
                        ", which is not on the table (PS-LEADER-13)");
            } else if (l.square != u.square) {
                add(Field::LeaderAttached, k,
                    "the leader stands in " + core::to_string(l.square) + " but " +
                        label(l.attached) + ", to whom he is attached, in " +
                        core::to_string(u.square) + " (PS-LEADER-6)");
            }
        }
    }

    /// The turn, the end of the game, the current card and the move in progress.
    void game() {
        const bool over = s_.decision == Decision::GameOver;
        if (over != (s_.end != GameEnd::None)) {
            add(Field::End, 0,
                over ? "the game is over, but it says not how it ended"
                     : "the game has ended, but its decision is not game over");
        }
        if (!over && setup_decision(s_.decision) && s_.turn != 0) {
            add(Field::Turn, 0,
                "the set-up (army choices, terrain, deployment) comes before turn 1 (PS-SETUP-1)");
        } else if (!over && !setup_decision(s_.decision) && s_.turn == 0) {
            add(Field::Turn, 0, "turn 0 is the set-up: play starts on turn 1 (PS-TURN-1)");
        }
        // PS-SETUP-1, PS-TURN-1: the decks are built and shuffled during the set-up and first
        // turned in turn 1, so no card has been turned before play begins.
        if (!over && setup_decision(s_.decision)) {
            for (const Side side : {Side::A, Side::B}) {
                if (s_.decks[idx(side)].drawn != 0) {
                    add(Field::Deck, idx(side), side_name(side) + " has turned cards during the set-up: the first card is turned in turn 1 (PS-TURN-1)");
                }
            }
        }
        // PS-CARD-3: the current card is the active side's last turned card.
        if (s_.has_current_card && s_.decks[idx(s_.active)].drawn == 0) {
            add(Field::HasCurrentCard, 0,
                side_name(s_.active) + " has turned no card, so it has no current card");
        }
        // PS-MARCH-1: a march is declared on the current Infantry or Cavalry Move card, which it
        // marks (marched_on_card), and lasts until its units have moved; a game that ends
        // stops it.
        if (s_.marching) {
            const CardKind* card = s_.current_card();
            if (over) {
                add(Field::Marching, 0, "the game is over, so no march goes on");
            } else if (!card || (*card != CardKind::InfantryMove && *card != CardKind::CavalryMove)) {
                add(Field::Marching, 0, "a march goes on only on a current Infantry or Cavalry Move card (PS-MARCH-1)");
            } else if (!s_.marched_on_card) {
                add(Field::Marching, 0, "a march in progress marks its card as marched on (marched_on_card)");
            }
        }
        const MoveInProgress& m = s_.move;
        if (!m.active) return;
        if (!is_unit(m.unit)) {
            add(Field::MoveUnit, 0, "a move in progress needs the unit that moves");
        } else if (s_.units[m.unit].side != s_.active) {
            add(Field::MoveUnit, 0,
                "the moving unit " + label(m.unit) + " is not of the active " +
                    side_name(s_.active));
        }
        if (m.next > m.step_count) {
            add(Field::MoveActive, 0, "the move's next step is past its last");
        } else if (m.next == 0) {
            // A move takes its first step at once: it pauses only after a step (PS-OPP-3).
            add(Field::MoveActive, 0,
                "a move in progress has taken its first step (next is 1 or more)");
        } else {
            steps(m);
        }
        // PS-MOVE-15: a move stops only while the opponent reacts to a step, or while what a
        // reaction caused is settled.
        if (!over && !interrupts_move(s_.decision)) {
            add(Field::MoveActive, 0,
                "a move is in progress only while a reaction, chip, follow-up, pursuit or leader "
                "escape interrupts it (PS-MOVE-15)");
        }
    }

    /// The path of a move in progress: one square at a time (PS-MOVE-2), none its unit may not
    /// enter (PS-TERRAIN-11); while it goes on, the unit stands on the last square it entered.
    void steps(const MoveInProgress& m) {
        for (std::uint8_t k = 1; k < m.step_count; ++k) {
            const Square a = m.steps[k - 1u];
            const Square b = m.steps[k];
            if (std::max(std::abs(a.x - b.x), std::abs(a.y - b.y)) != 1) {
                add(Field::MoveSteps, 0,
                    core::to_string(a) + " and " + core::to_string(b) +
                        " are not next to each other: a move goes one square at a time "
                        "(PS-MOVE-2)");
                return;
            }
        }
        if (!is_unit(m.unit)) return;
        const Unit& u = s_.units[m.unit];
        for (std::uint8_t k = m.next; k < m.step_count; ++k) {
            if (!detail::terrain_allows(ctx_, s_, u, m.steps[k])) {
                add(Field::MoveSteps, 0,
                    label(m.unit) + " may not enter " + core::to_string(m.steps[k]) +
                        "'s terrain (PS-TERRAIN-11)");
                return;
            }
        }
        if (m.next < m.step_count && u.on_table() && u.status != UnitStatus::Routed &&
            u.square != m.steps[m.next - 1u]) {
            add(Field::MoveSteps, 0,
                label(m.unit) + " stands in " + core::to_string(u.square) +
                    ", not on the last square its move entered, " +
                    core::to_string(m.steps[m.next - 1u]));
        }
    }

    void decision() {
        const Decision d = s_.decision;
        const Side decider = s_.decider;
        const std::size_t k = idx(decider);
        const Side opponent = other(s_.active);
        switch (d) {
            case Decision::ExtraUnitChoice:
                if (s_.extra_unit_roll[k] == 0) {
                    add(Field::ExtraUnitRoll, k,
                        side_name(decider) +
                            " must choose its extra unit, but has no roll to "
                            "choose from (PS-ARMY-4)");
                }
                break;
            case Decision::ExtraCardChoice:
                if (!s_.extra_card_due[k]) {
                    add(Field::ExtraCardDue, k,
                        side_name(decider) +
                            " must choose its extra card, but none is due "
                            "(PS-CARD-2)");
                }
                break;
            case Decision::PlaceTerrain:
                if (s_.terrain_to_place[k] == 0) {
                    add(Field::TerrainToPlace, k,
                        side_name(decider) +
                            " is placing terrain, but has none left to place "
                            "(PS-TERRAIN-6)");
                }
                break;
            case Decision::AdjustTerrain:
                if (s_.terrain_adjusted[k]) {
                    add(Field::TerrainAdjusted, k,
                        side_name(decider) +
                            " has already made its terrain adjustment attempt "
                            "(PS-TERRAIN-8)");
                }
                break;
            case Decision::Deploy: {
                bool left = !s_.leaders[k].deployed;
                for (std::size_t i = 0; i < s_.unit_count; ++i) {
                    left = left || (s_.units[i].side == decider && !s_.units[i].deployed);
                }
                if (!left) {
                    add(Field::Decider, 0,
                        side_name(decider) +
                            " is deploying, but has deployed everything "
                            "(PS-SETUP-5)");
                }
                break;
            }
            case Decision::Act:
            case Decision::Courage:
                if (decider != s_.active) {
                    add(Field::Decider, 0,
                        "the active " + side_name(s_.active) + " makes this decision, not " +
                            side_name(decider));
                }
                break;
            case Decision::React:
                if (decider != opponent) {
                    add(Field::Decider, 0,
                        "the side that is not active reacts (PS-OPP-3): " + side_name(opponent) +
                            ", not " + side_name(decider));
                }
                if (s_.react_window == ReactWindow::None) {
                    add(Field::ReactWindow, 0,
                        "a reaction needs an open reaction window (PS-OPP-3)");
                }
                if (s_.opportunity_chips[idx(opponent)] < 1) {
                    add(Field::OpportunityChips, idx(opponent),
                        "a reaction costs an opportunity chip and " + side_name(opponent) +
                            " has none (PS-OPP-1)");
                }
                break;
            case Decision::LeaderEscape:
                if (!s_.escape_due[k]) {
                    add(Field::EscapeDue, k,
                        "the leader of " + side_name(decider) +
                            " escapes, but no escape is due (PS-LEADER-11)");
                }
                break;
            case Decision::Chip:
                chip();
                break;
            case Decision::FollowUp:
            case Decision::Pursue:
                choice();
                break;
            case Decision::InitiativeChoice:
            case Decision::GameOver:
                break;
        }
        windows();
        pending();
    }

    /// PS-CHIP-10: the chip window is against a unit on the table that is not Routed, and the
    /// chipper, its enemy, has a morale chip to spend (PS-CHIP-8).
    void chip() {
        const std::uint8_t t = s_.chip_target;
        if (!is_unit(t)) {
            add(Field::ChipTarget, 0, "a chip decision needs the unit to chip (PS-CHIP-10)");
            return;
        }
        const Unit& u = s_.units[t];
        if (!u.on_table() || u.status == UnitStatus::Routed) {
            add(Field::ChipTarget, 0,
                label(t) + " is " + (u.on_table() ? "Routed" : "not on the table") +
                    ": only a unit on the table that is not Routed can be chipped (PS-CHIP-10)");
            return;
        }
        const Side chipper = other(u.side);
        if (s_.decider != chipper) {
            add(Field::Decider, 0,
                "the enemy of " + label(t) + ", " + side_name(chipper) +
                    ", decides whether to chip it");
        }
        if (s_.morale_chips[idx(chipper)] < 1) {
            add(Field::MoraleChips, idx(chipper),
                "chipping costs a morale chip and " + side_name(chipper) + " has none (PS-CHIP-8)");
        }
    }

    /// PS-MELEE-18, PS-MELEE-20: the winner on the table chooses whether to follow the loser.
    void choice() {
        const std::uint8_t w = s_.choice_unit;
        const std::uint8_t l = s_.choice_other;
        const bool pursue = s_.decision == Decision::Pursue;
        if (!is_unit(w)) {
            add(Field::ChoiceUnit, 0,
                std::string("a ") + (pursue ? "pursuit" : "follow-up") +
                    " choice needs the winner who chooses (" +
                    (pursue ? "PS-MELEE-20" : "PS-MELEE-18") + ")");
            return;
        }
        if (!s_.units[w].on_table()) {
            add(Field::ChoiceUnit, 0, label(w) + " is not on the table: it cannot follow");
        } else if (s_.decider != s_.units[w].side) {
            add(Field::Decider, 0,
                "the side of " + label(w) + ", " + side_name(s_.units[w].side) +
                    ", chooses whether it follows");
        }
        if (is_unit(l) && s_.units[l].side == s_.units[w].side) {
            add(Field::ChoiceOther, 0,
                label(w) + " and " + label(l) +
                    " are on the same side: a winner follows its enemy");
        }
        if (s_.choice_pursuit != pursue) {
            add(Field::ChoicePursuit, 0,
                pursue ? "a pursuit choice must say it is a pursuit"
                       : "a follow-up choice is not a pursuit");
        }
    }

    /// Reaction windows (PS-OPP-3): R2 after a step and R3 on entering an evader's square belong
    /// to a move in progress; R1 and R4 are opened once the action that made them due is settled.
    void windows() {
        const Decision d = s_.decision;
        const ReactWindow w = s_.react_window;
        if (w > ReactWindow::Action) add(Field::ReactWindow, 0, "no such reaction window");
        if (w != ReactWindow::None && !interrupts_move(d)) {
            add(Field::ReactWindow, 0,
                "a reaction window is open only while the reaction, or a chip, follow-up, "
                "pursuit or leader escape it caused, is decided (PS-OPP-3)");
        }
        if ((w == ReactWindow::Step || w == ReactWindow::Evade) && !s_.move.active) {
            add(Field::ReactWindow, 0,
                "the reaction windows after a step (R2) and on entering an evader's square (R3) "
                "need a move in progress (PS-OPP-3)");
        } else if (d == Decision::React && w == ReactWindow::Evade && is_unit(s_.move.unit) &&
                   !detail::can_evade(ctx_, s_)) {
            add(Field::ReactWindow, 0,
                "no unit can evade the moving unit " + label(s_.move.unit) +
                    " (an enemy unit that may evade, in its square, PS-OPP-9)");
        }
        if (s_.window_due != ReactWindow::None && s_.window_due != ReactWindow::Card &&
            s_.window_due != ReactWindow::Action) {
            add(Field::WindowDue, 0, "only R1 or R4 can be due (PS-OPP-3)");
        }
        if (s_.window_due != ReactWindow::None && !interrupts_move(d) && d != Decision::Courage) {
            add(Field::WindowDue, 0,
                "an R1 or R4 window is due only until the action that opened it is settled "
                "(PS-OPP-3)");
        }
        // PS-OPP-7: a headstrong unit must charge in the R2 window it was rolled for (which may
        // wait behind a leader's escape from the same step).
        const std::uint8_t f = s_.forced_charger;
        if (f != kNone) {
            if (w != ReactWindow::Step) {
                add(Field::ForcedCharger, 0,
                    "a unit must charge only while the reaction window after a step is open "
                    "(PS-OPP-7)");
            } else if (!is_unit(f) || s_.units[f].side != other(s_.active) ||
                       !s_.units[f].on_table()) {
                add(Field::ForcedCharger, 0,
                    "the unit that must charge is a unit of the reacting side, on the table "
                    "(PS-OPP-7)");
            }
        }
    }

    /// Choices settle() makes before it gets to the decision shown stay pending only behind the
    /// decisions settle() asks for first.
    void pending() {
        const Decision d = s_.decision;
        if (s_.choice_unit != kNone) {
            if (d != Decision::FollowUp && d != Decision::Pursue) {
                add(Field::ChoiceUnit, 0,
                    "a follow-up or pursuit choice is decided at once (PS-MELEE-23)");
            }
            if (!is_unit(s_.choice_other)) {
                add(Field::ChoiceOther, 0,
                    "a follow-up or pursuit choice needs the unit to follow (PS-MELEE-18)");
            }
        }
        if (s_.chip_target != kNone && d != Decision::Chip && d != Decision::FollowUp &&
            d != Decision::Pursue) {
            add(Field::ChipTarget, 0,
                "a chip window is decided at once, after any follow-up choice (PS-CHIP-10, "
                "PS-MELEE-22)");
        }
        for (Side side : {Side::A, Side::B}) {
            if (s_.escape_due[idx(side)] && d != Decision::LeaderEscape && d != Decision::Chip &&
                d != Decision::FollowUp && d != Decision::Pursue) {
                add(Field::EscapeDue, idx(side),
                    "a leader's escape is decided once the action that made it due is settled, "
                    "before anything else (PS-LEADER-11)");
            }
        }
        // PS-MORALE-5: Courage checks are due only for the active side's units on the table
        // that are not Routed.
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            if (!u.courage_due) continue;
            if (u.side != s_.active || !u.on_table() || u.status == UnitStatus::Routed) {
                add(Field::UnitMarkers, i,
                    label(i) +
                        " cannot be due a Courage check: only units of the active side on "
                        "the table that are not Routed check (PS-MORALE-5)");
            }
        }
    }

    const RulesContext& ctx_;
    const GameState& s_;
};

}  // namespace

std::vector<Inconsistency> check_consistent(const RulesContext& ctx, const GameState& s) {
    Checker c(ctx, s);
    c.structure();
    if (c.out.empty()) c.something_to_do(legal_commands(ctx, s));
    return std::move(c.out);
}

std::vector<Inconsistency> check_consistent(const RulesContext& ctx, const GameState& s,
                                            const std::vector<Command>& legal) {
    Checker c(ctx, s);
    c.structure();
    if (c.out.empty()) c.something_to_do(legal);
    return std::move(c.out);
}

}  // namespace tercio::rules
