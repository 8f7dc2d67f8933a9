#pragma once
/// Every kit's play screen (ui::PlayScreenOf<K>), each compiled once in its kit's play_screen.cpp:
/// the registry's companion for code that shows a game of any ruleset (`tercio join`). A kit added
/// to kits::Kits adds its line here.
#include "kits/hbl/play_screen.hpp"
#include "kits/pikette/play_screen.hpp"
#include "kits/registry.hpp"
