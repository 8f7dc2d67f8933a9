#pragma once
/// The front ends of every kit in the registry (kits/registry.hpp), compiled once a kit: the game
/// screen (ui::PlayScreenOf), `--plain` (ui::PlainGameOf) and the replay screen
/// (ui::ReplayScreenOf). Code that plays or replays a game of any kit (`tercio play`, `tercio
/// replay`) includes this instead of instantiating them again. A new ruleset adds its three
/// lines here beside its line in `kits::Kits` (docs/rulesets.md, "Adding a third ruleset").
#include "kits/hbl/plain_game.hpp"
#include "kits/hbl/play_screen.hpp"
#include "kits/hbl/replay_screen.hpp"
#include "kits/pikette/plain_game.hpp"
#include "kits/pikette/play_screen.hpp"
#include "kits/pikette/replay_screen.hpp"
#include "kits/registry.hpp"
#include "kits/tsp/plain_game.hpp"
#include "kits/tsp/play_screen.hpp"
#include "kits/tsp/replay_screen.hpp"
