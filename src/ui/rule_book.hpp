#pragma once
/// The rules text a player can read in the game: every loaded ruleset's rules (core::RuleText,
/// read from rulesets/<id>/rules.toml by the data layer), found by the IDs the messages cite.
/// `tercio rules`, the screen's `?` and `:rule ID`, and the plain mode's `rule ID` all answer
/// through look_up_rule. Pure: no I/O.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rule_text.hpp"

namespace tercio::ui {

class RuleBook {
  public:
    /// Adds one ruleset's rules, after those added before.
    void add(std::vector<core::RuleText> rules);
    bool empty() const { return rules_.empty(); }
    std::size_t size() const { return rules_.size(); }
    const std::vector<core::RuleText>& rules() const { return rules_; }
    /// The rule with this ID (in any case, blanks around it ignored), or null.
    const core::RuleText* find(std::string_view id) const;
    /// The rules whose IDs begin with `area` then '-' (PS-MOVE; or PS, a whole ruleset's), in order.
    std::vector<const core::RuleText*> area(std::string_view area) const;

  private:
    std::vector<core::RuleText> rules_;
};

/// A RuleBook read the first time it is asked for, so that a game starts without reading it.
class RuleShelf {
  public:
    RuleShelf() = default;
    explicit RuleShelf(std::function<RuleBook()> load) : load_(std::move(load)) {}
    /// The book (empty when there is no loader).
    const RuleBook& book() const {
        if (!book_) book_ = load_ ? load_() : RuleBook{};
        return *book_;
    }

  private:
    std::function<RuleBook()> load_;
    mutable std::optional<RuleBook> book_;
};

/// The rule IDs `text` cites (PS-MOVE-3, HBL-FIERCE-1: capitals, '-', capitals, '-', a number), in
/// order, each once.
std::vector<std::string> cited_rule_ids(std::string_view text);

/// A rule for reading: "PS-MOVE-3, Which way a unit steps." then its text, each paragraph wrapped at
/// `width` (a paragraph a line when `width` is 0).
std::vector<std::string> rule_lines(const core::RuleText& rule, int width);

/// What asking for `query` shows: a rule ID gives the rule; an area (PS-MOVE) or a ruleset's prefix
/// (PS) the list of its rules, an ID and title a line; nothing (or "list") the areas with how many
/// rules each has; anything else one line saying why there is nothing and what to ask instead.
struct RuleAnswer {
    std::vector<std::string> lines;
    bool found = false;  ///< a rule, an area or the list; false: the lines say why not
};
RuleAnswer look_up_rule(const RuleBook& book, std::string_view query, int width);

}  // namespace tercio::ui
