#include "app/net_command.hpp"

#include "app/rules_command.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <iostream>

#include "ai/player.hpp"
#include "app/exit_codes.hpp"
#include "app/game_files.hpp"
#include "kits/registry.hpp"
#include "app/terminal.hpp"
#include "control/session.hpp"
#include "data/data_files.hpp"
#include "data/save.hpp"
#include "data/save_store.hpp"
#include "net/client.hpp"
#include "net/host.hpp"
#include "net/listing.hpp"
#include "net/rendezvous.hpp"
#include "net/server.hpp"
#include "ui/curses_surface.hpp"
#include "kits/front_ends.hpp"
#include "ui/plain_game_of.hpp"
#include "ui/play_screen_of.hpp"

namespace tercio::app {

namespace fs = std::filesystem;

namespace {

using SteadyClock = std::chrono::steady_clock;

/// The player's name and save directory, checked as `tercio play` checks them.
struct PlayerDir {
    std::string player;
    std::unique_ptr<data::SaveDir> dir;
};

std::optional<PlayerDir> open_player(const NetOptions& opt, const char* command, int& exit_code) {
    PlayerDir p;
    p.player = opt.player.value_or(data::default_player_name());
    std::string why;
    if (!data::valid_player_name(p.player)) {
        std::cerr << command << ": --player \"" << printable(p.player)
                  << "\" is not a player name: use 1 to 32 of A-Z, a-z, 0-9, _ and -, not starting with -\n";
        exit_code = kExitUsage;
        return std::nullopt;
    }
    const auto root = data::saves_root(opt.save_dir, why);
    if (!root) {
        std::cerr << command << ": " << why << '\n';
        exit_code = kExitUsage;
        return std::nullopt;
    }
    p.dir = data::SaveDir::open(*root, p.player, why);
    if (!p.dir) {
        std::cerr << command << ": " << printable(why) << '\n';
        exit_code = kExitIoError;
        return std::nullopt;
    }
    return p;
}

/// A seat's token is kept in the player's directory, so that the player can come back to it:
/// "TOKEN\nseat S\nserver-uid N\n" (the uid serving the game when the seat was taken, if it was
/// reached by its socket: a rejoin refuses a game then served by anyone else).
std::string token_file(const std::string& game_id) { return "seat-" + game_id + ".token"; }

struct KeptSeat {
    std::string token;
    std::optional<core::Side> side;           ///< unknown in a file kept by an older tercio
    std::optional<std::uint32_t> server_uid;  ///< unknown over TCP
};

std::optional<KeptSeat> read_token(const data::SaveDir& dir, const std::string& game_id) {
    const data::FileText t = dir.read(token_file(game_id));
    if (!t.error.empty()) return std::nullopt;
    KeptSeat k;
    std::size_t at = 0;
    for (int line = 0; at < t.text.size(); ++line) {
        const std::size_t nl = t.text.find('\n', at);
        const std::string l = t.text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
        at = nl == std::string::npos ? t.text.size() : nl + 1;
        if (line == 0) {
            k.token = l;
        } else if (l == "seat A" || l == "seat B") {
            k.side = l.back() == 'A' ? core::Side::A : core::Side::B;
        } else if (l.starts_with("server-uid ") && l.size() > 11 && l.size() < 22 &&
                   l.find_first_not_of("0123456789", 11) == std::string::npos) {
            k.server_uid = static_cast<std::uint32_t>(std::stoull(l.substr(11)));
        }
    }
    if (!net::valid_nonce(k.token)) return std::nullopt;  // a token is 32 hex digits, as a nonce
    return k;
}

template <class Game>
void keep_token(const data::SaveDir& dir, const Game& game) {
    if (game.token().empty() || !game.side()) return;
    std::string text = game.token() + "\nseat " + std::string(1, core::side_letter(*game.side())) + "\n";
    if (const auto uid = game.server_uid()) text += "server-uid " + std::to_string(*uid) + "\n";
    std::string why;
    dir.write_atomically(token_file(game.game_id()), text, why);
}

/// A join code's key, derived once for all the games tried (it is slow on purpose).
void derive_code_key(net::JoinRequest& req) {
    if (!req.code.empty() && !req.code_key) req.code_key = net::code_key(req.code);
}

/// Loads the ruleset and armies a game names from this program's data.
struct Contexts {
    data::DataCatalog catalog;
    std::shared_ptr<const void> ctx;  ///< the context loaded last (of the game's ruleset)
    explicit Contexts(const fs::path& data_dir) : catalog(data_dir, kits::DefaultKit::engine) {}
    template <class K>
    net::ContextLoaderOf<typename K::Engine> loader() {
        using Context = typename K::Engine::Context;
        return [this](const std::string& ruleset, const std::string& a, const std::string& b,
                      const std::vector<std::string>& options, std::string& why) -> const Context* {
            auto loaded = kits::game_context<K>(catalog, ruleset, {a, b}, options, why);
            if (!loaded) {
                why = "this program cannot load the game's armies (" + a + " v " + b + "): " + why;
                return nullptr;
            }
            auto kept = std::make_shared<const Context>(std::move(*loaded));
            ctx = kept;
            return kept.get();
        };
    }
};

/// A game joined, of whichever ruleset its server plays.
template <class K>
using RemoteGamePtr = std::unique_ptr<net::RemoteGameOf<typename K::Engine>>;
using Joined = kits::PerKit<RemoteGamePtr>;

/// Builds the copy of a game whose server has greeted this client: the ruleset's kit chosen by the
/// engine its ruleset file names; nothing, with the reason, for a ruleset this program lacks.
std::optional<Joined> join_greeted(net::Greeting greeting, Contexts& contexts, std::string& why) {
    const std::string ruleset = greeting.ruleset();
    const auto engine = contexts.catalog.engine(ruleset);
    if (!engine) {
        why = "the game is of ruleset \"" + ruleset + "\", which this program does not have (rulesets/" + ruleset +
              ".toml cannot be read)";
        return std::nullopt;
    }
    std::optional<Joined> out;
    const bool known = kits::with_kit(*engine, [&]<class K>(kits::KitTag<K>) {
        if (auto g = net::RemoteGameOf<typename K::Engine>::join(std::move(greeting), contexts.loader<K>(), why)) {
            out.emplace(std::in_place_type<RemoteGamePtr<K>>, std::move(g));
        }
    });
    if (!known) why = "the game's ruleset \"" + ruleset + "\" is played by " + kits::unknown_engine(*engine);
    return out;
}

/// Says hello to a game's server and joins it (join_greeted).
std::optional<Joined> join_game(std::unique_ptr<net::Connection> c, const net::JoinRequest& req, Contexts& contexts,
                                std::string& why) {
    auto greeting = net::greet(std::move(c), req, why);
    if (!greeting) return std::nullopt;
    return join_greeted(std::move(*greeting), contexts, why);
}

/// Reads standard input a line at a time without blocking (poll tells when).
class LineReader {
  public:
    /// A whole line if one is here (after reading what is waiting); nothing otherwise.
    std::optional<std::string> next() {
        const std::size_t nl = buf_.find('\n');
        if (nl != std::string::npos) {
            std::string line = buf_.substr(0, nl);
            buf_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (eof_ && !buf_.empty()) {
            std::string line;
            line.swap(buf_);
            return line;
        }
        return std::nullopt;
    }
    /// Reads what is waiting (call when poll says so).
    void fill() {
        char b[4096];
        const ssize_t n = ::read(STDIN_FILENO, b, sizeof b);
        if (n < 0 && errno == EINTR) return;
        if (n <= 0) {
            eof_ = true;
            return;
        }
        buf_.append(b, static_cast<std::size_t>(n));
        if (buf_.size() > 65536) buf_.erase(0, buf_.size() - 65536);  // a line longer than that is junk
    }
    bool eof() const { return eof_ && buf_.empty(); }

  private:
    std::string buf_;
    bool eof_ = false;
};

/// One line of the game list.
std::string list_line(const net::Message& info) {
    return std::string(info.value("game")) + "  " + std::string(info.value("host")) + ": " +
           std::string(info.value("army-a")) + " v " + std::string(info.value("army-b")) + ", turn " +
           std::string(info.value("turn")) + ", " + std::string(info.value("commands")) + " commands" +
           (info.value("over") == "yes" ? " (over)" : "") + "; A " + net::seat_words(info, core::Side::A) + ", B " +
           net::seat_words(info, core::Side::B) + "; " + std::string(info.value("watchers")) + " watching; server pid " +
           std::string(info.value("pid"));
}

/// Asks a game for its list line.
std::optional<net::Message> ask_info(std::unique_ptr<net::Connection> c) {
    net::JoinRequest r;
    r.role = net::JoinRequest::Role::List;
    r.program = TERCIO_VERSION;
    if (!c->send(net::hello_message(r))) return std::nullopt;
    const SteadyClock::time_point deadline = SteadyClock::now() + std::chrono::seconds(3);
    while (SteadyClock::now() < deadline && !c->closed()) {
        for (net::Message& m : c->receive(500)) {
            if (m.kind == "info") return m;
            if (m.kind == "error") return std::nullopt;
        }
    }
    return std::nullopt;
}

struct ListedGame {
    net::GameSocket socket;
    net::Message info;
};

std::vector<ListedGame> list_games(const fs::path& dir) {
    std::vector<ListedGame> out;
    for (const net::GameSocket& s : net::game_sockets(dir)) {
        std::string why;
        auto c = net::Connection::to_socket(s.path, why);
        if (!c) continue;
        if (auto info = ask_info(std::move(c))) out.push_back(ListedGame{s, std::move(*info)});
    }
    return out;
}

void print_list(const std::vector<ListedGame>& games, const fs::path& dir) {
    if (games.empty()) {
        std::cout << "No games running in " << dir.string() << " (tercio host starts one).\n";
        return;
    }
    std::cout << "Games running in " << dir.string() << ":\n";
    for (const ListedGame& g : games) std::cout << "  " << list_line(g.info) << '\n';
}

// ----------------------------------------------------------------------------------------------
// The front ends on a RemoteGame.

/// What the player sees first.
template <class Game>
std::string opening_note(const Game& game, bool plain) {
    if (!game.side()) {
        return "You are watching game " + game.game_id() + ": commands are the players'; " +
               (plain ? "say TEXT chats." : "\" chats.");
    }
    std::string note = "You play side " + std::string(1, core::side_letter(*game.side())) + " of game " + game.game_id() + ".";
    if (!game.started()) note += " The game begins when the other side has a player.";
    return note;
}

/// `tercio join/host/watch --plain`: plain lines. A script's lines are read only when its side
/// decides (or is asked a question), so a file of one player's commands plays in step with the
/// other's; at a terminal lines are read all the while (chat, map, odds...).
template <class K>
int plain_client(net::RemoteGameOf<typename K::Engine>& game, const NetOptions& opt, const std::string& note,
                 ui::RuleShelf rules) {
    ui::PlainGameOf<K> plain(game.session(), std::cout);
    set_kit_options(plain, opt.kit_options);
    plain.set_rules(std::move(rules));
    const bool tty = ::isatty(STDIN_FILENO) != 0;
    plain.set_echo(!tty);
    bool quit = false;
    plain.set_words([&game](const std::string& word, const std::string& rest) {
        if (word == "say" || word == "\"") {
            if (!rest.empty()) game.say(rest);
            return true;
        }
        if ((word == "yes" || word == "y" || word == "no" || word == "n") && game.undo_question()) {
            game.answer_undo(word[0] == 'y');
            return true;
        }
        return false;
    });
    plain.start(note);
    LineReader in;
    std::uint64_t shown = ~std::uint64_t{0};
    bool was_mine = false;
    // The waiting line is printed when this side is to decide, or when who decides, or on
    // what, changes: not again before each of the other side's commands.
    std::optional<std::pair<core::Side, int>> waited;
    for (;;) {
        if (stop_signal()) break;
        if (!game.pump(0)) break;
        plain.pass_reactions();
        const auto& s = game.session();
        const bool mine = game.side() && game.started() && !s.over() && s.decider() == *game.side();
        if (s.version() != shown || mine != was_mine) {
            shown = s.version();
            was_mine = mine;
            const std::pair<core::Side, int> now{s.decider(), K::Net::decision(s.state())};
            if (mine || s.over() || waited != now) plain.print_waiting();
            waited = now;
            if (s.over()) break;
            if (mine) plain.print_prompt();
        }
        const bool read_input = !in.eof() && (tty || mine || game.undo_question() || !game.side());
        // A line already read waits for its turn.
        if (read_input) {
            if (auto line = in.next()) {
                if (!tty) std::cout << line->substr(0, 200) << '\n';
                if (!plain.handle_line(*line)) {
                    quit = true;
                    break;
                }
                continue;
            }
        }
        std::cout.flush();  // what came so far, before waiting (a file or a pipe buffers it)
        pollfd p[2] = {{game.connection().fd(), POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        const int r = ::poll(p, read_input ? 2 : 1, 1000);
        if (r < 0 && errno != EINTR) break;
        if (read_input && (p[1].revents & (POLLIN | POLLHUP | POLLERR))) in.fill();
        if (in.eof() && game.side()) {
            // The script ended: the player leaves; the server keeps the seat.
            break;
        }
    }
    if (game.closed()) {
        std::cout << "tercio: " << game.why_closed() << '\n';
        return game.session().over() ? kExitOk : kExitIllegal;
    }
    if (!quit && stop_signal()) std::cerr << "tercio: stopped by a signal (" << strsignal(stop_signal()) << ")\n";
    game.leave();
    if (game.session().over()) {
        std::cout << "tercio: game " << game.game_id() << " is over; the host's save holds it"
                  << (opt.lobby ? ".\n" : " (tercio replay).\n");
    } else if (game.side()) {
        std::cout << "tercio: you left game " << game.game_id() << "; it waits for you: "
                  << (opt.lobby ? "Continue takes you back.\n" : "tercio join (no code needed) takes you back\n");
    } else {
        std::cout << "tercio: you stopped watching game " << game.game_id() << ".\n";
    }
    return kExitOk;
}

/// Under the map while the side to decide has nobody there: the seat is open (the host waits
/// for the other player) or its player has gone.
template <class K>
std::string away_hint(const net::RemoteGameOf<typename K::Engine>& game, const std::string& code) {
    const auto& s = game.session();
    if (s.over()) return {};
    const core::Side side = s.decider();
    const std::string& status = game.seat_status(side);
    const std::string who = K::Text::side_name(s.context(), side);
    if (status == "open") {
        return who + " has no player yet" + (code.empty() ? std::string(".") : ": tell them tercio join " + code);
    }
    if (status == "away") return who + ": its player has left; the game waits for them (it is saved).";
    return {};
}

/// The curses screen on a RemoteGame: keys go to the screen, the server's news to the copy, and
/// the status line counts the other player's thinking time.
template <class K>
int screen_client(net::RemoteGameOf<typename K::Engine>& game, const NetOptions& opt, const std::string& note,
                  const std::string& code, ui::RuleShelf rules) {
    std::string why;
    auto term = ui::CursesSurface::open(opt.color, why);
    if (!term) {
        std::cerr << "tercio: " << why << '\n';
        return kExitUsage;
    }
    ui::PlayScreenOf<K> screen(game.session(), ui::ScreenOptions{term->has_color(), opt.ascii || !utf8_locale()});
    set_kit_options(screen, opt.kit_options);
    screen.set_rules(std::move(rules));
    screen.show_history();
    screen.set_undo_asks(false);  // the server asks the other player
    screen.set_chat([&game](const std::string& text) { game.say(text); });
    screen.set_answer([&game](bool yes) { game.answer_undo(yes); });
    screen.show_message(note);
    // The server keeps the save; this terminal only leaves.
    screen.set_save_action([] { return std::string("The game's server saves every command as it is played."); });
    screen.set_quit_question(game.side() ? "Leave? The game waits for you, saved: tercio play --resume goes back. (y/N)"
                                         : "Stop watching? (y/N)");
    set_interrupt_asks(true);
    bool quit = false;
    std::string bye;
    for (;;) {
        if (!game.pump(0)) {
            bye = game.why_closed();
            break;
        }
        screen.pass_reactions();  // reactions with nothing new are let go (sent to the server)
        screen.set_question(game.undo_question().value_or(std::string()));
        screen.set_thinking(std::chrono::duration_cast<std::chrono::seconds>(SteadyClock::now() - game.deciding_since()));
        screen.set_away_hint(away_hint<K>(game, code));
        term->clear();
        screen.draw(*term);
        term->present();
        if (stop_signal()) break;
        pollfd p[2] = {{game.connection().fd(), POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
        const int r = ::poll(p, 2, 1000);
        if (r < 0 && errno != EINTR) break;
        if (take_interrupt()) {  // Ctrl-C: the screen asks before leaving
            if (!screen.handle(ui::KeyPress::of(ui::KeyPress::Kind::Interrupt))) {
                quit = true;
                break;
            }
            continue;
        }
        if (p[1].revents & (POLLHUP | POLLERR)) break;
        if (p[1].revents & POLLIN) {
            // Every key already typed.
            int keys = 0;
            // At most 64 keys before the screen is drawn again; no key is read and then left.
            for (; keys < 64; ++keys) {
                const ui::Key k = term->read_key(0);
                if (k.none) break;
                const ui::KeyPress key = translate(k);
                if (key.kind == ui::KeyPress::Kind::CtrlR) term->redraw_all();
                if (!screen.handle(key)) {
                    quit = true;
                    break;
                }
            }
            if (quit) break;
            if (keys == 0 && ::poll(p + 1, 1, 0) == 1 && (p[1].revents & POLLIN)) {
                // Readable, yet no key: either the terminal is gone (readable at its end, with no
                // byte waiting), and the client leaves (the seat waits, saved) rather than poll
                // it for ever; or a key's bytes are still arriving (an escape sequence split over
                // a slow connection: curses holds the first part), and the loop goes on.
                int waiting = 0;
                if (::ioctl(STDIN_FILENO, FIONREAD, &waiting) == 0 && waiting == 0) break;
            }
        }
    }
    set_interrupt_asks(false);
    term.reset();
    if (!bye.empty()) {
        std::cout << "tercio: " << bye << '\n';
        return game.session().over() ? kExitOk : kExitIllegal;
    }
    game.leave();
    if (stop_signal() == SIGHUP) std::cerr << "tercio: the connection closed; ";
    if (game.session().over()) {
        std::cout << "tercio: game " << game.game_id() << " is over; the host's save holds it"
                  << (opt.lobby ? ".\n" : " (tercio replay).\n");
    } else if (game.side()) {
        std::cout << "tercio: you left game " << game.game_id() << "; it waits for you: "
                  << (opt.lobby ? "Continue takes you back.\n" : "tercio join (no code needed) takes you back\n");
    } else {
        std::cout << "tercio: you stopped watching game " << game.game_id() << ".\n";
    }
    return kExitOk;
}

/// Plays (or watches) a joined game to its end, in the screen or in plain lines: the exit code.
/// `note` is said first; empty: the opening note. `?` and `rule ID` read the rules text of this
/// machine's data directory.
int run_client(Joined& joined, const NetOptions& opt, const fs::path& data_dir, const std::string& note,
               const std::string& code = {}) {
    return std::visit(
        [&]<class Game>(std::unique_ptr<Game>& game) {
            using K = kits::KitOf<typename Game::Engine>;
            const std::string said = note.empty() ? opening_note(*game, opt.plain) : note;
            return opt.plain ? plain_client<K>(*game, opt, said, rule_shelf(data_dir))
                             : screen_client<K>(*game, opt, said, code, rule_shelf(data_dir));
        },
        joined);
}

void keep_token(const data::SaveDir& dir, const Joined& joined) {
    std::visit([&](const auto& game) { keep_token(dir, *game); }, joined);
}

/// Refuses TERM=dumb before anything is done (the plain mode is the way for such terminals).
bool terminal_ok(const NetOptions& opt, const char* command) {
    if (opt.plain) return true;
    const char* term = std::getenv("TERM");
    if (!term || !*term || std::string_view(term) == "dumb") {
        std::cerr << command << ": this terminal cannot show the game's screen (TERM is "
                  << (term && *term ? term : "not set") << "): add --plain for plain lines\n";
        return false;
    }
    return true;
}

// ----------------------------------------------------------------------------------------------
// tercio host

}  // namespace

std::vector<std::string> read_ready_line(int fd) {
    std::string line;
    const SteadyClock::time_point deadline = SteadyClock::now() + std::chrono::seconds(30);
    while (line.find('\n') == std::string::npos && SteadyClock::now() < deadline) {
        pollfd p{fd, POLLIN, 0};
        if (::poll(&p, 1, 1000) <= 0) continue;
        char b[512];
        const ssize_t n = ::read(fd, b, sizeof b);
        if (n <= 0) break;
        line.append(b, static_cast<std::size_t>(n));
    }
    line = line.substr(0, line.find('\n'));
    std::vector<std::string> parts;
    if (line.empty()) return parts;
    for (std::size_t at = 0;;) {
        const std::size_t tab = line.find('\t', at);
        parts.push_back(line.substr(at, tab - at));
        if (tab == std::string::npos) break;
        at = tab + 1;
    }
    return parts;
}

namespace {

/// What the game server tells the host's terminal when it is ready (a line on a pipe).
struct Ready {
    std::string game_id;
    std::string code;
    std::string token;
    std::string port;  ///< the TCP port, or "-"
    core::Side side = core::Side::A;  ///< the host's seat
};

std::uint64_t fresh_seed() {
    std::uint64_t seed = 0;
    while (::getrandom(&seed, sizeof seed, 0) != static_cast<ssize_t>(sizeof seed)) {
    }
    return seed;
}

/// The player a hosted game's save names on a side whose seat nobody has taken yet.
constexpr const char* kOpenSeatPlayer = "open-seat";

/// The seats' record kept beside a save, if there is a sound one.
std::optional<net::Message> read_seats(const data::SaveDir& dir, const std::string& save_name) {
    const data::FileText t = dir.read(save_name + ".seats");
    if (!t.error.empty()) return std::nullopt;
    net::FrameReader reader(net::kMaxClientPayload);
    reader.feed(t.text);
    auto m = reader.next();
    // A code must name its game (one kept by an older tercio does not: the game gets a new id and code).
    if (!m || m->kind != "seats" || !net::valid_game_id(m->value("game")) || !net::canonical_code(m->value("code")) ||
        net::code_tag(m->value("game")) != m->value("code").substr(0, net::kCodeTagLength)) {
        return std::nullopt;
    }
    return m;
}

/// The socket of a game hosted again may remain from a server that was killed: removed if it is
/// this user's and nothing answers there; the reason if the game is still being served.
bool clear_stale_socket(const fs::path& socket, std::string& why) {
    struct stat st {};
    if (::lstat(socket.c_str(), &st) != 0) return true;
    if (!S_ISSOCK(st.st_mode) || st.st_uid != ::geteuid()) {
        why = socket.string() + " is in the way and is not this user's game socket";
        return false;
    }
    if (net::Connection::to_socket(socket, why)) {
        why = "this game is still being served (tercio join goes back to it)";
        return false;
    }
    ::unlink(socket.c_str());
    return true;
}

/// What the game server is asked to serve: given to serve_game once the game's ruleset is known.
struct ServeArgs {
    int ready_fd = -1;
    const NetOptions* opt = nullptr;
    PlayerDir* pd = nullptr;
    fs::path socket;
    std::string game_id;
    std::string join_code;
    net::SecretKey code_key{};
    std::optional<net::Message> seats;
};

/// Says why on the ready pipe and ends the server.
[[noreturn]] void serve_failed(int ready_fd, const std::string& why) {
    const std::string line = "error\t" + why + "\n";
    (void)!::write(ready_fd, line.data(), line.size());
    ::_exit(kExitIllegal);
}

/// The game server of a game of kit K's ruleset, new (`saved` empty) or resumed: binds, says
/// ready, serves until the game ends or idles out. Never returns.
template <class K>
[[noreturn]] void serve_game(const ServeArgs& args, std::optional<SavedGame>& saved,
                             const typename K::Engine::Context& ctx, data::SaveHeader header,
                             const std::array<std::optional<ai::Level>, 2>& computer, core::Side host_side) {
    const NetOptions& opt = *args.opt;
    PlayerDir& pd = *args.pd;
    const fs::path& socket = args.socket;
    const std::optional<net::Message>& seats = args.seats;
    const auto fail = [&args](const std::string& why) { serve_failed(args.ready_fd, why); };
    const int ready_fd = args.ready_fd;
    const std::string& game_id = args.game_id;
    const std::string& join_code = args.join_code;
    const net::SecretKey& code_key = args.code_key;
    // The other side's player is not known until someone takes its seat: the save names nobody
    // there until then (and is written again, with the name, when that happens: see below).
    using E = typename K::Engine;
    std::string why;
    const core::Side guest = core::other(host_side);
    const bool guest_open = !saved && !computer[core::idx(guest)];
    if (guest_open) header.sides[core::idx(guest)].player = kOpenSeatPlayer;
    control::SessionOf<E> session(ctx, header.seed);
    header.setup_hash = E::hash(session.state());
    const std::string stem = std::string(now_texts().second) + "-" + header.sides[0].army + "-v-" + header.sides[1].army;
    std::unique_ptr<data::GameSave> save;
    if (saved) {
        auto replayed = K::Files::replay(saved->writer->file().string(), saved->save, ctx,
                                         [&](const data::ReplayedCommandOf<E>& rc, const typename E::State& before,
                                             const typename E::State& after) {
                                             session.record(rc.command, rc.events, rc.random, before, after, rc.calls);
                                         });
        if (!replayed.ok()) fail("the save does not replay: tercio play --resume says why");
        save = data::GameSave::resume(std::move(saved->writer), saved->save);
    } else {
        save = data::GameSave::start(*pd.dir, stem, header, why);
    }
    if (!save) fail("cannot save the game: " + why);
    auto keeper = std::make_unique<SaveKeeperOf<K>>(*save, ctx);
    session.add_observer(keeper.get());
    net::HostConfig cfg;
    cfg.game_id = game_id;
    cfg.code = join_code;
    cfg.code_key = code_key;
    cfg.server_uid = ::geteuid();
    // The seats are kept beside the save: a game hosted again keeps its code and its players.
    std::string seats_file = save->file().filename().string() + ".seats";
    cfg.keep_seats = [&](const net::Message& record) {
        const std::string name(record.value(guest == core::Side::A ? "name-a" : "name-b"));
        if (guest_open && session.history().empty() && save->commands() == 0 && data::valid_player_name(name) &&
            header.sides[core::idx(guest)].player != name) {
            // The guest has sat down before any command: the save is begun again naming them
            // (nothing is lost: it holds the header only).
            std::string w;
            auto named = header;
            named.sides[core::idx(guest)].player = name;
            if (auto again = data::GameSave::start(*pd.dir, stem, named, w)) {
                session.remove_observer(keeper.get());
                std::error_code ec;
                fs::remove(save->file(), ec);
                fs::remove(save->file().string() + ".seats", ec);
                save = std::move(again);
                keeper = std::make_unique<SaveKeeperOf<K>>(*save, ctx);
                session.add_observer(keeper.get());
                header = named;
                seats_file = save->file().filename().string() + ".seats";
            }
        }
        std::string ignored;
        pd.dir->write_atomically(seats_file, net::encode(record), ignored);
    };
    cfg.host = pd.player;
    cfg.program = TERCIO_VERSION;
    cfg.seed = header.seed;
    cfg.computer = computer;
    cfg.idle = std::chrono::minutes(opt.idle_minutes);
    std::unique_ptr<net::GameHost> host;
    try {
        host = std::make_unique<net::GameHost>(session, cfg, SteadyClock::now());
    } catch (const std::exception& e) {
        fail(std::string("cannot host this game: ") + e.what());
    }
    if (seats) host->restore_seats(*seats);
    const std::string_view kept = seats ? seats->value(host_side == core::Side::A ? "token-a" : "token-b") : "";
    const std::string token = kept.size() == 32 ? std::string(kept) : host->reserve(host_side, pd.player);
    net::ServerOptions so;
    so.socket = socket;
    so.listen = opt.listen;
    so.computer_delay = std::chrono::milliseconds(opt.ai_delay_ms);
    auto server = net::Server::open(*host, so, why);
    if (!server) {
        if (!saved) {
            // A new game nobody can reach: leave nothing of it behind.
            std::error_code ec;
            fs::remove(save->file(), ec);
            fs::remove(save->file().string() + ".seats", ec);
        }
        fail(why);
    }
    const auto port = server->tcp_port();
    const std::string line = "ok\t" + game_id + "\t" + cfg.code + "\t" + token + "\t" +
                             (port ? std::to_string(*port) : std::string("-")) + "\t" +
                             std::string(1, core::side_letter(host_side)) + "\n";
    (void)!::write(ready_fd, line.data(), line.size());
    ::close(ready_fd);
    server->run();
    session.remove_observer(keeper.get());
    save->flush(why);
    server.reset();
    ::_exit(kExitOk);
}

/// The game server, in the detached child: sets the game up (a new one of the ruleset asked for,
/// or the player's newest unfinished one) and serves it with its ruleset's kit. Never returns to
/// the caller's code.
[[noreturn]] void serve(const ServeArgs& args, const fs::path& data_dir) {
    const NetOptions& opt = *args.opt;
    PlayerDir& pd = *args.pd;
    const auto fail = [&args](const std::string& why) { serve_failed(args.ready_fd, why); };
    data::DataCatalog catalog(data_dir, kits::DefaultKit::engine);
    std::string why;
    std::optional<SavedGame> saved;
    std::array<std::optional<ai::Level>, 2> computer{};
    core::Side host_side = opt.side == "blue" ? core::Side::B : core::Side::A;
    if (opt.resume) {
        const auto file = data::newest_unfinished(*pd.dir, kits::replayed_over(catalog));
        if (!file) fail("no unfinished game of player " + pd.player + " in " + pd.dir->path().string());
        // open_saved prints its problems: to /dev/null here, so say them on the pipe instead.
        auto r = open_saved(*pd.dir, *file, catalog, "tercio host");
        if (std::holds_alternative<int>(r)) fail("cannot go on with " + *file + ": tercio play --resume says why");
        saved = std::move(std::get<SavedGame>(r));
        const data::SaveHeader header = saved->save.header;
        for (std::size_t i = 0; i < 2; ++i) {
            const auto level = data::computer_level(header.sides[i].plays);
            computer[i] = level ? ai::parse_level(*level) : std::nullopt;
        }
        if (computer[core::idx(host_side)]) host_side = core::other(host_side);
        std::visit(
            [&]<class K>(const SavedContext<K>& sc) {
                serve_game<K>(args, saved, sc.ctx, header, computer, host_side);
            },
            saved->ctx);
    }
    const std::string engine =
        opt.ruleset ? catalog.engine(*opt.ruleset).value_or("") : std::string(kits::DefaultKit::engine);
    const auto armies = kits::default_armies(engine);
    const std::string red = opt.red.value_or(armies[0]);
    const std::string blue = opt.blue.value_or(armies[1]);
    kits::with_kit(engine, [&]<class K>(kits::KitTag<K>) {
        const auto ruleset = K::Run::new_game_ruleset(catalog, opt.ruleset.value_or(""), red, why);
        if (!ruleset) fail(why);
        const auto ctx = kits::game_context<K>(catalog, *ruleset, {red, blue}, opt.optional_rules, why);
        if (!ctx) fail(why);
        if (opt.vs) computer[core::idx(core::other(host_side))] = ai::parse_level(*opt.vs);
        const data::SaveHeader header = new_save_header(catalog, *ruleset, {red, blue}, pd.player,
                                                        opt.seed.value_or(fresh_seed()), computer, opt.optional_rules);
        serve_game<K>(args, saved, *ctx, header, computer, host_side);
    });
    serve_failed(args.ready_fd, kits::unknown_engine(engine));
}

/// Starts the server in a process of its own session (like tmux's), detached from this
/// terminal; waits for it to say it is ready.
std::optional<Ready> start_server(const ServeArgs& args, const fs::path& data_dir, std::string& why) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        why = std::string("cannot start the game server: ") + std::strerror(errno);
        return std::nullopt;
    }
    std::cout.flush();
    std::cerr.flush();
    const pid_t pid = ::fork();
    if (pid < 0) {
        why = std::string("cannot start the game server: ") + std::strerror(errno);
        return std::nullopt;
    }
    if (pid == 0) {
        ::close(fds[0]);
        ::setsid();
        // A second fork: the server is nobody's child, and can never regain a terminal.
        const pid_t again = ::fork();
        if (again != 0) ::_exit(again < 0 ? 1 : 0);
        std::signal(SIGHUP, SIG_DFL);
        std::signal(SIGINT, SIG_DFL);
        std::signal(SIGTERM, SIG_DFL);
        std::signal(SIGQUIT, SIG_DFL);
        const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
        if (null >= 0) {
            ::dup2(null, STDIN_FILENO);
            ::dup2(null, STDOUT_FILENO);
            ::dup2(null, STDERR_FILENO);
        }
        if (::chdir("/") != 0) {
        }
        ServeArgs served = args;
        served.ready_fd = fds[1];
        serve(served, data_dir);
    }
    ::close(fds[1]);
    int status = 0;
    ::waitpid(pid, &status, 0);  // the first child ends at once
    const std::vector<std::string> parts = read_ready_line(fds[0]);
    ::close(fds[0]);
    if (parts.size() == 2 && parts[0] == "error") {
        why = parts[1];
        return std::nullopt;
    }
    if (parts.size() != 6 || parts[0] != "ok" || (parts[5] != "A" && parts[5] != "B")) {
        why = "the game server did not start";
        return std::nullopt;
    }
    return Ready{parts[1], parts[2], parts[3], parts[4], parts[5] == "A" ? core::Side::A : core::Side::B};
}

}  // namespace

int run_host(const NetOptions& given, const fs::path& data_dir) {
    constexpr const char* kCmd = "tercio host";
    // The server leaves this directory for / when it detaches: the paths it is given must not
    // depend on where the host stood.
    NetOptions opt = given;
    std::error_code ec;
    if (opt.server_dir) opt.server_dir = fs::absolute(*opt.server_dir, ec);
    if (opt.save_dir) opt.save_dir = fs::absolute(*opt.save_dir, ec);
    if (!terminal_ok(opt, kCmd)) return kExitUsage;
    int code = kExitOk;
    auto pd = open_player(opt, kCmd, code);
    if (!pd) return code;
    std::string why;
    if (opt.listen && !net::parse_listen(*opt.listen, why)) {
        std::cerr << kCmd << ": " << why << '\n';
        return kExitUsage;
    }
    if (opt.vs && !ai::parse_level(*opt.vs)) {
        std::cerr << kCmd << ": --vs " << *opt.vs << ": not a level (" << ai::levels_in_words() << ")\n";
        return kExitUsage;
    }
    Contexts contexts(data_dir);
    if (!opt.resume) {
        // The game's armies and the computer's level, checked by the kit of its ruleset (without
        // --ruleset, the default kit's, the red army's file naming its ruleset).
        const std::string ruleset_id = opt.ruleset.value_or(kits::default_ruleset());
        const std::string engine = contexts.catalog.engine(ruleset_id).value_or("");
        if (engine.empty()) {
            std::cerr << kCmd << ": --ruleset " << printable(ruleset_id) << ": no ruleset \"" << printable(ruleset_id)
                      << "\" (rulesets/" << printable(ruleset_id) << ".toml cannot be read)\n";
            return kExitUsage;
        }
        const auto checked = kits::with_kit(engine, [&]<class K>(kits::KitTag<K>) {
            const auto level = opt.vs ? ai::parse_level(*opt.vs) : std::nullopt;
            if (level && !K::Computer::has_level(*level)) {
                std::cerr << kCmd << ": --vs " << *opt.vs << ": " << K::title << "'s computer plays "
                          << kits::levels_in_words<K>() << '\n';
                return kExitUsage;
            }
            if (!kits::known_options<K>(opt.optional_rules, why)) {
                std::cerr << kCmd << ": --optional-rule: " << printable(why) << '\n';
                return kExitUsage;
            }
            const std::string red = opt.red.value_or(K::Files::default_armies()[0]);
            const std::string blue = opt.blue.value_or(K::Files::default_armies()[1]);
            const auto ruleset = K::Run::new_game_ruleset(contexts.catalog, opt.ruleset.value_or(""), red, why);
            if (!ruleset || !kits::game_context<K>(contexts.catalog, *ruleset, {red, blue}, opt.optional_rules, why)) {
                std::cerr << kCmd << ": " << printable(why) << '\n';
                return kExitDataError;
            }
            return kExitOk;
        });
        if (!checked) {
            std::cerr << kCmd << ": --ruleset " << printable(ruleset_id) << ": " << kits::unknown_engine(engine) << '\n';
            return kExitUsage;
        }
        if (*checked != kExitOk) return *checked;
    }
    const auto dir = net::open_server_dir(opt.server_dir, why);
    if (!dir) {
        std::cerr << kCmd << ": " << printable(why) << '\n';
        return kExitIoError;
    }
    // A game hosted again keeps its id, code and seats (kept beside its save).
    std::optional<net::Message> seats;
    if (opt.resume) {
        if (const auto file = data::newest_unfinished(*pd->dir, kits::replayed_over(contexts.catalog))) seats = read_seats(*pd->dir, *file);
    }
    const std::string game_id = seats ? std::string(seats->value("game")) : net::make_game_id();
    const std::string join_code = seats ? std::string(seats->value("code")) : net::make_join_code(game_id);
    // Derived here, before the server forks, so that its 64 MiB never count in the server's memory.
    const net::SecretKey code_key = net::code_key(join_code);
    const auto socket = net::socket_path(*dir, game_id, why);
    if (!socket) {
        std::cerr << kCmd << ": " << printable(why) << '\n';
        return kExitUsage;
    }
    if (seats && !clear_stale_socket(*socket, why)) {
        std::cerr << kCmd << ": " << printable(why) << '\n';
        return kExitIllegal;
    }
    const auto ready = start_server(ServeArgs{-1, &opt, &*pd, *socket, game_id, join_code, code_key, seats}, data_dir, why);
    if (!ready) {
        std::cerr << kCmd << ": " << printable(why) << '\n';
        return kExitIllegal;
    }
    install_stop_signals();
    auto connection = net::Connection::to_socket(*socket, why);
    net::JoinRequest req;
    req.role = net::JoinRequest::Role::Play;
    req.token = ready->token;
    req.seat = ready->side;
    req.name = pd->player;
    req.program = TERCIO_VERSION;
    std::optional<Joined> game = connection ? join_game(std::move(connection), req, contexts, why) : std::nullopt;
    if (!game) {
        std::cerr << kCmd << ": the game server started but refused its host: " << printable(why) << '\n';
        return kExitIllegal;
    }
    keep_token(*pd->dir, *game);
    std::string note = "Game " + ready->game_id + " hosted. Join code: " + ready->code +
                       (opt.lobby ? " (a friend picks Join a game and types it)" : " (tercio join " + ready->code + ")");
    if (ready->port != "-") {
        note += "; over the network: tercio join ADDRESS:" + ready->port + " " + ready->code;
    }
    note += opt.lobby ? ". Others watch it from Join a game." : ". Others watch with: tercio watch " + ready->game_id + ".";
    std::cout << note << std::endl;
    return run_client(*game, opt, data_dir, note, ready->code);
}

namespace {

/// Joins (or watches) a game over TCP: "HOST:PORT".
std::optional<Joined> join_address(const std::string& address, net::JoinRequest req, PlayerDir& pd,
                                   Contexts& contexts, std::string& why) {
    if (req.role == net::JoinRequest::Role::Play && req.code.empty()) {
        // Its id first, for a token kept from an earlier join.
        auto probe = net::Connection::to_address(address, why);
        if (!probe) return std::nullopt;
        const auto info = ask_info(std::move(probe));
        if (!info) {
            why = address + " is not a tercio game server (or not this version)";
            return std::nullopt;
        }
        const std::string id(info->value("game"));
        const auto kept = read_token(*pd.dir, id);
        if (!kept) {
            why = "you hold no seat in game " + id + " at " + address + ": give its join code";
            return std::nullopt;
        }
        req.token = kept->token;
        for (const core::Side side : {core::Side::A, core::Side::B}) {
            if (kept->side && *kept->side != side) continue;
            req.seat = side;
            auto c = net::Connection::to_address(address, why);
            if (!c) return std::nullopt;
            if (auto game = join_game(std::move(c), req, contexts, why)) return game;
        }
        return std::nullopt;
    }
    derive_code_key(req);
    auto c = net::Connection::to_address(address, why);
    if (!c) return std::nullopt;
    return join_game(std::move(c), req, contexts, why);
}

/// The most games one code is tried on: the games whose id carries its tag (one in 529), so
/// more than a few means someone planted sockets to make a joiner wait.
constexpr int kMaxTriedForCode = 8;

/// Joins (or watches) a game of this machine. With a code: only the games its tag names, and
/// none learns anything of the code unless it proves it knows it. Without: the games where this
/// player holds a seat's token, served by the user who served them when the seat was taken.
std::optional<Joined> join_here(const fs::path& dir, net::JoinRequest req, PlayerDir& pd, Contexts& contexts,
                                const std::string& wanted_id, std::string& why) {
    const std::vector<ListedGame> games = list_games(dir);
    const bool play = req.role == net::JoinRequest::Role::Play;
    const std::string tag = req.code.substr(0, std::min(req.code.size(), net::kCodeTagLength));
    std::string last;
    int tried = 0;
    const auto attempt = [&](const ListedGame& g, const net::JoinRequest& r) -> std::optional<Joined> {
        auto c = net::Connection::to_socket(g.socket.path, why);
        if (!c) {
            last = why;
            return std::nullopt;
        }
        auto game = join_game(std::move(c), r, contexts, why);
        if (!game) last = why;
        return game;
    };
    if (play && !req.code.empty()) derive_code_key(req);
    for (const ListedGame& g : games) {
        const std::string id(g.info.value("game"));
        if (!wanted_id.empty() && id != wanted_id) continue;
        if (!req.code.empty() && net::code_tag(id) != tag) continue;
        if (!play) {
            // A spectator gives no secret: the first game that takes it.
            if (auto game = attempt(g, req)) return game;
            continue;
        }
        if (g.info.value("over") == "yes") continue;
        if (!req.code.empty()) {
            if (++tried > kMaxTriedForCode) break;
            if (auto game = attempt(g, req)) return game;
            if (last.starts_with("too many wrong codes") || last.starts_with("wrong join code")) break;
            continue;
        }
        const auto kept = read_token(*pd.dir, id);
        if (!kept) continue;
        if (kept->server_uid && *kept->server_uid != g.socket.owner) {
            last = "game " + id + " is now served by " + g.socket.owner_name +
                   ", not by the user who served it when you took your seat: refused, and nothing was sent to it";
            continue;
        }
        net::JoinRequest r = req;
        r.token = kept->token;
        for (const core::Side side : {core::Side::A, core::Side::B}) {
            if (kept->side && *kept->side != side) continue;
            r.seat = side;
            if (auto game = attempt(g, r)) return game;
        }
    }
    if (!wanted_id.empty() && games.end() == std::find_if(games.begin(), games.end(), [&](const ListedGame& g) {
                                 return g.info.value("game") == wanted_id;
                             })) {
        why = "no game " + wanted_id + " is running in " + dir.string() + " (tercio watch lists them)";
    } else if (play && req.code.empty()) {
        why = !last.empty() ? last
                            : "you hold no seat in a game running in " + dir.string() +
                                  ": give the join code (tercio join CODE)";
    } else if (last.empty()) {
        why = "no game running in " + dir.string() + " is the one the code " + req.code +
              " names (tercio watch lists the games)";
    } else {
        why = last;
    }
    return std::nullopt;
}

}  // namespace

int run_join(const NetOptions& opt, const fs::path& data_dir) {
    constexpr const char* kCmd = "tercio join";
    if (!terminal_ok(opt, kCmd)) return kExitUsage;
    int code = kExitOk;
    auto pd = open_player(opt, kCmd, code);
    if (!pd) return code;
    std::string why;
    std::string address;
    std::string code_text;
    for (const std::string& t : opt.targets) {
        if (t.find(':') != std::string::npos) {
            address = t;
        } else {
            code_text = t;
        }
    }
    net::JoinRequest req;
    req.role = net::JoinRequest::Role::Play;
    req.name = pd->player;
    req.program = TERCIO_VERSION;
    req.side = "any";
    if (!code_text.empty()) {
        const auto c = net::canonical_code(code_text);
        if (!c) {
            std::cerr << kCmd << ": \"" << printable(code_text) << "\" is not a join code (9 letters, such as KXMPRTABC)\n";
            return kExitUsage;
        }
        req.code = *c;
    }
    Contexts contexts(data_dir);
    install_stop_signals();
    std::optional<Joined> game;
    if (!address.empty()) {
        game = join_address(address, req, *pd, contexts, why);
    } else {
        const auto dir = net::open_server_dir(opt.server_dir, why);
        if (!dir) {
            std::cerr << kCmd << ": " << printable(why) << '\n';
            return kExitIoError;
        }
        if (req.code.empty() && list_games(*dir).empty()) {
            print_list({}, *dir);
            return kExitNoInput;
        }
        game = join_here(*dir, req, *pd, contexts, {}, why);
        if (!game && req.code.empty()) {
            print_list(list_games(*dir), *dir);
            std::cerr << kCmd << ": " << printable(why) << '\n';
            return kExitNoInput;
        }
    }
    if (!game) {
        std::cerr << kCmd << ": " << printable(why) << '\n';
        return kExitIllegal;
    }
    keep_token(*pd->dir, *game);
    return run_client(*game, opt, data_dir, {});
}

namespace {

/// A game of the list as the start menu shows it (`yours`: this player holds a seat of it).
ui::GameListing menu_listing(const net::Message& i, bool yours) {
    ui::GameListing l;
    l.id = printable(i.value("game"));
    l.host = printable(i.value("host"));
    l.army_a = printable(i.value("army-a"));
    l.army_b = printable(i.value("army-b"));
    l.turn = printable(i.value("turn"));
    l.seat_a = printable(net::seat_words(i, core::Side::A));
    l.seat_b = printable(net::seat_words(i, core::Side::B));
    l.watchers = std::atoi(std::string(i.value("watchers")).c_str());
    l.over = i.value("over") == "yes";
    l.open_seat = i.value("seat-a").starts_with("open") || i.value("seat-b").starts_with("open");
    l.yours = yours;
    return l;
}

}  // namespace

std::vector<ui::GameListing> games_for_menu(const NetOptions& opt, std::string& where, std::string& why) {
    const auto dir = net::open_server_dir(opt.server_dir, why);
    if (!dir) return {};
    // A lobby's players have no shell, and its games folder means nothing to them.
    where = opt.lobby ? std::string("the lobby") : printable(dir->string());
    int code = kExitOk;
    const auto pd = open_player(opt, "tercio", code);
    std::vector<ui::GameListing> out;
    for (const ListedGame& g : list_games(*dir)) {
        out.push_back(menu_listing(g.info, pd && read_token(*pd->dir, std::string(g.info.value("game")))));
    }
    return out;
}

std::vector<ui::GameListing> held_seats(const NetOptions& opt) {
    std::string why;
    const auto dir = net::open_server_dir(opt.server_dir, why);
    if (!dir) return {};
    int code = kExitOk;
    const auto pd = open_player(opt, "tercio", code);
    if (!pd) return {};
    std::vector<ui::GameListing> out;
    // Only the games whose seat token the player keeps are asked for their line.
    for (const net::GameSocket& s : net::game_sockets(*dir)) {
        const auto kept = read_token(*pd->dir, s.game_id);
        if (!kept || (kept->server_uid && *kept->server_uid != s.owner)) continue;
        auto c = net::Connection::to_socket(s.path, why);
        if (!c) continue;
        const auto info = ask_info(std::move(c));
        if (!info || info->value("over") == "yes" || info->value("game") != s.game_id) continue;
        out.push_back(menu_listing(*info, true));
    }
    return out;
}

std::optional<int> join_from_menu(const NetOptions& opt, const fs::path& data_dir, const std::string& id,
                                  const std::string& code, bool watch, const std::function<void()>& leave_menu,
                                  std::string& why) {
    const auto dir = net::open_server_dir(opt.server_dir, why);
    if (!dir) return std::nullopt;
    int exit_code = kExitOk;
    auto pd = open_player(opt, "tercio", exit_code);
    if (!pd) {
        why = "your save directory cannot be opened";
        return std::nullopt;
    }
    net::JoinRequest req;
    req.role = watch ? net::JoinRequest::Role::Watch : net::JoinRequest::Role::Play;
    req.name = pd->player;
    req.program = TERCIO_VERSION;
    if (!watch) {
        req.side = "any";
        if (!code.empty()) {
            const auto c = net::canonical_code(code);
            if (!c) {
                why = "\"" + code + "\" is not a join code: 9 letters, without I, L or O";
                return std::nullopt;
            }
            req.code = *c;
        }
    }
    Contexts contexts(data_dir);
    auto game = join_here(*dir, req, *pd, contexts, id, why);
    if (!game) return std::nullopt;
    if (!watch) keep_token(*pd->dir, *game);
    leave_menu();
    return run_client(*game, opt, data_dir, {});
}

std::optional<std::string> served_game(const NetOptions& opt, const std::string& save_name) {
    int code = kExitOk;
    auto pd = open_player(opt, "tercio play", code);
    if (!pd) return std::nullopt;
    const auto seats = read_seats(*pd->dir, save_name);
    if (!seats) return std::nullopt;
    std::string why;
    const auto dir = net::open_server_dir(opt.server_dir, why);
    if (!dir) return std::nullopt;
    const std::string id(seats->value("game"));
    const auto socket = net::socket_path(*dir, id, why);
    if (!socket || !net::Connection::to_socket(*socket, why)) return std::nullopt;
    return id;
}

std::optional<int> join_if_served(const NetOptions& opt, const fs::path& data_dir, const std::string& save_name) {
    const auto id = served_game(opt, save_name);
    if (!id) return std::nullopt;
    std::cerr << "tercio play: game " << *id << " is being served: joining it.\n";
    NetOptions join = opt;
    join.targets.clear();
    return run_join(join, data_dir);
}

int run_watch(const NetOptions& opt, const fs::path& data_dir) {
    constexpr const char* kCmd = "tercio watch";
    std::string why;
    std::string address;
    std::string target;
    for (const std::string& t : opt.targets) {
        if (t.find(':') != std::string::npos) {
            address = t;
        } else {
            target = t;
        }
    }
    std::optional<fs::path> dir;
    if (address.empty()) {
        dir = net::open_server_dir(opt.server_dir, why);
        if (!dir) {
            std::cerr << kCmd << ": " << printable(why) << '\n';
            return kExitIoError;
        }
        if (target.empty()) {
            const auto games = list_games(*dir);
            print_list(games, *dir);
            if (!games.empty()) std::cout << "tercio watch ID follows one; tercio join CODE takes an open seat.\n";
            return kExitOk;
        }
    }
    if (!terminal_ok(opt, kCmd)) return kExitUsage;
    int code = kExitOk;
    auto pd = open_player(opt, kCmd, code);
    if (!pd) return code;
    net::JoinRequest req;
    req.role = net::JoinRequest::Role::Watch;
    req.name = pd->player;
    req.program = TERCIO_VERSION;
    std::string wanted_id;
    if (!target.empty()) {
        if (net::valid_game_id(target)) {
            wanted_id = target;
        } else if (const auto c = net::canonical_code(target)) {
            req.code = *c;
        } else {
            std::cerr << kCmd << ": \"" << printable(target) << "\" is neither a game id (8 hex digits) nor a join code\n";
            return kExitUsage;
        }
    }
    Contexts contexts(data_dir);
    install_stop_signals();
    std::optional<Joined> game = address.empty() ? join_here(*dir, req, *pd, contexts, wanted_id, why)
                                                 : join_address(address, req, *pd, contexts, why);
    if (!game) {
        std::cerr << kCmd << ": " << printable(why) << '\n';
        return kExitIllegal;
    }
    return run_client(*game, opt, data_dir, {});
}

}  // namespace tercio::app
