// Hell Broke Loose positions: hbl::GameState <-> TOML (hbl_position.hpp). The layout is in
// docs/positions.md, "Hell Broke Loose positions"; every field of the state is written, so that
// load_hbl_position(write_hbl_position(p)) == p.
#include "kits/hbl/data/position.hpp"

#include <map>
#include <stdexcept>
#include <vector>

#include "data/position_text.hpp"
#include "data/toml_reader.hpp"
#include "hbl/consistency.hpp"

namespace tercio::hbl {

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
constexpr std::array<std::string_view, 8> kDecisionNames = {
    "choose", "act", "react", "stubborn", "keep_move", "follow", "rally_back", "game_over"};
constexpr std::array<std::string_view, 5> kEndNames = {"none", "chips_gone", "no_units", "turn_limit",
                                                       "conceded"};
constexpr std::array<std::string_view, 4> kFateNames = {"holds", "pushed_back", "routed", "withdraws"};
constexpr std::array<std::string_view, 3> kSideOrNone = {"a", "b", "none"};
constexpr std::array<std::string_view, 2> kPhaseNames = {"first", "second"};
static_assert(static_cast<std::size_t>(hbl::Decision::Over) + 1 == kDecisionNames.size());
static_assert(static_cast<std::size_t>(hbl::EndReason::Conceded) + 1 == kEndNames.size());
static_assert(static_cast<std::size_t>(hbl::Fate::Withdraws) + 1 == kFateNames.size());

constexpr int kMaxCount = 99;  // pips, UI, a round's difference: far above any the game reaches

std::string side_or_none(std::optional<Side> s) {
    return toml_string(s ? kSideNames[core::idx(*s)] : "none");
}

// --- Writing -------------------------------------------------------------------------------------

class Writer {
  public:
    Writer(const HblPosition& p, const hbl::Context& ctx) : p_(p), s_(p.state), ctx_(ctx) {}

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
        pending();
        for (const Side side : {Side::A, Side::B}) sides(side);
        melees();
        units();
        return out_;
    }

  private:
    void line(const std::string& l) { out_ += l + "\n"; }
    std::string unit_ref(int u) const {
        if (u < 0) return toml_string("none");
        if (u >= s_.unit_count) throw std::invalid_argument("a unit reference past the units");
        const auto i = static_cast<std::size_t>(u);
        return toml_string(std::string(kSideNames[core::idx(s_.units[i].side)]) + ":" + hbl::unit_label(ctx_, s_, i));
    }
    /// Command k of `side`'s army by id, or "none" for -1.
    std::string command(Side side, int k) const {
        if (k < 0) return toml_string("none");
        const auto& cs = ctx_.army(side).commands;
        if (static_cast<std::size_t>(k) >= cs.size()) throw std::invalid_argument("a command the army does not have");
        return toml_string(cs[static_cast<std::size_t>(k)].id);
    }
    /// The commands of `side`'s army whose bits are set, by id.
    std::string commands(Side side, unsigned bits) const {
        std::vector<std::string> items;
        for (std::size_t k = 0; k < 8; ++k) {
            if (bits & (1u << k)) items.push_back(command(side, static_cast<int>(k)));
        }
        return list(items);
    }

    void board() {
        line("\n[board]");
        line("files = " + std::to_string(s_.files));
        line("ranks = " + std::to_string(s_.ranks));
        std::vector<std::string> rough, impassable;
        for (int y = 0; y < core::kMaxBoardSide; ++y) {
            for (int x = 0; x < core::kMaxBoardSide; ++x) {
                const core::Square q = core::make_square(x, y);
                const hbl::Terrain t = s_.terrain_at(q);
                if (t == hbl::Terrain::I) continue;
                if (!core::on_board(q, s_.files, s_.ranks)) throw std::invalid_argument("terrain off the board");
                (t == hbl::Terrain::II ? rough : impassable).push_back(square_text(q));
            }
        }
        line("rough = " + list(rough));
        line("impassable = " + list(impassable));
    }

    void game() {
        line("\n[game]");
        line("turn = " + std::to_string(s_.turn));
        line("pips = " + std::to_string(s_.pips));
        line("pips_left = " + std::to_string(s_.pips_left));
        line("active = " + side_or_none(s_.active));
        line("phase = " + toml_string(kPhaseNames[s_.second_phase ? 1 : 0]));
        line("chooser = " + side_or_none(s_.chooser));
        line("card = " + toml_string(s_.card ? hbl::to_string(*s_.card) : "none"));
        line("card_side = " + side_or_none(s_.card_side));
        line("activated = " + commands(s_.card_side, s_.activated));
        line("rallied = " + commands(s_.card_side, s_.rallied));
        line("nominated = " + command(s_.card_side, s_.nominated));
        line("reloaded = " + bool_text(s_.reloaded));
        line("faced = " + bool_text(s_.faced));
        line("react_open = " + bool_text(s_.react_open));
        line("decision = " + toml_string(word(kDecisionNames, s_.decision)));
        line("decider = " + side_or_none(s_.decider));
        line("pending_unit = " + unit_ref(s_.pending_unit));
        line("rally_max = " + std::to_string(s_.rally_max));
        line("end = " + toml_string(word(kEndNames, s_.end)));
        line("winner = " + side_or_none(s_.winner));
    }

    void pending() {
        const hbl::PendingRound& p = s_.pending;
        line("\n[pending]");
        line("melee = " + std::to_string(p.melee + 1));
        line("loser = " + unit_ref(p.loser));
        const auto pair = [](const std::array<bool, 2>& b) { return list({bool_text(b[0]), bool_text(b[1])}); };
        line("stubborn_at_start = " + pair(p.stubborn_at_start));
        line("stubborn = " + pair(p.stubborn));
        line("asked = " + pair(p.asked));
        line("difference = " + std::to_string(p.round.difference));
        line("higher = " + side_or_none(p.round.higher));
        line("ends = " + bool_text(p.round.ends));
        for (const Side side : {Side::A, Side::B}) {
            const hbl::RoundSide& r = p.round.of(side);
            line("\n[pending." + std::string(kSideNames[core::idx(side)]) + "]");
            line("ui = " + std::to_string(r.ui));
            line("fate = " + toml_string(word(kFateNames, r.fate)));
            line("follows_up = " + bool_text(r.follows_up));
            line("must_follow = " + bool_text(r.must_follow));
            line("fierce_push = " + bool_text(r.fierce_push));
            line("lost = " + bool_text(r.lost));
        }
    }

    void sides(Side side) {
        const std::size_t i = core::idx(side);
        const hbl::Deck& d = s_.decks[i];
        line("\n[sides." + std::string(kSideNames[i]) + "]");
        line("chips = " + std::to_string(s_.chips[i]));
        line("chips_start = " + std::to_string(s_.chips_start[i]));
        line("drawn = " + std::to_string(d.next));
        std::vector<std::string> cards;
        for (int k = 0; k < d.size; ++k) cards.push_back(toml_string(hbl::to_string(d.cards[static_cast<std::size_t>(k)])));
        line("deck = " + list(cards));
    }

    void melees() {
        std::size_t used = s_.melees.size();
        while (used > 0 && s_.melees[used - 1] == hbl::Melee{}) --used;
        for (std::size_t m = 0; m < used; ++m) {
            const hbl::Melee& x = s_.melees[m];
            line("\n[[melee]]");
            line("live = " + bool_text(x.live));
            line("a = " + unit_ref(x.a));
            line("b = " + unit_ref(x.b));
            line("started = " + bool_text(x.started));
            line("advantage = " + side_or_none(x.advantage));
            line("flank = " + bool_text(x.flank));
            line("flank_turned = " + bool_text(x.flank_turned));
            line("close_skirmish = " + bool_text(x.close_skirmish));
            line("fought = " + bool_text(x.fought));
            line("fierce_ok = " + bool_text(x.fierce_ok));
        }
    }

    void units() {
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const hbl::Unit& u = s_.units[i];
            const auto& lines = ctx_.army(u.side).units;
            if (u.line >= lines.size()) throw std::invalid_argument("a unit line the army does not have");
            line("\n[[unit]]");
            line("label = " + toml_string(hbl::unit_label(ctx_, s_, i)));
            line("side = " + side_or_none(u.side));
            line("line = " + toml_string(lines[u.line].id));
            line("square = " + square_text(u.sq));
            line("facing = " + toml_string(core::to_string(u.facing)));
            line("on_board = " + bool_text(u.on_board));
            line("lost = " + std::to_string(u.integrity.lost));
            line("vexed = " + bool_text(u.integrity.vexed));
            line("loaded = " + bool_text(u.loaded));
            line("moves = " + std::to_string(u.moves));
            line("fierce_melee = " + bool_text(u.fierce_melee));
            line("acted = " + bool_text(u.acted));
            line("melee = " + std::to_string(u.melee + 1));
        }
    }

    const HblPosition& p_;
    const GameState& s_;
    const hbl::Context& ctx_;
    std::string out_;
};

// --- Reading -------------------------------------------------------------------------------------

/// Reads a position into `p` once its header is known to be a position's.
class Reader {
  public:
    Reader(Reporter& r, HblPosition& p) : r_(r), p_(p), s_(p.state) {}

    void run(TableView& root, const HblContextResolver& resolve) {
        ctx_ = detail::read_context<hbl::Context>(root, p_, resolve);
        if (!ctx_) return;  // the rest names the armies' lines and commands
        if (auto d = root.table("dice", true)) {
            if (auto v = detail::read_u64(*d, "seed")) p_.seed = *v;
            if (auto v = detail::read_u64(*d, "calls")) p_.calls = *v;
            d->finish();
        }
        board(root);
        units(root);
        game(root);
        pending(root);
        if (auto all = root.table("sides", true)) {
            for (const Side side : {Side::A, Side::B}) sides(*all, side);
            all->finish();
        }
        melees(root);
        resolve_refs();
        root.finish();
    }

    /// Once it has read without errors: whether the game can go on from the position, each
    /// problem reported at the key it is about (or the nearest table there is).
    void check_playable(const toml::table& root) {
        if (!ctx_) return;
        for (const hbl::Inconsistency& bad : hbl::check_consistent(*ctx_, s_)) {
            const std::string path = key_of(bad.field, bad.index);
            r_.error(detail::nearest_node(root, path).source(), path, bad.message);
        }
    }

  private:
    /// A unit reference ("a:K1") waiting for every unit to be read.
    struct Ref {
        std::string text;
        const toml::node* node = nullptr;
        std::string path;
        std::function<void(int)> set;
    };

    static std::string key_of(hbl::Field f, std::size_t i) {
        using hbl::Field;
        const std::string side = "sides." + std::string(kSideNames[i < 2 ? i : 0]);
        const std::string unit = index("unit", i);
        switch (f) {
            case Field::Turn: return "game.turn";
            case Field::Pips: return "game.pips";
            case Field::Decision: return "game.decision";
            case Field::Decider: return "game.decider";
            case Field::Card: return "game.card";
            case Field::Activated: return "game.activated";
            case Field::Rallied: return "game.rallied";
            case Field::Nominated: return "game.nominated";
            case Field::PendingUnit: return "game.pending_unit";
            case Field::RallyMax: return "game.rally_max";
            case Field::End: return "game.end";
            case Field::PendingMelee: return "pending.melee";
            case Field::PendingLoser: return "pending.loser";
            case Field::Chips: return side + ".chips";
            case Field::Deck: return side + ".deck";
            case Field::UnitLine: return unit + ".line";
            case Field::UnitSquare: return unit + ".square";
            case Field::UnitLost: return unit + ".lost";
            case Field::UnitMelee: return unit + ".melee";
            case Field::MeleeUnits: return index("melee", i) + ".a";
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
    void unit_ref(TableView& t, std::string_view key, std::function<void(int)> set, bool may_be_none = true) {
        const auto text = t.string(key, true);
        if (!text) return;
        if (*text == "none" && may_be_none) {
            set(-1);
            return;
        }
        refs_.push_back(Ref{*text, t.raw().get(key), t.path_of(key), std::move(set)});
    }
    /// A 1-based melee number, 0 for none, into a slot index (-1 for none).
    void melee_number(TableView& t, std::string_view key, std::int8_t& out) {
        if (auto v = t.integer(key, true, 0, static_cast<std::int64_t>(s_.melees.size()))) out = static_cast<std::int8_t>(*v - 1);
    }
    std::optional<std::size_t> command_index(Side side, const std::string& id) const {
        const auto& cs = ctx_->army(side).commands;
        for (std::size_t k = 0; k < cs.size(); ++k) {
            if (cs[k].id == id) return k;
        }
        return std::nullopt;
    }
    std::string command_ids(Side side) const {
        std::string out;
        for (const auto& c : ctx_->army(side).commands) out += (out.empty() ? "" : ", ") + c.id;
        return out;
    }
    /// A list of command ids of the army acting on the card, as bits.
    void command_bits(TableView& t, std::string_view key, std::uint8_t& out) {
        const toml::array* a = t.array(key, true);
        if (!a) return;
        out = 0;
        for (std::size_t i = 0; i < a->size(); ++i) {
            const std::string path = index(t.path_of(key), i);
            const auto id = detail::read_string(r_, *a->get(i), path);
            if (!id) continue;
            if (const auto k = command_index(s_.card_side, *id)) {
                out = static_cast<std::uint8_t>(out | (1u << *k));
            } else {
                r_.error(a->get(i)->source(), path,
                         "\"" + *id + "\" is not a command of the army acting on the card (" + command_ids(s_.card_side) + ")");
            }
        }
    }

    void board(TableView& root) {
        s_.files = s_.ranks = core::kMaxBoardSide;  // until the board is known
        auto b = root.table("board", true);
        if (!b) return;
        integer(*b, "files", s_.files, 5, core::kMaxBoardSide);
        integer(*b, "ranks", s_.ranks, 5, core::kMaxBoardSide);
        const std::array<std::pair<std::string_view, hbl::Terrain>, 2> kinds = {
            std::pair{std::string_view("rough"), hbl::Terrain::II}, std::pair{std::string_view("impassable"), hbl::Terrain::III}};
        for (const auto& [key, type] : kinds) {
            const toml::array* a = b->array(key, true);
            if (!a) continue;
            for (std::size_t i = 0; i < a->size(); ++i) {
                const std::string path = index(b->path_of(key), i);
                const auto q = detail::read_square(r_, *a->get(i), path, s_.files, s_.ranks);
                if (!q) continue;
                if (s_.terrain_at(*q) != hbl::Terrain::I) {
                    r_.error(a->get(i)->source(), path, core::to_string(*q) + " is listed twice");
                    continue;
                }
                s_.set_terrain(*q, type);
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
        if (a->size() > static_cast<std::size_t>(hbl::kMaxUnits)) {
            root.error(*a, "unit", std::to_string(a->size()) + " units, more than the " + std::to_string(hbl::kMaxUnits) +
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
            unit(u, s_.units[i], per_side);
            u.finish();
        }
        s_.unit_count = static_cast<std::uint8_t>(a->size());
        if (!units_read_) return;
        // Labels count the units of a glyph before them: checked once every line is known.
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            const std::string want = hbl::unit_label(*ctx_, s_, i);
            if (labels_[i].text != want) {
                r_.error(labels_[i].node->source(), index("unit", i) + ".label",
                         "\"" + labels_[i].text + "\" is not this unit's label: its place in the list makes it \"" + want + "\"");
            }
        }
    }

    void unit(TableView& t, hbl::Unit& u, std::array<int, 2>& per_side) {
        const auto label = t.string("label", true);
        labels_.push_back(Ref{label.value_or(""), t.raw().get("label"), t.path_of("label"), {}});
        side(t, "side", u.side);
        // A unit without its side is reported as such (read_word), not counted: the error below
        // is placed at the key, which it lacks.
        if (t.raw().contains("side") && ++per_side[core::idx(u.side)] > hbl::kMaxUnitsPerSide) {
            t.error(*t.raw().get("side"), "side", "more than " + std::to_string(hbl::kMaxUnitsPerSide) + " units of a side");
        }
        if (const auto line = t.string("line", true)) {
            const hbl::ArmyList& army = ctx_->army(u.side);
            bool found = false;
            for (std::size_t l = 0; l < army.units.size() && !found; ++l) {
                if (army.units[l].id != *line) continue;
                found = true;
                const hbl::UnitLine& ul = army.units[l];
                u.line = static_cast<std::uint8_t>(l);
                u.type = static_cast<std::uint8_t>(ctx_->rs().find_type(ul.type) - ctx_->rs().troop_types.data());
                u.command = static_cast<std::uint8_t>(army.find_command(ul.command) - army.commands.data());
                u.integrity.ui = ul.ui;
                u.integrity.stubborn = ul.stubborn;
            }
            if (!found) {
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
        boolean(t, "on_board", u.on_board);
        integer(t, "lost", u.integrity.lost, 0, kMaxCount);
        boolean(t, "vexed", u.integrity.vexed);
        boolean(t, "loaded", u.loaded);
        integer(t, "moves", u.moves, 0, kMaxCount);
        boolean(t, "fierce_melee", u.fierce_melee);
        boolean(t, "acted", u.acted);
        melee_number(t, "melee", u.melee);
    }

    void game(TableView& root) {
        auto g = root.table("game", true);
        if (!g) return;
        integer(*g, "turn", s_.turn, 1, hbl::kTurnLimit);
        integer(*g, "pips", s_.pips, 0, kMaxCount);
        integer(*g, "pips_left", s_.pips_left, 0, kMaxCount);
        side(*g, "active", s_.active);
        if (auto i = detail::read_word(*g, "phase", kPhaseNames, "phase")) s_.second_phase = *i == 1;
        side(*g, "chooser", s_.chooser);
        if (const auto card = g->string("card", true)) {
            if (*card == "none") {
                s_.card.reset();
            } else if (const auto k = hbl::parse_card_kind(*card)) {
                s_.card = *k;
            } else {
                g->error(*g->raw().get("card"), "card", "\"" + *card + "\" is not a card (use \"none\" or a card kind such as \"march\")");
            }
        }
        side(*g, "card_side", s_.card_side);
        command_bits(*g, "activated", s_.activated);
        command_bits(*g, "rallied", s_.rallied);
        if (const auto n = g->string("nominated", true)) {
            if (*n == "none") {
                s_.nominated = -1;
            } else if (const auto k = command_index(s_.card_side, *n)) {
                s_.nominated = static_cast<std::int8_t>(*k);
            } else {
                g->error(*g->raw().get("nominated"), "nominated",
                         "\"" + *n + "\" is not a command of the army acting on the card (" + command_ids(s_.card_side) + ")");
            }
        }
        boolean(*g, "reloaded", s_.reloaded);
        boolean(*g, "faced", s_.faced);
        boolean(*g, "react_open", s_.react_open);
        word(*g, "decision", kDecisionNames, "decision", s_.decision);
        side(*g, "decider", s_.decider);
        unit_ref(*g, "pending_unit", [this](int u) { s_.pending_unit = static_cast<std::int8_t>(u); });
        integer(*g, "rally_max", s_.rally_max, 0, kMaxCount);
        word(*g, "end", kEndNames, "reason the game ended", s_.end);
        side_or_none(*g, "winner", s_.winner);
        g->finish();
    }

    void pending(TableView& root) {
        auto t = root.table("pending", true);
        if (!t) return;
        hbl::PendingRound& p = s_.pending;
        melee_number(*t, "melee", p.melee);
        unit_ref(*t, "loser", [this](int u) { s_.pending.loser = static_cast<std::int8_t>(u); });
        const auto pair = [&](std::string_view key, std::array<bool, 2>& out) {
            const toml::array* a = t->array(key, true);
            if (!a) return;
            if (a->size() != 2) {
                t->error(*a, key, "expected two booleans, side a's then side b's");
                return;
            }
            for (std::size_t i = 0; i < 2; ++i) {
                if (const auto* b = a->get(i)->as_boolean()) out[i] = b->get();
                else r_.error(a->get(i)->source(), index(t->path_of(key), i), "expected a boolean, found " + detail::type_name(*a->get(i)));
            }
        };
        pair("stubborn_at_start", p.stubborn_at_start);
        pair("stubborn", p.stubborn);
        pair("asked", p.asked);
        integer(*t, "difference", p.round.difference, 0, kMaxCount);
        side_or_none(*t, "higher", p.round.higher);
        boolean(*t, "ends", p.round.ends);
        for (const Side sd : {Side::A, Side::B}) {
            auto r = t->table(kSideNames[core::idx(sd)], true);
            if (!r) continue;
            hbl::RoundSide& rs = p.round.side[core::idx(sd)];
            integer(*r, "ui", rs.ui, 0, kMaxCount);
            word(*r, "fate", kFateNames, "fate", rs.fate);
            boolean(*r, "follows_up", rs.follows_up);
            boolean(*r, "must_follow", rs.must_follow);
            boolean(*r, "fierce_push", rs.fierce_push);
            boolean(*r, "lost", rs.lost);
            r->finish();
        }
        t->finish();
    }

    void sides(TableView& all, Side sd) {
        auto t = all.table(kSideNames[core::idx(sd)], true);
        if (!t) return;
        const std::size_t i = core::idx(sd);
        integer(*t, "chips", s_.chips[i], 0, kMaxCount);
        integer(*t, "chips_start", s_.chips_start[i], 0, kMaxCount);
        hbl::Deck& d = s_.decks[i];
        if (const toml::array* a = t->array("deck", true)) {
            if (a->size() > static_cast<std::size_t>(hbl::kMaxDeck)) {
                t->error(*a, "deck", std::to_string(a->size()) + " cards, more than the " + std::to_string(hbl::kMaxDeck) +
                                         " a deck can hold");
            } else {
                d.size = static_cast<std::uint8_t>(a->size());
                for (std::size_t k = 0; k < a->size(); ++k) {
                    const std::string path = index(t->path_of("deck"), k);
                    const auto w = detail::read_string(r_, *a->get(k), path);
                    if (!w) continue;
                    if (const auto c = hbl::parse_card_kind(*w)) d.cards[k] = *c;
                    else r_.error(a->get(k)->source(), path, "\"" + *w + "\" is not a card kind (such as \"march\" or \"lull\")");
                }
            }
        }
        integer(*t, "drawn", d.next, 0, d.size);
        t->finish();
    }

    void melees(TableView& root) {
        const toml::node* n = root.get("melee", false);
        if (!n) return;
        const toml::array* a = n->as_array();
        if (!a || !a->is_array_of_tables()) {
            r_.error(n->source(), "melee", "expected [[melee]] tables");
            return;
        }
        if (a->size() > s_.melees.size()) {
            root.error(*a, "melee", std::to_string(a->size()) + " melees, more than the " + std::to_string(s_.melees.size()) +
                                        " a game can hold");
            return;
        }
        for (std::size_t m = 0; m < a->size(); ++m) {
            TableView t(r_, *a->get(m)->as_table(), index("melee", m));
            hbl::Melee& x = s_.melees[m];
            boolean(t, "live", x.live);
            unit_ref(t, "a", [&x](int u) { x.a = static_cast<std::uint8_t>(u); }, false);
            unit_ref(t, "b", [&x](int u) { x.b = static_cast<std::uint8_t>(u); }, false);
            boolean(t, "started", x.started);
            side_or_none(t, "advantage", x.advantage);
            boolean(t, "flank", x.flank);
            boolean(t, "flank_turned", x.flank_turned);
            boolean(t, "close_skirmish", x.close_skirmish);
            boolean(t, "fought", x.fought);
            boolean(t, "fierce_ok", x.fierce_ok);
            t.finish();
        }
    }

    void resolve_refs() {
        if (!units_read_) return;
        std::map<std::string, int, std::less<>> by_ref;
        for (std::size_t i = 0; i < s_.unit_count; ++i) {
            by_ref[std::string(kSideNames[core::idx(s_.units[i].side)]) + ":" + hbl::unit_label(*ctx_, s_, i)] = static_cast<int>(i);
        }
        for (const Ref& ref : refs_) {
            const auto it = by_ref.find(ref.text);
            if (it != by_ref.end()) {
                ref.set(it->second);
            } else {
                r_.error(ref.node->source(), ref.path,
                         "\"" + ref.text + "\" is not a unit of this position (use a side and a label such as \"a:K1\"" +
                             std::string(ref.path.ends_with(".a") || ref.path.ends_with(".b") ? ")" : ", or \"none\")"));
            }
        }
    }

    Reporter& r_;
    HblPosition& p_;
    GameState& s_;
    std::optional<hbl::Context> ctx_;
    std::vector<Ref> refs_;
    std::vector<Ref> labels_;  ///< each unit's label as written, and where
    bool units_read_ = true;   ///< every unit's line and label are known
};

}  // namespace

std::string write_hbl_position(const HblPosition& p, const hbl::Context& ctx) {
    return Writer(p, ctx).run();
}

Loaded<HblPosition> load_hbl_position(std::string_view file, std::string_view text, const HblContextResolver& resolve,
                                      PositionCheck check) {
    return detail::load_position_with<HblPosition, Reader>(file, text, resolve, check);
}

HblContextResolver hbl_context_resolver(const HblResolvers& hbl) {
    return [hbl](const std::string& ruleset, const std::array<std::string, 2>& armies,
                 std::string& why) -> std::optional<hbl::Context> {
        if (!hbl.ruleset || !hbl.army) return std::nullopt;
        hbl::Context ctx;
        ctx.ruleset = hbl.ruleset(ruleset, why);
        if (!ctx.ruleset) return std::nullopt;
        for (std::size_t side = 0; side < 2; ++side) {
            ctx.armies[side] = hbl.army(ruleset, armies[side], why);
            if (!ctx.armies[side]) return std::nullopt;
        }
        return ctx;
    };
}

bool is_hbl_position(std::string_view text, const EngineResolver& engine) {
    LoadErrors ignored;
    Reporter r("", ignored);
    const auto doc = detail::parse_document(r, text);
    if (!doc) return false;
    const auto* id = (*doc)["ruleset"].as_string();
    const auto named = id && engine ? engine(id->get()) : std::nullopt;
    if (named) return *named == hbl::kEngine;
    return doc->contains("pending");
}

}  // namespace tercio::hbl
