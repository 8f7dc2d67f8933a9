#pragma once
/// `tercio play` of a Hell Broke Loose game (`--ruleset hell-broke-loose`, or chosen in the start
/// menu): its screen (ui/hbl_screen.hpp) on the terminal, the computer's sides played between
/// keys, every command saved as it is played (data/hbl_save.hpp).
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/player.hpp"
#include "app/game_files.hpp"
#include "app/play_command.hpp"
#include "data/data_files.hpp"
#include "data/save_store.hpp"
#include "ui/curses_surface.hpp"
#include "ui/start_menu.hpp"

namespace tercio::app {

/// A new Hell Broke Loose game: its ruleset, armies, seed and the computer's sides.
struct HblGame {
    std::string ruleset;
    std::string red;
    std::string blue;
    std::uint64_t seed = 0;
    std::array<std::optional<ai::Level>, 2> computer{};
};

/// The armies of a Hell Broke Loose ruleset (`armies/<ruleset>/`) for the start menu, by file
/// name; the broken ones are left out (`tercio check` names their faults).
std::vector<ui::ArmyChoice> hbl_army_choices(data::DataCatalog& catalog,
                                             const std::string& ruleset);

/// Plays the game on the terminal `term` (closed when it ends) until the player quits or the
/// input ends, saving every command in `dir` as it is played: a new game (`game`), or the saved
/// one `saved` (opened and locked by open_saved), replayed first. Prints what became of it and
/// how to go on with it. The exit status.
int play_hbl(std::unique_ptr<ui::CursesSurface>& term, const PlayOptions& opt, data::DataCatalog& catalog,
             const data::SaveDir& dir, const std::string& player, const HblGame& game,
             std::optional<SavedGame> saved);

}  // namespace tercio::app
