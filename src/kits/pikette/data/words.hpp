#pragma once
/// Pikette Squared's words its loaders' messages list (ruleset, army and position files).
/// Private to its data library, defined in ruleset_loader.cpp.
#include <string>

namespace tercio::rules::detail {

/// "a, b ... or z": the names a file may use, for "use ..." hints in messages.
std::string card_kind_choices();
std::string ability_choices();

}  // namespace tercio::rules::detail
