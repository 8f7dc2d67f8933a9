// The rules text a player can read (issue 40, item 3): rulesets/<id>/rules.toml read by the data
// layer, looked up by the IDs the messages cite (ui/rule_book.hpp), shown by the screen's `?` and
// `:rule ID`, the plain mode's `rule ID`, for every ruleset; and every rule ID the program cites
// has its text.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "data/rules_file.hpp"
#include "kits/hbl/plain_game.hpp"
#include "kits/hbl/play_screen.hpp"
#include "kits/pikette/control/session.hpp"
#include "kits/pikette/plain_game.hpp"
#include "kits/pikette/play_screen.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"
#include "ui/rule_book.hpp"

using namespace tercio;
using test::contains;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(TERCIO_SOURCE_DIR) / "data";

/// Every shipped ruleset's rules text, as the program loads it.
ui::RuleBook shipped_book() {
    ui::RuleBook book;
    for (const std::string& id : data::ruleset_ids(kData)) {
        auto loaded = data::load_rules_text(kData, id);
        INFO(id);
        for (const auto& e : loaded.errors) FAIL(e.to_string());
        REQUIRE(loaded.value);
        book.add(std::move(loaded.value->rules));
    }
    return book;
}

ui::RuleShelf shipped_shelf() {
    return ui::RuleShelf([] { return shipped_book(); });
}

std::string errors_of(std::string_view text) {
    std::string out;
    for (const auto& e : data::read_rules_text("r.toml", text).errors) out += e.to_string() + "\n";
    return out;
}

constexpr std::string_view kHeader = "schema_version = 1\nkind = \"rules\"\nruleset = \"test\"\n";

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

}  // namespace

TEST_CASE("rules text: the file's rules in its order, each ID with a title and a text", "[data][rules-text]") {
    const std::string text = std::string(kHeader) +
                             "[XX-MOVE-10]\ntitle = \"Tenth\"\ntext = \"Ten.\"\n"
                             "[XX-MOVE-2]\ntitle = \"Second\"\ntext = \"One.\\n\\nTwo.\"\n";
    const auto r = data::read_rules_text("r.toml", text);
    REQUIRE(r.ok());
    CHECK(r.value->ruleset == "test");
    REQUIRE(r.value->rules.size() == 2);
    CHECK(r.value->rules[0].id == "XX-MOVE-10");  // as written, not as toml++ sorts its keys
    CHECK(r.value->rules[1].text == "One.\n\nTwo.");
}

TEST_CASE("rules text: every mistake named at its line and column", "[data][rules-text]") {
    const std::string h(kHeader);
    CHECK(errors_of(h + "[PS-move-3]\ntitle = \"A\"\ntext = \"B\"\n") ==
          "r.toml:4:1: PS-move-3: \"PS-move-3\" is not a rule ID (capital letters, '-', capital letters, '-', a "
          "number: PS-MOVE-3)\n");
    CHECK(errors_of(h + "[PS-MOVE-3]\ntitle = \"A\"\n") == "r.toml:4:1: PS-MOVE-3: missing required key 'text'\n");
    CHECK(errors_of(h + "[PS-MOVE-3]\ntitle = \"A\"\ntext = \"caf\xc3\xa9\"\n") ==
          "r.toml:6:8: PS-MOVE-3.text: the text has a character that is not printable ASCII at 4 (rules text is "
          "read aloud and drawn on any terminal: write it in plain ASCII)\n");
    CHECK(errors_of(h + "[PS-MOVE-3]\ntitle = \"A\"\ntext = \"B\"\nsee = \"C\"\n") ==
          "r.toml:7:1: PS-MOVE-3.see: unknown key\n");
    CHECK(errors_of(h + "PS-MOVE-3 = \"B\"\n") ==
          "r.toml:4:13: PS-MOVE-3: expected a table (a rule's title and text), found a string\n");
    CHECK(errors_of(h) == "r.toml:1:1: no rules: add a table per rule, e.g. [PS-MOVE-3]\n");
    CHECK(errors_of("schema_version = 1\nkind = \"army\"\nruleset = \"test\"\n") ==
          "r.toml:2:8: kind: expected \"rules\", found \"army\"\n");
}

TEST_CASE("rules text: a folder's file must be that ruleset's, and tercio check reads it", "[data][rules-text]") {
    const fs::path dir = fs::temp_directory_path() / "tercio-rules-text-test";
    fs::remove_all(dir);
    fs::create_directories(dir / "rulesets" / "mine");
    std::ofstream(dir / "rulesets" / "mine" / "rules.toml") << kHeader << "[XX-A-1]\ntitle = \"A\"\ntext = \"B\"\n";
    const auto loaded = data::load_rules_text(dir, "mine");
    REQUIRE(loaded.errors.size() == 1);
    CHECK(loaded.errors[0].message ==
          "the rules of \"test\" in the folder of ruleset \"mine\": set ruleset = \"mine\"");
    const auto missing = data::load_rules_text(dir, "other");
    REQUIRE(missing.errors.size() == 1);
    CHECK(contains(missing.errors[0].to_string(), "other/rules.toml:1:1: "));
    fs::remove_all(dir);
}

TEST_CASE("rule book: IDs cited in a line, found in any case, areas, and what a look-up says", "[ui][rules-text]") {
    CHECK(ui::cited_rule_ids("cannot reach b7 (PS-MOVE-2, PS-MOVE-3); PS-MOVE-2 again.") ==
          std::vector<std::string>{"PS-MOVE-2", "PS-MOVE-3"});
    CHECK(ui::cited_rule_ids("[HBL-FIERCE-1] PS-MOVE-2x ps-move-3 PS-MOVE- aPS-MOVE-4 PS-MOVE-5-6") ==
          std::vector<std::string>{"HBL-FIERCE-1"});
    ui::RuleBook book;
    book.add({{"XX-MOVE-1", "First", "One two three four five six."}, {"XX-MOVE-2", "Second", "A.\n\nB."},
              {"XX-SHOOT-1", "Shot", "Bang."}});
    REQUIRE(book.find(" xx-move-2 "));
    CHECK(book.find("XX-MOVE-2")->title == "Second");
    CHECK(book.area("XX-MOVE").size() == 2);
    CHECK(book.area("XX").size() == 3);
    CHECK(ui::rule_lines(*book.find("XX-MOVE-1"), 12) ==
          std::vector<std::string>{"XX-MOVE-1,", "First.", "One two", "three four", "five six."});
    CHECK(ui::rule_lines(*book.find("XX-MOVE-2"), 0) == std::vector<std::string>{"XX-MOVE-2, Second.", "A.", "B."});
    const auto area = ui::look_up_rule(book, "xx-move", 0);
    CHECK(area.found);
    CHECK(area.lines == std::vector<std::string>{"XX-MOVE-1, First.", "XX-MOVE-2, Second."});
    CHECK(ui::look_up_rule(book, "", 0).lines == std::vector<std::string>{"XX-MOVE, 2 rules", "XX-SHOOT, 1 rule"});
    const auto no = ui::look_up_rule(book, "XX-MOVE-9", 0);
    CHECK_FALSE(no.found);
    CHECK(no.lines == std::vector<std::string>{"No rule XX-MOVE-9: XX-MOVE has XX-MOVE-1 to XX-MOVE-2."});
    CHECK(ui::look_up_rule(book, "charge", 0).lines ==
          std::vector<std::string>{"No rule charge. Ask for a rule ID as messages cite it (XX-MOVE-1), an area "
                                   "(XX-MOVE), or list for every area."});
    CHECK(ui::look_up_rule(ui::RuleBook{}, "XX-MOVE-1", 0).lines ==
          std::vector<std::string>{"No rules text is installed (the data folder's rulesets/<id>/rules.toml)."});
}

TEST_CASE("every rule ID the program cites has its text, in plain ASCII", "[data][rules-text]") {
    const ui::RuleBook book = shipped_book();
    // The systems with rules text (PS, HBL...): an ID of another, in a comment on a source the
    // computer learned from, is not one the player meets.
    std::set<std::string> systems;
    for (const core::RuleText& r : book.rules()) {
        systems.insert(r.id.substr(0, r.id.find('-')));
        INFO(r.id);
        CHECK(r.title.size() <= 40);
        CHECK(r.text.find_first_of("\t\r") == std::string::npos);
    }
    CHECK(systems.size() == data::ruleset_ids(kData).size());
    std::set<std::string> cited;
    const auto scan = [&](const fs::path& root, bool tags_only) {
        const auto one = [&](const fs::path& p) {
            const std::string text = read(p);
            for (const std::string& id : ui::cited_rule_ids(text)) {
                if (!systems.contains(id.substr(0, id.find('-')))) continue;
                // A test cites a rule by tagging it: [PS-MELEE-4].
                if (tags_only && text.find("[" + id + "]") == std::string::npos) continue;
                cited.insert(id);
            }
        };
        if (fs::is_regular_file(root)) return one(root);
        for (const auto& e : fs::recursive_directory_iterator(root)) {
            if (e.is_regular_file()) one(e.path());
        }
    };
    const fs::path src(TERCIO_SOURCE_DIR);
    scan(src / "src", false);
    scan(src / "docs", false);
    scan(src / "man", false);
    scan(src / "README.md", false);
    scan(src / "tests", true);
    CHECK(cited.size() > 500);
    for (const std::string& id : cited) {
        INFO(id);
        CHECK(book.find(id));
    }
}

TEST_CASE("the screen: ? shows the rules the message line cites, :rule ID any rule", "[ui][screen][rules-text]") {
    const rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    control::Session session(ctx, 12);
    ui::PlayScreen screen(session, {});
    screen.set_rules(shipped_shelf());
    const auto draw = [&] {
        ui::TextSurface s(80, 24);
        screen.draw(s);
        return s.to_string();
    };
    const auto keys = [&](const std::string& text) {
        for (const char c : text) REQUIRE(screen.handle(ui::KeyPress::character(static_cast<char32_t>(c))));
    };
    screen.show_message("cannot reach b7 (PS-MOVE-2, PS-MOVE-3)");
    keys("?");
    std::string shown = draw();
    CHECK(contains(shown, "The rules (? the keys, :rule ID another, other keys close)"));
    CHECK(contains(shown, "PS-MOVE-2, Movement points."));
    CHECK(contains(shown, "PS-MOVE-3, Which way a unit steps."));
    keys("?");  // on to the keys
    CHECK(contains(draw(), "tercio keys"));
    REQUIRE(screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Escape)));
    keys(":rule ps-melee-4");
    REQUIRE(screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Enter)));
    shown = draw();
    CHECK(contains(shown, "PS-MELEE-4, "));
    CHECK_FALSE(contains(shown, "PS-MOVE-2"));
    REQUIRE(screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Escape)));
    // A long answer scrolls: PgDn (or j) shows the rows below.
    keys(":rule PS-MELEE");
    REQUIRE(screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Enter)));
    shown = draw();
    CHECK(contains(shown, "PgDn j more"));
    CHECK(contains(shown, "PS-MELEE-1, "));
    CHECK_FALSE(contains(shown, "PS-MELEE-25, "));
    REQUIRE(screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::PageDown)));
    shown = draw();
    CHECK(contains(shown, "PS-MELEE-25, "));
    CHECK_FALSE(contains(shown, "PS-MELEE-1, "));
    REQUIRE(screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Escape)));
    keys(":? PS-NOPE-1");
    REQUIRE(screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Enter)));
    CHECK(contains(draw(), "No rule PS-NOPE-1."));
    // Without a rules text the screen says so.
    ui::PlayScreen bare(session, {});
    for (const char c : std::string(":rule PS-MOVE-3")) REQUIRE(bare.handle(ui::KeyPress::character(static_cast<char32_t>(c))));
    REQUIRE(bare.handle(ui::KeyPress::of(ui::KeyPress::Kind::Enter)));
    ui::TextSurface s(80, 24);
    bare.draw(s);
    CHECK(contains(s.to_string(), "No rules text is installed"));
}

TEST_CASE("the screen: Hell Broke Loose's rules too", "[ui][screen][hbl][rules-text]") {
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    control::SessionOf<hbl::Engine> session(ctx, 5);
    ui::PlayScreenOf<kits::HblKit> screen(session, {});
    screen.set_rules(shipped_shelf());
    screen.show_message("no: HBL-FIERCE-1");
    REQUIRE(screen.handle(ui::KeyPress::character('?')));
    ui::TextSurface s(80, 24);
    screen.draw(s);
    CHECK(contains(s.to_string(), "HBL-FIERCE-1, "));
}

TEST_CASE("plain: rule ID reads a rule, rule alone the rules the last message cited", "[ui][plain][rules-text]") {
    const rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    control::Session session(ctx, 12);
    std::ostringstream out;
    ui::PlainGameOf<kits::PiketteKit> game(session, out);
    game.set_rules(shipped_shelf());
    CHECK(game.handle_line("rule PS-MOVE-3"));
    CHECK(out.str().starts_with("PS-MOVE-3, Which way a unit steps.\nEach step goes"));
    out.str("");
    CHECK(game.handle_line("help"));
    CHECK(contains(out.str(), "  rule [ID]     the text of a rule by the ID messages cite"));
    out.str("");
    CHECK(game.handle_line("rule"));  // nothing cited yet: the areas
    CHECK(contains(out.str(), "PS-MOVE, 15 rules\n"));
    out.str("");
    CHECK(game.handle_line("? PS-NOPE-2"));
    CHECK(out.str() == "No rule PS-NOPE-2. Ask for a rule ID as messages cite it (" +
                           shipped_book().rules().front().id + "), an area (" +
                           shipped_book().rules().front().id.substr(0, shipped_book().rules().front().id.rfind('-')) +
                           "), or list for every area.\n");
}

TEST_CASE("plain: Hell Broke Loose's rule words", "[ui][plain][hbl][rules-text]") {
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    control::SessionOf<hbl::Engine> session(ctx, 5);
    std::ostringstream out;
    ui::PlainGameOf<kits::HblKit> game(session, out);
    game.set_rules(shipped_shelf());
    CHECK(game.handle_line("rules hbl-lull"));
    CHECK(contains(out.str(), "HBL-LULL-1, "));
}
