#include "ui/rule_book.hpp"

#include <algorithm>
#include <cctype>

#include "ui/log.hpp"

namespace tercio::ui {

namespace {

std::string upper(std::string_view s) {
    std::string out;
    for (const char c : s) out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '.' || s.back() == ',')) s.remove_suffix(1);
    return s;
}

bool cap(char c) { return c >= 'A' && c <= 'Z'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

/// "PS-MOVE" of "PS-MOVE-3".
std::string_view area_of(std::string_view id) { return id.substr(0, id.rfind('-')); }

void add_wrapped(std::vector<std::string>& out, std::string_view text, int width) {
    if (width <= 0) {
        out.emplace_back(text);
        return;
    }
    for (std::string& row : wrap(text, width, 0, 0)) out.push_back(std::move(row));
}

}  // namespace

void RuleBook::add(std::vector<core::RuleText> rules) {
    for (core::RuleText& r : rules) rules_.push_back(std::move(r));
}

const core::RuleText* RuleBook::find(std::string_view id) const {
    const std::string want = upper(trimmed(id));
    for (const core::RuleText& r : rules_) {
        if (r.id == want) return &r;
    }
    return nullptr;
}

std::vector<const core::RuleText*> RuleBook::area(std::string_view area) const {
    const std::string prefix = upper(trimmed(area)) + "-";
    std::vector<const core::RuleText*> out;
    for (const core::RuleText& r : rules_) {
        if (r.id.starts_with(prefix)) out.push_back(&r);
    }
    return out;
}

std::vector<std::string> cited_rule_ids(std::string_view text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        // A citation begins where a word does.
        if (!cap(text[i]) || (i > 0 && (word_char(text[i - 1]) || text[i - 1] == '-'))) {
            ++i;
            continue;
        }
        std::size_t k = i;
        int parts = 0;
        for (; parts < 2; ++parts) {
            const std::size_t start = k;
            while (k < text.size() && cap(text[k])) ++k;
            if (k == start || k >= text.size() || text[k] != '-') break;
            ++k;
        }
        const std::size_t number = k;
        while (parts == 2 && k < text.size() && digit(text[k])) ++k;
        if (parts == 2 && k > number && (k == text.size() || !(word_char(text[k]) || text[k] == '-'))) {
            std::string id(text.substr(i, k - i));
            if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(std::move(id));
            i = k;
        } else {
            ++i;
        }
    }
    return out;
}

std::vector<std::string> rule_lines(const core::RuleText& rule, int width) {
    std::vector<std::string> out;
    add_wrapped(out, rule.id + ", " + rule.title + ".", width);
    std::string_view rest = rule.text;
    while (!rest.empty()) {
        const std::size_t end = std::min(rest.find('\n'), rest.size());
        if (const std::string_view para = trimmed(rest.substr(0, end)); !para.empty()) {
            add_wrapped(out, std::string(rest.substr(0, end)), width);
        }
        rest.remove_prefix(std::min(end + 1, rest.size()));
    }
    return out;
}

RuleAnswer look_up_rule(const RuleBook& book, std::string_view query, int width) {
    RuleAnswer answer;
    std::vector<std::string>& out = answer.lines;
    const std::string q = upper(trimmed(query));
    if (book.empty()) {
        out.emplace_back("No rules text is installed (the data folder's rulesets/<id>/rules.toml).");
        return answer;
    }
    answer.found = true;
    if (const core::RuleText* r = book.find(q)) {
        out = rule_lines(*r, width);
        return answer;
    }
    if (q.empty() || q == "LIST") {
        // The areas, in order, with how many rules each has.
        std::string area;
        int count = 0;
        const auto flush = [&] {
            if (count > 0) out.push_back(area + ", " + std::to_string(count) + (count == 1 ? " rule" : " rules"));
        };
        for (const core::RuleText& r : book.rules()) {
            if (area_of(r.id) != area) {
                flush();
                area = std::string(area_of(r.id));
                count = 0;
            }
            ++count;
        }
        flush();
        return answer;
    }
    if (const auto rules = book.area(q); !rules.empty()) {
        for (const core::RuleText* r : rules) add_wrapped(out, r->id + ", " + r->title + ".", width);
        return answer;
    }
    answer.found = false;
    // An ID of a known area with no such number says which numbers there are.
    if (const auto ids = cited_rule_ids(q); ids.size() == 1 && ids[0] == q) {
        if (const auto rules = book.area(area_of(q)); !rules.empty()) {
            add_wrapped(out,
                        "No rule " + q + ": " + std::string(area_of(q)) + " has " + rules.front()->id + " to " +
                            rules.back()->id + ".",
                        width);
            return answer;
        }
    }
    add_wrapped(out,
                "No rule " + std::string(trimmed(query)) +
                    ". Ask for a rule ID as messages cite it (" + book.rules().front().id +
                    "), an area (" + std::string(area_of(book.rules().front().id)) + "), or list for every area.",
                width);
    return answer;
}

}  // namespace tercio::ui
