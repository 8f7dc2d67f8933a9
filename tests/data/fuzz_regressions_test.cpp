// Inputs the fuzzer once crashed on (fuzz/regressions/): each must now load cleanly or give
// positioned errors, never crash or trip a sanitizer.
#include <catch2/catch.hpp>

#include <filesystem>

#include "data/data_files.hpp"

namespace fs = std::filesystem;
using namespace tercio;

TEST_CASE("fuzzer findings stay fixed", "[data][loader][fuzz]") {
    data::DataCatalog catalog(fs::path(TERCIO_SOURCE_DIR) / "data");
    int files = 0;
    for (const auto& e : fs::directory_iterator(fs::path(TERCIO_SOURCE_DIR) / "fuzz" / "regressions")) {
        ++files;
        INFO(e.path().string());
        const data::FileText ft = data::read_file(e.path());
        REQUIRE(ft.error.empty());
        const auto out = data::check_text("input.toml", ft.text, catalog.resolver());
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
    const auto out = data::check_text("k.toml", "a.b\xcd\x9e = 1\n", {});
    REQUIRE(out.errors.size() == 1);
    CHECK(out.errors[0].to_string() ==
          "k.toml:1:4: non-ASCII character outside a string (put text in quotes; bare keys may use "
          "only A-Z, a-z, 0-9, _ and -)");
    // Inside strings and comments it is fine.
    const auto ok = data::check_text("k.toml", "# caf\xc3\xa9\nkind = \"caf\xc3\xa9\"\n", {});
    REQUIRE(ok.errors.size() == 1);
    CHECK(ok.errors[0].message == "kind: \"caf\xc3\xa9\" is not a kind of file tercio reads (ruleset, army or position)");
}
