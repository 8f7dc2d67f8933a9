#pragma once
/// A strict reader over a parsed TOML table: typed getters that record an error (with the node's
/// line and column and its key path) instead of throwing, and a final check for unknown keys.
/// Private to the data layer.
#include <toml++/toml.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/die.hpp"
#include "data/load_error.hpp"

namespace tercio::data::detail {

/// Where errors of one file go.
class Reporter {
public:
    Reporter(std::string file, LoadErrors& errors) : file_(std::move(file)), errors_(errors) {}
    void error(const toml::source_region& at, const std::string& path, const std::string& message);
    const std::string& file() const { return file_; }
    std::size_t count() const { return errors_.size(); }

private:
    std::string file_;
    LoadErrors& errors_;
};

/// Names a TOML value type for messages: "an integer", "a string", ...
std::string type_name(const toml::node& n);

/// "path.key", or "key" at the root.
std::string join(const std::string& path, std::string_view key);
/// "path[i]"
std::string index(const std::string& path, std::size_t i);

class TableView {
public:
    TableView(Reporter& r, const toml::table& t, std::string path)
        : r_(&r), t_(&t), path_(std::move(path)) {}

    /// The node under key, marking the key as known; reports a missing required key.
    const toml::node* get(std::string_view key, bool required);

    std::optional<std::string> string(std::string_view key, bool required);
    std::optional<std::int64_t> integer(std::string_view key, bool required, std::int64_t lo,
                                        std::int64_t hi);
    std::optional<bool> boolean(std::string_view key, bool required);
    /// A distance in squares (whole or half) returned in half-squares, in [lo_half, hi_half].
    std::optional<int> half_squares(std::string_view key, bool required, int lo_half, int hi_half);
    std::optional<core::DieType> die(std::string_view key, bool required);
    std::optional<TableView> table(std::string_view key, bool required);
    const toml::array* array(std::string_view key, bool required);

    /// Reports every key of the table that no getter asked for.
    void finish();

    const toml::table& raw() const { return *t_; }
    const std::string& path() const { return path_; }
    std::string path_of(std::string_view key) const { return join(path_, key); }
    Reporter& reporter() const { return *r_; }
    void error(const toml::node& at, std::string_view key, const std::string& message) const;

private:
    Reporter* r_;
    const toml::table* t_;
    std::string path_;
    std::set<std::string, std::less<>> seen_;
};

/// Reads a die from a node ("d8"), reporting at path.
std::optional<core::DieType> read_die(Reporter& r, const toml::node& n, const std::string& path);
/// Reads a string node, reporting at path.
std::optional<std::string> read_string(Reporter& r, const toml::node& n, const std::string& path);
/// Reads an integer node in [lo, hi].
std::optional<std::int64_t> read_integer(Reporter& r, const toml::node& n, const std::string& path,
                                         std::int64_t lo, std::int64_t hi);
/// Reads `[low, high]`, two integers with lo <= low <= high <= hi.
std::optional<std::pair<int, int>> read_range(Reporter& r, const toml::node& n,
                                              const std::string& path, int lo, int hi);

/// Guards the raw input, then parses it; on failure records the errors and returns nothing.
std::optional<toml::table> parse_document(Reporter& r, std::string_view text);

/// Reads and checks `schema_version` and `kind` (which must be `expected_kind`). False if the rest
/// of the file should not be read.
bool read_header(TableView& root, std::string_view expected_kind);

/// The keys every ruleset file has, whatever its engine (docs/data-format.md): read here, once,
/// for every ruleset's loader; the rest of the file (its `engine`, tables and troops) is the
/// loader's own.
struct RulesetShell {
    std::optional<std::string> id;  ///< reported if it is not a valid id
    std::optional<std::string> name;
};
/// Reads a ruleset file's `id` and `name` (both required), after read_header.
RulesetShell read_ruleset_shell(TableView& root);

/// Checks a ruleset file's `engine` key (required) names `engine`, the loader's own: an error at
/// the key otherwise.
void check_engine(TableView& root, std::string_view engine);

/// The keys every army file has, whatever its ruleset's engine: `id`, `ruleset` (the id of the
/// ruleset it is for, which the loader resolves and reports at `ruleset_node` if it cannot),
/// `name` and `period`.
struct ArmyShell {
    std::optional<std::string> id;  ///< reported if it is not a valid id
    std::optional<std::string> ruleset;
    const toml::node* ruleset_node = nullptr;
    std::optional<std::string> name;
    std::optional<std::string> period;
};
/// Reads an army file's shell, after read_header: every key required but `period`, which an
/// engine's armies may leave out (`period_required` false).
ArmyShell read_army_shell(TableView& root, bool period_required);

/// A ruleset's board: files and ranks (5 to 26) and each side's deployment rows.
struct BoardSize {
    int files = 15;
    int ranks = 15;
    int deployment_ranks = 5;
};

/// Reads a ruleset's required `[board]` table into `board`, whose values stay as they were where
/// they cannot be read; the two deployment zones must not meet.
void read_board(TableView& root, BoardSize& board);

/// "a, b ... or z": the words `name` gives the first `count` values of an enum, for "use ..."
/// hints in messages.
template <typename E, typename Name>
std::string enum_choices(int count, Name name) {
    std::string out;
    for (int i = 0; i < count; ++i) {
        out += i == 0 ? "" : (i + 1 == count ? " or " : ", ");
        out += name(static_cast<E>(i));
    }
    return out;
}

/// Orders one file's errors by line and column (errors at the same place keep their order), so
/// they read top to bottom however the loader found them.
void sort_errors(LoadErrors& errors);

/// The longest id a data file may use (an engine's own limit, if it has one, is checked against it).
inline constexpr std::size_t kMaxIdLength = 40;

/// Whether an id is a safe name: 1 to kMaxIdLength (40) of a-z, 0-9, '_' and '-'.
bool valid_id(std::string_view id);

}  // namespace tercio::data::detail
