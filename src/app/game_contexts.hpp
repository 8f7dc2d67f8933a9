#pragma once
/// The armies of one data directory (of either engine), loaded once for the headless commands (`tercio bench`,
/// `tercio sim`) that play many games between them.
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "data/data_files.hpp"
#include "hbl/game.hpp"
#include "rules/game.hpp"

namespace tercio::app {

/// The six armies, in the order `tercio bench` and `tercio sim --all-armies` go through them.
inline constexpr std::array<const char*, 6> kArmyIds = {"french",      "italian", "spanish",
                                                        "imperialist", "ottoman", "moorish"};

/// Rules contexts of games between the armies of one data directory. The pointers in them stay
/// valid as long as this object; once made, they are only read, so threads may share them.
class GameContexts {
  public:
    explicit GameContexts(std::filesystem::path data_dir) : catalog_(std::move(data_dir)) {}
    /// `red` (side A) against `blue`, under the red army's ruleset; nothing, with the reason, if
    /// an army cannot be loaded or the two belong to different rulesets.
    std::optional<rules::RulesContext> context(const std::string& red, const std::string& blue,
                                               std::string& why);
    /// The 36 ordered pairings of kArmyIds: pairing p is army p / 6 against army p % 6.
    std::optional<std::vector<rules::RulesContext>> all_pairings(std::string& why);
    /// The engine a ruleset's file names; nothing, with the reason, if there is no such ruleset.
    std::optional<std::string> engine(const std::string& ruleset, std::string& why);
    /// A Hell Broke Loose game between two armies of `ruleset` (`armies/<ruleset>/`).
    std::optional<hbl::Context> hbl_context(const std::string& ruleset, const std::string& red,
                                            const std::string& blue, std::string& why);

  private:
    data::DataCatalog catalog_;
};

}  // namespace tercio::app
