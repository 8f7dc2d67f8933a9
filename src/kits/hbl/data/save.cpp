#include "kits/hbl/data/save.hpp"

#include "kits/hbl/data/position.hpp"

namespace tercio::hbl {

using namespace tercio::data;

std::string hbl_save_lines_after(const SaveHeader& h, const hbl::Context& ctx, const hbl::Command& c,
                                 const hbl::GameState& before, const hbl::GameState& after, std::uint64_t calls,
                                 std::size_t commands) {
    std::string text = save_text_line(hbl::Engine::print(ctx, before, c), hbl::Engine::hash(after));
    // A keyframe where a turn begins, as Pikette Squared's saves have.
    if (after.turn != before.turn && !after.over()) {
        const HblPosition p{h.ruleset, {h.sides[0].army, h.sides[1].army}, h.seed, calls, after};
        text += save_keyframe(commands, write_hbl_position(p, ctx));
    }
    if (after.over()) {
        text += kOverLine;
        text += '\n';
    }
    return text;
}

namespace {

/// replay_hbl_save's ways to read a keyframe and to write the lines after a command.
auto keyframe_loader(std::string_view file, const hbl::Context& ctx) {
    return [file, &ctx](const Keyframe& k) {
        const auto resolve = [&](const std::string&, const std::array<std::string, 2>&,
                                 std::string&) -> std::optional<hbl::Context> { return ctx; };
        return load_hbl_position(file, k.position, resolve);
    };
}

auto line_writer(const SaveHeader& h, const hbl::Context& ctx) {
    return [&h, &ctx](const hbl::Command& c, const hbl::GameState& before,
                      const hbl::GameState& after, std::uint64_t calls, std::size_t commands) {
        return hbl_save_lines_after(h, ctx, c, before, after, calls, commands);
    };
}

}  // namespace

Loaded<HblReplayed> replay_hbl_save(std::string_view file, const SaveFile& save,
                                    const hbl::Context& ctx,
                                    const ReplayObserverOf<hbl::Engine>& observer) {
    return replay_save_of<hbl::Engine>(file, save, ctx, observer, keyframe_loader(file, ctx),
                                       line_writer(save.header, ctx));
}

std::optional<SaveRepair> repair_hbl_save(std::string_view file, const SaveFile& save,
                                          const hbl::Context& ctx) {
    return repair_save_of<hbl::Engine>(file, save, ctx, keyframe_loader(file, ctx),
                                       line_writer(save.header, ctx));
}

}  // namespace tercio::hbl
