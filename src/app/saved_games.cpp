#include "app/saved_games.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <type_traits>

#include "app/replay_command.hpp"
#include "app/terminal.hpp"
#include "data/save.hpp"
#include "kits/registry.hpp"

namespace tercio::app {

namespace {

/// What a save's replay tells of its game, for the start menu's lists.
struct Summary {
    bool damaged = false;  ///< it does not parse, or replays not even to a keyframe
    std::string missing;   ///< why its ruleset or an army cannot be loaded (not the save's fault)
    std::string
        names[2];  ///< the armies' names; a ruleset other than the default's says which first
    int turn = 0;
    /// The save no longer replays whole (an older tercio's): the turn of its last good keyframe.
    std::optional<int> repaired_at;
    std::optional<int> winner;  ///< once over: 0 A, 1 B, -1 a draw
};

/// Reads and replays a save of `dir` by its kit (a few milliseconds).
Summary summarize(const data::SaveDir& dir, const data::SaveListing& save,
                  data::DataCatalog& catalog, data::SaveHeader& h) {
    Summary s;
    const data::FileText t = dir.read(save.name);
    auto parsed = data::parse_save(save.name, t.text);
    if (!t.error.empty() || !parsed.ok()) {
        s.damaged = true;
        return s;
    }
    h = parsed.value->header;
    std::string why;
    const auto described =
        kits::with_kit(catalog.engine(h.ruleset).value_or(""), [&]<class K>(kits::KitTag<K>) {
            for (std::size_t i = 0; i < 2; ++i) {
                s.names[i] = K::Files::army_name(catalog, h.ruleset, h.sides[i].army)
                                 .value_or(h.sides[i].army);
            }
            const auto ctx = kits::game_context<K>(
                catalog, h.ruleset, {h.sides[0].army, h.sides[1].army}, h.options, why);
            if (!ctx) {
                s.missing = why;  // an army or the ruleset is gone or broken: not the save's fault
                return true;
            }
            // A save that no longer replays whole goes on from its last good keyframe
            // (data::SaveRepair).
            const auto r = K::Files::replay(save.name, *parsed.value, *ctx, {});
            if (r.ok() && r.value) {
                s.turn = K::Files::turn_reached(*parsed.value, r.value->state);
                if (parsed.value->over) s.winner = K::Engine::winner(*ctx, r.value->state);
            } else if (const auto repair = K::Files::repair(save.name, *parsed.value, *ctx)) {
                s.turn = repair->turn;
                s.repaired_at = repair->turn;
            } else {
                return false;
            }
            // A game of another ruleset than the default says which.
            if (!std::is_same_v<K, kits::DefaultKit>)
                s.names[0] = std::string(K::title) + ": " + s.names[0];
            return true;
        });
    if (!described || !*described) s.damaged = true;
    return s;
}

std::string damaged(const data::SaveListing& save) {
    return "damaged: tercio check " + printable(save.file.string()) + " says why";
}

/// "French v Spanish, turn 3" ("the set-up" before turn 1).
std::string game_title(const Summary& s) {
    return s.names[0] + " v " + s.names[1] + ", " +
           (s.turn == 0 ? std::string("the set-up") : "turn " + std::to_string(s.turn));
}

/// An unfinished save as the start menu's Continue offers it: the armies and the turn, who plays
/// and when it was last played; whether a server serves it (`hosted`: Continue joins it) or why
/// it cannot be continued here (open in another session, damaged).
ui::SavedChoice describe_save(const data::SaveDir& dir, const data::SaveListing& save,
                              data::DataCatalog& catalog, bool hosted) {
    ui::SavedChoice c;
    data::SaveHeader h;
    const Summary s = summarize(dir, save, catalog, h);
    if (s.damaged) {
        c.title = save.name;
        c.blocked = damaged(save);
        return c;
    }
    if (!s.missing.empty()) {
        c.title = s.names[0] + " v " + s.names[1];
        c.blocked = printable(s.missing);
        return c;
    }
    std::optional<std::string_view> levels[2];
    for (std::size_t i = 0; i < 2; ++i) levels[i] = data::computer_level(h.sides[i].plays);
    c.title = game_title(s);
    const std::string who = levels[0] && levels[1] ? "the computer against itself"
                            : levels[0] ? "you (B) v the computer (" + std::string(*levels[0]) + ")"
                            : levels[1] ? "you v the computer (" + std::string(*levels[1]) + ")"
                                        : "two players at one keyboard";
    c.detail = who + ", played " + last_played(save.modified) +
               (s.repaired_at
                    ? "; an older tercio's, it goes on from turn " + std::to_string(*s.repaired_at)
                    : "");
    if (hosted) {
        c.detail = std::string(levels[0] || levels[1] ? "hosted v the computer"
                                                      : "hosted for two terminals") +
                   ": Continue joins it";
        return c;
    }
    // A save another session has open is locked: say so here rather than fail once chosen.
    std::string why;
    bool locked = false;
    if (!data::SaveWriter::open(dir, save.name, why, &locked) && locked) {
        c.blocked = "open in another session: quit it there first";
    }
    return c;
}

/// Who played a finished game, from its header: "alice v the computer (normal)", "alice v bob",
/// "alice, two players at one keyboard", "the computer against itself".
std::string who_played(const data::SaveHeader& h) {
    std::string side[2];
    for (std::size_t i = 0; i < 2; ++i) {
        const auto level = data::computer_level(h.sides[i].plays);
        side[i] =
            level ? "the computer (" + std::string(*level) + ")" : printable(h.sides[i].player);
    }
    const bool computer[2] = {data::computer_level(h.sides[0].plays).has_value(),
                              data::computer_level(h.sides[1].plays).has_value()};
    if (computer[0] && computer[1]) return "the computer against itself";
    if (!computer[0] && !computer[1] && h.sides[0].player == h.sides[1].player) {
        return side[0] + ", two players at one keyboard";
    }
    return side[0] + " v " + side[1];
}

}  // namespace

std::string last_played(std::filesystem::file_time_type t) {
    const std::time_t when = std::chrono::system_clock::to_time_t(
        std::chrono::time_point_cast<std::chrono::system_clock::duration>(
            std::chrono::file_clock::to_sys(t)));
    std::tm tm{};
    if (!::localtime_r(&when, &tm)) return "?";
    char text[32];
    std::strftime(text, sizeof text, "%m-%d %H:%M", &tm);
    return text;
}

ContinueOffer continue_offer(const NetOptions& net, const data::SaveDir& dir,
                             data::DataCatalog& catalog) {
    ContinueOffer o;
    // Every unfinished game (the 20 newest), each described; one that a server serves now is
    // joined there, not played beside it.
    o.saves = data::unfinished_saves(dir, kits::replayed_over(catalog));
    if (o.saves.size() > 20) o.saves.resize(20);
    for (const data::SaveListing& l : o.saves) {
        o.served.push_back(served_game(net, l.name));
        o.choices.push_back(describe_save(dir, l, catalog, o.served.back().has_value()));
    }
    // Then the seats held in others' games (a host's own game is one of its saves, above).
    for (ui::GameListing& g : held_seats(net)) {
        if (std::find(o.served.begin(), o.served.end(), std::optional<std::string>(g.id)) !=
            o.served.end())
            continue;
        ui::SavedChoice c;
        c.title = g.army_a + " v " + g.army_b + ", " +
                  (g.turn == "0" ? std::string("the set-up") : "turn " + g.turn);
        c.detail = "hosted by " + g.host + ": Continue takes your seat back";
        o.choices.push_back(std::move(c));
        o.seats.push_back(std::move(g));
    }
    return o;
}

ui::FinishedChoice describe_finished(const data::SaveDir& dir, const data::SaveListing& save,
                                     data::DataCatalog& catalog, const std::string& whose) {
    ui::FinishedChoice c;
    const std::string owner = whose.empty() ? std::string() : printable(whose) + ": ";
    data::SaveHeader h;
    const Summary s = summarize(dir, save, catalog, h);
    if (s.damaged) {
        c.title = owner + printable(save.name);
        c.blocked = damaged(save);
        return c;
    }
    if (!s.missing.empty()) {
        c.title = owner + s.names[0] + " v " + s.names[1];
        c.blocked = printable(s.missing);
        return c;
    }
    c.title = owner + game_title(s);
    if (s.winner)
        c.title += *s.winner < 0 ? std::string(", a draw") : *s.winner == 0 ? ", A won" : ", B won";
    c.detail = who_played(h) + ", finished " + last_played(save.modified);
    if (s.repaired_at) {
        c.detail += "; an older tercio's: it replays to turn " + std::to_string(*s.repaired_at);
    }
    return c;
}

std::string replay_note(const ReplayShelf& shelf) {
    return shelf.everyone ? "the finished games of every player" : "your finished games";
}

namespace {

/// A game of Replay a game's list: its player's directory and its file's name.
std::string key_of(const data::PlayerSave& s) {
    return s.player + "/" + s.save.name;
}

/// Describes the games the menu's page shows that are not described yet.
void describe_page(ui::ReplayMenu& menu, const std::vector<data::PlayerSave>& saves,
                   const ReplayShelf& shelf, data::DataCatalog& catalog) {
    const auto [first, last] = menu.page();
    for (std::size_t i = first; i < last; ++i) {
        if (menu.described(i)) continue;
        const data::PlayerSave& s = saves[i];
        const std::string whose = shelf.everyone ? s.player : std::string();
        std::string why;
        const auto dir = data::SaveDir::open_to_read(shelf.root, s.player, why);
        if (!dir) {
            menu.describe(i, ui::FinishedChoice{(whose.empty() ? "" : printable(whose) + ": ") +
                                                    printable(s.save.name),
                                                "", printable(why)});
            continue;
        }
        menu.describe(i, describe_finished(*dir, s.save, catalog, whose));
    }
}

/// Game `i` in the replay screen, on the menu's terminal; what the start menu says once it is left.
std::string replay_chosen(ui::CursesSurface& term, const ui::ReplayMenu& menu,
                          const data::PlayerSave& s, const ReplayShelf& shelf,
                          const std::filesystem::path& data_dir) {
    std::string why;
    // Read through the player's directory, checked again: never through a link.
    const auto dir = data::SaveDir::open_to_read(shelf.root, s.player, why);
    const data::FileText t = dir ? dir->read(s.save.name) : data::FileText{};
    if (!dir || !t.error.empty()) {
        return "Cannot replay " + printable(s.save.name) + ": " + printable(dir ? t.error : why) +
               ".";
    }
    ReplayOptions ro;
    ro.file = s.save.file;
    ro.color = term.has_color();
    ro.ascii = shelf.ascii;
    if (!replay_on(term, ro, t.text, data_dir, why)) return printable(why);
    return "Back from the replay of " + menu.game(menu.chosen()).title + ".";
}

}  // namespace

std::optional<std::string> replay_a_game(ui::CursesSurface& term, ui::ReplayMenu& menu,
                                         const ReplayShelf& shelf,
                                         const std::filesystem::path& data_dir) {
    data::DataCatalog catalog(data_dir, kits::DefaultKit::engine);
    const std::vector<std::string> players =
        shelf.everyone ? data::player_names(shelf.root) : std::vector<std::string>{shelf.player};
    const std::vector<data::PlayerSave> saves =
        data::finished_saves(shelf.root, players, kMostFinished);
    std::vector<std::string> keys;
    for (const data::PlayerSave& s : saves) keys.push_back(key_of(s));
    // Back to the game chosen last time, if it is still listed.
    const std::string keep = menu.size() > 0 ? menu.name(menu.chosen()) : std::string();
    menu.set_games(std::move(keys), keep);
    for (;;) {
        menu.set_height(term.height());
        describe_page(menu, saves, shelf, catalog);
        term.clear();
        menu.draw(term);
        term.present();
        const auto key = next_key(term);
        if (!key) return std::nullopt;
        if (key->kind == ui::KeyPress::Kind::CtrlR) term.redraw_all();
        const auto outcome = menu.handle(*key);
        if (outcome == ui::ReplayMenu::Outcome::Back)
            return "Replay a game lists the finished games, the last played first.";
        if (outcome == ui::ReplayMenu::Outcome::Replay) {
            std::string said = replay_chosen(term, menu, saves[menu.chosen()], shelf, data_dir);
            if (stop_signal()) return std::nullopt;
            return said;
        }
    }
}

}  // namespace tercio::app
