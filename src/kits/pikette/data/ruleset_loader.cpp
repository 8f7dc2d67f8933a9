// Ruleset files -> rules::Ruleset. See docs/data-format.md.
#include <algorithm>
#include <cctype>

#include "kits/pikette/data/files.hpp"
#include "data/toml_reader.hpp"
#include "kits/pikette/data/words.hpp"

namespace tercio::rules {

using namespace tercio::data;

using data::detail::index;
using data::detail::Reporter;
using data::detail::TableView;

namespace {


std::optional<rules::DieRoll> read_die_roll(TableView& parent, std::string_view key) {
    auto t = parent.table(key, true);
    if (!t) return std::nullopt;
    rules::DieRoll roll;
    const auto die = t->die("die", true);
    const auto add = t->integer("add", true, 0, 99);
    t->finish();
    if (!die || !add) return std::nullopt;
    roll.die = *die;
    roll.add = static_cast<int>(*add);
    return roll;
}

/// Reads an array of enum names through `parse`, reporting unknown names with `what`.
template <typename E, typename Parse>
rules::EnumSet<E> read_enum_set(TableView& t, std::string_view key, Parse parse,
                                std::string_view what, std::string_view choices) {
    rules::EnumSet<E> set;
    const toml::array* a = t.array(key, false);
    if (!a) return set;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string path = index(t.path_of(key), i);
        const auto name = data::detail::read_string(t.reporter(), *a->get(i), path);
        if (!name) continue;
        if (auto e = parse(*name)) {
            set.insert(*e);
        } else {
            t.reporter().error(a->get(i)->source(), path,
                               "unknown " + std::string(what) + " \"" + *name + "\" (use " +
                                   std::string(choices) + ")");
        }
    }
    return set;
}

void read_stands(TableView& t, TroopType& type) {
    const bool uniform = t.raw().contains("stands") || t.raw().contains("hits_per_stand");
    const bool grouped = t.raw().contains("stand_groups");
    if (uniform && grouped) {
        t.error(*t.raw().get("stand_groups"), "stand_groups",
                "give either stand_groups or stands and hits_per_stand, not both");
    }
    if (grouped) {
        t.get("stands", false);  // reported above if present
        t.get("hits_per_stand", false);
        const toml::array* a = t.array("stand_groups", true);
        if (!a) return;
        if (a->empty()) t.error(*a, "stand_groups", "needs at least one group");
        if (a->size() > rules::kMaxStandGroups) {
            // A unit keeps its stands left per group in GameState.
            t.error(*a, "stand_groups",
                    std::to_string(a->size()) + " stand groups, more than the " +
                        std::to_string(rules::kMaxStandGroups) + " a unit can have");
            return;
        }
        for (std::size_t i = 0; i < a->size(); ++i) {
            const toml::table* gt = a->get(i)->as_table();
            const std::string path = index(t.path_of("stand_groups"), i);
            if (!gt) {
                t.reporter().error(a->get(i)->source(), path,
                                   "expected a table, found " + data::detail::type_name(*a->get(i)));
                continue;
            }
            TableView g(t.reporter(), *gt, path);
            rules::StandGroup group;
            const auto kind = g.string("kind", true);
            const auto count = g.integer("count", true, 1, 12);
            const auto hits = g.integer("hits", true, 1, 12);
            g.finish();
            if (kind && count && hits) {
                type.stands.push_back({*kind, static_cast<int>(*count), static_cast<int>(*hits)});
            }
        }
        return;
    }
    const auto count = t.integer("stands", true, 1, 12);
    const auto hits = t.integer("hits_per_stand", true, 1, 12);
    if (count && hits) type.stands.push_back({"stand", static_cast<int>(*count), static_cast<int>(*hits)});
}

std::optional<TroopType> read_troop_type(TableView& t) {
    TroopType type;
    const auto id = t.string("id", true);
    if (id && !data::detail::valid_id(*id)) {
        t.error(*t.raw().get("id"), "id", "\"" + *id + "\" is not a valid id (a-z, 0-9, _ and -)");
    }
    const auto name = t.string("name", true);
    const auto glyph = t.string("glyph", true);
    if (glyph && (glyph->size() != 1 || !std::isalpha(static_cast<unsigned char>((*glyph)[0])))) {
        t.error(*t.raw().get("glyph"), "glyph", "must be one letter A-Z, found \"" + *glyph + "\"");
    }
    const auto category = t.string("category", true);
    std::optional<rules::Category> cat;
    if (category) {
        cat = rules::parse_category(*category);
        if (!cat) {
            t.error(*t.raw().get("category"), "category",
                    "unknown category \"" + *category +
                        "\" (use cavalry, infantry, artillery or war_wagon)");
        }
    }
    read_stands(t, type);
    const auto move = t.half_squares("move", true, 1, detail::kMaxMoveHalf);
    const auto turn = t.integer("turn_limit", true, 1, 4);
    const auto move_pips = t.integer("move_pips", true, 1, 12);
    const auto reload_pips = t.integer("reload_pips", true, 0, 12);
    const auto ue = t.integer("unit_equivalents", true, 0, 12);
    type.prohibited = read_enum_set<rules::TerrainKind>(t, "prohibited_terrain", rules::parse_terrain,
                                                        "terrain kind", "wood, building, hill or stream");
    type.abilities = read_enum_set<rules::Ability>(t, "abilities", rules::parse_ability, "ability",
                                                   detail::ability_choices());
    type.fight = t.die("fight", false);
    const auto shoot = t.die("shoot", false);
    const auto range = t.half_squares("range", false, 1, detail::kMaxHalf);
    const bool has_shoot = t.raw().contains("shoot");
    const bool has_range = t.raw().contains("range");
    if (has_shoot != has_range) {
        const char* given = has_shoot ? "shoot" : "range";
        t.error(*t.raw().get(given), given, "shoot and range go together: give both or neither");
    }
    if (shoot && range) type.shoot = rules::ShootValue{*shoot, *range};
    type.placeholder = t.boolean("placeholder", false).value_or(false);
    type.description = t.string("description", false).value_or("");
    t.finish();
    if (!id || !name || !glyph || !cat || !move || !turn || !move_pips || !reload_pips || !ue) {
        return std::nullopt;
    }
    type.id = *id;
    type.name = *name;
    type.glyph = glyph->empty() ? '?' : (*glyph)[0];
    type.category = *cat;
    type.move_half = *move;
    type.turn_limit = static_cast<int>(*turn);
    type.move_pips = static_cast<int>(*move_pips);
    type.reload_pips = static_cast<int>(*reload_pips);
    type.unit_equivalents = static_cast<int>(*ue);
    return type;
}

std::vector<ResultBand> read_bands(TableView& root, std::string_view key, bool melee) {
    std::vector<ResultBand> bands;
    const toml::array* a = root.array(key, true);
    if (!a) return bands;
    const int first_min = melee ? 0 : 1;
    const std::string base = root.path_of(key);
    if (a->empty()) {
        root.error(*a, key, "needs at least one band");
        return bands;
    }
    int expected = first_min;
    bool open_seen = false;
    for (std::size_t i = 0; i < a->size(); ++i) {
        const std::string path = index(base, i);
        const toml::table* bt = a->get(i)->as_table();
        if (!bt) {
            root.reporter().error(a->get(i)->source(), path,
                                  "expected a table, found " + data::detail::type_name(*a->get(i)));
            return bands;
        }
        TableView t(root.reporter(), *bt, path);
        ResultBand b;
        const auto min = t.integer("min", true, 0, 99);
        const auto max = t.integer("max", false, 0, 99);
        const auto hits = t.integer("hits", true, 0, 12);
        const auto chip = t.boolean("chip", true);
        std::optional<std::int64_t> fall_back = 0;
        if (melee) fall_back = t.integer("fall_back", true, 0, 12);
        const auto status_of = [&](std::string_view k) {
            const auto s = t.string(k, false);
            if (!s) return rules::Status::None;
            const auto st = rules::parse_status(*s);
            if (!st || *st == rules::Status::None) {
                t.error(*bt->get(k), k, "\"" + *s + "\" is not a status (use disordered or routed)");
                return rules::Status::None;
            }
            return *st;
        };
        b.status = status_of("status");
        b.on_double = status_of("on_double");
        b.on_quadruple = status_of("on_quadruple");
        t.finish();
        // Continuity is checked whenever min (and max, if given) could be read, so that a band
        // missing some other key does not also make the next band look misplaced.
        const bool max_ok = max.has_value() || !bt->contains("max");
        if (!min || !max_ok) continue;
        b.min = static_cast<int>(*min);
        if (max) b.max = static_cast<int>(*max);
        b.hits = static_cast<int>(hits.value_or(0));
        b.chip = chip.value_or(false);
        b.fall_back = static_cast<int>(fall_back.value_or(0));
        if (open_seen) {
            t.error(*bt, "", "follows a band with no max; only the last band may be open");
        } else if (b.min != expected) {
            t.error(*bt->get("min"), "min",
                    "bands must run on without gaps or overlaps: expected min = " +
                        std::to_string(expected) + ", found " + std::to_string(b.min));
        } else if (b.max && *b.max < b.min) {
            t.error(*bt->get("max"), "max", "max is below min");
        }
        if (b.max) {
            expected = *b.max + 1;
        } else {
            open_seen = true;
        }
        if (hits && chip && fall_back) bands.push_back(b);
    }
    if (!open_seen) {
        root.error(*a, key, "the last band must have no max, so that every difference has a result");
    }
    return bands;
}

}  // namespace

Loaded<Ruleset> load_ruleset(std::string_view file, std::string_view text,
                             const std::vector<std::string>& engines) {
    Loaded<Ruleset> out;
    Reporter r(std::string(file), out.errors);
    const auto doc = data::detail::parse_document(r, text);
    if (!doc) return out;
    TableView root(r, *doc, "");
    if (!data::detail::read_header(root, "ruleset")) return out;

    // The engine that plays the ruleset (docs/rulesets.md); a file without one is Pikette Squared.
    // An engine the program has reads its own rulesets (tercio check sends them to it), so this
    // loader sees them only when called directly.
    if (const auto engine = root.string("engine", false); engine && *engine != Engine::name) {
        const bool known = engines.empty() || std::find(engines.begin(), engines.end(), *engine) != engines.end();
        root.error(*doc->get("engine"), "engine",
                   known ? "a " + *engine + " ruleset, where a " + std::string(Engine::name) + " one is needed"
                         : "\"" + *engine + "\" is not an engine this program has (use " +
                               data::detail::enum_choices<std::size_t>(
                                   static_cast<int>(engines.size()), [&](std::size_t i) { return engines[i]; }) +
                               ")");
    }
    Ruleset rs;
    const data::detail::RulesetShell shell = data::detail::read_ruleset_shell(root);
    const auto& id = shell.id;
    const auto& name = shell.name;
    if (const auto los = root.string("los", true)) {
        if (*los == "blocking" || *los == "none") {
            rs.los_blocking = *los == "blocking";
        } else {
            root.error(*doc->get("los"), "los", "\"" + *los + "\" is not an option (use blocking or none)");
        }
    }
    rs.command_indecision = root.boolean("command_indecision", true).value_or(false);

    data::detail::BoardSize board{rs.board_files, rs.board_ranks, rs.deployment_ranks};
    data::detail::read_board(root, board);
    rs.board_files = board.files;
    rs.board_ranks = board.ranks;
    rs.deployment_ranks = board.deployment_ranks;
    bool deck_size_ok = false;
    if (auto setup = root.table("setup", true)) {
        rs.opportunity_chips = static_cast<int>(setup->integer("opportunity_chips", true, 0, 99).value_or(0));
        if (auto m = read_die_roll(*setup, "morale_chips")) rs.morale_chips = *m;
        if (auto n = read_die_roll(*setup, "nightfall")) rs.nightfall = *n;
        // The limits of GameState: pieces on a board, cards in a deck.
        rs.terrain_pieces = static_cast<int>(
            setup->integer("terrain_pieces", true, 0, rules::kMaxTerrainPieces).value_or(0));
        const auto deck_size = setup->integer("deck_size", true, 1, rules::kMaxDeck);
        deck_size_ok = deck_size.has_value();
        rs.deck_size = static_cast<int>(deck_size.value_or(20));
        setup->finish();
    }
    if (auto size = root.table("army_size", true)) {
        rs.army_unit_equivalents = static_cast<int>(size->integer("unit_equivalents", true, 1, 50).value_or(12));
        rs.army_cannon = static_cast<int>(size->integer("cannon", true, 0, 5).value_or(1));
        size->finish();
    }
    if (auto leader = root.table("leader", true)) {
        if (auto g = leader->string("glyph", true)) {
            const unsigned char c = g->empty() ? 0 : static_cast<unsigned char>((*g)[0]);
            if (g->size() != 1 || !std::isgraph(c) || std::isalpha(c)) {
                leader->error(*leader->raw().get("glyph"), "glyph",
                              "must be one printable ASCII character that is not a letter");
            } else {
                rs.leader_glyph = static_cast<char>(c);
            }
        }
        rs.leader_move_half = leader->half_squares("move", true, 1, detail::kMaxHalf).value_or(8);
        rs.rally_range_half = leader->half_squares("rally_range", true, 0, detail::kMaxHalf).value_or(10);
        leader->finish();
    }
    if (auto deck = root.table("deck", true)) {
        int total = 0;
        bool counts_ok = true;  // the total means nothing if a count could not be read
        for (auto&& [k, v] : deck->raw()) {
            const auto kind = rules::parse_card_kind(k.str());
            deck->get(k.str(), false);  // known or reported here, never as "unknown key"
            if (!kind) {
                deck->error(v, k.str(),
                            "unknown card kind \"" + std::string(k.str()) + "\" (use " +
                                detail::card_kind_choices() + ")");
                continue;
            }
            if (auto n = data::detail::read_integer(r, v, deck->path_of(k.str()), 0, 50)) {
                rs.deck[static_cast<std::size_t>(*kind)] = static_cast<int>(*n);
                total += static_cast<int>(*n);
            } else {
                counts_ok = false;
            }
        }
        if (counts_ok && deck_size_ok && total + 1 != rs.deck_size) {
            r.error(deck->raw().source(), "deck",
                    std::to_string(total) + " standard cards plus the army's extra card make " +
                        std::to_string(total + 1) + ", but setup.deck_size is " +
                        std::to_string(rs.deck_size));
        }
    }

    if (const toml::array* types = root.array("troop_type", true)) {
        std::map<std::string, int, std::less<>> ids;
        std::map<char, std::string> glyphs;
        for (std::size_t i = 0; i < types->size(); ++i) {
            const std::string path = index("troop_type", i);
            const toml::table* tt = types->get(i)->as_table();
            if (!tt) {
                r.error(types->get(i)->source(), path,
                        "expected a table, found " + data::detail::type_name(*types->get(i)));
                continue;
            }
            TableView t(r, *tt, path);
            auto type = read_troop_type(t);
            if (!type) continue;
            const int line = static_cast<int>(tt->get("id")->source().begin.line);
            if (auto [it, fresh] = ids.emplace(type->id, line); !fresh) {
                t.error(*tt->get("id"), "id",
                        "duplicate id \"" + type->id + "\" (first defined at line " +
                            std::to_string(it->second) + ")");
                continue;
            }
            const char key = static_cast<char>(std::toupper(static_cast<unsigned char>(type->glyph)));
            if (auto [it, fresh] = glyphs.emplace(key, type->id); !fresh) {
                t.error(*tt->get("glyph"), "glyph",
                        std::string("glyph '") + type->glyph + "' is already used by \"" +
                            it->second + "\" (letters must differ ignoring case)");
                continue;
            }
            rs.troop_types.push_back(std::move(*type));
        }
    }
    rs.shooting_bands = read_bands(root, "shooting_band", false);
    rs.melee_bands = read_bands(root, "melee_band", true);
    root.finish();

    data::detail::sort_errors(out.errors);
    if (!out.errors.empty() || !id || !name) return out;
    rs.id = *id;
    rs.name = *name;
    out.value = std::move(rs);
    return out;
}

namespace detail {

std::string card_kind_choices() {
    return data::detail::enum_choices<CardKind>(kCardKindCount, [](CardKind e) { return to_string(e); });
}
std::string ability_choices() {
    return data::detail::enum_choices<Ability>(kAbilityCount, [](Ability e) { return to_string(e); });
}

}  // namespace detail

// The engine's ids (a LineId's capacity) are the ids its files may use.
static_assert(kMaxIdLength == data::detail::kMaxIdLength);

}  // namespace tercio::rules
