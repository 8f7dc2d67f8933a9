#pragma once
/// `tercio check`: any data file (a ruleset, an army, a position, a save) read and checked by the
/// engine it is for. What each engine reads is its kit's (its files group gives a FileChecker);
/// this dispatches between them and names none.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_files.hpp"
#include "data/save.hpp"

namespace tercio::data {

/// What `tercio check` reports for one file.
struct CheckOutcome {
    enum class Status { Ok, Invalid, Unreadable };
    Status status = Status::Ok;
    std::string kind;  ///< "ruleset", "army", "position", "save" or empty when unknown
    LoadErrors errors;
    std::string unreadable;  ///< message when Unreadable
    bool missing = false;    ///< the file does not exist
    /// What the player can still do with an invalid file: a save that no longer replays whole
    /// but does up to a keyframe names the turn `tercio play --resume` goes on from.
    std::vector<std::string> notes;
};

/// How one engine's files are checked.
struct FileChecker {
    std::string engine;  ///< the engine whose files it reads (a ruleset file's `engine`)
    std::string title;   ///< its name for players, for the hint that an army is another engine's
    /// A ruleset file's errors (`engines`: every checker's engine, the default first, for a ruleset
    /// of an engine it does not read), and an army's (which finds the ruleset it names itself).
    std::function<LoadErrors(std::string_view file, std::string_view text, const std::vector<std::string>& engines)>
        ruleset;
    std::function<LoadErrors(std::string_view file, std::string_view text)> army;
    /// Whether a position file is surely this engine's (without a ruleset that says so); and its errors.
    std::function<bool(std::string_view text)> claims_position;
    std::function<LoadErrors(std::string_view file, std::string_view text)> position;
    /// A parsed save replayed: its errors, and in `repair` how far it still replays when it does
    /// not whole (repair_save_of). None: saves are only read, not replayed.
    std::function<LoadErrors(std::string_view file, const SaveFile& save, std::optional<SaveRepair>& repair)> save;
    /// The keys only its armies have, and those of which its armies have at least one: an army
    /// read by another engine that fails, has some of the first and none of the second's of the
    /// engine reading it, is this engine's, in the wrong ruleset (hint_wrong_engine).
    std::vector<std::string> army_keys;
    std::vector<std::string> army_needs;
};

/// Every engine's checker, the default first (a ruleset file naming no engine, or one no checker
/// reads, and an army, position or save whose ruleset is not found, are read by the first).
struct FileCheckers {
    std::vector<FileChecker> engines;
    /// The engine of a ruleset id (DataCatalog::engine); none: every file but a ruleset is read
    /// by the first.
    EngineResolver engine;
};

/// Checks text of any kind (used by check_file and by the fuzz target), dispatching on its `kind`
/// key: a ruleset is read by the engine its `engine` key names; an army, a position and a save by
/// the engine of the ruleset they name. With a `file_name` (the name it is looked up by: an
/// army's file name without `.toml`, the folder of a `ruleset.toml`), an army's or ruleset's id
/// must be that name, since the game looks them up by id as rulesets/<ruleset>/armies/<id>.toml
/// and rulesets/<id>/ruleset.toml; an army in such a folder must name that ruleset.
CheckOutcome check_text(std::string_view file, std::string_view text, const FileCheckers& checkers,
                        std::string_view file_name = {});

/// Reads and checks one data file of any kind; an army's or ruleset's id must be its file name.
CheckOutcome check_file(const std::filesystem::path& file, const FileCheckers& checkers);

}  // namespace tercio::data
