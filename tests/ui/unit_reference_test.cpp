// The rules reference of one unit for the help screen: exact lines for a few troop types and
// states, and the size limits for every unit of every shipped army.
#include "ui/unit_reference.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "tests/rules/position_fixture.hpp"
#include "ui/surface.hpp"

namespace tercio::test {
namespace {

using core::Facing;
using rules::Side;
using rules::UnitStatus;

constexpr Side A = Side::A;
constexpr Side B = Side::B;

std::vector<std::string> reference(const Position& p, std::size_t unit) {
    return ui::unit_reference(p.ctx, p.s, unit);
}

/// The shipped army ids, from data/armies.
std::vector<std::string> shipped_armies() {
    std::vector<std::string> ids;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(TERCIO_SOURCE_DIR) / "data" / "armies")) {
        if (e.path().extension() == ".toml") ids.push_back(e.path().stem().string());
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

}  // namespace

TEST_CASE("Unit reference dump", "[.dump]") {
    for (const std::string& army : shipped_armies()) {
        Position p(army, "spanish");
        for (std::size_t i = 0; i < rules::roster_size(p.ctx.army(A)); ++i) {
            const rules::UnitLine& l = rules::roster_line(p.ctx.army(A), i);
            Position q(army, "spanish");
            const std::size_t u = q.add(A, l.id, "h8");
            std::cout << "----\n";
            for (const auto& line : reference(q, u)) std::cout << line << "|\n";
        }
    }
}

}  // namespace tercio::test
