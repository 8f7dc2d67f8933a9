#pragma once
/// Where saves live and how they are written so that nothing is lost and nobody else's file is
/// touched: a player's directory is opened once and checked (a real directory, the player's own,
/// private), every file in it is opened relative to it without following symbolic links, new
/// files are created exclusively under unpredictable temporary names and renamed into place, every
/// command is appended and flushed to the disk before the game goes on, a `.bak` copy of the last
/// good save is kept, and a lock, taken before the save is read, stops the same game being open
/// twice.
#include <cstddef>
#include <filesystem>
#include <memory>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_files.hpp"
#include "data/save.hpp"

namespace tercio::data {

/// A valid player name for a login name (docs/saves.md): the name itself when it is one;
/// otherwise, deterministically, every character outside A-Z a-z 0-9 _ - (and a leading -)
/// replaced by `_`, cut to 23 characters, then `-` and 8 hex digits of the login name's hash, so
/// that `john.doe` and `john_doe` stay two players ("john_doe-8c3b5a2e").
std::string player_name_for_login(std::string_view login);

/// The login name, for `--player`'s default: $USER, else $LOGNAME, made a player name by
/// player_name_for_login; "player" when neither is set.
std::string default_player_name();

/// The directory saves go under: the `--save-dir` flag, else $XDG_STATE_HOME/tercio, else
/// $HOME/.local/state/tercio (an empty variable counts as unset). Nothing, with a reason, if
/// none can be found.
std::optional<std::filesystem::path> saves_root(const std::optional<std::filesystem::path>& flag,
                                                std::string& why);

/// The save file name extension.
inline constexpr std::string_view kSaveExtension = ".save";

/// A save in a player's directory.
struct SaveListing {
    std::filesystem::path file;  ///< the directory's path and the name
    std::string name;            ///< the file's name in the directory
    bool over = false;           ///< it ends with the game-over line
    std::filesystem::file_time_type modified;
};

/// A player's save directory, open (a descriptor every file is reached through) and checked.
class SaveDir {
public:
    /// `root/player`: `root` is made if missing (the parts made get mode 0700; an existing `root`
    /// may be shared, such as a mode-1777 /srv/games), then the player's directory (mode 0700).
    /// Refused, with a reason naming the directory, when it is a symbolic link or not a
    /// directory, belongs to another user, or other users may write in it; one that others may
    /// only read or enter is made private (0700).
    static std::unique_ptr<SaveDir> open(const std::filesystem::path& root, const std::string& player,
                                         std::string& why);
    /// `dir` itself, made if missing, checked the same way.
    static std::unique_ptr<SaveDir> open(const std::filesystem::path& dir, std::string& why);
    /// An existing player's directory `root/player`, opened only to read its saves (the start
    /// menu's Replay a game reads other players' too): never made, its mode never changed.
    /// Refused, with a reason, when `player` is not a valid player name, or the directory is
    /// missing, a symbolic link, not a directory, another user's, or one other users may write in
    /// (whoever can write there could have put anything in it).
    static std::unique_ptr<SaveDir> open_to_read(const std::filesystem::path& root, const std::string& player,
                                                 std::string& why);
    ~SaveDir();
    SaveDir(const SaveDir&) = delete;
    SaveDir& operator=(const SaveDir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    /// The directory's descriptor: valid as long as this object.
    int fd() const { return fd_; }
    /// The saves here (regular files named *.save, not hidden), most recently written first.
    std::vector<SaveListing> list() const;
    /// A file of this directory, read whole (at most kMaxSaveBytes), refused if it is a symbolic
    /// link or not a regular file.
    FileText read(const std::string& name) const;
    /// Replaces (or makes) `name` with `text` atomically: written to a new file with an
    /// unpredictable name, flushed, renamed over `name`, the directory flushed. A symbolic link at
    /// `name` is replaced, never followed.
    bool write_atomically(const std::string& name, std::string_view text, std::string& why) const;
    /// Makes `name` with `text`, whole or not at all, unless something is there already: written to
    /// a new file with an unpredictable name, flushed, renamed into place only if the name is free
    /// (RENAME_NOREPLACE), so that of two processes making the same name one wins. False when the
    /// name was taken (`taken` set) or the disk refused (`why`).
    bool create_new(const std::string& name, std::string_view text, bool& taken, std::string& why) const;

private:
    SaveDir(int fd, std::filesystem::path path) : fd_(fd), path_(std::move(path)) {}
    int fd_;
    std::filesystem::path path_;
};

/// An open save, locked (flock) for this process until it is destroyed (or the process dies).
class SaveWriter {
public:
    /// Starts a new save `<stem>.save` in `dir` (or `<stem>-2.save`... if taken) holding
    /// `header`: written to a temporary file, flushed, renamed into place (never over an existing
    /// file) and the directory flushed, so the file is either whole or absent.
    static std::unique_ptr<SaveWriter> create(const SaveDir& dir, const std::string& stem, std::string_view header,
                                              std::string& why);
    /// Opens and locks an existing save of `dir` to go on with it, before anything is read from
    /// it (read()). Refuses a symbolic link, anything but a regular file of this user, and a
    /// save open in another session. A file the disk will not let be written (a read-only
    /// directory or file system) is opened to be read only: read_only() says why, and appends
    /// fail with that reason.
    /// `locked` (if given) says whether the refusal was that lock.
    static std::unique_ptr<SaveWriter> open(const SaveDir& dir, const std::string& name, std::string& why,
                                            bool* locked = nullptr);
    ~SaveWriter();
    SaveWriter(const SaveWriter&) = delete;
    SaveWriter& operator=(const SaveWriter&) = delete;

    /// The whole file as it is now (at most kMaxSaveBytes); nothing, with a reason, if not.
    std::optional<std::string> read(std::string& why) const;
    /// Appends and flushes to the disk (fdatasync) before returning. False, with a reason, if the
    /// disk refuses; the file then still ends with whole lines.
    bool append(std::string_view text, std::string& why);
    /// Cuts the file back to its first `bytes` bytes (undo), after a `.bak` of it.
    bool truncate(std::size_t bytes, std::string& why);
    /// Copies the save to `<name>.bak`, atomically.
    bool backup(std::string& why);
    /// Copies the save as it is now to a new file `<name>.<tag>.bak` (or `<name>.<tag>-2.bak`...
    /// if that is taken), never over an existing file: a copy kept for good, which the `.bak`'s
    /// refreshes leave alone. Its name in the directory; nothing, with a reason, if the disk
    /// refuses.
    std::optional<std::string> keep_copy(std::string_view tag, std::string& why);

    std::size_t size() const { return size_; }
    std::filesystem::path file() const { return dir_path_ / name_; }
    /// Empty when the file can be written; otherwise why not.
    const std::string& read_only() const { return read_only_; }

private:
    SaveWriter(int dir_fd, std::filesystem::path dir_path, std::string name, int fd, std::size_t size)
        : dir_fd_(dir_fd), dir_path_(std::move(dir_path)), name_(std::move(name)), fd_(fd), size_(size) {}
    int dir_fd_;  ///< a descriptor of its own for the directory, for the .bak
    std::filesystem::path dir_path_;
    std::string name_;
    int fd_;
    std::size_t size_;
    std::string read_only_;
};

/// A game being played and saved: after every command its line is appended and flushed, with a
/// keyframe (a position) when a turn begins and the game-over line when it ends.
class GameSave {
public:
    /// A new game's save in `dir`: the header, then nothing until the first command.
    static std::unique_ptr<GameSave> start(const SaveDir& dir, const std::string& stem, const SaveHeader& header,
                                           std::string& why);
    /// Goes on writing a save that was read through `writer` (which locked it first) and
    /// replayed (`save`): commands after the last one are appended; undo can cut back into the
    /// old ones. What the program was writing when it stopped (past `save.good_bytes`) is cut
    /// off after a `.bak` of the file as found; a whole file gets a fresh `.bak`. If the disk
    /// refuses either, the game goes on all the same: warning() says so, and nothing is written
    /// until the cut can be made (flush()).
    static std::unique_ptr<GameSave> resume(std::unique_ptr<SaveWriter> writer, const SaveFile& save);

    /// After a command: the lines its ruleset appends (its line, then a keyframe if it began a
    /// turn and the game-over line if it ended the game: the kit's lines_after), and whether a
    /// turn began (the `.bak` is then refreshed). False, with a reason, if the disk refused: the
    /// lines are then kept, in order, and written before the next command's (or by flush()).
    bool played_lines(std::string lines, bool turn_began, std::string& why);
    /// Takes the last command's line (and anything after it) out of the file.
    bool undone(std::string& why);
    /// Writes the lines the disk refused before; false, with a reason, if it still refuses.
    bool flush(std::string& why);
    /// Writes what is pending and copies the save to `.bak` (the `S` key).
    bool backup(std::string& why) { return flush(why) && writer_->backup(why); }

    std::filesystem::path file() const { return writer_->file(); }
    /// The save's header (what a ruleset's lines after a command name: its seed, ruleset, armies).
    const SaveHeader& header() const { return header_; }
    /// Commands in the game, written or not.
    std::size_t commands() const { return offsets_.size() + pending_.size(); }
    /// Commands whose lines the disk has refused so far.
    std::size_t unsaved() const { return pending_.size(); }
    /// What went wrong when the game was resumed (the `.bak` or the cut could not be written),
    /// for the player; empty if nothing did.
    const std::string& warning() const { return warning_; }

private:
    GameSave(std::unique_ptr<SaveWriter> w, const SaveHeader& h) : writer_(std::move(w)), header_(h) {}
    std::unique_ptr<SaveWriter> writer_;
    SaveHeader header_;
    std::vector<std::size_t> offsets_;  ///< where each written command's line starts
    std::vector<std::string> pending_;  ///< lines of later commands the disk refused, oldest first
    /// The file's whole lines end here and what follows must be cut before anything is appended.
    std::optional<std::size_t> cut_to_;
    std::string warning_;
};

/// Whether the game a save holds (its file name, the save parsed) is over once replayed by its
/// ruleset; nothing when it cannot be replayed. The ruleset kits give one
/// (kits::replayed_over): the data layer knows no ruleset.
using GameOverCheck = std::function<std::optional<bool>(const std::string& name, const SaveFile& save)>;

/// The newest unfinished save of a player's directory (its name), if any. A save that ends with
/// the game-over line counts as finished, except that those newer than the newest unfinished one
/// are replayed (`over`): one whose game is not over (the line was added by hand or damage) is
/// returned, so that resuming it refuses it, naming that line, instead of passing it by.
std::optional<std::string> newest_unfinished(const SaveDir& dir, const GameOverCheck& over);
/// Every unfinished save of a player's directory, most recently written first (newest_unfinished
/// first of all, when it is one that only looks finished).
std::vector<SaveListing> unfinished_saves(const SaveDir& dir, const GameOverCheck& over);

/// The players with a directory under `root`, by name, sorted: the entries that are valid player
/// names and directories (symbolic links and files are left out; SaveDir::open_to_read checks
/// each again when it opens it). None when `root` cannot be read.
std::vector<std::string> player_names(const std::filesystem::path& root);

/// A save of one player's directory.
struct PlayerSave {
    std::string player;  ///< the directory's name under the saves root
    SaveListing save;
};

/// The finished games (saves that end with the game-over line) in the directories of `players`
/// under `root`, most recently written first, at most `most` of them: the start menu's Replay a
/// game. A directory that cannot be opened to read (SaveDir::open_to_read) is passed by.
std::vector<PlayerSave> finished_saves(const std::filesystem::path& root, const std::vector<std::string>& players,
                                       std::size_t most);

/// A ruleset's file and one of its armies' in a data directory (data::ruleset_file, army_file).
std::filesystem::path ruleset_path(const std::filesystem::path& data_dir, const std::string& id);
std::filesystem::path army_path(const std::filesystem::path& data_dir, const std::string& ruleset,
                                const std::string& id);

/// FNV-1a 64 of a file's bytes (content_hash), or 0 if it cannot be read.
std::uint64_t file_hash(const std::filesystem::path& file);

/// The data files a save names that have changed since its game began
/// ("rulesets/<ruleset>/armies/<army>.toml has changed since this game began"): the game
/// may still replay the same, or not. A save keeps each file's digest by its ruleset's and army's
/// ids, so files that only moved to another layout have not changed.
std::vector<std::string> changed_data(const std::filesystem::path& data_dir, const SaveHeader& h);

}  // namespace tercio::data
