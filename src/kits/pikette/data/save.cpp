// Pikette Squared's saves: its command lines and keyframes, and its replay of a parsed save
// (data::replay_save_of with its positions as keyframes).
#include "kits/pikette/data/save.hpp"

#include "kits/pikette/data/position.hpp"
#include "rules/state_hash.hpp"

namespace tercio::rules {

using namespace tercio::data;

std::string save_command_line(const Command& c, std::uint64_t hash_after) {
    return save_text_line(print(c), hash_after);
}

std::string save_lines_after(const SaveHeader& h, const RulesContext& ctx, const Command& c,
                             const GameState& before, const GameState& after, std::uint64_t calls,
                             std::size_t commands) {
    std::string text = save_command_line(c, state_hash(after));
    // A keyframe where a turn begins: replays seek from it.
    if (after.turn != before.turn && after.decision != Decision::GameOver) {
        Position p{h.ruleset, {h.sides[0].army, h.sides[1].army}, h.seed, calls, after};
        text += save_keyframe(commands, write_position(p, ctx));
    }
    if (after.decision == Decision::GameOver) {
        text += kOverLine;
        text += '\n';
    }
    return text;
}

namespace {

/// replay_save's ways to read a keyframe and to write the lines after a command.
auto keyframe_loader(std::string_view file, const RulesContext& ctx) {
    return [file, &ctx](const Keyframe& k) {
        const auto resolve = [&](const std::string&, const std::array<std::string, 2>&,
                                 std::string&) -> std::optional<RulesContext> { return ctx; };
        return load_position(file, k.position, resolve);
    };
}

auto line_writer(const SaveHeader& h, const RulesContext& ctx) {
    return [&h, &ctx](const Command& c, const GameState& before, const GameState& after,
                      std::uint64_t calls, std::size_t commands) {
        return save_lines_after(h, ctx, c, before, after, calls, commands);
    };
}

}  // namespace

std::optional<SaveRepair> repair_save(std::string_view file, const SaveFile& save,
                                      const RulesContext& ctx) {
    return repair_save_of<Engine>(file, save, ctx, keyframe_loader(file, ctx),
                                  line_writer(save.header, ctx));
}

Loaded<Replayed> replay_save(std::string_view file, const SaveFile& save, const RulesContext& ctx,
                             const ReplayObserver& observer) {
    return replay_save_of<Engine>(file, save, ctx, observer, keyframe_loader(file, ctx),
                                  line_writer(save.header, ctx));
}

}  // namespace tercio::rules
