// The game server's logic (net/host.hpp) and the clients' copies (net/replica.hpp), without
// sockets: clients here are byte streams fed to a FrameReader and a Replica, as over a socket.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "ai/player.hpp"
#include "kits/pikette/ai/players.hpp"
#include "kits/pikette/control/event_text.hpp"
#include "kits/pikette/control/session.hpp"
#include "net/client.hpp"
#include "net/handshake.hpp"
#include "net/host.hpp"
#include "net/listing.hpp"
#include "net/replica.hpp"
#include "rules/state_hash.hpp"
#include "tests/rules/fixture.hpp"

using namespace tercio;
using namespace tercio::net;

namespace {

/// A client as the server sees it from the other end of a connection.
struct Client {
    const rules::RulesContext& ctx;
    FrameReader reader{kMaxServerPayload};
    std::string bytes;  ///< everything received
    std::vector<Message> messages;
    std::unique_ptr<Replica> replica;
    bool closed = false;
    std::vector<std::string> problems;  ///< a copy out of step: must stay empty
    std::string gave_up;  ///< why the client stopped a handshake the server could not prove

    explicit Client(const rules::RulesContext& c) : ctx(c) {}
    void receive(const std::string& b) {
        bytes += b;
        reader.feed(b);
        while (auto m = reader.next()) {
            if (m->kind == "setup") {
                std::string why;
                replica = Replica::from_setup(ctx, *m, why);
                if (!replica) problems.push_back(why);
            } else if (m->kind == "played") {
                if (!replica) {
                    problems.push_back("played before setup");
                } else if (auto why = replica->apply(*m)) {
                    problems.push_back(*why);
                }
            } else if (m->kind == "undone") {
                if (auto why = replica->undo(*m)) problems.push_back(*why);
            }
            messages.push_back(std::move(*m));
        }
        REQUIRE_FALSE(reader.failed());
    }
    /// The newest message of a kind, if any.
    std::optional<Message> last(const std::string& kind) const {
        for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
            if (it->kind == kind) return *it;
        }
        return std::nullopt;
    }
    std::size_t count(const std::string& kind) const {
        return static_cast<std::size_t>(std::count_if(messages.begin(), messages.end(), [&](const Message& m) { return m.kind == kind; }));
    }
};

/// The test game's id and join code (its tag, then the secret letters).
const std::string kGame = "0123abcd";
const std::string kCode = code_tag(kGame) + "ABCDEFG";

/// A code's key, derived once per code for the whole run (Argon2id is slow on purpose).
const SecretKey& key_of(const std::string& code) {
    static std::map<std::string, SecretKey> keys;
    auto it = keys.find(code);
    if (it == keys.end()) it = keys.emplace(code, code_key(code)).first;
    return it->second;
}

/// A server and its clients, all in this process.
struct Table {
    rules::RulesContext ctx = test::Armies::get().context("french", "spanish");
    Clock::time_point now = Clock::time_point{} + std::chrono::hours(1);
    control::Session session;
    GameHost host;
    std::map<ConnId, Client> clients;
    ConnId next = 1;

    explicit Table(std::uint64_t seed, std::array<std::optional<ai::Level>, 2> computer = {})
        : session(ctx, seed), host(session, config(seed, computer), now) {}
    static HostConfig config(std::uint64_t seed, std::array<std::optional<ai::Level>, 2> computer) {
        HostConfig cfg;
        cfg.game_id = kGame;
        cfg.code = kCode;
        cfg.code_key = key_of(kCode);
        cfg.host = "alice";
        cfg.program = "test";
        cfg.seed = seed;
        cfg.computer = computer;
        return cfg;
    }

    void deliver() {
        for (GameHost::Out& o : host.take_output()) {
            auto it = clients.find(o.to);
            if (it == clients.end() || it->second.closed) continue;
            it->second.receive(o.bytes);
            if (o.close) {
                it->second.closed = true;
                host.disconnected(o.to, now);
            }
        }
    }
    ConnId connect(Message hello, Peer peer = Peer{true, 1000, {}}) {
        const ConnId id = next++;
        clients.emplace(id, Client(ctx));
        host.connected(id, peer, now);
        hello.add("protocol", std::string(kProtocolName)).add("version", std::to_string(kProtocolVersion)).add("program", "test");
        host.received(id, hello, now);
        deliver();
        return id;
    }
    /// A client's whole handshake as net::RemoteGame does it: hello, the server's challenge checked,
    /// the proof. The client sees the server as uid 0 (the config's server_uid) over a Unix socket.
    ConnId handshake(const JoinRequest& r, Peer peer) {
        const ConnId id = next++;
        clients.emplace(id, Client(ctx));
        host.connected(id, peer, now);
        const std::string nonce = make_nonce();
        host.received(id, hello_message(r, nonce), now);
        deliver();
        const auto challenge = clients.at(id).last("challenge");
        if (!challenge || clients.at(id).closed) return id;
        const ProveOrRefuse a = answer_challenge(r, nonce, *challenge, peer.local ? local_identity(0) : "tcp", peer.identity());
        if (!a.prove) {
            // A wrong code (or a server that is not the game's): the client hangs up, sending nothing.
            clients.at(id).gave_up = a.why;
            drop(id);
            return id;
        }
        send(id, *a.prove);
        return id;
    }
    ConnId join(const std::string& typed, const std::string& name, const std::string& side = "any",
                Peer peer = Peer{true, 1000, {}}) {
        JoinRequest r;
        r.role = JoinRequest::Role::Play;
        r.program = "test";
        r.name = name;
        r.side = side;
        r.code = canonical_code(typed).value_or(typed);
        r.code_key = key_of(r.code);
        return handshake(r, peer);
    }
    ConnId rejoin(const std::string& token, rules::Side seat, Peer peer = Peer{true, 1000, {}}) {
        JoinRequest r;
        r.role = JoinRequest::Role::Play;
        r.program = "test";
        r.token = token;
        r.seat = seat;
        return handshake(r, peer);
    }
    ConnId watch() { return connect(Message("hello").add("role", "watch")); }
    void send(ConnId id, const Message& m) {
        // What a client sends goes over the wire too: encode and read it back as the server does.
        FrameReader r(kMaxClientPayload);
        r.feed(encode(m));
        const auto back = r.next();
        REQUIRE(back);
        host.received(id, *back, now);
        deliver();
    }
    void play(ConnId id, const std::string& command) { send(id, Message("play").add("command", command)); }
    void drop(ConnId id) {
        clients.at(id).closed = true;
        host.disconnected(id, now);
        deliver();
    }
};

/// kCode as a player may type it: small letters, with a dash.
std::string typed_code() {
    std::string t;
    for (std::size_t i = 0; i < kCode.size(); ++i) {
        if (i == 3) t += '-';
        t += static_cast<char>(std::tolower(static_cast<unsigned char>(kCode[i])));
    }
    return t;
}

/// Every event in the log's words, with the explanation of each roll.
std::vector<std::string> words(const control::Session& s, const rules::Events& events) {
    std::vector<std::string> out;
    for (const rules::Event& e : events) {
        out.push_back(control::describe(s.context(), s.state(), e));
        for (std::string& line : control::explain(s.context(), s.state(), e)) out.push_back(std::move(line));
    }
    return out;
}

/// The same game: the commands, who gave them and what happened, in order.
void same_history(const control::Session& a, const control::Session& b) {
    REQUIRE(a.history().size() == b.history().size());
    for (std::size_t i = 0; i < a.history().size(); ++i) {
        CHECK(rules::print(a.history()[i].command) == rules::print(b.history()[i].command));
        CHECK(a.history()[i].by == b.history()[i].by);
        CHECK(words(a, a.history()[i].events) == words(b, b.history()[i].events));
    }
    CHECK(public_hash(a.state()) == public_hash(b.state()));
}

}  // namespace

TEST_CASE("net: two players and a spectator play a whole game, every copy in step", "[net][host]") {
    for (const std::uint64_t seed : {3u, 41u}) {
        Table t(seed);
        const ConnId alice = t.join(kCode, "alice", "A");
        const ConnId spectator = t.watch();
        // Before B is seated, A's commands wait.
        const auto legal = rules::legal_commands(t.ctx, t.session.state());
        t.play(alice, rules::print(legal.front()));
        REQUIRE(t.clients.at(alice).last("refused"));
        CHECK(t.clients.at(alice).last("refused")->value("reason").find("give them the code") != std::string::npos);
        const ConnId bob = t.join(typed_code(), "bob");  // the code as typed: any case, with a dash
        REQUIRE(t.clients.at(bob).last("welcome"));
        CHECK(t.clients.at(bob).last("welcome")->value("you") == "B");
        CHECK(t.clients.at(alice).last("notice")->value("text") == "Both sides are seated: the game begins.");

        std::array<std::unique_ptr<ai::Player>, 2> players{ai::make_player(ai::Level::Random, seed),
                                                           ai::make_player(ai::Level::Random, seed + 1)};
        std::size_t commands = 0;
        while (!t.session.over() && commands < 5000) {
            const rules::Side side = t.session.state().decider;
            const ConnId who = side == rules::Side::A ? alice : bob;
            // Each player decides on its own copy, as a client does.
            control::Session& copy = t.clients.at(who).replica->session();
            const rules::Command c = players[rules::idx(side)]->choose(ai::make_view(t.ctx, copy.state(), side));
            const std::size_t refusals = t.clients.at(who).count("refused");
            t.play(who, rules::print(c));
            REQUIRE(t.clients.at(who).count("refused") == refusals);
            ++commands;
        }
        CHECK(t.session.over());
        for (const ConnId id : {alice, bob, spectator}) {
            const Client& c = t.clients.at(id);
            INFO("client " << id);
            CHECK(c.problems.empty());
            REQUIRE(c.replica);
            same_history(t.session, c.replica->session());
            CHECK(words(c.replica->session(), c.replica->session().setup_events()) ==
                  words(t.session, t.session.setup_events()));
        }
        // The spectator's copy holds no command it could give, and it cannot give one.
        t.play(spectator, "pass");
        CHECK(t.clients.at(spectator).last("refused")->value("reason").find("watching") != std::string::npos);
    }
}

TEST_CASE("net: the order of face-down cards never leaves the server", "[net][host][hidden]") {
    // Every shuffle's picks, as the server drew them: the order a client must not learn.
    struct ShuffleTap final : core::Dice {
        core::Dice& inner;
        std::vector<std::vector<int>> shuffles;
        bool in_shuffle = false;
        explicit ShuffleTap(core::Dice& d) : inner(d) {}
        int roll(core::DieType die, core::RollPurpose p) override {
            in_shuffle = false;
            return inner.roll(die, p);
        }
        int pick(int n, core::RollPurpose p) override {
            const int v = inner.pick(n, p);
            if (p == core::RollPurpose::Shuffle) {
                if (!in_shuffle) shuffles.emplace_back();
                shuffles.back().push_back(v);
                in_shuffle = true;
            } else {
                in_shuffle = false;
            }
            return v;
        }
    };
    const std::uint64_t seed = 77;
    Table t(seed, {std::nullopt, ai::Level::Random});
    const ConnId alice = t.join(kCode, "alice", "A");
    const ConnId spectator = t.watch();
    auto player = ai::make_player(ai::Level::Random, 5);
    // The face-down order of each deck at every step, as the server holds it.
    std::set<std::string> orders;
    const auto note_orders = [&] {
        for (const rules::Deck& d : t.session.state().decks) {
            if (d.left() < 4) continue;
            std::string numbers;
            std::string names;
            for (int i = d.drawn; i < d.size; ++i) {
                numbers += std::to_string(static_cast<int>(d.cards[static_cast<std::size_t>(i)])) + " ";
                names += std::string(rules::to_string(d.cards[static_cast<std::size_t>(i)])) + " ";
            }
            orders.insert(numbers);
            orders.insert(names);
        }
    };
    note_orders();
    std::size_t commands = 0;
    while (!t.session.over() && commands < 3000) {
        if (t.host.computer_to_move()) {
            t.host.play_computer();
            t.deliver();
        } else {
            control::Session& copy = t.clients.at(alice).replica->session();
            t.play(alice, rules::print(player->choose(ai::make_view(t.ctx, copy.state(), rules::Side::A))));
        }
        note_orders();
        ++commands;
    }
    REQUIRE(t.session.over());
    // The same game replayed from its seed, keeping the shuffles' picks.
    core::SeededDice dice(seed);
    ShuffleTap tap(dice);
    rules::GameState s;
    rules::new_game(t.ctx, s, tap);
    for (const control::Entry& e : t.session.history()) rules::play(t.ctx, s, e.command, tap);
    REQUIRE(rules::state_hash(s) == rules::state_hash(t.session.state()));
    REQUIRE(tap.shuffles.size() >= 4);
    for (const ConnId id : {alice, spectator}) {
        const Client& c = t.clients.at(id);
        CHECK(c.problems.empty());
        // No face-down order, as numbers or names, anywhere in the bytes received.
        for (const std::string& order : orders) CHECK(c.bytes.find(order) == std::string::npos);
        // No shuffle's picks among the results sent: each shuffle is 19 picks (a 20-card deck).
        for (const auto& picks : tap.shuffles) {
            std::string run;
            for (std::size_t i = 0; i < 8 && i < picks.size(); ++i) run += std::to_string(picks[i]) + " ";
            for (const Message& m : c.messages) {
                if (m.kind == "played" || m.kind == "setup") CHECK(std::string(m.value("results")).find(run) == std::string::npos);
            }
        }
        // Only these messages and fields reach a client: none of them is the seed or a deck.
        const std::map<std::string, std::set<std::string>> allowed = {
            {"challenge", {"game", "nonce", "proof"}},
            {"welcome", {"protocol", "version", "program", "game", "you", "token", "ruleset", "army-a", "army-b"}},
            {"setup", {"results", "hash"}},
            {"played", {"by", "command", "results", "card", "hash"}},
            {"seat", {"side", "status", "name"}},
            {"ready", {"commands"}},
            {"notice", {"text"}},
            {"refused", {"reason"}},
            {"pending", {"text"}},
        };
        for (const Message& m : c.messages) {
            INFO(m.kind);
            REQUIRE(allowed.count(m.kind) == 1);
            for (const auto& [key, value] : m.fields) CHECK(allowed.at(m.kind).count(key) == 1);
        }
        // The copy's own face-down order differs from the server's: it was never told it.
        CHECK(c.replica->session().state().decks != t.session.state().decks);
        CHECK(public_hash(c.replica->session().state()) == public_hash(t.session.state()));
    }
}

TEST_CASE("net: seats, codes and tokens", "[net][host]") {
    Table t(9);
    const ConnId alice = t.join(kCode, "alice", "A");
    const std::string token = std::string(t.clients.at(alice).last("welcome")->value("token"));
    CHECK(token.size() == 32);
    const std::string wrong = code_tag(kGame) + "ABCDEFH";
    SECTION("a wrong code is refused and closes; three from one user, then a wait") {
        for (int i = 0; i < 3; ++i) {
            const ConnId id = t.join(wrong, "mallory");
            CHECK(t.clients.at(id).closed);
            CHECK(t.clients.at(id).gave_up.find("does not match game 0123abcd") != std::string::npos);
        }
        const ConnId locked = t.join(kCode, "mallory");
        CHECK(t.clients.at(locked).last("error")->value("reason").find("too many wrong codes: try again in") == 0);
        // 100 tries: none gets in, the server goes on, and another user is not held up.
        for (int i = 0; i < 100; ++i) CHECK(t.clients.at(t.join(code_tag(kGame) + "ZZZZZZZ", "mallory")).closed);
        const ConnId bob = t.join(kCode, "bob", "any", Peer{true, 1001, {}});
        CHECK(t.clients.at(bob).last("welcome")->value("you") == "B");
        // Once the lock has passed, the code is worth nothing more: both seats are taken.
        t.now += std::chrono::seconds(11);
        const ConnId late = t.join(kCode, "mallory");
        CHECK(t.clients.at(late).last("error")->value("reason").find("both seats of game 0123abcd are taken") == 0);
        CHECK_FALSE(t.clients.at(late).last("challenge"));  // and no proof to guess against
    }
    SECTION("a code that cannot be one, and a TCP peer counted by its address") {
        CHECK(canonical_code(typed_code()) == kCode);
        CHECK_FALSE(canonical_code("ABCDEFGH"));
        CHECK_FALSE(canonical_code(code_tag(kGame) + "ABCDEFI"));  // no I in codes
        CHECK(make_join_code(kGame).substr(0, 2) == code_tag(kGame));
        CHECK(canonical_code(make_join_code(kGame)));
        for (int i = 0; i < 3; ++i) t.join(wrong, "x", "any", Peer{false, 0, "10.0.0.9"});
        const ConnId tcp = t.join(kCode, "x", "any", Peer{false, 0, "10.0.0.9"});
        CHECK(t.clients.at(tcp).last("error")->value("reason").find("too many wrong codes") == 0);
        const ConnId other = t.join(kCode, "y", "any", Peer{false, 0, "10.0.0.10"});
        CHECK(t.clients.at(other).last("welcome"));
    }
    SECTION("a player who drops comes back to the same seat with the token, and the other is told") {
        const ConnId bob = t.join(kCode, "bob");
        t.drop(alice);
        CHECK(t.clients.at(bob).last("notice")->value("text") == "A (alice) left; the game waits and is saved.");
        CHECK(t.clients.at(bob).last("seat")->value("status") == "away");
        const ConnId back = t.rejoin(token, rules::Side::A);
        CHECK(t.clients.at(back).last("welcome")->value("you") == "A");
        CHECK(t.clients.at(back).last("welcome")->value("token") == token);
        CHECK(t.clients.at(bob).last("notice")->value("text") == "A (alice) is back.");
        // A second terminal with the token takes the seat over; the first is told why it closes.
        const ConnId again = t.rejoin(token, rules::Side::A);
        CHECK(t.clients.at(again).last("welcome")->value("you") == "A");
        CHECK(t.clients.at(back).closed);
        CHECK(t.clients.at(back).last("error")->value("reason") == "you joined this game from another terminal");
    }
    SECTION("a wrong token is no way in, and a client that skips the proof gets nothing") {
        // The server proves with seat A's real token, so a client holding another finds out and stops.
        JoinRequest forged;
        forged.role = JoinRequest::Role::Play;
        forged.token = std::string(32, '0');
        forged.seat = rules::Side::A;
        const std::string nonce = make_nonce();
        const ConnId id = t.connect(hello_message(forged, nonce));
        const auto challenge = t.clients.at(id).last("challenge");
        REQUIRE(challenge);
        const ProveOrRefuse a = answer_challenge(forged, nonce, *challenge, local_identity(0), local_identity(1000));
        CHECK_FALSE(a.prove);
        CHECK(a.why.find("could not prove it knows your seat's token") != std::string::npos);
        // Sending a made-up proof closes the connection without a seat.
        t.send(id, Message("prove").add("proof", std::string(64, 'a')));
        CHECK(t.clients.at(id).closed);
        CHECK(t.clients.at(id).last("error")->value("reason") == "that is not the token of seat A of game 0123abcd");
        CHECK_FALSE(t.clients.at(id).last("welcome"));
        // A seat nobody holds by a token, a play hello without a secret, a bad nonce.
        const ConnId none = t.connect(hello_message(JoinRequest{}, ""));
        CHECK(t.clients.at(none).last("error")->value("reason").find("give game 0123abcd's join code") != std::string::npos);
        JoinRequest b = forged;
        b.seat = rules::Side::B;
        const ConnId open_b = t.connect(hello_message(b, make_nonce()));
        CHECK(t.clients.at(open_b).last("error")->value("reason").find("nobody holds seat B") == 0);
        const ConnId bad_nonce = t.connect(hello_message(forged, "xyz"));
        CHECK(t.clients.at(bad_nonce).last("error")->value("reason") == "the hello's nonce must be 32 hex digits");
    }
    SECTION("no command for the other side, none before hello, none from an unknown kind") {
        const ConnId bob = t.join(kCode, "bob");
        const rules::Side decider = t.session.state().decider;
        const ConnId not_deciding = decider == rules::Side::A ? bob : alice;
        const auto legal = rules::legal_commands(t.ctx, t.session.state());
        t.play(not_deciding, rules::print(legal.front()));
        CHECK(t.clients.at(not_deciding).last("refused")->value("reason").find("it is not your decision") == 0);
        CHECK(t.session.history().empty());
        t.play(decider == rules::Side::A ? alice : bob, "fly to the moon");
        CHECK(t.session.history().empty());
        t.send(bob, Message("shout"));
        CHECK(t.clients.at(bob).last("refused")->value("reason") == "unknown message \"shout\"");
        const ConnId id = t.next++;
        t.clients.emplace(id, Client(t.ctx));
        t.host.connected(id, Peer{}, t.now);
        t.host.received(id, Message("play").add("command", "pass"), t.now);
        t.deliver();
        CHECK(t.clients.at(id).closed);
    }
    SECTION("a hello in another protocol version is refused, saying both versions") {
        const ConnId id = t.next++;
        t.clients.emplace(id, Client(t.ctx));
        t.host.connected(id, Peer{}, t.now);
        t.host.received(id, Message("hello").add("protocol", "tercio-net").add("version", "3").add("program", "9.9").add("role", "watch"), t.now);
        t.deliver();
        CHECK(t.clients.at(id).last("error")->value("reason") ==
              "this game server speaks tercio-net 2 (tercio test); your program speaks tercio-net 3 (tercio 9.9): use the "
              "same tercio on both ends");
    }
    SECTION("silence after connecting closes the connection") {
        const ConnId id = t.next++;
        t.clients.emplace(id, Client(t.ctx));
        t.host.connected(id, Peer{}, t.now);
        t.host.tick(t.now + std::chrono::seconds(5));
        t.deliver();
        CHECK_FALSE(t.clients.at(id).closed);
        t.host.tick(t.now + std::chrono::seconds(11));
        t.deliver();
        CHECK(t.clients.at(id).closed);
    }
}

TEST_CASE("net: taking back asks the other player, chat reaches everyone", "[net][host]") {
    Table t(12);
    const ConnId alice = t.join(kCode, "alice", "A");
    const ConnId bob = t.join(kCode, "bob", "B");
    const ConnId spectator = t.watch();
    // Play until a command can be taken back.
    std::size_t guard = 0;
    auto player = ai::make_player(ai::Level::Random, 3);
    while (t.session.undoable() == 0 && guard++ < 200) {
        const rules::Side side = t.session.state().decider;
        t.play(side == rules::Side::A ? alice : bob,
               rules::print(player->choose(ai::make_view(t.ctx, t.session.state(), side))));
    }
    REQUIRE(t.session.undoable() > 0);
    const rules::Side by = t.session.history().back().by;
    const ConnId asker = by == rules::Side::A ? alice : bob;
    const ConnId other = by == rules::Side::A ? bob : alice;
    const std::size_t size = t.session.history().size();
    t.send(other == alice ? alice : bob, Message("answer").add("answer", "yes"));
    CHECK(t.clients.at(other).last("refused")->value("reason") == "nobody asked you anything");
    t.send(asker, Message("undo"));
    REQUIRE(t.clients.at(other).last("ask-undo"));
    CHECK(t.clients.at(other).last("ask-undo")->value("command") == rules::print(t.session.history().back().command));
    CHECK(t.session.history().size() == size);  // not before the answer
    SECTION("no") {
        t.send(other, Message("answer").add("answer", "no"));
        CHECK(t.session.history().size() == size);
        CHECK(t.clients.at(asker).last("notice")->value("text").find("does not agree") != std::string::npos);
    }
    SECTION("yes") {
        t.send(other, Message("answer").add("answer", "yes"));
        CHECK(t.session.history().size() == size - 1);
        for (const ConnId id : {alice, bob, spectator}) {
            CHECK(t.clients.at(id).problems.empty());
            same_history(t.session, t.clients.at(id).replica->session());
        }
    }
    SECTION("chat, cleaned, and limited to five lines in ten seconds") {
        t.send(spectator, Message("say").add("text", "nice \x1b[31mmove"));
        CHECK(t.clients.at(alice).last("chat")->value("text") == "nice ?[31mmove");
        CHECK(t.clients.at(alice).last("chat")->value("from") == "a spectator");
        for (int i = 0; i < 6; ++i) t.send(alice, Message("say").add("text", "hi " + std::to_string(i)));
        CHECK(t.clients.at(bob).last("chat")->value("from") == "A (alice)");
        CHECK(t.clients.at(bob).last("chat")->value("text") == "hi 4");
        CHECK(t.clients.at(alice).last("refused")->value("reason") == "too many chat lines: wait a few seconds");
    }
}

TEST_CASE("net: a game with the computer, and when the server ends", "[net][host]") {
    Table t(21, {std::nullopt, ai::Level::Normal});
    CHECK_FALSE(t.host.finished(t.now));  // a new game waits for its player
    const ConnId alice = t.join(kCode, "alice");
    CHECK(t.clients.at(alice).last("welcome")->value("you") == "A");
    CHECK(t.host.info(t.now).value("seat-b") == "computer the computer, normal");
    t.drop(alice);
    CHECK_FALSE(t.host.finished(t.now + std::chrono::minutes(29)));
    CHECK(t.host.finished(t.now + std::chrono::minutes(31)));
}

TEST_CASE("net: the game list says how long each seat's player has done nothing or been away", "[net][host][list]") {
    using namespace std::chrono_literals;
    Table t(5);
    const ConnId alice = t.join(kCode, "alice", "A");
    Message info = t.host.info(t.now);
    CHECK(info.value("seat-a") == "present alice");
    CHECK(info.value("idle-a") == "0");  // from the moment she came in
    CHECK(info.value("seat-b") == "open");
    CHECK_FALSE(info.get("idle-b"));  // an open seat has nobody to be idle
    CHECK(seat_words(info, rules::Side::B) == "open seat");
    // Nothing from her for three minutes and a half: whole minutes, past the first.
    t.now += 3min + 30s;
    info = t.host.info(t.now);
    CHECK(info.value("idle-a") == "210");
    CHECK(seat_words(info, rules::Side::A) == "alice (idle 3m)");
    // A chat line is something: her time starts again.
    t.send(alice, Message("say").add("text", "anyone?"));
    CHECK(t.host.info(t.now).value("idle-a") == "0");
    CHECK(seat_words(t.host.info(t.now), rules::Side::A) == "alice");

    const ConnId bob = t.join(kCode, "bob");
    const ConnId spectator = t.watch();
    t.now += 2min;
    // A command refused (not his decision, or not one at all) still shows bob is there; a
    // spectator's chat is nobody's seat.
    t.play(bob, "no such command");
    REQUIRE(t.clients.at(bob).last("refused"));
    t.send(spectator, Message("say").add("text", "hello"));
    info = t.host.info(t.now);
    CHECK(info.value("idle-a") == "120");
    CHECK(info.value("idle-b") == "0");
    CHECK(seat_words(info, rules::Side::A) == "alice (idle 2m)");
    CHECK(seat_words(info, rules::Side::B) == "bob");
    // A command played, and an answer, are something too.
    const rules::Side first = t.session.state().decider;
    const ConnId decider = first == rules::Side::A ? alice : bob;
    const auto legal = rules::legal_commands(t.ctx, t.session.state());
    REQUIRE_FALSE(legal.empty());
    t.now += 5min;
    t.play(decider, rules::print(legal.front()));
    REQUIRE(t.session.history().size() == 1);
    info = t.host.info(t.now);
    CHECK(info.value(first == rules::Side::A ? "idle-a" : "idle-b") == "0");
    CHECK(info.value(first == rules::Side::A ? "idle-b" : "idle-a") == (first == rules::Side::A ? "300" : "420"));
    t.now += 1min;
    t.send(decider == alice ? bob : alice, Message("answer").add("answer", "yes"));  // nobody asked: refused
    info = t.host.info(t.now);
    CHECK(info.value(first == rules::Side::A ? "idle-b" : "idle-a") == "0");

    // Bob leaves: from then on his time is how long he has been away.
    t.now += 10s;
    t.drop(bob);
    t.now += 1h + 5min;
    info = t.host.info(t.now);
    CHECK(info.value("seat-b") == "away bob");
    CHECK(info.value("idle-b") == "3900");
    CHECK(seat_words(info, rules::Side::B) == "bob (away 1h05m)");

    SECTION("a game hosted again does not know since when its seats' players are away") {
        Table again(5);
        again.host.restore_seats(t.host.seats_record());
        const Message restored = again.host.info(again.now);
        CHECK(restored.value("seat-b") == "away bob");
        CHECK_FALSE(restored.get("idle-b"));
        CHECK(seat_words(restored, rules::Side::B) == "bob (away)");
    }
    SECTION("the computer's seat has no idle time") {
        Table solo(21, {std::nullopt, ai::Level::Normal});
        solo.join(kCode, "alice");
        solo.now += 2h;
        const Message m = solo.host.info(solo.now);
        CHECK(m.value("idle-a") == "7200");
        CHECK_FALSE(m.get("idle-b"));
        CHECK(seat_words(m, rules::Side::B) == "the computer, normal");
    }
}

TEST_CASE("net: a fake server learns nothing of a code, and a relayed proof fails", "[net][host][handshake]") {
    Table t(9);
    JoinRequest bob;
    bob.role = JoinRequest::Role::Play;
    bob.name = "bob";
    bob.code = kCode;
    bob.code_key = key_of(kCode);
    const std::string nonce = make_nonce();
    const Message hello = hello_message(bob, nonce);
    // What a fake server is told: no code, no key, nothing but a nonce.
    for (const auto& [key, value] : hello.fields) {
        CHECK(key != "code");
        CHECK(value.find(kCode) == std::string::npos);
        CHECK(value.find(kCode.substr(2)) == std::string::npos);
    }
    SECTION("a fake server cannot answer the challenge") {
        Message fake("challenge");
        fake.add("game", kGame).add("nonce", make_nonce()).add("proof", std::string(64, '0'));
        const ProveOrRefuse a = answer_challenge(bob, nonce, fake, local_identity(2000), local_identity(1000));
        CHECK_FALSE(a.prove);
        CHECK(a.why.find("does not match game 0123abcd") != std::string::npos);
    }
    SECTION("a fake server that claims another game is found out by the code's tag") {
        Message fake("challenge");
        std::string other = "0123abce";
        while (code_tag(other) == code_tag(kGame)) other[7] = static_cast<char>(other[7] + 1);
        fake.add("game", other).add("nonce", make_nonce()).add("proof", std::string(64, '0'));
        const ProveOrRefuse a = answer_challenge(bob, nonce, fake, local_identity(2000), local_identity(1000));
        CHECK_FALSE(a.prove);
        CHECK(a.why.find("is not for game " + other) != std::string::npos);
    }
    SECTION("a fake server that relays the real server's challenge is seen under its own uid") {
        // Mallory (uid 2000) serves a fake socket, takes Bob's hello to the real server as her own.
        const ConnId relay = t.connect(hello, Peer{true, 2000, {}});
        const auto challenge = t.clients.at(relay).last("challenge");
        REQUIRE(challenge);
        // Bob sees the fake server as uid 2000 and himself as uid 1000: the proof was made for
        // a server of uid 0 and a client of uid 2000.
        const ProveOrRefuse a = answer_challenge(bob, nonce, *challenge, local_identity(2000), local_identity(1000));
        CHECK_FALSE(a.prove);
        // Were Bob to be fooled, his proof (made for what he sees) would not seat Mallory either.
        Binding seen{kGame, "code", nonce, std::string(challenge->value("nonce")), local_identity(2000), local_identity(1000)};
        t.send(relay, Message("prove").add("proof", proof(key_of(kCode), Prover::Client, seen)));
        CHECK(t.clients.at(relay).last("error")->value("reason") == "wrong join code for game 0123abcd");
        CHECK_FALSE(t.clients.at(relay).last("welcome"));
    }
    SECTION("the real server passes, and seats Bob") {
        const ConnId id = t.join(kCode, "bob");
        CHECK(t.clients.at(id).last("welcome")->value("you") == "A");
    }
}

TEST_CASE("net: code guesses are limited per game, per /64, with open handshakes counted", "[net][host][handshake]") {
    Table t(9);
    const std::string wrong = code_tag(kGame) + "ZZZZZZZ";
    SECTION("many addresses together get ten tries a minute") {
        for (int i = 0; i < 10; ++i) {
            const ConnId id = t.join(wrong, "m", "any", Peer{false, 0, "127.0.0." + std::to_string(i + 2)});
            CHECK_FALSE(t.clients.at(id).gave_up.empty());
        }
        const ConnId next = t.join(kCode, "m", "any", Peer{false, 0, "127.1.0.1"});
        CHECK(t.clients.at(next).last("error")->value("reason").find("too many wrong codes for game 0123abcd from everyone") == 0);
        CHECK_FALSE(t.clients.at(next).last("challenge"));
        t.now += std::chrono::seconds(61);
        const ConnId later = t.join(kCode, "alice", "any", Peer{false, 0, "127.1.0.1"});
        CHECK(t.clients.at(later).last("welcome"));
    }
    SECTION("one IPv6 /64 counts as one address") {
        for (int i = 0; i < 3; ++i) t.join(wrong, "m", "any", Peer{false, 0, "2001:db8:1:2::" + std::to_string(i + 1)});
        const ConnId same = t.join(kCode, "m", "any", Peer{false, 0, "2001:db8:1:2:ffff::9"});
        CHECK(t.clients.at(same).last("error")->value("reason").find("too many wrong codes: try again in") == 0);
        const ConnId other = t.join(kCode, "alice", "any", Peer{false, 0, "2001:db8:1:3::1"});
        CHECK(t.clients.at(other).last("welcome"));
        // IPv4 peers seen through a dual-stack socket are counted one by one, not as one /64.
        CHECK(Peer{false, 0, "::ffff:192.0.2.1"}.key() != Peer{false, 0, "::ffff:192.0.2.2"}.key());
        CHECK(Peer{false, 0, "2001:db8:1:2::1"}.key() == Peer{false, 0, "2001:db8:1:2:ffff::9"}.key());
    }
    SECTION("handshakes left open count as tries") {
        JoinRequest r;
        r.role = JoinRequest::Role::Play;
        r.code = kCode;
        r.code_key = key_of(kCode);
        std::vector<ConnId> open;
        for (int i = 0; i < 3; ++i) open.push_back(t.connect(hello_message(r, make_nonce()), Peer{true, 2000, {}}));
        for (const ConnId id : open) CHECK(t.clients.at(id).last("challenge"));
        const ConnId fourth = t.connect(hello_message(r, make_nonce()), Peer{true, 2000, {}});
        CHECK(t.clients.at(fourth).last("error")->value("reason").find("too many wrong codes") == 0);
    }
    SECTION("the table of guessers stays bounded") {
        for (int i = 0; i < 3000; ++i) {
            t.join(wrong, "m", "any", Peer{false, 0, "10." + std::to_string(i / 250) + "." + std::to_string(i % 250) + ".1"});
            t.now += std::chrono::seconds(7);  // under the game's own limit
        }
        CHECK(t.host.remembered_guessers() <= 1024);
        CHECK(t.host.remembered_guessers() > 0);
    }
}

TEST_CASE("net: spectators are counted, named, and limited together", "[net][host][chat]") {
    Table t(12);
    const ConnId alice = t.join(kCode, "alice", "A");
    const ConnId bob = t.join(kCode, "bob", "B");
    SECTION("the spectator past the limit is refused, saying so") {
        std::vector<ConnId> w;
        for (int i = 0; i < 64; ++i) w.push_back(t.watch());
        for (const ConnId id : w) CHECK_FALSE(t.clients.at(id).closed);
        const ConnId one_more = t.watch();
        CHECK(t.clients.at(one_more).closed);
        CHECK(t.clients.at(one_more).last("error")->value("reason") ==
              "game 0123abcd has 64 spectators, as many as it takes: try again later");
        t.drop(w.front());
        CHECK_FALSE(t.clients.at(t.watch()).closed);
    }
    SECTION("a spectator's chat line names them; one name on many connections has one limit") {
        std::vector<ConnId> carol;
        for (int i = 0; i < 4; ++i) carol.push_back(t.connect(Message("hello").add("role", "watch").add("name", "carol")));
        t.send(carol[0], Message("say").add("text", "hello"));
        CHECK(t.clients.at(alice).last("chat")->value("from") == "carol (watching)");
        for (int i = 0; i < 8; ++i) t.send(carol[static_cast<std::size_t>(i) % 4], Message("say").add("text", "x" + std::to_string(i)));
        CHECK(t.clients.at(alice).count("chat") == 5);
        CHECK(t.clients.at(carol[1]).last("refused")->value("reason") == "too many chat lines: wait a few seconds");
    }
    SECTION("forty spectators cannot flood the game, nor silence its players") {
        std::vector<ConnId> crowd;
        for (int i = 0; i < 40; ++i) {
            crowd.push_back(t.connect(Message("hello").add("role", "watch").add("name", "w" + std::to_string(i))));
        }
        for (int round = 0; round < 5; ++round) {
            for (const ConnId id : crowd) t.send(id, Message("say").add("text", "spam"));
        }
        CHECK(t.clients.at(alice).count("chat") == 20);
        t.send(bob, Message("say").add("text", "still here"));
        CHECK(t.clients.at(alice).last("chat")->value("text") == "still here");
        t.now += std::chrono::seconds(11);
        t.send(crowd.back(), Message("say").add("text", "later"));
        CHECK(t.clients.at(alice).last("chat")->value("text") == "later");
    }
}

TEST_CASE("net: a take-back asked by a player who leaves is withdrawn on the other's screen", "[net][host]") {
    Table t(12);
    const ConnId alice = t.join(kCode, "alice", "A");
    const ConnId bob = t.join(kCode, "bob", "B");
    std::size_t guard = 0;
    auto player = ai::make_player(ai::Level::Random, 3);
    while (t.session.undoable() == 0 && guard++ < 200) {
        const rules::Side side = t.session.state().decider;
        t.play(side == rules::Side::A ? alice : bob, rules::print(player->choose(ai::make_view(t.ctx, t.session.state(), side))));
    }
    REQUIRE(t.session.undoable() > 0);
    const rules::Side by = t.session.history().back().by;
    const ConnId asker = by == rules::Side::A ? alice : bob;
    const ConnId other = by == rules::Side::A ? bob : alice;
    const std::size_t size = t.session.history().size();
    t.send(asker, Message("undo"));
    REQUIRE(t.clients.at(other).last("ask-undo"));
    t.drop(asker);
    REQUIRE(t.clients.at(other).last("undo-withdrawn"));
    CHECK(t.clients.at(other).last("undo-withdrawn")->value("text").find("left: the request to take back is withdrawn") !=
          std::string::npos);
    t.send(other, Message("answer").add("answer", "yes"));
    CHECK(t.clients.at(other).last("refused")->value("reason") == "nobody asked you anything");
    CHECK(t.session.history().size() == size);
}
