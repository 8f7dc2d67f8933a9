// Hell Broke Loose's saves (src/kits/hbl/data/save.hpp): the save format of docs/saves.md, keyframes
// included. A whole random game written line by line replays to the same states; a damaged save
// is refused at the line where it stops agreeing; a save cut short in a keyframe, or written
// before this ruleset had keyframes, loads; `tercio check` replays one by its own rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "kits/check.hpp"
#include "core/dice.hpp"
#include "kits/hbl/data/save.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using test::contains;

namespace {

/// A Hell Broke Loose game played to its end with random legal commands (never a concession),
/// saved as it went: the header, then each command's lines.
struct HblRecorded {
    data::SaveHeader header;
    std::vector<hbl::GameState> states;  ///< states[i]: the game after i commands
    std::string text;
};

HblRecorded record_hbl_game(const hbl::Context& ctx, std::uint64_t seed, std::uint64_t choices) {
    HblRecorded r;
    core::SeededDice dice(seed);
    hbl::GameState s;
    hbl::new_game(ctx, s, dice);
    r.header.program = "0.1.0";
    r.header.created = "2026-11-27T07:00:00Z";
    r.header.seed = seed;
    r.header.ruleset = "hell-broke-loose";
    r.header.setup_hash = hbl::state_hash(s);
    r.header.sides[0] = data::SavedSide{"french", 1, "alice", "human"};
    r.header.sides[1] = data::SavedSide{"ottoman", 2, "bob", "computer:normal"};
    r.text = data::write_save_header(r.header);
    r.states.push_back(s);
    core::SeededDice chooser(choices);
    while (!s.over()) {
        const auto c = hbl::random_legal(ctx, s, chooser, nullptr);
        REQUIRE(c);
        const hbl::GameState before = s;
        REQUIRE(hbl::play(ctx, s, *c, dice).ok());
        r.text += hbl::hbl_save_lines_after(r.header, ctx, *c, before, s, dice.calls(), r.states.size());
        r.states.push_back(s);
        REQUIRE(r.states.size() < 20000);
    }
    return r;
}

const HblRecorded& sample() {
    static const HblRecorded g = record_hbl_game(test::HblArmies::get().context("french", "ottoman"), 7, 8);
    return g;
}

/// The save's text with its `n`-th command line (0 = the first) replaced by `line`.
std::string with_command_line(const std::string& text, std::size_t n, const std::string& line) {
    const std::string marker = std::string(data::kCommandsLine) + "\n";
    std::size_t at = text.find(marker) + marker.size();
    for (std::size_t i = 0; i < n; ++i) at = text.find('\n', at) + 1;
    const std::size_t end = text.find('\n', at);
    return text.substr(0, at) + line + text.substr(end);
}

/// The file line of the `n`-th command.
int command_line_number(const std::string& text, std::size_t n) {
    const std::size_t at = text.find(std::string(data::kCommandsLine));
    int line = 1;
    for (std::size_t i = 0; i < at; ++i) line += text[i] == '\n';
    return line + 1 + static_cast<int>(n);
}

}  // namespace

TEST_CASE("A Hell Broke Loose game saved line by line replays to the same states", "[hbl][save]") {
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    const HblRecorded& g = sample();
    // One line a command, a keyframe where each turn after the first begins, the game-over line
    // at the end.
    CHECK(contains(g.text, std::string(data::kOverLine)));
    auto parsed = data::parse_save("g.save", g.text);
    REQUIRE(parsed.ok());
    CHECK(parsed.value->over);
    CHECK(parsed.value->commands.size() + 1 == g.states.size());
    std::size_t turns_begun = 0;
    for (std::size_t i = 1; i < g.states.size(); ++i) {
        turns_begun += g.states[i].turn != g.states[i - 1].turn && !g.states[i].over();
    }
    CHECK(turns_begun >= 2);
    CHECK(parsed.value->keyframes.size() == turns_begun);
    for (const auto& k : parsed.value->keyframes) {
        CHECK(g.states[k.commands].turn != g.states[k.commands - 1].turn);
    }
    std::size_t seen = 0;
    auto r = hbl::replay_hbl_save("g.save", *parsed.value, ctx,
                                   [&](const hbl::HblReplayedCommand& rc, const hbl::GameState& before,
                                       const hbl::GameState& after) {
                                       CHECK(hbl::state_hash(before) == hbl::state_hash(g.states[seen]));
                                       CHECK(hbl::state_hash(after) == hbl::state_hash(g.states[seen + 1]));
                                       CHECK(rc.line == parsed.value->commands[seen].line);
                                       ++seen;
                                   });
    INFO((r.errors.empty() ? std::string() : r.errors.front().to_string()));
    REQUIRE(r.ok());
    CHECK(seen == parsed.value->commands.size());
    CHECK(hbl::state_hash(r.value->state) == hbl::state_hash(g.states.back()));
    CHECK(r.value->state.over());
}

TEST_CASE("A damaged Hell Broke Loose save is refused at the line where it stops agreeing", "[hbl][save]") {
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    const HblRecorded& g = sample();
    const auto refusal = [&](const std::string& text) {
        auto parsed = data::parse_save("g.save", text);
        REQUIRE(parsed.ok());
        auto r = hbl::replay_hbl_save("g.save", *parsed.value, ctx);
        REQUIRE_FALSE(r.ok());
        REQUIRE_FALSE(r.errors.empty());
        return r.errors.front();
    };
    // A state hash changed: out of sync at that line.
    const std::size_t at = g.text.find(std::string(data::kCommandsLine)) + data::kCommandsLine.size() + 1;
    const std::string first = g.text.substr(at, g.text.find('\n', at) - at);
    std::string wrong = first;
    wrong[0] = wrong[0] == '0' ? '1' : '0';
    auto e = refusal(with_command_line(g.text, 0, wrong));
    CHECK(e.line == command_line_number(g.text, 0));
    CHECK(contains(e.message, "out of sync at \"" + first.substr(17) + "\""));
    // A command that is no command, and one that is not legal there.
    e = refusal(with_command_line(g.text, 1, "0000000000000000 gallop away"));
    CHECK(e.line == command_line_number(g.text, 1));
    CHECK(contains(e.message, "\"gallop away\" is not a command"));
    e = refusal(with_command_line(g.text, 0, "0000000000000000 reload"));
    CHECK(e.line == command_line_number(g.text, 0));
    CHECK(contains(e.message, "\"reload\" is not legal here"));
    // The game-over line on a game that is not over.
    const std::size_t cut = g.text.find('\n', g.text.find('\n', at) + 1) + 1;  // two commands
    e = refusal(g.text.substr(0, cut) + std::string(data::kOverLine) + "\n");
    CHECK(contains(e.message, "the game-over line, but the game replayed is not over"));
    // A keyframe that is not a position, and one that is not the game replayed there.
    e = refusal(g.text.substr(0, cut) + "#== keyframe after 2 commands ==\nx = 1\n#== end of keyframe ==\n");
    CHECK(e.line == command_line_number(g.text, 2) + 1);
    const std::size_t k = g.text.find("#== keyframe after ");
    REQUIRE(k != std::string::npos);
    const std::size_t chips = g.text.find("\nchips = ", k);
    const std::size_t chips_end = g.text.find('\n', chips + 1);
    e = refusal(g.text.substr(0, chips) + "\nchips = 1" + g.text.substr(chips_end));
    CHECK(e.line == 1 + static_cast<int>(std::count(g.text.begin(), g.text.begin() + static_cast<std::ptrdiff_t>(k), '\n')));
    CHECK(contains(e.message, "this keyframe is not the game as replayed after "));
    // Another set-up (another seed).
    data::SaveHeader other = g.header;
    other.seed = 8;
    std::string text = data::write_save_header(other) + g.text.substr(at);
    e = refusal(text);
    CHECK(e.line == 1);
    CHECK(contains(e.message, "the set-up made from this seed and these armies is not the one saved"));
}

TEST_CASE("A Hell Broke Loose save cut short in a keyframe, or saved without keyframes, loads", "[hbl][save]") {
    const hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    const HblRecorded& g = sample();
    const auto replayed = [&](const std::string& text) {
        auto parsed = data::parse_save("g.save", text);
        REQUIRE(parsed.ok());
        auto r = hbl::replay_hbl_save("g.save", *parsed.value, ctx);
        INFO((r.errors.empty() ? std::string() : r.errors.front().to_string()));
        REQUIRE(r.ok());
        return std::pair{*parsed.value, *r.value};
    };
    // The program stopped while it wrote the first keyframe: the game goes on from the command
    // before the one it was written after.
    const std::size_t k = g.text.find("#== keyframe after ");
    const std::size_t k_end = g.text.find(std::string(data::kKeyframeClose), k);
    const auto [save, r] = replayed(g.text.substr(0, (k + k_end) / 2));
    REQUIRE(save.cut_command.has_value());
    CHECK(hbl::state_hash(r.state) == hbl::state_hash(g.states[r.commands.size()]));
    CHECK(g.states[r.commands.size() + 1].turn != g.states[r.commands.size()].turn);
    // A damaged keyframe at the end is not a write cut short.
    std::string damaged = g.text.substr(0, (k + k_end) / 2);
    damaged[k + 40] = damaged[k + 40] == '#' ? '%' : '#';
    auto parsed = data::parse_save("g.save", damaged);
    REQUIRE(parsed.ok());
    CHECK_FALSE(hbl::replay_hbl_save("g.save", *parsed.value, ctx).ok());
    // Saves written before Hell Broke Loose's had keyframes have none: they load as they are.
    std::string old = g.text;
    for (std::size_t at = old.find("#== keyframe after "); at != std::string::npos; at = old.find("#== keyframe after ")) {
        const std::size_t end = old.find(std::string(data::kKeyframeClose), at);
        old.erase(at, end + data::kKeyframeClose.size() + 1 - at);
    }
    const auto [old_save, old_r] = replayed(old);
    CHECK(old_save.keyframes.empty());
    CHECK(hbl::state_hash(old_r.state) == hbl::state_hash(g.states.back()));
}

TEST_CASE("tercio check replays a Hell Broke Loose save by its own rules", "[hbl][save][check]") {
    const HblRecorded& g = sample();
    data::DataCatalog catalog(std::filesystem::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
    auto outcome = kits::check_text("g.save", g.text, catalog, "g.save");
    INFO((outcome.errors.empty() ? std::string() : outcome.errors.front().to_string()));
    CHECK(outcome.kind == "save");
    CHECK(outcome.errors.empty());
    const std::string damaged = with_command_line(g.text, 3, "0000000000000000 turn");
    outcome = kits::check_text("g.save", damaged, catalog, "g.save");
    REQUIRE_FALSE(outcome.errors.empty());
    CHECK(outcome.errors.front().line == command_line_number(g.text, 3));
}
