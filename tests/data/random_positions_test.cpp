// Positions of random games of Hell Broke Loose and The Sword and the Pike, written and read back
// after every command (src/kits/hbl/data/position.hpp, src/kits/tsp/data/position.hpp,
// docs/positions.md). Thousands of positions: they run in the long series, without the
// sanitizers, which see the same writers and readers in the other position tests.
#include <catch2/catch.hpp>

#include <string>

#include "core/dice.hpp"
#include "kits/hbl/data/position.hpp"
#include "kits/tsp/data/position.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/tsp/data_fixture.hpp"

using namespace tercio;
using hbl::HblPosition;
using tsp::TspPosition;

namespace {

const std::string kHblRuleset = "hell-broke-loose";

data::Loaded<HblPosition> hbl_load(const std::string& text) {
    const hbl::HblContextResolver resolver = [](const std::string& ruleset,
                                                const std::array<std::string, 2>& armies,
                                                std::string& why) -> std::optional<hbl::Context> {
        if (ruleset != kHblRuleset) {
            why = "no such ruleset";
            return std::nullopt;
        }
        return test::HblArmies::get().context(armies[0], armies[1]);
    };
    return hbl::load_hbl_position("pos.toml", text, resolver);
}

data::Loaded<TspPosition> tsp_load(const std::string& text) {
    const tsp::TspContextResolver resolver = [](const std::string& ruleset,
                                                const std::array<std::string, 2>& armies,
                                                std::string& why) -> std::optional<tsp::Context> {
        if (ruleset != test::kTspRuleset) {
            why = "no such ruleset";
            return std::nullopt;
        }
        return test::TspArmies::get().context(armies[0], armies[1]);
    };
    return tsp::load_tsp_position("pos.toml", text, resolver);
}

}  // namespace

TEST_CASE("Hell Broke Loose positions of random games round-trip at every step", "[data][position][hbl]") {
    // Three games between the six armies: every state of them, each army on one side.
    for (int game = 0; game < 3; ++game) {
        const auto& ids = test::hbl_army_ids();
        const std::string a = ids[static_cast<std::size_t>(2 * game)];
        const std::string b = ids[static_cast<std::size_t>(2 * game + 1)];
        const hbl::Context ctx = test::HblArmies::get().context(a, b);
        HblPosition p{kHblRuleset, {a, b}, static_cast<std::uint64_t>(game) + 40, 0, {}};
        core::SeededDice dice(p.seed);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 90);
        hbl::new_game(ctx, p.state, dice);
        int step = 0;
        while (true) {
            INFO(a << " v " << b << ", game " << game << ", command " << step);
            p.calls = dice.calls();
            const std::string text = hbl::write_hbl_position(p, ctx);
            const auto loaded = hbl_load(text);
            for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
            REQUIRE(loaded.ok());
            REQUIRE(*loaded.value == p);
            REQUIRE(hbl::write_hbl_position(*loaded.value, ctx) == text);
            if (p.state.over()) break;
            const auto c = hbl::random_legal(ctx, p.state, chooser);
            REQUIRE(c);
            hbl::apply(ctx, p.state, *c, dice);
            ++step;
        }
        CHECK(step > 50);
    }
}


TEST_CASE("Sword and the Pike positions of random games round-trip at every step", "[data][position][tsp]") {
    // Four games, each army on a side at least once, with the options on in three; two start
    // close, so that charges, close combats and routs are carried over from one command to the next.
    int combats = 0, charges = 0, routed = 0;
    // Four games at least, and more (up to 12, their armies starting close) until positions in
    // close combat, with a charge and with a routed unit have been written and read.
    for (int game = 3; game < 7 || (game < 15 && (combats == 0 || charges == 0 || routed == 0)); ++game) {
        const auto& ids = test::tsp_army_ids();
        const std::string a = ids[static_cast<std::size_t>(2 * game) % ids.size()];
        const std::string b = ids[static_cast<std::size_t>(2 * game + 1) % ids.size()];
        const auto options = static_cast<std::uint8_t>(game % 4);
        const tsp::Context ctx = test::TspArmies::get().context(a, b, options);
        TspPosition p{test::kTspRuleset, {a, b}, static_cast<std::uint64_t>(game) + 40, 0, {}};
        core::SeededDice dice(p.seed);
        core::SeededDice chooser(static_cast<std::uint64_t>(game) + 90);
        tsp::new_game(ctx, p.state, dice);
        if (game == 4 || game == 5 || game >= 7) test::tsp_start_close(p.state);
        int step = 0;
        while (true) {
            INFO(a << " v " << b << ", game " << game << ", command " << step);
            p.calls = dice.calls();
            const std::string text = tsp::write_tsp_position(p, ctx);
            const auto loaded = tsp_load(text);
            for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
            REQUIRE(loaded.ok());
            REQUIRE(*loaded.value == p);
            REQUIRE(tsp::write_tsp_position(*loaded.value, ctx) == text);
            for (std::size_t u = 0; u < p.state.unit_count; ++u) {
                combats += p.state.units[u].combat >= 0;
                charges += p.state.units[u].charging >= 0;
                routed += p.state.units[u].status == tsp::Status::Routed;
            }
            if (p.state.over()) break;
            const auto c = tsp::random_legal(ctx, p.state, chooser);
            REQUIRE(c);
            tsp::apply(ctx, p.state, *c, dice);
            ++step;
        }
        CHECK(step > 50);
        CHECK(p.state.options == options);
    }
    // The positions carried the states besides moves and fire.
    CHECK(combats > 0);
    CHECK(charges > 0);
    CHECK(routed > 0);
}
