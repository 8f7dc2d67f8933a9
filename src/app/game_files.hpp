#pragma once
/// What the commands that keep a game in a save share (`tercio play`, `tercio host`): the save
/// keeper that writes every command as the session plays it, opening a saved game to go on with
/// it, and the header of a new game's save.
#include <array>
#include <concepts>
#include <functional>
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
#include "kits/registry.hpp"

namespace tercio::app {

/// "2026-11-23T16:35:04Z" and "20261123-163504" for now.
std::pair<std::string, std::string> now_texts();

/// What SaveKeeperOf says when the disk refuses a command's lines.
std::string not_saved(const std::string& why, std::size_t unsaved);
/// `S`: saves (with a .bak) and returns what to tell the player.
std::string save_now(data::GameSave& save);

/// A session's save keeper: every command goes to the save file before the screen shows it, in
/// the lines its kit writes (the Files group's lines_after: the command and its state hash, a
/// keyframe when a turn begins, the game-over line).
template <kits::RulesetKit K>
class SaveKeeperOf final : public control::ObserverOf<typename K::Engine> {
  public:
    using E = typename K::Engine;
    using Session = control::SessionOf<E>;
    SaveKeeperOf(data::GameSave& save, const typename E::Context& ctx) : save_(save), ctx_(ctx) {}
    std::optional<std::string> played(const Session& session, const control::EntryOf<E>& entry,
                                      const typename E::State& before) override {
        std::string why;
        const bool ok = save_.played_lines(K::Files::lines_after(save_.header(), ctx_, entry.command, before,
                                                                  session.state(), session.calls(),
                                                                  save_.commands() + 1),
                                           E::turn(before) != E::turn(session.state()), why);
        if (ok) return std::nullopt;
        return not_saved(why, save_.unsaved());
    }
    std::optional<std::string> undoing(const Session&) override {
        std::string why;
        if (save_.undone(why)) return std::nullopt;
        return why;
    }
    std::string save() { return save_now(save_); }

  private:
    data::GameSave& save_;
    const typename E::Context& ctx_;
};

/// The context of a saved game of kit K's ruleset.
template <kits::RulesetKit K>
struct SavedContext {
    typename K::Engine::Context ctx;
};

/// A new game: its ruleset, armies, seed and the computer's sides.
struct NewGame {
    std::string ruleset;
    std::string red;
    std::string blue;
    std::uint64_t seed = 0;
    std::array<std::optional<ai::Level>, 2> computer{};
    std::vector<std::string> options{};  ///< the optional rules it is played with, by name
};

/// A saved game, locked for this session, read from its file and checked: ready to replay.
struct SavedGame {
    std::unique_ptr<data::SaveWriter> writer;  ///< locked before the file was read
    data::SaveFile save;
    kits::PerKit<SavedContext> ctx;      ///< its ruleset's context: the kit replays and plays it
    std::vector<std::string> notices;  ///< things the player should know (data changed; a cut line, once replayed)
    /// When the save no longer replayed whole and was cut back to its last keyframe that does
    /// (data::SaveRepair): what was dropped and where the file as found is kept, in a sentence for
    /// the player; empty if nothing was.
    std::string repaired;
};

/// Opens and locks a save of the player's directory, then reads and checks it; on failure prints
/// every problem (file:line:column: message, after `command`: for its own) and returns the exit
/// code. With `repair`, a save that no longer replays under these rules but does up to a keyframe
/// goes on from there: the file as found is first kept beside it (`<name>.as-found.bak`, never
/// over an older one; if it cannot be, the save is refused and not changed), `save` is cut back
/// to that keyframe (GameSave::resume then cuts the file there) and `repaired` says what was
/// dropped. Without it, such a save is read as it is, and its replay refuses it.
std::variant<SavedGame, int> open_saved(const data::SaveDir& dir, const std::string& name,
                                        data::DataCatalog& catalog, std::string_view command,
                                        bool repair = false);

/// What the player is told of a save that no longer replays whole under these rules, cut back to
/// its last keyframe that does: "The save was made by an older tercio: commands 95 to 190 (turn 5
/// onwards) no longer replay under these rules and were dropped; the game goes on from turn 5."
std::string repair_message(const data::SaveRepair& r, const data::SaveHeader& h);

/// A save that did not replay, when resuming it: its errors and notices on standard error, and
/// that the save was not changed. The exit code (kExitDataError).
int refuse_resume(const data::LoadErrors& errors, const std::vector<std::string>& notices);

/// What the player is told once `saved` has replayed and `save` goes on writing it: "Resumed
/// FILE.", what a repair dropped, a line the program was writing when it stopped, the notices,
/// the save's warning.
std::string resumed_message(const SavedGame& saved, const data::GameSave& save);

/// The header of a new game's save: this program, now, the seed, the ruleset and armies with
/// their files' hashes, who plays each side (`player`, or the computer at its level), and the
/// optional rules it is played with.
data::SaveHeader new_save_header(data::DataCatalog& catalog, const std::string& ruleset,
                                 const std::array<std::string, 2>& armies, const std::string& player,
                                 std::uint64_t seed, const std::array<std::optional<ai::Level>, 2>& computer,
                                 const std::vector<std::string>& options);

}  // namespace tercio::app
