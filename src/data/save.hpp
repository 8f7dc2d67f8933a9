#pragma once
/// Saved games (docs/saves.md): a TOML header naming everything the game was made from, then the
/// command log, one line per command with the state hash after it, and a position snapshot
/// (keyframe) at the start of every turn. Loading replays the log and checks every hash, so a save
/// from another program or other data, or one edited by hand, is caught at the line where it
/// stops agreeing. Pure: text in, values out; the files themselves are save_store.hpp's.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/dice.hpp"
#include "core/engine.hpp"
#include "data/data_files.hpp"
#include "data/load_error.hpp"

namespace tercio::data {

/// The save format this program writes; it reads this one and older ones.
inline constexpr int kSaveFormat = 1;

/// The largest save read: a long game with its keyframes is a few hundred KB.
inline constexpr std::size_t kMaxSaveBytes = 16 * 1024 * 1024;

/// The line that ends the header and starts the command log.
inline constexpr std::string_view kCommandsLine = "#== commands: the state hash after each, then the command ==";
/// The line appended once the game has ended.
inline constexpr std::string_view kOverLine = "#== game over ==";
/// The line that closes a keyframe.
inline constexpr std::string_view kKeyframeClose = "#== end of keyframe ==";

/// Who plays a side, and how.
struct SavedSide {
    std::string army;              ///< army id (rulesets/<ruleset>/armies/<id>.toml)
    std::uint64_t army_hash = 0;   ///< FNV-1a 64 of that file's bytes when the game started
    std::string player;            ///< the player's name
    std::string plays = "human";   ///< "human", or "computer:" and a level ("computer:normal")
    friend bool operator==(const SavedSide&, const SavedSide&) = default;
};

/// `plays` of a side played at the keyboard.
inline constexpr std::string_view kPlaysHuman = "human";
/// `plays` of a side played by the computer starts with this, followed by the level.
inline constexpr std::string_view kPlaysComputer = "computer:";
/// The computer levels a save may name: ai::level_name's (the tests check that they agree; the
/// data layer does not link the computer players).
inline constexpr std::array<std::string_view, 5> kComputerLevels = {"random", "easy", "normal", "hard", "expert"};

/// The computer level a `plays` value names ("normal" for "computer:normal"); nothing for
/// "human" or anything parse_save refuses.
std::optional<std::string_view> computer_level(std::string_view plays);

/// Everything a save names before its log.
struct SaveHeader {
    int format = kSaveFormat;
    std::string program;              ///< the version of tercio that started the game
    std::string created;              ///< UTC, "2026-11-23T16:35:04Z"
    std::uint64_t seed = 0;           ///< the game's dice seed (SeededDice)
    std::string ruleset;              ///< ruleset id
    std::uint64_t ruleset_hash = 0;   ///< FNV-1a 64 of the ruleset file's bytes
    std::uint64_t setup_hash = 0;     ///< state hash after the set-up rolls, before any command
    std::array<SavedSide, 2> sides;   ///< red (side A), then blue (side B)
    /// The optional rules the game is played with, by name (its kit's Files::rule_options), in
    /// the order given; none is written as no `options` key at all.
    std::vector<std::string> options;
    friend bool operator==(const SaveHeader&, const SaveHeader&) = default;
};

/// One command of the log.
struct SavedCommand {
    int line = 0;              ///< its line in the file
    std::string text;          ///< as written (its engine's text of the command)
    std::uint64_t hash = 0;    ///< state hash after it
    std::size_t offset = 0;    ///< where its line starts in the file (undo cuts the file there)
};

/// A position snapshot: the game after the first `commands` commands.
struct Keyframe {
    int line = 0;                ///< the line of its opening marker
    std::size_t commands = 0;
    std::string position;        ///< a position file's text (docs/positions.md)
    std::size_t end = 0;         ///< where the line after its closing line starts in the file
};

/// A save file as read: its header and its log, not yet replayed.
struct SaveFile {
    SaveHeader header;
    std::vector<SavedCommand> commands;
    std::vector<Keyframe> keyframes;
    bool over = false;           ///< the game-over line is present
    int over_line = 0;           ///< its line
    /// Bytes of the file that make the save: what the program was writing when it stopped (a
    /// last line without its newline, or a command whose keyframe is cut short) is left out, and
    /// `cut_line` names where that began.
    std::size_t good_bytes = 0;
    std::optional<int> cut_line;
    /// When the file ends inside a keyframe: the command written with it (left out of
    /// `commands`) and the bytes from its line to the end of the file. replay_save accepts them
    /// as a write cut short only if they are the start of what the program writes after that
    /// command; anything else (a damaged or missing closing line with more after it) is refused.
    std::optional<SavedCommand> cut_command;
    std::string cut_text;
};

/// A player name usable as a directory name: 1 to 32 of A-Z, a-z, 0-9, '_' and '-', not
/// starting with '-'.
bool valid_player_name(std::string_view name);

/// FNV-1a 64 of some bytes (the content hash of data files).
std::uint64_t content_hash(std::string_view bytes);

/// "0x" and 16 hex digits.
std::string hex64(std::uint64_t v);

/// The header's text, ending with kCommandsLine and a newline.
std::string write_save_header(const SaveHeader& h);

std::string save_text_line(std::string_view command_text, std::uint64_t hash_after);

/// A keyframe block: an opening marker naming how many commands it follows, the position text,
/// a closing marker.
std::string save_keyframe(std::size_t commands, const std::string& position_text);

/// Parses a save: the header (TOML, checked like any data file) and the log's syntax. Every
/// problem is reported with its line and column. A format newer than kSaveFormat is refused.
Loaded<SaveFile> parse_save(std::string_view file, std::string_view text);

/// One command as replayed, in a game of rules engine E.
template <core::RulesEngine E>
struct ReplayedCommandOf {
    typename E::Command command;
    core::Side by = core::Side::A;  ///< the side that gave it
    typename E::Events events;
    /// It drew from the dice or turned a card: nothing before it can be taken back.
    bool random = false;
    int line = 0;
    std::uint64_t calls = 0;  ///< the dice draws made once it was played
};

/// A save replayed: the game as it stands after its last command.
template <core::RulesEngine E>
struct ReplayedOf {
    typename E::Events setup;  ///< the set-up rolls of new_game
    std::vector<ReplayedCommandOf<E>> commands;
    typename E::State state;
    std::uint64_t calls = 0;  ///< dice draws made (SeededDice state with the seed)
};

/// Told of each command as it is replayed, with the states before and after it.
template <core::RulesEngine E>
using ReplayObserverOf = std::function<void(const ReplayedCommandOf<E>&, const typename E::State& before,
                                            const typename E::State& after)>;

/// Replays a save's log in a game of engine E, from its seed: the set-up must give the saved
/// setup_hash, then each command must parse, be legal and leave the state hash saved after it.
/// `after_each` is called once at the start and after each command (a ruleset's keyframes are
/// checked there) and stops the replay by returning false, having added its errors to `out`.
/// Nothing of the file's tail (keyframes left over, the game-over line) is checked here.
template <core::RulesEngine E>
bool replay_log(std::string_view file, const SaveFile& save, const typename E::Context& ctx,
                const ReplayObserverOf<E>& observer, ReplayedOf<E>& r, core::SeededDice& dice,
                Loaded<ReplayedOf<E>>& out, const std::function<bool()>& after_each) {
    auto fail = [&](int line, std::string message) {
        out.errors.push_back(LoadError{std::string(file), line, 1, std::move(message)});
        return false;
    };
    r.setup = E::new_game(ctx, r.state, dice);
    if (E::hash(r.state) != save.header.setup_hash) {
        return fail(1, "the set-up made from this seed and these armies is not the one saved (setup_hash): the "
                       "save was made with other data or another program (" + save.header.program + ")");
    }
    if (after_each && !after_each()) return false;
    for (const SavedCommand& sc : save.commands) {
        auto parsed = E::parse(ctx, r.state, E::deciding_side(r.state), sc.text);
        if (const std::string* err = std::get_if<std::string>(&parsed)) {
            return fail(sc.line, "\"" + sc.text + "\" is not a command: " + *err);
        }
        ReplayedCommandOf<E> rc;
        rc.command = std::get<typename E::Command>(parsed);
        rc.by = E::deciding_side(r.state);
        rc.line = sc.line;
        const typename E::State before = r.state;
        typename E::Played p = E::play(ctx, r.state, rc.command, dice);
        if (!p.ok()) {
            return fail(sc.line, "\"" + sc.text + "\" is not legal here: " + *p.refused +
                                     " (the save and this program no longer agree)");
        }
        rc.events = std::move(p.events);
        rc.random = p.random;
        rc.calls = dice.calls();
        const std::uint64_t h = E::hash(r.state);
        if (h != sc.hash) {
            return fail(sc.line, "out of sync at \"" + sc.text + "\": the game here is " + hex64(h) +
                                     ", the save says " + hex64(sc.hash) +
                                     " (it was edited, or made by another program or data)");
        }
        if (observer) observer(rc, before, r.state);
        r.commands.push_back(std::move(rc));
        if (after_each && !after_each()) return false;
    }
    r.calls = dice.calls();
    return true;
}

/// Whether a save's cut-short end (a command line and the start of what followed it, which the
/// parser left out) is exactly the start of what `lines_after(command, before, after, calls,
/// commands)` writes after that command: a write the program did not finish. One byte damaged in
/// it, a closing line changed or missing with more lines after it, and it is not.
template <core::RulesEngine E, typename LinesAfter>
bool cut_short_write(const SaveFile& save, const typename E::Context& ctx, const typename E::State& state,
                     const core::SeededDice& dice, const LinesAfter& lines_after) {
    auto parsed = E::parse(ctx, state, E::deciding_side(state), save.cut_command->text);
    const auto* c = std::get_if<typename E::Command>(&parsed);
    if (!c || E::validate(ctx, state, *c)) return false;
    typename E::State after = state;
    core::SeededDice d(dice.seed(), dice.calls());
    E::apply(ctx, after, *c, d);
    const std::string expected = lines_after(*c, state, after, d.calls(), save.commands.size() + 1);
    std::string cut = save.cut_text;
    std::erase(cut, '\r');  // a save with Windows line ends
    return cut.size() < expected.size() && expected.compare(0, cut.size(), cut) == 0;
}

/// Replays a save of engine E whose keyframes `load_keyframe(keyframe)` reads (a Loaded position
/// with the fields ruleset, armies, seed, calls and state) and whose lines `lines_after` writes
/// (as cut_short_write takes it): replay_log, with every keyframe checked to be the game replayed
/// where it stands, then the file's tail (keyframes out of order, a write cut short, the game-over
/// line). Each ruleset's replay is this, with its own keyframes and lines.
///
/// When the replay stops in the log (at a command, or at a keyframe that is not the game replayed
/// there) rather than at the set-up or in the file's tail, `agreed_keyframes` (if given) gets the
/// number of the save's keyframes it agreed with before it stopped (repair_save_of's start).
template <core::RulesEngine E, typename LoadKeyframe, typename LinesAfter>
Loaded<ReplayedOf<E>> replay_save_of(std::string_view file, const SaveFile& save,
                                     const typename E::Context& ctx,
                                     const ReplayObserverOf<E>& observer,
                                     const LoadKeyframe& load_keyframe,
                                     const LinesAfter& lines_after,
                                     std::optional<std::size_t>* agreed_keyframes = nullptr) {
    Loaded<ReplayedOf<E>> out;
    auto fail = [&](int line, std::string message) {
        out.errors.push_back(LoadError{std::string(file), line, 1, std::move(message)});
        return out;
    };
    ReplayedOf<E> r;
    core::SeededDice dice(save.header.seed);
    std::size_t next_keyframe = 0;
    // Every keyframe after the commands it follows is the game as replayed there.
    auto check_keyframes = [&]() -> bool {
        for (; next_keyframe < save.keyframes.size() && save.keyframes[next_keyframe].commands == r.commands.size();
             ++next_keyframe) {
            const Keyframe& k = save.keyframes[next_keyframe];
            auto p = load_keyframe(k);
            if (!p.ok()) {
                for (LoadError e : p.errors) {
                    e.line += k.line;  // the position starts on the line after the marker
                    out.errors.push_back(std::move(e));
                }
                return false;
            }
            const std::array<std::string, 2> armies{save.header.sides[0].army, save.header.sides[1].army};
            if (!(p.value->state == r.state) || p.value->calls != dice.calls() || p.value->seed != dice.seed() ||
                p.value->ruleset != save.header.ruleset || p.value->armies != armies) {
                fail(k.line, "this keyframe is not the game as replayed after " + std::to_string(k.commands) +
                                 " commands: the save was edited, or made by another program or data");
                return false;
            }
        }
        return true;
    };
    if (!replay_log<E>(file, save, ctx, observer, r, dice, out, check_keyframes)) {
        // The set-up's failure too: no keyframe comes before it, so nothing can be kept.
        if (agreed_keyframes) *agreed_keyframes = next_keyframe;
        return out;
    }
    if (next_keyframe != save.keyframes.size()) {
        return fail(save.keyframes[next_keyframe].line, "a keyframe out of order");
    }
    if (save.cut_command && !cut_short_write<E>(save, ctx, r.state, dice, lines_after)) {
        return fail(save.cut_command->line + 1,
                    "this keyframe has no closing line \"" + std::string(kKeyframeClose) +
                        "\", and what follows is not a write cut short when the program stopped: the save is "
                        "damaged");
    }
    // The game-over line says what the replay must show.
    if (save.over && !E::over(r.state)) {
        return fail(save.over_line, "the game-over line, but the game replayed is not over: the save was edited");
    }
    r.calls = dice.calls();
    out.value = std::move(r);
    return out;
}

/// A save that no longer replays under these rules (a program or data newer than the one that
/// wrote it), cut back to the last keyframe the replay agreed with: what resuming it keeps.
struct SaveRepair {
    /// The save up to that keyframe's closing line: the commands before it and the keyframes up to
    /// it, no game-over line, nothing cut short; `good_bytes` ends after the keyframe, so that
    /// GameSave::resume cuts the file there. It replays.
    SaveFile kept;
    std::size_t first_dropped = 0;  ///< the first command dropped, counted from 1
    std::size_t last_dropped = 0;   ///< the last (the commands the save holds)
    int turn = 0;       ///< the turn that keyframe begins: the game goes on from its start
    LoadErrors errors;  ///< where and why the replay of the whole save stopped
};

/// `save` cut back to just after its keyframe number `keyframe` (from 0), as SaveRepair::kept is.
SaveFile save_up_to_keyframe(const SaveFile& save, std::size_t keyframe);

/// "commands 95 to 190 (turn 5 onwards)": what a repair drops.
std::string dropped_commands(const SaveRepair& r);

/// Finds the last keyframe of a save (read by `load_keyframe` and written by `lines_after`, as
/// replay_save_of takes them) that still replays when the whole save does not: when the replay
/// stops in the log (a command out of sync, no longer legal or no longer a command, or a keyframe
/// that differs), the save cut back to the last keyframe it agreed with before, checked to replay.
/// Nothing when the save replays, or stops at its set-up, before its first keyframe or in its tail
/// (a false game-over line, a damaged end): those are refused as they are.
template <core::RulesEngine E, typename LoadKeyframe, typename LinesAfter>
std::optional<SaveRepair> repair_save_of(std::string_view file, const SaveFile& save,
                                         const typename E::Context& ctx,
                                         const LoadKeyframe& load_keyframe,
                                         const LinesAfter& lines_after) {
    std::optional<std::size_t> agreed;
    auto whole = replay_save_of<E>(file, save, ctx, {}, load_keyframe, lines_after, &agreed);
    if (whole.ok() || !agreed || *agreed == 0) return std::nullopt;
    SaveRepair repair;
    repair.kept = save_up_to_keyframe(save, *agreed - 1);
    // It agreed there, so it replays; checked all the same, since the game goes on from it.
    const auto kept = replay_save_of<E>(file, repair.kept, ctx, {}, load_keyframe, lines_after);
    // Nothing dropped (two keyframes after the same command, one of them wrong) is damage, not
    // an older program's log.
    if (!kept.ok() || repair.kept.commands.size() >= save.commands.size()) return std::nullopt;
    repair.first_dropped = repair.kept.commands.size() + 1;
    repair.last_dropped = save.commands.size();
    repair.turn = E::turn(kept.value->state);
    repair.errors = std::move(whole.errors);
    return repair;
}

}  // namespace tercio::data
