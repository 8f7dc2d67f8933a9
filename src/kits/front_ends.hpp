#pragma once
/// The front ends of every kit in the registry (kits/registry.hpp), compiled once a kit: the game
/// screen (ui::PlayScreenOf) and `--plain` (ui::PlainGameOf). Code that plays a game of any kit
/// (`tercio play`) includes this instead of instantiating them again. A new ruleset adds its two
/// lines here beside its line in `kits::Kits` (docs/rulesets.md, "Adding a third ruleset").
#include "kits/hbl/plain_game.hpp"
#include "kits/hbl/play_screen.hpp"
#include "kits/pikette/plain_game.hpp"
#include "kits/pikette/play_screen.hpp"
#include "kits/registry.hpp"
