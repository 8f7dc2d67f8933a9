#pragma once
/// What a ruleset supplies above its rules: its kit (docs/rulesets.md, "The kit"). A ruleset is an
/// engine (the pure rules, `core::RulesEngine`) and a kit: a struct with the engine's type, the
/// ruleset's names and one nested type per group of what the generic code above the rules needs
/// from it (its files, its computer, its words, its screen). Each group is a concept here or
/// beside the generic code that uses it, so a kit that lacks a piece is a compile error naming it,
/// and the generic code (the play screen, `--plain`, replay, run, sim, bench, saves, the network)
/// is written once, as templates over a kit. The kits the program has are listed once, in
/// kits/registry.hpp.
#include <algorithm>
#include <array>
#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ai/player.hpp"
#include "core/engine.hpp"
#include "data/data_files.hpp"
#include "data/check.hpp"
#include "data/save.hpp"
#include "kits/bench.hpp"
#include "kits/run.hpp"
#include "ui/start_menu.hpp"

namespace tercio::kits {

/// The files group: a ruleset's data and saves. The loaders themselves keep every error with its
/// file, line and column (data::LoadError); these say why in one line for the command that asked.
template <class F, class E>
concept FilesGroup = requires(data::DataCatalog& catalog, std::string_view ruleset,
                              const std::array<std::string, 2>& armies, std::string& why, std::string_view file,
                              typename E::Context& ctx_out, const std::vector<std::string>& options,
                              const data::SaveFile& save, const typename E::Context& ctx,
                              const data::ReplayObserverOf<E>& observer, const data::SaveHeader& header,
                              const typename E::Command& c, const typename E::State& s, std::uint64_t calls,
                              std::size_t commands) {
    /// The context of a game of `ruleset` between armies[0] (side A) and armies[1]: its pointers
    /// stay valid as long as the catalog. Nothing, with the reason, when a file is missing or
    /// broken or an army is of another ruleset.
    { F::context(catalog, ruleset, armies, why) } -> std::same_as<std::optional<typename E::Context>>;
    /// How `tercio check` reads its files: its rulesets, armies, positions and saves, and its
    /// armies' own keys (data::check_text; kits::file_checkers lists every kit's).
    { F::checker(catalog) } -> std::same_as<data::FileChecker>;
    /// The armies a new game is played between when none are named (side A's, side B's): the
    /// command line's and the start menu's first choice.
    { F::default_armies() } -> std::same_as<std::array<std::string, 2>>;
    /// The armies `tercio bench` and `tercio sim --all-armies` pair, each against each, in order.
    { F::paired_armies() } -> std::same_as<std::array<std::string_view, kPairedArmies>>;
    /// The optional rules a game may be played with (none for a ruleset that has none), and the
    /// setting of those chosen, by name, on a context made by `context`: false, with the reason,
    /// for a name that is not one of them. kits::game_context makes a context with both.
    { F::rule_options() } -> std::same_as<std::vector<ui::RuleOption>>;
    { F::with_options(ctx_out, options, why) } -> std::same_as<bool>;
    /// The ruleset's name for players, from its file; nothing if its file cannot be read.
    { F::ruleset_name(catalog, ruleset) } -> std::same_as<std::optional<std::string>>;
    /// Its armies for the start menu, by id; the broken ones left out (`tercio check` names them).
    { F::army_choices(catalog, ruleset) } -> std::same_as<std::vector<ui::ArmyChoice>>;
    /// An army's name ("The French"), or nothing if it cannot be loaded.
    { F::army_name(catalog, ruleset, ruleset) } -> std::same_as<std::optional<std::string>>;
    /// A parsed save replayed from its seed, every keyframe and the tail checked
    /// (data::replay_save_of); `observer` told of each command.
    { F::replay(file, save, ctx, observer) } -> std::same_as<data::Loaded<data::ReplayedOf<E>>>;
    /// A save that no longer replays whole, cut back to its last keyframe that does
    /// (data::repair_save_of); nothing when there is no such keyframe or nothing to repair.
    { F::repair(file, save, ctx) } -> std::same_as<std::optional<data::SaveRepair>>;
    /// The turn a player is told a save has reached (the start menu's Continue list), from the
    /// save and the game replayed from it.
    { F::turn_reached(save, s) } -> std::same_as<int>;
    /// What a save appends after a command played on `before` giving `after` (its line, a
    /// keyframe when a turn began, the game-over line): data::GameSave::played_lines takes it.
    { F::lines_after(header, ctx, c, s, s, calls, commands) } -> std::same_as<std::string>;
};

/// The computer group: the levels a ruleset's computer plays and its players.
template <class C, class E>
concept ComputerGroup = requires(ai::Level level, std::uint64_t seed) {
    { C::has_level(level) } -> std::same_as<bool>;
    /// A player of `level`, its own choices drawn from `seed`; nothing for a level it lacks.
    { C::make_player(level, seed) } -> std::same_as<std::unique_ptr<ai::PlayerOf<E>>>;
};

/// The bench group: what `tercio bench` plays that is the ruleset's own (docs/performance.md). Its
/// random games are generic (app::bench_random); these take the 36 pairings of its armies
/// (app::GameContexts::all_pairings), print what they measure and return the exit code.
template <class B, class E>
concept BenchGroup = requires(const std::vector<typename E::Context>& pairings, int games) {
    /// The computer's part of `tercio bench`: seeded games of its levels, `games` / 60 times its
    /// usual number, with a signature that pins them.
    { B::computer_bench(pairings, games) } -> std::same_as<int>;
    /// The benches it has beside the standard one, run instead of it (`tercio bench --reactions`).
    { B::other_benches() } -> std::same_as<std::vector<OtherBench<E>>>;
    /// The computer's games of its bench in words, for `tercio bench --help` ("normal against
    /// random and against normal").
    { B::kComputerGames } -> std::convertible_to<std::string_view>;
};

/// The run group: what `tercio run` (one generic loop over commands, src/app/run_command.cpp)
/// needs of a ruleset: its position files, its events and odds in words, its pages at a prompt.
template <class R, class E>
concept RunGroup = requires(data::DataCatalog& catalog, std::string_view text, std::string& why,
                            typename R::Position& pos, const typename E::Context& ctx, const typename E::State& s,
                            const typename E::Command& c, const typename E::Events& ev, bool explain,
                            const std::vector<std::string>& commands, OddsRefusal& refusal) {
    /// A position file's contents: the ruleset and armies it names, the dice and the state.
    { pos.ruleset } -> std::convertible_to<std::string>;
    { pos.armies } -> std::convertible_to<std::array<std::string, 2>>;
    { pos.seed } -> std::convertible_to<std::uint64_t>;
    { pos.calls } -> std::convertible_to<std::uint64_t>;
    requires std::same_as<decltype(pos.state), typename E::State>;
    /// Whether a position file, read with no --ruleset, is surely this ruleset's: the first kit
    /// that claims it reads it, and the default kit any that none claims.
    { R::claims_position(text, catalog) } -> std::same_as<bool>;
    /// Reads a position file (`file` names it in the errors); its ruleset and armies from `catalog`.
    { R::load_position(text, text, catalog) } -> std::same_as<data::Loaded<typename R::Position>>;
    { R::write_position(pos, ctx) } -> std::same_as<std::string>;
    /// The ruleset of a new game between armies of which side A's is `red`: `ruleset` (the
    /// default kit may be given none); nothing, saying why, when it cannot be played.
    { R::new_game_ruleset(catalog, text, text, why) } -> std::same_as<std::optional<std::string>>;
    /// The lines printed for the set-up's events and for those of `c`, played in `s` (before)
    /// giving `s` (after); with `explain` (`--why`), the dice of each roll too.
    { R::setup_lines(ctx, s, ev, explain) } -> std::same_as<std::vector<std::string>>;
    { R::event_lines(ctx, s, s, c, ev, explain) } -> std::same_as<std::vector<std::string>>;
    /// A page typed at a prompt instead of a command (`map`), or nothing; `pages` says what the
    /// prompt's `help` says of them and of `odds`.
    { R::page(ctx, s, text) } -> std::same_as<std::optional<std::vector<std::string>>>;
    { R::pages } -> std::convertible_to<std::string_view>;
    /// `--odds` (and `odds` at a prompt): the exact odds of the proposed `commands` in words; what
    /// it refused, in `refusal` (after the lines of the commands before it).
    { R::odds(ctx, s, commands, refusal) } -> std::same_as<std::vector<std::string>>;
};

/// The net group: what the network (src/net: the game server, the copies its clients keep) needs
/// of a ruleset beyond its engine's print, parse, hash and hide_unseen (docs/network.md). A copy's
/// face-down cards are in an order of its own (the server's is secret): the server names each card
/// a command turned, and the copy puts that card on top of its face-down ones before it plays the
/// command.
template <class N, class E>
concept NetGroup = requires(typename E::State& s, const typename E::Context& ctx, const typename E::Events& ev,
                            core::Side side, int kind, int depth) {
    /// The cards the events turned face up, in order: each deck's side and the card's kind (a
    /// small number, 0 up).
    { N::turned_cards(ev) } -> std::same_as<std::vector<std::pair<core::Side, int>>>;
    /// Puts a face-down card of `kind` `depth` cards below the top of `side`'s face-down cards (0:
    /// the next to turn), from among those at that depth or below; false when there is none (the
    /// copy is out of step) or `kind` is no card's.
    { N::put_face_down(s, side, kind, depth) } -> std::same_as<bool>;
    /// What the deciding side is asked, as a number: a plain client prints its waiting line again
    /// when this or the side changes.
    { N::decision(std::as_const(s)) } -> std::same_as<int>;
    /// The ids the server's welcome gives the game by (its ruleset's and its armies'), and an army's
    /// name for the game list.
    { N::ruleset_id(ctx) } -> std::convertible_to<std::string>;
    { N::army_id(ctx, side) } -> std::convertible_to<std::string>;
    { N::army_name(ctx, side) } -> std::convertible_to<std::string>;
    /// The optional rules the context's game is played with, by name (Files::with_options set
    /// them): the welcome names them, and a client's copy is made with them.
    { N::rule_options(ctx) } -> std::same_as<std::vector<std::string>>;
};

/// A ruleset kit.
template <class K>
concept RulesetKit = core::RulesEngine<typename K::Engine> && requires {
    /// The engine's name, as ruleset files give it (their `engine` key).
    { K::engine } -> std::convertible_to<std::string_view>;
    /// Its name for players (`tercio --help` lists every kit's).
    { K::title } -> std::convertible_to<std::string_view>;
    /// The id of the ruleset it ships (`data/rulesets/<id>/`): the default kit's is what a
    /// command given no ruleset plays (kits::default_ruleset); the others' are named in the help
    /// of every `--ruleset`.
    { K::ruleset } -> std::convertible_to<std::string_view>;
    /// How its games can end, in words for a summary ("at nightfall"), in the order to give them.
    { K::end_phrases() } -> std::same_as<std::vector<std::pair<typename K::Engine::End, const char*>>>;
} && FilesGroup<typename K::Files, typename K::Engine> && ComputerGroup<typename K::Computer, typename K::Engine> &&
    BenchGroup<typename K::Bench, typename K::Engine> && RunGroup<typename K::Run, typename K::Engine> &&
    NetGroup<typename K::Net, typename K::Engine>;

/// The context of a game of `ruleset` between `armies` with the optional rules `options` (by
/// name): K::Files::context, then K::Files::with_options. Nothing, with the reason, when either
/// refuses.
template <RulesetKit K>
std::optional<typename K::Engine::Context> game_context(data::DataCatalog& catalog, std::string_view ruleset,
                                                        const std::array<std::string, 2>& armies,
                                                        const std::vector<std::string>& options, std::string& why) {
    auto ctx = K::Files::context(catalog, ruleset, armies, why);
    if (ctx && !K::Files::with_options(*ctx, options, why)) return std::nullopt;
    return ctx;
}

/// Whether every name in `options` is an optional rule of kit K's ruleset, once each; the reason
/// when not ("The Sword and the Pike has no optional rule \"x\" (it has quicker-movement and
/// light-rain)"). A command line's `--optional-rule` is checked with this (a usage error).
template <RulesetKit K>
bool known_options(const std::vector<std::string>& options, std::string& why) {
    const std::vector<ui::RuleOption> all = K::Files::rule_options();
    for (std::size_t i = 0; i < options.size(); ++i) {
        const std::string& name = options[i];
        if (std::find(options.begin(), options.begin() + static_cast<std::ptrdiff_t>(i), name) !=
            options.begin() + static_cast<std::ptrdiff_t>(i)) {
            why = "the optional rule \"" + name + "\" is named twice";
            return false;
        }
        const bool known =
            std::any_of(all.begin(), all.end(), [&](const ui::RuleOption& o) { return o.name == name; });
        if (known) continue;
        if (all.empty()) {
            why = std::string(K::title) + " has no optional rules (\"" + name + "\" was asked for)";
        } else {
            why = std::string(K::title) + " has no optional rule \"" + name + "\" (it has ";
            for (std::size_t k = 0; k < all.size(); ++k) {
                why += (k == 0 ? "" : k + 1 == all.size() ? " and " : ", ") + all[k].name;
            }
            why += ")";
        }
        return false;
    }
    return true;
}

/// What a ruleset without optional rules says of any named (a Files::with_options).
inline bool no_rule_options(std::string_view title, const std::vector<std::string>& options, std::string& why) {
    if (options.empty()) return true;
    why = std::string(title) + " has no optional rules (\"" + options.front() + "\" was asked for)";
    return false;
}

/// "random or normal": the levels kit K's computer plays, in words.
template <RulesetKit K>
std::string levels_in_words() {
    return ai::levels_in_words(ai::level_names(&K::Computer::has_level));
}

}  // namespace tercio::kits
