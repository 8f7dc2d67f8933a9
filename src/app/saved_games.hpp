#pragma once
/// The start menu's saved games: the unfinished ones Continue offers (with the seats the player
/// holds in games served on this machine), and the finished ones Replay a game lists and opens in
/// the replay screen (the player's own, or every player's on a public server).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/net_command.hpp"
#include "data/data_files.hpp"
#include "data/save_store.hpp"
#include "ui/curses_surface.hpp"
#include "ui/replay_menu.hpp"
#include "ui/start_menu.hpp"

namespace tercio::app {

/// "11-26 07:55": when a save was last written, in the player's time zone.
std::string last_played(std::filesystem::file_time_type t);

/// What Continue offers: the player's unfinished games, newest first, then the games served on
/// this machine in which the player holds a seat (their token kept in the save directory, as the
/// Join menu's [back]) that are neither over nor served from one of those saves. `choices` is the
/// menu's list: the saves' first, then the seats'.
struct ContinueOffer {
    std::vector<data::SaveListing> saves;
    /// For each save, the id of the game a server serves from it now (Continue joins it there).
    std::vector<std::optional<std::string>> served;
    std::vector<ui::GameListing> seats;
    std::vector<ui::SavedChoice> choices;
    /// The game a choice takes back a seat in (a game id); none for a save.
    const ui::GameListing* seat(std::size_t choice) const {
        return choice >= saves.size() && choice - saves.size() < seats.size()
                   ? &seats[choice - saves.size()]
                   : nullptr;
    }
};

/// Continue's games for the player whose save directory is `dir` (the 20 newest saves), each
/// described: armies, turn, who plays and when, or why it cannot go on here.
ContinueOffer continue_offer(const NetOptions& net, const data::SaveDir& dir,
                             data::DataCatalog& catalog);

/// A finished save as Replay a game offers it: the armies, the turn it ended on and who won; who
/// played it and when it ended; or that it is damaged. `whose`, when not empty, is the player
/// whose game it is, named in front of its title.
ui::FinishedChoice describe_finished(const data::SaveDir& dir, const data::SaveListing& save,
                                     data::DataCatalog& catalog, const std::string& whose);

/// Where Replay a game finds the finished games: the saves root, the player, and whether it lists
/// every player's (the directories beside the player's own) or only the player's.
struct ReplayShelf {
    std::filesystem::path root;
    std::string player;
    bool everyone = false;
    bool ascii = false;
};

/// The most finished games Replay a game lists (the newest).
inline constexpr std::size_t kMostFinished = 500;

/// The note beside the start menu's Replay a game line.
std::string replay_note(const ReplayShelf& shelf);

/// Replay a game on the start menu's terminal: the finished games listed, one chosen and shown
/// in the replay screen, until the player goes back or leaves the replay. `menu` keeps the game
/// chosen from one visit to the next. What the start menu says then; none when the input ended
/// or a signal came.
std::optional<std::string> replay_a_game(ui::CursesSurface& term, ui::ReplayMenu& menu,
                                         const ReplayShelf& shelf,
                                         const std::filesystem::path& data_dir);

}  // namespace tercio::app
