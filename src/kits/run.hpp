#pragma once
/// What `tercio run` (src/app/run_command.cpp) takes from a ruleset's `Run` group besides plain
/// strings (kits/kit.hpp).
#include <string>
#include <vector>

namespace tercio::kits {

/// Why `--odds` gave no odds for one of its proposed commands.
struct OddsRefusal {
    std::string part;      ///< the proposed command refused, or empty: the list as a whole
    std::string why;       ///< the reason; empty: nothing was refused
    bool illegal = false;  ///< the rules refuse it (else it does not read as a command with odds)
    bool refused() const { return !part.empty() || !why.empty(); }
};

/// A Run group's event lines made of a ruleset's words: each event described in the state after
/// the command (`describe(ctx, after, e)`), and with `why` (`--why`) the command's dice, explained
/// in the state before it (`explain(ctx, before, c)`), indented under the first event that rolled
/// them (`rolled(e)`). Hell Broke Loose's and The Sword and the Pike's `event_lines`.
template <class Ctx, class State, class Command, class Events, class Describe, class Explain, class Rolled>
std::vector<std::string> event_lines_of(const Ctx& ctx, const State& before, const State& after, const Command& c,
                                        const Events& ev, bool why, Describe describe, Explain explain,
                                        Rolled rolled) {
    std::vector<std::string> dice_why = why ? explain(ctx, before, c) : std::vector<std::string>{};
    std::vector<std::string> out;
    for (const auto& e : ev) {
        out.push_back(describe(ctx, after, e));
        if (rolled(e)) {
            for (const auto& line : dice_why) out.push_back("    " + line);
            dice_why.clear();
        }
    }
    return out;
}

/// A Run group's odds made of a ruleset's `odds_lines(ctx, s, text, why, illegal)` (the odds of one
/// command in words, or nothing with the reason): each proposed command's lines in turn, stopping
/// at the first refused, which `refusal` names.
template <class Ctx, class State, class OddsLines>
std::vector<std::string> odds_of(const Ctx& ctx, const State& s, const std::vector<std::string>& commands,
                                 OddsRefusal& refusal, OddsLines odds_lines) {
    std::vector<std::string> out;
    for (const std::string& part : commands) {
        std::string why;
        bool illegal = false;
        const auto lines = odds_lines(ctx, s, part, why, illegal);
        if (!lines) {
            refusal = {part, why, illegal};
            return out;
        }
        out.insert(out.end(), lines->begin(), lines->end());
    }
    return out;
}

}  // namespace tercio::kits
