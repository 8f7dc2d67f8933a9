#include "data/data_files.hpp"

#include "data/hbl_save.hpp"
#include "data/hbl_files.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <span>
#include <sstream>
#include <vector>

#include "data/input_guard.hpp"
#include "data/hbl_position.hpp"
#include "data/position.hpp"
#include "data/save.hpp"
#include "data/toml_reader.hpp"

namespace tercio::data {

namespace fs = std::filesystem;

FileText read_file(const fs::path& path, std::size_t limit) {
    FileText out;
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
        out.error = "is a directory";
        return out;
    }
    const auto size = fs::file_size(path, ec);
    if (!ec && size > limit) {
        out.error = "file is too large (" + std::to_string(size) + " bytes; the limit is " +
                    std::to_string(limit) + ")";
        return out;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        out.missing = errno == ENOENT;
        out.error = std::strerror(errno);
        return out;
    }
    // Read in chunks, at most one byte past the cap so an oversized special file is refused
    // too, without reserving the whole cap for every small file.
    std::string text;
    char chunk[64 * 1024];
    while (text.size() <= limit && in) {
        const std::size_t want = std::min(sizeof chunk, limit + 1 - text.size());
        in.read(chunk, static_cast<std::streamsize>(want));
        text.append(chunk, static_cast<std::size_t>(in.gcount()));
    }
    if (in.bad()) {
        out.error = "read error";
        return out;
    }
    out.text = std::move(text);
    return out;
}

fs::path ruleset_file(const fs::path& dir, std::string_view id) {
    return dir / "rulesets" / std::string(id) / "ruleset.toml";
}

fs::path army_file(const fs::path& dir, std::string_view ruleset, std::string_view army) {
    return dir / "rulesets" / std::string(ruleset) / "armies" / (std::string(army) + ".toml");
}

namespace {

/// The valid ids of the `.toml` files of a folder, or of its subfolders holding `inner`, sorted.
std::vector<std::string> ids_in(const fs::path& dir, std::string_view inner = {}) {
    std::vector<std::string> ids;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        if (inner.empty()) {
            const std::string stem = e.path().stem().string();
            if (e.path().extension() == ".toml" && detail::valid_id(stem)) ids.push_back(stem);
        } else {
            const std::string name = e.path().filename().string();
            if (detail::valid_id(name) && fs::is_regular_file(e.path() / std::string(inner), ec))
                ids.push_back(name);
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

std::vector<std::string> ruleset_ids(const fs::path& dir) {
    return ids_in(dir / "rulesets", "ruleset.toml");
}

std::vector<std::string> army_ids(const fs::path& dir, std::string_view ruleset) {
    if (!detail::valid_id(ruleset)) return {};
    return ids_in(dir / "rulesets" / std::string(ruleset) / "armies");
}

std::string data_dir_problem(const fs::path& dir) {
    std::error_code ec;
    if (!fs::is_directory(dir / "rulesets", ec)) return "it has no rulesets/ folder";
    if (!ruleset_ids(dir).empty()) return "";
    if (!ids_in(dir / "rulesets").empty() || fs::is_directory(dir / "armies", ec)) {
        return "it is in the old layout, rulesets/<id>.toml and armies/; each ruleset is now a "
               "folder, rulesets/<id>/ruleset.toml, with its armies in "
               "rulesets/<id>/armies/<army>.toml (docs/data-format.md, \"Layout\")";
    }
    return "its rulesets/ folder has no <id>/ruleset.toml";
}

std::optional<fs::path> find_data_dir(const std::optional<fs::path>& flag,
                                      const fs::path& executable) {
    const auto usable = [&](const fs::path& p) { return data_dir_problem(p).empty(); };
    if (flag) {
        if (usable(*flag)) return *flag;
        return std::nullopt;
    }
    const fs::path dir = executable.parent_path();
    for (const fs::path& p : {dir / "data", dir / ".." / "share" / "tercio"}) {
        if (usable(p)) return p.lexically_normal();
    }
#ifdef TERCIO_INSTALL_DATADIR
    if (usable(TERCIO_INSTALL_DATADIR)) return fs::path(TERCIO_INSTALL_DATADIR);
#endif
    return std::nullopt;
}

namespace {

/// "it has: a, b" (or "it has none").
std::string known_ids(const std::vector<std::string>& ids) {
    if (ids.empty()) return "it has none";
    std::string out = "it has: ";
    for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? ", " : "") + ids[i];
    return out;
}

/// Where the game looks a file up by its id (check_id_is_name): a ruleset by its folder, an army
/// by its file name.
struct IdPlace {
    std::string_view what;  ///< "armies" or "rulesets"
    std::string_view as;    ///< "rulesets/<ruleset>/armies/<id>.toml"
    bool folder = false;    ///< the id names the folder, not the file
};
constexpr IdPlace kArmyPlace{"armies", "rulesets/<ruleset>/armies/<id>.toml", false};
constexpr IdPlace kRulesetPlace{"rulesets", "rulesets/<id>/ruleset.toml", true};
/// A ruleset file outside a data directory's layout (not named ruleset.toml): its id must still
/// be its file name, the name it is checked and shared by.
constexpr IdPlace kLooseRulesetPlace{"rulesets", "rulesets/<id>/ruleset.toml", false};

/// An army or ruleset is found by its id (DataCatalog): a file whose id is not its name (an
/// army's file name, a ruleset's folder) can never be found by that id. Reports that at the id's
/// value; `name` is that name.
void check_id_is_name(detail::Reporter& r, const toml::table& doc, std::string_view name,
                      const IdPlace& place) {
    const toml::node* n = doc.get("id");
    // A missing or malformed id is the loader's to report.
    if (!n || !n->is_string() || !detail::valid_id(n->as_string()->get())) return;
    const std::string& id = n->as_string()->get();
    if (id == name) return;
    std::string message =
        "\"" + id + "\" does not match the " + (place.folder ? "folder name " : "file name ") +
        std::string(name) + (place.folder ? "" : ".toml") + " (" + std::string(place.what) +
        " are looked up by id, as " + std::string(place.as) +
        "): " + (place.folder ? "name the folder " + id : "name the file " + id + ".toml");
    if (detail::valid_id(name)) message += ", or make the id \"" + std::string(name) + "\"";
    r.error(n->source(), "id", message);
}

/// An army in a data directory, `rulesets/<ruleset>/armies/<id>.toml`, names that ruleset: the
/// game looks it up in its ruleset's folder. Reports one that names another at its `ruleset`.
void check_army_folder(detail::Reporter& r, const toml::table& doc, const fs::path& file) {
    std::error_code ec;
    const fs::path armies = fs::absolute(file, ec).parent_path();
    const fs::path ruleset = armies.parent_path();
    if (armies.filename() != "armies" || ruleset.parent_path().filename() != "rulesets") return;
    const toml::node* n = doc.get("ruleset");
    if (!n || !n->is_string() || n->as_string()->get() == ruleset.filename().string()) return;
    r.error(n->source(), "ruleset",
            "\"" + n->as_string()->get() + "\" is not the ruleset whose folder this army is in (" +
                ruleset.filename().string() +
                "): the game finds an army in its ruleset's folder, as " +
                std::string(kArmyPlace.as) + "; move the file or name ruleset \"" +
                ruleset.filename().string() + "\"");
}

/// The same, for a file read as text.
void check_id_is_name(const std::string& file, std::string_view text, std::string_view name,
                      const IdPlace& place, LoadErrors& errors) {
    LoadErrors scratch;
    detail::Reporter probe(file, scratch);
    const auto doc = detail::parse_document(probe, text);
    if (!doc) return;
    detail::Reporter r(file, errors);
    check_id_is_name(r, *doc, name, place);
}

/// Loads `file` (`rel` from the data directory) once into `cache` under `key` with
/// `load(file, text)`, and returns the value, or nullptr and why not. `what` names the kind of
/// file in messages ("ruleset", "army"), `known` the ids there are of it.
template <typename T, typename Load>
const T* cached_load(std::map<std::string, std::unique_ptr<Loaded<T>>, std::less<>>& cache,
                     const fs::path& dir, const fs::path& rel, const IdPlace& place,
                     std::string_view what, std::string_view id,
                     const std::function<std::vector<std::string>()>& known, std::string& why,
                     Load&& load) {
    if (!detail::valid_id(id)) {
        why = "not a valid " + std::string(what) + " id";
        return nullptr;
    }
    if (dir.empty()) {
        why = "no data directory found to look it up in (give --data-dir DIR)";
        return nullptr;
    }
    const std::string key = rel.generic_string();
    auto it = cache.find(key);
    if (it == cache.end()) {
        const fs::path file = dir / rel;
        auto loaded = std::make_unique<Loaded<T>>();
        const FileText ft = read_file(file);
        if (ft.missing) {
            // Not a place in a file: the key that names it is where this is reported.
            loaded->errors.push_back(LoadError{"", 0, 0,
                                               "the data directory has no " + rel.generic_string() +
                                                   " (" + known_ids(known()) + ")"});
        } else if (!ft.error.empty()) {
            loaded->errors.push_back(LoadError{file.string(), 1, 1, ft.error});
        } else {
            *loaded = load(file.string(), ft.text);
            if (loaded->ok() && loaded->value->id != id) {
                check_id_is_name(file.string(), ft.text, id, place, loaded->errors);
                loaded->value.reset();
            }
        }
        it = cache.emplace(key, std::move(loaded)).first;
    }
    const auto& l = *it->second;
    if (l.ok()) return &*l.value;
    const LoadError* first = l.errors.empty() ? nullptr : &l.errors.front();
    why = !first ? "cannot be loaded" : first->file.empty() ? first->message : first->to_string();
    if (l.errors.size() > 1) why += " (and " + std::to_string(l.errors.size() - 1) + " more)";
    return nullptr;
}

/// The relative path of a ruleset's file, and of an army's.
fs::path ruleset_rel(std::string_view id) {
    return ruleset_file("", id);
}
fs::path army_rel(std::string_view ruleset, std::string_view army) {
    return army_file("", ruleset, army);
}

}  // namespace

std::vector<std::string> DataCatalog::ruleset_ids() const {
    return data::ruleset_ids(dir_);
}

std::vector<std::string> DataCatalog::army_ids(std::string_view ruleset_id) const {
    return data::army_ids(dir_, ruleset_id);
}

const rules::Ruleset* DataCatalog::ruleset(std::string_view id, std::string& why) {
    return cached_load(
        rulesets_, dir_, ruleset_rel(id), kRulesetPlace, "ruleset", id,
        [this] { return ruleset_ids(); }, why,
        [](const std::string& file, std::string_view text) { return load_ruleset(file, text); });
}

RulesetResolver DataCatalog::resolver() {
    return [this](std::string_view id, std::string& why) { return ruleset(id, why); };
}

const rules::ArmyList* DataCatalog::army(std::string_view ruleset_id, std::string_view id,
                                         std::string& why) {
    if (!detail::valid_id(ruleset_id)) {
        why = "not a valid ruleset id";
        return nullptr;
    }
    const rules::ArmyList* a = cached_load(
        armies_, dir_, army_rel(ruleset_id, id), kArmyPlace, "army", id,
        [this, ruleset_id] { return army_ids(ruleset_id); }, why,
        [this](const std::string& file, std::string_view text) {
            return load_army(file, text, resolver());
        });
    if (a && a->ruleset != ruleset_id) {
        why = "it is for ruleset \"" + a->ruleset + "\", not \"" + std::string(ruleset_id) +
              "\" (an army names the ruleset whose folder it is in)";
        return nullptr;
    }
    return a;
}

const rules::ArmyList* DataCatalog::army(std::string_view id, std::string& why) {
    // The armies of the rulesets played by the default engine, the first that has one by this id.
    std::string first_why;
    for (const std::string& rs : ruleset_ids()) {
        if (engine(rs) != std::string(kPiketteSquared)) continue;
        if (!fs::exists(army_file(dir_, rs, id))) {
            if (first_why.empty()) army(rs, id, first_why);
            continue;
        }
        return army(rs, id, why);
    }
    if (first_why.empty() && !detail::valid_id(id)) first_why = "not a valid army id";
    why = first_why.empty() ? "no ruleset of " + std::string(kPiketteSquared) + " has an army \"" +
                                  std::string(id) + "\""
                            : first_why;
    return nullptr;
}

std::optional<rules::RulesContext> DataCatalog::context(std::string_view ruleset_id,
                                                        const std::array<std::string, 2>& armies,
                                                        std::string& why) {
    rules::RulesContext ctx;
    std::string reason;
    ctx.ruleset = ruleset(ruleset_id, reason);
    if (!ctx.ruleset) {
        why = "ruleset \"" + std::string(ruleset_id) + "\": " + reason;
        return std::nullopt;
    }
    for (std::size_t s = 0; s < 2; ++s) {
        ctx.armies[s] = army(ruleset_id, armies[s], reason);
        if (!ctx.armies[s]) {
            why = "army \"" + armies[s] + "\": " + reason;
            return std::nullopt;
        }
    }
    return ctx;
}

std::optional<std::string> engine_of(std::string_view text) {
    LoadErrors scratch;
    detail::Reporter probe("", scratch);
    const auto doc = detail::parse_document(probe, text);
    if (!doc) return std::nullopt;
    const toml::node* n = doc->get("engine");
    if (!n) return std::string(kPiketteSquared);
    if (!n->is_string()) return std::nullopt;
    return n->as_string()->get();
}

std::optional<std::string> DataCatalog::engine(std::string_view ruleset_id) {
    std::string why;
    return engine(ruleset_id, why);
}

std::optional<std::string> DataCatalog::engine(std::string_view ruleset_id, std::string& why) {
    const std::string file = ruleset_rel(ruleset_id).generic_string();
    if (!detail::valid_id(ruleset_id) || dir_.empty()) {
        why = "no ruleset \"" + std::string(ruleset_id) + "\"";
        return std::nullopt;
    }
    const FileText ft = read_file(dir_ / file);
    if (!ft.error.empty()) {
        why = "ruleset \"" + std::string(ruleset_id) + "\": " + file + ": " + ft.error;
        return std::nullopt;
    }
    auto e = engine_of(ft.text);
    if (!e) why = "ruleset \"" + std::string(ruleset_id) + "\": " + file + " is broken (tercio check " + file + " says why)";
    return e;
}

const hbl::Ruleset* DataCatalog::hbl_ruleset(std::string_view id, std::string& why) {
    return cached_load(
        hbl_rulesets_, dir_, ruleset_rel(id), kRulesetPlace, "ruleset", id,
        [this] { return ruleset_ids(); }, why,
        [](const std::string& file, std::string_view text) {
            return load_hbl_ruleset(file, text);
        });
}

const hbl::ArmyList* DataCatalog::hbl_army(std::string_view ruleset_id, std::string_view id,
                                           std::string& why) {
    if (!detail::valid_id(ruleset_id)) {
        why = "not a valid ruleset id";
        return nullptr;
    }
    const hbl::ArmyList* a = cached_load(
        hbl_armies_, dir_, army_rel(ruleset_id, id), kArmyPlace, "army", id,
        [this, ruleset_id] { return army_ids(ruleset_id); }, why,
        [this](const std::string& file, std::string_view text) {
            return load_hbl_army(file, text, hbl_resolvers().ruleset);
        });
    if (a && a->ruleset != ruleset_id) {
        why = "it is for ruleset \"" + a->ruleset + "\", not \"" + std::string(ruleset_id) +
              "\" (an army names the ruleset whose folder it is in)";
        return nullptr;
    }
    return a;
}

HblResolvers DataCatalog::hbl_resolvers() {
    return HblResolvers{
        [this](std::string_view id) { return engine(id); },
        [this](std::string_view id, std::string& why) { return hbl_ruleset(id, why); },
        [this](std::string_view ruleset, std::string_view id, std::string& why) { return hbl_army(ruleset, id, why); }};
}

ContextResolver DataCatalog::context_resolver() {
    return [this](const std::string& ruleset_id, const std::array<std::string, 2>& armies,
                  std::string& why) { return context(ruleset_id, armies, why); };
}

namespace {

/// Whether a ruleset or army file is Hell Broke Loose's: a ruleset by its engine key, an army by
/// the engine of the ruleset it names.
bool is_hbl_file(const toml::table& doc, std::string_view kind, const HblResolvers& hbl) {
    if (kind == "ruleset") {
        const toml::node* e = doc.get("engine");
        return e && e->is_string() && e->as_string()->get() == hbl::kEngine;
    }
    const toml::node* rs = doc.get("ruleset");
    if (!hbl.engine || !rs || !rs->is_string()) return false;
    const auto engine = hbl.engine(rs->as_string()->get());
    return engine && *engine == hbl::kEngine;
}

/// An army that fails to load, and has the keys of the other engine's armies, names the ruleset
/// of the wrong engine: says so where the ruleset is named, since every key it then reports as
/// unknown follows from that.
void hint_wrong_engine(detail::Reporter& r, const toml::table& doc, bool read_as_hbl) {
    static constexpr std::array<std::string_view, 4> kHblOnly = {"army_die", "morale_chips", "deck",
                                                                 "command"};
    static constexpr std::array<std::string_view, 3> kPsOnly = {"extra_unit", "extra_card", "upgrade"};
    std::string found;
    for (const std::string_view key : read_as_hbl ? std::span<const std::string_view>(kPsOnly)
                                                  : std::span<const std::string_view>(kHblOnly)) {
        if (doc.contains(key)) found += (found.empty() ? "" : ", ") + std::string(key);
    }
    // And it lacks what the engine it is read by requires: one stray key is only a stray key.
    const bool lacks = read_as_hbl ? !doc.contains("army_die") && !doc.contains("deck")
                                   : !doc.contains("extra_card");
    const toml::node* rs = doc.get("ruleset");
    if (found.empty() || !lacks || !rs || !rs->is_string()) return;
    const std::string name = read_as_hbl ? "Pikette Squared" : "Hell Broke Loose";
    const std::string engine = read_as_hbl ? "Hell Broke Loose" : "Pikette Squared";
    detail::TableView root(r, doc, "");
    root.error(*rs, "ruleset",
               "this looks like a " + name + " army (it has " + found + "), but ruleset \"" +
                   rs->as_string()->get() + "\" is played by " + engine + "'s rules: name a " +
                   name + " ruleset");
}

}  // namespace

CheckOutcome check_text(std::string_view file, std::string_view text,
                        const RulesetResolver& resolve, const ContextResolver& context,
                        std::string_view file_name, const HblResolvers& hbl) {
    CheckOutcome out;
    // A save is a TOML header and a command log: known by the line between them.
    if (text.find(std::string("\n") + std::string(kCommandsLine)) != std::string_view::npos) {
        out.kind = "save";
        auto save = parse_save(file, text);
        out.errors = std::move(save.errors);
        std::optional<SaveRepair> repair;  // how much of a save that stopped replaying still does
        const bool hbl_save = out.errors.empty() && hbl.engine &&
                              hbl.engine(save.value->header.ruleset) == std::string(hbl::Engine::name);
        if (hbl_save && hbl.ruleset && hbl.army) {
            // A Hell Broke Loose game, replayed by its own rules.
            const SaveHeader& h = save.value->header;
            std::string why;
            const hbl::Context ctx{hbl.ruleset(h.ruleset, why),
                                   {hbl.army(h.ruleset, h.sides[0].army, why), hbl.army(h.ruleset, h.sides[1].army, why)}};
            if (ctx.ruleset && ctx.armies[0] && ctx.armies[1]) {
                out.errors = replay_hbl_save(file, *save.value, ctx).errors;
                if (!out.errors.empty()) repair = repair_hbl_save(file, *save.value, ctx);
            } else {
                out.errors.push_back(LoadError{std::string(file), 1, 1, why});
            }
        } else if (out.errors.empty() && context && !hbl_save) {
            const SaveHeader& h = save.value->header;
            std::string why;
            if (const auto ctx = context(h.ruleset, {h.sides[0].army, h.sides[1].army}, why)) {
                out.errors = replay_save(file, *save.value, *ctx).errors;
                if (!out.errors.empty()) repair = repair_save(file, *save.value, *ctx);
            } else {
                out.errors.push_back(LoadError{std::string(file), 1, 1, why});
            }
        }
        if (repair) {
            out.notes.push_back(
                "tercio play --resume can go on from turn " + std::to_string(repair->turn) + ": " +
                dropped_commands(*repair) +
                " no longer replay under these rules and would be dropped (the file as found is "
                "kept beside it)");
        }
        out.status = out.errors.empty() ? CheckOutcome::Status::Ok : CheckOutcome::Status::Invalid;
        return out;
    }
    // Find the kind first; a file we cannot parse is reported by the generic path below.
    LoadErrors scratch;
    detail::Reporter probe(std::string(file), scratch);
    const auto doc = detail::parse_document(probe, text);
    std::string kind;
    if (doc) {
        if (const auto* k = doc->get("kind"); k && k->is_string()) kind = k->as_string()->get();
    }
    if (kind == "ruleset" || kind == "army") {
        out.kind = kind;
        if (is_hbl_file(*doc, kind, hbl)) {
            out.errors = kind == "ruleset" ? load_hbl_ruleset(file, text).errors
                                           : load_hbl_army(file, text, hbl.ruleset).errors;
        } else {
            out.errors = kind == "ruleset" ? load_ruleset(file, text).errors
                                           : load_army(file, text, resolve).errors;
        }
        if (kind == "army" && !out.errors.empty()) {
            detail::Reporter r(std::string(file), out.errors);
            hint_wrong_engine(r, *doc, is_hbl_file(*doc, kind, hbl));
            detail::sort_errors(out.errors);
        }
        if (!file_name.empty()) {
            detail::Reporter r(std::string(file), out.errors);
            const bool in_folder = fs::path(file).filename() == "ruleset.toml";
            check_id_is_name(r, *doc, file_name,
                             kind == "army" ? kArmyPlace
                             : in_folder    ? kRulesetPlace
                                            : kLooseRulesetPlace);
            if (kind == "army") check_army_folder(r, *doc, fs::path(file));
            detail::sort_errors(out.errors);
        }
    } else if (kind == "position") {
        out.kind = kind;
        // A position of a Hell Broke Loose ruleset is read by its rules; any other by Pikette
        // Squared's.
        out.errors = is_hbl_position(text, hbl.engine) ? load_hbl_position(file, text, hbl_context_resolver(hbl)).errors
                                                       : load_position(file, text, context).errors;
    } else if (!doc) {
        out.errors = std::move(scratch);
    } else {
        detail::Reporter r(std::string(file), out.errors);
        detail::TableView root(r, *doc, "");
        if (const toml::node* n = root.get("kind", true)) {
            if (!n->is_string()) {
                root.error(*n, "kind", "expected a string, found " + detail::type_name(*n));
            } else {
                root.error(*n, "kind",
                           "\"" + kind +
                               "\" is not a kind of file tercio reads (ruleset, army or position)");
            }
        }
    }
    out.status = out.errors.empty() ? CheckOutcome::Status::Ok : CheckOutcome::Status::Invalid;
    return out;
}

CheckOutcome check_file(const fs::path& file, DataCatalog& catalog) {
    const FileText ft = read_file(file, file.extension() == ".save" ? kMaxSaveBytes : kMaxInputBytes);
    if (!ft.error.empty()) {
        CheckOutcome out;
        out.status = CheckOutcome::Status::Unreadable;
        out.missing = ft.missing;
        out.unreadable = ft.error;
        // An oversized file is bad data, not an I/O failure.
        if (ft.error.rfind("file is too large", 0) == 0) {
            out.status = CheckOutcome::Status::Invalid;
            out.errors.push_back(LoadError{file.string(), 1, 1, ft.error});
        }
        return out;
    }
    // A ruleset in a data directory is named by its folder (rulesets/<id>/ruleset.toml).
    const std::string name = file.filename() == "ruleset.toml"
                                 ? fs::absolute(file).parent_path().filename().string()
                                 : file.stem().string();
    return check_text(file.string(), ft.text, catalog.resolver(), catalog.context_resolver(), name,
                      catalog.hbl_resolvers());
}

}  // namespace tercio::data
