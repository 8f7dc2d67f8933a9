// libFuzzer entry point: any bytes loaded as a position through the same path as
// `tercio run --position`, and if the loader accepts it, commands applied so that apply() is
// reached (fuzz/exercise_position.hpp). Must never crash, hang, leak or trip a sanitizer or an
// assertion; an accepted position must write back to itself, put every event in words and lead
// only to positions the loader accepts too.
//
// Most byte-level mutations of a position break its TOML or its labels, so a custom mutator
// also changes whole values: a `key = value` line gets another value of the kind that key takes
// (a decision, a side, a unit reference to a label the file has, a square...), or a move in
// progress is added. Those inputs still load often enough to reach the engine with states that
// no game reached. Hell Broke Loose's positions get their own words where a key's differ
// (decision, end), and values for the keys only they have (card, fate, loser...); so do The
// Sword and the Pike's (decision, end, status, order, step, card, charging, combat...).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "data/data_files.hpp"
#include "fuzz/exercise_position.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // The shipped ruleset and armies, as `tercio run` finds them.
    static tercio::data::DataCatalog catalog(TERCIO_FUZZ_DATA_DIR, tercio::rules::Engine::name);
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto out = tercio::fuzz::exercise_position(catalog, text);
    if (!out.problem.empty()) {
        std::fprintf(stderr, "fuzz_position: %s\n", out.problem.c_str());
        __builtin_trap();
    }
    return 0;
}

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace {

using Rng = std::minstd_rand;

template <std::size_t N>
std::string pick(Rng& rng, const char* const (&words)[N]) {
    return words[rng() % N];
}

std::string quoted(const std::string& s) {
    return "\"" + s + "\"";
}

/// A square of a Pikette Squared board (15 by 15), or of Hell Broke Loose's (24 files, 18 ranks;
/// The Sword and the Pike's 24 by 16 too, its squares past rank 16 refused as off the board).
std::string square(Rng& rng, bool hbl = false) {
    const unsigned files = hbl ? 24 : 15;
    const unsigned ranks = hbl ? 18 : 15;
    return quoted(std::string(1, static_cast<char>('a' + rng() % files)) +
                  std::to_string(1 + rng() % ranks));
}

/// Whether the text is a Hell Broke Loose position: it names that ruleset, or has the table
/// only those have (as hbl::is_hbl_position tells them apart, without loading a ruleset).
bool is_hbl(const std::string& text) {
    return text.find("\"hell-broke-loose\"") != std::string::npos ||
           text.find("\n[pending]") != std::string::npos;
}

/// Whether the text is a Sword and the Pike position: it names that ruleset, or has the table
/// only those have (as tsp::is_tsp_position tells them apart, without loading a ruleset).
bool is_tsp(const std::string& text) {
    return text.find("\"the-sword-and-the-pike\"") != std::string::npos ||
           text.find("\n[decks.") != std::string::npos;
}

/// The labels the file gives its units ("K1", "T2"...).
std::vector<std::string> labels(const std::string& text) {
    std::vector<std::string> out;
    for (std::size_t at = text.find("label = \""); at != std::string::npos;
         at = text.find("label = \"", at + 1)) {
        const std::size_t from = at + 9;
        const std::size_t to = text.find('"', from);
        if (to != std::string::npos && to - from < 8) out.push_back(text.substr(from, to - from));
    }
    return out;
}

/// Another value for a key only Hell Broke Loose's positions have, or whose words are its own
/// (hbl_position.cpp); empty if the key is not one of those.
std::string hbl_value_for(const std::string& key, const std::string& text, Rng& rng) {
    static const char* const kDecisions[] = {"choose",    "act",    "react",      "stubborn",
                                             "keep_move", "follow", "rally_back", "game_over"};
    static const char* const kEnds[] = {"none", "chips_gone", "no_units", "turn_limit", "conceded"};
    static const char* const kFates[] = {"holds", "pushed_back", "routed", "withdraws"};
    static const char* const kSideOrNone[] = {"a", "b", "none"};
    static const char* const kBools[] = {"true", "false"};
    if (key == "decision") return quoted(pick(rng, kDecisions));
    if (key == "end") return quoted(pick(rng, kEnds));
    if (key == "fate") return quoted(pick(rng, kFates));
    if (key == "card") {
        const unsigned k = rng() % (tercio::hbl::kCardKindCount + 1);
        if (k == 0) return quoted("none");
        return quoted(
            std::string(tercio::hbl::to_string(static_cast<tercio::hbl::CardKind>(k - 1))));
    }
    if (key == "card_side" || key == "chooser") return quoted(rng() % 2 ? "a" : "b");
    if (key == "winner" || key == "higher" || key == "advantage")
        return quoted(pick(rng, kSideOrNone));
    if (key == "loser" || key == "pending_unit" || key == "a" || key == "b") {
        const auto all = labels(text);
        if (all.empty() || rng() % 4 == 0) return quoted("none");
        return quoted(std::string(rng() % 2 ? "a" : "b") + ":" + all[rng() % all.size()]);
    }
    if (key == "stubborn_at_start" || key == "stubborn" || key == "asked") {
        return "[" + pick(rng, kBools) + ", " + pick(rng, kBools) + "]";
    }
    if (key == "rough" || key == "impassable") {
        std::string list = "[";
        for (int n = static_cast<int>(rng() % 4), i = 0; i < n; ++i)
            list += (i ? ", " : "") + square(rng, true);
        return list + "]";
    }
    if (key == "square") return square(rng, true);
    return "";
}

/// A card of The Sword and the Pike's decks ("AH", "10D"), as its positions write them.
std::string tsp_card(Rng& rng) {
    static const char* const kRanks[] = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
    static const char* const kSuits[] = {"H", "D", "C", "S"};
    return quoted(pick(rng, kRanks) + pick(rng, kSuits));
}

/// Another value for a key only The Sword and the Pike's positions have, or whose words are its
/// own (kits/tsp/data/position.cpp); empty if the key is not one of those.
std::string tsp_value_for(const std::string& key, const std::string& text, Rng& rng) {
    static const char* const kDecisions[] = {"activate", "move", "fire", "game_over"};
    static const char* const kEnds[] = {"none", "no_units", "spirit_failed", "spirit_gone", "turn_limit", "conceded"};
    static const char* const kStatus[] = {"steady", "shaken", "routed"};
    static const char* const kOrders[] = {"closed", "open", "skirmish"};
    static const char* const kSteps[] = {"movement", "fire"};
    static const char* const kOptions[] = {"[]", "[\"quicker_movement\"]", "[\"light_rain\"]",
                                           "[\"quicker_movement\", \"light_rain\"]", "[\"brigade_movement\"]",
                                           "[\"dismounting\"]", "[\"brigade_movement\", \"dismounting\"]"};
    static const char* const kSideOrNone[] = {"a", "b", "none"};
    if (key == "decision") return quoted(pick(rng, kDecisions));
    if (key == "end") return quoted(pick(rng, kEnds));
    if (key == "status") return quoted(pick(rng, kStatus));
    if (key == "order") return quoted(pick(rng, kOrders));
    if (key == "step") return quoted(pick(rng, kSteps));
    if (key == "options") return pick(rng, kOptions);
    if (key == "card") return rng() % 4 == 0 ? quoted("none") : tsp_card(rng);
    if (key == "card_side") return quoted(rng() % 2 ? "a" : "b");
    if (key == "dismounted") return rng() % 2 ? "true" : "false";
    if (key == "winner") return quoted(pick(rng, kSideOrNone));
    if (key == "active" || key == "charging" || key == "combat" || key == "unit") {
        const auto all = labels(text);
        if (all.empty() || rng() % 4 == 0) return quoted("none");
        return quoted(std::string(rng() % 2 ? "a" : "b") + ":" + all[rng() % all.size()]);
    }
    if (key == "wood" || key == "hill" || key == "stream" || key == "hedge" || key == "wall" || key == "building" ||
        key == "road") {
        std::string list = "[";
        for (int n = static_cast<int>(rng() % 4), i = 0; i < n; ++i)
            list += (i ? ", " : "") + square(rng, true);
        return list + "]";
    }
    if (key == "square") return square(rng, true);
    return "";
}

/// Another value for `key`, of the kind it takes; empty if the key is not one this knows.
std::string value_for(const std::string& key, const std::string& old, const std::string& text,
                      Rng& rng) {
    if (is_hbl(text)) {
        if (std::string v = hbl_value_for(key, text, rng); !v.empty()) return v;
    }
    if (is_tsp(text)) {
        if (std::string v = tsp_value_for(key, text, rng); !v.empty()) return v;
    }
    static const char* const kDecisions[] = {
        "extra_unit", "extra_card", "place_terrain", "adjust_terrain", "deploy",
        "initiative", "act",        "react",         "leader_escape",  "chip",
        "follow_up",  "pursue",     "courage",       "game_over"};
    static const char* const kWindows[] = {"none", "step", "evade", "card", "action"};
    static const char* const kDue[] = {"none", "card", "action"};
    static const char* const kStatus[] = {"ok", "disordered", "routed", "destroyed", "left"};
    static const char* const kEnds[] = {"none", "nightfall", "army_gone", "concession"};
    static const char* const kFacings[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
    static const char* const kMarkers[] = {
        "fired",   "moved_through",     "acted",   "fought_since_check",
        "entrant", "routed_this_phase", "rallied", "courage_due"};
    static const char* const kSides[] = {"a", "b"};
    if (key == "decision") return quoted(pick(rng, kDecisions));
    if (key == "react_window") return quoted(pick(rng, kWindows));
    if (key == "window_due") return quoted(pick(rng, kDue));
    if (key == "status") return quoted(pick(rng, kStatus));
    if (key == "end") return quoted(pick(rng, kEnds));
    if (key == "phase") return quoted(rng() % 2 ? "first" : "second");
    if (key == "facing" || key == "final_facing") return quoted(pick(rng, kFacings));
    if (key == "decider" || key == "active" || key == "terrain_first" || key == "conceded" ||
        key == "side" || key == "owner") {
        return quoted(pick(rng, kSides));
    }
    if (key == "chip_target" || key == "choice_unit" || key == "choice_other" ||
        key == "forced_charger" || key == "attached" || key == "unit") {
        const auto all = labels(text);
        if (all.empty() || rng() % 4 == 0) return quoted("none");
        return quoted(pick(rng, kSides) + ":" + all[rng() % all.size()]);
    }
    if (key == "square" || key == "trail_start" || key == "previous" || key == "entry") {
        return square(rng);
    }
    if (key == "trail" || key == "steps") {
        std::string list = "[";
        for (int n = static_cast<int>(rng() % 4), i = 0; i < n; ++i)
            list += (i ? ", " : "") + square(rng);
        return list + "]";
    }
    if (key == "markers") {
        std::string list = "[";
        bool first = true;
        for (const char* m : kMarkers) {
            if (rng() % 4 != 0) continue;
            list += (first ? "\"" : ", \"") + std::string(m) + "\"";
            first = false;
        }
        return list + "]";
    }
    if (old == "true" || old == "false") return old == "true" ? "false" : "true";
    if (!old.empty() && old.find_first_not_of("0123456789") == std::string::npos) {
        const int v = std::stoi(old.substr(0, 6));
        switch (rng() % 4) {
            case 0:
                return std::to_string(v + 1);
            case 1:
                return std::to_string(v > 0 ? v - 1 : 0);
            case 2:
                return "0";
            default:
                return std::to_string(rng() % 13);
        }
    }
    return "";
}

/// Where each line of the form `key = value` starts.
std::vector<std::size_t> key_lines(const std::string& text) {
    std::vector<std::size_t> starts;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = text.find('\n', at);
        const std::size_t eq = text.find(" = ", at);
        if (eq != std::string::npos && (end == std::string::npos || eq < end)) starts.push_back(at);
        if (end == std::string::npos) break;
        at = end + 1;
    }
    return starts;
}

}  // namespace

extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,
                                               std::size_t max_size, unsigned int seed) {
    Rng rng(seed);
    if (rng() % 3 == 0) return LLVMFuzzerMutate(data, size, max_size);
    std::string text(reinterpret_cast<const char*>(data), size);
    if (rng() % 8 == 0 && text.find("\n[move]") == std::string::npos && !is_hbl(text) && !is_tsp(text)) {
        // A move in progress, for the windows and decisions that wait on one.
        const auto all = labels(text);
        const std::string unit = all.empty() ? "none" : "a:" + all[rng() % all.size()];
        text += "\n[move]\nactive = true\nunit = " + quoted(unit) + "\nsteps = [" + square(rng) +
                ", " + square(rng) + "]\nnext = " + std::to_string(rng() % 3) +
                "\nturn_after = false\nfinal_facing = \"N\"\nprevious = " + square(rng) +
                "\nattack = " + (rng() % 2 ? "true" : "false") + "\n";
    } else {
        // One to three `key = value` lines get another value.
        if (key_lines(text).empty()) return LLVMFuzzerMutate(data, size, max_size);
        for (int n = 1 + static_cast<int>(rng() % 3); n > 0; --n) {
            const std::vector<std::size_t> starts = key_lines(text);
            const std::size_t at = starts[rng() % starts.size()];
            const std::size_t eq = text.find(" = ", at);
            std::size_t end = text.find('\n', at);
            if (end == std::string::npos) end = text.size();
            if (eq == std::string::npos || eq > end) continue;
            const std::string key = text.substr(at, eq - at);
            const std::string old = text.substr(eq + 3, end - eq - 3);
            const std::string value = value_for(key, old, text, rng);
            if (value.empty()) continue;
            text.replace(eq + 3, end - eq - 3, value);
        }
    }
    if (text.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
    std::memcpy(data, text.data(), text.size());
    return text.size();
}
