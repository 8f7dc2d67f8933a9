// The corpus of broken data files in tests/data/bad: each X.toml must give exactly the errors in
// X.expected, the lines `tercio check X.toml` prints when run inside that directory. The corpus is
// also run through the real binary by tests/cli/check_bad_files.cmake.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "data/data_files.hpp"
#include "kits/check.hpp"
#include "kits/pikette/data/files.hpp"

namespace fs = std::filesystem;
using tercio::data::CheckOutcome;
using tercio::data::DataCatalog;

namespace {

const fs::path kBadDir = fs::path(TERCIO_SOURCE_DIR) / "tests" / "data" / "bad";
const fs::path kDataDir = fs::path(TERCIO_SOURCE_DIR) / "data";

/// The corpus files with the given extension, sorted.
std::vector<fs::path> corpus(const std::string& extension) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(kBadDir)) {
        if (e.is_regular_file() && e.path().extension() == extension) out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> read_lines(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    REQUIRE(in);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

/// Checks `file` against the shipped data and formats its errors as `tercio check` prints them
/// from inside the file's directory: the directory part of the file name is dropped.
std::vector<std::string> check_lines(const fs::path& file) {
    DataCatalog catalog(kDataDir, tercio::rules::Engine::name);
    const CheckOutcome out = tercio::kits::check_file(file, catalog);
    INFO("unreadable: " << out.unreadable);
    REQUIRE(out.status == CheckOutcome::Status::Invalid);
    const std::string prefix = file.parent_path().string() + "/";
    std::vector<std::string> lines;
    for (const auto& e : out.errors) {
        std::string line = e.to_string();
        INFO(line);
        REQUIRE(line.rfind(prefix, 0) == 0);  // every error is about this file
        lines.push_back(line.substr(prefix.size()));
    }
    return lines;
}

/// A temporary directory removed when the test ends.
struct TempDir {
    fs::path path;
    TempDir() {
        std::random_device rd;
        path = fs::temp_directory_path() /
               ("tercio-bad-files-" + std::to_string(rd()) + "-" + std::to_string(rd()));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
};

}  // namespace

TEST_CASE("the bad-file corpus is complete", "[data][loader]") {
    const auto tomls = corpus(".toml");
    REQUIRE(tomls.size() >= 20);
    for (const auto& t : tomls) {
        INFO(t.filename().string());
        fs::path expected = t;
        expected.replace_extension(".expected");
        REQUIRE(fs::is_regular_file(expected));
    }
    // And no .expected is left without its file.
    for (const auto& e : corpus(".expected")) {
        INFO(e.filename().string());
        fs::path toml = e;
        toml.replace_extension(".toml");
        REQUIRE(fs::is_regular_file(toml));
    }
}

TEST_CASE("every bad file gives exactly its expected errors", "[data][loader]") {
    const auto tomls = corpus(".toml");
    REQUIRE(tomls.size() >= 20);
    for (const auto& t : tomls) {
        DYNAMIC_SECTION(t.filename().string()) {
            fs::path expected_file = t;
            expected_file.replace_extension(".expected");
            const auto expected = read_lines(expected_file);
            REQUIRE_FALSE(expected.empty());
            const auto actual = check_lines(t);
            REQUIRE(actual == expected);
        }
    }
}

TEST_CASE("a file over 1 MiB is refused before it is parsed", "[data][loader]") {
    // Generated here rather than committed: a real army list padded with comment lines to one
    // byte over the limit.
    TempDir dir;
    std::ifstream in(tercio::data::army_file(kDataDir, "pikette-squared", "spanish"),
                     std::ios::binary);
    REQUIRE(in);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    constexpr std::size_t kSize = 1024 * 1024 + 1;
    REQUIRE(text.size() < kSize);
    const std::string pad = "# " + std::string(77, '=') + "\n";
    while (text.size() + pad.size() <= kSize) text += pad;
    text += "#" + std::string(kSize - text.size() - 2, '=') + "\n";
    REQUIRE(text.size() == kSize);
    const fs::path huge = dir.path / "huge.toml";
    {
        std::ofstream out(huge, std::ios::binary);
        out << text;
        REQUIRE(out);
    }
    REQUIRE(fs::file_size(huge) == kSize);

    const std::vector<std::string> expected = {
        "huge.toml:1:1: file is too large (1048577 bytes; the limit is 1048576)"};
    CHECK(check_lines(huge) == expected);

    // The same text given directly (as the fuzz target does) is refused the same way.
    const auto out = tercio::rules::check_text("huge.toml", text, nullptr);
    REQUIRE(out.errors.size() == 1);
    CHECK(out.errors[0].to_string() == expected[0]);
}
