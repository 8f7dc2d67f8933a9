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

std::optional<fs::path> find_data_dir(const std::optional<fs::path>& flag, const fs::path& executable) {
    std::error_code ec;
    const auto usable = [&](const fs::path& p) { return fs::is_directory(p / "rulesets", ec); };
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

/// "it has: a, b" (or "it has none"): the ids of the files in a data subdirectory, sorted.
std::string known_ids(const fs::path& dir) {
    std::vector<std::string> ids;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string stem = e.path().stem().string();
        if (e.path().extension() == ".toml" && detail::valid_id(stem)) ids.push_back(stem);
    }
    if (ids.empty()) return "it has none";
    std::sort(ids.begin(), ids.end());
    std::string out = "it has: ";
    for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? ", " : "") + ids[i];
    return out;
}

/// An army or ruleset is found by its id, as `<sub>/<id>.toml` (DataCatalog): a file whose id is
/// not its name can never be found by that id. Reports that at the id's value; `name` is the file
/// name without `.toml`, `sub` the data subdirectory ("armies" or "rulesets").
void check_id_is_name(detail::Reporter& r, const toml::table& doc, std::string_view name,
                      std::string_view sub) {
    const toml::node* n = doc.get("id");
    // A missing or malformed id is the loader's to report.
    if (!n || !n->is_string() || !detail::valid_id(n->as_string()->get())) return;
    const std::string& id = n->as_string()->get();
    if (id == name) return;
    std::string message = "\"" + id + "\" does not match the file name " + std::string(name) +
                          ".toml (" + std::string(sub) + " are looked up by id, as " +
                          std::string(sub) + "/<id>.toml): name the file " + id + ".toml";
    if (detail::valid_id(name)) message += ", or make the id \"" + std::string(name) + "\"";
    r.error(n->source(), "id", message);
}

/// The same, for a file read as text.
void check_id_is_name(const std::string& file, std::string_view text, std::string_view name,
                      std::string_view sub, LoadErrors& errors) {
    LoadErrors scratch;
    detail::Reporter probe(file, scratch);
    const auto doc = detail::parse_document(probe, text);
    if (!doc) return;
    detail::Reporter r(file, errors);
    check_id_is_name(r, *doc, name, sub);
}

/// Loads `<dir>/<sub>/<id>.toml` once into `cache` with `load(file, text)`, and returns the value,
/// or nullptr and why not. `what` names the kind of file in messages ("ruleset", "army").
template <typename T, typename Load>
const T* cached_load(std::map<std::string, std::unique_ptr<Loaded<T>>, std::less<>>& cache,
                     const fs::path& dir, std::string_view sub, std::string_view what,
                     std::string_view id, std::string& why, Load&& load) {
    if (!detail::valid_id(id)) {
        why = "not a valid " + std::string(what) + " id";
        return nullptr;
    }
    if (dir.empty()) {
        why = "no data directory found to look it up in (give --data-dir DIR)";
        return nullptr;
    }
    auto it = cache.find(id);
    if (it == cache.end()) {
        const fs::path file = dir / sub / (std::string(id) + ".toml");
        auto loaded = std::make_unique<Loaded<T>>();
        const FileText ft = read_file(file);
        if (ft.missing) {
            // Not a place in a file: the key that names it is where this is reported.
            loaded->errors.push_back(LoadError{"", 0, 0,
                                               "the data directory has no " + std::string(sub) +
                                                   "/" + std::string(id) + ".toml (" +
                                                   known_ids(dir / sub) + ")"});
        } else if (!ft.error.empty()) {
            loaded->errors.push_back(LoadError{file.string(), 1, 1, ft.error});
        } else {
            *loaded = load(file.string(), ft.text);
            if (loaded->ok() && loaded->value->id != id) {
                check_id_is_name(file.string(), ft.text, id, sub, loaded->errors);
                loaded->value.reset();
            }
        }
        it = cache.emplace(std::string(id), std::move(loaded)).first;
    }
    const auto& l = *it->second;
    if (l.ok()) return &*l.value;
    const LoadError* first = l.errors.empty() ? nullptr : &l.errors.front();
    why = !first ? "cannot be loaded" : first->file.empty() ? first->message : first->to_string();
    if (l.errors.size() > 1) why += " (and " + std::to_string(l.errors.size() - 1) + " more)";
    return nullptr;
}

}  // namespace

const rules::Ruleset* DataCatalog::ruleset(std::string_view id, std::string& why) {
    return cached_load(
        rulesets_, dir_, "rulesets", "ruleset", id, why,
        [](const std::string& file, std::string_view text) { return load_ruleset(file, text); });
}

RulesetResolver DataCatalog::resolver() {
    return [this](std::string_view id, std::string& why) { return ruleset(id, why); };
}

const rules::ArmyList* DataCatalog::army(std::string_view id, std::string& why) {
    return cached_load(armies_, dir_, "armies", "army", id, why,
                       [this](const std::string& file, std::string_view text) {
                           return load_army(file, text, resolver());
                       });
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
        ctx.armies[s] = army(armies[s], reason);
        if (!ctx.armies[s]) {
            why = "army \"" + armies[s] + "\": " + reason;
            return std::nullopt;
        }
        if (ctx.armies[s]->ruleset != ruleset_id) {
            why = "army \"" + armies[s] + "\" is for ruleset \"" + ctx.armies[s]->ruleset +
                  "\", not \"" + std::string(ruleset_id) + "\"";
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
    const std::string file = "rulesets/" + std::string(ruleset_id) + ".toml";
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
    return cached_load(hbl_rulesets_, dir_, "rulesets", "ruleset", id, why,
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
    auto& cache = hbl_armies_[std::string(ruleset_id)];
    return cached_load(cache, dir_, "armies/" + std::string(ruleset_id), "army", id, why,
                       [this](const std::string& file, std::string_view text) {
                           return load_hbl_army(file, text, hbl_resolvers().ruleset);
                       });
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
        std::string sub = kind == "ruleset" ? "rulesets" : "armies";
        if (is_hbl_file(*doc, kind, hbl)) {
            if (kind == "ruleset") {
                out.errors = load_hbl_ruleset(file, text).errors;
            } else {
                out.errors = load_hbl_army(file, text, hbl.ruleset).errors;
                sub += "/" + doc->get("ruleset")->as_string()->get();
            }
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
            check_id_is_name(r, *doc, file_name, sub);
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
    return check_text(file.string(), ft.text, catalog.resolver(), catalog.context_resolver(),
                      file.stem().string(), catalog.hbl_resolvers());
}

}  // namespace tercio::data
