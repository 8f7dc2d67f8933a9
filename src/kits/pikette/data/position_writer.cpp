// rules::Position -> position file text. The layout is described in docs/positions.md; every field
// of GameState is written, so that load_position(write_position(p)) == p.
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "kits/pikette/data/position.hpp"
#include "kits/pikette/data/position_names.hpp"
#include "data/position_text.hpp"

namespace tercio::rules {

using namespace tercio::data;

using data::detail::bool_text;
using data::detail::kSideNames;
using data::detail::list;
using data::detail::square_text;
using data::detail::toml_string;
using data::detail::u64_text;
using data::detail::word;

namespace {

/// Half-squares as squares: "3" or "2.5".
std::string squares_text(int half) {
    return std::to_string(half / 2) + (half % 2 ? ".5" : "");
}

/// The first `count` squares of `squares`, as a list.
template <std::size_t N>
std::string square_list(const std::array<core::Square, N>& squares, std::size_t count) {
    std::vector<std::string> items;
    for (std::size_t k = 0; k < count && k < N; ++k) items.push_back(square_text(squares[k]));
    return list(items);
}

/// GameState::window_due as a react_window word: "none", "card" or "action".
std::string_view window_due_word(rules::ReactWindow due) {
    for (std::size_t i = 0; i < detail::kWindowDueValues.size(); ++i) {
        if (detail::kWindowDueValues[i] == due) return detail::kWindowDueNames[i];
    }
    return "?";
}

class Writer {
  public:
    Writer(const Position& p, const rules::RulesContext& ctx) : p_(p), s_(p.state), ctx_(ctx) {}
    std::string run();

  private:
    void key(std::string_view k, const std::string& value) {
        out_ += k;
        out_ += " = ";
        out_ += value;
        out_ += '\n';
    }
    void header(std::string_view h) { out_ += "\n" + std::string(h) + "\n"; }
    std::string side(Side s) const { return toml_string(word(kSideNames, s)); }
    /// "a:K1", or "none" for kNone.
    std::string unit_ref(std::uint8_t unit) const;
    void game();
    void side_table(Side s);
    void deck(const rules::Deck& d);
    void terrain();
    void unit(std::size_t i);
    void move();

    const Position& p_;
    const GameState& s_;
    const rules::RulesContext& ctx_;
    std::string out_;
};

std::string Writer::unit_ref(std::uint8_t unit) const {
    if (unit == rules::kNone) return toml_string("none");
    if (unit >= s_.unit_count) {
        throw std::invalid_argument("write_position: a reference to unit " + std::to_string(unit) +
                                    " of " + std::to_string(s_.unit_count));
    }
    return toml_string(std::string(word(kSideNames, s_.units[unit].side)) + ":" +
                       rules::unit_label(ctx_, s_, unit));
}

void Writer::game() {
    header("[game]");
    key("turn", std::to_string(s_.turn));
    key("nightfall_turn", std::to_string(s_.nightfall_turn));
    key("decision", toml_string(word(detail::kDecisionNames, s_.decision)));
    key("decider", side(s_.decider));
    key("active", side(s_.active));
    key("phase", toml_string(word(detail::kPhaseNames, s_.phase)));
    key("pips", std::to_string(s_.pips));
    key("second_pips", std::to_string(s_.second_pips));
    key("has_current_card", bool_text(s_.has_current_card));
    key("marching", bool_text(s_.marching));
    key("marched_on_card", bool_text(s_.marched_on_card));
    key("react_window", toml_string(word(detail::kReactWindowNames, s_.react_window)));
    key("forced_charger", unit_ref(s_.forced_charger));
    key("window_due", toml_string(window_due_word(s_.window_due)));
    key("chip_target", unit_ref(s_.chip_target));
    key("choice_unit", unit_ref(s_.choice_unit));
    key("choice_other", unit_ref(s_.choice_other));
    key("choice_pursuit", bool_text(s_.choice_pursuit));
    key("trail_start", square_text(s_.trail_start));
    key("trail", square_list(s_.trail, s_.trail_len));
    key("terrain_first", side(s_.terrain_first));
    key("end", toml_string(word(detail::kGameEndNames, s_.end)));
    key("conceded", side(s_.conceded));
}

void Writer::deck(const rules::Deck& d) {
    key("drawn", std::to_string(d.drawn));
    if (d.size == 0) {
        key("deck", "[]");
        return;
    }
    out_ += "deck = [\n";
    std::string line;
    const auto flush = [&] {
        if (!line.empty()) out_ += "    " + line + "\n";
        line.clear();
    };
    for (std::size_t i = 0; i < d.size; ++i) {
        if (i == 0 && d.drawn > 0)
            out_ += "    # turned: the discard pile, the current card last\n";
        if (i == d.drawn) {
            flush();
            out_ += "    # face down, top first\n";
        }
        const std::string card = toml_string(rules::to_string(d.cards[i])) + ",";
        if (!line.empty() && line.size() + 1 + card.size() > 88) flush();
        line += (line.empty() ? "" : " ") + card;
    }
    flush();
    out_ += "]\n";
}

void Writer::side_table(Side s) {
    const std::size_t i = idx(s);
    header("[sides." + std::string(word(kSideNames, s)) + "]");
    key("morale_chips", std::to_string(s_.morale_chips[i]));
    key("opportunity_chips", std::to_string(s_.opportunity_chips[i]));
    key("initiative_roll", std::to_string(s_.initiative_roll[i]));
    key("march_option", bool_text(s_.march_option[i]));
    key("escape_due", bool_text(s_.escape_due[i]));
    key("terrain_to_place", std::to_string(s_.terrain_to_place[i]));
    key("terrain_adjusted", bool_text(s_.terrain_adjusted[i]));
    key("extra_unit_roll", std::to_string(s_.extra_unit_roll[i]));
    key("extra_card_due", bool_text(s_.extra_card_due[i]));
    deck(s_.decks[i]);

    const rules::Leader& l = s_.leaders[i];
    header("[sides." + std::string(word(kSideNames, s)) + ".leader]");
    key("alive", bool_text(l.alive));
    key("deployed", bool_text(l.deployed));
    key("sultan", bool_text(l.sultan));
    key("square", square_text(l.square));
    key("attached", unit_ref(l.attached));
    key("acted", bool_text(l.acted));
}

void Writer::terrain() {
    // The stream's squares live only in the terrain grid (its piece keeps none): listed by file,
    // then rank.
    std::vector<std::string> stream;
    for (int x = 0; x < s_.files; ++x) {
        for (int y = 0; y < s_.ranks; ++y) {
            const core::Square q = core::make_square(x, y);
            if (s_.terrain[static_cast<std::size_t>(s_.square_index(q))] == rules::kStreamCell) {
                stream.push_back(square_text(q));
            }
        }
    }
    for (std::size_t i = 0; i < s_.terrain_piece_count; ++i) {
        const rules::TerrainPiece& t = s_.terrain_pieces[i];
        header("[[terrain]]");
        key("kind", toml_string(rules::to_string(t.kind)));
        key("owner", side(t.owner));
        std::vector<std::string> squares;
        if (t.kind == rules::TerrainKind::Stream) {
            squares = stream;
        } else {
            for (std::size_t k = 0; k < t.count && k < t.squares.size(); ++k) {
                squares.push_back(square_text(t.squares[k]));
            }
        }
        key("squares", list(squares));
    }
}

void Writer::unit(std::size_t i) {
    const rules::Unit& u = s_.units[i];
    if (u.type >= ctx_.rs().troop_types.size()) {
        throw std::invalid_argument("write_position: unit " + std::to_string(i) +
                                    " has no troop type in the ruleset");
    }
    const rules::TroopType& type = ctx_.type(u);
    header("[[unit]]");
    key("label", toml_string(rules::unit_label(ctx_, s_, i)));
    key("side", side(u.side));
    key("type", toml_string(type.id));
    key("line", toml_string(rules::roster_line(ctx_.army(u.side), u.line).id));
    if (u.upgrade != rules::kNone) key("upgrade", std::to_string(u.upgrade + 1));
    key("status", toml_string(word(detail::kUnitStatusNames, u.status)));
    key("deployed", bool_text(u.deployed));
    key("square", square_text(u.square));
    key("facing", toml_string(core::to_string(u.facing)));
    key("fight", toml_string(core::to_string(u.fight)));
    key("shoot", toml_string(core::to_string(u.shoot_die)));
    key("range", squares_text(u.range_half));
    key("move", squares_text(u.move_half));
    std::vector<std::string> traits;
    for (int t = 0; t < rules::kTraitCount; ++t) {
        const auto trait = static_cast<rules::Trait>(t);
        if (u.traits.contains(trait)) traits.push_back(toml_string(rules::to_string(trait)));
    }
    key("traits", list(traits));
    std::vector<std::string> stands;
    const std::size_t groups = std::min<std::size_t>(type.stands.size(), rules::kMaxStandGroups);
    for (std::size_t g = 0; g < groups; ++g) stands.push_back(std::to_string(u.stands[g]));
    key("stands", list(stands));
    key("hits", std::to_string(u.hits));
    key("shot_sum", std::to_string(u.shot_sum));
    key("shot_hits", std::to_string(u.shot_hits));
    key("entry", square_text(u.entry));
    std::vector<std::string> markers;
    const auto set = detail::markers_of(u);
    for (std::size_t m = 0; m < set.size(); ++m) {
        if (set[m]) markers.push_back(toml_string(detail::kMarkerNames[m]));
    }
    key("markers", list(markers));
}

void Writer::move() {
    const rules::MoveInProgress& m = s_.move;
    if (m == rules::MoveInProgress{}) return;
    header("[move]");
    key("active", bool_text(m.active));
    key("unit", unit_ref(m.unit));
    key("steps", square_list(m.steps, m.step_count));
    key("next", std::to_string(m.next));
    key("turn_after", bool_text(m.turn_after));
    key("final_facing", toml_string(core::to_string(m.final_facing)));
    key("previous", square_text(m.previous));
    key("attack", bool_text(m.attack));
}

std::string Writer::run() {
    out_ = "# A tercio position: a complete snapshot of a game (docs/positions.md).\n";
    key("schema_version", std::to_string(kSchemaVersion));
    key("kind", toml_string("position"));
    key("ruleset", toml_string(p_.ruleset));
    key("armies",
        "{ a = " + toml_string(p_.armies[0]) + ", b = " + toml_string(p_.armies[1]) + " }");
    header("[dice]");
    key("seed", u64_text(p_.seed));
    key("calls", u64_text(p_.calls));
    header("[board]");
    key("files", std::to_string(s_.files));
    key("ranks", std::to_string(s_.ranks));
    key("deployment_ranks", std::to_string(s_.deployment_ranks));
    game();
    side_table(Side::A);
    side_table(Side::B);
    terrain();
    for (std::size_t i = 0; i < s_.unit_count; ++i) unit(i);
    move();
    return out_;
}

}  // namespace

std::string write_position(const Position& p, const rules::RulesContext& ctx) {
    return Writer(p, ctx).run();
}

}  // namespace tercio::rules
