// The registry and what every kit declares for the generic code's sake: the ruleset it ships
// (which the default kit's is the program's default), its title, and its command-line options
// (ui::KitOption), which `tercio play`, `host`, `join` and `watch` offer and hand back to the kit
// by name (docs/rulesets.md, "The kit").
#include "kits/registry.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "control/session.hpp"
#include "tests/conformance/kits.hpp"

using namespace tercio;
using namespace tercio::conformance;

TEMPLATE_LIST_TEST_CASE("conformance: a kit's ruleset ships with its engine and its title",
                        "[conformance][kits]", ConformanceKits) {
    using Kit = TestType;
    data::DataCatalog& catalog = Files<Kit>::catalog();
    INFO(Kit::ruleset);
    std::string why;
    const auto engine = catalog.engine(Kit::ruleset, why);
    INFO(why);
    REQUIRE(engine.has_value());
    CHECK(*engine == Kit::engine);
    CHECK(Kit::Files::ruleset_name(catalog, Kit::ruleset) == std::string(Kit::title));
    CHECK(Files<Kit>::army_ids().size() >= 2);
}

TEMPLATE_LIST_TEST_CASE(
    "conformance: a kit's command-line options take their values and refuse the others",
    "[conformance][kits][options]", ConformanceKits) {
    using Kit = TestType;
    using E = typename Kit::Engine;
    const std::vector<std::string> armies = Files<Kit>::army_ids();
    REQUIRE(armies.size() >= 2);
    const auto ctx = Files<Kit>::context(armies[0], armies[1]);
    control::SessionOf<E> session(ctx, 1);
    typename Kit::Screen::Reactions reactions(session);
    std::set<std::string> names;
    for (const ui::KitOption& o : Kit::Screen::options()) {
        INFO("--" << o.name);
        CHECK(names.insert(o.name).second);
        CHECK_FALSE(o.name.empty());
        CHECK(o.name.front() != '-');
        CHECK_FALSE(o.type_name.empty());
        CHECK_FALSE(o.play_help.empty());
        CHECK_FALSE(o.net_help.empty());
        REQUIRE_FALSE(o.values.empty());
        for (const std::string& v : o.values) CHECK(Kit::Screen::set_option(reactions, o.name, v));
        CHECK(Kit::Screen::set_option(reactions, o.name, o.values.front()));  // back to the default
        CHECK_FALSE(Kit::Screen::set_option(reactions, o.name, "no-such-value"));
    }
    // An option it does not have (another kit's) is not its concern.
    CHECK_FALSE(Kit::Screen::set_option(reactions, "no-such-option", "ask"));
}

TEST_CASE(
    "registry: the default ruleset is the default kit's, and every kit's options are offered once",
    "[kits][options]") {
    CHECK(kits::default_ruleset() == std::string(kits::DefaultKit::ruleset));
    // The program tells its catalog the default kit's engine (for ruleset files that name none).
    data::DataCatalog catalog(std::filesystem::path(TERCIO_SOURCE_DIR) / "data", kits::DefaultKit::engine);
    CHECK(catalog.engine(kits::default_ruleset()) == std::string(kits::DefaultKit::engine));
    const std::vector<ui::KitOption> offered = kits::kit_options();
    std::set<std::string> names;
    for (const ui::KitOption& o : offered) CHECK(names.insert(o.name).second);
    kits::for_each_kit([&]<class K>(kits::KitTag<K>) {
        for (const ui::KitOption& o : K::Screen::options()) {
            INFO(K::title << ": --" << o.name);
            CHECK(names.count(o.name) == 1);
        }
    });
}

TEMPLATE_LIST_TEST_CASE(
    "conformance: a kit's optional rules are set on a context by name, said back by its net group, and others refused",
    "[conformance][kits][options]", ConformanceKits) {
    using Kit = TestType;
    const std::vector<std::string> armies = Files<Kit>::army_ids();
    REQUIRE(armies.size() >= 2);
    const std::vector<ui::RuleOption> all = Kit::Files::rule_options();
    std::vector<std::string> names;
    for (const ui::RuleOption& o : all) {
        INFO(o.name);
        // A name is a word of small letters, digits and hyphens (a command line's, a save's).
        CHECK_FALSE(o.name.empty());
        CHECK(std::all_of(o.name.begin(), o.name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; }));
        CHECK(std::find(names.begin(), names.end(), o.name) == names.end());
        CHECK_FALSE(o.title.empty());
        CHECK_FALSE(o.help.empty());
        names.push_back(o.name);
    }
    std::string why;
    // None, each alone, and all: known, set, and said back in the order given.
    std::vector<std::vector<std::string>> sets{{}, names};
    for (const std::string& n : names) sets.push_back({n});
    for (const auto& chosen : sets) {
        CHECK(kits::known_options<Kit>(chosen, why));
        auto ctx = Files<Kit>::context(armies[0], armies[1]);
        REQUIRE(Kit::Files::with_options(ctx, chosen, why));
        CHECK(Kit::Net::rule_options(ctx) == chosen);
    }
    // A name it does not have, and one named twice, are refused with the reason.
    CHECK_FALSE(kits::known_options<Kit>({"no-such-rule"}, why));
    CHECK(why.find("\"no-such-rule\"") != std::string::npos);
    CHECK(why.find(Kit::title) != std::string::npos);
    auto ctx = Files<Kit>::context(armies[0], armies[1]);
    CHECK_FALSE(Kit::Files::with_options(ctx, {"no-such-rule"}, why));
    if (!names.empty()) {
        CHECK_FALSE(kits::known_options<Kit>({names[0], names[0]}, why));
        CHECK(why.find("twice") != std::string::npos);
    }
}
