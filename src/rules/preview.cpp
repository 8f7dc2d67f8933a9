#include "rules/preview.hpp"

#include "rules/engine_detail.hpp"

namespace tercio::rules {

namespace {

using Result = std::variant<Preview, std::string>;

Result shots(const RulesContext& ctx, const GameState& s, std::span<const Command> commands) {
    Preview p;
    p.kind = commands.size() == 1 ? Preview::Kind::Shot : Preview::Kind::CombinedShot;
    std::optional<std::size_t> target;
    std::vector<DieType> dice;
    for (const Command& c : commands) {
        const Shoot* x = std::get_if<Shoot>(&c);
        if (!x) return std::string("a combined shot is made of shoot commands only");
        if (auto why = validate(ctx, s, c)) return print(c) + ": " + *why;
        const auto shooter = unit_at(s, x->from, s.decider);
        const auto t = unit_at(s, x->target, other(s.decider));
        if (!shooter || !t) return print(c) + ": no such shooter or target";
        if (target && *target != *t) return std::string("a combined shot has one target (PS-SHOOT-12)");
        for (std::size_t a : p.actors) {
            if (a == *shooter) return print(c) + ": each unit shoots once (PS-SHOOT-11)";
        }
        target = *t;
        p.actors.push_back(*shooter);
        p.rolls.push_back(shot_roll(ctx, s, *shooter, *t));
        dice.push_back(p.rolls.back().final);
    }
    p.target = *target;
    const Unit& t = s.units[*target];
    const auto& bands = ctx.rs().shooting_bands;
    if (p.kind == Preview::Kind::Shot) {
        p.shot = odds::shot(dice[0], t.shot_sum, t.shot_hits, bands);
    } else {
        p.combined = odds::combined_shots(dice, t.shot_sum, t.shot_hits, bands);
    }
    return p;
}

/// A melee of `init` (already in contact, as after its move) against `def`.
Result melee(const RulesContext& ctx, const GameState& s, std::size_t init, std::size_t def) {
    Preview p;
    p.actors = {init};
    p.target = def;
    if (s.units[def].status == UnitStatus::Routed) {
        p.kind = Preview::Kind::CutDown;
        return p;
    }
    p.kind = Preview::Kind::Melee;
    p.melee_setup = melee_setup(ctx, s, init, def);
    p.rolls = {p.melee_setup.initiator, p.melee_setup.defender};
    odds::MeleeFlags f;
    f.initiator_void_on_loss = p.melee_setup.initiator_void;
    f.defender_void_on_loss = p.melee_setup.defender_void;
    f.x2_routs_defender = p.melee_setup.x2_on_defender;
    f.x2_routs_initiator = p.melee_setup.x2_on_initiator;
    p.melee = odds::melee(p.melee_setup.initiator.final, p.melee_setup.defender.final, ctx.rs().melee_bands, f);
    return p;
}

Result single(const RulesContext& ctx, const GameState& s, const Command& c) {
    if (auto why = validate(ctx, s, c)) return print(c) + ": " + *why;
    const auto own = [&](Square q) { return *unit_at(s, q, s.decider); };
    if (const Fight* x = std::get_if<Fight>(&c)) {
        return melee(ctx, s, own(x->square), *unit_at(s, x->square, other(s.decider)));
    }
    if (const Move* x = std::get_if<Move>(&c)) {
        if (!x->attack) return std::string("a move rolls no dice; ask about `move <from> <to> attack`");
        // The position as the move would leave it, the mover in contact (PS-MELEE-6).
        const auto entry = detail::attack_entry(ctx, s, *x);
        if (!entry) return std::string("that move cannot be made");
        GameState after = s;
        const std::size_t ui = own(x->from);
        const std::size_t ei = *unit_at(s, *x->to, other(s.decider));
        after.units[ui].square = *x->to;
        after.units[ui].entrant = true;
        after.units[ui].entry = *entry;
        after.units[ei].entrant = false;
        return melee(ctx, after, ui, ei);
    }
    if (const Charge* x = std::get_if<Charge>(&c)) {
        // PS-OPP-6: the charger ends in the mover's square, facing as it turned, and starts the
        // melee at once.
        const auto entry = detail::charge_entry(ctx, s, *x);
        if (!entry) return std::string("that charge cannot be made");
        GameState after = s;
        const std::size_t ci = own(x->from);
        const std::size_t ti = s.move.unit;
        if (x->face) after.units[ci].facing = *x->face;
        after.units[ci].square = s.units[ti].square;
        after.units[ci].entrant = true;
        after.units[ci].entry = *entry;
        after.units[ti].entrant = false;
        return melee(ctx, after, ci, ti);
    }
    Preview p;
    if (const CheckMorale* x = std::get_if<CheckMorale>(&c)) {
        p.kind = Preview::Kind::MoraleCheck;
        p.target = own(x->square);
        p.rolls = {test_roll(s, p.target)};
        p.chance = odds::test_fails(p.rolls[0].final);
    } else if (std::holds_alternative<ChipUnit>(c)) {
        p.kind = Preview::Kind::Chip;
        p.target = s.chip_target;
        p.rolls = {test_roll(s, p.target)};
        p.chance = odds::chip_succeeds(p.rolls[0].final);
    } else if (const Rally* r = std::get_if<Rally>(&c)) {
        p.kind = Preview::Kind::Rally;
        p.target = own(r->square);
        p.rolls = {rally_roll(s, p.target)};
        p.chance = odds::rally_succeeds(p.rolls[0].final);
    } else {
        return print(c) + " rolls no dice of its own; odds are for shoot, fight, move ... attack, charge, check, chip and rally";
    }
    p.actors = {p.target};
    return p;
}

}  // namespace

std::variant<Preview, std::string> preview(const RulesContext& ctx, const GameState& s,
                                           std::span<const Command> commands) {
    if (commands.empty()) return std::string("no command to preview");
    if (commands.size() > 1 || std::holds_alternative<Shoot>(commands[0])) return shots(ctx, s, commands);
    return single(ctx, s, commands[0]);
}

}  // namespace tercio::rules
