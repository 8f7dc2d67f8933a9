#pragma once
// Shared helpers for The Sword and the Pike's tests above the rules (positions, saves): its shipped
// ruleset and armies, loaded through its data library, and random games of them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "kits/tsp/data/files.hpp"
#include "rules/engine.hpp"
#include "tsp/game.hpp"

namespace tercio::test {

/// The data directory holding the ruleset's shipped files: the project's own.
inline std::filesystem::path tsp_data_dir() {
    return std::filesystem::path(TERCIO_SOURCE_DIR) / "data";
}

inline constexpr const char* kTspRuleset = "the-sword-and-the-pike";

/// The shipped Sword and the Pike data, loaded once.
class TspArmies {
  public:
    static TspArmies& get() {
        static TspArmies a;
        return a;
    }
    data::DataCatalog& catalog() { return catalog_; }
    const tsp::Ruleset& ruleset() {
        std::string why;
        const tsp::Ruleset* rs = tsp::ruleset(catalog_, kTspRuleset, why);
        INFO(why);
        REQUIRE(rs != nullptr);
        return *rs;
    }
    const tsp::ArmyList& army(const std::string& id) {
        std::string why;
        const tsp::ArmyList* a = tsp::army(catalog_, kTspRuleset, id, why);
        INFO(why);
        REQUIRE(a != nullptr);
        return *a;
    }
    tsp::Context context(const std::string& a, const std::string& b, std::uint8_t options = 0) {
        return tsp::Context{&ruleset(), {&army(a), &army(b)}, options};
    }

  private:
    TspArmies() : catalog_(tsp_data_dir(), rules::Engine::name) {}
    data::DataCatalog catalog_;
};

/// The seven armies the project ships for The Sword and the Pike.
inline const std::vector<std::string>& tsp_army_ids() {
    static const std::vector<std::string> ids = {"french",  "imperialist", "italian", "spanish",
                                                 "ottoman", "moorish",     "swiss"};
    return ids;
}

/// Side B's units moved up to 4 ranks from side A's second row, so that a random game comes to
/// fire, charges and close combat early (as the rules' random-play test starts half its games).
inline void tsp_start_close(tsp::GameState& s) {
    for (std::size_t u = 0; u < s.unit_count; ++u) {
        tsp::Unit& unit = s.units[u];
        if (unit.side == tsp::Side::B) unit.sq.y = static_cast<std::int8_t>(unit.sq.y - (s.ranks - 2 - 5));
    }
}

}  // namespace tercio::test
