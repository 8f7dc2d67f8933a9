#pragma once
/// Loading rulesets and army lists from TOML, finding the data directory, and checking files.
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "data/load_error.hpp"
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

/// Parses and checks a ruleset. `file` names the file in messages.
Loaded<rules::Ruleset> load_ruleset(std::string_view file, std::string_view text);

/// Finds a ruleset by id for an army list; on failure returns nullptr and says why.
using RulesetResolver =
    std::function<const rules::Ruleset*(std::string_view id, std::string& why)>;

/// Parses and checks an army list, cross-checking it against the ruleset it names.
Loaded<rules::ArmyList> load_army(std::string_view file, std::string_view text,
                                  const RulesetResolver& resolve);

/// Result of reading a whole file from disk.
struct FileText {
    std::string text;
    std::string error;  ///< empty when read; otherwise why not (e.g. "No such file or directory")
    bool missing = false;
};
FileText read_file(const std::filesystem::path& path);

/// Finds the data directory: the --data-dir flag if given, then `data/` next to the executable
/// (the build tree), then `../share/tercio` from it (an installed tree), then the compiled-in
/// install prefix. A directory counts only if it holds `rulesets/`. Empty if none is found.
std::optional<std::filesystem::path> find_data_dir(const std::optional<std::filesystem::path>& flag,
                                                   const std::filesystem::path& executable);

/// Rulesets and armies of one data directory, loaded on demand and kept.
class DataCatalog {
public:
    explicit DataCatalog(std::filesystem::path dir) : dir_(std::move(dir)) {}
    const std::filesystem::path& dir() const { return dir_; }
    /// The ruleset `rulesets/<id>.toml`; nullptr with a reason if it is missing or broken.
    const rules::Ruleset* ruleset(std::string_view id, std::string& why);
    RulesetResolver resolver();

private:
    std::filesystem::path dir_;
    std::map<std::string, std::unique_ptr<Loaded<rules::Ruleset>>, std::less<>> rulesets_;
};

/// What `tercio check` reports for one file.
struct CheckOutcome {
    enum class Status { Ok, Invalid, Unreadable };
    Status status = Status::Ok;
    std::string kind;  ///< "ruleset", "army" or empty when unknown
    LoadErrors errors;
    std::string unreadable;  ///< message when Unreadable
    bool missing = false;    ///< the file does not exist
};

/// Reads and checks one data file of any kind, dispatching on its `kind` key.
CheckOutcome check_file(const std::filesystem::path& file, DataCatalog& catalog);

/// Checks text of any kind (used by check_file and by the fuzz target).
CheckOutcome check_text(std::string_view file, std::string_view text, const RulesetResolver& resolve);

}  // namespace tercio::data
