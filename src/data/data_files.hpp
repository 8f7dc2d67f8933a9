#pragma once
/// Loading rulesets and army lists from TOML, finding the data directory, and checking files.
#include <array>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <typeindex>
#include <typeinfo>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/input_guard.hpp"
#include "data/load_error.hpp"

namespace tercio::data {

/// The data format version this program reads and writes.
inline constexpr int kSchemaVersion = 1;

/// A loaded value, or the errors that stopped it. Every error found is reported, not just the
/// first.
template <typename T>
struct Loaded {
    std::optional<T> value;
    LoadErrors errors;
    bool ok() const { return value.has_value() && errors.empty(); }
};

/// What a ruleset's position loader checks beyond the format.
enum class PositionCheck {
    /// Also that the game can go on from the position: the invariants of the rules' consistency check
    /// (every decision's fields set and in range, stacking, terrain...). What the game loads.
    Playable,
    /// The format only: any GameState that fits the file's limits, for tests of the format.
    FormatOnly,
};

/// The engine a ruleset file's text names with its `engine` key: `unnamed` (the program's default
/// engine, the first of the kits' registry) without one; nothing if the text is not a TOML table
/// or the key is not a string.
std::optional<std::string> engine_of(std::string_view text, std::string_view unnamed);

/// The engine of a ruleset id (engine_of its file), or nothing if it cannot be read.
using EngineResolver = std::function<std::optional<std::string>(std::string_view id)>;

/// Result of reading a whole file from disk.
struct FileText {
    std::string text;
    std::string error;  ///< empty when read; otherwise why not (e.g. "No such file or directory")
    bool missing = false;
};
/// Reads at most `limit` bytes: a larger file is refused ("file is too large").
FileText read_file(const std::filesystem::path& path, std::size_t limit = kMaxInputBytes);

/// The layout of a data directory (docs/data-format.md, "Layout"): each ruleset a folder,
/// `rulesets/<id>/ruleset.toml`, with its armies in `rulesets/<id>/armies/<army>.toml`.
std::filesystem::path ruleset_file(const std::filesystem::path& dir, std::string_view id);
std::filesystem::path army_file(const std::filesystem::path& dir, std::string_view ruleset, std::string_view army);
/// The rulesets of a data directory (the folders of rulesets/ with a ruleset.toml), by id, sorted.
std::vector<std::string> ruleset_ids(const std::filesystem::path& dir);
/// The armies of one of its rulesets (the files of rulesets/<id>/armies/), by id, sorted.
std::vector<std::string> army_ids(const std::filesystem::path& dir, std::string_view ruleset);
/// Why `dir` is not a tercio data directory (no rulesets/, or the old layout, saying what
/// the layout now is); empty if it is one.
std::string data_dir_problem(const std::filesystem::path& dir);

/// Finds the data directory: the --data-dir flag if given, then `data/` next to the executable
/// (the build tree), then `../share/tercio` from it (an installed tree), then the compiled-in
/// install prefix. A directory counts only if it holds a ruleset, `rulesets/<id>/ruleset.toml`
/// (data_dir_problem says why one does not). Empty if none is found.
std::optional<std::filesystem::path> find_data_dir(const std::optional<std::filesystem::path>& flag,
                                                   const std::filesystem::path& executable);

/// What check_id_is_name and the catalog's messages call a file looked up by id.
enum class FileKind { Ruleset, Army };

/// A file of a data directory loaded by a ruleset's loader, kept type-erased: its value when it
/// loaded without an error, else the errors.
struct CachedFile {
    std::shared_ptr<const void> value;
    LoadErrors errors;
};

/// Rulesets and armies of one data directory, loaded on demand and kept: the pointers it returns
/// stay valid as long as the catalog. It knows the layout and no ruleset: each ruleset's typed
/// look-ups (its kit's data library) load its files through ruleset_as and army_as.
class DataCatalog {
public:
    /// `unnamed_engine`: the engine of a ruleset file that names none (engine_of), the program's
    /// default (kits::DefaultKit's).
    DataCatalog(std::filesystem::path dir, std::string_view unnamed_engine)
        : dir_(std::move(dir)), unnamed_engine_(unnamed_engine) {}
    const std::filesystem::path& dir() const { return dir_; }
    /// Its rulesets, and the armies of one, by id (ruleset_ids, army_ids).
    std::vector<std::string> ruleset_ids() const;
    std::vector<std::string> army_ids(std::string_view ruleset_id) const;

    /// The ruleset `rulesets/<id>/ruleset.toml` read by `load(file, text)` (a Loaded<T>, T with an
    /// `id`), once; nullptr with a reason if it is missing or broken or its id is not `id`.
    template <class T, class Load>
    const T* ruleset_as(std::string_view id, std::string& why, Load&& load) {
        return static_cast<const T*>(cached(typeid(T), FileKind::Ruleset, {}, id, why, erase<T>(load)));
    }
    /// The army list `rulesets/<ruleset id>/armies/<id>.toml` read by `load(file, text)` (a
    /// Loaded<T>, T with an `id` and a `ruleset`), once, checked against its ruleset (which it must
    /// name); nullptr with a reason if it is missing or broken.
    template <class T, class Load>
    const T* army_as(std::string_view ruleset_id, std::string_view id, std::string& why, Load&& load) {
        if (!valid_ruleset_id(ruleset_id, why)) return nullptr;
        const T* a = static_cast<const T*>(cached(typeid(T), FileKind::Army, ruleset_id, id, why, erase<T>(load)));
        if (a && a->ruleset != ruleset_id) {
            why = wrong_ruleset(a->ruleset, ruleset_id);
            return nullptr;
        }
        return a;
    }

    /// The engine `rulesets/<id>/ruleset.toml` names (engine_of), or nothing if it cannot be read.
    std::optional<std::string> engine(std::string_view ruleset_id);
    /// The same, saying why not: no such file, or a broken one.
    std::optional<std::string> engine(std::string_view ruleset_id, std::string& why);
    EngineResolver engine_resolver() {
        return [this](std::string_view id) { return engine(id); };
    }

private:
    /// Reads a file's text into its value (when it loaded without an error) and errors, and the
    /// id it names.
    using Eraser = std::function<CachedFile(const std::string& file, std::string_view text, std::string& id)>;
    template <class T, class Load>
    static Eraser erase(Load& load) {
        return [&load](const std::string& file, std::string_view text, std::string& id) {
            auto loaded = load(file, text);
            CachedFile out;
            out.errors = std::move(loaded.errors);
            if (loaded.value && out.errors.empty()) {
                id = loaded.value->id;
                out.value = std::make_shared<const T>(std::move(*loaded.value));
            }
            return out;
        };
    }
    const void* cached(std::type_index type, FileKind kind, std::string_view ruleset_id, std::string_view id,
                       std::string& why, const Eraser& load);
    static bool valid_ruleset_id(std::string_view id, std::string& why);
    static std::string wrong_ruleset(std::string_view named, std::string_view folder);

    std::filesystem::path dir_;
    std::string unnamed_engine_;
    /// Each by its file's path in the data directory and the type it was read as.
    std::map<std::pair<std::string, std::type_index>, CachedFile> files_;
};

}  // namespace tercio::data
