#pragma once
/// The game server's logic, apart from its sockets: who sits where, what each client is sent,
/// what a client may ask. The transport (net/server.hpp) gives it connections and messages and
/// sends what it returns; the tests drive it directly. Pure apart from the computer's thinking:
/// no sockets, no files; time is given by the caller.
#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ai/player.hpp"
#include "control/computer_turns.hpp"
#include "control/session.hpp"
#include "core/side.hpp"
#include "net/handshake.hpp"
#include "net/protocol.hpp"
#include "net/replica.hpp"

namespace tercio::net {

using ConnId = std::uint64_t;
using Clock = std::chrono::steady_clock;

/// Who is at the other end of a connection, as the transport knows it.
struct Peer {
    bool local = true;       ///< a Unix-domain socket on this machine
    std::uint32_t uid = 0;   ///< local: the connecting process's user (SO_PEERCRED)
    std::string address;     ///< TCP: the remote address
    /// The key wrong codes are counted under: one per local user, one per remote IPv4 address,
    /// one per IPv6 /64 (what one remote machine is given).
    std::string key() const;
    /// Who this peer is in the handshake's binding (net/handshake.hpp).
    std::string identity() const { return local ? local_identity(uid) : std::string(kRemoteIdentity); }
};

struct HostConfig {
    std::string game_id;   ///< public: names the game in the list and its socket
    std::string code;      ///< secret: needed to take a seat (make_join_code())
    /// The code's key (code_key(code)); derived by the host when absent. A server derives it before
    /// it forks: the derivation's 64 MiB then never count in the server's memory.
    std::optional<SecretKey> code_key;
    /// The uid the server runs as: its identity in the handshake on a Unix socket.
    std::uint32_t server_uid = 0;
    /// The most spectators at once; the next one is refused, saying so.
    std::size_t max_watchers = 64;
    std::string host;      ///< the hosting player's name
    std::string program;   ///< this program's version (TERCIO_VERSION)
    std::uint64_t seed = 0;  ///< the game's seed: the set-up and every command are replayed from it
    /// The computer's level for each side it plays.
    std::array<std::optional<ai::Level>, 2> computer{};
    /// How long a game with no player connected lives on.
    std::chrono::seconds idle{30 * 60};
    /// How long a new connection has to say hello.
    std::chrono::seconds hello_time{10};
    /// Told the seats' record (seats_record()) whenever a seat is given: the server keeps it
    /// beside the save, so that a game hosted again keeps its id, code and players' tokens.
    std::function<void(const Message& record)> keep_seats;
};

/// A new join code for the game `game_id`: its 2 tag letters (code_tag), then 7 secret letters of
/// a 23-letter alphabet (no I, L, O), 31.7 bits, from getrandom.
std::string make_join_code(std::string_view game_id);
/// A seat token: 32 hex digits (128 bits) from getrandom.
std::string make_token();
/// A game id: 8 hex digits from getrandom.
std::string make_game_id();
/// A code as typed made canonical (upper case, spaces and dashes dropped); nothing if it cannot
/// be a code.
std::optional<std::string> canonical_code(std::string_view typed);

/// The game a GameHost serves, whatever its ruleset: a session seen through what the server needs
/// of it (HostedGameOf<E> below is the one for a SessionOf<E>). The host itself (seats, codes,
/// tokens, chat, take-backs) is written once, without templates.
class HostedGame {
  public:
    /// Told what the session did, as the messages every client is sent.
    class Listener {
      public:
        /// A command was played: its "played" message.
        virtual void played(const Message& m) = 0;
        /// The newest command was taken back: the "undone" message.
        virtual void undone(const Message& m) = 0;
        virtual void notice(const std::string& text) = 0;

      protected:
        ~Listener() = default;
    };
    virtual ~HostedGame() = default;
    /// Starts (or, with nullptr, stops) telling `listener`.
    virtual void listen(Listener* listener) = 0;
    /// The game replayed from `seed`: its "setup" message and the encoded "played" message of each
    /// command of the history so far (throws std::logic_error if the history does not replay).
    virtual Message transcript(std::uint64_t seed, std::vector<std::string>& played) = 0;
    /// The computer of `level` takes `side`, its choices drawn from `seed`; false when the ruleset's
    /// computer does not play that level.
    virtual bool seat_computer(core::Side side, ai::Level level, std::uint64_t seed) = 0;
    virtual bool has_computer(core::Side side) const = 0;
    /// The computer plays the deciding side's command; why it failed (it plays no more then).
    virtual std::optional<std::string> play_computer() = 0;

    virtual core::Side decider() const = 0;
    virtual bool over() const = 0;
    virtual std::uint64_t version() const = 0;
    virtual int turn() const = 0;
    /// The history's length, how many of its newest commands can be taken back, and one command's
    /// side and text.
    virtual std::size_t commands() const = 0;
    virtual std::size_t undoable() const = 0;
    virtual core::Side by(std::size_t i) const = 0;
    virtual std::string command_text(std::size_t i) const = 0;
    /// The deciding side's command, as text: why it was refused, or nothing when played.
    virtual std::optional<std::string> play(std::string_view text) = 0;
    /// Takes back the newest command; why not.
    virtual std::optional<std::string> undo() = 0;
    /// Its ruleset's and armies' ids (the welcome names the game by them) and the armies' names.
    virtual std::string ruleset_id() const = 0;
    virtual std::string army_id(core::Side side) const = 0;
    /// The optional rules the game is played with, by name (none: the welcome names none).
    virtual std::vector<std::string> rule_options() const = 0;
    virtual std::string army_name(core::Side side) const = 0;
};

/// A SessionOf<E> served by a GameHost.
template <core::RulesEngine E>
class HostedGameOf final : public HostedGame, private control::ObserverOf<E> {
  public:
    using Session = control::SessionOf<E>;
    using Net = typename kits::KitOf<E>::Net;
    explicit HostedGameOf(Session& session) : session_(session), turns_(session, std::chrono::milliseconds(0)) {
        // A computer that fails plays no more; the host tells everyone (its seat stays the computer's).
        turns_.set_on_failure([this](core::Side, const std::string& why) { failure_ = why; });
    }
    ~HostedGameOf() override { listen(nullptr); }
    HostedGameOf(const HostedGameOf&) = delete;
    HostedGameOf& operator=(const HostedGameOf&) = delete;

    void listen(Listener* listener) override {
        if (listener_) session_.remove_observer(this);
        listener_ = listener;
        if (listener_) session_.add_observer(this);
    }
    Message transcript(std::uint64_t seed, std::vector<std::string>& played) override {
        seed_ = seed;
        core::SeededDice dice(seed);
        RecordingDice recording(dice);
        typename E::State s;
        E::new_game(session_.context(), s, recording);
        Message setup = setup_message<E>(recording.results(), s);
        std::uint64_t calls = dice.calls();
        played.clear();
        for (const auto& e : session_.history()) {
            typename E::State after;
            played.push_back(encode(replay_message<E>(session_.context(), s, e, seed, calls, &after)));
            s = std::move(after);
            calls = e.calls;
        }
        if (E::hash(s) != E::hash(session_.state())) {
            throw std::logic_error("the game's history does not replay from its seed");
        }
        calls_before_ = calls;
        return setup;
    }
    bool seat_computer(core::Side side, ai::Level level, std::uint64_t seed) override {
        auto player = kits::KitOf<E>::Computer::make_player(level, seed);
        if (!player) return false;
        turns_.seat(side, std::move(player), std::string(ai::level_name(level)));
        return true;
    }
    bool has_computer(core::Side side) const override { return turns_.plays(side); }
    /// The one driver of the computer's turns (control::ComputerTurnsOf), deciding on this thread:
    /// the transport waits its delay between commands.
    std::optional<std::string> play_computer() override {
        failure_.reset();
        turns_.play_now();
        return failure_;
    }

    core::Side decider() const override { return E::deciding_side(session_.state()); }
    bool over() const override { return session_.over(); }
    std::uint64_t version() const override { return session_.version(); }
    int turn() const override { return E::turn(session_.state()); }
    std::size_t commands() const override { return session_.history().size(); }
    std::size_t undoable() const override { return session_.undoable(); }
    core::Side by(std::size_t i) const override { return session_.history()[i].by; }
    std::string command_text(std::size_t i) const override {
        // Read in the state it was played in (its text may name units by what stood where then),
        // which is kept for the commands that can be taken back.
        const std::size_t back = commands() - 1 - i;
        const auto& state = back < undoable() ? session_.state_before(back) : session_.state();
        return E::print(session_.context(), state, session_.history()[i].command);
    }
    std::optional<std::string> play(std::string_view text) override {
        auto parsed = E::parse(session_.context(), session_.state(), decider(), text);
        if (auto* error = std::get_if<std::string>(&parsed)) return *error;
        return session_.play(std::get<typename E::Command>(parsed)).refused;
    }
    std::optional<std::string> undo() override { return session_.undo(); }
    std::string ruleset_id() const override { return Net::ruleset_id(session_.context()); }
    std::string army_id(core::Side side) const override { return Net::army_id(session_.context(), side); }
    std::vector<std::string> rule_options() const override { return Net::rule_options(session_.context()); }
    std::string army_name(core::Side side) const override { return Net::army_name(session_.context(), side); }

  private:
    // control::ObserverOf<E>
    std::optional<std::string> played(const Session& session, const control::EntryOf<E>& entry,
                                      const typename E::State& before) override {
        const Message m = replay_message<E>(session.context(), before, entry, seed_, calls_before_);
        calls_before_ = entry.calls;
        if (listener_) listener_->played(m);
        return std::nullopt;
    }
    void undone(const Session& session) override {
        if (listener_) listener_->undone(Message("undone").add("hash", public_hash_text<E>(session.state())));
    }
    void notice(const Session&, const std::string& text) override {
        if (listener_) listener_->notice(text);
    }

    Session& session_;
    Listener* listener_ = nullptr;
    control::ComputerTurnsOf<E> turns_;
    std::optional<std::string> failure_;  ///< why the computer failed in the last play_computer()
    std::uint64_t seed_ = 0;
    std::uint64_t calls_before_ = 0;  ///< the dice draws made before the command being played
};

class GameHost final : private HostedGame::Listener {
  public:
    /// `session` must be a new game of `cfg.seed` (or one resumed from its save) whose seats the
    /// host sets. The host observes it. The idle time counts from `now`.
    template <core::RulesEngine E>
    GameHost(control::SessionOf<E>& session, HostConfig cfg, Clock::time_point now)
        : GameHost(std::make_unique<HostedGameOf<E>>(session), std::move(cfg), now) {}
    GameHost(std::unique_ptr<HostedGame> game, HostConfig cfg, Clock::time_point now);
    ~GameHost();
    GameHost(const GameHost&) = delete;
    GameHost& operator=(const GameHost&) = delete;

    /// One frame to send, and whether to close the connection once it is sent.
    struct Out {
        ConnId to = 0;
        std::string bytes;
        bool close = false;
    };

    void connected(ConnId id, const Peer& peer, Clock::time_point now);
    void received(ConnId id, const Message& m, Clock::time_point now);
    /// A malformed frame: the connection is told why and closed.
    void malformed(ConnId id, const std::string& why);
    void disconnected(ConnId id, Clock::time_point now);
    /// Closes connections that did not finish their hello (and its handshake) in time.
    void tick(Clock::time_point now);
    /// What to send now (and forget).
    std::vector<Out> take_output();

    /// Whether the game waits for a side the computer plays (the transport lets it play after a
    /// short delay, so that each command can be seen).
    bool computer_to_move() const;
    /// The computer plays its side's command.
    void play_computer();
    /// Whether the server should end: the game is over and everyone has gone, or no player has
    /// been connected for the idle time.
    bool finished(Clock::time_point now) const;
    /// Seats the player `name` on `side` without a connection yet (the host's own seat, taken
    /// before its client connects); returns the seat's token.
    std::string reserve(core::Side side, const std::string& name);
    /// The game's id, code and the seats' names and tokens ("seats").
    Message seats_record() const;
    /// Gives the seats of a record back to their players (a game hosted again). Computer seats
    /// stay the computer's.
    void restore_seats(const Message& record);

    const HostConfig& config() const { return cfg_; }
    /// The public line of the game list at `now`: "info" with its id, host, armies, turn and seats,
    /// and for each seat of a person whose time is known (`idle-a`, `idle-b`) the whole seconds
    /// since its player last sent anything or came in (present), or since they left (away).
    Message info(Clock::time_point now) const;
    std::size_t connections() const { return conns_.size(); }
    /// How many peers' wrong codes are remembered (bounded).
    std::size_t remembered_guessers() const { return failures_.size(); }

  private:
    // HostedGame::Listener
    void played(const Message& m) override;
    void undone(const Message& m) override;
    void notice(const std::string& text) override;

    enum class Role { Unknown, Player, Watcher };
    /// A handshake begun by a hello and waiting for the client's proof.
    struct Handshake {
        Binding binding;
        SecretKey key{};
        std::optional<core::Side> seat;  ///< a seat's token: that seat; none: the join code
        std::string wanted;               ///< the code: the side asked for ("" any)
        Clock::time_point tried_at{};     ///< the code: when the try was counted
    };
    struct Conn {
        Peer peer;
        Role role = Role::Unknown;
        core::Side side = core::Side::A;  ///< Player
        Clock::time_point since;
        std::vector<Clock::time_point> chats;  ///< recent chat lines, for the rate limit
        bool closing = false;  ///< told why it is closed: deaf from then on
        std::string name;      ///< as its hello gave it (cleaned)
        std::optional<Handshake> handshake;
    };
    struct SeatState {
        bool taken = false;  ///< a player sat here once (the seat is theirs)
        std::string name;
        std::string token;
        std::optional<ConnId> conn;
        bool joined = false;  ///< its player has connected at least once
        /// When its player last sent a frame or came in (present), or left (away); none while not
        /// known here (a seat given back from a record, or reserved before its player comes).
        std::optional<Clock::time_point> since;
    };
    struct Failures {
        int count = 0;
        Clock::time_point until{};  ///< no code is checked for this key before then
    };

    void send(ConnId to, const Message& m, bool close = false);
    void broadcast(const Message& m);
    void refuse(ConnId to, const std::string& why) { send(to, Message("refused").add("reason", why)); }
    /// Tells the connection why it is closed; nothing it sends after that is acted on.
    void error(ConnId to, const std::string& why);
    void hello(ConnId id, Conn& c, const Message& m, Clock::time_point now);
    /// The client's proof: seats it, or counts a wrong code.
    void prove(ConnId id, Conn& c, const Message& m, Clock::time_point now);
    /// Seats a client that proved it holds a seat's token.
    void seat_back(ConnId id, Conn& c, core::Side side, Clock::time_point now);
    /// Seats a client that proved it holds the code.
    void seat_new(ConnId id, Conn& c, const std::string& wanted, Clock::time_point now);
    /// The refusal if code guesses from this peer, or for this game from anyone, must wait.
    std::optional<std::string> code_locked(const Conn& c, Clock::time_point now) const;
    /// Counts a try of the code against the peer and the game (taken back when it proves right).
    void count_code_try(const Conn& c, Clock::time_point now);
    /// Tells the player asked to take a command back that the question is void.
    void withdraw_undo(const std::string& why);
    /// Whether a chat line from this connection may go out now (and counts it).
    std::optional<std::string> chat_allowed(Conn& c, const std::string& from_key, Clock::time_point now);
    /// Sends a new client the game so far: welcome, setup, every played command, ready.
    void catch_up(ConnId id, const Conn& c);
    void play(ConnId id, Conn& c, const Message& m);
    void undo(ConnId id, Conn& c);
    void answer(ConnId id, Conn& c, const Message& m);
    void say(ConnId id, Conn& c, const Message& m, Clock::time_point now);
    void take_back(std::size_t count);
    Message seat_message(core::Side side) const;
    std::string who(core::Side side) const;
    bool started() const;
    /// The played messages of the history so far (kept as the game goes).
    void rebuild_transcript();

    std::unique_ptr<HostedGame> game_;
    HostConfig cfg_;
    std::map<ConnId, Conn> conns_;
    std::array<SeatState, 2> seats_{};
    std::map<std::string, Failures> failures_;  ///< bounded: kMaxFailureKeys
    std::vector<Clock::time_point> game_failures_;  ///< wrong codes for this game, from anyone
    SecretKey code_key_{};
    std::vector<Clock::time_point> game_chats_;  ///< chat lines of all the spectators together
    std::map<std::string, std::vector<Clock::time_point>> name_chats_;  ///< by the speaker's name
    Message setup_;                       ///< the set-up, for every new client
    std::vector<std::string> transcript_;  ///< one encoded "played" per command of the history
    std::vector<Out> out_;
    /// A take-back asked for by one side, waiting for the other's answer.
    struct UndoAsk {
        core::Side by;
        std::size_t count;
        std::uint64_t version;
    };
    std::optional<UndoAsk> undo_ask_;
    Clock::time_point last_player_{};  ///< when a player was last connected
};

}  // namespace tercio::net
