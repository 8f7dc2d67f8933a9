// The Sword and the Pike's ruleset and army files -> tsp::Ruleset, tsp::ArmyList. See
// docs/data-format.md ("The Sword and the Pike").
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "kits/tsp/data/files.hpp"
#include "data/toml_reader.hpp"

namespace tercio::tsp {

using namespace tercio::data;

using detail::index;
using detail::Reporter;
using detail::TableView;

namespace {

/// The most figures a unit or a troop type may have (a full foot unit is 20, TSP-TYPE-1).
constexpr int kMaxFigures = 40;
/// A unit's leaders: one, or two for Swiss and Spanish pike (TSP-TYPE-2).
constexpr int kMaxLeaders = 2;
constexpr int kOrderCount = 3;
constexpr int kWeaponCount = 7;
constexpr int kTemperCount = 4;
constexpr int kRankCount = 2;

using Ids = std::map<std::string, int, std::less<>>;

/// "a, b or c": the words of one of the ruleset's enums, for "use ..." hints.
template <typename E>
std::string words(int count) {
    return detail::enum_choices<E>(count, [](E e) { return tsp::to_string(e); });
}

/// "a, b or c" of a list of values.
template <typename E>
std::string words_of(const std::vector<E>& values) {
    std::string out;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += i + 1 == values.size() ? " or " : ", ";
        out += std::string(tsp::to_string(values[i]));
    }
    return out.empty() ? "none" : out;
}

template <typename E>
bool contains(const std::vector<E>& values, E v) {
    return std::find(values.begin(), values.end(), v) != values.end();
}

/// The orders a kind may take (TSP-TYPE-1; halberdiers also closed, "pikemen, halberdiers and the
/// like", TSP-ORDER-1; riflemen, guns and wagons: our reading, the table leaves them blank).
std::vector<Order> orders_of(Kind k) {
    switch (k) {
        case Kind::LightHorse:
        case Kind::Arquebusiers:
        case Kind::Crossbowmen:
        case Kind::SwordAndBuckler:
        case Kind::Riflemen:
            return {Order::Open, Order::Skirmish};
        case Kind::Pikemen:
        case Kind::Halberdiers:
            return {Order::Closed, Order::Open};
        default:
            return {Order::Open};
    }
}

/// The weapons a kind may carry (TSP-TYPE-1, TSP-FIRE-3; TSP-FIRE-7: only Reiters have pistols).
/// None: it does not shoot.
std::vector<Weapon> weapons_of(Kind k) {
    switch (k) {
        case Kind::Reiters:
            return {Weapon::Pistol};
        case Kind::LightHorse:
            return {Weapon::None, Weapon::Arquebus, Weapon::Crossbow};
        case Kind::Arquebusiers:
            return {Weapon::Arquebus};
        case Kind::Crossbowmen:
            return {Weapon::Crossbow};
        case Kind::Riflemen:
            return {Weapon::Rifle};
        case Kind::HeavyGun:
            return {Weapon::HeavyCannon};
        case Kind::LightGun:
            return {Weapon::LightCannon};
        default:
            return {Weapon::None};
    }
}

/// A required word of a table read through `parse`; reports an unknown one with the choices.
template <typename E, typename Parse>
std::optional<E> read_word(TableView& t, std::string_view key, bool required, Parse parse, int count,
                           std::string_view what) {
    const auto word = t.string(key, required);
    if (!word) return std::nullopt;
    const auto value = parse(*word);
    if (!value) {
        t.error(*t.raw().get(key), key,
                "unknown " + std::string(what) + " \"" + *word + "\" (use " + words<E>(count) + ")");
    }
    return value;
}

/// The array of tables under `key` of `parent`, each read by `read(view)`.
template <typename Read>
void each_table(TableView& parent, std::string_view key, bool required, Read read) {
    const toml::array* a = parent.array(key, required);
    if (!a) return;
    if (a->empty() && required) parent.error(*a, key, "needs at least one entry");
    Reporter& r = parent.reporter();
    for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string path = index(parent.path_of(key), i);
        const toml::table* t = a->get(i)->as_table();
        if (!t) {
            r.error(a->get(i)->source(), path, "expected a table, found " + detail::type_name(*a->get(i)));
            continue;
        }
        TableView view(r, *t, path);
        read(view);
        view.finish();
    }
}

/// A list of words under `key` (each read by `parse`), each once.
template <typename E, typename Parse>
std::optional<std::vector<E>> read_words(TableView& t, std::string_view key, bool required, Parse parse, int count,
                                         std::string_view what) {
    const toml::array* a = t.array(key, required);
    if (!a) return std::nullopt;
    std::vector<E> out;
    bool ok = true;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string path = index(t.path_of(key), i);
        const auto word = detail::read_string(t.reporter(), *a->get(i), path);
        if (!word) {
            ok = false;
            continue;
        }
        const auto value = parse(*word);
        if (!value) {
            t.reporter().error(a->get(i)->source(), path,
                               "unknown " + std::string(what) + " \"" + *word + "\" (use " + words<E>(count) + ")");
            ok = false;
        } else if (contains(out, *value)) {
            t.reporter().error(a->get(i)->source(), path, "\"" + *word + "\" is listed twice");
            ok = false;
        } else {
            out.push_back(*value);
        }
    }
    if (!ok) return std::nullopt;
    return out;
}

/// A required id, checked for its characters and for being new among `seen` (id -> line).
std::optional<std::string> read_new_id(TableView& t, Ids& seen) {
    const auto id = t.string("id", true);
    if (!id) return std::nullopt;
    const toml::node& at = *t.raw().get("id");
    if (!detail::valid_id(*id)) {
        t.error(at, "id", "\"" + *id + "\" is not a valid id (a-z, 0-9, _ and -)");
        return std::nullopt;
    }
    const int line = static_cast<int>(at.source().begin.line);
    if (auto [it, fresh] = seen.emplace(*id, line); !fresh) {
        t.error(at, "id", "duplicate id \"" + *id + "\" (first defined at line " + std::to_string(it->second) + ")");
        return std::nullopt;
    }
    return id;
}

void read_troop_type(TableView& t, tsp::Ruleset& rs, Ids& ids, std::map<char, std::string>& glyphs) {
    tsp::TroopType type;
    const auto id = read_new_id(t, ids);
    const auto name = t.string("name", true);
    const auto glyph = t.string("glyph", true);
    bool glyph_ok = false;
    if (glyph) {
        if (glyph->size() != 1 || !std::isalpha(static_cast<unsigned char>((*glyph)[0]))) {
            t.error(*t.raw().get("glyph"), "glyph", "must be one letter A-Z, found \"" + *glyph + "\"");
        } else {
            type.glyph = static_cast<char>(std::toupper(static_cast<unsigned char>((*glyph)[0])));
            glyph_ok = true;
        }
    }
    const auto kind = read_word<Kind>(t, "kind", true, tsp::parse_kind, kKindCount, "kind");
    auto orders = read_words<Order>(t, "orders", true, tsp::parse_order, kOrderCount, "order");
    if (orders && orders->empty()) {
        t.error(*t.raw().get("orders"), "orders", "needs at least one order (the first is the usual one)");
        orders.reset();
    }
    if (orders && kind) {
        const std::vector<Order> allowed = orders_of(*kind);
        const toml::array& a = *t.raw().get("orders")->as_array();
        for (std::size_t i = 0; i < orders->size(); ++i) {
            if (contains(allowed, (*orders)[i])) continue;
            t.reporter().error(a.get(i)->source(), index(t.path_of("orders"), i),
                               std::string(tsp::to_string((*orders)[i])) + " is not an order of " +
                                   std::string(tsp::to_string(*kind)) + " (TSP-TYPE-1: " + words_of(allowed) + ")");
            orders.reset();
            break;
        }
    }
    auto weapons = read_words<Weapon>(t, "weapons", false, tsp::parse_weapon, kWeaponCount, "weapon");
    if (weapons && kind) {
        const std::vector<Weapon> allowed = weapons_of(*kind);
        const toml::array& a = *t.raw().get("weapons")->as_array();
        for (std::size_t i = 0; i < weapons->size(); ++i) {
            const Weapon w = (*weapons)[i];
            if (contains(allowed, w)) continue;
            std::string why = std::string(tsp::to_string(w)) + " is not a weapon of " + std::string(tsp::to_string(*kind)) +
                              " (they carry " + words_of(allowed) + ")";
            if (w == Weapon::Pistol) why += "; TSP-FIRE-7: only reiters carry pistols";
            t.reporter().error(a.get(i)->source(), index(t.path_of("weapons"), i), why);
            weapons.reset();
            break;
        }
    }
    const auto figures = t.integer("figures", true, 1, kMaxFigures);
    const auto companies = t.integer("companies", true, 1, kMaxCompanies);
    if (figures && companies && (*figures % *companies != 0 || *figures < *companies)) {
        t.error(*t.raw().get("figures"), "figures",
                std::to_string(*figures) + " figures do not make " + std::to_string(*companies) +
                    " companies of equal size");
    }
    type.attached_only = t.boolean("attached_only", false).value_or(false);
    const auto may_attach = t.boolean("may_attach", false);
    type.may_attach = may_attach.value_or(type.attached_only);
    if (type.attached_only && companies && *companies != 1) {
        t.error(*t.raw().get("companies"), "companies",
                "an attached-only type is one company, not " + std::to_string(*companies));
    }
    if (type.attached_only && may_attach && !*may_attach) {
        t.error(*t.raw().get("may_attach"), "may_attach", "an attached-only type must be able to attach");
    }
    if (type.may_attach && kind && !tsp::foot(*kind)) {
        const std::string_view key = may_attach ? "may_attach" : "attached_only";
        t.error(*t.raw().get(key), key,
                std::string(tsp::to_string(*kind)) + " are not foot: only foot companies attach to a pike unit "
                                                      "(TSP-TYPE-1)");
    }
    if (id && glyph_ok) {
        if (auto [it, fresh] = glyphs.emplace(type.glyph, *id); !fresh) {
            t.error(*t.raw().get("glyph"), "glyph",
                    std::string("glyph '") + *glyph + "' is already used by \"" + it->second +
                        "\" (letters must differ ignoring case)");
        }
    }
    if (!id || !name || !glyph_ok || !kind || !orders || !figures || !companies) return;
    if (t.raw().get("weapons") && !weapons) return;
    type.id = *id;
    type.name = *name;
    type.kind = *kind;
    type.orders = std::move(*orders);
    if (weapons) {
        // "none" alone is the same as no weapons.
        if (!(weapons->size() == 1 && weapons->front() == Weapon::None)) type.weapons = std::move(*weapons);
    }
    type.figures = static_cast<int>(*figures);
    type.companies = static_cast<int>(*companies);
    rs.troop_types.push_back(std::move(type));
}

}  // namespace

Loaded<tsp::Ruleset> load_tsp_ruleset(std::string_view file, std::string_view text) {
    Loaded<tsp::Ruleset> out;
    Reporter r(std::string(file), out.errors);
    const auto doc = detail::parse_document(r, text);
    if (!doc) return out;
    TableView root(r, *doc, "");
    if (!detail::read_header(root, "ruleset")) return out;
    detail::check_engine(root, tsp::kEngine);
    tsp::Ruleset rs;
    const detail::RulesetShell shell = detail::read_ruleset_shell(root);
    detail::BoardSize board{rs.files, rs.ranks, rs.deployment_ranks};
    detail::read_board(root, board);
    rs.files = board.files;
    rs.ranks = board.ranks;
    rs.deployment_ranks = board.deployment_ranks;
    Ids ids;
    std::map<char, std::string> glyphs;
    each_table(root, "troop_type", true, [&](TableView& t) { read_troop_type(t, rs, ids, glyphs); });
    // Scenario data (TSP-SPIRIT-4): objectives, each a named square of the board, once.
    each_table(root, "objective", false, [&](TableView& t) {
        tsp::Objective o;
        o.name = t.string("name", true).value_or("");
        const auto where = t.string("square", true);
        if (!where) return;
        const auto sq = core::parse_square(*where, rs.files, rs.ranks);
        if (!sq) {
            t.error(*t.raw().get("square"), "square",
                    "\"" + *where + "\" is not a square of this " + std::to_string(rs.files) + " by " +
                        std::to_string(rs.ranks) + " board (a file letter and a rank number, as h8)");
            return;
        }
        for (const tsp::Objective& before : rs.objectives) {
            if (before.square == *sq) {
                t.error(*t.raw().get("square"), "square", "objective \"" + before.name + "\" is there already");
                return;
            }
        }
        o.square = *sq;
        rs.objectives.push_back(std::move(o));
    });
    root.finish();
    detail::sort_errors(out.errors);
    if (!out.errors.empty() || !shell.id || !shell.name) return out;
    rs.id = *shell.id;
    rs.name = *shell.name;
    out.value = std::move(rs);
    return out;
}

namespace {

/// What an army's lines need of each other: their ids, with how many units each fields.
struct Lines {
    Ids ids;                                         ///< units' and officers' ids (one namespace)
    std::map<std::string, int, std::less<>> fields;  ///< a unit line's id -> its units (-1: unread)
    std::set<std::string, std::less<>> in_brigade;   ///< the lines in a Colonel's brigade so far
};

void read_attached(TableView& a, tsp::UnitLine& line, const tsp::TroopType* father, const tsp::Ruleset* rs,
                   bool& ok) {
    tsp::AttachedCompany c;
    const auto type = a.string("type", true);
    const tsp::TroopType* tt = nullptr;
    if (type && rs) {
        tt = rs->find_type(*type);
        if (!tt) {
            a.error(*a.raw().get("type"), "type",
                    "\"" + *type + "\" is not a troop type of ruleset \"" + rs->id + "\"");
        } else if (!tt->may_attach) {
            a.error(*a.raw().get("type"), "type",
                    "\"" + *type + "\" may not be an attached company (TSP-TYPE-1: arquebusiers, crossbowmen, "
                                   "halberdiers, great-swordsmen or sword and buckler men)");
            tt = nullptr;
        } else if (father && father->kind != Kind::Pikemen) {
            a.error(*a.raw().get("type"), "type",
                    "companies attach to a pike unit (TSP-TYPE-1), and \"" + father->id + "\" is " +
                        std::string(tsp::to_string(father->kind)));
            tt = nullptr;
        }
    }
    const int company = tt ? tt->figures / tt->companies : kMaxFigures;
    const toml::node* fig = a.get("figures", false);
    std::optional<std::int64_t> figures = tt ? std::optional<std::int64_t>(company) : std::nullopt;
    if (fig) figures = detail::read_integer(a.reporter(), *fig, a.path_of("figures"), 1, company);
    c.leader = a.boolean("leader", false).value_or(false);
    if (!type || !tt || !figures) {
        ok = false;
        return;
    }
    c.type = *type;
    c.figures = static_cast<int>(*figures);
    line.attached.push_back(std::move(c));
}

void read_unit(TableView& t, tsp::ArmyList& army, const tsp::Ruleset* rs, Lines& lines) {
    tsp::UnitLine line;
    bool ok = true;
    const auto id = read_new_id(t, lines.ids);
    const auto type = t.string("type", true);
    const tsp::TroopType* tt = nullptr;
    if (type && rs) {
        tt = rs->find_type(*type);
        if (!tt) {
            std::string known;
            for (const auto& x : rs->troop_types) known += (known.empty() ? "" : ", ") + x.id;
            t.error(*t.raw().get("type"), "type",
                    "\"" + *type + "\" is not a troop type of ruleset \"" + rs->id + "\" (it has: " + known + ")");
        } else if (tt->attached_only) {
            t.error(*t.raw().get("type"), "type",
                    "\"" + *type + "\" is only ever a company attached to a pike unit (TSP-TYPE-1): list it under "
                                   "[[unit.attached]]");
            tt = nullptr;
        }
    }
    line.name = t.string("name", false).value_or("");
    // The order: one of the type's.
    const auto order = read_word<Order>(t, "order", true, tsp::parse_order, kOrderCount, "order");
    if (order && tt && !contains(tt->orders, *order)) {
        t.error(*t.raw().get("order"), "order",
                std::string(tsp::to_string(*order)) + " is not an order of \"" + tt->id + "\" (use " +
                    words_of(tt->orders) + ")");
        ok = false;
    }
    // The weapon: one of the type's, its first if none is given; none for a type without any.
    auto weapon = read_word<Weapon>(t, "weapon", false, tsp::parse_weapon, kWeaponCount, "weapon");
    if (tt && !t.raw().get("weapon")) weapon = tt->weapons.empty() ? Weapon::None : tt->weapons.front();
    if (weapon && tt) {
        const bool fits = tt->weapons.empty() ? *weapon == Weapon::None : contains(tt->weapons, *weapon);
        if (!fits) {
            t.error(*t.raw().get("weapon"), "weapon",
                    std::string(tsp::to_string(*weapon)) + " is not a weapon of \"" + tt->id + "\" (use " +
                        words_of(tt->weapons) + ")");
            ok = false;
        }
    }
    // The temper: Swiss, Spanish and Landsknecht rows are foot rows (TSP-MORALE-1, TSP-RALLY-1).
    const auto temper =
        t.raw().get("temper") ? read_word<Temper>(t, "temper", false, tsp::parse_temper, kTemperCount, "temper")
                              : std::optional<Temper>(Temper::Other);
    if (temper && *temper != Temper::Other && tt && !tsp::foot(tt->kind)) {
        t.error(*t.raw().get("temper"), "temper",
                "a " + std::string(tsp::to_string(*temper)) + " temper is for foot, and \"" + tt->id + "\" are " +
                    std::string(tsp::to_string(tt->kind)) + " (TSP-MORALE-1: only foot have such rows)");
        ok = false;
    }
    // Figures: the type's companies, each of equal size, no more than the type's full unit.
    std::optional<std::int64_t> figures = tt ? std::optional<std::int64_t>(tt->figures) : std::nullopt;
    if (t.raw().get("figures")) figures = t.integer("figures", false, 1, kMaxFigures);
    if (figures && tt && t.raw().get("figures")) {
        if (*figures > tt->figures) {
            t.error(*t.raw().get("figures"), "figures",
                    std::to_string(*figures) + " figures, more than a full unit of \"" + tt->id + "\" (" +
                        std::to_string(tt->figures) + ")");
            ok = false;
        } else if (*figures % tt->companies != 0) {
            t.error(*t.raw().get("figures"), "figures",
                    std::to_string(*figures) + " figures do not make the " + std::to_string(tt->companies) +
                        " equal companies of \"" + tt->id + "\"");
            ok = false;
        }
    }
    // Leaders: one, or two for Swiss and Spanish pike (TSP-TYPE-2).
    const auto leaders = t.raw().get("leaders") ? t.integer("leaders", false, 1, kMaxLeaders)
                                                : std::optional<std::int64_t>(1);
    if (leaders && *leaders > 1 && temper && tt) {
        if ((*temper != Temper::Swiss && *temper != Temper::Spanish) || tt->kind != Kind::Pikemen) {
            t.error(*t.raw().get("leaders"), "leaders",
                    "only Swiss and Spanish pike may have two leaders (TSP-TYPE-2); this is " +
                        std::string(tsp::to_string(*temper)) + " " + std::string(tsp::to_string(tt->kind)));
            ok = false;
        }
    }
    // Attached companies (TSP-TYPE-1).
    if (const toml::array* a = t.raw().get("attached") ? t.raw().get("attached")->as_array() : nullptr;
        a && a->size() > static_cast<std::size_t>(kMaxAttached)) {
        t.error(*a, "attached",
                std::to_string(a->size()) + " attached companies, more than the " + std::to_string(kMaxAttached) +
                    " a unit may have");
        ok = false;
    }
    each_table(t, "attached", false, [&](TableView& a) { read_attached(a, line, tt, rs, ok); });
    // Scenario data: a heavy gun the game master lets move (TSP-MOVE-1).
    line.may_move = t.boolean("may_move", false).value_or(false);
    if (line.may_move && tt && tt->kind != Kind::HeavyGun) {
        t.error(*t.raw().get("may_move"), "may_move",
                "only a heavy gun needs the game master's leave to move (TSP-MOVE-1); \"" + tt->id + "\" are " +
                    std::string(tsp::to_string(tt->kind)));
        ok = false;
    }
    // With that leave, how far it moves: the source leaves it to the game master, so the file says.
    const toml::node* dice = t.raw().get("move_dice");
    if (const auto n = t.integer("move_dice", false, 1, 6)) line.move_dice = static_cast<int>(*n);
    if (line.may_move && tt && tt->kind == Kind::HeavyGun && !dice) {
        t.error(*t.raw().get("may_move"), "may_move",
                "a heavy gun that may move needs move_dice, the D6s it rolls to move (1 to 6): the source leaves "
                "how far to the game master (TSP-MOVE-1)");
        ok = false;
    } else if (dice && !line.may_move) {
        t.error(*dice, "move_dice", "only a heavy gun with may_move = true rolls move_dice (TSP-MOVE-1)");
        ok = false;
    }
    const auto units = t.integer("units", true, 0, kMaxUnitsPerSide);
    line.notes = t.string("notes", false).value_or("");
    // Officers may name it whether or not it could be read whole (-1: its count could not be).
    if (id) lines.fields.emplace(*id, units ? static_cast<int>(*units) : -1);
    if (!ok || !id || !type || !tt || !order || !weapon || !temper || !figures || !leaders || !units) {
        // Counted as a line all the same, so that the army's total is not reported on top.
        if (units) {
            tsp::UnitLine counted;
            counted.units = static_cast<int>(*units);
            army.units.push_back(std::move(counted));
        }
        return;
    }
    line.id = *id;
    line.type = *type;
    line.order = *order;
    line.weapon = *weapon;
    line.temper = *temper;
    line.figures = static_cast<int>(*figures);
    line.leaders = static_cast<int>(*leaders);
    line.units = static_cast<int>(*units);
    army.units.push_back(std::move(line));
}

/// A Colonel's brigade (TSP-CARD-3, the option `brigade-movement`): `brigade = ["line", ...]`, unit
/// lines of the army fielding 3 or 4 units in all, of one troop type and one order (so that one
/// roll moves them all at the same rate), the Colonel's own line among them, no line in two
/// brigades. False if it is there and wrong.
bool read_brigade(TableView& t, const tsp::ArmyList& army, Lines& lines, const std::optional<Rank>& rank,
                  const std::optional<std::string>& attached, std::vector<std::string>& out) {
    const toml::node* node = t.get("brigade", false);
    if (!node) return true;
    const toml::array* a = t.array("brigade", false);
    if (!a) return false;  // reported: not an array
    const std::string path = t.path_of("brigade");
    if (rank && *rank != Rank::Colonel) {
        t.error(*node, "brigade", "only a Colonel commands a brigade (TSP-CARD-3); this officer is a " +
                                      std::string(tsp::to_string(*rank)));
        return false;
    }
    bool ok = true;
    int units = 0;
    bool whole = true;  // every line named could be read, so the count and the types are known
    const tsp::UnitLine* first = nullptr;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const toml::node& n = *a->get(i);
        const std::string at = detail::index(path, i);
        const auto id = detail::read_string(t.reporter(), n, at);
        if (!id) {
            ok = false;
            continue;
        }
        const auto it = lines.fields.find(*id);
        if (it == lines.fields.end()) {
            std::string known;
            for (const auto& [k, count] : lines.fields) known += (known.empty() ? "" : ", ") + k;
            t.reporter().error(n.source(), at, "\"" + *id + "\" is not a unit line of this army (it has: " + known + ")");
            ok = false;
            continue;
        }
        if (std::find(out.begin(), out.end(), *id) != out.end()) {
            t.reporter().error(n.source(), at, "\"" + *id + "\" is listed twice");
            ok = false;
            continue;
        }
        if (!lines.in_brigade.insert(*id).second) {
            t.reporter().error(n.source(), at, "unit line \"" + *id + "\" is already in another Colonel's brigade");
            ok = false;
            continue;
        }
        out.push_back(*id);
        const auto line = std::find_if(army.units.begin(), army.units.end(),
                                       [&](const tsp::UnitLine& l) { return l.id == *id; });
        if (it->second < 0 || line == army.units.end()) {
            whole = false;  // the line is reported on its own
            continue;
        }
        units += it->second;
        if (!first) {
            first = &*line;
        } else if (line->type != first->type || line->order != first->order) {
            t.reporter().error(n.source(), at,
                               "a brigade is of one troop type in one order (TSP-CARD-3): \"" + *id + "\" are " +
                                   line->type + " in " + std::string(tsp::to_string(line->order)) + " order, \"" +
                                   first->id + "\" " + first->type + " in " + std::string(tsp::to_string(first->order)) +
                                   " order");
            ok = false;
        }
    }
    if (!ok) return false;
    if (whole && (units < 3 || units > 4)) {
        t.error(*node, "brigade",
                "a brigade is 3 or 4 units (TSP-CARD-3); these lines field " + std::to_string(units));
        return false;
    }
    if (!attached || std::find(out.begin(), out.end(), *attached) == out.end()) {
        t.error(*node, "brigade",
                "the Colonel commands his brigade from one of its units: set attached to one of its lines");
        return false;
    }
    return true;
}

void read_officer(TableView& t, tsp::ArmyList& army, Lines& lines) {
    tsp::FieldOfficer o;
    const auto id = read_new_id(t, lines.ids);
    const auto name = t.string("name", true);
    const auto rank = read_word<Rank>(t, "rank", true, tsp::parse_rank, kRankCount, "rank");
    const auto attached = t.string("attached", false);
    bool ok = true;
    if (attached) {
        const auto it = lines.fields.find(*attached);
        if (it == lines.fields.end()) {
            std::string known;
            for (const auto& [k, n] : lines.fields) known += (known.empty() ? "" : ", ") + k;
            t.error(*t.raw().get("attached"), "attached",
                    "\"" + *attached + "\" is not a unit line of this army (it has: " + known + ")");
            ok = false;
        } else if (it->second == 0) {
            t.error(*t.raw().get("attached"), "attached", "unit line \"" + *attached + "\" fields no units");
            ok = false;
        }
    }
    if (!read_brigade(t, army, lines, rank, attached, o.brigade)) ok = false;
    if (!ok || !id || !name || !rank) return;
    o.id = *id;
    o.name = *name;
    o.rank = *rank;
    o.attached = attached.value_or("");
    army.officers.push_back(std::move(o));
}

}  // namespace

Loaded<tsp::ArmyList> load_tsp_army(std::string_view file, std::string_view text, const TspRulesetResolver& resolve) {
    Loaded<tsp::ArmyList> out;
    Reporter r(std::string(file), out.errors);
    const auto doc = detail::parse_document(r, text);
    if (!doc) return out;
    TableView root(r, *doc, "");
    if (!detail::read_header(root, "army")) return out;
    tsp::ArmyList army;
    const detail::ArmyShell shell = detail::read_army_shell(root, true);
    const tsp::Ruleset* rs = nullptr;
    if (shell.ruleset) {
        std::string why;
        rs = resolve ? resolve(*shell.ruleset, why) : nullptr;
        if (!rs) {
            root.error(*shell.ruleset_node, "ruleset",
                       "ruleset \"" + *shell.ruleset + "\": " + (why.empty() ? "not found" : why));
        }
    }
    // The units first: officers name them, wherever they are in the file.
    Lines lines;
    each_table(root, "unit", true, [&](TableView& t) { read_unit(t, army, rs, lines); });
    const toml::array* unit_array = doc->get("unit") ? doc->get("unit")->as_array() : nullptr;
    // Counted only when every line could be read as far as its count: a broken one is reported on its own.
    // An empty list is reported as such (each_table), not as 0 units on top.
    if (unit_array && !unit_array->empty() && unit_array->size() == army.units.size()) {
        const int fielded = army.unit_count();
        if (fielded < 1 || fielded > kMaxUnitsPerSide) {
            root.error(*unit_array, "unit",
                       std::to_string(fielded) + " units; an army fields 1 to " + std::to_string(kMaxUnitsPerSide) +
                           " (one a square, TSP-GRID-1)");
        }
    }
    // Lines read only for their count (broken ones) are dropped now.
    std::erase_if(army.units, [](const tsp::UnitLine& l) { return l.id.empty(); });
    each_table(root, "officer", false, [&](TableView& t) { read_officer(t, army, lines); });
    if (const toml::node* o = doc->get("officer"); o && o->is_array() &&
                                                   o->as_array()->size() > static_cast<std::size_t>(kMaxFieldOfficers)) {
        root.error(*o, "officer",
                   std::to_string(o->as_array()->size()) + " field officers, more than the " +
                       std::to_string(kMaxFieldOfficers) + " an army may have");
    }
    root.finish();
    detail::sort_errors(out.errors);
    if (!out.errors.empty() || !shell.id || !shell.ruleset || !shell.name || !shell.period) return out;
    army.id = *shell.id;
    army.ruleset = *shell.ruleset;
    army.name = *shell.name;
    army.period = *shell.period;
    out.value = std::move(army);
    return out;
}

const tsp::Ruleset* ruleset(data::DataCatalog& catalog, std::string_view id, std::string& why) {
    return catalog.ruleset_as<tsp::Ruleset>(id, why, [](const std::string& file, std::string_view text) {
        return load_tsp_ruleset(file, text);
    });
}

const tsp::ArmyList* army(data::DataCatalog& catalog, std::string_view ruleset_id, std::string_view id,
                          std::string& why) {
    return catalog.army_as<tsp::ArmyList>(ruleset_id, id, why, [&catalog](const std::string& file, std::string_view text) {
        return load_tsp_army(file, text, resolvers(catalog).ruleset);
    });
}

TspResolvers resolvers(data::DataCatalog& catalog) {
    return TspResolvers{
        [&catalog](std::string_view id) { return catalog.engine(id); },
        [&catalog](std::string_view id, std::string& why) { return ruleset(catalog, id, why); },
        [&catalog](std::string_view rs, std::string_view id, std::string& why) { return army(catalog, rs, id, why); }};
}

}  // namespace tercio::tsp
