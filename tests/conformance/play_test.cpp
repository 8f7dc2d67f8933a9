// The conformance suite (docs/rulesets.md, "The conformance suite"; issue 39, item 6): every
// ruleset in ConformanceKits meets the same contract, tested here with no ruleset named. Random
// games end; every legal command's text reads back as itself; validate agrees with the legal list;
// play refuses without touching the state; the hash is the same on replay. (hidden_test.cpp:
// hide_unseen; files_test.cpp: saves and positions; long_test.cpp: the 1,000-game runs.)
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "tests/conformance/candidates.hpp"
#include "tests/conformance/random_games.hpp"

using namespace tercio;
using namespace tercio::conformance;

namespace {

/// Games of each test, for each way of choosing (games 0 and 1, 100 and 101...): enough to pass
/// through every part of a game, few enough for a sanitized build.
constexpr int kGames = 2;

/// The commands of a list that are each checked: all of a list up to this long, a random sample
/// of this many of a longer one (a deployment lists thousands).
constexpr std::size_t kSample = 64;

/// `legal`, or a random sample of kSample of its commands.
template <class Command>
std::vector<Command> sample(const std::vector<Command>& legal, core::Dice& r) {
    if (legal.size() <= kSample) return legal;
    std::vector<Command> out;
    for (std::size_t k = 0; k < kSample; ++k)
        out.push_back(legal[static_cast<std::size_t>(r.pick(static_cast<int>(legal.size()), core::RollPurpose::Other))]);
    return out;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("conformance: random games end, and hold the ruleset's invariants", "[conformance][ends]",
                        ConformanceKits) {
    using E = typename TestType::Engine;
    RulesetHooks<E> hooks;
    long commands = 0;
    // random_legal, as the random level plays: the game's own checks (random_games.hpp) and the
    // ruleset's checks of each command's effects.
    play_random_games<TestType>(0, kGames, Choice::RandomLegal, [&](RandomGame<TestType>& g, const StepOf<E>& st) {
        hooks.on_chosen(g.ctx, st.before, st.command, st.walk);
        hooks.on_played(g.ctx, st.before, g.s, st.played.events, st.walk);
        ++commands;
    });
    // From the list: random_legal is the same choice (`pick` among all but conceding), listed
    // is the list's length, and the ruleset's invariants of each state hold.
    play_random_games<TestType>(100, kGames, Choice::FromListTwin, [&](RandomGame<TestType>& g, const StepOf<E>& st) {
        hooks.on_state(g.ctx, st.before, *st.legal, st.walk);
        hooks.on_chosen(g.ctx, st.before, st.command, st.walk);
        hooks.on_played(g.ctx, st.before, g.s, st.played.events, st.walk);
        ++commands;
    }, [&](const RandomGame<TestType>& g) { hooks.on_game_end(g.ctx, g.s); });
    INFO(E::name << ": " << commands << " commands");
    CHECK(commands > 2 * kGames);
}

TEMPLATE_LIST_TEST_CASE("conformance: every legal command's text reads back as the same command",
                        "[conformance][text]", ConformanceKits) {
    using E = typename TestType::Engine;
    using Command = typename E::Command;
    long checked = 0;
    // Every command of every list, at every step; commands compare with ==, so the text must carry
    // all of the command.
    play_random_games<TestType>(200, kGames, Choice::FromList, [&](RandomGame<TestType>& g, const StepOf<E>& st) {
        const core::Side side = E::deciding_side(st.before);
        for (const Command& c : *st.legal) {
            const std::string text = E::print(g.ctx, st.before, c);
            CONFORM(!text.empty() && text.find('\n') == std::string::npos, "\"" << text << "\" is not one line");
            const auto back = E::parse(g.ctx, st.before, side, text);
            if (const auto* err = std::get_if<std::string>(&back)) FAIL("\"" << text << "\" does not parse: " << *err);
            const Command& read = std::get<Command>(back);
            CONFORM(read == c, "\"" << text << "\" reads back as \"" << E::print(g.ctx, st.before, read) << "\"");
            ++checked;
        }
    });
    INFO(E::name << ": " << checked << " commands read back");
    CHECK(checked > 0);
}

TEMPLATE_LIST_TEST_CASE("conformance: validate agrees with the legal list", "[conformance][validate]",
                        ConformanceKits) {
    using E = typename TestType::Engine;
    using Command = typename E::Command;
    RulesetHooks<E> hooks;
    CommandPool<E> pool;
    core::SeededDice r(39);
    long listed = 0, refused = 0, probed = 0;
    play_random_games<TestType>(300, kGames, Choice::FromList, [&](RandomGame<TestType>& g, const StepOf<E>& st) {
        const auto& legal = *st.legal;
        // Every listed command validates (of a long list, a sample).
        for (const Command& c : sample(legal, r)) {
            if (const auto why = E::validate(g.ctx, st.before, c))
                FAIL(E::print(g.ctx, st.before, c) << " is listed but refused: " << *why);
        }
        listed += static_cast<long>(legal.size());
        // A command not listed is refused: one listed in another state of the game, or a listed
        // one's text changed; and the ruleset's own probes are legal exactly when listed.
        const auto outside = [&](const Command& c, const std::string& text) {
            const bool in_list = std::find(legal.begin(), legal.end(), c) != legal.end();
            const bool valid = !E::validate(g.ctx, st.before, c).has_value();
            if (in_list) return;
            if (!valid) {
                ++refused;
                return;
            }
            if (RulesetHooks<E>::legal_unlisted(g.ctx, st.before, c)) return;
            FAIL(text << " is not listed, but validates");
        };
        for (const auto& c : candidates<E>(g.ctx, st.before, legal, pool, r)) outside(c.command, c.text);
        // The probes, at every fourth step (long_test.cpp makes them at every one).
        if (st.walk.step % 4 != 0) {
            pool.add(g.ctx, st.before, legal, r);
            return;
        }
        for (const Command& c : hooks.probes(g.ctx, st.before, r, st.walk)) {
            outside(c, "(a probe) " + E::print(g.ctx, st.before, c));
            ++probed;
        }
        pool.add(g.ctx, st.before, legal, r);
    });
    INFO(E::name << ": " << listed << " listed commands validated, " << refused << " others refused, " << probed
                 << " probes");
    CHECK(listed > 0);
    CHECK(refused > 100);
}

TEMPLATE_LIST_TEST_CASE("conformance: play refuses a command that is not legal and leaves the state as it was",
                        "[conformance][refused]", ConformanceKits) {
    using E = typename TestType::Engine;
    using Command = typename E::Command;
    CommandPool<E> pool;
    core::SeededDice r(40);
    long refused = 0;
    // What a refusal must leave alone: the state (==, and its hash), the dice, the events.
    const auto refuse = [&](RandomGame<TestType>& g, typename E::State& s, const Command& c, const std::string& text) {
        const typename E::State before = s;
        const std::uint64_t hash = E::hash(s);
        const std::uint64_t calls = g.dice.calls();
        const typename E::Played p = E::play(g.ctx, s, c, g.dice);
        CONFORM(!p.ok(), text << " was played");
        CONFORM(p.refused && !p.refused->empty(), text << " refused without a reason");
        CONFORM(s == before, text << " refused, but the state changed");
        CONFORM(E::hash(s) == hash, text << " refused, but the hash changed");
        CONFORM(g.dice.calls() == calls, text << " refused, but drew from the dice");
        CONFORM(p.events.empty(), text << " refused, with events");
        CONFORM(!p.random, text << " refused, and random");
        ++refused;
    };
    play_random_games<TestType>(
        400, kGames, Choice::FromList,
        [&](RandomGame<TestType>& g, const StepOf<E>& st) {
            const auto& legal = *st.legal;
            typename E::State s = st.before;
            for (const auto& c : candidates<E>(g.ctx, s, legal, pool, r)) {
                if (std::find(legal.begin(), legal.end(), c.command) != legal.end()) continue;
                if (!E::validate(g.ctx, s, c.command)) continue;  // legal but not listed (RulesetHooks::legal_unlisted)
                refuse(g, s, c.command, c.text);
            }
            pool.add(g.ctx, s, legal, r);
        },
        [&](RandomGame<TestType>& g) {
            // A game over takes nothing, not even conceding.
            typename E::State s = g.s;
            refuse(g, s, E::concede(), "concede");
            for (const auto& c : pool.commands()) refuse(g, s, c.command, c.text);
        });
    INFO(E::name << ": " << refused << " commands refused");
    CHECK(refused > 100);
}

TEMPLATE_LIST_TEST_CASE("conformance: the same seed and commands give the same hash at every step",
                        "[conformance][hash]", ConformanceKits) {
    using E = typename TestType::Engine;
    using Command = typename E::Command;
    long changed = 0, same_hash_changed = 0;
    for (const Choice how : {Choice::RandomLegal, Choice::FromList}) {
        std::vector<Command> commands;
        std::vector<std::uint64_t> hashes;
        int game = 0;
        play_random_games<TestType>(
            how == Choice::RandomLegal ? 500 : 600, 1, how,
            [&](RandomGame<TestType>& g, const StepOf<E>& st) {
                if (commands.empty()) hashes.push_back(E::hash(st.before));
                commands.push_back(st.command);
                hashes.push_back(E::hash(g.s));
                game = g.index;
                // The hash is the state's: a copy hashes the same; play is validate then apply.
                const typename E::State copy = g.s;
                CONFORM(E::hash(copy) == E::hash(g.s), "a copy hashes otherwise");
                typename E::State applied = st.before;
                core::SeededDice dice(g.dice.seed(), st.calls_before);
                CONFORM(!E::validate(g.ctx, applied, st.command), "played, but validate refuses it");
                E::apply(g.ctx, applied, st.command, dice);
                CONFORM(applied == g.s && dice.calls() == g.dice.calls(), "apply and play differ");
                // A command that changes the state changes its hash, if the engine hashes it all.
                if (!(st.before == g.s)) {
                    ++changed;
                    if (E::hash(st.before) == E::hash(g.s)) {
                        ++same_hash_changed;
                        CONFORM(!RulesetHooks<E>::hash_covers_state,
                                E::print(g.ctx, st.before, st.command) << " changed the state, not its hash");
                    }
                }
            });
        // Replayed from the same seed, by the commands and by their texts: the same hashes.
        for (const bool by_text : {false, true}) {
            RandomGame<TestType> g(game);
            INFO(g.name() << (by_text ? ", replayed by text" : ", replayed"));
            REQUIRE(hashes.size() == commands.size() + 1);
            CONFORM(E::hash(g.s) == hashes[0], "the set-up hashes otherwise");
            for (std::size_t i = 0; i < commands.size(); ++i) {
                Command c = commands[i];
                if (by_text) {
                    const auto back = E::parse(g.ctx, g.s, E::deciding_side(g.s), E::print(g.ctx, g.s, c));
                    REQUIRE(std::holds_alternative<Command>(back));
                    c = std::get<Command>(back);
                }
                const auto p = E::play(g.ctx, g.s, c, g.dice);
                CONFORM(p.ok(), "command " << i << " refused on replay");
                CONFORM(E::hash(g.s) == hashes[i + 1], "command " << i << " (" << E::print(g.ctx, g.s, c)
                                                                  << ") hashes otherwise on replay");
            }
            CONFORM(E::over(g.s), "the replay is not over");
        }
    }
    INFO(E::name << ": " << changed << " commands changed the state, " << same_hash_changed
                 << " of them kept its hash");
    CHECK(changed > 0);
}
