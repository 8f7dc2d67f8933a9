// Shooting, melee, morale, chips, rout and rally (PS-SHOOT .. PS-RALLY). Work in progress.
#include "rules/engine_detail.hpp"

namespace tercio::rules::detail {

Why check_combat(const RulesContext&, const GameState&, const Command&) { return std::string("not yet"); }
void apply_combat(const RulesContext&, GameState&, const Command&, core::Dice&, Events&) {
    throw IllegalCommand("not yet");
}
void legal_combat(const RulesContext&, const GameState&, std::vector<Command>&) {}

}  // namespace tercio::rules::detail
