#pragma once
/// What the commands that keep a game in a save share (`tercio play`, `tercio host`): the save
/// keeper that writes every command as the session plays it, opening a saved game to go on with
/// it, and the header of a new game's save.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ai/player.hpp"
#include "control/session.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "data/save_store.hpp"

namespace tercio::app {

/// "2026-11-23T16:35:04Z" and "20261123-163504" for now.
std::pair<std::string, std::string> now_texts();

/// The session's save keeper: every command goes to the save file before the screen shows it.
class SaveKeeper final : public control::Observer {
  public:
    explicit SaveKeeper(data::GameSave& save) : save_(save) {}
    std::optional<std::string> played(const control::Session& session, const control::Entry& entry,
                                      const rules::GameState& before) override;
    std::optional<std::string> undoing(const control::Session& session) override;
    /// `S`: saves and returns what to tell the player.
    std::string save();

  private:
    data::GameSave& save_;
};

/// A saved game, locked for this session, read from its file and checked: ready to replay.
struct SavedGame {
    std::unique_ptr<data::SaveWriter> writer;  ///< locked before the file was read
    data::SaveFile save;
    rules::RulesContext ctx;
    std::vector<std::string> notices;  ///< things the player should know (data changed; a cut line, once replayed)
};

/// Opens and locks a save of the player's directory, then reads and checks it; on failure prints
/// every problem (file:line:column: message, after `command`: for its own) and returns the exit
/// code.
std::variant<SavedGame, int> open_saved(const data::SaveDir& dir, const std::string& name, data::DataCatalog& catalog,
                                        std::string_view command);

/// The header of a new game's save: this program, now, the seed, the ruleset and armies with
/// their files' hashes, and who plays each side (`player`, or the computer at its level).
data::SaveHeader new_save_header(data::DataCatalog& catalog, const std::string& ruleset,
                                 const std::array<std::string, 2>& armies, const std::string& player,
                                 std::uint64_t seed, const std::array<std::optional<ai::Level>, 2>& computer);

}  // namespace tercio::app
