#pragma once
/// The `normal` level's judgement, shared with `hard`: a static evaluation of a position from one
/// side, and a score for every legal command (its expected effect on that evaluation, from the
/// rules' exact odds, minus what it spends). Pure: reads states, rolls nothing.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ai/search.hpp"
#include "rules/game.hpp"
#include "rules/preview.hpp"

namespace tercio::ai {

using Scored = ScoredOf<rules::Command>;

/// The weights of normal's judgement: victory points are the currency (an OK stand is worth 2).
namespace weights {
inline constexpr double kOkStand = 2.0;
inline constexpr double kDisorderedStand = 1.3;  ///< 1 point, and it may rally
inline constexpr double kRoutedStand = 0.4;      ///< no points, but it may rally
inline constexpr double kChip = 0.12;            ///< a morale chip in reserve (rallies, chipping)
inline constexpr int kChipsThatCount = 12;
inline constexpr double kLeader = 2.0;
inline constexpr double kThreat = 0.25;      ///< threats are chances, not results
inline constexpr double kMeleeThreat = 0.5;  ///< a melee also needs a card or a charge
inline constexpr double kApproach = 0.02;    ///< per square nearer the nearest enemy
/// Per 45-degree step a shooter would have to turn to bring an enemy in its range into its arc,
/// when none is: more than a cannon's turn costs (3 pips), so that it turns toward the fight.
inline constexpr double kFacing = 0.08;
}  // namespace weights

/// The terms of Scorer::evaluate, each mine less the enemy's.
struct EvalTerms {
    /// Stands on the table by status, a hit counting as its part of a stand.
    double ok_stands = 0;
    double disordered_stands = 0;
    double routed_stands = 0;
    double leader = 0;  ///< 1 for a living leader
    double chips = 0;   ///< morale chips in reserve, up to kChipsThatCount a side
    /// What every unit's shots and melees could do to the enemy now, less what the enemy's could
    /// do to it (each pair counted from both ends), in victory points.
    double shot_threats = 0;
    double melee_threats = 0;
    /// minus half the squared distance to the nearest enemy, per unit (not Routed)
    double nearness = 0;
    /// minus the steps shooters would turn to bring an enemy in range into arc, when none is
    double facing = 0;
};

/// How much each term of EvalTerms counts in an evaluation.
struct EvalWeights {
    double ok_stand = weights::kOkStand;
    double disordered_stand = weights::kDisorderedStand;
    double routed_stand = weights::kRoutedStand;
    double leader = weights::kLeader;
    double chip = weights::kChip;
    double shot_threat = weights::kThreat;
    double melee_threat = weights::kThreat * weights::kMeleeThreat;
    double nearness = weights::kApproach;
    double facing = weights::kFacing;
    /// sum of weight times term
    double apply(const EvalTerms& t) const;
};

class Scorer {
public:
    explicit Scorer(const rules::RulesContext& ctx);

    /// Every legal command of the deciding side of `s` except a concession, with its score: the
    /// change it is expected to bring to evaluate() for that side, less the pips, chips and
    /// loaded shots it spends. In the order rules::legal_commands gives them.
    std::vector<Scored> score_all(const rules::GameState& s);
    /// The first of score_all's highest-scored commands (normal's choice without noise), without
    /// keeping the others; nothing when score_all would be empty. Counts as score_all does.
    std::optional<rules::Command> best(const rules::GameState& s);

    /// How good `s` is for `me`, in victory points' currency: what each side's units would be
    /// worth at the end (stands by status, hits counted as part of a stand), the leader, morale
    /// chips in reserve, and what each side threatens now (shots in range and arc with the exact
    /// odds, melees within reach with flank and rear counted).
    double evaluate(const rules::GameState& s, rules::Side me) const {
        return EvalWeights{}.apply(terms(s, me));
    }
    /// The terms evaluate() weighs, for `me`.
    EvalTerms terms(const rules::GameState& s, rules::Side me) const;

    /// Commands scored so far (the bench's measure of work).
    std::uint64_t evaluated() const { return evaluated_; }

private:
    /// One winner's results on the loser, weighted by their chances (so they include the chance
    /// of winning at all).
    struct LoserResults {
        double hits = 0;
        double disorder = 0;
        double rout = 0;
        /// Chances of a result that opens a chip window (PS-MELEE-22): with the loser Disordered
        /// by it, and with its status left as it was.
        double chip_disordered = 0;
        double chip_unchanged = 0;
    };
    struct MeleeSummary {
        LoserResults defender;   ///< when the initiator wins
        LoserResults initiator;  ///< when the defender wins
    };
    static constexpr int kFlagCombos = 16;
    const MeleeSummary& melee_summary(core::DieType a, core::DieType d, unsigned flags) const;
    double loss(const rules::GameState& s, std::size_t u, const LoserResults& r) const;
    double unit_worth(const rules::GameState& s, std::size_t u) const;
    double hit_value(const rules::GameState& s, std::size_t u) const;
    double status_loss(const rules::GameState& s, std::size_t u, rules::Status st) const;
    /// What a chip window against unit u, left with status `after` by the result that opened it,
    /// is worth to the chipper (PS-CHIP-9, PS-CHIP-10): the chip's odds times the step it buys,
    /// less the chip spent, if the chipper has one and the chip pays; else 0.
    double chip_window_value(const rules::GameState& s, std::size_t u,
                             rules::UnitStatus after) const;
    /// chip_window_value for a result that leaves u with status `st` (None: as it was).
    double chip_after(const rules::GameState& s, std::size_t u, rules::Status st) const;
    double shot_threat(const rules::GameState& s, std::size_t shooter, std::size_t target) const;
    /// The melee threat of attacker on defender. Moves the attacker in `s` to set the melee up and
    /// puts it back before returning, so `s` ends as it began (and is never copied).
    double melee_threat(rules::GameState& s, std::size_t attacker, std::size_t defender) const;
    /// What unit u adds to its side's position: its threats against enemies less theirs against
    /// it, and how near it is to the fight. Leaves `s` as it found it (see melee_threat).
    double unit_terms(rules::GameState& s, std::size_t u) const;
    /// unit_terms in parts: its shot and melee threats (each its own less the enemy's), its
    /// nearness and its facing terms.
    struct UnitParts {
        double shots = 0;
        double melees = 0;
        double nearness = 0;
        double facing = 0;  ///< minus the steps to turn to an enemy in range, if none is in arc
    };
    UnitParts unit_parts(rules::GameState& s, std::size_t u) const;
    /// What unit u standing on one square threatens and meets there whatever way it faces: its
    /// nearness, and per enemy within reach (in the units' order) its melee on it, its shot at it
    /// but for the arc, and whether the enemy could shoot it but for the roll (which u's facing
    /// changes: a shot from its flank). Worked out once per square and score_all for terms_at's
    /// facings there; parts_facing adds what the facing changes, in unit_parts' order, so that
    /// the sums are unit_parts' to the last bit.
    struct SquareParts {
        struct Pair {
            std::uint8_t enemy = 0;
            bool shoots_out = false;  ///< u could shoot it, if it is in u's arc
            bool shot_at = false;     ///< it could shoot u
            double shot_out = 0;      ///< shot_threat(u, enemy) when it is in u's arc
            double melee_out = 0;     ///< melee_threat(u, enemy)
            /// The square the enemy would enter u's from (as melee_threat sets its melee up).
            rules::Square entry{};
            /// u's facing changes the enemy's shot at it and melee on it only by whether they
            /// come from u's flank or rear: each is worked out once for each answer ([1]: flank
            /// or rear), when a facing first asks.
            std::array<double, 2> shot_in{};
            std::array<double, 2> melee_in{};
            std::array<bool, 2> shot_in_known{};
            std::array<bool, 2> melee_in_known{};
        };
        std::array<Pair, rules::kMaxUnits> pairs{};
        std::size_t pair_count = 0;
        /// Enemies not Routed within u's range (the facing term's), in the units' order.
        std::array<std::uint8_t, rules::kMaxUnits> in_range{};
        std::size_t in_range_count = 0;
        int nearest = 1 << 20;
        double hit_value = 0;  ///< of u
    };
    /// SquareParts for unit u where it stands in scratch_.
    void square_parts(SquareParts& sp, std::size_t u) const;
    /// unit_parts of unit u where it stands and faces in scratch_, from its square's parts.
    UnitParts parts_facing(SquareParts& sp, std::size_t u) const;
    static constexpr std::size_t kSquareSlots = 64;
    std::vector<SquareParts> square_parts_ = std::vector<SquareParts>(kSquareSlots);
    /// Per slot: (generation_, unit, square index) of the parts it holds.
    std::vector<std::uint64_t> square_stamp_ = std::vector<std::uint64_t>(kSquareSlots, 0);
    /// unit_terms of unit u in the position being scored (scratch_), computed once per score_all.
    double terms_now(std::size_t u);
    /// unit_terms of unit u in the position being scored, were `change` made to it (it is made in
    /// scratch_ and undone).
    template <typename Change>
    double terms_if(std::size_t u, Change change);
    /// terms_if for unit u moved to `to` and facing `facing`, worked out once per score_all.
    double terms_at(std::size_t u, rules::Square to, rules::Facing facing);
    double score_one(const rules::GameState& s, const rules::Command& c, rules::Side me);
    /// Makes `s` the position being scored (scratch_ and the tables of one score_all).
    void begin_scoring(const rules::GameState& s, rules::Side me);
    /// The deciding side's unit at `sq` in the position being scored (rules::unit_at's answer).
    std::optional<std::size_t> own_unit_at(const rules::GameState& s, rules::Square sq) const;
    /// The last command's preview, kept in the Scorer: a Preview is large, and making an empty
    /// one for every command scored (most never preview) cost a tenth of hard's time.
    std::variant<rules::Preview, std::string> preview_;
    /// own_unit_at's table for the score_all under way: unit index + 1 by square, 0 for none.
    std::array<std::uint8_t, rules::kMaxSquares> own_at_{};
    double card_turn_value(const rules::GameState& s, rules::Side me) const;

    const rules::RulesContext& ctx_;
    std::array<double, core::kLadderSize> shot_hits_{};  ///< expected hits of a first shot, by final die
    std::array<double, core::kLadderSize>
        chip_odds_{};  ///< a chip's chance, by the target's final die
    mutable std::array<MeleeSummary, core::kLadderSize * core::kLadderSize * kFlagCombos> melee_{};
    mutable std::array<bool, core::kLadderSize * core::kLadderSize * kFlagCombos> melee_done_{};
    std::uint64_t evaluated_ = 0;
    /// A copy of the position being scored or evaluated, changed and put back while scoring so
    /// that no command needs a copy of its own. score_all and evaluate both overwrite it, so
    /// neither may call the other (one Scorer serves one player on one thread).
    mutable rules::GameState scratch_;
    std::vector<double> terms_now_;  ///< per unit, NaN until terms_now() works it out
    /// terms_at's results by square and facing, each stamped with the score_all (generation_)
    /// and the unit it is for.
    std::uint64_t generation_ = 0;
    struct AtSlot {
        std::uint64_t stamp = 0;
        double value = 0;
    };
    std::vector<AtSlot> at_ = std::vector<AtSlot>(rules::kMaxSquares * core::kFacings);
    /// melee_threat's results, kept for the life of the Scorer (a game, and a search's every
    /// play-out): a direct-mapped table keyed by everything melee_threat reads of the two units
    /// and of the state (MeleeKey). The terrain it also reads is the same for a whole game; the
    /// table is emptied when it is not (same_terrain). Exact: a hit gives the very number the
    /// working out would, so the games are the same with it as without.
    using MeleeKey = std::array<std::uint64_t, 4>;
    struct MeleeMemo {
        MeleeKey key{};  ///< all zero: empty
        double value = 0;
    };
    static constexpr std::size_t kMeleeMemoSize = std::size_t{1} << 14;
    MeleeKey melee_key(const rules::GameState& s, std::size_t a, std::size_t d) const;
    /// Empties the melee table when `s`'s terrain is not the one its entries were worked out on.
    void same_terrain(const rules::GameState& s) const;
    mutable std::vector<MeleeMemo> melee_memo_ = std::vector<MeleeMemo>(kMeleeMemoSize);
    mutable std::array<std::uint8_t, rules::kMaxSquares> memo_terrain_{};
    mutable std::array<rules::TerrainPiece, rules::kMaxTerrainPieces> memo_pieces_{};
    mutable std::uint8_t memo_files_ = 0, memo_ranks_ = 0;
    /// Whether the deciding side's leader is in range of enemy weapons, for the score_all of
    /// leader_danger_generation_.
    std::uint64_t leader_danger_generation_ = ~std::uint64_t{0};
    bool leader_in_danger_ = false;
};

}  // namespace tercio::ai
