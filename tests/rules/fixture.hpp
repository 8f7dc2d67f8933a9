#pragma once
// Shared helpers for rules tests: the shipped ruleset and armies, scripted set-ups.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "rules/game.hpp"
#include "kits/pikette/data/files.hpp"

namespace tercio::test {

/// The shipped data, loaded once.
class Armies {
public:
    static Armies& get() {
        static Armies a;
        return a;
    }
    const rules::Ruleset& ruleset() {
        std::string why;
        const rules::Ruleset* rs = rules::ruleset(catalog_, "pikette-squared", why);
        INFO(why);
        REQUIRE(rs != nullptr);
        return *rs;
    }
    const rules::ArmyList& army(const std::string& id) {
        auto it = armies_.find(id);
        if (it == armies_.end()) {
            const auto file = data::army_file(std::filesystem::path(TERCIO_SOURCE_DIR) / "data", "pikette-squared", id);
            const auto ft = data::read_file(file);
            auto loaded = rules::load_army(file.string(), ft.text, rules::resolver(catalog_));
            for (const auto& e : loaded.errors) UNSCOPED_INFO(e.to_string());
            REQUIRE(loaded.ok());
            it = armies_.emplace(id, std::make_unique<rules::ArmyList>(std::move(*loaded.value))).first;
        }
        return *it->second;
    }
    rules::RulesContext context(const std::string& a, const std::string& b) {
        return rules::RulesContext{&ruleset(), {&army(a), &army(b)}};
    }

private:
    Armies() : catalog_(std::filesystem::path(TERCIO_SOURCE_DIR) / "data", rules::Engine::name) {}
    data::DataCatalog catalog_;
    std::map<std::string, std::unique_ptr<rules::ArmyList>> armies_;
};

/// Scripted picks that leave a deck of `n` cards in its built order (Fisher-Yates with j = i).
inline std::string identity_shuffle(int n = 20) {
    std::string s;
    for (int i = n - 1; i > 0; --i) s += " u" + std::to_string(i + 1) + ":" + std::to_string(i);
    return s;
}

/// Applies a command given as text, failing the test with the reason if it is refused.
inline rules::Events play(const rules::RulesContext& ctx, rules::GameState& s, const std::string& text,
                          core::Dice& dice) {
    std::string err;
    const auto c = rules::parse_command(text, err);
    INFO(text << ": " << err);
    REQUIRE(c.has_value());
    const auto why = rules::validate(ctx, s, *c);
    INFO(text << ": " << why.value_or(""));
    REQUIRE_FALSE(why.has_value());
    return rules::apply(ctx, s, *c, dice);
}

/// The reason a command is refused ("" if it is legal).
inline std::string refusal(const rules::RulesContext& ctx, const rules::GameState& s, const std::string& text) {
    std::string err;
    const auto c = rules::parse_command(text, err);
    if (!c) return "parse: " + err;
    return rules::validate(ctx, s, *c).value_or("");
}

}  // namespace tercio::test
