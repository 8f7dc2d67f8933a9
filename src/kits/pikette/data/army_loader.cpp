// Army list files -> rules::ArmyList, cross-checked against their ruleset. See
// docs/data-format.md.
#include <map>
#include <set>

#include "kits/pikette/data/files.hpp"
#include "data/toml_reader.hpp"
#include "kits/pikette/data/words.hpp"

namespace tercio::rules {

using namespace tercio::data;

using data::detail::index;
using data::detail::Reporter;
using data::detail::TableView;

namespace {

/// A unit names its upgrade in a byte, kNone meaning none (so upgrades 0 to 254), and its roster
/// line in a byte.
constexpr std::size_t kMaxUpgrades = rules::kNone;
constexpr std::size_t kMaxRosterLines = rules::kNone + 1u;

/// A unit line and where it was written, for cross-reference messages.
struct LineSource {
    const toml::table* table = nullptr;
    std::string path;
};

/// The most units the army can field in a game: every line, the lines an upgrade replaces giving
/// way to their replacements when those are more, and the extra unit (PS-ARMY-3, PS-ARMY-4,
/// PS-ARMY-5). A side holds at most kMaxUnitsPerSide (GameState), so more is reported, at the
/// count that takes the total past the limit.
void check_unit_count(Reporter& r, const ArmyList& army,
                      const std::map<std::string, LineSource, std::less<>>& lines,
                      const toml::table& extra_unit) {
    struct Passed {
        const toml::node* at = nullptr;
        std::string path;
    };
    std::optional<Passed> passed;
    int total = 0;
    const auto count = [&](int n, const toml::node* at, const std::string& path) {
        total += n;
        if (total > rules::kMaxUnitsPerSide && !passed) passed = Passed{at, path};
    };
    const auto units_of = [&](const UnitLine& l) {
        const LineSource& src = lines.at(l.id);
        return std::pair{src.table->get("units"), src.path + ".units"};
    };
    // What each line fields at most so far: its own units, or all of its replacements.
    std::map<std::string, std::pair<int, int>, std::less<>> fielded;  // own, replacements
    for (const UnitLine& l : army.units) {
        fielded[l.id] = {l.units, 0};
        const auto [at, path] = units_of(l);
        count(l.units, at, path);
    }
    for (const rules::Upgrade& up : army.upgrades) {
        if (!up.replace_with) continue;
        auto it = fielded.find(up.unit);
        if (it == fielded.end()) continue;
        auto& [own, replacements] = it->second;
        const int before = std::max(own, replacements);
        replacements += up.replace_with->units;
        const auto [at, path] = units_of(*up.replace_with);
        count(std::max(own, replacements) - before, at, path);
    }
    if (army.extra_unit) count(1, &extra_unit, "extra_unit");
    if (!passed) return;
    r.error(passed->at->source(), passed->path,
            "the army could field " + std::to_string(total) +
                " units (with every upgrade won and its extra unit), more than the " +
                std::to_string(rules::kMaxUnitsPerSide) + " a side can have");
}

/// Reads the keys of a unit line. `type` defaults (move, fight, shoot) are filled in when the
/// ruleset is known.
std::optional<UnitLine> read_unit_line(TableView& t, const Ruleset* rs) {
    UnitLine u;
    const auto id = t.string("id", true);
    if (id && !data::detail::valid_id(*id)) {
        t.error(*t.raw().get("id"), "id", "\"" + *id + "\" is not a valid id (a-z, 0-9, _ and -)");
    }
    const auto type_id = t.string("type", true);
    const rules::TroopType* type = nullptr;
    if (type_id && rs) {
        type = rs->find_type(*type_id);
        if (!type) {
            std::string known;
            for (const auto& tt : rs->troop_types) known += (known.empty() ? "" : ", ") + tt.id;
            t.error(*t.raw().get("type"), "type",
                    "unknown troop type \"" + *type_id + "\" (the ruleset \"" + rs->id +
                        "\" has: " + known + ")");
        }
    }
    u.name = t.string("name", false).value_or("");
    const auto move = t.half_squares("move", false, 1, detail::kMaxMoveHalf);
    const auto shoot = t.die("shoot", false);
    const auto range = t.half_squares("range", false, 1, detail::kMaxHalf);
    const bool has_shoot = t.raw().contains("shoot");
    const bool has_range = t.raw().contains("range");
    if (has_shoot != has_range) {
        const char* given = has_shoot ? "shoot" : "range";
        t.error(*t.raw().get(given), given, "shoot and range go together: give both or neither");
    }
    const auto fight = t.die("fight", false);
    const auto units = t.integer("units", true, 0, 50);
    if (const toml::array* a = t.array("traits", false)) {
        for (std::size_t i = 0; i < a->size(); ++i) {
            const std::string path = index(t.path_of("traits"), i);
            const auto name = data::detail::read_string(t.reporter(), *a->get(i), path);
            if (!name) continue;
            if (auto tr = rules::parse_trait(*name)) {
                u.traits.insert(*tr);
            } else {
                t.reporter().error(a->get(i)->source(), path,
                                   "unknown trait \"" + *name +
                                       "\" (use fearsome, headstrong, bow or never_routs)");
            }
        }
    }
    u.notes = t.string("notes", false).value_or("");
    t.finish();

    if (type) {
        if (!fight && !type->fight && !t.raw().contains("fight")) {
            t.reporter().error(t.raw().source(), t.path(),
                               "missing required key 'fight' (troop type \"" + type->id +
                                   "\" has no default)");
        }
        u.move_half = move.value_or(type->move_half);
        u.fight = fight.value_or(type->fight.value_or(core::DieType::D6));
        if (shoot && range) {
            u.shoot = rules::ShootValue{*shoot, *range};
        } else if (!has_shoot && !has_range) {
            u.shoot = type->shoot;
        }
    }
    if (!id || !type_id || !units) return std::nullopt;
    u.id = *id;
    u.type = *type_id;
    u.units = static_cast<int>(*units);
    return u;
}

}  // namespace

Loaded<ArmyList> load_army(std::string_view file, std::string_view text,
                           const RulesetResolver& resolve) {
    Loaded<ArmyList> out;
    Reporter r(std::string(file), out.errors);
    const auto doc = data::detail::parse_document(r, text);
    if (!doc) return out;
    TableView root(r, *doc, "");
    if (!data::detail::read_header(root, "army")) return out;

    ArmyList army;
    // The keys every army has (the shell); its period may be left out.
    const data::detail::ArmyShell shell = data::detail::read_army_shell(root, false);
    const auto& id = shell.id;
    const auto& name = shell.name;
    army.period = shell.period.value_or("");
    const Ruleset* rs = nullptr;
    if (const auto& ruleset_id = shell.ruleset) {
        std::string why;
        rs = resolve ? resolve(*ruleset_id, why) : nullptr;
        if (!rs) {
            root.error(
                *shell.ruleset_node, "ruleset",
                "cannot use ruleset \"" + *ruleset_id + "\": " + (why.empty() ? "not found" : why));
        } else {
            army.ruleset = *ruleset_id;
        }
    }
    if (const toml::array* cards = root.array("extra_card", true)) {
        if (cards->empty() || cards->size() > rules::kCardKindCount) {
            root.error(*cards, "extra_card", "needs 1 card kind, or several to choose from");
        }
        for (std::size_t i = 0; i < cards->size(); ++i) {
            const std::string path = index("extra_card", i);
            const auto kind = data::detail::read_string(r, *cards->get(i), path);
            if (!kind) continue;
            if (auto k = rules::parse_card_kind(*kind)) {
                army.extra_card.push_back(*k);
            } else {
                r.error(cards->get(i)->source(), path,
                        "unknown card kind \"" + *kind + "\" (use " + detail::card_kind_choices() + ")");
            }
        }
    }

    // Unit lines.
    std::map<std::string, LineSource, std::less<>> lines;
    // Every id a [[unit]] gives, even on a line too broken to load: a reference to such a line
    // is not reported again as "no unit line has id", the line's own errors say what is wrong.
    std::set<std::string, std::less<>> written_ids;
    const auto written = [&](std::string_view line_id) { return written_ids.contains(line_id); };
    const auto add_line = [&](UnitLine&& u, const toml::table& at, const std::string& path) {
        if (auto it = lines.find(u.id); it != lines.end()) {
            r.error(at.get("id")->source(), path + ".id",
                    "duplicate id \"" + u.id + "\" (first defined at line " +
                        std::to_string(it->second.table->get("id")->source().begin.line) + ")");
            return false;
        }
        lines.emplace(u.id, LineSource{&at, path});
        return true;
    };
    if (const toml::array* units = root.array("unit", true)) {
        for (std::size_t i = 0; i < units->size(); ++i) {
            const std::string path = index("unit", i);
            const toml::table* ut = units->get(i)->as_table();
            if (!ut) {
                r.error(units->get(i)->source(), path,
                        "expected a table, found " + data::detail::type_name(*units->get(i)));
                continue;
            }
            if (const auto* uid = ut->get_as<std::string>("id")) written_ids.insert(uid->get());
            TableView t(r, *ut, path);
            if (auto u = read_unit_line(t, rs)) {
                if (add_line(UnitLine(*u), *ut, path)) army.units.push_back(std::move(*u));
            }
        }
    }

    // Upgrades, in table order (PS-ARMY-5).
    if (const toml::array* ups = root.array("upgrade", false)) {
        for (std::size_t i = 0; i < ups->size(); ++i) {
            const std::string path = index("upgrade", i);
            const toml::table* ut = ups->get(i)->as_table();
            if (!ut) {
                r.error(ups->get(i)->source(), path,
                        "expected a table, found " + data::detail::type_name(*ups->get(i)));
                continue;
            }
            if (i == kMaxUpgrades) {
                r.error(ut->source(), path,
                        "an army has at most " + std::to_string(kMaxUpgrades) + " upgrades");
                break;
            }
            TableView t(r, *ut, path);
            rules::Upgrade up;
            const auto line = t.string("unit", true);
            const auto die = t.die("die", true);
            std::optional<std::pair<int, int>> on;
            if (const toml::node* n = t.get("on", true)) {
                on = data::detail::read_range(r, *n, t.path_of("on"), 1, die ? core::faces(*die) : 12);
            }
            if (const auto scope = t.string("scope", true)) {
                if (*scope == "one" || *scope == "all") {
                    up.one_unit = *scope == "one";
                } else {
                    t.error(*ut->get("scope"), "scope", "\"" + *scope + "\" is not a scope (use all or one)");
                }
            }
            up.name = t.string("name", false);
            up.fight = t.die("fight", false);
            if (auto rw = t.table("replace_with", false)) {
                if (auto u = read_unit_line(*rw, rs)) {
                    if (add_line(UnitLine(*u), rw->raw(), rw->path())) up.replace_with = std::move(*u);
                }
            }
            up.sultan = t.boolean("sultan", false).value_or(false);
            up.notes = t.string("notes", false).value_or("");
            t.finish();
            if (!up.name && !up.fight && !up.replace_with && !up.sultan) {
                r.error(ut->source(), path, "does nothing: give name, fight, replace_with or sultan");
            }
            if (line && !army.find_line(*line) && !written(*line)) {
                t.error(*ut->get("unit"), "unit", "no unit line has id \"" + *line + "\"");
            }
            if (!line || !die || !on) continue;
            up.unit = *line;
            up.die = *die;
            up.on_low = on->first;
            up.on_high = on->second;
            army.upgrades.push_back(std::move(up));
        }
    }

    // The extra-unit roll (PS-ARMY-4).
    if (auto ex = root.table("extra_unit", false)) {
        rules::ExtraUnitRoll roll;
        const auto die = ex->die("die", true);
        const int faces = die ? core::faces(*die) : 12;
        // covered[f]: 1 + the index of the result that covers face f, or 0.
        std::vector<std::size_t> covered(static_cast<std::size_t>(faces) + 1, 0);
        bool all_read = true;  // faces are counted only if every result's `on` could be read
        if (const toml::array* results = ex->array("result", true)) {
            for (std::size_t i = 0; i < results->size(); ++i) {
                const std::string path = index(ex->path_of("result"), i);
                const toml::table* rt = results->get(i)->as_table();
                if (!rt) {
                    r.error(results->get(i)->source(), path,
                            "expected a table, found " + data::detail::type_name(*results->get(i)));
                    all_read = false;
                    continue;
                }
                TableView t(r, *rt, path);
                rules::ExtraUnitResult res;
                std::optional<std::pair<int, int>> on;
                if (const toml::node* n = t.get("on", true)) on = data::detail::read_range(r, *n, t.path_of("on"), 1, faces);
                if (const toml::array* names = t.array("units", true)) {
                    if (names->empty()) t.error(*names, "units", "needs at least one unit line id");
                    for (std::size_t k = 0; k < names->size(); ++k) {
                        const std::string npath = index(t.path_of("units"), k);
                        const auto nm = data::detail::read_string(r, *names->get(k), npath);
                        if (!nm) continue;
                        const UnitLine* ul = army.find_line(*nm);
                        if (!ul) {
                            if (!written(*nm)) {
                                r.error(names->get(k)->source(), npath,
                                        "no unit line has id \"" + *nm + "\"");
                            }
                            continue;
                        }
                        const rules::TroopType* tt = rs ? rs->find_type(ul->type) : nullptr;
                        if (tt && tt->unit_equivalents != 1) {
                            r.error(names->get(k)->source(), npath,
                                    "the extra unit must count 1 unit equivalent; \"" + *nm + "\" counts " +
                                        std::to_string(tt->unit_equivalents));
                        }
                        res.units.push_back(*nm);
                    }
                }
                t.finish();
                if (!on) {
                    all_read = false;
                    continue;
                }
                bool overlap_reported = false;  // one message per result, but mark every face
                for (int f = on->first; f <= on->second; ++f) {
                    std::size_t& by = covered[static_cast<std::size_t>(f)];
                    if (by != 0 && !overlap_reported) {
                        t.error(*rt->get("on"), "on",
                                "a roll of " + std::to_string(f) + " is already covered by " +
                                    index(ex->path_of("result"), by - 1));
                        overlap_reported = true;
                    }
                    if (by == 0) by = i + 1;
                }
                res.on_low = on->first;
                res.on_high = on->second;
                roll.results.push_back(std::move(res));
            }
        }
        ex->finish();
        for (int f = 1; f <= faces && die && all_read; ++f) {
            if (!covered[static_cast<std::size_t>(f)]) {
                r.error(ex->raw().source(), "extra_unit",
                        "no result for a roll of " + std::to_string(f) + " on the " + core::to_string(*die));
                break;
            }
        }
        if (die) roll.die = *die;
        army.extra_unit = std::move(roll);
    }
    root.finish();

    // Army totals (PS-ARMY-1, PS-ARMY-16) and "0-1" lines (PS-ARMY-2).
    if (rs && out.errors.empty()) {
        int ue = army.extra_unit ? 1 : 0;
        int cannon = 0;
        for (const auto& u : army.units) {
            const rules::TroopType* tt = rs->find_type(u.type);
            if (!tt) continue;
            if (tt->category == rules::Category::Artillery) {
                cannon += u.units;
            } else {
                ue += u.units * tt->unit_equivalents;
            }
            if (u.units == 0) {
                bool reachable = false;
                if (army.extra_unit) {
                    for (const auto& res : army.extra_unit->results) {
                        for (const auto& n : res.units) reachable = reachable || n == u.id;
                    }
                }
                if (!reachable) {
                    const auto& src = lines.at(u.id);
                    r.error(src.table->get("units")->source(), src.path + ".units",
                            "0 units (\"0-1\") but no extra-unit result names \"" + u.id + "\"");
                }
            }
        }
        if (ue != rs->army_unit_equivalents) {
            r.error(doc->source(), "",
                    "the army comes to " + std::to_string(ue) +
                        " unit equivalents (counting the extra unit); the ruleset requires " +
                        std::to_string(rs->army_unit_equivalents) + " (PS-ARMY-1)");
        }
        if (cannon != rs->army_cannon) {
            r.error(doc->source(), "",
                    "the army has " + std::to_string(cannon) + " cannon; the ruleset requires " +
                        std::to_string(rs->army_cannon) + " (PS-ARMY-1)");
        }
    }
    // What the game can hold (GameState): units a side, and roster lines a unit can name.
    if (out.errors.empty()) {
        const toml::node* ex = doc->get("extra_unit");
        check_unit_count(r, army, lines, ex && ex->is_table() ? *ex->as_table() : *doc);
        if (rules::roster_size(army) > kMaxRosterLines) {
            r.error(doc->source(), "",
                    "the army has " + std::to_string(rules::roster_size(army)) +
                        " unit lines (with the upgrades' replace_with lines), more than the " +
                        std::to_string(kMaxRosterLines) + " a game can tell apart");
        }
    }

    data::detail::sort_errors(out.errors);
    if (!out.errors.empty() || !id || !name) return out;
    army.id = *id;
    army.name = *name;
    out.value = std::move(army);
    return out;
}

}  // namespace tercio::rules
