#pragma once
// The rulesets the conformance suite runs on, and what it needs of each beyond the engine: the
// shipped data as a context, a save's lines and replay, a position's text. (Issue 39, item 6;
// docs/rulesets.md, "The conformance suite".)
//
// The suite runs over the registry's kits (src/kits/registry.hpp, `kits::Kits`): a ruleset in the
// registry is in the suite. `Files<Kit>` is what the suite calls for files: the kit's own files
// group where the kit has the function, and otherwise the data library's functions for the kit's
// engine (`LocalFiles<E>` below: positions, which the kits do not have yet).
#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "kits/hbl/data/position.hpp"
#include "kits/hbl/data/save.hpp"
#include "kits/pikette/data/position.hpp"
#include "kits/tsp/data/position.hpp"
#include "kits/tsp/data/save.hpp"
#include "data/save.hpp"
#include "hbl/engine.hpp"
#include "kits/registry.hpp"
#include "rules/engine.hpp"
#include "tests/hbl/fixture.hpp"
#include "tests/rules/fixture.hpp"
#include "tests/tsp/data_fixture.hpp"
#include "kits/pikette/data/save.hpp"

namespace tercio::conformance {

/// The data library's files functions for engine E, for what the kits do not have yet (positions;
/// and the rest, for a list of kits without files groups).
template <class E>
struct LocalFiles;

/// Pikette Squared's (data/save.hpp, data/position.hpp).
template <>
struct LocalFiles<rules::Engine> {
    using Position = rules::Position;
    static constexpr std::string_view ruleset = "pikette-squared";
    static std::vector<std::string> army_ids() {
        return {"french", "italian", "spanish", "imperialist", "ottoman", "moorish"};
    }
    static rules::RulesContext context(const std::string& a, const std::string& b) {
        return test::Armies::get().context(a, b);
    }
    static std::string lines_after(const data::SaveHeader& h, const rules::RulesContext& ctx, const rules::Command& c,
                                   const rules::GameState& before, const rules::GameState& after, std::uint64_t calls,
                                   std::size_t commands) {
        return rules::save_lines_after(h, ctx, c, before, after, calls, commands);
    }
    static data::Loaded<rules::Replayed> replay(std::string_view file, const data::SaveFile& save,
                                               const rules::RulesContext& ctx, const rules::ReplayObserver& observer) {
        return rules::replay_save(file, save, ctx, observer);
    }
    static std::string write_position(const Position& p, const rules::RulesContext& ctx) {
        return rules::write_position(p, ctx);
    }
    static data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                                const rules::RulesContext& ctx) {
        return rules::load_position(file, text,
                                   [&](const std::string&, const std::array<std::string, 2>&,
                                       std::string&) -> std::optional<rules::RulesContext> { return ctx; });
    }
};

/// Hell Broke Loose's (kits/hbl/data/save.hpp, kits/hbl/data/position.hpp).
template <>
struct LocalFiles<hbl::Engine> {
    using Position = hbl::HblPosition;
    static constexpr std::string_view ruleset = "hell-broke-loose";
    static std::vector<std::string> army_ids() { return test::hbl_army_ids(); }
    static hbl::Context context(const std::string& a, const std::string& b) {
        return test::HblArmies::get().context(a, b);
    }
    static std::string lines_after(const data::SaveHeader& h, const hbl::Context& ctx, const hbl::Command& c,
                                   const hbl::GameState& before, const hbl::GameState& after, std::uint64_t calls,
                                   std::size_t commands) {
        return hbl::hbl_save_lines_after(h, ctx, c, before, after, calls, commands);
    }
    static data::Loaded<hbl::HblReplayed> replay(std::string_view file, const data::SaveFile& save,
                                                  const hbl::Context& ctx,
                                                  const data::ReplayObserverOf<hbl::Engine>& observer) {
        return hbl::replay_hbl_save(file, save, ctx, observer);
    }
    static std::string write_position(const Position& p, const hbl::Context& ctx) {
        return hbl::write_hbl_position(p, ctx);
    }
    static data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                                const hbl::Context& ctx) {
        return hbl::load_hbl_position(file, text,
                                       [&](const std::string&, const std::array<std::string, 2>&,
                                           std::string&) -> std::optional<hbl::Context> { return ctx; });
    }
};

/// The Sword and the Pike's (kits/tsp/data/save.hpp, kits/tsp/data/position.hpp).
template <>
struct LocalFiles<tsp::Engine> {
    using Position = tsp::TspPosition;
    static constexpr std::string_view ruleset = "the-sword-and-the-pike";
    static std::vector<std::string> army_ids() { return test::tsp_army_ids(); }
    static tsp::Context context(const std::string& a, const std::string& b) {
        return test::TspArmies::get().context(a, b);
    }
    static std::string lines_after(const data::SaveHeader& h, const tsp::Context& ctx, const tsp::Command& c,
                                   const tsp::GameState& before, const tsp::GameState& after, std::uint64_t calls,
                                   std::size_t commands) {
        return tsp::tsp_save_lines_after(h, ctx, c, before, after, calls, commands);
    }
    static data::Loaded<tsp::TspReplayed> replay(std::string_view file, const data::SaveFile& save,
                                                 const tsp::Context& ctx,
                                                 const data::ReplayObserverOf<tsp::Engine>& observer) {
        return tsp::replay_tsp_save(file, save, ctx, observer);
    }
    static std::string write_position(const Position& p, const tsp::Context& ctx) {
        return tsp::write_tsp_position(p, ctx);
    }
    static data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                                const tsp::Context& ctx) {
        return tsp::load_tsp_position(file, text,
                                      [&](const std::string&, const std::array<std::string, 2>&,
                                          std::string&) -> std::optional<tsp::Context> { return ctx; });
    }
};

/// Every ruleset the suite runs on: the registry's kits.
using ConformanceKits = kits::Kits;

/// What the suite calls of a kit's files: the kit's files group where it has the function,
/// LocalFiles otherwise.
template <class Kit>
struct Files {
    using E = typename Kit::Engine;
    using Local = LocalFiles<E>;
    using Position = typename Local::Position;
    /// The kit's own files group: a registry's kit.
    static constexpr bool kit_files = requires { typename Kit::Files; };
    /// The shipped data, read once (a kit's contexts point into it).
    static data::DataCatalog& catalog() {
        static data::DataCatalog c(std::filesystem::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name);
        return c;
    }
    /// The id of the ruleset the suite plays: the kit's shipped ruleset.
    static constexpr std::string_view ruleset() {
        if constexpr (kit_files) {
            return Kit::ruleset;
        } else {
            return Local::ruleset;
        }
    }
    static std::vector<std::string> army_ids() {
        if constexpr (kit_files) {
            std::vector<std::string> ids;
            for (const auto& a : Kit::Files::army_choices(catalog(), ruleset())) ids.push_back(a.id);
            return ids;
        } else {
            return Local::army_ids();
        }
    }
    static typename E::Context context(const std::string& a, const std::string& b) {
        if constexpr (kit_files) {
            std::string why;
            const auto ctx = Kit::Files::context(catalog(), ruleset(), {a, b}, why);
            INFO(ruleset() << ": " << a << " v " << b << ": " << why);
            REQUIRE(ctx.has_value());
            return *ctx;
        } else {
            return Local::context(a, b);
        }
    }
    static std::string lines_after(const data::SaveHeader& h, const typename E::Context& ctx,
                                   const typename E::Command& c, const typename E::State& before,
                                   const typename E::State& after, std::uint64_t calls, std::size_t commands) {
        if constexpr (requires { Kit::Files::lines_after(h, ctx, c, before, after, calls, commands); }) {
            return Kit::Files::lines_after(h, ctx, c, before, after, calls, commands);
        } else {
            return Local::lines_after(h, ctx, c, before, after, calls, commands);
        }
    }
    static data::Loaded<data::ReplayedOf<E>> replay(std::string_view file, const data::SaveFile& save,
                                                    const typename E::Context& ctx,
                                                    const data::ReplayObserverOf<E>& observer = {}) {
        if constexpr (requires { Kit::Files::replay(file, save, ctx, observer); }) {
            return Kit::Files::replay(file, save, ctx, observer);
        } else {
            return Local::replay(file, save, ctx, observer);
        }
    }
    static std::string write_position(const Position& p, const typename E::Context& ctx) {
        return Local::write_position(p, ctx);
    }
    static data::Loaded<Position> load_position(std::string_view file, std::string_view text,
                                                const typename E::Context& ctx) {
        return Local::load_position(file, text, ctx);
    }
};

/// The armies of random game `game`: side A's army cycles fastest, side B's once every n games, so
/// that n * n games meet every pairing, mirrors included.
template <class Kit>
std::array<std::string, 2> armies_of_game(int game) {
    const auto ids = Files<Kit>::army_ids();
    const auto n = ids.size();
    const auto g = static_cast<std::size_t>(game);
    return {ids[g % n], ids[(g / n) % n]};
}

}  // namespace tercio::conformance
