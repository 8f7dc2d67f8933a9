#pragma once
/// What a ruleset's kit gives the game screen (docs/rulesets.md, "The kit: Text and Screen
/// groups"): `K::Text`, its words (events for the log, odds, hints, a square and a unit in words,
/// the after-action summary), and `K::Screen`, its board and keys (a square's picture, the side
/// pane's status, the square sizes it takes, the commands at a square for the Enter menu, the
/// action keys, the legend, the tips and its reaction filter). Each group is a struct of types
/// and static functions; the screen (PlayScreenOf<K>) is written once over them, so a missing
/// function is a compile error naming it. Nothing here names a ruleset.
#include <algorithm>
#include <concepts>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "control/session.hpp"
#include "core/engine.hpp"
#include "core/grid.hpp"
#include "ui/board_view.hpp"
#include "ui/log.hpp"
#include "ui/screen_parts.hpp"
#include "ui/surface.hpp"

namespace tercio::ui {

/// What an action key (K::Screen::action) makes of the selection and the cursor.
template <class Command>
struct KeyAction {
    bool handled = false;            ///< false: not one of the ruleset's keys
    std::optional<Command> command;  ///< the legal command to play (odds first)
    std::string why;                 ///< otherwise why there is none
    bool decline_all = false;        ///< let every reaction go until the side's own phase
};

/// The prompt of a stop out of turn that offers `offers` (at least one), for the screen's hint
/// (`plain` false: "OUT OF TURN: shoot d5 d11 - ...: y fires, n lets it go, D lets all go until
/// your phase."; several are listed beside the map and picked by 1-9) or a `--plain` line
/// (`plain`: "Out of turn: ...", several listed in it, "Out of turn: 2 reactions: y1 ...; y2 ...",
/// and picked by y1, y2 ...). `can_let_go`: n may decline it (not a forced charge); `decline_all`: D
/// lets every reaction go until the side's phase (the kit's filter does that; not named when the
/// reaction must be made).
inline std::string reaction_prompt(const std::vector<ReactionOffer>& offers, bool can_let_go, bool decline_all,
                                   bool plain) {
    std::string out = plain ? "Out of turn" : "OUT OF TURN";
    const std::size_t n = offers.size();
    const std::size_t listed = plain ? n : std::min<std::size_t>(n, 9);
    const std::string pick = plain ? "y" : "";
    if (n == 1) {
        out += ": " + offers[0].text + ": y " + offers[0].verb;
    } else if (plain) {
        out += ": " + std::to_string(n) + " reactions: ";
        for (std::size_t i = 0; i < n; ++i) out += (i ? "; " : "") + pick + std::to_string(i + 1) + " " + offers[i].text;
        out += ": y1 to y" + std::to_string(n) + " picks one";
    } else {
        // The screen lists them beside the map, where the Enter menu stands.
        out += ", " + std::to_string(n) + " reactions listed right: 1-" + std::to_string(listed) + " picks one" +
               (listed < n ? " (Enter at a unit for the others)" : "");
    }
    if (can_let_go) out += std::string(", n lets ") + (n == 1 ? "it" : "them") + " go";
    // A reaction that must be made is not let go by D either: D is named only where it lets
    // this one go too.
    if (decline_all && can_let_go) out += ", D lets all go until your phase";
    if (!can_let_go) out += " (one must be made)";
    return out + ".";
}

/// A command-line option of a kit's own: a setting of its reaction filter that `tercio play`,
/// `host`, `join` and `watch` offer as `--NAME VALUE` (kits::kit_options lists every kit's). The
/// generic code registers it, checks the value is one of `values` and hands it back to the kit
/// (K::Screen::set_option) without knowing what it means. A number takes a range instead of
/// a list of values.
struct KitOption {
    std::string name;                 ///< the flag without its dashes, as the in-game word ("unmoved-shots")
    std::string type_name;            ///< what the help calls its value ("WHEN")
    std::string play_help;            ///< its help under `tercio play`
    std::string net_help;             ///< its help under `tercio host`, `join` and `watch`
    std::vector<std::string> values;  ///< the values it takes, its default first
    /// A whole number from .first to .second instead: `values` holds only its default.
    std::optional<std::pair<int, int>> range;
};

/// The words of a ruleset, for the screen (and the other front ends).
template <class K>
concept TextKit = core::RulesEngine<typename K::Engine> &&
    requires(const typename K::Engine::Context& ctx, const typename K::Engine::State& s,
             const typename K::Engine::State* before, const typename K::Engine::Command& c,
             const typename K::Engine::Command* cp, const typename K::Engine::Events& ev,
             core::Side side, core::Square sq, std::size_t unit, int width,
             const std::string& why) {
    /// "A French": the side's letter and army.
    { K::Text::side_label(ctx, side) } -> std::same_as<std::string>;
    /// "Side A (French)".
    { K::Text::side_name(ctx, side) } -> std::same_as<std::string>;
    /// "K1 Gendarmes (A)".
    { K::Text::unit_name(ctx, s, unit) } -> std::same_as<std::string>;
    /// The log's entries for the events of command `cp` (null: the set-up rolls) played on
    /// `before` (null when not known: a resumed game's history) and leading to `s`: one a
    /// line, each roll's explanation under it.
    { K::Text::log_entries(ctx, before, s, cp, ev) } -> std::same_as<std::vector<LogEntry>>;
    /// The exact odds of a command that rolls dice, before it is played; nothing for one that
    /// does not (it is played at once).
    { K::Text::odds(ctx, s, c) } -> std::same_as<std::optional<Odds>>;
    /// What the side deciding should do now and with which keys; `why`: why a reaction
    /// window stops the game.
    { K::Text::decision_hint(ctx, s, why) } -> std::same_as<std::string>;
    /// A square and what stands in it, in at most `width` columns (the line under the map).
    { K::Text::square_status(ctx, s, sq, width) } -> std::same_as<std::string>;
    /// A unit's rules in lines of at most 78 columns (`?` on a unit).
    { K::Text::unit_reference(ctx, s, unit) } -> std::same_as<std::vector<std::string>>;
    /// The after-action summary of an ended game, lines of at most 31 columns.
    { K::Text::game_summary(ctx, s) } -> std::same_as<std::vector<std::string>>;
    /// A command as the Enter menu shows it.
    { K::Text::menu_label(ctx, s, c) } -> std::same_as<std::string>;
    /// A reaction as an out-of-turn stop offers it: the command with its odds, and its verb.
    { K::Text::reaction_offer(ctx, s, c) } -> std::same_as<ReactionOffer>;
    /// What the set-up rolls are, while they are shown one at a time.
    { K::Text::setup_hint() } -> std::convertible_to<std::string>;
    /// What position 0 of a replay is, in a few words ("the set-up rolls").
    { K::Text::setup_name() } -> std::convertible_to<std::string>;
};

/// The board and the keys of a ruleset, for the screen.
template <class K>
concept ScreenKit = TextKit<K> &&
    requires(const typename K::Engine::Context& ctx, const typename K::Engine::State& s,
             const typename K::Engine::Command& c, const typename K::Engine::Events& ev,
             control::SessionOf<typename K::Engine>& session, typename K::Screen::Tips& tips,
             typename K::Screen::Reactions& reactions, Surface& out, Rect area, core::Square sq,
             std::optional<core::Square> selected, core::Side side, char32_t key, bool flag,
             MapView& view, const std::string& text, SquareSize size) {
    /// The square sizes its board takes, largest first, and what a terminal must leave beside
    /// the board (the side pane) and under it (the hint and the two bottom lines).
    { K::Screen::square_sizes() } -> std::convertible_to<std::span<const SquareSize>>;
    { K::Screen::kSideMin } -> std::convertible_to<int>;
    { K::Screen::kBelowMin } -> std::convertible_to<int>;
    /// The board's files and ranks.
    { K::Screen::files(s) } -> std::convertible_to<int>;
    { K::Screen::ranks(s) } -> std::convertible_to<int>;
    /// One square's picture at a size its board takes (board_view.hpp: a unit's glyph in the top
    /// left cell, its facing, then its marks; more of it in a larger square), highlights left to
    /// the screen.
    { K::Screen::square_cells(ctx, s, sq, size, flag, flag) } -> std::same_as<SquareCells>;
    /// The status rows at the top of the side column (kStatusRows of them).
    K::Screen::draw_status(out, area, ctx, s, flag);
    /// The unit of `side` in a square, if any.
    { K::Screen::unit_at(s, sq, side) } -> std::same_as<std::optional<std::size_t>>;
    /// The squares the unit selected in `sq` may move to and shoot at now, into view.reach and
    /// view.arc.
    K::Screen::mark_reach(ctx, s, sq, view);
    /// The way the unit selected in the first square would take to the second (the cursor) with
    /// its move key, into view.way; nothing when that key plays no move there.
    K::Screen::mark_way(ctx, s, sq, sq, view);
    /// The squares a command names, marked on the replay's board in the state after it (`s`):
    /// where it moved or placed (view.reach), what it shot or fought (view.arc).
    K::Screen::mark_command(ctx, s, c, view);
    /// The squares a reaction offered now names, marked on the board while its stop waits for
    /// the key (`s` before it): where the unit would go (view.reach), what it would hit
    /// (view.arc).
    K::Screen::mark_offer(ctx, s, c, view);
    /// Whether a command, with its events, turned a card (the replay's `]` and `[`).
    { K::Screen::turned_card(c, ev) } -> std::same_as<bool>;
    /// The Enter menu: the legal commands at the cursor (with the selection).
    {
        K::Screen::menu_commands(ctx, s, sq, selected)
        } -> std::same_as<std::vector<typename K::Engine::Command>>;
    /// An action key with the selection and the cursor (not handled: not the ruleset's key).
    {
        K::Screen::action(ctx, s, key, selected, sq)
        } -> std::same_as<KeyAction<typename K::Engine::Command>>;
    /// The command a typed one means when the rules refuse it as written: the one its action key
    /// would play for the same unit and square (a move that must turn first), or the same command.
    { K::Screen::typed(ctx, s, c) } -> std::same_as<typename K::Engine::Command>;
    /// What playing `c` from a key or the Enter menu would give up that the player may not mean to
    /// (turning the next card, or passing, while the card in play offers commands not yet used):
    /// the question to ask first, answered with y only; nothing when `c` gives up nothing.
    { K::Screen::forfeits(ctx, s, c) } -> std::same_as<std::optional<std::string>>;
    /// The action keys' lines of the help page.
    { K::Screen::action_keys() } -> std::convertible_to<std::span<const KeyLine>>;
    /// The action keys that use a selected unit and the cursor, as the message on selecting a
    /// unit names them ("m, f, a").
    { K::Screen::kSelectedKeys } -> std::convertible_to<const char*>;
    /// Commands shown as examples in the help's line for `:` ("turn, move h5 h7").
    { K::Screen::kCommandExamples } -> std::convertible_to<const char*>;
    /// The legend page (`?` twice): what the map's marks and the side pane mean.
    { K::Screen::legend(flag) } -> std::same_as<std::vector<std::string>>;
    /// Whether the side deciding decides in the other side's phase.
    { K::Screen::out_of_turn(s) } -> std::same_as<bool>;
    /// The one-line tips the change from `s` (before the newest command) to the session's
    /// state makes timely, each once a screen (`tips` remembers).
    { K::Screen::tips(std::as_const(session), s, tips) } -> std::same_as<std::vector<std::string>>;
    /// A word typed at the command line that the kit handles itself (a setting of its
    /// reaction filter): what to say, or nothing when the word is not the kit's.
    { K::Screen::command_word(reactions, text) } -> std::same_as<std::optional<std::string>>;
    /// Its command-line options (KitOption; none for a kit without settings), and the setting
    /// of one, by name, to one of its values: false when the name is not its option or the value
    /// not one it takes (the option of another kit is no concern of this one's).
    { K::Screen::options() } -> std::same_as<std::vector<KitOption>>;
    { K::Screen::set_option(reactions, text, text) } -> std::same_as<bool>;
    /// The reaction filter (control/reactions.hpp's idea): made on the session; pass() lets
    /// go the windows worth no stop and says how many, reason() why the one open stops,
    /// decline_until_my_phase() lets all go until the side's phase (or why not).
    requires std::constructible_from < typename K::Screen::Reactions,
        control::SessionOf<typename K::Engine>
    & > ;
    { reactions.pass() } -> std::same_as<int>;
    { std::as_const(reactions).reason() } -> std::same_as<std::optional<std::string>>;
    { reactions.decline_until_my_phase() } -> std::same_as<std::optional<std::string>>;
    /// What the stop open now offers for one key (y, or 1-9 among several): empty when the game
    /// does not wait for a reaction of a person here; whether n may let it go (let_go() plays
    /// the window's decline, or says why not); whether D lets all go (Reactions::kDeclineAll); a
    /// note said once, after the filter first let a reaction go for a reason the player set.
    { std::as_const(reactions).offers() } -> std::same_as<std::vector<typename K::Engine::Command>>;
    { std::as_const(reactions).can_let_go() } -> std::same_as<bool>;
    { reactions.let_go() } -> std::same_as<std::optional<std::string>>;
    { reactions.take_note() } -> std::same_as<std::optional<std::string>>;
    { K::Screen::Reactions::kDeclineAll } -> std::convertible_to<bool>;
};

/// The reaction filter of a ruleset whose rules stop for a reaction only when one can be made
/// (a kit says so with this): it lets nothing go.
template <class E>
class NoReactions {
  public:
    static constexpr bool kDeclineAll = false;
    explicit NoReactions(control::SessionOf<E>&) {}
    int pass() { return 0; }
    std::optional<std::string> reason() const { return std::nullopt; }
    std::optional<std::string> decline_until_my_phase() {
        return std::string("these rules ask for a reaction only when one can be made");
    }
    /// It offers nothing for one key: the screen's menus and keys answer.
    std::vector<typename E::Command> offers() const { return {}; }
    bool can_let_go() const { return true; }
    std::optional<std::string> let_go() { return std::string("there is no reaction to let go now"); }
    std::optional<std::string> take_note() { return std::nullopt; }
};

/// The board, its squares as large as the terminal leaves room for, with the kit's status rows
/// beside it and the log under them: what the play and the replay screens draw alike. `view`
/// holds the marks, the ASCII and colour choices; gives the map's rectangle and, in `side_x`, the
/// column the side pane begins at.
template <ScreenKit K>
Rect draw_board_and_log(Surface& out, MapView& view, const typename K::Engine::Context& ctx,
                        const typename K::Engine::State& s, const Log& log, const LogView& lv, int& side_x) {
    using Kit = typename K::Screen;
    const int w = out.width();
    const int h = out.height();
    const int files = Kit::files(s);
    const int ranks = Kit::ranks(s);
    fit_map(view, w, h, files, ranks, Kit::kSideMin, Kit::kBelowMin, Kit::square_sizes());
    const Rect map = map_rect(view, files, ranks);
    const bool ascii = view.ascii;
    const bool color = view.color;
    draw_board(out, Rect{0, 0, map.w, map.h}, files, ranks, view,
               [&](core::Square q, SquareSize size) {
                   return Kit::square_cells(ctx, s, q, size, ascii, color);
               });
    side_x = map.w + 1;
    const int side_w = w - side_x;
    Kit::draw_status(out, Rect{side_x, 0, side_w, kStatusRows}, ctx, s, color);
    log.draw(out, Rect{side_x, kStatusRows, side_w, h - 2 - kStatusRows}, lv);
    return map;
}

}  // namespace tercio::ui
