// The Sword and the Pike's save lines, replay and repair (save.hpp), over data::replay_save_of and
// data::repair_save_of.
#include "kits/tsp/data/save.hpp"

#include "kits/tsp/data/position.hpp"

namespace tercio::tsp {

using namespace tercio::data;

std::string tsp_save_lines_after(const SaveHeader& h, const tsp::Context& ctx, const tsp::Command& c,
                                 const tsp::GameState& before, const tsp::GameState& after, std::uint64_t calls,
                                 std::size_t commands) {
    std::string text = save_text_line(tsp::Engine::print(ctx, before, c), tsp::Engine::hash(after));
    // A keyframe where a turn begins, as Pikette Squared's saves have.
    if (after.turn != before.turn && !after.over()) {
        const TspPosition p{h.ruleset, {h.sides[0].army, h.sides[1].army}, h.seed, calls, after};
        text += save_keyframe(commands, write_tsp_position(p, ctx));
    }
    if (after.over()) {
        text += kOverLine;
        text += '\n';
    }
    return text;
}

namespace {

/// replay_tsp_save's ways to read a keyframe and to write the lines after a command.
auto keyframe_loader(std::string_view file, const tsp::Context& ctx) {
    return [file, &ctx](const Keyframe& k) {
        const auto resolve = [&](const std::string&, const std::array<std::string, 2>&,
                                 std::string&) -> std::optional<tsp::Context> { return ctx; };
        return load_tsp_position(file, k.position, resolve);
    };
}

auto line_writer(const SaveHeader& h, const tsp::Context& ctx) {
    return [&h, &ctx](const tsp::Command& c, const tsp::GameState& before,
                      const tsp::GameState& after, std::uint64_t calls, std::size_t commands) {
        return tsp_save_lines_after(h, ctx, c, before, after, calls, commands);
    };
}

}  // namespace

Loaded<TspReplayed> replay_tsp_save(std::string_view file, const SaveFile& save,
                                    const tsp::Context& ctx,
                                    const ReplayObserverOf<tsp::Engine>& observer) {
    return replay_save_of<tsp::Engine>(file, save, ctx, observer, keyframe_loader(file, ctx),
                                       line_writer(save.header, ctx));
}

std::optional<SaveRepair> repair_tsp_save(std::string_view file, const SaveFile& save,
                                          const tsp::Context& ctx) {
    return repair_save_of<tsp::Engine>(file, save, ctx, keyframe_loader(file, ctx),
                                       line_writer(save.header, ctx));
}

}  // namespace tercio::tsp
