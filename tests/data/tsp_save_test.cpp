// The Sword and the Pike's saves (src/kits/tsp/data/save.hpp): the save format of docs/saves.md,
// keyframes included. A whole random game written line by line replays to the same states; a
// damaged save is refused at the line where it stops agreeing, and repaired back to its last
// keyframe that replays; a save cut short in a keyframe loads; `tercio check` replays one by its
// own rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "core/dice.hpp"
#include "data/check.hpp"
#include "kits/hbl/data/files.hpp"
#include "kits/pikette/data/files.hpp"
#include "kits/tsp/data/save.hpp"
#include "tests/rules/position_fixture.hpp"
#include "tests/tsp/data_fixture.hpp"

using namespace tercio;
using test::contains;

namespace {

/// A Sword and the Pike game played to its end with random legal commands (never a concession),
/// saved as it went: the header, then each command's lines.
struct TspRecorded {
    data::SaveHeader header;
    std::vector<tsp::GameState> states;  ///< states[i]: the game after i commands
    std::string text;
};

TspRecorded record_tsp_game(const tsp::Context& ctx, std::uint64_t seed, std::uint64_t choices) {
    TspRecorded r;
    core::SeededDice dice(seed);
    tsp::GameState s;
    tsp::new_game(ctx, s, dice);
    r.header.program = "0.1.0";
    r.header.created = "2026-12-06T07:00:00Z";
    r.header.seed = seed;
    r.header.ruleset = test::kTspRuleset;
    r.header.setup_hash = tsp::state_hash(s);
    r.header.sides[0] = data::SavedSide{"french", 1, "alice", "human"};
    r.header.sides[1] = data::SavedSide{"imperialist", 2, "bob", "computer:normal"};
    r.text = data::write_save_header(r.header);
    r.states.push_back(s);
    core::SeededDice chooser(choices);
    while (!s.over()) {
        const auto c = tsp::random_legal(ctx, s, chooser, nullptr);
        REQUIRE(c);
        const tsp::GameState before = s;
        REQUIRE(tsp::play(ctx, s, *c, dice).ok());
        r.text += tsp::tsp_save_lines_after(r.header, ctx, *c, before, s, dice.calls(), r.states.size());
        r.states.push_back(s);
        REQUIRE(r.states.size() < 20000);
    }
    return r;
}

tsp::Context sample_context() {
    return test::TspArmies::get().context("french", "imperialist");
}

const TspRecorded& sample() {
    static const TspRecorded g = record_tsp_game(sample_context(), 7, 8);
    return g;
}

/// The save's text with its `n`-th command line (0 = the first, before the first keyframe)
/// replaced by `line`.
std::string with_command_line(const std::string& text, std::size_t n, const std::string& line) {
    const std::string marker = std::string(data::kCommandsLine) + "\n";
    std::size_t at = text.find(marker) + marker.size();
    for (std::size_t i = 0; i < n; ++i) at = text.find('\n', at) + 1;
    const std::size_t end = text.find('\n', at);
    return text.substr(0, at) + line + text.substr(end);
}

/// The save's text with its line number `n` (from 1) replaced by `line`.
std::string with_file_line(const std::string& text, int n, const std::string& line) {
    std::size_t at = 0;
    for (int i = 1; i < n; ++i) at = text.find('\n', at) + 1;
    return text.substr(0, at) + line + text.substr(text.find('\n', at));
}

/// The file line of the `n`-th command, before the first keyframe.
int command_line_number(const std::string& text, std::size_t n) {
    const std::size_t at = text.find(std::string(data::kCommandsLine));
    int line = 1;
    for (std::size_t i = 0; i < at; ++i) line += text[i] == '\n';
    return line + 1 + static_cast<int>(n);
}

}  // namespace

TEST_CASE("A Sword and the Pike game saved line by line replays to the same states", "[tsp][save]") {
    const tsp::Context ctx = sample_context();
    const TspRecorded& g = sample();
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
    auto r = tsp::replay_tsp_save("g.save", *parsed.value, ctx,
                                  [&](const tsp::TspReplayedCommand& rc, const tsp::GameState& before,
                                      const tsp::GameState& after) {
                                      CHECK(tsp::state_hash(before) == tsp::state_hash(g.states[seen]));
                                      CHECK(tsp::state_hash(after) == tsp::state_hash(g.states[seen + 1]));
                                      CHECK(rc.line == parsed.value->commands[seen].line);
                                      ++seen;
                                  });
    INFO((r.errors.empty() ? std::string() : r.errors.front().to_string()));
    REQUIRE(r.ok());
    CHECK(seen == parsed.value->commands.size());
    CHECK(r.value->state == g.states.back());
    CHECK(r.value->state.over());
}

TEST_CASE("A damaged Sword and the Pike save is refused at the line where it stops agreeing", "[tsp][save]") {
    const tsp::Context ctx = sample_context();
    const TspRecorded& g = sample();
    const auto refusal = [&](const std::string& text) {
        auto parsed = data::parse_save("g.save", text);
        REQUIRE(parsed.ok());
        auto r = tsp::replay_tsp_save("g.save", *parsed.value, ctx);
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
    // A command that is no command, and one that is not legal there (no unit is activated yet).
    e = refusal(with_command_line(g.text, 1, "0000000000000000 gallop away"));
    CHECK(e.line == command_line_number(g.text, 1));
    CHECK(contains(e.message, "\"gallop away\" is not a command"));
    e = refusal(with_command_line(g.text, 0, "0000000000000000 stay"));
    CHECK(e.line == command_line_number(g.text, 0));
    CHECK(contains(e.message, "\"stay\" is not legal here"));
    // The game-over line on a game that is not over.
    const std::size_t cut = g.text.find('\n', g.text.find('\n', at) + 1) + 1;  // two commands
    e = refusal(g.text.substr(0, cut) + std::string(data::kOverLine) + "\n");
    CHECK(contains(e.message, "the game-over line, but the game replayed is not over"));
    // A keyframe that is not a position, and one that is not the game replayed there.
    e = refusal(g.text.substr(0, cut) + "#== keyframe after 2 commands ==\nx = 1\n#== end of keyframe ==\n");
    CHECK(e.line == command_line_number(g.text, 2) + 1);
    const std::size_t k = g.text.find("#== keyframe after ");
    REQUIRE(k != std::string::npos);
    const std::size_t failures = g.text.find("\nspirit_failures = ", k);
    const std::size_t failures_end = g.text.find('\n', failures + 1);
    const std::string was = g.text.substr(failures, failures_end - failures);
    e = refusal(g.text.substr(0, failures) + (was == "\nspirit_failures = 1" ? "\nspirit_failures = 0" : "\nspirit_failures = 1") +
                g.text.substr(failures_end));
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

TEST_CASE("A Sword and the Pike save damaged after a keyframe is repaired back to it", "[tsp][save]") {
    const tsp::Context ctx = sample_context();
    const TspRecorded& g = sample();
    auto parsed = data::parse_save("g.save", g.text);
    REQUIRE(parsed.ok());
    REQUIRE(parsed.value->keyframes.size() >= 2);
    // The command after the second keyframe changed: the save replays to that keyframe.
    const std::size_t kept = parsed.value->keyframes[1].commands;
    const std::string damaged = with_file_line(g.text, parsed.value->commands[kept].line, "0000000000000000 stay");
    auto broken = data::parse_save("g.save", damaged);
    REQUIRE(broken.ok());
    REQUIRE_FALSE(tsp::replay_tsp_save("g.save", *broken.value, ctx).ok());
    const auto repair = tsp::repair_tsp_save("g.save", *broken.value, ctx);
    REQUIRE(repair.has_value());
    CHECK(repair->kept.commands.size() == kept);
    CHECK(repair->first_dropped == kept + 1);
    CHECK(repair->turn == g.states[kept].turn);
    auto r = tsp::replay_tsp_save("g.save", repair->kept, ctx);
    INFO((r.errors.empty() ? std::string() : r.errors.front().to_string()));
    REQUIRE(r.ok());
    CHECK(r.value->state == g.states[kept]);
    // A whole save needs no repair.
    CHECK_FALSE(tsp::repair_tsp_save("g.save", *parsed.value, ctx).has_value());
}

TEST_CASE("A Sword and the Pike save cut short in a keyframe loads", "[tsp][save]") {
    const tsp::Context ctx = sample_context();
    const TspRecorded& g = sample();
    // The program stopped while it wrote the first keyframe: the game goes on from the command
    // before the one it was written after.
    const std::size_t k = g.text.find("#== keyframe after ");
    const std::size_t k_end = g.text.find(std::string(data::kKeyframeClose), k);
    auto parsed = data::parse_save("g.save", g.text.substr(0, (k + k_end) / 2));
    REQUIRE(parsed.ok());
    REQUIRE(parsed.value->cut_command.has_value());
    auto r = tsp::replay_tsp_save("g.save", *parsed.value, ctx);
    INFO((r.errors.empty() ? std::string() : r.errors.front().to_string()));
    REQUIRE(r.ok());
    CHECK(r.value->state == g.states[r.value->commands.size()]);
    CHECK(g.states[r.value->commands.size() + 1].turn != g.states[r.value->commands.size()].turn);
    // A damaged keyframe at the end is not a write cut short.
    std::string damaged = g.text.substr(0, (k + k_end) / 2);
    damaged[k + 40] = damaged[k + 40] == '#' ? '%' : '#';
    parsed = data::parse_save("g.save", damaged);
    REQUIRE(parsed.ok());
    CHECK_FALSE(tsp::replay_tsp_save("g.save", *parsed.value, ctx).ok());
}

TEST_CASE("tercio check replays a Sword and the Pike save by its own rules", "[tsp][save][check]") {
    const TspRecorded& g = sample();
    data::DataCatalog& catalog = test::TspArmies::get().catalog();
    const data::FileCheckers checkers{
        {rules::file_checker(rules::resolver(catalog), rules::context_resolver(catalog)), hbl::file_checker(catalog),
         tsp::file_checker(catalog)},
        catalog.engine_resolver()};
    auto outcome = data::check_text("g.save", g.text, checkers, "g.save");
    INFO((outcome.errors.empty() ? std::string() : outcome.errors.front().to_string()));
    CHECK(outcome.kind == "save");
    CHECK(outcome.errors.empty());
    const std::string damaged = with_command_line(g.text, 3, "0000000000000000 stay");
    outcome = data::check_text("g.save", damaged, checkers, "g.save");
    REQUIRE_FALSE(outcome.errors.empty());
    CHECK(outcome.errors.front().line == command_line_number(g.text, 3));
}
