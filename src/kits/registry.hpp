#pragma once
/// The rulesets this program has: the one generic place that names them. Everything above the
/// rules reaches a ruleset through `with_kit` (by the engine a ruleset file names) or is a
/// template over the kit it is handed; a ruleset file naming an engine that is not listed here is
/// refused with `unknown_engine`. Adding a ruleset is one line in `Kits` (docs/rulesets.md,
/// "Adding a ruleset").
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "kits/hbl/kit.hpp"
#include "kits/kit.hpp"
#include "kits/pikette/kit.hpp"
#include "kits/tsp/kit.hpp"
#include "data/save_store.hpp"
#include "ui/screen_kit.hpp"

namespace tercio::kits {

/// Every kit, in the order menus and lists offer them. The first is the program's default: a
/// ruleset file without an `engine` key, and a command given no ruleset, are its.
using Kits = std::tuple<PiketteKit, HblKit, TspKit>;
using DefaultKit = std::tuple_element_t<0, Kits>;

/// A kit as a value, for the generic lambdas `with_kit` and `for_each_kit` call.
template <class K>
struct KitTag {
    using Kit = K;
};

namespace detail {
template <class Tuple>
struct KitList;
template <class... K>
struct KitList<std::tuple<K...>> {
    static constexpr bool all_kits = (RulesetKit<K> && ...);
    template <class F>
    static void each(F&& f) {
        (f(KitTag<K>{}), ...);
    }
    template <template <class> class T>
    using Variant = std::variant<T<K>...>;
};
template <class E, class... K>
struct KitOfEngine;
template <class E, class First, class... Rest>
struct KitOfEngine<E, First, Rest...> {
    using type = std::conditional_t<std::is_same_v<typename First::Engine, E>, First,
                                    typename KitOfEngine<E, Rest...>::type>;
};
template <class E>
struct KitOfEngine<E> {
    using type = void;
};
template <class E, class Tuple>
struct KitOfTuple;
template <class E, class... K>
struct KitOfTuple<E, std::tuple<K...>> {
    using type = typename KitOfEngine<E, K...>::type;
};
}  // namespace detail

static_assert(detail::KitList<Kits>::all_kits, "every kit in the registry meets kits::RulesetKit");

/// The kit of engine E (generic code written over an engine reaching its kit).
template <class E>
using KitOf = typename detail::KitOfTuple<E, Kits>::type;

/// One value per kit: `PerKit<T>` is `std::variant<T<PiketteKit>, T<HblKit>, ...>` (a saved
/// game of any ruleset, a context of any ruleset).
template <template <class> class T>
using PerKit = typename detail::KitList<Kits>::template Variant<T>;

/// Calls `f(KitTag<K>{})` for every kit, in order.
template <class F>
void for_each_kit(F&& f) {
    detail::KitList<Kits>::each(std::forward<F>(f));
}

/// Calls `f(KitTag<K>{})` with the kit whose engine is `engine`. Its result, or nothing when the
/// program has no such engine (say so with `unknown_engine`); for an `f` returning nothing,
/// whether there was such a kit.
template <class F>
auto with_kit(std::string_view engine, F&& f) {
    using R = std::invoke_result_t<F&, KitTag<std::tuple_element_t<0, Kits>>>;
    if constexpr (std::is_void_v<R>) {
        bool found = false;
        for_each_kit([&]<class K>(KitTag<K> tag) {
            if (!found && engine == K::engine) {
                found = true;
                f(tag);
            }
        });
        return found;
    } else {
        std::optional<R> out;
        for_each_kit([&]<class K>(KitTag<K> tag) {
            if (!out && engine == K::engine) out.emplace(f(tag));
        });
        return out;
    }
}

/// "pikette-squared, hell-broke-loose, the-sword-and-the-pike": the engines this program has.
inline std::string engine_names() {
    std::string out;
    for_each_kit([&]<class K>(KitTag<K>) {
        if (!out.empty()) out += ", ";
        out += K::engine;
    });
    return out;
}

/// The ruleset a command plays when it is given none: the default kit's own
/// (data/rulesets/<id>/).
inline std::string default_ruleset() { return std::string(DefaultKit::ruleset); }

/// The armies a new game of the kit of `engine` is played between when none are named (its
/// Files::default_armies; the default kit's for an engine this program does not have, which the
/// caller refuses with `unknown_engine`).
inline std::array<std::string, 2> default_armies(std::string_view engine) {
    return with_kit(engine, []<class K>(KitTag<K>) { return K::Files::default_armies(); })
        .value_or(DefaultKit::Files::default_armies());
}

/// Every kit's command-line options (ui::KitOption), in the order of the kits, each name once:
/// `tercio play`, `host`, `join` and `watch` offer them all and hand each value to the kit of the
/// game played, which ignores those that are not its own.
inline std::vector<ui::KitOption> kit_options() {
    std::vector<ui::KitOption> out;
    for_each_kit([&]<class K>(KitTag<K>) {
        for (ui::KitOption& o : K::Screen::options()) {
            const bool known =
                std::any_of(out.begin(), out.end(), [&](const ui::KitOption& k) { return k.name == o.name; });
            if (!known) out.push_back(std::move(o));
        }
    });
    return out;
}

/// Why a ruleset naming `engine` cannot be played by this program.
inline std::string unknown_engine(std::string_view engine) {
    return "no rules engine \"" + std::string(engine) + "\" in this tercio (it has " + engine_names() + ")";
}

/// Whether a save's game is over once replayed by its ruleset's kit (data::GameOverCheck, for
/// data::newest_unfinished): nothing when its ruleset, engine or armies cannot be had, or it
/// does not replay. The catalog must outlive the check.
inline data::GameOverCheck replayed_over(data::DataCatalog& catalog) {
    return [&catalog](const std::string& name, const data::SaveFile& save) -> std::optional<bool> {
        const data::SaveHeader& h = save.header;
        const auto over = with_kit(catalog.engine(h.ruleset).value_or(""), [&]<class K>(KitTag<K>) {
            std::string why;
            const auto ctx = game_context<K>(catalog, h.ruleset, {h.sides[0].army, h.sides[1].army}, h.options, why);
            if (!ctx) return std::optional<bool>();
            const auto r = K::Files::replay(name, save, *ctx, {});
            if (!r.ok()) return std::optional<bool>();
            return std::optional<bool>(K::Engine::over(r.value->state));
        });
        return over ? *over : std::nullopt;
    };
}

}  // namespace tercio::kits
