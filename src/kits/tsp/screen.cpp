#include "kits/tsp/screen.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <queue>
#include <string_view>
#include <variant>

#include "kits/tsp/control/event_text.hpp"
#include "kits/tsp/text.hpp"

namespace tercio::kits::tsp_kit {

namespace {

using namespace tsp;

// Two cells a square at 80x24 (51 columns beside the side pane's 28), three at 120x40; five and
// seven in larger terminals. One cell is never needed at the smallest screen; it is there as
// Hell Broke Loose's, for a board larger than the ruleset's.
constexpr std::array<ui::SquareSize, 5> kSizes{{{7, 3}, {5, 2}, {3, 1}, {2, 1}, {1, 1}}};

// The cursor keys (h j k l y u b n), Space, x, S, U, Q, ? and : are the screen's own: these are
// the letters left that say what they do.
constexpr ui::KeyLine kActionKeys[] = {
    {"a", "activate the unit at the cursor (in close combat: break off)"},
    {"m", "move the activated unit to the cursor (an enemy's: charge)"},
    {"t", "turn the activated unit to face the cursor"},
    {"s", "the activated unit stays where it is"},
    {"f", "fire the selected unit at the enemy at the cursor, odds first"},
    {"d", "hold the unit at the cursor: it does nothing on this card"},
    {"o", "dismount the unit at the cursor, or mount it, and activate it"},
};

constexpr std::array<std::string_view, core::kFacings> kArrows{"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"};
// Right of the letter, as every facing: south-west and north-west are the low and high tick.
constexpr std::array<std::string_view, core::kFacings> kAsciiArrows{"^", "/", ">", "\\", "v", ",", "<", "'"};

ui::Color side_color(core::Side s) {
    return s == core::Side::A ? ui::Color::Red : ui::Color::Blue;
}

/// The ground's mark and colour, as the legend gives them; open ground its dot.
std::string_view ground_mark(Terrain t, bool ascii) {
    switch (t) {
        case Terrain::Open: return ascii ? "." : "·";
        case Terrain::Wood: return ascii ? "&" : "♣";
        case Terrain::Hill: return "^";
        case Terrain::Stream: return ascii ? "~" : "≈";
        case Terrain::Hedge: return ":";
        case Terrain::Wall: return "#";
        case Terrain::Building: return ascii ? "@" : "■";
        case Terrain::Road: return "=";
    }
    return "?";
}

ui::Color ground_color(Terrain t) {
    switch (t) {
        case Terrain::Wood:
        case Terrain::Hedge: return ui::Color::Green;
        case Terrain::Hill:
        case Terrain::Road: return ui::Color::Yellow;
        case Terrain::Stream: return ui::Color::Cyan;
        default: return ui::Color::Default;
    }
}

/// The activated unit, if a unit is activated to move.
std::optional<std::size_t> active_unit(const GameState& s) {
    if (s.decision != Decision::Move || s.active < 0) return std::nullopt;
    return static_cast<std::size_t>(s.active);
}

/// The squares a command names: its unit's square first (the activated unit's for a move, a
/// turn and a stay), then where it goes or what it shoots at.
std::vector<core::Square> squares_of(const GameState& s, const Command& c) {
    const auto at = [&s](std::size_t u) { return s.units[u].sq; };
    const auto active = active_unit(s);
    return std::visit(
        [&](const auto& x) -> std::vector<core::Square> {
            using T = std::decay_t<decltype(x)>;
            if constexpr (std::is_same_v<T, cmd::Move>) {
                return active ? std::vector{at(*active), x.to} : std::vector{x.to};
            } else if constexpr (std::is_same_v<T, cmd::Shoot>) {
                return {at(x.unit), at(x.target)};
            } else if constexpr (std::is_same_v<T, cmd::Activate> || std::is_same_v<T, cmd::Hold> ||
                                 std::is_same_v<T, cmd::BreakOff> || std::is_same_v<T, cmd::Dismount>) {
                return {at(x.unit)};
            } else if constexpr (std::is_same_v<T, cmd::Face> || std::is_same_v<T, cmd::Stay>) {
                return active ? std::vector{at(*active)} : std::vector<core::Square>{};
            } else {
                return {};
            }
        },
        c);
}

/// Whether the Enter menu lists `c` at the cursor: a move where it goes, a shot at either end,
/// every other command at its unit.
bool at_cursor(const GameState& s, const Command& c, core::Square cursor) {
    if (const auto* m = std::get_if<cmd::Move>(&c)) return m->to == cursor;
    const auto sq = squares_of(s, c);
    return std::find(sq.begin(), sq.end(), cursor) != sq.end();
}

/// The facing nearest the direction from `from` to `to` (`to` not `from`).
Facing facing_toward(core::Square from, core::Square to) {
    const core::Offset d = to - from;
    Facing best = Facing::N;
    double best_cos = -2;
    for (const Facing f : core::kAllFacings) {
        const core::Offset v = core::vector(f);
        const double len = std::sqrt(static_cast<double>(v.dx * v.dx + v.dy * v.dy)) *
                           std::sqrt(static_cast<double>(d.dx * d.dx + d.dy * d.dy));
        const double c = (v.dx * d.dx + v.dy * d.dy) / len;
        if (c > best_cos + 1e-9) best_cos = c, best = f;
    }
    return best;
}

/// The legal move of the activated unit into `to`: keeping its facing if it can, else facing the
/// way it goes, else the first the rules list.
std::optional<cmd::Move> move_to(const Context& ctx, const GameState& s, core::Square to) {
    const auto u = active_unit(s);
    if (!u) return std::nullopt;
    const Facing keep = s.units[*u].facing;
    const Facing toward = facing_toward(s.units[*u].sq, to);
    std::optional<cmd::Move> best;
    int rank = 3;
    for (const Command& c : legal_commands(ctx, s)) {
        const auto* m = std::get_if<cmd::Move>(&c);
        if (!m || m->to != to) continue;
        const int r = m->facing == keep ? 0 : m->facing == toward ? 1 : 2;
        if (r < rank) rank = r, best = *m;
    }
    return best;
}

std::string no_unit_there(const GameState& s, core::Square q) {
    return "no unit of side " + std::string(1, core::side_letter(s.decider)) + " in " + core::to_string(q);
}

/// The unit a, d and f act on: the side's unit at the cursor, else the one selected.
std::optional<std::size_t> own_unit(const GameState& s, std::optional<core::Square> selected, core::Square cursor) {
    if (const auto u = unit_at(s, cursor, s.decider)) return u;
    if (selected) return unit_at(s, *selected, s.decider);
    return std::nullopt;
}

/// The command, or why none.
std::optional<Command> checked(const Context& ctx, const GameState& s, const Command& c, std::string& why) {
    if (auto bad = validate(ctx, s, c)) {
        why = print(ctx, s, c) + ": " + *bad;
        return std::nullopt;
    }
    return c;
}

/// f: the selected unit (or the only one that can) fires at the enemy at the cursor.
std::optional<Command> fire(const Context& ctx, const GameState& s, std::optional<core::Square> selected,
                            core::Square cursor, std::string& why) {
    if (s.decision != Decision::Fire) {
        why = "f fires in the fire phase";
        return std::nullopt;
    }
    const auto target = unit_at(s, cursor, core::other(s.decider));
    if (!target) {
        why = "no enemy unit in " + core::to_string(cursor) + " to fire at";
        return std::nullopt;
    }
    if (const auto u = selected ? unit_at(s, *selected, s.decider) : std::nullopt)
        return checked(ctx, s, cmd::Shoot{static_cast<std::uint8_t>(*u), static_cast<std::uint8_t>(*target)}, why);
    std::vector<Command> shots;
    for (const Command& c : legal_commands(ctx, s)) {
        if (const auto* sh = std::get_if<cmd::Shoot>(&c); sh && sh->target == *target) shots.push_back(c);
    }
    if (shots.size() == 1) return shots.front();
    why = shots.empty() ? "none of your units can fire at " + core::to_string(cursor) + " now"
                        : "several units can fire there: select one with Space first";
    return std::nullopt;
}

std::optional<Command> unit_action(const Context& ctx, const GameState& s, char32_t key,
                                   std::optional<core::Square> selected, core::Square cursor, std::string& why) {
    switch (key) {
        case 'a':
        case 'd':
        case 'o': {
            if (key == 'd' && s.decision == Decision::Move) return Command{cmd::Stay{}};
            const auto u = own_unit(s, selected, cursor);
            if (!u) {
                why = no_unit_there(s, cursor);
                return std::nullopt;
            }
            const auto unit = static_cast<std::uint8_t>(*u);
            if (key == 'd') return checked(ctx, s, cmd::Hold{unit}, why);
            // TSP-MOVE-4: off its horses, or back on them if it has dismounted.
            if (key == 'o') return checked(ctx, s, cmd::Dismount{unit, s.units[*u].dismounted}, why);
            // A unit in close combat is activated only to break off (TSP-CC-6).
            if (s.units[*u].combat >= 0) return checked(ctx, s, cmd::BreakOff{unit}, why);
            return checked(ctx, s, cmd::Activate{unit}, why);
        }
        case 'm':
        case 't':
        case 's': {
            const auto u = active_unit(s);
            if (!u) {
                why = std::string(1, static_cast<char>(key)) + " is for the unit activated to move: a activates one";
                return std::nullopt;
            }
            if (key == 's') return Command{cmd::Stay{}};
            const core::Square from = s.units[*u].sq;
            if (cursor == from) {
                why = key == 'm' ? std::string("put the cursor where it should go")
                                 : std::string("put the cursor where it should face");
                return std::nullopt;
            }
            if (key == 't') return checked(ctx, s, cmd::Face{facing_toward(from, cursor)}, why);
            if (const auto m = move_to(ctx, s, cursor)) return Command{*m};
            const Command tried = cmd::Move{cursor, s.units[*u].facing};
            why = print(ctx, s, tried) + ": " + validate(ctx, s, tried).value_or("not within its move");
            return std::nullopt;
        }
        case 'f': return fire(ctx, s, selected, cursor, why);
        default: break;
    }
    return std::nullopt;
}

}  // namespace

std::span<const ui::SquareSize> Screen::square_sizes() {
    return kSizes;
}

ui::SquareCells Screen::square_cells(const Context& ctx, const State& s, core::Square q, ui::SquareSize size,
                                     bool ascii, bool color) {
    const auto colored = [color](ui::Color k) { return ui::Style{color ? k : ui::Color::Default}; };
    const Terrain t = s.terrain_at(q);
    // Ground other than open fills the square with its mark; open ground is its dot, first cell.
    const ui::Cell fill{t == Terrain::Open ? " " : std::string(ground_mark(t, ascii)), colored(ground_color(t))};
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
        // Shaken or Routed: the letter dim, and underlined when Shaken (as Disordered in Pikette
        // Squared and vexed in Hell Broke Loose).
        st.dim = u.status != Status::Steady;
        st.underline = u.status == Status::Shaken;
        c.set(x, 0, std::string(1, static_cast<char>(u.side == core::Side::A ? std::toupper(g) : std::tolower(g))), st);
    };
    const auto facing = [&](std::size_t i, int x) {
        c.set(x, 0, (ascii ? kAsciiArrows : kArrows)[static_cast<std::size_t>(s.units[i].facing)], side_style(i));
    };
    c.empty = !a && !b;
    if (a && b) {
        // Two units in a square are in close combat: A's letter, the mark, B's (with their
        // facings when there is room); the mark alone in a square of one cell.
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
            if (w >= 3) glyph(*b, 2);
        }
        if (h >= 2) {
            const int x = c.write(0, 1, unit_label(ctx, s, *a), side_style(*a));
            c.write(x + 1, 1, unit_label(ctx, s, *b), side_style(*b));
        }
    } else if (a || b) {
        const std::size_t i = a ? *a : *b;
        const Unit& u = s.units[i];
        glyph(i, 0);
        if (w >= 2) facing(i, 1);
        // Its marks after the facing, in this order: ? Shaken or ! Routed, * reloading (or out
        // of fire). One cell for them in a square of three (the first), a cell each in a larger
        // one. (A unit in close combat shares its enemy's square: drawn above.)
        const std::array<std::string_view, 2> marks{
            u.status == Status::Shaken ? "?" : u.status == Status::Routed ? "!" : "",
            u.reload > 0 || u.out_of_fire ? "*" : ""};
        ui::Style st = side_style(i);
        st.bold = true;
        int x = 2;
        for (const std::string_view m : marks) {
            if (x >= w) break;
            if (!m.empty()) c.set(x, 0, m, st);
            if (w >= 5) {
                if (!m.empty()) ++x;
            } else if (!m.empty()) {
                break;
            }
        }
        if (h >= 2) {
            // Its label as the log gives it (in its side's colour) and its figures left.
            const int nx = c.write(0, 1, unit_label(ctx, s, i), side_style(i));
            c.write(nx, 1, " " + std::to_string(u.total()), ui::Style{});
        }
        if (h >= 3) {
            const Condition k = condition_of(u);
            const std::string state = u.status != Status::Steady ? control::status_word(u.status)
                                      : k != Condition::Fresh    ? control::condition_word(k)
                                                                 : std::string();
            if (!state.empty()) c.write(0, 2, state, ui::Style{});
        }
    } else if (objective_at(ctx, q)) {
        // An objective (scenario data, TSP-SPIRIT-4) shows its mark where no unit stands (a reach
        // or target mark goes over it).
        ui::Style st = colored(ui::Color::Yellow);
        st.bold = true;
        c.set(0, 0, ascii ? "$" : "◆", st);
    } else if (t == Terrain::Open) {
        c.set(0, 0, ground_mark(t, ascii), ui::Style{});
    }
    return c;
}

void Screen::draw_status(ui::Surface& out, ui::Rect area, const Context& ctx, const State& s, bool colour) {
    int y = area.y;
    const auto line = [&](const std::string& text, ui::Style st = {}) {
        if (y >= area.y + area.h) return;
        const auto cells = ui::code_points(text);
        std::string cut;
        for (std::size_t i = 0; i < cells.size() && i < static_cast<std::size_t>(area.w); ++i) cut += cells[i];
        out.put(area.x, y++, cut, st);
    };
    const std::string who(1, core::side_letter(s.decider));
    line("Turn " + std::to_string(s.turn) + " of " + std::to_string(kTurnLimit) +
             (s.over() ? "" : s.step == Step::Movement ? ", movement" : ", fire"),
         ui::Style{ui::Color::Default, true});
    std::string decision;
    switch (s.decision) {
        case Decision::Activate:
            // With quicker movement a card may move several (TSP-CARD-2): said here, as the card's
            // line has no room for it in the pane's 28 columns.
            decision = s.activations_left > 1 ? who + ": " + std::to_string(s.activations_left) + " units to activate"
                                              : who + ": activate or hold";
            break;
        case Decision::Move:
            decision = who + " " + (s.active >= 0 ? unit_label(ctx, s, static_cast<std::size_t>(s.active)) : "?") +
                       ": " + std::to_string(move_points(s.move_inches)) + " points (" +
                       std::to_string(s.move_inches) + " in)";
            break;
        case Decision::Fire: decision = who + ": fire or hold"; break;
        case Decision::Over: decision = s.winner ? Text::side_label(ctx, *s.winner) + " wins" : "A draw"; break;
    }
    line(decision, ui::Style{ui::Color::Default, false, true});
    if (s.card) {
        std::string card = control::card_words(*s.card);
        card = "Card: " + card.substr(4) + " (" + std::string(1, core::side_letter(card_side(*s.card))) + ")";
        line(card, ui::Style{colour ? side_color(s.card_side) : ui::Color::Default});
    } else {
        line(s.over() ? "Card: none, the game is over" : "Card: none in play");
    }
    line("Decks: " + std::to_string(s.activation.left()) + ", casualty " + std::to_string(s.casualty.left()));
    line("   Units  Spirit  Good  Poor", ui::Style{ui::Color::Default, false, false, true});
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        int on = 0;
        for (std::size_t i = 0; i < s.unit_count; ++i) on += s.units[i].side == side && s.units[i].on_board;
        const int start = s.start_units[core::idx(side)];
        const int p2 = spirit_points2(ctx, s, side);
        const int limit = spirit_limit(p2, start);
        std::string units = std::to_string(on) + "/" + std::to_string(start);
        std::string spirit = std::to_string(p2 / 2) + (p2 % 2 ? ".5" : "") + "/" + std::to_string(start);
        std::string good = limit > 0 ? "1-" + std::to_string(limit) : "none";
        units.resize(7, ' ');
        spirit.resize(8, ' ');
        good.resize(6, ' ');
        ui::Style st{colour ? side_color(side) : ui::Color::Default, true};
        line(std::string(1, core::side_letter(side)) + "  " + units + spirit + good +
                 std::to_string(s.spirit_failures[core::idx(side)]),
             st);
    }
    // A scenario's objectives (TSP-SPIRIT-4): how many each side holds, which decide at the turn
    // limit.
    if (const std::size_t n = ctx.rs().objectives.size(); n > 0) {
        line("Objectives: A " + std::to_string(objectives_held(ctx, s, core::Side::A)) + ", B " +
             std::to_string(objectives_held(ctx, s, core::Side::B)) + " of " + std::to_string(n));
    }
}

std::optional<std::size_t> Screen::unit_at(const State& s, core::Square q, core::Side side) {
    return tsp::unit_at(s, q, side);
}

void Screen::mark_reach(const Context& ctx, const State& s, core::Square selected, ui::MapView& view) {
    const auto u = tsp::unit_at(s, selected, s.decider);
    if (!u) return;
    const auto active = active_unit(s);
    for (const Command& c : legal_commands(ctx, s)) {
        if (const auto* m = std::get_if<cmd::Move>(&c); m && active == u) {
            if (std::find(view.reach.begin(), view.reach.end(), m->to) == view.reach.end()) view.reach.push_back(m->to);
        } else if (const auto* x = std::get_if<cmd::Shoot>(&c); x && x->unit == *u) {
            view.arc.push_back(s.units[x->target].sq);
        }
    }
}

std::vector<Command> Screen::menu_commands(const Context& ctx, const State& s, core::Square cursor,
                                           std::optional<core::Square> selected) {
    const std::vector<Command> legal = legal_commands(ctx, s);
    std::vector<Command> at;
    if (selected && *selected != cursor) {
        // The selected unit's commands that name the cursor too: its moves there, its shot there.
        for (const Command& c : legal) {
            const auto sq = squares_of(s, c);
            if (sq.size() >= 2 && sq.front() == *selected && sq[1] == cursor) at.push_back(c);
        }
    }
    if (at.empty()) {
        for (const Command& c : legal) {
            if (!std::holds_alternative<cmd::Concede>(c) && at_cursor(s, c, cursor)) at.push_back(c);
        }
    }
    // A move that keeps the unit's facing first.
    if (const auto u = active_unit(s)) {
        std::stable_partition(at.begin(), at.end(), [&](const Command& c) {
            const auto* m = std::get_if<cmd::Move>(&c);
            return !m || m->facing == s.units[*u].facing;
        });
    }
    if (at.empty()) {
        // Nothing here: the activated unit's own commands (stay, the turns), else every command
        // but concede.
        for (const Command& c : legal) {
            if (std::holds_alternative<cmd::Concede>(c)) continue;
            if (s.decision == Decision::Move && std::holds_alternative<cmd::Move>(c)) continue;
            at.push_back(c);
        }
    }
    return at;
}

ui::KeyAction<Command> Screen::action(const Context& ctx, const State& s, char32_t key,
                                      std::optional<core::Square> selected, core::Square cursor) {
    ui::KeyAction<Command> a;
    switch (key) {
        case 'a':
        case 'd':
        case 'o':
        case 'm':
        case 't':
        case 's':
        case 'f':
            a.handled = true;
            a.command = unit_action(ctx, s, key, selected, cursor, a.why);
            break;
        default: break;
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
        std::string("Facing:         ") +
            (a ? "^ N  / NE  > E  \\ SE  v S  , SW  < W  ' NW" : "↑ N  ↗ NE  → E  ↘ SE  ↓ S  ↙ SW  ← W  ↖ NW"),
        "Marks, in order: ?  Shaken (letter dim, underlined)  !  Routed (letter dim)",
        "                 *  reloading, or out of fire",
        "Three cells a square show the first mark, two cells none; larger squares show",
        "each, with the unit's label and figures under them (P1 25), then its state.",
        std::string("Two units in a square: ") + (a ? "=" : "×") + " between their letters, a close combat.",
        std::string("Ground:         ") + (a ? ".  open   &  wood   ~  stream   @  building"
                                             : "·  open   ♣  wood   ≈  stream   ■  building"),
        "                ^  hill   :  hedge  #  wall     =  road",
        std::string("Objective:      ") + (a ? "$" : "◆") +
            "  a scenario's: the side holding more at the turn limit wins",
        std::string("Unit selected:  +  it can move there   -  it can fire there   ") + (a ? ":" : "±") + "  both",
        std::string("                ") + (a ? "o" : "•") + "  the way m takes the activated unit to the cursor",
        "A square is 3 inches: a move's points are 2 x inches / 3, a step 2, aside 3.",
        "",
        "The side pane:",
        "Turn 3 of 12     the turn and its card phase: movement, then fire",
        "A: activate      who decides, and what; an activated unit's points",
        "Card             the card in play (red A's, black B's), units it activates",
        "Decks            cards left in the activation and casualty decks",
        "Units Spirit     each side's units on the field and spirit points of its",
        "Good Poor        start, the D10 that keeps the spirit good, failed tests",
        "The line under the map: the square at the cursor; ? on a unit: its rules.",
    };
}

void Screen::mark_command(const Context&, const State& after, const Command& c, ui::MapView& view) {
    // A unit's square, if it is still on the board after the command.
    const auto at = [&](int u, std::vector<core::Square>& into) {
        if (u < 0 || u >= after.unit_count) return;
        const Unit& unit = after.units[static_cast<std::size_t>(u)];
        if (unit.on_board) into.push_back(unit.sq);
    };
    if (const auto* m = std::get_if<cmd::Move>(&c)) {
        view.reach.push_back(m->to);
    } else if (const auto* sh = std::get_if<cmd::Shoot>(&c)) {
        at(sh->unit, view.reach);
        at(sh->target, view.arc);
    } else if (const auto* ac = std::get_if<cmd::Activate>(&c)) {
        at(ac->unit, view.reach);
    } else if (const auto* h = std::get_if<cmd::Hold>(&c)) {
        at(h->unit, view.reach);
    } else if (const auto* b = std::get_if<cmd::BreakOff>(&c)) {
        at(b->unit, view.reach);
    } else if (const auto* dm = std::get_if<cmd::Dismount>(&c)) {
        at(dm->unit, view.reach);
    }
}

void Screen::mark_way(const Context& ctx, const State& s, core::Square selected, core::Square cursor,
                      ui::MapView& view) {
    const auto u = active_unit(s);
    if (!u || s.units[*u].sq != selected || selected == cursor) return;
    const auto m = move_to(ctx, s, cursor);
    if (!m) return;
    const Unit& unit = s.units[*u];
    // The rules search steps straight ahead or 45 degrees aside of one heading: the unit's own
    // (it turns after its steps) or the move's facing (it turns first). The way is the cheapest
    // through squares the unit may move to with that heading (a step ahead 2, aside 3).
    for (const Facing heading : {unit.facing, m->facing}) {
        std::vector<bool> open(static_cast<std::size_t>(s.files * s.ranks), false);
        for (const Command& c : legal_commands(ctx, s)) {
            if (const auto* x = std::get_if<cmd::Move>(&c); x && x->facing == heading)
                open[static_cast<std::size_t>(x->to.y * s.files + x->to.x)] = true;
        }
        if (!open[static_cast<std::size_t>(cursor.y * s.files + cursor.x)]) continue;
        const auto index = [&](core::Square q) { return static_cast<std::size_t>(q.y * s.files + q.x); };
        std::vector<int> cost(open.size(), 1 << 20);
        std::vector<int> from(open.size(), -1);
        using Item = std::pair<int, int>;  // cost, square index
        std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
        cost[index(unit.sq)] = 0;
        queue.push({0, static_cast<int>(index(unit.sq))});
        while (!queue.empty()) {
            const auto [c0, i0] = queue.top();
            queue.pop();
            if (c0 != cost[static_cast<std::size_t>(i0)]) continue;
            const core::Square q0 = core::make_square(i0 % s.files, i0 / s.files);
            // A square with a unit in it ends a way (a charge): no way goes on through it.
            if (q0 != unit.sq && (tsp::unit_at(s, q0, core::Side::A) || tsp::unit_at(s, q0, core::Side::B))) continue;
            for (const int turn : {0, -1, 1}) {
                const Facing f = core::rotated(heading, turn);
                const core::Offset v = core::vector(f);
                const core::Square q = core::make_square(q0.x + v.dx, q0.y + v.dy);
                if (!core::on_board(q, s.files, s.ranks) || !open[index(q)]) continue;
                const int nc = c0 + (core::is_diagonal(f) ? 3 : 2);
                if (nc < cost[index(q)]) {
                    cost[index(q)] = nc;
                    from[index(q)] = i0;
                    queue.push({nc, static_cast<int>(index(q))});
                }
            }
        }
        if (from[index(cursor)] < 0) continue;
        std::vector<core::Square> way;
        for (int i = static_cast<int>(index(cursor)); i != static_cast<int>(index(unit.sq)); i = from[static_cast<std::size_t>(i)])
            way.push_back(core::make_square(i % s.files, i / s.files));
        std::reverse(way.begin(), way.end());
        view.way = way;
        return;
    }
}

void Screen::mark_offer(const Context& ctx, const State& s, const Command& c, ui::MapView& view) {
    mark_command(ctx, s, c, view);
}

bool Screen::turned_card(const Command&, const tsp::Events& events) {
    return std::any_of(events.begin(), events.end(),
                       [](const Event& e) { return e.kind == EventKind::CardPulled && e.a != 1; });
}

}  // namespace tercio::kits::tsp_kit
