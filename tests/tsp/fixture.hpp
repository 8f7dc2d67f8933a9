#pragma once
// Shared helpers for The Sword and the Pike's game tests: a small ruleset and two army lists made
// in code (no files: the data loader is apart), decks put in a chosen order through scripted
// shuffles, and commands given as text.
#include <catch2/catch.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice.hpp"
#include "tsp/game.hpp"

namespace tercio::test {

/// The troop types of the tests' ruleset: their glyphs name the units ("P1", "A2").
inline const tsp::Ruleset& tsp_ruleset() {
    static const tsp::Ruleset rs = [] {
        using tsp::Kind;
        using tsp::Order;
        using tsp::Weapon;
        tsp::Ruleset r;
        r.id = "tsp-test";
        r.name = "The Sword and the Pike (tests)";
        const auto type = [&](std::string id, char glyph, Kind k, std::vector<Order> orders,
                              std::vector<Weapon> weapons, int figures, int companies, bool attached = false) {
            tsp::TroopType t;
            t.id = id;
            t.name = id;
            t.glyph = glyph;
            t.kind = k;
            t.orders = std::move(orders);
            t.weapons = std::move(weapons);
            t.figures = figures;
            t.companies = companies;
            t.attached_only = attached;
            r.troop_types.push_back(t);
        };
        type("pikemen", 'P', Kind::Pikemen, {Order::Closed, Order::Open}, {}, 20, 4);
        type("arquebusiers", 'A', Kind::Arquebusiers, {Order::Open, Order::Skirmish}, {Weapon::Arquebus}, 20, 4);
        type("crossbowmen", 'C', Kind::Crossbowmen, {Order::Open, Order::Skirmish}, {Weapon::Crossbow}, 20, 4);
        type("gendarmes", 'G', Kind::Gendarmes, {Order::Open}, {}, 12, 4);
        type("reiters", 'R', Kind::Reiters, {Order::Open}, {Weapon::Pistol}, 12, 4);
        type("light-horse", 'L', Kind::LightHorse, {Order::Open, Order::Skirmish}, {Weapon::Crossbow}, 12, 4);
        type("heavy-gun", 'H', Kind::HeavyGun, {Order::Open}, {Weapon::HeavyCannon}, 4, 1);
        type("halberdiers", 'B', Kind::Halberdiers, {Order::Open}, {}, 5, 1, true);
        return r;
    }();
    return rs;
}

inline tsp::UnitLine tsp_line(std::string id, std::string type, tsp::Order order, tsp::Weapon weapon, int figures,
                              tsp::Temper temper = tsp::Temper::Other, int leaders = 1) {
    tsp::UnitLine l;
    l.id = std::move(id);
    l.type = std::move(type);
    l.order = order;
    l.weapon = weapon;
    l.figures = figures;
    l.temper = temper;
    l.leaders = leaders;
    return l;
}

/// Red (side A): Swiss pike with two leaders and 5 halberdiers attached, arquebusiers,
/// gendarmes, a heavy gun; a Colonel with the pike.
inline const tsp::ArmyList& tsp_red() {
    static const tsp::ArmyList a = [] {
        using tsp::Order;
        using tsp::Weapon;
        tsp::ArmyList l;
        l.id = "red";
        l.ruleset = "tsp-test";
        l.name = "Red";
        auto pike = tsp_line("pike", "pikemen", Order::Closed, Weapon::None, 20, tsp::Temper::Swiss, 2);
        pike.attached.push_back(tsp::AttachedCompany{"halberdiers", 5, false});
        l.units.push_back(pike);
        l.units.push_back(tsp_line("shot", "arquebusiers", Order::Open, Weapon::Arquebus, 20));
        l.units.push_back(tsp_line("lances", "gendarmes", Order::Open, Weapon::None, 12));
        l.units.push_back(tsp_line("gun", "heavy-gun", Order::Open, Weapon::HeavyCannon, 4));
        l.officers.push_back(tsp::FieldOfficer{"colonel", "Colonel", tsp::Rank::Colonel, "pike"});
        return l;
    }();
    return a;
}

/// Black (side B): Landsknecht pike, crossbowmen, Reiters, light horse in skirmish order.
inline const tsp::ArmyList& tsp_black() {
    static const tsp::ArmyList a = [] {
        using tsp::Order;
        using tsp::Weapon;
        tsp::ArmyList l;
        l.id = "black";
        l.ruleset = "tsp-test";
        l.name = "Black";
        l.units.push_back(tsp_line("pike", "pikemen", Order::Closed, Weapon::None, 20, tsp::Temper::Landsknecht));
        l.units.push_back(tsp_line("bows", "crossbowmen", Order::Open, Weapon::Crossbow, 20));
        l.units.push_back(tsp_line("pistols", "reiters", Order::Open, Weapon::Pistol, 12));
        l.units.push_back(tsp_line("scouts", "light-horse", Order::Skirmish, Weapon::Crossbow, 12));
        return l;
    }();
    return a;
}

inline tsp::Context tsp_context() {
    return tsp::Context{&tsp_ruleset(), {&tsp_red(), &tsp_black()}};
}

/// Cards by name: tsp_card(1, 'H') is the ace of hearts, tsp_card(13, 'S') the king of spades.
inline std::uint8_t tsp_card(int rank, char suit) {
    const int s = suit == 'H' ? 0 : suit == 'D' ? 1 : suit == 'C' ? 2 : 3;
    return static_cast<std::uint8_t>(s * 13 + rank - 1);
}

/// The scripted picks of a shuffle (Fisher-Yates from the deck in order 0..51, as tsp::shuffle
/// does) that leave `top` first, in that order, and the other cards after them in order.
inline std::string tsp_deck(const std::vector<std::uint8_t>& top = {}) {
    std::vector<int> want(top.begin(), top.end());
    for (int c = 0; c < tsp::kDeckSize; ++c) {
        bool used = false;
        for (const auto t : top) used = used || t == c;
        if (!used) want.push_back(c);
    }
    std::vector<int> work;
    for (int c = 0; c < tsp::kDeckSize; ++c) work.push_back(c);
    std::string out;
    for (int i = tsp::kDeckSize - 1; i > 0; --i) {
        int j = 0;
        while (work[static_cast<std::size_t>(j)] != want[static_cast<std::size_t>(i)]) ++j;
        out += "u" + std::to_string(i + 1) + ":" + std::to_string(j) + " ";
        std::swap(work[static_cast<std::size_t>(i)], work[static_cast<std::size_t>(j)]);
    }
    return out;
}

/// A D20 natural as a scripted pick ("u20:n-1").
inline std::string tsp_d20(int natural) {
    return "u20:" + std::to_string(natural - 1) + " ";
}

inline tsp::Command tsp_command(const tsp::Context& ctx, const tsp::GameState& s, const std::string& text) {
    auto parsed = tsp::parse(ctx, s, s.decider, text);
    if (const auto* err = std::get_if<std::string>(&parsed)) {
        INFO(text << ": " << *err);
        REQUIRE(false);
    }
    return std::get<tsp::Command>(parsed);
}

/// The reason a command is refused ("" if it is legal).
inline std::string tsp_refusal(const tsp::Context& ctx, const tsp::GameState& s, const std::string& text) {
    auto parsed = tsp::parse(ctx, s, s.decider, text);
    if (const auto* err = std::get_if<std::string>(&parsed)) return "parse: " + *err;
    return tsp::validate(ctx, s, std::get<tsp::Command>(parsed)).value_or("");
}

/// A game of Red against Black with every draw scripted.
struct TspGame {
    tsp::Context ctx = tsp_context();
    tsp::GameState s;

    /// A new game: the casualty deck and the first activation deck in the orders given (their top
    /// cards), then `more` (a D4 of quicker movement, say).
    explicit TspGame(const std::vector<std::uint8_t>& activation = {}, const std::vector<std::uint8_t>& casualty = {},
                     std::uint8_t options = 0, const std::string& more = "") {
        auto dice = core::ScriptedDice::parse(tsp_deck(casualty) + tsp_deck(activation) + more);
        ctx.options = options;
        tsp::new_game(ctx, s, dice);
        REQUIRE(dice.remaining() == 0);
    }

    /// Gives a command as the deciding side with exactly the draws scripted (all used).
    tsp::Events play(const std::string& text, const std::string& script = "") {
        auto dice = core::ScriptedDice::parse(script);
        const tsp::Command c = tsp_command(ctx, s, text);
        const auto why = tsp::validate(ctx, s, c);
        INFO(text << ": " << why.value_or(""));
        REQUIRE_FALSE(why.has_value());
        tsp::Events out = tsp::apply(ctx, s, c, dice);
        INFO(text << ": " << dice.used() << " scripted draws used, " << dice.remaining() << " not");
        REQUIRE(dice.remaining() == 0);
        return out;
    }

    std::string refusal(const std::string& text) const { return tsp_refusal(ctx, s, text); }

    std::size_t unit(tsp::Side side, std::string_view label) const {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            if (s.units[i].side == side && tsp::unit_label(ctx, s, i) == label) return i;
        }
        FAIL("no unit " << label);
        return 0;
    }
    tsp::Unit& at(tsp::Side side, std::string_view label) { return s.units[unit(side, label)]; }
    /// Puts a unit on a square, facing `f`.
    void place(tsp::Side side, std::string_view label, const char* square, core::Facing f) {
        tsp::Unit& u = at(side, label);
        u.sq = *core::parse_square(square, s.files, s.ranks);
        u.facing = f;
    }
};

inline int count(const tsp::Events& ev, tsp::EventKind k) {
    int n = 0;
    for (const auto& e : ev) n += e.kind == k;
    return n;
}

inline const tsp::Event* first(const tsp::Events& ev, tsp::EventKind k) {
    for (const auto& e : ev) {
        if (e.kind == k) return &e;
    }
    return nullptr;
}

/// Every unit that can holds, in order, until the turn ends (or, `phase_only`, the card phase);
/// `script`: every draw of it.
inline tsp::Events hold_turn(TspGame& g, const std::string& script, bool phase_only = false) {
    auto dice = core::ScriptedDice::parse(script);
    const int turn = g.s.turn;
    const tsp::Step step = g.s.step;
    tsp::Events all;
    while (!g.s.over() && g.s.turn == turn && (!phase_only || g.s.step == step)) {
        std::optional<tsp::Command> hold;
        for (const tsp::Command& c : legal_commands(g.ctx, g.s)) {
            if (std::holds_alternative<tsp::cmd::Hold>(c)) {
                hold = c;
                break;
            }
        }
        REQUIRE(hold);
        const tsp::Events ev = apply(g.ctx, g.s, *hold, dice);
        all.insert(all.end(), ev.begin(), ev.end());
    }
    INFO(dice.used() << " scripted draws used, " << dice.remaining() << " not");
    REQUIRE(dice.remaining() == 0);
    return all;
}

}  // namespace tercio::test
