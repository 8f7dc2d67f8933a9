#include "net/host.hpp"

#include <arpa/inet.h>
#include <sys/random.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "net/replica.hpp"

namespace tercio::net {

namespace {

/// Wrong codes: this many from one key, then it waits kLockout before its next try.
constexpr int kFreeTries = 3;
constexpr auto kLockout = std::chrono::seconds(10);
/// Wrong codes for the game from everyone together: at most kGameTries in kGameWindow (a guesser
/// with many addresses gets no more than one with one).
constexpr std::size_t kGameTries = 10;
constexpr auto kGameWindow = std::chrono::seconds(60);
/// The most peers whose wrong codes are remembered; past it the oldest are forgotten (the game's
/// own limit still holds).
constexpr std::size_t kMaxFailureKeys = 1024;
/// Chat: at most kChatBurst lines in kChatWindow from one connection, and as many from one name
/// (over all its connections); at most kGameChatBurst from all the spectators together.
constexpr std::size_t kChatBurst = 5;
constexpr std::size_t kGameChatBurst = 20;
constexpr auto kChatWindow = std::chrono::seconds(10);
/// The most names whose chat lines are counted at once.
constexpr std::size_t kMaxChatNames = 256;

void random_bytes(unsigned char* out, std::size_t n) {
    std::size_t got = 0;
    while (got < n) {
        const ssize_t r = ::getrandom(out + got, n - got, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("getrandom failed");
        }
        got += static_cast<std::size_t>(r);
    }
}

std::string random_hex(std::size_t bytes) {
    std::vector<unsigned char> b(bytes);
    random_bytes(b.data(), b.size());
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned char c : b) {
        out += digits[c >> 4];
        out += digits[c & 0xF];
    }
    return out;
}

std::string side_text(core::Side s) { return std::string(1, core::side_letter(s)); }

}  // namespace

std::string Peer::key() const {
    if (local) return "uid " + std::to_string(uid);
    in6_addr a6{};
    // An IPv4 address seen through a dual-stack socket (::ffff:a.b.c.d) is one machine's, not a /64.
    if (::inet_pton(AF_INET6, address.c_str(), &a6) == 1 && !IN6_IS_ADDR_V4MAPPED(&a6)) {
        // One machine is given a whole /64: count its addresses as one.
        char prefix[INET6_ADDRSTRLEN] = {};
        std::fill(a6.s6_addr + 8, a6.s6_addr + 16, 0);
        ::inet_ntop(AF_INET6, &a6, prefix, sizeof prefix);
        return std::string("address ") + prefix + "/64";
    }
    return "address " + address;
}

std::string make_join_code(std::string_view game_id) {
    std::string code = code_tag(game_id);
    while (code.size() < kCodeLength) {
        unsigned char b = 0;
        random_bytes(&b, 1);
        // 230 = 10 * 23: rejection keeps every letter equally likely.
        if (b < 230) code += kCodeLetters[b % kCodeLetters.size()];
    }
    return code;
}

std::string make_token() { return random_hex(16); }
std::string make_game_id() { return random_hex(4); }

std::optional<std::string> canonical_code(std::string_view typed) {
    std::string code;
    for (char c : typed) {
        if (c == ' ' || c == '-') continue;
        const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        if (kCodeLetters.find(up) == std::string_view::npos) return std::nullopt;
        code += up;
    }
    if (code.size() != kCodeLength) return std::nullopt;
    return code;
}

GameHost::GameHost(std::unique_ptr<HostedGame> game, HostConfig cfg, Clock::time_point now)
    : game_(std::move(game)), cfg_(std::move(cfg)), last_player_(now) {
    code_key_ = cfg_.code_key ? *cfg_.code_key : code_key(cfg_.code);
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        if (const auto level = cfg_.computer[core::idx(side)]) {
            if (!game_->seat_computer(side, *level, ai::player_seed(cfg_.seed, side))) {
                throw std::invalid_argument("the computer does not play " + std::string(ai::level_name(*level)) +
                                            " in this ruleset");
            }
            seats_[core::idx(side)].taken = true;
            seats_[core::idx(side)].name = "the computer, " + std::string(ai::level_name(*level));
        }
    }
    rebuild_transcript();
    game_->listen(this);
}

GameHost::~GameHost() { game_->listen(nullptr); }

void GameHost::rebuild_transcript() { setup_ = game_->transcript(cfg_.seed, transcript_); }

std::string GameHost::reserve(core::Side side, const std::string& name) {
    SeatState& seat = seats_[core::idx(side)];
    seat.taken = true;
    seat.name = name;
    seat.token = make_token();
    if (cfg_.keep_seats) cfg_.keep_seats(seats_record());
    return seat.token;
}

Message GameHost::seats_record() const {
    Message m("seats");
    m.add("game", cfg_.game_id).add("code", cfg_.code);
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        const SeatState& seat = seats_[core::idx(side)];
        if (!seat.taken || seat.token.empty()) continue;
        m.add(side == core::Side::A ? "token-a" : "token-b", seat.token);
        m.add(side == core::Side::A ? "name-a" : "name-b", seat.name);
    }
    return m;
}

void GameHost::restore_seats(const Message& record) {
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        const bool a = side == core::Side::A;
        const std::string_view token = record.value(a ? "token-a" : "token-b");
        SeatState& seat = seats_[core::idx(side)];
        if (cfg_.computer[core::idx(side)] || token.size() != 32) continue;
        seat.taken = true;
        seat.joined = true;
        seat.token = std::string(token);
        seat.name = printable_text(record.value(a ? "name-a" : "name-b"), 32);
    }
}

void GameHost::send(ConnId to, const Message& m, bool close) {
    out_.push_back(Out{to, encode(m), close});
    if (close) {
        const auto it = conns_.find(to);
        if (it != conns_.end()) it->second.closing = true;
    }
}

void GameHost::error(ConnId to, const std::string& why) { send(to, Message("error").add("reason", why), true); }

void GameHost::broadcast(const Message& m) {
    const std::string bytes = encode(m);
    for (const auto& [id, c] : conns_) {
        if (c.role != Role::Unknown && !c.closing) out_.push_back(Out{id, bytes, false});
    }
}

std::vector<GameHost::Out> GameHost::take_output() {
    std::vector<Out> out;
    out.swap(out_);
    return out;
}

std::string GameHost::who(core::Side side) const {
    const SeatState& seat = seats_[core::idx(side)];
    return side_text(side) + " (" + (seat.taken ? seat.name : std::string("nobody yet")) + ")";
}

bool GameHost::started() const { return seats_[0].taken && seats_[1].taken; }

Message GameHost::seat_message(core::Side side) const {
    const SeatState& seat = seats_[core::idx(side)];
    Message m("seat");
    m.add("side", side_text(side));
    const char* status = !seat.taken                        ? "open"
                         : cfg_.computer[core::idx(side)] ? "computer"
                         : seat.conn                       ? "present"
                                                           : "away";
    m.add("status", status);
    m.add("name", seat.name);
    return m;
}

Message GameHost::info(Clock::time_point now) const {
    Message m("info");
    m.add("game", cfg_.game_id);
    m.add("host", cfg_.host);
    m.add("army-a", game_->army_name(core::Side::A));
    m.add("army-b", game_->army_name(core::Side::B));
    m.add("turn", static_cast<std::uint64_t>(game_->turn()));
    m.add("commands", game_->commands());
    m.add("over", game_->over() ? "yes" : "no");
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        const Message seat = seat_message(side);
        m.add(side == core::Side::A ? "seat-a" : "seat-b",
              std::string(seat.value("status")) + (seats_[core::idx(side)].taken ? " " + seats_[core::idx(side)].name : ""));
    }
    // In a field of its own, which a client that does not know it passes over (Message::value):
    // the seat's field keeps its form for the programs that read it already.
    for (const core::Side side : {core::Side::A, core::Side::B}) {
        const SeatState& seat = seats_[core::idx(side)];
        if (!seat.taken || cfg_.computer[core::idx(side)] || !seat.since) continue;
        const auto idle = std::chrono::duration_cast<std::chrono::seconds>(now - *seat.since).count();
        m.add(side == core::Side::A ? "idle-a" : "idle-b", static_cast<std::uint64_t>(std::max<std::int64_t>(0, idle)));
    }
    std::size_t watchers = 0;
    for (const auto& [id, c] : conns_) watchers += c.role == Role::Watcher ? 1 : 0;
    m.add("watchers", watchers);
    m.add("pid", static_cast<std::uint64_t>(::getpid()));
    return m;
}

void GameHost::connected(ConnId id, const Peer& peer, Clock::time_point now) {
    Conn c;
    c.peer = peer;
    c.since = now;
    conns_[id] = std::move(c);
}

void GameHost::malformed(ConnId id, const std::string& why) { error(id, "the server could not read your message: " + why); }

void GameHost::disconnected(ConnId id, Clock::time_point now) {
    const auto it = conns_.find(id);
    if (it == conns_.end()) return;
    const Conn c = it->second;
    conns_.erase(it);
    if (c.role != Role::Player) return;
    SeatState& seat = seats_[core::idx(c.side)];
    if (seat.conn != id) return;
    seat.conn.reset();
    seat.since = now;
    last_player_ = now;
    if (undo_ask_) {
        withdraw_undo(undo_ask_->by == c.side ? who(c.side) + " left: the request to take back is withdrawn."
                                              : who(c.side) + " left without answering: nothing was taken back.");
    }
    broadcast(seat_message(c.side));
    broadcast(Message("notice").add("text", who(c.side) + " left; the game waits and is saved."));
}

void GameHost::withdraw_undo(const std::string& why) {
    if (!undo_ask_) return;
    const UndoAsk ask = *undo_ask_;
    undo_ask_.reset();
    // Both players hear it: the one asked (whose question is void) and the one who asked.
    for (const core::Side side : {ask.by, core::other(ask.by)}) {
        if (const auto conn = seats_[core::idx(side)].conn) send(*conn, Message("undo-withdrawn").add("text", why));
    }
}

void GameHost::tick(Clock::time_point now) {
    for (const auto& [id, c] : conns_) {
        if (c.role == Role::Unknown && !c.closing && now - c.since > cfg_.hello_time) error(id, "no hello in time");
    }
}

bool GameHost::finished(Clock::time_point now) const {
    const bool anyone = std::any_of(seats_.begin(), seats_.end(), [](const SeatState& s) { return s.conn.has_value(); });
    if (anyone) return false;
    if (game_->over() && conns_.empty()) return true;
    return now - last_player_ > cfg_.idle;
}

void GameHost::received(ConnId id, const Message& m, Clock::time_point now) {
    const auto it = conns_.find(id);
    if (it == conns_.end()) return;
    Conn& c = it->second;
    if (c.closing) return;  // told why it is closed: what it sent after that is not acted on
    if (c.role == Role::Unknown) {
        if (c.handshake) {
            if (m.kind != "prove") return error(id, "the answer to a challenge must be prove");
            return prove(id, c, m, now);
        }
        if (m.kind != "hello") return error(id, "the first message must be hello");
        return hello(id, c, m, now);
    }
    // Anything the seat's own connection sends shows its player is there: a command, chat, an
    // answer, even one refused (the game list's idle time).
    if (c.role == Role::Player && seats_[core::idx(c.side)].conn == id) seats_[core::idx(c.side)].since = now;
    if (m.kind == "play") return play(id, c, m);
    if (m.kind == "undo") return undo(id, c);
    if (m.kind == "answer") return answer(id, c, m);
    if (m.kind == "say") return say(id, c, m, now);
    if (m.kind == "bye") return send(id, Message("bye").add("reason", "goodbye"), true);
    refuse(id, "unknown message \"" + m.kind + "\"");
}

void GameHost::hello(ConnId id, Conn& c, const Message& m, Clock::time_point now) {
    if (m.value("protocol") != kProtocolName || m.value("version") != std::to_string(kProtocolVersion)) {
        return error(id, "this game server speaks " + std::string(kProtocolName) + " " +
                             std::to_string(kProtocolVersion) + " (tercio " + cfg_.program + "); your program speaks " +
                             std::string(m.value("protocol")) + " " + std::string(m.value("version")) + " (tercio " +
                             std::string(m.value("program")) + "): use the same tercio on both ends");
    }
    c.name = printable_text(m.value("name"), 32);
    const std::string_view role = m.value("role");
    if (role == "list") return send(id, info(now), true);
    if (role == "watch") {
        // Anyone who can reach the game may watch it: no secret is asked, none is given.
        std::size_t watchers = 0;
        for (const auto& [other, oc] : conns_) watchers += oc.role == Role::Watcher ? 1 : 0;
        if (watchers >= cfg_.max_watchers) {
            return error(id, "game " + cfg_.game_id + " has " + std::to_string(watchers) +
                                 " spectators, as many as it takes: try again later");
        }
        c.role = Role::Watcher;
        catch_up(id, c);
        broadcast(Message("notice").add("text", (c.name.empty() ? std::string("A spectator") : c.name) + " watches (" +
                                                    std::to_string(watchers + 1) + " watching)."));
        return;
    }
    if (role != "play") return error(id, "role must be play, watch or list");
    const std::string_view auth = m.value("auth");
    if (auth != "code" && auth != "seat") {
        return error(id, "to play, give game " + cfg_.game_id + "'s join code (tercio join CODE)");
    }
    if (!valid_nonce(m.value("nonce"))) return error(id, "the hello's nonce must be 32 hex digits");
    Handshake h;
    h.binding.game_id = cfg_.game_id;
    h.binding.client_nonce = std::string(m.value("nonce"));
    h.binding.server_nonce = make_nonce();
    h.binding.server = c.peer.local ? local_identity(cfg_.server_uid) : std::string(kRemoteIdentity);
    h.binding.client = c.peer.identity();
    if (auth == "seat") {
        const std::string_view seat_text = m.value("seat");
        if (seat_text != "A" && seat_text != "B") return error(id, "seat must be A or B");
        const core::Side side = seat_text == "A" ? core::Side::A : core::Side::B;
        const SeatState& seat = seats_[core::idx(side)];
        if (!seat.taken || seat.token.empty()) {
            return error(id, "nobody holds seat " + std::string(seat_text) + " of game " + cfg_.game_id +
                                 " by a token: join it with its code");
        }
        h.seat = side;
        h.binding.secret_for = "seat " + std::string(seat_text);
        h.key = seat_key(seat.token);
    } else {
        if (auto refused = code_locked(c, now)) return error(id, *refused);
        // Counted as a wrong code until the proof shows otherwise: a guesser cannot have many
        // handshakes open at once to pass the limits.
        count_code_try(c, now);
        h.tried_at = now;
        const std::string wanted(m.value("side"));
        const bool any = wanted.empty() || wanted == "any";
        const bool open = std::any_of(seats_.begin(), seats_.end(), [](const SeatState& s) { return !s.taken; });
        if (!open || (!any && (wanted != "A" && wanted != "B"))) {
            return error(id, !open ? "both seats of game " + cfg_.game_id + " are taken: tercio watch " + cfg_.game_id +
                                         " to watch it"
                                   : "side must be A, B or any");
        }
        if (!any && seats_[core::idx(wanted == "A" ? core::Side::A : core::Side::B)].taken) {
            return error(id, "side " + wanted + " of game " + cfg_.game_id + " is taken");
        }
        h.binding.secret_for = "code";
        h.key = code_key_;
        h.wanted = any ? std::string() : wanted;
    }
    Message challenge("challenge");
    challenge.add("game", cfg_.game_id).add("nonce", h.binding.server_nonce).add("proof", proof(h.key, Prover::Server, h.binding));
    c.handshake = std::move(h);
    send(id, challenge);
}

void GameHost::prove(ConnId id, Conn& c, const Message& m, Clock::time_point now) {
    const Handshake h = *c.handshake;
    c.handshake.reset();
    if (!proof_ok(h.key, Prover::Client, h.binding, m.value("proof"))) {
        if (h.seat) return error(id, "that is not the token of " + h.binding.secret_for + " of game " + cfg_.game_id);
        return error(id, "wrong join code for game " + cfg_.game_id);
    }
    if (h.seat) return seat_back(id, c, *h.seat, now);
    failures_.erase(c.peer.key());
    const auto counted = std::find(game_failures_.begin(), game_failures_.end(), h.tried_at);
    if (counted != game_failures_.end()) game_failures_.erase(counted);
    seat_new(id, c, h.wanted, now);
}

void GameHost::seat_back(ConnId id, Conn& c, core::Side side, Clock::time_point now) {
    SeatState& seat = seats_[core::idx(side)];
    if (seat.conn) error(*seat.conn, "you joined this game from another terminal");
    const bool back = seat.joined;
    seat.joined = true;
    seat.conn = id;
    seat.since = now;
    last_player_ = now;
    c.role = Role::Player;
    c.side = side;
    catch_up(id, c);
    broadcast(seat_message(side));
    broadcast(Message("notice").add("text", who(side) + (back ? " is back." : " joins the game.")));
}

void GameHost::seat_new(ConnId id, Conn& c, const std::string& wanted, Clock::time_point now) {
    // The seats may have filled while this client proved itself.
    std::optional<core::Side> side;
    for (const core::Side s : {core::Side::A, core::Side::B}) {
        if (!seats_[core::idx(s)].taken && (wanted.empty() || wanted == side_text(s))) {
            side = s;
            break;
        }
    }
    if (!side) {
        return error(id, wanted.empty() ? "both seats of game " + cfg_.game_id + " are taken: tercio watch " +
                                              cfg_.game_id + " to watch it"
                                        : "side " + wanted + " of game " + cfg_.game_id + " is taken");
    }
    reserve(*side, c.name.empty() ? "player " + side_text(*side) : c.name);
    SeatState& seat = seats_[core::idx(*side)];
    seat.conn = id;
    seat.joined = true;
    seat.since = now;
    last_player_ = now;
    c.role = Role::Player;
    c.side = *side;
    catch_up(id, c);
    broadcast(seat_message(*side));
    broadcast(Message("notice").add("text", who(*side) + " joins the game."));
    if (started() && (game_->commands() == 0)) broadcast(Message("notice").add("text", "Both sides are seated: the game begins."));
}

std::optional<std::string> GameHost::code_locked(const Conn& c, Clock::time_point now) const {
    const auto wait_text = [now](Clock::time_point until) {
        return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(until - now).count() + 1) + " s";
    };
    const auto f = failures_.find(c.peer.key());
    if (f != failures_.end() && now < f->second.until) return "too many wrong codes: try again in " + wait_text(f->second.until);
    std::size_t recent = 0;
    for (const Clock::time_point t : game_failures_) recent += now - t < kGameWindow ? 1 : 0;
    if (recent >= kGameTries) {
        Clock::time_point oldest = now;
        for (const Clock::time_point t : game_failures_) {
            if (now - t < kGameWindow) oldest = std::min(oldest, t);
        }
        return "too many wrong codes for game " + cfg_.game_id + " from everyone: try again in " +
               wait_text(oldest + kGameWindow);
    }
    return std::nullopt;
}

void GameHost::count_code_try(const Conn& c, Clock::time_point now) {
    std::erase_if(game_failures_, [now](Clock::time_point t) { return now - t >= kGameWindow; });
    game_failures_.push_back(now);
    const std::string key = c.peer.key();
    if (failures_.size() >= kMaxFailureKeys && !failures_.contains(key)) {
        // Forget the peers that are not locked out; if every one is, forget them all: the game's
        // own limit still stands between a guesser and the code.
        std::erase_if(failures_, [now](const auto& kv) { return now >= kv.second.until; });
        if (failures_.size() >= kMaxFailureKeys) failures_.clear();
    }
    Failures& f = failures_[key];
    if (++f.count >= kFreeTries) {
        f.count = 0;
        f.until = now + kLockout;
    }
}

void GameHost::catch_up(ConnId id, const Conn& c) {
    Message w("welcome");
    w.add("protocol", kProtocolName).add("version", std::to_string(kProtocolVersion)).add("program", cfg_.program);
    w.add("game", cfg_.game_id);
    w.add("you", c.role == Role::Player ? side_text(c.side) : std::string("watch"));
    if (c.role == Role::Player) w.add("token", seats_[core::idx(c.side)].token);
    w.add("ruleset", game_->ruleset_id());
    w.add("army-a", game_->army_id(core::Side::A));
    w.add("army-b", game_->army_id(core::Side::B));
    for (const std::string& o : game_->rule_options()) w.add("option", o);
    send(id, w);
    send(id, setup_);
    for (const std::string& played : transcript_) out_.push_back(Out{id, played, false});
    send(id, seat_message(core::Side::A));
    send(id, seat_message(core::Side::B));
    send(id, Message("ready").add("commands", transcript_.size()));
}

void GameHost::play(ConnId id, Conn& c, const Message& m) {
    if (c.role != Role::Player) return refuse(id, "you are watching: only the players give commands");
    if (!started()) {
        return refuse(id, "the game begins when " + who(core::other(c.side)) + " has a player: give them the code");
    }
    if (game_->over()) return refuse(id, "the game is over");
    if (game_->decider() != c.side) {
        return refuse(id, "it is not your decision: " + who(game_->decider()) + " decides now");
    }
    if (auto refused = game_->play(m.value("command"))) refuse(id, *refused);
}

void GameHost::undo(ConnId id, Conn& c) {
    if (c.role != Role::Player) return refuse(id, "you are watching: only the players take commands back");
    const std::size_t commands = game_->commands();
    const std::size_t undoable = game_->undoable();
    // Back to this side's newest command that can be taken back, with whatever followed it.
    std::size_t count = 0;
    while (count < undoable && game_->by(commands - 1 - count) != c.side) ++count;
    if (count == undoable) return refuse(id, "nothing of yours to take back: dice were rolled or a card turned since");
    ++count;
    const core::Side other = core::other(c.side);
    if (cfg_.computer[core::idx(other)]) return take_back(count);
    const SeatState& them = seats_[core::idx(other)];
    if (!them.conn) return refuse(id, who(other) + " is away: they must agree to take a command back");
    undo_ask_ = UndoAsk{c.side, count, game_->version()};
    send(*them.conn, Message("ask-undo")
                         .add("by", side_text(c.side))
                         .add("command", game_->command_text(commands - count))
                         .add("count", count));
    send(id, Message("pending").add("text", "Asked " + who(other) + " to take it back: their answer will show in the log."));
}

void GameHost::answer(ConnId id, Conn& c, const Message& m) {
    if (c.role != Role::Player || !undo_ask_ || undo_ask_->by == c.side) return refuse(id, "nobody asked you anything");
    const UndoAsk ask = *undo_ask_;
    undo_ask_.reset();
    if (ask.version != game_->version()) return refuse(id, "the game has moved on since it was asked");
    if (m.value("answer") == "yes") {
        take_back(ask.count);
        broadcast(Message("notice").add("text", who(c.side) + " agreed: taken back."));
    } else {
        broadcast(Message("notice").add("text", who(c.side) + " does not agree to take it back."));
    }
}

void GameHost::take_back(std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        if (auto why = game_->undo()) {
            broadcast(Message("notice").add("text", "Could not take it back: " + *why));
            return;
        }
    }
}

void GameHost::say(ConnId id, Conn& c, const Message& m, Clock::time_point now) {
    // Spectators are named by their hello's name (not checked: "(watching)" says it is theirs).
    const std::string from = c.role == Role::Player ? who(c.side)
                             : c.name.empty()       ? std::string("a spectator")
                                                    : c.name + " (watching)";
    const std::string name_key = c.role == Role::Player ? "seat " + side_text(c.side) : "name " + c.name;
    if (auto refused = chat_allowed(c, name_key, now)) return refuse(id, *refused);
    const std::string text = printable_text(m.value("text"), kMaxChat);
    if (text.empty()) return;
    broadcast(Message("chat").add("from", from).add("text", text));
}

std::optional<std::string> GameHost::chat_allowed(Conn& c, const std::string& name_key, Clock::time_point now) {
    const auto old = [now](Clock::time_point t) { return now - t > kChatWindow; };
    std::erase_if(c.chats, old);
    std::erase_if(game_chats_, old);
    if (name_chats_.size() >= kMaxChatNames && !name_chats_.contains(name_key)) {
        for (auto it = name_chats_.begin(); it != name_chats_.end();) {
            std::erase_if(it->second, old);
            it = it->second.empty() ? name_chats_.erase(it) : std::next(it);
        }
        if (name_chats_.size() >= kMaxChatNames) return "too many people chat at once: wait a few seconds";
    }
    std::vector<Clock::time_point>& by_name = name_chats_[name_key];
    std::erase_if(by_name, old);
    if (c.chats.size() >= kChatBurst || by_name.size() >= kChatBurst) return "too many chat lines: wait a few seconds";
    // The spectators together have a limit of their own: however many they are, the players can
    // still be read.
    const bool watching = c.role == Role::Watcher;
    if (watching && game_chats_.size() >= kGameChatBurst) return "too many chat lines from spectators: wait a few seconds";
    c.chats.push_back(now);
    by_name.push_back(now);
    if (watching) game_chats_.push_back(now);
    return std::nullopt;
}

bool GameHost::computer_to_move() const {
    return !game_->over() && started() && game_->has_computer(game_->decider());
}

void GameHost::play_computer() {
    if (!computer_to_move()) return;
    const core::Side side = game_->decider();
    if (auto why = game_->play_computer()) {
        broadcast(Message("notice").add("text", "The computer playing " + who(side) + " failed: " + *why));
    }
}

void GameHost::played(const Message& m) {
    transcript_.push_back(encode(m));
    withdraw_undo("a command was played since: the request to take back is void.");
    broadcast(m);
}

void GameHost::undone(const Message& m) {
    transcript_.pop_back();
    broadcast(m);
}

void GameHost::notice(const std::string& text) { broadcast(Message("notice").add("text", text)); }

}  // namespace tercio::net
