#pragma once
// Shared helpers for Hell Broke Loose's tests: the shipped ruleset and armies, and commands
// given as text.
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "kits/hbl/data/files.hpp"
#include "hbl/game.hpp"
#include "rules/engine.hpp"

namespace tercio::test {

/// The shipped Hell Broke Loose data, loaded once.
class HblArmies {
  public:
    static HblArmies& get() {
        static HblArmies a;
        return a;
    }
    const hbl::Ruleset& ruleset() {
        std::string why;
        const hbl::Ruleset* rs = hbl::ruleset(catalog_, "hell-broke-loose", why);
        INFO(why);
        REQUIRE(rs != nullptr);
        return *rs;
    }
    const hbl::ArmyList& army(const std::string& id) {
        std::string why;
        const hbl::ArmyList* a = hbl::army(catalog_, "hell-broke-loose", id, why);
        INFO(why);
        REQUIRE(a != nullptr);
        return *a;
    }
    hbl::Context context(const std::string& a, const std::string& b) {
        return hbl::Context{&ruleset(), {&army(a), &army(b)}};
    }

  private:
    HblArmies() : catalog_(std::filesystem::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name) {}
    data::DataCatalog catalog_;
};

/// The six armies the project ships for Hell Broke Loose.
inline const std::vector<std::string>& hbl_army_ids() {
    static const std::vector<std::string> ids = {"french",  "imperialist", "italian",
                                                 "spanish", "ottoman",     "moorish"};
    return ids;
}

/// The armies of random game `game`: every army against every other, and itself, as `game` goes
/// on (the random-play tests' games).
inline hbl::Context hbl_game_context(int game) {
    const auto& ids = hbl_army_ids();
    return HblArmies::get().context(ids[static_cast<std::size_t>(game) % ids.size()],
                                    ids[static_cast<std::size_t>(game / 6 + 1 + game) % ids.size()]);
}

/// Parses a command as the deciding side gives it, failing the test with the reason.
inline hbl::Command hbl_command(const hbl::Context& ctx, const hbl::GameState& s,
                                const std::string& text) {
    auto parsed = hbl::parse(ctx, s, s.decider, text);
    if (const auto* err = std::get_if<std::string>(&parsed)) {
        INFO(text << ": " << *err);
        REQUIRE(false);
    }
    return std::get<hbl::Command>(parsed);
}

/// Applies a command given as text, failing the test with the reason if it is refused.
inline hbl::Events hbl_play(const hbl::Context& ctx, hbl::GameState& s, const std::string& text,
                            core::Dice& dice) {
    const hbl::Command c = hbl_command(ctx, s, text);
    const auto why = hbl::validate(ctx, s, c);
    INFO(text << ": " << why.value_or(""));
    REQUIRE_FALSE(why.has_value());
    return hbl::apply(ctx, s, c, dice);
}

/// The reason a command is refused ("" if it is legal).
inline std::string hbl_refusal(const hbl::Context& ctx, const hbl::GameState& s,
                               const std::string& text) {
    auto parsed = hbl::parse(ctx, s, s.decider, text);
    if (const auto* err = std::get_if<std::string>(&parsed)) return "parse: " + *err;
    return hbl::validate(ctx, s, std::get<hbl::Command>(parsed)).value_or("");
}

}  // namespace tercio::test
