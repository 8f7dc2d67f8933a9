#include "kits/hbl/screen.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>
#include <variant>

#include "kits/hbl/text.hpp"

namespace tercio::kits::hbl_kit {

namespace {

using namespace hbl;

constexpr std::array<ui::SquareSize, 5> kSizes{{{7, 3}, {5, 2}, {3, 1}, {2, 1}, {1, 1}}};

constexpr ui::KeyLine kActionKeys[] = {
    {"m", "move the selected unit to the cursor (one move; Enter for wheels)"},
    {"f", "shoot with the selected unit at the cursor (odds first)"},
    {"a", "attack: fight its melee, or move into the enemy at the cursor"},
    {"g r", "activate the command of the unit at the cursor; rally it"},
    {"t P", "turn a card for a pip; done with the card or the phase"},
    {"d c", "hold (no shot) or accept; pay a chip for a stubborn unit"},
    {"F s", "follow up or stay after a melee won"},
};

constexpr std::array<std::string_view, core::kFacings> kArrows{"↑", "↗", "→", "↘",
                                                               "↓", "↙", "←", "↖"};
// Right of the letter, as every facing: south-west and north-west are the low and high tick.
constexpr std::array<std::string_view, core::kFacings> kAsciiArrows{"^", "/", ">", "\\",
                                                                    "v", ",", "<", "'"};

ui::Color side_color(core::Side s) {
    return s == core::Side::A ? ui::Color::Red : ui::Color::Blue;
}

/// The squares a command names (a unit's square, where it goes, its target).
std::vector<core::Square> squares_of(const GameState& s, const Command& c) {
    const auto at = [&s](int u) { return s.units[static_cast<std::size_t>(u)].sq; };
    return std::visit(
        [&](const auto& x) -> std::vector<core::Square> {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, cmd::Move>)
                return {at(x.unit), x.to};
            else if constexpr (std::is_same_v<T, cmd::Shoot>)
                return {at(x.unit), at(x.target)};
            else if constexpr (std::is_same_v<T, cmd::Reload>)
                return x.unit >= 0 ? std::vector{at(x.unit)} : std::vector<core::Square>{};
            else if constexpr (std::is_same_v<T, cmd::Fight> || std::is_same_v<T, cmd::Rally> ||
                               std::is_same_v<T, cmd::Face>)
                return {at(x.unit)};
            else if constexpr (std::is_same_v<T, cmd::Activate>) {
                std::vector<core::Square> out;  // its units' squares
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.on_board && u.side == s.decider && u.command == x.command)
                        out.push_back(u.sq);
                }
                return out;
            } else
                return {};
        },
        c);
}

bool names(const std::vector<core::Square>& v, core::Square q) {
    return std::find(v.begin(), v.end(), q) != v.end();
}

/// The legal move of `unit` into `to`, keeping its facing if it can.
std::optional<Command> move_to(const Context& ctx, const GameState& s, std::size_t unit,
                               core::Square to) {
    std::optional<Command> best;
    for (const Command& c : legal_commands(ctx, s)) {
        const auto* m = std::get_if<cmd::Move>(&c);
        if (!m || m->unit != unit || m->to != to) continue;
        if (!best || m->facing == s.units[unit].facing) best = c;
    }
    return best;
}

/// m, f, a, r and g with the selection and the cursor: the command, or why none.
std::optional<Command> unit_action(const Context& ctx, const GameState& s, char32_t key,
                                   std::optional<core::Square> selected, core::Square cursor,
                                   std::string& why) {
    if (key == 'r' || key == 'g') {
        const auto u = unit_at(s, key == 'g' && selected ? *selected : cursor, s.decider);
        if (!u) {
            why = "no unit of side " + std::string(1, core::side_letter(s.decider)) + " there";
            return std::nullopt;
        }
        const Command c = key == 'r' ? Command{cmd::Rally{static_cast<std::uint8_t>(*u)}}
                                     : Command{cmd::Activate{s.units[*u].command}};
        if (auto bad = validate(ctx, s, c)) {
            why = print(ctx, s, c) + ": " + *bad;
            return std::nullopt;
        }
        return c;
    }
    const auto u = selected ? unit_at(s, *selected, s.decider) : std::nullopt;
    if (!u) {
        why = "select a unit first: put the cursor on it and press Space";
        return std::nullopt;
    }
    const auto unit = static_cast<std::uint8_t>(*u);
    if (key == 'f' || (key == 'a' && cursor == *selected)) {
        Command c = cmd::Fight{unit};
        if (key == 'f') {
            const auto t = unit_at(s, cursor, core::other(s.decider));
            if (!t) {
                why = "no enemy unit in " + core::to_string(cursor) + " to shoot at";
                return std::nullopt;
            }
            c = cmd::Shoot{unit, static_cast<std::uint8_t>(*t)};
        }
        if (auto bad = validate(ctx, s, c)) {
            why = print(ctx, s, c) + ": " + *bad;
            return std::nullopt;
        }
        return c;
    }
    if (cursor == *selected) {
        why = "a wheel turns in place: Enter shows the facings";
        return std::nullopt;
    }
    if (auto c = move_to(ctx, s, *u, cursor)) return c;
    const Command tried = cmd::Move{unit, cursor, s.units[*u].facing};
    why = print(ctx, s, tried) + ": " + validate(ctx, s, tried).value_or("not one move from there");
    return std::nullopt;
}

}  // namespace

std::span<const ui::SquareSize> Screen::square_sizes() {
    return kSizes;
}

ui::SquareCells Screen::square_cells(const Context& ctx, const State& s, core::Square q,
                                     ui::SquareSize size, bool ascii, bool color) {
    const auto colored = [color](ui::Color k) { return ui::Style{color ? k : ui::Color::Default}; };
    const Terrain t = s.terrain_at(q);
    // HBL-UNDEF-22: type II rough, type III difficult ground fill the square; type I is open.
    const ui::Cell fill{t == Terrain::II    ? ":"
                        : t == Terrain::III ? "#"
                                            : " ",
                        colored(t == Terrain::II ? ui::Color::Yellow : ui::Color::Default)};
    ui::SquareCells c(size, fill);
    const int w = size.first;
    const int h = size.second;
    const auto a = unit_at(s, q, core::Side::A);
    const auto b = unit_at(s, q, core::Side::B);
    const auto side_style = [&](std::size_t i) { return colored(side_color(s.units[i].side)); };
    const auto glyph = [&](std::size_t i, int x) {
        const Unit& u = s.units[i];
        const auto g = static_cast<unsigned char>(ctx.rs().troop_types[u.type].glyph);
        ui::Style st = side_style(i);
        st.bold = true;
        st.dim = st.underline =
            u.integrity.vexed;  // HBL-VEX: vexed, as Disordered in Pikette Squared
        c.set(x, 0,
              std::string(1, static_cast<char>(u.side == core::Side::A ? std::toupper(g)
                                                                       : std::tolower(g))),
              st);
    };
    const auto facing = [&](std::size_t i, int x) {
        c.set(x, 0, (ascii ? kAsciiArrows : kArrows)[static_cast<std::size_t>(s.units[i].facing)],
              side_style(i));
    };
    // Its name as the log gives it (in its side's colour) and the UI it has left: "P1 4UI", "P1 10"
    // where "UI" would leave no cell free before the next square.
    const auto name = [&](std::size_t i) {
        const Unit& u = s.units[i];
        const std::string label = unit_label(ctx, s, i);
        std::string left = " " + std::to_string(u.integrity.ui - u.integrity.lost);
        if (static_cast<int>(label.size() + left.size()) + 2 < w) left += "UI";
        c.write(c.write(0, 1, label, side_style(i)), 1, left, ui::Style{});
    };
    c.empty = !a && !b;
    if (a && b) {
        // HBL-GRID-3: two units in a square are in contact, a melee: A's letter, the mark, B's
        // (with their facings when there is room); the mark alone in a square of one cell.
        ui::Style melee;
        melee.bold = true;
        const std::string_view mark = ascii ? "=" : "×";
        if (w == 1) {
            c.set(0, 0, mark, melee);
        } else if (w >= 5) {
            glyph(*a, 0);
            facing(*a, 1);
            c.set(2, 0, mark, melee);
            glyph(*b, 3);
            facing(*b, 4);
        } else {
            glyph(*a, 0);
            c.set(1, 0, mark, melee);
            glyph(*b, 2);
        }
        if (h >= 2) {
            const int x = c.write(0, 1, unit_label(ctx, s, *a), side_style(*a));
            c.write(x + 1, 1, unit_label(ctx, s, *b), side_style(*b));
        }
    } else if (a || b) {
        const std::size_t i = a ? *a : *b;
        const Unit& u = s.units[i];
        glyph(i, 0);
        facing(i, 1);
        // Its marks after the facing, in this order: ? vexed, * a shooter not loaded. One cell
        // for them in a square of three (the first), a cell each in a larger one.
        const bool unloaded = ctx.rs().troop_types[u.type].shoots() && !u.loaded;
        const std::array<std::string_view, 2> marks{u.integrity.vexed ? "?" : "",
                                                    unloaded ? "*" : ""};
        ui::Style st = side_style(i);
        st.bold = true;
        int x = 2;
        for (const std::string_view m : marks) {
            if (!m.empty()) c.set(x, 0, m, st);
            if (w >= 5) {
                ++x;
            } else if (!m.empty()) {
                break;
            }
        }
        if (h >= 2) name(i);
    } else if (t == Terrain::I) {
        c.set(0, 0, ascii ? "." : "·", ui::Style{});
    }
    return c;
}

void Screen::draw_status(ui::Surface& out, ui::Rect area, const Context& ctx, const State& s,
                         bool colour) {
    int y = area.y;
    const auto line = [&](const std::string& text, ui::Style st = {}) {
        if (y < area.y + area.h)
            out.put(area.x, y++,
                    ui::code_points(text).size() > static_cast<std::size_t>(area.w)
                        ? text.substr(0, static_cast<std::size_t>(area.w))
                        : text,
                    st);
    };
    const std::string who(1, core::side_letter(s.decider));
    line("Turn " + std::to_string(s.turn) + " of " + std::to_string(kTurnLimit),
         ui::Style{ui::Color::Default, true});
    std::string decision;
    switch (s.decision) {
        case Decision::Choose:
            decision = who + " chooses: first or second";
            break;
        case Decision::Act:
            decision = who + " acts";
            break;
        case Decision::React:
            decision = who + " may shoot, or hold";
            break;
        case Decision::Stubborn:
        case Decision::KeepMove:
            decision = who + ": a stubborn chip?";
            break;
        case Decision::Follow:
            decision = who + " may follow up";
            break;
        case Decision::RallyBack:
            decision = who + ": UI back, a chip each";
            break;
        case Decision::Over:
            decision = s.winner ? Text::side_label(ctx, *s.winner) + " wins" : "A draw";
            break;
    }
    line(decision, ui::Style{ui::Color::Default, false, true});
    if (s.decision == Decision::Choose) {
        line("Initiative: " + std::to_string(s.pips) + " pips each");
    } else if (!s.over()) {
        line(std::string(1, core::side_letter(s.active)) + "'s " +
             (s.second_phase ? "2nd" : "1st") + " phase, " + std::to_string(s.pips_left) +
             (s.pips_left == 1 ? " pip left" : " pips left"));
    } else {
        line("Chips taken: A " + std::to_string(victory_points(s, core::Side::A)) + ", B " +
             std::to_string(victory_points(s, core::Side::B)));
    }
    line(s.card ? "Card: " + std::string(1, core::side_letter(s.card_side)) + "'s " +
                      std::string(card_title(*s.card))
                : std::string("Card: none in play"));
    line("   Die   Chips  Deck", ui::Style{ui::Color::Default, false, false, true});
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        std::string die = core::to_string(ctx.army(side).army_die);
        for (char& ch : die) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        std::string chips = std::to_string(s.chips[core::idx(side)]) + "/" +
                            std::to_string(s.chips_start[core::idx(side)]);
        die.resize(6, ' ');
        chips.resize(7, ' ');
        ui::Style st{colour ? side_color(side) : ui::Color::Default, true};
        line(std::string(1, core::side_letter(side)) + "  " + die + chips +
                 std::to_string(s.decks[core::idx(side)].left()),
             st);
    }
}

std::optional<std::size_t> Screen::unit_at(const State& s, core::Square q, core::Side side) {
    return hbl::unit_at(s, q, side);
}

void Screen::mark_reach(const Context& ctx, const State& s, core::Square selected,
                        ui::MapView& view) {
    const auto u = hbl::unit_at(s, selected, s.decider);
    if (!u) return;
    for (const Command& c : legal_commands(ctx, s)) {
        if (const auto* m = std::get_if<cmd::Move>(&c); m && m->unit == *u && m->to != selected) {
            view.reach.push_back(m->to);
        } else if (const auto* x = std::get_if<cmd::Shoot>(&c); x && x->unit == *u) {
            view.arc.push_back(s.units[x->target].sq);
        }
    }
}

std::vector<Command> Screen::menu_commands(const Context& ctx, const State& s, core::Square cursor,
                                           std::optional<core::Square> selected) {
    const std::vector<Command> legal = legal_commands(ctx, s);
    std::vector<Command> at, none;
    for (const Command& c : legal) {
        if (std::holds_alternative<cmd::Concede>(c)) continue;
        const auto sq = squares_of(s, c);
        if (sq.empty()) none.push_back(c);
    }
    if (selected && *selected != cursor) {
        for (const Command& c : legal) {
            const auto sq = squares_of(s, c);
            if (!sq.empty() && sq.front() == *selected && names(sq, cursor) &&
                !std::holds_alternative<cmd::Activate>(c))
                at.push_back(c);
        }
    }
    if (at.empty()) {
        for (const Command& c : legal) {
            if (names(squares_of(s, c), cursor)) at.push_back(c);
        }
    }
    at.insert(at.end(), none.begin(), none.end());
    if (at.empty()) {
        for (const Command& c : legal) {
            if (!std::holds_alternative<cmd::Concede>(c)) at.push_back(c);
        }
    }
    return at;
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
        case 'g':
            a.command = unit_action(ctx, s, key, selected, cursor, a.why);
            break;
        case 't':
            a.command = cmd::Turn{};
            break;
        case 'P':
            a.command = cmd::Done{};
            break;
        case 'd':
            if (s.decision == Decision::Stubborn || s.decision == Decision::KeepMove) {
                a.command = cmd::Accept{};
            } else {
                a.command = cmd::Hold{};
            }
            break;
        case 'c':
            a.command = cmd::Stubborn{};
            break;
        case 'F':
            a.command = cmd::Follow{};
            break;
        case 's':
            a.command = cmd::Stay{};
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
        "Units: a letter each, CAPITALS for side A (red, south), small for B (blue);",
        "a square reads from its left: the letter, its facing, then its marks.",
        std::string("Facing:         ") + (a ? "^ N  / NE  > E  \\ SE  v S  , SW  < W  ' NW"
                                             : "↑ N  ↗ NE  → E  ↘ SE  ↓ S  ↙ SW  ← W  ↖ NW"),
        "Marks, in order: ?  vexed (letter dim, underlined)   *  a shooter not loaded",
        "Three cells a square show the first mark, two cells none; larger squares show",
        "each, and the unit's name and the UI it has left under them (P1 4UI).",
        std::string("Squares:        ") + (a ? ".  open    =" : "·  open    ×") +
            "  two units in contact: a melee",
        "                :  rough ground (type II)    #  difficult ground (type III)",
        std::string("Unit selected:  +  it can move there   -  it can shoot there   ") +
            (a ? ":" : "±") + "  both",
        std::string("                ") + (a ? "o" : "•") + "  the way m takes it to the cursor",
        "A square is 2 inches (HBL-GRID-1); a move is the unit's Defence Die in inches.",
        "",
        "The side pane:",
        "Turn 3 of 10    the turn: each side's phase after the army dice (HBL-INIT)",
        "A's 1st phase   whose phase, and the pips left: a pip turns a card",
        "Card            the card in play, and whose it is",
        "Die Chips Deck  each army's die, morale chips left of those it began with,",
        "                and cards left in its deck",
        "The line under the map: the square at the cursor; ? on a unit: its rules.",
    };
}

std::optional<std::string> Screen::forfeits(const Context& ctx, const State& s, const Command& c) {
    const bool turn = std::holds_alternative<cmd::Turn>(c);
    if (!turn && !std::holds_alternative<cmd::Done>(c)) return std::nullopt;
    if (!s.card || s.decider != s.active) return std::nullopt;
    // Used already: a command activated or rallied on it, its reload, facing or nomination made.
    if (s.activated != 0 || s.rallied != 0 || s.reloaded || s.faced || s.nominated >= 0) return std::nullopt;
    std::vector<std::string> offered;
    for (const Command& o : legal_commands(ctx, s)) {
        if (std::holds_alternative<cmd::Turn>(o) || std::holds_alternative<cmd::Done>(o) ||
            std::holds_alternative<cmd::Concede>(o) || std::holds_alternative<cmd::Hold>(o))
            continue;
        offered.push_back(print(ctx, s, o));
    }
    if (offered.empty()) return std::nullopt;
    const std::string what =
        offered[0] + (offered.size() > 1 ? ", " + offered[1] : "") + (offered.size() > 2 ? "..." : "");
    return std::string(turn ? "Turn the next card" : "Done with this card") + "? The " + std::string(card_title(*s.card)) +
           " card in play is not used yet and offers " + std::to_string(offered.size()) +
           (offered.size() == 1 ? " command (" : " commands (") + what + "): y " + (turn ? "turns" : "ends it") +
           ", any other key keeps it.";
}

std::vector<Command> Screen::Reactions::offers() const {
    const State& s = session_.state();
    if (s.decision != hbl::Decision::React || !session_.seat(s.decider).here()) return {};
    std::vector<Command> out;
    for (const Command& c : hbl::legal_commands(session_.context(), s)) {
        if (std::holds_alternative<hbl::cmd::Shoot>(c)) out.push_back(c);
    }
    return out;
}

std::optional<std::string> Screen::Reactions::let_go() {
    if (session_.state().decision != hbl::Decision::React) return std::string("there is no reaction to let go now");
    return session_.play(hbl::cmd::Hold{}).refused;
}

bool Screen::out_of_turn(const State& s) {
    return !s.over() && s.decision != Decision::Choose && s.decider != s.active;
}

void Screen::mark_command(const Context&, const State& after, const Command& c, ui::MapView& view) {
    using namespace hbl;
    // A unit's square, if it is still on the board after the command.
    const auto at = [&](int u, std::vector<core::Square>& into) {
        if (u < 0 || u >= after.unit_count) return;
        const Unit& unit = after.units[static_cast<std::size_t>(u)];
        if (unit.on_board) into.push_back(unit.sq);
    };
    if (const auto* m = std::get_if<cmd::Move>(&c)) {
        view.reach.push_back(m->to);
    } else if (const auto* f = std::get_if<cmd::Fight>(&c)) {
        at(f->unit, view.arc);
    } else if (const auto* s = std::get_if<cmd::Shoot>(&c)) {
        at(s->unit, view.reach);
        at(s->target, view.arc);
    } else if (const auto* r = std::get_if<cmd::Reload>(&c)) {
        at(r->unit, view.reach);
    } else if (const auto* y = std::get_if<cmd::Rally>(&c)) {
        at(y->unit, view.reach);
    } else if (const auto* x = std::get_if<cmd::Face>(&c)) {
        at(x->unit, view.reach);
    }
}

void Screen::mark_way(const Context& ctx, const State& s, core::Square selected, core::Square cursor,
                      ui::MapView& view) {
    if (selected == cursor) return;
    std::string why;
    const auto c = unit_action(ctx, s, 'm', selected, cursor, why);
    if (const auto* m = c ? std::get_if<hbl::cmd::Move>(&*c) : nullptr) view.way = hbl::move_way(ctx, s, *m);
}

void Screen::mark_offer(const Context& ctx, const State& s, const Command& c, ui::MapView& view) {
    mark_command(ctx, s, c, view);
}

bool Screen::turned_card(const Command& c, const hbl::Events&) {
    return std::holds_alternative<hbl::cmd::Turn>(c);
}

}  // namespace tercio::kits::hbl_kit
