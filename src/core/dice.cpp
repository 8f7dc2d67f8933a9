#include "core/dice.hpp"

#include <array>
#include <utility>

namespace tercio::core {

std::string_view to_string(RollPurpose p) {
    static constexpr std::array<std::string_view, kRollPurposes> kNames = {
        "initiative",   "shooting",           "shooting defence",   "melee",
        "morale",       "chipping",           "rally",              "leader check",
        "leader alone", "leader lost",        "pursuit",            "knights restraint",
        "terrain allotment", "terrain adjustment", "army upgrade",  "extra unit",
        "morale chips", "nightfall",          "shuffle",            "other",
        "card",         "casualty card",      "spirit",
    };
    return kNames[static_cast<std::size_t>(p)];
}

// --- SeededDice -----------------------------------------------------------------------------

namespace {

/// SplitMix64's output function: spreads nearby inputs over the whole 64 bits.
std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace

std::uint64_t SeededDice::next() {
    // SplitMix64 (Steele, Lea, Flood 2014): output n is mix(seed + (n + 1) * gamma).
    ++calls_;
    return mix(seed_ + calls_ * 0x9E3779B97F4A7C15ULL);
}

std::uint64_t SeededDice::below(std::uint64_t n) {
    // Reject the top partial block so every value is exactly equally likely.
    const std::uint64_t limit = UINT64_MAX - (UINT64_MAX % n);
    std::uint64_t x = next();
    while (x >= limit) x = next();
    return x % n;
}

int SeededDice::roll(DieType die, RollPurpose) {
    return 1 + static_cast<int>(below(static_cast<std::uint64_t>(faces(die))));
}

int SeededDice::pick(int n, RollPurpose purpose) {
    if (n < 1) throw DiceError("pick from an empty range for " + std::string(to_string(purpose)));
    return static_cast<int>(below(static_cast<std::uint64_t>(n)));
}

// --- PurposeDice ----------------------------------------------------------------------------

namespace {

template <std::size_t... I>
std::array<SeededDice, sizeof...(I)> purpose_streams(std::uint64_t seed,
                                                     std::index_sequence<I...>) {
    // Each purpose's seed is mixed, so that no stream is another's run shifted by a few calls.
    return {SeededDice(mix(seed + 0xD1B54A32D192ED03ULL * (I + 1)))...};
}

}  // namespace

PurposeDice::PurposeDice(std::uint64_t seed)
    : streams_(purpose_streams(seed, std::make_index_sequence<kRollPurposes>{})) {}

int PurposeDice::roll(DieType die, RollPurpose purpose) {
    return streams_[static_cast<std::size_t>(purpose)].roll(die, purpose);
}

int PurposeDice::pick(int n, RollPurpose purpose) {
    return streams_[static_cast<std::size_t>(purpose)].pick(n, purpose);
}

// --- ScriptedDice ---------------------------------------------------------------------------

namespace {

bool parse_int(std::string_view s, int& out) {
    if (s.empty() || s.size() > 6) return false;
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + (c - '0');
    }
    out = v;
    return true;
}

ScriptedRoll parse_entry(std::string_view e, std::size_t index) {
    const auto fail = [&](const std::string& why) {
        return DiceError("scripted roll " + std::to_string(index) + " '" + std::string(e) + "': " + why);
    };
    ScriptedRoll r;
    r.text = std::string(e);
    const auto colon = e.find(':');
    std::string_view value_text = e;
    if (colon != std::string_view::npos) {
        const std::string_view kind = e.substr(0, colon);
        value_text = e.substr(colon + 1);
        if (auto d = parse_die(kind)) {
            r.kind = ScriptedRoll::Kind::Die;
            r.die = *d;
        } else if (kind.size() >= 2 && (kind[0] == 'u' || kind[0] == 'U') &&
                   parse_int(kind.substr(1), r.range) && r.range >= 1) {
            r.kind = ScriptedRoll::Kind::Pick;
        } else {
            throw fail("unknown kind '" + std::string(kind) + "' (use d4, d6, d8, d10, d12 or u<n>)");
        }
    }
    if (!parse_int(value_text, r.value)) throw fail("the value is not a whole number");
    if (r.kind == ScriptedRoll::Kind::Die && (r.value < 1 || r.value > faces(r.die))) {
        throw fail(std::to_string(r.value) + " is out of range for a " + to_string(r.die));
    }
    if (r.kind == ScriptedRoll::Kind::Pick && r.value >= r.range) {
        throw fail(std::to_string(r.value) + " is out of range for u" + std::to_string(r.range) +
                   " (0 to " + std::to_string(r.range - 1) + ")");
    }
    return r;
}

}  // namespace

ScriptedDice ScriptedDice::parse(std::string_view text) {
    std::vector<ScriptedRoll> rolls;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ',' || text[i] == ' ' || text[i] == '\t' ||
                                   text[i] == '\n' || text[i] == '\r')) {
            ++i;
        }
        std::size_t j = i;
        while (j < text.size() && text[j] != ',' && text[j] != ' ' && text[j] != '\t' &&
               text[j] != '\n' && text[j] != '\r') {
            ++j;
        }
        if (j > i) rolls.push_back(parse_entry(text.substr(i, j - i), rolls.size() + 1));
        i = j;
    }
    return ScriptedDice(std::move(rolls));
}

const ScriptedRoll& ScriptedDice::take(std::string_view asked, RollPurpose purpose) {
    if (next_ >= rolls_.size()) {
        throw DiceError("scripted dice ran out: roll " + std::to_string(next_ + 1) + " asked for " +
                        std::string(asked) + " (" + std::string(to_string(purpose)) + ") but only " +
                        std::to_string(rolls_.size()) + " were scripted");
    }
    return rolls_[next_++];
}

int ScriptedDice::roll(DieType die, RollPurpose purpose) {
    const std::string asked = "a " + to_string(die);
    const ScriptedRoll& r = take(asked, purpose);
    const std::string where = "scripted roll " + std::to_string(next_) + " '" + r.text + "': ";
    if (r.kind == ScriptedRoll::Kind::Pick ||
        (r.kind == ScriptedRoll::Kind::Die && r.die != die)) {
        throw DiceError(where + "asked for " + asked + " (" + std::string(to_string(purpose)) + ")");
    }
    if (r.value < 1 || r.value > faces(die)) {
        throw DiceError(where + std::to_string(r.value) + " is out of range for " + asked + " (" +
                        std::string(to_string(purpose)) + ")");
    }
    return r.value;
}

int ScriptedDice::pick(int n, RollPurpose purpose) {
    const std::string asked = "u" + std::to_string(n);
    const ScriptedRoll& r = take(asked, purpose);
    const std::string where = "scripted roll " + std::to_string(next_) + " '" + r.text + "': ";
    if (r.kind == ScriptedRoll::Kind::Die || (r.kind == ScriptedRoll::Kind::Pick && r.range != n)) {
        throw DiceError(where + "asked for " + asked + " (" + std::string(to_string(purpose)) + ")");
    }
    if (r.value < 0 || r.value >= n) {
        throw DiceError(where + std::to_string(r.value) + " is out of range for " + asked + " (" +
                        std::string(to_string(purpose)) + ")");
    }
    return r.value;
}

}  // namespace tercio::core
