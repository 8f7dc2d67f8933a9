#pragma once
/// `tercio bench`: fixed seeded games of random legal play, then of the computer's levels, and
/// each level's decision at fixed positions; deterministic signatures plus speed figures.
#include <filesystem>
#include <string>

namespace tercio::app {

/// The CPU time this process has used, in seconds: what a loaded, shared machine does not
/// distort as wall time is. The benches report it.
double cpu_seconds();

/// `games` random games; the AI part plays games / 60 times its usual number (at least one per
/// match). With a ruleset whose engine is hell-broke-loose, its random games and its computer's
/// (normal against random and against normal). The exit code.
int run_bench(int games, const std::filesystem::path& data_dir, const std::string& ruleset = {});

/// `tercio bench --reactions N`: N seeded games of `normal` against `normal` (pairing g % 36,
/// dice seeded g + 1). Every reaction window out of turn is counted, and how many of them would
/// stop the game for a person (control::ReactionFilter, with unmoved shots asked and never): in
/// all and per enemy phase. The computer decides every window, so the games are those it plays.
int run_reaction_bench(int games, const std::filesystem::path& data_dir);

/// `tercio bench --scale N`: how a decision's cost grows with the board (15x15, 20x20, 26x26) and
/// the armies (6, 10, 14 units a side): per size, N random games, N / 10 games of normal against
/// normal and hard at up to 12 positions of those, by CPU time. src/app/bench_scale.cpp.
int run_scale_bench(int games, const std::filesystem::path& data_dir);

}  // namespace tercio::app
