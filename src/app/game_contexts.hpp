#pragma once
/// The armies of one data directory (of any ruleset), loaded once for the headless commands (`tercio bench`,
/// `tercio sim`) that play many games between them.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "data/data_files.hpp"
#include "kits/registry.hpp"

namespace tercio::app {

/// Rules contexts of games between the armies of one data directory. The pointers in them stay
/// valid as long as this object; once made, they are only read, so threads may share them.
class GameContexts {
  public:
    explicit GameContexts(std::filesystem::path data_dir) : catalog_(std::move(data_dir), kits::DefaultKit::engine) {}
    /// A game of `ruleset` (of kit K) between `red` (side A) and `blue`, with the optional rules
    /// `options`; nothing, with the reason, if a file cannot be loaded, an army belongs to another
    /// ruleset or the ruleset has no such optional rule.
    template <kits::RulesetKit K>
    std::optional<typename K::Engine::Context> context(const std::string& ruleset, const std::string& red,
                                                       const std::string& blue, std::string& why,
                                                       const std::vector<std::string>& options = {}) {
        return kits::game_context<K>(catalog_, ruleset, {red, blue}, options, why);
    }
    /// The 36 ordered pairings of the kit's paired armies (K::Files::paired_armies) under
    /// `ruleset`: pairing p is army p / 6 against army p % 6.
    template <kits::RulesetKit K>
    std::optional<std::vector<typename K::Engine::Context>> all_pairings(const std::string& ruleset,
                                                                         std::string& why) {
        std::vector<typename K::Engine::Context> out;
        for (const std::string_view red : K::Files::paired_armies()) {
            for (const std::string_view blue : K::Files::paired_armies()) {
                auto ctx = context<K>(ruleset, std::string(red), std::string(blue), why);
                if (!ctx) return std::nullopt;
                out.push_back(*ctx);
            }
        }
        return out;
    }
    /// The engine a ruleset's file names; nothing, with the reason, if there is no such ruleset.
    std::optional<std::string> engine(const std::string& ruleset, std::string& why);

  private:
    data::DataCatalog catalog_;
};

}  // namespace tercio::app
