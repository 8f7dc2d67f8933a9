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
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/session.hpp"
#include "net/handshake.hpp"
#include "net/protocol.hpp"

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

class GameHost final : public control::Observer {
  public:
    /// `session` must be a new game of `cfg.seed` (or one resumed from its save) whose seats the
    /// host sets. The host observes it. The idle time counts from `now`.
    GameHost(control::Session& session, HostConfig cfg, Clock::time_point now);
    ~GameHost() override;
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
    std::string reserve(rules::Side side, const std::string& name);
    /// The game's id, code and the seats' names and tokens ("seats").
    Message seats_record() const;
    /// Gives the seats of a record back to their players (a game hosted again). Computer seats
    /// stay the computer's.
    void restore_seats(const Message& record);

    const HostConfig& config() const { return cfg_; }
    /// The public line of the game list: "info" with its id, host, armies, turn and seats.
    Message info() const;
    std::size_t connections() const { return conns_.size(); }
    /// How many peers' wrong codes are remembered (bounded).
    std::size_t remembered_guessers() const { return failures_.size(); }

    // control::Observer
    std::optional<std::string> played(const control::Session& session, const control::Entry& entry,
                                      const rules::GameState& before) override;
    void undone(const control::Session& session) override;
    void notice(const control::Session& session, const std::string& text) override;

  private:
    enum class Role { Unknown, Player, Watcher };
    /// A handshake begun by a hello and waiting for the client's proof.
    struct Handshake {
        Binding binding;
        SecretKey key{};
        std::optional<rules::Side> seat;  ///< a seat's token: that seat; none: the join code
        std::string wanted;               ///< the code: the side asked for ("" any)
        Clock::time_point tried_at{};     ///< the code: when the try was counted
    };
    struct Conn {
        Peer peer;
        Role role = Role::Unknown;
        rules::Side side = rules::Side::A;  ///< Player
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
        Clock::time_point away_since{};
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
    void seat_back(ConnId id, Conn& c, rules::Side side, Clock::time_point now);
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
    Message seat_message(rules::Side side) const;
    std::string who(rules::Side side) const;
    bool started() const;
    /// The played messages of the history so far (kept as the game goes).
    void rebuild_transcript();

    control::Session& session_;
    HostConfig cfg_;
    std::map<ConnId, Conn> conns_;
    std::array<SeatState, 2> seats_{};
    std::map<std::string, Failures> failures_;  ///< bounded: kMaxFailureKeys
    std::vector<Clock::time_point> game_failures_;  ///< wrong codes for this game, from anyone
    SecretKey code_key_{};
    std::vector<Clock::time_point> game_chats_;  ///< chat lines of all the spectators together
    std::map<std::string, std::vector<Clock::time_point>> name_chats_;  ///< by the speaker's name
    std::array<std::unique_ptr<ai::Player>, 2> computer_;
    Message setup_;                       ///< the set-up, for every new client
    std::vector<std::string> transcript_;  ///< one encoded "played" per command of the history
    std::vector<Out> out_;
    /// A take-back asked for by one side, waiting for the other's answer.
    struct UndoAsk {
        rules::Side by;
        std::size_t count;
        std::uint64_t version;
    };
    std::optional<UndoAsk> undo_ask_;
    std::uint64_t calls_before_ = 0;  ///< the dice draws made before the command being played
    Clock::time_point last_player_{};  ///< when a player was last connected
};

}  // namespace tercio::net
