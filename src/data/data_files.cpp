#include "data/data_files.hpp"

#include "data/check.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <span>
#include <sstream>
#include <vector>

#include "data/input_guard.hpp"
#include "data/rules_file.hpp"
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

bool DataCatalog::valid_ruleset_id(std::string_view id, std::string& why) {
    if (detail::valid_id(id)) return true;
    why = "not a valid ruleset id";
    return false;
}

std::string DataCatalog::wrong_ruleset(std::string_view named, std::string_view folder) {
    return "it is for ruleset \"" + std::string(named) + "\", not \"" + std::string(folder) +
           "\" (an army names the ruleset whose folder it is in)";
}

const void* DataCatalog::cached(std::type_index type, FileKind kind, std::string_view ruleset_id,
                                std::string_view id, std::string& why, const Eraser& load) {
    const bool army = kind == FileKind::Army;
    const std::string_view what = army ? "army" : "ruleset";
    if (!detail::valid_id(id)) {
        why = "not a valid " + std::string(what) + " id";
        return nullptr;
    }
    if (dir_.empty()) {
        why = "no data directory found to look it up in (give --data-dir DIR)";
        return nullptr;
    }
    const fs::path rel = army ? army_rel(ruleset_id, id) : ruleset_rel(id);
    const std::string key = rel.generic_string();
    auto it = files_.find({key, type});
    if (it == files_.end()) {
        const fs::path file = dir_ / rel;
        CachedFile loaded;
        const FileText ft = read_file(file);
        if (ft.missing) {
            // Not a place in a file: the key that names it is where this is reported.
            const auto known = army ? army_ids(ruleset_id) : ruleset_ids();
            loaded.errors.push_back(LoadError{"", 0, 0,
                                              "the data directory has no " + rel.generic_string() +
                                                  " (" + known_ids(known) + ")"});
        } else if (!ft.error.empty()) {
            loaded.errors.push_back(LoadError{file.string(), 1, 1, ft.error});
        } else {
            std::string loaded_id;
            loaded = load(file.string(), ft.text, loaded_id);
            if (loaded.value && loaded_id != id) {
                check_id_is_name(file.string(), ft.text, id, army ? kArmyPlace : kRulesetPlace, loaded.errors);
                loaded.value.reset();
            }
        }
        it = files_.emplace(std::pair{key, type}, std::move(loaded)).first;
    }
    const CachedFile& l = it->second;
    if (l.value && l.errors.empty()) return l.value.get();
    const LoadError* first = l.errors.empty() ? nullptr : &l.errors.front();
    why = !first ? "cannot be loaded" : first->file.empty() ? first->message : first->to_string();
    if (l.errors.size() > 1) why += " (and " + std::to_string(l.errors.size() - 1) + " more)";
    return nullptr;
}

std::optional<std::string> engine_of(std::string_view text, std::string_view unnamed) {
    LoadErrors scratch;
    detail::Reporter probe("", scratch);
    const auto doc = detail::parse_document(probe, text);
    if (!doc) return std::nullopt;
    const toml::node* n = doc->get("engine");
    if (!n) return std::string(unnamed);
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
    auto e = engine_of(ft.text, unnamed_engine_);
    if (!e) why = "ruleset \"" + std::string(ruleset_id) + "\": " + file + " is broken (tercio check " + file + " says why)";
    return e;
}

namespace {

/// The checker of `engine`, or the first (the default engine's) when none reads it.
const FileChecker* checker_of(const FileCheckers& checkers, const std::optional<std::string>& engine) {
    if (checkers.engines.empty()) return nullptr;
    if (engine) {
        for (const FileChecker& c : checkers.engines) {
            if (c.engine == *engine) return &c;
        }
    }
    return &checkers.engines.front();
}

/// The engine of the ruleset a file names under `ruleset`, if the checkers can tell.
std::optional<std::string> named_engine(const FileCheckers& checkers, const toml::table& doc) {
    const toml::node* rs = doc.get("ruleset");
    if (!checkers.engine || !rs || !rs->is_string()) return std::nullopt;
    return checkers.engine(rs->as_string()->get());
}

/// An army that fails to load when read by `reader`, and has the keys of another engine's armies,
/// names the ruleset of the wrong engine: says so where the ruleset is named, since every key it
/// then reports as unknown follows from that.
void hint_wrong_engine(detail::Reporter& r, const toml::table& doc, const FileChecker& reader,
                       const FileCheckers& checkers) {
    // And it lacks what the engine it is read by requires: one stray key is only a stray key.
    bool lacks = true;
    for (const std::string& key : reader.army_needs) {
        if (doc.contains(key)) lacks = false;
    }
    const toml::node* rs = doc.get("ruleset");
    if (!lacks || !rs || !rs->is_string()) return;
    for (const FileChecker& other : checkers.engines) {
        if (&other == &reader) continue;
        std::string found;
        for (const std::string& key : other.army_keys) {
            if (doc.contains(key)) found += (found.empty() ? "" : ", ") + key;
        }
        if (found.empty()) continue;
        detail::TableView root(r, doc, "");
        root.error(*rs, "ruleset",
                   "this looks like an army for " + other.title + " (it has " + found + "), but ruleset \"" +
                       rs->as_string()->get() + "\" is played by " + reader.title + "'s rules: name a ruleset of " +
                       other.title);
        return;
    }
}

}  // namespace

CheckOutcome check_text(std::string_view file, std::string_view text, const FileCheckers& checkers,
                        std::string_view file_name) {
    CheckOutcome out;
    // A save is a TOML header and a command log: known by the line between them.
    if (text.find(std::string("\n") + std::string(kCommandsLine)) != std::string_view::npos) {
        out.kind = "save";
        auto save = parse_save(file, text);
        out.errors = std::move(save.errors);
        std::optional<SaveRepair> repair;  // how much of a save that stopped replaying still does
        if (out.errors.empty()) {
            // Replayed by the rules of its ruleset's engine.
            const auto engine = checkers.engine ? checkers.engine(save.value->header.ruleset) : std::nullopt;
            const FileChecker* c = checker_of(checkers, engine);
            if (c && c->save) out.errors = c->save(file, *save.value, repair);
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
        // A ruleset by the engine its `engine` key names, an army by the engine of the ruleset it names.
        std::optional<std::string> engine;
        if (kind == "ruleset") {
            const toml::node* e = doc->get("engine");
            if (e && e->is_string()) engine = e->as_string()->get();
        } else {
            engine = named_engine(checkers, *doc);
        }
        const FileChecker* c = checker_of(checkers, engine);
        if (c) {
            std::vector<std::string> engines;
            for (const FileChecker& e : checkers.engines) engines.push_back(e.engine);
            out.errors = kind == "ruleset" ? c->ruleset(file, text, engines) : c->army(file, text);
        }
        if (c && kind == "army" && !out.errors.empty()) {
            detail::Reporter r(std::string(file), out.errors);
            hint_wrong_engine(r, *doc, *c, checkers);
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
        // Read by the first engine that claims it, else by the default engine.
        const FileChecker* c = checker_of(checkers, std::nullopt);
        for (const FileChecker& e : checkers.engines) {
            if (e.claims_position && e.claims_position(text)) {
                c = &e;
                break;
            }
        }
        if (c) out.errors = c->position(file, text);
    } else if (kind == "rules") {
        // A ruleset's rules text: every ruleset's is read the same way.
        out.kind = kind;
        auto rules = read_rules_text(file, text);
        out.errors = std::move(rules.errors);
        const fs::path path(file);
        if (rules.value && path.filename() == "rules.toml" && path.parent_path().parent_path().filename() == "rulesets" &&
            path.parent_path().filename() != rules.value->ruleset) {
            out.errors.push_back(LoadError{std::string(file), 1, 1,
                                           "the rules of \"" + rules.value->ruleset + "\" in the folder of ruleset \"" +
                                               path.parent_path().filename().string() + "\": set ruleset = \"" +
                                               path.parent_path().filename().string() + "\""});
        }
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
                               "\" is not a kind of file tercio reads (ruleset, army, position or rules)");
            }
        }
    }
    out.status = out.errors.empty() ? CheckOutcome::Status::Ok : CheckOutcome::Status::Invalid;
    return out;
}

CheckOutcome check_file(const fs::path& file, const FileCheckers& checkers) {
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
    return check_text(file.string(), ft.text, checkers, name);
}

}  // namespace tercio::data
