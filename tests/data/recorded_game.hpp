#pragma once
// Random games saved as they are played, for the save tests (tests/data/save_test.cpp, whose
// damaged saves start from one) and the long series that cuts and resumes a thousand of them
// (tests/data/save_cut_test.cpp).
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "kits/pikette/data/save.hpp"
#include "rules/state_hash.hpp"
#include "tests/rules/fixture.hpp"

namespace tercio::test {

using data::SaveHeader;
using rules::Command;
using rules::GameState;

inline const std::vector<std::string> kArmyIds = {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};

/// FNV-1a of a shipped data file (what the game puts in the header), read once.
inline std::uint64_t data_hash(const std::string& relative) {
    static std::map<std::string, std::uint64_t> cache;
    auto it = cache.find(relative);
    if (it == cache.end()) {
        const auto ft = data::read_file(std::filesystem::path(TERCIO_SOURCE_DIR) / "data" / relative);
        INFO(relative << ": " << ft.error);
        REQUIRE(!ft.text.empty());
        it = cache.emplace(relative, data::content_hash(ft.text)).first;
    }
    return it->second;
}

/// The header a game of `a` (red) against `b` (blue) from `seed` writes once its set-up is rolled.
inline SaveHeader header_for(const std::string& a, const std::string& b, std::uint64_t seed, const GameState& setup) {
    SaveHeader h;
    h.program = "0.1.0";
    h.created = "2026-11-23T16:45:35Z";
    h.seed = seed;
    h.ruleset = "pikette-squared";
    h.ruleset_hash = data_hash("rulesets/pikette-squared/ruleset.toml");
    h.setup_hash = rules::state_hash(setup);
    h.sides[0] = data::SavedSide{a, data_hash("rulesets/pikette-squared/armies/" + a + ".toml"),
                                 "alice", "human"};
    h.sides[1] = data::SavedSide{b, data_hash("rulesets/pikette-squared/armies/" + b + ".toml"),
                                 "bob", "human"};
    return h;
}

inline bool is_concede(const Command& c) { return std::holds_alternative<rules::Concede>(c); }

/// A random legal command other than `concede`, drawn from the players' own stream (never the
/// game's dice). Listing every terrain piece and every deployment square is slow, so half the
/// time the set-up takes its shortcut (`terrain pass`, `adjust pass`, `deploy auto`) when it can.
inline Command random_command(const rules::RulesContext& ctx, const GameState& s, std::mt19937_64& choose) {
    const bool setup = s.decision == rules::Decision::PlaceTerrain || s.decision == rules::Decision::AdjustTerrain ||
                       s.decision == rules::Decision::Deploy;
    if (setup && choose() % 2 == 0) {
        for (const Command& c : {Command{rules::PassTerrain{}}, Command{rules::AdjustTerrain{}},
                                 Command{rules::DeployAuto{}}}) {
            if (!rules::validate(ctx, s, c)) return c;
        }
    }
    auto legal = rules::legal_commands(ctx, s);
    legal.erase(std::remove_if(legal.begin(), legal.end(), is_concede), legal.end());
    REQUIRE_FALSE(legal.empty());
    return legal[static_cast<std::size_t>(choose() % legal.size())];
}

/// A game played to its end with random legal commands, saved as it went.
struct Recorded {
    SaveHeader header;
    std::vector<Command> commands;
    std::vector<GameState> states;     ///< states[i]: the game after i commands
    std::vector<std::uint64_t> calls;  ///< calls[i]: dice draws after i commands
    std::vector<std::size_t> ends;     ///< ends[i]: bytes of the save after i commands
    std::string text;                  ///< the whole save
};

inline Recorded record_game(const rules::RulesContext& ctx, const std::string& a, const std::string& b, std::uint64_t seed,
                     std::mt19937_64& choose) {
    Recorded r;
    core::SeededDice dice(seed);
    GameState s;
    rules::new_game(ctx, s, dice);
    r.header = header_for(a, b, seed, s);
    r.text = data::write_save_header(r.header);
    r.states.push_back(s);
    r.calls.push_back(dice.calls());
    r.ends.push_back(r.text.size());
    while (s.decision != rules::Decision::GameOver) {
        const Command c = random_command(ctx, s, choose);
        const GameState before = s;
        rules::apply(ctx, s, c, dice);
        r.commands.push_back(c);
        r.text += rules::save_lines_after(r.header, ctx, c, before, s, dice.calls(), r.commands.size());
        r.states.push_back(s);
        r.calls.push_back(dice.calls());
        r.ends.push_back(r.text.size());
        REQUIRE(r.commands.size() < 20000);
    }
    return r;
}

/// "file:line:column: message" of every error, one a line, for failure messages.
inline std::string errors_text(const data::LoadErrors& errors) {
    std::string out;
    for (const auto& e : errors) out += e.to_string() + "\n";
    return out;
}

/// Parses and replays a save that must be good.
inline rules::Replayed load_good(const std::string& text, const rules::RulesContext& ctx, data::SaveFile* parsed = nullptr) {
    auto p = data::parse_save("game.save", text);
    INFO(errors_text(p.errors));
    REQUIRE(p.ok());
    auto r = rules::replay_save("game.save", *p.value, ctx);
    INFO(errors_text(r.errors));
    REQUIRE(r.ok());
    if (parsed) *parsed = *p.value;
    return std::move(*r.value);
}

}  // namespace tercio::test
