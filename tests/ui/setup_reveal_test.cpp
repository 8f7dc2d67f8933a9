// The set-up rolls shown one key at a time, for every pairing of the shipped armies: some
// pairings roll a single set-up event (imperialist v moorish: the imperialist extra unit) or
// none (moorish v moorish), and each key that steps through the rolls must show each event
// once, in order, and then give the keyboard back to the game (issue 22, item 3).
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "kits/pikette/control/event_text.hpp"
#include "tests/rules/position_fixture.hpp"
#include "kits/pikette/play_screen.hpp"
#include "kits/pikette/control/session.hpp"

using namespace tercio;
using namespace tercio::ui;
using K = KeyPress::Kind;
using tercio::test::contains;

namespace {

/// The ids of the armies in data/rulesets/pikette-squared/armies, sorted.
std::vector<std::string> shipped_armies() {
    std::vector<std::string> ids;
    for (const auto& f : std::filesystem::directory_iterator(
             std::filesystem::path(TERCIO_SOURCE_DIR) / "data" / "rulesets" / "pikette-squared" / "armies")) {
        if (f.path().extension() == ".toml") ids.push_back(f.path().stem().string());
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

/// Reveals the set-up of `red` v `blue` at `seed`, then presses `key` until the reveal is over
/// (at most once per event), and checks the log holds exactly the set-up events, in order.
void step_through(const std::string& red, const std::string& blue, std::uint64_t seed,
                  const KeyPress& key) {
    const rules::RulesContext ctx = test::Armies::get().context(red, blue);
    core::SeededDice dice(seed);
    rules::GameState s;
    const rules::Events setup = rules::new_game(ctx, s, dice);
    control::Session p_session(ctx, s, dice);
    PlayScreen p(p_session, {});
    p.reveal(setup);
    const std::string done = "Set-up rolled.";
    // The first roll is shown at once; each key shows one more.
    std::size_t presses = 0;
    while (!setup.empty() && !contains(p.message(), done) && presses < setup.size()) {
        REQUIRE(p.handle(key));
        ++presses;
    }
    CAPTURE(setup.size(), presses, p.message());
    if (!setup.empty()) {
        CHECK(presses == setup.size() - 1);
        CHECK(contains(p.message(), done));
    }
    REQUIRE(p.log().size() == setup.size());
    for (std::size_t i = 0; i < setup.size(); ++i) {
        CAPTURE(i);
        CHECK(p.log()[i].text == control::describe(ctx, s, setup[i]));
        CHECK_FALSE(contains(p.log()[i].text, "for initiative: 0"));
    }
    // The reveal is over: the next key is the game's (it logs nothing and rolls nothing).
    REQUIRE(p.handle(key));
    CHECK(p.log().size() == setup.size());
    CHECK(p.state().decision == s.decision);
}

}  // namespace

TEST_CASE("imperialist v moorish at seed 50631 rolls one set-up event and needs no key to show it",
          "[ui][screen][reveal]") {
    const rules::RulesContext ctx = test::Armies::get().context("imperialist", "moorish");
    core::SeededDice dice(50631);
    rules::GameState s;
    const rules::Events setup = rules::new_game(ctx, s, dice);
    REQUIRE(setup.size() == 1);
    control::Session p_session(ctx, s, dice);
    PlayScreen p(p_session, {});
    p.reveal(setup);
    CHECK(p.log().size() == 1);
    CHECK(contains(p.message(), "Set-up rolled."));
    for (const KeyPress& k :
         {KeyPress::character(' '), KeyPress::of(K::Enter), KeyPress::character('j')}) {
        step_through("imperialist", "moorish", 50631, k);
    }
}

TEST_CASE("the set-up rolls of every pairing of the shipped armies step by Space or Enter or j",
          "[ui][screen][reveal]") {
    const std::vector<std::string> armies = shipped_armies();
    REQUIRE(armies.size() >= 6);
    const std::vector<KeyPress> keys{KeyPress::character(' '), KeyPress::of(K::Enter),
                                     KeyPress::character('j')};
    for (const std::string& red : armies) {
        for (const std::string& blue : armies) {
            for (const std::uint64_t seed : {1u, 12u, 977u, 50631u, 65535u}) {
                for (std::size_t k = 0; k < keys.size(); ++k) {
                    CAPTURE(red, blue, seed, k);
                    step_through(red, blue, seed, keys[k]);
                }
            }
        }
    }
}
