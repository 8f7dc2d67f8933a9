#pragma once
/// `tercio play` of a game, one function a kit until the front ends are generic over the kit
/// (ui::PlayScreenOf): each plays the game on the terminal `term` (closed when it ends) until the
/// player quits or the input ends, saving every command in `dir` as it is played: a new game
/// (`game`), or the saved one `saved` (opened and locked by open_saved), replayed first. Each
/// prints what became of it and how to go on with it, and returns the exit status.
#include <memory>
#include <optional>
#include <string>

#include "app/game_files.hpp"
#include "app/play_command.hpp"
#include "data/data_files.hpp"
#include "data/save_store.hpp"
#include "kits/registry.hpp"
#include "ui/curses_surface.hpp"

namespace tercio::app {

int play_game(kits::KitTag<kits::PiketteKit>, std::unique_ptr<ui::CursesSurface>& term, const PlayOptions& opt,
              data::DataCatalog& catalog, const data::SaveDir& dir, const std::string& player, const NewGame& game,
              std::optional<SavedGame> saved);

int play_game(kits::KitTag<kits::HblKit>, std::unique_ptr<ui::CursesSurface>& term, const PlayOptions& opt,
              data::DataCatalog& catalog, const data::SaveDir& dir, const std::string& player, const NewGame& game,
              std::optional<SavedGame> saved);

}  // namespace tercio::app
