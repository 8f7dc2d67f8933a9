// validate / apply / legal_commands: dispatch to the rule families.
#include <variant>

#include "rules/engine_detail.hpp"

namespace tercio::rules {

const TerrainPiece* GameState::piece_at(Square s) const {
    if (!on_board(s)) return nullptr;
    const std::uint8_t c = terrain[static_cast<std::size_t>(square_index(s))];
    return (c == 0 || c == kStreamCell) ? nullptr : &terrain_pieces[c - 1u];
}

bool GameState::stream_at(Square s) const {
    return on_board(s) && terrain[static_cast<std::size_t>(square_index(s))] == kStreamCell;
}

namespace {

enum class Family { Setup, Turn, Movement };

Family family_of(const Command& c) {
    return std::visit(
        detail::Overloaded{
            [](const ChooseExtraUnit&) { return Family::Setup; },
            [](const ChooseExtraCard&) { return Family::Setup; },
            [](const PlaceTerrain&) { return Family::Setup; },
            [](const PassTerrain&) { return Family::Setup; },
            [](const AdjustTerrain&) { return Family::Setup; },
            [](const Deploy&) { return Family::Setup; },
            [](const DeployLeader&) { return Family::Setup; },
            [](const DeployAuto&) { return Family::Setup; },
            [](const ChooseOrder&) { return Family::Turn; },
            [](const TurnCard&) { return Family::Turn; },
            [](const Pass&) { return Family::Turn; },
            [](const Concede&) { return Family::Turn; },
            [](const auto&) { return Family::Movement; },
        },
        c);
}

}  // namespace

std::optional<std::string> validate(const RulesContext& ctx, const GameState& s, const Command& c) {
    if (s.decision == Decision::GameOver) return std::string("the game is over");
    switch (family_of(c)) {
        case Family::Setup: return detail::check_setup(ctx, s, c);
        case Family::Turn: return detail::check_turn(ctx, s, c);
        case Family::Movement: return detail::check_movement(ctx, s, c);
    }
    return std::string("unknown command");
}

Events apply(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice) {
    if (auto why = validate(ctx, s, c)) throw IllegalCommand(*why);
    Events ev;
    switch (family_of(c)) {
        case Family::Setup: detail::apply_setup(ctx, s, c, dice, ev); break;
        case Family::Turn: detail::apply_turn(ctx, s, c, dice, ev); break;
        case Family::Movement: detail::apply_movement(ctx, s, c, dice, ev); break;
    }
    return ev;
}

std::vector<Command> legal_commands(const RulesContext& ctx, const GameState& s) {
    std::vector<Command> out;
    out.reserve(256);
    if (s.decision == Decision::GameOver) return out;
    detail::legal_setup(ctx, s, out);
    detail::legal_turn(ctx, s, out);
    detail::legal_movement(ctx, s, out);
    out.push_back(Concede{});
    return out;
}

}  // namespace tercio::rules
