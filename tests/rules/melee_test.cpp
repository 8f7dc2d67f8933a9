// Melee (PS-MELEE), routs (PS-ROUT), rally (PS-RALLY), the leader in combat (PS-LEADER-4, -5, -8,
// -13), the special formations in melee (PS-PHALANX, PS-TERCIO, PS-WW) and the cost of a
// move-and-attack (PS-PIP-3), with scripted dice in the order of PS-DICE-8: melee = initiator's
// die then defender's die; morale, chip and rally = the unit's die then the opponent's D6;
// pursuit = the winner's owner's D6 then the loser's owner's D6.
#include <algorithm>
#include <string>
#include <vector>

#include "rules/combat.hpp"
#include "tests/rules/position_fixture.hpp"

using namespace tercio;
using namespace tercio::rules;
using core::DieType;
using core::Facing;
using tercio::test::board;
using tercio::test::contains;
using tercio::test::events_of;
using tercio::test::path_of;
using tercio::test::Position;
using tercio::test::sq;
using tercio::test::deciding;
using tercio::test::back_to_active;

namespace {

constexpr Side A = Side::A;
constexpr Side B = Side::B;
using M = ModifierId;

/// `side` is active on `card` with `pips`; the other side has no opportunity chips, so no
/// reaction window opens and the dice scripts hold only the dice under test.
void on_card(Position& p, CardKind card, Side side = A, int pips = 10) {
    p.act(side, card, pips);
    p.s.opportunity_chips[idx(other(side))] = 0;
}

/// `mover` entered the square it shares with an enemy from `from` (PS-MELEE-6).
void entered(Position& p, std::size_t mover, const std::string& from) {
    p.unit(mover).entrant = true;
    p.unit(mover).entry = sq(from);
}

/// The names of a roll's modifiers, sorted (order of application does not matter).
std::vector<std::string> mods(const ModifiedRoll& r) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < r.modifier_count; ++i) out.emplace_back(modifier_name(r.modifiers[i]));
    std::sort(out.begin(), out.end());
    return out;
}
std::vector<std::string> names(std::initializer_list<ModifierId> ids) {
    std::vector<std::string> out;
    for (ModifierId m : ids) out.emplace_back(modifier_name(m));
    std::sort(out.begin(), out.end());
    return out;
}

/// The one melee of a command's events.
MeleeResolved the_melee(const Events& ev) {
    const auto m = events_of<MeleeResolved>(ev);
    REQUIRE(m.size() == 1);
    return m.front();
}


int chips(const Position& p, Side s) { return p.s.morale_chips[idx(s)]; }

/// The standard contact: an A PIKE (D8) holds h5 facing N; a B ARQUEBUS (D6) entered it from h6,
/// its front, facing S. A is active on a Melee card.
struct Contact {
    Position p = board();
    std::size_t a = 0;
    std::size_t b = 0;
    explicit Contact(const std::string& a_line = "pike", const std::string& b_line = "arquebus",
                     CardKind card = CardKind::Melee) {
        a = p.add(A, a_line, "h5", Facing::N);
        b = p.add(B, b_line, "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, card);
    }
};

}  // namespace

// --- starting a melee -----------------------------------------------------------------------------

TEST_CASE("a melee is fought by the two units of one contested square",
          "[rules][melee][PS-MELEE-1][PS-AMB-23]") {
    Position p = board();
    const auto a = p.add(A, "pike", "h5");
    const auto b = p.add(B, "arquebus", "h6", Facing::S);
    on_card(p, CardKind::Melee);
    CHECK(contains(p.refusal("fight h5"), "PS-MELEE-1"));
    CHECK_FALSE(p.legal("fight h6"));  // A has no unit there
    p.unit(b).square = sq("h5");
    entered(p, b, "h6");
    const auto ev = p.play("fight h5", "d10:2 d6:2");
    const auto m = the_melee(ev);
    CHECK(m.initiator == a);
    CHECK(m.defender == b);
}

TEST_CASE("the Melee card lets any unit in contact fight for 1 pip, it is charging",
          "[rules][melee][PS-MELEE-2][PS-CARD-8][PS-MELEE-7][PS-MELEE-24][PS-CARD-4]") {
    Contact c;
    Position& p = c.p;
    const auto a2 = p.add(A, "arquebus", "c5");
    const auto b2 = p.add(B, "arquebus", "c5", Facing::S);
    entered(p, b2, "c6");
    // A tie: nothing happens to either unit.
    const auto ev = p.play("fight h5", "d10:4 d6:4");
    const auto m = the_melee(ev);
    CHECK(m.winner == kNone);
    CHECK(mods(m.initiator_roll) == names({M::Charging}));
    CHECK(m.initiator_roll.base == DieType::D8);
    CHECK(m.initiator_roll.final == DieType::D10);
    CHECK(mods(m.defender_roll).empty());
    CHECK(m.defender_roll.final == DieType::D6);
    CHECK(m.initiator_roll.natural == 4);
    CHECK(m.defender_roll.natural == 4);
    CHECK(p.s.pips == 9);
    CHECK(p.unit(c.a).acted);
    // PS-MELEE-24: one melee per unit per card.
    CHECK(contains(p.refusal("fight h5"), "PS-CARD-4"));
    // Another unit fights on the same card for 1 more pip (PS-CARD-8).
    p.play("fight c5", "d8:1 d6:1");
    CHECK(p.s.pips == 8);
    CHECK(p.unit(a2).acted);
    CHECK_FALSE(p.unit(b2).acted);  // the unit attacked does not act
    // On a new card it may fight again.
    p.next_card(CardKind::Melee);
    p.play("turn");
    CHECK(p.legal("fight h5"));
}

TEST_CASE("without a Melee card only a Disordered or Routed enemy, or a flank or rear attack",
          "[rules][melee][PS-MELEE-2][PS-MELEE-4][PS-AMB-18][PS-AMB-54]") {
    SECTION("an OK enemy met from its front needs the card") {
        for (CardKind card : {CardKind::InfantryMove, CardKind::CavalryMove, CardKind::Reload,
                              CardKind::MillingAround, CardKind::LeaderCheck}) {
            Contact c("pike", "arquebus", card);
            INFO(card_title(card));
            CHECK(contains(c.p.refusal("fight h5"), "PS-MELEE-2"));
        }
    }
    SECTION("a Disordered enemy, on any card or before the first card") {
        Contact c("pike", "arquebus", CardKind::Reload);
        c.p.unit(c.b).status = UnitStatus::Disordered;
        CHECK(c.p.legal("fight h5"));
        c.p.s.has_current_card = false;
        CHECK(c.p.legal("fight h5"));
        const auto m = the_melee(c.p.play("fight h5", "d10:3 d4:3"));
        CHECK(mods(m.defender_roll) == names({M::Disordered}));
        CHECK(c.p.s.pips == 9);
    }
    SECTION("a Routed enemy") {
        Contact c("pike", "arquebus", CardKind::MillingAround);
        c.p.unit(c.b).status = UnitStatus::Routed;
        CHECK(c.p.legal("fight h5"));
    }
    SECTION("the entrant on the holder's flank or rear") {
        Position p = board();
        const auto a = p.add(A, "pike", "h6", Facing::N);
        const auto b = p.add(B, "arquebus", "h6", Facing::S);
        on_card(p, CardKind::MillingAround);
        entered(p, a, "h5");  // B's front
        CHECK(contains(p.refusal("fight h6"), "PS-MELEE-2"));
        entered(p, a, "g6");  // B's flank
        CHECK(p.legal("fight h6"));
        entered(p, a, "h7");  // B's rear
        CHECK(p.legal("fight h6"));
        const auto m = the_melee(p.play("fight h6", "d12:2 d4:2"));
        CHECK(mods(m.initiator_roll) == names({M::Charging, M::AttackingFlank}));
        CHECK(mods(m.defender_roll) == names({M::AttackedInFlank}));
        // Each unit still fights at most once per card (PS-MELEE-4).
        CHECK(contains(p.refusal("fight h6"), "PS-CARD-4"));
        // The holder on the entrant's flank gains nothing: B holds, A entered.
        (void)b;
    }
}

TEST_CASE("the holder never attacks the entrant's flank, the holder may turn to face",
          "[rules][melee][PS-MELEE-6][PS-GRID-15][PS-AMB-9]") {
    SECTION("the holder initiates against an entrant whose side it is on") {
        Position p = board();
        const auto a = p.add(A, "pike", "h5", Facing::N);
        const auto b = p.add(B, "arquebus", "h5", Facing::W);
        entered(p, b, "h6");  // A's front
        on_card(p, CardKind::Melee);
        const auto m = the_melee(p.play("fight h5", "d10:1 d6:1"));
        CHECK(m.initiator == a);
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(mods(m.defender_roll).empty());
    }
    SECTION("turning to face removes the flank attack") {
        Position p = board();
        const auto a = p.add(A, "pike", "h5", Facing::N);
        const auto b = p.add(B, "arquebus", "h5", Facing::W);
        entered(p, a, "h4");  // B's flank while it faces W
        on_card(p, CardKind::InfantryMove, B, 5);
        p.play("move h5 face SW");
        CHECK(p.unit(b).facing == Facing::SW);
        on_card(p, CardKind::Melee, A, 5);
        const auto m = the_melee(p.play("fight h5", "d10:1 d6:1"));
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(mods(m.defender_roll).empty());
        // And without a card the attack is no longer allowed.
        on_card(p, CardKind::MillingAround, A, 5);
        CHECK(contains(p.refusal("fight h5"), "PS-MELEE-2"));
    }
}

TEST_CASE("better terrain: the entrant is DOWN 1 against the holder whoever initiates",
          "[rules][melee][PS-MELEE-6][PS-MELEE-8][PS-TERRAIN-13][PS-AMB-9]") {
    Position p = board();
    p.piece(TerrainKind::Wood, {"h5"});
    const auto a = p.add(A, "pike", "h5", Facing::N);
    const auto b = p.add(B, "arquebus", "h5", Facing::S);
    entered(p, a, "h4");  // from B's front, out of the open
    on_card(p, CardKind::Melee);
    auto m = the_melee(p.play("fight h5", "d8:3 d6:3"));
    CHECK(mods(m.initiator_roll) == names({M::Charging, M::BetterTerrainOrWagon}));
    CHECK(mods(m.defender_roll).empty());
    on_card(p, CardKind::Melee, B);
    m = the_melee(p.play("fight h5", "d8:3 d6:3"));
    CHECK(m.initiator == b);
    CHECK(mods(m.initiator_roll) == names({M::Charging}));
    CHECK(mods(m.defender_roll) == names({M::BetterTerrainOrWagon}));
    CHECK(m.defender == a);
}

TEST_CASE("fight modifiers add up and are clamped once",
          "[rules][melee][PS-MELEE-8][PS-LEADER-4][PS-HITS-5][PS-AMB-52][PS-DICE-3][PS-AMB-13]") {
    SECTION("charging, more stands, leader, Disordered: D8 net +3 is D12") {
        Contact c;
        c.p.leader(A, "h5", true);
        c.p.unit(c.a).status = UnitStatus::Disordered;
        c.p.unit(c.b).stands = {1, 0};
        const auto m = the_melee(c.p.play("fight h5", "d12:6 d6:5"));
        CHECK(mods(m.initiator_roll) ==
              names({M::Charging, M::MoreStands, M::LeaderAttached, M::Disordered}));
        CHECK(m.initiator_roll.net() == 3);
        CHECK(m.initiator_roll.final == DieType::D12);
        CHECK(mods(m.defender_roll).empty());
    }
    SECTION("a damaged stand counts in full") {
        Contact c;
        c.p.unit(c.b).hits = 2;
        const auto m = the_melee(c.p.play("fight h5", "d10:5 d6:5"));
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(mods(m.defender_roll).empty());
    }
    SECTION("the defender with more stands and the leader") {
        Contact c;
        c.p.leader(B, "h5", true);
        c.p.unit(c.a).stands = {1, 0};
        const auto m = the_melee(c.p.play("fight h5", "d10:5 d12:6"));
        CHECK(mods(m.defender_roll) == names({M::MoreStands, M::LeaderAttached}));
        CHECK(m.defender_roll.final == DieType::D12);  // D6 + 3
    }
}

// --- move-and-attack ------------------------------------------------------------------------------

TEST_CASE("move-and-attack from the flank costs the move plus 1 pip",
          "[rules][melee][PS-MELEE-3][PS-PIP-3][PS-AMB-17][PS-MELEE-7][PS-MELEE-6]") {
    SECTION("1 + 1 pips, charging and on the flank") {
        Position p = board();
        const auto a = p.add(A, "pike", "h3", Facing::N);
        const auto b = p.add(B, "arquebus", "h5", Facing::W);
        on_card(p, CardKind::InfantryMove);
        const auto ev = p.play("move h3 h5 attack", "d12:3 d4:3");
        const auto m = the_melee(ev);
        CHECK(m.initiator == a);
        CHECK(m.defender == b);
        CHECK(mods(m.initiator_roll) == names({M::Charging, M::AttackingFlank}));
        CHECK(mods(m.defender_roll) == names({M::AttackedInFlank}));
        CHECK(p.s.pips == 8);
        CHECK(p.unit(a).square == sq("h5"));
        CHECK(p.unit(a).entrant);
        CHECK(p.unit(a).entry == sq("h4"));
        CHECK(p.unit(a).acted);
    }
    SECTION("not with only the move's pip") {
        Position p = board();
        p.add(A, "pike", "h3", Facing::N);
        p.add(B, "arquebus", "h5", Facing::W);
        on_card(p, CardKind::InfantryMove, A, 1);
        CHECK(contains(p.refusal("move h3 h5 attack"), "PS-PIP-3"));
        CHECK(p.legal("move h3 h5"));
        on_card(p, CardKind::InfantryMove, A, 2);
        CHECK(p.legal("move h3 h5 attack"));
    }
    SECTION("a CANNON pays 3 + 1") {
        Position p = board();
        p.add(A, "cannon", "h4", Facing::N);
        p.add(B, "arquebus", "h5", Facing::S, UnitStatus::Disordered);
        on_card(p, CardKind::InfantryMove, A, 3);
        CHECK(contains(p.refusal("move h4 h5 attack"), "PS-PIP-3"));
        on_card(p, CardKind::InfantryMove);
        const auto m = the_melee(p.play("move h4 h5 attack", "d6:2 d6:2"));
        CHECK(mods(m.initiator_roll) == names({M::Charging}));  // CANNON counts as infantry
        CHECK(mods(m.defender_roll) == names({M::MoreStands, M::Disordered}));
        CHECK(p.s.pips == 6);
    }
    SECTION("from the front only into a Disordered or Routed enemy") {
        Position p = board();
        const auto a = p.add(A, "pike", "h3", Facing::N);
        const auto b = p.add(B, "arquebus", "h5", Facing::S);
        on_card(p, CardKind::InfantryMove);
        // The refusal says in words what stops it, and which squares enter its flank or rear.
        CHECK(p.refusal("move h3 h5 attack") ==
              "entering from h4 meets the front of the enemy Arquebus in h5 (it faces S); its flank or rear is "
              "entered from h6 i6 i5 g5 g6, and moving in to attack at once needs its flank or rear, or the enemy "
              "Disordered (PS-MELEE-3)");
        // Contact without a melee (PS-AMB-54).
        const auto ev = p.play("move h3 h5");
        CHECK(events_of<MeleeResolved>(ev).empty());
        CHECK(p.unit(a).square == sq("h5"));
        CHECK(p.s.pips == 9);
        p.unit(b).status = UnitStatus::Disordered;
        p.unit(a).square = sq("h3");
        p.unit(a).entrant = false;
        on_card(p, CardKind::InfantryMove);
        const auto m = the_melee(p.play("move h3 h5 attack", "d10:1 d4:1"));
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(p.s.pips == 8);
    }
}

TEST_CASE("worked example PS-EX-12: KNIGHTS hit an ARQUEBUS in the flank, rout it and pursue",
          "[rules][melee][PS-MELEE-3][PS-MELEE-14][PS-MELEE-20][PS-PIP-3][PS-ROUT-1][PS-ROUT-2]"
          "[PS-ROUT-5][PS-AMB-11][PS-AMB-20][PS-MELEE-23][PS-DICE-8][PS-AMB-21]") {
    Position p = board();
    const auto k = p.add(A, "knights", "h3", Facing::N);
    const auto q = p.add(B, "arquebus", "h5", Facing::W);
    on_card(p, CardKind::CavalryMove);
    const auto ev = p.play("move h3 h5 attack", "d12:6 d4:3 d6:3 d6:5");
    const auto m = the_melee(ev);
    CHECK(mods(m.initiator_roll) == names({M::Charging, M::AttackingFlank}));
    CHECK(m.initiator_roll.final == DieType::D12);
    CHECK(mods(m.defender_roll) == names({M::AttackedInFlank}));
    CHECK(m.defender_roll.final == DieType::D4);
    CHECK(m.winner == k);
    CHECK(m.diff == 3);
    CHECK(m.band_min == 3);
    CHECK(m.status == Status::Routed);
    CHECK(m.x2_rout);
    CHECK(p.s.pips == 8);
    CHECK(p.unit(q).hits == 1);
    CHECK(p.unit(q).stand_count() == 2);
    CHECK(p.unit(q).status == UnitStatus::Routed);
    CHECK(p.unit(q).facing == Facing::N);
    CHECK(chips(p, B) == 10);
    // Rout move: 2 x max(2.5, 2) = 5 points, north.
    CHECK(path_of(ev, q) == std::vector<std::string>{"h6", "h7"});
    const auto pr = events_of<PursuitRolled>(ev);
    REQUIRE(pr.size() == 1);
    CHECK(pr[0].winner_roll == 3);
    CHECK(pr[0].loser_roll == 5);
    CHECK_FALSE(pr[0].may_stay);
    // The knights pursue along the path into the routed unit's square.
    CHECK(p.unit(k).square == sq("h7"));
    CHECK(p.unit(k).facing == Facing::N);
    CHECK(back_to_active(p));
}

// --- who is charging --------------------------------------------------------------------------

TEST_CASE("worked example PS-EX-13: cavalry always charge against infantry",
          "[rules][melee][PS-MELEE-9][PS-MELEE-7][PS-MELEE-18][PS-MELEE-22][PS-MELEE-23]") {
    Contact c("pike", "lancers");
    Position& p = c.p;
    const auto ev = p.play("fight h5", "d8:7 d12:5");
    const auto m = the_melee(ev);
    CHECK(mods(m.initiator_roll).empty());
    CHECK(m.initiator_roll.final == DieType::D8);
    CHECK(mods(m.defender_roll) == names({M::Charging}));
    CHECK(m.defender_roll.final == DieType::D12);
    CHECK(m.winner == c.a);
    CHECK(m.diff == 2);
    // The LANCERS fall back 1 square the way they came, keeping their facing.
    CHECK(p.unit(c.b).square == sq("h6"));
    CHECK(p.unit(c.b).facing == Facing::S);
    CHECK(p.unit(c.b).hits == 0);
    CHECK(p.unit(c.b).status == UnitStatus::Ok);
    // The PIKE may follow or stay; then its owner may chip (after the follow-up).
    REQUIRE(deciding(p, Decision::FollowUp, A));
    p.play("stay");
    CHECK(p.unit(c.a).square == sq("h5"));
    REQUIRE(deciding(p, Decision::Chip, A));
    p.play("decline");
    CHECK(back_to_active(p));
    CHECK(chips(p, A) == 12);
}

TEST_CASE("the cavalry initiator against infantry, and the infantry defender never charges",
          "[rules][melee][PS-MELEE-9]") {
    Position p = board();
    const auto a = p.add(A, "pike", "h5", Facing::N);
    const auto b = p.add(B, "lancers", "h5", Facing::S);
    entered(p, b, "h6");
    on_card(p, CardKind::Melee, B);
    const auto m = the_melee(p.play("fight h5", "d12:3 d8:3"));
    CHECK(m.initiator == b);
    CHECK(mods(m.initiator_roll) == names({M::Charging}));
    CHECK(mods(m.defender_roll).empty());
    (void)a;
}

TEST_CASE("REITERS and CARABINS charge only against each other and infantry",
          "[rules][melee][PS-MELEE-10][PS-MELEE-9]") {
    SECTION("REITERS against LANCERS: nobody charges") {
        Position p = board("imperialist", "spanish");
        p.add(A, "reiters", "h5", Facing::N);
        const auto b = p.add(B, "lancers", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee);
        const auto m = the_melee(p.play("fight h5", "d6:3 d10:3"));
        CHECK(mods(m.initiator_roll).empty());
        CHECK(mods(m.defender_roll).empty());
    }
    SECTION("REITERS against CARABINS: the initiator charges") {
        Position p = board("imperialist", "spanish");
        p.add(A, "reiters", "h5", Facing::N);
        const auto b = p.add(B, "carabins", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee);
        const auto m = the_melee(p.play("fight h5", "d8:2 d4:2"));
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(mods(m.defender_roll).empty());
    }
    SECTION("CARABINS against REITERS: the initiator charges") {
        Position p = board("imperialist", "spanish");
        p.add(A, "reiters", "h5", Facing::N);
        const auto b = p.add(B, "carabins", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee, B);
        const auto m = the_melee(p.play("fight h5", "d6:2 d6:2"));
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(mods(m.defender_roll).empty());
    }
    SECTION("REITERS against infantry: they charge, whoever starts") {
        Position p = board("imperialist", "spanish");
        p.add(A, "reiters", "h5", Facing::N);
        const auto b = p.add(B, "arquebus", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee, B);
        const auto m = the_melee(p.play("fight h5", "d6:1 d8:1"));
        CHECK(mods(m.initiator_roll).empty());
        CHECK(mods(m.defender_roll) == names({M::Charging}));
    }
}

TEST_CASE("WAR WAGONS: the plain charge rule, DOWN 1 against them, no X2 rout",
          "[rules][melee][PS-MELEE-11][PS-WW-6][PS-WW-7][PS-MELEE-8][PS-MELEE-18]") {
    SECTION("the WAR WAGONS start it against cavalry and count as charging") {
        Position p = board();
        const auto w = p.add_type(A, "war_wagons", "h5", Facing::N);
        const auto b = p.add(B, "lancers", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee);
        const auto m = the_melee(p.play("fight h5", "d10:2 d10:2"));
        CHECK(m.initiator == w);
        CHECK(m.initiator_roll.base == DieType::D8);
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(mods(m.defender_roll) == names({M::MoreStands, M::BetterTerrainOrWagon}));
    }
    SECTION("LANCERS beat them x2: no rout, and the lancers must follow") {
        Position p = board();
        const auto w = p.add_type(A, "war_wagons", "h5", Facing::N);
        const auto b = p.add(B, "lancers", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee, B);
        const auto ev = p.play("fight h5", "d12:8 d8:4");
        const auto m = the_melee(ev);
        CHECK(mods(m.initiator_roll) == names({M::Charging, M::MoreStands, M::BetterTerrainOrWagon}));
        CHECK(mods(m.defender_roll).empty());
        CHECK(m.status == Status::Disordered);
        CHECK_FALSE(m.x2_rout);
        CHECK(p.unit(w).status == UnitStatus::Disordered);
        CHECK(p.unit(w).hits == 1);
        CHECK(p.unit(w).square == sq("h3"));
        CHECK(p.unit(w).facing == Facing::N);
        CHECK(p.unit(b).square == sq("h3"));
        CHECK(deciding(p, Decision::Chip, B));
    }
    SECTION("infantry against WAR WAGONS is DOWN 1, and the wagons may choose to follow") {
        Position p = board();
        const auto w = p.add_type(A, "war_wagons", "h5", Facing::N);
        const auto b = p.add(B, "arquebus", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee);
        const auto m = the_melee(p.play("fight h5", "d10:5 d6:4"));
        CHECK(mods(m.defender_roll) == names({M::MoreStands, M::BetterTerrainOrWagon}));
        CHECK(m.defender_roll.final == DieType::D6);
        CHECK(p.unit(b).square == sq("h6"));
        REQUIRE(deciding(p, Decision::FollowUp, A));
        const auto ev = p.play("follow");
        CHECK(p.unit(w).square == sq("h6"));
        CHECK(events_of<MeleeResolved>(ev).empty());  // a follow-up is not a melee
    }
}

// --- results --------------------------------------------------------------------------------------

TEST_CASE("the melee result table, applied to the loser only",
          "[rules][melee][PS-MELEE-12][PS-MELEE-13][PS-MELEE-17][PS-MELEE-19][PS-MELEE-22]"
          "[PS-MELEE-25][PS-DICE-7][PS-AMB-28][PS-AMB-19][PS-AMB-29][PS-ROUT-1][PS-ROUT-2][PS-ROUT-5]"
          "[PS-AMB-6]") {
    Contact c;
    Position& p = c.p;
    const auto winner_untouched = [&] {
        CHECK(p.unit(c.a).square == sq("h5"));
        CHECK(p.unit(c.a).hits == 0);
        CHECK(p.unit(c.a).stand_count() == 2);
        CHECK(p.unit(c.a).status == UnitStatus::Ok);
        CHECK(chips(p, A) == 12);
    };
    SECTION("0: a tie, both stay, no chip") {
        const auto m = the_melee(p.play("fight h5", "d10:4 d6:4"));
        CHECK(m.winner == kNone);
        CHECK(m.loser == kNone);
        CHECK(p.unit(c.b).square == sq("h5"));
        CHECK(p.unit(c.b).hits == 0);
        CHECK(p.unit(c.b).status == UnitStatus::Ok);
        winner_untouched();
        CHECK(back_to_active(p));
    }
    SECTION("1-2: no hit, fall back 1, chip window") {
        const auto ev = p.play("fight h5", "d10:5 d6:4");
        const auto m = the_melee(ev);
        CHECK(m.winner == c.a);
        CHECK(m.loser == c.b);
        CHECK(m.diff == 1);
        CHECK(m.band_min == 1);
        CHECK(m.status == Status::None);
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6"});
        CHECK(p.unit(c.b).facing == Facing::S);
        CHECK(p.unit(c.b).hits == 0);
        CHECK(p.unit(c.b).status == UnitStatus::Ok);
        CHECK(chips(p, B) == 12);
        winner_untouched();
        REQUIRE(deciding(p, Decision::FollowUp, A));
        p.play("stay");
        REQUIRE(deciding(p, Decision::Chip, A));
        p.play("decline");
        CHECK(back_to_active(p));
    }
    SECTION("3-5 without a double: 1 hit, fall back 2") {
        const auto ev = p.play("fight h5", "d10:7 d6:4");
        const auto m = the_melee(ev);
        CHECK(m.band_min == 3);
        CHECK(m.status == Status::None);
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6", "h7"});
        CHECK(p.unit(c.b).hits == 1);
        CHECK(p.unit(c.b).status == UnitStatus::Ok);
        winner_untouched();
        REQUIRE(deciding(p, Decision::FollowUp, A));
        p.play("stay");
        CHECK(deciding(p, Decision::Chip, A));
    }
    SECTION("3-5 with a double of the loser's own roll: Disordered") {
        const auto ev = p.play("fight h5", "d10:6 d6:3");
        const auto m = the_melee(ev);
        CHECK(m.diff == 3);
        CHECK(m.status == Status::Disordered);
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6", "h7"});
        CHECK(p.unit(c.b).hits == 1);
        CHECK(p.unit(c.b).status == UnitStatus::Disordered);
        winner_untouched();
    }
    SECTION("6-8 with a double: 2 hits, fall back 3, Disordered") {
        const auto ev = p.play("fight h5", "d10:9 d6:3");
        const auto m = the_melee(ev);
        CHECK(m.band_min == 6);
        CHECK(m.status == Status::Disordered);
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6", "h7", "h8"});
        CHECK(p.unit(c.b).hits == 2);
        CHECK(p.unit(c.b).status == UnitStatus::Disordered);
        CHECK(p.unit(c.b).facing == Facing::S);
        REQUIRE(deciding(p, Decision::FollowUp, A));
        p.play("stay");
        CHECK(deciding(p, Decision::Chip, A));
    }
    SECTION("6-8 with a quadruple: 2 hits and Routed; rout move, no fall back, no chip") {
        const auto ev = p.play("fight h5", "d10:8 d6:2");
        const auto m = the_melee(ev);
        CHECK(m.status == Status::Routed);
        CHECK_FALSE(m.x2_rout);
        CHECK(p.unit(c.b).hits == 2);
        CHECK(p.unit(c.b).status == UnitStatus::Routed);
        CHECK(p.unit(c.b).facing == Facing::N);
        // 2 x max(2.5, 3) = 6 points toward B's edge.
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6", "h7", "h8"});
        CHECK(chips(p, B) == 10);  // 2 stands routed
        CHECK(events_of<PursuitRolled>(ev).empty());  // a PIKE winner stays
        winner_untouched();
        CHECK(back_to_active(p));
    }
    SECTION("9+: 3 hits and Routed, no chip") {
        const auto ev = p.play("fight h5", "d10:10 d6:1");
        const auto m = the_melee(ev);
        CHECK(m.diff == 9);
        CHECK(m.band_min == 9);
        CHECK(m.status == Status::Routed);
        const auto h = events_of<HitsTaken>(ev);
        REQUIRE(h.size() == 1);
        CHECK(h[0].hits == 3);
        CHECK(h[0].stands_lost == 1);
        CHECK(p.unit(c.b).stand_count() == 1);
        CHECK(p.unit(c.b).hits == 0);
        CHECK(p.unit(c.b).status == UnitStatus::Routed);
        // 1 chip for the stand destroyed, 1 for the one stand left routing.
        CHECK(chips(p, B) == 10);
        // 2 x max(2.5, 4) = 8 points.
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6", "h7", "h8", "h9"});
        winner_untouched();
        CHECK(back_to_active(p));
    }
    SECTION("the defender wins: the initiator loses and is pushed on; the non-active winner decides") {
        const auto ev = p.play("fight h5", "d10:1 d6:3");
        const auto m = the_melee(ev);
        CHECK(m.winner == c.b);
        CHECK(m.loser == c.a);
        CHECK(m.diff == 2);
        CHECK(path_of(ev, c.a) == std::vector<std::string>{"h4"});
        CHECK(p.unit(c.a).facing == Facing::N);
        REQUIRE(deciding(p, Decision::FollowUp, B));
        p.play("follow");
        CHECK(p.unit(c.b).square == sq("h4"));
        CHECK(p.unit(c.b).facing == Facing::S);
        // The follow-up makes a new engagement record (PS-MELEE-6).
        CHECK(p.unit(c.b).entrant);
        CHECK(p.unit(c.b).entry == sq("h5"));
        REQUIRE(deciding(p, Decision::Chip, B));
    }
}

TEST_CASE("a routed loser goes toward its own edge, not along the away vector",
          "[rules][melee][PS-MELEE-19][PS-ROUT-1][PS-ROUT-2][PS-AMB-11][PS-MELEE-6]") {
    Position p = board();
    const auto a = p.add(A, "pike", "h5", Facing::N);
    const auto b = p.add(B, "arquebus", "h5", Facing::E);
    entered(p, b, "g5");  // A's flank
    on_card(p, CardKind::Melee);
    const auto ev = p.play("fight h5", "d8:8 d8:2");
    const auto m = the_melee(ev);
    CHECK(mods(m.initiator_roll) == names({M::Charging, M::AttackedInFlank}));
    CHECK(mods(m.defender_roll) == names({M::AttackingFlank}));
    CHECK(m.status == Status::Routed);
    CHECK(p.unit(b).facing == Facing::N);
    CHECK(path_of(ev, b) == std::vector<std::string>{"h6", "h7", "h8"});
    CHECK(p.unit(a).square == sq("h5"));
}

TEST_CASE("fall-backs keep clear of friends and may leave the table",
          "[rules][melee][PS-MELEE-17][PS-INVOL-3][PS-INVOL-1][PS-AMB-19]") {
    SECTION("a friend on the only square: the loser stays in contact") {
        Contact c;
        c.p.add(B, "arquebus", "h6", Facing::S);
        const auto ev = c.p.play("fight h5", "d10:5 d6:4");
        CHECK(path_of(ev, c.b).empty());
        CHECK(c.p.unit(c.b).square == sq("h5"));
        CHECK(deciding(c.p, Decision::Chip, A));  // no follow-up: nobody fell back
    }
    SECTION("pushed off the board") {
        Position p = board();
        const auto a = p.add(A, "pike", "h1", Facing::N);
        const auto b = p.add(B, "arquebus", "h1", Facing::S);
        entered(p, b, "h2");
        on_card(p, CardKind::Melee);
        p.play("fight h1", "d10:1 d6:3");
        CHECK(p.unit(a).status == UnitStatus::LeftTable);
        CHECK(chips(p, A) == 12);
        CHECK(p.unit(b).square == sq("h1"));
        CHECK(back_to_active(p));
    }
}

TEST_CASE("a loser that falls back off the table is followed to the edge: cavalry must, infantry may",
          "[rules][melee][PS-MELEE-18][PS-INVOL-8][PS-INVOL-1][PS-INVOL-3]") {
    // The ARQUEBUS entered h14 from h15 and loses by 3 (7 against 4, no double): it falls back 2
    // squares the way it came, to h15 and off the north edge. The winner follows its path, which
    // ends at the edge (a follow-up never leaves the board).
    SECTION("KNIGHTS must follow") {
        Position p = board();
        const auto a = p.add(A, "knights", "h14", Facing::N);
        const auto b = p.add(B, "arquebus", "h14", Facing::S);
        entered(p, b, "h15");
        on_card(p, CardKind::Melee);
        const auto ev = p.play("fight h14", "d12:7 d6:4");
        const auto m = the_melee(ev);
        CHECK(m.winner == a);
        CHECK(m.diff == 3);
        CHECK(p.unit(b).status == UnitStatus::LeftTable);
        CHECK(path_of(ev, a) == std::vector<std::string>{"h15"});
        CHECK(p.unit(a).square == sq("h15"));
        CHECK(p.unit(a).facing == Facing::N);
        CHECK(back_to_active(p));
    }
    SECTION("a PIKE may follow or stay") {
        Position p = board();
        const auto a = p.add(A, "pike", "h14", Facing::N);
        const auto b = p.add(B, "arquebus", "h14", Facing::S);
        entered(p, b, "h15");
        on_card(p, CardKind::Melee);
        const auto ev = p.play("fight h14", "d10:7 d6:4");
        CHECK(the_melee(ev).winner == a);
        CHECK(p.unit(b).status == UnitStatus::LeftTable);
        REQUIRE(deciding(p, Decision::FollowUp, A));
        Position stays = p;
        stays.play("stay");
        CHECK(stays.unit(a).square == sq("h14"));
        CHECK(back_to_active(stays));
        const auto follow = p.play("follow");
        CHECK(path_of(follow, a) == std::vector<std::string>{"h15"});
        CHECK(p.unit(a).square == sq("h15"));
        CHECK(p.unit(a).facing == Facing::N);
        CHECK(back_to_active(p));
    }
    SECTION("a loser whose first step leaves the table leaves no path to follow") {
        Position p = board();
        const auto a = p.add(A, "pike", "h15", Facing::N);
        const auto b = p.add(B, "arquebus", "h15", Facing::S);
        entered(p, b, "h14");  // pushed on north, V = h15 - h14
        p.unit(b).entrant = false;
        entered(p, a, "h14");
        on_card(p, CardKind::Melee);
        const auto ev = p.play("fight h15", "d10:7 d6:4");
        CHECK(the_melee(ev).winner == a);
        CHECK(p.unit(b).status == UnitStatus::LeftTable);
        CHECK(p.unit(a).square == sq("h15"));
        CHECK(back_to_active(p));
    }
}

TEST_CASE("KNIGHTS and LANCERS rout non-pike infantry on any double",
          "[rules][melee][PS-MELEE-14][PS-MELEE-18][PS-MELEE-20][PS-AMB-20][PS-AMB-11]") {
    SECTION("ARQUEBUS, difference 1: routed; a tied pursuit roll means pursue") {
        Contact c("knights", "arquebus");
        const auto ev = c.p.play("fight h5", "d12:2 d6:1 d6:4 d6:4");
        const auto m = the_melee(ev);
        CHECK(m.band_min == 1);
        CHECK(m.status == Status::Routed);
        CHECK(m.x2_rout);
        CHECK(c.p.unit(c.b).status == UnitStatus::Routed);
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6", "h7"});  // 2 x 2.5 = 5 points
        CHECK(chips(c.p, B) == 10);
        const auto pr = events_of<PursuitRolled>(ev);
        REQUIRE(pr.size() == 1);
        CHECK_FALSE(pr[0].may_stay);
        CHECK(path_of(ev, c.a) == std::vector<std::string>{"h6", "h7"});
        CHECK(c.p.unit(c.a).square == sq("h7"));
        CHECK(back_to_active(c.p));
    }
    SECTION("no double: no rout; cavalry must follow") {
        Contact c("knights", "arquebus");
        const auto ev = c.p.play("fight h5", "d12:5 d6:3");
        const auto m = the_melee(ev);
        CHECK(m.status == Status::None);
        CHECK_FALSE(m.x2_rout);
        CHECK(c.p.unit(c.b).square == sq("h6"));
        CHECK(c.p.unit(c.b).status == UnitStatus::Ok);
        CHECK(c.p.unit(c.a).square == sq("h6"));
        CHECK(c.p.unit(c.a).facing == Facing::N);
        CHECK(c.p.unit(c.a).entrant);
        CHECK(c.p.unit(c.a).entry == sq("h5"));
        CHECK(deciding(c.p, Decision::Chip, A));
    }
    SECTION("not against PIKE") {
        Contact c("knights", "pike");
        const auto m = the_melee(c.p.play("fight h5", "d12:2 d10:1"));
        CHECK(m.status == Status::None);
        CHECK_FALSE(m.x2_rout);
        CHECK(c.p.unit(c.b).status == UnitStatus::Ok);
        CHECK(c.p.unit(c.b).square == sq("h6"));
    }
    SECTION("CANNON counts as infantry; a won pursuit roll lets the winner stay") {
        Contact c("knights", "cannon");
        const auto ev = c.p.play("fight h5", "d12:2 d4:1 d6:6 d6:1");
        const auto m = the_melee(ev);
        CHECK(mods(m.initiator_roll) == names({M::Charging, M::MoreStands}));
        CHECK(m.x2_rout);
        CHECK(c.p.unit(c.b).status == UnitStatus::Routed);
        CHECK(chips(c.p, B) == 11);
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6"});  // 2 x 1.5 = 3 points
        const auto pr = events_of<PursuitRolled>(ev);
        REQUIRE(pr.size() == 1);
        CHECK(pr[0].winner_roll == 6);
        CHECK(pr[0].loser_roll == 1);
        CHECK(pr[0].may_stay);
        REQUIRE(deciding(c.p, Decision::Pursue, A));
        c.p.play("stay");
        CHECK(c.p.unit(c.a).square == sq("h5"));
        CHECK(back_to_active(c.p));
    }
    SECTION("LANCERS too") {
        Position p = board();
        const auto a = p.add(A, "arquebus", "h5", Facing::N);
        const auto b = p.add(B, "lancers", "h5", Facing::S);
        entered(p, b, "h6");
        on_card(p, CardKind::Melee, B);
        const auto m = the_melee(p.play("fight h5", "d12:4 d6:2 d6:1 d6:1"));
        CHECK(m.x2_rout);
        CHECK(p.unit(a).status == UnitStatus::Routed);
        CHECK(p.unit(a).facing == Facing::S);
    }
}

TEST_CASE("pursuit: MILITIA and cavalry winners test, and pursue along the routed unit's path",
          "[rules][melee][PS-MELEE-20][PS-INVOL-7][PS-AMB-11][PS-AMB-20][PS-LEADER-6]") {
    SECTION("a won roll: the winner may pursue") {
        Contact c("knights", "arquebus");
        c.p.play("fight h5", "d12:2 d6:1 d6:5 d6:4");
        REQUIRE(deciding(c.p, Decision::Pursue, A));
        const auto ev = c.p.play("follow");
        CHECK(path_of(ev, c.a) == std::vector<std::string>{"h6", "h7"});
        CHECK(c.p.unit(c.a).square == sq("h7"));
    }
    SECTION("the pursuer's points run out before it reaches the routed unit") {
        Contact c("knights", "arquebus");
        const auto ev = c.p.play("fight h5", "d12:12 d6:3 d6:2 d6:2");
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h6", "h7", "h8", "h9"});
        CHECK(path_of(ev, c.a) == std::vector<std::string>{"h6", "h7", "h8"});  // 6 points
    }
    SECTION("MILITIA test too, and take their leader along") {
        Contact c("militia", "arquebus");
        c.p.leader(A, "h5", true);
        const auto ev = c.p.play("fight h5", "d10:8 d6:2 d6:2 d6:5");
        const auto m = the_melee(ev);
        CHECK(mods(m.initiator_roll) == names({M::Charging, M::LeaderAttached}));
        CHECK(m.status == Status::Routed);
        REQUIRE(events_of<PursuitRolled>(ev).size() == 1);
        CHECK(path_of(ev, c.a) == std::vector<std::string>{"h6", "h7"});  // 5 points
        CHECK(c.p.leader_of(A).square == sq("h7"));
        CHECK(c.p.leader_of(A).attached == c.a);
    }
}

TEST_CASE("a tie kills the attached leaders of both sides",
          "[rules][melee][PS-MELEE-16][PS-LEADER-8][PS-LEADER-10][PS-CHIP-5]") {
    Contact c;
    c.p.leader(A, "h5", true);
    c.p.leader(B, "h5", true);
    const auto ev = c.p.play("fight h5", "d12:5 d10:5 d6:3 d6:4");
    const auto m = the_melee(ev);
    CHECK(m.initiator_roll.final == DieType::D12);
    CHECK(m.defender_roll.final == DieType::D10);
    const auto k = events_of<LeaderKilled>(ev);
    REQUIRE(k.size() == 2);
    CHECK(k[0].side == A);
    CHECK(k[0].chips_lost == 3);
    CHECK(k[1].side == B);
    CHECK(k[1].chips_lost == 4);
    CHECK_FALSE(c.p.leader_of(A).alive);
    CHECK_FALSE(c.p.leader_of(B).alive);
    CHECK(chips(c.p, A) == 9);
    CHECK(chips(c.p, B) == 8);
    CHECK(c.p.unit(c.a).square == sq("h5"));
    CHECK(c.p.unit(c.b).square == sq("h5"));
}

TEST_CASE("a leader left by his routed unit rolls off against the winner in the square",
          "[rules][melee][PS-LEADER-13][PS-LEADER-11][PS-LEADER-10][PS-MELEE-23][PS-AMB-34]") {
    SECTION("he loses and is killed") {
        Contact c;
        c.p.leader(B, "h5", true);
        const auto ev = c.p.play("fight h5", "d10:8 d10:2 d6:2 d6:5 d6:3");
        CHECK(c.p.unit(c.b).status == UnitStatus::Routed);
        CHECK(c.p.unit(c.b).square == sq("h8"));
        REQUIRE(events_of<LeaderDetached>(ev).size() == 1);
        const auto k = events_of<LeaderKilled>(ev);
        REQUIRE(k.size() == 1);
        CHECK(k[0].chips_lost == 3);
        CHECK_FALSE(c.p.leader_of(B).alive);
        CHECK(chips(c.p, B) == 12 - 2 - 3);
    }
    SECTION("the winner pursues away first: at step 8 no enemy is with him, so no roll-off") {
        Contact c("knights", "arquebus");
        c.p.leader(B, "h5", true);
        const auto ev = c.p.play("fight h5", "d12:8 d10:2 d6:3 d6:3");
        CHECK(c.p.unit(c.b).status == UnitStatus::Routed);
        CHECK(c.p.unit(c.a).square == sq("h8"));  // pursued
        CHECK(events_of<LeaderKilled>(ev).empty());
        CHECK(c.p.leader_of(B).alive);
        CHECK(c.p.leader_of(B).attached == kNone);
        CHECK(c.p.leader_of(B).square == sq("h5"));
        CHECK(back_to_active(c.p));
    }
    SECTION("he wins and may escape") {
        Contact c;
        c.p.leader(B, "h5", true);
        c.p.play("fight h5", "d10:8 d10:2 d6:5 d6:2");
        CHECK(c.p.leader_of(B).alive);
        CHECK(c.p.leader_of(B).attached == kNone);
        CHECK(c.p.leader_of(B).square == sq("h5"));
        CHECK(deciding(c.p, Decision::LeaderEscape, B));
    }
}

TEST_CASE("a Routed enemy is cut down for 1 pip, with no roll and no card",
          "[rules][melee][PS-MELEE-21][PS-ROUT-6][PS-AMB-18][PS-AMB-6][PS-CHIP-2][PS-AMB-49]") {
    SECTION("by fight") {
        Contact c("pike", "arquebus", CardKind::MillingAround);
        c.p.unit(c.b).status = UnitStatus::Routed;
        const auto ev = c.p.play("fight h5");
        REQUIRE(events_of<RoutedUnitCut>(ev).size() == 1);
        CHECK(events_of<MeleeResolved>(ev).empty());
        CHECK(c.p.unit(c.b).status == UnitStatus::Destroyed);
        CHECK(chips(c.p, B) == 10);  // 1 per stand, although it paid when it routed
        CHECK(c.p.s.pips == 9);
        CHECK(c.p.unit(c.a).acted);
    }
    SECTION("not in the phase it routed") {
        Contact c("pike", "arquebus", CardKind::Melee);
        c.p.unit(c.b).status = UnitStatus::Routed;
        c.p.unit(c.b).routed_this_phase = true;
        CHECK(contains(c.p.refusal("fight h5"), "PS-MELEE-21"));
    }
    SECTION("by a move-and-attack") {
        Position p = board();
        p.add(A, "pike", "h3", Facing::N);
        const auto b = p.add(B, "arquebus", "h5", Facing::N, UnitStatus::Routed);
        on_card(p, CardKind::InfantryMove);
        const auto ev = p.play("move h3 h5 attack");
        REQUIRE(events_of<RoutedUnitCut>(ev).size() == 1);
        CHECK(p.unit(b).status == UnitStatus::Destroyed);
        CHECK(p.s.pips == 8);
    }
    SECTION("after a rout by melee, only in a later phase") {
        Contact c("knights", "arquebus");
        c.p.play("fight h5", "d12:2 d6:1 d6:4 d6:4");
        REQUIRE(c.p.unit(c.a).square == c.p.unit(c.b).square);
        c.p.next_card(CardKind::Melee);
        c.p.play("turn");
        CHECK(contains(c.p.refusal("fight h7"), "PS-MELEE-21"));
    }
}

TEST_CASE("chipping after a melee, and a chip that routs brings no pursuit",
          "[rules][melee][PS-MELEE-22][PS-MELEE-23][PS-CHIP-10][PS-AMB-29][PS-ROUT-2][PS-CHIP-8]") {
    SECTION("a successful chip disorders the loser") {
        Contact c;
        c.p.play("fight h5", "d10:5 d6:4");
        c.p.play("stay");
        REQUIRE(deciding(c.p, Decision::Chip, A));
        const auto ev = c.p.play("chip", "d6:2 d6:5");
        const auto ch = events_of<Chipped>(ev);
        REQUIRE(ch.size() == 1);
        CHECK(ch[0].success);
        CHECK(c.p.unit(c.b).status == UnitStatus::Disordered);
        CHECK(chips(c.p, A) == 11);
    }
    SECTION("a chip that routs the loser: rout move, no pursuit test") {
        Contact c("knights", "arquebus");
        c.p.unit(c.b).status = UnitStatus::Disordered;
        c.p.play("fight h5", "d12:5 d4:3");
        CHECK(c.p.unit(c.a).square == sq("h6"));  // followed
        REQUIRE(deciding(c.p, Decision::Chip, A));
        const auto ev = c.p.play("chip", "d4:1 d6:5");
        CHECK(c.p.unit(c.b).status == UnitStatus::Routed);
        CHECK(path_of(ev, c.b) == std::vector<std::string>{"h7", "h8"});
        CHECK(events_of<PursuitRolled>(ev).empty());
        CHECK(c.p.unit(c.a).square == sq("h6"));
        CHECK(chips(c.p, B) == 10);
        CHECK(chips(c.p, A) == 11);
    }
    SECTION("no chips, no chip window") {
        Contact c;
        c.p.s.morale_chips[idx(A)] = 0;
        c.p.play("fight h5", "d10:5 d6:4");
        c.p.play("stay");
        CHECK(back_to_active(c.p));
    }
}

TEST_CASE("a non-active unit starts a melee only by opportunity charge, which is charging",
          "[rules][melee][PS-MELEE-5][PS-MELEE-7][PS-AMB-16][PS-OPP-6]") {
    Position p = board();
    const auto a = p.add(A, "arquebus", "h3", Facing::N);
    const auto l = p.add(B, "lancers", "h8", Facing::S);
    p.act(A, CardKind::InfantryMove, 10);
    p.play("move h3 h4");
    REQUIRE(deciding(p, Decision::React, B));
    CHECK(contains(p.refusal("fight h4"), "may react now"));  // fight is not a reaction
    const auto ev = p.play("charge h8", "d12:4 d6:4");
    const auto m = the_melee(ev);
    CHECK(m.initiator == l);
    CHECK(m.defender == a);
    CHECK(mods(m.initiator_roll) == names({M::Charging}));
    CHECK(mods(m.defender_roll).empty());
    CHECK(p.s.pips == 9);
    CHECK(p.s.opportunity_chips[idx(B)] == 2);
}

// --- routed units (PS-ROUT) -----------------------------------------------------------------------

TEST_CASE("routed units move a full move to the rear at the start of their side's phase",
          "[rules][melee][PS-ROUT-3][PS-ROUT-4][PS-AMB-45][PS-INVOL-5]") {
    Position p = board();
    const auto r = p.add(B, "arquebus", "h8", Facing::N, UnitStatus::Routed);
    const auto gone = p.add(B, "arquebus", "c14", Facing::N, UnitStatus::Routed);
    p.add(A, "pike", "h3");
    const auto ev = p.play("pass");
    CHECK(p.s.active == B);
    CHECK(path_of(ev, r) == std::vector<std::string>{"h9", "h10"});
    CHECK(p.unit(r).status == UnitStatus::Routed);
    // Off the table: lost, at no further chip cost.
    CHECK(p.unit(gone).status == UnitStatus::LeftTable);
    CHECK(chips(p, B) == 12);
}

TEST_CASE("routed units take no voluntary action",
          "[rules][melee][PS-ROUT-6][PS-AMB-49][PS-MOVE-14]") {
    Position p = board();
    const auto a = p.add(A, "arquebus", "h5", Facing::S, UnitStatus::Routed);
    const auto b = p.add(B, "arquebus", "h5", Facing::S);
    entered(p, b, "h6");
    p.add(B, "arquebus", "h8", Facing::S);
    on_card(p, CardKind::Melee);
    CHECK(contains(p.refusal("fight h5"), "PS-ROUT-6"));
    CHECK(contains(p.refusal("shoot h5 h8"), "PS-ROUT-6"));
    on_card(p, CardKind::InfantryMove);
    CHECK(contains(p.refusal("move h5 h4"), "routed"));
    CHECK(contains(p.refusal("move h5 face SW"), "routed"));
    p.unit(a).fired = true;
    on_card(p, CardKind::Reload);
    CHECK(contains(p.refusal("reload h5"), "PS-ROUT-6"));
}

// --- rally (PS-RALLY) -------------------------------------------------------------------------------

TEST_CASE("worked example PS-EX-16: a Routed unit rallies to Disordered and may face anew",
          "[rules][melee][PS-RALLY-1][PS-RALLY-2][PS-RALLY-3][PS-RALLY-4][PS-RALLY-5][PS-ROUT-7]"
          "[PS-CHIP-3][PS-RALLY-8]") {
    Position p = board();
    p.leader(A, "h3");
    const auto u = p.add(A, "arquebus", "h7", Facing::S, UnitStatus::Routed);
    p.unit(u).hits = 2;
    p.unit(u).fired = true;
    on_card(p, CardKind::LeaderCheck, A, 5);
    const auto ev = p.play("rally h7 face N", "d4:4 d6:3");
    const auto r = events_of<RallyAttempted>(ev);
    REQUIRE(r.size() == 1);
    CHECK(r[0].roll.base == DieType::D6);
    CHECK(mods(r[0].roll) == names({M::RallyRouted}));
    CHECK(r[0].roll.final == DieType::D4);
    CHECK(r[0].roll.natural == 4);
    CHECK(r[0].opponent == 3);
    CHECK(r[0].success);
    CHECK(p.unit(u).status == UnitStatus::Disordered);  // never straight to OK
    CHECK(p.unit(u).facing == Facing::N);
    CHECK(chips(p, A) == 11);
    CHECK(p.s.pips == 5);
    CHECK(p.unit(u).hits == 2);
    CHECK(p.unit(u).fired);
}

TEST_CASE("rally: Disordered to OK, ties fail, the Sultan helps",
          "[rules][melee][PS-RALLY-4][PS-RALLY-5][PS-RALLY-6][PS-DICE-6][PS-ARMY-12]") {
    SECTION("a Disordered unit: DOWN 1, and a win makes it OK") {
        Position p = board();
        p.leader(A, "h3");
        const auto u = p.add(A, "arquebus", "h6", Facing::N, UnitStatus::Disordered);
        on_card(p, CardKind::LeaderCheck, A, 5);
        CHECK(contains(p.refusal("rally h6 face E"), "PS-RALLY-5"));
        const auto ev = p.play("rally h6", "d4:4 d6:3");
        const auto r = events_of<RallyAttempted>(ev);
        REQUIRE(r.size() == 1);
        CHECK(mods(r[0].roll) == names({M::RallyDisordered}));
        CHECK(p.unit(u).status == UnitStatus::Ok);
    }
    SECTION("a tie fails; the unit stays as it was") {
        Position p = board();
        p.leader(A, "h3");
        const auto u = p.add(A, "arquebus", "h6", Facing::S, UnitStatus::Routed);
        on_card(p, CardKind::LeaderCheck, A, 5);
        const auto ev = p.play("rally h6 face N", "d4:3 d6:3");
        CHECK_FALSE(events_of<RallyAttempted>(ev).at(0).success);
        CHECK(p.unit(u).status == UnitStatus::Routed);
        CHECK(p.unit(u).facing == Facing::S);
        CHECK(chips(p, A) == 11);
    }
    SECTION("the Sultan: UP 1") {
        Position p = board("ottoman", "spanish");
        p.leader(A, "h3");
        p.leader_of(A).sultan = true;
        const auto u = p.add(A, "arquebus", "h6", Facing::S, UnitStatus::Routed);
        on_card(p, CardKind::LeaderCheck, A, 5);
        const auto ev = p.play("rally h6", "d6:2 d6:1");
        const auto r = events_of<RallyAttempted>(ev);
        REQUIRE(r.size() == 1);
        CHECK(r[0].roll.base == DieType::D8);
        CHECK(mods(r[0].roll) == names({M::RallyRouted, M::Sultan}));
        CHECK(p.unit(u).status == UnitStatus::Disordered);
    }
}

TEST_CASE("rally refusals: card, leader, distance, chips, state, once per card",
          "[rules][melee][PS-RALLY-1][PS-RALLY-2][PS-RALLY-3][PS-RALLY-7][PS-LEADER-5][PS-CHIP-8]"
          "[PS-AMB-48][PS-LEADER-10]") {
    Position p = board();
    p.leader(A, "h3");
    const auto near = p.add(A, "arquebus", "h8", Facing::N, UnitStatus::Disordered);  // distance 5
    p.add(A, "arquebus", "i8", Facing::N, UnitStatus::Disordered);  // 5.5
    p.add(A, "pike", "h2", Facing::N);                                // OK
    const auto other_unit = p.add(A, "arquebus", "g4", Facing::N, UnitStatus::Routed);
    on_card(p, CardKind::InfantryMove, A, 5);
    CHECK(contains(p.refusal("rally h8"), "PS-RALLY-1"));
    on_card(p, CardKind::LeaderCheck, A, 5);
    CHECK(p.legal("rally h8"));
    CHECK(contains(p.refusal("rally i8"), "PS-RALLY-2"));
    CHECK_FALSE(p.legal("rally h2"));
    // Once per unit per card; other units may still try, and it is not an activation.
    p.play("rally h8", "d4:1 d6:6");
    CHECK(contains(p.refusal("rally h8"), "PS-RALLY-7"));
    CHECK_FALSE(p.unit(near).acted);
    p.play("rally g4", "d4:1 d6:6");
    CHECK(chips(p, A) == 10);
    CHECK(p.unit(other_unit).status == UnitStatus::Routed);
    CHECK(p.legal("leader h4"));
    // On the next Leader Check card it may try again.
    on_card(p, CardKind::LeaderCheck, A, 5);
    p.unit(near).rallied = false;  // as turning a card resets it
    CHECK(p.legal("rally h8"));
    SECTION("no chips") {
        p.s.morale_chips[idx(A)] = 0;
        CHECK(contains(p.refusal("rally h8"), "PS-CHIP-8"));
    }
    SECTION("an attached leader cannot rally") {
        p.leader(A, "h2", true);
        CHECK(contains(p.refusal("rally h8"), "PS-LEADER-5"));
    }
    SECTION("a dead leader cannot rally") {
        p.leader_of(A).alive = false;
        CHECK(contains(p.refusal("rally h8"), "PS-LEADER-10"));
    }
}

TEST_CASE("rallied flags are reset when a new card is turned", "[rules][melee][PS-RALLY-7]") {
    Position p = board();
    p.leader(A, "h3");
    p.add(A, "arquebus", "h6", Facing::N, UnitStatus::Disordered);
    on_card(p, CardKind::LeaderCheck, A, 5);
    p.play("rally h6", "d4:1 d6:6");
    p.next_card(CardKind::LeaderCheck);
    p.leader(A, "h3");
    p.play("turn");  // no Leader Check test is due: no combat, no enemy in range
    CHECK(p.legal("rally h6"));
}

// --- the leader in combat (PS-LEADER-4) -----------------------------------------------------------

TEST_CASE("an attached leader adds UP 2 to morale checks and against chips",
          "[rules][melee][PS-LEADER-4][PS-MORALE-2][PS-CHIP-9]") {
    SECTION("morale check on the Courage card") {
        Contact c("pike", "arquebus", CardKind::MillingAround);
        c.p.leader(A, "h5", true);
        c.p.next_card(CardKind::Courage);
        c.p.play("turn");
        REQUIRE(deciding(c.p, Decision::Courage, A));
        const auto ev = c.p.play("check h5", "d12:3 d6:5");
        const auto mc = events_of<MoraleChecked>(ev);
        REQUIRE(mc.size() == 1);
        CHECK(mods(mc[0].roll) == names({M::LeaderAttached}));
        CHECK(mc[0].roll.final == DieType::D12);
        CHECK(mc[0].failed);
        CHECK(c.p.unit(c.a).status == UnitStatus::Disordered);
    }
    SECTION("against a chip") {
        Contact c;
        c.p.leader(B, "h5", true);
        c.p.play("fight h5", "d10:5 d10:4");
        c.p.play("stay");
        REQUIRE(deciding(c.p, Decision::Chip, A));
        const auto ev = c.p.play("chip", "d10:3 d6:2");
        const auto ch = events_of<Chipped>(ev);
        REQUIRE(ch.size() == 1);
        CHECK(mods(ch[0].roll) == names({M::LeaderAttached}));
        CHECK_FALSE(ch[0].success);
        CHECK(c.p.unit(c.b).status == UnitStatus::Ok);
    }
}

// --- PHALANX (PS-PHALANX) -------------------------------------------------------------------------

TEST_CASE("worked example PS-EX-18: a PHALANX cannot be beaten by cavalry from the front",
          "[rules][melee][PS-PHALANX-1][PS-PHALANX-3][PS-MELEE-15][PS-MELEE-23]") {
    Position p = board("imperialist", "spanish");
    const auto ph = p.add(A, "phalanx", "h5", Facing::N);
    const auto l = p.add(B, "lancers", "h5", Facing::S);
    entered(p, l, "h6");
    CHECK(p.unit(ph).stand_count() == 4);
    CHECK(p.unit(ph).fight == DieType::D10);
    CHECK(p.unit(ph).move_half == 5);
    SECTION("the PHALANX loses: void") {
        on_card(p, CardKind::Melee, B);
        const auto ev = p.play("fight h5", "d12:10 d12:4");
        const auto m = the_melee(ev);
        CHECK(mods(m.initiator_roll) == names({M::Charging}));
        CHECK(mods(m.defender_roll) == names({M::MoreStands}));
        CHECK(m.void_result);
        CHECK(p.unit(ph).hits == 0);
        CHECK(p.unit(ph).square == sq("h5"));
        CHECK(p.unit(ph).status == UnitStatus::Ok);
        CHECK(events_of<HitsTaken>(ev).empty());
        CHECK(back_to_active(p));  // no chip window
    }
    SECTION("the PHALANX wins: the normal result") {
        on_card(p, CardKind::Melee, B);
        const auto ev = p.play("fight h5", "d12:4 d12:10");
        const auto m = the_melee(ev);
        CHECK_FALSE(m.void_result);
        CHECK(m.winner == ph);
        CHECK(p.unit(l).hits == 2);
        CHECK(p.unit(l).status == UnitStatus::Disordered);
        CHECK(path_of(ev, l) == std::vector<std::string>{"h6", "h7", "h8"});
        REQUIRE(deciding(p, Decision::FollowUp, A));
        p.play("stay");
        CHECK(deciding(p, Decision::Chip, A));
    }
    SECTION("a tie still kills an attached leader") {
        p.leader(A, "h5", true);
        on_card(p, CardKind::Melee, B);
        const auto ev = p.play("fight h5", "d12:5 d12:5 d6:2");
        CHECK(events_of<LeaderKilled>(ev).size() == 1);
        CHECK(chips(p, A) == 10);
    }
    SECTION("from the flank the result stands; the PHALANX has a flank") {
        entered(p, l, "g5");
        on_card(p, CardKind::Melee, B);
        const auto ev = p.play("fight h5", "d12:10 d10:4");
        const auto m = the_melee(ev);
        CHECK(mods(m.initiator_roll) == names({M::Charging, M::AttackingFlank}));
        CHECK(mods(m.defender_roll) == names({M::MoreStands, M::AttackedInFlank}));
        CHECK_FALSE(m.void_result);
        CHECK(p.unit(ph).hits == 2);
        CHECK(p.unit(ph).status == UnitStatus::Disordered);
        // Pushed on east, away from the lancers' way in, keeping its facing.
        CHECK(path_of(ev, ph) == std::vector<std::string>{"i5", "j5", "k5"});
        CHECK(p.unit(ph).facing == Facing::N);
        CHECK(p.unit(l).square == sq("k5"));  // cavalry must follow
        CHECK(deciding(p, Decision::Chip, B));
    }
}

TEST_CASE("a PHALANX that would rout loses its damaged stand, is Disordered and falls back",
          "[rules][melee][PS-PHALANX-4][PS-PHALANX-6][PS-AMB-40][PS-MELEE-17][PS-CHIP-2]") {
    Position p = board("imperialist", "spanish");
    const auto ph = p.add(A, "phalanx", "h5", Facing::N);
    const auto pk = p.add(B, "pike", "h5", Facing::S);
    entered(p, pk, "h6");
    on_card(p, CardKind::Melee, B);
    const auto ev = p.play("fight h5", "d12:8 d12:2");
    const auto m = the_melee(ev);
    CHECK(mods(m.initiator_roll) == names({M::Charging}));
    CHECK(mods(m.defender_roll) == names({M::MoreStands}));
    CHECK(m.status == Status::Routed);
    REQUIRE(events_of<StandRemoved>(ev).size() == 1);
    CHECK(p.unit(ph).stand_count() == 3);
    CHECK(p.unit(ph).hits == 0);  // the 2 hits went with the damaged stand
    CHECK(p.unit(ph).status == UnitStatus::Disordered);
    CHECK(p.unit(ph).facing == Facing::N);
    CHECK(chips(p, A) == 11);  // the stand only; no chips for routing
    CHECK(path_of(ev, ph) == std::vector<std::string>{"h4", "h3", "h2"});
    REQUIRE(deciding(p, Decision::FollowUp, B));
    p.play("stay");
    CHECK(deciding(p, Decision::Chip, B));
}

TEST_CASE("a PHALANX routed by a chip loses the damaged stand and makes no rout move",
          "[rules][melee][PS-PHALANX-4][PS-PHALANX-6][PS-AMB-40]") {
    Position p = board("imperialist", "spanish");
    const auto ph = p.add(A, "phalanx", "h5", Facing::N, UnitStatus::Disordered);
    const auto ar = p.add(B, "arquebus", "h5", Facing::S);
    entered(p, ar, "h6");
    p.unit(ph).hits = 3;
    on_card(p, CardKind::Melee, B);
    // B wins 1-2; the PHALANX falls back 1 (h4), then B chips.
    p.play("fight h5", "d8:5 d10:4");
    CHECK(p.unit(ph).square == sq("h4"));
    if (deciding(p, Decision::FollowUp, B)) p.play("stay");
    REQUIRE(deciding(p, Decision::Chip, B));
    const auto ev = p.play("chip", "d8:1 d6:6");
    CHECK(events_of<StandRemoved>(ev).size() == 1);
    CHECK(p.unit(ph).stand_count() == 3);
    CHECK(p.unit(ph).hits == 0);
    CHECK(p.unit(ph).status == UnitStatus::Disordered);
    CHECK(p.unit(ph).square == sq("h4"));
    CHECK(chips(p, A) == 11);
}

TEST_CASE("a Swiss PHALANX never routs: Disordered only, no stand lost",
          "[rules][melee][PS-PHALANX-5][PS-AMB-40]") {
    Position p = board("french", "spanish");
    const auto ph = p.add(A, "swiss_phalanx", "h5", Facing::N);
    const auto pk = p.add(B, "pike", "h5", Facing::S);
    entered(p, pk, "h6");
    on_card(p, CardKind::Melee, B);
    const auto ev = p.play("fight h5", "d12:8 d12:2");
    CHECK(the_melee(ev).status == Status::Routed);
    CHECK(events_of<StandRemoved>(ev).empty());
    CHECK(p.unit(ph).stand_count() == 4);
    CHECK(p.unit(ph).hits == 2);
    CHECK(p.unit(ph).status == UnitStatus::Disordered);
    CHECK(chips(p, A) == 12);
    CHECK(path_of(ev, ph) == std::vector<std::string>{"h4", "h3", "h2"});
}

TEST_CASE("PHALANX: shot at UP 1, no passing through units, no woods",
          "[rules][melee][PS-PHALANX-2][PS-PHALANX-7]") {
    Position p = board("imperialist", "spanish");
    const auto ph = p.add(A, "phalanx", "h5", Facing::N);
    const auto ar = p.add(B, "arquebus", "h6", Facing::S);
    const auto r = shot_roll(p.ctx, p.s, ar, ph);
    CHECK(mods(r) == names({M::ShotFlankOrFormation}));
    p.add(A, "arquebus", "h6", Facing::N);
    p.piece(TerrainKind::Wood, {"g6"});
    CHECK(p.ctx.type(p.unit(ph)).stands.at(0).hits == 4);
    on_card(p, CardKind::InfantryMove);
    p.unit(ar).square = sq("c14");
    CHECK_FALSE(p.legal("move h5 h7"));  // through the friend in h6
    CHECK_FALSE(p.legal("move h5 g6"));
    CHECK(p.legal("move h5 i6"));
}

// --- TERCIO (PS-TERCIO) ---------------------------------------------------------------------------

TEST_CASE("the TERCIO: 6 stands, D10, Move 1.5, Shoot D8 at 3", "[rules][melee][PS-TERCIO-1][PS-TERCIO-2]") {
    Position p = board();
    const auto t = p.add(B, "tercio", "h5", Facing::S);
    const auto& type = p.ctx.type(p.unit(t));
    REQUIRE(type.stands.size() == 2);
    CHECK(type.stands[0].count == 2);
    CHECK(type.stands[0].hits == 3);  // arquebus stands first
    CHECK(type.stands[1].count == 4);
    CHECK(type.stands[1].hits == 4);
    CHECK(p.unit(t).stand_count() == 6);
    CHECK(p.unit(t).fight == DieType::D10);
    CHECK(p.unit(t).move_half == 3);
    CHECK(p.unit(t).shoot_die == DieType::D8);
    CHECK(p.unit(t).range_half == 6);
}

TEST_CASE("a TERCIO cannot be beaten by cavalry, from any side, it has no flank or rear",
          "[rules][melee][PS-TERCIO-3][PS-TERCIO-4][PS-MELEE-15][PS-MELEE-6][PS-GRID-9]") {
    Position p = board();
    const auto l = p.add(A, "lancers", "h5", Facing::S);
    const auto t = p.add(B, "tercio", "h5", Facing::S);
    entered(p, l, "h6");  // the TERCIO's rear, were it anything else
    on_card(p, CardKind::MillingAround);
    CHECK(contains(p.refusal("fight h5"), "PS-MELEE-2"));
    on_card(p, CardKind::Melee);
    const auto ev = p.play("fight h5", "d12:10 d12:1");
    const auto m = the_melee(ev);
    CHECK(mods(m.initiator_roll) == names({M::Charging}));
    CHECK(mods(m.defender_roll) == names({M::MoreStands}));
    CHECK(m.void_result);
    CHECK(p.unit(t).stand_count() == 6);
    CHECK(p.unit(t).hits == 0);
    CHECK(p.unit(t).square == sq("h5"));
    CHECK(back_to_active(p));
}

TEST_CASE("a TERCIO takes melee hits on arquebus stands first and holds its ground when routed",
          "[rules][melee][PS-TERCIO-6][PS-TERCIO-8][PS-AMB-12][PS-AMB-41][PS-MELEE-17][PS-CHIP-2]") {
    Position p = board();
    const auto a = p.add(A, "pike", "h5", Facing::N);
    const auto t = p.add(B, "tercio", "h5", Facing::S);
    entered(p, t, "h6");
    on_card(p, CardKind::Melee);
    SECTION("9+: one arquebus stand shot away, the other removed; Disordered, no move, no chip") {
        const auto ev = p.play("fight h5", "d10:10 d12:1");
        const auto m = the_melee(ev);
        CHECK(m.status == Status::Routed);
        CHECK(p.unit(t).stands[0] == 0);
        CHECK(p.unit(t).stands[1] == 4);
        CHECK(p.unit(t).hits == 0);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
        CHECK(p.unit(t).square == sq("h5"));
        CHECK(path_of(ev, t).empty());
        CHECK(chips(p, B) == 10);
        CHECK(back_to_active(p));
    }
    SECTION("6-8 x4: the damaged arquebus stand goes; chip window") {
        const auto ev = p.play("fight h5", "d10:8 d12:2");
        CHECK(p.unit(t).stands[0] == 1);
        CHECK(p.unit(t).stands[1] == 4);
        CHECK(p.unit(t).hits == 0);
        CHECK(p.unit(t).status == UnitStatus::Disordered);
        CHECK(path_of(ev, t).empty());
        CHECK(chips(p, B) == 11);
        CHECK(deciding(p, Decision::Chip, A));
    }
    SECTION("a TERCIO that is not routed falls back") {
        const auto ev = p.play("fight h5", "d10:7 d12:6");
        CHECK(p.unit(t).hits == 0);
        CHECK(path_of(ev, t) == std::vector<std::string>{"h6"});
        (void)a;
    }
}

TEST_CASE("a TERCIO routed by shooting loses a stand but is not Disordered",
          "[rules][melee][PS-TERCIO-7][PS-TERCIO-9][PS-AMB-12]") {
    Position p = board();
    p.add(A, "arquebus", "h4", Facing::N);
    const auto t = p.add(B, "tercio", "h5", Facing::S);
    on_card(p, CardKind::MillingAround);
    const auto ev = p.play("shoot h4 h5", "d10:8 d6:1");  // the French ARQUEBUS shoots D8
    const auto sh = events_of<ShotResolved>(ev);
    REQUIRE(sh.size() == 1);
    CHECK(mods(sh[0].roll) == names({M::ShotFlankOrFormation}));
    CHECK(sh[0].status == Status::Routed);
    CHECK(p.unit(t).stands[0] == 1);
    CHECK(p.unit(t).stands[1] == 4);
    CHECK(p.unit(t).hits == 0);
    CHECK(p.unit(t).status == UnitStatus::Ok);
    CHECK(p.unit(t).square == sq("h5"));
    CHECK(chips(p, B) == 11);
}

TEST_CASE("a TERCIO fires all round until it loses a stand, and only with arquebus stands",
          "[rules][melee][PS-TERCIO-5][PS-TERCIO-11][PS-AMB-41]") {
    Position p = board();
    const auto t = p.add(B, "tercio", "h5", Facing::S);
    p.add(A, "arquebus", "h7", Facing::N);  // behind it
    on_card(p, CardKind::MillingAround, B);
    CHECK(p.legal("shoot h5 h7"));
    p.unit(t).stands[1] = 3;  // a pike stand lost
    CHECK(contains(p.refusal("shoot h5 h7"), "arc"));
    p.add(A, "arquebus", "h3", Facing::N);
    CHECK(p.legal("shoot h5 h3"));
    p.unit(t).stands[0] = 0;  // no arquebus stands left
    CHECK(contains(p.refusal("shoot h5 h3"), "PS-SHOOT-1"));
    // Its Fight stays D10.
    const auto a = p.add(A, "pike", "h5", Facing::N);
    entered(p, a, "h4");
    on_card(p, CardKind::Melee, B);
    const auto m = the_melee(p.play("fight h5", "d12:3 d8:3"));
    CHECK(m.initiator_roll.base == DieType::D10);
    CHECK(mods(m.initiator_roll) == names({M::Charging, M::MoreStands}));
}

TEST_CASE("a TERCIO cannot pass through units or enter woods", "[rules][melee][PS-TERCIO-10]") {
    Position p = board();
    p.add(B, "tercio", "h8", Facing::S);
    p.add(B, "arquebus", "h7", Facing::S);
    p.piece(TerrainKind::Wood, {"g7"});
    on_card(p, CardKind::InfantryMove, B);
    CHECK_FALSE(p.legal("move h8 h6"));
    CHECK_FALSE(p.legal("move h8 g7"));
    CHECK(p.legal("move h8 i7"));
}

// --- WAR WAGONS (PS-WW) ---------------------------------------------------------------------------

TEST_CASE("WAR WAGONS: one stand of 4 hits, placeholder Move 1.5, Shoot D8 at 3, Fight D8",
          "[rules][melee][PS-WW-1][PS-WW-9][PS-AMB-39][PS-AMB-1]") {
    Position p = board();
    const auto w = p.add_type(A, "war_wagons", "h5", Facing::N);
    const auto& type = p.ctx.type(p.unit(w));
    CHECK(p.unit(w).stand_count() == 1);
    REQUIRE(type.stands.size() == 1);
    CHECK(type.stands[0].hits == 4);
    CHECK(p.unit(w).move_half == 3);
    CHECK(p.unit(w).fight == DieType::D8);
    REQUIRE(type.shoot.has_value());
    CHECK(type.shoot->die == DieType::D8);
    CHECK(type.shoot->range_half == 6);
    // Three hits do not destroy it.
    const auto b = p.add(B, "pike", "h5", Facing::S);
    entered(p, b, "h6");
    on_card(p, CardKind::Melee, B);
    p.play("fight h5", "d12:12 d8:3");  // pike: charging, more stands, DOWN 1 wagon = D12
    CHECK(p.unit(w).hits == 3);
    CHECK(p.unit(w).status == UnitStatus::Routed);
    CHECK(p.unit(w).stand_count() == 1);
}

TEST_CASE("WAR WAGONS have no flank or rear", "[rules][melee][PS-WW-2][PS-MELEE-6][PS-GRID-9]") {
    Position p = board();
    p.add_type(B, "war_wagons", "h5", Facing::S);
    const auto a = p.add(A, "pike", "h5", Facing::N);
    entered(p, a, "h6");  // the wagons' rear, were it anything else
    on_card(p, CardKind::MillingAround);
    CHECK(contains(p.refusal("fight h5"), "PS-MELEE-2"));
    on_card(p, CardKind::Melee);
    const auto m = the_melee(p.play("fight h5", "d10:2 d8:2"));
    CHECK(mods(m.initiator_roll) == names({M::Charging, M::MoreStands, M::BetterTerrainOrWagon}));
    CHECK(mods(m.defender_roll).empty());
}

TEST_CASE("WAR WAGONS move on Infantry Move for 3 pips, turn 45 degrees, reload for 2, shoot",
          "[rules][melee][PS-WW-3][PS-WW-4][PS-WW-5][PS-WW-8]") {
    Position p = board();
    const auto w = p.add_type(A, "war_wagons", "h5", Facing::N);
    p.piece(TerrainKind::Wood, {"h6"});
    on_card(p, CardKind::CavalryMove);
    CHECK_FALSE(p.legal("move h5 face NE"));
    on_card(p, CardKind::InfantryMove, A, 2);
    CHECK_FALSE(p.legal("move h5 face NE"));
    on_card(p, CardKind::InfantryMove);
    CHECK_FALSE(p.legal("move h5 face E"));
    CHECK_FALSE(p.legal("move h5 h6"));  // woods
    p.play("move h5 face NE");
    CHECK(p.s.pips == 7);
    p.add(B, "arquebus", "j7", Facing::S);
    // The fixture gives add_type units no Shoot value; set the type's, as set-up does.
    p.unit(w).shoot_die = p.ctx.type(p.unit(w)).shoot->die;
    p.unit(w).range_half = static_cast<std::uint8_t>(p.ctx.type(p.unit(w)).shoot->range_half);
    on_card(p, CardKind::MillingAround);
    p.play("shoot h5 j7", "d6:1 d6:1");
    CHECK(p.unit(w).fired);
    on_card(p, CardKind::Reload);
    p.play("reload h5");
    CHECK(p.s.pips == 8);
    CHECK_FALSE(p.unit(w).fired);
}

TEST_CASE("shooting at a unit in WAR WAGONS is DOWN 1", "[rules][melee][PS-WW-6]") {
    Position p = board();
    const auto w = p.add_type(B, "war_wagons", "h7", Facing::S);
    const auto a = p.add(A, "arquebus", "h6", Facing::N);
    const auto r = shot_roll(p.ctx, p.s, a, w);
    CHECK(mods(r) == names({M::TargetInCover}));
}
