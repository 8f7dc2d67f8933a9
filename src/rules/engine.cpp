// validate / apply / legal_commands: dispatch to the rule families.
#include <algorithm>
#include <variant>

#include "core/engine.hpp"
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

enum class Family { Setup, Turn, Movement, Combat };

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
            [](const Shoot&) { return Family::Combat; },
            [](const Fight&) { return Family::Combat; },
            [](const Reload&) { return Family::Combat; },
            [](const Rally&) { return Family::Combat; },
            [](const CheckMorale&) { return Family::Combat; },
            [](const ChipUnit&) { return Family::Combat; },
            [](const Follow&) { return Family::Combat; },
            [](const Stay&) { return Family::Combat; },
            [](const auto&) { return Family::Movement; },
        },
        c);
}

}  // namespace

namespace {

/// Whether a command answers the decision the game waits for, and if not, what does.
std::optional<std::string> wrong_decision(const GameState& s, const Command& c) {
    if (std::holds_alternative<Concede>(c)) return std::nullopt;
    const std::string who = std::string("side ") + side_letter(s.decider);
    const auto is = [&](auto... alternatives) { return (std::holds_alternative<decltype(alternatives)>(c) || ...); };
    switch (s.decision) {
        case Decision::ExtraUnitChoice:
            if (is(ChooseExtraUnit{})) return std::nullopt;
            return who + " must choose its extra unit first: extra <unit line>";
        case Decision::ExtraCardChoice:
            if (is(ChooseExtraCard{})) return std::nullopt;
            return who + " must choose its extra card first: card infantry_move or card cavalry_move";
        case Decision::PlaceTerrain:
            if (is(PlaceTerrain{}, PassTerrain{})) return std::nullopt;
            return who + " is placing terrain: terrain <kind> <square> [<square>] or terrain pass";
        case Decision::AdjustTerrain:
            if (is(AdjustTerrain{})) return std::nullopt;
            return who + " may adjust the terrain: adjust remove <square>, adjust centre <square> or adjust pass";
        case Decision::Deploy:
            if (is(Deploy{}, DeployLeader{}, DeployAuto{})) return std::nullopt;
            return who + " is deploying: deploy <unit> <square> <facing>, deploy leader <square> or deploy auto";
        case Decision::InitiativeChoice:
            if (is(ChooseOrder{})) return std::nullopt;
            return who + " won the initiative and must choose: first or second";
        case Decision::Act:
            if (is(TurnCard{}, Pass{}, Move{}, March{}, MoveLeader{}, Shoot{}, Fight{}, Reload{}, Rally{})) return std::nullopt;
            return "it is " + who + "'s phase: turn, move, march, leader, shoot, fight, reload, rally or pass";
        case Decision::React:
            if (is(Charge{}, Evade{}, Decline{}, Shoot{})) return std::nullopt;
            return who + " may react now: " +
                   (s.react_window == ReactWindow::Evade ? "evade or decline"
                    : s.react_window == ReactWindow::Step
                        ? "shoot <from> <target>, charge <square> or decline"
                        : "shoot <from> <target> or decline");
        case Decision::Chip:
            if (is(ChipUnit{}, Decline{})) return std::nullopt;
            return who + " may chip the unit just hit: chip or decline";
        case Decision::FollowUp:
            if (is(Follow{}, Stay{})) return std::nullopt;
            return who + "'s winner may follow the loser: follow or stay";
        case Decision::Pursue:
            if (is(Follow{}, Stay{})) return std::nullopt;
            return who + "'s winner may pursue the routed unit: follow or stay";
        case Decision::Courage:
            if (is(CheckMorale{})) return std::nullopt;
            return who + " must check morale on the Courage card: check <square>";
        case Decision::LeaderEscape:
            if (is(Escape{}, Decline{})) return std::nullopt;
            return who + "'s leader may escape: escape <square> or decline";
        case Decision::GameOver:
            return std::string("the game is over");
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> validate(const RulesContext& ctx, const GameState& s, const Command& c) {
    if (s.decision == Decision::GameOver) return std::string("the game is over");
    if (auto why = wrong_decision(s, c)) {
        // A square off the board is the first thing wrong with a command, whoever decides.
        for (const Square q : squares_of(c)) {
            if (!s.on_board(q)) {
                return core::to_string(q) + " is not a square of the board (a-" +
                       core::to_string(core::make_square(s.files - 1, 0)).substr(0, 1) + ", 1-" + std::to_string(s.ranks) +
                       ")";
            }
        }
        return why;
    }
    switch (family_of(c)) {
        case Family::Setup: return detail::check_setup(ctx, s, c);
        case Family::Turn: return detail::check_turn(ctx, s, c);
        case Family::Movement: return detail::check_movement(ctx, s, c);
        case Family::Combat: return detail::check_combat(ctx, s, c);
    }
    return std::string("unknown command");
}

namespace {

/// Applies a command `validate` has accepted.
Events apply_valid(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice) {
    Events ev;
    switch (family_of(c)) {
        case Family::Setup: detail::apply_setup(ctx, s, c, dice, ev); break;
        case Family::Turn: detail::apply_turn(ctx, s, c, dice, ev); break;
        case Family::Movement: detail::apply_movement(ctx, s, c, dice, ev); break;
        case Family::Combat: detail::apply_combat(ctx, s, c, dice, ev); break;
    }
    return ev;
}

}  // namespace

Events apply(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice) {
    if (auto why = validate(ctx, s, c)) throw IllegalCommand(*why);
    return apply_valid(ctx, s, c, dice);
}

Events apply_trusted(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice) {
    return apply_valid(ctx, s, c, dice);
}

Played play(const RulesContext& ctx, GameState& s, const Command& c, core::Dice& dice) {
    // A card turned shows what the deck held: it cannot be taken back either.
    return core::play_on_copy<Played>(
        s, validate(ctx, s, c), dice, [&](GameState& next, core::Dice& d) { return apply_valid(ctx, next, c, d); },
        [](const Events& events) {
            return std::any_of(events.begin(), events.end(),
                               [](const Event& e) { return std::holds_alternative<CardTurned>(e); });
        },
        "dice: ");
}

namespace {

/// Every legal command, family by family; conceding always comes last.
void list_legal(const RulesContext& ctx, const GameState& s, detail::CommandSink& out) {
    if (s.decision == Decision::GameOver) return;
    // Who stands where, counted once for every family's squares.
    const detail::Occupancy occ(s);
    detail::legal_setup(ctx, s, occ, out);
    detail::legal_turn(ctx, s, out);
    detail::legal_movement(ctx, s, occ, out);
    detail::legal_combat(ctx, s, occ, out);
    out.push_back(Concede{});
}

}  // namespace

std::vector<Command> legal_commands(const RulesContext& ctx, const GameState& s) {
    std::vector<Command> out;
    out.reserve(256);
    detail::CommandSink sink(out);
    list_legal(ctx, s, sink);
    return out;
}

std::optional<Command> random_legal(const RulesContext& ctx, const GameState& s, core::Dice& chooser,
                                    std::size_t* listed) {
    // Most lists are short and are kept whole on the first pass. A longer one (a deployment lists
    // thousands) is only counted, and the chosen command is found by a second pass.
    constexpr std::size_t kKeep = 512;
    std::vector<Command> first;
    first.reserve(kKeep);
    detail::CommandSink sink(first, kKeep, static_cast<std::size_t>(-1));
    list_legal(ctx, s, sink);
    if (listed) *listed = sink.count();
    if (sink.count() <= 1) return std::nullopt;  // the game is over, or only conceding is left
    const std::size_t choices = sink.count() - 1;  // all but conceding, which is last
    const auto k = static_cast<std::size_t>(chooser.pick(static_cast<int>(choices), core::RollPurpose::Other));
    if (k < first.size()) return first[k];
    std::vector<Command> none;
    detail::CommandSink again(none, 0, k);
    list_legal(ctx, s, again);
    return again.wanted();
}

}  // namespace tercio::rules
