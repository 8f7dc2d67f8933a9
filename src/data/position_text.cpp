// Values shared by the position files of every ruleset (position_text.hpp).
#include "data/position_text.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

namespace tercio::data::detail {

std::string toml_string(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            char esc[8];
            std::snprintf(esc, sizeof esc, "\\u%04x", static_cast<unsigned>(c));
            out += esc;
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string square_text(core::Square s) {
    return toml_string(core::to_string(s));
}

std::string bool_text(bool b) {
    return b ? "true" : "false";
}

std::string u64_text(std::uint64_t v) {
    if (v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
        return std::to_string(v);
    }
    char hex[24];
    std::snprintf(hex, sizeof hex, "\"0x%016llx\"", static_cast<unsigned long long>(v));
    return hex;
}

std::string list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
    return out + "]";
}

std::optional<core::Square> read_square(Reporter& r, const toml::node& n, const std::string& path,
                                        int files, int ranks) {
    const auto text = read_string(r, n, path);
    if (!text) return std::nullopt;
    const auto any = core::parse_square(*text, core::kMaxBoardSide, 99);
    if (!any) {
        r.error(n.source(), path,
                "\"" + *text + "\" is not a square (a file letter and a rank number, e.g. \"c3\")");
        return std::nullopt;
    }
    if (!core::on_board(*any, files, ranks)) {
        r.error(n.source(), path,
                "\"" + *text + "\" is off the board (a1 to " +
                    core::to_string(core::make_square(files - 1, ranks - 1)) + ")");
        return std::nullopt;
    }
    return any;
}

std::optional<core::Facing> read_facing(TableView& t, std::string_view key) {
    const auto text = t.string(key, true);
    if (!text) return std::nullopt;
    if (const auto f = core::parse_facing(*text)) return f;
    t.error(*t.raw().get(key), key,
            "\"" + *text + "\" is not a facing (use N, NE, E, SE, S, SW, W or NW)");
    return std::nullopt;
}

std::optional<std::uint64_t> read_u64(TableView& t, std::string_view key) {
    const toml::node* n = t.get(key, true);
    if (!n) return std::nullopt;
    const std::string hint =
        "expected a whole number from 0, or a string of up to 16 hex digits such as "
        "\"0x9e3779b97f4a7c15\"";
    if (const auto* i = n->as_integer()) {
        if (i->get() >= 0) return static_cast<std::uint64_t>(i->get());
        t.error(*n, key, std::to_string(i->get()) + " is negative; " + hint);
        return std::nullopt;
    }
    if (const auto* s = n->as_string()) {
        const std::string& v = s->get();
        const bool hex =
            v.size() > 2 && v.size() <= 18 && v[0] == '0' && v[1] == 'x' &&
            std::all_of(v.begin() + 2, v.end(), [](char c) {
                return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            });
        if (hex) return std::stoull(v.substr(2), nullptr, 16);
        t.error(*n, key, "\"" + v + "\" is not a number; " + hint);
        return std::nullopt;
    }
    t.error(*n, key, hint + ", found " + type_name(*n));
    return std::nullopt;
}

const toml::node& nearest_node(const toml::table& root, std::string path) {
    while (!path.empty()) {
        if (const toml::node* at = toml::at_path(root, path).node()) return *at;
        const auto cut = path.find_last_of(".[");
        path = cut == std::string::npos ? std::string() : path.substr(0, cut);
    }
    return root;
}

}  // namespace tercio::data::detail
