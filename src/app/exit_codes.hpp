#pragma once
/// Exit codes of the tercio program (documented in man/tercio.6).

namespace tercio::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitIllegal = 1;  ///< a game-level failure, e.g. an illegal command
inline constexpr int kExitUsage = 2;
inline constexpr int kExitDataError = 65;
inline constexpr int kExitNoInput = 66;
inline constexpr int kExitIoError = 74;

}  // namespace tercio::app
