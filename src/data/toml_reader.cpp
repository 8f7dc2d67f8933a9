#include "data/toml_reader.hpp"

#include "data/data_files.hpp"
#include "data/input_guard.hpp"
#include "core/grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tercio::data::detail {

void Reporter::error(const toml::source_region& at, const std::string& path,
                     const std::string& message) {
    const int line = at.begin.line > 0 ? static_cast<int>(at.begin.line) : 1;
    const int column = at.begin.column > 0 ? static_cast<int>(at.begin.column) : 1;
    errors_.push_back(LoadError{file_, line, column, path.empty() ? message : path + ": " + message});
}

std::string type_name(const toml::node& n) {
    switch (n.type()) {
        case toml::node_type::table: return "a table";
        case toml::node_type::array: return "an array";
        case toml::node_type::string: return "a string";
        case toml::node_type::integer: return "an integer";
        case toml::node_type::floating_point: return "a number with a fraction";
        case toml::node_type::boolean: return "a boolean";
        case toml::node_type::date: return "a date";
        case toml::node_type::time: return "a time";
        case toml::node_type::date_time: return "a date-time";
        default: return "nothing";
    }
}

std::string join(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string index(const std::string& path, std::size_t i) {
    return path + "[" + std::to_string(i) + "]";
}

void TableView::error(const toml::node& at, std::string_view key, const std::string& message) const {
    r_->error(at.source(), path_of(key), message);
}

const toml::node* TableView::get(std::string_view key, bool required) {
    seen_.emplace(key);
    const toml::node* n = t_->get(key);
    if (!n && required) {
        r_->error(t_->source(), path_, "missing required key '" + std::string(key) + "'");
    }
    return n;
}

std::optional<std::string> read_string(Reporter& r, const toml::node& n, const std::string& path) {
    if (const auto* s = n.as_string()) return s->get();
    r.error(n.source(), path, "expected a string, found " + type_name(n));
    return std::nullopt;
}

std::optional<std::int64_t> read_integer(Reporter& r, const toml::node& n, const std::string& path,
                                         std::int64_t lo, std::int64_t hi) {
    const auto* i = n.as_integer();
    if (!i) {
        r.error(n.source(), path, "expected an integer, found " + type_name(n));
        return std::nullopt;
    }
    const std::int64_t v = i->get();
    if (v < lo || v > hi) {
        r.error(n.source(), path,
                std::to_string(v) + " is out of range (" + std::to_string(lo) + " to " +
                    std::to_string(hi) + ")");
        return std::nullopt;
    }
    return v;
}

std::optional<core::DieType> read_die(Reporter& r, const toml::node& n, const std::string& path) {
    const auto* str = n.as_string();
    if (!str) {
        r.error(n.source(), path, "expected a die such as \"d8\", found " + type_name(n));
        return std::nullopt;
    }
    const std::string& s = str->get();
    if (auto d = core::parse_die(s)) return d;
    r.error(n.source(), path, "\"" + s + "\" is not a die type (use d4, d6, d8, d10 or d12)");
    return std::nullopt;
}

std::optional<std::pair<int, int>> read_range(Reporter& r, const toml::node& n,
                                              const std::string& path, int lo, int hi) {
    const auto* a = n.as_array();
    if (!a || a->size() != 2) {
        r.error(n.source(), path,
                "expected [low, high], two whole numbers, found " +
                    (a ? "an array of " + std::to_string(a->size()) : type_name(n)));
        return std::nullopt;
    }
    const auto low = read_integer(r, *a->get(0), index(path, 0), lo, hi);
    const auto high = read_integer(r, *a->get(1), index(path, 1), lo, hi);
    if (!low || !high) return std::nullopt;
    if (*low > *high) {
        r.error(n.source(), path,
                "low end " + std::to_string(*low) + " is above high end " + std::to_string(*high));
        return std::nullopt;
    }
    return std::pair{static_cast<int>(*low), static_cast<int>(*high)};
}

std::optional<std::string> TableView::string(std::string_view key, bool required) {
    const toml::node* n = get(key, required);
    return n ? read_string(*r_, *n, path_of(key)) : std::nullopt;
}

std::optional<std::int64_t> TableView::integer(std::string_view key, bool required,
                                               std::int64_t lo, std::int64_t hi) {
    const toml::node* n = get(key, required);
    return n ? read_integer(*r_, *n, path_of(key), lo, hi) : std::nullopt;
}

std::optional<bool> TableView::boolean(std::string_view key, bool required) {
    const toml::node* n = get(key, required);
    if (!n) return std::nullopt;
    if (const auto* b = n->as_boolean()) return b->get();
    error(*n, key, "expected true or false, found " + type_name(*n));
    return std::nullopt;
}

std::optional<int> TableView::half_squares(std::string_view key, bool required, int lo_half,
                                           int hi_half) {
    const toml::node* n = get(key, required);
    if (!n) return std::nullopt;
    double v = 0;
    if (const auto* i = n->as_integer()) {
        v = static_cast<double>(i->get());
    } else if (const auto* f = n->as_floating_point()) {
        v = f->get();
    } else {
        error(*n, key, "expected a number of squares, found " + type_name(*n));
        return std::nullopt;
    }
    const auto range_text = [&] {
        const auto sq = [](int h) {
            return std::to_string(h / 2) + (h % 2 ? ".5" : "");
        };
        return " (" + sq(lo_half) + " to " + sq(hi_half) + " squares)";
    };
    if (!std::isfinite(v) || v * 2 < lo_half || v * 2 > hi_half) {
        char shown[32] = "a non-finite number";
        if (std::isfinite(v)) std::snprintf(shown, sizeof shown, "%g", v);
        error(*n, key, std::string(shown) + " is out of range" + range_text());
        return std::nullopt;
    }
    const double twice = v * 2;
    if (twice != std::floor(twice)) {
        char shown[32];
        std::snprintf(shown, sizeof shown, "%g", v);
        error(*n, key, std::string(shown) + " is not a whole or half number of squares");
        return std::nullopt;
    }
    return static_cast<int>(twice);
}

std::optional<core::DieType> TableView::die(std::string_view key, bool required) {
    const toml::node* n = get(key, required);
    return n ? read_die(*r_, *n, path_of(key)) : std::nullopt;
}

std::optional<TableView> TableView::table(std::string_view key, bool required) {
    const toml::node* n = get(key, required);
    if (!n) return std::nullopt;
    if (const auto* t = n->as_table()) return TableView(*r_, *t, path_of(key));
    error(*n, key, "expected a table, found " + type_name(*n));
    return std::nullopt;
}

const toml::array* TableView::array(std::string_view key, bool required) {
    const toml::node* n = get(key, required);
    if (!n) return nullptr;
    if (const auto* a = n->as_array()) return a;
    error(*n, key, "expected an array, found " + type_name(*n));
    return nullptr;
}

void TableView::finish() {
    for (auto&& [k, v] : *t_) {
        if (!seen_.contains(k.str())) {
            r_->error(k.source().begin.line > 0 ? k.source() : v.source(), path_of(k.str()),
                      "unknown key");
        }
    }
}

std::optional<toml::table> parse_document(Reporter& r, std::string_view text) {
    if (auto bad = guard_input(r.file(), text)) {
        toml::source_region at;
        at.begin = {static_cast<toml::source_index>(bad->line),
                    static_cast<toml::source_index>(bad->column)};
        r.error(at, "", bad->message);
        return std::nullopt;
    }
    try {
        return toml::parse(text, std::string_view{r.file()});
    } catch (const toml::parse_error& e) {
        r.error(e.source(), "", "syntax error: " + std::string(e.description()));
        return std::nullopt;
    }
}

namespace {

/// The required `id`, reported where it is if it is not a valid id (it is kept, so that the
/// loader reads on and reports the rest).
std::optional<std::string> read_id(TableView& root) {
    const auto id = root.string("id", true);
    if (id && !valid_id(*id)) {
        root.error(*root.raw().get("id"), "id",
                   "\"" + *id + "\" is not a valid id (a-z, 0-9, _ and -)");
    }
    return id;
}

}  // namespace

void check_engine(TableView& root, std::string_view engine) {
    if (const auto found = root.string("engine", true); found && *found != engine) {
        root.error(*root.raw().get("engine"), "engine", "\"" + *found + "\" is not \"" + std::string(engine) + "\"");
    }
}

RulesetShell read_ruleset_shell(TableView& root) {
    RulesetShell out;
    out.id = read_id(root);
    out.name = root.string("name", true);
    return out;
}

ArmyShell read_army_shell(TableView& root, bool period_required) {
    ArmyShell out;
    out.id = read_id(root);
    out.ruleset = root.string("ruleset", true);
    if (out.ruleset) out.ruleset_node = root.raw().get("ruleset");
    out.name = root.string("name", true);
    out.period = root.string("period", period_required);
    return out;
}

bool read_header(TableView& root, std::string_view expected_kind) {
    bool ok = true;
    if (const toml::node* n = root.get("schema_version", true)) {
        const auto* i = n->as_integer();
        if (!i) {
            root.error(*n, "schema_version", "expected an integer, found " + type_name(*n));
            ok = false;
        } else if (i->get() > kSchemaVersion) {
            root.error(*n, "schema_version",
                       "version " + std::to_string(i->get()) +
                           " is newer than this program reads (" + std::to_string(kSchemaVersion) +
                           "); update tercio");
            ok = false;
        } else if (i->get() < 1) {
            root.error(*n, "schema_version", std::to_string(i->get()) + " is not a version (1 or more)");
            ok = false;
        }
    } else {
        ok = false;
    }
    if (auto kind = root.string("kind", true)) {
        if (*kind != expected_kind) {
            root.error(*root.raw().get("kind"), "kind",
                       "expected \"" + std::string(expected_kind) + "\", found \"" + *kind + "\"");
            ok = false;
        }
    } else {
        ok = false;
    }
    return ok;
}

void read_board(TableView& root, BoardSize& board) {
    auto t = root.table("board", true);
    if (!t) return;
    board.files =
        static_cast<int>(t->integer("files", true, 5, core::kMaxBoardSide).value_or(board.files));
    board.ranks =
        static_cast<int>(t->integer("ranks", true, 5, core::kMaxBoardSide).value_or(board.ranks));
    if (auto d = t->integer("deployment_ranks", true, 1, 12)) {
        board.deployment_ranks = static_cast<int>(*d);
        if (2 * board.deployment_ranks >= board.ranks) {
            t->error(*t->raw().get("deployment_ranks"), "deployment_ranks",
                     "the two deployment zones would meet on a board of " +
                         std::to_string(board.ranks) + " ranks");
        }
    }
    t->finish();
}

void sort_errors(LoadErrors& errors) {
    std::stable_sort(errors.begin(), errors.end(), [](const LoadError& a, const LoadError& b) {
        return a.line != b.line ? a.line < b.line : a.column < b.column;
    });
}

bool valid_id(std::string_view id) {
    if (id.empty() || id.size() > kMaxIdLength) return false;
    for (char c : id) {
        const bool good = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!good) return false;
    }
    return true;
}

}  // namespace tercio::data::detail
