#pragma once
// Shared helpers for The Sword and the Pike's game tests: a small ruleset and two army lists made
// in code (no files: the data loader is apart), decks pulled in a chosen order (TspDice), and
// commands given as text.
#include <catch2/catch.hpp>
#include <algorithm>
#include <array>
#include <deque>
#include <initializer_list>
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

/// A deck's order for its next shuffle, as a word of a script: `top` first, in that order, and the
/// other cards after them in card order. The shuffle itself draws nothing (tsp::Deck): the tests'
/// dice (TspDice) keep the order and answer each pull from that deck with the pick that gives its
/// next card. A script's orders are the activation deck's, one for each shuffle, in turn.
inline std::string tsp_deck(const std::vector<std::uint8_t>& top = {}) {
    std::string out = "deck:";
    for (const auto t : top) out += std::to_string(t) + ",";
    return out + " ";
}

/// The decks as the tests ordered them: for each (0 the activation deck, 1 the casualty deck) the
/// orders queued for its next shuffles, and the order it is being pulled in.
struct TspDecks {
    std::array<std::deque<std::vector<std::uint8_t>>, 2> queued{};
    std::array<std::vector<std::uint8_t>, 2> order{};
    std::array<int, 2> pulled{};

    /// The full order of a deck whose top cards are `top`.
    static std::vector<std::uint8_t> full(const std::vector<std::uint8_t>& top) {
        std::vector<std::uint8_t> out(top);
        for (int c = 0; c < tsp::kDeckSize; ++c) {
            if (std::find(top.begin(), top.end(), c) == top.end()) out.push_back(static_cast<std::uint8_t>(c));
        }
        return out;
    }
    /// The pick that pulls the deck's next card from among `n` left in card order; a deck of 52
    /// left has just been shuffled and takes its next queued order (card order if none).
    int pull(int deck, int n) {
        auto& o = order[static_cast<std::size_t>(deck)];
        int& p = pulled[static_cast<std::size_t>(deck)];
        if (n == tsp::kDeckSize) {
            auto& q = queued[static_cast<std::size_t>(deck)];
            o = full(q.empty() ? std::vector<std::uint8_t>{} : q.front());
            if (!q.empty()) q.pop_front();
            p = 0;
        }
        if (o.empty() || tsp::kDeckSize - p != n) {
            throw core::DiceError("the tests' " + std::string(deck == 0 ? "activation" : "casualty") + " deck has " +
                                  std::to_string(tsp::kDeckSize - p) + " cards left, the game " + std::to_string(n));
        }
        const std::uint8_t card = o[static_cast<std::size_t>(p++)];
        int below = 0;  // the cards left smaller than it: its place among them in card order
        for (std::size_t i = static_cast<std::size_t>(p); i < o.size(); ++i) below += o[i] < card;
        return below;
    }
};

/// The tests' dice: a script for every draw but the cards (core::ScriptedDice's words), and the
/// cards from `decks`. The script's `deck:` words (tsp_deck) queue the activation deck's orders.
class TspDice final : public core::Dice {
  public:
    TspDice(TspDecks& decks, std::string_view script) : decks_(decks), script_(core::ScriptedDice::parse(rest(script))) {
        std::size_t at = 0;
        while ((at = script.find("deck:", at)) != std::string_view::npos) {
            at += 5;
            std::vector<std::uint8_t> top;
            while (at < script.size() && script[at] != ' ') {
                const std::size_t comma = script.find(',', at);
                top.push_back(static_cast<std::uint8_t>(std::stoi(std::string(script.substr(at, comma - at)))));
                at = comma + 1;
            }
            decks_.queued[0].push_back(top);
        }
    }
    int roll(core::DieType die, core::RollPurpose purpose) override { return script_.roll(die, purpose); }
    int pick(int n, core::RollPurpose purpose) override {
        if (purpose == core::RollPurpose::Card) return decks_.pull(0, n);
        if (purpose == core::RollPurpose::CasualtyCard) return decks_.pull(1, n);
        return script_.pick(n, purpose);
    }
    /// Scripted draws not used, and activation orders queued but not shuffled.
    std::size_t remaining() const { return script_.remaining() + decks_.queued[0].size(); }
    std::size_t used() const { return script_.used(); }

  private:
    static std::string rest(std::string_view script) {
        std::string out;
        std::size_t at = 0;
        while (at < script.size()) {
            std::size_t end = script.find(' ', at);
            if (end == std::string_view::npos) end = script.size();
            const std::string_view word = script.substr(at, end - at);
            if (!word.starts_with("deck:")) out += std::string(word) + " ";
            at = end + 1;
        }
        return out;
    }
    TspDecks& decks_;
    core::ScriptedDice script_;
};

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
    TspDecks decks;

    /// A new game: the casualty deck and the first activation deck in the orders given (their top
    /// cards), then `more` (a D4 of quicker movement, say).
    explicit TspGame(const std::vector<std::uint8_t>& activation = {}, const std::vector<std::uint8_t>& casualty = {},
                     std::uint8_t options = 0, const std::string& more = "") {
        decks.queued[1].push_back(casualty);
        TspDice dice(decks, tsp_deck(activation) + more);
        ctx.options = options;
        tsp::new_game(ctx, s, dice);
        REQUIRE(dice.remaining() == 0);
    }

    /// Gives a command as the deciding side with exactly the draws scripted (all used).
    tsp::Events play(const std::string& text, const std::string& script = "") {
        TspDice dice(decks, script);
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

/// D6 naturals as scripted rolls ("d6:3 d6:5 ").
inline std::string d6s(std::initializer_list<int> rolls) {
    std::string out;
    for (const int r : rolls) out += "d6:" + std::to_string(r) + " ";
    return out;
}

/// A square of the game's board by name ("h8").
inline core::Square sq(const TspGame& g, const char* text) {
    return *core::parse_square(text, g.s.files, g.s.ranks);
}

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
    TspDice dice(g.decks, script);
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
