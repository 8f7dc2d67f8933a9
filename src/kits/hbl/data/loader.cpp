// Hell Broke Loose ruleset and army files -> hbl::Ruleset, hbl::ArmyList. See
// docs/data-format.md ("Hell Broke Loose").
#include <cctype>
#include <map>

#include "kits/hbl/data/files.hpp"
#include "data/toml_reader.hpp"

namespace tercio::hbl {

using namespace tercio::data;

using detail::index;
using detail::Reporter;
using detail::TableView;

namespace {

constexpr int kMaxRangeHalf = 60;  // 30 squares

/// "a, b or c": the words of one of Hell Broke Loose's enums, for "use ..." hints.
template <typename E>
std::string words(int count) {
    return detail::enum_choices<E>(count, [](E e) { return hbl::to_string(e); });
}

/// A required word of a table read through `parse`; reports an unknown one with the choices.
template <typename E, typename Parse>
std::optional<E> read_word(TableView& t, std::string_view key, Parse parse, int count,
                           std::string_view what) {
    const auto word = t.string(key, true);
    if (!word) return std::nullopt;
    const auto value = parse(*word);
    if (!value) {
        t.error(
            *t.raw().get(key), key,
            "unknown " + std::string(what) + " \"" + *word + "\" (use " + words<E>(count) + ")");
    }
    return value;
}

/// The array of tables under `key`, each read by `read(view, path)`.
template <typename Read>
void each_table(Reporter& r, TableView& root, std::string_view key, Read read) {
    const toml::array* a = root.array(key, true);
    if (!a) return;
    if (a->empty()) root.error(*a, key, "needs at least one entry");
    for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string path = index(std::string(key), i);
        const toml::table* t = a->get(i)->as_table();
        if (!t) {
            r.error(a->get(i)->source(), path,
                    "expected a table, found " + detail::type_name(*a->get(i)));
            continue;
        }
        TableView view(r, *t, path);
        read(view, *t);
        view.finish();
    }
}

/// A required id, checked for its characters and for being new among `seen` (id -> line).
std::optional<std::string> read_new_id(TableView& t,
                                       std::map<std::string, int, std::less<>>& seen) {
    const auto id = t.string("id", true);
    if (!id) return std::nullopt;
    const toml::node& at = *t.raw().get("id");
    if (!detail::valid_id(*id)) {
        t.error(at, "id", "\"" + *id + "\" is not a valid id (a-z, 0-9, _ and -)");
        return std::nullopt;
    }
    const int line = static_cast<int>(at.source().begin.line);
    if (auto [it, fresh] = seen.emplace(*id, line); !fresh) {
        t.error(at, "id",
                "duplicate id \"" + *id + "\" (first defined at line " +
                    std::to_string(it->second) + ")");
        return std::nullopt;
    }
    return id;
}

/// Formations are of one category: cavalry are formed or skirmish, artillery a battery, the
/// rest foot.
hbl::Category category_of(hbl::Formation f) {
    switch (f) {
        case hbl::Formation::Formed:
        case hbl::Formation::Skirmish:
            return hbl::Category::Cavalry;
        case hbl::Formation::Battery:
            return hbl::Category::Artillery;
        default:
            return hbl::Category::Infantry;
    }
}

void read_ranges(TableView& t, hbl::TroopType& type) {
    const auto close = t.half_squares("close_range", false, 1, kMaxRangeHalf);
    const auto far = t.half_squares("long_range", false, 1, kMaxRangeHalf);
    if (close.has_value() != far.has_value()) {
        const std::string_view given = close ? "close_range" : "long_range";
        t.error(*t.raw().get(given), given,
                "a shooter needs both close_range and long_range (HBL-UNDEF-7: ranges are data)");
        return;
    }
    if (!close) return;
    if (*close > *far) {
        t.error(*t.raw().get("close_range"), "close_range", "is longer than long_range");
        return;
    }
    type.close_range_half = *close;
    type.long_range_half = *far;
}

void read_troop_type(TableView& t, hbl::Ruleset& rs, std::map<std::string, int, std::less<>>& ids,
                     std::map<char, std::string>& glyphs) {
    hbl::TroopType type;
    const auto id = read_new_id(t, ids);
    const auto name = t.string("name", true);
    const auto glyph = t.string("glyph", true);
    bool glyph_ok = false;
    if (glyph) {
        if (glyph->size() != 1 || !std::isalpha(static_cast<unsigned char>((*glyph)[0]))) {
            t.error(*t.raw().get("glyph"), "glyph",
                    "must be one letter A-Z, found \"" + *glyph + "\"");
        } else {
            type.glyph = static_cast<char>(std::toupper(static_cast<unsigned char>((*glyph)[0])));
            glyph_ok = true;
        }
    }
    const auto category =
        read_word<hbl::Category>(t, "category", hbl::parse_category, 3, "category");
    const auto formation =
        read_word<hbl::Formation>(t, "formation", hbl::parse_formation, 6, "formation");
    const auto armour = read_word<hbl::Armour>(t, "armour", hbl::parse_armour, 3, "armour");
    if (category && formation && category_of(*formation) != *category) {
        t.error(*t.raw().get("formation"), "formation",
                "a " + std::string(hbl::to_string(*formation)) + " formation is for " +
                    std::string(hbl::to_string(category_of(*formation))) + ", not " +
                    std::string(hbl::to_string(*category)));
    }
    if (const toml::array* a = t.array("superior_against", false)) {
        for (std::size_t i = 0; i < a->size(); ++i) {
            const std::string path = index(t.path_of("superior_against"), i);
            const auto word = detail::read_string(t.reporter(), *a->get(i), path);
            if (!word) continue;
            if (const auto f = hbl::parse_formation(*word)) {
                type.superior_against.push_back(*f);
            } else {
                t.reporter().error(
                    a->get(i)->source(), path,
                    "unknown formation \"" + *word + "\" (use " + words<hbl::Formation>(6) + ")");
            }
        }
    }
    type.deep = t.boolean("deep", false).value_or(false);
    read_ranges(t, type);
    if (id && glyph_ok) {
        if (auto [it, fresh] = glyphs.emplace(type.glyph, *id); !fresh) {
            t.error(*t.raw().get("glyph"), "glyph",
                    std::string("glyph '") + *glyph + "' is already used by \"" + it->second +
                        "\" (letters must differ ignoring case)");
        }
    }
    if (!id || !name || !glyph_ok || !category || !formation || !armour) return;
    type.id = *id;
    type.name = *name;
    type.category = *category;
    type.formation = *formation;
    type.armour = *armour;
    rs.troop_types.push_back(std::move(type));
}

}  // namespace

Loaded<hbl::Ruleset> load_hbl_ruleset(std::string_view file, std::string_view text) {
    Loaded<hbl::Ruleset> out;
    Reporter r(std::string(file), out.errors);
    const auto doc = detail::parse_document(r, text);
    if (!doc) return out;
    TableView root(r, *doc, "");
    if (!detail::read_header(root, "ruleset")) return out;
    detail::check_engine(root, hbl::kEngine);
    hbl::Ruleset rs;
    const detail::RulesetShell shell = detail::read_ruleset_shell(root);
    const auto& id = shell.id;
    const auto& name = shell.name;
    detail::BoardSize board{rs.files, rs.ranks, rs.deployment_ranks};
    detail::read_board(root, board);
    rs.files = board.files;
    rs.ranks = board.ranks;
    rs.deployment_ranks = board.deployment_ranks;
    std::map<std::string, int, std::less<>> ids;
    std::map<char, std::string> glyphs;
    each_table(r, root, "troop_type",
               [&](TableView& t, const toml::table&) { read_troop_type(t, rs, ids, glyphs); });
    root.finish();
    detail::sort_errors(out.errors);
    if (!out.errors.empty() || !id || !name) return out;
    rs.id = *id;
    rs.name = *name;
    out.value = std::move(rs);
    return out;
}

namespace {

void read_deck(Reporter& r, TableView& root, hbl::ArmyList& army) {
    auto deck = root.table("deck", true);
    if (!deck) return;
    bool counts_ok = true;  // the total means nothing if a count could not be read
    for (auto&& [k, v] : deck->raw()) {
        deck->get(k.str(), false);  // known or reported here, never as "unknown key"
        const auto kind = hbl::parse_card_kind(k.str());
        if (!kind) {
            deck->error(v, k.str(),
                        "unknown card \"" + std::string(k.str()) + "\" (use " +
                            words<hbl::CardKind>(hbl::kCardKindCount) + ")");
            continue;
        }
        if (auto n = detail::read_integer(r, v, deck->path_of(k.str()), 0, hbl::kMaxDeck)) {
            army.deck[static_cast<std::size_t>(*kind)] = static_cast<int>(*n);
        } else {
            counts_ok = false;
        }
    }
    const int total = army.deck_size();
    if (!counts_ok) return;
    if (total < hbl::kMinDeck) {
        r.error(deck->raw().source(), "deck",
                std::to_string(total) + " cards; a sequence deck has " +
                    std::to_string(hbl::kMinDeck) + " or more (HBL-SEQ-1)");
    } else if (total > hbl::kMaxDeck) {
        r.error(deck->raw().source(), "deck",
                std::to_string(total) + " cards, more than the " + std::to_string(hbl::kMaxDeck) +
                    " a deck can hold");
    }
}

void read_command(TableView& t, hbl::ArmyList& army, std::map<std::string, int, std::less<>>& ids) {
    const auto id = read_new_id(t, ids);
    const auto name = t.string("name", true);
    const auto officer = t.die("officer", true);
    if (!id || !name || !officer) return;
    army.commands.push_back(hbl::CommandGroup{*id, *name, *officer});
}

void read_unit(TableView& t, hbl::ArmyList& army, const hbl::Ruleset* rs,
               std::map<std::string, int, std::less<>>& ids,
               const std::map<std::string, int, std::less<>>& commands) {
    hbl::UnitLine line;
    const auto id = read_new_id(t, ids);
    const auto type = t.string("type", true);
    if (type && rs && !rs->find_type(*type)) {
        std::string known;
        for (const auto& tt : rs->troop_types) known += (known.empty() ? "" : ", ") + tt.id;
        t.error(*t.raw().get("type"), "type",
                "\"" + *type + "\" is not a troop type of ruleset \"" + rs->id +
                    "\" (it has: " + known + ")");
    }
    line.name = t.string("name", false).value_or("");
    if (const auto q = t.string("class", true)) {
        if (q->size() != 1 || (*q)[0] < 'A' || (*q)[0] > 'D') {
            t.error(*t.raw().get("class"), "class",
                    "\"" + *q + "\" is not a class (use A, B, C or D)");
        } else {
            line.quality = (*q)[0];
        }
    }
    const auto combat = t.die("combat", true);
    const auto defence = t.die("defence", true);
    const auto ui = t.integer("ui", true, 1, 20);
    const auto stubborn = t.integer("stubborn", false, 0, 20).value_or(0);
    if (ui && stubborn > *ui) {
        t.error(*t.raw().get("stubborn"), "stubborn",
                std::to_string(stubborn) + " stubborn UI, more than the unit's " +
                    std::to_string(*ui) + " UI");
    }
    line.fierce = t.boolean("fierce", false).value_or(false);
    const auto command = t.string("command", true);
    if (command && !commands.count(*command)) {
        t.error(*t.raw().get("command"), "command",
                "\"" + *command + "\" is not one of this army's commands");
    }
    const auto units = t.integer("units", true, 0, hbl::kMaxUnitsPerSide);
    line.notes = t.string("notes", false).value_or("");
    if (!id || !type || !combat || !defence || !ui || !command || !units) return;
    line.id = *id;
    line.type = *type;
    line.combat = *combat;
    line.defence = *defence;
    line.ui = static_cast<int>(*ui);
    line.stubborn = static_cast<int>(stubborn);
    line.command = *command;
    line.units = static_cast<int>(*units);
    army.units.push_back(std::move(line));
}

}  // namespace

Loaded<hbl::ArmyList> load_hbl_army(std::string_view file, std::string_view text,
                                    const HblRulesetResolver& resolve) {
    Loaded<hbl::ArmyList> out;
    Reporter r(std::string(file), out.errors);
    const auto doc = detail::parse_document(r, text);
    if (!doc) return out;
    TableView root(r, *doc, "");
    if (!detail::read_header(root, "army")) return out;
    hbl::ArmyList army;
    // The keys every army has (the shell); its period is required.
    const detail::ArmyShell shell = detail::read_army_shell(root, true);
    const auto& id = shell.id;
    const auto& ruleset = shell.ruleset;
    const auto& name = shell.name;
    const auto& period = shell.period;
    const hbl::Ruleset* rs = nullptr;
    if (ruleset) {
        std::string why;
        rs = resolve ? resolve(*ruleset, why) : nullptr;
        if (!rs) {
            root.error(*shell.ruleset_node, "ruleset",
                       "ruleset \"" + *ruleset + "\": " + (why.empty() ? "not found" : why));
        }
    }
    if (const auto die = root.die("army_die", true)) {
        if (*die < core::DieType::D8) {
            root.error(
                *doc->get("army_die"), "army_die",
                core::to_string(*die) + " is below the D8 to D12 of an army die (HBL-INIT-1)");
        }
        army.army_die = *die;
    }
    army.morale_chips = static_cast<int>(root.integer("morale_chips", true, 1, 999).value_or(0));
    read_deck(r, root, army);
    std::map<std::string, int, std::less<>> commands;
    each_table(r, root, "command",
               [&](TableView& t, const toml::table&) { read_command(t, army, commands); });
    if (army.commands.size() > static_cast<std::size_t>(hbl::kMaxCommands)) {
        root.error(*doc->get("command"), "command",
                   std::to_string(army.commands.size()) + " commands, more than the " +
                       std::to_string(hbl::kMaxCommands) + " an army can have");
    }
    std::map<std::string, int, std::less<>> units;
    each_table(r, root, "unit",
               [&](TableView& t, const toml::table&) { read_unit(t, army, rs, units, commands); });
    int fielded = 0;
    for (const auto& l : army.units) fielded += l.units;
    // Counted only when every line could be read: a broken line is reported on its own.
    const toml::array* lines = doc->get("unit") ? doc->get("unit")->as_array() : nullptr;
    if (lines && lines->size() == army.units.size() &&
        (fielded < 1 || fielded > hbl::kMaxUnitsPerSide)) {
        root.error(*doc->get("unit"), "unit",
                   std::to_string(fielded) + " units; an army fields 1 to " +
                       std::to_string(hbl::kMaxUnitsPerSide));
    }
    root.finish();
    detail::sort_errors(out.errors);
    if (!out.errors.empty() || !id || !ruleset || !name || !period) return out;
    army.id = *id;
    army.ruleset = *ruleset;
    army.name = *name;
    army.period = *period;
    out.value = std::move(army);
    return out;
}

}  // namespace tercio::hbl

namespace tercio::hbl {

const hbl::Ruleset* ruleset(data::DataCatalog& catalog, std::string_view id, std::string& why) {
    return catalog.ruleset_as<hbl::Ruleset>(id, why, [](const std::string& file, std::string_view text) {
        return load_hbl_ruleset(file, text);
    });
}

const hbl::ArmyList* army(data::DataCatalog& catalog, std::string_view ruleset_id, std::string_view id,
                          std::string& why) {
    return catalog.army_as<hbl::ArmyList>(ruleset_id, id, why,
                                            [&catalog](const std::string& file, std::string_view text) {
                                                return load_hbl_army(file, text, resolvers(catalog).ruleset);
                                            });
}

HblResolvers resolvers(data::DataCatalog& catalog) {
    return HblResolvers{
        [&catalog](std::string_view id) { return catalog.engine(id); },
        [&catalog](std::string_view id, std::string& why) { return ruleset(catalog, id, why); },
        [&catalog](std::string_view rs, std::string_view id, std::string& why) { return army(catalog, rs, id, why); }};
}

}  // namespace tercio::hbl
