#include "kits/tsp/control/event_text.hpp"

#include <cctype>
#include <cstdio>

#include "core/grid.hpp"
#include "tsp/odds.hpp"

namespace tercio::control {

namespace {

using tsp::EventKind;

std::string side_of(core::Side s) { return std::string(1, core::side_letter(s)); }

/// "A P1": the unit's side and label.
std::string unit(const tsp::Context& ctx, const tsp::GameState& s, int u) {
    if (u < 0 || u >= s.unit_count) return "?";
    const auto i = static_cast<std::size_t>(u);
    return side_of(s.units[i].side) + " " + tsp::unit_label(ctx, s, i);
}

std::string plural(int n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

/// A word of the data files in words: "heavy_cannon" is "heavy cannon".
std::string words(std::string_view id) {
    std::string out(id);
    for (char& ch : out) ch = ch == '_' ? ' ' : ch;
    return out;
}

const tsp::TroopType& type_of(const tsp::Context& ctx, const tsp::Unit& u) { return ctx.rs().troop_types[u.type]; }
const tsp::UnitLine& line_of(const tsp::Context& ctx, const tsp::Unit& u) { return ctx.army(u.side).units[u.line]; }

std::string end_reason(int why) {
    switch (static_cast<tsp::EndReason>(why)) {
        case tsp::EndReason::NoUnits: return "an army gone from the field";
        case tsp::EndReason::SpiritFailed: return "an army's spirit failed three turns running";
        case tsp::EndReason::SpiritGone: return "an army's spirit points all gone";
        case tsp::EndReason::TurnLimit: return "the last turn ended";
        case tsp::EndReason::Conceded: return "a side conceded";
        case tsp::EndReason::None: break;
    }
    return "?";
}

/// Why a morale test is taken, as the event's line says it.
std::string occasion_words(int o) {
    switch (static_cast<tsp::Occasion>(o)) {
        case tsp::Occasion::Charging: return "to close with its charge";
        case tsp::Occasion::Charged: return "to stand against the charge";
        case tsp::Occasion::FireCasualties: return "after its fire casualties";
        case tsp::Occasion::LostMelee: return "to stand and fight after losing the round";
        case tsp::Occasion::BreakingOff: return "to break off";
        case tsp::Occasion::SpentStays: return "to stay on the field while Spent";
        case tsp::Occasion::ShakenRally: return "to rally from Shaken";
    }
    return "?";
}

/// "needs 6" for a natural D10 of 6 or more; the ends said as they are.
std::string needs(int natural) {
    if (natural > 10) return "no roll passes";
    if (natural <= 1) return "any roll passes";
    return "needs " + std::to_string(natural);
}

/// "7.5": spirit points from their doubled count.
std::string half_points(int doubled) {
    return std::to_string(doubled / 2) + (doubled % 2 ? ".5" : "");
}

/// "+1 shaken (TSP-FIRE-4), -2 no leader (TSP-MORALE-2)".
std::string modifier_list(const std::vector<tsp::Modifier>& mods) {
    std::string out;
    for (const tsp::Modifier& m : mods) {
        out += (out.empty() ? "" : ", ") + std::string(m.value >= 0 ? "+" : "") + std::to_string(m.value) + " " +
               std::string(m.reason) + " (" + std::string(m.rule) + ")";
    }
    return out;
}

/// A D10 test in words: the threshold, the named modifiers and the natural roll that passes.
std::string test_words(const tsp::MoraleTest& t) {
    std::string out = std::to_string(t.threshold) + " or more on a D10";
    out += t.modifiers.empty() ? ", no modifiers" : ", with " + modifier_list(t.modifiers);
    const int n = t.natural_needed();
    if (n > 10) return out + ": no natural roll passes";
    if (n <= 1) return out + ": every natural roll passes";
    return out + ": a natural " + std::to_string(n) + " or more passes";
}

std::string band_words(tsp::Band b) {
    switch (b) {
        case tsp::Band::Short: return "at short range";
        case tsp::Band::Long: return "at long range";
        case tsp::Band::Full: return "in range";
    }
    return "?";
}

std::string class_words(tsp::TargetClass c) {
    static constexpr const char* kRoman[] = {"", "I", "II", "III", "IV"};
    return std::string("a class ") + kRoman[static_cast<int>(c)] + " target";
}

/// The attached field officer of a unit (alive), or nothing.
std::optional<tsp::Rank> officer_with(const tsp::GameState& s, std::size_t u) {
    for (std::size_t i = 0; i < s.officer_count; ++i) {
        if (s.officers[i].alive && s.officers[i].unit == static_cast<std::int8_t>(u)) return s.officers[i].rank;
    }
    return std::nullopt;
}

std::string rank_word(tsp::Rank r) { return r == tsp::Rank::General ? "General" : "Colonel"; }

/// The movement dice in words: "2D6", "2D6 halved".
std::string dice_words(const tsp::MoveDice& d) {
    return std::to_string(d.count) + "D6" + (d.halve ? " halved" : "");
}

std::vector<std::string> shot_lines(const tsp::Context& ctx, const tsp::GameState& s, const tsp::cmd::Shoot& sh) {
    const auto p = tsp::shot_now(ctx, s, sh.unit, sh.target);
    if (!p) return {};
    const tsp::Unit& a = s.units[sh.unit];
    const tsp::Kind k = tsp::kind_of(ctx, a);
    const tsp::Weapon w = line_of(ctx, a).weapon;
    std::string dice = unit(ctx, s, sh.unit) + " rolls " + plural(p->dice, "D20", "D20s") + ": ";
    if (tsp::gunners(k)) {
        dice += "3 a gunner, " + plural(a.total(), "gunner", "gunners") + " (TSP-FIRE-1).";
    } else {
        dice += "a die a figure of " + std::to_string(a.total()) + ", at most " + std::to_string(tsp::frontage(k)) +
                " a rank in " + plural(tsp::fire_ranks(k), "rank", "ranks") + " (TSP-FIRE-1, TSP-GRID-3).";
    }
    std::vector<std::string> out{dice};
    out.push_back("Its " + words(tsp::to_string(w)) + " " + band_words(p->band) + " at " + unit(ctx, s, sh.target) +
                  ", " + class_words(p->target_class) + ": a die hits on " + std::to_string(p->hit_number) +
                  " or less (TSP-FIRE-2, TSP-FIRE-3).");
    const int on = p->hits_on();
    const std::string naturals = on <= 0 ? "no natural roll hits" : "a natural 1 to " + std::to_string(on) + " hits";
    out.push_back(p->modifiers.empty() ? "No modifiers: " + naturals + "."
                                       : "Added to each die: " + modifier_list(p->modifiers) + ": " + naturals + ".");
    out.push_back("Each hit pulls a casualty card: an ace takes a leader or field officer (TSP-FIRE-9).");
    return out;
}

std::vector<std::string> activate_lines(const tsp::Context& ctx, const tsp::GameState& s, std::size_t u) {
    const tsp::Unit& unit_now = s.units[u];
    const tsp::Kind k = tsp::kind_of(ctx, unit_now);
    std::vector<std::string> out;
    if (unit_now.status == tsp::Status::Shaken) {
        out.push_back(unit(ctx, s, static_cast<int>(u)) + " is Shaken and first tests to rally, Stand and Fight: " +
                      test_words(tsp::rally_test_now(ctx, s, u)) + "; on a failure it stays put (TSP-AMB-5, TSP-AMB-22).");
    }
    const tsp::MoveDice d = tsp::unit_move_dice(ctx, unit_now);
    if (d.count == 0) {
        out.push_back(unit(ctx, s, static_cast<int>(u)) +
                      " rolls no dice to move: a heavy gun without the game master's leave only turns (TSP-MOVE-1).");
        return out;
    }
    out.push_back(unit(ctx, s, static_cast<int>(u)) + " rolls " + dice_words(d) + " for its move, " +
                  std::string(tsp::to_string(unit_now.order)) + " " + words(tsp::to_string(k)) +
                  " (TSP-MOVE-1): the total in inches.");
    out.push_back("Points: 2 x inches / 3, rounded down; a step ahead costs 2, a step aside 3 (TSP-GRID-1).");
    if (tsp::loading_on_foot(k, line_of(ctx, unit_now).weapon, unit_now.reload))
        out.push_back("Loading, it moves at most half (TSP-FIRE-6).");
    out.push_back("Ground a step enters costs a quarter or half of the roll (TSP-MOVE-2, TSP-AMB-18).");
    return out;
}

/// `dismount U` or `mount U` (TSP-MOVE-4): the form it takes and the dice it rolls in it.
std::vector<std::string> change_lines(const tsp::Context& ctx, const tsp::GameState& s, const tsp::cmd::Dismount& d) {
    const tsp::Unit& unit_now = s.units[d.unit];
    tsp::Unit after = unit_now;
    after.dismounted = !d.mount;
    const tsp::Kind k = tsp::kind_of(ctx, after);
    tsp::MoveDice dice = tsp::unit_move_dice(ctx, after);
    dice.count = std::max(0, dice.count - 1);
    std::vector<std::string> out;
    if (unit_now.status == tsp::Status::Shaken) {
        out.push_back(unit(ctx, s, static_cast<int>(d.unit)) + " is Shaken and first tests to rally, Stand and Fight: " +
                      test_words(tsp::rally_test_now(ctx, s, d.unit)) +
                      "; on a failure it stays put as it is (TSP-AMB-5, TSP-AMB-22).");
    }
    out.push_back(unit(ctx, s, static_cast<int>(d.unit)) + (d.mount ? " mounts" : " dismounts") + ", and moves as " +
                  std::string(tsp::to_string(after.order)) + " " + words(tsp::to_string(k)) + ": " +
                  dice_words(dice) + ", its " + std::to_string(dice.count + 1) +
                  "D6 less one for " + (d.mount ? "mounting" : "dismounting") + " (TSP-MOVE-4, TSP-MOVE-1).");
    out.push_back("Points: 2 x inches / 3, rounded down; a step ahead costs 2, a step aside 3 (TSP-GRID-1).");
    return out;
}

}  // namespace


std::string card_words(std::uint8_t card) {
    static constexpr const char* kRanks[] = {"ace", "2", "3",  "4",    "5",     "6",   "7",
                                             "8",   "9", "10", "jack", "queen", "king"};
    static constexpr const char* kSuits[] = {"hearts", "diamonds", "clubs", "spades"};
    return std::string("the ") + kRanks[card % 13] + " of " + kSuits[tsp::card_suit(card) % 4];
}

std::string card_with_owner(std::uint8_t card) {
    return card_words(card) + (tsp::card_red(card) ? ", Red's" : ", Black's");
}

std::vector<std::string> explain(const tsp::Context& ctx, const tsp::GameState& s, const tsp::Command& c) {
    if (const auto* sh = std::get_if<tsp::cmd::Shoot>(&c)) {
        if (sh->unit >= s.unit_count || sh->target >= s.unit_count) return {};
        return shot_lines(ctx, s, *sh);
    }
    if (const auto* a = std::get_if<tsp::cmd::Activate>(&c)) {
        if (a->unit >= s.unit_count) return {};
        return activate_lines(ctx, s, a->unit);
    }
    if (const auto* d = std::get_if<tsp::cmd::Dismount>(&c)) {
        if (d->unit >= s.unit_count) return {};
        return change_lines(ctx, s, *d);
    }
    if (const auto* b = std::get_if<tsp::cmd::BreakOff>(&c)) {
        if (b->unit >= s.unit_count || s.units[b->unit].combat < 0) return {};
        return {unit(ctx, s, b->unit) + " tests to break off from " + unit(ctx, s, s.units[b->unit].combat) +
                    ", Stand and Fight: " + test_words(tsp::break_off_test_now(ctx, s, b->unit)) + " (TSP-CC-6).",
                "On a pass it makes a normal move to the rear; on a failure it fights on."};
    }
    return {};
}

bool rolled_dice(const tsp::Event& e) {
    return e.kind == EventKind::Shot || e.kind == EventKind::Activated || e.kind == EventKind::Morale;
}

namespace {

/// "25.0%": a chance in tenths of a percent, exact counts divided in integers.
std::string pct(tsp::Count count, tsp::Count outcomes) { return tsp::percent_text(count, outcomes); }

/// "89%": whole percentages, rounded half up, for a summary.
std::string whole(tsp::Count count, tsp::Count outcomes) {
    return std::to_string((tsp::percent_tenths(count, outcomes) + 5) / 10) + "%";
}

/// "2.0": tenths as a decimal.
std::string tenths(int t) { return std::to_string(t / 10) + "." + std::to_string(t % 10); }

/// Items joined with ", " in lines of at most `width` columns (one item at least), the first
/// after `head`, the rest under its first item; each line indented by two.
std::vector<std::string> rows_of(const std::vector<std::string>& items, int width, const std::string& head) {
    std::vector<std::string> out;
    const std::string indent = "  " + std::string(head.size(), ' ');
    std::string row = "  " + head;
    bool empty = true;
    for (const std::string& item : items) {
        const std::string next = row + (empty ? "" : ", ") + item;
        if (!empty && static_cast<int>(next.size()) + 1 > width) {
            out.push_back(row + ",");
            row = indent + item;
        } else {
            row = next;
        }
        empty = false;
    }
    out.push_back(row);
    return out;
}

}  // namespace

std::optional<OddsText> command_odds(const tsp::Context& ctx, const tsp::GameState& s, const tsp::Command& c,
                                     int width) {
    OddsText out;
    if (const auto* sh = std::get_if<tsp::cmd::Shoot>(&c)) {
        const auto p = tsp::shot_now(ctx, s, sh->unit, sh->target);
        const auto o = tsp::shot_odds_now(ctx, s, sh->unit, sh->target);
        if (!p || !o) return std::nullopt;
        const std::string each = o->hits_on <= 0 ? "no die can hit"
                                                 : "each hitting on a natural 1 to " + std::to_string(o->hits_on);
        out.head = plural(o->dice, "D20", "D20s") + " at " + unit(ctx, s, sh->target) + ", " + each + ": " +
                   tenths(o->expected_tenths()) + " hits on average";
        out.summary = tenths(o->expected_tenths()) + " hits on average, at least 1 " + whole(o->at_least(1), o->outcomes);
        // The exact distribution, up to the last number of hits that rounds above nothing; the
        // rest said together.
        std::vector<std::string> items;
        int shown = 0;
        for (int h = 0; h <= o->dice; ++h) {
            if (tsp::percent_tenths(o->at_least(h), o->outcomes) == 0) break;
            items.push_back(std::to_string(h) + " " + pct(o->ways[static_cast<std::size_t>(h)], o->outcomes));
            shown = h + 1;
        }
        if (shown <= o->dice) items.push_back(std::to_string(shown) + " or more " + pct(o->at_least(shown), o->outcomes));
        out.lines = rows_of(items, width, "hits: ");
        out.lines.push_back("  at least 1 hit " + pct(o->at_least(1), o->outcomes) + " (TSP-FIRE-1, TSP-FIRE-3)");
        return out;
    }
    if (const auto* a = std::get_if<tsp::cmd::Activate>(&c)) {
        const tsp::Unit& u = s.units[a->unit];
        const tsp::MoveDice d = tsp::unit_move_dice(ctx, u);
        std::string rally_part;
        if (u.status == tsp::Status::Shaken) {
            const tsp::TestOdds r = tsp::morale_odds(tsp::rally_test_now(ctx, s, a->unit));
            rally_part = whole(static_cast<tsp::Count>(r.pass), static_cast<tsp::Count>(r.outcomes));
            out.lines.push_back("  rallies first: " + pct(static_cast<tsp::Count>(r.pass), static_cast<tsp::Count>(r.outcomes)) + " (" + std::to_string(r.pass) + " of 10 faces, " +
                                "TSP-AMB-5); on a failure it stays put, Shaken");
        }
        if (d.count == 0) {
            out.head = "no dice: it may only turn";
            out.summary = rally_part.empty() ? "no dice, it only turns" : "rallies " + rally_part + ", then only turns";
            return out;
        }
        const tsp::MoveOdds m = tsp::move_odds_now(ctx, s, a->unit);
        std::int64_t sum = 0;
        std::vector<std::string> items;
        for (std::size_t p = 0; p < m.ways.size(); ++p) {
            sum += static_cast<std::int64_t>(p) * m.ways[p];
            if (m.ways[p] > 0)
                items.push_back(std::to_string(p) + " " +
                                pct(static_cast<tsp::Count>(m.ways[p]), static_cast<tsp::Count>(m.outcomes)));
        }
        const int avg = m.outcomes ? static_cast<int>((20 * sum + m.outcomes) / (2 * m.outcomes)) : 0;
        out.head = dice_words(d) + " to move: " + tenths(avg) + " points on average on open ground";
        out.summary = (rally_part.empty() ? std::string() : "rallies " + rally_part + ", then ") + dice_words(d) + ", " +
                      tenths(avg) + " points on average";
        for (std::string& row : rows_of(items, width, "points: ")) out.lines.push_back(std::move(row));
        out.lines.push_back("  a point is half a square: a step ahead costs 2, aside 3 (TSP-GRID-1)");
        return out;
    }
    if (const auto* b = std::get_if<tsp::cmd::BreakOff>(&c)) {
        if (s.units[b->unit].combat < 0) return std::nullopt;
        const tsp::MoraleTest t = tsp::break_off_test_now(ctx, s, b->unit);
        const tsp::TestOdds r = tsp::morale_odds(t);
        const std::string chance = pct(static_cast<tsp::Count>(r.pass), static_cast<tsp::Count>(r.outcomes));
        out.head = "breaks off " + chance + " (" + std::to_string(r.pass) + " of 10 faces, TSP-CC-6)";
        out.summary = "breaks off " + whole(static_cast<tsp::Count>(r.pass), static_cast<tsp::Count>(r.outcomes));
        out.lines.push_back("  the test: " + test_words(t));
        out.lines.push_back("  on a failure it fights on");
        return out;
    }
    return std::nullopt;
}

std::optional<std::vector<std::string>> odds_lines(const tsp::Context& ctx, const tsp::GameState& s,
                                                   const std::string& text, std::string& why, bool& illegal) {
    illegal = false;
    auto parsed = tsp::parse(ctx, s, s.decider, text);
    if (const std::string* err = std::get_if<std::string>(&parsed)) {
        why = *err;
        return std::nullopt;
    }
    const tsp::Command& c = std::get<tsp::Command>(parsed);
    if (!std::holds_alternative<tsp::cmd::Shoot>(c) && !std::holds_alternative<tsp::cmd::Activate>(c) &&
        !std::holds_alternative<tsp::cmd::BreakOff>(c)) {
        why = "only shoot, activate and break have odds";
        return std::nullopt;
    }
    if (auto refused = tsp::validate(ctx, s, c)) {
        why = *refused;
        illegal = true;
        return std::nullopt;
    }
    const auto o = command_odds(ctx, s, c, 78);
    if (!o) {
        why = "too many dice to count";
        return std::nullopt;
    }
    std::vector<std::string> out{text + ": " + o->head};
    out.insert(out.end(), o->lines.begin(), o->lines.end());
    return out;
}

namespace {

char ground_char(tsp::Terrain t) {
    switch (t) {
        case tsp::Terrain::Open: return '.';
        case tsp::Terrain::Wood: return '&';
        case tsp::Terrain::Hill: return '^';
        case tsp::Terrain::Stream: return '~';
        case tsp::Terrain::Hedge: return ':';
        case tsp::Terrain::Wall: return '#';
        case tsp::Terrain::Building: return '@';
        case tsp::Terrain::Road: return '=';
    }
    return '?';
}

}  // namespace

std::vector<std::string> board_lines(const tsp::Context& ctx, const tsp::GameState& s) {
    std::vector<std::string> out;
    for (int y = s.ranks - 1; y >= 0; --y) {
        char label[16];  // room for any int: GCC checks the format at -O0 too
        std::snprintf(label, sizeof label, "%2d ", y + 1);
        std::string row = label;
        for (int x = 0; x < s.files; ++x) {
            const core::Square q = core::make_square(x, y);
            const auto a = tsp::unit_at(s, q, core::Side::A);
            const auto b = tsp::unit_at(s, q, core::Side::B);
            char ch = ground_char(s.terrain_at(q));
            if (a && b) {
                ch = '*';
            } else if (a || b) {
                const tsp::Unit& u = s.units[a ? *a : *b];
                const auto g = static_cast<unsigned char>(type_of(ctx, u).glyph);
                ch = static_cast<char>(u.side == core::Side::A ? std::toupper(g) : std::tolower(g));
            }
            row += ch;
            if (x + 1 < s.files) row += ' ';
        }
        out.push_back(row);
    }
    std::string files = "   ";
    for (int x = 0; x < s.files; ++x) {
        files += static_cast<char>('a' + x);
        if (x + 1 < s.files) files += ' ';
    }
    out.push_back(files);
    return out;
}

std::string condition_word(tsp::Condition c) {
    return c == tsp::Condition::Fresh ? "Fresh" : c == tsp::Condition::Worn ? "Worn" : "Spent";
}

std::string status_word(tsp::Status st) {
    return st == tsp::Status::Steady ? "Steady" : st == tsp::Status::Shaken ? "Shaken" : "Routed";
}

int own_leaders(const tsp::Unit& u) {
    int n = 0;
    for (int i = 0; i < tsp::kAllCompanies; ++i) n += (u.leaders >> i) & 1;
    return n;
}

std::vector<std::string> unit_lines(const tsp::Context& ctx, const tsp::GameState& s) {
    std::vector<std::string> out;
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        for (std::size_t i = 0; i < s.unit_count; ++i) {
            const tsp::Unit& u = s.units[i];
            if (u.side != side || !u.on_board) continue;
            const tsp::UnitLine& line = line_of(ctx, u);
            std::string text = unit(ctx, s, static_cast<int>(i)) + " " + core::to_string(u.sq) + " " +
                               std::string(core::to_string(u.facing)) + "  " +
                               (line.name.empty() ? type_of(ctx, u).name : line.name) + ", " +
                               std::to_string(u.total()) + "/" + std::to_string(u.start_figures) + " figures (" +
                               condition_word(tsp::condition_of(u)) + "), " + status_word(u.status);
            const int leaders = own_leaders(u);
            text += leaders == 0 ? ", no leader" : ", " + plural(leaders, "leader", "leaders");
            if (const auto r = officer_with(s, i)) text += ", a " + rank_word(*r);
            if (u.reload > 0) text += ", " + plural(u.reload, "reload marker", "reload markers");
            if (u.dismounted) text += ", dismounted";
            if (u.out_of_fire) text += ", out of fire";
            if (u.charging >= 0) text += ", charging " + unit(ctx, s, u.charging);
            if (u.combat >= 0)
                text += ", in close combat with " + unit(ctx, s, u.combat) + " (" +
                        plural(u.combat_rolls, "roll", "rolls") + ")";
            if (u.acted) text += ", has had its chance";
            out.push_back(text + ".");
        }
    }
    return out;
}

std::vector<std::string> status_lines(const tsp::Context& ctx, const tsp::GameState& s) {
    std::string now = "Turn " + std::to_string(s.turn) + " of " + std::to_string(tsp::kTurnLimit) + ": ";
    if (s.over()) {
        now += "the game is over.";
    } else {
        now += s.step == tsp::Step::Movement ? "the movement phase" : "the fire phase";
        if (s.card) {
            now += ", " + card_with_owner(*s.card) + " in play: " + side_of(s.card_side) + " " +
                   (s.step == tsp::Step::Movement ? "moves " : "fires ") +
                   (s.activations_left == 1 ? std::string("a unit") : plural(s.activations_left, "unit", "units")) +
                   ".";
        } else {
            now += ", no card in play.";
        }
    }
    std::vector<std::string> out{now};
    if (s.decision == tsp::Decision::Move && s.active >= 0) {
        out.push_back(unit(ctx, s, s.active) + " is activated" + (s.brigade >= 0 ? " with its brigade" : "") +
                      ": " + plural(s.move_inches, "inch", "inches") + ", " +
                      plural(tsp::move_points(s.move_inches), "point", "points") + " on open ground.");
    }
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        int on = 0;
        for (std::size_t i = 0; i < s.unit_count; ++i) on += s.units[i].side == side && s.units[i].on_board;
        const int start = s.start_units[core::idx(side)];
        const int p2 = tsp::spirit_points2(ctx, s, side);
        const int limit = tsp::spirit_limit(p2, start);
        const int failed = s.spirit_failures[core::idx(side)];
        out.push_back(side_of(side) + " " + ctx.army(side).name + ": " + std::to_string(on) + " of " +
                      plural(start, "unit", "units") + " on the field, spirit " + half_points(p2) + " of " +
                      std::to_string(start) + " points (good on 1 to " + std::to_string(limit) + " on a D10), " +
                      (failed == 0 ? std::string("no failed spirit test") : plural(failed, "failed spirit test", "failed spirit tests") + " in a row") +
                      ".");
    }
    out.push_back("Activation deck: " + plural(s.activation.left(), "card", "cards") + " left; casualty deck: " +
                  plural(s.casualty.left(), "card", "cards") + " left.");
    // A scenario's objectives (TSP-SPIRIT-4): where each is and who holds it.
    for (std::size_t o = 0; o < ctx.rs().objectives.size(); ++o) {
        const auto holder = tsp::objective_holder(ctx, s, o);
        out.push_back("Objective " + ctx.rs().objectives[o].name + " at " +
                      core::to_string(ctx.rs().objectives[o].square) + ": " +
                      (holder ? "held by " + side_of(*holder) : std::string("held by nobody")) +
                      " (the side holding more at the turn limit wins).");
    }
    return out;
}

std::string describe(const tsp::Context& ctx, const tsp::GameState& s, const tsp::Event& e) {
    const std::string who = e.side ? side_of(*e.side) : std::string("?");
    const std::string u = unit(ctx, s, e.unit);
    const std::string o = unit(ctx, s, e.other);
    const bool has_card = e.card >= 0 && e.card < tsp::kDeckSize;
    const auto card = static_cast<std::uint8_t>(has_card ? e.card : 0);
    switch (e.kind) {
        case EventKind::Shuffled:
            return e.a == 0 ? "The activation deck is shuffled." : "The casualty deck is shuffled.";
        case EventKind::PhaseBegan:
            return static_cast<tsp::Step>(e.a) == tsp::Step::Movement ? "The movement phase begins."
                                                                       : "The fire phase begins.";
        case EventKind::CardPulled: {
            if (!has_card) return "A card is pulled.";
            const std::string pulled = "Pulled " + card_with_owner(card);
            if (e.a == 1) return pulled + ": set aside, no unit of " + who + " is left to act.";
            const std::string units = e.b == 1 ? std::string("a unit") : plural(e.b, "unit", "units");
            // A card that puts units to act is the last a command pulls: the state's phase is its.
            return pulled + ": " + who + (s.step == tsp::Step::Movement ? " moves " : " fires with ") + units + ".";
        }
        case EventKind::Activated:
            // A heavy gun rolls no dice (TSP-MOVE-1): it may only turn.
            if (e.unit >= 0 && e.unit < s.unit_count) {
                const tsp::Unit& au = s.units[static_cast<std::size_t>(e.unit)];
                if (tsp::unit_move_dice(ctx, au).count == 0)
                    return u + " is activated: it rolls no dice and may only turn.";
            }
            return u + " is activated and rolls " + std::to_string(e.a) + (e.d == 1 ? " for its brigade" : "") + ": " +
                   plural(e.b, "inch", "inches") + ", " + plural(e.c, "movement point", "movement points") + ".";
        case EventKind::BrigadeMoves:
            return u + " moves with its brigade at the same roll: " + plural(e.b, "inch", "inches") + ", " +
                   plural(e.c, "movement point", "movement points") + ".";
        case EventKind::Dismounts:
            return u + " dismounts to fight on foot, at the cost of a D6 of its move.";
        case EventKind::Mounts: return u + " mounts its horses again, at the cost of a D6 of its move.";
        case EventKind::Held: return u + " holds.";
        case EventKind::Moved:
            return u + " moves to " + core::to_string(e.sq) + ", facing " +
                   std::string(core::facing_words(static_cast<core::Facing>(e.a))) + ".";
        case EventKind::Faced:
            return u + " turns to face " + std::string(core::facing_words(static_cast<core::Facing>(e.a))) + ".";
        case EventKind::Charges: return u + " charges " + o + " from " + core::to_string(e.sq) + ".";
        case EventKind::Shot: {
            const std::string before = e.d > 0 ? " before contact with " + plural(e.d, "rank", "ranks") + " (a D4)" : "";
            const std::string on = e.c <= 0 ? "no die can hit" : "each hitting on a natural 1 to " + std::to_string(e.c);
            return u + " fires " + plural(e.a, "die", "dice") + " at " + o + before + ", " + on + ": " +
                   (e.b == 0 ? std::string("no hit") : plural(e.b, "hit", "hits")) + ".";
        }
        case EventKind::Casualty: {
            const std::string head = has_card ? "Casualty card " + card_words(card) + ": " : std::string();
            if (e.b == 1) return head + u + "'s unit leader falls.";
            if (e.b == 2) return head + "the field officer with " + u + " falls.";
            if (e.a == 0) return head + u + " has no figure left to lose.";
            return head + u + " loses " + plural(e.a, "figure", "figures") + ".";
        }
        case EventKind::Morale:
            return u + " tests morale " + occasion_words(e.d) + ": rolls " + std::to_string(e.a) + ", " + needs(e.b) + ": " +
                   (e.c == 1 ? "passes." : "fails.");
        case EventKind::Rally:
            return u + ", routed, tests to rally: rolls " + std::to_string(e.a) + ", needs " + std::to_string(e.b) +
                   ": " + (e.c == 1 ? "passes." : "fails.");
        case EventKind::Shaken: return u + " is Shaken.";
        case EventKind::Rallied:
            // From Shaken on its move card (it is Steady after), or from a rout (it stands Shaken).
            if (e.unit >= 0 && e.unit < s.unit_count && s.units[static_cast<std::size_t>(e.unit)].status == tsp::Status::Steady)
                return u + " rallies: it is no longer Shaken.";
            return u + " rallies from its rout and stands, Shaken.";
        case EventKind::Routed:
            return u + " routs, losing a D4 of figures: " + std::to_string(e.a) + ".";
        case EventKind::FellBack: return u + " falls back to " + core::to_string(e.sq) + ".";
        case EventKind::Halted: return e.other >= 0 ? u + "'s charge on " + o + " halts." : u + "'s charge halts.";
        case EventKind::CombatBegan:
            // In one square (TSP-GRID-3): the charger enters its enemy's; a = 1, a unit that had to
            // leave it and could not.
            if (e.a == 1) return u + " cannot leave " + o + "'s square: their close combat goes on.";
            return u + " closes with " + o + " in " + core::to_string(e.sq) + ": they are in close combat.";
        case EventKind::MatchUp: {
            const std::string head = "Match-up: " + u + " " + std::to_string(e.a) + " against " + o + " " +
                                     std::to_string(e.b);
            if (e.a == e.b) return head + ": no result.";
            const std::string loser = e.a > e.b ? o : u;
            if (e.c > 0) return head + ": " + loser + " loses " + plural(e.c, "figure", "figures") + ".";
            return head + ": " + loser + " loses the match-up, no figure.";
        }
        case EventKind::CombatLost: return u + " loses the close combat round against " + o + ".";
        case EventKind::CombatGoesOn:
            return "The close combat of " + u + " and " + o + " goes on: neither lost the round.";
        case EventKind::BrokeOff: return u + " breaks off from " + o + ".";
        case EventKind::OfficerLost: {
            std::string officer = "the field officer";
            // He is no longer alive: the one that was with the unit.
            for (std::size_t i = 0; i < s.officer_count; ++i) {
                if (s.officers[i].unit == e.unit && !s.officers[i].alive) officer = "the " + rank_word(s.officers[i].rank);
            }
            return "Casualty card " + (has_card ? card_words(card) : std::string("?")) + ": " + officer + " with " + u +
                   (e.a == 1 ? " is killed." : " is captured.");
        }
        case EventKind::Removed: return u + " leaves the field.";
        case EventKind::Destroyed: return u + " is destroyed.";
        case EventKind::Reloaded:
            return e.a > 0 ? u + " takes off a reload marker: " + std::to_string(e.a) + " left." : u + " has reloaded.";
        case EventKind::Spirit: {
            const std::string head = who + "'s spirit: " + half_points(e.d) + " points";
            if (e.d == 0) return head + ", none left.";
            const std::string good =
                e.b <= 0 ? "no roll is good" : "good on 1 to " + std::to_string(e.b);
            return head + ", " + good + " on a D10; rolls " + std::to_string(e.a) + ": " + (e.c == 1 ? "good." : "poor.");
        }
        case EventKind::TurnEnded: return "Turn " + std::to_string(e.a) + " ends.";
        case EventKind::GameOver:
            return "Game over (" + end_reason(e.a) + "): " + (e.side ? who + " wins." : "a draw.");
    }
    return "?";
}

}  // namespace tercio::control
