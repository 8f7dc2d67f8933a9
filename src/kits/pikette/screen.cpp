#include "kits/pikette/screen.hpp"

#include <iterator>
#include <algorithm>
#include <variant>

#include "core/overloaded.hpp"

#include "kits/pikette/guide.hpp"
#include "kits/pikette/map_pane.hpp"
#include "kits/pikette/side_pane.hpp"
#include "kits/pikette/control/session.hpp"
#include "rules/involuntary.hpp"

namespace tercio::kits::pikette {

using namespace rules;

namespace {

constexpr ui::KeyLine kActionKeys[] = {
    {"m", "move the selected unit to the cursor"},
    {"f", "shoot with the selected unit at the cursor (odds first)"},
    {"a", "attack: fight there, or move in and attack"},
    {"r", "rally the unit under the cursor"},
    {"t P", "turn a card; pass: end your phase"},
    {"d c", "decline a reaction, chip or escape; chip the unit just hit"},
    {"F s", "follow or stay after a melee won"},
    {"D", "let reactions go until your phase; deploy the rest (set-up)"},
};

/// Not straight there: the legal move that turns first and then reaches the square (the map
/// shows it as reachable), the least turn first; none if there is none.
std::optional<Move> turn_then_move(const RulesContext& ctx, const GameState& s, const Move& plain) {
    const Unit* u = nullptr;
    if (const auto i = rules::unit_at(s, plain.from, s.decider)) u = &s.units[*i];
    if (!u || !plain.to) return std::nullopt;
    std::optional<Move> best;
    int best_turn = 99;
    for (const Command& c : legal_commands(ctx, s)) {
        const Move* m = std::get_if<Move>(&c);
        if (!m || m->from != plain.from || m->to != plain.to || m->attack != plain.attack) continue;
        const int turn = m->face_before ? core::turn_steps(u->facing, *m->face_before) : 0;
        const int after = m->face_after ? 1 : 0;  // a turn after the move only when nothing else does
        if (!best || turn * 2 + after < best_turn) {
            best = *m;
            best_turn = turn * 2 + after;
        }
    }
    return best;
}

/// The legal command for m, f, a or r with the selection and the cursor, or why none.
std::optional<Command> unit_action(const RulesContext& ctx, const GameState& s, char32_t key,
                                   std::optional<core::Square> selected, core::Square cursor,
                                   std::string& why) {
    std::optional<Command> wanted;
    if (key == 'r') {
        wanted = Rally{cursor, std::nullopt};
    } else {
        if (!selected) {
            why = "select a unit first: put the cursor on it and press Space";
            return std::nullopt;
        }
        if (key == 'm') wanted = Move{*selected, std::nullopt, cursor, std::nullopt, false};
        if (key == 'f') wanted = Shoot{*selected, cursor};
        if (key == 'a') {
            wanted = *selected == cursor
                         ? Command{Fight{cursor}}
                         : Command{Move{*selected, std::nullopt, cursor, std::nullopt, true}};
        }
    }
    if (const Move* plain = std::get_if<Move>(&*wanted); plain && validate(ctx, s, *wanted)) {
        if (auto turned = turn_then_move(ctx, s, *plain)) return Command{*turned};
    }
    if (const auto bad = validate(ctx, s, *wanted)) {
        why = print(*wanted) + ": " + *bad;
        return std::nullopt;
    }
    return wanted;
}

}  // namespace

ui::SquareCells Screen::square_cells(const Context& ctx, const State& s, core::Square q,
                                     ui::SquareSize size, bool ascii, bool color) {
    return ui::square_cells(ctx, s, q, size, ascii, color);
}

void Screen::draw_status(ui::Surface& out, ui::Rect area, const Context& ctx, const State& s,
                         bool colour) {
    ui::StatusOptions so;
    so.colour = colour;
    ui::draw_status(out, area, ctx, s, so);
}

std::optional<std::size_t> Screen::unit_at(const State& s, core::Square q, core::Side side) {
    return rules::unit_at(s, q, side);
}

void Screen::mark_reach(const Context& ctx, const State& s, core::Square selected,
                        ui::MapView& view) {
    // The unit that may evade: where the evade would take it (PS-INVOL-4).
    if (const auto plan = rules::evade_plan(ctx, s); plan && plan->start == selected) {
        for (const Square& q : plan->squares) view.reach.push_back(q);
    }
    for (const Command& c : legal_commands(ctx, s)) {
        if (const Move* m = std::get_if<Move>(&c);
            m && m->from == selected && m->to && !m->attack) {
            view.reach.push_back(*m->to);
        } else if (const Shoot* x = std::get_if<Shoot>(&c); x && x->from == selected) {
            view.arc.push_back(x->target);
        }
    }
}

std::vector<Command> Screen::menu_commands(const Context& ctx, const State& s, core::Square cursor,
                                           std::optional<core::Square> selected) {
    return ui::menu_commands(ctx, s, cursor, selected);
}

std::optional<std::string> Screen::forfeits(const Context& ctx, const State& s, const Command& c) {
    const bool turn = std::holds_alternative<TurnCard>(c);
    if (!turn && !std::holds_alternative<Pass>(c)) return std::nullopt;
    const rules::CardKind* card = s.current_card();
    if (!card) return std::nullopt;
    // Used already: a unit or the leader acted on it (PS-CARD-4, PS-LEADER-2), a unit rallied on
    // it (PS-RALLY-7), or a march.
    for (const Unit& u : s.units) {
        if (u.side == s.decider && (u.acted || u.rallied)) return std::nullopt;
    }
    if (s.leaders[rules::idx(s.decider)].acted || s.marched_on_card) return std::nullopt;
    std::vector<std::string> offered;
    for (const Command& o : legal_commands(ctx, s)) {
        // What the next card leaves as it is: shooting needs no card (PS-SHOOT-2), nor a march.
        if (std::holds_alternative<TurnCard>(o) || std::holds_alternative<Pass>(o) ||
            std::holds_alternative<Concede>(o) || std::holds_alternative<March>(o) ||
            std::holds_alternative<Shoot>(o))
            continue;
        offered.push_back(print(o));
    }
    if (offered.empty()) return std::nullopt;
    std::string what = offered[0] + (offered.size() > 1 ? ", " + offered[1] : "") + (offered.size() > 2 ? "..." : "");
    return std::string(turn ? "Turn the next card" : "Pass") + "? The " + std::string(rules::card_title(*card)) +
           " card in play is not used yet and offers " + std::to_string(offered.size()) +
           (offered.size() == 1 ? " command (" : " commands (") + what + "): y " + (turn ? "turns" : "passes") +
           ", any other key keeps it.";
}

Command Screen::typed(const Context& ctx, const State& s, const Command& c) {
    const Move* m = std::get_if<Move>(&c);
    // Only a move that names no facing: one that names it means it.
    if (!m || m->face_before || m->face_after || !validate(ctx, s, c)) return c;
    if (auto turned = turn_then_move(ctx, s, *m)) return Command{*turned};
    return c;
}

ui::KeyAction<Command> Screen::action(const Context& ctx, const State& s, char32_t key,
                                      std::optional<core::Square> selected, core::Square cursor) {
    ui::KeyAction<Command> a;
    a.handled = true;
    switch (key) {
        case 'm':
        case 'f':
        case 'a':
        case 'r':
            a.command = unit_action(ctx, s, key, selected, cursor, a.why);
            break;
        case 't':
            a.command = TurnCard{};
            break;
        case 'd':
            a.command = Decline{};
            break;
        case 'c':
            a.command = ChipUnit{};
            break;
        case 'F':
            a.command = Follow{};
            break;
        case 's':
            a.command = Stay{};
            break;
        case 'P':
            a.command = Pass{};
            break;
        case 'D':
            // At a reaction: let them all go until the side's phase (PS-OPP-3); at the set-up:
            // the standard layout.
            if (s.decision == Decision::React) {
                a.decline_all = true;
            } else {
                a.command = DeployAuto{};
            }
            break;
        default:
            a.handled = false;
            break;
    }
    return a;
}

std::span<const ui::KeyLine> Screen::action_keys() {
    return kActionKeys;
}

std::vector<std::string> Screen::legend(bool a) {
    return {
        "Units: one letter each, CAPITALS for side A (red), small for side B (blue);",
        "a square reads from its left: the letter, its facing, then its marks.",
        std::string("Facing:         ") + (a ? "^ N  / NE  > E  \\ SE  v S  , SW  < W  ' NW"
                                             : "↑ N  ↗ NE  → E  ↘ SE  ↓ S  ↙ SW  ← W  ↖ NW"),
        "Marks, in order: !  Routed     ?  Disordered     @  the leader is with it",
        "                 *  fired, not loaded (reload on a Reload card)",
        "At 80x24 only the first mark shows (and a fired unit's facing is dim);",
        "larger squares show each mark, and the unit's name and stands under them",
        "(T1 6st, or T1 6: T1 has 6 stands), then its hits. The letter: bold with the",
        "leader, reversed Routed, dim and underlined Disordered.",
        std::string("Squares:        ") + (a ? ".  empty      =" : "·  empty      ×") +
            "  units of both sides: a melee square",
        std::string("Unit selected:  +  it can move there   -  it can shoot there   ") +
            (a ? ":" : "±") + "  both",
        std::string("                ") + (a ? "o" : "•") + "  the way m takes it to the cursor",
        "                underlined and bold, its file and rank reversed at the edges",
        "Out of turn:    +  where an evade offered would go, - what a shot would hit",
        std::string("Terrain:        ") + (a ? "&  wood   #  building   %  hill   ~  stream"
                                             : "♣  wood   #  building   ^  hill   ≈  stream"),
        "The side pane:",
        "Turn 3 of 10    the game turn: many phases, each after an initiative roll,",
        "                until End of turn in the log. Nightfall ends the battle.",
        "Deck Disc       cards left in the deck, cards turned and discarded",
        "Opp             opportunity chips: charge, shoot or evade out of turn",
        "Morale          morale chips: spent on rallies and chips, lost with units",
        "marching option on a Move card, march moves every unit but the cannon",
        "                toward the enemy for 2 pips; lost for good when a Move card is",
        "                not marched on or a unit enters an enemy's square (PS-MARCH-5)",
    };
}

bool Screen::out_of_turn(const State& s) {
    return s.turn > 0 && s.decider != s.active && s.decision != Decision::GameOver &&
           s.decision != Decision::InitiativeChoice;
}

std::vector<std::string> Screen::tips(const control::Session& session, const State& before,
                                      Tips& shown) {
    const State& s = session.state();
    std::vector<std::string> out;
    if (!shown.turn && s.turn >= 1 && before.turn != s.turn) {
        shown.turn = true;
        out.push_back(
            "a turn is many phases, each side's after an initiative roll, until End of turn; night "
            "falls after turn " +
            std::to_string(s.nightfall_turn) + ".");
    } else if (!shown.phase && s.turn >= 1 && s.turn == before.turn &&
               (s.active != before.active || s.phase != before.phase)) {
        shown.phase = true;
        out.push_back(
            "a phase is one side turning cards and spending pips; the other side can only react "
            "(out of turn).");
    }
    const CardKind* card = s.current_card();
    // PS-MARCH-5: the marching option is lost on a Move card not marched on.
    if (!shown.march && s.decision == Decision::Act && card &&
        (*card == CardKind::InfantryMove || *card == CardKind::CavalryMove) &&
        s.march_option[idx(s.active)] && session.seat(s.active).here()) {
        shown.march = true;
        out.push_back(
            "marching option: on a Move card, march (2 pips) moves every unit but the cannon "
            "toward "
            "the enemy. A Move card not marched on loses it for good.");
    }
    return out;
}

std::optional<std::string> Screen::command_word(Reactions& reactions, const std::string& text) {
    if (text.starts_with("charge-threshold")) {
        const std::string word = text.size() > 17 ? text.substr(17) : std::string();
        if (const auto n = control::parse_percent(word)) {
            reactions.set_charge_threshold(*n);
            return *n == 0 ? std::string("Every charge may stop the game for you again.")
                           : "Charges less likely than " + std::to_string(*n) +
                                 "% to win no longer stop the game for you.";
        }
        return "charge-threshold PERCENT, 0 to 100 (now " + std::to_string(reactions.charge_threshold()) + ")";
    }
    if (text.starts_with("shot-threshold")) {
        const std::string word = text.size() > 15 ? text.substr(15) : std::string();
        if (const auto n = control::parse_percent(word)) {
            reactions.set_shot_threshold(*n);
            return *n == 0 ? std::string("Every shot may stop the game for you again.")
                           : "Shots less likely than " + std::to_string(*n) +
                                 "% to hit or disorder no longer stop the game for you.";
        }
        return "shot-threshold PERCENT, 0 to 100 (now " + std::to_string(reactions.shot_threshold()) + ")";
    }
    if (!text.starts_with("unmoved-shots")) return std::nullopt;
    const std::string word = text.size() > 14 ? text.substr(14) : std::string();
    if (const auto u = control::parse_unmoved_shots(word)) {
        reactions.set_unmoved_shots(*u);
        return *u == control::UnmovedShots::Ask
                   ? "Shots at enemy units that did not move stop the game for you once a phase."
                   : "Shots at enemy units that did not move no longer stop the game.";
    }
    return std::string("unmoved-shots ask or unmoved-shots never (now ") +
           control::to_string(reactions.unmoved_shots()) + ")";
}

std::vector<ui::KitOption> Screen::options() {
    ui::KitOption threshold{
        "shot-threshold", "PERCENT",
        "Out of turn, a shot less likely than PERCENT to do harm (a hit, or the target\n"
        "Disordered or Routed) never stops the game for you (default " +
            std::to_string(control::kDefaultShotThreshold) + "; 0: every shot\n"
            "may stop it)",
        "A shot less likely than PERCENT to do harm never stops the game for you (0 to 100,\n"
        "default " + std::to_string(control::kDefaultShotThreshold) + "), as in tercio play",
        {std::to_string(control::kDefaultShotThreshold)},
        std::pair{0, 100}};
    ui::KitOption charge{
        "charge-threshold", "PERCENT",
        "Out of turn, an opportunity charge less likely than PERCENT to win its melee\n"
        "never stops the game for you (default " +
            std::to_string(control::kDefaultChargeThreshold) + "; 0: every charge may stop it;\n"
            "a headstrong unit's forced charge always does)",
        "An opportunity charge less likely than PERCENT to win never stops the game for you\n"
        "(0 to 100, default " + std::to_string(control::kDefaultChargeThreshold) + "), as in tercio play",
        {std::to_string(control::kDefaultChargeThreshold)},
        std::pair{0, 100}};
    return {{"unmoved-shots", "WHEN",
             "Out of turn, whether a shot at an enemy unit that has not moved in the phase\n"
             "stops the game for you: ask (once a phase, the default) or never. Reactions\n"
             "with nothing new to do never stop it; `decline all` (D) waits for your phase",
             "Whether a shot at an enemy unit that has not moved stops the game for you: ask\n"
             "(once a phase, the default) or never, as in tercio play",
             {control::to_string(control::UnmovedShots::Ask), control::to_string(control::UnmovedShots::Never)},
             std::nullopt},
            std::move(threshold), std::move(charge)};
}

bool Screen::set_option(Reactions& reactions, const std::string& name, const std::string& value) {
    if (name == "charge-threshold") {
        const auto n = control::parse_percent(value);
        if (n) reactions.set_charge_threshold(*n);
        return n.has_value();
    }
    if (name == "shot-threshold") {
        const auto n = control::parse_percent(value);
        if (n) reactions.set_shot_threshold(*n);
        return n.has_value();
    }
    if (name != "unmoved-shots") return false;
    const auto u = control::parse_unmoved_shots(value);
    if (u) reactions.set_unmoved_shots(*u);
    return u.has_value();
}

void Screen::mark_command(const Context&, const State&, const Command& c, ui::MapView& view) {
    std::visit(core::Overloaded{
                   [&](const Move& m) {
                       view.reach.push_back(m.from);
                       if (m.to) (m.attack ? view.arc : view.reach).push_back(*m.to);
                   },
                   [&](const Shoot& x) {
                       view.reach.push_back(x.from);
                       view.arc.push_back(x.target);
                   },
                   [&](const Fight& x) { view.arc.push_back(x.square); },
                   [&](const Charge& x) { view.reach.push_back(x.from); },
                   [&](const MoveLeader& x) { view.reach.push_back(x.to); },
                   [&](const Escape& x) { view.reach.push_back(x.to); },
                   [&](const Deploy& x) { view.reach.push_back(x.square); },
                   [&](const DeployLeader& x) { view.reach.push_back(x.square); },
                   [&](const Rally& x) { view.reach.push_back(x.square); },
                   [&](const Reload& x) { view.reach.push_back(x.square); },
                   [&](const CheckMorale& x) { view.reach.push_back(x.square); },
                   [&](const PlaceTerrain& x) {
                       for (const Square& q : x.squares) view.reach.push_back(q);
                   },
                   [&](const auto&) {},
               },
               c);
}

void Screen::mark_way(const Context& ctx, const State& s, core::Square selected, core::Square cursor,
                      ui::MapView& view) {
    if (selected == cursor || s.decision != Decision::Act) return;
    std::string why;
    const auto c = unit_action(ctx, s, 'm', selected, cursor, why);
    if (const Move* m = c ? std::get_if<Move>(&*c) : nullptr) view.way = rules::move_way(ctx, s, *m);
}

void Screen::mark_offer(const Context& ctx, const State& s, const Command& c, ui::MapView& view) {
    if (std::holds_alternative<rules::Evade>(c)) {
        if (const auto plan = rules::evade_plan(ctx, s)) {
            for (const Square& q : plan->squares) view.reach.push_back(q);
        }
        return;
    }
    mark_command(ctx, s, c, view);
    // The moving unit an opportunity charge would hit.
    if (std::holds_alternative<Charge>(c) && s.move.unit != rules::kNone) view.arc.push_back(s.units[s.move.unit].square);
}

bool Screen::turned_card(const Command&, const rules::Events& events) {
    return std::any_of(events.begin(), events.end(),
                       [](const Event& e) { return std::holds_alternative<CardTurned>(e); });
}

}  // namespace tercio::kits::pikette
