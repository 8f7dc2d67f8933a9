// The `easy` computer level: a drill-book general (docs/computer.md, "easy").
//
// No look-ahead and no scoring of positions. Every unit reads an Actions table: a row by its
// risk factor (enemies in range, poor troops, losses, enemies on its flank or rear, disorder, no
// enemy near, good troops, cover), a column by one D6 from the player's own stream, rolled once
// per unit per card. The cell is the unit's order for that card; the player turns the orders
// into legal commands one at a time, in a fixed order of business (cut down routed enemies,
// rally, shoot, fight, march, move, reload, the leader), and turns the next card when no order
// is left to carry out. Every command comes from rules::legal_commands.
//
// The tables follow the layout of the Actions tables of the Tyneside Pike and Shot rules (one
// for firearms, one for pikes and hand weapons, one each for horse that shoot and horse that
// charge), re-read for the grid: see the comments on each table.
#include "kits/pikette/ai/easy.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <limits>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "kits/pikette/ai/levels.hpp"
#include "rules/combat.hpp"
#include "rules/geometry.hpp"
#include "rules/odds.hpp"
#include "rules/preview.hpp"

namespace tercio::ai {

namespace easy {

using core::DieType;
using core::Facing;
using core::Square;
using rules::Ability;
using rules::Category;
using rules::Command;
using rules::GameState;
using rules::RulesContext;
using rules::Side;
using rules::Unit;
using rules::UnitStatus;

std::string_view order_name(Order o) {
    switch (o) {
        case Order::Advance: return "advance";
        case Order::Continue: return "continue";
        case Order::Halt: return "halt";
        case Order::TakeCover: return "take cover";
        case Order::Withdraw: return "withdraw";
        case Order::Run: return "run";
    }
    return "?";
}

std::string_view drill_name(Drill d) {
    switch (d) {
        case Drill::Shot: return "shot";
        case Drill::Foot: return "foot";
        case Drill::PistolHorse: return "pistol horse";
        case Drill::LanceHorse: return "lance horse";
    }
    return "?";
}

namespace {

constexpr int kAny = std::numeric_limits<int>::max();

// The cells. "C" marks a cell whose unit may charge an enemy in reach ("Charge?").
constexpr Action kAdv{Order::Advance, false};
constexpr Action kAdvC{Order::Advance, true};
constexpr Action kCon{Order::Continue, false};
constexpr Action kConC{Order::Continue, true};
constexpr Action kHalt{Order::Halt, false};
constexpr Action kCover{Order::TakeCover, false};
constexpr Action kBack{Order::Withdraw, false};
constexpr Action kRun{Order::Run, false};

// Foot with firearms, bows or crossbows, and the guns (after TYN-ACT-1). At ease they carry on
// and close in on a 6; as the risk grows, halting, cover, withdrawing and running take over the
// low columns. Shooters never charge in the lowest row.
//                              D6:  1       2       3       4       5       6
constexpr ActionsTable kShotTable{{
    {0, /*     RF <= 0 */ {kCon,   kCon,   kCon,   kCon,   kCon,   kAdv}},
    {1, /*     RF 1    */ {kCover, kHalt,  kHalt,  kConC,  kConC,  kAdvC}},
    {5, /*     RF 2-5  */ {kBack,  kCover, kHalt,  kHalt,  kConC,  kAdvC}},
    {8, /*     RF 6-8  */ {kRun,   kBack,  kCover, kCover, kHalt,  kConC}},
    {kAny, /*  RF 9+   */ {kRun,   kRun,   kBack,  kCover, kCover, kHalt}},
}};

// Foot with pikes or hand weapons: pike, phalanx, tercio, militia (after TYN-ACT-2). Steadier
// than shot: the calm row reaches RF 1, and they never withdraw, only take cover or run.
// "Continue current actions" at ease is read as: close with an enemy in reach if it is worth it.
constexpr ActionsTable kFootTable{{
    {1, /*     RF <= 1 */ {kConC,  kConC,  kConC,  kConC,  kConC,  kAdvC}},
    {2, /*     RF 2    */ {kCover, kHalt,  kCon,   kConC,  kAdvC,  kAdvC}},
    {6, /*     RF 3-6  */ {kCover, kCover, kHalt,  kCon,   kConC,  kAdvC}},
    {8, /*     RF 7-8  */ {kRun,   kCover, kCover, kCover, kHalt,  kConC}},
    {kAny, /*  RF 9+   */ {kRun,   kRun,   kCover, kCover, kCover, kHalt}},
}};

// Horse that shoot: reiters, carabins (after TYN-ACT-3, horse "in the Dutch manner"). "Move at a
// trot, halt at medium range and shoot" is an Advance without charge: close to shooting range.
// "Turn and trot away" is Withdraw, "flee at a gallop" is Run.
constexpr ActionsTable kPistolHorseTable{{
    {0, /*     RF <= 0 */ {kCon,   kCon,   kCon,   kCon,   kCon,   kAdvC}},
    {2, /*     RF 1-2  */ {kBack,  kHalt,  kHalt,  kAdv,   kAdv,   kAdv}},
    {6, /*     RF 3-6  */ {kBack,  kBack,  kHalt,  kHalt,  kAdv,   kAdv}},
    {8, /*     RF 7-8  */ {kRun,   kBack,  kBack,  kBack,  kHalt,  kAdv}},
    {kAny, /*  RF 9+   */ {kRun,   kRun,   kBack,  kBack,  kBack,  kBack}},
}};

// Horse that charge: knights, lancers, light horse (after TYN-ACT-4, horse "in the Swedish
// manner"): they gallop into contact, except frontally into pikes (see worth_contact).
constexpr ActionsTable kLanceHorseTable{{
    {0, /*     RF <= 0 */ {kConC,  kConC,  kConC,  kConC,  kConC,  kAdvC}},
    {2, /*     RF 1-2  */ {kBack,  kHalt,  kAdv,   kAdvC,  kAdvC,  kAdvC}},
    {6, /*     RF 3-6  */ {kBack,  kBack,  kHalt,  kAdv,   kAdvC,  kAdvC}},
    {8, /*     RF 7-8  */ {kRun,   kBack,  kBack,  kBack,  kHalt,  kHalt}},
    {kAny, /*  RF 9+   */ {kRun,   kRun,   kBack,  kBack,  kBack,  kHalt}},
}};

// Tuning of the general, all in one place.
constexpr double kShotChance = 0.34;      // shoot when P(roll > D6) is at least this
constexpr double kChipChance = 0.30;      // chip an OK unit at these odds or better
constexpr double kChipRoutChance = 0.15;  // chip a Disordered unit (a rout) at these odds
constexpr int kRallyReserve = 2;          // morale chips kept back from rallying
constexpr int kLeaderDangerHalf = 8;      // an enemy within 4 squares: the leader seeks company
constexpr int kPursueOn = 4;              // pursue on a D6 of 4 or more

bool is_cover(const GameState& s, Square q) {
    const rules::TerrainPiece* p = s.piece_at(q);
    return p && (p->kind == rules::TerrainKind::Wood || p->kind == rules::TerrainKind::Building);
}

bool in_better_terrain(const GameState& s, Square q) {
    const rules::TerrainPiece* p = s.piece_at(q);
    return p != nullptr;  // wood, building or hill: the holder fights better there
}

int ladder(DieType d) { return core::ladder_index(d); }

/// An enemy able to hurt `u` soon: it could shoot it now (range, arc, sight; loaded or not),
/// reach its square in one move, or already shares it.
bool threatens(const RulesContext& ctx, const GameState& s, const Unit& e, const Unit& u) {
    if (!e.on_table() || e.side == u.side || e.status == UnitStatus::Routed) return false;
    const int d = core::dist2(e.square, u.square);
    if (d == 0 || d <= e.move_half) return true;
    return rules::has_shoot_value(ctx, e) && d <= e.range_half && rules::in_fire_arc(ctx, e, u.square) &&
           rules::line_of_sight(ctx, s, e.square, u.square);
}

/// The nearest enemy unit on the table (Routed ones only when asked), nearest first, lowest
/// index on a tie.
std::optional<std::size_t> nearest_enemy(const GameState& s, Side side, Square from, bool with_routed) {
    std::optional<std::size_t> best;
    int best_d = kAny;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& e = s.units[i];
        if (e.side == side || !e.on_table()) continue;
        if (!with_routed && e.status == UnitStatus::Routed) continue;
        const int d = core::dist2(from, e.square);
        if (d < best_d) {
            best_d = d;
            best = i;
        }
    }
    return best;
}

/// Distance (half-squares) from a square to the nearest enemy that is not Routed; kAny if none.
int enemy_distance(const GameState& s, Side side, Square from) {
    const auto e = nearest_enemy(s, side, from, false);
    return e ? core::dist2(from, s.units[*e].square) : kAny;
}

}  // namespace

const ActionsTable& actions_table(Drill d) {
    switch (d) {
        case Drill::Shot: return kShotTable;
        case Drill::Foot: return kFootTable;
        case Drill::PistolHorse: return kPistolHorseTable;
        case Drill::LanceHorse: return kLanceHorseTable;
    }
    return kShotTable;
}

Drill drill_of(const RulesContext& ctx, const Unit& u) {
    const rules::TroopType& t = ctx.type(u);
    if (t.category == Category::Cavalry) {
        return (u.range_half > 0 && !t.has(Ability::OpportunityCharge)) ? Drill::PistolHorse : Drill::LanceHorse;
    }
    if (u.range_half > 0 && !t.has(Ability::Pike)) return Drill::Shot;
    return Drill::Foot;
}

int risk_row(Drill d, int rf) {
    const ActionsTable& t = actions_table(d);
    for (int r = 0; r < kRows; ++r) {
        if (rf <= t[static_cast<std::size_t>(r)].up_to) return r;
    }
    return kRows - 1;
}

Action action_for(Drill d, int rf, int d6) {
    const int col = std::clamp(d6, 1, kColumns) - 1;
    return actions_table(d)[static_cast<std::size_t>(risk_row(d, rf))].cells[static_cast<std::size_t>(col)];
}

RiskFactors risk_factors(const RulesContext& ctx, const GameState& s, std::size_t unit) {
    const Unit& u = s.units[unit];
    const rules::TroopType& t = ctx.type(u);
    RiskFactors rf;
    bool threatened = false;
    bool flanked = false;
    bool near = false;
    for (std::size_t i = 0; i < s.unit_count; ++i) {
        const Unit& e = s.units[i];
        if (e.side == u.side || !e.on_table() || e.status == UnitStatus::Routed) continue;
        if (core::dist2(e.square, u.square) <= kNearHalf) near = true;
        if (!threatens(ctx, s, e, u)) continue;
        threatened = true;
        if (e.square == u.square) {
            // In contact: flanked if the enemy came in from our flank or rear (PS-MELEE-6).
            if (e.entrant && rules::entered_from_flank_or_rear(ctx, e.entry, u)) flanked = true;
        } else if (rules::aspect_of(ctx, u, e.square) != core::Aspect::Front) {
            flanked = true;
        }
    }
    rf.in_range = threatened ? 1 : 0;
    rf.poor = threatened && u.fight <= DieType::D4 ? 1 : 0;
    // Losses: the hits the unit can still take against what it started with, in fifths.
    int capacity = 0;
    int left = -static_cast<int>(u.hits);
    for (std::size_t g = 0; g < t.stands.size() && g < rules::kMaxStandGroups; ++g) {
        capacity += t.stands[g].count * t.stands[g].hits;
        left += u.stands[g] * t.stands[g].hits;
    }
    rf.losses = capacity > 0 ? 5 * std::max(0, capacity - left) / capacity : 0;
    rf.flank = flanked ? 2 : 0;
    rf.shaken = (u.status == UnitStatus::Disordered || u.status == UnitStatus::Routed) ? 3 : 0;
    rf.no_enemy_near = near ? 0 : -4;
    rf.good = (u.fight >= DieType::D10 ? -1 : 0) + (rules::leader_attached(s, unit) ? -1 : 0);
    rf.cover = is_cover(s, u.square) ? -1 : 0;
    return rf;
}

namespace {

/// A legal move of one unit, as the drill sees it.
struct Candidate {
    std::size_t index = 0;  ///< in the legal list
    Square dest{};
    Facing facing = Facing::N;  ///< after the move
    bool contact = false;       ///< ends in an enemy unit's square
    bool turned = false;
    bool attack = false;
};

using Score = std::array<int, 4>;  // lexicographic, smaller is better

class EasyPlayer final : public Player {
public:
    explicit EasyPlayer(std::unique_ptr<core::Dice> stream) : stream_(std::move(stream)) {}

    Command choose(const GameView& view) override {
        // The set-up answers are fixed; checking one is much cheaper than listing thousands of
        // placements (rules::validate and rules::legal_commands agree on what is legal).
        if (const auto c = setup_answer(view.state.decision); c && !rules::validate(view.rules(), view.state, *c)) {
            ++evaluated_;
            return *c;
        }
        legal_ = rules::legal_commands(view.rules(), view.state);
        std::erase_if(legal_, [](const Command& c) { return std::holds_alternative<rules::Concede>(c); });
        evaluated_ += legal_.size();
        if (legal_.empty()) return rules::Concede{};
        ctx_ = &view.rules();
        s_ = &view.state;
        side_ = view.side;
        const std::optional<Command> c = decide();
        // Belt and braces: only ever answer with a listed command.
        if (c && std::find(legal_.begin(), legal_.end(), *c) != legal_.end()) return *c;
        return fallback();
    }

    std::uint64_t evaluated() const override { return evaluated_; }

private:
    // --- the per-card dice ------------------------------------------------------------------
    struct CardKey {
        std::uint8_t turn = 0, phase = 0, drawn = 0;
        Side active = Side::A;
        bool has_card = false;
        bool valid = false;
        friend bool operator==(const CardKey&, const CardKey&) = default;
    };

    CardKey key_now() const {
        const GameState& s = *s_;
        return CardKey{s.turn, s.phase, s.decks[rules::idx(s.active)].drawn, s.active, s.has_current_card, true};
    }

    /// One D6 per own unit per card, rolled in unit order the first time the card is looked at.
    void roll_for_card() {
        const CardKey k = key_now();
        if (k == key_) return;
        key_ = k;
        d6_.fill(0);
        for (std::size_t i = 0; i < s_->unit_count; ++i) {
            const Unit& u = s_->units[i];
            if (u.side == side_ && u.on_table() && u.status != UnitStatus::Routed) d6_[i] = roll_d6();
        }
    }

    int roll_d6() { return stream_->roll(DieType::D6, core::RollPurpose::Other); }

    int d6_of(std::size_t i) {
        roll_for_card();
        if (d6_[i] == 0) d6_[i] = roll_d6();
        return d6_[i];
    }

    Action action_of(std::size_t i) {
        const Unit& u = s_->units[i];
        return action_for(drill_of(*ctx_, u), risk_factor(*ctx_, *s_, i), d6_of(i));
    }

    static bool bold(Order o) { return o == Order::Advance || o == Order::Continue || o == Order::Halt; }

    // --- helpers over the legal list -----------------------------------------------------------
    template <class T>
    std::optional<Command> first_of() const {
        for (const Command& c : legal_) {
            if (std::holds_alternative<T>(c)) return c;
        }
        return std::nullopt;
    }

    bool listed(const Command& c) const { return std::find(legal_.begin(), legal_.end(), c) != legal_.end(); }

    Command fallback() const {
        for (const Command& c : legal_) {
            if (std::holds_alternative<rules::Pass>(c) || std::holds_alternative<rules::Decline>(c)) return c;
        }
        return legal_.front();
    }

    std::optional<std::size_t> own_at(Square q) const { return rules::unit_at(*s_, q, side_); }
    std::optional<std::size_t> enemy_at(Square q) const { return rules::unit_at(*s_, q, rules::other(side_)); }

    std::vector<Candidate> moves_of(std::size_t i) const {
        std::vector<Candidate> out;
        const Unit& u = s_->units[i];
        for (std::size_t k = 0; k < legal_.size(); ++k) {
            const auto* m = std::get_if<rules::Move>(&legal_[k]);
            if (!m || m->from != u.square) continue;
            Candidate c;
            c.index = k;
            c.dest = m->to.value_or(m->from);
            c.facing = m->face_after ? *m->face_after : (m->face_before ? *m->face_before : u.facing);
            c.turned = m->face_after.has_value() || m->face_before.has_value();
            c.contact = m->to.has_value() && enemy_at(*m->to).has_value();
            c.attack = m->attack;
            out.push_back(c);
        }
        return out;
    }

    std::optional<Command> best_of(const std::vector<Candidate>& cs, auto&& score) const {
        std::optional<Score> best;
        std::optional<std::size_t> pick;
        for (const Candidate& c : cs) {
            const std::optional<Score> sc = score(c);
            if (!sc) continue;
            if (!best || *sc < *best) {
                best = sc;
                pick = c.index;
            }
        }
        if (!pick) return std::nullopt;
        return legal_[*pick];
    }

    // --- odds -------------------------------------------------------------------------------------
    /// P(the shot has any effect): the shooter's final die beats the target's D6.
    double shot_chance(std::size_t shooter, std::size_t target) const {
        const rules::ModifiedRoll r = rules::shot_roll(*ctx_, *s_, shooter, target);
        return rules::odds::strictly_higher(r.final, DieType::D6).approx();
    }

    /// P(win) - P(lose) of a `fight` or `move ... attack`, void results counted as nothing; 1 to
    /// cut down a routed unit. Nothing if the preview refuses.
    std::optional<double> melee_edge(const Command& c) const {
        const auto p = rules::preview(*ctx_, *s_, std::span<const Command>(&c, 1));
        const auto* pv = std::get_if<rules::Preview>(&p);
        if (!pv) return std::nullopt;
        if (pv->kind == rules::Preview::Kind::CutDown) return 1.0;
        if (pv->kind != rules::Preview::Kind::Melee) return std::nullopt;
        const auto& m = pv->melee;
        const double win = m.initiator_wins.wins.approx() - m.initiator_wins.voided.approx();
        const double lose = m.defender_wins.wins.approx() - m.defender_wins.voided.approx();
        return win - lose;
    }

    /// Whether moving `u` into contact with `e` (not an immediate melee) is worth it: a rough
    /// comparison of Fight dice with the usual edges, and never cavalry frontally into pikes.
    bool worth_contact(const Unit& u, const Unit& e, Square from_square) const {
        if (e.status == UnitStatus::Routed) return true;
        const rules::TroopType& tu = ctx_->type(u);
        const rules::TroopType& te = ctx_->type(e);
        const bool horse = tu.category == Category::Cavalry;
        if (horse && (te.has(Ability::Phalanx) || te.has(Ability::Tercio))) return false;
        const bool flank = rules::entered_from_flank_or_rear(*ctx_, from_square, e);
        if (horse && te.has(Ability::Pike) && !flank) return false;
        int ours = ladder(u.fight) - (u.status == UnitStatus::Disordered ? 1 : 0) + (flank ? 1 : 0);
        int theirs = ladder(e.fight) - (e.status == UnitStatus::Disordered ? 1 : 0);
        if (horse && te.category != Category::Cavalry) ++ours;
        if (te.category == Category::Cavalry && !horse) ++theirs;
        if (u.stand_count() > e.stand_count()) ++ours;
        if (e.stand_count() > u.stand_count()) ++theirs;
        if (in_better_terrain(*s_, e.square)) ++theirs;
        return ours > theirs || (ours == theirs && e.status == UnitStatus::Disordered);
    }

    // --- decisions ----------------------------------------------------------------------------------
    /// The set-up choices that need no list: no terrain, no adjustment, the standard deployment.
    static std::optional<Command> setup_answer(rules::Decision d) {
        switch (d) {
            case rules::Decision::PlaceTerrain: return Command{rules::PassTerrain{}};
            case rules::Decision::AdjustTerrain: return Command{rules::AdjustTerrain{}};
            case rules::Decision::Deploy: return Command{rules::DeployAuto{}};
            default: return std::nullopt;
        }
    }

    std::optional<Command> decide() {
        using rules::Decision;
        switch (s_->decision) {
            case Decision::ExtraUnitChoice: return first_of<rules::ChooseExtraUnit>();
            case Decision::ExtraCardChoice: return first_of<rules::ChooseExtraCard>();
            case Decision::PlaceTerrain: return first_of<rules::PassTerrain>();
            case Decision::AdjustTerrain: return Command{rules::AdjustTerrain{}};
            case Decision::Deploy: return first_of<rules::DeployAuto>();
            case Decision::InitiativeChoice: return Command{rules::ChooseOrder{false}};  // the larger roll
            case Decision::Act: return act();
            case Decision::React: return react();
            case Decision::LeaderEscape: return escape();
            case Decision::Chip: return chip();
            case Decision::FollowUp: return follow_up();
            case Decision::Pursue:
                return roll_d6() >= kPursueOn ? Command{rules::Follow{}} : Command{rules::Stay{}};
            case Decision::Courage: return first_of<rules::CheckMorale>();
            case Decision::GameOver: return std::nullopt;
        }
        return std::nullopt;
    }

    // The active phase: one command of the first business that has something to do.
    std::optional<Command> act() {
        roll_for_card();
        if (s_->marching) return march_step();
        if (auto c = cut_down()) return c;
        if (auto c = rally()) return c;
        if (auto c = best_shot(std::nullopt)) return c;
        if (auto c = fight()) return c;
        if (auto c = march()) return c;
        if (auto c = orders()) return c;
        if (auto c = reload()) return c;
        if (auto c = leader()) return c;
        // Nothing more on this card: turn the next if a pip would be left to use it.
        if (s_->pips >= 2) {
            if (auto c = first_of<rules::TurnCard>()) return c;
        }
        return first_of<rules::Pass>();
    }

    /// A Routed enemy in our square costs 1 pip to destroy (PS-MELEE-21): always.
    std::optional<Command> cut_down() const {
        for (const Command& c : legal_) {
            const auto* f = std::get_if<rules::Fight>(&c);
            if (!f) continue;
            const auto e = enemy_at(f->square);
            if (e && s_->units[*e].status == UnitStatus::Routed) return c;
        }
        return std::nullopt;
    }

    /// On a Leader Check card: rally routed units (facing the nearest enemy), then disordered
    /// ones, while morale chips above the reserve last.
    std::optional<Command> rally() const {
        if (s_->morale_chips[rules::idx(side_)] <= kRallyReserve) return std::nullopt;
        std::optional<Command> disordered;
        for (const Command& c : legal_) {
            const auto* r = std::get_if<rules::Rally>(&c);
            if (!r) continue;
            const auto ui = own_at(r->square);
            if (!ui) continue;
            const Unit& u = s_->units[*ui];
            if (u.status == UnitStatus::Disordered) {
                if (!disordered) disordered = c;
                continue;
            }
            const auto e = nearest_enemy(*s_, side_, u.square, false);
            if (e) {
                const rules::Rally faced{r->square, facing_toward(u.square, s_->units[*e].square)};
                if (faced.face != u.facing && listed(Command{faced})) return Command{faced};
            }
            return c;
        }
        return disordered;
    }

    static Facing facing_toward(Square from, Square to) {
        const core::Offset d = to - from;
        Facing best = Facing::N;
        int best_dot = std::numeric_limits<int>::min();
        for (Facing f : core::kAllFacings) {
            const core::Offset v = core::vector(f);
            // Scale orthogonal vectors so diagonals are not favoured by their length.
            const int dot = (v.dx * d.dx + v.dy * d.dy) * (core::is_diagonal(f) ? 2 : 3);
            if (dot > best_dot) {
                best_dot = dot;
                best = f;
            }
        }
        return best;
    }

    /// The best shot on offer, by the chance of any effect (a Disordered target counts a little
    /// more: a hit may rout it). In a reaction after a step, only at the unit that stepped.
    std::optional<Command> best_shot(std::optional<Square> only_at) {
        std::optional<Command> pick;
        double best = 0;
        for (const Command& c : legal_) {
            const auto* x = std::get_if<rules::Shoot>(&c);
            if (!x) continue;
            if (only_at && x->target != *only_at) continue;
            const auto ui = own_at(x->from);
            const auto ti = enemy_at(x->target);
            if (!ui || !ti) continue;
            if (!bold(action_of(*ui).order)) continue;
            double p = shot_chance(*ui, *ti);
            if (p < kShotChance) continue;
            if (s_->units[*ti].status == UnitStatus::Disordered) p += 0.1;
            if (p > best) {
                best = p;
                pick = c;
            }
        }
        return pick;
    }

    /// Fights in our squares (on a Melee card, or against a Disordered enemy or from its flank):
    /// when the unit's order stands its ground and the odds are even or better.
    std::optional<Command> fight() {
        for (const Command& c : legal_) {
            const auto* f = std::get_if<rules::Fight>(&c);
            if (!f) continue;
            const auto ui = own_at(f->square);
            if (!ui || !bold(action_of(*ui).order)) continue;
            const auto edge = melee_edge(c);
            if (edge && *edge >= 0) return c;
        }
        return std::nullopt;
    }

    /// March (2 pips, the whole army) while no enemy is near any of our units.
    std::optional<Command> march() const {
        const auto m = first_of<rules::March>();
        if (!m) return std::nullopt;
        for (std::size_t i = 0; i < s_->unit_count; ++i) {
            const Unit& u = s_->units[i];
            if (u.side == side_ && u.on_table() && enemy_distance(*s_, side_, u.square) <= kNearHalf) return std::nullopt;
        }
        return m;
    }

    /// In a march: the next unit's move, as near two squares straight ahead as it can, never
    /// into contact (that would end the marching option).
    std::optional<Command> march_step() const {
        std::vector<Candidate> cs;
        std::optional<Square> from;
        for (std::size_t k = 0; k < legal_.size(); ++k) {
            const auto* m = std::get_if<rules::Move>(&legal_[k]);
            if (!m) continue;
            if (!from) from = m->from;
            if (m->from != *from) continue;
            Candidate c;
            c.index = k;
            c.dest = m->to.value_or(m->from);
            c.turned = m->face_after.has_value() || m->face_before.has_value();
            c.contact = m->to.has_value() && enemy_at(*m->to).has_value();
            cs.push_back(c);
        }
        const int ahead = core::vector(rules::enemy_direction(side_)).dy;
        return best_of(cs, [&](const Candidate& c) -> std::optional<Score> {
            const int rows = (c.dest.y - from->y) * ahead;
            return Score{c.contact ? 1 : 0, std::abs(rows - 2), std::abs(c.dest.x - from->x), c.turned ? 1 : 0};
        });
    }

    /// Each unit in turn (unit order) carries out its order, if it has a move that does so.
    std::optional<Command> orders() {
        for (std::size_t i = 0; i < s_->unit_count; ++i) {
            const Unit& u = s_->units[i];
            if (u.side != side_ || !u.on_table() || u.status == UnitStatus::Routed || u.acted) continue;
            // Guns and war wagons are placed, not manoeuvred (3 pips a move).
            if (ctx_->type(u).move_pips >= 3) continue;
            const std::vector<Candidate> cs = moves_of(i);
            if (cs.empty()) continue;
            if (auto c = carry_out(i, action_of(i), cs)) return c;
        }
        return std::nullopt;
    }

    bool faces(const Unit& u, Facing f, Square from, Square target) const {
        if (ctx_->type(u).has(Ability::NoFlank)) return true;
        return core::in_arc(f, target - from);
    }

    /// A turn on the spot toward `target` if it is not in the unit's arc.
    std::optional<Command> face(std::size_t i, const std::vector<Candidate>& cs, Square target) const {
        const Unit& u = s_->units[i];
        if (u.square == target || faces(u, u.facing, u.square, target)) return std::nullopt;
        const core::Offset d = target - u.square;
        const auto dot = [&](Facing f) { return core::vector(f).dx * d.dx + core::vector(f).dy * d.dy; };
        const int now = dot(u.facing);
        return best_of(cs, [&](const Candidate& c) -> std::optional<Score> {
            if (c.dest != u.square || !c.turned) return std::nullopt;
            if (!faces(u, c.facing, u.square, target) && dot(c.facing) <= now) return std::nullopt;
            return Score{faces(u, c.facing, u.square, target) ? 0 : 1, -dot(c.facing), 0, 0};
        });
    }

    /// Into contact with an enemy in reach, if worth it: a move-and-attack with even odds first,
    /// else a plain move into its square.
    std::optional<Command> charge(std::size_t i, const std::vector<Candidate>& cs) const {
        const Unit& u = s_->units[i];
        std::optional<Command> attack;
        std::optional<Command> contact;
        for (const Candidate& c : cs) {
            if (!c.contact) continue;
            const auto ei = enemy_at(c.dest);
            if (!ei) continue;
            if (c.attack) {
                const auto edge = melee_edge(legal_[c.index]);
                if (!attack && edge && *edge >= 0) attack = legal_[c.index];
            } else if (!contact) {
                // The square it would enter from is not known here; judge it as a frontal contact
                // unless the enemy is already turned away from us.
                if (worth_contact(u, s_->units[*ei], u.square)) contact = legal_[c.index];
            }
        }
        return attack ? attack : contact;
    }

    /// Whether the unit could shoot now with decent odds.
    bool has_good_shot(std::size_t i) const {
        for (const Command& c : legal_) {
            const auto* x = std::get_if<rules::Shoot>(&c);
            if (!x || x->from != s_->units[i].square) continue;
            const auto ti = enemy_at(x->target);
            if (ti && shot_chance(i, *ti) >= kShotChance) return true;
        }
        return false;
    }

    std::optional<Command> carry_out(std::size_t i, Action a, const std::vector<Candidate>& cs) {
        const Unit& u = s_->units[i];
        const GameState& s = *s_;
        const bool in_contact = enemy_at(u.square).has_value();
        const auto near_e = nearest_enemy(s, side_, u.square, false);
        const auto any_e = nearest_enemy(s, side_, u.square, true);
        const int now_d = enemy_distance(s, side_, u.square);
        const bool shooter = rules::has_shoot_value(*ctx_, u);
        switch (a.order) {
            case Order::Advance:
            case Order::Continue: {
                if (in_contact || !any_e) return std::nullopt;
                if (a.charge) {
                    if (auto c = charge(i, cs)) return c;
                }
                const Square target = s.units[near_e ? *near_e : *any_e].square;
                if (auto c = face(i, cs, target)) return c;
                const int d = core::dist2(u.square, target);
                if (shooter && (has_good_shot(i) || d <= u.range_half)) return std::nullopt;  // halt and shoot
                if (!shooter && d <= 3) return std::nullopt;  // already at hand
                const bool one_step = a.order == Order::Continue;
                const int range = shooter ? static_cast<int>(u.range_half) : 0;
                return best_of(cs, [&](const Candidate& c) -> std::optional<Score> {
                    if (c.contact || c.dest == u.square) return std::nullopt;
                    if (one_step && (c.turned || core::dist2(u.square, c.dest) > 3)) return std::nullopt;
                    const int nd = core::dist2(c.dest, target);
                    if (nd >= d) return std::nullopt;
                    // Shooters stop at the edge of their range; others close right up.
                    const int over = std::max(0, nd - range);
                    return Score{over, shooter ? -nd : nd, faces(u, c.facing, c.dest, target) ? 0 : 1, c.turned ? 1 : 0};
                });
            }
            case Order::Halt: {
                if (in_contact || !near_e) return std::nullopt;
                return face(i, cs, s.units[*near_e].square);
            }
            case Order::TakeCover:
            case Order::Withdraw: {
                if (a.order == Order::TakeCover && is_cover(s, u.square)) return std::nullopt;
                if (!near_e) return std::nullopt;
                const Square threat = s.units[*near_e].square;
                const bool withdraw = a.order == Order::Withdraw;
                // Cover within one move (for Withdraw: only cover farther from the enemy).
                auto cover = best_of(cs, [&](const Candidate& c) -> std::optional<Score> {
                    if (c.contact || c.dest == u.square || !is_cover(s, c.dest)) return std::nullopt;
                    const int nd = enemy_distance(s, side_, c.dest);
                    if (withdraw && nd <= now_d) return std::nullopt;
                    return Score{-nd, faces(u, c.facing, c.dest, threat) ? 0 : 1, c.turned ? 1 : 0, 0};
                });
                if (cover) return cover;
                return away(cs, u, threat, now_d, true);
            }
            case Order::Run: {
                if (!near_e) return std::nullopt;
                return away(cs, u, s.units[*near_e].square, now_d, false);
            }
        }
        return std::nullopt;
    }

    /// The move ending farthest from the nearest enemy, if farther than now; keeping the front
    /// toward `threat` when asked, on a tie.
    std::optional<Command> away(const std::vector<Candidate>& cs, const Unit& u, Square threat, int now_d,
                                bool keep_front) const {
        return best_of(cs, [&](const Candidate& c) -> std::optional<Score> {
            if (c.contact || c.dest == u.square) return std::nullopt;
            const int nd = enemy_distance(*s_, side_, c.dest);
            if (nd <= now_d) return std::nullopt;
            return Score{-nd, keep_front && !faces(u, c.facing, c.dest, threat) ? 1 : 0, c.turned ? 1 : 0, 0};
        });
    }

    /// On a Reload card: reload, units with an enemy in range first; never a unit told to run.
    std::optional<Command> reload() {
        std::optional<Command> later;
        for (const Command& c : legal_) {
            const auto* r = std::get_if<rules::Reload>(&c);
            if (!r) continue;
            const auto ui = own_at(r->square);
            if (!ui || action_of(*ui).order == Order::Run) continue;
            const Unit& u = s_->units[*ui];
            if (enemy_distance(*s_, side_, u.square) <= u.range_half) return c;
            if (!later) later = c;
        }
        return later;
    }

    /// The leader: on a Leader Check card, toward units waiting to be rallied; on a move card,
    /// out of the way of an enemy that comes within 4 squares while he stands alone.
    std::optional<Command> leader() const {
        const GameState& s = *s_;
        const rules::Leader& l = s.leaders[rules::idx(side_)];
        if (!l.alive || !l.deployed || l.attached != rules::kNone) return std::nullopt;
        const rules::CardKind* card = s.current_card();
        if (!card) return std::nullopt;
        const int safe_now = enemy_distance(s, side_, l.square);
        if (*card == rules::CardKind::LeaderCheck) {
            if (s.morale_chips[rules::idx(side_)] <= kRallyReserve) return std::nullopt;
            const auto rallyable = [&](Square from) {
                int n = 0;
                for (std::size_t i = 0; i < s.unit_count; ++i) {
                    const Unit& u = s.units[i];
                    if (u.side != side_ || !u.on_table() || u.status == UnitStatus::Ok || u.rallied) continue;
                    if (core::dist2(from, u.square) <= ctx_->rs().rally_range_half) ++n;
                }
                return n;
            };
            const int now = rallyable(l.square);
            std::optional<Command> pick;
            Score best{};
            for (const Command& c : legal_) {
                const auto* m = std::get_if<rules::MoveLeader>(&c);
                if (!m || m->attach) continue;
                const int n = rallyable(m->to);
                const int safe = enemy_distance(s, side_, m->to);
                if (n <= now || safe <= 4) continue;
                const Score sc{-n, -safe, 0, 0};
                if (!pick || sc < best) {
                    best = sc;
                    pick = c;
                }
            }
            return pick;
        }
        const bool alone = !own_at(l.square).has_value();
        if (!alone || safe_now > kLeaderDangerHalf) return std::nullopt;
        std::optional<Command> pick;
        int best = safe_now;
        for (const Command& c : legal_) {
            const auto* m = std::get_if<rules::MoveLeader>(&c);
            if (!m || m->attach || !own_at(m->to)) continue;
            const int safe = enemy_distance(s, side_, m->to);
            if (safe > best) {
                best = safe;
                pick = c;
            }
        }
        return pick;
    }

    // --- the other side's phase -------------------------------------------------------------------
    std::optional<Command> react() {
        roll_for_card();
        const GameState& s = *s_;
        const std::size_t mover = s.move.unit;
        const bool moving = s.move.active && mover != rules::kNone;
        if (s.react_window == rules::ReactWindow::Evade) {
            // The mover entered one of our evaders: evade if its orders are to fall back.
            if (moving) {
                const auto ui = own_at(s.units[mover].square);
                if (ui && !bold(action_of(*ui).order)) {
                    if (auto c = first_of<rules::Evade>()) return c;
                }
            }
            return first_of<rules::Decline>();
        }
        if (s.react_window == rules::ReactWindow::Step && moving) {
            // An opportunity charge by a unit told to charge, into a unit worth it; a French
            // Knights charge that must be made (no decline listed) is made.
            const bool must = !first_of<rules::Decline>().has_value();
            for (const Command& c : legal_) {
                const auto* ch = std::get_if<rules::Charge>(&c);
                if (!ch) continue;
                const auto ui = own_at(ch->from);
                if (!ui) continue;
                const Action a = action_of(*ui);
                if (must || (a.charge && worth_contact(s.units[*ui], s.units[mover], ch->from))) return c;
            }
            if (auto c = best_shot(s.units[mover].square)) return c;
            return first_of<rules::Decline>();
        }
        if (auto c = best_shot(std::nullopt)) return c;
        return first_of<rules::Decline>();
    }

    std::optional<Command> chip() const {
        const GameState& s = *s_;
        if (s.chip_target == rules::kNone || s.morale_chips[rules::idx(side_)] <= 0) return first_of<rules::Decline>();
        const Unit& t = s.units[s.chip_target];
        const double p = rules::odds::chip_succeeds(rules::test_roll(s, s.chip_target).final).approx();
        const bool worth = t.status == UnitStatus::Disordered ? p >= kChipRoutChance : p >= kChipChance;
        return worth ? Command{rules::ChipUnit{}} : Command{rules::Decline{}};
    }

    std::optional<Command> follow_up() {
        const std::size_t w = s_->choice_unit;
        if (w == rules::kNone) return Command{rules::Stay{}};
        const Order o = action_of(w).order;
        return (o == Order::Advance || o == Order::Continue) ? Command{rules::Follow{}} : Command{rules::Stay{}};
    }

    /// A leader escaping: to a square with one of our units if he can, else as far from the
    /// enemy as he can.
    std::optional<Command> escape() const {
        std::optional<Command> pick;
        Score best{};
        for (const Command& c : legal_) {
            const auto* e = std::get_if<rules::Escape>(&c);
            if (!e) continue;
            const Score sc{own_at(e->to) ? 0 : 1, -enemy_distance(*s_, side_, e->to), 0, 0};
            if (!pick || sc < best) {
                best = sc;
                pick = c;
            }
        }
        return pick ? pick : first_of<rules::Decline>();
    }

    std::unique_ptr<core::Dice> stream_;
    std::uint64_t evaluated_ = 0;
    CardKey key_{};
    std::array<int, rules::kMaxUnits> d6_{};
    // Valid during one choose().
    std::vector<Command> legal_;
    const RulesContext* ctx_ = nullptr;
    const GameState* s_ = nullptr;
    Side side_ = Side::A;
};

}  // namespace

std::unique_ptr<Player> make_easy_player(std::unique_ptr<core::Dice> stream) {
    return std::make_unique<EasyPlayer>(std::move(stream));
}

}  // namespace easy

std::unique_ptr<Player> make_easy(std::uint64_t seed) {
    return easy::make_easy_player(std::make_unique<core::SeededDice>(seed));
}

}  // namespace tercio::ai
