// The log pane: entries from rules events (Pikette Squared's words, its kit's Text::log_entries),
// word-wrapped, scrolled and expanded on a text surface, and the full history for Ctrl-P.
#include "ui/log.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "kits/pikette/text.hpp"
#include "tests/rules/position_fixture.hpp"

namespace tercio::test {
namespace {

using core::Facing;
using rules::CardKind;
using rules::Side;
using ui::LogView;
using ui::Rect;
using ui::TextSurface;
using Lines = std::vector<std::string>;

constexpr Side A = Side::A;
constexpr Side B = Side::B;

/// Adds the kit's entries for `events`, `after` the command that produced them.
void add(ui::Log& log, const rules::RulesContext& ctx, const rules::GameState& after,
         const rules::Events& events) {
    for (ui::LogEntry& e : kits::pikette::Text::log_entries(ctx, nullptr, after, nullptr, events))
        log.add(std::move(e));
}

std::string draw(const ui::Log& log, int width, int height, const LogView& view = {}) {
    TextSurface out(width, height);
    log.draw(out, Rect{0, 0, width, height}, view);
    return out.to_string();
}

std::string joined(const Lines& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

/// PS-EX-8: the French arquebus at h8 shoots the Spanish pike at h10 (d8 7 against d6 2), A
/// declines the chip and ends its phase.
struct Played {
    Position p = board();
    ui::Log log;
    Played() {
        p.add(A, "arquebus", "h8", Facing::N);
        p.add(B, "pike", "h10", Facing::E);
        p.s.turn = 3;
        add(log, p.ctx, p.s, p.play("shoot h8 h10", "d8:7 d6:2"));
        add(log, p.ctx, p.s, p.play("decline"));
        add(log, p.ctx, p.s, p.play("pass"));
    }
    /// The entry of the shot.
    std::size_t shot() const {
        for (std::size_t i = 0; i < log.size(); ++i) {
            if (contains(log[i].text, " shoots ")) return i;
        }
        FAIL("no shot in the log");
        return 0;
    }
};

}  // namespace

TEST_CASE("Log: one entry per event, with the explanation of a shot", "[ui][log]") {
    const Played g;
    Lines turns_and_texts;
    for (const ui::LogEntry& e : g.log.entries())
        turns_and_texts.push_back(std::to_string(e.turn) + " " + e.text);
    CHECK(joined(turns_and_texts) ==
          R"(3 A A1 Arquebus shoots B P1 Pike: d8 7 vs d6 2, difference 5: 1 hit, Disordered
3 B P1 Pike takes 1 hit
3 B P1 Pike becomes Disordered (was OK)
3 A loses its marching option
3 A ends its phase (9 pips unused)
3 Turn 3, 2nd phase: B (Spanish) acts with 6 pips
)");
    CHECK(g.log.size() == 6);
    const ui::LogEntry& shot = g.log[g.shot()];
    REQUIRE(shot.why.size() == 2);
    CHECK(contains(shot.why[0], "(PS-SHOOT-7)"));
    CHECK(contains(shot.why[1], "(PS-SHOOT-10)"));
    CHECK(g.log.last_explained() == g.shot());
}

TEST_CASE("Log: the newest entries at the bottom, wrapped, with a mark for an explanation",
          "[ui][log]") {
    const Played g;
    CHECK(draw(g.log, 40, 10) == R"(
+ A A1 Arquebus shoots B P1 Pike: d8 7
    vs d6 2, difference 5: 1 hit,
    Disordered
  B P1 Pike takes 1 hit
  B P1 Pike becomes Disordered (was OK)
  A loses its marching option
  A ends its phase (9 pips unused)
  Turn 3, 2nd phase: B (Spanish) acts
    with 6 pips)");
}

TEST_CASE("Log: an expanded shot shows its dice, modifiers and rule IDs", "[ui][log]") {
    const Played g;
    LogView v;
    v.expanded = g.shot();
    CHECK(draw(g.log, 40, 20, v) == R"(


- A A1 Arquebus shoots B P1 Pike: d8 7
    vs d6 2, difference 5: 1 hit,
    Disordered
    A A1 Arquebus: d8, UP 1 on the
      target's flank or rear, or at a
      phalanx or tercio (PS-SHOOT-7),
      DOWN 1 beyond half range
      (PS-SHOOT-8): net 0 -> d8, rolled
      7
    result: band 3-5 of the shooting
      table (PS-SHOOT-10)
  B P1 Pike takes 1 hit
  B P1 Pike becomes Disordered (was OK)
  A loses its marching option
  A ends its phase (9 pips unused)
  Turn 3, 2nd phase: B (Spanish) acts
    with 6 pips)");
}

TEST_CASE("Log: scrolling back shows older rows and how many newer are hidden", "[ui][log]") {
    const Played g;
    LogView v;
    v.scroll = 2;
    CHECK(draw(g.log, 40, 6, v) == R"(    Disordered
  B P1 Pike takes 1 hit
  B P1 Pike becomes Disordered (was OK)
  A loses its marching option
  A ends its phase (9 pips unused)
-- 2 newer rows below --)");
    SECTION("scrolling past the oldest row stops at the oldest") {
        const int max = g.log.max_scroll(40, 6, v);
        CHECK(max == g.log.row_count(40, v) - 6 + 1);
        v.scroll = max;
        const std::string oldest = draw(g.log, 40, 6, v);
        CHECK(oldest.rfind("+ ", 0) == 0);  // the shot's first row on top
        v.scroll = max + 50;
        CHECK(draw(g.log, 40, 6, v) == oldest);
    }
    SECTION("no scrolling when everything fits") {
        CHECK(g.log.max_scroll(40, 30, v) == 0);
        v.scroll = 5;
        CHECK(draw(g.log, 40, 30, v) == draw(g.log, 40, 30));
    }
}

TEST_CASE("Log: without marks the text starts at the left edge", "[ui][log]") {
    const Played g;
    LogView v;
    v.show_marks = false;
    CHECK(draw(g.log, 40, 10, v) == R"(

A A1 Arquebus shoots B P1 Pike: d8 7 vs
  d6 2, difference 5: 1 hit, Disordered
B P1 Pike takes 1 hit
B P1 Pike becomes Disordered (was OK)
A loses its marching option
A ends its phase (9 pips unused)
Turn 3, 2nd phase: B (Spanish) acts with
  6 pips)");
}

TEST_CASE("Log: a narrow area wraps and stays inside it", "[ui][log]") {
    const Played g;
    TextSurface out(20, 8);
    for (int y = 0; y < 8; ++y) out.put(0, y, std::string(20, '.'));
    LogView v;
    v.expanded = g.shot();
    v.scroll = 1;
    g.log.draw(out, Rect{3, 1, 14, 6}, v);
    CHECK(out.to_string() == R"(....................
...    unused)   ...
...  Turn 3, 2nd ...
...    phase: B  ...
...    (Spanish) ...
...    acts with ...
...-- 1 newer row...
....................)");
    SECTION("nothing at all in an empty area") {
        TextSurface none(5, 2);
        g.log.draw(none, Rect{0, 0, 0, 2}, v);
        g.log.draw(none, Rect{0, 0, 5, 0}, v);
        CHECK(none.to_string() == "\n");
    }
}

TEST_CASE("Log: the full history for Ctrl-P has turn headers and every explanation", "[ui][log]") {
    const Played g;
    CHECK(joined(g.log.history_lines(60)) == R"(-- Turn 3 --
A A1 Arquebus shoots B P1 Pike: d8 7 vs d6 2, difference 5:
  1 hit, Disordered
  A A1 Arquebus: d8, UP 1 on the target's flank or rear, or
    at a phalanx or tercio (PS-SHOOT-7), DOWN 1 beyond half
    range (PS-SHOOT-8): net 0 -> d8, rolled 7
  result: band 3-5 of the shooting table (PS-SHOOT-10)
B P1 Pike takes 1 hit
B P1 Pike becomes Disordered (was OK)
A loses its marching option
A ends its phase (9 pips unused)
Turn 3, 2nd phase: B (Spanish) acts with 6 pips
)");
    for (const std::string& line : g.log.history_lines(12))
        CHECK(ui::code_points(line).size() <= 12);
}

TEST_CASE("Log: events of a command that ends a turn are logged under the turn they belong to",
          "[ui][log]") {
    Position p = board();
    p.s.turn = 4;
    ui::Log log;
    add(log, p.ctx, p.s,
        rules::Events{rules::PhaseEnded{B, 2}, rules::TurnEnded{3, rules::TurnEnded::Why::Phases},
                      rules::InitiativeRolled{5, 2}});
    REQUIRE(log.size() == 3);
    CHECK(log[0].turn == 3);
    CHECK(log[1].turn == 3);
    CHECK(log[2].turn == 4);
    log.add(ui::LogEntry{"Game saved", {}, 4});
    CHECK(joined(log.history_lines(40)) == R"(-- Turn 3 --
B ends its phase (2 pips unused)
End of turn 3 (phases done)
-- Turn 4 --
Initiative: A rolls 5, B rolls 2
Game saved
)");
}

TEST_CASE("Log: word wrapping", "[ui][log]") {
    CHECK(ui::wrap("the quick brown fox", 9, 0, 2) == Lines{"the quick", "  brown", "  fox"});
    CHECK(ui::wrap("the quick brown fox", 10, 2, 4) ==
          Lines{"  the", "    quick", "    brown", "    fox"});
    CHECK(ui::wrap("abcdefghij", 4, 0, 1) == Lines{"abcd", " efg", " hij"});
    CHECK(ui::wrap("a  b", 10, 0, 0) == Lines{"a b"});
    CHECK(ui::wrap("", 10, 0, 0) == Lines{""});
    CHECK(ui::wrap("d8 -> d10", 0, 0, 0).empty());
    CHECK(ui::wrap("x y", 2, 4, 4) == Lines{"x", "y"});  // no room for the indent: dropped
    CHECK(ui::wrap("·K─ ab", 4, 0, 0) == Lines{"·K─", "ab"});
}

}  // namespace tercio::test
