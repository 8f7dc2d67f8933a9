// Names, rule IDs and steps of the Up/Down modifiers the engine reports with every roll.
#include "rules/event.hpp"

namespace tercio::rules {

namespace {

struct ModifierInfo {
    std::string_view name;
    std::string_view rule;
    int steps;
};

constexpr ModifierInfo kModifiers[] = {
    {"on the target's flank or rear, or at a phalanx or tercio", "PS-SHOOT-7", +1},
    {"longbow against mounted troops", "PS-SHOOT-7", +1},
    {"shooter disordered", "PS-SHOOT-7", -1},
    {"beyond half range", "PS-SHOOT-8", -1},
    {"bow against knights, pike, phalanx or tercio", "PS-SHOOT-7", -1},
    {"target in woods, building or behind war wagons", "PS-SHOOT-7", -1},
    {"charging", "PS-MELEE-7", +1},
    {"attacking flank or rear", "PS-MELEE-6", +1},
    {"more stands", "PS-MELEE-8", +1},
    {"leader attached", "PS-LEADER-4", +2},
    {"attacked in flank or rear", "PS-MELEE-8", -1},
    {"opponent in better terrain or a war wagon", "PS-TERRAIN-13", -1},
    {"disordered", "PS-MELEE-8", -1},
    {"disordered", "PS-RALLY-4", -1},
    {"routed", "PS-RALLY-4", -2},
    {"the Sultan rallies", "PS-ARMY-12", +1},
    {"disordered", "PS-MORALE-2, PS-CHIP-9", -1},
};

const ModifierInfo& info(ModifierId m) { return kModifiers[static_cast<std::size_t>(m)]; }

}  // namespace

std::string_view modifier_name(ModifierId m) { return info(m).name; }
std::string_view modifier_rule(ModifierId m) { return info(m).rule; }
int modifier_steps(ModifierId m) { return info(m).steps; }

}  // namespace tercio::rules
