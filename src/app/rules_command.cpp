#include "app/rules_command.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "app/exit_codes.hpp"
#include "data/rules_file.hpp"
#include "kits/registry.hpp"

namespace tercio::app {

namespace fs = std::filesystem;

ui::RuleBook load_rule_book(const fs::path& data_dir, const std::string& only, std::vector<std::string>* problems) {
    ui::RuleBook book;
    // The default ruleset's rules first (the list of areas, the examples), then the others'.
    std::vector<std::string> ids = data::ruleset_ids(data_dir);
    std::stable_partition(ids.begin(), ids.end(), [](const std::string& id) { return id == kits::default_ruleset(); });
    for (const std::string& id : ids) {
        if (!only.empty() && id != only) continue;
        auto loaded = data::load_rules_text(data_dir, id);
        if (problems) {
            for (const data::LoadError& e : loaded.errors) problems->push_back(e.to_string());
        }
        if (loaded.value) book.add(std::move(loaded.value->rules));
    }
    return book;
}

ui::RuleShelf rule_shelf(const fs::path& data_dir) {
    return ui::RuleShelf([data_dir] { return load_rule_book(data_dir); });
}

int run_rules(const std::string& query, const std::string& ruleset, const fs::path& data_dir) {
    if (!ruleset.empty()) {
        const std::vector<std::string> ids = data::ruleset_ids(data_dir);
        if (std::find(ids.begin(), ids.end(), ruleset) == ids.end()) {
            std::cerr << "tercio rules: no ruleset \"" << ruleset << "\" in " << data_dir.string() << '\n';
            return kExitNoInput;
        }
    }
    std::vector<std::string> problems;
    const ui::RuleBook book = load_rule_book(data_dir, ruleset, &problems);
    for (const std::string& p : problems) std::cerr << p << '\n';
    // Wrapped to a terminal; a paragraph a line for a pipe or a screen reader.
    int width = 0;
    if (isatty(STDOUT_FILENO)) {
        winsize ws{};
        width = ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 ? std::min<int>(ws.ws_col, 100) : 80;
    }
    const ui::RuleAnswer answer = ui::look_up_rule(book, query, width);
    for (const std::string& l : answer.lines) (answer.found ? std::cout : std::cerr) << l << '\n';
    if (!problems.empty()) return kExitDataError;
    return answer.found ? kExitOk : kExitIllegal;
}

}  // namespace tercio::app
