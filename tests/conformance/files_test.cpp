// The conformance suite: a ruleset's games go through its files and come back the same. A save
// written line by line as a random game is played replays to the same state after every command,
// keyframes included; cut after any command it replays to there and plays on to the same end; a
// changed hash or keyframe is refused where it is. A position written at any moment reads back as
// the same position, writes the same text again, and plays on to the same end. (docs/saves.md,
// docs/positions.md; the kit's files group, through Files<Kit>.)
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "data/save.hpp"
#include "tests/conformance/random_games.hpp"

using namespace tercio;
using namespace tercio::conformance;

namespace {

/// A random game of Kit, saved as it was played.
template <class Kit>
struct Recorded {
    using E = typename Kit::Engine;
    int game = 0;
    data::SaveHeader header;
    std::vector<typename E::Command> commands;
    std::vector<typename E::State> states;  ///< states[i]: after i commands
    std::vector<std::uint64_t> calls;       ///< calls[i]: the dice draws after i commands
    std::vector<std::size_t> ends;          ///< ends[i]: the save's bytes after i commands
    std::string text;
};

template <class Kit>
Recorded<Kit> record(int game) {
    using E = typename Kit::Engine;
    Recorded<Kit> r;
    r.game = game;
    play_random_games<Kit>(game, 1, Choice::RandomLegal, [&](RandomGame<Kit>& g, const StepOf<E>& st) {
        if (r.commands.empty()) {
            r.header.program = "conformance";
            r.header.created = "2026-12-04T20:00:00Z";
            r.header.seed = g.dice.seed();
            r.header.ruleset = std::string(Files<Kit>::ruleset());
            r.header.setup_hash = E::hash(st.before);
            r.header.sides[0] = data::SavedSide{g.armies[0], 1, "alice", "human"};
            r.header.sides[1] = data::SavedSide{g.armies[1], 2, "bob", "computer:random"};
            r.text = data::write_save_header(r.header);
            r.states.push_back(st.before);
            r.calls.push_back(st.calls_before);
            r.ends.push_back(r.text.size());
        }
        r.commands.push_back(st.command);
        r.text += Files<Kit>::lines_after(r.header, g.ctx, st.command, st.before, g.s, g.dice.calls(),
                                               r.commands.size());
        r.states.push_back(g.s);
        r.calls.push_back(g.dice.calls());
        r.ends.push_back(r.text.size());
    });
    return r;
}

std::string errors_text(const data::LoadErrors& errors) {
    std::string out;
    for (const auto& e : errors) out += e.to_string() + "\n";
    return out;
}

template <class Kit>
data::SaveFile parse_good(const std::string& text) {
    auto p = data::parse_save("game.save", text);
    INFO(errors_text(p.errors));
    REQUIRE(p.ok());
    return *p.value;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("conformance: a save replays, keyframes and all, and goes on from any command",
                        "[conformance][save]", ConformanceKits) {
    using E = typename TestType::Engine;
    using F = Files<TestType>;
    core::SeededDice r(42);
    for (const int game : {800, 801}) {
        const Recorded<TestType> g = record<TestType>(game);
        const std::size_t n = g.commands.size();
        const auto ctx = F::context(g.header.sides[0].army, g.header.sides[1].army);
        INFO(E::name << " game " << game << ", " << n << " commands");

        // The whole save: every command replayed to the state it was saved after.
        const data::SaveFile whole = parse_good<TestType>(g.text);
        CHECK(whole.header == g.header);
        CHECK(whole.commands.size() == n);
        CHECK(whole.over);
        CHECK(whole.keyframes.size() >= 2);  // a keyframe at the start of every turn
        std::size_t seen = 0;
        const auto replayed = F::replay("game.save", whole, ctx,
                                             [&](const data::ReplayedCommandOf<E>& rc, const typename E::State&,
                                                 const typename E::State& after) {
                                                 ++seen;
                                                 CONFORM(after == g.states[seen], "command " << seen << " replays otherwise");
                                                 CONFORM(rc.calls == g.calls[seen], "command " << seen << " draws otherwise");
                                                 CONFORM(rc.command == g.commands[seen - 1], "command " << seen << " reads otherwise");
                                             });
        INFO(errors_text(replayed.errors));
        REQUIRE(replayed.ok());
        CHECK(seen == n);
        CHECK(replayed.value->state == g.states[n]);
        CHECK(replayed.value->calls == g.calls[n]);

        // Cut after a few commands (the set-up alone, the command that began a turn, any), it
        // replays to there and goes on to the same end with the dice where they were.
        std::vector<std::size_t> cuts = {0, whole.keyframes[1].commands, n};
        for (int k = 0; k < 3; ++k) cuts.push_back(static_cast<std::size_t>(r.pick(static_cast<int>(n) + 1, core::RollPurpose::Other)));
        for (const std::size_t k : cuts) {
            INFO("cut after " << k << " commands");
            const data::SaveFile part = parse_good<TestType>(g.text.substr(0, g.ends[k]));
            CHECK(part.commands.size() == k);
            CHECK(part.over == (k == n));
            const auto back = F::replay("game.save", part, ctx);
            INFO(errors_text(back.errors));
            REQUIRE(back.ok());
            REQUIRE(back.value->state == g.states[k]);
            REQUIRE(back.value->calls == g.calls[k]);
            typename E::State s = back.value->state;
            core::SeededDice dice(g.header.seed, back.value->calls);
            for (std::size_t i = k; i < n; ++i) REQUIRE(E::play(ctx, s, g.commands[i], dice).ok());
            CHECK(s == g.states[n]);
            CHECK(dice.calls() == g.calls[n]);
        }

        // A changed hash is refused at its line.
        const data::SavedCommand& sc = whole.commands[static_cast<std::size_t>(r.pick(static_cast<int>(n), core::RollPurpose::Other))];
        std::string bad = g.text;
        bad.replace(sc.offset, 16, data::hex64(sc.hash ^ 0x10).substr(2));
        const auto refused = F::replay("bad.save", parse_good<TestType>(bad), ctx);
        REQUIRE_FALSE(refused.ok());
        CHECK(refused.errors.front().line == sc.line);

        // A keyframe that is another moment of the same game is refused at the keyframe.
        const data::Keyframe& k1 = whole.keyframes[1];
        const data::Keyframe& k2 = whole.keyframes[2 < whole.keyframes.size() ? 2 : 0];
        std::string swapped = g.text;
        const auto at = swapped.find(k1.position);
        REQUIRE(at != std::string::npos);
        swapped.replace(at, k1.position.size(), k2.position);
        const auto wrong = F::replay("bad.save", parse_good<TestType>(swapped), ctx);
        REQUIRE_FALSE(wrong.ok());
        CHECK(wrong.errors.front().line == k1.line);
    }
}

TEMPLATE_LIST_TEST_CASE("conformance: a position reads back as itself and plays on to the same end",
                        "[conformance][position]", ConformanceKits) {
    using E = typename TestType::Engine;
    using F = Files<TestType>;
    using Position = typename F::Position;
    const Recorded<TestType> g = record<TestType>(900);
    const std::size_t n = g.commands.size();
    const auto ctx = F::context(g.header.sides[0].army, g.header.sides[1].army);
    long written = 0;
    // Every 20th state and the last: the set-up, the turns, the end.
    std::vector<std::size_t> moments;
    for (std::size_t i = 0; i < n; i += 20) moments.push_back(i);
    moments.push_back(n);
    for (const std::size_t i : moments) {
        INFO(E::name << " game 900, after " << i << " of " << n << " commands");
        const Position p{std::string(F::ruleset()), {g.header.sides[0].army, g.header.sides[1].army}, g.header.seed,
                         g.calls[i], g.states[i]};
        const std::string text = F::write_position(p, ctx);
        const auto back = F::load_position("pos.toml", text, ctx);
        INFO(errors_text(back.errors) << text);
        REQUIRE(back.ok());
        CONFORM(*back.value == p, "the position reads back otherwise");
        CONFORM(F::write_position(*back.value, ctx) == text, "the position read back writes otherwise");
        // From the position, with its dice, the game's commands end in the game's end.
        typename E::State s = back.value->state;
        core::SeededDice dice(back.value->seed, back.value->calls);
        for (std::size_t k = i; k < n; ++k) CONFORM(E::play(ctx, s, g.commands[k], dice).ok(), "command " << k);
        CONFORM(s == g.states[n], "the game played on from the position ends otherwise");
        ++written;
    }
    CHECK(written > 2);
}
