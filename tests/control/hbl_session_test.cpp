// The Session is one template for every rules engine (src/control/session.hpp): a Hell Broke Loose
// game played through SessionOf<hbl::Engine> keeps its history, takes back what rolled nothing,
// never takes back past a roll or a turned card, refuses illegal commands, and tells its
// observers, as Pikette Squared's Session does.
#include <catch2/catch.hpp>

#include "control/session.hpp"
#include "hbl/engine.hpp"
#include "tests/hbl/fixture.hpp"

using namespace tercio;
using HblSession = control::SessionOf<hbl::Engine>;

namespace {

struct Counter final : control::ObserverOf<hbl::Engine> {
    int played_n = 0, undone_n = 0;
    std::string last;
    std::optional<std::string> played(const Session& s, const Entry& e, const hbl::GameState& before) override {
        ++played_n;
        last = hbl::print(s.context(), before, e.command);
        return std::nullopt;
    }
    void undone(const Session&) override { ++undone_n; }
};

hbl::Command parse(const HblSession& s, const std::string& text) {
    auto p = hbl::parse(s.context(), s.state(), s.decider(), text);
    REQUIRE(std::holds_alternative<hbl::Command>(p));
    return std::get<hbl::Command>(p);
}

}  // namespace

TEST_CASE("A Hell Broke Loose game through the Session: history, undo to the last roll, observers",
          "[hbl][control]") {
    const hbl::Context ctx = test::hbl_game_context(0);
    HblSession s(ctx, 3);
    Counter seen;
    s.add_observer(&seen);
    REQUIRE_FALSE(s.setup_events().empty());  // the decks shuffled and the initiative rolled
    REQUIRE(s.state().decision == hbl::Decision::Choose);
    const auto hash_at_start = hbl::state_hash(s.state());

    // Going first draws nothing: it can be taken back.
    REQUIRE(s.play(parse(s, "first")).ok());
    CHECK(seen.played_n == 1);
    CHECK(seen.last == "first");
    CHECK(s.undoable() == 1);
    // The state the command was played in, to name it by before it is taken back.
    CHECK(hbl::state_hash(s.state_before(0)) == hash_at_start);
    CHECK(control::take_back_to_person<hbl::Engine>(s, [&](const hbl::Command& c, const hbl::GameState& in) {
              CHECK(hbl::state_hash(in) == hash_at_start);
              return hbl::print(s.context(), in, c);
          }) == "Took back \"first\".");
    CHECK(seen.undone_n == 1);
    REQUIRE(s.play(parse(s, "first")).ok());
    CHECK_FALSE(s.undo().has_value());
    CHECK(seen.undone_n == 2);
    CHECK(s.history().empty());
    CHECK(hbl::state_hash(s.state()) == hash_at_start);

    // Turning a card reveals it: nothing before it can be taken back.
    REQUIRE(s.play(parse(s, "first")).ok());
    REQUIRE(s.play(parse(s, "turn")).ok());
    CHECK(s.history().back().random);
    CHECK(s.undoable() == 0);
    CHECK(s.undo().value_or("") == "nothing to take back: dice were rolled or a card turned since");

    // An illegal command changes nothing and tells no one.
    const auto before = hbl::state_hash(s.state());
    const auto version = s.version();
    CHECK_FALSE(s.play(hbl::cmd::First{}).ok());
    CHECK(hbl::state_hash(s.state()) == before);
    CHECK(s.version() == version);
    CHECK(seen.played_n == 4);

    // Seats, and the name of a side the computer plays.
    s.set_seat(core::Side::B, control::Seat::computer_at("normal"));
    CHECK(control::computer_name(s, core::Side::B) == "B (" + ctx.army(core::Side::B).name + ", normal)");
}

TEST_CASE("The Session's dice go on from a seed and a count, for both engines alike", "[hbl][control]") {
    const hbl::Context ctx = test::hbl_game_context(3);
    HblSession a(ctx, 11);
    REQUIRE(a.play(hbl::cmd::First{}).ok());
    REQUIRE(a.play(hbl::cmd::Turn{}).ok());
    // A second session made from the first one's state, seed and draws goes on identically.
    HblSession b(ctx, a.state(), a.seed(), a.calls());
    for (int i = 0; i < 40 && !a.over(); ++i) {
        const auto legal = hbl::legal_commands(ctx, a.state());
        const hbl::Command c = legal[static_cast<std::size_t>(i) % (legal.size() - 1)];
        REQUIRE(a.play(c).ok());
        REQUIRE(b.play(c).ok());
        REQUIRE(hbl::state_hash(a.state()) == hbl::state_hash(b.state()));
    }
    CHECK(a.calls() == b.calls());
}
