#pragma once
/// Where saves live and how they are written so that nothing is lost: every command is appended
/// and flushed to the disk before the game goes on, new files appear atomically, a `.bak` copy
/// of the last good save is kept, and a lock stops the same game being open twice.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/save.hpp"
#include "rules/game.hpp"

namespace tercio::data {

/// The login name, for `--player`'s default: $USER or $LOGNAME, else "player" (also when the
/// login name is not a valid player name).
std::string default_player_name();

/// The directory saves go under: the `--save-dir` flag, else $XDG_STATE_HOME/tercio, else
/// $HOME/.local/state/tercio (an empty variable counts as unset). Nothing, with a reason, if
/// none can be found.
std::optional<std::filesystem::path> saves_root(const std::optional<std::filesystem::path>& flag,
                                                std::string& why);

/// The save file name extension.
inline constexpr std::string_view kSaveExtension = ".save";

/// An open save, locked (flock) for this process until it is destroyed (or the process dies).
class SaveWriter {
public:
    /// Starts a new save `<dir>/<stem>.save` (or `<stem>-2.save`... if taken; `dir` is made, mode
    /// 0700, if missing) holding `header`: written to a temporary file, flushed, renamed into
    /// place and the directory flushed, so the file is either whole or absent.
    static std::unique_ptr<SaveWriter> create(const std::filesystem::path& dir, const std::string& stem,
                                              std::string_view header, std::string& why);
    /// Opens an existing save to go on with it. Refuses if another process has it open. If the
    /// file is longer than `good_bytes` (a line cut short when the program stopped), a `.bak` of
    /// it is kept and the cut line removed.
    static std::unique_ptr<SaveWriter> open(const std::filesystem::path& file, std::size_t good_bytes,
                                            std::string& why);
    ~SaveWriter();
    SaveWriter(const SaveWriter&) = delete;
    SaveWriter& operator=(const SaveWriter&) = delete;

    /// Appends and flushes to the disk (fdatasync) before returning. False, with a reason, if the
    /// disk refuses; the file then still ends with whole lines.
    bool append(std::string_view text, std::string& why);
    /// Cuts the file back to its first `bytes` bytes (undo), after a `.bak` of it.
    bool truncate(std::size_t bytes, std::string& why);
    /// Copies the save to `<file>.bak`, atomically.
    bool backup(std::string& why);

    std::size_t size() const { return size_; }
    const std::filesystem::path& file() const { return file_; }

private:
    SaveWriter(int fd, std::filesystem::path file, std::size_t size)
        : fd_(fd), file_(std::move(file)), size_(size) {}
    int fd_;
    std::filesystem::path file_;
    std::size_t size_;
};

/// A game being played and saved: after every command its line is appended and flushed, with a
/// keyframe (a position) when a turn begins and the game-over line when it ends.
class GameSave {
public:
    /// A new game's save: the header, then nothing until the first command.
    static std::unique_ptr<GameSave> start(const std::filesystem::path& dir, const std::string& stem,
                                           const SaveHeader& header, const rules::RulesContext& ctx,
                                           std::string& why);
    /// Goes on writing a save that was read (`save`) and replayed: commands after the last one
    /// are appended; undo can cut back into the old ones. Keeps a `.bak` of it first.
    static std::unique_ptr<GameSave> resume(const std::filesystem::path& file, const SaveFile& save,
                                            const rules::RulesContext& ctx, std::string& why);

    /// After a command: its line, then a keyframe if it began a turn (`before.turn` !=
    /// `after.turn`) and the game-over line if it ended the game. `calls` is the dice draws
    /// made so far (for the keyframe). False, with a reason, if the disk refused: the lines are
    /// then kept, in order, and written before the next command's (or by flush()). The `.bak`
    /// is refreshed when a turn begins.
    bool played(const rules::Command& c, const rules::GameState& before, const rules::GameState& after,
                std::uint64_t calls, std::string& why);
    /// Takes the last command's line (and anything after it) out of the file.
    bool undone(std::string& why);
    /// Writes the lines the disk refused before; false, with a reason, if it still refuses.
    bool flush(std::string& why);
    /// Writes what is pending and copies the save to `.bak` (the `S` key).
    bool backup(std::string& why) { return flush(why) && writer_->backup(why); }

    const std::filesystem::path& file() const { return writer_->file(); }
    /// Commands in the game, written or not.
    std::size_t commands() const { return offsets_.size() + pending_.size(); }
    /// Commands whose lines the disk has refused so far.
    std::size_t unsaved() const { return pending_.size(); }

private:
    GameSave(std::unique_ptr<SaveWriter> w, const rules::RulesContext& ctx, const SaveHeader& h)
        : writer_(std::move(w)), ctx_(ctx), header_(h) {}
    std::unique_ptr<SaveWriter> writer_;
    const rules::RulesContext& ctx_;
    SaveHeader header_;
    std::vector<std::size_t> offsets_;  ///< where each written command's line starts
    std::vector<std::string> pending_;  ///< lines of later commands the disk refused, oldest first
};

/// `rulesets/<id>.toml` and `armies/<id>.toml` in a data directory.
std::filesystem::path ruleset_path(const std::filesystem::path& data_dir, const std::string& id);
std::filesystem::path army_path(const std::filesystem::path& data_dir, const std::string& id);

/// FNV-1a 64 of a file's bytes (content_hash), or 0 if it cannot be read.
std::uint64_t file_hash(const std::filesystem::path& file);

/// The data files a save names that have changed since its game began ("armies/french.toml has
/// changed since this game began"): the game may still replay the same, or not.
std::vector<std::string> changed_data(const std::filesystem::path& data_dir, const SaveHeader& h);

/// A save in a player's directory.
struct SaveListing {
    std::filesystem::path file;
    bool over = false;  ///< it ends with the game-over line
    std::filesystem::file_time_type modified;
};

/// The saves in `dir`, most recently written first (none if `dir` does not exist).
std::vector<SaveListing> list_saves(const std::filesystem::path& dir);

/// Writes `text` to `file` atomically (temporary file, flush, rename, flush the directory).
bool write_file_atomically(const std::filesystem::path& file, std::string_view text, std::string& why);

}  // namespace tercio::data
