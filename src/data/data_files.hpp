#pragma once
/// Loading rulesets and army lists from TOML, finding the data directory, and checking files.
#include <array>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/input_guard.hpp"
#include "data/load_error.hpp"
#include "hbl/data.hpp"
#include "rules/game.hpp"
#include "rules/ruleset.hpp"

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

/// The engine of a ruleset file that names none (docs/rulesets.md).
inline constexpr std::string_view kPiketteSquared = "pikette-squared";

/// The engine a ruleset file's text names with its `engine` key: "pikette-squared" without one;
/// nothing if the text is not a TOML table or the key is not a string.
std::optional<std::string> engine_of(std::string_view text);

/// Parses and checks a ruleset. `file` names the file in messages.
Loaded<rules::Ruleset> load_ruleset(std::string_view file, std::string_view text);

/// Finds a ruleset by id for an army list; on failure returns nullptr and says why.
using RulesetResolver =
    std::function<const rules::Ruleset*(std::string_view id, std::string& why)>;

/// Parses and checks an army list, cross-checking it against the ruleset it names.
Loaded<rules::ArmyList> load_army(std::string_view file, std::string_view text,
                                  const RulesetResolver& resolve);

/// Finds a Hell Broke Loose ruleset by id for an army list; nullptr and why if it cannot.
using HblRulesetResolver =
    std::function<const hbl::Ruleset*(std::string_view id, std::string& why)>;
/// The engine of a ruleset id (engine_of its file), or nothing if it cannot be read.
using EngineResolver = std::function<std::optional<std::string>(std::string_view id)>;

/// What checking a Hell Broke Loose army needs: which engine the ruleset it names has, and
/// that ruleset.
struct HblResolvers {
    EngineResolver engine;
    HblRulesetResolver ruleset;
    /// An army of a Hell Broke Loose ruleset (for a save's replay); none: saves of that engine
    /// are checked for their syntax only.
    std::function<const hbl::ArmyList*(std::string_view ruleset, std::string_view id, std::string& why)> army;
};

/// Loads a ruleset and the armies of side A and side B (ids) for a position, and returns them as
/// a RulesContext whose pointers stay valid as long as their owner; or nothing, saying why.
using ContextResolver = std::function<std::optional<rules::RulesContext>(
    const std::string& ruleset, const std::array<std::string, 2>& armies, std::string& why)>;

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

/// Rulesets and armies of one data directory, loaded on demand and kept: the pointers it returns
/// stay valid as long as the catalog.
class DataCatalog {
public:
    explicit DataCatalog(std::filesystem::path dir) : dir_(std::move(dir)) {}
    const std::filesystem::path& dir() const { return dir_; }
    /// Its rulesets, and the armies of one, by id (ruleset_ids, army_ids).
    std::vector<std::string> ruleset_ids() const;
    std::vector<std::string> army_ids(std::string_view ruleset_id) const;
    /// The ruleset `rulesets/<id>/ruleset.toml`; nullptr with a reason if it is missing or broken.
    const rules::Ruleset* ruleset(std::string_view id, std::string& why);
    RulesetResolver resolver();
    /// The army list `rulesets/<ruleset id>/armies/<id>.toml`, checked against its ruleset (which
    /// it must name); nullptr with a reason if it is missing or broken.
    const rules::ArmyList* army(std::string_view ruleset_id, std::string_view id, std::string& why);
    /// The army `id` of the first ruleset played by Pikette Squared's rules that has one.
    const rules::ArmyList* army(std::string_view id, std::string& why);
    /// The ruleset and two armies that use it; nothing with a reason if one cannot be loaded or an
    /// army belongs to another ruleset.
    std::optional<rules::RulesContext> context(std::string_view ruleset,
                                               const std::array<std::string, 2>& armies,
                                               std::string& why);
    ContextResolver context_resolver();

    /// The engine `rulesets/<id>/ruleset.toml` names (engine_of), or nothing if it cannot be read.
    std::optional<std::string> engine(std::string_view ruleset_id);
    /// The same, saying why not: no such file, or a broken one.
    std::optional<std::string> engine(std::string_view ruleset_id, std::string& why);
    /// The Hell Broke Loose ruleset `rulesets/<id>/ruleset.toml`; nullptr with a reason if it is
    /// missing, broken or of another engine.
    const hbl::Ruleset* hbl_ruleset(std::string_view id, std::string& why);
    /// A Hell Broke Loose army, `rulesets/<ruleset id>/armies/<id>.toml`, checked against its ruleset.
    const hbl::ArmyList* hbl_army(std::string_view ruleset_id, std::string_view id,
                                  std::string& why);
    HblResolvers hbl_resolvers();

private:
    std::filesystem::path dir_;
    /// Each by its file's path in the data directory.
    std::map<std::string, std::unique_ptr<Loaded<rules::Ruleset>>, std::less<>> rulesets_;
    std::map<std::string, std::unique_ptr<Loaded<rules::ArmyList>>, std::less<>> armies_;
    std::map<std::string, std::unique_ptr<Loaded<hbl::Ruleset>>, std::less<>> hbl_rulesets_;
    std::map<std::string, std::unique_ptr<Loaded<hbl::ArmyList>>, std::less<>> hbl_armies_;
};

/// What `tercio check` reports for one file.
struct CheckOutcome {
    enum class Status { Ok, Invalid, Unreadable };
    Status status = Status::Ok;
    std::string kind;  ///< "ruleset", "army", "position", "save" or empty when unknown
    LoadErrors errors;
    std::string unreadable;  ///< message when Unreadable
    bool missing = false;    ///< the file does not exist
    /// What the player can still do with an invalid file: a save that no longer replays whole
    /// but does up to a keyframe names the turn `tercio play --resume` goes on from.
    std::vector<std::string> notes;
};

/// Reads and checks one data file of any kind, dispatching on its `kind` key; an army's or
/// ruleset's id must be its file name.
CheckOutcome check_file(const std::filesystem::path& file, DataCatalog& catalog);

/// Checks text of any kind (used by check_file and by the fuzz target). Armies find their ruleset
/// with `resolve`; positions and saves their ruleset and armies with `context` (without one, a
/// position is reported as unable to load them, and a save is only read, not replayed). With a
/// `file_name` (the name it is looked up by: an army's file name without `.toml`, the folder of a
/// `ruleset.toml`), an army's or ruleset's id must be that name, since the game looks them up by
/// id as rulesets/<ruleset>/armies/<id>.toml and rulesets/<id>/ruleset.toml; an army in such a
/// folder must name that ruleset.
/// A ruleset is read by the engine its `engine` key names; an army by the engine of the ruleset
/// it names, through `hbl` (without it, every army is read as Pikette Squared's).
CheckOutcome check_text(std::string_view file, std::string_view text,
                        const RulesetResolver& resolve, const ContextResolver& context = {},
                        std::string_view file_name = {}, const HblResolvers& hbl = {});

}  // namespace tercio::data
