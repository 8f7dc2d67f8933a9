// Position files -> rules::Position, every value checked. See docs/positions.md; the writer is in
// position_writer.cpp.
#include "kits/pikette/data/position.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

#include "kits/pikette/data/position_names.hpp"
#include "data/position_text.hpp"
#include "data/toml_reader.hpp"
#include "kits/pikette/data/words.hpp"
#include "rules/consistency.hpp"

namespace tercio::rules {

using namespace tercio::data;

using data::detail::index;
using data::detail::kSideNames;
using data::detail::Reporter;
using data::detail::TableView;

namespace {

constexpr int kMaxRoll = 12;  // the largest die (PS-DICE-1)
constexpr std::int64_t kByte = 255;

/// A reference to a unit ("a:K1") waiting for the units to be read.
struct UnitRef {
    Side side = Side::A;
    std::string label;
    const toml::node* node = nullptr;
    std::string path;
    std::uint8_t* target = nullptr;
    std::optional<Side> must_be;  ///< the side the unit must belong to, if any
};

/// The key of a position file that holds a field of the state (docs/positions.md).
std::string key_of(rules::Field f, std::size_t i) {
    using rules::Field;
    const std::string side = "sides." + std::string(kSideNames[i < 2 ? i : 0]);
    const std::string unit = index("unit", i);
    switch (f) {
        case Field::Decision:
            return "game.decision";
        case Field::Decider:
            return "game.decider";
        case Field::Turn:
            return "game.turn";
        case Field::End:
            return "game.end";
        case Field::HasCurrentCard:
            return "game.has_current_card";
        case Field::Marching:
            return "game.marching";
        case Field::ReactWindow:
            return "game.react_window";
        case Field::ForcedCharger:
            return "game.forced_charger";
        case Field::WindowDue:
            return "game.window_due";
        case Field::ChipTarget:
            return "game.chip_target";
        case Field::ChoiceUnit:
            return "game.choice_unit";
        case Field::ChoiceOther:
            return "game.choice_other";
        case Field::ChoicePursuit:
            return "game.choice_pursuit";
        case Field::MoveActive:
            return "move.active";
        case Field::MoveUnit:
            return "move.unit";
        case Field::MoveSteps:
            return "move.steps";
        case Field::MoraleChips:
            return side + ".morale_chips";
        case Field::OpportunityChips:
            return side + ".opportunity_chips";
        case Field::EscapeDue:
            return side + ".escape_due";
        case Field::TerrainToPlace:
            return side + ".terrain_to_place";
        case Field::TerrainAdjusted:
            return side + ".terrain_adjusted";
        case Field::ExtraUnitRoll:
            return side + ".extra_unit_roll";
        case Field::ExtraCardDue:
            return side + ".extra_card_due";
        case Field::Deck:
            return side + ".deck";
        case Field::LeaderAlive:
            return side + ".leader.alive";
        case Field::LeaderAttached:
            return side + ".leader.attached";
        case Field::UnitStatus:
            return unit + ".status";
        case Field::UnitSquare:
            return unit + ".square";
        case Field::UnitStands:
            return unit + ".stands";
        case Field::UnitMarkers:
            return unit + ".markers";
        case Field::TerrainSquares:
            return index("terrain", i) + ".squares";
    }
    return "";
}

class Reader {
  public:
    Reader(Reporter& r, Position& p) : r_(r), p_(p), s_(p.state) {}
    /// Reads the whole document into the position.
    void run(TableView& root, const ContextResolver& resolve);
    /// Once it has read without errors: whether the game can go on from the position, each
    /// problem reported at the key it is about (or the nearest table there is).
    void check_playable(const toml::table& root);

  private:
    // Typed values beyond TableView's.
    template <std::size_t N>
    std::optional<std::size_t> word(TableView& t, std::string_view key,
                                    const std::array<std::string_view, N>& names,
                                    std::string_view what);
    std::optional<Side> side(TableView& t, std::string_view key) {
        const auto i = word(t, key, kSideNames, "side");
        return i ? std::optional{static_cast<Side>(*i)} : std::nullopt;
    }
    std::optional<core::Square> square(const toml::node& n, const std::string& path);
    std::optional<core::Square> square(TableView& t, std::string_view key) {
        const toml::node* n = t.get(key, true);
        return n ? square(*n, t.path_of(key)) : std::nullopt;
    }
    std::optional<core::Facing> facing(TableView& t, std::string_view key);
    std::optional<std::uint64_t> u64(TableView& t, std::string_view key);
    /// Reads a unit reference ("none" or "a:K1") into `target` once the units are known.
    void unit_ref(TableView& t, std::string_view key, std::uint8_t& target,
                  std::optional<Side> must_be = std::nullopt);
    template <typename T>
    void integer(TableView& t, std::string_view key, T& out, std::int64_t lo, std::int64_t hi) {
        if (auto v = t.integer(key, true, lo, hi)) out = static_cast<T>(*v);
    }
    void boolean(TableView& t, std::string_view key, bool& out) {
        if (auto v = t.boolean(key, true)) out = *v;
    }
    /// An array under key, checking its length is at most `max` (`what` names the items).
    const toml::array* bounded_array(TableView& t, std::string_view key, std::size_t max,
                                     std::string_view what, std::string_view holder);

    void board(TableView& root);
    void terrain(TableView& root);
    void units(TableView& root);
    void unit(TableView& t, std::size_t i, std::array<int, 2>& per_side);
    void unit_identity(TableView& t, rules::Unit& u, bool& known);
    void unit_stands(TableView& t, rules::Unit& u, bool known);
    void check_labels();
    void sides(TableView& root);
    void side_table(TableView& t, Side s);
    void deck(TableView& t, rules::Deck& d);
    void game(TableView& root);
    void move(TableView& root);
    void resolve_refs();

    Reporter& r_;
    Position& p_;
    GameState& s_;
    std::optional<rules::RulesContext> ctx_;
    std::vector<UnitRef> refs_;
    /// Per unit: the label written and where, and whether its type and line are known.
    struct UnitSource {
        std::string label;
        const toml::node* label_node = nullptr;
        std::string path;
        bool known = false;
    };
    std::vector<UnitSource> unit_sources_;
    bool units_read_ = true;  ///< false if the [[unit]] array could not be read at all
};

template <std::size_t N>
std::optional<std::size_t> Reader::word(TableView& t, std::string_view key,
                                        const std::array<std::string_view, N>& names,
                                        std::string_view what) {
    return data::detail::read_word(t, key, names, what);
}

std::optional<core::Square> Reader::square(const toml::node& n, const std::string& path) {
    return data::detail::read_square(r_, n, path, s_.files, s_.ranks);
}

std::optional<core::Facing> Reader::facing(TableView& t, std::string_view key) {
    return data::detail::read_facing(t, key);
}

std::optional<std::uint64_t> Reader::u64(TableView& t, std::string_view key) {
    return data::detail::read_u64(t, key);
}

void Reader::unit_ref(TableView& t, std::string_view key, std::uint8_t& target,
                      std::optional<Side> must_be) {
    const auto text = t.string(key, true);
    if (!text) return;
    if (*text == "none") {
        target = kNone;
        return;
    }
    const auto colon = text->find(':');
    const auto side = colon == std::string::npos
                          ? std::nullopt
                          : data::detail::index_of(kSideNames, std::string_view(*text).substr(0, colon));
    if (!side || colon + 1 == text->size()) {
        t.error(*t.raw().get(key), key,
                "\"" + *text +
                    "\" is not a unit (use \"none\", or a side and a label such as \"a:K1\")");
        return;
    }
    refs_.push_back(UnitRef{static_cast<Side>(*side), text->substr(colon + 1), t.raw().get(key),
                            t.path_of(key), &target, must_be});
}

const toml::array* Reader::bounded_array(TableView& t, std::string_view key, std::size_t max,
                                         std::string_view what, std::string_view holder) {
    const toml::array* a = t.array(key, true);
    if (a && a->size() > max) {
        t.error(*a, key,
                std::to_string(a->size()) + " " + std::string(what) + ", more than the " +
                    std::to_string(max) + " " + std::string(holder) + " can hold");
        return nullptr;
    }
    return a;
}

void Reader::board(TableView& root) {
    // Until the board is known, squares are checked against the largest one.
    s_.files = s_.ranks = core::kMaxBoardSide;
    auto b = root.table("board", true);
    if (!b) return;
    const auto files = b->integer("files", true, 5, core::kMaxBoardSide);
    const auto ranks = b->integer("ranks", true, 5, core::kMaxBoardSide);
    const auto deploy = b->integer("deployment_ranks", true, 1, 12);
    b->finish();
    if (files) s_.files = static_cast<std::uint8_t>(*files);
    if (ranks) s_.ranks = static_cast<std::uint8_t>(*ranks);
    if (deploy && ranks && 2 * *deploy >= *ranks) {
        b->error(*b->raw().get("deployment_ranks"), "deployment_ranks",
                 "two deployment zones of " + std::to_string(*deploy) + " ranks do not fit on " +
                     std::to_string(*ranks) + " ranks");
    } else if (deploy) {
        s_.deployment_ranks = static_cast<std::uint8_t>(*deploy);
    }
}

void Reader::terrain(TableView& root) {
    const toml::array* pieces = root.get("terrain", false) ? root.array("terrain", false) : nullptr;
    if (!pieces) return;
    if (pieces->size() > rules::kMaxTerrainPieces) {
        root.error(*pieces, "terrain",
                   std::to_string(pieces->size()) + " pieces, more than the " +
                       std::to_string(rules::kMaxTerrainPieces) + " a board can hold");
        return;
    }
    // Which piece covers each square, to report overlaps: 1 + index, or 0.
    std::vector<std::size_t> cover(rules::kMaxSquares, 0);
    std::optional<std::size_t> stream;
    for (std::size_t i = 0; i < pieces->size(); ++i) {
        const std::string path = index("terrain", i);
        const toml::table* tt = pieces->get(i)->as_table();
        if (!tt) {
            r_.error(pieces->get(i)->source(), path,
                     "expected a table, found " + data::detail::type_name(*pieces->get(i)));
            continue;
        }
        TableView t(r_, *tt, path);
        rules::TerrainPiece piece;
        const auto kind_text = t.string("kind", true);
        const auto kind = kind_text ? rules::parse_terrain(*kind_text) : std::nullopt;
        if (kind_text && !kind) {
            t.error(*tt->get("kind"), "kind",
                    "\"" + *kind_text +
                        "\" is not a terrain kind (use wood, building, hill or stream)");
        }
        const bool is_stream = kind == rules::TerrainKind::Stream;
        if (is_stream && stream) {
            t.error(*tt->get("kind"), "kind",
                    "there is already a stream (" + index("terrain", *stream) + ")");
        }
        if (auto owner = side(t, "owner")) piece.owner = *owner;
        const toml::array* squares = t.array("squares", true);
        t.finish();
        if (kind) piece.kind = *kind;
        if (is_stream && !stream) stream = i;
        // Checked even when the kind is unknown: the piece has room for two squares only.
        if (squares && !is_stream && (squares->empty() || squares->size() > 2)) {
            t.error(*squares, "squares",
                    "a " + (kind ? *kind_text : std::string("piece")) +
                        " covers 1 or 2 squares, found " + std::to_string(squares->size()));
            squares = nullptr;
        }
        for (std::size_t k = 0; squares && k < squares->size(); ++k) {
            const std::string spath = index(t.path_of("squares"), k);
            const auto q = square(*squares->get(k), spath);
            if (!q) continue;
            const auto cell = static_cast<std::size_t>(s_.square_index(*q));
            if (cover[cell] != 0) {
                r_.error(squares->get(k)->source(), spath,
                         core::to_string(*q) + " is already covered by " +
                             index("terrain", cover[cell] - 1));
                continue;
            }
            cover[cell] = i + 1;
            // A stream's squares go only in the grid; its piece keeps none (see GameState).
            if (is_stream) {
                s_.terrain[cell] = rules::kStreamCell;
            } else {
                piece.squares[piece.count++] = *q;
                s_.terrain[cell] = static_cast<std::uint8_t>(i + 1);
            }
        }
        s_.terrain_pieces[i] = piece;
    }
    s_.terrain_piece_count = static_cast<std::uint8_t>(pieces->size());
    s_.has_stream = stream.has_value();
}

void Reader::unit_identity(TableView& t, rules::Unit& u, bool& known) {
    const auto side_ = side(t, "side");
    if (side_) u.side = *side_;
    const auto type_id = t.string("type", true);
    const auto line_id = t.string("line", true);
    std::optional<std::int64_t> upgrade;
    if (t.raw().contains("upgrade")) {
        const std::int64_t count =
            ctx_ && side_ ? static_cast<std::int64_t>(ctx_->army(*side_).upgrades.size()) : kByte;
        if (count == 0) {
            t.error(*t.raw().get("upgrade"), "upgrade",
                    "army \"" + ctx_->army(*side_).id + "\" has no upgrades");
            t.get("upgrade", false);
        } else {
            upgrade = t.integer("upgrade", false, 1, count);
        }
    }
    if (!ctx_ || !side_ || !type_id || !line_id) return;

    const rules::Ruleset& rs = ctx_->rs();
    const rules::TroopType* type = rs.find_type(*type_id);
    if (!type) {
        std::string known_types;
        for (const auto& tt : rs.troop_types)
            known_types += (known_types.empty() ? "" : ", ") + tt.id;
        t.error(*t.raw().get("type"), "type",
                "unknown troop type \"" + *type_id + "\" (the ruleset \"" + rs.id +
                    "\" has: " + known_types + ")");
    }
    const rules::ArmyList& army = ctx_->army(*side_);
    const rules::UnitLine* line = nullptr;
    std::string lines;
    for (std::size_t k = 0; k < rules::roster_size(army); ++k) {
        const rules::UnitLine& l = rules::roster_line(army, k);
        lines += (lines.empty() ? "" : ", ") + l.id;
        if (l.id == *line_id && !line) {
            line = &l;
            u.line = static_cast<std::uint8_t>(k);
        }
    }
    if (!line) {
        t.error(*t.raw().get("line"), "line",
                "army \"" + army.id + "\" has no unit line \"" + *line_id + "\" (it has: " + lines +
                    ")");
    }
    if (!type || !line) return;
    if (line->type != type->id) {
        t.error(*t.raw().get("type"), "type",
                "\"" + type->id + "\" does not match line \"" + line->id + "\", whose type is \"" +
                    line->type + "\"");
        return;
    }
    u.type = static_cast<std::uint8_t>(type - rs.troop_types.data());
    known = true;
    if (upgrade) {
        const rules::Upgrade& up = army.upgrades[static_cast<std::size_t>(*upgrade - 1)];
        const bool for_line =
            up.replace_with ? up.replace_with->id == line->id : up.unit == line->id;
        if (!for_line) {
            t.error(*t.raw().get("upgrade"), "upgrade",
                    "upgrade " + std::to_string(*upgrade) + " of army \"" + army.id +
                        "\" changes line \"" + (up.replace_with ? up.replace_with->id : up.unit) +
                        "\", not \"" + line->id + "\"");
        }
        u.upgrade = static_cast<std::uint8_t>(*upgrade - 1);
    }
}

void Reader::unit_stands(TableView& t, rules::Unit& u, bool known) {
    const toml::array* stands = t.array("stands", true);
    const auto hits = t.integer("hits", true, 0, kByte);
    if (!stands || !known) return;
    const rules::TroopType& type = ctx_->type(u);
    const std::size_t groups = std::min<std::size_t>(type.stands.size(), rules::kMaxStandGroups);
    if (stands->size() != groups) {
        std::string kinds;
        for (std::size_t g = 0; g < groups; ++g) kinds += (g ? ", " : "") + type.stands[g].kind;
        t.error(*stands, "stands",
                "expected " + std::to_string(groups) + (groups == 1 ? " number" : " numbers") +
                    ", stands left in each stand group of \"" + type.id + "\" (" + kinds +
                    "), found " + std::to_string(stands->size()));
        return;
    }
    bool read = true;
    for (std::size_t g = 0; g < groups; ++g) {
        const auto n = data::detail::read_integer(r_, *stands->get(g), index(t.path_of("stands"), g), 0,
                                            type.stands[g].count);
        if (n) u.stands[g] = static_cast<std::uint8_t>(*n);
        read = read && n;
    }
    if (!read || !hits) return;
    // PS-HITS-1: hits sit on the first stand of the first group with stands left.
    std::optional<std::size_t> damaged;
    for (std::size_t g = 0; g < groups && !damaged; ++g) {
        if (u.stands[g] > 0) damaged = g;
    }
    const toml::node& at = *t.raw().get("hits");
    if (!damaged && *hits > 0) {
        t.error(at, "hits",
                std::to_string(*hits) + (*hits == 1 ? " hit" : " hits") +
                    ", but the unit has no stands left");
    } else if (damaged && *hits >= type.stands[*damaged].hits) {
        t.error(at, "hits",
                std::to_string(*hits) + " hits would destroy the damaged " +
                    type.stands[*damaged].kind + " stand, which takes " +
                    std::to_string(type.stands[*damaged].hits) + " (0 to " +
                    std::to_string(type.stands[*damaged].hits - 1) + ")");
    } else {
        u.hits = static_cast<std::uint8_t>(*hits);
    }
}

void Reader::unit(TableView& t, std::size_t i, std::array<int, 2>& per_side) {
    rules::Unit& u = s_.units[i];
    UnitSource& src = unit_sources_[i];
    src.path = t.path();
    if (const auto label = t.string("label", true)) {
        src.label = *label;
        src.label_node = t.raw().get("label");
    }
    unit_identity(t, u, src.known);
    if (t.raw().contains("side") && ++per_side[idx(u.side)] == rules::kMaxUnitsPerSide + 1) {
        t.error(*t.raw().get("side"), "side",
                "side " + std::string(data::detail::word(kSideNames, u.side)) + " has more than " +
                    std::to_string(rules::kMaxUnitsPerSide) + " units");
    }
    if (auto st = word(t, "status", detail::kUnitStatusNames, "unit status")) {
        u.status = static_cast<rules::UnitStatus>(*st);
    }
    boolean(t, "deployed", u.deployed);
    if (auto q = square(t, "square")) u.square = *q;
    if (auto f = facing(t, "facing")) u.facing = *f;
    if (auto d = t.die("fight", true)) u.fight = *d;
    if (auto d = t.die("shoot", true)) u.shoot_die = *d;
    if (auto h = t.half_squares("range", true, 0, detail::kMaxHalf))
        u.range_half = static_cast<std::uint8_t>(*h);
    if (auto h = t.half_squares("move", true, 0, detail::kMaxMoveHalf))
        u.move_half = static_cast<std::uint8_t>(*h);
    if (const toml::array* traits = t.array("traits", true)) {
        for (std::size_t k = 0; k < traits->size(); ++k) {
            const std::string path = index(t.path_of("traits"), k);
            const auto name = data::detail::read_string(r_, *traits->get(k), path);
            if (!name) continue;
            if (auto tr = rules::parse_trait(*name)) {
                u.traits.insert(*tr);
            } else {
                r_.error(traits->get(k)->source(), path,
                         "unknown trait \"" + *name +
                             "\" (use fearsome, headstrong, bow or never_routs)");
            }
        }
    }
    unit_stands(t, u, src.known);
    integer(t, "shot_sum", u.shot_sum, 0, kByte);
    integer(t, "shot_hits", u.shot_hits, 0, kByte);
    if (auto q = square(t, "entry")) u.entry = *q;
    if (const toml::array* markers = t.array("markers", true)) {
        const auto flags = detail::marker_flags(u);
        for (std::size_t k = 0; k < markers->size(); ++k) {
            const std::string path = index(t.path_of("markers"), k);
            const auto name = data::detail::read_string(r_, *markers->get(k), path);
            if (!name) continue;
            if (auto m = data::detail::index_of(detail::kMarkerNames, *name)) {
                *flags[*m] = true;
            } else {
                r_.error(markers->get(k)->source(), path,
                         "unknown marker \"" + *name + "\" (use " +
                             data::detail::word_choices(detail::kMarkerNames) + ")");
            }
        }
    }
    t.finish();
}

void Reader::units(TableView& root) {
    const bool given = root.get("unit", false) != nullptr;
    const toml::array* units = given ? root.array("unit", false) : nullptr;
    units_read_ = !given || units;
    if (!units) return;
    if (units->size() > rules::kMaxUnits) {
        units_read_ = false;
        root.error(*units, "unit",
                   std::to_string(units->size()) + " units, more than the " +
                       std::to_string(rules::kMaxUnits) + " a game can hold");
        return;
    }
    s_.unit_count = static_cast<std::uint8_t>(units->size());
    unit_sources_.resize(units->size());
    std::array<int, 2> per_side{};
    for (std::size_t i = 0; i < units->size(); ++i) {
        const std::string path = index("unit", i);
        const toml::table* ut = units->get(i)->as_table();
        if (!ut) {
            r_.error(units->get(i)->source(), path,
                     "expected a table, found " + data::detail::type_name(*units->get(i)));
            continue;
        }
        TableView t(r_, *ut, path);
        unit(t, i, per_side);
    }
}

void Reader::check_labels() {
    // Labels name units in references, so they must be unique within a side...
    std::map<std::pair<Side, std::string>, std::size_t> seen;
    for (std::size_t i = 0; i < unit_sources_.size(); ++i) {
        const UnitSource& src = unit_sources_[i];
        if (!src.label_node) continue;
        const auto [it, fresh] = seen.emplace(std::pair{s_.units[i].side, src.label}, i);
        if (!fresh) {
            r_.error(src.label_node->source(), src.path + ".label",
                     "\"" + src.label + "\" is already the label of " + index("unit", it->second));
        }
    }
    // ... and they must be what the game calls the units: glyph and number in file order. A
    // unit's label depends on the units before it, so the check stops at the first unit whose
    // type is not known.
    if (!ctx_) return;
    for (std::size_t i = 0; i < unit_sources_.size() && unit_sources_[i].known; ++i) {
        const UnitSource& src = unit_sources_[i];
        const std::string label = rules::unit_label(*ctx_, s_, i);
        if (src.label_node && src.label != label) {
            r_.error(src.label_node->source(), src.path + ".label",
                     "expected \"" + label +
                         "\" (a side's units of one glyph are numbered in file "
                         "order), found \"" +
                         src.label + "\"");
        }
    }
}

void Reader::deck(TableView& t, rules::Deck& d) {
    const auto drawn = t.integer("drawn", true, 0, kByte);
    if (const toml::array* cards = bounded_array(t, "deck", rules::kMaxDeck, "cards", "a deck")) {
        for (std::size_t k = 0; k < cards->size(); ++k) {
            const std::string path = index(t.path_of("deck"), k);
            const auto name = data::detail::read_string(r_, *cards->get(k), path);
            if (!name) continue;
            if (auto c = rules::parse_card_kind(*name)) {
                d.cards[k] = *c;
            } else {
                r_.error(cards->get(k)->source(), path,
                         "unknown card kind \"" + *name + "\" (use " + detail::card_kind_choices() +
                             ")");
            }
        }
        d.size = static_cast<std::uint8_t>(cards->size());
        if (drawn && *drawn > d.size) {
            t.error(*t.raw().get("drawn"), "drawn",
                    std::to_string(*drawn) + " is more than the " + std::to_string(d.size) +
                        " cards in the deck");
        } else if (drawn) {
            d.drawn = static_cast<std::uint8_t>(*drawn);
        }
    }
}

void Reader::side_table(TableView& t, Side s) {
    const std::size_t i = idx(s);
    integer(t, "morale_chips", s_.morale_chips[i], 0, std::numeric_limits<std::int16_t>::max());
    integer(t, "opportunity_chips", s_.opportunity_chips[i], 0, kByte);
    integer(t, "initiative_roll", s_.initiative_roll[i], 0, kMaxRoll);
    boolean(t, "march_option", s_.march_option[i]);
    boolean(t, "escape_due", s_.escape_due[i]);
    integer(t, "terrain_to_place", s_.terrain_to_place[i], 0, kByte);
    boolean(t, "terrain_adjusted", s_.terrain_adjusted[i]);
    integer(t, "extra_unit_roll", s_.extra_unit_roll[i], 0, kMaxRoll);
    boolean(t, "extra_card_due", s_.extra_card_due[i]);
    deck(t, s_.decks[i]);
    if (auto lt = t.table("leader", true)) {
        rules::Leader& l = s_.leaders[i];
        boolean(*lt, "alive", l.alive);
        boolean(*lt, "deployed", l.deployed);
        boolean(*lt, "sultan", l.sultan);
        if (auto q = square(*lt, "square")) l.square = *q;
        unit_ref(*lt, "attached", l.attached, s);
        boolean(*lt, "acted", l.acted);
        lt->finish();
    }
    t.finish();
}

void Reader::sides(TableView& root) {
    auto sides = root.table("sides", true);
    if (!sides) return;
    for (Side s : {Side::A, Side::B}) {
        if (auto t = sides->table(data::detail::word(kSideNames, s), true)) side_table(*t, s);
    }
    sides->finish();
}

void Reader::game(TableView& root) {
    auto g = root.table("game", true);
    if (!g) return;
    integer(*g, "turn", s_.turn, 0, kByte);
    integer(*g, "nightfall_turn", s_.nightfall_turn, 0, kByte);
    if (auto d = word(*g, "decision", detail::kDecisionNames, "decision")) {
        s_.decision = static_cast<rules::Decision>(*d);
    }
    if (auto s = side(*g, "decider")) s_.decider = *s;
    if (auto s = side(*g, "active")) s_.active = *s;
    if (auto ph = word(*g, "phase", detail::kPhaseNames, "phase"))
        s_.phase = static_cast<std::uint8_t>(*ph);
    integer(*g, "pips", s_.pips, 0, kByte);
    integer(*g, "second_pips", s_.second_pips, 0, kByte);
    boolean(*g, "has_current_card", s_.has_current_card);
    boolean(*g, "marching", s_.marching);
    boolean(*g, "marched_on_card", s_.marched_on_card);
    if (auto w = word(*g, "react_window", detail::kReactWindowNames, "reaction window")) {
        s_.react_window = static_cast<rules::ReactWindow>(*w);
    }
    unit_ref(*g, "forced_charger", s_.forced_charger);
    if (auto w = word(*g, "window_due", detail::kWindowDueNames, "due reaction window")) {
        s_.window_due = detail::kWindowDueValues[*w];
    }
    unit_ref(*g, "chip_target", s_.chip_target);
    unit_ref(*g, "choice_unit", s_.choice_unit);
    unit_ref(*g, "choice_other", s_.choice_other);
    boolean(*g, "choice_pursuit", s_.choice_pursuit);
    if (auto q = square(*g, "trail_start")) s_.trail_start = *q;
    if (const toml::array* trail =
            bounded_array(*g, "trail", s_.trail.size(), "squares", "a trail")) {
        for (std::size_t k = 0; k < trail->size(); ++k) {
            if (auto q = square(*trail->get(k), index(g->path_of("trail"), k))) s_.trail[k] = *q;
        }
        s_.trail_len = static_cast<std::uint8_t>(trail->size());
    }
    if (auto s = side(*g, "terrain_first")) s_.terrain_first = *s;
    if (auto e = word(*g, "end", detail::kGameEndNames, "game end"))
        s_.end = static_cast<rules::GameEnd>(*e);
    if (auto s = side(*g, "conceded")) s_.conceded = *s;
    g->finish();
}

void Reader::move(TableView& root) {
    auto m = root.table("move", false);
    if (!m) return;
    rules::MoveInProgress& mv = s_.move;
    boolean(*m, "active", mv.active);
    unit_ref(*m, "unit", mv.unit);
    if (const toml::array* steps =
            bounded_array(*m, "steps", rules::MoveInProgress::kMaxSteps, "steps", "a move")) {
        for (std::size_t k = 0; k < steps->size(); ++k) {
            if (auto q = square(*steps->get(k), index(m->path_of("steps"), k))) mv.steps[k] = *q;
        }
        mv.step_count = static_cast<std::uint8_t>(steps->size());
        if (auto next = m->integer("next", true, 0, kByte)) {
            if (*next > mv.step_count) {
                m->error(*m->raw().get("next"), "next",
                         std::to_string(*next) + " is past the last of " +
                             std::to_string(mv.step_count) + " steps");
            } else {
                mv.next = static_cast<std::uint8_t>(*next);
            }
        }
    } else {
        m->get("next", true);
    }
    boolean(*m, "turn_after", mv.turn_after);
    if (auto f = facing(*m, "final_facing")) mv.final_facing = *f;
    if (auto q = square(*m, "previous")) mv.previous = *q;
    boolean(*m, "attack", mv.attack);
    m->finish();
}

void Reader::resolve_refs() {
    // Without the units, every reference would be reported as unknown: say nothing more.
    if (!units_read_) return;
    for (const UnitRef& ref : refs_) {
        std::optional<std::size_t> found;
        for (std::size_t i = 0; i < unit_sources_.size() && !found; ++i) {
            if (s_.units[i].side == ref.side && unit_sources_[i].label_node &&
                unit_sources_[i].label == ref.label) {
                found = i;
            }
        }
        const std::string side_word(data::detail::word(kSideNames, ref.side));
        if (!found) {
            r_.error(ref.node->source(), ref.path,
                     "no unit of side " + side_word + " is labelled \"" + ref.label + "\"");
        } else if (ref.must_be && *ref.must_be != ref.side) {
            r_.error(
                ref.node->source(), ref.path,
                "a leader can be attached only to a unit of his own side, not side " + side_word);
        } else {
            *ref.target = static_cast<std::uint8_t>(*found);
        }
    }
}

void Reader::run(TableView& root, const ContextResolver& resolve) {
    ctx_ = data::detail::read_context<rules::RulesContext>(root, p_, resolve);
    if (auto d = root.table("dice", true)) {
        if (auto v = u64(*d, "seed")) p_.seed = *v;
        if (auto v = u64(*d, "calls")) p_.calls = *v;
        d->finish();
    }
    board(root);
    units(root);
    check_labels();
    terrain(root);
    sides(root);
    game(root);
    move(root);
    resolve_refs();
    root.finish();
}

void Reader::check_playable(const toml::table& root) {
    if (!ctx_) return;
    for (const rules::Inconsistency& bad : rules::check_consistent(*ctx_, s_)) {
        const std::string path = key_of(bad.field, bad.index);
        r_.error(data::detail::nearest_node(root, path).source(), path, bad.message);
    }
}

}  // namespace

Loaded<Position> load_position(std::string_view file, std::string_view text, const ContextResolver& resolve,
                               PositionCheck check) {
    return data::detail::load_position_with<Position, Reader>(file, text, resolve, check);
}

}  // namespace tercio::rules
