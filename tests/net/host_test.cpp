// The game server's logic (net/host.hpp) and the clients' copies (net/replica.hpp), without
// sockets: clients here are byte streams fed to a FrameReader and a Replica, as over a socket.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "ai/player.hpp"
#include "control/event_text.hpp"
#include "control/session.hpp"
#include "net/host.hpp"
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
        cfg.game_id = "0123abcd";
        cfg.code = "ABCDEFG";
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
    ConnId join(const std::string& code, const std::string& name, const std::string& side = "any") {
        return connect(Message("hello").add("role", "play").add("code", code).add("name", name).add("side", side));
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
        const ConnId alice = t.join("ABCDEFG", "alice", "A");
        const ConnId spectator = t.watch();
        // Before B is seated, A's commands wait.
        const auto legal = rules::legal_commands(t.ctx, t.session.state());
        t.play(alice, rules::print(legal.front()));
        REQUIRE(t.clients.at(alice).last("refused"));
        CHECK(t.clients.at(alice).last("refused")->value("reason").find("give them the code") != std::string::npos);
        const ConnId bob = t.join("abc-defg", "bob");  // the code as typed: any case, with a dash
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
    const ConnId alice = t.join("ABCDEFG", "alice", "A");
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
    const ConnId alice = t.join("ABCDEFG", "alice", "A");
    const std::string token = std::string(t.clients.at(alice).last("welcome")->value("token"));
    CHECK(token.size() == 32);
    SECTION("a wrong code is refused and closes; three from one user, then a wait") {
        for (int i = 0; i < 3; ++i) {
            const ConnId id = t.join("ABCDEFH", "mallory");
            CHECK(t.clients.at(id).closed);
            CHECK(t.clients.at(id).last("error")->value("reason") == "wrong join code for game 0123abcd");
        }
        const ConnId locked = t.join("ABCDEFG", "mallory");
        CHECK(t.clients.at(locked).last("error")->value("reason").find("too many wrong codes: try again in") == 0);
        // 100 tries: none gets in, the server goes on, and another user is not held up.
        for (int i = 0; i < 100; ++i) CHECK(t.clients.at(t.join("ZZZZZZZ", "mallory")).closed);
        const ConnId bob = t.connect(Message("hello").add("role", "play").add("code", "ABCDEFG").add("name", "bob"),
                                     Peer{true, 1001, {}});
        CHECK(t.clients.at(bob).last("welcome")->value("you") == "B");
        // Once the lock has passed, the right code works for that user too (as a spectator
        // would: both seats are now taken).
        t.now += std::chrono::seconds(11);
        const ConnId late = t.join("ABCDEFG", "mallory");
        CHECK(t.clients.at(late).last("error")->value("reason").find("both seats of game 0123abcd are taken") == 0);
    }
    SECTION("a code that cannot be one, and a TCP peer counted by its address") {
        CHECK(canonical_code("abc defg") == "ABCDEFG");
        CHECK_FALSE(canonical_code("ABCDEF"));
        CHECK_FALSE(canonical_code("ABCDEFI"));  // no I in codes
        for (int i = 0; i < 3; ++i) t.connect(Message("hello").add("role", "play").add("code", "x"), Peer{false, 0, "10.0.0.9"});
        const ConnId tcp = t.connect(Message("hello").add("role", "play").add("code", "ABCDEFG"), Peer{false, 0, "10.0.0.9"});
        CHECK(t.clients.at(tcp).last("error")->value("reason").find("too many wrong codes") == 0);
        const ConnId other = t.connect(Message("hello").add("role", "play").add("code", "ABCDEFG"), Peer{false, 0, "10.0.0.10"});
        CHECK(t.clients.at(other).last("welcome"));
    }
    SECTION("a player who drops comes back to the same seat with the token, and the other is told") {
        const ConnId bob = t.join("ABCDEFG", "bob");
        t.drop(alice);
        CHECK(t.clients.at(bob).last("notice")->value("text") == "A (alice) left; the game waits and is saved.");
        CHECK(t.clients.at(bob).last("seat")->value("status") == "away");
        const ConnId back = t.connect(Message("hello").add("role", "play").add("token", token));
        CHECK(t.clients.at(back).last("welcome")->value("you") == "A");
        CHECK(t.clients.at(back).last("welcome")->value("token") == token);
        CHECK(t.clients.at(bob).last("notice")->value("text") == "A (alice) is back.");
        // A second terminal with the token takes the seat over; the first is told why it closes.
        const ConnId again = t.connect(Message("hello").add("role", "play").add("token", token));
        CHECK(t.clients.at(again).last("welcome")->value("you") == "A");
        CHECK(t.clients.at(back).closed);
        CHECK(t.clients.at(back).last("error")->value("reason") == "you joined this game from another terminal");
        // A wrong token is no way in.
        const ConnId forged = t.connect(Message("hello").add("role", "play").add("token", std::string(32, '0')));
        CHECK(t.clients.at(forged).closed);
    }
    SECTION("no command for the other side, none before hello, none from an unknown kind") {
        const ConnId bob = t.join("ABCDEFG", "bob");
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
        t.host.received(id, Message("hello").add("protocol", "tercio-net").add("version", "2").add("program", "9.9").add("role", "watch"), t.now);
        t.deliver();
        CHECK(t.clients.at(id).last("error")->value("reason") ==
              "this game server speaks tercio-net 1 (tercio test); your program speaks tercio-net 2 (tercio 9.9): use the "
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
    const ConnId alice = t.join("ABCDEFG", "alice", "A");
    const ConnId bob = t.join("ABCDEFG", "bob", "B");
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
        CHECK(t.clients.at(alice).last("chat")->value("from") == "spectator");
        for (int i = 0; i < 6; ++i) t.send(alice, Message("say").add("text", "hi " + std::to_string(i)));
        CHECK(t.clients.at(bob).last("chat")->value("from") == "A (alice)");
        CHECK(t.clients.at(bob).last("chat")->value("text") == "hi 4");
        CHECK(t.clients.at(alice).last("refused")->value("reason") == "too many chat lines: wait a few seconds");
    }
}

TEST_CASE("net: a game with the computer, and when the server ends", "[net][host]") {
    Table t(21, {std::nullopt, ai::Level::Normal});
    CHECK_FALSE(t.host.finished(t.now));  // a new game waits for its player
    const ConnId alice = t.join("ABCDEFG", "alice");
    CHECK(t.clients.at(alice).last("welcome")->value("you") == "A");
    CHECK(t.host.info().value("seat-b") == "computer the computer, normal");
    t.drop(alice);
    CHECK_FALSE(t.host.finished(t.now + std::chrono::minutes(29)));
    CHECK(t.host.finished(t.now + std::chrono::minutes(31)));
}
