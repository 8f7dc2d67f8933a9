#include "data/rules_file.hpp"

#include <algorithm>
#include <tuple>
#include <string>

#include "data/toml_reader.hpp"

namespace tercio::data {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxTitle = 60;
constexpr std::size_t kMaxText = 2000;

bool upper_word(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

/// Why `s` cannot be shown as rules text, or empty: one line of printable ASCII, "\n" breaks allowed.
std::string text_problem(std::string_view s, std::size_t limit) {
    if (s.empty()) return "is empty";
    if (s.size() > limit) return "is " + std::to_string(s.size()) + " characters long; at most " + std::to_string(limit);
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c == '\n') continue;
        if (c < 0x20 || c > 0x7E) {
            return "has a character that is not printable ASCII at " + std::to_string(i + 1) +
                   " (rules text is read aloud and drawn on any terminal: write it in plain ASCII)";
        }
    }
    return {};
}

}  // namespace

bool valid_rule_id(std::string_view id) {
    const auto a = id.find('-');
    if (a == std::string_view::npos) return false;
    const auto b = id.find('-', a + 1);
    if (b == std::string_view::npos || id.size() > detail::kMaxIdLength) return false;
    const std::string_view n = id.substr(b + 1);
    return upper_word(id.substr(0, a)) && upper_word(id.substr(a + 1, b - a - 1)) && !n.empty() &&
           std::all_of(n.begin(), n.end(), [](char c) { return c >= '0' && c <= '9'; });
}

fs::path rules_text_file(const fs::path& dir, std::string_view ruleset) {
    return dir / "rulesets" / std::string(ruleset) / "rules.toml";
}

Loaded<RulesText> read_rules_text(std::string_view file, std::string_view text) {
    Loaded<RulesText> out;
    detail::Reporter r(std::string(file), out.errors);
    const auto doc = detail::parse_document(r, text);
    if (!doc) return out;
    detail::TableView root(r, *doc, "");
    if (!detail::read_header(root, "rules")) return out;
    RulesText value;
    if (auto id = root.string("ruleset", true)) {
        if (!detail::valid_id(*id)) {
            root.error(*root.raw().get("ruleset"), "ruleset",
                       "\"" + *id + "\" is not a ruleset id (1 to 40 of a-z, 0-9, _ and -)");
        }
        value.ruleset = std::move(*id);
    }
    struct Placed {
        core::RuleText rule;
        int line = 0;
        int column = 0;
    };
    std::vector<Placed> rules;
    for (const auto& [key, node] : root.raw()) {
        const std::string_view id = key.str();
        if (id == "schema_version" || id == "kind" || id == "ruleset") continue;
        root.get(id, false);  // known: a rule, or reported here
        if (!valid_rule_id(id)) {
            root.error(node, id,
                       "\"" + std::string(id) +
                           "\" is not a rule ID (capital letters, '-', capital letters, '-', a number: PS-MOVE-3)");
            continue;
        }
        const toml::table* t = node.as_table();
        if (!t) {
            root.error(node, id, "expected a table (a rule's title and text), found " + detail::type_name(node));
            continue;
        }
        detail::TableView view(r, *t, std::string(id));
        Placed p;
        p.rule.id = std::string(id);
        p.line = static_cast<int>(node.source().begin.line);
        p.column = static_cast<int>(node.source().begin.column);
        for (const auto& [field, limit, into] : {std::tuple{"title", kMaxTitle, &p.rule.title},
                                                 std::tuple{"text", kMaxText, &p.rule.text}}) {
            if (auto s = view.string(field, true)) {
                if (const std::string why = text_problem(*s, limit); !why.empty()) {
                    view.error(*t->get(field), field, std::string("the ") + field + " " + why);
                } else {
                    *into = std::move(*s);
                }
            }
        }
        view.finish();
        rules.push_back(std::move(p));
    }
    root.finish();
    detail::sort_errors(out.errors);
    if (!out.errors.empty()) return out;
    if (rules.empty()) {
        out.errors.push_back(LoadError{std::string(file), 1, 1, "no rules: add a table per rule, e.g. [PS-MOVE-3]"});
        return out;
    }
    // toml++ keeps a table's keys sorted; the player reads them in the file's order.
    std::stable_sort(rules.begin(), rules.end(),
                     [](const Placed& a, const Placed& b) { return std::pair(a.line, a.column) < std::pair(b.line, b.column); });
    value.rules.reserve(rules.size());
    for (Placed& p : rules) value.rules.push_back(std::move(p.rule));
    out.value = std::move(value);
    return out;
}

Loaded<RulesText> load_rules_text(const fs::path& dir, std::string_view ruleset) {
    const fs::path path = rules_text_file(dir, ruleset);
    const FileText ft = read_file(path);
    if (!ft.error.empty()) {
        Loaded<RulesText> out;
        out.errors.push_back(LoadError{path.string(), 1, 1, ft.error});
        return out;
    }
    auto out = read_rules_text(path.string(), ft.text);
    if (out.value && out.value->ruleset != ruleset) {
        out.errors.push_back(LoadError{path.string(), 1, 1,
                                       "the rules of \"" + out.value->ruleset + "\" in the folder of ruleset \"" +
                                           std::string(ruleset) + "\": set ruleset = \"" + std::string(ruleset) + "\""});
        out.value.reset();
    }
    return out;
}

}  // namespace tercio::data
