// Network play for every ruleset (issue 39, item 5; docs/network.md, "Every ruleset"): the game
// server's logic (net::GameHost over a net::HostedGameOf<E>) and its clients' copies
// (net::ReplicaOf<E>), without sockets, for every kit of the registry. Two players and a spectator
// play whole games, the computer plays one, a command is taken back; every copy stays in step and
// the game equals the local game command for command; no face-down order and no shuffle's pick
// reaches a client. A ruleset in kits::Kits is in these tests with no new test code (its
// conformance hooks list its face-down cards).
#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <memory>
#include <set>
#include <optional>
#include <string>
#include <vector>

#include "ai/player.hpp"
#include "control/session.hpp"
#include "net/handshake.hpp"
#include "net/host.hpp"
#include "net/replica.hpp"
#include "tests/conformance/hooks.hpp"
#include "tests/conformance/kits.hpp"

using namespace tercio;
using namespace tercio::net;

namespace {

const std::string kKitGame = "4567cdef";
const std::string kKitCode = code_tag(kKitGame) + "HJKMNPQ";

const SecretKey& kit_code_key() {
    static const SecretKey key = code_key(kKitCode);
    return key;
}

/// A server of a game of kit K and its clients, all in this process: what each client receives
/// is read as over a socket and played on its copy.
template <class K>
struct KitTable {
    using E = typename K::Engine;
    using Session = control::SessionOf<E>;

    struct Client {
        FrameReader reader{kMaxServerPayload};
        std::string bytes;  ///< everything received
        std::vector<Message> messages;
        std::unique_ptr<ReplicaOf<E>> replica;
        std::vector<std::string> problems;  ///< a copy out of step: must stay empty
        bool closed = false;
        std::optional<Message> last(const std::string& kind) const {
            for (auto it = messages.rbegin(); it != messages.rend(); ++it) {
                if (it->kind == kind) return *it;
            }
            return std::nullopt;
        }
    };

    typename E::Context ctx;
    Clock::time_point now = Clock::time_point{} + std::chrono::hours(1);
    Session session;
    GameHost host;
    std::map<ConnId, Client> clients;
    ConnId next = 1;

    KitTable(std::uint64_t seed, std::array<std::optional<ai::Level>, 2> computer = {})
        : ctx(context()), session(ctx, seed), host(session, config(seed, computer), now) {}
    static typename E::Context context() {
        const auto ids = conformance::Files<K>::army_ids();
        REQUIRE(ids.size() >= 2);
        return conformance::Files<K>::context(ids[0], ids[1]);
    }
    static HostConfig config(std::uint64_t seed, std::array<std::optional<ai::Level>, 2> computer) {
        HostConfig cfg;
        cfg.game_id = kKitGame;
        cfg.code = kKitCode;
        cfg.code_key = kit_code_key();
        cfg.host = "alice";
        cfg.program = "test";
        cfg.seed = seed;
        cfg.computer = computer;
        return cfg;
    }

    void receive(Client& c, const std::string& b) {
        c.bytes += b;
        c.reader.feed(b);
        while (auto m = c.reader.next()) {
            if (m->kind == "setup") {
                std::string why;
                c.replica = ReplicaOf<E>::from_setup(ctx, *m, why);
                if (!c.replica) c.problems.push_back(why);
            } else if (m->kind == "played") {
                if (!c.replica) {
                    c.problems.push_back("played before setup");
                } else if (auto why = c.replica->apply(*m)) {
                    c.problems.push_back(*why);
                }
            } else if (m->kind == "undone") {
                if (auto why = c.replica->undo(*m)) c.problems.push_back(*why);
            }
            c.messages.push_back(std::move(*m));
        }
        REQUIRE_FALSE(c.reader.failed());
    }
    void deliver() {
        for (GameHost::Out& o : host.take_output()) {
            auto it = clients.find(o.to);
            if (it == clients.end() || it->second.closed) continue;
            receive(it->second, o.bytes);
            if (o.close) {
                it->second.closed = true;
                host.disconnected(o.to, now);
            }
        }
    }
    void send(ConnId id, const Message& m) {
        FrameReader r(kMaxClientPayload);
        r.feed(encode(m));
        const auto back = r.next();
        REQUIRE(back);
        host.received(id, *back, now);
        deliver();
    }
    /// A player with the code, through the whole handshake (as net::greet does it).
    ConnId join(const std::string& name, const std::string& side) {
        JoinRequest r;
        r.role = JoinRequest::Role::Play;
        r.program = "test";
        r.name = name;
        r.side = side;
        r.code = kKitCode;
        r.code_key = kit_code_key();
        const Peer peer{true, 1000, {}};
        const ConnId id = next++;
        clients.emplace(id, Client());
        host.connected(id, peer, now);
        const std::string nonce = make_nonce();
        host.received(id, hello_message(r, nonce), now);
        deliver();
        const auto challenge = clients.at(id).last("challenge");
        REQUIRE(challenge);
        const ProveOrRefuse a = answer_challenge(r, nonce, *challenge, local_identity(0), peer.identity());
        REQUIRE(a.prove);
        send(id, *a.prove);
        REQUIRE(clients.at(id).last("welcome"));
        CHECK(clients.at(id).last("welcome")->value("ruleset") == std::string(conformance::Files<K>::ruleset()));
        return id;
    }
    ConnId watch() {
        const ConnId id = next++;
        clients.emplace(id, Client());
        host.connected(id, Peer{true, 1000, {}}, now);
        Message hello("hello");
        hello.add("role", "watch").add("protocol", std::string(kProtocolName));
        hello.add("version", std::to_string(kProtocolVersion)).add("program", "test");
        host.received(id, hello, now);
        deliver();
        return id;
    }
    /// The deciding side's command, chosen on its own copy by `player`, sent as its text.
    void play_turn(ConnId who, core::Side side, ai::PlayerOf<E>& player) {
        // A copy that could not be built says why (its set-up did not check).
        const Client& client = clients.at(who);
        INFO("the copy's problems: " << (client.problems.empty() ? std::string("none") : client.problems.front()));
        REQUIRE(client.replica);
        Session& copy = client.replica->session();
        const auto c = player.choose(ai::view_of<E>(ctx, copy.state(), side));
        const std::size_t before = session.history().size();
        send(who, Message("play").add("command", E::print(ctx, copy.state(), c)));
        REQUIRE(session.history().size() == before + 1);
    }
};

/// The local game: the server's commands played again on a session of the same seed.
template <class E>
void same_as_local(const typename E::Context& ctx, std::uint64_t seed, const control::SessionOf<E>& served,
                   const std::vector<const control::SessionOf<E>*>& copies) {
    control::SessionOf<E> local(ctx, seed);
    for (const auto& e : served.history()) {
        REQUIRE(local.decider() == e.by);
        REQUIRE(local.play(e.command).ok());
    }
    CHECK(E::hash(local.state()) == E::hash(served.state()));
    CHECK(local.over() == served.over());
    for (const auto* copy : copies) {
        REQUIRE(copy->history().size() == local.history().size());
        for (std::size_t i = 0; i < local.history().size(); ++i) {
            REQUIRE(copy->history()[i].by == local.history()[i].by);
            REQUIRE(copy->history()[i].command == local.history()[i].command);
        }
        CHECK(public_hash<E>(copy->state()) == public_hash<E>(local.state()));
    }
}

/// Alice (side A, a random player) plays the table's game to its end against the computer;
/// `after_each` is called after every command.
template <class K, class F>
void play_against_computer(KitTable<K>& t, ConnId alice, ai::RandomPlayer<typename K::Engine>& player, F&& after_each) {
    std::size_t commands = 0;
    while (!t.session.over() && commands < 20000) {
        if (t.host.computer_to_move()) {
            t.host.play_computer();
            t.deliver();
        } else {
            t.play_turn(alice, core::Side::A, player);
        }
        after_each();
        ++commands;
    }
    REQUIRE(t.session.over());
}

/// The served game played again from its seed through `dice` (a tap on the seed's dice): the
/// same state.
template <class K>
void replay_from_seed(const KitTable<K>& t, core::Dice& dice) {
    using E = typename K::Engine;
    typename E::State s;
    E::new_game(t.ctx, s, dice);
    for (const auto& e : t.session.history()) REQUIRE(E::play(t.ctx, s, e.command, dice).ok());
    REQUIRE(E::hash(s) == E::hash(t.session.state()));
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("net, every ruleset: two players and a spectator play a whole game, which equals the local "
                        "game command for command",
                        "[net][kits]", kits::Kits) {
    using E = typename TestType::Engine;
    const std::uint64_t seed = 11;
    KitTable<TestType> t(seed);
    const ConnId alice = t.join("alice", "A");
    const ConnId spectator = t.watch();
    const ConnId bob = t.join("bob", "any");
    CHECK(t.clients.at(bob).last("welcome")->value("you") == "B");
    std::array<ai::RandomPlayer<E>, 2> players{ai::RandomPlayer<E>(seed), ai::RandomPlayer<E>(seed + 1)};
    bool took_back = false;
    std::size_t commands = 0;
    while (!t.session.over() && commands < 20000) {
        const core::Side side = t.session.decider();
        const ConnId who = side == core::Side::A ? alice : bob;
        t.play_turn(who, side, players[core::idx(side)]);
        ++commands;
        // Once, a command taken back: asked by its player, agreed by the other (whoever decides
        // next: in The Sword and the Pike a command that passes the decision pulls a card, which
        // cannot be taken back, so only a command its player goes on from can be).
        if (!took_back && !t.session.over() && t.session.undoable() > 0 && t.session.history().back().by == side) {
            took_back = true;
            const std::size_t before = t.session.history().size();
            t.send(who, Message("undo"));
            const ConnId other = who == alice ? bob : alice;
            REQUIRE(t.clients.at(other).last("ask-undo"));
            t.send(other, Message("answer").add("answer", "yes"));
            CHECK(t.session.history().size() < before);
        }
        // Chat reaches everyone.
        if (commands == 5) t.send(spectator, Message("say").add("text", "well played"));
    }
    REQUIRE(t.session.over());
    CHECK(took_back);
    std::vector<const control::SessionOf<E>*> copies;
    for (const ConnId id : {alice, bob, spectator}) {
        const auto& c = t.clients.at(id);
        INFO("client " << id);
        CHECK(c.problems.empty());
        REQUIRE(c.replica);
        CHECK(c.last("chat"));
        copies.push_back(&c.replica->session());
    }
    same_as_local<E>(t.ctx, seed, t.session, copies);
}

TEMPLATE_LIST_TEST_CASE("net, every ruleset: no face-down order and no shuffle's pick reaches a player or a spectator",
                        "[net][kits][hidden]", kits::Kits) {
    using E = typename TestType::Engine;
    using Hooks = conformance::RulesetHooks<E>;
    if constexpr (conformance::KeepsNothingFaceDown<Hooks>) {
        // Nothing face down: no shuffle's picks are drawn at all, and each copy is the server's
        // state itself, not only its public part.
        struct PickTap final : core::Dice {
            core::Dice& inner;
            long shuffle_picks = 0;
            explicit PickTap(core::Dice& d) : inner(d) {}
            int roll(core::DieType die, core::RollPurpose p) override { return inner.roll(die, p); }
            int pick(int n, core::RollPurpose p) override {
                shuffle_picks += p == core::RollPurpose::Shuffle;
                return inner.pick(n, p);
            }
        };
        const std::uint64_t seed = 77;
        KitTable<TestType> t(seed, {std::nullopt, ai::Level::Random});
        const ConnId alice = t.join("alice", "A");
        const ConnId spectator = t.watch();
        ai::RandomPlayer<E> player(5);
        play_against_computer(t, alice, player, [&] {
            for (const ConnId id : {alice, spectator}) {
                REQUIRE(t.clients.at(id).replica);
                REQUIRE(E::hash(t.clients.at(id).replica->session().state()) == E::hash(t.session.state()));
            }
        });
        core::SeededDice dice(seed);
        PickTap tap(dice);
        replay_from_seed(t, tap);
        CHECK(tap.shuffle_picks == 0);
        for (const ConnId id : {alice, spectator}) CHECK(t.clients.at(id).problems.empty());
    } else if constexpr (!conformance::ListsFaceDown<Hooks, typename E::State>) {
        FAIL(E::name << ": its conformance hooks have no face_down_order, to list the face-down cards");
    } else {
        // Every shuffle's picks, as the server's dice drew them.
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
        KitTable<TestType> t(seed, {std::nullopt, ai::Level::Random});
        const ConnId alice = t.join("alice", "A");
        const ConnId spectator = t.watch();
        ai::RandomPlayer<E> player(5);
        std::set<std::string> orders;
        const auto note_orders = [&] {
            for (const std::vector<int>& deck : Hooks::face_down_order(t.session.state())) {
                if (deck.size() < 4) continue;
                std::string numbers;
                for (const int card : deck) numbers += std::to_string(card) + " ";
                orders.insert(numbers);
            }
        };
        note_orders();
        play_against_computer(t, alice, player, note_orders);
        REQUIRE_FALSE(orders.empty());
        // The same game replayed from its seed, keeping the shuffles' picks.
        core::SeededDice dice(seed);
        ShuffleTap tap(dice);
        replay_from_seed(t, tap);
        REQUIRE(tap.shuffles.size() >= 2);
        for (const ConnId id : {alice, spectator}) {
            const auto& c = t.clients.at(id);
            INFO("client " << id);
            CHECK(c.problems.empty());
            // No face-down order, as the numbers of its kinds, anywhere in the bytes received.
            for (const std::string& order : orders) CHECK(c.bytes.find(order) == std::string::npos);
            // No shuffle's picks among the results sent.
            for (const auto& picks : tap.shuffles) {
                if (picks.size() < 6) continue;
                std::string text;
                for (const int p : picks) text += std::to_string(p) + " ";
                text.pop_back();
                CHECK(c.bytes.find(text) == std::string::npos);
            }
        }
        std::vector<const control::SessionOf<E>*> copies{&t.clients.at(alice).replica->session(),
                                                        &t.clients.at(spectator).replica->session()};
        same_as_local<E>(t.ctx, seed, t.session, copies);
    }
}
