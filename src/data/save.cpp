#include "data/save.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "core/dice.hpp"
#include "core/names.hpp"
#include "data/toml_reader.hpp"

namespace tercio::data {

namespace {

using detail::Reporter;
using detail::TableView;

constexpr std::string_view kKeyframeOpen = "#== keyframe after ";

std::string toml_string(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::optional<std::uint64_t> parse_hex64(std::string_view v) {
    if (v.size() != 18 || v[0] != '0' || v[1] != 'x') return std::nullopt;
    std::uint64_t out = 0;
    for (char c : v.substr(2)) {
        int d = -1;
        if (c >= '0' && c <= '9') d = c - '0';
        if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
        if (d < 0) return std::nullopt;
        out = out * 16 + static_cast<std::uint64_t>(d);
    }
    return out;
}

/// A hash key: "0x" and 16 lower-case hex digits.
std::optional<std::uint64_t> hash_key(TableView& t, std::string_view key) {
    const auto text = t.string(key, true);
    if (!text) return std::nullopt;
    if (const auto v = parse_hex64(*text)) return v;
    t.error(*t.raw().get(key), key, "\"" + *text + "\" is not a hash (\"0x\" and 16 hex digits, a-f)");
    return std::nullopt;
}

/// The seed: a whole number, or a hash-style string when it is above the TOML integer range.
std::optional<std::uint64_t> seed_key(TableView& t, std::string_view key) {
    const toml::node* n = t.get(key, true);
    if (!n) return std::nullopt;
    if (const auto* i = n->as_integer(); i && i->get() >= 0) return static_cast<std::uint64_t>(i->get());
    if (const auto* s = n->as_string()) {
        if (const auto v = parse_hex64(s->get())) return v;
    }
    t.error(*n, key, "expected a whole number from 0 or \"0x\" and 16 hex digits, found " + detail::type_name(*n));
    return std::nullopt;
}

std::string seed_text(std::uint64_t v) {
    if (v <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::to_string(v);
    return toml_string(hex64(v));
}

std::optional<SavedSide> read_side(TableView& root, std::string_view key) {
    auto t = root.table(key, true);
    if (!t) return std::nullopt;
    SavedSide s;
    const std::size_t before = root.reporter().count();
    if (auto v = t->string("army", true)) {
        if (!detail::valid_id(*v)) t->error(*t->raw().get("army"), "army", "\"" + *v + "\" is not an army id");
        s.army = *v;
    }
    if (auto v = hash_key(*t, "army_hash")) s.army_hash = *v;
    if (auto v = t->string("player", true)) {
        if (!valid_player_name(*v)) {
            t->error(*t->raw().get("player"), "player",
                     "\"" + *v + "\" is not a player name (1 to 32 of A-Z, a-z, 0-9, _ and -, not starting with -)");
        }
        s.player = *v;
    }
    if (auto v = t->string("plays", true)) {
        if (*v != kPlaysHuman && !computer_level(*v)) {
            t->error(*t->raw().get("plays"), "plays",
                     "\"" + *v + "\" is not known (use \"human\", or \"computer:\" and a level: " +
                         core::in_words(kComputerLevels, "or") + ")");
        }
        s.plays = *v;
    }
    t->finish();
    if (root.reporter().count() != before) return std::nullopt;
    return s;
}

/// The header: the TOML text before kCommandsLine.
std::optional<SaveHeader> read_header(Reporter& r, std::string_view text) {
    const auto doc = detail::parse_document(r, text);
    if (!doc) return std::nullopt;
    TableView root(r, *doc, "");
    const std::size_t before = r.count();
    // The format version: newer ones are refused by read_header with "update tercio".
    if (!detail::read_header(root, "save")) return std::nullopt;
    SaveHeader h;
    h.format = static_cast<int>(doc->get("schema_version")->as_integer()->get());
    if (auto v = root.string("program", true)) h.program = *v;
    if (auto v = root.string("created", true)) h.created = *v;
    if (auto v = seed_key(root, "seed")) h.seed = *v;
    if (auto v = root.string("ruleset", true)) {
        if (!detail::valid_id(*v)) root.error(*doc->get("ruleset"), "ruleset", "\"" + *v + "\" is not a ruleset id");
        h.ruleset = *v;
    }
    if (auto v = hash_key(root, "ruleset_hash")) h.ruleset_hash = *v;
    if (auto v = hash_key(root, "setup_hash")) h.setup_hash = *v;
    if (const toml::node* n = root.get("options", false)) {
        if (const toml::array* a = n->as_array()) {
            for (std::size_t i = 0; i < a->size(); ++i) {
                const std::string path = "options[" + std::to_string(i) + "]";
                const auto word = detail::read_string(r, *a->get(i), path);
                if (!word) continue;
                if (!detail::valid_id(*word)) {
                    r.error(a->get(i)->source(), path, "\"" + *word + "\" is not the name of an optional rule");
                    continue;
                }
                h.options.push_back(*word);
            }
        } else {
            root.error(*n, "options", "expected an array of optional rules' names, found " + detail::type_name(*n));
        }
    }
    if (auto s = read_side(root, "red")) h.sides[0] = *s;
    if (auto s = read_side(root, "blue")) h.sides[1] = *s;
    root.finish();
    if (r.count() != before) return std::nullopt;
    return h;
}

std::string_view trim_cr(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

}  // namespace

std::optional<std::string_view> computer_level(std::string_view plays) {
    if (plays.substr(0, kPlaysComputer.size()) != kPlaysComputer) return std::nullopt;
    const std::string_view level = plays.substr(kPlaysComputer.size());
    for (std::string_view l : kComputerLevels) {
        if (l == level) return l;
    }
    return std::nullopt;
}

bool valid_player_name(std::string_view name) {
    if (name.empty() || name.size() > 32 || name[0] == '-') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

std::uint64_t content_hash(std::string_view bytes) {
    std::uint64_t h = 0xCBF29CE484222325ULL;
    for (unsigned char c : bytes) {
        h ^= c;
        h *= 0x100000001B3ULL;
    }
    return h;
}

std::string hex64(std::uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string write_save_header(const SaveHeader& h) {
    std::string out;
    out += "# A game of tercio, saved as it is played (docs/saves.md). The game checks every line of\n";
    out += "# this file against a replay of the game: do not edit it.\n";
    out += "schema_version = " + std::to_string(h.format) + "\n";
    out += "kind = \"save\"\n";
    out += "program = " + toml_string(h.program) + "\n";
    out += "created = " + toml_string(h.created) + "\n";
    out += "seed = " + seed_text(h.seed) + "\n";
    out += "ruleset = " + toml_string(h.ruleset) + "\n";
    out += "ruleset_hash = " + toml_string(hex64(h.ruleset_hash)) + "\n";
    out += "setup_hash = " + toml_string(hex64(h.setup_hash)) + "\n";
    if (!h.options.empty()) {
        out += "options = [";
        for (std::size_t i = 0; i < h.options.size(); ++i) out += (i ? ", " : "") + toml_string(h.options[i]);
        out += "]\n";
    }
    const char* names[] = {"red", "blue"};
    for (std::size_t i = 0; i < 2; ++i) {
        const SavedSide& s = h.sides[i];
        out += "\n[" + std::string(names[i]) + "]\n";
        out += "army = " + toml_string(s.army) + "\n";
        out += "army_hash = " + toml_string(hex64(s.army_hash)) + "\n";
        out += "player = " + toml_string(s.player) + "\n";
        out += "plays = " + toml_string(s.plays) + "\n";
    }
    out += "\n";
    out += kCommandsLine;
    out += "\n";
    return out;
}

std::string save_text_line(std::string_view command_text, std::uint64_t hash_after) {
    return hex64(hash_after).substr(2) + " " + std::string(command_text) + "\n";
}

std::string save_keyframe(std::size_t commands, const std::string& position_text) {
    std::string out = std::string(kKeyframeOpen) + std::to_string(commands) + " commands ==\n";
    out += position_text;
    if (!position_text.empty() && position_text.back() != '\n') out += '\n';
    out += kKeyframeClose;
    out += "\n";
    return out;
}

Loaded<SaveFile> parse_save(std::string_view file, std::string_view text) {
    Loaded<SaveFile> out;
    Reporter r(std::string(file), out.errors);
    auto error = [&](int line, int column, std::string message) {
        out.errors.push_back(LoadError{std::string(file), line, column, std::move(message)});
    };
    if (text.size() > kMaxSaveBytes) {
        error(1, 1, "the file is " + std::to_string(text.size()) + " bytes, more than a save may be (" +
                        std::to_string(kMaxSaveBytes) + ")");
        return out;
    }
    // Split into whole lines; a last line without its newline was being written when the
    // program stopped: it is not part of the save.
    std::vector<std::string_view> lines;
    std::size_t pos = 0;
    SaveFile save;
    while (pos < text.size()) {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) {
            save.cut_line = static_cast<int>(lines.size()) + 1;
            break;
        }
        lines.push_back(text.substr(pos, nl - pos));
        pos = nl + 1;
    }
    save.good_bytes = pos;
    std::size_t header_end = 0;
    while (header_end < lines.size() && trim_cr(lines[header_end]) != kCommandsLine) ++header_end;
    if (header_end == lines.size()) {
        error(static_cast<int>(lines.size()) + 1, 1,
              "no line \"" + std::string(kCommandsLine) + "\": this is not a whole tercio save");
        return out;
    }
    const std::string_view header_text = text.substr(0, static_cast<std::size_t>(lines[header_end].data() - text.data()));
    const auto header = read_header(r, header_text);
    if (!header) {
        detail::sort_errors(out.errors);
        return out;
    }
    save.header = *header;
    for (std::size_t i = header_end + 1; i < lines.size(); ++i) {
        const int line_no = static_cast<int>(i) + 1;
        const std::string_view line = trim_cr(lines[i]);
        if (save.over) {
            error(line_no, 1, "a line after the game-over line");
            break;
        }
        if (line == kOverLine) {
            save.over = true;
            save.over_line = line_no;
            continue;
        }
        if (line.rfind(kKeyframeOpen, 0) == 0) {
            Keyframe k;
            k.line = line_no;
            std::string_view rest = line.substr(kKeyframeOpen.size());
            std::size_t n = 0;
            std::size_t digits = 0;
            while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9' && digits < 9) {
                n = n * 10 + static_cast<std::size_t>(rest[digits] - '0');
                ++digits;
            }
            if (digits == 0 || rest.substr(digits) != " commands ==") {
                error(line_no, 1, "a keyframe line must read \"" + std::string(kKeyframeOpen) + "N commands ==\"");
                break;
            }
            if (n != save.commands.size()) {
                error(line_no, static_cast<int>(kKeyframeOpen.size()) + 1,
                      "this keyframe says it follows " + std::to_string(n) + " commands, but " +
                          std::to_string(save.commands.size()) + " come before it");
                break;
            }
            k.commands = n;
            std::size_t j = i + 1;
            while (j < lines.size() && trim_cr(lines[j]) != kKeyframeClose) ++j;
            if (j == lines.size()) {
                // The file ends inside the keyframe: the program stopped while writing it. The
                // command before it was written in the same go, so it goes too.
                if (!save.commands.empty() && save.commands.back().line == line_no - 1) {
                    save.good_bytes = save.commands.back().offset;
                    save.cut_command = save.commands.back();
                    save.cut_text = std::string(text.substr(save.good_bytes));
                    save.cut_line = save.commands.back().line;
                    save.commands.pop_back();
                    break;
                }
                error(line_no, 1, "this keyframe has no closing line \"" + std::string(kKeyframeClose) + "\"");
                break;
            }
            if (j > i + 1) {
                const char* begin = lines[i + 1].data();
                const char* end = lines[j].data();
                k.position.assign(begin, static_cast<std::size_t>(end - begin));
            }
            k.end = static_cast<std::size_t>(lines[j].data() - text.data()) + lines[j].size() + 1;
            save.keyframes.push_back(std::move(k));
            i = j;
            continue;
        }
        // "<16 hex digits> <command>"
        const auto hash = line.size() > 17 && line[16] == ' ' ? parse_hex64("0x" + std::string(line.substr(0, 16)))
                                                              : std::nullopt;
        if (!hash) {
            error(line_no, 1,
                  "expected a state hash (16 hex digits), a space and a command, found \"" +
                      std::string(line.substr(0, 60)) + "\"");
            break;
        }
        save.commands.push_back(SavedCommand{line_no, std::string(line.substr(17)), *hash,
                                             static_cast<std::size_t>(lines[i].data() - text.data())});
    }
    if (out.errors.empty()) out.value = std::move(save);
    return out;
}

SaveFile save_up_to_keyframe(const SaveFile& save, std::size_t keyframe) {
    const Keyframe& k = save.keyframes.at(keyframe);
    SaveFile out;
    out.header = save.header;
    out.commands.assign(save.commands.begin(),
                        save.commands.begin() + static_cast<std::ptrdiff_t>(k.commands));
    out.keyframes.assign(save.keyframes.begin(),
                         save.keyframes.begin() + static_cast<std::ptrdiff_t>(keyframe) + 1);
    out.good_bytes = k.end;
    return out;
}

std::string dropped_commands(const SaveRepair& r) {
    const std::string commands = r.first_dropped == r.last_dropped
                                     ? "command " + std::to_string(r.first_dropped)
                                     : "commands " + std::to_string(r.first_dropped) + " to " +
                                           std::to_string(r.last_dropped);
    return commands + " (turn " + std::to_string(r.turn) + " onwards)";
}

}  // namespace tercio::data
