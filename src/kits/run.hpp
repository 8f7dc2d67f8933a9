#pragma once
/// What `tercio run` (src/app/run_command.cpp) takes from a ruleset's `Run` group besides plain
/// strings (kits/kit.hpp).
#include <string>

namespace tercio::kits {

/// Why `--odds` gave no odds for one of its proposed commands.
struct OddsRefusal {
    std::string part;      ///< the proposed command refused, or empty: the list as a whole
    std::string why;       ///< the reason; empty: nothing was refused
    bool illegal = false;  ///< the rules refuse it (else it does not read as a command with odds)
    bool refused() const { return !part.empty() || !why.empty(); }
};

}  // namespace tercio::kits
