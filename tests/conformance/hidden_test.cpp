// The conformance suite: hide_unseen (what a side may know, docs/rulesets.md) hides exactly the
// order of the face-down cards. Two states that differ only in that order are the same state once
// hidden, and hiding changes nothing a side may see: who decides, the turn, whether the game is
// over, the victory points, the legal commands' texts. Where a ruleset keeps its face-down cards
// is the one thing this test asks of its hooks (permute_face_down). A ruleset that keeps nothing
// face down (its hooks' nothing_face_down) is checked for that instead: hiding changes no state.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/conformance/random_games.hpp"

using namespace tercio;
using namespace tercio::conformance;

namespace {

template <class E>
std::vector<std::string> legal_texts(const typename E::Context& ctx, const typename E::State& s) {
    std::vector<std::string> out;
    for (const auto& c : E::legal_commands(ctx, s)) out.push_back(E::print(ctx, s, c));
    return out;
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("conformance: hide_unseen hides the order of the face-down cards and nothing else",
                        "[conformance][hidden]", ConformanceKits) {
    using E = typename TestType::Engine;
    using State = typename E::State;
    using Hooks = RulesetHooks<E>;
    if constexpr (KeepsNothingFaceDown<Hooks>) {
        // Nothing to hide: every state is its own hidden state, and its hash the public one.
        long checked = 0;
        play_random_games<TestType>(300, 3, Choice::RandomLegal, [&](RandomGame<TestType>&, const StepOf<E>& st) {
            State h = st.before;
            E::hide_unseen(h);
            CONFORM(h == st.before, "hide_unseen changed the state of a ruleset that keeps nothing face down");
            ++checked;
        });
        INFO(E::name << ": " << checked << " states");
        CHECK(checked > 1000);
    } else if constexpr (!PermutesFaceDown<Hooks, State>) {
        FAIL(E::name << ": its hooks (tests/conformance/hooks.hpp) have no permute_face_down, to put the face-down "
                        "cards in another order");
    } else {
        core::SeededDice r(41);
        long checked = 0, permuted = 0, hidden = 0;
        play_random_games<TestType>(700, 3, Choice::RandomLegal, [&](RandomGame<TestType>& g, const StepOf<E>& st) {
            const State& s = st.before;
            // Every fourth state (and the first): each costs two legal lists.
            if (st.walk.step % 4 != 0) return;
            State a = s, b = s;
            Hooks::permute_face_down(a, r);
            Hooks::permute_face_down(b, r);
            permuted += !(a == s);
            State h = s;
            E::hide_unseen(a);
            E::hide_unseen(b);
            E::hide_unseen(h);
            hidden += !(h == s);
            CONFORM(a == b && a == h, "two states that differ only in the face-down order differ once hidden");
            CONFORM(E::hash(a) == E::hash(b) && E::hash(a) == E::hash(h),
                    "two states that differ only in the face-down order hash otherwise once hidden");
            State twice = h;
            E::hide_unseen(twice);
            CONFORM(twice == h, "hiding twice hides more than once");
            CONFORM(E::deciding_side(h) == E::deciding_side(s), "hiding changed who decides");
            CONFORM(E::over(h) == E::over(s) && E::turn(h) == E::turn(s), "hiding changed the turn");
            for (const core::Side side : {core::Side::A, core::Side::B}) {
                CONFORM(E::victory_points(g.ctx, h, side) == E::victory_points(g.ctx, s, side),
                        "hiding changed the victory points");
            }
            CONFORM(legal_texts<E>(g.ctx, h) == legal_texts<E>(g.ctx, s), "hiding changed the legal commands");
            ++checked;
        });
        INFO(E::name << ": " << checked << " states hidden, " << permuted << " face-down orders changed, " << hidden
                     << " changed by hiding");
        // The test is not empty: there were face-down cards to put in order.
        CHECK(permuted > checked / 2);
        CHECK(hidden > checked / 2);
    }
}
