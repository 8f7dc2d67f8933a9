// The Sword and the Pike positions: tsp::GameState <-> TOML (position.hpp). The layout is in
// docs/positions.md, "The Sword and the Pike positions"; every field of the state is written (or
// is its unit line's), so that load_tsp_position(write_tsp_position(p)) == p.
#include "kits/tsp/data/position.hpp"

#include <map>
#include <stdexcept>
#include <vector>

#include "data/position_text.hpp"
#include "data/toml_reader.hpp"
#include "kits/tsp/data/consistency.hpp"

namespace tercio::tsp {

using namespace tercio::data;

using detail::bool_text;
using detail::index;
using detail::kSideNames;
using detail::list;
using detail::Reporter;
using detail::square_text;
using detail::TableView;
using detail::toml_string;
using detail::u64_text;
using detail::word;

namespace {

// The words of the state's enums, in the order of their enumerators.
constexpr std::array<std::string_view, 4> kDecisionNames = {"activate", "move", "fire", "game_over"};
constexpr std::array<std::string_view, 6> kEndNames = {"none",       "no_units",   "spirit_failed",
                                                       "spirit_gone", "turn_limit", "conceded"};
constexpr std::array<std::string_view, 2> kStepNames = {"movement", "fire"};
constexpr std::array<std::string_view, 3> kStatusNames = {"steady", "shaken", "routed"};
constexpr std::array<std::string_view, 3> kOrderNames = {"closed", "open", "skirmish"};
constexpr std::array<std::string_view, 3> kSideOrNone = {"a", "b", "none"};
/// The terrain of a square, open first: the board lists the squares of every other kind.
constexpr std::array<std::string_view, 8> kTerrainNames = {"open", "wood",     "hill", "stream",
                                                           "hedge", "wall", "building", "road"};
/// The option bits, lowest first.
constexpr std::array<std::string_view, 4> kOptionNames = {"quicker_movement", "light_rain", "brigade_movement",
                                                           "dismounting"};
/// The two decks, as `[decks.<name>]`.
constexpr std::array<std::string_view, 2> kDeckNames = {"activation", "casualty"};
static_assert(static_cast<std::size_t>(Decision::Over) + 1 == kDecisionNames.size());
static_assert(static_cast<std::size_t>(EndReason::Conceded) + 1 == kEndNames.size());
static_assert(static_cast<std::size_t>(Status::Routed) + 1 == kStatusNames.size());
static_assert(static_cast<std::size_t>(Order::Skirmish) + 1 == kOrderNames.size());
static_assert(static_cast<std::size_t>(Terrain::Road) + 1 == kTerrainNames.size());
static_assert(kQuickerMovement == 1 && kLightRain == 2 && kBrigadeMovement == 4 && kDismounting == 8);

constexpr int kMaxCount = 99;  // reload markers, inches, Reiters' shots: far above any the game reaches

std::string side_or_none(std::optional<Side> s) {
    return toml_string(s ? kSideNames[core::idx(*s)] : "none");
}

const Deck& deck_of(const GameState& s, std::size_t k) {
    return k == 0 ? s.activation : s.casualty;
}
Deck& deck_of(GameState& s, std::size_t k) {
    return k == 0 ? s.activation : s.casualty;
}

// --- Writing -------------------------------------------------------------------------------------

class Writer {
  public:
    Writer(const TspPosition& p, const tsp::Context& ctx) : p_(p), s_(p.state), ctx_(ctx) {}

    std::string run() {
        line("schema_version = 1");
        line("kind = \"position\"");
        line("ruleset = " + toml_string(p_.ruleset));
        line("armies = { a = " + toml_string(p_.armies[0]) + ", b = " + toml_string(p_.armies[1]) + " }");
        line("\n[dice]");
        line("seed = " + u64_text(p_.seed));
        line("calls = " + u64_text(p_.calls));
        board();
        game();
        for (const Side side : {Side::A, Side::B}) sides(side);
        for (std::size_t k = 0; k < kDeckNames.size(); ++k) deck(k);
        officers();
        units();
        return out_;
    }

  private:
    void line(const std::string& l) { out_ += l + "\n"; }
    std::string unit_ref(int u) const {
        if (u < 0) return toml_string("none");
        if (u >= s_.unit_count) throw std::invalid_argument("a unit reference past the units");
        const auto i = static_cast<std::size_t>(u);
        return toml_string(std::string(kSideNames[core::idx(s_.units[i].side)]) + ":" + tsp::unit_label(ctx_, s_, i));
    }

    /// A field officer as "a:colonel": his side and his id in his army's list.
    std::string officer_ref(int o) const {
        const std::vector<OfficerSlot> slots = officer_slots(ctx_);
        if (o < 0 || static_cast<std::size_t>(o) >= slots.size()) throw std::invalid_argument("a field officer past the armies'");
        const OfficerSlot& slot = slots[static_cast<std::size_t>(o)];
        return toml_string(std::string(kSideNames[core::idx(slot.side)]) + ":" + ctx_.army(slot.side).officers[slot.index].id);
    }

    void board() {
        line("\n[board]");
        line("files = " + std::to_string(s_.files));
        line("ranks = " + std::to_string(s_.ranks));
        std::array<std::vector<std::string>, kTerrainNames.size()> squares;
        for (int y = 0; y < core::kMaxBoardSide; ++y) {
            for (int x = 0; x < core::kMaxBoardSide; ++x) {
                const core::Square q = core::make_square(x, y);
                const Terrain t = s_.terrain_at(q);
                if (t == Terrain::Open) continue;
                if (!core::on_board(q, s_.files, s_.ranks)) throw std::invalid_argument("terrain off the board");
                squares[static_cast<std::size_t>(t)].push_back(square_text(q));
            }
        }
        for (std::size_t t = 1; t < kTerrainNames.size(); ++t) line(std::string(kTerrainNames[t]) + " = " + list(squares[t]));
    }

    void game() {
        line("\n[game]");
        std::vector<std::string> options;
        for (std::size_t b = 0; b < kOptionNames.size(); ++b) {
            if (s_.options & (1u << b)) options.push_back(toml_string(kOptionNames[b]));
        }
        if ((s_.options >> kOptionNames.size()) != 0) throw std::invalid_argument("an option bit that is no option");
        line("options = " + list(options));
        line("turn = " + std::to_string(s_.turn));
        line("step = " + toml_string(word(kStepNames, s_.step)));
        line("card = " + toml_string(s_.card ? tsp::card_text(*s_.card) : "none"));
        line("card_side = " + side_or_none(s_.card_side));
        line("activations_left = " + std::to_string(s_.activations_left));
        line("active = " + unit_ref(s_.active));
        line("move_inches = " + std::to_string(s_.move_inches));
        // Written only while a brigade moves (TSP-CARD-3): absent, none does.
        if (s_.brigade >= 0) line("brigade = " + officer_ref(s_.brigade));
        line("decision = " + toml_string(word(kDecisionNames, s_.decision)));
        line("decider = " + side_or_none(s_.decider));
        line("end = " + toml_string(word(kEndNames, s_.end)));
        line("winner = " + side_or_none(s_.winner));
    }

    void sides(Side side) {
        const std::size_t i = core::idx(side);
        line("\n[sides." + std::string(kSideNames[i]) + "]");
        line("start_units = " + std::to_string(s_.start_units[i]));
        line("spirit_failures = " + std::to_string(s_.spirit_failures[i]));
    }

    void deck(std::size_t k) {
        const Deck& d = deck_of(s_, k);
        line("\n[decks." + std::string(kDeckNames[k]) + "]");
        line("pulled = " + std::to_string(d.next));
        // The whole deck, a suit's worth of cards a line: the first `pulled` have been pulled, in
        // the order they were (the card in play last), then the cards left, in card order.
        std::string cards = "cards = [";
        for (std::size_t c = 0; c < d.cards.size(); ++c) {
            if (d.cards[c] >= kDeckSize) throw std::invalid_argument("a card that is not one of the 52");
            cards += (c % 13 == 0 ? "\n    " : " ") + toml_string(tsp::card_text(d.cards[c])) + ",";
        }
        line(cards + "\n]");
    }

    void officers() {
        const std::vector<OfficerSlot> slots = officer_slots(ctx_);
        if (s_.officer_count != slots.size()) throw std::invalid_argument("field officers that are not the armies'");
        for (std::size_t i = 0; i < s_.officer_count; ++i) {
            const FieldOfficerState& o = s_.officers[i];
            line("\n[[officer]]");
            line("side = " + side_or_none(slots[i].side));
            line("id = " + toml_string(ctx_.army(slots[i].side).officers[slots[i].index].id));
            line("unit = " + unit_ref(o.unit));
            line("alive = " + bool_text(o.alive));
        }
    }

    static std::string companies(const Unit& u, int first, int count) {
        std::vector<std::string> items;
        for (int c = first; c < first + count; ++c) {
            items.push_back("{ figures = " + std::to_string(u.figures[static_cast<std::size_t>(c)]) +
                            ", leader = " + bool_text(((u.leaders >> c) & 1) != 0) + " }");
        }
        return list(items);
    }

    void units() {
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const Unit& u = s_.units[i];
            const auto& lines = ctx_.army(u.side).units;
            if (u.line >= lines.size()) throw std::invalid_argument("a unit line the army does not have");
            const LineShape shape = line_shape(ctx_.rs(), lines[u.line]);
            line("\n[[unit]]");
            line("label = " + toml_string(tsp::unit_label(ctx_, s_, i)));
            line("side = " + side_or_none(u.side));
            line("line = " + toml_string(lines[u.line].id));
            line("square = " + square_text(u.sq));
            line("facing = " + toml_string(core::to_string(u.facing)));
            line("order = " + toml_string(word(kOrderNames, u.order)));
            line("companies = " + companies(u, 0, shape.companies));
            line("attached = " + companies(u, kMaxCompanies, shape.attached));
            line("status = " + toml_string(word(kStatusNames, u.status)));
            line("reload = " + std::to_string(u.reload));
            line("shots = " + std::to_string(u.shots));
            line("out_of_fire = " + bool_text(u.out_of_fire));
            line("acted = " + bool_text(u.acted));
            line("moved_this_turn = " + bool_text(u.moved_this_turn));
            line("hit_this_turn = " + bool_text(u.hit_this_turn));
            line("tested_to_stand = " + bool_text(u.tested_to_stand));
            line("routed_turn = " + std::to_string(u.routed_turn < 0 ? 0 : u.routed_turn));
            line("charging = " + unit_ref(u.charging));
            line("combat = " + unit_ref(u.combat));
            line("combat_rolls = " + std::to_string(u.combat_rolls));
            line("on_board = " + bool_text(u.on_board));
            // Written only when true (TSP-MOVE-4): positions of games without it stay as they were.
            if (u.dismounted) line("dismounted = true");
        }
    }

    const TspPosition& p_;
    const GameState& s_;
    const tsp::Context& ctx_;
    std::string out_;
};

// --- Reading -------------------------------------------------------------------------------------

/// Reads a position into `p` once its header is known to be a position's.
class Reader {
  public:
    Reader(Reporter& r, TspPosition& p) : r_(r), p_(p), s_(p.state) {}

    void run(TableView& root, const TspContextResolver& resolve) {
        ctx_ = detail::read_context<tsp::Context>(root, p_, resolve);
        if (!ctx_) return;  // the rest names the armies' lines and officers
        if (auto d = root.table("dice", true)) {
            if (auto v = detail::read_u64(*d, "seed")) p_.seed = *v;
            if (auto v = detail::read_u64(*d, "calls")) p_.calls = *v;
            d->finish();
        }
        board(root);
        units(root);
        game(root);
        if (auto all = root.table("sides", true)) {
            for (const Side side : {Side::A, Side::B}) sides(*all, side);
            all->finish();
        }
        if (auto all = root.table("decks", true)) {
            for (std::size_t k = 0; k < kDeckNames.size(); ++k) deck(*all, k);
            all->finish();
        }
        officers(root);
        resolve_refs();
        root.finish();
    }

    /// Once it has read without errors: whether the game can go on from the position, each
    /// problem reported at the key it is about (or the nearest table there is).
    void check_playable(const toml::table& root) {
        if (!ctx_) return;
        for (const Inconsistency& bad : check_consistent(*ctx_, s_)) {
            const std::string path = key_of(bad.field, bad.index);
            r_.error(detail::nearest_node(root, path).source(), path, bad.message);
        }
    }

  private:
    /// A unit reference ("a:P1") waiting for every unit to be read.
    struct Ref {
        std::string text;
        const toml::node* node = nullptr;
        std::string path;
        std::function<void(int)> set;
    };

    static std::string key_of(Field f, std::size_t i) {
        const std::string side = "sides." + std::string(kSideNames[i < 2 ? i : 0]);
        const std::string unit = index("unit", i);
        switch (f) {
            case Field::Options: return "game.options";
            case Field::Turn: return "game.turn";
            case Field::Step: return "game.step";
            case Field::Card: return "game.card";
            case Field::ActivationsLeft: return "game.activations_left";
            case Field::Active: return "game.active";
            case Field::Brigade: return "game.brigade";
            case Field::Decision: return "game.decision";
            case Field::Decider: return "game.decider";
            case Field::End: return "game.end";
            case Field::StartUnits: return side + ".start_units";
            case Field::SpiritFailures: return side + ".spirit_failures";
            case Field::Deck: return "decks." + std::string(kDeckNames[i < 2 ? i : 0]) + ".cards";
            case Field::UnitLine: return unit + ".line";
            case Field::UnitOrder: return unit + ".order";
            case Field::UnitSquare: return unit + ".square";
            case Field::UnitFigures: return unit + ".companies";
            case Field::UnitRoutedTurn: return unit + ".routed_turn";
            case Field::UnitShots: return unit + ".shots";
            case Field::UnitCharging: return unit + ".charging";
            case Field::UnitCombat: return unit + ".combat";
            case Field::UnitDismounted: return unit + ".dismounted";
            case Field::Officer: return index("officer", i) + ".unit";
        }
        return "";
    }

    template <typename T>
    void integer(TableView& t, std::string_view key, T& out, std::int64_t lo, std::int64_t hi) {
        if (auto v = t.integer(key, true, lo, hi)) out = static_cast<T>(*v);
    }
    void boolean(TableView& t, std::string_view key, bool& out) {
        if (auto v = t.boolean(key, true)) out = *v;
    }
    void side(TableView& t, std::string_view key, Side& out) {
        if (auto i = detail::read_word(t, key, kSideNames, "side")) out = static_cast<Side>(*i);
    }
    void side_or_none(TableView& t, std::string_view key, std::optional<Side>& out) {
        const auto i = detail::read_word(t, key, kSideOrNone, "side");
        if (i) out = *i < 2 ? std::optional{static_cast<Side>(*i)} : std::nullopt;
    }
    template <typename E, std::size_t N>
    void word(TableView& t, std::string_view key, const std::array<std::string_view, N>& names, std::string_view what,
              E& out) {
        if (auto i = detail::read_word(t, key, names, what)) out = static_cast<E>(*i);
    }
    /// A unit reference: "none" (-1) or a side and a label, resolved once the units are read.
    void unit_ref(TableView& t, std::string_view key, std::function<void(int)> set) {
        const auto text = t.string(key, true);
        if (!text) return;
        if (*text == "none") {
            set(-1);
            return;
        }
        refs_.push_back(Ref{*text, t.raw().get(key), t.path_of(key), std::move(set)});
    }
    /// A card ("AH", "10D"), or "none" when `may_be_none`, under key or at an array's node.
    std::optional<int> card(const toml::node& n, const std::string& path, bool may_be_none) {
        const auto text = detail::read_string(r_, n, path);
        if (!text) return std::nullopt;
        if (may_be_none && *text == "none") return -1;
        if (const auto c = parse_card(*text)) return *c;
        r_.error(n.source(), path,
                 "\"" + *text + "\" is not a card (a rank A, 2 to 10, J, Q or K and a suit H, D, C or S, such as "
                 "\"10D\"" + std::string(may_be_none ? ", or \"none\")" : ")"));
        return std::nullopt;
    }

    void board(TableView& root) {
        s_.files = s_.ranks = core::kMaxBoardSide;  // until the board is known
        auto b = root.table("board", true);
        if (!b) return;
        integer(*b, "files", s_.files, 5, core::kMaxBoardSide);
        integer(*b, "ranks", s_.ranks, 5, core::kMaxBoardSide);
        for (std::size_t k = 1; k < kTerrainNames.size(); ++k) {
            const std::string_view key = kTerrainNames[k];
            const toml::array* a = b->array(key, true);
            if (!a) continue;
            for (std::size_t i = 0; i < a->size(); ++i) {
                const std::string path = index(b->path_of(key), i);
                const auto q = detail::read_square(r_, *a->get(i), path, s_.files, s_.ranks);
                if (!q) continue;
                if (s_.terrain_at(*q) != Terrain::Open) {
                    r_.error(a->get(i)->source(), path, core::to_string(*q) + " is listed twice");
                    continue;
                }
                s_.set_terrain(*q, static_cast<Terrain>(k));
            }
        }
        b->finish();
    }

    void units(TableView& root) {
        const toml::array* a = root.array("unit", true);
        if (!a) {
            units_read_ = false;
            return;
        }
        if (a->size() > static_cast<std::size_t>(kMaxUnits)) {
            root.error(*a, "unit", std::to_string(a->size()) + " units, more than the " + std::to_string(kMaxUnits) +
                                       " a game can hold");
            units_read_ = false;
            return;
        }
        std::array<int, 2> per_side{};
        for (std::size_t i = 0; i < a->size(); ++i) {
            const std::string path = index("unit", i);
            const toml::table* t = a->get(i)->as_table();
            if (!t) {
                r_.error(a->get(i)->source(), path, "expected a table, found " + detail::type_name(*a->get(i)));
                units_read_ = false;
                continue;
            }
            TableView u(r_, *t, path);
            unit(u, i, per_side);
            u.finish();
        }
        s_.unit_count = static_cast<std::uint8_t>(a->size());
        if (!units_read_) return;
        // Labels count the units of a glyph before them: checked once every line is known.
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const std::string want = tsp::unit_label(*ctx_, s_, i);
            if (labels_[i].text != want) {
                r_.error(labels_[i].node->source(), index("unit", i) + ".label",
                         "\"" + labels_[i].text + "\" is not this unit's label: its place in the list makes it \"" + want + "\"");
            }
        }
    }

    /// A unit's companies under `key` (its own, or the attached): `count` of them, each `{ figures
    /// = N, leader = B }`, into the slots from `first`; `count` unknown (its line is not): up to
    /// `most`, unchecked.
    void companies(TableView& t, std::string_view key, Unit& u, int first, std::optional<int> count, int most) {
        const toml::array* a = t.array(key, true);
        if (!a) return;
        const std::size_t want = static_cast<std::size_t>(count.value_or(most));
        if (count ? a->size() != want : a->size() > want) {
            t.error(*a, key, std::to_string(a->size()) + (a->size() == 1 ? " company" : " companies") + ", but a unit of its line has " +
                                 std::to_string(want) + " (the line says its companies)");
            return;
        }
        for (std::size_t c = 0; c < a->size(); ++c) {
            const std::string path = index(t.path_of(key), c);
            const toml::table* ct = a->get(c)->as_table();
            if (!ct) {
                r_.error(a->get(c)->source(), path,
                         "expected a company, such as { figures = 5, leader = true }, found " + detail::type_name(*a->get(c)));
                continue;
            }
            TableView company(r_, *ct, path);
            const auto slot = static_cast<std::size_t>(first) + c;
            integer(company, "figures", u.figures[slot], 0, kMaxCount);
            bool leader = false;
            boolean(company, "leader", leader);
            if (leader) u.leaders = static_cast<std::uint8_t>(u.leaders | (1u << slot));
            company.finish();
        }
    }

    void unit(TableView& t, std::size_t i, std::array<int, 2>& per_side) {
        Unit& u = s_.units[i];
        const auto label = t.string("label", true);
        labels_.push_back(Ref{label.value_or(""), t.raw().get("label"), t.path_of("label"), {}});
        side(t, "side", u.side);
        // A unit without its side is reported as such (read_word), not counted: the error below
        // is placed at the key, which it lacks.
        if (t.raw().contains("side") && ++per_side[core::idx(u.side)] > kMaxUnitsPerSide) {
            t.error(*t.raw().get("side"), "side", "more than " + std::to_string(kMaxUnitsPerSide) + " units of a side");
        }
        std::optional<LineShape> shape;
        if (const auto line = t.string("line", true)) {
            const ArmyList& army = ctx_->army(u.side);
            for (std::size_t l = 0; l < army.units.size() && !shape; ++l) {
                if (army.units[l].id != *line) continue;
                const UnitLine& ul = army.units[l];
                const TroopType* type = ctx_->rs().find_type(ul.type);
                if (!type) break;  // an army checked against its ruleset names its types
                shape = line_shape(ctx_->rs(), ul);
                u.line = static_cast<std::uint8_t>(l);
                u.type = static_cast<std::uint8_t>(type - ctx_->rs().troop_types.data());
                u.start_figures = static_cast<std::uint8_t>(shape->start_figures);
            }
            if (!shape) {
                std::string ids;
                for (const auto& ul : army.units) ids += (ids.empty() ? "" : ", ") + ul.id;
                t.error(*t.raw().get("line"), "line", "\"" + *line + "\" is not a unit line of army " + army.id + " (" + ids + ")");
                units_read_ = false;
            }
        } else {
            units_read_ = false;
        }
        if (!label) units_read_ = false;
        if (const toml::node* n = t.get("square", true)) {
            if (auto q = detail::read_square(r_, *n, t.path_of("square"), s_.files, s_.ranks)) u.sq = *q;
        }
        if (auto f = detail::read_facing(t, "facing")) u.facing = *f;
        word(t, "order", kOrderNames, "order", u.order);
        companies(t, "companies", u, 0, shape ? std::optional(shape->companies) : std::nullopt, kMaxCompanies);
        companies(t, "attached", u, kMaxCompanies, shape ? std::optional(shape->attached) : std::nullopt, kMaxAttached);
        word(t, "status", kStatusNames, "status", u.status);
        integer(t, "reload", u.reload, 0, kMaxCount);
        integer(t, "shots", u.shots, 0, kMaxCount);
        boolean(t, "out_of_fire", u.out_of_fire);
        boolean(t, "acted", u.acted);
        boolean(t, "moved_this_turn", u.moved_this_turn);
        boolean(t, "hit_this_turn", u.hit_this_turn);
        boolean(t, "tested_to_stand", u.tested_to_stand);
        int routed = 0;
        integer(t, "routed_turn", routed, 0, kTurnLimit);
        u.routed_turn = static_cast<std::int8_t>(routed == 0 ? -1 : routed);
        unit_ref(t, "charging", [this, i](int v) { s_.units[i].charging = static_cast<std::int8_t>(v); });
        unit_ref(t, "combat", [this, i](int v) { s_.units[i].combat = static_cast<std::int8_t>(v); });
        integer(t, "combat_rolls", u.combat_rolls, 0, 255);
        boolean(t, "on_board", u.on_board);
        // Optional: absent, the unit is mounted or never rides (TSP-MOVE-4).
        if (auto v = t.boolean("dismounted", false)) u.dismounted = *v;
    }

    void game(TableView& root) {
        auto g = root.table("game", true);
        if (!g) return;
        if (const toml::array* a = g->array("options", true)) {
            for (std::size_t i = 0; i < a->size(); ++i) {
                const std::string path = index(g->path_of("options"), i);
                const auto w = detail::read_string(r_, *a->get(i), path);
                if (!w) continue;
                const auto bit = detail::index_of(kOptionNames, *w);
                if (!bit) {
                    r_.error(a->get(i)->source(), path,
                             "\"" + *w + "\" is not an option (use " + detail::word_choices(kOptionNames) + ")");
                } else if (s_.options & (1u << *bit)) {
                    r_.error(a->get(i)->source(), path, "\"" + *w + "\" is listed twice");
                } else {
                    s_.options = static_cast<std::uint8_t>(s_.options | (1u << *bit));
                }
            }
        }
        integer(*g, "turn", s_.turn, 1, kTurnLimit);
        word(*g, "step", kStepNames, "card phase", s_.step);
        if (const toml::node* n = g->get("card", true)) {
            if (const auto c = card(*n, g->path_of("card"), true)) {
                if (*c < 0) s_.card.reset();
                else s_.card = static_cast<std::uint8_t>(*c);
            }
        }
        side(*g, "card_side", s_.card_side);
        integer(*g, "activations_left", s_.activations_left, 0, kMaxCount);
        unit_ref(*g, "active", [this](int u) { s_.active = static_cast<std::int8_t>(u); });
        integer(*g, "move_inches", s_.move_inches, 0, kMaxCount);
        brigade(*g);
        word(*g, "decision", kDecisionNames, "decision", s_.decision);
        side(*g, "decider", s_.decider);
        word(*g, "end", kEndNames, "reason the game ended", s_.end);
        side_or_none(*g, "winner", s_.winner);
        g->finish();
    }

    /// The field officer whose brigade is moving, as "a:colonel"; absent: none (TSP-CARD-3).
    void brigade(TableView& g) {
        const auto text = g.string("brigade", false);
        if (!text) return;
        const std::vector<OfficerSlot> slots = officer_slots(*ctx_);
        std::string listed;
        for (std::size_t i = 0; i < slots.size(); ++i) {
            const std::string ref = std::string(kSideNames[core::idx(slots[i].side)]) + ":" +
                                    ctx_->army(slots[i].side).officers[slots[i].index].id;
            if (ref == *text) {
                s_.brigade = static_cast<std::int8_t>(i);
                return;
            }
            listed += (listed.empty() ? "" : ", ") + ref;
        }
        g.error(*g.raw().get("brigade"), "brigade",
                "\"" + *text + "\" is not a field officer of the armies (" + (listed.empty() ? "they have none" : listed) +
                    "); leave brigade out when no brigade is moving");
    }

    void sides(TableView& all, Side sd) {
        auto t = all.table(kSideNames[core::idx(sd)], true);
        if (!t) return;
        const std::size_t i = core::idx(sd);
        integer(*t, "start_units", s_.start_units[i], 0, kMaxUnitsPerSide);
        integer(*t, "spirit_failures", s_.spirit_failures[i], 0, 3);
        t->finish();
    }

    void deck(TableView& all, std::size_t k) {
        auto t = all.table(kDeckNames[k], true);
        if (!t) return;
        Deck& d = deck_of(s_, k);
        integer(*t, "pulled", d.next, 0, kDeckSize);
        if (const toml::array* a = t->array("cards", true)) {
            if (a->size() != static_cast<std::size_t>(kDeckSize)) {
                t->error(*a, "cards", std::to_string(a->size()) + " cards: a deck holds the " + std::to_string(kDeckSize) +
                                          " of a standard deck: those pulled, in the order they were, then those left (TSP-CARD-1)");
            } else {
                for (std::size_t c = 0; c < a->size(); ++c) {
                    if (const auto v = card(*a->get(c), index(t->path_of("cards"), c), false))
                        d.cards[c] = static_cast<std::uint8_t>(*v);
                }
                // The cards left have no order: each pull picks one of them (tsp::Deck).
                std::sort(d.cards.begin() + std::min<int>(d.next, kDeckSize), d.cards.end());
            }
        }
        t->finish();
    }

    void officers(TableView& root) {
        const std::vector<OfficerSlot> slots = officer_slots(*ctx_);
        const toml::node* n = root.get("officer", !slots.empty());
        if (!n) return;
        const toml::array* a = n->as_array();
        if (!a || !a->is_array_of_tables()) {
            r_.error(n->source(), "officer", "expected [[officer]] tables");
            return;
        }
        std::string listed;
        for (const OfficerSlot& o : slots) {
            listed += (listed.empty() ? "" : ", ") + std::string(kSideNames[core::idx(o.side)]) + ":" +
                      ctx_->army(o.side).officers[o.index].id;
        }
        if (a->size() != slots.size()) {
            root.error(*a, "officer", std::to_string(a->size()) + " field officers, but the armies have " +
                                          std::to_string(slots.size()) + (slots.empty() ? "" : " (" + listed + ")"));
            return;
        }
        for (std::size_t i = 0; i < a->size(); ++i) {
            TableView t(r_, *a->get(i)->as_table(), index("officer", i));
            Side sd = Side::A;
            side(t, "side", sd);
            const OfficerSlot& slot = slots[i];
            const FieldOfficer& want = ctx_->army(slot.side).officers[slot.index];
            if (const auto id = t.string("id", true); id && (*id != want.id || sd != slot.side)) {
                t.error(*t.raw().get("id"), "id",
                        "the field officers are the armies' in their order (" + listed + "): this one is " +
                            std::string(kSideNames[core::idx(slot.side)]) + ":" + want.id);
            }
            FieldOfficerState& o = s_.officers[i];
            o.rank = want.rank;
            unit_ref(t, "unit", [&o](int u) { o.unit = static_cast<std::int8_t>(u); });
            boolean(t, "alive", o.alive);
            t.finish();
        }
        s_.officer_count = static_cast<std::uint8_t>(a->size());
    }

    void resolve_refs() {
        if (!units_read_) return;
        std::map<std::string, int, std::less<>> by_ref;
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            by_ref[std::string(kSideNames[core::idx(s_.units[i].side)]) + ":" + tsp::unit_label(*ctx_, s_, i)] = static_cast<int>(i);
        }
        for (const Ref& ref : refs_) {
            const auto it = by_ref.find(ref.text);
            if (it != by_ref.end()) {
                ref.set(it->second);
            } else {
                r_.error(ref.node->source(), ref.path,
                         "\"" + ref.text + "\" is not a unit of this position (use a side and a label such as \"a:P1\", or \"none\")");
            }
        }
    }

    Reporter& r_;
    TspPosition& p_;
    GameState& s_;
    std::optional<tsp::Context> ctx_;
    std::vector<Ref> refs_;
    std::vector<Ref> labels_;  ///< each unit's label as written, and where
    bool units_read_ = true;   ///< every unit's line and label are known
};

}  // namespace

std::optional<std::uint8_t> parse_card(std::string_view text) {
    static constexpr std::array<std::string_view, 13> kRanks = {"A", "2", "3",  "4", "5", "6", "7",
                                                                "8", "9", "10", "J", "Q", "K"};
    static constexpr std::string_view kSuits = "HDCS";
    if (text.size() < 2) return std::nullopt;
    const auto suit = kSuits.find(text.back());
    const auto rank = detail::index_of(kRanks, text.substr(0, text.size() - 1));
    if (suit == std::string_view::npos || !rank) return std::nullopt;
    return static_cast<std::uint8_t>(suit * 13 + *rank);
}

std::string write_tsp_position(const TspPosition& p, const tsp::Context& ctx) {
    return Writer(p, ctx).run();
}

Loaded<TspPosition> load_tsp_position(std::string_view file, std::string_view text, const TspContextResolver& resolve,
                                      PositionCheck check) {
    return detail::load_position_with<TspPosition, Reader>(file, text, resolve, check);
}

TspContextResolver tsp_context_resolver(const TspResolvers& tsp) {
    return [tsp](const std::string& ruleset, const std::array<std::string, 2>& armies,
                 std::string& why) -> std::optional<tsp::Context> {
        if (!tsp.ruleset || !tsp.army) return std::nullopt;
        tsp::Context ctx;
        ctx.ruleset = tsp.ruleset(ruleset, why);
        if (!ctx.ruleset) return std::nullopt;
        for (std::size_t side = 0; side < 2; ++side) {
            ctx.armies[side] = tsp.army(ruleset, armies[side], why);
            if (!ctx.armies[side]) return std::nullopt;
        }
        return ctx;
    };
}

bool is_tsp_position(std::string_view text, const EngineResolver& engine) {
    LoadErrors ignored;
    Reporter r("", ignored);
    const auto doc = detail::parse_document(r, text);
    if (!doc) return false;
    const auto* id = (*doc)["ruleset"].as_string();
    const auto named = id && engine ? engine(id->get()) : std::nullopt;
    if (named) return *named == tsp::kEngine;
    return doc->contains("decks");
}

}  // namespace tercio::tsp
