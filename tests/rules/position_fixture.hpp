#pragma once
// Hand-built positions for the movement, reaction and leader tests: a game started with
// new_game, then emptied and set up square by square.
#include <algorithm>
#include <initializer_list>
#include <string>
#include <variant>
#include <vector>

#include "tests/rules/fixture.hpp"

namespace tercio::test {

/// "h8" as a Square (the test fails on a typo).
inline core::Square sq(const std::string& text) {
    const auto q = core::parse_square(text);
    INFO("square " << text);
    REQUIRE(q.has_value());
    return *q;
}

/// An empty board in the middle of play: the active side holds a current card and pips, the
/// other side has its 3 opportunity chips. Add units, leaders and terrain, then play commands.
class Position {
  public:
    explicit Position(const std::string& army_a = "french", const std::string& army_b = "spanish")
        : ctx(Armies::get().context(army_a, army_b)) {
        core::SeededDice setup_dice(1);
        rules::new_game(ctx, s, setup_dice);
        s.units = {};
        s.unit_count = 0;
        s.terrain = {};
        s.terrain_pieces = {};
        s.terrain_piece_count = 0;
        s.has_stream = false;
        for (rules::Leader& l : s.leaders) l = rules::Leader{};  // alive, not deployed
        s.extra_unit_roll = {};
        s.extra_card_due = {};
        s.turn = 1;
        s.nightfall_turn = 10;
        s.morale_chips = {12, 12};
        s.march_option = {true, true};
        s.escape_due = {};
        act(rules::Side::A, rules::CardKind::InfantryMove, 10);
    }

    /// `side` is active (first phase) with `card` as its current card and `pips` left.
    void act(rules::Side side, rules::CardKind card, int pips) {
        s.active = side;
        s.decider = side;
        s.decision = rules::Decision::Act;
        s.phase = 0;
        s.second_pips = 6;
        s.pips = static_cast<std::uint8_t>(pips);
        s.has_current_card = true;
        for (rules::Deck& d : s.decks) d.drawn = 0;
        rules::Deck& d = s.decks[rules::idx(side)];
        d.cards[0] = card;
        d.drawn = 1;
        s.opportunity_chips[rules::idx(rules::other(side))] = 3;
        s.marching = false;
        s.marched_on_card = false;
        s.move = rules::MoveInProgress{};
        s.react_window = rules::ReactWindow::None;
        s.forced_charger = rules::kNone;
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            s.units[i].acted = false;
            s.units[i].moved_through = false;
        }
        for (rules::Leader& l : s.leaders) l.acted = false;
    }

    /// The card the active side will turn next (`turn`).
    void next_card(rules::CardKind card) {
        rules::Deck& d = s.decks[rules::idx(s.active)];
        d.cards[d.drawn] = card;
    }

    /// A unit from an army's roster line (e.g. "knights", "arquebus", "swiss_phalanx"), with that
    /// line's Move, Fight and traits. Facing defaults to toward the enemy.
    std::size_t add(rules::Side side, const std::string& line, const std::string& square,
                    std::optional<core::Facing> facing = std::nullopt,
                    rules::UnitStatus status = rules::UnitStatus::Ok) {
        const rules::ArmyList& army = ctx.army(side);
        for (std::size_t i = 0; i < rules::roster_size(army); ++i) {
            const rules::UnitLine& l = rules::roster_line(army, i);
            if (l.id != line) continue;
            const std::size_t u = add_type(side, l.type, square, facing, status);
            rules::Unit& unit = s.units[u];
            unit.line = static_cast<std::uint8_t>(i);
            unit.move_half = static_cast<std::uint8_t>(l.move_half);
            unit.fight = l.fight;
            unit.traits = l.traits;
            if (l.shoot) {
                unit.shoot_die = l.shoot->die;
                unit.range_half = static_cast<std::uint8_t>(l.shoot->range_half);
            }
            return u;
        }
        FAIL("no roster line " << line << " in " << army.id);
        return 0;
    }

    /// A unit of a troop type with the ruleset's own values (for types no army of the pair has,
    /// such as REITERS or WAR WAGONS).
    std::size_t add_type(rules::Side side, const std::string& type_id, const std::string& square,
                         std::optional<core::Facing> facing = std::nullopt,
                         rules::UnitStatus status = rules::UnitStatus::Ok) {
        const auto& types = ctx.rs().troop_types;
        const auto it = std::find_if(types.begin(), types.end(),
                                     [&](const rules::TroopType& t) { return t.id == type_id; });
        INFO("troop type " << type_id);
        REQUIRE(it != types.end());
        REQUIRE(s.unit_count < rules::kMaxUnits);
        rules::Unit u;
        u.type = static_cast<std::uint8_t>(it - types.begin());
        u.side = side;
        u.status = status;
        u.deployed = true;
        u.square = sq(square);
        u.facing = facing.value_or(rules::enemy_direction(side));
        u.move_half = static_cast<std::uint8_t>(it->move_half);
        u.fight = it->fight.value_or(core::DieType::D6);
        for (std::size_t g = 0; g < it->stands.size() && g < rules::kMaxStandGroups; ++g) {
            u.stands[g] = static_cast<std::uint8_t>(it->stands[g].count);
        }
        s.units[s.unit_count] = u;
        return s.unit_count++;
    }

    /// A terrain piece of one or two squares (PS-TERRAIN-1, PS-TERRAIN-5).
    void piece(rules::TerrainKind kind, std::initializer_list<std::string> squares) {
        REQUIRE(s.terrain_piece_count < rules::kMaxTerrainPieces);
        rules::TerrainPiece p;
        p.kind = kind;
        for (const auto& q : squares) p.squares[p.count++] = sq(q);
        s.terrain_pieces[s.terrain_piece_count] = p;
        ++s.terrain_piece_count;
        for (std::uint8_t i = 0; i < p.count; ++i) {
            s.terrain[static_cast<std::size_t>(s.square_index(p.squares[i]))] =
                s.terrain_piece_count;
        }
    }

    /// Stream squares (PS-TERRAIN-7); a test may lay only the part it needs.
    void stream(std::initializer_list<std::string> squares) {
        rules::TerrainPiece p;
        p.kind = rules::TerrainKind::Stream;
        s.terrain_pieces[s.terrain_piece_count++] = p;
        s.has_stream = true;
        for (const auto& q : squares)
            s.terrain[static_cast<std::size_t>(s.square_index(sq(q)))] = rules::kStreamCell;
    }

    /// Deploys a side's leader, alone or attached to its unit in the square.
    void leader(rules::Side side, const std::string& square, bool attach = false) {
        rules::Leader& l = s.leaders[rules::idx(side)];
        l.alive = true;
        l.deployed = true;
        l.square = sq(square);
        l.attached = rules::kNone;
        if (attach) {
            const auto u = rules::unit_at(s, l.square, side);
            REQUIRE(u.has_value());
            l.attached = static_cast<std::uint8_t>(*u);
        }
    }

    rules::Unit& unit(std::size_t i) { return s.units[i]; }
    rules::Leader& leader_of(rules::Side side) { return s.leaders[rules::idx(side)]; }

    /// The side's unit in a square (the test fails if there is none).
    std::size_t at(rules::Side side, const std::string& square) {
        const auto u = rules::unit_at(s, sq(square), side);
        INFO(rules::side_letter(side) << " unit in " << square);
        REQUIRE(u.has_value());
        return *u;
    }
    bool empty(rules::Side side, const std::string& square) const {
        return !rules::unit_at(s, *core::parse_square(square), side).has_value();
    }

    /// Plays a command that must be legal; the dice must not be asked for anything unscripted.
    rules::Events play(const std::string& text, const std::string& dice_script = "") {
        core::ScriptedDice dice = core::ScriptedDice::parse(dice_script);
        rules::Events ev = test::play(ctx, s, text, dice);
        INFO(text << ": scripted dice left over");
        CHECK(dice.remaining() == 0);
        return ev;
    }

    /// Why a command is refused, or "" if it is legal. Also checks that legal_commands agrees.
    std::string refusal(const std::string& text) {
        const std::string why = test::refusal(ctx, s, text);
        std::string err;
        const auto c = rules::parse_command(text, err);
        if (c) {
            const auto legal = rules::legal_commands(ctx, s);
            const bool listed = std::find(legal.begin(), legal.end(), *c) != legal.end();
            INFO(text << " refused: '" << why << "', listed by legal_commands: " << listed);
            CHECK(listed == why.empty());
        }
        return why;
    }
    bool legal(const std::string& text) { return refusal(text).empty(); }

    rules::RulesContext ctx;
    rules::GameState s;
};

/// Events of one kind, in order.
template <class E>
std::vector<E> events_of(const rules::Events& ev) {
    std::vector<E> out;
    for (const auto& e : ev) {
        if (const E* x = std::get_if<E>(&e)) out.push_back(*x);
    }
    return out;
}

/// The squares a unit entered, in order, from UnitMoved events.
inline std::vector<std::string> path_of(const rules::Events& ev, std::size_t unit) {
    std::vector<std::string> out;
    for (const auto& m : events_of<rules::UnitMoved>(ev)) {
        if (m.unit == unit) out.push_back(core::on_board(m.to) ? core::to_string(m.to) : "off");
    }
    return out;
}

/// A board with one far-away unit per side, so that neither army is ever gone and neither
/// charges nor evades.
inline Position board(const std::string& a = "french", const std::string& b = "spanish") {
    Position p(a, b);
    p.add(rules::Side::A, a == "spanish" ? "arquebus" : "militia", "o1");
    p.add(rules::Side::B, "arquebus", "a15");
    return p;
}

/// The active side is to act again: every window, choice and check is over.
inline bool back_to_active(const Position& p) {
    return p.s.decision == rules::Decision::Act && p.s.decider == p.s.active;
}

/// The game waits for this decision from this side.
inline bool deciding(const Position& p, rules::Decision d, rules::Side who) {
    return p.s.decision == d && p.s.decider == who;
}

/// The morale chips a side lost for one reason, over some events.
inline int chips_lost(const rules::Events& ev, rules::Side side, rules::ChipLoss why) {
    int n = 0;
    for (const auto& m : events_of<rules::MoraleChipsLost>(ev)) {
        if (m.side == side && m.why == why) n += m.chips;
    }
    return n;
}

inline bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace tercio::test
