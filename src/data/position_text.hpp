#pragma once
/// The values every ruleset's position files write and read the same way: strings, booleans,
/// squares, facings, 64-bit dice states and enum words. For the data layer and each ruleset's position
/// files (its kit's data library); the layouts are in docs/positions.md.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.hpp"
#include "data/data_files.hpp"
#include "data/toml_reader.hpp"

namespace tercio::data::detail {

/// The words of a side.
inline constexpr std::array<std::string_view, 2> kSideNames = {"a", "b"};

/// The word for enumerator `e`.
template <typename E, std::size_t N>
std::string_view word(const std::array<std::string_view, N>& names, E e) {
    const auto i = static_cast<std::size_t>(e);
    return i < N ? names[i] : std::string_view{"?"};
}

/// The index of `w` in `names`, if it is one of them.
template <std::size_t N>
std::optional<std::size_t> index_of(const std::array<std::string_view, N>& names,
                                    std::string_view w) {
    for (std::size_t i = 0; i < N; ++i) {
        if (names[i] == w) return i;
    }
    return std::nullopt;
}

/// "a, b or c", for "use ..." hints.
template <std::size_t N>
std::string word_choices(const std::array<std::string_view, N>& names) {
    std::string out;
    for (std::size_t i = 0; i < N; ++i) {
        out += i == 0 ? "" : (i + 1 == N ? " or " : ", ");
        out += names[i];
    }
    return out;
}

// --- Writing -----------------------------------------------------------------------------------

/// A TOML basic string.
std::string toml_string(std::string_view s);
/// "\"c3\"".
std::string square_text(core::Square s);
std::string bool_text(bool b);
/// An unsigned 64-bit number: a TOML integer when it fits, else a hex string.
std::string u64_text(std::uint64_t v);
/// "[a, b, c]" of items already written as TOML values.
std::string list(const std::vector<std::string>& items);

// --- Reading -----------------------------------------------------------------------------------

/// A square ("c3") on a board of files x ranks.
std::optional<core::Square> read_square(Reporter& r, const toml::node& n, const std::string& path,
                                        int files, int ranks);
/// A facing ("NE") under key.
std::optional<core::Facing> read_facing(TableView& t, std::string_view key);
/// A whole number from 0 under key: a TOML integer, or a hex string for one past INT64_MAX.
std::optional<std::uint64_t> read_u64(TableView& t, std::string_view key);

/// The node at `path` ("unit[2].square") in `root`, or failing that the nearest one around it
/// that the file has: where to report a problem found in the state read from it.
const toml::node& nearest_node(const toml::table& root, std::string path);

/// The index in `names` of the word under key; `what` names the kind of word in the message.
template <std::size_t N>
std::optional<std::size_t> read_word(TableView& t, std::string_view key,
                                     const std::array<std::string_view, N>& names,
                                     std::string_view what) {
    const auto w = t.string(key, true);
    if (!w) return std::nullopt;
    if (auto i = index_of(names, *w)) return i;
    t.error(*t.raw().get(key), key,
            "\"" + *w + "\" is not a " + std::string(what) + " (use " + word_choices(names) + ")");
    return std::nullopt;
}

/// Reads a position's `ruleset` and `armies` into `p` and loads them with `resolve`: the context,
/// or nothing (reported at `ruleset` if they were named but cannot be loaded).
template <typename Context, typename Position, typename Resolve>
std::optional<Context> read_context(TableView& root, Position& p, const Resolve& resolve) {
    const auto ruleset = root.string("ruleset", true);
    std::array<std::optional<std::string>, 2> armies;
    if (auto a = root.table("armies", true)) {
        armies = {a->string("a", true), a->string("b", true)};
        a->finish();
    }
    if (!ruleset || !armies[0] || !armies[1]) return std::nullopt;
    p.ruleset = *ruleset;
    p.armies = {*armies[0], *armies[1]};
    std::string why;
    std::optional<Context> ctx = resolve ? resolve(p.ruleset, p.armies, why) : std::nullopt;
    if (!ctx) {
        root.error(*root.raw().get("ruleset"), "ruleset",
                   "cannot load ruleset \"" + p.ruleset + "\" with armies \"" + p.armies[0] + "\" and \"" +
                       p.armies[1] + "\": " + (why.empty() ? "no data directory to load them from" : why));
    }
    return ctx;
}

/// A position file read by `Reader` (a ruleset's: `Reader(reporter, position)`, `run(root,
/// resolve)`, `check_playable(document)`): the document parsed, its header checked, every key read
/// and, with PositionCheck::Playable and no error so far, the state checked as a whole; the errors
/// sorted by place.
template <typename Position, typename Reader, typename Resolve>
Loaded<Position> load_position_with(std::string_view file, std::string_view text, const Resolve& resolve,
                                    PositionCheck check) {
    Loaded<Position> out;
    Reporter r(std::string(file), out.errors);
    const auto doc = parse_document(r, text);
    if (!doc) return out;
    TableView root(r, *doc, "");
    if (!read_header(root, "position")) return out;
    Position p;
    Reader reader(r, p);
    reader.run(root, resolve);
    if (out.errors.empty() && check == PositionCheck::Playable) reader.check_playable(*doc);
    sort_errors(out.errors);
    if (out.errors.empty()) out.value = std::move(p);
    return out;
}

}  // namespace tercio::data::detail
