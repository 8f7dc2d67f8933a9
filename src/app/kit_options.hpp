#pragma once
/// The values of the kits' own command-line options (ui::KitOption, kits::kit_options), as
/// `tercio play`, `host`, `join` and `watch` were given them, and their hand-over to a game's front
/// end. The generic code carries them by name and knows nothing of what they mean.
#include <map>
#include <string>

namespace tercio::app {

/// A kit option's value by its name ("unmoved-shots" -> "never"); every option has one, its
/// default unless the command line gave another.
using KitOptionValues = std::map<std::string, std::string>;

/// Sets each option on a game's front end (ui::PlayScreenOf, ui::PlainGameOf): its kit takes its
/// own and leaves the other kits' alone.
template <class Front>
void set_kit_options(Front& front, const KitOptionValues& values) {
    for (const auto& [name, value] : values) front.set_option(name, value);
}

}  // namespace tercio::app
