// Saves that no longer replay under these rules (data::repair_save_of, docs/saves.md): a save made
// by an older program stops agreeing at some command, and resuming it goes on from the last
// keyframe that still replays. These tests damage saves of random games of both rulesets where an
// older program's log would differ (a hash, a command, a keyframe) and check which keyframe is
// kept; the stale save tests/data/saves/stale-rules.save is a real one, written by tercio before a
// rules change (it was fuzz/save-corpus/imperialist-ottoman-long.save until the corpus was made
// again).
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "kits/hbl/data/save.hpp"
#include "data/save.hpp"
#include "rules/engine.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/fixture.hpp"
#include "kits/pikette/data/save.hpp"

using namespace tercio;

namespace {

/// The line of the file that starts at byte `offset`.
int line_at(const std::string& text, std::size_t offset) {
    int line = 1;
    for (std::size_t i = 0; i < offset; ++i) line += text[i] == '\n';
    return line;
}

/// A game of engine E with random legal commands (never a concession), saved as it went with
/// `lines_after`, stopped a few commands after `keyframes` keyframes are written (before another):
/// an unfinished game, as resumed.
template <core::RulesEngine E, typename LinesAfter>
std::string record(const typename E::Context& ctx, data::SaveHeader h, std::uint64_t choices,
                   std::size_t keyframes, const LinesAfter& lines_after) {
    core::SeededDice dice(h.seed);
    typename E::State s;
    E::new_game(ctx, s, dice);
    h.setup_hash = E::hash(s);
    std::string text = data::write_save_header(h);
    core::SeededDice chooser(choices);
    std::size_t commands = 0;
    std::size_t written = 0;
    std::size_t after_last = 0;  // commands since the last keyframe wanted
    while (!E::over(s) && after_last < 3) {
        const auto c = E::random_legal(ctx, s, chooser, nullptr);
        REQUIRE(c);
        const typename E::State before = s;
        REQUIRE(E::play(ctx, s, *c, dice).ok());
        ++commands;
        const std::string lines = lines_after(h, *c, before, s, dice.calls(), commands);
        const bool keyframe = lines.find(data::kKeyframeClose) != std::string::npos;
        if (keyframe && written == keyframes) break;
        written += keyframe;
        if (written == keyframes) ++after_last;
        text += lines;
        REQUIRE(commands < 20000);
    }
    REQUIRE(written == keyframes);
    return text;
}

data::SaveHeader header(const std::string& ruleset, const std::string& red, const std::string& blue,
                        std::uint64_t seed) {
    data::SaveHeader h;
    h.program = "0.1.0";
    h.created = "2026-11-27T07:00:00Z";
    h.seed = seed;
    h.ruleset = ruleset;
    h.sides[0] = data::SavedSide{red, 1, "alice", "human"};
    h.sides[1] = data::SavedSide{blue, 2, "bob", "human"};
    return h;
}

data::SaveFile parsed(const std::string& text) {
    auto p = data::parse_save("game.save", text);
    for (const auto& e : p.errors) UNSCOPED_INFO(e.to_string());
    REQUIRE(p.ok());
    return *p.value;
}

/// The save's text with one hex digit of the state hash after command `n` (from 0) changed.
std::string with_bad_hash(const std::string& text, const data::SaveFile& save, std::size_t n) {
    std::string out = text;
    char& digit = out[save.commands.at(n).offset + 5];
    digit = digit == '0' ? '1' : '0';
    return out;
}

/// A Pikette Squared save of French against Spanish, or a Hell Broke Loose one, and its rules.
struct PsGame {
    using E = rules::Engine;
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    // Recorded once: every section starts the test case again.
    std::string text = [this] {
        static const std::string t = record<E>(
            ctx, header("pikette-squared", "french", "spanish", 12), 5, 4,
            [this](const data::SaveHeader& h, const rules::Command& c, const rules::GameState& b,
                   const rules::GameState& a, std::uint64_t calls,
                   std::size_t n) { return rules::save_lines_after(h, ctx, c, b, a, calls, n); });
        return t;
    }();
    std::optional<data::SaveRepair> repair(const data::SaveFile& save) const {
        return rules::repair_save("game.save", save, ctx);
    }
    bool replays(const data::SaveFile& save) const {
        return rules::replay_save("game.save", save, ctx).ok();
    }
    int turn_after(const data::SaveFile& save, std::size_t commands) const {
        data::SaveFile cut = save;
        cut.commands.resize(commands);
        while (!cut.keyframes.empty() && cut.keyframes.back().commands > commands)
            cut.keyframes.pop_back();
        const auto r = rules::replay_save("game.save", cut, ctx);
        REQUIRE(r.ok());
        return E::turn(r.value->state);
    }
};

struct HblGame {
    using E = hbl::Engine;
    hbl::Context ctx = test::HblArmies::get().context("french", "ottoman");
    std::string text = [this] {
        static const std::string t = record<E>(
            ctx, header("hell-broke-loose", "french", "ottoman", 7), 8, 4,
            [this](const data::SaveHeader& h, const hbl::Command& c, const hbl::GameState& b,
                   const hbl::GameState& a, std::uint64_t calls, std::size_t n) {
                return hbl::hbl_save_lines_after(h, ctx, c, b, a, calls, n);
            });
        return t;
    }();
    std::optional<data::SaveRepair> repair(const data::SaveFile& save) const {
        return hbl::repair_hbl_save("game.save", save, ctx);
    }
    bool replays(const data::SaveFile& save) const {
        return hbl::replay_hbl_save("game.save", save, ctx).ok();
    }
    int turn_after(const data::SaveFile& save, std::size_t commands) const {
        data::SaveFile cut = save;
        cut.commands.resize(commands);
        while (!cut.keyframes.empty() && cut.keyframes.back().commands > commands)
            cut.keyframes.pop_back();
        const auto r = hbl::replay_hbl_save("game.save", cut, ctx);
        REQUIRE(r.ok());
        return E::turn(r.value->state);
    }
};

/// What every repair must be: the save up to keyframe `k` (from 0), whole and replaying, the rest
/// dropped, the error where the whole save stopped.
template <class Game>
void check_repair(const Game& g, const std::string& text, const data::SaveFile& save,
                  const std::optional<data::SaveRepair>& repair, std::size_t k, int error_line) {
    REQUIRE(repair);
    const data::Keyframe& kf = save.keyframes.at(k);
    CHECK(repair->kept.commands.size() == kf.commands);
    CHECK(repair->kept.keyframes.size() == k + 1);
    CHECK_FALSE(repair->kept.over);
    CHECK_FALSE(repair->kept.cut_line);
    CHECK(repair->first_dropped == kf.commands + 1);
    CHECK(repair->last_dropped == save.commands.size());
    CHECK(repair->turn == g.turn_after(save, kf.commands));
    REQUIRE_FALSE(repair->errors.empty());
    CHECK(repair->errors.front().line == error_line);
    // The file cut where the kept save ends: after the keyframe's closing line, before the first
    // command dropped. What is left reads back as the kept save, and replays.
    const std::string head = text.substr(0, repair->kept.good_bytes);
    CHECK(head.ends_with(std::string(data::kKeyframeClose) + "\n"));
    CHECK(repair->kept.good_bytes == save.commands.at(kf.commands).offset);
    const data::SaveFile reread = parsed(head);
    CHECK(reread.commands.size() == kf.commands);
    CHECK(reread.keyframes.size() == k + 1);
    CHECK(g.replays(reread));
    CHECK(g.replays(repair->kept));
    CHECK(data::dropped_commands(*repair) == "commands " + std::to_string(kf.commands + 1) +
                                                 " to " + std::to_string(save.commands.size()) +
                                                 " (turn " + std::to_string(repair->turn) +
                                                 " onwards)");
}

}  // namespace

TEMPLATE_TEST_CASE(
    "repair_save_of: a save out of sync at a command goes on from the last keyframe before it",
    "[save][data][repair]", PsGame, HblGame) {
    const TestType g;
    const data::SaveFile save = parsed(g.text);
    REQUIRE(save.keyframes.size() == 4);
    REQUIRE(g.replays(save));
    SECTION("a whole save needs no repair") {
        CHECK_FALSE(g.repair(save));
    }
    SECTION("a hash that differs between the third and the fourth keyframe: the third is kept") {
        const std::size_t n = save.keyframes[2].commands + 1;  // the second command of that turn
        REQUIRE(n < save.keyframes[3].commands);
        const std::string text = with_bad_hash(g.text, save, n);
        const data::SaveFile bad = parsed(text);
        CHECK_FALSE(g.replays(bad));
        check_repair(g, text, bad, g.repair(bad), 2, line_at(text, save.commands[n].offset));
    }
    SECTION("the very command after a keyframe: that keyframe is kept") {
        const std::size_t n = save.keyframes[1].commands;
        const std::string text = with_bad_hash(g.text, save, n);
        const data::SaveFile bad = parsed(text);
        check_repair(g, text, bad, g.repair(bad), 1, line_at(text, save.commands[n].offset));
    }
    SECTION("a hash that differs after the last keyframe: the last is kept") {
        const std::size_t n = save.commands.size() - 1;
        REQUIRE(n > save.keyframes[3].commands);
        const std::string text = with_bad_hash(g.text, save, n);
        const data::SaveFile bad = parsed(text);
        check_repair(g, text, bad, g.repair(bad), 3, line_at(text, save.commands[n].offset));
    }
    SECTION("a command that is no longer one: the keyframe before it is kept") {
        const std::size_t n = save.keyframes[2].commands + 1;
        const data::SavedCommand& c = save.commands[n];
        const std::string text = g.text.substr(0, c.offset + 17) + "frobnicate" +
                                 g.text.substr(c.offset + 17 + c.text.size());
        const data::SaveFile bad = parsed(text);
        check_repair(g, text, bad, g.repair(bad), 2, c.line);
    }
    SECTION("a keyframe that is not the game replayed there: the keyframe before it is kept") {
        // The third keyframe's dice draws, one more: its turn's command agrees, the keyframe not.
        const data::Keyframe& kf = save.keyframes[2];
        const std::size_t at = g.text.find("\ncalls = ", save.commands[kf.commands - 1].offset);
        REQUIRE(at < kf.end);
        const std::size_t digit = at + 9;
        std::string text = g.text;
        text.insert(digit, "1");
        const data::SaveFile bad = parsed(text);
        check_repair(g, text, bad, g.repair(bad), 1, kf.line);
    }
    SECTION("out of sync before the first keyframe: nothing to go on from") {
        const data::SaveFile bad = parsed(with_bad_hash(g.text, save, 0));
        CHECK_FALSE(g.replays(bad));
        CHECK_FALSE(g.repair(bad));
    }
    SECTION("another seed: the set-up differs, nothing to go on from") {
        data::SaveFile bad = save;
        bad.header.seed += 1;
        CHECK_FALSE(g.repair(bad));
    }
    SECTION("a game-over line on a game that is not over is damage, not an older program's log") {
        const data::SaveFile bad = parsed(g.text + std::string(data::kOverLine) + "\n");
        CHECK_FALSE(g.replays(bad));
        CHECK_FALSE(g.repair(bad));
    }
}

TEST_CASE("save_up_to_keyframe keeps the commands before a keyframe and the keyframes up to it",
          "[save][data][repair]") {
    const PsGame g;
    const data::SaveFile save = parsed(g.text);
    for (std::size_t k = 0; k < save.keyframes.size(); ++k) {
        INFO("keyframe " << k);
        const data::SaveFile cut = data::save_up_to_keyframe(save, k);
        CHECK(cut.header == save.header);
        CHECK(cut.commands.size() == save.keyframes[k].commands);
        CHECK(cut.keyframes.size() == k + 1);
        CHECK(cut.good_bytes == save.keyframes[k].end);
        CHECK(g.text.compare(cut.good_bytes - data::kKeyframeClose.size() - 1,
                             data::kKeyframeClose.size(), data::kKeyframeClose) == 0);
        CHECK(g.replays(cut));
    }
}

TEST_CASE("the stale save made before a rules change goes on from its last keyframe that replays",
          "[save][data][repair]") {
    const auto file =
        std::filesystem::path(TERCIO_SOURCE_DIR) / "tests" / "data" / "saves" / "stale-rules.save";
    const data::FileText ft = data::read_file(file);
    REQUIRE(ft.error.empty());
    const data::SaveFile save = parsed(ft.text);
    const auto ctx = test::Armies::get().context("imperialist", "ottoman");
    const auto whole = rules::replay_save("stale-rules.save", save, ctx);
    REQUIRE_FALSE(whole.ok());
    REQUIRE(whole.errors.size() == 1);
    CHECK(whole.errors[0].line == 2059);
    CHECK(whole.errors[0].message.rfind("out of sync at \"fight o14\"", 0) == 0);
    const auto repair = rules::repair_save("stale-rules.save", save, ctx);
    REQUIRE(repair);
    // Keyframes after 32, 50, 94, 181 and 191 commands; line 2059 comes before the fourth.
    REQUIRE(save.keyframes.size() == 5);
    CHECK(repair->kept.commands.size() == 94);
    CHECK(repair->kept.keyframes.size() == 3);
    CHECK(repair->first_dropped == 95);
    CHECK(repair->last_dropped == save.commands.size());
    CHECK(repair->errors[0].line == 2059);
    const auto kept = rules::replay_save("stale-rules.save", repair->kept, ctx);
    REQUIRE(kept.ok());
    CHECK(repair->turn == kept.value->state.turn);
    CHECK(repair->turn > 0);
    const data::SaveFile reread = parsed(ft.text.substr(0, repair->kept.good_bytes));
    CHECK(reread.commands.size() == 94);
    CHECK(rules::replay_save("stale-rules.save", reread, ctx).ok());
}
