// Saved games, the format alone (docs/saves.md): write_save_header and save_lines_after build the
// text, parse_save reads it and replay_save plays it back. Games of random legal commands are
// saved, cut, reloaded and carried on; damaged saves fail at the right line with a clear message;
// a golden save recorded once must load in every later version.
//
// The golden save tests/replays/french-spanish-12.save was written once by
//   TERCIO_UPDATE_REPLAYS=1 build/dev/tests/tercio_tests "[golden]"
// Do not rewrite it: it stands for the saves players already have. If a change to the rules or the
// format makes it fail, the change breaks old saves (see the test at the end). The thousand games
// cut and resumed are a long series of their own, tests/data/save_cut_test.cpp.
#include "data/save.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ai/player.hpp"
#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "kits/pikette/data/position.hpp"
#include "rules/state_hash.hpp"
#include "tests/data/recorded_game.hpp"
#include "tests/rules/fixture.hpp"
#include "kits/pikette/data/save.hpp"

namespace fs = std::filesystem;
using namespace tercio;
using data::SaveHeader;
using rules::Command;
using rules::GameState;
using namespace tercio::test;

namespace {

/// The game the error tests damage: French against Spanish, seed 12.
const Recorded& sample_game() {
    static const Recorded g = [] {
        std::mt19937_64 choose(12);
        return record_game(test::Armies::get().context("french", "spanish"), "french", "spanish", 12, choose);
    }();
    return g;
}

rules::RulesContext sample_context() { return test::Armies::get().context("french", "spanish"); }

/// The first error of loading a save that must be bad: from parse_save, or else from replay_save.
data::LoadError load_bad(const std::string& text, const rules::RulesContext& ctx) {
    auto p = data::parse_save("bad.save", text);
    data::LoadErrors errors = p.errors;
    if (p.ok()) {
        auto r = rules::replay_save("bad.save", *p.value, ctx);
        REQUIRE_FALSE(r.ok());
        REQUIRE_FALSE(r.value.has_value());
        errors = r.errors;
    } else {
        REQUIRE_FALSE(p.value.has_value());
    }
    REQUIRE_FALSE(errors.empty());
    INFO(errors_text(errors));
    CHECK(errors.front().file == "bad.save");
    return errors.front();
}

/// The text's lines, each without its newline.
std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::string join_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

/// The 1-based number of the first line that starts with `prefix` (0 if none).
int line_starting(const std::vector<std::string>& lines, std::string_view prefix, int from = 1) {
    for (std::size_t i = static_cast<std::size_t>(from - 1); i < lines.size(); ++i) {
        if (lines[i].rfind(prefix, 0) == 0) return static_cast<int>(i) + 1;
    }
    return 0;
}

/// Replaces the one occurrence of `from` in `text`.
std::string with(std::string text, std::string_view from, std::string_view to) {
    const auto pos = text.find(from);
    REQUIRE(pos != std::string::npos);
    REQUIRE(text.find(from, pos + 1) == std::string::npos);
    return text.replace(pos, from.size(), to);
}

/// Replaces the one occurrence of `from` in the header of a save (keyframes hold the same keys).
std::string with_in_header(const std::string& text, std::string_view from, std::string_view to) {
    const auto end = text.find(data::kCommandsLine);
    REQUIRE(end != std::string::npos);
    return with(text.substr(0, end), from, to) + text.substr(end);
}

bool contains(std::string_view text, std::string_view part) { return text.find(part) != std::string_view::npos; }

}  // namespace

namespace {

/// The line (1-based) that starts at byte `offset` of `text`.
int line_at(std::string_view text, std::size_t offset) {
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

/// The index of the first command of `g` after which save_lines_after wrote a keyframe.
std::size_t first_keyframe_command(const Recorded& g) {
    for (std::size_t i = 0; i < g.commands.size(); ++i) {
        if (contains(std::string_view(g.text).substr(g.ends[i], g.ends[i + 1] - g.ends[i]), "#== keyframe after ")) {
            return i;
        }
    }
    FAIL("the game has no keyframe");
    return 0;
}

/// The sample save with command `i`'s line (0-based) replaced by `line`.
std::string with_command_line(std::size_t i, const std::string& line) {
    const Recorded& g = sample_game();
    const std::size_t begin = g.ends[i];
    const std::size_t end = g.text.find('\n', begin) + 1;
    return g.text.substr(0, begin) + line + "\n" + g.text.substr(end);
}

}  // namespace

TEST_CASE("a save header is written and read back exactly", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    SaveHeader h = g.header;

    SECTION("a seed in the TOML integer range is written as a number") {
        const std::string text = data::write_save_header(h);
        CHECK(contains(text, "\nseed = 12\n"));
        CHECK(contains(text, "\nschema_version = 1\nkind = \"save\"\n"));
        CHECK(text.size() > data::kCommandsLine.size());
        CHECK(text.substr(text.size() - data::kCommandsLine.size() - 1) == std::string(data::kCommandsLine) + "\n");
        data::SaveFile parsed;
        const rules::Replayed r = load_good(text, ctx, &parsed);
        CHECK(parsed.header == h);
        CHECK(parsed.commands.empty());
        CHECK(parsed.keyframes.empty());
        CHECK_FALSE(parsed.over);
        CHECK(parsed.good_bytes == text.size());
        CHECK_FALSE(parsed.cut_line.has_value());
        // Replayed, it is the game just after its set-up rolls.
        CHECK(r.state == g.states[0]);
        CHECK(r.calls == g.calls[0]);
        CHECK(r.commands.empty());
        CHECK_FALSE(r.setup.empty());
    }
    SECTION("seeds above it are written as hash strings; quotes and backslashes are escaped") {
        for (const std::uint64_t seed : {std::uint64_t{0x7fffffffffffffffULL}, std::uint64_t{0x8000000000000000ULL},
                                         std::uint64_t{0xfedcba9876543210ULL}, ~std::uint64_t{0}}) {
            h.seed = seed;
            h.program = "0.1.0 \"dev\" C:\\build";
            const std::string text = data::write_save_header(h);
            INFO(text);
            if (seed > 0x7fffffffffffffffULL) CHECK(contains(text, "\nseed = \"" + data::hex64(seed) + "\"\n"));
            if (seed <= 0x7fffffffffffffffULL) CHECK(contains(text, "\nseed = 9223372036854775807\n"));
            const auto p = data::parse_save("h.save", text);
            INFO(errors_text(p.errors));
            REQUIRE(p.ok());
            CHECK(p.value->header == h);
        }
    }
}

TEST_CASE("a save header keeps the optional rules a game is played with, and none is no key at all",
          "[save][data][options]") {
    SaveHeader h = sample_game().header;
    REQUIRE(h.options.empty());
    CHECK_FALSE(contains(data::write_save_header(h), "options"));
    h.options = {"quicker-movement", "light-rain"};
    const std::string text = data::write_save_header(h);
    CHECK(contains(text, "\noptions = [\"quicker-movement\", \"light-rain\"]\n"));
    const auto p = data::parse_save("h.save", text);
    INFO(errors_text(p.errors));
    REQUIRE(p.ok());
    CHECK(p.value->header == h);
    SECTION("a name that is not an id, or options that are not a list, are refused at their line and column") {
        std::string bad = text;
        bad.replace(bad.find("\"light-rain\""), 12, "\"light rain\"");
        auto q = data::parse_save("bad.save", bad);
        REQUIRE_FALSE(q.ok());
        CHECK(contains(errors_text(q.errors), "bad.save:"));
        CHECK(contains(errors_text(q.errors), "\"light rain\" is not the name of an optional rule"));
        bad = text;
        const std::size_t list = bad.find("[\"quicker");
        bad.replace(list, bad.find('\n', list) - list, "3");
        q = data::parse_save("bad.save", bad);
        REQUIRE_FALSE(q.ok());
        CHECK(contains(errors_text(q.errors), "expected an array of optional rules' names"));
    }
}

TEST_CASE("hex64 and content_hash", "[save][data]") {
    CHECK(data::hex64(0) == "0x0000000000000000");
    CHECK(data::hex64(0xfedcba9876543210ULL) == "0xfedcba9876543210");
    // FNV-1a 64's published values.
    CHECK(data::content_hash("") == 0xcbf29ce484222325ULL);
    CHECK(data::content_hash("a") == 0xaf63dc4c8601ec8cULL);
    CHECK(data::content_hash("foobar") == 0x85944171f73967e8ULL);
}

TEST_CASE("save_lines_after writes the command's line, a keyframe when a turn begins, the game-over line at the end",
          "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    int keyframes = 0;
    for (std::size_t i = 0; i < g.commands.size(); ++i) {
        INFO("command " << i + 1 << ": " << rules::print(g.commands[i]));
        const std::string_view part = std::string_view(g.text).substr(g.ends[i], g.ends[i + 1] - g.ends[i]);
        const std::string line = data::hex64(rules::state_hash(g.states[i + 1])).substr(2) + " " +
                                 rules::print(g.commands[i]) + "\n";
        CHECK(rules::save_command_line(g.commands[i], rules::state_hash(g.states[i + 1])) == line);
        REQUIRE(part.substr(0, line.size()) == line);
        const bool over = g.states[i + 1].decision == rules::Decision::GameOver;
        const bool new_turn = g.states[i + 1].turn != g.states[i].turn && !over;
        const std::string marker = "#== keyframe after " + std::to_string(i + 1) + " commands ==\n";
        CHECK((part.substr(line.size(), marker.size()) == marker) == new_turn);
        CHECK(part.ends_with(std::string(data::kOverLine) + "\n") == over);
        if (!new_turn && !over) CHECK(part.size() == line.size());
        if (new_turn) {
            ++keyframes;
            // The keyframe is the position of the game then, with the dice where they were.
            rules::Position p{"pikette-squared", {"french", "spanish"}, 12, g.calls[i + 1], g.states[i + 1]};
            CHECK(part.substr(line.size()) == data::save_keyframe(i + 1, rules::write_position(p, ctx)));
            CHECK(part.ends_with("#== end of keyframe ==\n"));
        }
    }
    // Keyframes at turns 1, 2, ...: one for each turn begun.
    CHECK(keyframes == g.states.back().turn);
    CHECK(keyframes >= 2);
    CHECK(g.states.back().decision == rules::Decision::GameOver);
}

TEST_CASE("play: a card turned or a die drawn is random, a deployment is not, and a refusal changes nothing",
          "[rules][play]") {
    const auto ctx = sample_context();
    core::SeededDice dice(12);
    GameState s;
    rules::new_game(ctx, s, dice);
    const auto apply_first = [&](std::initializer_list<Command> preferred) {
        for (const Command& c : preferred) {
            if (!rules::validate(ctx, s, c)) {
                rules::apply(ctx, s, c, dice);
                return;
            }
        }
        auto legal = rules::legal_commands(ctx, s);
        legal.erase(std::remove_if(legal.begin(), legal.end(), is_concede), legal.end());
        REQUIRE_FALSE(legal.empty());
        rules::apply(ctx, s, legal.front(), dice);
    };
    // To the deployment, placing no terrain.
    for (int i = 0; i < 50 && s.decision != rules::Decision::Deploy; ++i) {
        apply_first({rules::PassTerrain{}, rules::AdjustTerrain{}});
    }
    REQUIRE(s.decision == rules::Decision::Deploy);
    const auto legal = rules::legal_commands(ctx, s);
    const auto deploy = std::find_if(legal.begin(), legal.end(),
                                     [](const Command& c) { return std::holds_alternative<rules::Deploy>(c); });
    REQUIRE(deploy != legal.end());

    // Refused: an illegal command, the state and the dice as they were.
    const GameState before_refusal = s;
    std::uint64_t calls = dice.calls();
    const rules::Played refused = rules::play(ctx, s, rules::TurnCard{}, dice);
    REQUIRE_FALSE(refused.ok());
    CHECK_FALSE(refused.refused->empty());
    CHECK(refused.events.empty());
    CHECK(s == before_refusal);
    CHECK(dice.calls() == calls);

    const rules::Played deployed = rules::play(ctx, s, *deploy, dice);
    REQUIRE(deployed.ok());
    CHECK_FALSE(deployed.events.empty());
    CHECK(dice.calls() == calls);
    CHECK_FALSE(deployed.random);

    // On to the first card of the game.
    for (int i = 0; i < 200 && rules::validate(ctx, s, rules::TurnCard{}); ++i) {
        apply_first({rules::DeployAuto{}, rules::ChooseOrder{true}});
    }
    REQUIRE_FALSE(rules::validate(ctx, s, rules::TurnCard{}).has_value());
    // A card is random even when no die is drawn with it (the deck was shuffled at the set-up).
    calls = dice.calls();
    const rules::Played turned = rules::play(ctx, s, rules::TurnCard{}, dice);
    REQUIRE(turned.ok());
    CHECK(std::any_of(turned.events.begin(), turned.events.end(),
                      [](const rules::Event& e) { return std::holds_alternative<rules::CardTurned>(e); }));
    CHECK(dice.calls() == calls);
    CHECK(turned.random);

    // A command that draws a die is random; a dice source that runs out refuses it, changing
    // nothing.
    const auto draws = [&](const Command& c) {
        GameState copy = s;
        core::SeededDice d(dice.seed(), dice.calls());
        rules::apply(ctx, copy, c, d);
        return d.calls() != dice.calls();
    };
    std::optional<Command> rolling;
    for (int i = 0; i < 400 && !rolling && s.decision != rules::Decision::GameOver; ++i) {
        for (const Command& c : rules::legal_commands(ctx, s)) {
            if (!is_concede(c) && draws(c)) {
                rolling = c;
                break;
            }
        }
        if (!rolling) apply_first({});
    }
    REQUIRE(rolling);
    const GameState before_roll = s;
    core::ScriptedDice empty({});
    const rules::Played ran_out = rules::play(ctx, s, *rolling, empty);
    REQUIRE_FALSE(ran_out.ok());
    CHECK(ran_out.refused->rfind("dice: ", 0) == 0);
    CHECK(s == before_roll);
    const rules::Played rolled = rules::play(ctx, s, *rolling, dice);
    REQUIRE(rolled.ok());
    CHECK(rolled.random);
}

TEST_CASE("replay_save tells each command as it goes, with the states around it and whether it was random", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const auto p = data::parse_save("game.save", g.text);
    REQUIRE(p.ok());
    std::size_t seen = 0;
    bool order_ok = true;
    const auto r = rules::replay_save("game.save", *p.value, ctx,
                                     [&](const rules::ReplayedCommand& c, const GameState& before, const GameState& after) {
                                         order_ok = order_ok && c.command == g.commands[seen] &&
                                                    before == g.states[seen] && after == g.states[seen + 1] &&
                                                    c.by == g.states[seen].decider &&
                                                    c.line == p.value->commands[seen].line;
                                         ++seen;
                                     });
    INFO(errors_text(r.errors));
    REQUIRE(r.ok());
    CHECK(seen == g.commands.size());
    CHECK(order_ok);
    REQUIRE(r.value->commands.size() == g.commands.size());
    // `random` as the live game drew (the screen's undo goes back over the commands after the last one).
    std::size_t last_random = 0;  // one past the last random command
    int randoms = 0;
    for (std::size_t i = 0; i < g.commands.size(); ++i) {
        const rules::ReplayedCommand& c = r.value->commands[i];
        const bool card = std::any_of(c.events.begin(), c.events.end(), [](const rules::Event& e) {
            return std::holds_alternative<rules::CardTurned>(e);
        });
        INFO("command " << i + 1 << ": " << rules::print(c.command));
        CHECK(c.random == (card || g.calls[i] != g.calls[i + 1]));
        if (c.random) {
            last_random = i + 1;
            ++randoms;
        }
    }
    CHECK(randoms > 10);
    CHECK(last_random > 0);
}

TEST_CASE("a save cut in the middle of a line loses that line only", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const std::size_t k = g.commands.size() / 2;
    const std::size_t next_line = g.text.find('\n', g.ends[k]) - g.ends[k];  // command k+1's line, no newline
    for (const std::size_t kept : {std::size_t{1}, std::size_t{10}, next_line}) {
        INFO("cut after " << kept << " bytes of line " << line_at(g.text, g.ends[k]));
        const std::string text = g.text.substr(0, g.ends[k] + kept);
        data::SaveFile parsed;
        const rules::Replayed r = load_good(text, ctx, &parsed);
        CHECK(parsed.good_bytes == g.ends[k]);
        REQUIRE(parsed.cut_line.has_value());
        CHECK(*parsed.cut_line == line_at(g.text, g.ends[k]));
        CHECK(parsed.commands.size() == k);
        CHECK(r.state == g.states[k]);
        CHECK(r.calls == g.calls[k]);
    }
}

TEST_CASE("a save cut inside a keyframe loses the command that began it", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const std::size_t i = first_keyframe_command(g);  // command i+1 began a turn
    const std::size_t kf = g.text.find('\n', g.ends[i]) + 1;  // the keyframe's marker line
    const std::size_t five_lines = [&] {
        std::size_t at = kf;
        for (int n = 0; n < 5; ++n) at = g.text.find('\n', at) + 1;
        return at;
    }();
    for (const std::size_t end : {five_lines, five_lines + 3}) {
        INFO("cut at line " << line_at(g.text, end) << " of the keyframe");
        const std::string text = g.text.substr(0, end);
        data::SaveFile parsed;
        const rules::Replayed r = load_good(text, ctx, &parsed);
        CHECK(parsed.good_bytes == g.ends[i]);
        REQUIRE(parsed.cut_line.has_value());
        CHECK(*parsed.cut_line == line_at(g.text, g.ends[i]));
        CHECK(parsed.commands.size() == i);
        CHECK(parsed.keyframes.empty());
        CHECK(r.state == g.states[i]);
    }
    // Cut inside the keyframe's first line, the command is whole and stays (without its keyframe).
    data::SaveFile parsed;
    const rules::Replayed r = load_good(g.text.substr(0, kf + 5), ctx, &parsed);
    CHECK(parsed.good_bytes == kf);
    REQUIRE(parsed.cut_line.has_value());
    CHECK(*parsed.cut_line == line_at(g.text, kf));
    CHECK(parsed.commands.size() == i + 1);
    CHECK(parsed.keyframes.empty());
    CHECK(r.state == g.states[i + 1]);
}

TEST_CASE("a save with no commands line is refused as not whole", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const auto lines = split_lines(g.text);
    const int commands_line = line_starting(lines, std::string(data::kCommandsLine));
    const int seed_line = line_starting(lines, "seed = ");
    REQUIRE(seed_line > 1);
    REQUIRE(commands_line > seed_line);
    // Cut after the seed line.
    std::string text = join_lines(std::vector<std::string>(lines.begin(), lines.begin() + seed_line));
    data::LoadError e = load_bad(text, ctx);
    CHECK(e.to_string() == "bad.save:" + std::to_string(seed_line + 1) + ":1: no line \"" +
                               std::string(data::kCommandsLine) + "\": this is not a whole tercio save");
    // Cut inside the commands line.
    text = join_lines(std::vector<std::string>(lines.begin(), lines.begin() + commands_line - 1)) + "#== commands: the";
    e = load_bad(text, ctx);
    CHECK(e.line == commands_line);
    CHECK(contains(e.message, "not a whole tercio save"));
    // Nothing at all.
    e = load_bad("", ctx);
    CHECK(e.line == 1);
    CHECK(contains(e.message, "not a whole tercio save"));
}

TEST_CASE("a save whose hash disagrees is out of sync at that line, naming the command", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const std::size_t j = first_keyframe_command(g) + 3;
    REQUIRE(j < g.commands.size());
    const std::string original = g.text.substr(g.ends[j], 16);
    std::string hash = original;
    hash[5] = hash[5] == '0' ? '1' : '0';
    const std::string cmd = rules::print(g.commands[j]);
    const std::string text = with_command_line(j, hash + " " + cmd);
    const int line = line_at(g.text, g.ends[j]);
    const data::LoadError e = load_bad(text, ctx);
    CHECK(e.to_string() == "bad.save:" + std::to_string(line) + ":1: out of sync at \"" + cmd +
                               "\": the game here is 0x" + original + ", the save says 0x" + hash +
                               " (it was edited, or made by another program or data)");
}

TEST_CASE("a save with an illegal command, or one that does not parse, is refused at its line", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const int line = line_at(g.text, g.ends[0]);
    const std::string hash = g.text.substr(g.ends[0], 16);
    SECTION("illegal") {
        // Turning a card during the set-up.
        REQUIRE_FALSE(test::refusal(ctx, g.states[0], "turn").empty());
        const data::LoadError e = load_bad(with_command_line(0, hash + " turn"), ctx);
        CHECK(e.line == line);
        CHECK(e.column == 1);
        CHECK(e.message.rfind("\"turn\" is not legal here: ", 0) == 0);
        CHECK(contains(e.message, "(the save and this program no longer agree)"));
    }
    SECTION("not a command") {
        const data::LoadError e = load_bad(with_command_line(0, hash + " frobnicate b4"), ctx);
        CHECK(e.line == line);
        CHECK(e.message.rfind("\"frobnicate b4\" is not a command: ", 0) == 0);
    }
    SECTION("not a hash") {
        for (const std::string& bad : std::vector<std::string>{"0123456789ABCDEF pass", "0123456789abcde pass", "pass", ""}) {
            INFO("line: " << bad);
            const data::LoadError e = load_bad(with_command_line(0, bad), ctx);
            CHECK(e.to_string() == "bad.save:" + std::to_string(line) +
                                       ":1: expected a state hash (16 hex digits), a space and a command, found \"" +
                                       bad + "\"");
        }
    }
}

TEST_CASE("a save of a newer format is refused", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const std::string text = with_in_header(g.text, "\nschema_version = 1\n", "\nschema_version = 2\n");
    const data::LoadError e = load_bad(text, ctx);
    CHECK(e.to_string() ==
          "bad.save:3:18: schema_version: version 2 is newer than this program reads (1); update tercio");
    CHECK(contains(load_bad(with_in_header(g.text, "\nschema_version = 1\n", "\nschema_version = 0\n"), ctx).message,
                   "not a version"));
    CHECK(contains(load_bad(with_in_header(g.text, "\nkind = \"save\"\n", "\nkind = \"position\"\n"), ctx).message,
                   "expected \"save\", found \"position\""));
}

TEST_CASE("a save whose seed was edited fails its set-up hash", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const data::LoadError e = load_bad(with_in_header(g.text, "\nseed = 12\n", "\nseed = 13\n"), ctx);
    CHECK(e.line == 1);
    CHECK(contains(e.message, "set-up made from this seed and these armies is not the one saved (setup_hash)"));
    CHECK(contains(e.message, "(0.1.0)"));
    // The set-up hash itself edited: the same.
    const std::string setup = "setup_hash = \"" + data::hex64(g.header.setup_hash) + "\"";
    const data::LoadError e2 = load_bad(with_in_header(g.text, setup, "setup_hash = \"0x0123456789abcdef\""), ctx);
    CHECK(e2.line == 1);
    CHECK(contains(e2.message, "(setup_hash)"));
}

TEST_CASE("a save with an edited keyframe is refused at the keyframe", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const std::size_t i = first_keyframe_command(g);
    const std::size_t kf = g.text.find('\n', g.ends[i]) + 1;  // the marker line
    const int marker_line = line_at(g.text, kf);
    const std::size_t kf_end = g.text.find("#== end of keyframe ==", kf);
    const std::string before = g.text.substr(0, kf);
    const std::string keyframe = g.text.substr(kf, kf_end - kf);
    const std::string after = g.text.substr(kf_end);
    const std::string refusal = "this keyframe is not the game as replayed after " + std::to_string(i + 1) +
                                " commands: the save was edited, or made by another program or data";
    SECTION("its dice") {
        const std::string calls = "calls = " + std::to_string(g.calls[i + 1]) + "\n";
        const std::string text = before + with(keyframe, calls, "calls = " + std::to_string(g.calls[i + 1] + 1) + "\n") + after;
        CHECK(load_bad(text, ctx).to_string() == "bad.save:" + std::to_string(marker_line) + ":1: " + refusal);
    }
    SECTION("its game") {
        const std::string turn = "\nturn = " + std::to_string(g.states[i + 1].turn) + "\n";
        const std::string text = before + with(keyframe, turn, "\nturn = " + std::to_string(g.states[i + 1].turn + 1) + "\n") + after;
        CHECK(load_bad(text, ctx).to_string() == "bad.save:" + std::to_string(marker_line) + ":1: " + refusal);
    }
    SECTION("not a position: the error is at its line in the save") {
        const std::string turn = "\nturn = " + std::to_string(g.states[i + 1].turn) + "\n";
        const std::string text = before + with(keyframe, turn, "\nturn = \"x\"\n") + after;
        const std::size_t at = text.find("\nturn = \"x\"\n", kf) + 1;
        const data::LoadError e = load_bad(text, ctx);
        CHECK(e.line == line_at(text, at));
        CHECK(contains(e.message, "turn"));
    }
    SECTION("the armies it names") {
        const std::string armies = "armies = { a = \"" + g.header.sides[0].army + "\", b = \"" + g.header.sides[1].army + "\" }";
        REQUIRE(contains(keyframe, armies));
        const std::string other = g.header.sides[1].army == "moorish" ? "ottoman" : "moorish";
        const std::string text = before + with(keyframe, armies, "armies = { a = \"" + g.header.sides[0].army + "\", b = \"" + other + "\" }") + after;
        CHECK(load_bad(text, ctx).to_string() == "bad.save:" + std::to_string(marker_line) + ":1: " + refusal);
    }
    SECTION("its count of commands") {
        const std::string marker = "#== keyframe after " + std::to_string(i + 1) + " commands ==";
        const std::string text = before + with(keyframe, marker, "#== keyframe after " + std::to_string(i + 2) + " commands ==") + after;
        CHECK(load_bad(text, ctx).to_string() == "bad.save:" + std::to_string(marker_line) + ":20: this keyframe says it follows " +
                                                    std::to_string(i + 2) + " commands, but " + std::to_string(i + 1) +
                                                    " come before it");
        const std::string garbled = before + with(keyframe, marker, "#== keyframe after many commands ==") + after;
        const data::LoadError e = load_bad(garbled, ctx);
        CHECK(e.line == marker_line);
        CHECK(contains(e.message, "a keyframe line must read"));
    }
}

TEST_CASE("a save with lines after the game-over line is refused", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    REQUIRE(g.text.ends_with(std::string(data::kOverLine) + "\n"));
    const int last = line_at(g.text, g.text.size());  // the line after the last
    for (const std::string& extra : {std::string("0123456789abcdef pass"), std::string(data::kOverLine), std::string()}) {
        INFO("extra line: " << extra);
        CHECK(load_bad(g.text + extra + "\n", ctx).to_string() ==
              "bad.save:" + std::to_string(last) + ":1: a line after the game-over line");
    }
}

TEST_CASE("a game-over line on a game that is not over is refused", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const std::size_t j = first_keyframe_command(g) + 3;
    REQUIRE(j + 1 < g.commands.size());
    // The save cut after command j + 1 (whole lines), then the game-over line.
    const std::size_t end = g.ends[j + 1];
    const std::string text = g.text.substr(0, end) + std::string(data::kOverLine) + "\n";
    CHECK(load_bad(text, ctx).to_string() == "bad.save:" + std::to_string(line_at(text, end)) +
                                                 ":1: the game-over line, but the game replayed is not over: the save was edited");
}

TEST_CASE("a save with a bad header key is refused at its line and column", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    const auto lines = split_lines(g.text);
    const int program_line = line_starting(lines, "program = ");
    const int seed_line = line_starting(lines, "seed = ");
    const int blue_line = line_starting(lines, "[blue]");
    SECTION("an unknown key") {
        const data::LoadError e = load_bad(with_in_header(g.text, "\nseed = 12\n", "\nseed = 12\ncolour = \"red\"\n"), ctx);
        CHECK(e.to_string() == "bad.save:" + std::to_string(seed_line + 1) + ":1: colour: unknown key");
        const data::LoadError e2 = load_bad(with_in_header(g.text, "[blue]\n", "[blue]\ncolour = \"blue\"\n"), ctx);
        CHECK(e2.to_string() == "bad.save:" + std::to_string(blue_line + 1) + ":1: blue.colour: unknown key");
    }
    SECTION("a value of the wrong type") {
        CHECK(load_bad(with_in_header(g.text, "\nprogram = \"0.1.0\"\n", "\nprogram = 3\n"), ctx).to_string() ==
              "bad.save:" + std::to_string(program_line) + ":11: program: expected a string, found an integer");
        const data::LoadError e = load_bad(with_in_header(g.text, "\nseed = 12\n", "\nseed = 1.5\n"), ctx);
        CHECK(e.line == seed_line);
        CHECK(e.column == 8);
        CHECK(contains(e.message, "seed: expected a whole number from 0"));
        const data::LoadError e2 = load_bad(with_in_header(g.text, "\nseed = 12\n", "\nseed = -1\n"), ctx);
        CHECK(e2.line == seed_line);
        CHECK(contains(e2.message, "seed: expected a whole number from 0"));
    }
    SECTION("a hash that is not one") {
        const std::string ruleset = "ruleset_hash = \"" + data::hex64(g.header.ruleset_hash) + "\"";
        const data::LoadError e = load_bad(with_in_header(g.text, ruleset, "ruleset_hash = \"0xABCDEF0123456789\""), ctx);
        CHECK(e.line == line_starting(lines, "ruleset_hash = "));
        CHECK(e.column == 16);
        CHECK(contains(e.message, "\"0xABCDEF0123456789\" is not a hash"));
    }
    SECTION("a player name that could not be a directory") {
        const data::LoadError e = load_bad(with_in_header(g.text, "player = \"bob\"", "player = \"../bob\""), ctx);
        CHECK(e.line == line_starting(lines, "player = \"bob\""));
        CHECK(contains(e.message, "is not a player name"));
    }
    SECTION("a missing key") {
        const data::LoadError e = load_bad(with_in_header(g.text, "\nprogram = \"0.1.0\"\n", "\n"), ctx);
        CHECK(contains(e.message, "missing required key 'program'"));
    }
    SECTION("TOML that does not parse") {
        const data::LoadError e = load_bad(with_in_header(g.text, "\nseed = 12\n", "\nseed = = 12\n"), ctx);
        CHECK(e.line == seed_line);
        CHECK(contains(e.message, "syntax error"));
    }
}

TEST_CASE("a side played by the computer is saved as computer and its level and read back", "[save][data][ai]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    // The levels a save may name are the computer's own.
    REQUIRE(data::kComputerLevels.size() == ai::kLevels.size());
    for (std::size_t i = 0; i < ai::kLevels.size(); ++i) CHECK(data::kComputerLevels[i] == ai::level_name(ai::kLevels[i]));
    for (const ai::Level level : ai::kLevels) {
        SaveHeader h = g.header;
        const std::string plays = "computer:" + std::string(ai::level_name(level));
        h.sides[1].plays = plays;
        const std::string text = data::write_save_header(h);
        CHECK(contains(text, "\n[blue]\narmy = \"" + h.sides[1].army + "\"\n"));
        CHECK(contains(text, "\nplays = \"" + plays + "\"\n"));
        data::SaveFile parsed;
        load_good(text, ctx, &parsed);
        CHECK(parsed.header == h);
        CHECK(data::computer_level(parsed.header.sides[1].plays) == ai::level_name(level));
        CHECK_FALSE(data::computer_level(parsed.header.sides[0].plays));
    }
    // The game's commands do not care who gave them: the recorded game loads with either side
    // played by the computer.
    const std::string red_computer = with_in_header(g.text, "alice\"\nplays = \"human\"", "alice\"\nplays = \"computer:hard\"");
    data::SaveFile parsed;
    load_good(red_computer, ctx, &parsed);
    CHECK(parsed.header.sides[0].plays == "computer:hard");
    CHECK(parsed.header.sides[1].plays == "human");
    // Anything else is refused at the value, naming what is known.
    const auto lines = split_lines(g.text);
    for (const std::string bad : {"computer", "computer:", "computer:grandmaster", "Computer:easy", "robot", ""}) {
        const data::LoadError e = load_bad(with_in_header(g.text, "alice\"\nplays = \"human\"", "alice\"\nplays = \"" + bad + "\""), ctx);
        INFO(bad);
        CHECK(e.line == line_starting(lines, "plays = "));
        CHECK(e.column == 9);
        CHECK(contains(e.message, "plays: \"" + bad + "\" is not known (use \"human\", or \"computer:\" and a level: "
                                  "random, easy, normal, hard or expert)"));
    }
    CHECK_FALSE(data::computer_level("human"));
    CHECK_FALSE(data::computer_level("computer:"));
    CHECK(data::computer_level("computer:random") == "random");
}

TEST_CASE("a save larger than any game could make is refused unread", "[save][data]") {
    const auto ctx = sample_context();
    const std::string text = sample_game().text + std::string(data::kMaxSaveBytes, '#');
    const data::LoadError e = load_bad(text, ctx);
    CHECK(e.line == 1);
    CHECK(contains(e.message, "more than a save may be"));
}

TEST_CASE("a save with Windows line ends loads the same", "[save][data]") {
    const auto ctx = sample_context();
    const Recorded& g = sample_game();
    std::string text;
    for (char c : g.text) {
        if (c == '\n') text += '\r';
        text += c;
    }
    data::SaveFile parsed;
    const rules::Replayed r = load_good(text, ctx, &parsed);
    CHECK(parsed.over);
    CHECK(r.state == g.states.back());
}

// The golden save: one whole game recorded once, by the version of tercio that made the format.
// THIS FILE MUST KEEP LOADING IN EVERY LATER VERSION: it is the promise that saves players already
// have still load. Never rewrite it to make this test pass; a change that breaks it must keep a
// way to read the old saves (a reader for the old format, or old rules behind a version).
TEST_CASE("a save made by an earlier version still loads: french-spanish-12", "[save][data][golden]") {
    const fs::path file = fs::path(TERCIO_SOURCE_DIR) / "tests" / "replays" / "french-spanish-12.save";
    if (std::getenv("TERCIO_UPDATE_REPLAYS")) {
        fs::create_directories(file.parent_path());
        std::ofstream(file, std::ios::binary) << sample_game().text;
        WARN("rewrote " << file.string());
    }
    const auto ft = data::read_file(file, data::kMaxSaveBytes);
    INFO(file.string() << ": " << ft.error);
    REQUIRE(ft.error.empty());
    const auto p = data::parse_save(file.string(), ft.text);
    INFO(errors_text(p.errors));
    REQUIRE(p.ok());
    CHECK(p.value->header.format == 1);
    CHECK(p.value->header.seed == 12);
    CHECK(p.value->header.sides[0].army == "french");
    CHECK(p.value->header.sides[1].army == "spanish");
    CHECK(p.value->over);
    CHECK(p.value->commands.size() == 696);
    CHECK(p.value->keyframes.size() == 8);
    const auto ctx = sample_context();
    const auto r = rules::replay_save(file.string(), *p.value, ctx);
    INFO(errors_text(r.errors));
    REQUIRE(r.ok());
    CHECK(data::hex64(rules::state_hash(r.value->state)) == "0xe1804bfd086fc18e");
    CHECK(r.value->state.decision == rules::Decision::GameOver);
    CHECK(r.value->calls == 668);
}
