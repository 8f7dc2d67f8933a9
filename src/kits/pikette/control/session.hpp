#pragma once
/// Pikette Squared's names for the generic session (control/session.hpp), as the rest of its code
/// uses them; its session is compiled once, in session.cpp.
#include "control/session.hpp"
#include "rules/engine.hpp"
#include "rules/game.hpp"

namespace tercio::control {

using Session = SessionOf<rules::Engine>;
using Entry = EntryOf<rules::Engine>;
using Observer = ObserverOf<rules::Engine>;
using Owner = OwnerOf<rules::Engine>;
extern template class SessionOf<rules::Engine>;

}  // namespace tercio::control
