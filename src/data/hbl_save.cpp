#include "data/hbl_save.hpp"

namespace tercio::data {

std::string hbl_save_lines_after(const hbl::Context& ctx, const hbl::Command& c, const hbl::GameState& before,
                                 const hbl::GameState& after) {
    std::string text = save_text_line(hbl::Engine::print(ctx, before, c), hbl::Engine::hash(after));
    if (after.over()) {
        text += kOverLine;
        text += '\n';
    }
    return text;
}

Loaded<HblReplayed> replay_hbl_save(std::string_view file, const SaveFile& save, const hbl::Context& ctx,
                                    const ReplayObserverOf<hbl::Engine>& observer) {
    Loaded<HblReplayed> out;
    const auto fail = [&](int line, std::string message) {
        out.errors.push_back(LoadError{std::string(file), line, 1, std::move(message)});
        return out;
    };
    if (!save.keyframes.empty()) {
        return fail(save.keyframes.front().line,
                    "a keyframe in a Hell Broke Loose save, whose saves have none: the save was edited, or made by "
                    "another program");
    }
    if (save.cut_command) {
        return fail(save.cut_command->line + 1, "a keyframe in a Hell Broke Loose save, whose saves have none");
    }
    HblReplayed r;
    core::SeededDice dice(save.header.seed);
    if (!replay_log<hbl::Engine>(file, save, ctx, observer, r, dice, out, {})) return out;
    if (save.over && !r.state.over()) {
        return fail(save.over_line, "the game-over line, but the game replayed is not over: the save was edited");
    }
    out.value = std::move(r);
    return out;
}

}  // namespace tercio::data
