#pragma once
/// The game list's words: what `tercio watch` and the start menu's *Join a game* say of a game's
/// seats, read from the "info" message its server answers a `role list` connection with
/// (GameHost::info). Pure, so that the words are tested without a server.
#include <chrono>
#include <string>

#include "core/side.hpp"
#include "net/protocol.hpp"

namespace tercio::net {

/// How long a player has done nothing, or been away, in a few letters: "4m", "1h05m", "2d03h".
/// Empty under a minute.
std::string idle_words(std::chrono::seconds idle);

/// A seat as the game list says it: "open seat", its player's name, "alice (idle 4m)",
/// "bob (away)", "bob (away 12m)", "the computer, hard". The time comes from the info's `idle-a`
/// or `idle-b`; a server that does not send it (or a time under a minute) gives the name alone.
std::string seat_words(const Message& info, core::Side side);

}  // namespace tercio::net
