// Inputs the fuzzers once crashed on (fuzz/regressions/): each must now give positioned errors,
// never crash or trip a sanitizer. Files named save-* are fuzz_save's (parse_save, then
// replay_save); position-* are fuzz_position's (loaded as a position and, if accepted, played on:
// fuzz/exercise_position.hpp); the others fuzz_loader's (check_text).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "data/data_files.hpp"
#include "data/check.hpp"
#include "data/save.hpp"
#include "fuzz/exercise_position.hpp"
#include "kits/pikette/data/files.hpp"
#include "kits/pikette/data/save.hpp"

namespace fs = std::filesystem;
using namespace tercio;

TEST_CASE("fuzzer findings stay fixed", "[data][loader][fuzz]") {
    data::DataCatalog catalog(fs::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
    int files = 0;
    for (const auto& e : fs::directory_iterator(fs::path(TERCIO_SOURCE_DIR) / "fuzz" / "regressions")) {
        ++files;
        INFO(e.path().string());
        const data::FileText ft = data::read_file(e.path());
        REQUIRE(ft.error.empty());
        if (e.path().filename().string().starts_with("save-")) {
            // As fuzz_save runs it: parse, then replay against the data the header names.
            const auto parsed = data::parse_save("input.save", ft.text);
            data::LoadErrors errors = parsed.errors;
            if (parsed.ok()) {
                const auto& h = parsed.value->header;
                std::string why;
                const auto ctx = rules::context(catalog, h.ruleset, {h.sides[0].army, h.sides[1].army}, why);
                INFO(why);
                REQUIRE(ctx);
                errors = rules::replay_save("input.save", *parsed.value, *ctx).errors;
            }
            REQUIRE_FALSE(errors.empty());
            for (const auto& err : errors) {
                INFO(err.to_string());
                CHECK(err.line >= 1);
                CHECK(err.column >= 1);
            }
            continue;
        }
        if (e.path().filename().string().starts_with("position-")) {
            // As fuzz_position runs it.
            const auto out = fuzz::exercise_position(catalog, ft.text);
            INFO(out.problem);
            CHECK(out.problem.empty());
            continue;
        }
        const auto out = rules::check_text("input.toml", ft.text, rules::resolver(catalog));
        REQUIRE(out.status == data::CheckOutcome::Status::Invalid);
        REQUIRE_FALSE(out.errors.empty());
        for (const auto& err : out.errors) {
            CHECK(err.line >= 1);
            CHECK(err.column >= 1);
        }
    }
    CHECK(files >= 1);
}

TEST_CASE("non-ASCII text outside strings is refused before toml++ sees it", "[data][loader][fuzz]") {
    // toml++ 3.3.0 reaches an unreachable branch on U+035E in a bare key.
    const auto out = rules::check_text("k.toml", "a.b\xcd\x9e = 1\n", nullptr);
    REQUIRE(out.errors.size() == 1);
    CHECK(out.errors[0].to_string() ==
          "k.toml:1:4: non-ASCII character outside a string (put text in quotes; bare keys may use "
          "only A-Z, a-z, 0-9, _ and -)");
    // Inside strings and comments it is fine.
    const auto ok = rules::check_text("k.toml", "# caf\xc3\xa9\nkind = \"caf\xc3\xa9\"\n", nullptr);
    REQUIRE(ok.errors.size() == 1);
    CHECK(ok.errors[0].message == "kind: \"caf\xc3\xa9\" is not a kind of file tercio reads (ruleset, army, position or rules)");
}

TEST_CASE("a table header must begin with a key before toml++ sees it", "[data][loader][fuzz]") {
    // toml++ 3.3.0 asserts in parse_key on a header such as [~a] (an abort in Debug builds,
    // undefined behaviour without assertions).
    const auto bad = rules::check_text("k.toml", "kind = \"army\"\n  [[ ~a]]\n", nullptr);
    REQUIRE(bad.errors.size() == 1);
    CHECK(bad.errors[0].to_string() ==
          "k.toml:2:6: a table header must begin with a key (A-Z, a-z, 0-9, _ and -, or a quoted name)");
    for (const char* text : {"[]\n", "[#]\n", "[\n", "[.a]\n", "[=]\n"}) {
        INFO(text);
        const auto out = rules::check_text("k.toml", text, nullptr);
        REQUIRE(out.errors.size() == 1);
        CHECK(out.errors[0].line == 1);
        CHECK(out.errors[0].column == 2);
    }
    // Keys, quoted names, spaces and arrays of tables are fine, and so are arrays as values.
    const auto ok = rules::check_text("k.toml", "kind = \"x\"\na = [ [1], [2] ]\n[ \"a b\" ]\n[[ c-d ]]\n['e']\n", nullptr);
    REQUIRE(ok.errors.size() == 1);
    CHECK(ok.errors[0].message == "kind: \"x\" is not a kind of file tercio reads (ruleset, army, position or rules)");
}

TEST_CASE("a bracket closed by the other kind is refused before toml++ sees it",
          "[data][loader][fuzz]") {
    // toml++ 3.3.0 asserts on an array closed by '}' (an abort in Debug builds, a syntax error in
    // Release ones): `a = [}` and `[1,}` were found by fuzzing.
    const auto brace = rules::check_text("k.toml", "a = [}\n", nullptr);
    REQUIRE(brace.errors.size() == 1);
    CHECK(
        brace.errors[0].to_string() ==
        "k.toml:1:6: '}' cannot close the '[' opened at line 1, column 5 (an array ends with ']', "
        "an inline table with '}')");
    const auto comma = rules::check_text("k.toml", "[1,}", nullptr);
    REQUIRE(comma.errors.size() == 1);
    CHECK(
        comma.errors[0].to_string() ==
        "k.toml:1:4: '}' cannot close the '[' opened at line 1, column 1 (an array ends with ']', "
        "an inline table with '}')");
    // The other way round, and inside nesting: the innermost open bracket is the one to close.
    for (const char* text :
         {"a = {]\n", "a = { b = [1 }\n", "a = [[1}, 2]\n", "a = [\n  1,\n}\n"}) {
        INFO(text);
        const auto out = rules::check_text("k.toml", text, nullptr);
        REQUIRE(out.errors.size() == 1);
        CHECK(out.errors[0].message.find("cannot close the") != std::string::npos);
    }
    // Brackets that match, headers included, and brackets in strings and comments, are fine.
    const auto ok = rules::check_text(
        "k.toml", "kind = \"x\" # [}\na = [ {b = [1, 2]}, {c = \"]}\"} ]\n[t]\nd = [1,]\n[[u]]\n",
        nullptr);
    REQUIRE(ok.errors.size() == 1);
    CHECK(ok.errors[0].message ==
          "kind: \"x\" is not a kind of file tercio reads (ruleset, army, position or rules)");
}

TEST_CASE("fuzz_position's seed corpus loads and plays on", "[data][position][fuzz]") {
    // Positions of real games at every kind of decision: each must load and play on as the
    // fuzzer plays it, so that the fuzzer starts from positions that reach the engine.
    data::DataCatalog catalog(fs::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
    int files = 0;
    for (const auto& e :
         fs::directory_iterator(fs::path(TERCIO_SOURCE_DIR) / "fuzz" / "position-corpus")) {
        ++files;
        INFO(e.path().string());
        const data::FileText ft = data::read_file(e.path());
        REQUIRE(ft.error.empty());
        const auto out = fuzz::exercise_position(catalog, ft.text);
        INFO(out.problem);
        CHECK(out.accepted);
        CHECK(out.problem.empty());
        // (A finished game has nothing to apply.)
        CHECK((out.applied > 0 || e.path().filename().string().starts_with("game_over")));
    }
    CHECK(files >= 20);
}
