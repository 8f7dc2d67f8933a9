// The layout of a data directory (docs/data-format.md, "Layout"): each ruleset a folder,
// rulesets/<id>/ruleset.toml, with its armies in rulesets/<id>/armies/<army>.toml; and what
// became of the files of the layout before it (rulesets/<id>.toml, armies/, armies/<ruleset>/).
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "data/data_files.hpp"
#include "kits/check.hpp"
#include "kits/hbl/data/files.hpp"
#include "data/save.hpp"
#include "data/save_store.hpp"
#include "kits/pikette/data/files.hpp"

namespace fs = std::filesystem;
using namespace tercio;

namespace {

const fs::path kData = fs::path(TERCIO_SOURCE_DIR) / "data";
const std::vector<std::string> kSix = {"french",  "imperialist", "italian",
                                       "moorish", "ottoman",     "spanish"};

/// A scratch directory, removed with everything in it at the end of the test.
struct Scratch {
    fs::path path = fs::temp_directory_path() /
                    ("tercio-layout-test-" + std::to_string(std::random_device{}()));
    Scratch() { fs::create_directories(path); }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
};

/// `dir` laid out as tercio's data was before each ruleset had a folder: rulesets/<id>.toml,
/// Pikette Squared's armies in armies/, Hell Broke Loose's in armies/hell-broke-loose/.
void old_layout(const fs::path& dir) {
    fs::create_directories(dir / "rulesets");
    fs::create_directories(dir / "armies" / "hell-broke-loose");
    for (const std::string rs : {"pikette-squared", "hell-broke-loose"}) {
        fs::copy_file(data::ruleset_file(kData, rs), dir / "rulesets" / (rs + ".toml"));
        const fs::path armies = rs == "pikette-squared" ? dir / "armies" : dir / "armies" / rs;
        for (const std::string& a : kSix)
            fs::copy_file(data::army_file(kData, rs, a), armies / (a + ".toml"));
    }
}

/// The header of a game started in the data directory `dir` of the old layout.
data::SaveHeader old_header(const fs::path& dir, const std::string& ruleset, const std::string& red,
                            const std::string& blue) {
    data::SaveHeader h;
    h.ruleset = ruleset;
    h.ruleset_hash = data::file_hash(dir / "rulesets" / (ruleset + ".toml"));
    const fs::path armies =
        ruleset == "pikette-squared" ? dir / "armies" : dir / "armies" / ruleset;
    h.sides[0] = data::SavedSide{red, data::file_hash(armies / (red + ".toml")), "alice", "human"};
    h.sides[1] = data::SavedSide{blue, data::file_hash(armies / (blue + ".toml")), "bob", "human"};
    return h;
}

}  // namespace

TEST_CASE("the shipped data: each ruleset a folder, with its armies", "[data][layout]") {
    CHECK(data::ruleset_ids(kData) ==
          std::vector<std::string>{"hell-broke-loose", "pikette-squared", "the-sword-and-the-pike"});
    CHECK(data::ruleset_file(kData, "pikette-squared") ==
          kData / "rulesets" / "pikette-squared" / "ruleset.toml");
    CHECK(data::army_file(kData, "hell-broke-loose", "french") ==
          kData / "rulesets" / "hell-broke-loose" / "armies" / "french.toml");
    data::DataCatalog catalog(kData, rules::Engine::name);
    for (const std::string& rs : catalog.ruleset_ids()) {
        INFO(rs);
        // The Sword and the Pike's tables set the Swiss apart: it has a seventh army.
        std::vector<std::string> armies = kSix;
        if (rs == "the-sword-and-the-pike") armies.push_back("swiss");
        CHECK(catalog.army_ids(rs) == armies);
        CHECK(catalog.engine(rs) == std::optional<std::string>(rs));
    }
    CHECK(catalog.army_ids("no-such-ruleset").empty());
    CHECK(catalog.army_ids("../data").empty());
    std::string why;
    const rules::ArmyList* ps = rules::army(catalog, "pikette-squared", "french", why);
    INFO(why);
    REQUIRE(ps);
    CHECK(ps->ruleset == "pikette-squared");
    // An army named by its id alone is Pikette Squared's (the default engine's), as before.
    CHECK(rules::army(catalog, "french", why) == ps);
    const hbl::ArmyList* h = hbl::army(catalog, "hell-broke-loose", "french", why);
    REQUIRE(h);
    CHECK(h->ruleset == "hell-broke-loose");
    CHECK(data::data_dir_problem(kData).empty());
    CHECK(data::find_data_dir(kData, "/nowhere/tercio") == std::optional<fs::path>(kData));
}

TEST_CASE("a data directory of the old layout is refused, saying what the layout now is",
          "[data][layout]") {
    Scratch tmp;
    old_layout(tmp.path);
    CHECK_FALSE(data::find_data_dir(tmp.path, "/nowhere/tercio"));
    const std::string problem = data::data_dir_problem(tmp.path);
    CHECK(problem ==
          "it is in the old layout, rulesets/<id>.toml and armies/; each ruleset is now a folder, "
          "rulesets/<id>/ruleset.toml, with its armies in rulesets/<id>/armies/<army>.toml "
          "(docs/data-format.md, "
          "\"Layout\")");
    CHECK(data::data_dir_problem(tmp.path / "nothing") == "it has no rulesets/ folder");
    fs::create_directories(tmp.path / "empty" / "rulesets");
    CHECK(data::data_dir_problem(tmp.path / "empty") ==
          "its rulesets/ folder has no <id>/ruleset.toml");
}

TEST_CASE("a save keeps its data files' digests by id: files that only moved have not changed",
          "[data][layout][save]") {
    Scratch tmp;
    old_layout(tmp.path / "old");
    for (const std::string rs : {"pikette-squared", "hell-broke-loose"}) {
        INFO(rs);
        const data::SaveHeader h = old_header(tmp.path / "old", rs, "french", "ottoman");
        CHECK(h.ruleset_hash != 0);
        CHECK(h.sides[0].army_hash != 0);
        CHECK(data::changed_data(kData, h).empty());
        // A file that did change is named by where it is now.
        const fs::path now = tmp.path / ("new-" + rs);
        fs::copy(kData, now, fs::copy_options::recursive);
        std::ofstream(data::army_file(now, rs, "ottoman"), std::ios::app) << "# changed\n";
        CHECK(data::changed_data(now, h) ==
              std::vector<std::string>{"rulesets/" + rs +
                                       "/armies/ottoman.toml has changed since this game began"});
        std::ofstream(data::ruleset_file(now, rs), std::ios::app) << "# changed\n";
        CHECK(data::changed_data(now, h).front() ==
              "rulesets/" + rs + "/ruleset.toml has changed since this game began");
    }
}

TEST_CASE("every save of the fuzz corpus and of tests/replays finds its files, unchanged",
          "[data][layout][save]") {
    std::vector<fs::path> saves;
    for (const fs::path& dir : {fs::path(TERCIO_SOURCE_DIR) / "fuzz" / "save-corpus",
                                fs::path(TERCIO_SOURCE_DIR) / "tests" / "replays",
                                fs::path(TERCIO_SOURCE_DIR) / "tests" / "data" / "saves"}) {
        for (const auto& e : fs::directory_iterator(dir)) {
            if (e.path().extension() == ".save") saves.push_back(e.path());
        }
    }
    REQUIRE(saves.size() >= 15);
    data::DataCatalog catalog(kData, rules::Engine::name);
    for (const fs::path& f : saves) {
        INFO(f.string());
        const data::FileText ft = data::read_file(f, data::kMaxSaveBytes);
        REQUIRE(ft.error.empty());
        const auto save = data::parse_save(f.string(), ft.text);
        if (!save.ok()) continue;  // damaged on purpose: its header is the fuzz target's
        CHECK(data::changed_data(kData, save.value->header).empty());
        // Checked as `tercio check` does: its ruleset and armies found, the game replayed (a save
        // damaged on purpose may fail to replay, never for want of its files).
        const data::CheckOutcome out = kits::check_file(f, catalog);
        for (const data::LoadError& e : out.errors) {
            INFO(e.to_string());
            CHECK(e.message.find("data directory") == std::string::npos);
            CHECK(e.message.find("ruleset \"") == std::string::npos);
            CHECK(e.message.find("army \"") == std::string::npos);
        }
    }
}
