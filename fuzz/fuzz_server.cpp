// libFuzzer entry point for the game server's logic (net/host.hpp) and its frame reader: the
// input is what two or three clients send to a game server of french v spanish (seed 5). No
// sockets: each connection's bytes go through a FrameReader(kMaxClientPayload) as the transport
// (src/net/server.cpp) reads them, every message to GameHost::received, a malformed stream to
// GameHost::malformed, and what the host sends is taken as the transport takes it. Must never
// crash, hang, leak, throw or trip a sanitizer; besides, every frame the host sends must read
// back as exactly one message, every client's copy of the game (net::Replica) must stay in step,
// the game's history must replay from its seed with every command valid where it was given, and
// the states it reaches must be consistent (rules::check_consistent; during terrain placing and
// deployment only the last, where the input ends: listing those commands is slow).
//
// The input:
//   byte 0    bit 0: the computer plays side B (level random); bit 1: three connections, else
//             two; bits 2-3: the clock's step per message (1, 2, 4 or 8 s); bit 4: all
//             connections come from one local user (wrong codes counted together), else from
//             uid 1000, uid 1001 and the address 192.0.2.7; bit 5: the first chunk starts with a
//             whole code handshake (hello, the server's challenge checked, the proof), as
//             `tercio join CODE` makes it.
//   the rest  bytes for the current connection (at first connection 0), fed to its reader in
//             chunks; 0xFF then a byte k ends the chunk and picks the next one's connection:
//             k bits 0-1: the connection (modulo their number); bit 2: 11 s pass first and the
//             host ticks; bit 3: that connection hangs up and a new one takes its place; bit 4:
//             the chunk starts with a whole handshake for seat A's token (bit 5: seat B's), as a
//             client coming back makes it; bit 6: with a whole code handshake. (0xFF is never in
//             UTF-8 text.) Raw bytes may hold hellos and proofs of their own, right or wrong.
// After each chunk the host's output is taken and, while the computer is to move, it plays
// (at most 50 times an input), as the transport does between reads.
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ai/player.hpp"
#include "kits/pikette/control/session.hpp"
#include "core/dice.hpp"
#include "data/data_files.hpp"
#include "net/handshake.hpp"
#include "net/host.hpp"
#include "net/protocol.hpp"
#include "net/replica.hpp"
#include "rules/consistency.hpp"
#include "rules/game.hpp"
#include "rules/state_hash.hpp"
#include "kits/pikette/data/files.hpp"

namespace {

using namespace tercio;
using net::Clock;
using net::ConnId;

constexpr std::uint64_t kSeed = 5;
const std::string kGame = "0123abcd";

/// The game's code and its key, derived once for the whole run (Argon2id is slow on purpose).
const std::string& game_code() {
    static const std::string code = net::code_tag(kGame) + "ABCDEFG";
    return code;
}
const net::SecretKey& game_code_key() {
    static const net::SecretKey key = net::code_key(game_code());
    return key;
}
constexpr int kMaxComputerMoves = 50;
constexpr int kMaxConnections = 24;  ///< connections made in one input, hang-ups included

[[noreturn]] void fail(const std::string& why) {
    std::fprintf(stderr, "fuzz_server: %s\n", why.c_str());
    std::abort();
}

const rules::RulesContext& context() {
    static data::DataCatalog catalog(TERCIO_FUZZ_DATA_DIR, tercio::rules::Engine::name);
    static const rules::RulesContext ctx = [] {
        std::string why;
        auto c = tercio::rules::context(catalog, "pikette-squared", {"french", "spanish"}, why);
        if (!c) fail("cannot load french v spanish: " + why);
        return *c;
    }();
    return ctx;
}

/// One frame the host sends, read back as a client would: exactly one message, nothing left.
net::Message read_back(const std::string& bytes) {
    net::FrameReader r(net::kMaxServerPayload);
    r.feed(bytes);
    auto m = r.next();
    if (!m) fail("a frame the server sends does not read back: " + (r.failed() ? r.error() : std::string("incomplete")));
    if (r.next() || r.failed() || r.pending() != 0) fail("a frame the server sends holds more than one message");
    return std::move(*m);
}

/// A client at the far end of one connection: the frames it got, kept as a copy of the game.
struct Client {
    std::unique_ptr<net::Replica> replica;
    std::optional<net::Message> challenge;  ///< the newest challenge the server sent it
    void receive(const rules::RulesContext& ctx, const net::Message& m) {
        std::optional<std::string> problem;
        if (m.kind == "challenge") {
            challenge = m;
        } else if (m.kind == "setup") {
            std::string why;
            replica = net::Replica::from_setup(ctx, m, why);
            if (!replica) problem = "the setup does not build a copy: " + why;
        } else if (m.kind == "played") {
            if (!replica) {
                problem = "played before setup";
            } else {
                problem = replica->apply(m);
            }
        } else if (m.kind == "undone") {
            if (!replica) {
                problem = "undone before setup";
            } else {
                problem = replica->undo(m);
            }
        }
        if (problem) fail("a client's copy falls out of step: " + *problem);
    }
};

/// One of the two or three places a client connects from.
struct Slot {
    net::Peer peer;
    ConnId id = 0;
    bool open = false;      ///< connected and not hung up
    bool reading = false;   ///< the server still reads it (not malformed, not closed)
    std::optional<net::FrameReader> reader;
    Client client;
};

class Harness {
  public:
    Harness(const rules::RulesContext& ctx, std::uint8_t config)
        : ctx_(ctx),
          session_(ctx, kSeed),
          host_(session_, make_config(config), now_),
          step_(std::chrono::seconds(1 << ((config >> 2) & 3))) {
        const bool one_user = (config & 0x10) != 0;
        slots_.resize((config & 2) ? 3 : 2);
        for (std::size_t i = 0; i < slots_.size(); ++i) {
            if (one_user) {
                slots_[i].peer = net::Peer{true, 1000, {}};
            } else if (i < 2) {
                slots_[i].peer = net::Peer{true, static_cast<std::uint32_t>(1000 + i), {}};
            } else {
                slots_[i].peer = net::Peer{false, 0, "192.0.2.7"};
            }
            connect(slots_[i]);
        }
        flush();
        if (config & 0x20) first_code_ = true;
    }

    void chunk(std::size_t which, std::uint8_t how, std::string_view bytes) {
        Slot& s = slots_[which % slots_.size()];
        if (how & 4) {
            now_ += std::chrono::seconds(11);
            host_.tick(now_);
            flush();
        }
        if ((how & 8) && connections_ < kMaxConnections) {
            hang_up(s);
            flush();
            connect(s);
            flush();
        }
        if (how & 16) {
            const net::Message record = host_.seats_record();
            net::JoinRequest r;
            r.role = net::JoinRequest::Role::Play;
            r.program = "fuzz";
            r.token = std::string(record.value((how & 32) ? "token-b" : "token-a"));
            r.seat = (how & 32) ? rules::Side::B : rules::Side::A;
            handshake(s, r);
        }
        if ((how & 64) || first_code_) {
            first_code_ = false;
            net::JoinRequest r;
            r.role = net::JoinRequest::Role::Play;
            r.program = "fuzz";
            r.name = "fuzz";
            r.side = "any";
            r.code = game_code();
            r.code_key = game_code_key();
            handshake(s, r);
        }
        feed(s, bytes);
        flush();
        while (computer_moves_ < kMaxComputerMoves && host_.computer_to_move()) {
            ++computer_moves_;
            host_.play_computer();
            flush();
        }
    }

    void finish() {
        for (Slot& s : slots_) {
            hang_up(s);
            flush();
        }
        (void)host_.finished(now_);
        (void)host_.info(now_);
        after_step(true);
        check_history();
    }

  private:
    /// A client's whole handshake on this connection, as net::RemoteGame makes it: a hello, then
    /// (if the server sends a challenge that proves itself) the proof.
    void handshake(Slot& s, const net::JoinRequest& r) {
        const std::string nonce = net::make_nonce();
        s.client.challenge.reset();
        feed(s, net::encode(net::hello_message(r, nonce)));
        drain();
        if (!s.open || !s.client.challenge) return;
        const std::string server = s.peer.local ? net::local_identity(0) : std::string(net::kRemoteIdentity);
        const net::ProveOrRefuse a = net::answer_challenge(r, nonce, *s.client.challenge, server, s.peer.identity());
        if (!a.prove) {
            // The real server's challenge always proves itself: a refusal here is a bug.
            if (r.code_key || !r.token.empty()) fail("the server's challenge does not prove it knows the secret: " + a.why);
            return;
        }
        feed(s, net::encode(*a.prove));
    }

    static net::HostConfig make_config(std::uint8_t config) {
        net::HostConfig cfg;
        cfg.game_id = kGame;
        cfg.code = game_code();
        cfg.code_key = game_code_key();
        cfg.host = "fuzz";
        cfg.program = "fuzz";
        cfg.seed = kSeed;
        if (config & 1) cfg.computer[rules::idx(rules::Side::B)] = ai::Level::Random;
        // The record kept beside the save is a frame too.
        cfg.keep_seats = [](const net::Message& record) { (void)read_back(net::encode(record)); };
        return cfg;
    }

    void connect(Slot& s) {
        s.id = next_id_++;
        ++connections_;
        s.open = true;
        s.reading = true;
        s.reader.emplace(net::kMaxClientPayload);
        s.client = Client{};
        open_.insert(s.id);
        host_.connected(s.id, s.peer, now_);
    }

    void hang_up(Slot& s) {
        if (!s.open) return;
        drain();  // what was sent before it went
        s.open = false;
        s.reading = false;
        open_.erase(s.id);
        host_.disconnected(s.id, now_);
    }

    /// As the transport reads: every whole message to the host, a malformed stream reported
    /// once, after which the connection is no longer read.
    void feed(Slot& s, std::string_view bytes) {
        if (!s.open || !s.reading) return;
        s.reader->feed(bytes);
        while (auto m = s.reader->next()) {
            now_ += step_;
            host_.received(s.id, *m, now_);
            after_step();
        }
        if (s.reader->failed()) {
            host_.malformed(s.id, s.reader->error());
            s.reading = false;
        }
    }

    /// Takes what the host has sent so far: each frame must read back and go to a connection
    /// still open; its client keeps its copy of the game.
    void drain() {
        for (const net::GameHost::Out& o : host_.take_output()) {
            const net::Message m = read_back(o.bytes);
            if (!open_.contains(o.to)) fail("the server sends \"" + m.kind + "\" to a connection that is gone");
            for (Slot& s : slots_) {
                if (s.open && s.id == o.to) s.client.receive(ctx_, m);
            }
            if (o.close) closing_.push_back(o.to);
        }
    }

    /// As the transport flushes: what the host sent, then the connections it hung up on are gone
    /// (the transport tells the host once their last frame is written).
    void flush() {
        drain();
        while (!closing_.empty()) {
            const ConnId id = closing_.front();
            closing_.erase(closing_.begin());
            for (Slot& s : slots_) {
                if (s.open && s.id == id) hang_up(s);
            }
            drain();
        }
        after_step();
    }

    /// Whenever the game changed: the state reached must be one the engine can go on from.
    /// While terrain is placed or units deployed, the commands to list run to thousands: those
    /// states are checked only where the input ends.
    void after_step(bool always = false) {
        if (session_.version() == checked_version_) return;
        const rules::Decision d = session_.state().decision;
        if (!always && (d == rules::Decision::PlaceTerrain || d == rules::Decision::Deploy)) return;
        checked_version_ = session_.version();
        const auto bad = rules::check_consistent(ctx_, session_.state());
        if (!bad.empty()) fail("the game reached an inconsistent state: " + bad.front().message);
    }

    /// The history replays from the seed: each command valid for the side that gave it, with the
    /// dice where the session says, to the session's state.
    void check_history() const {
        core::SeededDice dice(kSeed);
        rules::GameState s;
        rules::new_game(ctx_, s, dice);
        for (const control::Entry& e : session_.history()) {
            if (s.decider != e.by) fail("a command of the history was given by the side not deciding");
            if (auto why = rules::validate(ctx_, s, e.command)) {
                fail("the history holds an invalid command: " + rules::print(e.command) + ": " + *why);
            }
            (void)rules::apply(ctx_, s, e.command, dice);
            if (dice.calls() != e.calls) fail("the history's dice draws do not replay");
        }
        if (rules::state_hash(s) != rules::state_hash(session_.state())) fail("the history does not replay to the game's state");
    }

    const rules::RulesContext& ctx_;
    Clock::time_point now_ = Clock::time_point{} + std::chrono::hours(1);
    control::Session session_;
    net::GameHost host_;
    Clock::duration step_;
    std::vector<Slot> slots_;
    std::set<ConnId> open_;
    std::vector<ConnId> closing_;  ///< told to close, not yet gone
    ConnId next_id_ = 1;
    int connections_ = 0;
    int computer_moves_ = 0;
    std::uint64_t checked_version_ = 0;
    bool first_code_ = false;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const rules::RulesContext& ctx = context();
    if (size == 0) return 0;
    Harness h(ctx, data[0]);
    const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
    std::size_t which = 0;
    std::uint8_t how = 0;
    std::size_t from = 0;
    for (;;) {
        const std::size_t mark = rest.find('\xff', from);
        h.chunk(which, how, rest.substr(from, mark == std::string_view::npos ? std::string_view::npos : mark - from));
        if (mark == std::string_view::npos || mark + 1 >= rest.size()) break;
        const auto k = static_cast<std::uint8_t>(rest[mark + 1]);
        which = k & 3;
        how = k;
        from = mark + 2;
    }
    h.finish();
    return 0;
}
