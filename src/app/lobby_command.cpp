#include "app/lobby_command.hpp"

#include <chrono>
#include <iostream>
#include <sstream>
#include <system_error>
#include <vector>

#include "app/exit_codes.hpp"
#include "app/play_command.hpp"
#include "app/terminal.hpp"
#include "lobby/accounts.hpp"
#include "ui/curses_surface.hpp"
#include "ui/login_screen.hpp"

namespace fs = std::filesystem;

namespace tercio::app {

namespace {

constexpr const char* kCmd = "tercio lobby";

std::int64_t now_s() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

/// "12 players, 3 games running": the line under the login screen's title.
std::string server_line(const lobby::Accounts& accounts) {
    std::size_t players = 0;
    for (const auto& a : accounts.list()) players += a.has_password ? 1 : 0;
    std::size_t games = 0;
    std::error_code ec;
    for (fs::directory_iterator it(accounts.games(), ec), end; !ec && it != end; it.increment(ec)) {
        games += it->path().extension() == ".sock" ? 1 : 0;
    }
    return std::to_string(players) + (players == 1 ? " player" : " players") + " registered here, " +
           std::to_string(games) + (games == 1 ? " game" : " games") + " running.";
}

/// While a game runs from the lobby, what tercio play would print once its terminal is given back
/// ("tercio: game ... saved in ...") is kept, to be shown on the start menu that comes next:
/// printed, it would be wiped by that menu at once.
class Captured {
  public:
    Captured() : out_(std::cout.rdbuf(text_.rdbuf())), err_(std::cerr.rdbuf(text_.rdbuf())) {}
    ~Captured() { restore(); }
    Captured(const Captured&) = delete;
    Captured& operator=(const Captured&) = delete;
    void restore() {
        if (!out_) return;
        std::cout.rdbuf(out_);
        std::cerr.rdbuf(err_);
        out_ = nullptr;
    }
    /// The lines printed, joined, without their "tercio: " or "tercio play: " in front (one line
    /// of the screen holds the gist: the menu cuts the rest).
    std::string message() const {
        std::string out;
        std::istringstream in(text_.str());
        for (std::string line; std::getline(in, line);) {
            for (const std::string_view prefix : {"tercio play: ", "tercio host: ", "tercio join: ", "tercio: "}) {
                if (line.starts_with(prefix)) {
                    line.erase(0, prefix.size());
                    break;
                }
            }
            if (line.empty()) continue;
            if (!out.empty()) out += " ";
            out += line;
        }
        return printable(out);
    }

  private:
    std::ostringstream text_;
    std::streambuf* out_;
    std::streambuf* err_;
};

/// The administrator's commands: act on the accounts and say what was done.
int administer(const LobbyOptions& opt, lobby::Accounts& accounts) {
    std::string why;
    if (opt.lock || opt.unlock) {
        const std::string& name = opt.lock ? *opt.lock : *opt.unlock;
        if (!accounts.set_locked(name, opt.lock.has_value(), why)) {
            std::cerr << kCmd << ": " << (opt.lock ? "--lock " : "--unlock ") << printable(name) << ": " << printable(why)
                      << '\n';
            return kExitUsage;
        }
        std::cout << kCmd << ": " << printable(name) << (opt.lock ? " is locked: it cannot log in or be registered.\n"
                                                                  : " is unlocked.\n");
        return kExitOk;
    }
    const auto players = accounts.list();
    for (const auto& p : players) {
        std::cout << p.name << (p.locked ? (p.has_password ? "  locked" : "  locked (kept, never registered)") : "") << '\n';
    }
    if (players.empty()) std::cout << kCmd << ": nobody has registered in " << printable(accounts.root().string()) << '\n';
    return kExitOk;
}

/// The login screen until a player logs in (their name as registered) or quits (nothing).
std::optional<std::string> log_in(ui::CursesSurface& term, lobby::Accounts& accounts, const std::string& message) {
    ui::LoginScreen screen(server_line(accounts));
    if (!message.empty()) screen.show_message(message);
    for (;;) {
        term.clear();
        screen.draw(term);
        term.present();
        const auto key = next_key(term);
        if (!key) return std::nullopt;
        if (key->kind == ui::KeyPress::Kind::CtrlR) term.redraw_all();
        const auto outcome = screen.handle(*key);
        if (outcome == ui::LoginScreen::Outcome::Quit) return std::nullopt;
        if (outcome == ui::LoginScreen::Outcome::Open) continue;
        const bool registering = outcome == ui::LoginScreen::Outcome::Register;
        // Hashing takes a moment on purpose: say so before it starts.
        screen.show_message(registering ? "Registering..." : "Checking the password...");
        term.clear();
        screen.draw(term);
        term.present();
        const lobby::Verdict v = registering ? accounts.register_player(screen.name(), screen.password(), now_s())
                                             : accounts.log_in(screen.name(), screen.password(), now_s());
        screen.forget_password();
        using K = lobby::Verdict::Kind;
        if (v.kind == K::Ok) return v.name;
        // A name nobody has: back to the menu, where r registers it. A name that cannot be used is
        // typed again; a wrong password keeps the name.
        using R = ui::LoginScreen::Retry;
        const R retry = v.kind == K::Unknown ? R::Menu
                        : v.kind == K::Taken || v.kind == K::Locked || (v.kind == K::Refused && v.why.starts_with("A name"))
                            ? R::Name
                            : R::Password;
        screen.refused(printable(v.why), retry);
    }
}

}  // namespace

int run_lobby(const LobbyOptions& opt, const fs::path& data_dir) {
    std::string why;
    auto accounts = lobby::Accounts::open(opt.root, why);
    if (!accounts) {
        std::cerr << kCmd << ": " << printable(why) << '\n';
        return kExitIoError;
    }
    if (opt.lock || opt.unlock || opt.list) return administer(opt, *accounts);
    install_stop_signals();
    std::string message;
    for (;;) {
        auto term = ui::CursesSurface::open(opt.color, why);
        if (!term) {
            std::cerr << kCmd << ": " << why << '\n';
            return kExitUsage;
        }
        const auto player = log_in(*term, *accounts, message);
        term.reset();
        if (!player) return kExitOk;
        // The start menu as the player, again after every game, until they quit it.
        PlayOptions play;
        play.player = *player;
        play.save_dir = accounts->players();
        play.server_dir = accounts->games();
        play.color = opt.color;
        play.ascii = opt.ascii;
        play.lobby = true;
        play.replay_everyone = true;
        play.menu_message = "Welcome, " + *player + ".";
        for (;;) {
            bool left_menu = false;
            Captured captured;
            const int code = run_play(play, data_dir, &left_menu);
            captured.restore();
            // A dropped connection (SIGHUP) or a kill: the game is saved; the lobby ends too.
            if (stop_signal() != 0) return code;
            if (left_menu) break;
            play.menu_message = captured.message();
        }
        message = "Logged out " + *player + ".";
    }
}

}  // namespace tercio::app
