#include "app/game_files.hpp"

#include <ctime>
#include <iostream>

#include "app/exit_codes.hpp"
#include "app/terminal.hpp"

namespace tercio::app {

/// "2026-11-23T16:35:04Z" and "20261123-163504" for now.
std::pair<std::string, std::string> now_texts() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char iso[32];
    char stem[32];
    std::strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
    std::strftime(stem, sizeof stem, "%Y%m%d-%H%M%S", &tm);
    return {iso, stem};
}

std::string not_saved(const std::string& why, std::size_t unsaved) {
    return "NOT SAVED: " + why + " (" + std::to_string(unsaved) + " commands wait to be written; S tries again)";
}

std::string save_now(data::GameSave& save) {
    std::string why;
    if (!save.backup(why)) return "NOT SAVED: " + why;
    // The file's name, not its whole path: the message line is one line of 80 columns (the end
    // of the game prints where it is).
    return "Saved (" + std::to_string(save.commands()) + " commands): " + save.file().filename().string() +
           " (and a .bak copy)";
}

/// Opens and locks a save of the player's directory, then reads and checks it; on failure prints
/// every problem (file:line:column: message) and returns the exit code.
namespace {

/// open_saved's repair: `saved.save` cut back to `repair`'s keyframe once the file as found is
/// kept beside it. The exit code, the reason printed, if it cannot be kept.
std::optional<int> apply_repair(SavedGame& saved, const std::optional<data::SaveRepair>& repair,
                                std::string_view command) {
    if (!repair) return std::nullopt;
    std::string why;
    // Before anything of the file is cut: the commands dropped stay on the disk, in a copy that
    // the .bak's refreshes do not replace.
    const auto kept = saved.writer->keep_copy("as-found", why);
    if (!kept) {
        for (const auto& e : repair->errors) std::cerr << e.to_string() << '\n';
        std::cerr << command << ": " << data::dropped_commands(*repair)
                  << " no longer replay under these rules; the game could go on from turn "
                  << repair->turn << ", but the save as found cannot be kept first ("
                  << printable(why) << "): the save was not changed.\n";
        return kExitIoError;
    }
    saved.save = repair->kept;
    saved.repaired = repair_message(*repair, saved.save.header) +
                     " The save as it was is kept in " + *kept + ".";
    return std::nullopt;
}

}  // namespace

std::string repair_message(const data::SaveRepair& r, const data::SaveHeader& h) {
    const std::string by =
        h.program == TERCIO_VERSION ? "an older tercio" : "an older tercio (" + h.program + ")";
    return "The save was made by " + by + ": " + data::dropped_commands(r) +
           " no longer replay under these rules and were dropped; the game goes on from turn " +
           std::to_string(r.turn) + ".";
}

std::variant<SavedGame, int> open_saved(const data::SaveDir& dir, const std::string& name,
                                        data::DataCatalog& catalog, std::string_view command,
                                        bool repair) {
    std::string why;
    bool locked = false;
    auto writer = data::SaveWriter::open(dir, name, why, &locked);
    if (!writer) {
        std::cerr << command << ": " << printable(why) << '\n';
        return locked ? kExitIllegal : kExitIoError;
    }
    const auto text = writer->read(why);
    if (!text) {
        std::cerr << command << ": " << why << '\n';
        return kExitIoError;
    }
    const std::string file = writer->file().string();
    auto parsed = data::parse_save(file, *text);
    if (!parsed.ok()) {
        for (const auto& e : parsed.errors) std::cerr << e.to_string() << '\n';
        std::cerr << "tercio play: the save was not changed.\n";
        return kExitDataError;
    }
    SavedGame g{std::move(writer), std::move(*parsed.value), {}, {}, {}};
    const data::SaveHeader& h = g.save.header;
    const std::string engine = catalog.engine(h.ruleset, why).value_or("");
    if (engine.empty()) {
        std::cerr << command << ": " << file << ": " << printable(why) << '\n';
        return kExitDataError;
    }
    // The save's ruleset names its engine: that kit loads its armies and replays it.
    const auto opened = kits::with_kit(engine, [&]<class K>(kits::KitTag<K>) -> std::optional<int> {
        auto ctx = kits::game_context<K>(catalog, h.ruleset, {h.sides[0].army, h.sides[1].army}, h.options, why);
        if (!ctx) {
            std::cerr << command << ": " << file << ": " << printable(why) << '\n';
            return kExitDataError;
        }
        g.ctx = SavedContext<K>{*ctx};
        g.notices = data::changed_data(catalog.dir(), h);
        if (repair) return apply_repair(g, K::Files::repair(file, g.save, *ctx), command);
        return std::nullopt;
    });
    if (!opened) {
        std::cerr << command << ": " << file << ": " << kits::unknown_engine(engine) << '\n';
        return kExitDataError;
    }
    if (*opened) return **opened;
    return g;
}

data::SaveHeader new_save_header(data::DataCatalog& catalog, const std::string& ruleset,
                                 const std::array<std::string, 2>& armies, const std::string& player,
                                 std::uint64_t seed, const std::array<std::optional<ai::Level>, 2>& computer,
                                 const std::vector<std::string>& options) {
    data::SaveHeader header;
    header.options = options;
    header.program = TERCIO_VERSION;
    header.created = now_texts().first;
    header.seed = seed;
    header.ruleset = ruleset;
    header.ruleset_hash = data::file_hash(data::ruleset_path(catalog.dir(), ruleset));
    for (std::size_t i = 0; i < 2; ++i) {
        const std::string plays = computer[i] ? std::string(data::kPlaysComputer) + std::string(ai::level_name(*computer[i]))
                                              : std::string(data::kPlaysHuman);
        header.sides[i] = {armies[i], data::file_hash(data::army_path(catalog.dir(), ruleset, armies[i])), player, plays};
    }
    return header;
}

int refuse_resume(const data::LoadErrors& errors, const std::vector<std::string>& notices) {
    for (const auto& e : errors) std::cerr << e.to_string() << '\n';
    for (const auto& n : notices) std::cerr << "note: " << n << '\n';
    std::cerr << "tercio play: the save was not changed.\n";
    return kExitDataError;
}

std::string resumed_message(const SavedGame& saved, const data::GameSave& save) {
    std::string message = "Resumed " + save.file().filename().string() + ".";
    if (!saved.repaired.empty()) message += " " + saved.repaired;
    // A cut line is news only once the rest has replayed: a refused save was not cut.
    if (saved.save.cut_line) {
        message += " Note: line " + std::to_string(*saved.save.cut_line) +
                   " of the save was cut short when the program stopped; the game goes on from the command "
                   "before it.";
    }
    for (const auto& n : saved.notices) message += " Note: " + n + ".";
    if (!save.warning().empty()) message += " " + save.warning();
    return message;
}

}  // namespace tercio::app
